"""Where a value comes from, where the player looks: the module's records that were
reconstructed (the rulebook omits the map, the counter values and the charts) carry
``reconstructed=True`` and a ``basis``; the client marks them discreetly (a small
corner dot on counters, ``†`` on charts, "reconstructed" in the hex readout) and
gives the basis in the tooltip."""

from __future__ import annotations

from darkdec_qt.moduleview import Module, UnitSpec

MARK = "†"


def has_reconstructed(module: Module) -> bool:
    """Whether any map hex, counter or chart of the module is reconstructed."""
    ch = module.charts
    return (ch.reconstructed or ch.crt.reconstructed or any(t.reconstructed for t in ch.tec.values())
            or any(h.reconstructed for h in module.hexes.values())
            or any(u.reconstructed for u in module.units.values()))


def reconstructed_parts(module: Module) -> list[str]:
    """Which kinds of data are reconstructed: 'map', 'counters', 'charts'."""
    ch = module.charts
    parts = []
    if any(h.reconstructed for h in module.hexes.values()):
        parts.append("map")
    if any(u.reconstructed for u in module.units.values()):
        parts.append("counters")
    if ch.reconstructed or ch.crt.reconstructed or any(t.reconstructed for t in ch.tec.values()):
        parts.append("charts")
    return parts


def notice(module: Module) -> str:
    """One line for the status bar ("" for a module of printed values only)."""
    parts = reconstructed_parts(module)
    if not parts:
        return ""
    what = ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1]
    return f"{MARK} reconstructed {what}"


def basis_tip(reconstructed: bool, basis: str, what: str = "") -> str:
    """A tooltip line: 'Reconstructed (not the printed value): basis' or ''."""
    if not reconstructed:
        return f"{what}printed value" + (f": {basis}" if basis else "") if what else ""
    return f"{what}reconstructed, not the printed value" + (f" — basis: {basis}" if basis else "")


def unit_tip(spec: UnitSpec) -> str:
    head = f"{spec.id} ({spec.nationality} {spec.type.replace('_', ' ')})"
    tip = basis_tip(spec.reconstructed, spec.basis, "Counter values: ")
    return f"{head}\n{tip}" if tip else head


def hex_tip(module: Module, hex_id: str) -> str:
    hx = module.hexes.get(hex_id)
    if hx is None:
        return ""
    return basis_tip(hx.reconstructed, hx.basis, f"Terrain of {hex_id}: ")

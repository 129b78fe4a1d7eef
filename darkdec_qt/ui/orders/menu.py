"""The Orders menu, the context menu of a hex and the keyboard shortcuts for every
order besides moving and fighting. The legal orders come from ``orders`` (which asks
the engine); an order that is not legal is still tried on request, so the player sees
the engine's reason with its rule number."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QInputDialog, QMenu

from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.commands import Command
from darkdec_qt.rules.opening import initial
from darkdec_qt.ui.orders import legal as od

# key, menu text, shortcut
UNIT_KEYS: tuple[tuple[str, str, str], ...] = (
    ("strategic", "&Strategic movement on/off", "S"),
    ("reserve", "&Reserve on/off", "R"),
    ("blow_bridge", "Blow a bri&dge…", "D"),
    ("build_bridge", "Build a bridge and &cross…", "Shift+B"),
    ("build_fortification", "Build a for&tification", "T"),
    ("exit", "E&xit the map", "X"),
    ("hold_off", "&Hold off the map", "H"),
    ("withdraw", "&Withdraw", "W"),
    ("release_restricted", "Re&lease restricted unit", "L"),
    ("refit", "Re&fit (replacement)", "Shift+R"),
)
SIDE_KEYS: tuple[tuple[str, str, str], ...] = (
    ("paradrop", "&Paradrop…", "P"),
    ("air_attack", "&Air attack…", "A"),
    ("interdict", "&Interdiction…", "I"),
    ("fuel", "Fuel depletion choice…", "Ctrl+Shift+F"),
    ("vc", "Victory conditions (26.20)…", "Ctrl+Shift+V"),
    ("variants", "Variant declarations (26.11, 26.13)…", "Ctrl+Shift+D"),
    ("setup", "Set up the remaining units automatically…", "Ctrl+Shift+A"),
)
Chooser = Callable[[str, list[od.Order]], "od.Order | None"]


def dialog_chooser(parent) -> Chooser:  # noqa: ANN001
    def choose(title: str, options: list[od.Order]) -> od.Order | None:
        labels = [o.label for o in options]
        text, ok = QInputDialog.getItem(parent, title, title, labels, 0, False)
        return options[labels.index(text)] if ok and text in labels else None

    return choose


class Actions(QObject):
    """Installed on the client window by ``panels.install_panels``."""

    def __init__(self, win) -> None:  # noqa: ANN001 (Client)
        super().__init__(win)
        self.win = win
        self.c = win.controller
        self.chooser: Chooser = dialog_chooser(win)
        win.menus["&Orders"] = menu = win.menuBar().addMenu("&Orders")
        win.menuBar().insertMenu(win.menus["&View"].menuAction(), menu)
        for key, text, sc in UNIT_KEYS:
            win.add_action("&Orders", key, text, partial(self.unit_order, key), sc)
        menu.addSeparator()
        for key, text, sc in SIDE_KEYS:
            win.add_action("&Orders", key, text, partial(self.side_order, key), sc)
        win.build_context_menu = self.context_menu

    # --- running ------------------------------------------------------------------
    def run(self, order: od.Order) -> bool:
        if order.command is not None:
            return self.c.execute(order.command)
        self.win.input.pick(order.targets, order.prompt)
        return True

    def refuse(self, command: Command) -> bool:
        """Try an illegal command so that the engine's reason is shown."""
        return self.c.execute(command)

    def _selected(self) -> tuple[str, ...]:
        units = self.win.input.selected
        if not units:
            self.c.message.emit("Select a unit on the map first (click it)", True)
        return units

    def unit_order(self, key: str) -> bool:
        units = self._selected()
        if not units:
            return False
        s = self.c.state
        u = units[0]
        if key == "strategic":
            key = "leave_strategic" if u in s.strategic else "enter_strategic"
        elif key == "reserve":
            key = "leave_reserve" if u in s.reserve else "enter_reserve"
        found = next((o for o in od.unit_orders(s, units) if o.key == key), None)
        if found is not None:
            return self.run(found)
        h = s.pos.get(u, "")
        if key in ("blow_bridge", "build_bridge"):
            ns = od._neighbours(s, h)
            reasons = [od.why(s, cm.BlowBridge(unit=u, a=h, b=n) if key == "blow_bridge" else
                              cm.Move(units=units, path=(h, n), build_bridge=True)) for n in ns]
            bridged = [r for r in reasons if r and "no bridge" not in r and "river" not in r]
            text = (bridged or [r for r in reasons if r] or ["no hexside allows it"])[0]
            self.c.last_refusal = text
            self.c.message.emit(text, True)
            return False
        make = {k: f for k, _l, f in od.UNIT_TOGGLES}[key]
        return self.refuse(make(u))

    def side_order(self, key: str) -> bool:
        s = self.c.state
        if key == "paradrop":
            t = od.paradrop_targets(s)
            if t:
                self.win.input.pick(t, "Click a highlighted hex to drop von der Heydte (19.2)")
                return True
            u = initial.paradrop_unit(s) or "von der Heydte"
            return self.refuse(cm.Paradrop(unit=u, hex=s.pos.get(u, "0101")))
        if key in ("air_attack", "interdict"):
            t = od.air_targets(s, key)
            if t:
                what = "an enemy stack to attack from the air" if key == "air_attack" else "a road hex to interdict"
                self.win.input.pick(t, f"Click {what} (20.4)")
                return True
            self.c.message.emit(f"No {'air attack' if key == 'air_attack' else 'interdiction'} is possible now "
                                "(20.4: no mission left, or no target)", True)
            return False
        options = {"fuel": od.fuel_orders, "vc": od.vc_orders}.get(key)
        opts = options(s) if options else [o for o in od.side_orders(s) if self._is_kind(o, key)]
        if not opts:
            self.c.message.emit(self._none_reason(key), True)
            return False
        choice = self.chooser(self._title(key), opts)
        return self.run(choice) if choice is not None else False

    @staticmethod
    def _is_kind(o: od.Order, key: str) -> bool:
        return (key == "variants" and o.key in ("air_contention", "montgomery")) or \
            (key == "setup" and o.key in ("auto_setup", "start"))

    @staticmethod
    def _title(key: str) -> str:
        return {"fuel": "Fuel depletion (8.7)", "vc": "German victory conditions (26.20A, secret)",
                "variants": "Variant declarations", "setup": "Set-up (6.0H)"}[key]

    def _none_reason(self, key: str) -> str:
        s = self.c.state
        if key == "fuel":
            return "No fuel depletion to choose now (8.7.1)"
        if key == "vc":
            return od.why(s, od.variants.ChooseVictoryConditions(choice="historical")) or "No choice now (26.20A)"
        if key == "variants":
            return (od.why(s, od.variants.DeclareAirContention()) or "") + " / " + \
                (od.why(s, od.variants.DeclareWithdrawal()) or "")
        return "The set-up is complete (6.0H)"

    # --- the context menu ----------------------------------------------------------
    def context_menu(self, h: str) -> QMenu:
        win, s = self.win, self.c.state
        menu = QMenu(win)
        if not self.c.is_live():
            menu.addAction("Back to the live game", self.c.show_live)
            return menu
        own = win.input.own_units_at(h)
        if own:
            units = win.input.selected if win.input.sel_hex == h else tuple(own)
            menu.addSection(", ".join(units))
            for o in od.unit_orders(s, units):
                menu.addAction(o.label, partial(self.run, o))
            menu.addAction("Select the stack", partial(win.input.select, tuple(own)))
            if len(own) > 1:
                sub = menu.addMenu("Select one unit")
                for u in own:
                    sub.addAction(u, partial(win.input.select, (u,)))
        if hasattr(win, "setup_panel") and s.to_place:
            win.setup_panel.add_context(menu, h)
        for o in od.hex_orders(s, h):
            menu.addAction(o.label, partial(self.run, o))
        if (t := win.input.targets) and h in t:
            menu.addAction(f"Do it here: {t[h].kind.replace('_', ' ')}", partial(win.input._click_target, h))
        for o in od.side_orders(s):
            if o.targets and h in o.targets:
                menu.addAction(f"{o.label.rstrip('…')} here ({h})", partial(self.c.execute, o.targets[h]))
        if hasattr(win, "ob_panel") and s.units_at(h):
            menu.addSeparator()
            menu.addAction("Show in the order of battle", partial(win.ob_panel.show_hex, h))
        return menu

"""The client's modules import one way: no module of ``darkdec_qt.ui`` reaches itself
through its imports (local imports inside functions included), so each room can be read,
tested and reused (the editor reuses the map) without the rest of the client."""

from __future__ import annotations

import grimp


def _cycles(package: str) -> list[list[str]]:
    graph = grimp.build_graph("darkdec_qt")
    mods = {m for m in graph.modules if m == package or m.startswith(package + ".")}
    edges = {m: graph.find_modules_directly_imported_by(m) & mods for m in mods}
    found, state = [], dict.fromkeys(mods, 0)  # 0 new, 1 on the path, 2 done

    def visit(m: str, path: list[str]) -> None:
        state[m] = 1
        for n in sorted(edges[m]):
            if state[n] == 1:
                found.append(path[path.index(n):] + [m, n] if n in path else [m, n])
            elif state[n] == 0:
                visit(n, path + [m])
        state[m] = 2

    for m in sorted(mods):
        if state[m] == 0:
            visit(m, [])
    return found


def test_the_client_has_no_import_cycle() -> None:
    assert _cycles("darkdec_qt.ui") == []

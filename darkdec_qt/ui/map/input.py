"""What mouse clicks on the map mean: select a unit or stack and move it along the
engine's legal paths (by clicks, or by dragging the counters onto a hex); pick a hex
for a pending command (reinforcement entry, paradrop, retreat, advance...); in Battle
mode choose attackers and defenders.

Every answer comes from the engine (``movement.legal_destinations``,
``movement.why_illegal``, ``legal_commands``); this module only routes clicks.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QPoint, Qt, Signal

from darkdec_qt.rules.core.commands import Command, Move
from darkdec_qt.rules.core.phases import MOVING_PHASES
from darkdec_qt.rules.movement import move as movement
from darkdec_qt.ui.controller import GameController
from darkdec_qt.ui.map.overlays import OutlineItem
from darkdec_qt.ui.map.scene import MapScene
from darkdec_qt.ui.map.view import MapView

SELECTED = "#1a3fd0"
ATTACKER = "#c01010"
DEFENDER = "#101010"


class MapInput(QObject):
    """Routes map clicks to selections, moves and picks."""

    selectionChanged = Signal()  # noqa: N815
    contextRequested = Signal(str, QPoint)  # noqa: N815  hex, global position
    battleHexClicked = Signal(str)  # noqa: N815

    def __init__(self, controller: GameController, scene: MapScene, view: MapView,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.scene = scene
        self.view = view
        self.selected: tuple[str, ...] = ()
        self.sel_hex = ""
        self.dests: dict[str, tuple[int, tuple[str, ...]]] = {}
        self.targets: dict[str, Command] = {}
        self.target_paths: dict[str, tuple[str, ...]] = {}
        self.pick_prompt = ""
        self.on_pick_done: Callable[[], None] | None = None
        self.battle_mode = False
        self.outline = OutlineItem(scene)
        scene.addItem(self.outline)
        self.extra_outlines: dict[str, str] = {}
        self.preview: tuple[str, ...] = ()  # a path drawn for a panel's selected choice (set_preview)
        scene.hexClicked.connect(self.on_click)
        scene.hexHovered.connect(self.on_hover)
        controller.changed.connect(self._revalidate)
        controller.shownChanged.connect(self._on_shown)
        view.counter_drag_source = self.drag_source
        view.counter_drop = self.drop
        view.counterDragStarted.connect(self.drag_started)

    # --- selection ------------------------------------------------------------------
    def own_units_at(self, h: str) -> list[str]:
        s = self.controller.state
        side = self.controller.acting()
        return [u for u in s.units_at(h) if s.side_of(u) == side]

    def select(self, units: tuple[str, ...]) -> None:
        self.clear_pick()
        s = self.controller.state
        self.selected = tuple(units)
        self.sel_hex = s.pos[units[0]] if units and units[0] in s.pos else ""
        self.dests = {}
        if units and s.phase in MOVING_PHASES:
            strategic = all(u in s.strategic for u in self.selected)  # 10.4: strategic costs
            self.dests = movement.legal_destinations(s, self.selected, strategic=strategic or None)
        self._show()
        names = ", ".join(self.selected)
        if units and not self.dests:
            why = movement.why_illegal(s, self.selected, self.sel_hex) if s.phase in MOVING_PHASES else None
            self.controller.message.emit(f"Selected {names}: no legal destination"
                                         + (f" — {why}" if why else f" in the {s.phase.value} phase"), False)
        elif units:
            self.controller.message.emit(f"Selected {names}: {len(self.dests)} legal destinations", False)
        self.selectionChanged.emit()

    def clear_selection(self) -> None:
        self.selected, self.sel_hex, self.dests = (), "", {}
        self._show()
        self.selectionChanged.emit()

    def _show(self) -> None:
        if self.targets:
            self.scene.set_highlight({h: 0.85 for h in self.targets})
        elif self.dests:
            hi = max(t for t, _ in self.dests.values()) or 1
            self.scene.set_highlight({h: t / hi for h, (t, _) in self.dests.items()})
        else:
            self.scene.set_highlight(None)
        self.scene.set_path(self.preview or None)
        outl = dict(self.extra_outlines)
        if self.sel_hex:
            outl[self.sel_hex] = SELECTED
        self.outline.set_hexes(outl)

    def set_preview(self, path) -> None:  # noqa: ANN001 (hex ids, or None)
        """The path of a choice selected in a panel (a retreat, an advance): drawn until
        another is selected, also while the pointer crosses hexes that draw no path."""
        self.preview = tuple(path or ())
        self.scene.set_path(self.preview or None)

    def set_outlines(self, hexes: dict[str, str]) -> None:
        self.extra_outlines = dict(hexes)
        self._show()

    def _revalidate(self) -> None:
        """After a command the engine's answers may change: ask again."""
        s = self.controller.state
        still = tuple(u for u in self.selected if u in s.pos and s.pos[u] == s.pos.get(self.selected[0]))
        if still and self.controller.acting() == s.side_of(still[0]):
            self.select(still)
        else:
            self.clear_selection()

    def _on_shown(self) -> None:
        if not self.controller.is_live():
            self.scene.set_highlight(None)
            self.scene.set_path(None)
            self.outline.set_hexes({})
        else:
            self._show()

    # --- picking a hex for a command -----------------------------------------------
    def pick(self, targets: dict[str, Command], prompt: str, paths: dict[str, tuple[str, ...]] | None = None,
             done: Callable[[], None] | None = None) -> None:
        """Highlight ``targets``; a click on one executes its command."""
        self.selected, self.sel_hex, self.dests = (), "", {}
        self.targets = dict(targets)
        self.target_paths = dict(paths or {})
        self.pick_prompt = prompt
        self.on_pick_done = done
        self._show()
        self.controller.message.emit(prompt + " (Esc cancels)", False)

    def clear_pick(self) -> None:
        if self.targets:
            self.targets, self.target_paths, self.pick_prompt = {}, {}, ""
            self.on_pick_done = None
            self._show()

    def cancel(self) -> None:
        self.clear_pick()
        self.clear_selection()

    # --- mouse ----------------------------------------------------------------------
    def on_hover(self, h: str) -> None:
        if self.targets:
            self.scene.set_path(self.target_paths.get(h))
        elif h in self.dests:
            self.scene.set_path(self.dests[h][1])
        else:
            self.scene.set_path(self.preview or None)

    def on_click(self, h: str, button: Qt.MouseButton) -> None:
        c = self.controller
        if button == Qt.MouseButton.RightButton:
            c_pos = self.view.viewport().mapToGlobal(self.view.mapFromScene(self.scene.hex_center(h)))
            self.contextRequested.emit(h, c_pos)
            return
        if button != Qt.MouseButton.LeftButton:
            return
        if not c.is_live():
            c.message.emit("Viewing the past: the map cannot be changed (End returns to the live game)", True)
            return
        if self.targets:
            self._click_target(h)
            return
        if self.battle_mode:
            self.battleHexClicked.emit(h)
            return
        if self.selected and h in self.dests:
            self.move_to(h)
            return
        own = self.own_units_at(h)
        if own:
            if self.selected and h == self.sel_hex:
                self.select(self._cycle(own))
            else:
                self.select(tuple(own))
            return
        if self.selected:
            s = c.state
            why = movement.why_illegal(s, self.selected, h) if s.phase in MOVING_PHASES else \
                f"units move only in the Movement, Reaction and Exploitation Phases (7.1), not the {s.phase.value} phase"
            c.last_refusal = why or f"{self.selected[0]} cannot move to {h}"
            c.message.emit(c.last_refusal, True)
            return
        self.clear_selection()

    def _cycle(self, own: list[str]) -> tuple[str, ...]:
        """Clicking the selected hex again: the whole stack, then each unit alone."""
        options = [tuple(own)] + [(u,) for u in own] if len(own) > 1 else [tuple(own)]
        try:
            i = options.index(self.selected)
        except ValueError:
            i = -1
        return options[(i + 1) % len(options)]

    def _click_target(self, h: str) -> None:
        cmd = self.targets.get(h)
        if cmd is None:
            self.controller.message.emit(f"{h} is not one of the highlighted hexes: {self.pick_prompt}", True)
            return
        done = self.on_pick_done
        self.clear_pick()
        if self.controller.execute(cmd) and done is not None:
            done()

    def move_to(self, h: str) -> bool:
        """Move the selection to ``h`` along the engine's cheapest path."""
        _, path = self.dests[h]
        units = self.selected
        ok = self.controller.execute(Move(units=units, path=path))
        if ok:
            self.controller.message.emit(f"{', '.join(units)} moved {'-'.join(path)}", False)
        return ok

    # --- drag and drop --------------------------------------------------------------
    def _drag_units(self, h: str) -> tuple[str, ...]:
        """The units a left drag from ``h`` carries: the selection when it is there,
        else the acting side's whole stack; none when the map takes no moves now."""
        s = self.controller.state
        if not self.controller.is_live() or self.targets or self.battle_mode or s.phase not in MOVING_PHASES:
            return ()
        if self.sel_hex == h and self.selected:
            return self.selected
        return tuple(self.own_units_at(h))

    def drag_source(self, h: str) -> list | None:
        """The counters (placements) a drag from ``h`` shows; None: the drag pans."""
        units = self._drag_units(h)
        shown = {p[0].id: p for p in self.scene.units_at(h)}
        return [shown[u] for u in units if u in shown] or None

    def drag_started(self, h: str) -> None:
        """Select the dragged units: their legal destinations are shaded during the drag."""
        units = self._drag_units(h)
        if units and units != self.selected:
            self.select(units)

    def drop(self, from_hex: str, to_hex: str) -> bool:
        """A drop of the dragged units on ``to_hex``: a legal destination moves them
        along the engine's cheapest path (``legal_destinations``); any other hex is
        refused with the engine's reason and rule (``why_illegal``), nothing moves."""
        if not to_hex:
            self.controller.message.emit("Dropped off the map: nothing moved", True)
            return False
        if from_hex != self.sel_hex or not self.selected:
            return False
        if to_hex in self.dests:
            return self.move_to(to_hex)
        s = self.controller.state
        why = movement.why_illegal(s, self.selected, to_hex)
        self.controller.last_refusal = why or f"{', '.join(self.selected)} cannot move to {to_hex}"
        self.controller.message.emit(self.controller.last_refusal, True)
        return False

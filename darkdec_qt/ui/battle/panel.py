"""The battle dock: choose attackers and defenders on the map (Battle mode), see the
engine's totals with every modifier explained, odds, CRT and dice columns, DRMs;
declare, roll, and make the pending choices (results, retreats, losses, advances)
among the legal commands the engine lists (battle_queries)."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListView,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from darkdec_qt.rules import fog as fogofwar
from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.combat import queries as bq
from darkdec_qt.rules.combat import readout as ro
from darkdec_qt.rules.combat.battle_state import BattleState
from darkdec_qt.rules.core.commands import Command
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.events import Event
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.rules.narrate import OPTION_WORDS, TASK_WORDS
from darkdec_qt.ui.battle.obligation import PossibleAttacks
from darkdec_qt.ui.controller import GameController
from darkdec_qt.ui.focus import ClickSpinBox, no_click_focus
from darkdec_qt.ui.help.ruletext import linkify_html
from darkdec_qt.ui.map.input import ATTACKER, DEFENDER, MapInput

CMD = Qt.ItemDataRole.UserRole


def command_words(c: Command, n: int = 0) -> str:
    """A pending choice in words (``n``: the hexes or steps the task asks for)."""
    if isinstance(c, cc.ResolveBattle):
        return "Roll the dice"
    if isinstance(c, cc.DefenderDeclares):
        return "Declare: no voluntary reductions, integrity claimed"
    if isinstance(c, cc.ChooseDefenderResult | cc.ChooseAttackerResult):
        return (f"{c.hex}: {OPTION_WORDS.get(c.option, c.option)}" + (f" — losses {', '.join(c.losses)}" if c.losses else "")
                + (f", {c.leader}'s defense option (15.2A)" if getattr(c, "leader", "") else ""))
    if isinstance(c, cc.ChooseRetreat):
        # shorter than asked without a step for the hexes not retreated (13.6.1B): the engine
        # stopped the infantry after an unbridged river (13.6.2B)
        river = n and len(c.path) - 1 < n and not c.losses
        return (f"Retreat {'-'.join(c.path)}" + (f" — losses {', '.join(c.losses)}" if c.losses else "")
                + (" — ends after crossing the river (13.6.2B); a die for a step loss (13.6.2C)" if river else ""))
    if isinstance(c, cc.ChooseLosses):
        return f"Losses: {', '.join(c.units)}"
    if isinstance(c, cc.ChooseAdvance):
        return f"Advance {c.unit} {'-'.join(c.path)}"
    if isinstance(c, cc.DeclineAdvance):
        return "Do not advance"
    if isinstance(c, cc.Counterattack):
        return f"Counterattack {', '.join(c.hexes)}"
    if isinstance(c, cc.AllOutAssault):
        return f"All out assault ({c.loss} takes the step)"
    if isinstance(c, cc.DeclineAssault):
        return "No all out assault"
    return c.kind.replace("_", " ")


class ChoiceList(QListWidget):
    """The pending choices: Enter (or Return) executes the current row, like "Do it". Each
    row's words wrap to the dock's width; the list asks for the height of its rows (three
    at least, eight at most) instead of Qt's fixed 192 px, because in the dock's scroll area
    preferred heights are what is laid out, and a tall list pushed "Do it" out of sight on
    a 720-pixel screen."""

    chosen = Signal()
    MIN_ROWS, MAX_ROWS = 3, 8

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setResizeMode(QListView.ResizeMode.Adjust)  # rows wrapped again when the dock is resized

    def sizeHint(self) -> QSize:  # noqa: N802
        line = self.fontMetrics().lineSpacing() + 4
        rows = [self.sizeHintForRow(i) for i in range(min(self.count(), self.MAX_ROWS))]
        h = sum(r if r > 0 else line for r in rows) + line * max(0, self.MIN_ROWS - len(rows))
        return QSize(super().sizeHint().width(), h + 2 * self.frameWidth())

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.currentItem() is not None:
            event.accept()
            self.chosen.emit()
            return
        super().keyPressEvent(event)


class ReductionsBox(QGroupBox):
    """13.3.3: voluntary reductions of the terrain level of one's own hexes (0-3 each)."""

    def __init__(self, title: str, on_change, parent: QWidget | None = None) -> None:  # noqa: ANN001
        super().__init__(title, parent)
        self.form = QFormLayout(self)
        self.form.setContentsMargins(6, 2, 6, 2)
        self.spins: dict[str, ClickSpinBox] = {}
        self._on_change = on_change

    def set_hexes(self, hexes: list[str]) -> None:
        if list(self.spins) == hexes:
            return
        old = {h: sp.value() for h, sp in self.spins.items()}
        while self.form.rowCount():
            self.form.removeRow(0)
        self.spins = {}
        for h in hexes:
            sp = ClickSpinBox()
            sp.setRange(0, 3)
            sp.setValue(old.get(h, 0))
            sp.setSuffix(" level(s)")
            sp.valueChanged.connect(lambda _v: self._on_change())
            self.form.addRow(f"reduce {h} by", sp)
            self.spins[h] = sp
        self.setVisible(bool(hexes))

    def values(self) -> tuple[tuple[str, int], ...]:
        return tuple((h, sp.value()) for h, sp in self.spins.items() if sp.value())

    def set_value(self, h: str, n: int) -> None:
        self.spins[h].setValue(n)


class BattlePanel(QWidget):
    def __init__(self, controller: GameController, map_input: MapInput, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.input = map_input
        self.attackers: list[str] = []
        self.defenders: list[str] = []
        self._phase = self._phase_key()  # Battle mode and its choices belong to this phase
        self._fighting = False  # a battle was in progress at the last refresh
        self._ended: tuple[int, object, str] | None = None  # the battle just over: (event, its resolution, view)
        self.mode_button = QPushButton("Battle mode (B)")
        self.mode_button.setCheckable(True)
        self.mode_button.toggled.connect(self.set_mode)
        self.clear_button = QPushButton("Clear")
        self.clear_button.clicked.connect(self.clear)
        self.integrity = QCheckBox("Divisional integrity (13.8A)")
        self.integrity.setToolTip("Claim divisional integrity (13.8A)")
        self.integrity.setChecked(True)
        self.integrity.toggled.connect(self.refresh)
        self.armor = QCheckBox("Armor superiority (13.9.1A)")
        self.armor.setToolTip("Use armor superiority (13.9.1A)")
        self.armor.setChecked(True)
        self.armor.toggled.connect(self.refresh)
        self.att_reductions = ReductionsBox("Your reductions (13.3.3)", self.refresh)
        self.att_reductions.setToolTip("The attacker's voluntary reductions of its hexes' terrain level (13.3.3)")
        self.plan_label = QLabel()
        self.plan_label.setWordWrap(True)
        self.plan_label.setTextFormat(Qt.TextFormat.RichText)
        self.plan_label.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.declare_button = QPushButton("Declare battle")
        self.declare_button.clicked.connect(self.declare)
        self.task_label = QLabel()
        self.task_label.setWordWrap(True)
        self.options = ChoiceList()
        self.options.currentItemChanged.connect(self._preview)
        # the row the player points at, never a signal's argument taken for a row (clicked(bool))
        self.options.itemDoubleClicked.connect(lambda it: self.choose(self.options.row(it)))
        self.options.chosen.connect(lambda: self.choose())
        self.absent_label = QLabel()  # the result options not offered, each with the rule that bars it
        self.absent_label.setWordWrap(True)
        self.absent_label.setTextFormat(Qt.TextFormat.RichText)
        self.absent_label.setVisible(False)
        self.choose_button = QPushButton("Do it")
        self.choose_button.clicked.connect(lambda _checked=False: self.choose())
        self.defender_box = QGroupBox("Defender declares (13.3.3A)")
        self.defender_box.setToolTip("The defender's declaration: voluntary reductions (13.3.3A) and "
                                     "divisional integrity (13.8A)")
        dl = QVBoxLayout(self.defender_box)
        self.def_integrity = QCheckBox("Divisional integrity (13.8A)")
        self.def_integrity.setToolTip("Claim divisional integrity (13.8A)")
        self.def_integrity.setChecked(True)
        self.def_reductions = ReductionsBox("Reductions (13.3.3A)", lambda: None)
        self.def_reductions.setToolTip("Voluntary reductions of the defending hexes' terrain level (13.3.3A)")
        self.def_button = QPushButton("Declare as defender")
        self.def_button.clicked.connect(self.defender_declares)
        dl.addWidget(self.def_integrity)
        dl.addWidget(self.def_reductions)
        dl.addWidget(self.def_button)
        no_click_focus(self.mode_button, self.clear_button, self.integrity, self.armor, self.declare_button,
                       self.choose_button, self.def_integrity, self.def_button)
        top = QHBoxLayout()
        top.addWidget(self.mode_button)
        top.addWidget(self.clear_button)
        lay = QVBoxLayout(self)
        lay.addLayout(top)
        lay.addWidget(self.integrity)
        lay.addWidget(self.armor)
        lay.addWidget(self.att_reductions)
        lay.addWidget(self.plan_label, 1)
        self.possible = PossibleAttacks(controller, self.select_attack)  # after an 18.2B/13.0B refusal
        lay.addWidget(self.possible)
        lay.addWidget(self.declare_button)
        lay.addWidget(self.task_label)
        lay.addWidget(self.defender_box)
        lay.addWidget(self.options, 1)
        lay.addWidget(self.absent_label)
        lay.addWidget(self.choose_button)
        map_input.battleHexClicked.connect(self.hex_clicked)
        controller.changed.connect(self.refresh)
        controller.gameReplaced.connect(self._game_replaced)
        self.refresh()

    # --- choosing on the map -------------------------------------------------------------
    def set_mode(self, on: bool) -> None:
        self.input.cancel()
        self.input.battle_mode = on
        if self.mode_button.isChecked() != on:
            self.mode_button.setChecked(on)
        self.controller.message.emit("Battle mode: click your units' hexes, then the enemy hexes to attack" if on
                                     else "Battle mode off", False)
        self._outline()

    def hex_clicked(self, h: str) -> None:
        s = self.controller.state
        units = s.units_at(h)
        mine = [u for u in units if s.side_of(u) == s.side]
        theirs = [u for u in units if s.side_of(u) != s.side]
        for group, pool in ((self.attackers, mine), (self.defenders, theirs)):
            if pool:
                if all(u in group for u in pool):
                    for u in pool:
                        group.remove(u)
                else:
                    group.extend(u for u in pool if u not in group)
        self.refresh()

    def select_attack(self, cmd: cc.DeclareBattle) -> None:
        """Select an attack the engine offers (Battle mode on, its units outlined)."""
        if not self.input.battle_mode:
            self.set_mode(True)
        self.attackers, self.defenders = list(cmd.attackers), list(cmd.defenders)
        s = self.controller.state
        if cmd.defenders and cmd.defenders[0] in s.pos:
            self.input.view.center_on_hex(s.pos[cmd.defenders[0]])
        self.refresh()

    def clear(self) -> None:
        self.attackers, self.defenders = [], []
        self.refresh()

    def _outline(self) -> None:
        s = self.controller.state
        out = {s.pos[u]: ATTACKER for u in self.attackers if u in s.pos}
        out.update({s.pos[u]: DEFENDER for u in self.defenders if u in s.pos})
        self.input.set_outlines(out if self.input.battle_mode or s.battle is not None else {})

    def _game_replaced(self) -> None:
        self._phase = (0, "", "")  # another game: nothing chosen carries over
        self._ended = None
        self.refresh()

    def _phase_key(self) -> tuple[int, str, str]:
        s = self.controller.state
        return s.turn, s.side, s.phase.value

    def _end_with_phase(self) -> None:
        """Battle mode and the chosen attackers and defenders belong to one phase of one
        side: when the phase ends, they end (clicks select and move units again)."""
        key = self._phase_key()
        if key == self._phase:
            return
        self._phase = key
        self.attackers, self.defenders = [], []
        self._ended = None
        if self.input.battle_mode or self.mode_button.isChecked():
            self._leave_mode()

    def _leave_mode(self) -> None:
        self.mode_button.blockSignals(True)
        self.mode_button.setChecked(False)
        self.mode_button.blockSignals(False)
        self.input.battle_mode = False

    # --- showing -----------------------------------------------------------------------
    def refresh(self) -> None:
        self._end_with_phase()
        s = self.controller.state
        if s.battle is None and self._fighting:  # the battle is over: its units have fought (13.2A)
            self.attackers, self.defenders = [], []
            self._ended = self._ended_view()
        self._fighting = s.battle is not None
        self.attackers = [u for u in self.attackers if u in s.pos]
        self.defenders = [u for u in self.defenders if u in s.pos]
        b = s.battle
        if b is not None:
            self.attackers, self.defenders = list(b.attackers), list(b.defenders)
        self._outline()  # the battle in progress (after one ended and the next began in one batch)
        if b is None:
            self.att_reductions.set_hexes(sorted({s.pos[u] for u in self.attackers}))
        mine = self.controller.phasing_controls()  # the phasing player's, and that player sits here
        if not mine and (self.input.battle_mode or self.mode_button.isChecked()):
            self._leave_mode()
        for w in (self.mode_button, self.clear_button, self.integrity, self.armor):
            w.setEnabled(mine)
        self.att_reductions.setEnabled(b is None and mine)
        # The attacker's controls are not shown to the defender (the enemy's Combat Phase seen
        # from the other seat): room for the defender's own choices on a 720-pixel screen.
        attacker_here = self.controller.viewer() == s.side
        for w in (self.mode_button, self.clear_button, self.integrity, self.armor, self.declare_button):
            w.setVisible(attacker_here)
        self.att_reductions.setVisible(attacker_here and bool(self.att_reductions.spins))
        self.plan_label.setText(linkify_html(self.plan_html()))
        self.declare_button.setEnabled(mine and b is None and bool(self.attackers and self.defenders))
        self.options.clear()
        p = bq.pending(s)
        declaring = p is not None and p.what == "declare"
        if declaring and not self.defender_box.isVisibleTo(self):  # a new declaration: the defaults (13.8A claimed)
            self.def_integrity.setChecked(True)
        self.defender_box.setVisible(declaring)
        if declaring and b is not None:
            self.def_reductions.set_hexes(sorted({s.pos[u] for u in b.defenders if u in s.pos}))
        if p is None:
            self.task_label.setText("")
        else:
            what = TASK_WORDS.get(p.what, p.what).format(hex=p.hex, n=p.n)
            self.task_label.setText(linkify_html(f"<b>The {escape(p.side or 'attacking')} player</b> {escape(what)}"))
            for c in p.options:
                it = QListWidgetItem(command_words(c, p.n))
                it.setData(CMD, c)
                self.options.addItem(it)
            if self.options.count():
                self.options.setCurrentRow(0)
        self.options.updateGeometry()  # its height follows its rows
        absent = [f"<i>Not offered:</i> {escape(OPTION_WORDS.get(opt, opt))} — {escape(str(why))}"
                  for opt, why in (p.absent if p is not None else [])]
        self.absent_label.setText(linkify_html("<br>".join(absent)))
        self.absent_label.setVisible(bool(absent))
        here = p is not None and self.controller.seat in (None, p.side)  # the owing player sits here
        self.defender_box.setEnabled(here)
        self.options.setEnabled(here)
        self.choose_button.setEnabled(here and self.options.count() > 0)

    def _ended_view(self) -> tuple[int, object, str] | None:
        """The battle that just ended as it was fought (13.5): its last resolution read
        from the log and the record of its roll (``readout.record_at_roll``), or, after a
        counterattack, the last record its stages left; kept until the next selection."""
        events = self.controller.cache.events
        for i in range(len(events) - 1, max(-1, len(events) - 400), -1):
            if events[i].kind == "battle_resolved":
                break
        else:
            return None
        resolved = events[i]
        before = self.controller.cache.state_at(i)
        b = ro.record_at_roll(before, resolved)
        if b is None:
            stages = [e for e in events[i + 1:] if e.kind == "battle_stage"]
            if not stages:
                return None
            b = BattleState.from_json(stages[-1].data)
        html = self.fought_html(before, b, events[max(0, i - 400):i + 1])
        return (i, resolved, f"{html}<br><i>Battle {b.id} is over.</i>") if html else None

    def fought_html(self, s: GameState | None = None, b: BattleState | None = None,
                    recent: list[Event] | None = None) -> str:
        """The battle as it was fought (not the odds of the survivors): the resolution's
        totals, odds, column, roll and CRT row, and what the result does to each hex
        (the battle in progress unless ``s``, ``b`` and ``recent`` name another)."""
        if s is None or b is None or recent is None:
            s = self.controller.state
            b = s.battle
            recent = self.controller.cache.events[-400:]
        f = ro.as_fought(s, b, recent)
        if f is None:
            return ""
        rows = [f"<b>Battle {f.id} as fought</b>"]
        if f.attack is not None:
            rows.append(f"Attack {f.attack} against defense {f.defense}")
        rows.append(f"<b>Odds {escape(f.odds)}</b>, {escape(f.column)} column, DRM {f.drm:+d}")
        roll = f"roll {f.roll} (modified)" if f.roll is not None else "roll"
        crt_hidden = fogofwar.crt_hidden(s, self.controller.viewer())  # 25.0C: the roll and result only
        row = f" → CRT row {f.row}" if f.row is not None and not crt_hidden else ""
        rows.append(f"<b>{roll}{row}: {escape(f.result)}</b>")
        rows += [f"&nbsp;&nbsp;{escape(line)}" for line in ro.result_effects(s, b, recent)]
        return "<br>".join(rows)

    def plan_html(self) -> str:
        s = self.controller.state
        if s.battle is not None and s.battle.result:
            return self.fought_html()
        if s.battle is None and not self.attackers and not self.defenders and self._ended is not None:
            i, resolved, html = self._ended
            events = self.controller.cache.events
            if i < len(events) and events[i] is resolved:  # not undone since
                return html
        if not self.attackers or not self.defenders:
            return "<i>Battle mode: click hexes with your units, then enemy hexes.</i>"
        try:
            integ = None if self.integrity.isChecked() else ()
            b = s.battle
            reds = tuple(b.reductions) if b is not None else self.att_reductions.values()
            p = bq.proposed_battle(s, tuple(self.attackers), tuple(self.defenders), integrity=integ,
                                   reductions=reds, use_armor=self.armor.isChecked())
        except (IllegalAction, KeyError, ValueError) as exc:
            return f"<span style='color:#a01010'>{escape(str(exc))}</span>"
        rows = [f"<b>Attack</b> {p.attack}"]
        rows += [f"&nbsp;&nbsp;{escape(u)}: {v} — {escape(w)}" for u, v, w in p.attack_parts]
        fogged = s.has_rule("25") and b is None  # 25.0A: enemy stacks unexamined until committed
        own = {s.pos[u] for u in self.attackers if u in s.pos}
        if fogged:
            rows.append("<b>Defense</b> hidden until you commit to the attack (fog of war, 25.0A);"
                        " declare the battle to see the odds")
        else:
            rows.append(f"<b>Defense</b> {p.defense}")
            rows += [f"&nbsp;&nbsp;{escape(u)}: {v} — {escape(w)}" for u, v, w in p.defense_parts]
        for h, (lv, why) in p.levels.items():
            if fogged and h not in own:
                continue
            rows.append(f"<b>{h}</b> level {lv}: " + "; ".join(f"{d:+d} {escape(r)}" for d, r in why))
        if fogged:
            rows += [f"<b>{h}</b> your voluntary reduction {-n:+d} (13.3.3)" for h, n in reds if h in own and n]
            return "<br>".join(rows)
        rows.append(f"<b>Odds {escape(p.odds)}</b>, CRT column <b>{escape(p.column)}</b>"
                    + (f" ({escape(p.column_reason)})" if p.column_reason else ""))
        rows.append(f"<b>DRM {p.drm:+d}</b>" + "".join(f"<br>&nbsp;&nbsp;{d:+d} {escape(r)}" for d, r in p.drm_parts))
        return "<br>".join(rows)

    def _preview(self, item: QListWidgetItem | None, _prev: QListWidgetItem | None = None) -> None:
        c = item.data(CMD) if item is not None else None
        self.input.set_preview(getattr(c, "path", None))

    # --- acting -------------------------------------------------------------------------
    def declare(self) -> bool:
        s = self.controller.state
        integ = tuple(sorted({d for u in self.attackers if (d := s.spec(u).division)})) if self.integrity.isChecked() else ()
        return self.controller.execute(cc.DeclareBattle(attackers=tuple(self.attackers), defenders=tuple(self.defenders),
                                                        integrity_choices=integ,
                                                        voluntary_reductions=self.att_reductions.values(),
                                                        use_armor_superiority=self.armor.isChecked()))

    def choose(self, row: int | None = None) -> bool:
        """Execute the command of ``row`` (the current row when None): exactly that one."""
        if isinstance(row, bool):  # a button's checked flag is not a row (it used to pick row 0)
            row = None
        item = self.options.item(row) if row is not None else self.options.currentItem()
        if item is None:
            return False
        return self.controller.execute(item.data(CMD))

    def defender_declares(self) -> bool:
        """13.3.3A/13.8A: the defending player's own choice (instead of the default)."""
        return self.controller.execute(cc.DefenderDeclares(voluntary_reductions=self.def_reductions.values(),
                                                           integrity=self.def_integrity.isChecked()))

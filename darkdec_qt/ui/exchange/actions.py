"""File exchange in the client: *New game by file exchange*, *Send to opponent*, *Open opponent's
file* (verified, then the opponent's moves played back step by step with the log highlighted), and a
line that always says whose move it is and what they must decide. Commands go to the exchange
session (commit-reveal dice), never to the hot-seat dice."""

from __future__ import annotations

import html
import sys
import time
from pathlib import Path

from PySide6.QtCore import QEventLoop, QObject, Qt, QTimer, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QFileDialog,
    QLabel,
    QMessageBox,
    QProgressDialog,
    QTextEdit,
)

from darkdec_qt.exchangemodule import grouped, loaded_module
from darkdec_qt.exchangestore import ModuleNotAccepted, PlayerHome, Session
from darkdec_qt.exchangewatch import SharedFolder
from darkdec_qt.game.exchange import ExchangeError
from darkdec_qt.game.exchange.errors import versions_text
from darkdec_qt.game.session import Game
from darkdec_qt.model.database import DatabaseError
from darkdec_qt.model.exchangefile import ExchangeFileError, read_exchange
from darkdec_qt.rules.core.commands import Command
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.events import Event
from darkdec_qt.rules.core.phases import other_side
from darkdec_qt.ui.exchange.newgame import TRUST_NOTE, NewExchangeDialog
from darkdec_qt.ui.exchange.notes import SendDialog, notes_box, opponent_notes

PLAYBACK_MS = 300
WATCH_MS = 5000  # how often a shared folder is looked at


class ExchangeGameView(Game):
    """The controller's Game in file-exchange mode: the session's open segment (or its verified
    game). ``execute`` plays through the session; there is no undo of a sent or die-bound command."""

    def __init__(self, session: Session) -> None:  # noqa: D107 - Game.__init__ is not wanted
        self.session = session

    @property
    def _g(self) -> Game:
        xg = self.session.xg
        g = xg.draft or xg.game
        assert g is not None
        return g

    @property
    def module(self):  # noqa: ANN201
        return self.session.xg.module

    @property
    def initial(self):  # noqa: ANN201
        return self._g.initial

    @property
    def state(self):  # noqa: ANN201
        return self._g.state

    @property
    def batches(self):  # noqa: ANN201
        return self._g.batches

    def execute(self, command: Command) -> list[Event]:
        if command.kind == "note" and self.session.xg.draft is not None:  # a note goes with my next file
            return self.session.play(command)
        if command.kind == "note":
            raise IllegalAction("a note travels in your next file: write it when it is your move", rule="file exchange")
        if not self.session.xg.can_play():
            raise IllegalAction(self.session.status(), rule="file exchange")
        return self.session.play(command)

    def can_undo(self) -> bool:
        return self.session.can_undo()

    def undo(self) -> Command:
        """Take back my last command not yet sent (it rolled no die)."""
        return self.session.undo()

    def can_redo(self) -> bool:
        return False


class ExchangeActions(QObject):
    """The file-exchange menu entries and status line of a client window."""

    def __init__(self, win, home: PlayerHome | None = None) -> None:  # noqa: ANN001 (Client)
        super().__init__(win)
        self.win = win
        self.home = home or PlayerHome()
        self.session: Session | None = None
        self.headless = False  # a refusal goes to stderr instead of a dialog (darkdec play --screenshot)
        self.status = QLabel()
        self.status.setObjectName("ExchangeStatus")
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.PlainText)  # a module's name is the opponent's text, never markup
        self.status.setStyleSheet("background:#fff4c2; color:#1c1c1c; font-weight:bold; padding:5px 12px;")
        self.status.hide()
        self.status.setToolTip(TRUST_NOTE)
        win.centralWidget().layout().insertWidget(1, self.status)
        self.timer = QTimer(self)
        self.timer.setInterval(PLAYBACK_MS)
        self.timer.timeout.connect(self._step)
        self._stops: list[int] = []
        quit_action = win.actions_by_name.get("quit")
        menu = win.menus["&File"]
        self.shared: SharedFolder | None = None
        self.watcher = QTimer(self)
        self.watcher.setInterval(WATCH_MS)
        self.watcher.timeout.connect(self.poll_folder)
        for name, text, slot in (("exchange_new", "New game by file e&xchange…", self.new_dialog),
                                 ("exchange_send", "Sen&d to opponent…", self.send_dialog),
                                 ("exchange_open", "Open o&pponent's file…", self.open_dialog),
                                 ("exchange_watch", "&Watch a shared folder…", self.watch_dialog)):
            act = win.add_action("&File", name, text, slot)
            if quit_action is not None:
                menu.removeAction(act)
                menu.insertAction(quit_action, act)
        if quit_action is not None:
            menu.insertSeparator(quit_action)
        win.controller.changed.connect(self.update_status)
        self.clock = QTimer(self)  # the waiting time in the status line grows
        self.clock.setInterval(30_000)
        self.clock.timeout.connect(self.update_status)
        self.clock.start()

    # --- the game --------------------------------------------------------------------
    def activate(self, session: Session) -> None:
        self.session = session
        c = self.win.controller
        c.set_game(ExchangeGameView(session), None, session.module_path, seat=session.me.side)  # 25.0: my side's view
        self.win.hotseat = False
        self.update_status()

    def update_status(self) -> None:
        s = self.session
        if s is None or not isinstance(self.win.controller.game, ExchangeGameView):
            self.status.hide()
            return
        self.win.controller.dirty = False  # the local copy and the draft are kept at every command
        wait = s.waiting_text(now=self.now())  # who waits for whom, since when: a line of its own
        self.status.setText(f"File exchange, game {s.game_id[:8]}, you play {s.me.side}: {s.status()}"
                            + self._module_note(s) + (f"\n{wait[:1].upper()}{wait[1:]}" if wait else ""))
        self.status.show()

    @staticmethod
    def now() -> float:
        """The time the waiting time is counted to (the clock; a test sets another)."""
        return time.time()

    @staticmethod
    def _module_note(s: Session) -> str:
        """' · on the module NAME (hash …), not your bundled one' when the game's module is another."""
        from darkdec_qt.model.load import DEFAULT_MODULE
        from darkdec_qt.model.safesqlite import printable

        m = s.xg.module.meta
        try:
            if loaded_module(DEFAULT_MODULE).meta.content_hash == m.content_hash:
                return ""
        except (DatabaseError, ValueError):
            pass
        return f" · on the module '{printable(m.name)}' (hash {m.content_hash[:8]}…), not your bundled one"

    def new_game(self, side: str, scenario: str, orders: tuple[str, ...] = (), out_dir: str | Path | None = None,
                 optional: tuple[str, ...] = (), variants: tuple[str, ...] = (), setup: str = "auto") -> Path:
        s = self.home.new_game(side, scenario, optional=tuple(optional), variants=tuple(variants), setup=setup,
                               orders=orders)
        self.activate(s)
        path = s.send(out_dir or self.outbox())
        self._sent(path)
        return path

    def outbox(self) -> Path:
        """Where a file to send goes: the shared folder when one is watched."""
        return self.shared.folder if self.shared is not None else self.home.root / "outbox"

    # --- a shared folder ---------------------------------------------------------------
    def watch(self, folder: str | Path) -> None:
        """Watch ``folder`` (a synced or network folder both players share): each opponent's file is
        opened as it lands, and my files are written there."""
        # the worker reads through a home of its own: the sessions it builds are not the ones the window shows
        self.shared = SharedFolder(PlayerHome(self.home.root, self.home.ledger_path), folder)
        self.watcher.start()
        self.win.show_message(f"Watching {folder}: your opponent's files open as they land; yours are written there")
        self.poll_folder()

    def poll_folder(self) -> None:
        """One look at the shared folder, off the interface thread: reading and verifying each new file
        runs in a worker (``_start_worker``, the mechanism of opening a file: progress and Cancel); the
        window goes on meanwhile, and the files found are shown when the worker is done."""
        if self.shared is None or self._polling or not self.win.isVisible():
            return
        self._polling = True
        shared = self.shared
        shared.home.forget()  # the worker builds sessions of its own, never changes the one shown
        self._start_worker(lambda progress: shared.poll(progress=progress),
                           f"Verifying new files in {shared.folder.name}: every signature, secret and command…",
                           "darkdec-watch-folder", self._polled)

    def _polled(self, polled, exc: BaseException | None) -> None:  # noqa: ANN001 (exchangewatch.Polled)
        self._polling = False
        if isinstance(exc, ExchangeError) and exc.kind == "cancelled":  # passed over until the file changes
            self.win.show_message(f"{exc}; open it with File > Open opponent's file when you wish", True)
            return
        if exc is not None:
            raise exc
        for path, why in polled.refused:
            self._refused(path, why)
        for _path, r in polled.opened[-1:]:  # the newest: it holds every segment before it
            self._show(r)
            if r.session.xg.can_play() or r.session.xg.must_send():
                QApplication.alert(self.win)  # the taskbar entry asks for attention: your move
                self.win.show_message(f"Your move in game {r.session.game_id[:8]}: {r.session.status()}")

    def send(self, out_dir: str | Path | None = None, note: str = "") -> Path | None:
        """Seal and write my file; ``note``: a message to the opponent, a note in both logs."""
        s = self.session
        if s is None:
            self.win.show_message("No game by file exchange is open", True)
            return None
        if s.xg.draft is not None and not s.xg.must_send():
            self.win.show_message(f"Not yet: {s.status()}", True)
            return None
        try:
            path = s.send(out_dir or self.outbox(), note=note)
        except (ExchangeError, ExchangeFileError, IllegalAction) as exc:
            self.win.show_message(str(exc), True)
            return None
        self.win.controller.set_game(ExchangeGameView(s), None, s.module_path)
        self._sent(path)
        return path

    def _sent(self, path: Path) -> None:
        s = self.session
        assert s is not None
        self.update_status()
        if self.shared is not None and path.parent == self.shared.folder:
            self.win.show_message(f"Wrote {path.name} into the shared folder; the {other_side(s.me.side)} player's "
                                  "program picks it up.")
            return
        self.win.show_message(f"Wrote {path}. Send it to the {other_side(s.me.side)} player (e-mail, chat, a shared "
                              "folder); they open it with File ▸ Open opponent's file.")

    def mail(self, path: Path) -> str:
        """Open the system's mail program with the file (``xdg-email --attach`` where there is one), else
        a new message by ``mailto:`` and the file shown in the file manager; returns what was done."""
        s = self.session
        assert s is not None
        subject = f"Dark December {s.xg.setup['scenario']} {s.game_id[:8]}, turn {s.xg.state.turn}: {path.name}"
        to = s.opponent_email()
        attach = mail_command(path, subject, to)
        if attach is not None:
            import subprocess

            try:
                subprocess.Popen(attach)  # noqa: S603 - a fixed program, our own arguments
                return "attached"
            except OSError:
                pass
        body = f"Open the attached file with Dark December (File > Open opponent's file): {path}"
        url = QUrl(f"mailto:{to}")
        from PySide6.QtCore import QUrlQuery

        q = QUrlQuery()
        q.addQueryItem("subject", subject)
        q.addQueryItem("body", body)
        url.setQuery(q)
        QDesktopServices.openUrl(url)
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(path.parent)))  # to attach it by hand
        return "mailto"

    def open_file(self, path: str | Path, accept_module: str | None = None) -> bool:
        """Verify and take an opponent's file; refused files leave the local game unchanged. An
        invitation to a game on a module other than the bundled one asks first (ask_module)."""
        try:
            r = self._verify(Path(path), accept_module)
        except ModuleNotAccepted as exc:
            if accept_module is None and self.ask_module(path, exc):
                return self.open_file(path, exc.module_hash)
            self.win.show_message(f"{Path(path).name}: the game's module was refused; nothing was kept.", True)
            return False
        except ExchangeError as exc:
            if exc.kind == "cancelled":
                self.win.show_message(str(exc), True)
                return False
            if exc.kind == "replayed":  # a file this home holds entirely: the game as it stands
                return self.resume(Path(path), str(exc))
            text = str(exc)
            if exc.versions:
                text += "\n\n" + versions_text(exc)
            self._refused(Path(path), text)
            return False
        except (ExchangeFileError, DatabaseError) as exc:
            text = str(exc)
            if isinstance(exc, ExchangeError) and exc.versions:
                text += "\n\n" + versions_text(exc)
            self._refused(Path(path), text)
            return False
        self._show(r)
        return True

    def resume(self, path: Path, why: str) -> bool:
        """Show the game of ``path`` from this home's local copy: a file already taken (the one opened
        before the program was closed, or one's own file) brings nothing new, but it names the game to
        go on with. ``why`` says that nothing was taken from it."""
        from darkdec_qt.game.exchange.segment import parse
        from darkdec_qt.game.exchange.signing import Signed

        try:  # segment 0 is the one this home holds (else the file would not be 'replayed'): its game
            _n, body, sig = read_exchange(path).rows[0]
            game_id = parse(Signed(body, sig), 0)["game"]
            s = self._off_thread(lambda progress: self.home.load(game_id, progress=progress),
                                 f"Reading your game {game_id[:8]}: its signatures, links and seal…",
                                 "darkdec-load-exchange")
        except (ExchangeError, ExchangeFileError, DatabaseError) as exc:
            self._refused(path, f"{why}; your game cannot be shown: {exc}")
            return False
        self.activate(s)
        self.win.controller.show_live()
        said = "That is your own file" if "your own file" in why else "Nothing new in that file"
        self.win.show_message(f"{said}; your game as it stands", False)
        self.win.message_label.setToolTip(f"{path.name}: {why}")
        return True

    def _verify(self, path: Path, accept_module: str | None = None):  # -> Received
        """``home.open_file`` off the interface thread (``_off_thread``). Returns when the file is
        taken, or raises what refused it."""
        try:
            return self._off_thread(lambda progress: self.home.open_file(path, progress=progress,
                                                                         accept_module=accept_module),
                                    f"Verifying {path.name}: every signature, secret and command…",
                                    "darkdec-open-exchange")
        except ExchangeError as exc:
            if exc.kind == "cancelled":
                raise ExchangeError(f"opening {path.name} was cancelled; your game is unchanged",
                                    kind="cancelled") from None
            raise

    def _off_thread(self, work, label: str, name: str):  # noqa: ANN001, ANN202 (work(progress) -> result)
        """``_start_worker`` and wait for it (the window keeps drawing): returns work's result or raises
        what it raised."""
        loop, done = QEventLoop(), {}

        def finished(result, exc) -> None:  # noqa: ANN001
            done.update(r=result, e=exc)
            loop.quit()

        self._start_worker(work, label, name, finished)
        if not done:
            loop.exec()
        if done["e"] is not None:
            raise done["e"]
        return done["r"]

    def _start_worker(self, work, label: str, name: str, finished) -> None:  # noqa: ANN001
        """Run ``work(progress)`` in a worker thread with a progress dialog and Cancel, and call
        ``finished(result, exception)`` on the interface thread when it is done. A cancelled file leaves
        the game as it was (the segments are verified on a copy): ``progress`` raises ExchangeError
        (kind ``cancelled``)."""
        import threading

        done: dict = {}
        cancel = threading.Event()
        at = [0, 1]

        def progress(i: int, n: int) -> None:
            if cancel.is_set():
                raise ExchangeError("opening the file was cancelled; your game is unchanged", kind="cancelled")
            at[0], at[1] = i, n

        def run() -> None:
            try:
                done["r"] = work(progress)
            except BaseException as exc:  # noqa: BLE001 - handed to the interface thread as it is
                done["e"] = exc

        worker = threading.Thread(target=run, name=name, daemon=True)
        worker.start()
        dlg = None
        if not self.headless:
            dlg = QProgressDialog(label, "Cancel", 0, 1, self.win)
            dlg.setWindowTitle("Opening opponent's file")
            dlg.setWindowModality(Qt.WindowModality.WindowModal)
            dlg.setMinimumDuration(300)
            dlg.canceled.connect(cancel.set)
            self.progress = dlg
        tick = QTimer(self)
        tick.setInterval(30)

        def step() -> None:
            if dlg is not None and not cancel.is_set():
                dlg.setMaximum(max(at[1], 1))
                dlg.setValue(min(at[0], at[1] - 1))
            if worker.is_alive():
                return
            tick.stop()
            tick.deleteLater()
            if dlg is not None:
                dlg.canceled.disconnect()
                dlg.close()
                dlg.deleteLater()
                self.progress = None
            finished(done.get("r"), done.get("e"))

        tick.timeout.connect(step)
        tick.start()

    progress: QProgressDialog | None = None
    _polling = False

    def _refused(self, path: Path, why: str) -> None:
        text = f"{path.name} was refused:\n\n{why}\n\nYour game is unchanged."
        if self.headless:  # one line, as every command-line refusal
            print(f"darkdec: error: {path.name} was refused: {' '.join(why.split())}; your game is unchanged",
                  file=sys.stderr)
        else:
            QMessageBox.warning(self.win, "File refused", text)

    def _show(self, r) -> None:  # noqa: ANN001 (Received)
        self.activate(r.session)
        if r.notes:  # the first file of a game: the key just bound, and what this mode cannot hide
            self.win.show_message(" ".join(r.notes) + ". " + TRUST_NOTE)
        notes = opponent_notes(self.win.controller.cache.events[r.first_new_event:], r.session.me.side)
        if notes:  # what the opponent wrote to me (a note is player talk: shown under fog of war too)
            opp = other_side(r.session.me.side)
            if self.headless:
                print("\n".join(f"note from the {opp} player: {n}" for n in notes))
            else:
                self.notes_box = notes_box(self.win, opp, notes)
        self.playback(r.first_new_event)

    notes_box: QMessageBox | None = None

    def ask_module(self, path: str | Path, exc: ModuleNotAccepted) -> bool:
        """Show the module an invitation's game uses and what differs from the bundled one, table by
        table; True when the player presses Accept (Refuse is the default). Headless: refused."""
        if self.headless:
            print(f"darkdec: error: {exc}", file=sys.stderr)
            return False
        box = QMessageBox(self.win)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle("A game on another module")
        same = exc.game_module and exc.bundled_module.startswith(exc.game_module)
        box.setText("<b>This game is played on a module that is not your bundled one.</b>"
                    + (" It has the same name: only its content differs." if same else ""))
        box.setInformativeText(
            f"<table cellspacing=4>"
            f"<tr><td>Game's module:</td><td>{html.escape(exc.game_module)}<br><tt>{grouped(exc.module_hash)}</tt></td></tr>"
            f"<tr><td>Your bundled module:</td><td>{html.escape(exc.bundled_module).replace(', hash ', '<br><tt>')}"
            f"</tt></td></tr>"
            f"<tr><td>What differs:</td><td><b>{html.escape(exc.differ)}</b> (Show Details: every row)</td></tr>"
            f"</table><p>Its rules may not be the game's rules. Join only if you agree to play on this "
            f"module; Refuse keeps nothing.</p>")
        box.setDetailedText("\n".join(exc.details) or "(no table could be compared)")
        for edit in box.findChildren(QTextEdit):
            edit.setMinimumSize(620, 200)
        accept = box.addButton("Accept this module", QMessageBox.ButtonRole.AcceptRole)
        refuse = box.addButton("Refuse", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(refuse)
        box.setEscapeButton(refuse)
        self.module_box = box
        box.exec()
        return box.clickedButton() is accept

    # --- playback of the opponent's segment ----------------------------------------------
    def playback(self, start: int) -> None:
        """Show the opponent's commands since event ``start`` one at a time (each with its events,
        the log entry highlighted), then land on the live game: the player's decision."""
        c = self.win.controller
        stops, n = [], 0
        for b in c.game.batches:
            n += len(b.events)
            if n > start:
                stops.append(n)
        self._stops = stops
        if not stops:
            c.show_live()
            return
        c.show_past(start)
        self.timer.start()

    def _step(self) -> None:
        c = self.win.controller
        if c.past is None or not self._stops:
            self.timer.stop()
            c.show_live()
            self.update_status()
            return
        nxt = self._stops.pop(0)
        if not self._stops:
            self.timer.stop()
            c.show_live()
            self.update_status()
            return
        c.show_past(nxt)
        self.win.log_panel.select_event(nxt)

    # --- dialogs -------------------------------------------------------------------------
    def new_dialog(self) -> None:
        if not self.win.files.confirm_discard():
            return
        dlg = NewExchangeDialog(self.win.controller.module, self.win)
        if dlg.exec() == QDialog.DialogCode.Accepted:
            self.new_game(**dlg.choices())

    def send_dialog(self) -> None:
        s, note = self.session, ""
        if s is not None and s.xg.draft is not None and s.xg.must_send() and not self.headless:  # a message may go
            dlg = SendDialog(other_side(s.me.side), self.win)
            self.send_box = dlg
            if dlg.exec() != QDialog.DialogCode.Accepted:
                return
            note = dlg.note()
        if self.shared is not None:  # a shared folder: nothing to choose, nothing to mail
            self.send(note=note)
            return
        d = QFileDialog.getExistingDirectory(self.win, "Folder for the file to send", str(self.outbox()))
        if d:
            path = self.send(d, note=note)
            if path is not None:
                self.mail(path)

    def watch_dialog(self) -> None:
        d = QFileDialog.getExistingDirectory(self.win, "Shared folder (synced or on the network)", str(Path.home()))
        if d:
            self.watch(d)

    def open_dialog(self) -> None:
        p, _ = QFileDialog.getOpenFileName(self.win, "Open opponent's file", str(Path.home()),
                                           "File exchange (*.ddx)")
        if p:
            self.open_file(p)


def mail_command(path: Path, subject: str, to: str = "") -> list[str] | None:
    """The command that opens a new message with ``path`` attached (``xdg-email``, Linux), or None."""
    import shutil

    exe = shutil.which("xdg-email")
    if exe is None or not sys.platform.startswith("linux"):
        return None
    return [exe, "--utf8", "--subject", subject, "--attach", str(path), *([to] if to else [])]


def install_exchange(win, home: PlayerHome | None = None) -> ExchangeActions:  # noqa: ANN001 (Client)
    """Add the file-exchange entries to a client. In exchange mode the local copy is the save (kept at
    every command), so autosave and Save as a hot-seat file are replaced by a word to the player."""
    x = ExchangeActions(win, home)
    win.exchange = x
    x.status.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
    c, files = win.controller, getattr(win, "files", None)

    def exchanging() -> bool:
        return isinstance(c.game, ExchangeGameView)

    if files is not None:
        c.phaseEnded.disconnect(files.autosave)
        c.phaseEnded.connect(lambda: None if exchanging() else files.autosave())
        for name in ("save", "save_as"):
            act = win.actions_by_name.get(name)
            if act is not None:
                act.triggered.disconnect()
                act.triggered.connect(lambda _=False, n=name: win.show_message(
                    "File exchange: your game is kept in your data folder at every command; "
                    "use File ▸ Send to opponent", False) if exchanging() else getattr(files, n)())
    return x

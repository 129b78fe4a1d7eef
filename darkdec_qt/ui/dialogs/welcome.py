"""The first screen of ``darkdec play`` (or a start from the desktop menu) without a game:
new game hot-seat, against the computer or by file exchange, open a file, the recent
files, and a short "how a turn is played" (the phases of 7.0, moving, attacking, where the
rules are) that the player can dismiss for good. ``darkdec play --scenario X`` and
``darkdec open FILE`` skip it and go straight to the game.

Each choice shows the client and starts its own File-menu action, so the welcome screen
adds no second way of starting a game."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from darkdec_qt import packagedata

GUIDE_DISMISSED = "welcome/guide_dismissed"

HOW_A_TURN_IS_PLAYED = """
<p>A game turn is half a day (AM or PM). <b>Germany moves first</b>, then the Allies; each
player turn runs through these phases (7.0), shown at the top of the window:</p>
<ol>
<li><b>Supply</b> (7.1.1): the program marks which units are in supply; from 20 AM December it
rolls for German fuel.</li>
<li><b>Replacements</b> (7.1.2): spend replacement points on reduced or destroyed units.</li>
<li><b>Movement</b> (7.1.3): click one of your stacks: the hexes it can reach are shaded by cost;
click a shaded hex (or drag the counters there) to move. A unit stops on entering an enemy
zone of control (10.2). Right-click a hex for every order the rules allow there.</li>
<li><b>Reaction</b> (7.1.4): the other side's reserves may move up to half their allowance.</li>
<li><b>Combat</b> (7.1.5): press <b>B</b> for battle mode, click your attackers and the enemy hex;
the odds and the combat results table column show before you confirm.</li>
<li><b>Exploitation</b> (7.1.6) and <b>Construction/Demolition</b> (7.1.7): bridges built and blown.</li>
</ol>
<p>Each phase ends with <b>Game › End phase</b> (Ctrl+E).</p>
<p>An illegal order is refused with the rule that forbids it; click the rule number to read it.
<b>Shift+F1</b> opens the rules index, <b>F1</b> the client guide.</p>
"""


class WelcomeScreen(QWidget):
    """The choices of a player who has not opened a game yet; ``client`` is the hidden main
    window whose File-menu actions the buttons start."""

    def __init__(self, client: QWidget, settings: QSettings) -> None:
        super().__init__()
        self.client = client
        self.settings = settings
        self.setWindowTitle("Dark December")
        self.setWindowIcon(QIcon(str(packagedata.path("icons", "darkdec-256.png"))))
        self.setObjectName("welcome")
        outer = QVBoxLayout(self)
        title = QLabel("<h1>Dark December</h1><p>The Battle of the Bulge, 16-31 December 1944, "
                       "regiment by regiment. Start a game or open one.</p>")
        title.setWordWrap(True)
        outer.addWidget(title)
        row = QHBoxLayout()
        outer.addLayout(row, 1)

        start = QVBoxLayout()
        self.buttons: dict[str, QPushButton] = {}
        for name, text, action in (
                ("hotseat", "New hot-seat game…\n(two players at this computer)", "new"),
                ("computer", "New game against the computer…", "new_vs_computer"),
                ("exchange", "New game by file exchange…\n(e-mail or a shared folder)", "exchange_new"),
                ("open", "Open a game or an opponent's file…", "open")):
            b = QPushButton(text)
            b.setMinimumHeight(56)
            b.clicked.connect(lambda _=False, a=action: self.choose(a))
            self.buttons[name] = b
            start.addWidget(b)
        start.addWidget(QLabel("Recent files:"))
        self.recent = QListWidget()
        for p in self.client.files.recent():
            item = QListWidgetItem(Path(p).name)
            item.setData(Qt.ItemDataRole.UserRole, p)
            item.setToolTip(p)
            self.recent.addItem(item)
        if self.recent.count() == 0:
            self.recent.addItem("(none yet)")
            self.recent.setEnabled(False)
        self.recent.itemActivated.connect(self.open_recent)
        start.addWidget(self.recent, 1)
        row.addLayout(start, 2)

        self.guide = QGroupBox("How a turn is played")
        g = QVBoxLayout(self.guide)
        text = QTextBrowser()
        text.setHtml(HOW_A_TURN_IS_PLAYED)
        g.addWidget(text)
        self.dismiss = QPushButton("Got it — don't show this again")
        self.dismiss.clicked.connect(self.dismiss_guide)
        g.addWidget(self.dismiss)
        row.addWidget(self.guide, 3)
        self.guide.setVisible(not self.guide_dismissed())
        screen = self.screen().availableGeometry()  # a small screen or a large scale factor: fit it
        self.resize(min(980, screen.width()), min(600, screen.height()))

    def guide_dismissed(self) -> bool:
        return str(self.settings.value(GUIDE_DISMISSED, "false")).lower() == "true"

    def dismiss_guide(self) -> None:
        self.settings.setValue(GUIDE_DISMISSED, True)
        self.settings.sync()
        self.guide.hide()

    def choose(self, action: str) -> None:
        """Show the client and start its File-menu action ``action``."""
        self.close()
        self.client.show()
        self.client.actions_by_name[action].trigger()

    def open_recent(self, item: QListWidgetItem) -> None:
        path = item.data(Qt.ItemDataRole.UserRole)
        if not path:
            return
        self.close()
        self.client.show()
        self.client.files.open_recent(path)

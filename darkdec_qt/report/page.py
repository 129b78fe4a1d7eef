"""The after-action report as one self-contained HTML page: the scenario and sides, the verdict,
the statistics as inline SVG charts (game/statistics.py, report/svgchart.py), the maps given to
it as PNG bytes (inlined as data: URIs) and the log in words as the client's log dock words it.

Nothing on the page points outside it (a Content-Security-Policy forbids it besides), and
every text that comes from the game file (notes, the module's names of units, towns, turns and
scenario) is made printable and HTML-escaped: the file is untrusted.
"""

from __future__ import annotations

import base64
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from html import escape

from darkdec_qt.game.session import Game
from darkdec_qt.game.statistics import CHARTS, Statistics, series
from darkdec_qt.logfold import is_routine, log_words, routine_summary
from darkdec_qt.model.safesqlite import printable
from darkdec_qt.report.svgchart import chart_svg
from darkdec_qt.rules.narrate import Storyteller
from darkdec_qt.rules.scenarios.victory import evaluate
from darkdec_qt.version import VERSION

CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'"
STYLE = """
body{font:15px/1.45 "DejaVu Sans",Verdana,sans-serif;color:#222;background:#f4f1e8;margin:0}
main{max-width:1180px;margin:0 auto;padding:18px 28px 40px}
header{background:#23262b;color:#f2efe6;padding:18px 28px}
header h1{margin:0 auto;max-width:1180px;font-size:26px}
header p{margin:4px auto 0;max-width:1180px;color:#c9c4b5}
h2{font-size:20px;border-bottom:2px solid #c9c1a6;padding-bottom:3px;margin-top:30px}
.verdict{background:#fff;border-left:8px solid #555;padding:12px 18px;margin:18px 0;box-shadow:0 1px 3px #0002}
.verdict.German{border-color:#b3261e}.verdict.Allied{border-color:#1d5fc4}
.verdict .v{font-size:22px;font-weight:bold;margin:0 0 4px}
.verdict ul{margin:4px 0 0;padding-left:20px;color:#555;font-size:13px}
table.facts{border-collapse:collapse;background:#fff;box-shadow:0 1px 3px #0002}
table.facts th{text-align:left;padding:5px 14px 5px 10px;background:#e6e1cf;font-weight:normal;white-space:nowrap;vertical-align:top}
table.facts td{padding:5px 10px}
.charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(460px,1fr));gap:14px}
.chart{background:#fff;box-shadow:0 1px 3px #0002;width:100%;height:auto}
.chart .ct{font-size:15px;font-weight:bold;fill:#222}.chart .cn{font-size:11px;fill:#666}
.chart .tick{font-size:11px;fill:#333}.chart .grid{stroke:#e3e0d6}.chart .axis{stroke:#777}
figure{margin:16px 0}figure img{width:100%;height:auto;box-shadow:0 1px 4px #0004}
figcaption{color:#555;font-size:13px;margin-top:4px}
details{background:#fff;margin:6px 0;box-shadow:0 1px 2px #0002}
summary{cursor:pointer;padding:6px 10px;background:#e6e1cf;font-weight:bold}
h4{margin:10px 10px 2px;font-size:14px;color:#5a5236}
ol.log{list-style:none;margin:0;padding:0 10px 8px;font-size:13px}
ol.log li{padding:1px 0 1px 4.5em;text-indent:-4.5em}
ol.log .n{display:inline-block;width:4em;text-align:right;margin-right:.5em;color:#999;text-indent:0}
ol.log .die{color:#8a1c1c}ol.log .fold{color:#4a6a3a}ol.log .note{background:#fff6cc}
.muted{color:#666;font-size:13px}
"""


@dataclass(frozen=True)
class MapPicture:
    """A map for the page: its caption and the PNG's bytes."""

    caption: str
    png: bytes
    width: int
    height: int


def text(value: object) -> str:
    """Text from the file as HTML: printable (no control characters, no bidirectional overrides)
    and escaped, quotes included."""
    return escape(printable(value, one_line=False), quote=True)


def report_html(game: Game, maps: Sequence[MapPicture], source: str = "", notes: Sequence[str] = (),
                opponent: object = None, stats: Statistics | None = None) -> str:
    """The whole page of ``game`` (opened verified). ``source``: the file's name as given;
    ``notes``: what the file's provenance says (a chosen seed, another module); ``opponent``:
    the file's record of a game against the computer ({side: level}, untrusted); ``stats``: the
    game's statistics if the caller has read the log already (the command, drawing its maps)."""
    st = game.state
    module = game.module
    sc = module.scenarios.get(st.scenario)
    name = sc.name if sc else st.scenario
    verdict = evaluate(st)
    if stats is None:
        stats = Statistics(game.initial)
    stats.sync(game.events)
    charts = series(stats.figures(), None)
    first, last = module.turns[0], st.current_turn()
    if sc is not None:
        first = next((t for t in module.turns if t.code == sc.first_turn), first)
    title = f"{name}: {verdict.name}"
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>Dark December — {text(title)}</title><style>{STYLE}</style></head><body>",
        f"<header><h1>After-action report: {text(name)}</h1>",
        f"<p>Dark December · {text(first.label)} to {text(last.label)} · {st.turn} game turn"
        f"{'s' if st.turn != 1 else ''} · {'finished' if st.game_over else 'not finished'}</p></header><main>",
        _verdict(verdict),
        _facts(game, source, notes, opponent),
        "<h2>The game in figures</h2>",
        '<div class="charts">' + "".join(chart_svg(charts[k]) for k in CHARTS if k in charts) + "</div>",
        _maps(maps),
        "<h2>The log</h2>",
        '<p class="muted">Every event in words, as the client\'s log shows it, by turn and phase '
        "(the numbers are the event numbers of the log, of <code>darkdec log</code> and of "
        "<code>darkdec replay --verify</code>); dice in red, notes highlighted.</p>",
        *_log(game),
        f'<p class="muted">Written by darkdec {escape(VERSION)} from a game file that was opened by '
        "re-executing every command with the rules (it verified).</p>",
        "</main></body></html>",
    ]
    return "\n".join(parts)


def _verdict(v) -> str:  # noqa: ANN001 (victory.Verdict)
    head = "Result" if v.final else "If the game had ended here"
    level = "" if v.level.lower() in v.name.lower() else f" ({text(v.level)})"
    rows = [f'<section class="verdict {text(v.winner)}"><p class="v">{head}: {text(v.name)}{level}</p>'
            f"<p>{text(v.reason)}</p>"]
    if v.towns:
        rows.append("<p>Objective towns: " + ", ".join(f"{text(t)} <b>{text(s)}</b>" for t, s in v.towns.items())
                    + "</p>")
    if v.exits:
        rows.append("<p>German attack strength exited: "
                    + ", ".join(f"group {text(k)} <b>{int(n)}</b>" for k, n in v.exits.items()) + "</p>")
    needs = [f"<li>{text(side)} needs: {text(item)}</li>" for side, items in v.needs.items() for item in items]
    if needs and not v.final:
        rows.append("<ul>" + "".join(needs) + "</ul>")
    return "".join(rows) + "</section>"


def players(opponent: object) -> str:
    """Who played, as far as the file says: a game the client saved against the computer keeps
    the computer's side and level (ui/aiplayer.py); anything else in that value is ignored."""
    from darkdec_qt.ai.base import LEVELS

    if isinstance(opponent, dict) and len(opponent) == 1:
        (side, level), = opponent.items()
        if side in ("German", "Allied") and isinstance(level, str) and level in LEVELS:
            human = "Allied" if side == "German" else "German"
            return f"{side}: the computer opponent ({level}); {human}: the player at the screen"
    return ("German and Allied; the file names no computer player (two people, at one screen or by file "
            "exchange, or a self-play game)")


def _facts(game: Game, source: str, notes: Sequence[str], opponent: object = None) -> str:
    from darkdec_qt.rules.core.options import catalogue
    from darkdec_qt.rules.scenarios.variants import vc_choice_visible

    st = game.state
    cat = catalogue()
    names = {t["rule"]: t["name"] for t in cat["optional_rules"] + cat["variants"]}

    def rules(ids) -> str:  # noqa: ANN001
        return "; ".join(f"{text(r)} {text(names.get(r, ''))}".strip() for r in sorted(ids)) or "none"

    sc = game.module.scenarios.get(st.scenario)
    notes_n = {s: sum(1 for e in game.events if e.kind == "note_made" and getattr(e, "side", "") == s)
               for s in ("German", "Allied")}
    rows = [
        ("Scenario", text(sc.name if sc else st.scenario) + (f" <span class=\"muted\">({text(st.scenario)})</span>")),
        ("Players", text(players(opponent))
         + (f"; their notes in the log: German {notes_n['German']}, Allied {notes_n['Allied']}"
            if any(notes_n.values()) else "") + "."),
        ("German set-up", text(st.setup_mode)),
        ("Optional rules", rules(st.optional)),
        ("Variants", rules(st.variants)),
    ]
    if "26.20A" in st.triggers:
        rows.append(("Victory conditions (26.20A)",
                     text(st.vc_choice) if vc_choice_visible(st, "Allied") else "Germany's secret choice, not revealed"))
    rows += [
        ("Dice seed", text(st.seed)),
        ("Module", text(game.module.meta.name)),
        ("Events", f"{len(game.events):,}; final state hash <code>{text(st.state_hash()[:16])}…</code>"),
    ]
    if source:
        rows.append(("File", text(source)))
    rows += [("Note", text(n)) for n in notes]
    return ("<h2>The game</h2><table class=\"facts\">"
            + "".join(f"<tr><th>{k}</th><td>{v}</td></tr>" for k, v in rows) + "</table>")


def _maps(maps: Sequence[MapPicture]) -> str:
    if not maps:
        return ""
    out = ["<h2>The map</h2>",
           '<p class="muted">Every unit shown, the verdict as it stood in the caption; each occupied hex ringed in its side\'s colour '
           "(German red, Allied blue).</p>"]
    for m in maps:
        data = base64.b64encode(m.png).decode("ascii")
        out.append(f'<figure><img src="data:image/png;base64,{data}" width="{m.width}" height="{m.height}" '
                   f'alt="{text(m.caption)}"><figcaption>{text(m.caption)}</figcaption></figure>')
    return "\n".join(out)


def _log(game: Game) -> Iterator[str]:
    """The log by turn (a collapsible section each) and phase (a heading), folded as the log
    dock folds it: each phase's routine supply lines are one line."""
    module = game.module
    teller = Storyteller(module)
    turn: int | None = None
    items: list[str] = ['<ol class="log">']  # what comes before the first phase (set-up) has no heading
    folded = fold_at = 0
    began = [e.turn for e in game.events if e.kind == "phase_began"]  # type: ignore[attr-defined]
    shown_open = {began[0], began[-1]} if began else set()  # the first and the last turn open

    def flush_fold() -> None:
        nonlocal folded
        if folded:
            items.insert(fold_at, f'<li class="fold"><span class="n"></span>{escape(routine_summary(folded))}</li>')
        folded = 0

    def close() -> str:
        flush_fold()
        return "\n".join(items) + "</ol>" + ("</details>" if turn is not None else "")

    for i, e in enumerate(game.events):
        if e.kind == "phase_began":
            if e.turn != turn:  # type: ignore[attr-defined]
                if turn is not None or len(items) > 1:
                    yield close()
                turn = e.turn  # type: ignore[attr-defined]
                label = module.turns[min(max(turn, 1), len(module.turns)) - 1].label
                items = [f"<details{' open' if turn in shown_open else ''}><summary>Turn {turn} · {text(label)}</summary>"]
            else:
                flush_fold()
                items.append("</ol>")
            items.append(f'<h4>{text(e.side)} {text(e.phase)} phase</h4><ol class="log">')  # type: ignore[attr-defined]
            continue
        words = log_words(teller, e)
        if not words:
            continue
        if is_routine(e):
            if not folded:
                fold_at = len(items)
            folded += 1
            continue
        cls = "die" if e.kind == "die_rolled" else "note" if e.kind == "note_made" else ""
        mark = "\u2684 " if e.kind == "die_rolled" else ""
        items.append(f'<li{f" class={cls}" if cls else ""}><span class="n">{i + 1}</span>{mark}{text(words)}</li>')
    if turn is not None or len(items) > 1:
        yield close()

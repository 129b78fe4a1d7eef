"""Rule numbers in the text shown to the player, as rich-text links.

:func:`linkify` turns "cannot enter 2516 (10.2F)" into rich text whose "10.2F" is an anchor
``rule:10.2F``; :func:`linkify_html` does the same inside rich text. Only ids the rules index
knows (a clause or a heading of 5-26, or any clause of the rulebook's id list) become links.
Text only: the widgets that open such links are in ``rulelinks``.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache

from darkdec_qt import clauses as rc

SCHEME = "rule:"
LINK_STYLE = "color:#1f4e8c; text-decoration:none;"
_TAG = re.compile(r"(<[^>]*>)")


@lru_cache(maxsize=1)
def _known() -> frozenset[str]:
    index = rc.load_index(tests_dir=None)  # the ids only: scanning the tests for them costs ~1 s at start
    return frozenset(index.clauses) | frozenset(index.sections) | frozenset(rc.rulebook_ids())


def _anchor(rid: str, shown: str) -> str:
    return f"<a href='{SCHEME}{rid}' style='{LINK_STYLE}'>{shown}</a>"


def _link_text(escaped: str) -> str:
    out, last = [], 0
    for m in rc.RULE_ID.finditer(escaped):
        rid = rc.normalize(m.group(0))
        if rid not in _known():
            continue
        out += [escaped[last:m.start()], _anchor(rid, m.group(0))]
        last = m.end()
    out.append(escaped[last:])
    return "".join(out)


def linkify(text: str) -> str:
    """Plain text -> rich text (escaped) with every known rule number a ``rule:`` link."""
    return _link_text(html.escape(text, quote=False))


def linkify_html(markup: str) -> str:
    """Rich text -> the same with rule numbers outside tags and existing links made links."""
    parts = _TAG.split(markup)
    out, in_anchor = [], False
    for p in parts:
        if p.startswith("<"):
            low = p.lower()
            in_anchor = in_anchor or low.startswith("<a ")
            if low.startswith("</a"):
                in_anchor = False
            out.append(p)
        else:
            out.append(p if in_anchor else _link_text(p))
    return "".join(out)


def rule_of(href: str) -> str | None:
    return href[len(SCHEME):] if href.startswith(SCHEME) else None

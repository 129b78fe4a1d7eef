"""The rules engine: ``engine`` on top, the rulebook's chapters below it, ``core`` at the bottom.

Whatever part of the engine a program imports first, the combat chapter's ``apply`` handlers
(which extend core's phase and movement handlers with 13.x bookkeeping) are registered here,
before any event can be applied.
"""

from darkdec_qt.rules.combat import apply as _combat_apply  # noqa: F401

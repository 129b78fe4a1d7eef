"""The one error of file exchange: a received file that is refused, naming the first bad item."""

from __future__ import annotations


class ExchangeError(ValueError):
    """A refused exchange file or action. ``kind`` says what was detected (``tampered``, ``forged``,
    ``replayed``, ``other_game``, ``equivocation``, ``malformed``, ``out_of_turn``); ``segment`` the
    first bad segment (its sequence number) when there is one; ``versions`` both signed bodies of an
    equivocation."""

    def __init__(self, message: str, *, kind: str = "tampered", segment: int | None = None,
                 versions: tuple[str, str] | None = None):
        super().__init__(message)
        self.kind = kind
        self.segment = segment
        self.versions = versions

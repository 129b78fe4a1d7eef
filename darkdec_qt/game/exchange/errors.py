"""The one error of file exchange: a received file that is refused, naming the first bad item."""

from __future__ import annotations


class ExchangeError(ValueError):
    """A refused exchange file or action. ``kind`` says what was detected (``tampered``, ``forged``,
    ``replayed``, ``other_game``, ``equivocation``, ``malformed``, ``out_of_turn``, ``restored``: a local
    game older than the last file its player sent); ``segment`` the
    first bad segment (its sequence number) when there is one; ``versions`` both signed bodies of an
    equivocation."""

    def __init__(self, message: str, *, kind: str = "tampered", segment: int | None = None,
                 versions: tuple[str, str] | None = None):
        super().__init__(message)
        self.kind = kind
        self.segment = segment
        self.versions = versions


def versions_text(err: ExchangeError) -> str:
    """Both versions of an equivocation, command by command, for the player (empty otherwise)."""
    import json

    if not err.versions:
        return ""
    out = []
    for title, raw in zip(("the version you hold", "the version in this file"), err.versions):
        try:
            body = json.loads(raw)
            cmds = [f"{b['by']}: {json.dumps(b['command'], sort_keys=True)}" for b in body.get("batches", [])]
            if body.get("pending"):
                cmds.append(f"pending: {json.dumps(body['pending'], sort_keys=True)}")
        except (ValueError, TypeError, KeyError, AttributeError):
            cmds = [raw[:200]]
        out.append(f"{title}:\n" + "\n".join(f"  {c}" for c in cmds or ["(no command)"]))
    return "\n".join(out)

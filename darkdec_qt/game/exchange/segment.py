"""A segment: what one player adds to the game between two files. Schema checks for untrusted
bodies (every field typed and bounded; nothing evaluated)."""

from __future__ import annotations

import json
import re
from typing import Any

from darkdec_qt.game.exchange.errors import ExchangeError
from darkdec_qt.game.exchange.orders import ORDERS, conflict
from darkdec_qt.game.exchange.signing import Signed, canonical
from darkdec_qt.model.jsonscan import deeper_than

VERSION = 2
READS = (1, 2)  # 1: before battle plans and chained dice (``automatic``); its segments are read as they were
MAX_PLAN = 256  # entries: battle declarations with their advances decided in advance
PLAN_KINDS = ("declare_battle", "choose_advance", "decline_advance", "end_phase")
SIDES = ("German", "Allied")
MAX_SEGMENT_CHARS = 2_000_000  # one player's hop: the largest seen is tens of KB
MAX_BATCHES = 20_000
MAX_EVENTS = 20_000
MAX_DEPTH = 24
BY = ("self", "orders", "forced", "resolve", "plan")
_HEX = re.compile(r"[0-9a-f]+")
_FIELDS = {"v", "game", "seq", "prev", "author", "key", "reveal", "commit", "nonce", "orders", "batches",
           "pending", "state_hash", "turn"}
OPTIONAL_FIELDS = {"time"}  # the author's signed creation time (seconds since 1970, UTC); older files lack it
SETUP_FIELDS = {"scenario", "seed", "optional", "variants", "setup", "module_hash", "module_name"}


def _bad(seq: int, what: str) -> ExchangeError:
    return ExchangeError(f"segment {seq}: {what}", kind="malformed", segment=seq)


def is_hex(v: Any, n: int) -> bool:
    return isinstance(v, str) and len(v) == n and _HEX.fullmatch(v) is not None


def parse(signed: Signed, seq: int, *, sealed: bool = False) -> dict[str, Any]:
    """The body of an untrusted stored segment, schema-checked; raises ExchangeError naming ``seq``.
    ``sealed``: a segment of the owner's sealed local copy, checked in full when it was accepted
    (the seal authenticates its bytes): only decoded."""
    if sealed:
        try:
            body = json.loads(signed.raw)
        except (ValueError, RecursionError):
            raise _bad(seq, "is not valid JSON") from None
        if isinstance(body, dict):
            return body
        raise _bad(seq, "is not a JSON object")
    if not isinstance(signed.raw, str) or len(signed.raw) > MAX_SEGMENT_CHARS:
        raise _bad(seq, "is missing or too large")
    if not is_hex(signed.sig, 128):
        raise _bad(seq, "has no well-formed signature")
    if deeper_than(signed.raw, MAX_DEPTH):
        raise _bad(seq, f"nests deeper than {MAX_DEPTH} levels")
    try:
        body = json.loads(signed.raw)
    except (ValueError, RecursionError):
        raise _bad(seq, "is not valid JSON") from None
    if not isinstance(body, dict):
        raise _bad(seq, "is not a JSON object")
    if canonical(body) != signed.raw:
        raise _bad(seq, "is not in canonical form")
    check(body, seq)
    return body


def check(body: dict[str, Any], seq: int) -> None:
    if isinstance(body.get("v"), bool) or body.get("v") not in READS:
        raise _bad(seq, f"has protocol version {body.get('v')!r}; this program reads versions "
                        f"{' and '.join(map(str, READS))}: a newer version of Dark December wrote it, update to go on")
    keys = set(body) - OPTIONAL_FIELDS
    want = _FIELDS | ({"setup"} if body.get("seq") == 0 else set()) | ({"plan", "plan_left"} if body["v"] >= 2 else set())
    if keys != want:
        raise _bad(seq, f"has fields {sorted(keys ^ want)} it should not have or lacks")
    if not isinstance(body["seq"], int) or isinstance(body["seq"], bool):
        raise _bad(seq, "has no sequence number")
    if not is_hex(body["game"], 32):
        raise _bad(seq, "has no well-formed game id")
    if body["author"] not in SIDES:
        raise _bad(seq, f"names an unknown author {body['author']!r}")
    for f in ("key", "commit", "nonce"):
        if not is_hex(body[f], 64):
            raise _bad(seq, f"has a malformed {f}")
    if not (body["prev"] == "" if body["seq"] == 0 else is_hex(body["prev"], 64)):
        raise _bad(seq, "has a malformed link to the previous segment")
    if body["reveal"] is not None and not is_hex(body["reveal"], 64):
        raise _bad(seq, "has a malformed revealed secret")
    if not isinstance(body["state_hash"], str) or not isinstance(body["turn"], int):
        raise _bad(seq, "has a malformed state hash or turn")
    if "time" in body and (not isinstance(body["time"], int) or isinstance(body["time"], bool) or body["time"] < 0):
        raise _bad(seq, "has a malformed creation time")
    orders = body["orders"]
    if not isinstance(orders, dict) or not all(isinstance(k, str) and isinstance(v, bool) for k, v in orders.items()):
        raise _bad(seq, "has malformed standing orders")
    unknown = sorted(set(orders) - set(ORDERS))
    if unknown:
        raise _bad(seq, f"names an unknown standing order {unknown[0]!r} (this program knows {', '.join(ORDERS)})")
    if conflict(orders) is not None:
        raise _bad(seq, f"signs conflicting standing orders: {conflict(orders)}")
    batches = body["batches"]
    if not isinstance(batches, list) or len(batches) > MAX_BATCHES:
        raise _bad(seq, "has a malformed list of commands")
    for i, b in enumerate(batches):
        if (not isinstance(b, dict) or set(b) != {"by", "command", "events"} or b["by"] not in BY
                or not isinstance(b["command"], dict) or not isinstance(b["events"], list)
                or len(b["events"]) > MAX_EVENTS or not all(isinstance(e, dict) for e in b["events"])):
            raise _bad(seq, f"command {i} is malformed")
    for plan in (body.get("plan", []), body.get("plan_left", [])):
        if (not isinstance(plan, list) or len(plan) > MAX_PLAN
                or not all(isinstance(c, dict) and c.get("kind") in PLAN_KINDS for c in plan)):
            raise _bad(seq, f"has a malformed battle plan (at most {MAX_PLAN} battle declarations with their "
                            "advances, perhaps ending the phase)")
    if body["pending"] is not None and not isinstance(body["pending"], dict):
        raise _bad(seq, "has a malformed pending command")
    if body["seq"] == 0:
        st = body["setup"]
        if not isinstance(st, dict) or set(st) != SETUP_FIELDS:
            raise _bad(seq, "has a malformed game set-up")
        if not (isinstance(st["scenario"], str) and isinstance(st["setup"], str) and isinstance(st["seed"], str)
                and isinstance(st["module_hash"], str) and isinstance(st["module_name"], str)
                and isinstance(st["optional"], list) and isinstance(st["variants"], list)
                and all(isinstance(x, str) for x in st["optional"] + st["variants"])):
            raise _bad(seq, "has a malformed game set-up")

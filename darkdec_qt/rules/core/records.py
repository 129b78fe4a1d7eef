"""Frozen value records (commands and events) with a ``kind`` and a registry, so any
module (movement, combat...) can register its own and ``from_dict`` finds it."""

from __future__ import annotations

from dataclasses import fields
from typing import Any, ClassVar, TypeVar

T = TypeVar("T", bound="Record")


def _plain(v: Any) -> Any:
    if isinstance(v, tuple | list):
        return [_plain(x) for x in v]
    return v


def _frozen(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_frozen(x) for x in v)
    return v


class Record:
    """Base of commands and events. Subclasses are frozen dataclasses with a class-level
    ``kind``; fields hold only str/int/bool/None and (nested) tuples of those."""

    kind: ClassVar[str] = ""
    _registry: ClassVar[dict[str, type[Record]]]

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):  # type: ignore[arg-type]
            d[f.name] = _plain(getattr(self, f.name))
        return d

    @classmethod
    def from_dict(cls: type[T], d: dict[str, Any]) -> T:
        kind = d.get("kind")
        sub = cls._registry.get(str(kind))
        if sub is None:
            raise ValueError(f"unknown {cls.__name__.lower()} kind {kind!r}")
        kwargs = {k: _frozen(v) for k, v in d.items() if k != "kind"}
        return sub(**kwargs)  # type: ignore[return-value]

    @classmethod
    def register(cls, sub: type[T]) -> type[T]:
        """Class decorator: ``@Command.register`` / ``@Event.register``."""
        if not sub.kind:
            raise ValueError(f"{sub.__name__} has no kind")
        if sub.kind in cls._registry and cls._registry[sub.kind] is not sub:
            raise ValueError(f"kind {sub.kind!r} registered twice")
        cls._registry[sub.kind] = sub
        return sub

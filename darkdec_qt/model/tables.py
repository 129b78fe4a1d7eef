"""The sqlmodel classes that write the module database (:func:`darkdec_qt.model.database.write_database`)
and that the editor's table views read their column types from, built from the plain schema
(:mod:`darkdec_qt.model.schema`): one class per table, in the build order. Reading a module
does not import this (nor sqlmodel)."""

from __future__ import annotations

import types
from typing import Any

from sqlmodel import Field, SQLModel

from darkdec_qt.model.schema import FORMAT_VERSION, REQUIRED, SCHEMA, Column, Table, columns

__all__ = ["FORMAT_VERSION", "TABLES", "columns"]


def _field(c: Column, key: tuple[str, ...]) -> Any:
    kw: dict[str, Any] = {}
    if c.name in key:
        kw["primary_key"] = True
    if c.unique:
        kw["unique"] = True
    if c.default is not REQUIRED:
        kw["default"] = c.default
    elif c.nullable:
        kw["default"] = None
    return Field(**kw) if kw.keys() - {"default"} else kw.get("default", ...)


def _model(t: Table) -> type[SQLModel]:
    name = "".join(part.title() for part in t.name.split("_")) + "Row"

    def body(ns: dict[str, Any]) -> None:
        ns["__tablename__"] = t.name
        ns["__module__"] = __name__
        ns["__annotations__"] = {c.name: (c.type | None) if c.nullable else c.type for c in t.columns}
        for c in t.columns:
            f = _field(c, t.key)
            if f is not ...:
                ns[c.name] = f

    return types.new_class(name, (SQLModel,), {"table": True}, body)


# table name -> (model class, primary key columns); the order is the build order
TABLES: dict[str, tuple[type[SQLModel], tuple[str, ...]]] = {name: (_model(t), t.key) for name, t in SCHEMA.items()}

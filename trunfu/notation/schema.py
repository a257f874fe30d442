"""Pydantic at the edges: the notation's and the engine's dataclasses validated from
dicts and JSON, and dumped to them (JSON export, `--json` output, tests). Reading and
refereeing never come here, so pydantic is imported only by what needs it."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from pydantic import TypeAdapter

T = TypeVar("T")


@cache
def adapter(kind: type[T]) -> TypeAdapter[T]:
    """pydantic's validator and serialiser of `kind` (a `Record`, a `Replay`, ...), made once."""
    from pydantic import TypeAdapter

    return TypeAdapter(kind)


def dump(value: Any, **options: Any) -> Any:
    """`value` as plain dicts and lists (`options` as pydantic's `dump_python` takes them,
    e.g. `exclude={"file"}`, `mode="json"`)."""
    return adapter(type(value)).dump_python(value, **options)


def dump_json(value: Any) -> str:
    """`value` as one line of JSON."""
    return adapter(type(value)).dump_json(value).decode()


def load(kind: type[T], data: Any) -> T:
    """A `kind` validated from plain dicts and lists (raises `pydantic.ValidationError`)."""
    return adapter(kind).validate_python(data)


def load_json(kind: type[T], text: str | bytes) -> T:
    """A `kind` validated from JSON text (raises `pydantic.ValidationError`)."""
    return adapter(kind).validate_json(text)

"""Mentions to JSON and back, generic over the dataclass fields.

The store keeps one JSON object per mention. Encoding and decoding read ``dataclasses.fields``
and the type hints of each mention class, so a field added to ``crosscheck.model`` later is
stored and rebuilt without any change here: spans become ``[doc, start, end]``, enums their
value, dates ISO strings; everything else is already JSON.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from datetime import date, datetime
from enum import Enum
from functools import lru_cache
from operator import attrgetter
from typing import Any, Callable

from crosscheck import model
from crosscheck.kinds import FigureKind
from crosscheck.model import TEXT, AnyMention, Span

MENTION_CLASSES: dict[str, type] = {cls.__name__: cls for cls in typing.get_args(AnyMention)}


class CodecError(ValueError):
    """A stored mention record cannot be rebuilt (unknown class or malformed fields)."""


def encode_mention(mention: AnyMention) -> tuple[str, dict[str, Any]]:
    """``(class name, JSON-ready fields)`` of one mention."""
    cls = type(mention)
    names, read = _fields_of(cls)
    plain = _PLAIN
    # most values are plain: answered inline, without a call of ``_encode`` each
    return cls.__name__, dict(zip(names, [v if type(v) in plain else _encode(v) for v in read(mention)]))


@lru_cache(maxsize=None)
def _field_names(cls: type) -> tuple[str, ...]:
    """Field names of a mention class, read once: ``dataclasses.fields`` is slow for a per-mention call."""
    return tuple(f.name for f in dataclasses.fields(cls))


@lru_cache(maxsize=None)
def _fields_of(cls: type) -> tuple[tuple[str, ...], Callable[[Any], tuple[Any, ...]]]:
    """A mention class's field names and a getter of all their values at once (in that order)."""
    names = _field_names(cls)
    read = attrgetter(*names)
    return names, (read if len(names) > 1 else lambda obj: (read(obj),))


def decode_mention(class_name: str, data: dict[str, Any]) -> AnyMention:
    """Rebuild the mention dataclass that ``encode_mention`` stored."""
    cls = MENTION_CLASSES.get(class_name)
    if cls is None:
        raise CodecError(f"E301 unknown mention class {class_name!r} in the store")
    hints = _hints(cls)
    known = {f.name for f in dataclasses.fields(cls)}
    try:
        values = {name: _decode(value, hints[name]) for name, value in data.items() if name in known}
        return cls(**values)
    except (TypeError, ValueError) as error:
        raise CodecError(f"E302 stored {class_name} cannot be rebuilt: {error}") from error


@lru_cache(maxsize=None)
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls, vars(model))


_PLAIN = frozenset({str, int, float, bool, type(None)})
"""Types JSON takes as they are (exact types: a ``str`` enum must still become its value)."""


def _encode(value: Any) -> Any:
    if type(value) in _PLAIN:  # most fields: answered before the isinstance chain below
        return value
    if isinstance(value, Span):  # the part only for a headline span: text spans as stored before it
        return [value.doc, value.start, value.end] + ([value.part] if value.part != TEXT else [])
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (date, datetime)):
        return value.isoformat()
    if isinstance(value, tuple):
        return [_encode(item) for item in value]
    return value


def _decode(value: Any, hint: Any) -> Any:
    """Turn a JSON value back into the type ``hint`` names (unions: first type that fits)."""
    if value is None:
        return None
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        for option in typing.get_args(hint):
            if option is type(None):
                continue
            try:
                decoded = _decode(value, option)
            except (TypeError, ValueError):
                continue
            if _fits(decoded, option):
                return decoded
        return value
    if origin is tuple:
        args = typing.get_args(hint)
        item = args[0] if args else Any
        return tuple(_decode(v, item) for v in value)
    if hint is Span:
        return Span(*value)
    if isinstance(hint, type) and (issubclass(hint, Enum) or issubclass(hint, FigureKind)):
        return hint(value)
    if hint is datetime:
        return datetime.fromisoformat(value)
    if hint is date:
        return date.fromisoformat(value)
    return value


def _fits(value: Any, option: Any) -> bool:
    if option is Any or not isinstance(option, type):
        return True
    if option is float and isinstance(value, int) and not isinstance(value, bool):
        return True
    return isinstance(value, option)

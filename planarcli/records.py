"""``@record``: small immutable record classes that are cheap to define.

``dataclasses`` generates code with ``exec`` and costs about a millisecond per class at
import time; planarcli defines its plain-data types on the start-up path of every command,
so they use this decorator instead. A record is declared like a frozen dataclass (annotated
fields, optional defaults, ``field(default_factory=...)`` for a fresh
mutable default); it gets
``__slots__``, keyword and positional ``__init__``, ``__eq__``, ``__hash__`` and ``__repr__``,
and refuses attribute assignment. Type checkers see it as a frozen dataclass.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from typing_extensions import dataclass_transform
else:  # the decorator only informs type checkers

    def dataclass_transform(**_: Any) -> Callable[[Any], Any]:
        return lambda func: func


T = TypeVar("T")
_MISSING = object()


class Factory:
    """A default made fresh for each instance (see ``field``)."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[], Any]) -> None:
        self.make = make


def field(*, default_factory: Callable[[], T]) -> T:
    """A fresh default per instance: ``extra: dict[str, Any] = field(default_factory=dict)``."""
    made: Any = Factory(default_factory)
    return made  # type: ignore[no-any-return]  # checkers see T; @record sees the Factory


def _init(self: Any, *args: Any, **kwargs: Any) -> None:
    names: tuple[str, ...] = self._fields
    given = len(args)
    if given > len(names):
        raise TypeError(f"{type(self).__name__} takes {len(names)} fields, got {given}")
    set_field = object.__setattr__
    for name, value in zip(names, args):  # noqa: B905 - fewer args than fields is fine
        set_field(self, name, value)
    if given == len(names) and not kwargs:  # the common case: every field, in order
        return
    defaults: dict[str, Any] = self._defaults
    for name in names[given:]:
        if name in kwargs:
            value = kwargs.pop(name)
        else:
            value = defaults.get(name, _MISSING)
            if value is _MISSING:
                raise TypeError(f"{type(self).__name__} is missing {name!r}")
            if isinstance(value, Factory):
                value = value.make()
        set_field(self, name, value)
    if kwargs:
        twice = [name for name in names[:given] if name in kwargs]
        if twice:
            raise TypeError(f"{type(self).__name__} got {twice[0]!r} twice")
        raise TypeError(f"{type(self).__name__} has no field {sorted(kwargs)[0]!r}")


def _values(self: Any) -> tuple[Any, ...]:
    return tuple(getattr(self, name) for name in self._fields)


def _eq(self: Any, other: object) -> Any:
    if type(other) is not type(self):
        return NotImplemented
    return bool(_values(self) == _values(other))


def _hash(self: Any) -> int:
    return hash(_values(self))


def _repr(self: Any) -> str:
    inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
    return f"{type(self).__name__}({inner})"


def _frozen(self: Any, name: str, value: Any) -> None:
    raise AttributeError(f"{type(self).__name__} is immutable; cannot set {name!r}")


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def record(cls: type[T]) -> type[T]:
    """Turn an annotated class into an immutable record (see the module docstring)."""
    fields: list[str] = []
    for klass in reversed(cls.__mro__[:-1]):
        for name in klass.__dict__.get("__annotations__", {}):  # noqa: RUF063 (no evaluation)
            if name not in fields and not name.startswith("_"):
                fields.append(name)
    namespace = {k: v for k, v in cls.__dict__.items() if k not in ("__dict__", "__weakref__")}
    defaults = {}
    for name in fields:
        if name in namespace:
            defaults[name] = namespace.pop(name)
        else:
            for base in cls.__mro__[1:]:
                base_defaults = base.__dict__.get("_defaults", {})
                if name in base_defaults:
                    defaults[name] = base_defaults[name]
                    break
    own = [name for name in fields if name not in _slots_of_bases(cls)]
    namespace.update(
        __slots__=tuple(own),
        _fields=tuple(fields),
        _defaults=defaults,
        __init__=_init,
        __eq__=_eq,
        __hash__=_hash,
        __repr__=_repr,
        __setattr__=_frozen,
    )
    built = type(cls.__name__, cls.__bases__, namespace)
    built.__qualname__ = cls.__qualname__
    return built


def replace(obj: T, **changes: Any) -> T:
    """A copy of the record ``obj`` with some fields changed (like ``dataclasses.replace``)."""
    fields: tuple[str, ...] = type(obj)._fields  # type: ignore[attr-defined]
    values = {name: getattr(obj, name) for name in fields}
    unknown = set(changes) - set(fields)
    if unknown:
        raise TypeError(f"{type(obj).__name__} has no field {sorted(unknown)[0]!r}")
    values.update(changes)
    return type(obj)(**values)


def _slots_of_bases(cls: type) -> set[str]:
    slots: set[str] = set()
    for base in cls.__mro__[1:]:
        slots.update(base.__dict__.get("__slots__", ()))
    return slots

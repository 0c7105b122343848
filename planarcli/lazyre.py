"""Regular expressions compiled on first use.

Compiling a pattern costs 50 to 200 microseconds; a module that defines a dozen of them
for rare cases (a Forge header, an Archidekt category) would pay for all of them on every
start-up. ``lazy(pattern)`` defers that to the first match.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any


class LazyPattern:
    """A ``re.Pattern`` stand-in that compiles itself the first time it is used."""

    __slots__ = ("_compiled", "flags", "pattern")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags
        self._compiled: re.Pattern[str] | None = None

    @property
    def compiled(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = re.compile(self.pattern, self.flags)
        return self._compiled

    def match(self, text: str) -> re.Match[str] | None:
        return self.compiled.match(text)

    def fullmatch(self, text: str) -> re.Match[str] | None:
        return self.compiled.fullmatch(text)

    def search(self, text: str) -> re.Match[str] | None:
        return self.compiled.search(text)

    def findall(self, text: str) -> list[Any]:
        return self.compiled.findall(text)

    def sub(self, repl: str | Callable[[re.Match[str]], str], text: str, count: int = 0) -> str:
        return self.compiled.sub(repl, text, count)


def lazy(pattern: str, flags: int = 0) -> LazyPattern:
    """``re.compile`` deferred to the first use."""
    return LazyPattern(pattern, flags)

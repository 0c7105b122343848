"""One width and colour policy for every text output (validate, cards, rules).

- ``COLUMNS`` set to a positive whole number wins (as in POSIX shells and ``less``);
- else standard output's terminal width, when standard output is a terminal that reports a
  positive width (a terminal reporting 0 columns, as some CI consoles and ``docker exec`` do,
  counts as no terminal);
- else the caller's default: readable prose gets a fixed width, findings get none (one line
  each, so that grep and CI log parsers see whole findings).

Colour only on a terminal, and never when ``NO_COLOR`` is set (no-color.org).
"""

from __future__ import annotations

import os
import sys


def terminal_columns() -> int | None:
    """The width the user asked for or the terminal has; None when neither is known."""
    columns = os.environ.get("COLUMNS", "").strip()
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    try:
        if not sys.stdout.isatty():
            return None
        size = os.get_terminal_size(sys.stdout.fileno()).columns
    except (OSError, ValueError, AttributeError):
        return None
    return size if size > 0 else None


def text_width(default: int, low: int, high: int) -> int:
    """The width to wrap prose to: :func:`terminal_columns` (or ``default`` when it is
    unknown), kept between ``low`` and ``high``."""
    columns = terminal_columns() or default
    return max(low, min(columns, high))


def wrap_words(text: str, width: int) -> list[str]:
    """``text`` broken at spaces into lines of at most ``width`` characters (a word longer
    than that stays whole on a line of its own). Greedy, like ``textwrap`` but without its
    import cost. :func:`wrap_hanging` without an indent, as a list of lines."""
    return wrap_hanging(text, width, 0).split("\n")


def use_color() -> bool:
    """Colour only on a terminal, and never when NO_COLOR is set (and not empty)."""
    if os.environ.get("NO_COLOR"):
        return False
    return sys.stdout.isatty()


def wrap_hanging(text: str, width: int, indent: int, first_prefix: str = "") -> str:
    """``text`` wrapped greedily to ``width``: the first line starts with ``first_prefix``,
    the others with ``indent`` spaces (a hanging indent, as `rules show` prints a rule after
    its number). A word too long for a line stays whole. Lines joined by newlines."""
    lines: list[str] = []
    line = first_prefix
    fresh = True  # nothing but the prefix on this line yet
    for word in text.split():
        if not fresh and len(line) + 1 + len(word) > width:
            lines.append(line)
            line, fresh = " " * indent, True
        line += word if fresh else " " + word
        fresh = False
    lines.append(line)
    return "\n".join(lines)

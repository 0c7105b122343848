"""The errors planarcli reports to users, and how every message words what it repeats
(``echo_text``, ``echoed``) and what it counts (``plural``).

Core code raises these; the command line turns each one into a single line on stderr and
the exit code the error carries (see the exit-code table in docs/reference.md). Nothing
here imports click.
"""

from __future__ import annotations

EXIT_OK = 0
EXIT_FINDINGS = 1  # an illegal deck, or a lookup that found nothing
EXIT_USAGE = 2  # usage error or unreadable input
EXIT_DATA = 3  # data unavailable: network failure, corrupt cache with no fallback


#: how much of what a user typed an error message repeats
ECHOED = 60


def echo_text(text: str, limit: int = ECHOED) -> str:
    """``text`` as a message repeats it: whole when it has at most ``limit`` characters,
    else its first ones and "..." (``limit`` characters in all), so an error about a pasted
    page stays one short line."""
    if len(text) <= limit:
        return text
    return text[: limit - 3].rstrip() + "..."


def echoed(text: str, limit: int = ECHOED) -> str:
    """``repr(echo_text(text))``: what a user typed, as an error message quotes it."""
    return repr(echo_text(text, limit))


#: Characters a terminal acts on instead of showing: C0 controls (newline, carriage return,
#: BEL, ESC, ...), DEL, C1 controls, the Unicode line and paragraph separators, and the
#: bidirectional controls that reorder what follows (a name holding U+202E shows its end
#: reversed: "Trojan Source").
_BIDI = (0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A))
_CONTROLS = "".join(
    chr(code) for code in (*range(0x20), *range(0x7F, 0xA0), 0x2028, 0x2029, *_BIDI)
)
_ESCAPES = {ord(char): repr(char)[1:-1] for char in _CONTROLS}


def printable(text: str) -> str:
    """``text`` with every control character escaped as Python writes it (``\\n``,
    ``\\x07``, ``\\x1b``, ``\\u2028``): how a report that is not JSON shows a file name or
    a line of a file, so that a name cannot forge lines, ring the bell or colour the
    terminal. Plain text comes back as it is."""
    if text.isprintable():
        return text
    return text.translate(_ESCAPES)


def plural(count: int, one: str, many: str | None = None) -> str:
    """``count`` and ``one`` when it is 1, else ``many`` (``one`` + "s" when not given):
    ``plural(2, "card")`` is "2 cards", ``plural(1, "phenomenon", "phenomena")`` is
    "1 phenomenon". The one helper the deck checks, conversions, sync and the renderers
    word counts with (here, at the top: every layer may import it, and every command
    already has)."""
    return f"{count} {one if count == 1 else (many or one + 's')}"


class PlanarError(Exception):
    """Base class: a message for the user, an optional hint, and an exit code."""

    exit_code = EXIT_USAGE

    def __init__(self, message: str, *, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        return f"{self.message} ({self.hint})" if self.hint else self.message


class UsageError(PlanarError):
    """The command line asked for something that cannot be done (exit 2)."""


class InputError(PlanarError):
    """An input file is missing, unreadable, undecodable or malformed (exit 2)."""

    def __init__(
        self,
        message: str,
        *,
        path: str | None = None,
        line: int | None = None,
        hint: str | None = None,
    ) -> None:
        where = ""
        if path is not None:
            where = f"{path}:{line}: " if line is not None else f"{path}: "
        super().__init__(where + message, hint=hint)
        self.path = path
        self.line = line
        self.reason = message


class NotFoundError(PlanarError):
    """A lookup (a card, a rule) found nothing (exit 1)."""

    exit_code = EXIT_FINDINGS


class DataUnavailableError(PlanarError):
    """Data could not be had: a network failure, a corrupt cache with no fallback (exit 3)."""

    exit_code = EXIT_DATA


class NotADecklistError(InputError):
    """The input parses as its format but is not a decklist at all (a ``config.json``, an XML
    file of another kind): a directory scan skips it; a file named on the command line is
    judged as a file without a planar deck."""

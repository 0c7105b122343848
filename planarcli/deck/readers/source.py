"""Reading decklist bytes and turning them into text.

Every reader starts here, so size limits, encodings and binary junk are handled once:
UTF-8 (with or without BOM), UTF-16 and UTF-32 with BOM, UTF-16 without BOM when the NUL
pattern gives it away, a legacy encoding (``decoding.LEGACY``: cp932, EUC-JP, GB18030, Mac
Roman) for a list that names planar cards only when read so, and cp1252 as the last resort
for old Windows files. Line endings (CRLF, LF, bare CR) are all accepted.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable

from planarcli.boundedio import read_limited
from planarcli.errors import InputError
from planarcli.records import record
from planarcli.textcodec import bom_encoding, bomless_utf16

#: Larger files are refused: real decklists are at most a few hundred kB (MTGJSON's
#: one-line deck files reach ~700 kB).
MAX_BYTES = 16 * 1024 * 1024

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
# C0 controls other than tab, LF, VT, FF, CR (and ESC, which some exports keep): a text
# with many of these is not a decklist.
_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1a\x1c-\x1f]")


@record
class RawInput:
    """The bytes of one input and the name to show for it."""

    display: str
    data: bytes
    suffix: str  # lower-case file extension, "" for stdin


def read_input(path: str, *, max_bytes: int = MAX_BYTES) -> RawInput:
    """Read a file (or ``-`` for stdin) with a size limit."""
    if path == "-":
        data = sys.stdin.buffer.read(max_bytes + 1)
        if len(data) > max_bytes:
            raise InputError(_too_large(max_bytes), path="<stdin>")
        return RawInput("<stdin>", data, "")
    data, _ = read_file(path, max_bytes=max_bytes)
    return RawInput(path, data, os.path.splitext(path)[1].lower())


def read_file(path: str, *, max_bytes: int = MAX_BYTES) -> tuple[bytes, os.stat_result]:
    """The bytes of a decklist file and its status when opened, refusing a file over
    ``max_bytes`` before reading it. Raises InputError saying why it cannot be read."""
    try:
        with open(path, "rb") as handle:
            status = os.fstat(handle.fileno())
            if status.st_size > max_bytes:  # refuse before reading anything
                raise InputError(_too_large(max_bytes), path=path)
            data = read_limited(handle, max_bytes, status.st_size)
    except FileNotFoundError:
        raise InputError("no such file", path=path) from None
    except (IsADirectoryError, PermissionError) as error:
        # asked only then: one stat less per file (Windows refuses a folder as permission)
        if os.path.isdir(path):
            raise InputError("is a directory, not a decklist file", path=path) from None
        if isinstance(error, PermissionError):
            raise InputError("permission denied", path=path) from None
        raise InputError(f"cannot read ({error.strerror or error})", path=path) from None
    except OSError as error:
        raise InputError(f"cannot read ({error.strerror or error})", path=path) from None
    if len(data) > max_bytes:  # grew, or a special file that reports no size
        raise InputError(_too_large(max_bytes), path=path)
    return data, status


def _too_large(max_bytes: int) -> str:
    return f"file is larger than {max_bytes // (1024 * 1024)} MiB; not a decklist"


def decode_text(
    data: bytes, display: str, legacy: Callable[[bytes], str | None] | None = None
) -> str:
    """Decode decklist bytes, or raise InputError saying why they are not text. ``legacy``
    may read bytes that are not UTF-8 in a legacy encoding before Windows-1252 is tried
    (``readers.decoding``: a Japanese Windows list, which takes the catalog to tell)."""
    marked = bom_encoding(data)
    if marked is not None:
        encoding, skip = marked
        try:
            text = data[skip:].decode(encoding)
        except UnicodeDecodeError as error:
            raise InputError(
                f"starts with a {encoding.upper()} byte-order mark but is not valid "
                f"{encoding.upper()} (byte {error.start + skip})",
                path=display,
                hint="re-save the file as UTF-8",
            ) from None
        return _check_text(text, display)
    guessed = bomless_utf16(data) if len(data) % 2 == 0 else None
    if guessed:
        try:
            return _check_text(data.decode(guessed), display)
        except UnicodeDecodeError:
            pass
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        if b"\x00" in data:
            raise InputError("is a binary file, not a text decklist", path=display) from None
        read = legacy(data) if legacy is not None else None
        text = read if read is not None else _decode_line_by_line(data, display)
    return _check_text(text, display)


def _decode_line_by_line(data: bytes, display: str) -> str:
    """Text that is not UTF-8 as a whole: each line is read as UTF-8 if it is, otherwise as
    Windows-1252. Old Windows files come out right, and so do UTF-8 files into which one
    line was pasted from somewhere else (one stray byte must not garble every Æ)."""
    lines = []
    for number, line in enumerate(data.split(b"\n"), start=1):
        try:
            lines.append(line.decode("utf-8"))
        except UnicodeDecodeError:
            try:
                lines.append(line.decode("cp1252"))
            except UnicodeDecodeError as error:
                raise InputError(
                    f"is neither UTF-8 nor Windows-1252 text (byte {error.start + 1} of the line)",
                    path=display,
                    line=number,
                    hint="re-save the file as UTF-8",
                ) from None
    return "\n".join(lines)


def _check_text(text: str, display: str) -> str:
    if "\x00" in text:
        raise InputError("contains NUL bytes; is it a binary file?", path=display)
    sample = text[:65536]
    if sample and _controls(sample) > max(8, len(sample) // 100):
        raise InputError("is a binary file, not a text decklist", path=display)
    return text


#: The characters of ``_CONTROL``, as bytes.
_CONTROL_BYTES = bytes([*range(0x00, 0x09), *range(0x0E, 0x1B), *range(0x1C, 0x20)])


def _controls(sample: str) -> int:
    """How many characters of ``sample`` ``_CONTROL`` matches; an ASCII sample is counted
    as bytes (a quarter of the pattern's time: most decklists and notes are ASCII)."""
    if sample.isascii():
        data = sample.encode("ascii")
        return len(data) - len(data.translate(None, _CONTROL_BYTES))
    return len(_CONTROL.findall(sample))


def split_lines(text: str) -> list[str]:
    """Lines of ``text`` for CRLF, LF and bare CR alike (no other characters break lines,
    so line numbers match what an editor shows)."""
    # str.split when there is no CR: the same lines, without the regex (most files are LF)
    lines = _LINE_BREAK.split(text) if "\r" in text else text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines

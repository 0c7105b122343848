"""Telling how text files are encoded: byte-order marks, and UTF-16 without one.

Decklists and official rules files both arrive in whatever encoding their tool wrote;
the readers share these two tests and decide the rest (strict UTF-8, then a legacy code
page) themselves.
"""

from __future__ import annotations

import codecs

#: Byte-order marks and the codec that reads what follows them (UTF-32 first: its
#: little-endian mark starts with UTF-16's).
BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


def bom_encoding(data: bytes) -> tuple[str, int] | None:
    """(codec, length of the mark) when ``data`` starts with a byte-order mark."""
    for bom, encoding in BOMS:
        if data.startswith(bom):
            return encoding, len(bom)
    return None


def bomless_utf16(data: bytes, *, sample_size: int = 4096) -> str | None:
    """``utf-16-le`` or ``utf-16-be`` when the NUL bytes of ``data`` fall on every other
    byte, as in UTF-16 text of mostly Latin characters written without a mark; else None."""
    sample = data[:sample_size]
    if len(sample) < 4 or 0 not in sample:  # no NUL byte: no UTF-16 of Latin text
        return None
    sample = sample[: len(sample) // 2 * 2]
    even_nuls = sample[0::2].count(0)
    odd_nuls = sample[1::2].count(0)
    half = len(sample) // 2
    # Bytes that are valid UTF-8 (NULs included) are UTF-16 only when nearly every other
    # byte is NUL, as in UTF-16 of ASCII text: a few NULs in a short UTF-8 file are junk,
    # not a sign of UTF-16.
    needed = 0.9 if _is_utf8(sample) else 0.4
    if odd_nuls > needed * half and even_nuls < 0.05 * half:
        return "utf-16-le"
    if even_nuls > needed * half and odd_nuls < 0.05 * half:
        return "utf-16-be"
    return None


def _is_utf8(sample: bytes) -> bool:
    try:
        sample.decode("utf-8")
    except UnicodeDecodeError as error:
        return error.start >= len(sample) - 3  # cut inside a character at the sample's end
    return True

"""Decklist bytes as text, the way every reader decodes them: ``source.decode_text`` (a
byte-order mark, UTF-16, UTF-8, Windows-1252 line by line), and before Windows-1252, a
Japanese list saved by Windows in its legacy encoding (cp932), which only the catalog can
tell from nonsense: so this module sits above the bytes layer, beside the card-name oracle.
"""

from __future__ import annotations

from planarcli.deck.readers import source


def decode_text(data: bytes, display: str) -> str:
    """Decode decklist bytes (``source.decode_text``, a legacy Japanese list included), or
    raise InputError saying why they are not text."""
    return source.decode_text(data, display, japanese_legacy)


#: Japanese writing: hiragana, katakana (full width) and CJK ideographs, as code point ranges.
#: (Tested in code, not with the character class ``[\u3040-\u30ff\u4e00-\u9fff]``,
#: which costs about 19 M instructions to compile, for its 21,000 code points: a twentieth
#: of a ``validate`` run over 25 decks.)
_JAPANESE_RANGES = (("\u3040", "\u30ff"), ("\u4e00", "\u9fff"))


def has_japanese(text: str) -> bool:
    """Whether ``text`` holds a hiragana, katakana or CJK ideograph."""
    if text.isascii():
        return False
    return any(
        low <= char <= high for char in text if char >= "\u3040" for low, high in _JAPANESE_RANGES
    )


#: Lines with Japanese writing tried as card names before a legacy Japanese file is given up.
_JAPANESE_LINES_TRIED = 200


def japanese_legacy(data: bytes) -> str | None:
    """The text of ``data`` (which is not UTF-8) when it is a Japanese list saved by Windows
    in its legacy encoding (cp932, Microsoft's Shift_JIS): it decodes as cp932 and encodes
    back to the same bytes, has Japanese writing, and a line of it names a planar card by its
    printed Japanese name. Else None, and the file is read as Windows-1252 as before (a
    Windows-1252 file often decodes as cp932 too, into nonsense that names no card).

    The catalog is loaded only for such a file. ``rewrite`` asks the same question, so a
    fix writes the file back in cp932."""
    try:
        text = data.decode("cp932")
    except UnicodeDecodeError:
        return None
    if not has_japanese(text) or text.encode("cp932") != data:
        return None
    from planarcli.deck.readers.cardline import split_card_line
    from planarcli.deck.readers.cardnames import CardNames

    names = CardNames(None)
    tried = 0
    for line in source.split_lines(text):
        line = line.strip()
        if not has_japanese(line):
            continue
        parts = split_card_line(line)
        if parts is not None and names.known(parts.name):
            return text
        tried += 1
        if tried >= _JAPANESE_LINES_TRIED:
            break
    return None

"""Decklist bytes as text, the way every reader decodes them: ``source.decode_text`` (a
byte-order mark, UTF-16, UTF-8, Windows-1252 line by line), and before Windows-1252, a list
saved in a legacy encoding (``LEGACY``: Japanese cp932 and EUC-JP, Chinese GB18030, Mac
Roman), which only the catalog can tell from nonsense: so this module sits above the bytes
layer, beside the card-name oracle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from planarcli.deck.readers import source
from planarcli.errors import InputError

if TYPE_CHECKING:
    from collections.abc import Callable


def decode_text(data: bytes, display: str) -> str:
    """Decode decklist bytes (``source.decode_text``, a legacy encoding's list included), or
    raise InputError saying why they are not text."""
    return source.decode_text(data, display, lambda data: _legacy_text(data, display))


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


def has_cjk(text: str) -> bool:
    """Whether ``text`` holds a CJK ideograph (Chinese writing)."""
    return not text.isascii() and any("\u4e00" <= char <= "\u9fff" for char in text)


class Legacy:
    """A legacy encoding a decklist may be saved in: its Python codec, what its users call
    it, the writing its text must hold (None: any), and whether a file that decodes as it
    cleanly, with that writing, is surely in it (EUC-JP pairs every byte above 0xA0: a
    Windows-1252 text is almost never such pairs only; cp932 and GB18030 read most bytes).
    (A plain class: a table made on every start-up, where ``@record``'s class building
    costs.)"""

    __slots__ = ("codec", "label", "telling", "writing")

    def __init__(
        self, codec: str, label: str, writing: Callable[[str], bool] | None, *, telling: bool
    ) -> None:
        self.codec = codec
        self.label = label
        self.writing = writing
        self.telling = telling


#: The legacy encodings tried before Windows-1252, in order (of two that name as many
#: cards, the first is taken).
LEGACY: tuple[Legacy, ...] = (
    Legacy("cp932", "Japanese Shift_JIS (cp932)", has_japanese, telling=False),
    Legacy("euc_jp", "Japanese EUC-JP", has_japanese, telling=True),
    Legacy("gb18030", "Chinese GB18030", has_cjk, telling=False),
    Legacy("mac_roman", "Mac Roman", None, telling=False),
)

#: Lines that are not ASCII tried as card names before the legacy encodings are given up.
_LINES_TRIED = 200


def legacy_reading(data: bytes, display: str = "<input>") -> tuple[str, str] | None:
    """The text of ``data`` (which is not UTF-8) and its codec when it is a list saved in a
    legacy encoding of ``LEGACY``: it decodes as that encoding and encodes back to the same
    bytes, holds the encoding's writing, and more of its lines that are not ASCII name a
    planar card (by a printed name: "トレイリア西部のアカデミー", "Académie de l'Ouest de
    Tolaria") than when they are read as Windows-1252 (or UTF-8, for a line that is). Else
    None, and the file is read as Windows-1252 line by line as before (a Windows-1252 file
    often decodes as cp932 or Mac Roman too, into nonsense that names no card). A file that
    names no card either way but decodes cleanly as a ``telling`` encoding is in it, not in
    Windows-1252, whose reading would be nonsense: InputError, the encoding could not be
    read as a decklist's.

    The catalog is loaded only for a file with lines that are not ASCII. ``rewrite`` asks
    the same question, so a fix writes the file back in the encoding it was read in."""
    # (lines parted by CRLF, LF or CR: no byte of a character of these encodings is one)
    lines = [line for line in data.splitlines() if not line.isascii()][:_LINES_TRIED]
    if not lines:
        return None
    readings = []
    for legacy in LEGACY:
        try:
            text = data.decode(legacy.codec)
        except UnicodeDecodeError:
            continue
        if text.encode(legacy.codec) == data and (legacy.writing is None or legacy.writing(text)):
            readings.append((legacy, text))
    if not readings:
        return None
    names = _Names()
    plain = sum(map(names.names_a_card, map(_plain_line, lines)))
    best: tuple[int, Legacy, str] | None = None
    for legacy, text in readings:
        named = sum(names.names_a_card(line.decode(legacy.codec)) for line in lines)
        if named > plain and (best is None or named > best[0]):
            best = (named, legacy, text)
    if best is not None:
        return best[2], best[1].codec
    told = next((legacy for legacy, _ in readings if legacy.telling), None)
    if told is not None and plain == 0:
        raise InputError(
            f"is in an encoding that could not be told (it reads as {told.label}, but then "
            "names no card planarcli knows; as Windows-1252 it would be nonsense)",
            path=display,
            hint="save the file as UTF-8",
        )
    return None


def _legacy_text(data: bytes, display: str) -> str | None:
    read = legacy_reading(data, display)
    return None if read is None else read[0]


def _plain_line(line: bytes) -> str:
    """A line as ``source`` reads it without a legacy encoding: UTF-8 if it is, else
    Windows-1252 ("" for bytes that are neither)."""
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError:
        return line.decode("cp1252", errors="ignore")


class _Names:
    """Whether a line of a decoding names a planar card (the catalog loads on first need)."""

    def __init__(self) -> None:
        from planarcli.deck.readers.cardnames import CardNames

        self._names = CardNames(None)

    def names_a_card(self, line: str) -> bool:
        from planarcli.deck.readers.cardline import split_card_line

        parts = split_card_line(line.strip())
        return parts is not None and self._names.known(parts.name)

"""What a folder scan passes over from a file's first bytes, before any reader reads it.

A directory search meets notes, configs and price sheets beside the decks. Reading each as
a deck to learn that it is none cost a third of a deck (prose notes as much as a deck), so
the search asks this gate first: one table, ``ROWS``, of the kinds of file that are
certainly no decklist, each with the suffixes it looks at, a test of the file's first
bytes (as text), the reason the search gives (the reason the readers would give: a file
passed over here reads alike in ``validate -v``) and an example. A new format whose files
could be taken for one of these kinds narrows its row's test; a new kind of file that is
never a deck is a new row.

A file named on the command line is never gated: it is read and judged as a decklist.
"""

from __future__ import annotations

from collections.abc import Callable

from planarcli.deck.readers import _BY_SUFFIX, _sniff_text, looks_like_csv_decklist
from planarcli.records import record
from planarcli.textcodec import bom_encoding, bomless_utf16

#: How much of a file the gate reads. The prose row judges a file only when all of it fits.
HEAD_BYTES = 16384

#: The reason the text reader gives a file without one card line (deck/validate.py).
NO_CARD_LINE = (
    "no line reads as a card line (no quantities, no section headings, no plane or "
    "phenomenon names): not a decklist"
)


@record
class GateRow:
    """One kind of file a search passes over."""

    id: str
    suffixes: tuple[str, ...] | None  # the lower-case suffixes it looks at; None: text files
    test: Callable[[bytes, bool], bool]  # (the first bytes, whether they are the whole file)
    reason: str
    format: str | None  # the reader the file would have gone to (reports name it), if any
    example: str


#: A sentence of prose: at least this many words ...
SENTENCE_WORDS = 7
#: ... and at most one comma for this many words (a list of names has one every word or two)
WORDS_PER_COMMA = 4
_SENTENCE_END = (".", "!", "?")


#: What card lines, headings and tables carry and prose need not: a tab, a bar, brackets,
#: parentheses, braces, markup, two spaces in a row (a column). (Each is looked for with
#: ``in``: a pattern of them tried at every character costs ten times more.)
_NOT_PROSE = ("\t", "|", "[", "]", "(", ")", "{", "}", "<", ">", "  ")


def _prose(data: bytes, whole: bool) -> bool:
    """Notes: every line of the whole file blank or a sentence or more of prose, which no
    card line can be: it begins with a capital letter (no quantity, heading mark, bullet or
    quote), ends a sentence, has SENTENCE_WORDS words or more and few commas, and the file
    has no ``_NOT_PROSE`` mark; at least two such lines."""
    if not whole:
        return False
    text = _text(data)
    sentences = 0
    for line in text.split("\n"):
        line = line.strip()
        if not line:
            continue
        words = line.count(" ") + 1
        if (
            words < SENTENCE_WORDS
            or not line.endswith(_SENTENCE_END)
            or not line[0].isupper()
            or not line[0].isalpha()
            or line.count(",") * WORDS_PER_COMMA > words
        ):
            return False
        sentences += 1
    # (the marks last: a deck's first line is no sentence, and it is read at once)
    return sentences >= 2 and not any(mark in text for mark in _NOT_PROSE)


def _csv_without_name_column(data: bytes, whole: bool) -> bool:
    """A CSV whose header row is no decklist export's (a card-name column beside a quantity
    or board column): a price sheet."""
    return not looks_like_csv_decklist(_sniff_text(data))


def _text(data: bytes) -> str:
    """``data`` as text, whatever its encoding (errors replaced), as the readers sniff it."""
    marked = bom_encoding(data)
    if marked is not None:
        encoding, skip = marked
        return data[skip:].decode(encoding, errors="replace")
    return data.decode(bomless_utf16(data) or "utf-8", errors="replace")


#: The kinds of file a search passes over, in the order they are tried.
ROWS: tuple[GateRow, ...] = (
    GateRow(
        "csv-no-name-column",
        (".csv",),
        _csv_without_name_column,
        "a CSV file whose header names no card-name column",
        None,
        "sku,price_usd,updated",
    ),
    GateRow(
        "prose",
        None,
        _prose,
        NO_CARD_LINE,
        "text",
        "We played four rounds of Planechase on Thursday and the chaos kept coming up.",
    ),
)


def _is_text_suffix(suffix: str) -> bool:
    """Whether a file with this suffix is read by the text reader when its content does
    not say otherwise."""
    return suffix not in _BY_SUFFIX and suffix != ".csv"


def passed_over(path: str, suffix: str) -> GateRow | None:
    """The row by which a search passes over the file at ``path`` (lower-case ``suffix``),
    or None when it may be a decklist (or cannot be read: its reader then says why)."""
    rows = [
        row
        for row in ROWS
        if (suffix in row.suffixes if row.suffixes is not None else _is_text_suffix(suffix))
    ]
    if not rows:
        return None
    try:
        with open(path, "rb") as handle:
            data = handle.read(HEAD_BYTES + 1)
    except OSError:
        return None
    whole = len(data) <= HEAD_BYTES
    data = data[:HEAD_BYTES]
    for row in rows:
        if row.test(data, whole):
            return row
    return None

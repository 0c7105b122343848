"""Decklist readers: one module per format, all producing the same ``Decklist``.

``read_decklist`` reads the bytes once (``source.read_input``), picks a reader from the
``--input-format`` the user forced, else from the file's content and extension, and returns
the reader's Decklist. Readers are imported only when used.

Format detection (``detect_format``) looks at the first few kB only, never parses the file:

1. content: ``<cockatrice_deck`` -> cockatrice; ``<Deck`` -> mtgo; another XML document
   -> mtgo for ``.dek``, text for a ``.txt`` that starts like HTML (``<ul>``, ``<p>``),
   else cockatrice (whose reader then says what is wrong);
   a JSON object marked ``"format": "planarcli-deck"`` -> json; a Scryfall object
   (``"object": "list"`` or ``"card"``, an array of cards too) -> cards; one with
   ``"meta"`` / ``"data"`` / MTGJSON board keys -> mtgjson; any other JSON -> json, whose
   reader reads an app's planes and objects keyed by id (``readers.cardjson``) or says it
   is no decklist; a Forge section header (``[metadata]``,
   ``[Main]``, ``[planar]``, ``[Planes]``...) on a line of its own, together with
   ``[metadata]``, a second such header or a ``1 Name|SET`` line -> forge; a JSON array
   (``[[``, ``[{``, ``[1``...) -> json (whose reader says it is no decklist);
   XMage's layout lines, or its ``1 [SET:num] Name`` lines under ``NAME:...`` -> xmage;
   a first line (after Excel's ``sep=;``) that is a CSV header naming a card-name column
   and a quantity or board column (``Count,Name,Edition``, ``"Quantity","Name"``; in a
   ``.csv`` a name column alone, ``Name,Set``) -> csv;
2. extension: ``.dck`` forge (xmage without a Forge section, with XMage's ``NAME:``,
   ``SB:`` or ``1 [SET:num] Name`` lines), ``.cod`` cockatrice,
   ``.dek`` mtgo, ``.json`` json (a ``.csv`` without such a header is read as text:
   ``Name,1`` lines);
3. otherwise text.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from planarcli.deck.readers.model import (  # the limits every reader keeps, kept here too
    HTML_START,
    MAX_CARD_LINES,
    MAX_NAME_LENGTH,
    MAX_QUANTITY,
    DeckEntry,
    Decklist,
    ReaderIssue,
    name_too_long,
    parse_quantity,
)
from planarcli.deck.readers.source import RawInput, read_input
from planarcli.errors import UsageError
from planarcli.lazyre import lazy
from planarcli.textcodec import bom_encoding, bomless_utf16

if TYPE_CHECKING:
    from planarcli.cards.catalog import Catalog

__all__ = [
    "DECKLIST_SUFFIXES",
    "FORMATS",
    "MAX_CARD_LINES",
    "MAX_NAME_LENGTH",
    "MAX_QUANTITY",
    "DeckEntry",
    "Decklist",
    "ReaderIssue",
    "detect_format",
    "looks_like_csv_decklist",
    "looks_like_json_decklist",
    "name_too_long",
    "parse_quantity",
    "read_decklist",
    "reader_for",
]

#: format name -> module in this package whose ``read(raw: RawInput) -> Decklist`` reads it.
FORMATS: dict[str, str] = {
    "text": "planarcli.deck.readers.text",
    "forge": "planarcli.deck.readers.forge",
    "cockatrice": "planarcli.deck.readers.cockatrice",
    "mtgo": "planarcli.deck.readers.mtgo",
    "mtgjson": "planarcli.deck.readers.mtgjson",
    "json": "planarcli.deck.readers.jsondeck",
    "csv": "planarcli.deck.readers.csvdeck",
    "cards": "planarcli.deck.readers.cardjson",
    "xmage": "planarcli.deck.readers.xmage",
}

#: file extensions that are decklists (used when a directory is searched).
DECKLIST_SUFFIXES: tuple[str, ...] = (
    ".txt",
    ".dec",
    ".deck",
    ".dek",
    ".dck",
    ".cod",
    ".json",
    ".csv",
)

_BY_SUFFIX = {".dck": "forge", ".cod": "cockatrice", ".dek": "mtgo", ".json": "json"}
_SNIFF_BYTES = 4096
#: Extensions of formats whose content says what they are (XML, JSON, a CSV header).
_NOT_XMAGE = frozenset({".cod", ".dek", ".json", ".csv"})

_FORGE_SECTION = lazy(
    r"^[ \t]*\[[ \t]*(metadata|general|main|sideboard|commander|planar|planes|schemes|"
    r"conspiracy|dungeon|avatar)[ \t]*\][ \t]*$",
    re.IGNORECASE | re.MULTILINE,
)
_FORGE_CARD = lazy(r"^[ \t]*\d+[ \t]+[^|\r\n]+\+?\|[A-Za-z0-9#]", re.MULTILINE)
_JSON_ARRAY = lazy(r"\[\s*(?:[\[{\"\]0-9-]|true\b|false\b|null\b|\Z)")
_PLANARCLI_MARK = lazy(r'"format"\s*:\s*"planarcli-deck"')
#: MTGJSON's keys (not "planes" alone: an app's ``{"planes": [...]}`` is card JSON).
_MTGJSON_KEYS = lazy(r'"(?:meta|data|mainBoard|sideBoard|displayCommander|sealedProductUuids)"\s*:')
#: XMage's card line, the printing before the name: "1 [OHOP:3] Bant", "SB: 1 [OHOP:3] Bant".
_XMAGE_CARD = lazy(r"^[ \t]*(?:SB:[ \t]*)?\d+[ \t]+\[[A-Za-z0-9_]{1,8}:[^\]\s]*\][ \t]+\S", re.M)
#: A line of XMage's in a .dck: its card line's printing, a sideboard line, its deck's name.
_XMAGE_SIGN = lazy(r"^[ \t]*(?:SB:|NAME:|\d+[ \t]+\[[A-Za-z0-9_]{1,8}:)", re.M)
#: What only XMage writes: its layout lines.
_XMAGE_MARK = lazy(r"^[ \t]*LAYOUT (?:MAIN|SIDEBOARD):", re.M)
#: An app's planes: ``{"planes": [...]}``, ``"phenomena": {...}``.
_APP_PLANES = lazy(r'"(?:planes|phenomena|planar[ _]?(?:deck|cards))"\s*:\s*[\[{]', re.I)
#: A Scryfall object: a list of cards, or a card (``"object": "card"``).
_SCRYFALL_MARK = lazy(r'"object"\s*:\s*"(?:list|card)"')


def _sniff_text(data: bytes) -> str:
    """The start of ``data`` as text, whatever its encoding (errors replaced)."""
    sample = data[:_SNIFF_BYTES]
    marked = bom_encoding(sample)
    if marked is not None:
        encoding, skip = marked
        return sample[skip:].decode(encoding, errors="replace")
    guessed = bomless_utf16(sample)
    return sample.decode(guessed or "utf-8", errors="replace")


def detect_format(raw: RawInput) -> str:
    """The reader for these bytes: by content first, then by extension, else plain text."""
    head = _sniff_text(raw.data).lstrip("\ufeff \t\r\n")
    if head.startswith("<"):
        if "<cockatrice_deck" in head:
            return "cockatrice"
        if re.search(r"<Deck[\s>/]", head):
            return "mtgo"
        if raw.suffix == ".txt" and HTML_START.match(head):
            return "text"  # an HTML list pasted into a .txt: "<ul><li>Akoum</li>..."
        return "mtgo" if raw.suffix == ".dek" else "cockatrice"
    if head.startswith("{"):
        if _PLANARCLI_MARK.search(head):
            return "json"
        if _SCRYFALL_MARK.search(head):
            return "cards"
        if _MTGJSON_KEYS.search(head):
            return "mtgjson"
        return "json"
    if head.startswith("[") and _JSON_ARRAY.match(head):
        if head[1:].lstrip().startswith("{") and _SCRYFALL_MARK.search(head):
            return "cards"  # [{"object": "card", ...}, ...]
        if raw.suffix != ".txt" or _json_but_no_names(raw):
            return "json"
        return "text"  # "[1] Akoum" in a .txt, or a .txt that is a JSON array of card names
    if head.startswith("["):
        sections = _FORGE_SECTION.findall(head)
        if sections and (
            any(s.casefold() == "metadata" for s in sections)
            or len(sections) > 1
            or _FORGE_CARD.search(head)
        ):
            return "forge"
        if raw.suffix in (".json", ".dck"):
            return _BY_SUFFIX[raw.suffix]
        return "text"
    if head[:5].lstrip('"')[:4].casefold() == "sep=" and _sep_line(head):
        return "csv"  # Excel's "sep=;" above a header: a CSV file, whatever its name
    if raw.suffix not in _NOT_XMAGE and _looks_like_xmage(head):
        return "xmage"  # "NAME:Bant" and "1 [OHOP:3] Bant", "LAYOUT MAIN:...": XMage wrote it
    if raw.suffix == ".dck" and _XMAGE_SIGN.search(head) and not _FORGE_SECTION.search(head):
        return "xmage"  # no Forge section, and XMage's NAME:, SB: or "1 [SET:num] Name" lines
    if raw.suffix not in _BY_SUFFIX and looks_like_csv_decklist(head, raw.suffix):
        return "csv"
    return _BY_SUFFIX.get(raw.suffix, "text")


def _looks_like_xmage(head: str) -> bool:
    """Whether ``head`` is the start of an XMage deck: a layout line, or XMage's card lines
    (``1 [OHOP:3] Bant``) under a first line ``NAME:...`` (a cheap gate first: "[" or
    "LAYOUT" in the text)."""
    if "LAYOUT " in head and _XMAGE_MARK.search(head):
        return True
    return head.startswith("NAME:") and "[" in head and _XMAGE_CARD.search(head) is not None


def _json_but_no_names(raw: RawInput) -> bool:
    """Whether a ``.txt`` that starts like a JSON array is JSON, and not a JSON array of
    card names: that is read as JSON (whose reader says it is no decklist); one that is not
    JSON at all (``[1] Akoum``), or an array of names, is read as text."""
    import json

    from planarcli.deck.readers.decoding import decode_text
    from planarcli.errors import PlanarError

    try:
        document = json.loads(decode_text(raw.data, raw.display).lstrip("\ufeff"))
    except RecursionError:  # "[[[[...": JSON, whose reader says it is nested too deeply
        return True
    except (ValueError, PlanarError):
        return False
    return not (
        isinstance(document, list)
        and bool(document)
        and all(isinstance(item, str) for item in document)
    )


#: Where a first line of known column names alone (``Name,Set``, ``Name``) marks a CSV
#: file: a .txt and stdin, whose content says what they hold.
_SNIFFED_SUFFIXES = frozenset({".txt", ""})
#: The longest first line tried as such a header (a cheap gate: a text deck's first card
#: line is tried no further).
_LONGEST_HEADER = 120


def _sep_line(head: str) -> bool:
    """Whether the first line of ``head`` is Excel's ``sep=;`` line."""
    from planarcli.deck.readers.csvdeck import delimiter_line

    return delimiter_line(head.split("\n", 1)[0]) is not None


def looks_like_csv_decklist(head: str, suffix: str = ".csv") -> bool:
    """Whether the first line of ``head`` (after an Excel ``sep=;`` line) is the header row
    of a CSV decklist. In a ``.csv`` file a card-name column alone is one (``Name,Set``,
    ``Card Name``); in a .txt or on stdin, a line of known column names only (``Name,Set``,
    ``Name``); elsewhere a quantity or board column must be beside it."""
    lines = head.lstrip("\ufeff \t\r\n").split("\n", 3)[:3]
    alone = suffix == ".csv"
    sniffed = suffix in _SNIFFED_SUFFIXES and len(lines[0]) <= _LONGEST_HEADER
    if not alone and not any(delimiter in lines[0] for delimiter in ",;\t"):
        if not sniffed or len(lines[0]) > 12 or not lines[0][:1].isalpha():
            return False  # (most text decklists: the CSV reader is not even loaded)
        from planarcli.deck.readers.vocabulary import CSV_NAME_ALONE

        if " ".join(lines[0].split()).casefold() not in CSV_NAME_ALONE:
            return False
    from planarcli.deck.readers.csvdeck import all_columns, header_columns, header_start

    at, forced = header_start(lines)
    if at is None:
        return False
    if header_columns(lines[at], delimiter=forced, alone=alone) is not None:
        return True
    return sniffed and all_columns(lines[at], forced) is not None


def looks_like_json_decklist(data: bytes) -> bool:
    """Whether the start of a JSON file (any encoding) marks it as an MTGJSON deck, a
    planarcli decklist, Scryfall card objects or an app's planes, so a directory search can
    pass over package.json and the like."""
    head = _sniff_text(data)
    return bool(
        _PLANARCLI_MARK.search(head)
        or _MTGJSON_KEYS.search(head)
        or _SCRYFALL_MARK.search(head)
        or _APP_PLANES.search(head)
    )


def reader_for(name: str) -> Callable[[RawInput], Decklist]:
    try:
        module = importlib.import_module(FORMATS[name])
    except KeyError:
        raise UsageError(
            f"unknown input format {name!r}; choose from {', '.join(sorted(FORMATS))}"
        ) from None
    read: Callable[[RawInput], Decklist] = module.read
    return read


#: Readers whose lines can read two ways and take a ``catalog=`` to settle them.
_TAKES_CATALOG = frozenset({"text", "csv"})


def read_decklist(
    path: str, *, input_format: str | None = None, catalog: Catalog | None = None
) -> Decklist:
    """Read and parse one decklist file (``-`` for stdin). Raises InputError.

    ``catalog`` settles lines that read two ways (``Pain 101``: a card, or 101 Pain?); by
    default the loaded catalog, loaded only when such a line appears."""
    raw = read_input(path)
    name = input_format or detect_format(raw)
    reader = reader_for(name)
    if name in _TAKES_CATALOG:
        return reader(raw, catalog=catalog)  # type: ignore[call-arg]
    return reader(raw)

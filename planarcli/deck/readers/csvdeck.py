"""CSV decklists: a header row, then one card per row (Deckstats, TappedOut, Moxfield and
Archidekt CSV exports, spreadsheets).

The header names the columns, in any order and case, quoted or not: a name column
(``Name``, ``Card Name``, ``card_name``, ``Card``) is required; a quantity column
(``Count``, ``Quantity``, ``Qty``, ``Amount``, ``Copies``) is optional (1 each without
one); a section column (``Board``, ``Section``, ``Category``, ``Categories``, ``Zone``)
says where the card sits, read like a text heading (``Planar``, ``Planes{noDeck}``,
``side``, ``main``...; Scryfall's ``outside`` section is searched for planes and
phenomena, as a sideboard is). A tracker sheet's ``In the deck?`` column (``Included``,
``Playing``) leaves out the rows marked ``no`` (``n``, ``false``, ``0``, ``nein``, ``non``).
A planar sheet may head its name column ``Plane``, ``Planes`` or ``Plane / Phenomenon``.
A ``#`` (or ``Number``) column whose values run 1, 2, 3... down the rows numbers them: one
card each. A row holding nothing but a heading (``Phenomena``) is no card.
Every other column (``Edition``, ``Foil``, ``Collector Number``) is ignored, so a sheet of
``Name,Set`` or ``Card Name`` alone is one copy of each card a row. The delimiter is a
comma, a semicolon or a tab, whichever the header uses, or the one Excel's first line
``sep=;`` names (Dragon Shield and other exports write it above the header).

A name with a comma must be quoted in CSV; an export that forgot (``1,Borrowing 100,000
Arrows,C21``) gives a row with more fields than the header, and the extra fields are
joined back into the name, which is the one free-text column.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from planarcli.deck.readers.cardnames import CardNames
from planarcli.deck.readers.decoding import decode_text
from planarcli.deck.readers.model import (
    MAX_CARD_LINES,
    DeckEntry,
    Decklist,
    ReaderIssue,
    name_too_long,
    parse_quantity,
)
from planarcli.deck.readers.source import RawInput, split_lines
from planarcli.deck.readers.vocabulary import (
    COLLECTOR_COLUMNS,
    CSV_NAME_ALONE,
    CSV_NAME_COLUMNS,
    CSV_QUANTITY_COLUMNS,
    INCLUDED_COLUMNS,
    INCLUDED_TAIL,
    LEFT_OUT,
    NUMBERING_COLUMNS,
    OUTSIDE_SECTIONS,
    SECTION_COLUMNS,
    SET_COLUMNS,
    section_role,
)

if TYPE_CHECKING:
    from planarcli.cards.catalog import Catalog

DELIMITERS = (",", ";", "\t")


def _column(cells: list[str], names: frozenset[str]) -> int | None:
    return next((index for index, cell in enumerate(cells) if cell in names), None)


def _printing(
    row: list[str], set_at: int | None, number_at: int | None
) -> tuple[str | None, str | None]:
    """(set code, collector number) of a row: a code of 2-6 letters and digits ("ohop"; a
    set's full name, as some exports write, is no code), and a number only beside a code."""
    code = row[set_at].strip() if set_at is not None and set_at < len(row) else ""
    if not (2 <= len(code) <= 6 and code.isascii() and code.isalnum()):
        return None, None
    number = row[number_at].strip() if number_at is not None and number_at < len(row) else ""
    return code.upper(), (number if number and number.isascii() and " " not in number else None)


def _fold(cell: str) -> str:
    cell = cell.strip().strip('"').strip()
    return " ".join(cell.replace("_", " ").replace("-", " ").split()).casefold()


#: Excel's first line naming the delimiter (``sep=;``; Dragon Shield and other exports).
SEP_LINE = "sep="


def delimiter_line(line: str) -> str | None:
    """The delimiter a ``sep=,`` / ``sep=;`` / ``"sep=\t"`` line names, else None."""
    text = line.strip(" \r\n").lstrip("\ufeff").strip('"')  # (a tab may be the delimiter)
    if len(text) == 5 and text[:4].casefold() == SEP_LINE:
        return text[4]
    if text.casefold() == "sep=\\t":
        return "\t"
    return None


def header_start(lines: list[str]) -> tuple[int | None, str | None]:
    """(index of the header row, the delimiter a ``sep=`` line above it named, or None)."""
    at = next((i for i, line in enumerate(lines) if line.strip()), None)
    if at is None:
        return None, None
    forced = delimiter_line(lines[at])
    if forced is None:
        return at, None
    after = next((i for i in range(at + 1, len(lines)) if lines[i].strip()), None)
    return after, forced


def header_columns(
    line: str, *, delimiter: str | None = None, alone: bool = False
) -> tuple[str, dict[str, int]] | None:
    """(delimiter, {"name": i, "quantity": j, "section": k}) when ``line`` is the header
    row of a CSV decklist, else None. Cheap: no csv module, for format detection.

    A header names a card-name column and a quantity, board or in-the-deck column; with
    ``alone`` (a ``.csv`` file, which is a table whatever it holds) the name column is
    enough: ``Name,Set``, ``Card Name``, one copy a row. ``delimiter`` is the one a ``sep=``
    line named."""
    line = line.strip().lstrip("\ufeff")
    for candidate in (delimiter,) if delimiter else DELIMITERS:
        if candidate not in line and not alone:
            continue
        cells = [_fold(cell) for cell in line.split(candidate)]
        columns: dict[str, int] = {}
        for index, cell in enumerate(cells):
            if cell.endswith(INCLUDED_TAIL):  # "in the deck?", "in deck (y/n)"
                for tail in INCLUDED_TAIL:
                    cell = cell.removesuffix(tail).rstrip()
            for role, names in (
                ("name", CSV_NAME_COLUMNS),
                ("quantity", CSV_QUANTITY_COLUMNS),
                ("section", SECTION_COLUMNS),
                ("included", INCLUDED_COLUMNS),
            ):
                if cell in names and role not in columns:
                    columns[role] = index
        if "name" in columns and (len(columns) > 1 or alone):
            if candidate not in line and len(cells) > 1:
                continue
            return candidate, columns
    return None


#: The columns a header row read by its content alone (in a .txt, on stdin) may name beside
#: its one card-name column.
_BESIDE_THE_NAME = (
    CSV_QUANTITY_COLUMNS | SECTION_COLUMNS | SET_COLUMNS | COLLECTOR_COLUMNS | INCLUDED_COLUMNS
)


def all_columns(line: str, delimiter: str | None = None) -> str | None:
    """The delimiter of ``line`` when every field of it is a column name this reader knows
    (one card-name column, the others a count, a set, a number...: ``Name,Set``), or when it
    is a card-name column alone (``Name``); else None."""
    for candidate in (delimiter,) if delimiter else DELIMITERS:
        if candidate not in line:
            continue
        cells = [_fold(cell) for cell in line.strip().lstrip("\ufeff").split(candidate)]
        names = sum(1 for cell in cells if cell in CSV_NAME_COLUMNS)
        if names == 1 and all(
            cell in CSV_NAME_COLUMNS or cell in _BESIDE_THE_NAME for cell in cells
        ):
            return candidate
    return "," if _fold(line.lstrip("\ufeff")) in CSV_NAME_ALONE else None


def _section(value: str) -> tuple[str, str] | None:
    """(section as written, role) of a section cell; None for an empty one."""
    written = value.strip()
    if not written:
        return None
    if " ".join(written.split()).casefold() in OUTSIDE_SECTIONS:
        return written, "candidate"
    for part in written.split(","):
        name = part.split("{", 1)[0].strip()  # Archidekt "Planes{noDeck}"
        if name and section_role(name) == "planar":
            return name, "planar"
    first = written.split(",")[0].split("{", 1)[0].strip() or written
    return first, section_role(first) or "other"


def read(raw: RawInput, *, catalog: Catalog | None = None) -> Decklist:
    """Read a CSV decklist. ``catalog`` settles a row whose unquoted name held commas."""
    import csv

    lines = split_lines(decode_text(raw.data, raw.display))
    header_at, forced = header_start(lines)
    found = (
        header_columns(lines[header_at], delimiter=forced, alone=True)
        if header_at is not None
        else None
    )
    if header_at is None or found is None:
        return _without_header(raw.display, header_at)
    delimiter, columns = found
    header_cells = next(csv.reader([lines[header_at].lstrip("\ufeff")], delimiter=delimiter))
    width = len(header_cells)
    folded = [_fold(cell) for cell in header_cells]
    set_at, number_at = _column(folded, SET_COLUMNS), _column(folded, COLLECTOR_COLUMNS)
    name_at = columns["name"]
    names = CardNames(catalog)

    entries: list[DeckEntry] = []
    issues: list[ReaderIssue] = []
    sectioned = "section" in columns
    body = lines[header_at + 1 :]
    reader = csv.reader(iter(body), delimiter=delimiter, strict=False)
    consumed = 0
    while True:
        start = header_at + 2 + consumed  # 1-based line where this row starts
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as error:
            issues.append(ReaderIssue(start, "unreadable-line", f"cannot read this row: {error}"))
            break
        consumed = reader.line_num
        if not any(cell.strip() for cell in row):
            continue
        included = columns.get("included")
        if included is not None and included < len(row) and _fold(row[included]) in LEFT_OUT:
            continue  # "Naktamun,MOC,no": a card the tracker says is out of the deck
        row = _rejoin_name(row, width, name_at, delimiter, names)
        name = row[name_at].strip() if name_at < len(row) else ""
        filled = [cell.strip() for cell in row if cell.strip()]
        if (
            len(filled) == 1
            and not filled[0][:1].isdigit()
            and section_role(filled[0].rstrip(":").strip()) is not None
        ):
            continue  # "<TAB>Phenomena<TAB><TAB>": a heading row between the cards
        if not name:
            issues.append(
                ReaderIssue(
                    start, "unreadable-line", f"row has no card name: {delimiter.join(row)[:60]!r}"
                )
            )
            continue
        too_long = name_too_long(name, start)
        if too_long is not None:
            issues.append(too_long)
            continue
        quantity = 1
        if "quantity" in columns:
            written = row[columns["quantity"]].strip() if columns["quantity"] < len(row) else ""
            parsed = parse_quantity(written) if written else None
            if parsed is None:
                issues.append(
                    ReaderIssue(
                        start,
                        "bad-quantity",
                        f"quantity {written[:20]!r} for {name!r} is not a number from 1 to "
                        "9999: fix the number",
                    )
                )
                continue
            quantity = parsed
        section, role = None, "unsectioned"
        if sectioned:
            cell = row[columns["section"]] if columns["section"] < len(row) else ""
            section, role = _section(cell) or (None, "other")
        set_code, number = _printing(row, set_at, number_at)
        entries.append(DeckEntry(name, quantity, start, section, role, 0, set_code, number))
        if len(entries) > MAX_CARD_LINES:
            break
    if _numbering(folded, columns, entries):
        # "#<TAB>Card": the rows' numbers 1, 2, 3..., one card each
        entries = [
            DeckEntry(e.name, 1, e.line, e.section, e.role, 0, e.set_code, e.number)
            for e in entries
        ]
    if sectioned and not any(e.section for e in entries):
        # a Board column left empty throughout says nothing: judge the list as a whole
        entries = [
            DeckEntry(e.name, e.quantity, e.line, None, "unsectioned", 0, e.set_code, e.number)
            for e in entries
        ]
    planar_sections = tuple(
        dict.fromkeys(e.section for e in entries if e.role == "planar" and e.section)
    )
    # rows with a quantity column are counted card lines (a deck), as "1 Akoum" in a text
    counted = len(entries) if "quantity" in columns else 0
    return Decklist(
        raw.display,
        "csv",
        tuple(entries),
        tuple(issues),
        None,
        planar_sections,
        counted_lines=counted,
    )


def _without_header(display: str, header_at: int | None) -> Decklist:
    """The decklist of a file whose first line is no CSV header: no cards, and why."""
    return Decklist(
        display,
        "csv",
        (),
        (
            ReaderIssue(
                header_at + 1 if header_at is not None else None,
                "no-csv-header",
                "no CSV header naming a Name column on the first line (after a 'sep=' "
                "line); add one, e.g. 'Count,Name'",
            ),
        ),
    )


#: Fewer rows than this numbered 1, 2, 3... may be quantities after all.
_FEWEST_NUMBERED = 3


def _numbering(folded: list[str], columns: dict[str, int], entries: list[DeckEntry]) -> bool:
    """Whether the quantity column is a sheet's row numbers: headed ``#`` (or ``No.``), its
    values running 1, 2, 3... down the rows (no deck holds 1, 2, 3... copies of its cards)."""
    at = columns.get("quantity")
    if at is None or folded[at] not in NUMBERING_COLUMNS or len(entries) < _FEWEST_NUMBERED:
        return False
    return all(entry.quantity == index for index, entry in enumerate(entries, start=1))


def _rejoin_name(
    row: list[str], width: int, name_at: int, delimiter: str, names: CardNames
) -> list[str]:
    """A row with more fields than the header: an unquoted name held the delimiter. Join the
    extra fields back into the name, unless the name as split is a card and the whole is not."""
    while len(row) > width and row[-1].strip() == "":
        row = row[:-1]  # a trailing delimiter
    extra = len(row) - width
    if extra <= 0 or name_at >= len(row):
        return row
    joined = delimiter.join(row[name_at : name_at + extra + 1])
    if names.known(row[name_at].strip()) and not names.known(joined.strip()):
        return row
    return [*row[:name_at], joined, *row[name_at + extra + 1 :]]

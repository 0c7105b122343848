"""Table rows pasted as text: a spreadsheet's cells parted by tabs, a Markdown or forum table
parted by pipes (``| 1 | Akoum | Plane |``), and its heading row (``| Qty | Name | Type |``).
Imported only for a file with a tab or a pipe on a line."""

from __future__ import annotations

from planarcli.deck.readers.cardline import CardLine, markdown_link, split_card_line
from planarcli.deck.readers.cardnames import CardNames
from planarcli.deck.readers.model import MAX_QUANTITY
from planarcli.deck.readers.vocabulary import (
    TABLE_NAME_COLUMNS,
    TABLE_OTHER_COLUMNS,
    TABLE_QUANTITY_COLUMNS,
    TYPE_WORDS,
)
from planarcli.lazyre import lazy

#: A table row's quantity cell: "1", "1x", "x1", "×2".
_CELL_QUANTITY = lazy(r"^(?:[xX×]\s*)?(\d{1,6})(?:\s*[xX×])?$")


#: A table row's numbering cell: "1." "2)".
_CELL_NUMBER = lazy(r"^\d{1,3}[.)]$")


#: A Markdown link in a table cell (its address may hold a space: the cell ends it).
_CELL_LINK = markdown_link(r"[^()]")


#: A pipe that separates table cells: at either end of the line or with a space beside it
#: (Forge's "Bant|OHOP" has none, and stays a name with its tags).
_TABLE_PIPE = lazy(r"^\||\|$|\s\||\|\s")


def table_cells(line: str) -> list[str] | None:
    """The cells of a table row, or None for a line that is none: a spreadsheet copy
    (``Akoum<TAB>Plane — Zendikar<TAB>1``) or a Markdown or forum table (``| 1 | Akoum |``,
    ``1 | Akoum | Plane — Zendikar``). Empty cells are kept, so columns line up."""
    if "\t" in line:
        cells = line.split("\t")
    elif "|" in line and _TABLE_PIPE.search(line):
        text = line.strip()
        text = text[1:] if text.startswith("|") else text
        text = text[:-1] if text.endswith("|") else text
        cells = text.split("|")
    else:
        return None
    cells = [cell.strip() for cell in cells]
    return cells if sum(1 for cell in cells if cell) >= 2 else None


def _fold_cell(cell: str) -> str:
    return " ".join(cell.split()).strip("*_ ").casefold()


def table_columns(cells: list[str], names: CardNames) -> tuple[int, int | None] | None:
    """(name column, quantity column or None) when the row is a table's heading row
    (``| Qty | Name | Type |``, ``Card<TAB>Qty``), else None. Its cells are column names
    this reader knows, or a name column (not "Plane", a type cell's word) with another one it
    knows and, beside them, at most as many cells of a few words of its own that are no
    card, no near miss of a planar card and hold no digit (``Card<TAB>Type<TAB>In binder``:
    a collection's own columns)."""
    folded = [_fold_cell(cell) for cell in cells]
    known = TABLE_NAME_COLUMNS | TABLE_QUANTITY_COLUMNS | TABLE_OTHER_COLUMNS
    name_at = next((i for i, cell in enumerate(folded) if cell in TABLE_NAME_COLUMNS), None)
    if name_at is None:
        return None
    unknown = [cells[i] for i, cell in enumerate(folded) if cell and cell not in known]
    if unknown and (
        folded[name_at] in TYPE_WORDS  # "Blorp<TAB>Plane<TAB>no": a row, its type and a value
        or len(unknown) * 2 > sum(1 for cell in folded if cell)  # as many known as not
        or sum(1 for cell in folded if cell in known) < 2  # "Akuom<TAB>Plane": a card row
        or any(
            len(cell.split()) > 3
            or any(map(str.isdigit, cell))
            or names.known(cell)
            or names.other(cell)
            or names.near(cell)
            for cell in unknown
        )
    ):
        return None
    quantity_at = next((i for i, cell in enumerate(folded) if cell in TABLE_QUANTITY_COLUMNS), None)
    return name_at, quantity_at


def _cell_text(cell: str) -> str:
    """A name cell without Markdown around it: ``**Akoum**``, ``[Akoum](https://...)``."""
    link = _CELL_LINK.match(cell) if cell.startswith("[") else None
    if link:
        cell = link.group(1).strip()
    bare = cell.strip("*_").strip()
    return bare if bare and cell[:1] in "*_" and cell[-1:] in "*_" else cell


#: A set code cell (``OPCA``, ``ohop``, ``PC2``) and the collector number cell after it.
_CELL_SET = lazy(r"^(?=[A-Za-z0-9]*[A-Za-z])(?:[A-Z0-9]{2,6}|[a-z0-9]{2,6})$")
_CELL_COLLECTOR = lazy(r"^[A-Za-z]{0,3}\d[\w★-]*$")


def _collector(cells: list[str], name_at: int, at: int) -> bool:
    """Whether ``cells[at]`` is a collector number: it follows a set code cell that itself
    follows the name (``Bant | OPCA | 78``, ``Bant<TAB>OPCA<TAB>78``), so it is no quantity."""
    if at < name_at + 2 or not _CELL_COLLECTOR.match(cells[at]):
        return False
    code = cells[at - 1]
    return bool(_CELL_SET.match(code)) and code.casefold() not in TYPE_WORDS


def table_row(cells: list[str], columns: tuple[int, int | None] | None) -> CardLine | None:
    """The card of a table row: the name cell read as a card line, with the quantity of
    the quantity cell. The columns come from the table's heading row when it had one;
    otherwise the quantity is the first cell that is a number ("1", "1x") and the name the
    first other cell (the rest, a type line or a set, is left out)."""
    name_at: int | None = None
    quantity_at: int | None = None
    printing: tuple[str, str] | None = None
    numbered = False
    if columns is not None and columns[0] < len(cells):
        cell = cells[columns[0]]
        if cell and not _CELL_QUANTITY.match(cell):
            name_at = columns[0]
            quantity_at = columns[1] if columns[1] is not None and columns[1] < len(cells) else None
    if name_at is None:
        for i, cell in enumerate(cells):
            if not cell:
                continue
            if name_at is None and quantity_at is None and _CELL_NUMBER.match(cell):
                numbered = True  # "1.<TAB>Akoum": the list's numbering
            elif quantity_at is None and name_at is None and _CELL_QUANTITY.match(cell):
                quantity_at = i
            elif name_at is None:
                name_at = i
            elif quantity_at is None and printing is None and _collector(cells, name_at, i):
                printing = (cells[i - 1], cell)  # "Bant | OPCA | 78": a card's number
            elif quantity_at is None and _CELL_QUANTITY.match(cell):
                quantity_at = i
    if name_at is None:
        return None
    parts = split_card_line(_cell_text(cells[name_at]))
    if parts is None:
        return None
    if printing is not None and parts.printing is None:
        parts.printing = printing
    quantity = _CELL_QUANTITY.match(cells[quantity_at]) if quantity_at is not None else None
    if quantity is not None and quantity_at is not None:
        digits = quantity.group(1)
        return parts._replace(
            quantity=int(digits) if len(digits) <= 5 else MAX_QUANTITY + 1,
            # "Pain 101" in a name cell is the name; "Akoum (plane)" is still weighed
            name=parts.name if parts.typed else (parts.whole or parts.name),
            form="leading" if quantity_at < name_at else "tab",
            whole=parts.whole if parts.typed else None,
        )
    if numbered and parts.form == "none":
        return parts._replace(form="numbered")
    return parts

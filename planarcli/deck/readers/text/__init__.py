"""Plain-text decklists: hand-written lists, taw/MTGJSON precon text, MTG Arena, Moxfield,
Archidekt, MTGO and Cockatrice text exports, and lists pasted from chats, e-mails, forums,
notes apps, spreadsheets and shops.

A card line is ``[quantity[x]] name [tags]``, or the quantity comes after the name
(``Name<TAB>1``, ``Name x1``, ``Name, 1``, ``Name 1``); section headings are bare lines
(``Planar Deck``, ``Planes:``, ``Sideboard (15)``, in six languages besides English). A
text is read as a pipeline of small steps, each in its own module:

1. ``text.artefacts``: what pasting adds around a line (a chat stamp, a quote mark, BBCode,
   a shop's total row, a site's toolbar, a signature's ``--``...), one row per artefact in
   ``ARTEFACTS``, each with its cheap gate, its pattern, its action and an example;
2. ``text.lines``: the line read as a blank line, a comment (``//``, ``#``; the deck's name,
   the communal mark), a heading (``text.headings``, with the words of
   ``readers.vocabulary``), a list on one line (``text.lists``), a table's row
   (``text.tables``) or a card line (``readers.cardline``: quantities, bullets, check boxes,
   prices and export tags), kept as one ``text.reading.Line`` record;
3. ``text.steps``: the steps over the whole list, in ``STEPS``: numberings, notes after or
   under a card (``text.notes``), the deck's title, a signature or quoted reply, prose
   (``text.prose``).

Lines that read two ways (``Tazeem 2``: two Tazeem; ``Pain 101``: a card) are settled by
``readers.cardnames.CardNames``: the reading whose name is a catalog card wins (an exact or
folded lookup, never a fuzzy search, but for a near miss of a planar card where a step
says so). Every entry keeps its line number and its name exactly as written in the line
(ends stripped), so a fix can rewrite the name in place. ``Decklist.steps`` says what the
steps did to which line (``validate -v``: "line 14: chat stamp removed").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from planarcli.deck.readers.cardline import CardLine, parse_card_line, split_card_line
from planarcli.deck.readers.cardnames import CardNames
from planarcli.deck.readers.decoding import decode_text
from planarcli.deck.readers.model import (
    HTML_START,
    MAX_NAME_LENGTH,
    MAX_QUANTITY,
    DeckEntry,
    Decklist,
    ReaderIssue,
    name_too_long,
)
from planarcli.deck.readers.source import RawInput, split_lines
from planarcli.deck.readers.text.lines import read_line
from planarcli.deck.readers.text.reading import Line, Reading
from planarcli.deck.readers.text.steps import run_steps

if TYPE_CHECKING:
    from planarcli.cards.catalog import Catalog

__all__ = ["CardLine", "parse_card_line", "read", "split_card_line"]


def read(raw: RawInput, *, catalog: Catalog | None = None) -> Decklist:
    """Read a text decklist. ``catalog`` settles the lines that read two ways (the loaded
    catalog when None, loaded only if such a line appears)."""
    lines = split_lines(decode_text(raw.data, raw.display))
    reading = Reading(lines, CardNames(catalog))
    if _starts_as_array(lines):  # '["Akoum", "Bant"]': a JSON array of card names
        from planarcli.deck.readers.text.markup import is_json_name_array

        reading.arrayed = is_json_name_array("\n".join(lines))
    reading.html = _is_html(lines)  # "<ul><li>Akoum</li>...": each line's text, tags left out
    for number, original in enumerate(lines, start=1):
        if not read_line(reading, number, original):
            break
    run_steps(reading)
    entries = _entries(reading)
    reading.issues.sort(key=lambda issue: issue.line or 0)
    reading.steps.sort(key=lambda step: step[0])
    return Decklist(
        raw.display,
        "text",
        tuple(entries),
        tuple(reading.issues),
        reading.deck_name,
        tuple(reading.planar_sections),
        communal_players=reading.communal_players,
        counted_lines=reading.counted,
        trailing_lines=reading.after_name,
        comment_lines=reading.comments,
        prose=tuple(sorted(reading.prose)),
        steps=tuple(reading.steps),
        first_trailing=reading.first_trailing,
    )


def _entries(reading: Reading) -> list[DeckEntry]:
    """The entries of the lines kept, each read the way whose name is a card."""
    names, issues = reading.names, reading.issues
    trailing_style = reading.trailing * 2 > len(reading.pending)
    entries: list[DeckEntry] = []
    for line in reading.pending:
        parts, number = line.parts, line.number
        if parts.whole is None:
            quantity, name = parts.quantity, parts.name
        else:
            from planarcli.deck.readers.text.notes import reading as weighed_reading

            quantity, name = weighed_reading(parts, names, trailing_style)
        listed = line.listed  # a JSON array's names, or "Akoum / Bant / Naya"
        if listed is None:
            if "//" in name:
                name = _inline_comment_out(reading, line, name)
            listed = _listed_in_name(reading, line, name)
        if listed is not None:  # "Akoum, Bant, Naya, ...": a whole list on one line
            role = (line.role or "other") if reading.sectioned else "unsectioned"
            for piece_quantity, piece in listed:
                too_long = name_too_long(piece, number)
                if too_long is not None:
                    issues.append(too_long)
                    continue
                entries.append(
                    DeckEntry(
                        piece, piece_quantity, number, line.section, role, line.block, None, None
                    )
                )
            continue
        issue = _entry_issue(number, name, quantity)
        if issue is not None:
            issues.append(issue)
            continue
        role = (line.role or "other") if reading.sectioned else "unsectioned"
        set_code, collector = parts.printing or (None, None)
        # every field in order: the record's quick path (this runs for every line of a file)
        entries.append(
            DeckEntry(name, quantity, number, line.section, role, line.block, set_code, collector)
        )
    return entries


def _inline_comment_out(reading: Reading, line: Line, name: str) -> str:
    """``Akoum`` for ``Akoum  // my favourite`` (``text.lists.without_inline_comment``)."""
    from planarcli.deck.readers.text.lists import without_inline_comment

    kept = without_inline_comment(name, reading.names)
    if kept != name:
        reading.steps.append((line.number, "comment after '//' left out"))
    return kept


def _listed_in_name(reading: Reading, line: Line, name: str) -> list[tuple[int, str]] | None:
    """The cards of "Akoum, Bant, Naya, ...", a list on one line with commas, or None."""
    if name.count(",") < 2 or line.parts.form not in ("none", "numbered"):
        return None
    from planarcli.deck.readers.text.lists import comma_list

    listed = comma_list(name, reading.names)
    if listed is not None:
        reading.steps.append((line.number, "list on one line read as its cards"))
    return listed


def _entry_issue(number: int, name: str, quantity: int) -> ReaderIssue | None:
    """What is wrong with an entry's name or quantity, or None."""
    too_long = name_too_long(name, number) if len(name) > MAX_NAME_LENGTH else None
    if too_long is not None:
        return too_long
    if quantity > MAX_QUANTITY:
        return ReaderIssue(
            number,
            "bad-quantity",
            f"quantity for {name!r} is larger than {MAX_QUANTITY}: fix the number",
        )
    if quantity < 1:
        return ReaderIssue(
            number,
            "bad-quantity",
            f"quantity {quantity} for {name!r}: a card line needs at least 1; "
            "remove the line or fix the number",
        )
    return None


def _starts_as_array(lines: list[str]) -> bool:
    """Whether the first line with text starts with ``[`` (checked before
    ``markup.is_json_name_array``, without joining the lines)."""
    for line in lines:
        text = line.lstrip("\ufeff \t\r\n")
        if text:
            return text[0] == "["
    return False


def _is_html(lines: list[str]) -> bool:
    """Whether the first line that is not blank starts an HTML fragment (``<ul>``, ``<p>``)."""
    first = next((line.strip().lstrip("\ufeff") for line in lines if line.strip()), "")
    return first[:1] == "<" and HTML_START.match(first) is not None

"""The first pass over a text decklist: each line, after the paste artefacts
(``text.artefacts``), read as a blank line, a comment, a heading or a card line."""

from __future__ import annotations

from planarcli.deck.readers.cardline import (
    BULLET,
    BULLETS,
    LIST_NUMBER,
    QUANTITY,
    CardLine,
    split_card_line,
)
from planarcli.deck.readers.model import MAX_CARD_LINES, ReaderIssue, find_communal_mark
from planarcli.deck.readers.text.artefacts import through_artefacts
from planarcli.deck.readers.text.headings import (
    META,
    PREFIX,
    comment_body,
    heading,
    may_be_meta,
    may_be_prefixed,
)
from planarcli.deck.readers.text.reading import Line, Reading
from planarcli.deck.readers.vocabulary import (
    CONTINUING_SECTIONS,
    HEADING_ENDS,
    fold_heading,
    section_role,
)
from planarcli.lazyre import lazy

#: Longer lines cannot be card lines or headings (no card name exceeds 200 characters).
MAX_LINE_LENGTH = 1000
#: the forms of a card line whose number comes after the name ("Name 2", "Name: 2", "Name x2",
#: "Name, 2", "Name<TAB>2"): in a file none of whose lines names a card, a sign of notes
AFTER_THE_NAME = frozenset({"trailing", "suffix", "comma", "tab"})
_NEGATIVE_QUANTITY = lazy(r"^-\d+\s*[xX×]?\s+\S")
#: A list numbered with letters: "a) Akoum", "b. Bant" (numbering only when the letters run
#: a, b, c... and a card follows; weighed in ``text.steps``).
_LETTER_NUMBER = lazy(r"^([A-Za-z])[.)][ \t]+(?=\S)")


def read_line(reading: Reading, number: int, original: str) -> bool:
    """Read one line into ``reading``; False when the file holds more card lines than a
    deck can (junk, not a deck: the reader stops before it costs memory)."""
    stripped = original.strip().lstrip("\ufeff\u200e\u200f")  # a BOM, a bidi mark (WhatsApp)
    reading.number = number
    reading.line_quoted = reading.line_chatted = False
    line = through_artefacts(reading, number, stripped)
    if line is None:
        return True
    if not line:
        if reading.pending and reading.pending[-1].block == reading.block:
            reading.block += 1
        return True
    if len(line) > MAX_LINE_LENGTH:  # no heading or card line is this long: skip the regexes
        reading.issues.append(
            ReaderIssue(
                number,
                "line-too-long",
                f"line of {len(line)} characters starting {line[:40]!r}... is no card line "
                f"(those are under {MAX_LINE_LENGTH} characters); it was ignored",
            )
        )
        return True
    hashed = False
    comment = comment_body(line) if line[:1] in "/#" else None
    if comment is not None and line[1:2].isdigit() and LIST_NUMBER.match(line):
        comment = None  # "#1 Akoum": numbering, when a card follows (weighed later)
        hashed = True
    if comment is not None:
        _comment_line(reading, number, line, comment)
        return True
    if reading.first_line is None:
        reading.first_line = number
    # (no heading ends as a sentence does: a line of notes skips the test)
    found = heading(line) if line[-1] not in ".!?" else None
    if found and reading.role != "planar" and fold_heading(found) in CONTINUING_SECTIONS:
        found = None
    if found and not QUANTITY.match(line):
        _open_section(reading, found)
        return True
    return _card_line(reading, number, original, line, hashed)


def _open_section(reading: Reading, name: str) -> None:
    reading.section, reading.role, reading.sectioned = name, section_role(name), True
    if reading.role == "planar":
        reading.planar_sections.append(name)


def _comment_line(reading: Reading, number: int, line: str, comment: str) -> None:
    """A ``//`` or ``#`` line: the deck's name, the communal mark, a heading or a comment."""
    meta = META.match(line) if may_be_meta(line) else None
    if meta and meta.group(1).lower() == "name" and reading.deck_name is None:
        reading.deck_name = meta.group(2).strip() or None
        return
    mark = find_communal_mark(comment, number) if "planarcli" in comment else None
    if mark is not None and mark[0].start() == 0 and not reading.communal:
        reading.communal, reading.communal_players = True, mark[1]
        if mark[2] is not None:
            reading.issues.append(mark[2])
        return
    found = heading(comment)
    if found and reading.role != "planar" and fold_heading(found) in CONTINUING_SECTIONS:
        found = None
    if found:
        _open_section(reading, found)
    elif comment:
        reading.comments += 1


def _card_line(reading: Reading, number: int, original: str, line: str, hashed: bool) -> bool:
    """A line that is no heading and no comment: a card line, a list of cards on one line,
    a table's row (or its heading row)."""
    entry_section, entry_role = reading.section, reading.role
    prefix = PREFIX.match(line) if ":" in line[:16] and may_be_prefixed(line) else None
    if prefix:
        tag = prefix.group(1).upper()
        entry_section = "Sideboard" if tag == "SB" else tag.title()
        entry_role = "candidate" if tag == "SB" else "other"
        reading.sectioned = True
        line = prefix.group(2)
    if line.startswith("-") and _NEGATIVE_QUANTITY.match(line):
        reading.issues.append(
            ReaderIssue(
                number,
                "bad-quantity",
                f"negative quantity in {line[:60]!r}: a card line needs at least 1",
            )
        )
        return True
    if (
        # (_may_list, or the colon of "... deck. Planes: Akoum, Bant.", inline: every line)
        "," in line
        or "/" in line
        or "|" in line
        or "&" in line
        or "+" in line
        or ": " in line
        or "and" in line.lower()
    ) and _listing_line(reading, number, line, entry_section, entry_role):
        return True
    cells = None
    if "\t" in line or "|" in line:
        from planarcli.deck.readers.text.tables import table_cells

        cells = table_cells(line)
    lettered_at = _LETTER_NUMBER.match(line) if cells is None and line[1:2] in (".", ")") else None
    if lettered_at:  # "a) Akoum": a letter numbering the list, when the letters run
        reading.letters.append(lettered_at.group(1).lower())
        parts = split_card_line(line[lettered_at.end() :])
    elif cells is None:
        parts = split_card_line(line)
    else:
        from planarcli.deck.readers.text.tables import table_columns, table_row

        heading_row = table_columns(cells, reading.names)
        if heading_row is not None:  # "| Qty | Name | Type |": where the rows below are
            reading.table_columns = heading_row
            return True
        parts = table_row(cells, reading.table_columns)
    if parts is None:
        reading.issues.append(
            ReaderIssue(number, "unreadable-line", f"cannot read a card in {original.strip()!r}")
        )
        return True
    if parts.category is not None:
        from planarcli.deck.readers.text.notes import world_or_set_tag

        if world_or_set_tag(parts, reading.names):
            parts = parts._replace(category=None)  # "1 Akoum [Zendikar]": the plane's world
    if parts.category is not None:
        entry_section, entry_role = parts.category
        reading.sectioned = True
    if parts.form not in ("none", "numbered"):
        reading.counted += 1
        reading.trailing += parts.form == "trailing"
        if parts.form in AFTER_THE_NAME:
            reading.after_name += 1
            if reading.first_trailing is None:
                reading.first_trailing = (number, original.strip())
    kept = Line(number, parts, entry_section, entry_role, reading.block)
    kept.quoted, kept.chatted = reading.line_quoted, reading.line_chatted
    reading.pending.append(kept)  # (as reading.add: a card line lists no cards)
    kept.hashed = hashed
    if lettered_at:
        kept.lettered = line
    if line[:1] in BULLETS and BULLET.match(line) is not None:  # "* Akoum"
        kept.bulleted = True
    name = parts.name  # "Bant - my favourite": weighed later
    if (
        "-" in name
        or "(" in name
        or "/" in name
        or "<" in name
        or not name.isascii()
        or ("," in name or ":" in name or "..." in name)
    ):
        kept.noted = _may_hold_a_note(name)  # (each test a scan in C: most lines pass them)
    if original[:1] in " \t":
        kept.indent = len(original.expandtabs(4)) - len(original.expandtabs(4).lstrip())
    return len(reading.pending) <= MAX_CARD_LINES


def _may_hold_a_note(name: str) -> bool:
    """Whether a note may follow the card's name (each test a scan in C: most lines pass
    them all)."""
    return (
        "-" in name
        or "(" in name
        or "/" in name
        or "<" in name
        or not name.isascii()
        or (
            ("," in name or ":" in name or "..." in name)
            and len(name) <= 60  # (as longer_than_a_card: a sentence has no card)
            and name.count(" ") < 6
        )
    )


def _listing_line(
    reading: Reading, number: int, line: str, entry_section: str | None, entry_role: str | None
) -> bool:
    """Whether ``line`` lists many cards (``Akoum / Bant / Naya``, ``Akoum, Bant and Naya``,
    ``... deck. Planes: Akoum, Bant. ...``): then it is kept, with its cards."""
    names = reading.names
    separated = None
    if reading.table_columns is None and _may_list(line):
        from planarcli.deck.readers.text.lists import may_be_separated, separated_list

        if "," in line or may_be_separated(line):
            separated = separated_list(line, names)
    colon = line.find(": ") if separated is None and reading.table_columns is None else -1
    word = line[colon - 14 if colon > 14 else 0 : colon] if colon > 0 else ""
    if word and word[word.rfind(" ") + 1 :].strip("*_").casefold() in HEADING_ENDS:
        from planarcli.deck.readers.text.lists import lists_in_prose

        in_prose = lists_in_prose(line, names)  # "... deck. Planes: Akoum, Bant. ..."
        if in_prose is not None:
            reading.sectioned = True
            reading.planar_sections.append(in_prose[0])
            first = CardLine(in_prose[1][0][0], in_prose[1][0][1], None, "none")
            reading.add(Line(number, first, in_prose[0], "planar", reading.block, in_prose[1]))
            reading.steps.append((number, "list in a sentence read as its cards"))
            return True
    if separated is None:
        return False
    inline_heading, pieces = separated  # "Akoum / Bant / Naya", "Akoum, Bant and Naya"
    if inline_heading is not None:  # "planes: Akoum / Bant": a heading, then the list
        _open_section(reading, inline_heading)
        entry_section, entry_role = reading.section, reading.role
    first = CardLine(pieces[0][0], pieces[0][1], None, "none")
    reading.add(Line(number, first, entry_section, entry_role, reading.block, pieces))
    reading.steps.append((number, "list on one line read as its cards"))
    return True


def _may_list(line: str) -> bool:
    """Whether ``line`` holds a character or word a list on one line is parted by (a comma,
    " / ", " | ", " & ", " + ", " and "): most card lines hold none, and the lists module
    is not even loaded for them."""
    return (
        "," in line
        or "/" in line
        or "|" in line
        or "&" in line
        or "+" in line
        or "and" in line.lower()
    )

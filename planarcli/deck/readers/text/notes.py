"""What a card line says besides its card: a note after the name (``Akoum - the landfall
one``), a note indented under it, a plane's world in brackets (``1 Akoum [Zendikar]``), the
deck's title above the list, and which reading of a line that reads two ways is a card."""

from __future__ import annotations

from planarcli.deck.readers.cardline import SET_NAME, CardLine
from planarcli.deck.readers.cardnames import CardNames, longer_than_a_card
from planarcli.deck.readers.text.prose import PROSE_ENDS_OR_COMMA, chat_stamp
from planarcli.deck.readers.text.reading import Line
from planarcli.deck.readers.vocabulary import fold_heading
from planarcli.lazyre import lazy


def without_indented_notes(pending: list[Line], names: CardNames) -> tuple[list[Line], int]:
    """``pending`` without the notes written indented under a card (``Akoum`` then
    ``    - the landfall one``), and how many: a line indented deeper than the card line it
    follows (in the same block and section, with only such notes between), with no quantity,
    that is no card (planar or not) and no near miss of a planar card."""
    kept: list[Line] = []
    notes = 0
    anchor: tuple[int, str | None, int] | None = None  # the card line: indent, section, block
    for entry in pending:
        parts, entry_section, entry_block, indent = (
            entry.parts,
            entry.section,
            entry.block,
            entry.indent,
        )
        if (
            anchor is not None
            and indent > anchor[0]
            and (entry_section, entry_block) == anchor[1:]
            and parts.form in ("none", "numbered")
            and not (names.known(parts.name) or names.near(parts.name) or names.other(parts.name))
        ):
            notes += 1
            continue
        kept.append(entry)
        anchor = (indent, entry_section, entry_block)
    return kept, notes


def world_or_set_tag(parts: CardLine, names: CardNames) -> bool:
    """Whether the bracket read as a category after a card (``1 Akoum [Zendikar]``, ``1 Bant
    [Planechase Anthology]``) names a plane's world or a set, and the rest is a card or a near
    miss of one, or a typing slip from a plane of that world (``1 Grixsi [Alara]``): the
    bracket is dropped, not a section."""
    assert parts.category is not None
    world = fold_heading(parts.category[0])
    if parts.category[1] != "other":  # "[Planechase{noDeck}]": Archidekt's planar category
        return False
    if world not in names.worlds and not SET_NAME.search(f"({parts.category[0]})"):
        return False
    if names.known(parts.name) or names.near(parts.name):
        return True
    if world not in names.worlds or names.other(parts.name):
        return False
    return names.typo_of(parts.name) == world


def reading(parts: CardLine, names: CardNames, trailing_style: bool) -> tuple[int, str]:
    """(quantity, name) of a line: for a trailing number, the reading whose name is a card."""
    if parts.whole is None:
        return parts.quantity, parts.name
    if parts.typed:  # "Akoum (plane)": the name, unless the whole is a card's own name
        if names.named(parts.whole) or names.known(parts.name) or names.other(parts.name):
            return parts.quantity, parts.whole if names.named(parts.whole) else parts.name
        # Neither reading is a card: keep the line whole when it is a slip in a card whose
        # own name ends in such a parenthesis ("mIaginary Friends (Plane)" for "Imaginary
        # Friends (Plane)"), so that it reads the same after --fix and deck convert.
        near = names.near_name(parts.whole)
        if near is not None and near.endswith(")"):
            return parts.quantity, parts.whole
        return parts.quantity, parts.name
    if parts.form == "csv":  # "1,Akoum,OHOP": the longest run of fields that is a card
        rest = parts.whole
        delimiter = rest[len(parts.name) :].lstrip()[:1]
        fields = rest.split(delimiter)
        for end in range(len(fields), 1, -1):
            joined = delimiter.join(fields[:end]).strip()
            if names.known(joined) or names.other(joined):  # "Borrowing 100,000 Arrows"
                return parts.quantity, joined
        return parts.quantity, parts.name
    if parts.form == "paren":  # "Akoum (1)": one of a card named so, or one Akoum
        return (1, parts.whole) if names.known(parts.whole) else (parts.quantity, parts.name)
    if names.known(parts.whole):
        return 1, parts.whole
    if parts.form == "comma" or trailing_style or names.known(parts.name):
        return parts.quantity, parts.name
    return 1, parts.whole


#: Where a note after a card's name may start: a dash, an ellipsis or an arrow with space
#: before it (``Akoum - the landfall one``, ``Akoum -- ramp``, ``Akoum … the big one``,
#: ``Akoum  <- new``, ``Akoum ← new``), a ``//``, a remark in parentheses (``Akoum (chaos is
#: brutal)``), or a colon or a comma (``Akoum: ramp``, ``Akoum, forgot it``).
_NOTE_MARK = lazy(
    r"[ \t]+(?:(?:-{1,2}|[–—]|//|…|\.\.\.)(?=[ \t])|<-{1,2}|<=|←|⬅|\((?=[^()]*\)))"
    r"|[:,](?=[ \t])"
)


#: How far into a line a note's mark can stand: after a card's name (at most 41 characters)
#: written with spaces or a slip or two.
_NOTE_REACH = 64


def without_note(name: str, names: CardNames) -> str:
    """The card before a note written after it (``Bant - everyone gets counters lol``,
    ``Glen Elendra  <- new, from the anthology``, ``Jund — our dragon player loves it``,
    ``Tazeem (chaos can be brutal)``): the part before the first mark whose text is a card
    (planar, or another before a mark that is no ``//``), else before the first whose text
    is a near miss of a planar card (kept as written, so ``--fix`` mends it in place), when
    the whole line is no card (``Artist Alley (Plane)``, ``Assault // Battery``), no chat's
    name-and-time line, and what follows the mark is no card (``Akoum - Bant - Naya``). Else
    ``name`` itself."""
    if chat_stamp(name):
        return name  # "Naya — Today at 9:14 PM": Naya wrote the message below
    # "Sky Deck, my favourite!", "Jund, thoughts?": a comma or a colon starts no note in a
    # line that ends as a sentence (it is a remark about the card: prose, and a warning)
    sentence = name.endswith(PROSE_ENDS_OR_COMMA)
    marks = [
        mark
        for mark in _NOTE_MARK.compiled.finditer(name)
        if 0 < mark.start() <= _NOTE_REACH and not (sentence and name[mark.start()] in ":,")
    ]
    heads = [name[: mark.start()].rstrip() for mark in marks]
    if not heads or names.known(name) or names.other(name):
        return name
    found = None
    for at, (mark, head) in enumerate(zip(marks, heads, strict=True)):
        # "1 Sol Ring - ramp" in a Commander list; but "Assault // Battery" is a split card
        # whose halves are cards too (one the names table may lack whole)
        # ("nice, all innistrad again": after a comma or a colon, only a planar card)
        if names.known(head) or (
            "//" not in mark.group() and mark.group() not in ":," and names.other(head)
        ):
            found = at
            break
    if found is None:
        found = next((at for at, head in enumerate(heads) if names.near(head)), None)
        # "oN Way Out (Playtest)": a near miss of a card whose name holds the mark is kept
        # whole, as its card would be (so --fix mends it in place)
        if found is None or _near_a_card_holding(name, marks[found].group(), names):
            return name
    # "Akoum - Bant - Naya": cards after the mark too make no note; the line stays as it is
    end = marks[found + 1].start() if found + 1 < len(marks) else len(name)
    rest = name[marks[found].end() : end].strip(" \t()")
    if rest and not longer_than_a_card(rest) and (names.known(rest) or names.near(rest)):
        return name
    return heads[found]


def _near_a_card_holding(name: str, mark: str, names: CardNames) -> bool:
    """Whether ``name`` whole is a near miss of a card whose own name holds ``mark``
    ("oN Way Out (Playtest)" of No Way Out (Playtest))."""
    if longer_than_a_card(name):
        return False
    card = names.near_name(name)
    return card is not None and mark.strip() in card

"""Writing a deck in each format planarcli reads: ``deck convert``.

``convertible_deck`` takes the planar deck of any decklist (found as ``validate`` finds it)
with the catalog's English names and the quantities as written, and the main deck,
sideboard and commander around it; ``write_deck`` writes that in one format:

- ``text``: the main deck first (no heading, as taw's precon lists), then ``Sideboard``,
  ``Commander`` and ``Planar Deck`` sections;
- ``forge``: a ``.dck`` as current Forge writes it: ``[metadata]`` ``Name=``, then
  ``[Commander]``, ``[Main]``, ``[Sideboard]``, ``[Planes]``, each ``<qty> <name>``;
- ``cockatrice``: a ``.cod``; Cockatrice has no planar zone, so the planar deck goes in the
  sideboard zone ``side`` (where its users keep planes) and the main deck in ``main``;
- ``mtgo``: a ``.dek``; MTGO has no planar zone either: the planar deck is the
  ``Sideboard="true"`` rows. No ``CatID`` is written (planar cards have none);
- ``json``: planarcli's own decklist (``schemas/decklist.schema.json``).

A communal deck keeps its mark everywhere: JSON's ``"communal"``/``"players"``, elsewhere
the line ``planarcli: communal planar deck for N players`` in the format's comments (text
``//``, Forge ``Comment=``, Cockatrice ``<comments>``, an MTGO XML comment), which the
readers take back.

Where a format has no place for a part (a commander in Cockatrice or MTGO, a sideboard
where the planar deck already fills the sideboard), the part is left out and ``notes`` says
so. Nothing here imports click.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from planarcli.cards.catalog import Catalog
from planarcli.deck.readers.model import (
    SIDEBOARD_IS_PLANAR,
    DeckEntry,
    Decklist,
    communal_mark,
)
from planarcli.deck.readers.planar import find_planar_deck
from planarcli.deck.readers.vocabulary import CANDIDATE_SECTIONS, COMMANDER_SECTIONS, SIDE_PARTS
from planarcli.errors import NotFoundError, plural
from planarcli.records import record

#: Formats ``deck convert --to`` writes.
TARGETS = ("text", "forge", "cockatrice", "mtgo", "json")
#: The extension each format's files have.
SUFFIXES = {"text": ".txt", "forge": ".dck", "cockatrice": ".cod", "mtgo": ".dek", "json": ".json"}

_SPACES = re.compile(r"\s+")
_XML_FORBIDDEN = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
#: Sections (folded) that are the commander, the sideboard, or the main deck; others
#: (maybeboard, tokens, display commander, schemes...) are not carried over. The names are
#: the text reader's (``readers.vocabulary``), plus the spellings of other formats' boards.
_COMMANDER = COMMANDER_SECTIONS
_SIDEBOARD = CANDIDATE_SECTIONS
_NOT_MAIN = SIDE_PARTS | {"displaycommander", "conspiracy", "avatar"}

Card = tuple[str, int]  # (name, quantity)


@record
class DeckToWrite:
    """What ``deck convert`` writes: the planar deck and the parts around it."""

    name: str | None
    planar: tuple[Card, ...]
    main: tuple[Card, ...] = ()
    sideboard: tuple[Card, ...] = ()
    commander: tuple[Card, ...] = ()
    communal_players: int | None = None
    unknown: tuple[str, ...] = ()  # planar-deck names the catalog does not know (kept as written)
    main_planar_named: tuple[str, ...] = ()  # main-deck cards named like a plane or phenomenon
    #: (part, index in it, set code, collector number) of the cards whose printing was given;
    #: part is "planar", "main", "sideboard" or "commander".
    printings: tuple[tuple[str, int, str, str | None], ...] = ()
    #: (section as written, cards) of the parts no format carries (maybeboard, tokens...).
    dropped: tuple[tuple[str, int], ...] = ()
    comment_lines: int = 0  # comments in the file read, which no writer carries
    #: The file was marked a communal deck (JSON's "communal": true, or the mark deck
    #: convert writes), with communal_players if it said for how many players.
    communal: bool = False


#: A set code and a collector number every format that holds them can write and read back.
_SET_CODE = re.compile(r"[A-Za-z0-9]{2,6}")
_COLLECTOR = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]{0,19}")
#: Formats with a place for the set code, and for the collector number, of a printing.
HOLDS_SET = frozenset({"text", "forge", "json"})
HOLDS_NUMBER = frozenset({"text", "json"})


def _printing_of(entry: DeckEntry) -> tuple[str, str | None] | None:
    """The entry's (set code, collector number) when every format can write them."""
    if entry.set_code is None or not _SET_CODE.fullmatch(entry.set_code):
        return None
    number = entry.number if entry.number and _COLLECTOR.fullmatch(entry.number) else None
    return entry.set_code.upper(), number


def _fold_section(section: str | None) -> str:
    if section is None:
        return ""
    spaced = section.replace("_", " ").replace("-", " ")
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", spaced)  # mainBoard -> main Board
    return _SPACES.sub(" ", spaced).strip().casefold()


def _part(section: str | None) -> str | None:
    """Which part of a deck a non-planar entry's section is: "main", "sideboard",
    "commander", or None (left out)."""
    key = _fold_section(section)
    if key in _COMMANDER:
        return "commander"
    if key in _SIDEBOARD:
        return "sideboard"
    if key in _NOT_MAIN:
        return None
    return "main"


def convertible_deck(decklist: Decklist, catalog: Catalog) -> DeckToWrite:
    """The deck of ``decklist`` to write; NotFoundError when it has no planar deck."""
    planar = find_planar_deck(decklist, catalog)
    if not planar.found:
        raise NotFoundError(
            f"{decklist.path}: no planar deck to convert: {planar.reason}",
        )
    in_planar = {id(entry) for entry in planar.entries}
    cards: list[Card] = []
    unknown: list[str] = []
    printings: list[tuple[str, int, str, str | None]] = []
    for entry in planar.entries:
        card = catalog.lookup(entry.name)
        if card is None:
            unknown.append(entry.name)
        printing = _printing_of(entry)
        if printing is not None:
            printings.append(("planar", len(cards), *printing))
        cards.append((card.name if card else entry.name, entry.quantity))
    parts: dict[str, list[Card]] = {"main": [], "sideboard": [], "commander": []}
    dropped: dict[str, int] = {}
    for entry in decklist.entries:
        if id(entry) in in_planar:
            continue
        part = _part(entry.section)
        if part is None:
            section = entry.section or "?"
            dropped[section] = dropped.get(section, 0) + entry.quantity
            continue
        printing = _printing_of(entry)
        if printing is not None:
            printings.append((part, len(parts[part]), *printing))
        parts[part].append((entry.name, entry.quantity))
    name = _SPACES.sub(" ", decklist.name).strip() if decklist.name else None
    # A main-deck card that bears a planar card's name (a Lorwyn Tazeem beside the plane)
    # is remembered: Cockatrice readers find planes in any zone by their names.
    planar_named = tuple(n for n, _ in parts["main"] if catalog.lookup(n) is not None)
    return DeckToWrite(
        name or None,
        tuple(cards),
        tuple(parts["main"]),
        tuple(parts["sideboard"]),
        tuple(parts["commander"]),
        decklist.communal_players,
        tuple(unknown),
        planar_named,
        tuple(printings),
        tuple(dropped.items()),
        decklist.comment_lines,
        communal=decklist.communal_players is not None
        or any(issue.code == "communal-without-players" for issue in decklist.issues),
    )


def left_out(deck: DeckToWrite, target: str) -> list[str]:
    """The parts of ``deck`` that ``target`` has no place for, for a notice."""
    missing = []
    if deck.name and target == "mtgo":  # a .dek file has no field for a name
        missing.append(f"the deck name ({deck.name!r})")
    if deck.commander and target in ("cockatrice", "mtgo"):
        missing.append(f"the commander ({_count(deck.commander)})")
    if deck.sideboard and target in ("cockatrice", "mtgo"):
        missing.append(f"the sideboard ({_count(deck.sideboard)}; the planar deck takes its place)")
    if deck.main_planar_named and target == "cockatrice":
        names = ", ".join(repr(n) for n in dict.fromkeys(deck.main_planar_named))
        missing.append(
            f"the main-deck {'card' if len(deck.main_planar_named) == 1 else 'cards'} {names} "
            "(named like a planar card, which a Cockatrice main zone would add to the planar deck)"
        )
    for section, cards in deck.dropped:
        missing.append(f"the {section!r} section ({plural(cards, 'card')})")
    if deck.comment_lines:
        lines = deck.comment_lines
        missing.append(plural(lines, "comment line"))
    sets = sum(1 for p in deck.printings if target not in HOLDS_SET and _written(p, target))
    numbers = sum(
        1
        for p in deck.printings
        if p[3] is not None and target not in HOLDS_NUMBER and _written(p, target)
    )
    if sets:
        missing.append(f"the set codes of {plural(sets, 'card')}")
    elif numbers:
        missing.append(f"the collector numbers of {plural(numbers, 'card')}")
    return missing


def _written(printing: tuple[str, int, str, str | None], target: str) -> bool:
    """Whether the card of ``printing`` is written at all (Cockatrice and MTGO leave the
    sideboard and commander out)."""
    return target not in ("cockatrice", "mtgo") or printing[0] in ("planar", "main")


def _count(cards: tuple[Card, ...]) -> str:
    return plural(sum(quantity for _, quantity in cards), "card")


# -- writers ---------------------------------------------------------------------------


def _communal(deck: DeckToWrite) -> bool:
    """Whether ``deck`` is written with the communal mark."""
    return deck.communal or deck.communal_players is not None


def _printed(deck: DeckToWrite, part: str) -> dict[int, tuple[str, str | None]]:
    """Index in ``part`` -> (set code, collector number) of its cards that have them."""
    return {index: (code, number) for kind, index, code, number in deck.printings if kind == part}


def _text_lines(deck: DeckToWrite, cards: tuple[Card, ...], part: str) -> list[str]:
    """``1 Bant (OHOP) 3`` (MTG Arena's form) where the printing is known, else ``1 Bant``."""
    printed = _printed(deck, part)
    out = []
    for index, (name, quantity) in enumerate(cards):
        code, number = printed.get(index, (None, None))
        tag = "" if code is None else f" ({code})" + (f" {number}" if number else "")
        out.append(f"{quantity} {name}{tag}")
    return out


def _forge_lines(deck: DeckToWrite, cards: tuple[Card, ...], part: str) -> list[str]:
    """``1 Bant|OHOP`` where the set is known (Forge's form), else ``1 Bant``."""
    printed = _printed(deck, part)
    out = []
    for index, (name, quantity) in enumerate(cards):
        code = printed.get(index, (None, None))[0]
        out.append(f"{quantity} {name}" + (f"|{code}" if code else ""))
    return out


def write_text(deck: DeckToWrite) -> str:
    out = []
    if deck.name:
        out.append(f"// NAME: {deck.name}")
    if _communal(deck):
        out.append(f"// {communal_mark(deck.communal_players)}")
    blocks = []
    if deck.main:
        blocks.append(_text_lines(deck, deck.main, "main"))
    if deck.sideboard:
        blocks.append(["Sideboard", *_text_lines(deck, deck.sideboard, "sideboard")])
    if deck.commander:
        blocks.append(["Commander", *_text_lines(deck, deck.commander, "commander")])
    blocks.append(["Planar Deck", *_text_lines(deck, deck.planar, "planar")])
    for index, block in enumerate(blocks):
        if index or out:
            out.append("")
        out.extend(block)
    return "\n".join(out) + "\n"


def write_forge(deck: DeckToWrite) -> str:
    out = ["[metadata]", f"Name={deck.name or 'Planar deck'}"]
    if _communal(deck):  # Forge's comment field; Forge keeps it when it saves the deck
        out.append(f"Comment={communal_mark(deck.communal_players)}")
    if deck.commander:
        out += ["[Commander]", *_forge_lines(deck, deck.commander, "commander")]
    out += ["[Main]", *_forge_lines(deck, deck.main, "main")]
    if deck.sideboard:
        out += ["[Sideboard]", *_forge_lines(deck, deck.sideboard, "sideboard")]
    out += ["[Planes]", *_forge_lines(deck, deck.planar, "planar")]
    return "\n".join(out) + "\n"


def xml_text(value: str) -> str:
    """``value`` escaped for XML text or a double-quoted attribute (characters XML 1.0
    cannot carry at all are dropped)."""
    value = _XML_FORBIDDEN.sub("", value)
    value = value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return value.replace('"', "&quot;")


def write_cockatrice(deck: DeckToWrite) -> str:
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<cockatrice_deck version="1">',
        f"    <deckname>{xml_text(deck.name or '')}</deckname>",
        # Cockatrice keeps its comments when it saves the deck again; planarcli's readers
        # then take the whole sideboard as the planar deck, unknown names included.
        f"    <comments>{SIDEBOARD_IS_PLANAR}.{_communal_sentence(deck)}</comments>",
    ]
    planar_named = set(deck.main_planar_named)
    main = tuple(card for card in deck.main if card[0] not in planar_named)
    for zone, cards in (("main", main), ("side", deck.planar)):
        out.append(f'    <zone name="{zone}">')
        out += [
            f'        <card number="{quantity}" name="{xml_text(name)}"/>'
            for name, quantity in cards
        ]
        out.append("    </zone>")
    out.append("</cockatrice_deck>")
    return "\n".join(out) + "\n"


def _communal_sentence(deck: DeckToWrite) -> str:
    return f"\n{communal_mark(deck.communal_players)}." if _communal(deck) else ""


def write_mtgo(deck: DeckToWrite) -> str:
    out = [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema" '
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
        f"  <!-- {SIDEBOARD_IS_PLANAR} -->",
        *([f"  <!-- {communal_mark(deck.communal_players)} -->"] if _communal(deck) else []),
        "  <NetDeckID>0</NetDeckID>",
        "  <PreconstructedDeckID>0</PreconstructedDeckID>",
    ]
    for sideboard, cards in (("false", deck.main), ("true", deck.planar)):
        out += [
            f'  <Cards Quantity="{quantity}" Sideboard="{sideboard}" Name="{xml_text(name)}" />'
            for name, quantity in cards
        ]
    out.append("</Deck>")
    return "\n".join(out) + "\n"


def write_json(deck: DeckToWrite) -> str:
    document: dict[str, object] = {"format": "planarcli-deck", "version": 1}
    if deck.name:
        document["name"] = deck.name[:200]
    if _communal(deck):
        document["communal"] = True
    if deck.communal_players:
        document["players"] = deck.communal_players

    def items(cards: tuple[Card, ...], part: str) -> list[dict[str, object]]:
        printed = _printed(deck, part)
        out: list[dict[str, object]] = []
        for index, (name, quantity) in enumerate(cards):
            item: dict[str, object] = {"name": name, "quantity": quantity}
            code, number = printed.get(index, (None, None))
            if code:
                item["set"] = code
            if number:
                item["number"] = number
            out.append(item)
        return out

    document["planar_deck"] = items(deck.planar, "planar")
    for key, cards in (
        ("main", deck.main),
        ("sideboard", deck.sideboard),
        ("commander", deck.commander),
    ):
        if cards:
            document[key] = items(cards, key)
    # One card per line: readable, and diffs of two versions stay small.
    lines = []
    for key, value in document.items():
        if isinstance(value, list):
            body = ",\n".join(f"    {json.dumps(item, ensure_ascii=False)}" for item in value)
            lines.append(f"  {json.dumps(key)}: [\n{body}\n  ]" if value else f'  "{key}": []')
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


WRITERS: dict[str, Callable[[DeckToWrite], str]] = {
    "text": write_text,
    "forge": write_forge,
    "cockatrice": write_cockatrice,
    "mtgo": write_mtgo,
    "json": write_json,
}


def write_deck(deck: DeckToWrite, target: str) -> str:
    """``deck`` in the format ``target`` (one of TARGETS)."""
    return WRITERS[target](deck)


@record
class Conversion:
    """A converted deck: its text, and what the user should know about it."""

    text: str
    deck: DeckToWrite
    notes: tuple[str, ...]


def convert_file(
    path: str, target: str, catalog: Catalog, *, input_format: str | None = None
) -> Conversion:
    """The planar deck of the file at ``path`` (``-``: stdin) written as ``target``.
    Raises InputError (unreadable), NotFoundError (no planar deck), UsageError."""
    from planarcli.deck.readers import MAX_CARD_LINES, read_decklist
    from planarcli.errors import InputError, UsageError

    if target not in WRITERS:
        raise UsageError(f"--to {target!r}: choose from {', '.join(TARGETS)}")
    decklist = read_decklist(path, input_format=input_format)
    if len(decklist.entries) > MAX_CARD_LINES:
        # validate's limit: readers stop soon after it, so the rest would be lost
        raise InputError(
            f"lists more than {MAX_CARD_LINES} card lines; no decklist has that many, so this "
            "is not one",
            path=decklist.path,
        )
    deck = convertible_deck(decklist, catalog)
    _refuse_lines_left_out(decklist)
    notes = [
        f"{decklist.path}: the {target} format has no place for {what}; left out"
        for what in left_out(deck, target)
    ]
    if deck.unknown:
        shown = ", ".join(repr(name) for name in deck.unknown[:3])
        more = f" and {len(deck.unknown) - 3} more" if len(deck.unknown) > 3 else ""
        notes.append(
            f"{decklist.path}: {shown}{more} in the planar deck "
            f"{'is' if len(deck.unknown) == 1 else 'are'} not a card planarcli knows; "
            "written as found (run `planarcli validate --fix` first to repair misspellings)"
        )
    return Conversion(write_deck(deck, target), deck, tuple(notes))


#: Reader issues that mean a line (or a part) of the file was read as no card at all: a
#: conversion would silently leave it out.
_LEFT_OUT = frozenset(
    {
        "bad-quantity",
        "unreadable-line",
        "line-too-long",
        "name-too-long",
        "unreadable-board",
        "line-outside-section",
        "no-csv-header",
    }
)


def _refuse_lines_left_out(decklist: Decklist) -> None:
    """InputError when the reader could not read some line of the file as a card: written
    in another format, that line would be lost without a word."""
    import shlex

    from planarcli.errors import InputError

    lost = [issue for issue in decklist.issues if issue.code in _LEFT_OUT]
    if not lost:
        return
    first = lost[0]
    more = ""
    if len(lost) > 1:
        more = f" (and {plural(len(lost) - 1, 'more such line')})"
    shown = "-" if decklist.path == "<stdin>" else shlex.quote(decklist.path)
    raise InputError(
        f"{first.message}{more}; converting would leave it out",
        path=decklist.path,
        line=first.line,
        hint=f"fix it and convert again (`planarcli validate {shown}` lists every problem)",
    )


def save_conversion(text: str, output: str, *, source: str, force: bool) -> None:
    """Write ``text`` (UTF-8) to ``output`` atomically. Never over the input file ``source``;
    over an existing file only with ``force``. Raises UsageError or InputError."""
    import os
    import stat

    from planarcli.errors import InputError, UsageError

    try:
        mode = os.stat(output).st_mode  # through links: /dev/stdout is a link
    except OSError:
        mode = None
    special = mode is not None and not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)
    if special or (mode is not None and output.startswith(("/dev/", "/proc/"))):
        # A terminal, a pipe, a FIFO, a device, or a stream named by /dev/stdout or
        # /dev/fd/N: written to, never replaced by a file (a rename over /dev/null would
        # destroy the device for everyone).
        try:
            with open(output, "wb") as out:
                out.write(text.encode("utf-8"))
        except OSError as error:
            raise InputError(f"cannot write ({error.strerror or error})", path=output) from None
        return
    output = os.path.realpath(output) if os.path.islink(output) else output
    if source != "-" and os.path.exists(output) and os.path.samefile(source, output):
        raise UsageError(f"-o {output}: that is the input file; convert never overwrites it")
    if os.path.isdir(output):
        raise UsageError(f"-o {output}: is a directory; name a file")
    if os.path.exists(output) and not force:
        raise UsageError(f"-o {output}: the file exists; pass --force to overwrite it")
    from planarcli.deck.rewrite import write_replacing

    try:
        replaced = os.stat(output)  # --force: the file replaced keeps its mode and owner
    except OSError:
        replaced = None  # a new file: the umask's default, as any program's
    kept = 0o666 & ~_umask() if replaced is None else stat.S_IMODE(replaced.st_mode)
    try:
        write_replacing(output, text.encode("utf-8"), mode=kept, owner=replaced)
    except OSError as error:
        raise InputError(f"cannot write ({error.strerror or error})", path=output) from None


def _umask() -> int:
    import os

    mask = os.umask(0)
    os.umask(mask)
    return mask

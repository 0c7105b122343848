"""The one shape every decklist reader produces."""

from __future__ import annotations

import re

from planarcli.lazyre import lazy
from planarcli.records import record

#: Roles a reader gives the section an entry sits in:
#: - "planar": the format marks this section as the planar deck (``Planar Deck``, ``[Planes]``,
#:   MTGJSON ``planes``); every entry in it is part of the planar deck, planar or not.
#: - "candidate": a section where formats without a planar zone park planar cards
#:   (Cockatrice ``side``, MTGO ``Sideboard="true"``, old MTGJSON ``sideBoard``); the planar
#:   cards in it form the planar deck, found by card type.
#: - "unsectioned": the file has no sections at all; it is the planar deck if its names are
#:   mostly planar.
#: - "other": a section that is not the planar deck (main deck, commander, ...).
ROLES = ("planar", "candidate", "unsectioned", "other")

#: What ``deck convert`` writes into a Cockatrice or MTGO file, whose planar deck has to go in
#: the sideboard: the readers then take every card of the sideboard as the planar deck,
#: misspelt and non-planar ones included, so a conversion keeps the verdict.
SIDEBOARD_IS_PLANAR = "planarcli: the sideboard is the planar deck"

#: What ``deck convert`` writes where a format has no field for a communal deck (a comment
#: line of a text file, Forge's ``Comment=``, Cockatrice's comments, an XML comment in an
#: MTGO file): ``planarcli: communal planar deck for 4 players``. The readers take it back,
#: so the converted file is judged as the communal deck the original was.
COMMUNAL_MARK = "planarcli: communal planar deck"
_COMMUNAL_MARK = lazy(
    r"planarcli:[ \t]*communal[ \t]+planar[ \t]+deck(?:[ \t]+for[ \t]+(\d{1,6})[ \t]+players?)?",
    re.IGNORECASE,
)
#: The players a communal deck can be for (as the JSON decklist schema allows).
COMMUNAL_PLAYERS = range(2, 101)


def communal_mark(players: int | None) -> str:
    """The mark of a communal deck for ``players`` (None: the number was not given)."""
    return COMMUNAL_MARK + (f" for {players} players" if players else "")


def find_communal_mark(
    text: str, line: int | None = None
) -> tuple[re.Match[str], int | None, ReaderIssue | None] | None:
    """The communal mark in ``text`` as (match, players, issue), or None when there is none.
    Without a number of players from 2 to 100 the players are None and the issue says so,
    as for a JSON deck marked communal without players."""
    if "planarcli" not in text.casefold():
        return None
    match = _COMMUNAL_MARK.search(text)
    if match is None:
        return None
    players = int(match.group(1)) if match.group(1) else None
    if players in COMMUNAL_PLAYERS:
        return match, players, None
    issue = ReaderIssue(
        line,
        "communal-without-players",
        f"{match.group()!r} needs 'for N players' (N from 2 to 100) to be judged as a "
        "communal deck: add it, or pass --communal --players N",
    )
    return match, None, issue


def communal_players(
    found: tuple[re.Match[str], int | None, ReaderIssue | None] | None,
    issues: list[ReaderIssue],
) -> int | None:
    """The players a communal mark gives the deck (``found``: what ``find_communal_mark``
    found, or None); a mark without a valid number of players adds its issue to ``issues``.
    What every reader that finds a mark does with it."""
    if found is None:
        return None
    if found[2] is not None:
        issues.append(found[2])
    return found[1]


@record
class DeckEntry:
    """One decklist line: a card name as written (quantity and tags removed)."""

    name: str
    quantity: int
    line: int | None  # 1-based line in the file; None where the format has no lines
    section: str | None  # the section heading as written; None when there is none
    role: str  # one of ROLES
    block: int = 0  # text files: which blank-line-separated block of lines it is in
    set_code: str | None = None  # the printing's set as written, upper case ("OHOP"), if given
    number: str | None = None  # the printing's collector number as written ("3"), if given


@record
class ReaderIssue:
    """Something a reader noticed about one line (a bad quantity, an unreadable line)."""

    line: int | None
    code: str  # stable, kebab-case
    message: str
    severity: str = "error"  # "error" | "warning"


@record
class Decklist:
    """A decklist as read from one file, whatever its format."""

    path: str  # as shown to the user ("<stdin>" for -)
    format: str  # reader name: "text", "forge", "cockatrice", "mtgo", "mtgjson", "json"
    entries: tuple[DeckEntry, ...]
    issues: tuple[ReaderIssue, ...] = ()
    name: str | None = None  # the deck's name when the file gives one
    planar_sections: tuple[str, ...] = ()  # planar section headings seen, even empty ones
    communal_players: int | None = None  # the file says: a communal deck for this many players
    counted_lines: int = 0  # text, csv: card lines written with a quantity (1 Name, Count column)
    trailing_lines: int = (
        0  # text: ... of which the quantity ends the line ("entry 3", "Players: 4")
    )
    comment_lines: int = 0  # comments a conversion cannot carry (lines, or a comments field)
    #: text: the lines read as prose around the list (among comment_lines), as (line number,
    #: the text read on it: quote marks, HTML tags and the like left out, as for a card's name)
    prose: tuple[tuple[int, str], ...] = ()
    #: text: what the reader's steps did to which lines, as (line number, what: "chat stamp
    #: removed"), in line order (``validate -v`` lists them)
    steps: tuple[tuple[int, str], ...] = ()
    #: text: the first line whose quantity ends it, as (line number, the line as written)
    first_trailing: tuple[int, str] | None = None

    @property
    def prose_lines(self) -> int:
        """text: how many lines were read as prose around the list."""
        return len(self.prose)


#: The largest quantity a card line may carry; larger numbers are reader issues.
MAX_QUANTITY = 9999

#: No decklist has more card lines than this (a communal deck of every planar card has
#: about 200): readers stop past it, and validate refuses such a file as no decklist.
MAX_CARD_LINES = 5000

#: No card name is longer (the longest printed one has 141 characters); longer "names" are
#: reader issues, so nothing downstream matches or prints megabytes of junk.
MAX_NAME_LENGTH = 200

_QUANTITY = lazy(r"[0-9]{1,6}")


def parse_quantity(text: str) -> int | None:
    """The quantity written as ``text`` (ASCII digits, 1..MAX_QUANTITY), else None."""
    text = text.strip()
    if not _QUANTITY.fullmatch(text):
        return None
    quantity = int(text)
    return quantity if 1 <= quantity <= MAX_QUANTITY else None


def name_too_long(name: str, line: int | None) -> ReaderIssue | None:
    """A reader issue when ``name`` is too long to be a card name, else None."""
    if len(name) <= MAX_NAME_LENGTH:
        return None
    return ReaderIssue(
        line,
        "name-too-long",
        f"{name[:40]!r}... is {len(name)} characters long; no card name is longer than "
        f"{MAX_NAME_LENGTH}, so it was ignored",
    )


#: The start of an HTML fragment or page (a list copied from a web page or a rich editor).
HTML_START = lazy(
    r"<(?:!doctype[ \t\r\n]+html|html|body|ul|ol|li|p|div|h[1-6]|strong|b|span|br|table)\b",
    re.I,
)

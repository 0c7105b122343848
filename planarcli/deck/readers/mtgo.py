"""MTGO ``.dek`` decklists (XML, read with defusedxml only)::

    <?xml version="1.0" encoding="utf-8"?>
    <Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema">
      <NetDeckID>0</NetDeckID>
      <PreconstructedDeckID>0</PreconstructedDeckID>
      <Cards CatID="67819" Quantity="1" Sideboard="false" Name="Primordial Wurm" />
      <Cards CatID="0" Quantity="1" Sideboard="true" Name="Tazeem" />
    </Deck>

MTGO never had planes, so a ``.dek`` can only carry a planar deck as ``Sideboard="true"``
rows: those are "candidate" entries (the planar cards among them form the planar deck);
main-deck rows are "other". A file with planarcli's comment ``<!-- planarcli: the sideboard
is the planar deck -->`` (``deck convert`` writes it) has its sideboard rows taken as the
planar deck, every one. ``CatID`` is ignored (missing or fake for planes).
"""

from __future__ import annotations

import re

from planarcli.deck.readers import MAX_QUANTITY, name_too_long, parse_quantity
from planarcli.deck.readers.model import (
    SIDEBOARD_IS_PLANAR,
    DeckEntry,
    Decklist,
    ReaderIssue,
    communal_players,
    find_communal_mark,
)
from planarcli.deck.readers.source import RawInput, decode_text
from planarcli.errors import NotADecklistError
from planarcli.xmlsafe import parse_xml

_SPACES = re.compile(r"\s+")
#: An XML comment's text ("<!--" outside a comment would be escaped, so this is one).
_XML_COMMENT = re.compile(r"<!--\s*(.*?)\s*-->", re.DOTALL)


def read(raw: RawInput) -> Decklist:
    """Read an MTGO ``.dek`` file."""
    text = decode_text(raw.data, raw.display)
    if not text.strip():
        return Decklist(raw.display, "mtgo", ())
    root = parse_xml(text, raw.display)
    if root.tag != "Deck":
        raise NotADecklistError(
            f"not an MTGO deck: the root element is <{root.tag[:40]}>, expected <Deck>",
            path=raw.display,
            line=root.line,
        )
    comments = [comment.group(1) for comment in _XML_COMMENT.finditer(text)]
    # A comment deck convert writes: the sideboard is the planar deck, every row of it.
    mark = SIDEBOARD_IS_PLANAR.casefold()
    marked = any(comment.casefold().startswith(mark) for comment in comments)
    side_role = "planar" if marked else "candidate"
    entries: list[DeckEntry] = []
    issues: list[ReaderIssue] = []
    for element in root.find_all("Cards"):
        name = _SPACES.sub(" ", element.attrib.get("Name", "")).strip()
        if not name:
            issues.append(ReaderIssue(element.line, "unreadable-line", "a <Cards> row has no Name"))
            continue
        too_long = name_too_long(name, element.line)
        if too_long:
            issues.append(too_long)
            continue
        written = element.attrib.get("Quantity", "1").strip()
        quantity = parse_quantity(written)
        if quantity is None:
            issues.append(
                ReaderIssue(
                    element.line,
                    "bad-quantity",
                    f"Quantity={written[:12]!r} for {name!r} is not a quantity between "
                    f"1 and {MAX_QUANTITY}",
                )
            )
            continue
        sideboard = element.attrib.get("Sideboard", "false").strip().casefold() == "true"
        entries.append(
            DeckEntry(
                name,
                quantity,
                element.line,
                "Sideboard" if sideboard else "Main",
                side_role if sideboard else "other",
            )
        )
    # deck convert's mark of a communal deck, in an XML comment of its own
    communal = next(
        (
            found
            for comment in comments
            if (found := find_communal_mark(comment, None)) is not None
            and found[0].start() == 0
        ),
        None,
    )
    players = communal_players(communal, issues)
    return Decklist(
        raw.display, "mtgo", tuple(entries), tuple(issues), None, communal_players=players
    )

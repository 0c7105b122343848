"""Cockatrice ``.cod`` decklists (XML, read with defusedxml only)::

    <?xml version="1.0" encoding="UTF-8"?>
    <cockatrice_deck version="1">
        <deckname>Planar Chaos</deckname>
        <zone name="main">
            <card number="4" name="Lightning Bolt"/>
        </zone>
        <zone name="side">
            <card number="1" name="Grand Ossuary"/>
        </zone>
    </cockatrice_deck>

Cockatrice has no planar zone; players park planes in the sideboard (``side``, or
``sideboard`` as some converters write it) or the main deck, so those zones are
"candidate" sections: the planar cards in them, found by type, form the planar deck.
``tokens`` is never the planar deck. A zone named like a planar deck (``planes``,
``planar``) is taken as one, and so is the sideboard of a file whose ``<comments>`` carry
planarcli's mark (``deck convert`` writes it): every card of it, planar or not. Line
numbers are the lines the ``<card>`` elements start on.
"""

from __future__ import annotations

import re

from planarcli.deck.readers.model import (
    SIDEBOARD_IS_PLANAR,
    DeckEntry,
    Decklist,
    ReaderIssue,
    communal_players,
    find_communal_mark,
)
from planarcli.deck.readers.source import RawInput
from planarcli.deck.readers.xmldeck import open_xml_deck, xml_card
from planarcli.xmlsafe import XmlElement

PLANAR_ZONES = frozenset({"planes", "planar", "planar deck", "planechase"})
CANDIDATE_ZONES = frozenset({"main", "side", "sideboard"})

_SPACES = re.compile(r"\s+")


def zone_role(name: str) -> str:
    key = _SPACES.sub(" ", name).strip().casefold()
    if key in PLANAR_ZONES:
        return "planar"
    if key in CANDIDATE_ZONES:
        return "candidate"
    return "other"


def card_entry(
    element: XmlElement, zone: str, role: str, issues: list[ReaderIssue]
) -> DeckEntry | None:
    """The entry for one ``<card number=".." name=".."/>``, or None (with an issue)."""
    nameless = f"a <card> in zone {zone!r} has no name"
    card = xml_card(element, "name", "number", nameless, issues)
    if card is None:
        return None
    return DeckEntry(card[0], card[1], element.line, zone, role)


def read(raw: RawInput) -> Decklist:
    """Read a Cockatrice ``.cod`` file."""
    opened = open_xml_deck(raw, "cockatrice_deck", "a Cockatrice deck")
    if opened is None:
        return Decklist(raw.display, "cockatrice", ())
    root = opened[1]
    deckname = root.find("deckname")
    deck_name = _SPACES.sub(" ", deckname.text).strip() or None if deckname else None
    comments_element = root.find("comments")
    comments = comments_element.text.strip() if comments_element else ""
    # written by deck convert: the sideboard is the planar deck, every card of it
    marked = SIDEBOARD_IS_PLANAR.casefold() in comments.casefold()
    entries: list[DeckEntry] = []
    issues: list[ReaderIssue] = []
    for zone in root.find_all("zone"):
        zone_name = zone.attrib.get("name", "").strip()
        role = zone_role(zone_name)
        if marked and zone_name.casefold() in ("side", "sideboard"):
            role = "planar"
        for element in zone.find_all("card"):
            entry = card_entry(element, zone_name or "?", role, issues)
            if entry is not None:
                entries.append(entry)
    left = comments.casefold().replace(SIDEBOARD_IS_PLANAR.casefold(), "")
    # written by deck convert too: the deck is a communal deck
    communal = find_communal_mark(comments, comments_element.line if comments_element else None)
    if communal is not None:
        left = left.replace(communal[0].group().casefold(), "")
    players = communal_players(communal, issues)
    left = "\n".join(line.strip(" .\t") for line in left.splitlines()).strip()
    return Decklist(
        raw.display,
        "cockatrice",
        tuple(entries),
        tuple(issues),
        deck_name,
        communal_players=players,
        comment_lines=len(left.splitlines()),
    )

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
main-deck rows are "other". A file without a single ``Sideboard="true"`` row (TappedOut and
other sites export a planar deck as a main deck) has only one part: its rows are
"unsectioned", the planar deck if its names are mostly planar, like a bare list. A file
with planarcli's comment ``<!-- planarcli: the sideboard is the planar deck -->`` (``deck
convert`` writes it) has its sideboard rows taken as the planar deck, every one.
``CatID`` is ignored (missing or fake for planes).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

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

#: An XML comment's text ("<!--" outside a comment would be escaped, so this is one).
_XML_COMMENT = re.compile(r"<!--\s*(.*?)\s*-->", re.DOTALL)


def read(raw: RawInput) -> Decklist:
    """Read an MTGO ``.dek`` file."""
    opened = open_xml_deck(raw, "Deck", "an MTGO deck")
    if opened is None:
        return Decklist(raw.display, "mtgo", ())
    text, root = opened
    comments = [comment.group(1) for comment in _XML_COMMENT.finditer(text)]
    # A comment deck convert writes: the sideboard is the planar deck, every row of it.
    mark = SIDEBOARD_IS_PLANAR.casefold()
    marked = any(comment.casefold().startswith(mark) for comment in comments)
    side_role = "planar" if marked else "candidate"
    entries: list[DeckEntry] = []
    issues: list[ReaderIssue] = []
    rows = list(root.find_all("Cards"))
    # Without sideboard rows, the main deck is the whole file: a bare list, whatever it holds.
    one_part = not any(_in_sideboard(element.attrib) for element in rows)
    main_role = "unsectioned" if one_part else "other"
    for element in rows:
        card = xml_card(element, "Name", "Quantity", "a <Cards> row has no Name", issues)
        if card is None:
            continue
        name, quantity = card
        sideboard = _in_sideboard(element.attrib)
        entries.append(
            DeckEntry(
                name,
                quantity,
                element.line,
                "Sideboard" if sideboard else ("Main" if not one_part else None),
                side_role if sideboard else main_role,
            )
        )
    # deck convert's mark of a communal deck, in an XML comment of its own
    communal = next(
        (
            found
            for comment in comments
            if (found := find_communal_mark(comment, None)) is not None and found[0].start() == 0
        ),
        None,
    )
    players = communal_players(communal, issues)
    return Decklist(
        raw.display, "mtgo", tuple(entries), tuple(issues), None, communal_players=players
    )


def _in_sideboard(attributes: Mapping[str, str]) -> bool:
    """Whether a ``<Cards>`` row is in the sideboard."""
    return attributes.get("Sideboard", "false").strip().casefold() == "true"

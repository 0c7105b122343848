"""What the two XML decklist readers (Cockatrice ``.cod``, MTGO ``.dek``) share: opening
the document under the root element its format expects, and reading one card element's
name and quantity, with the same reader issues for a card that cannot be read."""

from __future__ import annotations

import re

from planarcli.deck.readers.decoding import decode_text
from planarcli.deck.readers.model import MAX_QUANTITY, ReaderIssue, name_too_long, parse_quantity
from planarcli.deck.readers.source import RawInput
from planarcli.errors import NotADecklistError
from planarcli.xmlsafe import XmlElement, parse_xml

_SPACES = re.compile(r"\s+")


def open_xml_deck(raw: RawInput, root_tag: str, deck: str) -> tuple[str, XmlElement] | None:
    """The text of the XML decklist ``raw`` and its root element; None when the file is
    blank. Raises NotADecklistError when the root is not ``<root_tag>`` (``deck`` names the
    format in that message: "a Cockatrice deck")."""
    text = decode_text(raw.data, raw.display)
    if not text.strip():
        return None
    root = parse_xml(text, raw.display)
    if root.tag != root_tag:
        raise NotADecklistError(
            f"not {deck}: the root element is <{root.tag[:40]}>, expected <{root_tag}>",
            path=raw.display,
            line=root.line,
        )
    return text, root


def xml_card(
    element: XmlElement,
    name_attribute: str,
    quantity_attribute: str,
    nameless: str,
    issues: list[ReaderIssue],
) -> tuple[str, int] | None:
    """The name (spaces folded) and quantity (1 when not given) of the card ``element``
    holds in those attributes; None, with an issue added to ``issues``, when it has no name
    (``nameless`` says so), a name longer than any card's, or no quantity from 1 to
    MAX_QUANTITY."""
    name = _SPACES.sub(" ", element.attrib.get(name_attribute, "")).strip()
    if not name:
        issues.append(ReaderIssue(element.line, "unreadable-line", nameless))
        return None
    too_long = name_too_long(name, element.line)
    if too_long:
        issues.append(too_long)
        return None
    written = element.attrib.get(quantity_attribute, "1").strip()
    quantity = parse_quantity(written)
    if quantity is None:
        issues.append(
            ReaderIssue(
                element.line,
                "bad-quantity",
                f"{quantity_attribute}={written[:12]!r} for {name!r} is not a quantity "
                f"between 1 and {MAX_QUANTITY}",
            )
        )
        return None
    return name, quantity

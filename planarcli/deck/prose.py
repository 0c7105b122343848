"""Saying which lines a text decklist left out as prose, when that may have cost a card.

The text reader leaves out, as comments, the lines without a quantity that read as prose
around a list (``here's my deck lol:``, ``Cheers,``). Most are chat. A card name mangled into
something prose-like would be dropped the same way, and only ``validate -v`` counted such
lines. So ``validate`` names them (finding ``prose-line``, a warning: it changes no verdict)
in two cases, and stays quiet about ordinary chat otherwise:

- the planar deck fails a size check (``deck-too-small``): every line left out as prose is
  named, since one of them may be the missing card;
- a line left out as prose holds, inside a sentence and capitalised, a word of four letters
  or more from the name of a planar card the deck does not hold (``Thinking about swapping
  Naya for Jund, thoughts?`` under a deck without Jund): that card is named as the
  suggestion. A word that starts the line or a sentence is not taken for a name (``Time to
  go!``), nor is a card the deck already holds (a line about Naya in a deck with Naya).
"""

from __future__ import annotations

import re

from planarcli.cards.catalog import Catalog
from planarcli.deck.findings import Finding
from planarcli.deck.readers.model import DeckEntry, Decklist

#: A word: letters, maybe with an apostrophe inside ("Raven's").
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
#: The shortest word taken for a card's name word (shorter ones are too common).
_MIN_LETTERS = 4
#: What ends a sentence: the word after it starts one.
_SENTENCE_ENDS = ".!?:;"
_PAREN_SUFFIX = re.compile(r"\s*\([^()]*\)$")  # "Artist Alley (Plane)": the type is no word

_words_cache: dict[int, tuple[Catalog, dict[str, tuple[str, ...]]]] = {}


def card_words(catalog: Catalog) -> dict[str, tuple[str, ...]]:
    """Folded words of four letters or more in planar card names -> the cards' names."""
    cached = _words_cache.get(id(catalog))
    if cached is not None and cached[0] is catalog:
        return cached[1]
    index: dict[str, list[str]] = {}
    for card in catalog.cards:
        for word in _WORD.findall(_PAREN_SUFFIX.sub("", card.name)):
            if len(word) >= _MIN_LETTERS:
                names = index.setdefault(word.casefold(), [])
                if card.name not in names:
                    names.append(card.name)
    words = {word: tuple(names) for word, names in index.items()}
    _words_cache.clear()
    _words_cache[id(catalog)] = (catalog, words)
    return words


def named_cards(text: str, catalog: Catalog, held: set[str]) -> list[str]:
    """The planar cards a prose line names by a word inside a sentence, capitalised, that
    the deck (``held``: catalog names) does not hold; in the order the words come."""
    words = card_words(catalog)
    found: list[str] = []
    for match in _WORD.finditer(text):
        word = match.group()
        if len(word) < _MIN_LETTERS or not word[0].isupper():
            continue
        before = text[: match.start()].rstrip(" \t\"'“‘(*_")
        if not before or before[-1] in _SENTENCE_ENDS:
            continue  # the first word of the line or of a sentence: capitalised anyway
        for name in words.get(word.casefold(), ()):
            if name not in held and name not in found:
                found.append(name)
    return found


def prose_findings(
    decklist: Decklist,
    planar_entries: tuple[DeckEntry, ...],
    catalog: Catalog,
    edition: str,
    *,
    short: bool,
) -> list[Finding]:
    """``prose-line`` warnings for the lines ``decklist`` left out as prose: every one when
    the planar deck is ``short`` of cards (it failed a size check), else those that name a
    planar card the deck does not hold."""
    held = {card.name for card in map(catalog.lookup, (e.name for e in planar_entries)) if card}
    found: list[Finding] = []
    for line, text in decklist.prose:
        cards = named_cards(text, catalog, held)
        if cards:
            named = " or ".join(cards[:3])
            message = (
                f"{text!r} was left out as a comment (it reads as prose, not as a card line) "
                f"but names {named}, which the planar deck does not hold: if this line means "
                f"that card, write it as '1 {cards[0]}'"
            )
            found.append(
                Finding(None, edition, "warning", "prose-line", message, line, None, tuple(cards))
            )
        elif short:
            message = (
                f"{text!r} was left out as a comment (it reads as prose, not as a card line) "
                "and the planar deck is short of cards: if this line names one, write it as "
                "'1 Name'"
            )
            found.append(Finding(None, edition, "warning", "prose-line", message, line))
    return found

"""Saying which lines a text decklist left out as prose, when that may have cost a card.

The text reader leaves out, as comments, the lines without a quantity that read as prose
around a list (``here's my deck lol:``, ``Cheers,``). Most are chat. A card name mangled into
something prose-like would be dropped the same way, and only ``validate -v`` counted such
lines. So ``validate`` names them (finding ``prose-line``, a warning: it changes no verdict)
in two cases, and stays quiet about ordinary chat otherwise:

- the planar deck fails a size check (``deck-too-small``): every line left out as prose is
  named, since one of them may be the missing card; or, when some of them name a planar
  card the deck does not hold (see below), only those;
- a line left out as prose opens with a planar card the deck does not hold, as a card
  line with a remark after it does (``Sky Deck, my favourite!``, ``The Hippodrome (the best
  one).``): the card's words, written with a capital, are the line's first (linking words
  such as "the" aside). That card is the finding's suggestion. A card named further on is
  chat about cards, as posts asking for advice are full of (``Thinking about swapping Naya
  for Jund, thoughts?``), and is named only under a deck that is short.

A line names a card when it holds, written with a capital, the card's one word (``Jund``)
or two words of its name (``the Hedron Fields board``), one of them of four letters or
more; three of a name of five (``Time Lord`` is not *Human—Time Lord Meta-Crisis*, nor
``Magic Cards`` *Finally! Left-Handed Magic Cards*). A card the deck holds is not named (a
line about Naya in a deck with Naya).
"""

from __future__ import annotations

import re

from planarcli.cards.catalog import Catalog
from planarcli.cards.names import fold_name
from planarcli.deck.findings import Finding
from planarcli.deck.readers.model import DeckEntry, Decklist
from planarcli.errors import echoed

#: A word: letters, maybe with an apostrophe inside ("Raven's", "Norn’s": every apostrophe
#: ``fold_name`` drops); a hyphen parts two words.
_WORD = re.compile(r"[^\W\d_]+(?:['\u2018\u2019\u02bc`\u00b4\u2032][^\W\d_]+)*")
#: Lower-case words of card names that name nothing ("Sea of Sand", "The Dark Barony").
_LINKING_WORDS = frozenset(
    {"a", "an", "and", "at", "by", "for", "from", "in", "of", "on", "the", "to", "with"}
)
#: A name is not taken as named without one word of it this long (not by "We" and "You").
_LONG_WORD = 4

#: A card's name and its folded words but the linking ones.
CardWords = tuple[tuple[str, frozenset[str]], ...]
#: card_words' answer for one catalog (the one in use), as ``planar._NEAR_MISSES`` keeps
#: near misses: the catalog is held, so no other can take its id meanwhile.
_CARD_WORDS: tuple[Catalog | None, CardWords] = (None, ())


def card_words(catalog: Catalog) -> CardWords:
    """(name, its folded words but the linking ones) of every planar card: folded as card
    names are compared (the catalog's ``fold_name`` keys), so "Norn’s Dominion", "Norns
    Dominion" and "Chaotic Aether" in a line meet "Norn's Dominion" and "Chaotic Æther"."""
    global _CARD_WORDS
    if _CARD_WORDS[0] is not catalog:
        cards = []
        for key, name in catalog.folded_names().items():  # folded already: no Card made
            words = set(key.split()) - _LINKING_WORDS
            if words:
                cards.append((name, frozenset(words)))
        _CARD_WORDS = (catalog, tuple(cards))
    return _CARD_WORDS[1]


def _capitals(text: str) -> dict[str, int]:
    """Each folded word ``text`` writes with a capital -> where it first stands."""
    capitals: dict[str, int] = {}
    for match in _WORD.finditer(text):
        if match.group()[0].isupper():
            for word in fold_name(match.group()).split():
                capitals.setdefault(word, match.start())
    return capitals


def _opening(text: str) -> int | None:
    """Where the first word of ``text`` that is no linking word stands."""
    for match in _WORD.finditer(text):
        if match.group().casefold() not in _LINKING_WORDS:
            return match.start()
    return None


def named_cards(text: str, catalog: Catalog, held: set[str], *, opening: bool = False) -> list[str]:
    """The planar cards a prose line names (see the module's docstring) that the deck
    (``held``: catalog names) does not hold, in the order their words come in the line;
    with ``opening``, only one whose words open the line. A card named only by words of a
    longer name the line names is not counted again ("the Eloren Wilds" names Eloren Wilds,
    not The Wilds too)."""
    capitals = _capitals(text)
    if not capitals:
        return []
    found: list[tuple[int, str, frozenset[str]]] = []
    for name, words in card_words(catalog):
        written = words.intersection(capitals)
        if (
            len(written) >= max(min(2, len(words)), (len(words) + 1) // 2)
            and any(len(word) >= _LONG_WORD for word in written)
            and name not in held
        ):
            found.append((min(capitals[word] for word in written), name, written))
    start = _opening(text) if opening else None
    return [
        name
        for at, name, written in sorted(found)
        if not any(written < other for _, _, other in found) and (not opening or at == start)
    ]


def prose_findings(
    decklist: Decklist,
    planar_entries: tuple[DeckEntry, ...],
    catalog: Catalog,
    edition: str,
    *,
    short: bool,
) -> list[Finding]:
    """``prose-line`` warnings for the lines ``decklist`` left out as prose: when the planar
    deck is ``short`` of cards (it failed a size check), those that name a planar card the
    deck does not hold, or every one when none does; else those that open with such a card."""
    held = {card.name for card in map(catalog.lookup, (e.name for e in planar_entries)) if card}
    found: list[Finding] = []
    named = [
        (line, text, named_cards(text, catalog, held, opening=not short))
        for line, text in decklist.prose
    ]
    # under a short deck, the lines that name a card it lacks when there are (an e-mail's
    # greeting, sign-off and "Sent from my iPhone" around "Takenuma - need to find my copy"
    # are not the card), else every line
    naming = any(cards for _, _, cards in named)
    for line, text, cards in named:
        if not cards and (naming or not short):
            continue
        said = f"{echoed(text)} was left out as a comment (it reads as prose, not as a card line)"
        if cards:
            said += (
                f" but names {' or '.join(cards[:3])}, which the planar deck does not hold: if "
                f"this line means that card, write it as '1 {cards[0]}'"
            )
        else:
            said += (
                " and the planar deck is short of cards: if this line names one, write it as "
                "'1 Name'"
            )
        suggested = tuple(cards)
        found.append(Finding(None, edition, "warning", "prose-line", said, line, None, suggested))
    return found

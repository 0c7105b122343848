"""What the readers ask the catalog about a name: the one card-name oracle.

A line of a pasted list, a CSV row whose name held its delimiter, a legacy-encoded Japanese
file: each reads two ways, and the reading whose name is a card wins. ``CardNames`` is the
one object the readers ask (the text reader, the CSV reader, decoding); it loads the catalog
only on its first question, so a file that never reads two ways never loads it. Its answers
are exact or folded look-ups, printed names, other Magic cards, and a near miss of a planar
card (one fuzzy comparison, loaded only then).
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

from planarcli.deck.readers.vocabulary import fold_heading

if TYPE_CHECKING:
    from planarcli.cards.catalog import Catalog


def longer_than_a_card(text: str) -> bool:
    """Whether ``text`` is longer than any planar card name could be, misspelt or not, with
    a quantity before it (the longest has five words and 41 characters): such a piece or
    line needs no catalog look-up to be no card, which keeps a folder of prose notes cheap."""
    return len(text) > 60 or text.count(" ") >= 6


class CardNames:
    """Catalog look-ups for names that read two ways; the catalog loads on first need."""

    def __init__(self, catalog: Catalog | None) -> None:
        self._catalog = catalog

    @property
    def catalog(self) -> Catalog:
        if self._catalog is None:
            from planarcli.cards.store import load_catalog

            self._catalog = load_catalog(warn=False)
        return self._catalog

    def known(self, name: str) -> bool:
        """Whether ``name`` is a planar card (exactly, folded, or by a printed name)."""
        from planarcli.deck.readers.planar import planar_card

        return planar_card(self.catalog, name) is not None

    @cached_property
    def worlds(self) -> frozenset[str]:
        """The planar subtypes (a plane's world: "Zendikar", "Serra's Realm"), folded."""
        return frozenset(fold_heading(card.subtype) for card in self.catalog.cards if card.subtype)

    def named(self, name: str) -> bool:
        """Whether ``name`` is a card's own name ("Artist Alley (Plane)"), not a variant
        the catalog reads as another ("Akoum (plane)" is read as Akoum)."""
        card = self.catalog.lookup(name)
        return card is not None and fold_heading(card.name) == fold_heading(name)

    def other(self, name: str) -> bool:
        """Whether ``name`` is a Magic card that is not planar."""
        from planarcli.cards.resolve import other_magic_card

        return other_magic_card(self.catalog, name) is not None

    def near(self, name: str) -> bool:
        """Whether ``name`` is a near miss of a planar card."""
        return self.near_name(name) is not None

    def card(self, name: str) -> bool:
        """Whether ``name`` is a card (planar or not) or a near miss of a planar card; never
        a line longer than a card's name (a sentence)."""
        if longer_than_a_card(name):
            return False
        return self.known(name) or self.near(name) or self.other(name)

    def near_name(self, name: str) -> str | None:
        """The planar card ``name`` is a near miss of (:func:`planar.near_miss`), or None."""
        from planarcli.deck.readers.planar import near_miss

        return near_miss(name, self.catalog)

    def typo_of(self, name: str) -> str | None:
        """The world (subtype, folded) of the one planar card ``name`` is a few typing slips
        from, "" for a card without one, or None when it is no such slip."""
        from planarcli.cards.resolve import typo_of

        slip = typo_of(self.catalog, name)
        return None if slip is None else fold_heading(slip.subtype or "")

"""The card catalog: every plane and phenomenon planarcli knows, indexed by exact and folded
name and by printed non-English name, which answer exact, folded and printed names
(``Catalog.resolve``). The Catalog is the only place that knows how names are folded (see
``planarcli.cards.names``). It imports neither of the modules built on it: a name its indexes
lack is for ``planarcli.cards.resolve`` (typos, fuzzy guesses, "another Magic card"), which
uses the catalog and keeps its own caches, and ``planarcli.cards.store`` loads and builds
catalogs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from planarcli.cards.model import Card, CatalogSource, Resolution, _printed_json
from planarcli.cards.names import fold_name, umlaut_free
from planarcli.errors import echoed as echo_repr

#: A name longer than this many times the catalog's longest name is no card name: no
#: lookup compares it (``Catalog.max_name_chars``); ``cards show|match`` refuse it (exit 2).
NAME_LENGTH_FACTOR = 2


class Catalog:
    """The cards, indexed by exact and folded name.

    A catalog read from a file keeps the parsed records and makes a Card only when one is
    looked up (``from_records``): a ten-card deck spelled as the catalog spells it then
    costs ten Card objects, not two hundred.
    """

    def __init__(
        self,
        cards: tuple[Card, ...],
        source: CatalogSource,
        *,
        sources: tuple[CatalogSource, ...] = (),
        borrow: Callable[[], Catalog] | None = None,
    ) -> None:
        self._cards: tuple[Card, ...] | None = cards
        self._records: dict[str, dict[str, Any]] = {}
        self.source = source
        #: Every file the cards come from, ``source`` (the newest) first.
        self.sources: tuple[CatalogSource, ...] = sources or (source,)
        #: Card name → the kind of source it came from, for cards not from ``source``.
        self._origins: dict[str, str] = {}
        self._made: dict[str, Card] = {card.name: card for card in cards}
        self._folded: dict[str, Card] | None = None
        self._key_name_map: dict[str, str] | None = None
        self._printed: dict[str, tuple[str, str]] | None = None
        self._printed_folded: dict[str, tuple[str, str] | None] | None = None
        self._keys_checked = False
        self._max_chars: int | None = None
        #: The catalog whose printed names this one borrows (the bundled snapshot, for a
        #: synced cache that lacks them), made on first need; None for the snapshot itself.
        self._borrow = borrow

    @classmethod
    def from_records(
        cls,
        records: list[dict[str, Any]],
        source: CatalogSource,
        *,
        sources: tuple[CatalogSource, ...] = (),
        origins: dict[str, str] | None = None,
        borrow: Callable[[], Catalog] | None = None,
    ) -> Catalog:
        """A catalog over parsed card records (catalog-schema dicts), made into Cards lazily;
        ``origins``: the kind of source of each card not from ``source``."""
        catalog = cls((), source, sources=sources, borrow=borrow)
        catalog._cards = None
        catalog._records = {record["name"]: record for record in records}
        catalog._origins = origins or {}
        return catalog

    def borrowed(self) -> Catalog | None:
        """The catalog this one borrows printed names from and counts as planar too (the
        bundled snapshot, for a synced cache), or None."""
        return self._borrow() if self._borrow is not None else None

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card, in catalog order."""
        if self._cards is None:
            self._cards = tuple(self._card(name) for name in self._records)
        return self._cards

    def records(self) -> list[dict[str, Any]]:
        """Every card as a catalog-schema record, in catalog order: the records read from
        the file when there are (with their precomputed name ``keys``, also once the Cards
        are made, as a checked cache makes them), else records made from the Cards."""
        if self._records or self._cards is None:
            return list(self._records.values())
        return [card.to_json() for card in self._cards]

    def origin(self, card: Card) -> str:
        """Where ``card`` came from: "cache" or "snapshot"."""
        return self._origins.get(card.name, self.source.kind)

    def counts_by_source(self) -> dict[str, int]:
        """How many cards come from each source, by kind ("cache", "snapshot")."""
        counts = dict.fromkeys((source.kind for source in self.sources), 0)
        for name in self._records if self._cards is None else self._made:
            kind = self._origins.get(name, self.source.kind)
            counts[kind] = counts.get(kind, 0) + 1
        return counts

    def _card(self, name: str) -> Card:
        card = self._made.get(name)
        if card is None:
            card = self._made[name] = Card.from_json(self._records[name])
        return card

    def cards_by_folded_name(self) -> dict[str, Card]:
        """Cards by folded English name (for fuzzy matching: makes every Card; the
        catalog's own dict: read it, do not change it)."""
        if self._folded is None:
            self._folded = {key: self.card_named(name) for key, name in self._key_names.items()}
        return self._folded

    @property
    def _key_names(self) -> dict[str, str]:
        """Card names by folded English name, built on the first lookup that needs more than
        an exact name, from the records' precomputed ``keys`` (only records without them
        are folded here): a lookup never folds the whole catalog."""
        if self._key_name_map is None:
            names: dict[str, str] = {}
            for card_name, data in self._name_sources():
                keys = data.get("keys")
                names.setdefault(keys[0] if keys else fold_name(card_name), card_name)
            self._key_name_map = names
        return self._key_name_map

    def folded_names(self) -> dict[str, str]:
        """Every card's name by its folded English name (``fold_name``), as the lookups use
        them: from the records' precomputed keys, without making the Cards (the catalog's own
        dict: read it, do not change it)."""
        return self._key_names

    def _index_printed_names(self) -> None:
        """Index the printed names, on the first lookup that needs them: as written and
        folded → (card name, language); a folded name two cards share names neither. A
        German name is also indexed as written without umlauts ("Chaotischer Aether" for
        "Chaotischer Äther": ``planarcli.cards.names.umlaut_free``)."""
        written: dict[str, tuple[str, str]] = {}
        folded: dict[str, tuple[str, str] | None] = {}
        for card_name, data in self._name_sources():
            printed = data.get("printed_names")
            if not printed:
                continue
            keys = data.get("keys")
            at = 1
            for lang, spellings in printed.items():
                entry = (card_name, lang)
                for spelled in spellings:
                    key = keys[at] if keys else fold_name(spelled)
                    at += 1
                    written.setdefault(spelled, entry)
                    variant = umlaut_free(spelled) if lang == "de" else None
                    for one in (key, variant) if variant and variant != key else (key,):
                        if one:
                            seen = folded.get(one, entry)
                            folded[one] = entry if seen and seen[0] == card_name else None
        self._printed, self._printed_folded = written, folded

    def _name_sources(self) -> Iterable[tuple[str, dict[str, Any]]]:
        """(card name, record) for every card; cards made directly (not read from a file)
        give records of their names only. Records read from a file are used also once their
        Cards are made (a checked cache makes them all): their ``keys`` spare the folding."""
        if self._cards is None or self._records:
            if not self._keys_checked:
                for data in self._records.values():
                    if "keys" in data and _record_keys(data) is None:
                        del data["keys"]  # keys that do not fit the names: fold instead
                self._keys_checked = True
            yield from self._records.items()
        else:
            for card in self._cards:
                yield card.name, {"printed_names": _printed_json(card.printed_names)}

    def holds(self, name: str) -> bool:
        """Whether a card has exactly this name (``exact`` is not None), without making it."""
        return name in (self._records if self._cards is None else self._made)

    def card_named(self, name: str) -> Card:
        """The card with exactly this name, which the catalog holds."""
        card = self.exact(name)
        assert card is not None, name
        return card

    def __len__(self) -> int:
        return len(self._records) if self._cards is None else len(self._cards)

    # -- lookups ---------------------------------------------------------------------------
    def exact(self, name: str) -> Card | None:
        """The card with exactly this name."""
        if self._cards is None:
            return self._card(name) if name in self._records else None
        return self._made.get(name)

    def resolve(self, name: str) -> Resolution:
        """Exact name first, then the folded name, then a printed non-English name (as
        written, then folded); never a guess. A synced cache without printed
        names (written by an older planarcli) borrows the bundled snapshot's."""
        card = self.exact(name)
        if card is not None:
            return Resolution(name, card, "exact")
        key = fold_name(name)
        found = self._key_names.get(key)
        if found is not None:
            return Resolution(name, self.card_named(found), "folded")
        printed = self._printed_names_as_written.get(name)
        if printed is not None:
            return self._printed_resolution(name, printed)
        printed = self.printed_names_folded().get(key)
        if printed is not None:
            return self._printed_resolution(name, printed)
        lender = self.borrowed() if key else None
        if lender is not None:
            borrowed = lender.resolve(name)
            if borrowed.how == "printed" and borrowed.card is not None:
                found = self._key_names.get(fold_name(borrowed.card.name))
                card = self.exact(borrowed.card.name) or (
                    self.card_named(found) if found is not None else None
                )
                if card is not None:
                    return Resolution(name, card, "printed", borrowed.lang)
        return Resolution(name, None, "unknown")

    # -- printed (non-English) names -------------------------------------------------------
    @property
    def _printed_names_as_written(self) -> dict[str, tuple[str, str]]:
        """Printed name exactly as printed → (card name, language)."""
        if self._printed is None:
            self._index_printed_names()
            assert self._printed is not None
        return self._printed

    def printed_names_folded(self) -> dict[str, tuple[str, str] | None]:
        """Folded printed name → (card name, language); None for a key that two different
        cards are printed with (it names neither). The catalog's own dict: read it, do not
        change it."""
        if self._printed_folded is None:
            self._index_printed_names()
            assert self._printed_folded is not None
        return self._printed_folded

    def _printed_resolution(self, written: str, printed: tuple[str, str]) -> Resolution:
        card_name, lang = printed
        return Resolution(written, self.exact(card_name), "printed", lang)

    def lookup(self, name: str) -> Card | None:
        """The card this name denotes (exactly, folded or by a printed name), or None."""
        return self.resolve(name).card

    def max_name_chars(self) -> int:
        """The longest name worth comparing with the cards' names, in folded characters:
        NAME_LENGTH_FACTOR times the longest folded name (English or printed) of the
        catalog. Anything longer is no spelling of any of them."""
        if self._max_chars is None:
            longest = max((len(folded) for folded in self._key_names), default=0)
            longest = max([longest, *(len(folded) for folded in self.printed_names_folded())])
            self._max_chars = NAME_LENGTH_FACTOR * max(longest, 1)
        return self._max_chars

    def too_long(self, name: str) -> bool:
        """Whether ``name`` folds to more than ``max_name_chars`` characters: no card's
        name, and not worth a fuzzy comparison (which costs time in its length)."""
        return len(fold_name(name)) > self.max_name_chars()

    # -- browsing ----------------------------------------------------------------------
    def filter(
        self,
        *,
        kind: str | None = None,
        sets: Iterable[str] = (),
        subtype: str | None = None,
        exclude_sets: Iterable[str] = (),
    ) -> list[Card]:
        """Cards of a kind / in any of ``sets`` / of a subtype, minus cards found only in
        ``exclude_sets`` (``planarcli.cards.filters``)."""
        from planarcli.cards.filters import filter_cards

        return filter_cards(
            self.cards, kind=kind, sets=sets, subtype=subtype, exclude_sets=exclude_sets
        )

    def names(self) -> list[str]:
        return [card.name for card in self.cards]


def _record_keys(data: dict[str, Any]) -> list[str] | None:
    """A card record's precomputed folded names (``planarcli.cards.names.add_name_keys``),
    or None when it has none that fit its names."""
    keys = data.get("keys")
    if not isinstance(keys, list) or not keys:
        return None
    printed = data.get("printed_names")
    count = 1 + (sum(len(n) for n in printed.values()) if isinstance(printed, dict) else 0)
    return keys if len(keys) == count else None


def too_long_message(catalog: Catalog, name: str) -> str:
    """Why a NAME longer than any card name could be (``max_name_chars``) is refused: no
    fuzzy comparison, which would cost seconds and could only find a card by one word."""
    return (
        f"{echo_repr(name)} is {len(fold_name(name))} characters long; no card name is "
        f"over {catalog.max_name_chars()}: give one card name"
    )

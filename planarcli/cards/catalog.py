"""The card catalog: every plane and phenomenon planarcli knows, and name lookups.

One loader serves both sources, which share ``schemas/catalog.schema.json``: the snapshot
bundled in the package and the synced cache (``cards.json`` in the cache dir, written by
``planarcli cards sync``). The catalog is their union: every snapshot card, with the synced
record winning per oracle id, so a sync that returned only part of the cards never makes a
card unknown. The Catalog is the only place that knows how names are folded (see
``planarcli.cards.names``).

rapidfuzz is imported only when a name needs fuzzy matching.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from planarcli import resources
from planarcli.cards.names import FOLD_VERSION, fold_name
from planarcli.errors import DataUnavailableError, NotFoundError
from planarcli.errors import echoed as echo_repr
from planarcli.records import record, replace

if TYPE_CHECKING:
    from datetime import datetime
    from json import JSONDecodeError
    from pathlib import Path

    from planarcli.cards.magicnames import MagicNames

CACHE_FILE_NAME = "cards.json"
SNAPSHOT_FILE_NAME = "cards.json"


@record
class Card:
    """One plane or phenomenon, as the catalog knows it."""

    name: str
    kind: str  # "plane" | "phenomenon"
    subtype: str | None
    type_line: str
    sets: tuple[str, ...]
    oracle_id: str
    first_released: str | None = None
    oracle_text: str | None = None
    scryfall_uri: str | None = None
    #: Names printed on non-English printings: (language code, name) pairs.
    printed_names: tuple[tuple[str, str], ...] = ()

    @property
    def is_phenomenon(self) -> bool:
        return self.kind == "phenomenon"

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Card:
        # Every field, in order, positionally: the record's quick path (keywords cost 60%
        # more, and a checked cache makes every Card on each start-up).
        return cls(
            data["name"],
            data["kind"],
            data.get("subtype"),
            data["type_line"],
            tuple(data["sets"]),
            data["oracle_id"],
            data.get("first_released"),
            data.get("oracle_text"),
            data.get("scryfall_uri"),
            _printed_pairs(data.get("printed_names")),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.kind,
            "subtype": self.subtype,
            "type_line": self.type_line,
            "sets": list(self.sets),
            "first_released": self.first_released,
            "oracle_id": self.oracle_id,
            "oracle_text": self.oracle_text,
            "scryfall_uri": self.scryfall_uri,
            **({"printed_names": _printed_json(self.printed_names)} if self.printed_names else {}),
        }


def _printed_pairs(value: Any) -> tuple[tuple[str, str], ...]:
    """``{"de": ["Name", ...], ...}`` (the catalog's ``printed_names``) as (lang, name) pairs."""
    if not isinstance(value, dict):
        return ()
    return tuple((lang, name) for lang, names in value.items() for name in names)


def _printed_json(pairs: Iterable[tuple[str, str]]) -> dict[str, list[str]]:
    grouped: dict[str, list[str]] = {}
    for lang, name in pairs:
        grouped.setdefault(lang, []).append(name)
    return grouped


#: A ``created`` timestamp this far ahead of the clock is "in the future" (less is clock skew).
FUTURE_TOLERANCE_DAYS = 1 / 24
#: Card data older than this is worth syncing again (``cards info`` says so): new planar
#: cards come out a few times a year, so a fresh install stays current for half a year.
STALE_AFTER_DAYS = 180.0


@record
class CatalogSource:
    """Where the catalog came from and how old it is."""

    kind: str  # "snapshot" | "cache"
    location: str  # the file's path (a string: pathlib stays off the start-up path)
    created: str | None  # ISO 8601 timestamp written into the file
    warning: str | None = None  # why a cache was passed over, when one was
    data_as_of: str | None = None  # when the card facts date from, if not when the file was made

    @property
    def path(self) -> Path:
        from pathlib import Path

        return Path(self.location)

    @property
    def dated(self) -> str | None:
        """The date the card data dates from, which its age is measured from: ``data_as_of``
        when the file says so (the snapshot), else ``created`` (a sync's time)."""
        return self.data_as_of or self.created

    def _raw_age_days(self, now: datetime | None = None) -> float | None:
        """Days since the data dates from (``data_as_of``, else ``created``; negative when it
        lies in the future), or None."""
        from datetime import datetime, timezone

        when = self.dated
        if not when:
            return None
        try:
            stamp = datetime.fromisoformat(when.replace("Z", "+00:00"))
        except ValueError:
            return None
        if stamp.tzinfo is None:
            stamp = stamp.replace(tzinfo=timezone.utc)
        return ((now or datetime.now(timezone.utc)) - stamp).total_seconds() / 86400

    def age_days(self, now: datetime | None = None) -> float | None:
        """Days since the data was created, never negative (a ``created`` in the future counts
        as 0 days; ``age_text`` says so), or None when the file gives no usable timestamp.
        The one source of a catalog's age: show it with ``age_text``."""
        age = self._raw_age_days(now)
        return None if age is None else max(0.0, age)

    def is_future(self, now: datetime | None = None) -> bool:
        """True when ``created`` lies more than FUTURE_TOLERANCE_DAYS ahead of ``now``."""
        age = self._raw_age_days(now)
        return age is not None and age < -FUTURE_TOLERANCE_DAYS

    def age_text(self, now: datetime | None = None) -> str | None:
        """The age for people: "0 days old", "1 day old", "1064 days old" (rounded as
        ``f"{age_days():.0f}"``), "created in the future", or None when unknown."""
        if self.is_future(now):
            return "created in the future"
        age = self.age_days(now)
        if age is None:
            return None
        days = f"{age:.0f}"
        return f"{days} {'day' if days == '1' else 'days'} old"

    def is_stale(self, now: datetime | None = None) -> bool:
        """True when the data is older than STALE_AFTER_DAYS (time to sync again)."""
        age = self.age_days(now)
        return age is not None and age > STALE_AFTER_DAYS


@record
class Resolution:
    """How a written name resolved: to a card exactly, by folding, by one of its printed
    non-English names, or not at all."""

    written: str
    card: Card | None
    how: str  # "exact" | "folded" | "printed" | "unknown"
    lang: str | None = None  # for "printed": the language the name is printed in


@record
class UnknownName:
    """What a name that is no card of the catalog is, as far as planarcli can tell."""

    written: str
    #: The non-planar Magic card the name is (``is_other_card``) or looks like, if any.
    other_card: str | None
    is_other_card: bool
    #: The one planar card that clearly fits (never set together with ``other_card``).
    guess: Card | None
    #: Planar cards the name resembles, best first (did-you-mean candidates).
    suggestions: tuple[str, ...]


class CardNotFoundError(NotFoundError):
    """No card answers to a name; ``suggestions`` are the planar cards it resembles."""

    def __init__(self, message: str, *, hint: str | None, suggestions: Sequence[str]) -> None:
        super().__init__(message, hint=hint)
        self.suggestions = list(suggestions)


@record
class Match:
    card: Card
    score: float


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
        self._other_names: list[str] | None = None
        self._planar_key_set: set[str] | None = None
        self._keys_checked = False
        self._guess_names: list[tuple[str, Card]] | None = None
        self._vocabulary: tuple[list[str], list[tuple[int, ...]]] | None = None
        self._max_chars: int | None = None

    @classmethod
    def from_records(cls, records: list[dict[str, Any]], source: CatalogSource) -> Catalog:
        """A catalog over parsed card records (catalog-schema dicts), made into Cards lazily."""
        catalog = cls((), source)
        catalog._cards = None
        catalog._records = {record["name"]: record for record in records}
        return catalog

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

    @property
    def _by_key(self) -> dict[str, Card]:
        """Cards by folded name (for fuzzy matching: makes every Card)."""
        if self._folded is None:
            self._folded = {key: self._card_named(name) for key, name in self._key_names.items()}
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

    def _index_printed_names(self) -> None:
        """Index the printed names, on the first lookup that needs them: as written and
        folded → (card name, language); a folded name two cards share names neither."""
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
                    if key:
                        seen = folded.get(key, entry)
                        folded[key] = entry if seen and seen[0] == card_name else None
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

    def _card_named(self, name: str) -> Card:
        card = self.exact(name)
        assert card is not None, name
        return card

    def __len__(self) -> int:
        return len(self._records) if self._cards is None else len(self._cards)

    # -- lookups -----------------------------------------------------------------------
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
            return Resolution(name, self._card_named(found), "folded")
        printed = self._printed_names_as_written.get(name)
        if printed is not None:
            return self._printed_resolution(name, printed)
        printed = self._printed_names_folded.get(key)
        if printed is not None:
            return self._printed_resolution(name, printed)
        if self.source.kind != "snapshot" and key:
            borrowed = _bundled_snapshot().resolve(name)
            if borrowed.how == "printed" and borrowed.card is not None:
                found = self._key_names.get(fold_name(borrowed.card.name))
                card = self.exact(borrowed.card.name) or (
                    self._card_named(found) if found is not None else None
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

    @property
    def _printed_names_folded(self) -> dict[str, tuple[str, str] | None]:
        """Folded printed name → (card name, language); None for a key that two different
        cards are printed with (it names neither)."""
        if self._printed_folded is None:
            self._index_printed_names()
            assert self._printed_folded is not None
        return self._printed_folded

    def _printed_resolution(self, written: str, printed: tuple[str, str]) -> Resolution:
        card_name, lang = printed
        return Resolution(written, self.exact(card_name), "printed", lang)

    def _named_exactly(self, name: str) -> Card | None:
        """The card ``name`` folds to, or is a printed name of: the only answers that
        score 100 as a match."""
        resolution = self.resolve(name)
        return resolution.card

    def lookup(self, name: str) -> Card | None:
        """The card this name denotes (exactly or folded), or None."""
        return self.resolve(name).card

    def match(self, name: str, *, limit: int = 10, cutoff: float = 0.0) -> list[Match]:
        """Ranked fuzzy candidates for ``name`` (best first, 0-100 scores).

        Each card is scored on its English and printed names, at its best. A name that
        folds to a catalog name, or to one of a card's printed names, scores 100, and
        nothing else does (at most BELOW_EXACT). Scores otherwise come from
        rapidfuzz's WRatio on folded names, or its plain ratio for names of up to
        SHORT_NAME letters: a short name is a whole name, and WRatio's partial matching would
        find "nix" inside "Ghirapur Grand Prix".
        """
        key = fold_name(name)
        if not key or self.too_long(name):
            return []
        from rapidfuzz import fuzz, process

        pairs = self._names_to_guess_from()
        scorer = fuzz.ratio if len(key) <= SHORT_NAME else fuzz.WRatio
        found = process.extract(
            key, [k for k, _ in pairs], scorer=scorer, limit=None, score_cutoff=cutoff
        )
        matches: list[Match] = []
        seen: set[str] = set()
        for _, score, index in found:  # best first: each card once, at its best name
            card = pairs[index][1]
            if card.name not in seen:
                seen.add(card.name)
                matches.append(Match(card, min(round(float(score), 1), BELOW_EXACT)))
        exact = self._named_exactly(name)
        if exact is not None:
            matches = [Match(exact, 100.0)] + [m for m in matches if m.card is not exact]
        # Stable, readable ranking: score, then name.
        matches.sort(key=lambda m: (-m.score, m.card.name.casefold()))
        return matches[:limit]

    def closest(self, key: str, cutoff: float) -> Card | None:
        """The card whose folded name is nearest the folded name ``key`` by rapidfuzz's plain
        ratio, if it scores ``cutoff`` (0-100) or more."""
        from rapidfuzz import fuzz, process

        keys = self._key_names
        found = process.extractOne(key, list(keys), scorer=fuzz.ratio, score_cutoff=cutoff)
        return None if found is None else self._card_named(keys[found[0]])

    def suggest(self, name: str, *, limit: int = 3) -> list[str]:
        """Up to ``limit`` did-you-mean names for an unknown name: good candidates only, and
        only those close to the best one (so one clear answer is not drowned in noise)."""
        matches = self.match(name, limit=limit, cutoff=SUGGEST_CUTOFF)
        if not matches:
            return []
        floor = matches[0].score - SUGGEST_SPREAD
        return [m.card.name for m in matches if m.score >= floor]

    def guess_scores(
        self, name: str, *, min_score: float = 0.0, cover: bool = True
    ) -> list[tuple[float, Card]]:
        """Every card scored as a guess for ``name``, best first: the better of a whole-name
        score (rapidfuzz's WRatio when the written name is no longer than the card's name,
        discounted by how much of the name it covers when WRatio matched a part of it; the
        plain ratio when it is longer, so a short name inside a long text is no match) and
        a word score (each written word paired with a different word of the name, the
        mean over the written words, discounted by how much of the name the pairs cover),
        so "acadmy tolaria" finds Academy at Tolaria West while "chaos" repeated, or one
        word of a foreign name, finds little. With ``cover=False`` nothing is discounted
        for the part of a name left unwritten (``explain_unknown`` judges a clear winner
        so: a word two names share is no winner). Each card scores its best over its
        English and printed names. A name longer than ``max_name_chars`` scores nothing.
        Generous by design: ``cards show`` guesses only from a clear winner,
        and ``validate``'s did-you-mean uses the stricter ``suggest``. Only the card the
        name folds to, or is a printed name of, scores 100; every other score is at most
        BELOW_EXACT ("Tolaria West" is not "Academy at Tolaria West"). Cards scoring below
        ``min_score`` are left out (``cards match`` uses MATCH_MIN_SCORE)."""
        from rapidfuzz import fuzz, process

        key = fold_name(name)
        words = key.split()
        if not words or self.too_long(name):
            return []
        base = COVER_BASE if cover else 1.0
        exact = self._named_exactly(name)
        pairs = self._names_to_guess_from()
        folded_names = [folded for folded, _ in pairs]
        # Every string score comes from rapidfuzz's C loops: the whole name against every
        # name (WRatio, which finds a short name inside a longer one, and the plain ratio,
        # for names shorter than what was written), each written word against every word.
        partial = [0.0] * len(pairs)
        for _, score, index in process.extract(key, folded_names, scorer=fuzz.WRatio, limit=None):
            partial[index] = float(score)
        plain = [0.0] * len(pairs)
        for _, score, index in process.extract(key, folded_names, scorer=fuzz.ratio, limit=None):
            plain[index] = float(score)
        vocabulary, word_indexes = self._guess_vocabulary(pairs)
        per_word = []
        for word in words:
            scores = [0.0] * len(vocabulary)
            for _, score, at in process.extract(word, vocabulary, scorer=fuzz.ratio, limit=None):
                scores[at] = float(score)
            per_word.append(scores)
        best: dict[str, tuple[float, Card]] = {}
        for index, (folded, card) in enumerate(pairs):
            whole = _whole_score(key, folded, partial[index], plain[index], base)
            by_word = _word_score(per_word, word_indexes[index], vocabulary, base)
            score = min(round(max(whole, by_word), 1), BELOW_EXACT)
            if card is exact:
                score = 100.0
            if score >= min_score and score > best.get(card.name, (-1.0,))[0]:
                best[card.name] = (score, card)
        scored = list(best.values())
        scored.sort(key=lambda item: (-item[0], item[1].name.casefold()))
        return scored

    def max_name_chars(self) -> int:
        """The longest name worth comparing with the cards' names, in folded characters:
        NAME_LENGTH_FACTOR times the longest folded name (English or printed) of the
        catalog. Anything longer is no spelling of any of them."""
        if self._max_chars is None:
            longest = max((len(folded) for folded in self._key_names), default=0)
            longest = max([longest, *(len(folded) for folded in self._printed_names_folded)])
            self._max_chars = NAME_LENGTH_FACTOR * max(longest, 1)
        return self._max_chars

    def too_long(self, name: str) -> bool:
        """Whether ``name`` folds to more than ``max_name_chars`` characters: no card's
        name, and not worth a fuzzy comparison (which costs time in its length)."""
        return len(fold_name(name)) > self.max_name_chars()

    def typo_of(self, name: str) -> Card | None:
        """The one planar card whose English name ``name`` is a few typing slips away from
        (``is_misspelling``: "Akuom" is Akoum), or None when no card, or more than one, is
        that close. The same rule ``validate --fix`` renames by."""
        key = fold_name(name)
        if len(key) < GUESS_MIN_CHARS or self.too_long(name):
            return None
        found = [card for folded, card in self._by_key.items() if _is_typo(key, folded)]
        return found[0] if len(found) == 1 else None

    def _names_to_guess_from(self) -> list[tuple[str, Card]]:
        """(folded name, card) for every name a card goes by: its English name and its
        printed non-English names, so a misspelt French name is guessed from the French."""
        if self._guess_names is None:
            pairs = list(self._by_key.items())
            for key, printed in self._printed_names_folded.items():
                if printed is not None and key not in self._key_names:
                    card = self.exact(printed[0])
                    if card is not None:
                        pairs.append((key, card))
            self._guess_names = pairs
        return self._guess_names

    def _guess_vocabulary(
        self, pairs: list[tuple[str, Card]]
    ) -> tuple[list[str], list[tuple[int, ...]]]:
        """Every word of the names in ``pairs``, each once, and for each name the positions
        of its words in that list."""
        if self._vocabulary is None:
            split = [folded.split() or [folded] for folded, _ in pairs]
            vocabulary = sorted({word for words in split for word in words})
            where = {word: at for at, word in enumerate(vocabulary)}
            self._vocabulary = (vocabulary, [tuple(where[w] for w in words) for words in split])
        return self._vocabulary

    def find(self, name: str) -> tuple[Card, str]:
        """The card ``name`` denotes and how it was found: "exact", "folded", "printed", or
        "fuzzy" for a clear guess (see ``explain_unknown``). Raises CardNotFoundError, with
        the planar cards the name resembles as suggestions, when there is no clear answer."""
        resolution = self.resolve(name)
        if resolution.card is not None:
            return resolution.card, resolution.how
        unknown = self.explain_unknown(name)
        if unknown.guess is not None:
            return unknown.guess, "fuzzy"
        suggestions = unknown.suggestions
        did_you_mean = (
            "did you mean: " + ", ".join(repr(s) for s in suggestions) + "?"
            if suggestions
            else None
        )
        said = echo_repr(name)
        if unknown.other_card is not None and unknown.is_other_card:
            raise CardNotFoundError(
                f"{said} is a Magic card but not a plane or phenomenon",
                hint=(
                    f"planar cards with a similar name: {', '.join(map(repr, suggestions))}"
                    if suggestions
                    else None
                ),
                suggestions=suggestions,
            )
        message = f"no plane or phenomenon named {said}"
        if unknown.other_card is not None:
            message += (
                f"; it looks like the Magic card {unknown.other_card!r}, "
                "which is not a plane or phenomenon"
            )
        hint: str | None = (
            did_you_mean or f"try `planarcli cards match {said}` or `planarcli cards search`"
        )
        if self.too_long(name):
            hint = None
        if unknown.other_card is not None and suggestions:
            hint = f"planar cards with a similar name: {', '.join(map(repr, suggestions))}"
        raise CardNotFoundError(message, hint=hint, suggestions=suggestions)

    def explain_unknown(self, name: str) -> UnknownName:
        """What ``name``, which is no card of this catalog, is: another Magic card (it folds
        to a name of the bundled list of every Magic card, planar or not), a misspelling
        of one planar card (``guess``: a clear winner of ``guess_scores``, or the one card
        ``typo_of`` finds, the rule ``validate --fix`` renames by), a name that looks more
        like another Magic card than like any planar one, or nothing known.

        A guess needs a clear winner among the planar cards: a score of at least
        GUESS_MIN_SCORE (see ``guess_scores``), ahead of the runner-up, from a written name
        long enough to be a basis for a guess (at least GUESS_MIN_CHARS folded characters
        and GUESS_MIN_SHARE of the guessed name's length: "a" or "plane" guess nothing);
        and the written name must be closer, letter for letter, to that card's name than
        to any non-planar Magic card's ("Llanowar Elfs" is Llanowar Elves misspelt, not
        Llanowar). The list of every name is read here, and only here."""
        key = fold_name(name)
        if not key or self.too_long(name):  # no card's name: nothing to compare it with
            return UnknownName(name, None, False, None, ())
        suggestions = tuple(self.suggest(name))
        magic = _magic_names()
        if magic is not None and key in magic and key not in self._planar_keys():
            return UnknownName(name, magic.name_for(key), True, None, suggestions)
        # Whether one card clearly fits is judged on how well the written name is explained
        # (cover=False): how much of a longer name it leaves out ranks, but is no ambiguity.
        ranked = self.guess_scores(name, cover=False)
        best = ranked[0][1] if ranked else None
        top = ranked[0][0] if ranked else 0.0
        runner_up = ranked[1][0] if len(ranked) > 1 else 0.0
        clear = (
            best is not None
            and (
                (top >= GUESS_MIN_SCORE and top > runner_up)
                or (top >= GUESS_LEAD_MIN_SCORE and top - runner_up >= GUESS_LEAD)
            )
            and _enough_to_guess(key, fold_name(best.name))
        )
        typo = self.typo_of(name)
        if typo is not None:  # a misspelling of one card only: the fixer's certain rename
            best, clear = typo, True
        other = self._closest_other_card(key) if magic is not None else None
        if other is not None:
            other_key, other_ratio = other
            from rapidfuzz import fuzz

            planar_ratio = (
                max(float(fuzz.ratio(key, fold_name(c.name))) for c in self._suggested(suggestions))
                if suggestions
                else 0.0
            )
            if best is not None:
                planar_ratio = max(planar_ratio, float(fuzz.ratio(key, fold_name(best.name))))
            if other_ratio >= LOOKS_LIKE_MIN_RATIO and other_ratio >= planar_ratio:
                assert magic is not None
                return UnknownName(name, magic.name_for(other_key), False, None, suggestions)
        if clear and best is not None:  # the one card that clearly fits is the suggestion
            return UnknownName(name, None, False, best, (best.name,))
        return UnknownName(name, None, False, None, suggestions)

    def other_magic_card(self, name: str) -> str | None:
        """The printed name of the non-planar Magic card ``name`` is ("tolaria west" →
        "Tolaria West"), or None: for a card of the catalog too."""
        if self.resolve(name).card is not None:
            return None
        key = fold_name(name)
        magic = _magic_names() if key else None
        if magic is None or key not in magic or key in self._planar_keys():
            return None
        return magic.name_for(key)

    def _planar_keys(self) -> set[str]:
        """Every folded name of a planar card: this catalog's, and the bundled snapshot's
        when this catalog is another (a synced cache that lacks a card is no proof that the
        card is not planar)."""
        if self._planar_key_set is None:
            keys = set(self._key_names)
            keys.update(self._printed_names_folded)
            if self.source.kind != "snapshot":
                snapshot = _bundled_snapshot()
                keys.update(snapshot._key_names)
                keys.update(snapshot._printed_names_folded)
            self._planar_key_set = keys
        return self._planar_key_set

    def _suggested(self, names: Iterable[str]) -> list[Card]:
        return [card for card in map(self.exact, names) if card is not None]

    def _closest_other_card(self, key: str) -> tuple[str, float] | None:
        """The folded name of the non-planar Magic card closest to ``key`` (rapidfuzz's
        plain ratio on whole names) and its score, or None."""
        magic = _magic_names()
        if magic is None:
            return None
        if self._other_names is None:
            planar = self._planar_keys()
            self._other_names = [k for k in magic.keys if k not in planar]
        from rapidfuzz import fuzz, process

        found = process.extractOne(key, self._other_names, scorer=fuzz.ratio)
        return (found[0], float(found[1])) if found else None

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
        ``exclude_sets``."""
        wanted = {s.lower() for s in sets}
        excluded = {s.lower() for s in exclude_sets}
        sub = subtype.casefold() if subtype else None
        out = []
        for card in self.cards:
            if kind and card.kind != kind:
                continue
            if wanted and not wanted.intersection(card.sets):
                continue
            if sub and (card.subtype or "").casefold() != sub:
                continue
            if excluded and set(card.sets) <= excluded:
                continue
            out.append(card)
        return out

    def names(self) -> list[str]:
        return [card.name for card in self.cards]


#: WRatio score below which a candidate is not worth suggesting.
SUGGEST_CUTOFF = 70.0
#: Names this short are compared as whole names (see ``Catalog.match``).
SHORT_NAME = 5
#: Suggestions more than this many points below the best one are left out.
SUGGEST_SPREAD = 10.0
#: ``find`` guesses a card only from a score at least this high (see ``guess_scores``) ...
GUESS_MIN_SCORE = 90.0
#: ... or at least this high and this far ahead of the runner-up ...
GUESS_LEAD_MIN_SCORE = 75.0
GUESS_LEAD = 10.0
#: ... from a written name of at least this many folded characters ...
GUESS_MIN_CHARS = 4
#: ... that is at least this share of the guessed name's folded length.
GUESS_MIN_SHARE = 0.4
#: ``cards match`` lists no candidate scoring below this (junk finds "no candidates").
MATCH_MIN_SCORE = 50.0
#: The highest score of a name that is not the card's own (100 is for the card's names).
BELOW_EXACT = 99.0
#: A name this close (rapidfuzz ratio on folded names) to a non-planar Magic card's name,
#: and at least as close as to any planar card's, is taken to mean that card: no guess.
LOOKS_LIKE_MIN_RATIO = 80.0


def _magic_names() -> MagicNames | None:
    """The bundled list of every Magic card name, or None when it cannot be read (a damaged
    install: names are then judged against the catalog alone)."""
    from planarcli.cards.magicnames import load_magic_names

    try:
        return load_magic_names()
    except (OSError, ValueError):
        return None


#: A name longer than this many times the catalog's longest name is no card name: no
#: lookup compares it (``Catalog.max_name_chars``); ``cards show|match`` refuse it (exit 2).
NAME_LENGTH_FACTOR = 2
#: A score that matched only part of a name keeps this share of itself whatever the name's
#: other letters, and gains the rest in proportion to the share of the name it matched:
#: "chaos" is a word of "Terrain de Chasse" misspelt, not the whole name.
COVER_BASE = 0.8
#: A written name this many times shorter than a card's name is compared with part of it
#: (WRatio's partial matching); the score then counts how much of the name it covers.
PARTIAL_LENGTH_RATIO = 1.5
#: Name words this short ("at", "of", "de") count for nothing in how much of a name a
#: written name covers.
MIN_CONTENT_WORD = 3
#: A misspelling may differ from the card's folded name by one edit (insert, delete,
#: substitute, swap two neighbours) per this many letters of it, and always by one.
TYPO_CHARS_PER_EDIT = 6


def _covered(score: float, share: float, base: float) -> float:
    """``score`` for a match of ``share`` (0-1) of a name's letters (see COVER_BASE)."""
    return score * (base + (1.0 - base) * min(1.0, share))


def _whole_score(key: str, folded: str, partial: float, plain: float, base: float) -> float:
    """The whole written name ``key`` against the folded name ``folded``: WRatio
    (``partial``) when the written name is no longer than the name, discounted by the share
    of the name it can cover when WRatio matched it against a part; the plain ratio
    (``plain``) when it is longer (a name found inside a longer text is no match of it)."""
    if len(key) > len(folded):
        return plain
    if len(folded) >= PARTIAL_LENGTH_RATIO * len(key):
        return _covered(partial, len(key) / len(folded), base)
    return partial


def _word_score(
    per_word: list[list[float]], indexes: tuple[int, ...], vocabulary: list[str], base: float
) -> float:
    """The written words against one name's words (positions ``indexes`` in
    ``vocabulary``; ``per_word[i][j]`` is written word i's ratio to vocabulary word j):
    each name word pairs with at most one written word, best pairs first; the mean over
    the written words (a word left unpaired, or repeated, scores 0), discounted by the
    share of the name's content letters the pairs match."""
    if len(per_word) == 1:  # the common case, quickly: one word pairs with its best
        scores = per_word[0]
        at = max(indexes, key=scores.__getitem__)
        best = scores[at]
        if base == 1.0 or best <= 0:
            return best
        pairs = [(best, 0, indexes.index(at))]
    else:
        pairs = sorted(
            (
                (scores[at], i, slot)
                for i, scores in enumerate(per_word)
                for slot, at in enumerate(indexes)
            ),
            reverse=True,
        )
    used_words: set[int] = set()
    used_slots: set[int] = set()
    total = 0.0
    matched = 0.0
    for score, i, slot in pairs:
        if score <= 0 or i in used_words or slot in used_slots:
            continue
        used_words.add(i)
        used_slots.add(slot)
        total += score
        word = vocabulary[indexes[slot]]
        if len(word) >= MIN_CONTENT_WORD:
            matched += len(word) * score / 100.0
        if len(used_words) == len(per_word) or len(used_slots) == len(indexes):
            break
    if base == 1.0:
        return total / len(per_word)
    content = sum(len(w) for w in (vocabulary[at] for at in indexes) if len(w) >= MIN_CONTENT_WORD)
    share = matched / content if content else 1.0
    return _covered(total / len(per_word), share, base)


def _is_typo(key: str, target: str) -> bool:
    """Whether the folded ``key`` is a few typing slips away from the folded ``target``:
    at least one and at most one edit per TYPO_CHARS_PER_EDIT letters of it (restricted
    Damerau-Levenshtein), from at least GUESS_MIN_CHARS letters."""
    from rapidfuzz.distance import OSA

    if len(key) < GUESS_MIN_CHARS or key == target:
        return False
    allowed = max(1, len(target) // TYPO_CHARS_PER_EDIT)
    return OSA.distance(key, target, score_cutoff=allowed) <= allowed


def is_misspelling(written: str, card_name: str) -> bool:
    """Whether ``written`` is a few typing slips away from ``card_name`` (folded names)."""
    return _is_typo(fold_name(written), fold_name(card_name))


def _enough_to_guess(key: str, guessed: str) -> bool:
    """Whether the folded written name ``key`` is a real basis for guessing ``guessed``
    (folded): long enough on its own and against the guessed name."""
    return len(key) >= GUESS_MIN_CHARS and len(key) >= GUESS_MIN_SHARE * len(guessed)


def _record_keys(data: dict[str, Any]) -> list[str] | None:
    """A card record's precomputed folded names (``planarcli.cards.names.add_name_keys``),
    or None when it has none that fit its names."""
    keys = data.get("keys")
    if not isinstance(keys, list) or not keys:
        return None
    printed = data.get("printed_names")
    count = 1 + (sum(len(n) for n in printed.values()) if isinstance(printed, dict) else 0)
    return keys if len(keys) == count else None


def parse_catalog(document: Any, *, kind: str, path: str | os.PathLike[str]) -> Catalog:
    """Build a Catalog from a parsed catalog document (already schema-checked). Precomputed
    name ``keys`` folded by another version of ``fold_name`` are dropped (folded anew)."""
    header = document["source"]
    if header.get("fold_version") != FOLD_VERSION:
        for record in document["cards"]:
            record.pop("keys", None)
    source = CatalogSource(
        kind, os.fspath(path), header.get("created"), data_as_of=header.get("data_as_of")
    )
    return Catalog.from_records(document["cards"], source)


def read_catalog_file(path: str | os.PathLike[str], *, kind: str) -> Catalog:
    """Read one catalog file; raises ValueError/OSError on anything unreadable."""
    return parse_catalog(_catalog_document(path), kind=kind, path=path)


def _catalog_document(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The parsed catalog file at ``path``. Read as bytes and decoded in one go: a text-mode
    read of the 150 kB snapshot (with its Japanese and Chinese names) costs three times as
    much, on every start-up."""
    import json

    with open(path, "rb") as handle:
        document = json.loads(handle.read().decode("utf-8"))
    if not isinstance(document, dict) or document.get("format") != "planarcli-catalog":
        raise ValueError("not a planarcli card catalog")
    return document


#: The parsed snapshot is kept in the cache dir as marshal (:mod:`planarcli.marshalcache`):
#: loading it costs a third of parsing the JSON, and spares the json import, on every
#: start-up that reads the snapshot.
SNAPSHOT_CACHE_MAGIC = b"planarcli-parsed-snapshot\n"
SNAPSHOT_CACHE_NAME = "snapshot.bin"


def _snapshot_document(path: str, *, cached: bool = True) -> dict[str, Any]:
    """The parsed bundled snapshot at ``path``: from its parsed copy in the cache dir when
    that was made from this very file (path, size, mtime) by this planarcli and Python, else
    parsed and the copy written. A copy that is stale, damaged or unwritable costs only the
    parse."""
    from planarcli import __version__, marshalcache
    from planarcli.paths import cache_dir_path

    status = os.stat(path)
    key = "\n".join(
        (path, str(status.st_size), str(status.st_mtime_ns), __version__, marshalcache.python_key())
    )
    copy = os.path.join(cache_dir_path(), SNAPSHOT_CACHE_NAME)
    document = marshalcache.read(copy, SNAPSHOT_CACHE_MAGIC, key) if cached else None
    if document is not None and document.get("format") == "planarcli-catalog":
        return document
    document = _catalog_document(path)
    marshalcache.write(copy, SNAPSHOT_CACHE_MAGIC, key, document)
    return document


def snapshot_path() -> Path:
    return resources.package_data(SNAPSHOT_FILE_NAME)


def load_snapshot() -> Catalog:
    """The bundled snapshot (checked against the schema by the test suite, not at run time)."""
    path = resources.package_data_file(SNAPSHOT_FILE_NAME)
    try:
        return parse_catalog(_snapshot_document(path), kind="snapshot", path=path)
    except Exception:  # a parsed copy in the cache dir that is not what was written (issue 15)
        pass
    try:
        return parse_catalog(_snapshot_document(path, cached=False), kind="snapshot", path=path)
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise DataUnavailableError(
            f"the bundled card snapshot {path} is unreadable ({error})",
            hint="reinstall planarcli",
        ) from error


_BUNDLED: Catalog | None = None


def _bundled_snapshot() -> Catalog:
    """The bundled snapshot, read once per process (for name lookups a synced cache lacks)."""
    global _BUNDLED
    if _BUNDLED is None:
        _BUNDLED = load_snapshot()
    return _BUNDLED


def cache_path() -> Path:
    from planarcli.paths import cache_dir

    return cache_dir() / CACHE_FILE_NAME


#: Sidecar beside the cache recording that exactly these bytes passed the schema.
STAMP_SUFFIX = ".checked"
#: A cache file larger than this is not a card catalog.
MAX_CACHE_BYTES = 16 * 1024 * 1024
_STAMP_FORMAT = "planarcli-cache-stamp"


def stamp_path(path: Path) -> Path:
    """The sidecar stamp of the cache file at ``path`` (``cards.json.checked``)."""
    return path.with_name(path.name + STAMP_SUFFIX)


def _stamp_file(path: str | os.PathLike[str]) -> str:
    """``stamp_path`` as a string: reading the cache never needs pathlib (its import costs
    about 3 ms of every start-up that finds a synced cache)."""
    return os.fspath(path) + STAMP_SUFFIX


def content_digest(data: bytes) -> str:
    """The sha256 of ``data``, hex.

    Uses CPython's built-in sha256 module when there is one: ``import hashlib`` loads
    OpenSSL, which costs about ten milliseconds on every start-up.
    """
    import importlib

    for name in ("_sha2", "_sha256"):  # Python 3.12+, then 3.10/3.11
        try:
            module: Any = importlib.import_module(name)
            return str(module.sha256(data).hexdigest())
        except (ImportError, AttributeError):
            continue
    import hashlib

    return hashlib.sha256(data).hexdigest()


def _schema_digest() -> str:
    """sha256 of the catalog schema file, so a new schema invalidates every stamp."""
    try:
        with open(resources.schema_file("catalog.schema.json"), "rb") as handle:
            return content_digest(handle.read())
    except OSError:
        return "unavailable"


def _stamp_record(size: int, mtime_ns: int, sha256: str) -> dict[str, Any]:
    return {
        "format": _STAMP_FORMAT,
        "schema_sha256": _schema_digest(),
        "size": size,
        "mtime_ns": mtime_ns,
        "sha256": sha256,
    }


def write_cache_stamp(path: str | os.PathLike[str], size: int, mtime_ns: int, sha256: str) -> None:
    """Record that the cache file at ``path`` with this size, mtime and content hash passed
    the catalog schema. Best effort: a stamp that cannot be written only costs speed."""
    stamp = _stamp_file(path)
    folder, name = os.path.split(stamp)
    temp = os.path.join(folder, f".{name}.{os.getpid()}.tmp")
    import json

    try:
        with open(temp, "w", encoding="utf-8") as handle:
            handle.write(json.dumps(_stamp_record(size, mtime_ns, sha256)))
        os.replace(temp, stamp)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temp)


def _stamp_matches(path: str | os.PathLike[str], size: int, mtime_ns: int, sha256: str) -> bool:
    """True when the sidecar vouches for exactly these bytes under the current schema."""
    import json

    from planarcli.marshalcache import read_regular_file

    # A regular file of sane size only (a FIFO there would hang, /dev/zero exhaust memory),
    # and anything wrong with it (RecursionError from nesting too) means "check in full".
    data = read_regular_file(_stamp_file(path), 64 * 1024)
    if data is None:
        return False
    try:
        recorded = json.loads(data.decode("utf-8"))
    except Exception:
        return False
    return isinstance(recorded, dict) and recorded == _stamp_record(size, mtime_ns, sha256)


def load_cache(path: str | os.PathLike[str]) -> Catalog:
    """The synced cache at ``path``, checked against the catalog schema.

    The schema check (jsonschema) is the slow part, so it is skipped when the sidecar stamp
    (``cards.json.checked``, written by ``cards sync`` and after each full check) records this
    file's size, mtime and sha256 under the current schema. Any edit or replacement changes
    the hash, so the file is checked again (and re-stamped when it passes).

    Raises ValueError with a readable reason when the file is not a valid catalog.
    """
    with open(path, "rb") as handle:
        status = os.fstat(handle.fileno())
        if status.st_size > MAX_CACHE_BYTES:
            raise ValueError(f"{status.st_size} bytes is too large for a card catalog")
        data = handle.read(MAX_CACHE_BYTES + 1)
    if not data.strip():
        raise ValueError("the file is empty")
    digest = content_digest(data)
    from planarcli import marshalcache

    # The parsed copy beside the cache is written only once the file passed the schema: its
    # key (these very bytes, under this schema) vouches for it as the stamp does.
    copy = os.fspath(path) + PARSED_SUFFIX
    key = _parsed_key(path, len(data), status.st_mtime_ns, digest)
    parsed = marshalcache.read(copy, CACHE_COPY_MAGIC, key)
    if parsed is not None:
        # Checksummed, and written only from these bytes once they passed: its cards are
        # made on demand, as the snapshot's are.
        try:
            return parse_catalog(parsed, kind="cache", path=path)
        except (KeyError, TypeError, ValueError, AttributeError):
            pass  # not what was written: read the file itself below
    import json

    try:
        document = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as error:
        raise ValueError(f"not UTF-8 text ({error.reason})") from error
    except json.JSONDecodeError as error:
        raise ValueError(f"not valid JSON ({_json_problem(error)})") from error
    if _stamp_matches(path, len(data), status.st_mtime_ns, digest):
        try:
            stamped = parse_catalog(document, kind="cache", path=path)
            stamped.cards  # noqa: B018  make every Card now: a broken record must show here
            marshalcache.write(copy, CACHE_COPY_MAGIC, key, document)
            return stamped
        except (KeyError, TypeError, ValueError, AttributeError):
            pass  # a stamp never excuses a broken file: check it in full below
    from planarcli.schemacheck import schema_errors

    problems = schema_errors(document, "catalog.schema.json", limit=1)
    if problems:
        raise ValueError(f"does not match the catalog schema: {problems[0]}")
    catalog = parse_catalog(document, kind="cache", path=path)
    write_cache_stamp(path, len(data), status.st_mtime_ns, digest)
    marshalcache.write(copy, CACHE_COPY_MAGIC, key, document)
    return catalog


#: Beside the synced cache, its parsed copy (:mod:`planarcli.marshalcache`), as beside it the
#: stamp: reading it spares the json import and the parse on every start-up after a sync.
PARSED_SUFFIX = ".parsed"
CACHE_COPY_MAGIC = b"planarcli-parsed-cache\n"


def _parsed_key(path: str | os.PathLike[str], size: int, mtime_ns: int, sha256: str) -> str:
    """What a parsed copy of the cache was made from: the file's bytes (size, mtime,
    sha256), the schema they passed, and the planarcli and Python that parsed them."""
    from planarcli import __version__, marshalcache

    parts = (os.fspath(path), str(size), str(mtime_ns), sha256, _schema_digest(), __version__)
    return "\n".join((*parts, marshalcache.python_key()))


def _json_problem(error: JSONDecodeError) -> str:
    """``error`` as "Expecting value at line 1, column 1" (json's messages may already end
    in "at", as "Unterminated string starting at" does: no "at at")."""
    message = error.msg.rstrip()
    joiner = " " if message.endswith(" at") else " at "
    return f"{message}{joiner}line {error.lineno}, column {error.colno}"


#: Fields a synced record may lack (null) that the snapshot's record of the card can fill.
_FILLABLE = ("oracle_text", "first_released", "scryfall_uri")


def union_catalog(cache: Catalog, snapshot: Catalog) -> Catalog:
    """The synced cache's cards plus every snapshot card it lacks (by oracle id, and by name),
    in catalog order. The synced record wins; a field it leaves null (no Oracle text) is
    taken from the snapshot's record of the same card. Records stay records: Cards are still
    made only when looked up."""
    cached = cache.records()
    snapshot_records = snapshot.records()
    by_oracle_id = {entry["oracle_id"]: entry for entry in snapshot_records}
    merged: dict[str, dict[str, Any]] = {}
    for entry in cached:
        known = by_oracle_id.get(entry["oracle_id"])
        if known is not None and any(entry.get(key) is None for key in _FILLABLE):
            entry = dict(entry)
            for key in _FILLABLE:
                if entry.get(key) is None:
                    entry[key] = known.get(key)
        merged[entry["name"]] = entry
    synced_ids = {entry["oracle_id"] for entry in cached}
    origins = {}
    for entry in snapshot_records:
        if entry["oracle_id"] not in synced_ids and entry["name"] not in merged:
            merged[entry["name"]] = entry
            origins[entry["name"]] = snapshot.source.kind
    ordered = list(merged.values())
    if origins:
        ordered.sort(key=lambda entry: (entry["name"].casefold(), entry["name"]))
    catalog = Catalog.from_records(ordered, cache.source)
    catalog.sources = (cache.source, snapshot.source)
    catalog._origins = origins
    return catalog


_LOADED: Catalog | None = None
#: The synced cache as read in this process (or None) and why it was passed over (or None).
_SYNCED: tuple[Catalog | None, str | None] | None = None


def _synced_cache() -> tuple[Catalog | None, str | None]:
    """The valid synced cache, if there is one, and the reason a cache file that is there
    was passed over (read once per process)."""
    global _SYNCED
    if _SYNCED is None:
        from planarcli.paths import cache_dir_path

        location = os.path.join(cache_dir_path(), CACHE_FILE_NAME)
        catalog: Catalog | None = None
        warning = None
        if os.path.isfile(location):
            try:
                catalog = load_cache(location)
            except (OSError, ValueError) as error:
                reason = getattr(error, "strerror", None) or str(error)
                warning = (
                    f"ignoring the card cache {location}: {reason}; using the bundled snapshot"
                )
        elif os.path.lexists(location):  # a folder, a broken link: a sync could not write it
            warning = (
                f"ignoring the card cache {location}: it is not a file; using the bundled "
                "snapshot (remove it so that `planarcli cards sync` can write the cache)"
            )
        _SYNCED = (catalog, warning)
    return _SYNCED


def synced_card(name: str) -> tuple[Card, str] | None:
    """(card, "exact" | "folded") when the synced cache alone gives the catalog's answer to
    ``name``: its English name, as written or folded, is a card of the cache whose record
    is complete (nothing for the snapshot to fill in). The union with the snapshot would
    give that same card (the synced record wins), so ``cards show`` then need not read the
    snapshot at all: about 2 ms of its start-up. None otherwise (no cache, another
    spelling, a printed name): ask ``load_catalog()``."""
    cache, _ = _synced_cache()
    if cache is None:
        return None
    card = cache.exact(name)
    how = "exact"
    if card is None:
        found = cache._key_names.get(fold_name(name))
        if found is None:
            return None
        card, how = cache._card_named(found), "folded"
    if any(getattr(card, key) is None for key in _FILLABLE):
        return None
    return card, how


def load_catalog(*, use_cache: bool = True, warn: bool = True) -> Catalog:
    """The bundled snapshot, united with a valid synced cache when there is one (the
    cache's record wins per oracle id; see ``union_catalog``).

    A cache that is unreadable or fails its schema is passed over with a warning on
    stderr (once per process; ``warn=False`` keeps quiet, for shell completion), never
    trusted and never fatal. The reason stays in ``catalog.source.warning``.
    """
    global _LOADED
    if _LOADED is not None and (use_cache or _LOADED.source.kind == "snapshot"):
        return _LOADED
    catalog: Catalog | None = None
    warning = None
    if use_cache:
        catalog, warning = _synced_cache()
        if warning and warn:
            print(f"planarcli: warning: {warning}", file=sys.stderr)
    if catalog is not None:
        catalog = union_catalog(catalog, load_snapshot())
    else:
        catalog = load_snapshot()
        if warning:
            snapshot = catalog.source
            catalog = Catalog(
                cards=catalog.cards,
                source=replace(snapshot, warning=warning),
            )
    _LOADED = catalog
    return catalog


def reset_loaded_catalog() -> None:
    """Forget the catalog loaded in this process (tests; after a sync)."""
    global _LOADED, _BUNDLED, _SYNCED
    _LOADED = None
    _BUNDLED = None
    _SYNCED = None

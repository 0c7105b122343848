"""The card model: one plane or phenomenon (``Card``), where a catalog came from and how old
its data is (``CatalogSource``), and what looking a name up gives (``Resolution``,
``UnknownName``, ``Match``, ``CardNotFoundError``).

Plain records (:mod:`planarcli.records`), cheap to import: every command that reads a deck
or a card makes them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from planarcli.errors import NotFoundError
from planarcli.records import record

if TYPE_CHECKING:
    from datetime import datetime
    from pathlib import Path


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
    api_url: str | None = None  # the Scryfall API a synced cache was fetched from, if it says

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
        """Days since the data dates from (``dated``), never negative (a date in the future
        counts as 0 days; ``age_text`` says so), or None when the file gives no usable date.
        The one source of a catalog's age: show it with ``age_text``."""
        age = self._raw_age_days(now)
        return None if age is None else max(0.0, age)

    def is_future(self, now: datetime | None = None) -> bool:
        """True when ``dated`` lies more than FUTURE_TOLERANCE_DAYS ahead of ``now``."""
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

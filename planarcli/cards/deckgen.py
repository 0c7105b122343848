"""Random planar decks that are legal under the current deck rules.

- An individual planar deck (901.3): at least ten cards, each with a different English
  name, no more than two phenomena.
- The single communal planar deck (901.15a) for N players: at least forty cards or ten
  times N, whichever is smaller; no more phenomena than twice N; different names.

``build_random_deck`` draws from the catalog after exclusions: playtest and showcase cards
(sets ``punk`` and ``pssc``, cards printed only there) are left out unless the request
includes those sets. The seed is mixed with the number of players, so one seed gives
different decks for different tables; the same seed, options and catalog give the same deck.
:mod:`planarcli.report.deck` writes it in the plain-text decklist format (a ``Planar Deck``
section of ``1 Name`` lines) that ``planarcli validate`` reads, or as a JSON decklist.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from planarcli.cards.catalog import Catalog
from planarcli.cards.model import Card
from planarcli.cards.names import fold_name
from planarcli.errors import UsageError

INDIVIDUAL_MIN_CARDS = 10  # 901.3
INDIVIDUAL_MAX_PHENOMENA = 2  # 901.3
COMMUNAL_MAX_CARDS_FLOOR = 40  # 901.15a: at least 40 or 10 × players, whichever is smaller
KINDS = ("plane", "phenomenon")
#: The most players a communal deck is built for (the JSON decklist's "players" limit).
MAX_PLAYERS = 100
#: Playtest (``punk``) and Secret Lair showcase (``pssc``) cards stay out of random decks
#: unless asked for (``--include-set``): most tables have none of them.
DEFAULT_LEFT_OUT_SETS = ("punk", "pssc")


@dataclass(frozen=True)
class DeckRequest:
    """What the user asked for; ``None`` means the rules' default."""

    communal: bool = False
    players: int | None = None
    size: int | None = None
    seed: int | None = None
    exclude_sets: tuple[str, ...] = ()
    max_phenomena: int | None = None
    kinds: tuple[str, ...] = ()  # empty: planes and phenomena
    include_sets: tuple[str, ...] = ()  # of DEFAULT_LEFT_OUT_SETS, those to draw from after all


def left_out_sets(request: DeckRequest) -> tuple[str, ...]:
    """The sets whose own cards stay out of the deck: those the request excludes, and the
    default ones (DEFAULT_LEFT_OUT_SETS) it does not include. UsageError when one set is
    both included and excluded."""
    both = sorted(set(request.include_sets) & set(request.exclude_sets))
    if both:
        raise UsageError(f"set {both[0]!r} is both included (--include-set) and excluded")
    defaults = [code for code in DEFAULT_LEFT_OUT_SETS if code not in request.include_sets]
    return tuple(dict.fromkeys([*request.exclude_sets, *defaults]))


def _mixed_seed(seed: int, request: DeckRequest) -> str:
    """The seed the shuffle uses: the user's seed mixed with the number of players (so one
    seed gives another deck at another table). A string seed is hashed with SHA-512 by
    ``random.Random``: the same on every platform and run."""
    table = f"communal-{request.players}" if request.communal else "individual"
    return f"planarcli-deck:{seed}:{table}"


@dataclass(frozen=True)
class RandomDeck:
    """A drawn deck and the limits it was drawn under."""

    cards: tuple[Card, ...]
    seed: int
    rule: str  # "901.3" | "901.15a"
    min_size: int
    max_phenomena: int

    @property
    def phenomena(self) -> int:
        return sum(1 for card in self.cards if card.is_phenomenon)


def deck_limits(request: DeckRequest) -> tuple[str, int, int]:
    """(rule, minimum size, phenomenon cap) for the request, or UsageError."""
    if request.communal:
        if request.players is None:
            raise UsageError("--communal needs --players N (the number of players, at least 2)")
        if request.players < 2:
            raise UsageError(
                f"--players {request.players}: a communal planar deck needs at least 2 players"
            )
        if request.players > MAX_PLAYERS:
            raise UsageError(
                f"--players {request.players}: deck random builds for at most {MAX_PLAYERS} players"
            )
        return (
            "901.15a",
            min(COMMUNAL_MAX_CARDS_FLOOR, 10 * request.players),
            2 * request.players,
        )
    if request.players is not None:
        raise UsageError("--players goes with --communal (the single planar deck option)")
    return "901.3", INDIVIDUAL_MIN_CARDS, INDIVIDUAL_MAX_PHENOMENA


def _pool(catalog: Catalog, request: DeckRequest) -> list[Card]:
    """Catalog cards allowed by the request, one per folded name (validate compares names
    folded, so two spellings of one name would be one card twice)."""
    unknown = [kind for kind in request.kinds if kind not in KINDS]
    if unknown:
        raise UsageError(f"--kind {unknown[0]!r}: choose plane or phenomenon")
    kinds = set(request.kinds or KINDS)
    seen: set[str] = set()
    pool = []
    for card in sorted(
        catalog.filter(exclude_sets=left_out_sets(request)),
        key=lambda c: (c.name.casefold(), c.name),
    ):
        key = fold_name(card.name)
        if card.kind in kinds and key not in seen:
            seen.add(key)
            pool.append(card)
    return pool


def build_random_deck(catalog: Catalog, request: DeckRequest) -> RandomDeck:
    """A random legal planar deck for ``request``, or UsageError when none can be built."""
    rule, min_size, cap = deck_limits(request)
    size = min_size if request.size is None else request.size
    if size < min_size:
        what = (
            f"a communal planar deck for {request.players} players"
            if request.communal
            else "a planar deck"
        )
        raise UsageError(f"--size {size}: {what} needs at least {min_size} cards ({rule})")
    max_phenomena = cap
    if request.max_phenomena is not None:
        if request.max_phenomena < 0:
            raise UsageError("--max-phenomena must be 0 or more")
        if request.max_phenomena > cap:
            raise UsageError(
                f"--max-phenomena {request.max_phenomena}: the deck may hold at most {cap} "
                f"phenomena ({rule})"
            )
        max_phenomena = request.max_phenomena
    pool = _pool(catalog, request)
    planes = [card for card in pool if not card.is_phenomenon]
    phenomena = [card for card in pool if card.is_phenomenon]
    usable_phenomena = min(len(phenomena), max_phenomena)
    if len(planes) + usable_phenomena < size:
        left_out = left_out_sets(request)
        excluded = f" after excluding {', '.join(left_out)}" if left_out else ""
        # "--kind phenomenon" leaves no plane: say so, or the sets seem to be the reason.
        plural = {"plane": "planes", "phenomenon": "phenomena"}
        alone = set(request.kinds)
        only = f" of {plural[request.kinds[0]]} only" if len(alone) == 1 else ""
        raise UsageError(
            f"cannot build a {size}-card planar deck{only}{excluded}: the catalog offers "
            f"{len(planes)} planes and {len(phenomena)} phenomena (at most {max_phenomena} "
            f"phenomena allowed)"
        )
    seed = request.seed if request.seed is not None else random.SystemRandom().randrange(2**31)
    rng = random.Random(_mixed_seed(seed, request))
    order = list(pool)
    rng.shuffle(order)
    chosen: list[Card] = []
    taken_phenomena = 0
    for card in order:
        if len(chosen) == size:
            break
        if card.is_phenomenon:
            if taken_phenomena >= max_phenomena:
                continue
            taken_phenomena += 1
        chosen.append(card)
    # Every plane and up to max_phenomena phenomena were available, which the check above
    # found to be at least ``size``: the deck is complete.
    chosen.sort(key=lambda card: (card.is_phenomenon, card.name.casefold()))
    return RandomDeck(tuple(chosen), seed, rule, min_size, max_phenomena)


def command_line(request: DeckRequest, seed: int) -> str:
    """The ``planarcli deck random ...`` line that rebuilds this deck."""
    parts = ["planarcli", "deck", "random", "--seed", str(seed)]
    if request.communal:
        parts += ["--communal", "--players", str(request.players)]
    if request.size is not None:
        parts += ["--size", str(request.size)]
    if request.max_phenomena is not None:
        parts += ["--max-phenomena", str(request.max_phenomena)]
    for code in request.exclude_sets:
        parts += ["--exclude-set", code]
    for code in request.include_sets:
        parts += ["--include-set", code]
    for kind in request.kinds:
        parts += ["--kind", kind]
    return " ".join(parts)


def parse_kinds(values: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(value.lower() for value in values))

"""Finding the planar deck inside a decklist.

Formats mark the planar deck differently (a ``Planar Deck`` section, Forge's ``[Planes]``,
MTGJSON's ``planes``), park it where another zone should be (Cockatrice's sideboard), or
do not mark it at all (a bare list of planes). The reader records the role of each entry's
section; this module decides, the same way for every format, which entries are the planar
deck.
"""

from __future__ import annotations

from planarcli.cards.catalog import Catalog
from planarcli.cards.model import Card, Resolution
from planarcli.cards.names import fold_name
from planarcli.deck.readers.model import DeckEntry, Decklist
from planarcli.records import record


@record
class PlanarDeck:
    """The planar part of a decklist, or the reason there is none."""

    entries: tuple[DeckEntry, ...]
    found: bool
    how: str  # "section" | "whole-file" | "by-type" | "none"
    reason: str | None = None  # for found=False: what was seen instead
    planar_seen: int = 0  # planar cards seen in the file when no planar deck was found
    # Entries left out of a by-type planar deck whose names are near misses of planar
    # cards, each with the card it probably means.
    overlooked: tuple[tuple[DeckEntry, str], ...] = ()


#: How each format marks a planar deck, for the advice in a "no planar deck" finding.
_HOW_TO_MARK = {
    "text": "put the planes and phenomena under a 'Planar Deck' heading",
    "forge": "put the planes and phenomena in a [Planes] section",
    "cockatrice": "put the planes and phenomena in the sideboard zone",
    "mtgo": 'put the planes and phenomena in the sideboard (Sideboard="true")',
    "mtgjson": "put the planes and phenomena in the planes board",
    "json": "list the planes and phenomena in planar_deck",
    "csv": "add a Board column and write 'Planar' in it for the planes and phenomena",
    "xmage": "put the planes and phenomena in the sideboard (SB: lines)",
    "cards": "list only the planes and phenomena in the file",
}


def how_to_mark(format_name: str) -> str:
    """Advice on marking the planar deck in a file of this format."""
    return _HOW_TO_MARK.get(format_name, _HOW_TO_MARK["text"])


def resolved(catalog: Catalog, name: str) -> Resolution:
    """``catalog.resolve(name)``, kept for the run by name as written: the decks of a folder
    name the same two hundred planar cards, and one deck's names are asked for by the
    planar deck's search, the checks and the reader (each name folded, its printed names
    looked at, a record made, every time: a tenth of a deck's cost)."""
    global _RESOLVED
    if _RESOLVED[0] is not catalog:
        _RESOLVED = (catalog, {})
    kept = _RESOLVED[1]
    found = kept.get(name)
    if found is None:
        found = catalog.resolve(name)
        if len(kept) < RESOLVED_KEPT:
            kept[name] = found
    return found


def planar_card(catalog: Catalog, name: str) -> Card | None:
    """``catalog.lookup(name)``, kept for the run (see :func:`resolved`)."""
    return resolved(catalog, name).card


#: How many names' resolutions a run keeps (a folder of Commander lists names many more
#: cards than there are planar cards; past this, names are resolved each time again).
RESOLVED_KEPT = 20_000

#: Resolutions for one catalog (the one in use) by name as written. The catalog is held,
#: so no other can take its id while its answers are kept.
_RESOLVED: tuple[Catalog | None, dict[str, Resolution]] = (None, {})


def _is_planar(entry: DeckEntry, catalog: Catalog) -> bool:
    return planar_card(catalog, entry.name) is not None


#: A name this close to a planar card's (rapidfuzz ratio on folded names, 0-100) is taken
#: for a misspelling of it where planar cards are picked out by type.
NEAR_MISS_RATIO = 85.0


#: The lowest ratio a few typing slips (``resolve.typo_of``) can score against the name they
#: are slips of: one substitution or transposition in a four-letter name, 2 of 8 letters
#: (75); more slips come only with longer names, and score more (at least 81.8).
TYPO_MIN_RATIO = 74.0


def near_miss(name: str, catalog: Catalog) -> str | None:
    """The planar card ``name`` is most likely a misspelling of, or None: the card whose
    folded name is closest by rapidfuzz's plain ratio, at NEAR_MISS_RATIO or better, else
    the one planar card it is a few typing slips from (``resolve.typo_of``). Stricter
    than a did-you-mean: "Llanowar Elves" is not a near miss of the plane Llanowar, and a
    real non-planar card never is ("Tolaria" is a land, not Otaria misspelt).

    Every line of a file that is not a decklist (a Commander list, prose notes) may come
    here, so this is one bounded ratio scan (rapidfuzz skips names whose length already
    rules them out), cached per name for the run; the list of all Magic card names is
    asked only when a planar card is that close."""
    key = fold_name(name)
    if not key:
        return None
    global _NEAR_MISSES
    if _NEAR_MISSES[0] is not catalog:
        _NEAR_MISSES = (catalog, {})
    cache = _NEAR_MISSES[1]
    if key not in cache:
        from planarcli.cards.resolve import closest, other_magic_card, typo_of

        # The ratio alone loses a short name's one slip ("Akuom" scores 80 against Akoum,
        # "Bnat" 75 against Bant): a few typing slips from one planar card, the rule
        # did-you-mean and ``--fix`` go by, is a near miss too. A name that scores under
        # TYPO_MIN_RATIO against every planar card is no such slip (nine in ten names of
        # a Commander list), so the slower slip test is spared it.
        card = closest(catalog, key, TYPO_MIN_RATIO)
        if card is not None:
            card = closest(catalog, key, NEAR_MISS_RATIO) or typo_of(catalog, name)
        if card is not None and other_magic_card(catalog, name) is not None:
            card = None
        cache[key] = None if card is None else card.name
    return cache[key]


#: near_miss answers for one catalog (the one in use) by folded name. The catalog is held,
#: so no other can take its id while its answers are kept.
_NEAR_MISSES: tuple[Catalog | None, dict[str, str | None]] = (None, {})


def _planar_last_block(entries: tuple[DeckEntry, ...], catalog: Catalog) -> tuple[DeckEntry, ...]:
    """MTGO and Arena plain text put the sideboard after a blank line, with no heading. When
    the last block of a file without headings is all planar cards (or near misses) and the
    blocks before it are mostly not, that block is the planar deck."""
    last = entries[-1].block
    if last == 0:
        return ()
    tail = tuple(e for e in entries if e.block == last)
    head = [e for e in entries if e.block != last]
    if not all(_is_planar(e, catalog) or near_miss(e.name, catalog) for e in tail):
        return ()
    planar_before = sum(e.quantity for e in head if _is_planar(e, catalog))
    if planar_before * 2 >= sum(e.quantity for e in head):
        return ()
    return tail


def _mostly_near_misses(entries: tuple[DeckEntry, ...], catalog: Catalog, *, needed: int) -> bool:
    """Whether the entries that are not planar cards but near misses of one add up to
    ``needed`` cards. Stops as soon as the answer is known, so a long list that is plainly
    not planar costs about half its lines, not all of them."""
    unknown = [e for e in entries if not _is_planar(e, catalog)]
    remaining = sum(e.quantity for e in unknown)
    close = 0
    for entry in unknown:
        if close >= needed or close + remaining < needed:
            break
        remaining -= entry.quantity
        if near_miss(entry.name, catalog) is not None:
            close += entry.quantity
    return close >= needed


def _all_planar_deck_section(
    entries: tuple[DeckEntry, ...], catalog: Catalog
) -> tuple[DeckEntry, ...]:
    """An MTG Arena export has a ``Deck`` section where the main deck goes; a planar deck
    pasted that way lists only planes and phenomena there. When most cards of the ``Deck``
    section are planar cards and none is another Magic card (the rest are near misses of
    planar cards or names no card has, such as a typo too far off to guess), the section is
    the planar deck, and those names get their errors."""
    deck = tuple(
        e for e in entries if e.section is not None and e.section.strip().casefold() == "deck"
    )
    if not deck:
        return ()
    planar = sum(e.quantity for e in deck if _is_planar(e, catalog))
    if planar * 2 <= sum(e.quantity for e in deck):
        return ()
    for entry in deck:
        if _is_planar(entry, catalog) or near_miss(entry.name, catalog):
            continue
        from planarcli.cards.resolve import other_magic_card

        if other_magic_card(catalog, entry.name) is not None:
            return ()  # a main deck that happens to hold planar cards
    return deck


def _typos_of_planar_sections(
    pool: tuple[DeckEntry, ...],
    overlooked: tuple[tuple[DeckEntry, str], ...],
    catalog: Catalog,
) -> set[int]:
    """The ids of the near misses that sit in a section of ``pool`` made of planar cards and
    near misses only, most of it planar cards."""
    near = {id(entry) for entry, _ in overlooked}
    if not near:
        return set()
    sections: dict[str | None, list[DeckEntry]] = {}
    for entry in pool:
        sections.setdefault(entry.section, []).append(entry)
    typos: set[int] = set()
    for members in sections.values():
        planar = sum(e.quantity for e in members if _is_planar(e, catalog))
        missed = [e for e in members if id(e) in near]
        if not missed or planar * 2 <= sum(e.quantity for e in members):
            continue
        if all(_is_planar(e, catalog) or id(e) in near for e in members):
            typos.update(id(e) for e in missed)
    return typos


#: Reader issues about a card line that was then left out (its card counts for none).
_DROPPED_LINE_CODES = frozenset(
    {"bad-quantity", "line-too-long", "name-too-long", "unreadable-line"}
)


def _no_cards(decklist: Decklist, where: str, advice: str) -> str:
    """Why ``where`` (the file, a section) holds no card: "lists no cards" misleads when
    card lines were written but dropped for an error (``0 Akoum``, a quantity of 10000),
    so then the reason names those lines."""
    dropped = sorted(
        issue.line
        for issue in decklist.issues
        if issue.code in _DROPPED_LINE_CODES and issue.line is not None
    )
    if not dropped:
        return f"{where} lists no cards" + (f": {advice}" if advice else "")
    if len(dropped) == 1:
        why = f"line {dropped[0]} has an error, so its card counts for none): fix the line"
    else:
        shown = [str(line) for line in dropped[:3]]
        more = len(dropped) - len(shown)
        named = ", ".join(shown[:-1]) + (
            f", {shown[-1]} and {more} more" if more else f" and {shown[-1]}"
        )
        why = f"lines {named} have errors, so their cards count for none): fix them"
    tail = f", or {advice}" if advice else ""
    return f"{where} lists no card that could be read ({why}{tail}"


def find_planar_deck(decklist: Decklist, catalog: Catalog) -> PlanarDeck:
    """Which entries of ``decklist`` form its planar deck."""
    entries = decklist.entries
    if not entries and not decklist.planar_sections:
        return PlanarDeck((), False, "none", reason=_no_cards(decklist, "the file", ""))
    marked = tuple(e for e in entries if e.role == "planar")
    if marked:
        return PlanarDeck(marked, True, "section")

    unsectioned = tuple(e for e in entries if e.role == "unsectioned")
    if unsectioned and len(unsectioned) == len(entries):
        sideboard = _planar_last_block(unsectioned, catalog)
        if sideboard:
            return PlanarDeck(sideboard, True, "by-type")
        planar = sum(e.quantity for e in unsectioned if _is_planar(e, catalog))
        total = sum(e.quantity for e in unsectioned)
        if planar * 2 > total:
            return PlanarDeck(unsectioned, True, "whole-file")
        # A bare list of planes with typos is still a planar deck (whose typos get errors).
        if _mostly_near_misses(unsectioned, catalog, needed=total // 2 + 1 - planar):
            return PlanarDeck(unsectioned, True, "whole-file")
        return PlanarDeck(
            (),
            False,
            "none",
            reason=(
                f"the file has no sections and {_how_many_planar(planar, total)}, "
                "so it is not a planar deck: if it is one, fix the names, or "
                + how_to_mark(decklist.format)
            ),
            planar_seen=planar,
        )

    if decklist.planar_sections:
        heading = decklist.planar_sections[0]
        return PlanarDeck(
            (),
            False,
            "none",
            reason=_no_cards(
                decklist, f"the {heading!r} section", "list the planes and phenomena in it"
            ),
        )

    arena = _all_planar_deck_section(entries, catalog)
    if arena:
        return PlanarDeck(arena, True, "section")

    pool = tuple(e for e in entries if e.role == "candidate")
    candidates = tuple(e for e in pool if _is_planar(e, catalog))
    overlooked = tuple(
        (e, guess)
        for e in pool
        if not _is_planar(e, catalog) and (guess := near_miss(e.name, catalog)) is not None
    )
    if candidates:
        # A sideboard of nothing but planar cards and near misses of them is a planar deck
        # with typos (say a converted deck that Cockatrice or MTGO saved again, without
        # planarcli's mark): its near misses belong to it and get their errors, so the
        # verdict is the one the deck had before it went into the sideboard.
        typos = _typos_of_planar_sections(pool, overlooked, catalog)
        if typos:
            candidates = tuple(e for e in pool if _is_planar(e, catalog) or id(e) in typos)
            overlooked = tuple((e, guess) for e, guess in overlooked if id(e) not in typos)
        return PlanarDeck(candidates, True, "by-type", overlooked=overlooked)

    planar = sum(e.quantity for e in entries if _is_planar(e, catalog))
    sections = sorted({e.section for e in entries if e.section}, key=str.casefold)
    where = f" (sections: {', '.join(sections)})" if sections else ""
    return PlanarDeck(
        (),
        False,
        "none",
        reason=(
            f"the file has no planar deck section{where}"
            + (f"; {planar} planar {_cards_were(planar)} seen outside one" if planar else "")
            + (
                f"; {len(overlooked)} "
                f"{'name looks' if len(overlooked) == 1 else 'names look'} like misspelled "
                "planar cards (e.g. "
                f"{overlooked[0][0].name!r} for {overlooked[0][1]!r})"
                if overlooked
                else ""
            )
            + ": "
            + how_to_mark(decklist.format)
        ),
        planar_seen=planar,
    )


def _cards_were(count: int) -> str:
    return "card was" if count == 1 else "cards were"


def _how_many_planar(planar: int, total: int) -> str:
    """How many of a file's cards are planar, in words that agree with the counts:
    "its one card is no plane or phenomenon", "none of its 2 cards is a plane or
    phenomenon", "only 1 of its 3 cards is a plane or phenomenon", "only 2 of its 5 cards
    are planes or phenomena"."""
    if total == 1:
        return "its one card is no plane or phenomenon"
    if planar == 0:
        return f"none of its {total} cards is a plane or phenomenon"
    if planar == 1:
        return f"only 1 of its {total} cards is a plane or phenomenon"
    return f"only {planar} of its {total} cards are planes or phenomena"

"""Deck checks: the planar-deck construction rules of each edition, as data.

Each row of ``DECK_RULES`` says what the rules in force from a date require of a planar deck
and which rule numbers say so. A new edition that changes deck construction is a new row;
the checks themselves do not branch on dates. Each check is a small function named by what
its rule requires (:func:`planar_cards_only`, :func:`different_names`, :func:`individual_size`,
...), over one entry or over the whole deck (:class:`CheckedDeck`, the entries read once), and
``CHECKS`` lists which of them apply to a deck played each way (individual, communal, the
Blind Eternities Map). A new rule is a new function and a place in that table.

Facts (see the Comprehensive Rules, section 901):
- 2009-09-04, the first Planechase rules ("Planar Magic"): 901.3, a planar deck of at least
  ten plane cards, each with a different English name; single planar deck option 901.15a:
  at least forty cards or ten times the number of players, whichever is smaller.
- 2009-10-01: the single planar deck option is renumbered 901.14a.
- 2011-07-15: the variant is called "Planechase" (the glossary's "Planar Magic" entry is
  replaced by "Planechase"); the deck rules are unchanged.
- 2012-06-01 (Planechase 2012): phenomena. 901.3 allows plane and/or phenomenon cards, no
  more than two phenomena; 901.15a (renumbered back) caps a communal deck at twice the number
  of players in phenomena. Unchanged since.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from datetime import date
from typing import TYPE_CHECKING

from planarcli.cards.catalog import Catalog
from planarcli.cards.model import Resolution, UnknownName
from planarcli.cards.names import fold_name, language_name
from planarcli.deck.findings import Finding
from planarcli.deck.readers.model import DeckEntry
from planarcli.deck.readers.planar import resolved as resolved_name
from planarcli.errors import UsageError, plural
from planarcli.records import record

#: The newest Comprehensive Rules edition planarcli knows; "current" means this one.
CURRENT_EDITION = "2026-01-16"
FIRST_PLANECHASE_EDITION = "2009-09-04"


@record
class DeckRules:
    """What the rules in force from ``since`` require of planar decks."""

    since: str  # effective date of the edition that brought these rules
    variant_name: str  # what the rules call the variant
    individual_rule: str  # rule of the per-player planar deck
    individual_minimum: int
    phenomena_allowed: bool
    individual_phenomena_max: int | None  # None: no cap (or no phenomena at all)
    communal_rule: str  # rule of the single (communal) planar deck option
    communal_minimum_cap: int  # at least min(cap, per_player × players) cards
    communal_minimum_per_player: int
    communal_phenomena_per_player: int | None  # None: no cap


DECK_RULES: tuple[DeckRules, ...] = (
    DeckRules("2009-09-04", "Planar Magic", "901.3", 10, False, None, "901.15a", 40, 10, None),
    DeckRules("2009-10-01", "Planar Magic", "901.3", 10, False, None, "901.14a", 40, 10, None),
    DeckRules("2011-07-15", "Planechase", "901.3", 10, False, None, "901.14a", 40, 10, None),
    DeckRules("2012-06-01", "Planechase", "901.3", 10, True, 2, "901.15a", 40, 10, 2),
)


def edition_day(text: str) -> str | None:
    r"""The day of an edition id or a date, ``YYYY-MM-DD`` or ``YYYY-MM-DD-xx`` (a language
    code of two lower-case ASCII letters), or None: what ``^(\d{4}-\d{2}-\d{2})(?:-[a-z]{2})?$``
    matches, its group. In code: that pattern compiled on every ``validate`` run (``\d``
    is any decimal digit, as ``str.isdecimal`` reads one; ``$`` also matches before a last
    newline)."""
    if text.endswith("\n"):
        text = text[:-1]
    if len(text) not in (10, 13) or text[4] != "-" or text[7] != "-":
        return None
    day = text[:10]
    if not (day[:4] + day[5:7] + day[8:]).isdecimal():
        return None
    if len(text) == 13 and not (text[10] == "-" and all("a" <= c <= "z" for c in text[11:])):
        return None
    return day


def today() -> str:
    import time

    return time.strftime("%Y-%m-%d")


def current_edition() -> str:
    """The edition ``current`` means: the newest bundled one, or a newer official edition the
    user imported (the same choice ``planarcli rules`` makes). The corpus is asked only when
    there are imported editions, so that everyday validation does not pay for it."""
    import os

    from planarcli.paths import data_dir_path

    folder = os.path.join(data_dir_path(), "rules")
    try:
        # validate asks once per file: the answer holds while the folder is unchanged
        # (importing or removing an edition changes its mtime).
        key = (folder, os.stat(folder).st_mtime_ns)
    except OSError:
        return CURRENT_EDITION
    if key not in _CURRENT_BY_FOLDER:
        from planarcli.rulebook.catalogue import current_cr_edition_id

        try:
            _CURRENT_BY_FOLDER[key] = current_cr_edition_id()
        except Exception:  # a damaged data dir must not stop deck validation
            _CURRENT_BY_FOLDER[key] = CURRENT_EDITION
    return _CURRENT_BY_FOLDER[key]


_CURRENT_BY_FOLDER: dict[tuple[str, int], str] = {}


def known_edition_ids() -> list[str]:
    """Ids of the rules editions (not guides or variants) the corpus knows, bundled and
    imported, when it can tell: the values ``--rules`` takes besides any date."""
    try:
        from planarcli.rulebook.catalogue import list_editions
    except ImportError:  # pragma: no cover - the corpus modules ship with planarcli
        return []
    try:
        return [info.id for info in list_editions() if edition_day(info.id) is not None]
    except Exception:  # a broken corpus must not stop deck validation
        return []


@contextmanager
def rules_kept() -> Iterator[None]:
    """Within it, ``resolve_deck_rules`` answers each ``--rules`` value once: every file of
    a run asks it twice (the data dir's path worked out and its rules folder looked at each
    time, a twentieth of a deck's cost), and one run's files are judged by one edition."""
    global _KEPT_RULES
    outer = _KEPT_RULES
    if outer is None:
        _KEPT_RULES = {}
    try:
        yield
    finally:
        _KEPT_RULES = outer


#: The answers of ``resolve_deck_rules`` inside ``rules_kept`` (None outside it).
_KEPT_RULES: dict[str, tuple[str, DeckRules]] | None = None


def resolve_deck_rules(edition: str) -> tuple[str, DeckRules]:
    """The edition id to cite and the deck rules in force for ``--rules EDITION``.

    Accepts ``current``, any date from 2009-09-04 on (the rules in force that day), a year
    (the newest edition of that year), or the id of a rules edition such as ``2010-07-16-fr``.
    """
    kept = _KEPT_RULES
    if kept is None:
        return _resolved_deck_rules(edition)
    found = kept.get(edition)
    if found is None:
        found = kept[edition] = _resolved_deck_rules(edition)
    return found


def _resolved_deck_rules(edition: str) -> tuple[str, DeckRules]:
    """``resolve_deck_rules``, worked out."""
    wanted = edition.strip()
    if wanted.casefold() in {"current", "latest"}:
        wanted = current_edition()
    if len(wanted) == 4 and wanted.isascii() and wanted.isdigit():  # "2012": its newest edition
        wanted = year_edition_id(wanted)
    day = edition_day(wanted)
    if day is None:
        known = known_edition_ids()
        hint = f"known editions: {', '.join(known)}" if known else None
        raise UsageError(
            f"--rules {edition!r} is not an edition: use 'current' or a date such as 2009-10-01",
            hint=hint,
        )
    try:
        date.fromisoformat(day)
    except ValueError:
        raise UsageError(f"--rules {edition!r}: {day} is not a real date") from None
    if day > today():
        wanted = current_edition()  # not in force yet: the newest rules known apply
    in_force = [rules for rules in DECK_RULES if rules.since <= day]
    if not in_force:
        raise UsageError(
            f"--rules {edition!r}: there were no Planechase rules before "
            f"{FIRST_PLANECHASE_EDITION} (the first edition with rule 901)"
        )
    if wanted == day and day != CURRENT_EDITION:
        wanted = edition_in_force(day)
    return wanted, in_force[-1]


def year_edition_id(year: str) -> str:
    """The id of the edition ``--rules YEAR`` means, read as ``rules show --edition YEAR``
    reads it (:func:`planarcli.rulebook.current.year_edition`)."""
    return year_note(year)[0]


def year_note(year: str) -> tuple[str, str]:
    """(the edition id ``--rules YEAR`` means, the note that says so)."""
    from planarcli.rulebook.catalogue import list_editions
    from planarcli.rulebook.current import year_edition

    info, note = year_edition(year, list_editions(), asked="--rules")
    return info.id, note


def edition_in_force(day: str) -> str:
    """The id of the English Comprehensive Rules edition (bundled or imported) in force on
    ``day``: ``day`` itself when an edition has that date, else the newest one before it, as
    ``rules show --edition DATE`` reads a date (``2012-05-31`` is the 2011-07-15 edition).
    ``day`` when the corpus cannot say."""
    if day not in _IN_FORCE:
        found = None
        try:
            from planarcli.rulebook.catalogue import list_editions
            from planarcli.rulebook.current import in_force_on

            # the rule `rules show --edition DATE` and `validate --rules DATE` share
            found = in_force_on(day, list_editions())
        except Exception:  # a broken corpus must not stop deck validation
            pass
        _IN_FORCE[day] = day if found is None else found.id
    return _IN_FORCE[day]


_IN_FORCE: dict[str, str] = {}


@record
class DeckOptions:
    """How to judge a deck: which rules, individual or communal, which variant."""

    edition: str = "current"
    communal_players: int | None = None  # set: the single planar deck option for N players
    variant: str | None = None  # None or "eternities-map"


@record
class DeckCounts:
    cards: int
    phenomena: int


#: Unknown names beyond this many get no did-you-mean: a junk file of a hundred thousand
#: names must not cost a fuzzy search each.
MAX_SUGGESTED_NAMES = 100


def _explained(
    name: str, catalog: Catalog, explained: dict[str, UnknownName]
) -> UnknownName | None:
    """What the unknown ``name`` is (``resolve.explain_unknown``), remembered per folded
    name; None past MAX_SUGGESTED_NAMES distinct names."""
    key = fold_name(name)
    if key not in explained:
        if len(explained) >= MAX_SUGGESTED_NAMES:
            return None
        from planarcli.cards.resolve import explain_unknown

        explained[key] = explain_unknown(catalog, name)
    return explained[key]


#: The advice for a real non-planar card in a planar deck, and for a name like one.
_REMOVE_OTHER_CARD = "a planar deck holds only planes and phenomena: remove it"
_REMOVE_LOOKALIKE = "remove it, or check the spelling"


def _unknown_finding(
    name: str, catalog: Catalog, explained: dict[str, UnknownName]
) -> tuple[str, str, tuple[str, ...], str | None]:
    """(code, message start, candidate suggestions, advice) for a name that is no planar
    card: a real non-planar Magic card gets "not-planar-card" and no suggestion (nothing
    to correct: it is a different card); a name that looks like one gets no suggestion
    either, so that ``--fix`` never turns it into a plane."""
    unknown = _explained(name, catalog, explained)
    if unknown is None:
        from planarcli.cards.resolve import other_magic_card

        other = other_magic_card(catalog, name)
        if other is not None:
            return "not-planar-card", _not_planar(name), (), _REMOVE_OTHER_CARD
        return "unknown-card", f"{name!r} is not a plane or phenomenon card", (), None
    if unknown.other_card is not None and unknown.is_other_card:
        return "not-planar-card", _not_planar(name), (), _REMOVE_OTHER_CARD
    if unknown.other_card is not None:
        return (
            "unknown-card",
            f"{name!r} is not a plane or phenomenon card; it looks like the Magic card "
            f"{unknown.other_card!r}, which is not one either",
            (),
            _REMOVE_LOOKALIKE,
        )
    opening = f"{name!r} is not a plane or phenomenon card"
    from planarcli.cards.resolve import cards_of_subtype

    typed = cards_of_subtype(catalog, name)
    if typed:  # a world (Dominaria): no card is spelt like it, so suggest none
        subtype = typed[0].subtype or ""
        option = subtype if subtype.isalnum() else repr(subtype)
        advice = (
            f"it is a planar type, not a card: `planarcli cards list --subtype {option}` "
            f"lists its {plural(len(typed), 'plane')}"
        )
        return "unknown-card", opening, (), advice
    return "unknown-card", opening, unknown.suggestions, None


def _not_planar(name: str) -> str:
    return f"{name!r} is a Magic card but not a plane or phenomenon"


def _is_phenomenon(name: str, catalog: Catalog) -> bool:
    card = catalog.exact(name)
    return card is not None and card.is_phenomenon


def _counted_phenomena(distinct: int, allowed: bool, cap: int | None) -> int:
    if not allowed:
        return 0
    return distinct if cap is None else min(distinct, cap)


def _size_message(
    deck_word: str, cards: int, counted: int, minimum: int, rules: DeckRules, cap: int | None
) -> str:
    if counted == cards:
        return (
            f"the {deck_word} has {plural(cards, 'card')}; it needs at least {minimum}: "
            f"add {minimum - counted} more"
        )
    if not rules.phenomena_allowed:
        what = "each plane card once; phenomena and unknown names do not count"
    elif cap is None:
        what = "each card once; unknown names do not count"
    else:
        what = f"each card once, at most {cap} phenomena; unknown names do not count"
    if counted == 0:  # "only 0 count" reads wrong: say none does
        counting = "it does not count" if cards == 1 else "none of them counts"
    else:
        counting = f"only {counted} {'counts' if counted == 1 else 'count'}"
    return (
        f"the {deck_word} has {plural(cards, 'card')}, but {counting} toward the "
        f"{minimum} it needs ({what}): add {minimum - counted} more"
    )


def _different_phenomena(count: int) -> str:
    return plural(count, "different phenomenon", "different phenomena")


def _named(names: Iterable[str]) -> str:
    """The names, in deck order: ``Chaotic Aether, Interplanar Tunnel and Spatial Merging``."""
    listed = list(names)
    if len(listed) < 2:
        return "".join(listed)
    return f"{', '.join(listed[:-1])} and {listed[-1]}"


@record
class CheckedDeck:
    """What the checks read of one planar deck: its entries, each name resolved once, the
    rules that apply, and what the entries add up to (known cards once each)."""

    entries: tuple[DeckEntry, ...]
    resolved: tuple[Resolution, ...]
    catalog: Catalog
    edition: str  # the edition cited
    rules: DeckRules
    players: int | None  # the single planar deck option for this many players
    variant: str | None
    cards: int  # every copy
    phenomena: int  # every copy of a phenomenon
    listed: frozenset[str]  # the names of the cards the deck lists
    planes: frozenset[str]  # the distinct planes
    distinct_phenomena: tuple[str, ...]  # the distinct phenomena, in deck order
    firsts: tuple[DeckEntry | None, ...]  # per entry: an earlier entry of the same card
    explained: dict[str, UnknownName]  # what each unknown name is, asked once

    @property
    def communal(self) -> bool:
        return self.players is not None or self.variant == "eternities-map"

    @property
    def deck_word(self) -> str:
        return "communal planar deck" if self.communal else "planar deck"


def checked_deck(
    entries: tuple[DeckEntry, ...], catalog: Catalog, options: DeckOptions
) -> CheckedDeck:
    """``entries`` read once for the checks under ``options``."""
    edition, rules = resolve_deck_rules(options.edition)
    resolved = tuple(resolved_name(catalog, entry.name) for entry in entries)
    cards = phenomena = 0
    planes: set[str] = set()
    distinct_phenomena: dict[str, None] = {}  # in deck order
    seen: dict[str, DeckEntry] = {}
    firsts: list[DeckEntry | None] = []
    for entry, resolution in zip(entries, resolved, strict=True):
        card = resolution.card
        cards += entry.quantity
        if card is not None and card.is_phenomenon:
            phenomena += entry.quantity
            distinct_phenomena.setdefault(card.name)
        elif card is not None:
            planes.add(card.name)
        # Known cards are the same card by identity; unknown names when they fold alike.
        key = card.name if card else "\0" + fold_name(entry.name)
        firsts.append(seen.get(key))
        seen.setdefault(key, entry)
    return CheckedDeck(
        entries=entries,
        resolved=resolved,
        catalog=catalog,
        edition=edition,
        rules=rules,
        players=options.communal_players,
        variant=options.variant,
        cards=cards,
        phenomena=phenomena,
        listed=frozenset(r.card.name for r in resolved if r.card is not None),
        planes=frozenset(planes),
        distinct_phenomena=tuple(distinct_phenomena),
        firsts=tuple(firsts),
        explained={},
    )


def _finding(
    deck: CheckedDeck,
    rule: str | None,
    code: str,
    message: str,
    entry: DeckEntry | None = None,
    *,
    severity: str = "error",
    suggestions: tuple[str, ...] = (),
) -> Finding:
    return Finding(
        rule,
        deck.edition,
        severity,
        code,
        message,
        entry.line if entry else None,
        entry.name if entry else None,
        suggestions,
    )


# --------------------------------------------------------------------------- entry checks
# Each takes the deck and the place of one entry and yields that entry's findings.

if TYPE_CHECKING:  # (a subscripted Callable costs its class at start-up: for the checker only)
    EntryCheck = Callable[[CheckedDeck, int], Iterator[Finding]]
    DeckCheck = Callable[[CheckedDeck], Iterator[Finding]]


def planar_cards_only(deck: CheckedDeck, index: int) -> Iterator[Finding]:
    """901.3: a planar deck holds plane and phenomenon cards: a name that is none
    ("unknown-card", "not-planar-card"), with what it may have meant."""
    entry, rules, catalog = deck.entries[index], deck.rules, deck.catalog
    if deck.resolved[index].card is not None:
        return
    code, opening, candidates, advice = _unknown_finding(entry.name, catalog, deck.explained)
    # A suggestion must be a card the deck could take: not one it already lists, not a
    # phenomenon under rules that allow none.
    suggestions = tuple(
        name
        for name in candidates
        if name not in deck.listed
        and (rules.phenomena_allowed or not _is_phenomenon(name, catalog))
    )
    if suggestions:
        hint = f"did you mean {' or '.join(repr(s) for s in suggestions)}?"
    elif candidates and candidates[0] in deck.listed:
        hint = f"it looks like {candidates[0]!r}, which the deck lists already: remove it"
    elif advice is not None:
        hint = advice
    else:
        hint = "check the spelling, or run `planarcli cards sync` if it is a new card"
    yield _finding(
        deck, rules.individual_rule, code, f"{opening}; {hint}", entry, suggestions=suggestions
    )


def name_as_read(deck: CheckedDeck, index: int) -> Iterator[Finding]:
    """A note (no rule) of how a name was read: a printed non-English name
    ("printed-name"), another spelling of the English one ("name-variant")."""
    entry, resolution = deck.entries[index], deck.resolved[index]
    card = resolution.card
    if card is None:
        return
    if resolution.how == "printed":
        yield _finding(
            deck,
            None,
            "printed-name",
            f"{entry.name!r} is the {language_name(resolution.lang)} name of {card.name!r}, "
            "read as that card",
            entry,
            severity="info",
        )
    elif resolution.how == "folded" and entry.name != card.name:
        yield _finding(
            deck,
            None,
            "name-variant",
            f"{entry.name!r} is read as {card.name!r}",
            entry,
            severity="info",
        )


def phenomena_allowed(deck: CheckedDeck, index: int) -> Iterator[Finding]:
    """901.3 before 2012-06-01: plane cards only ("phenomenon-not-allowed")."""
    card, rules = deck.resolved[index].card, deck.rules
    if card is not None and card.is_phenomenon and not rules.phenomena_allowed:
        yield _finding(
            deck,
            rules.individual_rule,
            "phenomenon-not-allowed",
            f"{card.name!r} is a phenomenon; the {rules.variant_name} rules of {deck.edition} "
            "allow only plane cards (phenomena came in 2012-06-01): remove it",
            deck.entries[index],
        )


def eternities_map_planes_only(deck: CheckedDeck, index: int) -> Iterator[Finding]:
    """The Blind Eternities Map lays out planes: a phenomenon is a house rule (a warning,
    "phenomenon-in-eternities-map"), where phenomena are allowed at all."""
    card = deck.resolved[index].card
    if card is not None and card.is_phenomenon and deck.rules.phenomena_allowed:
        yield _finding(
            deck,
            "eternities-map",
            "phenomenon-in-eternities-map",
            f"{card.name!r} is a phenomenon; the Blind Eternities Map uses planes, so how to "
            "play it is a house rule",
            deck.entries[index],
            severity="warning",
        )


def different_names(deck: CheckedDeck, index: int) -> Iterator[Finding]:
    """901.3 (901.15a for a communal deck): each card has a different English name
    ("duplicate-card": listed again, or more than once on its line)."""
    entry, resolution, first = deck.entries[index], deck.resolved[index], deck.firsts[index]
    if first is None and entry.quantity <= 1:
        return
    card = resolution.card
    name = repr(card.name if card else entry.name)
    if card is not None and resolution.how == "printed":
        name = f"{entry.name!r} ({card.name!r} printed in {language_name(resolution.lang)})"
    if first is not None:
        where = f"line {first.line}" if first.line else "earlier in the deck"
        extra = f"already listed on {where}"
    else:
        extra = f"listed {entry.quantity} times on one line"
    rules = deck.rules
    yield _finding(
        deck,
        rules.communal_rule if deck.communal else rules.individual_rule,
        "duplicate-card",
        f"{name} is {extra}; each card in a planar deck must have a different English name: "
        "keep one copy",
        entry,
    )


# --------------------------------------------------------------------------- deck checks
# Each takes the deck and yields findings about the whole of it (no line). What counts toward
# a minimum is what stays once the other findings are fixed: each known card once, phenomena
# only where allowed and only up to their cap.


def individual_size(deck: CheckedDeck) -> Iterator[Finding]:
    """901.3: at least ten cards ("deck-too-small")."""
    rules = deck.rules
    most = rules.individual_phenomena_max
    counted = len(deck.planes) + _counted_phenomena(
        len(deck.distinct_phenomena), rules.phenomena_allowed, most
    )
    if counted < rules.individual_minimum:
        yield _finding(
            deck,
            rules.individual_rule,
            "deck-too-small",
            _size_message(
                deck.deck_word, deck.cards, counted, rules.individual_minimum, rules, most
            ),
        )


def individual_phenomena_cap(deck: CheckedDeck) -> Iterator[Finding]:
    """901.3 from 2012-06-01: no more than two phenomena ("too-many-phenomena")."""
    most = deck.rules.individual_phenomena_max
    different = len(deck.distinct_phenomena)  # extra copies are duplicate-card findings
    if most is not None and different > most:
        communal_hint = (
            "; a deck this large may be a communal deck: pass --communal --players N"
            if deck.cards >= 40
            else ""
        )
        yield _finding(
            deck,
            deck.rules.individual_rule,
            "too-many-phenomena",
            f"the planar deck has {_different_phenomena(different)} "
            f"({_named(deck.distinct_phenomena)}); at most {most} are allowed: "
            f"remove {different - most}{communal_hint}",
        )


def _communal_cap(deck: CheckedDeck) -> int | None:
    """The most phenomena a communal deck for its players may hold (None: no cap)."""
    cap = deck.rules.communal_phenomena_per_player
    return cap * deck.players if cap is not None and deck.players is not None else None


def communal_size(deck: CheckedDeck) -> Iterator[Finding]:
    """901.15a (901.14a from 2009-10-01 to 2012-06-01): at least forty cards or ten times the
    number of players, whichever is smaller ("deck-too-small")."""
    rules, players = deck.rules, deck.players
    if players is None:
        return
    minimum = min(rules.communal_minimum_cap, rules.communal_minimum_per_player * players)
    cap_total = _communal_cap(deck)
    counted = len(deck.planes) + _counted_phenomena(
        len(deck.distinct_phenomena), rules.phenomena_allowed, cap_total
    )
    if counted < minimum:
        yield _finding(
            deck,
            rules.communal_rule,
            "deck-too-small",
            _size_message(deck.deck_word, deck.cards, counted, minimum, rules, cap_total)
            + f" (for {players} players: forty cards or ten times the number of players, "
            "whichever is smaller)",
        )


def communal_phenomena_cap(deck: CheckedDeck) -> Iterator[Finding]:
    """901.15a from 2012-06-01: at most twice the number of players in phenomena
    ("too-many-phenomena")."""
    cap_total = _communal_cap(deck)
    different = len(deck.distinct_phenomena)  # extra copies are duplicate-card findings
    if deck.rules.phenomena_allowed and cap_total is not None and different > cap_total:
        yield _finding(
            deck,
            deck.rules.communal_rule,
            "too-many-phenomena",
            f"the {deck.deck_word} has {_different_phenomena(different)} "
            f"({_named(deck.distinct_phenomena)}); for {deck.players} players it can have at "
            f"most {cap_total} (twice the number of players): remove {different - cap_total}",
        )


def eternities_map_size(deck: CheckedDeck) -> Iterator[Finding]:
    """The Blind Eternities Map shows five planes at once ("deck-too-small")."""
    planes = len(deck.planes)
    if planes < 5:
        yield _finding(
            deck,
            "eternities-map",
            "deck-too-small",
            "the Blind Eternities Map shows five planes at once (the current plane and the "
            f"four next to it); this deck has {plural(planes, 'different plane')}: "
            f"add {5 - planes} more",
        )


@record
class Checks:
    """The checks of one way of playing: those of each entry, in the order their findings
    are listed on its line, then those of the whole deck."""

    entry: tuple[EntryCheck, ...]
    deck: tuple[DeckCheck, ...]


_EVERY_ENTRY = (planar_cards_only, name_as_read, phenomena_allowed)

#: which checks apply to a deck played each way (see :func:`way_of_play`)
CHECKS: dict[str, Checks] = {
    "individual": Checks(
        (*_EVERY_ENTRY, different_names), (individual_size, individual_phenomena_cap)
    ),
    "communal": Checks((*_EVERY_ENTRY, different_names), (communal_size, communal_phenomena_cap)),
    # the Blind Eternities Map: one communal deck of planes; its size is the single planar
    # deck option's when the number of players is given, five planes otherwise
    "eternities-map": Checks(
        (*_EVERY_ENTRY, eternities_map_planes_only, different_names), (eternities_map_size,)
    ),
    "eternities-map communal": Checks(
        (*_EVERY_ENTRY, eternities_map_planes_only, different_names), (communal_size,)
    ),
}


def way_of_play(options: DeckOptions) -> str:
    """The row of :data:`CHECKS` that applies under ``options``."""
    communal = options.communal_players is not None
    if options.variant == "eternities-map":
        return "eternities-map communal" if communal else "eternities-map"
    return "communal" if communal else "individual"


def check_planar_deck(
    entries: tuple[DeckEntry, ...], catalog: Catalog, options: DeckOptions
) -> tuple[list[Finding], DeckCounts]:
    """Every finding about the planar deck ``entries`` under ``options``, in line order."""
    deck = checked_deck(entries, catalog, options)
    checks = CHECKS[way_of_play(options)]
    findings = [
        found
        for index in range(len(entries))
        for check in checks.entry
        for found in check(deck, index)
    ]
    findings += [found for check in checks.deck for found in check(deck)]
    findings.sort(key=lambda f: (f.line is None, f.line or 0))
    return findings, DeckCounts(deck.cards, deck.phenomena)


def _wording(text: str) -> str:
    """A rule's text compared as wording: case, spacing, quotes and dashes aside."""
    for old, new in (("\u2019", "'"), ("\u2018", "'"), ("\u201c", '"'), ("\u201d", '"')):
        text = text.replace(old, new)
    text = text.replace("\u2014", "-").replace("\u2013", "-")
    return " ".join(text.split()).casefold()


#: The wordings each row of DECK_RULES was written from: for each row (by ``since``), the
#: CRC-32 of the wording (:func:`_wording`) of its individual rule and of its communal rule in
#: every bundled edition the row covers. tests/deck/test_checks.py keeps it equal to the corpus.
DECK_RULE_WORDINGS: dict[str, tuple[frozenset[int], frozenset[int]]] = {
    "2009-09-04": (frozenset({914146258}), frozenset({728401520})),
    "2009-10-01": (frozenset({914146258}), frozenset({728401520})),
    "2011-07-15": (frozenset({914146258}), frozenset({2227686207})),
    "2012-06-01": (
        frozenset({1704944290, 2004142914, 4059622903, 4141314090}),
        frozenset({570254039}),
    ),
}


def wording_key(text: str) -> int:
    """What DECK_RULE_WORDINGS holds for a rule's text."""
    import zlib

    return zlib.crc32(_wording(text).encode("utf-8"))


def unknown_wordings(edition_id: str, rules: DeckRules, communal: bool) -> list[str]:
    """The deck rules (901.3, and the single planar deck option when ``communal``) whose
    wording in the imported edition ``edition_id`` is none that the row ``rules`` of
    DECK_RULES was written from. Bundled editions are the table's source and are never
    asked about; the corpus is read only when an imported edition applies."""
    import os

    from planarcli.paths import data_dir_path

    if not os.path.isdir(os.path.join(data_dir_path(), "rules")):
        return []  # nothing imported
    try:
        from planarcli.rulebook.catalogue import list_editions, load_edition

        info = next((i for i in list_editions() if i.id == edition_id), None)
        if info is None or info.source != "imported":
            return []
        edition = load_edition(info)
    except Exception:  # a broken corpus must not stop deck validation
        return []
    individual, single = DECK_RULE_WORDINGS.get(rules.since, (frozenset(), frozenset()))
    wanted = [(rules.individual_rule, individual)]
    if communal:
        wanted.append((rules.communal_rule, single))
    unknown = []
    for rule_id, known in wanted:
        rule = edition.rule(rule_id)
        if rule is None or wording_key(rule.text) not in known:
            unknown.append(rule_id)
    return unknown


def limits_text(rules: DeckRules, communal: bool) -> str:
    """The limits planarcli's checks apply under ``rules``, in words."""
    if communal:
        phenomena = (
            f", at most {rules.communal_phenomena_per_player} phenomena per player"
            if rules.communal_phenomena_per_player is not None
            else ""
        )
        return (
            f"at least {rules.communal_minimum_cap} cards or "
            f"{rules.communal_minimum_per_player} per player, whichever is fewer{phenomena}"
        )
    if not rules.phenomena_allowed:
        return f"at least {rules.individual_minimum} plane cards, no phenomena"
    return (
        f"at least {rules.individual_minimum} cards, at most "
        f"{rules.individual_phenomena_max} phenomena"
    )

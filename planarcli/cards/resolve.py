"""Name resolution beyond the catalog's indexes: what a name that is no card's name,
folded name or printed name is. A misspelling of one planar card (a typo within a few
edits, or a clear winner of the fuzzy scores), "another Magic card" (the bundled list of
every Magic card name, ``planarcli.cards.magicnames``), or nothing known; and the ranked
candidates of `cards match` and validate's did-you-mean.

``planarcli.cards.catalog.Catalog`` answers exact, folded and printed names from its
indexes; callers call these functions, with the catalog, for anything else, so this module,
like rapidfuzz, is imported only when a name is unknown. What they work out once per catalog
(the names to guess from, their words, the planar and other names, the answers given) is
kept here, beside the catalog (``_caches``), not in it. The one rule for "a misspelling
clear enough to act on" is ``confident_guess``: `cards show` answers with it and
`validate --fix` renames by it.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from planarcli.cards.catalog import Catalog
from planarcli.cards.model import Card, CardNotFoundError, Match, UnknownName
from planarcli.cards.names import fold_name
from planarcli.errors import echoed as echo_repr
from planarcli.errors import plural

if TYPE_CHECKING:
    from planarcli.cards.magicnames import MagicNames


class _Caches:
    """What name resolution works out once per catalog."""

    __slots__ = (
        "explained",
        "guess_keys",
        "guess_names",
        "other_names",
        "planar_keys",
        "vocabulary",
    )

    def __init__(self) -> None:
        #: (folded name, card name) for every name a card goes by (``_guess_keys``)
        self.guess_keys: list[tuple[str, str]] | None = None
        self.guess_names: list[tuple[str, Card]] | None = None
        self.vocabulary: tuple[list[str], list[tuple[int, ...]]] | None = None
        #: the non-planar names, by the range of lengths compared (``_closest_other_card``)
        self.other_names: dict[tuple[int, int], list[str]] | None = None
        self.planar_keys: set[str] | None = None
        #: ``explain_unknown``'s answers by written name (validate and --fix ask twice).
        self.explained: dict[str, UnknownName] = {}


#: Each catalog's caches, for as long as the catalog lives.
_CACHES: weakref.WeakKeyDictionary[Catalog, _Caches] = weakref.WeakKeyDictionary()


def _caches(catalog: Catalog) -> _Caches:
    caches = _CACHES.get(catalog)
    if caches is None:
        caches = _CACHES[catalog] = _Caches()
    return caches


def find(catalog: Catalog, name: str) -> tuple[Card, str]:
    """The card ``name`` denotes and how it was found: "exact", "folded", "printed", or
    "fuzzy" for a clear guess (``find_unknown``). Raises CardNotFoundError, with the planar
    cards the name resembles as suggestions, when there is no clear answer."""
    resolution = catalog.resolve(name)
    if resolution.card is not None:
        return resolution.card, resolution.how
    return find_unknown(catalog, name)


def completions(catalog: Catalog, incomplete: str, limit: int) -> list[str]:
    """Card names that complete ``incomplete`` (shell completion): folded prefix first, then
    word prefix, then substring, then (only when nothing else matched) a few fuzzy
    candidates; all names, in order, for an empty word."""
    key = fold_name(incomplete)
    names = catalog.names()
    if not key:
        return sorted(names, key=str.casefold)
    compact = key.replace(" ", "")
    ranked: list[tuple[int, str]] = []
    for name in names:
        folded = fold_name(name)
        if folded.startswith(key) or folded.replace(" ", "").startswith(compact):
            ranked.append((0, name))
        elif any(word.startswith(key) for word in folded.split()) or f" {key}" in folded:
            ranked.append((1, name))
        elif key in folded:
            ranked.append((2, name))
    if not ranked and len(key) >= 3:
        return [m.card.name for m in match(catalog, incomplete, limit=5, cutoff=60.0)]
    ranked.sort(key=lambda item: (item[0], item[1].casefold()))
    return [name for _, name in ranked[:limit]]


def match(catalog: Catalog, name: str, *, limit: int = 10, cutoff: float = 0.0) -> list[Match]:
    """Ranked fuzzy candidates for ``name`` (best first, 0-100 scores).

    Each card is scored on its English and printed names, at its best. A name that
    folds to a catalog name, or to one of a card's printed names, scores 100, and
    nothing else does (at most BELOW_EXACT). Scores otherwise come from
    rapidfuzz's WRatio on folded names, or its plain ratio for names of up to
    SHORT_NAME letters: a short name is a whole name, and WRatio's partial matching would
    find "nix" inside "Ghirapur Grand Prix".
    """
    key = fold_name(name)
    if not key or catalog.too_long(name):
        return []
    from rapidfuzz import fuzz, process

    pairs = _guess_keys(catalog)
    scorer = fuzz.ratio if len(key) <= SHORT_NAME else fuzz.WRatio
    found = process.extract(
        key, [k for k, _ in pairs], scorer=scorer, limit=None, score_cutoff=cutoff
    )
    matches: list[Match] = []
    seen: set[str] = set()
    for _, score, index in found:  # best first: each card once, at its best name
        card_name = pairs[index][1]
        if card_name not in seen:
            seen.add(card_name)
            card = catalog.card_named(card_name)
            matches.append(Match(card, min(round(float(score), 1), BELOW_EXACT)))
    exact = catalog.lookup(name)
    if exact is not None:
        matches = [Match(exact, 100.0)] + [m for m in matches if m.card is not exact]
    # Stable, readable ranking: score, then name.
    matches.sort(key=lambda m: (-m.score, m.card.name.casefold()))
    return matches[:limit]


def closest(catalog: Catalog, key: str, cutoff: float) -> Card | None:
    """The card whose folded name is nearest the folded name ``key`` by rapidfuzz's plain
    ratio, if it scores ``cutoff`` (0-100) or more."""
    from rapidfuzz import fuzz, process

    keys = catalog.folded_names()
    found = process.extractOne(key, list(keys), scorer=fuzz.ratio, score_cutoff=cutoff)
    return None if found is None else catalog.card_named(keys[found[0]])


def suggest(catalog: Catalog, name: str, *, limit: int = 3) -> list[str]:
    """Up to ``limit`` did-you-mean names for an unknown name: good candidates only, and
    only those close to the best one (so one clear answer is not drowned in noise)."""
    matches = match(catalog, name, limit=limit, cutoff=SUGGEST_CUTOFF)
    if not matches:
        return []
    floor = matches[0].score - SUGGEST_SPREAD
    return [m.card.name for m in matches if m.score >= floor]


def guess_scores(
    catalog: Catalog, name: str, *, min_score: float = 0.0, cover: bool = True
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
    from rapidfuzz import fuzz

    key = fold_name(name)
    words = key.split()
    if not words or catalog.too_long(name):
        return []
    base = COVER_BASE if cover else 1.0
    exact = catalog.lookup(name)
    pairs = _names_to_guess_from(catalog)
    folded_names = [folded for folded, _ in pairs]
    # Every string score comes from rapidfuzz's C loops: the whole name against every
    # name (WRatio, which finds a short name inside a longer one, and the plain ratio,
    # for names shorter than what was written), each written word against every word.
    partial = _scores(key, folded_names, fuzz.WRatio)
    plain = _scores(key, folded_names, fuzz.ratio)
    vocabulary, word_indexes = _guess_vocabulary(catalog, pairs)
    per_word = [_scores(word, vocabulary, fuzz.ratio) for word in words]
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


def leading_guesses(catalog: Catalog, name: str) -> list[tuple[float, Card]]:
    """``guess_scores(catalog, name, cover=False)[:2]``, the two places ``explain_unknown``
    judges a clear winner by, worked out without WRatio's full cost for every name.

    Every score but WRatio's is cheap, so it is computed first for every name: the word
    score, and the plain ratio of a name shorter than the written one. With base 1.0 those
    are exact scores where they decide, and lower bounds of every card's score. The second
    best card's lower bound ``floor`` bounds the runner-up's true score from below, so a
    card scoring under ``floor`` can be neither of the two. WRatio is then asked only for
    scores of at least ``floor`` less the rounding (rapidfuzz's ``score_cutoff`` gives an
    exact score at or above it and 0 below): a card it leaves out scores under ``floor``
    in truth and in this reckoning alike, and every card at or above it scores exactly as
    in ``guess_scores``, ties and their order by name included."""
    from rapidfuzz import fuzz, process

    key = fold_name(name)
    words = key.split()
    if not words or catalog.too_long(name):
        return []
    exact = catalog.lookup(name)
    exact_name = None if exact is None else exact.name
    pairs = _guess_keys(catalog)
    folded_names = [folded for folded, _ in pairs]
    vocabulary, word_indexes = _guess_vocabulary(catalog, pairs)
    per_word = [_scores(word, vocabulary, fuzz.ratio) for word in words]
    plain = _scores(key, folded_names, fuzz.ratio)
    # Without the whole name's WRatio, each card's best raw score: exact where WRatio is
    # not asked (a name shorter than the written one), a bound below elsewhere. Rounding
    # and the cap rise with the raw score, so the best of a card's names stays the best.
    raw: dict[str, float] = {}
    # one written word: its best ratio to the name's words is the word score (base 1.0)
    one_word = per_word[0].__getitem__ if len(per_word) == 1 else None
    for index, (folded, card_name) in enumerate(pairs):
        if one_word is not None:
            score = max(map(one_word, word_indexes[index]))
        else:
            score = _word_score(per_word, word_indexes[index], vocabulary, 1.0)
        if len(key) > len(folded) and plain[index] > score:
            score = plain[index]
        if score > raw.get(card_name, -1.0):
            raw[card_name] = score
    places = sorted(map(_guess_place, raw.values()), reverse=True)
    floor = places[1] if len(places) > 1 else 0.0
    found = process.extract(
        key,
        folded_names,
        scorer=fuzz.WRatio,
        limit=None,
        score_cutoff=max(0.0, floor - WRATIO_ROUNDING),
    )
    for _, score, index in found:
        folded, card_name = pairs[index]
        if len(key) <= len(folded) and score > raw[card_name]:
            raw[card_name] = float(score)
    scored = [
        (100.0 if card_name == exact_name else _guess_place(score), card_name)
        for card_name, score in raw.items()
    ]
    scored.sort(key=lambda item: (-item[0], item[1].casefold()))
    return [(score, catalog.card_named(card_name)) for score, card_name in scored[:2]]


def _guess_place(raw: float) -> float:
    """A raw guess score as ``guess_scores`` reports it: to a tenth, at most BELOW_EXACT."""
    return min(round(raw, 1), BELOW_EXACT)


#: A score rounded to a tenth can come from one up to 0.05 below it: WRatio's cutoff in
#: ``leading_guesses`` stays this far under the floor so no such score is left out.
WRATIO_ROUNDING = 0.1


def typo_of(catalog: Catalog, name: str) -> Card | None:
    """The one planar card whose English name ``name`` is a few typing slips away from
    (``is_misspelling``: "Akuom" is Akoum), or None when no card, or more than one, is
    that close. The same rule ``validate --fix`` renames by."""
    found = typos_of(catalog, name)
    return found[0] if len(found) == 1 else None


def typos_of(catalog: Catalog, name: str) -> list[Card]:
    """Every planar card whose English name ``name`` is a few typing slips away from; more
    than one ("Nayx": one slip from Naya, one from Nyx) means no card is meant clearly."""
    key = fold_name(name)
    if len(key) < GUESS_MIN_CHARS or catalog.too_long(name):
        return []
    by_name = catalog.folded_names()
    return [catalog.card_named(name) for folded, name in by_name.items() if _is_typo(key, folded)]


def _names_to_guess_from(catalog: Catalog) -> list[tuple[str, Card]]:
    """(folded name, card) for every name a card goes by (``_guess_keys``), making
    every Card."""
    caches = _caches(catalog)
    if caches.guess_names is None:
        caches.guess_names = [(key, catalog.card_named(name)) for key, name in _guess_keys(catalog)]
    return caches.guess_names


def _guess_keys(catalog: Catalog) -> list[tuple[str, str]]:
    """(folded name, card name) for every name a card goes by: its English name and its
    printed non-English names, so a misspelt French name is guessed from the French.
    Names only: a Card is made for what a guess finds, not for every card."""
    caches = _caches(catalog)
    if caches.guess_keys is None:
        english = catalog.folded_names()
        pairs = list(english.items())
        for key, printed in catalog.printed_names_folded().items():
            if printed is not None and key not in english and catalog.holds(printed[0]):
                pairs.append((key, printed[0]))
        caches.guess_keys = pairs
    return caches.guess_keys


def _guess_vocabulary(
    catalog: Catalog, pairs: list[tuple[str, Card]] | list[tuple[str, str]]
) -> tuple[list[str], list[tuple[int, ...]]]:
    """Every word of the names in ``pairs``, each once, and for each name the positions
    of its words in that list."""
    caches = _caches(catalog)
    if caches.vocabulary is None:
        split = [folded.split() or [folded] for folded, _ in pairs]
        vocabulary = sorted({word for words in split for word in words})
        where = {word: at for at, word in enumerate(vocabulary)}
        caches.vocabulary = (vocabulary, [tuple(where[w] for w in words) for words in split])
    return caches.vocabulary


def confident_guess(catalog: Catalog, name: str) -> Card | None:
    """The one planar card an unknown ``name`` clearly means, or None: the card `cards
    show` answers it with (matched "fuzzy") and the card `validate --fix` renames it to
    (when the deck may take it). The one decision both make (``explain_unknown``'s
    ``guess``). None for a name the catalog knows (it needs no guess)."""
    if catalog.resolve(name).card is not None:
        return None
    return explain_unknown(catalog, name).guess


def find_unknown(catalog: Catalog, name: str) -> tuple[Card, str]:
    """``find`` for a name the catalog's indexes do not know: the clear guess
    (``explain_unknown``), matched "fuzzy", or CardNotFoundError with the planar cards the
    name resembles as suggestions."""
    unknown = explain_unknown(catalog, name)
    if unknown.guess is not None:
        return unknown.guess, "fuzzy"
    suggestions = unknown.suggestions
    did_you_mean = (
        "did you mean: " + ", ".join(repr(s) for s in suggestions) + "?" if suggestions else None
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
    if catalog.too_long(name):
        hint = None
    if unknown.other_card is not None and suggestions:
        hint = f"planar cards with a similar name: {', '.join(map(repr, suggestions))}"
    typed = cards_of_subtype(catalog, name)
    if typed:
        # A world's name (Zendikar) is no card: its planes, not names spelt like it.
        subtype = typed[0].subtype or ""
        option = subtype if subtype.isalnum() else echo_repr(subtype)
        hint = (
            f"{echo_repr(subtype)} is a planar type, not a card name: "
            f"`planarcli cards list --subtype {option}` lists its "
            f"{plural(len(typed), 'plane')}"
        )
        suggestions = tuple(card.name for card in typed)
    raise CardNotFoundError(message, hint=hint, suggestions=suggestions)


def cards_of_subtype(catalog: Catalog, name: str) -> list[Card]:
    """The cards whose planar subtype ``name`` spells (case, accents and punctuation
    aside), by name."""
    folded = fold_name(name)
    return sorted(
        (card for card in catalog.cards if card.subtype and fold_name(card.subtype) == folded),
        key=lambda card: card.name,
    )


def explain_unknown(catalog: Catalog, name: str) -> UnknownName:
    """What the unknown ``name`` is (``_explain_unknown``), worked out once per name."""
    explained = _caches(catalog).explained
    known = explained.get(name)
    if known is None:
        known = explained[name] = _explain_unknown(catalog, name)
    return known


def _explain_unknown(catalog: Catalog, name: str) -> UnknownName:
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
    if not key or catalog.too_long(name):  # no card's name: nothing to compare it with
        return UnknownName(name, None, False, None, ())
    suggestions = tuple(suggest(catalog, name))
    magic = _magic_names()
    if magic is not None and key in magic and key not in _planar_keys(catalog):
        return UnknownName(name, magic.name_for(key), True, None, suggestions)
    # Whether one card clearly fits is judged on how well the written name is explained
    # (cover=False): how much of a longer name it leaves out ranks, but is no ambiguity.
    ranked = leading_guesses(catalog, name)
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
    typos = typos_of(catalog, name)
    if len(typos) == 1:  # a misspelling of one card only: the fixer's certain rename
        best, clear = typos[0], True
    elif typos:  # as few slips from each of several cards: ask which, never pick one
        clear, suggestions = False, tuple(card.name for card in typos)
    other = _closest_other_card(catalog, key) if magic is not None else None
    if other is not None:
        other_key, other_ratio = other
        from rapidfuzz import fuzz

        planar_ratio = (
            max(float(fuzz.ratio(key, fold_name(c.name))) for c in _suggested(catalog, suggestions))
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


def other_magic_card(catalog: Catalog, name: str) -> str | None:
    """The printed name of the non-planar Magic card ``name`` is ("tolaria west" →
    "Tolaria West"), or None: for a card of the catalog too."""
    if catalog.resolve(name).card is not None:
        return None
    key = fold_name(name)
    magic = _magic_names() if key else None
    if magic is None or key not in magic or key in _planar_keys(catalog):
        return None
    return magic.name_for(key)


def _planar_keys(catalog: Catalog) -> set[str]:
    """Every folded name of a planar card: this catalog's, and the bundled snapshot's
    when this catalog is another (a synced cache that lacks a card is no proof that the
    card is not planar)."""
    caches = _caches(catalog)
    if caches.planar_keys is None:
        keys = set(catalog.folded_names())
        keys.update(catalog.printed_names_folded())
        snapshot = catalog.borrowed()
        if snapshot is not None:
            keys.update(snapshot.folded_names())
            keys.update(snapshot.printed_names_folded())
        caches.planar_keys = keys
    return caches.planar_keys


def _suggested(catalog: Catalog, names: Iterable[str]) -> list[Card]:
    return [card for card in map(catalog.exact, names) if card is not None]


def _closest_other_card(catalog: Catalog, key: str) -> tuple[str, float] | None:
    """The folded name of the non-planar Magic card closest to ``key`` (rapidfuzz's
    plain ratio on whole names) and its score, when it is at least LOOKS_LIKE_MIN_RATIO
    (a lower one is never acted on), or None. Of names equally close, the first in
    alphabetical order.

    Only names of a length that can score that much are compared: the ratio of names of
    lengths a and b is at most 200 * min(a, b) / (a + b), so they are read from the
    list's buckets of those lengths only (``MagicNames.keys_of_lengths``)."""
    magic = _magic_names()
    if magic is None or not key:
        return None
    shortest, longest = _lengths_within_ratio(len(key), LOOKS_LIKE_MIN_RATIO)
    caches = _caches(catalog)
    if caches.other_names is None:
        caches.other_names = {}
    names = caches.other_names.get((shortest, longest))
    if names is None:
        planar = _planar_keys(catalog)
        names = [k for k in magic.keys_of_lengths(shortest, longest) if k not in planar]
        caches.other_names[(shortest, longest)] = names
    from rapidfuzz import fuzz, process

    found = process.extract(
        key, names, scorer=fuzz.ratio, score_cutoff=LOOKS_LIKE_MIN_RATIO, limit=None
    )
    if not found:
        return None
    best = max(score for _, score, _ in found)
    return min(name for name, score, _ in found if score == best), float(best)


def _lengths_within_ratio(length: int, ratio: float) -> tuple[int, int]:
    """The shortest and longest names that can score ``ratio`` (rapidfuzz's plain ratio,
    0 to 100) against a name of ``length`` characters: 200 * min(a, b) / (a + b) >= ratio."""
    shortest = length
    while shortest > 1 and 200 * (shortest - 1) >= ratio * (length + shortest - 1):
        shortest -= 1
    longest = length
    while 200 * length >= ratio * (length + longest + 1):
        longest += 1
    return shortest, longest


#: WRatio score below which a candidate is not worth suggesting.
SUGGEST_CUTOFF = 70.0
#: Names this short are compared as whole names (see ``match``).
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


def _scores(query: str, choices: list[str], scorer: Any) -> list[float]:
    """``scorer``'s score of ``query`` against each of ``choices``, in their order."""
    from rapidfuzz import process

    scores = [0.0] * len(choices)
    for _, score, at in process.extract(query, choices, scorer=scorer, limit=None):
        scores[at] = float(score)
    return scores

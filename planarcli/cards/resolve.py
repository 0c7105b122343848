"""Name resolution beyond the catalog's indexes: what a name that is no card's name,
folded name or printed name is. A misspelling of one planar card (a typo within a few
edits, or a clear winner of the fuzzy scores), "another Magic card" (the bundled list of
every Magic card name, ``planarcli.magicnames``), or nothing known; and the ranked
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

from collections.abc import Iterable
from itertools import compress
from typing import TYPE_CHECKING

from planarcli.cards import fuzzy
from planarcli.cards.catalog import Catalog
from planarcli.cards.guessing import (
    BELOW_EXACT,
    MIN_CONTENT_WORD,
    PURE_SCORES_LIMIT,
    _clear,
    _covered,
    _guess_keys,
    _guess_vocabulary,
    _leading,
    _names_to_guess_from,
    _scores,
    _scores_at_least,
    _sharing_a_word,
    _word_score,
)
from planarcli.cards.guessing import (
    GUESS_LEAD as GUESS_LEAD,
)
from planarcli.cards.guessing import (
    GUESS_LEAD_MIN_SCORE as GUESS_LEAD_MIN_SCORE,
)
from planarcli.cards.guessing import (
    GUESS_MIN_SCORE as GUESS_MIN_SCORE,
)
from planarcli.cards.guessing import caches_of as _caches
from planarcli.cards.guessing import leading_guesses as leading_guesses
from planarcli.cards.model import Card, CardNotFoundError, Match, UnknownName
from planarcli.cards.names import fold_name
from planarcli.errors import echoed as echo_repr
from planarcli.errors import plural

if TYPE_CHECKING:
    from planarcli.magicnames import MagicNames

#: How many did-you-mean names an unknown name gets at most.
SUGGEST_LIMIT = 3
#: The card types, folded, and the kind each names: words of the game, never guessed as
#: a card's name ("Plane" is no Lance).
CARD_TYPE_WORDS = {
    "plane": "plane",
    "planes": "plane",
    "phenomenon": "phenomenon",
    "phenomena": "phenomenon",
}

#: Words a name is still meant by without, beside every word shorter than
#: MIN_CONTENT_WORD ("at", "of", "de"): "Lux Foundation Library" is The Lux Foundation
#: Library, "Academy Tolaria West" Academy at Tolaria West. A name left without another
#: of a card's words ("Thunder Junction", "Lethe") is part of it, no slip of it.
OMISSIBLE_WORDS = frozenset({"and", "for", "the"})


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
    pairs = _guess_keys(catalog)
    scorer = "ratio" if len(key) <= SHORT_NAME else "wratio"
    found = _scores_at_least(catalog, key, scorer, cutoff)
    best: dict[str, float] = {}
    for score, index in found:  # each card once, at its best name
        card_name = pairs[index][1]
        if score > best.get(card_name, -1.0):
            best[card_name] = score
    matches = [
        Match(catalog.card_named(card_name), min(round(score, 1), BELOW_EXACT))
        for card_name, score in best.items()
    ]
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


def suggest(catalog: Catalog, name: str, *, limit: int = SUGGEST_LIMIT) -> list[str]:
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
    counts = fuzzy.letter_counts(key)
    return [
        catalog.card_named(name)
        for folded, name in by_name.items()
        if _is_typo(key, folded, counts)
    ]


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
    kind = CARD_TYPE_WORDS.get(fold_name(name))
    if kind is not None:  # "Plane" is a card type: the cards of that kind, not a look-alike
        message = f"no plane or phenomenon named {said}"
        hint = (
            f"{said} is a card type, not a card name: "
            f"`planarcli cards list --kind {kind}` lists them"
        )
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
    if _is_game_word(catalog, key):  # a planar type (Regatha) or a card type: no card
        return UnknownName(name, None, False, None, suggestions)
    # Whether one card clearly fits is judged on how well the written name is explained
    # (cover=False): how much of a longer name it leaves out ranks, but is no ambiguity.
    # (the runner-up's score is exact only as far as it decides a clear lead)
    ranked = _leading(catalog, name, decide=True)
    best = ranked[0][1] if ranked else None
    top = ranked[0][0] if ranked else 0.0
    runner_up = ranked[1][0] if len(ranked) > 1 else 0.0
    clear = (
        best is not None and _clear(top, runner_up) and _enough_to_guess(key, fold_name(best.name))
    )
    typos = typos_of(catalog, name)
    holders = _holding(catalog, key)
    if holders:  # part of a name ("Lethe" of Lethe Lake): a slip of none, that card first
        ordered = dict.fromkeys([*holders, *suggestions])
        return UnknownName(name, None, False, None, tuple(ordered)[:SUGGEST_LIMIT])
    if len(typos) == 1:  # a misspelling of one card only: the fixer's certain rename
        best, clear = typos[0], True
    elif typos:  # as few slips from each of several cards: ask which, never pick one
        clear, suggestions = False, tuple(card.name for card in typos)
    elif _more_than_a_name(catalog, key, best):  # a name and more words: no slip of it
        clear = False
    other = _closest_other_card(catalog, key) if magic is not None else None
    if other is not None and len(typos) == 1 and best is not None:
        # a typing slip of a planar name wins unless another card is fewer slips away
        slips = fuzzy.osa_distance(key, fold_name(best.name))
        if fuzzy.osa_distance(key, other[0]) >= slips:
            other = None
    if other is not None:
        other_key, other_ratio = other
        planar_ratio = (
            max(fuzzy.ratio(key, fold_name(c.name)) for c in _suggested(catalog, suggestions))
            if suggestions
            else 0.0
        )
        if best is not None:
            planar_ratio = max(planar_ratio, fuzzy.ratio(key, fold_name(best.name)))
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


def _is_game_word(catalog: Catalog, key: str) -> bool:
    """Whether the folded name ``key`` is a word of the game, not a card: a planar type
    of the catalog's cards (Regatha, New Phyrexia, Thunder Junction) or a card type
    (``CARD_TYPE_WORDS``). None is ever guessed as a card."""
    if key in CARD_TYPE_WORDS:
        return True
    caches = _caches(catalog)
    if caches.subtypes is None:
        caches.subtypes = sorted({str(r["subtype"]) for r in catalog.records() if r.get("subtype")})
    # only the types that can fold to ``key`` are folded: an ASCII one starts as it does
    first = key[:1]
    return any(
        fold_name(subtype) == key
        for subtype in caches.subtypes
        if not subtype.isascii() or subtype[:1].lower() == first
    )


def _holding(catalog: Catalog, key: str) -> list[str]:
    """The planar cards with a name (English or printed) that holds every word of the
    folded written name ``key`` and one more that carries meaning (``_omissible`` words
    aside): "thunder junction" of High Noon At Thunder Junction, "lethe" of Lethe Lake,
    but not "lux foundation library", The Lux Foundation Library less its article. The
    shortest names first."""
    words = key.split()
    holding = _sharing_a_word(catalog, words[0])  # no name holds a slip ("akuom")
    for word in words[1:]:
        holding = holding & _sharing_a_word(catalog, word) if holding else holding
    pairs = _guess_keys(catalog)
    found: dict[str, int] = {}
    for folded, card_name in map(pairs.__getitem__, holding):
        left_out = _left_out(words, folded.split())
        if left_out is None or all(map(_omissible, left_out)):
            continue
        if len(folded) < found.get(card_name, len(folded) + 1):
            found[card_name] = len(folded)
    return sorted(found, key=lambda card_name: (found[card_name], card_name.casefold()))


def _left_out(words: list[str], name_words: list[str]) -> set[str] | None:
    """The words of a name (``name_words``) that the written ``words`` leave out, each
    written word taking one of them ("new york" leaves "new" of "new new york"), or None
    when a written word is not among them."""
    rest = list(name_words)
    for word in words:
        if word not in rest:
            return None
        rest.remove(word)
    return set(rest)


def _omissible(word: str) -> bool:
    """Whether a name is still meant without its ``word``: one of OMISSIBLE_WORDS, or
    shorter than MIN_CONTENT_WORD in any language ("de" of "Jungle de mégaflore")."""
    return len(word) < MIN_CONTENT_WORD or word in OMISSIBLE_WORDS


def _more_than_a_name(catalog: Catalog, key: str, best: Card | None) -> bool:
    """Whether the folded written name ``key`` is more than a name of the card ``best``
    it would be guessed as: it holds another card's whole name ("bant plane" is no
    Shrinking Plane, "akoum tunnel" no Interplanar Tunnel), or more words that carry
    meaning (not ``_omissible``) than any name of ``best`` ("chaotischer ather tunnel"
    is no Chaotic Aether), Scryfall's "(Playtest)" counted as a word ("Artist Alley
    P(lane)" is Artist Alley (Plane) mistyped)."""
    if best is None:
        return False
    padded = f" {key} "
    names: list[str] = []
    for folded, card_name in _guess_keys(catalog):
        if card_name == best.name:
            names.append(folded)
        elif f" {folded} " in padded:
            return True
    names.append(fold_name(best.name.replace(")", " ")))  # the suffix kept: no longer last
    return _content_words(key) > max(map(_content_words, names))


def _content_words(folded: str) -> int:
    return sum(not _omissible(word) for word in folded.split())


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
    found = _ratios_at_least(key, names, LOOKS_LIKE_MIN_RATIO)
    if not found:
        return None
    best = max(score for _, score in found)
    return min(name for name, score in found if score == best), best


def _ratios_at_least(key: str, names: list[str], cutoff: float) -> list[tuple[str, float]]:
    """(name, rapidfuzz's ratio) of each of ``names`` that ``key`` scores ``cutoff`` or
    more against: by rapidfuzz over a long list, else in plain Python over the names that
    hold enough of ``key``'s letters to reach it (``fuzzy.ratio_bound``)."""
    if len(names) > PURE_SCORES_LIMIT["ratio"]:
        from rapidfuzz import fuzz, process

        found = process.extract(key, names, scorer=fuzz.ratio, score_cutoff=cutoff, limit=None)
        return [(name, float(score)) for name, score, _ in found]
    size = len(key)
    lengths = list(map(len, names))
    longest = max(lengths, default=0)
    table = fuzzy.ratio_table(size, longest)
    bounds = fuzzy.bounds_of(table, size, fuzzy.common_counts(key, names), lengths)
    scored = [
        (name, fuzzy.ratio(key, name))
        for name in compress(names, map(float(cutoff).__le__, bounds))
    ]
    return [(name, score) for name, score in scored if score >= cutoff]


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
#: ... from a written name of at least this many folded characters ...
GUESS_MIN_CHARS = 4
#: ... that is at least this share of the guessed name's folded length.
GUESS_MIN_SHARE = 0.4
#: ``cards match`` lists no candidate scoring below this (junk finds "no candidates").
MATCH_MIN_SCORE = 50.0
#: A name this close (rapidfuzz ratio on folded names) to a non-planar Magic card's name,
#: and at least as close as to any planar card's, is taken to mean that card: no guess.
LOOKS_LIKE_MIN_RATIO = 80.0


def _magic_names() -> MagicNames | None:
    """The bundled list of every Magic card name, or None when it cannot be read (a damaged
    install: names are then judged against the catalog alone)."""
    from planarcli.magicnames import load_magic_names

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
#: A misspelling may differ from the card's folded name by one edit (insert, delete,
#: substitute, swap two neighbours) per this many letters of it, and always by one.
TYPO_CHARS_PER_EDIT = 6


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


def _is_typo(key: str, target: str, counts: dict[str, int] | None = None) -> bool:
    """Whether the folded ``key`` is a few typing slips away from the folded ``target``:
    at least one and at most one edit per TYPO_CHARS_PER_EDIT letters of it (restricted
    Damerau-Levenshtein), from at least GUESS_MIN_CHARS letters. ``counts``, ``key``'s
    letter counts, spares working them out again for every target: a target of another
    length, or holding too few of ``key``'s letters, is that many edits away at least."""
    if len(key) < GUESS_MIN_CHARS or key == target:
        return False
    allowed = max(1, len(target) // TYPO_CHARS_PER_EDIT)
    if abs(len(key) - len(target)) > allowed:
        return False
    common = fuzzy.common_letters(fuzzy.letter_counts(key) if counts is None else counts, target)
    if fuzzy.osa_lower_bound(common, len(key), len(target)) > allowed:
        return False
    return fuzzy.osa_distance(key, target) <= allowed


def is_misspelling(written: str, card_name: str) -> bool:
    """Whether ``written`` is a few typing slips away from ``card_name`` (folded names)."""
    return _is_typo(fold_name(written), fold_name(card_name))


def _enough_to_guess(key: str, guessed: str) -> bool:
    """Whether the folded written name ``key`` is a real basis for guessing ``guessed``
    (folded): long enough on its own and against the guessed name."""
    return len(key) >= GUESS_MIN_CHARS and len(key) >= GUESS_MIN_SHARE * len(guessed)

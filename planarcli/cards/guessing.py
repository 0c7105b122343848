"""Guessing which planar card a misspelt name means: what name resolution keeps per
catalog (``caches``: the names to guess from, their words, the bounds and scores worked
out), and the two leading guesses (``leading_guesses``).

Importing rapidfuzz costs a misspelt name's ``cards show`` more than all its guessing,
and scoring names in Python costs far more than in rapidfuzz's C loops. So every name a
card goes by is first bounded from the letters it shares with the written one, in C
loops over all of them at once (``planarcli.cards.fuzzy.common_counts``, a table of bounds
by length and letters shared); the bounds are tightened name by name
(``fuzzy.wratio_window_bound``) and names scored exactly (``fuzzy``: rapidfuzz's scores, in
plain Python) only while they can still change the answer, best bound first. A written
name of several words, or one that too many names come close to (``PURE_GUESS_WORK``,
``PURE_SCORES_LIMIT``), is handed to rapidfuzz: the answers are the same either way
(``tests/cards/test_fuzzy.py``, ``tests/cards/test_leading_guesses.py``).
"""

from __future__ import annotations

import weakref
from itertools import accumulate, compress, repeat
from operator import add, itemgetter, ne, truediv
from typing import Any

from planarcli.cards import fuzzy
from planarcli.cards.catalog import Catalog
from planarcli.cards.model import Card, UnknownName
from planarcli.cards.names import fold_name

#: ``find`` guesses a card only from a score at least this high (see ``guess_scores``) ...
GUESS_MIN_SCORE = 90.0
#: ... or at least this high and this far ahead of the runner-up ...
GUESS_LEAD_MIN_SCORE = 75.0
GUESS_LEAD = 10.0
#: The highest score of a name that is not the card's own (100 is for the card's names).
BELOW_EXACT = 99.0
#: Name words this short ("at", "of", "de") count for nothing in how much of a name a
#: written name covers.
MIN_CONTENT_WORD = 3


def _covered(score: float, share: float, base: float) -> float:
    """``score`` for a match of ``share`` (0-1) of a name's letters (see COVER_BASE)."""
    return score * (base + (1.0 - base) * min(1.0, share))


class Caches:
    """What name resolution works out once per catalog."""

    __slots__ = (
        "bounds",
        "commons",
        "explained",
        "flat_words",
        "guess_keys",
        "guess_names",
        "key_lengths",
        "keys",
        "name_words",
        "other_names",
        "padded",
        "planar_keys",
        "repeating",
        "scores",
        "subtypes",
        "unbounded",
        "vocabulary",
        "word_bounds",
    )

    def __init__(self) -> None:
        #: (folded name, card name) for every name a card goes by (``_guess_keys``)
        self.guess_keys: list[tuple[str, str]] | None = None
        self.guess_names: list[tuple[str, Card]] | None = None
        self.vocabulary: tuple[list[str], list[tuple[int, ...]]] | None = None
        #: each guess key's words (``folded.split() or [folded]``), in ``guess_keys`` order
        self.name_words: list[list[str]] | None = None
        self.keys: list[str] | None = None
        #: the guess keys, each between spaces, one a line (``_sharing_a_word``)
        self.padded: str | None = None
        self.key_lengths: list[int] | None = None
        #: every guess key's words, their lengths, each key's slice (``_flat_words``)
        self.flat_words: tuple[list[str], list[int], list[slice]] | None = None
        #: the guess keys that repeat a word (``_unbounded``)
        self.repeating: set[int] | None = None
        #: bounds of a written name's letters in common with each guess key, and of its
        #: scores (``_whole_bounds``); exact scores (``_exact_score``)
        self.commons: dict[str, list[int]] = {}
        self.bounds: dict[tuple[str, str], list[float]] = {}
        self.scores: dict[tuple[str, str, int], float] = {}
        self.unbounded: dict[str, set[int]] = {}
        self.word_bounds: dict[tuple[str, ...], list[float]] = {}
        #: the non-planar names, by the range of lengths compared (``_closest_other_card``)
        self.other_names: dict[tuple[int, int], list[str]] | None = None
        self.planar_keys: set[str] | None = None
        #: the planar types of the catalog's cards, each once (``resolve._is_game_word``)
        self.subtypes: list[str] | None = None
        #: ``explain_unknown``'s answers by written name (validate and --fix ask twice).
        self.explained: dict[str, UnknownName] = {}


#: Each catalog's caches, for as long as the catalog lives.
_CACHES: weakref.WeakKeyDictionary[Catalog, Caches] = weakref.WeakKeyDictionary()


def caches_of(catalog: Catalog) -> Caches:
    found = _CACHES.get(catalog)
    if found is None:
        found = _CACHES[catalog] = Caches()
    return found


def leading_guesses(catalog: Catalog, name: str) -> list[tuple[float, Card]]:
    """``guess_scores(catalog, name, cover=False)[:2]``, the two places ``explain_unknown``
    judges a clear winner by, worked out from the few names that can take them.

    Each name a card goes by is given an upper bound of its score from the letters it
    shares with the written name (``_guess_bounds``, in C loops), tightened on demand
    (``_window_bound``), and scored exactly (``_guess_score``: in plain Python, as
    rapidfuzz scores) only when its bound is the highest left. Exact scores so come out
    best first; once the highest bound left is at a place below the runner-up's, no name
    left can reach the two places or tie with them, so the two places, their scores,
    cards and order by name included, are ``guess_scores``' own."""
    return _leading(catalog, name, decide=False)


def _leading(catalog: Catalog, name: str, *, decide: bool) -> list[tuple[float, Card]]:
    """``leading_guesses``; with ``decide``, stopping as soon as the leader is known and
    whether it leads clearly (``_clear``) can no longer change, the runner-up's score
    then being the best found so far (``explain_unknown`` asks no more)."""
    import heapq

    key = fold_name(name)
    words = key.split()
    if not words or catalog.too_long(name):
        return []
    if len(words) > 1:  # many names share some of its words' letters: rapidfuzz is cheaper
        return _leading_guesses_in_c(catalog, name)
    exact = catalog.lookup(name)
    exact_name = None if exact is None else exact.name
    pairs = _guess_keys(catalog)
    name_words = _name_words(catalog)
    shared = _sharing_a_word(catalog, key)
    by_word = _word_bounds(catalog, words)
    places: dict[str, float] = {} if exact_name is None else {exact_name: 100.0}
    runner_up = -1.0
    work = 0
    # (-bound, stage, index): stage 0 a first bound, 1 a tightened one, 2 an exact score
    heap = [(-bound, 0, index) for bound, index in _guess_bounds(catalog, key, words)]
    heapq.heapify(heap)
    while heap:
        value, stage, index = heapq.heappop(heap)
        if _guess_place(-value) < runner_up:
            break
        if decide and places and _settled(places, _guess_place(-value)):
            break
        folded, card_name = pairs[index]
        if card_name == exact_name:
            continue
        if work > PURE_GUESS_WORK:
            return _leading_guesses_in_c(catalog, name)
        if stage == 0 and len(key) <= len(folded) and index not in shared:
            work += 1
            tighter = max(by_word[index], _window_bound(catalog, key, index))
            if tighter < -value:
                heapq.heappush(heap, (-tighter, 1, index))
                continue
            stage = 1
        if stage != 2:
            work += GUESS_SCORE_WORK
            score = _guess_score(catalog, key, words, index, name_words[index])
            heapq.heappush(heap, (-score, 2, index))
        elif _guess_place(-value) > places.get(card_name, -1.0):
            places[card_name] = _guess_place(-value)
            if len(places) > 1:
                runner_up = sorted(places.values(), reverse=True)[1]
    scored = [(score, card_name) for card_name, score in places.items()]
    scored.sort(key=lambda item: (-item[0], item[1].casefold()))
    return [(score, catalog.card_named(card_name)) for score, card_name in scored[:2]]


def _leading_guesses_in_c(catalog: Catalog, name: str) -> list[tuple[float, Card]]:
    """``leading_guesses`` by rapidfuzz's C loops, for a name that too many guess keys
    may score close to (``PURE_GUESS_WORK``), without WRatio's full cost for every name.

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


#: A score rounded to a tenth can come from one up to 0.05 below it: WRatio's cutoff in
#: ``_leading_guesses_in_c`` stays this far under the floor so no such score is left out.
WRATIO_ROUNDING = 0.1

#: How much scoring ``leading_guesses`` does in plain Python before it hands the name to
#: rapidfuzz (``_leading_guesses_in_c``), in partial-match bounds (an exact score counts
#: as GUESS_SCORE_WORK of them): about 20 M instructions, half what importing rapidfuzz
#: and scoring in it cost.
PURE_GUESS_WORK = 160
GUESS_SCORE_WORK = 8


def _settled(places: dict[str, float], bound: float) -> bool:
    """Whether no card left, each scoring at most the place ``bound``, can change the
    leader of ``places`` or whether it leads clearly (``_clear``)."""
    ranking = sorted(places.values(), reverse=True)
    top = ranking[0]
    second = ranking[1] if len(ranking) > 1 else 0.0
    return bound < top and _clear(top, second) == _clear(top, max(second, bound))


def _clear(top: float, runner_up: float) -> bool:
    """Whether a guess scoring ``top`` leads a runner-up scoring ``runner_up`` clearly
    enough to be made (``explain_unknown``)."""
    return (top >= GUESS_MIN_SCORE and top > runner_up) or (
        top >= GUESS_LEAD_MIN_SCORE and top - runner_up >= GUESS_LEAD
    )


def _guess_bounds(catalog: Catalog, key: str, words: list[str]) -> list[tuple[float, int]]:
    """(upper bound of ``guess_scores``' raw score with base 1.0, index) of every guess
    key, highest first: the whole name's (``_whole_bounds``) and the written words' (each
    word's best ratio to one of the name's words, bounded from the letters they share and
    the words' lengths, averaged over the written words). Worked out in C loops
    (``fuzzy.common_counts``, ``fuzzy.bounds_of``): nothing runs in Python per name."""
    whole = _whole_bounds(catalog, key, "guess")
    total = _word_bounds(catalog, words)
    bounds = list(map(max, whole, total))
    order = sorted(range(len(bounds)), key=bounds.__getitem__, reverse=True)
    return [(bounds[index], index) for index in order]


def _word_bounds(catalog: Catalog, words: list[str]) -> list[float]:
    """For each guess key, a bound of the written ``words``' score against its words
    (each word's best ratio to one of them, bounded from the letters they share and their
    lengths, averaged), in C loops (``fuzzy.common_counts``, ``fuzzy.bounds_of``); once
    per process."""
    caches = caches_of(catalog)
    found = caches.word_bounds.get(tuple(words))
    if found is not None:
        return found
    flat, lengths, spans = _flat_words(catalog)
    longest = max(lengths, default=0)
    total: list[float] | None = None
    for word in words:
        size = len(word)
        table = fuzzy.ratio_table(size, longest)
        per_word = fuzzy.bounds_of(table, size, fuzzy.common_counts(word, flat), lengths)
        best = list(map(max, map(per_word.__getitem__, spans)))
        total = best if total is None else list(map(add, total, best))
    assert total is not None
    if len(words) > 1:
        total = list(map(truediv, total, repeat(len(words))))
    found = caches.word_bounds[tuple(words)] = list(map(add, total, repeat(fuzzy.BOUND_SLACK)))
    return found


def _common(catalog: Catalog, key: str) -> list[int]:
    """``fuzzy.common_counts`` of ``key`` with every guess key, once per process."""
    caches = caches_of(catalog)
    commons = caches.commons.get(key)
    if commons is None:
        commons = caches.commons[key] = fuzzy.common_counts(key, _keys(catalog))
    return commons


def _window_bound(catalog: Catalog, key: str, index: int) -> float:
    """``fuzzy.wratio_window_bound`` of ``key`` and guess key ``index``, once per process."""
    scores = caches_of(catalog).scores
    found = scores.get(("window", key, index))
    if found is None:
        found = scores[("window", key, index)] = fuzzy.wratio_window_bound(
            key, _keys(catalog)[index]
        )
    return found


def _whole_bounds(catalog: Catalog, key: str, use: str) -> list[float]:
    """An upper bound, for each guess key, of the whole written name's score against it:
    ``use`` "ratio" rapidfuzz's ratio, "wratio" its WRatio, "guess" what ``guess_scores``
    takes (the ratio of a name shorter than ``key``, WRatio otherwise). A name sharing a
    word with ``key``, or repeating one (or a ``key`` repeating one), bounds WRatio at 100."""
    caches = caches_of(catalog)
    found = caches.bounds.get((key, use))
    if found is not None:
        return found
    commons = _common(catalog, key)
    lengths = _key_lengths(catalog)
    size, longest = len(key), max(lengths, default=0)
    if use == "ratio":
        table = fuzzy.ratio_table(size, longest)
    else:
        table = fuzzy.wratio_table(size, longest)
        if use == "guess":  # a name shorter than the written one: its plain ratio
            ratios = fuzzy.ratio_table(size, longest)
            cut = min(size, longest + 1) * (size + 1)
            table[:cut] = ratios[:cut]
    bounds = fuzzy.bounds_of(table, size, commons, lengths)
    if use != "ratio":
        for index in _unbounded(catalog, key):
            if use == "wratio" or size <= lengths[index]:
                bounds[index] = 100.0
    caches.bounds[(key, use)] = bounds
    return bounds


def _guess_score(
    catalog: Catalog, key: str, words: list[str], index: int, name_words: list[str]
) -> float:
    """``guess_scores``' raw score (base 1.0) of the written ``key`` (its ``words``)
    against guess key ``index`` (its words ``name_words``): the whole name's and the
    words'."""
    folded = _guess_keys(catalog)[index][0]
    if len(key) > len(folded):
        whole = _exact_score(catalog, "ratio", key, index)
    else:
        whole = _exact_score(catalog, "wratio", key, index)
    per_word = [[fuzzy.ratio(word, other) for other in name_words] for word in words]
    by_word = _word_score(per_word, tuple(range(len(name_words))), name_words, 1.0)
    return max(whole, by_word)


def _exact_score(catalog: Catalog, scorer: str, key: str, index: int) -> float:
    """rapidfuzz's ratio or WRatio (``scorer``) of ``key`` against guess key ``index``,
    worked out once per process (``match`` and ``leading_guesses`` ask alike)."""
    scores = caches_of(catalog).scores
    found = scores.get((scorer, key, index))
    if found is None:
        folded = _guess_keys(catalog)[index][0]
        found = fuzzy.ratio(key, folded) if scorer == "ratio" else _wratio(key, folded)
        scores[(scorer, key, index)] = found
    return found


def _scores_at_least(
    catalog: Catalog, key: str, scorer: str, cutoff: float
) -> list[tuple[float, int]]:
    """(score, index) of every guess key that ``key`` scores ``cutoff`` or more against by
    rapidfuzz's ``fuzz.ratio`` (``scorer`` "ratio") or ``fuzz.WRatio`` ("wratio"), as
    ``process.extract`` with that ``score_cutoff`` finds them: the keys whose bound
    (``_whole_bounds``) reaches the cutoff are scored in plain Python, or by rapidfuzz
    when they are many."""
    pairs = _guess_keys(catalog)
    if " " in key:  # several words: too many names are close in part, rapidfuzz is cheaper
        survivors = list(range(len(pairs)))
    else:
        bounds = _whole_bounds(catalog, key, scorer)
        survivors = list(compress(range(len(bounds)), map(float(cutoff).__le__, bounds)))
    if " " in key or len(survivors) > PURE_SCORES_LIMIT[scorer]:
        from rapidfuzz import fuzz, process

        choices = [pairs[index][0] for index in survivors]
        found = process.extract(
            key,
            choices,
            scorer=fuzz.ratio if scorer == "ratio" else fuzz.WRatio,
            limit=None,
            score_cutoff=cutoff,
        )
        return [(float(score), survivors[at]) for _, score, at in found]
    if scorer == "wratio":
        shared = _sharing_a_word(catalog, key)
        survivors = [
            index
            for index in survivors
            if index in shared or _window_bound(catalog, key, index) >= cutoff
        ]
    scored = [(_exact_score(catalog, scorer, key, index), index) for index in survivors]
    return [(score, index) for score, index in scored if score >= cutoff]


#: How many names ``_scores_at_least`` scores in plain Python before it hands them to
#: rapidfuzz (whose import costs about as much as scoring this many in Python).
PURE_SCORES_LIMIT = {"ratio": 1500, "wratio": 40}


def _wratio(key: str, folded: str) -> float:
    """rapidfuzz's WRatio of two folded names: in plain Python (``fuzzy.wratio``), or by
    rapidfuzz for the rare pair it alone scores."""
    if fuzzy.needs_rapidfuzz(key, folded):
        from rapidfuzz import fuzz

        return float(fuzz.WRatio(key, folded))
    return fuzzy.wratio(key, folded)


def _unbounded(catalog: Catalog, key: str) -> set[int]:
    """The guess keys whose WRatio against ``key`` the letters alone do not bound
    (``fuzzy.wratio_bound``): those sharing a word with ``key`` (``_sharing_a_word``) and
    those repeating one; every key when ``key`` repeats a word."""
    caches = caches_of(catalog)
    known = caches.unbounded.get(key)
    if known is None:
        if not fuzzy.plain_words(key):
            known = set(range(len(_guess_keys(catalog))))
        else:
            if caches.repeating is None:
                words = _name_words(catalog)
                repeats = map(ne, map(len, map(set, words)), map(len, words))
                caches.repeating = set(compress(range(len(words)), repeats))
            known = caches.repeating | _sharing_a_word(catalog, key)
        caches.unbounded[key] = known
    return known


def _sharing_a_word(catalog: Catalog, key: str) -> set[int]:
    """The guess keys holding one of ``key``'s words as a whole word."""
    caches = caches_of(catalog)
    if caches.padded is None:
        caches.padded = " " + " \n ".join(_keys(catalog)) + " "
    padded = caches.padded
    found: set[int] = set()
    for word in set(key.split()):
        needle = f" {word} "
        at = padded.find(needle)
        while at >= 0:
            found.add(padded.count("\n", 0, at))
            at = padded.find(needle, at + 1)
    return found


def _guess_place(raw: float) -> float:
    """A raw guess score as ``guess_scores`` reports it: to a tenth, at most BELOW_EXACT."""
    return min(round(raw, 1), BELOW_EXACT)


def _names_to_guess_from(catalog: Catalog) -> list[tuple[str, Card]]:
    """(folded name, card) for every name a card goes by (``_guess_keys``), making
    every Card."""
    caches = caches_of(catalog)
    if caches.guess_names is None:
        caches.guess_names = [(key, catalog.card_named(name)) for key, name in _guess_keys(catalog)]
    return caches.guess_names


def _guess_keys(catalog: Catalog) -> list[tuple[str, str]]:
    """(folded name, card name) for every name a card goes by: its English name and its
    printed non-English names, so a misspelt French name is guessed from the French.
    Names only: a Card is made for what a guess finds, not for every card."""
    caches = caches_of(catalog)
    if caches.guess_keys is None:
        english = catalog.folded_names()
        pairs = list(english.items())
        for key, printed in catalog.printed_names_folded().items():
            if printed is not None and key not in english and catalog.holds(printed[0]):
                pairs.append((key, printed[0]))
        caches.guess_keys = pairs
    return caches.guess_keys


def _name_words(catalog: Catalog) -> list[list[str]]:
    """Each guess key's words (``_guess_keys`` order), as ``guess_scores`` reads them."""
    caches = caches_of(catalog)
    if caches.name_words is None:
        caches.name_words = [folded.split() or [folded] for folded, _ in _guess_keys(catalog)]
    return caches.name_words


def _keys(catalog: Catalog) -> list[str]:
    """The guess keys (``_guess_keys`` order)."""
    caches = caches_of(catalog)
    if caches.keys is None:
        caches.keys = list(map(itemgetter(0), _guess_keys(catalog)))
    return caches.keys


def _key_lengths(catalog: Catalog) -> list[int]:
    caches = caches_of(catalog)
    if caches.key_lengths is None:
        caches.key_lengths = list(map(len, _keys(catalog)))
    return caches.key_lengths


def _flat_words(catalog: Catalog) -> tuple[list[str], list[int], list[slice]]:
    """Every guess key's words (``_name_words``), key after key, their lengths, and each
    key's slice of them."""
    caches = caches_of(catalog)
    if caches.flat_words is None:
        flat = [word for words in _name_words(catalog) for word in words]
        ends = list(accumulate(map(len, _name_words(catalog))))
        spans = list(map(slice, [0, *ends[:-1]], ends))
        caches.flat_words = (flat, list(map(len, flat)), spans)
    return caches.flat_words


def _guess_vocabulary(
    catalog: Catalog, pairs: list[tuple[str, Card]] | list[tuple[str, str]]
) -> tuple[list[str], list[tuple[int, ...]]]:
    """Every word of the names in ``pairs``, each once, and for each name the positions
    of its words in that list."""
    caches = caches_of(catalog)
    if caches.vocabulary is None:
        split = [folded.split() or [folded] for folded, _ in pairs]
        vocabulary = sorted({word for words in split for word in words})
        where = {word: at for at, word in enumerate(vocabulary)}
        caches.vocabulary = (vocabulary, [tuple(where[w] for w in words) for words in split])
    return caches.vocabulary


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


def _scores(query: str, choices: list[str], scorer: Any) -> list[float]:
    """``scorer``'s score of ``query`` against each of ``choices``, in their order."""
    from rapidfuzz import process

    scores = [0.0] * len(choices)
    for _, score, at in process.extract(query, choices, scorer=scorer, limit=None):
        scores[at] = float(score)
    return scores

"""Analysis of a query against the index's vocabulary: each query word becomes weighted
index terms.

A word's stems in every language in scope (from the index when it is a word of its texts),
its accent-free matches, the synonyms users type for the rules' words
(:data:`.analysis.SYNONYMS`, at ``synonym``), an English agent noun and its verb
(owner/owns, ``relative``), the Danish compounds it heads (``compound``), a number spelt or
in digits; a word found nowhere is corrected to the closest corpus word (``typo``:
Damerau-Levenshtein, one edit in a short word, two in a long one), and a word typed in two
("plane walk") stands for the one it makes. The weights are in :mod:`.weights`.
"""

from __future__ import annotations

import itertools
import weakref
from collections.abc import Iterable
from typing import TYPE_CHECKING

from planarcli.rulebook.search.analysis import (
    DEFINITION_WORDS,
    IRREGULAR,
    RULE_NUMBER_RE,
    STOPWORDS,
    SYNONYMS,
    TOKEN_RE,
    TRANSLATIONS,
    fold,
    fold_words,
    folded_synonyms,
    indel_similarity,
    number_value,
    number_words,
    osa_distance,
    split_elision,
    stem,
)
from planarcli.rulebook.search.index import numbers_of
from planarcli.rulebook.search.language import other_languages
from planarcli.rulebook.search.weights import WEIGHTS

if TYPE_CHECKING:
    from planarcli.rulebook.search.index import SearchIndex

#: words this long or longer may be corrected by two edits, shorter ones by one
TYPO_LONG_WORD = 8
#: shorter words are corrected only for two letters swapped: most are English words the
#: rules do not use ("now" is not a misspelt "know")
TYPO_SHORTEST = 4
#: a misspelling as close to several corpus words stands for each of them (at most this many)
TYPO_CHOICES = 3
#: a query's unknown words corrected, at most (a query of many is not misspelt, it is junk)
TYPO_WORDS = 8
#: a Danish compound headed by a query word: both parts this long
COMPOUND_SHORTEST = 4


def stems_of(index: SearchIndex, token: str) -> set[str]:
    """Index terms that ``token`` may stand for, in any language in scope."""
    if RULE_NUMBER_RE.match(token):
        return {token} if token in index.df else set()
    found = set()
    for lang in index.langs:
        if token in STOPWORDS.get(lang, frozenset()):
            continue
        term = index.stem_word(token, lang)
        if term in index.df or term in index.aid_postings:
            found.add(term)
    return found


def is_stopword(index: SearchIndex, token: str) -> bool:
    return any(token in STOPWORDS.get(lang, frozenset()) for lang in index.langs)


def query_groups(index: SearchIndex, query: str) -> list[tuple[str, dict[str, float]]]:
    """Weighted index terms per query word: stems, accent-free matches, synonyms, typos.

    One dict per content word of the query, in query order (for proximity scoring).
    """
    groups: list[tuple[str, dict[str, float]]] = []
    tokens: list[str] = []
    for raw in TOKEN_RE.findall(query.casefold().replace("’", "'")):
        tokens.extend(split_elision(raw) if "'" in raw else [raw])
    # a word that is a stopword in the query's language is one, even when it is a
    # content word in another language ("have" is Danish for "garden")
    strange = other_languages(index, query)
    query_stop = [STOPWORDS.get(lang, frozenset()) for lang in index.langs if lang not in strange]
    misspelt: list[tuple[str, dict[str, float]]] = []
    joined = joined_words(index, tokens, query_stop)
    typo, synonym_weight = WEIGHTS["typo"].weight, WEIGHTS["synonym"].weight
    translation = WEIGHTS["translation"].weight
    # a question in French or Danish with the English rules in scope
    translating = "en" in index.langs and len(index.langs) > 1 and "en" in strange
    # the question's own languages among French and Danish ("da": a Danish question)
    asked = tuple(lang for lang in ("fr", "da") if lang in index.langs and lang not in strange)
    danish = "da" in asked
    for place, token in enumerate(tokens):
        if token in DEFINITION_WORDS:
            continue
        weights: dict[str, float] = {}

        def add(terms: Iterable[str], weight: float, weights: dict[str, float] = weights) -> None:
            if weight <= 0.0:
                return  # a feature turned off (see .weights)
            for term in terms:
                weights[term] = max(weights.get(term, 0.0), weight)

        token = IRREGULAR.get(token, token)
        stopped = any(token in stop for stop in query_stop)
        stems = set() if stopped else stems_of(index, token)
        # "plane walk" typed for "planeswalk": both words stand for it
        add(joined.get(place, ()), typo)
        add(joined.get(place - 1, ()), typo)
        if danish and not stopped:
            # "fænomen" is the head of "fænomenkort"
            add(compounds(index, token), WEIGHTS["compound"].weight)
        if stems:
            add(stems, 1.0)
            add(relatives(index, token), WEIGHTS["relative"].weight)
            if (
                WEIGHTS["phrased_typo"].weight > 0.0
                and len(token) >= TYPO_LONG_WORD
                and len(misspelt) < TYPO_WORDS
                and not any(term in index.df for term in stems)
                and sum(df.get(term, 0) for df in index.aid_df.values() for term in stems) <= 1
            ):
                # a long word that one passage's phrasings alone hold may be a misspelling
                # one of them made ("phenomenom"): also the closest word of the texts
                misspelt.append((token, weights))
        elif is_stopword(index, token) or len(token) == 1:
            # a stopword is no misspelling ("de" typed for "dé" was once restored: the
            # ablation found it added nothing, see rules/README.md)
            pass
        else:
            accentless = accent_matches(index, token)
            if accentless:
                add(accentless, WEIGHTS["accent"].weight)
            elif (
                not token.isdigit()
                and not RULE_NUMBER_RE.match(token)
                and len(misspelt) < TYPO_WORDS
            ):
                misspelt.append((token, weights))  # corrected below, in context
        if token.isdigit() or not is_stopword(index, token):
            # "40 cards": "at least forty"; "ten": "10"
            for lang in index.langs:
                value = number_value(token, lang)
                if value is not None:
                    for spelt in number_words(value, lang):
                        if spelt != token:
                            add(stems_of(index, spelt), 1.0)
        if translating and (weights or not is_stopword(index, token)):
            # "phénomène": "phenomenon", "terningen": "die" (the English rules); any form
            # of a word of the table ("terningerne", "phénomènes") by its stem
            for english in translations(token, asked):
                add(english_stems(index, english), translation)
        if asked and not stopped:
            # "planarterningen": "planar" + "terning", "planedæk": "plane" + "dæk"
            for part in compound_parts(index, token, asked):
                add(stems_of(index, part), WEIGHTS["compound"].weight)
                if translating:
                    for english in translations(part, asked):
                        add(english_stems(index, english), translation)
        if weights or not is_stopword(index, token):
            for synonym in SYNONYMS.get(token) or folded_synonyms().get(fold(token), ()):
                add(stems_of(index, synonym) or accent_matches(index, synonym), synonym_weight)
        if weights or (misspelt and misspelt[-1][1] is weights):
            groups.append((fold(token), weights))
    if misspelt:
        correct(index, misspelt, groups)
        groups = [(word, weights) for word, weights in groups if weights]
    return groups


def joined_words(
    index: SearchIndex, tokens: list[str], stop: list[frozenset[str]]
) -> dict[int, set[str]]:
    """For a word typed in two ("plane walk"), keyed by the place of its first half: the
    stems of the corpus word the two make together, or are one edit from."""
    out: dict[int, set[str]] = {}
    for place, (first, second) in enumerate(itertools.pairwise(tokens)):
        if not (first.isalpha() and second.isalpha()) or any(
            first in words or second in words for words in stop
        ):
            continue
        if stems_of(index, first) and stems_of(index, second):
            continue  # two words of the texts: meant as two
        whole = first + second
        found = stems_of(index, whole)
        if not found and len(whole) >= TYPO_LONG_WORD:
            for word in typo_words(index, whole):
                if osa_distance(fold(whole), fold(word), 1) <= 1:
                    found = set(index.surface[word].split(" "))
                    break
        if found:
            out[place] = found
    return out


def compounds(index: SearchIndex, token: str) -> set[str]:
    """Stems of the Danish compounds that ``token`` heads ("fænomen": "fænomenkort")."""
    if len(token) < COMPOUND_SHORTEST or not token.isalpha():
        return set()
    base = index.stem_word(token, "da")
    stems = index.stems.get("da", {})
    words, text = _danish_words(index)
    found = set()
    # each word that starts with the stem, in the stems' order: found in C in one text
    # (a word's number is the count of the line breaks before its own)
    needle = "\n" + base
    at = text.find(needle)
    while at >= 0:
        number = text.count("\n", 0, at)
        if len(words[number]) >= len(base) + COMPOUND_SHORTEST:
            found.add(stems[words[number]])
        at = text.find(needle, at + 1)
    return found


#: per index, its Danish words, and the words as one text, each after a line break
#: (:func:`compounds`)
_DANISH: weakref.WeakKeyDictionary[SearchIndex, tuple[list[str], str]] = weakref.WeakKeyDictionary()


def _danish_words(index: SearchIndex) -> tuple[list[str], str]:
    known = _DANISH.get(index)
    if known is None:
        words = list(index.stems.get("da", {}))
        known = _DANISH[index] = (words, "\n" + "\n".join(words))
    return known


def correct(
    index: SearchIndex,
    misspelt: list[tuple[str, dict[str, float]]],
    groups: list[tuple[str, dict[str, float]]],
) -> None:
    """Correct each misspelt word to the closest corpus word; among words as close, to
    the one found most often with the query's other words ("planer die": "planar",
    not "plane")."""
    typo, synonym_weight = WEIGHTS["typo"].weight, WEIGHTS["synonym"].weight
    if typo <= 0.0:
        return  # turned off (see .weights)
    context: set[int] = set()
    for _, weights in groups:
        for term, weight in weights.items():
            if weight >= 1.0:
                context.update(numbers_of(index.postings.get(term, b"")))
    for token, weights in misspelt:
        closest = typo_words(index, token, other_word=True)
        if not closest:
            continue
        if len(closest) > 1 and context:

            def together(word: str) -> int:
                found: set[int] = set()
                for term in index.surface[word].split(" "):
                    found.update(numbers_of(index.postings.get(term, b"")))
                return len(found & context)

            closest.sort(key=together, reverse=True)
        meant = closest[0]
        for term in index.surface[meant].split(" "):
            weights[term] = max(weights.get(term, 0.0), typo)
        # "comunal" is "communal" in full: its synonyms, and its form for exact matches
        for synonym in (SYNONYMS.get(meant) or folded_synonyms().get(fold(meant), ())) * (
            synonym_weight > 0.0
        ):
            for term in stems_of(index, synonym) or accent_matches(index, synonym):
                weight = synonym_weight * typo
                weights[term] = max(weights.get(term, 0.0), weight)
        for number, (_, group) in enumerate(groups):
            if group is weights:
                groups[number] = (fold(meant), weights)


def relatives(index: SearchIndex, token: str) -> set[str]:
    """Index terms of the English agent noun or verb of ``token`` ("owns" → "owner",
    "controller" → "control"), when the index holds them."""
    if "en" not in index.langs or not token.isalpha():
        return set()
    english = index.stems.get("en", {})
    base = index.stem_word(token, "en")
    candidates = [base + "er"]
    if token.endswith(("er", "ers")) and len(token) >= 5:
        candidates.append(token[: -3 if token.endswith("ers") else -2])
    # only words of the texts: their stems are in the index
    found = {english[word] for word in candidates if word in english}
    return {term for term in found if term != base and term in index.df}


def accent_matches(index: SearchIndex, token: str) -> set[str]:
    found: set[str] = set()
    for lang in index.langs:
        term = fold(index.stem_word(fold(token), lang))
        found.update(index.folded.get(term, "").split())
    return found


def typo_word(index: SearchIndex, token: str) -> str | None:
    """The corpus word closest to a misspelt ``token`` (edit distance ≤ 1–2), or None."""
    closest = typo_words(index, token)
    return closest[0] if closest else None


def typo_words(index: SearchIndex, token: str, other_word: bool = False) -> list[str]:
    """The corpus words closest to a misspelt ``token`` (edit distance ≤ 1–2), the most
    alike and most frequent first; with ``other_word``, words other than ``token`` itself (one
    the phrasings alone hold). A short word is corrected only for two letters swapped
    ("dei" is "die"; "now" is not "know")."""
    short = len(token) < TYPO_SHORTEST
    # one edit in a short word, two in a long one: "copies" is not a misspelling of
    # "comes", "plainswalking" is one of "planeswalking"
    limit = 1 if len(token) <= TYPO_LONG_WORD - 1 else 2
    folded = fold(token)
    letters = frozenset(folded)
    best: list[tuple[int, float, int, str]] = []
    # only the words whose length is within ``limit`` of the token's (the best are sorted
    # by distance, likeness, frequency and the word itself: the order read does not matter)
    # the token's letters taken out of a text of words (a line break between two)
    unlike = dict.fromkeys(map(ord, letters - {"\n"}))
    plain, accentless, joined = nearby_words(index, len(folded) - limit, len(folded) + limit)
    # each edit brings in at most one letter and takes out at most one: a word with more
    # letters of its own is further away (and needs no alignment); each word's own letters
    # are counted in C, for every word at once
    own = map(len, map(set, joined.translate(unlike).split("\n")))
    close = itertools.compress(zip(plain, accentless, strict=True), map(limit.__ge__, own))
    for word, other in close:
        if (other == folded and other_word) or len(letters.difference(other)) > limit:
            continue
        best += _typo_candidate(index, folded, word, other, limit, short)
    if not best:
        return []
    best.sort()
    nearest = best[0][0]
    return [word for distance, _, _, word in best[:TYPO_CHOICES] if distance == nearest]


def _typo_candidate(
    index: SearchIndex, folded: str, word: str, other: str, limit: int, short: bool
) -> list[tuple[int, float, int, str]]:
    """``word`` (accent-free: ``other``) as a correction of the accent-free ``folded``
    (none, or one entry: its distance, likeness and frequency), within ``limit`` edits."""
    if short and sorted(other) != sorted(folded):
        return []
    distance = osa_distance(folded, other, limit)
    if distance > limit:
        return []
    overlap = indel_similarity(folded, other)
    frequency = sum(index.df.get(s, 0) for s in index.surface[word].split(" "))
    return [(distance, -overlap, -frequency, word)]


#: a length of a word, as :class:`_Lengths` keeps it (one byte: longer words are kept
#: as this long, and looked at whenever the lengths asked for reach it)
LONGEST_KEPT = 255


class _Lengths:
    """An index's words and the length of each one's accent-free form (a byte each): the
    words of a range of lengths are picked out in C (a translate of the lengths, then
    ``compress``), never sorted nor grouped in Python."""

    __slots__ = ("other_lengths", "others", "others_folded", "plain", "plain_lengths")

    def __init__(self, surface: Iterable[str]) -> None:
        # an ASCII word folds to its lower case, of its own length
        self.plain = list(filter(str.isascii, surface))
        self.plain_lengths = _length_bytes(self.plain)
        self.others = list(itertools.filterfalse(str.isascii, surface))
        self.others_folded = fold_words(self.others)
        self.other_lengths = _length_bytes(self.others_folded)

    def between(self, shortest: int, longest: int) -> tuple[list[str], list[str], str]:
        wanted = bytearray(LONGEST_KEPT + 1)
        low, high = max(shortest, 0), min(longest, LONGEST_KEPT)
        if low <= high:
            wanted[low : high + 1] = b"\x01" * (high - low + 1)
        if longest >= LONGEST_KEPT:
            wanted[LONGEST_KEPT] = 1
        words = list(itertools.compress(self.plain, self.plain_lengths.translate(wanted)))
        accentless = list(map(str.lower, words))
        picked = self.other_lengths.translate(wanted)
        words += itertools.compress(self.others, picked)
        accentless += itertools.compress(self.others_folded, picked)
        return words, accentless, "\n".join(accentless)


def _length_bytes(words: list[str]) -> bytes:
    lengths = list(map(len, words))
    if lengths and max(lengths) > LONGEST_KEPT:
        lengths = [min(length, LONGEST_KEPT) for length in lengths]
    return bytes(lengths)


#: each index's words with their lengths (:func:`nearby_words`), while the index lives
_BY_LENGTH: weakref.WeakKeyDictionary[SearchIndex, _Lengths] = weakref.WeakKeyDictionary()


def nearby_words(
    index: SearchIndex, shortest: int, longest: int
) -> tuple[list[str], list[str], str]:
    """Each corpus word whose accent-free form is ``shortest`` to ``longest`` letters long
    (perhaps a few longer than 255 letters more), those forms, and those forms as one text,
    a line break between two: a misspelling is compared with the words of about its length
    only (their lengths are kept beside the index, made once per index)."""
    known = _BY_LENGTH.get(index)
    if known is None:
        known = _BY_LENGTH[index] = _Lengths(index.surface)
    return known.between(shortest, longest)


def english_stems(index: SearchIndex, word: str) -> set[str]:
    """The English index term of ``word`` (an English word), when the index holds it."""
    term = index.stem_word(word, "en")
    return {term} if term in index.df else set()


_STEMMED_TRANSLATIONS: dict[str, dict[str, tuple[str, ...]]] = {}


def stemmed_translations(lang: str) -> dict[str, tuple[str, ...]]:
    """:data:`.analysis.TRANSLATIONS` keyed by the folded ``lang`` stem of each word, so
    that any form of a word of the table finds it ("terningerne" as "terning")."""
    table = _STEMMED_TRANSLATIONS.get(lang)
    if table is None:
        table = _STEMMED_TRANSLATIONS[lang] = {}
        for word, english in TRANSLATIONS.items():
            table.setdefault(fold(stem(word, lang)), english)
        for word, english in TRANSLATIONS.items():
            table[fold(word)] = english
    return table


def translations(token: str, langs: Iterable[str]) -> tuple[str, ...]:
    """The English words of a French or Danish word: from the table as typed, else by
    its stem in the question's language."""
    found = TRANSLATIONS.get(fold(token))
    if found:
        return found
    if len(token) < COMPOUND_SHORTEST:
        return ()
    for lang in langs:
        found = stemmed_translations(lang).get(fold(stem(token, lang)))
        if found:
            return found
    return ()


#: a compound's part, at least this long
PART_SHORTEST = 3


def compound_parts(index: SearchIndex, token: str, langs: tuple[str, ...]) -> list[str]:
    """The two parts of a Danish compound, each a word of the texts or of the translation
    table ("planarterningen": "planar", "terningen"; "planedæk": "plane", "dæk"), the
    linking "s" or "e" of the first allowed; none for a word that is no compound."""
    if "da" not in langs or len(token) < 2 * PART_SHORTEST + 1 or not token.isalpha():
        return []
    if translations(token, ("da",)):
        return []  # a word of the table: no compound ("undertype" is "subtype")

    def known(part: str) -> bool:
        if len(part) < PART_SHORTEST:
            return False
        if translations(part, ("da",)):
            return True
        return any(
            index.stem_word(part, lang) in index.df and part in index.vocabulary_set(lang)
            for lang in index.langs
        )

    for cut in range(len(token) - PART_SHORTEST, PART_SHORTEST - 1, -1):
        head, tail = token[:cut], token[cut:]
        if not known(tail):
            continue
        for first in (head, head[:-1] if head.endswith(("s", "e")) else ""):
            if first and known(first):
                return [first, tail]
    return []

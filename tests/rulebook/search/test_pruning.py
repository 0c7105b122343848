"""The search's shortcuts give what the long way gives: the ranking that scores in full only
the texts whose bound may reach the best scores, a text's weights of the query's terms
counted on their own, the typo candidates of one length, the accented words folded at once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import search_quality
from hypothesis import given, settings
from hypothesis import strategies as st

from planarcli import resources
from planarcli.rulebook import catalogue
from planarcli.rulebook import search as rulesearch
from planarcli.rulebook.ruleids import fold_accents
from planarcli.rulebook.search import analysis, expansion, pruning, scoring
from planarcli.rulebook.search.query import understand

HERE = Path(__file__).parents[2]


def _questions() -> list[dict[str, Any]]:
    return [item for part in search_quality.PARTS for item in search_quality.load(part)]


def _index(item: dict[str, Any], built: dict[Any, Any]) -> rulesearch.SearchIndex:
    infos = catalogue.list_editions(resources.rules_dir(), HERE / "no-such-folder")
    scope = rulesearch.search_scope(infos, item.get("edition"), item.get("lang"), item["query"])
    key = tuple((info.id, info.location) for info in scope)
    if key not in built:
        built[key] = rulesearch.SearchIndex([catalogue.load_edition(info) for info in scope])
    index: rulesearch.SearchIndex = built[key]
    return index


def _shown(results: list[Any]) -> list[tuple[Any, ...]]:
    return [(r.id, r.edition, r.lang, r.score, r.also_in, r.kind, r.current) for r in results]


def test_pruned_ranking_is_the_full_ranking(bundled_indexes: dict[Any, Any]) -> None:
    """The question sets' long questions and a sixth of the others, each with its edition
    and language, rank alike scoring every text or only those that may rank (the 10 best,
    and the best alone: the bar is the last of them)."""
    questions = _questions()
    chosen = [
        item
        for number, item in enumerate(questions)
        if len(item["query"].split()) >= 8 or number % 6 == 0
    ]
    assert len(chosen) > 300
    pruned = 0
    for item in chosen:
        index = _index(item, bundled_indexes)
        asked = understand(index, item["query"])
        for limit in (1, 10):
            full = scoring.rank(index, asked, limit, prune=False)
            assert _shown(scoring.rank(index, asked, limit)) == _shown(full), item["query"]
        pruned += pruning.may_prune(index, asked, set(range(len(index.ids))))
    assert pruned > len(chosen) // 2  # the shortcut is taken, not only its fallback


def test_term_weights_are_those_of_the_whole_bag(bundled_indexes: dict[Any, Any]) -> None:
    """A text's weight of each term it holds, counted on its own, is the weight its whole
    bag of terms gives it (glossary terms, card names, a parent's words)."""
    for query in ("planar die", "coût du dé planaire", "spatial merging chaos"):
        index = _index({"query": query}, bundled_indexes)
        for position in range(len(index.ids)):
            terms, _ = index.doc(position)
            assert index.term_weights(position, list(terms)) == terms, index.ids[position]


def _typo_words_reference(index: rulesearch.SearchIndex, token: str, other_word: bool) -> Any:
    """typo_words as it read every corpus word, one by one."""
    short = len(token) < expansion.TYPO_SHORTEST
    limit = 1 if len(token) <= expansion.TYPO_LONG_WORD - 1 else 2
    folded = analysis.fold(token)
    best = []
    for word in index.surface:
        other = fold_accents(word) if not word.isascii() else word.lower()
        if abs(len(other) - len(folded)) > limit or (other == folded and other_word):
            continue
        if len(set(folded) - set(other)) > limit or len(set(other) - set(folded)) > limit:
            continue
        if short and sorted(other) != sorted(folded):
            continue
        distance = analysis.osa_distance(folded, other, limit)
        if distance <= limit:
            overlap = analysis.indel_similarity(folded, other)
            frequency = sum(index.df.get(s, 0) for s in index.surface[word].split(" "))
            best.append((distance, -overlap, -frequency, word))
    best.sort()
    nearest = best[0][0] if best else 0
    return [w for d, _, _, w in best[: expansion.TYPO_CHOICES] if d == nearest]


@pytest.mark.parametrize(
    "token",
    ["planr", "dei", "plainswalking", "deuxième", "terningn", "fænomen", "coüt", "phenominon"],
)
def test_typo_words_are_those_of_every_word(token: str, bundled_indexes: dict[Any, Any]) -> None:
    index = _index({"query": "coût du dé planaire", "lang": None}, bundled_indexes)
    for other_word in (False, True):
        expected = _typo_words_reference(index, token, other_word)
        assert expansion.typo_words(index, token, other_word) == expected


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(st.characters(blacklist_characters="\n"), min_size=1), max_size=8))
def test_fold_words_folds_each_word_as_fold_accents(words: list[str]) -> None:
    """Folded as one text, each word folds as it does alone (marks, case, ligatures)."""
    expected = [fold_accents(w) if not w.isascii() else w.lower() for w in words]
    assert analysis.fold_words(words) == expected


@pytest.mark.parametrize("token", ["fænomen", "planar", "terning", "kort", "spiller", "slå"])
def test_compounds_are_those_of_every_danish_word(
    token: str, bundled_indexes: dict[Any, Any]
) -> None:
    """The Danish compounds a word heads, found in one text, are those every word gives."""
    index = _index({"query": "hvad koster det at slå med terningen"}, bundled_indexes)
    base = index.stem_word(token, "da")
    expected = {
        term
        for word, term in index.stems["da"].items()
        if len(word) >= len(base) + expansion.COMPOUND_SHORTEST and word.startswith(base)
    }
    assert expansion.compounds(index, token) == expected
    assert expected or token == "slå"  # the cases are not all empty

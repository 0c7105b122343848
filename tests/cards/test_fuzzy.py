"""``planarcli.cards.fuzzy`` scores exactly as rapidfuzz does, its bounds never fall under
rapidfuzz's scores, and the name resolution built on them (``resolve``) finds what
rapidfuzz's ``process.extract`` finds: the same names, the same scores, to the last bit,
on misspellings of every kind (``test_leading_guesses._written_names``) against every
name a card goes by."""

from __future__ import annotations

import random

import pytest
from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

from planarcli.cards import fuzzy, guessing, resolve
from planarcli.cards.catalog import Catalog
from planarcli.cards.names import fold_name
from planarcli.cards.store import load_catalog
from planarcli.magicnames import load_magic_names

from .test_leading_guesses import _written_names


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog(use_cache=False)


def _written_keys(catalog: Catalog, seed: int, count: int) -> list[str]:
    keys = [fold_name(name) for name in _written_names(catalog, seed, count)]
    return [key for key in keys if key and not catalog.too_long(key)]


def _counts(text: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    for char in text:
        counts[char] = counts.get(char, 0) + 1
    return counts


@pytest.mark.parametrize("seed", range(2))
def test_the_scores_are_rapidfuzz_own(catalog: Catalog, seed: int) -> None:
    rng = random.Random(seed)
    keys = guessing._keys(catalog)
    differ = []
    for written in _written_keys(catalog, seed, 600):
        for key in rng.sample(keys, 30):
            if fuzzy.ratio(written, key) != fuzz.ratio(written, key):
                differ.append(("ratio", written, key))
            if fuzzy.wratio(written, key) != fuzz.WRatio(written, key):
                differ.append(("WRatio", written, key))
            if fuzzy.osa_distance(written, key) != OSA.distance(written, key):
                differ.append(("OSA", written, key))
    assert differ == []


@pytest.mark.parametrize("seed", range(2))
def test_the_bounds_never_fall_under_the_scores(catalog: Catalog, seed: int) -> None:
    rng = random.Random(seed + 10)
    keys = guessing._keys(catalog)
    under = []
    for written in _written_keys(catalog, seed + 10, 500):
        chosen = rng.sample(keys, 30)
        bounds = fuzzy.common_counts(written, chosen)
        for key, bound in zip(chosen, bounds, strict=True):
            common = fuzzy.common_letters(_counts(written), key)
            lengths = len(written), len(key)
            ratio, wratio = fuzz.ratio(written, key), fuzz.WRatio(written, key)
            checks = {
                "common": bound >= common,
                "ratio": fuzzy.ratio_bound(common, *lengths) >= ratio,
                "osa": fuzzy.osa_lower_bound(common, *lengths) <= OSA.distance(written, key),
            }
            if not set(written.split()) & set(key.split()):
                checks["window"] = fuzzy.wratio_window_bound(written, key) >= wratio
                if fuzzy.plain_words(written) and fuzzy.plain_words(key):
                    checks["wratio"] = fuzzy.wratio_bound(common, *lengths) >= wratio
            under += [(name, written, key) for name, holds in checks.items() if not holds]
    assert under == []


@pytest.mark.parametrize("cutoff", [50.0, 60.0, 70.0, 80.0])
def test_the_names_scoring_a_cutoff_are_process_extract_own(
    catalog: Catalog, cutoff: float
) -> None:
    keys = guessing._keys(catalog)
    differ = []
    for written in _written_keys(catalog, int(cutoff), 150):
        for scorer, rapid in (("ratio", fuzz.ratio), ("wratio", fuzz.WRatio)):
            found = guessing._scores_at_least(catalog, written, scorer, cutoff)
            expected = process.extract(written, keys, scorer=rapid, limit=None, score_cutoff=cutoff)
            if sorted(found) != sorted((float(score), at) for _, score, at in expected):
                differ.append((scorer, written))
    assert differ == []


def test_the_other_cards_close_to_a_name_are_process_extract_own(catalog: Catalog) -> None:
    magic = load_magic_names()
    differ = []
    for written in _written_keys(catalog, 5, 120):
        shortest, longest = resolve._lengths_within_ratio(len(written), 80.0)
        names = magic.keys_of_lengths(shortest, longest)
        if len(names) > guessing.PURE_SCORES_LIMIT["ratio"]:
            continue  # handed to rapidfuzz itself
        found = resolve._ratios_at_least(written, names, 80.0)
        expected = process.extract(written, names, scorer=fuzz.ratio, limit=None, score_cutoff=80)
        if sorted(found) != sorted((name, float(score)) for name, score, _ in expected):
            differ.append(written)
    assert differ == []


def test_the_typos_are_those_osa_finds(catalog: Catalog) -> None:
    names = catalog.folded_names()
    differ = []
    for written in _written_keys(catalog, 8, 600):
        allowed = {
            names[key]
            for key in names
            if len(written) >= resolve.GUESS_MIN_CHARS
            and key != written
            and OSA.distance(written, key) <= max(1, len(key) // resolve.TYPO_CHARS_PER_EDIT)
        }
        if {card.name for card in resolve.typos_of(catalog, written)} != allowed:
            differ.append(written)
    assert differ == []


@pytest.mark.parametrize("name", ["Akuom", "Tazem", "Glimmervod", "Lllanowar Elves", "xqzvbn"])
def test_leading_guesses_by_rapidfuzz_agree(catalog: Catalog, name: str) -> None:
    """The rapidfuzz hand-over (``_leading_guesses_in_c``) gives the plain-Python answer."""
    assert guessing._leading_guesses_in_c(catalog, name) == resolve.leading_guesses(catalog, name)


@pytest.mark.parametrize("seed", range(2))
def test_a_decided_lead_is_the_full_leads_verdict(catalog: Catalog, seed: int) -> None:
    """``explain_unknown`` stops the search once the leader and whether it leads clearly
    are settled (``guessing._leading(decide=True)``): the same leader and the same verdict
    as the two exact leading guesses give."""
    differ = []
    for name in _written_names(catalog, seed + 20, 400):
        full = resolve.leading_guesses(catalog, name)
        decided = guessing._leading(catalog, name, decide=True)
        if not full:
            if decided:
                differ.append(name)
            continue
        verdict = guessing._clear(full[0][0], full[1][0] if len(full) > 1 else 0.0)
        found = guessing._clear(decided[0][0], decided[1][0] if len(decided) > 1 else 0.0)
        if (decided[0], found) != (full[0], verdict):
            differ.append(name)
    assert differ == []

"""``leading_guesses`` skips WRatio for names that cannot reach the runner-up; its two
places must be exactly ``guess_scores(..., cover=False)[:2]``, the scores, the cards and
their order, on misspellings of every kind (slips, parts of names, words swapped, two
names run together, junk, the card's own names)."""

from __future__ import annotations

import random

import pytest

from planarcli.cards import resolve
from planarcli.cards.catalog import Catalog
from planarcli.cards.store import load_catalog

LETTERS = "abcdefghijklmnopqrstuvwxyz '-éö"


def _slip(rng: random.Random, text: str) -> str:
    """``text`` with one to four slips: a letter dropped, added, changed, two swapped, or
    only a part of it kept."""
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        op, at = rng.randrange(5), rng.randrange(len(chars) + 1)
        if op == 0 and chars:
            del chars[min(at, len(chars) - 1)]
        elif op == 1:
            chars.insert(at, rng.choice(LETTERS))
        elif op == 2 and chars:
            chars[min(at, len(chars) - 1)] = rng.choice(LETTERS)
        elif op == 3 and len(chars) > 1:
            at = min(at, len(chars) - 2)
            chars[at], chars[at + 1] = chars[at + 1], chars[at]
        elif op == 4 and chars:
            start = rng.randrange(len(chars))
            chars = chars[start : rng.randrange(start, len(chars)) + 1]
    return "".join(chars)


def _written_names(catalog: Catalog, seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    pool = [card.name for card in catalog.cards] + [key for key, _ in resolve._guess_keys(catalog)]
    written = []
    for _ in range(count):
        name, kind = rng.choice(pool), rng.random()
        if kind < 0.1:
            written.append(name)
        elif kind < 0.2:
            written.append(" ".join(rng.sample(name.split(), len(name.split()))))
        elif kind < 0.3:
            written.append(f"{_slip(rng, name)} {_slip(rng, rng.choice(pool))}")
        elif kind < 0.35:
            written.append("".join(rng.choice(LETTERS) for _ in range(rng.randint(1, 12))))
        else:
            written.append(_slip(rng, name))
    return written


@pytest.mark.parametrize("seed", range(2))
def test_the_two_leading_guesses_are_guess_scores_own(seed: int) -> None:
    catalog = load_catalog()
    for name in _written_names(catalog, seed, 125):
        expected = resolve.guess_scores(catalog, name, cover=False)[:2]
        found = resolve.leading_guesses(catalog, name)
        assert [(s, c.name) for s, c in found] == [(s, c.name) for s, c in expected], name


@pytest.mark.parametrize("name", ["Akuom", "acadmy tolaria", "Llanowar Elfs", "Nayx", "x", ""])
def test_everyday_names_lead_alike(name: str) -> None:
    catalog = load_catalog()
    expected = resolve.guess_scores(catalog, name, cover=False)[:2]
    assert resolve.leading_guesses(catalog, name) == expected

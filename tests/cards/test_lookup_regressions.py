"""Regressions from a QA pass of the card reference: long queries are refused at once, match
scores reflect the whole query, errors echo at most 60 characters of it, and ``cards show``
guesses exactly the typos ``validate --fix`` renames (never a real non-planar card)."""

from __future__ import annotations

import json
import random
import string
from typing import Any

import pytest
from click.testing import CliRunner

from planarcli.cards import resolve
from planarcli.cards.catalog import NAME_LENGTH_FACTOR, Catalog
from planarcli.cards.model import Card, CatalogSource
from planarcli.cards.names import fold_name
from planarcli.cards.store import load_catalog
from planarcli.cli import cli
from planarcli.deck.checks import DECK_RULES
from planarcli.deck.repairs import clear_suggestion
from planarcli.errors import echo_text


def run(*args: str) -> Any:
    return CliRunner().invoke(cli, ["--offline", *args], catch_exceptions=False)


def random_words(count: int, seed: int = 1) -> str:
    rng = random.Random(seed)
    return " ".join(
        "".join(rng.choices(string.ascii_lowercase, k=rng.randint(3, 12))) for _ in range(count)
    )


# -- 1. long queries ---------------------------------------------------------------------------
def test_the_bound_is_computed_from_the_catalogs_longest_name() -> None:
    catalog = load_catalog()
    longest = max(
        len(fold_name(name))
        for card in catalog.cards
        for name in (card.name, *(printed for _, printed in card.printed_names))
    )
    assert catalog.max_name_chars() == NAME_LENGTH_FACTOR * longest
    assert not catalog.too_long("x" * catalog.max_name_chars())
    assert catalog.too_long("x" * (catalog.max_name_chars() + 1))


@pytest.mark.parametrize("command", ["show", "match"])
@pytest.mark.parametrize("output_format", ["text", "json"])
def test_a_name_longer_than_any_card_name_is_refused_at_once(
    command: str, output_format: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """It cost seconds (20 s at 14,000 words) and could answer with a card one of its words
    resembled. Now: exit 2, one short line, and no fuzzy comparison at all."""

    def no_fuzzy(*args: object, **kwargs: object) -> None:
        raise AssertionError("a too-long name was compared with the cards' names")

    monkeypatch.setattr(resolve, "guess_scores", no_fuzzy)
    monkeypatch.setattr(resolve, "leading_guesses", no_fuzzy)
    monkeypatch.setattr(resolve, "match", no_fuzzy)
    query = random_words(14000)
    result = run("cards", command, query, "--format", output_format)
    assert result.exit_code == 2, result.output
    (line,) = result.stderr.splitlines()
    assert line.startswith("planarcli: error: 'oubdt qucavltals")
    assert f"is {len(fold_name(query))} characters long" in line and len(line) < 200
    if output_format == "json":
        assert json.loads(result.stdout)["error"]["exit_code"] == 2
    else:
        assert result.stdout == ""


def test_a_name_at_the_bound_is_still_looked_up() -> None:
    catalog = load_catalog()
    name = ("Stairs to Infinty " * 10)[: catalog.max_name_chars()]
    result = run("cards", "match", name, "--format", "json")
    assert result.exit_code in (0, 1), result.output  # looked up, not refused


# -- 2. scores of the whole query --------------------------------------------------------------
def test_a_repeated_word_is_no_better_match_than_the_word() -> None:
    catalog = load_catalog()
    once = {card.name: score for score, card in resolve.guess_scores(catalog, "chaos")}
    many = {card.name: score for score, card in resolve.guess_scores(catalog, "chaos " * 13)}
    assert max(many.values()) < 50
    assert all(many[name] <= once[name] for name in once)
    result = run("cards", "match", "chaos " * 13)
    assert result.exit_code == 1 and result.stdout == ""


def test_one_word_of_a_foreign_name_is_not_the_whole_name() -> None:
    """"chaos" against "Terrain de Chasse" (Feeding Grounds in French) scored 76."""
    scores = {card.name: score for score, card in resolve.guess_scores(load_catalog(), "chaos")}
    best = max(scores, key=scores.__getitem__)
    assert best == "Chaotic Aether"
    assert scores["Feeding Grounds"] < 70 and scores["Eloren Wilds"] < 70


def test_a_short_name_inside_a_long_query_is_no_match() -> None:
    """Random words with "nyx" and "shiv" among them listed Nyx and Shiv at 60."""
    catalog = load_catalog()
    words = random_words(8, seed=3).split()
    query = " ".join([*words[:4], "nyx", *words[4:], "shiv"])[: catalog.max_name_chars()]
    assert "nyx" in query.split()
    scores = {card.name: score for score, card in resolve.guess_scores(catalog, query)}
    assert scores["Nyx"] < 50 and scores["Shiv"] < 50
    assert run("cards", "match", query).exit_code == 1


def test_good_partial_matches_still_rank_first() -> None:
    catalog = load_catalog()
    ranked = resolve.guess_scores(catalog, "acadmy tolaria")
    assert ranked[0][1].name == "Academy at Tolaria West" and ranked[0][0] >= 90
    assert resolve.guess_scores(catalog, "tolaria")[0][1].name == "Academy at Tolaria West"


# -- 3. echoed input -------------------------------------------------------------------------
def test_echo_text_cuts_at_60_characters() -> None:
    assert echo_text("short") == "short"
    assert echo_text("x" * 60) == "x" * 60
    cut = echo_text("y" * 61)
    assert len(cut) <= 60 and cut.endswith("...")


@pytest.mark.parametrize(
    "args",
    [
        ["cards", "show", "!" + "z" * 8500],  # has letters but is way too long
        ["cards", "match", "q" * 8500],
        ["cards", "search", "zq" * 4250],
        ["cards", "search", "t:" + "zq" * 4250],
        ["cards", "search", "zq", "OR", "o:" + "q" * 8500],
    ],
    ids=["show", "match", "search", "search-key", "search-or"],
)
def test_errors_echo_at_most_60_characters_of_the_query(args: list[str]) -> None:
    result = run(*args)
    assert result.exit_code in (1, 2), result.output
    assert len(result.stderr) < 400, result.stderr[:400]
    assert "..." in result.stderr


def test_show_of_an_unknown_name_echoes_it_cut_in_message_and_hint() -> None:
    name = "zq " * 25  # 75 characters: under the bound, so looked up
    result = run("cards", "show", name)
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert lines[0].startswith("planarcli: error: no plane or phenomenon named 'zq zq")
    assert all(len(line) < 160 for line in lines), lines


# -- 4. show's guesses and the fixer's renames agree --------------------------------------------
@pytest.mark.parametrize(
    ("written", "card"),
    [("Akuom", "Akoum"), ("Tazem", "Tazeem"), ("Stairs to Infinty", "Stairs to Infinity")],
)
def test_show_guesses_what_the_fixer_renames(written: str, card: str) -> None:
    assert clear_suggestion(written, load_catalog(), set(), DECK_RULES[-1]) == card
    result = run("cards", "show", written, "--format", "json")
    assert result.exit_code == 0, result.output
    shown = json.loads(result.stdout)
    assert (shown["name"], shown["matched"]) == (card, "fuzzy")


def _one_plane_catalog(name: str) -> Catalog:
    plane = Card(name, "plane", "Test", "Plane — Test", ("tst",), "0000-test")
    return Catalog((plane,), CatalogSource("snapshot", "test", None))


def test_a_real_card_one_typo_from_a_plane_is_neither_guessed_nor_renamed() -> None:
    """With a plane named "Sol Rings", "Sol Ring" (a real artifact) is one edit away from
    it: the fixer took it for a certain typo while show refused it. Now neither answers
    a real non-planar card with a plane."""
    catalog = _one_plane_catalog("Sol Rings")
    assert resolve.typo_of(catalog, "Sool Rings") is not None  # a typo of the plane is still one
    unknown = resolve.explain_unknown(catalog, "Sol Ring")
    assert unknown.is_other_card and unknown.guess is None
    assert clear_suggestion("Sol Ring", catalog, set(), DECK_RULES[-1]) is None
    assert clear_suggestion("Sool Rings", catalog, set(), DECK_RULES[-1]) == "Sol Rings"

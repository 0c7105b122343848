"""``planarcli deck random``: legal, repeatable random planar decks that ``validate`` accepts."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from planarcli.cards import store
from planarcli.cards.deckgen import DeckRequest, build_random_deck
from planarcli.cards.names import fold_name
from planarcli.cli import cli
from planarcli.errors import UsageError

pytestmark = pytest.mark.usefixtures("cache_dir")


def run(*args: str, input: str | None = None) -> Any:
    return CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)


def explain(result: Any) -> str:
    return f"exit {result.exit_code}\nstdout: {result.stdout}\nstderr: {result.stderr}"


def deck_names(text: str) -> list[str]:
    return [line[2:] for line in text.splitlines() if line.startswith("1 ")]


def assert_legal(cards: list[Any], *, size: int, max_phenomena: int) -> None:
    assert len(cards) == size
    assert len({fold_name(card.name) for card in cards}) == size
    assert sum(1 for card in cards if card.kind == "phenomenon") <= max_phenomena


# -- the core -----------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(40))
def test_individual_decks_are_legal(seed: int) -> None:
    deck = build_random_deck(store.load_catalog(), DeckRequest(seed=seed))
    assert_legal(list(deck.cards), size=10, max_phenomena=2)
    assert deck.rule == "901.3"


@pytest.mark.parametrize("players", [2, 3, 4, 5, 8])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_communal_decks_are_legal(players: int, seed: int) -> None:
    request = DeckRequest(communal=True, players=players, seed=seed)
    deck = build_random_deck(store.load_catalog(), request)
    assert_legal(list(deck.cards), size=min(40, 10 * players), max_phenomena=2 * players)
    assert deck.rule == "901.15a"


def test_phenomena_do_turn_up() -> None:
    decks = [
        build_random_deck(store.load_catalog(), DeckRequest(seed=s, size=60)) for s in range(5)
    ]
    assert any(deck.phenomena == 2 for deck in decks)


def test_same_seed_same_deck_other_seed_other_deck() -> None:
    loaded = store.load_catalog()
    first = build_random_deck(loaded, DeckRequest(seed=7))
    again = build_random_deck(loaded, DeckRequest(seed=7))
    other = build_random_deck(loaded, DeckRequest(seed=8))
    assert first.cards == again.cards
    assert first.cards != other.cards


def test_exclusions_kinds_and_caps() -> None:
    loaded = store.load_catalog()
    deck = build_random_deck(loaded, DeckRequest(seed=1, size=100, exclude_sets=("punk", "pssc")))
    assert all(set(card.sets) - {"punk", "pssc"} for card in deck.cards)
    no_phenomena = build_random_deck(loaded, DeckRequest(seed=1, size=30, max_phenomena=0))
    assert no_phenomena.phenomena == 0
    planes_only = build_random_deck(loaded, DeckRequest(seed=1, kinds=("plane",)))
    assert all(card.kind == "plane" for card in planes_only.cards)


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        (DeckRequest(size=9), "at least 10 cards"),
        (DeckRequest(communal=True, players=3, size=29), "at least 30 cards"),
        (DeckRequest(communal=True), "needs --players"),
        (DeckRequest(communal=True, players=1), "at least 2 players"),
        (DeckRequest(players=3), "goes with --communal"),
        (DeckRequest(max_phenomena=3), "at most 2 phenomena"),
        (DeckRequest(max_phenomena=-1), "0 or more"),
        (DeckRequest(kinds=("phenomenon",)), "cannot build"),
        (DeckRequest(size=500), "cannot build a 500-card"),
    ],
)
def test_impossible_requests_are_usage_errors(request_: DeckRequest, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        build_random_deck(store.load_catalog(), request_)


def test_excluding_nearly_everything_is_a_usage_error() -> None:
    loaded = store.load_catalog()
    every_set = sorted({code for card in loaded.cards for code in card.sets})
    keep = "phop"  # a set with fewer than ten planes of its own
    request = DeckRequest(exclude_sets=tuple(code for code in every_set if code != keep))
    assert len(loaded.filter(exclude_sets=request.exclude_sets)) < 10
    with pytest.raises(UsageError, match="after excluding"):
        build_random_deck(loaded, request)


# -- the command ----------------------------------------------------------------------------------
def test_text_output_shape() -> None:
    result = run("deck", "random", "--seed", "7")
    assert result.exit_code == 0, explain(result)
    lines = result.stdout.splitlines()
    assert lines[0] == "// planarcli deck random --seed 7"
    assert "Planar Deck" in lines
    assert len(deck_names(result.stdout)) == 10
    assert result.stdout == run("deck", "random", "--seed", "7").stdout


def test_without_a_seed_the_header_names_one_that_repeats_the_deck() -> None:
    first = run("deck", "random", "--size", "12")
    header = first.stdout.splitlines()[0]
    assert header.startswith("// planarcli deck random --seed ")
    seed = header.split("--seed ")[1].split()[0]
    again = run("deck", "random", "--seed", seed, "--size", "12")
    assert deck_names(again.stdout) == deck_names(first.stdout)


def test_json_output_is_a_planarcli_decklist() -> None:
    result = run(
        "deck", "random", "--seed", "3", "--communal", "--players", "3", "--format", "json"
    )
    assert result.exit_code == 0, explain(result)
    data = json.loads(result.stdout)
    assert data["format"] == "planarcli-deck" and data["version"] == 1
    assert data["communal"] is True and data["players"] == 3
    assert data["x-seed"] == 3 and data["x-size"] == 30 and data["x-rule"] == "901.15a"
    assert data["x-command"] == "planarcli deck random --seed 3 --communal --players 3"
    assert len(data["planar_deck"]) == 30
    assert all(entry["quantity"] == 1 for entry in data["planar_deck"])
    assert data["x-phenomena"] <= 6
    assert data["x-phenomena"] == sum(e["x-kind"] == "phenomenon" for e in data["planar_deck"])
    # Every key the schema does not name is an x- key: the schema is the judge.
    from planarcli.deck.readers.jsondeck import schema_problems

    assert schema_problems(data) == []


def test_json_output_of_an_individual_deck_has_no_players() -> None:
    data = json.loads(run("deck", "random", "--seed", "3", "--format", "json").stdout)
    assert data["communal"] is False and "players" not in data
    assert len(data["planar_deck"]) == 10


@pytest.mark.parametrize(
    ("phenomena", "header"),
    [
        (0, "// 10 cards: 10 planes, 0 phenomena"),
        (1, "// 10 cards: 9 planes, 1 phenomenon"),
        (2, "// 10 cards: 8 planes, 2 phenomena"),
    ],
)
def test_text_header_counts_agree_in_number(phenomena: int, header: str) -> None:
    for seed in range(200):
        deck = build_random_deck(store.load_catalog(), DeckRequest(seed=seed))
        if deck.phenomena == phenomena:
            break
    else:
        pytest.fail(f"no seed under 200 draws {phenomena} phenomena")
    lines = run("deck", "random", "--seed", str(seed)).stdout.splitlines()
    assert lines[1].startswith(header + " (rule 901.3;"), lines[1]


def test_exclude_set_takes_comma_separated_codes() -> None:
    joined = run("deck", "random", "--seed", "5", "--size", "100", "--exclude-set", "punk,PSSC")
    assert joined.exit_code == 0, explain(joined)
    apart = run(
        "deck", "random", "--seed", "5", "--size", "100", "--exclude-set", "punk",
        "--exclude-set", "pssc",
    )  # fmt: skip
    assert deck_names(joined.stdout) == deck_names(apart.stdout)
    loaded = store.load_catalog()
    for name in deck_names(joined.stdout):
        card = loaded.lookup(name)
        assert card is not None and set(card.sets) - {"punk", "pssc"}, name
    assert "--exclude-set punk --exclude-set pssc" in joined.stdout.splitlines()[0]
    assert joined.stderr == ""


def test_exclude_set_warns_about_an_unknown_set_code() -> None:
    result = run("deck", "random", "--seed", "5", "--exclude-set", "punk,nosuch")
    assert result.exit_code == 0, explain(result)
    assert "planarcli: warning: no card is printed in set 'nosuch'" in result.stderr
    assert "'punk'" not in result.stderr


def test_exclude_set_help_says_only() -> None:
    result = run("deck", "random", "--help")
    assert "ONLY in these" in " ".join(result.stdout.split())
    assert "CODE[,CODE...]" in result.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["--size", "5"],
        ["--players", "4"],
        ["--communal"],
        ["--max-phenomena", "9"],
        ["--kind", "vanguard"],
        ["--size", "many"],
        ["--communal", "--players", "101"],
        ["--exclude-set", ","],
    ],
)
def test_bad_options_exit_2_without_traceback(args: list[str]) -> None:
    result = run("deck", "random", *args)
    assert result.exit_code == 2, explain(result)
    assert result.stdout == ""
    assert "Traceback" not in result.stderr


# -- round trip through validate ------------------------------------------------------------------
def _validate_available() -> bool:
    try:
        import planarcli.commands.validate  # noqa: F401
    except ImportError:
        return False
    return True


needs_validate = pytest.mark.skipif(
    not _validate_available(), reason="planarcli validate is not there yet"
)


@needs_validate
@pytest.mark.parametrize("seed", [1, 7, 42])
@pytest.mark.parametrize(
    "extra", [[], ["--size", "15"], ["--exclude-set", "punk"], ["--max-phenomena", "0"]]
)
def test_validate_accepts_an_individual_deck(seed: int, extra: list[str]) -> None:
    deck = run("deck", "random", "--seed", str(seed), *extra)
    assert deck.exit_code == 0, explain(deck)
    checked = run("validate", "-", input=deck.stdout)
    assert checked.exit_code == 0, explain(checked) + deck.stdout


@needs_validate
@pytest.mark.parametrize("players", [2, 3, 5])
def test_validate_accepts_a_communal_deck(players: int) -> None:
    deck = run("deck", "random", "--seed", "11", "--communal", "--players", str(players))
    assert deck.exit_code == 0, explain(deck)
    checked = run("validate", "--communal", "--players", str(players), "-", input=deck.stdout)
    assert checked.exit_code == 0, explain(checked) + deck.stdout


@needs_validate
@pytest.mark.parametrize("seed", [1, 7])
def test_validate_accepts_the_json_deck(seed: int) -> None:
    deck = run("deck", "random", "--seed", str(seed), "--format", "json")
    assert deck.exit_code == 0, explain(deck)
    checked = run("validate", "-", "--format", "json", input=deck.stdout)
    assert checked.exit_code == 0, explain(checked) + deck.stdout
    (result,) = json.loads(checked.stdout)["files"]
    assert result["valid"] is True and result["cards"] == 10


@needs_validate
@pytest.mark.parametrize("players", [2, 5])
def test_validate_reads_communal_and_players_from_the_json_deck(players: int) -> None:
    deck = run(
        "deck", "random", "--seed", "11", "--communal", "--players", str(players),
        "--format", "json",
    )  # fmt: skip
    assert deck.exit_code == 0, explain(deck)
    # No --communal/--players for validate: the deck says what it is.
    checked = run("validate", "-", "--format", "json", input=deck.stdout)
    assert checked.exit_code == 0, explain(checked) + deck.stdout
    (result,) = json.loads(checked.stdout)["files"]
    assert result["valid"] is True and result["cards"] == min(40, 10 * players)
    # 20 cards make a legal individual deck but not a communal one for 5 players (40):
    # validate judged the deck as the communal deck it says it is.
    if players == 5:
        short = json.loads(deck.stdout)
        short["planar_deck"] = short["planar_deck"][:20]
        again = run("validate", "-", input=json.dumps(short))
        assert again.exit_code == 1, explain(again)


def test_deck_random_of_one_kind_says_the_kind_is_why_no_deck_can_be_built(run_cli) -> None:
    """`deck random --kind phenomenon` said "cannot build a 10-card planar deck after
    excluding punk, pssc", as if the left-out sets, not the lack of planes, were why."""
    result = run_cli("deck", "random", "--kind", "phenomenon")
    assert result.exit_code == 2, result
    assert result.stderr.startswith(
        "planarcli: error: cannot build a 10-card planar deck of phenomena only after "
        "excluding punk, pssc: the catalog offers 0 planes and "
    )
    both = run_cli("deck", "random", "--kind", "plane", "--kind", "phenomenon", "--size", "500")
    assert "cannot build a 500-card planar deck after excluding" in both.stderr

"""``planarcli cards show|match|list|search|info`` and card-name completion."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from httpserver import LocalServer, Reply

from cards.test_sync import FAST, HAND_MADE, make_card, serve_cards
from planarcli.cards import store
from planarcli.cli import cli
from planarcli.commands.cards import complete_card_name

SHOW_KEYS = {"name", "kind", "type_line", "subtype", "sets", "oracle_text", "source"}
LIST_KEYS = {"name", "kind", "subtype", "sets"}

pytestmark = pytest.mark.usefixtures("cache_dir")


def run(*args: str, env: dict[str, str] | None = None) -> Any:
    return CliRunner().invoke(
        cli, list(args), obj={"scryfall_options": FAST}, env=env, catch_exceptions=False
    )


def explain(result: Any) -> str:
    return f"exit {result.exit_code}\nstdout: {result.stdout}\nstderr: {result.stderr}"


@pytest.fixture
def synced(server: LocalServer, cache_dir: Path) -> Path:
    serve_cards(server, HAND_MADE)
    result = run("cards", "sync", "--api-url", server.url)
    assert result.exit_code == 0, explain(result)
    store.reset_loaded_catalog()
    return cache_dir / "cards.json"


# -- show ----------------------------------------------------------------------------------------
def test_show_exact_json_shape() -> None:
    result = run("cards", "show", "Academy at Tolaria West", "--format", "json")
    assert result.exit_code == 0, explain(result)
    shown = json.loads(result.stdout)
    assert set(shown) >= SHOW_KEYS
    assert shown["name"] == "Academy at Tolaria West"
    assert shown["kind"] == "plane" and shown["subtype"] == "Dominaria"
    assert shown["type_line"] == "Plane — Dominaria"
    assert shown["sets"] == ["ohop", "opca"]
    assert shown["source"] == "snapshot" and shown["matched"] == "exact"
    assert shown["oracle_text"] == (
        "At the beginning of your end step, if you have no cards in hand, draw seven cards.\n"
        "Whenever chaos ensues, discard your hand."
    )
    assert result.stderr == ""


@pytest.mark.parametrize(
    ("written", "name", "matched"),
    [
        ("the æther flues", "The Aether Flues", "folded"),
        ("SANS MERCY", "sAnS mERcY", "folded"),
        ("imaginary friends", "Imaginary Friends (Plane)", "folded"),
        ("ravens run", "Raven's Run", "folded"),
        # slips are still guessed, though words that are no card name never are
        # (tests/cards/test_not_a_card_name.py)
        ("Akuom", "Akoum", "fuzzy"),
        ("Tazem", "Tazeem", "fuzzy"),
        ("Bnat", "Bant", "fuzzy"),
        ("The Gerat Forest", "The Great Forest", "fuzzy"),
        ("Lux Foundation Library", "The Lux Foundation Library", "fuzzy"),
        ("Academy Tolaria West", "Academy at Tolaria West", "fuzzy"),
        ("acadmy tolaria", "Academy at Tolaria West", "fuzzy"),
    ],
)
def test_show_a_name_written_otherwise(written: str, name: str, matched: str) -> None:
    result = run("cards", "show", written, "--format", "json")
    assert result.exit_code == 0, explain(result)
    shown = json.loads(result.stdout)
    assert (shown["name"], shown["matched"]) == (name, matched)
    # a guess says so on stderr; a name only written otherwise needs no note
    guessed = f"planarcli: guessed {name!r} for {written!r}\n"
    assert result.stderr == (guessed if matched == "fuzzy" else "")


def test_show_fuzzy_guess_has_a_note() -> None:
    result = run("cards", "show", "acadmy tolaria")
    assert result.exit_code == 0, explain(result)
    assert result.stdout.splitlines()[:2] == ["Academy at Tolaria West", "Plane — Dominaria"]
    assert "guessed 'Academy at Tolaria West' for 'acadmy tolaria'" in result.stderr


@pytest.mark.parametrize("written", ["zzzz qqqq", "the", "city"])
def test_show_not_found_or_ambiguous_exits_1(written: str) -> None:
    result = run("cards", "show", written)
    assert result.exit_code == 1, explain(result)
    assert result.stdout == ""
    errors = [line for line in result.stderr.splitlines() if line.startswith("planarcli: error")]
    assert errors == [f"planarcli: error: no plane or phenomenon named {written!r}"]
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("written", ["a", "ab", "plane", "tolaria", "maze"])
def test_show_needs_a_real_basis_for_a_guess(written: str) -> None:
    """A letter or a common word scores high against some long name, but is no basis for a
    guess: exit 1 with a hint, never "guessed"."""
    result = run("cards", "show", written)
    assert result.exit_code == 1, explain(result)
    assert result.stdout == ""
    assert "guessed" not in result.stderr
    if written == "tolaria":  # a legendary land: a real card, just not a planar one
        assert f"planarcli: error: {written!r} is a Magic card but not" in result.stderr
    else:
        assert f"planarcli: error: no plane or phenomenon named {written!r}" in result.stderr
    assert "planarcli: hint:" in result.stderr


@pytest.mark.parametrize(
    ("written", "name"),
    [
        ("acadmy tolaria", "Academy at Tolaria West"),
        ("stairs infinty", "Stairs to Infinity"),
        ("tazem", "Tazeem"),
        ("glimervoid basn", "Glimmervoid Basin"),
        ("chaotic ather", "Chaotic Aether"),
    ],
)
def test_show_still_guesses_a_misspelled_name(written: str, name: str) -> None:
    result = run("cards", "show", written, "--format", "json")
    assert result.exit_code == 0, explain(result)
    shown = json.loads(result.stdout)
    assert shown["name"] == name and shown["matched"] == "fuzzy"


def test_show_ambiguous_suggests_the_candidates() -> None:
    result = run("cards", "show", "furnace")
    assert result.exit_code == 1, explain(result)
    hint = [line for line in result.stderr.splitlines() if line.startswith("planarcli: hint:")]
    assert len(hint) == 1
    assert "'Furnace Layer'" in hint[0] and "'Stronghold Furnace'" in hint[0]


def test_show_text_with_oracle_text_from_the_cache(synced: Path) -> None:
    result = run("cards", "show", "odd phenomenon")
    assert result.exit_code == 0, explain(result)
    assert result.stdout.splitlines()[0] == "Odd Phenomenon"
    assert "When you encounter this, chaos." in result.stdout
    assert result.stderr == ""


# -- show --online --------------------------------------------------------------------------------
def test_show_online_planar(server: LocalServer) -> None:
    server.route("/cards/named", Reply.json(make_card("Online Plane", "Plane — Web")))
    result = run(
        "cards", "show", "onlin plane", "--online", "--api-url", server.url, "--format", "json"
    )
    assert result.exit_code == 0, explain(result)
    shown = json.loads(result.stdout)
    assert shown["source"] == "scryfall" and shown["name"] == "Online Plane"
    assert shown["subtype"] == "Web"
    (request,) = server.requests
    assert request.query == {"fuzzy": "onlin plane"}


def test_show_online_not_planar(server: LocalServer) -> None:
    server.route(
        "/cards/named",
        Reply.json(make_card("Jace Beleren", "Legendary Planeswalker — Jace", layout="normal")),
    )
    result = run("cards", "show", "jace", "--online", "--api-url", server.url)
    assert result.exit_code == 1, explain(result)
    assert "'Jace Beleren', which is not a plane or phenomenon" in result.stderr


def test_show_online_404(server: LocalServer) -> None:
    server.route(
        "/cards/named",
        Reply.json(
            {
                "object": "error",
                "status": 404,
                "code": "not_found",
                "type": "ambiguous",
                "details": "Too many cards match ambiguous name \u201cpla\u201d.",
            },
            status=404,
        ),
    )
    result = run("cards", "show", "pla", "--online", "--api-url", server.url)
    assert result.exit_code == 1, explain(result)
    assert "Too many cards match" in result.stderr
    as_json = run("cards", "show", "pla", "--online", "--api-url", server.url, "--format", "json")
    assert as_json.exit_code == 1, explain(as_json)
    assert json.loads(as_json.stdout) == {"query": "pla", "found": False, "suggestions": []}


@pytest.mark.parametrize(
    ("args", "env"),
    [(["--offline"], None), ([], {"PLANARCLI_OFFLINE": "1"})],
    ids=["flag", "environment"],
)
def test_show_online_offline_is_usage_error(
    server: LocalServer, args: list[str], env: dict[str, str] | None
) -> None:
    result = run(*args, "cards", "show", "Akoum", "--online", "--api-url", server.url, env=env)
    assert result.exit_code == 2, explain(result)
    assert server.requests == []


# -- match ----------------------------------------------------------------------------------------
def test_match_json_ranked() -> None:
    result = run("cards", "match", "tolaria", "--limit", "3", "--format", "json")
    # Tolaria is a real non-planar card: exit 1, its planar look-alikes ranked all the same
    assert result.exit_code == 1, explain(result)
    assert json.loads(result.stdout)["other_card"] == "Tolaria"
    data = json.loads(result.stdout)
    assert data["query"] == "tolaria"
    assert len(data["matches"]) == 3
    assert data["matches"][0]["name"] == "Academy at Tolaria West"
    scores = [m["score"] for m in data["matches"]]
    assert scores == sorted(scores, reverse=True)
    assert all(set(m) >= {"name", "score", "kind"} for m in data["matches"])


def test_match_scores_the_way_show_guesses() -> None:
    result = run("cards", "match", "acadmy tolaria", "--format", "json")
    best, second = json.loads(result.stdout)["matches"][:2]
    assert best["name"] == "Academy at Tolaria West"
    assert best["score"] >= 90 > second["score"]


def test_match_text_table() -> None:
    result = run("cards", "match", "naya", "--limit", "2")
    assert result.exit_code == 0, explain(result)
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["score", "kind", "name"]
    assert lines[1].split() == ["100.0", "plane", "Naya"]


@pytest.mark.parametrize("written", ["zzzzqqq", "xqxqxq jjj"])
def test_match_of_junk_finds_no_candidates(written: str) -> None:
    """Nothing worth showing is a lookup that found nothing: exit 1, JSON still printed,
    the error said once on stderr."""
    result = run("cards", "match", written, "--format", "json")
    assert result.exit_code == 1, explain(result)
    assert json.loads(result.stdout) == {"query": written, "matches": []}
    assert result.stderr == f"planarcli: error: no candidates for {written!r}\n"
    text = run("cards", "match", written)
    assert text.exit_code == 1 and text.stdout == ""
    assert text.stderr == f"planarcli: error: no candidates for {written!r}\n"


def test_match_leaves_out_weak_candidates() -> None:
    result = run("cards", "match", "acadmy tolaria", "--limit", "100", "--format", "json")
    scores = [m["score"] for m in json.loads(result.stdout)["matches"]]
    assert scores and min(scores) >= 50


def assert_usage_error_output(result: Any, output_format: str) -> None:
    """Text: nothing on stdout (the one line is on stderr). JSON: still one JSON document on
    stdout, the error in it (the contract: JSON whatever happens)."""
    if output_format == "text":
        assert result.stdout == ""
    else:
        document = json.loads(result.stdout)
        assert document["error"]["exit_code"] == 2
        assert document["error"]["message"] in result.stderr


@pytest.mark.parametrize("written", ["", "   ", "!!!"])
@pytest.mark.parametrize("output_format", ["text", "json"])
def test_match_nothing_to_match_is_a_usage_error_as_for_search(
    written: str, output_format: str
) -> None:
    result = run("cards", "match", written, "--format", output_format)
    assert result.exit_code == 2, explain(result)
    assert_usage_error_output(result, output_format)
    assert "nothing to match" in result.stderr
    assert run("cards", "search", written).exit_code == 2


@pytest.mark.parametrize("written", ["", "   ", "!!!"])
@pytest.mark.parametrize("output_format", ["text", "json"])
def test_show_of_no_name_at_all_is_a_usage_error_as_for_match(
    written: str, output_format: str
) -> None:
    """It was "no plane or phenomenon named ''" (exit 1), with the hint to try `cards match
    ''`, itself a usage error."""
    result = run("cards", "show", written, "--format", output_format)
    assert result.exit_code == 2, explain(result)
    assert_usage_error_output(result, output_format)
    expected = f"planarcli: error: nothing to look up in {written!r}: give a card name\n"
    assert result.stderr == expected


def test_match_help_says_how_junk_and_empty_names_end() -> None:
    text = " ".join(run("cards", "match", "--help").stdout.split())
    assert "under 50" in text and "no candidates" in text and "usage error" in text


def test_match_bad_limit_is_usage_error() -> None:
    result = run("cards", "match", "naya", "--limit", "0")
    assert result.exit_code == 2


# -- list -----------------------------------------------------------------------------------------
def test_list_all_json() -> None:
    result = run("cards", "list", "--format", "json")
    assert result.exit_code == 0, explain(result)
    cards = json.loads(result.stdout)["cards"]
    assert len(cards) == 207
    assert all(set(card) == LIST_KEYS | {"type_line", "oracle_text"} for card in cards)
    assert all(card["oracle_text"] and card["type_line"] for card in cards)


def test_list_filters() -> None:
    phenomena = json.loads(run("cards", "list", "--kind", "phenomenon", "--format", "json").stdout)[
        "cards"
    ]
    assert len(phenomena) == 22 and {c["kind"] for c in phenomena} == {"phenomenon"}
    dominaria = json.loads(
        run("cards", "list", "--subtype", "dominaria", "--format", "json").stdout
    )["cards"]
    assert dominaria and all(c["subtype"] == "Dominaria" for c in dominaria)
    opca = json.loads(run("cards", "list", "--set", "OPCA", "--format", "json").stdout)["cards"]
    assert opca and all("opca" in c["sets"] for c in opca)
    no_punk = json.loads(
        run(
            "cards", "list", "--exclude-set", "punk", "--exclude-set", "pssc", "--format", "json"
        ).stdout
    )["cards"]
    assert len(no_punk) == 207 - 46 - 10
    assert all(set(c["sets"]) - {"punk", "pssc"} for c in no_punk)


@pytest.mark.parametrize(
    "args",
    [
        ["--exclude-set", "punk,pssc"],
        ["--exclude-set", "PUNK, pssc"],
        ["--exclude-set", "punk,", "--exclude-set", "pssc"],
    ],
)
def test_list_exclude_set_takes_comma_separated_codes(args: list[str]) -> None:
    result = run("cards", "list", *args, "--format", "json")
    assert result.exit_code == 0, explain(result)
    cards = json.loads(result.stdout)["cards"]
    assert len(cards) == 207 - 46 - 10
    assert result.stderr == ""


def test_list_and_search_set_takes_comma_separated_codes() -> None:
    both = json.loads(run("cards", "list", "--set", "who,moc", "--format", "json").stdout)
    who = json.loads(run("cards", "list", "--set", "who", "--format", "json").stdout)
    moc = json.loads(run("cards", "list", "--set", "moc", "--format", "json").stdout)
    names = {c["name"] for c in both["cards"]}
    assert names == {c["name"] for c in who["cards"]} | {c["name"] for c in moc["cards"]}
    assert len(who["cards"]) == 40 and len(moc["cards"]) == 50 and len(names) == 90
    found = run("cards", "search", "the", "--exclude-set", "punk,pssc", "--format", "json")
    assert all(set(c["sets"]) - {"punk", "pssc"} for c in json.loads(found.stdout)["cards"])


@pytest.mark.parametrize("option", ["--set", "--exclude-set"])
def test_unknown_set_code_is_a_warning(option: str) -> None:
    result = run("cards", "list", option, "nosuch,opca", "--format", "json")
    assert result.exit_code == 0, explain(result)
    assert result.stderr.splitlines() == ["planarcli: warning: no card is printed in set 'nosuch'"]


def test_set_option_without_a_code_is_a_usage_error() -> None:
    result = run("cards", "list", "--exclude-set", ",")
    assert result.exit_code == 2, explain(result)


@pytest.mark.parametrize("command", [["list"], ["search", "chaos"]])
@pytest.mark.parametrize("written", ["", "  "])
def test_subtype_option_without_a_type_is_a_usage_error(command: list[str], written: str) -> None:
    # --subtype '' listed all 207 cards, as if no filter were given.
    result = run("cards", *command, "--subtype", written)
    assert result.exit_code == 2, explain(result)
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        "planarcli: error: --subtype needs a planar type (e.g. --subtype Dominaria)"
    ]


def test_subtype_option_ignores_stray_spaces() -> None:
    # " zendikar " (a pasted type) found no card.
    padded = run("cards", "list", "--subtype", " zendikar ", "--format", "json")
    plain = run("cards", "list", "--subtype", "Zendikar", "--format", "json")
    assert padded.exit_code == 0, explain(padded)
    assert json.loads(padded.stdout) == json.loads(plain.stdout)
    spaced = run("cards", "list", "--subtype", "secret  lair", "--format", "json")
    assert len(json.loads(spaced.stdout)["cards"]) == 10


def test_exclude_set_help_says_only() -> None:
    for command in ("list", "search"):
        text = " ".join(run("cards", command, "--help").stdout.split())
        assert "ONLY in these sets" in text and "CODE[,CODE...]" in text


def test_list_text_columns_and_count() -> None:
    result = run("cards", "list", "--kind", "phenomenon")
    assert result.exit_code == 0, explain(result)
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["name", "kind", "subtype", "sets"]
    assert lines[-1] == "22 cards (0 planes, 22 phenomena)"
    assert len(lines) == 24
    assert len({line.index("phenomenon") for line in lines[1:-1]}) == 1  # aligned
    assert lines[0].index("kind") == lines[1].index("phenomenon")


def test_list_bad_kind_is_usage_error() -> None:
    result = run("cards", "list", "--kind", "vanguard")
    assert result.exit_code == 2


# -- search ---------------------------------------------------------------------------------------
def test_search_names_in_the_snapshot() -> None:
    result = run("cards", "search", "tolaria", "--format", "json")
    assert result.exit_code == 0, explain(result)
    names = [card["name"] for card in json.loads(result.stdout)["cards"]]
    assert names == ["Academy at Tolaria West"]
    assert result.stderr == ""


def test_search_words_in_any_order() -> None:
    result = run("cards", "search", "west", "tolaria", "--format", "json")
    names = [card["name"] for card in json.loads(result.stdout)["cards"]]
    assert names == ["Academy at Tolaria West"]


def test_search_oracle_text_of_a_synced_cache(synced: Path) -> None:
    result = run("cards", "search", '"ENCOUNTER THIS, CHAOS"', "--format", "json")
    assert result.exit_code == 0, explain(result)
    assert [c["name"] for c in json.loads(result.stdout)["cards"]] == ["Odd Phenomenon"]
    text = run("cards", "search", "nothing happens here")
    assert text.stdout.splitlines()[-1] == "1 card (1 plane, 0 phenomena)"
    assert text.stderr == ""


def test_search_no_hits_exits_1_with_one_line() -> None:
    result = run("cards", "search", "xyzzyplugh")
    assert result.exit_code == 1, explain(result)
    assert result.stdout == ""
    assert result.stderr == "planarcli: error: no card matches 'xyzzyplugh'\n"


def test_search_nothing_to_search_is_usage_error() -> None:
    result = run("cards", "search", "!!!")
    assert result.exit_code == 2


# -- info -----------------------------------------------------------------------------------------
def test_info_snapshot() -> None:
    result = run("cards", "info", "--format", "json")
    info = json.loads(result.stdout)
    assert info["source"] == "snapshot" and info["cards"] == 207
    assert info["planes"] == 185 and info["phenomena"] == 22
    assert info["cache_exists"] is False and info["warning"] is None
    assert info["age_days"] is not None


def test_info_cache(synced: Path, server: LocalServer) -> None:
    result = run("cards", "info")
    assert result.exit_code == 0, explain(result)
    assert "source:  synced cache" in result.stdout
    assert f"path:    {synced}" in result.stdout
    assert f"from:    {server.url}" in result.stdout
    assert "0 days old" in result.stdout
    assert "hint:" not in result.stdout


def _set_created(path: Path, created: str) -> None:
    """Rewrite the cache's ``created`` timestamp (the file is checked again: no stamp)."""
    document = json.loads(path.read_text(encoding="utf-8"))
    document["source"]["created"] = created
    path.write_text(json.dumps(document), encoding="utf-8")
    store.reset_loaded_catalog()


def _days_ago(days: float) -> str:
    from datetime import datetime, timedelta, timezone

    return (datetime.now(timezone.utc) - timedelta(days=days)).isoformat()


def test_info_cache_created_in_the_future(synced: Path) -> None:
    _set_created(synced, _days_ago(-1128))
    result = run("cards", "info")
    assert result.exit_code == 0, explain(result)
    assert "(created in the future)" in result.stdout
    assert "-" + "1128" not in result.stdout and "days old" not in result.stdout
    data = json.loads(run("cards", "info", "--format", "json").stdout)
    assert data["age_days"] == 0 and data["created_in_future"] is True


def test_info_rounds_the_age_as_validate_does(synced: Path) -> None:
    _set_created(synced, _days_ago(1063.6))
    result = run("cards", "info")
    assert "(1064 days old)" in result.stdout, result.stdout
    source = store.load_catalog().source
    age = source.age_days()
    assert age is not None and f"{age:.0f}" == "1064"  # validate -v's formatting
    assert source.age_text() == "1064 days old"


def test_info_hints_at_a_sync_when_the_data_is_old(synced: Path) -> None:
    _set_created(synced, _days_ago(181))
    result = run("cards", "info")
    assert "(181 days old)" in result.stdout
    assert "hint:    this card data is over 180 days old; `planarcli cards sync`" in result.stdout
    assert json.loads(run("cards", "info", "--format", "json").stdout)["stale"] is True
    _set_created(synced, _days_ago(179))
    assert "hint:" not in run("cards", "info").stdout


def test_info_one_day_old(synced: Path) -> None:
    _set_created(synced, _days_ago(1.2))
    assert "(1 day old)" in run("cards", "info").stdout


# -- completion -----------------------------------------------------------------------------------
def complete(incomplete: str) -> list[str]:
    items = complete_card_name(None, None, incomplete)  # type: ignore[arg-type]
    return [item.value for item in items]


def test_completion_prefix_case_and_punctuation_insensitive() -> None:
    assert complete("acad") == ["Academy at Tolaria West"]
    assert complete("RAVENS") == ["Raven's Run"]
    assert "The Aether Flues" in complete("the æth")


def test_completion_word_and_fuzzy_fallback() -> None:
    assert "Academy at Tolaria West" in complete("tolar")
    assert "Academy at Tolaria West" in complete("acdemy")


def test_completion_through_the_shell_protocol() -> None:
    result = CliRunner().invoke(
        cli,
        [],
        prog_name="planarcli",
        env={
            "_PLANARCLI_COMPLETE": "bash_complete",
            "COMP_WORDS": "planarcli cards show kro",
            "COMP_CWORD": "3",
        },
    )
    assert result.stdout.splitlines()[0] == "plain,Krosa", result.stdout


def shell_complete(shell: str, words: str) -> str:
    """What Click's completion protocol answers ``shell`` for ``words``, completing the
    fourth word (``planarcli cards show WORD``)."""
    env = {"_PLANARCLI_COMPLETE": f"{shell}_complete", "COMP_WORDS": words, "COMP_CWORD": "3"}
    result = CliRunner().invoke(cli, [], prog_name="planarcli", env=env)
    return str(result.stdout)


@pytest.mark.parametrize(
    ("typed", "answer"),
    [
        ("acad", "plain,Academy\\\\ at\\\\ Tolaria\\\\ West"),
        ("raven", "plain,Raven\\\\'s\\\\ Run"),
        ("imaginary", "plain,Imaginary\\\\ Friends\\\\ \\\\(Plane\\\\)"),
        ("krosa", "plain,Krosa"),
        ("Academy\\ at\\ To", "plain,Academy\\\\ at\\\\ Tolaria\\\\ West"),
    ],
)
def test_bash_completion_escapes_spaces_and_shell_syntax(typed: str, answer: str) -> None:
    assert shell_complete("bash", f"planarcli cards show {typed}").splitlines()[0] == answer


def test_zsh_and_fish_completion_get_plain_names() -> None:
    zsh = shell_complete("zsh", "planarcli cards show acad").splitlines()
    assert zsh[:2] == ["plain", "Academy at Tolaria West"]
    env = {
        "_PLANARCLI_COMPLETE": "fish_complete",
        "COMP_WORDS": "planarcli cards show acad",
        "COMP_CWORD": "acad",
    }
    fish = CliRunner().invoke(cli, [], prog_name="planarcli", env=env).stdout
    assert fish.splitlines()[0] == "plain,Academy at Tolaria West"


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash here")
@pytest.mark.parametrize(
    "typed", ["Acad", "raven", "imag", "Fbl", "Finally", "Academy\\ at\\ T", "kro"]
)
def test_bash_puts_the_whole_name_on_the_command_line(typed: str) -> None:
    """Click's own bash script, run by bash: the completion it puts on the command line is
    read back by the shell as one word, exactly the card's name."""
    script = (
        'eval "$(_PLANARCLI_COMPLETE=bash_source planarcli)"\n'
        'COMP_WORDS=(planarcli cards show "$1"); COMP_CWORD=3\n'
        "_planarcli_completion planarcli\n"
        'eval "words=(${COMPREPLY[0]})"\n'
        'printf \'%s|%s|%s\\n\' "${#COMPREPLY[@]}" "${#words[@]}" "${words[0]}"\n'
    )
    shim = (
        f"#!{sys.executable}\nimport sys\nfrom planarcli.cli import cli\n"
        "sys.exit(cli.main(prog_name='planarcli'))\n"
    )
    with tempfile.TemporaryDirectory() as folder:
        program = Path(folder) / "planarcli"
        program.write_text(shim, encoding="utf-8")
        program.chmod(0o755)
        env = {**os.environ, "PATH": f"{folder}{os.pathsep}{os.environ.get('PATH', '')}"}
        done = subprocess.run(
            ["bash", "-c", script, "bash", typed],
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
            check=False,
        )
    assert done.returncode == 0, done.stderr
    replies, words, word = done.stdout.rstrip("\n").split("|", 2)
    assert replies == "1", done.stdout
    assert words == "1", done.stdout  # the shell reads the completion as one word
    expected = shlex.split(typed)[0].casefold()
    assert word.casefold().startswith(expected[:3]), done.stdout
    assert store.load_catalog().exact(word) is not None, done.stdout


# -- help -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("command", ["sync", "info", "show", "match", "list", "search"])
def test_every_command_has_help(command: str) -> None:
    result = run("cards", command, "--help")
    assert result.exit_code == 0
    assert "--format" in result.stdout


# -- start-up cost ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "args",
    [
        ["cards", "--help"],
        ["cards", "show", "Akoum"],
        ["cards", "list"],
        ["cards", "search", "t:plane o:chaos"],
        ["deck", "random"],
    ],
    ids=["help", "show", "list", "search", "deck"],
)
def test_card_commands_import_no_requests_or_jsonschema(args: list[str]) -> None:
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from planarcli.cli import cli\n"
        f"try:\n    cli.main({args!r}, prog_name='planarcli')\n"
        "except SystemExit:\n    pass\n"
        "print('LOADED', *sorted(m for m in ('requests', 'jsonschema', 'urllib3')"
        " if m in sys.modules), file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, encoding="utf-8", check=False
    )
    loaded = [line for line in done.stderr.splitlines() if line.startswith("LOADED")]
    assert loaded == ["LOADED"], done.stderr


@pytest.mark.parametrize(
    ("args", "env", "code"),
    [
        (["cards", "sync"], {"PLANARCLI_OFFLINE": "1"}, 2),
        (["cards", "sync", "--api-url", "http://127.0.0.1:9"], {}, 3),
        (["deck", "random", "--players", "2"], {}, 2),  # --players needs --communal
    ],
)
def test_failures_with_format_json_still_print_one_json_document(
    args: list[str], env: dict[str, str], code: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    result = run(*args, "--format", "json")
    assert result.exit_code == code, explain(result)
    document = json.loads(result.stdout)
    assert document["error"]["exit_code"] == code
    assert result.stderr.count("planarcli: error:") == 1


# -- --subtype folds as names do (issue 25 item 7) ----------------------------------------------
@pytest.mark.parametrize(
    "written",
    ["Bolas's Meditation Realm", "bolas meditation realm", "Bolas' Meditation Realm",
     "BOLAS\u2019S MEDITATION REALM", "bolass meditation realm", "  bolas  meditation realm ",
     "bolasmeditationrealm", "BolassMeditationRealm", "bolas meditationrealm"],
)  # fmt: skip
@pytest.mark.parametrize("command", [["list"], ["search", "t:plane"]])
def test_subtype_folds_apostrophes_as_names_do(command: list[str], written: str) -> None:
    result = run("cards", *command, "--subtype", written, "--format", "json")
    assert result.exit_code == 0, explain(result)
    found = json.loads(result.stdout)["cards"]
    assert [card["subtype"] for card in found] == ["Bolas's Meditation Realm"]


@pytest.mark.parametrize(
    "query",
    ['t:"bolas meditation realm"', "t:bolasmeditationrealm", "t:\"bolas' meditation\"",
     'type:"Bolas\u2019s Meditation Realm"', 't:"plane bolas meditation"'],
)  # fmt: skip
def test_a_type_term_folds_a_planar_type_as_subtype_does(query: str) -> None:
    result = run("cards", "search", query, "--format", "json")
    assert result.exit_code == 0, explain(result)
    found = json.loads(result.stdout)["cards"]
    assert [card["subtype"] for card in found] == ["Bolas's Meditation Realm"]
    negated = run("cards", "search", f"-{query} t:plane", "--format", "json")
    assert "Bolas's Meditation Realm" not in {
        c["subtype"] for c in json.loads(negated.stdout)["cards"]
    }


def test_subtype_folding_finds_no_other_type() -> None:
    result = run("cards", "list", "--subtype", "bolas", "--format", "json")
    assert result.exit_code == 1, explain(result)
    secret = run("cards", "list", "--subtype", "secret lair", "--format", "json")
    subtypes = {card["subtype"] for card in json.loads(secret.stdout)["cards"]}
    assert subtypes == {"Secret Lair", "sECreT LaIR"}

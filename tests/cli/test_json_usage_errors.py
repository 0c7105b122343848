"""With ``--format json`` standard output is one JSON document whatever happens, also when
click refuses the command line (an unknown option, a bad option value, a missing argument).
Only ``validate`` and ``deck convert`` did so; every other command printed nothing."""

from __future__ import annotations

import json

import pytest

COMMANDS = [
    ["cards", "show", "Tazeem"],
    ["cards", "match", "Tazeem"],
    ["cards", "list"],
    ["cards", "search", "chaos"],
    ["cards", "sync"],
    ["cards", "info"],
    ["rules", "show", "901"],
    ["rules", "search", "planar die"],
    ["rules", "editions"],
    ["rules", "diff", "2009-10-01", "2026-01-16"],
    ["rules", "history", "901.3"],
    ["rules", "import", "nothing.txt"],
    ["deck", "random"],
    ["deck", "convert", "nothing.txt", "--to", "json"],
    ["validate", "nothing.txt"],
]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c[:2]))
def test_an_unknown_option_still_prints_one_json_document(run_cli, command) -> None:
    result = run_cli(*command, "--format", "json", "--no-such-option")
    assert result.exit_code == 2, result
    document = json.loads(result.stdout)
    assert document["error"]["exit_code"] == 2
    assert "--no-such-option" in document["error"]["message"]


@pytest.mark.parametrize(
    "args",
    [
        ["cards", "show", "--format", "json"],
        ["rules", "search", "die", "--limit", "many", "--format=json"],
        ["cards", "list", "--kind", "land", "--format", "json"],
        ["rules", "history", "--format", "json"],
    ],
    ids=["missing-argument", "bad-integer", "bad-choice", "history-missing-id"],
)
def test_a_bad_value_or_missing_argument_still_prints_one_json_document(run_cli, args) -> None:
    result = run_cli(*args)
    assert result.exit_code == 2, result
    assert json.loads(result.stdout)["error"]["exit_code"] == 2


def test_text_format_prints_nothing_on_stdout_for_a_refused_command_line(run_cli) -> None:
    result = run_cli("rules", "search", "die", "--limit", "many")
    assert result.exit_code == 2
    assert result.stdout == ""

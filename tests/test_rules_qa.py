"""A fresh-eyes pass over the rules reference (issue 18 QA): what a judge, a player at the
table or a deck repository's maintainer typed, and what it must answer."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

RunCli = Callable[..., Any]


# --------------------------------------------------------------------------- pasted ids


@pytest.mark.parametrize(
    "typed",
    [
        "901.3\u200b",  # a zero-width space copied from a web page
        "\ufeff901.3",  # a byte-order mark from a pasted file
        "\uff19\uff10\uff11\uff0e\uff13",  # full-width digits (a Japanese input method)
        "\u200f901.3",  # a right-to-left mark (pasted from a Hebrew or Arabic page)
    ],
)
def test_show_reads_a_pasted_rule_id_with_invisible_or_wide_characters(
    run_cli: RunCli, typed: str
) -> None:
    result = run_cli("rules", "show", typed, "--format", "json")
    assert result.exit_code == 0, result
    assert [rule["id"] for rule in json.loads(result.stdout)["rules"]] == ["901.3", "901.3a"]


def test_history_reads_a_pasted_id_and_term_with_invisible_characters(run_cli: RunCli) -> None:
    result = run_cli("rules", "history", "901.15a\u200b", "--format", "json")
    assert result.exit_code == 0, result
    assert json.loads(result.stdout)["rule"] == "901.15a"
    result = run_cli("rules", "history", "planeswalk\u2060", "--format", "json")
    assert result.exit_code == 0, result
    assert json.loads(result.stdout)["rule"] == "Planeswalk"


def test_an_id_of_invisible_characters_only_is_no_id(run_cli: RunCli) -> None:
    result = run_cli("rules", "show", "\u200b\ufeff")
    assert result.exit_code == 2, result
    assert "no rule id given" in result.stderr

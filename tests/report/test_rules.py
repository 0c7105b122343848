"""The rules renderers (planarcli/report/rules.py) and the width policy they share with every
text output (planarcli/report/terminal.py): COLUMNS wins, a terminal that reports 0 columns
counts as none, rules text stays between 40 and 100 columns."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any

import pytest

from planarcli.report import rules as render
from planarcli.report.terminal import wrap_hanging


def test_a_hanging_indent_wraps_after_the_prefix() -> None:
    text = "one two three four five six seven"
    assert wrap_hanging(text, 16, 6, first_prefix="901.1 ") == (
        "901.1 one two\n      three four\n      five six\n      seven"
    )
    # the first line's prefix and the others' indent may differ
    assert wrap_hanging(text, 14, 2) == "one two three\n  four five\n  six seven"


def test_a_word_longer_than_the_line_stays_whole() -> None:
    assert wrap_hanging("a " + "x" * 30 + " b", 10, 2) == "a\n  " + "x" * 30 + "\n  b"


def test_empty_text_is_the_prefix_alone() -> None:
    assert wrap_hanging("", 40, 4, first_prefix="    ") == "    "


@pytest.fixture
def no_terminal(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: False, raising=False)
    return monkeypatch


def on_a_terminal(monkeypatch: pytest.MonkeyPatch, columns: int) -> None:
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "fileno", lambda: 1, raising=False)
    monkeypatch.setattr(os, "get_terminal_size", lambda *a: os.terminal_size((columns, 24)))


def test_rules_width_follows_the_terminal_policy(no_terminal: pytest.MonkeyPatch) -> None:
    assert render.rules_width() == 80  # a file or a pipe
    no_terminal.setenv("COLUMNS", "60")
    assert render.rules_width() == 60
    no_terminal.setenv("COLUMNS", "20")
    assert render.rules_width() == 40
    no_terminal.setenv("COLUMNS", "300")
    assert render.rules_width() == 100
    no_terminal.delenv("COLUMNS")
    on_a_terminal(no_terminal, 72)
    assert render.rules_width() == 72
    no_terminal.setenv("COLUMNS", "50")  # COLUMNS wins over the terminal
    assert render.rules_width() == 50
    no_terminal.delenv("COLUMNS")
    on_a_terminal(no_terminal, 0)  # a terminal that reports 0 columns counts as none
    assert render.rules_width() == 80


def longest_line(text: str) -> int:
    return max(len(line) for line in text.splitlines())


@pytest.mark.parametrize(
    "args",
    [
        ["show", "901.15"],
        ["search", "planar", "die", "cost"],
        ["history", "901.15a"],
        ["diff", "2024-11-08", "2026-01-16"],
    ],
)
def test_rules_text_honours_columns(
    run_cli: Callable[..., Any], no_terminal: pytest.MonkeyPatch, args: list[str]
) -> None:
    wide = run_cli("rules", *args, env={"COLUMNS": "100"})
    narrow = run_cli("rules", *args, env={"COLUMNS": "50"})
    assert wide.exit_code == narrow.exit_code == 0, (wide, narrow)
    assert 50 < longest_line(wide.stdout) <= 100
    assert len(narrow.stdout.splitlines()) > len(wide.stdout.splitlines())
    # a line over 50 columns is one never wrapped (a heading), printed the same at 100
    unwrapped = set(wide.stdout.splitlines())
    assert all(len(line) <= 50 or line in unwrapped for line in narrow.stdout.splitlines())
    # wrapping only moves line breaks
    assert " ".join(narrow.stdout.split()) == " ".join(wide.stdout.split())


def test_the_renderers_style_only_when_given_a_style(run_cli: Callable[..., Any]) -> None:
    from planarcli.rulebook.show import show_rule

    shown = show_rule("901.9", "current")
    args = ("901.9", shown.loaded, shown.asked, shown.rules, shown.refs)
    plain = render.show_text(*args, width=80)
    assert "\x1b[" not in plain and plain.splitlines()[1].startswith("901.9")

    def marked(text: str, **styles: Any) -> str:
        return f"<{','.join(sorted(styles))}>{text}</>"

    styled = render.show_text(*args, style=marked, width=80)
    assert styled.splitlines()[1].startswith("<bold>901.9</>")
    assert styled.splitlines()[0].startswith("<dim>")


@pytest.mark.parametrize(
    "question",
    ["combien de cartes dans le deck planaire", "hvor mange kort", "dé planaire chaos"],
)
def test_the_scores_a_search_prints_are_in_order(
    run_cli: Callable[..., Any], question: str
) -> None:
    """Today's rule placed right after the French or Danish passage it answers says so, not
    a score out of the order of the others (54.1, 22.8, 36.1); its score is in the JSON."""
    import json
    import re

    result = run_cli("rules", "search", *question.split(), env={"COLUMNS": "200"})
    assert result.exit_code == 0, result
    heads = [line for line in result.stdout.splitlines() if line and not line[0].isspace()]
    scores = [float(m.group(1)) for h in heads if (m := re.search(r" score (\d+\.\d)", h))]
    assert scores == sorted(scores, reverse=True), heads
    beside = [h for h in heads if "today's rule for " in h]
    assert beside and all(h.split(" ", 1)[1].startswith("(2026-01-16) ") for h in beside)
    found = json.loads(run_cli("rules", "search", *question.split(), "--format", "json").stdout)
    assert len(found["results"]) == len(heads)
    assert all("score" in item for item in found["results"])

"""``checks.edition_day`` reads ``--rules`` values and edition ids as the pattern it replaces
(``^(\\d{4}-\\d{2}-\\d{2})(?:-[a-z]{2})?$``, which compiled on every ``validate`` run); a run
keeps its deck rules (``checks.rules_kept``)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from planarcli.deck import checks
from planarcli.deck.checks import edition_day

DATE = re.compile(r"^(\d{4}-\d{2}-\d{2})(?:-[a-z]{2})?$")

#: Digits (ASCII and others), the dash, letters either side of a-z, a newline, a space.
PIECES = st.sampled_from([*"0129-azAZ`{\n ", "٣", "１", "é"])


def expected(text: str) -> str | None:
    found = DATE.match(text)
    return None if found is None else found.group(1)


@settings(max_examples=1000, deadline=None)
@given(st.lists(PIECES, max_size=15).map("".join))
def test_edition_day_agrees_with_the_pattern(text: str) -> None:
    assert edition_day(text) == expected(text)


@settings(max_examples=500, deadline=None)
@given(
    st.from_regex(r"\A\d{4}-\d{2}-\d{2}(-[a-z]{2})?\n?\Z"),
)
def test_edition_day_of_what_the_pattern_matches(text: str) -> None:
    assert edition_day(text) == expected(text) is not None


def test_edition_day_of_ids_and_dates() -> None:
    assert edition_day("2012-06-01") == "2012-06-01"
    assert edition_day("2010-07-16-fr") == "2010-07-16"
    assert edition_day("2010-07-16-FR") is None
    assert edition_day("2010-07-16-f") is None
    assert edition_day("2010/07/16") is None
    assert edition_day("current") is None


def test_a_run_keeps_its_deck_rules_and_leaves_none_behind(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Inside ``rules_kept`` each ``--rules`` value is resolved once; outside, every time."""
    asked: list[str] = []
    worked_out = checks._resolved_deck_rules

    def counted(edition: str) -> tuple[str, checks.DeckRules]:
        asked.append(edition)
        return worked_out(edition)

    monkeypatch.setattr(checks, "_resolved_deck_rules", counted)
    with checks.rules_kept():
        first = checks.resolve_deck_rules("current")
        assert checks.resolve_deck_rules("current") == first
        assert checks.resolve_deck_rules("2011") == worked_out("2011")
        with checks.rules_kept():  # an inner run keeps the outer one's answers
            assert checks.resolve_deck_rules("current") == first
    assert asked == ["current", "2011"]
    assert checks.resolve_deck_rules("current") == first
    assert checks.resolve_deck_rules("current") == first
    assert asked == ["current", "2011", "current", "current"]

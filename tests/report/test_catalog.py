"""The cards tables (`cards list`, `cards search`) fit the width the terminal policy gives
(report/terminal.py): COLUMNS or the terminal, at most 80; at 40 columns the sets give way,
narrower the subtypes too, names and kinds always stay (issue 25 item 7)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from planarcli.cards import store
from planarcli.report.catalog import card_table

pytestmark = pytest.mark.usefixtures("cache_dir")


@pytest.mark.parametrize(
    ("columns", "header"),
    [
        ("100", ["name", "kind", "subtype", "sets"]),
        ("80", ["name", "kind", "subtype", "sets"]),
        ("60", ["name", "kind", "subtype", "sets"]),
        ("45", ["name", "kind", "subtype", "sets"]),
        ("40", ["name", "kind", "subtype"]),
        ("34", ["name", "kind", "subtype"]),
        ("30", ["name", "kind"]),
        ("20", ["name", "kind"]),
    ],
)
@pytest.mark.parametrize("command", [["cards", "list"], ["cards", "search", "t:plane or chaos"]])
def test_tables_fit_the_columns(
    run_cli: Callable[..., Any], command: list[str], columns: str, header: list[str]
) -> None:
    result = run_cli(*command, env={"COLUMNS": columns})
    assert result.exit_code == 0, result
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= min(int(columns), 80), result.stdout
    assert lines[0].split() == header
    # every card still has its row, and its name begins it
    cards = lines[1:-1]
    assert len(cards) == len(lines) - 2 >= 100
    assert all(line.split()[0][:1].isalnum() for line in cards)


def test_the_widest_table_is_what_it_was() -> None:
    """At 80 columns, nothing is left out: the table of every card is the four columns."""
    cards = store.load_catalog().cards
    lines = card_table(cards, 80)
    assert lines[0].split() == ["name", "kind", "subtype", "sets"]
    assert max(len(line) for line in lines) == 80
    assert any(line.endswith(", opca") or "+" in line for line in lines[1:])


def test_columns_give_way_only_when_they_must() -> None:
    """Short names leave room for the sets at 40 columns; at 28 the sets go, not the names."""
    cards = [c for c in store.load_catalog().cards if c.name in ("Akoum", "Tazeem")]
    assert card_table(cards, 40) == [
        "name    kind   subtype   sets",
        "Akoum   plane  Zendikar  opc2, opca",
        "Tazeem  plane  Zendikar  pdci, prm, +2",
    ]
    assert card_table(cards, 28) == [
        "name    kind   subtype",
        "Akoum   plane  Zendikar",
        "Tazeem  plane  Zendikar",
    ]

"""Deck checks, table-driven, for every edition and option."""

from __future__ import annotations

import pytest

from planarcli.cards.store import load_snapshot
from planarcli.deck.checks import (
    DECK_RULES,
    DeckOptions,
    check_planar_deck,
    resolve_deck_rules,
)
from planarcli.deck.readers.model import DeckEntry
from planarcli.errors import UsageError

PLANES = [c.name for c in load_snapshot().cards if c.kind == "plane" and "punk" not in c.sets]
PHENOMENA = [c.name for c in load_snapshot().cards if c.kind == "phenomenon"]


def deck(planes: int, phenomena: int = 0) -> tuple[DeckEntry, ...]:
    names = PLANES[:planes] + PHENOMENA[:phenomena]
    return tuple(DeckEntry(n, 1, i + 1, "Planar Deck", "planar") for i, n in enumerate(names))


def codes(entries: tuple[DeckEntry, ...], **options: object) -> list[tuple[str, str | None]]:
    findings, _ = check_planar_deck(entries, load_snapshot(), DeckOptions(**options))  # type: ignore[arg-type]
    return [(f.code, f.rule) for f in findings if f.severity == "error"]


@pytest.mark.parametrize(
    ("planes", "phenomena", "options", "expected"),
    [
        # 901.3, current rules
        (10, 0, {}, []),
        (9, 0, {}, [("deck-too-small", "901.3")]),
        (8, 2, {}, []),
        # what counts toward the minimum is what stays once the other findings are fixed
        (7, 3, {}, [("deck-too-small", "901.3"), ("too-many-phenomena", "901.3")]),
        (8, 3, {}, [("too-many-phenomena", "901.3")]),
        (0, 0, {}, [("deck-too-small", "901.3")]),
        (30, 2, {}, []),
        # 2012-06-01 brought phenomena; 2009-10-01 and 2009-09-04 allowed planes only
        (8, 2, {"edition": "2012-06-01"}, []),
        (
            9,
            1,
            {"edition": "2009-10-01"},
            [("phenomenon-not-allowed", "901.3"), ("deck-too-small", "901.3")],
        ),
        (
            9,
            1,
            {"edition": "2012-05-01"},
            [("phenomenon-not-allowed", "901.3"), ("deck-too-small", "901.3")],
        ),
        (10, 1, {"edition": "2009-10-01"}, [("phenomenon-not-allowed", "901.3")]),
        (
            8,
            2,
            {"edition": "2009-10-01", "variant": "eternities-map"},
            [("phenomenon-not-allowed", "901.3"), ("phenomenon-not-allowed", "901.3")],
        ),
        (10, 0, {"edition": "2009-09-04"}, []),
        # 901.15a communal: at least min(40, 10 x players), at most 2 x players phenomena
        (20, 0, {"communal_players": 2}, []),
        (19, 0, {"communal_players": 2}, [("deck-too-small", "901.15a")]),
        (29, 1, {"communal_players": 3}, []),
        (26, 4, {"communal_players": 2}, []),
        (25, 5, {"communal_players": 2}, [("too-many-phenomena", "901.15a")]),
        # 16 planes + 4 of the 5 phenomena = 20: enough once one phenomenon goes; 15 is not
        (16, 5, {"communal_players": 2}, [("too-many-phenomena", "901.15a")]),
        (
            15,
            5,
            {"communal_players": 2},
            [("deck-too-small", "901.15a"), ("too-many-phenomena", "901.15a")],
        ),
        (39, 0, {"communal_players": 5}, [("deck-too-small", "901.15a")]),
        (32, 8, {"communal_players": 4}, []),
        (40, 0, {"communal_players": 8}, []),
        # 2009-10-01: the communal rule is 901.14a and has no phenomenon cap (no phenomena)
        (20, 0, {"communal_players": 2, "edition": "2009-10-01"}, []),
        (19, 0, {"communal_players": 2, "edition": "2009-10-01"}, [("deck-too-small", "901.14a")]),
        (20, 0, {"communal_players": 2, "edition": "2009-09-04"}, []),
        (19, 0, {"communal_players": 2, "edition": "2009-09-04"}, [("deck-too-small", "901.15a")]),
        # the Blind Eternities Map: planes, each once; phenomena only warn
        (30, 2, {"variant": "eternities-map"}, []),
        (4, 0, {"variant": "eternities-map"}, [("deck-too-small", "eternities-map")]),
    ],
)
def test_deck_rules(
    planes: int, phenomena: int, options: dict[str, object], expected: list[tuple[str, str]]
) -> None:
    assert codes(deck(planes, phenomena), **options) == expected


def test_eternities_map_warns_about_phenomena() -> None:
    findings, counts = check_planar_deck(
        deck(10, 2), load_snapshot(), DeckOptions(variant="eternities-map")
    )
    warnings = [f for f in findings if f.severity == "warning"]
    assert [f.code for f in warnings] == ["phenomenon-in-eternities-map"] * 2
    assert counts.phenomena == 2


def test_duplicates_are_reported_on_each_extra_line() -> None:
    entries = (
        DeckEntry("Tazeem", 2, 2, "Planar Deck", "planar"),
        DeckEntry("Krosa", 1, 3, "Planar Deck", "planar"),
        DeckEntry("krosa", 1, 7, "Planar Deck", "planar"),
        *deck(8),
    )
    findings, counts = check_planar_deck(entries, load_snapshot(), DeckOptions())
    duplicates = [(f.line, f.card) for f in findings if f.code == "duplicate-card"]
    assert duplicates == [(2, "Tazeem"), (7, "krosa")]
    assert counts.cards == 12
    assert "line 3" in next(
        f.message for f in findings if f.line == 7 and f.code == "duplicate-card"
    )


def test_findings_cite_the_edition_applied() -> None:
    findings, _ = check_planar_deck(deck(3), load_snapshot(), DeckOptions(edition="2010-02-01"))
    assert {f.edition for f in findings} == {"2010-02-01"}
    findings, _ = check_planar_deck(deck(3), load_snapshot(), DeckOptions())
    assert {f.edition for f in findings} == {"2026-01-16"}


@pytest.mark.parametrize("edition", ["2009-01-01", "yesterday", "2012-13-45", "901"])
def test_bad_editions_are_usage_errors(edition: str) -> None:
    with pytest.raises(UsageError):
        resolve_deck_rules(edition)


def test_edition_table_is_ordered_and_starts_with_planechase() -> None:
    dates = [rules.since for rules in DECK_RULES]
    assert dates == sorted(dates) and dates[0] == "2009-09-04"
    assert resolve_deck_rules("current")[0] == "2026-01-16"
    assert resolve_deck_rules("2010-07-16-fr")[1].communal_rule == "901.14a"


def test_phenomenon_cap_counts_different_phenomena() -> None:
    # 8 planes + 2 Chaotic Aether + 1 Interplanar Tunnel: keeping one Chaotic Aether, as
    # the duplicate finding says, already leaves a legal deck of 10 with 2 phenomena.
    entries = (
        *deck(8),
        DeckEntry("Chaotic Aether", 2, 20, "Planar Deck", "planar"),
        DeckEntry("Interplanar Tunnel", 1, 21, "Planar Deck", "planar"),
    )
    findings, counts = check_planar_deck(entries, load_snapshot(), DeckOptions())
    assert [f.code for f in findings if f.severity == "error"] == ["duplicate-card"]
    assert counts.phenomena == 3


def test_suggestions_leave_out_cards_the_deck_cannot_take() -> None:
    catalog = load_snapshot()
    entries = (
        DeckEntry("Academy at Tolaria West", 1, 1, "Planar Deck", "planar"),
        DeckEntry("Acadmy at Tolaria Wst", 1, 2, "Planar Deck", "planar"),
        DeckEntry("Chaotic Aethr", 1, 3, "Planar Deck", "planar"),
    )
    current, _ = check_planar_deck(entries, catalog, DeckOptions())
    by_card = {f.card: f for f in current if f.code == "unknown-card"}
    assert by_card["Acadmy at Tolaria Wst"].suggestions == ()
    assert "lists already: remove it" in by_card["Acadmy at Tolaria Wst"].message
    assert by_card["Chaotic Aethr"].suggestions == ("Chaotic Aether",)
    old, _ = check_planar_deck(entries, catalog, DeckOptions(edition="2009-10-01"))
    assert {f.card: f for f in old}["Chaotic Aethr"].suggestions == ()  # no phenomena in 2009


def test_rules_dated_in_the_future_cite_the_edition_applied() -> None:
    assert resolve_deck_rules("2099-01-01")[0] == "2026-01-16"


@pytest.mark.parametrize(
    ("phenomena", "options", "names"),
    [(3, {}, 3), (5, {"communal_players": 2}, 5)],
)
def test_too_many_phenomena_names_them_in_deck_order(
    phenomena: int, options: dict[str, object], names: int
) -> None:
    """Issue 16: the finding says which phenomena the deck has, so the user can pick."""
    entries = deck(30, phenomena)
    # a second copy of a phenomenon is named once (it is a duplicate-card finding)
    entries = (*entries, DeckEntry(PHENOMENA[0], 1, 99, "Planar Deck", "planar"))
    findings, _ = check_planar_deck(entries, load_snapshot(), DeckOptions(**options))  # type: ignore[arg-type]
    [finding] = [f for f in findings if f.code == "too-many-phenomena"]
    listed = PHENOMENA[:names]
    expected = f"({', '.join(listed[:-1])} and {listed[-1]})"
    assert expected in finding.message, finding.message


def test_deck_rule_wordings_are_those_of_the_bundled_editions() -> None:
    """DECK_RULE_WORDINGS (what `validate` compares an imported edition's deck rules with) is
    exactly the wordings of the bundled editions each row of DECK_RULES covers."""
    from planarcli.deck.checks import DECK_RULE_WORDINGS, wording_key
    from planarcli.rulebook import catalogue

    found: dict[str, tuple[set[int], set[int]]] = {}
    for info in catalogue.bundled_infos():
        if not info.is_english_cr:
            continue
        edition = catalogue.load_edition(info)
        row = [rules for rules in DECK_RULES if rules.since <= str(info.effective)][-1]
        keys = found.setdefault(row.since, (set(), set()))
        for index, rule_id in enumerate((row.individual_rule, row.communal_rule)):
            rule = edition.rule(rule_id)
            assert rule is not None, (info.id, rule_id)
            keys[index].add(wording_key(rule.text))
    assert {since: (set(a), set(b)) for since, (a, b) in DECK_RULE_WORDINGS.items()} == found

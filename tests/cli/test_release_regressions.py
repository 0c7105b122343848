"""Regressions found by trying planarcli as a new user just before a release (branch
qafinal): each test names the behaviour that was wrong."""

from __future__ import annotations

import json

import pytest


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (
            "Planes\n10000 Akoum\n",
            "the 'Planes' section lists no card that could be read (line 2 has an error, so "
            "its card counts for none): fix the line, or list the planes and phenomena in it",
        ),
        (
            "0 Akoum\n",
            "the file lists no card that could be read (line 1 has an error, so its card "
            "counts for none): fix the line",
        ),
        (
            "Planar Deck\n0 Akoum\n0 Bant\n0 Naya\n0 Jund\n0 Grixis\n",
            "the 'Planar Deck' section lists no card that could be read (lines 2, 3, 4 and 2 "
            "more have errors, so their cards count for none): fix them, or list the planes "
            "and phenomena in it",
        ),
    ],
)
def test_a_planar_deck_whose_card_lines_all_have_errors_is_not_said_to_list_no_cards(
    write, run_cli, text: str, reason: str
) -> None:
    """`Planes` above `10000 Akoum` said "the 'Planes' section lists no cards: list the
    planes and phenomena in it", beside the error on the line that lists one."""
    deck = write("deck.txt", text)
    result = run_cli("validate", "--format", "json", str(deck))
    assert result.exit_code == 1, result
    findings = json.loads(result.stdout)["files"][0]["findings"]
    assert findings[0]["code"] == "bad-quantity"
    assert findings[-1]["code"] == "no-planar-deck"
    assert findings[-1]["message"] == f"no planar deck: {reason}"


def test_an_empty_planar_section_still_says_it_lists_no_cards(write, run_cli) -> None:
    deck = write("deck.txt", "1 Sol Ring\n\nPlanes\n")
    result = run_cli("validate", str(deck))
    assert result.exit_code == 1, result
    assert "the 'Planes' section lists no cards: list the planes and phenomena in it" in (
        result.stdout
    )


@pytest.mark.parametrize(
    "line",
    [
        "planes: akoum, bant, naya, tazeem, grixis, kessig, stensia, goldmeadow, turri island, "
        "otaria + chaotic aether",
        "Akoum, Bant, Naya, Tazeem, Grixis, Kessig, Stensia, Goldmeadow, Turri Island, Otaria "
        "+ Chaotic Aether",
    ],
)
def test_a_one_line_list_may_add_its_last_card_with_a_plus(write, run_cli, line: str) -> None:
    """A chat's one-line list that adds the phenomenon with `+` ("..., otaria + chaotic
    aether") was read as the cards 'planes: akoum' and 'otaria + chaotic aether' (two
    unknown names, and --fix offered to turn the second into Chaotic Aether, losing Otaria)."""
    deck = write("deck.txt", line + "\n")
    result = run_cli("validate", str(deck))
    assert result.exit_code == 0, result
    assert "valid (11 cards, 1 phenomenon)" in result.stdout


def test_a_plus_between_two_planar_cards_parts_them(write, run_cli) -> None:
    deck = write("deck.txt", "Planes\nAkoum + Bant\nNaya\n")
    result = run_cli("validate", "--format", "json", str(deck))
    report = json.loads(result.stdout)["files"][0]
    assert (report["cards"], [f["code"] for f in report["findings"]]) == (3, ["deck-too-small"])


def test_a_plus_that_is_part_of_a_card_name_or_a_note_is_no_separator(write, run_cli) -> None:
    deck = write("deck.txt", "Planes\n+2 Mace\n1 Tazeem + more\n")
    result = run_cli("validate", "--format", "json", str(deck))
    findings = json.loads(result.stdout)["files"][0]["findings"]
    assert [(f["code"], f["card"]) for f in findings[:2]] == [
        ("not-planar-card", "+2 Mace"),
        ("unknown-card", "Tazeem + more"),
    ]


def test_a_configured_rules_date_may_be_a_toml_date(write, run_cli) -> None:
    """`rules = 2012-06-01` unquoted (a TOML date) stopped the run with "rules =
    datetime.date(2012, 6, 1): expected a string", Python's spelling of the value."""
    deck = write("deck.txt", "Planes\n1 Akoum\n")
    config = write("pyproject.toml", "[tool.planarcli]\nrules = 2012-06-01\n")
    result = run_cli("validate", "--config", str(config), "--format", "json", str(deck))
    assert result.exit_code == 1, result
    assert json.loads(result.stdout)["mode"]["rules"] == "2012-06-01"


def test_a_toml_date_time_where_none_belongs_is_shown_as_the_file_writes_it(
    write, run_cli
) -> None:
    deck = write("deck.txt", "Planes\n1 Akoum\n")
    config = write("planarcli.toml", "rules = 2012-06-01T10:00:00\nformat = 'text'\n")
    result = run_cli("validate", "--config", str(config), str(deck))
    assert result.exit_code == 2, result
    assert result.stderr.strip().endswith("rules = 2012-06-01T10:00:00: expected a string")
    assert "datetime" not in result.stderr


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


def test_the_json_shapes_the_readme_gives_for_paths_with_nothing_to_check(
    tmp_path, run_cli
) -> None:
    """The README (now docs/validating.md) said a missing path and a folder with nothing to check print
    `{"files": [], ..., "error": {...}}`, the shape of a run that cannot start; each is a
    result of its own."""
    (tmp_path / "empty").mkdir()
    result = run_cli(
        "validate", "--format", "json", str(tmp_path / "empty"), str(tmp_path / "nosuch.txt")
    )
    assert result.exit_code == 2, result
    report = json.loads(result.stdout)
    assert "error" not in report
    empty, missing = report["files"]
    assert empty["findings"][0]["code"] == "no-input"
    assert missing["missing"] is True
    bad = json.loads(run_cli("validate", "--format", "json", "--bogus", "x").stdout)
    assert bad["files"] == [] and bad["error"]["exit_code"] == 2


def test_a_folder_scan_judges_a_file_whose_card_lines_all_have_bad_quantities(
    write, tmp_path, run_cli
) -> None:
    """A found `0 Akoum` / `0 Bant` file was skipped as "lists no cards (empty, or only
    comments)", its errors unsaid: a quantity on a card line marks a decklist."""
    write("decks/zero.txt", "0 Akoum\n0 Bant\n")
    write("decks/notes.txt", "Game night is on Friday: bring sleeves.\n")
    result = run_cli("validate", "--format", "json", str(tmp_path / "decks"))
    assert result.exit_code == 1, result
    report = json.loads(result.stdout)
    (zero,) = report["files"]
    assert zero["path"].endswith("zero.txt") and zero["skipped"] is False
    assert [f["code"] for f in zero["findings"]] == [
        "bad-quantity",
        "bad-quantity",
        "no-planar-deck",
    ]
    assert report["summary"]["skipped"] == 1  # notes.txt



def test_an_empty_folder_is_counted_as_nothing_to_check_not_unreadable(
    write, run_cli, tmp_path
) -> None:
    """`planarcli validate empty/` said "(1 unreadable)": a folder with no decklist is no file
    that could not be read. The JSON summary keeps counting it under `unreadable` (the
    contract's keys); the text says what it is."""
    empty = tmp_path / "empty"
    empty.mkdir()
    names = ["Akoum", "Bant", "Naya", "Jund", "Grixis", "Esper", "Otaria", "Murasa", "Kessig",
             "Stensia"]
    deck = write("deck.txt", "".join(f"1 {name}\n" for name in names))
    text = run_cli("validate", str(empty), str(deck))
    assert text.exit_code == 2, text
    assert text.stdout.splitlines()[-1] == "2 files: 1 valid, 1 invalid (1 with nothing to check)"
    data = json.loads(run_cli("validate", str(empty), "--format", "json").stdout)
    assert data["summary"]["unreadable"] == 1


def test_thousands_of_findings_of_one_kind_are_counted_after_the_first_twenty(
    write, run_cli
) -> None:
    """A 3 MB file of prose named on the command line printed one error per line (4,003
    lines); the text now shows the first 20 of a kind and counts the rest, -v and JSON keep
    them all."""
    prose = "".join(f"line {n} " + "of a long letter about our game night " * 8 + "\n"
                    for n in range(60))
    deck = write("letter.txt", prose)
    text = run_cli("validate", str(deck))
    assert text.exit_code == 1, text
    tagged = [line for line in text.stdout.splitlines() if line.endswith("[name-too-long]")]
    assert len(tagged) == 20
    assert "  ... and 40 more lines with [name-too-long] (all of them: -v, or --format json)" in (
        text.stdout.splitlines()
    )
    verbose = run_cli("validate", "-v", str(deck)).stdout.splitlines()
    assert sum(line.endswith("[name-too-long]") for line in verbose) == 60
    data = json.loads(run_cli("validate", "--format", "json", str(deck)).stdout)
    codes = [f["code"] for f in data["files"][0]["findings"]]
    assert codes.count("name-too-long") == 60

"""A fresh-eyes pass over the rules reference (issue 18 QA): what a judge, a player at the
table or a deck repository's maintainer typed, and what it must answer."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
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


# --------------------------------------------------------------------------- no dead ends


def test_a_ruling_of_a_card_without_rulings_nor_a_close_name_says_how_to_find_one(
    run_cli: RunCli,
) -> None:
    result = run_cli("rules", "show", "ruling:Tolaria West")
    assert result.exit_code == 1, result
    assert "no rule ruling:tolaria-west in rulings" in result.stderr
    assert "hint: " in result.stderr
    assert "`planarcli cards match 'tolaria west'`" in result.stderr
    assert "`planarcli rules show rulings`" in result.stderr
    result = run_cli("rules", "show", "ruling:Tolaria West", "--format", "json")
    assert result.exit_code == 1, result
    assert json.loads(result.stdout)["found"] is False


@pytest.mark.parametrize("typed", ["ruling:", "ruling:  ", "RULING:"])
def test_ruling_without_a_card_name_says_to_name_one(run_cli: RunCli, typed: str) -> None:
    result = run_cli("rules", "show", typed)
    assert result.exit_code == 1, result
    assert "name a card after `ruling:`" in result.stderr
    assert "rules search 'ruling:'" not in result.stderr


def test_rulings_hints_stay_as_they_were_for_known_and_catalog_cards(run_cli: RunCli) -> None:
    result = run_cli("rules", "show", "ruling:spatial-mergng")
    assert "the rulings of Spatial Merging" in result.stderr
    result = run_cli("rules", "show", "ruling:Stairs to Infinity")
    assert "Stairs to Infinity has no official rulings" in result.stderr


@pytest.mark.parametrize(
    ("edition", "typed"),
    [("2009-10-01", "chaos ensues"), ("2010-07-16-fr", "plan"), ("danish-guide", "flykort")],
)
def test_show_of_an_older_edition_or_document_hints_a_search_of_that_edition(
    run_cli: RunCli, edition: str, typed: str
) -> None:
    result = run_cli("rules", "show", typed, "--edition", edition)
    assert result.exit_code == 1, result
    hint = f"`planarcli rules search {typed!r} --edition {edition}`"
    assert hint in result.stderr
    # and the command the hint gives finds something there
    followed = run_cli("rules", "search", typed, "--edition", edition, "--format", "json")
    assert followed.exit_code == 0, followed
    assert {r["edition"] for r in json.loads(followed.stdout)["results"]} == {edition}


def test_show_of_the_current_edition_hints_a_plain_search(run_cli: RunCli) -> None:
    result = run_cli("rules", "show", "chaos ensues")
    assert result.exit_code == 1, result
    assert "`planarcli rules search 'chaos ensues'`" in result.stderr


# --------------------------------------------------------------------------- history


def test_history_of_a_card_ruling_says_it_has_none_and_how_to_show_it(run_cli: RunCli) -> None:
    result = run_cli("rules", "history", "ruling:spatial-merging.2")
    assert result.exit_code == 1, result
    assert "is a card ruling, not a rule" in result.stderr
    assert "`planarcli rules show ruling:spatial-merging.2`" in result.stderr


def test_history_of_a_guide_paragraph_points_to_todays_rule(run_cli: RunCli) -> None:
    result = run_cli("rules", "history", "danish-guide.8", "--format", "json")
    assert result.exit_code == 1, result
    assert json.loads(result.stdout) == {
        "query": "danish-guide.8",
        "found": False,
        "suggestions": ["901.9"],
    }
    assert "danish-guide.8 is a passage of danish-guide" in result.stderr
    assert "`planarcli rules history 901.9`" in result.stderr
    # a paragraph tied to no rule: show it
    result = run_cli("rules", "history", "eternities-map.1")
    assert result.exit_code == 1, result
    assert "`planarcli rules show eternities-map.1`" in result.stderr


def test_history_in_the_french_numbering_names_todays_rule(run_cli: RunCli) -> None:
    result = run_cli("rules", "history", "901.8b", "--edition", "2010-07-16-fr")
    assert result.exit_code == 2, result
    assert "901.8b of 2010-07-16-fr is today's 901.9b" in result.stderr
    assert "`planarcli rules history 901.9b`" in result.stderr


def test_history_of_a_number_no_edition_holds_says_what_they_hold(run_cli: RunCli) -> None:
    result = run_cli("rules", "history", "999.1")
    assert result.exit_code == 1, result
    assert "hint: 2026-01-16 holds section 901" in result.stderr


# --------------------------------------------------------------------------- data dir


def test_a_data_dir_that_is_a_file_is_said_not_passed_over(
    run_cli: RunCli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "data"
    blocked.write_text("not a folder\n", encoding="utf-8")
    monkeypatch.setenv("PLANARCLI_DATA_DIR", str(blocked))
    result = run_cli("rules", "show", "901.1")
    assert result.exit_code == 0, result  # the bundled editions still answer
    assert result.stderr.count("\n") == 1, result
    assert "warning: cannot read the imported rules editions in" in result.stderr
    assert "Not a directory" in result.stderr


def test_an_unreadable_data_dir_is_said(
    run_cli: RunCli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    from planarcli.rulebook import catalogue

    folder = tmp_path / "locked" / "rules"
    folder.mkdir(parents=True)
    monkeypatch.setenv("PLANARCLI_DATA_DIR", str(folder.parent))
    listdir = os.listdir

    def no_permission(path: Any = ".") -> list[str]:
        if os.fspath(path) == str(folder):
            raise PermissionError(13, "Permission denied")
        return listdir(path)

    # (the tests may run as root, whom chmod does not stop)
    monkeypatch.setattr(catalogue.os, "listdir", no_permission)
    result = run_cli("rules", "editions", "--format", "json")
    assert result.exit_code == 0, result
    assert json.loads(result.stdout)["editions"]
    assert f"cannot read the imported rules editions in {folder} (Permission denied)" in (
        result.stderr
    )


def test_no_data_dir_yet_is_no_warning(
    run_cli: RunCli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PLANARCLI_DATA_DIR", str(tmp_path / "never-made"))
    result = run_cli("rules", "show", "901.1")
    assert result.exit_code == 0, result
    assert result.stderr == ""


# --------------------------------------------------------------------------- narrow terminals


def test_a_ruling_on_a_narrow_terminal_stands_above_its_text(run_cli: RunCli) -> None:
    result = run_cli("rules", "show", "ruling:spatial-merging.2", env={"COLUMNS": "40"})
    assert result.exit_code == 0, result
    lines = result.stdout.splitlines()
    # (the heading, wrapped: "Official card rulings — rulings (en, bundled)" is 46 wide)
    assert lines[:2] == ["Official card rulings — rulings (en,", "  bundled)"]
    assert lines[2] == "ruling:spatial-merging.2"
    assert lines[3] == "    Spatial Merging (2012-06-01): The"
    assert all(len(line) <= 40 for line in lines), result.stdout
    # every word of the ruling is still there, in order
    assert " ".join(" ".join(lines[3:]).split()).endswith("isn't revealed to other players.")


def test_a_ruling_on_a_wide_terminal_keeps_its_id_beside_the_text(run_cli: RunCli) -> None:
    result = run_cli("rules", "show", "ruling:spatial-merging.2", env={"COLUMNS": "80"})
    assert result.stdout.splitlines()[1].startswith(
        "ruling:spatial-merging.2  Spatial Merging (2012-06-01): The next time"
    )


def test_rules_of_901_stay_beside_their_ids_at_40_columns(run_cli: RunCli) -> None:
    result = run_cli("rules", "show", "901.15", env={"COLUMNS": "40"})
    assert result.stdout.splitlines()[2] == "901.15a  As an alternative option, a"


@pytest.mark.parametrize(
    "args",
    [
        ("rules", "show", "tactical-multiplayer.1"),
        ("rules", "show", "danish-guide.8"),
        ("rules", "search", "spatial merging planeswalk", "--limit", "3"),
        ("rules", "search", "hvad koster det at slå med terningen", "--limit", "3"),
    ],
)
def test_show_and_search_fit_a_40_column_terminal(run_cli: RunCli, args: tuple[str, ...]) -> None:
    result = run_cli(*args, env={"COLUMNS": "40"})
    assert result.exit_code == 0, result
    too_wide = [line for line in result.stdout.splitlines() if len(line) > 40]
    assert too_wide == []


# --------------------------------------------------------------------------- --edition


@pytest.mark.parametrize(
    "command", [("show", "901.1"), ("search", "planar die"), ("history", "901.3")]
)
def test_an_impossible_date_is_said_to_be_no_date(
    run_cli: RunCli, command: tuple[str, str]
) -> None:
    result = run_cli("rules", *command, "--edition", "2012-13-01")
    assert result.exit_code == 2, result
    assert "2012-13-01 is not a date (YYYY-MM-DD)" in result.stderr
    # not the advice to import an official file of that (impossible) date
    assert "rules import" not in result.stderr


@pytest.mark.parametrize("typed", ["2012/06/01", "2012-6-1", "2012.06.01"])
def test_a_date_written_another_way_gets_its_iso_spelling(run_cli: RunCli, typed: str) -> None:
    result = run_cli("rules", "show", "901.1", "--edition", typed)
    assert result.exit_code == 2, result
    assert "hint: write the date as 2012-06-01" in result.stderr


def test_an_unknown_edition_hint_says_dates_are_read(run_cli: RunCli) -> None:
    result = run_cli("rules", "show", "901.1", "--edition", "2012-06")  # (a bare year is read)
    assert result.exit_code == 2, result
    assert "or a date as YYYY-MM-DD (the rules in force that day)" in result.stderr


def test_show_of_a_card_without_rulings_by_its_name_alone_says_it_is_a_card(
    run_cli: RunCli,
) -> None:
    result = run_cli("rules", "show", "stairs to infinity")
    assert result.exit_code == 1, result
    assert (
        "hint: Stairs to Infinity is a card, not a rule, and has no official rulings; its "
        "text: `planarcli cards show 'Stairs to Infinity'`"
    ) in result.stderr
    # a word that is no card keeps the search hint
    result = run_cli("rules", "show", "hellride")
    assert "`planarcli rules search 'hellride'`" in result.stderr


# --------------------------------------------------------------------------- rulings by name


def test_rulings_by_a_printed_foreign_name_show_the_cards_rulings(run_cli: RunCli) -> None:
    # Academy at Tolaria West has six rulings: "has no official rulings" was untrue
    result = run_cli("rules", "show", "ruling:Académie de l'Ouest de Tolaria", "--format", "json")
    assert result.exit_code == 0, result
    data = json.loads(result.stdout)
    assert [r["id"] for r in data["rules"]] == [
        f"ruling:academy-at-tolaria-west.{n}" for n in range(1, 7)
    ]
    assert {r["card"] for r in data["rules"]} == {"Academy at Tolaria West"}
    assert "reading ruling:Académie de l'Ouest de Tolaria as ruling:Academy at Tolaria West" in (
        result.stderr
    )
    assert "no official rulings" not in result.stderr
    one = run_cli("rules", "show", "ruling:Chaotischer Aether.2", "--format", "json")
    assert one.exit_code == 0, one
    assert [r["id"] for r in json.loads(one.stdout)["rules"]] == ["ruling:chaotic-aether.2"]


def test_a_ruling_place_a_card_lacks_points_to_its_rulings_not_to_none(run_cli: RunCli) -> None:
    result = run_cli("rules", "show", "ruling:Académie de l'Ouest de Tolaria.99")
    assert result.exit_code == 1, result
    assert "no official rulings" not in result.stderr
    assert "the rulings of Academy at Tolaria West" in result.stderr


def test_a_foreign_card_name_alone_points_to_its_rulings(run_cli: RunCli) -> None:
    result = run_cli("rules", "show", "Académie de l'Ouest de Tolaria")
    assert result.exit_code == 1, result
    assert "no official rulings" not in result.stderr
    assert (
        "Academy at Tolaria West is a card, not a rule; the rulings of Academy at Tolaria "
        "West: `planarcli rules show 'ruling:Academy at Tolaria West'`"
    ) in result.stderr


# --------------------------------------------------------------------------- completion


def _completions(command: str, typed: str, edition: str | None = None) -> list[str]:
    import click

    from planarcli.commands import rules as rules_commands

    chosen = {"show": rules_commands.show_command, "history": rules_commands.history_command}
    ctx = click.Context(chosen[command], info_name=command)
    if edition is not None:
        ctx.params["edition"] = edition
    return [item.value for item in rules_commands.complete_rule_id(ctx, None, typed)]  # type: ignore[arg-type]


def test_show_completes_card_rulings_and_document_paragraphs() -> None:
    assert _completions("show", "ruling:spa") == [
        "ruling:spatial-merging.1",
        "ruling:spatial-merging.2",
        "ruling:spatial-merging.3",
    ]
    assert _completions("show", "danish-guide.2") == [
        "danish-guide.2",
        "danish-guide.20",
        "danish-guide.21",
        "danish-guide.22",
    ]
    assert _completions("show", "dan") == ["danish-guide"]
    assert _completions("show", "rul") == ["ruling:"]


def test_history_completes_no_document_and_show_keeps_its_rules() -> None:
    assert _completions("history", "dan") == []
    assert _completions("history", "ruling:spa") == []
    assert _completions("show", "901.14", "2009-10-01") == [
        "901.14",
        "901.14a",
        "901.14b",
        "901.14c",
    ]


@pytest.mark.parametrize(
    "args",
    [
        ("show", "901.3", "--edition", "all"),
        ("history", "901.3", "--edition", "ALL"),
        ("diff", "all", "current"),
    ],
)
def test_edition_all_outside_search_says_it_is_for_search(
    run_cli: RunCli, args: tuple[str, ...]
) -> None:
    result = run_cli("rules", *args)
    assert result.exit_code == 2, result
    assert "'all' (every edition at once) is for `rules search --edition all`" in result.stderr


@pytest.mark.parametrize(
    ("command", "typed"),
    [("show", "\x1b[31m901.3"), ("show", "901.3\x00"), ("history", "901.3\x07")],
)
def test_a_rule_id_with_control_characters_is_a_usage_error(
    run_cli: RunCli, command: str, typed: str
) -> None:
    # as `rules search` says of such a query: not text, exit 2 (it was "no rule", exit 1)
    result = run_cli("rules", command, typed, "--format", "json")
    assert result.exit_code == 2, result
    assert "holds control characters, so it is not text" in result.stderr
    assert json.loads(result.stdout)["error"]["exit_code"] == 2


# --------------------------------------------------------------------------- ids as written


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("(901.3a)", ["901.3a"]),  # quoted from "(See rule 901.3a.)"
        ("901.3a)", ["901.3a"]),
        ("CR 901.3", ["901.3", "901.3a"]),  # judges' notation
        ("cr901.3a", ["901.3a"]),
        ("§ 901.3a", ["901.3a"]),
        ("901,3", ["901.3", "901.3a"]),  # a decimal comma
        ("901.3 a", ["901.3a"]),
        ("regel 901.3a", ["901.3a"]),  # Danish, as "règle 901.3a" already was
        ("[901.15]", ["901.15", "901.15a", "901.15b", "901.15c"]),
    ],
)
def test_show_reads_rule_ids_as_judges_and_players_write_them(
    run_cli: RunCli, typed: str, expected: list[str]
) -> None:
    result = run_cli("rules", "show", typed, "--format", "json")
    assert result.exit_code == 0, result
    assert [rule["id"] for rule in json.loads(result.stdout)["rules"]] == expected


def test_a_loosely_written_old_number_still_points_to_todays(run_cli: RunCli) -> None:
    result = run_cli("rules", "show", "(309.7)")
    assert result.exit_code == 1, result
    assert "hint: 309.7 of 2016-08-26 is 311.7 in 2026-01-16" in result.stderr
    result = run_cli("rules", "history", "CR 901.15a", "--format", "json")
    assert result.exit_code == 0, result
    assert json.loads(result.stdout)["rule"] == "901.15a"


@pytest.mark.parametrize("typed", ["crew", "chaos", "Planar Deck"])
def test_words_are_still_terms_not_ids(run_cli: RunCli, typed: str) -> None:
    result = run_cli("rules", "show", typed, "--format", "json")
    data = json.loads(result.stdout)
    if result.exit_code == 0:
        assert all(rule["kind"] == "glossary" for rule in data["rules"])
    else:
        assert data["found"] is False and "no rule or glossary entry" in result.stderr


# --------------------------------------------------------------------------- ids of elsewhere


@pytest.mark.parametrize(
    ("args", "hint"),
    [
        # today's number asked of the French text, numbered as in 2010
        (
            ("901.9b", "--edition", "2010-07-16-fr"),
            "today's 901.9b is 901.8b in 2010-07-16-fr: "
            "`planarcli rules show 901.8b --edition 2010-07-16-fr`",
        ),
        # ... and of the Danish guide, numbered by paragraph
        (
            ("901.3", "--edition", "danish-guide"),
            "danish-guide.19 and danish-guide.20 say what today's 901.3 says: "
            "`planarcli rules show danish-guide.19`",
        ),
        (
            ("311.1", "--edition", "danish-guide"),
            "today's 311.1: `planarcli rules show 311.1`",
        ),
        (("901.3", "--edition", "rulings"), "rule 901.3: `planarcli rules show 901.3`"),
        # a card ruling or a guide's paragraph asked of an edition of the rules
        (
            ("ruling:tazeem.1", "--edition", "2009-10-01"),
            "ruling:tazeem.1 is a card ruling, not in 2009-10-01: "
            "`planarcli rules show ruling:tazeem.1`",
        ),
        (
            ("danish-guide.8", "--edition", "2009-10-01"),
            "danish-guide.8 is a paragraph of danish-guide, not of 2009-10-01: "
            "`planarcli rules show danish-guide.8`",
        ),
    ],
)
def test_an_id_asked_of_the_wrong_document_says_where_it_is(
    run_cli: RunCli, args: tuple[str, ...], hint: str
) -> None:
    result = run_cli("rules", "show", *args)
    assert result.exit_code == 1, result
    assert "hint: " in result.stderr and hint in result.stderr
    # Tazeem has rulings: never "has no official rulings"
    assert "no official rulings" not in result.stderr
    # and the command the hint gives shows something
    command = hint.rpartition("`planarcli ")[2].rstrip("`").split()
    followed = run_cli(*command)
    assert followed.exit_code == 0, followed


@pytest.mark.parametrize(
    "args",
    [
        ("rules", "diff", "2024-09-20", "2026-01-16"),
        ("rules", "diff", "2009-10-01", "2012-06-01"),
        ("rules", "history", "901.15a"),
        ("rules", "history", "planeswalk"),
    ],
)
def test_diff_and_history_fit_a_40_column_terminal(run_cli: RunCli, args: tuple[str, ...]) -> None:
    result = run_cli(*args, env={"COLUMNS": "40"})
    assert result.exit_code == 0, result
    # only a single word-diff token longer than a line may stick out
    too_wide = [
        line for line in result.stdout.splitlines() if len(line) > 40 and " " in line.strip()
    ]
    assert too_wide == []


# --------------------------------------------------------------------------- sections by name


@pytest.mark.parametrize(
    ("typed", "edition", "first"),
    [
        ("two-headed giant", "current", "810"),
        ("Two Headed Giant", "current", "810"),
        ("grand melee", "current", "807"),
        ("grand melee", "2009-10-01", "808"),  # numbered so then
        ("limited range of influence", "current", "801"),
        ("attack multiple players", "current", "802"),
        ("single planar deck", "current", "901.15"),  # the heading "Single Planar Deck Option"
    ],
)
def test_show_finds_a_variant_or_option_by_the_name_players_use(
    run_cli: RunCli, typed: str, edition: str, first: str
) -> None:
    result = run_cli("rules", "show", typed, "--edition", edition, "--format", "json")
    assert result.exit_code == 0, result
    found = [rule["id"] for rule in json.loads(result.stdout)["rules"]]
    assert found[0] == first
    # the section or heading with its own rules and no other
    assert all(
        rule == first
        or rule.startswith(first + ".")
        or (rule.startswith(first) and rule[len(first) :].isalpha())
        for rule in found
    )


def test_a_glossary_term_still_wins_over_a_title(run_cli: RunCli) -> None:
    result = run_cli("rules", "show", "planar deck", "--format", "json")
    assert [r["kind"] for r in json.loads(result.stdout)["rules"]] == ["glossary"]


def test_show_of_an_edition_id_says_how_to_read_that_edition(run_cli: RunCli) -> None:
    result = run_cli("rules", "show", "2009-10-01")
    assert result.exit_code == 1, result
    assert "`planarcli rules show 901 --edition 2009-10-01`" in result.stderr
    assert "`planarcli rules diff 2009-10-01 current`" in result.stderr


def test_editions_fit_a_narrow_terminal_and_keep_their_table_at_80(run_cli: RunCli) -> None:
    narrow = run_cli("rules", "editions", env={"COLUMNS": "40"})
    assert narrow.exit_code == 0, narrow
    lines = narrow.stdout.splitlines()
    assert [line for line in lines if len(line) > 40] == []
    assert lines[:2] == [
        "  2009-09-04            en  bundled",
        "    comprehensive-rules: Planar Magic",
    ]
    assert "* 2026-01-16            en  bundled" in lines
    wide = run_cli("rules", "editions", env={"COLUMNS": "80"})
    assert wide.stdout.splitlines()[0] == (
        "  2009-09-04            en  comprehensive-rules  bundled   Planar Magic"
    )
    assert run_cli("rules", "editions", env={"COLUMNS": "120"}).stdout == wide.stdout


@pytest.mark.parametrize("typed", ["２００９-１０-０１", "2009-10-01\u200b", "\ufeff2009-10-01"])
def test_an_edition_pasted_with_wide_or_invisible_characters_is_read(
    run_cli: RunCli, typed: str
) -> None:
    result = run_cli("rules", "show", "901.3", "--edition", typed, "--format", "json")
    assert result.exit_code == 0, result
    assert json.loads(result.stdout)["edition"] == "2009-10-01"
    result = run_cli("rules", "search", "planar die", "--edition", typed, "--format", "json")
    assert result.exit_code == 0, result
    assert json.loads(result.stdout)["editions"] == ["2009-10-01"]


# --------------------------------------------------------------------------- a newer import


@pytest.fixture
def newer_import(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data dir whose imported edition 2026-06-01 (current: dated before today) is the
    bundled 2026-01-16 with 901.9b reworded, as a later official file would be."""
    from planarcli import resources

    bundled = json.loads((resources.rules_dir() / "2026-01-16.json").read_text(encoding="utf-8"))
    bundled["id"] = bundled["effective"] = "2026-06-01"
    for rule in bundled["rules"]:
        if rule["id"] == "901.9b":
            rule["text"] = rule["text"].replace("chaos ensues", "chaos ensues at once")
    folder = tmp_path / "data" / "rules"
    folder.mkdir(parents=True)
    (folder / "2026-06-01.json").write_text(json.dumps(bundled), encoding="utf-8")
    monkeypatch.setenv("PLANARCLI_DATA_DIR", str(folder.parent))
    return folder


def test_todays_rule_of_a_translation_follows_a_newer_imported_edition(
    run_cli: RunCli, newer_import: Path
) -> None:
    current = run_cli("rules", "editions", "--format", "json")
    assert [e["id"] for e in json.loads(current.stdout)["editions"] if e["current"]] == [
        "2026-06-01"
    ]
    shown = run_cli("rules", "show", "901.8b", "--edition", "2010-07-16-fr", "--format", "json")
    rule = json.loads(shown.stdout)["rules"][0]
    # reworded in 2026-06-01: "worded as now since 2023-04-14" would be untrue
    assert (rule["current"], rule["current_since"]) == ("901.9b", "2026-06-01")
    text = run_cli("rules", "show", "901.8b", "--edition", "2010-07-16-fr")
    assert "(today's 901.9b, worded as now since 2026-06-01)" in text.stdout
    # a passage whose rule the import did not touch keeps its date
    kept = run_cli("rules", "show", "901.8", "--edition", "2010-07-16-fr", "--format", "json")
    rule = json.loads(kept.stdout)["rules"][0]
    assert (rule["current"], rule["current_since"]) == ("901.9", "2021-07-23")
    found = run_cli(
        "rules", "search", "le dé tombe sur le symbole du chaos", "--limit", "3", "--format", "json"
    )
    french = [r for r in json.loads(found.stdout)["results"] if r["id"] == "901.8b"]
    assert french and french[0]["current_since"] == "2026-06-01"


def test_todays_rule_is_as_built_without_a_newer_import(run_cli: RunCli) -> None:
    shown = run_cli("rules", "show", "901.8b", "--edition", "2010-07-16-fr", "--format", "json")
    rule = json.loads(shown.stdout)["rules"][0]
    assert (rule["current"], rule["current_since"]) == ("901.9b", "2023-04-14")


def test_a_glossary_entry_renamed_since_is_named_as_the_edition_calls_it(run_cli: RunCli) -> None:
    result = run_cli("rules", "show", "planechase", "--edition", "2009-10-01")
    assert result.exit_code == 1, result
    hint = (
        "2009-10-01 calls it Planar Magic: `planarcli rules show 'Planar Magic' --edition "
        "2009-10-01`"
    )
    assert hint in result.stderr
    followed = run_cli("rules", "show", "Planar Magic", "--edition", "2009-10-01")
    assert followed.exit_code == 0, followed
    # a term of later editions only keeps its hint
    result = run_cli("rules", "show", "phenomenon", "--edition", "2009-10-01")
    assert "is a glossary entry in 10 editions from 2012-06-01" in result.stderr


@pytest.mark.parametrize(
    ("typed", "term"),
    [
        ("planar dice", "Planar Die"),
        ("chaos abilities", "Chaos Ability"),
        ("phenomenon card", "Phenomenon"),
        ("plane cards", "Plane"),
    ],
)
def test_show_finds_a_glossary_entry_written_in_the_plural_or_as_a_card(
    run_cli: RunCli, typed: str, term: str
) -> None:
    result = run_cli("rules", "show", typed, "--format", "json")
    assert result.exit_code == 0, result
    assert [r["id"] for r in json.loads(result.stdout)["rules"]] == [term]


def test_history_reads_terms_as_show_does_and_points_to_the_editions_of_a_term(
    run_cli: RunCli,
) -> None:
    result = run_cli("rules", "history", "planar dice", "--format", "json")
    assert result.exit_code == 0, result
    assert json.loads(result.stdout)["rule"] == "Planar Die"
    result = run_cli("rules", "history", "encounter", "--edition", "2009-10-01")
    assert result.exit_code == 1, result
    assert (
        "'encounter' is a glossary entry of the editions 2012-06-01 … 2026-01-16: read it in "
        "that numbering with `planarcli rules history 'encounter' --edition 2026-01-16`"
    ) in result.stderr

"""``cards show`` answers only with the card the name means: a real non-planar Magic card is
never guessed as a plane, ``cards match`` scores 100 only for the card's own names, and
``validate`` says a Magic card is not a plane or phenomenon instead of offering a plane.
The name table (tests/questions/names/, built by scripts/build_name_table.py) is scored here on
part of its development half; benchmarks/score_names.py scores both halves in full."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from conftest import REPO, SHARED_DATA, load_script, requires_shared_data

from planarcli.cli import cli
from planarcli.magicnames import FILE_NAME, display_form, load_magic_names
from planarcli.resources import package_data_file


def run(*args: str) -> Any:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


# -- cards show --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("written", "resembles"),
    [
        ("Llanowar Elves", ["Llanowar"]),
        ("Tolaria West", ["Academy at Tolaria West"]),
        ("Serra's Sanctum", ["Sanctum of Serra"]),
        ("Ketria Triome", ["Ketria"]),
        ("Sol Ring", []),
        ("glimmervoid", ["Glimmervoid Basin"]),
    ],
)
def test_a_real_non_planar_card_is_never_guessed(written: str, resembles: list[str]) -> None:
    result = run("--offline", "cards", "show", written, "--format", "json")
    assert result.exit_code == 1, result.output
    assert json.loads(result.stdout) == {"query": written, "found": False, "suggestions": resembles}
    assert result.stderr.splitlines()[0] == (
        f"planarcli: error: {written!r} is a Magic card but not a plane or phenomenon"
    )
    text = run("--offline", "cards", "show", written)
    assert text.exit_code == 1 and text.stdout == ""
    assert "guessed" not in text.stderr
    for name in resembles:
        assert repr(name) in text.stderr


def test_a_misspelt_other_card_is_not_guessed_either() -> None:
    result = run("--offline", "cards", "show", "Llanowar Elfs", "--format", "json")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["found"] is False
    assert "looks like the Magic card 'Llanowar Elves'" in result.stderr


@pytest.mark.parametrize(
    ("written", "card"),
    [
        ("Llenowar", "Llanowar"),
        ("Sokenaan", "Sokenzan"),
        ("Accademia di Tolaria Occidvntale", "Academy at Tolaria West"),
    ],
)
def test_a_misspelt_planar_card_is_still_guessed(written: str, card: str) -> None:
    result = run("--offline", "cards", "show", written, "--format", "json")
    assert result.exit_code == 0, result.output
    shown = json.loads(result.stdout)
    assert (shown["name"], shown["matched"]) == (card, "fuzzy")


def test_not_found_json_for_a_name_like_nothing() -> None:
    result = run("cards", "show", "zzzz qqqq", "--format", "json")
    assert result.exit_code == 1
    assert json.loads(result.stdout) == {"query": "zzzz qqqq", "found": False, "suggestions": []}
    assert len([ln for ln in result.stderr.splitlines() if ln.startswith("planarcli: error")]) == 1


# -- cards match -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("written", "top_is_100", "code"),
    [
        ("Academy at Tolaria West", True, 0),
        ("academy at tolaria west!", True, 0),
        ("Tolaria West", False, 1),  # a real non-planar card: found as that, exit 1
        ("Academy Tolaria West", False, 0),
        ("Llanowar Elves", False, 1),
    ],
)
def test_match_scores_100_only_for_the_cards_own_names(
    written: str, top_is_100: bool, code: int
) -> None:
    result = run("cards", "match", written, "--format", "json")
    assert result.exit_code == code, result.output
    matches = json.loads(result.stdout)["matches"]
    assert (matches[0]["score"] == 100.0) is top_is_100
    assert [m["score"] for m in matches].count(100.0) <= 1


def test_match_says_when_the_name_is_another_card() -> None:
    result = run("cards", "match", "Tolaria West", "--format", "json")
    assert json.loads(result.stdout)["other_card"] == "Tolaria West"
    text = run("cards", "match", "Tolaria West")
    assert "'Tolaria West' is a Magic card but not a plane or phenomenon" in text.stderr


def test_match_of_another_card_with_no_planar_candidate_prints_no_empty_list() -> None:
    # "planar cards like it:" followed by nothing, then "no candidates", read as a broken list.
    result = run("cards", "match", "Lightning Bolt")
    assert result.exit_code == 1
    assert "'Lightning Bolt' is a Magic card but not a plane or phenomenon" in result.stderr
    assert "like it" not in result.stderr
    assert result.stderr.count("\n") == 1, result.stderr  # the one error line


@pytest.mark.parametrize(
    ("written", "subtype", "planes"),
    [
        ("Zendikar", "Zendikar", ["Akoum", "Hedron Fields of Agadeem", "Murasa", "Tazeem"]),
        ("dominaria", "Dominaria", None),
    ],
)
def test_a_planar_type_is_answered_with_its_planes(
    written: str, subtype: str, planes: list[str] | None
) -> None:
    # "Dominaria" was told "did you mean: 'Bloodhill Bastion', "Norn's Dominion", 'Otaria'?".
    text = run("cards", "show", written)
    assert text.exit_code == 1
    assert f"`planarcli cards list --subtype {subtype}` lists its" in text.stderr
    assert "did you mean" not in text.stderr
    shown = json.loads(run("cards", "show", written, "--format", "json").stdout)
    listed = json.loads(run("cards", "list", "--subtype", subtype, "--format", "json").stdout)
    assert shown["found"] is False
    assert shown["suggestions"] == [card["name"] for card in listed["cards"]]
    if planes is not None:
        assert shown["suggestions"] == planes


# -- validate ----------------------------------------------------------------------------------
def test_validate_names_a_magic_card_that_is_not_planar(tmp_path: Path) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text(
        "Planar Deck\n1 Esper Charm\n1 Llanowar Elfs\n1 Bant\n1 Naya\n", encoding="utf-8"
    )
    result = run("validate", str(deck), "--format", "json")
    assert result.exit_code == 1
    findings = {
        f["card"]: f for f in json.loads(result.stdout)["files"][0]["findings"] if f["card"]
    }
    charm = findings["Esper Charm"]
    assert charm["code"] == "not-planar-card" and charm["suggestions"] == []
    assert charm["message"].startswith(
        "'Esper Charm' is a Magic card but not a plane or phenomenon"
    )
    assert "did you mean" not in charm["message"] and "cards sync" not in charm["message"]
    elfs = findings["Llanowar Elfs"]
    assert elfs["code"] == "unknown-card" and elfs["suggestions"] == []
    assert "looks like the Magic card 'Llanowar Elves'" in elfs["message"]


def test_validate_suggests_no_card_for_a_planar_type(tmp_path: Path) -> None:
    # "Dominaria" was told "did you mean 'Bloodhill Bastion' or "Norn's Dominion" or 'Otaria'?"
    deck = tmp_path / "deck.txt"
    deck.write_text("Planar Deck\n1 Dominaria\n1 Bant\n1 Naya\n", encoding="utf-8")
    result = run("validate", str(deck), "--format", "json")
    assert result.exit_code == 1
    found = [f for f in json.loads(result.stdout)["files"][0]["findings"] if f["card"]]
    assert len(found) == 1
    assert found[0]["code"] == "unknown-card" and found[0]["suggestions"] == []
    assert found[0]["message"] == (
        "'Dominaria' is not a plane or phenomenon card; it is a planar type, not a card: "
        "`planarcli cards list --subtype Dominaria` lists its 9 planes"
    )
    fixed = run("validate", "--diff", str(deck))
    assert "-1 Dominaria" not in fixed.stdout


# -- the bundled list of every name --------------------------------------------------------------
@requires_shared_data
def test_the_bundled_name_list_is_what_the_build_script_makes() -> None:
    build = load_script(REPO / "scripts" / "build_magic_names.py")
    with open(package_data_file(FILE_NAME), "rb") as handle:
        bundled = handle.read()
    assert bundled == build.build_bytes(SHARED_DATA / "magic-card-names.txt")


def test_the_name_list_reads_back_every_printed_name() -> None:
    names = load_magic_names()
    assert len(names) > 35_000
    assert names.name_for("serras sanctum") == "Serra's Sanctum"
    assert names.name_for("llanowar elves") == "Llanowar Elves"
    assert names.name_for("academy at tolaria west") == "Academy at Tolaria West"
    assert "tazeem" in names and "sol ring" in names and "not a card at all" not in names
    assert any("mtg.wtf" in line for line in names.provenance)
    assert display_form("academy at tolaria west") == "Academy at Tolaria West"


# -- the name table ------------------------------------------------------------------------------
def test_the_name_table_dev_half_is_answered_right() -> None:
    """A fixed eighth of the development half (the full halves are scored by
    benchmarks/score_names.py): no planar answer for another card or a misspelling of one,
    no wrong card for a misspelt plane, every printed name read as its card; and no single
    validate suggestion (what --fix applies) that names a wrong card."""
    score = load_script(REPO / "benchmarks" / "score_names.py")
    from planarcli.cards.store import load_snapshot

    catalog = load_snapshot()
    table = json.loads(
        (REPO / "tests" / "questions" / "names" / "dev.json").read_text(encoding="utf-8")
    )
    wrong, right, total = [], 0, 0
    for category, entries in table["names"].items():
        for entry in entries[::8]:
            got = score.answer(catalog, entry["name"])
            if got is not None and got != entry["card"]:
                wrong.append((category, entry["name"], got))
            fixed = score.fix_answer(catalog, entry["name"])
            if fixed is not None and fixed != entry["card"]:
                wrong.append((category, entry["name"], f"--fix: {fixed}"))
            elif category == "plane-typo":
                total += 1
                right += got == entry["card"]
            elif category == "foreign":
                assert got == entry["card"], entry
    assert wrong == []
    assert right >= 0.8 * total, (right, total)  # 91% on the whole dev half


def test_a_plane_missing_from_a_partial_cache_is_not_called_non_planar() -> None:
    """A synced cache that lacks a card (a mirror's partial answer) is no proof that the card
    is not a plane: Tazeem is never "a Magic card but not a plane or phenomenon"."""
    from planarcli.cards import store

    document = json.loads(store.snapshot_path().read_text(encoding="utf-8"))
    document["source"] = {"kind": "scryfall", "created": "2026-11-01T00:00:00+00:00"}
    document["cards"] = [card for card in document["cards"] if card["name"] != "Tazeem"]
    path = store.cache_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(document), encoding="utf-8")
    for args in (["cards", "show", "Tazeem"], ["cards", "match", "Tazeem"]):
        result = run("--offline", *args)
        assert "but not a plane or phenomenon" not in result.stderr, result.output


@requires_shared_data
def test_the_name_table_is_what_its_script_builds() -> None:
    """The table is picked by the script (fixed seed), never edited by hand."""
    build = load_script(REPO / "scripts" / "build_name_table.py")
    dev, heldout = build.split(build.build(SHARED_DATA))
    for part, names in (("dev", dev), ("heldout", heldout)):
        path = REPO / "tests" / "questions" / "names" / f"{part}.json"
        assert json.loads(path.read_text(encoding="utf-8"))["names"] == names, part

"""``planarcli rules diff``: renumbering-aware comparison of two editions."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import english_edition
from hypothesis import given
from hypothesis import strategies as st

from planarcli.rulebook import catalogue
from planarcli.rulebook import diff as rulesdiff
from planarcli.rulebook.corpus import Rule
from planarcli.rulebook.textdiff import NEW_OPS, OLD_OPS


def diff_json(run_cli: Callable[..., Any], old: str, new: str) -> dict[str, Any]:
    result = run_cli("rules", "diff", old, new, "--format", "json")
    assert result.exit_code == 0, result
    assert result.stderr == ""
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def moves(data: dict[str, Any]) -> dict[str, str]:
    return {c["old_id"]: c["new_id"] for c in data["renumbered"]}


def test_2009_to_2026_is_renumbering_aware(run_cli: Callable[..., Any]) -> None:
    data = diff_json(run_cli, "2009-10-01", "2026-01-16")
    assert data["old"] == "2009-10-01" and data["new"] == "2026-01-16"
    moved = moves(data)
    assert moved["901.14a"] == "901.15a"  # single planar deck option
    assert moved["901.8"] == "901.9"  # rolling the planar die
    assert moved["901.14"] == "901.15"
    assert moved["901.13"] == "901.14"  # Grand Melee
    assert moved["901.11d"] == "901.12d"
    reworded = {c["new_id"]: c for c in data["reworded"]}
    assert "901.3" in reworded
    assert (
        "{+supplementary +}" in reworded["901.3"]["diff"]
        or "{+supplementary" in (reworded["901.3"]["diff"])
    )
    # a rule is in at most one list
    old_ids = [c["old_id"] for c in data["renumbered"] + data["reworded"]] + [
        r["id"] for r in data["removed"]
    ]
    assert len(old_ids) == len(set(old_ids))
    new_ids = [c["new_id"] for c in data["renumbered"] + data["reworded"]] + [
        r["id"] for r in data["added"]
    ]
    assert len(new_ids) == len(set(new_ids))
    summary = data["summary"]
    assert summary["renumbered"] == len(data["renumbered"])
    assert summary["added"] == len(data["added"])


def test_2024_to_2026_only_the_701_31_references(run_cli: Callable[..., Any]) -> None:
    data = diff_json(run_cli, "2024-09-20", "2026-01-16")
    assert data["renumbered"] == [] and data["added"] == [] and data["removed"] == []
    assert [c["new_id"] for c in data["reworded"]] == ["901.8", "901.11"]
    for change in data["reworded"]:
        assert "[-701.24-]{+701.31+}" in change["diff"]
        assert {"op": "delete", "text": "701.24"} in change["pieces"]
        assert {"op": "insert", "text": "701.31"} in change["pieces"]
    assert data["summary"]["unchanged"] == 34  # 901.4 differs only in formatting


def test_text_output(run_cli: Callable[..., Any]) -> None:
    result = run_cli("rules", "diff", "2009-10-01", "current")
    assert result.exit_code == 0, result
    out = result.stdout
    assert "901.14a → 901.15a" in out and "901.8 → 901.9" in out
    assert "Renumbered" in out and "Reworded" in out
    assert "[-Planar Magic-]{+Planechase+}" in out
    assert "\x1b[" not in out


def test_same_edition_has_no_differences(run_cli: Callable[..., Any]) -> None:
    result = run_cli("rules", "diff", "current", "2026-01-16")
    assert result.exit_code == 0
    assert "no differences" in result.stdout


def test_languages_must_match(run_cli: Callable[..., Any]) -> None:
    result = run_cli("rules", "diff", "2009-10-01", "2010-07-16-fr")
    assert result.exit_code == 2, result
    assert result.stdout == ""
    assert "different languages" in result.stderr


def test_unknown_edition(run_cli: Callable[..., Any]) -> None:
    result = run_cli("rules", "diff", "2009-10-01", "2011-02-30")
    assert result.exit_code == 2
    assert "available editions" in result.stderr


def test_a_date_compares_the_editions_in_force(run_cli: Callable[..., Any]) -> None:
    result = run_cli("rules", "diff", "2009-10-01", "2011-01-01", "--format", "json")
    assert result.exit_code == 0, result
    assert json.loads(result.stdout)["new"] == "2010-02-01"
    assert "2011-01-01 is no edition's date; using 2010-02-01" in result.stderr


def test_diff_against_an_imported_edition(run_cli: Callable[..., Any]) -> None:
    edition = catalogue.load_edition("2026-01-16")
    rules = [{"id": r.id, "text": r.text} for r in edition.rules]
    # 901.13 is deleted: everything after moves up, and 901.3 gets a new sentence
    rules = [r for r in rules if r["id"] != "901.13"]
    for rule in rules:
        if rule["id"] == "901.3":
            rule["text"] += " Test sentence."
    renamed = []
    for rule in rules:
        for old, new in (("901.14", "901.13"), ("901.15", "901.14")):
            if rule["id"].startswith(old):
                rule = {**rule, "id": new + rule["id"][len(old) :]}
                break
        renamed.append(rule)
    data = {
        "format": "planarcli-rules-edition",
        "schema_version": 1,
        "id": "2027-06-01",
        "title": "Planechase",
        "lang": "en",
        "kind": "comprehensive-rules",
        "effective": "2027-06-01",
        "translation_of": None,
        "source": {},
        "rules": renamed,
        "glossary": [],
    }
    folder = Path(os.environ["PLANARCLI_DATA_DIR"]) / "rules"
    folder.mkdir(parents=True)
    (folder / "2027-06-01.json").write_text(json.dumps(data), encoding="utf-8")
    result = diff_json(run_cli, "2026-01-16", "2027-06-01")
    assert moves(result) == {
        "901.14": "901.13",
        "901.14a": "901.13a",
        "901.14b": "901.13b",
        "901.15": "901.14",
        "901.15a": "901.14a",
        "901.15b": "901.14b",
        "901.15c": "901.14c",
    }
    assert [r["id"] for r in result["removed"]] == ["901.13"]
    assert [c["new_id"] for c in result["reworded"]] == ["901.3"]
    assert result["reworded"][0]["diff"].endswith("{+Test sentence.+}") or (
        "{+ Test sentence.+}" in result["reworded"][0]["diff"]
    )
    # the import has no glossary: the bundled entries are not compared, not "removed"
    assert len(result["glossary"]["not_compared"]["2026-01-16"]) == len(edition.glossary) == 10
    assert "removed" not in result["glossary"]


def test_word_diff() -> None:
    pieces = rulesdiff.word_pieces(
        "See rule 701.24, “Planeswalk.”", "See rule 701.31, “Planeswalk.”"
    )
    # the words as the edition prints them: its curly quotes too (issue 9: verbatim)
    assert rulesdiff.render_pieces(pieces) == "See rule [-701.24-]{+701.31+}, “Planeswalk.”"
    pieces = rulesdiff.word_pieces(
        'See rule 701.24, "Planeswalk."', "See rule 701.24, “Planeswalk.”"
    )
    assert rulesdiff.render_pieces(pieces) == "See rule 701.24, “Planeswalk.”"


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("his or her planar deck", "their planar deck", "[-his or her-]{+their+} planar deck"),
        ("a b c", "a b c d", "a b c {+d+}"),
        ("a b c d", "a b c", "a b c [-d-]"),
        ("", "new words", "{+new words+}"),
        # 901.1, 2010-02-01 -> 2011-07-15: the long common run of words wins over a lone
        # "Magic" (spaces are not matched on their own)
        (
            "The Planar Magic variant uses all the normal rules for a _Magic_ game.",
            "The Planechase variant uses all the normal rules for a _Magic_ game.",
            "The [-Planar Magic-]{+Planechase+} variant uses all the normal rules for a _Magic_ "
            "game.",
        ),
        ("a b  c", "a b c", "a b c"),
        ("c d e", "c e", "c [-d-] e"),
        ("b c", "a b c", "{+a+} b c"),
        # 311.7 of 2023: the quotes around "chaos abilities" dropped, the closing one beside
        # its period
        (
            "called “chaos abilities.” Each",
            "called chaos abilities. Each",
            "called [-“-]chaos abilities.[-”-] Each",
        ),
    ],
)
def test_word_diff_cases(old: str, new: str, expected: str) -> None:
    assert rulesdiff.render_pieces(rulesdiff.word_pieces(old, new)) == expected


def test_align_prefers_same_id_and_pairs_by_text() -> None:
    old = (Rule("1", "alpha beta gamma delta", "en"), Rule("2", "one two three four", "en"))
    new = (Rule("1", "one two three four five", "en"), Rule("2", "alpha beta gamma delta", "en"))
    alignment = rulesdiff.align(old, new)
    assert alignment.removed == [] and alignment.added == []
    assert {(a.id, b.id) for a, b in alignment.pairs} == {("1", "2"), ("2", "1")}


# --------------------------------------------------------------------------- pairing by structure


def test_reworded_subrule_of_a_renumbered_rule_is_renumbered(run_cli: Callable[..., Any]) -> None:
    data = diff_json(run_cli, "2009-10-01", "2026-01-16")
    assert moves(data)["901.8b"] == "901.9b"
    assert "901.8b" not in {r["id"] for r in data["removed"]}
    assert "901.9b" not in {r["id"] for r in data["added"]}


def test_rule_of_a_moved_section_pairs_with_the_same_number() -> None:
    old = english_edition(
        "2012-06-01",
        [
            ("309", "Planes"),
            ("309.1", "Plane is a card type seen only on nontraditional Magic cards."),
            (
                "309.7",
                "A plane card may have a triggered ability that triggers whenever you roll"
                " the chaos symbol on the planar die.",
            ),
            ("309.8", "Something else entirely about the weather in the blind eternities."),
        ],
    )
    new = english_edition(
        "2026-01-16",
        [
            ("311", "Planes"),
            ("311.1", "Plane is a card type seen only on nontraditional Magic cards."),
            (
                "311.7",
                "A plane card may have an ability that triggers whenever chaos ensues."
                " These are called chaos abilities.",
            ),
            ("311.8", "A completely unrelated sentence with no words in common at all."),
        ],
    )
    result = rulesdiff.diff_editions(old, new)
    moved = {c.old_id: c.new_id for c in result.renumbered}
    assert moved == {"309": "311", "309.1": "311.1", "309.7": "311.7"}
    # too different even for the structure: still removed and added
    assert [r.id for r in result.removed] == ["309.8"]
    assert [r.id for r in result.added] == ["311.8"]


def test_a_section_renamed_and_renumbered_pairs_by_its_contents() -> None:
    """309 "Planes" became 311 "Plane Cards" with one rule of four rewritten: neither the
    title nor the number pairs them, their words do (79% alike, between the moved-section
    threshold and a near copy), so every rule is renumbered, none removed (issue 22.7)."""
    from planarcli.rulebook.textdiff import bag_similarity

    shared = [
        ("1", "Plane is a card type seen only on nontraditional Magic cards."),
        ("2", "Plane cards remain in the command zone throughout the game."),
    ]
    old = english_edition(
        "2012-06-01",
        [
            ("309", "Planes"),
            *[(f"309.{n}", text) for n, text in shared],
            ("309.3", "A player who planeswalks turns the top card of the planar deck face up."),
            ("309.4", "Plane cards have static and triggered abilities that affect the game."),
        ],
    )
    new = english_edition(
        "2026-01-16",
        [
            ("311", "Plane Cards"),
            *[(f"311.{n}", text) for n, text in shared],
            (
                "311.3",
                "A player who planeswalks moves the top card of their planar deck off it and"
                " turns it face up.",
            ),
            ("311.4", "A plane card may have an ability that triggers whenever chaos ensues."),
        ],
    )
    words = [" ".join(r.text for r in edition.rules) for edition in (old, new)]
    alike = bag_similarity(words[0].replace("Planes", ""), words[1].replace("Plane Cards", ""))
    assert rulesdiff.SECTION_MOVED_THRESHOLD < alike < 0.9
    result = rulesdiff.diff_editions(old, new)
    assert [(m.old, m.new) for m in result.sections_moved] == [("309", "311")]
    assert {c.old_id: c.new_id for c in result.renumbered} == {
        f"309{tail}": f"311{tail}" for tail in ("", ".1", ".2", ".3", ".4")
    }
    assert result.removed == () and result.added == ()


def test_a_guide_is_not_diffed_against_the_rules(run_cli: Callable[..., Any]) -> None:
    result = run_cli("rules", "diff", "eternities-map", "current")
    assert result.exit_code == 2, result
    assert "guides and variants are other documents" in result.stderr


# --------------------------------------------------------------------------- the word diff


def test_a_moved_sentence_reads_as_moved() -> None:
    old = "Shuffle the deck. Put it face down. Roll the die."
    new = "Put it face down. Shuffle the deck. Roll the die."
    pieces = rulesdiff.word_pieces(old, new)
    assert rulesdiff.render_pieces(pieces) == (
        "[~Shuffle the deck.~] Put it face down. {~Shuffle the deck.~} Roll the die."
    )
    assert [p.op for p in pieces] == ["move-from", "equal", "move-to", "equal"]


def test_a_moved_sentence_beside_a_changed_one() -> None:
    old = "Roll the die. Look back in time. Then planeswalk away."
    new = "Roll the planar die. Then planeswalk away. Look back in time."
    assert rulesdiff.render_pieces(rulesdiff.word_pieces(old, new)) == (
        "Roll the {+planar+} die. [~Look back in time.~] Then planeswalk away."
        " {~Look back in time.~}"
    )


def test_dropped_sentences_are_one_piece_not_word_salad() -> None:
    old = (
        "At the start of the game, each player shuffles their planar deck. Each deck is"
        " placed face down next to its owner's library. All plane cards remain in the"
        " command zone."
    )
    new = "All plane cards remain in the command zone."
    assert rulesdiff.render_pieces(rulesdiff.word_pieces(old, new)) == (
        "[-At the start of the game, each player shuffles their planar deck. Each deck is"
        " placed face down next to its owner's library.-] All plane cards remain in the"
        " command zone."
    )


def test_a_changed_sentence_among_others_gets_a_word_diff() -> None:
    old = "If the die roll is the chaos symbol {CHAOS}, any ability triggers. The active player"
    old += " gets priority."
    new = "If the die roll is the chaos symbol, chaos ensues. The active player gets priority."
    rendered = rulesdiff.render_pieces(rulesdiff.word_pieces(old, new))
    assert rendered == (
        "If the die roll is the chaos symbol [-{CHAOS}-], [-any ability triggers-]"
        "{+chaos ensues+}. The active player gets priority."
    )


def test_symbols_are_one_word() -> None:
    pieces = rulesdiff.word_pieces("the chaos symbol {C}.", "the chaos symbol {CHAOS}.")
    assert rulesdiff.render_pieces(pieces) == "the chaos symbol [-{C}-]{+{CHAOS}+}."


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Basic Land -- Mountain", "Basic Land — Mountain"),
        ("a static ability --not a triggered ability", "a static ability—not a triggered ability"),
        ('the "planeswalking ability."', "the “planeswalking ability.”"),
        ("the player's deck", "the player’s deck"),
    ],
)
def test_a_change_of_typography_alone_is_no_change_of_words(old: str, new: str) -> None:
    change = rulesdiff._change("1.1", "1.1", old, new)
    assert not change.text_changed
    assert "[-" not in change.word_diff() and "{+" not in change.word_diff()
    assert change.word_diff() == " ".join(new.split())  # shown as the new edition prints it


def test_a_diff_shows_no_dash_retyped_and_says_a_year_once(run_cli: Callable[..., Any]) -> None:
    result = run_cli("rules", "diff", "2009", "current")
    assert result.exit_code == 0, result
    assert "[----]" not in result.stdout and "{+—+}" not in result.stdout
    same = run_cli("rules", "diff", "2009", "2009")
    assert same.exit_code == 0, same
    assert same.stderr.count("read as 2009-10-01") == 1, same.stderr


WORDS = st.sampled_from(
    ["Plane", "plane", "die", "roll", "the", "901.3a", "{PW}", "“chaos”", "--", "a--b"]
)
SENTENCE = st.lists(WORDS, min_size=1, max_size=6).map(lambda w: " ".join(w) + ".")
TEXT = st.lists(SENTENCE, max_size=5).map(" ".join)


@given(old=TEXT, new=TEXT)
def test_the_pieces_give_back_both_texts(old: str, new: str) -> None:
    pieces = rulesdiff.word_pieces(old, new)
    # each text as printed (whitespace collapsed), not normalised: a diff shows the words
    # each edition prints
    assert "".join(p.text for p in pieces if p.op in NEW_OPS) == " ".join(new.split())
    assert "".join(p.text for p in pieces if p.op in OLD_OPS) == " ".join(old.split())
    assert all(p.text for p in pieces)

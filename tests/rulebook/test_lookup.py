"""``planarcli rules show``: rules with their subrules, sections, glossary terms, references."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from planarcli import resources
from planarcli.errors import NotFoundError, UsageError
from planarcli.rulebook import catalogue, corpus, finder, ruleids

FIXTURES = Path(__file__).parents[1] / "rules_fixtures"


def ids(result: Any) -> list[str]:
    data = json.loads(result.stdout)
    return [rule["id"] for rule in data["rules"]]


@pytest.fixture
def current() -> corpus.Edition:
    return catalogue.load_edition("current")


def test_rule_with_lettered_subrules(run_cli: Callable[..., Any]) -> None:
    result = run_cli("rules", "show", "901.15", "--format", "json")
    assert result.exit_code == 0, result
    assert result.stderr == ""
    data = json.loads(result.stdout)
    assert data["edition"] == "2026-01-16"
    assert [r["id"] for r in data["rules"]] == ["901.15", "901.15a", "901.15b", "901.15c"]
    assert all(r["lang"] == "en" and r["text"] for r in data["rules"])
    assert data["rules"][0]["text"] == "Single Planar Deck Option"


def test_subrules_do_not_swallow_longer_numbers(run_cli: Callable[..., Any]) -> None:
    # 901.1 must not bring 901.10..901.15 along
    result = run_cli("rules", "show", "901.1", "--format", "json")
    assert ids(result) == ["901.1"]
    result = run_cli("rules", "show", "901.3", "--format", "json")
    assert ids(result) == ["901.3", "901.3a"]


def test_single_subrule_and_loose_spelling(run_cli: Callable[..., Any]) -> None:
    assert ids(run_cli("rules", "show", "901.3a", "--format", "json")) == ["901.3a"]
    assert ids(run_cli("rules", "show", "Rule 901.9.", "--format", "json"))[0] == "901.9"


def test_whole_section(run_cli: Callable[..., Any], current: corpus.Edition) -> None:
    result = run_cli("rules", "show", "901", "--format", "json")
    shown = ids(result)
    assert shown == [rule.id for rule in current.rules if rule.id.split(".")[0] == "901"]
    assert shown[0] == "901" and "901.15c" in shown and len(shown) == 36
    # issue 9: the whole section lists no reference the corpus cannot follow
    references = json.loads(result.stdout)["references"]
    assert {ref["id"] for ref in references} == {
        "806", "311", "312", "103.7", "701.31", "113.8", "116.2i", "311.7", "706", "800.4a",
        "704.6f", "801",
    }  # fmt: skip
    assert all(ref["found"] and ref["preview"] for ref in references), references
    text = run_cli("rules", "show", "901").stdout
    assert "Not in" not in text and "not in" not in text


def test_other_edition_old_numbering(run_cli: Callable[..., Any]) -> None:
    result = run_cli("rules", "show", "901.14a", "--edition", "2009-10-01", "--format", "json")
    assert result.exit_code == 0, result
    data = json.loads(result.stdout)
    assert data["edition"] == "2009-10-01"
    assert "forty" in data["rules"][0]["text"]


def test_french_edition(run_cli: Callable[..., Any]) -> None:
    result = run_cli("rules", "show", "901.8", "--edition", "2010-07-16-fr", "--format", "json")
    data = json.loads(result.stdout)
    assert data["rules"][0]["lang"] == "fr"
    assert "dé planaire" in data["rules"][0]["text"]
    refs = {ref["id"]: ref for ref in data["references"]}
    assert refs["115.2f"]["found"] is False
    # "Cf. règle 115.2f" is rule 115.2f of the English rules it translates: followed into the
    # English edition numbered the same way (its 901 cites the same rules), 2011-07-15, not
    # into 2010-02-01, nearer in date but numbered otherwise (114.2f, 805)
    assert refs["115.2f"]["elsewhere"] == "2011-07-15"
    assert refs["115.2f"]["preview"].startswith("In a Planechase game, rolling the planar die")


def test_french_references_are_never_dead_ends(run_cli: Callable[..., Any]) -> None:
    data = json.loads(
        run_cli("rules", "show", "901", "--edition", "2010-07-16-fr", "--format", "json").stdout
    )
    cited = {ref["id"]: ref["elsewhere"] for ref in data["references"]}
    assert cited == dict.fromkeys(
        ["806", "309", "103.6", "115.2f", "800.4a", "701.20", "309.6", "801"], "2011-07-15"
    )
    result = run_cli("rules", "show", "309.6", "--edition", "2010-07-16-fr", "--format", "json")
    assert result.exit_code == 0, result
    shown = json.loads(result.stdout)
    assert (shown["edition"], shown["requested_edition"]) == ("2011-07-15", "2010-07-16-fr")


def test_unknown_rule_names_the_nearest(run_cli: Callable[..., Any]) -> None:
    result = run_cli("rules", "show", "901.16")
    assert result.exit_code == 1, result
    assert result.stdout == ""
    assert result.stderr.splitlines()[0] == (
        "planarcli: error: no rule 901.16 in 2026-01-16; nearest: 901.15, 901.15a, 901.14"
    )
    assert "Traceback" not in result.stderr


#: 4,301 digits: Python's int() refuses digit strings this long (issue 15).
LONG_DIGITS = "9" * 4301


@pytest.mark.parametrize(
    "wanted", [f"901.{LONG_DIGITS}", f"901.{LONG_DIGITS}a", f"901.1{'a' * 5000}", LONG_DIGITS]
)
def test_absurdly_long_rule_ids_are_not_found_not_a_traceback(
    run_cli: Callable[..., Any], wanted: str
) -> None:
    result = run_cli("rules", "show", wanted)
    assert result.exit_code == 1, result
    assert result.stdout == ""
    assert result.stderr.startswith("planarcli: error: no rule ")
    assert "Traceback" not in result.stderr


def test_rules_901_cites_are_there_on_a_fresh_install(run_cli: Callable[..., Any]) -> None:
    for rule_id, first in [("701.31", "Planeswalk"), ("311", "Planes"), ("806", "Free-for-All")]:
        result = run_cli("rules", "show", rule_id, "--format", "json")
        assert result.exit_code == 0, result
        assert json.loads(result.stdout)["rules"][0]["text"].startswith(first)
    shown = ids(run_cli("rules", "show", "701.31", "--format", "json"))
    assert shown == ["701.31", "701.31a", "701.31b", "701.31c", "701.31d"]
    assert ids(run_cli("rules", "show", "116.2i", "--format", "json")) == ["116.2i"]


@pytest.mark.parametrize(
    ("term", "entry"),
    [
        ("planeswalk", "Planeswalk"),
        ("phenomenon", "Phenomenon"),
        ("planar die", "Planar Die"),
        ("encounter", "Encounter"),
        ("Planar Deck", "Planar Deck"),
        ("plane", "Plane"),
        ("planechase", "Planechase"),
        ("planeswalker symbol", "Planeswalker Symbol"),
    ],
)
def test_glossary_terms_on_a_fresh_install(
    run_cli: Callable[..., Any], term: str, entry: str
) -> None:
    result = run_cli("rules", "show", term, "--format", "json")
    assert result.exit_code == 0, result
    data = json.loads(result.stdout)
    assert [(r["id"], r["kind"]) for r in data["rules"]] == [(entry, "glossary")]
    assert all(ref["found"] for ref in data["references"]), data["references"]


@pytest.mark.parametrize(
    ("query", "section"), [("phenomena", "312"), ("Rolling a Die", "706"), ("planes", None)]
)
def test_a_section_by_its_title(
    run_cli: Callable[..., Any], query: str, section: str | None
) -> None:
    # "phenomena" is no glossary term (Phenomenon is) but the title of section 312
    result = run_cli("rules", "show", query, "--format", "json")
    assert result.exit_code == 0, result
    shown = ids(result)
    if section is None:  # a glossary term comes first: "planes" is the entry Plane
        assert shown == ["Plane"]
    else:
        assert shown[0] == section and all(i.startswith(section + ".") for i in shown[1:])
        assert len(shown) > 5


def test_old_glossary_term_with_italics_marks(run_cli: Callable[..., Any]) -> None:
    result = run_cli("rules", "show", "planar magic", "--edition", "2009-10-01", "--format", "json")
    assert result.exit_code == 0, result
    assert json.loads(result.stdout)["rules"][0]["id"] == "Planar _Magic_"


def test_rule_outside_the_corpus_says_what_the_edition_holds(run_cli: Callable[..., Any]) -> None:
    result = run_cli("rules", "show", "205.1")
    assert result.exit_code == 1
    assert "2026-01-16 holds section 901, the Planechase glossary" in result.stderr
    assert "https://magic.wizards.com/en/rules" in result.stderr
    seed = run_cli("rules", "show", "205.1", "--edition", "2024-09-20")
    assert seed.exit_code == 1
    assert "planarcli rules import" in seed.stderr


@pytest.mark.parametrize("wanted", ["311", "311.7", "116.2i", "planeswalk", "phenomenon"])
def test_what_a_quoting_edition_lacks_comes_from_where_its_references_go(
    run_cli: Callable[..., Any], wanted: str
) -> None:
    # 2024-09-20 quotes rule 901 and three glossary entries; its 901.9b says "see rule 311.7"
    # and `rules show 901 --edition 2024-09-20` lists 311.7 "in 2024-11-08": showing it with
    # --edition 2024-09-20 is not a dead end (issue 9)
    result = run_cli("rules", "show", wanted, "--edition", "2024-09-20", "--format", "json")
    assert result.exit_code == 0, result
    data = json.loads(result.stdout)
    assert (data["edition"], data["requested_edition"]) == ("2024-11-08", "2024-09-20")
    expected = finder.find(catalogue.load_edition("2024-11-08"), wanted)
    assert [(r["id"], r["text"]) for r in data["rules"]] == [(r.id, r.text) for r in expected]
    text = run_cli("rules", "show", wanted, "--edition", "2024-09-20")
    assert f"({wanted} is not in 2024-09-20, which holds only what its source quotes" in (
        " ".join(text.stdout.split())
    )


def test_what_the_quoting_edition_holds_is_its_own(run_cli: Callable[..., Any]) -> None:
    data = json.loads(run_cli("rules", "show", "chaos ability", "--edition", "2024-09-20",
                              "--format", "json").stdout)  # fmt: skip
    assert data["edition"] == "2024-09-20" and "requested_edition" not in data


@pytest.mark.parametrize(
    ("query", "suggestions"),
    [("901.99", ["901.15", "901.15a", "901.14"]), ("planar dye", ["Planar Die", "Planar Deck",
     "Plane"]), ("zzz", [])],
)  # fmt: skip
def test_nothing_found_in_json_is_still_one_json_document(
    run_cli: Callable[..., Any], query: str, suggestions: list[str]
) -> None:
    result = run_cli("rules", "show", query, "--format", "json")
    assert result.exit_code == 1, result
    assert json.loads(result.stdout) == {
        "query": query,
        "found": False,
        "suggestions": suggestions,
        "in_editions": [],
    }
    assert result.stderr.count("planarcli: error:") == 1


def test_a_term_of_other_editions_says_which(run_cli: Callable[..., Any]) -> None:
    # "encounter" came with the phenomena in 2012: in 2009 it is no typo
    result = run_cli("rules", "show", "encounter", "--edition", "2009-10-01", "--format", "json")
    assert result.exit_code == 1, result
    data = json.loads(result.stdout)
    assert data["found"] is False
    assert data["in_editions"][0] == "2012-06-01" and data["in_editions"][-1] == "2026-01-16"
    assert "2009-10-01" not in data["in_editions"] and "2024-09-20" not in data["in_editions"]
    assert "'encounter' is a glossary entry in 10 editions from 2012-06-01 to 2026-01-16" in (
        result.stderr
    )
    old = run_cli("rules", "show", "planar magic")
    assert "is a glossary entry in 3 editions from 2009-09-04 to 2010-02-01" in old.stderr


def test_a_section_held_in_part_says_so(run_cli: Callable[..., Any]) -> None:
    result = run_cli("rules", "show", "704")
    assert result.exit_code == 0, result
    assert "(only part of 704 is in 2026-01-16)" in result.stdout
    assert ids(run_cli("rules", "show", "704", "--format", "json")) == ["704.5k", "704.6f"]


@pytest.mark.parametrize(
    ("edition", "expected"),
    [("2011-13-45", "no rules edition with id 2011-13-45"), ("nonsense", "unknown rules edition")],
)
def test_unknown_edition_is_a_usage_error(
    run_cli: Callable[..., Any], edition: str, expected: str
) -> None:
    result = run_cli("rules", "show", "901.3", "--edition", edition)
    assert result.exit_code == 2, result
    assert result.stdout == ""
    assert expected in result.stderr
    assert "2026-01-16" in result.stderr and "2009-10-01" in result.stderr


@pytest.mark.parametrize(
    ("day", "in_force"),
    [
        ("2012-01-01", "2011-07-15"),  # between two editions: the older one was in force
        ("2012-07-01", "2012-06-01"),  # an edition planarcli does not have: the one before
        ("2024-10-01", "2024-09-20"),
        ("2009-09-04", "2009-09-04"),
        ("2099-01-01", "2026-01-16"),
    ],
)
def test_a_date_means_the_edition_in_force_that_day(
    run_cli: Callable[..., Any], day: str, in_force: str
) -> None:
    result = run_cli("rules", "show", "901.3", "--edition", day, "--format", "json")
    assert result.exit_code == 0, result
    assert json.loads(result.stdout)["edition"] == in_force
    if day != in_force:
        assert f"{day} is no edition's date; using {in_force}, the newest edition available" in (
            result.stderr
        )
    else:
        assert result.stderr == ""


def test_a_date_before_the_planechase_rules_is_a_usage_error(run_cli: Callable[..., Any]) -> None:
    result = run_cli("rules", "show", "901.3", "--edition", "2009-09-03")
    assert result.exit_code == 2, result
    assert "no Planechase rules were in effect on 2009-09-03" in result.stderr
    assert "2009-09-04" in result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["show", "901", "--edition", "nonsense"],
        ["history", "901.3", "--edition", "nonsense"],
        ["diff", "nonsense", "current"],
        ["search", "planar die", "--edition", "nonsense"],
    ],
)
def test_usage_errors_in_json_are_one_json_document(
    run_cli: Callable[..., Any], args: list[str]
) -> None:
    result = run_cli("rules", *args, "--format", "json")
    assert result.exit_code == 2, result
    error = json.loads(result.stdout)["error"]
    assert error["exit_code"] == 2
    assert error["message"].startswith("unknown rules edition 'nonsense'")
    assert result.stderr.count("planarcli: error: ") == 1


@pytest.mark.parametrize("bad", ["", "   ", "901.x", "!!", "9" * 500])
def test_bad_ids_never_crash(run_cli: Callable[..., Any], bad: str) -> None:
    result = run_cli("rules", "show", bad)
    assert result.exit_code in (1, 2), result
    assert result.stderr.startswith("planarcli: error: ")


def test_glossary_term(run_cli: Callable[..., Any]) -> None:
    result = run_cli("rules", "show", "chaos symbol", "--format", "json")
    assert result.exit_code == 0, result
    data = json.loads(result.stdout)
    assert data["rules"][0]["kind"] == "glossary"
    assert data["rules"][0]["id"] == "Chaos Symbol"
    both = run_cli("rules", "show", "chaos", "--format", "json")
    assert [r["id"] for r in json.loads(both.stdout)["rules"]] == ["Chaos Ability", "Chaos Symbol"]
    near = run_cli("rules", "show", "chaos symbl")
    assert near.exit_code == 1
    assert "Chaos Symbol" in near.stderr


def test_references_are_resolved(run_cli: Callable[..., Any]) -> None:
    result = run_cli("rules", "show", "901.9", "--format", "json")
    data = json.loads(result.stdout)
    refs = {ref["id"]: ref for ref in data["references"]}
    assert refs["901.8"]["found"] is True
    assert refs["901.8"]["preview"].startswith("Planechase games have")
    assert refs["116.2i"]["found"] is True
    assert refs["116.2i"]["preview"].startswith("In a Planechase game, rolling the planar die")
    assert refs["311.7"]["found"] is True  # 901.9b: "chaos ensues (see rule 311.7)"
    assert refs["706"]["found"] is True and refs["706"]["preview"] == "Rolling a Die"
    assert all(ref["elsewhere"] is None for ref in refs.values())


def test_text_output_has_see_also(run_cli: Callable[..., Any]) -> None:
    result = run_cli("rules", "show", "901.9")
    assert result.exit_code == 0
    out = result.stdout
    assert "901.9a" in out and "See also:" in out
    assert "311.7   Each plane card has a triggered ability" in out
    assert "not in" not in out.lower()
    assert "\x1b[" not in out  # no colour when not on a terminal


def test_references_outside_the_corpus_are_said_once(run_cli: Callable[..., Any]) -> None:
    # 312.7: "(This is a state-based action; see rule 704. See also rule 701.31, ...)"
    out = run_cli("rules", "show", "312").stdout
    outside = [line for line in out.splitlines() if line.startswith("Not in")]
    assert outside == [
        "Not in 2026-01-16: 704 (2026-01-16 holds section 901, the Planechase glossary"
    ]
    assert out.count("Not in") == 1 and "701.31  Planeswalk" in out
    # several at once are listed on one line
    many = run_cli("rules", "show", "801").stdout
    assert many.count("Not in 2026-01-16: ") == 1
    data = json.loads(run_cli("rules", "show", "801", "--format", "json").stdout)
    missing = [ref["id"] for ref in data["references"] if not ref["found"]]
    assert len(missing) > 1 and len(set(missing)) == len(missing)
    assert ", ".join(missing) in many.replace("\n  ", " ")


def test_find_references_variants() -> None:
    text = (
        "(See rule 311, “Planes,” and rule 312.) See Rule 309. (See rule 103.7.) "
        "Cf. règle 115.2f. See 706, “Rolling a Die.” rules 901.8 and 1001"
    )
    assert ruleids.find_references(text) == ["311", "312", "309", "103.7", "115.2f", "706", "901.8"]


def test_nearest_ids(current: corpus.Edition) -> None:
    assert finder.nearest_ids(current, "901.16") == ["901.15", "901.15a", "901.14"]
    assert finder.nearest_ids(current, "901.3c")[0] in {"901.3a", "901.3"}


def test_show_core_errors(current: corpus.Edition) -> None:
    with pytest.raises(NotFoundError):
        finder.find(current, "901.99")
    with pytest.raises(UsageError):
        finder.find(current, " ")


def test_fixture_corpus(monkeypatch: pytest.MonkeyPatch, run_cli: Callable[..., Any]) -> None:
    """The loader takes any rules folder; the fixtures (written from the seeds) load too."""
    monkeypatch.setattr(resources, "rules_dir", lambda: FIXTURES)
    result = run_cli("rules", "show", "901.14", "--edition", "2009-10-01", "--format", "json")
    assert ids(result) == ["901.14", "901.14a", "901.14b", "901.14c"]
    infos = catalogue.list_editions(FIXTURES, FIXTURES / "no-such-folder")
    assert {info.id for info in infos} >= {"2009-10-01", "2010-07-16-fr", "danish-guide"}


def _imported_edition(edition_id: str, rules: dict[str, str]) -> None:
    """A small hand-made imported English CR edition in the data folder."""
    import os

    folder = Path(os.environ["PLANARCLI_DATA_DIR"]) / "rules"
    folder.mkdir(parents=True, exist_ok=True)
    data = {
        "format": "planarcli-rules-edition",
        "schema_version": 1,
        "id": edition_id,
        "title": "Planechase",
        "lang": "en",
        "kind": "comprehensive-rules",
        "effective": edition_id,
        "translation_of": None,
        "rules": [{"id": rule_id, "text": text} for rule_id, text in rules.items()],
        "glossary": [],
    }
    (folder / f"{edition_id}.json").write_text(json.dumps(data), encoding="utf-8")


def test_see_also_follows_the_edition_nearest_in_date(run_cli: Callable[..., Any]) -> None:
    """2024-09-20 (from a seed: rule 901 only) follows its references into the official
    edition nearest in date, bundled or imported; editions read from official files hold
    what they cite and follow nothing elsewhere."""
    result = run_cli("rules", "show", "901.10", "--edition", "2024-09-20", "--format", "json")
    assert result.exit_code == 0, result
    refs = {ref["id"]: ref for ref in json.loads(result.stdout)["references"]}
    assert refs["800.4a"]["found"] is False
    assert refs["800.4a"]["elsewhere"] == "2024-11-08"
    assert refs["800.4a"]["preview"].startswith("When a player leaves the game")
    text = run_cli("rules", "show", "901.10", "--edition", "2024-09-20").stdout
    assert "800.4a  in 2024-11-08: When a player leaves the game" in text
    assert "--edition 2024-11-08" in text
    # an imported edition nearer in date wins
    _imported_edition("2024-10-01", {"800.4a": "Imported text of 800.4a.", "901": "Planechase"})
    _imported_edition("2016-01-16", {"800.4a": "Another rule numbered alike.", "901": "X"})
    infos = catalogue.list_editions()
    shown = catalogue.load_edition("2024-09-20")
    order = [e.id for e in finder.reference_sources(shown, infos)]
    assert order[:3] == ["2024-10-01", "2024-11-08", "2025-06-06"]
    assert "2016-01-16" in order and "2010-07-16-fr" not in order
    result = run_cli("rules", "show", "901.10", "--edition", "2024-09-20", "--format", "json")
    refs = {ref["id"]: ref for ref in json.loads(result.stdout)["references"]}
    assert refs["800.4a"]["elsewhere"] == "2024-10-01"
    assert list(finder.reference_sources(catalogue.load_edition("2026-01-16"), infos)) == []


def test_glossary_terms_complete_escaped_for_bash(monkeypatch: pytest.MonkeyPatch) -> None:
    import click

    from planarcli.commands.rules import complete_rule_id, rules

    context = click.Context(rules)
    argument = click.Argument(["rule_id"])
    monkeypatch.setenv("_PLANARCLI_COMPLETE", "bash_complete")
    values = [item.value for item in complete_rule_id(context, argument, "chaos")]
    assert "Chaos\\\\ Ability" in values  # Click's bash script unescapes one level
    monkeypatch.setenv("_PLANARCLI_COMPLETE", "zsh_complete")
    values = [item.value for item in complete_rule_id(context, argument, "chaos")]
    assert "Chaos Ability" in values


OFFICIAL_EDITIONS = [
    info.id for info in catalogue.list_editions() if info.is_english_cr and info.id != "2024-09-20"
]


@pytest.mark.parametrize("edition", OFFICIAL_EDITIONS)
def test_no_dead_end_from_901_or_the_glossary_in_any_official_edition(
    run_cli: Callable[..., Any], edition: str
) -> None:
    assert len(OFFICIAL_EDITIONS) == 14
    loaded = catalogue.load_edition(edition)
    section = finder.find(loaded, "901")
    assert not [ref.target for ref in finder.references(loaded, section) if not ref.found]
    for entry in loaded.glossary:
        shown = finder.find(loaded, entry.term)
        assert [rule.id for rule in shown] == [entry.term]
        assert all(ref.found for ref in finder.references(loaded, shown)), entry.term
    # one step further: what 901 cites cites nothing missing but whole sections
    cited = [
        rule
        for target in loaded.closure["cited"][0]  # type: ignore[index]
        for rule in finder.find(loaded, target)
    ]
    missing = [ref.target for ref in finder.references(loaded, cited) if not ref.found]
    assert all("." not in target for target in missing), missing


@pytest.mark.parametrize("wanted", [f"901.{'9' * 5000}", f"901.{'9' * 5000}a"])
def test_a_long_rule_id_is_echoed_shortened(run_cli: Callable[..., Any], wanted: str) -> None:
    """The error repeats at most ECHOED characters of what was typed, as for any other query."""
    result = run_cli("rules", "show", wanted)
    assert result.exit_code == 1, result
    first = result.stderr.splitlines()[0]
    assert first.startswith("planarcli: error: no rule 901.999"), first
    assert "..." in first and len(first) < 200, len(first)


@pytest.mark.parametrize("command", [["show", "901.1"], ["history", "901.1"], ["search", "die"]])
def test_a_long_unknown_edition_is_echoed_shortened(
    run_cli: Callable[..., Any], command: list[str]
) -> None:
    result = run_cli("rules", *command, "--edition", "9" * 5000)
    assert result.exit_code == 2, result
    first = result.stderr.splitlines()[0]
    assert first.startswith("planarcli: error: unknown rules edition '999"), first
    assert "..." in first and len(first) < 500, len(first)


def test_a_card_name_without_the_ruling_prefix_points_to_its_rulings(
    run_cli: Callable[..., Any],
) -> None:
    """A judge types the card's name: not a rule, but the card's rulings are one step away."""
    result = run_cli("rules", "show", "Spatial Merging")
    assert result.exit_code == 1, result
    assert "planarcli rules show 'ruling:Spatial Merging'" in result.stderr, result.stderr
    shown = run_cli("rules", "show", "ruling:Spatial Merging", "--format", "json")
    assert ids(shown)[0] == "ruling:spatial-merging.1"


def test_a_misspelt_card_in_a_ruling_id_suggests_the_card(run_cli: Callable[..., Any]) -> None:
    result = run_cli("rules", "show", "ruling:Spatial Mergng")
    assert result.exit_code == 1, result
    assert result.stderr.startswith("planarcli: error: no rule ruling:spatial-mergng in rulings")
    assert "planarcli rules show 'ruling:Spatial Merging'" in result.stderr, result.stderr
    data = json.loads(run_cli("rules", "show", "ruling:Spatial Mergng", "--format", "json").stdout)
    assert "ruling:spatial-merging" in data["suggestions"]


def test_a_ruling_id_of_a_card_without_rulings_says_so(run_cli: Callable[..., Any]) -> None:
    """Stairs to Infinity is a plane with no official ruling: not "no rule", a dead end."""
    result = run_cli("rules", "show", "ruling:Stairs to Infinity")
    assert result.exit_code == 1, result
    assert result.stderr.startswith("planarcli: error: no rule ruling:stairs-to-infinity")
    assert "Stairs to Infinity has no official rulings" in result.stderr, result.stderr
    assert "planarcli cards show 'Stairs to Infinity'" in result.stderr
    folded = run_cli("rules", "show", "ruling:stairs to infinity")
    assert "Stairs to Infinity has no official rulings" in folded.stderr, folded.stderr
    unknown = run_cli("rules", "show", "ruling:No Such Card")
    assert unknown.exit_code == 1 and "no official rulings" not in unknown.stderr

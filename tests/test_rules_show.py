"""``planarcli rules show``: rules with their subrules, sections, glossary terms, references."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from planarcli import resources
from planarcli.errors import NotFoundError, UsageError
from planarcli.rulebook import corpus

FIXTURES = Path(__file__).parent / "rules_fixtures"


def ids(result: Any) -> list[str]:
    data = json.loads(result.stdout)
    return [rule["id"] for rule in data["rules"]]


@pytest.fixture
def current() -> corpus.Edition:
    return corpus.load_edition("current")


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
    shown = ids(run_cli("rules", "show", "901", "--format", "json"))
    assert shown == [rule.id for rule in current.rules]
    assert shown[0] == "901" and "901.15c" in shown


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


def test_unknown_rule_names_the_nearest(run_cli: Callable[..., Any]) -> None:
    result = run_cli("rules", "show", "901.16")
    assert result.exit_code == 1, result
    assert result.stdout == ""
    assert result.stderr.splitlines()[0] == (
        "planarcli: error: no rule 901.16 in 2026-01-16; nearest: 901.15, 901.15a, 901.14"
    )
    assert "Traceback" not in result.stderr


def test_rule_outside_the_corpus_suggests_import(run_cli: Callable[..., Any]) -> None:
    result = run_cli("rules", "show", "701.31")
    assert result.exit_code == 1
    assert "planarcli rules import" in result.stderr


@pytest.mark.parametrize(
    ("edition", "expected"),
    [("2012-06-01", "no rules edition with id 2012-06-01"), ("nonsense", "unknown rules edition")],
)
def test_unknown_edition_is_a_usage_error(
    run_cli: Callable[..., Any], edition: str, expected: str
) -> None:
    result = run_cli("rules", "show", "901.3", "--edition", edition)
    assert result.exit_code == 2, result
    assert result.stdout == ""
    assert expected in result.stderr
    assert "2026-01-16" in result.stderr and "2009-10-01" in result.stderr


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
    assert refs["116.2i"]["found"] is False and refs["116.2i"]["preview"] is None
    assert refs["311.7"]["found"] is False
    assert refs["706"]["found"] is False  # "See 706, “Rolling a Die.”"


def test_text_output_has_see_also(run_cli: Callable[..., Any]) -> None:
    result = run_cli("rules", "show", "901.9")
    assert result.exit_code == 0
    out = result.stdout
    assert "901.9a" in out and "See also:" in out
    assert "not in the bundled corpus" in out
    assert "planarcli rules import" in out
    assert "\x1b[" not in out  # no colour when not on a terminal


def test_find_references_variants() -> None:
    text = (
        "(See rule 311, “Planes,” and rule 312.) See Rule 309. (See rule 103.7.) "
        "Cf. règle 115.2f. See 706, “Rolling a Die.” rules 901.8 and 1001"
    )
    assert corpus.find_references(text) == ["311", "312", "309", "103.7", "115.2f", "706", "901.8"]


def test_nearest_ids(current: corpus.Edition) -> None:
    assert corpus.nearest_ids(current, "901.16") == ["901.15", "901.15a", "901.14"]
    assert corpus.nearest_ids(current, "901.3c")[0] in {"901.3a", "901.3"}


def test_show_core_errors(current: corpus.Edition) -> None:
    with pytest.raises(NotFoundError):
        corpus.show(current, "901.99")
    with pytest.raises(UsageError):
        corpus.show(current, " ")


def test_fixture_corpus(monkeypatch: pytest.MonkeyPatch, run_cli: Callable[..., Any]) -> None:
    """The loader takes any rules folder; the fixtures (written from the seeds) load too."""
    monkeypatch.setattr(resources, "rules_dir", lambda: FIXTURES)
    result = run_cli("rules", "show", "901.14", "--edition", "2009-10-01", "--format", "json")
    assert ids(result) == ["901.14", "901.14a", "901.14b", "901.14c"]
    infos = corpus.list_editions(FIXTURES, FIXTURES / "no-such-folder")
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
    """2009-10-01's "see Rule 309.6" is 2009-09-04's 309.6, not 2016-08-26's other rule."""
    _imported_edition("2009-09-04", {"309.6": "Planeswalking ability of 2009.", "901": "Planar"})
    _imported_edition("2016-08-26", {"309.6": "Another rule numbered alike.", "901": "Planechase"})
    _imported_edition("2026-01-16", {"309.6": "Yet another one.", "901": "Planechase"})
    result = run_cli("rules", "show", "901.10", "--edition", "2009-10-01", "--format", "json")
    assert result.exit_code == 0, result
    refs = {ref["id"]: ref for ref in json.loads(result.stdout)["references"]}
    assert refs["309.6"]["found"] is False
    assert refs["309.6"]["elsewhere"] == "2009-09-04"
    text = run_cli("rules", "show", "901.10", "--edition", "2009-10-01")
    assert "--edition 2009-09-04" in text.stdout
    # from a later edition, the later file is nearer
    infos = corpus.list_editions()
    shown = corpus.load_edition("2024-09-20")
    order = [e.id for e in corpus.reference_sources(shown, infos)]
    assert order == ["2026-01-16", "2016-08-26", "2009-09-04"]


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

"""The official card rulings bundled as the document ``rulings`` (rules/rulings.json), built by
scripts/build_rules.py from ../shared/data/planar-rulings.tsv, and how ``rules show``,
``rules editions`` and ``rules diff`` treat it."""

from __future__ import annotations

import csv
import json
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from conftest import load_script

from planarcli.rulebook import catalogue, ruleids
from planarcli.schemacheck import schema_errors
from tests.conftest import requires_shared_data

REPO = Path(__file__).resolve().parents[2]
RULINGS = REPO / "rules" / "rulings.json"
TSV = REPO.parent / "shared" / "data" / "planar-rulings.tsv"
HEADER = "name\tdate\truling\tsource\n"
SOURCE = "AUTRE04216/jsonSets@ca38aa7:OHOP.json"


def build_script() -> ModuleType:
    return load_script(REPO / "scripts" / "build_rules.py")


def bundled() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(RULINGS.read_text(encoding="utf-8"))
    return data


def test_the_document_fits_the_agreed_format() -> None:
    data = bundled()
    assert schema_errors(data, "rules-edition.schema.json") == []
    header = {key: data[key] for key in ("id", "kind", "lang", "effective", "title")}
    assert header == {
        "id": "rulings",
        "kind": "rulings",
        "lang": "en",
        "effective": None,
        "title": "Official card rulings",
    }
    assert data["glossary"] == [] and data["translation_of"] is None and "closure" not in data
    assert "planar-rulings.tsv" in data["source"]["document"]
    assert "ORACLE-SOURCES.md" in data["source"]["document"]
    # the rulings, then each card's Oracle text (tests/rulebook/search/test_card_texts.py)
    rulings = ruling_entries(data)
    assert len(rulings) == 512 and len({r["card"] for r in rulings}) == 109
    assert len(data["rules"]) == 512 + 207
    for rule in rulings:
        assert set(rule) == {"id", "text", "card", "date", "source"}, rule["id"]
    for rule in data["rules"][512:]:
        assert set(rule) == {"id", "text", "card", "type_line", "source"}, rule["id"]
    by_id = {rule["id"]: rule for rule in rulings}
    assert len(by_id) == 512
    assert by_id["ruling:spatial-merging.1"]["text"].startswith("If a player rolls {CHAOS}, both")
    assert by_id["ruling:spatial-merging.2"]["card"] == "Spatial Merging"
    assert by_id["ruling:spatial-merging.2"]["date"] == "2012-06-01"
    assert "ruling:spatial-merging.4" not in by_id


def ruling_entries(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The rulings of the rulings document (not the cards' Oracle texts)."""
    return [rule for rule in data["rules"] if rule["id"].startswith("ruling:")]


def test_each_card_is_numbered_oldest_first_from_one() -> None:
    seen: dict[str, list[tuple[int, str]]] = {}
    for rule in ruling_entries(bundled()):
        slug, _, number = rule["id"].removeprefix("ruling:").rpartition(".")
        seen.setdefault(slug, []).append((int(number), rule["date"]))
    for numbered in seen.values():
        assert [n for n, _ in numbered] == list(range(1, len(numbered) + 1))
        assert [d for _, d in numbered] == sorted(d for _, d in numbered)


@requires_shared_data
@pytest.mark.shared
def test_every_row_of_the_tsv_is_one_entry_verbatim() -> None:
    with TSV.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.reader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))[1:]
    entries = [(r["card"], r["date"], r["text"], r["source"]) for r in ruling_entries(bundled())]
    assert sorted(entries) == sorted(tuple(row) for row in rows)


def test_card_slugs() -> None:
    slug = build_script().card_slug
    assert slug("Spatial Merging") == "spatial-merging"
    assert slug("The Æther Flues") == "the-aether-flues"
    assert slug("Human—Time Lord Meta-Crisis") == "human-time-lord-meta-crisis"
    assert slug("Amy's Home") == "amy-s-home"
    assert slug("Naya (Plane) ") == "naya-plane"
    assert slug("Sélesnya   Loft") == "selesnya-loft"


def test_numbering_is_by_date_with_ties_in_file_order(tmp_path: Path) -> None:
    build = build_script()
    tsv = tmp_path / "rulings.tsv"
    tsv.write_text(
        HEADER
        + f"Card B\t2012-06-01\tLater one.\t{SOURCE}\n"
        + f"Card B\t2009-10-01\tFirst tie, first in the file.\t{SOURCE}\n"
        + f"Card B\t2009-10-01\tSecond tie.\t{SOURCE}\n"
        + f"Card A\t2023-04-14\tThe only one.\t{SOURCE}\n",
        encoding="utf-8",
    )
    oracle = tmp_path / "oracle.tsv"  # no card texts
    oracle.write_text("name\toracle_id\ttype_line\toracle_text\tsource\n", encoding="utf-8")
    rules = build.build_rulings(tsv, oracle)["rules"]
    assert [(r["id"], r["text"]) for r in rules] == [
        ("ruling:card-b.1", "First tie, first in the file."),
        ("ruling:card-b.2", "Second tie."),
        ("ruling:card-b.3", "Later one."),
        ("ruling:card-a.1", "The only one."),
    ]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("", "expected the columns"),
        (HEADER + f"Card\t2012-6-1\tText.\t{SOURCE}\n", "date or source"),
        (HEADER + "Card\t2012-06-01\tText.\n", "expected 4 columns"),
        (HEADER + f"Card\t2012-06-01\t Text.\t{SOURCE}\n", "outer spaces"),
        (HEADER + f"Café\t2012-06-01\tA.\t{SOURCE}\nCafe\t2012-06-01\tB.\t{SOURCE}\n", "one id"),
    ],
)
def test_a_malformed_tsv_stops_the_build(tmp_path: Path, body: str, message: str) -> None:
    build = build_script()
    tsv = tmp_path / "rulings.tsv"
    tsv.write_text(body, encoding="utf-8")
    with pytest.raises(build.SeedError, match=message):
        build.build_rulings(tsv)
    with pytest.raises(build.SeedError, match="cannot read"):
        build.build_rulings(tmp_path / "absent.tsv")


def test_rules_show_prints_a_ruling_with_its_card_and_date(run_cli: Callable[..., Any]) -> None:
    result = run_cli("rules", "show", "ruling:spatial-merging.2")
    assert result.exit_code == 0, result
    assert "Official card rulings — rulings" in result.stdout
    assert "ruling:spatial-merging.2 Spatial Merging (2012-06-01): The next time a player" in (
        " ".join(result.stdout.split())
    )
    result = run_cli("rules", "show", "Ruling:Spatial-Merging", "--format", "json")
    data = json.loads(result.stdout)
    assert data["edition"] == "rulings"
    assert [r["id"] for r in data["rules"]] == [f"ruling:spatial-merging.{n}" for n in (1, 2, 3)]
    assert data["rules"][0]["kind"] == "ruling" and data["rules"][0]["card"] == "Spatial Merging"
    assert data["rules"][0]["date"] == "2012-06-01"
    # an ordinary rule has no card keys
    rule = json.loads(run_cli("rules", "show", "901.3", "--format", "json").stdout)["rules"][0]
    assert "card" not in rule and rule["kind"] == "rule"


def test_a_ruling_id_may_be_written_with_the_card_name(run_cli: Callable[..., Any]) -> None:
    for asked in (
        "ruling:Spatial Merging.2",
        "RULING:spatial merging.2",
        "ruling: Spatial  Merging .2",
    ):
        result = run_cli("rules", "show", asked, "--format", "json")
        assert result.exit_code == 0, (asked, result)
        assert [r["id"] for r in json.loads(result.stdout)["rules"]] == ["ruling:spatial-merging.2"]
    result = run_cli("rules", "show", "ruling:The Æther Flues", "--format", "json")
    assert result.exit_code == 0, result
    assert json.loads(result.stdout)["rules"][0]["card"] == "The Aether Flues"
    build = build_script()
    for rule in bundled()["rules"]:  # the two slug functions agree on every card
        assert ruleids.ruling_slug(rule["card"]) == build.card_slug(rule["card"])


@pytest.mark.parametrize(
    ("written", "named"),
    [
        ("ruling:Spatial Merging.2", "Spatial Merging.2"),
        ("  RULING: spatial merging ", " spatial merging"),
        ("Ruling:", ""),
        ("ruling", None),
        ("rulings:x", None),
        ("901.3", None),
        ("Spatial Merging", None),
    ],
)
def test_a_ruling_id_is_known_by_its_prefix_in_any_case(written: str, named: str | None) -> None:
    """The one check of the ``ruling:`` prefix that show, its hints and the id reader share."""
    assert ruleids.ruling_named(written) == named


def test_rules_show_of_a_ruling_that_does_not_exist(run_cli: Callable[..., Any]) -> None:
    result = run_cli("rules", "show", "ruling:spatial-merging.9")
    assert result.exit_code == 1
    assert "no rule ruling:spatial-merging.9 in rulings; nearest: ruling:spatial-merging.3" in (
        result.stderr
    )


def test_diff_and_history_leave_the_rulings_alone(run_cli: Callable[..., Any]) -> None:
    result = run_cli("rules", "diff", "rulings", "2026-01-16")
    assert result.exit_code == 2 and "as are the card rulings" in result.stderr
    result = run_cli("rules", "history", "901.3", "--edition", "rulings")
    assert result.exit_code == 2 and "rulings is a rulings" in result.stderr


def test_the_loader_keeps_each_rulings_card_and_date() -> None:
    loaded = catalogue.load_edition("rulings")
    rule = loaded.rule("ruling:spatial-merging.1")
    assert rule is not None
    assert (rule.kind, rule.card, rule.date) == ("ruling", "Spatial Merging", "2012-06-01")
    plain = catalogue.load_edition("current").rule("901.3")
    assert plain is not None and (plain.kind, plain.card, plain.date) == ("rule", None, None)

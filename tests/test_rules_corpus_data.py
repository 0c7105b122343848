"""The bundled rules corpus (rules/*.json): schema, manifest, the repairs, and agreement with
the seeds (rebuilt by scripts/build_rules.py) and with the official rules files."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from planarcli.rulebook.crtext import parse_comprehensive_rules
from planarcli.schemacheck import schema_errors

REPO = Path(__file__).resolve().parents[1]
RULES = REPO / "rules"
SHARED = Path(__file__).resolve().parents[2] / "shared"
SEEDS = SHARED / "seeds"
CR_DIR = SHARED / "data" / "cr"
needs_seeds = pytest.mark.skipif(not SEEDS.is_dir(), reason=f"{SEEDS} is absent")
needs_real_files = pytest.mark.skipif(not CR_DIR.is_dir(), reason=f"{CR_DIR} is absent")

EXPECTED_EDITIONS = {
    # id: (title, lang, kind, effective, number of rules/paragraphs)
    "2009-10-01": ("Planar Magic", "en", "comprehensive-rules", "2009-10-01", 32),
    "2010-07-16-fr": ("Magic Planaire", "fr", "translation", "2010-07-16", 32),
    "2024-09-20": ("Planechase", "en", "comprehensive-rules", "2024-09-20", 36),
    "2026-01-16": ("Planechase", "en", "comprehensive-rules", "2026-01-16", 36),
    "eternities-map": ("Blind Eternities Map", "en", "variant", None, 1),
    "danish-guide": ("Hvad er planechase?", "da", "guide", None, 22),
    "tactical-multiplayer": ("It's the Magic: You Are Here, Part Two", "en", "variant", None, 21),
}


def load(name: str) -> Any:
    with (RULES / name).open(encoding="utf-8") as handle:
        return json.load(handle)


def edition(edition_id: str) -> dict[str, Any]:
    data: dict[str, Any] = load(f"{edition_id}.json")
    return data


def texts(data: dict[str, Any], section: str | None = None) -> dict[str, str]:
    return {
        rule["id"]: rule["text"]
        for rule in data["rules"]
        if section is None or rule["id"].split(".")[0] == section
    }


def test_manifest_fits_its_schema_and_lists_every_file() -> None:
    manifest = load("manifest.json")
    assert schema_errors(manifest, "rules-manifest.schema.json") == []
    listed = [entry["file"] for entry in manifest["editions"]]
    on_disk = sorted(p.name for p in RULES.glob("*.json") if p.name != "manifest.json")
    assert sorted(listed) == on_disk
    assert manifest["current"] == "2026-01-16"
    assert [entry["id"] for entry in manifest["editions"]] == list(EXPECTED_EDITIONS)


@pytest.mark.parametrize("edition_id", list(EXPECTED_EDITIONS))
def test_edition_file(edition_id: str) -> None:
    data = edition(edition_id)
    assert schema_errors(data, "rules-edition.schema.json") == []
    title, lang, kind, effective, count = EXPECTED_EDITIONS[edition_id]
    assert (data["id"], data["title"], data["lang"], data["kind"], data["effective"]) == (
        edition_id,
        title,
        lang,
        kind,
        effective,
    )
    assert len(data["rules"]) == count
    rule_ids = [rule["id"] for rule in data["rules"]]
    assert len(set(rule_ids)) == len(rule_ids)
    entry = next(e for e in load("manifest.json")["editions"] if e["id"] == edition_id)
    translation = {"translation_of": data["translation_of"]} if data["translation_of"] else {}
    assert entry == {
        "id": edition_id,
        "file": f"{edition_id}.json",
        "title": title,
        "lang": lang,
        "kind": kind,
        "effective": effective,
        **translation,
    }
    source = data["source"]
    assert source["seed"] and (SEEDS / source["seed"]).name == source["seed"]
    assert source["document"] and source["notes"]
    for rule in data["rules"]:
        assert rule["text"] == rule["text"].strip(), rule["id"]
        if kind in {"guide", "variant"}:
            assert re.fullmatch(rf"{re.escape(edition_id)}\.\d+", rule["id"])


def test_2024_09_20_from_the_wiki() -> None:
    data = edition("2024-09-20")
    rules = texts(data)
    assert list(rules)[:6] == ["901", "901.1", "901.2", "901.3", "901.3a", "901.4"]
    assert rules["901.4"].startswith("All plane and phenomenon cards remain in the command zone")
    assert "901.4.All" in data["source"]["notes"]
    assert any("901.3a" in repair for repair in data["source"]["repairs"])
    assert "of the game of the game" in rules["901.14a"]
    assert "See rule 701.24" in rules["901.11"]
    assert [g["term"] for g in data["glossary"]] == [
        "Chaos Ability",
        "Chaos Symbol",
        "Planeswalker Symbol",
    ]
    assert "The act of moving from one plane to another" not in json.dumps(data["glossary"])
    assert not any(line.startswith("- ") for line in rules.values())


def test_2026_01_16_differs_from_2024_09_20_only_in_the_701_31_references() -> None:
    old, new = edition("2024-09-20"), edition("2026-01-16")
    old_rules, new_rules = texts(old), texts(new)
    assert list(old_rules) == list(new_rules)
    changed = {rule_id for rule_id in old_rules if old_rules[rule_id] != new_rules[rule_id]}
    assert changed == {"901.8", "901.11"}
    for rule_id in changed:
        assert new_rules[rule_id] == old_rules[rule_id].replace("701.24", "701.31")
    assert new["glossary"] == old["glossary"]
    assert "derived from the 2024-09-20 seed" in new["source"]["notes"].lower()


def test_2009_10_01_from_gatherer() -> None:
    data = edition("2009-10-01")
    rules = texts(data)
    assert rules["901"] == "Planar Magic"
    assert rules["901.14"] == "Single Planar Deck Option"
    assert "single communal planar deck" in rules["901.14a"]
    assert "See Rule 805" in rules["901.2"]
    dump = json.dumps(data["rules"], ensure_ascii=False)
    assert "CompRules" not in dump and "•" not in dump


def test_french_translation_repairs() -> None:
    data = edition("2010-07-16-fr")
    rules = texts(data)
    assert data["translation_of"] == "2010-07-16"
    assert rules["901.3a"].endswith(
        "Une face comporte le symbole du chaos {C}. Les autres faces sont vierges."
    )
    assert rules["901.8b"] == (
        "Si le dé tombe sur le symbole du chaos {C}, toute capacité du plan commençant par "
        "« Quand vous obtenez {C} » se déclenche et est mise sur la pile. Le joueur actif "
        "reçoit la priorité."
    )
    assert "ce tour-ci. Il s'agit" in rules["901.8"]
    assert "(Cf. règle 800.4a.) Si cela inclut" in rules["901.9"]
    assert all("\n" not in text and "  " not in text for text in rules.values())
    repairs = " ".join(data["source"]["repairs"])
    for rule_id in ("901.3a", "901.8:", "901.8b", "901.9"):
        assert rule_id in repairs


def test_documents_have_headings_where_the_seed_has_them() -> None:
    danish = edition("danish-guide")
    headings = [rule.get("heading") for rule in danish["rules"]]
    assert headings[:3] == [None, None, None]
    assert headings[3] == "Generelle spilleregler"
    assert danish["rules"][4]["text"].startswith("Der vil et (eller nogle gange flere) flykort")
    tactical = edition("tactical-multiplayer")
    assert tactical["rules"][-1]["heading"] == "Advanced Rules"
    assert tactical["rules"][5]["text"] == (
        "That player becomes The Archenemy and that plane becomes the Seat of Power."
    )
    eternities = edition("eternities-map")
    assert "Blind Eternities Map" in eternities["rules"][0]["text"]
    assert "[3]" not in eternities["rules"][0]["text"]


def _build_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "build_rules", REPO / "scripts" / "build_rules.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@needs_seeds
def test_the_corpus_is_exactly_what_the_build_script_makes_from_the_seeds() -> None:
    build = _build_script()
    files = build.build_corpus(SEEDS)
    assert sorted(files) == sorted(p.name for p in RULES.glob("*.json"))
    for name, content in files.items():
        assert (RULES / name).read_text(encoding="utf-8") == build.dump(content), name


@needs_seeds
def test_build_script_check_mode(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    build = _build_script()
    assert build.main([str(SEEDS), "--out", str(tmp_path), "--check"]) == 1
    assert build.main([str(SEEDS), "--out", str(tmp_path)]) == 0
    assert build.main([str(SEEDS), "--out", str(tmp_path), "--check"]) == 0
    assert build.main([str(tmp_path / "no-seeds"), "--out", str(tmp_path)]) == 2
    assert "cannot read seed" in capsys.readouterr().err


# --------------------------------------------------------------------------- official files


def official(date: str) -> dict[str, Any]:
    path = CR_DIR / f"MagicCompRules-{date}.txt"
    return parse_comprehensive_rules(path.read_bytes(), source_name=path.name)


@needs_real_files
@pytest.mark.shared
def test_current_edition_matches_the_official_2026_01_16_file_exactly() -> None:
    bundled = edition("2026-01-16")
    parsed = official("2026-01-16")
    assert [r for r in parsed["rules"] if r["id"].split(".")[0] == "901"] == bundled["rules"]
    parsed_glossary = {entry["term"]: entry["text"] for entry in parsed["glossary"]}
    for entry in bundled["glossary"]:
        assert parsed_glossary[entry["term"]] == entry["text"]


@needs_real_files
@pytest.mark.shared
def test_seed_edition_matches_the_official_files_around_it() -> None:
    bundled = edition("2024-09-20")
    for date in ("2024-11-08",):
        parsed = official(date)
        assert [r for r in parsed["rules"] if r["id"].split(".")[0] == "901"] == bundled["rules"]


@needs_real_files
@pytest.mark.shared
def test_gatherer_2009_10_01_differs_from_the_official_file_only_as_documented() -> None:
    bundled = texts(edition("2009-10-01"))
    parsed = texts(official("2009-10-01"), "901")
    assert list(parsed) == list(bundled)
    differing = {rule_id for rule_id in parsed if parsed[rule_id] != bundled[rule_id]}
    assert differing == {
        "901.1", "901.2", "901.3", "901.5", "901.8", "901.9", "901.10", "901.10a", "901.12",
    }  # fmt: skip
    for rule_id, text in parsed.items():
        gatherer_style = re.sub(r"\b([Ss]ee) rule\b", r"\1 Rule", text).replace("_Magic_", "Magic")
        assert gatherer_style == bundled[rule_id], rule_id
    assert parsed["901.1"].count("_Magic_") == 1

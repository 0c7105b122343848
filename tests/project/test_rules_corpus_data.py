"""The bundled rules corpus (rules/*.json): schema, manifest, the repairs, and agreement with
the seeds (rebuilt by scripts/build_rules.py) and with the official rules files."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from planarcli.rulebook.crtext import dump_edition, parse_comprehensive_rules
from planarcli.schemacheck import schema_errors
from tests.conftest import load_script, requires_shared_data

REPO = Path(__file__).resolve().parents[2]
RULES = REPO / "rules"
SHARED = Path(__file__).resolve().parents[3] / "shared"
SEEDS = SHARED / "seeds"
CR_DIR = SHARED / "data" / "cr"
needs_seeds = pytest.mark.skipif(not SEEDS.is_dir(), reason=f"{SEEDS} is absent")
needs_real_files = pytest.mark.skipif(not CR_DIR.is_dir(), reason=f"{CR_DIR} is absent")

#: The 14 official files in ../shared/data/cr: date -> title of section 901.
OFFICIAL = {
    "2009-09-04": "Planar Magic",
    "2009-10-01": "Planar Magic",
    "2010-02-01": "Planar Magic",
    "2011-07-15": "Planechase",
    "2012-06-01": "Planechase",
    "2013-05-01": "Planechase",
    "2013-07-13": "Planechase",
    "2016-08-26": "Planechase",
    "2021-07-23": "Planechase",
    "2022-10-07": "Planechase",
    "2023-04-14": "Planechase",
    "2024-11-08": "Planechase",
    "2025-06-06": "Planechase",
    "2026-01-16": "Planechase",
}
#: id: (title, lang, kind, effective, number of rules/paragraphs; None for an official file),
#: in manifest order
EXPECTED_EDITIONS: dict[str, tuple[str, str, str, str | None, int | None]] = {
    **{
        date: (title, "en", "comprehensive-rules", date, 36 if date == "2024-09-20" else None)
        for date, title in sorted({**OFFICIAL, "2024-09-20": "Planechase"}.items())
    },
    "2010-07-16-fr": ("Magic Planaire", "fr", "translation", "2010-07-16", 32),
    "eternities-map": ("Blind Eternities Map", "en", "variant", None, 1),
    "danish-guide": ("Hvad er planechase?", "da", "guide", None, 22),
    "tactical-multiplayer": ("It's the Magic: You Are Here, Part Two", "en", "variant", None, 21),
    # 512 rulings and the Oracle texts of the 207 cards
    "rulings": ("Official card rulings", "en", "rulings", None, 512 + 207),
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
    if count is not None:
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
    if edition_id in OFFICIAL:  # read from the official file, with the closure
        assert source["seed"] is None and len(source["sha256"]) == 64
        assert f"MagicCompRules-{edition_id}.txt" in source["notes"]
        assert data["closure"]["depth"] == 2 and data["closure"]["roots"] == ["901"]
    else:
        assert source["seed"] and (SEEDS / source["seed"]).name == source["seed"]
        assert "closure" not in data
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


def test_2026_01_16_901_is_the_2024_09_20_seed_with_the_701_31_references() -> None:
    old, new = texts(edition("2024-09-20")), texts(edition("2026-01-16"), "901")
    assert list(old) == list(new)
    changed = {rule_id for rule_id in old if old[rule_id] != new[rule_id]}
    assert changed == {"901.8", "901.11"}
    for rule_id in changed:
        assert new[rule_id] == old[rule_id].replace("701.24", "701.31")
    seed_glossary = edition("2024-09-20")["glossary"]
    current_glossary = {e["term"]: e["text"] for e in edition("2026-01-16")["glossary"]}
    for entry in seed_glossary:
        assert current_glossary[entry["term"]] == entry["text"]


def test_current_edition_is_the_whole_planechase_rulebook() -> None:
    """Issue 9: `rules show` of what 901 cites never dead-ends on a fresh install."""
    data = edition("2026-01-16")
    rules = texts(data)
    for rule_id in (
        "311",
        "311.7",
        "312.7",
        "701.31",
        "701.31d",
        "706.7",
        "801.1",
        "806.1",
        "807.1",
        "810.1",
        "103.7",
        "113.8",
        "116.2i",
        "704.6f",
        "800.4a",
    ):
        assert rule_id in rules, rule_id  # fmt: skip
    assert rules["311"] == "Planes" and rules["807"] == "Grand Melee Variant"
    assert [g["term"] for g in data["glossary"]] == [
        "Chaos Ability", "Chaos Symbol", "Encounter", "Phenomenon", "Planar Deck", "Planar Die",
        "Plane", "Planechase", "Planeswalk", "Planeswalker Symbol",
    ]  # fmt: skip


def test_2009_10_01_is_the_official_text() -> None:
    data = edition("2009-10-01")
    rules = texts(data, "901")
    assert len(rules) == 32
    assert rules["901"] == "Planar Magic"
    assert rules["901.14"] == "Single Planar Deck Option"
    assert "single communal planar deck" in rules["901.14a"]
    assert 'See rule 805, "Free-for-All Variant."' in rules["901.2"]  # Gatherer: "See Rule"
    assert "a _Magic_ game" in rules["901.1"]
    assert "Rule 309" not in json.dumps(data["rules"])
    assert texts(data)["309"] == "Planes"


@needs_seeds
def test_gatherer_seed_differs_from_the_official_2009_10_01_only_as_documented() -> None:
    build = _build_script()
    gatherer = build.gatherer_rules(SEEDS)
    official = texts(edition("2009-10-01"), "901")
    assert list(official) == ["901", *gatherer]
    differing = {rule_id for rule_id in gatherer if official[rule_id] != gatherer[rule_id]}
    assert differing == {
        "901.1", "901.2", "901.3", "901.5", "901.8", "901.9", "901.10", "901.10a", "901.12",
    }  # fmt: skip
    for rule_id, text in gatherer.items():
        assert build.gatherer_style(official[rule_id]) == text, rule_id


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
    return load_script(REPO / "scripts" / "build_rules.py")


@cache
def _built_corpus() -> tuple[ModuleType, dict[str, Any]]:
    """The build script and what it makes of the seeds and the official files, built once for
    the two tests that compare it with the bundle (one xdist group, so on one worker)."""
    build = _build_script()
    return build, build.build_corpus(SEEDS, CR_DIR)


@requires_shared_data
@pytest.mark.shared
@pytest.mark.xdist_group("rules-corpus-build")
def test_the_corpus_is_exactly_what_the_build_script_makes() -> None:
    build, files = _built_corpus()
    assert sorted(files) == sorted(p.name for p in RULES.glob("*.json"))
    for name, content in files.items():
        assert (RULES / name).read_text(encoding="utf-8") == build.dump(name, content), name


@needs_real_files
@pytest.mark.shared
@pytest.mark.parametrize("date", sorted(OFFICIAL))
def test_bundled_edition_is_what_the_reader_makes_of_the_official_file(date: str) -> None:
    """The offline round trip: the bundled file is byte for byte what `rules import` (the
    same reader, the same writer) makes of the official file."""
    path = CR_DIR / f"MagicCompRules-{date}.txt"
    parsed = parse_comprehensive_rules(path.read_bytes(), source_name=path.name)
    assert (RULES / f"{date}.json").read_text(encoding="utf-8") == dump_edition(parsed)


def test_official_files_are_all_bundled() -> None:
    manifest = load("manifest.json")["editions"]
    listed = {entry["id"] for entry in manifest if entry["kind"] == "comprehensive-rules"}
    assert listed == {*OFFICIAL, "2024-09-20"}
    if CR_DIR.is_dir():
        assert sorted(p.name for p in CR_DIR.glob("MagicCompRules-*.txt")) == [
            f"MagicCompRules-{date}.txt" for date in OFFICIAL
        ]


@pytest.mark.slow
@requires_shared_data
@pytest.mark.shared
@pytest.mark.xdist_group("rules-corpus-build")
def test_build_script_check_mode(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    build, built = _built_corpus()  # built once: this test is about comparing and writing
    real_build = build.build_corpus

    def build_once(seeds: Path, cr_dir: Path, *rulings: Path) -> Any:
        if (seeds, cr_dir) == (SEEDS, CR_DIR):
            return built
        return real_build(seeds, cr_dir, *rulings)

    monkeypatch.setattr(build, "build_corpus", build_once)
    where = ["--seeds", str(SEEDS), "--cr", str(CR_DIR), "--out", str(tmp_path)]
    assert build.main([*where, "--check"]) == 1
    assert build.main(where) == 0
    assert build.main([*where, "--check"]) == 0
    (tmp_path / "stray.json").write_text("{}", encoding="utf-8")
    assert build.main([*where, "--check"]) == 1
    assert "stray.json: not built by this script" in capsys.readouterr().out
    assert build.main(where) == 0 and not (tmp_path / "stray.json").exists()
    assert build.main([*where, "--check"]) == 0
    assert build.main(["--seeds", str(tmp_path / "no-seeds"), "--cr", str(CR_DIR)]) == 2
    assert "cannot read seed" in capsys.readouterr().err
    assert build.main(["--seeds", str(SEEDS), "--cr", str(tmp_path)]) == 2
    assert "no official rules files" in capsys.readouterr().err


@pytest.mark.slow
@requires_shared_data
@pytest.mark.shared
def test_build_stops_when_a_seed_contradicts_an_official_file(tmp_path: Path) -> None:
    build = _build_script()
    seeds = tmp_path / "seeds"
    seeds.mkdir()
    for seed in SEEDS.iterdir():
        text = seed.read_text(encoding="utf-8")
        if seed.name == build.SEED_WIKI:
            text = text.replace("One face has the chaos symbol.", "One face has a chaos symbol.")
        (seeds / seed.name).write_text(text, encoding="utf-8")
    with pytest.raises(build.SeedError, match="2024-11-08"):
        build.build_corpus(seeds, CR_DIR)


# --------------------------------------------------------------------------- official files


def official(date: str) -> dict[str, Any]:
    path = CR_DIR / f"MagicCompRules-{date}.txt"
    return parse_comprehensive_rules(path.read_bytes(), source_name=path.name)


@needs_real_files
@pytest.mark.shared
def test_seed_edition_matches_the_official_files_around_it() -> None:
    bundled = edition("2024-09-20")
    parsed = official("2024-11-08")
    assert [r for r in parsed["rules"] if r["id"].split(".")[0] == "901"] == bundled["rules"]
    parsed_glossary = {entry["term"]: entry["text"] for entry in parsed["glossary"]}
    for entry in bundled["glossary"]:
        assert parsed_glossary[entry["term"]] == entry["text"]


def test_passage_ids_users_cite_are_stable() -> None:
    """Users and scripts cite passages by id: rebuilding must never renumber them."""
    for document, count in (
        ("danish-guide", 22),
        ("eternities-map", 1),
        ("tactical-multiplayer", 21),
    ):
        assert list(texts(edition(document))) == [f"{document}.{n}" for n in range(1, count + 1)]
    assert texts(edition("danish-guide"))["danish-guide.19"] == (
        "Din planar deck skal have mindst ti kort i det."
    )
    assert texts(edition("eternities-map"))["eternities-map.1"].startswith(
        "In response to the observation that playing with a single planar deck"
    )
    assert list(texts(edition("2010-07-16-fr")))[:3] == ["901", "901.1", "901.2"]

"""``planarcli rules editions`` and the corpus loader: bundled and imported editions."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
import pytest

from planarcli import marshalcache, resources
from planarcli.commands import rules as rules_commands
from planarcli.errors import DataUnavailableError, UsageError
from planarcli.rulebook import catalogue
from planarcli.rulebook.current import resolve_edition

#: the English editions read from the 14 official files, plus 2024-09-20 from its seed
ENGLISH = [
    "2009-09-04", "2009-10-01", "2010-02-01", "2011-07-15", "2012-06-01", "2013-05-01",
    "2013-07-13", "2016-08-26", "2021-07-23", "2022-10-07", "2023-04-14", "2024-09-20",
    "2024-11-08", "2025-06-06", "2026-01-16",
]  # fmt: skip
BUNDLED = {
    *ENGLISH, "2010-07-16-fr", "danish-guide", "eternities-map", "tactical-multiplayer", "rulings"
}  # fmt: skip


def imported_dir() -> Path:
    folder = Path(os.environ["PLANARCLI_DATA_DIR"]) / "rules"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def bundled_json(edition_id: str) -> dict[str, Any]:
    with (resources.rules_dir() / f"{edition_id}.json").open(encoding="utf-8") as handle:
        data: dict[str, Any] = json.load(handle)
    return data


def write_edition(data: dict[str, Any], name: str | None = None) -> Path:
    path = imported_dir() / (name or f"{data['id']}.json")
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def editions(run_cli: Callable[..., Any]) -> dict[str, dict[str, Any]]:
    result = run_cli("rules", "editions", "--format", "json")
    assert result.exit_code == 0, result
    return {entry["id"]: entry for entry in json.loads(result.stdout)["editions"]}


def test_bundled_editions(run_cli: Callable[..., Any]) -> None:
    listed = editions(run_cli)
    assert set(listed) == BUNDLED
    assert [e for e, v in listed.items() if v["current"]] == ["2026-01-16"]
    assert all(v["source"] == "bundled" for v in listed.values())
    assert listed["2010-07-16-fr"]["lang"] == "fr"
    assert listed["danish-guide"]["lang"] == "da"
    assert (listed["rulings"]["kind"], listed["rulings"]["effective"]) == ("rulings", None)
    assert set(listed["2026-01-16"]) >= {"id", "title", "lang", "source", "current"}


def test_text_listing_marks_current(run_cli: Callable[..., Any]) -> None:
    result = run_cli("rules", "editions")
    assert result.exit_code == 0 and result.stderr == ""
    current = [line for line in result.stdout.splitlines() if line.startswith("*")]
    assert len(current) == 1 and "2026-01-16" in current[0]


def test_text_listing_fits_80_columns_and_json_keeps_whole_titles(
    run_cli: Callable[..., Any],
) -> None:
    """The tactical-multiplayer line was 97 characters wide."""
    lines = run_cli("rules", "editions").stdout.splitlines()
    assert lines and max(len(line) for line in lines) <= 80, lines
    shortened = [line for line in lines if "tactical-multiplayer" in line]
    assert shortened and shortened[0].endswith("…")
    assert editions(run_cli)["tactical-multiplayer"]["title"].endswith("Part Two")


def test_imported_edition_replaces_bundled(run_cli: Callable[..., Any]) -> None:
    data = bundled_json("2024-09-20")
    data["rules"][3]["text"] = "IMPORTED TEXT of 901.3."
    assert data["rules"][3]["id"] == "901.3"
    write_edition(data)
    listed = editions(run_cli)
    assert listed["2024-09-20"]["source"] == "imported"
    assert len([e for e in listed if e == "2024-09-20"]) == 1
    result = run_cli("rules", "show", "901.3", "--edition", "2024-09-20", "--format", "json")
    assert json.loads(result.stdout)["rules"][0]["text"] == "IMPORTED TEXT of 901.3."
    # other editions untouched
    result = run_cli("rules", "show", "901.3", "--format", "json")
    assert "IMPORTED" not in result.stdout


def test_newer_imported_english_edition_becomes_current(run_cli: Callable[..., Any]) -> None:
    data = bundled_json("2026-01-16")
    data.update(id="2026-02-06", effective="2026-02-06")
    write_edition(data)
    listed = editions(run_cli)
    assert [e for e, v in listed.items() if v["current"]] == ["2026-02-06"]
    result = run_cli("rules", "show", "901.9", "--format", "json")
    assert json.loads(result.stdout)["edition"] == "2026-02-06"
    assert catalogue.current_cr_edition_id() == "2026-02-06"


def test_edition_dated_after_today_is_not_current(run_cli: Callable[..., Any]) -> None:
    import datetime

    future = (datetime.date.today() + datetime.timedelta(days=400)).isoformat()
    data = bundled_json("2026-01-16")
    data.update(id=future, effective=future)
    write_edition(data)
    listed = editions(run_cli)
    assert listed[future]["source"] == "imported"
    assert [e for e, v in listed.items() if v["current"]] == ["2026-01-16"]
    result = run_cli("rules", "show", "901.9", "--format", "json")
    assert json.loads(result.stdout)["edition"] == "2026-01-16"
    assert catalogue.current_cr_edition_id() == "2026-01-16"
    # ... until its day comes
    infos = catalogue.list_editions(today=future)
    assert [info.id for info in infos if info.current] == [future]
    assert catalogue.current_cr_edition_id(today=future) == future


def test_current_cr_edition_id_reads_no_edition_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "imported"
    folder.mkdir()
    for name in ("2026-03-01.json", "2026-04-01-fr.json", "notes.txt", "2099-01-01.json"):
        (folder / name).write_text("{not even json", encoding="utf-8")
    opened: list[str] = []
    real_open = open

    def spy(file: Any, *args: Any, **kwargs: Any) -> Any:
        opened.append(str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr("builtins.open", spy)
    assert catalogue.current_cr_edition_id(str(folder), today="2026-11-29") == "2026-03-01"
    assert catalogue.current_cr_edition_id(str(folder), today="2026-02-01") == "2026-01-16"
    assert catalogue.current_cr_edition_id(str(folder), today="2099-01-01") == "2099-01-01"
    assert (
        catalogue.current_cr_edition_id(str(tmp_path / "none"), today="2026-11-29") == "2026-01-16"
    )
    # the bundled manifest, or its parsed copy in the cache dir: no edition file
    assert all(name.endswith(("manifest.json", catalogue.MANIFEST_CACHE)) for name in opened), (
        opened
    )
    # the default folder is the data folder, like list_editions
    assert catalogue.current_cr_edition_id() == next(
        info.id for info in catalogue.list_editions() if info.current
    )


def test_editions_are_listed_together_in_a_sensible_order(run_cli: Callable[..., Any]) -> None:
    for edition_id in ("2009-11-01", "2017-01-20"):
        data = bundled_json("2024-09-20")
        data.update(id=edition_id, effective=edition_id)
        write_edition(data)
    listed = list(editions(run_cli))
    english = sorted([*ENGLISH, "2009-11-01", "2017-01-20"])
    assert listed[: len(english)] == english
    assert listed[len(english)] == "2010-07-16-fr"
    assert listed[len(english) + 1 :] == [
        "eternities-map", "danish-guide", "tactical-multiplayer", "rulings"
    ]  # fmt: skip
    text = run_cli("rules", "editions").stdout.splitlines()
    assert [line.split()[0] for line in text][:3] == ["2009-09-04", "2009-10-01", "2009-11-01"]


def test_translation_of_is_carried_through(run_cli: Callable[..., Any]) -> None:
    assert editions(run_cli)["2010-07-16-fr"]["translation_of"] == "2010-07-16"
    assert editions(run_cli)["2026-01-16"]["translation_of"] is None


def test_newer_translation_does_not_become_current(run_cli: Callable[..., Any]) -> None:
    data = bundled_json("2010-07-16-fr")
    data.update(id="2030-01-01-fr", effective="2030-01-01")
    write_edition(data)
    listed = editions(run_cli)
    assert listed["2030-01-01-fr"]["source"] == "imported"
    assert listed["2026-01-16"]["current"] is True


def test_corrupt_imported_file_is_skipped_with_one_warning(run_cli: Callable[..., Any]) -> None:
    (imported_dir() / "broken.json").write_text("{not json", encoding="utf-8")
    (imported_dir() / "binary.json").write_bytes(b"\xff\xfe\x00garbage")
    (imported_dir() / "other.json").write_text('{"format": "something-else"}', encoding="utf-8")
    result = run_cli("rules", "editions", "--format", "json")
    assert result.exit_code == 0, result
    assert {e["id"] for e in json.loads(result.stdout)["editions"]} == BUNDLED
    warnings = result.stderr.splitlines()
    assert len(warnings) == 3
    assert all(line.startswith("planarcli: warning: ") for line in warnings)
    assert "broken.json" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("kind", ["fifo", "/dev/zero", "nested"])
def test_an_imported_file_that_is_no_file_is_skipped_not_a_hang(
    run_cli: Callable[..., Any], kind: str
) -> None:
    """Issue 15: a FIFO would hang the read, /dev/zero exhaust memory, JSON nested 100,000
    deep raise RecursionError: each is one warning, and the bundled editions serve."""
    if kind == "fifo" and not hasattr(os, "mkfifo"):
        pytest.skip("needs a FIFO")
    if kind == "/dev/zero" and not os.path.exists("/dev/zero"):
        pytest.skip("needs /dev/zero")
    path = imported_dir() / "2030-01-01.json"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "/dev/zero":
        os.symlink("/dev/zero", path)
    else:
        path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    result = run_cli("rules", "editions", "--format", "json")
    assert result.exit_code == 0, result
    assert {e["id"] for e in json.loads(result.stdout)["editions"]} == BUNDLED
    assert result.stderr.count("planarcli: warning: ") == 1
    assert "2030-01-01.json: ignoring a damaged imported rules file" in result.stderr


def test_a_deeply_nested_body_falls_back_to_bundled(run_cli: Callable[..., Any]) -> None:
    data = bundled_json("2026-01-16")
    data["rules"] = "NESTED"
    path = write_edition(data)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"NESTED"', "[" * 100_000 + "]" * 100_000), "utf-8")
    result = run_cli("rules", "show", "901.3", "--format", "json")
    assert result.exit_code == 0, result
    assert json.loads(result.stdout)["rules"][0]["id"] == "901.3"
    assert result.stderr.count("planarcli: warning:") == 1


def test_damaged_body_falls_back_to_bundled(run_cli: Callable[..., Any]) -> None:
    data = bundled_json("2026-01-16")
    data["rules"] = "not a list"
    write_edition(data)
    result = run_cli("rules", "show", "901.3", "--format", "json")
    assert result.exit_code == 0, result
    assert json.loads(result.stdout)["rules"][0]["id"] == "901.3"
    assert result.stderr.count("planarcli: warning:") == 1
    assert "re-import" in result.stderr


def test_damaged_import_without_fallback_is_exit_3(run_cli: Callable[..., Any]) -> None:
    data = bundled_json("2026-01-16")
    data.update(id="2027-02-05", effective="2027-02-05")
    path = write_edition(data)
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: len(text) // 2], encoding="utf-8")  # truncated after the header
    result = run_cli("rules", "show", "901.3", "--edition", "2027-02-05")
    assert result.exit_code == 3, result
    assert "Traceback" not in result.stderr
    assert "re-import" in result.stderr


def test_header_after_rules_is_still_read(run_cli: Callable[..., Any]) -> None:
    data = bundled_json("2026-01-16")
    reordered = {"rules": data["rules"], **{k: v for k, v in data.items() if k != "rules"}}
    reordered.update(id="2026-03-01", effective="2026-03-01")
    write_edition(reordered)
    assert editions(run_cli)["2026-03-01"]["current"] is True


def test_missing_bundled_corpus_is_exit_3(
    run_cli: Callable[..., Any], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(resources, "rules_dir_path", lambda: str(tmp_path))
    result = run_cli("rules", "editions")
    assert result.exit_code == 3, result
    assert result.stderr.startswith("planarcli: error: no rules editions")


def test_resolve_edition() -> None:
    infos = catalogue.list_editions()
    assert resolve_edition("current", infos).id == "2026-01-16"
    assert resolve_edition("2009-10-01", infos).id == "2009-10-01"
    assert resolve_edition("DANISH-GUIDE", infos).id == "danish-guide"
    with pytest.raises(UsageError, match="available editions: 2009-09-04, 2009-10-01"):
        resolve_edition("2012-02-30", infos)
    # a date that is no edition's: the edition in force that day (as validate --rules reads it)
    assert resolve_edition("2012-07-01", infos, by_date=True).id == "2012-06-01"
    with pytest.raises(UsageError, match="no Planechase rules were in effect on 2009-07-11"):
        resolve_edition("2009-07-11", infos, by_date=True)
    # without by_date (rules search, for now) a date must be an edition's id
    with pytest.raises(UsageError, match="no rules edition with id 2012-07-01"):
        resolve_edition("2012-07-01", infos)


def test_no_editions_at_all(tmp_path: Path) -> None:
    with pytest.raises(DataUnavailableError):
        catalogue.list_editions(tmp_path, tmp_path / "none")


def test_shell_completion_of_editions() -> None:
    ctx = click.Context(rules_commands.search_command, info_name="search")
    names = [item.value for item in rules_commands.complete_edition(ctx, None, "20")]  # type: ignore[arg-type]
    assert "2026-01-16" in names and "2010-07-16-fr" in names and "current" not in names
    everything = [item.value for item in rules_commands.complete_edition(ctx, None, "")]  # type: ignore[arg-type]
    assert "all" in everything and "current" in everything


def test_shell_completion_of_rule_ids() -> None:
    ctx = click.Context(rules_commands.show_command, info_name="show")
    ctx.params["edition"] = "2009-10-01"
    names = [item.value for item in rules_commands.complete_rule_id(ctx, None, "901.14")]  # type: ignore[arg-type]
    assert names == ["901.14", "901.14a", "901.14b", "901.14c"]


def test_shell_completion_of_glossary_terms() -> None:
    ctx = click.Context(rules_commands.show_command, info_name="show")
    names = [item.value for item in rules_commands.complete_rule_id(ctx, None, "cha")]  # type: ignore[arg-type]
    assert names == ["Chaos Ability", "Chaos Symbol"]
    everything = [item.value for item in rules_commands.complete_rule_id(ctx, None, "")]  # type: ignore[arg-type]
    assert "901.15c" in everything and "Planeswalker Symbol" in everything
    numbers = [item.value for item in rules_commands.complete_rule_id(ctx, None, "901.1")]  # type: ignore[arg-type]
    assert all(name.startswith("901.1") for name in numbers)


def test_current_cr_edition_id_is_cheap(tmp_path: Path) -> None:
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from planarcli.rulebook import catalogue\n"
        "print(catalogue.current_cr_edition_id())\n"
        "print(sorted({'pathlib', 'jsonschema', 'click'} & set(sys.modules)))\n"
    )
    completed = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PLANARCLI_DATA_DIR": str(tmp_path), "PATH": ""},
    )
    assert completed.stdout.splitlines() == ["2026-01-16", "[]"], completed


def test_the_parsed_manifest_is_kept_and_never_trusted_blindly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bundled manifest is parsed once into the cache dir (so `rules search` needs no
    json); a damaged copy is rebuilt, and a changed manifest is read afresh."""
    import shutil

    copy = tmp_path / "rules"
    shutil.copytree(resources.rules_dir(), copy)
    monkeypatch.setattr(resources, "rules_dir_path", lambda: str(copy))
    cache = Path(os.environ["PLANARCLI_CACHE_DIR"]) / catalogue.MANIFEST_CACHE
    first = [info.id for info in catalogue.list_editions()]
    assert cache.is_file()
    cache.write_bytes(cache.read_bytes()[:-20] + b"\0" * 20)  # damaged
    assert [info.id for info in catalogue.list_editions()] == first
    manifest = json.loads((copy / "manifest.json").read_text(encoding="utf-8"))
    manifest["editions"] = [e for e in manifest["editions"] if e["id"] != "eternities-map"]
    (copy / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    assert [info.id for info in catalogue.list_editions()] == [
        i for i in first if i != "eternities-map"
    ]


@pytest.mark.parametrize(
    "forged",
    [{"manifest": [1, 2]}, {"manifest": {"format": "planarcli-rules-manifest"}}, {"x": 1}],
)
def test_a_parsed_manifest_copy_with_a_valid_header_and_nonsense_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, forged: dict[str, Any]
) -> None:
    """Issue 15: anything wrong with a cache file means reading the source again, never
    "bundled editions skipped" or a traceback."""
    import marshal

    list(catalogue.list_editions())
    cache = Path(os.environ["PLANARCLI_CACHE_DIR"]) / catalogue.MANIFEST_CACHE
    first = [info.id for info in catalogue.list_editions()]
    data = cache.read_bytes()
    magic_end = data.index(b"\n") + 1
    key = data[magic_end : data.index(b"\n\n")].decode().split("\n", 2)[2]
    payload = marshal.dumps(forged)
    header = marshalcache.header(data[:magic_end], key, payload)
    cache.write_bytes(data[:magic_end] + header + b"\n\n" + payload)
    warnings: list[str] = []
    monkeypatch.setattr(catalogue, "warn", warnings.append)
    assert [info.id for info in catalogue.list_editions()] == first
    assert warnings == []


def test_a_damaged_current_import_falls_back_to_the_edition_before_it(
    run_cli: Callable[..., Any],
) -> None:
    """A newest import whose header reads but whose body is cut off is "ignored", as the
    warning says: `current` is then the newest edition that loads, not exit 3 for every
    rules command."""
    data = bundled_json("2026-01-16")
    data.update(id="2026-02-06", effective="2026-02-06")
    path = write_edition(data)
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: len(text) // 2], encoding="utf-8")  # truncated after the header
    for command in [["show", "901.3"], ["search", "planar die"], ["history", "901.3"]]:
        catalogue._warned.clear()  # each command is a process of its own: it warns once
        result = run_cli("rules", *command, "--format", "json")
        assert result.exit_code == 0, result
        assert result.stderr.count("planarcli: warning:") == 1, result.stderr
        assert "re-import" in result.stderr
        assert "2026-01-16" in result.stderr  # says which edition it reads instead
        data = json.loads(result.stdout)
        if command[0] == "search":
            assert {found["edition"] for found in data["results"]} == {"2026-01-16"}
        else:
            assert data["edition"] == "2026-01-16"
    catalogue._warned.clear()
    named = run_cli("rules", "show", "901.3", "--edition", "2026-02-06")
    assert named.exit_code == 0, named  # the current edition by its id: the same, said so
    assert "note: using 2026-01-16 as the current edition until 2026-02-06" in named.stderr

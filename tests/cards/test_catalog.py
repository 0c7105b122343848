"""Loading the card catalog: a valid cache wins, anything else falls back to the snapshot with
one warning, and the sidecar stamp lets a checked cache skip jsonschema until it changes."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from planarcli.cards import catalog, model, resolve, store
from planarcli.cards.sync import dump_catalog
from planarcli.cli import cli

ORACLE_ID = "0f0f0f0f-1111-4222-8333-444444444444"


def catalog_document(name: str = "Cache Only Plane") -> dict[str, Any]:
    return {
        "format": "planarcli-catalog",
        "schema_version": 1,
        "source": {
            "kind": "scryfall",
            "created": "2026-01-02T03:04:05+00:00",
            "api_url": "http://127.0.0.1",
            "query": "q=layout:planar",
        },
        "cards": [
            {
                "name": name,
                "kind": "plane",
                "subtype": "Nowhere",
                "type_line": "Plane — Nowhere",
                "sets": ["tst"],
                "first_released": "2026-01-01",
                "oracle_id": ORACLE_ID,
                "oracle_text": "Nothing happens.",
                "scryfall_uri": None,
            },
        ],
    }


@pytest.fixture
def cache_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    folder.mkdir()
    monkeypatch.setenv("PLANARCLI_CACHE_DIR", str(folder))
    store.reset_loaded_catalog()
    return folder / "cards.json"


class SchemaCalls:
    """Counts jsonschema checks (and still performs them)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        from planarcli import schemacheck

        self.count = 0
        real = schemacheck.schema_errors

        def counting(*args: Any, **kwargs: Any) -> list[str]:
            self.count += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(schemacheck, "schema_errors", counting)


def invoke(*args: str) -> Any:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


# -- a valid cache ------------------------------------------------------------------------------
def test_a_valid_cache_is_used_and_stamped(
    cache_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache_file.write_text(dump_catalog(catalog_document()), encoding="utf-8")
    calls = SchemaCalls(monkeypatch)
    loaded = store.load_catalog()
    assert loaded.source.kind == "cache" and loaded.source.warning is None
    assert loaded.lookup("cache only plane") is not None
    assert calls.count == 1
    assert store.stamp_path(cache_file).is_file()
    # Second load (new process, simulated): the stamp vouches, no schema check.
    store.reset_loaded_catalog()
    assert store.load_catalog().source.kind == "cache"
    assert calls.count == 1


@pytest.mark.parametrize("stamp", ["fifo", "/dev/zero", "nested", "large"])
def test_an_odd_stamp_means_a_full_check_never_a_hang_or_a_crash(
    cache_file: Path, monkeypatch: pytest.MonkeyPatch, stamp: str
) -> None:
    """Issue 15: the stamp is a derived file in the cache dir like the others: read only
    when it is a regular file of sane size; anything wrong means checking the cache in full."""
    if stamp == "fifo" and not hasattr(os, "mkfifo"):
        pytest.skip("needs a FIFO")
    if stamp == "/dev/zero" and not os.path.exists("/dev/zero"):
        pytest.skip("needs /dev/zero")
    cache_file.write_text(dump_catalog(catalog_document()), encoding="utf-8")
    path = store.stamp_path(cache_file)
    if stamp == "fifo":
        os.mkfifo(path)
    elif stamp == "/dev/zero":
        os.symlink("/dev/zero", path)
    elif stamp == "nested":
        path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    else:
        path.write_text(" " * (1 << 20) + "{}", encoding="utf-8")
    calls = SchemaCalls(monkeypatch)
    answer: list[Any] = []
    worker = threading.Thread(target=lambda: answer.append(store.load_catalog()), daemon=True)
    worker.start()
    worker.join(60)
    if not answer:  # stuck opening the FIFO: a writer lets the thread go, the test fails
        with contextlib.suppress(OSError):
            os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
    assert answer and answer[0].source.kind == "cache" and answer[0].source.warning is None
    assert calls.count == 1  # checked in full, then stamped afresh
    assert path.is_file() and not path.is_symlink()


def test_an_edited_cache_is_checked_again(
    cache_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache_file.write_text(dump_catalog(catalog_document()), encoding="utf-8")
    calls = SchemaCalls(monkeypatch)
    store.load_catalog()
    assert calls.count == 1
    # A hand edit that keeps size and mtime: only the content hash can tell.
    stat = cache_file.stat()
    text = cache_file.read_text(encoding="utf-8").replace('"kind": "plane"', '"kind": "plana"')
    cache_file.write_text(text, encoding="utf-8")
    os.utime(cache_file, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert cache_file.stat().st_size == stat.st_size
    store.reset_loaded_catalog()
    loaded = store.load_catalog()
    assert calls.count == 2
    assert loaded.source.kind == "snapshot"
    assert loaded.source.warning is not None and "catalog schema" in loaded.source.warning


def test_a_replaced_valid_cache_is_checked_and_restamped(
    cache_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache_file.write_text(dump_catalog(catalog_document()), encoding="utf-8")
    store.load_catalog()
    calls = SchemaCalls(monkeypatch)
    cache_file.write_text(dump_catalog(catalog_document("Another Plane")), encoding="utf-8")
    store.reset_loaded_catalog()
    assert store.load_catalog().lookup("Another Plane") is not None
    store.reset_loaded_catalog()
    assert store.load_catalog().lookup("Another Plane") is not None
    assert calls.count == 1  # checked once after the change, then trusted


def test_a_forged_stamp_does_not_excuse_a_broken_file(cache_file: Path) -> None:
    cache_file.write_text('{"format": "planarcli-catalog"}', encoding="utf-8")
    import hashlib

    data = cache_file.read_bytes()
    stat = cache_file.stat()
    store.write_cache_stamp(
        cache_file, stat.st_size, stat.st_mtime_ns, hashlib.sha256(data).hexdigest()
    )
    loaded = store.load_catalog()
    assert loaded.source.kind == "snapshot"
    assert loaded.source.warning is not None


def test_a_stamped_broken_cache_is_parsed_once(
    cache_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The damaged-cache path: a stamp vouches for the bytes, the parse fails, and the schema
    check (here one that lets the file through) is asked why; the document is not parsed a
    second time, and the cache is passed over with a reason, never a traceback."""
    import hashlib

    from planarcli import schemacheck

    cache_file.write_text('{"format": "planarcli-catalog"}', encoding="utf-8")
    data = cache_file.read_bytes()
    stat = cache_file.stat()
    store.write_cache_stamp(
        cache_file, stat.st_size, stat.st_mtime_ns, hashlib.sha256(data).hexdigest()
    )
    parses: list[object] = []
    real_parse = store.parse_catalog

    def counting_parse(document: Any, **kwargs: Any) -> catalog.Catalog:
        parses.append(document)
        return real_parse(document, **kwargs)

    monkeypatch.setattr(store, "parse_catalog", counting_parse)
    monkeypatch.setattr(schemacheck, "schema_errors", lambda *args, **kwargs: [])
    with pytest.raises(ValueError, match="KeyError: 'source'"):
        store.load_cache(cache_file)
    assert len(parses) == 1


# -- corrupt or foreign caches: one warning, the snapshot, no crash -------------------------------
CORRUPT: dict[str, bytes] = {
    "empty": b"",
    "whitespace": b"  \n",
    "binary": bytes(range(256)) * 4,
    "truncated-json": dump_catalog(catalog_document()).encode("utf-8")[:100],
    "json-array": b"[1, 2, 3]",
    "foreign-json": b'{"format": "something-else", "cards": []}',
    "wrong-schema-version": json.dumps({**catalog_document(), "schema_version": 2}).encode(),
    "card-missing-field": json.dumps(
        {**catalog_document(), "cards": [{"name": "X", "kind": "plane"}]}
    ).encode(),
    "no-cards": json.dumps({**catalog_document(), "cards": []}).encode(),
    "utf16": dump_catalog(catalog_document()).encode("utf-16"),
}


@pytest.mark.parametrize("content", list(CORRUPT.values()), ids=list(CORRUPT))
def test_a_corrupt_cache_falls_back_to_the_snapshot_with_one_warning(
    cache_file: Path, content: bytes
) -> None:
    cache_file.write_bytes(content)
    result = invoke("cards", "info", "--format", "json")
    assert result.exit_code == 0, result.stderr
    info = json.loads(result.stdout)
    assert info["source"] == "snapshot"
    assert info["cards"] == 207
    assert info["warning"] and str(cache_file) in info["warning"]
    warnings = [line for line in result.stderr.splitlines() if "warning" in line]
    assert len(warnings) == 1, result.stderr
    assert warnings[0].startswith(f"planarcli: warning: ignoring the card cache {cache_file}")
    assert "Traceback" not in result.stderr


def test_a_corrupt_cache_does_not_stop_lookups(cache_file: Path) -> None:
    cache_file.write_bytes(b"\x00\x01garbage")
    result = invoke("cards", "show", "Akoum", "--format", "json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["source"] == "snapshot"
    assert result.stderr.count("ignoring the card cache") == 1


def test_a_cache_that_is_a_folder_is_ignored(cache_file: Path) -> None:
    cache_file.mkdir()
    result = invoke("cards", "info", "--format", "json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["source"] == "snapshot"


def test_a_cache_that_is_a_folder_is_reported_not_called_none_yet(cache_file: Path) -> None:
    """`cards sync` cannot write over a folder: info must not say "none yet; sync fills it"."""
    cache_file.mkdir()
    result = invoke("cards", "info")
    assert "none yet" not in result.stdout
    assert "present but ignored" in result.stdout
    assert "it is not a file" in result.stdout
    store.reset_loaded_catalog()
    shown = CliRunner().invoke(cli, ["cards", "show", "Tazeem"])
    assert shown.exit_code == 0
    assert shown.stderr.count("it is not a file") == 1


def test_text_info_reports_the_ignored_cache(cache_file: Path) -> None:
    cache_file.write_text("{", encoding="utf-8")
    result = invoke("cards", "info")
    assert result.exit_code == 0
    assert "source:  bundled snapshot" in result.stdout
    assert "present but ignored" in result.stdout
    assert "warning: ignoring the card cache" in result.stdout


def test_text_info_says_why_the_cache_was_ignored_once(cache_file: Path) -> None:
    cache_file.write_text("{", encoding="utf-8")
    result = invoke("cards", "info")
    assert result.exit_code == 0
    both = result.stdout + result.stderr
    assert both.count("ignoring the card cache") == 1, both
    assert result.stderr == ""


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ('{\n "cards": [\n  {"name": "Cut', "Unterminated string starting at line 3, column 12"),
        ("{", "Expecting property name enclosed in double quotes at line 1, column 2"),
        ("[1,\n ", "Expecting value at line 2, column 2"),
    ],
)
def test_a_json_syntax_error_is_told_readably(cache_file: Path, text: str, reason: str) -> None:
    cache_file.write_text(text, encoding="utf-8")
    warning = store.load_catalog(warn=False).source.warning
    assert warning is not None and f"not valid JSON ({reason})" in warning
    assert "at at" not in warning


# -- age ------------------------------------------------------------------------------------------
def _source(created: str | None) -> model.CatalogSource:
    return model.CatalogSource("cache", "/x/cards.json", created)


def _now() -> Any:
    from datetime import datetime, timezone

    return datetime(2026, 1, 10, 12, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize(
    ("created", "days", "text"),
    [
        ("2026-01-10T12:00:00+00:00", 0.0, "0 days old"),
        ("2026-01-09T00:00:00Z", 1.5, "2 days old"),  # rounded, as validate's :.0f rounds
        ("2026-01-09T01:00:00", 1.4583, "1 day old"),  # no zone: UTC
        ("2023-02-11T22:00:00+00:00", 1063.5833, "1064 days old"),
        ("2026-01-10T12:30:00+00:00", 0.0, "0 days old"),  # clock skew: not "the future"
        ("2029-02-10T00:00:00+00:00", 0.0, "created in the future"),
    ],
)
def test_age_days_and_age_text(created: str, days: float, text: str) -> None:
    source = _source(created)
    age = source.age_days(_now())
    assert age == pytest.approx(days, abs=1e-3)
    assert source.age_text(_now()) == text
    if text != "created in the future":
        assert text.startswith(f"{age:.0f} ")  # the way validate -v formats age_days()


@pytest.mark.parametrize("created", [None, "", "yesterday"])
def test_no_usable_timestamp_has_no_age(created: str | None) -> None:
    source = _source(created)
    assert source.age_days(_now()) is None and source.age_text(_now()) is None
    assert not source.is_stale(_now()) and not source.is_future(_now())


def test_stale_after_half_a_year() -> None:
    assert _source("2025-07-13T00:00:00+00:00").is_stale(_now())  # 181.5 days
    assert not _source("2025-07-15T00:00:00+00:00").is_stale(_now())  # 179.5 days


# -- start-up cost --------------------------------------------------------------------------------
def test_loading_a_stamped_cache_imports_no_jsonschema_requests_or_pathlib(
    cache_file: Path,
) -> None:
    """pathlib too: its import costs about 3 ms, a tenth of the start-up budget of `cards
    show` for a user who has synced."""
    cache_file.write_text(dump_catalog(catalog_document()), encoding="utf-8")
    store.load_catalog()  # checks and stamps
    assert store.stamp_path(cache_file).is_file()
    code = (
        "import sys; from planarcli.cards.store import load_catalog; c = load_catalog(); "
        "print(c.source.kind, 'jsonschema' in sys.modules, 'requests' in sys.modules, "
        "'pathlib' in sys.modules)"
    )
    env = {**os.environ, "PLANARCLI_CACHE_DIR": str(cache_file.parent)}
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        encoding="utf-8",
    )
    assert done.stdout.split() == ["cache", "False", "False", "False"], done.stderr


def test_a_checked_cache_is_read_back_from_its_parsed_copy_without_json(
    cache_file: Path,
) -> None:
    cache_file.write_text(dump_catalog(catalog_document()), encoding="utf-8")
    store.load_catalog()  # checks, stamps and keeps a parsed copy
    store.reset_loaded_catalog()
    store.load_catalog()  # the parsed snapshot copy is written by now too
    copy = Path(str(cache_file) + store.PARSED_SUFFIX)
    assert copy.is_file()
    code = (
        "import sys; from planarcli.cards.store import load_catalog; c = load_catalog(); "
        "print(c.source.kind, c.lookup('cache only plane') is not None, 'json' in sys.modules)"
    )
    env = {**os.environ, "PLANARCLI_CACHE_DIR": str(cache_file.parent)}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, env=env, check=True, encoding="utf-8"
    )
    assert done.stdout.split() == ["cache", "True", "False"], done.stderr


def test_a_parsed_copy_never_outlives_an_edit_or_damage(
    cache_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache_file.write_text(dump_catalog(catalog_document()), encoding="utf-8")
    store.load_catalog()
    copy = Path(str(cache_file) + store.PARSED_SUFFIX)
    assert copy.is_file()
    copy.write_bytes(copy.read_bytes()[:-20])  # damaged: not used, the file is read instead
    store.reset_loaded_catalog()
    assert store.load_catalog().lookup("cache only plane") is not None
    # An edit that keeps size and mtime: the copy's key (the sha256) no longer fits.
    stat = cache_file.stat()
    text = cache_file.read_text(encoding="utf-8").replace('"kind": "plane"', '"kind": "plana"')
    cache_file.write_text(text, encoding="utf-8")
    os.utime(cache_file, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    store.reset_loaded_catalog()
    loaded = store.load_catalog()
    assert loaded.source.kind == "snapshot" and "catalog schema" in str(loaded.source.warning)


# -- cards show answers a synced card from the cache alone ----------------------------------------
def _synced_tazeem(oracle_text: str | None) -> dict[str, Any]:
    """A cache whose one card is Tazeem (the snapshot's oracle id), with its own text."""
    tazeem = store.load_snapshot().exact("Tazeem")
    assert tazeem is not None
    document = catalog_document("Tazeem")
    document["cards"][0].update(
        oracle_id=tazeem.oracle_id,
        type_line="Plane — Zendikar",
        oracle_text=oracle_text,
        scryfall_uri="https://scryfall.com/card/hop/1/tazeem",
    )
    return document


@pytest.mark.parametrize("written", ["Tazeem", "TAZEEM", "tazeem!"])
def test_show_of_a_synced_card_needs_no_snapshot_and_gives_the_union_s_answer(
    cache_file: Path, monkeypatch: pytest.MonkeyPatch, written: str
) -> None:
    cache_file.write_text(dump_catalog(_synced_tazeem("Synced text.")), encoding="utf-8")
    union = resolve.find(store.load_catalog(), written)[0]
    store.reset_loaded_catalog()

    def no_snapshot() -> Any:
        raise AssertionError("the snapshot was read")

    monkeypatch.setattr(store, "load_snapshot", no_snapshot)
    result = invoke("cards", "show", written, "--format", "json")
    shown = json.loads(result.output)
    assert (shown["name"], shown["oracle_text"], shown["source"]) == (
        union.name,
        union.oracle_text,
        "cache",
    )
    assert shown["oracle_text"] == "Synced text."


def test_show_of_a_synced_card_without_text_still_gets_the_snapshot_s_text(
    cache_file: Path,
) -> None:
    cache_file.write_text(dump_catalog(_synced_tazeem(None)), encoding="utf-8")
    shown = json.loads(invoke("cards", "show", "Tazeem", "--format", "json").output)
    assert shown["oracle_text"] == store.load_snapshot().exact("Tazeem").oracle_text
    assert shown["oracle_text"]


def test_show_of_a_snapshot_card_beside_a_cache_and_of_a_corrupt_cache(
    cache_file: Path,
) -> None:
    cache_file.write_text(dump_catalog(_synced_tazeem("Synced text.")), encoding="utf-8")
    shown = json.loads(invoke("cards", "show", "agyrem", "--format", "json").output)
    assert (shown["name"], shown["source"]) == ("Agyrem", "snapshot")
    store.reset_loaded_catalog()
    cache_file.write_text("{", encoding="utf-8")
    result = CliRunner().invoke(cli, ["cards", "show", "Tazeem"])
    assert result.exit_code == 0
    assert result.stderr.count("ignoring the card cache") == 1


def test_a_catalog_file_is_read_as_utf8_bytes(tmp_path: Path) -> None:
    """`read_catalog_file` (the snapshot's reader) decodes the bytes itself: the same
    document as a text read, CRLF line ends included; bytes that are not UTF-8 are a
    ValueError (load_snapshot turns it into "reinstall planarcli"), never a crash."""
    document = catalog_document("Plané — Ünïcode 日本")
    path = tmp_path / "cards.json"
    path.write_bytes(dump_catalog(document).replace("\n", "\r\n").encode("utf-8"))
    read = store.read_catalog_file(path, kind="snapshot")
    assert read.names() == ["Plané — Ünïcode 日本"]
    path.write_bytes(dump_catalog(document).encode("utf-16"))
    with pytest.raises(ValueError):
        store.read_catalog_file(path, kind="snapshot")


def names_folded(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names the catalog folds from now on, in order (every module of the catalog that
    folds names counts)."""
    from planarcli.cards.names import fold_name

    folded: list[str] = []

    def counting(name: str) -> str:
        folded.append(name)
        return fold_name(name)

    for module in (catalog, resolve, store):
        monkeypatch.setattr(module, "fold_name", counting)
    return folded


def test_a_checked_cache_keeps_its_folded_names_in_the_union(
    cache_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The union of a stamped cache with the snapshot reads the names' precomputed keys:
    looking up a printed name folds that name, not every name of the catalog (which cost
    2 ms of `cards show` for a printed name after a sync)."""
    from planarcli.cards.names import FOLD_VERSION

    with open(store.snapshot_path(), encoding="utf-8") as handle:
        document = json.load(handle)  # every card, as a sync would write it
    document["source"] = {**catalog_document()["source"], "fold_version": FOLD_VERSION}
    cache_file.write_text(dump_catalog(document), encoding="utf-8")
    store.load_catalog()  # checks and stamps the cache
    store.reset_loaded_catalog()
    union = store.load_catalog()
    assert union.source.kind == "cache" and len(union) == len(document["cards"])
    folded = names_folded(monkeypatch)
    assert resolve.find(union, "akademie von west tolaria")[0].name == "Academy at Tolaria West"
    assert resolve.find(union, "TAZEEM")[0].name == "Tazeem"
    assert len(folded) <= 4, len(folded)


def test_a_checked_cache_alone_folds_no_name_to_answer_a_spelling(
    cache_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`cards show tazeem` after a sync is answered from the cache alone (``synced_card``),
    from the cache's precomputed keys: only the written name is folded."""
    from planarcli.cards.names import FOLD_VERSION

    with open(store.snapshot_path(), encoding="utf-8") as handle:
        document = json.load(handle)
    document["source"] = {**catalog_document()["source"], "fold_version": FOLD_VERSION}
    for card in document["cards"]:
        card["scryfall_uri"] = "https://scryfall.com/card/x"
    cache_file.write_text(dump_catalog(document), encoding="utf-8")
    store.load_catalog()  # checks and stamps the cache
    store.reset_loaded_catalog()
    folded = names_folded(monkeypatch)
    found = store.synced_card("tazeem")
    assert found is not None and (found[0].name, found[1]) == ("Tazeem", "folded")
    assert folded == ["tazeem"]


def test_a_card_from_json_has_every_field_where_it_belongs() -> None:
    """``Card.from_json`` passes the fields positionally (the quick path): each lands in its
    own field, and a record round-trips through ``to_json``."""
    record = {
        "name": "N",
        "kind": "plane",
        "subtype": "S",
        "type_line": "Plane — S",
        "sets": ["a", "b"],
        "oracle_id": ORACLE_ID,
        "first_released": "2020-01-01",
        "oracle_text": "T",
        "scryfall_uri": "https://scryfall.com/card/x",
        "printed_names": {"de": ["D"], "ja": ["J"]},
    }
    card = model.Card.from_json(record)
    assert card == model.Card(
        name="N",
        kind="plane",
        subtype="S",
        type_line="Plane — S",
        sets=("a", "b"),
        oracle_id=ORACLE_ID,
        first_released="2020-01-01",
        oracle_text="T",
        scryfall_uri="https://scryfall.com/card/x",
        printed_names=(("de", "D"), ("ja", "J")),
    )
    assert card.to_json() == record


# -- the parsed copy of the snapshot in the cache dir ------------------------------------------
def _parsed_copy() -> Path:
    from planarcli.paths import cache_dir_path

    return Path(cache_dir_path()) / store.SNAPSHOT_CACHE_NAME


def test_the_snapshot_is_parsed_once_then_read_from_its_copy() -> None:
    first = store.load_snapshot()
    copy = _parsed_copy()
    assert copy.is_file()
    written = copy.stat().st_mtime_ns
    again = store.load_snapshot()
    assert copy.stat().st_mtime_ns == written  # read, not rewritten
    assert [c.to_json() for c in again.cards] == [c.to_json() for c in first.cards]


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[: len(data) // 2],  # truncated
        lambda data: data[:-10] + b"0123456789",  # payload changed: the checksum says so
        lambda data: b"not a planarcli file at all",
        lambda data: b"",
    ],
)
def test_a_damaged_copy_is_never_used(damage: Any) -> None:
    expected = [c.to_json() for c in store.load_snapshot().cards]
    copy = _parsed_copy()
    copy.write_bytes(damage(copy.read_bytes()))
    assert [c.to_json() for c in store.load_snapshot().cards] == expected
    assert copy.read_bytes().startswith(store.SNAPSHOT_CACHE_MAGIC)  # written anew


def test_a_copy_made_from_another_snapshot_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    store.load_snapshot()
    from planarcli import marshalcache

    copy = _parsed_copy()
    data = copy.read_bytes()
    other = {"format": "planarcli-catalog", "source": {"kind": "snapshot"}, "cards": []}
    # a valid file, but for a key this snapshot does not have (another path, size or version)
    assert marshalcache.write(str(copy), store.SNAPSHOT_CACHE_MAGIC, "another key", other)
    assert len(store.load_snapshot()) == 207
    assert copy.read_bytes() == data


@pytest.mark.parametrize(
    "forged",
    [
        {"format": "planarcli-catalog"},
        {"format": "planarcli-catalog", "source": {}, "cards": 7},
        {"format": "planarcli-catalog", "source": "x", "cards": []},
    ],
)
def test_a_copy_with_a_valid_header_and_nonsense_is_parsed_again(forged: dict[str, Any]) -> None:
    """Issue 15: whoever can write the cache dir can forge a header that vouches for its
    payload; a payload that is not a catalog means parsing the snapshot, never exit 3."""
    expected = [c.to_json() for c in store.load_snapshot().cards]
    from planarcli import marshalcache

    copy = _parsed_copy()
    data = copy.read_bytes()
    magic_end = len(store.SNAPSHOT_CACHE_MAGIC)
    key = data[magic_end : data.index(b"\n\n")].decode().split("\n", 2)[2]
    assert marshalcache.write(str(copy), store.SNAPSHOT_CACHE_MAGIC, key, forged)
    assert [c.to_json() for c in store.load_snapshot().cards] == expected
    assert marshalcache.read(str(copy), store.SNAPSHOT_CACHE_MAGIC, key) != forged


@pytest.mark.parametrize("format_name", ["planarcli-deck", None, 7])
def test_a_signed_copy_of_another_format_is_parsed_again(format_name: Any) -> None:
    """A copy whose document is not a card catalog (another format, or none) is not used,
    even signed and for the right key (issue 22.7: the format check)."""
    expected = [c.to_json() for c in store.load_snapshot().cards]
    from planarcli import marshalcache

    copy = _parsed_copy()
    data = copy.read_bytes()
    magic_end = len(store.SNAPSHOT_CACHE_MAGIC)
    key = data[magic_end : data.index(b"\n\n")].decode().split("\n", 2)[2]
    state = marshalcache.read(str(copy), store.SNAPSHOT_CACHE_MAGIC, key)
    assert state is not None and state["format"] == "planarcli-catalog"
    state["cards"] = state["cards"][:3]  # what a copy of the wrong kind would show
    state["format"] = format_name
    assert marshalcache.write(str(copy), store.SNAPSHOT_CACHE_MAGIC, key, state)
    assert [c.to_json() for c in store.load_snapshot().cards] == expected


def test_a_copy_with_values_of_the_wrong_shape_behind_a_right_crc_is_not_shown() -> None:
    """Issue 22.2: a snapshot.bin whose card has ``sets`` as a string, behind a header with
    the right length and CRC-32, was shown as it was (cards list printed forged values)."""
    import marshal
    import zlib

    from planarcli import marshalcache

    expected = [c.to_json() for c in store.load_snapshot().cards]
    copy = _parsed_copy()
    data = copy.read_bytes()
    magic_end = len(store.SNAPSHOT_CACHE_MAGIC)
    key = data[magic_end : data.index(b"\n\n")].decode().split("\n", 2)[2]
    state = marshalcache.read(str(copy), store.SNAPSHOT_CACHE_MAGIC, key)
    assert state is not None
    state["cards"][0]["sets"] = "forged"
    payload = marshal.dumps(state)
    header = f"{len(payload)}\n{zlib.crc32(payload):08x}\n{key}".encode()
    copy.write_bytes(store.SNAPSHOT_CACHE_MAGIC + header + b"\n\n" + payload)
    store.reset_loaded_catalog()
    assert [c.to_json() for c in store.load_snapshot().cards] == expected


def test_a_snapshot_file_of_another_format_is_refused(tmp_path: Path) -> None:
    from planarcli import resources
    from planarcli.cards import store

    bundled = json.loads(Path(resources.package_data_file("cards.json")).read_text("utf-8"))
    bundled["format"] = "planarcli-deck"
    other = tmp_path / "cards.json"
    other.write_text(json.dumps(bundled), encoding="utf-8")
    with pytest.raises(ValueError, match="not a planarcli card catalog"):
        store._catalog_document(str(other))


def test_an_unwritable_cache_dir_costs_only_the_parse(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the cache dir should be", encoding="utf-8")
    monkeypatch.setenv("PLANARCLI_CACHE_DIR", str(blocked))
    assert len(store.load_snapshot()) == 207

"""Card rulings offline (issue 18 item 2): the snapshot bundles the official rulings of
planar-rulings.tsv, each with its date and source; `cards show` prints them after the card,
wrapped like the rest, and `--format json` has `"rulings": [{"date", "text"}, ...]`, oldest
first. A synced card keeps the bundled rulings of the same card (by oracle id).
`cards show` also wraps to `COLUMNS` (issue 16 item 10)."""

from __future__ import annotations

import csv
import json
import marshal
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from conftest import SHARED_DATA, requires_shared_data

from cards.test_text import RECORDS, SNAPSHOT, write_cache
from planarcli.cards import store
from planarcli.cards.store import snapshot_rulings
from planarcli.cli import cli

pytestmark = pytest.mark.usefixtures("cache_dir")


def show(*args: str, env: dict[str, str] | None = None) -> Any:
    result = CliRunner().invoke(cli, ["cards", "show", *args], env=env)
    store.reset_loaded_catalog()
    assert result.exit_code == 0, result.output
    return result


def test_the_snapshot_holds_every_ruling_with_its_date_and_source() -> None:
    rulings = SNAPSHOT["rulings"]
    assert len(rulings) == 109
    assert sum(len(entries) for entries in rulings.values()) == 512
    ids = {card["oracle_id"] for card in SNAPSHOT["cards"]}
    for oracle_id, entries in rulings.items():
        assert oracle_id in ids
        dates = [entry["date"] for entry in entries]
        assert dates == sorted(dates)  # oldest first
        for entry in entries:
            assert set(entry) == {"date", "text", "source"}
            assert entry["text"] and "@" in entry["source"]
    record = SNAPSHOT["source"]["rulings"]
    assert record["file"] == "planar-rulings.tsv" and record["rows"] == 512


@requires_shared_data
def test_the_bundled_rulings_are_the_table_s_in_its_order_within_a_date() -> None:
    with (SHARED_DATA / "planar-rulings.tsv").open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))
    by_name: dict[str, list[tuple[str, str, str]]] = {}
    for row in rows:
        by_name.setdefault(row["name"], []).append((row["date"], row["ruling"], row["source"]))
    for name, expected in by_name.items():
        expected.sort(key=lambda row: row[0])  # stable: ties keep the table's order
        bundled = SNAPSHOT["rulings"][RECORDS[name]["oracle_id"]]
        assert [(e["date"], e["text"], e["source"]) for e in bundled] == expected, name


def test_show_json_has_the_rulings_oldest_first() -> None:
    shown = json.loads(show("Bant", "--format", "json").stdout)
    expected = SNAPSHOT["rulings"][RECORDS["Bant"]["oracle_id"]]
    assert shown["rulings"] == [{"date": e["date"], "text": e["text"]} for e in expected]
    assert len(shown["rulings"]) >= 5
    assert [r["date"] for r in shown["rulings"]] == sorted(r["date"] for r in shown["rulings"])


def test_a_card_without_rulings_has_an_empty_list_and_no_rulings_heading() -> None:
    assert RECORDS["Celestine Reef"]["oracle_id"] not in SNAPSHOT["rulings"]
    assert json.loads(show("Celestine Reef", "--format", "json").stdout)["rulings"] == []
    assert "rulings" not in show("Celestine Reef").stdout


def test_show_prints_the_rulings_after_the_card_wrapped_to_columns() -> None:
    text = show("Academy at Tolaria West", env={"COLUMNS": "50"}).stdout
    lines = text.splitlines()
    assert all(len(line) <= 50 for line in lines), text
    at = lines.index("rulings (6):")
    assert lines.index("sets: ohop, opca") < at
    assert lines[at + 1].startswith("2009-10-01  A face-up plane card")
    body = " ".join(" ".join(lines[at + 1 :]).split())
    for entry in SNAPSHOT["rulings"][RECORDS["Academy at Tolaria West"]["oracle_id"]]:
        assert f"{entry['date']} {entry['text']}" in body  # nothing lost, no word cut


@pytest.mark.parametrize("columns", ["20", "30", "39"])
def test_on_a_narrow_screen_a_rulings_date_stands_above_its_text(columns: str) -> None:
    """Beside a 12-column date, a 20-column screen left a ruling 8 columns: one word a line."""
    text = show("Academy at Tolaria West", env={"COLUMNS": columns}).stdout
    lines = text.splitlines()
    at = lines.index("rulings (6):")
    assert all(len(line) <= int(columns) for line in lines[at:]), text
    assert lines[at + 1] == "2009-10-01"
    assert lines[at + 2].startswith("  A face-up plane")
    body = " ".join(" ".join(lines[at + 1 :]).split())
    for entry in SNAPSHOT["rulings"][RECORDS["Academy at Tolaria West"]["oracle_id"]]:
        assert f"{entry['date']} {entry['text']}" in body  # nothing lost, no word cut


@pytest.mark.parametrize(("columns", "width"), [("40", 40), ("0", 80), ("", 80), ("500", 80)])
def test_show_honours_columns(columns: str, width: int) -> None:
    """COLUMNS wins (kept between 20 and 80); 0 or unset, off a terminal, gives 80."""
    lines = show("Year-End Review", env={"COLUMNS": columns}).stdout.splitlines()
    assert max(len(line) for line in lines) <= width
    assert max(len(line) for line in lines) > width - 12


def test_show_on_a_terminal_reporting_zero_columns_wraps_at_80(tmp_path: Path) -> None:
    """A terminal that reports 0 columns (some CI consoles) got 20-column text."""
    import pty

    env = {**os.environ, "PLANARCLI_CACHE_DIR": str(tmp_path / "c")}
    env.pop("COLUMNS", None)
    main, child = pty.openpty()  # a fresh pty reports 0 columns
    try:
        done = subprocess.run(
            [sys.executable, "-m", "planarcli", "cards", "show", "Year-End Review"],
            stdout=child,
            stderr=subprocess.PIPE,
            env=env,
            timeout=60,
        )
        os.close(child)
        child = -1
        chunks = []
        while True:
            try:
                chunk = os.read(main, 65536)
            except OSError:
                break
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        if child >= 0:
            os.close(child)
        os.close(main)
    assert done.returncode == 0, done.stderr
    lines = b"".join(chunks).decode("utf-8").splitlines()
    assert max(len(line) for line in lines) > 60


def test_a_synced_card_keeps_the_bundled_rulings_of_its_oracle_id(cache_dir: Path) -> None:
    """Scryfall's card objects carry no rulings: a synced record (here renamed and
    reworded) shows the bundled rulings of the same card."""
    bant = {**RECORDS["Bant"], "name": "Bant Renamed", "oracle_text": "Synced wording."}
    bant.pop("keys", None)
    write_cache(cache_dir, "2026-09-01T00:00:00+00:00", [bant])
    shown = json.loads(show("Bant Renamed", "--format", "json").stdout)
    assert shown["source"] == "cache" and shown["oracle_text"] == "Synced wording."
    expected = SNAPSHOT["rulings"][RECORDS["Bant"]["oracle_id"]]
    assert shown["rulings"] == [{"date": e["date"], "text": e["text"]} for e in expected]


def test_the_catalog_s_parsed_copy_leaves_the_rulings_out(cache_dir: Path) -> None:
    """Every command reads the catalog's parsed copy; only `cards show` reads the rulings'."""
    store.load_snapshot()
    copy = (cache_dir / store.SNAPSHOT_CACHE_NAME).read_bytes()
    payload = copy[copy.index(b"\n\n", len(store.SNAPSHOT_CACHE_MAGIC)) + 2 :]
    assert "rulings" not in marshal.loads(payload)
    assert (cache_dir / store.RULINGS_CACHE_NAME).is_file()
    # read from the copy, and from the snapshot file again when the copy is damaged
    bant = RECORDS["Bant"]["oracle_id"]
    expected = SNAPSHOT["rulings"][bant]
    assert snapshot_rulings(bant) == expected
    data = cache_dir / store.RULINGS_DATA_NAME
    damaged = bytearray(data.read_bytes())
    for at in range(store._TOKEN_BYTES, len(damaged)):  # every card's rulings, not the token
        damaged[at] ^= 0x55
    data.write_bytes(bytes(damaged))
    assert snapshot_rulings(bant) == expected  # the CRC catches it: parsed from the snapshot
    assert data.read_bytes() != bytes(damaged)  # and the copy written anew
    (cache_dir / store.RULINGS_CACHE_NAME).write_bytes(b"damaged")
    assert snapshot_rulings(bant) == expected
    data.unlink()
    assert snapshot_rulings(bant) == expected
    assert snapshot_rulings("0" * 8 + "-0000-4000-8000-" + "0" * 12) == []


def test_a_fifo_or_a_device_at_the_rulings_copy_means_parse_never_hang(cache_dir: Path) -> None:
    """Issue 15: the rulings' data file is read like every derived file in the cache dir:
    a FIFO there (which would block an open) or a link to /dev/zero is passed over and the
    rulings come from the snapshot file."""
    store.load_snapshot()
    bant = RECORDS["Bant"]["oracle_id"]
    expected = SNAPSHOT["rulings"][bant]
    assert snapshot_rulings(bant) == expected
    data = cache_dir / store.RULINGS_DATA_NAME
    data.unlink()
    os.mkfifo(data)
    assert snapshot_rulings(bant) == expected
    data.unlink()
    data.symlink_to("/dev/zero")
    assert snapshot_rulings(bant) == expected

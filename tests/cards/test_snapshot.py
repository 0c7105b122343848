"""The bundled card snapshot: its schema, its provenance and its agreement with the facts
table it was built from."""

from __future__ import annotations

import csv
import json

from conftest import SHARED_DATA, requires_shared_data

from planarcli import resources
from planarcli.cards.store import load_snapshot, snapshot_path
from planarcli.schemacheck import schema_errors


def test_snapshot_matches_its_schema() -> None:
    document = json.loads(snapshot_path().read_text(encoding="utf-8"))
    assert schema_errors(document, "catalog.schema.json") == []
    assert document["source"]["kind"] == "snapshot"
    assert "Scryfall" in document["source"]["licence"]


def test_snapshot_counts() -> None:
    catalog = load_snapshot()
    kinds = [card.kind for card in catalog.cards]
    assert len(catalog) == 207
    assert kinds.count("phenomenon") == 22
    assert kinds.count("plane") == 185


def test_joke_type_lines_decide_kind() -> None:
    catalog = load_snapshot()
    slices = catalog.exact("That's Enough Slices")
    mercy = catalog.exact("sAnS mERcY")
    assert slices is not None and slices.kind == "phenomenon"
    assert slices.type_line == "Phenome-nom"
    assert mercy is not None and mercy.kind == "plane" and mercy.subtype == "sECreT LaIR"


def test_schema_is_found_where_the_package_expects_it() -> None:
    assert resources.schema_path("catalog.schema.json").is_file()
    assert resources.rules_dir().is_dir()


@requires_shared_data
def test_snapshot_agrees_with_the_facts_table() -> None:
    with (SHARED_DATA / "planar-cards.tsv").open(encoding="utf-8", newline="") as handle:
        rows = {row["name"]: row for row in csv.DictReader(handle, delimiter="\t")}
    catalog = load_snapshot()
    assert {card.name for card in catalog.cards} == set(rows)
    for card in catalog.cards:
        row = rows[card.name]
        assert card.kind == row["kind"]
        assert list(card.sets) == row["sets"].split(",")
        assert card.oracle_id == row["oracle_id"]
        assert card.first_released == row["first_released"]
        assert (card.subtype or "") == row["subtype"]

"""The card in question (issue 24 item 3): a question naming a plane or phenomenon finds its
Oracle text, a passage of the rulings document (kind ``card``), where it answers."""

from __future__ import annotations

import csv
import json
from collections.abc import Callable
from typing import Any

import pytest
from conftest import REPO, SHARED_DATA, requires_shared_data

from planarcli.schemacheck import schema_errors

RULINGS = json.loads((REPO / "rules" / "rulings.json").read_text(encoding="utf-8"))
TEXTS = {entry["card"]: entry for entry in RULINGS["rules"] if entry["id"].startswith("card:")}
RULED = {entry["card"] for entry in RULINGS["rules"] if entry["id"].startswith("ruling:")}

#: (question, card): a question asking what the card does, which its text answers first
ASKED = [
    ("what does naya do", "Naya"),
    ("the great forest chaos", "The Great Forest"),
    ("what happens on interplanar tunnel", "Interplanar Tunnel"),
    ("tazeem", "Tazeem"),
    # by a name printed in German, and a card without rulings
    ("Chaotischer Äther", "Chaotic Aether"),
    ("what does bowie base one do", "Bowie Base One"),
    ("city of the daleks chaos", "City of the Daleks"),
]


def results(run_cli: Callable[..., Any], *query: str) -> list[dict[str, Any]]:
    shown = run_cli("rules", "search", *query, "--format", "json")
    document = json.loads(shown.stdout)
    assert schema_errors(document, "rules-search.schema.json") == []
    found: list[dict[str, Any]] = document["results"]
    return found


@pytest.mark.parametrize(("question", "card"), ASKED)
def test_a_question_about_a_card_is_answered_by_its_text_first(
    run_cli: Callable[..., Any], question: str, card: str
) -> None:
    first = results(run_cli, question)[0]
    assert first["kind"] == "card" and first["card"] == card
    assert first["edition"] == "rulings"
    assert first["text"] == TEXTS[card]["text"]
    assert first["type_line"] == TEXTS[card]["type_line"]


def test_other_questions_naming_a_card_show_its_text_after_the_answers(
    run_cli: Callable[..., Any],
) -> None:
    found = results(run_cli, "does naya let me play extra lands after planeswalking")
    # the ruling that answers first, the rules it applies next, then the card's text
    assert found[0]["id"] == "ruling:naya.4"
    assert [r["id"] for r in found].index("card:naya") == 3
    assert found[3]["score"] <= found[2]["score"]


def test_a_question_about_the_rules_alone_shows_no_card(run_cli: Callable[..., Any]) -> None:
    for question in ("chaos ensues", "planar die cost", "what is a phenomenon"):
        assert all(r["kind"] != "card" for r in results(run_cli, question)), question


def test_the_text_result_names_its_card_and_type_line(run_cli: Callable[..., Any]) -> None:
    shown = run_cli("rules", "search", "what", "does", "naya", "do", "--limit", "1")
    lines = shown.stdout.splitlines()
    assert lines[0] == "card:naya (rulings, Naya, Plane — Alara) score 16.8"
    assert " ".join(" ".join(lines[1:]).split()) == " ".join(TEXTS["Naya"]["text"].split())


def test_every_card_has_its_text_once() -> None:
    ids = [entry["id"] for entry in RULINGS["rules"] if entry["id"].startswith("card:")]
    assert len(ids) == len(set(ids)) == len(TEXTS) == 207
    assert len(RULED) == 109 and set(TEXTS) > RULED
    assert all(entry["source"] and entry["type_line"] for entry in TEXTS.values())
    # the rulings keep their places (their ids are stable): all before the texts
    kinds = [entry["id"].split(":")[0] for entry in RULINGS["rules"]]
    assert kinds == ["ruling"] * 512 + ["card"] * 207


@requires_shared_data
def test_the_texts_are_the_oracle_tables_verbatim() -> None:
    with (SHARED_DATA / "planar-oracle.tsv").open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))
    assert [row["name"] for row in rows] == list(TEXTS)
    for row in rows:
        entry = TEXTS[row["name"]]
        assert entry["text"] == row["oracle_text"].replace("\\n", "\n").strip()
        assert (entry["type_line"], entry["source"]) == (row["type_line"], row["source"])

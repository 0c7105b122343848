"""Card text offline: the snapshot carries every card's type line and Oracle text, `cards show`
prints the whole card, `cards search` reads a Scryfall-like query, the catalog is the union of
the snapshot and the synced cache, `cards list` fits 80 columns and `deck random` leaves the
playtest and showcase cards out. Everything goes through the command line."""

from __future__ import annotations

import csv
import json
import re
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from conftest import REPO, SHARED_DATA, load_script, requires_shared_data
from httpserver import LocalServer
from hypothesis import given, settings
from hypothesis import strategies as st

from cards.test_sync import FAST, make_card, serve_cards
from planarcli.cards import store
from planarcli.cards.names import fold_name
from planarcli.cards.search import fold_text, parse_query, search_cards
from planarcli.cli import cli
from planarcli.errors import UsageError

SNAPSHOT = json.loads(store.snapshot_path().read_text(encoding="utf-8"))
RECORDS = {card["name"]: card for card in SNAPSHOT["cards"]}
VALID_DECKS = sorted((Path(__file__).parents[1] / "decks" / "valid").glob("*.txt"))

pytestmark = pytest.mark.usefixtures("cache_dir")


def run(*args: str, input: str | None = None) -> Any:
    """``planarcli ARGS`` in-process, with test-sized Scryfall client settings (no pacing)."""
    result = CliRunner().invoke(
        cli, list(args), input=input, obj={"scryfall_options": FAST}, catch_exceptions=False
    )
    store.reset_loaded_catalog()  # the next command reads the card data afresh
    return result


def explain(result: Any) -> str:
    return f"exit {result.exit_code}\nstdout: {result.stdout}\nstderr: {result.stderr}"


def names_of(result: Any) -> list[str]:
    assert result.stdout, explain(result)
    return [card["name"] for card in json.loads(result.stdout)["cards"]]


# -- the snapshot ---------------------------------------------------------------------------------
@requires_shared_data
def test_the_bundled_snapshot_is_what_the_script_builds() -> None:
    script = load_script(REPO / "scripts" / "build_snapshot.py")
    built = script.build(SHARED_DATA / "planar-cards.tsv", created=SNAPSHOT["source"]["created"])
    assert built == SNAPSHOT
    bundled = store.snapshot_path().read_text(encoding="utf-8")
    assert script.dump_catalog(built) == bundled


@requires_shared_data
def test_the_snapshot_text_is_the_oracle_table_verbatim() -> None:
    with (SHARED_DATA / "planar-oracle.tsv").open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))
    assert len(rows) == len(RECORDS) == 207
    for row in rows:
        card = RECORDS[row["name"]]
        assert card["oracle_id"] == row["oracle_id"]
        assert card["type_line"] == row["type_line"]
        assert card["oracle_text"] == row["oracle_text"].replace("\\n", "\n")
    source = SNAPSHOT["source"]["oracle_text"]
    assert source["file"] == "planar-oracle.tsv" and source["rows"] == 207
    assert sum(source["from"].values()) == 207
    assert "paintedlabs/Treachery-FrontEnd@ba1f47e:functions/planeCards.json" in source["from"]


def test_every_snapshot_card_has_its_text_and_type_line() -> None:
    for card in RECORDS.values():
        assert card["type_line"] and card["oracle_text"], card["name"]
        assert "\\n" not in card["oracle_text"]  # real line breaks, not the table's escapes
    assert RECORDS["Year-End Review"]["oracle_text"].count("\n") == 0
    assert "\n" in RECORDS["Academy at Tolaria West"]["oracle_text"]


# -- cards show -----------------------------------------------------------------------------------
def test_show_prints_the_whole_card_offline() -> None:
    result = run("--offline", "cards", "show", "tazeem")
    assert result.exit_code == 0, explain(result)
    # The card, then its four official rulings (issue 18), each wrapped under its date.
    assert result.stdout.splitlines()[:9] == [
        "Tazeem",
        "Plane — Zendikar",
        "",
        "Creatures can't block.",
        "",
        "Whenever chaos ensues, draw a card for each land you control.",
        "",
        "sets: pdci, prm, opca, phop",
        "first printed: 2009-09-04",
    ]
    rulings = result.stdout.splitlines()[9:]
    assert rulings[:2] == ["", "rulings (4):"]
    assert rulings[2].startswith("2009-10-01  A face-up plane card that’s turned face down")
    assert sum(line.startswith("2009-10-01  ") for line in rulings) == 4
    assert result.stderr == ""


def test_show_wraps_long_text_at_word_boundaries_within_80_columns() -> None:
    text = RECORDS["Year-End Review"]["oracle_text"]
    assert len(text) > 160
    lines = run("cards", "show", "Year-End Review").stdout.splitlines()
    body = lines[3 : lines.index("", 3)]
    assert len(body) >= 3 and all(len(line) <= 80 for line in body)
    assert " ".join(body) == " ".join(text.split())  # nothing lost, no word cut


def test_show_json_has_the_text_of_every_card() -> None:
    for name, record in RECORDS.items():
        result = run("cards", "show", name, "--format", "json")
        assert result.exit_code == 0, explain(result)
        shown = json.loads(result.stdout)
        assert shown["name"] == name
        assert shown["oracle_text"] == record["oracle_text"]
        assert shown["type_line"] == record["type_line"]
        assert shown["source"] == "snapshot"


# -- cards search ---------------------------------------------------------------------------------
def containing(word: str, *fields: str) -> set[str]:
    """Snapshot cards whose given fields contain ``word`` (case-insensitively), worked out
    here from the JSON, independently of planarcli's search."""
    return {
        card["name"]
        for card in RECORDS.values()
        if any(word in (card[field] or "").casefold() for field in fields)
    }


def test_search_chaos_finds_the_cards_whose_text_mentions_chaos() -> None:
    result = run("--offline", "cards", "search", "chaos", "--format", "json")
    assert result.exit_code == 0, explain(result)
    found = set(names_of(result))
    assert found == containing("chaos", "name", "type_line", "oracle_text")
    assert len(found) > 150 and "Tazeem" in found and "Chaotic Aether" in found


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("t:phenomenon", lambda c: c["kind"] == "phenomenon"),  # "Phenome-nom" too
        ("type:zendikar", lambda c: c["subtype"] == "Zendikar"),
        ("o:draw", lambda c: "draw" in c["oracle_text"].casefold()),
        ("oracle:planeswalk", lambda c: "planeswalk" in c["oracle_text"].casefold()),
        ("s:opca", lambda c: "opca" in c["sets"]),
        ("set:OPCA", lambda c: "opca" in c["sets"]),
        ("e:who", lambda c: "who" in c["sets"]),
        ("n:tolaria", lambda c: "tolaria" in c["name"].casefold()),
        ("name:the", lambda c: "the" in c["name"].casefold()),
        ("-t:plane", lambda c: c["kind"] == "phenomenon"),
        (
            "o:chaos -o:ensues",
            lambda c: (
                "chaos" in c["oracle_text"].casefold()
                and "ensues" not in c["oracle_text"].casefold()
            ),
        ),
        (
            "t:plane s:moc -o:draw",
            lambda c: (
                c["kind"] == "plane"
                and "moc" in c["sets"]
                and "draw" not in c["oracle_text"].casefold()
            ),
        ),
    ],
)
def test_search_keys(query: str, expected: Any) -> None:
    result = run("cards", "search", query, "--format", "json")
    wanted = {name for name, card in RECORDS.items() if expected(card)}
    assert wanted, query
    assert set(names_of(result)) == wanted
    assert result.exit_code == 0, explain(result)


def test_search_quotes_make_a_phrase() -> None:
    phrase = names_of(run("cards", "search", 'o:"draw a card"', "--format", "json"))
    assert set(phrase) == containing("draw a card", "oracle_text")
    words = names_of(run("cards", "search", "o:draw o:a o:card", "--format", "json"))
    assert set(phrase) < set(words)  # the words alone, in any order, find more


def test_search_terms_given_as_separate_words_and_negations() -> None:
    """`cards search chaos -t:phenomenon`: a word starting with "-" is a negated term, not an
    unknown option."""
    result = run("cards", "search", "chaos", "-t:phenomenon", "-s:punk", "--format", "json")
    assert result.exit_code == 0, explain(result)
    found = names_of(result)
    assert found
    for name in found:
        card = RECORDS[name]
        assert card["kind"] == "plane" and "punk" not in card["sets"]
    assert json.loads(result.stdout)["query"] == "chaos -t:phenomenon -s:punk"
    assert "Usage:" in run("cards", "search", "chaos", "-h").stdout  # -h is still help


def test_a_bare_and_is_scryfall_s_explicit_and_not_a_word() -> None:
    """`chaos AND draw` is `chaos draw`: "and" is not looked for (it is inside "hand" and
    "land" of many cards), unless quoted."""
    plain = names_of(run("cards", "search", "chaos draw", "--format", "json"))
    assert plain
    assert names_of(run("cards", "search", "chaos AND draw", "--format", "json")) == plain
    assert names_of(run("cards", "search", "chaos", "and", "draw", "--format", "json")) == plain
    quoted = names_of(run("cards", "search", 'chaos "and" draw', "--format", "json"))
    assert set(quoted) < set(plain)


def test_search_ignores_case_accents_and_punctuation() -> None:
    plain = names_of(run("cards", "search", "n:aether", "--format", "json"))
    assert "The Aether Flues" in plain
    assert names_of(run("cards", "search", "n:ÆTHER", "--format", "json")) == plain
    assert names_of(run("cards", "search", "ravens", "--format", "json")) == ["Raven's Run"]


def test_search_puts_name_hits_first() -> None:
    found = names_of(run("cards", "search", "furnace", "--format", "json"))
    assert found[:2] == ["Furnace Layer", "Stronghold Furnace"]


def test_search_text_table_and_filters_together() -> None:
    result = run("cards", "search", "o:chaos", "--kind", "phenomenon")
    assert result.exit_code == 0, explain(result)
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["name", "kind", "subtype", "sets"]
    assert all(" phenomenon " in line for line in lines[1:-1])
    assert lines[-1].endswith("phenomena)")


@pytest.mark.parametrize("output_format", ["text", "json"])
def test_search_finding_nothing_exits_1(output_format: str) -> None:
    result = run("cards", "search", "o:xyzzy", "--format", output_format)
    assert result.exit_code == 1, explain(result)
    if output_format == "json":
        assert json.loads(result.stdout) == {"query": "o:xyzzy", "cards": []}
    else:
        assert result.stdout == ""
    assert result.stderr == "planarcli: error: no card matches 'o:xyzzy'\n"


def test_search_with_filters_finding_nothing_exits_1_and_says_so_once() -> None:
    result = run("cards", "search", "chaos", "--set", "pssc", "--kind", "phenomenon")
    assert result.exit_code == 1, explain(result)
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        "planarcli: error: no card matches 'chaos' with --kind phenomenon --set pssc"
    ]


@pytest.mark.parametrize(
    ("query", "example"),
    [("t:", "(e.g. t:phenomenon)"), ("o:", '(e.g. o:"chaos ensues")'), ("n:", "(e.g. n:tolaria)")],
)
def test_a_key_with_nothing_after_it_is_shown_with_an_example_of_that_key(
    query: str, example: str
) -> None:
    # 'o:' was told "(e.g. t:phenomenon)", an example of another key.
    result = run("cards", "search", query)
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0].endswith(example), result.stderr


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("t:", "'t:' needs something to look for after the colon"),
        ("chaos o:", "'o:' needs something to look for after the colon"),
        ('o:""', """'o:""' needs something to look for after the colon"""),
        ("s:", "'s:' needs a set code"),
        ("s:op-ca", "is not a set code"),
        ('o:"draw a card', "unclosed quote"),
        ("c:red", "unknown search key 'c:'"),
        ("chaos -", "'-' with nothing after it"),
        ("!!!", "nothing to search for in '!!!'"),
        ("chaos OR", "'OR' at character 7 has nothing after it"),
        ("or t:phenomenon", "'or' at character 1 has nothing before it"),
        ("chaos or or draw", "'or' at character 7 has nothing after it"),
        ("(t:plane or t:phenomenon", "'(' at character 1 is never closed"),
        ("t:plane (o:chaos", "'(' at character 9 is never closed"),
        ("-(t:plane", "'-(' at character 1 is never closed"),
        ("t:plane o:chaos)", "')' at character 16 has no '(' before it"),
        ("chaos ()", "'(' at character 7 opens parentheses with nothing inside"),
        ("AND", "nothing to search for in 'AND'"),
    ],
)
@pytest.mark.parametrize("output_format", ["text", "json"])
def test_a_malformed_query_is_a_usage_error(query: str, message: str, output_format: str) -> None:
    result = run("cards", "search", query, "--format", output_format)
    assert result.exit_code == 2, explain(result)
    if output_format == "text":
        assert result.stdout == ""
    else:  # JSON whatever happens: the error, in one document
        assert json.loads(result.stdout)["error"]["exit_code"] == 2
    errors = [line for line in result.stderr.splitlines() if "error:" in line]
    assert len(errors) == 1 and message in errors[0], result.stderr
    assert "Traceback" not in result.stderr


def test_search_warns_about_a_set_no_card_is_printed_in() -> None:
    result = run("cards", "search", "s:zzz")
    assert result.exit_code == 1
    assert "planarcli: warning: no card is printed in set 'zzz'" in result.stderr


def test_text_folding_is_the_name_folding() -> None:
    """Search folds text as the catalog folds names (but quicker on long text)."""
    samples = [text for card in RECORDS.values() for text in card.values() if isinstance(text, str)]
    samples += ["Académie de l'Ouest de Tolaria", "ÆTHER – Flues", "Straße", "Raven’s Run"]
    for text in samples:
        if not text.endswith(("(Plane)", "(Playtest)")):  # a name-only rule
            assert fold_text(text) == fold_name(text), text


# -- cards list -----------------------------------------------------------------------------------
def test_list_has_a_header_and_fits_80_columns() -> None:
    result = run("cards", "list")
    assert result.exit_code == 0, explain(result)
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["name", "kind", "subtype", "sets"]
    assert len(lines) == 1 + 207 + 1
    assert max(len(line) for line in lines) <= 80
    kind_column = lines[0].index("kind")
    assert all(line[kind_column:].startswith(("plane ", "phenomenon")) for line in lines[1:-1])
    long_name = "Asmoranomardicadaistinaculdacar's Kitchen"
    cut = [line for line in lines if line.startswith(long_name[:20])]
    assert len(cut) == 1 and "…" in cut[0] and long_name not in cut[0]
    tazeem = next(line for line in lines if line.startswith("Tazeem "))
    assert tazeem.endswith("  pdci, prm, +2")


def test_list_json_keeps_the_full_names_and_sets() -> None:
    cards = json.loads(run("cards", "list", "--format", "json").stdout)["cards"]
    by_name = {card["name"]: card for card in cards}
    assert "Asmoranomardicadaistinaculdacar's Kitchen" in by_name
    assert by_name["Tazeem"]["sets"] == ["pdci", "prm", "opca", "phop"]


@pytest.mark.parametrize("output_format", ["text", "json"])
def test_list_filters_that_leave_nothing_exit_1(output_format: str) -> None:
    result = run(
        "cards", "list", "--kind", "phenomenon", "--set", "pssc", "--format", output_format
    )
    assert result.exit_code == 1, explain(result)
    if output_format == "json":
        assert json.loads(result.stdout) == {"cards": []}
    else:
        assert result.stdout == ""
    assert result.stderr == ("planarcli: error: no card matches --kind phenomenon --set pssc\n")


# -- the union of snapshot and cache, and cards info ----------------------------------------------
def scryfall_objects(names: list[str], text: str | None = None) -> list[dict[str, Any]]:
    """Scryfall card objects for snapshot cards (their oracle ids), with ``text`` as the
    Oracle text when given (so the synced record can be told from the snapshot's)."""
    objects = []
    for name in names:
        card = RECORDS[name]
        objects.append(
            make_card(
                name,
                card["type_line"],
                set_code=card["sets"][-1],
                oracle_id=card["oracle_id"],
                oracle_text=text or card["oracle_text"],
            )
        )
    return objects


def sync_from(server: LocalServer, objects: list[dict[str, Any]], *args: str) -> Any:
    serve_cards(server, objects, page_size=175)
    result = run("cards", "sync", "--api-url", server.url, *args)
    assert result.exit_code == 0, explain(result)
    return result


def test_a_partial_sync_never_makes_a_card_unknown(server: LocalServer, cache_dir: Path) -> None:
    """A mirror that returned 111 of the 207 cards: every card stays known, the synced ones
    with the synced record, and the bundled example decks still validate."""
    names = sorted(RECORDS)
    synced = names[::2][:104] + names[1::2][:7]
    assert len(synced) == 111
    sync_from(server, scryfall_objects(synced, text="Synced text. Whenever chaos ensues, wow."))
    listed = names_of(run("cards", "list", "--format", "json"))
    assert sorted(listed) == names
    info = json.loads(run("cards", "info", "--format", "json").stdout)
    assert info["cards"] == 207 and info["source"] == "cache"
    assert info["by_source"] == {"cache": 111, "snapshot": 96}
    assert [(s["kind"], s["cards"]) for s in info["sources"]] == [("cache", 111), ("snapshot", 96)]
    text = run("cards", "info").stdout
    assert "111 from the synced cache (" in text
    assert "), 96 from the bundled snapshot (2026-08-31)" in text
    # A synced card shows the synced record; a card the answer lacked, the snapshot's.
    kept = next(name for name in names if name not in synced)
    shown = json.loads(run("cards", "show", synced[0], "--format", "json").stdout)
    assert shown["source"] == "cache"
    assert shown["oracle_text"] == "Synced text. Whenever chaos ensues, wow."
    shown = json.loads(run("cards", "show", kept, "--format", "json").stdout)
    assert shown["source"] == "snapshot" and shown["oracle_text"] == RECORDS[kept]["oracle_text"]
    # Search reads the union: the synced text for synced cards.
    assert set(names_of(run("cards", "search", "o:wow", "--format", "json"))) == set(synced)
    for deck in VALID_DECKS:
        checked = run("validate", str(deck))
        assert checked.exit_code == 0, explain(checked)


def test_a_synced_record_without_text_keeps_the_snapshot_text(server: LocalServer) -> None:
    objects = scryfall_objects(["Tazeem", "Akoum"])
    del objects[0]["oracle_text"]
    sync_from(server, objects)
    shown = json.loads(run("cards", "show", "Tazeem", "--format", "json").stdout)
    assert shown["source"] == "cache"
    assert shown["oracle_text"] == RECORDS["Tazeem"]["oracle_text"]


def write_cache(folder: Path, created: str, cards: list[dict[str, Any]]) -> None:
    from planarcli.cards.sync import dump_catalog

    document = {
        "format": "planarcli-catalog",
        "schema_version": 1,
        "source": {"kind": "scryfall", "created": created},
        "cards": cards,
    }
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "cards.json").write_text(dump_catalog(document), encoding="utf-8")


def test_the_synced_record_wins_per_oracle_id(cache_dir: Path) -> None:
    """A card the cache has is the cache's record (its text, its sets), a card only the
    cache has is added, every other card is the snapshot's."""
    tazeem = {**RECORDS["Tazeem"], "oracle_text": "Synced wording.", "sets": ["opca"]}
    extra = {
        **RECORDS["Akoum"],
        "name": "Cache Only Plane",
        "oracle_id": "0" * 8 + "-0000-4000-8000-" + "0" * 12,
    }
    write_cache(cache_dir, "2026-09-01T00:00:00+00:00", [extra, tazeem])
    shown = json.loads(run("cards", "show", "Tazeem", "--format", "json").stdout)
    assert shown["source"] == "cache"
    assert (shown["oracle_text"], shown["sets"]) == ("Synced wording.", ["opca"])
    only = json.loads(run("cards", "show", "Cache Only Plane", "--format", "json").stdout)
    assert only["source"] == "cache"
    akoum = json.loads(run("cards", "show", "Akoum", "--format", "json").stdout)
    assert akoum["source"] == "snapshot"
    info = json.loads(run("cards", "info", "--format", "json").stdout)
    assert info["cards"] == 208 and info["by_source"] == {"cache": 2, "snapshot": 206}
    assert info["data_as_of"] == "2026-09-01T00:00:00+00:00"
    text = run("cards", "info").stdout
    assert "2 from the synced cache (2026-09-01), 206 from the bundled snapshot (2026-08-31)" in (
        text
    )


def test_sync_merges_a_smaller_answer_into_the_cache(server: LocalServer, cache_dir: Path) -> None:
    """A second sync that brings fewer cards keeps the ones it lacks, says so, and loses
    nothing the user had."""
    names = sorted(RECORDS)[:30]
    first = [*scryfall_objects(names), make_card("Cache Only Plane", "Plane — Nowhere")]
    sync_from(server, first)
    second = scryfall_objects(names[:10], text="Newer text.")
    result = sync_from(server, second, "--format", "json")
    summary = json.loads(result.stdout)
    assert summary["cards"] == 10 and summary["cache_cards"] == 31
    assert sorted(summary["kept"]) == sorted([*names[10:], "Cache Only Plane"])
    assert "Scryfall's answer lacked 21 cards of the previous cache; kept them" in result.stderr
    document = json.loads((cache_dir / "cards.json").read_text(encoding="utf-8"))
    assert len(document["cards"]) == 31 and document["source"]["kept_from_previous"] == 21
    by_name = {card["name"]: card for card in document["cards"]}
    assert by_name[names[0]]["oracle_text"] == "Newer text."  # the new answer wins
    assert by_name[names[20]]["oracle_text"] == RECORDS[names[20]]["oracle_text"]
    assert json.loads(run("cards", "show", "cache only plane", "--format", "json").stdout)[
        "source"
    ] == ("cache")
    text = sync_from(server, second)
    assert "kept 21 cards of the previous cache that the answer lacked" in text.stdout


def test_sync_counts_as_from_the_snapshot_only_what_the_cache_lacks(
    server: LocalServer, cache_dir: Path
) -> None:
    """The cards a smaller answer lacks but the previous cache keeps are not the snapshot's:
    the warning said "197 cards of the bundled snapshot ... the snapshot still provides
    them" while `cards info` counted 177 from the snapshot."""
    names = sorted(RECORDS)[:30]
    sync_from(server, scryfall_objects(names))
    result = sync_from(server, scryfall_objects(names[:10]))
    assert result.exit_code == 0
    assert "177 cards of the bundled snapshot are not in Scryfall's answer" in result.stderr
    info = json.loads(run("cards", "info", "--format", "json").stdout)
    assert info["by_source"]["snapshot"] == 177


def test_info_dates_the_data_and_counts_its_age_from_that_date() -> None:
    text = run("cards", "info").stdout
    info = json.loads(run("cards", "info", "--format", "json").stdout)
    dated = SNAPSHOT["source"]["data_as_of"]
    assert info["data_as_of"] == dated == "2026-08-31"
    since = datetime.now(timezone.utc) - datetime(2026, 8, 31, tzinfo=timezone.utc)
    assert info["age_days"] == pytest.approx(since.total_seconds() / 86400, abs=0.1)
    # the text rounds the exact age; JSON gives it to a tenth (91.46 days: "91", 91.5)
    shown = re.search(rf"as of:   {dated} \((\d+) days old\)", text)
    assert shown is not None, text
    assert abs(int(shown.group(1)) - info["age_days"]) <= 0.55
    assert info["stale"] is (info["age_days"] > 180)
    assert ("hint:" in text) is info["stale"]


@pytest.mark.parametrize(("days", "stale"), [(0, False), (179.9, False), (180.1, True)])
def test_a_fresh_install_is_out_of_date_only_180_days_after_its_data(
    days: float, stale: bool
) -> None:
    source = store.load_snapshot().source
    now = datetime(2026, 8, 31, tzinfo=timezone.utc) + timedelta(days=days)
    assert source.is_stale(now) is stale
    assert source.age_text(now) == f"{days:.0f} days old"


# -- deck random ----------------------------------------------------------------------------------
PLAYTEST_ONLY = {name for name, card in RECORDS.items() if set(card["sets"]) <= {"punk", "pssc"}}


def deck_names(text: str) -> list[str]:
    return [line[2:] for line in text.splitlines() if line.startswith("1 ")]


def test_deck_random_leaves_playtest_and_showcase_cards_out_by_default() -> None:
    assert len(PLAYTEST_ONLY) == 56
    result = run("deck", "random", "--seed", "1", "--size", "141")
    assert result.exit_code == 0, explain(result)
    assert not set(deck_names(result.stdout)) & PLAYTEST_ONLY
    assert "cards only in punk, pssc left out" in result.stdout.splitlines()[1]
    data = json.loads(run("deck", "random", "--seed", "1", "--format", "json").stdout)
    assert data["x-left-out-sets"] == ["punk", "pssc"]


def test_deck_random_include_set_brings_them_in() -> None:
    result = run("deck", "random", "--seed", "1", "--size", "180", "--include-set", "punk,pssc")
    assert result.exit_code == 0, explain(result)
    drawn = set(deck_names(result.stdout))
    assert drawn & PLAYTEST_ONLY
    header = result.stdout.splitlines()[0]
    assert "--include-set punk --include-set pssc" in header
    again = run(*header[len("// planarcli ") :].split())
    assert deck_names(again.stdout) == deck_names(result.stdout)
    only_punk = run("deck", "random", "--seed", "1", "--size", "160", "--include-set", "punk")
    drawn = set(deck_names(only_punk.stdout))
    assert not {n for n in drawn & PLAYTEST_ONLY if RECORDS[n]["sets"] == ["pssc"]}
    assert run("deck", "random", "--include-set", "punk", "--exclude-set", "punk").exit_code == 2


def test_deck_random_include_set_of_a_set_never_left_out_warns() -> None:
    result = run("deck", "random", "--seed", "2", "--include-set", "opca")
    assert result.exit_code == 0, explain(result)
    assert "only punk, pssc are left out by default" in result.stderr


def test_the_player_count_is_mixed_into_the_seed() -> None:
    def deck(players: int) -> list[str]:
        result = run("deck", "random", "--seed", "5", "--communal", "--players", str(players),
                     "--size", "40")  # fmt: skip
        assert result.exit_code == 0, explain(result)
        return deck_names(result.stdout)

    decks = {players: deck(players) for players in (4, 5, 6)}
    assert decks[4] != decks[5] != decks[6] != decks[4]
    assert deck(5) == decks[5]  # reproducible
    individual = deck_names(run("deck", "random", "--seed", "5", "--size", "40").stdout)
    assert individual not in decks.values()


# -- any query: terms or a clean usage error ------------------------------------------------------
@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list('ab :-"tosne\u00e6\u2014!')) | st.characters()))
def test_any_query_parses_to_terms_or_a_usage_error(query: str) -> None:
    try:
        terms = parse_query(query)
    except UsageError as error:
        assert error.message and "\n" not in error.message
        return
    assert terms
    for term in terms:
        assert term.value and (term.field in (None, "type", "oracle", "name", "set"))
    search_cards(store.load_snapshot().cards[:5], terms)

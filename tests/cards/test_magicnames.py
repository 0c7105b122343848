"""Printed non-English names are the same card (901.3 asks for different *English* names):
folding for every script, the names bundled in the snapshot (bundled = built), lookups
through the CLI, and ``cards sync`` keeping the printed names Scryfall sends and never
losing the bundled ones (against a real server on 127.0.0.1)."""

from __future__ import annotations

import json
import math
import uuid
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from conftest import REPO, SHARED_DATA, load_script, requires_shared_data
from httpserver import LocalServer, RecordedRequest, Reply
from hypothesis import given, settings
from hypothesis import strategies as st

from planarcli.cards import resolve, store
from planarcli.cards.names import fold_name
from planarcli.cards.scryfall import RetryPolicy
from planarcli.cards.store import load_snapshot
from planarcli.cards.sync import build_catalog, printed_name_of
from planarcli.cli import cli

ACADEMY = "Academy at Tolaria West"
ACADEMY_ID = "15b979de-c8ee-4664-9ca7-6c4eb3346967"


# -- folding ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Académie de l'Ouest de Tolaria", "ACADEMIE DE L’OUEST DE TOLARIA"),
        ("Äther-Abzugsschächte", "ather abzugsschachte"),
        ("ﾗﾉﾜｰﾙ", "ラノワール"),  # half-width katakana (NFKC)
        ("Ｔａｚｅｅｍ", "Tazeem"),  # full-width Latin
        ("イニス＝ヘン", "イニス=ヘン"),
        ("Jötun Grunt", "Jotun Grunt"),
        ("Ørsted", "Orsted"),
    ],
)
def test_spellings_of_one_name_fold_alike(one: str, other: str) -> None:
    assert fold_name(one) == fold_name(other) != ""


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("バント", "ハント"),  # kana voicing marks are part of the letter, not an accent
        ("忘却湖", "忘却"),
        ("乙太混沦", "乙太喷口"),
    ],
)
def test_other_scripts_keep_their_letters(one: str, other: str) -> None:
    assert fold_name(one) and fold_name(other)
    assert fold_name(one) != fold_name(other)


# -- the snapshot ----------------------------------------------------------------------------
@requires_shared_data
def test_bundled_printed_names_are_what_the_build_script_reads() -> None:
    build = load_script(REPO / "scripts" / "build_snapshot.py")
    expected = build.read_printed_names(SHARED_DATA / "planar-foreign-names.tsv")
    document = json.loads(store.snapshot_path().read_text(encoding="utf-8"))
    bundled = {
        card["name"]: card["printed_names"] for card in document["cards"] if "printed_names" in card
    }
    assert bundled == {name: dict(sorted(langs.items())) for name, langs in expected.items()}
    assert len(bundled) == 140  # 106 + 34 Doctor Who cards (data README)
    assert sum(len(names) for langs in bundled.values() for names in langs.values()) >= 500
    assert "planar-foreign-names.tsv" in document["source"]["printed_names"]


def test_every_printed_name_reads_as_its_card() -> None:
    snapshot = load_snapshot()
    checked = 0
    for card in snapshot.cards:
        for _, printed in card.printed_names:
            resolution = snapshot.resolve(printed)
            assert resolution.card is card, (printed, card.name)
            assert resolution.how in {"exact", "folded", "printed"}
            if resolution.how == "printed":
                assert resolution.lang is not None
            checked += 1
    assert checked > 500


# -- through the CLI -------------------------------------------------------------------------
def run(*args: str, **kwargs: Any) -> Any:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False, **kwargs)


@pytest.mark.parametrize(
    "written",
    [
        "Académie de l'Ouest de Tolaria",
        "academie de l'ouest de tolaria",
        "Akademie von West-Tolaria",
        "Academia en Tolaria Oeste",
        "トレイリア西部のアカデミー",
    ],
)
def test_show_answers_a_printed_name_with_the_english_card(written: str) -> None:
    result = run("--offline", "cards", "show", written, "--format", "json")
    assert result.exit_code == 0, result.output
    shown = json.loads(result.stdout)
    assert shown["name"] == ACADEMY and shown["matched"] == "printed"
    text = run("--offline", "cards", "show", written)
    assert text.stdout.splitlines()[0] == ACADEMY
    assert f"printed name of {ACADEMY!r}" in text.stderr


def test_match_scores_100_for_printed_names_only() -> None:
    printed = run("cards", "match", "Académie de l'Ouest de Tolaria", "--format", "json")
    assert json.loads(printed.stdout)["matches"][0] == {
        "name": ACADEMY,
        "score": 100.0,
        "kind": "plane",
    }
    near = run("cards", "match", "Academie de l'Ouest de Tolarie", "--format", "json")
    assert all(m["score"] < 100 for m in json.loads(near.stdout)["matches"])


def test_validate_reads_a_foreign_deck_and_says_so_with_verbose(tmp_path: Path) -> None:
    deck = REPO / "tests" / "decks" / "valid" / "printed-foreign-names.txt"
    plain = run("validate", str(deck))
    assert plain.exit_code == 0, plain.output
    assert "info:" not in plain.stdout
    verbose = run("validate", "-v", str(deck))
    assert "'Akademie von West-Tolaria' is the German name of 'Academy at Tolaria West'" in (
        verbose.stdout
    )
    assert "'ﾗﾉﾜｰﾙ' is the Japanese name of 'Llanowar'" in verbose.stdout
    report = json.loads(run("validate", str(deck), "--format", "json").stdout)
    printed = [f for f in report["files"][0]["findings"] if f["code"] == "printed-name"]
    assert len(printed) == 10 and {f["severity"] for f in printed} == {"info"}


def test_an_english_card_beside_its_french_printing_is_a_duplicate(tmp_path: Path) -> None:
    deck = tmp_path / "deck.txt"
    others = [c.name for c in load_snapshot().cards if c.kind == "plane" and c.name != ACADEMY]
    names = [ACADEMY, "Académie de l'Ouest de Tolaria", *others[:9]]
    deck.write_text("Planar Deck\n" + "".join(f"1 {n}\n" for n in names), encoding="utf-8")
    result = run("validate", str(deck), "--format", "json")
    assert result.exit_code == 1
    findings = json.loads(result.stdout)["files"][0]["findings"]
    duplicates = [f for f in findings if f["code"] == "duplicate-card"]
    assert [(f["line"], f["rule"]) for f in duplicates] == [(3, "901.3")]
    assert "different English name" in duplicates[0]["message"]
    assert not [f for f in findings if f["code"] == "deck-too-small"]  # 11 listed, 10 distinct


# -- cards sync keeps printed names ----------------------------------------------------------
FAST: dict[str, Any] = {
    "timeout": (2.0, 2.0),
    "retry": RetryPolicy(retries=0, backoff_factor=0.0, min_backoff=0.0),
    "min_interval": 0.0,
}


def scryfall_object(
    name: str,
    oracle_id: str,
    *,
    lang: str = "en",
    printed_name: str | None = None,
    set_code: str = "ohop",
    released: str = "2009-09-04",
    oracle_text: str = "Creatures you control get +1/+1.",
) -> dict[str, Any]:
    """A Scryfall card object as /cards/search returns it with include_multilingual: the
    English name, type line and Oracle text on every printing; a non-English printing adds
    its ``printed_name``, ``printed_type_line`` and ``printed_text``."""
    card: dict[str, Any] = {
        "object": "card",
        "id": str(uuid.uuid4()),
        "oracle_id": oracle_id,
        "name": name,
        "lang": lang,
        "released_at": released,
        "layout": "planar",
        "type_line": "Plane — Dominaria",
        "oracle_text": oracle_text,
        "set": set_code,
        "scryfall_uri": f"https://scryfall.com/card/{set_code}/1/{lang}/x?utm_source=api",
    }
    if lang != "en":
        card["printed_name"] = printed_name
        card["printed_type_line"] = "Ebene — Dominaria" if lang == "de" else "次元 — ドミナリア"
        card["printed_text"] = "Übersetzter Text, der keine Errata erhält."
    return card


def test_printed_name_of_reads_non_english_printings_only() -> None:
    german = scryfall_object(
        ACADEMY, ACADEMY_ID, lang="de", printed_name="Akademie von West-Tolaria"
    )
    assert printed_name_of(german) == ("de", "Akademie von West-Tolaria")
    assert printed_name_of(scryfall_object(ACADEMY, ACADEMY_ID)) is None
    assert printed_name_of({**german, "printed_name": None}) is None
    faces = {
        **german,
        "printed_name": None,
        "card_faces": [{"printed_name": "A"}, {"printed_name": "B"}],
    }
    assert printed_name_of(faces) == ("de", "A // B")


def test_build_keeps_printed_names_and_the_english_text() -> None:
    objects = [
        scryfall_object(ACADEMY, ACADEMY_ID, oracle_text="English Oracle text."),
        scryfall_object(
            ACADEMY,
            ACADEMY_ID,
            lang="ja",
            printed_name="トレイリア西部のアカデミー",
            released="2023-04-21",
            set_code="moc",
            oracle_text="English Oracle text.",
        ),
        scryfall_object(ACADEMY, ACADEMY_ID, lang="de", printed_name="Akademie von West-Tolaria"),
        scryfall_object(
            ACADEMY,
            ACADEMY_ID,
            lang="de",
            printed_name="Akademie von West-Tolaria",
            set_code="moc",
            released="2023-04-21",
        ),
    ]
    document, summary = build_catalog(objects, api_url="http://x", query="q")
    card = document["cards"][0]
    assert summary.printings == 4 and summary.cards == 1
    assert card["printed_names"] == {
        "de": ["Akademie von West-Tolaria"],
        "ja": ["トレイリア西部のアカデミー"],
    }
    assert card["oracle_text"] == "English Oracle text."
    assert "/en/" in card["scryfall_uri"]  # the English printing's page, not a newer Japanese one
    assert card["sets"] == ["ohop", "moc"]


def pages(cards: list[dict[str, Any]], base: str, size: int) -> dict[int, dict[str, Any]]:
    count = max(1, math.ceil(len(cards) / size))
    return {
        n: {
            "object": "list",
            "total_cards": len(cards),
            "has_more": n < count,
            "next_page": f"{base}/cards/search?page={n + 1}" if n < count else None,
            "data": cards[(n - 1) * size : n * size],
        }
        for n in range(1, count + 1)
    }


def serve_objects(server: LocalServer, cards: list[dict[str, Any]]) -> None:
    numbered = pages(cards, server.url, 2)

    def answer(request: RecordedRequest) -> Reply:
        return Reply.json(numbered[int(request.query.get("page", "1"))])

    server.route("/cards/search", answer)


def test_sync_keeps_scryfall_printed_names_and_never_loses_the_bundled_ones(
    server: LocalServer, tmp_path: Path
) -> None:
    snapshot = load_snapshot()
    krosa = snapshot.exact("Krosa")
    assert krosa is not None and krosa.printed_names
    objects = [
        scryfall_object(ACADEMY, ACADEMY_ID),
        # A printed name the snapshot does not have (a Korean printing, say).
        scryfall_object(
            ACADEMY, ACADEMY_ID, lang="ko", printed_name="톨라리아 서부의 학원", set_code="moc"
        ),
        # Krosa in English only: its bundled printed names must survive the sync.
        scryfall_object("Krosa", krosa.oracle_id),
    ]
    serve_objects(server, objects)
    result = CliRunner().invoke(
        cli, ["cards", "sync", "--api-url", server.url], obj={"scryfall_options": FAST}
    )
    assert result.exit_code == 0, result.output
    search = server.requests_to("/cards/search")[0]
    assert search.query["include_multilingual"] == "true"
    assert search.query["unique"] == "prints"
    store.reset_loaded_catalog()

    cached = json.loads(store.cache_path().read_text(encoding="utf-8"))["cards"]
    by_name = {card["name"]: card for card in cached}
    assert by_name[ACADEMY]["printed_names"]["ko"] == ["톨라리아 서부의 학원"]
    assert by_name[ACADEMY]["printed_names"]["de"] == ["Akademie von West-Tolaria"]
    assert by_name["Krosa"]["printed_names"] == {
        lang: [name for code, name in krosa.printed_names if code == lang]
        for lang in sorted({code for code, _ in krosa.printed_names})
    }
    for written, name in [
        ("톨라리아 서부의 학원", ACADEMY),  # from Scryfall
        ("Akademie von West-Tolaria", ACADEMY),  # bundled, not sent by Scryfall
        ("クローサ", "Krosa"),  # bundled
    ]:
        shown = run("--offline", "cards", "show", written, "--format", "json")
        assert shown.exit_code == 0, shown.output
        answer = json.loads(shown.stdout)
        assert (answer["name"], answer["source"], answer["matched"]) == (name, "cache", "printed")


def test_a_cache_without_printed_names_borrows_the_bundled_ones() -> None:
    """A cache written before printed names existed still reads a German deck."""
    document = json.loads(store.snapshot_path().read_text(encoding="utf-8"))
    document["source"] = {"kind": "scryfall", "created": "2026-11-01T00:00:00+00:00"}
    for card in document["cards"]:
        card.pop("printed_names", None)
    path = store.cache_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(document), encoding="utf-8")
    shown = run("--offline", "cards", "show", "Akademie von West-Tolaria", "--format", "json")
    assert shown.exit_code == 0, shown.output
    answer = json.loads(shown.stdout)
    assert (answer["name"], answer["source"], answer["matched"]) == (ACADEMY, "cache", "printed")


def test_the_snapshot_keys_are_the_folded_names() -> None:
    """Lookups trust the precomputed keys: they must be what fold_name makes today (rebuild
    the snapshot and bump FOLD_VERSION when folding changes)."""
    from planarcli.cards.names import FOLD_VERSION, card_names

    document = json.loads(store.snapshot_path().read_text(encoding="utf-8"))
    assert document["source"]["fold_version"] == FOLD_VERSION
    for card in document["cards"]:
        assert card["keys"] == [fold_name(name) for name in card_names(card)], card["name"]


def test_keys_of_another_fold_version_are_folded_anew() -> None:
    document = json.loads(store.snapshot_path().read_text(encoding="utf-8"))
    document["source"]["fold_version"] = -1
    for card in document["cards"]:
        card["keys"] = ["stale " + key for key in card["keys"]]
    parsed = store.parse_catalog(document, kind="snapshot", path="x.json")
    assert parsed.resolve("academy at tolaria west").how == "folded"
    assert parsed.resolve("ACADEMIE DE L'OUEST DE TOLARIA").how == "printed"


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_folding_any_text_is_stable(text: str) -> None:
    """A folded name folds to itself (stored keys stay valid), whatever the script."""
    key = fold_name(text)
    assert fold_name(key) == key
    assert key == key.strip() and "  " not in key


# -- issue 16 item 4: foreign names give their own card ---------------------------------------
@pytest.mark.parametrize(
    ("written", "card", "lang"),
    [
        ("Die Matrix der Zeit", "The Matrix of Time", "German"),
        ("La Matrice du Temps", "The Matrix of Time", "French"),
        ("時のマトリックス", "The Matrix of Time", "Japanese"),
        ("Chaotischer Aether", "Chaotic Aether", "German"),
        ("CHAOTISCHER ÄTHER", "Chaotic Aether", "German"),
    ],
)
def test_a_printed_name_is_its_card_through_the_command(written: str, card: str, lang: str) -> None:
    """`cards show "Die Matrix der Zeit"` answered The Fertile Lands of Saulvinia (a guess
    from another card's printed names) while the Doctor Who names were missing."""
    result = CliRunner().invoke(cli, ["cards", "show", written, "--format", "json"])
    store.reset_loaded_catalog()
    assert result.exit_code == 0, result.output
    shown = json.loads(result.stdout)
    assert (shown["name"], shown["matched"]) == (card, "printed")
    assert f"is the {lang} printed name of {card!r}" in result.stderr


def test_every_german_name_reads_as_its_card_without_umlauts() -> None:
    """ä, ö, ü written ae, oe, ue (ß as ss) read as the card, as printed."""
    snapshot = load_snapshot()
    replaced = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"})
    checked = 0
    for card in snapshot.cards:
        for lang, printed in card.printed_names:
            if lang != "de" or printed == printed.translate(replaced):
                continue
            for written in (printed.translate(replaced), printed.replace("ß", "ss")):
                resolution = snapshot.resolve(written)
                assert resolution.card is card, (written, card.name)
                assert resolution.how in {"printed", "folded", "exact"}
            checked += 1
    assert checked >= 15  # 19 German names have an umlaut


def test_every_doctor_who_printed_name_is_its_card() -> None:
    snapshot = load_snapshot()
    who = [card for card in snapshot.cards if "who" in card.sets]
    assert sum(1 for card in who if card.printed_names) == 34
    for card in who:
        for _, printed in card.printed_names:
            found = resolve.find(snapshot, printed)
            assert found == (card, "printed") or found[1] in {"exact", "folded"}, printed


# -- the bundled list of every Magic card name, read bucket by bucket --------------------------
def _small_list(names: list[str]) -> Any:
    from planarcli.magicnames import MagicNames, encode, encode_file

    lines = encode((fold_name(name), name) for name in names)
    return MagicNames(encode_file(["test list"], lines))


SMALL = [
    "Sol Ring",
    "Serra's Sanctum",
    "Llanowar Elves",
    "Llanowar",
    "Ætherling",
    "X",
    "Ox",
    "Adéwalé, Breaker of Chains",
    "Zur the Enchanter",
    "Sol Talisman",
    "Solemnity",
]


def test_a_list_answers_each_of_its_names_and_no_other() -> None:
    names = _small_list(SMALL)
    assert len(names) == len(SMALL) and names.provenance == ["test list"]
    for name in SMALL:
        key = fold_name(name)
        assert key in names
        assert names.name_for(key) == name
        for other in (key + "s", key[:-1], "q" + key, key.upper()):
            assert (other in names) == (other in {fold_name(n) for n in SMALL}), other
    assert "" not in names and 3 not in names


def test_a_range_of_lengths_is_every_name_of_those_lengths() -> None:
    names = _small_list(SMALL)
    keys = [fold_name(name) for name in SMALL]
    for shortest in range(0, 30):
        for longest in range(shortest, 30):
            got = names.keys_of_lengths(shortest, longest)
            assert sorted(got) == sorted(k for k in keys if shortest <= len(k) <= longest)
    assert sorted(names.keys()) == sorted(keys)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.text(
            st.characters(blacklist_characters="\n\t", blacklist_categories=("Cs",)),
            min_size=1,
            max_size=12,
        ),
        min_size=1,
        max_size=40,
    )
)
def test_any_list_reads_back_as_written(written: list[str]) -> None:
    """Any names (a source line holds one: no newline, no tab)."""
    keys = {fold_name(name) for name in written} - {""}
    if not keys:
        return
    names = _small_list(written)
    assert len(names) == len(keys)
    assert all(key in names for key in keys)
    assert sorted(names.keys()) == sorted(keys)


def test_a_damaged_list_is_refused() -> None:
    from planarcli.magicnames import MagicNames

    with pytest.raises(ValueError):
        MagicNames(b"# planarcli magic-names 1\nsol ring\n")
    with pytest.raises(ValueError):
        MagicNames(b"# planarcli magic-names 2\n# no index\nsol ring\n")


@pytest.mark.parametrize("length", range(1, 60))
def test_the_lengths_compared_are_every_length_that_can_score_enough(length: int) -> None:
    """Names of other lengths can never reach the ratio (200 * min / sum): leaving them out
    changes no answer."""
    shortest, longest = resolve._lengths_within_ratio(length, resolve.LOOKS_LIKE_MIN_RATIO)
    for other in range(1, 200):
        reachable = 200 * min(length, other) / (length + other) >= resolve.LOOKS_LIKE_MIN_RATIO
        assert reachable == (shortest <= other <= longest), other


@requires_shared_data
def test_the_closest_other_card_is_the_one_every_name_compared_gives() -> None:
    """The first best of rapidfuzz's extractOne over every non-planar name, in alphabetical
    order, as before the list was bucketed, for misspellings of a sample of real names."""
    import random

    from rapidfuzz import fuzz, process

    snapshot = load_snapshot()
    planar = resolve._planar_keys(snapshot)
    every = sorted(
        fold_name(line)
        for line in (SHARED_DATA / "magic-card-names.txt").read_text("utf-8").splitlines()
        if line
    )
    others = [key for key in dict.fromkeys(every) if key and key not in planar]
    rng = random.Random(26)
    probes = ["akuom"]  # a misspelt plane: before and after the sampled names (not beside each)
    for key in rng.sample(others, 150):
        cut = rng.randrange(len(key))
        probes += [key[:cut] + key[cut + 1 :], key[:cut] + "e" + key[cut:]]
    for probe in [*probes, "akuom"]:
        if not probe:
            continue
        found = process.extractOne(probe, others, scorer=fuzz.ratio)
        expected = (found[0], float(found[1])) if found and found[1] >= 80 else None
        assert resolve._closest_other_card(snapshot, probe) == expected, probe

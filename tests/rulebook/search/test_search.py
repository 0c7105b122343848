"""``planarcli rules search``: ranking quality, scope options, output, errors."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import search_quality
from conftest import SHARED_DATA, share_cache_dir
from hypothesis import given, settings
from hypothesis import strategies as st

from planarcli import resources
from planarcli.errors import PlanarError
from planarcli.rulebook import catalogue, corpus, finder
from planarcli.rulebook import search as rulesearch
from planarcli.rulebook.search import expansion, language
from planarcli.rulebook.search import query as understanding
from planarcli.rulebook.search.scope import search_index


def query_terms(index: rulesearch.SearchIndex, query: str) -> list[dict[str, float]]:
    """The weighted index terms of each word of ``query`` (:func:`.expansion.query_groups`)."""
    return [group for _, group in expansion.query_groups(index, query)]


#: one worker runs this module and the subject agreement (test_subject.py): the indexes of the
#: question sets' scopes (``bundled_indexes``) and of the shared cache dir are built once
pytestmark = pytest.mark.xdist_group("bundled-indexes")

HERE = Path(__file__).parents[2]
QUESTIONS = search_quality.load("development") + search_quality.load("held-out")


@pytest.fixture(scope="session")
def search_cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("search-cache")


@pytest.fixture(autouse=True)
def shared_search_cache(
    isolated_environment: None,
    search_cache_dir: Path,
    cache_secret: bytes,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One cache dir for the searches of this module: each index is built once, not once per
    test (it is keyed by the content of the editions, so imports in a test rebuild theirs)."""
    share_cache_dir(search_cache_dir, cache_secret, monkeypatch)


def search_json(run_cli: Callable[..., Any], *args: str) -> dict[str, Any]:
    result = run_cli("rules", "search", *args, "--format", "json")
    assert result.exit_code == 0, result
    assert result.stderr == ""
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def top_ids(data: dict[str, Any]) -> list[str]:
    return [r["id"] for r in data["results"]]


def test_json_shape_and_order(run_cli: Callable[..., Any]) -> None:
    data = search_json(run_cli, "planar", "die", "cost")
    assert data["query"] == "planar die cost"
    assert data["results"], data
    first = data["results"][0]
    assert set(first) >= {"id", "edition", "lang", "score", "text"}
    assert first["id"] == "901.9" and first["edition"] == "2026-01-16" and first["lang"] == "en"
    scores = [r["score"] for r in data["results"]]
    assert scores == sorted(scores, reverse=True)
    assert all(isinstance(s, float) for s in scores)
    assert len(data["results"]) <= 10


def test_limit(run_cli: Callable[..., Any]) -> None:
    assert len(search_json(run_cli, "planar deck", "--limit", "2")["results"]) == 2
    result = run_cli("rules", "search", "planar", "--limit", "0")
    assert result.exit_code == 2
    assert result.stdout == ""


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("901.9", "901.9"),
        ("rule 901.15a", "901.15a"),
        ("901.15a.", "901.15a"),
        ("planr dei cost", "901.9"),
        ("2HG planar die", "901.12d"),
        ("exception to rule 113.8", "901.8"),  # a number among words names a reference
        ("chaos ensues", "311.7"),  # the rule that says what chaos ensuing does
    ],
)
def test_numbers_typos_synonyms(run_cli: Callable[..., Any], query: str, expected: str) -> None:
    assert top_ids(search_json(run_cli, query))[0] == expected


@pytest.mark.parametrize(
    ("query", "edition", "expected"),
    [
        # the rule that states the cost, not the Two-Headed Giant detail that mentions it
        ("cost to roll the planar die", "2009-10-01", "901.8"),
        ("two-headed giant cost to roll", "2009-10-01", "901.11d"),
        # "what is X": the glossary entry, then the rule that says "X is ..."
        ("what is a phenomenon", "current", "Phenomenon"),
        ("define planeswalk", "current", "Planeswalk"),
        ("planar die definition", "current", "Planar Die"),
        # a rule cited for context that says nothing of Planechase comes after 901
        ("abilities that say you in two-headed giant", "current", "901.12c"),
    ],
)
def test_the_rule_that_states_it_comes_first(
    run_cli: Callable[..., Any], query: str, edition: str, expected: str
) -> None:
    ids = top_ids(search_json(run_cli, query, "--edition", edition))
    assert ids[0] == expected, ids[:5]


def test_rule_number_brings_its_subrules(run_cli: Callable[..., Any]) -> None:
    ids = top_ids(search_json(run_cli, "901.9"))
    assert ids[:5] == ["901.9", "901.9a", "901.9b", "901.9c", "901.9d"]


def test_other_edition(run_cli: Callable[..., Any]) -> None:
    data = search_json(run_cli, "single planar deck minimum size", "--edition", "2009-10-01")
    assert data["results"][0]["id"] == "901.14a"
    assert {r["edition"] for r in data["results"]} == {"2009-10-01"}


def test_lang_without_edition_searches_that_language(run_cli: Callable[..., Any]) -> None:
    data = search_json(run_cli, "coût du dé planaire", "--lang", "fr")
    assert {r["lang"] for r in data["results"]} == {"fr"}
    assert data["results"][0]["id"] == "901.8"
    unaccented = search_json(run_cli, "cout du de planaire", "--lang", "fr")
    assert unaccented["results"][0]["id"] == "901.8"
    danish = search_json(run_cli, "mindst ti kort", "--lang", "da")
    assert danish["results"][0]["edition"] == "danish-guide"


@pytest.mark.slow
def test_edition_all(run_cli: Callable[..., Any]) -> None:
    data = search_json(run_cli, "planar die", "--edition", "all", "--limit", "50")
    editions = {edition for r in data["results"] for edition in [r["edition"], *r["also_in"]]}
    assert {"2026-01-16", "2009-10-01"} <= editions
    # a rule that reads the same in 2024-09-20 and 2026-01-16 is listed once
    keys = [(r["id"], r["text"]) for r in data["results"]]
    assert len(keys) == len(set(keys))
    first = search_json(run_cli, "planar die cost", "--edition", "all")["results"][0]
    assert (first["id"], first["edition"]) == ("901.9", "2026-01-16")
    assert "2024-09-20" in first["also_in"]
    hellride = search_json(run_cli, "hellride", "--edition", "all")
    assert {r["edition"] for r in hellride["results"]} <= {"eternities-map", "tactical-multiplayer"}
    assert hellride["results"]


def test_edition_and_lang_that_disagree(run_cli: Callable[..., Any]) -> None:
    result = run_cli("rules", "search", "dé", "--edition", "2026-01-16", "--lang", "fr")
    assert result.exit_code == 2, result
    assert "is in 'en', not 'fr'" in result.stderr


def test_bad_lang_and_edition(run_cli: Callable[..., Any]) -> None:
    assert run_cli("rules", "search", "die", "--lang", "de").exit_code == 2
    result = run_cli("rules", "search", "die", "--edition", "2008-07-01")
    assert result.exit_code == 2
    assert "no Planechase rules were in effect on 2008-07-01" in result.stderr
    result = run_cli("rules", "search", "die", "--edition", "first-edition")
    assert result.exit_code == 2
    assert "available editions" in result.stderr


def test_a_date_is_the_edition_in_force_that_day(run_cli: Callable[..., Any]) -> None:
    """As `rules show` reads it: 2012-01-01 is 2011-07-15, said on stderr."""
    result = run_cli(
        "rules", "search", "planar die cost", "--edition", "2012-01-01", "--format", "json"
    )
    assert result.exit_code == 0, result
    assert "2012-01-01 is no edition's date; using 2011-07-15" in result.stderr
    data = json.loads(result.stdout)
    assert data["editions"] == ["2011-07-15"]
    assert {r["edition"] for r in data["results"]} == {"2011-07-15"}


def test_binary_junk_is_not_a_query(run_cli: Callable[..., Any]) -> None:
    junk = "".join(map(chr, [0x8B, 0x01, 0x1F, 0x70, 0x6C, 0x61, 0x6E, 0x03, 0xFE]))
    result = run_cli("rules", "search", f"planar {junk} die")
    assert result.exit_code == 2, result
    assert "control characters" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_long_query_is_read_up_to_its_64th_word(run_cli: Callable[..., Any]) -> None:
    """A pasted page costs no more than 64 words; what is left out is said on stderr, and
    the error for nothing found does not repeat a page of query."""
    filler = " ".join(f"zq{n:03d}x" for n in range(rulesearch.QUERY_WORDS))
    result = run_cli("rules", "search", f"{filler} planar die cost")
    assert result.exit_code == 1, result  # the words past the 64th are not searched
    assert "read up to its 64th word" in result.stderr
    assert len(result.stderr.splitlines()[1]) < 120
    assert rulesearch.trim_query("planar die cost") == ("planar die cost", False)
    kept, trimmed = rulesearch.trim_query(f"{filler} planar die cost")
    assert trimmed and kept == filler


def test_an_old_rule_number_says_where_the_rule_is_now(run_cli: Callable[..., Any]) -> None:
    for args in (("search", "309.7"), ("search", "rule 309.7"), ("show", "309.7")):
        result = run_cli("rules", *args)
        assert result.exit_code == 1, result
        assert "309.7 of 2016-08-26 is 311.7 in 2026-01-16" in result.stderr, result
    # a number no edition has keeps the general advice
    result = run_cli("rules", "show", "999.9")
    assert "the whole Comprehensive Rules are at" in result.stderr


@pytest.mark.parametrize("query", [[], [""], ["   "]])
def test_empty_query_is_a_usage_error(run_cli: Callable[..., Any], query: list[str]) -> None:
    result = run_cli("rules", "search", *query)
    assert result.exit_code == 2, result
    assert "Traceback" not in result.stderr


def test_no_results_exit_1(run_cli: Callable[..., Any]) -> None:
    result = run_cli("rules", "search", "xylophone")
    assert result.exit_code == 1, result
    assert result.stdout == ""
    assert result.stderr.startswith("planarcli: error: no results for 'xylophone'")
    as_json = run_cli("rules", "search", "xylophone", "--format", "json")
    assert as_json.exit_code == 1
    assert json.loads(as_json.stdout)["results"] == []


def test_a_4301_digit_query_is_searched_as_a_word(run_cli: Callable[..., Any]) -> None:
    """int() refuses 4,301 digits and more (issue 15): no number words for those."""
    digits = "9" * 4301
    result = run_cli("rules", "search", digits)
    assert result.exit_code == 1, result
    assert result.stderr.startswith("planarcli: error: no results for '999")
    # beside real words, the long number does not stop them from being found
    found = run_cli("rules", "search", f"planar die {digits}", "--format", "json")
    assert found.exit_code == 0, found
    assert json.loads(found.stdout)["results"]


def test_hostile_queries_never_crash(run_cli: Callable[..., Any]) -> None:
    for query in ["'", "’’’", "901.", "....", "a" * 2000, "\u0301\u0301", "🙂 dé", "rule", "the"]:
        result = run_cli("rules", "search", query)
        assert result.exit_code in (0, 1), (query, result)
        assert "Traceback" not in result.stderr


def test_text_output(run_cli: Callable[..., Any]) -> None:
    result = run_cli("rules", "search", "planar", "die", "cost", "--limit", "3")
    assert result.exit_code == 0, result
    lines = result.stdout.splitlines()
    assert lines[0].startswith("901.9 (2026-01-16) score ")
    assert lines[1].startswith("    Any time the active player")
    assert "\x1b[" not in result.stdout


def test_colour_output(run_cli: Callable[..., Any], monkeypatch: pytest.MonkeyPatch) -> None:
    from planarcli.commands import rules as rules_commands

    monkeypatch.setattr(rules_commands, "use_color", lambda: True)
    for args in (["search", "planar die"], ["show", "901.9"], ["diff", "2009-10-01", "current"]):
        result = run_cli("rules", *args)
        assert result.exit_code == 0, result
        assert "\x1b[" in result.stdout


@pytest.fixture(scope="session")
def bundled_infos() -> list[corpus.EditionInfo]:
    return catalogue.list_editions(resources.rules_dir(), HERE / "no-such-folder")


def test_question_sets_are_split_and_large_enough() -> None:
    development = search_quality.load("development")
    held_out = search_quality.load("held-out")
    assert len(development) + len(held_out) >= 150
    # a third of the questions split at random was held out; development questions written
    # after the split (added_after_split) are not part of that split
    split = [q for q in development if not q.get("added_after_split")] + held_out
    assert 0.25 <= len(held_out) / len(split) <= 0.4
    assert not any(q.get("added_after_split") for q in held_out)
    keys = [(q["query"], q.get("edition"), q.get("lang")) for q in development + held_out]
    assert len(keys) == len(set(keys)), "a question is in both parts, or twice"


#: The targets: top-1 and top-3 on each part of the question set; the parts held to them
#: (the others are held to what they reach, below).
TOP1_TARGET, TOP3_TARGET = 0.90, 0.98
AT_TARGET = {
    "development",
    "development-2",
    "development-3",
    "development-5",
    "development-7",
    "held-out",
    "held-out-7",
    "held-out-10",
}


#: Per part, the top-1 and top-3 counts it must keep: what the ranking reached when last
#: measured (tests/helpers/search_quality.py). A change that loses a question anywhere fails
#: here; one that gains raises the floor. Held-out parts are only scored: their misses are
#: not shown.
FLOORS = {
    "development": (219, 231),
    "held-out": (64, 65),
    "held-out-2": (104, 114),
    "held-out-3": (11, 14),
    "development-2": (90, 93),
    "development-3": (109, 117),
    "development-4": (38, 42),
    "development-5": (102, 107),
    "development-6": (88, 102),
    "development-7": (51, 55),
    "development-8": (15, 22),
    "held-out-6": (78, 80),
    "held-out-7": (81, 85),
    "held-out-8": (77, 84),
    "held-out-9": (67, 74),
    "held-out-10": (59, 64),
    "held-out-4": (82, 87),
    "held-out-5": (81, 85),
    # issue 18: French and Danish questions without --lang, card rulings, Planechase rules
    # outside 901 (all bundled since the corpus of 2026-12-01: every question counts)
    "development-fr": (33, 36),
    "development-da": (33, 36),
    "development-rulings": (32, 34),
    "development-planechase": (21, 28),
    # written by the `lang` developer (item 3 of issue 18), not tuned on
    "development-fr-2": (16, 17),
    "development-da-2": (16, 18),
    "held-out-fr": (38, 50),
    "held-out-da": (32, 49),
    "held-out-rulings": (52, 58),
    "held-out-planechase": (31, 41),
    # written blind after the issue-18 rounds, scored once (2026-12-01, 0.5.0)
    "held-out-11": (76, 88),
    "held-out-fr-2": (32, 36),
    "held-out-da-2": (33, 38),
    # issue 24 item 4: players' words from bug trackers, forums and judge columns (2026-12-02;
    # the French and Danish parts with round 2's 18 questions each)
    "development-players": (48, 54),
    "development-fr-players": (33, 38),
    "development-da-players": (28, 31),
}


def test_every_part_has_a_floor() -> None:
    assert set(FLOORS) == set(search_quality.PARTS)


@pytest.mark.slow
@pytest.mark.parametrize("part", list(FLOORS))
def test_no_part_loses_a_question(
    part: str, bundled_infos: list[corpus.EditionInfo], bundled_indexes: dict[Any, Any]
) -> None:
    figures = search_quality.score(search_quality.load(part), bundled_infos, bundled_indexes)
    top1, top3 = FLOORS[part]
    shown = figures.misses if part.startswith("development") else "held out: only scored"
    assert figures.top1 >= top1, (str(figures), shown)
    assert figures.top3 >= top3, (str(figures), shown)
    if part in AT_TARGET:
        assert figures.asked >= 50, figures
        assert figures.top1_rate >= TOP1_TARGET, (str(figures), shown)
        assert figures.top3_rate >= TOP3_TARGET, (str(figures), shown)


def test_questions_cover_every_language_and_edition() -> None:
    assert {q.get("lang") for q in QUESTIONS} >= {None, "fr", "da"}
    assert {q.get("edition") for q in QUESTIONS} >= {None, "2009-10-01", "2010-07-16-fr", "all"}


def test_typo_correction_and_stemming_units() -> None:
    edition = catalogue.load_edition("current")
    index = rulesearch.SearchIndex([edition])
    assert "die" in query_terms(index, "dei")[0]
    # a short word is corrected by one edit at most: "copies" is not "comes"
    assert all("come" not in group for group in query_terms(index, "copies"))
    assert "planeswalk" in query_terms(index, "plainswalking")[0]
    assert rulesearch.stem_en("planeswalking") == rulesearch.stem_en("planeswalked")
    assert rulesearch.stem_en("phenomena") == rulesearch.stem_en("phenomenon")
    assert rulesearch.stem_en("dice") == rulesearch.stem_en("die")
    assert rulesearch.stem_en("rolling") == rulesearch.stem_en("rolls") == "roll"
    assert rulesearch.stem_fr("planaires") == rulesearch.stem_fr("planaire")
    assert rulesearch.stem_fr("lancé") == rulesearch.stem_fr("lancer")
    assert rulesearch.stem_da("terningen") == rulesearch.stem_da("terninger")
    assert rulesearch.osa_distance("dei", "die", 2) == 1
    assert rulesearch.osa_distance("planr", "planar", 2) == 1
    assert rulesearch.osa_distance("abc", "xyz", 1) == 2


def test_search_does_not_import_heavy_modules(tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "from planarcli.cli import cli\n"
        "for args in (['rules', 'search', 'planr dei cost'], ['rules', 'show', '901.9']):\n"
        "    try:\n"
        "        cli(args, standalone_mode=False)\n"
        "    except SystemExit:\n"
        "        pass\n"
        "heavy = {'rapidfuzz', 'jsonschema', 'requests', 'sqlite3'} & set(sys.modules)\n"
        "print(sorted(heavy))\n"
    )
    completed = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={
            "PLANARCLI_DATA_DIR": str(tmp_path),
            "PLANARCLI_CACHE_DIR": str(tmp_path / "cache"),
            "PATH": "",
            "NO_COLOR": "1",
        },
    )
    assert completed.stdout.splitlines()[-1] == "[]", completed.stdout


_EDITIONS = [
    catalogue.load_edition(info)
    for info in catalogue.list_editions(resources.rules_dir(), HERE / "no-such-folder")
]


@pytest.fixture(scope="session")
def every_edition_index() -> rulesearch.SearchIndex:
    """One index over every bundled edition, built once (not once per Hypothesis example)."""
    return rulesearch.SearchIndex(_EDITIONS)


@settings(max_examples=150, deadline=None)
@given(query=st.text(max_size=60))
def test_any_query_gives_results_or_a_clean_error(
    query: str, every_edition_index: rulesearch.SearchIndex
) -> None:
    try:
        rulesearch.check_query(query, 5)
    except PlanarError:
        return
    results = search_index(every_edition_index, query, 5)
    assert len(results) <= 5
    assert all(r.score > 0 for r in results)


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=40))
def test_any_rule_id_shows_or_fails_cleanly(rule_id: str) -> None:
    try:
        shown = finder.find(next(e for e in _EDITIONS if e.id == "2026-01-16"), rule_id)
    except PlanarError:
        return
    assert shown


# --------------------------------------------------------------------------- glossary, languages

CR_2026 = SHARED_DATA / "cr" / "MagicCompRules-2026-01-16.txt"


def test_glossary_entries_are_searched(run_cli: Callable[..., Any]) -> None:
    data = search_json(run_cli, "chaos ability")
    first = data["results"][0]
    assert (first["id"], first["kind"], first["edition"]) == (
        "Chaos Ability",
        "glossary",
        "2026-01-16",
    )
    assert set(first) >= {"id", "edition", "lang", "score", "text"}
    assert "chaos ensues" in first["text"]
    # a rule stays first when the query is not the term
    assert top_ids(search_json(run_cli, "chaos ensues"))[0] == "311.7"
    assert search_json(run_cli, "planar die cost")["results"][0]["kind"] == "rule"


@pytest.mark.skipif(not CR_2026.is_file(), reason=f"{CR_2026} is absent")
def test_glossary_of_an_imported_edition_is_searched(run_cli: Callable[..., Any]) -> None:
    assert run_cli("rules", "import", str(CR_2026)).exit_code == 0
    data = search_json(run_cli, "casual variant planar deck needed to play")
    assert "Planar Deck" in top_ids(data)[:3], top_ids(data)
    chaos = search_json(run_cli, "chaos ability")
    assert "Chaos Ability" in top_ids(chaos)[:2], top_ids(chaos)


def test_edition_all_prefers_the_query_language(run_cli: Callable[..., Any]) -> None:
    """ "have" is Danish too: English questions must not bring the Danish guide first."""
    data = search_json(run_cli, "how many phenomena can my deck have", "--edition", "all")
    assert data["results"][0]["lang"] == "en"
    assert data["results"][0]["id"] == "901.3"
    assert all(r["lang"] == "en" for r in data["results"][:5]), data["results"][:5]
    # a Danish question still finds the Danish guide among every edition
    danish = search_json(run_cli, "mindst ti kort", "--edition", "all")
    assert danish["results"][0]["edition"] == "danish-guide"
    french = search_json(run_cli, "coût du dé planaire", "--edition", "all")
    assert french["results"][0]["lang"] == "fr"


@pytest.mark.slow
def test_edition_all_ranks_like_the_current_edition(run_cli: Callable[..., Any]) -> None:
    query = "who owns the cards of a communal planar deck"
    alone = search_json(run_cli, query)["results"]
    everywhere = search_json(run_cli, query, "--edition", "all")["results"]
    assert alone[0]["id"] == "901.15b"
    assert (everywhere[0]["id"], everywhere[0]["edition"]) == ("901.15b", "2026-01-16")
    found = {
        (r["id"], edition) for r in everywhere[:10] for edition in [r["edition"], *r["also_in"]]
    }
    assert ("901.14b", "2009-10-01") in found, everywhere[:10]


def test_other_languages_detection() -> None:
    infos = catalogue.list_editions()
    index = rulesearch.SearchIndex([catalogue.load_edition(info) for info in infos])
    assert language.other_languages(index, "how many phenomena can my deck have") == {"fr", "da"}
    assert "fr" not in language.other_languages(index, "le dé planaire")
    assert language.other_languages(index, "901.3") == frozenset()


@pytest.mark.skipif(not CR_2026.is_file(), reason=f"{CR_2026} is absent")
def test_edition_all_with_imported_editions(run_cli: Callable[..., Any]) -> None:
    for date in ("2009-09-04", "2016-08-26", "2026-01-16"):
        path = SHARED_DATA / "cr" / f"MagicCompRules-{date}.txt"
        assert run_cli("rules", "import", str(path)).exit_code == 0
    query = "who owns the cards of a communal planar deck"
    results = search_json(run_cli, query, "--edition", "all")["results"]
    assert (results[0]["id"], results[0]["edition"]) == ("901.15b", "2026-01-16")
    assert {"2016-08-26", "2024-09-20"} <= set(results[0]["also_in"])
    phenomena = search_json(run_cli, "how many phenomena can my deck have", "--edition", "all")
    assert phenomena["results"][0]["id"] == "901.3"
    assert all(r["lang"] == "en" for r in phenomena["results"][:5])


@pytest.mark.parametrize("query", ["deck", "planeswalk", "planar deck size"])
def test_a_word_every_language_has_reads_as_english(query: str, run_cli: Any) -> None:
    result = run_cli("rules", "search", query, "--edition", "all", "--format", "json")
    assert result.exit_code == 0, result
    assert json.loads(result.stdout)["results"][0]["lang"] == "en"


@pytest.fixture(scope="session")
def current_index() -> rulesearch.SearchIndex:
    return rulesearch.SearchIndex([catalogue.load_edition("current")])


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        # digits stand for the numbers the rules spell out
        ("40 cards", "901.15a"),
        ("6 sided die", "901.3a"),
        # a question that asks for a quantity: the rule that states one
        ("how many cards in a planar deck", "901.3"),
        # a heading named by the query is what it asks about
        ("single planar deck option", "901.15"),
        # "who is X in <case>": the rule that says someone "is a X" in that case
        ("who is the planar controller in grand melee", "901.14a"),
        # "what happens if": the rule that states the condition
        ("what happens if I roll the chaos symbol", "901.9b"),
        # a misspelling as close to several words: the one that goes with the others
        ("chaos simbol on the planer die", "107.12"),
    ],
)
def test_general_question_forms(
    current_index: rulesearch.SearchIndex, query: str, expected: str
) -> None:
    ids = [r.id for r in search_index(current_index, query, 5)]
    assert ids[0] == expected, ids


def test_query_words_that_only_frame_the_question(current_index: rulesearch.SearchIndex) -> None:
    # "now" is neither a content word nor a misspelt "know"; "3" is "three"
    rolled = expansion.query_groups(current_index, "I rolled it now")
    assert [word for word, _ in rolled] == ["rolled"]
    assert "three" in expansion.query_groups(current_index, "3 players")[0][1]
    # a short word is corrected only for two swapped letters
    assert expansion.typo_words(current_index, "dei") == ["die"]
    assert expansion.typo_words(current_index, "tow") == ["two"]
    assert expansion.typo_words(current_index, "now") == []


def test_french_stopword_with_a_missing_accent_costs_nothing() -> None:
    index = rulesearch.SearchIndex([catalogue.load_edition("2010-07-16-fr")])
    # "de" may be "dé", but a text without "dé" is not the worse for it
    assert search_index(index, "option de deck planaire unique", 1)[0].id == "901.14"
    assert search_index(index, "le propriétaire d'une carte de plan", 1)[0].id == "901.6"


def test_a_foreign_question_about_a_term_gets_the_rules_not_the_english_glossary(
    run_cli: Callable[..., Any],
) -> None:
    """A French or Danish question names a term only through a translation: the English
    glossary's one line is not lifted above the rules as its answer (901.1 for "what is
    Planechase"); an English question still gets the entry first."""
    for query, answer in (
        ("hvad er planechase egentlig", "901.1"),
        ("c'est quoi une capacité de chaos", "311.7"),
        ("what is planechase", "Planechase"),
        ("what is a chaos ability", "Chaos Ability"),
    ):
        found = search_json(run_cli, query)["results"]
        assert (found[0]["id"], found[0]["edition"]) == (answer, "2026-01-16"), found[:3]


def test_danish_compounds_are_found_by_their_head() -> None:
    index = rulesearch.SearchIndex([catalogue.load_edition("danish-guide")])
    groups = dict(expansion.query_groups(index, "fænomener"))
    assert any(term.startswith("fænomenkort") for term in groups["fænomener"])


def test_a_query_that_names_a_document_or_a_year_looks_there_first(
    every_edition_index: rulesearch.SearchIndex,
) -> None:
    """With every edition searched, "the Danish guide", "the Tactical Multiplayer article",
    "the 2012 rules" say where to look: their texts come first, listed under that edition,
    and the naming words are not searched for ("tactical" is also a word of its first
    paragraph)."""
    index = every_edition_index
    asked = "what does the Danish guide say a second roll of the die costs"
    found = search_index(index, asked, 3)
    assert (found[0].id, found[0].edition) == ("danish-guide.8", "danish-guide")
    found = search_index(index, "in the Tactical Multiplayer article, what is hellriding", 3)
    assert found[0].id == "tactical-multiplayer.16"
    found = search_index(index, "under the 2012 rules, who controls a face-up phenomenon", 3)
    assert (found[0].id, found[0].edition) == ("310.4", "2012-06-01")
    # a document's own words, not the words every rule uses ("multiplayer", "magic")
    names = dict(zip(index.edition_ids, index.edition_names, strict=True))
    assert names["tactical-multiplayer"] == ["tactical"]
    assert "danish" in names["danish-guide"] and "french" in names["2010-07-16-fr"]
    assert names["2026-01-16"] == []
    assert understanding.editions_named(index, "planar die cost") == (set(), set())


def test_a_heading_does_not_answer_what_it_means() -> None:
    """The heading "At møde et fænomen:" leads into the paragraphs that say what it means."""
    index = rulesearch.SearchIndex([catalogue.load_edition("danish-guide")])
    assert rulesearch._is_heading("“At møde et fænomen:")
    meet = "Hvad betyder det at møde et fænomen"
    assert search_index(index, meet, 1)[0].id != "danish-guide.14"


@pytest.mark.parametrize(
    ("query", "edition", "expected"),
    [
        # French and English ways of asking what a thing is, answered by the rule that
        # says what it is called
        ("C'est quoi la capacité de transplanage ?", "2010-07-16-fr", "901.7a"),
        ("qu'est-ce que la capacité de transplanage", "2010-07-16-fr", "901.7a"),
        ("what is a phenomenon card", "current", "Phenomenon"),
        ("what is a plane card", "current", "Plane"),
    ],
)
def test_definition_forms(query: str, edition: str, expected: str) -> None:
    index = rulesearch.SearchIndex([catalogue.load_edition(edition)])
    assert search_index(index, query, 1)[0].id == expected


def test_a_query_about_how_the_rules_used_to_be(
    every_edition_index: rulesearch.SearchIndex,
) -> None:
    """ "in the original rules" asks for a text no longer in force: the chaos trigger was
    "Whenever you roll {C}" until "Whenever chaos ensues"."""
    index = every_edition_index
    query = "in the original rules what did chaos abilities trigger on"
    assert understanding.asks_the_past(index, query) == {"original"}
    found = search_index(index, query, 1)[0]
    assert "Whenever you roll" in found.text and found.edition != "2026-01-16"
    today = search_index(index, "what do chaos abilities trigger on", 1)[0]
    assert "chaos ensues" in today.text
    leaves = "what happens when the first player leaves"
    assert understanding.asks_the_past(index, leaves) == set()


def test_a_misspelt_word_brings_its_synonyms() -> None:
    """ "comunal" is "communal" in full: like it, it also finds "single" (the single
    planar deck option)."""
    index = rulesearch.SearchIndex([catalogue.load_edition("current")])
    groups = dict(expansion.query_groups(index, "comunal planar deck size"))
    assert "communal" in groups and "singl" in groups["communal"]
    assert search_index(index, "comunal planar deck size", 1)[0].id == "901.15a"


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        # "A player's range of influence is ...", "Each turn marker represents ..."
        ("define range of influence", "801.2"),
        ("what is a turn marker in Grand Melee", "807.4"),
    ],
)
def test_a_definition_after_a_possessive_or_each(
    current_index: rulesearch.SearchIndex, query: str, expected: str
) -> None:
    assert search_index(current_index, query, 1)[0].id == expected


@pytest.mark.parametrize(
    ("args", "said", "unsaid"),
    [
        (["zzqqx"], "`--lang fr` / `--lang da`", "without `--lang`"),
        (["zzqqx", "--edition", "all"], "`--lang fr`", "`--edition all`"),
        (["phénomène", "--lang", "fr"], "the French text is rule 901 of 2010", "`--lang fr`"),
    ],
)
def test_the_no_results_hint_suggests_what_was_not_tried(
    run_cli: Callable[..., Any], args: list[str], said: str, unsaid: str
) -> None:
    result = run_cli("rules", "search", *args)
    assert result.exit_code == 1, result
    hint = result.stderr.splitlines()[-1]
    assert said in hint and unsaid not in hint, hint


@pytest.mark.parametrize("command", ["show", "history"])
def test_a_long_unknown_id_is_not_echoed_back_whole(
    run_cli: Callable[..., Any], command: str
) -> None:
    result = run_cli("rules", command, "chaos " * 300)
    assert result.exit_code == 1, result
    assert len(result.stderr) < 400, result.stderr
    assert "..." in result.stderr


def test_no_results_in_json_says_so_on_stderr_as_text_does(run_cli: Callable[..., Any]) -> None:
    """As `rules show`, `cards search` and `cards show`: the JSON on stdout, the one line on
    stderr (a script logging stderr learns why the exit code is 1)."""
    as_json = run_cli("rules", "search", "xylophone", "--format", "json")
    assert as_json.exit_code == 1, as_json
    assert json.loads(as_json.stdout) == {
        "query": "xylophone",
        "editions": ["2026-01-16"],
        "results": [],
    }
    assert as_json.stderr.startswith("planarcli: error: no results for 'xylophone'")
    assert "Traceback" not in as_json.stderr

"""`cards search` as Scryfall defines it (issue 16 items 6 and 7, contract "Additions of
2026-12-01"): `o:` matches the Oracle text with its punctuation, `~` is the card's own name,
`or` and parentheses group, and the set codes printed on the Planechase products find the
planes Scryfall files under `o`-prefixed codes. Expected cards are worked out here from
../shared/data (skipped when absent) or the bundled snapshot, independently of the search."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest
from conftest import REPO, SHARED_DATA, requires_shared_data
from hypothesis import given, settings
from hypothesis import strategies as st

from planarcli.cards import store
from planarcli.cards.search import Query, fold_oracle, parse_query, search_cards
from planarcli.errors import UsageError

SNAPSHOT = json.loads(store.snapshot_path().read_text(encoding="utf-8"))
RECORDS = {card["name"]: card for card in SNAPSHOT["cards"]}
SUFFIXES = (" (Plane)", " (Playtest)")


def read_tsv(name: str) -> list[dict[str, str]]:
    with (SHARED_DATA / name).open(encoding="utf-8", newline="") as file:
        return list(csv.DictReader(file, delimiter="\t", quoting=csv.QUOTE_NONE))


def oracle_texts() -> dict[str, str]:
    """Every card's current Oracle text from ../shared/data ("\\n" marks a line break)."""
    return {
        row["name"]: row["oracle_text"].replace("\\n", "\n")
        for row in read_tsv("planar-oracle.tsv")
    }


def printed_in() -> dict[str, set[str]]:
    """Every card's Scryfall set codes from ../shared/data."""
    return {row["name"]: set(row["sets"].split(",")) for row in read_tsv("planar-cards.tsv")}


def names_of(result: Any) -> list[str]:
    return [card["name"] for card in json.loads(result.stdout)["cards"]]


def search(run_cli: Callable[..., Any], *query: str) -> Any:
    result = run_cli("cards", "search", *query, "--format", "json")
    assert result.exit_code == 0, result
    return result


# -- o: matches the Oracle text as written ------------------------------------------------------
@requires_shared_data
def test_oracle_phrase_keeps_its_punctuation(run_cli: Callable[..., Any]) -> None:
    """`o:"+1/+1 counter"` finds +1/+1 counters only: Raven's Run (-1/-1 counters) is out."""
    texts = oracle_texts()
    wanted = {name for name, text in texts.items() if "+1/+1 counter" in text.casefold()}
    found = names_of(search(run_cli, 'o:"+1/+1 counter"'))
    assert set(found) == wanted and len(found) == len(wanted) == 21
    assert "Raven's Run" not in found
    minus = {name for name, text in texts.items() if "-1/-1" in text}
    assert "Raven's Run" in minus
    assert set(names_of(search(run_cli, "o:-1/-1"))) == minus
    # the typographic minus sign is the same character for the search
    assert set(names_of(search(run_cli, "o:\u22121/\u22121"))) == minus


@requires_shared_data
def test_oracle_chaos_symbol_is_not_the_word_chaos(run_cli: Callable[..., Any]) -> None:
    """`o:"{CHAOS}"` finds the cards whose text has the chaos symbol (one: Chaotic Aether),
    not the 186 whose text says "chaos"."""
    texts = oracle_texts()
    wanted = {name for name, text in texts.items() if "{CHAOS}" in text}
    assert wanted == {"Chaotic Aether"}
    assert names_of(search(run_cli, 'o:"{CHAOS}"')) == ["Chaotic Aether"]
    assert names_of(search(run_cli, "o:{chaos}")) == ["Chaotic Aether"]  # case is ignored
    word = {name for name, text in texts.items() if "chaos" in text.casefold()}
    assert set(names_of(search(run_cli, "o:chaos"))) == word and len(word) > 150


@requires_shared_data
def test_oracle_text_case_is_ignored_and_words_are_found_inside_words(
    run_cli: Callable[..., Any],
) -> None:
    texts = oracle_texts()
    wanted = {name for name, text in texts.items() if "chaos ensues, draw" in text.casefold()}
    assert wanted
    assert set(names_of(search(run_cli, 'o:"CHAOS ENSUES, DRAW"'))) == wanted
    # without the comma it is another phrase, as on Scryfall
    without = {name for name, text in texts.items() if "chaos ensues draw" in text.casefold()}
    result = run_cli("cards", "search", 'o:"chaos ensues draw"', "--format", "json")
    assert set(names_of(result)) == without
    assert result.exit_code == (0 if without else 1)


@requires_shared_data
def test_tilde_is_the_card_s_own_name(run_cli: Callable[..., Any]) -> None:
    """`~` in an `o:` value stands for the name of each card it is compared with (the name
    without Scryfall's "(Playtest)" suffix counts: "No Way Out enters with ...")."""
    texts = oracle_texts()

    def naming_itself(phrase: str) -> set[str]:
        found = set()
        for name, text in texts.items():
            own = [name] + [name.removesuffix(end) for end in SUFFIXES if name.endswith(end)]
            if any(phrase.replace("~", n).casefold() in text.casefold() for n in own):
                found.add(name)
        return found

    walk_to = naming_itself("planeswalk to ~")
    assert len(walk_to) >= 30 and "Aretopolis" in walk_to
    assert set(names_of(search(run_cli, 'o:"planeswalk to ~"'))) == walk_to
    itself = naming_itself("~")
    assert "No Way Out (Playtest)" in itself and walk_to < itself
    assert set(names_of(search(run_cli, "o:~"))) == itself
    enters = naming_itself("~ enters")
    assert set(names_of(search(run_cli, 'o:"~ enters"'))) == enters and enters
    # with a negation: the cards whose text never names them
    assert set(names_of(search(run_cli, "-o:~"))) == set(texts) - itself


def test_a_plain_word_still_ignores_punctuation(run_cli: Callable[..., Any]) -> None:
    """A bare word keeps its meaning (name, type line and text, punctuation ignored)."""
    assert names_of(search(run_cli, "ravens")) == ["Raven's Run"]
    assert names_of(search(run_cli, "n:ravens")) == ["Raven's Run"]
    assert names_of(search(run_cli, "n:raven’s")) == ["Raven's Run"]


# -- or, parentheses, negated groups ------------------------------------------------------------
def snapshot_where(test: Callable[[dict[str, Any]], bool]) -> set[str]:
    return {name for name, card in RECORDS.items() if test(card)}


def is_phenomenon(card: dict[str, Any]) -> bool:
    return card["kind"] == "phenomenon"


@pytest.mark.parametrize("word", ["or", "OR", "Or"])
def test_or_means_either(run_cli: Callable[..., Any], word: str) -> None:
    wanted = snapshot_where(lambda c: is_phenomenon(c) or "tolaria" in c["name"].casefold())
    found = names_of(search(run_cli, f"t:phenomenon {word} n:tolaria"))
    assert set(found) == wanted and len(found) == len(wanted)
    # the same, given as separate shell words
    assert names_of(search(run_cli, "t:phenomenon", word, "n:tolaria")) == found


def test_or_binds_looser_than_and(run_cli: Callable[..., Any]) -> None:
    """`t:phenomenon s:moc or n:tolaria` is `(t:phenomenon s:moc) or n:tolaria`."""
    wanted = snapshot_where(
        lambda c: (is_phenomenon(c) and "moc" in c["sets"]) or "tolaria" in c["name"].casefold()
    )
    assert set(names_of(search(run_cli, "t:phenomenon s:moc or n:tolaria"))) == wanted
    grouped = snapshot_where(
        lambda c: is_phenomenon(c) and ("moc" in c["sets"] or "tolaria" in c["name"].casefold())
    )
    assert grouped != wanted
    assert set(names_of(search(run_cli, "t:phenomenon (s:moc or n:tolaria)"))) == grouped


def test_parentheses_nest_and_a_group_can_be_negated(run_cli: Callable[..., Any]) -> None:
    query = "-(s:punk or s:pssc) (t:phenomenon or (s:who o:draw))"
    found = set(names_of(search(run_cli, query)))
    exact = snapshot_where(
        lambda c: (
            not ({"punk", "pssc"} & set(c["sets"]))
            and (is_phenomenon(c) or ("who" in c["sets"] and "draw" in c["oracle_text"].casefold()))
        )
    )
    assert found == exact and exact
    # "-(a or b)" is "-a -b"
    assert found == set(
        names_of(search(run_cli, "-s:punk -s:pssc (t:phenomenon or (s:who o:draw))"))
    )
    # the parentheses may touch the words, as people type them
    assert found == set(
        names_of(search(run_cli, "-(s:punk or s:pssc)(t:phenomenon or(s:who o:draw))"))
    )


def test_or_with_quoted_phrases_and_tilde(run_cli: Callable[..., Any]) -> None:
    wanted = snapshot_where(
        lambda c: (
            "chaos ensues, draw" in c["oracle_text"].casefold()
            or f"planeswalk to {c['name'].casefold()}," in c["oracle_text"].casefold()
        )
    )
    found = names_of(search(run_cli, 'o:"chaos ensues, draw" or o:"planeswalk to ~,"'))
    assert set(found) == wanted and wanted


def test_names_found_come_first_with_or(run_cli: Callable[..., Any]) -> None:
    found = names_of(search(run_cli, "furnace or tolaria"))
    by_name = [name for name in found if {"furnace", "tolaria"} & set(name.casefold().split())]
    assert found[: len(by_name)] == by_name and len(by_name) >= 3


def test_quoted_or_is_a_word_to_find(run_cli: Callable[..., Any]) -> None:
    """`"or"` quoted is the word, found inside longer words as any plain word is."""

    def has(card: dict[str, Any], word: str) -> bool:
        return any(word in card[field].casefold() for field in ("name", "type_line", "oracle_text"))

    wanted = snapshot_where(lambda c: has(c, "chaos") and has(c, "or"))
    found = set(names_of(search(run_cli, 'chaos "or"')))
    assert found == wanted and wanted
    assert found < set(names_of(search(run_cli, "chaos")))


def test_a_syntax_error_says_where_in_one_line_and_json_stays_json(
    run_cli: Callable[..., Any],
) -> None:
    result = run_cli("cards", "search", "(t:plane or", "--format", "json")
    assert result.exit_code == 2, result
    assert json.loads(result.stdout)["error"]["exit_code"] == 2
    assert result.stderr.splitlines() == [
        "planarcli: error: cannot read '(t:plane or': 'or' at character 10 has nothing after it"
        " to be the other choice"
    ]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list('ab ()-:"~tonrOR{}/+1'))))
def test_any_query_with_groups_reads_or_is_one_clear_usage_error(query: str) -> None:
    try:
        parsed = parse_query(query)
    except UsageError as error:
        assert error.message and "\n" not in error.message
        return
    assert isinstance(parsed, Query) and len(parsed) >= 1
    search_cards(store.load_snapshot().cards[:20], parsed)


def test_oracle_folding_keeps_punctuation() -> None:
    assert fold_oracle("Put a −1/−1 counter") == "put a -1/-1 counter"
    assert fold_oracle("Raven’s  Run’s {CHAOS}") == "raven's run's {chaos}"
    assert fold_oracle("Æther Flues") == "aether flues"


# -- set codes as printed on the products -------------------------------------------------------
PRODUCTS = [("hop", "ohop", "Planechase (2009)"), ("pc2", "opc2", "Planechase 2012"),
            ("pca", "opca", "Planechase Anthology")]  # fmt: skip


@requires_shared_data
@pytest.mark.parametrize(("printed", "filed", "product"), PRODUCTS)
@pytest.mark.parametrize("form", ["s:{}", "set:{}", "e:{}", "S:{}"])
def test_a_product_code_finds_the_product_s_planes(
    run_cli: Callable[..., Any], printed: str, filed: str, product: str, form: str
) -> None:
    sets = printed_in()
    assert not any(printed in codes for codes in sets.values())
    wanted = {name for name, codes in sets.items() if filed in codes}
    written = form.format(printed)
    result = run_cli("cards", "search", written, "--format", "json")
    assert result.exit_code == 0, result
    assert set(names_of(result)) == wanted and len(names_of(result)) == len(wanted)
    assert json.loads(result.stdout)["query"] == written
    assert result.stderr.splitlines() == [
        f"planarcli: note: {written}: Scryfall files the planar cards of {product} under "
        f"'{filed}'; using '{filed}'"
    ]


@requires_shared_data
def test_set_option_takes_product_codes_in_list_and_search(run_cli: Callable[..., Any]) -> None:
    sets = printed_in()
    hop = {name for name, codes in sets.items() if "ohop" in codes}
    pc2_or_pca = {name for name, codes in sets.items() if codes & {"opc2", "opca"}}
    result = run_cli("cards", "list", "--set", "HOP", "--format", "json")
    assert result.exit_code == 0, result
    assert set(names_of(result)) == hop and len(hop) == 40
    assert result.stderr.count("note: --set hop: ") == 1
    assert "warning" not in result.stderr
    result = run_cli("cards", "search", "t:phenomenon", "--set", "pc2,pca", "--format", "json")
    assert result.exit_code == 0, result
    assert set(names_of(result)) == {
        name for name in pc2_or_pca if RECORDS[name]["kind"] == "phenomenon"
    }
    assert len(result.stderr.splitlines()) == 2  # one note per code
    # the code Scryfall uses still works, without a note
    result = run_cli("cards", "list", "--set", "ohop", "--format", "json")
    assert set(names_of(result)) == hop and result.stderr == ""


@requires_shared_data
def test_a_product_code_can_be_negated_and_or_ed(run_cli: Callable[..., Any]) -> None:
    sets = printed_in()
    wanted = {
        name for name, codes in sets.items() if codes & {"ohop", "opc2"} and "moc" not in codes
    }
    result = run_cli("cards", "search", "(s:hop or s:pc2) -s:moc -s:pca", "--format", "json")
    assert names_of(result) == [] and result.exit_code == 1  # every such card is in opca
    result = run_cli("cards", "search", "(s:hop or s:pc2) -s:moc", "--format", "json")
    assert result.exit_code == 0, result
    assert set(names_of(result)) == wanted and wanted
    assert len(result.stderr.splitlines()) == 2
    excluded = run_cli("cards", "list", "--exclude-set", "pca,punk,pssc", "--format", "json")
    assert excluded.exit_code == 0, excluded
    assert set(names_of(excluded)) == {
        name for name, codes in sets.items() if not codes <= {"opca", "punk", "pssc"}
    }


def test_an_unknown_code_still_warns_and_is_not_rewritten(run_cli: Callable[..., Any]) -> None:
    result = run_cli("cards", "search", "s:zzz")
    assert result.exit_code == 1
    assert "warning: no card is printed in set 'zzz'" in result.stderr
    assert "note:" not in result.stderr


def test_installed_command_keeps_json_on_stdout_and_the_note_on_stderr() -> None:
    """Through the installed command: stdout is one JSON document, the note goes to stderr."""
    done = subprocess.run(
        [sys.executable, "-m", "planarcli", "cards", "search", "s:pc2 (t:phenomenon or o:~)",
         "--format", "json"],
        capture_output=True, text=True, cwd=REPO, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    assert document["query"] == "s:pc2 (t:phenomenon or o:~)"
    assert document["cards"] and all("opc2" in card["sets"] for card in document["cards"])
    assert done.stderr.startswith("planarcli: note: s:pc2: Scryfall files the planar cards")
    assert len(done.stderr.splitlines()) == 1


def test_deep_parentheses_are_a_usage_error_not_a_crash(run_cli: Callable[..., Any]) -> None:
    deep = "(" * 5000 + "chaos" + ")" * 5000
    result = run_cli("cards", "search", deep)
    assert result.exit_code == 2, result
    assert result.stderr.splitlines() == [
        "planarcli: error: cannot read '" + "(" * 57 + "...': '(' at character 51 opens a group"
        " inside 50 others; write fewer parentheses"
    ]
    # 50 levels still read: 50 negations cancel out
    even = "-(" * 50 + "chaos" + ")" * 50
    assert names_of(search(run_cli, even)) == names_of(search(run_cli, "chaos"))
    # a long chain of alternatives is no problem either
    many = " or ".join(["zq"] * 3000 + ["n:tazeem"])
    assert names_of(search(run_cli, many)) == ["Tazeem"]


# -- Scryfall's regular expressions and date comparisons (issue 25 item 7) -----------------------
def first_released() -> dict[str, str]:
    """Every card's first printing date from ../shared/data."""
    return {row["name"]: row["first_released"] for row in read_tsv("planar-cards.tsv")}


def type_lines() -> dict[str, str]:
    return {row["name"]: row["type_line"] for row in read_tsv("planar-oracle.tsv")}


#: (query, how ../shared/data says which cards it finds): each a Scryfall search planarcli
#: reads as Scryfall's docs define it (regular expressions are case-insensitive, and ^ and $
#: match at each paragraph of the Oracle text).
REGEX_CASES: list[tuple[str, Callable[[str, str, str], bool]]] = [
    ("n:/^the/", lambda name, type_line, text: name.casefold().startswith("the")),
    ("name:/\\(plane\\)$/", lambda name, type_line, text: name.endswith("(Plane)")),
    ("name:/(plane)$/", lambda name, type_line, text: name.casefold().endswith("plane")),
    ("o:/draw/", lambda name, type_line, text: "draw" in text.casefold()),
    ("o:/^whenever chaos ensues/", lambda name, type_line, text: any(
        line.casefold().startswith("whenever chaos ensues") for line in text.split("\n"))),
    ("oracle:/\\{chaos\\}/", lambda name, type_line, text: "{CHAOS}" in text),
    ("t:/earth$/", lambda name, type_line, text: type_line.casefold().endswith("earth")),
    ("type:/^phenomenon/", lambda name, type_line, text: type_line.startswith("Phenomenon")),
    ("-n:/^the / t:plane", lambda name, type_line, text: type_line.casefold().startswith("plane")
        and not name.casefold().startswith("the ")),
    ("o:/\\/ ?1/", lambda name, type_line, text: "/1" in text or "/ 1" in text),
    ("o:/\\spp counter/", lambda name, type_line, text: any(
        f"+{a}/+{b} counter" in text for a in "1234X" for b in "1234X")),
]  # fmt: skip


@requires_shared_data
@pytest.mark.parametrize(("query", "wanted"), REGEX_CASES)
def test_regular_expressions_as_scryfall_reads_them(
    run_cli: Callable[..., Any], query: str, wanted: Callable[[str, str, str], bool]
) -> None:
    texts, types = oracle_texts(), type_lines()
    expected = {name for name in texts if wanted(name, types[name], texts[name])}
    assert expected, query  # every case finds something, so that it can fail
    assert set(names_of(search(run_cli, query))) == expected


@requires_shared_data
def test_n_regex_is_anchored_where_a_plain_n_is_not(run_cli: Callable[..., Any]) -> None:
    """`n:/^the/` finds the names that begin with "the" (31), not the 40 holding it."""
    anchored = names_of(search(run_cli, "n:/^the/"))
    anywhere = names_of(search(run_cli, "n:the"))
    assert len(anchored) < len(anywhere)
    assert all(name.casefold().startswith("the") for name in anchored)


#: (query, the first printing dates it finds): compared with each card's first printing.
DATE_CASES: list[tuple[str, Callable[[str], bool]]] = [
    ("year>=2023", lambda date: date[:4] >= "2023"),
    ("year:2012", lambda date: date[:4] == "2012"),
    ("year=2009", lambda date: date[:4] == "2009"),
    ("year!=2023", lambda date: date[:4] != "2023"),
    ("year<2023", lambda date: date[:4] < "2023"),
    ("year<=2012", lambda date: date[:4] <= "2012"),
    ("year>2024", lambda date: date[:4] > "2024"),
    ("date>=2023-01-01", lambda date: date >= "2023-01-01"),
    ("date<2012-06-01", lambda date: date < "2012-06-01"),
    ("date:2023-10-13", lambda date: date == "2023-10-13"),
    ("date>2012-06-01 date<2024-01-01", lambda date: "2012-06-01" < date < "2024-01-01"),
    ("-year:2023", lambda date: date[:4] != "2023"),
]


@requires_shared_data
@pytest.mark.parametrize(("query", "wanted"), DATE_CASES)
def test_year_and_date_compare_the_first_printing(
    run_cli: Callable[..., Any], query: str, wanted: Callable[[str], bool]
) -> None:
    expected = {name for name, date in first_released().items() if wanted(date)}
    assert expected, query
    assert set(names_of(search(run_cli, query))) == expected


@requires_shared_data
def test_the_doctor_who_planes_are_from_2023(run_cli: Callable[..., Any]) -> None:
    who = {name for name, codes in printed_in().items() if "who" in codes}
    found = set(names_of(search(run_cli, "year>=2023 s:who")))
    assert found == who and len(who) >= 30


@pytest.mark.parametrize(
    ("query", "error"),
    [
        ("n:/(/", "'n:/(/': not a regular expression planarcli can read: missing ), "
         "unterminated subpattern at character 1"),
        ("o:/[a-/", "'o:/[a-/': not a regular expression planarcli can read: unterminated "
         "character set at character 1"),
        ("n://", "'n://' needs a regular expression between the slashes (e.g. n:/^the/)"),
        ("n:/abc", "unclosed regular expression in 'n:/abc'"),
        ("year:20x", "'year:20x': year compares with a year (e.g. year>=2023)"),
        ("year>", "'year>': year compares with a year (e.g. year>=2023)"),
        ("date>=2023", "'date>=2023': date compares with a date (YYYY-MM-DD) "
         "(e.g. date>=2023-01-01)"),
        ("date>=2023-13-01", "'date>=2023-13-01': 2023-13-01 is no date of the calendar "
         "(month 01-12, a day the month has)"),
        ("date>=2023-02-30", "'date>=2023-02-30': 2023-02-30 is no date of the calendar "
         "(month 01-12, a day the month has)"),
        ("-date:2100-02-29", "'-date:2100-02-29': 2100-02-29 is no date of the calendar "
         "(month 01-12, a day the month has)"),
        ("date<2023-04-31", "'date<2023-04-31': 2023-04-31 is no date of the calendar "
         "(month 01-12, a day the month has)"),
        ("date<2023-00-10", "'date<2023-00-10': 2023-00-10 is no date of the calendar "
         "(month 01-12, a day the month has)"),
        ("o:/(a+b?)+$x/", "'o:/(a+b?)+$x/': refused: the repeated group '(a+b?)+' holds a "
         "repeat of its own, which can take ages to match; repeat the group or its inside, "
         "not both"),
    ],
)  # fmt: skip
def test_a_bad_regex_or_date_is_one_line_exit_2(
    run_cli: Callable[..., Any], query: str, error: str
) -> None:
    result = run_cli("cards", "search", query)
    assert result.exit_code == 2, result
    assert result.stdout == ""
    assert result.stderr.splitlines()[0] == f"planarcli: error: {error}"
    assert "Traceback" not in result.stderr


def test_a_comparison_on_another_word_is_still_a_word(run_cli: Callable[..., Any]) -> None:
    """Only year and date take <, >, = and !=: "chaos>order" is the words it was."""
    result = run_cli("cards", "search", "chaos>order")
    assert result.exit_code == 1, result
    assert result.stderr == "planarcli: error: no card matches 'chaos>order'\n"


def test_limit_shows_the_first_cards_and_says_so(run_cli: Callable[..., Any]) -> None:
    whole = names_of(search(run_cli, "chaos"))
    result = run_cli("cards", "search", "chaos", "--limit", "3", "--format", "json")
    assert result.exit_code == 0, result
    assert names_of(result) == whole[:3]
    assert result.stderr == (
        f"planarcli: note: showing 3 of the {len(whole)} cards found (--limit 3)\n"
    )
    few = run_cli("cards", "search", "n:tazeem", "--limit", "3")
    assert few.exit_code == 0 and few.stderr == ""
    assert run_cli("cards", "search", "chaos", "--limit", "0").exit_code == 2


@pytest.mark.parametrize("day", ["2024-02-29", "2000-02-29", "2023-12-31", "2023-01-01"])
def test_a_day_of_the_calendar_is_a_date(run_cli: Callable[..., Any], day: str) -> None:
    assert run_cli("cards", "search", f"date<={day}").exit_code in (0, 1)  # found or not


@pytest.mark.parametrize(
    ("pattern", "refused"),
    [
        (r"(\w+\s?)+$x", r"(\w+\s?)+"),
        (r"(a*)*", r"(a*)*"),
        (r"(?:chaos+|x){2,}", r"(?:chaos+|x){2,}"),
        (r"((\w+)?)+", r"((\w+)?)+"),
        (r"(x)(y+)*", r"(y+)*"),
        (r"(\sm)+", r"(\{[WUBRGCSXYZ0-9/P]+\})+"),  # a short-hand's own repeat
        (r"(a+){2}", r"(a+){2}"),
        (r"(\w+)?", None),  # at most once: no nesting
        (r"(ab)+", None),
        (r"[(]+a+\)+", None),  # a class and an escape are no group
        (r"(a{2,5})+", None),  # a bounded inside
        (r"(a+){1}", None),
        (r"^\d+/\d+$", None),
    ],
)
def test_nested_unbounded_repeats_are_refused_before_compiling(
    pattern: str, refused: str | None
) -> None:
    from planarcli.cards.search import _scryfall_regex, nested_repeat

    assert nested_repeat(_scryfall_regex(pattern)) == refused


def test_a_nested_repeat_is_refused_at_once(run_cli: Callable[..., Any]) -> None:
    result = run_cli("cards", "search", r"o:/(\w+\s?)+$x/")
    assert result.exit_code == 2, result
    assert "refused: the repeated group" in result.stderr

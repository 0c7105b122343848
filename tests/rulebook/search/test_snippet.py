"""The passage of a result that holds the query's words (issue 24 item 2): a query-biased
snippet, its marked words, ``--full`` and the JSON ``snippet``."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from planarcli.report import rules as render
from planarcli.rulebook.catalogue import list_editions, load_edition
from planarcli.rulebook.search import SearchIndex, search
from planarcli.rulebook.search import snippet as snippets
from planarcli.rulebook.search.analysis import TOKEN_RE

#: (query, result id, words its snippet must hold, words it must not): questions whose
#: answer is not a rule's first sentence
ANSWERS = [
    # 901.3's second sentence, not only "In addition to the normal game materials ..."
    (
        "how many phenomena can my planar deck have",
        "901.3",
        "No more than two cards in a planar deck can be phenomenon cards.",
        "",
    ),
    # 901.9's cost is its second sentence
    ("planar die cost", "901.9", "Taking this action costs a player an amount of mana", ""),
    # 901.3's third sentence, without the first
    (
        "different english name planar deck",
        "901.3",
        "Each card in a planar deck must have a different English name.",
        "In addition to the normal game materials",
    ),
    # a quantity asked: the sentence with the number (issue 24 item 5), not only the next
    ("how many cards in a planar deck", "901.3", "at least ten plane", ""),
    ("how many planes do i need", "901.3", "at least ten plane", ""),
    ("what is the minimum number of cards in my planar deck", "901.3", "at least ten", ""),
    # a condition asked ("if ... leaves"): the sentence with the condition, and the one
    # after it that scores too
    (
        "who becomes planar controller if the planar controller leaves the game",
        "312.4",
        "However, if the current planar controller would leave the game, instead the next",
        "",
    ),
    (
        "who becomes planar controller if the planar controller leaves the game",
        "312.4",
        "The new planar controller retains that designation",
        "",
    ),
    (
        "does rolling the planar die count for the number of times for the cost if an effect "
        "made me roll",
        "901.9",
        "Note that this number won’t be equal to the number of times",
        "",
    ),
    # 312.7's bracketed sentence is kept whole with the one it belongs to
    (
        "phenomenon state-based action planeswalks",
        "312.7",
        "(This is a state-based action; see rule 704. See also rule 701.31, “Planeswalk.”)",
        "",
    ),
]


@pytest.fixture(scope="module")
def current() -> Any:
    return load_edition(next(info for info in list_editions() if info.current))


@pytest.mark.parametrize(("query", "rule_id", "holds", "lacks"), ANSWERS)
def test_the_snippet_holds_the_answering_sentence(
    current: Any, query: str, rule_id: str, holds: str, lacks: str
) -> None:
    found = {r.id: r for r in search(query, [current], limit=10)}
    assert rule_id in found, sorted(found)
    result = found[rule_id]
    assert result.snippet is not None
    assert holds in result.snippet
    assert not lacks or lacks not in result.snippet
    # the text itself stays whole
    assert result.text == current.text(rule_id)


def test_ellipses_mark_what_is_left_out(current: Any) -> None:
    (result,) = [r for r in search("different english name", [current]) if r.id == "901.3"]
    # the first sentence left out, the neighbours of the answer filled in
    assert result.snippet.startswith("… No more than two cards")
    assert "must have a different English name." in result.snippet
    # a text short enough is its own snippet, without an ellipsis
    short = next(r for r in search("six-sided planar die", [current]) if r.id == "901.3a")
    assert short.snippet == " ".join(short.text.split())


def test_marks_are_the_query_words_as_the_index_reads_them(current: Any) -> None:
    (result,) = [r for r in search("phenomena planar deck", [current], limit=3) if r.id == "901.3"]
    marked = {result.snippet[start:end] for start, end in result.marks}
    # "phenomena" finds "phenomenon" (stemmed), "planar" and "deck" as typed
    assert {"phenomenon", "planar", "deck"} <= marked
    assert "phenomenon" in result.matched and "the" not in result.matched


def test_sentences_end_at_full_stops_outside_brackets() -> None:
    text = "One rule 901.9. Two (see rule 704. And more.) three. Four"
    spans = snippets.sentences(text)
    assert [text[a:b] for a, b in spans] == [
        "One rule 901.9.",
        "Two (see rule 704. And more.)",
        "three.",
        "Four",
    ]
    other = "Rule 901.9a is not an end."
    assert [other[a:b] for a, b in snippets.sentences(other)] == [other]


WORDS = st.sampled_from(
    [
        *("planar", "deck", "die", "phenomenon", "cards", "the", "a", "of", "roll", "chaos"),
        *("cost", "(see", "rule", "901.9.)", "Each.", "When.", "If,", "ten", "two", "“Quoted.”"),
    ]
)


@settings(max_examples=60, deadline=None)
@given(st.lists(WORDS, min_size=1, max_size=120), st.lists(WORDS, min_size=1, max_size=4))
def test_a_snippet_is_the_text_cut_between_whole_words(text: list[str], query: list[str]) -> None:
    index = SearchIndex([], phrasings=())
    said = " ".join(text)
    values = {index.stem_word(w.casefold(), "en"): ((n,), 1.0) for n, w in enumerate(query)}
    asked = " ".join(query) + " how many if"  # what it asks beyond the words, too
    made = snippets.make(said, "en", index, values, limit=80, question=asked)
    inner = made.text.removeprefix("… ").removesuffix(" …")
    assert inner in said
    assert made.text.startswith("… ") == (not said.startswith(inner))
    assert made.text.endswith(" …") == (not said.endswith(inner))
    for start, end in made.marks:
        assert TOKEN_RE.fullmatch(made.text[start:end])


def test_text_shows_the_snippet_and_full_the_whole_text(run_cli: Callable[..., Any]) -> None:
    query = ("how", "many", "phenomena", "can", "my", "planar", "deck", "have")
    shown = run_cli("rules", "search", *query, "--limit", "1")
    flat = " ".join(shown.stdout.split())
    assert "No more than two cards in a planar deck can be phenomenon cards." in flat
    assert "Each card in a planar deck must have a different English name" not in flat
    assert flat.endswith("…")
    whole = run_cli("rules", "search", *query, "--limit", "1", "--full")
    flat = " ".join(whole.stdout.split())
    assert "different English name. (See rule 311, “Planes,” and rule 312, “Phenomena.”)" in flat
    assert "…" not in flat
    # into a pipe (the test runner's): nothing marked
    assert "\x1b[" not in shown.stdout + whole.stdout


def test_matched_words_are_marked_only_with_a_style(current: Any) -> None:
    results = search("phenomena planar deck", [current], limit=2)

    def style(text: str, **styles: Any) -> str:
        return f"<{','.join(sorted(styles))}>{text}</>"

    plain = render.search_text(results, width=80)
    styled = render.search_text(results, style=style, width=80)
    assert "<" not in plain
    assert "<bold,fg>phenomenon</>" in styled and "<bold,fg>the</>" not in styled
    # marking only adds styles: the words and the lines are the plain ones
    assert styled.replace("<bold,fg>", "").replace("</>", "").replace("<bold>", "") == plain


def test_json_keeps_the_text_and_adds_the_snippet(run_cli: Callable[..., Any]) -> None:
    result = run_cli("rules", "search", "planar", "die", "cost", "--format", "json")
    first = json.loads(result.stdout)["results"][0]
    assert first["id"] == "901.9"
    assert first["text"].startswith("Any time the active player has priority")
    assert first["text"].endswith("(See rule 116.2i.)")
    assert "Taking this action costs a player" in first["snippet"]
    marked = [first["snippet"][start:end] for start, end in first["highlights"]]
    assert {"planar", "die", "costs"} <= set(marked)


@pytest.mark.parametrize(
    "query",
    [
        ("planar", "die", "cost"),
        ("what", "is", "a", "phenomenon"),
        ("le", "coût", "pour", "lancer", "le", "dé", "planaire"),
        ("spatial", "merging"),
    ],
)
def test_the_json_fits_its_schema(run_cli: Callable[..., Any], query: tuple[str, ...]) -> None:
    from planarcli.schemacheck import schema_errors

    document = json.loads(run_cli("rules", "search", *query, "--format", "json").stdout)
    assert document["results"]
    assert schema_errors(document, "rules-search.schema.json") == []
    for result in document["results"]:
        marked = [result["snippet"][start:end] for start, end in result["highlights"]]
        assert all(TOKEN_RE.fullmatch(word) for word in marked), marked

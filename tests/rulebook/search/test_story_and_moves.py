"""The second round of issue 24 item 4's kinds, each read by a table: a forum question that
tells a story and then asks (the question sentence's words count more), a question about
where an older rule went (today's rule it went to, from the bundled comparisons and the
French text's moved sentence), a 901 rule that a general rule says again (706.7 and
901.9d: the variant's own first), and whose turn it may be as a timing question."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from planarcli import resources
from planarcli.rulebook import catalogue
from planarcli.rulebook.search import story, timing
from planarcli.rulebook.search.index import SearchIndex
from planarcli.rulebook.search.moves import moved_rules
from planarcli.rulebook.search.query import understand
from planarcli.rulebook.search.scope import search_index
from planarcli.rulebook.search.weights import WEIGHTS


@pytest.fixture(scope="module")
def infos() -> list[Any]:
    return catalogue.list_editions(resources.rules_dir(), resources.rules_dir() / "no-such")


@pytest.fixture(scope="module")
def current_index(infos: list[Any]) -> SearchIndex:
    current = next(info for info in infos if info.current)
    return SearchIndex([catalogue.load_edition(current)])


@pytest.fixture
def turned_off() -> Iterator[Any]:
    """Turn features off for one test (``turned_off("story")``), restored after it."""
    kept: dict[str, Any] = {}

    def off(*names: str) -> None:
        for name in names:
            kept.setdefault(name, WEIGHTS[name])
            WEIGHTS[name] = WEIGHTS[name]._replace(weight=WEIGHTS[name].off)

    yield off
    WEIGHTS.update(kept)


#: (query, its sentences)
SENTENCES = [
    ("Who owns it?", ["Who owns it?"]),
    ("We play 2HG. Who rolls? Both of us", ["We play 2HG.", "Who rolls?", "Both of us"]),
    # a rule number's full stop ends no sentence
    ("It was rule 901.15a. Where is it now", ["It was rule 901.15a.", "Where is it now"]),
    ("wait... really?!", ["wait...", "really?!"]),
]


@pytest.mark.parametrize(("text", "pieces"), SENTENCES)
def test_a_query_is_cut_into_sentences(text: str, pieces: list[str]) -> None:
    assert story.sentences(text) == pieces


#: (query, the words of its question sentence, or None for no story)
QUESTIONS = [
    ("who owns the plane", None),
    ("who owns the plane?", None),
    ("We play with one deck. Who owns the planes?", {"who", "owns", "the", "planes"}),
    # the last sentence holding "?", not a remark after it
    ("Long game. Who rolls? lol", {"who", "rolls"}),
    # no "?": the last sentence asks
    (
        "My friend got knocked out. who controls the plane now",
        {"who", "controls", "the", "plane", "now"},
    ),
]


@pytest.mark.parametrize(("text", "asked"), QUESTIONS)
def test_the_question_sentence_is_found(text: str, asked: set[str] | None) -> None:
    found = story.question_words(text)
    assert (None if found is None else set(found)) == asked


def test_only_the_storys_own_words_count_less() -> None:
    surfaced = [("group", {"group": 1.0}), ("plane", {"plane": 1.0, "planar": 0.6})]
    query = "Our group shuffles. Who owns the plane?"
    weighed = story.weigh_story(surfaced, query, 0.5)
    assert weighed == [("group", {"group": 0.5}), ("plane", {"plane": 1.0, "planar": 0.6})]
    # no story, or the weight that turns the feature off: unchanged
    assert story.weigh_story(surfaced, "who owns the plane", 0.5) is surfaced
    assert story.weigh_story(surfaced, query, 1.0) is surfaced


#: (rule numbers named, years named, today's rules they went to)
MOVES = [
    (["901.4"], ["2009"], {"103.3a"}),  # the shuffle moved out of 901.4 (since 2022-10-07)
    (["901.8"], ["2009"], {"901.9"}),  # rolling the planar die, renumbered
    (["901.10"], ["2010"], {"901.11"}),  # planeswalking
    (["901"], [], {"103.3a"}),  # what left the section
    (["901.9"], ["2025"], set()),  # 901.9 in 2025 is 901.9 today
]


@pytest.mark.parametrize(("numbers", "years", "went"), MOVES)
def test_an_older_rule_is_followed_to_today(
    infos: list[Any], numbers: list[str], years: list[str], went: set[str]
) -> None:
    bundled = catalogue.bundled_infos()
    current = next(info for info in infos if info.current)
    assert moved_rules(bundled, current, numbers, years) == went


#: (query, today's rules it asks for): a year before today's edition or the past, and a number
ASKED_MOVES = [
    ("in the 2009 rules shuffling the planar deck was 901.4, where is it now", {"103.3a"}),
    ("it used to be rule 901.8, what is it now", {"901.9"}),
    ("what is rule 901.8", set()),  # no year, nothing of the past: today's 901.8
    ("in 2009 the planar die was rolled how", set()),  # no rule number
]


@pytest.mark.parametrize(("text", "moved"), ASKED_MOVES)
def test_a_question_about_an_older_rule_is_read_as_one(
    current_index: SearchIndex, text: str, moved: set[str]
) -> None:
    assert understand(current_index, text).moved == moved


#: (query, the first result's id, the features without which it is not first)
FIRST = [
    (
        "old rule 901.8 from 2009 about rolling the planar die, what number is it today",
        "901.9",
        ("moved_rule",),
    ),
    (
        "where did the rule about shuffling your planar deck at the start go, it used to be in 901",
        "103.3a",
        ("moved_rule",),
    ),
    (
        "does the planar die count for cards that trigger whenever you roll one or more dice",
        "901.9d",
        ("restated",),
    ),
    (
        "Can someone Disenchant a plane, or bounce it to my hand? Is a plane a permanent at all?",
        "311.2",
        ("story",),
    ),
]


@pytest.mark.parametrize(("text", "first", "features"), FIRST)
def test_each_kind_finds_its_answer_first_by_its_feature(
    current_index: SearchIndex, turned_off: Any, text: str, first: str, features: tuple[str, ...]
) -> None:
    assert search_index(current_index, text, limit=3)[0].id == first
    turned_off(*features)
    assert search_index(current_index, text, limit=3)[0].id != first


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("can i roll the planar die on my opponents turn", True),
        ("rolling on someone else turn, legal?", True),
        ("my opponent rolled a chaos", False),
    ],
)
def test_whose_turn_it_may_be_asks_when(text: str, asked: bool) -> None:
    assert timing.asks_timing(text) is asked


#: (question, its first result): "who is the owner of the planes" asks about an owner, so
#: the glossary entry "Plane" is not what it names; "what a phenomenon card is" still names
#: "Phenomenon"
NAMED_TERMS = [
    ("we play with a communal planar deck, who is the owner of the planes in it", "901.15b"),
    (
        "could someone explain what a phenomenon card is in planechase and how it is"
        " different from a normal plane card",
        "Phenomenon",
    ),
]


@pytest.mark.parametrize(("text", "first"), NAMED_TERMS)
def test_a_glossary_term_is_named_only_as_the_subject(
    current_index: SearchIndex, text: str, first: str
) -> None:
    assert search_index(current_index, text, limit=3)[0].id == first

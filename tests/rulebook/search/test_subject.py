"""The search for a rule saying what X is ("who is the planar controller": "The planar
controller is ...") reads the text around X's words itself rather than compiling a pattern
(issue 18 item 5: compiling it cost a "who is" search 3% of its start-up); it must find a
match in exactly the texts where that pattern (:func:`query.subject_pattern`) does."""

from __future__ import annotations

import re
import sys
from typing import Any

import pytest
import search_quality
from hypothesis import example, given, settings
from hypothesis import strategies as st

from planarcli.rulebook import catalogue
from planarcli.rulebook import search as rulesearch
from planarcli.rulebook.search import SearchIndex, query, subject
from planarcli.rulebook.search.scope import search_index

#: subjects (words, a person or not), as :func:`query.subject_of` gives them
SUBJECTS = [
    (["planar", "controller"], True),
    (["planar", "die"], False),
    (["phenomenon"], False),
    (["phénomène"], False),
    (["fænomen"], False),
    (["range", "of", "influence"], False),
    (["is"], True),
    (["s"], False),
    (["ab", "c"], True),
    (["ſt"], False),
]
#: pieces of texts: the subjects' words in several cases, the words around them the pattern
#: reads, whitespace, punctuation, quotes, and the letters a case-insensitive pattern reads
#: otherwise than their lower case
PIECES = [
    *{word for words, _ in SUBJECTS for word in words},
    "PLANAR",
    "Controller",
    "controllers",
    "PHÉNOMÈNE",
    "Fænomen",
    "RANGE",
    "die",
    "Die",
    "x",
    "xy",
    "abc",
    "_",
    "1",
    "is",
    "Is",
    "are",
    "means",
    "represents",
    "represent",
    "est",
    "sont",
    "er",
    "a",
    "an",
    "The",
    "the",
    "to",
    "each",
    "un",
    "une",
    "le",
    "la",
    "l'",
    "en",
    "et",
    "called",
    "known",
    "as",
    "s'",
    "appelle",
    "appelée",
    "appelés",
    "kaldes",
    "kaldet",
    "player's",
    "’s",
    "'",
    "’",
    '"',
    "“",
    "«",
    "‘",
    "”",
    " ",
    "  ",
    "\t",
    "\n",
    "\u00a0",
    ".",
    ":",
    ",",
    "-",
    "(",
    "\u0130",
    "\u0131",
    "\u017f",
    "\u212a",
    "\u03c2",
    "\u03a3",
    "\u00b5",
]


def agree(index: Any, words: list[str], person: bool, text: str) -> None:
    pattern, _ = query.subject_pattern(index, words, person)
    whole = re.compile(pattern, re.IGNORECASE)
    found = query.defined_subject(index, words, person)(text)
    assert bool(found) == (whole.search(text) is not None), (words, person, text)


def bare_index() -> Any:
    index = SearchIndex.__new__(SearchIndex)
    index.surface = {word: word for words, _ in SUBJECTS for word in words}
    return index


@pytest.mark.slow
@settings(max_examples=1000, deadline=None)
@given(
    st.sampled_from(SUBJECTS),
    st.lists(st.sampled_from(PIECES), max_size=16).map("".join),
)
@example((["planar", "controller"], True), "The planar controller is the player who")
@example((["planar", "controller"], True), "Each of them is a PLANAR controller.")
@example((["planar", "controller"], True), "a player's planar controllers are")
@example((["planar", "controller"], True), "This is called the \u201cplanar controller\u201d.")
@example((["planar", "controller"], True), "known \t as l'planar controller")
@example((["planar", "controller"], True), "called aplanar controller")
@example((["planar", "controller"], True), "called l''planar - x - controller")
@example((["planar", "controller"], True), "x planar controller is")
@example((["planar", "controller"], True), "the planar abcd controller is")
@example((["planar", "controller"], True), "the planar, abc - controller is")
@example((["planar", "controller"], True), "est  une planar controller")
@example((["phénomène"], False), "Cela s'appelle le « phénomène »")
@example((["phénomène"], False), "Un PHÉNOMÈNE est une carte.")
@example((["range", "of", "influence"], False), "A player's range of influence is")
@example((["planar", "die"], False), "the planar die represents")
@example((["planar", "die"], False), "the planar die i\u017f")
@example((["planar", "die"], False), "the planar d\u0130e is")
def test_the_subject_is_read_where_the_pattern_matches(
    subject: tuple[list[str], bool], text: str
) -> None:
    agree(bare_index(), *subject, text)


@pytest.mark.slow
@pytest.mark.xdist_group("bundled-indexes")  # with the question-set scores (test_search.py)
def test_every_text_agrees_for_every_subject_of_the_question_sets(
    bundled_indexes: dict[tuple[Any, ...], Any],
) -> None:
    """Every subject the question sets ask about (each question read as the search reads
    it, none printed), against every text of the editions it searches."""
    asked: dict[tuple[Any, ...], tuple[Any, set[tuple[tuple[str, ...], bool]]]] = {}
    real = query.defined_subject

    infos = catalogue.list_editions()
    indexes = bundled_indexes  # the question sets' scopes, shared with their scores
    for part in search_quality.PARTS:
        for item in search_quality.load(part):
            scope = rulesearch.search_scope(
                infos, item.get("edition"), item.get("lang"), item["query"]
            )
            key = tuple((info.id, info.location) for info in scope)
            if key not in indexes:
                indexes[key] = SearchIndex([catalogue.load_edition(info) for info in scope])
            index = indexes[key]
            subjects = asked.setdefault(key, (index, set()))[1]

            def record(index: Any, subject: list[str], person: bool) -> Any:
                subjects.add((tuple(subject), person))  # noqa: B023 (used at once)
                return real(index, subject, person)

            query.defined_subject = record  # type: ignore[assignment]
            try:
                query.understand(index, item["query"])
            finally:
                query.defined_subject = real
    count = 0
    for index, subjects in asked.values():
        for words, person in subjects:
            pattern, _ = query.subject_pattern(index, list(words), person)
            whole = re.compile(pattern, re.IGNORECASE)
            search = query.defined_subject(index, list(words), person)
            for text in index.texts:
                assert bool(search(text)) == (whole.search(text) is not None), words
            count += 1
    assert count > 50


def twins_of_the_regex_engine() -> set[str]:
    """The letters whose lower case a case-insensitive pattern does not read as their own,
    made from the regex engine's own table of letters that match other letters."""
    try:
        from re._casefix import _EXTRA_CASES as extra  # Python 3.11 and later
    except ImportError:  # pragma: no cover (Python 3.10)
        from sre_compile import _ignorecase_fixes as extra  # type: ignore[attr-defined]
    odd = {chr(code) for code in extra if code >= 128}
    out = set()
    for code in range(sys.maxunicode + 1):
        char = chr(code)
        lower = char.lower()
        if (
            len(lower) != 1
            or lower in odd
            or char in odd
            or subject.is_word(lower) != subject.is_word(char)
            or lower.isspace() != char.isspace()
        ):
            out.add(char)
    return out


def test_the_fold_twins_are_every_letter_the_pattern_reads_otherwise() -> None:
    assert twins_of_the_regex_engine() <= subject.FOLD_TWINS
    # and every letter an ASCII letter stands for (the words most questions ask about)
    ascii_letter = re.compile("[a-z]", re.IGNORECASE)
    for char in subject.FOLD_TWINS - query.CASE_TWINS:
        assert not ascii_letter.fullmatch(char)


def test_word_characters_are_the_regex_engines() -> None:
    word = re.compile(r"\w")
    assert all(
        subject.is_word(chr(code)) == bool(word.fullmatch(chr(code)))
        for code in range(sys.maxunicode + 1)
    )


@pytest.mark.slow
@settings(max_examples=1000, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                *(f"{word}" for word in subject.SUBJECT_END_WORDS),
                "IN",
                "NÅR",
                "planar",
                "controller",
                "x",
                " ",
                "  ",
                "\t",
                "\u00a0",
                ",",
                ";",
                "?",
                "(",
                ")",
                "\u0131",
                "\u017f",
                "\u0130",
            ]
        ),
        max_size=12,
    ).map("".join)
)
@example("the planar controller in grand melee")
@example("the planar controller , if")
@example(" in x")
@example("hvis\t")
def test_the_subject_ends_where_the_pattern_says(text: str) -> None:
    assert subject.subject_head(text) == subject.SUBJECT_END_RE.compiled.split(text, maxsplit=1)[0]


def test_a_who_is_search_compiles_neither_pattern(monkeypatch: pytest.MonkeyPatch) -> None:
    """What keeps the gain: "who is the planar controller" and "what is a phenomenon" find
    the rule that says it without compiling the subject's pattern or SUBJECT_END_RE."""
    question = "who is the planar controller"
    scope = rulesearch.search_scope(catalogue.list_editions(), None, None, question)
    index = SearchIndex([catalogue.load_edition(info) for info in scope])
    compiled: list[str] = []
    compile = re.compile

    def recording(pattern: Any, flags: int = 0) -> Any:
        compiled.append(str(pattern))
        return compile(pattern, flags)

    monkeypatch.setattr(re, "compile", recording)
    subject.SUBJECT_END_RE._compiled = None
    for asked, words, person in (
        (question, ["planar", "controller"], True),
        ("what is a phenomenon", ["phenomenon"], False),
        ("who is the planar controller in grand melee?", ["planar", "controller"], True),
    ):
        understood = query.understand(index, asked)
        assert understood.definition is not None
        said = [text for text in index.texts if understood.definition(text)]
        assert said, asked
        found = search_index(index, asked, 10)
        assert found
        pattern, _ = query.subject_pattern(index, words, person)
        assert pattern not in compiled
    assert subject.SUBJECT_END_RE._compiled is None
    monkeypatch.undo()
    # and a rule that says it ("... the planar controller is whoever ...") ranks first
    definition = query.understand(index, question).definition
    assert definition is not None
    assert definition(search_index(index, question, 1)[0].text)

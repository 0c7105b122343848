"""The cheap tests that spare the text reader's patterns: each says a pattern *may* match,
so it must say so of every text the pattern matches (else a line would read otherwise).
Texts are made of the pieces the patterns look for, so that they often match."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from planarcli.deck.readers.cardline import _TRAILING_TAGS, split_card_line
from planarcli.deck.readers.text.artefacts import (
    _LOG_PREFIX,
    _MESSAGE_PREFIX,
    _RULE,
    _TOTAL_LINE,
    may_be_a_rule,
    may_be_dated,
    may_be_logged,
)
from planarcli.deck.readers.text.headings import (
    _HEADING_COUNT,
    META,
    PREFIX,
    may_be_meta,
    may_be_prefixed,
    may_hold_a_count,
)

PIECES = [
    *" \t-–—:@()[]|*^#$€£.,=_~─━═•·+xX×枚（）",
    "1", "12", "0.35", "١", "１", "Bant", "PCA", "pca", "cards", "Cards", "card", "total",
    "Total", "TOTAL", "sub", "grand ", "deck ", "Plane", "Playtest", "F", "CMDR", "Tag", "ſ",
    # whole tags, separators and rows, so that each pattern matches often
    " *F*", " ^Label,#hex^", " # note", " #Tag", " (PCA) 12", " (pca)", " (Plane)", "|HOP|1",
    " $0.35", " - 0,35 €", "---", "***", "= = =", "•••", "Total: 2", "Sub-total 3", " (10)",
    "//", "#", "/", "Name", "name", "SOURCE", "ſource", "Date", "comments", "author", "Format",
    "SB", "sb", "ſb", "COMMANDER", "cmdr", "Companion", ": ", "\u2003", "01/12/2026, 18:42 - ",
    "[1.12.26, 6:42:10 PM] ", "12345", "Lukas: ", "2026-01-12 ", "[10:42] ", "[ 9:03 pm] ",
    "<@bob> ", "bob: ", "[\t\t1:00:07]",
]  # fmt: skip
TEXTS = st.lists(st.sampled_from(PIECES), max_size=12).map("".join)
#: Lines shaped as META's and PREFIX's: a comment mark or none, blanks, a key, blanks, a
#: colon or none, then anything.
BLANKS = st.sampled_from(["", " ", "\t", "\u2003", "  "])
KEYED = st.tuples(
    st.sampled_from(["//", "#", "", "/", "///", "##", "1 "]),
    BLANKS,
    st.sampled_from(["Name", "ſource", "DATE", "comment", "Author", "format", "SB", "ſb", "cmdr",
                     "Commander", "COMPANION", "Planes", "Akoum", ""]),
    BLANKS,
    st.sampled_from([":", "", " :", "-"]),
    TEXTS,
).map("".join)  # fmt: skip
MANY = settings(max_examples=1000, deadline=None)


@MANY
@given(TEXTS)
def test_a_trailing_tag_is_tried_on_every_text_it_strips(text: str) -> None:
    for marks, pattern in _TRAILING_TAGS:
        if pattern.sub("", text) != text:
            assert any(mark in text for mark in marks), (pattern.pattern, text)


#: each pattern, how it is tried (search or match) and the cheap test that spares it, with
#: the texts to try: every text the pattern finds, its gate must let through
GATES = [
    pytest.param(_HEADING_COUNT.search, may_hold_a_count, TEXTS, id="heading count"),
    pytest.param(_RULE.match, may_be_a_rule, TEXTS, id="separator"),
    pytest.param(_TOTAL_LINE.match, lambda line: "total" in line.lower(), TEXTS, id="total row"),
    pytest.param(_MESSAGE_PREFIX.match, may_be_dated, TEXTS, id="chat stamp"),
    pytest.param(_LOG_PREFIX.match, may_be_logged, TEXTS, id="chat log stamp"),
    pytest.param(META.match, may_be_meta, KEYED | TEXTS, id="comment key"),
    pytest.param(PREFIX.match, may_be_prefixed, KEYED | TEXTS, id="line prefix"),
]


@pytest.mark.parametrize(("finds", "gate", "texts"), GATES)
def test_each_pattern_is_looked_for_in_every_text_it_finds(
    finds: Callable[[str], object], gate: Callable[[str], bool], texts: st.SearchStrategy[str]
) -> None:
    @MANY
    @given(texts)
    def property(line: str) -> None:
        if finds(line) is not None:
            assert gate(line), line

    property()


def test_the_gates_let_their_lines_through_and_keep_others_away() -> None:
    assert may_hold_a_count("Planar Deck (10)") and not may_hold_a_count("Planes")
    assert may_hold_a_count("Planes (１０)")  # not ASCII: left to the pattern
    assert may_be_a_rule("---") and may_be_a_rule("|---|---|") and not may_be_a_rule("- Akoum")
    assert may_be_dated("01/12/2026, 18:42 - Lukas: Akoum") and may_be_dated("[1.12.26, 6:42] S")
    assert not may_be_dated("1 Akoum: the plane") and not may_be_dated("12345/1/26, 6:42 x")
    assert may_be_logged("[10:42] bob: Akoum") and may_be_logged("[ 9:03 PM] <bob> Bant")
    assert not may_be_logged("[c]Akoum[/c]") and not may_be_logged("1 [10:42] x")
    assert may_be_meta("// NAME: Chaos") and may_be_meta("#  ſource: x")
    assert not may_be_meta("// Planes: 10") and not may_be_meta("1 Akoum: x")
    assert may_be_prefixed("SB: 1 Akoum") and not may_be_prefixed("1 Akoum: x")
    card = split_card_line("1 Bant (PCA) 12 *F* $0.35")
    assert card is not None and card.name == "Bant" and card.printing == ("PCA", "12")

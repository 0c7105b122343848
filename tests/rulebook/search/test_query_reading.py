"""What the query layer reads in code rather than with a pattern agrees with the pattern.

``asks_quantity`` reads QUANTITY_RE's forms word by word (compiling the pattern cost a long
question about 2% of its start-up); PAST_RE is compiled only for a question holding one of
PAST_NEEDLES. Hypothesis builds questions from the patterns' own words, their neighbours and
the letters a case-insensitive pattern reads otherwise than their lower case.
"""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from planarcli.rulebook.search import quantity, query

PIECES = [
    "how",
    "How",
    "HOW",
    "many",
    "much",
    "big",
    "large",
    "number",
    "of",
    "minimum",
    "MAXIMUM",
    "min",
    "max",
    "at",
    "least",
    "most",
    "combien",
    "nombre",
    "au",
    "moins",
    "plus",
    "hvor",
    "mange",
    "meget",
    "stor",
    "stort",
    "antal",
    "mindst",
    "HØJST",
    "højst",
    "show",
    "manyx",
    "old",
    "older",
    "original",
    "early",
    "formerly",
    "used",
    "to",
    "back",
    "when",
    "no",
    "longer",
    "any",
    "more",
    "anymore",
    "very",
    "first",
    "version",
    "edition",
    "rules",
    "ancien",
    "anciennes",
    "gamle",
    "oprindelige",
    "planar",
    "die",
    "_",
    "2",
    "é",
    " ",
    "  ",
    "\n",
    "\u00a0",
    "-",
    ",",
    "?",
    "'",
    "\u0131",
    "\u017f",
    "\u212a",
    "\u0130",
]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=10).map("".join))
@example("how much mana does it cost to roll the planar die a second time in one turn")
@example("how\u00a0many planes")
@example("how-many planes")
@example("how_many planes")
@example("at  least ten")
@example("hvor meget koster det")
@example("combien de phénomènes au maximum")
@example("mini planar deck")
def test_quantity_is_read_as_the_pattern_reads_it(text: str) -> None:
    assert quantity.asks_quantity(text) == (quantity.QUANTITY_RE.search(text) is not None), text


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=10).map("".join))
@example("what did the original rules say about the planar deck")
@example("how did it work back  when planechase came out")
@example("any more")
def test_the_past_pattern_needs_one_of_its_words(text: str) -> None:
    if not query.may_hold(text, query.PAST_NEEDLES):
        assert query.PAST_RE.search(text) is None, text

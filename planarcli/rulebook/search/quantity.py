"""Whether a question asks for a quantity ("how many", "combien", "hvor mange", "minimum"),
read without compiling a pattern where the words allow it."""

from __future__ import annotations

import re

from planarcli.lazyre import lazy
from planarcli.rulebook.search.analysis import wordset

#: the letters that a case-insensitive pattern matches to an ASCII letter though they are
#: none (dotted and dotless i, long s, Kelvin sign): a text holding one is always read by
#: the pattern itself
CASE_TWINS = frozenset("\u0130\u0131\u017f\u212a")


#: a question that asks for a quantity ("how many", "combien", "hvor mange", "minimum")
QUANTITY_RE = lazy(
    r"\b(?:how\s+(?:many|much|big|large)|number\s+of|minimum|maximum|min|max|at\s+(?:least|most)"
    r"|combien|nombre|au\s+(?:moins|plus)|hvor\s+(?:mange|meget|stort?)|antal|mindst|højst)\b",
    re.IGNORECASE,
)
#: a question that asks what follows from something ("what happens if ...")
QUANTITY_HINTS = wordset(
    "many much big large number min max least most combien nombre moins plus mange meget"
    " stor antal mindst højst"
)
#: QUANTITY_RE's forms read in code: its one-word forms, and each first word of its two-word
#: forms with the words that may follow it (apart by whitespace)
QUANTITY_WORDS = frozenset(
    ["minimum", "maximum", "min", "max", "combien", "nombre", "antal", "mindst", "højst"]
)
QUANTITY_PAIRS = {
    "how": frozenset({"many", "much", "big", "large"}),
    "number": frozenset({"of"}),
    "at": frozenset({"least", "most"}),
    "au": frozenset({"moins", "plus"}),
    "hvor": frozenset({"mange", "meget", "stor", "stort"}),
}


def word_runs(text: str) -> list[tuple[int, int]]:
    """Where each run of word characters (the ``\\w`` of a pattern: ``str.isalnum`` or
    ``_``) starts and ends in ``text``."""
    runs: list[tuple[int, int]] = []
    start = -1
    for place, char in enumerate(text):
        if char.isalnum() or char == "_":
            if start < 0:
                start = place
        elif start >= 0:
            runs.append((start, place))
            start = -1
    if start >= 0:
        runs.append((start, len(text)))
    return runs


def asks_quantity(query: str) -> bool:
    """Whether QUANTITY_RE finds a match in ``query``, read without compiling it (that
    cost a long question about 2% of its start-up): each of its forms is whole words, so
    a match is a run of word characters that is a one-word form, or two runs apart by
    whitespace alone that are a two-word form. A letter a case-insensitive pattern reads
    otherwise than its lower case (``CASE_TWINS``) is left to the pattern."""
    if not CASE_TWINS.isdisjoint(query):
        return QUANTITY_RE.search(query) is not None
    runs = word_runs(query)
    said = [query[start:end].lower() for start, end in runs]
    for number, word in enumerate(said):
        if word in QUANTITY_WORDS:
            return True
        following = QUANTITY_PAIRS.get(word)
        if following is not None and number + 1 < len(said) and said[number + 1] in following:
            between = query[runs[number][1] : runs[number + 1][0]]
            if between.isspace():
                return True
    return False

"""Query understanding: a question asking when something may be done ("when can I roll the
planar die", "sorcery speed", "quand peut-on lancer le dé", "hvornår må man slå"), and the
words by which a rule states a time; :mod:`.scoring` ranks such a rule first for it
(``timing`` in :mod:`.weights`). Each form is a row of the tables below.
"""

from __future__ import annotations

from planarcli.rulebook.search.analysis import fold, words

#: a question that asks when something may be done ("when can i roll", "sorcery speed",
#: "quand peut-on lancer", "hvornår må man slå"): its one-word forms, and each first word of
#: its two-word forms with the words that may follow it (folded, as :func:`.analysis.words`
#: reads them)
TIMING_WORDS = frozenset(["speed", "timing", "hvornar", "tidspunkt"])
TIMING_PAIRS = {
    "when": frozenset({"can", "do", "does", "may", "should", "must", "is", "are", "am"}),
    "what": frozenset({"time", "point", "phase", "step"}),
    "which": frozenset({"phase", "step"}),
    # ("quand" alone is as often "if": "quand un plan quitte le jeu")
    "quand": frozenset({"peut", "peux", "puis", "doit", "dois", "faut"}),
    "quel": frozenset({"moment"}),
    "quelle": frozenset({"phase", "etape"}),
    "hvilken": frozenset({"fase"}),
    # "can I roll on my opponents turn", "on someone else turn" (typed without the
    # apostrophe: "opponent's" is read "opponent s"): whose turn it may be
    "opponent": frozenset({"turn"}),
    "opponents": frozenset({"turn"}),
    "else": frozenset({"turn"}),
}
#: the words by which a text states a time (folded, as a text's ``forms`` hold them): a rule
#: saying "any time they have priority ... during a main phase" answers "when can I roll"
TIME_FORMS = {
    "en": frozenset({"priority", "phase", "step", "during"}),
    "fr": frozenset({"priorite", "phase", "etape", "pendant"}),
    "da": frozenset({"prioritet", "fase", "trin", "prioriteten"}),
}


def asks_timing(query: str) -> bool:
    """Whether ``query`` asks when something may be done (TIMING_WORDS, TIMING_PAIRS)."""
    said = [fold(word) for word in words(query)]
    for number, word in enumerate(said):
        if word in TIMING_WORDS:
            return True
        following = TIMING_PAIRS.get(word)
        if following is not None and number + 1 < len(said) and said[number + 1] in following:
            return True
    return False

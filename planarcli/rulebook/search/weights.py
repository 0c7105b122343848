"""The one table of the ranking's named features and their weights.

Every feature the ranking adds to BM25 has an entry here: its weight, the value that turns it
off (0 for a feature that adds a score or a term, 1 for one that multiplies it) and what it
does. Nothing else in the search holds a weight: the modules read ``WEIGHTS[name].weight``.
``tests/helpers/search_quality.py --ablate`` turns each feature off in turn and scores the
development parts; rules/README.md lists what each adds.

Structural parameters (windows, word lengths, thresholds) are not weights; they stay beside
the code that uses them.
"""

from __future__ import annotations


class Feature:
    """A feature's weight, the weight that turns it off, and what it does (a plain class:
    a NamedTuple or a dataclass would cost the search's start-up more)."""

    __slots__ = ("off", "weight", "what")

    def __init__(self, weight: float, off: float, what: str) -> None:
        self.weight = weight
        self.off = off
        self.what = what

    def _replace(self, *, weight: float) -> Feature:
        """This feature with another weight (to turn it off: ``weight=feature.off``)."""
        return Feature(weight, self.off, self.what)

    def __repr__(self) -> str:
        return f"Feature({self.weight!r}, {self.off!r}, {self.what!r})"


WEIGHTS: dict[str, Feature] = {
    # ----------------------------------------------------------- analysis (query terms)
    "translation": Feature(0.75, 0.0, "a French or Danish word -> the English rules' word"),
    "synonym": Feature(0.6, 0.0, "players' words -> the rules' words (dice/die, 2HG, hop...)"),
    "typo": Feature(0.85, 0.0, "a word found nowhere -> the closest corpus word"),
    "phrased_typo": Feature(
        1.0, 0.0, "a word only the phrasings hold is also corrected like a typo (phenomenom)"
    ),
    "relative": Feature(1.0, 0.0, "an English agent noun and its verb (owner/owns)"),
    "accent": Feature(1.0, 0.0, "a word typed without its accents (de -> dé in a content word)"),
    "compound": Feature(0.56, 0.0, "a Danish compound headed by a query word (fænomen-kort)"),
    "story": Feature(
        0.9, 1.0, "a story, then a question: the words only the story says count less"
    ),
    # ----------------------------------------------------------- index (fields)
    "parent": Feature(0.7, 0.0, "a lettered subrule also holds its parent's words"),
    "card_title": Feature(1.0, 0.0, "a card ruling's card name words count as its title"),
    "phrasings": Feature(0.75, 0.0, "BM25 of the phrasings field (questions a passage answers)"),
    # ----------------------------------------------------------- scoring: added to BM25
    "proximity": Feature(1.0, 0.0, "two consecutive query words close in the text"),
    "lead": Feature(0.15, 0.0, "query words among a text's first words"),
    "exact_form": Feature(0.3, 0.0, "a query word in the text in the very form typed"),
    "title": Feature(0.2, 1.0, "the variant's name (Planechase) among other words counts less"),
    # ----------------------------------------------------------- scoring: multipliers
    "coordination": Feature(1.0, 0.0, "power of the share of the query's words a text holds"),
    "window": Feature(0.5, 0.0, "long question: share of its words one passage says together"),
    "lonely": Feature(0.5, 1.0, "long question: a word far from all the others counts less"),
    "off_topic": Feature(0.4, 1.0, "a rule cited by 901 that says nothing of Planechase"),
    # (a question about Planechase is first one about 901: its words shared with a general
    # rule that names planes in passing, 400.4b on the command zone, go to 901 and 311/312)
    "aside": Feature(0.8, 1.0, "a general rule that names Planechase in passing (400.4b)"),
    "subrule": Feature(0.85, 1.0, "a lettered subrule below the rule that states the thing"),
    "out_of_context": Feature(0.45, 1.0, "a subrule of a special case the query does not name"),
    "complete_subrule": Feature(1.02, 0.0, "a subrule matching all its parent does and more"),
    "restated": Feature(
        1.01, 1.0, "a 901 rule a general rule says again (901.9d, 706.7): just above it"
    ),
    "introduction": Feature(0.4, 1.0, "a heading or a rule that only introduces its subrules"),
    "glossary": Feature(0.6, 1.0, "a glossary entry below the rules it sums up"),
    "glossary_named": Feature(2.0, 1.0, "... above them when the query is its term"),
    "foreign_glossary": Feature(
        1.0, 0.0, "French/Danish question: no English glossary entry lifted as its term's"
    ),
    "definition": Feature(2.0, 1.0, "'what is X': the entry, and a rule saying 'X is ...'"),
    "named_term": Feature(1.01, 0.0, "a long question naming a term: its entry first"),
    "quantity": Feature(1.3, 1.0, "'how many': a rule stating a quantity"),
    "consequence": Feature(1.2, 1.0, "'what happens if': a rule stating a condition"),
    "timing": Feature(1.5, 1.0, "'when can I', 'sorcery speed': a rule stating a time"),
    "named_edition": Feature(5.0, 1.0, "a document, language or year the query names"),
    "today_for_foreign": Feature(
        1.5, 1.0, "French/Danish question: the current English rules beside its language's text"
    ),
    "older_edition": Feature(0.9, 1.0, "older English editions searched with the current one"),
    "moved_rule": Feature(
        3.0, 1.0, "'old rule 901.8 from 2009, what is it now': today's rule it went to"
    ),
    "card_words": Feature(1.0, 0.0, "the words naming a card count among the query's words"),
    "card_named": Feature(1.25, 1.0, "a ruling of a card the question names"),
    # (a card's Oracle text says what the card does: first for a question asking what it
    # does, else just after the results that answer the details; set by hand, not fitted)
    "card_text": Feature(
        0.999, 0.0, "a named card's Oracle text: held just below the 3 best other results"
    ),
    "card_asked": Feature(
        1.05, 1.0, "'what does X do', 'X chaos': the named card's Oracle text first"
    ),
    "restating": Feature(0.3, 1.0, "a ruling many cards repeat word for word: it restates a rule"),
    # ----------------------------------------------------------- query: rule numbers
    "exact_id": Feature(1000.0, 0.0, "a rule number alone: that rule first"),
    "child_id": Feature(500.0, 0.0, "... and its lettered subrules next"),
}


def weight(name: str) -> float:
    return WEIGHTS[name].weight

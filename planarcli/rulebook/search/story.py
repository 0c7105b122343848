"""Query understanding: a long forum question that tells a story and then asks ("We play
with one shared pile of planes. Last game the player whose turn it was got knocked out.
Who becomes the planar controller?"). The story's words would drown the question's: the
words said only in the story count less (``story`` in :mod:`.weights`) than those of the
question sentence, the last one holding a question mark, else the last sentence.
"""

from __future__ import annotations

from planarcli.rulebook.search.analysis import fold, words

#: what ends a sentence (a "?" also marks the question); a full stop inside a rule number
#: ("901.15a") or a decimal is followed by no space, so it ends nothing
ENDS = ".!?"
#: a question needs this many sentences to be read as a story and a question
STORY_SENTENCES = 2


def sentences(query: str) -> list[str]:
    """``query`` cut after each ``.``, ``!`` or ``?`` followed by a space or the end
    (plain code: the pattern would cost the search's start-up more)."""
    out: list[str] = []
    start = 0
    length = len(query)
    for place, char in enumerate(query):
        if char in ENDS and (place + 1 == length or query[place + 1].isspace()):
            piece = query[start : place + 1].strip()
            if piece:
                out.append(piece)
            start = place + 1
    rest = query[start:].strip()
    if rest:
        out.append(rest)
    return out


def question_words(query: str) -> frozenset[str] | None:
    """The folded words of the sentence that asks (the last holding a "?", else the last),
    for a query of at least STORY_SENTENCES sentences; None for a shorter one."""
    if not any(char in ENDS for char in query):
        return None
    said = sentences(query)
    if len(said) < STORY_SENTENCES:
        return None
    asking = next((piece for piece in reversed(said) if "?" in piece), said[-1])
    return frozenset(fold(word) for word in words(asking))


def weigh_story(
    surfaced: list[tuple[str, dict[str, float]]], query: str, weight: float
) -> list[tuple[str, dict[str, float]]]:
    """``surfaced`` (each content word and its weighted terms) with the terms of each word
    the question sentence does not say scaled by ``weight`` (see the module docstring);
    unchanged for a query that is no story and a question, or when every word is in the
    question sentence."""
    if weight == 1.0:
        return surfaced
    asking = question_words(query)
    if asking is None or all(word in asking for word, _ in surfaced):
        return surfaced
    return [
        (word, group if word in asking else {term: w * weight for term, w in group.items()})
        for word, group in surfaced
    ]

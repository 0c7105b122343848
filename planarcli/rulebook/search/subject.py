"""Whether a text says what the subject of "what is X" or "who is X" is, read from the text
around X's words rather than by the pattern :func:`.query.subject_pattern` gives (compiling it
cost a "who is" search about 3% of its start-up); and where that subject ends in the
question (:func:`subject_head`, rather than compiling SUBJECT_END_RE); and the search of
:func:`quoted_subject` ("who is you"). Imported only by a question that asks what something
is; it imports nothing of the search above :mod:`.analysis` (:mod:`.query` uses it)."""

from __future__ import annotations

import re
from collections.abc import Callable

from planarcli.lazyre import lazy
from planarcli.rulebook.search.analysis import DEFINITION_WORDS, words

#: the letters whose lower case a case-insensitive pattern does not read as their own: it
#: matches them to another letter as well ("ſ" to "s", "ς" to "σ"), or
#: their lower case is two characters ("İ"); a text holding one is read by the
#: pattern itself (tests/rulebook/search/test_subject.py makes the list from the regex engine)
FOLD_TWINS = frozenset(
    "\u00b5\u0130\u0131\u017f\u0345\u0390\u0392\u0395\u0398\u0399\u039a\u039c\u03a0"
    "\u03a1\u03a3\u03a6\u03b0\u03b2\u03b5\u03b8\u03b9\u03ba\u03bc\u03c0\u03c1\u03c2"
    "\u03c3\u03c6\u03d0\u03d1\u03d5\u03d6\u03f0\u03f1\u03f4\u03f5\u0412\u0414\u041e"
    "\u0421\u0422\u042a\u0432\u0434\u043e\u0441\u0442\u044a\u0462\u0463\u1c80\u1c81"
    "\u1c82\u1c83\u1c84\u1c85\u1c86\u1c87\u1c88\u1e60\u1e61\u1e9b\u1fbe\u1fd3\u1fe3"
    "\ua64a\ua64b\ufb05\ufb06"
)
#: the words of :func:`.query.subject_pattern`, as :func:`says_what` reads them
PERSON_ARTICLES = frozenset({"a", "an", "the", "un", "une", "le", "la", "en", "et"})
PERSON_VERBS = frozenset({"is", "are", "est", "sont", "er"})
BEFORE_SUBJECT = PERSON_ARTICLES | {"to", "each"}
AFTER_SUBJECT = PERSON_VERBS | {"means", "represents", "represent"}
#: (and "s'appelle", "known as")
CALLED = frozenset({"called", "appelé", "appelée", "appelés", "appelées", "kaldes", "kaldet"})
CALLED_ARTICLES = PERSON_ARTICLES | {"l'"}
QUOTES = "\"\u201c\u00ab'\u2018"


def is_word(char: str) -> bool:
    """Whether the regex engine reads ``char`` as a word character (``\\w``)."""
    return char.isalnum() or char == "_"


def word_before(text: str, end: int) -> str:
    """The run of word characters that ends at ``end``."""
    start = end
    while start > 0 and is_word(text[start - 1]):
        start -= 1
    return text[start:end]


def word_after(text: str, start: int) -> str:
    """The run of word characters that starts at ``start``."""
    end = start
    while end < len(text) and is_word(text[end]):
        end += 1
    return text[start:end]


def space_before(text: str, end: int) -> int:
    """Where the run of whitespace that ends at ``end`` starts."""
    while end > 0 and text[end - 1].isspace():
        end -= 1
    return end


def said_ends(text: str, start: int, words: list[str]) -> list[int]:
    """Where the subject's words, from ``start``, may end: one word after the other, apart
    by non-word characters, perhaps with a word of one to three characters between
    (``(?:\\W+\\w{1,3})?\\W+``)."""
    if not text.startswith(words[0], start):
        return []
    ends = [start + len(words[0])]
    size = len(text)
    for word in words[1:]:
        following: list[int] = []
        for end in ends:
            gap = end
            while gap < size and not is_word(text[gap]):
                gap += 1
            if gap == end:
                continue
            if text.startswith(word, gap):
                following.append(gap + len(word))
            short = gap
            while short < size and short - gap < 4 and is_word(text[short]):
                short += 1
            if 1 <= short - gap <= 3:
                after = short
                while after < size and not is_word(text[after]):
                    after += 1
                if after > short and text.startswith(word, after):
                    following.append(after + len(word))
        ends = following
    return ends


def named_before(text: str, start: int) -> bool:
    """Whether ``known as``, ``called``, ``s'appelle`` ... (and whitespace) end at
    ``start``."""
    end = space_before(text, start)
    if end == start:
        return False
    name = word_before(text, end)  # a run of word characters: from a word's start
    if name in CALLED:
        return True
    begin = end - len(name)
    if name == "appelle":
        return text.endswith("s'", 0, begin) and (begin == 2 or not is_word(text[begin - 3]))
    if name == "as":
        known = space_before(text, begin)
        return (
            known < begin
            and text.endswith("known", 0, known)
            and (known == 5 or not is_word(text[known - 6]))
        )
    return False


def named_article_before(text: str, end: int) -> bool:
    """Whether a name word and an article ("called the") end at ``end``."""
    start = end
    while start > 0 and not text[start - 1].isspace():
        start -= 1
    return text[start:end] in CALLED_ARTICLES and named_before(text, start)


def says_what(text: str, words: list[str], person: bool) -> bool:
    """Whether :func:`.query.subject_pattern` of ``words`` matches ``text``, which is in lower
    case, as are ``words`` (each a run of word characters), and holds no FOLD_TWINS."""
    size = len(text)
    start = text.find(words[0])
    while start >= 0:
        ends = said_ends(text, start, words)
        if ends:
            # "A planar die is", ". Planar die is", "a player's planar die is"
            if start == 0 or (
                start >= 2
                and text[start - 1].isspace()
                and (
                    text[start - 2] in ".:"
                    or word_before(text, start - 1) in BEFORE_SUBJECT
                    or (
                        start >= 4
                        and text[start - 2] == "s"
                        and text[start - 3] in "'\u2019"
                        and is_word(text[start - 4])
                    )
                )
            ):
                for end in ends:
                    verb = end + 1 if text.startswith("s", end) else end
                    if verb < size and text[verb].isspace():
                        while verb < size and text[verb].isspace():
                            verb += 1
                        if word_after(text, verb) in AFTER_SUBJECT:
                            return True
            if any(end == size or not is_word(text[end]) for end in ends):
                if person:
                    # "is a planar controller"
                    article = space_before(text, start)
                    before = word_before(text, article)
                    if article < start and before in PERSON_ARTICLES:
                        verb = space_before(text, article - len(before))
                        if verb < article - len(before) and word_before(text, verb) in PERSON_VERBS:
                            return True
                # 'called the "planar die"', "known as planeswalking"
                quoted = space_before(text, start)
                if named_before(text, start) or named_article_before(text, quoted):
                    return True
                if (
                    quoted > 0
                    and text[quoted - 1] in QUOTES
                    and (
                        named_before(text, quoted - 1)
                        or named_article_before(text, space_before(text, quoted - 1))
                    )
                ):
                    return True
        start = text.find(words[0], start + 1)
    return False


#: the words that end the subject of "who is ..." and begin the case it is asked about
SUBJECT_END_WORDS = frozenset(
    {"in", "during", "when", "if", "under", "with", "for", "dans", "en", "pendant", "quand"}
    | {"si", "avec", "i", "når", "hvis", "med"}
)
#: where that subject ends: a mark, or one of those words between whitespace
SUBJECT_END_RE = lazy(
    rf"\s*[,;?(]|\s+(?:{'|'.join(sorted(SUBJECT_END_WORDS, key=lambda w: (-len(w), w)))})\s",
    re.IGNORECASE,
)


def subject_head(text: str) -> str:
    """``text`` up to the first match of SUBJECT_END_RE (which costs a search about 0.5% of
    its start-up to compile): a comma, semicolon, question mark or parenthesis, with the
    whitespace before it, or one of its words between whitespace. A text holding one of
    FOLD_TWINS is read by the pattern itself."""
    if not FOLD_TWINS.isdisjoint(text):
        return SUBJECT_END_RE.compiled.split(text, maxsplit=1)[0]
    lowered = text.lower()
    end = len(text)
    for mark in ",;?(":
        found = lowered.find(mark, 0, end)
        if found >= 0:
            end = found
    if end < len(text):
        end = space_before(lowered, end)
    parts = lowered[:end].split()
    # one of the words, after whitespace and followed by whitespace
    position = 0
    for part in parts:
        start = lowered.find(part, position)
        position = start + len(part)
        if (
            start > 0
            and part in SUBJECT_END_WORDS
            and position < len(text)
            and lowered[position].isspace()
        ):
            return text[: space_before(lowered, start)]
    return text[:end]


def quoted_subject(asked: str) -> Callable[[str], object] | None:
    """For "who is you", "what is it" (``asked``: what follows "who is"): the search for a
    text quoting that one word."""
    said = words(subject_head(asked))
    if len(said) != 1 or len(said[0]) < 2 or said[0] in DEFINITION_WORDS:
        return None
    return re.compile(rf"[\"“‘]{re.escape(said[0])}[,.]?[\"”’]", re.IGNORECASE).search

"""The passage of a result's text that answers the query: a query-biased snippet, as
Lucene's and Whoosh's highlighters make one.

The text is cut into sentences; each sentence scores the query's words it holds, its words
stemmed and folded as the index reads them (:meth:`.index.SearchIndex.stem_word`), each query
word counted once, at the weight of its best term there times that term's rarity (its idf
in the text's language). The best run of whole sentences within :data:`SNIPPET_CHARS` wins
(:func:`window`: a shorter one on equal words, the earlier on a tie), the sentences beside it
are added while the snippet stays within that length (the better scoring neighbour first),
and the parts left out are marked with an ellipsis. A text no longer than
that is its own snippet. A sentence longer than :data:`LONGEST_SENTENCE` is cut around the
query's words it holds. The snippet's matched words are given as spans, and every word of the
text that matched as its lower-case form (for a renderer that marks them in the whole text).

It takes the query's terms as plain data (term -> weight, term -> query words), so it
imports nothing above the index; :func:`.scope.search_index` gives each result its snippet.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from planarcli.rulebook.search.analysis import STOPWORDS, TOKEN_RE

if TYPE_CHECKING:
    from planarcli.rulebook.search.index import SearchIndex, SearchResult

#: the longest run of sentences a snippet is chosen among, and the length it is filled up
#: to with the sentences around it (about four lines of 80 columns)
SNIPPET_CHARS = 280
#: how much a run of sentences' length lowers its score (as BM25's b: 0 not at all, 1 in
#: proportion to its length): of two runs that hold the same query words, the shorter
LENGTH_NORM = 0.25
#: a sentence longer than this is not kept whole: the words around its matches are
LONGEST_SENTENCE = 400
#: a snippet holds one more sentence beside it past SNIPPET_CHARS (up to this length) when
#: that sentence is worth at least NEIGHBOUR_SHARE of the best run: two sentences that both
#: answer ("However, if the current planar controller would leave the game ..." and "The new
#: planar controller retains that designation ...") are both shown
LONGER_SNIPPET_CHARS = 480
NEIGHBOUR_SHARE = 0.75
#: what a question asks beyond its words, one row each: the words (or phrases) of the
#: question that ask it, and the words of a sentence that answer it (matched whole, lower
#: case; "#" any number in figures). A sentence that holds one is worth CUE_SHARE of the
#: text's best matched word more: "how many cards in a planar deck" asks for the sentence
#: with "at least ten", "... if the planar controller leaves" for the one with "if ... would"
NUMBER_WORDS = (
    "#", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "fifteen", "twenty", "thirty", "forty", "fifty", "twice", "half",
    "un", "une", "deux", "trois", "dix", "vingt", "en", "to", "tre", "fire", "ti", "tyve",
)  # fmt: skip
CUES: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (
        ("how many", "how much", "number of", "minimum", "maximum", "at least", "at most",
         "combien", "au moins", "hvor mange", "mindst"),
        NUMBER_WORDS,
    ),
    (("if", "unless", "si", "hvis"), ("if", "unless", "would", "instead", "si", "hvis")),
)  # fmt: skip
CUE_SHARE = 0.5
ELLIPSIS = "…"
#: where a sentence ends: a full stop, question or exclamation mark (with the closing
#: quotes and brackets after it, :data:`CLOSERS`) before a space; "901.9." ends one,
#: "901.9a" does not (read in plain code: the pattern cost more to compile than a search
#: spends on every snippet)
ENDS = ".!?"
CLOSERS = "\"'”’»)]"

#: one matched word of a text: its start, end, the query words it stands for and its value
Hit = tuple[int, int, tuple[int, ...], float]


class Snippet:
    """A result's snippet: its text, the spans of its matched words, and the matched words
    of the whole text (lower case)."""

    __slots__ = ("marks", "matched", "text")

    def __init__(
        self, text: str, marks: tuple[tuple[int, int], ...], matched: tuple[str, ...]
    ) -> None:
        self.text = text
        self.marks = marks
        self.matched = matched

    def __repr__(self) -> str:
        return f"Snippet({self.text!r}, {self.marks!r}, {self.matched!r})"


def sentences(text: str) -> list[tuple[int, int]]:
    """The spans of ``text``'s sentences (``text`` on one line: spaces single). A sentence
    in brackets ends with them: "(This is a state-based action; see rule 704. See also rule
    701.31.)" is one."""
    out: list[tuple[int, int]] = []
    start = 0
    space = text.find(" ")
    while space > 0:
        last = space - 1
        while last > start and text[last] in CLOSERS:
            last -= 1
        if text[last] in ENDS:
            said = text[start:space]
            if said.count("(") <= said.count(")") and said.count("[") <= said.count("]"):
                out.append((start, space))
                start = space + 1
        space = text.find(" ", space + 1)
    if start < len(text):
        out.append((start, len(text)))
    return out


def hits(
    text: str,
    lang: str,
    index: SearchIndex,
    values: Mapping[str, tuple[tuple[int, ...], float]],
    read: dict[str, tuple[tuple[int, ...], float] | None] | None = None,
) -> list[Hit]:
    """The words of ``text`` that are query terms (``values``: term -> the query words it
    stands for, and its value), read as the index reads a text in ``lang``; ``read``: the
    words already read (in ``lang``, for these ``values``) and what each is."""
    stop = STOPWORDS.get(lang, frozenset())
    known: dict[str, tuple[tuple[int, ...], float] | None] = {} if read is None else read
    out: list[Hit] = []
    for match in TOKEN_RE.finditer(text):
        token = match[0]
        if token in known:
            found = known[token]
        else:
            word = token.casefold()
            skip = word in stop or (len(word) < 2 and not word.isdigit())
            found = known[token] = None if skip else values.get(index.stem_word(word, lang))
        if found is not None:
            out.append((match.start(), match.end(), found[0], found[1]))
    return out


def sentence_score(found: Sequence[Hit], start: int, end: int) -> float:
    """The value of the query words a span holds, each word counted once, at its best."""
    best: dict[int, float] = {}
    for at, _, owners, value in found:
        if start <= at < end:
            for owner in owners:
                if value > best.get(owner, 0.0):
                    best[owner] = value
    return sum(best.values())


def window(spans: list[tuple[int, int]], found: Sequence[Hit], limit: int) -> tuple[int, int]:
    """The first and last sentence (numbers) of the snippet. The best run of sentences: of
    those within ``limit`` characters (and each sentence alone), the one whose query words
    are worth the most (:func:`sentence_score`), a little less the longer it is
    (:data:`LENGTH_NORM`: of two runs saying the same words, the shorter), the earlier on a
    tie; then its neighbours, the better scoring first, while the whole fits."""
    best, first, last = -1.0, 0, 0
    for start in range(len(spans)):
        for end in range(start, len(spans)):
            size = spans[end][1] - spans[start][0]
            if end > start and size > limit:
                break
            norm = 1.0 - LENGTH_NORM + LENGTH_NORM * size / limit
            value = sentence_score(found, spans[start][0], spans[end][1]) / norm
            if value > best + 1e-9:
                best, first, last = value, start, end
    size = spans[last][1] - spans[first][0]
    while True:
        options = []
        if last + 1 < len(spans):
            options.append((sentence_score(found, *spans[last + 1]), 1, last + 1))
        if first > 0:
            options.append((sentence_score(found, *spans[first - 1]), 0, first - 1))
        # the better scoring first; of two alike, the one before (it leads into the other)
        for _, _, number in sorted(options, key=lambda option: (-option[0], option[1])):
            grown = max(spans[last][1], spans[number][1]) - min(spans[first][0], spans[number][0])
            if grown <= limit:
                size = grown
                first, last = min(first, number), max(last, number)
                break
        else:
            return _one_more(spans, found, first, last, best)


def _one_more(
    spans: list[tuple[int, int]], found: Sequence[Hit], first: int, last: int, best: float
) -> tuple[int, int]:
    """``first``..``last`` with the better of its two neighbours that is worth at least
    :data:`NEIGHBOUR_SHARE` of the best run (``best``) when the whole stays within
    :data:`LONGER_SNIPPET_CHARS`."""
    options = [n for n in (first - 1, last + 1) if 0 <= n < len(spans)]
    scored = sorted(((sentence_score(found, *spans[n]), -n) for n in options), reverse=True)
    for value, number in scored:
        number = -number
        grown = max(spans[last][1], spans[number][1]) - min(spans[first][0], spans[number][0])
        if value > 0.0 and value >= NEIGHBOUR_SHARE * best and grown <= LONGER_SNIPPET_CHARS:
            return min(first, number), max(last, number)
    return first, last


def cues(text: str, question: str, found: Sequence[Hit]) -> list[Hit]:
    """What ``question`` asks beyond its words (:data:`CUES`) where ``text`` answers it: a
    hit on each answering word, worth :data:`CUE_SHARE` of the best of ``found``."""
    if not found or not question:
        return []
    asked = f" {' '.join(TOKEN_RE.findall(question.casefold()))} "
    value = CUE_SHARE * max(hit[3] for hit in found)
    out: list[Hit] = []
    for row, (asks, answers) in enumerate(CUES):
        if not any(f" {phrase} " in asked for phrase in asks):
            continue
        for match in TOKEN_RE.finditer(text):
            word = match[0].casefold()
            if word in answers or ("#" in answers and word.isdigit()):
                out.append((match.start(), match.end(), (-10 - row,), value))
    return out


def cut_long(text: str, start: int, end: int, found: Sequence[Hit], limit: int) -> tuple[int, int]:
    """Within a sentence too long to keep (``start``..``end``), the words around its first
    matched word: ``limit`` characters from a little before it, at word boundaries."""
    inside = [hit for hit in found if start <= hit[0] < end]
    anchor = inside[0][0] if inside else start
    begin = max(start, anchor - limit // 4)
    if begin > start:
        space = text.rfind(" ", start, begin)
        begin = space + 1 if space >= start else start
    finish = min(end, begin + limit)
    if finish < end:
        space = text.rfind(" ", begin, finish)
        finish = space if space > begin else finish
    return begin, finish


def make(
    text: str,
    lang: str,
    index: SearchIndex,
    values: Mapping[str, tuple[tuple[int, ...], float]],
    limit: int = SNIPPET_CHARS,
    read: dict[str, tuple[tuple[int, ...], float] | None] | None = None,
    question: str = "",
) -> Snippet:
    """The snippet of ``text`` (in ``lang``) for the query terms ``values`` (``read``: as
    for :func:`hits`) of ``question`` (what it asks beyond them: :func:`cues`)."""
    flat = " ".join(text.split())
    found = hits(flat, lang, index, values, read)
    matched = tuple(sorted({flat[at:end].casefold() for at, end, _, _ in found}))
    if len(flat) <= limit:
        begin, finish = 0, len(flat)
    else:
        spans = sentences(flat) or [(0, len(flat))]
        first, last = window(spans, found + cues(flat, question, found), limit)
        begin, finish = spans[first][0], spans[last][1]
        if first == last and finish - begin > LONGEST_SENTENCE:
            begin, finish = cut_long(flat, begin, finish, found, limit)
    before = f"{ELLIPSIS} " if begin > 0 else ""
    after = f" {ELLIPSIS}" if finish < len(flat) else ""
    shift = len(before) - begin
    marks = tuple(
        (at + shift, end + shift) for at, end, _, _ in found if begin <= at and end <= finish
    )
    return Snippet(before + flat[begin:finish] + after, marks, matched)


def term_values(
    index: SearchIndex,
    weights: Mapping[str, float],
    owners: Mapping[str, tuple[int, ...]],
    lang: str,
) -> dict[str, tuple[tuple[int, ...], float]]:
    """Each query term, the query words it stands for, and its value in a text in
    ``lang``: its weight times its idf there (a rare word tells more)."""
    return {
        term: (owners.get(term, ()) or (-1,), weight * max(index.idf(term, lang), 0.1))
        for term, weight in weights.items()
        if weight > 0.0
    }


def attach(
    index: SearchIndex,
    weights: Mapping[str, float],
    owners: Mapping[str, tuple[int, ...]],
    results: Sequence[SearchResult],
    question: str = "",
) -> None:
    """Give each of ``results`` its snippet (``snippet``, ``marks``, ``matched``) for
    ``question``."""
    by_lang: dict[str, dict[str, tuple[tuple[int, ...], float]]] = {}
    read: dict[str, dict[str, tuple[tuple[int, ...], float] | None]] = {}
    for result in results:
        values = by_lang.get(result.lang)
        if values is None:
            values = by_lang[result.lang] = term_values(index, weights, owners, result.lang)
        made = make(
            result.text,
            result.lang,
            index,
            values,
            read=read.setdefault(result.lang, {}),
            question=question,
        )
        result.snippet, result.marks, result.matched = made.text, made.marks, made.matched

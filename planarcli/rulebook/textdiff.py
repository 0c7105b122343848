"""Comparing two wordings of one rule: normalising, scoring, and the word diff.

One helper for ``rules diff`` and ``rules history`` alike. The diff works in two steps:
sentences are aligned first (in order, by their words), so a sentence that was dropped,
added or moved reads as one piece; only then are paired sentences compared word by word.
A diff is a tuple of :class:`DiffPiece`; joining the pieces that are not ``delete`` or
``move-from`` gives the new text, joining those that are not ``insert`` or ``move-to`` gives
the old one, each as printed with its whitespace collapsed (:func:`collapse`): texts are
compared normalised (:func:`normalise`: quotes and dashes unified, ``_italics_`` marks
dropped: a change of typography alone is no change of words), but a
diff shows the words as each edition prints them ("“Planeswalk.”" in 2026, not '"').

Rendering marks: ``[-removed-]``, ``{+added+}``, and for a sentence that moved without
changing, ``[~sentence~]`` where it was and ``{~sentence~}`` where it is now.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

#: words, rule numbers (901.15a), mana-style symbols ({PW}, {CHAOS}), spaces, punctuation
_PIECE_RE = re.compile(r"\{[A-Z0-9/]+\}|\d+(?:\.\d+[a-z]?)?|\w+(?:['’]\w+)*|\s+|--|[^\w\s]")
_QUOTES = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "«": '"', "»": '"'})
#: typography only, as texts are compared: the quotes of :data:`_QUOTES`, and the em dash
#: older editions typed as "--" (one character to two: not for :func:`sentences`)
_DASH_RE = re.compile(r" ?-- ?")
_TYPOGRAPHY = str.maketrans({**{chr(k): v for k, v in _QUOTES.items()}, "—": "--"})
_ITALICS_RE = re.compile(r"(?<!\w)_([^_\s](?:[^_]*[^_\s])?)_(?!\w)")
#: The end of a sentence: ., ! or ? (with closing quotes or brackets), then space, then
#: something that starts a sentence.
_SENTENCE_END_RE = re.compile(r"[.!?][\"')\]]*(\s+)(?=[A-Z\"'(\[{])")

#: Two sentences at least this alike (word ratio) may be paired and compared word by word.
SENTENCE_THRESHOLD = 0.5

MARKS = {
    "delete": ("[-", "-]"),
    "insert": ("{+", "+}"),
    "move-from": ("[~", "~]"),
    "move-to": ("{~", "~}"),
}
#: the ops whose text belongs to the old, and to the new, wording
OLD_OPS = frozenset({"equal", "delete", "move-from"})
NEW_OPS = frozenset({"equal", "insert", "move-to"})


@dataclass(frozen=True)
class DiffPiece:
    op: str  # "equal" | "delete" | "insert" | "move-from" | "move-to"
    text: str


def normalise(text: str) -> str:
    """Text for comparison: quotes and dashes unified, ``_italics_`` marks dropped,
    whitespace collapsed."""
    plain = " ".join(_ITALICS_RE.sub(r"\1", text.translate(_TYPOGRAPHY)).split())
    return _DASH_RE.sub("--", plain)  # "ability --not" and "ability—not" alike


#: the pieces of :data:`_PIECE_RE` but spaces, in case-folded text
_WORD_RE = re.compile(r"\{[a-z0-9/]+\}|\d+(?:\.\d+[a-z]?)?|\w+(?:['’]\w+)*|--|[^\w\s]")


@lru_cache(maxsize=8192)
def words(text: str) -> tuple[str, ...]:
    """The case-folded words, numbers and punctuation marks of ``text``."""
    plain = _ITALICS_RE.sub(r"\1", text.translate(_TYPOGRAPHY))
    return tuple(_WORD_RE.findall(plain.casefold()))


@lru_cache(maxsize=8192)
def _bag(text: str) -> tuple[Counter[str], int]:
    counts = Counter(words(text))
    return counts, sum(counts.values())


def bag_similarity(old: str, new: str, at_least: float = 0.0) -> float:
    """How alike two texts are by the words they share, ignoring order (0–1, fast).

    Used to pair rules; :func:`similarity` (which minds the order) is what is reported.
    A result below ``at_least`` may be returned as 0 (the lengths alone rule it out).
    """
    if old == new:
        return 1.0
    size_a = _bag(old)[1]
    size_b = _bag(new)[1]
    if not size_a or not size_b:
        return 1.0 if size_a == size_b else 0.0
    if 2.0 * min(size_a, size_b) / (size_a + size_b) < at_least:
        return 0.0
    return _shared_ratio(old, new)


@lru_cache(maxsize=65536)
def _shared_ratio(old: str, new: str) -> float:
    # the same two texts meet again and again when one rule is followed through editions
    a, size_a = _bag(old)
    b, size_b = _bag(new)
    if len(a) > len(b):
        a, b = b, a
    shared = sum(min(count, b[word]) for word, count in a.items() if word in b)
    return 2.0 * shared / (size_a + size_b)


def similarity(old: str, new: str) -> float:
    """How alike two texts are, word by word and in order (0–1)."""
    import difflib

    return difflib.SequenceMatcher(None, words(old), words(new), autojunk=False).ratio()


#: a rule split in two (2009's 603.6d, 2026's 603.10 and its subrules) keeps this share of
#: the shorter text's words in order, the shorter holding at least SPLIT_MIN_WORDS
SPLIT_SHARE = 0.75
SPLIT_MIN_WORDS = 15


def split_from(old: str, new: str) -> bool:
    """Whether the shorter of two texts is most of the longer one, in order (a rule split
    into a shorter one and its subrules, or grown from a shorter one)."""
    import difflib

    a, b = words(old), words(new)
    shorter = min(len(a), len(b))
    if shorter < SPLIT_MIN_WORDS:
        return False
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    shared = sum(block.size for block in matcher.get_matching_blocks())
    return shared >= SPLIT_SHARE * shorter


def collapse(text: str) -> str:
    """``text`` as printed, its whitespace (line breaks included) collapsed to single spaces."""
    return " ".join(text.split())


def _key(piece: str) -> str:
    """What a piece of text is compared as: quotes unified, ``_italics_`` marks dropped."""
    return piece.translate(_TYPOGRAPHY).strip("_") or piece


def sentences(text: str) -> list[str]:
    """The sentences of (collapsed) ``text``, each with the space that follows it."""
    out: list[str] = []
    start = 0
    # the quotes unified character for character: the same positions, fewer quote kinds
    for match in _SENTENCE_END_RE.finditer(text.translate(_QUOTES)):
        out.append(text[start : match.end(1)])
        start = match.end(1)
    if start < len(text):
        out.append(text[start:])
    return out


def _word_level(old: str, new: str) -> list[DiffPiece]:
    """Word diff of two sentences: words (and marks) are matched, never the spaces between.

    Matched on their own, spaces would pair up between any two words and break the longest
    common run of words ("The [-Planar-]{+Planechase variant uses ...+} Magic [-variant
    uses ...-]" instead of "The [-Planar Magic-]{+Planechase+} variant uses ...").
    """
    if old == new:  # every piece equal, as the matcher would find them
        return [DiffPiece("equal", old)]
    import difflib

    a = _PIECE_RE.findall(old)
    b = _PIECE_RE.findall(new)
    a_at = [k for k, piece in enumerate(a) if not piece.isspace()]
    b_at = [k for k, piece in enumerate(b) if not piece.isspace()]
    matcher = difflib.SequenceMatcher(
        None, [_key(a[k]) for k in a_at], [_key(b[k]) for k in b_at], autojunk=False
    )
    pieces: list[DiffPiece] = []
    pos = [0, 0]  # next unread piece of a and of b

    def upto(side: int, word: int, inclusive: bool = False) -> str:
        """The text of one side from where it was left up to its ``word``-th word."""
        parts, at = (a, a_at) if side == 0 else (b, b_at)
        stop = len(parts) if word >= len(at) else at[word] + (1 if inclusive else 0)
        text = "".join(parts[pos[side] : stop])
        pos[side] = max(pos[side], stop)
        return text

    def peek(side: int, word: int) -> str:
        """What :func:`upto` would give, without moving on."""
        parts, at = (a, a_at) if side == 0 else (b, b_at)
        stop = len(parts) if word >= len(at) else at[word]
        return "".join(parts[pos[side] : stop])

    def gap(i: int, j: int) -> None:
        """The spaces before word i of a and word j of b: the same on both sides, or not."""
        space_a, space_b = upto(0, i), upto(1, j)
        if space_a == space_b:
            pieces.append(DiffPiece("equal", space_b))
        else:
            pieces.extend((DiffPiece("delete", space_a), DiffPiece("insert", space_b)))

    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            for offset in range(i2 - i1):
                gap(i1 + offset, j1 + offset)
                upto(0, i1 + offset, inclusive=True)
                pieces.append(DiffPiece("equal", upto(1, j1 + offset, inclusive=True)))
            continue
        if i1 == i2 or j1 == j2:
            # words only dropped (or only added): the other side has one gap where this side
            # has two, before and after the words; the one that matches stays unchanged
            side, first, last, other_word = (0, i1, i2, j1) if j1 == j2 else (1, j1, j2, i1)
            op = "delete" if side == 0 else "insert"
            before = peek(side, first)
            there = peek(1 - side, other_word)
            if before == there or (before and not there):
                upto(1 - side, other_word)
                pieces.append(DiffPiece("equal" if before == there else op, upto(side, first)))
                pieces.append(DiffPiece(op, upto(side, last - 1, inclusive=True)))
                pieces.append(DiffPiece(op, upto(side, last)))  # the gap after, as well
            else:  # the gap after the words is the one the other side has
                pieces.append(DiffPiece(op, upto(side, first)))
                pieces.append(DiffPiece(op, upto(side, last - 1, inclusive=True)))
            continue
        gap(i1, j1)
        if i2 > i1:
            pieces.append(DiffPiece("delete", upto(0, i2 - 1, inclusive=True)))
        if j2 > j1:
            pieces.append(DiffPiece("insert", upto(1, j2 - 1, inclusive=True)))
    gap(len(a_at), len(b_at))
    return pieces


def align_in_order(
    count_a: int, count_b: int, score: Callable[[int, int], float], threshold: float
) -> list[tuple[int, int]]:
    """The order-keeping pairing of two sequences with the highest total score.

    ``score(i, j)`` gives how well item i of the first sequence fits item j of the second;
    only pairs scoring at least ``threshold`` may be made. Returns (i, j) pairs, in order.
    """
    if not count_a or not count_b:
        return []
    table = [[0.0] * (count_b + 1) for _ in range(count_a + 1)]
    fits: dict[tuple[int, int], float] = {}
    for i in range(count_a - 1, -1, -1):
        row, below = table[i], table[i + 1]
        for j in range(count_b - 1, -1, -1):
            best = max(below[j], row[j + 1])
            value = score(i, j)
            if value >= threshold:
                fits[i, j] = value
                best = max(best, value + below[j + 1])
            row[j] = best
    pairs: list[tuple[int, int]] = []
    i = j = 0
    while i < count_a and j < count_b:
        fitted = fits.get((i, j))
        if fitted is not None and table[i][j] == fitted + table[i + 1][j + 1]:
            pairs.append((i, j))
            i, j = i + 1, j + 1
        elif table[i][j] == table[i + 1][j]:
            i += 1
        else:
            j += 1
    return pairs


def word_pieces(old: str, new: str) -> tuple[DiffPiece, ...]:
    """The diff of two wordings: sentences aligned first, then words within a sentence."""
    old_n, new_n = collapse(old), collapse(new)
    a, b = sentences(old_n), sentences(new_n)
    if len(a) <= 1 and len(b) <= 1:
        return _merge(_word_level(old_n, new_n))
    key_a = [normalise(s) for s in a]
    key_b = [normalise(s) for s in b]

    def fit(i: int, j: int) -> float:
        if key_a[i] == key_b[j]:
            return 2.0  # the same sentence outweighs any two similar ones
        if bag_similarity(key_a[i], key_b[j], SENTENCE_THRESHOLD) < SENTENCE_THRESHOLD:
            return 0.0  # the words shared bound the ordered ratio from above: no fit
        return similarity(key_a[i], key_b[j])

    anchors = align_in_order(len(a), len(b), fit, SENTENCE_THRESHOLD)
    paired_a = {i for i, _ in anchors}
    paired_b = {j for _, j in anchors}
    # an unpaired sentence found unchanged on the other side, out of order, has moved
    free_b: dict[str, list[int]] = {}
    for j, key in enumerate(key_b):
        if j not in paired_b:
            free_b.setdefault(key, []).append(j)
    moved_a: set[int] = set()
    moved_b: set[int] = set()
    for i, key in enumerate(key_a):
        if i not in paired_a and free_b.get(key):
            moved_a.add(i)
            moved_b.add(free_b[key].pop(0))
    pieces: list[DiffPiece] = []
    i = j = 0
    for anchor_i, anchor_j in [*anchors, (len(a), len(b))]:
        gap_a = list(range(i, anchor_i))
        gap_b = list(range(j, anchor_j))
        plain_a = [k for k in gap_a if k not in moved_a]
        plain_b = [k for k in gap_b if k not in moved_b]
        if len(plain_a) == 1 and len(plain_b) == 1:
            # one sentence became another: compare their words, moved ones around them
            pa, pb = plain_a[0], plain_b[0]
            pieces += [DiffPiece("move-from", a[k]) for k in gap_a if k < pa]
            pieces += [DiffPiece("move-to", b[k]) for k in gap_b if k < pb]
            pieces += _word_level(a[pa], b[pb])
            pieces += [DiffPiece("move-from", a[k]) for k in gap_a if k > pa]
            pieces += [DiffPiece("move-to", b[k]) for k in gap_b if k > pb]
        else:
            for k in gap_a:
                pieces.append(DiffPiece("move-from" if k in moved_a else "delete", a[k]))
            for k in gap_b:
                pieces.append(DiffPiece("move-to" if k in moved_b else "insert", b[k]))
        if anchor_i < len(a):
            pieces += _word_level(a[anchor_i], b[anchor_j])
        i, j = anchor_i + 1, anchor_j + 1
    return _merge(pieces)


def _merge(pieces: list[DiffPiece]) -> tuple[DiffPiece, ...]:
    """Drop empty pieces and join neighbours with the same op."""
    out: list[DiffPiece] = []
    for piece in pieces:
        if not piece.text:
            continue
        if out and out[-1].op == piece.op:
            out[-1] = DiffPiece(piece.op, out[-1].text + piece.text)
        else:
            out.append(piece)
    return tuple(out)


def render_pieces(
    pieces: Sequence[DiffPiece],
    *,
    context: int | None = None,
    style: Callable[[str, str], str] | None = None,
) -> str:
    """The new text with ``[-removed-]``, ``{+added+}`` and moved-sentence marks.

    With ``context``, an unchanged stretch keeps only that many words at each edge that
    touches a change (the rest becomes "…"); ``style(marked_text, op)`` may colour a mark.
    Spaces stay outside the marks.
    """
    out = []
    last = len(pieces) - 1
    for index, piece in enumerate(pieces):
        if piece.op == "equal":
            text = piece.text
            if context is not None:
                text = _shorten(text, 0 if index == 0 else context, 0 if index == last else context)
            out.append(text)
        elif piece.text.isspace():
            out.append(piece.text if piece.op in NEW_OPS else "")
        else:
            start, end = MARKS[piece.op]
            body = piece.text.strip()
            marked = f"{start}{body}{end}"
            if style is not None:
                marked = style(marked, piece.op)
            lead = " " if piece.text[:1].isspace() else ""
            trail = " " if piece.text[-1:].isspace() else ""
            out.append(lead + marked + trail)
    return " ".join("".join(out).split())


def _shorten(text: str, head: int, tail: int) -> str:
    """``text`` with its middle words replaced by "…" when it is longer than head + tail."""
    words = text.split(" ")
    if len(words) <= head + tail + 2:
        return text
    kept_head = " ".join(words[:head])
    kept_tail = " ".join(words[len(words) - tail :]) if tail else ""
    return (kept_head + " " if kept_head else "") + "…" + (" " + kept_tail if kept_tail else " ")

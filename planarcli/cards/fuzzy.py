"""String scores as rapidfuzz gives them (``fuzz.ratio``, ``fuzz.WRatio``,
``distance.OSA``), in plain Python, for the few names worth scoring, and the cheap upper
bounds that tell which names those are.

Importing rapidfuzz costs a misspelt name's ``cards show`` more than all its guessing
(its package loads every metric, scorer and fallback); scoring a name in Python costs far
more than in rapidfuzz's C loops. So a name is first bounded from its letters alone
(``ratio_bound``, ``wratio_bound``, ``osa_lower_bound``: a few ``str.count`` calls), and
only the names whose bound can reach what is asked are scored exactly here. Every score
is rapidfuzz's to the last bit: the same formulas, the same floating-point steps, the same
windows of ``partial_ratio`` (``tests/cards/test_fuzzy.py`` holds them to rapidfuzz's own on
thousands of names). ``resolve`` hands a long list of survivors to rapidfuzz instead.
"""

from __future__ import annotations

from operator import add

#: rapidfuzz's weights in WRatio: token scores, and partial matches of names of lengths at
#: most ``LONG_PARTIAL`` times apart (else ``LONG_PARTIAL_SCALE``).
UNBASE_SCALE = 0.95
PARTIAL_SCALE = 0.9
LONG_PARTIAL_SCALE = 0.6
LONG_PARTIAL = 8.0
#: WRatio compares whole names below this length ratio, parts of the longer one above.
PARTIAL_FROM = 1.5
#: rapidfuzz's partial_ratio slides the shorter name over the longer one up to this length
#: (a longer needle takes another algorithm, which ``wratio`` leaves to rapidfuzz).
SHORT_NEEDLE = 64
#: Bounds are raised by this much so a bound's rounding never falls under the exact score.
BOUND_SLACK = 1e-9


def lcs_length(first: str, second: str) -> int:
    """The length of the longest common subsequence (bit-parallel, one pass over
    ``second``)."""
    if not first or not second:
        return 0
    masks: dict[str, int] = {}
    bit = 1
    for char in first:
        masks[char] = masks.get(char, 0) | bit
        bit <<= 1
    full = bit - 1
    row = full
    get = masks.get
    for char in second:
        mask = get(char)
        if mask:
            low = row & mask
            row = ((row + low) | (row - low)) & full
    return len(first) - row.bit_count()


def ratio(first: str, second: str) -> float:
    """rapidfuzz's ``fuzz.ratio``: the normalised Indel similarity, 0-100."""
    total = len(first) + len(second)
    if not total:
        return 100.0
    distance = total - 2 * lcs_length(first, second)
    return (1.0 - distance / total) * 100


def _norm_distance(distance: int, total: int) -> float:
    """rapidfuzz's score of an Indel distance in the token scores (its own arithmetic)."""
    return 100 - 100 * distance / total if total else 100.0


def _needle(needle: str) -> tuple[dict[str, int], int]:
    """The bit masks of ``needle``'s characters (``lcs_length``'s table) and all its bits."""
    masks: dict[str, int] = {}
    bit = 1
    for char in needle:
        masks[char] = masks.get(char, 0) | bit
        bit <<= 1
    return masks, bit - 1


def _window_ratio(needle: str, hay: str) -> float:
    """rapidfuzz's short-needle partial_ratio of ``needle`` in ``hay`` (``needle`` no
    longer): the best ratio of a window of ``hay``, over the windows rapidfuzz tries (those
    ending, or for the last ones starting, with a character of ``needle``)."""
    masks, full = _needle(needle)
    get = masks.get
    size, length = len(needle), len(hay)
    best = 0.0

    def window(text: str) -> float:
        row = full
        for char in text:
            mask = get(char)
            if mask:
                low = row & mask
                row = ((row + low) | (row - low)) & full
        total = size + len(text)
        return (1.0 - (total - 2 * (size - row.bit_count())) / total) * 100

    for end in range(1, size):
        if hay[end - 1] in masks:
            best = max(best, window(hay[:end]))
    for start in range(length - size):
        if hay[start + size - 1] in masks:
            best = max(best, window(hay[start : start + size]))
    for start in range(length - size, length):
        if hay[start] in masks:
            best = max(best, window(hay[start:]))
    return best


def partial_ratio(first: str, second: str) -> float:
    """rapidfuzz's ``fuzz.partial_ratio`` for names of up to SHORT_NEEDLE characters."""
    if len(first) > len(second):
        first, second = second, first
    if not first or not second:
        return 100.0 if first == second else 0.0
    best = _window_ratio(first, second)
    if best != 100.0 and len(first) == len(second):
        best = max(best, _window_ratio(second, first))
    return best


def _sorted_words(text: str) -> str:
    return " ".join(sorted(text.split()))


def token_ratio(first: str, second: str) -> float:
    """rapidfuzz's ``fuzz.token_ratio``: the better of the token-sort and token-set scores."""
    sort_score = ratio(_sorted_words(first), _sorted_words(second))
    words_a, words_b = set(first.split()), set(second.split())
    if not words_a or not words_b:
        return sort_score
    shared = words_a & words_b
    only_a, only_b = words_a - words_b, words_b - words_a
    if shared and (not only_a or not only_b):
        return 100.0
    joined_a, joined_b = " ".join(sorted(only_a)), " ".join(sorted(only_b))
    shared_len = len(" ".join(shared))
    sep = 1 if shared_len else 0
    with_a = shared_len + sep + len(joined_a)
    with_b = shared_len + sep + len(joined_b)
    total = with_a + with_b
    distance = len(joined_a) + len(joined_b) - 2 * lcs_length(joined_a, joined_b)
    set_score = _norm_distance(distance, total)
    if shared_len:
        set_score = max(
            set_score,
            _norm_distance(sep + len(joined_a), shared_len + with_a),
            _norm_distance(sep + len(joined_b), shared_len + with_b),
        )
    return max(set_score, sort_score)


def partial_token_ratio(first: str, second: str) -> float:
    """rapidfuzz's ``fuzz.partial_token_ratio``."""
    split_a, split_b = first.split(), second.split()
    words_a, words_b = set(split_a), set(split_b)
    if words_a & words_b:
        return 100.0
    best = partial_ratio(" ".join(sorted(split_a)), " ".join(sorted(split_b)))
    if len(split_a) == len(words_a) and len(split_b) == len(words_b):
        return best
    return max(best, partial_ratio(" ".join(sorted(words_a)), " ".join(sorted(words_b))))


def wratio(first: str, second: str) -> float:
    """rapidfuzz's ``fuzz.WRatio`` for names of which one is at most SHORT_NEEDLE
    characters (``needs_rapidfuzz`` tells the others)."""
    if not first or not second:
        return 0.0
    len1, len2 = len(first), len(second)
    len_ratio = len1 / len2 if len1 > len2 else len2 / len1
    end = ratio(first, second)
    if len_ratio < PARTIAL_FROM:
        return max(end, token_ratio(first, second) * UNBASE_SCALE)
    scale = PARTIAL_SCALE if len_ratio <= LONG_PARTIAL else LONG_PARTIAL_SCALE
    end = max(end, partial_ratio(first, second) * scale)
    return max(end, partial_token_ratio(first, second) * UNBASE_SCALE * scale)


def wratio_window_bound(first: str, second: str) -> float:
    """A tighter bound than ``wratio_bound`` of ``wratio`` for two names that share no
    word, read from their letters: of their whole ratio from the letters they share, of
    each partial match from the most letters a window of the longer shares with the
    shorter (``window_common``); as written, with the words sorted and, where a word
    repeats, with each word once (as rapidfuzz's token scores compare them)."""
    len1, len2 = len(first), len(second)
    if not len1 or not len2:
        return 0.0
    as_sorted = (_sorted_words(first), _sorted_words(second))
    once = as_sorted
    whole = ratio_bound(common_letters(letter_counts(first), second), len1, len2)
    if not (plain_words(first) and plain_words(second)):
        once = (" ".join(sorted(set(first.split()))), " ".join(sorted(set(second.split()))))
        common = common_letters(letter_counts(once[0]), once[1])
        whole = max(whole, ratio_bound(common, *map(len, once)))
    longer, shorter = max(len1, len2), min(len1, len2)
    if longer / shorter < PARTIAL_FROM:
        return whole
    scale = PARTIAL_SCALE if longer / shorter <= LONG_PARTIAL else LONG_PARTIAL_SCALE
    pairs = {(first, second), as_sorted, once}
    best = max(_partial_bound(one, other) for one, other in pairs)
    return max(whole, scale * best + BOUND_SLACK)


def _partial_bound(first: str, second: str) -> float:
    """A bound of ``partial_ratio(first, second)`` (``window_common``)."""
    shorter, longer = (first, second) if len(first) <= len(second) else (second, first)
    if not shorter:
        return 100.0
    common = window_common(shorter, longer)
    return 200.0 * common / (len(shorter) + common)


def needs_rapidfuzz(first: str, second: str) -> bool:
    """Whether ``wratio`` cannot score these two (both longer than SHORT_NEEDLE)."""
    return min(len(first), len(second)) > SHORT_NEEDLE


def common_letters(counts: dict[str, int], other: str) -> int:
    """How many characters (spaces too) of the text whose character counts are ``counts``
    ``other`` holds as well, counted with repeats: a bound of any common subsequence."""
    common = 0
    for char, count in counts.items():
        found = other.count(char)
        common += count if found >= count else found
    return common


def ratio_bound(common: int, len1: int, len2: int) -> float:
    """An upper bound of ``ratio`` for names of these lengths sharing ``common``
    characters (``common_letters``)."""
    total = len1 + len2
    return 200.0 * common / total + BOUND_SLACK if total else 100.0


def wratio_bound(common: int, len1: int, len2: int) -> float:
    """An upper bound of ``wratio`` for names of these lengths sharing ``common``
    characters, when the two share no word and neither repeats a word (the token scores
    then compare the same characters, sorted; ``plain_words`` tells).

    A partial match compares the shorter name with a window of the longer no longer than
    it: a common subsequence of at most ``common`` characters, so its ratio is at most
    200 * common / (shorter + common)."""
    if not len1 or not len2:
        return 0.0
    shorter, longer = min(len1, len2), max(len1, len2)
    whole = ratio_bound(common, len1, len2)
    if longer / shorter < PARTIAL_FROM:
        return whole
    scale = PARTIAL_SCALE if longer / shorter <= LONG_PARTIAL else LONG_PARTIAL_SCALE
    return max(whole, scale * 200.0 * common / (shorter + common) + BOUND_SLACK)


def plain_words(text: str) -> bool:
    """Whether ``text`` is its words joined by single spaces, none repeated."""
    words = text.split()
    return " ".join(words) == text and len(set(words)) == len(words)


def osa_distance(first: str, second: str) -> int:
    """rapidfuzz's ``distance.OSA``: the restricted Damerau-Levenshtein distance (insert,
    delete, substitute, swap two neighbours; no substring edited twice)."""
    before: list[int] = []
    previous = list(range(len(second) + 1))
    for i, char in enumerate(first, 1):
        current = [i] + [0] * len(second)
        for j, other in enumerate(second, 1):
            cost = 0 if char == other else 1
            best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if (
                i > 1
                and j > 1
                and char == second[j - 2]
                and first[i - 2] == other
                and before[j - 2] + 1 < best
            ):
                best = before[j - 2] + 1
            current[j] = best
        before, previous = previous, current
    return previous[-1]


def osa_lower_bound(common: int, len1: int, len2: int) -> int:
    """A lower bound of ``osa_distance`` for names of these lengths sharing ``common``
    characters: each edit makes at most one more character shared (a swap none)."""
    return max(len1, len2) - common


def common_counts(text: str, lines: list[str]) -> list[int]:
    """For each of ``lines``, a bound of ``common_letters`` of ``text``'s character counts
    with it, in C loops only (nothing runs in Python per line): the line's characters
    found in ``text`` are kept (one ``translate`` over all the lines), and counted with
    their repeats, or, when no character repeats in ``text``, once each (then it is
    exactly ``common_letters``)."""
    keep = set(text)
    joined = "\n".join(lines)
    if text.isascii() and "\n" not in keep:
        data = joined.encode("utf-8")  # a character of several bytes is none of them
        dropped = bytes(set(range(256)) - {ord(char) for char in keep} - {10})
        kept: list[bytes] | list[str] = data.translate(None, dropped).split(b"\n")
    else:
        table = dict.fromkeys(map(ord, set(joined) - keep - {"\n"}))
        kept = joined.translate(table).split("\n")
    if len(keep) == len(text):
        return list(map(len, map(set, kept)))
    return list(map(len, kept))


def bounds_of(table: list[float], size: int, commons: list[int], lengths: list[int]) -> list[float]:
    """``table[length * (size + 1) + min(common, size)]`` for each (common, length) pair
    (``ratio_table``, ``wratio_table``), in C loops."""
    width = size + 1
    clamp = list(range(width)) + [size] * max(0, max(commons, default=0) - size)
    capped = map(clamp.__getitem__, commons)
    return list(map(table.__getitem__, map(add, map(width.__mul__, lengths), capped)))


def ratio_table(size: int, longest: int) -> list[float]:
    """``ratio_bound(common, size, length)`` for every length up to ``longest`` and
    common count up to ``size``, as ``bounds_of`` reads it."""
    return [
        ratio_bound(common, size, length)
        for length in range(longest + 1)
        for common in range(size + 1)
    ]


def wratio_table(size: int, longest: int) -> list[float]:
    """``wratio_bound`` as ``ratio_table`` gives ``ratio_bound``."""
    return [
        wratio_bound(common, size, length)
        for length in range(longest + 1)
        for common in range(size + 1)
    ]


def window_common(needle: str, hay: str) -> int:
    """The most characters (with repeats) that ``needle`` shares with one window of
    ``hay`` as long as ``needle`` (or all of ``hay``, when shorter): a bound of the common
    subsequence of any window partial_ratio compares."""
    size = len(needle)
    if len(hay) <= size:
        return common_letters(letter_counts(needle), hay)
    need = letter_counts(needle)
    have: dict[str, int] = {}
    shared = 0
    for char in hay[:size]:
        count = have.get(char, 0)
        if count < need.get(char, 0):
            shared += 1
        have[char] = count + 1
    best = shared
    for start in range(size, len(hay)):
        gone, char = hay[start - size], hay[start]
        count = have[gone] - 1
        have[gone] = count
        if count < need.get(gone, 0):
            shared -= 1
        count = have.get(char, 0)
        if count < need.get(char, 0):
            shared += 1
        have[char] = count + 1
        if shared > best:
            best = shared
    return best


def letter_counts(text: str) -> dict[str, int]:
    """How many times each character of ``text`` occurs (what ``common_letters`` takes)."""
    counts: dict[str, int] = {}
    for char in text:
        counts[char] = counts.get(char, 0) + 1
    return counts

"""What changed between two editions: rules paired by structure first, then by text.

An edition's rules form a tree: *blocks* (a section the edition holds whole, recognised by
its heading rule such as ``311 Planes``; everything else the edition quotes from other
sections forms one "loose" block), *families* (a numbered rule with its lettered subrules:
``901.9`` with ``901.9a``–``d``; ``701.31`` with ``a``–``d``; a quoted subrule such as
``116.2i`` on its own) and their members. Two editions are paired level by level:

1. **sections**: by heading title (Planes 310 → 311 and Phenomena 311 → 312 between
   2021-07-23 and 2025-06-06), then by number when their contents are alike (901 "Planar
   Magic" → 901 "Planechase"), then by content alone; the loose blocks with each other;
2. **families** within paired sections: an order-keeping alignment by the words of the whole
   family (a rule renumbered as a whole, 901.8 → 901.9, carries its subrules with it); a
   family left over pairs with the one in the same place when they are at least loosely alike;
3. **members** within paired families: the same, subrule by subrule (901.10b → 901.11b, never
   the identical 701.31d elsewhere);
4. **text similarity** only for what the structure left open (a rule moved to another
   section: 114.2f → 115.2f).

A rule left unpaired is *added* or *removed* only when the other edition holds its place (the
section whole, or the family of a quoted rule); otherwise it is *not compared*: an edition
that quotes only section 901 says nothing about section 311. Glossary entries pair by term,
then by text (a renamed entry); an entry only one edition has is not compared either.
Word diffs come from :mod:`planarcli.rulebook.textdiff`, shared with ``rules history``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TypeVar

from planarcli.errors import UsageError
from planarcli.rulebook.corpus import RULINGS, Edition, GlossaryEntry, Rule
from planarcli.rulebook.textdiff import (
    DiffPiece,
    align_in_order,
    bag_similarity,
    normalise,
    render_pieces,
    similarity,
    split_from,
    word_pieces,
    words,
)

__all__ = [
    "Alignment",
    "DiffPiece",
    "EditionDiff",
    "GlossaryAlignment",
    "RuleChange",
    "align",
    "align_glossary",
    "diff_editions",
    "normalise",
    "render_pieces",
    "similarity",
    "word_pieces",
]

#: Minimum word similarity for pairing two families (or two members) in order.
FAMILY_THRESHOLD = 0.5
#: Minimum word similarity for pairing what the structure left open, anywhere.
PAIR_THRESHOLD = 0.55
#: Two leftovers in the same place (the same number under paired parents) pair at this much.
STRUCTURE_THRESHOLD = 0.2
#: Two sections with different titles pair at this much content similarity (same number),
#: or at SECTION_MOVED_THRESHOLD (different numbers).
SECTION_SAME_NUMBER_THRESHOLD = 0.3
SECTION_MOVED_THRESHOLD = 0.6
#: A renamed glossary entry ("Planar Magic" → "Planechase") keeps this much of its text.
GLOSSARY_RENAME_THRESHOLD = 0.6
SAME_PLACE_BONUS = 0.05

T = TypeVar("T")
_ID_RE = re.compile(r"^(\d{3})(?:\.(\d+)([a-z]*))?$")
LOOSE = ""


@dataclass(frozen=True)
class RuleChange:
    old_id: str
    new_id: str
    old_text: str
    new_text: str
    similarity: float
    pieces: tuple[DiffPiece, ...]

    @property
    def text_changed(self) -> bool:
        return normalise(self.old_text) != normalise(self.new_text)

    def word_diff(self) -> str:
        """The new text with ``[-removed-]`` and ``{+added+}`` marks."""
        return render_pieces(self.pieces)


@dataclass(frozen=True)
class SectionMove:
    old: str
    new: str
    title: str


@dataclass(frozen=True)
class EditionDiff:
    old: str
    new: str
    unchanged: int
    added: tuple[Rule, ...]
    removed: tuple[Rule, ...]
    reworded: tuple[RuleChange, ...]
    renumbered: tuple[RuleChange, ...]
    #: rules whose place the other edition does not hold (a section it does not quote)
    old_not_compared: tuple[Rule, ...] = ()
    new_not_compared: tuple[Rule, ...] = ()
    sections_moved: tuple[SectionMove, ...] = ()
    glossary_reworded: tuple[RuleChange, ...] = ()
    glossary_renamed: tuple[RuleChange, ...] = ()
    #: glossary entries only one edition has (its source may not quote them): not compared
    glossary_old_only: tuple[str, ...] = ()
    glossary_new_only: tuple[str, ...] = ()

    @property
    def is_empty(self) -> bool:
        return not (
            self.added
            or self.removed
            or self.reworded
            or self.renumbered
            or self.glossary_reworded
            or self.glossary_renamed
        )


# --------------------------------------------------------------------------- structure


def section(rule_id: str) -> str:
    """The section a rule belongs to: "901.3a" → "901", "danish-guide.3" → "danish-guide"."""
    head, _, tail = rule_id.rpartition(".")
    if head and tail.isdigit() and not head[:1].isdigit():
        return head  # a document paragraph
    return rule_id.split(".", 1)[0]


def family_key(rule_id: str) -> str:
    """The numbered rule a rule belongs to: "901.9b" → "901.9", "901.9" → "901.9"."""
    match = _ID_RE.match(rule_id)
    if match is None or match.group(2) is None:
        return rule_id
    return f"{match.group(1)}.{match.group(2)}"


@lru_cache(maxsize=4096)
def _place(rule_id: str) -> str:
    """Where a rule sits under its parent: ".9" for 901.9, "b" for 901.9b."""
    match = _ID_RE.match(rule_id)
    if match is None or match.group(2) is None:
        return rule_id
    return match.group(3) or "." + match.group(2)


@dataclass
class _Family:
    key: str
    head: Rule | None
    children: list[Rule] = field(default_factory=list)

    @property
    def members(self) -> list[Rule]:
        return ([self.head] if self.head is not None else []) + self.children

    @property
    def text(self) -> str:
        return "\n".join(rule.text for rule in self.members)


def _same_key(a: _Family, b: _Family) -> bool:
    """Quoted rules hold the same place when they have the same number."""
    return a.key == b.key


def _same_number(a: _Family, b: _Family) -> bool:
    """Rules of paired sections hold the same place at the same number (310.1, 311.1)."""
    return _place(a.key) == _place(b.key)


@dataclass
class _Block:
    key: str  # the section number, or LOOSE
    heading: Rule | None
    families: list[_Family] = field(default_factory=list)

    @property
    def title(self) -> str:
        return normalise(self.heading.text).casefold().rstrip(".") if self.heading else ""

    @property
    def text(self) -> str:
        return "\n".join(family.text for family in self.families)


def _blocks(rules: Sequence[Rule]) -> dict[str, _Block]:
    """The blocks of an edition, in document order (the loose block last)."""
    ids = {rule.id for rule in rules}
    blocks: dict[str, _Block] = {}
    loose = _Block(LOOSE, None)
    families: dict[tuple[str, str], _Family] = {}
    for rule in rules:
        sec = section(rule.id)
        if rule.id == sec and _ID_RE.match(rule.id):
            blocks.setdefault(sec, _Block(sec, rule))
            continue
        block = blocks.get(sec) if sec in ids else None
        if block is None:
            block = loose
        key = family_key(rule.id)
        family = families.get((block.key, key))
        if family is None:
            family = families[block.key, key] = _Family(key, None)
            block.families.append(family)
        if rule.id == key:
            family.head = rule
        else:
            family.children.append(rule)
    if loose.families:
        blocks[LOOSE] = loose
    return blocks


def _pair_blocks(old: dict[str, _Block], new: dict[str, _Block]) -> list[tuple[str, str]]:
    pairs: list[tuple[str, str]] = []
    if LOOSE in old and LOOSE in new:
        pairs.append((LOOSE, LOOSE))
    old_free = [block for key, block in old.items() if key != LOOSE]
    new_free = [block for key, block in new.items() if key != LOOSE]

    def take(a: _Block, b: _Block) -> None:
        pairs.append((a.key, b.key))
        old_free.remove(a)
        new_free.remove(b)

    for a in list(old_free):  # 1. the same title, one each side
        same = [b for b in new_free if b.title == a.title]
        if len(same) == 1 and sum(1 for x in old_free if x.title == a.title) == 1:
            take(a, same[0])
    for a in list(old_free):  # 2. the same number, the contents alike
        b = next((b for b in new_free if b.key == a.key), None)
        if b is not None and bag_similarity(a.text, b.text) >= SECTION_SAME_NUMBER_THRESHOLD:
            take(a, b)
    scored = sorted(  # 3. the contents alone
        ((bag_similarity(a.text, b.text), a.key, b.key) for a in old_free for b in new_free),
        reverse=True,
    )
    for score, a_key, b_key in scored:
        if score < SECTION_MOVED_THRESHOLD:
            break
        old_block = next((x for x in old_free if x.key == a_key), None)
        new_block = next((x for x in new_free if x.key == b_key), None)
        if old_block is not None and new_block is not None:
            take(old_block, new_block)
    return pairs


def _pair_in_order(
    old: Sequence[T], new: Sequence[T], text: Callable[[T], str], same_place: Callable[[T, T], bool]
) -> list[tuple[int, int]]:
    """The order-keeping pairs of two lists by the words of their items."""
    old_texts = [text(item) for item in old]
    new_texts = [text(item) for item in new]
    if old_texts == new_texts:  # the usual case between neighbouring editions
        return [(i, i) for i in range(len(old))]
    import difflib

    # identical texts in the same order pair first (most of two neighbouring editions);
    # only the stretches between them need the scored alignment
    pairs: list[tuple[int, int]] = []
    i0 = j0 = 0
    matcher = difflib.SequenceMatcher(None, old_texts, new_texts, autojunk=False)
    for block in matcher.get_matching_blocks():

        def fit(i: int, j: int, i0: int = i0, j0: int = j0) -> float:
            a, b = old[i0 + i], new[j0 + j]
            score = bag_similarity(
                old_texts[i0 + i], new_texts[j0 + j], FAMILY_THRESHOLD - SAME_PLACE_BONUS
            )
            return score + (SAME_PLACE_BONUS if same_place(a, b) else 0.0)

        gap = align_in_order(block.a - i0, block.b - j0, fit, FAMILY_THRESHOLD)
        pairs += [(i0 + i, j0 + j) for i, j in gap]
        pairs += [(block.a + k, block.b + k) for k in range(block.size)]
        i0, j0 = block.a + block.size, block.b + block.size
    return pairs


def _pair_same_place(
    old: Sequence[T],
    new: Sequence[T],
    free: Callable[[T, T], bool],
    same_place: Callable[[T, T], bool],
    texts: Sequence[Callable[[T], str]],
) -> list[tuple[int, int]]:
    """Leftovers in the same place that are at least loosely alike by one of ``texts``
    (the whole family, or the rule's own words: a rule that lost its subrules is still
    itself)."""
    pairs: list[tuple[int, int]] = []
    used_new: set[int] = set()
    for i, a in enumerate(old):
        for j, b in enumerate(new):
            if j in used_new or not same_place(a, b) or not free(a, b):
                continue
            if max(bag_similarity(text(a), text(b)) for text in texts) >= STRUCTURE_THRESHOLD:
                pairs.append((i, j))
                used_new.add(j)
            break
    return pairs


# --------------------------------------------------------------------------- alignment


class Alignment:
    """How the rules of two editions correspond (see the module docstring)."""

    def __init__(
        self,
        pairs: list[tuple[Rule, Rule]],
        removed: list[Rule],
        added: list[Rule],
        old_not_compared: list[Rule],
        new_not_compared: list[Rule],
        sections: list[tuple[str, str, str]],
    ) -> None:
        self.pairs = pairs
        self.removed = removed
        self.added = added
        self.old_not_compared = old_not_compared
        self.new_not_compared = new_not_compared
        self.sections = sections
        self._forward = {a.id: b for a, b in pairs}
        self._backward = {b.id: a for a, b in pairs}
        self._removed = {rule.id for rule in removed}
        self._added = {rule.id for rule in added}

    def inverse(self, old_rules: Sequence[Rule]) -> Alignment:
        """The same correspondence read from the other edition: B → A of A → B, where
        ``old_rules`` are A's rules (the pairs come in their order, as B's came in B's)."""
        order = {rule.id: index for index, rule in enumerate(old_rules)}
        titles = {a.id: a.text for a, _ in self.pairs}
        # the sections as B lists them (B's headings come in B's order among the pairs)
        place = {b.id: index for index, (_, b) in enumerate(self.pairs)}
        sections = sorted(self.sections, key=lambda moved: place[moved[1]])
        return Alignment(
            sorted(((b, a) for a, b in self.pairs), key=lambda found: order[found[1].id]),
            removed=self.added,
            added=self.removed,
            old_not_compared=self.new_not_compared,
            new_not_compared=self.old_not_compared,
            sections=[(new, old, titles[old]) for old, new, _ in sections],
        )

    def follow(self, old_id: str) -> tuple[str, Rule | None]:
        """What became of old rule ``old_id``: ("paired", rule), ("removed", None) or
        ("not compared", None)."""
        if old_id in self._forward:
            return "paired", self._forward[old_id]
        return ("removed" if old_id in self._removed else "not compared"), None

    def trace_back(self, new_id: str) -> tuple[str, Rule | None]:
        """Where new rule ``new_id`` came from: ("paired", rule), ("added", None) or
        ("not compared", None)."""
        if new_id in self._backward:
            return "paired", self._backward[new_id]
        return ("added" if new_id in self._added else "not compared"), None


#: vetoed(old rule, new rule, word similarity) → True when the official texts say the two
#: are not one rule renumbered (one of them still stands under its own number)
Veto = Callable[[Rule, Rule, float], bool]


def align(
    old_rules: Sequence[Rule], new_rules: Sequence[Rule], *, vetoed: Veto | None = None
) -> Alignment:
    """Pair the rules of two editions: structure first, then text (module docstring).

    ``vetoed`` (see :data:`Veto`) keeps the pairing by text (step 2) from pairing two rules
    of different numbers that the official texts hold apart: the build
    (``scripts/build_comparisons.py``) gives it the whole official files.
    """
    old_blocks, new_blocks = _blocks(old_rules), _blocks(new_rules)
    block_pairs = [(old_blocks[a], new_blocks[b]) for a, b in _pair_blocks(old_blocks, new_blocks)]
    pairs: list[tuple[Rule, Rule]] = []
    taken: set[tuple[str, str]] = set()  # ("old"|"new", id) of every paired rule
    held_old: set[str] = set()  # ids of old rules whose place the new edition holds
    held_new: set[str] = set()
    sections: list[tuple[str, str, str]] = []

    def pair(old: Rule, new: Rule) -> None:
        pairs.append((old, new))
        taken.update({("old", old.id), ("new", new.id)})

    def is_free(old: Rule | None, new: Rule | None) -> bool:
        return (old is None or ("old", old.id) not in taken) and (
            new is None or ("new", new.id) not in taken
        )

    def hold(old_family: _Family, new_family: _Family) -> None:
        # a quoted rule is held whole (with its subrules) when its own text is there; a
        # family of single quoted subrules (116.2i) says nothing of the subrules it lacks
        if old_family.head is not None and new_family.head is not None:
            held_old.update(rule.id for rule in old_family.members)
            held_new.update(rule.id for rule in new_family.members)

    def pair_children(old_family: _Family, new_family: _Family, *, loosely: bool) -> None:
        old_free = [rule for rule in old_family.children if is_free(rule, None)]
        new_free = [rule for rule in new_family.children if is_free(None, rule)]
        if loosely:
            found = _pair_same_place(
                old_free, new_free, is_free, _same_letter, [lambda rule: rule.text]
            )
        else:
            found = _pair_in_order(old_free, new_free, lambda rule: rule.text, _same_letter)
        for k, m in found:
            pair(old_free[k], new_free[m])

    family_pairs: list[tuple[_Family, _Family]] = []
    # 1. the structure: sections, then families in order, then their members in order
    for a, b in block_pairs:
        if a.heading is not None and b.heading is not None:
            pair(a.heading, b.heading)
            sections.append((a.key, b.key, b.heading.text))
        if a.key != LOOSE:  # a whole section on both sides: all of it is compared
            held_old.update(rule.id for family in a.families for rule in family.members)
            held_new.update(rule.id for family in b.families for rule in family.members)
        same = _same_key if a.key == LOOSE else _same_number
        for i, j in _pair_in_order(a.families, b.families, lambda family: family.text, same):
            family_pairs.append((a.families[i], b.families[j]))
    for old_family, new_family in family_pairs:
        hold(old_family, new_family)
        if old_family.head is not None and new_family.head is not None:
            pair(old_family.head, new_family.head)
        pair_children(old_family, new_family, loosely=False)
    # 2. the words, for what the structure left open (a rule moved to another section)
    _pair_leftovers(old_rules, new_rules, pairs, vetoed)
    taken.update(("old", a.id) for a, _ in pairs)
    taken.update(("new", b.id) for _, b in pairs)
    # 3. the structure again, loosely: leftovers in the same place that are somewhat alike
    for a, b in block_pairs:
        same = _same_key if a.key == LOOSE else _same_number
        open_old = [f for f in a.families if all(is_free(r, None) for r in f.members)]
        open_new = [f for f in b.families if all(is_free(None, r) for r in f.members)]
        for i, j in _pair_same_place(
            open_old,
            open_new,
            lambda x, y: True,
            same,
            [lambda family: family.text, lambda family: _head_text(family)],
        ):
            old_family, new_family = open_old[i], open_new[j]
            hold(old_family, new_family)
            family_pairs.append((old_family, new_family))
            if old_family.head is not None and new_family.head is not None:
                pair(old_family.head, new_family.head)
            pair_children(old_family, new_family, loosely=False)
    for old_family, new_family in family_pairs:
        pair_children(old_family, new_family, loosely=True)
    paired_old = {a.id for a, _ in pairs}
    paired_new = {b.id for _, b in pairs}
    order = {rule.id: index for index, rule in enumerate(new_rules)}
    pairs.sort(key=lambda found: order[found[1].id])
    free_old = [rule for rule in old_rules if rule.id not in paired_old]
    free_new = [rule for rule in new_rules if rule.id not in paired_new]
    return Alignment(
        pairs,
        removed=[rule for rule in free_old if rule.id in held_old],
        added=[rule for rule in free_new if rule.id in held_new],
        old_not_compared=[rule for rule in free_old if rule.id not in held_old],
        new_not_compared=[rule for rule in free_new if rule.id not in held_new],
        sections=sections,
    )


def _head_text(family: _Family) -> str:
    return family.head.text if family.head is not None else ""


def _same_letter(a: Rule, b: Rule) -> bool:
    return _place(a.id) == _place(b.id)


def _pair_leftovers(
    old_rules: Sequence[Rule],
    new_rules: Sequence[Rule],
    pairs: list[tuple[Rule, Rule]],
    vetoed: Veto | None = None,
) -> None:
    """Pair, best first, what the structure left open, when the words are alike enough."""
    import difflib

    paired_old = {a.id for a, _ in pairs}
    paired_new = {b.id for _, b in pairs}
    left = [rule for rule in old_rules if rule.id not in paired_old]
    right = [rule for rule in new_rules if rule.id not in paired_new]
    if not left or not right:
        return
    candidates: list[tuple[float, int, int]] = []
    for i, old in enumerate(left):
        matcher = difflib.SequenceMatcher(None, autojunk=False)
        matcher.set_seq2(list(words(old.text)))
        for j, new in enumerate(right):
            if bag_similarity(old.text, new.text, PAIR_THRESHOLD) < PAIR_THRESHOLD:
                continue  # the bag score bounds the ordered one from above
            matcher.set_seq1(list(words(new.text)))
            score = matcher.ratio()
            if score >= PAIR_THRESHOLD and (
                vetoed is None or old.id == new.id or not vetoed(old, new, score)
            ):
                candidates.append((score + (0.01 if old.id == new.id else 0.0), i, j))
    candidates.sort(key=lambda c: (-c[0], c[1], c[2]))
    used_old: set[int] = set()
    used_new: set[int] = set()
    for _, i, j in candidates:
        if i in used_old or j in used_new:
            continue
        used_old.add(i)
        used_new.add(j)
        pairs.append((left[i], right[j]))


#: witness(rule) → the number under which the other edition's official file holds the words
#: of ``rule`` (its own number when it holds them there), or None when it holds no such words
Witness = Callable[[Rule], "str | None"]


def alike_enough(old: str, new: str) -> bool:
    """Whether two texts the official files hold are alike enough to be one rule
    renumbered: the words alike, or one split from the other."""
    return similarity(old, new) >= PAIR_THRESHOLD or split_from(old, new)


def settle(
    alignment: Alignment,
    old_rules: Sequence[Rule],
    new_rules: Sequence[Rule],
    *,
    in_new: Witness | None,
    in_old: Witness | None,
    vetoed: Veto | None = None,
) -> Alignment:
    """``alignment`` with its removed and added rules checked against the official files.

    A rule is *removed* only when the newer official file holds its words nowhere (``in_new``
    finds no number), *added* only when the older one holds them nowhere. A removed rule the
    newer file holds under a number the newer edition quotes, alike enough
    (:func:`alike_enough`), is paired with that rule (taken from a rule it was paired with
    less alike: 2009's 806.4a, a shared life total, is 2026's 810.4, not 806.4's "two unique
    features"); under a number the edition does not quote, it is not compared (outside the
    bundled rules). The same for an added rule, the other way.
    ``None`` for a witness: no official file, the rules stay as aligned. ``vetoed`` (as for
    :func:`align`) keeps two rules apart that still stand under their own numbers.
    """
    old_by_id = {rule.id: rule for rule in old_rules}
    new_by_id = {rule.id: rule for rule in new_rules}
    forward = {a.id: b.id for a, b in alignment.pairs}
    backward = {b.id: a.id for a, b in alignment.pairs}
    removed = {rule.id for rule in alignment.removed}
    added = {rule.id for rule in alignment.added}
    old_open = {rule.id for rule in alignment.old_not_compared}
    new_open = {rule.id for rule in alignment.new_not_compared}
    todo = [("old", rule.id) for rule in alignment.removed]
    todo += [("new", rule.id) for rule in alignment.added]
    while todo:
        side, rule_id = todo.pop(0)
        mine, theirs = (old_by_id, new_by_id) if side == "old" else (new_by_id, old_by_id)
        links, back = (forward, backward) if side == "old" else (backward, forward)
        gone, other_gone = (removed, added) if side == "old" else (added, removed)
        still_open, other_open = (old_open, new_open) if side == "old" else (new_open, old_open)
        witness = in_new if side == "old" else in_old
        if rule_id not in gone or witness is None:
            continue
        where = witness(mine[rule_id])
        if where is None:
            continue  # the other official file holds its words nowhere: removed (added)
        holder = back.get(where)
        text = mine[rule_id].text
        if where not in theirs or not alike_enough(text, theirs[where].text):
            gone.discard(rule_id)  # held outside what the other edition quotes (or apart)
            still_open.add(rule_id)
            continue
        score = similarity(text, theirs[where].text)
        old_rule, new_rule = (
            (mine[rule_id], theirs[where]) if side == "old" else (theirs[where], mine[rule_id])
        )
        if (holder is not None and similarity(mine[holder].text, theirs[where].text) >= score) or (
            vetoed is not None and vetoed(old_rule, new_rule, score)
        ):
            gone.discard(rule_id)  # held outside what the other edition quotes
            still_open.add(rule_id)
            continue
        if holder is not None:  # paired less alike: it goes back to be checked
            del links[holder]
            gone.add(holder)
            todo.append((side, holder))
        gone.discard(rule_id)
        other_gone.discard(where)
        other_open.discard(where)
        links[rule_id] = where
        back[where] = rule_id
    pairs = [(old_by_id[a], new_by_id[b]) for a, b in forward.items()]
    order = {rule.id: index for index, rule in enumerate(new_rules)}
    pairs.sort(key=lambda found: order[found[1].id])
    return Alignment(
        pairs,
        removed=[rule for rule in old_rules if rule.id in removed],
        added=[rule for rule in new_rules if rule.id in added],
        old_not_compared=[rule for rule in old_rules if rule.id in old_open],
        new_not_compared=[rule for rule in new_rules if rule.id in new_open],
        sections=[moved for moved in alignment.sections if forward.get(moved[0]) == moved[1]],
    )


# --------------------------------------------------------------------------- glossary


@dataclass(frozen=True)
class GlossaryAlignment:
    pairs: tuple[tuple[GlossaryEntry, GlossaryEntry], ...]
    old_only: tuple[GlossaryEntry, ...]
    new_only: tuple[GlossaryEntry, ...]


def term_key(term: str) -> str:
    """A glossary term for matching: "Planar _Magic_" and "planar magic" are one term."""
    return normalise(term).casefold()


def align_glossary(old: Sequence[GlossaryEntry], new: Sequence[GlossaryEntry]) -> GlossaryAlignment:
    """Glossary entries paired by term, then (a renamed entry) by text."""
    new_by_key = {term_key(entry.term): entry for entry in new}
    pairs = [(e, new_by_key[term_key(e.term)]) for e in old if term_key(e.term) in new_by_key]
    left = [e for e in old if term_key(e.term) not in new_by_key]
    paired_new = {term_key(b.term) for _, b in pairs}
    right = [e for e in new if term_key(e.term) not in paired_new]
    scored = sorted(
        (
            (similarity(a.text, b.text), i, j)
            for i, a in enumerate(left)
            for j, b in enumerate(right)
        ),
        reverse=True,
    )
    used_old: set[int] = set()
    used_new: set[int] = set()
    for score, i, j in scored:
        if score < GLOSSARY_RENAME_THRESHOLD:
            break
        if i in used_old or j in used_new:
            continue
        used_old.add(i)
        used_new.add(j)
        pairs.append((left[i], right[j]))
    return GlossaryAlignment(
        tuple(pairs),
        tuple(e for i, e in enumerate(left) if i not in used_old),
        tuple(e for j, e in enumerate(right) if j not in used_new),
    )


# --------------------------------------------------------------------------- the diff


#: known(old text, new text) → (similarity, word diff) made beforehand, or None
Known = Callable[[str, str], "tuple[float, tuple[DiffPiece, ...]] | None"]


def _change(
    old_id: str, new_id: str, old_text: str, new_text: str, known: Known | None = None
) -> RuleChange:
    made = known(old_text, new_text) if known is not None else None
    if made is None:
        made = round(similarity(old_text, new_text), 3), word_pieces(old_text, new_text)
    return RuleChange(old_id, new_id, old_text, new_text, made[0], made[1])


def check_comparable(old: Edition, new: Edition) -> None:
    """Refuse to compare editions in different languages, or a guide with the rules."""
    if old.info.lang != new.info.lang:
        raise UsageError(
            f"cannot compare {old.id} ({old.info.lang}) with {new.id} ({new.info.lang}):"
            " editions in different languages differ in every word",
            hint="compare editions in the same language; see `planarcli rules editions`",
        )
    documents = {"guide", "variant", RULINGS}
    if (old.info.kind in documents or new.info.kind in documents) and old.id != new.id:
        raise UsageError(
            f"cannot compare {old.id} ({old.info.kind}) with {new.id} ({new.info.kind}): "
            "diff compares editions of the rules, and guides and variants are other documents, "
            "as are the card rulings",
            hint="compare two rules editions; see `planarcli rules editions`",
        )


def diff_editions(
    old: Edition, new: Edition, *, alignment: Alignment | None = None, known: Known | None = None
) -> EditionDiff:
    """What changed from ``old`` to ``new`` (rules and glossary), by ``alignment`` (made by
    :func:`align` when not given; :mod:`planarcli.rulebook.compared` gives the bundled one),
    with the word diffs ``known`` gives (:data:`Known`) and the others made here."""
    check_comparable(old, new)
    if alignment is None:
        alignment = align(old.rules, new.rules)
    unchanged = 0
    reworded: list[RuleChange] = []
    renumbered: list[RuleChange] = []
    for a, b in alignment.pairs:
        if a.id == b.id:
            if normalise(a.text) == normalise(b.text):
                unchanged += 1
            else:
                reworded.append(_change(a.id, b.id, a.text, b.text, known))
        else:
            renumbered.append(_change(a.id, b.id, a.text, b.text, known))
    glossary = align_glossary(old.glossary, new.glossary)
    glossary_reworded = []
    glossary_renamed = []
    for a_entry, b_entry in glossary.pairs:
        change = _change(a_entry.term, b_entry.term, a_entry.text, b_entry.text, known)
        if term_key(a_entry.term) != term_key(b_entry.term):
            glossary_renamed.append(change)
        elif change.text_changed:
            glossary_reworded.append(change)
    moves = tuple(
        SectionMove(old_key, new_key, title)
        for old_key, new_key, title in alignment.sections
        if old_key != new_key
    )
    return EditionDiff(
        old=old.id,
        new=new.id,
        unchanged=unchanged,
        added=tuple(alignment.added),
        removed=tuple(alignment.removed),
        reworded=tuple(reworded),
        renumbered=tuple(renumbered),
        old_not_compared=tuple(alignment.old_not_compared),
        new_not_compared=tuple(alignment.new_not_compared),
        sections_moved=moves,
        glossary_reworded=tuple(glossary_reworded),
        glossary_renamed=tuple(glossary_renamed),
        glossary_old_only=tuple(entry.term for entry in glossary.old_only),
        glossary_new_only=tuple(entry.term for entry in glossary.new_only),
    )


def describe_rules(rules: Sequence[Rule]) -> list[str]:
    """Rules summed up compactly for a reader: "311 Planes (8 rules)", "701.24 (5 rules)",
    "116.2i"; whole sections first."""
    out: list[str] = []
    groups: dict[str, list[Rule]] = {}
    headings: dict[str, str] = {}
    for rule in rules:
        sec = section(rule.id)
        if rule.id == sec and _ID_RE.match(rule.id):
            headings[sec] = rule.text
    for rule in rules:
        sec = section(rule.id)
        key = sec if sec in headings else family_key(rule.id)
        groups.setdefault(key, []).append(rule)
    # whole sections first, then the rules quoted one by one
    for key, members in sorted(groups.items(), key=lambda item: item[0] not in headings):
        label = f"{key} {headings[key]}" if key in headings else key
        if len(members) == 1 and key not in headings:
            label = members[0].id
        elif len(members) > 1:
            label += f" ({len(members)} rules)"
        out.append(label)
    return out

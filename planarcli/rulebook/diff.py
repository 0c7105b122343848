"""What changed between two editions, renumbering-aware.

Rules are paired by their text, not by a table of known renumberings:

1. a rule whose normalised text is unchanged under the same id is left out of the report;
2. every remaining (old, new) pair is scored with :class:`difflib.SequenceMatcher` over
   normalised words, plus a small bonus when the ids are equal;
3. pairs are accepted greedily, best first, when the words are similar enough (or, for the
   same id, when they are at least loosely similar, so that a reworded rule stays itself);
4. an accepted pair with the same id is *reworded*, with another id *renumbered* (with or
   without a change of text); what is left is *removed* (old) or *added* (new).

Every changed pair carries a word-level diff (``[-removed-]{+added+}``). The glossary is
compared by term. Editions in different languages are not compared (exit 2): a translation
differs from its original in every word.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from planarcli.errors import UsageError
from planarcli.rulebook.corpus import Edition, Rule

#: Minimum word similarity for pairing two rules (0–1).
PAIR_THRESHOLD = 0.55
#: A rule keeping its id needs only this much similarity to count as reworded.
SAME_ID_THRESHOLD = 0.3
SAME_ID_BONUS = 0.1
#: Short headings ("Planar Magic" → "Planechase") keep their id whatever their words.
HEADING_WORDS = 6
#: A rule left unpaired whose parent was paired (901.8 → 901.9, section 309 → 311) pairs
#: with the same child of the parent's partner (901.8b → 901.9b, 309.7 → 311.7) at this much
#: similarity: the structure vouches for the pairing when the words changed a lot.
STRUCTURE_THRESHOLD = 0.2

_CHILD_RE = re.compile(r"^(.*\d)([a-z]+)$")
_NUMBERED_RE = re.compile(r"^(\d{3})\.(\d+)$")

_PIECE_RE = re.compile(r"\d+(?:\.\d+[a-z]?)?|\w+(?:['’]\w+)*|\s+|[^\w\s]")
_QUOTES = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "«": '"', "»": '"'})


@dataclass(frozen=True)
class DiffPiece:
    op: str  # "equal" | "delete" | "insert"
    text: str


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
class EditionDiff:
    old: str
    new: str
    unchanged: int
    added: tuple[Rule, ...]
    removed: tuple[Rule, ...]
    reworded: tuple[RuleChange, ...]
    renumbered: tuple[RuleChange, ...]
    glossary_added: tuple[str, ...] = ()
    glossary_removed: tuple[str, ...] = ()
    glossary_reworded: tuple[RuleChange, ...] = ()
    #: sections held by only one side (an imported file has 311, 312...; a bundled one only
    #: 901): their rules are not compared, rather than all reported as added or removed
    old_only_sections: tuple[str, ...] = ()
    new_only_sections: tuple[str, ...] = ()

    @property
    def is_empty(self) -> bool:
        return not (
            self.added
            or self.removed
            or self.reworded
            or self.renumbered
            or self.glossary_added
            or self.glossary_removed
            or self.glossary_reworded
        )


_ITALICS_RE = re.compile(r"(?<!\w)_([^_\s](?:[^_]*[^_\s])?)_(?!\w)")


def normalise(text: str) -> str:
    """Text for comparison: quotes unified, ``_italics_`` marks dropped, whitespace collapsed."""
    return " ".join(_ITALICS_RE.sub(r"\1", text.translate(_QUOTES)).split())


def section(rule_id: str) -> str:
    """The section a rule belongs to: "901.3a" → "901", "danish-guide.3" → "danish-guide"."""
    head, _, tail = rule_id.rpartition(".")
    if head and tail.isdigit() and not head[:1].isdigit():
        return head  # a document paragraph
    return rule_id.split(".", 1)[0]


def _words(text: str) -> list[str]:
    return [p for p in _PIECE_RE.findall(normalise(text).casefold()) if not p.isspace()]


def similarity(old: str, new: str) -> float:
    import difflib

    return difflib.SequenceMatcher(None, _words(old), _words(new), autojunk=False).ratio()


def word_pieces(old: str, new: str) -> tuple[DiffPiece, ...]:
    """A word-level diff of two texts (whitespace kept, so the pieces join back up)."""
    import difflib

    a = _PIECE_RE.findall(normalise(old))
    b = _PIECE_RE.findall(normalise(new))
    matcher = difflib.SequenceMatcher(lambda piece: piece.isspace(), a, b, autojunk=False)
    pieces: list[DiffPiece] = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            pieces.append(DiffPiece("equal", "".join(b[j1:j2])))
            continue
        if op in ("delete", "replace"):
            pieces.append(DiffPiece("delete", "".join(a[i1:i2])))
        if op in ("insert", "replace"):
            pieces.append(DiffPiece("insert", "".join(b[j1:j2])))
    return tuple(piece for piece in pieces if piece.text)


def render_pieces(pieces: tuple[DiffPiece, ...]) -> str:
    marks = {"delete": ("[-", "-]"), "insert": ("{+", "+}")}
    out = []
    for piece in pieces:
        if piece.op == "equal" or piece.text.isspace():
            out.append(piece.text if piece.op != "delete" else "")
        else:
            start, end = marks[piece.op]
            out.append(f"{start}{piece.text}{end}")
    return "".join(out)


def _change(old: Rule, new: Rule, score: float) -> RuleChange:
    return RuleChange(
        old.id, new.id, old.text, new.text, round(score, 3), word_pieces(old.text, new.text)
    )


def _is_heading(rule: Rule) -> bool:
    return len(rule.text.split()) <= HEADING_WORDS


def align(
    old_rules: tuple[Rule, ...], new_rules: tuple[Rule, ...]
) -> tuple[int, list[tuple[Rule, Rule, float]], list[Rule], list[Rule]]:
    """Pair old and new rules by text: (unchanged count, pairs, removed, added)."""
    new_by_id = {rule.id: rule for rule in new_rules}
    unchanged_old: set[str] = set()
    for rule in old_rules:
        twin = new_by_id.get(rule.id)
        if twin is not None and normalise(twin.text) == normalise(rule.text):
            unchanged_old.add(rule.id)
    left = [rule for rule in old_rules if rule.id not in unchanged_old]
    right = [rule for rule in new_rules if rule.id not in unchanged_old]

    import difflib

    right_words = [_words(rule.text) for rule in right]
    candidates: list[tuple[float, int, int, float]] = []
    for i, old in enumerate(left):
        matcher = difflib.SequenceMatcher(None, autojunk=False)
        matcher.set_seq2(_words(old.text))
        for j, new in enumerate(right):
            same_id = old.id == new.id
            matcher.set_seq1(right_words[j])
            if not same_id and matcher.real_quick_ratio() < PAIR_THRESHOLD:
                continue
            if not same_id and matcher.quick_ratio() < PAIR_THRESHOLD:
                continue
            score = matcher.ratio()
            accepted = score >= PAIR_THRESHOLD or (
                same_id and (score >= SAME_ID_THRESHOLD or (_is_heading(old) and _is_heading(new)))
            )
            if accepted:
                candidates.append((score + (SAME_ID_BONUS if same_id else 0.0), i, j, score))
    candidates.sort(key=lambda c: (-c[0], c[1], c[2]))
    used_old: set[int] = set()
    used_new: set[int] = set()
    pairs: list[tuple[int, int, float]] = []
    for _, i, j, score in candidates:
        if i in used_old or j in used_new:
            continue
        used_old.add(i)
        used_new.add(j)
        pairs.append((i, j, score))
    _pair_by_structure(old_rules, left, right, unchanged_old, pairs, used_old, used_new)
    pairs.sort(key=lambda p: p[1])  # new document order
    removed = [rule for i, rule in enumerate(left) if i not in used_old]
    added = [rule for j, rule in enumerate(right) if j not in used_new]
    return len(unchanged_old), [(left[i], right[j], s) for i, j, s in pairs], removed, added


def _parent_and_child(rule_id: str) -> tuple[str, str] | None:
    """("901.8", "b") for 901.8b, ("309", ".7") for 309.7; None for a section heading."""
    match = _CHILD_RE.match(rule_id)
    if match is not None:
        return match.group(1), match.group(2)
    match = _NUMBERED_RE.match(rule_id)
    if match is not None:
        return match.group(1), "." + match.group(2)
    return None


def _pair_by_structure(
    old_rules: tuple[Rule, ...],
    left: list[Rule],
    right: list[Rule],
    unchanged_old: set[str],
    pairs: list[tuple[int, int, float]],
    used_old: set[int],
    used_new: set[int],
) -> None:
    """Pair what the similarity pass left over by the structure of the paired rules.

    An unpaired old rule whose parent has a partner (itself when unchanged) is paired with
    the unpaired new rule holding the same place under that partner, when their words are
    at least :data:`STRUCTURE_THRESHOLD` alike. Old rules are taken in document order, so a
    rule paired this way lends its pairing to its own subrules.
    """
    partner = {rule_id: rule_id for rule_id in unchanged_old}
    for i, j, _ in pairs:
        partner[left[i].id] = right[j].id
    free_new = {rule.id: j for j, rule in enumerate(right) if j not in used_new}
    index_of = {id(rule): i for i, rule in enumerate(left)}
    for rule in old_rules:
        old_index = index_of.get(id(rule))
        if old_index is None or old_index in used_old:
            continue
        place = _parent_and_child(rule.id)
        if place is None or place[0] not in partner:
            continue
        new_index = free_new.get(partner[place[0]] + place[1])
        if new_index is None:
            continue
        score = similarity(rule.text, right[new_index].text)
        if score < STRUCTURE_THRESHOLD:
            continue
        used_old.add(old_index)
        used_new.add(new_index)
        del free_new[right[new_index].id]
        partner[rule.id] = right[new_index].id
        pairs.append((old_index, new_index, score))


def diff_editions(old: Edition, new: Edition) -> EditionDiff:
    """What changed from ``old`` to ``new`` (rules and glossary)."""
    if old.info.lang != new.info.lang:
        raise UsageError(
            f"cannot compare {old.id} ({old.info.lang}) with {new.id} ({new.info.lang}):"
            " editions in different languages differ in every word",
            hint="compare editions in the same language; see `planarcli rules editions`",
        )
    documents = {"guide", "variant"}
    if (old.info.kind in documents or new.info.kind in documents) and old.id != new.id:
        raise UsageError(
            f"cannot compare {old.id} ({old.info.kind}) with {new.id} ({new.info.kind}): "
            "diff compares editions of the rules, and guides and variants are other documents",
            hint="compare two rules editions; see `planarcli rules editions`",
        )
    # An edition holding only section 901 (the bundled ones) against a full import: the
    # sections only one side has are out of scope, not removed. When both sides have
    # sections of their own (309 → 311 when a section moved), everything is compared.
    old_sections = {section(rule.id) for rule in old.rules}
    new_sections = {section(rule.id) for rule in new.rules}
    old_only = old_sections - new_sections
    new_only = new_sections - old_sections
    partial = bool(old_sections & new_sections) and not (old_only and new_only)
    if partial:
        scope = old_sections & new_sections
        old_rules = tuple(rule for rule in old.rules if section(rule.id) in scope)
        new_rules = tuple(rule for rule in new.rules if section(rule.id) in scope)
    else:
        old_only = new_only = set()
        old_rules, new_rules = old.rules, new.rules
    unchanged, pairs, removed, added = align(old_rules, new_rules)
    reworded = tuple(_change(a, b, s) for a, b, s in pairs if a.id == b.id)
    renumbered = tuple(_change(a, b, s) for a, b, s in pairs if a.id != b.id)

    old_terms = {entry.term.casefold(): entry for entry in old.glossary}
    new_terms = {entry.term.casefold(): entry for entry in new.glossary}
    glossary_reworded = tuple(
        _change(
            Rule(old_terms[key].term, old_terms[key].text, old.info.lang),
            Rule(entry.term, entry.text, new.info.lang),
            similarity(old_terms[key].text, entry.text),
        )
        for key, entry in new_terms.items()
        if key in old_terms and normalise(old_terms[key].text) != normalise(entry.text)
    )
    glossary_added = tuple(e.term for k, e in new_terms.items() if k not in old_terms)
    glossary_removed = tuple(e.term for k, e in old_terms.items() if k not in new_terms)
    if partial and (old_only or new_only):
        # the smaller side's glossary is only the part its source quoted
        if old_only:
            glossary_removed = ()
        if new_only:
            glossary_added = ()
    return EditionDiff(
        old=old.id,
        new=new.id,
        unchanged=unchanged,
        added=tuple(added),
        removed=tuple(removed),
        reworded=reworded,
        renumbered=renumbered,
        glossary_added=glossary_added,
        glossary_removed=glossary_removed,
        glossary_reworded=glossary_reworded,
        old_only_sections=tuple(sorted(old_only)),
        new_only_sections=tuple(sorted(new_only)),
    )

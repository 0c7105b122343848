"""What kind of passage a rule's text is, read from its words alone: a heading, a rule
opening a special case its subrules belong to, a text about Planechase, a general rule that
names Planechase in passing. The index marks its passages by these when it is built; the
scoring reads the marks (and ``is_heading`` for a result's text)."""

from __future__ import annotations

import re
from typing import Any

from planarcli.lazyre import lazy

INTRODUCTION_RE = lazy(
    r"(?:following additions|the following|as follows|ajouts suivants|suivantes?)\W*$",
    re.IGNORECASE,
)


SCOPE_RE = lazy(r"^(?:in|dans|i)\s[^,.]*\b(?:games?|parties?|spil)\b[^.]*,", re.IGNORECASE)


PLANECHASE_RE = lazy(
    r"\b(?:plan|phenom|phénom|fænomen|chaos|kaos|flykort|transplan)", re.IGNORECASE
)


def about_planechase(text: str) -> bool:
    """True for a text about Planechase (planes, the planar die, phenomena, chaos...)."""
    return bool(PLANECHASE_RE.search(text))


#: ``topical`` of a general rule that speaks of Planechase in passing (see aside_rules)
ASIDE = 2


def aside_rules(closure: dict[str, Any] | None) -> frozenset[str]:
    """The rules of an edition that are general Magic rules naming Planechase in passing
    (100.2d on supplementary decks, 108.3a on who owns a plane card, 400.4b on the command
    zone): held because their own text speaks of Planechase (the closure's ``speaking``),
    but neither in 901 nor in what 901 and its glossary send the reader to (311 Planes, 312
    Phenomena, 701.31 Planeswalk, the multiplayer variants 901 names). None for an edition
    without a closure (a seed's, which holds only what it quotes)."""
    if not closure:
        return frozenset()
    held = {str(root) for root in closure.get("roots", ())}
    held.update(str(name) for name in closure.get("named", ()))
    for cited in closure.get("cited", ()):
        held.update(str(rule_id) for rule_id in cited)
    asides = set()
    for rule_id in closure.get("speaking", ()):
        rule_id = str(rule_id)
        number = rule_id.rstrip("abcdefghijklmnopqrstuvwxyz")
        if not {rule_id, number, number.split(".")[0]} & held:
            asides.add(rule_id)
    return frozenset(asides)


def is_heading(text: str) -> bool:
    """A title rather than a statement: a few words, no closing punctuation, or a colon
    that opens what follows ("At møde et fænomen:")."""
    stripped = text.strip().strip('“”"«» ')
    if stripped.endswith(":"):
        return 0 < len(stripped.split()) <= 6
    return len(text.split()) <= 6 and not text.rstrip().endswith((".", ".)", ":", "»", "”", '"'))


def sets_scope(text: str, introduces: bool) -> bool:
    """True for a rule that opens a special case its subrules belong to: it introduces them
    ("A Two-Headed Giant Planechase game uses ... with the following additions."), it is a
    heading ("Single Planar Deck Option"), or it starts "In <some kind of> games, ..."."""
    return introduces or bool(SCOPE_RE.match(text)) or is_heading(text)


def parent_of(rule_id: str) -> str | None:
    match = re.match(r"^(.*\d)[a-z]+$", rule_id)
    return match.group(1) if match else None

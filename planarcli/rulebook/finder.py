"""A rule, section, glossary term or document paragraph in one edition, as ``rules show``
and ``rules history`` read what they are asked: :func:`find` (with its lettered subrules;
a term in any of its written forms; a section or heading by its title), and what to say
when the edition holds nothing of that name (:class:`RuleNotFound`, :func:`nearest_ids`,
:func:`missing_hint`). ``rules show`` itself, which follows a rule into other editions, is
:mod:`planarcli.rulebook.show`.
"""

from __future__ import annotations

import re

from planarcli.errors import ECHOED, NotFoundError, UsageError, echo_text, echoed
from planarcli.rulebook.corpus import (
    CLOSURE_SCOPE,
    ENGLISH_CR,
    IMPORT_HINT,
    RULINGS,
    Edition,
    Rule,
)
from planarcli.rulebook.ruleids import (
    check_text,
    fold_accents,
    normalise_rule_id,
    plain_query,
    term_forms,
)

_RULE_KEY_PATTERN = r"^(.*?)(?:\.([0-9]+)([a-z]*))?$"


#: the longest text read as a heading's title ("Limited Range of Influence Option")
_TITLE_LENGTH = 60


def _title_key(title: str) -> str:
    """A folded section or heading title as players name it: without a last "variant" or
    "option", hyphens as spaces ("Two-Headed Giant Variant" → "two headed giant")."""
    words = title.replace("-", " ").split()
    if len(words) > 1 and words[-1] in ("variant", "option"):
        words = words[:-1]
    return " ".join(words)


def _is_child(rule_id: str, parent: str) -> bool:
    if "." not in parent or not parent[-1].isdigit():
        return rule_id.startswith(parent + ".")
    rest = rule_id[len(parent) :]
    return rule_id.startswith(parent) and rest.isalpha() and rest.islower()


class RuleNotFound(NotFoundError):
    """``rules show`` found nothing; ``suggestions`` are the nearest ids or glossary terms."""

    def __init__(self, message: str, *, suggestions: list[str], hint: str | None) -> None:
        super().__init__(message, hint=hint)
        self.suggestions = suggestions


def find(edition: Edition, rule_id: str) -> list[Rule]:
    """The rule ``rule_id`` with its lettered subrules, or a whole section ("901").

    Anything that is not a rule id is looked up as a glossary term ("planeswalk"), then as a
    section title ("phenomena" is section 312).
    Nothing found: :class:`RuleNotFound` naming the nearest ids or terms.
    """
    query = plain_query(rule_id).strip()
    if not query:
        raise UsageError("no rule id given", hint="for example `planarcli rules show 901.3`")
    check_text(query, "rules show")
    wanted = normalise_rule_id(query)
    if wanted is not None:
        found = [i for i in edition.ids if i == wanted or _is_child(i, wanted)]
        if found:
            return edition.rules_of(found)
        suggestions = nearest_ids(edition, wanted)
        nearest = ", ".join(suggestions)
        raise RuleNotFound(
            f"no rule {echo_text(wanted)} in {edition.id}; nearest: {nearest}"
            if nearest
            else f"no rule {echo_text(wanted)} in {edition.id}",
            suggestions=suggestions,
            hint=missing_hint(edition, wanted),
        )
    if query.lower() == edition.id.lower() and edition.info.kind != ENGLISH_CR:
        return list(edition.rules)  # a whole document: "rules show danish-guide"
    # the official files mark italics with underscores ("Planar _Magic_"): ignore them
    folded = fold_accents(query.replace("_", ""))
    terms = {fold_accents(entry.term.replace("_", "")): entry for entry in edition.glossary}
    for candidate in term_forms(folded):
        entry = terms.get(candidate)
        if entry is not None:
            return [Rule(entry.term, entry.text, edition.info.lang, kind="glossary")]
    # a section by its title: "phenomena" → 312, "rolling a die" → 706
    for section_id in edition.ids:
        if "." not in section_id and fold_accents(edition.text(section_id)) == folded:
            return edition.rules_of(
                i for i in edition.ids if i == section_id or _is_child(i, section_id)
            )
    # ... or by its title without "Variant" or "Option", as players name them ("grand melee"
    # → 807, "two-headed giant" → 810), and a heading rule so too ("single planar deck" →
    # 901.15, "Single Planar Deck Option")
    named = _title_key(folded)
    for heading_id in edition.ids:
        title = edition.text(heading_id)
        if (
            len(title) <= _TITLE_LENGTH
            and not title.endswith(".")
            and _title_key(fold_accents(title)) == named
        ):
            return edition.rules_of(
                i for i in edition.ids if i == heading_id or _is_child(i, heading_id)
            )
    # "chaos" → every term with that word: Chaos Ability, Chaos Symbol
    wanted_words = folded.split()
    partial = [
        entry
        for name, entry in terms.items()
        if wanted_words
        and any(
            name.split()[i : i + len(wanted_words)] == wanted_words
            for i in range(len(name.split()))
        )
    ]
    if partial:
        return [Rule(e.term, e.text, edition.info.lang, kind="glossary") for e in partial]
    import difflib

    close = difflib.get_close_matches(folded, list(terms), n=3, cutoff=0.6)
    suggestions = [terms[name].term for name in close]
    names = ", ".join(suggestions)
    too_long = len(query) > ECHOED
    # the search of the edition shown, not of the current one (the card rulings are searched
    # by naming a card, not by --edition)
    shown_here = edition.info.current or edition.info.kind == RULINGS
    where = "" if shown_here else f" --edition {edition.id}"
    raise RuleNotFound(
        f"no rule or glossary entry {echoed(query)} in {edition.id}"
        + (f"; nearest glossary terms: {names}" if names else ""),
        suggestions=suggestions,
        hint=f"search the text with `planarcli rules search QUERY{where}`"
        if too_long
        else f"search the text with `planarcli rules search {query!r}{where}`",
    )


def missing_hint(edition: Edition, wanted: str) -> str | None:
    if wanted.startswith("901") or not re.match(r"^\d{3}", wanted):
        return None
    if edition.closure is not None:
        return (
            f"{edition.id} holds {CLOSURE_SCOPE}; the whole Comprehensive Rules are at "
            "https://magic.wizards.com/en/rules"
        )
    if edition.info.is_english_cr:
        return f"{edition.id} holds only what its source quotes; {IMPORT_HINT}"
    return None


def _rule_key(rule_id: str) -> tuple[str, int, int]:
    match = re.match(_RULE_KEY_PATTERN, rule_id)
    if match is None or match.group(2) is None:
        return rule_id, -1, 0
    digits, letters = match.group(2), match.group(3)
    if len(digits) > _KEY_DIGITS or len(letters) > _KEY_LETTERS:
        # No rule is numbered so far out (and int() refuses 4,301 digits): past every rule.
        return match.group(1), 10**_KEY_DIGITS, 0
    letter = sum((ord(ch) - 96) * 26**i for i, ch in enumerate(reversed(letters)))
    return match.group(1), int(digits), letter


#: Longest number and letter suffix _rule_key orders exactly; longer ones sort last.
_KEY_DIGITS = 9
_KEY_LETTERS = 4


def nearest_ids(edition: Edition, wanted: str, count: int = 3) -> list[str]:
    """The ids closest to ``wanted`` by number (same section first), for error messages."""
    section, number, letter = _rule_key(wanted)

    def distance(rule: Rule) -> tuple[float, str]:
        other_section, other_number, other_letter = _rule_key(rule.id)
        if other_section != section:
            return (1e9, rule.id)
        if number < 0 or other_number < 0:
            return (1e6 + abs(other_number), rule.id)
        return (abs(other_number - number) + 0.6 * abs(other_letter - letter), rule.id)

    ranked = sorted(edition.rules, key=distance)
    return [rule.id for rule in ranked[:count] if distance(rule)[0] < 1e9]

"""A rule, section, glossary term or document paragraph in one edition, with its references,
as ``rules show`` and ``rules history`` read what they are asked:

- :func:`find`: the rule with its lettered subrules, a term in any of its written forms, a
  section or heading by its title; what to say when the edition holds nothing of that name
  (:class:`RuleNotFound`, :func:`nearest_ids`, :func:`missing_hint`);
- :func:`references`: the cross-references of rules ("See rule 311"), each resolved in the
  rules' edition or, for an edition that cannot follow them (one built from a seed quoting
  rule 901 alone), in the editions numbered as it is (:func:`reference_sources`).

``rules show`` itself, which follows a rule into other editions and says where a rule it
cannot show is, is :mod:`planarcli.rulebook.show`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from planarcli.errors import (
    ECHOED,
    DataUnavailableError,
    NotFoundError,
    UsageError,
    echo_text,
    echoed,
)
from planarcli.rulebook.catalogue import load_edition
from planarcli.rulebook.corpus import (
    CLOSURE_SCOPE,
    ENGLISH_CR,
    IMPORT_HINT,
    RULINGS,
    Edition,
    EditionInfo,
    Reference,
    Rule,
)
from planarcli.rulebook.current import day_number
from planarcli.rulebook.ruleids import (
    check_text,
    find_references,
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


# --------------------------------------------------------------------------- references


def first_words(text: str, count: int = 12) -> str:
    words = text.split()
    return " ".join(words[:count]) + (" …" if len(words) > count else "")


def _lookup(edition: Edition, target: str) -> Rule | None:
    """The rule ``target`` names: its own entry (a section by its heading). Only in an
    edition without a closure, which may lack section headings, does a section's first
    rule stand for it; otherwise "see rule 704" is not answered by 704.6f alone."""
    hit = edition.rule(target)
    if hit is None and "." not in target and edition.closure is None:
        first = next((i for i in edition.ids if i.startswith(target + ".")), None)
        hit = edition.rule(first) if first is not None else None
    return hit


def references(
    edition: Edition, rules: list[Rule], others: Iterable[Edition] = ()
) -> list[Reference]:
    """Every cross-reference in ``rules``, each resolved against ``edition``.

    A reference the edition cannot follow is looked up in ``others`` (see
    :func:`reference_sources`), first match wins; its preview is then that edition's text.
    A reference to a rule shown alongside (a subrule citing its parent) is left out.
    """
    shown = {rule.id for rule in rules}
    out: dict[str, Reference] = {}
    for rule in rules:
        for target in find_references(rule.text):
            if target in shown or target in out:
                continue
            hit = _lookup(edition, target)
            elsewhere = None
            hit_elsewhere = None
            if hit is None:
                for other in others:
                    hit_elsewhere = _lookup(other, target)
                    if hit_elsewhere is not None:
                        elsewhere = other.id
                        break
            preview = hit or (hit_elsewhere if elsewhere else None)
            out[target] = Reference(
                target=target,
                from_rule=rule.id,
                found=hit is not None,
                preview=first_words(preview.text) if preview is not None else None,
                elsewhere=elsewhere,
            )
    return list(out.values())


def reference_sources(edition: Edition, editions: list[EditionInfo]) -> Iterable[Edition]:
    """The editions to follow ``edition``'s references into when it cannot, nearest first.

    Only an edition without a closure (built from a seed that quotes rule 901 alone, or
    imported by an older planarcli) needs them: the other English Comprehensive Rules
    editions, bundled and imported, and imported editions in the same language. A rule
    number means different rules in different editions (2009's 309.6 is not 2016's), so the
    editions nearest in date to ``edition`` come first; for an undated document, the newest
    first. A translation gets the English editions numbered as it is (see
    :func:`_same_numbering`). Editions with a closure hold everything they cite (two
    references deep) and get none: another year's rule of the same number would be a guess.
    Each edition is loaded only when a reference gets that far.
    """
    if edition.closure is not None:
        return []
    if edition.info.kind == "translation":
        return _same_numbering(edition, editions)
    candidates = [
        info
        for info in editions
        if info.lang == edition.info.lang
        and info.id != edition.id
        and (info.source == "imported" or info.kind == edition.info.kind == ENGLISH_CR)
    ]
    shown = day_number(edition.info.effective)

    def nearness(info: EditionInfo) -> tuple[int, int]:
        day = day_number(info.effective)
        if day is None:
            return (1, 0)
        if shown is None:
            return (0, -day)
        return (0, abs(day - shown))

    return _OnDemand(sorted(candidates, key=nearness))


def _cited_by_901(edition: Edition) -> set[str]:
    """The rules outside 901 that ``edition``'s section 901 cites."""
    section = [rule_id for rule_id in edition.ids if rule_id == "901" or rule_id[:4] == "901."]
    return {
        target
        for rule_id in section
        for target in find_references(edition.text(rule_id))
        if target.split(".")[0] != "901"
    }


def _same_numbering(edition: Edition, editions: list[EditionInfo]) -> list[Edition]:
    """For a translation (the French 2010-07-16 text): the English Comprehensive Rules
    editions whose rule 901 cites exactly the rules the translation's 901 cites, nearest in
    date first. The translation's "Cf. règle 309.6" means rule 309.6 of the English edition
    it translates; an English edition numbered the same way (2011-07-15 for 2010-07-16: its
    901 cites 103.6, 115.2f, 309, 309.6, 701.20, 800.4a, 801 and 806, as the French does)
    holds that rule under that number, one numbered otherwise (2010-02-01: 114.2f, 805)
    does not. None agrees: nothing is followed."""
    wanted = _cited_by_901(edition)
    if not wanted:
        return []
    shown = day_number(edition.info.effective)
    english = sorted(
        (info for info in editions if info.is_english_cr),
        key=lambda info: abs((day_number(info.effective) or 0) - (shown or 0)),
    )
    agreeing = []
    for info in english:
        try:
            other = load_edition(info)
        except DataUnavailableError:
            continue
        if other.closure is not None and _cited_by_901(other) == wanted:
            agreeing.append(other)
    return agreeing


class _OnDemand:
    """Editions loaded the first time iteration reaches them (unreadable ones skipped)."""

    def __init__(self, infos: list[EditionInfo]) -> None:
        self._infos = infos
        self._loaded: list[Edition | None] = []

    def __iter__(self) -> Iterator[Edition]:
        for index, info in enumerate(self._infos):
            if index == len(self._loaded):
                try:
                    self._loaded.append(load_edition(info))
                except DataUnavailableError:
                    self._loaded.append(None)
            edition = self._loaded[index]
            if edition is not None:
                yield edition

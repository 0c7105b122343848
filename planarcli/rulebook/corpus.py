"""The rules corpus's records: an edition as listed (:class:`EditionInfo`) and as loaded
(:class:`Edition`), its rules, glossary entries, moved sentences and references.

The jobs around them each have a module of their own (the modules of ``rulebook/`` import
one way, bottom up; ``tests/project/test_package_order.py`` keeps the order):

- :mod:`planarcli.rulebook.ruleids`: rule ids and terms as typed and as cited;
- :mod:`planarcli.rulebook.current`: which edition is current, and which one a name means;
- :mod:`planarcli.rulebook.catalogue`: the catalogue of editions, bundled and imported, loading
  one, and their caches;
- :mod:`planarcli.rulebook.finder`: a rule, section or glossary term in one edition, and the
  references of rules, followed into other editions where they must be;
- :mod:`planarcli.rulebook.show`: ``rules show``.

An edition read from an official file holds section 901, the Planechase glossary, every other
rule whose own text speaks of Planechase, and the rules they cite, two references deep; its
``closure`` says which (see
:func:`planarcli.rulebook.crtext.planechase_closure`). An edition built from a seed holds only
what the seed quotes and has no closure. Nothing here imports click.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from planarcli.records import record

if TYPE_CHECKING:
    from pathlib import Path

EDITION_FORMAT = "planarcli-rules-edition"
MANIFEST_FORMAT = "planarcli-rules-manifest"
SCHEMA_VERSION = 1
ENGLISH_CR = "comprehensive-rules"
#: The kind of the card rulings document (id ``rulings``): not an edition of the rules.
RULINGS = "rulings"
#: A card's Oracle text in the rulings document: its id is ``card:<card-slug>``, its kind
#: ``card`` (the rulings' ids are ``ruling:<card-slug>.<n>``, their kind ``ruling``)
CARD_PREFIX = "card:"
CARD_TEXT = "card"
#: the kinds of passage that are about one card (its Oracle text, its rulings)
CARD_KINDS = ("ruling", CARD_TEXT)
IMPORT_HINT = "import an official Comprehensive Rules file with `planarcli rules import` to read it"
#: What an edition read from an official file holds (see ``closure``).
CLOSURE_SCOPE = (
    "section 901, the Planechase glossary and every rule that speaks of Planechase, with the "
    "rules they cite, two references deep"
)


@record
class EditionInfo:
    """One edition or document, as listed (without its rules)."""

    id: str
    title: str
    lang: str
    kind: str
    effective: str | None
    source: str  # "bundled" | "imported"
    location: str  # the file (a string: pathlib stays off the start-up path)
    current: bool = False
    translation_of: str | None = None

    @property
    def path(self) -> Path:
        from pathlib import Path

        return Path(self.location)

    @property
    def is_english_cr(self) -> bool:
        return self.kind == ENGLISH_CR and self.lang == "en"


@record
class Rule:
    """One numbered rule (or document paragraph, or glossary entry when ``kind`` says so)."""

    id: str
    text: str
    lang: str
    kind: str = "rule"  # "rule" | "glossary" | "ruling" | "card" (a card's Oracle text)
    card: str | None = None  # a card ruling's or Oracle text's card (English name)
    date: str | None = None  # a card ruling's date (an Oracle text's type line)


@record
class GlossaryEntry:
    term: str
    text: str


@record
class Moved:
    """A sentence of a translation's English rule that a later edition moved to another
    rule: that rule's id in the current edition, the edition's date, the sentence as it was."""

    current: str
    since: str
    sentence: str


@record
class Reference:
    """A cross-reference such as "See rule 311" found in a rule's text."""

    target: str  # the rule id referred to, e.g. "701.31"
    from_rule: str  # the id of the rule whose text holds the reference
    found: bool  # whether the target is in the same edition's corpus
    preview: str | None  # the first words of the target, when found
    elsewhere: str | None = None  # when not found: another edition that has it


class Edition:
    """A loaded edition: its rules in document order, its glossary and, for an edition read
    from an official file, its ``closure`` (which rules it holds and why; None otherwise).
    Read-only.

    A loaded edition keeps its rule texts by id and makes a :class:`Rule` only when one is
    asked for (``rule``, ``rules``): ``rules show`` of one rule then costs little however
    many rules the edition holds.
    """

    __slots__ = (
        "_made",
        "_rules",
        "_texts",
        "aligned",
        "cards",
        "closure",
        "glossary",
        "info",
        "moved",
        "source",
    )

    def __init__(
        self,
        info: EditionInfo,
        rules: tuple[Rule, ...] = (),
        glossary: tuple[GlossaryEntry, ...] = (),
        source: dict[str, Any] | None = None,
        closure: dict[str, Any] | None = None,
        *,
        texts: dict[str, str] | None = None,
        cards: dict[str, tuple[str, str]] | None = None,
        aligned: dict[str, tuple[str, str]] | None = None,
        moved: dict[str, tuple[Moved, ...]] | None = None,
    ) -> None:
        self.info = info
        #: for the card rulings: ruling id -> (card, date); a card's Oracle text (id
        #: ``card:<slug>``) -> (card, type line)
        self.cards: dict[str, tuple[str, str]] = cards or {}
        #: for a translation or guide: passage id -> (the rule of the current English
        #: edition it corresponds to, the effective date since which that rule has its
        #: present wording); passages without one are absent
        self.aligned: dict[str, tuple[str, str]] = aligned or {}
        #: for a translation's passage: the sentences of its English rule that moved to
        #: other rules since (French 901.4's shuffling sentence: 103.3a since 2022-10-07)
        self.moved: dict[str, tuple[Moved, ...]] = moved or {}
        self.glossary = glossary
        self.source: dict[str, Any] = source or {}
        self.closure = closure
        if texts is None:
            self._rules: tuple[Rule, ...] | None = tuple(rules)
            self._made = {rule.id: rule for rule in rules}
            self._texts = {rule.id: rule.text for rule in rules}
        else:  # rule id -> text, in document order, in the edition's language
            self._rules = None
            self._made = {}
            self._texts = texts

    def __repr__(self) -> str:
        return f"Edition({self.info.id!r}, {len(self._texts)} rules)"

    @property
    def id(self) -> str:
        return self.info.id

    @property
    def ids(self) -> list[str]:
        """The rule ids in document order (no :class:`Rule` is made)."""
        return list(self._texts)

    @property
    def rules(self) -> tuple[Rule, ...]:
        """Every rule, in document order."""
        if self._rules is None:
            self._rules = tuple(self._make(rule_id) for rule_id in self._texts)
        return self._rules

    def rule(self, rule_id: str) -> Rule | None:
        """The rule with exactly this id, or None."""
        if rule_id not in self._texts:
            return None
        return self._make(rule_id)

    def text(self, rule_id: str) -> str:
        """The text of the rule ``rule_id``, which the edition holds (no :class:`Rule` is
        made)."""
        return self._texts[rule_id]

    def rules_of(self, rule_ids: Iterable[str]) -> list[Rule]:
        """The rules with these ids, each one the edition holds, in the order given."""
        return [self._make(rule_id) for rule_id in rule_ids]

    def _make(self, rule_id: str) -> Rule:
        made = self._made.get(rule_id)
        if made is None:
            card = self.cards.get(rule_id)
            if card is None:
                made = Rule(rule_id, self._texts[rule_id], self.info.lang)
            else:
                kind = CARD_TEXT if rule_id.startswith(CARD_PREFIX) else "ruling"
                made = Rule(rule_id, self._texts[rule_id], self.info.lang, kind, *card)
            self._made[rule_id] = made
        return made


def scope(edition: Edition) -> str:
    """What ``edition`` holds, for messages about references it cannot follow."""
    if edition.closure is not None:
        return CLOSURE_SCOPE
    if edition.info.kind in (ENGLISH_CR, "translation"):
        return "only what its source quotes"
    return "a document, not the Comprehensive Rules"

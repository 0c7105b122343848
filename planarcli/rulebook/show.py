"""``rules show``: a rule, section, glossary term or document paragraph in the edition asked
for, with what it refers to, and what to say when it is not there.

- :func:`show_rule`: what ``rules show`` shows. The edition asked for is searched with
  :func:`planarcli.rulebook.finder.find`; an edition that holds only what its source quotes
  (2024-09-20: rule 901 and three glossary entries) sends a rule or term it lacks to the
  edition its references are followed into (2024-11-08), never to a dead end.
- :class:`NotShown`: nothing found; its hint says where the term is a glossary entry
  ("encounter" in 2009), where the rule is numbered so ("309.7" is 311.7 today), which card
  a ruling id names, or which document a paragraph id belongs to; ``in_editions`` names the
  editions with such a term.

The ``rules`` commands print what these return (through :mod:`planarcli.report.rules`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from planarcli.errors import PlanarError
from planarcli.records import record, replace
from planarcli.rulebook import corpus
from planarcli.rulebook.catalogue import list_editions, load_edition
from planarcli.rulebook.current import resolve_edition
from planarcli.rulebook.finder import RuleNotFound, find, reference_sources, references
from planarcli.rulebook.ruleids import (
    RULING_PREFIX,
    fold_accents,
    normalise_rule_id,
    plain_query,
    ruling_named,
    ruling_slug,
    term_forms,
)


@record
class Shown:
    """What ``rules show`` found: ``rules`` (with subrules) from the edition ``loaded``,
    which is the edition ``asked`` unless the rule was followed elsewhere, and the
    references of those rules."""

    asked: corpus.Edition
    loaded: corpus.Edition
    rules: list[corpus.Rule]
    refs: list[corpus.Reference]
    note: str | None = None  # how the id asked was read, when it was read as another


class NotShown(RuleNotFound):
    """``rules show`` found nothing; ``in_editions`` are the other English Comprehensive
    Rules editions with a glossary entry of that name."""

    def __init__(
        self,
        message: str,
        *,
        suggestions: list[str],
        hint: str | None,
        in_editions: list[str],
    ) -> None:
        super().__init__(message, suggestions=suggestions, hint=hint)
        self.in_editions = in_editions


if TYPE_CHECKING:
    #: The English name of the card a name denotes, or None: the card catalog's lookup,
    #: which the command passes (rulebook/ does not import cards/).
    CardNamed = Callable[[str], str | None]


def show_rule(rule_id: str, edition: str, card_named: CardNamed | None = None) -> Shown:
    """``rule_id`` (a rule, section, glossary term or document paragraph) in ``edition``
    (``current``, an id or a date), or in the edition its references are followed into.

    With ``card_named``, a name that is a card's, not a rule's, is read as that card's
    rulings ("ruling:Académie de l'Ouest de Tolaria", a printed name), or the hint says
    where its rulings or its text are ("Stairs to Infinity" has no rulings).
    Nothing found: :class:`NotShown`."""
    try:
        return _show_in(rule_id, edition)
    except NotShown as error:
        if card_named is None:
            raise
        return _show_card(rule_id, edition, error, card_named)


def _show_in(rule_id: str, edition: str) -> Shown:
    """:func:`show_rule` without the card catalog."""
    infos = list_editions()
    loaded = load_edition(
        resolve_edition(_edition_for(rule_id, edition, infos), infos, by_date=True)
    )
    asked = loaded
    try:
        found = find(loaded, rule_id)
    except RuleNotFound as error:
        fallback = _show_elsewhere(loaded, infos, rule_id)
        if fallback is None:
            hint = error.hint
            term_in = _term_elsewhere(loaded, infos, rule_id)
            if term_in:
                # "encounter" in 2009: a term of later editions, not a typo
                hint = (
                    f"{rule_id!r} is a glossary entry in {_spans(term_in)}; "
                    f"try `planarcli rules show {rule_id!r} --edition {term_in[-1]}`"
                )
                # "planechase" in 2009: the same entry under its name of then
                from planarcli.rulebook.history import renamed_hint

                renamed = renamed_hint(rule_id, loaded, term_in[-1])
                if renamed is not None:
                    hint = f"{rule_id!r} is a glossary entry in {_spans(term_in)}; {renamed}"
            else:
                # "309.7": the number of the rule in older editions (311.7 today)
                from planarcli.rulebook.history import renumbered_hint

                hint = renumbered_hint(rule_id, loaded) or hint
            suggestions = error.suggestions
            cards = _ruling_cards(loaded, infos, rule_id)
            if cards:
                # "Spatial Merging" (a card, not a rule), "ruling:Spatial Mergng" (a typo)
                prefix = RULING_PREFIX
                suggestions = suggestions or [prefix + ruling_slug(c) for c in cards]
                hint = f"the rulings of {cards[0]}: `planarcli rules show {prefix + cards[0]!r}`"
            elif not suggestions:
                hint = _ruling_hint(rule_id) or hint
            # an id of another document, or of the rules in a document numbered otherwise
            hint = _document_hint(loaded, infos, rule_id) or hint
            raise NotShown(
                error.message, suggestions=suggestions, hint=hint, in_editions=term_in
            ) from None
        loaded, found = fallback
    refs = references(loaded, found)
    if any(not ref.found for ref in refs):
        refs = references(loaded, found, reference_sources(loaded, infos))
    return Shown(asked=asked, loaded=loaded, rules=found, refs=refs)


def _show_card(rule_id: str, edition: str, error: NotShown, card_named: CardNamed) -> Shown:
    """For a ``rules show`` that found nothing: the rulings of the card ``rule_id`` names
    by another name (``ruling:`` and a printed name), or ``error`` with a hint of where that
    card's rulings or text are."""
    named = ruling_named(rule_id)
    prefixed = named is not None
    name, place = _card_and_place(named if named is not None else rule_id)
    card = None
    if prefixed or (not error.suggestions and normalise_rule_id(rule_id) is None):
        # "ruling:Académie de l'Ouest de Tolaria" (a printed name), "ruling:Stairs to
        # Infinity" (a card without rulings), or such a name alone
        card = card_named(name)
    # (the rulings are a document of their own, whatever --edition names)
    with_rulings = _rulings_of(card + place) if card is not None else None
    any_rulings = with_rulings or (_rulings_of(card) if card is not None and place else None)
    in_rulings = edition.strip().lower() in ("current", corpus.RULINGS)
    if with_rulings is not None and prefixed and in_rulings:
        return replace(with_rulings, note=f"reading ruling:{name} as ruling:{card}")
    if prefixed and not in_rulings:
        pass  # "ruling:tazeem.1 --edition 2009-10-01": the hint already says where
    elif card is not None and any_rulings is not None:
        error.hint = (
            "" if prefixed else f"{card} is a card, not a rule; "
        ) + f"the rulings of {card}: `planarcli rules show {'ruling:' + card!r}`"
    elif card is not None and not (prefixed and error.suggestions):
        error.hint = (
            f"{card} has no official rulings; its text: `planarcli cards show {card!r}`"
            if prefixed
            else f"{card} is a card, not a rule, and has no official rulings; its "
            f"text: `planarcli cards show {card!r}`"
        )
    raise error


def _card_and_place(text: str) -> tuple[str, str]:
    """ "Tazeem.2" → ("Tazeem", ".2"): a card's name and the place of one of its rulings."""
    place = re.search(r"\.\d+\s*$", text)
    if place is None:
        return text.strip(), ""
    return text[: place.start()].strip(), place.group().strip()


def _rulings_of(card: str) -> Shown | None:
    """``rules show ruling:CARD``, or None when the card has no rulings (or not that one)."""
    try:
        return _show_in(f"ruling:{card}", "current")
    except PlanarError:
        return None


def _ruling_cards(
    loaded: corpus.Edition, infos: list[corpus.EditionInfo], rule_id: str
) -> list[str]:
    """For a ``rules show`` that found nothing: the cards with rulings that ``rule_id``
    names ("Spatial Merging") or nearly names ("ruling:Spatial Mergng"), best first; empty
    when it names none, or names a ruling of a card that has rulings ("ruling:x.99")."""
    named = ruling_named(rule_id)
    prefixed = named is not None
    query = named if named is not None else rule_id.strip()
    if not prefixed and normalise_rule_id(query) is not None:
        return []
    if len(query) > 200:
        return []
    wanted = ruling_slug(query).partition(".")[0]  # the card, without a ruling's place
    if not wanted:
        return []
    rulings = next((i for i in infos if i.kind == corpus.RULINGS), None)
    if rulings is None:
        return []
    try:
        edition = loaded if loaded.info.kind == corpus.RULINGS else load_edition(rulings)
    except PlanarError:
        return []
    # (the cards ruled on: the document also holds every card's Oracle text, "card:...")
    by_slug = {
        ruling_slug(card): card
        for key, (card, _) in edition.cards.items()
        if key.startswith(RULING_PREFIX)
    }
    if wanted in by_slug:
        return [] if prefixed else [by_slug[wanted]]
    if not prefixed:
        return []
    import difflib

    close = difflib.get_close_matches(wanted, list(by_slug), n=3, cutoff=0.75)
    return [by_slug[slug] for slug in close]


def _ruling_hint(rule_id: str) -> str | None:
    """For ``ruling:NAME`` that names no card with rulings: how to name one (the command
    says so instead when NAME is a card of the catalog without rulings)."""
    named = ruling_named(plain_query(rule_id))
    if named is None:
        return None
    name = ruling_slug(named).partition(".")[0].replace("-", " ")
    if not name:
        return "name a card after `ruling:`, as in `planarcli rules show 'ruling:Spatial Merging'`"
    shown = repr(name) if len(name) <= 60 else "NAME"
    return (
        "no card with official rulings has that name; find the card's name with "
        f"`planarcli cards match {shown}`, and every card's rulings with "
        "`planarcli rules show rulings`"
    )


def _document_hint(
    loaded: corpus.Edition, infos: list[corpus.EditionInfo], rule_id: str
) -> str | None:
    """For an id ``loaded`` lacks that belongs elsewhere: a card ruling or another document's
    paragraph asked of an edition ("ruling:tazeem.1 --edition 2009-10-01"), or today's rule
    asked of a translation or guide numbered otherwise ("901.9b" is the French 901.8b,
    "901.3" the Danish guide's paragraphs 19 and 20). None for anything else."""
    edition = next((i for i in infos if i.is_english_cr and i.id == rule_id.strip()), None)
    if edition is not None:  # "rules show 2026-01-16": an edition, not a rule of one
        return (
            f"{edition.id} is an edition of the rules: its section 901 with `planarcli rules "
            f"show 901 --edition {edition.id}`, what changed since with `planarcli rules diff "
            f"{edition.id} current`"
        )
    wanted = normalise_rule_id(rule_id)
    if wanted is None:
        return None
    if wanted.startswith("ruling:"):
        if loaded.info.kind == corpus.RULINGS:
            return None
        return f"{wanted} is a card ruling, not in {loaded.id}: `planarcli rules show {wanted}`"
    head = wanted.rpartition(".")[0]
    for info in infos:
        if not info.is_english_cr and info.id.lower() == head and info.id != loaded.id:
            return (
                f"{wanted} is a paragraph of {info.id}, not of {loaded.id}: "
                f"`planarcli rules show {wanted}`"
            )
    if loaded.info.is_english_cr or not re.match(r"^\d{3}", wanted):
        return None
    if loaded.info.kind == corpus.RULINGS:
        return (
            f"{loaded.id} holds the card rulings (ruling:CARD.N); rule {wanted}: "
            f"`planarcli rules show {wanted}`"
        )
    # the passages that say what today's rule says (with its subrules: "901.9" → 901.9a...)
    passages = [
        passage
        for passage, (current, _) in loaded.aligned.items()
        if current == wanted
        or (current.startswith(wanted) and current[len(wanted) :].isalpha())
        or (current.startswith(wanted + "."))
    ]
    if passages and passages[0].startswith(loaded.id + "."):
        # a guide's paragraphs, which say what the rule says (and are found without --edition)
        named = passages[:4]
        listed = ", ".join(named[:-1]) + " and " + named[-1] if len(named) > 1 else named[0]
        says = "says" if len(passages) == 1 else "say"
        subrules = any(loaded.aligned[p][0] != wanted for p in passages)
        what = f"{wanted} and its subrules say" if subrules else f"{wanted} says"
        return f"{listed} {says} what today's {what}: `planarcli rules show {passages[0]}`"
    if passages:
        shown = ", ".join(passages[:4]) + (" …" if len(passages) > 4 else "")
        return (
            f"today's {wanted} is {shown} in {loaded.id}: "
            f"`planarcli rules show {passages[0]} --edition {loaded.id}`"
        )
    return (
        f"{loaded.id} holds {corpus.scope(loaded)}; today's {wanted}: "
        f"`planarcli rules show {wanted}`"
    )


def _show_elsewhere(
    edition: corpus.Edition, infos: list[corpus.EditionInfo], rule_id: str
) -> tuple[corpus.Edition, list[corpus.Rule]] | None:
    """The rule or term ``rule_id`` from the first of ``edition``'s reference sources that
    has it (see :func:`reference_sources`), or None."""
    for other in reference_sources(edition, infos):
        try:
            return other, find(other, rule_id)
        except RuleNotFound:
            continue
    return None


def _term_elsewhere(
    edition: corpus.Edition, infos: list[corpus.EditionInfo], query: str
) -> list[str]:
    """The other English Comprehensive Rules editions with a glossary entry named ``query``
    (not for rule ids: a number means different rules in different editions)."""
    if normalise_rule_id(query) is not None or not edition.info.is_english_cr:
        return []
    wanted = fold_accents(query.replace("_", "").strip())
    found = []
    for info in infos:
        if info.is_english_cr and info.id != edition.id:
            try:
                other = load_edition(info)
            except PlanarError:
                continue
            terms = {fold_accents(e.term.replace("_", "")) for e in other.glossary}
            if terms & set(term_forms(wanted)):
                found.append(info.id)
    return found


def _spans(ids: list[str]) -> str:
    """ "the 2011-07-15 edition", or "10 editions from 2012-06-01 to 2026-01-16"."""
    if len(ids) == 1:
        return f"the {ids[0]} edition"
    return f"{len(ids)} editions from {ids[0]} to {ids[-1]}"


def _edition_for(rule_id: str, edition: str, infos: list[corpus.EditionInfo]) -> str:
    """A document paragraph id ("danish-guide.3") picks its document when --edition is
    left at ``current``."""
    if edition.strip().lower() == "current":
        head = rule_id.strip().lower().rpartition(".")[0] or rule_id.strip().lower()
        for info in infos:
            if info.kind != corpus.ENGLISH_CR and info.id.lower() == head:
                return info.id
        if ruling_named(head) is not None:  # a card ruling: "ruling:spatial-merging.2"
            for info in infos:
                if info.kind == corpus.RULINGS:
                    return info.id
    return edition

"""What ``rules show`` shows, and what to suggest when ``rules show`` or ``rules search``
finds nothing.

- :func:`show_rule`: a rule, section, glossary term or document paragraph in the edition
  asked for, with what it refers to. An edition that holds only what its source quotes
  (2024-09-20: rule 901 and three glossary entries) sends a rule or term it lacks to the
  edition its references are followed into (2024-11-08), never to a dead end.
- :class:`NotShown`: nothing found; its hint says where the term is a glossary entry
  ("encounter" in 2009) or where the rule is numbered so ("309.7" is 311.7 today), and
  ``in_editions`` names the editions with such a term.
- :func:`no_results`: the error ``rules search`` raises for an empty result, with a hint of
  what the command line did not say.

The ``rules`` commands print what these return (through :mod:`planarcli.report.rules`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from planarcli.errors import NotFoundError, PlanarError, echoed
from planarcli.records import record
from planarcli.rulebook import corpus


@record
class Shown:
    """What ``rules show`` found: ``rules`` (with subrules) from the edition ``loaded``,
    which is the edition ``asked`` unless the rule was followed elsewhere, and the
    references of those rules."""

    asked: corpus.Edition
    loaded: corpus.Edition
    rules: list[corpus.Rule]
    refs: list[corpus.Reference]


class NotShown(corpus.RuleNotFound):
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


def show_rule(rule_id: str, edition: str) -> Shown:
    """``rule_id`` (a rule, section, glossary term or document paragraph) in ``edition``
    (``current``, an id or a date), or in the edition its references are followed into.
    Nothing found: :class:`NotShown`."""
    infos = corpus.list_editions()
    loaded = corpus.load_edition(
        corpus.resolve_edition(_edition_for(rule_id, edition, infos), infos, by_date=True)
    )
    asked = loaded
    try:
        found = corpus.show(loaded, rule_id)
    except corpus.RuleNotFound as error:
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
            else:
                # "309.7": the number of the rule in older editions (311.7 today)
                hint = _renumbered_hint(rule_id, loaded) or hint
            suggestions = error.suggestions
            cards = _ruling_cards(loaded, infos, rule_id)
            if cards:
                # "Spatial Merging" (a card, not a rule), "ruling:Spatial Mergng" (a typo)
                prefix = corpus.RULING_PREFIX
                suggestions = suggestions or [prefix + corpus.ruling_slug(c) for c in cards]
                hint = f"the rulings of {cards[0]}: `planarcli rules show {prefix + cards[0]!r}`"
            raise NotShown(
                error.message, suggestions=suggestions, hint=hint, in_editions=term_in
            ) from None
        loaded, found = fallback
    refs = corpus.references(loaded, found)
    if any(not ref.found for ref in refs):
        refs = corpus.references(loaded, found, corpus.reference_sources(loaded, infos))
    return Shown(asked=asked, loaded=loaded, rules=found, refs=refs)


def _ruling_cards(
    loaded: corpus.Edition, infos: list[corpus.EditionInfo], rule_id: str
) -> list[str]:
    """For a ``rules show`` that found nothing: the cards with rulings that ``rule_id``
    names ("Spatial Merging") or nearly names ("ruling:Spatial Mergng"), best first; empty
    when it names none, or names a ruling of a card that has rulings ("ruling:x.99")."""
    named = corpus.ruling_named(rule_id)
    prefixed = named is not None
    query = named if named is not None else rule_id.strip()
    if not prefixed and corpus.normalise_rule_id(query) is not None:
        return []
    if len(query) > 200:
        return []
    wanted = corpus.ruling_slug(query).partition(".")[0]  # the card, without a ruling's place
    if not wanted:
        return []
    rulings = next((i for i in infos if i.kind == corpus.RULINGS), None)
    if rulings is None:
        return []
    try:
        edition = loaded if loaded.info.kind == corpus.RULINGS else corpus.load_edition(rulings)
    except PlanarError:
        return []
    by_slug = {corpus.ruling_slug(card): card for card, _ in edition.cards.values()}
    if wanted in by_slug:
        return [] if prefixed else [by_slug[wanted]]
    if not prefixed:
        return []
    import difflib

    close = difflib.get_close_matches(wanted, list(by_slug), n=3, cutoff=0.75)
    return [by_slug[slug] for slug in close]


def no_results(
    text: str, scope: Sequence[corpus.EditionInfo], edition: str | None, lang: str | None
) -> NotFoundError:
    """The error for a search of ``text`` in ``scope`` that found nothing: where a rule
    number asked for is numbered in that edition, or else what else to try."""
    # (the card rulings searched beside the current edition are not an edition)
    editions = [info for info in scope if info.kind != corpus.RULINGS] or list(scope)
    where = editions[0].id if len(editions) == 1 else f"{len(editions)} editions"
    named = re.fullmatch(r"(?:rules?|r[èe]gles?|regel(?:en)?)?\s*(\S+)", text, re.IGNORECASE)
    number = corpus.normalise_rule_id(named.group(1)) if named else None
    renumbered = (
        _renumbered_hint(number, corpus.load_edition(editions[0]))
        if number is not None and len(editions) == 1
        else None
    )
    return NotFoundError(
        f"no results for {echoed(text)} in {where}",
        hint=renumbered or _search_hint(edition, lang),
    )


def _search_hint(edition: str | None, lang: str | None) -> str:
    """What else to try when a search finds nothing: what the command line did not say."""
    tries = ["other words"]
    if (edition or "").strip().lower() != "all" and not lang:
        tries.append("`--edition all`")
    if not lang:
        tries.append("`--lang fr` / `--lang da`")
    elif lang == "fr":
        tries.append("the English text (without `--lang`): the French text is rule 901 of 2010")
    elif lang == "da":
        tries.append("the English text (without `--lang`): the Danish text is a short guide")
    return "try " + ", ".join(tries[:-1]) + (", or " if len(tries) > 2 else " or ") + tries[-1]


def _renumbered_hint(rule_id: str, edition: corpus.Edition) -> str | None:
    """For a rule id that ``edition`` lacks but other editions have: where that rule is in
    ``edition`` ("309.7 of 2016-08-26 is 311.7 in 2026-01-16"), or which editions number it
    so, as `rules history` says it; None for anything else."""
    from planarcli.rulebook import history as rulehistory

    if corpus.normalise_rule_id(rule_id) is None or not edition.info.is_english_cr:
        return None
    try:
        rulehistory.load_history(rule_id, edition.id)
    except rulehistory.NotInEdition as error:
        # only what history found of the number elsewhere, not its generic advice
        found_elsewhere = error.hint is not None and error.hint.startswith(f"{rule_id} ")
        return error.hint if found_elsewhere else None
    except PlanarError:
        return None
    return None


def _show_elsewhere(
    edition: corpus.Edition, infos: list[corpus.EditionInfo], rule_id: str
) -> tuple[corpus.Edition, list[corpus.Rule]] | None:
    """The rule or term ``rule_id`` from the first of ``edition``'s reference sources that
    has it (see :func:`corpus.reference_sources`), or None."""
    for other in corpus.reference_sources(edition, infos):
        try:
            return other, corpus.show(other, rule_id)
        except corpus.RuleNotFound:
            continue
    return None


def _term_elsewhere(
    edition: corpus.Edition, infos: list[corpus.EditionInfo], query: str
) -> list[str]:
    """The other English Comprehensive Rules editions with a glossary entry named ``query``
    (not for rule ids: a number means different rules in different editions)."""
    if corpus.normalise_rule_id(query) is not None or not edition.info.is_english_cr:
        return []
    wanted = corpus.fold_accents(query.replace("_", "").strip())
    found = []
    for info in infos:
        if info.is_english_cr and info.id != edition.id:
            try:
                other = corpus.load_edition(info)
            except PlanarError:
                continue
            terms = {corpus.fold_accents(e.term.replace("_", "")) for e in other.glossary}
            if terms & {wanted, wanted.rstrip("s"), wanted + "s"}:
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
        if corpus.ruling_named(head) is not None:  # a card ruling: "ruling:spatial-merging.2"
            for info in infos:
                if info.kind == corpus.RULINGS:
                    return info.id
    return edition

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
                # "planechase" in 2009: the same entry under its name of then
                renamed = _term_renamed(rule_id, loaded, term_in[-1])
                if renamed is not None:
                    hint = f"{rule_id!r} is a glossary entry in {_spans(term_in)}; {renamed}"
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
            elif not suggestions:
                hint = _ruling_hint(rule_id) or hint
            # an id of another document, or of the rules in a document numbered otherwise
            hint = _document_hint(loaded, infos, rule_id) or hint
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


def _ruling_hint(rule_id: str) -> str | None:
    """For ``ruling:NAME`` that names no card with rulings: how to name one (the command
    says so instead when NAME is a card of the catalog without rulings)."""
    named = corpus.ruling_named(corpus.plain_query(rule_id))
    if named is None:
        return None
    name = corpus.ruling_slug(named).partition(".")[0].replace("-", " ")
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
    wanted = corpus.normalise_rule_id(rule_id)
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

    normal = corpus.normalise_rule_id(rule_id)
    if normal is None or not edition.info.is_english_cr:
        return None
    rule_id = normal  # "(309.7)", "CR 309.7": 309.7
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
            if terms & set(corpus.term_forms(wanted)):
                found.append(info.id)
    return found


def _term_renamed(term: str, edition: corpus.Edition, holder: str) -> str | None:
    """For a glossary term that ``edition`` lacks but ``holder`` has: how to show the same
    entry under the name ``edition`` gives it ("Planechase" was "Planar Magic" until 2011),
    as `rules history` pairs them; None when it had no such entry."""
    from planarcli.rulebook import history as rulehistory

    try:
        followed = rulehistory.load_history(term, holder)
    except PlanarError:
        return None
    then = next((v for v in followed.versions if edition.id in v.editions), None)
    if then is None:
        return None
    name = then.id.replace("_", "")
    where = "" if edition.info.current else f" --edition {edition.id}"
    return f"{edition.id} calls it {name}: `planarcli rules show {name!r}{where}`"


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

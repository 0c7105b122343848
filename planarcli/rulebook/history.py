"""One rule through every edition: each distinct wording, renumbering followed.

``rules history ID`` reads ID in the numbering of one edition (the current one by default)
and follows it to older and newer editions with the same pairing ``rules diff`` uses
(:func:`planarcli.rulebook.diff.align`: structure first, then text), one neighbouring edition
at a time. An edition that does not hold the rule's place (a bundled edition quoting only
section 901, asked about 311.7) says nothing about it and is skipped; an edition that holds
the place but not the rule ends the trail: the rule was added after it, or removed in it.

Only English Comprehensive Rules editions take part. A translation (the bundled French text
of 2010-07-16) is not a wording of the rules but a rendering of one: it differs in every word
and would read as a new version each time; guides and variants are other documents.

Glossary entries have histories too ("Planeswalk"): followed by term, and through a rename
("Planar Magic" → "Planechase") by their text.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from planarcli.errors import DataUnavailableError, NotFoundError, PlanarError, echo_text, echoed
from planarcli.rulebook import corpus
from planarcli.rulebook.catalogue import list_editions, load_edition, newer_current, warn
from planarcli.rulebook.compared import alignment_of
from planarcli.rulebook.corpus import Edition, EditionInfo, GlossaryEntry
from planarcli.rulebook.current import resolve_edition
from planarcli.rulebook.diff import Alignment, align, align_glossary, term_key
from planarcli.rulebook.finder import find, missing_hint, nearest_ids, reference_sources
from planarcli.rulebook.ruleids import (
    check_text,
    fold_accents,
    normalise_rule_id,
    plain_query,
    term_forms,
)
from planarcli.rulebook.textdiff import DiffPiece, normalise, word_pieces


@dataclass(frozen=True)
class Version:
    """One wording of a rule: its id, the editions that print it, and its text."""

    id: str
    since: str
    until: str | None
    editions: tuple[str, ...]
    text: str


@dataclass(frozen=True)
class History:
    rule: str  # the id (or glossary term) asked about, as the edition spells it
    edition: str  # the edition whose numbering ``rule`` is read in
    kind: str  # "rule" | "glossary"
    versions: tuple[Version, ...]
    editions_searched: tuple[str, ...]
    #: (since, sentence, today's rule) of each sentence a later edition moved to another
    #: rule, as the translations' comparisons know it (901.4's shuffle is 103.3a since 2022)
    moved: tuple[tuple[str, str, str], ...] = ()

    def changes(self) -> list[tuple[DiffPiece, ...]]:
        """The word diff from each version to the next (one fewer than the versions)."""
        return [
            word_pieces(before.text, after.text)
            for before, after in zip(self.versions, self.versions[1:], strict=False)
        ]


def history_editions(infos: Sequence[EditionInfo]) -> list[EditionInfo]:
    """The editions a history runs through: English Comprehensive Rules, oldest first."""
    chosen = [info for info in infos if info.is_english_cr]
    return sorted(chosen, key=lambda info: (info.effective or "", info.id))


class NotInEdition(NotFoundError):
    """The rule asked about is not in the edition; ``suggestions`` are the nearest ids."""

    def __init__(
        self,
        message: str,
        *,
        suggestions: list[str],
        hint: str | None,
        renumbered: str | None = None,
    ) -> None:
        super().__init__(message, hint=hint)
        self.suggestions = suggestions
        #: the number the edition gives the rule other editions number so (309.7 → 311.7)
        self.renumbered = renumbered


def rule_history(
    editions: Sequence[Edition],
    query: str,
    edition_id: str,
    *,
    alignments: dict[tuple[int, int], Alignment] | None = None,
) -> History:
    """The history of rule (or glossary term) ``query`` read in edition ``edition_id``.

    ``editions`` are the English Comprehensive Rules editions, oldest first (see
    :func:`history_editions`). ``alignments``: the pairs of these editions aligned so far,
    by their places in ``editions``; a caller that follows many rules through the same
    editions (scripts/build_rules.py) passes one dict to each call, so that each pair is
    aligned once. Raises :class:`NotInEdition` (exit 1) when ``edition_id`` has no such
    rule or term.
    """
    index = next(i for i, edition in enumerate(editions) if edition.id == edition_id)
    start = editions[index]
    rule_id = normalise_rule_id(query)
    if rule_id is not None and start.rule(rule_id) is not None:
        trail = _trail(editions, index, rule_id, _rule_step(editions, alignments))
        kind, name = "rule", rule_id
    else:
        entry = _glossary_entry(start, query)
        if entry is None:
            raise _not_found(editions, start, query, rule_id)
        trail = _trail(editions, index, entry.term, _glossary_step(editions))
        kind, name = "glossary", entry.term
    return History(
        rule=name,
        edition=start.id,
        kind=kind,
        versions=tuple(_versions(editions, trail)),
        editions_searched=tuple(edition.id for edition in editions),
    )


# --------------------------------------------------------------------------- the trail

#: (edition index, id or term, text) of the rule in each edition that holds it, and the
#: index of the edition that removed it (None when none did)
_Trail = tuple[list[tuple[int, str, str]], int | None]
#: step(from index, to index, id, forward) → ("paired", id, text) | ("ended"|"skip", "", "")
_Step = Callable[[int, int, str, bool], tuple[str, str, str]]


def _trail(editions: Sequence[Edition], index: int, name: str, step: _Step) -> _Trail:
    found: dict[int, tuple[str, str]] = {index: (name, _text_of(editions[index], name))}
    removed_at: int | None = None
    for forward, indices in (
        (True, range(index + 1, len(editions))),
        (False, range(index - 1, -1, -1)),
    ):
        here, current = index, name
        for other in indices:
            status, partner, text = step(here, other, current, forward)
            if status == "paired":
                found[other] = (partner, text)
                here, current = other, partner
            elif status == "ended":
                if forward:
                    removed_at = other
                break
    return [(i, *found[i]) for i in sorted(found)], removed_at


def _text_of(edition: Edition, name: str) -> str:
    rule = edition.rule(name)
    if rule is not None:
        return rule.text
    entry = next(e for e in edition.glossary if e.term == name)
    return entry.text


def _rule_step(
    editions: Sequence[Edition], known: dict[tuple[int, int], Alignment] | None = None
) -> _Step:
    aligned: dict[tuple[int, int], Alignment] = {} if known is None else known

    def alignment(older: int, newer: int) -> Alignment:
        found = aligned.get((older, newer))
        if found is None:
            if known is None:  # the bundled comparisons where there are some
                found = alignment_of(editions[older], editions[newer])
            else:  # a build making its own, with the editions it is building
                found = align(editions[older].rules, editions[newer].rules)
            aligned[older, newer] = found
        return found

    def step(here: int, other: int, rule_id: str, forward: bool) -> tuple[str, str, str]:
        if forward:
            status, partner = alignment(here, other).follow(rule_id)
        else:
            status, partner = alignment(other, here).trace_back(rule_id)
        if partner is not None:
            return "paired", partner.id, partner.text
        return ("skip" if status == "not compared" else "ended"), "", ""

    return step


def _glossary_step(editions: Sequence[Edition]) -> _Step:
    @cache
    def alignment(
        older: int, newer: int
    ) -> tuple[dict[str, GlossaryEntry], dict[str, GlossaryEntry]]:
        pairs = align_glossary(editions[older].glossary, editions[newer].glossary).pairs
        return {a.term: b for a, b in pairs}, {b.term: a for a, b in pairs}

    def step(here: int, other: int, term: str, forward: bool) -> tuple[str, str, str]:
        forward_map, backward_map = alignment(here, other) if forward else alignment(other, here)
        partner = (forward_map if forward else backward_map).get(term)
        if partner is not None:
            return "paired", partner.term, partner.text
        # an entry the other edition lacks is one its source did not quote: skip it
        return "skip", "", ""

    return step


def _versions(editions: Sequence[Edition], trail: _Trail) -> list[Version]:
    found, removed_at = trail
    groups: list[list[tuple[int, str, str]]] = []
    for item in found:
        if groups:
            last = groups[-1][-1]
            same_name = term_key(last[1]) == term_key(item[1])  # "Planar _Magic_"
            if same_name and normalise(last[2]) == normalise(item[2]):
                groups[-1].append(item)
                continue
        groups.append([item])
    versions = []
    for number, group in enumerate(groups):
        if number + 1 < len(groups):
            until: str | None = editions[groups[number + 1][0][0]].id
        else:
            until = editions[removed_at].id if removed_at is not None else None
        first_index, first_id, first_text = group[0]
        versions.append(
            Version(
                id=first_id,
                since=editions[first_index].id,
                until=until,
                editions=tuple(editions[i].id for i, _, _ in group),
                text=first_text,
            )
        )
    return versions


# --------------------------------------------------------------------------- lookups


def _glossary_entry(edition: Edition, query: str) -> GlossaryEntry | None:
    # (written as `rules show` reads it: "planar dice", "chaos abilities")
    wanted = {term_key(form) for form in term_forms(fold_accents(query))}
    for entry in edition.glossary:
        if term_key(fold_accents(entry.term)) in wanted:
            return entry
    return None


def _not_found(
    editions: Sequence[Edition], start: Edition, query: str, rule_id: str | None
) -> NotInEdition:
    if rule_id is not None:
        suggestions = nearest_ids(start, rule_id)
        holders = [i for i, edition in enumerate(editions) if edition.rule(rule_id) is not None]
        here = None
        # a number no edition holds: what the editions hold, as `rules show` says it
        hint = missing_hint(start, rule_id)
        if holders:
            # the same rule in the edition asked about, when it is there under another number
            last = holders[-1]
            found, removed_at = _trail(editions, last, rule_id, _rule_step(editions))
            here = next((name for i, name, _ in found if editions[i] is start), None)
            after = editions.index(start) > last
            if here is not None:
                suggestions = [here, *(s for s in suggestions if s != here)][:3]
                hint = f"{rule_id} of {editions[last].id} is {here} in {start.id}"
            elif after and (removed_at is None or removed_at > editions.index(start)):
                # no edition up to this one held its place: never a guess at a renumbering
                hint = (
                    f"{rule_id} is outside the bundled rules of {start.id} (the official rules "
                    f"may still hold it); {_span([editions[i].id for i in holders])} "
                    f"{'holds' if len(holders) == 1 else 'hold'} it: read it with "
                    f"`--edition {editions[last].id}`"
                )
            else:
                hint = (
                    f"{rule_id} is a rule of {_span([editions[i].id for i in holders])}: read "
                    f"it in that numbering with `--edition {editions[last].id}`"
                )
        what = f"no rule {echo_text(rule_id)} in {start.id}"
    else:
        import difflib

        terms = {term_key(entry.term): entry.term for entry in start.glossary}
        wanted = term_key(query)
        close = difflib.get_close_matches(wanted, list(terms), n=3, cutoff=0.6)
        close += [key for key in terms if wanted in key.split() and key not in close]
        suggestions = [terms[key] for key in close[:3]]
        hint = "give a rule id such as 901.15a, or a glossary term such as Planeswalk"
        with_term = [edition.id for edition in editions if _glossary_entry(edition, query)]
        if with_term:
            # "Planar Magic" today, "encounter" in 2009: a term of other editions
            hint = (
                f"{query!r} is a glossary entry of {_span(with_term)}: read it in that "
                f"numbering with `planarcli rules history {query!r} --edition {with_term[-1]}`"
            )
        what = f"no rule or glossary entry {echoed(query)} in {start.id}"
    nearest = f"; nearest: {', '.join(suggestions)}" if suggestions else ""
    followed = here if rule_id is not None else None
    return NotInEdition(what + nearest, suggestions=suggestions, hint=hint, renumbered=followed)


def _span(edition_ids: list[str]) -> str:
    if len(edition_ids) == 1:
        return f"the {edition_ids[0]} edition"
    return f"the editions {edition_ids[0]} … {edition_ids[-1]}"


def _today_of(document: EditionInfo, passage_id: str | None) -> str | None:
    """ "901.8b of 2010-07-16-fr is today's 901.9b" for a passage of a translation or guide
    that corresponds to a rule of the current edition, else None."""
    if passage_id is None:
        return None
    try:
        aligned = load_edition(document).aligned.get(passage_id)
    except DataUnavailableError:
        return None
    return f"{passage_id} of {document.id} is today's {aligned[0]}" if aligned else None


def _not_a_rule(query: str, infos: Sequence[EditionInfo]) -> NotInEdition | None:
    """For a card ruling's id or a passage of another document ("danish-guide.8"): the error
    that says it has no history of its own, and where to look instead; else None."""
    passage_id = normalise_rule_id(query)
    if passage_id is None:
        return None
    if passage_id.startswith("ruling:"):
        return NotInEdition(
            f"{passage_id} is a card ruling, not a rule: the rulings have no editions to follow",
            suggestions=[],
            hint=f"show it with `planarcli rules show {passage_id}`",
        )
    head = passage_id.rpartition(".")[0]
    document = next((i for i in infos if not i.is_english_cr and i.id.lower() == head), None)
    if document is None:
        return None
    today = _today_of(document, passage_id)
    return NotInEdition(
        f"{passage_id} is a passage of {document.id} ({document.kind}), not a rule of the "
        "Comprehensive Rules",
        suggestions=[today.rpartition(" ")[2]] if today else [],
        hint=f"{today}: `planarcli rules history {today.rpartition(' ')[2]}`"
        if today
        else f"show it with `planarcli rules show {passage_id}`",
    )


def load_history(query: str, edition: str = "current", *, follow: bool = False) -> History:
    """The history of ``query`` (a rule id or glossary term) in the numbering of ``edition``
    (``current`` or an edition id), over every English Comprehensive Rules edition available,
    bundled and imported. With ``follow``, a number of other editions that ``edition`` gives
    another number (309.7, the plane section's number until 2021, is 311.7 today) is read as
    that number, said on stderr."""
    from planarcli.errors import UsageError

    query = plain_query(query)
    if not query.strip():
        raise UsageError(
            "no rule id or glossary term given",
            hint="for example `planarcli rules history 901.15a`",
        )
    check_text(query, "rules history")
    infos = list_editions()
    start = resolve_edition(edition, infos, by_date=True)
    if not start.is_english_cr:
        today = _today_of(start, normalise_rule_id(query))
        raise UsageError(
            f"{start.id} is a {start.kind} ({start.lang}); rules history reads rule ids in the "
            "numbering of an English Comprehensive Rules edition",
            hint=f"{today}: `planarcli rules history {today.rpartition(' ')[2]}`"
            if today
            else "use `--edition current` or the date of an edition; see "
            "`planarcli rules editions`",
        )
    passage = _not_a_rule(query, infos)
    if passage is not None:
        raise passage
    editions: list[corpus.Edition] = []
    for info in history_editions(infos):
        if info.id == start.id:
            loaded = load_edition(info)
            start = loaded.info  # a damaged current import: the edition read instead
            if all(other.id != loaded.id for other in editions):
                editions.append(loaded)
            continue
        try:
            editions.append(load_edition(info))
        except DataUnavailableError as error:  # one unreadable file: the others still tell
            warn(f"{error.message}; rules history goes on without it")
    try:
        return _with_moves(rule_history(editions, query, start.id), infos, follow)
    except NotInEdition as error:
        if follow and error.renumbered is not None:
            print(f"planarcli: note: {error.hint}: its history follows", file=sys.stderr)
            return _with_moves(rule_history(editions, error.renumbered, start.id), infos, True)
        # An edition that holds only what its source quotes (2024-09-20) reads the rules it
        # lacks in the numbering of the edition its references are followed into
        # (2024-11-08), as `rules show` does.
        loaded = next(edition for edition in editions if edition.id == start.id)
        for other in reference_sources(loaded, infos):
            if other.id in {edition.id for edition in editions} and _holds(other, query):
                print(
                    f"planarcli: note: {query} is not in {start.id}, which holds "
                    f"{corpus.scope(loaded)}; read in the numbering of {other.id}",
                    file=sys.stderr,
                )
                return rule_history(editions, query, other.id)
        raise


def _with_moves(history: History, infos: Sequence[EditionInfo], wanted: bool) -> History:
    """``history`` with the sentences of its rule that a later edition moved to another rule
    (``moved``), as the translations' passages of the rule record them (``wanted``: else
    as it is)."""
    if not wanted or history.kind != "rule":
        return history
    from dataclasses import replace

    from planarcli.rulebook.catalogue import moved_sentences

    english = sorted(
        (info.effective or "", info.id) for info in infos if info.is_english_cr and info.effective
    )
    found: dict[tuple[str, str, str], None] = {}
    for info in infos:
        if not info.translation_of:
            continue
        base = [edition_id for day, edition_id in english if day <= info.translation_of]
        version = next((v for v in history.versions if base and base[-1] in v.editions), None)
        if version is None:
            continue
        for moved in moved_sentences(info).get(version.id, ()):
            found[moved.since, moved.sentence, moved.current] = None
    return replace(history, moved=tuple(found)) if found else history


def _holds(edition: Edition, query: str) -> bool:
    try:
        find(edition, query)
    except NotFoundError:
        return False
    return True


# --------------------------------------------------------------------------- today's rule


def todays_rule(aligned_id: str, since: str) -> tuple[str, str] | None:
    """Today's rule for a translation's or guide's passage aligned (when the corpus was built)
    with rule ``aligned_id`` of the bundled current edition, worded so ``since``: (its id
    in the current edition, the date since which it is worded as now).

    As built while the bundled current edition is the current one; once a newer official
    edition is imported, the rule is followed into it as `rules history` follows it (a
    renumbering keeps the date, a rewording brings its own). None when the rule is gone.
    """
    newer = newer_current()
    if newer is None:
        return aligned_id, since
    base, current_id = newer
    try:
        followed = load_history(aligned_id, base)
    except NotFoundError:
        return None
    except DataUnavailableError:
        return aligned_id, since
    last = followed.versions[-1]
    if last.until is not None or current_id not in last.editions:
        return None  # removed since (or the history cannot tell)
    at_base = next(v for v in followed.versions if base in v.editions)
    return last.id, (since if last.text == at_base.text else last.since)


# --------------------------------------------------------------------------- hints


def renumbered_hint(rule_id: str, edition: Edition) -> str | None:
    """For a rule id that ``edition`` lacks but other editions have: where that rule is in
    ``edition`` ("309.7 of 2016-08-26 is 311.7 in 2026-01-16"), or which editions number it
    so, as `rules history` says it; None for anything else."""
    normal = normalise_rule_id(rule_id)
    if normal is None or not edition.info.is_english_cr:
        return None
    rule_id = normal  # "(309.7)", "CR 309.7": 309.7
    try:
        load_history(rule_id, edition.id)
    except NotInEdition as error:
        # only what history found of the number elsewhere, not its generic advice
        found_elsewhere = error.hint is not None and error.hint.startswith(f"{rule_id} ")
        return error.hint if found_elsewhere else None
    except PlanarError:
        return None
    return None


def renamed_hint(term: str, edition: Edition, holder: str) -> str | None:
    """For a glossary term that ``edition`` lacks but ``holder`` has: how to show the same
    entry under the name ``edition`` gives it ("Planechase" was "Planar Magic" until 2011),
    as `rules history` pairs them; None when it had no such entry."""
    try:
        followed = load_history(term, holder)
    except PlanarError:
        return None
    then = next((v for v in followed.versions if edition.id in v.editions), None)
    if then is None:
        return None
    name = then.id.replace("_", "")
    where = "" if edition.info.current else f" --edition {edition.id}"
    return f"{edition.id} calls it {name}: `planarcli rules show {name!r}{where}`"

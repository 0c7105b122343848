"""``planarcli rules ...``: show, search, list and compare rules editions.

Thin commands: options become arguments for :mod:`planarcli.rulebook.corpus` (and its
search and diff modules), the result goes to a text or JSON renderer, and PlanarErrors go
up to the CLI, which prints them as one line with their exit code.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

import click

from planarcli.commands.common import (
    PlanarGroup,
    completion_item,
    echo_json,
    format_option,
    json_errors,
    use_color,
)
from planarcli.errors import NotFoundError, PlanarError, echoed
from planarcli.rulebook import corpus

LANGUAGES = ("en", "fr", "da")
#: How many groups of rules a text diff names as "not compared" before it sums up the rest.
NOT_COMPARED_SHOWN = 8
F = TypeVar("F", bound=Callable[..., Any])


# --------------------------------------------------------------------------- completion


def complete_edition(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[click.shell_completion.CompletionItem]:
    """Edition ids (plus ``current``, and ``all`` where allowed) for shell completion."""
    from click.shell_completion import CompletionItem

    try:
        infos = corpus.list_editions()
    except PlanarError:
        return []
    names = [("current", "the current edition")]
    if ctx.command.name == "search":
        names.append(("all", "every edition and document"))
    names += [(info.id, f"{info.title} ({info.lang}, {info.source})") for info in infos]
    return [
        CompletionItem(name, help=help_text)
        for name, help_text in names
        if name.lower().startswith(incomplete.lower())
    ]


def complete_rule_id(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[click.shell_completion.CompletionItem]:
    """Rule ids and glossary terms of the chosen (or current) edition for shell completion."""
    from click.shell_completion import CompletionItem

    try:
        edition = corpus.load_edition(ctx.params.get("edition") or "current")
    except PlanarError:
        return []
    items = [
        CompletionItem(rule.id, help=corpus.first_words(rule.text, 8))
        for rule in edition.rules
        if rule.id.startswith(incomplete)
    ]
    wanted = corpus.fold_accents(incomplete)
    items += [
        completion_item(entry.term, help=corpus.first_words(entry.text, 8))
        for entry in edition.glossary
        if corpus.fold_accents(entry.term).startswith(wanted)
    ]
    return items


def edition_option(*, default: str | None, allow_all: bool = False) -> Callable[[F], F]:
    what = "`current`, an edition id, a date (the edition in force that day)" + (
        ", or `all`" if allow_all else ""
    )
    return click.option(
        "--edition",
        "edition",
        metavar="EDITION",
        default=default,
        show_default=default is not None,
        shell_complete=complete_edition,
        help=f"Edition to use: {what} (see `planarcli rules editions`).",
    )


# --------------------------------------------------------------------------- helpers


def _width() -> int:
    """Terminal width for wrapping (COLUMNS wins), kept between 40 and 100."""
    try:
        columns = int(os.environ.get("COLUMNS", "0")) or os.get_terminal_size().columns
    except (OSError, ValueError):
        columns = 80
    return max(40, min(columns, 100))


def _echo(text: str = "") -> None:
    """``click.echo`` that keeps our styling when ``use_color()`` asked for it."""
    click.echo(text, color=True if use_color() else None)


def _style(text: str, **styles: Any) -> str:
    return click.style(text, **styles) if use_color() else text


def _wrap(text: str, indent: int, first_prefix: str = "") -> str:
    """Greedy word wrap to the terminal width (textwrap costs more to import than this)."""
    width = _width()
    lines: list[str] = []
    line = first_prefix
    fresh = True  # nothing but the prefix on this line yet
    for word in text.split():
        if not fresh and len(line) + 1 + len(word) > width:
            lines.append(line)
            line, fresh = " " * indent, True
        line += word if fresh else " " + word
        fresh = False
    lines.append(line)
    return "\n".join(lines)


def _short(text: str, limit: int = 200) -> str:
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[:limit].rsplit(" ", 1)[0]
    return cut + " …"


# --------------------------------------------------------------------------- the group


class RulesGroup(PlanarGroup):
    """The ``rules`` group; ``import`` (and its CR text parser) is imported only when used."""

    lazy_commands: ClassVar[dict[str, tuple[str, str]]] = {
        "import": ("planarcli.commands.rules_import", "import_command"),
    }

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy_commands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy_commands and cmd_name not in self.commands:
            import importlib

            module, attribute = self.lazy_commands[cmd_name]
            self.add_command(getattr(importlib.import_module(module), attribute), cmd_name)
        return super().get_command(ctx, cmd_name)


@click.group(name="rules", cls=RulesGroup)
def rules() -> None:
    """Show, search and compare the Planechase rules (Comprehensive Rules 901).

    Bundled editions and documents are listed by `planarcli rules editions`; editions you
    import with `planarcli rules import` are used the same way and replace a bundled edition
    with the same id.
    """


# --------------------------------------------------------------------------- show


@rules.command("show")
@click.argument("rule_id", metavar="ID", shell_complete=complete_rule_id)
@edition_option(default="current")
@format_option()
@json_errors
def show_command(rule_id: str, edition: str, output_format: str) -> None:
    """Show rule ID with its subrules, and what it refers to.

    \b
    planarcli rules show 901.15      901.15 and 901.15a-c
    planarcli rules show 901         the whole section
    planarcli rules show planeswalk  a glossary entry
    planarcli rules show 901.8 --edition 2009-10-01

    Exits with 1 when the edition has no such rule or term.
    """
    infos = corpus.list_editions()
    loaded = corpus.load_edition(
        corpus.resolve_edition(_edition_for(rule_id, edition, infos), infos, by_date=True)
    )
    asked = loaded
    try:
        found = corpus.show(loaded, rule_id)
    except corpus.RuleNotFound as error:
        # An edition that holds only what its source quotes (2024-09-20: rule 901 and three
        # glossary entries) sends a rule or term it lacks to the edition its references are
        # followed into (2024-11-08), never to a dead end.
        fallback = _show_elsewhere(loaded, infos, rule_id)
        if fallback is None:
            term_in = _term_elsewhere(loaded, infos, rule_id)
            if term_in:
                # "encounter" in 2009: a term of later editions, not a typo
                error.hint = (
                    f"{rule_id!r} is a glossary entry in {_spans(term_in)}; "
                    f"try `planarcli rules show {rule_id!r} --edition {term_in[-1]}`"
                )
            else:
                # "309.7": the number of the rule in older editions (311.7 today)
                error.hint = _renumbered_hint(rule_id, loaded) or error.hint
            if output_format == "json":
                echo_json(
                    {
                        "query": rule_id,
                        "found": False,
                        "suggestions": error.suggestions,
                        "in_editions": term_in,
                    }
                )
            raise
        loaded, found = fallback
    refs = corpus.references(loaded, found)
    if any(not ref.found for ref in refs):
        refs = corpus.references(loaded, found, corpus.reference_sources(loaded, infos))
    if output_format == "json":
        echo_json(
            {
                "edition": loaded.id,
                **({"requested_edition": asked.id} if asked is not loaded else {}),
                "rules": [
                    {
                        "id": rule.id,
                        "text": rule.text,
                        "lang": rule.lang,
                        "kind": rule.kind,
                        **({"card": rule.card, "date": rule.date} if rule.card else {}),
                        **_current_json(loaded, rule.id),
                    }
                    for rule in found
                ],
                "references": [
                    {
                        "id": ref.target,
                        "from": ref.from_rule,
                        "found": ref.found,
                        "preview": ref.preview,
                        "elsewhere": ref.elsewhere,
                    }
                    for ref in refs
                ],
            }
        )
        return
    info = loaded.info
    _echo(_style(f"{info.title} — {info.id} ({info.lang}, {info.source})", dim=True))
    if asked is not loaded:
        _echo(
            _style(
                _wrap(
                    f"({rule_id} is not in {asked.id}, which holds {corpus.scope(asked)}; "
                    f"shown from {info.id}, the edition its references are followed into)",
                    0,
                ),
                dim=True,
            )
        )
    width = max(len(rule.id) for rule in found) + 2
    for rule in found:
        label = rule.id.ljust(width)
        body = f"{rule.card} ({rule.date}): {rule.text}" if rule.card else rule.text
        text = _wrap(body, width, first_prefix=label)
        if use_color():
            text = _style(rule.id, bold=True) + text[len(rule.id) :]
        _echo(text)
        aligned = loaded.aligned.get(rule.id)
        if aligned is not None:
            current_id, since = aligned
            note = f"(today's {current_id}, worded as now since {since})"
            _echo(_style(_wrap(note, width, first_prefix=" " * width), dim=True))
    wanted = corpus.normalise_rule_id(rule_id)
    if wanted is not None and loaded.rule(wanted) is None and found[0].kind == "rule":
        _echo(_style(f"(only part of {wanted} is in {info.id})", dim=True))
    followed = [ref for ref in refs if ref.found or ref.elsewhere]
    outside = [ref.target for ref in refs if not ref.found and not ref.elsewhere]
    if followed:
        _echo()
        _echo(_style("See also:", bold=True))
        ref_width = max(len(ref.target) for ref in followed) + 4
        for ref in followed:
            note = ref.preview or ""
            if not ref.found:
                note = f"in {ref.elsewhere}: {note}"
            label = f"  {ref.target}".ljust(ref_width)
            _echo(_wrap(note, ref_width, first_prefix=label))
        others = list(dict.fromkeys(ref.elsewhere for ref in followed if not ref.found))
        if others:
            commands = " or ".join(
                f"`planarcli rules show ID --edition {other}`" for other in others
            )
            _echo(
                _wrap(
                    f'({info.id} holds {corpus.scope(loaded)}; the rules marked "in" '
                    f"are another edition's: {commands})",
                    2,
                    first_prefix="  ",
                )
            )
    if outside:
        _echo()
        _echo(
            _wrap(
                f"Not in {info.id}: {', '.join(outside)} ({info.id} holds {corpus.scope(loaded)}).",
                2,
            )
        )


def _relation(result: Any, info: corpus.EditionInfo | None) -> str:
    """How a translation's or guide's passage relates to today's rule: "901.8b in the French
    text is 901.9b today; its wording changed in 2023"."""
    what = {"fr": "the French text", "da": "the Danish guide"}.get(result.lang, result.edition)
    said = f"{result.id} in {what}"
    since = result.current_since or ""
    effective = (info.effective if info is not None else None) or ""
    if since and effective and since > effective:
        when = f"; its wording changed in {since[:4]}"
    elif since:
        when = f"; worded so since {since[:4]}"
    else:
        when = ""
    return f"{said} is {result.current} today{when}."


def _current_json(edition: corpus.Edition, rule_id: str) -> dict[str, str]:
    """``current`` and ``current_since`` of a translation's or guide's passage, if any."""
    aligned = edition.aligned.get(rule_id)
    return {"current": aligned[0], "current_since": aligned[1]} if aligned else {}


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
        if head.startswith("ruling:"):  # a card ruling: "ruling:spatial-merging.2"
            for info in infos:
                if info.kind == corpus.RULINGS:
                    return info.id
    return edition


# --------------------------------------------------------------------------- search


@rules.command("search")
@click.argument("query", nargs=-1, required=True)
@edition_option(default=None, allow_all=True)
@click.option(
    "--lang",
    type=click.Choice(LANGUAGES, case_sensitive=False),
    default=None,
    help="Language of the documents searched; without --edition, every edition and "
    "document in that language.",
)
@click.option(
    "--limit",
    type=click.IntRange(min=1),
    default=10,
    show_default=True,
    help="Most results to show.",
)
@format_option()
@json_errors
def search_command(
    query: tuple[str, ...],
    edition: str | None,
    lang: str | None,
    limit: int,
    output_format: str,
) -> None:
    """Search the rules and glossary entries for QUERY, best matches first.

    Plain words, typos, common synonyms (dice, 2HG, shared deck...), rule numbers and French
    or Danish words all work. Searches the current edition unless --edition or --lang says
    otherwise; a question naming a card also searches its official rulings, and a French or
    Danish question the French text or the Danish guide (with today's rule for each passage).

    \b
    planarcli rules search planar die cost
    planarcli rules search "single planar deck" --edition 2009-10-01
    planarcli rules search "coût du dé planaire" --lang fr
    planarcli rules search hellride --edition all

    Exits with 1 when nothing matches (with --format json, after printing the empty list).
    """
    import gc

    from planarcli.rulebook import search as rulesearch
    from planarcli.rulebook import searchcache

    # The index is tens of thousands of small objects without cycles, and the process ends
    # after one search: the cyclic garbage collector would only walk them, several times.
    gc.disable()
    text = " ".join(query).strip()
    if lang:
        lang = lang.lower()
    rulesearch.check_query(text, limit)
    text, trimmed = rulesearch.trim_query(text)
    if trimmed:
        click.echo(
            f"planarcli: note: the query is read up to its {rulesearch.QUERY_WORDS}th word; "
            "the rest is left out",
            err=True,
        )
    # (a French or Danish question without --lang also searches the texts in its language)
    scope = rulesearch.search_scope(corpus.list_editions(), edition, lang, text)
    results = searchcache.search(text, scope, limit)
    if output_format == "json":
        echo_json(
            {
                "query": text,
                "editions": [info.id for info in scope],
                "results": [
                    {
                        "id": r.id,
                        "edition": r.edition,
                        "lang": r.lang,
                        "score": r.score,
                        "text": r.text,
                        "also_in": list(r.also_in),
                        "kind": r.kind,
                        **({"card": r.card, "date": r.date} if r.kind == "ruling" else {}),
                        **(
                            {"current": r.current, "current_since": r.current_since}
                            if r.current
                            else {}
                        ),
                    }
                    for r in results
                ],
            }
        )
        if not results:
            click.get_current_context().exit(1)
        return
    if not results:
        # (the card rulings searched beside the current edition are not an edition)
        editions = [info for info in scope if info.kind != corpus.RULINGS] or scope
        where = editions[0].id if len(editions) == 1 else f"{len(editions)} editions"
        named = re.fullmatch(r"(?:rules?|r[èe]gles?|regel(?:en)?)?\s*(\S+)", text, re.IGNORECASE)
        number = corpus.normalise_rule_id(named.group(1)) if named else None
        renumbered = (
            _renumbered_hint(number, corpus.load_edition(editions[0]))
            if number is not None and len(editions) == 1
            else None
        )
        raise NotFoundError(
            f"no results for {echoed(text)} in {where}",
            hint=renumbered or _search_hint(edition, lang),
        )
    dated = {info.id: info for info in scope}
    for result in results:
        head = (
            f"{_style(result.id, bold=True)} ({result.edition}"
            + (f", {result.lang}" if result.lang != "en" else "")
            + (", glossary" if result.kind == "glossary" else "")
            + (f", {result.card}, {result.date}" if result.kind == "ruling" else "")
            + f") score {result.score:.1f}"
            + (f"  (same text in {', '.join(result.also_in)})" if result.also_in else "")
        )
        _echo(head)
        _echo(_wrap(_short(result.text), 4, first_prefix="    "))
        if result.current:
            note = _relation(result, dated.get(result.edition))
            _echo(_style(_wrap(note, 4, first_prefix="    "), dim=True))


# --------------------------------------------------------------------------- editions


@rules.command("editions")
@format_option()
@json_errors
def editions_command(output_format: str) -> None:
    """List the rules editions and documents available (bundled and imported).

    The current edition (marked *) is what `--edition current` means.
    """
    infos = corpus.list_editions()
    if output_format == "json":
        echo_json(
            {
                "editions": [
                    {
                        "id": info.id,
                        "title": info.title,
                        "lang": info.lang,
                        "kind": info.kind,
                        "effective": info.effective,
                        "source": info.source,
                        "current": info.current,
                        "translation_of": info.translation_of,
                    }
                    for info in infos
                ]
            }
        )
        return
    id_width = max(len(info.id) for info in infos) + 2
    kind_width = max(len(info.kind) for info in infos) + 2
    for info in infos:
        mark = "*" if info.current else " "
        line = (
            f"{mark} {info.id.ljust(id_width)}{info.lang.ljust(4)}{info.kind.ljust(kind_width)}"
            f"{info.source.ljust(10)}"
        )
        room = max(EDITIONS_WIDTH - len(line), 12)  # an 80-column terminal; JSON has it whole
        title = info.title if len(info.title) <= room else info.title[: room - 1].rstrip() + "…"
        line += title
        _echo(_style(line, bold=True) if info.current else line)


#: The width ``rules editions`` fits its table to.
EDITIONS_WIDTH = 80


# --------------------------------------------------------------------------- diff


@rules.command("diff")
@click.argument("old", metavar="A", shell_complete=complete_edition)
@click.argument("new", metavar="B", shell_complete=complete_edition)
@click.option("--full", is_flag=True, help="Show whole texts instead of the changed words.")
@format_option()
@json_errors
def diff_command(old: str, new: str, full: bool, output_format: str) -> None:
    """What changed from edition A to edition B, renumbering-aware.

    Rules are paired by structure first (a section or rule renumbered as a whole keeps its
    subrules: 2009-10-01's 901.14a is today's 901.15a, 2021's Planes section 310 is 311),
    then by text. Rules in a section only one edition holds are "not compared". Changed
    words are shown as [-removed-]{+added+}; a sentence that moved as [~old place~] and
    {~new place~}.

    \b
    planarcli rules diff 2009-10-01 current
    planarcli rules diff 2024-09-20 2026-01-16 --format json
    """
    from planarcli.rulebook import diff as rulesdiff

    infos = corpus.list_editions()
    a = corpus.load_edition(corpus.resolve_edition(old, infos, by_date=True))
    b = corpus.load_edition(corpus.resolve_edition(new, infos, by_date=True))
    result = rulesdiff.diff_editions(a, b)
    if output_format == "json":
        echo_json(_diff_json(result))
        return
    _print_diff(result, full)


def _pieces_json(pieces: Any) -> list[dict[str, str]]:
    return [{"op": p.op, "text": p.text} for p in pieces]


def _change_json(change: Any) -> dict[str, Any]:
    return {
        "old_id": change.old_id,
        "new_id": change.new_id,
        "similarity": change.similarity,
        "text_changed": change.text_changed,
        "old_text": change.old_text,
        "new_text": change.new_text,
        "diff": change.word_diff(),
        "pieces": _pieces_json(change.pieces),
    }


def _diff_json(result: Any) -> dict[str, Any]:
    return {
        "old": result.old,
        "new": result.new,
        "summary": {
            "unchanged": result.unchanged,
            "added": len(result.added),
            "removed": len(result.removed),
            "reworded": len(result.reworded),
            "renumbered": len(result.renumbered),
            "not_compared": len(result.old_not_compared) + len(result.new_not_compared),
        },
        "sections_moved": [
            {"old": m.old, "new": m.new, "title": m.title} for m in result.sections_moved
        ],
        "not_compared": {
            result.old: [r.id for r in result.old_not_compared],
            result.new: [r.id for r in result.new_not_compared],
        },
        "added": [{"id": r.id, "text": r.text} for r in result.added],
        "removed": [{"id": r.id, "text": r.text} for r in result.removed],
        "reworded": [_change_json(c) for c in result.reworded],
        "renumbered": [_change_json(c) for c in result.renumbered],
        "glossary": {
            "reworded": [_change_json(c) for c in result.glossary_reworded],
            "renamed": [_change_json(c) for c in result.glossary_renamed],
            "not_compared": {
                result.old: list(result.glossary_old_only),
                result.new: list(result.glossary_new_only),
            },
        },
    }


def _render(pieces: Any, context: int | None = 6) -> str:
    """A word diff for the terminal; with ``context``, long unchanged stretches shortened."""
    from planarcli.rulebook.textdiff import render_pieces

    def colour(marked: str, op: str) -> str:
        return _style(marked, fg="red" if op in ("delete", "move-from") else "green")

    return render_pieces(pieces, context=context, style=colour if use_color() else None)


def _print_diff(result: Any, full: bool) -> None:
    from planarcli.rulebook.diff import describe_rules

    summary = (
        f"{result.old} → {result.new}: {len(result.reworded)} reworded, "
        f"{len(result.renumbered)} renumbered, {len(result.added)} added, "
        f"{len(result.removed)} removed, {result.unchanged} unchanged"
    )
    _echo(_wrap(summary, indent=2))
    for move in result.sections_moved:
        _echo(f"section {move.old} → {move.new} ({move.title}), with its rules")
    for edition, rules_only, terms_only in (
        (result.old, result.old_not_compared, result.glossary_old_only),
        (result.new, result.new_not_compared, result.glossary_new_only),
    ):
        if rules_only:
            labels = describe_rules(rules_only)
            if len(labels) > NOT_COMPARED_SHOWN:
                rest = len(labels) - NOT_COMPARED_SHOWN + 1
                labels = [*labels[: NOT_COMPARED_SHOWN - 1], f"and {rest} more (--format json)"]
            _echo(
                _wrap(
                    "; ".join(labels),
                    4,
                    first_prefix=f"only in {edition}, not compared: ",
                )
            )
        if terms_only:
            _echo(
                _wrap(
                    ", ".join(terms_only),
                    4,
                    first_prefix=f"glossary only in {edition}, not compared: ",
                )
            )
    if result.is_empty:
        partial = result.old_not_compared or result.new_not_compared
        _echo("no differences in what both editions hold" if partial else "no differences")
        return

    def heading(title: str) -> None:
        _echo()
        _echo(_style(title, bold=True))

    def show_change(label: str, change: Any) -> None:
        if not change.text_changed:
            _echo(f"  {label}  (same text)")
            return
        body = _render(change.pieces, None if full else 6)
        _echo(f"  {label}")
        _echo(_wrap(body, 6, first_prefix="      "))

    if result.renumbered:
        heading("Renumbered")
        for change in result.renumbered:
            show_change(f"{change.old_id} → {change.new_id}", change)
    if result.reworded:
        heading("Reworded")
        for change in result.reworded:
            show_change(change.new_id, change)
    for title, rules in (("Added", result.added), ("Removed", result.removed)):
        if rules:
            heading(title)
            for rule in rules:
                _echo(f"  {rule.id}")
                _echo(_wrap(_short(rule.text, 160), 4, first_prefix="    "))
    if result.glossary_reworded or result.glossary_renamed:
        heading("Glossary")
        for change in result.glossary_renamed:
            show_change(f"{change.old_id} → {change.new_id}", change)
        for change in result.glossary_reworded:
            show_change(change.new_id, change)


# --------------------------------------------------------------------------- history


@rules.command("history")
@click.argument("rule_id", metavar="ID", shell_complete=complete_rule_id)
@edition_option(default="current")
@format_option()
@json_errors
def history_command(rule_id: str, edition: str, output_format: str) -> None:
    """Every wording of rule ID across the editions, renumbering followed.

    ID (a rule id or a glossary term) is read in the numbering of --edition; the rule is
    then followed through every English Comprehensive Rules edition available, bundled and
    imported (a translation is not a wording of the rules and is left out). Each version
    shows the editions that print it and, after the first, a word diff from the one before.

    \b
    planarcli rules history 901.15a      901.14a from 2009-10-01 until 2012-06-01
    planarcli rules history 311.7        309.7 and 310.7 before
    planarcli rules history planeswalk   a glossary entry
    planarcli rules history 901.11 --edition 2009-09-04

    Exits with 1 when the edition has no such rule or term.
    """
    from planarcli.rulebook import history as rulehistory

    try:
        result = rulehistory.load_history(rule_id, edition)
    except rulehistory.NotInEdition as error:
        if output_format == "json":
            echo_json({"query": rule_id, "found": False, "suggestions": error.suggestions})
        raise
    if output_format == "json":
        echo_json(
            {
                "rule": result.rule,
                "edition": result.edition,
                "versions": [
                    {
                        "id": v.id,
                        "since": v.since,
                        "until": v.until,
                        "editions": list(v.editions),
                        "text": v.text,
                    }
                    for v in result.versions
                ],
            }
        )
        return
    _print_history(result)


def _print_history(result: Any) -> None:
    versions = result.versions
    count = len(versions)
    kind = "glossary entry " if result.kind == "glossary" else ""
    _echo(
        f"{kind}{result.rule} in the numbering of {result.edition}: "
        f"{count} wording{'s' if count != 1 else ''} in "
        f"{len(result.editions_searched)} editions searched"
    )
    changes = [None, *result.changes()]
    for version, before, pieces in zip(versions, [None, *versions[:-1]], changes, strict=True):
        span = f"from {version.since} " + (
            f"until {version.until}" if version.until else "(in force)"
        )
        if version is versions[-1] and version.until:
            span += " (removed)"
        _echo()
        _echo(_style(version.id, bold=True) + f"  {span}")
        _echo(_wrap(", ".join(version.editions), 4, first_prefix="    editions: "))
        if before is not None and before.id != version.id:
            change = "renamed" if result.kind == "glossary" else "renumbered"
            _echo(f"    {change}: {before.id} → {version.id}")
        body = version.text if pieces is None else _render(pieces, None)
        _echo(_wrap(body, 4, first_prefix="    "))

"""``planarcli rules ...``: show, search, list and compare rules editions.

Thin commands: options become arguments for :mod:`planarcli.rulebook` (``catalogue``,
``show``, ``search``, ``diff``, ``history``), the result goes to a text or JSON
renderer in :mod:`planarcli.report.rules`, and PlanarErrors go up to the CLI, which prints
them as one line with their exit code.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, TypeVar

import click

from planarcli.commands.common import (
    PlanarGroup,
    completion_item,
    echo_json,
    format_option,
    joined_words,
    json_errors,
    rest_of_name,
    typed_before,
    use_color,
    words_argument,
)
from planarcli.errors import PlanarError
from planarcli.rulebook import corpus
from planarcli.rulebook.catalogue import list_editions, load_edition, moved_sentences
from planarcli.rulebook.current import resolve_edition
from planarcli.rulebook.ruleids import fold_accents

LANGUAGES = ("en", "fr", "da")
F = TypeVar("F", bound=Callable[..., Any])


# --------------------------------------------------------------------------- completion


def complete_edition(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[click.shell_completion.CompletionItem]:
    """Edition ids (plus ``current``, and ``all`` where allowed) for shell completion."""
    from click.shell_completion import CompletionItem

    try:
        infos = list_editions()
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
    """Rule ids and glossary terms of the chosen (or current) edition for shell completion.
    After words typed unquoted (``rules show planar d``), the glossary terms that begin with
    all of them, less the words already typed (``die``)."""
    from click.shell_completion import CompletionItem

    from planarcli.rulebook.finder import first_words

    asked = ctx.params.get("edition") or "current"
    before = typed_before(ctx, param)
    if before:
        return _rest_of_terms(asked, before, incomplete)
    documents: list[corpus.EditionInfo] = []
    try:
        if asked.strip().lower() == "current" and ctx.command.name == "show":
            # a card ruling ("ruling:spa") or a document's paragraph ("danish-guide.1") is
            # read in its own document, as `rules show` reads it
            infos = list_editions()
            documents = [info for info in infos if not info.is_english_cr]
            wanted_low = incomplete.lower()
            own = next(
                (
                    info
                    for info in documents
                    if wanted_low.startswith(
                        "ruling:" if info.kind == corpus.RULINGS else info.id.lower() + "."
                    )
                ),
                None,
            )
            if own is not None:
                asked, documents = own.id, []
        edition = load_edition(asked)
    except PlanarError:
        return []
    items = [
        CompletionItem(rule.id, help=first_words(rule.text, 8))
        for rule in edition.rules
        if rule.id.startswith(incomplete)
    ]
    if incomplete and not incomplete[0].isdigit():
        # the documents themselves, and the prefix of the card rulings
        items += [
            CompletionItem(
                "ruling:" if info.kind == corpus.RULINGS else info.id,
                help=info.title,
            )
            for info in documents
            if ("ruling:" if info.kind == corpus.RULINGS else info.id).startswith(
                incomplete.lower()
            )
        ]
    wanted = fold_accents(incomplete)
    items += [
        completion_item(entry.term, help=first_words(entry.text, 8))
        for entry in edition.glossary
        if fold_accents(entry.term).startswith(wanted)
    ]
    return items


def _rest_of_terms(
    asked: str, before: tuple[str, ...], incomplete: str
) -> list[click.shell_completion.CompletionItem]:
    """The glossary terms of edition ``asked`` that begin with ``before`` and ``incomplete``,
    each less the words of ``before``."""
    from planarcli.rulebook.finder import first_words

    try:
        edition = load_edition(asked)
    except PlanarError:
        return []
    wanted = fold_accents(" ".join((*before, incomplete)))
    return [
        completion_item(rest_of_name(entry.term, before), help=first_words(entry.text, 8))
        for entry in edition.glossary
        if fold_accents(entry.term).startswith(wanted) and len(entry.term.split(" ")) > len(before)
    ]


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


def _styler() -> Callable[..., str] | None:
    """``click.style`` when the output is coloured (see :func:`use_color`), else None."""
    return click.style if use_color() else None


def _echo(text: str = "") -> None:
    """``click.echo`` that keeps our styling when ``use_color()`` asked for it."""
    click.echo(text, color=True if use_color() else None)


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
@words_argument("words", "ID", shell_complete=complete_rule_id)
@edition_option(default="current")
@format_option()
@json_errors
def show_command(words: tuple[str, ...], edition: str, output_format: str) -> None:
    """Show rule ID with its subrules, and what it refers to.

    \b
    planarcli rules show 901.15      901.15 and 901.15a-c
    planarcli rules show 901         the whole section
    planarcli rules show planeswalk  a glossary entry
    planarcli rules show planar die  a term of several words, quoted or not
    planarcli rules show 901.8 --edition 2009-10-01

    Exits with 1 when the edition has no such rule or term.
    """
    from planarcli.report import rules as render
    from planarcli.rulebook.show import NotShown, show_rule

    rule_id = joined_words(words)
    try:
        shown = show_rule(rule_id, edition, card_named=_catalog_card)
    except NotShown as error:
        if output_format == "json":
            echo_json(render.show_not_found_json(rule_id, error.suggestions, error.in_editions))
        raise
    if shown.note is not None:
        click.echo(f"planarcli: note: {shown.note}", err=True)
    if output_format == "json":
        echo_json(render.show_json(shown.loaded, shown.asked, shown.rules, shown.refs))
        return
    _echo(
        render.show_text(
            rule_id, shown.loaded, shown.asked, shown.rules, shown.refs, style=_styler()
        )
    )


def _catalog_card(name: str) -> str | None:
    """The English name of the plane or phenomenon ``name`` denotes (folded), or None (for a
    message only: the card catalog is loaded on this path alone)."""
    from planarcli.errors import PlanarError

    if not name.strip() or len(name) > 200:
        return None
    try:
        from planarcli.cards.store import load_catalog

        found = load_catalog(warn=False).lookup(name.strip())
    except PlanarError:
        return None
    return found.name if found is not None else None


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
@click.option(
    "--full",
    is_flag=True,
    help="Show each result's whole text, not only the passage that holds the query's words.",
)
@format_option()
@json_errors
def search_command(
    query: tuple[str, ...],
    edition: str | None,
    lang: str | None,
    limit: int,
    full: bool,
    output_format: str,
) -> None:
    """Search the rules and glossary entries for QUERY, best matches first.

    Plain words, typos, common synonyms (dice, 2HG, shared deck...), rule numbers and French
    or Danish words all work. Searches the current edition unless --edition or --lang says
    otherwise; a question naming a card also searches its official rulings, and a French or
    Danish question the French text or the Danish guide (with today's rule for each passage).
    Each result shows the passage of its text that holds the query's words (--full: the whole
    text); JSON gives the whole text and that passage.

    \b
    planarcli rules search planar die cost
    planarcli rules search "single planar deck" --edition 2009-10-01
    planarcli rules search "coût du dé planaire" --lang fr
    planarcli rules search hellride --edition all

    Exits with 1 when nothing matches (with --format json, after printing the empty list).
    """
    import gc

    from planarcli.report import rules as render
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
    scope = rulesearch.search_scope(list_editions(), edition, lang, text)
    results = searchcache.search(text, scope, limit)
    moved = _moved_sentences(results, scope)
    if output_format == "json":
        echo_json(render.search_json(text, scope, results, moved))
    if not results:
        from planarcli.rulebook.searchhints import no_results

        # after the JSON (an empty list), the one line on stderr, as for text: exit 1
        raise no_results(text, scope, edition, lang)
    if output_format == "json":
        return
    _echo(render.search_text(results, scope, style=_styler(), moved=moved, full=full))


def _moved_sentences(
    results: Sequence[Any], scope: Sequence[corpus.EditionInfo]
) -> dict[tuple[str, str], tuple[corpus.Moved, ...]]:
    """Per result of a translation aligned with today's rules: the sentences of its English
    rule that moved to other rules since (read from the translation only then)."""
    shown = {r.edition for r in results if r.current}
    out: dict[tuple[str, str], tuple[corpus.Moved, ...]] = {}
    for info in scope:
        if info.id in shown and info.translation_of:
            moved = moved_sentences(info)
            for r in results:
                if r.edition == info.id and r.id in moved:
                    out[info.id, r.id] = moved[r.id]
    return out


# --------------------------------------------------------------------------- editions


@rules.command("editions")
@format_option()
@json_errors
def editions_command(output_format: str) -> None:
    """List the rules editions and documents available (bundled and imported).

    The current edition (marked *) is what `--edition current` means.
    """
    from planarcli.report import rules as render

    infos = list_editions()
    if output_format == "json":
        echo_json(render.editions_json(infos))
        return
    _echo(render.editions_text(infos, style=_styler()))


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
    from planarcli.report import rules as render
    from planarcli.rulebook import compared

    infos = list_editions()
    a = load_edition(resolve_edition(old, infos, by_date=True))
    # one name twice ("2009 2009") is one edition, its note said once
    same = new.strip().casefold() == old.strip().casefold()
    b = a if same else load_edition(resolve_edition(new, infos, by_date=True))
    result = compared.compare(a, b)
    if output_format == "json":
        echo_json(render.diff_json(result))
        return
    _echo(render.diff_text(result, full, style=_styler()))


# --------------------------------------------------------------------------- history


@rules.command("history")
@words_argument("words", "ID", shell_complete=complete_rule_id)
@edition_option(default="current")
@format_option()
@json_errors
def history_command(words: tuple[str, ...], edition: str, output_format: str) -> None:
    """Every wording of rule ID across the editions, renumbering followed.

    ID (a rule id or a glossary term) is read in the numbering of --edition; the rule is
    then followed through every English Comprehensive Rules edition available, bundled and
    imported (a translation is not a wording of the rules and is left out). Each version
    shows the editions that print it and, after the first, a word diff from the one before.

    \b
    planarcli rules history 901.15a      901.14a from 2009-10-01 until 2012-06-01
    planarcli rules history 311.7        309.7 and 310.7 before
    planarcli rules history planeswalk   a glossary entry
    planarcli rules history planar deck  a term of several words, quoted or not
    planarcli rules history 901.11 --edition 2009-09-04

    Exits with 1 when the edition has no such rule or term.
    """
    from planarcli.report import rules as render
    from planarcli.rulebook import history as rulehistory

    rule_id = joined_words(words)
    try:
        result = rulehistory.load_history(rule_id, edition, follow=True)
    except rulehistory.NotInEdition as error:
        if output_format == "json":
            echo_json(render.history_not_found_json(rule_id, error.suggestions))
        raise
    if output_format == "json":
        echo_json(render.history_json(result))
        return
    _echo(render.history_text(result, style=_styler()))

"""``planarcli cards``: look up, browse, search and sync plane and phenomenon cards.

The commands are thin: each parses its options, asks ``planarcli.cards`` (the catalog from
``planarcli.cards.store.load_catalog``: the bundled snapshot united with a valid synced cache;
``planarcli.cards.sync`` for a sync; ``planarcli.cards.store.snapshot_rulings`` for a card's
rulings), and
hands the result to ``planarcli.report.cards`` (one card) or ``planarcli.report.catalog``
(tables, data info, sync), which render it as text or JSON. Nothing here
imports requests unless a command really talks to Scryfall (``sync``, ``show --online``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import click

from planarcli.cards.names import fold_name
from planarcli.commands.common import (
    PlanarCommand,
    PlanarGroup,
    completion_item,
    echo_json,
    format_option,
    is_offline,
    joined_words,
    json_errors,
    offline_option,
    rest_of_name,
    typed_before,
    words_argument,
)
from planarcli.errors import NotFoundError, PlanarError, UsageError
from planarcli.errors import echoed as echo_repr

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

    from planarcli.cards.catalog import Catalog
    from planarcli.cards.model import Card

F = TypeVar("F", bound=Callable[..., Any])

#: Kept here (not imported from planarcli.cards.scryfall) so ``--help`` does not import requests.
DEFAULT_API_URL = "https://api.scryfall.com"
API_URL_ENV = "PLANARCLI_SCRYFALL_URL"

#: Completion never offers more than this many names.
COMPLETION_LIMIT = 50


def _note(message: str) -> None:
    click.echo(f"planarcli: {message}", err=True)


# -- card-name completion --------------------------------------------------------------------
def complete_card_name(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """Catalog names for the shell (``planarcli.cards.resolve.completions``), escaped for
    bash (see ``bash_escape``). After words typed unquoted (``cards show Chaotic Ae``), the
    names that begin with all of them, less the words already typed (``Aether``)."""
    from planarcli.cards.resolve import completions
    from planarcli.cards.store import load_catalog

    try:
        catalog = load_catalog(warn=False)
    except PlanarError:
        return []
    before = typed_before(ctx, param)
    if not before:
        names = completions(catalog, incomplete, COMPLETION_LIMIT)
        return [completion_item(name) for name in names]
    typed = fold_name(" ".join((*before, incomplete)))
    names = [
        name
        for name in completions(catalog, " ".join((*before, incomplete)), COMPLETION_LIMIT)
        if fold_name(name).startswith(typed) and len(name.split(" ")) > len(before)
    ]
    return [completion_item(rest_of_name(name, before)) for name in names]


# -- shared bits -----------------------------------------------------------------------------
#: ``--exclude-set`` for ``cards list|search`` and ``deck random``.
exclude_set_option = click.option(
    "--exclude-set",
    "exclude_sets",
    multiple=True,
    metavar="CODE[,CODE...]",
    help="Leave out cards printed ONLY in these sets (e.g. punk,pssc); a card also printed "
    "in another set stays. Repeatable.",
)


def parse_set_codes(values: Iterable[str], option: str) -> tuple[str, ...]:
    """Set codes from repeated and comma-separated option values ("punk,pssc"), lower-cased,
    each once. An option given with no code in it is a UsageError."""
    values = list(values)
    codes = [code.strip().lower() for value in values for code in value.split(",")]
    codes = [code for code in codes if code]
    if values and not codes:
        raise UsageError(f"{option} needs a set code (e.g. {option} punk,pssc)")
    return tuple(dict.fromkeys(codes))


def warn_unknown_sets(catalog: Catalog, codes: Iterable[str]) -> None:
    """A warning on stderr for each code no card of the catalog is printed in."""
    codes = list(codes)
    if not codes:
        return
    known = _printed_sets(catalog)
    for code in codes:
        if code not in known:
            _note(f"warning: no card is printed in set {code!r}")


def _printed_sets(catalog: Catalog) -> set[str]:
    """Every set code a card of the catalog is printed in."""
    return {code for card in catalog.cards for code in card.sets}


# -- set codes as printed on the products (issue 16 item 6) --------------------------------------
def filed_set_codes(catalog: Catalog, written: dict[str, str]) -> dict[str, str]:
    """For each code (a key of ``written``, which says how the user gave it: "--set hop",
    "s:hop") whose product's planes Scryfall files under another code (``hop`` → ``ohop``),
    that code, with a note on stderr saying so."""
    if not written:
        return {}
    from planarcli.cards.search import filed_set_codes as filed_codes
    from planarcli.cards.search import filed_set_note

    filed = filed_codes(written, _printed_sets(catalog))
    for code, instead in filed.items():
        _note(filed_set_note(written[code], code, instead))
    return filed


def _as_filed(catalog: Catalog, codes: Sequence[str], option: str) -> tuple[str, ...]:
    filed = filed_set_codes(catalog, {code: f"{option} {code}" for code in codes})
    return tuple(dict.fromkeys(filed.get(code, code) for code in codes))


# -- end of set codes as printed ------------------------------------------------------------------
def _filter_options(func: F) -> F:
    options = [
        click.option(
            "--kind",
            type=click.Choice(["plane", "phenomenon"], case_sensitive=False),
            help="Only planes or only phenomena.",
        ),
        click.option(
            "--set",
            "sets",
            multiple=True,
            metavar="CODE[,CODE...]",
            help="Only cards printed in any of these sets (Scryfall codes, e.g. opca,opc2; "
            "hop, pc2, pca as printed on the products find ohop, opc2, opca); repeatable.",
        ),
        click.option(
            "--subtype",
            metavar="TYPE",
            help="Only planes of this planar type (e.g. Dominaria; case and apostrophes ignored).",
        ),
        exclude_set_option,
    ]
    for option in reversed(options):
        func = option(func)
    return func


def _filtered(
    catalog: Catalog,
    kind: str | None,
    sets: Sequence[str],
    subtype: str | None,
    exclude_sets: Sequence[str],
) -> list[Card]:
    if subtype is not None and not subtype.strip():
        raise UsageError("--subtype needs a planar type (e.g. --subtype Dominaria)")
    wanted = _as_filed(catalog, parse_set_codes(sets, "--set"), "--set")
    excluded = _as_filed(catalog, parse_set_codes(exclude_sets, "--exclude-set"), "--exclude-set")
    warn_unknown_sets(catalog, [*wanted, *(c for c in excluded if c not in wanted)])
    return catalog.filter(
        kind=kind.lower() if kind else None, sets=wanted, subtype=subtype, exclude_sets=excluded
    )


def _echo_cards_or_not_found(
    cards: Sequence[Card], output_format: str, document: dict[str, Any], nothing: str
) -> None:
    """The cards as JSON (``document`` plus the card list) or as a table. When there are
    none, JSON still prints its document (an empty list), the text table prints nothing, and
    NotFoundError (exit 1) says ``nothing``, once, on stderr."""
    from planarcli.report.cards import output_width
    from planarcli.report.catalog import card_summary, cards_text

    if output_format == "json":
        echo_json({**document, "cards": [card_summary(card) for card in cards]})
    elif cards:
        click.echo(cards_text(cards, output_width()))
    if not cards:
        raise NotFoundError(nothing)


def _filters_text(
    kind: str | None, sets: Sequence[str], subtype: str | None, exclude_sets: Sequence[str]
) -> str:
    """The filter options as given, for a message ("--kind phenomenon --set who")."""
    parts = [f"--kind {kind.lower()}"] if kind else []
    parts += [f"--set {value}" for value in sets]
    parts += [f"--subtype {subtype!r}"] if subtype else []
    parts += [f"--exclude-set {value}" for value in exclude_sets]
    return " ".join(parts)


# -- the group -------------------------------------------------------------------------------
@click.group(cls=PlanarGroup, context_settings={"help_option_names": ["-h", "--help"]})
def cards() -> None:
    """Look up, browse, search and sync plane and phenomenon cards.

    Every card, with its Oracle text, is in the snapshot bundled with planarcli; a synced
    cache (`planarcli cards sync`) adds to it, its record winning card by card
    (`planarcli cards info` says how many cards come from each).
    """


# -- sync --------------------------------------------------------------------------------------
def api_url_option(help_text: str) -> Callable[[F], F]:
    """``--api-url URL`` (also PLANARCLI_SCRYFALL_URL), for commands that may ask Scryfall."""
    return click.option(
        "--api-url",
        envvar=API_URL_ENV,
        default=DEFAULT_API_URL,
        show_default=True,
        metavar="URL",
        help=f"{help_text} (also {API_URL_ENV}).",
    )


class ProgressBar:
    """A one-line progress bar on stderr, redrawn as pages arrive (terminals only)."""

    width = 30

    def __init__(self) -> None:
        self.open = False

    def __call__(self, page: int, pages: int) -> None:
        done = min(self.width, self.width * page // max(pages, 1))
        bar = "#" * done + "-" * (self.width - done)
        click.echo(f"\rsyncing from Scryfall [{bar}] page {page}/{pages}", nl=False, err=True)
        self.open = True

    def close(self) -> None:
        """End the bar's line, so what follows starts on a line of its own."""
        if self.open:
            click.echo(err=True)
            self.open = False


@cards.command("sync", short_help="Fetch every plane and phenomenon from Scryfall.")
@api_url_option("Scryfall API base")
@offline_option
@format_option()
@json_errors
@click.pass_context
def sync(ctx: click.Context, api_url: str, offline: bool, output_format: str) -> None:
    """Fetch every plane and phenomenon from Scryfall into the local cache.

    The cache is written only when the whole download succeeds and passes the catalog
    schema; on any failure the previous cache stays as it was (exit 3). Data only grows: a
    card of the previous cache that the answer lacks is kept, and cards of the bundled
    snapshot stay available whatever the answer holds.
    """
    if is_offline(ctx, offline):
        raise UsageError(
            "cards sync needs the network, but offline mode is on",
            hint="drop --offline / unset PLANARCLI_OFFLINE to sync",
        )
    from planarcli.cards.sync import sync_cards

    options = (ctx.find_root().obj or {}).get("scryfall_options")
    progress = ProgressBar() if sys.stderr.isatty() else None
    try:
        result = sync_cards(api_url=api_url, progress=progress, client_options=options)
    finally:
        if progress is not None:
            progress.close()
    from planarcli.report.catalog import skipped_note, sync_json, sync_text

    if output_format == "json":
        echo_json(sync_json(result))
    else:
        click.echo("\n".join(sync_text(result)))
    if result.summary.skipped:
        _note(skipped_note(result.summary.skipped))
    for warning in result.warnings:
        _note(f"warning: {warning}")


# -- info --------------------------------------------------------------------------------------
@cards.command("info", short_help="Which card data is in use (cache, snapshot), how old.")
@format_option()
@json_errors
def info(output_format: str) -> None:
    """Say which card data is in use, where it is, how many cards come from each source and
    how old the data is: the bundled snapshot, united with the synced cache when there is one
    (the synced record wins per card). The age is counted from the date the data dates from
    (the snapshot's data date, or the time of the sync); after 180 days a hint suggests
    `planarcli cards sync`."""
    from planarcli.cards.store import cache_api_url, cache_path, load_catalog
    from planarcli.report.catalog import info_json, info_text

    # The text report shows why a cache was ignored in its body: no second copy on stderr.
    catalog = load_catalog(warn=output_format == "json")
    document = info_json(catalog, cache_path(), cache_api_url(catalog.source))
    if output_format == "json":
        echo_json(document)
        return
    click.echo("\n".join(info_text(document, catalog)))


# -- show --------------------------------------------------------------------------------------
@cards.command("show", short_help="One card: exact, then folded, then a clear fuzzy guess.")
@words_argument("words", "NAME", shell_complete=complete_card_name)
@click.option("--online", is_flag=True, help="Ask Scryfall (/cards/named?fuzzy=) instead.")
@api_url_option("Scryfall API base for --online")
@format_option()
@json_errors
@click.pass_context
def show(
    ctx: click.Context, words: tuple[str, ...], online: bool, api_url: str, output_format: str
) -> None:
    """Show one card: by exact name, then ignoring case and punctuation, then by a printed
    non-English name ("Académie de l'Ouest de Tolaria"), then a clear fuzzy guess. A name
    that is another Magic card ("Tolaria West", "Sol Ring") is never guessed: exit 1, with
    the planar cards it resembles as suggestions (also when there is no clear guess). A NAME
    with no letter or digit, or longer than twice the longest card name, is a usage error
    (exit 2), as for `cards match`. The card's official rulings follow its text. The words
    of NAME may be quoted or not (`cards show Chaotic Aether`)."""
    from planarcli.cards.model import CardNotFoundError
    from planarcli.report import cards as render

    name = joined_words(words)
    if not fold_name(name):
        raise UsageError(f"nothing to look up in {echo_repr(name)}: give a card name")
    if online and is_offline(ctx):
        raise UsageError(
            "cards show --online needs the network, but offline mode is on",
            hint="drop --online to look the card up in the local catalog",
        )
    try:
        if online:
            from planarcli.cards.store import FoundCard
            from planarcli.cards.sync import online_card

            options = (ctx.find_root().obj or {}).get("scryfall_options")
            found = FoundCard(online_card(name, api_url, options), "scryfall", "scryfall")
        else:
            from planarcli.cards.store import look_up

            found = look_up(name)
    except NotFoundError as error:
        if output_format == "json":
            suggestions = error.suggestions if isinstance(error, CardNotFoundError) else []
            echo_json({"query": name, "found": False, "suggestions": suggestions})
        raise
    for note in render.found_notes(found, name):
        _note(note)
    from planarcli.cards.store import snapshot_rulings

    card = found.card
    rulings = snapshot_rulings(card.oracle_id)
    if output_format == "json":
        echo_json(render.card_json(card, source=found.source, matched=found.how, rulings=rulings))
        return
    click.echo("\n".join(render.card_text(card, render.output_width(), rulings)))


def _refuse_long_name(catalog: Catalog, name: str) -> None:
    """A usage error (exit 2) for a NAME longer than any card name could be."""
    from planarcli.cards.catalog import too_long_message

    if catalog.too_long(name):
        raise UsageError(too_long_message(catalog, name))


# -- match -------------------------------------------------------------------------------------
@cards.command("match", short_help="Ranked fuzzy candidates for a card name.")
@words_argument("words", "NAME", shell_complete=complete_card_name)
@click.option(
    "--limit",
    type=click.IntRange(1, 100),
    default=10,
    show_default=True,
    help="How many candidates to show.",
)
@format_option()
@json_errors
def match(words: tuple[str, ...], limit: int, output_format: str) -> None:
    """Ranked fuzzy candidates for a card name (scores 0-100, best first), scored the way
    `cards show` scores its guesses. Only a spelling of the card's name (case, accents and
    punctuation aside) or one of its printed non-English names scores 100. Candidates
    scoring under 50 are left out: a name like nothing in the catalog gets "no candidates"
    (exit 1; JSON still prints, with an empty list). A NAME with no letter or digit, or
    longer than twice the longest card name, is a usage error (exit 2). Scores are of the
    whole NAME against a whole card name: each written word must find its own word of the
    name, and a name partly written scores lower the less of it is written. The words of
    NAME may be quoted or not (`cards match academy tolaria`). A real Magic card that is
    no plane or phenomenon (`cards match sol ring`) is said to be one, after the planar
    cards like it, and exits 1 as a lookup that finds nothing."""
    from planarcli.cards.resolve import MATCH_MIN_SCORE, guess_scores, other_magic_card
    from planarcli.cards.store import load_catalog

    name = joined_words(words)
    if not fold_name(name):
        raise UsageError(f"nothing to match in {echo_repr(name)}: give a card name or part of one")
    catalog = load_catalog()
    _refuse_long_name(catalog, name)
    matches = guess_scores(catalog, name, min_score=MATCH_MIN_SCORE)[:limit]
    other = other_magic_card(catalog, name) if not matches or matches[0][0] < 100 else None
    from planarcli.report.cards import match_json, match_text

    # A real non-planar card (Sol Ring) is found as what it is, no planar card: exit 1.
    not_planar = (
        None if other is None else f"{other!r} is a Magic card but not a plane or phenomenon"
    )
    if output_format == "json":
        echo_json(match_json(name, matches, other))
    elif matches:
        if other is not None:
            _note("planar cards like it:")
        click.echo("\n".join(match_text(matches)))
    if not_planar is not None:
        raise NotFoundError(not_planar)
    if not matches:
        raise NotFoundError(f"no candidates for {echo_repr(name)}")


# -- list ----------------------------------------------------------------------------------------
@cards.command("list")
@_filter_options
@format_option()
@json_errors
def list_cards(
    kind: str | None,
    sets: tuple[str, ...],
    subtype: str | None,
    exclude_sets: tuple[str, ...],
    output_format: str,
) -> None:
    """List the catalog's cards, optionally filtered: a table with a header that fits
    COLUMNS or the terminal, at most 80 columns (long names and set lists are shortened, and
    on a narrow terminal the sets, then the subtypes, are left out; `--format json` has them
    whole). Filters that leave no card exit 1 (JSON still prints, with an empty list)."""
    from planarcli.cards.store import load_catalog

    found = _filtered(load_catalog(), kind, sets, subtype, exclude_sets)
    filters = _filters_text(kind, sets, subtype, exclude_sets)
    _echo_cards_or_not_found(found, output_format, {}, f"no card matches {filters}")


# -- search --------------------------------------------------------------------------------------
#: Marks a query word that starts with "-" (a negated term) while Click parses the options.
_NEGATED = "\x00"


class QueryCommand(PlanarCommand):
    """A command whose QUERY words may start with "-" (``-t:phenomenon``, ``-chaos``): any
    word that is not one of the command's options is a query word, not an unknown option."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        options = {name for param in self.params for name in param.opts + param.secondary_opts}
        options.update(ctx.help_option_names)
        marked = []
        for index, arg in enumerate(args):
            if arg == "--":
                marked += args[index:]
                break
            is_word = arg.startswith("-") and len(arg) > 1 and not arg.startswith("--")
            if is_word and arg not in options:
                arg = _NEGATED + arg
            marked.append(arg)
        return super().parse_args(ctx, marked)


@cards.command(
    "search",
    cls=QueryCommand,
    short_help="Cards by name, type line and Oracle text (Scryfall-like).",
)
@click.argument("query", nargs=-1, required=True)
@_filter_options
@click.option(
    "--limit",
    type=click.IntRange(min=1),
    default=None,
    metavar="N",
    help="Show at most N cards, the best first (those found by name first).",
)
@format_option()
@json_errors
def search(
    query: tuple[str, ...],
    kind: str | None,
    sets: tuple[str, ...],
    subtype: str | None,
    exclude_sets: tuple[str, ...],
    limit: int | None,
    output_format: str,
) -> None:
    """Find cards by name, type line and Oracle text, offline, as Scryfall's syntax says.

    \b
    chaos                 name, type line or text contains "chaos"
    "chaos ensues"        a phrase (quote the whole query for the shell)
    t:phenomenon          type line (also type:)
    o:"+1/+1 counter"     Oracle text, punctuation included (also oracle:)
    o:"planeswalk to ~"   ~ is the card's own name
    n:tolaria             name (also name:)
    s:opca                printed in a set (also set:, e:); s:hop, s:pc2 and
                          s:pca find the planes filed under ohop, opc2, opca
    n:/^the/              a regular expression (after n:, t:, o:; case
                          ignored, ^ and $ at each paragraph, \\/ a slash)
    year>=2023            first printed in or after 2023 (also year:2012,
                          date<2012-06-01; : = != < <= > >=)
    -t:phenomenon         a leading - leaves matching cards out (also -(...))
    t:plane or s:moc      either (OR, any case)
    t:plane (s:a or s:b)  parentheses group

    Terms next to each other are ANDed (a bare AND may say so); OR (any case) binds looser.
    Plain words, t: and n: ignore case, accents and punctuation; o: ignores case and accents
    only. Nothing found exits 1 (JSON still prints, with an empty list); a query that cannot
    be read (`t:` with nothing after it, an unclosed quote or parenthesis, a dangling or, an
    unknown key, a regular expression Python cannot read) is a usage error (exit 2) saying
    where."""
    from planarcli.cards.search import parse_query, search_cards, set_codes
    from planarcli.cards.store import load_catalog

    text = " ".join(word.removeprefix(_NEGATED) for word in query)
    parsed = parse_query(text)
    catalog = load_catalog()
    written = {term.value: term.written.lstrip("-") for term in parsed if term.field == "set"}
    parsed = parsed.with_set_codes(filed_set_codes(catalog, written))
    warn_unknown_sets(catalog, dict.fromkeys(set_codes(parsed)))
    found = search_cards(_filtered(catalog, kind, sets, subtype, exclude_sets), parsed)
    if limit is not None and len(found) > limit:
        _note(f"note: showing {limit} of the {len(found)} cards found (--limit {limit})")
        found = found[:limit]
    filters = _filters_text(kind, sets, subtype, exclude_sets)
    nothing = f"no card matches {echo_repr(text)}" + (f" with {filters}" if filters else "")
    _echo_cards_or_not_found(found, output_format, {"query": text}, nothing)

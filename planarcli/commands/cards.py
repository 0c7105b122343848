"""``planarcli cards``: look up, browse, search and sync plane and phenomenon cards.

The commands are thin: they read the catalog (``planarcli.cards.catalog.load_catalog``: the synced
cache when it is valid, else the bundled snapshot), or call ``planarcli.cards.sync`` for a sync,
and render the result as text or JSON. Nothing here imports requests unless a command really
talks to Scryfall (``sync``, ``show --online``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import click

from planarcli.cards.names import fold_name
from planarcli.commands.common import (
    completion_item,
    echo_json,
    format_option,
    is_offline,
    offline_option,
)
from planarcli.errors import NotFoundError, PlanarError, UsageError

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

    from planarcli.cards.catalog import Card, Catalog

F = TypeVar("F", bound=Callable[..., Any])

#: Kept here (not imported from planarcli.cards.scryfall) so ``--help`` does not import requests.
DEFAULT_API_URL = "https://api.scryfall.com"
API_URL_ENV = "PLANARCLI_SCRYFALL_URL"

#: Completion never offers more than this many names.
COMPLETION_LIMIT = 50

SYNC_HINT = "run `planarcli cards sync` to fetch the oracle text from Scryfall"

#: Click's completion instruction, and the value it has when bash asks.
#: Characters bash would read as syntax (or as a word break) in a completed card name.


def _note(message: str) -> None:
    click.echo(f"planarcli: {message}", err=True)


# -- card-name completion --------------------------------------------------------------------
def complete_card_name(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """Catalog names for the shell: folded prefix first, then word prefix, then substring,
    then (only when nothing else matched) a few fuzzy candidates."""
    from planarcli.cards.catalog import load_catalog

    try:
        catalog = load_catalog(warn=False)
    except PlanarError:
        return []
    key = fold_name(incomplete)
    names = catalog.names()
    if not key:
        return _completion_items(sorted(names, key=str.casefold))
    compact = key.replace(" ", "")
    ranked: list[tuple[int, str]] = []
    for name in names:
        folded = fold_name(name)
        if folded.startswith(key) or folded.replace(" ", "").startswith(compact):
            ranked.append((0, name))
        elif any(word.startswith(key) for word in folded.split()) or f" {key}" in folded:
            ranked.append((1, name))
        elif key in folded:
            ranked.append((2, name))
    if not ranked and len(key) >= 3:
        matches = catalog.match(incomplete, limit=5, cutoff=60.0)
        return _completion_items(m.card.name for m in matches)
    ranked.sort(key=lambda item: (item[0], item[1].casefold()))
    return _completion_items(name for _, name in ranked[:COMPLETION_LIMIT])


def _completion_items(names: Iterable[str]) -> list[CompletionItem]:
    """Completion items for card names, escaped for bash (see ``bash_escape``)."""
    return [completion_item(name) for name in names]


# -- shared bits -----------------------------------------------------------------------------
def card_summary(card: Card) -> dict[str, Any]:
    """The ``cards list``/``cards search`` JSON shape of one card."""
    return {"name": card.name, "kind": card.kind, "subtype": card.subtype, "sets": list(card.sets)}


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
    known = {code for card in catalog.cards for code in card.sets}
    for code in codes:
        if code not in known:
            _note(f"warning: no card is printed in set {code!r}")


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
            help="Only cards printed in any of these sets (Scryfall codes, e.g. opca,opc2); "
            "repeatable.",
        ),
        click.option(
            "--subtype", metavar="TYPE", help="Only planes of this planar type (e.g. Dominaria)."
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
    wanted = parse_set_codes(sets, "--set")
    excluded = parse_set_codes(exclude_sets, "--exclude-set")
    warn_unknown_sets(catalog, [*wanted, *(c for c in excluded if c not in wanted)])
    return catalog.filter(
        kind=kind.lower() if kind else None, sets=wanted, subtype=subtype, exclude_sets=excluded
    )


def _count_line(cards: Sequence[Card]) -> str:
    planes = sum(1 for card in cards if card.kind == "plane")
    phenomena = len(cards) - planes
    return (
        f"{_plural(len(cards), 'card', 'cards')} ({_plural(planes, 'plane', 'planes')}, "
        f"{_plural(phenomena, 'phenomenon', 'phenomena')})"
    )


def _plural(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def _card_table(cards: Sequence[Card]) -> list[str]:
    """The aligned table lines of ``cards`` (none for no cards)."""
    if not cards:
        return []
    rows = [(c.name, c.kind, c.subtype or "-", ", ".join(c.sets)) for c in cards]
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    return [
        f"{name:<{widths[0]}}  {kind:<{widths[1]}}  {subtype:<{widths[2]}}  {sets}".rstrip()
        for name, kind, subtype, sets in rows
    ]


def _echo_table(cards: Sequence[Card]) -> None:
    """The table and the count line, in one write (not one flushed write per line)."""
    click.echo("\n".join([*_card_table(cards), _count_line(cards)]))


# -- the group -------------------------------------------------------------------------------
@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def cards() -> None:
    """Look up, browse, search and sync plane and phenomenon cards.

    Cards come from the synced cache (`planarcli cards sync`) when there is a valid one,
    otherwise from the snapshot bundled with planarcli (`planarcli cards info` says which).
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
@click.pass_context
def sync(ctx: click.Context, api_url: str, offline: bool, output_format: str) -> None:
    """Fetch every plane and phenomenon from Scryfall into the local cache.

    The cache is replaced only when the whole download succeeds and passes the catalog
    schema; on any failure the previous cache stays as it was (exit 3).
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
    summary = result.summary
    if output_format == "json":
        echo_json(
            {
                "path": str(result.path),
                "api_url": result.api_url,
                "cards": summary.cards,
                "planes": summary.planes,
                "phenomena": summary.phenomena,
                "printings": summary.printings,
                "pages": result.pages,
                "new": result.new_cards if result.had_previous else None,
                "skipped": summary.skipped,
                "warnings": result.warnings,
            }
        )
    else:
        line = (
            f"synced {summary.cards} cards ({summary.planes} planes, {summary.phenomena} "
            f"phenomena) from {result.api_url} into {result.path}"
        )
        if result.had_previous:
            line += f"; {len(result.new_cards)} new since the previous cache"
        click.echo(line)
        for name in result.new_cards[:20]:
            click.echo(f"  new: {name}")
        if len(result.new_cards) > 20:
            click.echo(f"  ... and {len(result.new_cards) - 20} more")
    if summary.skipped:
        _note(
            f"skipped {_plural(len(summary.skipped), 'card object', 'card objects')} "
            "that Scryfall sent but planarcli cannot use: "
            + "; ".join(summary.skipped[:5])
            + (" ..." if len(summary.skipped) > 5 else "")
        )
    for warning in result.warnings:
        _note(f"warning: {warning}")


# -- info --------------------------------------------------------------------------------------
@cards.command("info", short_help="Which card data is in use (cache or snapshot), how old.")
@format_option()
def info(output_format: str) -> None:
    """Say which card data is in use (cache or bundled snapshot), where it is and how old,
    with a hint to sync when it is more than 90 days old."""
    import json

    from planarcli.cards.catalog import cache_path, load_catalog

    # The text report shows why a cache was ignored in its body: no second copy on stderr.
    catalog = load_catalog(warn=output_format == "json")
    source = catalog.source
    cache = cache_path()
    age = source.age_days()
    stale = source.is_stale()
    api_url = None
    if source.kind == "cache":
        try:
            with source.path.open(encoding="utf-8") as handle:
                api_url = json.load(handle).get("source", {}).get("api_url")
        except (OSError, ValueError, AttributeError):
            api_url = None
    planes = sum(1 for card in catalog.cards if card.kind == "plane")
    with_text = sum(1 for card in catalog.cards if card.oracle_text)
    if output_format == "json":
        echo_json(
            {
                "source": source.kind,
                "path": str(source.path),
                "cards": len(catalog),
                "planes": planes,
                "phenomena": len(catalog) - planes,
                "with_oracle_text": with_text,
                "created": source.created,
                "age_days": round(age, 1) if age is not None else None,
                "created_in_future": source.is_future(),
                "stale": stale,
                "api_url": api_url,
                "cache_path": str(cache),
                "cache_exists": cache.is_file(),
                "warning": source.warning,
            }
        )
        return
    label = "synced cache" if source.kind == "cache" else "bundled snapshot"
    click.echo(f"source:  {label}")
    click.echo(f"path:    {source.path}")
    click.echo(f"cards:   {_count_line(catalog.cards)}, {with_text} with oracle text")
    when = source.created or "unknown"
    age_text = source.age_text()
    if age_text is not None:
        when += f" ({age_text})"
    click.echo(f"created: {when}")
    if api_url:
        click.echo(f"from:    {api_url}")
    if source.kind == "snapshot":
        state = "present but ignored" if source.warning else "none yet"
        click.echo(f"cache:   {cache} ({state}; `planarcli cards sync` fills it)")
    if source.warning:
        click.echo(f"warning: {source.warning}")
    if stale:
        click.echo("hint:    this card data is over 90 days old; `planarcli cards sync` fetches")
        click.echo("         the current cards from Scryfall")


# -- show --------------------------------------------------------------------------------------
def _show_online(ctx: click.Context, name: str, api_url: str) -> Card:
    if is_offline(ctx):
        raise UsageError(
            "cards show --online needs the network, but offline mode is on",
            hint="drop --online to look the card up in the local catalog",
        )
    from planarcli.cards.catalog import Card
    from planarcli.cards.scryfall import ScryfallClient
    from planarcli.cards.sync import card_from_scryfall

    options = (ctx.find_root().obj or {}).get("scryfall_options") or {}
    with ScryfallClient(api_url, **options) as client:
        found = client.named_fuzzy(name)
    found_name = found.get("name", name)
    layout = found.get("layout")
    entry = card_from_scryfall(found) if layout == "planar" else None
    if entry is None:
        raise NotFoundError(
            f"Scryfall's card for {name!r} is {found_name!r}, which is not a plane or phenomenon"
            f" (layout {layout!r})"
        )
    return Card.from_json(entry)


@cards.command("show", short_help="One card: exact, then folded, then a clear fuzzy guess.")
@click.argument("name", shell_complete=complete_card_name)
@click.option("--online", is_flag=True, help="Ask Scryfall (/cards/named?fuzzy=) instead.")
@api_url_option("Scryfall API base for --online")
@format_option()
@click.pass_context
def show(ctx: click.Context, name: str, online: bool, api_url: str, output_format: str) -> None:
    """Show one card: by exact name, then ignoring case and punctuation, then by a printed
    non-English name ("Académie de l'Ouest de Tolaria"), then a clear fuzzy guess. A name
    that is another Magic card ("Tolaria West", "Sol Ring") is never guessed: exit 1, with
    the planar cards it resembles as suggestions (also when there is no clear guess)."""
    if online:
        try:
            card = _show_online(ctx, name, api_url)
        except NotFoundError:
            if output_format == "json":
                echo_json({"query": name, "found": False, "suggestions": []})
            raise
        how, source = "scryfall", "scryfall"
    else:
        from planarcli.cards.catalog import CardNotFoundError, load_catalog

        catalog = load_catalog()
        try:
            card, how = catalog.find(name)
        except CardNotFoundError as error:
            if output_format == "json":
                echo_json({"query": name, "found": False, "suggestions": error.suggestions})
            raise
        source = catalog.source.kind
        if how == "fuzzy":
            _note(f"guessed {card.name!r} for {name!r}")
        elif how == "printed":
            from planarcli.cards.names import language_name

            lang = language_name(catalog.resolve(name).lang)
            _note(f"{name!r} is the {lang} printed name of {card.name!r}")
    if card.oracle_text is None:
        _note(
            f"oracle text not in the bundled snapshot; {SYNC_HINT}"
            if source == "snapshot"
            else f"no oracle text for {card.name!r} in the card data"
        )
    if output_format == "json":
        echo_json(
            {
                "name": card.name,
                "kind": card.kind,
                "type_line": card.type_line,
                "subtype": card.subtype,
                "sets": list(card.sets),
                "oracle_text": card.oracle_text,
                "source": source,
                "matched": how,
                "first_released": card.first_released,
                "oracle_id": card.oracle_id,
                "scryfall_uri": card.scryfall_uri,
            }
        )
        return
    click.echo(card.name)
    click.echo(card.type_line)
    released = f" (first released {card.first_released})" if card.first_released else ""
    click.echo(f"sets: {', '.join(card.sets)}{released}")
    if card.oracle_text:
        click.echo("")
        click.echo(card.oracle_text)
    if card.scryfall_uri:
        click.echo("")
        click.echo(card.scryfall_uri)


# -- match -------------------------------------------------------------------------------------
@cards.command("match", short_help="Ranked fuzzy candidates for a card name.")
@click.argument("name", shell_complete=complete_card_name)
@click.option(
    "--limit",
    type=click.IntRange(1, 100),
    default=10,
    show_default=True,
    help="How many candidates to show.",
)
@format_option()
def match(name: str, limit: int, output_format: str) -> None:
    """Ranked fuzzy candidates for a card name (scores 0-100, best first), scored the way
    `cards show` scores its guesses. Only a spelling of the card's name (case, accents and
    punctuation aside) or one of its printed non-English names scores 100. Candidates
    scoring under 50 are left out: a name like nothing in the catalog gets "no candidates"
    (exit 1; JSON still prints, with an empty list). A NAME with no letter or digit is a
    usage error (exit 2), as for `cards search`."""
    from planarcli.cards.catalog import MATCH_MIN_SCORE, load_catalog

    if not fold_name(name):
        raise UsageError(f"nothing to match in {name!r}: give a card name or part of one")
    catalog = load_catalog()
    matches = catalog.guess_scores(name, min_score=MATCH_MIN_SCORE)[:limit]
    other = catalog.other_magic_card(name) if not matches or matches[0][0] < 100 else None
    if output_format == "json":
        echo_json(
            {
                "query": name,
                "matches": [
                    {"name": card.name, "score": score, "kind": card.kind}
                    for score, card in matches
                ],
                **({"other_card": other} if other is not None else {}),
            }
        )
        if not matches:
            raise NotFoundError(f"no candidates for {name!r}")
        return
    if other is not None:
        _note(f"{other!r} is a Magic card but not a plane or phenomenon; planar cards like it:")
    if not matches:
        raise NotFoundError(f"no candidates for {name!r}")
    width = max(len("kind"), *(len(card.kind) for _, card in matches))
    click.echo(f"{'score':>5}  {'kind':<{width}}  name")
    for score, card in matches:
        click.echo(f"{score:>5.1f}  {card.kind:<{width}}  {card.name}")


# -- list ----------------------------------------------------------------------------------------
@cards.command("list")
@_filter_options
@format_option()
def list_cards(
    kind: str | None,
    sets: tuple[str, ...],
    subtype: str | None,
    exclude_sets: tuple[str, ...],
    output_format: str,
) -> None:
    """List the catalog's cards, optionally filtered."""
    from planarcli.cards.catalog import load_catalog

    found = _filtered(load_catalog(), kind, sets, subtype, exclude_sets)
    if output_format == "json":
        echo_json({"cards": [card_summary(card) for card in found]})
        return
    _echo_table(found)


# -- search --------------------------------------------------------------------------------------
@cards.command("search", short_help="Cards whose name, type or oracle text mention TEXT.")
@click.argument("text", nargs=-1, required=True)
@_filter_options
@format_option()
def search(
    text: tuple[str, ...],
    kind: str | None,
    sets: tuple[str, ...],
    subtype: str | None,
    exclude_sets: tuple[str, ...],
    output_format: str,
) -> None:
    """Find cards whose name, type line or oracle text mention TEXT (case-insensitive).
    No hit is not an error (exit 0); a TEXT with no letter or digit is a usage error
    (exit 2), as for `cards match`."""
    from planarcli.cards.catalog import load_catalog

    query = " ".join(text)
    if not fold_name(query):
        raise UsageError(f"nothing to search for in {query!r}: give a word or a phrase")
    catalog = load_catalog()
    found = catalog.search(query, _filtered(catalog, kind, sets, subtype, exclude_sets))
    if not any(card.oracle_text for card in catalog.cards):
        _note(
            f"the {catalog.source.kind} has no oracle text; searched names and type lines only"
            f" ({SYNC_HINT})"
        )
    if output_format == "json":
        echo_json({"query": query, "cards": [card_summary(card) for card in found]})
        return
    _echo_table(found)

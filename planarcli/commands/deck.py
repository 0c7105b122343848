"""``planarcli deck``: build planar decks (random) and convert decklists (convert)."""

from __future__ import annotations

import click

from planarcli.commands.cards import exclude_set_option, parse_set_codes, warn_unknown_sets
from planarcli.commands.common import (
    PlanarCommand,
    PlanarGroup,
    asked_format,
    echo_json,
    format_option,
    json_errors,
)
from planarcli.errors import PlanarError, UsageError


@click.group(cls=PlanarGroup, context_settings={"help_option_names": ["-h", "--help"]})
def deck() -> None:
    """Build planar decks and convert decklists."""


@deck.command("random")
@click.option(
    "--communal",
    is_flag=True,
    help="Build the single communal planar deck (901.15a); needs --players.",
)
@click.option("--players", type=int, metavar="N", help="Number of players, with --communal.")
@click.option(
    "--size",
    type=int,
    metavar="N",
    help="Number of cards (default: the rules' minimum, 10 or min(40, 10×N)).",
)
@click.option(
    "--seed",
    type=int,
    metavar="S",
    help="Seed for a repeatable deck (mixed with the number of players: one seed, another "
    "deck for another table).",
)
@exclude_set_option
@click.option(
    "--include-set",
    "include_sets",
    multiple=True,
    metavar="CODE[,CODE...]",
    help="Draw also from the playtest (punk) and showcase (pssc) cards, which are left out "
    "by default. Repeatable.",
)
@click.option(
    "--max-phenomena",
    type=int,
    metavar="N",
    help="At most N phenomena (never more than the rules allow: 2, or 2×N communal).",
)
@click.option(
    "--kind",
    "kinds",
    multiple=True,
    type=click.Choice(["plane", "phenomenon"], case_sensitive=False),
    help="Draw only these kinds of card; repeatable (default: both).",
)
@format_option()
@json_errors
def random_deck(
    communal: bool,
    players: int | None,
    size: int | None,
    seed: int | None,
    exclude_sets: tuple[str, ...],
    include_sets: tuple[str, ...],
    max_phenomena: int | None,
    kinds: tuple[str, ...],
    output_format: str,
) -> None:
    """Print a random legal planar deck as a decklist that `planarcli validate` accepts.

    Cards printed only in the playtest set (punk) or as Secret Lair showcase planes (pssc)
    are left out unless --include-set names those sets. The header comment gives the
    command (with its seed) that rebuilds the same deck from the same card data.
    `--format json` prints a planarcli JSON decklist (schemas/decklist.schema.json;
    communal and players inside), with the seed, rule and command under "x-" keys.
    """
    from planarcli.cards.deckgen import (
        DEFAULT_LEFT_OUT_SETS,
        DeckRequest,
        build_random_deck,
        parse_kinds,
    )
    from planarcli.cards.store import load_catalog
    from planarcli.report.deck import deck_json, render_decklist

    request = DeckRequest(
        communal=communal,
        players=players,
        size=size,
        seed=seed,
        exclude_sets=parse_set_codes(exclude_sets, "--exclude-set"),
        max_phenomena=max_phenomena,
        kinds=parse_kinds(kinds),
        include_sets=parse_set_codes(include_sets, "--include-set"),
    )
    catalog = load_catalog()
    warn_unknown_sets(catalog, request.exclude_sets)
    for code in request.include_sets:
        if code not in DEFAULT_LEFT_OUT_SETS:
            click.echo(
                f"planarcli: warning: --include-set {code}: only "
                f"{', '.join(DEFAULT_LEFT_OUT_SETS)} are left out by default; "
                f"{code} cards are drawn anyway",
                err=True,
            )
    built = build_random_deck(catalog, request)
    if output_format == "json":
        echo_json(deck_json(built, request, source=catalog.source.kind))
        return
    source = "synced cache" if catalog.source.kind == "cache" else "bundled snapshot"
    click.echo(render_decklist(built, request, source=source), nl=False)


def _convert_error_json(error: PlanarError) -> None:
    """With --format json, standard output is one JSON document even when click refuses
    the command line (a bad --to, a missing FILE)."""
    from planarcli.report.deck import convert_error_json

    echo_json(convert_error_json(error, None, None, None))


class _ConvertCommand(PlanarCommand):
    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        asked = asked_format(args)
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as error:
            if asked == "json":
                _convert_error_json(UsageError(error.format_message()))
            raise


@deck.command("convert", cls=_ConvertCommand)
@click.argument("path", metavar="FILE")
@click.option(
    "--to",
    "target",
    required=True,
    type=click.Choice(["text", "forge", "cockatrice", "mtgo", "json"], case_sensitive=False),
    help="Format to write.",
)
@click.option("-o", "--output", metavar="PATH", help="Write to PATH instead of standard output.")
@click.option("--force", is_flag=True, help="With -o: overwrite PATH if it exists.")
@click.option(
    "--input-format",
    metavar="FORMAT",
    help="Read FILE in this format instead of detecting it "
    "(text, csv, forge, xmage, cockatrice, mtgo, mtgjson, cards, json).",
)
@format_option()
def convert(
    path: str,
    target: str,
    output: str | None,
    force: bool,
    input_format: str | None,
    output_format: str,
) -> None:
    """Write the planar deck of FILE (any format validate reads; - for standard input) as
    text, forge (.dck), cockatrice (.cod), mtgo (.dek) or json, with the catalog's card
    names and the quantities as written. The main deck, sideboard and commander come along
    where the format has a place for them, and so do set codes and collector numbers
    (text, json; forge keeps the set). The converted file validates as FILE does: a
    misspelt card stays in the planar deck, also in Cockatrice and MTGO, whose sideboard
    holds it. Standard error notes what the format cannot hold.

    \b
    Exit codes: 0 written; 1 FILE has no planar deck; 2 unreadable FILE (or a
    line of it that reads as no card), or bad usage.
    """
    from planarcli.cards.store import load_catalog
    from planarcli.deck.writers import convert_file, save_conversion
    from planarcli.report.deck import convert_error_json, convert_json

    try:
        converted = convert_file(path, target.lower(), load_catalog(), input_format=input_format)
        for note in converted.notes:
            click.echo(f"planarcli: note: {note}", err=True)
        if output == "-":
            output = None  # -o - is standard output
        if output is not None:
            save_conversion(converted.text, output, source=path, force=force)
    except PlanarError as error:
        if output_format == "json":  # one JSON document whatever happens
            echo_json(convert_error_json(error, path, target, output))
        raise
    if output_format == "json":
        echo_json(convert_json(path, target, output, converted))
    elif output is None:
        click.echo(converted.text, nl=False)

"""``planarcli deck``: build planar decks."""

from __future__ import annotations

import click

from planarcli.commands.cards import exclude_set_option, parse_set_codes, warn_unknown_sets
from planarcli.commands.common import echo_json, format_option


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def deck() -> None:
    """Build planar decks."""


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
@click.option("--seed", type=int, metavar="S", help="Seed for a repeatable deck.")
@exclude_set_option
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
def random_deck(
    communal: bool,
    players: int | None,
    size: int | None,
    seed: int | None,
    exclude_sets: tuple[str, ...],
    max_phenomena: int | None,
    kinds: tuple[str, ...],
    output_format: str,
) -> None:
    """Print a random legal planar deck as a decklist that `planarcli validate` accepts.

    The header comment gives the command (with its seed) that rebuilds the same deck from
    the same card data. `--format json` prints a planarcli JSON decklist
    (schemas/decklist.schema.json; communal and players inside), with the seed, rule and
    command under "x-" keys.
    """
    from planarcli.cards.catalog import load_catalog
    from planarcli.cards.deckgen import (
        DeckRequest,
        build_random_deck,
        deck_json,
        parse_kinds,
        render_decklist,
    )

    request = DeckRequest(
        communal=communal,
        players=players,
        size=size,
        seed=seed,
        exclude_sets=parse_set_codes(exclude_sets, "--exclude-set"),
        max_phenomena=max_phenomena,
        kinds=parse_kinds(kinds),
    )
    catalog = load_catalog()
    warn_unknown_sets(catalog, request.exclude_sets)
    built = build_random_deck(catalog, request)
    if output_format == "json":
        echo_json(deck_json(built, request, source=catalog.source.kind))
        return
    source = "synced cache" if catalog.source.kind == "cache" else "bundled snapshot"
    click.echo(render_decklist(built, request, source=source), nl=False)

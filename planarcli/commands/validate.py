"""``planarcli validate``: check planar decklists."""

from __future__ import annotations

import click

from planarcli.commands.common import format_option, use_color
from planarcli.errors import UsageError


def _complete_rules(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    from planarcli.deck.checks import known_edition_ids

    return [e for e in ["current", *known_edition_ids()] if e.startswith(incomplete)]


def _warn_if_future(edition_id: str) -> None:
    """Rules dated after today are not in force yet: say which rules are applied instead."""
    from planarcli.deck.checks import current_edition, today

    if edition_id[:1].isdigit() and edition_id[:10] > today():
        click.echo(
            f"planarcli: warning: --rules {edition_id} is a date in the future; the newest "
            f"deck rules planarcli knows (those of {current_edition()}) are applied",
            err=True,
        )


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("paths", nargs=-1, metavar="FILE...")
@format_option("text", "json", "github", "sarif")
@click.option(
    "--rules",
    "edition",
    default="current",
    show_default=True,
    metavar="EDITION",
    shell_complete=_complete_rules,
    help="Rules edition whose deck rules apply: current, a date such as "
    "2009-10-01, or an imported edition.",
)
@click.option(
    "--communal", is_flag=True, help="Judge each file as the single communal planar deck (901.15a)."
)
@click.option(
    "--players", type=int, metavar="N", help="Number of players, with --communal (N ≥ 2)."
)
@click.option(
    "--variant",
    type=click.Choice(["eternities-map"]),
    help="Judge under a variant: eternities-map (Blind Eternities Map: one communal "
    "deck of planes).",
)
@click.option(
    "--input-format",
    "input_format",
    metavar="FORMAT",
    help="Read every file in this format instead of detecting it "
    "(text, forge, cockatrice, mtgo, mtgjson, json).",
)
@click.option(
    "-v",
    "--verbose",
    is_flag=True,
    help="Also show notes (names read as a catalog spelling) and the card data used.",
)
@click.option(
    "-q",
    "--quiet",
    is_flag=True,
    help="Text format: print only the files with problems (and the summary line).",
)
@click.option(
    "--fix",
    is_flag=True,
    help="Rewrite each file with the repairs that have one right answer (a misspelled name "
    "with one clear suggestion, a card listed twice); nothing else in the file changes.",
)
@click.option(
    "--diff",
    is_flag=True,
    help="Print the unified diff --fix would apply, and write nothing (implies --fix).",
)
def validate(
    paths: tuple[str, ...],
    output_format: str,
    edition: str,
    communal: bool,
    players: int | None,
    variant: str | None,
    input_format: str | None,
    verbose: bool,
    quiet: bool,
    fix: bool,
    diff: bool,
) -> None:
    """Check planar decklists: FILEs, directories (searched for decklist files) or - for
    standard input.

    \b
    Exit codes: 0 every deck is legal; 1 at least one illegal deck, or a file with no
    planar deck; 2 usage error or an unreadable file.
    """
    from planarcli.cards.catalog import load_catalog
    from planarcli.deck.checks import DeckOptions, resolve_deck_rules
    from planarcli.deck.readers import FORMATS
    from planarcli.deck.validate import exit_code, validate_inputs

    if not paths:
        raise UsageError("no decklist given: name files, directories, or - for standard input")
    if communal and players is None:
        raise UsageError("--communal needs --players N (the number of players, at least 2)")
    if players is not None and not communal:
        raise UsageError("--players goes with --communal (the single planar deck option)")
    if players is not None and players < 2:
        raise UsageError(f"--players {players}: a communal planar deck needs at least 2 players")
    if input_format is not None and input_format not in FORMATS:
        raise UsageError(
            f"--input-format {input_format!r}: choose from {', '.join(sorted(FORMATS))}"
        )
    edition_id, _ = resolve_deck_rules(edition)  # a bad --rules is a usage error up front
    _warn_if_future(edition.strip())
    options = DeckOptions(
        edition=edition, communal_players=players if communal else None, variant=variant
    )
    catalog = load_catalog()
    if fix or diff:
        from planarcli.deck.fix import describe_fixes, fix_inputs

        if diff and output_format in ("github", "sarif"):
            raise UsageError(
                f"--diff prints a diff: use --format text or json, not {output_format}"
            )
        results, outcomes = fix_inputs(
            list(paths), catalog, options, input_format=input_format, write=not diff
        )
        for line in describe_fixes(outcomes, written=not diff):
            click.echo(line, err=output_format != "text" or diff)
    else:
        results = validate_inputs(list(paths), catalog, options, input_format=input_format)

    verdict = exit_code(results)
    click.get_current_context().meta["planarcli.exit_code"] = verdict  # kept on a closed pipe
    for result in results:
        if not result.readable:
            finding = result.findings[0]
            where = f"{result.path}:{finding.line}" if finding.line else result.path
            click.echo(f"planarcli: error: {where}: {finding.message}", err=True)

    source = catalog.source
    card_data = {
        "source": source.kind,
        "path": source.location,
        "cards": len(catalog),
        "created": source.created,
    }
    if diff and output_format == "text":
        click.echo("".join(str(result.extra.get("diff", "")) for result in results), nl=False)
    elif output_format == "json":
        from planarcli.report.render import render_json

        click.echo(render_json(results, context={"rules": edition_id, "card_data": card_data}))
    elif output_format == "github":
        from planarcli.report.render import render_github

        click.echo(render_github(results, verbose=verbose))
    elif output_format == "sarif":
        from planarcli import __version__
        from planarcli.report.sarif import render_sarif

        click.echo(render_sarif(results, tool_version=__version__, verbose=verbose))
    else:
        from planarcli.report.render import render_text

        colour = use_color()
        style = click.style if colour else (lambda text, **_: text)
        header = None
        if verbose:
            age = source.age_text()
            aged = f", {age}" if age is not None else ""
            header = (
                f"card data: {source.kind} {source.location} ({len(catalog)} cards{aged}); "
                f"rules: {edition_id}"
            )
        click.echo(
            render_text(results, style=style, verbose=verbose, header=header, quiet=quiet),
            color=colour,
        )
    raise SystemExit(verdict)

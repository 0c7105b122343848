"""``planarcli validate``: check planar decklists."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import click

from planarcli.commands.common import (
    JSON_PRINTED,
    PlanarCommand,
    asked_format,
    format_option,
    use_color,
)
from planarcli.errors import PlanarError, UsageError

if TYPE_CHECKING:
    from planarcli.deck.scan import Excludes

OUTPUT_FORMATS = ("text", "json", "github", "sarif")
VARIANTS = ("eternities-map",)
NO_PLANAR_DECK = ("error", "warn", "skip")
#: The keys a configuration file may set (``[tool.planarcli]``, ``planarcli.toml``), the
#: values each takes (see planarcli.deck.config), and the parameter each one gives a default.
CONFIG_KEYS: dict[str, tuple[Any, str]] = {
    "rules": (str, "edition"),
    "communal": (bool, "communal"),
    "players": (int, "players"),
    "variant": (VARIANTS, "variant"),
    "exclude": (list, "exclude"),
    "no-planar-deck": (NO_PLANAR_DECK, "no_planar_deck"),
    "format": (OUTPUT_FORMATS, "output_format"),
}


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


def _warn_if_unknown_wording(edition_id: str, communal: bool) -> None:
    """An imported edition whose deck rule reads in a way planarcli's checks were not
    written from: the limits applied come from planarcli's table, so say which."""
    from planarcli.deck.checks import limits_text, resolve_deck_rules, unknown_wordings

    _, rules = resolve_deck_rules(edition_id)
    for rule_id in unknown_wordings(edition_id, rules, communal):
        click.echo(
            f"planarcli: warning: rule {rule_id} of edition {edition_id} (imported) is worded "
            "otherwise than planarcli's deck checks know it; they apply the limits of its "
            f"wording in force since {rules.since} ({limits_text(rules, communal)})",
            err=True,
        )


def _say_edition_in_force(asked: str, edition_id: str) -> None:
    """A date that is no edition's: say which edition was in force that day (it is the one
    the report names). A date in the future has its own warning (_warn_if_future)."""
    from planarcli.deck.checks import today

    dated = asked[:1].isdigit() and len(asked) == 10 and asked <= today()
    if dated and edition_id < asked:  # (an edition of that very date is no note)
        click.echo(
            f"planarcli: note: --rules {asked}: the rules in force that day are those of the "
            f"{edition_id} edition",
            err=True,
        )


class ValidateCommand(PlanarCommand):
    """``validate`` keeps standard output one document of the format asked for (JSON, a
    SARIF log, GitHub annotations) even when click refuses the command line (an option's
    bad value, an unknown option), so a CI step that uploads it never gets an empty file."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        asked = asked_format(args)
        if asked not in OUTPUT_FORMATS:
            asked = None
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as error:
            if asked is not None:
                _echo_error_document(asked, UsageError(error.format_message()))
            raise


@click.command(cls=ValidateCommand, context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("paths", nargs=-1, metavar="FILE...")
@format_option(*OUTPUT_FORMATS)
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
    "--communal/--no-communal",
    default=False,
    help="Judge each file as the single communal planar deck (the single planar deck "
    "option: rule 901.15a in the current rules, 901.14a from 2009-10-01 until 2012-06-01).",
)
@click.option(
    "--players", type=int, metavar="N", help="Number of players, with --communal (N ≥ 2)."
)
@click.option(
    "--variant",
    type=click.Choice(VARIANTS),
    help="Judge under a variant: eternities-map (Blind Eternities Map: one communal "
    "deck of planes).",
)
@click.option(
    "--input-format",
    "input_format",
    metavar="FORMAT",
    help="Read every file in this format instead of detecting it "
    "(text, csv, forge, cockatrice, mtgo, mtgjson, json).",
)
@click.option(
    "--exclude",
    multiple=True,
    metavar="GLOB",
    help="Leave out what a directory search finds at paths matching GLOB, relative to the "
    "directory searched (** any depth; a bare name matches at any depth). Repeatable. "
    "Replaces the configuration file's exclude, whose patterns are relative to its folder.",
)
@click.option(
    "--force-exclude",
    is_flag=True,
    help="Apply the exclusions to files named on the command line too, and judge them as a "
    "directory search does (for pre-commit and CI, which name the files they pick).",
)
@click.option(
    "--no-planar-deck",
    "no_planar_deck",
    type=click.Choice(NO_PLANAR_DECK),
    default="error",
    show_default=True,
    help="What a file without a planar deck gets (a Commander list, a file that is not a "
    "decklist, a precon without planes): an error (exit 1), a warning (exit 0), or skip it.",
)
@click.option(
    "--config",
    "config_file",
    metavar="FILE",
    help="Read option defaults from this TOML file instead of the nearest "
    "planarcli.toml, .planarcli.toml or pyproject.toml [tool.planarcli].",
)
@click.option("--no-config", is_flag=True, help="Read no configuration file.")
@click.option(
    "-v",
    "--verbose",
    is_flag=True,
    help="Also show notes (names read as a catalog spelling), the files skipped and why, "
    "and the card data, rules and configuration used.",
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
    help="Print the unified diff --fix would apply, then the report of the files as fixed, "
    "and write nothing (implies --fix; - reads standard input).",
)
def validate(
    paths: tuple[str, ...],
    output_format: str,
    edition: str,
    communal: bool,
    players: int | None,
    variant: str | None,
    input_format: str | None,
    exclude: tuple[str, ...],
    force_exclude: bool,
    no_planar_deck: str,
    config_file: str | None,
    no_config: bool,
    verbose: bool,
    quiet: bool,
    fix: bool,
    diff: bool,
) -> None:
    """Check planar decklists: FILEs, directories (searched for decklist files) or - for
    standard input.

    Options not given on the command line take their value from the nearest
    planarcli.toml, .planarcli.toml or pyproject.toml [tool.planarcli] (see --config).

    \b
    Exit codes: 0 every deck is legal; 1 at least one illegal deck, or a file
    with no planar deck; 2 usage error (a path that does not exist), an
    unreadable file, or a --fix that could not be written.
    """
    ctx = click.get_current_context()
    options = dict(
        output_format=output_format,
        edition=edition,
        communal=communal,
        players=players,
        variant=variant,
        exclude=exclude,
        no_planar_deck=no_planar_deck,
    )
    try:
        config_path, from_config = _apply_config(ctx, options, config_file, no_config)
        _run(
            paths,
            options,
            config_path,
            from_config,
            input_format=input_format,
            verbose=verbose,
            quiet=quiet,
            fix=fix or diff,
            diff=diff,
            force_exclude=force_exclude,
        )
    except PlanarError as error:
        _echo_error_document(str(options["output_format"]), error)
        raise


def _apply_config(
    ctx: click.Context, options: dict[str, Any], config_file: str | None, no_config: bool
) -> tuple[str | None, set[str]]:
    """Fill the options not given on the command line from the configuration file; the
    file used (None: none) and the options it gave."""
    from click.core import ParameterSource

    from planarcli.deck.config import load_config

    if no_config:
        if config_file is not None:
            raise UsageError("--config and --no-config exclude each other: choose one")
        return None, set()
    spec = {key: kind for key, (kind, _) in CONFIG_KEYS.items()}
    config = load_config(spec, path=config_file)
    if config.path is None:
        return None, set()
    from_config: set[str] = set()
    for key, value in config.values.items():
        name = CONFIG_KEYS[key][1]
        if ctx.get_parameter_source(name) in (ParameterSource.DEFAULT, None):
            options[name] = value
            from_config.add(name)
    said_communal = ctx.get_parameter_source("communal") is ParameterSource.COMMANDLINE
    if "players" in from_config and said_communal and not options["communal"]:
        options["players"] = None  # --no-communal on the command line: the file's N goes too
    return config.path, from_config


def _excludes(
    options: dict[str, Any], config_path: str | None, from_config: set[str], *, force: bool
) -> Excludes:
    """The run's exclusions: ``--exclude`` patterns are relative to the argument a path was
    found under; a configuration file's are relative to that file's folder."""
    from planarcli.deck.scan import Excludes

    patterns = tuple(options["exclude"])
    if "exclude" in from_config and config_path is not None:
        base = os.path.dirname(os.path.abspath(config_path))
        return Excludes(configured=patterns, base=base, force=force)
    return Excludes(patterns, force=force)


def _check_options(
    options: dict[str, Any], config_path: str | None, from_config: set[str]
) -> tuple[str, int | None]:
    """The edition applied and the number of players of a communal deck (None: not
    communal), or a UsageError naming where the bad value came from."""
    from planarcli.deck.checks import resolve_deck_rules
    from planarcli.deck.config import shown_path

    where = ""
    if config_path is not None:
        shown = shown_path(config_path)
        where = f"{shown}: [tool.planarcli]" if shown.endswith("pyproject.toml") else shown

    communal, players = options["communal"], options["players"]
    if communal and players is None:
        if "communal" in from_config:
            raise UsageError(
                f"{where}: communal = true needs players = N (at least 2) in the file, "
                "or --players N"
            )
        raise UsageError("--communal needs --players N (the number of players, at least 2)")
    if players is not None and not communal:
        if "players" in from_config:
            raise UsageError(f"{where}: players goes with communal = true (or --communal)")
        raise UsageError("--players goes with --communal (the single planar deck option)")
    if players is not None and players < 2:
        if "players" in from_config:
            raise UsageError(
                f"{where}: players = {players}: a communal planar deck needs at least 2 players"
            )
        raise UsageError(f"--players {players}: a communal planar deck needs at least 2 players")
    try:
        edition_id, _ = resolve_deck_rules(options["edition"])
    except UsageError as error:
        if "edition" not in from_config:
            raise
        message = error.message.replace("--rules ", f"{where}: rules = ", 1)
        if error.hint:  # one line naming file and key, the editions known included
            message += f" ({error.hint})"
        raise UsageError(message) from None
    return edition_id, players if communal else None


def _run(
    paths: tuple[str, ...],
    options: dict[str, Any],
    config_path: str | None,
    from_config: set[str],
    *,
    input_format: str | None,
    verbose: bool,
    quiet: bool,
    fix: bool = False,
    diff: bool = False,
    force_exclude: bool = False,
) -> None:
    from planarcli.cards.store import load_catalog
    from planarcli.deck.checks import DeckOptions
    from planarcli.deck.readers import FORMATS
    from planarcli.deck.validate import exit_code, validate_inputs

    output_format, edition, variant = (
        options["output_format"],
        options["edition"],
        options["variant"],
    )
    if not paths:
        raise UsageError("no decklist given: name files, directories, or - for standard input")
    edition_id, players = _check_options(options, config_path, from_config)
    if input_format is not None and input_format not in FORMATS:
        raise UsageError(
            f"--input-format {input_format!r}: choose from {', '.join(sorted(FORMATS))}"
        )
    _warn_if_future(edition.strip())
    _say_edition_in_force(edition.strip(), edition_id)
    _warn_if_unknown_wording(edition_id, players is not None)
    deck_options = DeckOptions(edition=edition, communal_players=players, variant=variant)
    excludes = _excludes(options, config_path, from_config, force=force_exclude)
    catalog = load_catalog()
    if fix:
        from planarcli.deck.fix import describe_fixes, fix_inputs

        if diff and output_format in ("github", "sarif"):
            raise UsageError(
                f"--diff prints a diff: use --format text or json, not {output_format}"
            )
        results, outcomes = fix_inputs(
            list(paths),
            catalog,
            deck_options,
            input_format=input_format,
            write=not diff,
            exclude=excludes,
            no_planar_deck=options["no_planar_deck"],
        )
        for line in describe_fixes(outcomes, written=not diff):
            click.echo(line, err=output_format != "text" or diff)
    else:
        results = validate_inputs(
            list(paths),
            catalog,
            deck_options,
            input_format=input_format,
            exclude=excludes,
            no_planar_deck=options["no_planar_deck"],
        )

    verdict = exit_code(results)
    click.get_current_context().meta["planarcli.exit_code"] = verdict  # kept on a closed pipe
    if verbose and config_path is not None:
        from planarcli.deck.config import shown_path

        for pattern in excludes.unmatched():
            click.echo(
                f"planarcli: note: {shown_path(config_path)}: exclude pattern {pattern!r} "
                "matched nothing (configured patterns are relative to the folder of the "
                "configuration file)",
                err=True,
            )
    for result in results:
        if (not result.readable or result.not_fixed) and not result.skipped:
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
    if config_path is not None:
        from planarcli.deck.config import shown_path

        config_path = shown_path(config_path)
    mode = {
        "rules": edition_id,
        "communal": players is not None,
        "players": players,
        "variant": variant,
    }
    colour = False
    if diff and output_format == "text":
        # The diff of what --fix would change (nothing: no diff), then the report of the
        # files as fixed.
        click.echo("".join(str(result.extra.get("diff", "")) for result in results), nl=False)
    if output_format == "json":
        from planarcli.report.render import render_json

        context = {"rules": edition_id, "mode": mode, "config": config_path, "card_data": card_data}
        output = render_json(results, context=context, show_skipped=verbose)
    elif output_format == "github":
        from planarcli.report.render import render_github

        output = render_github(results, verbose=verbose)
    elif output_format == "sarif":
        from planarcli import __version__
        from planarcli.report.sarif import render_sarif

        output = render_sarif(results, tool_version=__version__, verbose=verbose)
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
                f"rules: {edition_id}; config: {config_path or 'none'}"
            )
        output = render_text(
            results,
            style=style,
            verbose=verbose,
            header=header,
            quiet=quiet,
            width=wrap_width(),
        )
    click.echo(output, color=colour)
    raise SystemExit(verdict)


#: Findings are never wrapped narrower than this.
MIN_WRAP_WIDTH = 40


def wrap_width() -> int | None:
    """The width to wrap text findings to: the terminal's when standard output is one, or
    COLUMNS when it is set; None (one line per finding) when output goes to a file or a
    pipe without COLUMNS, so that grep, editors and CI log parsers see whole findings.
    The policy of :func:`planarcli.report.terminal.terminal_columns` (a terminal that
    reports 0 columns counts as none)."""
    from planarcli.report.terminal import terminal_columns

    columns = terminal_columns()
    return None if columns is None else max(columns, MIN_WRAP_WIDTH)


def _echo_error_document(output_format: str, error: PlanarError) -> None:
    """When the run cannot start, standard output is still a document of the format asked
    for: JSON with an ``error`` key, a SARIF log whose invocation failed and says why, a
    GitHub error annotation. (The one line on stderr is printed by the CLI as for any
    error.) Text prints nothing on standard output."""
    message = error.message + (f" ({error.hint})" if error.hint else "")
    if output_format == "json":
        from planarcli.report.render import render_json

        context = {"error": {"message": message, "exit_code": error.exit_code}}
        click.echo(render_json([], context=context))
    elif output_format == "sarif":
        from planarcli import __version__
        from planarcli.report.sarif import render_failed_sarif

        click.echo(render_failed_sarif(message, tool_version=__version__))
    elif output_format == "github":
        from planarcli.report.render import github_error

        click.echo(github_error(message))
    ctx = click.get_current_context(silent=True)
    if ctx is not None and output_format != "text":
        ctx.meta[JSON_PRINTED] = True  # the document is out: nothing more on stdout

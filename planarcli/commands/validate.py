"""``planarcli validate``: check planar decklists."""

from __future__ import annotations

from collections.abc import Callable
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
from planarcli.records import record

if TYPE_CHECKING:
    from planarcli.deck.run import ValidateRun

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
    "force-exclude": (bool, "force_exclude"),
    "no-planar-deck": (NO_PLANAR_DECK, "no_planar_deck"),
    "format": (OUTPUT_FORMATS, "output_format"),
}


def _complete_rules(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    from planarcli.deck.checks import known_edition_ids

    return [e for e in ["current", *known_edition_ids()] if e.startswith(incomplete)]


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
    "--players",
    type=int,
    metavar="N",
    help="Number of players of the communal deck (N ≥ 2); implies --communal.",
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
    "(text, csv, forge, xmage, cockatrice, mtgo, mtgjson, cards, json).",
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
    "--force-exclude/--no-force-exclude",
    default=False,
    help="Apply the exclusions to files named on the command line too, and judge them as a "
    "directory search does (for pre-commit and CI, which name the files they pick; also "
    "force-exclude = true in the configuration file).",
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
    from planarcli.deck.run import ValidateRequest, run_validate

    ctx = click.get_current_context()
    options: dict[str, Any] = dict(
        output_format=output_format,
        edition=edition,
        communal=communal,
        players=players,
        variant=variant,
        exclude=exclude,
        force_exclude=force_exclude,
        no_planar_deck=no_planar_deck,
    )
    try:
        config_path, from_config = _apply_config(ctx, options, config_file, no_config)
        from click.core import ParameterSource

        said = ctx.get_parameter_source("communal") is ParameterSource.COMMANDLINE
        request = ValidateRequest(
            paths=paths,
            output_format=options["output_format"],
            edition=options["edition"],
            # not said on the command line nor in the file: --players N alone implies it
            communal=options["communal"] if said or "communal" in from_config else None,
            players=options["players"],
            variant=options["variant"],
            input_format=input_format,
            exclude=tuple(options["exclude"]),
            no_planar_deck=options["no_planar_deck"],
            force_exclude=options["force_exclude"],
            config_path=config_path,
            from_config=frozenset(from_config),
            verbose=verbose,
            quiet=quiet,
            fix=fix or diff,
            diff=diff,
        )
        run = run_validate(request, say=lambda note: click.echo(note, err=True))
    except PlanarError as error:
        _echo_error_document(str(options["output_format"]), error)
        raise
    _print_run(run, RENDERERS[request.output_format])
    raise SystemExit(run.verdict)


def _print_run(run: ValidateRun, renderer: Renderer) -> None:
    """What --fix did, the notes on stderr, the diff --diff shows, then the report."""
    for line in run.fixes:  # (text for people says what --fix did on standard output)
        click.echo(line, err=not renderer.for_people or run.request.diff)
    click.get_current_context().meta["planarcli.exit_code"] = run.verdict  # on a closed pipe
    for note in run.notes:
        click.echo(note, err=True)
    if renderer.for_people and run.request.diff:
        # The diff of what --fix would change (nothing: no diff), then the report of the
        # files as fixed.
        click.echo(run.diff_text, nl=False)
    colour = renderer.for_people and use_color()
    click.echo(renderer.report(run, colour), color=colour)


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
    document = RENDERERS[output_format].failure(message, error.exit_code)
    if document is not None:
        click.echo(document)
    ctx = click.get_current_context(silent=True)
    if ctx is not None and output_format != "text":
        ctx.meta[JSON_PRINTED] = True  # the document is out: nothing more on stdout


# --------------------------------------------------------------------------- renderers
# Each format's renderer is imported only when that format is printed.


def _text_report(run: ValidateRun, colour: bool) -> str:
    from planarcli.report.render import render_text

    style = click.style if colour else (lambda text, **_: text)
    header = None
    if run.request.verbose:
        source = run.source
        age = source.age_text()
        aged = f", {age}" if age is not None else ""
        header = (
            f"card data: {source.kind} {source.location} ({run.cards} cards{aged}); "
            f"rules: {run.edition_id}; config: {run.config_shown or 'none'}"
        )
    return render_text(
        run.results,
        style=style,
        verbose=run.request.verbose,
        header=header,
        quiet=run.request.quiet,
        width=wrap_width(),
    )


def _json_report(run: ValidateRun, colour: bool) -> str:
    from planarcli.report.render import render_json

    context = {
        "rules": run.edition_id,
        "mode": run.mode,
        "config": run.config_shown,
        "card_data": run.card_data,
    }
    return render_json(run.results, context=context, show_skipped=run.request.verbose)


def _json_failure(message: str, exit_code: int) -> str:
    from planarcli.report.render import render_json

    return render_json([], context={"error": {"message": message, "exit_code": exit_code}})


def _github_report(run: ValidateRun, colour: bool) -> str:
    from planarcli.report.render import render_github

    return render_github(run.results, verbose=run.request.verbose)


def _github_failure(message: str, exit_code: int) -> str:
    from planarcli.report.render import github_error

    return github_error(message)


def _sarif_report(run: ValidateRun, colour: bool) -> str:
    from planarcli import __version__
    from planarcli.report.sarif import render_sarif

    return render_sarif(run.results, tool_version=__version__, verbose=run.request.verbose)


def _sarif_failure(message: str, exit_code: int) -> str:
    from planarcli import __version__
    from planarcli.report.sarif import render_failed_sarif

    return render_failed_sarif(message, tool_version=__version__)


@record
class Renderer:
    """How one ``--format`` prints: the report of a run (coloured or not), the document
    printed when the run cannot start (None: nothing), and whether it is text for people
    (coloured when the terminal takes it; what --fix did and the --diff printed before it
    on standard output, which the machine formats keep one document)."""

    report: Callable[[ValidateRun, bool], str]
    failure: Callable[[str, int], str | None]
    for_people: bool = False


RENDERERS: dict[str, Renderer] = {
    "text": Renderer(_text_report, lambda message, exit_code: None, for_people=True),
    "json": Renderer(_json_report, _json_failure),
    "github": Renderer(_github_report, _github_failure),
    "sarif": Renderer(_sarif_report, _sarif_failure),
}

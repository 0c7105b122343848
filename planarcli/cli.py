"""The ``planarcli`` command line: a thin layer over the core.

Subcommands live in ``planarcli/commands/`` and are imported only when they are used, so
``planarcli validate`` does not pay for the rules or card commands. Every PlanarError raised
below is turned into one line on stderr and its exit code here, in one place.
"""

from __future__ import annotations

import gc
import importlib
import os
import sys
from typing import Any

# Start-up makes tens of thousands of objects that live as long as the process (click's
# classes, the commands, the card data) and next to no garbage; at the default threshold the
# collector walks them all again and again for nothing, about a tenth of the start-up time.
# Collect young objects less often (cycles are still collected).
gc.set_threshold(100_000)

import click  # noqa: E402

from planarcli import __version__  # noqa: E402
from planarcli.commands.common import PlanarGroup  # noqa: E402
from planarcli.errors import EXIT_USAGE, PlanarError, printable  # noqa: E402

#: command name -> (module, attribute, one-line help shown by ``planarcli --help``)
LAZY_COMMANDS: dict[str, tuple[str, str, str]] = {
    "validate": ("planarcli.commands.validate", "validate", "Check planar decklists."),
    "cards": ("planarcli.commands.cards", "cards", "Look up, browse and sync plane cards."),
    "deck": ("planarcli.commands.deck", "deck", "Build planar decks and convert decklists."),
    "rules": ("planarcli.commands.rules", "rules", "Show, search and compare the rules."),
}


class LazyGroup(PlanarGroup):
    """A group whose subcommands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(LAZY_COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        spec = LAZY_COMMANDS.get(cmd_name)
        if spec is None:
            return None
        module = importlib.import_module(spec[0])
        command: click.Command = getattr(module, spec[1])
        return command

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name = args[0] if args else ""
        if name and not name.startswith("-") and self.get_command(ctx, name) is None:
            # A mistyped command (`planarcli valdate`): say which one was probably meant.
            import difflib

            close = difflib.get_close_matches(name, self.list_commands(ctx), n=1, cutoff=0.6)
            if close:
                ctx.fail(f"No such command {name!r}. Did you mean {close[0]!r}?")
        return super().resolve_command(ctx, args)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        # Short help from the table, so ``planarcli --help`` imports no subcommand.
        rows = [(name, LAZY_COMMANDS[name][2]) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        ctx.meta[RAW_ARGS_KEY] = list(args)
        return super().parse_args(ctx, args)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.UsageError as error:
            # A command line click refuses (an unknown option, a bad value, a missing
            # argument): with --format json, standard output is still one JSON document.
            _usage_error_json(ctx, error)
            raise
        except PlanarError as error:
            report_error(error)
            ctx.exit(error.exit_code)
        except BrokenPipeError:
            # The reader of our output went away (``| head``): stop quietly, with the exit
            # code the command had already decided on (validate's verdict), else 0.
            _silence_stdout()
            ctx.exit(ctx.meta.get(EXIT_CODE_KEY, 0))
        except KeyboardInterrupt:
            # Ctrl-C: say so once and exit 130 (128 + SIGINT), as shells do. Click would
            # print "Aborted!" and exit 1. Commands print their report only once it is
            # complete and write files atomically, so nothing is left half-written.
            click.echo("planarcli: interrupted", err=True)
            ctx.exit(EXIT_INTERRUPTED)


#: Where a command records its exit code before printing (see LazyGroup.invoke).
EXIT_CODE_KEY = "planarcli.exit_code"
#: The command line as given to ``planarcli`` (see LazyGroup.parse_args).
RAW_ARGS_KEY = "planarcli.raw_args"
#: The exit code after Ctrl-C (128 + SIGINT, as shells report it).
EXIT_INTERRUPTED = 130


def _usage_error_json(ctx: click.Context, error: click.UsageError) -> None:
    """``{"error": {...}}`` on stdout for a refused command line that asked for
    ``--format json``, unless the command already printed its own document."""
    from planarcli.commands.common import JSON_PRINTED, asked_format, echo_json

    if ctx.meta.get(JSON_PRINTED) or asked_format(ctx.meta.get(RAW_ARGS_KEY, [])) != "json":
        return
    echo_json({"error": {"message": error.format_message(), "hint": None, "exit_code": 2}})


def _show_version(ctx: click.Context, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        click.echo(f"planarcli, version {__version__}")
        ctx.exit()


def report_error(error: PlanarError) -> None:
    """Print one line (plus a hint line, when there is one) on stderr."""
    click.echo(f"planarcli: error: {printable(error.message)}", err=True)
    if error.hint:
        click.echo(f"planarcli: hint: {printable(error.hint)}", err=True)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=lambda ctx, _param, value: _show_version(ctx, value),
    help="Show the version and exit.",
)
@click.option(
    "--offline",
    is_flag=True,
    envvar="PLANARCLI_OFFLINE",
    help="Never touch the network (also PLANARCLI_OFFLINE=1).",
)
@click.pass_context
def cli(ctx: click.Context, offline: bool) -> None:
    """Validate Planechase planar decks, look up plane and phenomenon cards, and search the
    Planechase rules (Comprehensive Rules 901), offline.

    \b
    Exit codes: 0 success, 1 illegal deck or nothing found,
    2 usage error or unreadable input, 3 data unavailable.
    """
    ctx.ensure_object(dict)
    ctx.obj["offline"] = offline


def main() -> None:
    """Console-script entry point."""
    try:
        cli(prog_name="planarcli")
    except BrokenPipeError:
        # Output piped into ``head`` and the like: stop quietly.
        _silence_stdout()
        sys.exit(0)
    except KeyboardInterrupt:  # before a command ran (while importing it)
        click.echo("planarcli: interrupted", err=True)
        sys.exit(EXIT_INTERRUPTED)
    except OSError as error:
        # Only output can fail this late (a full disk, a closed terminal): core code turns
        # every input and data failure into a PlanarError. Say it once, without a traceback.
        _silence_stdout()
        click.echo(
            f"planarcli: error: cannot write the output: {error.strerror or error}", err=True
        )
        sys.exit(EXIT_USAGE)


def _silence_stdout() -> None:
    """Point standard output at the null device, so that flushing what is still buffered at
    exit cannot fail a second time."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError):
        pass

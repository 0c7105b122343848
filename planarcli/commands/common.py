"""Options and helpers shared by the commands."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from planarcli.lazyre import lazy
from planarcli.paths import offline_from_env

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

F = TypeVar("F", bound=Callable[..., Any])


# -- commands without click's gettext lookups ---------------------------------------------------
# Click makes each --help option (and --version) with gettext's ``_()``, which imports locale
# and searches for translation files that click does not ship: about 3% of every start-up.
# planarcli's commands make these options themselves, in English, with the same behaviour.
HELP_TEXT = "Show this message and exit."


def _show_help(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        click.echo(ctx.get_help(), color=ctx.color)
        ctx.exit()


def _help_option(command: click.Command, ctx: click.Context) -> click.Option | None:
    """``command``'s --help option, made once (click relies on it being the same object)."""
    names = command.get_help_option_names(ctx)
    if not names or not command.add_help_option:
        return None
    made: click.Option | None = getattr(command, "_planarcli_help", None)
    if made is None:
        made = click.Option(
            names,
            is_flag=True,
            expose_value=False,
            is_eager=True,
            help=HELP_TEXT,
            callback=_show_help,
        )
        command._planarcli_help = made  # type: ignore[attr-defined]
    return made


class PlanarCommand(click.Command):
    """A click command whose --help option costs no gettext lookup."""

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        return _help_option(self, ctx)


class PlanarGroup(click.Group):
    """A click group whose --help option costs no gettext lookup, nor its commands'."""

    command_class = PlanarCommand
    group_class = type  # subgroups are PlanarGroups too

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        return _help_option(self, ctx)


def format_option(*choices: str, default: str = "text") -> Callable[[F], F]:
    """``--format`` with the given choices (``text`` and ``json`` everywhere)."""
    names = choices or ("text", "json")
    return click.option(
        "--format",
        "output_format",
        type=click.Choice(names, case_sensitive=False),
        default=default,
        show_default=True,
        help="Output format.",
    )


def offline_option(func: F) -> F:
    """``--offline`` on a command that may touch the network."""
    return click.option(
        "--offline",
        is_flag=True,
        default=False,
        help="Never touch the network (also PLANARCLI_OFFLINE=1 or planarcli --offline).",
    )(func)


def is_offline(ctx: click.Context, flag: bool = False) -> bool:
    """Offline if the command's flag, the group's flag or PLANARCLI_OFFLINE says so."""
    root = ctx.find_root()
    group_flag = bool(root.obj and root.obj.get("offline"))
    return flag or group_flag or offline_from_env()


COMPLETE_ENV = "_PLANARCLI_COMPLETE"
_SHELL_SPECIAL = lazy(r"""([\s'"\\$`!&|;()<>*?\[\]{}#~^:=])""")


def bash_escape(value: str) -> str:
    """A completion as Click's bash completion script must receive it.

    Bash puts the completion on the command line as it is, so spaces and shell syntax need a
    backslash each ("Academy\\ at\\ Tolaria\\ West"). Click's script reads every answer
    line with ``read`` (no ``-r``), which eats one level of backslashes, so each backslash is
    sent twice. zsh and fish get the plain value: their scripts (``compadd``, ``complete``)
    quote what they insert.
    """
    return _SHELL_SPECIAL.sub(r"\\\1", value).replace("\\", "\\\\")


def completion_item(value: str, help: str | None = None) -> CompletionItem:
    """A shell completion of ``value`` (a card name, a glossary term), escaped for bash."""
    from click.shell_completion import CompletionItem

    if os.environ.get(COMPLETE_ENV) == "bash_complete":
        value = bash_escape(value)
    return CompletionItem(value, help=help)


# -- a name or a term of several words, unquoted --------------------------------------------
def words_argument(name: str, metavar: str, **kwargs: Any) -> Callable[[F], F]:
    """An argument that is a name or a term, typed as players type it: ``cards show Chaotic
    Aether`` as well as ``cards show "Chaotic Aether"``. Its words are collected (nargs=-1)
    and the command reads them as one, with :func:`joined_words`. The metavar has no "...",
    so the usage line and click's "Missing argument 'NAME'." stay as for one word."""
    return click.argument(name, metavar=metavar, nargs=-1, required=True, **kwargs)


def joined_words(words: tuple[str, ...] | str) -> str:
    """The words of a :func:`words_argument` as the one name or term they make."""
    return words if isinstance(words, str) else " ".join(words)


def typed_before(ctx: click.Context | None, param: click.Parameter | None) -> tuple[str, ...]:
    """While completing a :func:`words_argument`, the words of it typed before the one
    being completed (``("Chaotic",)`` for ``cards show Chaotic Ae<TAB>``)."""
    if ctx is None or param is None or param.name is None:
        return ()
    value = ctx.params.get(param.name)
    return tuple(value) if isinstance(value, (tuple, list)) else ()


def rest_of_name(name: str, before: tuple[str, ...]) -> str:
    """What completes the word being typed when ``before`` are the words of ``name`` already
    on the command line: the name without its first ``len(before)`` words."""
    return " ".join(name.split(" ")[len(before) :])


def use_color() -> bool:
    """Colour only on a terminal, and never when NO_COLOR is set (the policy of
    :func:`planarcli.report.terminal.use_color`, imported when a command prints)."""
    from planarcli.report.terminal import use_color as terminal_use_color

    return terminal_use_color()


#: ``ctx.meta`` key set once a command has printed its JSON document (see :func:`json_errors`)
JSON_PRINTED = "planarcli.json_printed"


def echo_json(data: Any) -> None:
    """Print ``data`` as JSON (UTF-8, readable indentation)."""
    import json  # on the JSON path only: text output never needs it

    click.echo(json.dumps(data, ensure_ascii=False, indent=2))
    ctx = click.get_current_context(silent=True)
    if ctx is not None:
        ctx.meta[JSON_PRINTED] = True


def json_errors(func: F) -> F:
    """Make a command with ``--format json`` print one JSON document whatever happens.

    When the command fails with a PlanarError before printing its JSON, ``{"error":
    {"message", "hint", "exit_code"}}`` goes to stdout; the error itself still goes up to the
    CLI, which prints its one line on stderr and exits with its code.
    """
    import functools

    from planarcli.errors import PlanarError

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except PlanarError as error:
            ctx = click.get_current_context(silent=True)
            printed = ctx is not None and ctx.meta.get(JSON_PRINTED)
            if str(kwargs.get("output_format", "")).lower() == "json" and not printed:
                echo_json(
                    {
                        "error": {
                            "message": error.message,
                            "hint": error.hint,
                            "exit_code": error.exit_code,
                        }
                    }
                )
            raise

    return wrapper  # type: ignore[return-value]


def asked_format(args: list[str]) -> str | None:
    """The ``--format`` raw command-line arguments ask for (the last one wins, as click
    decides), lower-cased, or None: what a command that click refuses should still print."""
    asked = None
    for index, arg in enumerate(args):
        if arg == "--":
            break
        if arg.lower().startswith("--format="):
            asked = arg.split("=", 1)[1].lower()
        elif arg == "--format" and index + 1 < len(args):
            asked = args[index + 1].lower()
    return asked

"""Options and helpers shared by the commands."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import click

from planarcli.paths import offline_from_env

F = TypeVar("F", bound=Callable[..., Any])


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


def use_color() -> bool:
    """Colour only on a terminal, and never when NO_COLOR is set."""
    if os.environ.get("NO_COLOR"):  # no-color.org: set and not empty
        return False
    return sys.stdout.isatty()


def echo_json(data: Any) -> None:
    """Print ``data`` as JSON (UTF-8, readable indentation)."""
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))

"""``planarcli rules import SOURCE``: add an edition from an official Comprehensive Rules file.

The ``rules`` group adds this command with ``rules.add_command(import_command, "import")``.
"""

from __future__ import annotations

import click

from planarcli.commands.common import (
    PlanarCommand,
    echo_json,
    format_option,
    is_offline,
    json_errors,
    offline_option,
)
from planarcli.rulebook.importer import import_rules


@click.command("import", cls=PlanarCommand)
@click.argument("source", metavar="SOURCE")
@format_option()
@offline_option
@click.pass_context
@json_errors
def import_command(ctx: click.Context, source: str, output_format: str, offline: bool) -> None:
    """Add a rules edition from an official Comprehensive Rules .txt file.

    SOURCE is a path or an http(s) URL of the text version of the Comprehensive Rules
    (https://magic.wizards.com/en/rules). The edition is named by the effective date printed
    in the file ("These rules are effective as of July 30, 2024." gives 2024-07-30) and saved
    in your data folder (PLANARCLI_DATA_DIR); one with the id of a bundled edition replaces it
    for you. Section 901, the Planechase glossary entries, every other rule that speaks of
    Planechase and the rules they cite (two references deep) are imported, as in the bundled
    editions.
    """
    from planarcli.report import rules as render

    result = import_rules(source, offline=is_offline(ctx, offline))
    if output_format.lower() == "json":
        echo_json(render.import_json(result, source))
    else:
        click.echo(render.import_text(result))

"""The README stays true: every command is documented and has help, and its console
examples still print what they show."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from planarcli.cli import LAZY_COMMANDS, cli

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")


def all_commands() -> list[tuple[str, click.Command]]:
    found = []
    group = cli
    context = click.Context(group)
    for name in LAZY_COMMANDS:
        command = group.get_command(context, name)
        assert command is not None, name
        found.append((name, command))
        if isinstance(command, click.Group):
            for sub in command.list_commands(context):
                subcommand = command.get_command(context, sub)
                assert subcommand is not None
                found.append((f"{name} {sub}", subcommand))
    return found


@pytest.mark.parametrize(("name", "command"), all_commands(), ids=lambda v: str(v))
def test_command_is_documented_and_has_help(name: str, command: click.Command) -> None:
    assert f"planarcli {name}" in README or f"`{name}" in README, name
    assert command.help or command.short_help, f"{name} has no help text"
    result = CliRunner().invoke(cli, [*name.split(), "--help"])
    assert result.exit_code == 0, result.output
    assert "Usage: " in result.output


def console_examples() -> list[tuple[str, list[tuple[str, list[str]]]]]:
    """Each ```console block as a list of ($ command, output lines)."""
    blocks = re.findall(r"```console\n(.*?)```", README, flags=re.S)
    examples = []
    for block in blocks:
        steps: list[tuple[str, list[str]]] = []
        for line in block.splitlines():
            if line.startswith("$ "):
                steps.append((line[2:], []))
            elif steps:
                steps[-1][1].append(line)
        examples.append((block.splitlines()[0], steps))
    return examples


@pytest.mark.parametrize(("first", "steps"), console_examples(), ids=lambda v: str(v)[:40])
def test_console_examples_run_as_shown(
    first: str, steps: list[tuple[str, list[str]]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    last_exit = 0
    for command, output in steps:
        words = shlex.split(command)
        if words[0] == "cat":
            Path(words[1]).write_text("\n".join(output).rstrip("\n") + "\n", encoding="utf-8")
        elif words[:2] == ["echo", "$?"]:
            assert output == [str(last_exit)]
        else:
            # A pipeline of planarcli commands: each one's stdout is the next one's stdin.
            stdin: str | None = None
            for part in command.split(" | "):
                argv = shlex.split(part)
                assert argv[0] == "planarcli", command
                result = CliRunner().invoke(cli, argv[1:], input=stdin)
                stdin = result.stdout
            last_exit = result.exit_code
            if output:
                assert result.stdout.rstrip("\n").splitlines() == output, result.stdout

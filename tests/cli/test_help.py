"""Every command's --help page."""

from __future__ import annotations


def _command_paths() -> list[list[str]]:
    import click

    from planarcli.cli import cli

    paths: list[list[str]] = [[]]
    ctx = click.Context(cli)
    for name in cli.list_commands(ctx):
        command = cli.get_command(ctx, name)
        paths.append([name])
        if isinstance(command, click.Group):
            sub = click.Context(command, parent=ctx)
            paths.extend([name, child] for child in command.list_commands(sub))
    return paths


def test_every_help_page_fits_80_columns(run_cli) -> None:
    """`validate --help` and `deck convert --help` had an 83-column exit-code line."""
    paths = _command_paths()
    assert ["validate"] in paths and ["deck", "convert"] in paths
    for path in paths:
        result = run_cli(*path, "--help", env={"COLUMNS": "80"})
        assert result.exit_code == 0, (path, result)
        wide = [line for line in result.stdout.splitlines() if len(line) > 80]
        assert not wide, (path, wide)

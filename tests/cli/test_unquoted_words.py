"""A name or a term of several words typed without quotes reads as the one name or term
(issue 25 item 1): `cards show Chaotic Aether` is `cards show "Chaotic Aether"`, and so for
every command whose argument is a name or a term. Shell completion goes on from the words
already typed."""

from __future__ import annotations

import shlex

import pytest
from click.testing import CliRunner

from planarcli.cli import cli

pytestmark = pytest.mark.usefixtures("cache_dir")

#: (the command, its argument of several words, options after it): the unquoted words give
#: what the quoted argument gives, output and exit code alike.
UNQUOTED = [
    (["cards", "show"], "Chaotic Aether", []),
    (["cards", "show"], "academy at tolaria west", ["--format", "json"]),
    (["cards", "show"], "Tolaria West", []),  # another Magic card: exit 1, as quoted
    (["cards", "show"], "Académie de l'Ouest de Tolaria", []),  # a printed French name
    (["cards", "match"], "academy tolaria", []),
    (["cards", "match"], "the great forest", ["--limit", "3", "--format", "json"]),
    (["cards", "match"], "zzz qqq xxx", []),  # no candidates: exit 1, as quoted
    (["rules", "show"], "planar die", []),
    (["rules", "show"], "Planar Controller", ["--format", "json"]),
    (["rules", "show"], "ruling:Chaotic Aether", []),
    (["rules", "show"], "no such term here", []),  # nothing found: exit 1, as quoted
    (["rules", "history"], "planar deck", []),
    (["rules", "history"], "chaos ability", ["--format", "json"]),
]


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), prog_name="planarcli")
    assert result.exception is None or isinstance(result.exception, SystemExit), result
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(("command", "words", "options"), UNQUOTED)
def test_unquoted_words_read_as_the_quoted_argument(
    command: list[str], words: str, options: list[str]
) -> None:
    quoted = _run(*command, words, *options)
    unquoted = _run(*command, *words.split(" "), *options)
    assert unquoted == quoted
    assert "unexpected extra argument" not in unquoted[2]


def test_the_words_may_come_around_the_options() -> None:
    assert _run("cards", "show", "Chaotic", "--format", "json", "Aether") == _run(
        "cards", "show", "Chaotic Aether", "--format", "json"
    )


@pytest.mark.parametrize(
    ("command", "error"),
    [
        (["cards", "show"], "Missing argument 'NAME'."),
        (["cards", "match"], "Missing argument 'NAME'."),
        (["rules", "show"], "Missing argument 'ID'."),
        (["rules", "history"], "Missing argument 'ID'."),
    ],
)
def test_no_argument_is_still_clicks_usage_error(command: list[str], error: str) -> None:
    code, stdout, stderr = _run(*command)
    assert code == 2 and stdout == ""
    assert stderr.splitlines()[0] == f"Usage: planarcli {' '.join(command)} [OPTIONS] " + (
        "NAME" if "NAME" in error else "ID"
    )
    assert stderr.splitlines()[-1] == f"Error: {error}"


def test_an_empty_name_is_still_nothing_to_look_up() -> None:
    code, _, stderr = _run("cards", "show", "")
    assert code == 2
    assert stderr == "planarcli: error: nothing to look up in '': give a card name\n"


def _complete(words: str) -> list[str]:
    """What Click's bash completion protocol answers for the last word of ``words``."""
    split = shlex.split(words)
    cword = len(split) if words.endswith(" ") else len(split) - 1
    env = {"_PLANARCLI_COMPLETE": "bash_complete", "COMP_WORDS": words, "COMP_CWORD": str(cword)}
    result = CliRunner().invoke(cli, [], prog_name="planarcli", env=env)
    return [line.split(",", 1)[1] for line in result.stdout.splitlines() if line]


@pytest.mark.parametrize(
    ("words", "answers"),
    [
        ("planarcli cards show Chaotic Ae", ["Aether"]),
        ("planarcli cards show academy at t", ["Tolaria\\\\ West"]),
        ("planarcli cards match the aeth", ["Aether\\\\ Flues"]),
        ("planarcli cards show Chaotic Zz", []),
        ("planarcli rules show planar d", ["Deck", "Die"]),
        ("planarcli rules history planar ", ["Deck", "Die"]),
        ("planarcli cards show kro", ["Krosa"]),  # one word: as before
    ],
)
def test_completion_goes_on_from_the_words_typed(words: str, answers: list[str]) -> None:
    assert _complete(words)[: len(answers) or None] == answers

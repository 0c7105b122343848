"""The pre-commit hook (.pre-commit-hooks.yaml), run the way pre-commit runs it: the
manifest's ``files``/``exclude`` regexes (``re.search`` on forward-slash paths relative to
the repository root) and ``types`` pick files from a repository tree, then ``entry`` +
``args`` + the picked file names run in batches, and the hook fails when any batch does."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
MANIFEST = REPO / ".pre-commit-hooks.yaml"
DECKS = Path(__file__).parents[1] / "decks"


def hook() -> dict[str, Any]:
    hooks = yaml.safe_load(MANIFEST.read_text(encoding="utf-8"))
    assert isinstance(hooks, list) and len(hooks) == 1
    found: dict[str, Any] = hooks[0]
    return found


def test_hook_definition() -> None:
    fields = hook()
    assert fields["id"] == "planarcli-validate"
    assert fields["name"] and fields["description"]
    # --force-exclude: the configuration's exclude patterns apply to the files pre-commit names
    assert shlex.split(fields["entry"]) == ["planarcli", "validate", "--force-exclude"]
    assert fields["language"] == "python"
    assert fields["types"] == ["file"]
    assert fields["pass_filenames"] is True
    assert fields["require_serial"] is False
    assert fields["args"] == []
    # pre-commit compiles both patterns with re; the keys it knows are the only keys
    re.compile(fields["files"])
    re.compile(fields["exclude"])
    known = {
        "id", "name", "description", "entry", "language", "files", "exclude", "types",
        "types_or", "exclude_types", "args", "require_serial", "pass_filenames",
        "always_run", "stages", "minimum_pre_commit_version", "verbose", "log_file",
    }  # fmt: skip
    assert set(fields) <= known
    # the console script the entry names is the one the package installs
    pyproject = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert 'planarcli = "planarcli.__main__:main"' in pyproject


def selected(path: str) -> bool:
    """Whether pre-commit's filename filter hands ``path`` to the hook (patterns only)."""
    fields = hook()
    if not re.search(fields["files"], path):
        return False
    return not re.search(fields.get("exclude", "^$"), path)


@pytest.mark.parametrize(
    "path",
    [
        "decks/a.txt",
        "foo.dck",
        "x/y.cod",
        "z.dek",
        "planar/b.json",
        "deck/one.txt",
        "club/decks/2024/tazeem.txt",
        "Decks/Upper.TXT",
        "planes/list.dec",
        "forge/old/A.DCK",
        "planechase/pca.json",
        "decks/a b.deck",
        "decks/moxfield.csv",
        "mydecks/a.txt",
        "my-decks/a.txt",
        "planar-decks/a.txt",
        "decklists/a.txt",
        "Planechase Decks/a.txt",
        "decks/commander/atraxa.txt",
        "src/deckbuilder/saved.dck",
        # decks whose names begin with a word of the usual repository files (issue 25 item 6)
        "decks/History of Dominaria.txt",
        "decks/Manifest Destiny.txt",
        "decks/Changes of Heart.txt",
        "decks/history-of-dominaria.txt",
        "decks/Notes on Chaos.txt",
        "decks/notes_2024.csv",
        "decks/Todo Planes.dec",
        "decks/readme first.txt",
        "decks/Licensed Planes.json",
        "decks/authority.txt",
        "decks/package deal.txt",
        "decks/configurable.txt",
        "decks/settings of alara.deck",
        "planar/Copying Fate.txt",
        "decks/requirements of chaos.txt",
    ],
)
def test_pattern_selects_decklists(path: str) -> None:
    assert selected(path), path


@pytest.mark.parametrize(
    "path",
    [
        "README.md",
        "setup.py",
        "docs/notes.txt",
        "pyproject.toml",
        ".github/workflows/ci.yml",
        "package.json",
        "requirements.txt",
        "decks.txt",
        "decks/README.txt",
        "decks/requirements.txt",
        "decks/requirements-dev.txt",
        "decks/package.json",
        "decks/tsconfig.json",
        "decks/config.json",
        "decks/settings.json",
        "decks/LICENSE.txt",
        "decks/notes.txt",
        "decks/NOTES.TXT",
        "decks/note.txt",
        "decks/history.txt",
        "decks/changes.txt",
        "decks/CHANGELOG.txt",
        "decks/manifest.json",
        "decks/todo.txt",
        "decks/AUTHORS.txt",
        "decks/package-lock.json",
        "decks/composer.json",
        "decks/requirements_test.txt",
        "decks/constraints-py312.txt",
        "decks/tsconfig.build.json",
        "decks/jsconfig.json",
        "decks/settings.local.json",
        "decks/config.local.json",
        "decks/licence.txt",
        "decks/.vscode/settings.json",
        "decks/.hidden.txt",
        ".decks/a.txt",
        ".decks/planar/b.json",
        "x/.decks/a.txt",
        "decks/.old/a.txt",
        ".planar-decks.dck",
        "src/deckbuilder/config.json",
        "src/deckbuilder/data/cards.json",
        "src/planarcli/data/cards.json",
        "planeswalkers/list.txt",
        "decks/image.png",
        "decks/a.txt.bak",
        "src/planar.py",
        "notes/dck.md",
        "decks/",
    ],
)
def test_pattern_leaves_other_files_alone(path: str) -> None:
    assert not selected(path), path


def test_every_decklist_suffix_is_covered() -> None:
    from planarcli.deck.readers import DECKLIST_SUFFIXES

    for suffix in DECKLIST_SUFFIXES:
        assert selected(f"decks/x{suffix}"), suffix


# -- the hook run on a repository tree -------------------------------------------------------


def tags(path: Path) -> set[str]:
    """The identify tags pre-commit matches ``types`` against (the ones used here)."""
    if path.is_symlink():
        return {"symlink"}
    if not path.is_file():
        return set()
    found = {"file"}
    found.add("binary" if b"\x00" in path.read_bytes()[:1024] else "text")
    return found


def pick(repo: Path, fields: dict[str, Any]) -> list[str]:
    """The file names pre-commit passes: every file of the tree (as ``git ls-files`` lists
    them, forward slashes), filtered by ``files``, ``exclude``, ``types``/``types_or``."""
    names = sorted(
        p.relative_to(repo).as_posix() for p in repo.rglob("*") if p.is_file() or p.is_symlink()
    )
    include = re.compile(fields.get("files", ""))
    exclude = re.compile(fields.get("exclude", "^$"))
    chosen = []
    for name in names:
        if not include.search(name) or exclude.search(name):
            continue
        found = tags(repo / name)
        if not set(fields.get("types", ["file"])) <= found:
            continue
        if fields.get("types_or") and not set(fields["types_or"]) & found:
            continue
        chosen.append(name)
    return chosen


def run_hook(
    repo: Path, fields: dict[str, Any], filenames: list[str], batches: int = 2
) -> list[subprocess.CompletedProcess[str]]:
    """Run entry + args + filenames in ``batches`` groups, as pre-commit does when
    require_serial is false (it splits the names among its jobs)."""
    entry = shlex.split(fields["entry"])
    assert entry[0] == "planarcli"
    command = [sys.executable, "-m", "planarcli", *entry[1:], *fields.get("args", [])]
    groups = [filenames[i::batches] for i in range(batches)] if fields["pass_filenames"] else [[]]
    env = {**os.environ, "NO_COLOR": "1"}
    return [
        subprocess.run(
            [*command, *group],
            cwd=repo,
            capture_output=True,
            text=True,
            encoding="utf-8",
            env=env,
            timeout=120,
            check=False,
        )
        for group in groups
        if group
    ]


def write(repo: Path, name: str, text: str) -> None:
    path = repo / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


@pytest.fixture
def deck_repo(tmp_path: Path) -> Path:
    """A deck repository as people keep them: decks in folders, a deck-building app's source
    and config beside them, a hidden folder of old drafts, the usual top-level files."""
    repo = tmp_path / "repo"
    valid = (DECKS / "valid" / "bare-names.txt").read_text(encoding="utf-8")
    write(repo, "decks/bare-names.txt", valid)
    write(repo, "decks/moxfield.txt", (DECKS / "valid" / "moxfield-export.txt").read_text("utf-8"))
    forge = (DECKS / "formats" / "forge-new-planes.dck").read_text(encoding="utf-8")
    write(repo, "forge/timey-wimey.dck", forge)
    write(repo, "Planechase Decks/2024/club.txt", valid)
    write(repo, "decks/README.txt", "My planar decks.\nEach file is one deck.\n")
    write(repo, "decks/config.json", '{"theme": "dark", "autosave": true}\n')
    write(repo, "decks/notes.txt", "Try Tazeem with more chaos.\n")
    write(repo, ".decks/draft.txt", "half a deck\n1 Tazem\n")
    write(repo, ".decks/old.json", '{"planar_deck": [')
    write(repo, "src/deckbuilder/config.json", '{"port": 8080}\n')
    write(repo, "src/deckbuilder/deck.py", "DECK = []\n")
    write(repo, "package.json", '{"name": "my-decks"}\n')
    write(repo, "README.md", "# decks\n")
    write(repo, "requirements.txt", "planarcli\n")
    return repo


EXPECTED = [
    "Planechase Decks/2024/club.txt",
    "decks/bare-names.txt",
    "decks/moxfield.txt",
    "forge/timey-wimey.dck",
]


def test_hook_passes_a_repository_of_legal_decks(deck_repo: Path) -> None:
    fields = hook()
    chosen = pick(deck_repo, fields)
    assert chosen == EXPECTED
    for result in run_hook(deck_repo, fields, chosen):
        assert result.returncode == 0, result.stdout + result.stderr


def test_files_the_hook_leaves_alone_would_fail_it(deck_repo: Path) -> None:
    """The filter matters: the files it leaves out are not decks, and planarcli, given them
    by name, rejects them (so selecting them would fail every commit)."""
    left_out = [".decks/draft.txt", ".decks/old.json", "src/deckbuilder/config.json"]
    assert not set(left_out) & set(pick(deck_repo, hook()))
    for result in run_hook(deck_repo, hook(), left_out, batches=1):
        assert result.returncode != 0, result.stdout + result.stderr


def test_hook_fails_on_an_illegal_deck_and_names_it(deck_repo: Path) -> None:
    write(
        deck_repo, "decks/too-small.txt", (DECKS / "invalid" / "too-small.txt").read_text("utf-8")
    )
    fields = hook()
    chosen = pick(deck_repo, fields)
    assert "decks/too-small.txt" in chosen
    results = run_hook(deck_repo, fields, chosen)
    codes = sorted(result.returncode for result in results)
    assert codes == [0, 1], [r.stdout + r.stderr for r in results]
    failing = next(result for result in results if result.returncode)
    assert "decks/too-small.txt" in failing.stdout
    assert "deck-too-small" in failing.stdout


def test_args_from_the_users_config_reach_planarcli(deck_repo: Path) -> None:
    """``args:`` in .pre-commit-config.yaml replace the manifest's; here an edition whose
    planar decks hold planes only, so a deck with a phenomenon fails under it alone."""
    write(
        deck_repo,
        "decks/phenomenon.txt",
        (DECKS / "invalid" / "phenomenon-in-2009.txt").read_text("utf-8"),
    )
    fields = {**hook(), "args": ["--rules", "2009-10-01"]}
    chosen = pick(deck_repo, fields)
    results = run_hook(deck_repo, fields, ["decks/phenomenon.txt"], batches=1)
    assert results[0].returncode == 1, results[0].stdout + results[0].stderr
    results = run_hook(deck_repo, hook(), ["decks/phenomenon.txt"], batches=1)
    assert results[0].returncode == 0, results[0].stdout + results[0].stderr
    assert "decks/phenomenon.txt" in chosen


def test_hook_honours_the_configured_exclude_and_skips_what_is_no_decklist(tmp_path: Path) -> None:
    """Issue 16: a deck repository whose decks/ holds a legal planar deck, Commander lists
    (left out by `exclude` in pyproject.toml, relative to its folder), an archive of old
    illegal decks (excluded too) and config.json files: pre-commit names every one of them
    that its patterns pick, and the hook passes; an illegal planar deck still fails it."""
    repo = tmp_path / "repo"
    write(repo, "decks/legal.txt", (DECKS / "valid" / "bare-names.txt").read_text("utf-8"))
    commander = "Commander\n1 Atraxa, Praetors' Voice\n\nDeck\n1 Sol Ring\n"
    write(repo, "decks/commander/atraxa.txt", commander)
    write(repo, "decks/commander/edgar.txt", commander.replace("Atraxa, Praetors' Voice", "Edgar"))
    write(repo, "decks/archive/old.txt", (DECKS / "invalid" / "too-small.txt").read_text("utf-8"))
    write(repo, "decks/config.json", '{"theme": "dark", "autosave": true}\n')
    write(repo, "decks/settings/config.json", '{"theme": "light"}\n')
    write(
        repo,
        "pyproject.toml",
        '[project]\nname = "my-decks"\n\n[tool.planarcli]\n'
        'exclude = ["decks/commander/**", "decks/archive"]\n',
    )
    fields = hook()
    chosen = pick(repo, fields)
    assert "decks/commander/atraxa.txt" in chosen and "decks/archive/old.txt" in chosen
    # A user's `files:` may well pick a config.json too: it is no decklist, so skipped.
    chosen.append("decks/config.json")
    for result in run_hook(repo, fields, chosen):
        assert result.returncode == 0, result.stdout + result.stderr
    everything = run_hook(repo, fields, chosen, batches=1)[0]
    assert "decks/legal.txt: valid" in everything.stdout
    assert "1 file: 1 valid, 0 invalid; 4 skipped" in everything.stdout, everything.stdout

    # The same files named without the hook's --force-exclude: each is judged as named.
    plain = subprocess.run(
        [sys.executable, "-m", "planarcli", "validate", *chosen],
        cwd=repo,
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    assert plain.returncode == 1, plain.stdout + plain.stderr

    write(repo, "decks/too-small.txt", (DECKS / "invalid" / "too-small.txt").read_text("utf-8"))
    chosen = pick(repo, fields)
    assert "decks/too-small.txt" in chosen
    results = run_hook(repo, fields, chosen, batches=1)
    assert results[0].returncode == 1, results[0].stdout + results[0].stderr
    assert "decks/too-small.txt: invalid" in results[0].stdout
    assert "deck-too-small" in results[0].stdout

    # Commander lists left in (not excluded): the configuration's no-planar-deck decides for
    # the hook as for `planarcli validate decks/`, and the illegal planar deck still fails.
    (repo / "decks" / "too-small.txt").unlink()
    write(repo, "pyproject.toml", '[tool.planarcli]\nno-planar-deck = "warn"\n')
    chosen = pick(repo, fields)
    results = run_hook(repo, fields, chosen, batches=1)
    assert results[0].returncode == 1, results[0].stdout  # decks/archive/old.txt is illegal
    assert "decks/commander/atraxa.txt: no planar deck (warning)" in results[0].stdout
    chosen.remove("decks/archive/old.txt")
    results = run_hook(repo, fields, chosen, batches=1)
    assert results[0].returncode == 0, results[0].stdout + results[0].stderr

"""Shared fixtures: an isolated environment for every test, and ``run_cli``."""

from __future__ import annotations

import compileall
import importlib.util
import os
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest
from click.testing import CliRunner
from hypothesis import settings

#: Bytecode is written in a test session even under PYTHONDONTWRITEBYTECODE=1 (set in some
#: shells, and on the machines this suite is run on): without it every xdist worker rewrote the
#: asserts of every test module and compiled planarcli from source again (about 2 s of each
#: worker's collection), and every ``python -m planarcli`` a test starts compiled the modules
#: it imports (0.09 s of its 0.19 s).
#: The subprocesses keep the variable and only read what is written here and in
#: :func:`pytest_configure`, as the benchmarks do (they byte-compile planarcli first).
sys.dont_write_bytecode = False

#: tests/helpers/ (httpserver, probes, search_quality) is importable by its modules' names from
#: every test folder, as tests/ itself is (a test module imports another as ``cards.test_sync``)
HELPERS = Path(__file__).resolve().parent / "helpers"
if str(HELPERS) not in sys.path:
    sys.path.insert(0, str(HELPERS))

from httpserver import LocalServer, serve  # noqa: E402

from planarcli import marshalcache  # noqa: E402
from planarcli.cards import store  # noqa: E402
from planarcli.cli import cli  # noqa: E402
from planarcli.rulebook.corpus import Edition, EditionInfo, GlossaryEntry, Rule  # noqa: E402

#: no property test has a deadline: on a machine other jobs load, one slow example would fail
#: a run (the slowest properties already said ``deadline=None``; now every one does)
settings.register_profile("planarcli", deadline=None)
settings.load_profile("planarcli")

REPO = Path(__file__).resolve().parents[1]
TESTS = REPO / "tests"
#: ../shared/data beside the checkout (present for developers and CI, absent in a clone).
SHARED_DATA = REPO.parent / "shared" / "data"

requires_shared_data = pytest.mark.skipif(
    not SHARED_DATA.is_dir(), reason=f"{SHARED_DATA} is absent (it sits beside the checkout)"
)


def load_script(path: Path) -> ModuleType:
    """The Python file at ``path`` (a script in scripts/ or benchmarks/, which are no
    package), loaded afresh as a module named after the file."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(autouse=True)
def isolated_environment(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    """Never read or write the user's real cache or data dirs; no colour; no offline flag;
    no COLUMNS from the shell or the test runner (findings wrap to it)."""
    home = tmp_path_factory.mktemp("planarcli-home")
    monkeypatch.setenv("PLANARCLI_CACHE_DIR", str(home / "cache"))
    monkeypatch.setenv("PLANARCLI_DATA_DIR", str(home / "data"))
    monkeypatch.delenv("PLANARCLI_OFFLINE", raising=False)
    monkeypatch.delenv("PLANARCLI_SCRYFALL_URL", raising=False)
    monkeypatch.delenv("COLUMNS", raising=False)
    store.reset_loaded_catalog()
    yield
    store.reset_loaded_catalog()


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This test's cache dir, ``tmp_path / "cache"`` (not made yet), where a test can see
    it; no catalog is loaded yet. A module whose every test wants it says so with
    ``pytestmark = pytest.mark.usefixtures("cache_dir")``."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("PLANARCLI_CACHE_DIR", str(folder))
    store.reset_loaded_catalog()
    return folder


@pytest.fixture(scope="session")
def cache_secret() -> bytes:
    """A cache secret for the tests that share a cache dir (one per worker)."""
    return os.urandom(marshalcache.SECRET_BYTES)


def share_cache_dir(folder: Path, secret: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    """Point this test at ``folder``, a cache dir that its module's tests share, and give
    this test's data dir (fresh, made by ``isolated_environment``) the secret the files
    there are signed with, as planarcli keeps it: ``cache-key``, mode 0600, in a folder of
    mode 0700. A cache file is signed with the key in the data dir (planarcli/marshalcache.py):
    with a key of its own in each test, every test rebuilt every shared index."""
    monkeypatch.setenv("PLANARCLI_CACHE_DIR", str(folder))
    data = Path(os.environ["PLANARCLI_DATA_DIR"])
    data.mkdir(mode=0o700, parents=True, exist_ok=True)
    key = data / marshalcache.SECRET_FILE_NAME
    key.write_bytes(secret)
    key.chmod(0o600)


@pytest.fixture
def server() -> Iterator[LocalServer]:
    """A real HTTP server on 127.0.0.1 for this test (tests/helpers/httpserver.py)."""
    with serve() as running:
        yield running


@dataclass
class CliResult:
    exit_code: int
    stdout: str
    stderr: str

    def __str__(self) -> str:
        return (
            f"exit {self.exit_code}\n--- stdout ---\n{self.stdout}\n--- stderr ---\n{self.stderr}"
        )


@pytest.fixture
def run_cli() -> Callable[..., CliResult]:
    """Run ``planarcli ARGS`` in-process; the result prints stdout and stderr when an
    assertion about it fails (``assert result.exit_code == 0, result``)."""

    def run(
        *args: str, input: str | bytes | None = None, env: dict[str, str] | None = None
    ) -> CliResult:
        runner = CliRunner()
        result = runner.invoke(cli, list(args), input=input, env=env, catch_exceptions=False)
        return CliResult(result.exit_code, result.stdout, result.stderr)

    return run


@pytest.fixture
def write(tmp_path: Path) -> Callable[..., Path]:
    """Write a file under tmp_path: ``write("a.txt", "text")`` or bytes."""

    def make(name: str, content: str | bytes, *, encoding: str = "utf-8") -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding=encoding, newline="")
        return path

    return make


def pytest_configure(config: pytest.Config) -> None:
    """planarcli byte-compiled once, before the workers start (see ``sys.dont_write_bytecode``
    above): the commands the tests run in subprocesses read it from their first run."""
    if not hasattr(config, "workerinput"):  # the controller, or a run without xdist
        compileall.compile_dir(str(REPO / "planarcli"), quiet=1)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests marked ``slow`` run first, each group in its own order. pytest-xdist hands
    tests out in this order (the first quarter round-robin, the rest as workers free up), so
    the long ones are spread over the workers and the short ones fill in behind them, instead
    of one worker finishing a long test of the last folders alone. The order is the same on
    every worker, as xdist requires."""
    items[:] = sorted(items, key=lambda item: item.get_closest_marker("slow") is None)


def pytest_report_header() -> list[str]:
    return [
        f"shared data: {SHARED_DATA if SHARED_DATA.is_dir() else 'absent'}",
        f"PYTHONDONTWRITEBYTECODE={os.environ.get('PYTHONDONTWRITEBYTECODE', '')}",
    ]


def english_edition(edition_id: str, rules: list[tuple[str, str]], glossary: int = 0) -> Edition:
    """An imported English Comprehensive Rules edition made in memory, effective on its id
    (a date): ``rules`` as (id, text), and ``glossary`` placeholder glossary entries."""
    info = EditionInfo(
        id=edition_id,
        title="Planechase",
        lang="en",
        kind="comprehensive-rules",
        effective=edition_id,
        source="imported",
        location=f"{edition_id}.json",
    )
    entries = tuple(GlossaryEntry("Plane", "A card type.") for _ in range(glossary))
    return Edition(info, tuple(Rule(i, t, "en") for i, t in rules), entries)

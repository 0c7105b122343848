"""The search index and card names shipped for the bundled editions: current with the code,
read by the first search instead of building, and never used for other editions."""

from __future__ import annotations

import os
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import load_script

from planarcli import resources
from planarcli.records import replace
from planarcli.rulebook import searchcache, shippedindex
from planarcli.rulebook.catalogue import list_editions, load_edition
from planarcli.rulebook.search import INDEX_VERSION, SearchIndex, cardnames, query
from planarcli.rulebook.search.cards import NAMES_VERSION
from planarcli.rulebook.search.scope import search_index, search_scope

QUESTIONS = (
    "planar die cost",
    "spatial merging chaos",
    "coût du dé planaire",
    "hvad koster det at slå med terningen",
    "what is a phenomenon",
    "Chaotischer Aether",
)


ROOT = Path(__file__).resolve().parents[2]
#: one worker runs this module: the shipped files are built once (``built``), not once per worker
pytestmark = pytest.mark.xdist_group("shipped-index")


@pytest.fixture(scope="module")
def built() -> dict[str, tuple[bytes, str, dict[str, Any]]]:
    script = load_script(ROOT / "scripts" / "build_search_index.py")
    files: dict[str, tuple[bytes, str, dict[str, Any]]] = script.built_files()
    return files


def no_build(*args: Any, **kwargs: Any) -> Any:
    raise AssertionError("built, where the shipped file should have been read")


@pytest.mark.slow
def test_the_shipped_files_are_what_the_code_builds(
    built: dict[str, tuple[bytes, str, dict[str, Any]]],
) -> None:
    """Fails when the index code, the phrasings, a bundled edition, the card snapshot or
    PyStemmer changed and the shipped files were not rebuilt."""
    folder = Path(shippedindex.folder())
    rebuild = f"stale: run `{shippedindex.BUILD_COMMAND}` and commit planarcli/data/search/"
    shipped = sorted(path.name for path in folder.glob("*.bin"))
    assert shipped == sorted(built), rebuild
    for name, (magic, key, state) in built.items():
        decoded = shippedindex.decode((folder / name).read_bytes(), magic, key)
        assert decoded == state, f"{name} {rebuild}"


def test_every_default_scope_of_the_bundled_editions_ships(
    built: dict[str, tuple[bytes, str, dict[str, Any]]],
) -> None:
    """A search without --edition or --lang finds its index shipped, whatever it asks."""
    for question in QUESTIONS:
        scope = search_scope(list_editions(), None, None, question)
        key = shippedindex.index_key(scope, INDEX_VERSION)
        assert shippedindex.index_file(key) in built, question
    rulings = [info for info in list_editions() if info.kind == "rulings"]
    snapshot = resources.package_data_file("cards.json")
    for info in rulings:
        key = shippedindex.names_key(info, snapshot, NAMES_VERSION)
        assert shippedindex.names_file(key) in built


def test_the_first_search_reads_the_shipped_index_and_keeps_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    scope = search_scope(list_editions(), None, None, "spatial merging chaos")
    built = SearchIndex([load_edition(info) for info in scope])
    with monkeypatch.context() as patched:
        patched.setattr(SearchIndex, "__init__", no_build)
        shipped = searchcache.load_index(scope)
        assert os.path.isfile(searchcache.index_path(scope))
        again = searchcache.load_index(scope)  # from the cache dir
    for question in QUESTIONS:
        expected = search_index(built, question, 10)
        assert search_index(shipped, question, 10) == expected, question
        assert search_index(again, question, 10) == expected, question


def test_an_imported_or_edited_edition_is_built_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    scope = search_scope(list_editions(), None, None, "planar die cost")
    assert shippedindex.index_state(scope, INDEX_VERSION) is not None
    imported = [replace(scope[0], source="imported"), *scope[1:]]
    assert shippedindex.index_state(imported, INDEX_VERSION) is None
    monkeypatch.setattr(shippedindex, "folder", lambda: os.environ["PLANARCLI_CACHE_DIR"])
    assert not searchcache.load_index(scope).cached  # built


def test_the_first_search_reads_the_shipped_card_names(monkeypatch: pytest.MonkeyPatch) -> None:
    (rulings,) = [info for info in list_editions() if info.kind == "rulings"]
    snapshot = resources.package_data_file("cards.json")
    made = cardnames.make(rulings, snapshot)
    assert made is not None
    with monkeypatch.context() as patched:
        patched.setattr(cardnames, "make", no_build)
        own = query.scope_names(rulings)
        kept = query.scope_names(rulings)  # from the cache dir
    folder = Path(os.environ["PLANARCLI_CACHE_DIR"], "search")
    assert (folder / "card-names.bin").is_file() and (folder / "card-names-all.bin").is_file()
    for names in (own, kept):
        assert cardnames.state(names) == cardnames.state(made[0])
        assert names.widen is not None
        assert cardnames.state(names.everything()) == cardnames.state(made[1])


def test_the_whole_search_gives_the_same_results_with_or_without_shipped_files(
    run_cli: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    outputs = {}
    for shipped in (True, False):
        monkeypatch.setenv("PLANARCLI_CACHE_DIR", os.environ["PLANARCLI_CACHE_DIR"] + "-x")
        if not shipped:
            monkeypatch.setattr(shippedindex, "folder", lambda: os.environ["PLANARCLI_CACHE_DIR"])
        outputs[shipped] = [run_cli("rules", "search", q).stdout for q in QUESTIONS]
    assert outputs[True] == outputs[False]
    assert all(outputs[True])


KEY = "v1\nsome key"


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[:-10],  # truncated
        lambda data: data[:-1] + bytes([data[-1] ^ 1]),  # a flipped bit
        lambda data: data + b"more",  # trailing bytes
        lambda data: data.replace(b"some key", b"some kez"),  # another key
        lambda data: shippedindex.INDEX_MAGIC + KEY.encode() + b"\n\n" + b"not zlib",
        lambda data: shippedindex.INDEX_MAGIC + KEY.encode() + b"\n\n" + zlib.compress(b"\xff"),
        lambda data: shippedindex.INDEX_MAGIC + KEY.encode() + b"\n\n" + zlib.compress(b"[\0"),
    ],
)
def test_a_damaged_shipped_file_is_not_used(damage: Callable[[bytes], bytes]) -> None:
    data = shippedindex.encode(shippedindex.INDEX_MAGIC, KEY, {"a": [1, 2]})
    assert shippedindex.decode(data, shippedindex.INDEX_MAGIC, KEY) == {"a": [1, 2]}
    assert shippedindex.decode(damage(data), shippedindex.INDEX_MAGIC, KEY) is None


def test_a_shipped_file_that_inflates_beyond_the_limit_is_not_used(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    data = shippedindex.encode(shippedindex.INDEX_MAGIC, KEY, {"a": "x" * 5000})
    monkeypatch.setattr(shippedindex, "MAX_BYTES", 4096)
    assert shippedindex.decode(data, shippedindex.INDEX_MAGIC, KEY) is None


def test_a_shipped_index_of_another_shape_is_built_instead(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    scope = search_scope(list_editions(), None, None, "planar die cost")
    monkeypatch.setattr(shippedindex, "index_state", lambda *args: {"ids": "not a list"})
    assert not searchcache.load_index(scope).cached

"""The on-disk search index: reused, rebuilt when editions change, never trusted if damaged."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from planarcli import marshalcache
from planarcli.rulebook import corpus, searchcache
from planarcli.rulebook import search as rulesearch


def stored_key(data: bytes) -> str:
    """The key in the header of an index file."""
    return data[len(searchcache.MAGIC) : data.index(b"\n\n")].decode().split("\n", 2)[2]


def index_files() -> list[Path]:
    folder = Path(os.environ["PLANARCLI_CACHE_DIR"]) / searchcache.FOLDER
    return sorted(folder.glob("index-*.bin")) if folder.is_dir() else []


def search(run_cli: Callable[..., Any], *args: str) -> dict[str, Any]:
    result = run_cli("rules", "search", *args, "--format", "json")
    assert result.exit_code == 0, result
    assert result.stderr == "", result
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def test_the_index_is_written_once_and_reused(
    run_cli: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    first = search(run_cli, "planar die cost")
    files = index_files()
    assert len(files) == 1
    assert files[0].read_bytes().startswith(searchcache.MAGIC)

    def no_build(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the index was rebuilt although it is cached")

    monkeypatch.setattr(rulesearch.SearchIndex, "_build", no_build)
    assert search(run_cli, "planar die cost") == first
    assert search(run_cli, "chaos ensues")["results"]


def test_each_scope_has_its_own_file(run_cli: Callable[..., Any]) -> None:
    search(run_cli, "planar die")
    search(run_cli, "planar die", "--edition", "all")
    search(run_cli, "dé planaire", "--lang", "fr")
    assert len(index_files()) == 3


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[: len(data) // 2],  # truncated
        lambda data: data[:-40] + bytes(40),  # payload overwritten
        lambda data: b"",  # empty
        lambda data: b"\x80\x04\x95 not an index at all",  # foreign (a pickle header)
        lambda data: data.replace(searchcache.MAGIC, b"something-else\n"),
        lambda data: data[: data.index(b"\n\n")] + b"\n\n" + b"\xff" * 50,  # bad marshal data
    ],
)
def test_a_damaged_index_is_rebuilt_silently(
    run_cli: Callable[..., Any], damage: Callable[[bytes], bytes]
) -> None:
    expected = search(run_cli, "who owns the cards of a communal planar deck")
    [path] = index_files()
    good = path.read_bytes()
    path.write_bytes(damage(good))
    assert search(run_cli, "who owns the cards of a communal planar deck") == expected
    assert path.read_bytes().startswith(searchcache.MAGIC)
    # rewritten whole: a file whose header agrees with its payload. (Not the same length as
    # before: marshal's back-references depend on which objects the process shares, so two
    # builds of one index may differ in size, as on Python 3.10.)
    assert marshalcache.read(str(path), searchcache.MAGIC, stored_key(good)) is not None


def test_an_index_of_the_wrong_shape_is_not_used(run_cli: Callable[..., Any]) -> None:
    """A file with a valid header and checksum but not holding an index is rebuilt."""
    import marshal
    import zlib

    expected = search(run_cli, "planar die cost")
    [path] = index_files()
    data = path.read_bytes()
    key = data[len(searchcache.MAGIC) : data.index(b"\n\n")].decode().split("\n", 2)[2]
    for payload in (marshal.dumps({"ids": 3}), marshal.dumps([1, 2]), marshal.dumps({})):
        header = f"{len(payload)}\n{zlib.crc32(payload):08x}\n{key}".encode()
        path.write_bytes(searchcache.MAGIC + header + b"\n\n" + payload)
        assert search(run_cli, "planar die cost") == expected


def test_an_index_with_the_right_shape_and_wrong_content_is_rebuilt(
    run_cli: Callable[..., Any],
) -> None:
    """Valid header, checksum and columns, but nonsense inside: rebuilt, never a traceback."""
    import marshal
    import zlib

    expected = search(run_cli, "planar die cost")
    [path] = index_files()
    data = path.read_bytes()
    key = data[len(searchcache.MAGIC) : data.index(b"\n\n")].decode().split("\n", 2)[2]
    state = marshal.loads(data[data.index(b"\n\n") + 2 :])
    state["tokens"] = [7] * len(state["tokens"])  # numbers where the words should be
    state["postings"] = {term: [10**6] for term in state["postings"]}  # no such documents
    for broken in (dict(state, postings={}), state):
        payload = marshal.dumps(broken)
        header = f"{len(payload)}\n{zlib.crc32(payload):08x}\n{key}".encode()
        path.write_bytes(searchcache.MAGIC + header + b"\n\n" + payload)
        result = run_cli("rules", "search", "planar die cost", "--format", "json")
        assert "Traceback" not in result.stderr
        if broken is state:
            assert json.loads(result.stdout) == expected


def test_the_index_follows_the_editions_content(
    run_cli: Callable[..., Any], tmp_path: Path
) -> None:
    """Editing an imported edition (same id, same file name) rebuilds the index."""
    bundled = Path(corpus.list_editions()[0].location).parent
    source = json.loads((bundled / "2026-01-16.json").read_text(encoding="utf-8"))
    folder = Path(os.environ["PLANARCLI_DATA_DIR"]) / "rules"
    folder.mkdir(parents=True)
    target = folder / "2026-01-16.json"
    target.write_text(json.dumps(source), encoding="utf-8")
    result = run_cli("rules", "search", "zanzibar", "--format", "json")
    assert result.exit_code == 1
    for rule in source["rules"]:
        if rule["id"] == "901.4":
            rule["text"] += " Zanzibar."
    stat = target.stat()
    target.write_text(json.dumps(source), encoding="utf-8")
    os.utime(target, ns=(stat.st_atime_ns, stat.st_mtime_ns))  # same time: content decides
    found = search(run_cli, "zanzibar")
    assert [r["id"] for r in found["results"]] == ["901.4"]


def test_an_unwritable_cache_is_not_an_error(
    run_cli: Callable[..., Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder would be", encoding="utf-8")
    monkeypatch.setenv("PLANARCLI_CACHE_DIR", str(blocker))
    assert search(run_cli, "planar die cost")["results"][0]["id"] == "901.9"
    assert blocker.read_text(encoding="utf-8").startswith("a file")


def test_copies_of_an_edition_add_no_documents(tmp_path: Path) -> None:
    """Forty imported editions with the same texts cost what one does: one document per text."""
    bundled = Path(corpus.list_editions()[0].location).parent
    source = json.loads((bundled / "2026-01-16.json").read_text(encoding="utf-8"))
    folder = tmp_path / "rules"
    folder.mkdir()
    for day in range(1, 41):
        copy = dict(source, id=f"2001-01-{day:02d}", effective=f"2001-01-{day:02d}")
        (folder / f"2001-01-{day:02d}.json").write_text(json.dumps(copy), encoding="utf-8")
    infos = corpus.list_editions(None, folder)
    english_cr = [info for info in infos if info.is_english_cr]
    assert len(english_cr) >= 42
    without = rulesearch.SearchIndex(
        [corpus.load_edition(info) for info in english_cr if info.source == "bundled"]
    )
    everything = rulesearch.SearchIndex([corpus.load_edition(info) for info in english_cr])
    assert len(everything.ids) == len(without.ids)
    top = everything.search("who owns the cards of a communal planar deck", 1)[0]
    assert (top.id, top.edition) == ("901.15b", "2026-01-16")
    assert "2001-01-07" in top.also_in


@settings(max_examples=100, deadline=None)
@given(
    junk=st.binary(max_size=300),
    keep=st.integers(min_value=0, max_value=400),
)
def test_reading_any_bytes_never_raises(junk: bytes, keep: int, tmp_path_factory: Any) -> None:
    """Whatever the cache file holds (junk, or a valid file cut and patched), reading it gives
    a state or None, never an exception."""
    import marshal
    import zlib

    path = tmp_path_factory.mktemp("index") / "index-x.bin"
    payload = marshal.dumps({"ids": ["901.1"], "texts": ["x"]})
    header = f"{len(payload)}\n{zlib.crc32(payload):08x}\nthe key".encode()
    valid = searchcache.MAGIC + header + b"\n\n" + payload
    for data in (
        junk,
        searchcache.MAGIC + junk,
        valid[:keep] + junk,
        valid[: len(valid) - 5] + junk,
    ):
        path.write_bytes(data)
        state = searchcache._read(str(path), "the key")
        assert state is None or isinstance(state, dict)
        if state is not None:
            with pytest.raises(ValueError):
                rulesearch.SearchIndex.from_state(state, [])

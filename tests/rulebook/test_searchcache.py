"""The on-disk search index: reused, rebuilt when editions change, never trusted if damaged."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from planarcli import marshalcache
from planarcli.rulebook import catalogue, searchcache
from planarcli.rulebook import search as rulesearch
from planarcli.rulebook.search.scope import search_index


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

    expected = search(run_cli, "planar die cost")
    [path] = index_files()
    data = path.read_bytes()
    key = data[len(searchcache.MAGIC) : data.index(b"\n\n")].decode().split("\n", 2)[2]
    for payload in (marshal.dumps({"ids": 3}), marshal.dumps([1, 2]), marshal.dumps({})):
        header = marshalcache.header(searchcache.MAGIC, key, payload)
        path.write_bytes(searchcache.MAGIC + header + b"\n\n" + payload)
        assert search(run_cli, "planar die cost") == expected


def test_an_index_with_the_right_shape_and_wrong_content_is_rebuilt(
    run_cli: Callable[..., Any],
) -> None:
    """Valid header, checksum and columns, but nonsense inside: rebuilt, never a traceback."""
    import marshal

    expected = search(run_cli, "planar die cost")
    [path] = index_files()
    data = path.read_bytes()
    key = data[len(searchcache.MAGIC) : data.index(b"\n\n")].decode().split("\n", 2)[2]
    state = marshal.loads(data[data.index(b"\n\n") + 2 :])
    state["tokens"] = [7] * len(state["tokens"])  # numbers where the words should be
    state["postings"] = {term: [10**6] for term in state["postings"]}  # no such documents
    for broken in (dict(state, postings={}), state):
        payload = marshal.dumps(broken)
        header = marshalcache.header(searchcache.MAGIC, key, payload)
        path.write_bytes(searchcache.MAGIC + header + b"\n\n" + payload)
        result = run_cli("rules", "search", "planar die cost", "--format", "json")
        assert "Traceback" not in result.stderr
        if broken is state:
            assert json.loads(result.stdout) == expected


def imported_copy_of_2026() -> tuple[dict[str, Any], Path]:
    """The bundled 2026-01-16 edition's document, and where an import of it goes in the data
    dir (the folder made, the file not written yet)."""
    bundled = Path(catalogue.list_editions()[0].location).parent
    source = json.loads((bundled / "2026-01-16.json").read_text(encoding="utf-8"))
    folder = Path(os.environ["PLANARCLI_DATA_DIR"]) / "rules"
    folder.mkdir(parents=True)
    return source, folder / "2026-01-16.json"


def test_the_index_follows_the_editions_content(
    run_cli: Callable[..., Any], tmp_path: Path
) -> None:
    """Editing an imported edition (same id, same file name) rebuilds the index."""
    source, target = imported_copy_of_2026()
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


@pytest.mark.slow
def test_copies_of_an_edition_add_no_documents(tmp_path: Path) -> None:
    """Forty imported editions with the same texts cost what one does: one document per text."""
    bundled = Path(catalogue.list_editions()[0].location).parent
    source = json.loads((bundled / "2026-01-16.json").read_text(encoding="utf-8"))
    folder = tmp_path / "rules"
    folder.mkdir()
    for day in range(1, 41):
        copy = dict(source, id=f"2001-01-{day:02d}", effective=f"2001-01-{day:02d}")
        (folder / f"2001-01-{day:02d}.json").write_text(json.dumps(copy), encoding="utf-8")
    infos = catalogue.list_editions(None, folder)
    english_cr = [info for info in infos if info.is_english_cr]
    assert len(english_cr) >= 42
    without = rulesearch.SearchIndex(
        [catalogue.load_edition(info) for info in english_cr if info.source == "bundled"]
    )
    everything = rulesearch.SearchIndex([catalogue.load_edition(info) for info in english_cr])
    assert len(everything.ids) == len(without.ids)
    top = search_index(everything, "who owns the cards of a communal planar deck", 1)[0]
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

    path = tmp_path_factory.mktemp("index") / "index-x.bin"
    payload = marshal.dumps({"ids": ["901.1"], "texts": ["x"]})
    header = marshalcache.header(searchcache.MAGIC, "the key", payload)
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


def _cache_files(cache: Path) -> dict[str, Path]:
    return {
        "search index": next((cache / searchcache.FOLDER).glob("index-*.bin")),
        "rules manifest": cache / catalogue.MANIFEST_CACHE,
        "card snapshot": cache / "snapshot.bin",
    }


INSTALLED = Path(sys.executable).parent / ("planarcli.exe" if os.name == "nt" else "planarcli")
DECK = Path(__file__).parents[1] / "decks" / "valid" / "bare-names.txt"
COMMANDS = [["rules", "search", "planar die"], ["rules", "show", "901.3"], ["validate", str(DECK)]]


def _installed(*args: str, limit_memory: bool = False) -> Any:
    import subprocess

    def cap() -> None:  # a 5-byte list of 2**31 items is then a MemoryError at once
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (1536 << 20, 1536 << 20))

    return subprocess.run(
        [str(INSTALLED), *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        preexec_fn=cap if limit_memory else None,
    )


@pytest.mark.skipif(not INSTALLED.exists(), reason="the planarcli command is not installed")
def test_a_same_size_edit_with_the_same_time_rebuilds_the_index(
    run_cli: Callable[..., Any],
) -> None:
    """A re-import that keeps the file's size and time: only its content says it changed."""
    source, target = imported_copy_of_2026()
    before = json.dumps(source)
    target.write_text(before, encoding="utf-8")
    assert run_cli("rules", "search", "zanzibar", "--format", "json").exit_code == 1
    [rule] = [rule for rule in source["rules"] if rule["id"] == "901.4"]
    assert "throughout" in rule["text"]
    rule["text"] = rule["text"].replace("throughout", "zanzibar  ", 1)  # as many characters
    after = json.dumps(source)
    assert len(after) == len(before)
    stat = target.stat()
    target.write_text(after, encoding="utf-8")
    os.utime(target, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert target.stat().st_size == stat.st_size
    # A new process, as every run of the command is (this one memoises loaded editions).
    found = _installed("rules", "search", "zanzibar", "--format", "json")
    assert found.returncode == 0, found.stderr
    assert [r["id"] for r in json.loads(found.stdout)["results"]] == ["901.4"]


@pytest.mark.skipif(os.name == "nt", reason="needs RLIMIT_AS")
@pytest.mark.skipif(not INSTALLED.exists(), reason="the planarcli command is not installed")
def test_a_valid_header_before_a_5_byte_payload_is_rebuilt_not_a_memory_error() -> None:
    """Issue 15: a forged payload behind a header that vouches for it, in each cache file,
    used to give a MemoryError traceback on every later run of each command."""
    cache = Path(os.environ["PLANARCLI_CACHE_DIR"])
    expected = [_installed(*command) for command in COMMANDS]
    assert [result.returncode for result in expected] == [0, 0, 0], expected
    files = _cache_files(cache)
    for path in files.values():
        data = path.read_bytes()
        magic_end = data.index(b"\n") + 1
        key = data[magic_end : data.index(b"\n\n")].decode().split("\n", 2)[2]
        payload = b"[\xff\xff\xff\x7f"
        header = marshalcache.header(data[:magic_end], key, payload)
        path.write_bytes(data[:magic_end] + header + b"\n\n" + payload)
    for command, before in zip(COMMANDS, expected, strict=True):
        result = _installed(*command, limit_memory=True)
        assert (result.returncode, result.stdout) == (0, before.stdout), result.stderr
        assert result.stderr == ""
    for name, path in files.items():  # rebuilt: good files again
        assert len(path.read_bytes()) > 100, name


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs a FIFO")
@pytest.mark.skipif(not INSTALLED.exists(), reason="the planarcli command is not installed")
@pytest.mark.parametrize("kind", ["fifo", "/dev/zero"])
def test_a_fifo_or_a_device_in_the_cache_never_hangs_a_command(kind: str) -> None:
    cache = Path(os.environ["PLANARCLI_CACHE_DIR"])
    expected = [_installed(*command) for command in COMMANDS]
    for path in _cache_files(cache).values():
        path.unlink()
        if kind == "fifo":
            os.mkfifo(path)
        else:
            os.symlink("/dev/zero", path)
    for command, before in zip(COMMANDS, expected, strict=True):
        result = _installed(*command)  # times out (and fails) should it block
        assert (result.returncode, result.stdout, result.stderr) == (0, before.stdout, "")

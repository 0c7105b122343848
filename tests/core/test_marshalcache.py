"""marshalcache: a cache file is read only when it is a sane regular file whose header
vouches for its payload with this user's keyed digest; anything else is None (rebuild),
never an error, a hang or a crash (issues 15 and 22)."""

from __future__ import annotations

import contextlib
import marshal
import os
import subprocess
import sys
import threading
import zlib
from pathlib import Path

import pytest

from planarcli import marshalcache

MAGIC = b"planarcli-test-cache\n"
KEY = "the key"


def forged(payload: bytes, key: str = KEY) -> bytes:
    """A file whose header agrees with ``payload`` (length, keyed digest, key): what only
    this user's planarcli can write, so that the checks behind the digest are reached."""
    return MAGIC + marshalcache.header(MAGIC, key, payload) + b"\n\n" + payload


def crc_forged(payload: bytes, key: str = KEY) -> bytes:
    """A file as anyone can forge one: length and CRC-32 right (the format of 0.5), no
    digest made with the secret."""
    header = f"{len(payload)}\n{zlib.crc32(payload):08x}\n{key}".encode()
    return MAGIC + header + b"\n\n" + payload


def test_a_written_file_reads_back(tmp_path: Path) -> None:
    path = str(tmp_path / "c.bin")
    assert marshalcache.write(path, MAGIC, KEY, {"text": "abc", "n": [1, 2]})
    assert marshalcache.read(path, MAGIC, KEY) == {"text": "abc", "n": [1, 2]}
    assert marshalcache.read(path, MAGIC, "another key") is None


def test_a_payload_changed_in_place_fails_its_digest(tmp_path: Path) -> None:
    """Same length, still valid marshal of a dict of the same shape: only the digest tells."""
    path = tmp_path / "c.bin"
    marshalcache.write(str(path), MAGIC, KEY, {"text": "planeswalk"})
    data = path.read_bytes()
    changed = data.replace(b"planeswalk", b"planeswalx")
    assert len(changed) == len(data) and changed != data
    assert marshal.loads(changed[changed.index(b"\n\n") + 2 :]) == {"text": "planeswalx"}
    path.write_bytes(changed)
    assert marshalcache.read(str(path), MAGIC, KEY) is None


@pytest.mark.parametrize(
    "payload",
    [
        # (A list of 2**31 - 1 items in 5 bytes, "[\xff\xff\xff\x7f", costs half a minute of
        # allocation here: tests/rulebook/test_searchcache.py reads it under a memory limit.)
        b"[\x05\x00\x00\x00",  # a list that ends too soon
        b"{" * 5000,  # nested past marshal's limit
        b"\xff" * 5,
    ],
)
def test_a_valid_header_before_a_hostile_payload_is_none(tmp_path: Path, payload) -> None:
    path = tmp_path / "c.bin"
    path.write_bytes(forged(payload))
    assert marshalcache.read(str(path), MAGIC, KEY) is None


@pytest.mark.parametrize("error", [MemoryError, RecursionError, OverflowError, SystemError])
def test_any_exception_while_unmarshalling_is_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: type[Exception]
) -> None:
    """Whatever marshal raises on some Python, for some bytes (a 5-byte payload gave a
    MemoryError on every later run of rules search, rules show and validate)."""
    path = tmp_path / "c.bin"
    path.write_bytes(forged(marshal.dumps({"a": 1})))

    def fails(data: bytes) -> object:
        raise error("from the payload")

    monkeypatch.setattr(marshalcache.marshal, "loads", fails)
    assert marshalcache.read(str(path), MAGIC, KEY) is None


def test_a_huge_length_in_the_header_is_none(tmp_path: Path) -> None:
    path = tmp_path / "c.bin"
    path.write_bytes(MAGIC + b"9" * 5000 + b"\n00000000\n" + KEY.encode() + b"\n\nxx")
    assert marshalcache.read(str(path), MAGIC, KEY) is None


def test_a_file_larger_than_the_bound_is_not_read(tmp_path: Path) -> None:
    path = tmp_path / "c.bin"
    marshalcache.write(str(path), MAGIC, KEY, {"a": 1})
    assert marshalcache.read(str(path), MAGIC, KEY) == {"a": 1}
    with open(path, "r+b") as handle:  # sparse: costs no disk
        handle.truncate(marshalcache.MAX_BYTES + 1)
    assert marshalcache.read(str(path), MAGIC, KEY) is None


def test_a_folder_is_none(tmp_path: Path) -> None:
    (tmp_path / "c.bin").mkdir()
    assert marshalcache.read(str(tmp_path / "c.bin"), MAGIC, KEY) is None


def _read_in_a_thread(path: str) -> list[object]:
    """read() in a thread; the list is empty when it has not returned within 30 s."""
    answer: list[object] = []
    worker = threading.Thread(
        target=lambda: answer.append(marshalcache.read(path, MAGIC, KEY)), daemon=True
    )
    worker.start()
    worker.join(30)
    return answer


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs a FIFO")
def test_a_fifo_is_none_at_once(tmp_path: Path) -> None:
    path = tmp_path / "c.bin"
    os.mkfifo(path)
    try:
        assert _read_in_a_thread(str(path)) == [None]
    finally:
        # Should read() be stuck in open(), a writer lets its thread go (no reader: ENXIO).
        with contextlib.suppress(OSError):
            os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_link_to_dev_zero_is_none_at_once(tmp_path: Path) -> None:
    path = tmp_path / "c.bin"
    os.symlink("/dev/zero", path)
    assert _read_in_a_thread(str(path)) == [None]


# -- only what this user's planarcli wrote reaches marshal (issue 22.1) ----------------------------
class _Loads:
    """marshal.loads, recording every payload it is handed."""

    def __init__(self) -> None:
        self.seen: list[bytes] = []
        self.real = marshal.loads

    def __call__(self, data: bytes) -> object:
        self.seen.append(bytes(data))
        return self.real(data)


@pytest.fixture
def loads(monkeypatch: pytest.MonkeyPatch) -> _Loads:
    spy = _Loads()
    monkeypatch.setattr(marshalcache.marshal, "loads", spy)
    return spy


@pytest.mark.parametrize(
    "payload",
    [
        marshal.dumps({"sets": "hop"}),  # valid marshal of the wrong shape
        b"[\xff\xff\xff\x7f",  # a billion-item list
        b"\xe3" + bytes(82),  # a code object's type byte: 83 bytes, as in the report
    ],
)
def test_a_file_forged_with_a_right_crc_never_reaches_marshal(
    tmp_path: Path, loads: _Loads, payload: bytes
) -> None:
    path = tmp_path / "c.bin"
    path.write_bytes(crc_forged(payload))
    assert marshalcache.read(str(path), MAGIC, KEY) is None
    assert loads.seen == []


def test_a_file_signed_with_another_secret_never_reaches_marshal(
    tmp_path: Path, loads: _Loads, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A cache restored from another machine, or planted by another user: rebuilt."""
    path = str(tmp_path / "c.bin")
    monkeypatch.setenv(marshalcache.SECRET_VARIABLE, "the other machine's secret")
    assert marshalcache.write(path, MAGIC, KEY, {"text": "from elsewhere"})
    monkeypatch.delenv(marshalcache.SECRET_VARIABLE)
    assert marshalcache.read(path, MAGIC, KEY) is None
    assert loads.seen == []
    monkeypatch.setenv(marshalcache.SECRET_VARIABLE, "the other machine's secret")
    assert marshalcache.read(path, MAGIC, KEY) == {"text": "from elsewhere"}


def test_a_file_moved_to_another_magic_or_key_fails_its_digest(tmp_path: Path) -> None:
    path = tmp_path / "c.bin"
    marshalcache.write(str(path), MAGIC, KEY, {"a": 1})
    data = path.read_bytes()
    other_magic = b"planarcli-other-cache\n"
    path.write_bytes(other_magic + data[len(MAGIC) :])
    assert marshalcache.read(str(path), other_magic, KEY) is None
    rekeyed = data.replace(KEY.encode(), b"the yek")
    path.write_bytes(rekeyed)
    assert marshalcache.read(str(path), MAGIC, "the yek") is None


def test_a_signed_payload_that_is_no_dict_is_none(tmp_path: Path, loads: _Loads) -> None:
    path = tmp_path / "c.bin"
    for value in ([1, 2], "text", 3, None, (1,)):
        path.write_bytes(forged(marshal.dumps(value)))
        assert marshalcache.read(str(path), MAGIC, KEY) is None
    assert len(loads.seen) == 5  # each reached marshal: the shape check refused it


def test_the_secret_lives_in_the_data_dir_owner_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "data"
    cache = tmp_path / "cache"
    monkeypatch.setenv("PLANARCLI_DATA_DIR", str(data))
    monkeypatch.setenv("PLANARCLI_CACHE_DIR", str(cache))
    assert marshalcache.write(str(cache / "c.bin"), MAGIC, KEY, {"a": 1})
    secret = data / marshalcache.SECRET_FILE_NAME
    assert secret.stat().st_size == marshalcache.SECRET_BYTES
    if os.name == "posix":
        assert secret.stat().st_mode & 0o777 == 0o600
        assert data.stat().st_mode & 0o077 == 0
    assert [path.name for path in cache.iterdir()] == ["c.bin"]
    assert secret.read_bytes() not in (cache / "c.bin").read_bytes()
    # A second process reads the same secret, so the file stays valid.
    marshalcache._SECRETS.clear()
    assert marshalcache.read(str(cache / "c.bin"), MAGIC, KEY) == {"a": 1}


def test_a_new_secret_means_every_copy_is_rebuilt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A CI cache restored on a fresh machine (no secret there yet): nothing of it is used."""
    path = str(tmp_path / "c.bin")
    assert marshalcache.write(path, MAGIC, KEY, {"a": 1})
    monkeypatch.setenv("PLANARCLI_DATA_DIR", str(tmp_path / "fresh-machine-data"))
    assert marshalcache.read(path, MAGIC, KEY) is None
    assert marshalcache.write(path, MAGIC, KEY, {"a": 2})
    assert marshalcache.read(path, MAGIC, KEY) == {"a": 2}


@pytest.mark.parametrize("content", [b"", b"short", b"x" * 4096])
def test_a_secret_file_of_the_wrong_size_is_never_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: bytes
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / marshalcache.SECRET_FILE_NAME).write_bytes(content)
    monkeypatch.setenv("PLANARCLI_DATA_DIR", str(data))
    secret, lasting = marshalcache.secret()
    assert not lasting and secret != content[: marshalcache.SECRET_BYTES]
    assert not marshalcache.write(str(tmp_path / "c.bin"), MAGIC, KEY, {"a": 1})


def test_no_place_for_a_secret_means_no_copy_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read-only home: copies are neither written nor read, and nothing fails."""
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("PLANARCLI_DATA_DIR", str(blocker / "data"))
    path = str(tmp_path / "c.bin")
    assert not marshalcache.write(path, MAGIC, KEY, {"a": 1})
    assert not os.path.exists(path)
    assert marshalcache.read(path, MAGIC, KEY) is None


def test_processes_racing_to_make_the_secret_agree(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PLANARCLI_DATA_DIR", str(tmp_path / "data"))
    path = tmp_path / "data" / marshalcache.SECRET_FILE_NAME
    assert marshalcache._make_secret(str(path)) == path.read_bytes()
    assert marshalcache._make_secret(str(path)) == path.read_bytes()  # the first one's


def test_the_environment_secret_makes_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PLANARCLI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv(marshalcache.SECRET_VARIABLE, "a CI secret")
    assert marshalcache.write(str(tmp_path / "c.bin"), MAGIC, KEY, {"a": 1})
    assert not (tmp_path / "data").exists()


def test_a_fifo_or_device_is_never_opened(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The regular-file check comes before open(): a FIFO with a writer behind it, or a
    device, is not read at all."""
    opened: list[str] = []
    real_open = os.open

    def recording_open(path: str, *args: object, **kwargs: object) -> int:
        opened.append(path)
        return real_open(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(marshalcache.os, "open", recording_open)
    places = []
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "fifo.bin")
        places.append(str(tmp_path / "fifo.bin"))
    if os.path.exists("/dev/zero"):
        os.symlink("/dev/zero", tmp_path / "zero.bin")
        places.append(str(tmp_path / "zero.bin"))
    if not places:
        pytest.skip("neither FIFOs nor /dev/zero here")
    for place in places:
        assert marshalcache.read_regular_file(place) is None
    assert opened == []


# -- a planted file that crashes marshal (issue 22.1) ----------------------------------------------
#: 13 bytes that make CPython's marshal.loads crash with SIGSEGV: a tuple registered as a
#: reference before its item is read, whose item is a dict keyed by that half-made tuple
#: (hashing it reads the missing item).
CRASHER = b"\xa8\x01\x00\x00\x00{r\x00\x00\x00\x00N0"
INSTALLED = Path(sys.executable).parent / ("planarcli.exe" if os.name == "nt" else "planarcli")


def _python(code: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=120
    )


def test_the_crasher_does_crash_marshal() -> None:
    """The test material is what it claims: unmarshalled, these bytes kill the interpreter."""
    ran = _python("import marshal, sys; marshal.loads(bytes.fromhex(sys.argv[1]))", CRASHER.hex())
    assert ran.returncode != 0 and "Traceback" not in ran.stderr


def test_the_crasher_behind_a_right_crc_is_none_not_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "c.bin"
    path.write_bytes(crc_forged(CRASHER))
    code = (
        "import sys; from planarcli import marshalcache;"
        "print(marshalcache.read(sys.argv[1], sys.argv[2].encode(), sys.argv[3]))"
    )
    ran = _python(code, str(path), MAGIC.decode(), KEY)
    assert (ran.returncode, ran.stdout) == (0, "None\n"), ran.stderr


WARM_UP = [
    ["rules", "search", "planar die"],
    ["rules", "search", "akoum chaos"],
    ["rules", "show", "901.3"],
    ["validate", str(Path(__file__).parents[1] / "decks" / "valid" / "bare-names.txt")],
    ["cards", "show", "Akoum"],
    ["cards", "show", "Akuom"],
]


def _installed(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(INSTALLED), *args], capture_output=True, text=True, encoding="utf-8", timeout=120
    )


@pytest.mark.slow
@pytest.mark.skipif(not INSTALLED.exists(), reason="the planarcli command is not installed")
def test_the_crasher_planted_in_every_cache_file_crashes_no_command() -> None:
    """Every marshal copy in the cache dir replaced by the crasher behind a header with the
    right length and CRC (what 0.5 trusted): every command still answers as before, and the
    copies are rebuilt."""
    cache = Path(os.environ["PLANARCLI_CACHE_DIR"])
    expected = [_installed(*command) for command in WARM_UP]
    assert [result.returncode for result in expected] == [0] * len(WARM_UP), expected
    planted = sorted(cache.rglob("*.bin"))
    names = {path.name for path in planted}
    assert {"snapshot.bin", "rules-manifest.bin", "snapshot-rulings.bin"} <= names, names
    assert any(name.startswith("index-") for name in names), names
    for path in planted:
        data = path.read_bytes()
        magic_end = data.index(b"\n") + 1
        key = data[magic_end : data.index(b"\n\n")].decode().split("\n", 2)[2]
        header = f"{len(CRASHER)}\n{zlib.crc32(CRASHER):08x}\n{key}".encode()
        path.write_bytes(data[:magic_end] + header + b"\n\n" + CRASHER)
    rulings = cache / "snapshot-rulings.data"
    data = rulings.read_bytes()
    rulings.write_bytes(data[:16] + (CRASHER * len(data))[: len(data) - 16])
    for command, before in zip(WARM_UP, expected, strict=True):
        result = _installed(*command)
        assert (result.returncode, result.stdout, result.stderr) == (
            before.returncode,
            before.stdout,
            before.stderr,
        ), command
    for path in planted:
        assert CRASHER not in path.read_bytes(), path.name  # rebuilt


# -- a file checked once is not digested again while it is the same file ---------------------------
@pytest.fixture
def digests(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The size of every payload digested from now on."""
    sizes: list[int] = []
    real = marshalcache.digest

    def counting(*parts: bytes) -> str:
        sizes.append(sum(len(part) for part in parts))
        return real(*parts)

    monkeypatch.setattr(marshalcache, "digest", counting)
    return sizes


BIG = {"text": "x" * 100_000}


def _as_a_new_process() -> None:
    marshalcache._CHECKED.clear()


def test_a_file_written_is_read_without_a_digest_nor_the_secret(
    tmp_path: Path, digests: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = str(tmp_path / "c.bin")
    assert marshalcache.write(path, MAGIC, KEY, BIG)
    digests.clear()
    _as_a_new_process()
    monkeypatch.setattr(marshalcache, "secret", lambda: pytest.fail("the secret was read"))
    assert marshalcache.read(path, MAGIC, KEY) == BIG
    assert digests == []


def test_the_list_of_checked_files_lives_beside_the_secret(tmp_path: Path) -> None:
    path = tmp_path / "c.bin"
    assert marshalcache.write(str(path), MAGIC, KEY, {"a": 1})
    listing = Path(os.environ["PLANARCLI_DATA_DIR"]) / marshalcache.CHECKED_FILE_NAME
    assert listing.read_text(encoding="utf-8").startswith(f"{path}\t")
    assert (tmp_path / marshalcache.CHECKED_FILE_NAME).exists() is False
    if os.name == "posix":
        assert listing.stat().st_mode & 0o077 == 0


def test_a_file_changed_in_place_with_its_times_put_back_is_digested(
    tmp_path: Path, digests: list[int]
) -> None:
    """Same size, same modification time: the change time (which no user can set) differs."""
    path = tmp_path / "c.bin"
    assert marshalcache.write(str(path), MAGIC, KEY, BIG)
    before = path.stat()
    data = path.read_bytes()
    path.write_bytes(data[:-5] + b"yyyyy")
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert (path.stat().st_size, path.stat().st_mtime_ns) == (before.st_size, before.st_mtime_ns)
    digests.clear()
    _as_a_new_process()
    assert marshalcache.read(str(path), MAGIC, KEY) is None
    assert any(size > 100_000 for size in digests)


def test_a_file_renamed_into_place_is_digested(tmp_path: Path, digests: list[int]) -> None:
    path = tmp_path / "c.bin"
    assert marshalcache.write(str(path), MAGIC, KEY, BIG)
    copy = tmp_path / "copy"
    copy.write_bytes(path.read_bytes())
    os.replace(copy, path)
    digests.clear()
    _as_a_new_process()
    assert marshalcache.read(str(path), MAGIC, KEY) == BIG  # still signed: fine, but checked
    assert any(size > 100_000 for size in digests)
    digests.clear()
    _as_a_new_process()
    assert marshalcache.read(str(path), MAGIC, KEY) == BIG  # and listed once checked
    assert digests == []


def test_a_file_others_may_write_is_digested_every_time(tmp_path: Path, digests: list[int]) -> None:
    path = tmp_path / "c.bin"
    assert marshalcache.write(str(path), MAGIC, KEY, BIG)
    os.chmod(path, 0o666)
    for _ in range(2):
        digests.clear()
        _as_a_new_process()
        assert marshalcache.read(str(path), MAGIC, KEY) == BIG
        assert any(size > 100_000 for size in digests)


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
@pytest.mark.parametrize("loose", ["list", "folder"])
def test_a_list_others_may_write_vouches_for_nothing(tmp_path: Path, loose: str) -> None:
    """A list that another user could have written (it, or its folder, writable by group
    or others) is not read: a crasher it lists is digested, and refused."""
    path = tmp_path / "c.bin"
    assert marshalcache.write(str(path), MAGIC, KEY, {"a": 1})
    path.write_bytes(forged_with_digest_line(CRASHER))
    listing = Path(os.environ["PLANARCLI_DATA_DIR"]) / marshalcache.CHECKED_FILE_NAME
    line = marshalcache._identity(path.stat(), "f" * marshalcache.DIGEST_HEX)
    listing.write_text(f"{path}\t{line}\n", encoding="utf-8")
    os.chmod(listing if loose == "list" else listing.parent, 0o777 if loose == "folder" else 0o666)
    _as_a_new_process()
    assert marshalcache._checked(str(listing)) == {}
    assert _python_read(path).stdout == "None\n"
    os.chmod(listing.parent, 0o700)
    os.chmod(listing, 0o600)
    _as_a_new_process()
    assert marshalcache._checked(str(listing)) != {}  # private again: it would be trusted


def forged_with_digest_line(payload: bytes) -> bytes:
    """A file whose header has a digest line of the right form but not made with the secret."""
    header = f"{len(payload)}\n{'f' * marshalcache.DIGEST_HEX}\n{KEY}".encode()
    return MAGIC + header + b"\n\n" + payload


def _python_read(path: Path) -> subprocess.CompletedProcess[str]:
    code = (
        "import sys; from planarcli import marshalcache;"
        "print(marshalcache.read(sys.argv[1], sys.argv[2].encode(), sys.argv[3]))"
    )
    return _python(code, str(path), MAGIC.decode(), KEY)


def test_with_the_secret_from_the_environment_every_read_is_digested(
    tmp_path: Path, digests: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A CI secret: no list is kept, so a restored cache is checked on every machine."""
    monkeypatch.setenv(marshalcache.SECRET_VARIABLE, "a CI secret")
    path = str(tmp_path / "c.bin")
    assert marshalcache.write(path, MAGIC, KEY, BIG)
    digests.clear()
    _as_a_new_process()
    assert marshalcache.read(path, MAGIC, KEY) == BIG
    assert any(size > 100_000 for size in digests)


def test_no_place_for_a_secret_means_no_file_in_the_cache_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read-only data dir: `cards show` answers from the snapshot and writes nothing into
    the cache dir (the rulings' data file included), run after run."""
    from click.testing import CliRunner

    from planarcli.cards import store
    from planarcli.cli import cli

    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("PLANARCLI_DATA_DIR", str(blocker / "data"))
    cache = tmp_path / "cache"
    monkeypatch.setenv("PLANARCLI_CACHE_DIR", str(cache))
    for _ in range(2):
        store.reset_loaded_catalog()
        result = CliRunner().invoke(cli, ["cards", "show", "Akoum"])
        assert result.exit_code == 0, result.output
        assert "Akoum" in result.stdout
    assert not cache.exists() or list(cache.rglob("*")) == []

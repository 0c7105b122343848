"""marshalcache: a cache file is read only when it is a sane regular file whose header
vouches for its payload; anything else is None (rebuild), never an error or a hang
(issue 15)."""

from __future__ import annotations

import contextlib
import marshal
import os
import threading
import zlib
from pathlib import Path

import pytest

from planarcli import marshalcache

MAGIC = b"planarcli-test-cache\n"
KEY = "the key"


def forged(payload: bytes, key: str = KEY) -> bytes:
    """A file whose header agrees with ``payload`` (length, CRC-32, key)."""
    header = f"{len(payload)}\n{zlib.crc32(payload):08x}\n{key}".encode()
    return MAGIC + header + b"\n\n" + payload


def test_a_written_file_reads_back(tmp_path: Path) -> None:
    path = str(tmp_path / "c.bin")
    assert marshalcache.write(path, MAGIC, KEY, {"text": "abc", "n": [1, 2]})
    assert marshalcache.read(path, MAGIC, KEY) == {"text": "abc", "n": [1, 2]}
    assert marshalcache.read(path, MAGIC, "another key") is None


def test_a_payload_changed_in_place_fails_its_crc(tmp_path: Path) -> None:
    """Same length, still valid marshal of a dict of the same shape: only the CRC tells."""
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
        # allocation here: tests/test_rules_search_cache.py reads it under a memory limit.)
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

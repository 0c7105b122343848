"""Derived data kept in the cache dir as ``marshal``, for data that is slow to build or parse
(the rules search index, the parsed card snapshot) and cheap to rebuild.

A file is a magic line, a header (payload length, CRC-32 of the payload, and the *key*: what
the data was derived from) and the marshalled payload. A reader passes the key it expects
and gets the payload only when the magic, key, length and checksum all agree and it
unmarshals to a dict: a missing, stale, truncated, corrupted or foreign file gives None,
never an error, and the caller rebuilds. Only a regular file of at most :data:`MAX_BYTES` is
read, opened without blocking (a FIFO or a link to ``/dev/zero`` at the path cannot hang a
command), and any exception while decoding it (``MemoryError`` from a payload that claims a
billion items, ``RecursionError``, ...) means None: the cache holds data, never a reason to
fail. ``marshal`` cannot run code while loading (unlike ``pickle``), and its format may
change between Python versions, so callers put the interpreter's version in the key
(:func:`python_key`). Writes go to a temporary file in the same folder, then ``os.replace``;
a cache that cannot be written (read-only home, full disk) is left alone.
"""

from __future__ import annotations

import contextlib
import gc
import marshal
import os
import stat
import sys
import zlib
from typing import Any

#: The largest cache file read (the search index over every edition is well under 1 MB).
MAX_BYTES = 64 * 1024 * 1024


def python_key() -> str:
    """The part of a key that says which interpreter wrote the file."""
    return f"python {sys.version_info[0]}.{sys.version_info[1]} marshal {marshal.version}"


def read(path: str, magic: bytes, key: str) -> dict[str, Any] | None:
    """The dict stored at ``path`` for ``key``; None when absent, stale or damaged."""
    data = read_regular_file(path)
    if data is None or not data.startswith(magic):
        return None
    header_end = data.find(b"\n\n", len(magic))
    if header_end < 0:
        return None
    try:
        header = data[len(magic) : header_end].decode("utf-8")
        length_line, crc_line, stored_key = header.split("\n", 2)
        if len(length_line) > 20 or len(crc_line) > 8:
            return None
        length, crc = int(length_line), int(crc_line, 16)
    except (UnicodeDecodeError, ValueError):
        return None
    payload = data[header_end + 2 :]
    if stored_key != key or len(payload) != length or zlib.crc32(payload) != crc:
        return None
    # Unmarshalling makes thousands of small objects that hold no cycles: the cyclic garbage
    # collector would walk them several times over, for nothing.
    collecting = gc.isenabled()
    gc.disable()
    try:
        state = marshal.loads(payload)
    except Exception:  # MemoryError, RecursionError, ValueError, EOFError, ...: rebuild
        return None
    finally:
        if collecting:
            gc.enable()
    return state if isinstance(state, dict) else None


def read_regular_file(path: str, limit: int = MAX_BYTES) -> bytes | None:
    """The bytes of ``path`` when it is a regular file of at most ``limit`` bytes, else
    None. Opened non-blocking and checked again once open, so that a FIFO, a device or a
    file swapped in between the two checks is never read. (Also for other derived files in
    the cache dir, such as the synced card cache's stamp.)"""
    try:
        if not _sane(os.stat(path), limit):
            return None
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | _BINARY)
    except (OSError, ValueError):  # ValueError: a NUL in the path
        return None
    try:
        if not _sane(os.fstat(descriptor), limit):
            return None
        chunks = []
        left = limit + 1
        while left > 0:
            chunk = os.read(descriptor, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError:
        return None
    finally:
        os.close(descriptor)
    data = b"".join(chunks)
    return data if len(data) <= limit else None


def _sane(status: os.stat_result, limit: int) -> bool:
    """A regular file no larger than ``limit`` bytes."""
    return stat.S_ISREG(status.st_mode) and status.st_size <= limit


_BINARY = getattr(os, "O_BINARY", 0)  # Windows: no newline translation


def write(path: str, magic: bytes, key: str, state: dict[str, Any]) -> bool:
    """Store ``state`` for ``key`` at ``path`` atomically; False when the cache cannot be
    written (nothing is raised)."""
    import tempfile

    payload = marshal.dumps(state)
    header = f"{len(payload)}\n{zlib.crc32(payload):08x}\n{key}".encode()
    folder = os.path.dirname(path)
    temporary = None
    try:
        os.makedirs(folder, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=".cache-", suffix=".tmp", dir=folder)
        with os.fdopen(handle, "wb") as out:
            out.write(magic + header + b"\n\n" + payload)
        os.replace(temporary, path)
        temporary = None
        return True
    except (OSError, ValueError):  # ValueError: marshal met a value it cannot store
        return False
    finally:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)

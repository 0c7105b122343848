"""Derived data kept in the cache dir as ``marshal``, for data that is slow to build or parse
(the rules search index, the parsed card snapshot) and cheap to rebuild.

A file is a magic line, a header (payload length, CRC-32 of the payload, and the *key*: what
the data was derived from) and the marshalled payload. A reader passes the key it expects and
gets the payload only when the magic, key, length and checksum all agree and it unmarshals to
a dict: a missing, stale, truncated, corrupted or foreign file gives None, never an error,
and the caller rebuilds. ``marshal`` cannot run code while loading (unlike ``pickle``), and
its format may change between Python versions, so callers put the interpreter's version in
the key (:func:`python_key`). Writes go to a temporary file in the same folder, then
``os.replace``; a cache that cannot be written (read-only home, full disk) is left alone.
"""

from __future__ import annotations

import contextlib
import gc
import marshal
import os
import sys
import zlib
from typing import Any


def python_key() -> str:
    """The part of a key that says which interpreter wrote the file."""
    return f"python {sys.version_info[0]}.{sys.version_info[1]} marshal {marshal.version}"


def read(path: str, magic: bytes, key: str) -> dict[str, Any] | None:
    """The dict stored at ``path`` for ``key``; None when absent, stale or damaged."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError:
        return None
    if not data.startswith(magic):
        return None
    header_end = data.find(b"\n\n", len(magic))
    if header_end < 0:
        return None
    try:
        header = data[len(magic) : header_end].decode("utf-8")
        length_line, crc_line, stored_key = header.split("\n", 2)
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
    except (ValueError, EOFError, TypeError):
        return None
    finally:
        if collecting:
            gc.enable()
    return state if isinstance(state, dict) else None


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

"""Derived data kept in the cache dir as ``marshal``, for data that is slow to build or parse
(the rules search index, the parsed card snapshot) and cheap to rebuild.

``marshal`` is fast and needs no import, but CPython's documentation says it is not secure
against erroneous or maliciously constructed data: a few crafted bytes can crash the
interpreter. So planarcli unmarshals only bytes it wrote itself, and proves that with a
keyed digest checked *before* ``marshal.loads`` sees them:

- A file is a magic line, a header (payload length, the keyed digest, and the *key*: what
  the data was derived from) and the marshalled payload. The digest is BLAKE2b keyed with
  this user's cache secret, over the magic, the key and the payload: a file damaged, forged,
  moved to another name or written for another key, or by another user, fails it, and the
  reader gets None (the caller rebuilds). Only then are the bytes unmarshalled, and only a
  dict is returned.
- The secret (:func:`secret`) is 32 random bytes in ``<data dir>/cache-key`` (mode 0600 in a
  folder planarcli makes 0700), made on first use; or the text of ``PLANARCLI_CACHE_KEY``,
  for CI that restores a cache on fresh machines (set it from a secret the job's untrusted
  inputs cannot read). It is never in the cache dir, so whoever can only write the cache dir
  (a restored CI cache, another user of a shared folder) cannot sign a file. When no secret
  can be kept (a read-only home), a process-only one is used: every copy is rebuilt and none
  is written.
- Only a regular file of at most :data:`MAX_BYTES` is read, opened without blocking (a FIFO
  or a link to ``/dev/zero`` at the path cannot hang a command), and any exception while
  decoding it means None: the cache holds data, never a reason to fail. The format of
  ``marshal`` may change between Python versions, so callers put the interpreter's version in
  the key (:func:`python_key`).

Writes go to a temporary file in the same folder, then ``os.replace``; a cache that cannot be
written (read-only home, full disk) is left alone.
"""

from __future__ import annotations

import contextlib
import gc
import marshal
import os
import stat
import sys
from typing import Any

#: The largest cache file read (the search index over every edition is well under 1 MB).
MAX_BYTES = 64 * 1024 * 1024
#: The file in the data dir that holds the cache secret, and its size.
SECRET_FILE_NAME = "cache-key"
SECRET_BYTES = 32
#: The environment variable that gives the secret instead of the file.
SECRET_VARIABLE = "PLANARCLI_CACHE_KEY"
#: Hex digits of a file's digest.
DIGEST_HEX = 2 * SECRET_BYTES

#: secret() per place it came from: (the secret, whether files signed with it can be kept).
_SECRETS: dict[str, tuple[bytes, bool]] = {}


def python_key() -> str:
    """The part of a key that says which interpreter wrote the file."""
    return f"python {sys.version_info[0]}.{sys.version_info[1]} marshal {marshal.version}"


def _blake2b() -> Any:
    """BLAKE2b, loaded on first use (a file on the list of checked files needs none): the
    module alone, as hashlib would also load OpenSSL, a few ms of a start-up."""
    try:
        from _blake2 import blake2b
    except ImportError:  # pragma: no cover - an interpreter without the built-in module
        from hashlib import blake2b
    return blake2b


def secret() -> tuple[bytes, bool]:
    """This user's cache secret and whether it lasts beyond this process (see the module
    docstring): from ``PLANARCLI_CACHE_KEY``, else ``<data dir>/cache-key``, made when absent."""
    given = os.environ.get(SECRET_VARIABLE, "")
    if given:
        place = "\0env\0" + given
        if place not in _SECRETS:
            stretched = _blake2b()(
                given.encode("utf-8", "surrogateescape"), person=b"planarcli-key"
            )
            _SECRETS[place] = (stretched.digest()[:SECRET_BYTES], True)
        return _SECRETS[place]
    from planarcli.paths import data_dir_path

    path = os.path.join(data_dir_path(), SECRET_FILE_NAME)
    if path not in _SECRETS:
        kept = _read_secret(path) or _make_secret(path)
        _SECRETS[path] = (kept, True) if kept else (os.urandom(SECRET_BYTES), False)
    return _SECRETS[path]


def _read_secret(path: str) -> bytes | None:
    """The secret in ``path``: a regular file of exactly the secret's size, else None."""
    data = read_regular_file(path, SECRET_BYTES)
    return data if data is not None and len(data) == SECRET_BYTES else None


def _make_secret(path: str) -> bytes | None:
    """A new secret, stored at ``path`` (only if no other process stored one first: then
    that one); None when it cannot be stored."""
    import tempfile

    made = os.urandom(SECRET_BYTES)
    folder = os.path.dirname(path)
    temporary = None
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=".cache-key-", dir=folder)  # mode 0600
        with os.fdopen(handle, "wb") as out:
            out.write(made)
        os.link(temporary, path)  # fails when another process made one meanwhile
        return made
    except FileExistsError:
        return _read_secret(path)
    except (OSError, ValueError):
        return None
    finally:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)


def digest(*parts: bytes) -> str:
    """The keyed digest of ``parts`` (hex), for a file derived from them; also for derived
    bytes stored beside a marshal file, such as the card rulings' data file."""
    hasher = _blake2b()(key=secret()[0], digest_size=SECRET_BYTES)
    for part in parts:
        hasher.update(len(part).to_bytes(8, "little"))
        hasher.update(part)
    digest: str = hasher.hexdigest()
    return digest


def header(magic: bytes, key: str, payload: bytes) -> bytes:
    """The header of a file holding ``payload`` for ``key``, signed with this user's secret."""
    signature = digest(magic, key.encode("utf-8", "surrogatepass"), payload)
    return f"{len(payload)}\n{signature}\n{key}".encode("utf-8", "surrogatepass")


def signed_loads(data: bytes, expected: str) -> Any:
    """``marshal.loads(data)`` when ``data`` has the keyed digest ``expected``; else (or when
    it cannot be decoded) None."""
    if len(expected) != DIGEST_HEX or digest(data) != expected:
        return None
    try:
        return marshal.loads(data)
    except Exception:  # MemoryError, ValueError, EOFError, ...: rebuild
        return None


def read(path: str, magic: bytes, key: str) -> dict[str, Any] | None:
    """The dict stored at ``path`` for ``key``; None when absent, stale, damaged or not
    signed with this user's secret."""
    loaded = _read_regular(path, MAX_BYTES)
    if loaded is None or not loaded[0].startswith(magic):
        return None
    data, status = loaded
    header_end = data.find(b"\n\n", len(magic))
    if header_end < 0:
        return None
    try:
        text = data[len(magic) : header_end].decode("utf-8")
        length_line, digest_line, stored_key = text.split("\n", 2)
        if len(length_line) > 20 or len(digest_line) != DIGEST_HEX:
            return None
        length = int(length_line)
    except (UnicodeDecodeError, ValueError):
        return None
    payload = data[header_end + 2 :]
    if stored_key != key or len(payload) != length:
        return None
    if not _vouched(path, status, digest_line):
        if header(magic, key, payload) != data[len(magic) : header_end]:
            return None
        _vouch(path, status, digest_line)
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
    loaded = _read_regular(path, limit)
    return loaded[0] if loaded is not None else None


def _read_regular(path: str, limit: int) -> tuple[bytes, os.stat_result] | None:
    """:func:`read_regular_file`, with the status of the file as it was read."""
    try:
        if not _sane(os.stat(path), limit):
            return None
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | _BINARY)
    except (OSError, ValueError):  # ValueError: a NUL in the path
        return None
    try:
        status = os.fstat(descriptor)
        if not _sane(status, limit):
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
    return (data, status) if len(data) <= limit else None


# -- files already checked -------------------------------------------------------------------
#: Beside the secret, in the data dir: the files this user's planarcli wrote or checked in the
#: cache dir, each by its identity (device, inode, size, modification and change times,
#: owner) and digest, one line a file. A file that is still exactly that file is not digested
#: again (BLAKE2b over the search index, and loading the module that computes it, were a few
#: percent of a search). The list is trusted as the secret is, for where it lives: it is read
#: only when it and its folder belong to this user and no one else may write them. Whoever is
#: not this user cannot change a listed file in place (the cache's files are 0600, and one
#: that others may write is never listed), and a file put in its place by a rename or a copy
#: has another inode or change time, which no user can set.
CHECKED_FILE_NAME = "cache-checked"
#: Lines kept (a cache dir holds a handful of files; tests and several cache dirs, more).
CHECKED_MAX = 256
#: The list as read or written by this process, per its path.
_CHECKED: dict[str, dict[str, str]] = {}


def _identity(status: os.stat_result, signature: str) -> str | None:
    """What must stay the same for a checked file to need no second check, as one line's
    fields; None for a file others could change in place (writable by group or others)."""
    if status.st_mode & 0o022:
        return None
    fields = (status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns)
    return f"{signature}\t{fields[0]}\t{fields[1]}\t{fields[2]}\t{fields[3]}\t" + (
        f"{status.st_ctime_ns}\t{status.st_uid}"
    )


def _checked_list_path() -> str | None:
    """Where the list of checked files lives; None while the secret comes from the
    environment (CI: a restored cache is digested on every machine)."""
    if os.environ.get(SECRET_VARIABLE):
        return None
    from planarcli.paths import data_dir_path

    return os.path.join(data_dir_path(), CHECKED_FILE_NAME)


def _private(status: os.stat_result) -> bool:
    """Owned by this user and writable by no one else (always so where there are no
    owners)."""
    getuid = getattr(os, "getuid", None)
    return getuid is None or (status.st_uid == getuid() and not status.st_mode & 0o022)


def _checked(where: str) -> dict[str, str]:
    """The list at ``where``: cache file path -> identity; empty when absent or not private."""
    if where not in _CHECKED:
        files: dict[str, str] = {}
        try:
            folder_private = _private(os.stat(os.path.dirname(where)))
        except OSError:
            folder_private = False
        loaded = _read_regular(where, CHECKED_MAX * 1024) if folder_private else None
        if loaded is not None and _private(loaded[1]):
            for line in loaded[0].decode("utf-8", "replace").splitlines():
                path, _, identity = line.partition("\t")
                if identity:
                    files[path] = identity
        _CHECKED[where] = files
    return _CHECKED[where]


def _vouched(path: str, status: os.stat_result, signature: str) -> bool:
    """Whether ``path`` (as ``status`` describes it) is a file this user's planarcli
    wrote or checked with the digest ``signature``, unchanged since."""
    where = _checked_list_path()
    if where is None:
        return False
    identity = _identity(status, signature)
    return identity is not None and _checked(where).get(os.path.abspath(path)) == identity


def _vouch(path: str, status: os.stat_result, signature: str) -> None:
    """Put ``path`` on the list of checked files (best effort: a list that cannot be
    written costs only a digest next time)."""
    where = _checked_list_path()
    identity = _identity(status, signature)
    path = os.path.abspath(path)
    if where is None or identity is None or "\n" in path or "\t" in path:
        return
    files = dict(_checked(where))
    if files.get(path) == identity:
        return
    files.pop(path, None)
    files[path] = identity  # the newest last
    while len(files) > CHECKED_MAX:
        files.pop(next(iter(files)))
    _CHECKED[where] = files
    text = "".join(f"{name}\t{line}\n" for name, line in files.items())
    _store(where, text.encode("utf-8", "surrogateescape"))


def _sane(status: os.stat_result, limit: int) -> bool:
    """A regular file no larger than ``limit`` bytes."""
    return stat.S_ISREG(status.st_mode) and status.st_size <= limit


_BINARY = getattr(os, "O_BINARY", 0)  # Windows: no newline translation


def write(path: str, magic: bytes, key: str, state: dict[str, Any]) -> bool:
    """Store ``state`` for ``key`` at ``path`` atomically; False when the cache cannot be
    written (nothing is raised)."""
    if not secret()[1]:
        return False  # no lasting secret: no later run could use the file
    try:
        payload = marshal.dumps(state)
    except ValueError:  # marshal met a value it cannot store
        return False
    signed = header(magic, key, payload)
    status = _store(path, magic + signed + b"\n\n" + payload)
    if status is None:
        return False
    _vouch(path, status, signed.split(b"\n", 2)[1].decode())
    return True


def _store(path: str, data: bytes) -> os.stat_result | None:
    """Write ``data`` at ``path`` atomically (a temporary file in the same folder, then a
    rename); the file's status once in place, or None when it cannot be written."""
    import tempfile

    folder = os.path.dirname(path)
    temporary = None
    try:
        os.makedirs(folder, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=".cache-", suffix=".tmp", dir=folder)
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            written = os.fstat(out.fileno()).st_ino
        os.replace(temporary, path)
        temporary = None
        status = os.stat(path)
        return status if status.st_ino == written else None  # not another process's file
    except OSError:
        return None
    finally:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)

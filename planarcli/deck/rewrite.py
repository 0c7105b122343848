"""Changing a few characters of a decklist file and nothing else, and writing it safely.

``read_for_rewrite`` reads a file once and remembers what it looked like (size, mtime, hash)
and how its bytes map to text (``Layout``): a byte-order mark, then chunks of text each
with the codec that decoded it, exactly as ``decoding.decode_text`` decodes it (UTF-8, UTF-16
and UTF-32 with a mark, UTF-16 without one, a list in a legacy encoding of
``decoding.LEGACY``, and line by line UTF-8 or Windows-1252). Edits are character spans of
that text; ``Layout.apply`` re-encodes only through the same codecs, which are one-to-one on
the bytes they accepted (a legacy encoding is taken only where it is), so every byte outside
an edit, line endings (CRLF, LF, CR) and the mark included, comes out as it went in.

``replace_file`` writes the new bytes to a temporary file in the same folder, flushes it to
disk, gives it the old file's permissions, owner and group (as far as the system allows),
checks that the file on disk is still the one read (same size, mtime and content), and only
then renames it over the old one: a crash leaves the old file or the new one, never half of
either. ``write_replacing`` is that temporary-file-and-rename step on its own, the one
``deck convert -o`` writes with too.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import stat
from collections.abc import Callable, Sequence

from planarcli.deck.readers.decoding import decode_text, legacy_reading
from planarcli.deck.readers.source import RawInput, read_file
from planarcli.errors import InputError, PlanarError
from planarcli.records import record
from planarcli.textcodec import bom_encoding, bomless_utf16


class NotWrittenError(PlanarError):
    """A fixed file could not be written; the old one is untouched (exit 2)."""


class FileChangedError(NotWrittenError):
    """The file changed on disk between reading it and replacing it (exit 2)."""


@record
class Edit:
    """Replace ``text[start:end]`` with ``replacement``."""

    start: int
    end: int
    replacement: str


@record
class Chunk:
    text: str
    codec: str


@record
class Layout:
    """How a file's bytes map to its text: a mark, then chunks joined as they are."""

    mark: bytes
    chunks: tuple[Chunk, ...]

    @property
    def text(self) -> str:
        return "".join(chunk.text for chunk in self.chunks)

    def codec_at(self, offset: int) -> str:
        """The codec of the chunk holding character ``offset``."""
        position = 0
        for chunk in self.chunks:
            position += len(chunk.text)
            if offset < position:
                return chunk.codec
        return self.chunks[-1].codec if self.chunks else "utf-8"

    def can_encode(self, offset: int, replacement: str) -> bool:
        """Whether ``replacement`` can be written at ``offset`` in this file's encoding."""
        try:
            replacement.encode(self.codec_at(offset))
        except UnicodeEncodeError:
            return False
        return True

    def apply(self, edits: Sequence[Edit]) -> bytes:
        """The file's bytes with ``edits`` (non-overlapping) made."""
        ordered = sorted(edits, key=lambda e: (e.start, e.end))
        for before, after in itertools.pairwise(ordered):
            if after.start < before.end:
                raise ValueError(f"overlapping edits {before} and {after}")
        out = [self.mark]
        offset = 0
        for chunk in self.chunks:
            begin, end = offset, offset + len(chunk.text)
            pieces: list[str] = []
            position = begin
            for edit in ordered:
                if edit.start >= end or (edit.end <= begin and edit.start < begin):
                    continue  # wholly in another chunk
                if edit.start < begin:  # began in an earlier chunk: only its deletion is here
                    position = max(position, min(edit.end, end))
                    continue
                pieces.append(chunk.text[position - begin : edit.start - begin])
                pieces.append(edit.replacement)
                position = min(edit.end, end)
            pieces.append(chunk.text[position - begin :])
            out.append("".join(pieces).encode(chunk.codec))
            offset = end
        return b"".join(out)


def layout_of(data: bytes, display: str) -> Layout:
    """The layout of ``data``, decoded exactly as the readers decode it (InputError when they
    would refuse it)."""
    text = decode_text(data, display)
    layout = _layout(data)
    if layout.text != text:  # pragma: no cover - the two decoders agree by construction
        raise InputError(
            "cannot be rewritten: its encoding could not be kept exactly", path=display
        )
    return layout


def _layout(data: bytes) -> Layout:
    marked = bom_encoding(data)
    if marked is not None:
        codec, skip = marked
        return Layout(data[:skip], (Chunk(data[skip:].decode(codec), codec),))
    guessed = bomless_utf16(data) if len(data) % 2 == 0 else None
    if guessed:
        try:
            return Layout(b"", (Chunk(data.decode(guessed), guessed),))
        except UnicodeDecodeError:
            pass
    try:
        return Layout(b"", (Chunk(data.decode("utf-8"), "utf-8"),))
    except UnicodeDecodeError:
        pass
    legacy = legacy_reading(data)  # a legacy encoding's list, as decoding.decode_text reads it
    if legacy is not None:
        return Layout(b"", (Chunk(*legacy),))
    # Line by line, as source._decode_line_by_line: each line UTF-8 if it is, else cp1252.
    chunks = []
    pieces = data.split(b"\n")
    for index, piece in enumerate(pieces):
        line = piece if index == len(pieces) - 1 else piece + b"\n"
        try:
            chunks.append(Chunk(line.decode("utf-8"), "utf-8"))
        except UnicodeDecodeError:
            chunks.append(Chunk(line.decode("cp1252"), "cp1252"))
    # A pure-ASCII line could be either; it takes the file's legacy codec so that a name
    # written into it is spelled the way the rest of the file is.
    if any(chunk.codec == "cp1252" for chunk in chunks):
        chunks = [
            Chunk(c.text, "cp1252") if c.codec == "utf-8" and c.text.isascii() else c
            for c in chunks
        ]
    return Layout(b"", tuple(chunks))


@record
class FileState:
    """What a file looked like when it was read."""

    size: int
    mtime_ns: int
    digest: str


def _digest(data: bytes) -> str:
    from planarcli.cards.store import content_digest

    return content_digest(data)


def read_for_rewrite(path: str) -> tuple[RawInput, FileState]:
    """The bytes of ``path`` and the state they were read in. Raises InputError."""
    data, status = read_file(path)
    raw = RawInput(path, data, os.path.splitext(path)[1].lower())
    return raw, FileState(len(data), status.st_mtime_ns, _digest(data))


def unchanged_since(path: str, state: FileState) -> bool:
    """Whether the file at ``path`` is still exactly what was read as ``state``."""
    try:
        status = os.stat(path)
        if status.st_size != state.size or status.st_mtime_ns != state.mtime_ns:
            return False
        with open(path, "rb") as handle:  # one byte more than was read: a grown file differs
            return _digest(handle.read(state.size + 1)) == state.digest
    except OSError:
        return False


def replace_file(path: str, data: bytes, state: FileState) -> None:
    """Atomically replace the file at ``path`` (its target, for a symbolic link) with
    ``data``, keeping its permissions; FileChangedError when it is no longer what was read
    as ``state``, NotWrittenError when it cannot be written. Nothing is changed on failure."""
    target = os.path.realpath(path)
    try:
        status = os.stat(target)
        mode = stat.S_IMODE(status.st_mode)
    except OSError as error:
        raise NotWrittenError(f"cannot be rewritten ({error.strerror or error})") from None
    if not mode & 0o222 or not os.access(target, os.W_OK):  # read-only: even for root
        raise NotWrittenError(
            "is read-only, so the fix was not written and the file is unchanged "
            "(make it writable first)"
        )

    def still_as_read() -> None:
        if not unchanged_since(target, state):
            raise FileChangedError(
                "changed on disk while it was being fixed, so nothing was written: "
                "run the command again"
            )

    try:
        write_replacing(target, data, mode=mode, owner=status, before_replace=still_as_read)
    except OSError as error:
        raise NotWrittenError(f"cannot be rewritten ({error.strerror or error})") from None


def write_replacing(
    target: str,
    data: bytes,
    *,
    mode: int,
    owner: os.stat_result | None = None,
    before_replace: Callable[[], None] | None = None,
) -> None:
    """Put ``data`` at ``target`` (a file path, links already followed) in one rename: the
    bytes go to a temporary file in the same folder, flushed to disk, given the owner and
    group of the file ``owner`` describes (as far as the system allows; ``keep_owner``) and
    then ``mode``; ``before_replace`` may still refuse by raising; only then is the temporary
    file renamed over ``target``, and the folder synced. A crash leaves the old file or the
    new one, never half of either, and on any failure, Ctrl-C, SIGTERM and SIGHUP included,
    the temporary file is removed. Raises OSError when it cannot be written."""
    import tempfile

    from planarcli.termination import held_back, signals_raise

    folder = os.path.dirname(os.path.abspath(target))
    temp = None
    with signals_raise():  # SIGTERM and SIGHUP, too, remove the temporary file
        try:
            with held_back():  # a signal between making the file and knowing its name waits
                handle, temp = tempfile.mkstemp(
                    prefix=f".{os.path.basename(target)}.", suffix=".planarcli-tmp", dir=folder
                )
            with os.fdopen(handle, "wb") as out:
                out.write(data)
                out.flush()
                os.fsync(out.fileno())
            if owner is not None:
                keep_owner(temp, owner)
            os.chmod(temp, mode)  # after chown, which may clear set-id bits
            if before_replace is not None:
                before_replace()
            os.replace(temp, target)
        except BaseException:
            if temp is not None:
                with contextlib.suppress(OSError):
                    os.unlink(temp)
            raise
    _sync_folder(folder)


def keep_owner(path: str, status: os.stat_result) -> None:
    """Give ``path`` the owner and group of the file ``status`` describes, as far as the
    system allows: root can give both (a fix run as root leaves the file its owner's);
    another user can keep a group they belong to; nothing else is tried."""
    chown = getattr(os, "chown", None)
    if chown is None:  # pragma: no cover - Windows
        return
    try:
        mine = os.stat(path)
    except OSError:
        return
    if (mine.st_uid, mine.st_gid) == (status.st_uid, status.st_gid):
        return
    with contextlib.suppress(OSError):
        chown(path, status.st_uid, status.st_gid)
        return
    if mine.st_gid != status.st_gid:
        with contextlib.suppress(OSError):
            chown(path, -1, status.st_gid)


def _sync_folder(folder: str) -> None:
    """Make the rename itself durable where the platform allows (POSIX)."""
    flags = getattr(os, "O_DIRECTORY", None)
    if flags is None:  # pragma: no cover - Windows
        return
    with contextlib.suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY | flags)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)

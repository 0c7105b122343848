"""Reading a file with a size limit that holds while reading, for every input planarcli
reads (decklists, configuration files, rules files).

A size check before reading is not enough: a character device (``/dev/zero``), a FIFO or a
file that grows reports a size of 0 or less than it holds. :func:`read_limited` reads what
``fstat`` announces and one byte more, then on in chunks, and never more than the limit and
one byte, so the caller can tell "over the limit" from "exactly at it".
"""

from __future__ import annotations

import os
from typing import BinaryIO

_CHUNK = 1 << 20


def read_limited(handle: BinaryIO, limit: int, announced: int | None = None) -> bytes:
    """At most ``limit + 1`` bytes of the open binary file ``handle``: more than ``limit``
    means the file is over it. ``announced`` is its size by ``fstat``, when the caller has
    asked already."""
    if announced is None:
        try:
            announced = os.fstat(handle.fileno()).st_size
        except (OSError, ValueError, AttributeError):  # no descriptor: a stream
            announced = 0
    # What fstat announced and one byte more: asking for limit + 1 at once would make a
    # buffer that large for every small file.
    chunks = [handle.read(min(announced, limit) + 1)]
    read = len(chunks[0])
    while chunks[-1] and read <= limit:
        chunk = handle.read(min(_CHUNK, limit + 1 - read))
        chunks.append(chunk)
        read += len(chunk)
    return b"".join(chunks)

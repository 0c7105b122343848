"""Every Magic card name, planar or not: what tells a real non-planar card ("Llanowar Elves",
"Tolaria West", "Sol Ring") from a misspelt plane.

The list is bundled as ``planarcli/data/magic-names.txt``, built by
``scripts/build_magic_names.py`` from a list of every card name. It is read only when a name
is not a card of the catalog (``cards show``, ``validate``'s unknown names), never on the
start-up path, and then only the part a lookup needs: the file is read as bytes and nothing
of it is decoded or split but the bucket a name falls in. Its format (UTF-8 text):

- the first line is ``FORMAT_LINE``; the lines after it starting with ``# `` record the
  provenance; one line ``INDEX_MARK`` + the buckets follows them;
- every other line is one folded name (``planarcli.cards.names.fold_name``), each once,
  ordered by its length in characters, then by first character, then alphabetically. When
  ``display_form(key)`` does not give the card's printed name, the line is ``key<TAB>Name``;
  it does for four names in five ("llanowar elves" → "Llanowar Elves"), so they are stored
  once;
- the index line lists each bucket (the names of one length beginning with one character)
  as ``length,code point,offset`` (the offset of its first line in the file's bytes),
  separated by spaces, in file order. A name is looked up in its bucket only (a few hundred
  bytes); the names of a range of lengths are one run of bytes (``keys_of_lengths``: what
  ``resolve`` compares a misspelling with).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

FILE_NAME = "magic-names.txt"
FORMAT_LINE = "# planarcli magic-names 2"
INDEX_MARK = "@index "

#: Words a card name writes in lower case unless they begin it ("Academy at Tolaria West").
SMALL_WORDS = frozenset(
    {
        "a", "an", "and", "as", "at", "but", "by", "for", "from", "in", "into", "is", "of",
        "off", "on", "or", "out", "over", "the", "through", "to", "under", "up", "upon",
        "with",
    }
)  # fmt: skip


def display_form(key: str) -> str:
    """The usual capitalisation of a folded name: each word capitalised, small words after
    the first in lower case."""
    words = key.split(" ")
    return " ".join(
        word if index and word in SMALL_WORDS else word[:1].upper() + word[1:]
        for index, word in enumerate(words)
    )


def bucket_of(key: str) -> tuple[int, int]:
    """The bucket a folded name is stored in: its length and its first character."""
    return len(key), ord(key[0])


def encode(names: Iterable[tuple[str, str]]) -> list[str]:
    """The data lines for (folded key, printed name) pairs, each key once (the first name
    in sorted order wins), the name written only where ``display_form`` misses it, in the
    file's order (``bucket_of``, then the key)."""
    chosen: dict[str, str] = {}
    for key, name in sorted(names):
        if key:
            chosen.setdefault(key, name)
    ordered = sorted(chosen.items(), key=lambda item: (bucket_of(item[0]), item[0]))
    return [key if display_form(key) == name else f"{key}\t{name}" for key, name in ordered]


def encode_file(provenance: Iterable[str], lines: list[str]) -> bytes:
    """The bundled file: the format line, the provenance, the index, the data ``lines``
    (from ``encode``)."""
    head = "".join(f"# {line}\n" for line in [FORMAT_LINE[2:], *provenance])
    body = "".join(f"{line}\n" for line in lines).encode("utf-8")
    entries: list[str] = []
    offset, last = 0, None
    for line in lines:
        bucket = bucket_of(line.partition("\t")[0])
        if bucket != last:
            entries.append(f"{bucket[0]},{bucket[1]},{offset}")
            last = bucket
        offset += len(line.encode("utf-8")) + 1
    # The offsets are written relative to the body; the index line's own length is not
    # known before it is written, so readers add the body's start (the byte after it).
    index = f"{INDEX_MARK}{len(lines)} {' '.join(entries)}\n"
    return head.encode("utf-8") + index.encode("utf-8") + body


class MagicNames:
    """The folded names of every Magic card, and their printed forms, read from the
    bundled file's bytes bucket by bucket."""

    __slots__ = ("_by_length", "_data", "_index", "_longest", "_start", "count", "provenance")

    def __init__(self, data: bytes) -> None:
        first = data.find(b"\n")
        if data[:first].decode("utf-8", "replace") != FORMAT_LINE:
            raise ValueError(f"{FILE_NAME} is not a planarcli names list")
        mark = data.find(b"\n" + INDEX_MARK.encode("ascii"))
        if mark < 0:
            raise ValueError(f"{FILE_NAME} has no index")
        header = data[first + 1 : mark].decode("utf-8")
        self.provenance = [line[1:].strip() for line in header.split("\n") if line]
        end = data.find(b"\n", mark + 1)
        if end < 0:
            raise ValueError(f"{FILE_NAME} is cut short")
        index = data[mark + 1 + len(INDEX_MARK) : end].decode("ascii")
        count, _, entries = index.partition(" ")
        self._data = data
        self._start = end + 1
        self.count = int(count)
        # The index is read where a lookup needs it, not parsed whole (thousands of
        # buckets, for a run that reads one or a few): `` length,code point,`` found in
        # it is that bucket's entry, the first `` length,`` that length's first bucket.
        self._index = f" {entries} " if entries else " "
        last = self._index.rstrip().rpartition(" ")[2]
        self._longest = int(last.split(",")[0]) if last else -1
        self._by_length: dict[tuple[int, int], list[str]] = {}

    def _offset_at(self, at: int) -> tuple[int, int]:
        """The byte offset of the bucket whose index entry begins at ``at`` (its space),
        and of the bucket after it (or the end of the data)."""
        end = self._index.find(" ", at + 1)
        offset = int(self._index[at + 1 : end].rpartition(",")[2])
        after = self._index.find(" ", end + 1)
        if after < 0:
            return self._start + offset, len(self._data)
        return self._start + offset, self._start + int(
            self._index[end + 1 : after].rpartition(",")[2]
        )

    def _span(self, bucket: tuple[int, int]) -> tuple[int, int] | None:
        """The bytes of ``bucket`` (``bucket_of``): its first and the byte after its last."""
        at = self._index.find(f" {bucket[0]},{bucket[1]},")
        return None if at < 0 else self._offset_at(at)

    def _first_of_length(self, length: int) -> int | None:
        """The first byte of the first name of ``length`` characters or more."""
        for size in range(max(length, 0), self._longest + 1):
            at = self._index.find(f" {size},")
            if at >= 0:
                return self._offset_at(at)[0]
        return None

    def _line_at(self, key: str) -> int:
        """Where ``key``'s line begins in the file's bytes, or -1."""
        if not key:
            return -1
        span = self._span(bucket_of(key))
        if span is None:
            return -1
        start, end = span
        word = key.encode("utf-8")
        # Each line, the bucket's first too, follows a newline.
        for after in (b"\n", b"\t"):
            found = self._data.find(b"\n" + word + after, start - 1, end)
            if found >= 0:
                return found + 1
        return -1

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self._line_at(key) >= 0

    def __len__(self) -> int:
        return self.count

    def name_for(self, key: str) -> str:
        """The printed name of the card whose folded name is ``key``."""
        at = self._line_at(key)
        if at >= 0:
            end = self._data.find(b"\n", at)
            key_end = at + len(key.encode("utf-8"))
            if self._data[key_end : key_end + 1] == b"\t":
                return self._data[key_end + 1 : end].decode("utf-8")
        return display_form(key)

    def keys_of_lengths(self, shortest: int, longest: int) -> list[str]:
        """The folded names of ``shortest`` to ``longest`` characters (by length, then
        first character, then alphabetically)."""
        cached = self._by_length.get((shortest, longest))
        if cached is None:
            first = self._first_of_length(shortest) if shortest <= longest else None
            if first is None:
                return []
            after = self._first_of_length(longest + 1)
            text = self._data[first : len(self._data) if after is None else after].decode("utf-8")
            cached = [line.partition("\t")[0] for line in text.split("\n") if line]
            self._by_length[(shortest, longest)] = cached
        return cached

    def names_holding(self, text: str) -> Iterator[tuple[str, str]]:
        """Each (folded key, printed name) whose key holds ``text`` (folded), in the
        file's order: a search of the whole list, for the few questions that need one."""
        word = text.encode("utf-8")
        if not word or b"\n" in word or b"\t" in word:
            return
        data, at = self._data, self._data.find(word, self._start)
        while at >= 0:
            start = data.rfind(b"\n", 0, at) + 1
            end = data.find(b"\n", at)
            end = len(data) if end < 0 else end
            key, tab, printed = data[start:end].partition(b"\t")
            if at - start < len(key):  # in the key, not only in the printed name
                folded = key.decode("utf-8")
                yield folded, printed.decode("utf-8") if tab else display_form(folded)
            at = data.find(word, end)

    def keys(self) -> list[str]:
        """Every folded name, in the file's order."""
        return self.keys_of_lengths(0, self._longest) if self._longest >= 0 else []


_LOADED: MagicNames | None = None


def load_magic_names() -> MagicNames:
    """The bundled list (read once per process). Raises OSError/ValueError when the file
    is missing or damaged; callers carry on without it."""
    global _LOADED
    if _LOADED is None:
        from planarcli import resources

        with open(resources.package_data_file(FILE_NAME), "rb") as handle:
            _LOADED = MagicNames(handle.read())
    return _LOADED

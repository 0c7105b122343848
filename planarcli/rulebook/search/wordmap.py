"""The index's tables of words, kept cheap to load.

Some of the index's tables hold a few thousand words each, and a query looks up a few dozen:
``surface`` (each word of the texts and its stems), ``stems`` (per language, each word and
its stem), ``folded`` (each accent-free term and the terms it stands for), ``lang_df`` and
``aid_df`` (per language, each term and the passages holding it), ``postings``,
``vocabulary`` (per language, its accent-free words: a set). Unmarshalled as dicts they
cost a search a third of its index's loading (a string object and a dict entry per word).
:class:`WordMap` keeps such a table as the stored state holds it: in buckets by a checksum
of the word, each a marshalled dict unmarshalled the first time a word of it is looked up,
and the words in their order (marshalled too, read by what goes through every word: the typo
search, the Danish compounds).
"""

from __future__ import annotations

import marshal
import zlib
from collections.abc import Iterator, Mapping
from typing import Any

#: the index's fields kept as :class:`WordMap` in the stored state, and those kept so per
#: language: a query looks up a few dozen of their thousands of words
WORD_TABLES = ("surface", "folded", "postings", "aid_postings", "df")
LANGUAGE_WORD_TABLES = ("stems", "lang_df", "aid_df")
#: the fields kept so per language whose words are a list (a set, sorted): kept as a table
#: of each word to 1, asked only whether a word is one
LANGUAGE_WORD_SETS = ("vocabulary",)
#: those whose words keep their order (the texts' order, which the typo search and the Danish
#: compounds go through); the others' are sorted
ORDERED_TABLES = frozenset({"surface", "stems"})
#: a table's words per bucket, about (a lookup unmarshals its word's bucket)
BUCKET_WORDS = 8
#: the marshal format of a bucket and of the words: 2, which marks no object as seen before
#: (format 3 and later do for an object held elsewhere too, so the same table would give
#: other bytes in another process: the shipped index would not be what the code builds)
MARSHAL_FORMAT = 2


def bucket_of(word: str, buckets: int) -> int:
    return zlib.crc32(word.encode("utf-8", "surrogatepass")) % buckets


class WordMap:
    """A read-only word -> value table, read a bucket at a time (see the module): ``get``,
    ``[]``, ``in``, ``len`` and iteration (its words in order) as a dict's."""

    __slots__ = ("_blobs", "_buckets", "_order", "_words")

    def __init__(self, order: bytes, blobs: list[bytes]) -> None:
        self._order = order
        self._blobs = blobs
        self._buckets: list[dict[str, Any] | None] = [None] * len(blobs)
        self._words: list[str] | None = None

    @classmethod
    def from_state(cls, value: Any) -> WordMap:
        """The table :func:`state` gave; ValueError when ``value`` is not one."""
        if type(value) is not dict or len(value) != 2:
            raise ValueError("not a table of words")
        order, blobs = value.get("words"), value.get("buckets")
        if type(order) is not bytes or type(blobs) is not list:
            raise ValueError("not a table of words")
        if blobs and set(map(type, blobs)) != {bytes}:
            raise ValueError("not a table of words")
        return cls(order, blobs)

    def _bucket(self, word: str) -> dict[str, Any]:
        if not self._blobs:
            return {}  # an empty table
        number = bucket_of(word, len(self._blobs))
        found = self._buckets[number]
        if found is None:
            found = marshal.loads(self._blobs[number])
            if type(found) is not dict:
                raise ValueError("a bucket of a table of words is not a table")
            self._buckets[number] = found
        return found

    def words(self) -> list[str]:
        """The words, in their order."""
        if self._words is None:
            words = marshal.loads(self._order)
            if type(words) is not list:
                raise ValueError("the words of a table of words are not a list")
            self._words = words
        return self._words

    def __getitem__(self, word: str) -> Any:
        return self._bucket(word)[word]

    def get(self, word: str, default: Any = None) -> Any:
        return self._bucket(word).get(word, default) if type(word) is str else default

    def __contains__(self, word: object) -> bool:
        return type(word) is str and word in self._bucket(word)

    def __iter__(self) -> Iterator[str]:
        return iter(self.words())

    def __len__(self) -> int:
        return len(self.words())

    def __bool__(self) -> bool:
        return bool(self._blobs)  # an empty table has no bucket

    def items(self) -> Iterator[tuple[str, Any]]:
        return ((word, self[word]) for word in self.words())

    def values(self) -> Iterator[Any]:
        return (self[word] for word in self.words())


def state(table: Mapping[str, Any] | WordMap, ordered: bool = True) -> dict[str, Any]:
    """A table as the stored state keeps it: its words in order (``ordered``: in the table's
    own, else sorted: a table built from sets has an order that moves with the hash salt,
    and the shipped index must be the same bytes whoever builds it), and its buckets (about
    BUCKET_WORDS words each), each a marshalled dict of its words, sorted."""
    if isinstance(table, WordMap):
        return {"words": table._order, "buckets": list(table._blobs)}
    count = max(1, len(table) // BUCKET_WORDS) if table else 0
    buckets: list[dict[str, Any]] = [{} for _ in range(count)]
    for word in sorted(table):
        buckets[bucket_of(word, count)][word] = table[word]
    words = list(table) if ordered else sorted(table)
    return {
        "words": marshal.dumps(words, MARSHAL_FORMAT),
        "buckets": [marshal.dumps(bucket, MARSHAL_FORMAT) for bucket in buckets],
    }


def tables_state(fields: Mapping[str, Any]) -> dict[str, Any]:
    """The index's word tables among its ``fields`` as the stored state keeps them."""
    out = {name: state(fields[name], name in ORDERED_TABLES) for name in WORD_TABLES}
    for name in LANGUAGE_WORD_TABLES:
        ordered = name in ORDERED_TABLES
        out[name] = {lang: state(table, ordered) for lang, table in fields[name].items()}
    for name in LANGUAGE_WORD_SETS:
        out[name] = {
            lang: words if isinstance(words, WordMap) else dict.fromkeys(words, 1)
            for lang, words in fields[name].items()
        }
        out[name] = {lang: state(table) for lang, table in out[name].items()}
    return out


def tables_from_state(fields: Mapping[str, Any]) -> dict[str, Any]:
    """The index's word tables from the stored state's ``fields``; ValueError when one is
    not such a table (KeyError, TypeError when the state lacks them)."""
    out: dict[str, Any] = {name: WordMap.from_state(fields[name]) for name in WORD_TABLES}
    for name in (*LANGUAGE_WORD_TABLES, *LANGUAGE_WORD_SETS):
        out[name] = {lang: WordMap.from_state(table) for lang, table in fields[name].items()}
    return out

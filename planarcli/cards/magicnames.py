"""Every Magic card name, planar or not: what tells a real non-planar card ("Llanowar Elves",
"Tolaria West", "Sol Ring") from a misspelt plane.

The list is bundled as ``planarcli/data/magic-names.txt.gz``, built by
``scripts/build_magic_names.py`` from a list of every card name. It is read only when a name
is not a card of the catalog (``cards show``, ``validate``'s unknown names), never on the
start-up path. Its format (UTF-8 text, gzip-compressed):

- lines starting with ``#`` record the provenance;
- every other line is one folded name (``planarcli.cards.names.fold_name``), sorted, each
  once. When ``display_form(key)`` does not give the card's printed name, the line is
  ``key<TAB>Name``; it does for four names in five ("llanowar elves" → "Llanowar Elves"), so
  they are stored once.
"""

from __future__ import annotations

from collections.abc import Iterable

FILE_NAME = "magic-names.txt.gz"
FORMAT_LINE = "# planarcli magic-names 1"

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


def encode(names: Iterable[tuple[str, str]]) -> list[str]:
    """The data lines for (folded key, printed name) pairs: sorted by key, each key once
    (the first name wins), the name written only where ``display_form`` misses it."""
    chosen: dict[str, str] = {}
    for key, name in sorted(names):
        if key:
            chosen.setdefault(key, name)
    return [key if display_form(key) == name else f"{key}\t{name}" for key, name in chosen.items()]


class MagicNames:
    """The folded names of every Magic card, and their printed forms."""

    def __init__(self, lines: Iterable[str]) -> None:
        keys: list[str] = []
        spelled: dict[str, str] = {}
        self.provenance: list[str] = []
        for line in lines:
            if not line:
                continue
            if line.startswith("#"):
                self.provenance.append(line[1:].strip())
                continue
            key, tab, name = line.partition("\t")
            keys.append(key)
            if tab:
                spelled[key] = name
        self.keys: tuple[str, ...] = tuple(keys)
        self._set = frozenset(keys)
        self._spelled = spelled

    def __contains__(self, key: object) -> bool:
        return key in self._set

    def __len__(self) -> int:
        return len(self.keys)

    def name_for(self, key: str) -> str:
        """The printed name of the card whose folded name is ``key``."""
        return self._spelled.get(key) or display_form(key)


_LOADED: MagicNames | None = None


def load_magic_names() -> MagicNames:
    """The bundled list (read once per process). Raises OSError/ValueError when the file
    is missing or damaged; callers carry on without it."""
    global _LOADED
    if _LOADED is None:
        import zlib

        from planarcli import resources

        with open(resources.package_data_file(FILE_NAME), "rb") as handle:
            data = handle.read()
        text = zlib.decompress(data, wbits=16 + zlib.MAX_WBITS).decode("utf-8")
        lines = text.split("\n")
        if not lines or lines[0] != FORMAT_LINE:
            raise ValueError(f"{FILE_NAME} is not a planarcli names list")
        _LOADED = MagicNames(lines)
    return _LOADED

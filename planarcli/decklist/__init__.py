"""Decklist readers: one module per format, all producing the same ``Decklist``.

``read_decklist`` reads the bytes once (``source.read_input``), picks a reader from the
``--input-format`` the user forced, else from the file's content and extension, and returns
the reader's Decklist. Readers are imported only when used.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from planarcli.decklist.model import DeckEntry, Decklist, ReaderIssue
from planarcli.decklist.source import RawInput, read_input
from planarcli.errors import UsageError

__all__ = ["FORMATS", "DeckEntry", "Decklist", "ReaderIssue", "detect_format", "read_decklist"]

#: format name -> module in this package whose ``read(raw: RawInput) -> Decklist`` reads it.
FORMATS: dict[str, str] = {
    "text": "planarcli.decklist.text",
}

#: file extensions that are decklists (used when a directory is searched).
DECKLIST_SUFFIXES: tuple[str, ...] = (".txt", ".dec", ".deck", ".dek", ".dck", ".cod", ".json")


def detect_format(raw: RawInput) -> str:
    """The reader for these bytes: by content first, then by extension, else plain text."""
    return "text"


def reader_for(name: str) -> Callable[[RawInput], Decklist]:
    try:
        module = importlib.import_module(FORMATS[name])
    except KeyError:
        raise UsageError(
            f"unknown input format {name!r}; choose from {', '.join(sorted(FORMATS))}"
        ) from None
    read: Callable[[RawInput], Decklist] = module.read
    return read


def read_decklist(path: str, *, input_format: str | None = None) -> Decklist:
    """Read and parse one decklist file (``-`` for stdin). Raises InputError."""
    raw = read_input(path)
    name = input_format or detect_format(raw)
    return reader_for(name)(raw)

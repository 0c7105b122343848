"""The one place that knows where bundled data lives.

In an installed wheel, the top-level ``rules/`` and ``schemas/`` folders are shipped as
``planarcli/data/rules`` and ``planarcli/data/schemas`` (see ``force-include`` in pyproject.toml),
beside the package data proper (the card snapshot); in a checkout or an editable install they are
found at the top of the repository, beside the package.

Located with ``__file__`` and ``os.path`` rather than ``importlib.resources``: planarcli is
installed as plain files (never zipped), and these lookups sit on the start-up path of every
command. The ``*_file`` functions return strings; the others return ``pathlib.Path``.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))


def _top_level(name: str) -> str:
    inside = os.path.join(_PACKAGE_DIR, "data", name)
    if os.path.isdir(inside):
        return inside
    beside = os.path.join(os.path.dirname(_PACKAGE_DIR), name)
    if os.path.isdir(beside):
        return beside
    raise FileNotFoundError(f"bundled folder {name!r} is missing from this installation")


def _path(text: str) -> Path:
    from pathlib import Path

    return Path(text)


def rules_dir() -> Path:
    """Folder of the bundled rules corpus (``rules/``)."""
    return _path(rules_dir_path())


def rules_dir_path() -> str:
    """Folder of the bundled rules corpus, as a string."""
    return _top_level("rules")


def schemas_dir() -> Path:
    """Folder of the JSON Schemas (``schemas/``)."""
    return _path(_top_level("schemas"))


def schema_path(name: str) -> Path:
    """Path of one schema, e.g. ``schema_path("catalog.schema.json")``."""
    return _path(schema_file(name))


def schema_file(name: str) -> str:
    """Path of one schema, as a string."""
    return os.path.join(_top_level("schemas"), name)


def package_data(name: str) -> Path:
    """Path of a file shipped in ``planarcli/data``."""
    return _path(package_data_file(name))


def package_data_file(name: str) -> str:
    """Path of a file shipped in ``planarcli/data``, as a string."""
    return os.path.join(_PACKAGE_DIR, "data", name)

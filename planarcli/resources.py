"""The one place that knows where bundled data lives.

In an installed wheel, the top-level ``rules/`` and ``schemas/`` folders are shipped inside the
package (see ``force-include`` in pyproject.toml); in a checkout or an editable install they
are found beside the package. Package data proper (the card snapshot) lives in
``planarcli/data``.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent


def _top_level(name: str) -> Path:
    inside = _PACKAGE_DIR / name
    if inside.is_dir():
        return inside
    beside = _PACKAGE_DIR.parent / name
    if beside.is_dir():
        return beside
    raise FileNotFoundError(f"bundled folder {name!r} is missing from this installation")


def rules_dir() -> Path:
    """Folder of the bundled rules corpus (``rules/``)."""
    return _top_level("rules")


def schemas_dir() -> Path:
    """Folder of the JSON Schemas (``schemas/``)."""
    return _top_level("schemas")


def schema_path(name: str) -> Path:
    """Path of one schema, e.g. ``schema_path("catalog.schema.json")``."""
    return schemas_dir() / name


def package_data(name: str) -> Path:
    """Path of a file shipped in ``planarcli/data``."""
    return _PACKAGE_DIR / "data" / name

"""Where planarcli keeps user data: the card cache and imported rules editions.

PLANARCLI_CACHE_DIR and PLANARCLI_DATA_DIR override the platform defaults. The defaults
are the platform's conventions, as platformdirs defines them: on Linux and other XDG
systems ``$XDG_CACHE_HOME/planarcli`` (``~/.cache/planarcli``) and ``$XDG_DATA_HOME/planarcli``
(``~/.local/share/planarcli``); on macOS ``~/Library/Caches/planarcli`` and
``~/Library/Application Support/planarcli``. These two are computed here, because importing
platformdirs costs more than the rest of a ``validate`` run; other platforms (Windows)
ask platformdirs.

The ``*_path`` functions return plain strings and import nothing: they serve the start-up
path of everyday commands (on Python 3.11, ``import pathlib`` alone costs about 4 ms).
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

APP_NAME = "planarcli"


def cache_dir_path() -> str:
    """The folder for synced card data, as a string."""
    override = os.environ.get("PLANARCLI_CACHE_DIR")
    if override:
        return os.path.expanduser(override)
    return _platform_dir("cache")


def data_dir_path() -> str:
    """The folder for imported rules editions, as a string."""
    override = os.environ.get("PLANARCLI_DATA_DIR")
    if override:
        return os.path.expanduser(override)
    return _platform_dir("data")


def cache_dir() -> Path:
    """The folder for synced card data."""
    from pathlib import Path

    return Path(cache_dir_path())


def data_dir() -> Path:
    """The folder for imported rules editions."""
    from pathlib import Path

    return Path(data_dir_path())


def _platform_dir(kind: str) -> str:
    home = os.path.expanduser("~")
    if sys.platform == "darwin":
        folder = "Library/Caches" if kind == "cache" else "Library/Application Support"
        return os.path.join(home, folder, APP_NAME)
    if sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        variable, fallback = (
            ("XDG_CACHE_HOME", ".cache") if kind == "cache" else ("XDG_DATA_HOME", ".local/share")
        )
        base = os.environ.get(variable, "").strip()
        root = base if base and os.path.isabs(base) else os.path.join(home, fallback)
        return os.path.join(root, APP_NAME)
    import platformdirs

    if kind == "cache":
        return str(platformdirs.user_cache_dir(APP_NAME, appauthor=False))
    return str(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def offline_from_env() -> bool:
    """True when PLANARCLI_OFFLINE asks planarcli never to touch the network."""
    return os.environ.get("PLANARCLI_OFFLINE", "").strip().lower() in {"1", "true", "yes", "on"}

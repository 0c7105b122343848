"""Where planarcli keeps user data: the card cache and imported rules editions.

PLANARCLI_CACHE_DIR and PLANARCLI_DATA_DIR override the platform defaults, which come from
platformdirs (imported only when no override is set).
"""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "planarcli"


def cache_dir() -> Path:
    """The folder for synced card data."""
    override = os.environ.get("PLANARCLI_CACHE_DIR")
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    """The folder for imported rules editions."""
    override = os.environ.get("PLANARCLI_DATA_DIR")
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def offline_from_env() -> bool:
    """True when PLANARCLI_OFFLINE asks planarcli never to touch the network."""
    return os.environ.get("PLANARCLI_OFFLINE", "").strip().lower() in {"1", "true", "yes", "on"}

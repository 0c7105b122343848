"""Fixtures of the search tests: the indexes over the bundled editions, built once per worker."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture(scope="session")
def bundled_indexes() -> dict[Any, Any]:
    """Search indexes over the bundled editions, one per scope, keyed as
    ``search_quality.score`` keys them (each edition's id and location, in order). The
    question-set scores (test_search.py) and the subject agreement over the question sets
    (test_subject.py) search the same 19 scopes: each is built once per worker, not once per
    module, and those tests are one xdist group (``--dist loadgroup``), so on one worker only.
    A test that changes an index builds its own."""
    return {}

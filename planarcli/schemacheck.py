"""Checking JSON documents against the schemas in ``schemas/``.

jsonschema is imported on first use only, so that everyday commands do not pay for it.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from planarcli import resources


@cache
def load_schema(name: str) -> dict[str, Any]:
    """The parsed schema ``schemas/<name>``."""
    with resources.schema_path(name).open(encoding="utf-8") as handle:
        schema: dict[str, Any] = json.load(handle)
    return schema


@cache
def _validator(name: str) -> Any:
    import jsonschema

    schema = load_schema(name)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def schema_errors(instance: Any, name: str, *, limit: int = 5) -> list[str]:
    """Up to ``limit`` readable errors, each naming the JSON path; empty when valid."""
    errors = sorted(_validator(name).iter_errors(instance), key=lambda e: list(e.absolute_path))
    out = []
    for error in errors[:limit]:
        path = "$" + "".join(
            f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path
        )
        out.append(f"{path}: {error.message}")
    return out

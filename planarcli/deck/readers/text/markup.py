"""Lists pasted as markup: an HTML fragment (``<ul><li>Akoum</li>...``) and a JSON array of
names (``["Akoum", "Bant"]``). Imported only for a file that starts as one."""

from __future__ import annotations

import re

from planarcli.lazyre import lazy

#: An HTML tag, and a list item's text (up to its end tag, the next item or the line's end).
_HTML_TAG = lazy(r"<[^<>]*>")


HTML_ITEM = lazy(r"<li\b[^>]*>(.*?)(?=</li\s*>|<li\b|$)", re.I)


#: The only character references read: XML's five entities and numeric references. Any other
#: named entity stays as written (no entity table, no DTD: nothing expands).
_HTML_ENTITY = lazy(r"&(?:(amp|lt|gt|quot|apos)|#([0-9]{1,7})|#[xX]([0-9a-fA-F]{1,6}));")


_ENTITIES = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}


def _html_character(match: re.Match[str]) -> str:
    named, decimal, hexadecimal = match.groups()
    if named:
        return _ENTITIES[named]
    code = int(decimal) if decimal else int(hexadecimal, 16)
    if code > 0x10FFFF or 0xD800 <= code <= 0xDFFF or code == 0:
        return match.group(0)
    return chr(code)


def html_text(fragment: str) -> str:
    """The text of an HTML fragment: tags left out, standard references replaced."""
    text = _HTML_TAG.sub("", fragment)
    if "&" in text:
        text = _HTML_ENTITY.sub(_html_character, text)
    return " ".join(text.split())


def is_json_name_array(text: str) -> bool:
    """Whether ``text`` is a JSON array of strings, at least one: ``["Akoum", "Bant"]``
    (``text`` starts with ``[``: the reader checked that first)."""
    import json

    try:
        document = json.loads(text.lstrip("\ufeff"))
    except (ValueError, RecursionError):
        return False
    return (
        isinstance(document, list)
        and bool(document)
        and all(isinstance(item, str) for item in document)
    )


def json_array_strings(line: str) -> list[str] | None:
    """The strings on one line of a JSON array of names (``["Akoum", "Bant"]``, ``[``,
    ``"Naya",``, ``]``), or None if the line is not such a piece."""
    inner = line.strip().rstrip(",").strip()
    if inner.startswith("["):
        inner = inner[1:]
    if inner.endswith("]"):
        inner = inner[:-1]
    inner = inner.strip().rstrip(",")
    import json

    try:
        strings = json.loads(f"[{inner}]")
    except (ValueError, RecursionError):
        return None
    if not all(isinstance(item, str) for item in strings):
        return None
    return [item.strip() for item in strings if item.strip()]

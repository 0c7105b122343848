"""Parsing untrusted XML (Cockatrice ``.cod``, MTGO ``.dek``) safely, with line numbers.

Only defusedxml's parser is used: a document with a DOCTYPE or entity declarations
(billion laughs, quadratic blow-up, external entities such as ``file:///etc/passwd``) is
refused before anything expands or any file is read. Decklists never need either.

The result is a small tree of ``XmlElement`` records that remember the line each element
starts on, so readers can point findings at the right line. defusedxml is imported only
when XML is actually read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from planarcli.errors import InputError
from planarcli.lazyre import lazy

#: Elements deeper than this are refused: no decklist nests more than three levels.
MAX_DEPTH = 64

_REFUSED = "refuses XML with entity declarations or a DOCTYPE (possible XML bomb)"

#: An HTML page's DOCTYPE, without an internal subset (so without entity declarations).
_HTML_DOCTYPE = lazy(r"(?i)\A\ufeff?\s*(?:<\?xml[^>]*\?>\s*)?<!DOCTYPE\s+html\b[^\[>]*>")


@dataclass
class XmlElement:
    """One element: tag, attributes, text directly inside it, children, start line."""

    tag: str
    attrib: dict[str, str]
    line: int | None
    children: list[XmlElement] = field(default_factory=list)
    text: str = ""

    def find_all(self, tag: str) -> list[XmlElement]:
        """Direct children with this tag."""
        return [child for child in self.children if child.tag == tag]

    def find(self, tag: str) -> XmlElement | None:
        """The first direct child with this tag."""
        for child in self.children:
            if child.tag == tag:
                return child
        return None


class _Builder:
    """A TreeBuilder-compatible target that records each element's start line."""

    def __init__(self) -> None:
        self.expat: Any = None  # the pyexpat parser, set once the parser exists
        self.root: XmlElement | None = None
        self._stack: list[XmlElement] = []
        self._text: list[str] = []

    def _line(self) -> int | None:
        line = getattr(self.expat, "CurrentLineNumber", None)
        return line if isinstance(line, int) and line > 0 else None

    def start(self, tag: str, attrib: dict[str, str]) -> None:
        self._flush_text()
        if len(self._stack) >= MAX_DEPTH:
            raise _TooDeep(self._line())
        element = XmlElement(tag=tag, attrib=dict(attrib), line=self._line())
        if self._stack:
            self._stack[-1].children.append(element)
        elif self.root is None:
            self.root = element
        self._stack.append(element)

    def end(self, tag: str) -> None:
        self._flush_text()
        if self._stack:
            self._stack.pop()

    def data(self, text: str) -> None:
        if self._stack:
            self._text.append(text)

    def _flush_text(self) -> None:
        if self._text and self._stack:
            self._stack[-1].text += "".join(self._text)
        self._text.clear()

    def close(self) -> XmlElement | None:
        return self.root


class _TooDeep(Exception):
    def __init__(self, line: int | None) -> None:
        super().__init__("too deep")
        self.line = line


def parse_xml(text: str, display: str) -> XmlElement:
    """Parse decoded XML text; raise InputError (with the line) for anything refused or
    malformed."""
    from xml.etree.ElementTree import ParseError

    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import XMLParser

    # The XML declaration may name an encoding; the text is already decoded, and expat
    # refuses a declaration naming UTF-16 for a str, so drop the encoding pseudo-attribute.
    text = _strip_declared_encoding(text)
    builder = _Builder()
    parser = XMLParser(target=builder, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    builder.expat = parser.parser
    try:
        parser.feed(text)
        root = parser.close()
    except DefusedXmlException:
        if _HTML_DOCTYPE.match(text):  # a web page (a failed download), not a hostile file
            from planarcli.errors import NotADecklistError

            raise NotADecklistError("an HTML page, not a decklist", path=display) from None
        raise InputError(_REFUSED, path=display, line=builder._line()) from None
    except _TooDeep as error:
        raise InputError(
            f"XML is nested more than {MAX_DEPTH} levels deep; not a decklist",
            path=display,
            line=error.line,
        ) from None
    except ParseError as error:
        line = error.position[0] if getattr(error, "position", None) else None
        reason = str(error).split(":", 1)[0] or "syntax error"
        raise InputError(f"malformed XML ({reason})", path=display, line=line) from None
    except RecursionError:  # pragma: no cover - the depth limit comes first
        raise InputError("XML is nested too deeply", path=display) from None
    if not isinstance(root, XmlElement):
        raise InputError("malformed XML (no root element)", path=display)
    return root


def _strip_declared_encoding(text: str) -> str:
    stripped = text.lstrip("\ufeff")
    if not stripped.startswith("<?xml"):
        return stripped
    end = stripped.find("?>")
    if end < 0:
        return stripped
    import re

    declaration = re.sub(r"""\s+encoding\s*=\s*(?:"[^"]*"|'[^']*')""", "", stripped[: end + 2])
    return declaration + stripped[end + 2 :]

"""One card line taken apart: ``[quantity[x]] name [tags]``, or the quantity after the name.

``split_card_line`` reads what a card line holds (``2x Akoum (PCA) 12``, ``Akoum<TAB>1``,
``Akoum x1``, ``Akoum, 1``, ``1. Akoum``, ``- [x] Akoum``, ``Akoum (plane)``...) into a
``CardLine``: the quantity, the name, the printing and category an export tagged it with,
and, for a line that reads two ways (``Pain 101``), the other reading, which the text reader
weighs with the catalog. It asks no catalog itself: the text reader, a table row's name cell
and the decoding of a legacy Japanese file all use it.
"""

from __future__ import annotations

import re
from typing import Any

from planarcli.deck.readers.model import MAX_QUANTITY
from planarcli.deck.readers.vocabulary import section_role
from planarcli.lazyre import LazyPattern, lazy

QUANTITY = re.compile(r"^(\d+)\s*[xX×]?\s+(.*)$|^[xX×]\s*(\d+)\s+(.*)$")


#: "1,Akoum", "1;Akoum": a quantity, then a comma or semicolon (a CSV row without a header).
_CSV_QUANTITY = lazy(r"^(\d{1,4})[ \t]*[,;][ \t]*(?=[^\W\d_])")


#: "Akoum: 1 copy", "Akoum: 1x", "Akoum 2 copies": the quantity after the name, with a word.
_WORDED_QUANTITY = lazy(
    r"(?:[ \t]*:[ \t]*(\d{1,4})[ \t]*(?:[xX×]|cop(?:y|ies)|cards?)?"
    r"|[ \t]+(\d{1,4})[ \t]*cop(?:y|ies))$",
    re.I,
)


#: The letters a worded quantity can end with ("x", "copy", "copies", "card", "cards", in
#: any case; "ſ" is an "s" to the pattern's IGNORECASE), besides a digit.
_WORDED_ENDS = frozenset("xX×yYsSſdD")


def _may_end_worded(text: str) -> bool:
    """Whether ``text`` ends as a worded quantity can: a digit or one of ``_WORDED_ENDS``,
    maybe with spaces after it (or a last newline, before which ``$`` matches too). A
    sentence that ends otherwise (``Scores: Alex 3, Robin 2.``) is not searched: that
    search, from every position of the line, was most of the cost of a line of notes."""
    last = text.rstrip(" \t\n")[-1:]
    return last in _WORDED_ENDS or last.isdigit()


#: "Akoum — Plane — Zendikar", "Chaotic Aether - Phenomenon": a type line after a dash.
_TYPE_LINE = lazy(r"[ \t]+[-–—][ \t]+(?:planes?|phenomen(?:on|a))\b(?:[ \t]*[-–—:].*)?$", re.I)


#: "Akoum (Planechase Anthology)": the name of the set the card is printed in, in parentheses.
SET_NAME = lazy(
    r"[ \t]*\((?=[^()]*\b(?:planechase|anthology|commander|promos?|doctor who|secret lair|"
    r"edition|masters|duskmourn|march of the machine)\b)[^()]*\)$",
    re.I,
)


def markdown_link(address: str) -> LazyPattern:
    """A whole Markdown link, ``[Akoum](https://scryfall.com/...)``: the text is group 1;
    ``address`` is the character class the address is written in."""
    return lazy(rf"^\[([^\[\]]+)\]\({address}*\)$")


#: A Markdown link on a card line: its address has no space.
_LINK = markdown_link(r"[^()\s]")


_SUFFIX_QUANTITY = lazy(r"(?:\s+[xX]|\s*×)\s*(\d{1,4})$")  # "Naya x1", "Sea of Sand ×1"


#: "Akoum (1)": a quantity in parentheses after the name.
_PAREN_QUANTITY = lazy(r"[ \t]*\([ \t]*(\d{1,4})[ \t]*\)$")


#: "Bant [1]", "Bant [2x]": a quantity in square brackets after the name (no category:
#: a category is words).
_BRACKET_SUFFIX_QUANTITY = lazy(r"[ \t]*\[[ \t]*(\d{1,4})[ \t]*[xX×]?[ \t]*\]$")


#: "Akoum (plane)", "Chaotic Aether (Phenomenon)": the card's type after its name.
_TYPE_HINT = lazy(
    r"[ \t]*\([ \t]*(?:planes?|phenomen(?:on|a))(?:[ \t]*[-–—:][^()]*)?[ \t]*\)$", re.I
)


#: A quantity in square brackets: "[1] Akoum", "[2x] Bant".
_BRACKET_QUANTITY = lazy(r"^\[[ \t]*(\d{1,4})[ \t]*[xX×]?[ \t]*\][ \t]+(?=\S)")


#: A Markdown task box after a bullet: "- [x] Akoum", "- [ ] Bant".
_TASK_BOX = lazy(r"^\[[ xX✓✔]\][ \t]+(?=\S)")


#: The number of a numbered list ("1. Jund", "2) Sanctum of Serra"): a position, not a
#: quantity.
LIST_NUMBER = lazy(
    r"^\d{1,3}[.)](?:[ \t]+(?=\S)|(?=[^\W\d_]))"  # "1. Jund", "1.Jund" (no space: a letter)
    r"|^\d{1,3}[．）、][ \t\u3000]*(?=\S)"  # "１．バント"
    r"|^#\d{1,3}[.):]?[ \t]+(?=\S)"  # "#1 Akoum"
    r"|^(?:\d\ufe0f?\u20e3){1,3}[.):]?[ \t]*(?=\S)|^\U0001f51f[ \t]*(?=\S)"  # "1️⃣ Akoum", "🔟 Bant"
)


#: "1 - Akoum": a leading number, then a dash: a quantity, or a list's numbering when the
#: numbers of such lines run 1, 2, 3...
_DASH_AFTER_NUMBER = lazy(r"^[-–—][ \t]+(?=\S)")


#: The characters a bullet can be, and a bullet of a pasted list ("* Akoum", "- Akoum", "•
#: Akoum", "+ Akoum" for a card added): no card name starts so.
BULLETS = "*•·‣◦-–—+"


BULLET = lazy(rf"^[{re.escape(BULLETS)}][ \t]+(?=\S)")


#: A check box a notes app writes before a list's items (Google Keep's "☐ Akoum", "☑ Bant",
#: "✅ Naya"): left out, but, unlike a bullet, it does not mark the line as the list's (a
#: ticked task that is no card, "☑ buy sleeves", is prose).
_CHECK_BOXES = "☐☑☒⬜⬛✅❎🔲🔳✓✔✗✘"


_CHECK_BOX = lazy(rf"^[{_CHECK_BOXES}][\ufe0f]?[ \t]+(?=\S)")


#: The characters a bullet or a check box can be.
_MARK_STARTS = BULLETS + _CHECK_BOXES


_TAB_QUANTITY = lazy(r"\t[\t ]*(\d{1,6})[\t ]*$")  # "Name<TAB>1" (spreadsheet copy)


_TRAILING_NUMBER = lazy(r"(?:[ \t]*,[ \t]*|[ \t]+)(\d{1,4})$")  # "Name, 1" / "Name 1"


#: A printing before the name: "[HOP] Bant", XMage's "[OHOP:3] Bant".
_LEADING_SET = lazy(r"^\[[A-Za-z0-9]{2,6}(?::[\w*★-]+)?\]\s+")


# Tags exports put after a name; stripped from the right, repeatedly. Each with the
# characters one of which its match must hold: a pattern is compiled (0.2 to 1.3 M
# instructions each) and tried only on a line that holds one ("1 Bant (PCA) 12" compiles
# the set code's alone).
_TRAILING_TAGS: tuple[tuple[str, LazyPattern], ...] = (
    ("*", lazy(r"\s+\*[A-Za-z]{1,6}\*$")),  # Moxfield *F*, *E*, *CMDR*
    ("^", lazy(r"\s+\^[^^]*\^$")),  # Archidekt colour label ^Label,#hex^
    ("#", lazy(r"\s+#\s.*$")),  # an inline comment: "1 Bant  # my favourite"
    ("#", lazy(r"\s+#\S+$")),  # Moxfield / web #Tag
    # (PCA) 12, (2xm): a code in one case; never Scryfall's "(Plane)" / "(Playtest)", which
    # belong to the name, nor a slip of them ("(lPane)")
    (
        "(",
        lazy(
            r"\s+\((?![Pp]lane\)|[Pp]laytest\))(?:[A-Z0-9]{2,6}|[a-z0-9]{2,6})\)"
            r"(?:\s+[A-Za-z0-9][\w-]*\S*)?$"
        ),
    ),
    ("|", lazy(r"\s*\|[^|]*(?:\|[^|]*)*$")),  # Forge-style Name|SET|1 in a text file
    # a price a shop's cart or a price list puts after the card: "$0.35", "- 0,35 €"
    (
        "$€£",
        lazy(
            r"\s+(?:[-–—:@][ \t]*)?"
            r"(?:[$€£][ \t]?\d{1,6}(?:[.,]\d{1,2})?|\d{1,6}[.,]\d{2}[ \t]?[$€£])$"
        ),
    ),
)


_BRACKET = lazy(r"\s*\[([^\[\]]*)\]$")


_SET_TAG = lazy(r"^[A-Za-z0-9]{2,6}(?::[\w*★-]+)?$")


_FINISHES = frozenset({"foil", "etched", "nonfoil", "non-foil", "promo", "prerelease", "textless"})


#: Characters that start an export tag; a line without any has no tags to strip.
_TAG_CHARS = "[(*^#|$€£"


#: How a quantity in brackets ends: "[2x]", "[2×]".
_BRACKET_X = ("x]", "X]", "×]")


def _category(content: str) -> tuple[str, str] | None:
    """An Archidekt category tag ``[Planes{noDeck}]`` / ``[Removal,Draw]`` as
    (category name, role), or None when the bracket is a set or finish tag, or a number
    (``1 Bant [1]``: a quantity said twice, no category)."""
    if content.strip().isdigit():
        return None
    # A set tag is all upper or all lower case ([WHO:193], [opca]); [Ramp] is a category.
    code = content.split(":", 1)[0]
    if _SET_TAG.match(content) and (code.isupper() or code.islower() or code.isdigit()):
        return None
    # "[new!]", "[maybe cut?]", "[from Sam]": a note after the name, no category (those
    # start with a capital and hold no "!" or "?"), unless it names a planar section
    if (content[:1].islower() or "!" in content or "?" in content) and section_role(
        content.strip()
    ) is None:
        return None
    if content.strip().casefold() in _FINISHES:
        return None
    names = [re.sub(r"\{[^}]*\}", "", part).strip() for part in content.split(",")]
    names = [name for name in names if name]
    if not names:
        return None
    for name in names:
        if section_role(name) == "planar":
            return name, "planar"
    return names[0], section_role(names[0]) or "other"


class CardLine:
    """A card line taken apart. ``form`` says where the quantity was: "leading" (``2 Name``,
    ``2x Name``, ``x2 Name``), "dash" (``2 - Name``: a quantity, or the numbering of a list
    read decides), "tab" (``Name<TAB>2``), "suffix" (``Name x2``, ``Name ×2``),
    "comma" (``Name, 2``), "trailing" (``Name 2``), "numbered" (none, in a numbered list:
    ``1. Name``, ``2) Name``), "csv" (``2,Name,SET``: ``whole`` is all after the quantity,
    ``name`` its first field) or "none". For "comma" and "trailing", ``whole`` is the other
    reading: the name with the number kept, quantity 1. (A plain class: a NamedTuple's
    class is made with ``eval`` on every start-up.)"""

    __slots__ = ("category", "form", "name", "printing", "quantity", "typed", "whole")

    def __init__(
        self,
        quantity: int,
        name: str,
        category: tuple[str, str] | None,
        form: str,
        whole: str | None = None,
        printing: tuple[str, str | None] | None = None,
        typed: bool = False,
    ) -> None:
        self.quantity = quantity
        self.name = name
        self.category = category
        self.form = form
        self.whole = whole
        self.printing = printing  # (set code, collector number) if tagged
        #: ``whole`` is the name with a type after it ("Akoum (plane)"): the name is the
        #: card unless the whole is ("Artist Alley (Plane)" is a card's name)
        self.typed = typed

    def _replace(self, **changes: Any) -> CardLine:
        """A copy with some fields changed (as a NamedTuple's ``_replace``)."""
        fields = {name: getattr(self, name) for name in _CARD_LINE_FIELDS}
        fields.update(changes)
        return CardLine(**fields)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CardLine):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in _CARD_LINE_FIELDS)

    def __hash__(self) -> int:
        return hash(tuple(getattr(self, name) for name in _CARD_LINE_FIELDS))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in _CARD_LINE_FIELDS)
        return f"CardLine({shown})"


_CARD_LINE_FIELDS = ("quantity", "name", "category", "form", "whole", "printing", "typed")


#: A set tag an export wrote after the name: "(OHOP) 3", "|HOP|1" (Forge style).
_PAREN_PRINTING = lazy(r"^\s*\(([A-Za-z0-9]{2,6})\)(?:\s+([A-Za-z0-9][\w-]*))?")


_PIPE_PRINTING = lazy(r"^\s*\|([A-Za-z0-9]{2,6})\s*(?:\||$)")


def _printing(tag: str) -> tuple[str, str | None] | None:
    """(set code, collector number) named by a tag removed from a card line, or None:
    ``(OHOP) 3``, ``[OHOP:3]`` (as ``OHOP:3``), ``[opca]``, ``|HOP|1``, ``[HOP]``."""
    tag = tag.strip()
    if tag.startswith("("):
        paren = _PAREN_PRINTING.match(tag)
        return (paren.group(1).upper(), paren.group(2)) if paren else None
    if tag.startswith("|"):
        pipe = _PIPE_PRINTING.match(tag)
        return (pipe.group(1).upper(), None) if pipe else None
    tag = tag.strip("[]").strip()
    if not _SET_TAG.match(tag) or tag.casefold() in _FINISHES:
        return None
    code, _, number = tag.partition(":")
    return code.upper(), (number if number and number != "*" else None)


#: The characters after a list's number ("1.", "2)", "１．", "1️⃣"): a line starting with a
#: digit has one within its first four characters, or is not numbered.
_NUMBER_ENDS = ".)．）、\u20e3"


def may_be_numbered(text: str) -> bool:
    """Whether ``LIST_NUMBER`` may match ``text`` (a cheap test: "1 Akoum", most card lines,
    spares compiling the pattern, about 4 M instructions)."""
    first = text[:1]
    if first.isdigit():
        return any(map(text[1:4].__contains__, _NUMBER_ENDS))
    return first in "#\U0001f51f"


def _without_tags(text: str) -> tuple[str, tuple[str, str] | None, tuple[str, str | None] | None]:
    """``text`` without the tags an export wrote around the name (``[HOP]`` before it;
    ``(PCA) 12``, ``[Planes{noDeck}]``, ``*F*``, ``#Tag``, a price after it), with the
    category and the printing they named."""
    printing = None
    leading_set = _LEADING_SET.match(text) if text.startswith("[") else None  # "1 [HOP] Bant"
    if leading_set and leading_set.end() < len(text):
        printing = _printing(leading_set.group())
        text = text[leading_set.end() :]
    category = None
    # plain "1 Name" lines skip the patterns (map: no Python frame per character)
    changed = any(map(text.__contains__, _TAG_CHARS))
    while changed:
        changed = False
        bracket = _BRACKET.search(text) if text.rstrip().endswith("]") else None
        if bracket and bracket.start() > 0:
            found = _category(bracket.group(1))
            if found and category is None:
                category = found
            elif found is None and printing is None:
                printing = _printing(bracket.group(1))
            text = text[: bracket.start()]
            changed = True
            continue
        for marks, pattern in _TRAILING_TAGS:
            if not any(map(text.__contains__, marks)):
                continue  # (its match holds one of these: the pattern would leave the text)
            stripped = pattern.sub("", text)
            if stripped != text and stripped.strip():
                if printing is None:  # every pattern ends at the end: the tag is the rest
                    printing = _printing(text[len(stripped) :])
                text = stripped
                changed = True
    return text, category, printing


def split_card_line(text: str) -> CardLine | None:
    """The parts of a card line, or None if there is no name left."""
    quantity = 1
    form = "none"
    numbered = LIST_NUMBER.match(text) if may_be_numbered(text) else None
    if numbered:  # "1. Jund": the list's numbering, then the line as usual
        text = text[numbered.end() :]
    elif text[:1] in _MARK_STARTS:
        bullet = BULLET.match(text) or _CHECK_BOX.match(text)  # "☐ Akoum": a check box
        if bullet:
            text = text[bullet.end() :]
    if text[:1] == "[":
        box = _TASK_BOX.match(text)  # "- [x] Akoum": a task list's box
        if box:
            text = text[box.end() :]
        link = _LINK.match(text)  # "* [Akoum](https://...)": a Markdown link
        if link and link.group(1).strip():
            text = link.group(1).strip()
        bracketed = _BRACKET_QUANTITY.match(text)  # "[1] Akoum": the quantity in brackets
        if bracketed:
            text = f"{bracketed.group(1)} {text[bracketed.end() :]}"
    whole = None
    # (a quantity starts with a digit or an "x"; isdigit() holds for every \d and more)
    match = QUANTITY.match(text) if text[:1].isdigit() or text[:1] in "xX×" else None
    if match is None and text[:1].isdigit():
        csv_row = _CSV_QUANTITY.match(text)  # "1,Akoum": a quantity, then a comma
        if csv_row:
            delimiter = text[len(csv_row.group(1)) :].lstrip()[0]
            rest = text[csv_row.end() :].strip()
            first = rest.split(delimiter, 1)[0].strip()
            if first != rest and first:  # "1,Akoum,OHOP": the name is the first field
                return CardLine(int(csv_row.group(1)), first, None, "csv", rest)
            text = f"{csv_row.group(1)} {rest}"
            match = QUANTITY.match(text)
    if match:
        digits, text = (match.group(1), match.group(2)) if match.group(1) else match.group(3, 4)
        # Parse only plausible numbers (a 5000-digit "quantity" must not reach int()).
        quantity = int(digits) if len(digits) <= 5 else MAX_QUANTITY + 1
        form = "leading"
        dash = _DASH_AFTER_NUMBER.match(text) if text[:1] in "-–—" else None
        if dash and not numbered:
            text, form = text[dash.end() :], "dash"
        link = _LINK.match(text) if text[:1] == "[" else None  # "1 [Akoum](https://...)"
        if link and link.group(1).strip():
            text = link.group(1).strip()
    else:
        tab = _TAB_QUANTITY.search(text) if "\t" in text else None
        if tab and text[: tab.start()].strip():
            digits = tab.group(1)
            quantity = int(digits) if len(digits) <= 5 else MAX_QUANTITY + 1
            text, form = text[: tab.start()], "tab"
        else:
            suffix = _SUFFIX_QUANTITY.search(text) if text[-1:].isdigit() else None  # "Naya x1"
            if suffix:
                quantity, text, form = int(suffix.group(1)), text[: suffix.start()], "suffix"
            elif text.endswith(")"):
                paren = _PAREN_QUANTITY.search(text)  # "Akoum (1)"
                if paren and text[: paren.start()].strip():
                    whole = text.strip()
                    quantity, text, form = int(paren.group(1)), text[: paren.start()], "paren"
            elif text.endswith("]") and (text[-2:-1].isdigit() or text[-2:] in _BRACKET_X):
                bracket = _BRACKET_SUFFIX_QUANTITY.search(text)  # "Bant [1]"
                if bracket and text[: bracket.start()].strip():
                    quantity, text = int(bracket.group(1)), text[: bracket.start()]
                    form = "suffix"
            elif (":" in text or text[-1:] in "xX×sSyY") and _may_end_worded(text):
                worded = _WORDED_QUANTITY.search(text)  # "Akoum: 1 copy", "Akoum: 1x"
                if worded and worded.group(1) and text[: worded.start()][-1:].isdigit():
                    worded = None  # "Sam — Yesterday at 21:05": a time, not 5 of "... 21"
                if worded and text[: worded.start()].strip():
                    digits = worded.group(1) or worded.group(2)
                    quantity, text, form = int(digits), text[: worded.start()], "suffix"
    # plain "1 Name" lines skip the patterns (map: no Python frame per character)
    if any(map(text.__contains__, _TAG_CHARS)):  # ("[HOP] Bant" too: "[" is one)
        text, category, printing = _without_tags(text)
    else:
        category = printing = None
    name = text.strip()
    if not name:
        return None
    if name.endswith(")") and form != "paren":
        hint = _TYPE_HINT.search(name) or SET_NAME.search(name)  # "Akoum (plane)"
        if hint and name[: hint.start()].strip():
            form = "numbered" if numbered and form == "none" else form
            return CardLine(
                quantity, name[: hint.start()].strip(), category, form, name, printing, True
            )
    if " " in name and any(map(name.__contains__, "-–—")):
        type_line = _TYPE_LINE.search(name)  # "Akoum — Plane — Zendikar"
        if type_line and name[: type_line.start()].strip():
            form = "numbered" if numbered and form == "none" else form
            return CardLine(
                quantity, name[: type_line.start()].strip(), category, form, name, printing, True
            )
    if form == "none" and name[-1].isdigit():
        trailing = _TRAILING_NUMBER.search(name)
        if trailing and name[: trailing.start()].strip():
            form = "comma" if "," in name[trailing.start() : trailing.start(1)] else "trailing"
            return CardLine(
                int(trailing.group(1)),
                name[: trailing.start()].strip(),
                category,
                form,
                name,
                printing,
            )
    if numbered and form == "none":
        form = "numbered"
    return CardLine(quantity, name, category, form, whole, printing)


def parse_card_line(text: str) -> tuple[int, str, tuple[str, str] | None] | None:
    """(quantity, name, category) of a card line, or None if there is no name left. A
    trailing number is read as the quantity here, and a type in parentheses as part of the
    name (``Artist Alley (Plane)``); ``read`` weighs the other readings."""
    parts = split_card_line(text)
    if parts is None:
        return None
    return (
        parts.quantity,
        (parts.whole or parts.name) if parts.typed else parts.name,
        parts.category,
    )

"""Reading the official Magic: The Gathering Comprehensive Rules text files.

Wizards of the Coast publishes the Comprehensive Rules as a plain-text file. Over the years it
has come in ASCII, cp1252, cp437, UTF-16 (both byte orders, with a BOM) and UTF-8 (with or
without a BOM), with CRLF, LF or bare CR line endings, sometimes mixed in one file. The file
starts with a table of contents that repeats every section heading, then the numbered rules,
then a glossary and the credits.

:func:`parse_comprehensive_rules` turns such a file into a rules edition (the format described
by ``schemas/rules-edition.schema.json``): section 901, the Planechase glossary entries (plane,
phenomenon, planar deck, planar die, planeswalk, Planechase, encounter, the chaos and
Planeswalker symbols), every other rule whose own text speaks of Planechase
(:data:`PLANECHASE_RE`), and the rules they cite, followed two references deep
(:func:`planechase_closure`). Rule text is kept exactly as printed. Anything that is not such a
file is refused with an :class:`~planarcli.errors.InputError`. The bundled editions
(``scripts/build_rules.py``) and ``planarcli rules import`` both read the official files here.
"""

from __future__ import annotations

import datetime
import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from planarcli.errors import InputError
from planarcli.textcodec import bom_encoding, bomless_utf16

EDITION_FORMAT = "planarcli-rules-edition"
EDITION_SCHEMA_VERSION = 1
FIRST_PLANECHASE_EDITION = "2009-09-04"

MONTHS = {
    name: number
    for number, name in enumerate(
        [
            "january",
            "february",
            "march",
            "april",
            "may",
            "june",
            "july",
            "august",
            "september",
            "october",
            "november",
            "december",
        ],
        start=1,
    )
}

_EFFECTIVE_RE = re.compile(
    r"These rules are effective as of\s+([A-Za-z]+)\s+(\d{1,2}),\s*(\d{4})", re.IGNORECASE
)
#: "901.3a A planar die ...", "901.1. In the ...", "901.4.All plane ..." (the 2022-2025 typo).
_RULE_RE = re.compile(r"^(\d{3}\.\d+[a-z]?)(?:\.(?=\S)|\.?\s+)(\S.*)$")
#: "901. Planechase"
_SECTION_RE = re.compile(r"^(\d{3})\.\s+(\S.*)$")
#: "9. Casual Variants"
_CHAPTER_RE = re.compile(r"^\d\.\s+\S.*$")

#: Characters that turn up in real Comprehensive Rules files (used to tell cp1252 from cp437).
_PLAUSIBLE_SYMBOLS = set("’‘“”–—−…•·™®©°±×∞")

# Glossary selection: entries about planes, phenomena, the planar die and planeswalking, but
# not the ones about planeswalker cards ("planeswalker" alone never qualifies an entry).
_GLOSSARY_RE = re.compile(
    r"\bplanes?\b|\bplanar\b|\bplanechase\b|\bphenomen(?:on|a)\b|\bchaos\b"
    r"|\bplaneswalk(?:s|ed|ing)?\b|\bplaneswalker symbol\b|\bsupplementary decks?\b",
    re.IGNORECASE,
)
#: A rule whose own text speaks of Planechase: planes (not "planeswalker", not "airplane"),
#: phenomena, the planar deck, die or controller, Planechase / Planar Magic, planeswalking
#: (the action, not the card type) and supplementary decks. Such rules are roots of the
#: closure wherever they are. Checked against every official edition (tests/rulebook/test_crtext.py
#: and tests/planechase_coverage.py list what it catches).
PLANECHASE_RE = re.compile(
    r"\bplanes?\b|\bphenomen(?:on|a)\b|\bplanar (?:decks?|dice|die|controllers?)\b"
    r"|\bplanechase\b|\bplanar _?magic(?:_|\b)|\bplaneswalk(?:s|ed|ing)?\b"
    r"|\bsupplementary decks?\b",
    re.IGNORECASE,
)


@dataclass
class _Rule:
    rule_id: str
    text: str
    line: int
    continuation: list[str] = field(default_factory=list)

    def full_text(self) -> str:
        return "\n".join([self.text, *self.continuation])


@dataclass
class _Glossary:
    term: str
    lines: list[str]


@dataclass
class _Document:
    effective: str
    rules: list[_Rule]
    sections: dict[str, str]  # section number -> heading title, body only
    glossary: list[_Glossary]
    notes: list[str]
    #: whether the glossary ends where every official file's does, at the Credits heading
    glossary_ended: bool = True


# --------------------------------------------------------------------------- decoding


def _plausibility(text: str) -> int:
    """A score for how much the non-ASCII characters of ``text`` look like rules text.

    Typographic punctuation and accented letters inside words score a point; anything else
    (box drawing, currency signs, no-break spaces, a capital letter in the middle of a word,
    a lone letter between spaces or punctuation) costs two.
    """
    score = 0
    for index, char in enumerate(text):
        if ord(char) < 128:
            continue
        before = text[index - 1] if index else " "
        after = text[index + 1] if index + 1 < len(text) else " "
        if char in _PLAUSIBLE_SYMBOLS:
            score += 1
        elif char.isalpha() and "\u00c0" <= char <= "\u024f":
            mid_word_capital = char.isupper() and before.islower()
            lone = not before.isalpha() and not after.isalpha()
            score += -2 if (mid_word_capital or lone) else 1
        else:
            score -= 2
    return score


_MARKED_NAMES = {"utf-8": "utf-8-sig", "utf-16-le": "utf-16", "utf-16-be": "utf-16"}


def decode_rules_text(data: bytes) -> tuple[str, str]:
    """The text of a rules file and the name of the encoding it was read with.

    BOMs decide UTF-8 and UTF-16; otherwise strict UTF-8 is tried (plain ASCII passes it),
    then cp1252 and cp437 compete on :func:`_plausibility`.
    """
    marked = bom_encoding(data)
    if marked is not None:
        encoding, skip = marked
        named = _MARKED_NAMES.get(encoding, encoding)  # as Python names them with the mark
        try:
            return data[skip:].decode(encoding), named
        except UnicodeDecodeError as error:
            raise InputError(
                f"the file starts with a {named} byte-order mark but is not valid "
                f"{named} (byte {error.start + skip})"
            ) from None
    guess = bomless_utf16(data)
    if guess is not None:
        try:
            return data.decode(guess), guess
        except UnicodeDecodeError:
            pass
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    else:
        return text, "ascii" if text.isascii() else "utf-8"
    as_1252 = data.decode("cp1252", errors="replace")
    as_437 = data.decode("cp437")
    if _plausibility(as_1252) >= _plausibility(as_437) and "\ufffd" not in as_1252:
        return as_1252, "cp1252"
    return as_437, "cp437"


def split_lines(text: str) -> list[str]:
    """Lines of ``text`` for CRLF, LF and bare CR endings (mixed too), right-stripped."""
    return [line.rstrip() for line in re.split(r"\r\n|\r|\n", text)]


# --------------------------------------------------------------------------- structure


def effective_date(text: str) -> str:
    """``2024-07-30`` from "These rules are effective as of July 30, 2024."."""
    match = _EFFECTIVE_RE.search(text)
    if match is None:
        raise InputError(
            'no "These rules are effective as of <Month day, year>." sentence: this does not '
            "look like an official Comprehensive Rules text file",
            hint="download the .txt version of the Comprehensive Rules from "
            "https://magic.wizards.com/en/rules",
        )
    month_name, day, year = match.groups()
    month = MONTHS.get(month_name.lower())
    try:
        if month is None:
            raise ValueError(month_name)
        return datetime.date(int(year), month, int(day)).isoformat()
    except ValueError:
        raise InputError(f'unreadable effective date "{match.group(0)}"') from None


def _body_start(lines: list[str]) -> int:
    """Index of the first line of the rules proper (after the table of contents)."""
    first_rule = next((i for i, line in enumerate(lines) if _RULE_RE.match(line)), None)
    if first_rule is None:
        raise InputError(
            'no numbered rules (such as "100.1. ...") found: this is not a Comprehensive '
            "Rules text file"
        )
    start = first_rule
    while start > 0:
        previous = lines[start - 1]
        if previous and not _SECTION_RE.match(previous) and not _CHAPTER_RE.match(previous):
            break
        start -= 1
    # The contents list every heading too; the body's own copy of the first headings is the
    # run of headings just before the first rule, so stepping back over it is enough.
    return start


def _read_document(text: str) -> _Document:
    lines = split_lines(text)
    effective = effective_date(text)
    start = _body_start(lines)
    rules: list[_Rule] = []
    sections: dict[str, str] = {}
    notes: list[str] = []
    glossary_at: int | None = None
    current: _Rule | None = None
    for index in range(start, len(lines)):
        line = lines[index]
        if not line:
            continue
        if line.strip() == "Glossary":
            glossary_at = index
            break
        rule_match = _RULE_RE.match(line)
        if rule_match is None and line[:1].isspace() and not lines[index - 1]:
            # A rule that opens a paragraph with a stray space (" 509.1c The defending
            # player ..." in the 2009 files) is a rule, not more of the rule before it.
            rule_match = _RULE_RE.match(line.lstrip())
            line = line.lstrip()
        if rule_match:
            rule_id, rule_text = rule_match.groups()
            after_number = line[len(rule_id) : len(rule_id) + 2]
            if after_number[:1] == "." and not after_number[1:].isspace():
                notes.append(
                    f'The file prints "{line[: len(rule_id) + 4]}" (no space after the rule '
                    f"number, line {index + 1}); read as rule {rule_id}."
                )
            current = _Rule(rule_id, rule_text, index + 1)
            rules.append(current)
            continue
        section_match = _SECTION_RE.match(line)
        if section_match:
            number, title = section_match.groups()
            sections.setdefault(number, title)
            current = _Rule(number, title, index + 1)
            rules.append(current)
            continue
        if _CHAPTER_RE.match(line):
            current = None
            continue
        if current is not None:
            current.continuation.append(line.strip())
    glossary, ended = _read_glossary(lines, glossary_at) if glossary_at is not None else ([], True)
    return _Document(effective, rules, sections, glossary, notes, ended)


def _read_glossary(lines: list[str], glossary_at: int) -> tuple[list[_Glossary], bool]:
    """The glossary entries, and whether the Credits heading that follows the glossary in
    every official file was reached (a file cut inside the glossary does not reach it)."""
    entries: list[_Glossary] = []
    ended = False
    block: list[str] = []

    def flush() -> None:
        if block:
            entries.append(_Glossary(block[0].strip(), [b.strip() for b in block[1:]]))
            block.clear()

    for line in lines[glossary_at + 1 :]:
        if line.strip() == "Credits":
            ended = True
            break
        if not line.strip():
            flush()
            continue
        block.append(line)
    flush()
    return entries, ended


# --------------------------------------------------------------------------- selection


def _section_of(rule_id: str) -> str:
    return rule_id.split(".", 1)[0]


def _parent_of(rule_id: str) -> str:
    return rule_id.rstrip("abcdefghijklmnopqrstuvwxyz")


#: How many references deep the closure goes. Depth 1: the rules that section 901 and the
#: Planechase glossary cite, whole sections included (311 "Planes", 806 "Free-for-All
#: Variant"). Depth 2: the single rules those cite (603.6, 704.5k, 205.3n), but not the whole
#: sections they point to (704 "State-Based Actions", 508 "Declare Attackers Step"): those are
#: general Magic rules, not Planechase. Following every reference to a fixed point would take
#: in about 70% of the Comprehensive Rules (2,300 of the 3,260 rules of 2026).
CLOSURE_DEPTH = 2

#: Chapter 8 headings that name a multiplayer variant or option ("Grand Melee Variant").
_MULTIPLAYER_TITLE_RE = re.compile(r"^(.*\S)\s+(?:Variant|Option)$")


class _Families:
    """Which rules a cited id stands for, the way ``rules show`` shows it: a section ("806")
    is the whole section, a rule ("701.31") the rule and its lettered subrules, a subrule
    ("116.2i") itself."""

    def __init__(self, rule_ids: list[str]) -> None:
        self.position = {rule_id: index for index, rule_id in enumerate(rule_ids)}
        self.by_section: dict[str, list[str]] = {}
        self.by_parent: dict[str, list[str]] = {}
        for rule_id in rule_ids:
            self.by_section.setdefault(_section_of(rule_id), []).append(rule_id)
            self.by_parent.setdefault(_parent_of(rule_id), []).append(rule_id)

    def members(self, target: str) -> list[str]:
        if "." not in target:
            return self.by_section.get(target, [])
        if target[-1].isalpha():
            return [target] if target in self.position else []
        return self.by_parent.get(target, [])


def _named_multiplayer_sections(document: _Document, text_901: str) -> list[str]:
    """Chapter 8 sections (variants and options) that section 901 names by title, such as
    "Grand Melee" (807 today, 808 in 2009) and "Two-Headed Giant" (810, 806 in 2009)."""
    wanted = text_901.lower()
    named = []
    for number, title in document.sections.items():
        match = _MULTIPLAYER_TITLE_RE.match(title.strip())
        if number.startswith("8") and match and match.group(1).lower() in wanted:
            named.append(number)
    return named


def planechase_closure(
    document: _Document, glossary: list[dict[str, str]]
) -> tuple[set[str], dict[str, Any]]:
    """The rule ids an edition keeps, and the ``closure`` record that says why.

    The roots are section 901, the Planechase ``glossary`` entries and every other rule whose
    own text speaks of Planechase (:data:`PLANECHASE_RE`; ``closure["speaking"]``). Depth 1
    is every rule 901 and the glossary cite by number (see
    :func:`planarcli.rulebook.ruleids.find_references`, the same reader ``rules show`` uses),
    the multiplayer variants and options 901 names by title, and the single rules (not whole
    sections: "see rule 704", "rules 902-904" are general rules or other variants) the
    speaking rules cite; depth 2 is every single rule (not whole section) those cite. A
    cited id brings what ``rules show`` of it shows (:class:`_Families`). References from
    depth-2 rules are not followed. ``closure`` records the cited ids of each depth, in
    document order.
    """
    from planarcli.rulebook.ruleids import find_references

    texts = {rule.rule_id: rule.full_text() for rule in document.rules}
    families = _Families([rule.rule_id for rule in document.rules])
    keep = set(families.members("901"))
    text_901 = "\n".join(texts[rule_id] for rule_id in families.members("901"))
    speaking = [
        rule.rule_id
        for rule in document.rules
        if _section_of(rule.rule_id) != "901" and PLANECHASE_RE.search(texts[rule.rule_id])
    ]
    sources = [text_901, *(entry["text"] for entry in glossary)]
    named = _named_multiplayer_sections(document, text_901)
    levels: list[list[str]] = []

    def target_first(target: str) -> str:
        return families.members(target)[0]

    def take(targets: list[str], cited: dict[str, None], added: dict[str, None]) -> None:
        for target in targets:
            members = [rule_id for rule_id in families.members(target) if rule_id not in keep]
            if members:
                cited.setdefault(target, None)
                added.update(dict.fromkeys(members))

    for depth in range(CLOSURE_DEPTH):
        targets = [target for text in sources for target in find_references(text)]
        if depth == 0:
            targets += named
        else:  # one step further: single rules, not whole sections ("see rule 704")
            targets = [target for target in targets if "." in target]
        cited: dict[str, None] = {}
        added: dict[str, None] = {}
        take(targets, cited, added)
        if depth == 0:
            # the rules outside 901 that speak of Planechase are roots too; they cite general
            # rules or other variants by section ("see rule 704", "rules 902-904"): only
            # their single rules are followed
            keep.update(added)
            keep.update(speaking)
            singles = [
                target
                for rule_id in speaking
                for target in find_references(texts[rule_id])
                if "." in target
            ]
            take(singles, cited, added)
        keep.update(added)
        levels.append(sorted(cited, key=lambda target: families.position[target_first(target)]))
        sources = [texts[rule_id] for rule_id in added]
    closure = {
        "depth": CLOSURE_DEPTH,
        "roots": ["901"],
        "speaking": speaking,
        "named": named,
        "cited": levels,
    }
    return keep, closure


def _planar_glossary(entries: Iterable[_Glossary]) -> list[dict[str, str]]:
    out = []
    for entry in entries:
        text = "\n".join(entry.lines)
        if _GLOSSARY_RE.search(entry.term) or _GLOSSARY_RE.search(text):
            out.append({"term": entry.term, "text": text})
    return out


# --------------------------------------------------------------------------- the edition


def _human_date(iso: str) -> str:
    year, month, day = (int(part) for part in iso.split("-"))
    names = {number: name.capitalize() for name, number in MONTHS.items()}
    return f"{names[month]} {day}, {year}"


def parse_comprehensive_rules(
    data: bytes,
    *,
    source_name: str = "<data>",
    url: str | None = None,
    retrieved: str | None = None,
) -> dict[str, Any]:
    """The rules edition (see ``schemas/rules-edition.schema.json``) in an official CR file.

    ``source_name`` names the file in messages and in ``source.notes``; ``url`` and
    ``retrieved`` (an ISO 8601 time) are recorded in ``source``. Raises :class:`InputError`
    for anything that is not a Comprehensive Rules text file, and for editions without
    section 901.
    """
    if not data.strip():
        raise InputError("the file is empty, not a Comprehensive Rules text file", path=source_name)
    try:
        text, encoding = decode_rules_text(data)
        _refuse_non_text(text)
        document = _read_document(text)
    except InputError as error:
        raise InputError(error.reason, path=source_name, hint=error.hint) from None
    if "901" not in document.sections:
        if document.effective < FIRST_PLANECHASE_EDITION:
            raise InputError(
                f"the {document.effective} edition has no section 901 (Planechase); it predates "
                f"the Planechase rules (first in the {FIRST_PLANECHASE_EDITION} edition)",
                path=source_name,
            )
        raise InputError(
            f"the {document.effective} edition has no section 901 (Planechase), which every "
            f"edition since {FIRST_PLANECHASE_EDITION} has: the file looks incomplete",
            path=source_name,
            hint="download the complete .txt file again",
        )
    _refuse_incomplete(document, source_name)
    glossary = _planar_glossary(document.glossary)
    keep, closure = planechase_closure(document, glossary)
    rules = [
        {"id": rule.rule_id, "text": rule.full_text()}
        for rule in document.rules
        if rule.rule_id in keep
    ]
    notes = [
        f"Read by planarcli from {source_name} (encoding {encoding}): section 901, the "
        "Planechase glossary entries, every other rule that speaks of Planechase, and the "
        "rules they cite, two references deep (see closure); text as printed.",
        *document.notes,
    ]
    return {
        "format": EDITION_FORMAT,
        "schema_version": EDITION_SCHEMA_VERSION,
        "id": document.effective,
        "title": document.sections["901"],
        "lang": "en",
        "kind": "comprehensive-rules",
        "effective": document.effective,
        "translation_of": None,
        "source": {
            "document": "Magic: The Gathering Comprehensive Rules, effective "
            f"{_human_date(document.effective)} (official text file)",
            "seed": None,
            "url": url,
            "retrieved": retrieved,
            "sha256": hashlib.sha256(data).hexdigest(),
            "notes": " ".join(notes),
            "repairs": [],
        },
        "closure": closure,
        "rules": rules,
        "glossary": glossary,
    }


def official_rule_texts(data: bytes) -> tuple[str, dict[str, str]]:
    """(the effective date, the text of every rule and section heading by id) of a whole
    official file, not only the Planechase part an edition keeps: what
    ``scripts/build_comparisons.py`` checks the pairing of the bundled editions against."""
    text, _ = decode_rules_text(data)
    document = _read_document(text)
    return document.effective, {rule.rule_id: rule.full_text() for rule in document.rules}


#: the last part of section 901 in every edition since 2009-09-04 (901.15, or 901.14 from
#: 2009-10-01 until 2012-06-01)
LAST_PART_OF_901 = "single planar deck option"


def _refuse_incomplete(document: _Document, source_name: str) -> None:
    """Refuse a file that is evidently cut short: section 901 without its last part (the
    Single Planar Deck Option rules), no glossary, or a glossary cut before the Credits
    (the Planechase entries, and the rules they cite, could be missing). Such a file would
    otherwise import as an edition with rules missing, and replace a complete one."""
    section = [rule for rule in document.rules if rule.rule_id.startswith("901.")]
    heading = next(
        (
            rule.rule_id
            for rule in section
            if rule.full_text().strip().rstrip(".").lower() == LAST_PART_OF_901
        ),
        None,
    )
    has_rules = heading is not None and any(
        _parent_of(rule.rule_id) == heading and rule.rule_id != heading for rule in section
    )
    hint = "the file looks cut short: download the complete .txt file again"
    if not has_rules:
        last = section[-1].rule_id if section else "901"
        raise InputError(
            f"section 901 (Planechase) of the {document.effective} edition stops at {last}, "
            "before its last part (the Single Planar Deck Option rules): the file is incomplete",
            path=source_name,
            hint=hint,
        )
    if not document.glossary:
        raise InputError(
            f"the {document.effective} edition has no glossary after its rules: the file is "
            "incomplete",
            path=source_name,
            hint=hint,
        )
    if not document.glossary_ended:
        raise InputError(
            f"the glossary of the {document.effective} edition stops at "
            f"{document.glossary[-1].term!r}, before the Credits that end every official "
            "file: the file is incomplete",
            path=source_name,
            hint=hint,
        )


def _refuse_non_text(text: str) -> None:
    head = text[:2000].lstrip("\ufeff \t\r\n").lower()
    if head.startswith("%pdf-"):
        raise InputError(
            "this is a PDF, not the Comprehensive Rules text file",
            hint="import the .txt version of the Comprehensive Rules",
        )
    if head.startswith(("<!doctype html", "<html", "<?xml", "<head", "<body")) or (
        "<html" in head and "</" in head
    ):
        raise InputError(
            "this is an HTML page, not the Comprehensive Rules text file",
            hint="use the link to the .txt file (MagicCompRules ... .txt), not the rules web page",
        )
    sample = text[:20000]
    controls = sum(1 for char in sample if ord(char) < 32 and char not in "\t\r\n\f")
    if "\x00" in sample or controls > len(sample) // 100:
        raise InputError("this is a binary file, not the Comprehensive Rules text file")


# --------------------------------------------------------------------------- writing


def dump_edition(edition: dict[str, Any]) -> str:
    """The JSON text of an edition as planarcli writes it, bundled or imported: compact, one
    line per rule and per glossary entry (small and quick to load, readable in a diff), the
    header keys first so that :mod:`planarcli.rulebook.catalogue` can sniff them cheaply."""
    import json

    def compact(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))

    items = list(edition.items())
    lines = ["{"]
    for index, (key, value) in enumerate(items):
        comma = "," if index < len(items) - 1 else ""
        if key in ("rules", "glossary") and isinstance(value, list) and value:
            body = ",\n".join(compact(item) for item in value)
            lines.append(f"{compact(key)}:[\n{body}\n]{comma}")
        else:
            lines.append(f"{compact(key)}:{compact(value)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"

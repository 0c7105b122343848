#!/usr/bin/env python3
"""Build the bundled Planechase rules corpus (rules/*.json and rules/manifest.json).

    python scripts/build_rules.py [--cr CR_DIR] [--seeds SEEDS_DIR] [--out RULES_DIR] [--check]

Every official Comprehensive Rules text file in CR_DIR (default ../shared/data/cr beside the
checkout) becomes one edition, read by the same reader as ``planarcli rules import``
(:func:`planarcli.rulebook.crtext.parse_comprehensive_rules`): section 901, the Planechase
glossary entries, every other rule whose own text speaks of Planechase, and the rules they
cite, two references deep. What has no official file comes
from the seeds in SEEDS_DIR (default ../shared/seeds): the 2024-09-20 edition (rule 901 and three
glossary entries quoted by the MTG Wiki), the French 2010-07-16 text, the Danish guide, the
Blind Eternities Map and the Tactical Multiplayer article. The official card rulings of
../shared/data/planar-rulings.tsv (``--rulings``) become the document ``rulings``, one entry
per ruling with its card, date and source, followed by each card's Oracle text, with its type
line and source, from ../shared/data/planar-oracle.tsv (``--oracle``). Seed text is kept
verbatim; only extraction damage is repaired, and every repair is written into the edition's
``source.repairs``. Each repair below must match the seed exactly once, so a changed seed stops
the build instead of producing silently different text.

The seeds that quote editions which do have an official file are cross-checks: the build stops
unless Gatherer's 2009-10-01 rule 901 (seed 002) differs from the official 2009-10-01 file only
in the documented ways, and unless the wiki's 2024-09-20 rule 901 (seed 000) is that of the
official 2024-11-08 file and, with the documented 701.24 -> 701.31 change, that of 2026-01-16.

``--check`` builds in memory and exits 1 if the files under RULES_DIR differ from the build.
The output is deterministic: running the script twice gives the same bytes.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout without installing planarcli

from planarcli.errors import InputError  # noqa: E402
from planarcli.rulebook.corpus import CARD_PREFIX  # noqa: E402
from planarcli.rulebook.crtext import dump_edition, parse_comprehensive_rules  # noqa: E402
from planarcli.rulebook.ruleids import RULING_PREFIX, ruling_slug  # noqa: E402

DEFAULT_SEEDS = ROOT.parent / "shared" / "seeds"
DEFAULT_CR = ROOT.parent / "shared" / "data" / "cr"
DEFAULT_OUT = ROOT / "rules"
DEFAULT_RULINGS = ROOT.parent / "shared" / "data" / "planar-rulings.tsv"
#: the cards' type lines and Oracle texts, beside the rulings (``--oracle``)
DEFAULT_ORACLE = ROOT.parent / "shared" / "data" / "planar-oracle.tsv"
OFFICIAL_FILES = "MagicCompRules-*.txt"

SEED_WIKI = "000_14718604594cdac6.txt"
SEED_DANISH = "001_b8b735f66a987714.txt"
SEED_GATHERER = "002_f23beebf50aace41.txt"
SEED_FRENCH = "003_843c32992fec0165.txt"
SEED_TACTICAL = "004_1b36e2f4899c319c.txt"

#: The edition the documented 2024-09-20 -> 2026-01-16 changes lead to (a cross-check).
CHANGES_UNTIL = "2026-01-16"
WIKI_URL = "https://mtg.fandom.com/wiki/Planechase"
NOT_RECORDED = "not recorded in the seed"

Rule = dict[str, str]


class SeedError(Exception):
    """A seed or an official file does not look the way this script expects."""


def read_seed(seeds: Path, name: str) -> str:
    path = seeds / name
    try:
        return path.read_text(encoding="utf-8")
    except OSError as error:
        raise SeedError(f"{path}: cannot read seed ({error.strerror})") from None


def replace_once(text: str, old: str, new: str, where: str) -> str:
    count = text.count(old)
    if count != 1:
        raise SeedError(f"{where}: expected {old!r} exactly once, found it {count} times")
    return text.replace(old, new)


def edition(
    *,
    edition_id: str,
    title: str,
    lang: str,
    kind: str,
    effective: str | None,
    translation_of: str | None,
    source: dict[str, Any],
    rules: list[Rule],
    glossary: list[dict[str, str]],
) -> dict[str, Any]:
    ids = [rule["id"] for rule in rules]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise SeedError(f"{edition_id}: duplicate rule ids {duplicates}")
    return {
        "format": "planarcli-rules-edition",
        "schema_version": 1,
        "id": edition_id,
        "title": title,
        "lang": lang,
        "kind": kind,
        "effective": effective,
        "translation_of": translation_of,
        "source": source,
        "rules": rules,
        "glossary": glossary,
    }


# --------------------------------------------------------------------------- 2024-09-20 (wiki)

_WIKI_RULE = re.compile(r"^(?:- )?(901(?:\.\d+[a-z]?)?)(?:\.(?=\S)|\.?\s+)(\S.*)$")
WIKI_GLOSSARY_TERMS = ("Chaos Ability", "Chaos Symbol", "Planeswalker Symbol")


def wiki_rules(text: str) -> tuple[list[Rule], list[str]]:
    """Rule 901 as quoted by the MTG Wiki page, with the duplicated 901.3a dropped."""
    rules: list[Rule] = []
    repairs: list[str] = []
    for line in text.splitlines():
        match = _WIKI_RULE.match(line)
        if not match:
            continue
        rule_id, body = match.groups()
        if rules and rules[-1]["id"] == "901.4" and rule_id == "901.3a":
            if body != next(r["text"] for r in rules if r["id"] == "901.3a"):
                raise SeedError("the repeated 901.3a differs from the first one")
            repairs.append(
                "Dropped the second copy of 901.3a that the wiki page prints right after 901.4 "
                "(an artefact of the wiki's parser tripping over the official file's "
                '"901.4.All" typo; the official 2024-07-30 and 2024-11-08 files have it once).'
            )
            continue
        rules.append({"id": rule_id, "text": body})
    if not rules or rules[0] != {"id": "901", "text": "Planechase"}:
        raise SeedError("seed 000: rule 901 heading not found")
    repairs.insert(0, 'Removed the "- " list markers the wiki puts before each rule.')
    return rules, repairs


def wiki_glossary(text: str) -> list[dict[str, str]]:
    """The Comprehensive Rules glossary entries the wiki quotes (term line, then text line)."""
    lines = text.splitlines()
    found: dict[str, str] = {}
    for index, line in enumerate(lines[:-1]):
        if line.startswith("- ") and line[2:] in WIKI_GLOSSARY_TERMS:
            following = lines[index + 1]
            if not following.startswith("- "):
                raise SeedError(f"seed 000: no text after glossary term {line!r}")
            found[line[2:]] = following[2:]
    missing = [term for term in WIKI_GLOSSARY_TERMS if term not in found]
    if missing:
        raise SeedError(f"seed 000: glossary entries missing: {missing}")
    return [{"term": term, "text": found[term]} for term in WIKI_GLOSSARY_TERMS]


def build_2024(seeds: Path) -> dict[str, Any]:
    text = read_seed(seeds, SEED_WIKI)
    rules, repairs = wiki_rules(text)
    return edition(
        edition_id="2024-09-20",
        title="Planechase",
        lang="en",
        kind="comprehensive-rules",
        effective="2024-09-20",
        translation_of=None,
        source={
            "document": "Magic: The Gathering Comprehensive Rules, effective September 20, 2024 "
            "(Duskmourn: House of Horror): rule 901 and three glossary entries, as quoted on "
            'the MTG Wiki page "Planechase"',
            "seed": SEED_WIKI,
            "url": WIKI_URL,
            "retrieved": NOT_RECORDED,
            "notes": (
                'The official file prints rule 901.4 as "901.4.All plane and phenomenon cards '
                'remain ..." (no space after the number, a typo present from 2022-10-07 to '
                '2025-02-07); it is stored as rule 901.4 with the text starting "All plane". '
                '901.14a\'s "of the game of the game" is verbatim in the official rules. '
                "Rule 901 here is identical, line for line, to 901 of the official 2024-11-08 "
                "file (checked when the corpus is built) and, per the rules history, "
                "of 2024-07-30: the editions on either side of this one. Glossary: only the "
                "three entries the wiki quotes from the Comprehensive Rules glossary (Chaos "
                "Ability, Chaos Symbol, Planeswalker Symbol), in the glossary's alphabetical "
                'order. The wiki\'s "Planeswalk: The act of moving from one plane to another." '
                'is the wiki\'s own prose under its "Planeswalk" heading, printed before the '
                "glossary attribution, and not the Comprehensive Rules glossary entry (which "
                'reads "To put each face-up plane card or phenomenon card on the bottom ..."), '
                "so it is left out. No official file of this edition is known to exist; the "
                "rules 901 cites (311, 312, 701.24, 107.11-12, 116.2i, 704.6f, 103.7, 706.7) are "
                "not in the seed, and `planarcli rules show` follows them into the official "
                "2024-11-08 edition, bundled too, whose Planechase rules are the same."
            ),
            "repairs": repairs,
        },
        rules=rules,
        glossary=wiki_glossary(text),
    )


# --------------------------------------------------------------------------- cross-checks

#: The documented changes to rule 901 between 2024-09-20 and 2026-01-16 (the planeswalk
#: keyword action moved from 701.24 to 701.31 on 2025-06-06).
CURRENT_CHANGES = (
    ("901.8", "(See rule 701.24, “Planeswalk.”)", "(See rule 701.31, “Planeswalk.”)"),
    ("901.11", "See rule 701.24.", "See rule 701.31."),
)

_GATHERER_RULE = re.compile(r"^• (901\.\d+[a-z]?) - (.*?) \[CompRules 2009/10/01\]$")


def gatherer_rules(seeds: Path) -> dict[str, str]:
    """Rule 901 of 2009-10-01 as Gatherer lists it (seed 002): rule id -> text."""
    rules: dict[str, str] = {}
    for line in read_seed(seeds, SEED_GATHERER).splitlines():
        if not line.strip() or line.startswith("General Rulings"):
            continue
        match = _GATHERER_RULE.match(line)
        if not match:
            raise SeedError(f"seed 002: unexpected line {line[:60]!r}")
        rules[match.group(1)] = match.group(2)
    if list(rules)[-1:] != ["901.14c"] or len(rules) != 31:
        raise SeedError(f"seed 002: expected 901.1 to 901.14c (31 rules), got {len(rules)}")
    return rules


def gatherer_style(text: str) -> str:
    """Official text as Gatherer renders it: "See Rule", no underscores for italics."""
    return re.sub(r"\b([Ss]ee) rule\b", r"\1 Rule", text).replace("_Magic_", "Magic")


def _rules_901(item: dict[str, Any]) -> list[Rule]:
    return [rule for rule in item["rules"] if rule["id"].split(".")[0] == "901"]


def cross_check(
    seeds: Path, official: dict[str, dict[str, Any]], seed_2024: dict[str, Any]
) -> None:
    """Stop the build when a seed and an official file disagree beyond what is documented."""
    if "2009-10-01" in official:
        parsed = {rule["id"]: rule["text"] for rule in _rules_901(official["2009-10-01"])}
        gatherer = gatherer_rules(seeds)
        if list(parsed) != ["901", *gatherer]:
            raise SeedError("seed 002 and the official 2009-10-01 file list different rules")
        for rule_id, text in gatherer.items():
            if gatherer_style(parsed[rule_id]) != text:
                raise SeedError(f"seed 002: {rule_id} differs from the official 2009-10-01 file")
    if "2024-11-08" in official and _rules_901(official["2024-11-08"]) != seed_2024["rules"]:
        raise SeedError("seed 000: rule 901 differs from that of the official 2024-11-08 file")
    if CHANGES_UNTIL in official:
        derived = [dict(rule) for rule in seed_2024["rules"]]
        by_id = {rule["id"]: rule for rule in derived}
        for rule_id, old, new in CURRENT_CHANGES:
            by_id[rule_id]["text"] = replace_once(by_id[rule_id]["text"], old, new, rule_id)
        if _rules_901(official[CHANGES_UNTIL]) != derived:
            raise SeedError(
                "seed 000 plus the documented changes is not rule 901 of the official "
                f"{CHANGES_UNTIL} file"
            )


# --------------------------------------------------------------------------- official files


def build_official(cr_dir: Path) -> dict[str, dict[str, Any]]:
    """Every official Comprehensive Rules file in ``cr_dir`` as an edition, by id (date)."""
    paths = sorted(cr_dir.glob(OFFICIAL_FILES))
    if not paths:
        raise SeedError(f"{cr_dir}: no official rules files ({OFFICIAL_FILES})")
    editions: dict[str, dict[str, Any]] = {}
    for path in paths:
        try:
            item = parse_comprehensive_rules(path.read_bytes(), source_name=path.name)
        except (OSError, InputError) as error:
            raise SeedError(f"{path}: {error}") from None
        if item["id"] in editions:
            raise SeedError(f"{path}: a second file for the {item['id']} edition")
        editions[item["id"]] = item
    return editions


# --------------------------------------------------------------------------- 2010-07-16-fr (PDF)

_FRENCH_NUMBER = re.compile(r"^(901\.\d+[a-z]?)\.?$")

#: (rule, text after unwrapping, repaired text, what was repaired)
FRENCH_REPAIRS = (
    (
        "901.3a",
        "le symbole du chaos . Les autres",
        "le symbole du chaos {C}. Les autres",
        '901.3a: restored the chaos symbol {C} lost in the PDF extraction ("le symbole du '
        'chaos" was followed by a line break and a bare ".").',
    ),
    (
        "901.8",
        "ce tourci.",
        "ce tour-ci.",
        '901.8: "tourci" -> "tour-ci" (the hyphen at a line break in the PDF was dropped '
        'with the break; 901.11d spells it "tour-ci").',
    ),
    (
        "901.8b",
        "le symbole du chaos , toute capacité du plan commençant par « Quand vous obtenez » "
        "se déclenche",
        "le symbole du chaos {C}, toute capacité du plan commençant par « Quand vous obtenez "
        "{C} » se déclenche",
        '901.8b: restored the two chaos symbols {C} lost in the PDF extraction (after "le '
        'symbole du chaos" and inside « Quand vous obtenez {C} »), which had left the text '
        "broken over separate lines.",
    ),
    (
        "901.9",
        "(Cf. règle 800.4a .)",
        "(Cf. règle 800.4a.)",
        '901.9: "(Cf. règle\\n800.4a\\n.)" -> "(Cf. règle 800.4a.)" (the extraction put the '
        "rule number and the full stop on lines of their own).",
    ),
)


def build_french(seeds: Path) -> dict[str, Any]:
    text = read_seed(seeds, SEED_FRENCH)
    rules: list[Rule] = [{"id": "901", "text": "Magic Planaire"}]
    pieces: dict[str, list[str]] = {}
    current: str | None = None
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped:
            continue
        match = _FRENCH_NUMBER.match(stripped)
        if match:
            current = match.group(1)
            pieces[current] = []
            rules.append({"id": current, "text": ""})
            continue
        if current is None:
            raise SeedError(f"seed 003: text before the first rule number: {stripped[:60]!r}")
        pieces[current].append(stripped)
    for rule in rules[1:]:
        rule["text"] = " ".join(pieces[rule["id"]])
    by_id = {rule["id"]: rule for rule in rules}
    repairs = [
        "Unwrapped the PDF's hard-wrapped lines into one text per rule (lines joined with a "
        "single space; the rule number, printed on a line of its own, became the rule id).",
    ]
    for rule_id, old, new, description in FRENCH_REPAIRS:
        by_id[rule_id]["text"] = replace_once(by_id[rule_id]["text"], old, new, rule_id)
        repairs.append(description)
    repairs.append(
        'Added the section heading 901 "Magic Planaire" (the extract starts at 901.1; the '
        "heading is the variant's name as the French text uses it throughout)."
    )
    return edition(
        edition_id="2010-07-16-fr",
        title="Magic Planaire",
        lang="fr",
        kind="translation",
        effective="2010-07-16",
        translation_of="2010-07-16",
        source={
            "document": "Règles complètes de Magic: The Gathering (French translation of the "
            'Comprehensive Rules effective July 16, 2010, Magic 2011): rule 901 "Magic '
            'Planaire", extracted from the PDF',
            "seed": SEED_FRENCH,
            "url": None,
            "retrieved": NOT_RECORDED,
            "notes": (
                "Text kept as extracted, apart from the repairs listed: the translation's mix of "
                "straight (') and curly (’) apostrophes, « » with ordinary spaces, and spellings "
                'such as "multi-joueurs" / "multijoueurs" are as printed. {P} is the '
                "planeswalker symbol and {C} the chaos symbol, as in the English text of the "
                "time. The numbering follows the English 2010-07-16 edition (single planar deck "
                "option 901.14a)."
            ),
            "repairs": repairs,
        },
        rules=rules,
        glossary=[],
    )


# --------------------------------------------------------------------------- documents

DANISH_HEADINGS = {
    "Generelle spilleregler:",
    "Specifikke regler for Planechase-kort:",
    "Fra bekendtgørelsen fra 2012 om fænomen:",
    "Udviduelle regler at huske:",
    "Andre dokumenter:",
}
DANISH_TITLE = "Hvad er planechase?"


def _strip_bullet(line: str) -> tuple[str, bool]:
    if line.startswith("-"):
        return line[1:].lstrip(), True
    return line, False


def paragraphs_to_rules(doc_id: str, paragraphs: Sequence[tuple[str, str | None]]) -> list[Rule]:
    rules: list[Rule] = []
    for number, (text, heading) in enumerate(paragraphs, start=1):
        entry: Rule = {"id": f"{doc_id}.{number}", "text": text}
        if heading:
            entry["heading"] = heading
        rules.append(entry)
    return rules


def titled_paragraphs(
    seeds: Path, seed: str, title: str, headings: set[str]
) -> tuple[list[tuple[str, str | None]], int, set[str]]:
    """The paragraphs of a seed whose first line is ``title``, each (text, the heading it
    falls under, without a final colon); a line in ``headings`` starts a section, a blank
    line is no paragraph, and a list marker "-" is removed. Also the number of markers
    removed and the headings seen. Raises SeedError when the title is not there."""
    lines = [line.strip() for line in read_seed(seeds, seed).splitlines()]
    if not lines or lines[0] != title:
        number = seed.partition("_")[0]
        raise SeedError(f"seed {number}: expected the title {title!r} on the first line")
    heading: str | None = None
    paragraphs: list[tuple[str, str | None]] = []
    bullets = 0
    seen_headings: set[str] = set()
    for line in lines[1:]:
        if not line:
            continue
        if line in headings:
            heading = line.rstrip(":")
            seen_headings.add(line)
            continue
        text, was_bullet = _strip_bullet(line)
        bullets += was_bullet
        paragraphs.append((text, heading))
    return paragraphs, bullets, seen_headings


def build_danish(seeds: Path) -> dict[str, Any]:
    paragraphs, bullets, seen_headings = titled_paragraphs(
        seeds, SEED_DANISH, DANISH_TITLE, DANISH_HEADINGS
    )
    if seen_headings != DANISH_HEADINGS:
        raise SeedError(f"seed 001: headings not found: {sorted(DANISH_HEADINGS - seen_headings)}")
    return edition(
        edition_id="danish-guide",
        title=DANISH_TITLE,
        lang="da",
        kind="guide",
        effective=None,
        translation_of=None,
        source={
            "document": '"Hvad er planechase?", a Danish player\'s guide to Planechase (general '
            "play, the planar die, phenomena quoted from the 2012 announcement, deck rules)",
            "seed": SEED_DANISH,
            "url": None,
            "retrieved": NOT_RECORDED,
            "notes": (
                "One entry per paragraph or bullet, in order; the section heading each falls "
                'under (without its colon) is in "heading". The list marker "-" that starts '
                f"{bullets} bullets was removed; the text, including its unbalanced quotation "
                'marks and spellings such as "Udviduelle", is as in the seed. The last two '
                "entries are the titles of linked documents. An unofficial guide, not rules."
            ),
            "repairs": [],
        },
        rules=paragraphs_to_rules("danish-guide", paragraphs),
        glossary=[],
    )


TACTICAL_TITLE = "It's the Magic: You Are Here, Part Two"
TACTICAL_HEADINGS = {"Planar Special Abilties", "Advanced Rules"}


def build_tactical(seeds: Path) -> dict[str, Any]:
    paragraphs, bullets, _ = titled_paragraphs(
        seeds, SEED_TACTICAL, TACTICAL_TITLE, TACTICAL_HEADINGS
    )
    return edition(
        edition_id="tactical-multiplayer",
        title=TACTICAL_TITLE,
        lang="en",
        kind="variant",
        effective=None,
        translation_of=None,
        source={
            "document": f'"{TACTICAL_TITLE}", a blog article proposing Tactical Multiplayer '
            "Magic (a planar map with Planechase, Seat of Power, Commander and Battlegrounds "
            "planes, plus advanced rules such as Hellride)",
            "seed": SEED_TACTICAL,
            "url": None,
            "retrieved": NOT_RECORDED,
            "notes": (
                "One entry per paragraph, in order; the section heading each falls under is in "
                '"heading" ("Planar Special Abilties" is spelled as in the article). The '
                f'indentation of the seed and the list marker "-" of {bullets} list items '
                "(Seat of Power) were removed; the text is otherwise as in the seed, typos "
                "included. An unofficial house variant, not rules."
            ),
            "repairs": [],
        },
        rules=paragraphs_to_rules("tactical-multiplayer", paragraphs),
        glossary=[],
    )


_CITATION = re.compile(r"\[\d+\]")


def build_eternities_map(seeds: Path) -> dict[str, Any]:
    lines = read_seed(seeds, SEED_WIKI).splitlines()
    try:
        start = lines.index("Variants[ | ]") + 1
    except ValueError:
        raise SeedError('seed 000: no "Variants" section') from None
    paragraphs: list[tuple[str, str | None]] = []
    for line in lines[start:]:
        if line.endswith("[ | ]"):
            break
        if line.strip():
            paragraphs.append((_CITATION.sub("", line.strip()), "Variants"))
    if not paragraphs or "Blind Eternities Map" not in paragraphs[0][0]:
        raise SeedError("seed 000: the Variants section does not describe the Blind Eternities Map")
    return edition(
        edition_id="eternities-map",
        title="Blind Eternities Map",
        lang="en",
        kind="variant",
        effective=None,
        translation_of=None,
        source={
            "document": "The Blind Eternities Map variant of Planechase (by Gavin Duggan, "
            'published by Wizards of the Coast), as summarised in the "Variants" section of '
            'the MTG Wiki page "Planechase"',
            "seed": SEED_WIKI,
            "url": WIKI_URL,
            "retrieved": NOT_RECORDED,
            "notes": (
                "The wiki's summary, not the original article. The wiki's footnote markers "
                "[3][4] were removed (they point to the online tools Planechase.tk and "
                "PCEternitiesMap). An unofficial variant, not rules."
            ),
            "repairs": [],
        },
        rules=paragraphs_to_rules("eternities-map", paragraphs),
        glossary=[],
    )


# --------------------------------------------------------------------------- card rulings

RULINGS_COLUMNS = ["name", "date", "ruling", "source"]
_RULING_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_RULING_SOURCE = re.compile(r"^[\w.-]+/[\w.-]+@[0-9a-f]{7,40}:\S+$")


def card_slug(name: str) -> str:
    """The card part of a ruling id: "Spatial Merging" -> "spatial-merging", "Æther Flues"
    -> "aether-flues" (:func:`planarcli.rulebook.ruleids.ruling_slug`, the one ``rules show``
    reads ids with, so that what is built is what is found)."""
    return ruling_slug(name)


def _tsv_rows(path: Path, columns: list[str], what: str) -> list[tuple[int, list[str]]]:
    """The rows of a shared table (tab-separated, quoting off, the header row ``columns``),
    each with its line number; ``what`` names the table in the errors."""
    import csv

    try:
        with path.open(encoding="utf-8", newline="") as handle:
            rows = list(csv.reader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))
    except OSError as error:
        raise SeedError(f"{path}: cannot read {what} ({error.strerror})") from None
    if not rows or rows[0] != columns:
        raise SeedError(f"{path}: expected the columns {columns}")
    for line, row in enumerate(rows[1:], start=2):
        if len(row) != len(columns):
            raise SeedError(f"{path}:{line}: expected {len(columns)} columns")
    return list(enumerate(rows[1:], start=2))


def read_rulings(path: Path) -> list[dict[str, str]]:
    """The rows of planar-rulings.tsv (tab-separated, quoting off, a header row)."""
    out = []
    for line, row in _tsv_rows(path, RULINGS_COLUMNS, "the rulings"):
        name, date, text, source = row
        if not name.strip() or not text.strip() or text != text.strip():
            raise SeedError(f"{path}:{line}: an empty name or a ruling with outer spaces")
        if not _RULING_DATE.match(date) or not _RULING_SOURCE.match(source):
            raise SeedError(f"{path}:{line}: a date or source not in the documented form")
        out.append({"name": name, "date": date, "ruling": text, "source": source})
    return out


ORACLE_COLUMNS = ["name", "oracle_id", "type_line", "oracle_text", "source"]


def read_oracle(path: Path) -> list[dict[str, str]]:
    """The rows of planar-oracle.tsv (tab-separated, quoting off, a header row; a line break
    of a text written as the two characters ``\\n``), each text with its line breaks."""
    out = []
    for line, row in _tsv_rows(path, ORACLE_COLUMNS, "the Oracle texts"):
        name, _, type_line, text, source = row
        text = text.replace("\\n", "\n").strip()
        if not name.strip() or not type_line.strip() or not text:
            raise SeedError(f"{path}:{line}: a card without a name, type line or Oracle text")
        if not _RULING_SOURCE.match(source):
            raise SeedError(f"{path}:{line}: a source not in the documented form")
        out.append({"name": name, "type_line": type_line, "text": text, "source": source})
    return out


def build_rulings(path: Path, oracle: Path = DEFAULT_ORACLE) -> dict[str, Any]:
    """The official card rulings as a document of their own (id ``rulings``): one entry per
    ruling, ``ruling:<card-slug>.<n>`` with n its place in the card's rulings, oldest first
    (ties in the file's order: the sort is stable); then each card's Oracle text (from
    ``oracle``), ``card:<card-slug>``, in the table's order."""
    rows = read_rulings(path)
    by_card: dict[str, list[dict[str, str]]] = {}
    slugs: dict[str, str] = {}
    for row in rows:
        slug = card_slug(row["name"])
        if not slug:
            raise SeedError(f"{path}: the card name {row['name']!r} gives no id")
        if slugs.setdefault(slug, row["name"]) != row["name"]:
            raise SeedError(f"{path}: {slugs[slug]!r} and {row['name']!r} have one id {slug}")
        by_card.setdefault(row["name"], []).append(row)
    rules: list[dict[str, str]] = []
    for name, card_rows in by_card.items():  # cards in the file's order
        for number, row in enumerate(sorted(card_rows, key=lambda r: r["date"]), start=1):
            rules.append(
                {
                    "id": f"{RULING_PREFIX}{card_slug(name)}.{number}",
                    "text": row["ruling"],
                    "card": name,
                    "date": row["date"],
                    "source": row["source"],
                }
            )
    sources = sorted({row["source"] for row in rows})
    texts = read_oracle(oracle)
    for row in texts:
        slug = card_slug(row["name"])
        if slugs.setdefault(slug, row["name"]) != row["name"]:
            raise SeedError(f"{oracle}: {slugs[slug]!r} and {row['name']!r} have one id {slug}")
        rules.append(
            {
                "id": f"{CARD_PREFIX}{slug}",
                "text": row["text"],
                "card": row["name"],
                "type_line": row["type_line"],
                "source": row["source"],
            }
        )
    text_sources = sorted({row["source"] for row in texts})
    return edition(
        edition_id="rulings",
        title="Official card rulings",
        lang="en",
        kind="rulings",
        effective=None,
        translation_of=None,
        source={
            "document": f"{len(rules) - len(texts)} official Gatherer/Oracle rulings of "
            f"{len(by_card)} plane and phenomenon cards, as MTGJSON publishes them in its "
            "`rulings` arrays, from shared/data/planar-rulings.tsv, and the Oracle text of "
            f"each of the {len(texts)} cards, from shared/data/planar-oracle.tsv (provenance "
            "of both in shared/data/ORACLE-SOURCES.md)",
            "seed": path.name,
            "url": None,
            "retrieved": None,
            "notes": (
                "Read from planar-rulings.tsv (columns name, date, ruling, source; quoting off). "
                "Rulings are MTGJSON's: 5.2.0 (2022-04-25) OHOP, OPC2 and PHOP via "
                "AUTRE04216/jsonSets@ca38aa7, MOC (5.2.2+20251019) via "
                "taw/magic-search-engine-data@00dfcbf and WHO via "
                "taw/magic-search-engine-data@0041511; rows deduplicated across reprints with "
                "curly and straight quotes folded (ORACLE-SOURCES.md). Each entry's text is "
                "the ruling verbatim, its card the English name, its date the ruling's date and "
                "its source the file it was copied from (" + ", ".join(sources) + "). The id is "
                "ruling:<card>.<n>: the card's name folded to ASCII, lower case, other "
                "characters as '-'; n the ruling's place among the card's rulings, oldest "
                "first, ties in the file's order. Three reprinted cards (Reality Shaping, "
                "Selesnya Loft Gardens, Stensia) keep a 2012 ruling twice, in its 2022 and its "
                "2025 wording, as the file does. Not rules: rulings explain how cards work. "
                "After the rulings, each card's Oracle text as planar-oracle.tsv gives it "
                "(columns name, oracle_id, type_line, oracle_text, source; quoting off; a "
                "line break written as \\n), in its order: id card:<card>, its text the "
                "Oracle text verbatim (one ability a line), its card the English name, its "
                "type line and its source (" + ", ".join(text_sources) + ")."
            ),
            "repairs": [],
        },
        rules=rules,
        glossary=[],
    )


# --------------------------------------------------------------------------- alignment

#: The English edition the French 2010-07-16 text is aligned with: the English text of
#: 2010-07-16 has no official file, and 2011-07-15 is numbered as it is (same 901 ids, same
#: rules cited by 901: see rules/README.md). 2010-02-01 has the same 901 ids too (checked).
FRENCH_NUMBERED_AS = "2011-07-15"
FRENCH_ALSO_NUMBERED_AS = "2010-02-01"

#: Paragraphs of the Danish guide that clearly say what one rule of the current edition
#: says, with the reason. An editorial table: the guide is an unnumbered paraphrase, so
#: only paragraphs whose every statement is that rule's are mapped; paragraphs that mix
#: several rules (5, 6, 9, 16, 18), introduce (1-4, 10, 14) or name other documents (21,
#: 22) are not.
DANISH_CURRENT = {
    # "a planar controller is whoever's turn it is; 'you' on a plane is its controller"
    "danish-guide.7": ("901.6", "the planar controller, normally the active player"),
    # "on your turn, when you could cast a sorcery, roll; costs the rolls made before"
    "danish-guide.8": ("901.9", "rolling the planar die, and its cost"),
    "danish-guide.11": ("901.9a", "a blank face: nothing happens"),
    "danish-guide.12": ("901.9b", "the chaos symbol: the plane's chaos ability"),
    "danish-guide.13": ("901.9c", "the Planeswalker symbol: the planeswalking ability"),
    "danish-guide.15": ("312.5", "a phenomenon's encounter trigger, defined"),
    # "...the planar controller planeswalks. This is a state-based action." = 312.7's
    # own parenthesis; 704.6f is the same rule as listed among state-based actions
    "danish-guide.17": ("312.7", "a phenomenon whose trigger left the stack: planeswalk"),
    "danish-guide.19": ("901.3", "a planar deck has at least ten cards"),
    "danish-guide.20": ("901.3", "each card in a planar deck has a different name"),
}


def _loaded(item: dict[str, Any]) -> Any:
    """An edition dict as :class:`planarcli.rulebook.corpus.Edition` (in memory)."""
    from planarcli.rulebook import corpus

    info = corpus.EditionInfo(
        id=item["id"],
        title=item["title"],
        lang=item["lang"],
        kind=item["kind"],
        effective=item["effective"],
        source="bundled",
        location="",
    )
    return corpus.Edition(
        info,
        tuple(corpus.Rule(r["id"], r["text"], item["lang"]) for r in item["rules"]),
        tuple(corpus.GlossaryEntry(e["term"], e["text"]) for e in item["glossary"]),
    )


def _ids_901(item: dict[str, Any]) -> list[str]:
    return [rule["id"] for rule in _rules_901(item)]


class _Current:
    """Where a rule of one English edition is in the current edition, by
    planarcli.rulebook.history (the pairing `rules history` and `rules diff` use)."""

    def __init__(self, english: list[dict[str, Any]], current: str) -> None:
        self.editions = [_loaded(item) for item in english]
        self.current = current
        self._versions: dict[tuple[str, str], tuple[Any, ...]] = {}
        #: the pairs of editions aligned so far, shared by every history
        self._alignments: dict[tuple[int, int], Any] = {}

    def versions(self, rule_id: str, edition_id: str) -> tuple[Any, ...]:
        """The wordings of ``rule_id`` (numbered as in ``edition_id``) through the editions,
        by :func:`planarcli.rulebook.history.rule_history`: made once per rule, as
        :meth:`follow` and :meth:`moves` both read them, each pair of editions aligned once
        for all rules."""
        key = (rule_id, edition_id)
        if key not in self._versions:
            from planarcli.rulebook.history import rule_history

            found = rule_history(self.editions, rule_id, edition_id, alignments=self._alignments)
            self._versions[key] = found.versions
        return self._versions[key]

    def follow(self, rule_id: str, edition_id: str) -> tuple[str, str] | None:
        """(the current rule's id, the effective date since which it has its wording), or
        None when the rule is not in the current edition (removed, or never held)."""
        from planarcli.rulebook.textdiff import normalise

        versions = self.versions(rule_id, edition_id)
        last = versions[-1]
        if self.current not in last.editions:
            return None
        since = last.since
        for earlier in reversed(versions[:-1]):  # a renumbering keeps the wording's date
            if normalise(earlier.text) != normalise(last.text) or earlier.until != since:
                break
            since = earlier.since
        effective = next(e.info.effective for e in self.editions if e.id == since)
        return last.id, effective

    def moves(self, rule_id: str, edition_id: str) -> list[dict[str, str]]:
        """The sentences of ``rule_id`` (numbered as in ``edition_id``) that a later edition
        took out of it and put in another rule: per sentence, where it is in the current
        edition (``current``), the effective date of the edition that moved it (``since``)
        and the sentence as it was (``sentence``). French 901.4's "At the start of the game,
        each player shuffles their planar deck ..." is 103.3a since 2022-10-07.

        A sentence left a rule when no sentence of the rule's next wording says it
        (:data:`MOVE_KEPT` of its content words or more); it went to the rule of that next
        edition that holds a sentence new in that edition (no sentence of the edition before
        says :data:`MOVE_KEPT` of it, but in the rule it left) saying :data:`MOVE_SAID` of
        its content words or more, the most of them. A sentence that went nowhere (dropped,
        reworded in place, or already said elsewhere) is not a move.
        """
        from planarcli.rulebook.textdiff import collapse, sentences

        by_id = {edition.id: edition for edition in self.editions}
        versions = self.versions(rule_id, edition_id)
        start = next(n for n, version in enumerate(versions) if edition_id in version.editions)
        out: list[dict[str, str]] = []
        for before, after in itertools.pairwise(versions[start:]):
            kept = _sentence_contents(after.text)
            left = [
                sentence
                for sentence in sentences(collapse(before.text))
                if len(words := _content(sentence)) >= MOVE_WORDS
                and not any(_share(words, other) >= MOVE_KEPT for other in kept)
            ]
            if not left:
                continue
            moved_in, moved_from = by_id[after.editions[0]], by_id[before.editions[-1]]
            # what the edition before said elsewhere than in this rule (a sentence moved
            # word for word is new in its new rule all the same)
            said_before = [
                said
                for rule in moved_from.rules
                if rule.id != before.id
                for said in _sentence_contents(rule.text)
            ]
            for sentence in left:
                went_to = _destination(_content(sentence), moved_in, after.id, said_before)
                found = None if went_to is None else self.follow(went_to, moved_in.id)
                if found is None:
                    continue  # went nowhere, or moved, then removed: nowhere today
                out.append(
                    {
                        "current": found[0],
                        "since": moved_in.info.effective or "",
                        "sentence": sentence.strip(),
                    }
                )
        return out


def _destination(
    words: frozenset[str], edition: Any, left: str, said_before: list[frozenset[str]]
) -> str | None:
    """The rule of ``edition`` (not ``left``, the rule the sentence of content ``words``
    left) with a sentence new in ``edition`` (saying less than :data:`MOVE_KEPT` of each of
    ``said_before``) that says :data:`MOVE_SAID` of ``words`` or more, the most of them (the
    first such rule on a tie); None when none does."""
    best: tuple[float, str] | None = None
    for rule in edition.rules:
        if rule.id == left:
            continue
        for other in _sentence_contents(rule.text):
            share = _share(words, other)
            if (
                share >= MOVE_SAID
                and (best is None or share > best[0])
                and not any(_share(other, said) >= MOVE_KEPT for said in said_before)
            ):
                best = (share, rule.id)
    return None if best is None else best[1]


#: a sentence this short (in content words) is not followed ("This is a special action.")
MOVE_WORDS = 4
#: share of a sentence's content words the rule's next wording says: the sentence stayed
MOVE_KEPT = 0.7
#: share of them a new sentence of another rule says: the sentence moved there
MOVE_SAID = 0.6


@functools.cache
def _content(text: str) -> frozenset[str]:
    """The English stems of ``text``'s content words (what two sentences are compared on);
    once per sentence, as :meth:`_Current.moves` compares every sentence of an edition with
    each sentence that left a rule."""
    from planarcli.rulebook.search.analysis import content_words, stem
    from planarcli.rulebook.textdiff import normalise

    return frozenset(
        stem(word, "en") for word in content_words(normalise(text), "en") if word.isalpha()
    )


@functools.cache
def _sentence_contents(text: str) -> tuple[frozenset[str], ...]:
    """:func:`_content` of each sentence of a rule's ``text``, in order."""
    from planarcli.rulebook.textdiff import collapse, sentences

    return tuple(_content(piece) for piece in sentences(collapse(text)))


def _share(words: frozenset[str], other: frozenset[str]) -> float:
    """The share of ``words`` that ``other`` holds too."""
    return len(words & other) / len(words) if words else 0.0


def align_documents(
    english: list[dict[str, Any]], current: str, french: dict[str, Any], danish: dict[str, Any]
) -> None:
    """Give each passage of the French text and the mapped paragraphs of the Danish guide
    ``current`` (the rule id in the current edition) and ``current_since``, and a French
    passage whose English sentences moved to other rules since ``moved``. (The Danish
    paragraphs are mapped to today's rules directly: nothing of theirs moved.)"""
    by_id = {item["id"]: item for item in english}
    numbered = by_id[FRENCH_NUMBERED_AS]
    french_ids = [rule["id"] for rule in french["rules"]]
    for other in (numbered, by_id[FRENCH_ALSO_NUMBERED_AS]):
        if _ids_901(other) != french_ids:
            raise SeedError(f"the French text is not numbered as rule 901 of {other['id']}")
    follower = _Current(english, current)
    for rule in french["rules"]:
        found = follower.follow(rule["id"], FRENCH_NUMBERED_AS)
        if found is not None:
            rule["current"], rule["current_since"] = found
            # a sentence that moved to another rule since: where it is today (901.4's
            # shuffling sentence is 103.3a since 2022-10-07)
            moved = follower.moves(rule["id"], FRENCH_NUMBERED_AS)
            if moved:
                rule["moved"] = moved
    paragraphs = {rule["id"]: rule for rule in danish["rules"]}
    current_rules = {rule["id"] for rule in by_id[current]["rules"]}
    for paragraph_id, (rule_id, _why) in DANISH_CURRENT.items():
        if paragraph_id not in paragraphs or rule_id not in current_rules:
            raise SeedError(f"the Danish mapping {paragraph_id} -> {rule_id}: not found")
        found = follower.follow(rule_id, current)
        assert found is not None and found[0] == rule_id
        paragraphs[paragraph_id]["current"], paragraphs[paragraph_id]["current_since"] = found


# --------------------------------------------------------------------------- corpus


def build_corpus(
    seeds: Path,
    cr_dir: Path = DEFAULT_CR,
    rulings: Path = DEFAULT_RULINGS,
    oracle: Path = DEFAULT_ORACLE,
) -> dict[str, Any]:
    """Every output file name -> its JSON content (the manifest included)."""
    seed_2024 = build_2024(seeds)  # the seeds first: a missing seed stops the build at once
    documents = [
        build_french(seeds),
        build_eternities_map(seeds),
        build_danish(seeds),
        build_tactical(seeds),
    ]
    official = build_official(cr_dir)
    cross_check(seeds, official, seed_2024)
    documents.append(build_rulings(rulings, oracle))
    current = max(official)  # the newest official edition is the current one
    english = sorted([*official.values(), seed_2024], key=lambda item: item["effective"])
    align_documents(english, current, documents[0], documents[2])
    editions = [*english, *documents]
    files: dict[str, Any] = {}
    entries = []
    for item in editions:
        name = f"{item['id']}.json"
        files[name] = item
        entries.append(
            {
                "id": item["id"],
                "file": name,
                "title": item["title"],
                "lang": item["lang"],
                "kind": item["kind"],
                "effective": item["effective"],
                **({"translation_of": item["translation_of"]} if item["translation_of"] else {}),
            }
        )
    files["manifest.json"] = {
        "format": "planarcli-rules-manifest",
        "schema_version": 1,
        "current": current,
        "editions": entries,
    }
    return files


def dump(name: str, content: Any) -> str:
    """The bytes written for one output file: editions compact (one rule a line), the small
    manifest indented."""
    if name == "manifest.json":
        return json.dumps(content, ensure_ascii=False, indent=2) + "\n"
    return dump_edition(content)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--cr", type=Path, default=DEFAULT_CR, help="official rules files")
    parser.add_argument("--seeds", type=Path, default=DEFAULT_SEEDS, help="the seed documents")
    parser.add_argument("--rulings", type=Path, default=DEFAULT_RULINGS, help="planar-rulings.tsv")
    parser.add_argument("--oracle", type=Path, default=DEFAULT_ORACLE, help="planar-oracle.tsv")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the rules folder")
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args(argv)
    try:
        files = build_corpus(args.seeds, args.cr, args.rulings, args.oracle)
    except SeedError as error:
        print(f"build_rules: {error}", file=sys.stderr)
        return 2
    stale = []
    for name, content in files.items():
        target = args.out / name
        text = dump(name, content)
        current = target.read_text(encoding="utf-8") if target.exists() else None
        if current == text:
            continue
        stale.append(name)
        if not args.check:
            args.out.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
    extra = (
        sorted(path.name for path in args.out.glob("*.json") if path.name not in files)
        if args.out.is_dir()
        else []
    )
    for name in extra:
        stale.append(name)
        if not args.check:
            (args.out / name).unlink()
    verb = "differ from the build" if args.check else "written"
    for name in stale:
        state = "not built by this script" if name in extra else verb
        if name in extra and not args.check:
            state = "removed (not built by this script)"
        print(f"{args.out / name}: {state}")
    if not stale:
        print(f"{args.out}: up to date ({len(files)} files)")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())

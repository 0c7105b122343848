"""planarcli.rulebook.crtext: the official Comprehensive Rules text parser.

Hand-written miniatures in tests/crtext_samples/ cover each edge case (re-encoded and
re-terminated here in every way the real files come); the 14 real files in
../shared/data/cr are checked against the facts in shared/docs/rules-history.md.
"""

from __future__ import annotations

import codecs
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planarcli.errors import InputError
from planarcli.rulebook.crtext import decode_rules_text, effective_date, parse_comprehensive_rules
from planarcli.schemacheck import schema_errors

SAMPLES = Path(__file__).resolve().parents[1] / "crtext_samples"
CR_DIR = Path(__file__).resolve().parents[3] / "shared" / "data" / "cr"
needs_real_files = pytest.mark.skipif(
    not CR_DIR.is_dir(),
    reason=f"{CR_DIR} is absent (the official rules files sit beside the checkout)",
)


def sample_text(name: str) -> str:
    return (SAMPLES / name).read_text(encoding="utf-8")


def sample_bytes(name: str) -> bytes:
    return (SAMPLES / name).read_bytes()


def parse_sample(name: str) -> dict[str, Any]:
    return parse_comprehensive_rules(sample_bytes(name), source_name=name)


def ids(edition: dict[str, Any]) -> list[str]:
    return [rule["id"] for rule in edition["rules"]]


def rule_text(edition: dict[str, Any], rule_id: str) -> str:
    matches = [str(rule["text"]) for rule in edition["rules"] if rule["id"] == rule_id]
    assert len(matches) == 1, f"{rule_id} appears {len(matches)} times"
    return matches[0]


# --------------------------------------------------------------------------- the modern sample

MODERN_IDS = [
    "103.7",
    "107.11",
    "107.12",  # speaks of the planar die (a root since issue 18), as does 107.12a
    "107.12a",
    "108.3",
    "116.2i",
    "311", "311.1", "311.7",
    "312", "312.1",
    "701.31", "701.31a", "701.31b",
    "704.6f",
    "706", "706.1", "706.7",
    "800.4a",
    "807", "807.1",
    "901", "901.1", "901.3", "901.3a", "901.4", "901.5", "901.9", "901.9b", "901.9d", "901.10",
    "901.11a", "901.14", "901.15", "901.15a",
]  # fmt: skip


def test_modern_sample_header_fields() -> None:
    edition = parse_sample("planechase-modern.txt")
    assert edition["format"] == "planarcli-rules-edition"
    assert edition["schema_version"] == 1
    assert edition["id"] == edition["effective"] == "2024-07-30"
    assert edition["title"] == "Planechase"
    assert (edition["lang"], edition["kind"]) == ("en", "comprehensive-rules")
    assert edition["translation_of"] is None
    assert edition["source"]["seed"] is None
    assert "July 30, 2024" in edition["source"]["document"]
    assert schema_errors(edition, "rules-edition.schema.json") == []


def test_modern_sample_keeps_901_the_glossary_and_what_they_cite_two_deep() -> None:
    edition = parse_sample("planechase-modern.txt")
    # 107.12 and 107.12a are cited by nothing but speak of the planar die and plane cards:
    # roots (closure "speaking") since issue 18.
    # Left out: 103.8, 107.4, 107.13 (cited by nothing), 108.4, 116.2a, 701.30/701.32 (other
    # keyword actions), 704.5a (704.6f alone is cited), 109 (a whole section cited at depth
    # 2), 110.2 (cited by 108.3, depth 3), 808 (a variant 901 does not name), 902 (Vanguard);
    # the contents' "901. Planechase" is not a rule.
    assert ids(edition) == MODERN_IDS
    assert edition["closure"] == {
        "depth": 2,
        "roots": ["901"],
        "speaking": ["103.7", "107.11", "107.12", "107.12a", "116.2i", "311", "311.1", "311.7",
                     "312", "312.1", "701.31", "701.31a", "701.31b", "704.6f", "706.7"],
        "named": ["807"],
        "cited": [
            ["103.7", "107.11", "116.2i", "311", "311.7", "312", "701.31", "704.6f", "706",
             "800.4a", "807"],
            ["108.3"],
        ],
    }  # fmt: skip


def test_section_headings_are_kept_as_rules() -> None:
    edition = parse_sample("planechase-modern.txt")
    assert rule_text(edition, "901") == "Planechase"
    assert rule_text(edition, "311") == "Planes"
    assert rule_text(edition, "312") == "Phenomena"
    assert rule_text(edition, "901.15") == "Single Planar Deck Option"
    assert rule_text(edition, "701.31") == "Planeswalk"


def test_rule_number_without_space_is_read_and_noted() -> None:
    edition = parse_sample("planechase-modern.txt")
    assert rule_text(edition, "901.4") == (
        "All plane and phenomenon cards remain in the command zone throughout the game."
    )
    assert '"901.4.All"' in edition["source"]["notes"]


def test_continuation_lines_join_the_previous_rule() -> None:
    edition = parse_sample("planechase-modern.txt")
    assert rule_text(edition, "311.7") == (
        "A plane card may have a triggered ability that triggers “Whenever chaos ensues.”\n"
        "Example: Chaos ensues on the plane Pools of Becoming.\n"
        "Example: A second example line."
    )


def test_a_rule_opening_a_paragraph_with_a_stray_space_is_its_own_rule() -> None:
    # The 2009 files print "\n\n 509.1c The defending player ..." (and 605.3a, 611.2.): read
    # as more of 509.1b, 509.1c went missing and 509.1b held two rules.
    data = sample_text("planechase-modern.txt").replace("\n901.3a ", "\n\n 901.3a ")
    edition = parse_comprehensive_rules(data.encode("utf-8"), source_name="stray-space.txt")
    assert rule_text(edition, "901.3a").startswith("A planar die is a six-sided die.")
    assert "901.3a" not in rule_text(edition, "901.3")
    assert ids(edition) == ids(parse_sample("planechase-modern.txt"))


def test_glossary_keeps_planar_entries_and_stops_at_credits() -> None:
    edition = parse_sample("planechase-modern.txt")
    terms = [entry["term"] for entry in edition["glossary"]]
    # Not "Loyalty" or "Planeswalker" (planeswalker cards), not "Vanguard"; nothing from
    # the credits ("Plane and phenomenon cards: thanks ...").
    assert terms == [
        "Chaos Ability",
        "Encounter",
        "Planar Deck",
        "Planeswalk",
        "Planeswalker Symbol",
    ]
    planeswalk = edition["glossary"][3]
    assert planeswalk["text"].endswith("See rule 701.31, “Planeswalk.”")


def test_multi_line_glossary_definitions_keep_their_lines() -> None:
    text = sample_text("planechase-modern.txt").replace(
        "Encounter\nTo move", "Encounter\n1. First sense of plane.\n2. Second sense.\nTo move"
    )
    edition = parse_comprehensive_rules(text.encode("utf-8"))
    encounter = next(e for e in edition["glossary"] if e["term"] == "Encounter")
    assert encounter["text"].startswith("1. First sense of plane.\n2. Second sense.\nTo move")


def test_old_sample_planar_magic() -> None:
    edition = parse_sample("planar-magic-2009.txt")
    assert edition["id"] == "2009-09-04"
    assert edition["title"] == "Planar Magic"
    assert ids(edition) == [
        "103.6", "107.10", "107.11", "114.2f", "309", "309.1", "309.7", "701.19", "701.19a",
        "901", "901.1", "901.3", "901.3a", "901.5", "901.8", "901.10", "901.14", "901.15",
        "901.15a",
    ]  # fmt: skip
    assert edition["closure"]["cited"] == [
        ["103.6", "107.10", "107.11", "114.2f", "309", "701.19"],
        [],
    ]
    assert [entry["term"] for entry in edition["glossary"]] == ["Planar _Magic_"]


# --------------------------------------------------------------------------- encodings, endings


def _reencode(text: str, encoding: str) -> bytes:
    if encoding == "utf-8-sig":
        return codecs.BOM_UTF8 + text.encode("utf-8")
    if encoding == "utf-16-le-bom":
        return codecs.BOM_UTF16_LE + text.encode("utf-16-le")
    if encoding == "utf-16-be-bom":
        return codecs.BOM_UTF16_BE + text.encode("utf-16-be")
    return text.encode(encoding)


@pytest.mark.parametrize(
    "encoding", ["utf-8", "utf-8-sig", "utf-16-le-bom", "utf-16-be-bom", "cp1252", "utf-16-le"]
)
@pytest.mark.parametrize("ending", ["\r\n", "\r", "\n", "mixed"])
def test_every_encoding_and_line_ending_gives_the_same_edition(encoding: str, ending: str) -> None:
    text = sample_text("planechase-modern.txt")
    if ending == "mixed":
        lines = text.split("\n")
        text = "".join(line + ("\r\n" if i % 3 else "\r") for i, line in enumerate(lines))
    else:
        text = text.replace("\n", ending)
    expected = parse_sample("planechase-modern.txt")
    edition = parse_comprehensive_rules(_reencode(text, encoding))
    assert edition["rules"] == expected["rules"]
    assert edition["glossary"] == expected["glossary"]


def test_cp1252_is_recognised_by_its_curly_quotes() -> None:
    data = sample_text("planechase-modern.txt").encode("cp1252")
    text, encoding = decode_rules_text(data)
    assert encoding == "cp1252"
    assert "it isn’t the source" in text


def test_cp437_is_recognised_by_its_accented_letters() -> None:
    data = sample_text("planar-magic-2009.txt").encode("cp437")
    text, encoding = decode_rules_text(data)
    assert encoding == "cp437"
    assert "Ghazbán Ogre, Junún Efreet, El-Hajjâj, Ring of Ma'rûf and Æther Storm" in text


def test_plain_ascii_and_bom_detection() -> None:
    assert decode_rules_text(b"abc")[1] == "ascii"
    assert decode_rules_text("caf\u00e9".encode())[1] == "utf-8"
    assert decode_rules_text(codecs.BOM_UTF8 + b"x") == ("x", "utf-8-sig")
    assert decode_rules_text(codecs.BOM_UTF16_BE + "x".encode("utf-16-be")) == ("x", "utf-16")


def test_broken_utf16_after_a_bom_is_an_input_error() -> None:
    with pytest.raises(InputError, match="byte-order mark"):
        decode_rules_text(codecs.BOM_UTF16_LE + b"\x00\xd8")  # a lone surrogate


# --------------------------------------------------------------------------- effective dates

MONTHS = [
    "January", "February", "March", "April", "May", "June", "July", "August",
    "September", "October", "November", "December",
]  # fmt: skip


@pytest.mark.parametrize("month", range(1, 13))
def test_effective_date_any_month(month: int) -> None:
    sentence = f"These rules are effective as of {MONTHS[month - 1]} 7, 2031."
    assert effective_date(sentence) == f"2031-{month:02d}-07"


@pytest.mark.parametrize("date", ["Brumaire 7, 2031", "February 30, 2031", "May 0, 2031"])
def test_effective_date_refuses_impossible_dates(date: str) -> None:
    with pytest.raises(InputError, match="unreadable effective date"):
        effective_date(f"These rules are effective as of {date}.")


# --------------------------------------------------------------------------- refusals


def test_edition_without_901_is_refused_with_the_first_planechase_edition() -> None:
    with pytest.raises(InputError) as caught:
        parse_sample("no-planechase-2009-07-11.txt")
    message = str(caught.value)
    assert message.startswith("no-planechase-2009-07-11.txt: the 2009-07-11 edition has no ")
    assert "section 901 (Planechase); it predates the Planechase rules" in message
    assert "(first in the 2009-09-04 edition)" in message


def test_a_recent_edition_without_901_is_called_incomplete_not_too_old() -> None:
    text = sample_text("planechase-modern.txt")
    cut = text[: text.index("9. Casual Variants\n\n901.")]
    with pytest.raises(InputError) as caught:
        parse_comprehensive_rules(cut.encode("utf-8"), source_name="cut.txt")
    message = str(caught.value)
    assert "the 2024-07-30 edition has no section 901 (Planechase)" in message
    assert "looks incomplete" in message and "predates" not in message


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("not-rules.txt", 'no "These rules are effective as of'),
        ("effective-but-no-rules.txt", "no numbered rules"),
        ("rules-page.html", "this is an HTML page"),
    ],
)
def test_files_that_are_not_rules_are_refused(name: str, expected: str) -> None:
    with pytest.raises(InputError, match=re.escape(expected)) as caught:
        parse_sample(name)
    assert str(caught.value).startswith(f"{name}: ")


def test_binary_pdf_and_empty_files_are_refused() -> None:
    binary = bytes(range(256)) * 40
    with pytest.raises(InputError, match="binary file"):
        parse_comprehensive_rules(binary, source_name="x.bin")
    pdf = b"%PDF-1.6\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n"
    with pytest.raises(InputError, match="this is a PDF"):
        parse_comprehensive_rules(pdf, source_name="MagicCompRules.pdf")
    with pytest.raises(InputError, match="empty"):
        parse_comprehensive_rules(b" \r\n", source_name="x.txt")


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.binary(max_size=600) | st.text(max_size=600).map(lambda t: t.encode("utf-8")))
def test_any_input_gives_an_edition_or_an_input_error(data: bytes) -> None:
    header = b"These rules are effective as of May 1, 2020.\n901. Planechase\n901.1. Text.\n"
    for candidate in (data, header + data, data + header):
        try:
            edition = parse_comprehensive_rules(candidate)
        except InputError:
            continue
        assert edition["rules"]


# --------------------------------------------------------------------------- the real files

#: effective date -> (901 title, #901 items from rules-history.md, planeswalk rule)
REAL_FILES: dict[str, tuple[str, int, str]] = {
    "2009-09-04": ("Planar Magic", 33, "701.19"),
    "2009-10-01": ("Planar Magic", 32, "701.19"),
    "2010-02-01": ("Planar Magic", 32, "701.20"),
    "2011-07-15": ("Planechase", 32, "701.20"),
    "2012-06-01": ("Planechase", 34, "701.21"),
    "2013-05-01": ("Planechase", 35, "701.21"),
    "2013-07-13": ("Planechase", 35, "701.21"),
    "2016-08-26": ("Planechase", 35, "701.21"),
    "2021-07-23": ("Planechase", 36, "701.24"),
    "2022-10-07": ("Planechase", 36, "701.24"),
    "2023-04-14": ("Planechase", 36, "701.24"),
    "2024-11-08": ("Planechase", 36, "701.24"),
    "2025-06-06": ("Planechase", 36, "701.31"),
    "2026-01-16": ("Planechase", 36, "701.31"),
}

_parsed: dict[str, dict[str, Any]] = {}


def real(date: str) -> dict[str, Any]:
    if date not in _parsed:
        path = CR_DIR / f"MagicCompRules-{date}.txt"
        _parsed[date] = parse_comprehensive_rules(path.read_bytes(), source_name=path.name)
    return _parsed[date]


@needs_real_files
@pytest.mark.shared
def test_the_real_files_are_the_fourteen_expected() -> None:
    names = sorted(path.name for path in CR_DIR.glob("MagicCompRules-*.txt"))
    assert names == [f"MagicCompRules-{date}.txt" for date in sorted(REAL_FILES)]


@needs_real_files
@pytest.mark.shared
@pytest.mark.parametrize("date", sorted(REAL_FILES))
def test_real_file(date: str) -> None:
    title, count_901, planeswalk = REAL_FILES[date]
    edition = real(date)
    assert edition["id"] == edition["effective"] == date
    assert edition["title"] == title
    rules_901 = [rule for rule in edition["rules"] if rule["id"].split(".")[0] == "901"]
    assert len(rules_901) == count_901
    assert rules_901[0] == {"id": "901", "text": title}
    assert len(ids(edition)) == len(set(ids(edition)))
    assert rule_text(edition, planeswalk) == "Planeswalk"
    assert all(rule["text"] and not rule["text"][0].isspace() for rule in edition["rules"])
    assert schema_errors(edition, "rules-edition.schema.json") == []
    terms = {entry["term"] for entry in edition["glossary"]}
    assert {"Planar Deck", "Planar Die", "Plane", "Planeswalk", "Planeswalker Symbol"} <= terms
    assert {"Chaos Symbol", "Chaos Ability"} <= terms
    assert not terms & {"Planeswalker", "Loyalty", "Planar Controller", "Chaos Ensues"}


@needs_real_files
@pytest.mark.shared
def test_real_file_spot_checks() -> None:
    assert "single communal planar deck" in rule_text(real("2009-09-04"), "901.15a")
    assert rule_text(real("2009-09-04"), "901.15") == "Single Planar Deck Option"
    assert "single communal planar deck" in rule_text(real("2009-10-01"), "901.14a")
    assert "901.15a" not in ids(real("2009-10-01"))
    # " 509.1c" (a stray space before the number) is its own rule, not the end of 509.1b
    for date in ("2009-09-04", "2009-10-01"):
        assert rule_text(real(date), "509.1c").startswith("The defending player checks")
        assert "509.1c" not in rule_text(real(date), "509.1b")
    assert "phenomenon" in rule_text(real("2012-06-01"), "901.3")
    assert "701.31a" in ids(real("2025-06-06"))
    assert rule_text(real("2024-11-08"), "901.4").startswith("All plane and phenomenon cards")
    assert '"901.4.All"' in real("2024-11-08")["source"]["notes"]
    assert '"901.4.All"' not in real("2026-01-16")["source"]["notes"]
    assert "of the game of the game" in rule_text(real("2026-01-16"), "901.14a")
    # The sections that hold planes and phenomena, found by title, not by number.
    assert rule_text(real("2009-09-04"), "309") == "Planes"
    assert rule_text(real("2012-06-01"), "310") == "Phenomena"
    assert (rule_text(real("2021-07-23"), "310"), rule_text(real("2021-07-23"), "311")) == (
        "Planes",
        "Phenomena",
    )
    assert (rule_text(real("2026-01-16"), "311"), rule_text(real("2026-01-16"), "312")) == (
        "Planes",
        "Phenomena",
    )


#: The glossary entries of the Planechase variant (issue 9), those each edition has.
PLANECHASE_TERMS = [
    "Chaos Ability", "Chaos Symbol", "Encounter", "Phenomenon", "Planar Deck", "Planar Die",
    "Planar Magic", "Plane", "Planechase", "Planeswalk", "Planeswalker Symbol",
]  # fmt: skip


@needs_real_files
@pytest.mark.shared
@pytest.mark.parametrize(
    ("date", "cited"),
    [
        (
            "2009-09-04",
            ["103.6", "104", "107.10", "107.11", "114.2f", "309", "309.6", "309.7", "701.19",
             "800.4a", "801", "802", "805", "805.4", "806", "808"],
        ),
        (
            "2012-06-01",
            ["103.6", "107.11", "107.12", "112.8", "115.2f", "309", "309.7", "310", "701.21",
             "704.5x", "800.4a", "801", "802", "806", "807", "810"],
        ),
        (
            "2026-01-16",
            ["103.7", "107.11", "107.12", "113.8", "116.2i", "205.3m", "311", "311.7", "312",
             "701.31", "704.6f", "706", "800.4a", "801", "802", "806", "807", "810"],
        ),
    ],
)  # fmt: skip
def test_real_file_keeps_what_901_and_the_glossary_cite(date: str, cited: list[str]) -> None:
    """Whole rules (311, 312, 701.31, 706, 801, 806), single subrules (103.7, 113.8, 116.2i,
    311.7, 704.6f, 800.4a), the variants 901 names by title (Grand Melee 807, Two-Headed
    Giant 810; 808 and 806 in 2009) and the symbols the glossary cites (107.11, 107.12)."""
    edition = real(date)
    assert edition["closure"]["cited"][0] == cited
    held = set(ids(edition))
    for target in cited:
        if "." not in target or not target[-1].isalpha():
            assert target in held, target  # the section heading or the rule itself
    if date == "2026-01-16":
        assert {"701.31a", "701.31d", "806.1", "801.1", "807.1", "810.1", "706.7"} <= held
        assert "704.5a" not in held and "103.8" not in held  # single subrules stay single
        assert edition["closure"]["named"] == ["801", "802", "806", "807", "810"]


@needs_real_files
@pytest.mark.shared
@pytest.mark.parametrize("date", sorted(REAL_FILES))
def test_real_file_references_resolve_two_deep(date: str) -> None:
    """No reference from 901 or the glossary dead-ends; no reference to a single rule from
    what they cite dead-ends either; references further on are outside, by design."""
    from planarcli.rulebook.ruleids import find_references

    edition = real(date)
    held = set(ids(edition))
    texts = {rule["id"]: rule["text"] for rule in edition["rules"]}
    roots = [text for rule_id, text in texts.items() if rule_id.split(".")[0] == "901"]
    roots += [entry["text"] for entry in edition["glossary"]]
    first = {target for text in roots for target in find_references(text)}
    assert first <= held, sorted(first - held)
    depth_1 = {
        rule_id
        for rule_id in held
        if any(
            rule_id == target or rule_id.startswith(target + ".") or
            (rule_id.startswith(target) and rule_id[len(target):].isalpha())
            for target in edition["closure"]["cited"][0]
        )
    }  # fmt: skip
    second = {target for rule_id in depth_1 for target in find_references(texts[rule_id])}
    single = {target for target in second if "." in target}
    assert single <= held, sorted(single - held)


@needs_real_files
@pytest.mark.shared
@pytest.mark.parametrize("date", sorted(REAL_FILES))
def test_real_file_glossary_is_the_planechase_entries(date: str) -> None:
    terms = [entry["term"].replace("_", "") for entry in real(date)["glossary"]]
    assert terms == [term for term in PLANECHASE_TERMS if term in terms]
    expected = {"Chaos Ability", "Chaos Symbol", "Planar Deck", "Planar Die", "Plane"}
    expected |= {"Planeswalk", "Planeswalker Symbol"}
    expected |= {"Planar Magic"} if date < "2011-07-15" else {"Planechase"}
    expected |= {"Phenomenon", "Encounter"} if date >= "2012-06-01" else set()
    assert set(terms) == expected


@needs_real_files
@pytest.mark.shared
def test_real_files_in_single_byte_encodings_decode_sensibly() -> None:
    for date, encoding, expected in [
        ("2010-02-01", "cp1252", "doesn’t"),
        ("2022-10-07", "cp1252", "and it isn’t the source of a triggered ability"),
        ("2013-07-13", "cp437", "Ghazbán Ogre"),
    ]:
        text, found = decode_rules_text((CR_DIR / f"MagicCompRules-{date}.txt").read_bytes())
        assert found == encoding, date
        assert expected in text, date


@needs_real_files
@pytest.mark.shared
def test_real_2026_planeswalk_references_moved_to_701_31() -> None:
    edition = real("2026-01-16")
    assert "701.31" in rule_text(edition, "901.8")
    assert "701.31" in rule_text(edition, "312.7")
    old = real("2024-11-08")
    assert "701.24" in rule_text(old, "901.8")


# --------------------------------------------------------------------------- incomplete files


def _cut_before(text: str, marker: str) -> bytes:
    """``text`` cut at the start of the (last) line beginning with ``marker``."""
    lines = re.split(r"\r\n|\r|\n", text)
    at = [index for index, line in enumerate(lines) if line.startswith(marker)]
    assert at, marker
    return "\n".join(lines[: at[-1]]).encode("utf-8")


@pytest.mark.parametrize("marker", ["901.15.", "901.15a"])
def test_file_cut_inside_901_is_refused(marker: str) -> None:
    text = sample_text("planechase-modern.txt")
    with pytest.raises(InputError, match="Single Planar Deck Option") as caught:
        parse_comprehensive_rules(_cut_before(text, marker), source_name="cut.txt")
    assert "incomplete" in str(caught.value)
    assert caught.value.hint and "complete" in caught.value.hint


def test_file_without_glossary_is_refused() -> None:
    text = sample_text("planechase-modern.txt")
    with pytest.raises(InputError, match="no glossary"):
        parse_comprehensive_rules(_cut_before(text, "Glossary"), source_name="cut.txt")


@pytest.mark.parametrize("marker", ["Planar Deck", "Planeswalker Symbol", "Vanguard", "Credits"])
def test_file_cut_inside_the_glossary_is_refused(marker: str) -> None:
    """A file cut inside the glossary imported with the Planechase entries after the cut
    missing (and replaced the complete bundled edition for that user)."""
    text = sample_text("planechase-modern.txt")
    with pytest.raises(InputError, match="before the Credits") as caught:
        parse_comprehensive_rules(_cut_before(text, marker), source_name="cut.txt")
    assert "incomplete" in str(caught.value)


@needs_real_files
@pytest.mark.parametrize(
    "marker", ["901.10.", "901.15a", "Glossary", "Encounter", "Planeswalk", "Credits"]
)
def test_real_2026_file_cut_short_is_refused(marker: str) -> None:
    data = (CR_DIR / "MagicCompRules-2026-01-16.txt").read_bytes()
    text, _ = decode_rules_text(data)
    with pytest.raises(InputError, match="incomplete"):
        parse_comprehensive_rules(_cut_before(text, marker), source_name="cut.txt")

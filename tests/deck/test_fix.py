"""``validate --fix`` and ``--diff``: the repairs with one right answer, made in place with
every other byte kept; atomic writes; files that change while being fixed."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from planarcli.cards import resolve
from planarcli.cards.resolve import is_misspelling
from planarcli.cards.store import load_catalog
from planarcli.deck import fix as fix_module
from planarcli.deck import rewrite
from planarcli.deck.checks import DECK_RULES, DeckOptions
from planarcli.deck.fix import fix_bytes
from planarcli.deck.readers.source import RawInput
from planarcli.deck.repairs import clear_suggestion
from planarcli.schemacheck import schema_errors

FORMATS_DIR = Path(__file__).parents[1] / "decks" / "formats"

PLANES = [
    "Academy at Tolaria West",
    "Agyrem",
    "Bant",
    "Celestine Reef",
    "Cliffside Market",
    "Eloren Wilds",
    "Feeding Grounds",
    "Fields of Summer",
    "Glimmervoid Basin",
    "Goldmeadow",
]


def fixed(data: bytes, suffix: str = ".txt", **options: object) -> bytes:
    raw = RawInput(f"deck{suffix}", data, suffix)
    new, _, _ = fix_bytes(raw, load_catalog(), DeckOptions(**options))  # type: ignore[arg-type]
    return new


# -- what has one right answer --------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("Akuom", "Akoum"),
        ("Stairs to Infinty", "Stairs to Infinity"),
        ("Eloren Wild", "Eloren Wilds"),
        ("Littiara", "Littjara"),
        ("Llanowar Elves", None),  # another card, not a misspelling of Llanowar
        ("Mountain", None),  # not a slip of Ten Wizards Mountain
        ("Plains", None),
        ("Island", None),  # two planes fit equally
        ("Bat", None),  # too short to guess from
        ("Sol Ring", None),
    ],
)
def test_clear_suggestion(written: str, expected: str | None) -> None:
    assert clear_suggestion(written, load_catalog(), set(), DECK_RULES[-1]) == expected


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("The Gerat Forest", "The Great Forest"),
        ("Teh Fourth Sphere", "The Fourth Sphere"),
        ("The Pyraimd of Mars", "The Pyramid of Mars"),
    ],
)
def test_a_letter_swap_cards_show_guesses_is_fixed(written: str, expected: str) -> None:
    """Issue 16, item 3: the swaps whose finding offers one card, and that `cards show`
    guesses, were left alone because the looser did-you-mean list held other cards too."""
    catalog = load_catalog()
    assert resolve.find(catalog, written) == (catalog.exact(expected), "fuzzy")
    assert clear_suggestion(written, catalog, set(), DECK_RULES[-1]) == expected
    before = deck_text(["Planar Deck", f"1 {written}", "1 Bant"])
    after = deck_text(["Planar Deck", f"1 {expected}", "1 Bant"])
    assert fixed(before.encode()).decode() == after


def test_a_suggestion_the_deck_lists_already_is_not_clear() -> None:
    assert clear_suggestion("Akuom", load_catalog(), {"Akoum"}, DECK_RULES[-1]) is None


def test_a_phenomenon_is_no_fix_under_rules_without_phenomena() -> None:
    catalog = load_catalog()
    assert clear_suggestion("Time Distortin", catalog, set(), DECK_RULES[-1]) == "Time Distortion"
    assert clear_suggestion("Time Distortin", catalog, set(), DECK_RULES[0]) is None


def test_a_folded_spelling_is_no_misspelling() -> None:
    assert not is_misspelling("The AEther Flues", "The Aether Flues")


def deck_text(lines: list[str], newline: str = "\n") -> str:
    return newline.join(lines) + newline


def test_text_fix_renames_dedupes_and_keeps_everything_else() -> None:
    before = deck_text(
        [
            "// NAME: Mixed",
            "1 Sol Ring",
            "",
            "Planar Deck",
            "1 Akuom [OHOP:3]",
            "3x Bant *F*",
            *[f"1 {name}" for name in PLANES[3:]],
            "1 Agyrem",
            "1  Agyrem  # twice",
            "1 The AEther Flues",
            "",
            "Display Commander",
            "1 Sol Ring",
        ]
    )
    after = fixed(before.encode()).decode()
    assert after.splitlines() == [
        "// NAME: Mixed",
        "1 Sol Ring",
        "",
        "Planar Deck",
        "1 Akoum [OHOP:3]",
        "1x Bant *F*",
        *[f"1 {name}" for name in PLANES[3:]],
        "1 Agyrem",
        "1 The AEther Flues",  # a variant spelling the catalog reads is left as written
        "",
        "Display Commander",
        "1 Sol Ring",
    ]


def test_an_unclear_name_is_left_alone() -> None:
    before = deck_text(["Planar Deck", "1 Island", "1 Llanowar Elves", "1 Akuom", "1 Akoum"])
    assert fixed(before.encode()) == before.encode()


def test_two_misspellings_of_one_card_are_left_alone() -> None:
    before = deck_text(["Planar Deck", "1 Akuom", "1 Akkoum", *[f"1 {n}" for n in PLANES]])
    assert fixed(before.encode()) == before.encode()


def test_a_repeated_misspelling_is_renamed_once_and_kept_once() -> None:
    before = deck_text(["Planar Deck", "1 Akuom", "1 Bant", "2 Akuom"])
    assert fixed(before.encode()).decode() == deck_text(["Planar Deck", "1 Akoum", "1 Bant"])


def test_removing_the_last_line_keeps_every_other_line_whole() -> None:
    before = "Planar Deck\n1 Bant\n\n1 Bant\n1 Bant"
    assert fixed(before.encode()) == b"Planar Deck\n1 Bant\n\n"


# -- bytes: encodings, marks, line endings ---------------------------------------------


def _lines_bytes(data: bytes, separator: bytes) -> list[bytes]:
    return data.split(separator)


@pytest.mark.parametrize(
    ("encoding", "mark", "newline"),
    [
        ("utf-8", b"", "\r\n"),
        ("utf-8", b"\xef\xbb\xbf", "\r\n"),
        ("utf-8", b"\xef\xbb\xbf", "\n"),
        ("utf-8", b"", "\r"),
        ("utf-16-le", b"\xff\xfe", "\r\n"),
        ("utf-16-be", b"\xfe\xff", "\n"),
        ("cp1252", b"", "\r\n"),
    ],
)
def test_unfixed_lines_keep_their_bytes(encoding: str, mark: bytes, newline: str) -> None:
    lines = [
        "// NAME: Ætherhüpfer — “Windows” list",
        "Planar Deck",
        "1 Akuom",
        "1 The Æther Flues",
        *[f"1 {name}" for name in PLANES],
        "2 Naya",
        "1 Bant",
    ]
    before = mark + deck_text(lines, newline).encode(encoding)
    after = fixed(before)
    sep = newline.encode(encoding)
    old, new = before[len(mark) :].split(sep), after[len(mark) :].split(sep)
    assert after.startswith(mark)
    assert new[2] == "1 Akoum".encode(encoding)
    assert new[-2] == "1 Naya".encode(encoding)
    # the last line ("1 Bant" again) is gone; every other line is byte for byte what it was
    assert old[:2] + old[3:-3] == new[:2] + new[3:-2]
    assert len(new) == len(old) - 1
    assert new[-1] == b""  # still ends with its line break


def test_cp1252_file_with_a_utf8_line_keeps_both() -> None:
    before = (
        "// Name: Æther".encode("cp1252")
        + b"\n"
        + "// Gerät".encode()
        + b"\nPlanar Deck\n1 Akuom\n1 Bant\n1 Bant\n"
    )
    after = fixed(before)
    assert after == before.replace(b"Akuom", b"Akoum").replace(b"1 Bant\n1 Bant\n", b"1 Bant\n")


# -- every format ------------------------------------------------------------------------


def test_forge_fix() -> None:
    before = (
        b"[metadata]\r\nName=Forge\r\n[Main]\r\n4 Island|M11\r\n[Planes]\r\n"
        b"1 Akuom|HOP|1\r\n2 Tazeem|HOP|2\r\n1 Bant\r\n1 Bant|PCA\r\n[Schemes]\r\n"
    )
    after = fixed(before, ".dck")
    assert after == (
        b"[metadata]\r\nName=Forge\r\n[Main]\r\n4 Island|M11\r\n[Planes]\r\n"
        b"1 Akoum|HOP|1\r\n1 Tazeem|HOP|2\r\n1 Bant\r\n[Schemes]\r\n"
    )


def test_cockatrice_fix_keeps_attributes_and_layout() -> None:
    before = (
        b'<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_deck version="1">\n'
        b"  <deckname>A &amp; B</deckname>\n"
        b'  <zone name="main">\n    <card number="4" name="Island"/>\n  </zone>\n'
        b'  <zone name="side">\n'
        b"    <card name='Eloren Wild'   number='1' price=\"0\"/>\n"
        b'    <card number="2" name="Bant"/>\n'
        b'    <card number="1" name="Naya"/><card number="1" name="Naya"/>\n'
        b"  </zone>\n</cockatrice_deck>\n"
    )
    after = fixed(before, ".cod").decode()
    assert "<card name='Eloren Wilds'   number='1' price=\"0\"/>" in after
    assert '<card number="1" name="Bant"/>' in after
    assert after.count('name="Naya"') == 1
    assert '<card number="4" name="Island"/>' in after
    assert "A &amp; B" in after


def test_mtgo_fix_removes_a_whole_row() -> None:
    before = (
        b'<?xml version="1.0" encoding="utf-8"?>\r\n<Deck>\r\n'
        b'  <Cards CatID="1" Quantity="4" Sideboard="false" Name="Island" />\r\n'
        b'  <Cards CatID="0" Quantity="1" Sideboard="true" Name="Eloren Wild" />\r\n'
        b'  <Cards CatID="0" Quantity="1" Sideboard="true" Name="Bant" />\r\n'
        b'  <Cards CatID="0" Quantity="3" Sideboard="true" Name="Bant" />\r\n'
        b"</Deck>\r\n"
    )
    after = fixed(before, ".dek").decode()
    assert after == (
        '<?xml version="1.0" encoding="utf-8"?>\r\n<Deck>\r\n'
        '  <Cards CatID="1" Quantity="4" Sideboard="false" Name="Island" />\r\n'
        '  <Cards CatID="0" Quantity="1" Sideboard="true" Name="Eloren Wilds" />\r\n'
        '  <Cards CatID="0" Quantity="1" Sideboard="true" Name="Bant" />\r\n'
        "</Deck>\r\n"
    )


def test_planarcli_json_fix_keeps_formatting() -> None:
    before = (FORMATS_DIR / "planarcli-deck.json").read_text(encoding="utf-8")
    broken = before.replace('{"name": "Stensia"}', '{"name": "Stensa", "x-note": "é"}')
    broken = broken.replace(
        '{"name": "Prahv"},', '{"name": "Prahv"},\n    {"name": "Tazeem", "quantity": 2},'
    )
    after = fixed(broken.encode(), ".json").decode()
    assert after == before.replace('{"name": "Stensia"}', '{"name": "Stensia", "x-note": "é"}')


def test_mtgjson_fix_in_the_planes_list() -> None:
    before = (FORMATS_DIR / "mtgjson-planes.json").read_text(encoding="utf-8")
    document = json.loads(before)
    first = document["data"]["planes"][0]["name"]
    broken = before.replace(f'"name":"{first}"', f'"name":"{first[:-1]}"', 1)
    assert broken != before
    after = fixed(broken.encode(), ".json").decode()
    assert after == before


def test_mtgjson_duplicate_object_is_removed_with_its_comma() -> None:
    document = json.loads((FORMATS_DIR / "mtgjson-planes.json").read_text(encoding="utf-8"))
    planes = document["data"]["planes"]
    planes.append(dict(planes[1]))
    before = json.dumps(document, ensure_ascii=False, indent=1)
    planes.pop()
    assert json.loads(fixed(before.encode(), ".json")) == document


# -- the command ---------------------------------------------------------------------------


def test_cli_fix_reports_the_fixed_file(run_cli: Callable[..., object], tmp_path: Path) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text(deck_text(["Planar Deck", "1 Akuom", *[f"1 {n}" for n in PLANES]]), "utf-8")
    result = run_cli("validate", "--fix", str(deck))
    assert result.exit_code == 0, result  # type: ignore[attr-defined]
    assert f"{deck}:2: fixed: 'Akuom' -> 'Akoum'" in result.stdout  # type: ignore[attr-defined]
    assert "1 Akoum\n" in deck.read_text(encoding="utf-8")
    again = run_cli("validate", "--fix", "--format", "json", str(deck))
    report = json.loads(again.stdout)  # type: ignore[attr-defined]
    assert report["files"][0]["fixes"] == [] and report["files"][0]["valid"] is True


def test_cli_diff_writes_nothing(run_cli: Callable[..., object], tmp_path: Path) -> None:
    deck = tmp_path / "deck.txt"
    text = deck_text(["Planar Deck", "1 Akuom", *[f"1 {n}" for n in PLANES]])
    deck.write_text(text, "utf-8")
    result = run_cli("validate", "--fix", "--diff", str(deck))
    assert result.exit_code == 0, result  # type: ignore[attr-defined]  # as the fixed file
    assert "-1 Akuom\n+1 Akoum\n" in result.stdout  # type: ignore[attr-defined]
    assert result.stdout.startswith(f"--- {deck}\n+++ {deck}\n")  # type: ignore[attr-defined]
    assert deck.read_text(encoding="utf-8") == text
    as_json = run_cli("validate", "--diff", "--format", "json", str(deck))
    report = json.loads(as_json.stdout)  # type: ignore[attr-defined]
    assert report["files"][0]["diff"].startswith("--- ")
    assert report["files"][0]["valid"] is True
    assert deck.read_text(encoding="utf-8") == text
    plain = run_cli("validate", str(deck))
    assert plain.exit_code == 1  # type: ignore[attr-defined]


def test_cli_fix_refuses_stdin(run_cli: Callable[..., object]) -> None:
    result = run_cli("validate", "--fix", "-", input="Planar Deck\n1 Bant\n")
    assert result.exit_code == 2  # type: ignore[attr-defined]
    assert "standard input cannot be fixed" in result.stderr  # type: ignore[attr-defined]


def test_cli_fix_of_an_unreadable_file_is_exit_2(
    run_cli: Callable[..., object], tmp_path: Path
) -> None:
    broken = tmp_path / "broken.cod"
    broken.write_text("<cockatrice_deck><zone>", encoding="utf-8")
    result = run_cli("validate", "--fix", str(broken))
    assert result.exit_code == 2  # type: ignore[attr-defined]
    assert broken.read_text(encoding="utf-8") == "<cockatrice_deck><zone>"


def test_fix_keeps_the_file_mode_and_follows_links(tmp_path: Path) -> None:
    target = tmp_path / "real.txt"
    target.write_text("Planar Deck\n1 Bant\n1 Bant\n", encoding="utf-8")
    target.chmod(0o640)
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    fix_module.fix_file(str(link), load_catalog(), DeckOptions())
    assert link.is_symlink()
    assert target.read_text(encoding="utf-8") == "Planar Deck\n1 Bant\n"
    assert (target.stat().st_mode & 0o777) == 0o640


# -- safety: crashes and concurrent changes ----------------------------------------------


def test_a_crash_while_writing_leaves_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    deck = tmp_path / "deck.txt"
    original = b"Planar Deck\r\n1 Akuom\r\n1 Bant\r\n"
    deck.write_bytes(original)
    real_fdopen = os.fdopen

    class Crash(Exception):
        pass

    def crashing_fdopen(fd: int, mode: str = "r", *args: object, **kwargs: object) -> object:
        handle = real_fdopen(fd, mode, *args, **kwargs)  # type: ignore[call-overload]
        real_write = handle.write

        def write(data: bytes) -> int:
            real_write(data[: len(data) // 2])
            raise Crash("power cut")

        handle.write = write
        return handle

    monkeypatch.setattr(rewrite.os, "fdopen", crashing_fdopen)
    with pytest.raises(Crash):
        fix_module.fix_file(str(deck), load_catalog(), DeckOptions())
    assert deck.read_bytes() == original
    assert [p.name for p in tmp_path.iterdir()] == ["deck.txt"]  # no temp file left


def test_a_failed_rename_leaves_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, run_cli: Callable[..., object]
) -> None:
    deck = tmp_path / "deck.txt"
    original = b"Planar Deck\n1 Akuom\n"
    deck.write_bytes(original)

    def no_replace(source: str, target: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(rewrite.os, "replace", no_replace)
    result = run_cli("validate", "--fix", str(deck))
    assert result.exit_code == 2  # type: ignore[attr-defined]
    assert "cannot be rewritten (No space left on device)" in result.stderr  # type: ignore[attr-defined]
    assert deck.read_bytes() == original
    assert [p.name for p in tmp_path.iterdir()] == ["deck.txt"]


def while_fixing(monkeypatch: pytest.MonkeyPatch, meanwhile: Callable[[], object]) -> None:
    """Run ``meanwhile`` once the fix is worked out and before it is written (another
    program saving the file while planarcli works)."""
    real = fix_module.fix_bytes

    def then_meanwhile(*args: object, **kwargs: object) -> object:
        answer = real(*args, **kwargs)  # type: ignore[arg-type]
        meanwhile()
        return answer

    monkeypatch.setattr(fix_module, "fix_bytes", then_meanwhile)


def test_a_file_changed_while_being_fixed_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, run_cli: Callable[..., object]
) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_bytes(b"Planar Deck\n1 Akuom\n")
    # another program saves its own version while planarcli works (same size too)
    while_fixing(monkeypatch, lambda: deck.write_bytes(b"Planar Deck\n1 Naya!\n"))
    result = run_cli("validate", "--fix", "--format", "json", str(deck))
    assert result.exit_code == 2  # type: ignore[attr-defined]
    assert "changed on disk while it was being fixed" in result.stderr  # type: ignore[attr-defined]
    report = json.loads(result.stdout)  # type: ignore[attr-defined]
    assert report["files"][0]["findings"][0]["code"] == "file-changed"
    assert deck.read_bytes() == b"Planar Deck\n1 Naya!\n"  # their version, untouched
    assert [p.name for p in tmp_path.iterdir()] == ["deck.txt"]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("2 Akuom", "1 Akoum"),
        ("2x Akuom", "1x Akoum"),
        ("x2 Akuom", "x1 Akoum"),
        ("Akuom x2", "Akoum x1"),
        ("2 Akuom (PCA) 2", "1 Akoum (PCA) 2"),
        ("2x Akuom (pca) 12 *F*", "1x Akoum (pca) 12 *F*"),
        ("2 Akuom [OHOP:2] [foil]", "1 Akoum [OHOP:2] [foil]"),
        ("2 [HOP] Akuom", "1 [HOP] Akoum"),
        ("2   Akuom   # my favourite Akuom", "1   Akoum   # my favourite Akuom"),
    ],
)
def test_every_line_form_is_fixed_in_place(line: str, expected: str) -> None:
    others = [f"1 {name}" for name in PLANES]
    before = deck_text(["Planar Deck", line, *others], "\r\n")
    after = fixed(before.encode("utf-8")).decode("utf-8")
    assert after == deck_text(["Planar Deck", expected, *others], "\r\n")


def test_cli_diff_needs_a_text_or_json_report(
    run_cli: Callable[..., object], tmp_path: Path
) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text("Planar Deck\n1 Akuom\n", encoding="utf-8")
    result = run_cli("validate", "--diff", "--format", "sarif", str(deck))
    assert result.exit_code == 2  # type: ignore[attr-defined]
    github = run_cli("validate", "--fix", "--format", "github", str(deck))
    assert github.exit_code == 1  # type: ignore[attr-defined]
    assert "fixed: 'Akuom' -> 'Akoum'" in github.stderr  # type: ignore[attr-defined]
    assert deck.read_text(encoding="utf-8") == "Planar Deck\n1 Akoum\n"


def test_a_read_only_file_is_not_replaced(run_cli: Callable[..., object], tmp_path: Path) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text("Planar Deck\n1 Akuom\n", encoding="utf-8")
    deck.chmod(0o444)
    result = run_cli("validate", "--fix", str(deck))
    assert result.exit_code == 2  # type: ignore[attr-defined]
    assert "read-only" in result.stderr  # type: ignore[attr-defined]
    assert deck.read_text(encoding="utf-8") == "Planar Deck\n1 Akuom\n"


def test_cli_fix_json_report_matches_the_schema(
    run_cli: Callable[..., object], tmp_path: Path
) -> None:
    from planarcli.schemacheck import schema_errors

    deck = tmp_path / "deck.txt"
    deck.write_text(deck_text(["Planar Deck", "2 Akuom", "1 Bant", "1 Bant"]), "utf-8")
    for flag in ("--diff", "--fix"):
        result = run_cli("validate", flag, "--format", "json", str(deck))
        report = json.loads(result.stdout)  # type: ignore[attr-defined]
        assert schema_errors(report, "validate-report.schema.json") == []
        actions = [fix["action"] for fix in report["files"][0]["fixes"]]
        assert actions == ["rename", "quantity", "remove"]


def test_cli_diff_prints_the_diff_then_the_report(
    run_cli: Callable[..., object], tmp_path: Path
) -> None:
    """Issue 16 item 8 (contract, additions of 2026-12-01): --diff, with or without --fix,
    prints the diff, then the report of the file as fixed; nothing to change: the report."""
    deck = tmp_path / "deck.txt"
    text = deck_text(["Planar Deck", "1 Akuom", "2 Bant", *[f"1 {n}" for n in PLANES[3:]]])
    deck.write_text(text, "utf-8")
    for flags in (["--diff"], ["--fix", "--diff"]):
        result = run_cli("validate", *flags, str(deck))
        out = result.stdout  # type: ignore[attr-defined]
        assert result.exit_code == 1, result  # type: ignore[attr-defined]  # 9 cards once fixed
        assert out.startswith(f"--- {deck}\n+++ {deck}\n"), out
        diff, report = out.split(f"{deck}: invalid (9 cards, 0 phenomena)\n")
        assert "-1 Akuom\n-2 Bant\n+1 Akoum\n+1 Bant\n" in diff
        assert "deck-too-small" in report and report.endswith("1 file: 0 valid, 1 invalid\n")
        assert deck.read_text(encoding="utf-8") == text
    legal = tmp_path / "legal.txt"
    legal.write_text(deck_text(["Planar Deck", *[f"1 {n}" for n in PLANES]]), "utf-8")
    nothing = run_cli("validate", "--diff", str(legal))
    assert nothing.exit_code == 0, nothing  # type: ignore[attr-defined]
    expected = f"{legal}: valid (10 cards, 0 phenomena)\n1 file: 1 valid, 0 invalid\n"
    assert nothing.stdout == expected  # type: ignore[attr-defined]


def test_cli_diff_reads_standard_input(run_cli: Callable[..., object]) -> None:
    text = deck_text(["Planar Deck", "1 Akuom", *[f"1 {n}" for n in PLANES[1:]]])
    result = run_cli("validate", "--diff", "-", input=text)
    out = result.stdout  # type: ignore[attr-defined]
    assert result.exit_code == 0, result  # type: ignore[attr-defined]
    assert out.startswith("--- <stdin>\n+++ <stdin>\n"), out
    assert "-1 Akuom\n+1 Akoum\n" in out
    assert out.endswith("<stdin>: valid (10 cards, 0 phenomena)\n1 file: 1 valid, 0 invalid\n")
    assert "<stdin>:2: would fix: 'Akuom' -> 'Akoum'" in result.stderr  # type: ignore[attr-defined]
    as_json = run_cli("validate", "--diff", "-", "--format", "json", input=text)
    entry = json.loads(as_json.stdout)["files"][0]  # type: ignore[attr-defined]
    assert entry["path"] == "<stdin>" and entry["valid"] is True
    assert entry["diff"].startswith("--- <stdin>\n")
    assert [fix["to"] for fix in entry["fixes"]] == ["Akoum"]
    # --fix alone still cannot write standard input anywhere
    refused = run_cli("validate", "--fix", "-", input=text)
    assert refused.exit_code == 2  # type: ignore[attr-defined]


# -- what a fix keeps, and what it reports (issue 15) ------------------------------------


def test_a_cp1252_file_is_fixed_in_cp1252(run_cli: Callable[..., object], tmp_path: Path) -> None:
    """A name with an accent written into a Windows-1252 file is written in Windows-1252:
    the file stays one encoding (UTF-8 bytes there would read as "OteclÃ¡n")."""
    deck = tmp_path / "deck.txt"
    lines = ["// Gerät", "Planar Deck", "1 Otecan", *[f"1 {name}" for name in PLANES]]
    deck.write_bytes(deck_text(lines, "\r\n").encode("cp1252"))
    result = run_cli("validate", "--fix", str(deck))
    assert result.exit_code == 0, result  # type: ignore[attr-defined]
    after = deck.read_bytes()
    assert b"1 Otecl\xe1n\r\n" in after
    assert "Oteclán".encode() not in after
    assert after.decode("cp1252").splitlines()[2] == "1 Oteclán"


def test_a_same_size_change_with_the_time_kept_is_still_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only the content hash tells this change: same size, and its mtime put back."""
    deck = tmp_path / "deck.txt"
    deck.write_bytes(b"Planar Deck\n1 Akuom\n")

    def save_keeping_the_time() -> None:
        status = deck.stat()
        deck.write_bytes(b"Planar Deck\n1 Naya!\n")
        os.utime(deck, ns=(status.st_atime_ns, status.st_mtime_ns))

    while_fixing(monkeypatch, save_keeping_the_time)
    with pytest.raises(rewrite.FileChangedError):
        fix_module.fix_file(str(deck), load_catalog(), DeckOptions())
    assert deck.read_bytes() == b"Planar Deck\n1 Naya!\n"
    assert [p.name for p in tmp_path.iterdir()] == ["deck.txt"]


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root")
def test_a_fix_run_as_root_keeps_the_owner_group_and_mode(tmp_path: Path) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text("Planar Deck\n1 Akuom\n1 Bant\n", encoding="utf-8")
    os.chown(deck, 4321, 4322)
    deck.chmod(0o640)
    fix_module.fix_file(str(deck), load_catalog(), DeckOptions())
    assert deck.read_text(encoding="utf-8") == "Planar Deck\n1 Akoum\n1 Bant\n"
    status = deck.stat()
    assert (status.st_uid, status.st_gid, status.st_mode & 0o7777) == (4321, 4322, 0o640)


def test_keep_owner_keeps_the_group_where_the_owner_cannot_be_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not root: chown to another user fails; the group alone is still kept."""
    made = tmp_path / "new"
    made.write_text("x", encoding="utf-8")
    old = tmp_path / "old"
    old.write_text("y", encoding="utf-8")
    calls: list[tuple[int, int]] = []

    def chown(path: str, uid: int, gid: int) -> None:
        calls.append((uid, gid))
        if uid != -1:
            raise PermissionError(1, "Operation not permitted")

    status = os.stat_result((0o100640, 0, 0, 1, 4321, 4322, 1, 0, 0, 0))
    monkeypatch.setattr(rewrite.os, "chown", chown)
    rewrite.keep_owner(str(made), status)
    assert calls == [(4321, 4322), (-1, 4322)]


def test_a_concurrent_fix_reports_on_the_bytes_it_found(
    run_cli: Callable[..., object], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two --fix runs on one file: the second judged the misspelt bytes, then found the file
    already fixed by the first. Its report is on what it found, not on what it judged first
    ("invalid, did you mean 'Akoum'" for a file that is right)."""
    deck = tmp_path / "deck.txt"
    deck.write_text(deck_text(["Planar Deck", "1 Akuom", *[f"1 {n}" for n in PLANES]]), "utf-8")
    fixed_text = deck.read_text(encoding="utf-8").replace("Akuom", "Akoum")
    real = fix_module.read_for_rewrite

    def the_other_run_first(path: str) -> object:
        deck.write_text(fixed_text, encoding="utf-8")  # the other run's replace lands now
        return real(path)

    monkeypatch.setattr(fix_module, "read_for_rewrite", the_other_run_first)
    result = run_cli("validate", "--fix", "--format", "json", str(deck))
    report = json.loads(result.stdout)  # type: ignore[attr-defined]
    assert result.exit_code == 0, result  # type: ignore[attr-defined]
    [entry] = report["files"]
    assert entry["valid"] is True and entry["findings"] == [] and entry["fixes"] == []
    assert entry["path"] == str(deck)
    assert deck.read_text(encoding="utf-8") == fixed_text


def test_the_verdict_is_on_the_bytes_written_not_on_a_later_read(
    run_cli: Callable[..., object], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text(deck_text(["Planar Deck", "1 Akuom", *[f"1 {n}" for n in PLANES]]), "utf-8")
    real = fix_module.replace_file

    def then_someone_else_writes(path: str, data: bytes, state: object) -> None:
        real(path, data, state)  # type: ignore[arg-type]
        deck.write_text("Planar Deck\n1 Akuom\n", encoding="utf-8")

    monkeypatch.setattr(fix_module, "replace_file", then_someone_else_writes)
    result = run_cli("validate", "--fix", "--format", "json", str(deck))
    assert result.exit_code == 0, result  # type: ignore[attr-defined]
    [entry] = json.loads(result.stdout)["files"]  # type: ignore[attr-defined]
    assert entry["valid"] is True and [f["to"] for f in entry["fixes"]] == ["Akoum"]



def test_a_repair_that_changes_how_the_planar_deck_is_found_is_not_made(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A fix is kept only when the fixed file's planar deck is found the same way (issue
    22.7): here every re-read after the first finds it another way, and nothing is made."""
    from planarcli.records import replace

    deck = Path(__file__).parents[1] / "decks" / "invalid" / "misspelled.txt"
    raw = RawInput(str(deck), deck.read_bytes(), ".txt")
    fixed_data, made, _ = fix_bytes(raw, load_catalog(), DeckOptions())
    assert made and fixed_data != raw.data  # as the reader finds it, the fix is made
    real = fix_module.find_planar_deck
    calls: list[str] = []

    def found_otherwise(decklist, catalog):  # type: ignore[no-untyped-def]
        planar = real(decklist, catalog)
        calls.append(planar.how)
        return planar if len(calls) == 1 else replace(planar, how="by-type")

    monkeypatch.setattr(fix_module, "find_planar_deck", found_otherwise)
    again, made_again, _ = fix_bytes(raw, load_catalog(), DeckOptions())
    assert calls[0] == "section" and len(calls) > 1
    assert (again, made_again) == (raw.data, ())


#: A deck with a misspelled plane and a card listed twice: both fixable.
FIXABLE = "Planar Deck\n1 Akuom\n2 Bant\n"


def _read_only(path) -> None:
    path.chmod(0o444)


@pytest.fixture
def read_only_deck(write):
    deck = write("ro2.txt", FIXABLE)
    _read_only(deck)
    yield deck
    deck.chmod(0o644)


def test_a_read_only_file_keeps_its_findings_and_says_why_it_was_not_fixed(
    read_only_deck, run_cli
) -> None:
    """`validate --fix ro2.txt` (read-only) said "not fixed" and "1 unreadable" and
    dropped the deck's findings, though the file was read fine."""
    deck = read_only_deck
    before = deck.read_bytes()
    result = run_cli("validate", "--fix", str(deck))
    plain = run_cli("validate", str(deck))
    assert deck.read_bytes() == before  # untouched
    assert result.exit_code == 2, result  # output that cannot be written: exit 2
    lines = result.stdout.splitlines()
    assert lines[0] == f"{deck}: not fixed, invalid (3 cards, 0 phenomena)"
    # The deck's findings, exactly as a check without --fix reports them.
    assert lines[1:-1] == plain.stdout.splitlines()[1:-1]
    assert "unreadable" not in result.stdout
    assert lines[-1] == "1 file: 0 valid, 1 invalid (1 not fixed)"
    # Why, once, on stderr (and not again in the text report).
    errors = [line for line in result.stderr.splitlines() if "read-only" in line]
    assert errors == [
        f"planarcli: error: {deck}: is read-only, so the fix was not written and the file "
        "is unchanged (make it writable first)"
    ]
    assert "read-only" not in result.stdout


def test_a_read_only_file_in_json_and_sarif(read_only_deck, run_cli) -> None:
    deck = read_only_deck
    result = run_cli("validate", "--fix", "--format", "json", str(deck))
    assert result.exit_code == 2, result
    report = json.loads(result.stdout)
    assert schema_errors(report, "validate-report.schema.json") == []
    (entry,) = report["files"]
    assert entry["not_fixed"] is True and entry["fixes"] == []
    assert (entry["format"], entry["cards"], entry["valid"]) == ("text", 3, False)
    codes = [finding["code"] for finding in entry["findings"]]
    assert codes[0] == "not-written"
    assert {"unknown-card", "duplicate-card", "deck-too-small"} <= set(codes[1:])
    assert report["summary"]["unreadable"] == 0
    assert report["summary"]["not_fixed"] == 1
    sarif = json.loads(run_cli("validate", "--fix", "--format", "sarif", str(deck)).stdout)
    run = sarif["runs"][0]
    assert run["invocations"][0]["executionSuccessful"] is False
    assert "read-only" in run["invocations"][0]["toolExecutionNotifications"][0]["message"]["text"]
    assert {"unknown-card", "duplicate-card"} <= {r["ruleId"] for r in run["results"]}


def test_a_failed_write_as_another_user_is_not_fixed(write, run_cli, monkeypatch) -> None:
    """A file the user may not write (os.access says so, as for a non-root user of a file
    owned by someone else) is reported the same way, whatever its mode bits."""
    deck = write("theirs.txt", FIXABLE)
    real_access = os.access

    def access(path, mode, *args, **kwargs):
        if os.path.realpath(path) == os.path.realpath(deck) and mode & os.W_OK:
            return False
        return real_access(path, mode, *args, **kwargs)

    monkeypatch.setattr(os, "access", access)
    result = run_cli("validate", "--fix", str(deck))
    assert result.exit_code == 2, result
    assert deck.read_text(encoding="utf-8") == FIXABLE
    assert result.stdout.startswith(f"{deck}: not fixed, invalid")
    assert "1 not fixed" in result.stdout


def test_a_quantity_fix_says_old_and_new_quantity(write, run_cli) -> None:
    """The fix record said `"to": null, "quantity": 2` for "2 Bant" -> "1 Bant": which
    quantity was that? `quantity` is as written; `new_quantity` is the repaired one."""
    deck = write("deck.txt", "Planar Deck\n1 Akuom\n2 Bant\n1 Naya\n1 Naya\n")
    result = run_cli("validate", "--diff", "--format", "json", str(deck))
    report = json.loads(result.stdout)
    assert schema_errors(report, "validate-report.schema.json") == []
    fixes = {fix["action"]: fix for fix in report["files"][0]["fixes"]}
    assert fixes["quantity"] == {
        "line": 3,
        "action": "quantity",
        "card": "Bant",
        "to": None,
        "quantity": 2,
        "new_quantity": 1,
    }
    assert (fixes["rename"]["quantity"], fixes["rename"]["new_quantity"]) == (1, 1)
    assert fixes["rename"]["to"] == "Akoum"
    assert (fixes["remove"]["quantity"], fixes["remove"]["new_quantity"]) == (1, 0)


def test_quiet_still_lists_a_valid_deck_that_was_not_fixed(write, run_cli) -> None:
    """-q leaves out files without problems; a fix that was not written is a problem even
    when the deck itself passes (a misspelled plane in a Cockatrice sideboard is only a
    warning, yet --fix renames it)."""
    from planarcli.deck.findings import FileResult, Finding
    from planarcli.report.render import render_text

    why = Finding(None, "2026-01-16", "error", "not-written", "is read-only")
    result = FileResult("deck.cod", True, 10, 0, (why,), "cockatrice", "by-type", not_fixed=True)
    assert result.exit_code == 2
    assert render_text([result], quiet=True).splitlines() == [
        "deck.cod: not fixed, valid (10 cards, 0 phenomena)",
        "1 file: 1 valid, 0 invalid (1 not fixed)",
    ]


def test_a_read_only_file_is_reported_as_not_fixed_not_unreadable(write, run_cli) -> None:
    """`validate --fix` on a read-only file printed "deck.txt: unreadable" (it was read
    fine), and the SARIF log said "could not be read"."""
    deck = write("deck.txt", "Planar Deck\n1 Akuom\n")
    deck.chmod(0o444)
    try:
        text = run_cli("validate", "--fix", str(deck))
        sarif = run_cli("validate", "--fix", "--format", "sarif", str(deck))
    finally:
        deck.chmod(0o644)
    assert text.exit_code == 2, text
    assert f"{deck}: not fixed" in text.stdout
    assert "unreadable" not in text.stdout.splitlines()[0]
    notes = json.loads(sarif.stdout)["runs"][0]["invocations"][0]["toolExecutionNotifications"]
    assert "read-only" in notes[0]["message"]["text"]


MOXFIELD_CSV = (
    '"Count","Tradelist Count","Name","Edition","Condition"\r\n'
    '"1","0","Akuom","pc2","Near Mint"\r\n'
    '"2","0","Bant","hop","Near Mint"\r\n'
    '"1","0","Eloren Wilds","hop","Near Mint"\r\n'
    '"1","0","Stairs to Infinty","pc2","Near Mint"\r\n'
    '"1","0","The Drum, Mining Facility","ohop","Near Mint"\r\n'
    '"1","0","Bant","hop","Near Mint"\r\n'
)


def test_fix_repairs_csv_exports_too(write, run_cli) -> None:
    """`validate --fix` on a CSV export (Moxfield, Archidekt, TappedOut) changed nothing and
    said nothing, though `validate` offered the same one-answer repairs as for text."""
    deck = write("moxfield.csv", b"\xef\xbb\xbf" + MOXFIELD_CSV.encode("utf-8"))
    before = deck.read_bytes()
    result = run_cli("validate", "--fix", str(deck))
    assert result.exit_code == 1, result  # 5 cards: still too small, but repaired
    after = deck.read_bytes()
    assert after.startswith(b"\xef\xbb\xbf")
    old_lines, new_lines = before.split(b"\r\n"), after.split(b"\r\n")
    assert new_lines == [
        *old_lines[:1],
        b'"1","0","Akoum","pc2","Near Mint"',
        b'"1","0","Bant","hop","Near Mint"',
        *old_lines[3:4],
        b'"1","0","Stairs to Infinity","pc2","Near Mint"',
        *old_lines[5:6],
        *old_lines[7:],
    ]
    assert "moxfield.csv:7: fixed: removed 'Bant', listed earlier" in result.stdout
    again = run_cli("validate", "--fix", str(deck))
    assert deck.read_bytes() == after, again
    report = json.loads(run_cli("validate", str(deck), "--format", "json").stdout)
    codes = {finding["code"] for finding in report["files"][0]["findings"]}
    assert codes == {"deck-too-small"}, report


@pytest.mark.parametrize(
    ("content", "fixed"),
    [
        ("Board,Qty,Name\nside,3,Tazeem\nside,1,Akoum\n", "Board,Qty,Name\nside,1,Tazeem\n"),
        (
            "Quantity,Name,Edition,Categories\n1,Akuom,pc2,Planes\n2,Bant,hop,\"Planes,x\"\n",
            "Quantity,Name,Edition,Categories\n1,Akoum,pc2,Planes\n1,Bant,hop,\"Planes,x\"\n",
        ),
        ('Count;Name\n1;"Stairs to Infinty"\n1;Naya\n', 'Count;Name\n1;"Stairs to Infinity"\n'),
    ],
)
def test_fix_csv_line_forms(write, run_cli, content, fixed) -> None:
    deck = write("deck.csv", content)
    run_cli("validate", "--fix", str(deck))
    assert deck.read_text(encoding="utf-8").startswith(fixed)


@pytest.mark.skipif(not os.path.isdir("/dev/fd"), reason="needs /dev/fd (process substitution)")
def test_fix_refuses_a_pipe_as_it_refuses_standard_input(run_cli) -> None:
    """`validate --fix <(cat deck.txt)` read the pipe, could not read it again to fix it, and
    reported the unfixed verdict without a word (exit 1)."""
    read_end, write_end = os.pipe()
    try:
        os.write(write_end, b"Planar Deck\n1 Akuom\n1 Bant\n")
        os.close(write_end)
        result = run_cli("validate", "--fix", f"/dev/fd/{read_end}")
    finally:
        os.close(read_end)
    assert result.exit_code == 2, result
    assert "is not a regular file (a pipe or a device), so it cannot be fixed" in result.stderr
    assert f"/dev/fd/{read_end}: not fixed" in result.stdout


def test_a_repair_with_two_places_is_made_when_it_needs_the_other_repairs(write, run_cli) -> None:
    """In `2 Bant [PC2]` the 2 can be the quantity or the set's; each place was tried with
    this repair alone, and alone it loses the planar deck (3 of 6 cards are planar until the
    duplicate Akuom goes), so the repair was declined, and a second --fix made it."""
    deck = write("deck.txt", "1 Akoum\n1 Akoum\n1 Akuom\n2 Akuom\n2 Bant [PC2]\n")
    first = run_cli("validate", "--fix", str(deck))
    assert "not fixed" not in first.stdout, first
    assert deck.read_text(encoding="utf-8") == "1 Akoum\n1 Akuom\n1 Bant [PC2]\n"
    second = run_cli("validate", "--fix", str(deck))
    assert "fixed:" not in second.stdout, second


def test_fixing_twice_changes_nothing_more_when_a_repair_is_declined(write, run_cli) -> None:
    """Found by the property test of tests/deck/test_fix_properties.py (flaky on main):
    "1 Eloren Wild / 2 Eloren Wild": the first is renamed, removing the second would lose the
    planar deck (declined), and only a second --fix kept it once."""
    deck = write("deck.txt", "1 Eloren Wild\n2 Eloren Wild\n1 Sol Ring")
    first = run_cli("validate", "--fix", str(deck))
    assert "deck.txt:2: fixed: 'Eloren Wild': quantity 2 -> 1" in first.stdout, first
    assert "not fixed" not in first.stdout, first
    fixed = deck.read_bytes()
    assert fixed == b"1 Eloren Wilds\n1 Eloren Wild\n1 Sol Ring"
    second = run_cli("validate", "--fix", str(deck))
    assert "fixed:" not in second.stdout, second
    assert deck.read_bytes() == fixed


def test_repairs_of_a_later_round_name_lines_of_the_original_file(write, run_cli) -> None:
    """A repair made in a later round is reported at its line in the file as it was: two
    identical rows must not be mistaken for one another."""
    header = '"Count","Tradelist Count","Name","Edition"\n'
    row = '"2","0","{}","pc2"\n'
    deck = write("deck.csv", header + row.format("Tazem") * 2 + row.format("Sol Ring"))
    result = run_cli("validate", "--fix", str(deck), "--format", "json")
    fixes = json.loads(result.stdout)["files"][0]["fixes"]
    assert [(f["line"], f["action"]) for f in fixes] == [
        (2, "rename"),
        (2, "quantity"),
        (3, "quantity"),
        (4, "quantity"),
    ], fixes


def test_line_map_follows_removed_and_rewritten_lines() -> None:
    from planarcli.deck.fix import _line_map
    from planarcli.deck.rewrite import Edit

    text = "a\r\nb\r\nc\r\nd"
    # remove line 2 (with its break), rewrite a word on line 3, remove the last line
    edits = [Edit(3, 6, ""), Edit(6, 7, "C"), Edit(8, 10, "")]
    assert _line_map(text, edits) == {1: 1, 2: 3}


def test_the_line_offsets_are_made_once_per_round_not_per_repair(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Made per repair, a deck of thousands of misspelt lines cost seconds to fix, growing
    with the square of its size (a new user's pass found 3 minutes for a 1.2 MB deck)."""
    from planarcli.deck import locate

    made: list[int] = []
    real = locate.Lines

    class Counting(real):  # type: ignore[misc, valid-type]
        def __init__(self, text: str) -> None:
            made.append(len(text))
            super().__init__(text)

    monkeypatch.setattr(locate, "Lines", Counting)
    data = ("Planar Deck\n" + "1 Akuom\n" * 300).encode()
    new, repairs, _ = fix_bytes(RawInput("deck.txt", data, ".txt"), load_catalog(), DeckOptions())
    assert len(repairs) == 300 and new.count(b"Akoum") == 1
    assert len(made) <= 2 * fix_module.MAX_FIX_ROUNDS, len(made)

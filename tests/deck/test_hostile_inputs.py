"""Hostile input: binary junk, bombs, huge and deeply nested files. Each must give one clear
line on stderr and exit 1 or 2, quickly, with bounded memory and never a traceback; and
nothing outside the file may be read (XXE)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest

from planarcli.deck.readers import read_decklist
from planarcli.deck.readers.source import MAX_BYTES
from planarcli.errors import InputError

SECRET = "TOPSECRET-7f3a9c-do-not-leak"


def run_cli(
    *args: str, cwd: Path, stdin: bytes | None = None, timeout: float = 20
) -> subprocess.CompletedProcess[str]:
    """The real entry point in a subprocess, so a traceback would show up on stderr."""
    env = {
        **os.environ,
        "PLANARCLI_OFFLINE": "1",
        "NO_COLOR": "1",
        "PLANARCLI_CACHE_DIR": str(cwd / ".cache"),
    }
    process = subprocess.run(
        [sys.executable, "-m", "planarcli", "validate", *args],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        timeout=timeout,
        env=env,
        check=False,
    )
    return subprocess.CompletedProcess(
        process.args,
        process.returncode,
        process.stdout.decode("utf-8", errors="replace"),
        process.stderr.decode("utf-8", errors="replace"),
    )


def billion_laughs(root: str = "cockatrice_deck") -> str:
    entities, previous = ['  <!ENTITY lol "lol">'], "lol"
    for level in range(1, 10):
        entities.append(f'  <!ENTITY lol{level} "' + f"&{previous};" * 10 + '">')
        previous = f"lol{level}"
    body = "\n".join(entities)
    return (
        f'<?xml version="1.0"?>\n<!DOCTYPE {root} [\n{body}\n]>\n'
        f"<{root}><deckname>&lol9;</deckname></{root}>\n"
    )


def xxe(secret: Path, root: str = "cockatrice_deck") -> str:
    return (
        f'<?xml version="1.0"?>\n<!DOCTYPE {root} [\n'
        f'  <!ENTITY xxe SYSTEM "{secret.as_uri()}">\n]>\n'
        f"<{root}><deckname>&xxe;</deckname>\n"
        f'<zone name="side"><card number="1" name="&xxe;"/></zone></{root}>\n'
    )


def external_dtd(secret: Path, root: str = "cockatrice_deck") -> str:
    return f'<?xml version="1.0"?>\n<!DOCTYPE {root} SYSTEM "{secret.as_uri()}">\n<{root}/>\n'


#: name -> (file name, bytes maker taking tmp_path, the words stderr must contain)
CASES: dict[str, tuple[str, Callable[[Path], bytes], str]] = {
    "random-bytes": ("junk.txt", lambda _: bytes(range(256)) * 64, "binary"),
    "png": (
        "deck.txt",
        lambda _: b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)),
        "binary",
    ),
    "elf-as-forge": ("deck.dck", lambda _: b"\x7fELF\x02\x01\x01" + b"\x00" * 64, "binary"),
    "nul-bytes": ("deck.txt", lambda _: b"Planar Deck\n1 Tazeem\n1 Ak\x00oum\n", "NUL"),
    "invalid-utf8": (
        "deck.txt",
        lambda _: b"1 Tazeem\n1 \x81\x8d\x8f\x90\x9d\n",
        "neither UTF-8 nor Windows-1252",
    ),
    "xml-bomb-cod": ("deck.cod", lambda _: billion_laughs().encode(), "possible XML bomb"),
    "xml-bomb-dek": ("deck.dek", lambda _: billion_laughs("Deck").encode(), "possible XML bomb"),
    "xml-bomb-stdin-detect": ("deck.txt", lambda _: billion_laughs().encode(), "possible XML bomb"),
    "xxe-cod": ("deck.cod", lambda tmp: xxe(tmp / "secret.txt").encode(), "possible XML bomb"),
    "xxe-dek": (
        "deck.dek",
        lambda tmp: xxe(tmp / "secret.txt", "Deck").encode(),
        "possible XML bomb",
    ),
    "external-dtd": (
        "deck.cod",
        lambda tmp: external_dtd(tmp / "secret.txt").encode(),
        "possible XML bomb",
    ),
    "malformed-xml": (
        "deck.cod",
        lambda _: (
            b'<?xml version="1.0"?>\n<cockatrice_deck>\n'
            b'<zone name="side">\n<card number="1" name="Tazeem">\n</zone>\n'
        ),
        "deck.cod:5: malformed XML",
    ),
    "xml-deep": (
        "deck.cod",
        lambda _: b"<cockatrice_deck>" + b"<zone>" * 100000,
        "nested more than",
    ),
    "json-deep-arrays": ("deck.json", lambda _: b"[" * 100000, "nested too deeply"),
    "json-deep-in-mtgjson": (
        "deck.json",
        lambda _: b'{"data": {"planes": ' + b"[" * 100000 + b"]" * 100000 + b"}}",
        "nested too deeply",
    ),
    "json-malformed": (
        "deck.json",
        lambda _: (
            b'{"format": "planarcli-deck", "version": 1,\n"planar_deck": [\n{"name": "Tazeem",}]}'
        ),
        "deck.json:3: not valid JSON",
    ),
    "json-huge-number": (
        "deck.json",
        lambda _: b'{"data": {"planes": [{"name": "Tazeem", "count": ' + b"9" * 5000 + b"}]}}",
        "too many digits",
    ),
    "json-not-a-deck": (
        "deck.json",
        lambda _: b'{"hello": "world"}',
        "neither an MTGJSON deck, a planarcli decklist nor card objects",
    ),
    "mtgjson-no-data": ("deck.json", lambda _: b'{"meta": {"version": "5"}}', '"data" object'),
    "forge-no-sections": ("deck.dck", lambda _: b"1 Tazeem\n1 Akoum\n", "no [section] header"),
    "cockatrice-html": (
        "deck.cod",
        lambda _: b"<html><body>hi</body></html>",
        "not a Cockatrice deck",
    ),
    "text-huge-quantity": ("deck.txt", lambda _: b"9" * 5000 + b" Tazeem\n", ""),
}


#: Cases that parse as their format but are not decklists at all.
NOT_A_DECKLIST = frozenset({"json-not-a-deck", "cockatrice-html"})


@pytest.fixture
def secret_dir(tmp_path: Path) -> Path:
    (tmp_path / "secret.txt").write_text(SECRET, encoding="utf-8")
    return tmp_path


def _assert_clean(process: subprocess.CompletedProcess[str], words: str) -> None:
    assert "Traceback" not in process.stderr, process.stderr
    assert process.returncode in (1, 2), (process.returncode, process.stderr)
    assert SECRET not in process.stdout + process.stderr
    if process.returncode == 2:
        lines = [
            line for line in process.stderr.splitlines() if line.startswith("planarcli: error:")
        ]
        assert len(lines) == 1, process.stderr
        assert words in lines[0], process.stderr


@pytest.mark.parametrize("case", sorted(CASES))
def test_cli_hostile_file(case: str, secret_dir: Path) -> None:
    name, make, words = CASES[case]
    (secret_dir / name).write_bytes(make(secret_dir))
    started = time.monotonic()
    process = run_cli(name, cwd=secret_dir)
    assert time.monotonic() - started < 10
    _assert_clean(process, words)
    if case in NOT_A_DECKLIST:
        # Well-formed, but no decklist: named on the command line, it is a file without a
        # planar deck (exit 1 under --no-planar-deck error), said in the report.
        assert process.returncode == 1, process.stderr
        assert f"{name}: error: no planar deck: not a decklist: " in process.stdout
        assert words in process.stdout
    elif words:
        assert process.returncode == 2
        assert name in process.stderr


@pytest.mark.parametrize(
    "case", ["xml-bomb-cod", "xxe-cod", "json-deep-arrays", "png", "json-malformed"]
)
def test_cli_hostile_stdin(case: str, secret_dir: Path) -> None:
    _, make, words = CASES[case]
    process = run_cli("-", cwd=secret_dir, stdin=make(secret_dir))
    _assert_clean(process, words.replace("deck.json:", "<stdin>:"))
    assert process.returncode == 2
    assert "<stdin>" in process.stderr


@pytest.mark.parametrize("case", sorted(c for c in CASES if CASES[c][2]))
def test_read_decklist_hostile_file(case: str, secret_dir: Path) -> None:
    name, make, words = CASES[case]
    path = secret_dir / name
    path.write_bytes(make(secret_dir))
    with pytest.raises(InputError) as caught:
        read_decklist(str(path))
    assert words.split(":")[-1].strip() in str(caught.value)
    assert SECRET not in str(caught.value)


def test_xxe_never_reads_the_file(secret_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Beyond the output: no open() of the secret happens at all."""
    import builtins
    import io

    opened: list[str] = []
    real_open = io.open

    def spy(file: object, *args: object, **kwargs: object) -> object:
        opened.append(str(file))
        return real_open(file, *args, **kwargs)  # type: ignore[call-overload]

    path = secret_dir / "deck.cod"
    path.write_text(xxe(secret_dir / "secret.txt"), encoding="utf-8")
    monkeypatch.setattr(builtins, "open", spy)
    monkeypatch.setattr(io, "open", spy)
    with pytest.raises(InputError, match="possible XML bomb"):
        read_decklist(str(path))
    assert not [f for f in opened if "secret" in f]


def test_empty_file_is_a_clean_no_planar_deck_verdict(tmp_path: Path) -> None:
    for name in ("empty.txt", "empty.dck", "empty.cod", "empty.dek", "empty.json"):
        (tmp_path / name).write_bytes(b"")
        assert read_decklist(str(tmp_path / name)).entries == ()
        process = run_cli(name, "--format", "json", cwd=tmp_path)
        assert process.returncode == 1, process.stderr
        assert "Traceback" not in process.stderr
        assert '"no-planar-deck"' in process.stdout


def test_directory_where_a_file_was_expected(tmp_path: Path) -> None:
    folder = tmp_path / "folder.txt"
    folder.mkdir()
    with pytest.raises(InputError, match="is a directory"):
        read_decklist(str(folder))
    process = run_cli("folder.txt", cwd=tmp_path)
    assert process.returncode == 2
    assert "Traceback" not in process.stderr
    assert "folder.txt" in process.stderr


def test_utf16_without_bom_is_read(tmp_path: Path) -> None:
    text = "Planar Deck\n" + "".join(
        f"1 {name}\n"
        for name in (
            "Tazeem",
            "Akoum",
            "Agyrem",
            "Bant",
            "Naya",
            "Jund",
            "Grixis",
            "Esper",
            "Shiv",
            "Krosa",
        )
    )
    (tmp_path / "le.txt").write_bytes(text.encode("utf-16-le"))
    (tmp_path / "be.dck").write_bytes(text.replace("Planar Deck", "[Planes]").encode("utf-16-be"))
    for name in ("le.txt", "be.dck"):
        decklist = read_decklist(str(tmp_path / name))
        assert [e.name for e in decklist.entries][:2] == ["Tazeem", "Akoum"]
        process = run_cli(name, cwd=tmp_path)
        assert process.returncode == 0, process.stdout + process.stderr


@pytest.mark.slow
def test_fifty_megabytes_is_refused_fast_with_bounded_memory(tmp_path: Path) -> None:
    path = tmp_path / "huge.txt"
    with path.open("wb") as handle:
        chunk = b"1 Tazeem\n" * (1024 * 1024 // 9)
        while handle.tell() < 50 * 1024 * 1024:
            handle.write(chunk)
    tracemalloc.start()
    started = time.process_time()  # the work done, whatever else the machine runs
    try:
        with pytest.raises(InputError, match="larger than"):
            read_decklist(str(path))
        elapsed = time.process_time() - started
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert elapsed < 2
    assert peak < MAX_BYTES + 8 * 1024 * 1024  # at most the size cap is ever read
    started = time.monotonic()
    process = run_cli("huge.txt", cwd=tmp_path)
    assert time.monotonic() - started < 10
    assert process.returncode == 2
    assert "larger than" in process.stderr
    assert "Traceback" not in process.stderr


LONG = b"A" * 5_000_000
FIVE_MB_LINES = {
    "line.txt": b"1 " + LONG,
    "line.dck": b"[Planes]\n1 " + LONG,
    "line.json": b'{"data": {"planes": [{"name": "' + LONG + b'", "count": 1}]}}',
    "deck.json": b'{"format": "planarcli-deck", "version": 1, "planar_deck": [{"name": "'
    + LONG
    + b'"}]}',
    "line.cod": b'<cockatrice_deck><zone name="side"><card number="1" name="'
    + LONG
    + b'"/></zone></cockatrice_deck>',
    "line.dek": b'<Deck><Cards Quantity="1" Sideboard="true" Name="' + LONG + b'"/></Deck>',
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(FIVE_MB_LINES))
def test_five_megabyte_single_line(tmp_path: Path, name: str) -> None:
    from planarcli.cards.store import load_snapshot
    from planarcli.deck.checks import DeckOptions
    from planarcli.deck.validate import validate_file

    path = tmp_path / name
    path.write_bytes(FIVE_MB_LINES[name])
    catalog = load_snapshot()
    tracemalloc.start()
    # CPU time of this process, not the wall clock: the bound is on the work done, which a
    # machine busy with other jobs does not change
    started = time.process_time()
    try:
        result = validate_file(str(path), catalog, DeckOptions())
        elapsed = time.process_time() - started
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert result.exit_code in (1, 2)
    assert elapsed < 10
    assert peak < 100 * 1024 * 1024
    if not name.endswith(".txt"):  # the readers in this suite refuse such a "name"
        assert elapsed < 2
        codes = {finding.code for finding in result.findings}
        assert codes & {"name-too-long", "unreadable-file"}, codes
        for finding in result.findings:  # nothing prints megabytes
            assert len(finding.message) < 1000
    process = run_cli(name, cwd=tmp_path)
    assert process.returncode in (1, 2)
    assert "Traceback" not in process.stderr
    assert len(process.stdout) + len(process.stderr) < 100_000


def test_deep_json_in_a_folder_scan_is_said_in_one_plain_sentence(tmp_path, run_cli) -> None:
    """It read "JSON is nested too deeply; not a decklist; if it is not a decklist, leave it
    out with --exclude"."""
    (tmp_path / "deep.json").write_bytes(b"[" * 100000)
    result = run_cli("validate", str(tmp_path))
    assert result.exit_code == 2, result
    assert "nested too deeply to be a decklist; if it is not a decklist" in result.stderr
    assert "; not a decklist; if it is not a decklist" not in result.stderr


HTML_PAGE = '<!DOCTYPE html>\n<html lang="en"><head><title>404</title></head><body/></html>\n'


def test_an_html_page_saved_as_a_deck_file_is_no_xml_bomb(tmp_path, run_cli) -> None:
    """A failed download saved as deck.cod (an HTML page with `<!DOCTYPE html>`) was refused
    as a "possible XML bomb" and failed a folder scan with exit 2, while the same page
    without its DOCTYPE was skipped as XML of another kind."""
    decks = tmp_path / "decks"
    decks.mkdir()
    (decks / "page.cod").write_text(HTML_PAGE, encoding="utf-8")
    (decks / "page.dek").write_text(HTML_PAGE.upper(), encoding="utf-8")
    (decks / "good.txt").write_text(
        (Path(__file__).parents[1] / "decks" / "valid" / "bare-names.txt").read_text("utf-8"),
        encoding="utf-8",
    )
    scan = run_cli("validate", str(decks), "-v")
    assert scan.exit_code == 0, scan
    assert "XML bomb" not in scan.stdout + scan.stderr
    assert f"{decks / 'page.cod'}: skipped: an HTML page, not a decklist" in scan.stdout
    named = run_cli("validate", str(decks / "page.cod"))
    assert named.exit_code == 1, named  # named: a file without a planar deck
    # A DOCTYPE with an internal subset is refused as before, whatever its name.
    bomb = '<!DOCTYPE html [<!ENTITY a "aaaa">]>\n<html>&a;</html>\n'
    (decks / "page.cod").write_text(bomb, encoding="utf-8")
    refused = run_cli("validate", str(decks))
    assert refused.exit_code == 2, refused
    assert "possible XML bomb" in refused.stderr

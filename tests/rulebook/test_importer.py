"""``planarcli rules import``: planarcli.rulebook.importer and its command.

URLs are served by a real HTTP server on 127.0.0.1 in the test process; nothing here reaches
the internet.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from planarcli import __version__
from planarcli.cli import cli
from planarcli.commands.rules_import import import_command
from planarcli.errors import DataUnavailableError, InputError, PlanarError, UsageError
from planarcli.rulebook.importer import ImportResult, import_rules
from planarcli.schemacheck import schema_errors

SAMPLES = Path(__file__).resolve().parents[1] / "crtext_samples"
CR_DIR = Path(__file__).resolve().parents[3] / "shared" / "data" / "cr"
MODERN = SAMPLES / "planechase-modern.txt"  # effective July 30, 2024: not a bundled edition
HTML = (SAMPLES / "rules-page.html").read_bytes()


def modern_dated(month_day_year: str) -> bytes:
    text = MODERN.read_text(encoding="utf-8")
    return text.replace("July 30, 2024", month_day_year).encode("utf-8")


# --------------------------------------------------------------------------- a local server


@dataclass
class Server:
    base: str
    requests: list[dict[str, str]] = field(default_factory=list)

    def url(self, path: str) -> str:
        return self.base + path


class _QuietServer(ThreadingHTTPServer):
    """A client that hangs up mid-answer (a capped download) is part of the tests: its
    BrokenPipeError must not be printed from the server thread into a later test's output."""

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass


@pytest.fixture
def server() -> Iterator[Server]:
    state = Server(base="")
    modern = MODERN.read_bytes()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:  # quiet
            pass

        def send_body(self, status: int, body: bytes, content_type: str) -> None:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self) -> None:
            state.requests.append({"path": self.path, **dict(self.headers.items())})
            if self.path == "/MagicCompRules.txt":
                self.send_body(200, modern, "text/plain; charset=utf-8")
            elif self.path == "/MagicCompRules-2026.txt":
                self.send_body(200, modern_dated("January 16, 2026"), "text/plain")
            elif self.path == "/rules.html":
                self.send_body(200, HTML, "text/html; charset=utf-8")
            elif self.path == "/error":
                self.send_body(500, b"oops", "text/plain")
            elif self.path == "/slow":
                time.sleep(1.5)
                self.send_body(200, modern, "text/plain")
            elif self.path == "/big-declared":
                self.send_response(200)
                self.send_header("Content-Length", str(50 * 1024 * 1024))
                self.end_headers()
                self.wfile.write(b"x" * 1024)
            elif self.path == "/big-streamed":
                self.send_response(200)  # no Content-Length: read until the connection closes
                self.end_headers()
                try:
                    for _ in range(64):
                        self.wfile.write(b"y" * 16 * 1024)
                except OSError:
                    pass
                self.close_connection = True
            else:
                self.send_body(404, b"not found", "text/plain")

    httpd = _QuietServer(("127.0.0.1", 0), Handler)
    # A short poll interval: shutdown() waits for it at every test's teardown.
    thread = threading.Thread(
        target=httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
    )
    thread.start()
    state.base = f"http://127.0.0.1:{httpd.server_address[1]}"
    try:
        yield state
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=5)


@pytest.fixture
def refused_url() -> str:
    """A URL on a local port nobody listens on."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}/MagicCompRules.txt"


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("PLANARCLI_DATA_DIR", str(folder))
    return folder


def saved(data_dir: Path, edition_id: str) -> dict[str, Any]:
    with (data_dir / "rules" / f"{edition_id}.json").open(encoding="utf-8") as handle:
        data: dict[str, Any] = json.load(handle)
    return data


def leftovers(folder: Path) -> list[str]:
    if not folder.exists():
        return []
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


# --------------------------------------------------------------------------- from a path


def test_import_from_a_path(data_dir: Path) -> None:
    result = import_rules(str(MODERN), offline=True)
    target = data_dir / "rules" / "2024-07-30.json"
    assert result == ImportResult(
        edition_id="2024-07-30",
        path=target,
        rule_count=35,  # 33 before issue 18: 107.12 and 107.12a speak of Planechase
        glossary_count=5,
        replaced=None,
        title="Planechase",
    )
    edition = saved(data_dir, "2024-07-30")
    assert schema_errors(edition, "rules-edition.schema.json") == []
    assert edition["source"]["url"] is None
    assert edition["source"]["retrieved"]
    assert str(MODERN) in edition["source"]["notes"]
    assert leftovers(target.parent) == []


def test_importing_again_replaces_the_earlier_import(data_dir: Path) -> None:
    assert import_rules(str(MODERN), offline=False).replaced is None
    assert import_rules(str(MODERN), offline=False).replaced == "imported"


def test_an_edition_with_a_bundled_id_replaces_the_bundled_one(tmp_path: Path) -> None:
    source = tmp_path / "MagicCompRules 20260116.txt"
    source.write_bytes(modern_dated("January 16, 2026"))
    result = import_rules(str(source), offline=False, data_dir=tmp_path / "elsewhere")
    assert result.edition_id == "2026-01-16"
    assert result.replaced == "bundled"
    assert result.path == tmp_path / "elsewhere" / "rules" / "2026-01-16.json"


@pytest.mark.parametrize(
    ("make", "expected"),
    [
        (lambda tmp: tmp / "nope.txt", "nope.txt: no such file"),
        (lambda tmp: tmp, "is a folder"),
        (lambda tmp: SAMPLES / "not-rules.txt", 'no "These rules are effective as of'),
        (lambda tmp: SAMPLES / "rules-page.html", "this is an HTML page"),
        (lambda tmp: SAMPLES / "no-planechase-2009-07-11.txt", "has no section 901"),
    ],
)
def test_bad_paths_are_input_errors(
    tmp_path: Path, data_dir: Path, make: Callable[[Path], Path], expected: str
) -> None:
    with pytest.raises(InputError) as caught:
        import_rules(str(make(tmp_path)), offline=True)
    assert expected in str(caught.value)
    assert caught.value.exit_code == 2
    assert not (data_dir / "rules").exists()


def test_a_failed_import_leaves_the_existing_edition_alone(data_dir: Path, tmp_path: Path) -> None:
    import_rules(str(MODERN), offline=True)
    target = data_dir / "rules" / "2024-07-30.json"
    before = target.read_bytes()
    broken = tmp_path / "broken.txt"
    broken.write_bytes(MODERN.read_bytes().replace(b"901. Planechase", b"901 removed"))
    with pytest.raises(InputError):
        import_rules(str(broken), offline=True)
    assert target.read_bytes() == before
    assert leftovers(target.parent) == []


def test_a_failed_write_leaves_the_existing_edition_alone(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import_rules(str(MODERN), offline=True)
    target = data_dir / "rules" / "2024-07-30.json"
    before = target.read_bytes()

    def refuse(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(UsageError, match=r"cannot write .*Permission denied"):
        import_rules(str(MODERN), offline=True)
    assert target.read_bytes() == before
    assert leftovers(target.parent) == []


def test_an_unwritable_data_dir_is_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file-not-folder"
    blocker.write_text("x", encoding="utf-8")
    with pytest.raises(UsageError) as caught:
        import_rules(str(MODERN), offline=True, data_dir=blocker)
    assert "cannot write" in caught.value.message
    assert caught.value.hint and "PLANARCLI_DATA_DIR" in caught.value.hint


def test_a_huge_file_is_refused(tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    big.write_bytes(b"z" * (2 * 1024 * 1024))
    with pytest.raises(InputError, match="too big"):
        import_rules(str(big), offline=True, max_bytes=1024 * 1024)


# --------------------------------------------------------------------------- from a URL


def test_import_from_a_url(server: Server, data_dir: Path) -> None:
    url = server.url("/MagicCompRules.txt")
    result = import_rules(url, offline=False)
    assert result.edition_id == "2024-07-30"
    edition = saved(data_dir, "2024-07-30")
    assert edition["source"]["url"] == url
    (request,) = server.requests
    assert request["User-Agent"] == f"planarcli/{__version__}"


def test_offline_mode_sends_nothing(server: Server, data_dir: Path) -> None:
    with pytest.raises(UsageError) as caught:
        import_rules(server.url("/MagicCompRules.txt"), offline=True)
    assert "rules import from a URL needs the network" in caught.value.message
    assert "offline mode" in caught.value.message
    assert caught.value.exit_code == 2
    assert server.requests == []


@pytest.mark.parametrize(
    ("path", "expected"),
    [("/missing.txt", "HTTP 404"), ("/error", "HTTP 500")],
)
def test_http_errors_are_data_unavailable(server: Server, path: str, expected: str) -> None:
    with pytest.raises(DataUnavailableError) as caught:
        import_rules(server.url(path), offline=False)
    assert expected in caught.value.message
    assert caught.value.exit_code == 3
    assert "\n" not in str(caught.value)


def test_connection_refused_is_data_unavailable(refused_url: str) -> None:
    with pytest.raises(DataUnavailableError, match="could not connect"):
        import_rules(refused_url, offline=False)


def test_a_slow_server_times_out(server: Server) -> None:
    started = time.monotonic()
    with pytest.raises(DataUnavailableError, match=r"did not answer in time|timed out"):
        import_rules(server.url("/slow"), offline=False, timeout=(2.0, 0.3))
    assert time.monotonic() - started < 1.4


def test_an_html_page_is_a_clear_input_error(server: Server, data_dir: Path) -> None:
    with pytest.raises(InputError, match="this is an HTML page, not the Comprehensive Rules"):
        import_rules(server.url("/rules.html"), offline=False)
    assert not (data_dir / "rules").exists()


@pytest.mark.parametrize("path", ["/big-declared", "/big-streamed"])
def test_downloads_are_capped(server: Server, path: str) -> None:
    with pytest.raises(InputError, match="too big"):
        import_rules(server.url(path), offline=False, max_bytes=256 * 1024)


# --------------------------------------------------------------------------- the command


@dataclass
class Run:
    exit_code: int
    stdout: str
    stderr: str

    def __str__(self) -> str:
        streams = f"--- stdout ---\n{self.stdout}\n--- stderr ---\n{self.stderr}"
        return f"exit {self.exit_code}\n{streams}"


@pytest.fixture
def run() -> Callable[..., Run]:
    root: click.Group = cli

    def invoke(*args: str) -> Run:
        result = CliRunner().invoke(root, list(args), catch_exceptions=False)
        return Run(result.exit_code, result.stdout, result.stderr)

    return invoke


def test_command_text_output(run: Callable[..., Run], data_dir: Path) -> None:
    result = run("rules", "import", str(MODERN))
    assert result.exit_code == 0, result
    target = data_dir / "rules" / "2024-07-30.json"
    assert result.stdout == (
        f"imported 2024-07-30 (Planechase): 35 rules, 5 glossary entries → {target}\n"
    )
    assert result.stderr == ""


def test_command_text_output_names_the_bundled_edition_it_replaces(
    run: Callable[..., Run], server: Server, data_dir: Path
) -> None:
    result = run("rules", "import", server.url("/MagicCompRules-2026.txt"))
    assert result.exit_code == 0, result
    assert result.stdout.rstrip().endswith("; replaces the bundled 2026-01-16 edition for you")


def test_command_json_output(run: Callable[..., Run], data_dir: Path) -> None:
    result = run("rules", "import", str(MODERN), "--format", "json")
    assert result.exit_code == 0, result
    assert json.loads(result.stdout) == {
        "edition_id": "2024-07-30",
        "title": "Planechase",
        "path": str(data_dir / "rules" / "2024-07-30.json"),
        "rule_count": 35,
        "glossary_count": 5,
        "replaced": None,
        "source": str(MODERN),
    }


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["--offline", "rules", "import", "http://127.0.0.1:9/x.txt"], 2, "needs the network"),
        (["rules", "import", "--offline", "http://127.0.0.1:9/x.txt"], 2, "needs the network"),
        (["rules", "import", "no-such-file.txt"], 2, "no-such-file.txt: no such file"),
        (["rules", "import", str(SAMPLES / "rules-page.html")], 2, "HTML page"),
        (["rules", "import", "ftp://example.invalid/cr.txt"], 2, "unsupported URL scheme 'ftp'"),
        (["rules", "import", "file:///tmp/cr.txt"], 2, "unsupported URL scheme 'file'"),
        (["rules", "import", "FTP://example.invalid/cr.txt"], 2, "unsupported URL scheme"),
        (["rules", "import", ""], 2, "no SOURCE given"),  # not ". is a folder"
        (["rules", "import", "  "], 2, "no SOURCE given"),
    ],
)
def test_command_errors(run: Callable[..., Run], args: list[str], code: int, message: str) -> None:
    result = run(*args)
    assert result.exit_code == code, result
    assert result.stdout == ""
    assert result.stderr.startswith("planarcli: error: ")
    assert message in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("source", "code", "message"),
    [
        (str(SAMPLES / "rules-page.html"), 2, "HTML page"),
        ("no-such-file.txt", 2, "no such file"),
        ("server:/missing.txt", 3, "HTTP 404"),
    ],
)
def test_command_errors_in_json_are_one_json_document(
    run: Callable[..., Run], server: Server, source: str, code: int, message: str
) -> None:
    # the contract: with --format json, stdout is one JSON document whatever happens
    if source.startswith("server:"):
        source = server.url(source.removeprefix("server:"))
    result = run("rules", "import", source, "--format", "json")
    assert result.exit_code == code, result
    error = json.loads(result.stdout)["error"]
    assert error["exit_code"] == code and message in error["message"]
    assert result.stderr.count("planarcli: error: ") == 1 and message in result.stderr


def test_command_offline_from_the_environment(
    run: Callable[..., Run], server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PLANARCLI_OFFLINE", "1")
    result = run("rules", "import", server.url("/MagicCompRules.txt"))
    assert result.exit_code == 2, result
    assert server.requests == []


def test_command_network_failure_is_exit_3(run: Callable[..., Run], server: Server) -> None:
    result = run("rules", "import", server.url("/missing.txt"))
    assert result.exit_code == 3, result
    assert "HTTP 404" in result.stderr


def test_command_has_help() -> None:
    result = CliRunner().invoke(import_command, ["--help"])
    assert result.exit_code == 0
    assert "Comprehensive Rules" in result.stdout
    assert "--offline" in result.stdout and "--format" in result.stdout


def test_errors_are_planar_errors() -> None:
    # The command raises; the root (planarcli.cli) prints one line and exits.
    result = CliRunner().invoke(import_command, ["no-such-file.txt"])
    assert isinstance(result.exception, PlanarError)


def test_installed_command_in_a_subprocess(data_dir: Path) -> None:
    env = {**os.environ, "PLANARCLI_DATA_DIR": str(data_dir)}

    def planarcli(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "planarcli", *args],
            capture_output=True,
            text=True,
            encoding="utf-8",
            env=env,
            timeout=60,
            check=False,
        )

    done = planarcli("rules", "import", str(MODERN), "--format", "json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["edition_id"] == "2024-07-30"
    missing = planarcli("rules", "import", str(data_dir / "missing.txt"))
    assert missing.returncode == 2
    assert missing.stderr.startswith("planarcli: error: ") and "Traceback" not in missing.stderr


def test_a_truncated_file_is_refused_and_replaces_nothing(
    run: Callable[..., Run], data_dir: Path, tmp_path: Path
) -> None:
    text = MODERN.read_text(encoding="utf-8")
    cut = tmp_path / "cut.txt"
    cut.write_text(text[: text.rindex("901.15.")], encoding="utf-8")
    result = run("rules", "import", str(cut))
    assert result.exit_code == 2, result
    assert "incomplete" in result.stderr and "Single Planar Deck Option" in result.stderr
    assert not (data_dir / "rules" / "2024-07-30.json").exists()
    no_glossary = tmp_path / "no-glossary.txt"
    no_glossary.write_text(text[: text.rindex("Glossary")], encoding="utf-8")
    result = run("rules", "import", str(no_glossary))
    assert result.exit_code == 2, result
    assert "no glossary" in result.stderr


@pytest.mark.slow
@pytest.mark.skipif(not CR_DIR.is_dir(), reason=f"{CR_DIR} is absent")
def test_every_real_file_imports(run: Callable[..., Run], data_dir: Path) -> None:
    files = sorted(CR_DIR.glob("MagicCompRules-*.txt"))
    assert len(files) == 14
    for path in files:
        result = run("rules", "import", str(path))
        assert result.exit_code == 0, result


def test_a_dash_says_standard_input_is_not_read(run_cli, tmp_path, monkeypatch) -> None:
    """`rules import -` said "-: no such file"."""
    monkeypatch.chdir(tmp_path)
    result = run_cli("rules", "import", "-")
    assert result.exit_code == 2, result
    assert "not standard input" in result.stderr
    assert "no such file" not in result.stderr


def test_validate_warns_when_an_imported_deck_rule_has_an_unknown_wording(
    data_dir: Path, tmp_path: Path
) -> None:
    """Issue 16 item 9: the deck limits come from planarcli's table, not from the imported
    text; an edition whose 901.3 reads otherwise than any bundled edition's says so."""
    from planarcli.rulebook import catalogue

    deck = Path(__file__).resolve().parents[1] / "decks" / "valid" / "bare-names.txt"
    import_rules(str(MODERN), offline=True)  # its 901.3 is a shortened wording
    runner = CliRunner()
    result = runner.invoke(cli, ["validate", str(deck), "--rules", "2024-07-30"])
    assert result.exit_code == 0, result.output
    assert (
        "planarcli: warning: rule 901.3 of edition 2024-07-30 (imported) is worded otherwise "
        "than planarcli's deck checks know it; they apply the limits of its wording in force "
        "since 2012-06-01 (at least 10 cards, at most 2 phenomena)"
    ) in result.stderr
    # The same edition with the wording of a bundled edition: nothing to say.
    official = catalogue.load_edition("2026-01-16").rule("901.3")
    assert official is not None
    text = MODERN.read_text(encoding="utf-8").replace("July 30, 2024", "August 1, 2024")
    lines = [
        f"901.3. {official.text}" if line.startswith("901.3. ") else line
        for line in text.splitlines()
    ]
    known = tmp_path / "known.txt"
    known.write_text("\n".join(lines) + "\n", encoding="utf-8")
    import_rules(str(known), offline=True)
    quiet = runner.invoke(cli, ["validate", str(deck), "--rules", "2024-08-01"])
    assert quiet.exit_code == 0, quiet.output
    assert "warning" not in quiet.stderr
    # bundled editions are never in question
    bundled = runner.invoke(cli, ["validate", str(deck), "--rules", "2026-01-16"])
    assert "warning" not in bundled.stderr
    # the installed command says it too (PLANARCLI_DATA_DIR is this test's data dir)
    installed = Path(sys.executable).parent / "planarcli"
    if installed.exists():
        process = subprocess.run(
            [str(installed), "validate", str(deck), "--rules", "2024-07-30"],
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=60,
            check=False,
        )
        assert process.returncode == 0, process.stderr
        assert "warning: rule 901.3 of edition 2024-07-30 (imported)" in process.stderr


@pytest.mark.shared
@pytest.mark.skipif(not CR_DIR.is_dir(), reason=f"{CR_DIR} is absent")
@pytest.mark.parametrize("edition_id", ["2009-10-01", "2011-07-15", "2026-01-16"])
def test_an_imported_official_edition_gets_no_wording_warning(
    data_dir: Path, edition_id: str
) -> None:
    """The official files the bundled editions come from, imported in their place: their
    deck rules read as the table knows them, individual and communal alike."""
    import_rules(str(CR_DIR / f"MagicCompRules-{edition_id}.txt"), offline=True)
    deck = Path(__file__).resolve().parents[1] / "decks" / "valid" / "bare-names.txt"
    args = ["validate", str(deck), "--rules", edition_id, "--communal", "--players", "2"]
    result = CliRunner().invoke(cli, args)
    assert "warning" not in result.stderr, result.stderr

"""``planarcli cards sync`` and the Scryfall client, against a real HTTP server on 127.0.0.1.

No test reaches the internet: every request goes to ``tests/helpers/httpserver.py``'s LocalServer,
which serves Scryfall-shaped pages (from ../shared/data/scryfall/planar-prints.json where it
exists, otherwise hand-made card objects) and the failures: 429, 5xx, slow, truncated, HTML,
endless paging, Error objects.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import socket
import threading
import time
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from httpserver import LocalServer, RecordedRequest, Reply, refused_url, serve

from planarcli import __version__
from planarcli.cards import store
from planarcli.cards.scryfall import RetryPolicy, ScryfallClient
from planarcli.cards.sync import build_catalog, classify_type_line, write_catalog
from planarcli.cli import cli
from planarcli.errors import DataUnavailableError

SCRYFALL_DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "scryfall"
PLANAR_PRINTS = SCRYFALL_DATA / "planar-prints.json"
requires_prints = pytest.mark.skipif(
    not PLANAR_PRINTS.is_file(), reason=f"{PLANAR_PRINTS} is absent (../shared is not here)"
)

#: Fast, test-sized client settings (passed to the CLI through ctx.obj).
FAST: dict[str, Any] = {
    "timeout": (2.0, 2.0),
    "retry": RetryPolicy(retries=2, backoff_factor=0.0, min_backoff=0.0, retry_after_max=0.3),
    "min_interval": 0.0,
}


# -- Scryfall-shaped data ------------------------------------------------------------------------
def make_card(
    name: str,
    type_line: str = "Plane — Testland",
    *,
    set_code: str = "tst",
    released: str = "2024-01-01",
    oracle_id: str | None = None,
    oracle_text: str | None = "Whenever chaos ensues, nothing happens.",
    layout: str = "planar",
    **extra: Any,
) -> dict[str, Any]:
    card: dict[str, Any] = {
        "object": "card",
        "id": str(uuid.uuid4()),
        "oracle_id": oracle_id or str(uuid.uuid5(uuid.NAMESPACE_URL, name)),
        "name": name,
        "lang": "en",
        "released_at": released,
        "layout": layout,
        "type_line": type_line,
        "set": set_code,
        "scryfall_uri": f"https://scryfall.com/card/{set_code}/1/x?utm_source=api",
    }
    if oracle_text is not None:
        card["oracle_text"] = oracle_text
    card.update(extra)
    return card


HAND_MADE = [
    make_card("Test Plane of Nowhere", "Plane — Nowhere", oracle_text="Nothing happens here."),
    make_card("Test Plane of Nowhere", "Plane — Nowhere", set_code="old", released="2010-05-05"),
    make_card("Odd Phenomenon", "Phenomenon", oracle_text="When you encounter this, chaos."),
    make_card("That's Enough Slices", "Phenome-nom", set_code="punk"),
    make_card("sAnS mERcY", "pLAnE — sECreT LaIR", set_code="pssc"),
    make_card("Not A Plane", "Creature — Elf", layout="normal"),
]


def scryfall_pages(
    cards: Sequence[dict[str, Any]], base: str, page_size: int, path: str = "/cards/search"
) -> dict[int, dict[str, Any]]:
    """Scryfall list pages for ``cards``: page N links to page N+1 on ``base``."""
    count = max(1, math.ceil(len(cards) / page_size))
    pages = {}
    for number in range(1, count + 1):
        chunk = list(cards[(number - 1) * page_size : number * page_size])
        more = number < count
        pages[number] = {
            "object": "list",
            "total_cards": len(cards),
            "has_more": more,
            "next_page": f"{base}{path}?q=layout%3Aplanar&page={number + 1}" if more else None,
            "data": chunk,
        }
    return pages


def serve_cards(server: LocalServer, cards: Sequence[dict[str, Any]], page_size: int = 3) -> None:
    pages = scryfall_pages(cards, server.url, page_size)

    def answer(request: RecordedRequest) -> Reply:
        number = int(request.query.get("page", "1"))
        return Reply.json(pages[number]) if number in pages else Reply(status=500)

    server.route("/cards/search", answer)


def load_prints() -> list[dict[str, Any]]:
    with PLANAR_PRINTS.open(encoding="utf-8") as handle:
        cards: list[dict[str, Any]] = json.load(handle)["data"]
    return cards


# -- fixtures and helpers -------------------------------------------------------------------------
def run(
    *args: str, options: dict[str, Any] | None = None, env: dict[str, str] | None = None
) -> Any:
    result = CliRunner().invoke(
        cli, list(args), obj={"scryfall_options": options or FAST}, env=env, catch_exceptions=False
    )
    return result


def sync(url: str, *extra: str, options: dict[str, Any] | None = None) -> Any:
    return run("cards", "sync", "--api-url", url, *extra, options=options)


def checksum(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def explain(result: Any) -> str:
    return f"exit {result.exit_code}\nstdout: {result.stdout}\nstderr: {result.stderr}"


def one_error_line(result: Any) -> str:
    lines = [line for line in result.stderr.splitlines() if line.startswith("planarcli: error:")]
    assert len(lines) == 1, explain(result)
    assert "Traceback" not in result.stderr
    return lines[0]


@pytest.fixture
def synced_cache(server: LocalServer, cache_dir: Path) -> Path:
    """A valid cache from a first, successful sync of the hand-made cards."""
    serve_cards(server, HAND_MADE)
    result = sync(server.url)
    assert result.exit_code == 0, explain(result)
    path = cache_dir / "cards.json"
    assert path.is_file()
    return path


# -- the type line decides the kind ---------------------------------------------------------------
@pytest.mark.parametrize(
    ("type_line", "expected"),
    [
        ("Plane — Dominaria", ("plane", "Dominaria")),
        ("pLAnE — sECreT LaIR", ("plane", "sECreT LaIR")),
        ("Plane", ("plane", None)),
        ("Phenomenon", ("phenomenon", None)),
        ("Phenome-nom", ("phenomenon", None)),
        ("PHENOMENON", ("phenomenon", None)),
        ("Legendary Planeswalker — Jace", None),
        ("Creature — Elf", None),
        ("Scheme", None),
    ],
)
def test_kind_comes_from_the_type_line(type_line: str, expected: Any) -> None:
    assert classify_type_line(type_line) == expected


def test_build_dedupes_by_oracle_id_and_unions_sets_oldest_first() -> None:
    document, summary = build_catalog(HAND_MADE, api_url="http://x", query="q=layout:planar")
    by_name = {card["name"]: card for card in document["cards"]}
    assert summary.cards == 4 and summary.planes == 2 and summary.phenomena == 2
    assert summary.printings == 6
    assert len(summary.skipped) == 1 and "Not A Plane" in summary.skipped[0]
    nowhere = by_name["Test Plane of Nowhere"]
    assert nowhere["sets"] == ["old", "tst"]
    assert nowhere["first_released"] == "2010-05-05"
    assert nowhere["subtype"] == "Nowhere"
    assert nowhere["oracle_text"] == "Nothing happens here."  # the newest printing's text
    assert nowhere["scryfall_uri"] == "https://scryfall.com/card/tst/1/x"
    assert by_name["That's Enough Slices"]["kind"] == "phenomenon"
    assert by_name["That's Enough Slices"]["subtype"] is None
    assert by_name["sAnS mERcY"]["kind"] == "plane"
    assert document["source"]["kind"] == "scryfall"


def test_card_faces_text_is_joined() -> None:
    card = make_card(
        "Two Faced Plane",
        oracle_text=None,
        card_faces=[
            {"name": "A", "type_line": "Plane — A", "oracle_text": "Front."},
            {"name": "B", "type_line": "Plane — A", "oracle_text": "Back."},
        ],
    )
    document, _ = build_catalog([card], api_url="x", query="q")
    text = document["cards"][0]["oracle_text"]
    assert "Front." in text and "Back." in text


# -- a good sync ----------------------------------------------------------------------------------
def test_two_page_sync_writes_the_cache(server: LocalServer, cache_dir: Path) -> None:
    serve_cards(server, HAND_MADE, page_size=4)
    result = sync(server.url)
    assert result.exit_code == 0, explain(result)
    assert result.stdout.startswith(
        f"synced 4 cards (2 planes, 2 phenomena) from {server.url} into {cache_dir / 'cards.json'}"
    )
    assert "skipped 1 card object that Scryfall sent" in result.stderr  # the creature
    assert "Not A Plane" in result.stderr
    # The hand-made cards lack the snapshot's: the user is told what will be unknown.
    assert "207 cards of the bundled snapshot are not in Scryfall's answer" in result.stderr
    searches = server.requests_to("/cards/search")
    assert len(searches) == 2
    first = searches[0].query
    assert first["q"] == "layout:planar"
    assert first["unique"] == "prints" and first["include_extras"] == "true"
    assert searches[1].query.get("page") == "2"
    document = json.loads((cache_dir / "cards.json").read_text(encoding="utf-8"))
    assert document["source"]["api_url"] == server.url
    assert len(document["cards"]) == 4
    umask = os.umask(0o022)
    os.umask(umask)
    assert (cache_dir / "cards.json").stat().st_mode & 0o777 == 0o666 & ~umask


def test_requests_carry_user_agent_and_accept(server: LocalServer, cache_dir: Path) -> None:
    serve_cards(server, HAND_MADE)
    assert sync(server.url).exit_code == 0
    for request in server.requests:
        assert request.headers["user-agent"] == f"planarcli/{__version__}"
        assert "application/json" in request.headers["accept"]


def test_api_url_from_environment(server: LocalServer, cache_dir: Path) -> None:
    serve_cards(server, HAND_MADE)
    result = run("cards", "sync", env={"PLANARCLI_SCRYFALL_URL": server.url})
    assert result.exit_code == 0, explain(result)
    assert server.requests


def test_json_summary_and_new_cards(server: LocalServer, synced_cache: Path) -> None:
    serve_cards(server, [*HAND_MADE, make_card("Brand New Plane")])
    result = sync(server.url, "--format", "json")
    assert result.exit_code == 0, explain(result)
    summary = json.loads(result.stdout)
    assert summary["cards"] == 5 and summary["planes"] == 3 and summary["phenomena"] == 2
    assert summary["new"] == ["Brand New Plane"]
    assert summary["path"] == str(synced_cache)


def test_text_summary_counts_new_cards(server: LocalServer, synced_cache: Path) -> None:
    serve_cards(server, [*HAND_MADE, make_card("Brand New Plane")])
    result = sync(server.url)
    assert result.exit_code == 0, explain(result)
    assert "1 new since the previous cache" in result.stdout


@requires_prints
def test_sync_of_recorded_scryfall_prints(server: LocalServer, cache_dir: Path) -> None:
    prints = load_prints()
    serve_cards(server, prints, page_size=75)
    result = sync(server.url, "--format", "json")
    assert result.exit_code == 0, explain(result)
    summary = json.loads(result.stdout)
    oracle_ids = {card["oracle_id"] for card in prints}
    assert summary["cards"] == len(oracle_ids)
    assert summary["pages"] == 2
    assert summary["printings"] == len(prints)
    document = json.loads((cache_dir / "cards.json").read_text(encoding="utf-8"))
    # Every card's sets are the union of its printings' sets and of what the bundled snapshot
    # knows of it (these recorded answers are older and partial: card data only grows).
    snapshot = {card.oracle_id: card for card in store.load_snapshot().cards}
    for card in document["cards"]:
        mine = [p for p in prints if p["oracle_id"] == card["oracle_id"]]
        known = snapshot.get(card["oracle_id"])
        expected_sets = {p["set"] for p in mine} | set(known.sets if known else ())
        assert set(card["sets"]) == expected_sets
        dates = [p["released_at"] for p in mine]
        if known is not None and known.first_released:
            dates.append(known.first_released)
        assert card["first_released"] == min(dates)
    store.reset_loaded_catalog()
    shown = run("cards", "show", "Stairs to Infinity", "--format", "json")
    assert shown.exit_code == 0, explain(shown)
    assert json.loads(shown.stdout)["source"] == "cache"
    assert "planar die" in json.loads(shown.stdout)["oracle_text"]


# -- politeness: pacing and retries ---------------------------------------------------------------
def test_search_requests_are_paced_half_a_second_apart(
    server: LocalServer, cache_dir: Path
) -> None:
    serve_cards(server, HAND_MADE, page_size=4)
    options = {**FAST, "min_interval": 0.5}  # the real default, real time
    result = sync(server.url, options=options)
    assert result.exit_code == 0, explain(result)
    first, second = server.requests_to("/cards/search")
    assert second.time - first.time >= 0.5


class FakeTime:
    """A clock that moves only when the client sleeps, and the sleeps it was asked for."""

    def __init__(self, now: float) -> None:
        self.now = now
        self.slept: list[float] = []

    def clock(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


def test_pacing_with_an_injected_clock() -> None:
    fake = FakeTime(100.0)
    with serve() as server:
        serve_cards(server, HAND_MADE, page_size=2)  # 3 pages
        progress: list[tuple[int, int]] = []
        with ScryfallClient(
            server.url, timeout=(2, 2), retry=FAST["retry"], clock=fake.clock, sleep=fake.sleep
        ) as client:
            fetched = client.fetch_planar_cards(progress=lambda *step: progress.append(step))
    assert fetched.pages == 3
    assert progress == [(1, 3), (2, 3), (3, 3)]
    assert fake.slept == [pytest.approx(0.5), pytest.approx(0.5)]


def test_pacing_also_under_a_mirror_prefix() -> None:
    fake = FakeTime(0.0)
    with serve() as server:
        pages = scryfall_pages(HAND_MADE, server.url, 4, path="/mirror/cards/search")

        def answer(request: RecordedRequest) -> Reply:
            return Reply.json(pages[int(request.query.get("page", "1"))])

        server.route("/mirror/cards/search", answer)
        with ScryfallClient(
            f"{server.url}/mirror/",
            timeout=(2, 2),
            retry=FAST["retry"],
            clock=fake.clock,
            sleep=fake.sleep,
        ) as client:
            assert client.fetch_planar_cards().pages == 2
    assert fake.slept == [pytest.approx(0.5)]


def test_429_with_retry_after_then_success(server: LocalServer, cache_dir: Path) -> None:
    pages = scryfall_pages(HAND_MADE, server.url, 10)
    server.route(
        "/cards/search",
        Reply.json(
            {"object": "error", "status": 429, "code": "too_many_requests", "details": "slow down"},
            status=429,
            **{"Retry-After": "1"},
        ),
        Reply.json(pages[1]),
    )
    result = sync(server.url)
    assert result.exit_code == 0, explain(result)
    first, second = server.requests_to("/cards/search")
    # Retry-After: 1 was honoured, shortened to the (test-sized) cap of 0.3 s.
    assert second.time - first.time >= 0.25


@pytest.mark.parametrize("status", [429, 503])
@pytest.mark.parametrize("value", ["soon", "", "-5", "Thu, 99 Foo 2026"])
def test_an_unreadable_retry_after_falls_back_to_backoff(
    server: LocalServer, cache_dir: Path, status: int, value: str
) -> None:
    pages = scryfall_pages(HAND_MADE, server.url, 10)
    server.route(
        "/cards/search",
        Reply.json(
            {"object": "error", "status": status, "code": "busy", "details": "wait"},
            status=status,
            **{"Retry-After": value},
        ),
        Reply.json(pages[1]),
    )
    result = sync(server.url)
    assert result.exit_code == 0, explain(result)
    assert len(server.requests_to("/cards/search")) == 2


def test_an_unreadable_retry_after_uses_the_normal_backoff(
    server: LocalServer, cache_dir: Path
) -> None:
    pages = scryfall_pages(HAND_MADE, server.url, 10)
    server.route(
        "/cards/search",
        Reply(status=503, headers={"Retry-After": "soon"}),
        Reply.json(pages[1]),
    )
    options = {**FAST, "retry": RetryPolicy(retries=2, backoff_factor=0.0, min_backoff=0.3)}
    result = sync(server.url, options=options)
    assert result.exit_code == 0, explain(result)
    first, second = server.requests_to("/cards/search")
    assert second.time - first.time >= 0.25  # min_backoff, not "retry at once"


def test_5xx_then_success(server: LocalServer, cache_dir: Path) -> None:
    pages = scryfall_pages(HAND_MADE, server.url, 10)
    server.route("/cards/search", Reply(status=503), Reply(status=502), Reply.json(pages[1]))
    result = sync(server.url)
    assert result.exit_code == 0, explain(result)
    assert len(server.requests) == 3


def test_5xx_forever_fails_and_keeps_the_cache(server: LocalServer, synced_cache: Path) -> None:
    before = checksum(synced_cache)
    server.requests.clear()
    server.route("/cards/search", Reply.text("<html>down</html>", 503, "text/html"))
    result = sync(server.url)
    assert result.exit_code == 3, explain(result)
    assert "503" in one_error_line(result)
    assert len(server.requests) == 3  # one try and two retries, then it stops
    assert checksum(synced_cache) == before
    assert result.stdout == ""


# -- failures: exit 3, one line, cache untouched --------------------------------------------------
def test_timeout(server: LocalServer, synced_cache: Path) -> None:
    before = checksum(synced_cache)
    pages = scryfall_pages(HAND_MADE, server.url, 10)
    server.route("/cards/search", Reply(body=json.dumps(pages[1]).encode(), delay=1.5))
    options = {
        **FAST,
        "timeout": (0.3, 0.3),
        "retry": RetryPolicy(retries=0, backoff_factor=0, min_backoff=0),
    }
    started = time.monotonic()
    result = sync(server.url, options=options)
    assert time.monotonic() - started < 1.4
    assert result.exit_code == 3, explain(result)
    assert "did not answer in time" in one_error_line(result)
    assert checksum(synced_cache) == before


class DripServer:
    """A server on 127.0.0.1 that sends the headers of a 200 answer at once and then its
    body one byte every ``interval`` seconds: every read gets data well within any read
    timeout, yet the body would take ``length * interval`` seconds to arrive."""

    def __init__(self, interval: float = 0.05, length: int = 100_000) -> None:
        self.interval = interval
        self.length = length
        self.connections = 0
        self._stop = threading.Event()
        self._listener = socket.create_server(("127.0.0.1", 0))
        self._listener.settimeout(0.1)
        self._thread = threading.Thread(target=self._accept, daemon=True)

    @property
    def url(self) -> str:
        host, port = self._listener.getsockname()[:2]
        return f"http://{host}:{port}"

    def __enter__(self) -> DripServer:
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        self._listener.close()

    def _accept(self) -> None:
        while not self._stop.is_set():
            try:
                connection, _ = self._listener.accept()
            except OSError:  # the 0.1 s accept timeout: look at the stop flag again
                continue
            self.connections += 1
            threading.Thread(target=self._drip, args=(connection,), daemon=True).start()

    def _drip(self, connection: socket.socket) -> None:
        with connection:
            connection.settimeout(5)
            request = b""
            try:
                while b"\r\n\r\n" not in request:
                    data = connection.recv(4096)
                    if not data:
                        return
                    request += data
                connection.sendall(
                    b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                    + f"Content-Length: {self.length}\r\n\r\n".encode()
                )
                for _ in range(self.length):
                    if self._stop.wait(self.interval):
                        return
                    connection.sendall(b" ")
            except OSError:  # the client gave up and hung up
                return


def test_a_body_that_drips_in_is_given_up_on(synced_cache: Path) -> None:
    before = checksum(synced_cache)
    options = {**FAST, "timeout": (2.0, 2.0), "body_deadline": 0.6}
    with DripServer(interval=0.05, length=80) as drip:  # 4 s for the whole body
        started = time.monotonic()
        result = sync(drip.url, options=options)
        elapsed = time.monotonic() - started
    assert result.exit_code == 3, explain(result)
    line = one_error_line(result)
    assert "took more than 0.6 s to arrive" in line and "127.0.0.1" in line
    assert 0.5 < elapsed < 2.5  # the deadline, not the read timeout nor the whole body
    assert drip.connections == 1  # a body that is too slow is not asked for again
    assert checksum(synced_cache) == before
    assert [p.name for p in synced_cache.parent.iterdir() if p.name.endswith(".tmp")] == []


def test_a_body_within_the_deadline_is_read(server: LocalServer, cache_dir: Path) -> None:
    serve_cards(server, HAND_MADE)
    result = sync(server.url, options={**FAST, "body_deadline": 5.0})
    assert result.exit_code == 0, explain(result)


def test_connection_refused(cache_dir: Path) -> None:
    result = sync(refused_url())
    assert result.exit_code == 3, explain(result)
    assert "cannot reach 127.0.0.1" in one_error_line(result)
    assert not (cache_dir / "cards.json").exists()


@pytest.mark.parametrize(
    ("kind", "message", "hint"),
    [
        ("ReadTimeout", "Scryfall did not answer in time (h.test): ", "or use the cached"),
        ("ConnectTimeout", "Scryfall did not answer in time (h.test): ", "or use the cached"),
        ("RetryError", "Scryfall kept failing (h.test): ", "try again later"),
        ("ChunkedEncodingError", "Scryfall's answer from h.test was cut off: ", "try again"),
        ("ConnectionError", "cannot reach h.test: ", "check the network"),
        ("InvalidURL", "request to h.test failed: ", None),
    ],
)
def test_each_request_failure_is_told_as_data_unavailable(
    kind: str, message: str, hint: str | None
) -> None:
    """Every way requests fails becomes one DataUnavailableError (exit 3) with its own words
    (``scryfall._failed``); a timeout is a timeout also when it is a ConnectionError."""
    import requests

    from planarcli.cards import scryfall

    error = getattr(requests.exceptions, kind)("the reason")
    told = scryfall._failed("https://h.test/cards/search", error)
    assert isinstance(told, DataUnavailableError)
    assert told.message == message + "the reason"
    assert (told.hint is None) if hint is None else (hint in str(told.hint))


@pytest.mark.parametrize(
    ("reply", "message"),
    [
        (
            Reply(
                body=b'{"object": "list", "has_more": false, "data": [{"obj',
                headers={"Content-Type": "application/json"},
            ),
            "not valid JSON",
        ),
        (
            Reply.text("<!DOCTYPE html><html><body>Gateway</body></html>", 200, "text/html"),
            "text/html, not JSON",
        ),
        (Reply.json({"object": "catalog", "data": ["a"]}), "not a list"),
        (Reply.json({"object": "list", "data": "nope"}), "no list of card objects"),
        (Reply.json([1, 2, 3]), "page 1 is a JSON array, not a list object"),
        (Reply.json(None), "page 1 is JSON null, not a list object"),
        (
            Reply.json(
                {"object": "list", "has_more": True, "next_page": None, "data": [make_card("X")]}
            ),
            "no next_page",
        ),
        (
            Reply(
                body=json.dumps({"object": "list", "data": []}).encode() + b" " * 50, truncate_to=10
            ),
            "cut off",
        ),
        (
            Reply.json(
                {
                    "object": "list",
                    "total_cards": 1,
                    "has_more": False,
                    "data": [make_card("Creature", "Creature — Elf")],
                }
            ),
            "no plane or phenomenon",
        ),
        (
            Reply.json(
                {
                    "object": "list",
                    "total_cards": 1,
                    "has_more": False,
                    "data": [make_card("Bad Set", set_code="TOOLONGSET")],
                }
            ),
            "no plane or phenomenon",
        ),
        (
            Reply.json(
                {
                    "object": "error",
                    "status": 400,
                    "code": "bad_request",
                    "details": "All of your terms were ignored.",
                },
                status=400,
            ),
            "All of your terms were ignored",
        ),
    ],
    ids=[
        "truncated-json",
        "html-page",
        "wrong-object",
        "data-not-list",
        "json-array",
        "json-null",
        "more-without-next",
        "cut-off-body",
        "no-planar-cards",
        "unusable-set-code",
        "400-error-object",
    ],
)
def test_bad_answers_fail_cleanly(
    server: LocalServer, synced_cache: Path, reply: Reply, message: str
) -> None:
    before = checksum(synced_cache)
    server.route("/cards/search", reply)
    result = sync(server.url)
    assert result.exit_code == 3, explain(result)
    assert message in one_error_line(result)
    assert checksum(synced_cache) == before
    leftovers = [p.name for p in synced_cache.parent.iterdir() if p.name.endswith(".tmp")]
    assert leftovers == []


@pytest.mark.parametrize(("objects", "said"), [(1, "(1 card object)"), (2, "(2 card objects)")])
def test_an_answer_without_planar_cards_counts_its_objects_in_words(
    server: LocalServer, objects: int, said: str
) -> None:
    # One creature was "(1 card objects)".
    creatures = [make_card(f"Creature {n}", "Creature — Elf") for n in range(objects)]
    server.route(
        "/cards/search",
        Reply.json({"object": "list", "has_more": False, "data": creatures}),
    )
    result = sync(server.url)
    assert result.exit_code == 3, explain(result)
    assert one_error_line(result).endswith(f"{said}; the cache was left as it was")


def test_404_error_object(server: LocalServer, synced_cache: Path) -> None:
    before = checksum(synced_cache)
    server.route(
        "/cards/search",
        Reply.json(
            {
                "object": "error",
                "status": 404,
                "code": "not_found",
                "details": "Your query didn't match any cards.",
            },
            status=404,
        ),
    )
    result = sync(server.url)
    assert result.exit_code == 3, explain(result)
    assert "didn't match any cards" in one_error_line(result)
    assert checksum(synced_cache) == before


def test_endless_pagination_stops_at_the_cap(server: LocalServer, synced_cache: Path) -> None:
    before = checksum(synced_cache)

    def endless(request: RecordedRequest) -> Reply:
        number = int(request.query.get("page", "1"))
        return Reply.json(
            {
                "object": "list",
                "total_cards": 4,
                "has_more": True,
                "next_page": f"{server.url}/cards/search?page={number + 1}",
                "data": [make_card(f"Plane {number} a"), make_card(f"Plane {number} b")],
            }
        )

    server.requests.clear()
    server.route("/cards/search", endless)
    result = sync(server.url)
    assert result.exit_code == 3, explain(result)
    assert "kept paging" in one_error_line(result)
    assert len(server.requests) == math.ceil(4 / 2) + 2
    assert checksum(synced_cache) == before


def test_next_page_to_another_host_is_refused(server: LocalServer, cache_dir: Path) -> None:
    server.route(
        "/cards/search",
        Reply.json(
            {
                "object": "list",
                "total_cards": 4,
                "has_more": True,
                "next_page": "http://192.0.2.1/cards/search?page=2",
                "data": HAND_MADE[:2],
            }
        ),
    )
    result = sync(server.url)
    assert result.exit_code == 3, explain(result)
    assert "points away" in one_error_line(result)
    assert len(server.requests) == 1


def test_unwritable_cache_dir(
    server: LocalServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("PLANARCLI_CACHE_DIR", str(blocker / "cache"))
    serve_cards(server, HAND_MADE)
    result = sync(server.url)
    assert result.exit_code == 3, explain(result)
    assert "cannot write the card cache" in one_error_line(result)


@pytest.mark.parametrize("url", ["ftp://example.invalid", "api.scryfall.com", "http://"])
def test_bad_api_url_is_a_usage_error(cache_dir: Path, url: str) -> None:
    result = sync(url)
    assert result.exit_code == 2, explain(result)
    assert "not an API URL" in one_error_line(result)


@pytest.mark.parametrize("url", ["", "   "])
@pytest.mark.parametrize("command", [["cards", "sync"], ["cards", "show", "Akoum", "--online"]])
def test_an_empty_api_url_is_a_usage_error_and_sends_nothing(
    server: LocalServer,
    cache_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
    url: str,
    command: list[str],
) -> None:
    # Were the empty URL taken for "the default", the default would be this local server.
    monkeypatch.setattr("planarcli.cards.scryfall.DEFAULT_API_URL", server.url)
    serve_cards(server, HAND_MADE)
    result = run(*command, "--api-url", url)
    assert result.exit_code == 2, explain(result)
    assert "not an API URL" in one_error_line(result)
    assert server.requests == []
    assert not (cache_dir / "cards.json").exists()


# -- offline: exit 2, nothing sent ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("args", "env"),
    [
        (["--offline", "cards", "sync"], None),
        (["cards", "sync", "--offline"], None),
        (["cards", "sync"], {"PLANARCLI_OFFLINE": "1"}),
    ],
    ids=["root-flag", "command-flag", "environment"],
)
def test_offline_sync_is_a_usage_error_and_sends_nothing(
    server: LocalServer, cache_dir: Path, args: list[str], env: dict[str, str] | None
) -> None:
    serve_cards(server, HAND_MADE)
    result = run(*args, "--api-url", server.url, env=env)
    assert result.exit_code == 2, explain(result)
    assert "offline" in one_error_line(result)
    assert server.requests == []
    assert not (cache_dir / "cards.json").exists()


# -- what a sync changes --------------------------------------------------------------------------
def test_a_synced_card_is_known_to_cards_show(server: LocalServer, cache_dir: Path) -> None:
    before = run("cards", "show", "Test Plane of Nowhere")
    assert before.exit_code == 1, explain(before)
    serve_cards(server, HAND_MADE)
    assert sync(server.url).exit_code == 0
    after = run("cards", "show", "Test Plane of Nowhere", "--format", "json")
    assert after.exit_code == 0, explain(after)
    shown = json.loads(after.stdout)
    assert shown["source"] == "cache"
    assert shown["oracle_text"] == "Nothing happens here."
    assert shown["sets"] == ["old", "tst"]
    assert after.stderr == ""


def test_sync_writes_a_stamp_that_lets_loading_skip_jsonschema(
    server: LocalServer, synced_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert store.stamp_path(synced_cache).is_file()

    def no_schema_check(*args: Any, **kwargs: Any) -> list[str]:
        raise AssertionError("the stamped cache was checked again")

    monkeypatch.setattr("planarcli.schemacheck.schema_errors", no_schema_check)
    store.reset_loaded_catalog()
    loaded = store.load_catalog()
    assert loaded.source.kind == "cache"
    assert loaded.lookup("Test Plane of Nowhere") is not None


def test_a_document_failing_the_schema_is_never_written(synced_cache: Path) -> None:
    before = checksum(synced_cache)
    document, _ = build_catalog(HAND_MADE, api_url="x", query="q")
    document["cards"][0]["kind"] = "vanguard"
    with pytest.raises(DataUnavailableError, match="does not match the catalog schema"):
        write_catalog(document, synced_cache)
    assert checksum(synced_cache) == before


def test_a_failed_write_leaves_the_cache_and_no_temp_file(
    synced_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = checksum(synced_cache)
    document, _ = build_catalog(HAND_MADE, api_url="x", query="q")

    def broken_replace(src: Any, dst: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("planarcli.cards.sync.os.replace", broken_replace)
    with pytest.raises(DataUnavailableError, match="No space left"):
        write_catalog(document, synced_cache)
    assert checksum(synced_cache) == before
    assert [p.name for p in synced_cache.parent.iterdir() if p.name.endswith(".tmp")] == []


def test_default_client_settings() -> None:
    with ScryfallClient() as client:
        assert client.base_url == "https://api.scryfall.com"
        assert client.timeout[0] > 0 and client.timeout[1] > 0
        assert client.min_interval == 0.5
        retry = client.session.get_adapter("https://api.scryfall.com").max_retries
        assert retry.total == 2 and retry.status == 2
        assert {429, 500, 502, 503, 504} <= set(retry.status_forcelist or ())
        assert set(retry.allowed_methods or ()) == {"GET"}
        assert retry.respect_retry_after_header
        assert retry.parse_retry_after("3600") == 30.0  # capped
        assert retry.parse_retry_after("2") == 2.0
        assert client.body_deadline == 60.0
        assert client.session.headers["User-Agent"] == f"planarcli/{__version__}"


@pytest.mark.slow
def test_any_card_objects_build_a_valid_catalog_or_are_skipped() -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from planarcli.schemacheck import schema_errors

    values = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.text(max_size=12),
        st.sampled_from(
            [
                "Plane — X",
                "Phenomenon",
                "pLaNe",
                "2020-01-01",
                "abc",
                "ABCD",
                "0f0f0f0f-1111-4222-8333-444444444444",
                "Phenome-nom",
            ]
        ),
        st.lists(
            st.dictionaries(
                st.sampled_from(["type_line", "oracle_text", "oracle_id"]), st.text(max_size=8)
            ),
            max_size=2,
        ),
    )
    keys = st.sampled_from(
        [
            "name",
            "type_line",
            "oracle_id",
            "set",
            "released_at",
            "oracle_text",
            "card_faces",
            "scryfall_uri",
            "layout",
        ]
    )
    objects = st.lists(st.dictionaries(keys, values), max_size=6)

    @settings(max_examples=150, deadline=None)
    @given(objects)
    def check(cards: list[dict[str, Any]]) -> None:
        document, summary = build_catalog(cards, api_url="x", query="q")
        assert summary.printings == len(cards)
        assert summary.cards == len(document["cards"]) == summary.planes + summary.phenomena
        if document["cards"]:
            assert schema_errors(document, "catalog.schema.json") == []

    check()


def test_progress_bar_on_a_terminal_only(server: LocalServer, cache_dir: Path) -> None:
    """On a terminal, sync draws a progress bar on stderr; piped, it prints no bar."""
    import os
    import pty
    import subprocess
    import sys

    # Two pages: one paced wait (0.5 s) is enough to show the bar move.
    serve_cards(server, [make_card(f"Plane {i}", "Plane — Test") for i in range(5)])
    env = {**os.environ, "PLANARCLI_CACHE_DIR": str(cache_dir)}
    command = [sys.executable, "-m", "planarcli", "cards", "sync", "--api-url", server.url]
    leader, follower = pty.openpty()
    try:
        done = subprocess.run(
            command, env=env, stdout=subprocess.PIPE, stderr=follower, timeout=60, check=False
        )
        os.close(follower)
        terminal = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the terminal is closed once everything has been read
                break
            if not chunk:
                break
            terminal += chunk
    finally:
        os.close(leader)
    assert done.returncode == 0, terminal
    shown = terminal.decode("utf-8")
    assert "syncing from Scryfall [" in shown and "page 2/2" in shown
    assert "page 2/2\r\n" in shown  # the bar's line is ended before anything else prints
    serve_cards(server, [make_card(f"Plane {i}", "Plane — Test") for i in range(3)])  # 1 page
    piped = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)
    assert piped.returncode == 0, piped.stderr
    assert "syncing from Scryfall" not in piped.stderr


def test_validate_knows_cards_only_the_synced_cache_has(
    server: LocalServer, cache_dir: Path, tmp_path: Path
) -> None:
    planes = [c.name for c in store.load_snapshot().cards if c.kind == "plane"][:9]
    deck = tmp_path / "deck.txt"
    deck.write_text(
        "Planar Deck\n" + "\n".join([*planes, "Test Plane of Nowhere"]) + "\n", encoding="utf-8"
    )
    before = run("validate", str(deck), "--format", "json")
    assert before.exit_code == 1, explain(before)
    assert json.loads(before.stdout)["files"][0]["findings"][0]["card"] == "Test Plane of Nowhere"

    prints = [make_card(name) for name in planes]
    serve_cards(server, [*prints, make_card("Test Plane of Nowhere", "Plane — Nowhere")])
    assert sync(server.url).exit_code == 0
    store.reset_loaded_catalog()
    after = run("validate", str(deck), "-v")
    assert after.exit_code == 0, explain(after)
    assert after.stdout.startswith(f"card data: cache {cache_dir / 'cards.json'}")


@pytest.mark.parametrize(
    "reply",
    [
        Reply.text("<!DOCTYPE html><html><body>Welcome</body></html>", 200, "text/html"),
        Reply(body=b"\x89garbage\xff", headers={"Content-Type": "application/json"}),
        Reply.json([1, 2, 3]),
    ],
    ids=["html-page", "garbage", "json-array"],
)
def test_an_answer_that_is_not_scryfalls_says_to_check_the_api_url(
    server: LocalServer, synced_cache: Path, reply: Reply
) -> None:
    """A mirror URL that serves something else (a web page, garbage) said what was wrong
    but not what to do."""
    server.route("/cards/search", reply)
    result = sync(server.url)
    assert result.exit_code == 3, explain(result)
    one_error_line(result)
    assert "planarcli: hint: check --api-url" in result.stderr, explain(result)


def test_a_cut_off_answer_is_said_without_a_python_tuple(
    server: LocalServer, synced_cache: Path
) -> None:
    """urllib3's ProtocolError("Connection broken: ...", cause) was printed as the repr of
    its arguments: "('Connection broken: IncompleteRead(...)', IncompleteRead(...))"."""
    body = json.dumps({"object": "list", "data": []}).encode() + b" " * 50
    server.route("/cards/search", Reply(body=body, truncate_to=10))
    result = sync(server.url)
    assert result.exit_code == 3, explain(result)
    line = one_error_line(result)
    assert "cut off: Connection broken: IncompleteRead(" in line, line
    assert "('" not in line and "', " not in line, line


def test_a_partial_answer_never_makes_a_cards_sets_or_first_printing_shrink(
    server: LocalServer, cache_dir: Path
) -> None:
    """A mirror that sends only a later printing of Tazeem: the card keeps every set the
    snapshot knows and its first printing, and gains the mirror's set."""
    tazeem = store.load_snapshot().exact("Tazeem")
    assert tazeem is not None and tazeem.first_released is not None
    later = make_card(
        "Tazeem",
        "Plane — Zendikar",
        set_code="zzz",
        released="2030-01-01",
        oracle_id=tazeem.oracle_id,
    )
    serve_cards(server, [later])
    assert sync(server.url).exit_code == 0
    store.reset_loaded_catalog()
    shown = json.loads(run("cards", "show", "Tazeem", "--format", "json").stdout)
    assert shown["source"] == "cache"
    assert shown["sets"] == [*tazeem.sets, "zzz"]
    assert shown["first_released"] == tazeem.first_released


# -- hostile answers (issue 22): one line, exit 3, the cache as it was ---------------------------
def synced_cache_checksum(server: LocalServer, cache_dir: Path) -> str:
    """Sync the hand-made cards once, then empty the server's log: the checksum of that cache."""
    serve_cards(server, HAND_MADE)
    assert sync(server.url).exit_code == 0
    server.requests.clear()
    return checksum(cache_dir / "cards.json")


DEEP = b"[" * 100_000 + b"]" * 100_000


@pytest.mark.parametrize("path", ["/cards/search", "/cards/named"])
def test_json_nested_past_the_recursion_limit_is_one_line(
    server: LocalServer, cache_dir: Path, path: str
) -> None:
    before = synced_cache_checksum(server, cache_dir)
    server.route(path, Reply(body=DEEP, headers={"Content-Type": "application/json"}))
    command = ["cards", "sync"] if path == "/cards/search" else ["cards", "show", "--online", "X"]
    result = run(*command, "--api-url", server.url)
    assert result.exit_code == 3, explain(result)
    assert "nested too deeply" in one_error_line(result)
    assert checksum(cache_dir / "cards.json") == before


def test_a_claimed_billion_cards_stops_at_the_page_cap(
    server: LocalServer, cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cap on pages is the client's own, not computed from the server's total."""
    from planarcli.cards import scryfall

    before = synced_cache_checksum(server, cache_dir)
    monkeypatch.setattr(scryfall, "MAX_PAGES", 5)

    def endless(request: RecordedRequest) -> Reply:
        number = int(request.query.get("page", "1"))
        return Reply.json(
            {
                "object": "list",
                "total_cards": 1_000_000_000,
                "has_more": True,
                "next_page": f"{server.url}/cards/search?page={number + 1}",
                "data": [make_card(f"Plane {number}")],
            }
        )

    server.route("/cards/search", endless)
    result = sync(server.url)
    assert result.exit_code == 3, explain(result)
    assert "kept paging past 5 pages" in one_error_line(result)
    assert len(server.requests) == 5
    assert checksum(cache_dir / "cards.json") == before


def test_the_real_page_cap_is_far_below_a_claimed_total() -> None:
    from planarcli.cards import scryfall

    assert 2 <= scryfall.MAX_PAGES <= 100


@pytest.mark.parametrize("status", [301, 302, 303, 307, 308])
def test_a_redirect_to_another_host_is_refused(
    server: LocalServer, cache_dir: Path, status: int
) -> None:
    before = synced_cache_checksum(server, cache_dir)
    with serve() as elsewhere:
        serve_cards(elsewhere, HAND_MADE[:2])
        server.route(
            "/cards/search",
            Reply(status=status, headers={"Location": f"{elsewhere.url}/cards/search"}),
        )
        result = sync(server.url)
        assert elsewhere.requests == []
    assert result.exit_code == 3, explain(result)
    assert "redirected" in one_error_line(result) and "another host" in result.stderr
    assert checksum(cache_dir / "cards.json") == before


def test_a_redirect_on_the_same_host_is_followed(server: LocalServer, cache_dir: Path) -> None:
    pages = scryfall_pages(HAND_MADE, server.url, 10, path="/v2/cards/search")
    server.route("/cards/search", Reply(status=302, headers={"Location": "/v2/cards/search"}))
    server.route("/v2/cards/search", Reply.json(pages[1]))
    result = sync(server.url)
    assert result.exit_code == 0, explain(result)
    assert [request.path for request in server.requests] == ["/cards/search", "/v2/cards/search"]


def test_a_redirect_loop_stops_at_the_redirect_limit(server: LocalServer, cache_dir: Path) -> None:
    from planarcli.cards import scryfall

    before = synced_cache_checksum(server, cache_dir)
    server.route("/cards/search", Reply(status=302, headers={"Location": "/loop"}))
    server.route("/loop", Reply(status=307, headers={"Location": "/loop"}))
    started = time.monotonic()
    result = sync(server.url)
    assert result.exit_code == 3, explain(result)
    assert f"more than {scryfall.MAX_REDIRECTS} times" in one_error_line(result)
    assert len(server.requests) == scryfall.MAX_REDIRECTS + 1
    assert time.monotonic() - started < 60
    assert checksum(cache_dir / "cards.json") == before

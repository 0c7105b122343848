"""The Scryfall API client: the only module that imports requests.

One ``ScryfallClient`` holds one ``requests.Session`` with:

- an injectable base URL (``--api-url`` / ``PLANARCLI_SCRYFALL_URL``; default
  https://api.scryfall.com);
- the headers Scryfall asks for: ``User-Agent: planarcli/<version>`` and an ``Accept`` header;
- a (connect, read) timeout on every request;
- bounded retries on 429 and 5xx that honour ``Retry-After`` (urllib3 ``Retry`` mounted on an
  ``HTTPAdapter``), with a capped wait;
- pacing: at least 500 ms between requests to the rate-limited endpoints
  (``/cards/search``, ``/cards/named``), with an injectable clock and sleep for tests.

Every failure becomes a ``DataUnavailableError`` (exit 3) carrying one clear line, except a
``/cards/named`` miss, which is a ``NotFoundError``. Nothing here prints.

Import this module only inside the commands that talk to Scryfall: importing requests costs
more than the whole of ``planarcli validate``.
"""

from __future__ import annotations

import json
import math
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urljoin, urlsplit

import requests
from requests.adapters import HTTPAdapter
from urllib3.exceptions import DecodeError, InvalidHeader, ProtocolError, ReadTimeoutError
from urllib3.exceptions import HTTPError as Urllib3Error
from urllib3.util.retry import Retry

from planarcli import __version__
from planarcli.errors import DataUnavailableError, NotFoundError, UsageError

DEFAULT_API_URL = "https://api.scryfall.com"
API_URL_ENV = "PLANARCLI_SCRYFALL_URL"

#: The search that finds every plane and phenomenon, one object per printing, in every
#: language (``include_multilingual``: the non-English printings carry ``lang`` and
#: ``printed_name``, which ``cards sync`` keeps as the card's printed names).
PLANAR_QUERY = "layout:planar"
SEARCH_PARAMS: dict[str, str] = {
    "q": PLANAR_QUERY,
    "include_extras": "true",
    "include_multilingual": "true",
    "unique": "prints",
    "order": "name",
}

USER_AGENT = f"planarcli/{__version__}"
ACCEPT = "application/json;q=0.9,*/*;q=0.8"

#: Endpoints Scryfall limits to 2 requests per second.
RATE_LIMITED_PATHS = ("/cards/search", "/cards/named", "/cards/random", "/cards/collection")

#: Used when a list gives no ``total_cards`` (a card search always does).
MAX_PAGES_WITHOUT_TOTAL = 20
#: The most pages one search follows, whatever ``total_cards`` claims: every printing of
#: every planar card is two pages of 175; a server that claims a billion cards (and pages on)
#: is given up on here, not after a billion pages.
MAX_PAGES = 40

#: Redirects followed for one request, each to the same scheme, host and port only: an
#: answer from another host never reaches the cache (as a next_page there is refused).
MAX_REDIRECTS = 3
REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})

#: A Scryfall answer larger than this is not a card list.
MAX_RESPONSE_BYTES = 32 * 1024 * 1024

#: Seconds one answer's body may take to arrive in full. The read timeout bounds each read
#: only, so a server that drips a byte at a time would otherwise never be given up on.
BODY_DEADLINE = 60.0

ProgressCallback = Callable[[int, int], None]


@dataclass(frozen=True)
class RetryPolicy:
    """How hard to try. The defaults suit Scryfall; tests shrink them."""

    retries: int = 2  # per request, for 429/5xx answers (so at most 2 × 30 s for 429s)
    connect_retries: int = 1  # a refused or failed connection is tried once more
    read_retries: int = 1  # and so is a read timeout (each costs a whole timeout)
    backoff_factor: float = 1.0  # urllib3 backoff: factor * 2**(n-1) seconds ...
    min_backoff: float = 1.0  # ... but never less than this, so retries respect pacing
    backoff_max: float = 10.0
    retry_after_max: float = 30.0  # a longer Retry-After is shortened to this (Scryfall: 30 s)


@dataclass(frozen=True)
class Answer:
    """What came back for one GET, body read in full."""

    status: int
    reason: str
    content_type: str
    body: bytes


@dataclass(frozen=True)
class FetchResult:
    """The card objects of a search, every page joined, with what the pages said."""

    cards: list[dict[str, Any]]
    pages: int
    total_cards: int | None
    warnings: list[str] = field(default_factory=list)


def _retry_class(policy: RetryPolicy) -> type[Retry]:
    """A Retry that never waits less than ``min_backoff`` nor longer than ``retry_after_max``.

    (urllib3 copies a Retry through ``type(self)(**params)`` on every attempt, so the limits
    live on the class, not on the instance.)
    """
    min_backoff = policy.min_backoff
    retry_after_max = policy.retry_after_max

    class PlanarRetry(Retry):
        def get_backoff_time(self) -> float:
            return max(min_backoff, super().get_backoff_time())

        def parse_retry_after(self, retry_after: str) -> float:
            return float(min(retry_after_max, max(0.0, super().parse_retry_after(retry_after))))

        def get_retry_after(self, response: Any) -> float | None:
            # An unreadable Retry-After ("soon") is no reason to give up: back off as usual.
            try:
                return super().get_retry_after(response)
            except InvalidHeader:
                return None

    return PlanarRetry


class ScryfallClient:
    """A polite Scryfall client. Use it as a context manager, or call ``close()``."""

    def __init__(
        self,
        base_url: str | None = None,
        *,
        timeout: tuple[float, float] = (5.0, 20.0),
        retry: RetryPolicy | None = None,
        min_interval: float = 0.5,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
        body_deadline: float = BODY_DEADLINE,
    ) -> None:
        # None means the default; an empty --api-url "" is a mistake, not a wish for the
        # real Scryfall (it is refused below, before anything is sent).
        self.base_url = (DEFAULT_API_URL if base_url is None else base_url.strip()).rstrip("/")
        parts = urlsplit(self.base_url)
        if parts.scheme not in {"http", "https"} or not parts.netloc:
            raise UsageError(
                f"not an API URL: {self.base_url!r}",
                hint="give --api-url as http(s)://host[:port], e.g. https://api.scryfall.com",
            )
        self._origin = (parts.scheme, parts.netloc)
        self.timeout = timeout
        self.min_interval = min_interval
        self.body_deadline = body_deadline
        self._clock = clock
        self._sleep = sleep
        self._last_limited: float | None = None
        policy = retry or RetryPolicy()
        retries = _retry_class(policy)(
            total=policy.retries,
            connect=min(policy.retries, policy.connect_retries),
            read=min(policy.retries, policy.read_retries),
            status=policy.retries,
            other=0,
            redirect=0,  # redirects are followed by _get, which checks where they lead
            allowed_methods=frozenset({"GET"}),
            status_forcelist=frozenset({429, 500, 502, 503, 504}),
            backoff_factor=policy.backoff_factor,
            backoff_max=policy.backoff_max,
            respect_retry_after_header=True,
            raise_on_status=False,  # the last answer comes back and is reported below
        )
        self.session = requests.Session()
        self.session.headers.update({"User-Agent": USER_AGENT, "Accept": ACCEPT})
        adapter = HTTPAdapter(max_retries=retries)
        self.session.mount("https://", adapter)
        self.session.mount("http://", adapter)

    # -- plumbing ----------------------------------------------------------------------
    def __enter__(self) -> ScryfallClient:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        self.session.close()

    def _pace(self, url: str) -> None:
        if not _is_rate_limited(url) or self._last_limited is None:
            return
        wait = self.min_interval - (self._clock() - self._last_limited)
        if wait > 0:
            self._sleep(wait)

    def _get(self, url: str, params: Mapping[str, str] | None = None) -> Answer:
        """One GET (retried by the adapter); network failures become DataUnavailableError."""
        self._pace(url)
        limited = _is_rate_limited(url)
        try:
            for _ in range(MAX_REDIRECTS + 1):
                response = self.session.get(
                    url, params=params, timeout=self.timeout, stream=True, allow_redirects=False
                )
                try:
                    target = self._redirect_target(response, url)
                    if target is None:
                        body = self._read_body(response, url, self.body_deadline)
                        break
                finally:
                    response.close()
                url, params = target, None
            else:
                raise DataUnavailableError(
                    f"Scryfall redirected more than {MAX_REDIRECTS} times; giving up",
                    hint=API_URL_HINT,
                )
        except requests.exceptions.RequestException as error:
            raise _failed(url, error) from error
        finally:
            if limited:
                self._last_limited = self._clock()
        return Answer(
            status=response.status_code,
            reason=response.reason or "",
            content_type=response.headers.get("Content-Type", ""),
            body=body,
        )

    def _redirect_target(self, response: requests.Response, url: str) -> str | None:
        """Where a redirect answer sends the request (same origin only), or None for an
        answer that is no redirect."""
        location = response.headers.get("Location")
        if response.status_code not in REDIRECT_STATUSES or not location:
            return None
        target = urljoin(response.url or url, location)
        parts = urlsplit(target)
        if (parts.scheme, parts.netloc) != self._origin:
            raise DataUnavailableError(
                f"Scryfall redirected {_short(url)} to another host ({parts.netloc or target!r});"
                " not following it",
                hint=API_URL_HINT,
            )
        return target

    @staticmethod
    def _read_body(response: requests.Response, url: str, deadline: float) -> bytes:
        """The whole body, read as it arrives (``read1``: whatever is there, not a full
        64 KiB block), within ``deadline`` seconds in all. Each read is still bounded by the
        read timeout, so a stalled answer fails after at most deadline + read timeout."""
        declared = response.headers.get("Content-Length")
        if declared and declared.isdigit() and int(declared) > MAX_RESPONSE_BYTES:
            raise DataUnavailableError(f"answer from {_host(url)} is too large ({declared} bytes)")
        give_up_at = time.monotonic() + deadline
        raw = response.raw
        chunks = []
        size = 0
        try:
            while True:
                chunk = raw.read1(65536, decode_content=True)
                if not chunk:
                    break
                size += len(chunk)
                if size > MAX_RESPONSE_BYTES:
                    raise DataUnavailableError(f"answer from {_host(url)} is too large")
                chunks.append(chunk)
                if time.monotonic() > give_up_at:
                    raise DataUnavailableError(
                        f"Scryfall's answer from {_host(url)} took more than {deadline:g} s to "
                        f"arrive ({size} bytes so far); giving up",
                        hint="try again later",
                    )
        except ReadTimeoutError as error:
            raise _timed_out(url, error) from error
        except (ProtocolError, DecodeError) as error:
            raise DataUnavailableError(
                f"Scryfall's answer from {_host(url)} was cut off: {_reason(error)}",
                hint="try again later",
            ) from error
        except Urllib3Error as error:
            raise DataUnavailableError(
                f"reading the answer from {_host(url)} failed: {_reason(error)}"
            ) from error
        return b"".join(chunks)

    def _json(self, response: Answer, url: str) -> Any:
        """The JSON body of a 200 answer; anything else is a clear failure."""
        where = _short(url)
        document: Any = _NOT_JSON
        try:
            document = json.loads(response.body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            document = _NOT_JSON
        except RecursionError:  # arrays or objects nested thousands deep: no Scryfall answer
            raise DataUnavailableError(
                f"Scryfall's answer for {where} is JSON nested too deeply to be a card list",
                hint=API_URL_HINT,
            ) from None
        if response.status != 200:
            if isinstance(document, dict) and document.get("object") == "error":
                raise _error_from_scryfall(document, response.status, where)
            raise DataUnavailableError(
                f"Scryfall answered HTTP {response.status} {response.reason}".rstrip()
                + f" for {where}"
                + _content_note(response),
                hint="try again later"
                if response.status >= 500 or response.status == 429
                else None,
            )
        if document is _NOT_JSON:
            ctype = response.content_type
            if "json" not in ctype.lower() and ctype:
                raise DataUnavailableError(
                    f"Scryfall answered with {ctype.split(';')[0]}, not JSON, for {where}"
                    " (an error page or a proxy?)",
                    hint=API_URL_HINT,
                )
            raise DataUnavailableError(
                f"Scryfall's answer for {where} is not valid JSON (truncated or corrupt)",
                hint=API_URL_HINT,
            )
        if isinstance(document, dict) and document.get("object") == "error":
            raise _error_from_scryfall(document, response.status, where)
        return document

    def _check_same_origin(self, url: str) -> None:
        parts = urlsplit(url)
        if (parts.scheme, parts.netloc) != self._origin:
            raise DataUnavailableError(
                f"Scryfall's next_page {url!r} points away from {self.base_url}; not following it"
            )

    # -- endpoints ---------------------------------------------------------------------
    def search_pages(
        self, params: Mapping[str, str], *, progress: ProgressCallback | None = None
    ) -> FetchResult:
        """Every page of ``GET /cards/search`` with ``params``.

        Follows ``next_page`` for at most ceil(total_cards / page size) + 2 pages; a server
        that pages on past that, or any page that is not a Scryfall list, fails the fetch.
        """
        url: str | None = f"{self.base_url}/cards/search"
        query: Mapping[str, str] | None = params
        cards: list[dict[str, Any]] = []
        warnings: list[str] = []
        total: int | None = None
        cap: int | None = None
        pages = 0
        while url is not None:
            if cap is not None and pages >= cap:
                raise DataUnavailableError(
                    f"Scryfall kept paging past {cap} pages for {total} cards; giving up "
                    "(the answer is inconsistent)",
                    hint="try again later",
                )
            response = self._get(url, query)
            page = self._json(response, url)
            pages += 1
            data, has_more, next_page = _check_list_page(page, pages)
            cards.extend(data)
            for warning in page.get("warnings") or ():
                if isinstance(warning, str) and warning not in warnings:
                    warnings.append(warning)
            if pages == 1:
                raw_total = page.get("total_cards")
                total = raw_total if isinstance(raw_total, int) and raw_total >= 0 else None
                if total is not None and data:
                    cap = min(math.ceil(total / len(data)) + 2, MAX_PAGES)
                else:
                    cap = MAX_PAGES_WITHOUT_TOTAL
            if progress is not None:
                expected = cap - 2 if cap is not None and total is not None else pages
                progress(pages, max(expected, pages + (1 if has_more else 0)))
            if has_more:
                if not next_page:
                    raise DataUnavailableError(
                        f"Scryfall's page {pages} says more cards follow but gives no next_page"
                    )
                self._check_same_origin(next_page)
                url, query = next_page, None
            else:
                url = None
        return FetchResult(cards=cards, pages=pages, total_cards=total, warnings=warnings)

    def fetch_planar_cards(self, *, progress: ProgressCallback | None = None) -> FetchResult:
        """Every printing of every plane and phenomenon (``layout:planar``, all pages)."""
        return self.search_pages(SEARCH_PARAMS, progress=progress)

    def named_fuzzy(self, name: str) -> dict[str, Any]:
        """``GET /cards/named?fuzzy=NAME``: one card object; NotFoundError when Scryfall has
        no card (or several) by that name."""
        url = f"{self.base_url}/cards/named"
        response = self._get(url, {"fuzzy": name})
        card = self._json(response, url)
        if not isinstance(card, dict) or card.get("object") != "card":
            raise DataUnavailableError(f"Scryfall's answer for {_short(url)} is not a card")
        return card


#: What a body that does not parse as JSON is read as (JSON's own null is None).
_NOT_JSON = object()

API_URL_HINT = (
    "check --api-url (or PLANARCLI_SCRYFALL_URL): it should be the base of the Scryfall API, "
    "such as https://api.scryfall.com"
)


def _json_kind(value: Any) -> str:
    """What a JSON value is, in JSON's words: "a JSON array", "JSON null"..."""
    if value is None:
        return "JSON null"
    if isinstance(value, bool):
        return f"JSON {str(value).lower()}"
    if isinstance(value, list):
        return "a JSON array"
    if isinstance(value, str):
        return "a JSON string"
    return "a JSON number"


def _is_rate_limited(url: str) -> bool:
    """Whether ``url`` is one of the 2-per-second endpoints (also under a mirror's prefix)."""
    return urlsplit(url).path.rstrip("/").endswith(RATE_LIMITED_PATHS)


def _check_list_page(page: Any, number: int) -> tuple[list[dict[str, Any]], bool, str | None]:
    """The data, has_more and next_page of one list page, or DataUnavailableError."""
    if not isinstance(page, dict):
        raise DataUnavailableError(
            f"Scryfall's page {number} is {_json_kind(page)}, not a list object",
            hint=API_URL_HINT,
        )
    if page.get("object") != "list":
        raise DataUnavailableError(
            f"Scryfall's page {number} is not a list (object: {page.get('object')!r})",
            hint=API_URL_HINT,
        )
    data = page.get("data")
    if not isinstance(data, list) or not all(isinstance(item, dict) for item in data):
        raise DataUnavailableError(f"Scryfall's page {number} has no list of card objects")
    has_more = page.get("has_more", False)
    next_page = page.get("next_page")
    if not isinstance(has_more, bool) or not (next_page is None or isinstance(next_page, str)):
        raise DataUnavailableError(f"Scryfall's page {number} has a malformed has_more/next_page")
    if has_more and not data:
        raise DataUnavailableError(f"Scryfall's page {number} is empty but says more follow")
    return data, has_more, next_page


def _error_from_scryfall(document: dict[str, Any], status: int, where: str) -> Exception:
    details = str(document.get("details") or document.get("code") or "no details").strip()
    code = document.get("status", status)
    if code == 404 and "/cards/named" in where:
        return NotFoundError(f"Scryfall: {details}")
    if code == 404:
        return DataUnavailableError(
            f"Scryfall found no cards for {where}: {details}",
            hint="check --api-url; the search should match every plane",
        )
    return DataUnavailableError(f"Scryfall answered HTTP {code} for {where}: {details}")


def _content_note(response: Answer) -> str:
    ctype = response.content_type.split(";")[0].strip()
    return f" ({ctype} page)" if ctype and "json" not in ctype else ""


def _failed(url: str, error: requests.exceptions.RequestException) -> DataUnavailableError:
    """What a request that failed at ``url`` tells the user: a timeout (also one requests
    reports as a ConnectionError), retries spent, an answer cut off, no connection, or
    another failure."""
    exceptions = requests.exceptions
    if isinstance(error, exceptions.Timeout) or (
        isinstance(error, exceptions.ConnectionError) and _caused_by_timeout(error)
    ):
        return _timed_out(url, error)
    hint: str | None = "try again later"
    if isinstance(error, exceptions.RetryError):
        failure = f"Scryfall kept failing ({_host(url)})"
    elif isinstance(error, exceptions.ChunkedEncodingError):
        failure = f"Scryfall's answer from {_host(url)} was cut off"
    elif isinstance(error, exceptions.ConnectionError):
        failure = f"cannot reach {_host(url)}"
        hint = "check the network, or use the cached/bundled cards with --offline"
    else:
        failure, hint = f"request to {_host(url)} failed", None
    return DataUnavailableError(f"{failure}: {_reason(error)}", hint=hint)


def _timed_out(url: str, error: BaseException) -> DataUnavailableError:
    return DataUnavailableError(
        f"Scryfall did not answer in time ({_host(url)}): {_reason(error)}",
        hint="try again later, or use the cached/bundled cards with --offline",
    )


def _host(url: str) -> str:
    return urlsplit(url).netloc or url


def _short(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.netloc}{parts.path}"


def _caused_by_timeout(error: BaseException) -> bool:
    """True when a requests ConnectionError really is a (read) timeout, which requests
    reports as ConnectionError once urllib3's retries are spent."""
    from urllib3.exceptions import NewConnectionError
    from urllib3.exceptions import TimeoutError as Urllib3Timeout

    current: BaseException | None = error
    seen: set[int] = set()
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, NewConnectionError):  # a subclass of ConnectTimeoutError
            return False
        if isinstance(current, (Urllib3Timeout, TimeoutError)):
            return True
        current = _inner(current) or current.__cause__ or current.__context__
    return False


def _inner(error: BaseException) -> BaseException | None:
    """The exception ``error`` wraps: urllib3's ``reason``, else the exception it was made
    from (requests passes it as ``args[0]``); None when neither."""
    inner = getattr(error, "reason", None)
    if isinstance(inner, BaseException):
        return inner
    if error.args and isinstance(error.args[0], BaseException):
        return error.args[0]
    return None


def _reason(error: BaseException) -> str:
    """The innermost readable reason of a requests/urllib3 exception, on one line."""
    seen: set[int] = set()
    current: BaseException | None = error
    reason = str(error)
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        inner = _inner(current)
        if inner is None:
            if len(current.args) > 1 and isinstance(current.args[0], str):
                # urllib3's ProtocolError("Connection broken: ...", <the cause>): its message,
                # not the repr of the whole tuple
                reason = current.args[0]
            break
        current = inner
        reason = str(current)
    text = " ".join(reason.split())
    # urllib3 wraps as "<urllib3.connection.HTTPConnection object at 0x..>: Failed to ..."
    # and "HTTPConnectionPool(host='h', port=1): Read timed out."
    if ">: " in text:
        text = text.split(">: ", 1)[1]
    text = re.sub(r"^HTTPS?Connection(?:Pool)?\([^)]*\):\s*", "", text)
    return text[:200]

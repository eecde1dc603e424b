"""The server's outer wall, one ASGI middleware in front of every route.

In order, for every HTTP request:

1. **Host check** (local-only mode, no keys): a request whose ``Host`` is not
   ``127.0.0.1``, ``localhost`` or ``[::1]`` (any port) is refused, so a web page that
   points its own name at 127.0.0.1 (DNS rebinding) cannot read or change the store.
2. **Cross-site writes** (both modes): a request that can change state (anything but
   GET, HEAD, OPTIONS) is refused when it carries an ``Origin`` other than the server's
   own or ``Sec-Fetch-Site: cross-site``. Browsers send those headers; other clients send
   neither and are not affected; the page's own requests are same-origin.
3. **Body bounds**: ``Content-Length`` over the limit is refused before a byte is read;
   a body without one is counted as it arrives and cut off at the limit; a client that
   pauses longer than ``body_idle_seconds`` or takes longer than ``body_total_seconds`` is
   answered 408.
4. **Headers** on every response: no framing (``X-Frame-Options: DENY``, CSP
   ``frame-ancestors 'none'``), a strict CSP for the page, ``nosniff``, no referrer.

Every refusal is JSON ``{"error", "message"}``. The access log is scrubbed of credentials
(:class:`ScrubCredentials`): query parameters that look like secrets and any configured key
anywhere in the URL are written as ``[redacted]``.
"""

from __future__ import annotations

import json
import logging
import re
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import unquote

import anyio
from starlette.exceptions import HTTPException

from citadel.limits import Limits, using
from citadel.serve.auth import KeyRing

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

LOCAL_HOSTNAMES = frozenset({"127.0.0.1", "localhost", "[::1]"})
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
UPLOAD_PATH = "/v1/documents"

PAGE_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'"
)
#: FastAPI's interactive /docs load their script and style from a CDN and run inline code.
DOCS_CSP = "frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'"
SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
]


def is_local_host(host: str | None) -> bool:
    if not host:
        return False
    host = host.strip().lower()
    if host.startswith("["):
        end = host.find("]")
        rest = host[end + 1 :]
        return host[: end + 1] == "[::1]" and (rest == "" or (rest.startswith(":") and rest[1:].isdigit()))
    name, colon, port = host.partition(":")
    return name in LOCAL_HOSTNAMES and (not colon or port.isdigit())


def _origin_of(scheme: str, host: str) -> str:
    default = {"http": "80", "https": "443"}.get(scheme)
    host = host.strip().lower()
    if default and host.endswith(":" + default):
        host = host[: -len(default) - 1]
    return f"{scheme}://{host}"


def same_origin(origin: str, scheme: str, host: str | None) -> bool:
    if not host:
        return False
    m = re.fullmatch(r"(https?)://([^/\s]+)", origin.strip().lower())
    if m is None:
        return False
    return _origin_of(m.group(1), m.group(2)) == _origin_of(scheme, host)


class Guard:
    """The middleware; ``bounds`` is read per request so a changed limit applies at once."""

    def __init__(self, app: ASGIApp, *, local: bool, bounds: Callable[[], Limits]) -> None:
        self.app, self.local, self.bounds = app, local, bounds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers, hosts = _headers(scope)
        refusal = self._refusal(scope, headers, hosts)
        if refusal is not None:
            await _respond(send, scope, *refusal)
            return
        bounds = self.bounds()
        upload = scope["method"] == "POST" and scope["path"].rstrip("/") == UPLOAD_PATH
        limit, name = (bounds.max_upload_bytes, "max_upload_bytes") if upload else (bounds.max_body_bytes, "max_body_bytes")
        length = headers.get("content-length")
        if length is not None and (not length.strip().isdigit() or int(length) > limit):
            await _respond(send, scope, 413, "too_large",
                           f"the request body is over the limit {name} = {limit:,} bytes")  # fmt: skip
            return
        with using(bounds):  # every stage below reads the server's limits
            await self.app(scope, _bounded(receive, limit, name, bounds), _with_headers(send, scope))

    def _refusal(self, scope: Scope, headers: dict[str, str], hosts: int) -> tuple[int, str, str] | None:
        host = headers.get("host")
        if self.local and (hosts != 1 or not is_local_host(host)):
            return (403, "forbidden_host",
                    "this server is local-only: it answers only requests for 127.0.0.1, localhost or [::1]")  # fmt: skip
        if scope["method"] not in SAFE_METHODS:
            origin = headers.get("origin")
            site = headers.get("sec-fetch-site", "").strip().lower()
            if site == "cross-site" or (origin is not None and not same_origin(origin, scope.get("scheme", "http"), host)):
                return (403, "cross_site",
                        "requests that change the store are not accepted from other web sites")  # fmt: skip
        return None


def _headers(scope: Scope) -> tuple[dict[str, str], int]:
    """The request's headers (the last of repeated ones) and how many ``Host`` headers it sent."""
    out: dict[str, str] = {}
    hosts = 0
    for raw_name, raw_value in scope.get("headers", []):
        name = raw_name.decode("latin-1").lower()
        hosts += name == "host"
        out[name] = raw_value.decode("latin-1")
    return out, hosts


def _bounded(receive: Receive, limit: int, name: str, bounds: Limits) -> Receive:
    """``receive`` that stops a body at ``limit`` bytes and a sender that stalls."""
    seen = 0
    done = False
    started = time.monotonic()

    async def wrapped() -> Message:
        nonlocal seen, done
        if done:
            return await receive()
        left = bounds.body_total_seconds - (time.monotonic() - started)
        try:
            with anyio.fail_after(max(0.0, min(bounds.body_idle_seconds, left))):
                message = await receive()
        except TimeoutError:
            raise HTTPException(408, "the request body arrived too slowly (limits body_idle_seconds, "
                                     "body_total_seconds)") from None  # fmt: skip
        if message["type"] == "http.request":
            seen += len(message.get("body", b""))
            if seen > limit:
                raise HTTPException(413, f"the request body is over the limit {name} = {limit:,} bytes")
            done = not message.get("more_body", False)
        else:
            done = True
        return message

    return wrapped


def _with_headers(send: Send, scope: Scope) -> Send:
    csp = DOCS_CSP if scope["path"] in ("/docs", "/docs/oauth2-redirect") else PAGE_CSP

    async def wrapped(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = list(message.get("headers", []))
            present = {k.lower() for k, _ in headers}
            headers += [(k, v) for k, v in SECURITY_HEADERS if k not in present]
            if b"content-security-policy" not in present:
                headers.append((b"content-security-policy", csp.encode()))
            message["headers"] = headers
        await send(message)

    return wrapped


async def _respond(send: Send, scope: Scope, status: int, code: str, message: str) -> None:
    body = json.dumps({"error": code, "message": message}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
               (b"connection", b"close")]  # fmt: skip
    await _with_headers(send, scope)({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


# --- the access log -----------------------------------------------------------------------

_SECRET_PARAM = re.compile(
    r"(?i)(^|[?&;])([^=&;#]*(?:key|token|secret|passw|auth|credential|session|sig)[^=&;#]*)=([^&;#]*)"
)


def scrub_url(url: str, ring: KeyRing | None) -> str:
    """``url`` with secret-looking query values and every configured key replaced; a URL
    that hides a key in percent-encoding is logged decoded, with the key replaced."""
    url = _SECRET_PARAM.sub(lambda m: f"{m.group(1)}{m.group(2)}=[redacted]", url)
    if ring is None:
        return url
    decoded = unquote(unquote(url.replace("+", " ")))
    scrubbed = ring.redact(decoded)
    return scrubbed if scrubbed != decoded else ring.redact(url)


class ScrubCredentials(logging.Filter):
    """A filter for ``uvicorn.access``: its records carry the URL as their third argument."""

    def __init__(self, ring: KeyRing | None) -> None:
        super().__init__("citadel-scrub")
        self.ring = ring

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple):
            record.args = tuple(scrub_url(a, self.ring) if isinstance(a, str) else a for a in args)
        record.msg = scrub_url(str(record.msg), self.ring) if not args else record.msg
        return True


def install_scrubber(ring: KeyRing | None) -> None:
    """Put one :class:`ScrubCredentials` on uvicorn's access logger (replacing an older one)."""
    logger = logging.getLogger("uvicorn.access")
    for old in [f for f in logger.filters if isinstance(f, ScrubCredentials)]:
        logger.removeFilter(old)
    logger.addFilter(ScrubCredentials(ring))

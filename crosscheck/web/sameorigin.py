"""Writes only from this site: the ASGI check that refuses cross-site requests that change the store.

A page on another site (or another port of the same machine) can make a browser send a POST
without reading the answer: a form, or ``fetch(..., {mode: "no-cors"})`` with a ``text/plain``
body. Such requests are refused here before the body is read:

* ``Sec-Fetch-Site`` (sent by current browsers) must say ``same-origin`` (or ``none``: typed by the user);
* ``Origin``, where present, must be this server as the browser reached it (scheme-default port
  filled in), compared with the ``Host`` header, which ``TrustedHostMiddleware`` has checked;
* the JSON API (paths under ``/api/``) takes only JSON content types, which a page on another site
  cannot send without a CORS preflight, and this server answers no preflight.

Programs (curl, scripts) send none of these browser headers and pass with the JSON content type;
the HTML forms also carry a token (see ``crosscheck.web.app``).
"""

from __future__ import annotations

from urllib.parse import urlsplit

from crosscheck.web.guards import ASGIApp, Receive, Scope, Send, send_refusal, wants_html

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
SAME_SITE_FETCH = frozenset({b"same-origin", b"none"})
API_PREFIX = "/api/"
API_TYPES = frozenset({"application/x-ndjson", "application/jsonl", "application/json"})
DEFAULT_PORTS = {"http": 80, "https": 443}
CROSS_SITE = "cross-site write refused: {why}; add reports from this site's own pages or with a program"


def _netloc(host: str | None, port: int | None, scheme: str) -> tuple[str, int] | None:
    if not host:
        return None
    return host.lower(), port if port is not None else DEFAULT_PORTS.get(scheme, 0)


def same_origin(origin: str, host: str) -> bool:
    """Whether the ``Origin`` header names the server the ``Host`` header names (a malformed one does not)."""
    try:
        parsed = urlsplit(origin)
        seen = _netloc(parsed.hostname, parsed.port, parsed.scheme)
        served = urlsplit(f"//{host}")
        here = _netloc(served.hostname, served.port, parsed.scheme)
    except ValueError:
        return False
    return seen is not None and parsed.scheme in DEFAULT_PORTS and seen == here


def cross_site_reason(method: str, path: str, headers: dict[bytes, bytes]) -> tuple[int, str] | None:
    """Why a request must be refused as a cross-site write (status and one line), or ``None``."""
    if method in SAFE_METHODS:
        return None
    fetch_site = headers.get(b"sec-fetch-site")
    if fetch_site is not None and fetch_site.lower() not in SAME_SITE_FETCH:
        return 403, CROSS_SITE.format(why=f"the browser says the request comes from a {fetch_site.decode('latin-1')} page")
    origin = headers.get(b"origin")
    if origin is not None:
        shown = origin.decode("latin-1")
        if not same_origin(shown, headers.get(b"host", b"").decode("latin-1")):
            return 403, CROSS_SITE.format(why=f"it comes from {shown!r}, not from this server")
    if path.startswith(API_PREFIX):
        kind = headers.get(b"content-type", b"").decode("latin-1").split(";", 1)[0].strip().lower()
        if kind not in API_TYPES:
            return 415, (
                f"content type {kind or 'missing'!s} refused: send records as application/x-ndjson "
                "(one JSON object per line) or application/json"
            )
    return None


class SameOriginWrites:
    """Refuse cross-site writes (403) and API writes without a JSON content type (415)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            refused = cross_site_reason(scope["method"], scope["path"], dict(scope.get("headers", [])))
            if refused is not None:
                status, message = refused
                await send_refusal(send, status, "Refused", message, wants_html(scope))
                return
        await self.app(scope, receive, send)

"""ASGI guard every response passes: a request body limit, security headers, and a plain 500.

The body limit is enforced while the body streams in (a missing or lying Content-Length does
not get past it), so an oversized upload is refused with 413 before it is parsed or stored.
Every response carries the same security headers, refusals and internal errors included: an
error the application does not handle is answered here (a short 500 with the headers) and
re-raised, so the server still logs its traceback.
"""

from __future__ import annotations

import json
from typing import Any, Awaitable, Callable

from markupsafe import escape

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
HEADERS = (
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    # no referrer to other sites; to this one, so a form's POST carries its Origin (with
    # "no-referrer" browsers send "Origin: null", which the write check must refuse)
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
)
INTERNAL_ERROR = "internal error: the server could not answer this request (its log has the details)"


def shown_size(size: int) -> str:
    """A byte limit as the pages and refusals state it: ``5.0 MB``, ``2000 bytes``."""
    return f"{size / 1024 / 1024:.1f} MB" if size >= 1024 * 1024 else f"{size} bytes"


def wants_html(scope: Scope) -> bool:
    """Whether the client is a browser (its Accept names HTML): refusals are then a page, not JSON."""
    return any(name == b"accept" and b"text/html" in value for name, value in scope.get("headers", []))


async def send_refusal(send: Send, status: int, title: str, message: str, html: bool) -> None:
    """Answer with ``status`` and one line saying why: a small page for browsers, else ``{"detail": ...}``."""
    if html:
        body = PAGE.format(title=escape(title), message=escape(message)).encode()
        kind = b"text/html; charset=utf-8"
    else:
        body = json.dumps({"detail": message}).encode()
        kind = b"application/json"
    headers = [(b"content-type", kind), (b"content-length", str(len(body)).encode()), *HEADERS]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class BodyTooLarge(Exception):
    pass


class Guards:
    """Refuse bodies over ``max_bytes`` with 413, answer unhandled errors with 500, add security headers."""

    def __init__(self, app: ASGIApp, max_bytes: int, form_overhead: int = 0) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.form_overhead = form_overhead  # multipart boundaries and headers around a file at the limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        received = 0
        exceeded = started = False
        headers = dict(scope.get("headers", []))
        form = headers.get(b"content-type", b"").startswith(b"multipart/form-data")
        limit = self.max_bytes + (self.form_overhead if form else 0)

        async def guarded_send(message: Message) -> None:
            nonlocal started
            if exceeded:
                return  # the app's reaction to the refused body (often a 500) is replaced by the 413
            if message["type"] == "http.response.start":
                started = True
                names = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(name, value) for name, value in HEADERS if name not in names]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        async def counting_receive() -> Message:
            nonlocal received, exceeded
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    exceeded = True
                    raise BodyTooLarge()
            return message

        html = wants_html(scope)
        declared = headers.get(b"content-length", b"")
        if declared.isdigit() and int(declared) > limit:
            await self._refuse(send, html)
            return
        try:
            await self.app(scope, counting_receive, guarded_send)
        except Exception:
            if not exceeded:
                if not started:
                    await send_refusal(send, 500, "Internal error", INTERNAL_ERROR, html)
                raise
        if exceeded:
            await self._refuse(send, html)

    async def _refuse(self, send: Send, html: bool = False) -> None:
        message = f"request body too large: the limit is {shown_size(self.max_bytes)}"
        await send_refusal(send, 413, "Too large", message, html)


PAGE = (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">'
    '<meta name="viewport" content="width=device-width, initial-scale=1"><title>crosscheck: {title}</title>'
    '<link rel="stylesheet" href="/static/crosscheck.css"></head><body><main class="page"><h1>{title}</h1>'
    '<p class="error">{message}.</p><p><a href="/add">Back to adding reports</a> · <a href="/">Events</a></p>'
    "</main></body></html>"
)

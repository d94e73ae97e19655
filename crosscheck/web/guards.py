"""ASGI guards every response passes: a request body limit and security headers.

The body limit is enforced while the body streams in (a missing or lying Content-Length does
not get past it), so an oversized upload is refused with 413 before it is parsed or stored.
"""

from __future__ import annotations

import json
from typing import Any, Awaitable, Callable

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
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
)


class BodyTooLarge(Exception):
    pass


class Guards:
    """Refuse bodies over ``max_bytes`` with 413 and add security headers to every response."""

    def __init__(self, app: ASGIApp, max_bytes: int, form_overhead: int = 0) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.form_overhead = form_overhead  # multipart boundaries and headers around a file at the limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        received = 0
        exceeded = False
        headers = dict(scope.get("headers", []))
        form = headers.get(b"content-type", b"").startswith(b"multipart/form-data")
        limit = self.max_bytes + (self.form_overhead if form else 0)

        async def guarded_send(message: Message) -> None:
            if exceeded:
                return  # the app's reaction to the refused body (often a 500) is replaced by the 413
            if message["type"] == "http.response.start":
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

        html = b"text/html" in headers.get(b"accept", b"")  # a browser form: answer with a page
        declared = headers.get(b"content-length", b"")
        if declared.isdigit() and int(declared) > limit:
            await self._refuse(send, html)
            return
        try:
            await self.app(scope, counting_receive, guarded_send)
        except Exception:
            if not exceeded:
                raise
        if exceeded:
            await self._refuse(send, html)

    async def _refuse(self, send: Send, html: bool = False) -> None:
        shown = self.max_bytes
        limit = f"{shown / 1024 / 1024:.1f} MB" if shown >= 1024 * 1024 else f"{shown} bytes"
        message = f"request body too large: the limit is {limit}"
        if html:
            body = PAGE.format(message=message).encode()
            kind = b"text/html; charset=utf-8"
        else:
            body = json.dumps({"detail": message}).encode()
            kind = b"application/json"
        headers = [(b"content-type", kind), (b"content-length", str(len(body)).encode()), *HEADERS]
        await send({"type": "http.response.start", "status": 413, "headers": headers})
        await send({"type": "http.response.body", "body": body})


PAGE = (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>crosscheck: too large</title>'
    '<link rel="stylesheet" href="/static/crosscheck.css"></head><body><main class="page"><h1>Too large</h1>'
    '<p class="error">{message}.</p><p><a href="/add">Back to adding reports</a></p></main></body></html>'
)

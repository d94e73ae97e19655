"""The add-reports pages: upload files or paste a report, through forms only this server's pages can send.

Each form carries the server's token (drawn when the app is made; a page from another site cannot
read it), and every refusal is the same page with one line saying why. The size limit the page
states is the one enforced: the request body limit (``Guards``) and the largest form field are both
``max_upload``, and a pasted text is measured in UTF-8 bytes against it before it is read.
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import fields
from functools import partial
from typing import TYPE_CHECKING, Callable

from fastapi import FastAPI, HTTPException, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse
from starlette.datastructures import FormData, UploadFile

from crosscheck.web.guards import shown_size
from crosscheck.web.service import AddResult, add_reports, pasted_record

if TYPE_CHECKING:
    from crosscheck.corpus import Corpus

Render = Callable[..., HTMLResponse]
FORM_OVERHEAD = 64 * 1024  # multipart boundaries and headers around an upload at the limit
EXPIRED = "this form did not come from this server's page (or the server restarted since): reload the page and send it again"
PASTE_FIELDS = ("title", "outlet", "url", "published")


def add_form_routes(app: FastAPI, store: "Corpus", render: Render, max_upload: int) -> None:
    """``GET /add``, ``POST /add/upload`` and ``POST /add/paste`` on ``app``."""
    token = secrets.token_urlsafe(32)

    def show(status: int = 200, result: AddResult | None = None, error: str | None = None) -> HTMLResponse:
        return render("add.html", status, result=result, error=error, token=token, limit=shown_size(max_upload))

    async def checked_form(request: Request) -> FormData | HTMLResponse:
        """The posted form, or the page that refuses it (malformed, a field over the limit, no token)."""
        try:
            # fields up to the body limit; a pasted text is then measured against the limit itself
            form = await request.form(max_part_size=max_upload + FORM_OVERHEAD)
        except HTTPException as error:  # starlette's parser: malformed form or a field over the limit
            return show(400, error=f"form not read: {error.detail}")
        sent = form.get("token")
        if not isinstance(sent, str) or not hmac.compare_digest(sent.encode(), token.encode()):
            return show(403, error=EXPIRED)
        return form

    @app.get("/add", response_class=HTMLResponse, include_in_schema=False)
    def add_form() -> HTMLResponse:
        return show()

    @app.post("/add/upload", response_class=HTMLResponse, include_in_schema=False)
    async def add_upload(request: Request) -> HTMLResponse:
        form = await checked_form(request)
        if isinstance(form, HTMLResponse):
            return form
        uploads = [item for item in form.getlist("files") if isinstance(item, UploadFile)]
        if not uploads:
            return show(400, error="no file chosen: choose one or more files to upload")
        result = AddResult()
        for upload in uploads:
            data = await upload.read(max_upload + 1)
            one = await run_in_threadpool(partial(add_reports, store, data, name=upload.filename or "", max_bytes=max_upload))
            merge(result, one)
        return show(200 if result.read else 400, result=result)

    @app.post("/add/paste", response_class=HTMLResponse, include_in_schema=False)
    async def add_paste(request: Request) -> HTMLResponse:
        form = await checked_form(request)
        if isinstance(form, HTMLResponse):
            return form
        text = form.get("text")
        text = text if isinstance(text, str) else ""
        if not text.strip():
            return show(400, error="pasted text is empty: paste a report's text")
        size = len(text.encode("utf-8", "surrogatepass"))
        if size > max_upload:
            return show(413, error=f"pasted text is {shown_size(size)}, over the {shown_size(max_upload)} limit; not read")
        fields = {name: value for name in PASTE_FIELDS if isinstance(value := form.get(name), str)}
        record = pasted_record(text, **fields)
        # the text is within the limit; its JSON record (escapes, metadata) may be a little longer
        add = partial(add_reports, store, record, name="pasted", max_bytes=max(max_upload, len(record)), jsonl=True)
        result = await run_in_threadpool(add)
        return show(200 if result.read else 400, result=result)


def merge(total: AddResult, one: AddResult) -> None:
    """Add what one upload did to the request's total: counts add up, lines follow one another,
    an event touched twice is listed once."""
    for item in fields(AddResult):
        mine, theirs = getattr(total, item.name), getattr(one, item.name)
        if isinstance(mine, int):
            setattr(total, item.name, mine + theirs)
        elif item.name == "events":
            mine.extend(event for event in theirs if event not in mine)
        else:
            mine.extend(theirs)

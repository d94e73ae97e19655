"""``create_app(store)``: the web view and JSON API over a crosscheck store.

Pages (server-rendered with Jinja2 autoescape, one shared evidence viewer script):
  ``/``                event list: search, filters, paging, newest first
  ``/events/{id}``     event page: the brief's sections, timelines, evidence side by side
  ``/documents/{id}``  one document: its text with every mention marked, and its event
  ``/add``             upload files or paste a report
API: ``GET /api/events``, ``GET /api/events/{id}`` (the ``crosscheck/brief@1`` record),
``POST /api/documents`` (JSON lines), ``GET /openapi.json``; ``/docs`` renders it offline.

Requests never name files: uploads are read in memory, bodies are capped (413), and every
response carries a strict Content-Security-Policy (only ``/static`` scripts and styles).
The server has no user accounts; it answers only to the host names it is given (DNS rebinding)
and refuses writes from other sites (``crosscheck.web.sameorigin``, the forms' token).
"""

from __future__ import annotations

import math
from dataclasses import asdict
from functools import partial
from urllib.parse import quote
from typing import TYPE_CHECKING, Any, Optional, Sequence

from fastapi import FastAPI, HTTPException, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.exception_handlers import request_validation_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel
from starlette.middleware.trustedhost import TrustedHostMiddleware

from crosscheck.lang import no_rules_note
from crosscheck.report.templating import environment, static_directory
from crosscheck.briefs import UnknownEvent, event_brief
from crosscheck.events.features import KINDS
from crosscheck.web.document import marked_parts, mention_lines, sentences
from crosscheck.web.forms import FORM_OVERHEAD, add_form_routes
from crosscheck.web.guards import Guards
from crosscheck.web.sameorigin import API_PREFIX, SameOriginWrites
from crosscheck.web.service import DEFAULT_MAX_UPLOAD, add_reports, brief_articles
from crosscheck.report.timeline import timeline_svg
from crosscheck.report.view import document_labels, event_view, payload

if TYPE_CHECKING:
    from crosscheck.corpus import Corpus
    from crosscheck.store import EventSummary

PAGE_SIZE = 25
DATE = r"^\d{4}(-\d{2}(-\d{2})?)?$"
LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]")
"""Host names the server answers to by default: only this machine's (a DNS-rebinding page has another)."""
MAX_OFFSET = 10**9  # beyond any store's events; bounds keep paging arithmetic within SQLite's integers
MAX_PAGE = 10**7
REFUSALS: dict[int | str, dict[str, Any]] = {
    403: {"description": "a write from another site's page (`Origin`, `Sec-Fetch-Site`)"},
    413: {"description": "body over the server's limit (`serve --max-upload-mb`)"},
    415: {"description": "not sent as `application/x-ndjson` (or `application/json`)"},
}


class EventOut(BaseModel):
    id: str
    title: str
    date: Optional[str]
    places: list[str]
    kind: Optional[str]
    documents: int
    outlets: list[str]
    headline: dict[str, float]


class EventListOut(BaseModel):
    total: int
    limit: int
    offset: int
    events: list[EventOut]


class RecordOut(BaseModel):
    """One record's outcome: added, new_version (it replaced a stored text), unchanged or refused."""

    record: int
    status: str
    id: Optional[str]
    version: Optional[int]
    replaced_version: Optional[int]
    problems: list[str]


class AddOut(BaseModel):
    read: int
    added: int
    unchanged: int
    new_versions: int
    failed: list[str]
    events: list[str]
    notes: list[str]
    records: list[RecordOut]


def _event_out(summary: "EventSummary") -> EventOut:
    return EventOut(
        id=summary.id, title=summary.title, date=summary.date, places=list(summary.places), kind=summary.kind,
        documents=len(summary.documents), outlets=list(summary.outlets), headline=dict(summary.headline),
    )


def document_path(doc_id: str) -> str:
    """The path of a document's own page (ids are quoted: they come from inputs)."""
    return "/documents/" + quote(doc_id, safe="")


def _kinds() -> list[str]:
    return list(KINDS)


def create_app(
    store: "Corpus", *, max_upload: int = DEFAULT_MAX_UPLOAD, page_size: int = PAGE_SIZE,
    hosts: Sequence[str] = LOCAL_HOSTS,
) -> FastAPI:
    """The web application over ``store`` (the caller owns it and closes it).

    ``max_upload`` caps every request body (413 beyond it); ``page_size`` is the event list's page;
    ``hosts`` are the names the ``Host`` header may give (``*`` for any: only behind a proxy that checks it).
    """
    app = FastAPI(
        title="crosscheck", version="1", docs_url=None, redoc_url=None,
        description="Events reported by many outlets, reconciled into cited briefs (`crosscheck/brief@1`).",
    )
    app.state.store = store
    app.mount("/static", StaticFiles(directory=str(static_directory())), name="static")
    env = environment("crosscheck.web")

    def page(name: str, status: int = 200, **context: Any) -> HTMLResponse:
        return HTMLResponse(env.get_template(name).render(**context), status_code=status)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, error: RequestValidationError) -> Response:
        """A query the API cannot take: the API's usual 422 record; for a page, a page saying why."""
        if request.url.path.startswith(API_PREFIX):
            return await request_validation_exception_handler(request, error)
        return page("error.html", 400, heading="Bad request", message=invalid_message(error))

    filters = dict(
        q=Query(None, max_length=200, description="words that must all occur in the event's title, places or outlets"),
        since=Query(None, pattern=DATE, description="earliest event date, YYYY[-MM[-DD]]"),
        until=Query(None, pattern=DATE, description="latest event date, YYYY[-MM[-DD]]"),
        place=Query(None, max_length=100, description="part of a place name"),
        kind=Query(None, max_length=40, description="kind of event (shooting, bombing, ...)"),
    )

    def listing(q, since, until, place, kind, limit: int, offset: int) -> tuple[int, list["EventSummary"]]:
        args = {"query": q or None, "since": since or None, "until": until or None, "place": place or None, "kind": kind or None}
        return store.count_events(**args), store.events(**args, limit=limit, offset=offset)

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def event_list(
        q: Optional[str] = filters["q"], since: Optional[str] = filters["since"], until: Optional[str] = filters["until"],
        place: Optional[str] = filters["place"], kind: Optional[str] = filters["kind"], page_number: int = Query(1, ge=1, le=MAX_PAGE, alias="page"),
    ) -> HTMLResponse:
        total, events = listing(q, since, until, place, kind, page_size, (page_number - 1) * page_size)
        pages = max(1, math.ceil(total / page_size))
        form = {"q": q or "", "since": since or "", "until": until or "", "place": place or "", "kind": kind or ""}
        return page("events.html", events=events, total=total, page=page_number, pages=pages, form=form, kinds=_kinds())

    @app.get("/events/{event_id}", response_class=HTMLResponse, include_in_schema=False)
    def event_page(event_id: str) -> HTMLResponse:
        summary = store.event(event_id)
        if summary is None:
            return page("error.html", 404, heading="Not found", message=f"No event {event_id!r} in this store.")
        brief = event_brief(store, event_id)
        articles = brief_articles(store, brief)
        view = event_view(brief.events[0], "e0")
        return page("event.html", summary=summary, brief=brief, view=view, labels=document_labels(brief.documents),
                    doc_href=document_path, timeline=timeline_svg(view, brief.documents),
                    data=payload([view], brief.documents, articles, pages=document_path))

    @app.get("/documents/{doc_id:path}", response_class=HTMLResponse, include_in_schema=False)
    def document_page(doc_id: str) -> HTMLResponse:
        article = store.article(doc_id)
        if article is None:
            return page("error.html", 404, heading="Not found", message=f"No document {doc_id!r} in this store.")
        mentions = store.mentions(doc_id)
        event_id = store.event_of(doc_id)
        return page("document.html", article=article, version=store.version(doc_id), note=no_rules_note(article.language),
                    event=store.event(event_id) if event_id else None, lines=mention_lines(mentions),
                    sentences=sentences(article, mentions), parts=marked_parts(article, mentions))

    add_form_routes(app, store, page, max_upload)

    @app.get("/docs", response_class=HTMLResponse, include_in_schema=False)
    def docs() -> HTMLResponse:
        return page("docs.html", spec=app.openapi())

    @app.get("/api/events", response_model=EventListOut, tags=["events"])
    def api_events(
        q: Optional[str] = filters["q"], since: Optional[str] = filters["since"], until: Optional[str] = filters["until"],
        place: Optional[str] = filters["place"], kind: Optional[str] = filters["kind"],
        limit: int = Query(50, ge=1, le=500, description="events per page, 1 to 500"),
        offset: int = Query(0, ge=0, le=MAX_OFFSET, description=f"events to skip, 0 to {MAX_OFFSET:,}"),
    ) -> EventListOut:
        """Events matching all filters, newest first, one page at a time."""
        total, events = listing(q, since, until, place, kind, limit, offset)
        return EventListOut(total=total, limit=limit, offset=offset, events=[_event_out(e) for e in events])

    @app.get("/api/events/{event_id}", tags=["events"])
    def api_event(event_id: str) -> JSONResponse:
        """The event's brief: a `crosscheck/brief@1` record with one event and its documents."""
        try:
            brief = event_brief(store, event_id)
        except UnknownEvent:
            raise HTTPException(404, f"no event {event_id!r}") from None
        return JSONResponse(brief.to_json())

    @app.post("/api/documents", response_model=AddOut, tags=["documents"], responses=REFUSALS,
              openapi_extra={"requestBody": {"required": True, "content": {"application/x-ndjson": {"schema": {
                  "type": "string", "description": "one JSON object per line: text (required), title, outlet, url, published, id"}}}}})
    async def api_documents(request: Request) -> JSONResponse:
        """Add reports given as JSON lines; one error line per bad record, the rest is stored.

        `records` gives each line's outcome: `added`, `new_version` (its id was stored with another
        text, which it replaced: `replaced_version` is kept), `unchanged` or `refused`."""
        data = await request.body()
        if not data.strip():
            raise HTTPException(400, "empty body: send one JSON object per line")
        result = await run_in_threadpool(partial(add_reports, store, data, name="request", max_bytes=max_upload, jsonl=True))
        status = 200 if result.read else 422
        return JSONResponse(AddOut(**asdict(result)).model_dump(), status_code=status)

    app.add_middleware(SameOriginWrites)
    app.add_middleware(TrustedHostMiddleware, allowed_hosts=list(hosts), www_redirect=False)
    app.add_middleware(Guards, max_bytes=max_upload, form_overhead=FORM_OVERHEAD)  # outermost: all answers
    return app


def invalid_message(error: RequestValidationError) -> str:
    """One line per invalid query parameter: its name and what is wrong (``page: ... at most 10000000``)."""
    parts = []
    for item in error.errors():
        name = ".".join(str(part) for part in item.get("loc", ())[1:]) or "request"
        parts.append(f"{name}: {item.get('msg', 'invalid')}")
    return "; ".join(parts)

"""Timeline chart of each figure as reports came in: inline SVG built on the server.

x is report order (documents sorted by publication time, undated ones last, in brief order),
y is the value each document gives. Superseded values stay visible as hollow grey points, so
a toll that rose from 20 to 103 reads as such. Every string that reaches the SVG goes through
``markupsafe.escape``; every point links to its entry (``#entry=<id>``) to open its evidence.
Only SVG presentation attributes are used (no ``style``), so a strict CSP still applies.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from markupsafe import Markup

from crosscheck.facts import DocumentInfo
from crosscheck.model import parse_published
from crosscheck.report.view import Entry, EventView, document_label, figure_line, number, quantity_label

WIDTH, HEIGHT = 320, 140
LEFT, RIGHT, TOP, BOTTOM = 48, 16, 22, 34
STATUS_FILL = {"current": "#1b5e20", "disputed": "#e65100", "superseded": "#ffffff"}
STATUS_STROKE = {"current": "#1b5e20", "disputed": "#e65100", "superseded": "#757575"}


@dataclass(frozen=True, slots=True)
class Point:
    order: int
    value: float
    status: str
    document: str
    entry: Entry


def report_order(documents: Iterable[DocumentInfo]) -> dict[str, int]:
    """Rank of each document by publication time; undated documents keep brief order, last."""
    infos = list(documents)

    def key(pair: tuple[int, DocumentInfo]) -> tuple[int, float, int]:
        index, info = pair
        when = parse_published(info.published)
        if when is None:
            return (1, 0.0, index)
        stamp = when.timestamp() if when.tzinfo else when.replace(tzinfo=None).timestamp()
        return (0, stamp, index)

    return {info.id: rank for rank, (_, info) in enumerate(sorted(enumerate(infos), key=key))}


def series(view: EventView, order: dict[str, int]) -> dict[str, list[Point]]:
    """Points per quantity (label of kind and subject), numeric figures only."""
    grouped: dict[str, list[Point]] = {}
    for index, figure in enumerate(view.event.figures):
        line = figure_line(figure)
        if line.numeric is None:  # ranges and times are not plotted (no invented midpoints)
            continue
        entry = view.figure_entries[index]
        for document in entry.documents:
            rank = order.get(document)
            if rank is None:
                continue
            grouped.setdefault(line.label, []).append(Point(rank, line.numeric, line.status, document, entry))
    return grouped


# What the x axis says, by how well the brief knows the order of the reports (``facts.Timeline.order``).
AXIS = {
    "by report time": "report order (by publication time)",
    "partly known": "report order (undated reports last: their order is not known)",
    "unknown": "order unknown: no report is dated",
}


def timeline_svg(view: EventView, documents: Iterable[DocumentInfo]) -> Markup:
    """One small SVG chart per quantity with at least two reported values; empty markup if none."""
    infos = {info.id: info for info in documents}
    order = report_order(infos[doc] for doc in view.event.documents if doc in infos)
    known = {quantity_label(t.kind, t.subject): t.order for t in view.event.timelines}
    charts = [
        _chart(label, points, len(order), infos, AXIS[known.get(label, "by report time")])
        for label, points in series(view, order).items() if len(points) > 1
    ]
    return Markup("").join(charts)


def _chart(label: str, points: list[Point], reports: int, infos: dict[str, DocumentInfo], axis: str) -> Markup:
    top = max(point.value for point in points)
    top = top if top > 0 else 1.0
    span_x = max(reports - 1, 1)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(order: int) -> float:
        return LEFT + plot_w * (order / span_x if reports > 1 else 0.5)

    def y(value: float) -> float:
        return TOP + plot_h * (1 - value / top)

    parts = [
        Markup('<figure class="timeline"><svg xmlns="http://www.w3.org/2000/svg" role="img" '
               'viewBox="0 0 {w} {h}" width="{w}" height="{h}"><title>{t}</title>').format(
            w=WIDTH, h=HEIGHT, t=f"{label} as reports came in"),
        Markup('<line x1="{l}" y1="{b}" x2="{r}" y2="{b}" stroke="#9e9e9e"/>').format(
            l=LEFT, r=WIDTH - RIGHT, b=TOP + plot_h),
        Markup('<text x="{x}" y="{y}" font-size="11" text-anchor="end" fill="#424242">{v}</text>').format(
            x=LEFT - 6, y=TOP + 4, v=number(top)),
        Markup('<text x="{x}" y="{y}" font-size="11" text-anchor="end" fill="#424242">0</text>').format(
            x=LEFT - 6, y=TOP + plot_h + 4),
        Markup('<text x="{x}" y="{y}" font-size="11" text-anchor="middle" fill="#424242">{a}</text>').format(
            x=LEFT + plot_w / 2, y=HEIGHT - 4, a=axis),
    ]
    for rank in range(reports):
        parts.append(Markup('<text x="{x:.1f}" y="{y}" font-size="10" text-anchor="middle" fill="#757575">{n}</text>')
                     .format(x=x(rank), y=TOP + plot_h + 13, n=rank + 1))
    for point in sorted(points, key=lambda p: (p.order, p.status != "superseded")):
        doc = document_label(infos.get(point.document), point.document)
        tip = f"{doc}: {number(point.value)} ({point.status})"
        parts.append(
            Markup('<a href="#entry={e}" class="timeline-point" data-entry="{e}"><circle cx="{cx:.1f}" '
                   'cy="{cy:.1f}" r="5" fill="{f}" stroke="{s}" stroke-width="2"><title>{tip}</title>'
                   '</circle></a>').format(
                e=point.entry.id, cx=x(point.order), cy=y(point.value), f=STATUS_FILL.get(point.status, "#1565c0"),
                s=STATUS_STROKE.get(point.status, "#1565c0"), tip=tip)
        )
        parts.append(
            Markup('<text x="{x:.1f}" y="{y:.1f}" font-size="10" text-anchor="middle" fill="#424242">{v}</text>').format(
                x=x(point.order), y=y(point.value) - 8, v=number(point.value))
        )
    parts.append(Markup("</svg><figcaption>{}</figcaption></figure>").format(label))
    return Markup("").join(parts)

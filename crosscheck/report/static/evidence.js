// crosscheck evidence viewer: one implementation for the static report and the web view.
// Reads the page's <script type="application/json" id="crosscheck-data"> record:
//   {entries: {id: {label, evidence: [{document, part, start, end, quote, attributed_to}], omitted: {document: n}}},
//    documents: {id: {label, title, outlet, published, link, text, page}}}
// (page, where the server has one, is the path of the document's own page; omitted, where an
// entry cites a document more than the page marks, how many passages more).
// (start/end are UTF-16 offsets into text, or into title for part "title": a headline the text
// does not repeat). The open entry lives in the URL fragment
// (#entry=<id>) so a state can be shared. Document data is untrusted: it is only ever placed
// with textContent, and only http(s) links become hrefs.
"use strict";
(function () {
  const dataNode = document.getElementById("crosscheck-data");
  const panel = document.getElementById("evidence");
  if (!dataNode || !panel) { return; }
  const data = JSON.parse(dataNode.textContent);
  const title = panel.querySelector(".evidence-title");
  const columns = panel.querySelector(".evidence-columns");
  const closeButton = panel.querySelector(".evidence-close");

  function node(tag, className, text) {
    const element = document.createElement(tag);
    if (className) { element.className = className; }
    if (text !== undefined && text !== null) { element.textContent = String(text); }
    return element;
  }

  function safeLink(url) {
    if (typeof url !== "string") { return null; }
    try {
      const parsed = new URL(url);
      return (parsed.protocol === "http:" || parsed.protocol === "https:") ? parsed.href : null;
    } catch (error) {
      return null;
    }
  }

  function entryFromHash() {
    const match = /^#entry=([A-Za-z0-9_.-]+)$/.exec(window.location.hash);
    return match ? match[1] : null;
  }

  // Merge overlapping spans so that every character is highlighted at most once.
  function mergeSpans(spans) {
    const sorted = spans.slice().sort(function (a, b) { return a.start - b.start || a.end - b.end; });
    const merged = [];
    for (const span of sorted) {
      const last = merged[merged.length - 1];
      if (last && span.start <= last.end) { last.end = Math.max(last.end, span.end); }
      else { merged.push({start: span.start, end: span.end}); }
    }
    return merged;
  }

  // text (a document's text or headline) in an element of className, its spans highlighted;
  // without the text (not embedded), the quotes alone.
  function markedText(tag, className, text, spans) {
    const body = node(tag, className);
    if (typeof text !== "string") {
      for (const span of spans) { body.append(node("mark", "evidence-span", span.quote)); }
      return body;
    }
    let cursor = 0;
    for (const span of mergeSpans(spans)) {
      const start = Math.max(cursor, Math.min(span.start, text.length));
      const end = Math.min(span.end, text.length);
      if (end <= start) { continue; }
      body.append(document.createTextNode(text.slice(cursor, start)));
      const mark = node("mark", "evidence-span", text.slice(start, end));
      mark.dataset.start = String(start);
      mark.dataset.end = String(end);
      body.append(mark);
      cursor = end;
    }
    body.append(document.createTextNode(text.slice(cursor)));
    return body;
  }

  function isHeadline(span) { return span.part === "title"; }

  function documentColumn(docId, spans, omitted) {
    const doc = data.documents[docId] || {label: docId};
    const column = node("section", "evidence-doc");
    column.dataset.document = docId;
    const heading = node("h3", "evidence-doc-label");
    if (typeof doc.page === "string" && doc.page.startsWith("/documents/")) {
      const page = node("a", "evidence-doc-page", doc.label || docId);
      page.href = doc.page;
      page.title = "the whole document, every mention marked";
      heading.append(page);
    } else {
      heading.textContent = doc.label || docId;
    }
    column.append(heading);
    const headlineSpans = spans.filter(isHeadline);
    const textSpans = spans.filter(function (span) { return !isHeadline(span); });
    const meta = node("p", "evidence-doc-meta");
    // a cited headline is shown marked above the text, not again in the meta line
    const shownTitle = headlineSpans.length ? null : doc.title;
    const parts = [shownTitle, doc.outlet, doc.published].filter(function (part) { return part; });
    meta.append(document.createTextNode(parts.join(" · ")));
    const link = safeLink(doc.link);
    if (link) {
      const anchor = node("a", "evidence-doc-link", "open original");
      anchor.href = link;
      anchor.rel = "noopener noreferrer nofollow";
      anchor.target = "_blank";
      meta.append(document.createTextNode(parts.length ? " · " : ""), anchor);
    }
    column.append(meta);
    const cited = spans.map(function (span) { return span.attributed_to; }).filter(function (who) { return who; });
    if (cited.length) { column.append(node("p", "evidence-attribution", "according to " + Array.from(new Set(cited)).join(", "))); }
    if (headlineSpans.length) { column.append(markedText("p", "evidence-headline", doc.title, headlineSpans)); }
    if (omitted > 0) { column.append(node("p", "evidence-omitted", omitted + " more passages of this document say it too, not marked")); }
    column.append(markedText("div", "evidence-text", doc.text, textSpans));
    return column;
  }

  function scrollMarks() {
    for (const body of columns.querySelectorAll(".evidence-text")) {
      const mark = body.querySelector("mark");
      if (mark) { body.scrollTop = Math.max(0, mark.offsetTop - body.clientHeight / 3); }
    }
  }

  function setActive(id) {
    for (const element of document.querySelectorAll(".entry.active, .timeline-point.active")) { element.classList.remove("active"); }
    if (!id) { return; }
    for (const element of document.querySelectorAll("[data-entry]")) {
      if (element.getAttribute("data-entry") === id) { element.classList.add("active"); }
    }
  }

  function close() {
    panel.hidden = true;
    columns.replaceChildren();
    document.body.classList.remove("evidence-open");
    setActive(null);
  }

  function open(id) {
    const entry = Object.prototype.hasOwnProperty.call(data.entries, id) ? data.entries[id] : null;
    if (!entry) { close(); return; }
    title.textContent = entry.label;
    const byDocument = new Map();
    for (const span of entry.evidence) {
      if (!byDocument.has(span.document)) { byDocument.set(span.document, []); }
      byDocument.get(span.document).push(span);
    }
    columns.replaceChildren();
    const omitted = entry.omitted || {};
    for (const [docId, spans] of byDocument) { columns.append(documentColumn(docId, spans, omitted[docId] || 0)); }
    panel.hidden = false;
    document.body.classList.add("evidence-open");
    setActive(id);
    scrollMarks();
    revealEntry(id);
  }

  // Keep the clicked (or shared) entry visible above the docked panel.
  function revealEntry(id) {
    const link = Array.from(document.querySelectorAll("a.entry")).find(function (a) { return a.getAttribute("data-entry") === id; });
    if (!link) { return; }
    const box = link.getBoundingClientRect();
    const free = window.innerHeight - panel.getBoundingClientRect().height;
    if (box.top < 0 || box.bottom > free) { window.scrollBy(0, box.top - free / 3); }
  }

  function sync() {
    const id = entryFromHash();
    if (id) { open(id); } else { close(); }
  }

  closeButton.addEventListener("click", function () {
    history.replaceState(null, "", window.location.pathname + window.location.search);
    close();
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && !panel.hidden) { closeButton.click(); }
  });
  window.addEventListener("hashchange", sync);
  sync();
})();

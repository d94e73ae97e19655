"""Page furniture: the lines of a scraped page that are not reporting, found so analysis skips them.

Furniture is *marked*, never deleted: ``find_furniture`` returns character ranges of the text and
the text keeps every character, so all offsets stay those of the input. The rules look at one line
at a time and describe what furniture looks like on any site (separator rows, a bare URL, copyright
notices, share/follow/sign-up prompts, bylines, a reporter's contact line and "Posted:/Updated:"
stamps), not at any one page.
They are deliberately conservative: every rule either matches a whole line that cannot be a
sentence of reporting (a URL, a row of dots, one UI word) or needs a short line that *starts*
with a stock phrase of page chrome. A missed button costs little; a lost sentence of reporting
would cost a fact.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

MAX_PROMPT_WORDS = 25
MAX_FURNITURE_CHARS = 400
MAX_BYLINE_WORDS = 9
HEADER_LINES = 6

_LINE = re.compile(r"[^\r\n]*")
_URL_LINE = re.compile(r"(?:https?://|www\.)[^\s<>\"]+", re.IGNORECASE)
# A notice starts with the mark and names a year or rights within a few words, or says "all rights
# reserved"; a caption credited with a bare "©" ("© Jane Doe, 25, was killed...") is reporting.
_COPYRIGHT = re.compile(
    r"^\W{0,3}(?:©|copyright\b|\(c\))(?=.{0,30}(?:(?:19|20)\d\d|rights))|all rights reserved",
    re.IGNORECASE,
)
_SHORT_COPYRIGHT = re.compile(r"^\W{0,3}(?:©|copyright\b)", re.IGNORECASE)
_MAX_SHORT_COPYRIGHT_WORDS = 8
_UI_WORDS = re.compile(
    r"(?:\d+\s+)?(?:e-?mail|print|twitter|facebook|pinterest|google\+?|linkedin|reddit|whatsapp|tumblr|"
    r"close|more|comments?|pending comments|photos?|videos?|share|tweet|menu|search|home|advertisement|"
    r"sponsored(?: content)?|loading\W*|next|previous|back to top|skip to (?:main )?content|"
    r"copy link(?: copy)?|hide transcript(?: show transcript)?|show transcript)\W*",
    re.IGNORECASE,
)
_PROMPT = re.compile(
    r"(?:share (?:this|on|via|with)\b|follow us\b|follow @|click (?:here|to)\b|tap here\b|"
    r"read (?:more|the full story)\b|sign (?:up|in)\b|log ?in\b|subscribe (?:to|now|for|today)\b|"
    r"already (?:a subscriber|have an account)|please enable javascript|you must enable javascript|"
    r"download (?:our|the) [\w ]{0,20}app\b|watch (?:this story|the video)\b|like this:|"
    r"related(?: stories| articles| content| coverage| links)?:|related (?:stories|articles|content|coverage|links)\b|"
    r"trending (?:stories|now)\b|advertise (?:on|with|here)\b|"
    r"report an error\b|join the conversation\b|stay up to date\b|email newsletters?\b|"
    r"thank you for registering|we have sent (?:you )?a (?:verification|confirmation) e-?mail|"
    r"your notification has been saved|there was a problem saving|e-?mail notifications are|"
    r"continue reading\b|scroll down for\b|having trouble (?:viewing|playing)\b)",
    re.IGNORECASE,
)
# An ad slot's label that extraction ran into the paragraph after it ("Advertisement The woman died
# at the scene", "ADVERTISEMENT - Continue Reading Below"): the label is furniture, what follows it
# is a line of its own. A separator or a capital must follow, so "Advertisement revenue fell" stays
# reporting.
_LEADING_LABEL = re.compile(
    r"(?:advertisement|story continues below(?:\s+advertisement)?|sponsored content)"
    r"(?:\s*[-–—:|]\s*(?=\S)|\s+(?=(?-i:[A-Z0-9“\"‘'(])))",
    re.IGNORECASE,
)
_SOCIAL = re.compile(
    r"\b(?:follow|like|join|connect with)\b.{0,60}\bon (?:facebook|twitter|instagram|x)\b|"
    r"^follow\b(?:.*\b(?:facebook|twitter|instagram)\b|[^.!?]*:$)",
    re.IGNORECASE,
)
_EMAIL_LINE = re.compile(r"(?:e-?mail:?\s*)?[\w.+-]+@[\w-]+(?:\.[\w-]+)+", re.IGNORECASE)
# How to reach the reporter: "Contact Jane Roe at jroe@example.com or 555-301-2000.", "Reach reporter
# Jon Doe at (555) 301-2000", "Contact the writer: 555-301-2000": a verb of reaching first, then an
# e-mail address or a telephone number within the line. Every such line on a site names its reporter,
# e-mail domain and switchboard, which two of its stories then shared as if they were the incident's.
_CONTACT = re.compile(
    r"\W{0,3}(?:contact|reach|call|e-?mail|write to|text)\b[^\n]{0,80}?"
    r"(?:[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\(?\b\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}\b|\b\d{3}-\d{4}\b)",
    re.IGNORECASE,
)
_MAX_CONTACT_WORDS = 30
# Account and subscription chrome speaks to the reader ("you", "please") in the imperative ("sign
# up"); reporting that mentions such things describes them ("by signing up for alerts, users...").
_READER = re.compile(r"\b(?:you|your|please)\b", re.IGNORECASE)
_ACCOUNT = re.compile(
    r"\b(?:sign (?:in|up)|log ?in|subscri(?:be|ption)|newsletters?|verification (?:e-?mail|message|code)|"
    r"registration information|password|ad[- ]?block|terms of service|privacy policy|digital access|home delivery)\b",
    re.IGNORECASE,
)
_MAX_ACCOUNT_WORDS = 30
_MAX_SOCIAL_WORDS = 12

# A date/time as page chrome writes it: weekdays, months, numbers, clock times, am/pm, zones.
# Each token is matched atomically ``(?>...)``: "11111111x" must not be split every possible way.
_DT_TOKEN = (
    r"(?:\d{4}-\d\d-\d\d(?:[T ][\d:.]+(?:Z|[+-]\d\d:?\d\d)?)?|\d{1,2}:\d\d(?::\d\d)?|\d{1,4}(?:st|nd|rd|th)?|"
    r"(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?|"
    r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|"
    r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|[ap]\.?m\.?|(?:e|c|m|p|ak|h)[sd]?t|gmt|utc|bst|cet|cest|"
    r"at|on|and|(?:last )?(?:updated|modified)|posted|published|created)"
)
_STAMP_KEYS = ("updated", "modified", "posted", "published", "created")
_LETTER_OR_DIGIT = re.compile(r"[^\W_]")
_STAMP_KEYWORD = r"(?:(?:last )?(?:updated|modified)|posted|published|created)(?:\s+(?:on|at))?"
_STAMP_START = re.compile(rf"\b{_STAMP_KEYWORD}\b", re.IGNORECASE)
_STAMP = re.compile(
    rf"\b{_STAMP_KEYWORD}\s*:?\s*(?>{_DT_TOKEN}[\s,./|:\-–—()]*)+$",
    re.IGNORECASE,
)
_BYLINE = re.compile(r"^by:?\s+(.+?)[\s|,;:\-–—]*$", re.IGNORECASE)
_BYLINE_JOINERS = frozenset("and of the de da van von la le del & | - – — / ,".split())
_TEMPLATE = re.compile(r"\{\*.*\*\}")


@dataclass(frozen=True, slots=True)
class Furniture:
    """The furniture ranges of one text and the page URL found among them, if any."""

    ranges: tuple[tuple[int, int], ...]
    url: str | None = None
    header_stamps: tuple[str, ...] = ()


def find_furniture(text: str) -> Furniture:
    """Mark the furniture of ``text``; a bare URL line at either end is returned as the page URL.

    ``header_stamps`` are the "Posted:/Published:/Updated: <date>" stamps marked among the first
    ``HEADER_LINES`` lines, where a page states its own dates (further down, a stamp usually dates
    an embedded video or a related story).
    """
    ranges: list[tuple[int, int]] = []
    line_kinds: list[str] = []  # per non-blank line: "content", "furniture" or "url"
    urls: list[str] = []
    stamps: list[str] = []
    for match in _LINE.finditer(text):
        line = match.group()
        if not line.strip():
            continue
        lead = len(line) - len(line.lstrip())
        start, end = match.start() + lead, match.start() + len(line.rstrip())
        label = _LEADING_LABEL.match(text, start, end)
        if label:
            ranges.append((start, label.end()))
            start = label.end()
        kind, cut = classify_line(text[start:end])
        if kind == "content" and cut is not None:
            ranges.append((start + cut, end))
        elif kind != "content":
            ranges.append((start, end))
        if len(line_kinds) < HEADER_LINES and (kind == "furniture" or cut is not None):
            stamps.extend(_stamps(text[start + (cut or 0) : end]))
        line_kinds.append(kind)
        if kind == "url":
            urls.append(text[start:end])
    return Furniture(
        ranges=_merge(ranges), url=_edge_url(line_kinds, urls), header_stamps=tuple(stamps)
    )


def _stamps(marked: str) -> list[str]:
    """The time stamps in a marked line, each from its keyword to the next one ("Posted: ... ")."""
    lower = marked.lower()
    if marked.startswith("(") or not any(key in lower for key in _STAMP_KEYS):
        return []  # "(Published ...)" after a caption dates the embedded video, not the page
    starts = [m.start() for m in _STAMP_START.finditer(marked)]
    if not starts:  # the keyword only inside a longer word ("Updated2016"): no stamp
        return []
    return [marked[a:b].strip(" |,;-–—()") for a, b in zip(starts, [*starts[1:], len(marked)], strict=True)]


def classify_line(line: str) -> tuple[str, int | None]:
    """``("url"|"furniture"|"content", cut)``: ``cut`` marks a trailing time stamp in a content line."""
    if len(line) > MAX_FURNITURE_CHARS:  # a paragraph: only a trailing stamp can be furniture
        return "content", _stamp_cut(line)
    if _URL_LINE.fullmatch(line):
        return "url", None
    if _EMAIL_LINE.fullmatch(line) or is_separator(line) or _UI_WORDS.fullmatch(line) or _TEMPLATE.search(line):
        return "furniture", None
    words = line.split()
    if _COPYRIGHT.search(line):
        return "furniture", None
    if len(words) <= _MAX_SHORT_COPYRIGHT_WORDS and _SHORT_COPYRIGHT.match(line):
        return "furniture", None
    if len(words) <= MAX_PROMPT_WORDS and _PROMPT.match(line):
        return "furniture", None
    if len(words) <= _MAX_CONTACT_WORDS and _CONTACT.match(line):
        return "furniture", None
    if len(words) <= _MAX_SOCIAL_WORDS and _SOCIAL.search(line):
        return "furniture", None
    if len(words) <= _MAX_ACCOUNT_WORDS and _ACCOUNT.search(line) and _READER.search(line):
        return "furniture", None
    lower = line.lower()
    stamp = _STAMP.search(line) if any(key in lower for key in _STAMP_KEYS) else None
    rest = line[: stamp.start()].rstrip(" |,-–—:") if stamp else line
    if stamp and any(ch.isdigit() for ch in stamp.group()):
        if not rest or is_byline(rest):
            return "furniture", None
        if stamp.group()[0].isupper():
            return "content", stamp.start() - (line[stamp.start() - 1 : stamp.start()] == "(")
    if is_byline(line):
        return "furniture", None
    return "content", None


def _stamp_cut(line: str) -> int | None:
    """Where a capitalised "Posted:/Updated: <date>" tail of a long line starts, if it has one."""
    lower = line.lower()
    stamp = _STAMP.search(line) if any(key in lower for key in _STAMP_KEYS) else None
    if stamp and stamp.group()[0].isupper() and any(ch.isdigit() for ch in stamp.group()):
        return stamp.start() - (line[stamp.start() - 1 : stamp.start()] == "(")
    return None


def is_separator(line: str) -> bool:
    """A row of dots, dashes, stars, bullets...: at least two symbols and nothing else."""
    if _LETTER_OR_DIGIT.search(line):
        return False
    marks = [ch for ch in line if not ch.isspace()]
    return len(marks) >= 2 and all(unicodedata.category(ch)[0] in "PS" for ch in marks)


def is_byline(line: str) -> bool:
    """"By Jane Doe, Staff Writer": "by" then only capitalised words, numbers and joiners."""
    match = _BYLINE.match(line)
    if not match:
        return False
    words = match.group(1).replace(",", " , ").split()
    if not words or len(words) > MAX_BYLINE_WORDS or words[-1].endswith((".", "!", "?")) and len(words[-1]) > 2:
        return False
    named = [w for w in words if w.lower() not in _BYLINE_JOINERS]
    return bool(named) and all(w[0].isupper() or w[0].isdigit() for w in named)


def _edge_url(kinds: list[str], urls: list[str]) -> str | None:
    """The URL of a bare URL line with only furniture between it and the start or end of the text."""
    for order, pick in ((kinds, 0), (list(reversed(kinds)), -1)):
        for kind in order:
            if kind == "url":
                return urls[pick]
            if kind == "content":
                break
    return None


def _merge(ranges: list[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """Sorted, non-overlapping ranges (lines never overlap, but keep the contract explicit)."""
    merged: list[tuple[int, int]] = []
    for start, end in sorted(ranges):
        if merged and start < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return tuple(merged)

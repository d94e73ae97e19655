"""Which lines of a scraped report belong to *other stories* on the same page.

A crawled news page holds more than its article: a list of other headlines after "More stories" or
"Also on NBC10.com:", headlines of other stories interleaved between the article's paragraphs, the
caption of an embedded video about something else, teasers cut off with "...". A toll read there
("Man shot, killed few blocks away from home", "Dallas shooter who killed five cops ...") is another
story's toll, not the event's. Reconciliation sets the figures, places and dates of these lines
aside (status ``other-incident``, evidence kept), as it does for a round-up's other incidents.

The rules look at the shape of a line, never at any one site:

* **a list of other stories**: a short line that announces them ("More stories you may like",
  "Also read:", "Related stories", "Also on <site>:", "Trending stories:") and the run of lines
  after it that are headline-shaped, cut off, or (when the marker follows the article's first
  paragraph) name nobody the article named before the marker: a teaser whose headline runs into
  its summary ends with a full stop, but the article going on after the list names its people
  and places again;
* **a headline among the paragraphs**: after the article's first paragraph of reporting, a line
  of 3 to 20 words that starts with a capital and ends without a sentence mark (no ``.``, ``!``,
  ``?``, ``:``, nor a photo credit's ``)``); a line that follows one ending with ":" is an item of a
  list the article makes ("The victims were:") and kept;
* **a video caption**: a line ending with a parenthesised "(Published ...)", "(Posted on: ...)"
  or "(Updated ...)" stamp describes an embedded clip, and a line opening with a clip's length
  ("1:17 Man shot outside bar") is an item of a video playlist;
* **a teaser**: a line cut off with "..." or "…" (a teaser's summary is truncated, an article's
  paragraph is not);
* **a teaser told twice**: a paragraph repeated right after itself, or a line that opens with
  its headline told twice (a widget's link text and image text, then its summary), that names
  someone or somewhere the rest of the page never names and shares no distinctive word with the
  title: the article's own lead, repeated, names the people and places its later paragraphs name
  again.

A headline, caption or teaser that shares at least two and a third of the title's content words
tells the report's own story (its own video, a sub-heading restating the title) and is kept. A
report with no title is judged by its URL's slug, which most news sites make of the headline
(``extract.headline.url_slug``): a page whose own headline sits below a line of furniture keeps it.
The lines before the first paragraph of reporting (the headline, a kicker, a photo credit) are the
article's own header, so only the list and caption rules apply there.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterator

from crosscheck.extract.headline import url_slug
from crosscheck.model import Article

_LINE = re.compile(r"[^\n]+")
_WORD = re.compile(r"[A-Za-z0-9][\w'’-]*")
# A line announcing a list of other stories: short, starts with a stock phrase of page chrome.
_STORIES_MARKER = re.compile(
    r"^\W{0,3}(?:(?:more|other|related|recommended|popular|trending|top|latest|recent|similar|featured)\s+"
    r"(?:\w+\s+){0,2}?(?:stories|story|news|headlines|articles|links|videos|coverage|reads?|posts)\b|"
    r"(?:also|more)\s+(?:read|on|from|at|see)\b|you\s+(?:may|might)\s+(?:also\s+)?(?:like|enjoy|be\s+interested)|"
    r"(?:we|editors?)\s+recommend|most\s+(?:read|popular|viewed|shared|watched)|"
    r"(?:read|see|watch)\s+(?:more|also|next)\b|(?:in\s+)?other\s+news\b|"
    r"(?:top|latest|related)\s+(?:\w+\s+){0,2}?photos\b)",
    re.IGNORECASE,
)
_MAX_MARKER_WORDS = 8
_MIN_HEADLINE_WORDS = 3
_MAX_HEADLINE_WORDS = 20
# A paragraph of reporting: ends with a sentence mark (closing quotes allowed) and has some length.
_SENTENCE_END = re.compile(r"[.!?][\"'”’)]*\s*$")
_MIN_PARAGRAPH_WORDS = 8
_CAPTION = re.compile(
    r"\((?:published|posted|updated)(?:\s+on)?:?\s+[^()]{3,60}\)\s*$", re.IGNORECASE
)
_TEASER_CUT = re.compile(r"(?:\.\.\.|…)\s*$")
# A video playlist's item: the clip's length, then its title ("1:17 Man shot outside bar", "04:36 VIDEO: ...");
# not a time of day, which opens the entries of a story's own timeline ("10:03 PM - officers arrived").
_CLIP = re.compile(r"^\d{1,2}:\d{2}\s+(?!(?i:[ap]\.?m\b\.?))(?:VIDEO:\s*)?[A-Z0-9'\"‘“]")
_SECTION_LINES = 2
_CAPITALISED = re.compile(r"\b[A-Z][a-z][\w'’-]{2,}")
_NUMBER = re.compile(r"\b\w*\d[\w:-]*")
# Words any crime story's paragraphs share: they tie a heading to nothing in particular.
_GENERIC = frozenset(
    "shooting shootings shot shots killed dead dies died death deadly fatal fatally injured injures "
    "wounded hurt police officer officers man woman teen teens girl boy child children people person "
    "victim victims suspect suspects gunman arrested charged found home year years news".split()
)
_FUNCTION = frozenset(
    "that this with from into after before over under about their there they them were been have "
    "says said will would could should when where which while what than then also more most".split()
)


def other_story_ranges(article: Article) -> list[tuple[int, int]]:
    """Character ranges of ``article.text`` that belong to other stories (see the module doc)."""
    text = article.text
    lines = [(m.start(), m.end()) for m in _LINE.finditer(text) if m.group().strip()]
    title = _content_words(article.title or url_slug(article.url))
    named = _NameIndex(text, lines)
    ranges: list[tuple[int, int]] = _repeated_teasers(text, lines, title, named)
    in_body = False
    in_list = False
    marker_at: int | None = None  # where the list's marker is, None when it came before the article's body
    previous = ""
    for index, (start, end) in enumerate(lines):
        line = text[start:end].strip()
        words = line.split()
        if len(words) <= _MAX_MARKER_WORDS and _STORIES_MARKER.match(line):
            ranges.append((start, end))
            in_list = True
            marker_at = start if in_body else None
        elif in_list and (
            _TEASER_CUT.search(line) or is_headline(line)
            or (marker_at is not None and not any(named.first(w) < marker_at for w in _names(line)))
        ):
            ranges.append((start, end))
        elif (_CAPTION.search(line) or _TEASER_CUT.search(line) or _CLIP.match(line)) and not same_story(line, title):
            in_list = False
            ranges.append((start, end))
        elif (
            in_body and is_headline(line) and not previous.endswith(":") and not same_story(line, title)
            and not introduces(line, [text[a:b] for a, b in lines[index + 1 : index + 1 + _SECTION_LINES]])
        ):
            in_list = False
            ranges.append((start, end))
        else:
            in_list = False
        if not in_body and len(words) >= _MIN_PARAGRAPH_WORDS and _SENTENCE_END.search(line):
            in_body = True
        previous = line
    return ranges


# Capitalised words that name no one: a teaser's "Sunday" or "March" ties it to nothing.
_CALENDAR = frozenset(
    "monday tuesday wednesday thursday friday saturday sunday january february march april june july "
    "august september october november december".split()
)


def _repeated_teasers(
    text: str, lines: list[tuple[int, int]], title: frozenset[str], named: _NameIndex
) -> list[tuple[int, int]]:
    """The lines of a teaser told twice (``_told_twice``: a widget's headline and summary) that
    belongs to no part of the page's own story: it names someone or somewhere (``_names``) that
    the rest of the page (``_rest``) never names, and shares no distinctive word (not ``_GENERIC``) with the
    title. The article's own lead repeated names people and places its later paragraphs name
    again; a paragraph that names nobody cannot be told and stays."""
    distinctive = title - _GENERIC
    if not distinctive:
        return []
    teasers = [(text[lines_[0][0] : lines_[0][1]].strip(), lines_, span) for lines_, span in _told_twice(text, lines)]
    covering = _covering(lines, teasers)
    found: list[tuple[int, int]] = []
    for line, teaser, span in teasers:
        names = _names(line) - _CALENDAR
        left_out = _left_out(lines, covering, span, line)
        if names and not _content_words(line) & distinctive and not any(named.read_in(n, left_out) for n in names):
            found.extend(teaser)
    return found


def _covering(lines: list[tuple[int, int]], teasers: list[tuple[str, list, tuple[int, int]]]) -> dict[int, list[str]]:
    """For each line inside a teaser's range, the texts of the teasers whose range holds it."""
    starts = [a for a, _ in lines]
    covering: dict[int, list[str]] = {}
    for text_, _, (a, d) in teasers:
        for index in range(bisect_left(starts, a), len(lines)):
            if lines[index][1] > d:
                break
            covering.setdefault(index, []).append(text_)
    return covering


def _left_out(
    lines: list[tuple[int, int]], covering: dict[int, list[str]], span: tuple[int, int], line: str
) -> Callable[[int], bool]:
    """Which lines the rest of the page leaves out for the teaser ``line`` at ``span``: its own,
    and those of the other teasers told twice, as a page may be a column of them, whose headlines
    share words with each other ("Crash", "County") and with no story of the page. Copies of the
    same paragraph elsewhere stay: a caption repeated down a gallery is the page's own."""

    def left_out(index: int) -> bool:
        a, b = lines[index]
        return span[0] <= a and b <= span[1] or any(other != line for other in covering.get(index, ()))

    return left_out


# A line opening with a headline told twice: the link text and the image's alt text of a widget
# ("Man Shot Near Park Man Shot Near Park CITY (Station) - Police said ..."), then its summary.
_HEADLINE_TWICE = re.compile(r"(?P<headline>[A-Z0-9][^\n]{14,160}?)\s+(?P=headline)(?=\s|$)")


def _told_twice(text: str, lines: list[tuple[int, int]]) -> Iterator[tuple[list[tuple[int, int]], tuple[int, int]]]:
    """Teasers a page shows twice: a paragraph or a headline repeated on the next line, or a line
    that opens with a headline of ``_MIN_HEADLINE_WORDS`` words or more told twice. Yields the
    teaser's line ranges and the range that spans them (the rest of the page is outside it)."""
    for (a, b), (c, d) in zip(lines, lines[1:]):
        line = text[a:b].strip()
        if line == text[c:d].strip() and (
            is_headline(line) or len(line.split()) >= _MIN_PARAGRAPH_WORDS and _SENTENCE_END.search(line)
        ):
            yield [(a, b), (c, d)], (a, d)
    for a, b in lines:
        match = _HEADLINE_TWICE.match(text, a, b)
        if match and len(match.group("headline").split()) >= _MIN_HEADLINE_WORDS:
            yield [(a, b)], (a, b)


def is_headline(line: str) -> bool:
    """A line shaped as a headline: 3-20 words, a capital first, no closing sentence mark, and not
    a photo caption closed by its credit ("... (Source: Jane Doe)"). Bullets before it ("+ 1 dead,
    1 wounded in ...", "► ...") mark a link, still a headline."""
    line = line.lstrip("+►▶»•·*>|-–— ")
    words = line.split()
    if not line or not _MIN_HEADLINE_WORDS <= len(words) <= _MAX_HEADLINE_WORDS or not (line[0].isupper() or line[0].isdigit()):
        return False
    return not (_SENTENCE_END.search(line) or line.rstrip("\"'”’ ").endswith((":", ";", ",", ")")))


def introduces(heading: str, following: list[str]) -> bool:
    """Whether ``heading`` is a sub-heading of the paragraphs after it: one of its distinctive words
    (a name, a street, a number; not "shooting" or "police") comes back in the next paragraphs.
    A round-up's "Clarke Boulevard shooting - two injured" is followed by "the 3800 block of Clarke
    Boulevard"; another story's headline between two paragraphs shares nothing with them."""
    own = {w for w in _content_words(heading) if w not in _GENERIC} | set(_NUMBER.findall(heading))
    if not own:
        return False
    after = " ".join(following).lower()
    return any(occurs_as_word(w, after) for w in own)


def occurs_as_word(word: str, text: str) -> bool:
    r"""Whether ``word`` occurs in ``text`` with no word character nor hyphen just before or after it.

    The test of the pattern ``(?<![\w-])word(?![\w-])``, without compiling one pattern per word
    (each heading brings new words, so ``re``'s cache of compiled patterns missed nearly every
    time and compiling cost more than the search). ``re`` counts a character as ``\w`` when
    ``str.isalnum`` says so or it is ``_``.
    """
    start = text.find(word)
    while start >= 0:
        end = start + len(word)
        if (start == 0 or not _joins_word(text[start - 1])) and (end == len(text) or not _joins_word(text[end])):
            return True
        start = text.find(word, start + 1)
    return False


def _joins_word(char: str) -> bool:
    r"""A character that would make a word longer: ``\w`` or a hyphen."""
    return char.isalnum() or char == "_" or char == "-"


def _names(text: str) -> frozenset[str]:
    """Capitalised words of four letters or more, not opening a sentence, not generic: the names
    and places a line shares with the article when it goes on after a list marker."""
    return frozenset(word for _, word in _named(text))


def _named(text: str) -> Iterator[tuple[int, str]]:
    """Where ``_names`` reads each of its words in ``text``, and the word."""
    for match in _CAPITALISED.finditer(text):
        before = text[max(0, match.start() - 2) : match.start()].strip()
        word = match.group().lower()
        if before and before[-1] not in '.!?:"“' and word not in _GENERIC and word not in _FUNCTION:
            yield match.start(), word


class _NameIndex:
    """Every place ``_names`` reads a name in a page, read once: the names of a part of the page
    are looked up here instead of read again from it for each list marker and each teaser, which
    made the cost grow with the page's length squared (a page of a megabyte: seconds -> minutes).

    A name never spans lines, and lines start after a newline, so the names of the page before a
    line are those found before it in the whole page. What is left of a page once teasers are left out
    (``_repeated_teasers``) is its parts joined with newlines: a name there reads as in the page, except at the start of a line right
    after a part left out, where nothing stands before it, so that it opens a sentence.
    """

    def __init__(self, text: str, lines: list[tuple[int, int]]) -> None:
        self._lines = lines
        self._starts = [a for a, _ in lines]
        self._at: dict[str, list[int]] = {}
        for at, word in _named(text):
            self._at.setdefault(word, []).append(at)

    def first(self, name: str) -> float:
        """Where the page first names ``name`` (infinity when it never does)."""
        found = self._at.get(name)
        return found[0] if found else float("inf")

    def read_in(self, name: str, left_out: Callable[[int], bool]) -> bool:
        """Whether ``_names`` reads ``name`` in what is left of the page, its parts joined with
        newlines, once the lines ``left_out`` says true of are left out."""
        for at in self._at.get(name, ()):
            index = bisect_right(self._starts, at) - 1
            if left_out(index):
                continue
            opens_line = at == self._starts[index] and index > 0 and self._lines[index - 1][1] == at - 1
            if opens_line and left_out(index - 1):
                continue
            return True
        return False


def same_story(line: str, title_words: frozenset[str]) -> bool:
    """Whether ``line`` tells the report's own story: it shares at least two of the title's content
    words and a third of them (the page's own video caption, a sub-heading restating the title)."""
    if not title_words:
        return False
    shared = len(_content_words(line) & title_words)
    return shared >= 2 and shared * 3 >= len(title_words)


def _content_words(text: str) -> frozenset[str]:
    """Lower-cased words of four letters or more that are not function words."""
    return frozenset(
        w for w in (m.group().lower() for m in _WORD.finditer(text)) if len(w) >= 4 and w not in _FUNCTION
    )

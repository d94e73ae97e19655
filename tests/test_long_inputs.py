"""Long documents: cost that grows with their length, not its square; no spaCy limit reached; pages
of a size in proportion. Every text here is written for the test.

Cost is compared as CPU time (``time.process_time``) of the same step on a text and on one four
times longer: linear work takes about 4 times as long, work that scans the whole text again for
each sentence (or marker, or evidence span) 16 times. The bound, 8, leaves room for noise.
"""

from __future__ import annotations

import random
import subprocess
import sys
import time
from types import SimpleNamespace
from typing import Callable

import pytest

from crosscheck.extract import extract_article
from crosscheck.model import Article, QuoteMention, Span
from crosscheck.nlp.document import MAX_PARAGRAPH, MAX_SENTENCE, AnalyzedDoc
from crosscheck.pipeline import build_brief
from crosscheck.reconcile import quotes
from crosscheck.reconcile.stories import other_story_ranges
from crosscheck.report.html import render_html
from crosscheck.report.view import MARKED_PER_DOCUMENT, brief_views, payload

SENTENCE = (
    "Police said three people were killed and two others were injured when a gunman opened fire outside a bar "
    "on Elm Street in Varnton on Saturday, and a man was arrested on Sunday. "
)
LINEAR = 8.0


def growth(make: Callable[[int], object], work: Callable[[object], object], size: int) -> float:
    """CPU time of ``work`` on ``make(4 * size)`` over that on ``make(size)`` (each the best of two)."""
    def cost(n: int) -> float:
        value = make(n)
        best = float("inf")
        for _ in range(2):
            started = time.process_time()
            work(value)
            best = min(best, time.process_time() - started)
        return best

    work(make(size // 4))  # load what the first call loads
    return cost(4 * size) / cost(size)


def undated(size: int) -> Article:
    paragraph = SENTENCE * 8 + "\n"
    return Article(id="long", text=(paragraph * (size // len(paragraph) + 1))[:size], source="long.txt")


def counts(size: int) -> Article:
    """Short undated sentences that each state a count: each asks whether it is background."""
    paragraph = "Two men were hurt. " * 8 + "\n"
    return Article(id="counts", text=(paragraph * (size // len(paragraph) + 1))[:size], source="counts.txt")


def test_an_undated_reports_extraction_grows_linearly() -> None:
    # an undated report's year was read from its whole text once per sentence: 11 times as long
    assert growth(counts, extract_article, 10_000) < LINEAR


def page_of_lists(size: int) -> Article:
    """A page of many short stories, each followed by a list of others after a marker, and widgets
    whose headline is told twice: every marker and teaser asked about the names of the whole page."""
    block = (
        "A man was wounded in a shooting on Elm Street in Varnton on Monday night, police in Varnton said.\n"
        "More stories\n"
        "Crash on Route 9 closes Quellham bridge\n"
        "Flood warning for the Lenn valley\n"
        "Oldmarket fair opens Saturday\n"
        "Alderville school wins award Alderville school wins award The Alderville school was praised.\n"
    )
    return Article(id="page", text=block * (size // len(block) + 1), source="page.html", title="Man wounded in Varnton shooting")


def test_the_other_stories_of_a_long_page_are_found_in_linear_time() -> None:
    assert growth(page_of_lists, other_story_ranges, 20_000) < LINEAR


def test_a_pages_evidence_offsets_are_found_in_linear_time() -> None:
    # a non-ASCII text made each evidence span count the astral characters before it from the start
    def brief_of(size: int) -> tuple:
        article = undated(size)
        article = Article(id="long", text="🙂 " + article.text, source="long.txt")
        brief = build_brief([extract_article(article)], [])
        return brief, {"long": article}

    assert growth(brief_of, lambda value: payload(brief_views(value[0]), value[0].documents, value[1]), 20_000) < LINEAR


def test_a_line_over_spacys_max_length_is_read_in_pieces() -> None:
    words = "word " * 240_000  # 1.2 million characters, no full stop: one "sentence"
    odd = ("Two  men were shot. " * 60_000)  # double spaces: the paragraph goes through spaCy's sentencizer
    doc = AnalyzedDoc(Article(id="big", text=words + "\n" + odd, source="big.txt"))
    assert max(len(s.text) for s in doc.sentences) <= MAX_SENTENCE
    assert doc.sentences[-1].text == "Two  men were shot."  # pieces of a paragraph end at a full stop
    assert sum(s.text == "Two  men were shot." for s in doc.sentences) == 60_000
    assert all(doc.view.text[s.start : s.end] == s.text for s in doc.sentences[:5])
    longest = max(doc.sentences, key=lambda s: len(s.text))
    assert len(longest.parsed) > 1000  # the statistical parse of the longest piece: no E088


def test_a_paragraph_over_the_bound_keeps_its_sentences() -> None:
    sentences = [f"Officer {n} said the road was closed." for n in range(6000)]  # ~230,000 characters
    text = " ".join(sentences)
    assert len(text) > 2 * MAX_PARAGRAPH
    doc = AnalyzedDoc(Article(id="p", text=text, source="p.txt"))
    assert [s.text.strip() for s in doc.sentences] == sentences


def test_brief_of_a_huge_line_is_a_brief_not_a_traceback(tmp_path) -> None:
    path = tmp_path / "huge.txt"
    line = "the river ran past the old mill and on to the sea " * 21_000  # 1.07 million characters, no stop
    path.write_text("Huge line\nThree people were killed in Varnton on Monday.\n" + line + "\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "crosscheck", "brief", str(path)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-2000:]
    assert done.stdout.startswith("# crosscheck brief")


def test_a_page_marks_a_bounded_number_of_passages_per_document() -> None:
    article = undated(200_000)  # the same sentence over a thousand times: each fact cited as often
    brief = build_brief([extract_article(article)], [])
    page = render_html(brief, {"long": article})
    data = payload(brief_views(brief), brief.documents, {"long": article})
    figure = next(f for f in brief.events[0].figures if f.kind == "killed")
    assert len(figure.evidence) > 1000  # the brief's record keeps every passage
    killed = next(entry for entry in data["entries"].values() if entry["label"].startswith("killed"))
    assert len(killed["evidence"]) == MARKED_PER_DOCUMENT
    assert killed["omitted"] == {"long": len(figure.evidence) - MARKED_PER_DOCUMENT}
    assert len(page) < 3 * len(article.text)  # it was 14 times the text


_EVERYDAY = (
    "we heard shots outside the house and the children ran to the back door while our neighbours called "
    "police because nobody knew what was happening in the street that night so my brother drove his car "
    "around the corner where an old man stood near the shop window shouting for help before the first "
    "ambulance came people were crying and a woman held her baby close as officers closed every road "
    "into town then somebody said they saw a young driver leave fast toward the river bridge after "
    "midnight everyone still feels scared today and we hope they find him soon"
).split()


def unattributed_quotes(count: int) -> tuple[list[QuoteMention], dict[str, Article]]:
    """``count`` quotes with no speaker in one event, each of everyday words (half of them function
    words) and a few words of its own (names of people and streets, made of random letters), and a
    shorter cut of every fifth told by a second report: the cuts merge into their quotes, nothing
    else merges."""
    rng = random.Random(count)

    def own_word() -> str:
        return "".join(rng.choice("bdfklmnprstvz") + rng.choice("aeiou") for _ in range(3)).capitalize()

    said = [" ".join(own_word() if k % 3 == 0 else rng.choice(_EVERYDAY) for k in range(15)) for _ in range(count)]
    cuts = [text[: len(text) * 2 // 3].rsplit(" ", 1)[0] for text in said[::5]]
    articles, mentions = {}, []
    for doc_id, texts in (("first", said), ("second", cuts)):
        article = Article(id=doc_id, text="\n".join(f'"{text}"' for text in texts), source=f"{doc_id}.txt")
        articles[doc_id] = article
        start = 0
        for text in texts:
            span = Span(doc_id, start + 1, start + 1 + len(text))
            mentions.append(QuoteMention(span, span, "test", speaker=None, text=text))
            start += len(text) + 3
    return mentions, articles


def test_merging_unattributed_quotes_grows_linearly(monkeypatch: pytest.MonkeyPatch) -> None:
    """A quote with no speaker may join any group: compared with each, merging grew with the square
    of the quotes (16 times the comparisons for four times the quotes). Counted, not timed: the
    fuzzy comparison (one by one or in rapidfuzz's batches) is the step that costs."""
    compared = 0
    partial_ratio = quotes.fuzz.partial_ratio

    def counted(a: str, b: str, **options: object) -> float:
        nonlocal compared
        compared += 1
        return partial_ratio(a, b, **options)

    monkeypatch.setattr(quotes, "fuzz", SimpleNamespace(partial_ratio=counted, token_set_ratio=quotes.fuzz.token_set_ratio))
    counts = []
    for size in (300, 1200):
        compared = 0
        merged = quotes.reconcile_quotes(*unattributed_quotes(size))
        assert len(merged) == size  # each cut merged into its quote, no two quotes into one
        assert sum(len(q.variants) for q in merged) == size // 5
        counts.append(compared)
    assert counts[1] / counts[0] < LINEAR, counts

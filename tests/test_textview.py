"""The analysis view's offset map: every analysis character maps back to the article's own offsets."""

from __future__ import annotations

from array import array

from crosscheck.model import Article
from crosscheck.nlp import textview
from crosscheck.nlp.textview import TextView


def test_counting_slices_equal_ranges_also_past_the_shared_array() -> None:
    assert textview._counting(3, 9) == array("l", range(3, 9))
    assert textview._counting(5, 5) == array("l")
    far = len(textview._IOTA) + 10
    assert textview._counting(far - 4, far) == array("l", range(far - 4, far))


def test_map_follows_edits() -> None:
    article = Article(id="t", text="Two men were shot in the the cemeterywhich park.", source="test")
    view = TextView(article)
    assert [(e.start, e.end) for e in textview.repairs(article.text)] == [(24, 28), (37, 37)]
    assert view.text == "Two men were shot in the cemetery which park."
    assert list(view._starts[:24]) == list(range(24)) and list(view._ends[:24]) == list(range(1, 25))
    cemetery = view.text.index("cemetery")
    assert view.original(cemetery, cemetery + len("cemetery")) == (29, 37)
    which = view.text.index("which")
    assert view.original(which, which + len("which")) == (37, 42)
    assert article.text[slice(*view.original(0, len(view.text)))] == article.text


def test_a_wiki_page_s_edit_links_end_headings_and_citation_marks_are_read_as_spaces() -> None:
    article = Article(id="t", text="Attacks [ edit ]  Roe began his attacks at noon.[5][26] Two men died.", source="test")
    view = TextView(article)
    assert view.text == "Attacks \n  Roe began his attacks at noon.  Two men died."
    began = view.text.index("began")
    assert article.text[slice(*view.original(began, began + 5))] == "began"

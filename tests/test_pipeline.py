"""The brief pipeline's wiring: unique ids, stable event ids, problems kept, evidence exact.

Texts are written for these tests; the end-to-end case reads them from a temporary folder.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import crosscheck
from crosscheck.model import Article, Extraction, FigureKind, FigureMention, Span
from crosscheck.pipeline import build_brief, document_info, event_id_for, read_articles, unique_articles

REPORT_A = (
    "Fire at a paint factory in Brno\n\n"
    "Three workers were killed and five were injured when a fire broke out at a paint factory on Monday, "
    "the fire brigade said.\n"
    "\"The flames spread very fast,\" said Jana Novak, a spokeswoman for the brigade.\n"
)
REPORT_B = (
    "Brno factory fire: toll rises\n\n"
    "The number of dead in Monday's fire at a paint factory rose to four, police said on Tuesday.\n"
    "Investigators suspect a faulty heater caused the blaze.\n"
)


def test_unique_articles_reads_a_repeated_text_once_and_keeps_a_clashing_one() -> None:
    first = Article(id="x", text="one", source="a.txt")
    again = Article(id="x", text="one", source="b.txt")
    other = Article(id="x", text="two", source="c.txt")
    items = list(unique_articles([first, again, other]))
    kept = [i for i in items if isinstance(i, Article)]
    problems = [i for i in items if isinstance(i, str)]
    assert [a.id for a in kept] == ["x", "x~2"]
    assert kept[1].text == "two"
    assert len(problems) == 2
    assert problems[0].startswith("b.txt:") and "same text" in problems[0]
    assert problems[1].startswith("c.txt:") and "x~2" in problems[1]


def test_event_id_is_stable_and_independent_of_order() -> None:
    assert event_id_for(["b", "a"]) == event_id_for(["a", "b"])
    assert event_id_for(["a", "b"]) != event_id_for(["a", "c"])
    assert event_id_for(["a"]).startswith("ev-")


def test_document_info_carries_the_article_metadata_and_digest() -> None:
    article = Article(id="d", text="t", source="d.txt", outlet="Outlet", url="https://x.test/a", published="2024-03-05")
    info = document_info(article)
    assert (info.id, info.source, info.outlet, info.url, info.published) == ("d", "d.txt", "Outlet", "https://x.test/a", "2024-03-05")
    assert info.digest == article.digest


def test_build_brief_of_one_extraction_is_one_event_with_its_figure() -> None:
    article = Article(id="d", text="Three people died.", source="d.txt")
    mention = FigureMention(Span("d", 0, 18), Span("d", 0, 5), "test", kind=FigureKind.KILLED, value=3.0, unit="people")
    record = build_brief([Extraction(article, (Span("d", 0, 18),), (mention,))], problems=["bad.txt: unreadable"])
    (event,) = record.events
    assert event.documents == ("d",)
    assert event.id == event_id_for(["d"])
    assert [(f.kind, f.value, f.status) for f in event.figures] == [("killed", 3, "current")]
    assert record.problems == ("bad.txt: unreadable",)


def test_build_brief_of_nothing_is_empty() -> None:
    record = build_brief([])
    assert record.events == () and record.documents == ()


def test_a_missing_input_is_one_problem_and_the_rest_is_read(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text(REPORT_A, encoding="utf-8")
    missing = tmp_path / "nope.txt"
    articles, problems = read_articles([tmp_path / "a.txt", missing])
    assert [a.text for a in articles] == [REPORT_A]
    assert len(problems) == 1 and "nope.txt" in problems[0]


@pytest.fixture(scope="module")
def two_reports(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    folder = tmp_path_factory.mktemp("reports")
    (folder / "a.txt").write_text(REPORT_A, encoding="utf-8")
    (folder / "b.txt").write_text(REPORT_B, encoding="utf-8")
    return folder, {"a": REPORT_A, "b": REPORT_B}


def test_brief_end_to_end_keeps_every_document_and_quotes_evidence_exactly(two_reports: tuple[Path, dict[str, str]]) -> None:
    folder, texts = two_reports
    record = crosscheck.brief([folder])
    assert sorted(d.source for d in record.documents) == sorted(str(folder / n) for n in ("a.txt", "b.txt"))
    by_id = {d.id: texts[Path(d.source).stem] for d in record.documents}
    assert sorted(doc for e in record.events for doc in e.documents) == sorted(by_id)
    evidence = [
        ev
        for event in record.events
        for entries in (event.figures, event.claims, event.quotes, event.sources_cited)
        for entry in entries
        for ev in entry.evidence
    ]
    assert evidence, "nothing was read from two reports with tolls, a quote and a cause"
    for ev in evidence:
        assert by_id[ev.document][ev.start : ev.end] == ev.quote


def test_brief_carries_the_extracted_tolls_with_their_sentence(two_reports: tuple[Path, dict[str, str]]) -> None:
    folder, texts = two_reports
    record = crosscheck.brief([folder])
    source_of = {d.id: Path(d.source).stem for d in record.documents}
    figures = [f for e in record.events for f in e.figures]
    stated = texts["a"].splitlines()[2]
    for kind, value in (("killed", 3), ("injured", 5)):
        (figure,) = [f for f in figures if f.kind == kind and f.value == value]
        assert [(source_of[e.document], e.quote) for e in figure.evidence] == [("a", stated)]


def test_parallel_extraction_gives_the_same_brief_as_one_process() -> None:
    """Two worker processes must not change a single byte of the record."""
    from pathlib import Path

    import crosscheck

    example = Path(__file__).resolve().parents[1] / "examples" / "kerman"
    assert crosscheck.brief([example], workers=2).to_json() == crosscheck.brief([example], workers=1).to_json()


def test_extraction_records_the_sentences_about_other_events() -> None:
    """Grouping leaves these out; the event's own sentences must not be among them."""
    from pathlib import Path

    from crosscheck.extract import extract_article
    from crosscheck.pipeline import read_articles

    example = Path(__file__).resolve().parents[1] / "examples" / "kerman"
    articles, _ = read_articles([example / "002_4028ac062d799303.txt"])
    extraction = extract_article(articles[0])
    background = [articles[0].text[s.start : s.end] for s in extraction.background]
    assert any("Saleh al-Arouri" in text for text in background)
    assert not any("At least 103 people" in text for text in background)

"""Wrong-typed JSON fields are named, never silently dropped or turned into "True", and deeply
nested HTML keeps its text (issue 34, item 7)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from crosscheck.errors import Code
from crosscheck.ingest import IngestOptions, IngestProblem, iter_inputs
from crosscheck.ingest.feeds import html_to_text
from crosscheck.model import Article

FAST = IngestOptions(detect_language=False)
TEXT = "A gas explosion destroyed the Pellworth bakery on Quarry Lane in Dunhaven on Monday, police said."


def read_one(tmp_path: Path, record: dict) -> tuple[Article, list[IngestProblem]]:
    path = tmp_path / "feed.jsonl"
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    items = list(iter_inputs([str(path)], options=FAST))
    (article,) = [i for i in items if isinstance(i, Article)]
    return article, [i for i in items if isinstance(i, IngestProblem)]


@pytest.mark.parametrize("field", ["title", "url", "outlet", "language"])
@pytest.mark.parametrize("value", [42, True, ["a"], {"b": 1}])
def test_a_metadata_field_of_the_wrong_type_is_one_line_naming_record_and_field(tmp_path: Path, field: str, value: object) -> None:
    article, problems = read_one(tmp_path, {"id": "r", "text": TEXT, field: value})
    (problem,) = problems
    assert problem.code == Code.BAD_FIELD.value and not problem.fatal and problem.partial
    assert str(problem).startswith(f"{tmp_path / 'feed.jsonl'}: line 1: \"{field}\" is ") and "not a string" in problem.message
    assert getattr(article, field) is None and article.text == TEXT  # read without it, never str(value)


@pytest.mark.parametrize("value", [[1, 2], 1.5, True, {"x": 1}])
def test_an_id_of_the_wrong_type_is_named_and_the_default_id_given(tmp_path: Path, value: object) -> None:
    article, problems = read_one(tmp_path, {"id": value, "text": TEXT})
    assert article.id == "feed:1" and article.id != "True"
    (problem,) = problems
    assert "line 1" in problem.message and '"id"' in problem.message and "'feed:1'" in problem.message


@pytest.mark.parametrize("value, expected", [("r-7", "r-7"), (7, "7"), (None, "feed:1"), ("  ", "feed:1")])
def test_string_and_integer_ids_are_taken_without_a_problem(tmp_path: Path, value: object, expected: str) -> None:
    article, problems = read_one(tmp_path, {"id": value, "text": TEXT})
    assert article.id == expected and problems == []


def nested_page(depth: int) -> str:
    lead = "<p>Police said three people were killed in the blast at the market in Dunhaven on Monday morning.</p>"
    after = "<p>The mayor said the city would rebuild the market before the winter, officials added.</p>"
    return f"<html><head><title>Blast</title></head><body>{'<div>' * depth}{lead}{'</div>' * depth}{after}</body></html>"


@pytest.mark.parametrize("depth", [300, 1000])
def test_deeply_nested_html_keeps_its_text(tmp_path: Path, depth: int) -> None:
    page = tmp_path / "deep.html"
    page.write_text(nested_page(depth), encoding="utf-8")
    (article,) = [i for i in iter_inputs([str(page)], options=FAST) if isinstance(i, Article)]
    assert "three people were killed" in article.text and "rebuild the market" in article.text


def test_html_deeper_than_the_parser_can_go_is_one_clear_line(tmp_path: Path) -> None:
    page = tmp_path / "abyss.html"
    page.write_text(nested_page(2100), encoding="utf-8")
    (problem,) = list(iter_inputs([str(page)], options=FAST))
    assert problem.code == Code.TOO_DEEP.value and "2,048" in problem.message and str(page) in str(problem)


def test_a_deeply_nested_feed_entry_keeps_its_text() -> None:
    fragment = "<div>" * 400 + "<p>Two people were hurt in a fire in Dunhaven.</p>" + "</div>" * 400
    assert html_to_text(fragment) == "Two people were hurt in a fire in Dunhaven."


def test_a_language_that_is_no_language_tag_is_left_unknown_and_the_record_read(tmp_path: Path) -> None:
    # found by tests/test_fuzz_inputs.py: "AÀ" passed as a tag, and extraction failed on it (LanguageTagError)
    from crosscheck.corpus import Corpus

    article, problems = read_one(tmp_path, {"id": "r", "text": TEXT, "language": "AÀ"})
    assert article.language is None and problems == []
    with Corpus(tmp_path / "l.db") as store:
        summary = store.add([article])
        assert summary.added == 1 and not summary.failed

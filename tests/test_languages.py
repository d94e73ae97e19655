"""Language packs: a report is read by the rules of its language; one in a language without rules
is stored, grouped and shown with one note, and no English rule misreads it.

The reports (``tests/languages/``) were written for these tests: one invented landslide told in
French, Spanish and English, and an invented coach crash told in French.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import crosscheck
import toy_pack
from crosscheck import lang
from crosscheck.briefs import brief_from_store
from crosscheck.corpus import Corpus
from crosscheck.events.features import features
from crosscheck.extract import extract_article
from crosscheck.lang import LanguagePack, PackError
from crosscheck.model import Article
from crosscheck.pipeline import read_articles
from crosscheck.report.html import render_html
from crosscheck.report.markdown import render_markdown

REPORTS = Path(__file__).parent / "languages"
# id -> (published, url): two days of the landslide, the coach crash the day after
META = {
    "valmorent-fr-1": ("2026-03-08", "https://quotidien-alpin.example/valmorent-glissement"),
    "valmorent-es-1": ("2026-03-08", "https://diario-sur.example/francia-corrimiento"),
    "valmorent-fr-2": ("2026-03-09", "https://info-sarve.example/valmorent-bilan"),
    "valmorent-es-2": ("2026-03-09", "https://noticias-hoy.example/valmorent-nueve"),
    "valmorent-en": ("2026-03-09", "https://world-wire.example/valmorent-toll"),
    "lantoux-fr": ("2026-03-10", "https://quotidien-alpin.example/lantoux-autocar"),
}
NOT_ENGLISH = {doc: doc.rsplit("-", 2)[1] for doc in META if "-en" not in doc}  # id -> "fr" / "es"
LANDSLIDE = {"valmorent-fr-1", "valmorent-fr-2", "valmorent-es-1", "valmorent-es-2"}


def note(code: str) -> str:
    return f"{code}: no rules for this language; figures, claims and quotes not read"


def write_records(path: Path, ids=META, extra: tuple[dict, ...] = ()) -> Path:
    """The reports as JSON lines, without a language: ingest detects it."""
    with path.open("w", encoding="utf-8") as out:
        for doc in ids:
            published, url = META[doc]
            record = {"id": doc, "text": (REPORTS / f"{doc}.txt").read_text(encoding="utf-8"), "published": published, "url": url}
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
        for record in extra:
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
    return path


@pytest.fixture(scope="module")
def records(tmp_path_factory) -> Path:
    return write_records(tmp_path_factory.mktemp("languages") / "reports.jsonl")


@pytest.fixture(scope="module")
def brief(records):
    return crosscheck.brief([records], workers=1)


def cited_documents(event) -> set[str]:
    entries = [*event.figures, *event.claims, *event.quotes, *event.sources_cited]
    return {e.document for entry in entries for e in entry.evidence}


def test_ingest_detects_each_reports_language(records):
    articles, problems = read_articles([records])
    assert not problems
    assert {a.id: a.language for a in articles} == {**NOT_ENGLISH, "valmorent-en": "en"}


def test_reports_without_rules_are_kept_and_grouped_by_event(brief):
    assert {d.id for d in brief.documents} == set(META)
    groups = [set(event.documents) for event in brief.events]
    landslide = next(group for group in groups if "valmorent-fr-1" in group)
    assert LANDSLIDE <= landslide
    assert "lantoux-fr" not in landslide


def test_reports_without_rules_give_no_figure_claim_or_quote(brief):
    for event in brief.events:
        assert not cited_documents(event) & set(NOT_ENGLISH)
        assert not {e.document for item in event.single_source for e in item.evidence} & set(NOT_ENGLISH)
    assert all(not extract_article(a).mentions for a in read_articles([REPORTS / f"{doc}.txt" for doc in NOT_ENGLISH])[0])


def test_the_english_report_beside_them_is_read_as_alone(brief, tmp_path):
    alone = crosscheck.brief([write_records(tmp_path / "en.jsonl", ids=["valmorent-en"])], workers=1)
    (event,) = [e for e in brief.events if "valmorent-en" in e.documents]
    current = {(f.kind, f.value) for f in event.figures if f.status == "current"}
    assert current == {(f.kind, f.value) for f in alone.events[0].figures if f.status == "current"}
    assert ("killed", 9.0) in current
    assert [q.speaker for q in event.quotes] == ["Bastien Orlier"]
    assert cited_documents(event) == {"valmorent-en"}


def test_each_report_without_rules_has_one_note_in_json_and_markdown(brief):
    record = brief.to_json()
    assert {d["id"]: d["note"] for d in record["documents"]} == {
        **{doc: note(code) for doc, code in NOT_ENGLISH.items()}, "valmorent-en": None,
    }
    markdown = render_markdown(brief)
    for doc, code in NOT_ENGLISH.items():
        assert markdown.count(f"- {doc}: {note(code)}") == 1
    assert markdown.count("no rules for this language") == len(NOT_ENGLISH)


def test_the_html_report_shows_the_note_in_the_documents_table(brief, records):
    articles = {a.id: a for a in read_articles([records])[0]}
    page = render_html(brief, articles)
    assert page.count(f'<p class="doc-note">{note("es")}</p>') == 2
    assert page.count(f'<p class="doc-note">{note("fr")}</p>') == 3


def test_the_store_keeps_groups_and_notes_reports_without_rules(records, tmp_path):
    from fastapi.testclient import TestClient
    from web_support import LOCAL

    from crosscheck.web.app import create_app

    with Corpus(tmp_path / "store.db") as store:
        store.add(read_articles([records])[0])
        assert {a.id: a.language for a in store.articles()} == {**NOT_ENGLISH, "valmorent-en": "en"}
        assert store.mentions("valmorent-fr-1") == []
        landslide = store.event_of("valmorent-fr-1")
        assert {store.event_of(doc) for doc in LANDSLIDE} == {landslide}
        assert store.event_of("lantoux-fr") != landslide
        stored = brief_from_store(store)
        with TestClient(create_app(store), base_url=LOCAL) as client:
            api = client.get(f"/api/events/{landslide}").json()
            page = client.get(f"/events/{landslide}").text
            document_page = client.get("/documents/valmorent-es-2").text
    assert {d.id: d.note for d in stored.documents if d.note} == {doc: note(code) for doc, code in NOT_ENGLISH.items()}
    assert {d["id"]: d["note"] for d in api["documents"] if d["note"]} == {doc: note(NOT_ENGLISH[doc]) for doc in LANDSLIDE}
    assert page.count('<p class="doc-note">') == len(LANDSLIDE)
    assert document_page.count(f'<p class="doc-note">{note("es")}</p>') == 1


def test_grouping_terms_of_a_report_without_rules_are_its_names_not_its_function_words():
    articles, _ = read_articles([REPORTS / "valmorent-fr-1.txt", REPORTS / "valmorent-es-1.txt"])
    for article in articles:
        terms = dict(features(extract_article(article)).terms)
        assert not terms.keys() & {"au", "de", "et", "les", "une", "dans", "sont", "el", "en", "la", "los", "por", "un"}
        assert {"valmorent", "dumontel", "orlier", "haute-sarve"} <= terms.keys()


def test_grouping_weighs_words_by_their_own_language_or_a_close_variant():
    from crosscheck.events.features import word_statistics

    assert [word_statistics(code) for code in ("fr", "es", "de", "it")] == ["fr", "es", "de", "it"]
    assert word_statistics("hr") == word_statistics("sr") == "sh"  # wordfreq's Serbo-Croatian
    assert word_statistics("la") == "en"  # no close variant (wordfreq's nearest is Italian)
    assert word_statistics(None) == "en"


def test_an_article_of_unknown_language_is_read_by_the_english_pack():
    assert lang.pack_for(None) is lang.pack_for("en") is lang.folder_packs()["en"]
    text = "Two people were killed and three injured when a gunman opened fire on Elm Street, police said."
    kinds = {m.kind for m in extract_article(Article(id="short", text=text, source="t")).mentions if hasattr(m, "kind")}
    assert {"killed", "injured"} <= kinds
    assert lang.no_rules_note(None) is None and lang.no_rules_note("en-GB") is None


def test_language_tags_are_read_by_their_primary_subtag():
    assert lang.normalise_language("en-US") == "en"
    assert lang.normalise_language("pt_BR") == "pt"
    assert lang.normalise_language("und") is None  # BCP 47: undetermined, read as unknown
    assert lang.normalise_language("x") is None and lang.normalise_language("12") is None


def test_the_english_pack_is_found_as_a_folder():
    pack = lang.folder_packs()["en"]
    assert pack.name == "crosscheck.lang.en" and pack.language == "en"
    assert [name for name, _ in pack.extractors] == ["figures", "claims", "quotes", "sources", "places", "dates"]
    assert "en" in lang.languages()


TOY_REPORT = {
    "id": "eo-1", "language": "eo", "published": "2026-03-09", "url": "https://novajhoj.example/valmorent",
    "text": "Terglitado en Valmorent\n\nPost la terglitado en Valmorent, 9 homoj mortis, diris la prefektino Claire Dumontel.",
}


def test_a_toy_pack_registered_with_one_call_is_read_into_the_brief(tmp_path):
    records = write_records(tmp_path / "toy.jsonl", ids=["valmorent-fr-1"], extra=(TOY_REPORT,))
    before = crosscheck.brief([records], workers=1)
    assert {d.id: d.note for d in before.documents}["eo-1"] == note("eo")
    lang.register(toy_pack.PACK)
    try:
        after = crosscheck.brief([records], workers=1)
    finally:
        lang.unregister(toy_pack.PACK)
    assert {d.id: d.note for d in after.documents} == {"eo-1": None, "valmorent-fr-1": note("fr")}
    (killed,) = [f for e in after.events for f in e.figures if f.kind == "killed"]
    assert killed.value == 9.0 and [e.document for e in killed.evidence] == ["eo-1"]
    assert "9 homoj mortis" in killed.evidence[0].quote
    assert "**Killed: 9**" in render_markdown(after)
    assert lang.pack_for("eo") is None


def test_a_second_pack_for_a_language_is_refused_unless_replacing():
    english = lang.pack_for("en")
    other = LanguagePack(codes=("en",), extractors={"deaths": "toy_pack"})
    with pytest.raises(PackError, match="E021 language 'en' already has a pack"):
        lang.register(other)
    lang.register(other, replace=True)
    try:
        assert lang.pack_for("en") is other
    finally:
        lang.unregister(other)
    assert lang.pack_for("en") is english


def test_a_pack_without_a_language_code_is_refused():
    with pytest.raises(PackError, match="E020"):
        LanguagePack(codes=("??",), extractors={})
    with pytest.raises(PackError, match="E020"):
        LanguagePack(codes=(), extractors={})


def test_a_pack_naming_no_function_fails_loudly_when_its_language_is_read():
    broken = LanguagePack(codes=("eo",), extractors={"deaths": "toy_pack:no_such_rule"})
    lang.register(broken)
    try:
        with pytest.raises(PackError, match="E023 language pack target 'toy_pack:no_such_rule'"):
            extract_article(Article(id="eo", text="9 homoj mortis.", source="t", language="eo"))
    finally:
        lang.unregister(broken)

"""Reports of one event in several languages: compared by the keys of their names and cognates.

The reports are written here: a nightclub fire in an invented town told in English, Italian, Croatian
and Serbian (Cyrillic), and a warehouse fire of the same morning in another invented town, in English,
Italian and Croatian.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from crosscheck.events.features import DocFeatures, crosslingual, crosslingual_key, features
from crosscheck.events.grouping import DEFAULT_PARAMS, in_two_languages, index_terms, similarity
from crosscheck.model import Article

from grouping_support import bare

WHOLE_TERMS = replace(DEFAULT_PARAMS, crosslingual_scale=None)

REPORTS = {
    "en": ("en", "2026-03-16", (
        "A fire at the Kestrel nightclub in Dravnik killed 41 people early on Sunday, officials said. The blaze "
        "broke out during a concert by the band Ostrova when pyrotechnics set the ceiling alight. Interior "
        "Minister Paskal Tomevic said the owner of the club had been detained. Hospitals in Dravnik and the "
        "capital Velgrad treated more than 150 injured.")),
    "it": ("it", "2026-03-16", (
        "Un incendio nella discoteca Kestrel a Dravnik ha ucciso 41 persone nella notte di domenica, secondo le "
        "autorità. Le fiamme sono divampate durante un concerto della band Ostrova, quando i fuochi pirotecnici "
        "hanno incendiato il soffitto. Il ministro dell'Interno Paskal Tomević ha detto che il proprietario del "
        "locale è stato fermato. Gli ospedali di Dravnik e della capitale Velgrad hanno curato più di 150 feriti.")),
    "hr": ("hr", "2026-03-17", (
        "U požaru u noćnom klubu Kestrel u Dravniku poginula je 41 osoba u nedjelju rano ujutro, priopćile su "
        "vlasti. Vatra je izbila tijekom koncerta grupe Ostrova kada je pirotehnika zapalila strop. Ministar "
        "unutarnjih poslova Paskal Tomević rekao je da je vlasnik kluba priveden. Bolnice u Dravniku i glavnom "
        "gradu Velgradu zbrinule su više od 150 ozlijeđenih.")),
    "sr": ("sr", "2026-03-17", (
        "У пожару у ноћном клубу Кестрел у Дравнику погинула је 41 особа у недељу рано ујутру, саопштиле су "
        "власти. Ватра је избила током концерта групе Острова када је пиротехника запалила плафон. Министар "
        "унутрашњих послова Паскал Томевић рекао је да је власник клуба приведен. Болнице у Дравнику и главном "
        "граду Велграду збринуле су више од 150 повређених.")),
    "warehouse": ("en", "2026-03-16", (
        "A fire at a furniture warehouse in Lorsby killed three workers early on Sunday, officials said. "
        "Firefighters from Hallam fought the blaze for six hours after the roof collapsed, and police questioned "
        "the owner of the Brightwood depot. Two injured workers were treated in hospital.")),
    "warehouse_hr": ("hr", "2026-03-16", (
        "U požaru u skladištu namještaja u Lorsbyju poginula su tri radnika u nedjelju rano ujutro, priopćile su "
        "vlasti. Vatrogasci su šest sati gasili vatru nakon što se urušio krov, a policija je ispitala vlasnika.")),
    "warehouse_it": ("it", "2026-03-16", (
        "Un incendio in un magazzino di mobili a Lorsby ha ucciso tre operai nella notte di domenica, secondo le "
        "autorità. I vigili del fuoco di Hallam hanno lottato contro le fiamme per sei ore dopo il crollo del "
        "tetto, e la polizia ha interrogato il proprietario del deposito Brightwood.")),
}


@pytest.fixture(scope="module")
def reports() -> dict[str, DocFeatures]:
    return {
        key: features(bare(Article(id=key, source="written", published=day, title=None, text=text, language=language)))
        for key, (language, day, text) in REPORTS.items()
    }


@pytest.mark.parametrize(
    ("word", "other", "key"),
    [
        ("magdeburger", "magdeburg", "magde"),  # a name made an adjective
        ("kočanima", "kocani", "kocan"),  # a name inflected, with and without diacritics
        ("кочани", "kočani", "kocan"),  # Serbian Cyrillic and Latin
        ("τέμπη", "tempi", "tempi"),  # Greek
        ("migranti", "migrants", "migra"),  # a cognate
        ("đakovo", "dakovo", "dakov"),  # a Latin letter with no accent to drop
        # the English press's digraphs for Cyrillic and Greek letters
        ("харків", "kharkiv", "harki"),
        ("житомир", "zhytomyr", "zitom"),
        ("kochani", "kočani", "kocan"),
        ("донецьк", "donetsk", "donec"),
        ("київ", "kyiv", "kiiv"),
        ("μητσοτάκης", "mitsotakis", "micot"),
    ],
)
def test_one_name_in_two_languages_has_one_key(word: str, other: str, key: str) -> None:
    assert crosslingual_key(word) == crosslingual_key(other) == key


def test_a_number_is_its_own_key() -> None:
    assert crosslingual_key("1,644") == "1,644" and crosslingual_key("299") == "299"


def test_crosslingual_features_merge_the_terms_of_one_key_and_stay_normalised() -> None:
    doc = DocFeatures(day=1, years=(), kind=None, terms=(("magdeburg", 0.6), ("magdeburger", 0.6), ("markt", 0.5)),
                      names=("magdeburger",), places=("Magdeburg",), language="de")
    keyed = crosslingual(doc)
    assert set(keyed.weights) == {"magde", "markt"}
    assert sum(w * w for w in keyed.weights.values()) == pytest.approx(1.0, abs=1e-4)
    assert keyed.weights["magde"] > keyed.weights["markt"]
    assert keyed.names == ("magde",) and keyed.places == ("magde",)


def test_reports_of_one_event_in_four_languages_link(reports: dict[str, DocFeatures]) -> None:
    for a, b in [("en", "it"), ("en", "hr"), ("en", "sr"), ("it", "hr"), ("hr", "sr")]:
        assert in_two_languages(reports[a], reports[b])
        assert similarity(reports[a], reports[b]) >= DEFAULT_PARAMS.threshold, (a, b)
    # compared by whole terms, the Cyrillic report met none of the others
    assert similarity(reports["en"], reports["sr"], WHOLE_TERMS) == 0.0
    assert similarity(reports["en"], reports["hr"]) > similarity(reports["en"], reports["hr"], WHOLE_TERMS)


def test_another_fire_of_that_morning_stays_apart_in_either_language(reports: dict[str, DocFeatures]) -> None:
    for a in ("en", "it", "hr", "sr"):
        for b in ("warehouse", "warehouse_it", "warehouse_hr"):
            assert similarity(reports[a], reports[b]) < DEFAULT_PARAMS.near_threshold, (a, b)
    # and the warehouse's two reports find each other
    assert similarity(reports["warehouse"], reports["warehouse_it"]) >= DEFAULT_PARAMS.threshold


def test_reports_of_one_language_are_compared_as_before(reports: dict[str, DocFeatures]) -> None:
    a, b = reports["en"], reports["warehouse"]
    assert not in_two_languages(a, b)
    assert similarity(a, b) == similarity(a, b, WHOLE_TERMS)
    unknown = replace(reports["it"], language=None)  # a language not known is no other language
    assert not in_two_languages(a, unknown)
    assert similarity(a, unknown) == similarity(a, unknown, WHOLE_TERMS)


def test_a_report_of_known_language_is_filed_under_its_keys_too(reports: dict[str, DocFeatures]) -> None:
    filed = index_terms(reports["sr"])
    assert "~dravn" in filed and "~kestr" in filed
    assert not any(term.startswith("~") for term in index_terms(replace(reports["sr"], language=None)))
    assert not any(term.startswith("~") for term in index_terms(reports["sr"], WHOLE_TERMS))


def test_the_language_is_stored_with_the_features(reports: dict[str, DocFeatures]) -> None:
    doc = reports["hr"]
    assert doc.language == "hr"
    assert DocFeatures.from_json(doc.to_json()) == doc
    # a row stored before languages were kept reads as unknown, and a row without one is written as before
    old = replace(doc, language=None, headline=None)
    assert DocFeatures.from_json(old.to_json()).language is None
    assert len(json_fields(old)) == 10 and len(json_fields(doc)) == 12


def json_fields(doc: DocFeatures) -> list:
    import json

    return json.loads(doc.to_json())


def test_what_two_close_languages_share_beyond_names_is_not_scaled(reports: dict[str, DocFeatures]) -> None:
    # the two fires told in Croatian and in Serbian share the words of a deadly fire ("požar", "vlasti",
    # "poginula"): counted once, as a report of one language would; only common names count twice
    hr, sr = reports["warehouse_hr"], reports["sr"]
    keyed_hr, keyed_sr = crosslingual(hr), crosslingual(sr)
    assert {"pozar", "pogin", "vlast"} <= set(keyed_hr.weights) & set(keyed_sr.weights)
    assert similarity(hr, sr) == similarity(hr, sr, replace(DEFAULT_PARAMS, crosslingual_scale=1.0))
    assert similarity(hr, sr) < DEFAULT_PARAMS.near_threshold


UKRAINIAN = (
    "Російська ракета влучила в житловий будинок у Жовторові в неділю вранці, загинули 14 людей, повідомив "
    "голова обласної адміністрації Олег Шевчук. Рятувальники Харченка розбирали завали до вечора."
)
ENGLISH = (
    "A Russian missile struck an apartment block in Zhovtoriv on Sunday morning, killing 14 people, regional "
    "governor Oleh Shevchuk said. Rescuers led by Ivan Kharchenko searched the rubble until the evening."
)


def test_a_cyrillic_report_meets_the_english_spelling_of_its_names() -> None:
    """The English press writes "Zhovtoriv", "Shevchuk", "Kharchenko" for "Жовторів", "Шевчук",
    "Харченко": the digraphs are read as the one letter the Cyrillic is transliterated to."""
    uk = features(bare(Article(id="uk", source="written", published="2026-06-07", title=None, text=UKRAINIAN, language="uk")))
    en = features(bare(Article(id="en", source="written", published="2026-06-07", title=None, text=ENGLISH, language="en")))
    assert {"zovto", "sevcu", "harce"} <= set(crosslingual(uk).weights) & set(crosslingual(en).weights)
    assert similarity(uk, en) >= DEFAULT_PARAMS.threshold

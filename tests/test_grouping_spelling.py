"""One name in several spellings is one term (``features.term_key``): possessives, diacritics, any alphabet.

The reports are written here: a wildfire town told by an outlet that writes its accents and by one
that drops them, a country named with and without the possessive, and a German sentence.
"""

from __future__ import annotations

from crosscheck.events.features import term_key, term_weights, terms_and_names


def test_a_name_with_and_without_its_diacritics_is_one_term() -> None:
    accented = term_weights("Fires burned homes in Viña del Mar and Quilpué on Saturday, officials in Valparaíso said.")
    plain = term_weights("Fires burned homes in Vina del Mar and Quilpue on Saturday, officials in Valparaiso said.")
    for name in ("vina", "quilpue", "valparaiso"):
        assert name in accented and name in plain
    # no piece of a word is left behind by a letter outside ASCII ("vi", "quilpu" were terms before)
    assert "vi" not in accented and "quilpu" not in accented


def test_a_possessive_is_the_name_it_belongs_to() -> None:
    weights = term_weights("Myanmar's junta said rescuers in Myanmar found survivors in Mandalay's ruins.")
    assert "myanmar" in weights and "mandalay" in weights
    assert "myanmar's" not in weights and "mandalay's" not in weights
    assert term_key("o'brien") == "o'brien"  # an apostrophe inside a name stays


def test_a_german_report_keeps_its_words_whole() -> None:
    weights, names = terms_and_names(
        "Die Behörden nennen neue Zahlen: ein SUV raste über den Weihnachtsmarkt, fünf Menschen starben.", language="de"
    )
    assert "behorden" in weights and "weihnachtsmarkt" in weights
    assert not {"beh", "rden", "nf"} & set(weights)  # the pieces an ASCII tokenizer made of "Behörden" and "fünf"
    assert "suv" in names  # a capital after a word is a name in any alphabet the pattern knows


def test_letters_of_other_alphabets_are_words_and_sharp_s_folds() -> None:
    assert term_key("gleißner") == "gleissner"
    weights = term_weights("Пожар в Кочанах: спасатели работали всю ночь.")
    assert "пожар" in weights and "спасатели" in weights

"""Every language's catalogue holds every message the code and templates mark, translated, with
the language's own number of plural forms and the same placeholders as the English, and a `many`
form written for its large round numbers."""

from __future__ import annotations

import gettext
import importlib.util
import re
import shutil
from functools import cache
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from tournament.i18n.catalogues import TRANSLATIONS, po_path
from tournament.i18n.languages import TRANSLATED

ROOT = Path(__file__).resolve().parents[2]
# A `{name}` (Python format) or `%(name)s` (Jinja trans) placeholder; `{{`/`}}` are literal braces.
PLACEHOLDER = re.compile(r"(?<!\{)\{([A-Za-z_]\w*)(?:[!:][^{}]*)?\}|%\(([A-Za-z_]\w*)\)[sd]")


@cache
def _scripts():
    spec = importlib.util.spec_from_file_location("i18n_script", ROOT / "scripts" / "i18n.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@cache
def fresh_extraction() -> Catalog:
    return _scripts().extract()


def placeholders(text: str) -> set[str]:
    return {brace or percent for brace, percent in PLACEHOLDER.findall(text)}


def _key(message) -> tuple:
    msgid = message.id if isinstance(message.id, str) else message.id[0]
    return msgid, message.context or ""  # "" so a message with and without a context still sort


def _messages(catalogue: Catalog) -> dict:
    return {_key(m): m for m in catalogue if m.id}


def problems(template: Catalog, catalogue: Catalog, code: str) -> list[str]:
    """What keeps `catalogue` (language `code`) from translating every message of `template`."""
    found: list[str] = []
    wanted, have = _messages(template), _messages(catalogue)
    language = Catalog(locale=code)  # Babel's own Plural-Forms for the language, from CLDR
    nplurals = language.num_plurals
    if catalogue.num_plurals != nplurals:
        found.append(f"{code}: Plural-Forms says {catalogue.num_plurals} forms, the language has {nplurals}")
    elif catalogue.plural_expr != language.plural_expr:  # the same count, forms in another order
        found.append(f"{code}: Plural-Forms says plural={catalogue.plural_expr}, "
                     f"the language has {language.plural_expr}")
    for key in wanted.keys() - have.keys():
        found.append(f"{code}: missing {key[0]!r}")
    for key in have.keys() - wanted.keys():
        found.append(f"{code}: obsolete {key[0]!r} (run scripts/i18n.py update)")
    found += [f"{code}: obsolete {_key(m)[0]!r}" for m in catalogue.obsolete.values()]
    for key in wanted.keys() & have.keys():
        message, english = have[key], wanted[key]
        name = f"{code}: {key[0]!r}"
        if message.fuzzy:
            found.append(f"{name} is fuzzy")
        if english.pluralizable:
            forms = message.string if isinstance(message.string, tuple) else (message.string,)
            if not message.pluralizable or len(forms) != nplurals:
                found.append(f"{name} has {len(forms)} plural forms, not {nplurals}")
            # `{n}` may be left out of a form (French "une partie"), every other placeholder stays.
            expected = placeholders(english.id[1]) - {"n"}
            found += [f"{name} form {i} has placeholders {sorted(placeholders(form) - {'n'})}, not {sorted(expected)}"
                      for i, form in enumerate(forms) if form and placeholders(form) - {"n"} != expected]
        else:
            forms = (message.string,) if isinstance(message.string, str) else tuple(message.string)
            found += [f"{name} has placeholders {sorted(placeholders(form))}, not {sorted(placeholders(english.id))}"
                      for form in forms if form and placeholders(form) != placeholders(english.id)]
        if not all(forms):
            found.append(f"{name} is not translated")
    return sorted(found)


def _read(path: Path, code: str) -> Catalog:
    with path.open("rb") as source:
        return read_po(source, locale=code)


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_marked_message_is_translated_in_every_language(code):
    assert problems(fresh_extraction(), _read(po_path(code), code), code) == []


def test_the_committed_template_lists_what_the_code_marks():
    committed = _read(TRANSLATIONS / "messages.pot", "en")
    assert sorted(_messages(committed)) == sorted(_messages(fresh_extraction()))


def test_a_catalogue_lacking_a_message_is_caught(tmp_path):
    doctored = tmp_path / "messages.po"
    shutil.copy(po_path("de"), doctored)
    catalogue = _read(doctored, "de")
    dropped = next(m.id for m in catalogue if m.id and not m.context)  # delete() without a context finds it
    catalogue.delete(dropped)
    assert problems(fresh_extraction(), catalogue, "de") == [f"de: missing {dropped!r}"]


def test_an_empty_fuzzy_or_obsolete_translation_is_caught():
    template = Catalog(locale="en")
    template.add("Not done")
    template.add("Not found")
    catalogue = Catalog(locale="de")
    catalogue.add("Not done", "")
    catalogue.add("Not found", "Nicht gefunden", flags=["fuzzy"])
    catalogue.add("Gone", "Weg")
    assert problems(template, catalogue, "de") == [
        "de: 'Not done' is not translated",
        "de: 'Not found' is fuzzy",
        "de: obsolete 'Gone' (run scripts/i18n.py update)",
    ]


def test_a_translation_with_other_placeholders_is_caught():
    template = Catalog(locale="en")
    template.add("Table {table} has {count} players")
    template.add("%(name)s moves up")
    template.add(("{n} game at table {table}", "{n} games at table {table}"))
    catalogue = Catalog(locale="fr")
    catalogue.add("Table {table} has {count} players", "La table {tabel} a {count} joueurs")
    catalogue.add("%(name)s moves up", "%(nom)s monte")
    others = Catalog(locale="fr").num_plurals - 1  # forms after the first, however many French has
    catalogue.add(("{n} game at table {table}", "{n} games at table {table}"),
                  ("{n} partie",) + ("{n} parties à la table {table}",) * others)
    assert problems(template, catalogue, "fr") == [
        "fr: '%(name)s moves up' has placeholders ['nom'], not ['name']",
        "fr: 'Table {table} has {count} players' has placeholders ['count', 'tabel'], not ['count', 'table']",
        "fr: '{n} game at table {table}' form 0 has placeholders [], not ['table']",
    ]


def test_a_plural_needs_as_many_forms_as_the_language_has():
    template = Catalog(locale="en")
    template.add(("{n} game", "{n} games"))
    catalogue = Catalog(locale="de")
    catalogue.add(("{n} game", "{n} games"), ("{n} Spiel",))
    assert problems(template, catalogue, "de") == ["de: '{n} game' has 1 plural forms, not 2"]
    complete = Catalog(locale="de")
    complete.add(("{n} game", "{n} games"), ("{n} Spiel", "{n} Spiele"))
    assert problems(template, complete, "de") == []


def test_a_catalogue_whose_header_counts_other_plural_forms_is_caught(tmp_path):
    doctored = tmp_path / "messages.po"
    text = po_path("de").read_text()
    assert "nplurals=2;" in text
    doctored.write_text(text.replace("nplurals=2;", "nplurals=3;"))
    # Every plural entry then also has the wrong number of forms; the header is named too.
    found = problems(fresh_extraction(), _read(doctored, "de"), "de")
    assert "de: Plural-Forms says 3 forms, the language has 2" in found


# Where CLDR gives a language a `many` form for large round numbers (1 000 000, 2 000 000, ...), the
# noun after such a number takes a preposition: "1 000 000 de parties", "2 000 000 di partite".
MANY_TAKES = {"fr": "de", "es": "de", "it": "di", "pt": "de"}
A_MILLION = 10**6
# What a plural message's number is called, first found first: `{n}` in code, `%(num)d` from Jinja's
# ngettext, `%(count)s` from `{% trans count=... %}`. A message with none of them (`Tables {numbers}`)
# shows no number, only a list, so its forms differ in the words around the list alone.
COUNT_NAMES = ("n", "num", "count")


def count_placeholder(english: str) -> str | None:
    return next((name for name in COUNT_NAMES if name in placeholders(english)), None)


def form_index(catalogue: Catalog, number: int) -> int:
    """Which form the catalogue's own Plural-Forms picks for `number` (as gettext does at run time)."""
    return gettext.c2py(catalogue.plural_expr)(number)


def copied_many_forms(catalogue: Catalog, code: str) -> list[str]:
    """Plural messages whose form for a million is their `other` form verbatim though a word follows
    the number: there the word needs "de"/"di" ("{n} parties" becomes "{n} de parties"). A copy with
    the number last ("%(reported)s sur %(num)d") or without a number is right and passes."""
    locale = Locale.parse(code)
    other = next(n for n in range(2, 100) if locale.plural_form(n) == "other")
    many_at, other_at = form_index(catalogue, A_MILLION), form_index(catalogue, other)
    found = []
    for message in catalogue:
        if not (message.id and message.pluralizable and isinstance(message.string, tuple)):
            continue
        name, forms = count_placeholder(message.id[1]), message.string
        if name is None or max(many_at, other_at) >= len(forms):
            continue  # no number in it, or too few forms (problems() names those)
        number = re.escape(f"{{{name}}}") + "|" + re.escape(f"%({name})") + "[sd]"
        before_a_word = re.compile(rf"(?:{number})\s+\w")
        if forms[many_at] == forms[other_at] and before_a_word.search(forms[other_at]):
            found.append(f"{code}: {message.id[0]!r} says {forms[other_at]!r} for {A_MILLION} too "
                         f"(a million takes {MANY_TAKES.get(code, 'a preposition')!r} before a noun)")
    return sorted(found)


@pytest.mark.parametrize("code", sorted(MANY_TAKES))
def test_many_form_is_written_not_copied(code):
    assert code in TRANSLATED
    # When CLDR gives the language no `many` form any more, this rule goes (or moves to the new one).
    assert Locale.parse(code).plural_form(A_MILLION) == "many"
    assert copied_many_forms(_read(po_path(code), code), code) == []


def test_a_many_form_copied_from_other_is_caught():
    catalogue = Catalog(locale="fr")
    # French as Babel 2.19 gives it (from CLDR): forms one, many, other, in that order.
    assert [Locale.parse("fr").plural_form(n) for n in (1, A_MILLION, 5)] == ["one", "many", "other"]
    assert [form_index(catalogue, n) for n in (1, A_MILLION, 5)] == [0, 1, 2]
    catalogue.add(("{n} game", "{n} games"), ("{n} partie", "{n} parties", "{n} parties"))
    catalogue.add(("%(num)d game saved", "%(num)d games saved"),
                  ("%(num)d partie enregistrée", "%(num)d parties enregistrées", "%(num)d parties enregistrées"))
    # Written, the number last, or no number at all: nothing to say.
    catalogue.add(("{n} player", "{n} players"), ("{n} joueur", "{n} de joueurs", "{n} joueurs"))
    catalogue.add(("%(reported)s of %(num)d table", "%(reported)s of %(num)d tables"),
                  ("%(reported)s sur %(num)d",) * 3)
    catalogue.add(("Table {numbers}", "Tables {numbers}"), ("Table {numbers}", "Tables {numbers}", "Tables {numbers}"))
    because = "(a million takes 'de' before a noun)"
    assert copied_many_forms(catalogue, "fr") == [
        f"fr: '%(num)d game saved' says '%(num)d parties enregistrées' for 1000000 too {because}",
        f"fr: '{{n}} game' says '{{n}} parties' for 1000000 too {because}",
    ]

"""A message is shown in the page's language with its parameters translated the same way, and a
player's name exactly as typed."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from markupsafe import Markup

from tournament import create_app
from tournament.core.i18n import Name, T, Tn, Tp
from tournament.i18n import translate, translate_html
from tournament.i18n.messages import pieces as translate_pieces

GERMAN = {
    ("{who} moves up with {games}.", None): "{who} steigt mit {games} auf.",
    ("{n} game", None): ("{n} Spiel", "{n} Spiele"),
    ("Ace", "card"): "Ass",
}


def _catalogue(root: Path) -> Path:
    catalogue = Catalog(locale="de")
    for (msgid, context), msgstr in GERMAN.items():
        if isinstance(msgstr, tuple):
            catalogue.add((msgid, "{n} games"), msgstr)
        else:
            catalogue.add(msgid, msgstr, context=context)
    folder = root / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "messages.mo").open("wb") as target:
        write_mo(target, catalogue)
    return root


@pytest.fixture
def german_app(tmp_path, monkeypatch):
    monkeypatch.setenv("TOURNAMENT_INSTANCE_PATH", str(tmp_path / "instance"))
    return create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
                       "BABEL_TRANSLATION_DIRECTORIES": str(_catalogue(tmp_path / "translations"))})


def test_a_message_is_translated_with_its_nested_plural_and_the_name_as_typed(german_app):
    message = T("{who} moves up with {games}.", who=Name("Zoë <3"), games=Tn("{n} game", "{n} games", 3))
    with german_app.test_request_context("/", headers={"Accept-Language": "de"}):
        assert translate(message) == "Zoë <3 steigt mit 3 Spiele auf."
        assert translate(message, "en") == "Zoë <3 moves up with 3 games."
    with german_app.test_request_context("/"):
        assert translate(message, "de") == "Zoë <3 steigt mit 3 Spiele auf."


def test_the_plural_form_follows_the_count_in_the_language_of_the_page(german_app):
    with german_app.test_request_context("/"):
        assert [translate(Tn("{n} game", "{n} games", n), "de") for n in (1, 2)] == ["1 Spiel", "2 Spiele"]


def test_a_plural_message_stated_once_takes_its_count_where_it_is_filled(german_app):
    stated = Tn("{n} game", "{n} games", 0)  # a game's sentence, its count known only where shown
    assert [str(stated.filled(n=n)) for n in (1, 2)] == ["1 game", "2 games"]
    with german_app.test_request_context("/"):
        assert [translate(stated.filled(n=n), "de") for n in (1, 2)] == ["1 Spiel", "2 Spiele"]
    assert T("Hand {n}").filled(n=1).n is None  # a message without plural keeps ``n`` a parameter


def test_a_message_with_a_context_is_looked_up_with_it(german_app):
    with german_app.test_request_context("/"):
        assert translate(Tp("card", "Ace"), "de") == "Ass"
        assert translate(T("Ace"), "de") == "Ace"


def test_a_message_missing_from_the_catalogue_reads_as_english(german_app):
    with german_app.test_request_context("/"):
        assert translate(T("Table {n} is empty.", n=4), "de") == "Table 4 is empty."


def test_a_plain_string_is_never_translated(german_app):
    with german_app.test_request_context("/"):
        assert translate("Ace", "de") == "Ace"


def test_on_a_page_the_words_are_escaped_and_a_name_is_isolated(german_app):
    message = T("{who} moves up with {games}.", who=Name("<b>Zoë</b>"), games=Tn("{n} game", "{n} games", 1))
    with german_app.test_request_context("/"):
        html = translate_html(message, "de")
    assert isinstance(html, Markup)
    assert html == "<bdi>&lt;b&gt;Zoë&lt;/b&gt;</bdi> steigt mit 1 Spiel auf."


def test_the_t_filter_translates_into_the_page_language(german_app):
    with german_app.test_request_context("/", headers={"Accept-Language": "de"}):
        page = german_app.jinja_env.from_string("{{ m|t }}").render(m=Tn("{n} game", "{n} games", 2))
    assert page == "2 Spiele"


def test_outside_a_request_a_message_reads_as_english():
    assert translate(Tn("{n} game", "{n} games", 2)) == "2 games"


def test_rich_text_is_split_where_the_translation_puts_its_symbols(german_app):
    marker = object()
    message = T("{suit} is trump. {games}", suit=marker, games=Tn("{n} game", "{n} games", 2))
    with german_app.test_request_context("/"):
        assert translate_pieces(message, "de") == [marker, " is trump. ", "2 Spiele"]
        assert translate_pieces("plain", "de") == ["plain"]

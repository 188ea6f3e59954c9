"""A scorer's sentences about its entries ("Add hand 3", "No deals yet.") have one source: the
game's ``scorer.words``. Every game with a scorer states all of them, and the organiser's pages
and a table's phone both show them from there."""

from __future__ import annotations

import dataclasses
import html
import re

import pytest

from tests.app.helpers import page_text
from tests.scorer.conftest import card_event
from tournament.core.i18n import T, Text, Tn
from tournament.games import all_games
from tournament.games.protocol import ScorerWords

PLURAL = {"stale_sheet", "too_many"}  # stated with a placeholder count, which ``filled(n=...)`` sets
PARAMS = {"n": 2, "number": 3, "which": "games[0]", "problem": "a problem", "why": "a reason"}


def test_every_game_with_a_scorer_states_every_scorer_sentence_whole(highest_card):
    games = [game for game in all_games() if game.scorer is not None]
    assert {game.key for game in games} >= {"euchre", "elbows-up", "highest-card"}
    for game in games:
        words = game.scorer.words
        assert isinstance(words, ScorerWords), game.key
        for field in dataclasses.fields(ScorerWords):
            text = getattr(words, field.name)
            assert isinstance(text, Text), (game.key, field.name)
            assert (text.plural is not None) == (field.name in PLURAL), (game.key, field.name)
            shown = str(text.filled(**PARAMS))
            assert "{" not in shown and shown.strip(), (game.key, field.name, shown)
        for name in PLURAL:
            one, many = (str(getattr(words, name).filled(**{**PARAMS, "n": n})) for n in (1, 2))
            assert one != many, (game.key, name)


def _text(response) -> str:
    shown = re.sub(r'<script type="application/json" id="i18n">.*?</script>', "", page_text(response), flags=re.S)
    return " ".join(html.unescape(shown).split())


def _marked(name: str, text: Text) -> Text:
    """``text`` with its field's name in front, its placeholders kept."""
    if text.plural is None:
        return T(f"Marked {name}: {text.msgid}")
    return Tn(f"Marked {name}: {text.msgid}", f"Marked {name}: {text.plural}", 0)


def test_the_organiser_pages_and_the_phone_show_a_scorer_s_sentences_from_its_game(app, organiser, highest_card,
                                                                                   monkeypatch):
    from tests.games.highest_card import HIGHEST_CARD

    real = HIGHEST_CARD.scorer.words
    marked = ScorerWords(**{field.name: _marked(field.name, getattr(real, field.name))
                            for field in dataclasses.fields(ScorerWords)})
    monkeypatch.setattr(HIGHEST_CARD.scorer, "words", marked)
    card = card_event(app)
    pid, other = (card.seated[1][name] for name in sorted(card.seated[1])[:2])
    phone, office = f"/t/{card.tokens[1]}", f"/events/{card.event_id}/rounds/1/tables/1"
    for results, kept, number in ((phone, "kept_phone", 1), (office, "kept", 2)):
        page = _text(organiser.get(results))
        assert "Marked score_row:" in page and "Marked score_game: Score game " in page, results
        scorer = f"{results}/games/{number}/score"
        page = _text(organiser.get(scorer))
        assert "Marked heading:" in page and "Marked none_yet:" in page and "Marked add: Add draw 1" in page, scorer
        assert "Marked stale_page:" in _text(organiser.post(scorer, data={"seen": "x", "top": str(pid)})), scorer
        page = _text(organiser.post(scorer, data={"seen": "0", "top": str(pid)}, follow_redirects=True))
        assert "Marked added: Draw 1 added." in page, scorer
        assert "Marked undo_last: Undo last draw (draw 1)" in page, scorer
        refused = _text(organiser.post(scorer, data={"seen": "0", "top": str(other)}))
        assert f"Marked stale_sheet: Someone else changed game {number} meanwhile: its sheet now holds 1 draw." \
            in refused, scorer
        assert f"Marked {kept}:" in _text(organiser.get(results)), results


@pytest.mark.parametrize("language", ["de", "fr", "nl"])
def test_a_game_s_scorer_sentences_name_its_entry_with_one_word_in_each_language(app, language):
    """One source, one word: Euchre's hand is not a "Blatt" on one line and a "Hand" on the next."""
    from tournament.i18n import translate

    words = {"de": ("Blatt", "Hand"), "fr": ("donne", "main"), "nl": ("deling", "hand")}[language]
    euchre = next(game for game in all_games() if game.key == "euchre").scorer.words
    with app.test_request_context("/"):
        for field in dataclasses.fields(ScorerWords):
            shown = translate(getattr(euchre, field.name).filled(**PARAMS), language).lower()
            assert not re.search(rf"\b{words[1].lower()}\b", shown), (field.name, shown)

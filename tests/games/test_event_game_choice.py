"""The create-event form offers the registered games, and only when there is a choice."""

from __future__ import annotations

from tests.app.helpers import event_row


def test_the_game_choice_is_shown_only_when_the_app_knows_more_than_one_game(organiser, monkeypatch):
    from tournament.games import registry

    default = registry.get(registry.DEFAULT)  # loads the built-in games first
    monkeypatch.setattr(registry, "_games", {default.key: default})
    assert 'name="game"' not in organiser.get("/").get_data(as_text=True)
    created = organiser.post("/events", data={"name": "Class 4B", "round_minutes": "7"})
    assert created.status_code == 302


def test_a_new_event_plays_the_game_chosen_on_the_form(app, organiser, highest_card):
    page = organiser.get("/").get_data(as_text=True)
    assert 'name="game"' in page and "Five Tricks</option>" in page and "Highest Card</option>" in page
    created = organiser.post("/events", data={"name": "Card night", "round_minutes": "7", "game": "highest-card"})
    event_id = int(created.headers["Location"].rstrip("/").split("/events/")[1].split("/")[0])
    assert event_row(app, event_id).game == "highest-card"


def test_an_unknown_game_on_the_form_is_refused_and_nothing_is_created(app, organiser, highest_card):
    refused = organiser.post("/events", data={"name": "Card night", "round_minutes": "7", "game": "chess"})
    assert refused.status_code == 400
    assert "Card night" in refused.get_data(as_text=True)  # the form comes back filled in
    assert "/events/1" not in organiser.get("/").get_data(as_text=True)

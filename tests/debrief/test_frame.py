"""The debrief's frame: registry, steps, state, the wall's phase and fragment, the organiser's
page and editor, the CSV route."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from sqlalchemy import select

from tests.debrief.frame_views import PLAYERS, RULES, register
from tournament import db
from tournament.models import AuditEntry, Event
from tournament.services.debrief import state
from tournament.services.debrief.steps import DEFAULT_STEPS, steps_for

RULES_STEP = 5  # "Every table's rules", numbered from 1
PLAYERS_STEP = 2


def event_of(app, event_id) -> Event:
    with app.app_context():
        event = db.session().get(Event, event_id)
        db.session().expunge(event)
        return event


def with_event(app, event_id, action):
    with app.app_context():
        session = db.session()
        return action(session, session.get(Event, event_id))


def log_actions(app, event_id) -> list[str]:
    with app.app_context():
        return list(db.session().scalars(select(AuditEntry.action).where(AuditEntry.event_id == event_id)
                                         .order_by(AuditEntry.id)))


def feed(client, app, event_id) -> dict:
    return client.get(f"/p/{event_of(app, event_id).projector_token}/feed.json").get_json()


def fragment(client, app, event_id) -> str:
    response = client.get(f"/p/{event_of(app, event_id).projector_token}/debrief")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_registering_a_view_is_one_entry_read_by_the_editor_previews_csv_and_wall(app, organiser, ended, monkeypatch):
    register(app, monkeypatch, replace(RULES, stylesheet="debrief-rules.css"))
    page = organiser.get(f"/events/{ended}/debrief").get_data(as_text=True)
    assert '<option value="rules">Every table&#39;s rules</option>' in page  # the editor offers it
    assert f'/events/{ended}/debrief/rules.csv' in page
    assert 'class="debrief desk" data-view="rules"' in page and "Canary rule 1 zq1x" in page
    assert "/static/debrief-rules.css" in page
    organiser.post(f"/events/{ended}/debrief/step", data={"step": RULES_STEP})
    assert 'data-view="rules"' in fragment(organiser, app, ended)
    wall = organiser.get(f"/p/{event_of(app, ended).projector_token}").get_data(as_text=True)
    assert "/static/debrief-rules.css" in wall


def test_a_step_whose_view_is_not_registered_shows_its_prompt_only(app, organiser, ended, monkeypatch):
    register(app, monkeypatch, PLAYERS)  # "rules" not registered: say, an event file from a newer version
    organiser.post(f"/events/{ended}/debrief/step", data={"step": RULES_STEP})
    step = feed(organiser, app, ended)["debrief"]
    assert step["title"] == "Every table's rules" and step["view"] is None
    assert fragment(organiser, app, ended).strip() == '<div class="debrief wall"></div>'
    assert event_of(app, ended).debrief_revealed_at is None, "an unregistered view reveals nothing"


def test_a_view_not_available_for_the_event_leaves_its_step_with_the_prompt(app, organiser, ended, monkeypatch):
    register(app, monkeypatch, replace(PLAYERS, available=lambda event: False), RULES)
    organiser.post(f"/events/{ended}/debrief/step", data={"step": PLAYERS_STEP})
    assert feed(organiser, app, ended)["debrief"]["view"] is None
    assert "test-players" not in fragment(organiser, app, ended)
    assert "not available for this event" in organiser.get(f"/events/{ended}/debrief").get_data(as_text=True)


def test_the_default_steps_go_from_feelings_to_what_happened_to_meaning_to_real_life_to_next_steps():
    titles = [str(step.title) for step in DEFAULT_STEPS]
    assert titles[0] == "How did it feel?" and titles[-1] == "What will you do differently?"
    assert titles.index("What happened?") < titles.index("Every table's rules") < titles.index("What does it mean?") \
        < titles.index("Where does this happen in real life?")
    assert [step.view for step in DEFAULT_STEPS if step.view] == ["journeys", "timeline", "notes", "rules", "trick"]
    assert all(str(step.prompt).endswith("?") for step in DEFAULT_STEPS), "every prompt is an open question"


def test_stepping_onto_a_step_whose_view_reveals_reveals_the_rules(app, views, organiser, ended):
    organiser.post(f"/events/{ended}/debrief/step", data={"step": PLAYERS_STEP})
    assert event_of(app, ended).debrief_revealed_at is None
    organiser.post(f"/events/{ended}/debrief/step", data={"step": RULES_STEP})
    assert event_of(app, ended).debrief_revealed_at is not None
    assert log_actions(app, ended)[-3:] == ["debrief step shown", "rules revealed", "debrief step shown"]


def test_each_debrief_action_acts_once_however_often_it_is_sent(app, views, organiser, ended):
    before = len(log_actions(app, ended))
    for _ in range(2):
        organiser.post(f"/events/{ended}/debrief/reveal")
        organiser.post(f"/events/{ended}/debrief/step", data={"step": 3})
        with_event(app, ended, lambda s, e: state.move(s, e, seen=2, by=1))  # "next" sent from step 3 twice
        organiser.post(f"/events/{ended}/debrief/stop")
        organiser.post(f"/events/{ended}/debrief/hide")
    assert log_actions(app, ended)[before:] == [
        "rules revealed", "debrief step shown", "debrief step shown", "debrief stopped", "rules hidden again",
        "rules revealed", "debrief step shown", "debrief step shown", "debrief stopped", "rules hidden again"]
    event = event_of(app, ended)
    assert event.debrief_step is None and event.debrief_revealed_at is None


def test_next_and_previous_stop_at_the_ends(app, ended):
    count = len(DEFAULT_STEPS)
    assert with_event(app, ended, lambda s, e: state.move(s, e, seen=None, by=1)) == 0
    assert with_event(app, ended, lambda s, e: state.move(s, e, seen=0, by=-1)) == 0
    assert with_event(app, ended, lambda s, e: state.move(s, e, seen=count - 1, by=1)) == count - 1


def test_stopping_gives_the_wall_back_to_the_tournament(app, organiser, ended):
    organiser.post(f"/events/{ended}/debrief/step", data={"step": 1})
    assert feed(organiser, app, ended)["phase"] == "debrief"
    organiser.post(f"/events/{ended}/debrief/stop")
    assert feed(organiser, app, ended)["phase"] == "results"


def test_hiding_the_rules_again_blanks_the_revealing_view_on_the_wall(app, views, organiser, ended):
    organiser.post(f"/events/{ended}/debrief/step", data={"step": RULES_STEP})
    assert "Canary rule 1" in fragment(organiser, app, ended)
    organiser.post(f"/events/{ended}/debrief/hide")
    assert feed(organiser, app, ended)["debrief"]["view"] is None
    assert "Canary rule" not in fragment(organiser, app, ended)


@pytest.mark.parametrize("step", ["0", "10", "abc", ""])
def test_a_step_out_of_range_is_refused_and_changes_nothing(app, organiser, ended, step):
    organiser.post(f"/events/{ended}/debrief/step", data={"step": 2})
    answer = organiser.post(f"/events/{ended}/debrief/step", data={"step": step},
                            headers={"Accept": "application/json"})
    assert answer.status_code == 400 and "step" in answer.get_json()["error"].lower()
    page = organiser.post(f"/events/{ended}/debrief/step", data={"step": step})
    assert page.status_code == 400
    assert re.search(r"Choose a step from 1 to 9\.|There is no step 10: the debrief has steps 1 to 9\.",
                     page.get_data(as_text=True))
    assert event_of(app, ended).debrief_step == 1


def test_the_keys_json_answer_names_the_step_now_shown(app, organiser, ended):
    answer = organiser.post(f"/events/{ended}/debrief/step", data={"step": 4}, headers={"Accept": "application/json"})
    assert answer.get_json() == {"step": 3, "revealed": False}


def editor_data(page: str) -> dict:
    """The steps editor's fields as the page fills them in."""
    form = page[page.index('class="debrief-editor"'):]
    form = form[:form.index("</form>")]
    data = {}
    for name, value in re.findall(r'<input[^>]*name="(steps-\d+-(?:title|position))"[^>]*value="([^"]*)"', form):
        data[name] = value
    for name, value in re.findall(r'<textarea[^>]*name="(steps-\d+-prompt)"[^>]*>\s*([^<]*)</textarea>', form):
        data[name] = value
    for name, options in re.findall(r'<select[^>]*name="(steps-\d+-view)"[^>]*>(.*?)</select>', form, re.S):
        chosen = re.search(r'<option selected value="([^"]*)"', options) \
            or re.search(r'<option value="([^"]*)" selected', options)
        data[name] = chosen.group(1) if chosen else ""
    import html
    return {key: html.unescape(value) for key, value in data.items()}


def test_saving_the_default_steps_unchanged_stores_nothing(app, views, organiser, ended):
    data = editor_data(organiser.get(f"/events/{ended}/debrief").get_data(as_text=True))
    assert data["steps-0-title"] == "How did it feel?" and data["steps-4-view"] == "rules"
    assert organiser.post(f"/events/{ended}/debrief/steps", data=data).status_code == 302
    assert event_of(app, ended).debrief_steps is None


def test_the_editor_adds_removes_reorders_and_edits_steps(app, views, organiser, ended):
    data = editor_data(organiser.get(f"/events/{ended}/debrief").get_data(as_text=True))
    data.update({"steps-9-title": "  Our own question ", "steps-9-prompt": "What surprised you?",
                 "steps-9-view": "journeys", "steps-9-position": "1", "steps-1-remove": "y",
                 "steps-0-title": "Feelings first"})
    assert organiser.post(f"/events/{ended}/debrief/steps", data=data).status_code == 302
    stored = event_of(app, ended).debrief_steps
    assert [s["title"] for s in stored][:3] == ["Our own question", "Feelings first", "What happened, in order"]
    assert stored[0] == {"title": "Our own question", "prompt": "What surprised you?", "view": "journeys"}
    assert len(stored) == 9 and "What happened?" not in [s["title"] for s in stored]
    assert "Restore the default steps" in organiser.get(f"/events/{ended}/debrief").get_data(as_text=True)
    organiser.post(f"/events/{ended}/debrief/steps/default")
    assert event_of(app, ended).debrief_steps is None


def test_a_refused_steps_form_comes_back_filled_in_with_the_message_beside_the_field(app, views, organiser, ended):
    data = editor_data(organiser.get(f"/events/{ended}/debrief").get_data(as_text=True))
    data.update({"steps-0-title": "Feel\u0007ings", "steps-1-title": "", "steps-2-title": "x" * 81,
                 "steps-9-prompt": "A prompt without a title"})
    answer = organiser.post(f"/events/{ended}/debrief/steps", data=data)
    page = answer.get_data(as_text=True)
    assert answer.status_code == 400
    assert page.count('class="error"') >= 4
    assert "A step needs a title." in page and "U+0007" in page
    assert "A prompt without a title" in page, "what was typed comes back"
    assert event_of(app, ended).debrief_steps is None


def test_the_wall_shows_a_step_past_the_end_of_fewer_steps_as_the_last(app, views, organiser, ended):
    organiser.post(f"/events/{ended}/debrief/step", data={"step": 9})
    with_event(app, ended, lambda s, e: state.set_steps(s, e, [{"title": "Only", "prompt": "One?", "view": ""}]))
    assert event_of(app, ended).debrief_step == 0
    assert feed(organiser, app, ended)["debrief"]["title"] == "Only"


def test_stored_steps_that_are_not_steps_fall_back_to_the_defaults(app, ended):
    event = event_of(app, ended)
    event.debrief_steps = [{"title": 3}, "x", None]
    assert [s.title for s in steps_for(event)] == [s.title for s in DEFAULT_STEPS]


def test_the_debrief_csv_is_formula_safe_and_for_the_organiser_only(app, views, organiser, ended, client):
    with app.app_context():
        db.session().get(Event, ended).tables[0].house_rule = "=HYPERLINK(\"http://x\")"
        db.session().commit()
    body = organiser.get(f"/events/{ended}/debrief/rules.csv").get_data(as_text=True)
    assert body.startswith("\ufefftable,rules,house_rule\r\n") and "'=HYPERLINK" in body
    assert organiser.get(f"/events/{ended}/debrief/journeys.csv").status_code == 404  # no table to download
    assert organiser.get(f"/events/{ended}/debrief/nothing.csv").status_code == 404
    client.cookie_jar.clear() if hasattr(client, "cookie_jar") else None
    anonymous = app.test_client()
    assert anonymous.get(f"/events/{ended}/debrief/rules.csv").status_code == 302


def test_the_debrief_page_marks_the_step_on_the_wall_and_shows_each_views_controls(app, views, organiser, ended):
    organiser.post(f"/events/{ended}/debrief/step", data={"step": PLAYERS_STEP})
    page = organiser.get(f"/events/{ended}/debrief").get_data(as_text=True)
    assert 'class="debrief-step-row current" id="step-2"' in page
    assert '<p class="test-controls">9</p>' in page
    assert "&lt;b&gt;Ivo&lt;/b&gt;" in page and "<b>Ivo</b>" not in page
    assert 'data-debrief-key="next"' in page and 'data-debrief-key="previous"' in page
    assert "Showing this step reveals every table" in page


def test_the_projector_page_carries_the_step_keys_only_for_a_logged_in_organiser(app, organiser, ended):
    token = event_of(app, ended).projector_token
    mine = organiser.get(f"/p/{token}").get_data(as_text=True)
    assert f'data-step-url="/events/{ended}/debrief/step"' in mine and "data-csrf=" in mine
    public = app.test_client().get(f"/p/{token}").get_data(as_text=True)
    assert "data-step-url" not in public and "data-csrf" not in public and "csrf" not in public


def test_the_wall_reads_no_more_sql_in_the_debrief_than_its_base(app, ended, organiser):
    from tests.conftest import count_queries

    organiser.post(f"/events/{ended}/debrief/step", data={"step": 1})
    token = event_of(app, ended).projector_token
    with count_queries(app) as statements:
        app.test_client().get(f"/p/{token}/feed.json")
    assert len(statements) <= 3, statements


def test_the_default_steps_read_in_the_events_language_and_saved_unchanged_stay_the_defaults(
        app, views, organiser, ended):
    with app.app_context():
        db.session().get(Event, ended).language = "fr"
        db.session().commit()
    organiser.post(f"/events/{ended}/debrief/step", data={"step": 1})
    assert feed(organiser, app, ended)["debrief"]["title"] == "Qu'avez-vous ressenti ?"
    page = organiser.get(f"/events/{ended}/debrief", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "<h1>Nachbesprechung</h1>" in page and "Regeln aufdecken" in page
    data = editor_data(page)
    assert data["steps-0-title"] == "Qu'avez-vous ressenti ?", "the steps are edited in the wall's language"
    organiser.post(f"/events/{ended}/debrief/steps", data=data)
    assert event_of(app, ended).debrief_steps is None
    data["steps-0-title"] = "Comment ça va ?"
    organiser.post(f"/events/{ended}/debrief/steps", data=data)
    assert event_of(app, ended).debrief_steps[0]["title"] == "Comment ça va ?"
    assert event_of(app, ended).debrief_steps[1]["title"] == "Que s'est-il passé ?"

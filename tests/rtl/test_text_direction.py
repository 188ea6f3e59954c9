"""One function decides a page's writing direction, and every base template writes it on <html>."""

from __future__ import annotations

import pytest

from tests.conftest import setup_event
from tests.room.conftest import start_round, tokens
from tournament import create_app
from tournament.text_direction import PSEUDO_RTL, direction


@pytest.mark.parametrize("code", ["ar", "he", "fa", "ur", "iw", "yi", "ar-XB", "ar-EG", "he_IL", "fa-IR",
                                  "az-Arab", "pa-Arab-PK", "UR"])
def test_right_to_left_languages_and_scripts_are_laid_out_right_to_left(code):
    assert direction(code) == "rtl"


@pytest.mark.parametrize("code", ["en", "en-GB", "de", "fr_CA", "zh-Hant", "ja", "ku-Latn", "sr-Latn", "arn",
                                  "", None, "-", "not a code!"])
def test_other_languages_and_unknown_codes_are_laid_out_left_to_right(code):
    assert direction(code) == "ltr"


def _pages(app, organiser):
    """One page from each base template: organiser, error, print, projector, phone."""
    event_id = setup_event(app, ["Ana", "Ben", "Cem", "Dora", "Eli", "Finn"], tables=2)
    start_round(app, event_id)
    links = tokens(app, event_id)
    return {
        "organiser": organiser.get(f"/events/{event_id}"),
        "error": organiser.get("/events/999999"),
        "error before routing": organiser.get("/", headers={"Host": "bad_host!"}),
        "print": organiser.get(f"/events/{event_id}/print/sheets"),
        "projector": organiser.get(f"/p/{links['projector']}"),
        "phone": organiser.get(f"/t/{links[1]}"),
    }


def test_every_base_template_says_english_left_to_right(app, organiser):
    for name, response in _pages(app, organiser).items():
        assert '<html lang="en" dir="ltr"' in response.get_data(as_text=True), name


def test_the_test_override_renders_every_base_template_right_to_left(app, organiser):
    app.config["FORCE_PAGE_LANG"] = PSEUDO_RTL
    for name, response in _pages(app, organiser).items():
        assert f'<html lang="{PSEUDO_RTL}" dir="rtl"' in response.get_data(as_text=True), name


def test_the_page_language_override_works_only_under_testing(tmp_path, monkeypatch):
    monkeypatch.setenv("TOURNAMENT_INSTANCE_PATH", str(tmp_path / "instance"))
    app = create_app({"TESTING": False, "FORCE_PAGE_LANG": PSEUDO_RTL, "SECRET_KEY": "x",
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"})
    with app.test_request_context():
        from flask import render_template
        html = render_template("error.html", title="t", message="m", home="/", stylesheet="", icon="")
    assert '<html lang="en" dir="ltr"' in html

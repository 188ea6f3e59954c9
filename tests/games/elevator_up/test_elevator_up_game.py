"""Elevator UP's own parts: its three table settings and their JSON, the default cycle, the
standard deck's mapping to the game's floors and special cards, results through the shared
shedding rule with 52 cards, the round's usual games, the guide and the rules page's form.
(Protocol conformance and strict typing of both shedding games: tests/games/elevator.)"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from werkzeug.datastructures import MultiDict

from tournament.core.errors import RuleError
from tournament.games import Report
from tournament.games import settings as declared
from tournament.games.elevator_up import ELEVATOR_UP, ElevatorUpVariant
from tournament.games.elevator_up.sheets import HEADINGS

SETTINGS = ("stuck_card", "door_closed_card", "four_of_a_kind_clears")
ALL_SPECIAL = ElevatorUpVariant(stuck_card=True, door_closed_card=True, four_of_a_kind_clears=True)
NO_7_OR_JACK = ElevatorUpVariant(stuck_card=False, door_closed_card=False, four_of_a_kind_clears=False)
SEATED = ("Ana", "Ben", "Cleo", "Dan")


def test_the_cards_left_run_to_the_52_cards_of_a_standard_deck() -> None:
    score = ELEVATOR_UP.score
    assert score is not None and (score.column, score.maximum, score.total_at_most) == ("cards_left", 52, 52)
    assert score.decides and not score.overrules_ticked
    with pytest.raises(RuleError, match="more than the deck holds \\(52\\)"):
        ELEVATOR_UP.check_report(ALL_SPECIAL, Report(scores={"Ana": 0, "Ben": 30, "Cleo": 23}), SEATED)


def test_every_setting_combination_round_trips_through_json() -> None:
    for values in itertools.product((True, False), repeat=3):
        rules = ElevatorUpVariant(*values)
        stored = declared.to_json(ELEVATOR_UP.settings, rules)
        assert stored == dict(zip(SETTINGS, values, strict=True))
        assert declared.from_json(ELEVATOR_UP.settings, stored) == rules


@pytest.mark.parametrize("bad", [
    None, [], {"stuck_card": True},
    {"stuck_card": True, "door_closed_card": True, "four_of_a_kind_clears": True, "lobby": True},
    {"stuck_card": 1, "door_closed_card": True, "four_of_a_kind_clears": True},
    {"stuck_card": True, "door_closed_card": "no", "four_of_a_kind_clears": True},
    {"stuck_card": True, "door_closed_card": True, "four_of_a_kind_clears": None},
])
def test_stored_rules_that_are_not_elevator_up_settings_are_refused(bad: object) -> None:
    with pytest.raises(RuleError):
        declared.from_json(ELEVATOR_UP.settings, bad)


def test_default_rules_start_with_every_special_card_and_neighbouring_tables_differ_in_two_settings() -> None:
    twenty = declared.default_variants(ELEVATOR_UP.settings, 20)
    assert twenty[0] == ALL_SPECIAL and len(set(twenty)) == 8
    for tables in range(21):
        assert declared.default_variants(ELEVATOR_UP.settings, tables) == twenty[:tables]
    for one, two in itertools.pairwise(twenty):
        assert sum(getattr(one, name) != getattr(two, name) for name in SETTINGS) >= 2, (one, two)


def test_the_standard_deck_maps_to_floors_and_special_cards_as_the_sheet_s_key_says() -> None:
    assert ALL_SPECIAL.floors() == ("3", "4", "5", "6", "8", "9", "Queen", "King", "Ace")
    assert NO_7_OR_JACK.floors() == ("3", "4", "5", "6", "7", "8", "9", "Jack", "Queen", "King", "Ace")
    key = {str(card.rank): str(card.name) for card in ELEVATOR_UP.rule_sheet(ALL_SPECIAL).key}
    assert key == {"A": "Penthouse", "10": "New Building", "2": "Lobby", "7": "Stuck", "J": "Door Closed"}
    key = {str(card.rank): str(card.name) for card in ELEVATOR_UP.rule_sheet(NO_7_OR_JACK).key}
    assert key == {"A": "Penthouse", "10": "New Building", "2": "Lobby", "7": "Floor", "J": "Floor"}


def test_the_sheet_lists_exactly_the_floors_its_table_plays() -> None:
    for rules in declared.default_variants(ELEVATOR_UP.settings, 8):
        cards = ELEVATOR_UP.rule_sheet(rules).sections[0].text
        assert f"Floors from the ground up: {', '.join(rules.floors())} (the Penthouse)." in cards


def test_a_sheet_names_only_the_special_cards_its_table_plays() -> None:
    every = ELEVATOR_UP.rule_sheet(ALL_SPECIAL).text
    assert "The 10, 2, 7 and Jack are special cards" in every and "Door Closed" in every and "Stuck" in every
    plain = ELEVATOR_UP.rule_sheet(NO_7_OR_JACK).text
    assert "The 10 and 2 are special cards" in plain
    assert "Stuck" not in plain and "Door Closed" not in plain and "whoever laid the fourth" not in plain
    for rules in declared.default_variants(ELEVATOR_UP.settings, 8):
        assert tuple(s.heading for s in ELEVATOR_UP.rule_sheet(rules).sections) == HEADINGS


def test_the_summary_names_each_setting_in_a_few_words() -> None:
    assert str(declared.summary(ELEVATOR_UP.settings,
                                ALL_SPECIAL)) == "7 Stuck; Jack Door Closed; four of a floor clear the pile"
    assert str(declared.summary(ELEVATOR_UP.settings,
                                NO_7_OR_JACK)) == "7 a floor; Jack a floor; only a 10 clears the pile"


def test_the_first_out_wins_and_an_unfinished_game_goes_to_the_fewest_cards_or_nobody() -> None:
    assert ELEVATOR_UP.game_winners(ALL_SPECIAL, Report(frozenset({"Dan"}))) == {"Dan"}
    tie = Report(scores={"Dan": 3, "Cleo": 3, "Ana": 8})
    ELEVATOR_UP.check_report(ALL_SPECIAL, tie, SEATED)
    assert ELEVATOR_UP.game_winners(ALL_SPECIAL, tie) == {"Cleo"}
    assert ELEVATOR_UP.game_winners(ALL_SPECIAL, Report()) == frozenset()
    with pytest.raises(RuleError, match="make Cleo the winner, but Dan is marked"):
        ELEVATOR_UP.game_winners(ALL_SPECIAL, Report(frozenset({"Dan"}), tie.scores))
    assert ELEVATOR_UP.consistent(ALL_SPECIAL, Report(frozenset({"Dan"}), tie.scores)) is None
    with pytest.raises(RuleError, match="only one player can go out first"):
        ELEVATOR_UP.check_report(ALL_SPECIAL, Report(frozenset({"Ana", "Ben"})), SEATED)


@pytest.mark.parametrize(("table", "minutes", "rows"), [(3, 7, 2), (4, 7, 1), (6, 7, 1), (4, 15, 2), (3, 120, 19)])
def test_a_round_opens_with_the_games_it_usually_holds_at_six_to_twelve_minutes_a_game(
        table: int, minutes: int, rows: int) -> None:
    assert ELEVATOR_UP.usual_games(table, minutes) == rows


def test_the_guide_says_face_down_cards_count_and_an_unfinished_game_needs_the_counts() -> None:
    (paragraph,) = ELEVATOR_UP.guide_paragraphs()
    assert str(paragraph.heading) == "Game winner"
    assert "face-down ones included" in str(paragraph.text) and "nobody wins it" in str(paragraph.text)


def test_the_rules_page_form_reads_and_shows_every_setting(app: Any) -> None:
    with app.test_request_context():
        form = declared.form(ELEVATOR_UP.settings, MultiDict(
            {"stuck_card": "no", "door_closed_card": "no", "four_of_a_kind_clears": "no"}), None)
        assert form.validate() and declared.from_form(ELEVATOR_UP.settings, form) == NO_7_OR_JACK
        assert not declared.form(ELEVATOR_UP.settings, MultiDict(
            {"stuck_card": "no", "door_closed_card": "x", "four_of_a_kind_clears": "no"}), None).validate()
        assert declared.from_form(ELEVATOR_UP.settings, declared.form(ELEVATOR_UP.settings, None, None)) == ALL_SPECIAL
        fields = app.jinja_env.get_template("_variant_fields.html").render(
            form=declared.form(ELEVATOR_UP.settings, None, NO_7_OR_JACK))
    for name in SETTINGS:
        assert f'name="{name}"' in fields
    assert '<option selected value="no">' in fields

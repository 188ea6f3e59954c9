"""Elevator is a complete ``Game``: protocol (at run time and under strict mypy), its three
table settings and their JSON, the default cycle, results through the shared shedding rule with
this table's deck, the round's usual games, the guide and the rules page's form."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest
from werkzeug.datastructures import MultiDict

from tests.games.strict_types import StrictReport, one_strict_run
from tournament.core.errors import RuleError
from tournament.games import CardGame, Report, get
from tournament.games import settings as declared
from tournament.games.elevator import ELEVATOR, Elevator, ElevatorVariant
from tournament.games.elevator.sheets import HEADINGS
from tournament.games.elevator_up import ELEVATOR_UP, ElevatorUp, ElevatorUpVariant

ROOT = Path(__file__).resolve().parents[3]
SEATED = ("Ana", "Ben", "Cleo")
SEED_RULES = ElevatorVariant(jokers=True, stuck_penalty="players", must_play_after_pass=True)


def as_game(game: Elevator) -> CardGame[ElevatorVariant]:
    """Static half of the protocol check: mypy refuses this if Elevator drifts from Game."""
    return game


def as_up_game(game: ElevatorUp) -> CardGame[ElevatorUpVariant]:
    return game


def test_both_shedding_games_satisfy_the_game_protocol_and_are_built_in() -> None:
    assert isinstance(ELEVATOR, CardGame) and as_game(ELEVATOR) is get("elevator")
    assert isinstance(ELEVATOR_UP, CardGame) and as_up_game(ELEVATOR_UP) is get("elevator-up")
    for game in (ELEVATOR, ELEVATOR_UP):
        assert game.scorer is None and game.score is not None and game.template_folder is not None
        assert (game.table_sizes.smallest, game.table_sizes.preferred, game.table_sizes.largest) == (3, 4, 6)
        for name in ("rule_sheet.html",):
            assert (game.template_folder / name).is_file()
    assert (ELEVATOR.title, ELEVATOR_UP.title) == ("Elevator", "Elevator UP")


@one_strict_run
def test_both_shedding_games_pass_strict_type_checking_against_the_protocol(strict_mypy: StrictReport) -> None:
    games = ROOT / "tournament" / "games"
    mine = (games / "elevator", games / "elevator_up", games / "shedding.py", Path(__file__))
    assert strict_mypy.findings_in(*mine) == []


def test_the_cards_left_run_to_the_54_cards_of_a_deck_with_jokers() -> None:
    score = ELEVATOR.score
    assert score is not None and (score.column, score.maximum, score.total_at_most) == ("cards_left", 54, 54)
    assert score.decides and not score.overrules_ticked


def test_every_setting_combination_round_trips_through_json() -> None:
    for jokers, stuck, must in itertools.product((True, False), ("players", "one"), (True, False)):
        rules = ElevatorVariant(jokers, stuck, must)  # type: ignore[arg-type]
        stored = declared.to_json(ELEVATOR.settings, rules)
        assert stored == {"jokers": jokers, "stuck_penalty": stuck, "must_play_after_pass": must}
        assert declared.from_json(ELEVATOR.settings, stored) == rules


@pytest.mark.parametrize("bad", [
    None, [], "jokers", {"jokers": True},
    {"jokers": True, "stuck_penalty": "players", "must_play_after_pass": True, "extra": 1},
    {"jokers": 1, "stuck_penalty": "players", "must_play_after_pass": True},
    {"jokers": True, "stuck_penalty": "two", "must_play_after_pass": True},
    {"jokers": True, "stuck_penalty": "players", "must_play_after_pass": "yes"},
])
def test_stored_rules_that_are_not_elevator_settings_are_refused(bad: object) -> None:
    with pytest.raises(RuleError):
        declared.from_json(ELEVATOR.settings, bad)


def test_default_rules_start_with_the_usual_game_and_neighbouring_tables_differ_in_two_settings() -> None:
    twenty = declared.default_variants(ELEVATOR.settings, 20)
    assert twenty[0] == SEED_RULES and len(set(twenty)) == 8
    for tables in range(21):
        assert declared.default_variants(ELEVATOR.settings, tables) == twenty[:tables]
    for one, two in itertools.pairwise(twenty):
        differing = [name for name in ("jokers", "stuck_penalty", "must_play_after_pass")
                     if getattr(one, name) != getattr(two, name)]
        assert len(differing) >= 2, (one, two)
    with pytest.raises(RuleError):
        declared.default_variants(ELEVATOR.settings, -1)


def test_the_summary_names_each_setting_in_a_few_words() -> None:
    assert str(declared.summary(ELEVATOR.settings,
                                SEED_RULES)) == "Two jokers; stuck: draw one per player; must play after a pass"
    assert str(declared.summary(ELEVATOR.settings, ElevatorVariant(False, "one", False))) == \
        "No jokers; stuck: draw one card; may always pass"


def test_a_table_without_jokers_cannot_report_more_cards_than_its_52_less_the_discard_pile() -> None:
    counts = Report(scores={"Ana": 0, "Ben": 26, "Cleo": 26})
    ELEVATOR.check_report(SEED_RULES, counts, SEATED)
    with pytest.raises(RuleError, match="more than the hands can hold: 52 cards"):
        ELEVATOR.check_report(ElevatorVariant(jokers=False), counts, SEATED)


def test_the_first_out_wins_and_an_unfinished_game_goes_to_the_fewest_cards_or_nobody() -> None:
    assert ELEVATOR.winner_choices(SEED_RULES, SEATED) == tuple(frozenset({p}) for p in SEATED)
    assert ELEVATOR.game_winners(SEED_RULES, Report(frozenset({"Cleo"}))) == {"Cleo"}
    assert ELEVATOR.game_winners(SEED_RULES, Report(scores={"Ana": 4, "Ben": 2, "Cleo": 2})) == {"Ben"}
    assert ELEVATOR.game_winners(SEED_RULES, Report()) == frozenset()
    with pytest.raises(RuleError, match="make Ben the winner, but Ana is marked"):
        ELEVATOR.game_winners(SEED_RULES, Report(frozenset({"Ana"}), {"Ana": 4, "Ben": 2}))
    assert ELEVATOR.consistent(SEED_RULES, Report(frozenset({"Ana"}), {"Ana": 4, "Ben": 2})) is not None
    assert ELEVATOR.consistent(SEED_RULES, Report(frozenset({"Cleo"}), {"Ben": 2, "Cleo": 2})) is None


@pytest.mark.parametrize(("table", "minutes", "rows"), [(3, 7, 2), (4, 7, 1), (6, 7, 1), (4, 15, 3), (3, 120, 22)])
def test_a_round_opens_with_the_games_it_usually_holds_at_five_to_ten_minutes_a_game(
        table: int, minutes: int, rows: int) -> None:
    assert ELEVATOR.usual_games(table, minutes) == rows


def test_the_guide_says_who_wins_a_game_and_an_unfinished_one() -> None:
    (paragraph,) = ELEVATOR.guide_paragraphs()
    text = str(paragraph.text)
    assert str(paragraph.heading) == "Game winner"
    assert "first player to get rid of all their cards" in text
    assert "fewest cards" in text and "nobody wins it" in text


def test_the_sheet_keeps_its_headings_whatever_the_settings() -> None:
    for rules in declared.default_variants(ELEVATOR.settings, 8):
        sheet = ELEVATOR.rule_sheet(rules)
        assert tuple(s.heading for s in sheet.sections) == HEADINGS
        assert "7 cards each" in sheet.text and ("2 jokers" in sheet.text) == rules.jokers
    with pytest.raises(RuleError):
        ELEVATOR.rule_sheet(ElevatorUpVariant())  # type: ignore[arg-type]


def test_the_rules_page_form_reads_and_shows_every_setting(app: Any) -> None:
    wanted = ElevatorVariant(jokers=False, stuck_penalty="one", must_play_after_pass=False)
    with app.test_request_context():
        form = declared.form(ELEVATOR.settings, MultiDict(
            {"jokers": "no", "stuck_penalty": "one", "must_play_after_pass": "no"}), None)
        assert form.validate() and declared.from_form(ELEVATOR.settings, form) == wanted
        assert not declared.form(ELEVATOR.settings, MultiDict(
            {"jokers": "maybe", "stuck_penalty": "one", "must_play_after_pass": "no"}), None).validate()
        assert declared.from_form(ELEVATOR.settings, declared.form(ELEVATOR.settings, None, None)) == SEED_RULES
        fields = app.jinja_env.get_template("_variant_fields.html").render(
            form=declared.form(ELEVATOR.settings, None, wanted))
    for name in ("jokers", "stuck_penalty", "must_play_after_pass"):
        assert f'name="{name}"' in fields
    assert '<option selected value="one">' in fields


PROBE = """
import json, sys, types
parent = types.ModuleType("tournament")
parent.__path__ = [sys.argv[1]]
sys.modules["tournament"] = parent
from tournament.games import Report, get
from tournament.games import settings as declared
for key in ("elevator", "elevator-up"):
    game = get(key)
    variant = declared.from_json(game.settings, declared.to_json(game.settings,
                                                                 declared.default_variants(game.settings, 2)[1]))
    declared.summary(game.settings, variant)
    game.rule_sheet(variant)
    game.check_report(variant, Report(scores={"Ana": 2, "Ben": 1}), ["Ana", "Ben"])
    game.game_winners(variant, Report(scores={"Ana": 2, "Ben": 1}))
    game.usual_games(4, 7)
print(json.dumps(sorted(sys.modules)))
"""


def test_both_shedding_games_load_no_web_or_database_library_until_a_form_is_asked_for() -> None:
    import json
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "-c", PROBE, str(ROOT / "tournament")],
                            capture_output=True, text=True, check=True)
    forbidden = ("flask", "werkzeug", "sqlalchemy", "wtforms", "alembic", "jinja2")
    assert [name for name in json.loads(result.stdout) if name.split(".")[0].startswith(forbidden)] == []

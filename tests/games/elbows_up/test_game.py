"""Elbows Up! as a ``Game``: the protocol, its table settings, how a reported game is judged,
and its web forms."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from werkzeug.datastructures import MultiDict

from tests.games.strict_types import StrictReport, one_strict_run
from tournament.core.errors import RuleError
from tournament.games import CardGame, Report, get
from tournament.games import settings as declared
from tournament.games.elbows_up import ELBOWS_UP, POINTS, ElbowsUp, ElbowsUpVariant
from tournament.games.elbows_up.scorer import DEALS_SCORER

ROOT = Path(__file__).resolve().parents[3]
RULES = ElbowsUpVariant()
SEATED = ("Ann", "Bea", "Cy")


def as_game(game: ElbowsUp) -> CardGame[ElbowsUpVariant]:
    """Static half of the protocol check: mypy refuses this if ElbowsUp drifts from Game."""
    return game


def test_elbows_up_is_a_registered_game_of_three_to_six_players_scored_in_points() -> None:
    assert isinstance(ELBOWS_UP, CardGame) and as_game(ELBOWS_UP) is get("elbows-up")
    assert ELBOWS_UP.title == "Elbows Up!"
    sizes = ELBOWS_UP.table_sizes
    assert (sizes.smallest, sizes.largest) == (3, 6)
    assert (str(POINTS.label), POINTS.column, POINTS.minimum, POINTS.maximum) == ("Points", "points", 0, 350)
    assert POINTS.total_at_most is None and POINTS.decides and POINTS.overrules_ticked
    assert ELBOWS_UP.template_folder is not None
    for name in ("rule_sheet.html", "entry_fields.html"):
        assert (ELBOWS_UP.template_folder / name).is_file()


@one_strict_run
def test_the_package_passes_strict_type_checking_against_the_protocol(strict_mypy: StrictReport) -> None:
    assert strict_mypy.findings_in(ROOT / "tournament" / "games" / "elbows_up", Path(__file__)) == []


def test_a_game_s_part_is_a_deal_never_a_round_on_every_text_a_player_reads() -> None:
    texts = [str(text) for text in (ELBOWS_UP.entry_hint, ELBOWS_UP.slip_hint,
                                    *(p.text for p in ELBOWS_UP.guide_paragraphs()))]
    texts += [ELBOWS_UP.rule_sheet(rules).text for rules in declared.default_variants(ELBOWS_UP.settings, 4)]
    for text in texts:
        assert "deal" in text
        assert not re.search(r"\b(\d+|ten) rounds?\b|\bround \d", text, re.I)


def test_default_tables_cycle_through_every_setting_and_neighbours_differ() -> None:
    eight = declared.default_variants(ELBOWS_UP.settings, 8)
    assert eight[:3] == declared.default_variants(ELBOWS_UP.settings,
                                                  3) and declared.default_variants(ELBOWS_UP.settings, 0) == ()
    assert eight[0] == ElbowsUpVariant(tea_cards=True, joker_may_lead=True)  # table 1 plays the box's rules
    assert len(set(eight)) == 4
    assert all(a != b for a, b in pairwise(eight))
    for rules in eight:
        assert declared.from_json(ELBOWS_UP.settings, declared.to_json(ELBOWS_UP.settings, rules)) == rules


@pytest.mark.parametrize("stored", [
    None, [], {"tea_cards": True}, {"tea_cards": "yes", "joker_may_lead": True},
    {"tea_cards": True, "joker_may_lead": 1}, {"tea_cards": True, "joker_may_lead": True, "x": 1},
])
def test_stored_table_rules_that_are_not_exactly_the_two_settings_are_refused(stored: object) -> None:
    with pytest.raises(RuleError):
        declared.from_json(ELBOWS_UP.settings, stored)


def test_the_summary_names_both_settings_in_one_line() -> None:
    assert str(declared.summary(ELBOWS_UP.settings, ElbowsUpVariant(True,
                                                                    True))) == "Tea cards in play; the Joker may lead"
    assert str(declared.summary(ELBOWS_UP.settings, ElbowsUpVariant(False,
                                                                    False))) == "No Tea cards; the Joker may not lead"


def test_the_most_points_win_and_a_tie_goes_to_the_alphabetically_first_name() -> None:
    assert ELBOWS_UP.game_winners(RULES, Report(scores={"Cy": 80, "Ann": 41, "Bea": 79})) == {"Cy"}
    assert ELBOWS_UP.game_winners(RULES, Report(scores={"Cy": 80, "Bea": 80, "Ann": 2})) == {"Bea"}


def test_an_unfinished_game_goes_to_the_most_points_so_far() -> None:
    after_three_deals = Report(scores={"Ann": 24, "Bea": 31, "Cy": 0})
    assert ELBOWS_UP.game_winners(RULES, after_three_deals) == {"Bea"}


def test_ticked_winners_stand_alone_and_must_agree_with_the_points() -> None:
    assert ELBOWS_UP.game_winners(RULES, Report(winners=frozenset({"Cy"}))) == {"Cy"}
    assert ELBOWS_UP.game_winners(RULES, Report()) == frozenset()
    assert ELBOWS_UP.game_winners(RULES, Report(scores={"Ann": 0, "Cy": 0})) == frozenset()
    with pytest.raises(RuleError, match="the points make Bea the winner, but Ann is marked"):
        ELBOWS_UP.game_winners(RULES, Report(winners=frozenset({"Ann"}), scores={"Ann": 9, "Bea": 30}))


@pytest.mark.parametrize(("report", "message"), [
    (Report(winners=frozenset({"Ann", "Bea"})), "only one winner"),
    (Report(winners=frozenset({"Eve"})), "seated at this table"),
    (Report(scores={"Eve": 3}), "not seated"),
    (Report(scores={"Ann": 351}), "points run from 0 to 350"),
    (Report(scores={"Ann": -1}), "points run from 0 to 350"),
    (Report(scores={"Ann": True}), "whole numbers"),
])
def test_a_report_a_table_could_not_have_made_is_refused(report: Report, message: str) -> None:
    with pytest.raises(RuleError, match=message):
        ELBOWS_UP.check_report(RULES, report, SEATED)


def test_every_single_player_may_be_ticked_and_nobody_else() -> None:
    assert ELBOWS_UP.winner_choices(RULES, SEATED) == tuple(frozenset({p}) for p in SEATED)


def test_a_stored_winner_with_fewer_points_is_inconsistent_but_a_tie_may_name_either() -> None:
    stored = Report(winners=frozenset({"Ann"}), scores={"Ann": 20, "Bea": 31})
    assert str(ELBOWS_UP.consistent(RULES, stored)) == "the winner 'Ann' has fewer points than Bea"
    assert ELBOWS_UP.consistent(RULES, Report(winners=frozenset({"Cy"}), scores={"Bea": 31, "Cy": 31})) is None


def test_a_classroom_round_opens_with_one_game_row() -> None:
    assert [ELBOWS_UP.usual_games(size, 7) for size in (3, 4, 5, 6)] == [1, 1, 1, 1]
    assert ELBOWS_UP.usual_games(4, 1) == 1 and ELBOWS_UP.usual_games(4, 45) == 1
    assert ELBOWS_UP.usual_games(4, 120) == 2


def test_the_guide_says_who_wins_an_unfinished_or_tied_game_and_that_the_phone_adds_up() -> None:
    headings = [str(p.heading) for p in ELBOWS_UP.guide_paragraphs()]
    text = " ".join(str(p.text) for p in ELBOWS_UP.guide_paragraphs())
    assert headings[0] == "Game winner"
    assert "most points after the 10th deal" in text and "most points so far" in text
    assert "alphabetical order" in text and "phone adds up the points" in text


@pytest.mark.parametrize(("tea", "joker", "rules"), [
    ("in", "any", ElbowsUpVariant(True, True)), ("out", "follow", ElbowsUpVariant(False, False)),
    ("in", "follow", ElbowsUpVariant(True, False)), ("out", "any", ElbowsUpVariant(False, True)),
])
def test_the_rules_page_form_reads_back_every_setting(app: Any, tea: str, joker: str, rules: ElbowsUpVariant) -> None:
    with app.test_request_context():
        form = declared.form(ELBOWS_UP.settings, MultiDict({"tea_cards": tea, "joker_may_lead": joker}), None)
        assert form.validate() and declared.from_form(ELBOWS_UP.settings, form) == rules
        again = declared.form(ELBOWS_UP.settings, None, rules)
        assert (again.tea_cards.data, again.joker_may_lead.data) == (tea, joker)


PLAYERS = {"5": "Ann", "9": "<b>Bea</b>", "2": "Cy"}


def _deal_data(tea: bool, **override: str) -> MultiDict[str, str]:
    data = {}
    for seat, (bid, tricks) in enumerate([(4, 4), (0, 0), (2, 5)]):
        data[f"p{seat}_bid"], data[f"p{seat}_tricks"] = str(bid), str(tricks)
        if tea:
            data[f"p{seat}_tea"] = "4+5" if seat == 0 else ""
    data.update(override)
    return MultiDict(data)


def test_a_deal_entered_on_the_form_becomes_the_entry_the_scorer_adds_up(app: Any) -> None:
    with app.test_request_context():
        form = DEALS_SCORER.entry_form(_deal_data(tea=True), RULES, PLAYERS, [])
        assert form.validate(), form.errors
        entry = DEALS_SCORER.entry_from_form(form, PLAYERS)
    assert entry == {"5": {"bid": 4, "tricks": 4, "tea": "4+5"}, "9": {"bid": 0, "tricks": 0, "tea": None},
                     "2": {"bid": 2, "tricks": 5, "tea": None}}
    DEALS_SCORER.check_entry(RULES, PLAYERS, [], entry)
    assert DEALS_SCORER.tally(RULES, PLAYERS, [entry]).totals == (19, 10, 5)


def test_a_bid_nobody_chose_is_refused_on_the_form_not_read_as_zero(app: Any) -> None:
    with app.test_request_context():
        form = DEALS_SCORER.entry_form(_deal_data(tea=True, p2_bid=""), RULES, PLAYERS, [])
        assert not form.validate()
        assert form.errors == {"p2_bid": ["Choose Cy's bid."]}


def test_a_table_without_tea_cards_has_no_tea_select(app: Any) -> None:
    no_tea = ElbowsUpVariant(tea_cards=False, joker_may_lead=True)
    with app.test_request_context():
        form = DEALS_SCORER.entry_form(_deal_data(tea=False), no_tea, PLAYERS, [])
        assert form.validate() and all(row.tea is None for row in form.rows)
        assert all(v["tea"] is None for v in DEALS_SCORER.entry_from_form(form, PLAYERS).values())
        refused = DEALS_SCORER.entry_form(_deal_data(tea=False, p0_tea="4+5"), no_tea, PLAYERS, [])
        assert refused.validate() and "p0_tea" not in refused.data  # a posted Tea card is not read


def test_the_entry_partial_draws_a_row_per_player_with_names_escaped(app: Any) -> None:
    from flask import render_template_string

    with app.test_request_context():
        form = DEALS_SCORER.entry_form(None, RULES, PLAYERS, [])
        html = render_template_string('{% include "games/elbows-up/entry_fields.html" %}', form=form, players=PLAYERS)
    assert html.count('<tr class="">') == 3 and "<b>Bea</b>" not in html and "&lt;b&gt;Bea&lt;/b&gt;" in html
    for seat in range(3):
        assert all(f'name="p{seat}_{what}"' in html for what in ("bid", "tricks", "tea"))
    assert 'aria-label="&lt;b&gt;Bea&lt;/b&gt;: bid"' in html


def test_a_refused_deal_comes_back_filled_in_with_the_message_beside_the_player(app: Any) -> None:
    from flask import render_template_string

    with app.test_request_context():
        form = DEALS_SCORER.entry_form(_deal_data(tea=True, p2_bid=""), RULES, PLAYERS, [])
        assert not form.validate()
        html = render_template_string('{% include "games/elbows-up/entry_fields.html" %}', form=form, players=PLAYERS)
    assert html.count('class="has-error"') == 1 and "Choose Cy&#39;s bid." in html
    assert '<option selected value="5">5</option>' in html  # Cy's tricks are kept

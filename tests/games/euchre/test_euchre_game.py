"""Euchre as a ``Game``: the protocol (at run time and under strict mypy), its table settings,
the reports a table may make, and what the tournament's pages get from it."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest
from werkzeug.datastructures import MultiDict

from tests.games.strict_types import StrictReport, one_strict_run
from tournament.core.errors import RuleError
from tournament.games import CardGame, Report, all_games, get
from tournament.games import settings as declared
from tournament.games.euchre import EUCHRE, Euchre, EuchreVariant
from tournament.services.markers import marker

ROOT = Path(__file__).resolve().parents[3]
PLAIN, BOTH = EuchreVariant(), EuchreVariant(no_trump=True, stick_the_dealer=True)
SEATED = ("Ann", "Bo", "Cy", "Dee")  # seat order: Ann and Cy sit opposite, Bo and Dee too


def as_game(game: Euchre) -> CardGame[EuchreVariant]:
    """Static half of the protocol check: mypy refuses this if Euchre drifts from Game."""
    return game


def team(*names: str) -> frozenset[str]:
    return frozenset(names)


def test_euchre_satisfies_the_game_protocol_and_is_registered_under_its_key() -> None:
    assert isinstance(EUCHRE, CardGame) and as_game(EUCHRE) is EUCHRE
    assert get("euchre") is EUCHRE and EUCHRE in all_games() and all_games()[0].key == "five-tricks"
    assert EUCHRE.score is None and EUCHRE.title == "Euchre"
    assert (EUCHRE.table_sizes.smallest, EUCHRE.table_sizes.preferred, EUCHRE.table_sizes.largest) == (4, 4, 4)
    assert EUCHRE.template_folder is not None
    for name in ("rule_sheet.html", "entry_fields.html"):
        assert (EUCHRE.template_folder / name).is_file()


@one_strict_run
def test_the_euchre_package_passes_strict_type_checking_against_the_protocol(strict_mypy: StrictReport) -> None:
    assert strict_mypy.findings_in(ROOT / "tournament" / "games" / "euchre", Path(__file__)) == []


def test_default_variants_cycle_through_every_setting_and_neighbouring_tables_differ() -> None:
    variants = declared.default_variants(EUCHRE.settings, 9)
    assert variants[:5] == declared.default_variants(EUCHRE.settings,
                                                     5) and declared.default_variants(EUCHRE.settings, 0) == ()
    assert variants[0] == PLAIN
    assert set(variants[:4]) == {EuchreVariant(a, b) for a, b in itertools.product((False, True), repeat=2)}
    assert all(left != right for left, right in itertools.pairwise(variants))
    with pytest.raises(RuleError):
        declared.default_variants(EUCHRE.settings, -1)


def test_every_default_variant_round_trips_through_json() -> None:
    for variant in declared.default_variants(EUCHRE.settings, 4):
        stored = declared.to_json(EUCHRE.settings, variant)
        assert all(isinstance(value, bool) for value in stored.values())
        assert declared.from_json(EUCHRE.settings, stored) == variant


@pytest.mark.parametrize("bad", [
    None, [], "plain", {"no_trump": True}, {"no_trump": True, "stick_the_dealer": False, "x": 1},
    {"no_trump": "yes", "stick_the_dealer": False}, {"no_trump": 1, "stick_the_dealer": 0},
])
def test_a_stored_variant_that_is_not_two_true_or_false_settings_is_refused(bad: object) -> None:
    with pytest.raises(RuleError):
        declared.from_json(EUCHRE.settings, bad)


def test_the_summary_names_both_settings_in_one_line() -> None:
    assert str(declared.summary(EUCHRE.settings, PLAIN)) == "Suits only; misdeal if all pass twice"
    assert str(declared.summary(EUCHRE.settings, BOTH)) == "“No trump” may be called; stick the dealer"


def test_the_winner_choices_are_the_table_s_pairs_partners_sitting_opposite_first() -> None:
    assert EUCHRE.winner_choices(PLAIN, SEATED) == (
        team("Ann", "Cy"), team("Bo", "Dee"), team("Ann", "Bo"), team("Ann", "Dee"), team("Bo", "Cy"),
        team("Cy", "Dee"))


@pytest.mark.parametrize(("report", "seated", "message"), [
    (Report(team("Ann", "Cy")), SEATED[:3], r"^Euchre is played by four: this table has 3 players\.$"),
    (Report(team("Ann", "Cy")), (*SEATED, "Eve"), r"^Euchre is played by four: this table has 5 players\.$"),
    (Report(team("Ann", "Bo", "Cy")), SEATED, r"^only one team can win a game, not Ann, Bo, Cy\.$"),
    (Report(team(*SEATED)), SEATED, "only one team can win a game"),
    (Report(team("Ann")), SEATED, r"^a game is won by a team of two, not by Ann alone\.$"),
    (Report(team("Ann", "Eve")), SEATED, "seated at this table"),
    (Report(team("Ann", "Cy"), {"Ann": 3}), SEATED, "winning team only"),
    (Report(frozenset(), {"Ann": 3}), SEATED, "winning team only"),
])
def test_a_report_a_table_of_euchre_could_not_make_is_refused(
        report: Report, seated: tuple[str, ...], message: str) -> None:
    with pytest.raises(RuleError, match=message):
        EUCHRE.check_report(PLAIN, report, seated)


def test_both_partners_of_the_winning_team_win_the_game() -> None:
    for pair in EUCHRE.winner_choices(PLAIN, SEATED):
        EUCHRE.check_report(PLAIN, Report(pair), SEATED)
        assert EUCHRE.game_winners(PLAIN, Report(pair)) == pair


def test_a_level_or_unplayed_game_has_no_winner_at_any_table() -> None:
    for seated in (SEATED, SEATED[:3]):
        EUCHRE.check_report(PLAIN, Report(), seated)  # a cleared row is always possible
    assert EUCHRE.game_winners(PLAIN, Report()) == frozenset()


def test_a_stored_team_result_is_always_consistent_without_scores() -> None:
    assert EUCHRE.consistent(PLAIN, Report(team("Ann", "Cy"))) is None
    assert EUCHRE.consistent(PLAIN, Report()) is None


@pytest.mark.parametrize(("minutes", "rows"), [(5, 1), (7, 1), (20, 1), (25, 1), (26, 2), (50, 2), (60, 3)])
def test_a_round_opens_with_one_game_row_per_25_minutes(minutes: int, rows: int) -> None:
    assert EUCHRE.usual_games(4, minutes) == rows


def test_the_guide_says_who_wins_a_game_and_that_partners_sit_opposite() -> None:
    paragraphs = EUCHRE.guide_paragraphs()
    assert [str(p.heading) for p in paragraphs] == ["Game winner", "Partners"]
    winner, partners = (str(p.text) for p in paragraphs)
    assert "first team to 10 points" in winner and "both partners" in winner
    assert "team ahead" in winner and "nobody wins it" in winner
    assert "opposite" in partners and "together" in partners


def test_the_hints_say_how_a_team_wins_and_use_round_only_for_the_tournament_s_round() -> None:
    for hint in (str(EUCHRE.entry_hint), str(EUCHRE.slip_hint)):
        assert "first team to 10 points" in hint and "team ahead on points" in hint
        assert hint.count("round") == hint.count("round ends") == 1


def test_the_variant_form_reads_back_the_variant_it_shows(app: Any) -> None:
    from flask import render_template

    app.config["WTF_CSRF_ENABLED"] = False
    with app.test_request_context():
        for variant in declared.default_variants(EUCHRE.settings, 4):
            data = {name: "y" for name, on in declared.to_json(EUCHRE.settings, variant).items() if on}
            form = declared.form(EUCHRE.settings, MultiDict(data), None)
            assert form.validate() and declared.from_form(EUCHRE.settings, form) == variant
        shown = declared.form(EUCHRE.settings, None, BOTH)
        assert shown.no_trump.data is True and shown.stick_the_dealer.data is True
        fields = render_template("_variant_fields.html", form=shown)
    assert 'name="no_trump"' in fields and 'name="stick_the_dealer"' in fields and "checked" in fields


def test_the_rule_sheet_template_draws_the_sheet_with_its_marker_strip(app: Any) -> None:
    from flask import render_template

    with app.test_request_context():
        html = render_template(EUCHRE.rule_sheet_template, sheet=EUCHRE.rule_sheet(BOTH), marker=marker(3),
                               house_rule=None)
    assert html.count('<article class="page rule-sheet') == 1 and 'class="marker"' in html
    assert "Euchre" in html and "no-trump hand" in html and "takes the trick" in html

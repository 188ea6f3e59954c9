"""The test-only game "highest card wins" is a complete ``Game``: it passes the protocol (at run
time and under strict mypy), answers every question the tournament asks, and is found by the
registry only while registered. `pending_highest_card_event.py` runs a whole event with it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from jinja2 import ChoiceLoader, Environment, FileSystemLoader, PrefixLoader
from werkzeug.datastructures import MultiDict

from tests.games.highest_card import CARD, HIGHEST_CARD, HighestCard, Variant
from tests.games.strict_types import StrictReport, one_strict_run
from tournament.core.errors import RuleError
from tournament.games import CardGame, Report, all_games, get, register
from tournament.games import settings as declared

ROOT = Path(__file__).resolve().parents[2]
HIGH_SHARE, LOW_FIRST = Variant("high", "share"), Variant("low", "alphabetical")
SEATED = ("Ana", "Ben", "Zoë")


def as_game(game: HighestCard) -> CardGame[Variant]:
    """Static half of the protocol check: mypy refuses this if HighestCard drifts from Game."""
    return game


def test_the_highest_card_game_satisfies_the_game_protocol() -> None:
    assert isinstance(HIGHEST_CARD, CardGame) and as_game(HIGHEST_CARD) is HIGHEST_CARD
    assert HIGHEST_CARD.score is CARD and HIGHEST_CARD.template_folder is not None
    for name in ("rule_sheet.html",):
        assert (HIGHEST_CARD.template_folder / name).is_file()


@one_strict_run
def test_the_test_game_passes_strict_type_checking_against_the_protocol(strict_mypy: StrictReport) -> None:
    assert strict_mypy.findings_in(ROOT / "tests" / "games" / "highest_card", Path(__file__)) == []


def test_a_registered_test_game_is_found_by_key_and_gone_after_the_test(highest_card: HighestCard) -> None:
    assert get("highest-card") is highest_card and highest_card in all_games()
    assert all_games()[0].key == "five-tricks"  # the default stays first
    with pytest.raises(RuleError, match="already registered"):
        register(HighestCard())


def test_without_the_fixture_the_test_game_is_unknown() -> None:
    with pytest.raises(RuleError, match="does not know the game 'highest-card'"):
        get("highest-card")


def test_variants_round_trip_through_json_and_bad_json_is_refused() -> None:
    variants = declared.default_variants(HIGHEST_CARD.settings, 6)
    assert variants[:4] == declared.default_variants(HIGHEST_CARD.settings, 4) and len(set(variants)) == 4
    for variant in variants:
        assert declared.from_json(HIGHEST_CARD.settings, declared.to_json(HIGHEST_CARD.settings, variant)) == variant
    bad: object
    for bad in (None, [], {"ace": "high"}, {"ace": "middle", "ties": "share"}, {"ace": "high", "ties": "x", "y": 1}):
        with pytest.raises(RuleError):
            declared.from_json(HIGHEST_CARD.settings, bad)
    assert declared.summary(HIGHEST_CARD.settings, LOW_FIRST) == "Ace low; a tie goes to the first name"


def test_the_cards_decide_and_a_tie_on_the_best_card_shares_the_win_or_goes_to_the_first_name() -> None:
    tie = Report(scores={"Zoë": 12, "Ben": 12, "Ana": 3})
    assert HIGHEST_CARD.game_winners(HIGH_SHARE, tie) == {"Ben", "Zoë"}
    assert HIGHEST_CARD.game_winners(LOW_FIRST, tie) == {"Ben"}
    ace = Report(scores={"Ana": 1, "Ben": 13})
    assert HIGHEST_CARD.game_winners(HIGH_SHARE, ace) == {"Ana"}
    assert HIGHEST_CARD.game_winners(LOW_FIRST, ace) == {"Ben"}


def test_ticked_winners_stand_alone_and_must_agree_with_the_cards() -> None:
    assert HIGHEST_CARD.game_winners(HIGH_SHARE, Report(winners=frozenset({"Ana", "Zoë"}))) == {"Ana", "Zoë"}
    assert HIGHEST_CARD.game_winners(HIGH_SHARE, Report()) == frozenset()
    with pytest.raises(RuleError, match="the cards make Ben the winner, but Ana is marked"):
        HIGHEST_CARD.game_winners(HIGH_SHARE, Report(winners=frozenset({"Ana"}), scores={"Ana": 2, "Ben": 9}))


@pytest.mark.parametrize(("variant", "report", "message"), [
    (HIGH_SHARE, Report(winners=frozenset({"Eve"})), "seated at this table"),
    (LOW_FIRST, Report(winners=frozenset({"Ana", "Ben"})), "cannot win one game together"),
    (HIGH_SHARE, Report(scores={"Eve": 3}), "not seated"),
    (HIGH_SHARE, Report(scores={"Ana": 14}), re.escape(str(CARD.message))),
    (HIGH_SHARE, Report(scores={"Ana": 0}), re.escape(str(CARD.message))),
])
def test_a_report_a_table_could_not_have_made_is_refused(variant: Variant, report: Report, message: str) -> None:
    with pytest.raises(RuleError, match=message):
        HIGHEST_CARD.check_report(variant, report, SEATED)


def test_every_group_may_win_together_only_where_ties_are_shared() -> None:
    assert len(HIGHEST_CARD.winner_choices(HIGH_SHARE, SEATED)) == 7
    assert HIGHEST_CARD.winner_choices(LOW_FIRST, SEATED) == tuple(frozenset({p}) for p in SEATED)


def test_a_stored_winner_who_drew_a_lower_card_is_inconsistent() -> None:
    stored = Report(winners=frozenset({"Ana"}), scores={"Ana": 5, "Ben": 9})
    assert HIGHEST_CARD.consistent(HIGH_SHARE, stored) == "the winner 'Ana' did not draw the highest card"
    assert HIGHEST_CARD.consistent(HIGH_SHARE, Report(winners=frozenset({"Ben"}), scores={"Ana": 5, "Ben": 9})) is None


def test_the_game_s_own_templates_draw_its_rule_sheet_and_variant_fields(app: Any) -> None:
    assert HIGHEST_CARD.template_folder is not None
    loader = ChoiceLoader([PrefixLoader({"games": PrefixLoader({
        "highest-card": FileSystemLoader(HIGHEST_CARD.template_folder)})}),
                           app.jinja_loader])
    env = Environment(loader=loader, autoescape=True)
    env.filters.update(app.jinja_env.filters)  # the shared sheet macros translate their messages (``|t``)
    with app.test_request_context():
        sheet = env.get_template(HIGHEST_CARD.rule_sheet_template).render(sheet=HIGHEST_CARD.rule_sheet(LOW_FIRST))
    assert "Highest Card" in sheet and "The Ace is the lowest card." in sheet
    with app.test_request_context():
        form = declared.form(HIGHEST_CARD.settings, MultiDict({"ace": "low", "ties": "alphabetical"}), None)
        assert form.validate() and declared.from_form(HIGHEST_CARD.settings, form) == LOW_FIRST
        fields = env.get_template("_variant_fields.html").render(
            form=declared.form(HIGHEST_CARD.settings, None, HIGH_SHARE))
    assert 'name="ace"' in fields and 'name="ties"' in fields and "Everyone tied wins" in fields


def test_a_round_opens_with_the_games_a_round_usually_holds() -> None:
    assert HIGHEST_CARD.usual_games(3, 7) == 21 and HIGHEST_CARD.usual_games(3, 120) == 40
    assert [p.heading for p in HIGHEST_CARD.guide_paragraphs()] == ["Game winner"]

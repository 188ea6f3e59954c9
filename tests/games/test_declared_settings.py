"""Every game declares each setting once (``games.settings``): its stored JSON, the rules page's
form, the debrief's rows and new tables' rules all follow from the declaration."""

from __future__ import annotations

import json
from itertools import pairwise, product
from typing import Any

import pytest
from werkzeug.datastructures import MultiDict

from tournament.core.errors import RuleError
from tournament.core.i18n import T
from tournament.games import all_games, get
from tournament.games import settings as declared
from tournament.games.five_tricks.variants import FiveTricksVariant
from tournament.games.settings import Choice, DeclaredSetting, VariantSettings, yes_no

GAMES = [game.key for game in all_games()]


def _every_variant(key: str) -> list[Any]:
    """Every combination of a game's declared choices that its variant class accepts."""
    settings = get(key).settings
    found = []
    for values in product(*(setting.choices for setting in settings.declared)):
        try:
            found.append(settings.variant(**{s.key: c.value for s, c in zip(settings.declared, values, strict=True)}))
        except RuleError:
            continue
    return found


@pytest.mark.parametrize("key", GAMES)
def test_every_combination_of_a_game_s_settings_reads_back_from_its_json_and_from_its_form(app: Any, key: str) -> None:
    game = get(key)
    variants = _every_variant(key)
    assert len(variants) >= 4
    with app.test_request_context():
        for variant in variants:
            stored = declared.to_json(game.settings, variant)
            assert list(stored) == [setting.key for setting in game.settings.declared]
            assert declared.from_json(game.settings, json.loads(json.dumps(stored))) == variant
            shown = declared.form(game.settings, None, variant)
            # What a browser sends: a select's value, a ticked box's "y", an unticked box nothing.
            posted = MultiDict({f.name: "y" if f.type == "BooleanField" else f.data for f in shown
                                if f.type != "CSRFTokenField" and f.data is not False})
            form = declared.form(game.settings, posted, None)
            assert form.validate(), form.errors
            assert declared.from_form(game.settings, form) == variant
            assert [row.key for row in declared.compared(game.settings, variant)] == list(stored)


# Written by each game's own code before the settings were declared: stored events and files hold these.
STORED_BEFORE = {
    "five-tricks": ('{"ace": "low", "wins": "lowest", "trump": "hearts", "trump_any_time": false}',
                    '{"ace": "high", "wins": "highest", "trump": "diamonds", "trump_any_time": false}'),
    "euchre": ('{"no_trump": false, "stick_the_dealer": false}', '{"no_trump": true, "stick_the_dealer": true}'),
    "elbows-up": ('{"tea_cards": true, "joker_may_lead": true}', '{"tea_cards": false, "joker_may_lead": false}'),
    "elevator": ('{"jokers": true, "stuck_penalty": "players", "must_play_after_pass": true}',
                 '{"jokers": true, "stuck_penalty": "one", "must_play_after_pass": false}'),
    "elevator-up": ('{"stuck_card": true, "door_closed_card": true, "four_of_a_kind_clears": true}',
                    '{"stuck_card": true, "door_closed_card": false, "four_of_a_kind_clears": false}'),
}


@pytest.mark.parametrize("key", sorted(STORED_BEFORE))
def test_the_first_tables_rules_are_stored_byte_for_byte_as_before(key: str) -> None:
    game = get(key)
    first = declared.default_variants(game.settings, 2)
    assert tuple(json.dumps(declared.to_json(game.settings, v)) for v in first) == STORED_BEFORE[key]


@pytest.mark.parametrize("key", GAMES)
def test_neighbouring_new_tables_differ_in_at_least_as_many_settings_as_the_game_declares(key: str) -> None:
    game = get(key)
    stored = [declared.to_json(game.settings, variant) for variant in declared.default_variants(game.settings, 40)]
    for first, second in pairwise(stored):
        assert sum(first[name] != second[name] for name in first) >= game.settings.differ_by


def test_a_stored_value_no_choice_holds_is_refused_in_the_variant_s_own_words() -> None:
    elevator = get("elevator")
    stored = declared.to_json(elevator.settings, declared.default_variants(elevator.settings, 1)[0])
    with pytest.raises(RuleError, match="stuck_penalty must be 'players' or 'one'"):
        declared.from_json(elevator.settings, {**stored, "stuck_penalty": "all"})
    with pytest.raises(RuleError, match="jokers must be true or false"):
        declared.from_json(elevator.settings, {**stored, "jokers": 1})
    with pytest.raises(RuleError, match="must be stored as an object with the keys jokers, stuck_penalty"):
        declared.from_json(elevator.settings, {"jokers": True})


def test_a_trump_stored_in_another_spelling_still_reads_and_is_written_back_by_its_name() -> None:
    five_tricks = get("five-tricks")
    read = declared.from_json(five_tricks.settings, {"ace": "high", "wins": "lowest", "trump": "♥",
                                                     "trump_any_time": True})
    assert declared.to_json(five_tricks.settings, read)["trump"] == "hearts"


def test_a_setting_that_changes_nothing_at_a_table_compares_alike_whatever_it_holds() -> None:
    five_tricks = get("five-tricks")
    rows = [declared.compared(five_tricks.settings, FiveTricksVariant("high", "highest", None,
                                                                      flag))[3] for flag in (False, True)]
    assert rows[0] == rows[1] and rows[0].value == "—"


def _declaration(summary: Any = None, **setting: Any) -> VariantSettings[FiveTricksVariant]:
    return VariantSettings(FiveTricksVariant, (DeclaredSetting("ace", T("Ace"), **setting),),
                           summary=T("{ace}") if summary is None else summary,
                           cycle=(FiveTricksVariant("high", "highest", None),))


def test_a_declaration_the_app_could_not_show_is_refused_when_the_game_is_loaded() -> None:
    with pytest.raises(ValueError, match="a place for each setting"):
        _declaration(summary=T("{ace} and {wins}"), choices=(Choice("high", "high", "Ace high", T("Ace high")),))
    with pytest.raises(ValueError, match="distinct codes"):
        _declaration(choices=(Choice("high", "x", "Ace high", T("Ace high")),
                              Choice("low", "x", "Ace low", T("Ace low"))))
    with pytest.raises(ValueError, match="needs the form's wording"):
        _declaration(choices=(Choice("high", "high", "Ace high"),))
    with pytest.raises(ValueError, match="takes the values True and False"):
        _declaration(choices=(Choice("high", "high", "Ace high"),), check=True)
    assert _declaration(choices=yes_no("on", "off"), check=True).keys == ("ace",)

"""Euchre's scorer: entries checked, the tally worded, the form, and the game's result agreeing
with the tally."""

from __future__ import annotations

import pytest
from werkzeug.datastructures import MultiDict

from tournament.core.errors import RuleError
from tournament.games import Report, Scorer
from tournament.games.euchre import EUCHRE, EUCHRE_SCORER, EuchreVariant

PLAYERS = {"11": "Ann", "12": "Bo", "13": "Cy", "14": "Dee"}  # key -> name, seat order
PLAIN = EuchreVariant()


def entry(makers: str, tricks: int, alone: bool = False) -> dict:
    keys = {"a": "11", "b": "12", "c": "13", "d": "14"}
    return {"makers": [keys[m] for m in makers], "alone": alone, "tricks": tricks}


def sheet_of(*entries: dict) -> list[dict]:
    """The entries, each checked against the ones before it as the scorer page does."""
    sheet: list[dict] = []
    for item in entries:
        EUCHRE_SCORER.check_entry(PLAIN, PLAYERS, sheet, item)
        sheet.append(item)
    return sheet


def test_the_euchre_scorer_satisfies_the_scorer_protocol():
    assert isinstance(EUCHRE_SCORER, Scorer) and EUCHRE.scorer is EUCHRE_SCORER
    assert (EUCHRE_SCORER.entry_noun, EUCHRE_SCORER.entry_noun_plural) == ("hand", "hands")
    assert EUCHRE_SCORER.max_entries == 19


def test_the_tally_lists_each_hand_with_its_points_in_the_scoring_team_s_column():
    tally = EUCHRE_SCORER.tally(PLAIN, PLAYERS, sheet_of(entry("bd", 3), entry("ac", 5, alone=True), entry("bd", 2)))
    assert tally.columns == ("Ann & Cy", "Bo & Dee")
    assert [(str(line.label), line.cells) for line in tally.lines] == [
        ("Hand 1: Bo & Dee named trump, took 3", ("", "1")),
        ("Hand 2: Ann & Cy named trump, alone, took 5", ("4", "")),
        ("Hand 3: Bo & Dee named trump, took 2 (euchred)", ("2", "")),
    ]
    assert tally.totals == (6, 1) and tally.scores is None and not tally.finished
    assert tally.winners == {"11", "13"}
    assert str(tally.status) == "Ann & Cy lead 6 to 1 after 3 hands."


def test_the_team_with_the_first_seated_player_heads_the_first_column_whoever_named_trump_first():
    tally = EUCHRE_SCORER.tally(PLAIN, PLAYERS, sheet_of(entry("cd", 4)))
    assert tally.columns == ("Ann & Bo", "Cy & Dee") and tally.totals == (0, 1)
    assert str(tally.status) == "Cy & Dee lead 1 to 0 after 1 hand."


def test_a_finished_game_names_its_winners_and_takes_no_more_hands():
    sheet = sheet_of(entry("ac", 5, alone=True), entry("bd", 2), entry("bd", 3), entry("ac", 5, alone=True))
    tally = EUCHRE_SCORER.tally(PLAIN, PLAYERS, sheet)
    assert tally.finished and tally.totals == (10, 1) and tally.winners == {"11", "13"}
    assert str(tally.status) == "Ann & Cy win 10 to 1."
    with pytest.raises(RuleError, match=r"^the game is over: Ann & Cy reached 10 points\.$"):
        EUCHRE_SCORER.check_entry(PLAIN, PLAYERS, sheet, entry("bd", 3))


def test_a_level_game_has_no_winner_if_the_round_ends_now():
    tally = EUCHRE_SCORER.tally(PLAIN, PLAYERS, sheet_of(entry("ac", 3), entry("bd", 4)))
    assert tally.winners == frozenset() and not tally.finished
    assert str(tally.status) == "1 to 1 after 2 hands: if the round ends now, nobody wins this game."


def test_a_game_without_hands_has_no_teams_yet_and_no_winner():
    tally = EUCHRE_SCORER.tally(PLAIN, PLAYERS, [])
    assert tally.columns == () and tally.lines == () and tally.winners == frozenset()
    assert str(tally.status) == "No hands yet: if the round ends now, nobody wins this game."


@pytest.mark.parametrize(("sheet", "bad", "message"), [
    ([], {"makers": ["11", "13"], "alone": False}, "a hand names its makers"),
    ([], {"makers": ["11", "13"], "alone": False, "tricks": 3, "extra": 1}, "a hand names its makers"),
    ([], "11,13", "a hand names its makers"),
    ([], {"makers": ["11"], "alone": False, "tricks": 3}, "the two partners who named trump"),
    ([], {"makers": ["11", "11"], "alone": False, "tricks": 3}, "the two partners who named trump"),
    ([], {"makers": [11, 13], "alone": False, "tricks": 3}, "the two partners who named trump"),
    ([], {"makers": ["11", "99"], "alone": False, "tricks": 3}, "two players of this table"),
    ([], {"makers": ["11", "13"], "alone": False, "tricks": 6}, "from 0 to 5 tricks"),
    ([], {"makers": ["11", "13"], "alone": False, "tricks": "3"}, "from 0 to 5 tricks"),
    ([], {"makers": ["11", "13"], "alone": 1, "tricks": 3}, "yes or no"),
    ([entry("ac", 3)], entry("ab", 3), "Ann & Bo are not a team in this game"),
])
def test_an_entry_that_cannot_follow_the_sheet_is_refused(sheet, bad, message):
    with pytest.raises(RuleError, match=message) as refused:
        EUCHRE_SCORER.check_entry(PLAIN, PLAYERS, sheet, bad)
    text = str(refused.value)
    assert text.endswith(".") and (text[0].islower() or text.startswith("Ann"))


def test_no_hand_is_entered_at_a_table_not_of_four():
    three = {"11": "Ann", "12": "Bo", "13": "Cy"}
    with pytest.raises(RuleError, match=r"^Euchre is played by four: this table has 3 players\.$"):
        EUCHRE_SCORER.check_entry(PLAIN, three, [], {"makers": ["11", "13"], "alone": False, "tricks": 3})
    assert EUCHRE_SCORER.tally(PLAIN, three, []).winners == frozenset()


def test_rekey_renames_the_makers_and_keeps_the_rest():
    keys = {"11": "Ann", "12": "Bo", "13": "Cy", "14": "Dee"}
    assert EUCHRE_SCORER.rekey(entry("ac", 5, alone=True), keys) == {
        "makers": ["Ann", "Cy"], "alone": True, "tricks": 5}
    with pytest.raises(KeyError):
        EUCHRE_SCORER.rekey({"makers": ["11", "99"], "alone": False, "tricks": 3}, keys)


def _as_names(winners: frozenset[str]) -> frozenset[str]:
    return frozenset(PLAYERS[key] for key in winners)


@pytest.mark.parametrize("entries", [
    [],
    [entry("ac", 3), entry("bd", 4)],
    [entry("bd", 3)],
    [entry("ac", 5, alone=True)] * 3,
])
def test_the_result_the_scorer_records_is_a_report_the_game_accepts_with_the_tally_s_winners(entries):
    tally = EUCHRE_SCORER.tally(PLAIN, PLAYERS, sheet_of(*entries))
    report = Report(winners=_as_names(tally.winners), scores=tally.scores)
    EUCHRE.check_report(PLAIN, report, list(PLAYERS.values()))
    assert EUCHRE.game_winners(PLAIN, report) == _as_names(tally.winners)
    assert EUCHRE.consistent(PLAIN, report) is None


def test_the_hand_form_offers_every_pair_before_the_first_hand_then_only_the_two_teams(app):
    with app.test_request_context():
        first = EUCHRE_SCORER.entry_form(None, PLAIN, PLAYERS, [])
        assert [label for _value, label, *_ in first.makers.iter_choices()] == [
            "Ann & Cy", "Bo & Dee", "Ann & Bo", "Ann & Dee", "Bo & Cy", "Cy & Dee"]
        later = EUCHRE_SCORER.entry_form(None, PLAIN, PLAYERS, sheet_of(entry("ad", 3)))
        assert [label for _value, label, *_ in later.makers.iter_choices()] == ["Ann & Dee", "Bo & Cy"]


def test_a_posted_hand_form_makes_the_entry_the_scorer_accepts(app):
    app.config["WTF_CSRF_ENABLED"] = False
    with app.test_request_context():
        form = EUCHRE_SCORER.entry_form(MultiDict({"makers": "12,14", "alone": "y", "tricks": "5"}),
                                        PLAIN, PLAYERS, [])
        assert form.validate(), form.errors
        made = EUCHRE_SCORER.entry_from_form(form, PLAYERS)
        assert made == {"makers": ["12", "14"], "alone": True, "tricks": 5}
        EUCHRE_SCORER.check_entry(PLAIN, PLAYERS, [], made)
        for bad in ({"makers": "11,12", "tricks": "3"}, {"makers": "12,14", "tricks": "6"}, {"tricks": "3"}):
            later = EUCHRE_SCORER.entry_form(MultiDict(bad), PLAIN, PLAYERS, [made] if "11,12" in bad.values()
                                             else [])
            assert not later.validate()


def test_the_hand_fields_are_drawn_from_the_game_s_own_template(app):
    from flask import render_template

    with app.test_request_context():
        form = EUCHRE_SCORER.entry_form(None, PLAIN, PLAYERS, [])
        html = render_template(EUCHRE_SCORER.entry_form_template, form=form, players=PLAYERS)
    assert 'name="makers"' in html and 'name="alone"' in html and 'name="tricks"' in html
    assert "Ann &amp; Cy" in html

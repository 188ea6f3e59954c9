"""The Elbows Up! scoresheet: which deals it takes, how it adds them up, and that the result it
records passes the game's own checks."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.core.errors import RuleError
from tournament.games import Report, Scorer
from tournament.games.elbows_up import ELBOWS_UP, ElbowsUpVariant
from tournament.games.elbows_up.scorer import DEALS_SCORER
from tournament.i18n import translate, translate_html

WITH_TEA = ElbowsUpVariant(tea_cards=True, joker_may_lead=True)
NO_TEA = ElbowsUpVariant(tea_cards=False, joker_may_lead=True)
PLAYERS = {"11": "Cy", "7": "Ann", "3": "Bea"}  # seat order; keys are opaque


Pair = tuple[int, int]  # bid, tricks


def deal(cy: Pair, ann: Pair, bea: Pair, tea: dict[str, str] | None = None) -> dict[str, Any]:
    tea = tea or {}
    return {key: {"bid": bid, "tricks": tricks, "tea": tea.get(key)}
            for key, (bid, tricks) in zip(PLAYERS, (cy, ann, bea), strict=True)}


def checked_sheet(*entries: dict[str, Any], rules: ElbowsUpVariant = WITH_TEA) -> list[dict[str, Any]]:
    sheet: list[dict[str, Any]] = []
    for entry in entries:
        DEALS_SCORER.check_entry(rules, PLAYERS, sheet, entry)
        sheet.append(entry)
    return sheet


def recorded(tally_scores: Any, winners: frozenset[str]) -> Report:
    """The result the scorer page records: the tally's keys turned into names."""
    return Report(winners=frozenset(PLAYERS[k] for k in winners),
                  scores={PLAYERS[k]: v for k, v in tally_scores.items()})


def test_the_scorer_satisfies_the_scorer_protocol_and_calls_an_entry_a_deal() -> None:
    assert isinstance(DEALS_SCORER, Scorer) and ELBOWS_UP.scorer is DEALS_SCORER
    assert (DEALS_SCORER.entry_noun, DEALS_SCORER.entry_noun_plural, DEALS_SCORER.max_entries) == ("deal", "deals", 10)


def test_each_deal_is_a_line_of_every_player_s_points_in_seat_order() -> None:
    sheet = checked_sheet(deal((4, 4), (0, 0), (2, 5), tea={"11": "4+5"}), deal((6, 7), (1, 0), (3, 3)))
    tally = DEALS_SCORER.tally(WITH_TEA, PLAYERS, sheet)
    assert tally.columns == ("Cy", "Ann", "Bea")
    assert [(str(line.label), line.cells) for line in tally.lines] == [
        ("Deal 1", ("19", "10", "5")), ("Deal 2", ("30", "0", "13"))]
    assert tally.totals == (49, 10, 18) and dict(tally.scores or {}) == {"11": 49, "7": 10, "3": 18}
    assert tally.winners == {"11"} and not tally.finished
    assert str(tally.status) == "After 2 deals of 10: Cy leads with 49."


def test_an_empty_sheet_has_no_winner_yet() -> None:
    tally = DEALS_SCORER.tally(WITH_TEA, PLAYERS, [])
    assert tally.winners == frozenset() and tally.totals == (0, 0, 0) and tally.lines == ()
    assert str(tally.status) == "No deal scored yet: the game has 10 deals."


def test_deals_that_score_nothing_leave_the_game_without_a_leader() -> None:
    tally = DEALS_SCORER.tally(WITH_TEA, PLAYERS, checked_sheet(deal((3, 2), (5, 4), (2, 1))))
    assert tally.winners == frozenset() and str(tally.status) == "After 1 deal of 10: nobody has scored yet."
    assert ELBOWS_UP.game_winners(WITH_TEA, recorded(tally.scores, tally.winners)) == frozenset()


def test_a_tie_on_points_goes_to_the_alphabetically_first_name_and_says_so() -> None:
    tally = DEALS_SCORER.tally(WITH_TEA, PLAYERS, checked_sheet(deal((4, 4), (4, 4), (0, 2))))
    assert tally.winners == {"7"}  # Ann before Cy, whatever the seats or keys
    assert str(tally.status) == ("After 1 deal of 10: Ann and Cy lead with 14 each; Ann is ahead, "
                                 "first in alphabetical order.")


def test_the_status_reads_in_the_page_s_language_with_the_names_as_typed(app: Any) -> None:
    tally = DEALS_SCORER.tally(WITH_TEA, PLAYERS, checked_sheet(deal((4, 4), (4, 4), (0, 2))))
    with app.test_request_context():
        assert translate(tally.status, "de") == (
            "Nach 1 Durchgang von 10: Ann und Cy führen mit je 14; Ann liegt vorn, alphabetisch zuerst.")
        assert "<bdi>Ann</bdi> et <bdi>Cy</bdi> mènent" in translate_html(tally.status, "fr")
        assert [translate(line.label, "it") for line in tally.lines] == ["Smazzata 1"]


def test_after_ten_deals_the_game_is_finished_and_the_most_points_win() -> None:
    sheet = checked_sheet(*[deal((2, 2), (1, 3), (0, 0))] * 10)
    tally = DEALS_SCORER.tally(WITH_TEA, PLAYERS, sheet)
    assert tally.finished and tally.totals == (120, 30, 100) and tally.winners == {"11"}
    assert str(tally.status) == "Cy wins with 120 after 10 deals."


def test_a_finished_tie_states_the_alphabetical_rule() -> None:
    sheet = checked_sheet(*[deal((2, 2), (2, 2), (0, 1))] * 10)
    tally = DEALS_SCORER.tally(WITH_TEA, PLAYERS, sheet)
    assert tally.winners == {"7"}
    assert str(tally.status) == "Ann and Cy have 120 each after 10 deals: Ann wins, first in alphabetical order."


@pytest.mark.parametrize("deals", [0, 1, 3, 10])
def test_the_result_a_scoresheet_records_passes_the_game_s_own_checks(deals: int) -> None:
    sheet = checked_sheet(*[deal((1, 1), (2, 3), (6, 6), tea={"11": "1+5"})] * deals)
    tally = DEALS_SCORER.tally(WITH_TEA, PLAYERS, sheet)
    report = recorded(tally.scores, tally.winners)
    ELBOWS_UP.check_report(WITH_TEA, report, PLAYERS.values())
    assert ELBOWS_UP.game_winners(WITH_TEA, report) == report.winners
    assert ELBOWS_UP.consistent(WITH_TEA, report) is None
    assert report.winners == (frozenset({"Bea"}) if deals else frozenset())


def test_a_player_a_stored_deal_does_not_name_scores_nothing_for_it() -> None:
    sheet = [{k: v for k, v in deal((4, 4), (0, 0), (2, 5)).items() if k != "3"}]
    tally = DEALS_SCORER.tally(WITH_TEA, PLAYERS, sheet)
    assert tally.lines[0].cells == ("14", "10", "–") and tally.totals == (14, 10, 0)


def test_an_eleventh_deal_is_refused() -> None:
    sheet = checked_sheet(*[deal((2, 2), (1, 3), (0, 0))] * 10)
    with pytest.raises(RuleError, match=r"^the game is over: all 10 deals are scored\.$"):
        DEALS_SCORER.check_entry(WITH_TEA, PLAYERS, sheet, deal((2, 2), (1, 3), (0, 0)))


def _with(entry: dict[str, Any], key: str, **changes: Any) -> dict[str, Any]:
    return {**entry, key: {**entry[key], **changes}}


GOOD = deal((2, 2), (1, 3), (0, 0))


@pytest.mark.parametrize(("rules", "entry", "message"), [
    pytest.param(WITH_TEA, None, "every player's bid and tricks", id="not_an_object"),
    pytest.param(WITH_TEA, {k: v for k, v in GOOD.items() if k != "3"}, "no bid and tricks for Bea",
                 id="every_seated_player_must_be_in_the_deal"),
    pytest.param(WITH_TEA, {**GOOD, "99": GOOD["3"]}, "not seated", id="no_unseated_player"),
    pytest.param(WITH_TEA, _with(GOOD, "3", bid=16), "whole numbers from 0 to 15", id="bid_at_most_15"),
    pytest.param(WITH_TEA, _with(GOOD, "3", tricks=-1), "whole numbers from 0 to 15", id="tricks_not_negative"),
    pytest.param(WITH_TEA, _with(GOOD, "3", bid=True), "whole numbers", id="bid_not_a_bool"),
    pytest.param(WITH_TEA, _with(GOOD, "3", tricks="2"), "whole numbers", id="tricks_not_text"),
    pytest.param(WITH_TEA, {**GOOD, "3": {"bid": 1, "tricks": 1}}, "a Tea card \\(or none\\) for Bea",
                 id="every_field_given"),
    pytest.param(WITH_TEA, deal((5, 8), (1, 5), (0, 3)), "16 tricks in one deal", id="at_most_15_tricks_a_deal"),
    pytest.param(WITH_TEA, deal((4, 4), (4, 4), (0, 0), tea={"11": "4+5", "7": "4+5"}),
                 "the 4\\+5 Tea card is marked for Ann and Cy", id="one_holder_per_tea_card"),
    pytest.param(WITH_TEA, _with(GOOD, "3", tea="2+5"), "a Tea card is 4\\+5 or 1\\+5", id="only_the_two_tea_cards"),
    pytest.param(WITH_TEA, _with(GOOD, "3", tea=["4+5"]), "a Tea card is 4\\+5 or 1\\+5", id="tea_is_text"),
    pytest.param(NO_TEA, _with(GOOD, "3", tea="1+5"), "this table plays without the Tea cards",
                 id="no_tea_at_a_table_without_them"),
])
def test_a_deal_that_could_not_have_happened_is_refused(rules: ElbowsUpVariant, entry: Any, message: str) -> None:
    with pytest.raises(RuleError, match=message) as refused:
        DEALS_SCORER.check_entry(rules, PLAYERS, [], entry)
    text = str(refused.value)
    assert not text[0].isupper() and text.endswith(".")  # follows "Deal 4: "


def test_both_tea_cards_may_be_held_in_one_deal_by_different_players() -> None:
    DEALS_SCORER.check_entry(WITH_TEA, PLAYERS, [], deal((4, 4), (1, 1), (0, 0), tea={"11": "4+5", "7": "1+5"}))
    DEALS_SCORER.check_entry(NO_TEA, PLAYERS, [], GOOD)


def test_rekey_renames_every_player_of_a_deal_and_refuses_an_unknown_one() -> None:
    names = {"11": "Cy", "7": "Ann", "3": "Bea"}
    renamed = DEALS_SCORER.rekey(GOOD, names)
    assert renamed == {"Cy": GOOD["11"], "Ann": GOOD["7"], "Bea": GOOD["3"]}
    assert DEALS_SCORER.rekey(renamed, {v: k for k, v in names.items()}) == GOOD
    with pytest.raises(KeyError):
        DEALS_SCORER.rekey(GOOD, {"11": "Cy"})


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 20) | st.sampled_from(["4+5", "1+5", "", "x"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["11", "7", "3", "99", "bid", "tricks", "tea"]), inner, max_size=4),
    max_leaves=12,
)
_RESULT = st.fixed_dictionaries({"bid": st.integers(0, 15), "tricks": st.integers(0, 6),
                                 "tea": st.sampled_from([None, "4+5", "1+5"])})


_ODD_RESULT = st.fixed_dictionaries({"bid": st.integers(-1, 16) | _JSON, "tricks": st.integers(0, 6), "tea": _JSON})


@settings(max_examples=300, deadline=None)
@given(entry=_JSON | st.dictionaries(st.sampled_from(list(PLAYERS)), _RESULT | _ODD_RESULT | _JSON, max_size=3),
       rules=st.sampled_from([WITH_TEA, NO_TEA]))
def test_any_json_sent_as_a_deal_is_accepted_and_added_up_or_refused_with_a_sentence(entry: Any,
                                                                                     rules: ElbowsUpVariant):
    try:
        DEALS_SCORER.check_entry(rules, PLAYERS, [], entry)
    except RuleError as refused:
        assert str(refused).endswith(".")
        return
    tally = DEALS_SCORER.tally(rules, PLAYERS, [entry])
    assert len(tally.lines) == 1 and all(0 <= total <= 35 for total in tally.totals)


@pytest.mark.parametrize(("size", "most"), [(3, 15), (4, 12), (5, 9), (6, 8)])
def test_a_deal_has_at_most_as_many_tricks_as_each_player_was_dealt_cards(size: int, most: int) -> None:
    players = {str(seat): f"Player {seat}" for seat in range(size)}

    def entry(total: int) -> dict[str, Any]:
        shares = [total // 2, total - total // 2] + [0] * (size - 2)
        return {key: {"bid": 0, "tricks": share, "tea": None} for key, share in zip(players, shares, strict=True)}

    DEALS_SCORER.check_entry(NO_TEA, players, [], entry(most))
    with pytest.raises(RuleError, match=rf"^{most + 1} tricks in one deal .* a table of {size} has {most} tricks\.$"):
        DEALS_SCORER.check_entry(NO_TEA, players, [], entry(most + 1))

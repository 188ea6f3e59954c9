"""Every game states its rhythm, and the statement agrees with how many games its entry pages
expect a round to hold (``Game.usual_games``)."""

from __future__ import annotations

import pytest

from tests.games.highest_card import HIGHEST_CARD
from tournament.core.i18n import T, Tn
from tournament.games import CardGame, all_games
from tournament.games.five_tricks import FiveTricks
from tournament.games.rhythm import SEVERAL_GAMES, GamesPerRound, Rhythm

GAMES = [*all_games(), HIGHEST_CARD]


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.key)
def test_a_game_s_default_round_holds_the_games_its_rhythm_promises(game) -> None:
    rhythm = game.rhythm
    assert isinstance(rhythm, Rhythm)
    sizes = game.table_sizes
    if rhythm.games is GamesPerRound.ONE:
        assert game.usual_games(sizes.smallest, rhythm.round_minutes) == 1
    else:
        assert game.usual_games(sizes.preferred, rhythm.round_minutes) >= 2
    assert "{n}" in rhythm.round_text.msgid and "{n}" in (rhythm.round_text.plural or "")


@pytest.mark.parametrize(("games", "game_minutes", "round_minutes"), [
    (GamesPerRound.SEVERAL, 10, 10),  # one game's length is not several games
    (GamesPerRound.ONE, 10, 25),  # a round longer than the game is more than one game
    (GamesPerRound.ONE, 0, 0),
    (GamesPerRound.SEVERAL, 2, 500),  # longer than any round the timer runs
])
def test_a_rhythm_whose_default_round_does_not_fit_its_games_is_refused(games, game_minutes, round_minutes) -> None:
    with pytest.raises(ValueError, match="does not fit"):
        Rhythm(games, game_minutes=game_minutes, round_minutes=round_minutes, round_text=SEVERAL_GAMES)


def test_a_rhythm_s_round_sentence_is_a_plural_message_on_the_round_s_minutes() -> None:
    with pytest.raises(ValueError, match="plural"):
        Rhythm(GamesPerRound.SEVERAL, game_minutes=2, round_minutes=7, round_text=T("Rounds are short."))
    Rhythm(GamesPerRound.SEVERAL, game_minutes=2, round_minutes=7, round_text=Tn("{n} minute", "{n} minutes", 0))


def test_a_game_that_states_no_rhythm_is_not_a_game() -> None:
    # Five Tricks as a game written before rhythms: every member but the rhythm.
    left_out = {"rhythm", "__dict__", "__weakref__"}
    members = {name: value for name, value in vars(FiveTricks).items() if name not in left_out}
    unstated = type("Unstated", (), members)()
    assert isinstance(FiveTricks(), CardGame)
    assert not isinstance(unstated, CardGame)

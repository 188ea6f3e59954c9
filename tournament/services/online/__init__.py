"""Online play: a table marked online is played by its players on their own devices.

The modules, by what they own:
- `claims`: a device claims a name; personal links; presence (who is away).
- `phase`: what a player's screen is in now (waiting, study, practice, tournament, between
  rounds, ended), from the event's timer and rounds: the one source for every screen.
- `seed`: the secret each deal is drawn from.
- `tables`: the current deal of an online table, created when its first action arrives.
- `actions`: a player's or the organiser's action on a deal, under the event's lock, idempotent.
- `recording`: a finished deal becomes a game of the running round; a round's close counts the
  unfinished ones with the tricks so far.
- `messages`: chat lines (practice only), gestures and drawing-pad strokes.
- `view`: what one player's device receives (`view_model.PlayerView`); never another hand.
- `watch`: what the organiser's online page shows of every online table; never a hand.
"""

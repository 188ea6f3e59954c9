"""How big an event may grow: one place for every cap the pages, the table planner and the
event-file import share, so that whatever the pages let a teacher build can be exported,
imported and restored.

Invariants:
- Every count the pages let grow (tables, players, rounds, games per table and round, games
  per event) stops at the same
  number the event-file import accepts, so any event the pages reach exports and imports again.
- MAX_UPLOAD_BYTES holds the compact file of the sized event (SIZED_*, every count at its
  maximum, names of the longest length); MAX_FILE_BYTES bounds a file once decompressed.
  `tests/transfer/test_limits.py` builds that event and checks both.
- Every setting a teacher types or picks (minutes, copies, name lengths, seed, paper, theme) has
  its bounds here once; forms, services and the import all read the same number, so a value one
  of them accepts is never refused by another.
"""

from __future__ import annotations

MAX_TABLES = 200
MAX_PLAYERS = 1000  # per event, withdrawn players included (they stay in the file)
# Rounds and games per event: without these an event could grow (round after round) past
# what any file the import accepts can hold. A class plays 3-6 rounds of a few games.
MAX_ROUNDS = 30
MAX_GAMES_PER_EVENT = 25_000
MAX_GAMES_PER_TABLE = 40  # per round
MAX_TRICKS_PER_GAME = 14  # 28 cards: even at a two-player table no game has more tricks
MAX_EVENT_NAME = 120  # characters
MAX_HOUSE_RULE = 120  # characters of the one line a table's rule sheet may add
MAX_NOTE_TEXT = 280  # characters of one note a table or an observer sends for the debrief
MAX_NOTES = 2000  # per event: a class of 40 sending a note a minute for a whole afternoon
MAX_DEBRIEF_STEPS = 20  # prompts of an event's debrief
MAX_STEP_TITLE = 80  # characters of a debrief step's title
MAX_STEP_PROMPT = 400  # characters of a debrief step's prompt
MAX_WISHES = 200  # seating wishes per event: a few per class, at most one per pair of players
MAX_AUDIT_ENTRIES = 200_000
MAX_AUDIT_TEXT = 2000

# Settings. Each stays at the value the pages and the import have always used, so no event
# saved before becomes invalid.
MAX_ROUND_MINUTES = 120  # every timer phase (study, practice, round) lasts 1 to this many minutes
MAX_SHEET_COPIES = 10  # copies of each table's rule sheet in one print run (at least 1)
MAX_NAME_LENGTH = 40  # a player's name in characters: the default of the app's MAX_NAME_LENGTH setting
MAX_USERNAME = 80  # an organiser's username in characters
# Shuffle seeds run from 1 to MAX_SEED: the largest integer a database column holds on every
# supported database, so a seed is stored and exported as it was drawn.
MAX_SEED = 2**31 - 1
PAPER_SIZES = ("a4", "letter")  # values as stored; the print page labels them
# The languages an event may speak, as stored and written in its file (English first, the
# default); ``tournament.i18n.languages`` names them, and a test keeps the two lists alike.
LANGUAGE_CODES = ("en", "de", "fr", "es", "it", "pt", "nl")
THEMES = ("dark", "light")  # the projector's colour themes, as stored

# The event the upload caps are sized for: every limit above at its maximum, names of the
# longest allowed length in a two-byte alphabet, SIZED_ROUNDS rounds of SIZED_GAMES games at
# every table with trick counts, a log line for every game, and a debrief at its limits
# (MAX_DEBRIEF_STEPS steps of the longest texts, MAX_NOTES notes of MAX_NOTE_TEXT characters).
SIZED_ROUNDS = 10
SIZED_GAMES = 3

MiB = 1024 * 1024
# An upload as sent (JSON, or gzip-compressed JSON); the web server refuses more before reading.
# The sized event's file, as the Data page downloads it (compact JSON), fits.
MAX_UPLOAD_BYTES = 8 * MiB
# An event file once decompressed: a small .json.gz must not unpack into gigabytes. Events
# beyond the sized one (more rounds, more games) fit as the compressed download.
MAX_FILE_BYTES = 64 * MiB

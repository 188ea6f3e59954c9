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
MAX_EVENT_NAME = 120
MAX_AUDIT_ENTRIES = 200_000
MAX_AUDIT_TEXT = 2000

# The event the upload caps are sized for: every limit above at its maximum, names of the
# longest allowed length in a two-byte alphabet, SIZED_ROUNDS rounds of SIZED_GAMES games at
# every table with trick counts, and a log line for every game.
SIZED_ROUNDS = 10
SIZED_GAMES = 3

MiB = 1024 * 1024
# An upload as sent (JSON, or gzip-compressed JSON); the web server refuses more before reading.
# The sized event's file, as the Data page downloads it (compact JSON), fits.
MAX_UPLOAD_BYTES = 8 * MiB
# An event file once decompressed: a small .json.gz must not unpack into gigabytes. Events
# beyond the sized one (more rounds, more games) fit as the compressed download.
MAX_FILE_BYTES = 64 * MiB

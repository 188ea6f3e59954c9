"""How long the debrief takes to propose the trick that splits the tables most.

    python -m benchmarks.trick_split             # sizes 3, 4 and 5; seed tables and all 40 rule sets
    python -m benchmarks.trick_split --sizes 4

Per trick size and rule set, the search (tournament.games.five_tricks.replay.propose) runs once
uncached, timed, and the answer's split is printed: different winning seats and tables per seat.
Target: at most 2 s for 5 cards over every rule set on a busy laptop (the first debrief page after a change
waits for it; later ones are answered from the cache). Exit code 1 when it is missed.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournament.games.five_tricks import replay
from tournament.games.five_tricks.cards import Suit
from tournament.games.five_tricks.tricks import trick_winner
from tournament.games.five_tricks.variants import SEED_VARIANTS, FiveTricksVariant

TARGET_SECONDS = 2.0
EVERY = tuple(FiveTricksVariant(ace, wins, trump, any_time) for ace in ("high", "low") for wins in ("highest", "lowest")
              for trump in (None, *Suit) for any_time in (False, True))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[3, 4, 5])
    args = parser.parse_args()
    worst = 0.0
    for name, variants in (("seed tables", SEED_VARIANTS), ("every rule set", EVERY)):
        for size in args.sizes:
            replay._propose.cache_clear()
            start = time.perf_counter()
            trick = replay.propose(variants, size)
            seconds = time.perf_counter() - start
            worst = max(worst, seconds)
            seats = Counter(trick_winner(variant, trick) for variant in variants)
            print(f"{name:15} {size} cards  {seconds * 1000:8.1f} ms  {' '.join(map(str, trick)):18} "
                  f"winners per seat {dict(sorted(seats.items()))}")
    print(f"worst {worst:.2f} s (target {TARGET_SECONDS} s)")
    return 0 if worst <= TARGET_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())

"""Every ETag and cached-body hash comes from one function, `fingerprint`: the same content
gives the same tag whatever the key order, and any change of content gives another tag."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from tournament.services.fingerprint import fingerprint

ROOT = Path(__file__).resolve().parents[2] / "tournament"


def test_equal_content_has_one_fingerprint_whatever_the_key_order():
    moment = datetime(2024, 5, 1, 9, 30, tzinfo=UTC)
    one = {"event": "Zoë's class", "tables": [{"number": 1, "players": ["Ana", "Ben"]}], "at": moment}
    two = {"at": moment, "tables": [{"players": ["Ana", "Ben"], "number": 1}], "event": "Zoë's class"}
    assert fingerprint(one) == fingerprint(two)
    assert len(fingerprint(one)) == 32 and int(fingerprint(one), 16) >= 0


def test_any_change_of_content_changes_the_fingerprint():
    base = {"tables": [{"number": 1, "players": ["Ana", "Ben"]}], "round": 1}
    changed = [
        {"tables": [{"number": 1, "players": ["Ben", "Ana"]}], "round": 1},
        {"tables": [{"number": 2, "players": ["Ana", "Ben"]}], "round": 1},
        {"tables": [{"number": 1, "players": ["Ana", "Ben"]}], "round": "1"},
        {"tables": [{"number": 1, "players": ["Ana", "Ben"]}], "round": 1, "timer": None},
    ]
    assert len({fingerprint(base), *map(fingerprint, changed)}) == 1 + len(changed)


def test_only_the_fingerprint_module_hashes_data_for_etags():
    """Another hand-rolled hash would let two screens disagree about what "unchanged" means.
    (core/names.py hashes a name's key for a different purpose: short keys for long names; online
    play's deals are drawn from a keyed hash: services/online/seed.py and the engine's shuffle;
    throttle_store.py stores a rate limit's key, however long, as a fixed-length digest;
    services/room_links.py signs the projector's presenter key from its token.)"""
    elsewhere = {str(path.relative_to(ROOT)) for path in ROOT.rglob("*.py")
                 if "hashlib" in path.read_text(encoding="utf-8")}
    assert elsewhere == {"services/fingerprint.py", "core/names.py", "services/online/seed.py",
                         "games/five_tricks/table_play.py", "throttle_store.py",
                         "services/room_links.py"}

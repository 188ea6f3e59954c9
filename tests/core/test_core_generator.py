"""Rule variants for events with more than ten tables."""

from __future__ import annotations

from collections import Counter

import pytest

from tournament.games.five_tricks.generator import CANDIDATES, variants_for_tables
from tournament.games.five_tricks.variants import SEED_VARIANTS

MANY = variants_for_tables(120)


def test_first_ten_tables_use_the_seed_sheets_in_order() -> None:
    assert variants_for_tables(10) == SEED_VARIANTS
    assert variants_for_tables(4) == SEED_VARIANTS[:4]
    assert MANY[:10] == SEED_VARIANTS


def test_no_tables_no_variants() -> None:
    assert variants_for_tables(0) == ()


def test_neighbouring_tables_differ_in_at_least_two_settings() -> None:
    for table in range(1, len(MANY)):
        assert MANY[table].differences(MANY[table - 1]) >= 2, f"tables {table} and {table + 1}"


def test_adding_tables_never_changes_earlier_ones() -> None:
    assert all(variants_for_tables(count) == MANY[:count] for count in (11, 17, 36, 59))


def test_generated_variants_spread_over_every_candidate() -> None:
    assert Counter(MANY[:36]) == Counter(CANDIDATES)
    for count in range(36, len(MANY) + 1):
        usage = Counter(MANY[:count])
        assert max(usage.values()) - min(usage[c] for c in CANDIDATES) <= 1


def test_no_trump_is_never_paired_with_trump_any_time() -> None:
    assert not any(variant.trump is None and variant.trump_any_time for variant in MANY)
    assert len(CANDIDATES) == 36


def test_eleventh_table_gets_the_least_used_coupled_variant() -> None:
    # Table 10 is high/highest spades; the first unused coupled candidate differing in two
    # settings is low/lowest hearts with trump any time.
    assert MANY[10].code == "low-lowest-hearts-yes"


def test_negative_count_is_refused() -> None:
    with pytest.raises(ValueError, match="number of tables cannot be negative"):
        variants_for_tables(-1)


def test_non_integer_count_is_refused() -> None:
    with pytest.raises(ValueError, match="number of tables must be a whole number"):
        variants_for_tables(True)  # type: ignore[arg-type]

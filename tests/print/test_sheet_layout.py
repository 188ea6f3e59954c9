"""How a sheet's sections are laid out against its event's other sheets (print/layout.py)."""

from __future__ import annotations

from dataclasses import dataclass

from tournament.blueprints.print.layout import LaidOutSheet, aligned, distinct


@dataclass(frozen=True)
class Section:
    heading: str
    text: str


@dataclass(frozen=True)
class Sheet:
    title: str
    sections: tuple[Section, ...]


def sheet(*texts: str, headings=("Deal", "Play")) -> Sheet:
    return Sheet("Game", tuple(Section(h, t) for h, t in zip(headings, texts, strict=True)))


def test_each_section_knows_the_other_distinct_wordings_of_its_family_in_order():
    a, b, c = sheet("one", "x"), sheet("two", "x"), sheet("three", "x")
    laid = aligned(b, distinct([a, b, c, a]))
    assert isinstance(laid, LaidOutSheet)
    assert laid.others_of(0) == (a.sections[0], c.sections[0])
    assert laid.others_of(1) == ()  # every sheet words it alike: nothing to stack
    assert laid.title == "Game" and laid.sections == b.sections  # reads through to the sheet


def test_sheets_whose_sections_differ_in_headings_or_number_are_laid_out_by_their_own_words():
    own = sheet("one", "x")
    assert aligned(own, [own, sheet("two", "y", headings=("Deal", "Score"))]) is own
    assert aligned(own, [own, Sheet("Game", (Section("Deal", "one"),))]) is own
    plain = object()  # a sheet without sections is left alone
    assert aligned(plain, [own]) is plain

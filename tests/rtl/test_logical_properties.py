"""Stylesheets and scripts lay out with logical properties (inline-start/end), never physical
left/right, so a right-to-left page mirrors without a stylesheet of its own."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tournament import PROJECT_ROOT

STATIC = PROJECT_ROOT / "tournament" / "static"
STYLESHEETS = sorted(STATIC.rglob("*.css"))
SCRIPTS = sorted(STATIC.rglob("*.js"))

# (stylesheet relative to static/, selector, property) -> why physical is meant there.
# Keep it short: a drawing that must not mirror (a card's suit pip, a QR code) is the only reason.
PHYSICAL_ALLOWED: dict[tuple[str, str, str], str] = {}

# Shorthands whose four values run top, right, bottom, left: physical when right != left.
BOX_SHORTHANDS = {"margin", "padding", "inset", "border-width", "border-style", "border-color",
                  "scroll-margin", "scroll-padding"}
SIDE_WORD = re.compile(r"(?<![\w-])(left|right)(?![\w-])")
JS_PHYSICAL = re.compile(r"style\.(left|right)\b|\b(margin|padding|border)(Left|Right)\b"
                         r"|\b(textAlign|cssFloat)\s*=\s*[\"'](left|right)[\"']"
                         r"|setProperty\(\s*[\"'][\w-]*(left|right)")


def declarations(css: str):
    """(selector, property, value) for every declaration; nested @media blocks included."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    for match in re.finditer(r"([^{}]+)\{([^{}]*)\}", css):
        selector = " ".join(match.group(1).split())
        for declaration in match.group(2).split(";"):
            if ":" in declaration:
                prop, value = declaration.split(":", 1)
                yield selector, prop.strip().lower(), " ".join(value.split())


def _split_values(value: str) -> list[str]:
    """Space-separated values, keeping calc(...) and other functions whole."""
    parts, depth, current = [], 0, ""
    for char in value.replace("!important", "").strip():
        depth += char == "("
        depth -= char == ")"
        if char == " " and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += char
    return [p for p in [*parts, current] if p]


def _corners(v: list[str]) -> list[str]:
    """border-radius values as top-left, top-right, bottom-right, bottom-left."""
    if len(v) == 1:
        return v * 4
    if len(v) == 2:
        return [v[0], v[1], v[0], v[1]]
    if len(v) == 3:
        return [v[0], v[1], v[2], v[1]]
    return v[:4]


def physical_reason(prop: str, value: str) -> str | None:
    """Why a declaration is physical (mirrors wrongly in right-to-left), or None."""
    if re.search(r"(^|-)(left|right)(-|$)", prop):
        return f"{prop} names a side; use the inline-start/inline-end property"
    unquoted = re.sub(r"\"[^\"]*\"|'[^']*'", "", value)
    if SIDE_WORD.search(unquoted):
        return f"{prop}: {value} names a side; use start/end (inline-start/inline-end)"
    if prop in BOX_SHORTHANDS:
        values = _split_values(value)
        if len(values) == 4 and values[1] != values[3]:
            return f"{prop}: {value} gives right and left different sizes; use {prop}-inline"
    if prop == "border-radius":
        for half in value.split("/"):
            top_left, top_right, bottom_right, bottom_left = _corners(_split_values(half))
            if top_left != top_right or bottom_left != bottom_right:
                return f"border-radius: {value} rounds left and right corners differently; use border-*-*-radius"
    return None


def physical_in(path: Path) -> list[str]:
    name = path.relative_to(STATIC).as_posix()
    found = []
    for selector, prop, value in declarations(path.read_text(encoding="utf-8")):
        reason = physical_reason(prop, value)
        if reason and (name, selector, prop) not in PHYSICAL_ALLOWED:
            found.append(f"{name}: {selector} {{ {reason} }}")
    return found


def test_stylesheets_use_no_physical_left_or_right():
    assert STYLESHEETS, "no stylesheet found"
    found = [line for path in STYLESHEETS for line in physical_in(path)]
    assert found == []


def test_scripts_set_no_physical_left_or_right_style():
    found = [f"{path.name}:{number}: {line.strip()}" for path in SCRIPTS
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if JS_PHYSICAL.search(line)]
    assert found == []


def test_every_allowed_physical_declaration_still_exists_and_says_why():
    present = {(p.relative_to(STATIC).as_posix(), s, prop) for p in STYLESHEETS
               for s, prop, _ in declarations(p.read_text(encoding="utf-8"))}
    for key, reason in PHYSICAL_ALLOWED.items():
        assert key in present, f"stale allow-list entry {key}"
        assert len(reason.split()) >= 4, f"say why physical is meant for {key}"


@pytest.mark.parametrize("css", [
    ".a { margin-left: 1rem; }", ".a { padding-right: 0 }", ".a { border-left: 3px solid red; }",
    ".a { text-align: left; }", ".a { float: right; }", ".a { position: absolute; left: 0; }",
    ".a { right: -1mm }", ".a { clear: left }", ".a { border-top-right-radius: 2px }",
    ".a { padding: .4rem 0 .4rem 2.2rem; }", ".a { margin: 0 calc(1px * 2) 0 0 }",
    ".a { border-radius: 4px 0 0 4px }", ".a { background-position: right 2px top; }",
    "@media print { .a { text-align: right } }",
])
def test_the_check_catches_a_physical_declaration(css):
    assert any(physical_reason(prop, value) for _, prop, value in declarations(css))


@pytest.mark.parametrize("css", [
    ".a { margin-inline-start: 1rem; text-align: end; inset-inline-start: 0 }",
    ".a { padding: .4rem 1rem .8rem 1rem; margin: 0 auto; border-radius: 50%; }",
    '.a::before { content: "left"; }', ".a { border-radius: 2mm 2mm 0 0 }",
    ".a { grid-template-columns: 1fr auto; justify-content: space-between; }",
])
def test_the_check_lets_logical_and_symmetric_declarations_pass(css):
    assert [physical_reason(p, v) for _, p, v in declarations(css) if physical_reason(p, v)] == []

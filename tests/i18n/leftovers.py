"""Finding English a page shows that never went through the catalogue.

Rules:
- Read: every text node (the <title> too) and the attributes a person reads or hears: title,
  aria-label, placeholder, alt, label, and the value of an input button. Not read: <script> and
  <style>, except a JSON data block (<script type="application/json">), whose string values (not
  its keys) are what the script shows.
- Not read either: an element marked as written in another language than the page (`lang="en"` on
  a stored English value such as an audit log's entry): it says so to readers and screen readers.
- Not read: <code>, <kbd> and <samp>, which hold what is typed or a machine prints (a command, a
  key, a file's name), the same in every language.
- In JSON, a lone lowercase identifier ("round", "stay", "dark") is a code the script switches on;
  what a script shows is a label or a sentence.
- A pseudo-translated text has no ASCII letter left (tests/i18n/pseudo.py). So after taking out
  the words that are the same in every language (names, game titles, endonyms, the allow-list,
  the locale's own month and day names from CLDR), web addresses and placeholders left for a
  script to fill, any run of three or more
  ASCII letters is a leftover.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from html.parser import HTMLParser

from babel import Locale

from tests.i18n.pseudo import CLOSE, OPEN
from tournament.i18n.languages import LANGUAGES

READ_ATTRIBUTES = frozenset({"title", "aria-label", "placeholder", "alt", "label", "aria-description"})
BUTTON_INPUTS = frozenset({"submit", "button", "reset"})
GAME_TITLES = ("Five Tricks", "Euchre", "Elbows Up!", "Elevator UP", "Elevator")
# Words that are rightly the same in every language; each says why.
ALLOWED = frozenset({
    "Barnga",   # the simulation game's name, in the brand of every page
    "UTC",      # a time zone's name (IANA), as the clocks and the settings write it
    "CSV",      # a file format's name (the export links' files stay English for spreadsheets)
    "JSON",     # a file format's name (the event file)
    "PDF",      # a file format's name ("Save as PDF" is the browser's own wording)
    "Chrome", "Edge", "Firefox", "Safari",  # browsers' names (the print page says where their print menus are)
})
LITERAL = frozenset({"code", "kbd", "samp"})
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"})
CODE = re.compile(r"[a-z][a-z0-9_-]*")
WORD = re.compile(r"[A-Za-z]{3,}")
# A message's placeholder left for a script to fill in (`{number}`, `%(name)s`): the page sends the
# translated template, the script puts the value in.
UNFILLED = re.compile(r"\{\w+\}|%\(\w+\)[sd]")
ADDRESS = re.compile(r"\b[a-z][a-z0-9+.-]*://\S*|(?<![\w/])/[\w./?=&%-]+")


def texts(html: str) -> list[str]:
    """What a reader of the page reads, in document order (see the module's rules)."""
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return reader.found


def json_strings(data: object) -> Iterator[str]:
    """Every string value in a JSON document but codes (keys are the script's, not the reader's)."""
    if isinstance(data, str):
        if not CODE.fullmatch(data):
            yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from json_strings(value)
    elif isinstance(data, list):
        for value in data:
            yield from json_strings(value)


def locale_words(code: str) -> set[str]:
    """Month and day names (wide, abbreviated, narrow) CLDR writes for the language."""
    locale, words = Locale.parse(code), set()
    for table in (locale.months, locale.days):
        for context in table.values():
            for width in context.values():
                for name in width.values():
                    words.update(WORD.findall(name))
    return words


def leftovers(found: Iterable[str], names: Iterable[str], code: str) -> list[str]:
    """Each text still holding an English word, with the words; `names` are shown as typed."""
    same = sorted({*names, *GAME_TITLES, *LANGUAGES.values()}, key=len, reverse=True)
    unchanged = re.compile("|".join(rf"(?<!\w){re.escape(name)}(?!\w)" for name in same))
    allowed = ALLOWED | locale_words(code)
    report = []
    for text in found:
        plain = text.replace(OPEN, " ").replace(CLOSE, " ")
        plain = unchanged.sub(" ", UNFILLED.sub(" ", ADDRESS.sub(" ", plain)))
        words = [word for word in WORD.findall(plain) if word not in allowed]
        if words:
            report.append(f"{' '.join(text.split())[:160]!r}: {', '.join(words)}")
    return report


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self._raw: str | None = None      # inside <script>/<style>: "skip" or "json"
        self._json: list[str] = []
        self._page_lang = ""
        self._open: list[tuple[str, bool]] = []  # (tag, in another language) of the open elements

    def _elsewhere(self) -> bool:
        """Whether the text here is not read (another language, or literal)."""
        return bool(self._open) and self._open[-1][1]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if tag == "html":
            self._page_lang = _primary(values.get("lang", ""))
        elsewhere = (self._elsewhere() or tag in LITERAL
                     or ("lang" in values and _primary(values["lang"]) != self._page_lang))
        if tag not in VOID:
            self._open.append((tag, elsewhere))
        if elsewhere:
            return
        if tag in ("script", "style"):
            self._raw = "json" if tag == "script" and "json" in values.get("type", "") else "skip"
            self._json = []
        self.found += [values[name] for name in READ_ATTRIBUTES if values.get(name, "").strip()]
        if tag == "input" and values.get("type", "").lower() in BUTTON_INPUTS and values.get("value", "").strip():
            self.found.append(values["value"])

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        # Closes the element and any left open inside it (an unclosed <p> or <li>).
        if any(open_tag == tag for open_tag, _ in self._open):
            while self._open and self._open.pop()[0] != tag:
                pass
        if tag in ("script", "style") and self._raw is not None:
            if self._raw == "json":
                self.found += [value for value in json_strings(json.loads("".join(self._json))) if value.strip()]
            self._raw = None

    def handle_data(self, data: str) -> None:
        if self._raw == "json":
            self._json.append(data)
        elif self._raw is None and data.strip() and not self._elsewhere():
            self.found.append(data)


def _primary(lang: str) -> str:
    return lang.strip().split("-")[0].lower()

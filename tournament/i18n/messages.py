"""Turning the core's ``Text`` messages into the page's language, at the edge.

Rules:
- ``translate(text)`` looks the message up in the selected language's catalogue (with its
  context, and its plural form chosen by the language's own plural rule for ``n``), then fills
  the parameters: a ``Text`` parameter is translated into the same language, a ``Name`` as the
  page shows names (public on a page of the room, ``name_display``) and any other value as
  given. A message missing from the catalogue reads as English.
- A plain ``str`` passes through untouched: it was never marked for translation (or is a name).
- ``translate_html`` is the same for a page: the catalogue's words are escaped, every parameter
  is escaped, and a ``Name`` sits in a ``<bdi>`` isolate, as the ``name`` filter shows names.
- ``pieces`` is for rich text (a rule sheet's sentence with suit symbols and cards in it): the
  translated wording split at its placeholders, each placeholder replaced by its value (a ``Text``
  translated, a plain value as text, any other object, a suit or a card, as itself for the
  template to draw), so the translator decides where in the sentence the symbol sits.
- Outside a request (CLI, logs) the catalogue is empty, so messages read as English.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import nullcontext
from gettext import NullTranslations
from string import Formatter
from typing import Any

from flask_babel import force_locale, get_translations
from markupsafe import Markup, escape

from ..core.i18n import Name, Text, fill
from ..name_display import isolate, shown_name


def translate(text: Text | str, locale: str | None = None) -> str:
    """``text`` in ``locale`` (default: the page's language) as plain text."""
    if not isinstance(text, Text):
        return text
    with _language(locale):
        return _render(text)


def translate_html(text: Text | str, locale: str | None = None) -> Markup:
    """``text`` in ``locale`` (default: the page's language), safe to put in a page."""
    if not isinstance(text, Text):
        return isolate(text) if isinstance(text, Name) else escape(text)
    with _language(locale):
        return _render_html(text)


def pieces(text: Text | str, locale: str | None = None) -> list[Any]:
    """``text`` translated, as a list of strings and the objects its placeholders hold."""
    if not isinstance(text, Text):
        return [text]
    with _language(locale):
        form = catalogue_form(text)
        found: list[Any] = []
        for literal, field_name, _spec, _conversion in Formatter().parse(form):
            if literal:
                found.append(literal)
            if field_name is None:
                continue
            value = text.n if field_name == "n" and field_name not in text.params else text.params[field_name]
            if isinstance(value, Text):
                found.append(_render(value))
            elif isinstance(value, (str, int, float)):
                found.append(str(value))
            else:
                found.append(value)
        return found


def catalogue_form(text: Text) -> str:
    """The catalogue's wording of ``text`` (its msgstr for ``n``), placeholders still unfilled."""
    # flask_babel ships no types; its catalogue is the standard library's.
    catalogue: NullTranslations = get_translations()
    if text.plural is not None and text.n is not None:
        if text.context is not None:
            return catalogue.npgettext(text.context, text.msgid, text.plural, text.n)
        return catalogue.ngettext(text.msgid, text.plural, text.n)
    if text.context is not None:
        return catalogue.pgettext(text.context, text.msgid)
    return catalogue.gettext(text.msgid)


def _render(text: Text) -> str:
    # A page of the room shows each Name as the public name (name_display.show_room_names).
    params = {key: Name(shown_name(value)) if isinstance(value, Name) else value for key, value in text.params.items()}
    sentence = fill(catalogue_form(text), params, text.n, _render)
    for name in _initials(text):
        sentence = sentence.replace(f"{name}.", name)
    return sentence


def _render_html(text: Text) -> Markup:
    values: dict[str, Any] = {key: _html_value(value) for key, value in text.params.items()}
    if text.n is not None:
        values.setdefault("n", text.n)
    sentence = str(Markup(escape(catalogue_form(text))).format(**values))
    for name in _initials(text):
        shown = str(Markup("<bdi>{}</bdi>").format(name))
        sentence = sentence.replace(f"{shown}.", shown)
    return Markup(sentence)


def _initials(text: Text) -> list[str]:
    """The names of ``text`` that end, as shown, in a full stop ("Ana G."): a sentence ending on
    one ends there, not on "Ana G..", the name's full stop being the sentence's."""
    names: list[str] = []
    for value in text.params.values():
        if isinstance(value, Text):
            names += _initials(value)
        elif isinstance(value, Name) and shown_name(value).endswith("."):
            names.append(shown_name(value))
    return names


def _html_value(value: Any) -> Any:
    if isinstance(value, Text):
        return _render_html(value)
    if isinstance(value, Name):
        return isolate(value)
    return value


def _language(locale: str | None) -> Any:
    return nullcontext() if locale is None else force_locale(locale)


def init_app(app: Any) -> None:
    filters: dict[str, Callable[..., Any]] = {"t": translate_html, "pieces": pieces}
    for name, function in filters.items():
        app.add_template_filter(function, name)

"""A message stated once in a game's pure code (a setting's name, say), as a web form's label.

The rules page's form and the debrief's side-by-side view then say the same words from the same
source. WTForms labels are translated when shown, so the label is lazy; flask_babel is imported
only when a form is built (a game's forms load with the app only).
"""

from __future__ import annotations

from typing import Any

from ..core.i18n import Text


def lazy(text: Text) -> Any:
    """``text`` as a lazy message for a form."""
    from flask_babel import LazyString, lazy_gettext, lazy_pgettext

    if text.params:
        # Filled when shown, in the page's language: a suit's symbol placed by the translation.
        from ..i18n.messages import translate

        return LazyString(translate, text)
    if text.context is not None:
        return lazy_pgettext(text.context, text.msgid)
    return lazy_gettext(text.msgid)

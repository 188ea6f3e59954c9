"""Building the catalogues leaves no message out: extraction skips nothing (Babel skips an
f-string it meets inside a marker's call, even a placeholder's value, and only warns), and
every translated message of a .po reaches its compiled .mo (a fuzzy one would not)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from tournament.i18n.catalogues import compile_catalogue, po_path
from tournament.i18n.languages import TRANSLATED

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "i18n.py"


def _script():
    spec = importlib.util.spec_from_file_location("i18n_script", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _key(message) -> tuple[str | None, str]:
    return message.context, message.id if isinstance(message.id, str) else message.id[0]


def _translated(message) -> bool:
    return all(message.string) if isinstance(message.string, (list, tuple)) else bool(message.string)


def test_extracting_the_messages_skips_nothing(capsys):
    catalogue = _script().extract()
    warnings = capsys.readouterr().err
    assert len(catalogue) > 1000
    assert "warning" not in warnings.lower(), warnings


@pytest.mark.parametrize("code", sorted(TRANSLATED))
def test_compiling_a_catalogue_keeps_every_translated_message(tmp_path, code):
    po = po_path(code, tmp_path)
    po.parent.mkdir(parents=True)
    po.write_bytes(po_path(code).read_bytes())
    with po.open("rb") as source:
        written = {_key(m) for m in read_po(source, locale=code) if m.id and _translated(m)}
    with compile_catalogue(code, tmp_path).open("rb") as source:
        compiled = {_key(m) for m in read_mo(source) if m.id}
    assert written - compiled == set()

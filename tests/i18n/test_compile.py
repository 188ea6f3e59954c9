"""A translator's edit reaches the pages without a manual step: a .mo missing or older than its
.po is compiled again, and an up-to-date one is left alone."""

from __future__ import annotations

import os
import shutil

from babel.messages.mofile import read_mo

from tournament.i18n.catalogues import compile_all, po_path, stale


def test_a_missing_or_older_compiled_catalogue_is_rebuilt_and_a_fresh_one_is_kept(tmp_path):
    po = po_path("de", tmp_path)
    po.parent.mkdir(parents=True)
    shutil.copy(po_path("de"), po)
    assert stale("de", tmp_path) and not stale("fr", tmp_path)  # French has no .po here: nothing to do

    assert compile_all(tmp_path, only_stale=True) == [po.with_suffix(".mo")]
    with po.with_suffix(".mo").open("rb") as source:
        assert read_mo(source).get("Not found").string == "Nicht gefunden"
    assert not stale("de", tmp_path) and compile_all(tmp_path, only_stale=True) == []

    later = po.with_suffix(".mo").stat().st_mtime + 10
    os.utime(po, (later, later))
    assert stale("de", tmp_path) and compile_all(tmp_path, only_stale=True) == [po.with_suffix(".mo")]


def test_a_fuzzy_translation_is_left_out_and_reads_as_english(tmp_path):
    po = po_path("de", tmp_path)
    po.parent.mkdir(parents=True)
    text = po_path("de").read_text()
    po.write_text(text.replace('msgid "Not found"', '#, fuzzy\nmsgid "Not found"'))
    compile_all(tmp_path)
    with po.with_suffix(".mo").open("rb") as source:
        catalogue = read_mo(source)
    assert catalogue.get("Not found") is None and catalogue.get("Not done").string == "Nicht ausgeführt"

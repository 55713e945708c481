"""The interface language (mtgrules.i18n) and its catalogs: where the language comes from, that
`mtgrules config` saves it, and that the committed catalogs are what Babel makes from the code
(every message extracted, translated in es and fr, compiled into the .mo the package reads)."""

from __future__ import annotations

import io
import tomllib

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from click.testing import CliRunner

from mtgrules import i18n
from mtgrules.cli.main import cli
from tests.conftest import REPO

LOCALE = REPO / "core" / "locale"
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture
def no_language(monkeypatch):
    """No MTGRULES_LANG and no locale: what is left is the saved setting, else English."""
    for variable in ("MTGRULES_LANG", *LOCALE_VARIABLES):
        monkeypatch.delenv(variable, raising=False)


def test_mtgrules_lang_comes_first(no_language, monkeypatch):
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.setenv("MTGRULES_LANG", "es_ES")
    assert i18n.interface_language() == "es"
    assert i18n._("the default") == "el valor predeterminado"


def test_the_locale_comes_before_the_saved_setting(no_language, monkeypatch):
    assert CliRunner().invoke(cli, ["config", "language", "es"]).exit_code == 0
    monkeypatch.setenv("LANG", "fr_CA.UTF-8")
    assert i18n.interface_language() == "fr"
    monkeypatch.setenv("LC_ALL", "C.UTF-8")  # names no language, and hides LANG
    assert i18n.interface_language() == "es"


def test_language_list_takes_its_first_language(no_language, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "fr_BE:en")
    assert i18n.interface_language() == "fr"


def test_saved_setting_then_english(no_language, isolated_home):
    assert i18n.interface_language() == "en"
    result = CliRunner().invoke(cli, ["config", "language", "FR_fr.UTF-8"])
    assert result.exit_code == 0, result.output
    assert tomllib.loads((isolated_home / "config.toml").read_text()) == {"language": "fr"}
    assert i18n.interface_language() == "fr"
    shown = CliRunner().invoke(cli, ["config"])
    assert shown.output.splitlines() == ["language = fr", "langue utilisée : fr (enregistré avec 'mtgrules config')"]
    assert CliRunner().invoke(cli, ["config", "--unset", "language"]).exit_code == 0
    assert i18n.interface_language() == "en"


def test_saving_under_a_locale_says_the_locale_wins(no_language, monkeypatch):
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    result = CliRunner().invoke(cli, ["config", "language", "fr"])
    assert result.exit_code == 0
    assert "nota: el idioma en uso es es" in result.output


@pytest.mark.parametrize("args", [["config", "colour", "red"], ["config", "language", "español"]])
def test_bad_settings_are_one_line_and_exit_2(args):
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1


def test_bad_mtgrules_lang_is_one_line(monkeypatch):
    monkeypatch.setenv("MTGRULES_LANG", "klingon!")
    result = CliRunner().invoke(cli, ["config"])
    assert result.exit_code == 2
    assert "MTGRULES_LANG='klingon!' is not a language code" in result.output


def test_a_damaged_settings_file_leaves_english(no_language, isolated_home):
    isolated_home.mkdir(parents=True)
    (isolated_home / "config.toml").write_text("language = = es\n")
    assert i18n.interface_language() == "en"
    result = CliRunner().invoke(cli, ["config"])
    assert result.exit_code == 2
    assert "config.toml: not a settings file" in result.output


def test_translation_per_language_for_the_web():
    assert i18n.translation("fr").gettext("the default") == "la valeur par défaut"
    assert i18n.translation("es_AR.UTF-8").gettext("the default") == "el valor predeterminado"
    assert i18n.translation("de").gettext("the default") == "the default"
    assert i18n.translation("en").ngettext("rule", "rules", 2) == "rules"


def _catalog(lang: str):
    with open(LOCALE / lang / "LC_MESSAGES" / "mtgrules.po", "rb") as handle:
        return read_po(handle, locale=lang)


def _extracted() -> set:
    """(message, context) of every message the code marks, as Babel extracts it with the
    project's babel.cfg, and of those the catalogs carry unmarked: the engine's templates and
    game words, and click's own messages ("Usage:", "Missing argument"…)."""
    import os

    import click
    from babel.messages.frontend import parse_mapping_cfg

    from mtgrules.study.messages import catalog_messages

    with open(REPO / "babel.cfg", encoding="utf-8") as handle:
        method_map, options_map = parse_mapping_cfg(handle)
    keywords = {"_": None, "ngettext": (1, 2), "N_": None}
    found = {(message, context) for _filename, _line, message, _comments, context in extract_from_dir(
        str(REPO), method_map, options_map, keywords=keywords)}
    found |= {(message, context) for context, message in catalog_messages()}
    return found | {(message, context) for _filename, _line, message, _comments, context in extract_from_dir(
        os.path.dirname(click.__file__), [("**.py", "python")], keywords={"_": None, "ngettext": (1, 2)})}


@pytest.mark.parametrize("lang", i18n.CATALOGS)
def test_every_message_of_the_code_is_translated(lang):
    catalog = _catalog(lang)
    translated = {(message.id, message.context): message for message in catalog if message.id}
    missing = sorted(str(message) for message in _extracted() if message not in translated)
    assert not missing, f"not in {lang}'s catalog (run python .ci/catalogs): {missing[:5]}"
    empty = sorted(str(key) for key, message in translated.items()
                   if not (all(message.string) if isinstance(message.string, tuple) else message.string) or message.fuzzy)
    assert not empty, f"untranslated in {lang}'s catalog: {empty[:5]}"


@pytest.mark.parametrize("lang", i18n.CATALOGS)
def test_compiled_catalog_is_the_po_compiled(lang):
    """The .mo the package reads is what Babel compiles from the .po (python .ci/catalogs)."""
    compiled = io.BytesIO()
    write_mo(compiled, _catalog(lang))
    assert (LOCALE / lang / "LC_MESSAGES" / "mtgrules.mo").read_bytes() == compiled.getvalue()


def test_the_compiled_catalogs_are_package_data():
    """pyproject's package-data carries every compiled catalog into an installed package."""
    patterns = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["mtgrules"]
    carried = {path for pattern in patterns for path in (REPO / "core").glob(pattern)}
    assert {LOCALE / lang / "LC_MESSAGES" / "mtgrules.mo" for lang in i18n.CATALOGS} <= carried



@pytest.mark.parametrize(("lang", "written"), [("en", ["999", "1,001", "12,345", "1,000,001"]),
                                              ("es", ["999", "1001", "12.345", "1.000.001"]),
                                              ("fr", ["999", "1\u202f001", "12\u202f345", "1\u202f000\u202f001"])])
def test_numbers_are_written_as_the_language_writes_them(lang, written, monkeypatch):
    """A count in a message ("3,803 records") is grouped as the person's language groups digits:
    Spanish leaves four digits alone and groups with a point, French with a narrow space."""
    monkeypatch.setenv("MTGRULES_LANG", lang)
    assert [i18n.number(n) for n in (999, 1001, 12345, 1000001)] == written

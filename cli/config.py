"""`mtgrules config`: show or change the person's saved settings (`mtgrules.settings`).

`mtgrules config` lists them with where the language in force comes from; `mtgrules config
language es` saves one; `mtgrules config --unset language` removes it.
"""

from __future__ import annotations

import click

from mtgrules import settings
from mtgrules.cli.options import json_option
from mtgrules.cli.output import echo_json
from mtgrules.cli.translated import Command
from mtgrules.i18n import N_, _, interface_language, language_source


def _source_words(source: str) -> str:
    if source == "config":
        return _("saved with 'mtgrules config'")
    if source == "default":
        return _("the default")
    if source == "MTGRULES_LANG":
        return _("from MTGRULES_LANG")
    return _("from the locale ({variable})").format(variable=source)


@click.command("config", cls=Command, help=N_(
    "Show or save settings: `config language es` makes Spanish the interface language and the default language of "
    "rules and rulings (MTGRULES_LANG and the locale come first)."
))
@click.argument("setting", required=False, metavar=N_("[SETTING]"))
@click.argument("value", required=False, metavar=N_("[VALUE]"))
@click.option("--unset", "unset", is_flag=True, help=N_("Remove the saved SETTING."))
@json_option
def config(setting: str | None, value: str | None, unset: bool, as_json: bool) -> None:
    if setting is not None and setting not in settings.KNOWN:
        raise settings.SettingError(_("no setting {name!r} (the settings are {known})").format(
            name=setting, known=", ".join(sorted(settings.KNOWN))))
    if unset or value is not None:
        if setting is None:
            raise click.UsageError(_("name the setting to change (for example: mtgrules config language es)"))
        path = settings.write(setting, None if unset else value)
        saved = settings.read_all(path).get(setting)
        if as_json:
            echo_json({"setting": setting, "value": saved, "file": str(path)})
            return
        if saved is None:
            click.echo(_("{name}: removed ({file})").format(name=setting, file=path))
        else:
            click.echo(_("{name} = {value} (saved in {file})").format(name=setting, value=saved, file=path))
        _explain_override(setting, saved)
        return
    saved_all = settings.read_all()
    language, source = interface_language(), language_source()
    if as_json:
        echo_json({"file": str(settings.settings_path()), "settings": saved_all,
                   "language": {"value": language, "source": source}})
        return
    names = [setting] if setting else sorted(settings.KNOWN)
    for name in names:
        shown = saved_all.get(name)
        click.echo(f"{name} = {shown}" if shown is not None else _("{name}: not set").format(name=name))
    click.echo(_("language in force: {language} ({source})").format(language=language, source=_source_words(source)))


def _explain_override(setting: str, saved: str | None) -> None:
    """Say so when the saved language is not the one in force (MTGRULES_LANG or the locale
    come first), so that saving it does not seem to do nothing."""
    if setting != "language" or saved is None:
        return
    source = language_source()
    if source not in ("config", "default"):
        click.echo(_("note: the language in force is {language} ({source}), which comes before this setting").format(
            language=interface_language(), source=_source_words(source)))

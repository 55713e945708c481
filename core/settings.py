"""The person's saved settings (`mtgrules config`): one small TOML file in the data folder.

Only settings a person chooses live here (today: `language`, the interface language when neither
MTGRULES_LANG nor the locale names one). The file is read with the standard library's `tomllib`
and written whole (`paths.write_whole`: a new file beside it, then renamed over it), so a reader
never sees half of it; a symbolic link where the file belongs is refused, never followed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mtgrules import (
    i18n,  # a module: i18n imports this one
    paths,
)
from mtgrules.errors import MtgrulesError

if TYPE_CHECKING:
    from pathlib import Path

FILE_NAME = "config.toml"

# setting -> what it holds, for `mtgrules config` to list (English: the CLI translates it).
KNOWN = {"language": "interface language and default language of rules and rulings (es, fr, en, …)"}

class SettingError(MtgrulesError):
    """A setting is unknown, or its value unusable: the message names it and the mend."""


def settings_path() -> Path:
    return paths.data_dir() / FILE_NAME


def read_all(path: str | Path | None = None) -> dict[str, str]:
    """Every saved setting; none when there is no file. A damaged file is a SettingError naming
    it, its line and the mend. (A path as a string too: the interface language reads it on
    every command, without pathlib.)"""
    path = path or settings_path()
    try:
        data = paths.read_whole(path)
    except FileNotFoundError:
        return {}
    import tomllib  # only when a settings file exists

    try:
        table = tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise SettingError(i18n._("{path}: not a settings file ({error}) (mend it, or delete it and run 'mtgrules config' "
                             "again)").format(path=path, error=error)) from None
    return {key: value for key, value in table.items() if isinstance(value, str)}


def normalized(setting: str, value: str) -> str:
    """The value as it is kept: a language code lowercased, its region and encoding dropped
    (`es_ES.UTF-8` → `es`). SettingError when the setting is unknown or the value unusable."""
    if setting not in KNOWN:
        raise SettingError(i18n._("no setting {setting!r} (the settings are {value})")
                             .format(setting=setting, value=', '.join(sorted(KNOWN))))
    code = language_code(value)
    if code is None:
        raise SettingError(i18n._("{value!r} is not a language code (give one such as es, fr or en)").format(value=value))
    return code


def language_code(value: str) -> str | None:
    """The language part of a code or locale name (`fr_CA.UTF-8@euro`, `es-ES`, `EN`), or None
    when it is none (`C`, `POSIX`, a word)."""
    head = value.strip()
    for separator in "_.@-":
        head = head.partition(separator)[0]
    head = head.lower()
    if not 2 <= len(head) <= 3 or not all("a" <= letter <= "z" for letter in head) or head in ("c", "posix"):
        return None
    return head


def write(setting: str, value: str | None, path: Path | None = None) -> Path:
    """Save `setting` (None removes it); the other settings are kept. Returns the file's path."""
    path = path or settings_path()
    current = read_all(path)
    if value is None:
        current.pop(setting, None)
    else:
        current[setting] = normalized(setting, value)
    paths.check_writable(path.parent)
    paths.make_folders(path.parent)
    if path.is_symlink():
        raise SettingError(i18n._("{path} is a symbolic link (settings are never written through one: remove it)")
                             .format(path=path))
    text = "".join(f"{key} = {_toml_string(val)}\n" for key, val in sorted(current.items()))
    paths.write_whole(path, text)
    return path


def _toml_string(value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'

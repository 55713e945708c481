"""Words the templates show by name rather than as written text: the kinds of record, of change
and of status, marked here so the catalogs carry them (the templates translate `_(kind)`)."""

from __future__ import annotations

from mtgrules.i18n import N_

KIND_NAMES = (N_("section"), N_("rule"), N_("glossary"), N_("ruling"), N_("card"), N_("term"))
CHANGE_NAMES = (N_("added"), N_("removed"), N_("moved"), N_("replaced"), N_("edited"), N_("unchanged"))
STATUS_NAMES = (N_("stale"), N_("untraced"), N_("untranslated"))

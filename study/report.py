"""What a judged scenario reports, in one language: one row per event with the rule it cites
(the objects `judge --json` prints, and what the web's scenario page shows), and the board at
the end as lines for people. `mtgrules.cli.judge` and `mtgrules.web` both show these.
"""

from __future__ import annotations

from mtgrules.study import citations, judging
from mtgrules.study.messages import event_text, ui


def event_rows(judgement: judging.Judgement, texts: citations.RuleTexts, lang: str) -> list[dict]:
    """Every event as the JSON object `--json` prints; a refused action is an event too, with
    no rule, so a script sees it in sequence. `message` is in `lang` (English when there is no
    catalogue for it), `message_en` in English."""
    rows: list[dict] = []
    for step in judgement.steps:
        action = step.action["do"] if step.action else None
        if step.illegal:
            rows.append({"step": step.index, "action": action, "rule": None, "event": "illegal action",
                         "objects": [], "players": [], "message": event_text(step.illegal, lang),
                         "message_en": step.illegal.english(), "text": None, "text_lang": None,
                         "note": "the engine refused this action; it changed nothing"})
        for event in step.events:
            cited = texts.cite(event.rule, lang)
            rows.append({"step": step.index, "action": action, "rule": event.rule, "event": event.event,
                         "objects": list(event.objects), "players": list(event.players),
                         "message": event_text(event.text, lang), "message_en": event.message,
                         "text": cited.text, "text_lang": cited.lang, "note": cited.note})
    return rows


def board_lines(facts: dict, lang: str) -> list[str]:
    """The board at the end, for people."""
    lines = []
    for player in facts["players"]:
        parts = [ui("life", lang, n=player["life"])]
        parts += [ui(key, lang, n=player[key]) for key in ("poison", "energy") if player[key]]
        if player["speed"] is not None:
            parts.append(ui("speed", lang, n=player["speed"]))
        if player["lost"]:
            parts.append(ui("lost", lang))
        elif facts["winner"] == player["name"]:
            parts.append(ui("won", lang))
        lines.append("  " + ui("labelled", lang, label=player["name"], value=", ".join(parts)))
        for zone in ("hand", "library", "graveyard", "exile", "command"):
            if player[zone]:
                lines.append("    " + ui("labelled", lang, label=ui("zone_" + zone, lang), value=", ".join(player[zone])))
    if facts["draw"]:
        lines.append("  " + ui("drawn", lang))
    if facts["battlefield"]:
        lines.append("  " + ui("battlefield", lang))
        lines += ["    " + _permanent(p, lang) for p in facts["battlefield"]]
    if facts["stack"]:
        lines.append("  " + ui("stack", lang))
        lines += [f"    {item['name']} [{item['id']}]" for item in facts["stack"]]
    return lines


def _permanent(facts: dict, lang: str) -> str:
    details = [ui("controlled_by", lang, player=facts["controller"])]
    if facts["tapped"]:
        details.append(ui("tapped", lang))
    if facts["token"]:
        details.append(ui("token", lang))
    if facts["damage"]:
        details.append(ui("damage", lang, n=facts["damage"]))
    if facts["counters"]:
        details.append(ui("counters", lang, list=", ".join(f"{kind} ×{n}" for kind, n in facts["counters"].items())))
    for key in ("attached_to", "attacking", "blocking", "protector", "sector"):
        if facts[key]:
            details.append(ui(key, lang, x=facts[key]))
    strength = f" {facts['power']}/{facts['toughness']}" if facts["power"] is not None and facts["toughness"] is not None else ""
    return ui("labelled", lang, label=f"{facts['name']} [{facts['id']}]{strength}", value="; ".join(details))

"""A creature's stat block as HTML, for notebooks (``Creature._repr_html_``).

The block shows what a GM reads at the table (000_8d1d7816ee944f3b.txt, "Combat
Statistics"): abilities with their modifiers, HR, the AC family (AC, FFAC, TouchAC,
ACvsCrit), HP with the Injured Threshold and the HP at which it dies, the three saves,
Move Speed, attacks per turn, weapons, the optional sections that show themselves
(:mod:`lfgcombat.creature.sections`) and the conditions in effect. It only displays
values the creature computes; it holds no rules. The text ``repr`` is unchanged (the
notebooks' tests compare it).
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

__all__ = ["stat_block_html"]

_ABILITIES = ("str", "dex", "con", "int", "wis", "cha")
_STYLE = ("border:1px solid #b8b0a0;border-radius:6px;padding:6px 10px;max-width:40em;"
          "font-family:sans-serif;font-size:13px;line-height:1.4;background:#fdfbf7")


def _weapon_text(entry: Any) -> str:
    if not isinstance(entry, Mapping):
        return escape(str(entry))
    parts = [str(entry.get("name", "?"))]
    if entry.get("damage") is not None:
        dtype = f" [{entry['damage_type']}]" if entry.get("damage_type") else ""
        parts.append(f"{entry['damage']}{dtype}")
    if entry.get("crit"):
        parts.append(str(entry["crit"]))
    if entry.get("reach"):
        parts.append(f"reach {entry['reach']} ft")
    return escape(" ".join(parts))


def _row(label: str, value: str) -> str:
    return f"<div><b>{escape(label)}</b> {value}</div>"


def _section_rows(creature: Any) -> list[str]:
    """A row for each optional section the creature has and that shows itself."""
    rows = []
    for key, value in creature.sections.items():
        section = creature.sections.section(key)
        if section.show is not None:
            rows.append(_row(section.label, escape(section.show(value))))
    return rows


def stat_block_html(creature: Any) -> str:
    """The stat block of a :class:`~lfgcombat.creature.Creature` as an HTML fragment.

    Args:
        creature: The creature.

    Returns:
        HTML (a ``div``); every text from the creature is escaped.
    """
    c = creature
    who = c.character_class or "monster"
    kind = getattr(c.kind, "value", c.kind)
    head = (f"<div style='font-size:15px'><b>{escape(c.name)}</b> &middot; level {c.level} "
            f"{escape(who)} &middot; {escape(c.size.value)} &middot; {escape(str(kind))}</div>")
    abilities = " ".join(
        f"<span title='{a.upper()} {c.abilities[a]}'>{a.upper()} {c.abilities[a]} "
        f"({c.ability_mod(a):+d})</span>" for a in _ABILITIES)
    threshold = c.injured_threshold
    hp = (f"{c.hp} / {c.max_hp}" + (f" (+{c.temp_hp} temporary)" if c.temp_hp else "")
          + (f"; Injured at {threshold}" if threshold.value is not None else "")
          + f"; dies at {c.death_threshold}")
    ac = (f"{c.ac} &middot; FFAC {c.ff_ac} &middot; TouchAC {c.touch_ac} &middot; "
          f"ACvsCrit {c.ac_vs_crit}")
    saves = " &middot; ".join(f"{k.upper()} {s:+d}" + (" (fails)" if s.auto_fail else "")
                              for k, s in c.saves.items())
    speed = c.move_speed
    speed_text = f"{speed.value} ft" + ("" if speed.value or not speed.immobile
                                        else " (cannot move)")
    weapons = ", ".join(_weapon_text(w) for w in c.weapons) or "none (unarmed)"
    conds = ", ".join(escape(e.label) for e in c.active_conditions) or "none"
    rows = [head, _row("Abilities", abilities),
            _row("HR", f"{c.hr} &middot; melee {c.melee_attack:+d} &middot; ranged "
                       f"{c.ranged_attack:+d} &middot; attacks per turn {c.attacks_per_turn}"),
            _row("AC", ac), _row("HP", escape(hp)), _row("Saves", saves),
            _row("Initiative", f"{c.initiative_bonus:+d}"),
            _row("Speed", escape(speed_text) + f" &middot; reach {c.reach} ft"),
            _row("Weapons", weapons), *_section_rows(c), _row("Conditions", conds)]
    return f"<div class='lfg-statblock' style='{_STYLE}'>{''.join(rows)}</div>"

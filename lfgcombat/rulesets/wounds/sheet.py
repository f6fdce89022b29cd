"""The character sheet's lines under ``wounds``: each value with how it is made.

What :class:`widgets.charsheet.CharacterSheet` shows for a creature played by ``wounds``
(the widget only displays these rows): Prowess, Defense and Total Defense
(003_de0e94afd49609a7.txt, "Prowess is added directly to your Defense", "Total Defense is
an action you can take in combat"), the three saves with their good or bad base save
("Some effects don't directly target your armor or shield", "You possess two inherent
adjustments to your Saving Throws"), Hit Points and Wounds ("When a character is subject to
a damage-dealing effect"), Barrier and Shell ("Barrier represents", "Shell operates
similarly"), AOO per round ("As mentioned in the previous Tip") and the parrying shield
("Any attack made against a character wearing a shield").

A field the creature lacks (``prowess``, ``good_saves``) is a row whose value is ``None``
and whose explanation says what to add.
"""

from __future__ import annotations

from typing import Any

from lfgcombat.rulesets.classic.sheet import SheetRow

from ._base import rule
from .aoo import aoo_per_round
from .combatant import WoundsCombatant
from .defense import TOTAL_DEFENSE_BONUS
from .saves import base_save

__all__ = ["SheetRow", "sheet_rows"]

_SAVE_ABILITY = {"fort": "con", "ref": "wis", "will": "cha"}


def _defense_rows(w: WoundsCombatant) -> list[SheetRow]:
    cite = rule("Prowess is added directly to your Defense")
    if w.prowess is None:
        need = f"no Prowess: add 'prowess: N' to the creature ({cite})"
        return [SheetRow("prowess", "Prowess", None, need),
                SheetRow("defense", "Defense", None, need)]
    dex = w.abilities["dex"]
    return [
        SheetRow("prowess", "Prowess", f"{w.prowess:+d}",
                 f"added to attack rolls and to Defense as a Dodge bonus ({cite})"),
        SheetRow("defense", "Defense", str(w.defense()),
                 f"10 + Prowess {w.prowess} + DEX {dex:+d} ({cite})"),
        SheetRow("total_defense", "Total Defense", str(w.defense(total_defense=True)),
                 f"Defense + {TOTAL_DEFENSE_BONUS} until its next turn, a Half Action, no AOO "
                 f"({rule('Total Defense is an action you can take in combat')})"),
    ]


def _save_rows(w: WoundsCombatant) -> list[SheetRow]:
    cite = rule("You possess two inherent adjustments to your Saving Throws")
    if w.good_saves is None:
        need = f"no good saves: add 'good_saves: [fort, will]' to the creature ({cite})"
        return [SheetRow(s, s.upper(), None, need) for s in _SAVE_ABILITY]
    hd = min(w.hit_dice, 20)
    rows = []
    for s, ability in _SAVE_ABILITY.items():
        good = s in w.good_saves
        base = base_save(hd, good)
        rows.append(SheetRow(s, s.upper(), f"{w.save(s):+d}",
                             f"{'good' if good else 'bad'} base save {base} at {hd} Hit Dice"
                             f" + {ability.upper()} {w.abilities[ability]:+d} ({cite})"))
    return rows


def _health_rows(w: WoundsCombatant) -> list[SheetRow]:
    v = w.vitals()
    hp_rule = rule("When a character is subject to a damage-dealing effect")
    wounds_from = ("its 'wounds' field" if getattr(w.creature, "wounds", None) is not None
                   else f"its CON score {w.con_score} (inferred: no 'wounds' field)")
    return [
        SheetRow("hp", "Hit Points", f"{v.hp}/{v.max_hp}",
                 f"spent first; restore Hit Dice + CON = "
                 f"{max(1, w.hit_dice + w.abilities['con'])} an hour ({hp_rule})"),
        SheetRow("wounds", "Wounds", f"{v.wounds}/{v.wounds_max}",
                 f"from {wounds_from}; taken at 0 HP and by a critical sent to Wounds; dead "
                 f"at 0 (inferred) ({hp_rule})"),
        SheetRow("barrier", "Barrier", str(v.barrier) if v.barrier else "none",
                 f"blocks up to X a hit until Y in all; the highest replaces "
                 f"({rule('Barrier represents')})"),
        SheetRow("shell", "Shell", str(v.shell) if v.shell else "none",
                 f"absorbs all at once, gone when used, lasts a round "
                 f"({rule('Shell operates similarly')})"),
    ]


def _gear_rows(w: WoundsCombatant) -> list[SheetRow]:
    dex = w.abilities["dex"]
    aoo = rule("As mentioned in the previous Tip")
    rows = [SheetRow("aoo", "AOO / round", str(aoo_per_round(dex)),
                     f"1 + DEX {max(0, dex)} (minimum 0) ({aoo})")]
    cite = rule("Any attack made against a character wearing a shield")
    rows.append(SheetRow("shield", "Shield (parry)", str(w.shield) if w.shield else "none",
                         f"parries a turn = its Parry Bonus; the shield takes the damage; "
                         f"the Armor Check Penalty applies ({cite})"))
    return rows


def sheet_rows(creature: Any) -> tuple[SheetRow, ...]:
    """The wounds sheet of ``creature``: Prowess, Defense, Total Defense, FORT/REF/WILL,
    Hit Points, Wounds, Barrier, Shell, AOO per round, the shield.

    Raises:
        WoundsError: a field the creature carries is bad (named).
    """
    w = WoundsCombatant.of(creature)
    return tuple(_defense_rows(w) + _save_rows(w) + _health_rows(w) + _gear_rows(w))

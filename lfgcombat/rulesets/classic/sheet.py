"""The character sheet's lines under ``classic``: each value with how it is made.

What the CharacterSheet widget shows for a creature played by ``classic`` (the widget only
displays these rows): BAB (002_2a3a79475ca2a541.txt, "How to attack another creature"), the
AC and its parts ("Armor Class"), the Challenge Rating ("Challenge Rating (CR)"), hit
points, nonlethal damage and the disabled state ("Death", "Nonlethal Damage",
"Stabilizing a Disabled Character").

:class:`SheetRow` is shared with :mod:`lfgcombat.rulesets.wounds.sheet`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ._base import rule
from .combatant import ClassicCombatant
from .turn import ClassicFighter

__all__ = ["SheetRow", "sheet_rows"]


@dataclass(frozen=True)
class SheetRow:
    """One line of a ruleset's sheet.

    Attributes:
        key: A stable key (``bab``, ``ac``...), for CSS classes and tests.
        label: As shown.
        value: The value as text, or ``None`` when the creature lacks a field it needs.
        explain: How it is made (the formula with the creature's numbers), or what to add.
    """

    key: str
    label: str
    value: str | None
    explain: str


def sheet_rows(creature: Any) -> tuple[SheetRow, ...]:
    """The classic sheet of ``creature``: BAB, AC and its parts, CR, HP, nonlethal damage,
    disabled, and FORT, REF and WILL under its conditions (issue 23, item 1).

    Raises:
        ClassicError: a field the creature carries is bad (named).
    """
    c = ClassicCombatant.of(creature)
    attack = rule("How to attack another creature")
    ac_rule = rule("Armor Class")
    a, v = c.ac, c.vitals()
    rows = [
        SheetRow("bab", "BAB", None if c.bab is None else f"{c.bab:+d}",
                 f"added to every attack roll ({attack})" if c.bab is not None else
                 f"no BAB: add 'bab: N' to the creature ({attack})"),
        SheetRow("ac", "AC", str(a.total),
                 f"10 + armor {a.armor} + shield {a.shield} + DEX {a.dex:+d} + size "
                 f"{a.size:+d} + natural {a.natural} ({ac_rule})"),
        SheetRow("ac_flat", "AC without DEX", str(a.without_dex().total),
                 f"Flat-footed, Flanked, Blinded...: the DEX bonus is lost ({ac_rule})"),
        SheetRow("cr", "CR", None if c.challenge_rating is None else str(c.challenge_rating),
                 rule("Challenge Rating (CR)") if c.challenge_rating is not None
                 else "no CR: add 'challenge_rating: N' (e.g. 1/2) to the creature"),
        SheetRow("hp", "HP", f"{v.current}/{v.max_hp}",
                 f"disabled at 0 or below, dead at -10 ({rule('Death')})"),
        SheetRow("nonlethal", "Nonlethal", str(v.nonlethal),
                 f"beside the HP; unconscious when it exceeds the current HP "
                 f"({rule('Nonlethal Damage')})"),
        SheetRow("disabled", "Disabled", "yes" if v.disabled else "no",
                 "at 0 HP or below: no move, attack, speech or spells; DC12 FORT to "
                 f"stabilize ({rule('Stabilizing a Disabled Character')})"),
        *_save_rows(creature),
    ]
    return tuple(rows)


def _save_rows(creature: Any) -> list[SheetRow]:
    """FORT, REF and WILL as the encounter rolls them: d20 + the CON, DEX or WIS modifier
    (the text gives no base saves: inferred) with the saving throw modifiers of its
    conditions ("Conditions": Shaken, Frightened, Sickened -2, Energy-Drained -1 a level)."""
    fighter = ClassicFighter.of(creature)
    named = ", ".join(fighter.all_conditions)
    why = {"fort": "CON", "ref": "DEX", "will": "WIS"}
    return [SheetRow(k, k.upper(), f"{fighter.save_bonus(k):+d}",
                     f"d20 + the {why[k]} modifier (no base saves: inferred)"
                     + (f", with {named} ({rule('Conditions')})" if named else ""))
            for k in ("fort", "ref", "will")]

"""Attacks: weapons, attack rolls, critical hits, damage and active defense.

000_8d1d7816ee944f3b.txt, "Attacks & Dealing Damage" and the sections after it: "Attack
Rolls", "Three Attack Types – Basic, Heavy, Ranged:", "Minimum Damage", "Critical Hits",
"Attacks Per Turn", "Consecutive Attacks", "Coup de Grace / Killing Blow", "Perfect
Critical (Optional Rule)", "Killer Criticals (Optional Rule)", "Attacking Without Weapons",
"Natural Weapons (also called “Natural Attacks”)", "Active Defense - Active Parry & Active
Dodge", "Special Actions in Combat" (Aim, Fight Defensively, Knockout Strike, Power
Attack), "Concealment - What is it?", "Damage in Combat", "Resistance - Damage Resistance
(DR), Elemental Resistance, Energy Resistance" and "Handedness & Using Both Hands (Two
Weapon Fighting)".

One module per step, each naming its headings:

* :mod:`~lfgcombat.rules.weapons` - :class:`Weapon`, the weapons table,
  :func:`lookup_weapon`, :func:`resolve_weapon` (a creature's own entries, plain names
  included);
* :mod:`~lfgcombat.rules.attacks.formulas` - the pure formulas the rolls and the odds share
  (:func:`hits`, :func:`hits_vs_defense`, :func:`strength_damage`, :func:`range_penalty`,
  :func:`consecutive_attack_penalty`, :func:`off_hand_penalty`, :func:`step_damage`,
  :func:`concealment_percent`...);
* :mod:`~lfgcombat.rules.attacks.situation` - :class:`Situation`, everything about one attack
  besides attacker, target and weapon;
* :mod:`~lfgcombat.rules.attacks.prepare` - :func:`prepare` as named steps (with
  :mod:`~lfgcombat.rules.attacks.bonus`, :mod:`~lfgcombat.rules.attacks.damage_plan` and
  :mod:`~lfgcombat.rules.attacks.defense`), giving an :class:`AttackSetup`
  (:mod:`~lfgcombat.rules.attacks.setup`); :func:`attack` is ``prepare`` + ``resolve``;
* :mod:`~lfgcombat.rules.attacks.resolve` - the rolls, in a fixed documented order, and
  :class:`AttackResult`;
* :mod:`~lfgcombat.rules.attacks.coup_de_grace` - :func:`coup_de_grace`;
* :mod:`~lfgcombat.rules.attacks.odds` - :func:`attack_odds`, the same setup computed exactly
  (also importable as :mod:`lfgcombat.rules.attacks.odds`).

``lfgcombat.rules.attacks.prepare`` and ``lfgcombat.rules.attacks.coup_de_grace`` are the functions,
as before the split (the package attribute shadows the module of the same name): reach a
step with ``from lfgcombat.rules.attacks.prepare import situated_target``, not with ``import
lfgcombat.rules.attacks.prepare as m``.

Decisions where the text is open are stated in the docstring of the function that makes
them; the weapon statistics the text does not give are marked ``inferred`` in
``data/weapons.csv``. Nothing here imports :mod:`lfgcombat.creature` when it loads.
"""

from __future__ import annotations

from ..weapons import (WEAPONS_SCHEMA, Weapon, WeaponError, lookup_weapon, resolve_weapon,
                       step_damage, weapon_entries, weapon_names, weapons_table)
from .coup_de_grace import CoupDeGrace, coup_de_grace
from .formulas import (CONCEALMENT, COVER, concealment_percent, consecutive_attack_penalty,
                       hits, hits_vs_defense, off_hand_penalty, range_penalty, strength_damage)
from .odds import AttackOdds, attack_odds, odds_for
from .prepare import attack, prepare, weapon_line
from .resolve import AttackResult
from .rules import (R_ATTACK, R_CAP, R_CONCEAL, R_CONDITIONS, R_COUP, R_CRIT, R_DEFENSE,
                    R_DODGE, R_HANDS, R_KILLER, R_PARRY, R_PERFECT, R_SPECIAL, R_TYPES,
                    R_UNARMED, TEXT)
from .setup import AttackSetup, DamagePlan, DefensePlan
from .situation import Situation

__all__ = [
    "Weapon", "WeaponError", "Situation", "AttackSetup", "DamagePlan", "DefensePlan",
    "AttackResult", "CoupDeGrace", "WEAPONS_SCHEMA", "weapons_table", "weapon_names",
    "lookup_weapon", "resolve_weapon", "weapon_entries", "attack", "prepare", "coup_de_grace",
    "strength_damage", "step_damage", "range_penalty", "consecutive_attack_penalty",
    "off_hand_penalty", "hits", "hits_vs_defense", "concealment_percent", "weapon_line",
    "CONCEALMENT", "COVER", "AttackOdds", "attack_odds", "odds_for", "TEXT",
]
# The citations the single module had at its top level, kept importable from here.
_CITATIONS = (R_ATTACK, R_CAP, R_CONCEAL, R_CONDITIONS, R_COUP, R_CRIT, R_DEFENSE, R_DODGE,
              R_HANDS, R_KILLER, R_PARRY, R_PERFECT, R_SPECIAL, R_TYPES, R_UNARMED)

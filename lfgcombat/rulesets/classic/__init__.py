"""The ``classic`` ruleset: 002_2a3a79475ca2a541.txt, "Combat" and "Conditions".

Pure rules as values and functions, one module per heading of the text:

* :mod:`.actions`: "Character Round" / "Single Actions" / "Action definitions";
* :mod:`.heroic`: "Heroic Action" and "Skill Checks";
* :mod:`.attacks`: "How to attack another creature", "Criticals and fumbles";
* :mod:`.armor`: "Armor Class" (and its lost size table) and "Concealment";
* :mod:`.health`: "Death", "Nonlethal Damage", "Stabilizing a Disabled Character";
* :mod:`.conditions`: "Conditions" (the 28 conditions of the list, as data);
* :mod:`.challenge`: "Challenge Rating (CR)";
* :mod:`.combatant`: a creature read by these rules (its ``bab`` and ``challenge_rating``
  keys, :mod:`lfgcombat.rulesets.classic.fields`) and its exact and rolled attacks;
* :mod:`.turn`: one combatant's round (budget, start-of-turn checks, conditions);
* :mod:`.killing`: "Coup de Grace" (the killing blow on a Helpless foe);
* :mod:`.sheet`: the character sheet's classic rows.

The ruleset itself (the policies the engine asks, built from lfg's by overriding what
differs, and its registration by name) is :mod:`.ruleset`; its condition catalogue
:mod:`.catalogue`, its creature file keys :mod:`.fields`, its saves :mod:`.saves`; its data
``data/classic/`` (conditions, confused, fumbles, sizes). ``lfgcombat/__init__.py``
imports the ruleset, which registers all of them; nothing in :mod:`lfgcombat.rulesets`
imports this package.
"""

from lfgcombat.rulesets.classic._base import TEXT, ClassicError, rule

__all__ = ["TEXT", "ClassicError", "rule"]

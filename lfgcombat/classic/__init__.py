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
  keys, :mod:`lfgcombat.rulesets.fields`) and its exact and rolled attacks;
* :mod:`.turn`: one combatant's round (budget, start-of-turn checks, conditions).

The ruleset's policies (:mod:`lfgcombat.rulesets.classic`) delegate here; the Encounter does
not play ``classic`` yet (``Ruleset("classic")`` is refused and says what is missing).
"""

from lfgcombat.classic._base import TEXT, ClassicError, rule

__all__ = ["TEXT", "ClassicError", "rule"]

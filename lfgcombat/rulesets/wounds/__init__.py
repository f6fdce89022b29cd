"""The ``wounds`` ruleset: 003_de0e94afd49609a7.txt, "Combat Statistics" and after.

Pure rules as values and functions, one module per part of the text:

* :mod:`.attacks`: attack rolls (Nat 1 -5, Nat 20 +5), critical confirmation, the critical
  choice (multiply or Go to Wounds), x3/x4 multipliers, Instant Kill; exact odds;
* :mod:`.defense`: Prowess, Defense and Total Defense;
* :mod:`.parry`: the Shield Parry;
* :mod:`.health`: Hit Points, then Wounds; Barrier X/Y and Shell;
* :mod:`.damage`: the energy riders (Acid, Electricity, Fire, Cold, Sonic, Holy, Primal,
  Unholy);
* :mod:`.aoo`: Attacks of Opportunity per round;
* :mod:`.saves`: Fortitude (CON), Reflex (WIS), Will (CHA), good and bad base saves;
* :mod:`.objects`: smashing objects: Object AC, Hardness, HP, broken, saves, Strength;
* :mod:`.combatant`: a creature read by these rules (its ``prowess``, ``good_saves``,
  ``wounds``, ``barrier``, ``shell`` keys, :mod:`lfgcombat.rulesets.wounds.fields`) and its exact
  and rolled attacks with the critical choice;
* :mod:`.turn`: one combatant's turn (Half Actions, Total Defense, parries, hits taken);
* :mod:`.riders`, :mod:`.gear`: a weapon's energy dice, a creature's parrying shield;
* :mod:`.play`: the Encounter's wounds turn and attack; :mod:`.sheet`: its sheet rows.

The ruleset itself (the policies the engine asks, built from lfg's by overriding what
differs, its saves, and its registration by name) is :mod:`.ruleset`; its creature file
keys :mod:`.fields`; its data ``data/wounds/`` (base saves, objects, object sizes).
``lfgcombat/__init__.py`` imports the ruleset, which registers all of them; nothing in
:mod:`lfgcombat.rulesets` imports this package.
"""

from lfgcombat.rulesets.wounds._base import TEXT, WoundsError, rule

__all__ = ["TEXT", "WoundsError", "rule"]

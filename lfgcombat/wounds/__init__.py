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
* :mod:`.objects`: smashing objects: Object AC, Hardness, HP, broken, saves, Strength.

Nothing here is wired into :class:`lfgcombat.Creature` or the Encounter yet.
"""

from lfgcombat.wounds._base import TEXT, WoundsError, rule

__all__ = ["TEXT", "WoundsError", "rule"]

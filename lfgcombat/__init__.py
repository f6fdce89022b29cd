"""lfgcombat: the LFG tabletop combat rules as a Python engine, widgets and notebooks.

The engine is pure Python (no widget imports); the UI lives in :mod:`lfgcombat.widgets` and
the rules tables in :mod:`lfgcombat.data`. The rules text is the source of truth: every rule
cites its file and heading in ``../shared/seeds/``.
"""

# The built-in rulesets, imported once here, where the kit is assembled: each registers
# itself when imported (its definition, creature file keys, saves and data/<name>/ tables),
# and the generic machinery (lfgcombat.rulesets) never imports one. Every import of the kit
# runs this file first, so a ruleset is always found by name; a plugin's ruleset registers
# itself the same way when the plugin is imported.
# They come first, so that creature files list their keys first, in this order: ruleset;
# bab, challenge_rating; prowess...; classic's conditions; wounds' shield.
from .rulesets import fields as _ruleset_fields  # noqa: F401
from .rulesets.classic import fields as _classic_fields  # noqa: F401
from .rulesets.wounds import fields as _wounds_fields  # noqa: F401
from .rulesets.classic import ruleset as _classic_ruleset  # noqa: F401
from .rulesets.wounds import ruleset as _wounds_ruleset  # noqa: F401
from .rules.attacks.odds import AttackOdds, attack_odds
from .rules.attacks import (AttackResult, Situation, Weapon, WeaponError, attack, coup_de_grace,
                            lookup_weapon, prepare)
from .rules.bonuses import Bonus, BonusType, stack, total
from .rules.conditions.conditions import Affliction, Condition
from .creature import Creature, CreatureError, Stat, ability_mod
from .rules.damage import DamageType, Resistances, apply_resistance, parse_damage
from .dice import (DiceExpr, Fortune, MissChance, Roll, Roller, net_fortune, parse, roll,
                   step)
from .errors import DiceError, IllegalActionError, LfgError, RulesDataError
from .battlemap.grid import Hex, Square
from .battlemap import CoverLevel, Figure, HexMap, Terrain
from .engine.log import Event, EventLog
from .engine import Encounter
from .rules.movement.falling import fall, falling_damage
from .dice.odds import at_least, pmf
from .rulesets import Ruleset
from .rules.health.saves import save_dc, save_odds, saving_throw
from .io.tables import load_table, table_names
from .creature.stats import StatError
from .rules.health.vitals import Vitals
# registers data/natural_weapons.csv
from .rules.abilities import natural_weapons as natural_weapons
from .rules.abilities.abilities import SpecialAbility, parse_ability
from .rules.impact.momentum import crushing_advance_dc, knockdown_dc, p_knockdown
from .rules.actions.skills import opposed, opposed_odds, validate_skills
from .rules.movement import flight as flight  # registers data/maneuverability.csv
from .rules.objects import objects as objects  # registers data/objects.csv
from .rules.archery.archery import unintended_odds, volley
from .rules.movement.movement_modes import MovementBudget, Speeds, parse_speeds
from .rules.objects.objects import strength_check_odds
from .creature import close_keys as close_keys  # registers skills, special_abilities, handedness...
from .rulesets.classic.heroic import heroic_action, heroic_action_odds

from ._version import __version__ as __version__  # the one version source

__all__ = [
    "LfgError", "DiceError", "RulesDataError", "IllegalActionError",
    "Roller", "Roll", "roll", "parse", "step", "DiceExpr", "Fortune", "MissChance",
    "net_fortune", "pmf", "at_least",
    "Bonus", "BonusType", "stack", "total",
    "Creature", "CreatureError", "Stat", "StatError", "ability_mod", "Condition", "Affliction",
    "DamageType", "Resistances", "apply_resistance", "parse_damage",
    "Hex", "Square", "HexMap", "Terrain", "CoverLevel", "Figure",
    "load_table", "table_names",
    "Ruleset", "attack", "prepare", "Situation", "Weapon", "WeaponError", "AttackResult",
    "attack_odds", "AttackOdds", "coup_de_grace", "lookup_weapon", "Vitals",
    "saving_throw", "save_odds", "save_dc", "falling_damage", "fall",
    "Encounter", "Event", "EventLog",
    "parse_ability", "SpecialAbility", "knockdown_dc", "crushing_advance_dc", "p_knockdown",
    "opposed", "opposed_odds", "validate_skills",
    "Speeds", "parse_speeds", "MovementBudget", "strength_check_odds", "unintended_odds",
    "volley", "heroic_action", "heroic_action_odds",
]

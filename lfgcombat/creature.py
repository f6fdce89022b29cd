"""Creatures and their combat statistics: HR, the AC family, HP, saves, size, Move Speed.

A :class:`Creature` is an immutable value built from a plain mapping (or a YAML/JSON file)
with :meth:`Creature.from_dict` / :meth:`Creature.load`, and written back with
:meth:`Creature.to_dict` / :meth:`Creature.save`. It stores only what a character sheet
says (abilities, class, level, size, armor, conditions, ...). Every statistic the rules
derive from those (000_8d1d7816ee944f3b.txt, "Combat Statistics", "Hit Points (HP) - Taking
Damage, Injury, Death:", "Saving Throws", "Creature Size: Size, Space, Reach", "Movement in
Combat") is computed on demand as a :class:`Stat`, which carries its value, the terms and
typed bonuses that made it (stacked by :func:`lfgcombat.bonuses.stack`), the effects of the
creature's conditions, and the rule it comes from::

    >>> wizard = Creature.from_dict({"name": "Ex", "class": "wizard", "level": 3,
    ...                              "abilities": {"con": 12}})
    >>> wizard.max_hp.value
    17
    >>> print(wizard.explain("max_hp"))  # doctest: +ELLIPSIS
    Max HP 17
       +12  wizard 4 HP/level x 3
        +3  CON mod +1/level x 3 (CON 12)
        +2  creation
      (000_8d1d7816ee944f3b.txt, "Acquiring Hit Points"; ...)

Invalid input raises :class:`CreatureError` naming every bad field at once, with what is
allowed, and nothing is changed (values are immutable; "changes" return a new creature).

The parts live beside it and are re-exported here: :mod:`lfgcombat.stats` (:class:`Stat`,
a number that explains itself), :mod:`lfgcombat.size` (:class:`Size`),
:mod:`lfgcombat.combat_stats` (the sheet's values, tables and formulas),
:mod:`lfgcombat.creature_parse` (reading and checking a creature mapping),
:mod:`lfgcombat.datafile` (reading hostile YAML/JSON) and :mod:`lfgcombat.statblock` (the
notebook stat block). The :class:`Creature` class stays one class, over the house's ~600
lines: it is the one place every derived statistic is computed, each a short method.
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from functools import cached_property
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import pandas as pd

from ._files import atomic_write_text
from .bonuses import Bonus, stack
from .citations import cite as _cite
from .combat_stats import (ABILITIES, BONUS_TARGETS, CLASS_GOOD_SAVES, MAX_ABILITY,
                           MAX_LEVEL, SAVE_RATINGS_SCHEMA, ZERO_ABILITY_ALLOWED, Abilities,
                           Armor, CreatureType, FrozenMap, HRProgression, Kind, SaveRatings,
                           _SAVE_ABILITY, _bonus_type_rows, _class_rows, _hexes, _thaw,
                           ability_mod, attacks_per_turn, hit_rating, save_rating,
                           save_ratings_table)
from .conditions import (ActionLimits, Affliction, Condition, ConditionSet, Gained,
                         SpellCasting, gain, lookup, resolve)
from .creature_parse import (KEYS, MAX_GEAR_NUMBER, MAX_NOTES, MAX_TEXT, _hint,
                             _max_hp_value, _parse)
from .damage import Resistances
from .datafile import DataFileError, dump_yaml, load_text, read_file, short
from .errors import LfgError
from .movement import MoveSpeed, SpeedModifier, move_speed
from .size import Size
from .statblock import stat_block_html
from .stats import TITLES as _TITLES
from .stats import Stat, StatBonus, Term

__all__ = [
    "Creature", "CreatureError", "Stat", "Term", "Abilities", "Armor", "SaveRatings",
    "StatBonus", "FrozenMap", "Size", "Kind", "CreatureType", "HRProgression",
    "ability_mod", "hit_rating", "attacks_per_turn", "save_rating", "save_ratings_table",
    "SAVE_RATINGS_SCHEMA", "CLASS_GOOD_SAVES", "ABILITIES", "KEYS", "BONUS_TARGETS",
    "STAT_NAMES", "example_names", "load_example", "MAX_LEVEL", "compare",
    "condition_effects", "COMPARED", "MAX_ABILITY", "ZERO_ABILITY_ALLOWED", "MAX_NOTES",
    "MAX_TEXT", "MAX_GEAR_NUMBER",
]

TEXT = "000_8d1d7816ee944f3b.txt"




# --------------------------------------------------------------------------- errors


class CreatureError(LfgError, ValueError):
    """A creature with bad, unknown or out-of-range fields.

    Attributes:
        problems: ``(field, message)`` for every bad field (``abilities.con``,
            ``conditions[2]``, ...).
        fields: Just the field names.
    """

    def __init__(self, problems: Iterable[tuple[str, str]], what: str = "creature") -> None:
        self.problems: tuple[tuple[str, str], ...] = tuple(problems)
        self.fields: tuple[str, ...] = tuple(f for f, _ in self.problems)
        n = len(self.problems)
        lines = [f"invalid {what}: {n} bad field{'s' if n != 1 else ''}"]
        lines += [f"  {f}: {m}" for f, m in self.problems]
        super().__init__("\n".join(lines))


# --------------------------------------------------------------------------- creature

_RULE_AC = _cite("Armor Class (AC) - What is it?")
_RULE_OTHER_AC = _cite("What are the other kinds of AC? (FFAC, TouchAC, ACvsCrit)")
_FORMULAS = {
    "ac": f"{_RULE_AC}: AC = 10+DEXMod+ArmorRating+NaturalArmorRating+ShieldRating+SizeMod",
    "ff_ac": f"{_RULE_OTHER_AC}: DEXMod +3 or higher: FFAC = AC-DEXMod-ShieldRating-Dodge "
             "Bonus; +2 or lower: FFAC = AC-ShieldRating-Dodge Bonus-2",
    "touch_ac": f"{_RULE_OTHER_AC}: TouchAC = AC-ArmorRating-ShieldRating-NaturalArmorRating",
    "ac_vs_crit": f"{_RULE_OTHER_AC}: ACvsCrit = 10+DEXMod+ArmorRatingvsCrit+"
                  "NaturalArmorRating+ShieldRating+SizeMod",
}
_AC_KINDS = ("ac", "ff_ac", "touch_ac", "ac_vs_crit")

#: The statistics :meth:`Creature.stat` and :meth:`Creature.explain` know.
STAT_NAMES: tuple[str, ...] = (
    "hr", "ac", "ff_ac", "touch_ac", "ac_vs_crit", "max_hp", "injured_threshold",
    "temp_hp_cap", "death_threshold", "fort", "ref", "will", "initiative_bonus",
    "melee_attack", "ranged_attack", "move_speed", "attacks_per_turn", "space", "reach",
    "physical_damage_pct", "skill", "physical_skill", "mobility_skill")


def _ac_against_attack(conds: ConditionSet, against: str | None, distance_ft: int | None,
                       notes: list[str]) -> list[Bonus]:
    """The conditions' AC modifiers that depend on the attack, and notes on the rest.

    Prone's melee/within-5-ft modifier and Cover's ranged/15+-ft one count for a matching
    ``against``; with ``against=None`` both become notes. Miss chances and fortune against
    attackers are always notes.
    """
    bonuses: list[Bonus] = []
    melee = conds.modifiers("ac_vs_melee")
    far = conds.modifiers("ac_vs_ranged_far")
    if against == "melee" or (against == "ranged" and distance_ft is not None
                              and distance_ft <= 5):
        bonuses += melee
    elif against == "ranged" and distance_ft is not None and distance_ft >= 15:
        bonuses += far
    elif against is None:
        notes += [f"{b.source}: {b.value:+d} against melee attacks and ranged attacks "
                  "from within 5 ft" for b in melee]
        notes += [f"{b.source}: {b.value:+d} ({b.type.value if b.type else 'untyped'}) "
                  "against ranged attacks from 15+ ft" for b in far]
    if against is None or against == "ranged":
        if conds.attackers_miss_chance:
            notes.append(f"attacks against it have a {conds.attackers_miss_chance}% "
                         "miss chance")
    if conds.attackers_melee_fortune is not None and against in (None, "melee"):
        notes.append(f"melee attacks against it are {conds.attackers_melee_fortune.value}")
    return bonuses


@dataclass(frozen=True)
class Creature:
    """A creature: what its character sheet says, and every statistic derived from it.

    Build one with :meth:`from_dict` or :meth:`load`; the constructor takes the same
    values typed (it validates them the same way). Fields (the mapping keys are in
    brackets where they differ):

    Attributes:
        name: The creature's name.
        level: Character or monster level, 0 to :data:`MAX_LEVEL`.
        character_class: [``class``] one of ``data/classes.csv``, ``None`` for a monster.
        abilities: The six ability scores (missing ones are 10).
        size: :class:`Size` (default Medium).
        armor: :class:`Armor` (rating, vs_crit; vs_crit defaults to the rating).
        shield_rating: Shield Rating. natural_armor: Natural Armor Rating.
        speed: Base Move Speed in feet (default 30).
        kind: :class:`Kind` (pc, npc, goon, boss). Default: ``pc`` with a class, ``npc``
            without one - "Goons, basic monsters, & most NPCs die when they reach (-Level)
            HP" (000_8d1d7816ee944f3b.txt, "NPC & Enemy Death"); give ``kind: boss`` to a
            monster that uses the PC rules for dying. creature_type: :class:`CreatureType`.
        max_hp_override: [``max_hp``] max HP given instead of computed (monsters).
        current_hp: Current HP (``None``: full). temp_hp: Temporary HP.
        initiative_rating: Initiative Rating.
        reactions: Reactions per round (1; more from class abilities or Feats).
        save_ratings: :class:`SaveRatings` given instead of the class's.
        hr_progression: HR progression given instead of the class's (monsters: medium).
        reach_override: [``reach``] Natural Reach in feet instead of the size's.
        weapons, resistances: Kept as given (read-only), for the attack rules.
        conditions: The creature's own conditions, stacked (:class:`Affliction`).
        bonuses: Typed bonuses to statistics (:class:`StatBonus`).
        example: Marks example data. notes: Free text.
    """

    name: str
    level: int
    character_class: str | None = None
    abilities: Abilities = Abilities()
    size: Size = Size.MEDIUM
    armor: Armor = Armor()
    shield_rating: int = 0
    natural_armor: int = 0
    speed: int = 30
    kind: Kind | None = None
    creature_type: CreatureType = CreatureType.LIVING
    max_hp_override: int | None = None
    current_hp: int | None = None
    temp_hp: int = 0
    initiative_rating: int = 0
    reactions: int = 1
    save_ratings: SaveRatings | None = None
    hr_progression: HRProgression | None = None
    reach_override: int | None = None
    weapons: tuple[Any, ...] = ()
    resistances: FrozenMap = FrozenMap()
    conditions: tuple[Affliction, ...] = ()
    bonuses: tuple[StatBonus, ...] = ()
    example: bool = False
    notes: str | None = None

    def __post_init__(self) -> None:
        try:
            raw = self.to_dict()
        except Exception as exc:  # a field of the wrong type
            raise CreatureError([("(fields)", f"cannot read the fields ({exc}); build "
                                  "creatures with Creature.from_dict(...)")]) from None
        values, problems = _parse(raw)
        if problems:
            raise CreatureError(problems, what=f"creature {short(self.name)}")
        for k, v in values.items():
            object.__setattr__(self, k, v)

    # ----------------------------------------------------------------- building

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Creature":
        """Build a creature from a plain mapping (as read from YAML or JSON).

        Args:
            d: Keys from :data:`KEYS`: ``name`` and ``level`` are required; ``class`` or
                (for monsters) ``max_hp`` too. ``kind`` defaults to ``pc`` with a class and
                to ``npc`` without one (a basic monster dies at -level HP, "NPC & Enemy
                Death"). Conditions are written as text
                (``"prone"``, ``"bleed 2"``, ``"weakened 3"``, ``"stunned for 2 rounds"``).

        Returns:
            The creature.

        Raises:
            CreatureError: every bad field at once (unknown keys with "did you mean",
                out-of-range numbers with the allowed range, unknown class or condition).
        """
        values, problems = _parse(d)
        if problems:
            name = d.get("name") if isinstance(d, Mapping) else None
            raise CreatureError(problems, what=f"creature {short(name)}" if name else "creature")
        obj = object.__new__(cls)
        for f in fields(cls):
            object.__setattr__(obj, f.name, values[f.name])
        return obj

    def to_dict(self) -> dict[str, Any]:
        """The creature as a plain mapping; ``from_dict(c.to_dict()) == c``.

        Returns:
            A new dict of plain values (text, numbers, lists, dicts); optional keys at
            their default are left out.
        """
        return {**self._core_dict(), **self._vitals_dict(), **self._extras_dict()}

    def _core_dict(self) -> dict[str, Any]:
        """Name, level, class, abilities, size, armor, speed, kind and type."""
        d: dict[str, Any] = {"name": self.name, "level": self.level}
        if self.character_class is not None:
            d["class"] = self.character_class
        d["abilities"] = self.abilities.to_dict()
        d["size"] = getattr(self.size, "value", self.size)
        d["armor"] = self.armor.to_dict() if isinstance(self.armor, Armor) else self.armor
        d["shield_rating"] = self.shield_rating
        d["natural_armor"] = self.natural_armor
        d["speed"] = self.speed
        if self.kind is not None:
            d["kind"] = getattr(self.kind, "value", self.kind)
        d["creature_type"] = getattr(self.creature_type, "value", self.creature_type)
        return d

    def _vitals_dict(self) -> dict[str, Any]:
        """Hit points (those set), initiative rating and reactions (when not 1)."""
        d: dict[str, Any] = {}
        for key, value in (("max_hp", self.max_hp_override), ("current_hp", self.current_hp)):
            if value is not None:
                d[key] = value
        if self.temp_hp:
            d["temp_hp"] = self.temp_hp
        d["initiative_rating"] = self.initiative_rating
        if self.reactions != 1:
            d["reactions"] = self.reactions
        return d

    def _extras_dict(self) -> dict[str, Any]:
        """The optional keys that are not at their default, in file order."""
        d: dict[str, Any] = {}
        if self.save_ratings is not None:
            d["save_ratings"] = self.save_ratings.to_dict()
        if self.hr_progression is not None:
            d["hr_progression"] = getattr(self.hr_progression, "value", self.hr_progression)
        if self.reach_override is not None:
            d["reach"] = self.reach_override
        if self.weapons:
            d["weapons"] = _thaw(tuple(self.weapons))
        if self.resistances:
            d["resistances"] = _thaw(FrozenMap(self.resistances))
        if self.conditions:
            d["conditions"] = [str(a) for a in self.conditions]
        if self.bonuses:
            d["bonuses"] = [b.to_dict() for b in self.bonuses]
        if self.example:
            d["example"] = True
        if self.notes is not None:
            d["notes"] = self.notes
        return d

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> "Creature":
        """Read a creature from a ``.yaml``/``.yml`` or ``.json`` file.

        YAML is read with a safe loader only (a file can never run code), and a hostile
        file is refused cheaply (:mod:`lfgcombat.datafile`): at most 1 MB is read, anchors
        and aliases, duplicate keys, nesting deeper than 32 and numbers of more than 30
        digits are refused.

        Args:
            path: The file.

        Returns:
            The creature.

        Raises:
            CreatureError: unreadable or oversized file, unknown suffix, bad or hostile
                YAML/JSON, bad fields.
        """
        path = Path(path)
        suffix = path.suffix.lower()
        if suffix not in (".yaml", ".yml", ".json"):
            raise CreatureError([("(file)", f"{path}: unknown file type {short(suffix)}; use "
                                  ".yaml, .yml or .json")])
        try:
            data = load_text(read_file(path), "json" if suffix == ".json" else "yaml",
                             str(path))
        except DataFileError as exc:
            raise CreatureError([("(file)", str(exc))]) from None
        try:
            return cls.from_dict(data)
        except CreatureError as exc:
            raise CreatureError(exc.problems, what=f"creature file {path}") from None

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the creature to a ``.yaml``/``.yml`` or ``.json`` file.

        The file is replaced in one step (written beside it, then renamed), so a failed
        save leaves the old file as it was.

        Args:
            path: The file; the suffix chooses the format.

        Returns:
            The path written.

        Raises:
            CreatureError: unknown suffix.
        """
        path = Path(path)
        suffix = path.suffix.lower()
        if suffix not in (".yaml", ".yml", ".json"):
            raise CreatureError([("(file)", f"{path}: unknown file type {suffix!r}; use "
                                  ".yaml, .yml or .json")])
        data = self.to_dict()
        if suffix == ".json":
            text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
        else:
            text = dump_yaml(data)
        return atomic_write_text(path, text)

    def replace(self, **changes: Any) -> "Creature":
        """A copy with some keys changed, validated like :meth:`from_dict`.

        Keys are those of :meth:`to_dict` (``class_`` may stand for ``class``). Mapping
        values for ``abilities``, ``armor`` and ``save_ratings`` update the current ones:
        ``c.replace(abilities={"con": 14})`` keeps the other five scores.

        Raises:
            CreatureError: the changed creature is invalid (this one is unchanged).
        """
        d = self.to_dict()
        for key, value in changes.items():
            key = "class" if key == "class_" else key
            if key in ("abilities", "armor", "save_ratings") and isinstance(value, Mapping) \
                    and isinstance(d.get(key), dict):
                d[key] = {**d[key], **value}
            elif value is None and key in d and key not in ("name", "level"):
                del d[key]
            else:
                d[key] = value
        return Creature.from_dict(d)

    def with_condition(self, condition: "str | Mapping | Affliction") -> "Creature":
        """A copy that has gained a condition (stacking and on-gain rules applied).

        See :func:`lfgcombat.conditions.gain`; use :meth:`gain_condition` to also get
        what the gain sets off (Weakened 5+ damage, Ablaze's first 1d6).

        Raises:
            ConditionError: unknown condition or bad value.
        """
        return self.gain_condition(condition)[0]

    def gain_condition(self, condition: "str | Mapping | Affliction"
                       ) -> tuple["Creature", Gained]:
        """Gain a condition; return the new creature and the :class:`Gained` report."""
        gained = gain(self.conditions, condition, self.level)
        obj = object.__new__(Creature)
        for f in fields(Creature):
            object.__setattr__(obj, f.name, getattr(self, f.name))
        object.__setattr__(obj, "conditions", gained.afflictions)
        return obj, gained

    def without_condition(self, condition: "Condition | str") -> "Creature":
        """A copy without a condition (all of its value: all Bleed, every Weakened stage).

        Conditions implied by others (Helpless from Unconscious) or by HP (Injured) are
        not stored, so they cannot be removed this way.

        Raises:
            ConditionError: unknown condition.
        """
        cond = lookup(condition) if not isinstance(condition, Condition) else condition
        return self.replace(conditions=[str(a) for a in self.conditions
                                        if a.condition is not cond])

    # ----------------------------------------------------------------- basics

    def ability_mod(self, ability: str) -> int:
        """The modifier of one ability: ``creature.ability_mod("dex")``."""
        return self.abilities.mod(ability)

    @property
    def size_row(self) -> Mapping[str, Any]:
        """The creature's row of ``data/sizes.csv``."""
        return self.size.row

    @cached_property
    def active_conditions(self) -> ConditionSet:
        """Every condition in effect: its own, the implied ones and those from its HP.

        HP at or below the Injured Threshold adds Injured ("Injury & Injured Threshold");
        at 0 HP or below it is Dying while bleeding, else Unconscious ("Unconscious &
        Dying", "Stabilize when Dying").
        """
        extra: list[tuple[Condition, str]] = []
        threshold = self.injured_threshold.value
        hp = self.hp
        if threshold is not None and hp <= threshold:
            extra.append((Condition.INJURED, f"HP {hp} at or below the Injured Threshold "
                                             f"{threshold}"))
        if hp <= 0:
            bleeding = any(a.condition is Condition.BLEED for a in self.conditions)
            extra.append((Condition.DYING if bleeding else Condition.UNCONSCIOUS,
                          f"HP {hp} at or below 0" + (" and bleeding" if bleeding else "")))
        return resolve(self.conditions, extra)

    def _bonuses_to(self, *targets: str) -> list[Bonus]:
        return [b.bonus for b in self.bonuses if b.target in targets]

    # ----------------------------------------------------------------- HR

    @property
    def hr_progression_used(self) -> HRProgression:
        """The HR progression: given, else the class's, else Medium for monsters.

        Monsters: inferred from the text's elephant, "Level 11 Huge ... 7HR"
        ("Crushing Advance"): floor(0.64 x 11) = 7.
        """
        if self.hr_progression is not None:
            return self.hr_progression
        if self.character_class is not None:
            return HRProgression(_class_rows()[self.character_class]["hr_progression"])
        return HRProgression.MEDIUM

    @cached_property
    def hr(self) -> Stat:
        """Hit Rating (000_8d1d7816ee944f3b.txt, "Hit Rating (HR)", "The Math behind HR")."""
        p = self.hr_progression_used
        value = hit_rating(self.level, p)
        formula = {HRProgression.HIGH: f"floor(0.74 x {self.level}) + 1",
                   HRProgression.MEDIUM: f"floor(0.64 x {self.level})",
                   HRProgression.LOW: f"floor(0.49 x {self.level})"}[p]
        whose = (f"{self.character_class}" if self.hr_progression is None
                 and self.character_class else
                 "given" if self.hr_progression is not None else "monster default, inferred")
        return Stat("hr", value, (Term(f"{p.value.title()} HR ({whose}): {formula}", value),),
                    rule=_cite("Hit Rating (HR)", "The Math behind HR"))

    # ----------------------------------------------------------------- AC family

    def armor_class(self, kind: str = "ac", *, against: str | None = None,
                    distance_ft: int | None = None) -> Stat:
        """One AC value, optionally against one kind of attack.

        Args:
            kind: ``ac``, ``ff_ac``, ``touch_ac`` or ``ac_vs_crit``.
            against: ``melee`` or ``ranged`` to include modifiers that depend on the
                attack (Prone: -4 against melee and ranged from within 5 feet, +2 Cover
                against ranged from 15+ feet); ``None`` lists them as notes.
            distance_ft: Distance of a ranged attack.

        Returns:
            The :class:`Stat`. With the Flat-Footed condition every AC value is computed
            the flat-footed way (so ``ac`` equals ``ff_ac``).

        Raises:
            ValueError: unknown ``kind`` or ``against``.
        """
        if kind not in _AC_KINDS:
            raise ValueError(f"unknown AC value {kind!r}; one of {', '.join(_AC_KINDS)}")
        if against not in (None, "melee", "ranged"):
            raise ValueError(f"against must be 'melee', 'ranged' or None, not {against!r}")
        conds = self.active_conditions
        flat_footed = kind == "ff_ac" or Condition.FLAT_FOOTED in conds
        lose_ds = flat_footed or bool(conds.flagged("loses_dodge_and_shield"))
        terms = [Term("base", 10)]
        notes: list[str] = []
        dex_mod = self._ac_dex_term(conds, flat_footed, terms, notes)
        if kind != "touch_ac":
            self._ac_armor_terms(kind, conds, flat_footed, lose_ds, terms, notes)
        size_mod = int(self.size_row["attack_ac_mod"])
        terms.append(Term(f"size ({self.size.value})", size_mod))
        bonuses: list[Bonus] = []
        if flat_footed and dex_mod <= 2:
            bonuses.append(Bonus(-2, None, "flat-footed (DEXMod +2 or lower)"))
        bonuses += self._ac_typed_bonuses(kind, lose_ds, notes)
        bonuses += conds.modifiers("ac")
        bonuses += _ac_against_attack(conds, against, distance_ft, notes)
        stacked = stack(bonuses)
        value = sum(t.value for t in terms) + stacked.total
        if against is not None:
            notes.insert(0, f"against a {against} attack"
                         + (f" from {distance_ft} ft" if distance_ft is not None else ""))
        return Stat(kind, value, tuple(terms), stacked, tuple(notes), _FORMULAS[kind])

    def _ac_dex_term(self, conds: ConditionSet, flat_footed: bool, terms: list[Term],
                     notes: list[str]) -> int:
        """Add the DEXMod term (DEX 0 when helpless; lost flat-footed at +3 or more).

        Returns:
            The DEXMod used for the flat-footed penalty, whether or not it counted.
        """
        helpless = conds.flagged("dex_zero_vs_attacks")
        dex = self.abilities["dex"]
        dex_mod = ability_mod(dex)
        if helpless:
            dex_mod = -5
            dex_label = f"DEX mod (effective DEX 0: {helpless[0]})"
        else:
            dex_label = f"DEX mod (DEX {dex})"
        if flat_footed and dex_mod >= 3:
            notes.append(f"flat-footed: DEX mod {dex_mod:+d} lost (DEXMod +3 or higher)")
        else:
            terms.append(Term(dex_label, dex_mod))
        return dex_mod

    def _ac_armor_terms(self, kind: str, conds: ConditionSet, flat_footed: bool,
                        lose_ds: bool, terms: list[Term], notes: list[str]) -> None:
        """Add Armor Rating (or vs Crit), Natural Armor and Shield Rating (unless lost)."""
        named = f" ({self.armor.name})" if self.armor.name else ""
        if kind == "ac_vs_crit":
            terms.append(Term("Armor Rating vs Crit" + named, self.armor.vs_crit))
        else:
            terms.append(Term("Armor Rating" + named, self.armor.rating))
        terms.append(Term("Natural Armor Rating", self.natural_armor))
        if not lose_ds:
            terms.append(Term("Shield Rating", self.shield_rating))
        elif self.shield_rating:
            why = "flat-footed" if flat_footed else conds.flagged("loses_dodge_and_shield")[0]
            notes.append(f"Shield Rating {self.shield_rating} lost ({why})")

    def _ac_typed_bonuses(self, kind: str, lose_ds: bool, notes: list[str]) -> list[Bonus]:
        """The creature's AC bonuses that apply to ``kind`` (the others become notes)."""
        types = _bonus_type_rows()
        kept: list[Bonus] = []
        for b in self._bonuses_to("ac"):
            row = types[b.type.value] if b.type is not None and not b.is_penalty else None
            if row is not None and kind not in row["ac_values"]:
                notes.append(f"{b} does not apply to {_TITLES[kind]}")
                continue
            if row is not None and lose_ds and row["lost_when_flat_footed"]:
                notes.append(f"{b} lost (flat-footed or helpless)")
                continue
            kept.append(b)
        return kept

    @cached_property
    def ac(self) -> Stat:
        """Armor Class (000_8d1d7816ee944f3b.txt, "Armor Class (AC) - What is it?")."""
        return self.armor_class("ac")

    @cached_property
    def ff_ac(self) -> Stat:
        """Flat-Footed AC: the text's two cases by DEXMod (+3 or higher / +2 or lower)."""
        return self.armor_class("ff_ac")

    @cached_property
    def touch_ac(self) -> Stat:
        """TouchAC: AC without Armor, Shield and Natural Armor Ratings."""
        return self.armor_class("touch_ac")

    @cached_property
    def ac_vs_crit(self) -> Stat:
        """ACvsCrit: AC with the armor's Armor Rating vs Crit."""
        return self.armor_class("ac_vs_crit")

    # ----------------------------------------------------------------- HP

    @property
    def hp_per_level(self) -> int | None:
        """The class's HP per level ("Player Character Classes - HP per Level")."""
        if self.character_class is None:
            return None
        return int(_class_rows()[self.character_class]["hp_per_level"])

    @cached_property
    def max_hp(self) -> Stat:
        """Maximum HP (000_8d1d7816ee944f3b.txt, "Acquiring Hit Points").

        Class HP per level plus CONMod per level, "at least 1HP each level", plus "+2 Hit
        Points upon creation". Ex: "Level 3 Wizard with 12 CON = ... 12+3+2 = 17".
        """
        rule = _cite("Acquiring Hit Points", "Player Character Classes - HP per Level")
        if self.max_hp_override is not None:
            return Stat("max_hp", self.max_hp_override,
                        (Term("max_hp given (monster HP come from Monster Level & Role, "
                              "Ch15.1)", self.max_hp_override),), rule=rule)
        per = self.hp_per_level or 0  # a creature without a class has max_hp given
        con = self.ability_mod("con")
        terms = [Term(f"{self.character_class} {per} HP/level x {self.level}",
                      per * self.level),
                 Term(f"CON mod {con:+d}/level x {self.level} (CON {self.abilities['con']})",
                      con * self.level)]
        if per + con < 1:
            terms.append(Term(f"at least 1 HP each level (+{1 - per - con} x {self.level})",
                              (1 - per - con) * self.level))
        terms.append(Term("creation", 2))
        value = _max_hp_value(self.character_class, self.level, con, None)
        return Stat("max_hp", value, tuple(terms), rule=rule)

    @property
    def hp(self) -> int:
        """Current HP (``current_hp``, or the max HP when not given)."""
        return self.current_hp if self.current_hp is not None else int(self.max_hp)

    @cached_property
    def injured_threshold(self) -> Stat:
        """25% of max HP, rounded down; none with 3 or fewer HP.

        000_8d1d7816ee944f3b.txt, "Injury & Injured Threshold": "Your Injured Threshold is
        one-quarter (25%) of your maximum HP"; "Creatures with 3 or fewer HP do not have an
        Injured Threshold". Rounded down (inferred, as the text's 36 HP -> 9 TempHP).
        """
        rule = _cite("Injury & Injured Threshold")
        mx = int(self.max_hp)
        if mx <= 3:
            return Stat("injured_threshold", None, notes=(
                f"max HP {mx}: creatures with 3 or fewer HP have no Injured Threshold",),
                rule=rule)
        return Stat("injured_threshold", mx // 4,
                    (Term(f"25% of max HP {mx}, rounded down", mx // 4),),
                    notes=("Injured at or below it",), rule=rule)

    @property
    def is_injured(self) -> bool:
        """At or below the Injured Threshold (or given the Injured condition)."""
        return Condition.INJURED in self.active_conditions

    @cached_property
    def temp_hp_cap(self) -> Stat:
        """The most Temporary HP it may have: 25% of max HP ("Temporary Hit Points").

        Ex: "A character with maximum 36HP may never have more than 9 Temporary HP."
        """
        mx = int(self.max_hp)
        return Stat("temp_hp_cap", mx // 4, (Term(f"25% of max HP {mx}, rounded down",
                                                  mx // 4),),
                    rule=_cite("Temporary Hit Points (TempHP)"))

    @cached_property
    def death_threshold(self) -> Stat:
        """The HP at which it dies: -CON score (PCs, bosses) or -level (NPCs, goons).

        000_8d1d7816ee944f3b.txt, "Death": "dies if reduced to a negative number of HP
        equal to its CON Score"; "NPC & Enemy Death": goons and most NPCs "die when they
        reach (-Level) HP".
        """
        kind = self.kind if self.kind is not None else Kind.PC  # set by the parser
        if kind in (Kind.PC, Kind.BOSS):
            con = self.abilities["con"]
            return Stat("death_threshold", -con, (Term(f"-CON score ({kind.value})",
                                                       -con),), rule=_cite("Death"))
        return Stat("death_threshold", -self.level,
                    (Term(f"-level ({kind.value})", -self.level),),
                    rule=_cite("NPC & Enemy Death"))

    @property
    def is_dead(self) -> bool:
        """HP at or below the death threshold."""
        return self.hp <= int(self.death_threshold)

    # ----------------------------------------------------------------- saves

    def saving_throw(self, which: str) -> Stat:
        """One Saving Throw bonus: Save Rating + CON/DEX/WIS mod + bonuses + conditions.

        000_8d1d7816ee944f3b.txt, "Saving Throws": "FORT Save = 1d20 + FORT Save Rating +
        CONMod", REF with DEXMod, WILL with WISMod; "A helpless character automatically
        fails REF Saves"; "You do not suffer any penalty to REF Saves for being surprised
        or Flat-Footed". The Save Ratings come from the reconstructed "Hit Rating & Save
        Rating by Level" table (``data/save_ratings.csv``) unless given.

        Args:
            which: ``fort``, ``ref`` or ``will``.

        Returns:
            The :class:`Stat`; ``auto_fail`` when a condition makes it fail.

        Raises:
            ValueError: unknown save.
        """
        if which not in _SAVE_ABILITY:
            raise ValueError(f"unknown save {which!r}; one of fort, ref, will")
        conds = self.active_conditions
        ability = _SAVE_ABILITY[which]
        if self.save_ratings is not None:
            rating = getattr(self.save_ratings, which)
            rlabel = f"{which.upper()} Save Rating (given)"
        else:
            good = which in CLASS_GOOD_SAVES[self.character_class]
            rating = save_rating(self.level, good)
            who = self.character_class or "monster"
            rlabel = (f"{which.upper()} Save Rating ({'high' if good else 'low'} for "
                      f"{who}, level {self.level}; table inferred)")
        terms = (Term(rlabel, rating),
                 Term(f"{ability.upper()} mod ({ability.upper()} {self.abilities[ability]})",
                      self.ability_mod(ability)))
        bonuses = self._bonuses_to(which, "saves", "d20") + conds.modifiers("d20")
        if which == "ref":
            bonuses += conds.modifiers("ref_save")
        stacked = stack(bonuses)
        value = sum(t.value for t in terms) + stacked.total
        auto_fail = which == "ref" and bool(conds.flagged("auto_fail_ref"))
        notes = tuple(f"fails automatically: {c}" for c in conds.flagged("auto_fail_ref")
                      ) if auto_fail else ()
        heading = {"fort": "Fortitude Saving Throw = FORT Save",
                   "ref": "Reflex Saving Throw = REF Save",
                   "will": "Will Saving Throw = WILL Save"}[which]
        return Stat(which, value, terms, stacked, notes,
                    _cite("Saving Throws", heading) + f": {which.upper()} Save = 1d20 + "
                    f"{which.upper()} Save Rating + {ability.upper()}Mod",
                    fortune=conds.fortune(), auto_fail=auto_fail)

    @cached_property
    def saves(self) -> Mapping[str, Stat]:
        """``{"fort": Stat, "ref": Stat, "will": Stat}``."""
        return {w: self.saving_throw(w) for w in ("fort", "ref", "will")}

    @property
    def fort(self) -> Stat:
        """The Fortitude save bonus, ``saving_throw("fort")`` (cached with :attr:`saves`)."""
        return self.saves["fort"]

    @property
    def ref(self) -> Stat:
        """The Reflex save bonus, ``saving_throw("ref")`` (cached with :attr:`saves`)."""
        return self.saves["ref"]

    @property
    def will(self) -> Stat:
        """The Will save bonus, ``saving_throw("will")`` (cached with :attr:`saves`)."""
        return self.saves["will"]

    # ----------------------------------------------------------------- rolls

    def attack_bonus(self, kind: str = "melee") -> Stat:
        """Attack roll bonus before the weapon: HR + STR (melee) or DEX (ranged) + SizeMod.

        000_8d1d7816ee944f3b.txt, "Attack Rolls": "Melee Attack Roll: 1d20+HR+STRMod+SizeMod",
        "Ranged Attack Roll: 1d20+HR+DEXMod-Range Penalty+SizeMod"; plus typed bonuses and
        the conditions' attack and d20 penalties.

        Args:
            kind: ``melee`` or ``ranged``.

        Returns:
            The :class:`Stat` (named ``melee_attack`` or ``ranged_attack``).
        """
        if kind not in ("melee", "ranged"):
            raise ValueError(f"kind must be 'melee' or 'ranged', not {kind!r}")
        conds = self.active_conditions
        ability = "str" if kind == "melee" else "dex"
        terms = (Term("HR", int(self.hr)),
                 Term(f"{ability.upper()} mod ({ability.upper()} {self.abilities[ability]})",
                      self.ability_mod(ability)),
                 Term(f"size ({self.size.value})", int(self.size_row["attack_ac_mod"])))
        bonuses = (self._bonuses_to("attack", f"{kind}_attack", "d20")
                   + conds.modifiers("attack") + conds.modifiers("d20"))
        stacked = stack(bonuses)
        notes = []
        if conds.miss_chance:
            notes.append(f"its attacks have a {conds.miss_chance}% miss chance (targets "
                         "have concealment to it)")
        if kind == "ranged" and Condition.PRONE in conds:
            notes.append("prone: crossbows and firearms take no attack penalty")
        formula = ("1d20+HR+STRMod+SizeMod" if kind == "melee"
                   else "1d20+HR+DEXMod-Range Penalty+SizeMod")
        return Stat(f"{kind}_attack", sum(t.value for t in terms) + stacked.total, terms,
                    stacked, tuple(notes), _cite("Attack Rolls") + f": {formula}",
                    fortune=conds.fortune())

    @cached_property
    def melee_attack(self) -> Stat:
        """``attack_bonus("melee")``: 000_8d1d7816ee944f3b.txt, "Attack Rolls" (cached)."""
        return self.attack_bonus("melee")

    @cached_property
    def ranged_attack(self) -> Stat:
        """``attack_bonus("ranged")``: 000_8d1d7816ee944f3b.txt, "Attack Rolls" (cached)."""
        return self.attack_bonus("ranged")

    @cached_property
    def initiative_bonus(self) -> Stat:
        """Initiative bonus: Initiative Rating + DEXMod + WISMod.

        000_8d1d7816ee944f3b.txt, "Rounds, Initiative, & Turn Order": "Initiative Check =
        1d20 + Initiative Rating + DEX Mod + WIS Mod".
        """
        conds = self.active_conditions
        terms = (Term("Initiative Rating", self.initiative_rating),
                 Term(f"DEX mod (DEX {self.abilities['dex']})", self.ability_mod("dex")),
                 Term(f"WIS mod (WIS {self.abilities['wis']})", self.ability_mod("wis")))
        stacked = stack(self._bonuses_to("initiative", "d20") + conds.modifiers("d20"))
        return Stat("initiative_bonus", sum(t.value for t in terms) + stacked.total, terms,
                    stacked, rule=_cite("Rounds, Initiative, & Turn Order")
                    + ": Initiative Check = 1d20 + Initiative Rating + DEX Mod + WIS Mod",
                    fortune=conds.fortune())

    def skill_modifier(self, kind: str = "skill") -> Stat:
        """What conditions and ``d20`` bonuses add to skill checks (skills are not modelled).

        Args:
            kind: ``skill`` (every skill: the d20 penalties), ``physical_skill`` (also
                the "Physical Skill checks"/"Physical Actions" penalties of Cramped and
                Hindered) or ``mobility_skill`` (also the Mobility Penalty of encumbrance).

        Returns:
            The :class:`Stat`.
        """
        if kind not in ("skill", "physical_skill", "mobility_skill"):
            raise ValueError(f"kind must be skill, physical_skill or mobility_skill, "
                             f"not {kind!r}")
        conds = self.active_conditions
        bonuses = self._bonuses_to("d20") + conds.modifiers("d20")
        if kind in ("physical_skill", "mobility_skill"):
            bonuses += conds.modifiers("physical")
        if kind == "mobility_skill":
            bonuses += conds.modifiers("mobility")
        stacked = stack(bonuses)
        return Stat(kind, stacked.total, (), stacked,
                    rule=_cite("Conditions – Full Details", "Encumbered"),
                    fortune=conds.fortune())

    @cached_property
    def physical_damage_pct(self) -> Stat:
        """% change to the physical damage it deals (Weakened: -10% per stage)."""
        conds = self.active_conditions
        terms = tuple(Term(f"{e.label}", e.spec.physical_damage_pct) for e in conds
                      if e.spec.physical_damage_pct)
        return Stat("physical_damage_pct", sum(t.value for t in terms), terms,
                    rule=_cite("Weakened"))

    # ----------------------------------------------------------------- movement & size

    @cached_property
    def move_speed(self) -> MoveSpeed:
        """Move Speed after bonuses and conditions (see :func:`lfgcombat.movement.move_speed`).

        Ex ("Bonus/Penalty to Move Speed"): 30 ft + Barbarian Fast Movement 10 = 40 ft;
        encumbered to 75%: 30 ft.
        """
        conds = self.active_conditions
        mods = [SpeedModifier(e.label, e.spec.speed_flat, e.spec.speed_flat_50_plus,
                              e.spec.speed_floor, e.spec.speed_multiplier)
                for e in conds if e.spec.speed_flat or e.spec.speed_multiplier != 1]
        return move_speed(self.speed, bonuses=self._bonuses_to("speed"), modifiers=mods,
                          immobile=conds.flagged("immobile"),
                          cannot_run=conds.flagged("cannot_run"),
                          cannot_5ft_step=conds.flagged("cannot_5ft_step"))

    @cached_property
    def actions(self) -> ActionLimits:
        """Actions per turn left by its conditions (2 Big, 1 Little, 1 Reaction normally).

        "Other Reactions may be granted by class abilities, Feats, and so on" (000_8d1d7816
        ee944f3b.txt, "Reactions & AOO:"): the creature's ``reactions`` key (default 1)
        sets how many it has per round when its conditions allow Reactions at all.
        """
        limits = self.active_conditions.action_limits()
        if self.reactions != 1 and limits.reactions > 0:
            limits = dataclasses.replace(
                limits, reactions=self.reactions,
                notes=limits.notes + (f"{self.reactions} Reactions a round (class ability or "
                                      "Feat)",))
        return limits

    @cached_property
    def attacks_per_turn(self) -> Stat:
        """Attacks on its turn by level and the Big Actions it has ("Attacks Per Turn")."""
        big = self.actions.big_actions
        value = attacks_per_turn(self.level, big)
        band = ("0-4" if self.level <= 4 else "5-9" if self.level <= 9 else
                "10-14" if self.level <= 14 else "15+")
        notes = (f"{big} Big Action{'s' if big != 1 else ''} this turn",) if big != 2 else ()
        return Stat("attacks_per_turn", value,
                    (Term(f"level {self.level} (band {band})", value),), notes=notes,
                    rule=_cite("Attacks Per Turn"))

    @cached_property
    def space(self) -> Stat:
        """Hexes it occupies, from ``data/sizes.csv`` ("Creature Size: Size, Space, Reach")."""
        row = self.size_row
        return Stat("space", float(row["space_hexes"]), notes=(
            f"{self.size.value}: {row['space_ft']} ft",), rule=row["source"].split(";")[0])

    @cached_property
    def reach(self) -> Stat:
        """Natural Reach in feet: given, else the size's ("Reach & Threatened Area")."""
        row = self.size_row
        if self.reach_override is not None:
            return Stat("reach", self.reach_override,
                        (Term("reach given", self.reach_override),),
                        notes=(_hexes(self.reach_override // 5),),
                        rule=_cite("Reach & Threatened Area"))
        return Stat("reach", int(row["reach_ft"]),
                    (Term(f"{self.size.value} size", int(row["reach_ft"])),),
                    notes=(_hexes(int(row["reach_hexes"])),),
                    rule=_cite("Reach & Threatened Area"))

    @property
    def resistance(self) -> Resistances:
        """Its resistances as the damage rules read them (DR X/Y, elemental, energy)."""
        return Resistances.from_dict(_thaw(FrozenMap(self.resistances)))

    @property
    def threat_reach_ft(self) -> int:
        """How far it threatens, in feet: 0 when it threatens nothing.

        000_8d1d7816ee944f3b.txt, "Reach & Threatened Area": melee weapons threaten "the
        same distance as your Natural Reach" unless the weapon says otherwise (a weapon's
        ``reach`` in feet: longspears, halberds); natural weapons threaten within Natural
        Reach; "If you are unarmed, you do not threaten"; "Most Ranged-Only Weapons do not
        threaten. (Exception: Loaded Crossbows Threaten out to 10 feet.)" A weapon is
        ranged-only when its entry says ``ranged: true``.
        """
        return self._threat_reach() or 0

    def _threat_reach(self) -> int | None:
        # None: no weapon threatens. 0: Tiny/Diminutive reach, its own hex only.
        from .attacks import WeaponError, resolve_weapon  # attacks builds on creatures

        natural = int(self.reach)
        best: int | None = None
        reach: Any
        for entry in self.weapons:
            w = entry if isinstance(entry, Mapping) else {"name": str(entry)}
            name = str(w.get("name", "")).lower()
            try:  # the weapons table knows what is melee, ranged-only or never threatens
                weapon = resolve_weapon(self, w)
                melee = "melee" in weapon.uses and "no_threat" not in weapon.traits
                reach = weapon.reach_ft
            except (WeaponError, LfgError):  # a weapon only this creature has
                melee, reach = not w.get("ranged"), w.get("reach")
            if w.get("ranged"):
                melee = False
            if melee:
                best = max(best or 0, int(natural if reach is None else reach))
            elif "crossbow" in name and w.get("loaded", True):
                best = max(best or 0, 10)
        return best

    @property
    def threatens(self) -> bool:
        """Whether it threatens anything now: it needs a weapon that threatens (see
        :attr:`threat_reach_ft`; a Tiny creature's reach of 0 threatens its own hex) and no
        condition that stops it (Prone, Blinded, Helpless, Grappled, ...)."""
        return self._threat_reach() is not None and self.active_conditions.threatens

    def spellcasting(self, spell_level: int = 0) -> SpellCasting:
        """Perseverance DCs, spell failure and impossibility from its conditions."""
        return self.active_conditions.spellcasting(spell_level)

    # ----------------------------------------------------------------- explanations

    def stat(self, name: str) -> Stat | MoveSpeed:
        """One derived statistic by name (see :data:`STAT_NAMES`).

        Raises:
            KeyError: unknown name (the message lists the known ones).
        """
        if name in ("fort", "ref", "will"):
            return self.saves[name]
        if name in ("skill", "physical_skill", "mobility_skill"):
            return self.skill_modifier(name)
        if name not in STAT_NAMES:
            raise KeyError(f"unknown statistic {name!r}; {_hint(name, STAT_NAMES)}known: "
                           + ", ".join(STAT_NAMES))
        return getattr(self, name)

    def explain(self, name: str) -> str:
        """How one statistic is made, e.g. ``creature.explain("ac")``."""
        return self.stat(name).explain()

    def stats(self) -> dict[str, Stat | MoveSpeed]:
        """Every derived statistic, by name."""
        return {n: self.stat(n) for n in STAT_NAMES}

    def stats_frame(self) -> pd.DataFrame:
        """Every statistic as a DataFrame: ``stat``, ``value``, ``explanation``."""
        return pd.DataFrame([{"stat": n, "value": s.value, "explanation": s.explain()}
                             for n, s in self.stats().items()],
                            columns=["stat", "value", "explanation"], dtype=object)

    def _repr_html_(self) -> str:
        """The stat block shown in a notebook (see :mod:`lfgcombat.statblock`)."""
        return stat_block_html(self)

    def summary(self) -> str:
        """One line: name, level, class, HP, AC values, HR, saves, speed."""
        who = self.character_class or f"{self.size.value} monster"
        sv = " ".join(f"{k.upper()} {s.value:+d}" for k, s in self.saves.items())
        cond = (" [" + ", ".join(e.label for e in self.active_conditions) + "]"
                if len(self.active_conditions) else "")
        return (f"{self.name}, level {self.level} {who}: HP {self.hp}/{self.max_hp.value}, "
                f"AC {self.ac.value} (FF {self.ff_ac.value}, touch {self.touch_ac.value}, "
                f"vs crit {self.ac_vs_crit.value}), HR {self.hr.value}, {sv}, "
                f"speed {self.move_speed.value} ft{cond}")


# --------------------------------------------------------------------------- comparing

#: The statistics :func:`compare` and :func:`condition_effects` look at, in order.
COMPARED = ("ac", "ff_ac", "touch_ac", "ac_vs_crit", "melee_attack", "ranged_attack", "fort",
            "ref", "will", "initiative_bonus", "move_speed", "physical_damage_pct", "skill")


def compare(before: "Creature", after: "Creature") -> pd.DataFrame:
    """The statistics that differ between two versions of a creature.

    Returns:
        One row per changed statistic (``stat``, ``before``, ``after``), plus ``actions``
        and ``fortune`` rows when those change; empty when nothing changed.
    """
    rows = []
    for name in COMPARED:
        a, b = before.stat(name), after.stat(name)
        if a.value != b.value or getattr(a, "auto_fail", False) != getattr(b, "auto_fail", False):
            shown = ("auto-fail" if getattr(b, "auto_fail", False) else b.value)
            rows.append({"stat": name, "before": a.value, "after": shown})
    acts_a = before.actions.explain().splitlines()[0]
    acts_b = after.actions.explain().splitlines()[0]
    if acts_a != acts_b:
        rows.append({"stat": "actions", "before": acts_a, "after": acts_b})
    fa, fb = before.melee_attack.fortune, after.melee_attack.fortune
    if fa != fb:
        rows.append({"stat": "fortune", "before": getattr(fa, "value", "none"),
                     "after": getattr(fb, "value", "none")})
    return pd.DataFrame(rows, columns=["stat", "before", "after"], dtype=object)


def condition_effects(creature: "Creature", conditions: Iterable[str] | None = None
                      ) -> pd.DataFrame:
    """What each condition does to one creature: a row per condition, a column per changed
    statistic (``"18 → 16"``), plus the conditions it brings along.

    Args:
        creature: The creature before (usually with no conditions).
        conditions: Condition texts (``"prone"``, ``"bleed 2"``, ``"weakened 3"``); all of
            them by default, with Weakened at each stage.

    Returns:
        A DataFrame indexed by condition; cells are empty where nothing changed.
    """
    if conditions is None:
        conditions = [c.value for c in Condition if c is not Condition.WEAKENED] + [
            f"weakened {n}" for n in range(1, 6)]
        conditions = [f"{c} 2" if c == "bleed" else c for c in conditions]
    rows = {}
    for text in conditions:
        after = creature.with_condition(text)
        diff = compare(creature, after)
        row = {r["stat"]: f"{r['before']} → {r['after']}" for r in diff.to_dict("records")}
        brought = [e.label for e in after.active_conditions
                   if e.label.lower().replace(" ", "_") != str(text).lower().replace(" ", "_")]
        row["also"] = ", ".join(brought)
        rows[str(text)] = row
    columns = [c for c in (*COMPARED, "actions", "fortune", "also")
               if any(c in r and r[c] for r in rows.values())]
    frame = pd.DataFrame.from_dict(rows, orient="index", columns=columns).fillna("")
    frame.index.name = "condition"
    return frame


# --------------------------------------------------------------------------- examples


def _examples_dir() -> Traversable:
    return resources.files("lfgcombat.data").joinpath("creatures")


def example_names() -> list[str]:
    """Names of the example creature files in ``data/creatures/`` (``rock``, ``ogre``...)."""
    return sorted(p.name.rsplit(".", 1)[0] for p in _examples_dir().iterdir()
                  if p.name.endswith(".yaml"))


def load_example(name: str) -> Creature:
    """Load an example creature (the text's party and the monsters it fights).

    Args:
        name: A file name without ``.yaml`` (see :func:`example_names`), any case.

    Returns:
        The creature (marked ``example``).

    Raises:
        CreatureError: unknown name.
    """
    key = name.strip().lower().replace(" ", "_")
    names = example_names()
    if key not in names:
        raise CreatureError([("(example)", f"no example {name!r}; {_hint(key, names)}"
                              "examples: " + ", ".join(names))])
    text = _examples_dir().joinpath(f"{key}.yaml").read_text(encoding="utf-8")
    try:
        return Creature.from_dict(load_text(text, "yaml", f"{key}.yaml"))
    except CreatureError as exc:
        raise CreatureError(exc.problems, what=f"example {key}.yaml") from None

"""Creatures and their combat statistics: HR, the AC family, HP, saves, size, Move Speed.

A :class:`Creature` is an immutable value built from a plain mapping (or a YAML/JSON file)
with :meth:`Creature.from_dict` / :meth:`Creature.load`, and written back with
:meth:`Creature.to_dict` / :meth:`Creature.save`. It stores only what a character sheet
says (abilities, class, level, size, armor, conditions, ...). Every statistic the rules
derive from those (000_8d1d7816ee944f3b.txt, "Combat Statistics", "Hit Points (HP) - Taking
Damage, Injury, Death:", "Saving Throws", "Creature Size: Size, Space, Reach", "Movement in
Combat") is computed on demand as a :class:`Stat`, which carries its value, the terms and
typed bonuses that made it (stacked by :func:`lfgcombat.rules.bonuses.stack`), the effects of the
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

:class:`Creature` holds the sheet and names each statistic; the rules live in modules
named after their headings, and their public names are re-exported here:

* :mod:`lfgcombat.creature.combat_stats`: the sheet's values, tables and formulas ("The Math
  behind HR", Save Ratings, "Attacks Per Turn"); :mod:`lfgcombat.creature.stats`: :class:`Stat`,
  a number that explains itself; :mod:`lfgcombat.creature.size`: :class:`Size`;
* :mod:`lfgcombat.creature.armor_class`: "Armor Class (AC) - What is it?" and FFAC, TouchAC,
  ACvsCrit;
* :mod:`lfgcombat.creature.hit_points`: "Acquiring Hit Points", "Injury & Injured Threshold",
  "Temporary Hit Points (TempHP)", "Death", "NPC & Enemy Death";
* :mod:`lfgcombat.creature.roll_bonuses`: "Hit Rating (HR)", "Saving Throws", "Attack Rolls",
  "Rounds, Initiative, & Turn Order", the conditions' skill penalties;
* :mod:`lfgcombat.creature.reach`: "Creature Size: Size, Space, Reach", "Reach & Threatened Area";
* :mod:`lfgcombat.rules.turns.turn_limits`: "Movement in Combat" (Move Speed), "Reactions & AOO:",
  "Attacks Per Turn";
* :mod:`lfgcombat.creature.parse` (reading and checking a creature mapping, and
  :class:`CreatureError`), :mod:`lfgcombat.io.creature_files` (YAML/JSON files and the
  examples), :mod:`lfgcombat.io.datafile` (reading hostile YAML/JSON),
  :mod:`lfgcombat.creature.compare` (:func:`compare`, :func:`condition_effects`) and
  :mod:`lfgcombat.creature.statblock` (the notebook stat block);
* :mod:`lfgcombat.creature.sections`: the optional keys a rules module adds to the sheet
  (skills, movement, a ruleset's fields) without changing :class:`Creature`: declared as
  a ``Section``, they are read, checked, written back and shown like the core keys.
"""

from __future__ import annotations

import operator
import os
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pandas as pd

from . import armor_class as _ac
from . import hit_points as _hp
from . import reach as _reach
from . import roll_bonuses as _rolls
from ..rules.turns import turn_limits as _turn
from .combat_stats import (ABILITIES, BONUS_TARGETS, CLASS_GOOD_SAVES, MAX_ABILITY,
                           MAX_LEVEL, SAVE_RATINGS_SCHEMA, ZERO_ABILITY_ALLOWED, Abilities,
                           Armor, CreatureType, FrozenMap, HRProgression, Kind, SaveRatings,
                           _thaw, ability_mod, attacks_per_turn, hit_rating,
                           save_rating, save_ratings_table)
from ..rules.conditions.conditions import (ActionLimits, Affliction, Condition, ConditionSet,
                                           Gained, ConditionError, SpellCasting, gain, lookup,
                                           resolve)
from .compare import COMPARED, compare, condition_effects
from ..io.creature_files import (creature_mapping, example_data, example_names, read_creature_file,
                                 write_creature_file)
from .parse import (KEYS, MAX_GEAR_NUMBER, MAX_NOTES, MAX_TEXT, VITAL_KEYS, CreatureError, _hint,
                    _max_hp_value, _parse, sections_accept, vital_changes)
from .sections import SheetSections, by_attribute, own_condition_keys, reserve, section_for
from .sections import sections as all_sections
from ..rules.damage import Resistances
from ..io.datafile import short
from ..rules.movement.movement import MoveSpeed
from .size import Size
from .statblock import stat_block_html
from .stats import Stat, StatBonus, Term
from .kept import keep_stats as _keep_stats
from . import family as _family
from .family import family_find, family_keep, hand_on_family

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

#: The statistics :meth:`Creature.stat` and :meth:`Creature.explain` know.
STAT_NAMES: tuple[str, ...] = (
    "hr", "ac", "ff_ac", "touch_ac", "ac_vs_crit", "max_hp", "injured_threshold",
    "temp_hp_cap", "death_threshold", "fort", "ref", "will", "initiative_bonus",
    "melee_attack", "ranged_attack", "move_speed", "attacks_per_turn", "space", "reach",
    "physical_damage_pct", "skill", "physical_skill", "mobility_skill")


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
        sections: The optional keys rules modules add to the sheet (skills, movement,
            ...), read by their :class:`~lfgcombat.creature.sections.Section`: see
            :meth:`section`; each is also the attribute its section names
            (``creature.skills``).
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
    sections: SheetSections = field(default=SheetSections(), repr=False)

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
        return creature_mapping(self)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> "Creature":
        """Read a creature from a ``.yaml``/``.yml`` or ``.json`` file.

        YAML is read with a safe loader only (a file can never run code), and a hostile
        file is refused cheaply (:mod:`lfgcombat.io.datafile`): at most 1 MB is read, anchors
        and aliases, duplicate keys, nesting deeper than 32 and numbers of more than 30
        digits are refused.

        Args:
            path: The file.

        Returns:
            The creature.

        Raises:
            CreatureError: a path that is not text or path-like (``None``, a number,
                bytes), unreadable or oversized file, unknown suffix, bad or hostile
                YAML/JSON, bad fields.
        """
        data = read_creature_file(path)
        try:
            return cls.from_dict(data)
        except CreatureError as exc:
            raise CreatureError(exc.problems,
                                what=f"creature file {short(str(Path(path)))}") from None

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
        return write_creature_file(path, self.to_dict())

    def replace(self, **changes: Any) -> "Creature":
        """A copy with some keys changed, validated like :meth:`from_dict`.

        Keys are those of :meth:`to_dict` (``class_`` may stand for ``class``). Mapping
        values for ``abilities``, ``armor`` and ``save_ratings`` update the current ones:
        ``c.replace(abilities={"con": 14})`` keeps the other five scores.

        Raises:
            CreatureError: the changed creature is invalid (this one is unchanged).
        """
        if changes and VITAL_KEYS.issuperset(changes):  # play's changes: read only those
            fields_now = dict(zip(_FIELD_NAMES, _FIELDS_OF(self.__dict__)))
            out = vital_changes(fields_now, changes)
            if out is not None:
                obj = object.__new__(Creature)
                made = obj.__dict__  # its fields, set as from_dict sets them
                made.update(fields_now)
                made.update(out)
                _keep_stats(self, obj)
                hand_on_family(self, made)
                return obj
        d = self.to_dict()
        if "conditions" in changes:  # lfg's list (the field); a ruleset's own stays its own
            for key in own_condition_keys():
                d[key] = list(self.sections.get(key, ()))
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

    def _with_hp(self, current_hp: int, temp_hp: int) -> "Creature":
        """``replace(current_hp=current_hp, temp_hp=temp_hp)``: the copy a change of HP
        alone makes (a strike's damage), checked as :func:`~lfgcombat.creature.parse.
        vital_changes` checks those two keys (whole numbers in range, HP at most the max,
        Temporary HP at most 25% of it: "Healing lost HP", "Temporary Hit Points
        (TempHP)") without reading the other fields again (issue 24, "Fast"); anything
        else (a section's check, a bad value) goes through :meth:`replace`, which says
        what is wrong."""
        d = self.__dict__
        if type(current_hp) is int and type(temp_hp) is int \
                and -100_000 <= current_hp <= 100_000 and 0 <= temp_hp <= 100_000:
            max_hp = _max_hp_value(d["character_class"], d["level"],
                                   d["abilities"].mod("con"), d["max_hp_override"])
            if max_hp is None or (current_hp <= max_hp and temp_hp <= max_hp // 4):
                obj = object.__new__(Creature)
                made = obj.__dict__  # its fields, set as from_dict sets them
                for key in _FIELD_NAMES:  # (one by one: faster than an update of pairs)
                    made[key] = d[key]
                made["current_hp"] = current_hp
                made["temp_hp"] = temp_hp
                if not made["sections"] or sections_accept(made):
                    _keep_stats(self, obj)
                    hand_on_family(self, made)
                    return obj
        return self.replace(current_hp=current_hp, temp_hp=temp_hp)

    def with_condition(self, condition: "str | Mapping | Affliction") -> "Creature":
        """A copy that has gained a condition (stacking and on-gain rules applied).

        See :func:`lfgcombat.rules.conditions.conditions.gain`; use :meth:`gain_condition` to also
        get
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
        hand_on_family(self, obj.__dict__)
        return obj, gained

    def without_condition(self, condition: "Condition | str") -> "Creature":
        """A copy without a condition (all of its value: all Bleed, every Weakened stage).

        Conditions implied by others (Helpless from Unconscious) or by HP (Injured) are
        not stored, so they cannot be removed this way.

        Raises:
            ConditionError: unknown condition.
        """
        if not isinstance(condition, (Condition, str)):
            raise ConditionError(f"a condition is named by text such as 'prone', not "
                                 f"{short(condition)}")
        cond = lookup(condition) if not isinstance(condition, Condition) else condition
        return self.replace(conditions=[str(a) for a in self.conditions
                                        if a.condition is not cond])

    __getstate__ = _family.pickled_state  # (pickled and copied without its family's store)

    def __repr__(self) -> str:
        shown = [f"{f.name}={getattr(self, f.name)!r}" for f in fields(self)
                 if f.repr or (f.name == "sections" and self.sections)]
        return f"{type(self).__name__}({', '.join(shown)})"

    # ----------------------------------------------------------------- sections

    def section(self, key: str) -> Any:
        """The value of an optional section (:mod:`lfgcombat.creature.sections`).

        Args:
            key: A registered section's creature file key.

        Returns:
            Its value, or the section's default when the creature has none.

        Raises:
            KeyError: no section has that key (the message lists those that exist).
        """
        found = section_for(key)
        if found is None:
            keys = [s.key for s in all_sections()]
            raise KeyError(f"no creature section {key!r}; {_hint(key, keys)}sections: "
                           + (", ".join(keys) or "none registered"))
        return found.of(self)

    if not TYPE_CHECKING:  # mypy: read sections typed, with Section.of(creature)
        def __getattr__(self, name: str) -> Any:
            found = None if name.startswith("_") else by_attribute(name)
            if found is None:
                raise AttributeError(f"{type(self).__name__!r} object has no attribute "
                                     f"{name!r}")
            return found.viewed(self)

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
        Dying", "Stabilize when Dying"): :func:`lfgcombat.creature.hit_points.hp_conditions`.
        """
        return resolve(self.conditions, _hp.hp_conditions(self))

    # ----------------------------------------------------------------- HR

    @property
    def hr_progression_used(self) -> HRProgression:
        """The HR progression: given, else the class's, else Medium for monsters
        (inferred from the text's elephant: "Crushing Advance")."""
        return _rolls.hr_progression_of(self)

    @cached_property
    def hr(self) -> Stat:
        """Hit Rating (000_8d1d7816ee944f3b.txt, "Hit Rating (HR)", "The Math behind HR")."""
        return _rolls.hit_rating_stat(self)

    # ----------------------------------------------------------------- AC family

    def armor_class(self, kind: str = "ac", *, against: str | None = None,
                    distance_ft: int | None = None) -> Stat:
        """One AC value, optionally against one kind of attack
        (:mod:`lfgcombat.creature.armor_class`).

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
        return self._kept(("ac", kind, against, distance_ft), lambda: _ac.armor_class(
            self, kind, against=against, distance_ft=distance_ft))

    def _kept(self, key: tuple[Any, ...], make: Any) -> Any:
        """``make()``, kept on this creature under ``key``: a creature is a frozen value, so
        a statistic read with the same arguments is the same (issue 24, "Fast": every
        attack computed its AC and attack bonus again). Refusals are not kept."""
        kept = self.__dict__.get("_kept_stats")
        if kept is None:
            kept = self.__dict__["_kept_stats"] = {}
        try:
            found = kept.get(key)
        except TypeError:  # an argument that is no key (refused by make, as before)
            return make()
        if found is None:
            found = family_find(self, key)  # a copy of this sheet in this state read it
            if found is None:
                found = make()
                family_keep(self, key, found)
            kept[key] = found
        return found

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
        return _hp.hp_per_level(self)

    @cached_property
    def max_hp(self) -> Stat:
        """Maximum HP (000_8d1d7816ee944f3b.txt, "Acquiring Hit Points").

        Class HP per level plus CONMod per level, "at least 1HP each level", plus "+2 Hit
        Points upon creation". Ex: "Level 3 Wizard with 12 CON = ... 12+3+2 = 17".
        """
        return _hp.max_hp(self)

    @property
    def hp(self) -> int:
        """Current HP (``current_hp``, or the max HP when not given)."""
        return self.current_hp if self.current_hp is not None else int(self.max_hp)

    @cached_property
    def injured_threshold(self) -> Stat:
        """25% of max HP, rounded down; none with 3 or fewer HP ("Injury & Injured
        Threshold")."""
        return _hp.injured_threshold(self)

    @property
    def is_injured(self) -> bool:
        """At or below the Injured Threshold (or given the Injured condition)."""
        return Condition.INJURED in self.active_conditions

    @cached_property
    def temp_hp_cap(self) -> Stat:
        """The most Temporary HP it may have: 25% of max HP ("Temporary Hit Points")."""
        return _hp.temp_hp_cap(self)

    @cached_property
    def death_threshold(self) -> Stat:
        """The HP at which it dies: -CON score (PCs, bosses) or -level (NPCs, goons).

        000_8d1d7816ee944f3b.txt, "Death" and "NPC & Enemy Death".
        """
        return _hp.death_threshold(self)

    @property
    def is_dead(self) -> bool:
        """HP at or below the death threshold."""
        return self.hp <= int(self.death_threshold)

    # ----------------------------------------------------------------- saves

    def saving_throw(self, which: str) -> Stat:
        """One Saving Throw bonus: Save Rating + CON/DEX/WIS mod + bonuses + conditions.

        000_8d1d7816ee944f3b.txt, "Saving Throws"; see
        :func:`lfgcombat.creature.roll_bonuses.saving_throw`.

        Args:
            which: ``fort``, ``ref`` or ``will``.

        Returns:
            The :class:`Stat`; ``auto_fail`` when a condition makes it fail.

        Raises:
            ValueError: unknown save.
        """
        return _rolls.saving_throw(self, which)

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

        000_8d1d7816ee944f3b.txt, "Attack Rolls"; see
        :func:`lfgcombat.creature.roll_bonuses.attack_bonus`.

        Args:
            kind: ``melee`` or ``ranged``.

        Returns:
            The :class:`Stat` (named ``melee_attack`` or ``ranged_attack``).
        """
        return self._kept(("attack", kind), lambda: _rolls.attack_bonus(self, kind))

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
        return _rolls.initiative_bonus(self)

    def skill_modifier(self, kind: str = "skill") -> Stat:
        """What conditions and ``d20`` bonuses add to skill checks (skills are not modelled).

        Args:
            kind: ``skill`` (every skill: the d20 penalties), ``physical_skill`` (also
                the "Physical Skill checks"/"Physical Actions" penalties of Cramped and
                Hindered) or ``mobility_skill`` (also the Mobility Penalty of encumbrance).

        Returns:
            The :class:`Stat`.
        """
        return _rolls.skill_modifier(self, kind)

    @cached_property
    def physical_damage_pct(self) -> Stat:
        """% change to the physical damage it deals (Weakened: -10% per stage)."""
        return _rolls.physical_damage_pct(self)

    # ----------------------------------------------------------------- movement & size

    @cached_property
    def move_speed(self) -> MoveSpeed:
        """Move Speed after bonuses and conditions (see
        :func:`lfgcombat.rules.movement.movement.move_speed`).

        Ex ("Bonus/Penalty to Move Speed"): 30 ft + Barbarian Fast Movement 10 = 40 ft;
        encumbered to 75%: 30 ft.
        """
        return _turn.creature_move_speed(self)

    @cached_property
    def actions(self) -> ActionLimits:
        """Actions per turn left by its conditions (2 Big, 1 Little, 1 Reaction normally;
        more Reactions with the ``reactions`` key: "Reactions & AOO:")."""
        return _turn.action_limits(self)

    @cached_property
    def attacks_per_turn(self) -> Stat:
        """Attacks on its turn by level and the Big Actions it has ("Attacks Per Turn")."""
        return _turn.attacks_per_turn_stat(self)

    @cached_property
    def space(self) -> Stat:
        """Hexes it occupies, from ``data/sizes.csv`` ("Creature Size: Size, Space, Reach")."""
        return _reach.space(self)

    @cached_property
    def reach(self) -> Stat:
        """Natural Reach in feet: given, else the size's ("Reach & Threatened Area")."""
        return _reach.natural_reach(self)

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
        return self._threat_reach or 0

    @cached_property
    def _threat_reach(self) -> int | None:
        """:func:`lfgcombat.creature.reach.threat_reach` of this (immutable) creature, worked out
        once: the map asks it for every creature at every step."""
        return _reach.threat_reach(self)

    @property
    def threatens(self) -> bool:
        """Whether it threatens anything now: it needs a weapon that threatens (see
        :attr:`threat_reach_ft`; a Tiny creature's reach of 0 threatens its own hex) and no
        condition that stops it (Prone, Blinded, Helpless, Grappled, ...)."""
        return self._threat_reach is not None and self.active_conditions.threatens

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
        """The stat block shown in a notebook (see :mod:`lfgcombat.creature.statblock`)."""
        return stat_block_html(self)

    def title(self) -> str:
        """Who it is, in any ruleset: name, level and class (or size and monster)."""
        who = self.character_class or f"{self.size.value} monster"
        return f"{self.name}, level {self.level} {who}"

    def summary(self) -> str:
        """One line: name, level, class, HP, AC values, HR, saves, speed (lfg's figures)."""
        sv = " ".join(f"{k.upper()} {s.value:+d}" for k, s in self.saves.items())
        cond = (" [" + ", ".join(e.label for e in self.active_conditions) + "]"
                if len(self.active_conditions) else "")
        return (f"{self.title()}: HP {self.hp}/{self.max_hp.value}, "
                f"AC {self.ac.value} (FF {self.ff_ac.value}, touch {self.touch_ac.value}, "
                f"vs crit {self.ac_vs_crit.value}), HR {self.hr.value}, {sv}, "
                f"speed {self.move_speed.value} ft{cond}")


reserve([f.name for f in fields(Creature)] + [n for n in dir(Creature) if not n.startswith("_")])

# --------------------------------------------------------------------------- examples


#: The field names of :class:`Creature`, in order (read by its fast :meth:`~Creature.replace`).
_FIELD_NAMES: tuple[str, ...] = tuple(f.name for f in fields(Creature))
#: A creature's field values, in :data:`_FIELD_NAMES`' order, read from its ``__dict__``.
_FIELDS_OF = operator.itemgetter(*_FIELD_NAMES)
_family.FAMILY_CLASS = Creature  # its copies share readings (lfgcombat.creature.family)


def load_example(name: str) -> Creature:
    """Load an example creature (the text's party and the monsters it fights).

    Args:
        name: A file name without ``.yaml`` (see :func:`example_names`), any case.

    Returns:
        The creature (marked ``example``).

    Raises:
        CreatureError: unknown name.
    """
    key, data = example_data(name)
    try:
        return Creature.from_dict(data)
    except CreatureError as exc:
        raise CreatureError(exc.problems, what=f"example {key}.yaml") from None

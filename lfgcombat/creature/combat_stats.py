"""What a character sheet holds, and the formulas of the combat statistics.

000_8d1d7816ee944f3b.txt, "Combat Statistics": the closed sets a creature is described
with (:class:`Kind`, :class:`CreatureType`, :class:`HRProgression`), its values
(:class:`Abilities`, :class:`Armor`, :class:`SaveRatings`, :class:`FrozenMap`), the rules
tables it reads (``data/save_ratings.csv``, ``data/classes.csv``, ``data/bonus_types.csv``)
and the formulas: ability modifiers, "The Math behind HR", Save Ratings and "Attacks Per
Turn". :mod:`lfgcombat.creature` builds on these and re-exports every public name; this
module imports neither creatures nor attacks.
"""

from __future__ import annotations

import enum
import functools
import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import pandas as pd

from ..rules.conditions.conditions import load_rules_table
from ..io.datafile import short
from ..io.tables import Column, Schema, load_table, records, register_schema

__all__ = [
    "Kind", "CreatureType", "HRProgression", "ABILITIES", "ZERO_ABILITY_ALLOWED",
    "MAX_ABILITY", "MAX_LEVEL", "CLASS_GOOD_SAVES", "BONUS_TARGETS", "SAVE_RATINGS_SCHEMA",
    "save_ratings_table", "ability_mod", "hit_rating", "save_rating", "attacks_per_turn",
    "FrozenMap", "Abilities", "Armor", "SaveRatings",
]

# --------------------------------------------------------------------------- closed sets


class Kind(str, enum.Enum):
    """What part a creature plays; decides when it dies.

    000_8d1d7816ee944f3b.txt, "Death" (PCs die at -CON HP) and "NPC & Enemy Death": "Goons,
    basic monsters, & most NPCs die when they reach (-Level) HP ... Boss villains, important
    story NPCs, & powerful monsters may use the PC rules for dying."

    A creature file without ``kind`` is a ``pc`` when it has a class and an ``npc`` (a
    basic monster, dying at -level HP) when it has none.
    """

    PC = "pc"      #: a player character
    NPC = "npc"    #: a GM character (dies at -level HP)
    GOON = "goon"  #: cannon fodder (dies at -level HP)
    BOSS = "boss"  #: a villain using the PC rules for dying


class CreatureType(str, enum.Enum):
    """What a creature is made of; decides which ability scores may be 0.

    Inferred (the chapter names no creature types): by the d20 convention, undead and
    constructs have no Constitution (CON 0) and mindless creatures (constructs, oozes,
    plants, vermin) no Intelligence (INT 0); see :data:`ZERO_ABILITY_ALLOWED`.
    """

    LIVING = "living"          #: every ability at least 1
    UNDEAD = "undead"          #: CON may be 0
    CONSTRUCT = "construct"    #: CON and INT may be 0
    ELEMENTAL = "elemental"    #: every ability at least 1
    OUTSIDER = "outsider"      #: every ability at least 1
    OOZE = "ooze"              #: INT may be 0
    PLANT = "plant"            #: INT may be 0
    VERMIN = "vermin"          #: INT may be 0


class HRProgression(str, enum.Enum):
    """The three HR progressions (000_8d1d7816ee944f3b.txt, "Hit Rating (HR)").

    ``HIGH`` is the fighting classes' progression (000_8d1d7816ee944f3b.txt, "High HR").
    """

    HIGH = "high"      #: Barbarian, Fighter, Ranger: floor(0.74 x level) + 1
    #: Bard, Druid, Rogue (000_8d1d7816ee944f3b.txt, "Mid HR"): floor(0.64 x level)
    MEDIUM = "medium"
    #: Priest, Sorcerer, Wizard: floor(0.49 x level) (000_8d1d7816ee944f3b.txt, "Low HR")
    LOW = "low"


ABILITIES: tuple[str, ...] = ("str", "dex", "con", "int", "wis", "cha")
_ABILITY_FIELDS = dict(zip(ABILITIES, ("strength", "dexterity", "constitution",
                                       "intelligence", "wisdom", "charisma")))
#: Which ability may be 0, and for which creature types (inferred, see CreatureType).
ZERO_ABILITY_ALLOWED: Mapping[str, frozenset[CreatureType]] = {
    "con": frozenset({CreatureType.UNDEAD, CreatureType.CONSTRUCT}),
    "int": frozenset({CreatureType.CONSTRUCT, CreatureType.OOZE, CreatureType.PLANT,
                      CreatureType.VERMIN}),
}
MAX_ABILITY = 99
#: The highest level: the last row of the reconstructed "Hit Rating & Save Rating by
#: Level" table (``data/save_ratings.csv``).
MAX_LEVEL = 20

#: Good saves per class (inferred: the chapter says only "Your character class provides
#: the Save Rating used for each of the three types of Saves"; these are the d20 classes'
#: good base saves, the Priest as the d20 Cleric, the War Priest as a Priest). A creature
#: without a class (a monster) has a good FORT save, the d20 humanoid/monstrous default.
CLASS_GOOD_SAVES: Mapping[str | None, frozenset[str]] = {
    "barbarian": frozenset({"fort"}),
    "bard": frozenset({"ref", "will"}),
    "priest": frozenset({"fort", "will"}),
    "war priest": frozenset({"fort", "will"}),
    "druid": frozenset({"fort", "will"}),
    "fighter": frozenset({"fort"}),
    "ranger": frozenset({"fort", "ref"}),
    "rogue": frozenset({"ref"}),
    "sorcerer": frozenset({"will"}),
    "wizard": frozenset({"will"}),
    None: frozenset({"fort"}),
}
_SAVE_ABILITY = {"fort": "con", "ref": "dex", "will": "wis"}

#: What a bonus in the ``bonuses`` key may apply to.
BONUS_TARGETS: tuple[str, ...] = ("ac", "attack", "melee_attack", "ranged_attack", "saves",
                                  "fort", "ref", "will", "initiative", "speed", "d20")


# --------------------------------------------------------------------------- tables

#: Schema of ``data/save_ratings.csv``, the reconstructed "Hit Rating & Save Rating by
#: Level" table.
SAVE_RATINGS_SCHEMA = Schema(key="level", sequence_start=0, columns={
    "level": Column("int", min=0, max=MAX_LEVEL),
    "hr_high": Column("int", min=0, max=40),
    "hr_medium": Column("int", min=0, max=40),
    "hr_low": Column("int", min=0, max=40),
    "save_high": Column("int", min=0, max=40),
    "save_low": Column("int", min=0, max=40),
    "source": Column("source"),
})
register_schema("save_ratings", SAVE_RATINGS_SCHEMA)


def save_ratings_table() -> pd.DataFrame:
    """The "Hit Rating & Save Rating by Level" table (``data/save_ratings.csv``).

    The text names the table but it did not survive (shared/seeds/README.md). Its HR
    columns are the text's formulas ("The Math behind HR"); its save columns are inferred:
    the d20 good (``2 + floor(level/2)``) and poor (``floor(level/3)``) base saves.

    Returns:
        Levels 0-20 with ``hr_high``, ``hr_medium``, ``hr_low``, ``save_high``,
        ``save_low`` and ``source``.
    """
    return load_rules_table("save_ratings", SAVE_RATINGS_SCHEMA)


@functools.lru_cache(maxsize=1)
def _save_rows() -> dict[int, dict[str, int]]:
    return {int(r["level"]): {k: int(v) for k, v in r.items() if k != "source"}
            for r in records(save_ratings_table())}


@functools.lru_cache(maxsize=1)
def _class_rows() -> dict[str, dict[str, Any]]:
    return {r["class"]: r for r in records(load_table("classes"))}


@functools.lru_cache(maxsize=1)
def _bonus_type_rows() -> dict[str, dict[str, Any]]:
    return {r["type"]: {"ac_values": set(r["ac_values"].split(";")),
                        "lost_when_flat_footed": bool(r["lost_when_flat_footed"])}
            for r in records(load_table("bonus_types"))}


# --------------------------------------------------------------------------- formulas


def ability_mod(score: int) -> int:
    """The modifier of an ability score: ``floor((score - 10) / 2)``.

    The chapter uses but does not restate it; its numbers fit the d20 formula: "12 CON"
    gives "+1 HP/Level from CONMod" ("Acquiring Hit Points"), an effective "DEX score of 0
    (-5 DEXMod)" ("Helpless"), "28 STR" gives "+9STRMod" ("Crushing Advance").

    Args:
        score: The ability score (0 or more).

    Returns:
        The modifier.
    """
    return (score - 10) // 2


def hit_rating(level: int, progression: HRProgression | str) -> int:
    """HR by the text's formulas (000_8d1d7816ee944f3b.txt, "The Math behind HR").

    "High HR = [0.74xlvl], round down, +1; Medium HR = 0.64xlvl; Low HR = 0.49xlvl"
    (the Medium and Low products rounded down too: the Level 5 Rogue has HR3 and the Level
    6 Priest HR2, 000_8d1d7816ee944f3b.txt, "Consecutive Attack Examples:"). Integer arithmetic,
    so 0.74 x 50 is exactly 37.

    Args:
        level: Character (or monster) level, 0 or more.
        progression: ``high``, ``medium`` or ``low``.

    Returns:
        The Hit Rating.
    """
    p = HRProgression(progression)
    if p is HRProgression.HIGH:
        return 74 * level // 100 + 1
    if p is HRProgression.MEDIUM:
        return 64 * level // 100
    return 49 * level // 100


def save_rating(level: int, good: bool) -> int:
    """A Save Rating from the reconstructed "Hit Rating & Save Rating by Level" table.

    Args:
        level: 0 to :data:`MAX_LEVEL`.
        good: A good (high) save for the class, else poor (low).

    Returns:
        ``save_high`` or ``save_low`` of ``data/save_ratings.csv`` for the level.
    """
    return _save_rows()[level]["save_high" if good else "save_low"]


def attacks_per_turn(level: int, big_actions: int = 2) -> int:
    """Attacks a creature may make on its turn (000_8d1d7816ee944f3b.txt, "Attacks Per Turn").

    "Level 0-4: 1 Big Action per Turn to make an Attack (1); Level 5-9: 2 Big Actions (2);
    Level 10-14: Once per Turn, you may make 2 Attacks as a single Big Action (3); Level
    15+: You may make 2 Attacks as part of a single Big Action (4)". The levels:
    000_8d1d7816ee944f3b.txt, "At Character Level 0-4";
    000_8d1d7816ee944f3b.txt, "At Character Level 5-9";
    000_8d1d7816ee944f3b.txt, "At Character Level 10-14";
    000_8d1d7816ee944f3b.txt, "At Character Level 15+": the attacks a turn's Big Actions
    give (000_8d1d7816ee944f3b.txt, "BIG ACTIONS": "Level 1-4: You can only use 1 Big Action
    to Attack"). With fewer Big Actions (Staggered: one) the count follows the same rule:
    1, 1, 2, 2.

    Args:
        level: The character level.
        big_actions: Big Actions available this turn.

    Returns:
        The number of attacks.
    """
    if big_actions <= 0:
        return 0
    if level <= 4:
        return 1
    if level <= 9:
        return min(2, big_actions)
    if level <= 14:
        return big_actions + 1
    return 2 * big_actions


# --------------------------------------------------------------------------- values


class FrozenMap(Mapping[str, Any]):
    """A read-only, hashable mapping (weapons and resistances are kept as these)."""

    __slots__ = ("_data", "_hash")

    def __init__(self, data: Mapping[str, Any] | Iterable[tuple[str, Any]] = ()) -> None:
        self._data = dict(data)
        self._hash: int | None = None

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._data.items()))
        return self._hash

    def __repr__(self) -> str:
        return f"FrozenMap({self._data!r})"


def _freeze(value: Any, where: str, problems: list[tuple[str, str]]) -> Any:
    if isinstance(value, Mapping):
        out = {}
        for k, v in value.items():
            if not isinstance(k, str):
                problems.append((where, f"keys must be text, not {short(k)}"))
                continue
            out[k] = _freeze(v, f"{where}.{k}", problems)
        return FrozenMap(out)
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v, f"{where}[{i}]", problems) for i, v in enumerate(value))
    if value is None or isinstance(value, (str, int, float, bool)):
        if isinstance(value, float) and not math.isfinite(value):
            problems.append((where, f"{short(value)} is not a finite number"))
        return value
    problems.append((where, f"{type(value).__name__} values cannot be saved; use text, "
                            "numbers, true/false, lists or mappings"))
    return None


def _thaw(value: Any) -> Any:
    if isinstance(value, FrozenMap):
        return {k: _thaw(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


@dataclass(frozen=True)
class Abilities:
    """The six ability scores (``abilities: {str, dex, con, int, wis, cha}``).

    Index by the short names: ``abilities["dex"]``.
    """

    strength: int = 10
    dexterity: int = 10
    constitution: int = 10
    intelligence: int = 10
    wisdom: int = 10
    charisma: int = 10

    def __getitem__(self, key: str) -> int:
        return getattr(self, _ABILITY_FIELDS[key])

    def mod(self, key: str) -> int:
        """The modifier of one ability (``"dex"`` → DEXMod)."""
        return ability_mod(self[key])

    def to_dict(self) -> dict[str, int]:
        """``{"str": 14, "dex": 12, ...}``: the six scores, as a creature file spells them."""
        return {k: self[k] for k in ABILITIES}


@dataclass(frozen=True)
class Armor:
    """Worn armor: its Armor Rating and its Armor Rating vs Crit.

    000_8d1d7816ee944f3b.txt, "What are the other kinds of AC? (FFAC, TouchAC, ACvsCrit)":
    ACvsCrit uses "your Armor's 'Armor Rating vs Crit' in place of the normal Armor Rating".
    """

    rating: int = 0
    vs_crit: int = 0
    name: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """``{"rating": ..., "vs_crit": ...}`` plus ``"name"`` when the armor has one."""
        out: dict[str, Any] = {"rating": self.rating, "vs_crit": self.vs_crit}
        if self.name is not None:
            out["name"] = self.name
        return out


@dataclass(frozen=True)
class SaveRatings:
    """FORT, REF and WILL Save Ratings (000_8d1d7816ee944f3b.txt, "Saving Throws")."""

    fort: int
    ref: int
    will: int

    def to_dict(self) -> dict[str, int]:
        """``{"fort": ..., "ref": ..., "will": ...}``, as a creature file spells them."""
        return {"fort": self.fort, "ref": self.ref, "will": self.will}


def _hexes(n: int) -> str:
    return f"{n} hex{'es' if n != 1 else ''}"

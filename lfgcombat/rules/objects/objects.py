"""Breaking stuff: objects' Hardness and HP, forcing and destroying doors, chests, held objects.

000_8d1d7816ee944f3b.txt, "Breaking Stuff & Damaging Objects":

* 000_8d1d7816ee944f3b.txt, "Attacking & Breaking Unattended Objects": "Any small & moderately
  fragile object may be broken by a character simply by grabbing the object and using a Big
  Action"; "Objects have a set amount of Hit Points. If reduced to zero HP, the object is
  destroyed."
* 000_8d1d7816ee944f3b.txt, "Breaking down doors, walls, & other barricades": "Both of these
  options will automatically set off any active traps on the door." 1) Force it open:
  "Strength Check = 1d20+STRMod" against the Break DC; "If you fail, you cannot try again";
  "better or worse locking mechanisms ... can modify the DC (up or down) by up to 5 points."
  2) Destroy it: "A door is a big, stationary target (Automatic hit within 10 feet)."
  "Hardness X indicates that X amount of damage of any type is negated before the HP is
  affected." "Note: Attacking a stone wall with a sword or spear will likely damage or break
  your weapon! Bludgeoning weapons are much better suited to destructive tasks like this!"
* 000_8d1d7816ee944f3b.txt, "Breaking Open a Treasure Chest": "Any potions, glass vials, or
  other fragile objects inside each have a 50% chance of being destroyed".
* 000_8d1d7816ee944f3b.txt, "Striking a Held Object": "an Attack Roll with a -5 Penalty";
  "Striking an object held in 1 hand behind your foe's back is essentially impossible.
  (unless surrounded or flanked)".
* 000_8d1d7816ee944f3b.txt, "Acid Damage [acid]": "Acid Damage bypasses Hardness of all
  materials except Obsidian, Glass, Silver, and Gold."

The break table is lost; ``data/objects.csv`` rebuilds it from the d20 convention (marked
``inferred``). An object forced open is ``broken`` (off its hinges, passable); at 0 HP it is
``destroyed``.
"""

from __future__ import annotations

import difflib
import functools
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from lfgcombat.shortrepr import short
from ..citations import cite
from lfgcombat.dice import Roll, Roller
from lfgcombat.errors import IllegalActionError, LfgError
from lfgcombat.io.tables import Column, Schema, load_table, records, register_schema

__all__ = ["ObjectError", "OBJECTS_SCHEMA", "ObjectSpec", "object_spec", "ObjectState",
           "ObjectHit", "ForceResult", "force_open", "strength_check_odds", "automatic_hit",
           "ChestBreak", "break_chest", "held_object_penalty", "break_by_hand", "weapon_note",
           "SWORD_ON_STONE", "HELD_OBJECT_PENALTY"]

RULE_UNATTENDED = cite("Attacking & Breaking Unattended Objects")
RULE_DOORS = cite("Breaking down doors, walls, & other barricades")
RULE_CHEST = cite("Breaking Open a Treasure Chest")
RULE_HELD = cite("Striking a Held Object")
RULE_ACID = cite("Acid Damage [acid]")
#: The text's note, surfaced whenever a slashing or piercing weapon strikes stone.
SWORD_ON_STONE = ("Attacking a stone wall with a sword or spear will likely damage or break "
                  "your weapon! Bludgeoning weapons are much better suited to destructive "
                  f"tasks like this! ({RULE_DOORS})")
HELD_OBJECT_PENALTY = -5
_ACID_PROOF = ("obsidian", "glass", "silver", "gold")
_KINDS = ("door", "chest", "bars", "wall", "object")

OBJECTS_SCHEMA = Schema(key="object", columns={
    "object": Column("str", pattern=r"[a-z][a-z0-9_]*"),
    "kind": Column("choice", choices=_KINDS),
    "material": Column("str", pattern=r"[a-z]+"),
    "hardness": Column("int", min=0, max=50),
    "hp": Column("int", min=1, max=10_000),
    "break_dc": Column("int", min=0, max=60, nullable=True),
    "fragile": Column("bool"),
    "source": Column("source"),
})
register_schema("objects", OBJECTS_SCHEMA)


class ObjectError(LfgError, ValueError):
    """An unknown object or a bad number for one."""


@dataclass(frozen=True)
class ObjectSpec:
    """A row of ``data/objects.csv`` (``break_dc`` ``None``: not forced, only broken)."""

    name: str
    kind: str
    material: str
    hardness: int
    hp: int
    break_dc: int | None
    fragile: bool
    source: str

    def __repr__(self) -> str:
        return f"<ObjectSpec {self.name}: {self.kind}, {self.material}, {self.numbers()}>"

    def numbers(self, lock: int = 0) -> str:
        """``Hardness 5, HP 15, Break DC 18 + 1 lock``: the row's numbers in words (the
        lock's modifier shown beside the Break DC, "Breaking down doors, walls, & other
        barricades")."""
        if self.break_dc is None:
            dc = "not forced, only broken"
        else:
            dc = f"Break DC {self.break_dc}" + (f" {'+' if lock > 0 else '-'} {abs(lock)} lock"
                                                if lock else "")
        return f"Hardness {self.hardness}, HP {self.hp}, {dc}"


@functools.lru_cache(maxsize=1)
def _rows() -> dict[str, dict[str, Any]]:
    return {r["object"]: r for r in records(load_table("objects"))}


def object_spec(name: str) -> ObjectSpec:
    """The table row of an object, e.g. ``"strong_wooden_door"``.

    Raises:
        ObjectError: an unknown object, with a "did you mean".
    """
    rows = _rows()
    key = str(name).strip().lower().replace(" ", "_")
    if key not in rows:
        near = difflib.get_close_matches(key, list(rows), n=1)
        hint = f"; did you mean {near[0]!r}?" if near else ""
        raise ObjectError(f"object {short(name)} is not in data/objects.csv{hint} ({RULE_DOORS})")
    r = rows[key]
    dc = r["break_dc"]
    return ObjectSpec(key, str(r["kind"]), str(r["material"]), int(r["hardness"]),
                      int(r["hp"]), None if dc is None or dc != dc else int(dc),
                      bool(r["fragile"]), str(r["source"]))


def _whole(name: str, value: object, lo: int | None = 0, rule: str | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or (lo is not None and value < lo):
        raise ObjectError(f"{name} must be a whole number" + (f" >= {lo}" if lo is not None
                                                              else "") + f", not {value!r}"
                          + f" ({rule or RULE_DOORS})")
    return value


@dataclass(frozen=True)
class ObjectHit:
    """One hit on an object: ``damage`` rolled, ``hardness`` negated, ``dealt`` to its HP;
    ``trap_triggered`` for a door, bars or chest ("Both of these options will automatically
    set off any active traps on the door")."""

    damage: int
    hardness: int
    dealt: int
    hp_before: int
    hp_after: int
    destroyed: bool
    notes: tuple[str, ...] = ()
    trap_triggered: bool = False


@dataclass(frozen=True)
class ObjectState:
    """An object's condition: HP left, forced open (``broken``) or ``destroyed`` at 0 HP."""

    spec: ObjectSpec
    hp: int
    broken: bool = False
    forced_attempted: bool = False

    def __str__(self) -> str:
        return self.describe()

    def __repr__(self) -> str:
        return f"<ObjectState {self.describe()}>"

    def describe(self, lock: int = 0) -> str:
        """One line for people: ``good_wooden_door (door, wood): Hardness 5, HP 15/15,
        Break DC 18 + 1 lock``, then forced open, destroyed or a failed attempt to force it."""
        s = self.spec
        numbers = s.numbers(lock).replace(f"HP {s.hp}", f"HP {self.hp}/{s.hp}", 1)
        marks = [w for w, on in (("destroyed", self.destroyed),
                                 ("forced open", self.broken and not self.destroyed),
                                 ("a failed attempt to force it", self.forced_attempted)) if on]
        return f"{s.name} ({s.kind}, {s.material}): {numbers}" + "".join(f"; {m}" for m in marks)

    @classmethod
    def new(cls, name: str, *, broken: bool = False) -> ObjectState:
        """A fresh object from the table (``broken``: already forced open)."""
        spec = object_spec(name)
        return cls(spec, spec.hp, broken=broken)

    @property
    def destroyed(self) -> bool:
        """"If reduced to zero HP, the object is destroyed"."""
        return self.hp <= 0

    @property
    def passable(self) -> bool:
        """A door forced open or destroyed lets creatures through."""
        return self.broken or self.destroyed

    def hit(self, damage: int, damage_type: str = "bludgeoning") -> tuple[ObjectState, ObjectHit]:
        """Deal ``damage`` through Hardness (acid bypasses it except on obsidian, glass,
        silver and gold).

        Returns:
            (the new state, the :class:`ObjectHit`); a slashing or piercing hit on stone
            carries the text's warning (:data:`SWORD_ON_STONE`).

        Raises:
            ObjectError: negative damage or an object already destroyed.
        """
        _whole("damage", damage, rule=RULE_UNATTENDED)
        if self.destroyed:
            raise ObjectError(f"{self.spec.name} is already destroyed ({RULE_UNATTENDED})")
        hardness = self.spec.hardness
        notes = []
        if damage_type == "acid" and self.spec.material not in _ACID_PROOF:
            hardness = 0
            notes.append(f"acid bypasses hardness ({RULE_ACID})")
        note = weapon_note(damage_type, self.spec.material)
        if note:
            notes.append(note)
        dealt = max(0, damage - hardness)
        after = max(0, self.hp - dealt)
        return (replace(self, hp=after),
                ObjectHit(damage, hardness, dealt, self.hp, after, after <= 0, tuple(notes),
                          self.spec.kind in ("door", "bars", "chest")))


def weapon_note(damage_type: str, material: str) -> str | None:
    """The text's warning when a slashing or piercing weapon strikes stone, else ``None``."""
    if damage_type in ("slashing", "piercing") and material == "stone":
        return SWORD_ON_STONE
    return None


def _str_mod(creature_or_str_mod: Any) -> int:
    if isinstance(creature_or_str_mod, int) and not isinstance(creature_or_str_mod, bool):
        return creature_or_str_mod
    mod = getattr(creature_or_str_mod, "ability_mod", None)
    if mod is None:
        raise ObjectError(f"creature_or_str_mod must be a Creature or a STR modifier (int), not "
                          f"{creature_or_str_mod!r} (Strength Check = 1d20+STRMod, {RULE_DOORS})")
    return int(mod("str"))


def _lock(lock: int) -> int:
    if isinstance(lock, bool) or not isinstance(lock, int) or not -5 <= lock <= 5:
        raise ObjectError(f"lock modifies the Break DC by -5 to +5, not {lock!r} ({RULE_DOORS})")
    return lock


def strength_check_odds(creature_or_str_mod: Any, dc: int, lock: int = 0) -> Fraction:
    """The exact chance that a Strength Check (1d20+STRMod) meets or exceeds ``dc + lock``.

    Args:
        creature_or_str_mod: A :class:`lfgcombat.Creature` or its STR modifier.
        dc: The Break DC.
        lock: A better (+) or worse (-) lock, hinges or frame: -5 to +5.

    Example:
        >>> strength_check_odds(3, 18)
        Fraction(3, 10)
    """
    mod = _str_mod(creature_or_str_mod)
    need = _whole("dc", dc) + _lock(lock) - mod
    return Fraction(min(20, max(0, 21 - need)), 20)


@dataclass(frozen=True)
class ForceResult:
    """A Strength Check to force a door open: the roll, the DC, success, and the trap."""

    roll: Roll
    dc: int
    success: bool
    state: ObjectState
    trap_triggered: bool
    lines: tuple[str, ...]


def force_open(state: ObjectState, creature_or_str_mod: Any, roller: Roller, *, lock: int = 0,
               gm_allows_retry: bool = False, name: str = "") -> ForceResult:
    """Force a door (chest, bars) open: 1d20+STRMod vs its Break DC (+-5 for the lock).

    Raises:
        IllegalActionError: the object has no Break DC, is already open or destroyed, or a
            failed attempt is repeated without the GM's leave (nothing is rolled then).
        ObjectError: a bad lock modifier or STR modifier.
    """
    spec = state.spec
    if spec.break_dc is None:
        raise IllegalActionError(f"{spec.name} has no Break DC: break it or damage it",
                                 RULE_DOORS)
    if state.passable:
        raise IllegalActionError(f"{spec.name} is already open", RULE_DOORS)
    if state.forced_attempted and not gm_allows_retry:
        raise IllegalActionError("a failed attempt to force it cannot be tried again unless "
                                 "the GM allows", RULE_DOORS)
    mod = _str_mod(creature_or_str_mod)
    dc = spec.break_dc + _lock(lock)
    who = name or getattr(creature_or_str_mod, "name", "") or "creature"
    expr = f"1d20{'+' if mod >= 0 else '-'}{abs(mod)}"
    r = roller.roll(expr, label=f"{who} Strength Check to force {spec.name} (DC {dc})")
    ok = r.total >= dc
    new = replace(state, broken=ok, forced_attempted=True)
    lines = (f"{who} forces {spec.name}: {r.total} vs Break DC {dc} ({RULE_DOORS})",
             "  forced open" if ok else "  fails: no retry unless the GM allows",
             "  any active trap on it is set off")
    return ForceResult(r, dc, ok, new, True, lines)


def automatic_hit(distance_ft: int, kind: str = "door", *, reach_ft: int = 5) -> bool:
    """Whether an attack on an unattended object hits automatically: a door (wall, bars,
    chest) within 10 feet, any other large object within the attacker's Natural Reach."""
    _whole("distance_ft", distance_ft)
    if kind not in _KINDS:
        raise ObjectError(f"kind must be one of {', '.join(_KINDS)}, not {kind!r} "
                          f"({RULE_UNATTENDED})")
    limit = 10 if kind != "object" else _whole("reach_ft", reach_ft)
    return distance_ft <= limit


@dataclass(frozen=True)
class ChestBreak:
    """The fragile items of a chest broken open: which broke, with the d100 rolls."""

    broken: tuple[str, ...]
    intact: tuple[str, ...]
    rolls: tuple[Roll, ...]
    chance: int


def break_chest(fragile_items: tuple[str, ...] | list[str], roller: Roller,
                chance: int = 50) -> ChestBreak:
    """Roll for each fragile item in a chest broken open: ``chance`` percent (50 by the text;
    the GM may change it) that it is destroyed, on 1d100 <= chance."""
    if isinstance(chance, bool) or not isinstance(chance, int) or not 0 <= chance <= 100:
        raise ObjectError(f"chance is a percentage 0-100, not {chance!r} ({RULE_CHEST})")
    broken: list[str] = []
    intact: list[str] = []
    rolls: list[Roll] = []
    for item in fragile_items:
        r = roller.roll("1d100", label=f"{item}: {chance}% to break in the chest")
        rolls.append(r)
        (broken if r.total <= chance else intact).append(str(item))
    return ChestBreak(tuple(broken), tuple(intact), tuple(rolls), chance)


def held_object_penalty(*, behind_back: bool = False, surrounded_or_flanked: bool = False) -> int:
    """The attack penalty to strike an object a foe holds: -5.

    Raises:
        IllegalActionError: the object is held behind the foe's back and the foe is neither
            surrounded nor flanked.
    """
    if behind_back and not surrounded_or_flanked:
        raise IllegalActionError("an object held behind the foe's back cannot be struck "
                                 "unless the foe is surrounded or flanked", RULE_HELD)
    return HELD_OBJECT_PENALTY


def break_by_hand(state: ObjectState) -> ObjectState:
    """Break a small fragile object with a Big Action and no roll.

    Raises:
        IllegalActionError: the object is not small and fragile (attack it instead).
    """
    if not state.spec.fragile:
        raise IllegalActionError(f"{state.spec.name} is not small and fragile: attack it "
                                 "(Hardness and HP apply)", RULE_UNATTENDED)
    return replace(state, hp=0)

"""Smashing objects in the ``wounds`` ruleset.

003_de0e94afd49609a7.txt:

* "Object Armor Class": "AC = 10 + size modifier + Dexterity modifier (usually –5) – 2
  penalty"; "Full-round aiming: automatic melee hit or +5 to ranged attack".
* "Hardness": "Subtract hardness from each damage instance. Only excess damage is
  subtracted from HP." "Hit Points": "Depends on material and size"; "Damage ≥ 50% HP:
  broken condition"; "HP = 0: destroyed".
* 003_de0e94afd49609a7.txt, "Special Rules": "Immunities: Objects are immune to nonlethal
  damage and most critical hits"; "Magical Items: +1 enhancement = +2 Hardness, +10 HP";
  "Vulnerabilities: Some attacks deal double damage and ignore hardness".
* "Saving Throws": "Magical Items: Always allowed; save bonus = 2 + 1/2 caster level";
  "Unattended Non-Magic Items: No saving throws; always fail"; "Attended Items: Use owner's
  save bonus".
* "Breaking Items with Strength": "Use Strength check (not damage)"; "Broken condition
  lowers DC by 2"; the size list "Fine –16 [...] Colossal +32"; "Tools: Crowbar or ram
  improve checks (see Equipment)" (:data:`TOOL_BONUS`: +2 each, inferred, the Equipment
  page is lost).
* "Smashing an Object": "Use the sunder maneuver with a weapon"; "Combat maneuver check is
  opposed by the object's AC" (:func:`smash_odds`, :func:`smash`: the wounds text has no
  maneuver rules, so the check is the wounds attack roll, natural 1 -5 and natural 20 +5,
  inferred).
* "Special Rules": "Ineffective Weapons: Some weapons cannot damage certain objects"
  (``ineffective=True``); "Damaged Objects: Still function (with broken condition) until 0
  HP" (:attr:`ObjectState.functions`); "Immunities: [...] most critical hits" (a critical
  against an object deals normal damage: :func:`object_damage`, the GM may rule one that
  counts).
* 003_de0e94afd49609a7.txt, "Animated Objects": "Use creature rules for Armor Class": an
  animated object is a creature
  (its Defense, :meth:`lfgcombat.rulesets.wounds.combatant.WoundsCombatant.defense`), not
  :func:`object_ac`.

Tables: ``data/wounds/objects.csv`` (hardness and HP per inch by material, inferred from
the d20 substance table: the text's own table is lost) and ``data/wounds/object_sizes.csv``
(the size modifier to Object AC, inferred, and the text's Strength-breaking modifiers).

Decisions where the text is open (inferred): "Damage ≥ 50% HP" is read as damage taken in
all reaching half the maximum; the Strength breaking modifier is the breaker's size (the
d20 reading); ½ caster level rounds down.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from fractions import Fraction

from lfgcombat.dice import Roll, Roller
from lfgcombat.io.tables import Column, Schema, load_table, register_schema

from ._base import WoundsError, check_choice, check_int
from .attacks import adjusted_total

__all__ = ["SIZES", "object_ac", "aimed_bonus", "ObjectState", "item_save_bonus",
           "break_check", "break_modifier", "material_stats", "smash_odds", "smash",
           "object_damage", "TOOLS", "TOOL_BONUS", "tool_bonus"]

#: The tools of "Tools: Crowbar or ram improve checks (see Equipment)".
TOOLS = ("none", "crowbar", "ram")
#: Their bonus on the Strength check. Inferred: the Equipment page the text points to is
#: lost (the text gives no table, only that they "improve checks"); +2 each, the d20
#: crowbar's and portable ram's.
TOOL_BONUS = {"none": 0, "crowbar": 2, "ram": 2}

SIZES = ("fine", "diminutive", "tiny", "small", "medium", "large", "huge", "gargantuan",
         "colossal")
_MATERIALS = ("paper", "rope", "glass", "ice", "leather", "hide", "wood", "stone", "iron",
              "steel", "mithral", "adamantine")
register_schema("wounds/objects", Schema(key="material", columns={
    "material": Column("choice", choices=_MATERIALS, unique=True),
    "hardness": Column("int", min=0, max=50), "hp_per_inch": Column("int", min=1, max=100),
    "source": Column("source")}))
register_schema("wounds/object_sizes", Schema(key="size", columns={
    "size": Column("choice", choices=SIZES, unique=True),
    "ac_modifier": Column("int", min=-8, max=8),
    "break_modifier": Column("int", min=-16, max=32), "source": Column("source")}))


def tool_bonus(tool: str | None) -> int:
    """The bonus a tool gives a Strength check to break an item (``None``: no tool):
    :data:`TOOL_BONUS` (003_de0e94afd49609a7.txt, "Tools").

    Raises:
        WoundsError: a tool other than ``none``, ``crowbar`` or ``ram``.
    """
    return TOOL_BONUS[check_choice("tool", "none" if tool is None else tool, TOOLS)]


@functools.lru_cache(maxsize=1)
def _sizes() -> dict[str, tuple[int, int]]:
    t = load_table("wounds/object_sizes")
    return {str(s): (int(a), int(b)) for s, a, b in
            zip(t["size"], t["ac_modifier"], t["break_modifier"])}


def object_ac(size: str = "medium", dex: int = -5) -> int:
    """Object AC = 10 + size modifier + DEX modifier (usually -5) - 2.

    Example:
        >>> object_ac("medium"), object_ac("large")
        (3, 2)

    Raises:
        WoundsError: ``size`` unknown or ``dex`` not a whole number.
    """
    check_choice("size", size, SIZES)
    return 10 + _sizes()[size][0] + check_int("dex", dex) - 2


def aimed_bonus(ranged: bool) -> int | None:
    """Full-round aiming: ``None`` for an automatic melee hit, +5 to a ranged attack."""
    return 5 if ranged else None


def _smash_setup(bonus: int, size: str, dex: int, ranged: bool, aimed: bool
                 ) -> tuple[int, int, bool]:
    ac = object_ac(size, dex)
    if not isinstance(ranged, bool) or not isinstance(aimed, bool):
        raise WoundsError("ranged", "ranged and aimed are True or False")
    extra = aimed_bonus(ranged) if aimed else 0
    return check_int("bonus", bonus) + (extra or 0), ac, aimed and extra is None


def smash_odds(bonus: int, size: str = "medium", dex: int = -5, *, ranged: bool = False,
               aimed: bool = False) -> Fraction:
    """P(a sunder attempt with a weapon hits the object): the wounds attack roll (d20 +
    ``bonus``, natural 1 -5, natural 20 +5) against the Object AC; after a full round's aim
    a melee attempt hits automatically and a ranged one gets +5.

    Example:
        >>> smash_odds(0), smash_odds(0, aimed=True), smash_odds(-9, ranged=True, aimed=True)
        (Fraction(9, 10), Fraction(1, 1), Fraction(7, 10))

    Raises:
        WoundsError: naming the bad field.
    """
    total, ac, automatic = _smash_setup(bonus, size, dex, ranged, aimed)
    if automatic:
        return Fraction(1)
    return Fraction(sum(adjusted_total(n, total) >= ac for n in range(1, 21)), 20)


def smash(roller: Roller, bonus: int, size: str = "medium", dex: int = -5, *,
          ranged: bool = False, aimed: bool = False) -> tuple[bool, Roll | None]:
    """Roll a sunder attempt against an object (:func:`smash_odds` gives its odds;
    003_de0e94afd49609a7.txt, "Smashing an Object");
    ``(True, None)`` for an aimed melee attempt (nothing to roll).

    Raises:
        WoundsError: naming the bad field; nothing is rolled then.
    """
    total, ac, automatic = _smash_setup(bonus, size, dex, ranged, aimed)
    if automatic:
        return True, None
    roll = roller.roll(f"1d20{total:+d}", label=f"smash vs Object AC {ac}")
    return adjusted_total(roll.natural or 1, total) >= ac, roll


def object_damage(normal: int, critical: int | None = None, *,
                  critical_counts: bool = False, ineffective: bool = False) -> int:
    """The damage an object takes from one hit: "Immunities: Objects are immune to [...] most
    critical hits" (the normal damage, unless the GM rules that this critical counts:
    ``critical_counts``); "Ineffective Weapons: Some weapons cannot damage certain objects"
    (0). Hardness comes after (:meth:`ObjectState.damage`).

    Raises:
        WoundsError: a damage that is not a whole number >= 0.
    """
    base = check_int("normal", normal, 0)
    if ineffective:
        return 0
    if critical is not None and critical_counts:
        return check_int("critical", critical, 0)
    return base


def break_modifier(size: str) -> int:
    """The size bonus or penalty on a Strength check to break an item (Fine -16 ...
    Colossal +32; Medium 0)."""
    check_choice("size", size, SIZES)
    return _sizes()[size][1]


def material_stats(material: str) -> tuple[int, int]:
    """``(hardness, hp_per_inch)`` of a material (``data/wounds/objects.csv``)."""
    check_choice("material", material, _MATERIALS)
    t = load_table("wounds/objects")
    row = t[t["material"] == material].iloc[0]
    return int(row["hardness"]), int(row["hp_per_inch"])


@dataclass(frozen=True)
class ObjectState:
    """An object's Hardness and Hit Points.

    Attributes:
        hardness: Subtracted from each damage instance.
        max_hp: Hit Points when whole (>= 1).
        hp: Current Hit Points (``None``: whole).
        enhancement: Magic enhancement bonus (each +1: +2 Hardness, +10 HP), in
            ``hardness`` and ``max_hp`` already when built with :meth:`build`.
    """

    hardness: int
    max_hp: int
    hp: int | None = None
    enhancement: int = 0

    def __post_init__(self) -> None:
        check_int("hardness", self.hardness, 0)
        check_int("max_hp", self.max_hp, 1)
        object.__setattr__(self, "hp", self.max_hp if self.hp is None else self.hp)
        check_int("hp", self.hp, 0, self.max_hp)
        check_int("enhancement", self.enhancement, 0, 10)

    @classmethod
    def build(cls, material: str, thickness_in: int, enhancement: int = 0) -> "ObjectState":
        """An object of ``material``, ``thickness_in`` inches thick, +``enhancement``."""
        hardness, per_inch = material_stats(material)
        bonus = check_int("enhancement", enhancement, 0, 10)
        return cls(hardness + 2 * bonus,
                   per_inch * check_int("thickness_in", thickness_in, 1) + 10 * bonus,
                   enhancement=bonus)

    @property
    def broken(self) -> bool:
        """Damage >= 50% of its HP (and not destroyed)."""
        return 0 < int(self.hp or 0) and 2 * (self.max_hp - int(self.hp or 0)) >= self.max_hp

    @property
    def destroyed(self) -> bool:
        """HP = 0."""
        return self.hp == 0

    @property
    def functions(self) -> bool:
        """"Damaged Objects: Still function (with broken condition) until 0 HP"."""
        return not self.destroyed

    def damage(self, amount: int, nonlethal: bool = False, vulnerable: bool = False,
               hardness_loss: int = 0) -> "ObjectState":
        """One damage instance: minus Hardness, the excess off HP.

        Args:
            amount: The damage.
            nonlethal: Objects are immune to nonlethal damage.
            vulnerable: Double damage that ignores hardness.
            hardness_loss: Hardness lost *before* this instance is resisted (Cold; see
                :mod:`.damage`).

        Raises:
            WoundsError: ``amount`` or ``hardness_loss`` is not a whole number >= 0.
        """
        check_int("amount", amount, 0)
        hardness = max(0, self.hardness - check_int("hardness_loss", hardness_loss, 0))
        if nonlethal:
            return replace(self, hardness=hardness)
        taken = 2 * amount if vulnerable else max(0, amount - hardness)
        return replace(self, hardness=hardness, hp=max(0, int(self.hp or 0) - taken))


def item_save_bonus(magical: bool, caster_level: int = 0, attended: bool = False,
                    owner_save: int = 0) -> int | None:
    """An item's saving throw bonus: magic 2 + ½ caster level; attended non-magic the
    owner's bonus; ``None`` for an unattended non-magic item (no save, always fails)
    (003_de0e94afd49609a7.txt, "Saving Throws")."""
    if magical:
        return 2 + check_int("caster_level", caster_level, 0) // 2
    if attended:
        return check_int("owner_save", owner_save)
    return None


def break_check(roller: Roller, str_mod: int, dc: int, size: str = "medium",
                broken: bool = False, tool: str | None = None) -> tuple[bool, Roll]:
    """A Strength check to break an item: d20 + STR + size modifier (+ a crowbar's or a
    ram's bonus, :func:`tool_bonus`) vs DC (-2 if broken).

    Raises:
        WoundsError: naming the bad field; nothing is rolled then.
    """
    mod = check_int("str_mod", str_mod) + break_modifier(size) + tool_bonus(tool)
    target = check_int("dc", dc) - (2 if broken else 0)
    roll = roller.roll(f"1d20{mod:+d}", label=f"Strength to break DC {target}")
    return roll.total >= target, roll



"""The energy damage riders of the ``wounds`` ruleset.

003_de0e94afd49609a7.txt, one heading each:

* "Acid": "All Acid damage has it's damage dice reduced by one step. A d6 would become a
  d4. In addition [...] it has all resistences reduced by 1 for every 5 points of damage
  dealt. The reduction lasts for 1 minutes and is refreshed whenever any amount of Acid
  damage is taken."
* "Electricity": "increased by 50% if the target is flying, falling or otherwise more then
  5ft above the ground. When ever a creature takes Electrical damage they take -1 on
  initiative for one round per 5 points of damage taken. The penalty refreshes and is
  cumulative".
* "Fire": "increase the base damage dice by one step. A d6 would become a d8 against most
  creatures and objects unless one is especially non-flammable [...] Most creatures outside
  of constructs take this additional damage."
* "Cold": "reduced by one step [...] becomes hindered for 1 round. If cold damage is applied
  to wounds it must make a Fort save equal to the damage dealt or become Immobilized on a
  successful save they are instead Hindered. If a creature was already Hindered and take
  Cold damage to woulds it is automatically Immobilized for 1 round. If an object takes Cold
  damage it has it's hardness reduced by 1 for every 5 damage dealt [...] Flexible objects
  become rigid and brittle. A object moving or rolling on the ground imediately ceases
  movement and is frozen in place. (This does not work on a falling or flung object.)"
* "Sonic": "Any rigid or crystaline object takes double damage from Sonic damage and
  hardness is ignored unless the object is magical. Crystaline or sound sensitive creature
  may take an additional 50% damage and have the damage dice increased by two steps."
* "Holy": harmless to living creatures at will "unless they are Evil Outsiders, Undead,
  Aberrations, or is an Evil Dragon"; "Primal": may spare Animals or Plants, "crashes
  harmlessly off natural structures and unhewn stone. Against artificial structures the
  damage is doubled but does not ignore hardness. This has no affect on objects that are
  not apart of a structure."; "Unholy": may spare "Undead, Evil Outsiders and Evil Dragons".

"Most damage falls into one of two broad damage types": "Energy Damage - There are two
sub-categories for Energy, Aligned and Elemental"; "Physical Damage - The three main types
of Physical damage are bludgeoning, piercing, and slashing"; "When a damage source has
multiple sources it is treated as each type at once for all purposes" (:func:`categories`,
:func:`roll_with_riders`). "Damage is typically the Damage Dice of the weapon you are using
(for example, a Longsword deals 1d8 points of damage), plus your STR modifier."

Decisions where the text is open (inferred): Acid, Cold, Electricity, Fire and Sonic are
the Elemental energies, Holy, Primal and Unholy the Aligned ones; a hybrid's riders all
apply, die steps added up and multipliers multiplied; the die ladder is d2, d3, d4, d6, d8, d10,
d12, a step past either end stays there; +50% rounds down; Electricity's penalty is -1 per
full 5 damage, for one round, added to a penalty still running; Acid's minute is 10 rounds;
a Fort save "equal to the damage dealt" is DC = damage.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

import pandas as pd

from lfgcombat.dice import DiceExpr, Roll, Roller, parse
from lfgcombat.errors import DiceError

from ._base import WoundsError, check_choice, check_int

__all__ = ["LADDER", "RIDER_TYPES", "CATEGORY", "categories", "Target", "Rider",
           "AfterEffects", "step_dice", "rider", "after_damage", "cold_to_wounds",
           "roll_with_riders", "add_initiative_penalty", "weapon_damage", "rider_table"]

LADDER = (2, 3, 4, 6, 8, 10, 12)
#: Each damage type's category and sub-category (energy ones: inferred, see above); the
#: physical types are 003_de0e94afd49609a7.txt, "Physical".
CATEGORY = {"bludgeoning": ("physical", None), "piercing": ("physical", None),
            "slashing": ("physical", None), "acid": ("energy", "elemental"),
            "cold": ("energy", "elemental"), "electricity": ("energy", "elemental"),
            "fire": ("energy", "elemental"), "sonic": ("energy", "elemental"),
            "holy": ("energy", "aligned"), "primal": ("energy", "aligned"),
            "unholy": ("energy", "aligned")}
RIDER_TYPES = ("acid", "electricity", "fire", "cold", "sonic", "holy", "primal", "unholy")
_KINDS = ("creature", "object", "natural_structure", "artificial_structure")
_TYPES = ("other", "construct", "undead", "outsider", "aberration", "dragon", "animal",
          "plant")


@dataclass(frozen=True)
class Target:
    """What a rider needs to know of its target.

    Attributes:
        kind: ``creature``, ``object`` (not part of a structure), ``natural_structure``
            (or unhewn stone) or ``artificial_structure``.
        creature_type: For creatures: ``other``, ``construct``, ``undead``, ``outsider``,
            ``aberration``, ``dragon``, ``animal``, ``plant``.
        evil: An evil creature.
        airborne: Flying, falling or more than 5 ft above the ground.
        non_flammable: Especially non-flammable (a stone wall).
        rigid, crystalline: Rigid / crystalline (objects); crystalline or sound sensitive
            (creatures).
        magical: A magical object.
        flexible: A flexible object (Cold makes it "rigid and brittle").
        moving: An object moving or rolling on the ground (Cold freezes it in place unless
            it is ``airborne``: "This does not work on a falling or flung object").
    """

    kind: str = "creature"
    creature_type: str = "other"
    evil: bool = False
    airborne: bool = False
    non_flammable: bool = False
    rigid: bool = False
    crystalline: bool = False
    magical: bool = False
    flexible: bool = False
    moving: bool = False

    def __post_init__(self) -> None:
        check_choice("kind", self.kind, _KINDS)
        check_choice("creature_type", self.creature_type, _TYPES)


@dataclass(frozen=True)
class Rider:
    """What a damage type does to one target, before the damage is rolled.

    Attributes:
        dice_steps: Steps up (+) or down (-) of every damage die.
        multiplier: Applied to the rolled damage (rounded down).
        ignore_hardness: The target's Hardness does not apply.
        may_spare: The attacker may choose to deal this target no damage.
        harmless: The damage does nothing to this target.
    """

    dice_steps: int = 0
    multiplier: Fraction = Fraction(1)
    ignore_hardness: bool = False
    may_spare: bool = False
    harmless: bool = False


def step_dice(expr: str | DiceExpr, steps: int) -> str:
    """Every die of ``expr`` moved ``steps`` along :data:`LADDER` ("A d6 would become a d4").

    Example:
        >>> step_dice("2d6+3", -1), step_dice("1d6", 2)
        ('2d4+3', '1d10')

    Raises:
        WoundsError: ``expr`` is not a dice expression or has a die off the ladder.
    """
    try:
        parsed = parse(expr)
    except DiceError as exc:
        raise WoundsError("damage", f"not a dice expression: {exc}") from None
    parts = []
    for d in parsed.dice:
        if d.sides not in LADDER:
            raise WoundsError("damage", f"d{d.sides} is not on the die ladder "
                              + ", ".join(f"d{s}" for s in LADDER))
        i = min(len(LADDER) - 1, max(0, LADDER.index(d.sides) + check_int("steps", steps)))
        parts.append(f"{'-' if d.sign < 0 else '+'}{d.count}d{LADDER[i]}")
    if parsed.constant:
        parts.append(f"{parsed.constant:+d}")
    return "".join(parts).lstrip("+")


def _evil_kind(t: Target, types: tuple[str, ...]) -> bool:
    return t.creature_type in types and (t.evil or t.creature_type in ("undead",
                                                                        "aberration"))


def rider(damage_type: str, target: Target) -> Rider:
    """The :class:`Rider` of ``damage_type`` against ``target``: the energy types' riders,
    003_de0e94afd49609a7.txt, "Fire"; 003_de0e94afd49609a7.txt, "Cold";
    003_de0e94afd49609a7.txt, "Sonic"; 003_de0e94afd49609a7.txt, "Holy";
    003_de0e94afd49609a7.txt, "Primal"; 003_de0e94afd49609a7.txt, "Unholy".

    Raises:
        WoundsError: ``damage_type`` is not one of :data:`RIDER_TYPES`.
    """
    check_choice("damage_type", damage_type, RIDER_TYPES)
    t, creature = target, target.kind == "creature"
    if damage_type in ("acid", "cold"):
        return Rider(dice_steps=-1)
    if damage_type == "electricity":
        return Rider(multiplier=Fraction(3, 2) if t.airborne else Fraction(1))
    if damage_type == "fire":
        flammable = not t.non_flammable and not (creature and t.creature_type == "construct")
        return Rider(dice_steps=1 if flammable else 0)
    if damage_type == "sonic":
        if not creature and (t.rigid or t.crystalline):
            return Rider(multiplier=Fraction(2), ignore_hardness=not t.magical)
        return Rider(dice_steps=2, multiplier=Fraction(3, 2)) if creature and t.crystalline \
            else Rider()
    if damage_type == "holy":
        spare = creature and not _evil_kind(t, ("outsider", "undead", "aberration", "dragon"))
        return Rider(may_spare=spare)
    if damage_type == "unholy":
        return Rider(may_spare=creature and _evil_kind(t, ("undead", "outsider", "dragon")))
    if t.kind == "natural_structure":           # primal
        return Rider(harmless=True)
    if t.kind == "artificial_structure":
        return Rider(multiplier=Fraction(2))
    return Rider(may_spare=creature and t.creature_type in ("animal", "plant"))


@dataclass(frozen=True)
class AfterEffects:
    """What a rider leaves after ``dealt`` damage of its type.

    Attributes:
        resistance_penalty, resistance_rounds: Acid: -1 to all resistances per 5, 10 rounds.
        initiative_penalty, initiative_rounds: Electricity: -1 per 5, one round.
        hardness_loss: Cold against an object: -1 Hardness per 5.
        conditions: Conditions gained, e.g. ``("Hindered",)`` for Cold.
        becomes_rigid: Cold against a flexible object: it is now rigid and brittle (so
            Sonic's "rigid" rule applies to it: :meth:`after`).
        stops: Cold against an object moving on the ground: it "imediately ceases movement
            and is frozen in place".
    """

    resistance_penalty: int = 0
    resistance_rounds: int = 0
    initiative_penalty: int = 0
    initiative_rounds: int = 0
    hardness_loss: int = 0
    conditions: tuple[str, ...] = ()
    becomes_rigid: bool = False
    stops: bool = False

    def after(self, target: "Target") -> "Target":
        """``target`` as these effects leave it (Cold: rigid, no longer moving)."""
        return replace(target, rigid=target.rigid or self.becomes_rigid,
                       flexible=target.flexible and not self.becomes_rigid,
                       moving=target.moving and not self.stops)


def rider_table(targets: dict[str, Target]) -> pd.DataFrame:
    """Each energy type's :class:`Rider` against each named target, one row per pair.

    Args:
        targets: ``{"orc": Target(), "stone wall": Target(kind="object", ...)}``.

    Raises:
        WoundsError: a target is not a :class:`Target`.
    """
    rows = []
    for label, target in targets.items():
        if not isinstance(target, Target):
            raise WoundsError("targets", f"{label!r:.30} is not a Target")
        for kind in RIDER_TYPES:
            r = rider(kind, target)
            rows.append({"target": label, "damage_type": kind, "dice_steps": r.dice_steps,
                         "multiplier": str(r.multiplier), "ignore_hardness": r.ignore_hardness,
                         "may_spare": r.may_spare, "harmless": r.harmless})
    return pd.DataFrame(rows)


def after_damage(damage_type: str, dealt: int, target: Target) -> AfterEffects:
    """The lasting effects of ``dealt`` damage of ``damage_type`` (0 for none).

    Raises:
        WoundsError: naming ``damage_type`` or ``dealt``.
    """
    check_choice("damage_type", damage_type, RIDER_TYPES)
    fives = check_int("dealt", dealt, 0) // 5
    creature = target.kind == "creature"
    if damage_type == "acid" and dealt:
        return AfterEffects(resistance_penalty=-fives, resistance_rounds=10)
    if damage_type == "electricity" and creature and fives:
        return AfterEffects(initiative_penalty=-fives, initiative_rounds=1)
    if damage_type == "cold" and dealt:
        if creature:
            return AfterEffects(conditions=("Hindered",))
        return AfterEffects(hardness_loss=fives, becomes_rigid=target.flexible,
                            stops=target.moving and not target.airborne)
    return AfterEffects()


def cold_to_wounds(roller: Roller, fort_bonus: int, dealt: int,
                   already_hindered: bool = False, who: str = "") -> tuple[str, Roll | None]:
    """Cold damage applied to Wounds: Fort save DC = damage, Immobilized on a failure,
    Hindered on a success; already Hindered: Immobilized for 1 round, no save. ``who``
    (the one who saves) names it in the dice label.

    Returns:
        ``(condition, save roll or None)``.
    """
    dc = check_int("dealt", dealt, 0)
    bonus = check_int("fort_bonus", fort_bonus)
    if already_hindered:
        return "Immobilized", None
    roll = roller.roll(f"1d20{bonus:+d}", label=f"{who} FORT vs Cold DC {dc}".lstrip())
    return ("Hindered" if roll.total >= dc else "Immobilized"), roll


def categories(types: str) -> dict[str, tuple[str, str | None]]:
    """The category of every type of a (possibly hybrid) damage, ``"fire/slashing"``.

    Raises:
        WoundsError: naming ``damage_type`` for a type the text does not name.
    """
    out = {}
    for t in str(types).split("/"):
        if t not in CATEGORY:
            raise WoundsError("damage_type", f"{t!r:.30} is not one of " + ", ".join(CATEGORY))
        out[t] = CATEGORY[t]
    return out


def weapon_damage(dice: str, str_mod: int) -> str:
    """A weapon's damage: its dice plus the STR modifier (``"1d8"``, +3 -> ``"1d8+3"``)."""
    step_dice(dice, 0)  # checks the dice
    mod = check_int("str_mod", str_mod)
    return f"{dice}{mod:+d}" if mod else dice


def roll_with_riders(roller: Roller, expr: str | DiceExpr, types: str, target: Target,
                     spare: bool = False) -> tuple[int, tuple[Rider, ...]]:
    """Roll damage of one or more types ("fire/slashing") against ``target``, riders applied.

    Args:
        roller: The dice.
        expr: The damage expression before the riders' die steps.
        types: The damage type(s), joined with ``/`` for a hybrid.
        target: The target.
        spare: The attacker chooses to spare a target a rider lets it spare.

    Returns:
        ``(damage, riders)``: 0 when a rider makes it harmless (or it is spared).

    Raises:
        WoundsError: a bad expression or type.
    """
    riders = tuple(rider(t, target) for t in categories(types) if t in RIDER_TYPES)
    steps = sum(r.dice_steps for r in riders)
    factor = Fraction(1)
    for r in riders:
        factor *= r.multiplier
    stepped = step_dice(expr, steps)
    if any(r.harmless for r in riders) or (spare and any(r.may_spare for r in riders)):
        return 0, riders
    rolled = max(0, roller.roll(stepped, label=f"{types} damage").total)
    return int(rolled * factor), riders


def add_initiative_penalty(current: int, rounds_left: int, dealt: int) -> tuple[int, int]:
    """Electricity's initiative penalty after another ``dealt`` electrical damage: "The
    penalty refreshes and is cumulative if additional Electrical damage is taken prior to the
    penalty expiring".

    Returns:
        ``(penalty, rounds_left)``.
    """
    check_int("current", current, None, 0)
    running = check_int("rounds_left", rounds_left, 0) > 0
    new = -(check_int("dealt", dealt, 0) // 5)
    if not new:
        return (current, rounds_left) if running else (0, 0)
    return (current if running else 0) + new, 1

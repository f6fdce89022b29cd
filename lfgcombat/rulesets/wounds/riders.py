"""A weapon's damage under ``wounds``, with the riders its damage types carry.

003_de0e94afd49609a7.txt, "Damage is typically the Damage Dice of the weapon you are using"
(the dice "plus your STR modifier"); "When a damage source has multiple sources it is treated as
each type at once for all purposes"; the riders "Acid", "Electricity", "Fire", "Cold",
"Sonic", "Holy", "Primal", "Unholy" (:mod:`lfgcombat.rulesets.wounds.damage`).

Where a weapon's damage types come from:

* its own damage type (``damage_type``: an acid flask's ``acid``, a ``[s+fire]`` blade);
* its lfg ``extra`` dice (``extra: "1d6 [fire]"``, a flaming weapon: acid, cold,
  electricity or fire);
* its ``energy`` entry key, read by ``wounds`` only (lfg has no sonic, holy, primal or
  unholy damage): ``energy: "1d6 sonic"`` or a list, ``"2d6 holy"``, ``"1d4 fire/sonic"``.

Each part is a :class:`RiderPart`: its dice stepped by its riders (Acid and Cold one step
smaller, Fire one larger unless the target is a construct or non-flammable, Sonic two
larger against a crystalline creature) and its multiplier (Electricity x3/2 against an
airborne target, Sonic x3/2 against a crystalline creature, x2 against a rigid object; a
spared or harmless part x0). What only the situation decides is listed in
:attr:`WeaponDamage.situational` with the argument that shows it in the odds
(``airborne=``, ``rider_target=``, ``spare=``); the lasting effects (Acid's resistance
penalty, Electricity's initiative penalty, Cold's Hindered) are not damage and are listed in
:attr:`WeaponDamage.after`.

Decisions where the text is open (inferred):

* On a critical the energy dice are multiplied with the rest ("You roll any damage dice
  twice"), unlike lfg's extra dice.
* The STR and enhancement bonuses belong to the weapon's own part: they take its
  multiplier (+50% of an electric weapon's whole damage) but no die step.
* A weapon whose types are the attacker's pick (``[s/p]``) carries no rider; lfg's other
  types (positive, negative, force, biological, precision) carry none under ``wounds``
  ("There are always unique cases where damage cannot be categorized").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

import pandas as pd

from lfgcombat.creature.keep import kept_on
from lfgcombat.dice import parse
from lfgcombat.errors import DiceError
from lfgcombat.rules.damage import DamageType
from lfgcombat.rules.weapons import normal_name, resolve_weapon, weapon_entries

from ._base import WoundsError, rule
from .attacks import DamageParts
from .damage import RIDER_TYPES, Rider, Target, rider, step_dice

__all__ = ["ENERGY_KEY", "RiderPart", "WeaponDamage", "weapon_damage", "target_of",
           "parse_energy", "resisted"]

#: The weapon entry key of the wounds-only energy dice.
ENERGY_KEY = "energy"
#: The longest ``energy`` text read (characters), and the most texts in its list.
MAX_ENERGY_TEXT = 100
MAX_ENERGY_ITEMS = 10
_DICE_CHARS = frozenset("0123456789dD+- ")
_TYPE_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz/ ")
_TYPES_OF = {"undead": "undead", "construct": "construct", "outsider": "outsider",
             "plant": "plant"}


@dataclass(frozen=True)
class RiderPart:
    """One part of a weapon's damage.

    Attributes:
        source: ``weapon``, ``extra`` or ``energy``.
        dice: As written (with the bonuses for the weapon's own part).
        types: Its damage types.
        stepped: The dice after the riders' steps.
        factor: The riders' multiplier (0: spared or harmless).
        notes: What each rider did.
        resisted: The damage the target's resistances take off this part a strike.
    """

    source: str
    dice: str
    types: tuple[str, ...]
    stepped: str
    factor: Fraction
    notes: tuple[str, ...]
    resisted: int = 0


@dataclass(frozen=True)
class WeaponDamage:
    """A weapon's damage against one target, riders applied.

    Attributes:
        parts: Each :class:`RiderPart`.
        situational: The riders whose effect the situation decides, each with how the odds
            show it.
        after: The lasting effects of the types it deals (not in the damage).
    """

    parts: tuple[RiderPart, ...]
    situational: tuple[str, ...] = ()
    after: tuple[str, ...] = ()

    def damage_parts(self) -> DamageParts:
        """The parts as :class:`~lfgcombat.rulesets.wounds.attacks.DamageParts` for the
        attack; kept on this value (frozen: the same parts; issue 24, "Fast": every attack
        parsed its dice again)."""
        kept: DamageParts | None = self.__dict__.get("_damage_parts")
        if kept is None:
            kept = self.__dict__["_damage_parts"] = self._damage_parts_now()
        return kept

    def _damage_parts_now(self) -> DamageParts:
        """:meth:`damage_parts`, made now."""
        resist = tuple(p.resisted for p in self.parts)
        return DamageParts(tuple((parse(p.stepped), p.factor,
                                  f"{'/'.join(p.types)} damage") for p in self.parts),
                           resist if any(resist) else ())

    @property
    def riders(self) -> tuple[str, ...]:
        """The rider types the weapon deals."""
        return tuple(dict.fromkeys(t for p in self.parts for t in p.types if t in RIDER_TYPES))

    def attack_words(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """Every part's damage types (riders or not, each once) and the notes of the
        resistances that take damage off a strike, as an attack logs them; kept on this
        value (frozen; issue 24, "Fast": read at every attack)."""
        kept: tuple[tuple[str, ...], tuple[str, ...]] | None = self.__dict__.get("_words")
        if kept is None:
            kept = self.__dict__["_words"] = (
                tuple(dict.fromkeys(t for part in self.parts for t in part.types)),
                tuple(n for part in self.parts if part.resisted for n in part.notes
                      if n.endswith("a strike")))
        return kept

    def __str__(self) -> str:
        return str(self.damage_parts())

    def to_frame(self) -> pd.DataFrame:
        """One row per part: source, dice, types, stepped dice, multiplier, notes."""
        return pd.DataFrame([{"source": p.source, "dice": p.dice, "types": "/".join(p.types),
                              "after_riders": p.stepped, "multiplier": str(p.factor),
                              "resisted": p.resisted,
                              "notes": "; ".join(p.notes)} for p in self.parts])


_SITUATIONAL = {
    "electricity": ("Electricity: +50% only against a target flying, falling or more than "
                    "5 ft up (airborne=True; the Encounter reads the map's altitude)"),
    "fire": ("Fire: one die step larger except against constructs and especially "
             "non-flammable targets (rider_target=Target(non_flammable=True))"),
    "sonic": ("Sonic: +50% and two die steps only against a crystalline or sound-sensitive "
              "creature (rider_target=Target(crystalline=True)); x2 against rigid objects"),
    "holy": ("Holy: the attacker may spare a creature that is not an evil outsider, undead, "
             "aberration or evil dragon (spare=True)"),
    "unholy": "Unholy: the attacker may spare undead, evil outsiders, evil dragons (spare=True)",
    "primal": "Primal: the attacker may spare animals and plants (spare=True)",
}
_AFTER = {
    "acid": "Acid: the target's resistances -1 per 5 damage for 1 minute",
    "electricity": "Electricity: -1 initiative per 5 damage, a round, cumulative",
    "cold": ("Cold: Hindered a round; to Wounds, FORT DC = damage or Immobilized; objects -1 "
             "Hardness per 5"),
}


def target_of(creature: Any, airborne: bool = False) -> Target:
    """The rider :class:`~lfgcombat.rulesets.wounds.damage.Target` of a creature: its creature type
    (undead, construct, outsider, plant; others ``other``), airborne or not."""
    kind = getattr(getattr(creature, "creature_type", None), "value", "living")
    return Target(creature_type=_TYPES_OF.get(str(kind), "other"), airborne=bool(airborne))


def parse_energy(raw: Any, where: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """A weapon entry's ``energy``: ``"1d6 sonic"``, ``"2d6 [holy]"`` or a list of them.

    Returns:
        ``((dice, types), ...)``.

    Raises:
        WoundsError: naming ``<where>.energy`` with what is wrong and an example.
    """
    field = f"{where}.{ENERGY_KEY}"
    items = raw if isinstance(raw, (list, tuple)) else [raw]
    if len(items) > MAX_ENERGY_ITEMS:
        raise WoundsError(field, f"{len(items):,} energy texts; at most {MAX_ENERGY_ITEMS}")
    out = []
    for item in items:
        if isinstance(item, str) and len(item) > MAX_ENERGY_TEXT:
            raise WoundsError(field, f"an energy text of {len(item):,} characters; at most "
                              f"{MAX_ENERGY_TEXT}, e.g. '1d6 sonic'")
        split = _split_energy(item) if isinstance(item, str) else None
        if split is None:
            raise WoundsError(field, f"{item!r:.40} is not energy dice; write the dice and "
                              "the type, e.g. '1d6 sonic' or '2d6 holy'")
        dice, type_text = split
        types = tuple(t.strip() for t in type_text.split("/"))
        bad = [t for t in types if t not in RIDER_TYPES]
        if bad:
            raise WoundsError(field, f"{bad[0]!r:.30} is not an energy type with a rider; "
                              "one of " + ", ".join(RIDER_TYPES))
        try:
            parse(dice.replace(" ", ""))
        except DiceError as exc:
            raise WoundsError(field, f"bad dice in {item!r:.40}: {exc}") from None
        out.append((dice.replace(" ", ""), types))
    return tuple(out)


def _split_energy(text: str) -> tuple[str, str] | None:
    """``(dice, types)`` of ``"1d6 sonic"`` / ``"2d6 [holy]"``, or ``None``: the dice
    (digits, ``d``, ``+``, ``-``, spaces), then the types (lower-case letters, ``/`` and
    spaces), either in brackets (each bracket optional). The dice end where the longest
    tail of type characters begins (a type may start with ``d``). One pass, no
    backtracking (the pattern it replaces took 20 s on 123 characters)."""
    s = text.strip()
    if s.endswith("]"):
        s = s[:-1].rstrip()
    if "]" in s or s.count("[") > 1:
        return None
    if "[" in s:
        dice, types = s.split("[")
    else:
        start = len(s)
        while start > 0 and s[start - 1] in _TYPE_CHARS:
            start -= 1
        start = max(start, 1)  # at least one character of dice
        dice, types = s[:start], s[start:]
    dice, types = dice.rstrip(), types.strip()
    if not dice or not types or not set(dice) <= _DICE_CHARS or not set(types) <= _TYPE_CHARS:
        return None
    return dice, types


def _part(source: str, dice: str, types: tuple[str, ...], target: Target,
          spare: bool) -> RiderPart:
    got: list[tuple[str, Rider]] = [(t, rider(t, target)) for t in types if t in RIDER_TYPES]
    steps = sum(r.dice_steps for _, r in got)
    factor, notes = Fraction(1), []
    for t, r in got:
        factor *= r.multiplier
        if r.dice_steps:
            notes.append(f"{t}: dice {r.dice_steps:+d} step")
        if r.multiplier != 1:
            notes.append(f"{t}: x{r.multiplier}")
        if r.harmless or (spare and r.may_spare):
            factor = Fraction(0)
            notes.append(f"{t}: {'harmless' if r.harmless else 'spared'}")
    return RiderPart(source, dice, types, step_dice(dice, steps), factor, tuple(notes))


def _raw_energy(creature: Any, weapon: Any) -> tuple[tuple[str, tuple[str, ...]], ...]:

    entry = weapon if isinstance(weapon, Mapping) else None
    if entry is None and isinstance(weapon, str):
        key = normal_name(weapon)
        entry = next((e for e in weapon_entries(creature) if isinstance(e, Mapping)
                      and normal_name(str(e.get("name", ""))) == key), None)
    if not entry or ENERGY_KEY not in entry:
        return ()
    return parse_energy(entry[ENERGY_KEY], f"weapon {entry.get('name')!r}")


def _parts(creature: Any, weapon: Any, w: Any, bonus: int, target: Target,
           spare: bool) -> tuple[RiderPart, ...]:
    """The weapon's damage parts (its own, its ``extra``, its ``energy``) with their riders
    against ``target``, before the target's resistances (:func:`weapon_damage`)."""
    own = tuple(t.value for t in w.spec.types) if w.spec.mode != "either" else ()
    dice = f"{w.damage}{bonus:+d}" if bonus else str(w.damage)
    parts = [_part("weapon", dice, own, target, spare)]
    parts += [_part("extra", str(x.expr), tuple(t.value for t in x.types), target, spare)
              for x in w.extra]
    parts += [_part("energy", d, types, target, spare) for d, types in
              _raw_energy(creature, weapon)]
    return tuple(parts)


def resisted(types: tuple[str, ...], resistances: Any, qualities: tuple[str, ...] = (),
             penalty: int = 0) -> tuple[int, str | None]:
    """What a target's resistances take off a part of these damage types, a strike.

    003_de0e94afd49609a7.txt, "Most damage falls into one of two broad damage types": "Often
    Damage is increased or decreased based on a targets defensive abilities. (If Garry using
    fire damages against foe with Fire Resistance; the damage will be reduced based on the
    foes defensive ability.)" The wounds text gives no resistance rules of its own, so the
    creature file's lfg ``resistances`` are read (inferred): an energy type by its
    resistance (``fire: 5``), a physical one by the best DR X/Y the weapon's qualities (and
    the part's types) do not bypass. A hybrid part is "treated as each type at once": the
    highest resistance among its types applies, not their sum (inferred). Acid's
    ``penalty`` ("all resistences reduced by 1 for every 5 points") lowers it, to 0 at least.

    Returns:
        ``(amount, words)`` (``words`` ``None`` when nothing is resisted).
    """

    best, why = 0, None
    if resistances is None:
        return 0, None
    for t in types:
        if t in ("bludgeoning", "piercing", "slashing"):
            got = max((d.amount for d in resistances.dr
                       if d.applies_to(tuple(qualities) + tuple(types))), default=0)
            name = f"DR {got}"
        else:
            try:
                got = int(resistances.resist.get(DamageType(t), 0))
            except ValueError:  # sonic, holy, primal, unholy: no lfg resistance to read
                got = 0
            name = f"{t.title()} Resistance {got}"
        if got > best:
            best, why = got, name
    if best and penalty:
        left = max(0, best + int(penalty))
        why = f"{why} {int(penalty):+d} (Acid)"
        best = left
    return best, (f"{why}: -{best} a strike" if best or why else None)


def weapon_damage(creature: Any, weapon: Any, bonus: int, target: Target,
                  spare: bool = False, resistances: Any = None,
                  resistance_penalty: int = 0) -> WeaponDamage:
    """A weapon's damage as ``creature`` deals it to ``target``, every rider applied.

    Args:
        creature: The wielder (its ``weapons:`` entries are read for ``energy``).
        weapon: A weapon name, entry mapping or :class:`~lfgcombat.rules.attacks.Weapon`.
        bonus: STR (melee, thrown) + enhancement, added to the weapon's own dice.
        target: The rider target (:func:`target_of`).
        spare: The attacker spares a target a Holy, Unholy or Primal rider lets it spare.
        resistances: The target's :class:`~lfgcombat.rules.damage.Resistances` (:func:`resisted`).
        resistance_penalty: Acid's running reduction of them (0 or less).

    Raises:
        WoundsError: a bad ``energy`` entry (named), or dice off the die ladder.
        WeaponError: an unknown weapon.
    """

    w = resolve_weapon(creature, weapon)
    if isinstance(weapon, str):  # (a creature keeps what it reads: issue 24, "Fast")
        parts = list(kept_on(creature, ("sheet", "wounds riders", weapon, bonus, target,
                                        bool(spare)),
                             lambda: _parts(creature, weapon, w, bonus, target, spare)))
    else:
        parts = list(_parts(creature, weapon, w, bonus, target, spare))
    if resistances is not None:
        quals = tuple(w.qualities)
        for i, p in enumerate(parts):
            amount, words = resisted(p.types, resistances, quals, resistance_penalty)
            if words:
                parts[i] = replace(p, resisted=amount, notes=p.notes + (words,))
    kinds = {t for p in parts for t in p.types}
    return WeaponDamage(tuple(parts),
                        tuple(v for k, v in _SITUATIONAL.items() if k in kinds),
                        tuple(v for k, v in _AFTER.items() if k in kinds))


#: The heading the weapon's own damage comes from.
RULE = rule("Damage is typically the Damage Dice of the weapon you are using")

"""Attacks: weapons, attack rolls, critical hits, damage and active defense, resolved by roll.

000_8d1d7816ee944f3b.txt, "Attacks & Dealing Damage" and the sections after it: "Attack
Rolls", "Three Attack Types – Basic, Heavy, Ranged:", "Minimum Damage", "Critical Hits",
"Attacks Per Turn", "Consecutive Attacks", "Coup de Grace / Killing Blow", "Perfect
Critical (Optional Rule)", "Killer Criticals (Optional Rule)", "Attacking Without Weapons",
"Natural Weapons (also called “Natural Attacks”)", "Active Defense - Active Parry & Active
Dodge", "Special Actions in Combat" (Aim, Fight Defensively, Knockout Strike, Power
Attack), "Concealment - What is it?", "Damage in Combat", "Resistance - Damage Resistance
(DR), Elemental Resistance, Energy Resistance" and "Handedness & Using Both Hands (Two
Weapon Fighting)".

How it fits together:

* :class:`Weapon` is a weapon's statistics, looked up by name in ``data/weapons.csv``
  (:func:`lookup_weapon`) and adjusted by a creature's own weapon entry
  (:func:`resolve_weapon`: enhancement, material, extra elemental dice, a Large
  creature's bigger dice...).
* :class:`Situation` is everything about one attack that is not the attacker, target or
  weapon: Fortunate, flanking, concealment, cover, Power Attack, the Consecutive Attack
  Penalty, an Active Parry... Unknown keys are refused with a "did you mean".
* :func:`prepare` checks the attack is legal and computes everything that does not depend
  on the dice (the attack bonus by bonus type, the AC it is compared with, the threat range,
  the damage expressions, the miss chance) as an :class:`AttackSetup`.
* :meth:`AttackSetup.resolve` rolls it (:func:`attack` is ``prepare`` + ``resolve``);
  :func:`lfgcombat.attack_odds.attack_odds` computes the same setup exactly. Both use the
  same small functions for every rule that turns numbers into outcomes, so they cannot
  disagree.

Decisions where the text is open are stated in the docstring of the function that makes
them; the weapon statistics the text does not give are marked ``inferred`` in
``data/weapons.csv``.
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import pandas as pd

from .bonuses import Bonus, BonusType, Stacked, stack
from .conditions import Condition
from .creature import Size, Stat, Term
from .damage import (Applied, DamageSpec, DamageType, Resistances, apply_resistance,
                     best_type, parse_damage)
from .dice import DiceExpr, Fortune, MissChance, Roll, Roller, net_fortune, parse, step
from .errors import IllegalActionError, LfgError
from .rulesets import Ruleset, coerce_ruleset
from .tables import Column, Schema, load_table, register_schema
from .citations import cite as _cite

__all__ = [
    "Weapon", "WeaponError", "Situation", "AttackSetup", "DamagePlan", "DefensePlan",
    "AttackResult", "CoupDeGrace", "WEAPONS_SCHEMA", "weapons_table", "weapon_names",
    "lookup_weapon", "resolve_weapon", "attack", "prepare", "coup_de_grace",
    "strength_damage", "step_damage", "range_penalty", "consecutive_attack_penalty", "off_hand_penalty",
    "hits", "hits_vs_defense", "concealment_percent", "weapon_line", "CONCEALMENT",
    "COVER",
]

TEXT = "000_8d1d7816ee944f3b.txt"




R_ATTACK = _cite("Attack Rolls")
R_TYPES = _cite("Three Attack Types – Basic, Heavy, Ranged:")
R_CRIT = _cite("Critical Hits")
R_CAP = _cite("Consecutive Attacks: Making more than 1 attack on your turn (Consecutive "
              "Attack Penalty, or C.A.P.)")
R_COUP = _cite("Coup de Grace / Killing Blow")
R_PERFECT = _cite("Perfect Critical (Optional Rule)")
R_KILLER = _cite("Killer Criticals (Optional Rule)")
R_UNARMED = _cite("Basic Unarmed Attacks – Punch & Kick:")
R_SPECIAL = _cite("Special Actions in Combat")
R_PARRY = _cite("Active Parry – Clarifications & Limitations:")
R_DEFENSE = _cite("Active Defense Limitations:")
R_DODGE = _cite("Active Dodge – Clarifications & Limitations:")
R_CONCEAL = _cite("Concealment - What is it?")
R_HANDS = _cite("Handedness & Using Both Hands (Two Weapon Fighting)")
R_CONDITIONS = _cite("Conditions – Full Details")


class WeaponError(LfgError, ValueError):
    """A weapon that cannot be found or read, or a situation value that cannot be used."""


def _illegal(message: str, rule: str) -> IllegalActionError:
    return IllegalActionError(message, rule)


# --------------------------------------------------------------------------- the table

_USES = ("melee", "thrown", "projectile")
#: The schema of ``data/weapons.csv``.
WEAPONS_SCHEMA = Schema(key="name", columns={
    "name": Column("str", pattern=r"[a-z][a-z ]*[a-z]"),
    "aliases": Column("str", nullable=True, pattern=r"[a-z][a-z ]*(;[a-z][a-z ]*)*"),
    "category": Column("choice", choices=("simple", "martial", "exotic", "natural", "unarmed")),
    "use": Column("choices", choices=_USES),
    "hands": Column("choice", choices=("light", "one", "two")),
    "attack_type": Column("choice", choices=("basic", "heavy", "ranged", "unarmed")),
    "damage": Column("str", pattern=r"\d+(d\d+)?"),
    "damage_type": Column("str", pattern=r"[a-z]+([/+][a-z]+)*"),
    "threat": Column("int", min=2, max=20),
    "multiplier": Column("int", min=2, max=5),
    "range_increment": Column("int", min=5, max=1000, nullable=True),
    "reach_ft": Column("int", min=0, max=30, nullable=True),
    "finesse": Column("bool"),
    "traits": Column("str", nullable=True,
                     pattern=r"[a-z_+\-0-9]+(;[a-z_+\-0-9]+)*"),
    "source": Column("source"),
})
register_schema("weapons", WEAPONS_SCHEMA)


def weapons_table() -> pd.DataFrame:
    """Every weapon the text names, plus the natural weapons and the basic unarmed strike.

    ``data/weapons.csv``, one row per weapon: ``damage`` (a Medium creature's) and
    ``damage_type`` in the text's annotation, ``threat`` (the lowest natural that threatens:
    19 for 19-20), ``multiplier``, ``range_increment`` (feet), ``reach_ft`` (reach weapons),
    ``use`` (``melee``/``thrown``/``projectile``), ``hands`` (``light``/``one``/``two``),
    ``attack_type`` (``basic``/``heavy``/``ranged``/``unarmed``), ``finesse`` (may use DEX
    in melee), ``traits`` (``parry+X``, ``knockdown``, ``anti-shield``, ``impact``...).
    Statistics the text does not give are marked ``inferred`` in ``source``.
    """
    return load_table("weapons")


@functools.lru_cache(maxsize=1)
def _rows() -> dict[str, dict[str, Any]]:
    rows = {}
    for r in weapons_table().to_dict("records"):
        rows[r["name"]] = r
    return rows


@functools.lru_cache(maxsize=1)
def _names() -> dict[str, str]:
    names = {}
    for name, r in _rows().items():
        names[name] = name
        names[name.replace(" ", "")] = name
        for alias in (r["aliases"] or "").split(";") if isinstance(r["aliases"], str) else ():
            if alias:
                names[alias] = name
                names[alias.replace(" ", "")] = name
    return names


def weapon_names() -> list[str]:
    """The weapons of ``data/weapons.csv``, by name."""
    return list(_rows())


# --------------------------------------------------------------------------- Weapon


@dataclass(frozen=True)
class Weapon:
    """A weapon's statistics as one creature wields it.

    Attributes:
        name: As shown (``"Battleaxe"``, ``"+1 Flaming Shortsword"``).
        key: Its row in ``data/weapons.csv`` (``None`` for a weapon given in full).
        damage: The weapon dice (``1d8``; ``1`` for the unarmed strike).
        spec: The damage type annotation (``[s+b]``), as a :class:`DamageSpec` over
            ``damage``.
        threat: Lowest natural d20 that is a Critical Threat.
        multiplier: Critical Multiplier.
        category: ``simple``, ``martial``, ``exotic``, ``natural`` or ``unarmed``.
        uses: ``melee``, ``thrown``, ``projectile``.
        hands: ``light``, ``one`` or ``two``.
        attack_type: ``basic``, ``heavy``, ``ranged`` or ``unarmed``.
        range_increment: Feet (thrown and projectile weapons).
        reach_ft: Melee Reach in feet when the weapon sets it (longspear 10).
        finesse: May use DEX in melee (light weapons always may).
        traits: ``parry+X``, ``knockdown``, ``anti-shield``, ``impact``, ``no_threat``...
        enhancement: +X Enhance bonus to attack and damage (a +1 sword).
        masterwork: +1 Gear bonus to attack (inferred, d20).
        strength_rating: A bow's rating, ``Longbow(1)``: +1 listed damage.
        material: What it is made of, for DR/Y (``silver``, ``mithryl``...).
        magic: Counts as magic for DR/Y (also when ``enhancement`` > 0).
        extra: Extra damage dice never multiplied (``1d6 [fire]``).
        source: Where the statistics come from.
    """

    name: str
    key: str | None
    damage: DiceExpr
    spec: DamageSpec
    threat: int = 20
    multiplier: int = 2
    category: str = "martial"
    uses: tuple[str, ...] = ("melee",)
    hands: str = "one"
    attack_type: str = "basic"
    range_increment: int | None = None
    reach_ft: int | None = None
    finesse: bool = False
    traits: frozenset[str] = frozenset()
    enhancement: int = 0
    masterwork: bool = False
    strength_rating: int = 0
    material: str | None = None
    magic: bool = False
    extra: tuple[DamageSpec, ...] = ()
    source: str = ""

    @property
    def threat_text(self) -> str:
        """``"20"`` or ``"19-20"`` as the annotation writes it."""
        return "20" if self.threat == 20 else f"{self.threat}-20"

    @property
    def is_natural(self) -> bool:
        return self.category == "natural"

    @property
    def is_unarmed(self) -> bool:
        return self.category == "unarmed"

    @property
    def is_projectile(self) -> bool:
        return "projectile" in self.uses

    @property
    def can_melee(self) -> bool:
        return "melee" in self.uses

    @property
    def can_throw(self) -> bool:
        return "thrown" in self.uses

    @property
    def is_bow_or_crossbow(self) -> bool:
        k = (self.key or self.name).lower()
        return self.is_projectile and ("bow" in k)

    @property
    def parry_bonus(self) -> int:
        """X of the Parry+X trait (0 without it)."""
        best = 0
        for t in self.traits:
            m = re.fullmatch(r"parry\+(\d+)", t)
            if m:
                best = max(best, int(m.group(1)))
        return best

    @property
    def qualities(self) -> tuple[str, ...]:
        """What the weapon counts as for DR X/Y: its material and ``magic``."""
        out = []
        if self.material:
            out.append(self.material)
        if self.magic or self.enhancement > 0:
            out.append("magic")
        return tuple(out)

    def types_text(self) -> str:
        sep = {"single": "", "either": "/", "both": "+"}[self.spec.mode]
        return sep.join(t.abbreviation for t in self.spec.types)

    def __str__(self) -> str:
        rng = f" / {self.range_increment} ft" if self.range_increment and self.is_projectile else ""
        return (f"{self.name}: {self.threat_text} / x{self.multiplier}{rng} / {self.damage} "
                f"[{self.types_text()}]")


_ENTRY_KEYS = ("name", "damage", "crit", "damage_type", "range_increment", "reach",
               "natural", "ranged", "enhancement", "masterwork", "material", "magic",
               "extra", "count", "loaded", "hands", "attack_type", "finesse", "traits",
               "use", "strength_rating", "source")


def _normal(name: str) -> str:
    return re.sub(r"\s+", " ", name.strip().lower())


def _find_row(name: str) -> tuple[str | None, int]:
    """(table key, strength rating) of a weapon name such as ``Longbow(1)`` or
    ``dagger (off hand)``."""
    key = _normal(name)
    rating = 0
    m = re.fullmatch(r"(.*?)\s*\((\d+)\)", key)
    if m:
        key, rating = m.group(1), int(m.group(2))
    names = _names()
    for candidate in (key, re.sub(r"\s*\(.*\)\s*$", "", key),
                      re.sub(r"^\+\d+\s+", "", key)):
        if candidate in names:
            return names[candidate], rating
        if candidate.replace(" ", "") in names:
            return names[candidate.replace(" ", "")], rating
    return None, rating


def _unknown(name: str) -> WeaponError:
    close = difflib.get_close_matches(_normal(str(name)), list(_names()), n=5, cutoff=0.6)
    close = list(dict.fromkeys(_names()[c] for c in close))[:3]
    hint = f" (did you mean {' or '.join(repr(c) for c in close)}?)" if close else ""
    return WeaponError(f"unknown weapon {name!r}{hint}. Known weapons: "
                       + ", ".join(weapon_names())
                       + ". Or give it in full: {name, damage: 1d8, crit: 19-20/x2, "
                         "damage_type: s}.")


def _parse_crit(text: object, where: str) -> tuple[int, int]:
    m = re.fullmatch(r"\s*(?:(\d+)-)?(\d+)\s*/\s*x(\d)\s*", str(text))
    if not m or int(m.group(2)) != 20 or not 2 <= int(m.group(3)) <= 5:
        raise WeaponError(f"{where}: bad crit {text!r}; write the threat range and "
                          "multiplier as '20/x2', '19-20/x2' or '20/x3'")
    low = int(m.group(1) or 20)
    if not 2 <= low <= 20:
        raise WeaponError(f"{where}: bad threat range in {text!r}")
    return low, int(m.group(3))


def lookup_weapon(name: str) -> Weapon:
    """A weapon of ``data/weapons.csv`` by name or alias, any case.

    ``"Longbow(1)"`` is the longbow with strength rating 1 (+1 listed damage: "A
    Longbow(1) deals 1d8+1 [p] damage", "Damage in Combat"); ``"dagger (off hand)"`` is the
    dagger.

    Raises:
        WeaponError: unknown name (with "did you mean" and the known weapons).
    """
    if not isinstance(name, str) or not name.strip():
        raise WeaponError(f"a weapon name is text such as 'longsword', not {name!r}")
    key, rating = _find_row(name)
    if key is None:
        raise _unknown(name)
    return _from_row(key, display=name.strip(), rating=rating)


def _from_row(key: str, display: str | None = None, rating: int = 0) -> Weapon:
    r = _rows()[key]
    spec = parse_damage(f"{r['damage']} [{r['damage_type']}]")
    name = " ".join(w[:1].upper() + w[1:] for w in (display or key).split(" "))
    return Weapon(name=name, key=key, damage=spec.expr, spec=spec, threat=int(r["threat"]),
                  multiplier=int(r["multiplier"]), category=r["category"],
                  uses=tuple(r["use"].split(";")), hands=r["hands"],
                  attack_type=r["attack_type"],
                  range_increment=None if pd.isna(r["range_increment"]) else int(r["range_increment"]),
                  reach_ft=None if pd.isna(r["reach_ft"]) else int(r["reach_ft"]),
                  finesse=bool(r["finesse"]),
                  traits=frozenset((r["traits"] or "").split(";")) - {""}
                  if isinstance(r["traits"], str) else frozenset(),
                  strength_rating=rating, source=r["source"])


def _entry_weapon(entry: Mapping[str, Any], size: Size) -> Weapon:
    """A weapon from a creature's ``weapons:`` entry: a table row by name, adjusted."""
    unknown = [k for k in entry if k not in _ENTRY_KEYS]
    name = entry.get("name")
    where = f"weapon {name!r}"
    if unknown:
        hints = [f"{k!r}" + (f" (did you mean {difflib.get_close_matches(k, _ENTRY_KEYS, 1)[0]!r}?)"
                             if difflib.get_close_matches(k, _ENTRY_KEYS, 1) else "")
                 for k in unknown]
        raise WeaponError(f"{where}: unknown key(s) {', '.join(hints)}; allowed: "
                          + ", ".join(_ENTRY_KEYS))
    if not isinstance(name, str) or not name.strip():
        raise WeaponError(f"a weapon entry needs a name, got {dict(entry)!r}")
    key, rating = _find_row(name)
    if key is not None:
        base = _from_row(key, display=name.strip(), rating=rating)
        natural_scale = base.is_natural and "damage" not in entry
    else:
        missing = [k for k in ("damage", "damage_type") if k not in entry]
        if missing:
            raise WeaponError(
                f"{where} is not in data/weapons.csv, so its entry must give "
                f"{' and '.join(missing)} (and crit, unless it is a natural weapon: 20/x2). "
                + str(_unknown(name)).split(". ", 1)[-1])
        natural = bool(entry.get("natural", False))
        base = Weapon(name=name.strip()[0].upper() + name.strip()[1:], key=None,
                      damage=parse("1"), spec=parse_damage("1 [b]"),
                      category="natural" if natural else "martial",
                      uses=("projectile",) if entry.get("ranged") else ("melee",),
                      hands="two" if entry.get("ranged") else "one",
                      attack_type="ranged" if entry.get("ranged") else "basic",
                      strength_rating=rating, source="creature entry")
        natural_scale = False
        if "crit" not in entry and not natural:
            raise WeaponError(f"{where}: give its crit, e.g. crit: 19-20/x2")
    changes: dict[str, Any] = {}
    try:
        if "damage" in entry or "damage_type" in entry:
            dmg = str(entry.get("damage", base.damage))
            dtype = str(entry.get("damage_type", base.types_text()))
            spec = parse_damage(f"{dmg} [{dtype}]")
            changes.update(damage=spec.expr, spec=spec)
        if "crit" in entry:
            changes["threat"], changes["multiplier"] = _parse_crit(entry["crit"], where)
        for k in ("range_increment", "reach", "enhancement", "strength_rating"):
            if k in entry and entry[k] is not None:
                v = entry[k]
                if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                    raise WeaponError(f"{where}: {k} must be a whole number >= 0, not {v!r}")
                changes["reach_ft" if k == "reach" else k] = v
        for k in ("masterwork", "magic", "finesse"):
            if k in entry:
                if not isinstance(entry[k], bool):
                    raise WeaponError(f"{where}: {k} must be true or false, not {entry[k]!r}")
                changes[k] = entry[k]
        if "material" in entry:
            changes["material"] = str(entry["material"]).strip().lower()
        if "hands" in entry:
            if entry["hands"] not in ("light", "one", "two"):
                raise WeaponError(f"{where}: hands must be light, one or two")
            changes["hands"] = entry["hands"]
        if "attack_type" in entry:
            if entry["attack_type"] not in ("basic", "heavy", "ranged", "unarmed"):
                raise WeaponError(f"{where}: attack_type must be basic, heavy, ranged or unarmed")
            changes["attack_type"] = entry["attack_type"]
        if "use" in entry:
            uses = tuple(str(entry["use"]).split(";"))
            if not uses or any(u not in _USES for u in uses):
                raise WeaponError(f"{where}: use must be melee, thrown, projectile (';' joins)")
            changes["uses"] = uses
        if entry.get("ranged") and key is None:
            changes.setdefault("uses", ("projectile",))
        if "traits" in entry:
            t = entry["traits"]
            t = t.split(";") if isinstance(t, str) else list(t)
            changes["traits"] = frozenset(str(x).strip().lower() for x in t if str(x).strip())
        if "extra" in entry:
            extra = entry["extra"]
            extra = [extra] if isinstance(extra, str) else list(extra)
            changes["extra"] = tuple(parse_damage(str(e)) for e in extra)
    except LfgError as exc:
        if isinstance(exc, WeaponError):
            raise
        raise WeaponError(f"{where}: {exc}") from None
    weapon = dataclasses.replace(base, **changes)
    if natural_scale and size.order:
        # Inferred: the Natural Weapons table (S/M/L/H damage) is missing; natural weapons
        # move one die size per size category from Medium, the d20 progression.
        weapon = dataclasses.replace(weapon, damage=step_damage(weapon.damage, size.order))
        weapon = dataclasses.replace(weapon, spec=DamageSpec(weapon.damage, weapon.spec.types,
                                                             weapon.spec.mode))
    if weapon.enhancement:
        weapon = dataclasses.replace(weapon, name=weapon.name if weapon.name.startswith("+")
                                     else f"+{weapon.enhancement} {weapon.name}")
    return weapon


def resolve_weapon(attacker, weapon: "Weapon | str | Mapping") -> Weapon:
    """The :class:`Weapon` a creature attacks with.

    Args:
        attacker: The :class:`lfgcombat.Creature`.
        weapon: A :class:`Weapon`; a name (first the creature's own ``weapons:`` entries,
            then ``data/weapons.csv``: ``"unarmed strike"`` is always available); or an
            entry mapping ``{name, damage?, crit?, damage_type?, range_increment?, reach?,
            enhancement?, masterwork?, material?, magic?, extra?, ...}`` - the table row of
            ``name`` with these keys overriding it. Natural weapons from the table scale
            one die size per size category from Medium (inferred, the table is missing).

    Raises:
        WeaponError: unknown weapon or bad entry.
    """
    if isinstance(weapon, Weapon):
        return weapon
    if isinstance(weapon, str):
        key = _normal(weapon)
        for entry in attacker.weapons:
            if isinstance(entry, Mapping) and _normal(str(entry.get("name", ""))) == key:
                return _entry_weapon(entry, attacker.size)
        return _entry_weapon({"name": weapon}, attacker.size)
    if isinstance(weapon, Mapping):
        return _entry_weapon(weapon, attacker.size)
    raise WeaponError(f"a weapon is a name, a weapon entry mapping or a Weapon, not "
                      f"{type(weapon).__name__} {weapon!r:.60}")


# --------------------------------------------------------------------------- formulas


def step_damage(expr: DiceExpr, n: int) -> DiceExpr:
    """Move weapon dice ``n`` sizes along the text's die-size list ("Damage Die Size").

    Dice that are not on the list (``1d12``, ``2d4``) first take the place of the list
    entry with the nearest average (ties: the larger), so a greataxe's 1d12 steps like 2d6,
    as in the d20 size progression where the two are one step (inferred: the list has no
    1d12).
    """
    from .dice import die_chain
    first = expr.terms[0]
    chain = die_chain()
    if str(first) not in chain and first.sign > 0 and expr.dice and first is expr.dice[0]:
        avg = first.count * (first.sides + 1) / 2
        means = [(abs(parse(c).maximum + parse(c).minimum) / 2, c) for c in chain]
        nearest = min(means, key=lambda m: (abs(m[0] - avg), -m[0]))[1]
        expr = DiceExpr(parse(nearest).terms + expr.terms[1:])
    return parse(step(expr, n))


def strength_damage(attack_type: str, str_mod: int) -> int:
    """Extra damage from STR by attack type (000_8d1d7816ee944f3b.txt, "Three Attack Types
    – Basic, Heavy, Ranged:", "Minimum Damage", "Basic Unarmed Attacks – Punch & Kick:").

    Basic: ``+STRMod``; Heavy: ``+1.5 x STRMod`` rounded down (the pollaxe with +3 STRMod
    deals 1d8+4); Ranged: nothing; the basic unarmed strike: ``+half STRMod`` (rounded down,
    inferred). "If you have a STRMod below zero, you do NOT add your STRMod" - never negative.
    """
    pos = max(0, str_mod)
    return {"basic": pos, "heavy": (3 * pos) // 2, "ranged": 0, "unarmed": pos // 2}[attack_type]


def range_penalty(distance_ft: int, increment: int) -> int:
    """The Range Penalty: -2 per full Range Increment beyond the first.

    000_8d1d7816ee944f3b.txt, "Attack Rolls": "a cumulative -2 penalty for each fully
    divisible Range Increment to the target. Ranged Attacks made within one Range Increment
    suffer no penalty". Ex: Shortbow (60 ft) at 200 ft: -6. A target at exactly one or two
    increments is still "within" that many increments (60 ft: 0; 120 ft: -2), so the
    penalty is ``-2 x (ceil(distance / increment) - 1)``.
    """
    if distance_ft <= increment:
        return 0
    return -2 * ((distance_ft - 1) // increment)


def consecutive_attack_penalty(weapons: Iterable[str]) -> int:
    """The Consecutive Attack Penalty of the last attack in a turn's sequence.

    000_8d1d7816ee944f3b.txt, "Consecutive Attacks": each consecutive attack with the same
    weapon adds -2; one "made with a different weapon than the previous attack" adds -1
    (cumulative). Ex: mace, mace -> -2; sword, off-hand dagger -> -1; Dane Axe x3 -> -4.

    Args:
        weapons: The weapon of each attack made this turn, in order, ending with this one.
    """
    seq = [_normal(str(w)) for w in weapons]
    total = 0
    for prev, cur in zip(seq, seq[1:]):
        total -= 1 if cur != prev else 2
    return total


def off_hand_penalty(weapon: Weapon, two_weapon_fighting: bool = False) -> int:
    """Attack penalty for an attack with only the off hand.

    000_8d1d7816ee944f3b.txt, "Handedness & Using Both Hands (Two Weapon Fighting)": "-2
    penalty. (Wielding a 1-Handed weapon in your Off-hand increases this penalty to -4)"; the
    Two-Weapon Fighting Feat "removes the -2 Penalty for attacks made with a light weapon in
    your Off-Hand" (a one-handed weapon keeps -2 with the feat: inferred, the feat removes
    the -2, not the increase).

    Raises:
        IllegalActionError: a two-handed weapon cannot be wielded in the off hand alone.
    """
    if weapon.hands == "two":
        raise _illegal(f"{weapon.name} is two-handed: it cannot strike with only the off "
                       "hand", R_HANDS)
    if weapon.hands == "light" or weapon.is_unarmed or weapon.is_natural:
        return 0 if two_weapon_fighting else -2
    return -2 if two_weapon_fighting else -4


def hits(natural: int, total: int, ac: int) -> bool:
    """An attack roll hits: a Nat20 always, a Nat1 never, else total >= AC ("Attack Rolls -
    Automatic Success & Failure: Nat20 & Nat1")."""
    return natural == 20 or (natural != 1 and total >= ac)


def hits_vs_defense(a_nat: int, a_total: int, d_nat: int, d_total: int) -> bool:
    """An attack roll against an Active Parry/Dodge roll strikes.

    000_8d1d7816ee944f3b.txt, "Active Defense Limitations:": the attack strikes when the
    defence roll is "less than or equal to the attacker's roll"; "A Nat20 on an Active
    Defense automatically deflects/dodges the attack UNLESS the attacker also rolls a Nat20,
    in which case the results are tallied normally (vice versa - Nat20 Attack auto-hits
    unless defender also rolls Nat20)"; the same for Nat1 (auto-fails unless both roll 1).
    """
    if (a_nat == 20 and d_nat == 20) or (a_nat == 1 and d_nat == 1):
        return a_total >= d_total
    if a_nat == 20:
        return True
    if d_nat == 20:
        return False
    if a_nat == 1:
        return False
    if d_nat == 1:
        return True
    return a_total >= d_total


#: Named concealment levels and their % Miss Chance ("Concealment - What is it?").
CONCEALMENT = {"none": 0, "partial": 20, "total": 50}
#: Named cover levels and their Cover bonus to AC (the text's values, see
#: :class:`lfgcombat.hexmap.CoverLevel`).
COVER = {"none": 0, "partial": 2, "good": 4, "superior": 6}


def concealment_percent(value: "str | int | None") -> int:
    """% Miss Chance of a concealment: ``"partial"`` 20, ``"total"`` 50, or a percentage.

    Raises:
        WeaponError: anything else.
    """
    if value is None:
        return 0
    if isinstance(value, str) and value.strip().lower() in CONCEALMENT:
        return CONCEALMENT[value.strip().lower()]
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 100:
        return value
    raise WeaponError(f"concealment must be 'partial' (20%), 'total' (50%), None or a "
                      f"percentage 0-100, not {value!r}")


# --------------------------------------------------------------------------- Situation


@dataclass(frozen=True)
class Situation:
    """Everything about one attack besides attacker, target and weapon. All optional.

    Attributes:
        fortune: ``"fortunate"``/``"unfortunate"`` on the attack (combined with the
            attacker's conditions; they cancel).
        touch: A Touch Attack: compared with TouchAC, a threat confirmed against TouchAC.
        thrown: Throw a weapon that can be thrown (dagger, spear).
        two_handed: Wield a one-handed weapon in both hands: a Heavy Attack.
        ability: Force the attack ability: ``str``/``dex`` (melee; DEX with light or finesse
            weapons) or ``dex``/``wis`` (ranged). Default: the best allowed.
        distance_ft: Distance to the target (range penalty, maximum range, reach, Prone).
        flanked: The target is Flanked (-2 AC; -2 on its Active Defense).
        flat_footed: The target is Flat-Footed (unaware: FFAC, no Active Defense).
        helpless: The target is Helpless.
        concealment: ``"partial"`` (20%), ``"total"`` (50%) or a % Miss Chance.
        cover: Cover bonus to the target's AC: ``"partial"`` +2, ``"good"`` +4,
            ``"superior"`` +6, or a number.
        previous_attacks: Attacks already made this turn (the Consecutive Attack Penalty:
            -2 each, -1 each with ``alternating``).
        alternating: Each attack used a different weapon than the one before.
        consecutive_penalty: The C.A.P. given directly (see
            :func:`consecutive_attack_penalty`), instead of the two above.
        off_hand: An attack with only the off hand; ``two_weapon_fighting``: has the feat.
        two_shields: Wielding two shields (-2 on attack rolls).
        power_attack, fight_defensively, aim, knockout: The special actions.
        aoo: The attack is an Attack of Opportunity (a Reaction).
        auto_critical: A Big Action strike on a Helpless foe in reach: a Critical Hit.
        precision: Precision damage dice (Sneak Attack), e.g. ``"1d6"``.
        damage_type: The type chosen for an ``[x/y]`` weapon (default: the best).
        attack_bonuses: Other bonuses/penalties to the attack roll (Gang Up, high ground).
        ac_bonuses: Other bonuses/penalties to the target's AC.
        damage_bonus: Other flat weapon damage (a Charge's +2), >= 0.
        active_defense: ``"parry"`` or ``"dodge"``: the target spends its Reaction.
        defense_bonus: The target's Active Parry/Dodge bonus, given instead of computed.
        acrobatics: The target's Acrobatics bonus (needed for an Active Dodge).
        defense_uses: Active Defenses the target already used this round (-2 each).
        active_dodger: The target has the Active Dodger feat.
        defender_fighting_defensively: The target is fighting defensively.
        parry_weapon: The target's weapon for an Active Parry (default: its first melee
            weapon).
    """

    fortune: str | None = None
    touch: bool = False
    thrown: bool = False
    two_handed: bool = False
    ability: str | None = None
    distance_ft: int | None = None
    flanked: bool = False
    flat_footed: bool = False
    helpless: bool = False
    concealment: str | int | None = None
    cover: str | int = 0
    previous_attacks: int = 0
    alternating: bool = False
    consecutive_penalty: int | None = None
    off_hand: bool = False
    two_weapon_fighting: bool = False
    two_shields: bool = False
    power_attack: bool = False
    fight_defensively: bool = False
    aim: bool = False
    knockout: bool = False
    aoo: bool = False
    auto_critical: bool = False
    precision: str | None = None
    damage_type: str | None = None
    attack_bonuses: tuple[Bonus, ...] = ()
    ac_bonuses: tuple[Bonus, ...] = ()
    damage_bonus: int = 0
    active_defense: str | None = None
    defense_bonus: int | None = None
    acrobatics: int | None = None
    defense_uses: int = 0
    active_dodger: bool = False
    defender_fighting_defensively: bool = False
    parry_weapon: str | None = None

    def __post_init__(self) -> None:
        problems = []
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            if f.type == "bool" and not isinstance(v, bool):
                problems.append(f"{f.name} is True or False, not {v!r}")
        if self.fortune is not None:
            try:
                object.__setattr__(self, "fortune", Fortune.coerce(self.fortune).value)
            except LfgError:
                problems.append(f"fortune must be 'fortunate', 'unfortunate' or None, not "
                                f"{self.fortune!r}")
        for name in ("previous_attacks", "defense_uses", "damage_bonus"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                problems.append(f"{name} must be a whole number >= 0, not {v!r}")
        for name in ("distance_ft", "defense_bonus", "acrobatics", "consecutive_penalty"):
            v = getattr(self, name)
            if v is not None and (isinstance(v, bool) or not isinstance(v, int)):
                problems.append(f"{name} must be a whole number or None, not {v!r}")
        if self.distance_ft is not None and isinstance(self.distance_ft, int) and self.distance_ft < 0:
            problems.append(f"distance_ft must be >= 0, not {self.distance_ft}")
        if self.consecutive_penalty is not None and isinstance(self.consecutive_penalty, int) \
                and self.consecutive_penalty > 0:
            problems.append("consecutive_penalty is a penalty: 0 or less")
        try:
            concealment_percent(self.concealment)
        except WeaponError as exc:
            problems.append(str(exc))
        c = self.cover
        if not ((isinstance(c, str) and c.strip().lower() in COVER)
                or (isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 20)):
            problems.append(f"cover must be 'partial' (+2), 'good' (+4), 'superior' (+6) "
                            f"or a bonus 0-20, not {c!r} (Total Cover cannot be attacked)")
        if self.ability is not None and self.ability not in ("str", "dex", "wis"):
            problems.append(f"ability must be 'str', 'dex' or 'wis', not {self.ability!r}")
        if self.active_defense is not None and self.active_defense not in ("parry", "dodge"):
            problems.append(f"active_defense must be 'parry', 'dodge' or None, not "
                            f"{self.active_defense!r}")
        if self.precision is not None:
            try:
                p = parse(self.precision)
                if p.minimum < 0:
                    raise ValueError
            except (LfgError, ValueError):
                problems.append(f"precision must be dice such as '1d6', not {self.precision!r}")
        if self.damage_type is not None:
            try:
                object.__setattr__(self, "damage_type", DamageType.coerce(self.damage_type).value)
            except LfgError:
                problems.append(f"damage_type {self.damage_type!r} is not a damage type")
        for name in ("attack_bonuses", "ac_bonuses"):
            v = getattr(self, name)
            try:
                items = tuple(b if isinstance(b, Bonus) else Bonus(b) for b in v)
                object.__setattr__(self, name, items)
            except (LfgError, TypeError):
                problems.append(f"{name} must be a list of Bonus values or whole numbers, "
                                f"not {v!r}")
        if problems:
            raise WeaponError("bad attack situation: " + "; ".join(problems))

    @classmethod
    def make(cls, **kwargs: Any) -> "Situation":
        """Build a situation from keywords, refusing unknown ones with a "did you mean".

        Raises:
            WeaponError: unknown key or bad value.
        """
        known = [f.name for f in dataclasses.fields(cls)]
        unknown = [k for k in kwargs if k not in known]
        if unknown:
            parts = []
            for k in unknown:
                close = difflib.get_close_matches(k, known, 1)
                parts.append(f"{k!r}" + (f" (did you mean {close[0]!r}?)" if close else ""))
            raise WeaponError(f"unknown attack situation {', '.join(parts)}; known: "
                              + ", ".join(known))
        return cls(**kwargs)

    def changed(self) -> dict[str, Any]:
        """The keys that differ from the default."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)
                if getattr(self, f.name) != f.default}

    @property
    def miss_chance(self) -> int:
        return concealment_percent(self.concealment)

    @property
    def cover_bonus(self) -> int:
        c = self.cover
        return COVER[c.strip().lower()] if isinstance(c, str) else c


# --------------------------------------------------------------------------- damage plan


def _creature_kind(target) -> str:
    ctype = target.creature_type.value
    return ctype if ctype in ("undead", "construct") else "living"


def _multiply(expr: DiceExpr, times: int) -> DiceExpr:
    """``times`` x (weapon damage + STR): the dice rolled ``times`` times and the flat part
    multiplied, as the text writes it: "3 x (1d8+2) = 3d8+6"."""
    parts = []
    for d in expr.dice:
        parts.append(f"{'-' if d.sign < 0 else '+'}{d.count * times}d{d.sides}")
    c = expr.constant * times
    if c:
        parts.append(f"{'-' if c < 0 else '+'}{abs(c)}")
    text = "".join(parts).lstrip("+") or "0"
    return parse(text)


@dataclass(frozen=True)
class DamagePlan:
    """How a hit's damage is rolled and what happens to it (shared by rolls and odds).

    Attributes:
        normal: Weapon damage on a normal hit (weapon dice + STR + enhancement + ...).
        critical: The same multiplied by the Critical Multiplier ("3 x (1d8+2) = 3d8+6").
        spec: The weapon's damage types.
        forced_type: The one type used (a Knockout Strike's bludgeoning, a chosen
            ``[x/y]`` type); ``None``: the most effective against the target.
        precision: Precision damage dice (``None`` when none or not allowed).
        extras: Extra dice never multiplied (``1d6 [fire]``).
        weakened_pct: The attacker's Weakened change to physical damage (-10 per stage).
        killer_minimum: Killer Criticals' least critical damage (``None``: off or not
            allowed against this target).
        qualities: What the weapon counts as for DR X/Y.
        resistances: The target's resistances.
        creature_type: ``living``, ``undead`` or ``construct``.
        terms: The parts of the weapon damage, for explanations.
        notes: What was left out and why.
    """

    normal: DiceExpr
    critical: DiceExpr
    spec: DamageSpec
    forced_type: DamageType | None
    precision: DiceExpr | None
    extras: tuple[DamageSpec, ...]
    weakened_pct: int
    killer_minimum: int | None
    qualities: tuple[str, ...]
    resistances: Resistances
    creature_type: str
    terms: tuple[Term, ...] = ()
    notes: tuple[str, ...] = ()
    # Memo of physical()/extra() results: both are pure and called once per rolled hit.
    _memo: dict = field(default_factory=dict, compare=False, hash=False, repr=False)

    def weapon_after(self, rolled: int, critical: bool) -> int:
        """The weapon part after the attacker's Weakened stage and Killer Criticals.

        Weakened: "-10% physical damage" per stage, rounded down (inferred), to the weapon
        damage only. Killer Criticals: "A Critical Hit always deals a minimum amount of
        damage ... If your maximum damage output is less than this amount ... just deal
        the percentage instead of rolling your weapon damage" - so the minimum replaces the
        weapon damage (precision and extra dice are still added) and "Damage Resistance
        applies after this calculation".
        """
        w = rolled * (100 + self.weakened_pct) // 100 if self.weakened_pct else rolled
        if critical and self.killer_minimum is not None:
            w = max(w, self.killer_minimum)
        return w

    def physical(self, weapon_part: int, precision: int, critical: bool) -> Applied:
        """The strike's physical damage after DR: at least 1 before DR ("Minimum Damage"),
        precision added to the weapon's total before DR ("Precision Damage [+Prec]"), the
        most effective type of ``[x/y]``/``[x+y]``, and a critical "always deals at least 1
        physical damage" after DR."""
        amount = max(1, weapon_part + precision)
        key = (amount, critical)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        self._memo[key] = out = self._physical(amount, critical)
        return out

    def _physical(self, amount: int, critical: bool) -> Applied:
        if self.forced_type is not None:
            return apply_resistance(amount, self.forced_type, self.resistances,
                                    creature_type=self.creature_type,
                                    qualities=self.qualities, critical=critical)
        return best_type(self.spec, amount, self.resistances, creature_type=self.creature_type,
                         qualities=self.qualities, critical=critical)

    def extra(self, spec: DamageSpec, rolled: int) -> Applied:
        """An extra die's damage (fire, positive energy...) after resistance; never
        multiplied. Healing energy gives a negative ``taken``."""
        key = (spec, rolled)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        self._memo[key] = out = best_type(spec, max(0, rolled), self.resistances,
                                          creature_type=self.creature_type,
                                          qualities=self.qualities)
        return out


@dataclass(frozen=True)
class DefensePlan:
    """An Active Parry or Active Dodge the target makes against this attack."""

    kind: str
    bonus: Stat
    fortune: Fortune | None
    attack_bonus: Stat  # the attacker's bonus against this defence (Knockdown, Anti-Shield)


# --------------------------------------------------------------------------- the setup


@dataclass(frozen=True)
class AttackSetup:
    """One attack, checked and computed up to the dice (see :func:`prepare`).

    Attributes:
        attacker, target: The creatures (``target`` with the situation's conditions:
            flanked, flat-footed, helpless).
        weapon: The weapon.
        situation: The :class:`Situation`.
        ruleset: The :class:`Ruleset`.
        mode: ``melee`` or ``ranged``.
        bonus: The attack bonus (a :class:`Stat`: HR, ability, size, typed bonuses and
            penalties).
        fortune: Fortunate/Unfortunate on the attack roll after cancelling.
        ac: The AC it is compared with (AC, FFAC or TouchAC) as a :class:`Stat`.
        confirm_ac: What a threat is confirmed against (ACvsCrit, or TouchAC).
        miss_chance: % Miss Chance.
        damage: The :class:`DamagePlan`.
        defense: The target's Active Defense, if any.
        auto_critical: A strike on a Helpless foe: a Critical Hit without rolling.
        notes: Rules applied, in words.
        consequences: What the attack does to the attacker afterwards (Power Attack's -2
            AC...).
    """

    attacker: Any
    target: Any
    weapon: Weapon
    situation: Situation
    ruleset: Ruleset
    mode: str
    bonus: Stat
    fortune: Fortune | None
    ac: Stat
    confirm_ac: Stat
    miss_chance: int
    damage: DamagePlan
    defense: DefensePlan | None
    auto_critical: bool
    notes: tuple[str, ...]
    consequences: tuple[str, ...]

    @property
    def ac_name(self) -> str:
        return {"ac": "AC", "ff_ac": "FFAC", "touch_ac": "TouchAC",
                "ac_vs_crit": "ACvsCrit"}[self.ac.name]

    @property
    def confirm_name(self) -> str:
        return "TouchAC" if self.confirm_ac.name == "touch_ac" else "ACvsCrit"

    @property
    def line(self) -> str:
        """The attack in the text's annotation format ("Attack Roll Annotations"):
        ``Battleaxe: +6 / 20 / x3 / 1d8+2 [s+b]`` (range increment after the multiplier
        for projectile weapons; extra dice after the main damage)."""
        w = self.weapon
        rng = f" / {w.range_increment} ft" if w.range_increment and self.mode == "ranged" else ""
        dmg = f"{self.damage.normal} [{w.types_text()}]"
        for e in self.damage.extras:
            dmg += f" + {e}"
        if self.damage.precision is not None:
            dmg += f" + {self.damage.precision} [prec]"
        return (f"{w.name}: {self.bonus.value:+d} / {w.threat_text} / x{w.multiplier}{rng} / "
                f"{dmg}")

    def explain(self) -> str:
        """The attack line, the bonus, the AC and the damage parts."""
        out = [self.line, self.bonus.explain()]
        out.append(self.ac.explain())
        if self.defense is not None:
            out.append(f"Active {self.defense.kind.title()}: " + self.defense.bonus.explain())
        if self.miss_chance:
            out.append(f"{self.miss_chance}% miss chance ({R_CONCEAL})")
        out += [f"note: {n}" for n in self.notes + self.damage.notes]
        return "\n".join(out)

    # ------------------------------------------------------------- rolling

    def resolve(self, roller: Roller) -> "AttackResult":
        """Roll this attack: attack roll (and Active Defense roll), % miss chance, the
        confirmation of a threat, damage; see :func:`attack`."""
        if not isinstance(roller, Roller):
            raise WeaponError(f"roller must be a lfgcombat.Roller, not {type(roller).__name__}; "
                              "make one with Roller(seed=...)")
        a, t, w = self.attacker.name, self.target.name, self.weapon.name
        attack_roll = defense_roll = confirm_roll = None
        miss: MissChance | None = None
        why = ""
        perfect = False
        if self.auto_critical:
            hit = threat = critical = True
            why = "a Big Action strike on a Helpless foe is a Critical Hit"
        else:
            if self.defense is not None:
                bonus = self.defense.attack_bonus.value
                attack_roll = roller.roll(_d20(bonus), fortune=self.fortune,
                                          label=f"{a} attacks {t} with {w} vs Active "
                                                f"{self.defense.kind.title()}")
                defense_roll = roller.roll(_d20(self.defense.bonus.value),
                                           fortune=self.defense.fortune,
                                           label=f"{t} Active {self.defense.kind.title()}")
                hit = hits_vs_defense(attack_roll.natural, attack_roll.total,
                                      defense_roll.natural, defense_roll.total)
                why = _defense_why(attack_roll, defense_roll, hit, self.defense.kind)
            else:
                attack_roll = roller.roll(_d20(self.bonus.value), fortune=self.fortune,
                                          label=f"{a} attacks {t} with {w} vs "
                                                f"{self.ac_name} {self.ac.value}")
                hit = hits(attack_roll.natural, attack_roll.total, self.ac.value)
                why = _why(attack_roll, self.ac.value, self.ac_name, hit)
            threat = hit and attack_roll.natural >= self.weapon.threat
            if hit and self.miss_chance:
                miss = roller.miss_chance(self.miss_chance,
                                          label=f"{self.miss_chance}% miss chance ({t})")
                if miss.missed:
                    hit = threat = False
                    why = "the % miss chance makes it miss"
            critical = False
            if threat:
                confirm_roll = roller.roll(_d20(self.bonus.value), fortune=self.fortune,
                                           label=f"{a} confirms the critical threat vs "
                                                 f"{self.confirm_name} {self.confirm_ac.value}")
                critical = hits(confirm_roll.natural, confirm_roll.total, self.confirm_ac.value)
                perfect = (critical and self.ruleset.perfect_critical
                           and confirm_roll.natural == 20)
        damage_rolls: list[Roll] = []
        applied: list[Applied] = []
        weapon_rolled = weapon_part = prec = 0
        if hit:
            d = self.damage
            expr = d.critical if critical else d.normal
            if perfect:
                weapon_rolled = expr.maximum
            else:
                r = roller.roll(expr, label=f"{w} damage" + (" (critical)" if critical else ""))
                damage_rolls.append(r)
                weapon_rolled = r.total
            weapon_part = d.weapon_after(weapon_rolled, critical)
            if d.precision is not None:
                r = roller.roll(d.precision, label=f"{w} precision damage")
                damage_rolls.append(r)
                prec = r.total
            applied.append(d.physical(weapon_part, prec, critical))
            for spec in d.extras:
                r = roller.roll(spec.expr, label=f"{w} {spec} damage")
                damage_rolls.append(r)
                applied.append(d.extra(spec, r.total))
        result = AttackResult(self, attack_roll, defense_roll, miss, threat, confirm_roll, hit,
                              critical, perfect, why, tuple(damage_rolls), weapon_rolled,
                              weapon_part, prec, tuple(applied), roller)
        if hit and (perfect or self.situation.knockout):
            result._after  # its rolls (limb, FORT Save) belong right after this attack's
        return result


def _d20(bonus: int) -> str:
    return f"1d20{'+' if bonus >= 0 else '-'}{abs(bonus)}"


def _why(r: Roll, ac: int, ac_name: str, hit: bool) -> str:
    if r.natural == 20:
        return "a natural 20 always hits"
    if r.natural == 1:
        return "a natural 1 always misses"
    return f"{r.total} {'>=' if hit else '<'} {ac_name} {ac}"


def _defense_why(a: Roll, d: Roll, hit: bool, kind: str) -> str:
    pair = f"attack {a.total} (nat {a.natural}) vs {kind} {d.total} (nat {d.natural})"
    if (a.natural, d.natural) in ((20, 20), (1, 1)):
        return f"{pair}: both natural {a.natural}, tallied normally"
    if a.natural == 20:
        return f"{pair}: a natural 20 attack strikes"
    if d.natural == 20:
        return f"{pair}: a natural 20 {kind} deflects"
    if a.natural == 1:
        return f"{pair}: a natural 1 attack fails"
    if d.natural == 1:
        return f"{pair}: a natural 1 {kind} fails"
    return f"{pair}: " + ("struck (not higher)" if hit else f"the {kind} is higher")


# --------------------------------------------------------------------------- result


@dataclass(frozen=True)
class AttackResult:
    """One rolled attack, with every roll and the reason for each verdict.

    Attributes:
        setup: The :class:`AttackSetup` it rolled.
        attack_roll: The d20 attack roll (``None`` for an automatic critical).
        defense_roll: The target's Active Parry/Dodge roll, if any.
        miss: The % miss chance roll, if one was made.
        threat: A Critical Threat was scored (before the miss chance).
        confirm_roll: The confirmation roll of a threat.
        hit, critical, perfect: The verdicts (``perfect``: Perfect Critical).
        why: Why it hit or missed.
        damage_rolls: The damage dice rolled.
        weapon_rolled: The weapon damage rolled (or the maximum for a Perfect Critical).
        weapon_part: After Weakened and Killer Criticals.
        precision: Precision damage rolled.
        damage: Each damage component after resistances (physical first).
    """

    setup: AttackSetup
    attack_roll: Roll | None
    defense_roll: Roll | None
    miss: MissChance | None
    threat: bool
    confirm_roll: Roll | None
    hit: bool
    critical: bool
    perfect: bool
    why: str
    damage_rolls: tuple[Roll, ...]
    weapon_rolled: int
    weapon_part: int
    precision: int
    damage: tuple[Applied, ...]
    roller: Roller = field(repr=False, compare=False, default=None)

    @property
    def outcome(self) -> str:
        """``miss``, ``hit``, ``critical`` or ``perfect critical``."""
        if not self.hit:
            return "miss"
        if self.perfect:
            return "perfect critical"
        return "critical" if self.critical else "hit"

    @property
    def total(self) -> int:
        """Damage dealt after resistances (healing energy counts negative)."""
        return sum(a.taken for a in self.damage)

    @property
    def rolled(self) -> int:
        """Damage before resistances."""
        return sum(a.rolled for a in self.damage)

    @property
    def damage_by_type(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for a in self.damage:
            out[a.type.value] = out.get(a.type.value, 0) + a.taken
        return out

    @property
    def rolls(self) -> tuple[Roll, ...]:
        """Every roll made, in order."""
        out = [r for r in (self.attack_roll, self.defense_roll) if r is not None]
        if self.miss is not None:
            out.append(self.miss.roll)
        if self.confirm_roll is not None:
            out.append(self.confirm_roll)
        return tuple(out) + self.damage_rolls + tuple(self._after[1])

    @cached_property
    def _after(self):
        """(the target's vitals after the attack, extra rolls, consequences)."""
        from .vitals import Vitals
        s = self.setup
        vit = Vitals.from_creature(s.target)
        rolls: list[Roll] = []
        notes: list[str] = list(s.consequences)
        if not self.hit:
            return vit, rolls, notes
        for a in self.damage:
            if a.taken > 0:
                vit = vit.damage(a.taken, a.type)
            elif a.taken < 0:
                if not vit.dead:
                    vit = vit.heal(-a.taken, "magic")
        threshold = s.target.injured_threshold.value
        if self.perfect and threshold is not None and self.total >= threshold and not vit.dead:
            limb = self._perfect_limb(rolls)
            vit = vit.gain(limb)
            notes.append(f"Perfect Critical: {self.total} damage >= the Injured Threshold "
                         f"{threshold}: {limb.replace('_', ' ')} ({R_PERFECT})")
        if s.situation.knockout and not vit.dead:
            unaware = s.situation.flat_footed or Condition.FLAT_FOOTED in s.target.active_conditions
            if (self.critical and unaware) or vit.injured or vit.hp <= 0:
                from .saves import saving_throw
                dc = max(self.total, 0)
                save = saving_throw(s.target, "fort", dc, self.roller,
                                    label=f"{s.target.name} FORT Save vs knockout DC {dc}")
                rolls.append(save.roll) if save.roll is not None else None
                if save.success:
                    notes.append(f"Knockout Strike: {save.explain().splitlines()[0]}: stays "
                                 "conscious")
                else:
                    vit = vit.knock_out()
                    notes.append(f"Knockout Strike: {save.explain().splitlines()[0]}: "
                                 "unconscious yet stable, awakens within 1d10 minutes "
                                 f"({R_SPECIAL})")
        return vit, rolls, notes

    def _perfect_limb(self, rolls: list[Roll]) -> str:
        """Which limb a Perfect Critical breaks or severs (inferred: "Use common sense":
        slashing severs an arm or a leg (1d2), bludgeoning and piercing break an arm, a leg
        or ribs (1d3))."""
        physical = self.damage[0].type
        if physical is DamageType.SLASHING:
            r = self.roller.roll("1d2", label="Perfect Critical: 1 severed arm, 2 severed leg")
            rolls.append(r)
            return ("severed_arm", "severed_leg")[r.total - 1]
        r = self.roller.roll("1d3", label="Perfect Critical: 1 broken arm, 2 broken leg, "
                                          "3 broken ribs")
        rolls.append(r)
        return ("broken_arm", "broken_leg", "broken_ribs")[r.total - 1]

    @property
    def target_after(self):
        """The target's :class:`~lfgcombat.vitals.Vitals` after the attack (its HP, Bleed,
        Weakened stage, knockout, broken limbs)."""
        return self._after[0]

    @property
    def consequences(self) -> tuple[str, ...]:
        """What the attack sets off beyond damage (Power Attack's -2 AC, limbs, knockout)."""
        return tuple(self._after[2])

    def explain(self) -> str:
        """Every roll and verdict as readable lines."""
        s = self.setup
        out = [f"{s.attacker.name} -> {s.target.name}: {s.line}"]
        if self.attack_roll is not None:
            out.append("  " + self.attack_roll.explain())
        if self.defense_roll is not None:
            out.append("  " + self.defense_roll.explain())
        out.append(f"  {self.outcome.upper()}: {self.why}")
        if self.miss is not None:
            out.append("  " + self.miss.explain())
        if self.threat and self.confirm_roll is not None:
            verdict = "confirmed" if self.critical else "not confirmed: a normal hit"
            out.append(f"  critical threat (natural {self.attack_roll.natural} in "
                       f"{s.weapon.threat_text}): " + self.confirm_roll.explain()
                       + f" -> {verdict}")
            if self.perfect:
                out.append(f"  natural 20 on the confirmation: Perfect Critical, maximum "
                           f"physical damage ({R_PERFECT})")
        if self.hit:
            d = s.damage
            for r in self.damage_rolls:
                out.append("  " + r.explain())
            if self.perfect:
                out.append(f"  weapon damage {self.weapon_rolled} (maximum of {d.critical})")
            if self.weapon_part != self.weapon_rolled:
                out.append(f"  weapon damage {self.weapon_rolled} -> {self.weapon_part} "
                           + ("(Killer Criticals minimum "
                              f"{d.killer_minimum})" if self.critical and d.killer_minimum
                              and self.weapon_part == d.killer_minimum else
                              f"(Weakened {d.weakened_pct}%)"))
            for a in self.damage:
                out.append(f"  {a}")
            out.append(f"  total {self.total} damage")
        for c in self.consequences:
            out.append(f"  {c}")
        if self.hit and self.target_after is not None:
            out.append("  " + self.target_after.summary())
        return "\n".join(out)

    def row(self) -> dict[str, Any]:
        """One log row: attacker, target, weapon, outcome, natural, total, AC, damage."""
        s = self.setup
        return {"attacker": s.attacker.name, "target": s.target.name, "weapon": s.weapon.name,
                "outcome": self.outcome,
                "natural": None if self.attack_roll is None else self.attack_roll.natural,
                "attack": None if self.attack_roll is None else self.attack_roll.total,
                "ac": s.ac.value, "damage": self.total if self.hit else 0}

    def __repr__(self) -> str:
        dmg = f", {self.total} damage" if self.hit else ""
        return (f"<AttackResult {self.setup.attacker.name} -> {self.setup.target.name} with "
                f"{self.setup.weapon.name}: {self.outcome}{dmg}>")


# --------------------------------------------------------------------------- prepare


def _restack(stat: Stat | None, extra: Iterable[Bonus], drop=lambda b: False) -> list[Bonus]:
    base = [ln.bonus for ln in stat.bonuses.lines] if stat is not None and stat.bonuses else []
    return [b for b in base if not drop(b)] + list(extra)


def _attack_stat(attacker, weapon: Weapon, mode: str, sit: Situation, extra: list[Bonus],
                 notes: list[str]) -> tuple[Stat, str]:
    kind = "melee" if mode == "melee" else "ranged"
    base = attacker.attack_bonus(kind)
    allowed = (("str", "dex") if weapon.hands == "light" or weapon.finesse or weapon.is_unarmed
               else ("str",)) if kind == "melee" else ("dex", "wis")
    if sit.ability is not None:
        if sit.ability not in allowed:
            raise _illegal(f"a {kind} attack with {weapon.name} uses "
                           f"{' or '.join(a.upper() for a in allowed)}, not "
                           f"{sit.ability.upper()}", R_ATTACK)
        ability = sit.ability
    else:
        ability = max(allowed, key=lambda a: (attacker.ability_mod(a), a == allowed[0]))
    terms = list(base.terms)
    terms[1] = Term(f"{ability.upper()} mod ({ability.upper()} {attacker.abilities[ability]})",
                    attacker.ability_mod(ability))
    crossbow = kind == "ranged" and "crossbow" in (weapon.key or weapon.name).lower()

    def drop(b: Bonus) -> bool:
        return crossbow and b.source == "prone"
    if crossbow and Condition.PRONE in attacker.active_conditions:
        notes.append("prone: crossbows take no attack penalty (Prone)")
    stacked = stack(_restack(base, extra, drop))
    value = sum(t.value for t in terms) + stacked.total
    formula = ("1d20+HR+STRMod+SizeMod (DEXMod for light or finesse weapons)" if kind == "melee"
               else "1d20+HR+DEXMod-Range Penalty+SizeMod (or WISMod)")
    return Stat("attack", value, tuple(terms), stacked, base.notes,
                f"{R_ATTACK}: {formula}", fortune=base.fortune), ability


def _ac_stat(target, kind: str, against: str, distance: int | None, extra: list[Bonus]) -> Stat:
    base = target.armor_class(kind, against=against, distance_ft=distance)
    stacked = stack(_restack(base, extra))
    value = sum(t.value for t in base.terms) + stacked.total
    return Stat(base.name, value, base.terms, stacked, base.notes, base.rule)


def prepare(attacker, target, weapon: "Weapon | str | Mapping", *,
            ruleset: Ruleset | str | None = None, situation: Situation | None = None,
            **kwargs: Any) -> AttackSetup:
    """Check an attack is legal and compute everything but the dice.

    Args:
        attacker, target: :class:`lfgcombat.Creature` values.
        weapon: A weapon name, entry or :class:`Weapon` (see :func:`resolve_weapon`).
        ruleset: The :class:`Ruleset` (default ``lfg``, optional rules off).
        situation: A :class:`Situation`, or give its keys as keywords.

    Returns:
        The :class:`AttackSetup`.

    Raises:
        IllegalActionError: an attack the rules forbid (out of range or reach, Power Attack
            with a bow, Active Parry against an arrow...), naming the rule.
        WeaponError: an unknown weapon or situation key, or a bad value.
    """
    rules = coerce_ruleset(ruleset)
    if situation is None:
        sit = Situation.make(**kwargs)
    elif kwargs:
        sit = dataclasses.replace(situation, **Situation.make(**kwargs).changed())
    else:
        sit = situation
    w = resolve_weapon(attacker, weapon)
    notes: list[str] = []
    consequences: list[str] = []

    # --- the target as the situation makes it
    tgt = target
    for flag, cond in ((sit.flanked, "flanked"), (sit.flat_footed, "flat_footed"),
                       (sit.helpless, "helpless")):
        if flag and Condition(cond) not in tgt.active_conditions:
            tgt = tgt.with_condition(cond)
    tconds = tgt.active_conditions

    # --- who can act
    acts = attacker.actions
    if sit.aoo:
        if acts.reactions < 1:
            raise _illegal(f"{attacker.name} has no Reaction for an AOO "
                           f"({', '.join(attacker.active_conditions.forbidding('reactions'))})",
                           R_CONDITIONS)
    elif acts.big_actions < 1:
        raise _illegal(f"{attacker.name} cannot take a Big Action to attack: "
                       + "; ".join(acts.notes), R_CONDITIONS)

    # --- melee or ranged, reach and range
    if w.is_projectile:
        mode = "ranged"
        if sit.thrown:
            raise _illegal(f"{w.name} shoots ammunition; it is not thrown", R_ATTACK)
    elif sit.thrown:
        if not w.can_throw:
            raise _illegal(f"{w.name} is not a thrown weapon (it has no Range Increment for "
                           "throwing)", R_ATTACK)
        mode = "ranged"
    else:
        mode = "melee"
    extra: list[Bonus] = []
    distance = sit.distance_ft
    if mode == "ranged":
        inc = w.range_increment
        if inc is None:
            raise WeaponError(f"{w.name} has no range_increment; give one in its entry")
        longest = inc * (10 if w.is_projectile else 5)
        if distance is not None:
            if distance > longest:
                raise _illegal(
                    f"{tgt.name} is {distance} ft away, beyond {w.name}'s maximum range of "
                    f"{longest} ft ({'10' if w.is_projectile else '5'} Range Increments of "
                    f"{inc} ft for a {'projectile' if w.is_projectile else 'thrown'} weapon)",
                    R_ATTACK)
            pen = range_penalty(distance, inc)
            if pen:
                extra.append(Bonus(pen, None, f"range: {distance} ft, {-pen // 2} full "
                                              f"increment(s) of {inc} ft beyond the first"))
    else:
        reach = w.reach_ft if w.reach_ft is not None else int(attacker.reach.value)
        if distance is not None and distance > max(reach, 5 if reach else 0):
            raise _illegal(f"{tgt.name} is {distance} ft away, beyond {attacker.name}'s Melee "
                           f"Reach of {reach} ft with {w.name}", R_ATTACK)

    # --- special actions and penalties
    if sit.power_attack:
        if mode != "melee":
            raise _illegal("Power Attack is a single melee attack", R_SPECIAL)
        extra.append(Bonus(-2, None, "Power Attack"))
        consequences.append(f"{attacker.name} suffers -2 AC until its next turn (Power Attack)")
    if sit.fight_defensively:
        if not (w.can_melee or w.is_natural or w.is_unarmed):
            raise _illegal("Fight Defensively needs a melee weapon (or to threaten your area)",
                           R_SPECIAL)
        if sit.previous_attacks or (sit.consecutive_penalty or 0) < 0:
            raise _illegal("you may not choose to fight defensively if you have already "
                           "made an attack on your turn", R_SPECIAL)
        extra.append(Bonus(-4, None, "Fight Defensively"))
        consequences.append(f"{attacker.name} gains a +2 Dodge Bonus to AC until the start of "
                            "its next turn (Fight Defensively)")
    if sit.aim:
        if mode != "ranged":
            raise _illegal("Aim gives its +1 Focus Bonus to a ranged attack only", R_SPECIAL)
        if sit.aoo:
            raise _illegal("Aim cannot affect an AOO", R_SPECIAL)
        extra.append(Bonus(1, BonusType.FOCUS, "Aim"))
    if sit.consecutive_penalty is not None:
        if sit.consecutive_penalty:
            extra.append(Bonus(sit.consecutive_penalty, None, "Consecutive Attack Penalty"))
    elif sit.previous_attacks:
        per = 1 if sit.alternating else 2
        extra.append(Bonus(-per * sit.previous_attacks, None,
                           f"Consecutive Attack Penalty ({sit.previous_attacks} earlier "
                           f"attack(s), -{per} each)"))
    if sit.off_hand:
        pen = off_hand_penalty(w, sit.two_weapon_fighting)
        if pen:
            extra.append(Bonus(pen, None, "off hand"))
    if sit.two_shields:
        extra.append(Bonus(-2, None, "two shields"))
    if w.enhancement:
        extra.append(Bonus(w.enhancement, BonusType.ENHANCE, f"+{w.enhancement} weapon"))
    if w.masterwork:
        extra.append(Bonus(1, BonusType.GEAR, "masterwork (inferred, d20)"))
    extra += list(sit.attack_bonuses)
    if sit.two_handed:
        if w.hands == "two" or mode != "melee" or w.is_natural or w.is_unarmed:
            raise _illegal(f"two_handed is for wielding a one-handed weapon in both hands; "
                           f"{w.name} is {w.hands}-handed/{w.category}", R_TYPES)
        if sit.off_hand:
            raise _illegal("an off-hand attack uses one hand", R_HANDS)
    bonus, ability = _attack_stat(attacker, w, mode, sit, extra, notes)

    # --- fortune
    sources = [bonus.fortune, Fortune.coerce(sit.fortune)]
    if mode == "melee" and tconds.attackers_melee_fortune is not None:
        sources.append(tconds.attackers_melee_fortune)
        notes.append(f"melee attacks against {tgt.name} are "
                     f"{tconds.attackers_melee_fortune.value}")
    fortune = net_fortune(sources)

    # --- the AC
    against = "melee" if mode == "melee" else "ranged"
    dist = distance if distance is not None else (5 if mode == "melee" else None)
    ac_extra = list(sit.ac_bonuses)
    if sit.cover_bonus:
        ac_extra.append(Bonus(sit.cover_bonus, BonusType.COVER, "cover"))
    ac_kind = "touch_ac" if sit.touch else "ac"
    ac = _ac_stat(tgt, ac_kind, against, dist, ac_extra)
    if Condition.FLAT_FOOTED in tconds and not sit.touch:
        ac = dataclasses.replace(ac, name="ff_ac")
    confirm = _ac_stat(tgt, "touch_ac" if sit.touch else "ac_vs_crit", against, dist, ac_extra)

    # --- miss chance
    miss = max(sit.miss_chance, tconds.attackers_miss_chance,
               attacker.active_conditions.miss_chance)
    if tconds.attackers_miss_chance:
        notes.append(f"{tgt.name}: attacks against it have a {tconds.attackers_miss_chance}% "
                     "miss chance")
    if attacker.active_conditions.miss_chance:
        notes.append(f"{attacker.name}'s conditions give its attacks a "
                     f"{attacker.active_conditions.miss_chance}% miss chance")

    # --- automatic critical on the helpless
    if sit.auto_critical:
        if Condition.HELPLESS not in tconds:
            raise _illegal(f"{tgt.name} is not Helpless: only a Helpless foe is struck "
                           "automatically with a Critical Hit", R_CRIT)
        if mode != "melee":
            raise _illegal("the automatic Critical Hit needs the Helpless foe within Melee "
                           "Reach", R_CRIT)
        if sit.active_defense:
            raise _illegal("a Helpless foe cannot use Active Defense", R_DEFENSE)

    # --- damage
    damage = _damage_plan(attacker, tgt, w, mode, sit, rules, miss, notes)

    # --- active defense
    defense = None
    if sit.active_defense:
        defense = _defense_plan(attacker, tgt, w, mode, sit, bonus, extra, notes)
    return AttackSetup(attacker, tgt, w, sit, rules, mode, bonus, fortune, ac, confirm, miss,
                       damage, defense, sit.auto_critical, tuple(notes), tuple(consequences))


def _damage_plan(attacker, tgt, w: Weapon, mode: str, sit: Situation, rules: Ruleset,
                 miss: int, notes: list[str]) -> DamagePlan:
    dnotes: list[str] = []
    dice = w.damage
    if sit.power_attack:
        dice = step_damage(dice, 2)
        dnotes.append(f"Power Attack: {w.damage} -> {dice} (2 die sizes larger)")
    if w.is_unarmed:
        attack_type = "unarmed"
    elif mode == "ranged" and not w.is_projectile:
        attack_type = "basic"  # "Thrown weapons deal damage as Basic Attacks"
    elif sit.two_handed:
        attack_type = "heavy"
    else:
        attack_type = w.attack_type
    str_mod = attacker.ability_mod("str")
    str_part = strength_damage(attack_type, str_mod)
    terms = [Term(f"{w.name} dice", 0)]
    if attack_type != "ranged":
        label = {"basic": "STRMod (Basic Attack)", "heavy": "1.5 x STRMod rounded down "
                 "(Heavy Attack)", "unarmed": "half STRMod (basic unarmed attack)"}[attack_type]
        terms.append(Term(label + (" - a negative STRMod is not subtracted" if str_mod < 0
                                   else ""), str_part))
    else:
        terms.append(Term("Ranged Attack: no STRMod", 0))
    flat = str_part
    if w.enhancement:
        terms.append(Term(f"+{w.enhancement} enhancement", w.enhancement))
        flat += w.enhancement
    if w.strength_rating:
        terms.append(Term(f"strength rating ({w.strength_rating})", w.strength_rating))
        flat += w.strength_rating
    if sit.damage_bonus:
        terms.append(Term("situation", sit.damage_bonus))
        flat += sit.damage_bonus
    normal = parse(f"{dice}+{flat}") if flat else dice
    critical = _multiply(normal, w.multiplier)
    # types
    forced = None
    if sit.knockout:
        if DamageType.BLUDGEONING not in w.spec.types or (
                w.spec.mode == "both" and len(w.spec.types) > 1):
            raise _illegal(f"a Knockout Strike needs an attack that only deals bludgeoning "
                           f"damage; {w.name} deals [{w.types_text()}]", R_SPECIAL)
        forced = DamageType.BLUDGEONING
    elif sit.damage_type is not None:
        dt = DamageType(sit.damage_type)
        if dt not in w.spec.types or w.spec.mode == "both":
            raise _illegal(f"{w.name} deals [{w.types_text()}]; "
                           + ("it deals every listed type at once" if w.spec.mode == "both"
                              else f"{dt.value} is not one of them"),
                           _cite("How do I read or write the damage for an attack or spell?"))
        forced = dt
    # precision
    precision = None
    if sit.precision is not None:
        if w.is_unarmed:
            dnotes.append("no precision damage: basic unarmed attacks cannot deal it "
                          f"({R_UNARMED})")
        elif miss:
            dnotes.append(f"no precision damage: the target has concealment ({R_CONCEAL})")
        else:
            precision = parse(sit.precision)
    # killer criticals
    killer = None
    if rules.killer_criticals:
        if tgt.size.order - attacker.size.order > 1:
            dnotes.append(f"no Killer Critical: {tgt.name} is more than 1 size category "
                          f"larger ({R_KILLER})")
        else:
            killer = rules.killer_critical_minimum(w.multiplier, tgt.max_hp.value)
    weak = attacker.active_conditions.physical_damage_pct
    if weak:
        dnotes.append(f"Weakened: {weak}% physical damage (rounded down)")
    res = Resistances.from_dict(tgt.resistances)
    qualities = w.qualities
    return DamagePlan(normal, critical, w.spec, forced, precision, w.extra, weak, killer,
                      qualities, res, _creature_kind(tgt), tuple(terms), tuple(dnotes))


def _defense_plan(attacker, tgt, w: Weapon, mode: str, sit: Situation, bonus: Stat,
                  extra: list[Bonus], notes: list[str]) -> DefensePlan:
    kind = sit.active_defense
    tconds = tgt.active_conditions
    if Condition.FLAT_FOOTED in tconds or Condition.HELPLESS in tconds:
        raise _illegal(f"{tgt.name} is flat-footed (unaware): it cannot use Active Defense",
                       R_DEFENSE)
    if tgt.actions.reactions < 1:
        raise _illegal(f"{tgt.name} has no Reaction to spend on an Active Defense", R_DEFENSE)
    if sit.aoo:
        raise _illegal("Active Defense cannot be used against an AOO: you cannot use a "
                       "Reaction against another Reaction", R_DEFENSE)
    if sit.auto_critical:
        raise _illegal("the automatic critical on a Helpless foe is not an attack roll",
                       R_DEFENSE)
    dfortune_sources = [tconds.fortune()]
    penalties: list[Bonus] = []
    if Condition.FLANKED in tconds:
        penalties.append(Bonus(-2, None, "flanked"))
    if sit.defense_uses:
        penalties.append(Bonus(-2 * sit.defense_uses, None,
                               f"{sit.defense_uses} earlier Active Defense(s) this round"))
    attack_extra: list[Bonus] = []
    if kind == "parry":
        if mode != "melee":
            raise _illegal("Active Parry cannot be used against Ranged Attacks", R_PARRY)
        if sit.touch:
            raise _illegal("Active Parry cannot be used against Touch Attacks", R_PARRY)
        if attacker.size.order - tgt.size.order >= 2:
            raise _illegal(f"{tgt.name} cannot Active Parry a creature 2+ size categories "
                           f"larger ({attacker.size.value} vs {tgt.size.value})", R_PARRY)
        if not tgt.threatens:
            raise _illegal(f"{tgt.name} must threaten its area with a melee or natural weapon "
                           "to Active Parry", R_PARRY)
        if sit.defense_bonus is not None:
            dbonus = Stat("active_parry", sit.defense_bonus + sum(b.value for b in penalties),
                          (Term("Active Parry bonus given", sit.defense_bonus),),
                          stack(penalties), rule=R_PARRY)
        else:
            dbonus = _parry_stat(tgt, sit, penalties)
        if "knockdown" in w.traits:
            attack_extra.append(Bonus(2, BonusType.GEAR, w.name))
        if "anti-shield" in w.traits:
            attack_extra.append(Bonus(1, BonusType.GEAR, w.name))
    else:
        if not (sit.active_dodger or sit.defender_fighting_defensively):
            raise _illegal(f"{tgt.name} needs the Active Dodger Feat or to be Fighting "
                           "Defensively to Active Dodge", R_DODGE)
        if sit.acrobatics is None and sit.defense_bonus is None:
            raise WeaponError("an Active Dodge rolls the target's Acrobatics: give "
                              "acrobatics=<its Acrobatics bonus> (skills are not modelled yet)")
        base = sit.defense_bonus if sit.defense_bonus is not None else sit.acrobatics
        dstack = stack(penalties + tconds.modifiers("d20"))
        dbonus = Stat("active_dodge", base + dstack.total, (Term("Acrobatics", base),), dstack,
                      rule=R_DODGE)
        if w.is_bow_or_crossbow:
            dfortune_sources.append(Fortune.UNFORTUNATE)
            notes.append("Active Dodge against a bow or crossbow is Unfortunate")
    att = bonus
    if attack_extra:
        stacked = stack([ln.bonus for ln in bonus.bonuses.lines] + attack_extra)
        att = dataclasses.replace(bonus, value=sum(t.value for t in bonus.terms) + stacked.total,
                                  bonuses=stacked)
    return DefensePlan(kind, dbonus, net_fortune(dfortune_sources), att)


def _parry_stat(tgt, sit: Situation, penalties: list[Bonus]) -> Stat:
    """The target's Active Parry bonus: its melee attack bonus with its parrying weapon,
    plus its Shield Rating and the best Parry+X gear bonus ("Active Parry - If you are
    attacked in melee and are aware of the attack:"). Fighting defensively's -4 is ignored,
    as the text says (the target's own situation is not modelled here)."""
    entries = [e for e in tgt.weapons if isinstance(e, Mapping)]
    weapons = []
    for e in entries:
        try:
            weapons.append(_entry_weapon(e, tgt.size))
        except WeaponError:
            continue
    melee = [x for x in weapons if x.can_melee and not x.is_projectile]
    if sit.parry_weapon is not None:
        chosen = resolve_weapon(tgt, sit.parry_weapon)
    elif melee:
        chosen = melee[0]
    else:
        raise _illegal(f"{tgt.name} has no melee or natural weapon to parry with", R_PARRY)
    stat, _ = _attack_stat(tgt, chosen, "melee", Situation(), [], [])
    extra = list(penalties)
    if chosen.enhancement:
        extra.append(Bonus(chosen.enhancement, BonusType.ENHANCE, chosen.name))
    if chosen.masterwork:
        extra.append(Bonus(1, BonusType.GEAR, f"masterwork {chosen.name}"))
    parry = max([x.parry_bonus for x in melee] + [chosen.parry_bonus])
    if parry:
        extra.append(Bonus(parry, BonusType.GEAR, "Parry+X weapon (highest only)"))
    stacked = stack(_restack(stat, extra))
    terms = stat.terms + (Term("Shield Rating", tgt.shield_rating),)
    value = sum(t.value for t in terms) + stacked.total
    return Stat("active_parry", value, terms, stacked,
                rule=_cite("Active Parry - If you are attacked in melee and are aware of the "
                           "attack:"), fortune=stat.fortune)


# --------------------------------------------------------------------------- entry points


def attack(attacker, target, weapon: "Weapon | str | Mapping", roller: Roller, *,
           ruleset: Ruleset | str | None = None, **situation: Any) -> AttackResult:
    """Make one attack and resolve it with the dice.

    The order of the rolls: the attack roll (with the target's Active Parry/Dodge roll if
    it uses one), the % miss chance if it hit and the target has concealment, the
    confirmation roll if it threatened, then the damage (weapon, precision, extra dice).
    Each roll goes to ``roller``'s history (the dice log) with a label.

    Args:
        attacker, target: :class:`lfgcombat.Creature` values.
        weapon: A weapon name (``"battleaxe"``; the attacker's own entry first), a weapon
            entry mapping, or a :class:`Weapon`.
        roller: The seeded :class:`~lfgcombat.dice.Roller`.
        ruleset: ``Ruleset("lfg", killer_criticals=True, perfect_critical=True)`` switches
            the optional rules (default: off).
        **situation: Keys of :class:`Situation` (``fortune="fortunate"``, ``flanked=True``,
            ``concealment="partial"``, ``power_attack=True``, ``active_defense="parry"``...).

    Returns:
        :class:`AttackResult` (``explain()`` for the readable account).

    Raises:
        IllegalActionError: the rules forbid the attack; nothing is rolled.
        WeaponError: unknown weapon or situation key, or bad value; nothing is rolled.

    Example:
        >>> from lfgcombat import Creature, Roller
        >>> a = Creature.from_dict({"name": "A", "class": "fighter", "level": 3,
        ...                         "abilities": {"str": 14}})
        >>> t = Creature.from_dict({"name": "T", "level": 1, "max_hp": 10})
        >>> attack(a, t, "battleaxe", Roller(seed=1)).outcome in ("hit", "miss", "critical")
        True
    """
    return prepare(attacker, target, weapon, ruleset=ruleset, **situation).resolve(roller)


def weapon_line(attacker, weapon: "Weapon | str | Mapping", target=None, **situation: Any) -> str:
    """The attack line in the text's annotation format, e.g. ``Battleaxe: +6 / 20 / x3 /
    1d8+2 [s+b]`` ("Attack Roll Annotations")."""
    from .creature import Creature
    tgt = target if target is not None else Creature.from_dict(
        {"name": "target", "level": 0, "max_hp": 10})
    return prepare(attacker, tgt, weapon, **situation).line


@dataclass(frozen=True)
class CoupDeGrace:
    """A Coup de Grace and its outcome.

    Attributes:
        roll: The 1d20.
        option: The GM's option: 1 (killed or knocked out) or 2 (damage).
        awry: A natural 1: "Your attack strikes as a Critical Hit, but something goes
            awry" (if the target survives it may take a Big Action at once).
        killed, knocked_out: Option 1's outcome.
        damage: Option 2 (and the awry critical): the damage dealt after resistances.
        critical: The critical hit rolled (awry) or used (option 2), if any.
        target_after: The target's vitals afterwards.
        lines: The account.
    """

    roll: Roll
    option: int
    awry: bool
    killed: bool
    knocked_out: bool
    damage: int
    critical: AttackResult | None
    target_after: Any
    lines: tuple[str, ...]

    def explain(self) -> str:
        return "\n".join(self.lines)


def coup_de_grace(attacker, target, weapon: "Weapon | str | Mapping", roller: Roller, *,
                  option: int = 2, knockout: bool = False,
                  ruleset: Ruleset | str | None = None) -> CoupDeGrace:
    """A Coup de Grace / Killing Blow on a Helpless foe in reach (Full-Round Action).

    000_8d1d7816ee944f3b.txt, "Coup de Grace / Killing Blow": roll 1d20. On a 1 the attack
    "strikes as a Critical Hit, but something goes awry" (a rolled critical; if the target
    survives it may take a Big Action at once). Otherwise the GM chooses: option 1, the
    target is killed (or knocked unconscious, with a bludgeoning weapon); option 2, "a
    maximum damage Critical Hit OR ... damage equal to 75% of the target's Maximum Health,
    whichever is more" (75% rounded down, inferred; the larger amount is chosen before
    resistances, which then apply as to any critical).

    Raises:
        IllegalActionError: the target is not Helpless, the weapon is not a melee weapon,
            or a knockout with a weapon that is not bludgeoning.
    """
    if option not in (1, 2):
        raise WeaponError(f"option is the GM's choice: 1 (killed/knocked out) or 2 (damage), "
                          f"not {option!r}")
    w = resolve_weapon(attacker, weapon)
    if Condition.HELPLESS not in target.active_conditions:
        raise _illegal(f"{target.name} is not Helpless: a Coup de Grace slays a helpless foe",
                       R_COUP)
    if not (w.can_melee or w.is_natural) or w.is_projectile:
        raise _illegal(f"a Coup de Grace needs a melee weapon, not {w.name}", R_COUP)
    if knockout and DamageType.BLUDGEONING not in w.spec.types:
        raise _illegal("knocking a foe unconscious requires a bludgeoning weapon", R_COUP)
    setup = prepare(attacker, target, w, ruleset=ruleset, auto_critical=True,
                    knockout=knockout)
    from .vitals import Vitals
    r = roller.roll("1d20", label=f"{attacker.name} Coup de Grace on {target.name}")
    lines = [f"{attacker.name} Coup de Grace on {target.name} with {w.name} ({R_COUP})",
             "  " + r.explain()]
    vit = Vitals.from_creature(target)
    if r.total == 1:
        crit = setup.resolve(roller)
        lines.append("  natural 1: a Critical Hit, but something goes awry")
        lines += ["  " + x for x in crit.explain().splitlines()[1:]]
        after = crit.target_after
        if not after.dead:
            lines.append(f"  {target.name} survives and may immediately take a Big Action")
        return CoupDeGrace(r, option, True, after.dead, False, crit.total, crit, after,
                           tuple(lines))
    if option == 1:
        if knockout:
            after = vit.knock_out()
            lines.append(f"  option 1: {target.name} is knocked unconscious")
            return CoupDeGrace(r, 1, False, False, True, 0, None, after, tuple(lines))
        after = dataclasses.replace(vit, dead=True, events=("slain by the Coup de Grace",))
        lines.append(f"  option 1: {target.name} is killed")
        return CoupDeGrace(r, 1, False, True, False, 0, None, after, tuple(lines))
    d = setup.damage
    max_crit = d.weapon_after(d.critical.maximum, True)
    three_quarters = target.max_hp.value * 3 // 4
    if three_quarters > max_crit:
        amount, how = three_quarters, f"75% of max HP {target.max_hp.value} = {three_quarters}"
    else:
        amount, how = max_crit, f"maximum damage Critical Hit {d.critical} = {max_crit}"
    applied = d.physical(amount, 0, True)
    lines.append(f"  option 2: {how} (the larger of {max_crit} and {three_quarters})")
    lines.append(f"  {applied}")
    after = vit.damage(applied.taken, applied.type)
    lines += [f"  {e}" for e in after.events]
    return CoupDeGrace(r, 2, False, after.dead, False, applied.taken, None, after, tuple(lines))

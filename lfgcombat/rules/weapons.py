"""Weapons: the weapons table, a weapon's statistics, and a creature's weapon entries.

000_8d1d7816ee944f3b.txt, "Attacks & Dealing Damage" and "Attack Roll Annotations" (the
``Battleaxe: +6 / 20 / x3 / 1d8+2 [s+b]`` format; 000_8d1d7816ee944f3b.txt, "Weapon":
+Attack Bonus / Critical Threat / Critical Multiplier / Range / Damage;
000_8d1d7816ee944f3b.txt, "Weapon Damage & Other Statistics": dice, damage type, Critical
Threat and Multiplier, Range Increment, the columns of ``data/weapons.csv``), "Three Attack
Types – Basic, Heavy, Ranged:", "Attacking Without Weapons", "Natural Weapons (also called
“Natural Attacks”)",
"Damage in Combat" (``Longbow(1)``: the strength rating) and "Resistance - Damage Resistance
(DR), Elemental Resistance, Energy Resistance" (materials and magic for DR X/Y).

* :class:`Weapon` is a weapon's statistics, looked up by name in ``data/weapons.csv``
  (:func:`lookup_weapon`) and adjusted by a creature's own weapon entry
  (:func:`resolve_weapon`: enhancement, material, extra elemental dice, a Large
  creature's bigger natural weapons...).
* :func:`weapon_entries` reads a creature's ``weapons:`` list, where a plain name
  (``weapons: ["longsword"]``) stands for the entry ``{name: longsword}``.

* :func:`step_damage` moves weapon dice along the text's die-size list ("Damage Die Size"),
  :func:`normal_name` is a weapon name as compared, and :class:`WeaponError` the error of
  a weapon that cannot be found or read.

The weapon statistics the text does not give are marked ``inferred`` in
``data/weapons.csv``. This module does not import :mod:`lfgcombat.creature` (it only
reads a creature's ``weapons`` and ``size``) nor the attack modules: the creature modules
(its reach, the checks of its file's weapon entries) build on it, and :mod:`lfgcombat.rules.attacks`
builds on both.
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pandas as pd

from ..creature.combat_stats import FrozenMap
from .damage import DamageSpec, parse_damage
from ..dice import DiceExpr, die_chain, parse, step
from ..errors import LfgError
from ..shortrepr import short
from ..io.tables import Column, Schema, load_table, records, register_schema

if TYPE_CHECKING:
    from ..creature.size import Size

__all__ = ["Weapon", "WeaponError", "WEAPONS_SCHEMA", "weapons_table", "weapon_names",
           "lookup_weapon", "resolve_weapon", "weapon_entries", "entry_weapon",
           "entry_problems", "ENTRY_KEYS", "normal_name", "step_damage"]

class WeaponError(LfgError, ValueError):
    """A weapon that cannot be found or read, or a situation value that cannot be used."""


def normal_name(name: str) -> str:
    """A weapon name as compared: trimmed, lower case, single spaces.

    Args:
        name: A weapon name as written (``"  Long  Sword"``).

    Returns:
        The normalised name (``"long sword"``).
    """
    return re.sub(r"\s+", " ", name.strip().lower())


def step_damage(expr: DiceExpr, n: int) -> DiceExpr:
    """Move weapon dice ``n`` sizes along the text's die-size list ("Damage Die Size").

    Dice that are not on the list (``1d12``, ``2d4``) first take the place of the list
    entry with the nearest average (ties: the larger), so a greataxe's 1d12 steps like 2d6,
    as in the d20 size progression where the two are one step (inferred: the list has no
    1d12).

    Args:
        expr: The weapon dice (``1d8``, ``1d8+2``).
        n: Sizes to move (negative: smaller).

    Returns:
        The stepped dice.
    """
    first = expr.terms[0]
    chain = die_chain()
    if str(first) not in chain and first.sign > 0 and expr.dice and first is expr.dice[0]:
        avg = first.count * (first.sides + 1) / 2
        means = [(abs(parse(c).maximum + parse(c).minimum) / 2, c) for c in chain]
        nearest = min(means, key=lambda m: (abs(m[0] - avg), -m[0]))[1]
        expr = DiceExpr(parse(nearest).terms + expr.terms[1:])
    return parse(step(expr, n))


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

    Returns:
        The table as a DataFrame.
    """
    return load_table("weapons")


@functools.lru_cache(maxsize=1)
def _rows() -> dict[str, dict[str, Any]]:
    return {r["name"]: r for r in records(weapons_table())}


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
    """The weapons of ``data/weapons.csv``, by name.

    Returns:
        The names, in the table's order.
    """
    return list(_rows())


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

    def __hash__(self) -> int:
        """The dataclass's hash of every field, computed once: a weapon is a frozen value,
        and it keys the attacker's kept statistics at every attack (issue 24, "Fast")."""
        found = self.__dict__.get("_hash")
        if found is None:
            found = self.__dict__["_hash"] = hash(tuple(
                self.__dict__[name] for name in _WEAPON_FIELDS))
        return found

    @property
    def threat_text(self) -> str:
        """``"20"`` or ``"19-20"`` as the annotation writes it."""
        return "20" if self.threat == 20 else f"{self.threat}-20"

    @property
    def is_natural(self) -> bool:
        """A natural weapon (claw, bite...)."""
        return self.category == "natural"

    @property
    def is_unarmed(self) -> bool:
        """The basic unarmed strike (punch, kick): 000_8d1d7816ee944f3b.txt, "Attacking
        Without Weapons"."""
        return self.category == "unarmed"

    @property
    def is_projectile(self) -> bool:
        """It shoots ammunition (bows, crossbows, slings)."""
        return "projectile" in self.uses

    @property
    def can_melee(self) -> bool:
        """It strikes in melee."""
        return "melee" in self.uses

    @property
    def can_throw(self) -> bool:
        """It can be thrown (dagger, spear)."""
        return "thrown" in self.uses

    @property
    def is_bow_or_crossbow(self) -> bool:
        """A bow or a crossbow (an Active Dodge against it is Unfortunate)."""
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
        """The damage types as the annotation writes them: ``s``, ``s/p``, ``s+b``."""
        sep = {"single": "", "either": "/", "both": "+"}[self.spec.mode]
        return sep.join(t.abbreviation for t in self.spec.types)

    def __str__(self) -> str:
        rng = f" / {self.range_increment} ft" if self.range_increment and self.is_projectile else ""
        return (f"{self.name}: {self.threat_text} / x{self.multiplier}{rng} / {self.damage} "
                f"[{self.types_text()}]")


#: The fields of :class:`Weapon` its hash reads (all of them, as the dataclass's hash does).
_WEAPON_FIELDS: tuple[str, ...] = tuple(
    f.name for f in dataclasses.fields(Weapon)
    if (f.hash if f.hash is not None else f.compare))

#: The keys a creature's weapon entry may have.
ENTRY_KEYS: tuple[str, ...]
ENTRY_KEYS = _ENTRY_KEYS = ("name", "damage", "crit", "damage_type", "range_increment", "reach",
               "natural", "ranged", "enhancement", "masterwork", "material", "magic",
               "extra", "count", "loaded", "hands", "attack_type", "finesse", "traits",
               "use", "strength_rating", "source",
               "energy")  # wounds-only energy dice (lfgcombat.rulesets.wounds.riders); lfg ignores
                          # it


def _find_row(name: str) -> tuple[str | None, int]:
    """(table key, strength rating) of a weapon name such as ``Longbow(1)`` or
    ``dagger (off hand)``."""
    key = normal_name(name)
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
    close = difflib.get_close_matches(normal_name(name), list(_names()), n=5, cutoff=0.6) \
        if isinstance(name, str) and len(name) <= 100 else []
    close = list(dict.fromkeys(_names()[c] for c in close))[:3]
    hint = f" (did you mean {' or '.join(repr(c) for c in close)}?)" if close else ""
    return WeaponError(f"unknown weapon {short(name)}{hint}. Known weapons: "
                       + ", ".join(weapon_names())
                       + ". Or give it in full: {name, damage: 1d8, crit: 19-20/x2, "
                         "damage_type: s}.")


def _not_carried(attacker: Any, name: str, own: list[str]) -> WeaponError:
    """A weapon name that is neither the attacker's own nor in the table: "did you mean"
    among both, the attacker's own weapons named."""
    pool = {normal_name(n): n for n in own} | {k: v for k, v in _names().items()
                                               if k not in {normal_name(n) for n in own}}
    close = difflib.get_close_matches(normal_name(name), list(pool), n=6, cutoff=0.6) \
        if isinstance(name, str) and len(name) <= 100 else []
    names = list(dict.fromkeys(pool[c] for c in close))[:3]
    hint = f" (did you mean {' or '.join(map(repr, names))}?)" if names else ""
    mine = f"its weapons are {', '.join(own)}" if own else "it carries no weapon entries"
    return WeaponError(f"{getattr(attacker, 'name', 'the attacker')} has no weapon "
                       f"{short(name)}{hint}: {mine}; a weapon of data/weapons.csv (e.g. "
                       "'unarmed strike') or an entry {name, damage: 1d8, crit: 19-20/x2, "
                       "damage_type: s} also works")


_CHOICES = {"hands": ("light", "one", "two"),
            "attack_type": ("basic", "heavy", "ranged", "unarmed")}


def _parse_crit(text: object, where: str) -> tuple[int, int]:
    """``"19-20/x2"`` -> ``(19, 2)``: the threat range (ending at 20) and multiplier (x2 to
    x5) of "Attack Roll Annotations" (``Battleaxe: +6 / 20 / x3 / 1d8+2 [s+b]``)."""
    m = (re.fullmatch(r"\s*(?:(\d{1,2})-)?(\d{1,2})\s*/\s*x(\d)\s*", text)
         if isinstance(text, str) and len(text) <= 40 else None)
    if not m or int(m.group(2)) != 20 or not 2 <= int(m.group(3)) <= 5:
        raise WeaponError(f"{where}: bad crit {short(text)}; write the threat range and "
                          "multiplier as '20/x2', '19-20/x2' or '20/x3' (x2 to x5)")
    low = int(m.group(1) or 20)
    if not 2 <= low <= 20:
        raise WeaponError(f"{where}: bad threat range in {short(text)}; from 2-20 to 20 "
                          "(e.g. '19-20/x2')")
    return low, int(m.group(3))


def entry_problems(entry: Mapping[str, Any]) -> list[tuple[str, str]]:
    """``(key, message)`` for each of a weapon entry's ``crit``, ``hands``,
    ``attack_type``, ``use``, ``traits`` and ``material`` the attack rules would refuse,
    so that a creature file is refused when it is read, not at its first attack
    (:meth:`lfgcombat.Creature.from_dict`). The name, dice and numbers are checked there.

    Example:
        >>> entry_problems({"name": "claw", "crit": "20/x2", "hands": "q"})
        [('hands', "'q' is not one of light, one, two")]
    """
    out: list[tuple[str, str]] = []
    if "crit" in entry:
        try:
            _parse_crit(entry["crit"], "crit")
        except WeaponError as exc:
            out.append(("crit", str(exc).removeprefix("crit: ")))
    for key, allowed in _CHOICES.items():
        if key in entry and not (isinstance(entry[key], str) and entry[key] in allowed):
            out.append((key, f"{short(entry[key])} is not one of {', '.join(allowed)}"))
    if "use" in entry:
        use = entry["use"]
        if not (isinstance(use, str) and all(u in _USES for u in use.split(";"))):
            out.append(("use", f"{short(use)} is not melee, thrown or projectile (';' joins "
                               "them: 'melee;thrown')"))
    for key in ("traits", "material"):
        value = entry.get(key)
        items = value if key == "traits" and isinstance(value, (list, tuple)) else [value]
        if key in entry and not all(isinstance(v, str) and len(v) <= 200 for v in items):
            out.append((key, f"expected text{' or a list of texts' if key == 'traits' else ''}"
                             f" (at most 200 characters), got {short(value)}"))
    return out


def lookup_weapon(name: str) -> Weapon:
    """A weapon of ``data/weapons.csv`` by name or alias, any case.

    ``"Longbow(1)"`` is the longbow with strength rating 1 (+1 listed damage: "A
    Longbow(1) deals 1d8+1 [p] damage", "Damage in Combat"); ``"dagger (off hand)"`` is the
    dagger.

    Args:
        name: The weapon's name.

    Returns:
        The :class:`Weapon`.

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
                  range_increment=(None if pd.isna(r["range_increment"])
                                   else int(r["range_increment"])),
                  reach_ft=None if pd.isna(r["reach_ft"]) else int(r["reach_ft"]),
                  finesse=bool(r["finesse"]),
                  traits=frozenset((r["traits"] or "").split(";")) - {""}
                  if isinstance(r["traits"], str) else frozenset(),
                  strength_rating=rating, source=r["source"])


# --------------------------------------------------------------------------- entries


def weapon_entries(creature: Any) -> tuple[Mapping[str, Any], ...]:
    """A creature's ``weapons:`` list as entry mappings.

    A plain name (``weapons: ["longsword"]``, a form :meth:`lfgcombat.Creature.from_dict`
    accepts) stands for ``{name: longsword}``; mappings are kept as they are. Anything else
    is kept as well, for :func:`entry_weapon` to refuse with its reason.

    Args:
        creature: Anything with a ``weapons`` sequence (a :class:`lfgcombat.Creature`).

    Returns:
        The entries, in the creature's order.
    """
    return tuple({"name": w} if isinstance(w, str) else w for w in creature.weapons)


def _check_entry_keys(entry: Mapping[str, Any], where: str) -> None:
    unknown = [k for k in entry if k not in _ENTRY_KEYS]
    if unknown:
        hints = []
        for k in unknown:
            close = (difflib.get_close_matches(k, _ENTRY_KEYS, 1)
                     if isinstance(k, str) and len(k) <= 100 else [])
            hints.append(short(k) + (f" (did you mean {close[0]!r}?)" if close else ""))
        raise WeaponError(f"{where}: unknown key(s) {', '.join(hints)}; allowed: "
                          + ", ".join(_ENTRY_KEYS))


def _base_weapon(entry: Mapping[str, Any], name: str, where: str) -> tuple[Weapon, str | None,
                                                                            bool]:
    """(the weapon before the entry's changes, its table key, whether it scales with size)."""
    key, rating = _find_row(name)
    if key is not None:
        base = _from_row(key, display=name.strip(), rating=rating)
        return base, key, base.is_natural and "damage" not in entry
    missing = [k for k in ("damage", "damage_type") if k not in entry]
    if missing:
        raise WeaponError(
            f"{where} is not in data/weapons.csv, so its entry must give "
            f"{' and '.join(missing)} (and crit, unless it is a natural weapon: 20/x2). "
            + str(_unknown(name)).split(". ", 1)[-1])
    natural = bool(entry.get("natural", False))
    if "crit" not in entry and not natural:
        raise WeaponError(f"{where}: give its crit, e.g. crit: 19-20/x2")
    ranged = bool(entry.get("ranged"))
    base = Weapon(name=name.strip()[0].upper() + name.strip()[1:], key=None,
                  damage=parse("1"), spec=parse_damage("1 [b]"),
                  category="natural" if natural else "martial",
                  uses=("projectile",) if ranged else ("melee",),
                  hands="two" if ranged else "one",
                  attack_type="ranged" if ranged else "basic",
                  strength_rating=rating, source="creature entry")
    return base, None, False


def _damage_changes(entry: Mapping[str, Any], base: Weapon, where: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if "damage" in entry or "damage_type" in entry:
        dmg = str(entry.get("damage", base.damage))
        dtype = str(entry.get("damage_type", base.types_text()))
        spec = parse_damage(f"{dmg} [{dtype}]")
        out.update(damage=spec.expr, spec=spec)
    if "crit" in entry:
        out["threat"], out["multiplier"] = _parse_crit(entry["crit"], where)
    if "extra" in entry:
        extra = entry["extra"]
        extra = [extra] if isinstance(extra, str) else list(extra)
        out["extra"] = tuple(parse_damage(str(e)) for e in extra)
    return out


def _number_and_flag_changes(entry: Mapping[str, Any], where: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k in ("range_increment", "reach", "enhancement", "strength_rating"):
        if k in entry and entry[k] is not None:
            v = entry[k]
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise WeaponError(f"{where}: {k} must be a whole number >= 0, not {v!r}")
            out["reach_ft" if k == "reach" else k] = v
    for k in ("masterwork", "magic", "finesse"):
        if k in entry:
            if not isinstance(entry[k], bool):
                raise WeaponError(f"{where}: {k} must be true or false, not {entry[k]!r}")
            out[k] = entry[k]
    if "material" in entry:
        out["material"] = str(entry["material"]).strip().lower()
    return out


def _kind_changes(entry: Mapping[str, Any], key: str | None, where: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key in _CHOICES:
        if key in entry:
            out[key] = entry[key]
    if "use" in entry:
        out["uses"] = tuple(entry["use"].split(";"))
    if entry.get("ranged") and key is None:
        out.setdefault("uses", ("projectile",))
    if "traits" in entry:
        t = entry["traits"]
        t = t.split(";") if isinstance(t, str) else list(t)
        out["traits"] = frozenset(str(x).strip().lower() for x in t if str(x).strip())
    return out


def _scaled(weapon: Weapon, size: "Size") -> Weapon:
    """A table natural weapon for a creature of ``size``. Inferred: the Natural Weapons
    table (S/M/L/H damage) is missing; natural weapons move one die size per size category
    from Medium, the d20 progression."""
    damage = step_damage(weapon.damage, size.order)
    return dataclasses.replace(weapon, damage=damage,
                               spec=DamageSpec(damage, weapon.spec.types, weapon.spec.mode))


#: :func:`entry_weapon`'s answers, keyed on the entry's type and ``repr`` (exact: ``True``
#: and ``1`` differ) and the size; a Weapon is frozen, so one answer serves every attack
#: (issue 24, "Fast": every weapon entry was resolved again at every attack). Refusals are
#: not kept; the cache is emptied when it grows past :data:`_ENTRY_CACHE_MAX`.
_ENTRY_CACHE: dict[tuple[Any, ...], Weapon] = {}
_ENTRY_CACHE_MAX = 4096


def entry_weapon(entry: "Mapping[str, Any] | str", size: "Size") -> Weapon:
    """A weapon from a creature's ``weapons:`` entry: a table row by name, adjusted.

    Args:
        entry: ``{name, damage?, crit?, damage_type?, range_increment?, reach?, ...}`` or a
            plain name.
        size: The wielder's :class:`~lfgcombat.creature.Size` (a table natural weapon
            scales with it).

    Returns:
        The :class:`Weapon`.

    Raises:
        WeaponError: unknown weapon, unknown key or bad value.
    """
    kind = type(entry)
    key = (kind, repr(entry), size) if kind in (str, dict, FrozenMap) else None
    if key is not None:
        found = _ENTRY_CACHE.get(key)
        if found is not None:
            return found
    weapon = _entry_weapon(entry, size)
    if key is not None:
        if len(_ENTRY_CACHE) >= _ENTRY_CACHE_MAX:
            _ENTRY_CACHE.clear()
        _ENTRY_CACHE[key] = weapon
    return weapon


def _entry_weapon(entry: "Mapping[str, Any] | str", size: "Size") -> Weapon:
    """:func:`entry_weapon` itself (not cached)."""
    if isinstance(entry, str):
        entry = {"name": entry}
    if not isinstance(entry, Mapping):
        raise WeaponError(f"a weapon entry is a name or a mapping such as {{name: longsword}}, "
                          f"not {entry!r:.60}")
    name = entry.get("name")
    where = f"weapon {short(name)}"
    _check_entry_keys(entry, where)
    if not isinstance(name, str) or not name.strip():
        raise WeaponError(f"a weapon entry needs a name, got {short(dict(entry))}")
    problems = entry_problems(entry)
    if problems:
        raise WeaponError(f"{where}: {problems[0][0]}: {problems[0][1]}")
    base, key, natural_scale = _base_weapon(entry, name, where)
    try:
        changes = {**_damage_changes(entry, base, where),
                   **_number_and_flag_changes(entry, where), **_kind_changes(entry, key, where)}
    except LfgError as exc:
        if isinstance(exc, WeaponError):
            raise
        raise WeaponError(f"{where}: {exc}") from None
    weapon = dataclasses.replace(base, **changes)
    if natural_scale and size.order:
        weapon = _scaled(weapon, size)
    if weapon.enhancement and not weapon.name.startswith("+"):
        weapon = dataclasses.replace(weapon, name=f"+{weapon.enhancement} {weapon.name}")
    return weapon


def resolve_weapon(attacker: Any, weapon: "Weapon | str | Mapping") -> Weapon:
    """The :class:`Weapon` a creature attacks with.

    Args:
        attacker: The :class:`lfgcombat.Creature`.
        weapon: A :class:`Weapon`; a name (first the creature's own ``weapons:`` entries,
            plain names included, then ``data/weapons.csv``: ``"unarmed strike"`` is always
            available); or an entry mapping ``{name, damage?, crit?, damage_type?,
            range_increment?, reach?, enhancement?, masterwork?, material?, magic?, extra?,
            ...}`` - the table row of ``name`` with these keys overriding it. Natural
            weapons from the table scale one die size per size category from Medium
            (inferred, the table is missing).

    Returns:
        The :class:`Weapon`.

    Raises:
        WeaponError: unknown weapon or bad entry.
    """
    if isinstance(weapon, Weapon):
        return weapon
    if isinstance(weapon, str):
        kept = getattr(type(attacker), "_kept", None)  # a Creature keeps what it reads
        if kept is not None:
            return kept(attacker, ("weapon", weapon), lambda: _named_weapon(attacker, weapon))
        return _named_weapon(attacker, weapon)
    if isinstance(weapon, Mapping):
        return entry_weapon(weapon, attacker.size)
    raise WeaponError(f"a weapon is a name, a weapon entry mapping or a Weapon, not "
                      f"{type(weapon).__name__} {weapon!r:.60}")


def _named_weapon(attacker: Any, weapon: str) -> Weapon:
    """:func:`resolve_weapon` of a name: the creature's own entry of that name, else the
    table's row (not kept)."""
    key = normal_name(weapon)
    own = [e for e in weapon_entries(attacker) if isinstance(e, Mapping)]
    for entry in own:
        if normal_name(str(entry.get("name", ""))) == key:
            return entry_weapon(entry, attacker.size)
    if _find_row(weapon)[0] is None:
        raise _not_carried(attacker, weapon, [str(e.get("name", "")) for e in own])
    return entry_weapon({"name": weapon}, attacker.size)

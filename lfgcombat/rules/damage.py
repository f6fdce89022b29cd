"""Damage types, damage annotations and resistances.

000_8d1d7816ee944f3b.txt, "Damage in Combat": 12 damage types in 4 categories, written in
brackets after the amount (``1d8+1 [p]``, ``1d4 [s/p]``, ``1d8 [s+b]``); and "Resistance -
Damage Resistance (DR), Elemental Resistance, Energy Resistance". The facts about each type
(category, multiplied on a critical hit, what resists it) are data in
``data/damage_types.csv``, the text's 000_8d1d7816ee944f3b.txt, "Damage Categories & Damage Types"
(Physical, Elemental, Energy, Special); this module applies them.
"""

from __future__ import annotations

import enum
import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from ..dice import DiceExpr, parse
from ..errors import LfgError
from ..shortrepr import short
from ..io.tables import load_table

__all__ = ["DamageError", "DamageType", "DamageSpec", "DR", "Resistances", "Applied",
           "parse_damage", "apply_resistance", "best_type"]

TEXT = "000_8d1d7816ee944f3b.txt"


class DamageError(LfgError, ValueError):
    """A damage annotation, damage type or resistance that cannot be read."""


class DamageType(str, enum.Enum):
    """The 12 damage types (000_8d1d7816ee944f3b.txt, "Damage in Combat")."""

    SLASHING = "slashing"        #: [s] physical, multiplied on a critical hit, DR applies
    PIERCING = "piercing"        #: [p] physical
    BLUDGEONING = "bludgeoning"  #: [b] physical (falls deal it too)
    ACID = "acid"                #: [acid] elemental, Acid Resist
    COLD = "cold"                #: [cold] elemental, Cold Resist
    ELECTRICITY = "electricity"  #: [elec] elemental, Elec Resist
    FIRE = "fire"                #: [fire] elemental, Fire Resist
    POSITIVE = "positive"        #: [PE] energy: heals the living, harms undead
    NEGATIVE = "negative"        #: [NE] energy: heals undead, harms the living
    FORCE = "force"              #: [force] energy: "no such thing as Force Resistance"
    BIOLOGICAL = "biological"    #: [bio] special: living creatures only, ignores DR
    PRECISION = "precision"      #: [prec] special: an extension of the weapon's damage

    def _row(self) -> dict:
        return _types()[self]

    @property
    def abbreviation(self) -> str:
        """The text's short form in a damage annotation (``s``, ``b``, ``p``, ``fire``...)."""
        return self._row()["abbreviation"]

    @property
    def category(self) -> str:
        """``physical``, ``elemental``, ``energy`` or ``special``."""
        return self._row()["category"]

    @property
    def multiplied_on_crit(self) -> bool:
        """Whether a Critical Hit multiplies damage of this type ("Critical Hits")."""
        return bool(self._row()["multiplied_on_crit"])

    @property
    def resisted_by(self) -> str:
        """``damage_resistance``, ``elemental_resistance``, ``energy_resistance`` or ``none``."""
        return self._row()["resisted_by"]

    @classmethod
    def coerce(cls, value: "DamageType | str") -> "DamageType":
        """A member from itself, its name or its abbreviation (any case; ``bio-pois`` is
        biological: "Poison Damage is a special subtype of Biological Damage").

        Raises:
            DamageError: listing the 12 types and their abbreviations.
        """
        if isinstance(value, DamageType):
            return value
        if isinstance(value, str):
            found = _COERCED.get(value)  # (a name seen before: issue 24, "Fast")
            if found is not None:
                return found
            key = value.strip().lower().lstrip("+")
            for member in cls:
                if key == "bio-pois" or key in (member.value, member.abbreviation.lower()):
                    found = cls.BIOLOGICAL if key == "bio-pois" else member
                    if len(_COERCED) < 1024:
                        _COERCED[value] = found
                    return found
        names = ", ".join(f"{m.value} [{m.abbreviation}]" for m in cls)
        raise DamageError(f"unknown damage type {short(value)}; the 12 types are: {names}")


#: The text -> the type (:meth:`DamageType.coerce`), for texts read before.
_COERCED: dict[str, DamageType] = {}


@functools.lru_cache(maxsize=1)
def _types() -> dict[DamageType, dict]:
    return {DamageType(r["type"]): r for r in load_table("damage_types").to_dict("records")}


@dataclass(frozen=True)
class DamageSpec:
    """An amount of damage and its type annotation.

    Attributes:
        expr: The dice expression (``1d8+2``).
        types: The damage types in the brackets.
        mode: ``"single"`` (``[x]``), ``"either"`` (``[x/y]``: the attacker chooses as he
            strikes) or ``"both"`` (``[x+y]``: tally with whichever type is more effective
            against the target). Either way the attack deals its damage once.
    """

    expr: DiceExpr
    types: tuple[DamageType, ...]
    mode: str = "single"

    def __str__(self) -> str:
        sep = {"single": "", "either": "/", "both": "+"}[self.mode]
        return f"{self.expr} [{sep.join(t.abbreviation for t in self.types)}]"


_ANNOTATION = re.compile(r"^\s*(?P<expr>[^\[\]]+?)\s*\[(?P<types>[^\[\]]+)\]\s*$")


def parse_damage(text: str) -> DamageSpec:
    """Read a damage annotation such as ``1d8+1 [p]``, ``1d4 [s/p]`` or ``1d8 [s+b]``.

    000_8d1d7816ee944f3b.txt, "How do I read or write the damage for an attack or spell?".
    The bracketed types (``[x]``, ``[x/y]``, ``[x+y]``) are
    000_8d1d7816ee944f3b.txt, "Damage Abbreviations".

    Raises:
        DamageError: for a missing or unknown type, or mixed ``/`` and ``+``;
        DiceError: for a bad dice expression.
    """
    if not isinstance(text, str):
        raise DamageError(f"a damage annotation is text such as '1d8+1 [p]', not {text!r:.60}")
    m = _ANNOTATION.match(text)
    if not m:
        raise DamageError(f"bad damage annotation {text!r}: write the dice, then the damage "
                          "type in brackets, e.g. '1d8+1 [p]', '1d4 [s/p]', '1d8 [s+b]'")
    inner = m.group("types").strip()
    if "/" in inner and "+" in inner.lstrip("+"):
        raise DamageError(f"bad damage annotation {text!r}: use either '/' (the attacker "
                          "chooses) or '+' (both at once) between types, not both")
    if "/" in inner:
        parts, mode = inner.split("/"), "either"
    elif "+" in inner.lstrip("+"):
        parts, mode = inner.lstrip("+").split("+"), "both"
    else:
        parts, mode = [inner], "single"
    types = tuple(DamageType.coerce(p) for p in parts)
    if len(set(types)) != len(types):
        raise DamageError(f"bad damage annotation {text!r}: a type is listed twice")
    if mode != "single" and len(types) < 2:
        raise DamageError(f"bad damage annotation {text!r}: '/' and '+' join two types")
    return DamageSpec(parse(m.group("expr")), types, mode)


#: The longest DR X/Y text read (characters).
MAX_DR_TEXT = 200


@dataclass(frozen=True)
class DR:
    """Damage Resistance X/Y (000_8d1d7816ee944f3b.txt, "Damage Resistance X/Y (DRX/Y)").

    Attributes:
        amount: X, the damage resisted from every strike.
        bypass: Y, the materials, weapons or damage types that ignore it (empty for
            ``DR X/-``: "nothing can bypass the resistance").
    """

    amount: int
    bypass: frozenset[str] = frozenset()

    @classmethod
    def parse(cls, text: "str | DR") -> "DR":
        """``"10/mithryl"``, ``"2/-"``, ``"5/bludgeoning or silver"`` or ``"DR5/magic"``."""
        if isinstance(text, DR):
            return text
        if not isinstance(text, str) or len(text) > MAX_DR_TEXT:
            raise DamageError(f"bad damage resistance {short(text)}: write it as X/Y (at most "
                              f"{MAX_DR_TEXT} characters), e.g. '10/mithryl', '2/-' or "
                              "'5/bludgeoning or silver'")
        # whitespace runs collapsed first: the patterns below then never backtrack far
        m = re.fullmatch(r"\s*(?:DR\s*)?(\d{1,4})\s*/\s*(.+?)\s*", " ".join(text.split()),
                         re.IGNORECASE)
        if not m:
            raise DamageError(f"bad damage resistance {text!r}: write it as X/Y, e.g. "
                              "'10/mithryl', '2/-' or '5/bludgeoning or silver'")
        y = m.group(2).strip().lower()
        names = frozenset() if y == "-" else frozenset(
            _canonical_qualifier(p) for p in re.split(r"\s*(?:,|\bor\b|\band\b)\s*", y) if p)
        return cls(int(m.group(1)), names)

    def applies_to(self, qualities: Iterable[str]) -> bool:
        """False when the attack has any quality (material, 'magic', damage type) in Y."""
        return not (self.bypass & {_canonical_qualifier(q) for q in qualities})

    def __str__(self) -> str:
        return f"DR{self.amount}/{' or '.join(sorted(self.bypass)) or '-'}"


def _canonical_qualifier(q: str) -> str:
    q = q.strip().lower()
    try:
        return DamageType.coerce(q).value
    except DamageError:
        return q


_ELEMENTS = (DamageType.ACID, DamageType.COLD, DamageType.ELECTRICITY, DamageType.FIRE)
_ENERGIES = (DamageType.POSITIVE, DamageType.NEGATIVE)


def _resistance_entry(key: object, k: str, value: object) -> tuple[DamageType | None, str]:
    """(the damage type, "") of one ``type: X`` resistance entry, or (None, the problem)."""
    try:
        dtype = DamageType.coerce(k)
    except DamageError:
        return None, (f"{key!r}: not a resistance; use 'dr', an element (acid, cold, "
                      "electricity, fire) or an energy (positive, negative)")
    if dtype not in _ELEMENTS + _ENERGIES:
        return None, (f"{key!r}: {dtype.value} damage cannot be resisted this way"
                      + (" (there is no such thing as Force Resistance)"
                         if dtype is DamageType.FORCE else ""))
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        return None, f"{key!r}: resistance must be a whole number >= 0, not {value!r}"
    return dtype, ""


@dataclass(frozen=True)
class Resistances:
    """A creature's resistances: DR X/Y (several may be listed; only the best one that
    applies works), Elemental Resistance per element and Energy Resistance per energy.
    000_8d1d7816ee944f3b.txt, "Acid Resist X / Elec Resist X / Fire Resist X / Cold Resist X":
    one Elemental Resistance per element.

    Build it from a creature file's mapping with :meth:`from_dict`, e.g.
    ``{"dr": "10/mithryl", "fire": 5, "positive": 5}`` or ``{"dr": ["2/-", "5/silver"]}``.
    """

    dr: tuple[DR, ...] = ()
    resist: Mapping[DamageType, int] = field(default_factory=dict)

    def __hash__(self) -> int:
        return hash((self.dr, tuple(sorted((k.value, v) for k, v in self.resist.items()))))

    @classmethod
    def from_dict(cls, data: Mapping | None) -> "Resistances":
        """Read resistances; every bad entry is named in one :class:`DamageError`."""
        if not data:
            return cls()
        if not isinstance(data, Mapping):
            raise DamageError(f"resistances must be a mapping such as {{'dr': '5/silver', "
                              f"'fire': 5}}, not {data!r:.60}")
        problems: list[str] = []
        dr: list[DR] = []
        resist: dict[DamageType, int] = {}
        for key, value in data.items():
            k = str(key).strip().lower()
            if k in ("dr", "damage_resistance"):
                for entry in value if isinstance(value, (list, tuple)) else [value]:
                    try:
                        dr.append(DR.parse(entry))
                    except DamageError as err:
                        problems.append(f"dr: {err}")
                continue
            dtype, problem = _resistance_entry(key, k, value)
            if dtype is None:
                problems.append(problem)
            else:
                resist[dtype] = int(value)  # checked: a whole number >= 0
        if problems:
            raise DamageError("bad resistances: " + "; ".join(problems))
        return cls(tuple(dr), resist)

    def to_dict(self) -> dict:
        """The resistances as a creature file writes them (``{dr: 5/magic, fire: 10}``).

        Returns:
            A new dict; :meth:`from_dict` reads it back.
        """
        out: dict = {}
        if self.dr:
            drs = [str(d)[2:] for d in self.dr]
            out["dr"] = drs[0] if len(drs) == 1 else drs
        out.update({k.value: v for k, v in self.resist.items()})
        return out

    def best_dr(self, qualities: Iterable[str] = ()) -> DR | None:
        """The strongest DR that the attack's qualities do not bypass ("Damage Resistance
        does not stack; only the strongest or most effective DR functions")."""
        qualities = list(qualities)
        working = [d for d in self.dr if d.applies_to(qualities)]
        return max(working, key=lambda d: d.amount) if working else None


@dataclass(frozen=True)
class Applied:
    """Damage of one type after resistance: what was rolled, resisted and taken.

    ``taken`` is negative for healing (positive energy on the living, negative on undead).
    """

    type: DamageType
    rolled: int
    resisted: int
    taken: int
    note: str

    def __str__(self) -> str:
        return f"{self.rolled} {self.type.value} -> {self.taken} ({self.note})"


def apply_resistance(amount: int, dtype: DamageType | str, resistances: Resistances | None = None,
                     *, creature_type: str = "living", qualities: Iterable[str] = (),
                     critical: bool = False) -> Applied:
    """Apply one strike's damage of one type to a target's resistances.

    000_8d1d7816ee944f3b.txt, "Resistance - Damage Resistance (DR), Elemental Resistance,
    Energy Resistance" and the types' own rules in "Damage in Combat":

    * DR X/Y reduces physical damage (and the precision damage riding on it) by X unless the
      attack has a quality in Y; only the best DR applies. "Critical Hit damage is
      multiplied before DR is applied. A Successful Critical Hit always inflicts at least 1
      point of Physical Damage" - pass the already multiplied amount and ``critical=True``.
    * Elemental and Energy Resistance X reduce that type by X (apply a save's halving first).
    * Positive energy heals living creatures and harms undead; negative energy the reverse;
      neither affects objects. Biological damage ignores DR and harms only living creatures.
      Force cannot be resisted.

    Args:
        amount: The damage rolled (after any multiplier and save), >= 0.
        dtype: The damage type.
        resistances: The target's resistances.
        creature_type: ``living``, ``undead``, ``construct`` or ``object``.
        qualities: What the attack is made of or counts as (``"mithryl"``, ``"magic"``,
            its damage types), for DR's Y.
        critical: The strike is a confirmed critical hit.

    Returns:
        The :class:`Applied` damage: rolled, resisted, taken (negative: healed), and why.

    Raises:
        DamageError: a bad amount or damage type.
    """
    dtype = DamageType.coerce(dtype)
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
        raise DamageError(f"damage must be a whole number >= 0, not {amount!r:.60}")
    res = resistances or Resistances()
    kind = (creature_type or "living").lower()
    if dtype in _ENERGIES:
        return _energy(amount, dtype, res, kind)
    if dtype is DamageType.BIOLOGICAL:
        if kind != "living":
            return Applied(dtype, amount, amount, 0, f"biological damage cannot harm a {kind}")
        return Applied(dtype, amount, 0, amount, "biological damage ignores DR")
    if dtype is DamageType.FORCE:
        return Applied(dtype, amount, 0, amount, "force cannot be resisted")
    if dtype in _ELEMENTS:
        resisted = min(amount, res.resist.get(dtype, 0))
        note = (f"{dtype.abbreviation.title()} Resist {res.resist[dtype]}" if resisted
                else "no resistance")
        return Applied(dtype, amount, resisted, amount - resisted, note)
    return _physical(amount, dtype, res, list(qualities) + [dtype.value], critical)


def _energy(amount: int, dtype: DamageType, res: Resistances, kind: str) -> Applied:
    """Positive/negative energy: heals one kind of creature, harms the other, not objects."""
    heals = (dtype is DamageType.POSITIVE) == (kind == "living")
    if kind not in ("living", "undead"):
        return Applied(dtype, amount, amount, 0, f"{dtype.value} energy has no effect on "
                       f"a {kind}")
    resisted = min(amount, res.resist.get(dtype, 0))
    net = amount - resisted
    note = f"{dtype.value} energy {'heals' if heals else 'harms'} a {kind} creature"
    if resisted:
        note += f"; {dtype.value.title()} Energy Resist {res.resist[dtype]}"
    return Applied(dtype, amount, resisted, -net if heals else net, note)


def _physical(amount: int, dtype: DamageType, res: Resistances, qualities: list[str],
              critical: bool) -> Applied:
    """Physical damage (and precision, an extension of the weapon's physical damage)
    against the best DR X/Y the attack's qualities do not bypass."""
    dr = res.best_dr(qualities)
    if dr is None:
        bypassed = [d for d in res.dr if not d.applies_to(qualities)]
        note = (f"bypasses {', '.join(map(str, bypassed))}" if bypassed else "no DR")
        return Applied(dtype, amount, 0, amount, note)
    taken = max(0, amount - dr.amount)
    note = str(dr)
    if critical and taken < 1 and amount > 0:
        taken = 1
        note += "; a critical hit always deals at least 1"
    return Applied(dtype, amount, amount - taken, taken, note)


def best_type(spec: DamageSpec, amount: int, resistances: Resistances | None = None, *,
              creature_type: str = "living", qualities: Iterable[str] = (),
              critical: bool = False) -> Applied:
    """The damage of a ``[x/y]`` or ``[x+y]`` attack, using its most effective type.

    ``[x/y]``: "You must choose as you make your attack" - a sensible attacker picks the
    type that gets through. ``[x+y]``: "If either type of damage is more effective against
    the target being struck, tally damage using that particular Damage Type" (the battle
    axe [s+b] against a skeleton that resists slashing). Ties keep the first type listed.
    """
    options = [apply_resistance(amount, t, resistances, creature_type=creature_type,
                                qualities=qualities, critical=critical) for t in spec.types]
    return max(options, key=lambda a: a.taken)

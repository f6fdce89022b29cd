"""The situation of one attack: everything besides the attacker, the target and the weapon.

000_8d1d7816ee944f3b.txt, "Attack Rolls" (Fortunate/Unfortunate, range), "Flanking",
"Concealment - What is it?", "Cover", "Consecutive Attacks", "Handedness & Using Both
Hands (Two Weapon Fighting)", "Special Actions in Combat" (Aim, Fight Defensively, Knockout
Strike, Power Attack), "Coup de Grace / Killing Blow", "Precision Damage [+Prec]" and
"Active Defense - Active Parry & Active Dodge".

:class:`Situation` is a frozen value checked when it is made: a bad value or an unknown key
(:meth:`Situation.make`, with a "did you mean") is refused with a
:class:`~lfgcombat.rules.attacks.WeaponError` naming the key.
"""

from __future__ import annotations

import dataclasses
import difflib
from dataclasses import dataclass
from typing import Any

from ..bonuses import Bonus
from ..damage import DamageType
from lfgcombat.dice import Fortune, parse
from lfgcombat.errors import LfgError
from .formulas import COVER, concealment_percent, cover_bonus
from ..weapons import WeaponError

__all__ = ["Situation"]


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
            :func:`~lfgcombat.rules.attacks.consecutive_attack_penalty`), instead of the two above.
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

    def __hash__(self) -> int:
        """The hash of every field's value, as the dataclass's own, remembered by identity
        (a frozen value; every attack's kept readings are keyed on its situation: issue 24,
        "Fast")."""
        hit = _HASHES.get(id(self))
        if hit is not None and hit[0] is self:
            return hit[1]
        h = hash(tuple(getattr(self, name) for name in _FIELDS))
        if len(_HASHES) >= 4096:
            _HASHES.clear()
        _HASHES[id(self)] = (self, h)
        return h

    def __post_init__(self) -> None:
        problems = (self._type_problems() + self._number_problems()
                    + self._choice_problems() + self._normalise())
        if problems:
            raise WeaponError("bad attack situation: " + "; ".join(problems))

    def _type_problems(self) -> list[str]:
        problems = []
        for name in _BOOL_FIELDS:
            v = getattr(self, name)
            if not isinstance(v, bool):
                problems.append(f"{name} is True or False, not {v!r}")
        if self.fortune is not None:
            try:
                fortune = Fortune.coerce(self.fortune)
                object.__setattr__(self, "fortune", None if fortune is None else fortune.value)
            except LfgError:
                problems.append(f"fortune must be 'fortunate', 'unfortunate' or None, not "
                                f"{self.fortune!r}")
        return problems

    def _number_problems(self) -> list[str]:
        problems = []
        for name in ("previous_attacks", "defense_uses", "damage_bonus"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                problems.append(f"{name} must be a whole number >= 0, not {v!r}")
        for name in ("distance_ft", "defense_bonus", "acrobatics", "consecutive_penalty"):
            v = getattr(self, name)
            if v is not None and (isinstance(v, bool) or not isinstance(v, int)):
                problems.append(f"{name} must be a whole number or None, not {v!r}")
        if isinstance(self.distance_ft, int) and self.distance_ft < 0:
            problems.append(f"distance_ft must be >= 0, not {self.distance_ft}")
        if isinstance(self.consecutive_penalty, int) and self.consecutive_penalty > 0:
            problems.append("consecutive_penalty is a penalty: 0 or less")
        return problems

    def _choice_problems(self) -> list[str]:
        problems = []
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
                if parse(self.precision).minimum < 0:
                    raise ValueError
            except (LfgError, ValueError):
                problems.append(f"precision must be dice such as '1d6', not {self.precision!r}")
        return problems

    def _normalise(self) -> list[str]:
        """Store the damage type and the bonuses in their one form (the value is still
        being built here, so this is its construction, not a change)."""
        problems = []
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
        return problems

    @classmethod
    def make(cls, **kwargs: Any) -> "Situation":
        """Build a situation from keywords, refusing unknown ones with a "did you mean".

        Args:
            **kwargs: The keys of :class:`Situation`.

        Returns:
            The situation.

        Raises:
            WeaponError: unknown key or bad value.
        """
        key = _made_key(kwargs) if cls is Situation else None
        made = _MADE.get(key) if key is not None else None
        if made is not None:  # only a situation of known keys is kept (issue 24, "Fast")
            return made
        unknown = [k for k in kwargs if k not in _FIELDS]
        if unknown:
            parts = []
            for k in unknown:
                close = difflib.get_close_matches(k, _FIELDS, 1)
                parts.append(f"{k!r}" + (f" (did you mean {close[0]!r}?)" if close else ""))
            raise WeaponError(f"unknown attack situation {', '.join(parts)}; known: "
                              + ", ".join(_FIELDS))
        if key is None:
            return cls(**kwargs)
        made = cls(**kwargs)  # a refusal raises here and is not kept
        if len(_MADE) >= _MADE_MAX:
            _MADE.clear()
        _MADE[key] = made
        return made

    def changed(self) -> dict[str, Any]:
        """The keys that differ from the default.

        Returns:
            ``{key: value}`` of every key not at its default.
        """
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)
                if getattr(self, f.name) != f.default}

    @property
    def miss_chance(self) -> int:
        """The % Miss Chance of its concealment."""
        return concealment_percent(self.concealment)

    @property
    def cover_bonus(self) -> int:
        """The Cover bonus to the target's AC."""
        return cover_bonus(self.cover)


#: The situation's keys, in order, and those that are True or False (read once: every
#: attack builds a situation).
_FIELDS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(Situation))
_BOOL_FIELDS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(Situation)
                                      if f.type == "bool")


#: ``id(situation) -> (situation, its hash)`` (:meth:`Situation.__hash__`).
_HASHES: dict[int, tuple[Situation, int]] = {}

#: Situations made from plain keywords, kept by :func:`_made_key` (issue 24, "Fast": every
#: attack checked the same few situations again); a frozen value, so one is shared.
_MADE: dict[tuple[Any, ...], Situation] = {}
_MADE_MAX = 2048
_PLAIN = (bool, int, str, type(None))


def _made_key(kwargs: dict[str, Any]) -> tuple[Any, ...] | None:
    """What :meth:`Situation.make` keeps a situation under: each keyword with its value's
    exact type (``True`` and ``1`` are equal keys to a dict, yet one is a bad ``distance_ft``
    and the other a bad ``flanked``), when every value is plain (text, a whole number,
    ``True``/``False``, ``None``, or a tuple of :class:`~lfgcombat.rules.bonuses.Bonus`
    values); ``None``: not kept (made each time)."""
    key = []
    for k, v in sorted(kwargs.items()):
        t = type(v)
        if t is tuple:
            if not all(type(b) is Bonus and type(b.value) is int
                       and type(b.source) in (str, type(None)) for b in v):
                return None
        elif t not in _PLAIN:
            return None
        key.append((k, t, v))
    return tuple(key)

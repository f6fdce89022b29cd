"""A creature's parrying shield under ``wounds``: the creature file's ``shield`` key.

003_de0e94afd49609a7.txt, "Any attack made against a character wearing a shield": "A
shield may be used to attempt to deflect a number of attacks per turn equal to its Parry
Bonus. When a shield is used to successfully deflect an attack, the shield takes the damage
in place of its wielder [...] your Armor Check Penalty applies to Parry attempts."; the
shield is an object ("Hardness", "Hit Points", "Magical Items: +1 enhancement = +2
Hardness, +10 HP").

The key::

    shield: {name: heavy wooden shield, parry_bonus: 2, hardness: 5, hp: 15,
             armor_check_penalty: -2}

``parry_bonus`` (1 to 10), ``hardness`` (0 to 50) and ``hp`` (1 to 999) are required;
``armor_check_penalty`` (-20 to 0) defaults to 0, ``name`` to ``shield``,
``enhancement`` (0 to 10: +2 Hardness and +10 HP each, added here) to 0. The lfg
``shield_rating`` (an AC bonus) is a separate key: the wounds Defense has no shield term.

Decisions where the text is open (inferred): the text gives no shield table, so a creature
file states its shield's numbers; a shield of 0 Parry Bonus does not parry and is left out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from lfgcombat.creature.sections import Section, register_section
from lfgcombat.errors import LfgError
from lfgcombat.creature.parse import CreatureError

from ._base import rule
from .objects import ObjectState
from .parry import Shield

__all__ = ["ShieldSpec", "SHIELD", "parse_shield"]

_RULE = rule("Any attack made against a character wearing a shield")
_FIELDS = {"parry_bonus": (1, 10, None), "hardness": (0, 50, None), "hp": (1, 999, None),
           "armor_check_penalty": (-20, 0, 0), "enhancement": (0, 10, 0)}
_EXAMPLE = ("e.g. shield: {parry_bonus: 2, hardness: 5, hp: 15, armor_check_penalty: -2}")


@dataclass(frozen=True)
class ShieldSpec:
    """A parrying shield as the creature file gives it.

    Attributes:
        name: As shown.
        parry_bonus: Parries per turn.
        hardness, hp: Its Hardness and Hit Points (enhancement included).
        armor_check_penalty: Added to parry rolls (<= 0).
        enhancement: Its magic enhancement (already in ``hardness`` and ``hp``).
    """

    name: str
    parry_bonus: int
    hardness: int
    hp: int
    armor_check_penalty: int = 0
    enhancement: int = 0

    def shield(self) -> Shield:
        """A fresh :class:`~lfgcombat.rulesets.wounds.parry.Shield` (no parry used, whole)."""
        return Shield(self.parry_bonus, ObjectState(self.hardness, self.hp,
                                                    enhancement=self.enhancement))

    def __str__(self) -> str:
        acp = f", ACP {self.armor_check_penalty}" if self.armor_check_penalty else ""
        return (f"{self.name} (Parry {self.parry_bonus}, Hardness {self.hardness}, "
                f"{self.hp} HP{acp})")


def _problem(field: str, message: str) -> LfgError:
    return CreatureError([(f"shield.{field}" if field else "shield", message)])


def _number(raw: Mapping[str, Any], key: str) -> int:
    lo, hi, default = _FIELDS[key]
    value = raw.get(key, default)
    if value is None:
        raise _problem(key, f"missing; a parrying shield needs {key} ({_RULE}); {_EXAMPLE}")
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise _problem(key, f"{value!r:.30} is not a whole number from {lo} to {hi}; "
                       f"{_EXAMPLE}")
    return value


def parse_shield(raw: Any) -> ShieldSpec:
    """The ``shield`` key: a mapping of the numbers above, or a :class:`ShieldSpec`.

    Raises:
        CreatureError: naming ``shield`` or ``shield.<field>``: what was wrong, the range,
            an example.
    """
    if isinstance(raw, ShieldSpec):
        return raw
    if not isinstance(raw, Mapping):
        raise _problem("", f"{raw!r:.40} is not a shield; give its numbers, {_EXAMPLE}")
    unknown = sorted(str(k)[:60] for k in raw if k not in (*_FIELDS, "name"))
    if unknown:
        raise _problem(unknown[0], "unknown key; a shield has name, "
                       + ", ".join(_FIELDS))
    name = raw.get("name", "shield")
    if not isinstance(name, str) or not name.strip() or len(name) > 200:
        raise _problem("name", f"{name!r:.40} is not a name; e.g. name: heavy wooden shield")
    n = {k: _number(raw, k) for k in _FIELDS}
    bonus = n["enhancement"]
    return ShieldSpec(name.strip(), n["parry_bonus"], n["hardness"] + 2 * bonus,
                      n["hp"] + 10 * bonus, n["armor_check_penalty"], bonus)


def _dump(value: ShieldSpec | None) -> dict[str, Any] | None:
    if value is None:
        return None
    out: dict[str, Any] = {"name": value.name, "parry_bonus": value.parry_bonus,
                           "hardness": value.hardness - 2 * value.enhancement,
                           "hp": value.hp - 10 * value.enhancement}
    if value.armor_check_penalty:
        out["armor_check_penalty"] = value.armor_check_penalty
    if value.enhancement:
        out["enhancement"] = value.enhancement
    return out


SHIELD: Section[ShieldSpec | None] = register_section(Section(
    "shield", parse_shield, default=None, dump=_dump, show=str, label="Shield (parry)",
    rule=_RULE))

"""A Coup de Grace / Killing Blow on a Helpless foe.

000_8d1d7816ee944f3b.txt, "Coup de Grace / Killing Blow" (a Full-Round Action: roll 1d20; a
natural 1 "strikes as a Critical Hit, but something goes awry"; else the GM's option 1 or
2) and "Critical Hits" (the automatic critical on a Helpless foe it builds on).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..conditions.conditions import Condition
from ..damage import DamageType
from lfgcombat.dice import Roll, Roller
from lfgcombat.rulesets import Ruleset
from ..health.vitals import Vitals
from .prepare import prepare
from .resolve import AttackResult
from ..weapons import WeaponError
from .rules import R_COUP, illegal
from .setup import AttackSetup
from ..weapons import Weapon, resolve_weapon

__all__ = ["CoupDeGrace", "coup_de_grace"]


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
        """The account, one line per step.

        Returns:
            Readable lines.
        """
        return "\n".join(self.lines)


def _check(target: Any, w: Weapon, knockout: bool) -> None:
    if Condition.HELPLESS not in target.active_conditions:
        raise illegal(f"{target.name} is not Helpless: a Coup de Grace slays a helpless foe",
                      R_COUP)
    if not (w.can_melee or w.is_natural) or w.is_projectile:
        raise illegal(f"a Coup de Grace needs a melee weapon, not {w.name}", R_COUP)
    if knockout and DamageType.BLUDGEONING not in w.spec.types:
        raise illegal("knocking a foe unconscious requires a bludgeoning weapon", R_COUP)


def _awry(r: Roll, option: int, setup: AttackSetup, roller: Roller,
          lines: list[str]) -> CoupDeGrace:
    crit = setup.resolve(roller)
    name = setup.target.name
    out = lines + ["  natural 1: a Critical Hit, but something goes awry"]
    out += ["  " + x for x in crit.explain().splitlines()[1:]]
    after = crit.target_after
    if not after.dead:
        out.append(f"  {name} survives and may immediately take a Big Action")
    return CoupDeGrace(r, option, True, after.dead, False, crit.total, crit, after, tuple(out))


def _option_one(r: Roll, target: Any, vit: Vitals, knockout: bool,
                lines: list[str]) -> CoupDeGrace:
    if knockout:
        return CoupDeGrace(r, 1, False, False, True, 0, None, vit.knock_out(),
                           tuple(lines + [f"  option 1: {target.name} is knocked unconscious"]))
    after = dataclasses.replace(vit, dead=True, events=("slain by the Coup de Grace",))
    return CoupDeGrace(r, 1, False, True, False, 0, None, after,
                       tuple(lines + [f"  option 1: {target.name} is killed"]))


def _option_two(r: Roll, target: Any, vit: Vitals, setup: AttackSetup,
                lines: list[str]) -> CoupDeGrace:
    d = setup.damage
    max_crit = d.weapon_after(d.critical.maximum, True)
    three_quarters = target.max_hp.value * 3 // 4
    if three_quarters > max_crit:
        amount, how = three_quarters, f"75% of max HP {target.max_hp.value} = {three_quarters}"
    else:
        amount, how = max_crit, f"maximum damage Critical Hit {d.critical} = {max_crit}"
    applied = d.physical(amount, 0, True)
    after = vit.damage(applied.taken, applied.type)
    out = lines + [f"  option 2: {how} (the larger of {max_crit} and {three_quarters})",
                   f"  {applied}"] + [f"  {e}" for e in after.events]
    return CoupDeGrace(r, 2, False, after.dead, False, applied.taken, None, after, tuple(out))


def coup_de_grace(attacker: Any, target: Any, weapon: "Weapon | str | Mapping",
                  roller: Roller, *, option: int = 2, knockout: bool = False,
                  ruleset: Ruleset | str | None = None) -> CoupDeGrace:
    """A Coup de Grace / Killing Blow on a Helpless foe in reach (Full-Round Action).

    000_8d1d7816ee944f3b.txt, "Coup de Grace / Killing Blow";
    000_8d1d7816ee944f3b.txt, "How to do a Coup de Grace": roll 1d20. On a 1 the attack
    "strikes as a Critical Hit, but something goes awry" (a rolled critical; if the target
    survives it may take a Big Action at once). Otherwise the GM chooses: option 1, the
    target is killed (or knocked unconscious, with a bludgeoning weapon); option 2, "a
    maximum damage Critical Hit OR ... damage equal to 75% of the target's Maximum Health,
    whichever is more" (75% rounded down, inferred; the larger amount is chosen before
    resistances, which then apply as to any critical).

    Args:
        attacker, target: :class:`lfgcombat.Creature` values.
        weapon: A weapon name, entry or :class:`Weapon`.
        roller: The seeded :class:`~lfgcombat.dice.Roller`.
        option: The GM's option, 1 or 2.
        knockout: Knock the foe out instead of killing it (option 1, bludgeoning).
        ruleset: The :class:`Ruleset`.

    Returns:
        The :class:`CoupDeGrace`.

    Raises:
        IllegalActionError: the target is not Helpless, the weapon is not a melee weapon,
            or a knockout with a weapon that is not bludgeoning.
        WeaponError: a bad option or weapon.
    """
    if option not in (1, 2):
        raise WeaponError(f"option is the GM's choice: 1 (killed/knocked out) or 2 (damage), "
                          f"not {option!r}")
    w = resolve_weapon(attacker, weapon)
    _check(target, w, knockout)
    setup = prepare(attacker, target, w, ruleset=ruleset, auto_critical=True,
                    knockout=knockout)
    r = roller.roll("1d20", label=f"{attacker.name} Coup de Grace on {target.name}")
    lines = [f"{attacker.name} Coup de Grace on {target.name} with {w.name} ({R_COUP})",
             "  " + r.explain()]
    if r.total == 1:
        return _awry(r, option, setup, roller, lines)
    vit = setup.ruleset.health.vitals(target)  # the ruleset's health model keeps the HP
    if option == 1:
        return _option_one(r, target, vit, knockout, lines)
    return _option_two(r, target, vit, setup, lines)

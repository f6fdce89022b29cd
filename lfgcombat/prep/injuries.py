"""A Perfect Critical's injuries in the fast tier: the numbers of a creature with a broken
or severed limb, each from the engine.

000_8d1d7816ee944f3b.txt, "Perfect Critical (Optional Rule)": "If you deal at least as much
damage as your target's Injured Threshold, you also cause the following: Broken Arm ...
Broken Leg ..."; "Broken Bones – Arm/Leg/Ribs" and "Severed Limbs" (their numbers are the
rows broken_arm, broken_leg, broken_ribs, severed_arm and severed_leg of
data/conditions.csv). Which limb is the engine's ``_perfect_limb``
(lfgcombat/rules/attacks/resolve.py): a slashing strike rolls 1d2 (severed arm, severed leg), any
other 1d3 (broken arm, broken leg, broken ribs), right after the damage dice.

A creature's injury state (:data:`LIMBS`): 0 none, 1 broken arm, 2 broken leg, 3 broken
ribs, 4 severed arm, 5 severed leg. Each state is the creature as the Encounter holds it
after the strike (:meth:`lfgcombat.rules.health.vitals.Vitals.gain`, which adds Prone with a broken
or
severed leg: the tactics never stand up without the Knockdown, so it lasts the fight), and
its numbers are the engine's for that creature:

* per attacker and its state, target and its state, and attack of the turn: the attack
  bonus, AC and ACvsCrit of :func:`lfgcombat.rules.attacks.prepare` (Broken Leg's -2 attack and
  -2 AC with Prone's -4 and -4 against melee; Broken Arm's -1 AC; Broken Ribs' Distressed);
* per creature and state: what Injured changes in its attack bonus, AC and ACvsCrit
  (measured as :mod:`lfgcombat.prep.spec` measures it, against its first foe, so that
  Injured and Distressed stack exactly as the engine stacks them), Gang Up's Tactical
  Bonus, its attacks a turn (counted on a real Encounter's turn: a broken arm does not stop
  the engine's attacks, whose "Cannot hold items" is the GM's) and the DC20 FORT Save to stabilize
  (:func:`lfgcombat.rules.health.saves.save_odds`: Distressed is -2 on d20 rolls).

Kept as changes from the uninjured numbers (:class:`~lfgcombat.prep.spec.FightSpec`'s
``limb_*`` arrays), built only with Perfect Critical on and only for the states a
creature can reach (a foe's Perfect Critical reaching its Injured Threshold, 1d2 or 1d3 by
that foe's damage type). What the kernel cannot hold is checked, and such an injury is
handed over to the reference tier (``limb_sides`` 0): a strike whose attack is otherwise
played differently with the injury (its damage, threat range, Fortune, miss chance, Active
Defense), a creature whose HP thresholds change, one with more attacks than the arrays
hold, or a Perfect Critical whose damage type depends on the dice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

import numpy as np

from ..rules.attacks import prepare
from ..rules.bonuses import Bonus, BonusType
from ..creature import Creature
from ..rules.damage import DamageType
from ..dice.odds import pmf
from ..rules.health.saves import save_odds
from ..rules.health.vitals import STABILIZE_DC, Vitals
from .kernel import NO_THRESHOLD

__all__ = ["LIMBS", "N_STATES", "limbed", "limb_arrays", "injured", "dying"]

#: The injury states after "none" (state 0), in the order of the engine's limb dice:
#: 1d3 gives states 1-3, a slashing strike's 1d2 states 4-5.
LIMBS: tuple[str, ...] = ("broken_arm", "broken_leg", "broken_ribs", "severed_arm",
                          "severed_leg")
N_STATES = len(LIMBS) + 1
#: The states each limb die gives (its sides: the states of faces 1, 2, ...).
STATES_OF_DIE: dict[int, tuple[int, ...]] = {3: (1, 2, 3), 2: (4, 5)}

#: What of a prepared attack decides how it is played beyond its bonus and ACs: the same
#: with and without an injury, or the kernel does not hold that injury.
_PLAY = ("mode", "fortune", "miss_chance", "defense", "auto_critical")
_PLAN = ("normal", "critical", "spec", "forced_type", "precision", "extras", "weakened_pct",
         "killer_minimum", "qualities", "resistances", "creature_type")
_VITALS = ("max_hp", "hp", "temp_hp", "injured_threshold", "death_threshold", "level",
           "creature_type")


def injured(c: Creature) -> Creature:
    """``c`` at its Injured Threshold (its Temporary HP spent first, so that the damage
    reaches its HP)."""
    c = c.replace(temp_hp=0) if c.temp_hp else c
    v = Vitals.from_creature(c)
    if v.injured_threshold is None or v.injured_threshold <= 0:
        return c
    return v.damage(max(0, c.hp - v.injured_threshold), "bludgeoning").to_creature(c)


def dying(c: Creature) -> Creature:
    """``c`` at 0 HP from a slashing strike: dying, as it rolls to stabilize."""
    return Vitals.from_creature(c).damage(max(0, c.hp), "slashing").to_creature(c)


def limbed(c: Creature, state: int) -> Creature:
    """``c`` in injury ``state`` as the Encounter holds it after the strike
    (:meth:`~lfgcombat.rules.health.vitals.Vitals.gain`; a leg adds Prone)."""
    if state == 0:
        return c
    return Vitals.from_creature(c).gain(LIMBS[state - 1]).to_creature(c)


def _value(stat: Any) -> int:
    return int(stat.value or 0)


def _dist(expr: Any) -> dict[int, float]:
    return {int(cast(int, k)): float(v) for k, v in pmf(expr).items() if v}


def die_sides(setup: Any, perfect_top: int, threshold: int) -> int:
    """The limb die of a Perfect Critical of ``setup`` (``_perfect_limb``: 2 for a slashing
    strike, else 3): -1 when none can reach the ``threshold``, 0 when its damage type
    depends on the precision dice (the kernel hands it over)."""
    if threshold == NO_THRESHOLD or perfect_top < threshold:
        return -1
    d = setup.damage
    weapon = d.weapon_after(d.critical.maximum, True)
    precision = _dist(d.precision) if d.precision is not None else {0: 1.0}
    types = {d.physical(weapon, p, True).type for p in precision}
    if len(types) != 1:
        return 0
    return 2 if types.pop() is DamageType.SLASHING else 3


def _same_play(base: Any, setup: Any) -> bool:
    """Whether ``setup`` is played as ``base`` but for its bonus and ACs."""
    return (all(getattr(base, f) == getattr(setup, f) for f in _PLAY)
            and base.weapon.threat == setup.weapon.threat
            and all(getattr(base.damage, f) == getattr(setup.damage, f) for f in _PLAN))


class _Build:
    """The arrays under construction, the creatures in each reachable state and which
    states the kernel holds (``ok``)."""

    def __init__(self, cs: Sequence[Creature], weapons: list[Any], rs: Any, side: Any,
                 k_max: int, attacks: Callable[[Creature], int]) -> None:
        n, s = len(cs), N_STATES
        self.cs, self.weapons, self.rs, self.side, self.k_max = cs, weapons, rs, side, k_max
        self.attacks = attacks
        self.variants: dict[tuple[int, int], Creature] = {}
        # creatures alike but for their names (the orcs of a band) share their numbers
        self.key = [repr(c.replace(name="-").to_dict()) for c in cs]
        self.memo: dict[tuple, Any] = {}
        self.ok = np.ones((n, s), bool)
        z = np.zeros
        self.arrays: dict[str, np.ndarray] = {
            "limb_bonus": z((n, s, n, s, k_max), np.int64), "limb_ac": z((n, s, n, s), np.int64),
            "limb_confirm_ac": z((n, s, n, s), np.int64),
            "limb_injured_attack": z((n, s), np.int64), "limb_injured_ac": z((n, s), np.int64),
            "limb_injured_confirm_ac": z((n, s), np.int64), "limb_gang": z((n, s, 6), np.int64),
            "limb_attacks": z((n, s), np.int64), "limb_stabilize_p": z((n, s)),
            "limb_sides": z((n, n), np.int64)}

    def creature(self, c: int, state: int) -> Creature:
        if (c, state) not in self.variants:
            self.variants[c, state] = limbed(self.cs[c], state)
        return self.variants[c, state]

    def prep(self, a: int, sa: int, t: int, st: int, **kw: Any) -> Any:
        return prepare(self.creature(a, sa), self.creature(t, st), self.weapons[a],
                       ruleset=self.rs, **kw)


def _reachable(b: _Build, setups: dict, tables: dict, injured_at: np.ndarray
               ) -> tuple[list[list[int]], dict[tuple[int, int], int]]:
    """Each creature's reachable states (0 first) and each strike's limb die (or 0)."""
    n = len(b.cs)
    states: list[set[int]] = [{0} for _ in range(n)]
    sides: dict[tuple[int, int], int] = {}
    for (a, t), setup in setups.items():
        top = max(tables[a, t][2])
        sides[a, t] = die_sides(setup, top, int(injured_at[t]))
        states[t] |= set(STATES_OF_DIE.get(sides[a, t], ()))
    return [sorted(s) for s in states], sides


def _own_numbers(b: _Build, c: int, state: int, t0: int) -> tuple:
    """Creature ``c`` in ``state`` against its first foe ``t0``: its attacks a turn, the
    stabilize save, its attack bonus uninjured and Injured, with Gang Up's +1..+5, and
    ``t0``'s AC and ACvsCrit against it uninjured and Injured (memoized for creatures
    alike)."""
    key = ("own", b.key[c], state, b.key[t0])
    if key not in b.memo:
        me = b.creature(c, state)
        gang = [_value(b.prep(c, state, t0, 0, attack_bonuses=(
            Bonus(g, BonusType.TACTICAL, "gang up"),)).bonus) for g in range(1, 6)]
        on = b.prep(t0, 0, c, state)
        on_hurt = prepare(b.cs[t0], injured(me), b.weapons[t0], ruleset=b.rs)
        b.memo[key] = (
            b.attacks(me), save_odds(dying(me), "fort", STABILIZE_DC),
            _value(b.prep(c, state, t0, 0).bonus),
            _value(prepare(injured(me), b.cs[t0], b.weapons[c], ruleset=b.rs).bonus), gang,
            (_value(on.ac), _value(on_hurt.ac)), (_value(on.confirm_ac),
                                                  _value(on_hurt.confirm_ac)))
    return b.memo[key]


def _creature_numbers(b: _Build, c: int, state: int, base: dict) -> None:
    """Creature ``c`` in ``state``: Injured's and Gang Up's changes, attacks a turn and the
    stabilize save, as changes from its uninjured numbers (``base``: the spec's)."""
    out = b.arrays
    t0 = next(t for t in range(len(b.cs)) if b.side[t] != b.side[c])
    n_att, p, b0, b_hurt, gang, ac, cac = _own_numbers(b, c, state, t0)
    plain, hurt = Vitals.from_creature(b.cs[c]), Vitals.from_creature(b.creature(c, state))
    if any(getattr(plain, f) != getattr(hurt, f) for f in _VITALS) or n_att > b.k_max:
        b.ok[c, state] = False
    out["limb_attacks"][c, state] = n_att - int(base["n_attacks"][c])
    out["limb_stabilize_p"][c, state] = p
    out["limb_injured_attack"][c, state] = b_hurt - b0 - int(base["injured_attack"][c])
    for g in range(1, 6):
        out["limb_gang"][c, state, g] = gang[g - 1] - b0 - int(base["gang"][c, g])
    out["limb_injured_ac"][c, state] = ac[1] - ac[0] - int(base["injured_ac"][c])
    out["limb_injured_confirm_ac"][c, state] = cac[1] - cac[0] - int(
        base["injured_confirm_ac"][c])


def _pair_setup(b: _Build, a: int, sa: int, t: int, st: int, n_att: int, setup: Any
                ) -> tuple:
    """``a`` in state ``sa`` attacking ``t`` in state ``st``: (AC, ACvsCrit, the bonus of
    each attack of the turn, whether it is otherwise played as ``setup``), memoized for
    creatures alike."""
    key = ("pair", b.key[a], sa, b.key[t], st, n_att)
    if key not in b.memo:
        s = b.prep(a, sa, t, st)
        bonus = [_value(s.bonus)] + [_value(b.prep(a, sa, t, st, previous_attacks=k).bonus)
                                     for k in range(1, n_att)]
        b.memo[key] = (_value(s.ac), _value(s.confirm_ac), bonus, _same_play(setup, s))
    return b.memo[key]


def _pair_numbers(b: _Build, a: int, t: int, states: list[list[int]], setup: Any,
                  base: dict) -> None:
    """``a``'s attacks on ``t`` in every pair of their reachable states: bonus per attack
    of the turn, AC and ACvsCrit as changes from the uninjured numbers (``base``)."""
    out = b.arrays
    for sa in states[a]:
        n_att = int(base["n_attacks"][a]) + int(out["limb_attacks"][a, sa])
        for st in states[t]:
            if sa == st == 0:
                continue
            ac, cac, bonus, same = _pair_setup(b, a, sa, t, st, min(n_att, b.k_max), setup)
            if not same:
                b.ok[a, sa] &= sa == 0
                b.ok[t, st] &= st == 0
            out["limb_ac"][a, sa, t, st] = ac - int(base["ac"][a, t])
            out["limb_confirm_ac"][a, sa, t, st] = cac - int(base["confirm_ac"][a, t])
            for k, value in enumerate(bonus):
                out["limb_bonus"][a, sa, t, st, k] = value - int(base["bonus"][a, t, k])


def limb_arrays(cs: Sequence[Creature], weapons: list[Any], rs: Any, side: np.ndarray,
                setups: dict, tables: dict, base: dict,
                attacks: Callable[[Creature], int]) -> dict[str, np.ndarray]:
    """The ``limb_*`` arrays of :class:`~lfgcombat.prep.spec.FightSpec` (see the module
    docstring): changes from the uninjured numbers per injury state, and ``limb_sides``,
    each strike's limb die (2 or 3; 0 where the kernel hands the injury over).

    Args:
        cs, weapons, rs, side: The scenario's creatures, their weapons, ruleset and sides.
        setups: The uninjured ``prepare`` of each attacker and foe ``(a, t)``.
        tables: Their damage distributions (normal hit, Critical Hit, Perfect Critical).
        base: The spec's uninjured numbers (``bonus``, ``ac``, ``confirm_ac``,
            ``n_attacks``, ``injured_attack``, ``injured_ac``, ``injured_confirm_ac``,
            ``gang``, ``injured_at``).
        attacks: Counts a creature's attacks a turn (``spec.attacks_per_turn``).
    """
    b = _Build(cs, weapons, rs, side, int(base["bonus"].shape[2]), attacks)
    states, sides = _reachable(b, setups, tables, base["injured_at"])
    for c in range(len(cs)):
        b.arrays["limb_stabilize_p"][c, 0] = float(base["stabilize_p"][c])
        for state in states[c][1:]:
            _creature_numbers(b, c, state, base)
    for (a, t), setup in setups.items():
        _pair_numbers(b, a, t, states, setup, base)
    for (a, t), die in sides.items():
        if die > 0 and all(b.ok[t, s] for s in STATES_OF_DIE[die]):
            b.arrays["limb_sides"][a, t] = die
    return b.arrays

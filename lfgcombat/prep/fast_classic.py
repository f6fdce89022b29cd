"""The fast tier's numbers under ``classic`` (002_2a3a79475ca2a541.txt), from the engine.

Nothing here restates a rule the engine has as a formula; each number is the engine's own
answer, asked once per fight setup, for :mod:`lfgcombat.prep.kernel_classic`:

* the damage of one attack of each attacker on each foe, 0 for a miss ("How to attack
  another creature", "Criticals and fumbles", "Critical Hit"): the exact odds of
  :meth:`ClassicAttacks.attack_odds <lfgcombat.rulesets.classic.ClassicAttacks.attack_odds>`
  with the conditions the encounter passes - the attacker's record's (a mobile disabled
  hero's, with its limited attack: "attack an adjacent creature at - 5 to hit and damage",
  "Stabilizing a Disabled Character") and the target's (its record's, plus the Top-Down
  start's Flat-footed, "A character who has not yet acted during a combat is
  Flat-footed", "Conditions");
* the Initiative check bonus (:class:`~lfgcombat.rulesets.classic.ClassicInitiative`);
* the chances of the DC12 FORT check to stabilize and the DC14 CON check to become mobile,
  at 0 HP and below it (d20 + the record's ``fort_bonus`` / ``con_check_bonus`` in that
  state, ``total >= DC`` as :class:`~lfgcombat.rulesets.classic.health.ClassicVitals` rolls them);
* death at -10 (:data:`lfgcombat.rulesets.classic.health.DEATH_AT`), the optional
  ``hp_loss_per_round``.

The rest (sides, policies, the HP track, the ``dangerous`` policy's scores, the run's note
on what "dropped" counts) is the reference tier's (:func:`~lfgcombat.prep.spec.reference_spec`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, replace
from typing import Any, cast

import numpy as np

from ..dice.odds import pmf
from .spec import FightSpec, PrepError, Scenario, reference_spec, scenario_weapons

__all__ = ["ClassicNumbers", "classic_spec", "classic_problems", "p_at_least", "kind",
           "CLASSIC_NOTE"]


@dataclass(frozen=True, eq=False)
class ClassicNumbers:
    """The classic kernel's numbers (index ``c``/``a``/``t`` a creature; ``l`` 0 a normal
    attack, 1 a mobile disabled hero's limited one; ``s`` the target 0 as it is, 1
    Flat-footed, 2 mobile disabled; ``b`` 0 at 0 HP, 1 below 0)."""

    init_bonus: np.ndarray   # [C]
    dmg_values: np.ndarray   # [A, T, 2, 3, L]
    dmg_cdf: np.ndarray      # [A, T, 2, 3, L]
    dmg_len: np.ndarray      # [A, T, 2, 3]
    stabilize_p: np.ndarray  # [C, 2] P(DC12 FORT) at 0 HP / below 0
    mobile_p: np.ndarray     # [C, 2] P(DC14 CON) at 0 HP / below 0
    flat_footed: int
    hp_loss: int
    death_at: int
    kernel: str = "classic"

    def run(self, spec: FightSpec, states: np.ndarray) -> dict[str, np.ndarray]:
        """The fights of ``states`` (:func:`lfgcombat.prep.kernel_classic.run_classic`)."""
        from .kernel_classic import run_classic
        return run_classic(spec, states)

    def loaded(self) -> bool:
        """Whether the kernel is compiled in this process."""
        from .kernel_classic import classic_loaded
        return classic_loaded()


#: The ruleset this kernel was written for (its definition names this module:
#: ``fast_kernel``, :mod:`lfgcombat.prep.tiers`).
RULESET = "classic"

#: The run's note under classic: what the tactics (both tiers) leave out.
CLASSIC_NOTE = (
    "Under classic the tactics attack once a round and do nothing else, in either tier: no "
    "Heroic Action, spell, Stabilize action on a fallen ally, killing blow on a helpless "
    "foe, nonlethal attack or movement (002_2a3a79475ca2a541.txt, \"Single Actions:\"); a "
    "fumble is a miss whose consequences are left to the GM (\"Fumble\"). The fast tier "
    "plays the open field; with a map, the reference tier")


def p_at_least(bonus: int, dc: int) -> float:
    """P(1d20 + ``bonus`` >= ``dc``), from the kit's exact dice odds (no automatic
    success: the classic checks compare the total, ``ClassicVitals._check``)."""
    dist = pmf(f"1d20{int(bonus):+d}")
    return float(sum(float(p) for v, p in dist.items() if int(cast(int, v)) >= dc))


def classic_problems(scenario: Scenario) -> list[str]:
    """What the classic fast tier does not play in ``scenario`` (one sentence each): a
    starting condition (its file's or the kit's), Bleed or negative levels, Nonlethal
    damage taken, a creature not above 0 HP."""
    rs = scenario.ruleset
    out = []
    for c in scenario.creatures:
        rec: Any = rs.health.combatant(c, rs)
        if rec.all_conditions or c.conditions:
            names = list(rec.all_conditions) + [str(a) for a in c.conditions]
            out.append(f"{c.name} starts with {', '.join(dict.fromkeys(names))} (the fast "
                       "tier plays classic fights without starting conditions)")
        if rec.vitals.current <= 0:
            out.append(f"{c.name} starts at {rec.vitals.current} HP (disabled)")
    return out


def kind(c: Any) -> str:
    """A key shared by creatures alike but for their names (their numbers are the same)."""
    return repr(c.replace(name="Probe").to_dict())


def _states(rs: Any, c: Any) -> dict[str, Any]:
    """The records of ``c`` the numbers are read from: fresh, at 0 HP, stable below 0, and
    mobile below 0 (the engine's own transitions: damage, then the checks' outcomes)."""
    fresh: Any = rs.health.combatant(c, rs)
    hp = fresh.vitals.current
    at0: Any = rs.health.take_damage(fresh, hp)[0]
    below: Any = rs.health.take_damage(fresh, hp + 1)[0]
    stable0 = dataclasses.replace(at0, vitals=dataclasses.replace(at0.vitals, stable=True))
    stable1 = dataclasses.replace(below, vitals=dataclasses.replace(below.vitals, stable=True))
    mobile = dataclasses.replace(stable1, vitals=dataclasses.replace(stable1.vitals,
                                                                     mobile=True))
    return {"fresh": fresh, "at0": at0, "below": below, "stable0": stable0,
            "stable1": stable1, "mobile": mobile}


def _odds_table(scenario: Scenario, records: list[dict[str, Any]]) -> tuple[np.ndarray, ...]:
    """The damage distributions of every attack (``ClassicNumbers.dmg_*``)."""
    rs = scenario.ruleset
    cs, side = scenario.creatures, scenario.side_of
    n = len(cs)
    flat = str(rs.condition_catalogue.lookup("flat-footed"))
    attacks: Any = rs.attack_resolution
    dists: dict[tuple[int, int, int, int], list[tuple[int, float]]] = {}
    kinds = [kind(c) for c in cs]
    seen: dict[tuple[str, str, str, int, int], list[tuple[int, float]]] = {}
    weapons = scenario_weapons(scenario)
    for a in range(n):
        w = weapons[a]
        for t in (t for t in range(n) if side[t] != side[a]):
            target = {0: records[t]["fresh"].all_conditions,
                      1: (*records[t]["fresh"].all_conditions, flat),
                      2: records[t]["mobile"].all_conditions}
            for lim, who in ((0, "fresh"), (1, "mobile")):
                for s, t_cond in target.items():
                    key = (kinds[a], w, kinds[t], lim, s)
                    if key not in seen:  # creatures alike but for their names share it
                        odds = attacks.attack_odds(
                            cs[a], cs[t], w, limited=bool(lim),
                            attacker_conditions=records[a][who].all_conditions,
                            target_conditions=t_cond)
                        seen[key] = [(int(k), float(v)) for k, v in odds.damage.items()
                                     if v]
                    dists[a, t, lim, s] = seen[key]
    length = max(len(d) for d in dists.values())
    values = np.zeros((n, n, 2, 3, length), np.int64)
    cdf = np.ones((n, n, 2, 3, length))
    lens = np.ones((n, n, 2, 3), np.int64)
    for (a, t, lim, s), d in dists.items():
        values[a, t, lim, s, :len(d)] = [k for k, _ in d]
        c = np.cumsum([p for _, p in d])
        cdf[a, t, lim, s, :len(d)] = c / c[-1]
        lens[a, t, lim, s] = len(d)
    return values, cdf, lens


def classic_spec(scenario: Scenario, max_rounds: int) -> FightSpec:
    """The :class:`~lfgcombat.prep.spec.FightSpec` of a classic fight with the classic
    kernel's numbers (``fast_numbers``).

    Raises:
        PrepError: as :func:`~lfgcombat.prep.spec.reference_spec` (a creature lacking
            ``bab``, without a weapon, or not standing).
    """
    from ..rulesets.classic.health import DEATH_AT, MOBILE_DC, STABILIZE_DC
    base = reference_spec(scenario, max_rounds)
    rs = scenario.ruleset
    cs = scenario.creatures
    records = [_states(rs, c) for c in cs]
    try:
        values, cdf, lens = _odds_table(scenario, records)
    except Exception as exc:  # a refusal of the engine's, in its words
        raise PrepError(f"GM prep cannot play this fight under classic: {exc}") from None
    policy: Any = rs.initiative_policy
    stab = [[p_at_least(r[k].fort_bonus, STABILIZE_DC) for k in ("at0", "below")]
            for r in records]
    mob = [[p_at_least(r[k].con_check_bonus, MOBILE_DC) for k in ("stable0", "stable1")]
           for r in records]
    numbers = ClassicNumbers(
        init_bonus=np.array([int(policy.check_bonus(c, r["fresh"])) for c, r in
                             zip(cs, records)], np.int64),
        dmg_values=values, dmg_cdf=cdf, dmg_len=lens,
        stabilize_p=np.array(stab, dtype=float), mobile_p=np.array(mob, dtype=float),
        flat_footed=int(bool(getattr(policy, "flat_footed", False)
                             and rs.top_down_flat_footed)),
        hp_loss=int(bool(rs.hp_loss_per_round)), death_at=int(DEATH_AT))
    return replace(base, fast_tier=True, fast_numbers=numbers,
                   notes=base.notes + (CLASSIC_NOTE,))

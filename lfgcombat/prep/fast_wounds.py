"""The fast tier's numbers under ``wounds`` (003_de0e94afd49609a7.txt), from the engine.

Each number is the engine's own answer, asked once per fight setup, for
:mod:`lfgcombat.prep.kernel_wounds`:

* the damage of one attack of each attacker on each foe (0 for a miss), and its Instant
  Kill ("Combat Statistics"): :meth:`WoundsAttacks.attack_odds
  <lfgcombat.rulesets.wounds.WoundsAttacks.attack_odds>` (the ``multiply`` choice the
  tactics make), an Instant Kill taken out of the critical damage it would otherwise deal
  (the weapon's damage rolled as :func:`~lfgcombat.rulesets.wounds.attacks.critical_multiplier`
  says, :meth:`~lfgcombat.rulesets.wounds.attacks.DamageParts.strike_pmf`);
* Hit Points and Wounds at the start (the record's
  :class:`~lfgcombat.rulesets.wounds.health.WoundsVitals`), Half Actions' attacks a turn;
* the Initiative check bonus (:func:`lfgcombat.rulesets.wounds.wounds_check_bonus`) and
  Round-by-Round's +5 Innate for the creature that acted last (:data:`LAST_ACTOR_BONUS`).

:func:`wounds_problems` lists what the kernel does not play; a scenario with any of it is
refused by the fast tier (the reference tier plays it).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

import numpy as np

from .fast_classic import kind
from .spec import FightSpec, PrepError, Scenario, reference_spec, scenario_weapons

__all__ = ["WoundsNumbers", "wounds_spec", "wounds_problems", "LAST_ACTOR_BONUS",
           "WOUNDS_NOTE"]

#: "Alternative Initiative Option #1 - Round-By-Round" (000_8d1d7816ee944f3b.txt): the
#: creature who acted last in the previous round gains +5 Innate on its roll (the
#: Encounter's ``_roll_units``).
LAST_ACTOR_BONUS = 5


#: The run's note under wounds: what the tactics (both tiers) leave out, and what the
#: fast tier refuses.
#: The ruleset this kernel was written for (its definition names this module:
#: ``fast_kernel``, :mod:`lfgcombat.prep.tiers`).
RULESET = "wounds"

WOUNDS_NOTE = (
    "Under wounds the tactics attack with both Half Actions and do nothing else, in either "
    "tier: every confirmed critical multiplies its damage (never \"Go to Wounds\"), nobody "
    "aims at a location, takes Total Defense or gains a Barrier or Shell "
    "(003_de0e94afd49609a7.txt, \"Combat Statistics\", \"Barrier represents\"). The fast "
    "tier plays the open field and refuses a shield's parry, a Barrier or Shell at the "
    "start and energy riders; the reference tier plays them, and maps")


@dataclass(frozen=True, eq=False)
class WoundsNumbers:
    """The wounds kernel's numbers (index ``c``/``a``/``t`` a creature)."""

    start_hp: np.ndarray     # [C] Hit Points at the start
    start_wounds: np.ndarray  # [C] Wounds at the start
    wounds_max: np.ndarray   # [C]
    init_bonus: np.ndarray   # [C] the wounds Initiative check bonus
    dmg_values: np.ndarray   # [A, T, L] damage of one attack (-1: an Instant Kill)
    dmg_cdf: np.ndarray      # [A, T, L]
    dmg_len: np.ndarray      # [A, T]
    last_bonus: int = LAST_ACTOR_BONUS
    kernel: str = "wounds"

    def run(self, spec: FightSpec, states: np.ndarray) -> dict[str, np.ndarray]:
        """The fights of ``states`` (:func:`lfgcombat.prep.kernel_wounds.run_wounds`)."""
        from .kernel_wounds import run_wounds
        return run_wounds(spec, states)

    def loaded(self) -> bool:
        """Whether the kernel is compiled in this process."""
        from .kernel_wounds import wounds_loaded
        return wounds_loaded()


def wounds_problems(scenario: Scenario) -> list[str]:
    """What the wounds fast tier does not play in ``scenario`` (one sentence each): a
    shield that parries ("Any attack made against a character wearing a shield"), a
    Barrier or Shell at the start ("Barrier represents", "Shell operates similarly"), a
    weapon with energy riders ("Acid", "Cold", "Electricity", "Fire", ...), a starting
    condition, a creature dead or already hurt into its Wounds... one that is not fighting."""
    rs = scenario.ruleset
    out = []
    attacks: Any = rs.attack_resolution
    cs, side = scenario.creatures, scenario.side_of
    checked: set[tuple[str, str]] = set()
    weapons = scenario_weapons(scenario)
    for i, c in enumerate(cs):
        if (kind(c), weapons[i]) in checked:
            continue
        checked.add((kind(c), weapons[i]))
        rec: Any = rs.health.combatant(c, rs)
        if rec.shield is not None:
            out.append(f"{c.name} has a shield that parries (the fast tier plays no parry)")
        if rec.vitals.barrier is not None or rec.vitals.shell:
            out.append(f"{c.name} starts with a Barrier or Shell")
        if rec.conditions or c.conditions:
            out.append(f"{c.name} starts with a condition")
        foe = next(t for t in range(len(cs)) if side[t] != side[i])
        riders = attacks.attack_odds(c, cs[foe], weapons[i]).riders
        if riders is not None and riders.riders:
            out.append(f"{c.name}'s {weapons[i]} deals {', '.join(riders.riders)} (the fast "
                       "tier plays no energy rider)")
    return out


def _attack_dist(attacks: Any, a: Any, t: Any, weapon: str) -> list[tuple[int, float]]:
    """One attack's outcomes: damage (0 a miss) or an Instant Kill (-1), with their
    probabilities (exact, as floats)."""
    from ..rulesets.wounds.attacks import critical_multiplier
    odds = attacks.attack_odds(a, t, weapon)
    dist = {int(k): Fraction(v) for k, v in odds.hp_damage.items() if v}
    kill = Fraction(odds.p_instant_kill)
    if kill:
        crit = odds.riders.damage_parts().strike_pmf(
            critical_multiplier(odds.weapon.multiplier, odds.critical_choice))
        for k, p in crit.items():
            dist[int(k)] -= kill * Fraction(p)  # the kill deals no damage: its own outcome
        dist[-1] = kill
    return [(k, float(p)) for k, p in sorted(dist.items()) if p > 0]


def wounds_spec(scenario: Scenario, max_rounds: int) -> FightSpec:
    """The :class:`~lfgcombat.prep.spec.FightSpec` of a wounds fight with the wounds
    kernel's numbers (``fast_numbers``).

    Raises:
        PrepError: as :func:`~lfgcombat.prep.spec.reference_spec` (a creature lacking
            ``prowess``, without a weapon, or dead).
    """
    base = reference_spec(scenario, max_rounds)
    rs = scenario.ruleset
    cs, side = scenario.creatures, scenario.side_of
    n = len(cs)
    attacks: Any = rs.attack_resolution
    kinds = [kind(c) for c in cs]
    seen: dict[tuple[str, str, str], list[tuple[int, float]]] = {}
    weapons = scenario_weapons(scenario)
    try:
        for a in range(n):
            for t in (t for t in range(n) if side[t] != side[a]):
                key = (kinds[a], weapons[a], kinds[t])  # alike but for their names: shared
                if key not in seen:
                    seen[key] = _attack_dist(attacks, cs[a], cs[t], weapons[a])
        dists = {(a, t): seen[kinds[a], weapons[a], kinds[t]] for a in range(n)
                 for t in range(n) if side[t] != side[a]}
    except Exception as exc:  # a refusal of the engine's, in its words
        raise PrepError(f"GM prep cannot play this fight under wounds: {exc}") from None
    length = max(len(d) for d in dists.values())
    values = np.zeros((n, n, length), np.int64)
    cdf = np.ones((n, n, length))
    lens = np.ones((n, n), np.int64)
    for (a, t), d in dists.items():
        values[a, t, :len(d)] = [k for k, _ in d]
        c = np.cumsum([p for _, p in d])
        cdf[a, t, :len(d)] = c / c[-1]
        lens[a, t] = len(d)
    records: list[Any] = [rs.health.combatant(c, rs) for c in cs]
    policy: Any = rs.initiative_policy
    numbers = WoundsNumbers(
        start_hp=np.array([int(r.vitals.hp) for r in records], np.int64),
        start_wounds=np.array([int(r.vitals.wounds) for r in records], np.int64),
        wounds_max=np.array([int(r.vitals.wounds_max) for r in records], np.int64),
        init_bonus=np.array([int(policy.check_bonus(c, r)) for c, r in zip(cs, records)],
                            np.int64),
        dmg_values=values, dmg_cdf=cdf, dmg_len=lens)
    return replace(base, fast_tier=True, fast_numbers=numbers,
                   notes=base.notes + (WOUNDS_NOTE,))

"""`make bench`: attacks against the dice libraries they could have been built on.

Prints, in one run:

* ``attack_odds`` (exact hit/critical/damage distribution after DR) against the same
  distribution built with ``icepool`` (the attack d20, the confirmation d20 and the
  miss-chance d10 mapped with ``icepool.map`` to a mixture of the damage dice after DR), caches cleared; and the largest difference between
  the two distributions (they must agree);
* sampled ``AttackSetup.resolve`` throughput (every roll logged and explained) against a loop
  of the ``d20`` library rolling attack, confirmation and damage with the same rules.

Figures are ratios against the baseline measured in the same process (> 1 means lfgcombat
is faster). Nothing here asserts a time: speed is reported, not tested.
"""

from __future__ import annotations

import random
import sys
from importlib.metadata import version

import d20
import icepool

import lfgcombat
from lfgcombat.dice import odds
from lfgcombat.rules.attacks.odds import odds_for
from lfgcombat.rules.attacks import prepare
from lfgcombat.creature import Creature


from _timing import best_of


ATTACKER = Creature.from_dict({"name": "Axeman", "class": "fighter", "level": 5,
                               "abilities": {"str": 14}})
TARGET = Creature.from_dict({"name": "Target", "level": 5, "max_hp": 50,
                             "armor": {"rating": 8, "vs_crit": 6}, "resistances": {"dr": "2/-"}})
CASES = {
    "battleaxe x3 vs DR2": ("battleaxe", {}),
    "longsword 19-20, fortunate": ("longsword", {"fortune": "fortunate"}),
    "greatsword, partial concealment": ("greatsword", {"concealment": "partial"}),
}


def icepool_distribution(setup):
    """The same attack built with icepool: d20 attack (kept better/worse of two under
    Fortunate/Unfortunate), d20 confirmation, d10 miss chance, damage dice, DR."""
    d = setup.damage

    def d20():
        if setup.fortune is None:
            return icepool.d20
        pool = icepool.Pool([icepool.d20, icepool.d20])
        return pool.highest(1).sum() if setup.fortune.value == "fortunate" else pool.lowest(1).sum()

    normal = icepool.Die({k: int(v) for k, v in odds.pmf(d.normal, exact=True).mul(
        odds.pmf(d.normal, exact=True).map(lambda f: f.denominator).max()).items()})
    crit = icepool.Die({k: int(v) for k, v in odds.pmf(d.critical, exact=True).mul(
        odds.pmf(d.critical, exact=True).map(lambda f: f.denominator).max()).items()})
    bonus, ac, cac = setup.bonus.value, setup.ac.value, setup.confirm_ac.value
    threat, threshold = setup.weapon.threat, setup.miss_chance // 10

    # The damage dice mapped through DR once each, then mixed by the d20 outcomes.
    normal_taken = normal.map(lambda n: d.physical(d.weapon_after(n, False), 0, False).taken)
    crit_taken = crit.map(lambda x: d.physical(d.weapon_after(x, True), 0, True).taken)

    def outcome(a, c, m):
        hit = a == 20 or (a != 1 and a + bonus >= ac)
        if not hit or m <= threshold:
            return 0
        if a >= threat and (c == 20 or (c != 1 and c + bonus >= cac)):
            return crit_taken
        return normal_taken

    return icepool.map(outcome, d20(), d20(), icepool.d10)


def bench_odds() -> list[tuple[str, float, float, float]]:
    rows = []
    for name, (weapon, situation) in CASES.items():
        setup = prepare(ATTACKER, TARGET, weapon, **situation)

        def ours():  # a fresh setup (no memo) and cold pmf caches, prepare included
            odds._cached.cache_clear()
            odds._survival.cache_clear()
            return odds_for(prepare(ATTACKER, TARGET, weapon, **situation))

        def theirs():
            return icepool_distribution(setup)

        t_ours, t_theirs = best_of(ours, 3), best_of(theirs, 1)
        mine = ours().damage
        die = theirs()
        total = die.denominator()
        diff = max(abs(float(mine.get(k, 0.0)) - die.quantity(k) / total)
                   for k in set(mine.index) | set(die.outcomes()))
        rows.append((name, t_ours, t_theirs, diff))
    return rows


def bench_sampling(n: int = 20000) -> tuple[float, float]:
    setup = prepare(ATTACKER, TARGET, "battleaxe")
    bonus, ac, cac = setup.bonus.value, setup.ac.value, setup.confirm_ac.value

    def ours():
        roller = lfgcombat.Roller(seed=1)
        for _ in range(n):
            setup.resolve(roller)

    def theirs():
        random.seed(1)
        for _ in range(n):
            a = d20.roll(f"1d20+{bonus}")
            nat = a.total - bonus
            if nat == 20 or (nat != 1 and a.total >= ac):
                if nat == 20:
                    c = d20.roll(f"1d20+{bonus}")
                    cn = c.total - bonus
                    if cn == 20 or (cn != 1 and c.total >= cac):
                        max(0, d20.roll("3d8+6").total - 2)
                        continue
                max(0, d20.roll("1d8+2").total - 2)

    return best_of(ours, 3) / n, best_of(theirs, 3) / n


def main() -> int:
    print(f"lfgcombat {lfgcombat.__version__} | icepool {version('icepool')} | "
          f"d20 {version('d20')} | Python {sys.version.split()[0]}")
    print("\nexact attack odds (attack_odds vs icepool.map), ratio > 1: lfgcombat faster")
    for name, ours, theirs, diff in bench_odds():
        print(f"  {name:<34} lfgcombat {ours * 1e3:8.2f} ms   icepool {theirs * 1e3:9.2f} ms"
              f"   ratio {theirs / ours:7.1f}x   max |P diff| {diff:.1e}")
    ours, theirs = bench_sampling()
    print("\nsampled attacks (resolve, every roll logged) vs a d20-library loop")
    print(f"  per attack: lfgcombat {ours * 1e6:6.1f} us   d20 {theirs * 1e6:6.1f} us   "
          f"ratio {theirs / ours:5.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

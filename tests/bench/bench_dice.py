"""`make bench`: the dice engine against the libraries it could have been built on.

Prints, in one run and on the same expressions:

* parse+roll throughput of ``lfgcombat.Roller`` against the ``d20`` library, once with a
  fresh expression every roll (no parse cache helps) and once rolling one expression
  repeatedly (the common case at the table);
* ``lfgcombat.pmf`` time against ``icepool`` (exact distributions), caches cleared.

Figures are ratios against the baseline measured in the same process (> 1 means lfgcombat
is faster). Nothing here asserts a time: speed is reported, not tested.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from importlib.metadata import version

import d20
import icepool

import lfgcombat
from lfgcombat import dice
from lfgcombat.dice import odds

EXPRESSIONS = ["1d20+5", "2d6+3", "1d8+2+1d6", "3d8+6-1", "4d12", "1d20+12-1d4", "10d6"]
PMF_EXPRESSIONS = ["1d20+5", "2d6+3", "1d8+2+1d6", "3d8+6-1", "10d10", "20d6", "5d20+2d12"]


from _timing import best_of


def fresh_expressions(n: int) -> list[str]:
    rng = random.Random(1)
    return [f"{rng.randint(1, 9)}d{rng.choice([4, 6, 8, 10, 12, 20])}+{rng.randint(0, 40)}"
            f"-{rng.randint(0, 9)}" for _ in range(n)]


def bench_roll() -> list[tuple[str, float, float]]:
    rows = []
    exprs = fresh_expressions(3000)

    def ours_fresh():
        dice._parse.cache_clear()
        roller = lfgcombat.Roller(seed=1)
        for e in exprs:
            roller.roll(e)

    def d20_fresh():
        random.seed(1)
        for e in exprs:
            d20.roll(e)

    rows.append(("3,000 distinct expressions", best_of(ours_fresh), best_of(d20_fresh)))
    for e in EXPRESSIONS:
        n = 3000

        def ours(e=e):
            roller = lfgcombat.Roller(seed=1)
            for _ in range(n):
                roller.roll(e)

        def theirs(e=e):
            random.seed(1)
            for _ in range(n):
                d20.roll(e)

        rows.append((f"{e} x{n:,}", best_of(ours), best_of(theirs)))
    return rows


def icepool_die(text: str):
    total = icepool.Die([0])
    for t in dice.parse(text).terms:
        if isinstance(t, dice.Dice):
            term = t.count @ icepool.d(t.sides)
            total = total + term if t.sign > 0 else total - term
        else:
            total = total + t.value
    return total


def bench_pmf() -> list[tuple[str, float, float]]:
    rows = []
    for e in PMF_EXPRESSIONS:
        for fortune in (None, "fortunate"):
            def ours(e=e, fortune=fortune):
                odds._cached.cache_clear()
                dice._parse.cache_clear()
                odds.pmf(e, fortune)

            def ours_exact(e=e, fortune=fortune):
                odds._cached.cache_clear()
                dice._parse.cache_clear()
                odds.pmf(e, fortune, exact=True)

            def theirs(e=e, fortune=fortune):
                die = icepool_die(e)
                if fortune:
                    die = icepool.highest(die, die)
                list(die.items())

            label = e + (" fortunate" if fortune else "")
            base = best_of(theirs, 3)
            rows.append((label + " (float)", best_of(ours, 3), base))
            rows.append((label + " (exact)", best_of(ours_exact, 3), base))
    return rows


def show(title: str, baseline: str, rows: list[tuple[str, float, float]]) -> None:
    print(f"\n{title}")
    print(f"  {'case':<34} {'lfgcombat':>11} {baseline:>11} {'ratio':>8}")
    ratios = []
    for label, ours, theirs in rows:
        ratio = theirs / ours
        ratios.append(ratio)
        print(f"  {label:<34} {ours * 1e3:>9.2f}ms {theirs * 1e3:>9.2f}ms {ratio:>7.2f}x")
    print(f"  geometric mean ratio ({baseline} time / lfgcombat time): "
          f"{statistics.geometric_mean(ratios):.2f}x")


def bench_cache() -> None:
    """The odds cache under many distinct large expressions (issue 11, bad input 3) and the
    exact-work refusal (bad input 4): memory held against the budget, the time a refused
    expression takes, and a cache hit against a miss."""
    odds._cached.cache_clear()
    start = time.perf_counter()
    for n in range(500, 520):
        odds.pmf(f"{n}d1000")
    filled = time.perf_counter() - start
    info = odds._cached.cache_info()
    print(f"\nodds cache after 20 distinct 5xxd1000 expressions ({filled:.1f}s): "
          f"{info['bytes'] / 2**20:.1f} MiB in {info['entries']} entries, budget "
          f"{info['max_bytes'] / 2**20:.0f} MiB (was: one entry per expression, up to 512)")
    miss = best_of(lambda: (odds._cached.cache_clear(), odds.pmf("300d1000")), 3)
    hit = best_of(lambda: odds.pmf("300d1000"), 3)
    print(f"  pmf('300d1000') cached {hit * 1e3:.2f}ms vs computed {miss * 1e3:.2f}ms: "
          f"{miss / hit:.0f}x")
    refused = best_of(lambda: _refuse("31d1000+31d1000"), 3)
    print(f"  pmf('31d1000+31d1000', exact=True) refused in {refused * 1e6:.0f}us "
          "(it ran > 300 s before the work limit counted combining terms)")


def _refuse(expr: str) -> None:
    try:
        odds.pmf(expr, exact=True)
    except lfgcombat.DiceError:
        return
    raise AssertionError(f"{expr} was not refused")


def main() -> int:
    print(f"lfgcombat {lfgcombat.__version__} | d20 {version('d20')} | icepool {version('icepool')}"
          f" | Python {sys.version.split()[0]}")
    show("parse + roll throughput (Roller.roll vs d20.roll)", "d20", bench_roll())
    show("exact distribution (pmf vs icepool)", "icepool", bench_pmf())
    start = time.perf_counter()
    odds._cached.cache_clear()
    odds.pmf("1000d1000")
    print(f"\nlargest legal expression, pmf('1000d1000'): {time.perf_counter() - start:.2f}s "
          "(icepool: not measured - recursion limit at 1000 dice)")
    bench_cache()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

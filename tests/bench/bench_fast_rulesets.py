"""GM prep's fast tier under classic and wounds (issue 25, item 4), ratios in one run.

On notebook 41's brawl (Wulfric and Chessan at level 5 against two orcs):

* fast tier against reference tier, fights a second on one core each (the same chunk
  code the runs use), and the ratio (target >= 300x), per ruleset the fast tier plays;
* 2,000 classic fights of the brawl end to end - ``simulate(..., ruleset="classic")``,
  the numbers built, the kernel loaded, result included - on this machine's cores
  (target < 5 s on 2 cores), after one run has compiled the kernel (numba's cache keeps
  it for later sessions; the first run of an install also compiles: printed too).

Run: ``.venv/bin/python tests/bench/bench_fast_rulesets.py [--quick]``.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _timing import best_of  # noqa: E402

from lfgcombat.creature import load_example  # noqa: E402
from lfgcombat.prep import simulate  # noqa: E402
from lfgcombat.prep.run import prepare_run, run_chunk  # noqa: E402
from lfgcombat.prep.spec import fast_tier_plays  # noqa: E402
from lfgcombat.rulesets import Ruleset  # noqa: E402


def brawl41() -> dict:
    """Notebook 41's brawl: two heroes written for every ruleset against two orcs."""
    fields = {"wulfric": dict(bab=5, prowess=3, good_saves=["fort", "will"]),
              "chessan": dict(bab=3, prowess=1, good_saves=["fort", "will"])}
    heroes = [load_example(n).replace(level=5, **f) for n, f in fields.items()]
    orc = load_example("orc").replace(bab=3, prowess=1, good_saves=["fort", "ref"])
    return {"party": heroes, "orcs": [orc.replace(name=f"Orc {i}") for i in (1, 2)]}


def bench_tiers(ruleset: str, n_ref: int, n_fast: int) -> None:
    scenario, spec = prepare_run(brawl41(), ruleset, "weakest")
    if not fast_tier_plays(Ruleset(ruleset)):
        print(f"  {ruleset}: the fast tier does not play it yet (reference tier only)")
        return
    start = time.perf_counter()
    run_chunk("fast", scenario, spec, 1, 0, 0, 10, 10)  # compile / load the kernel
    load = time.perf_counter() - start
    ref = best_of(lambda: run_chunk("reference", scenario, spec, 1, 0, 0, n_ref, n_ref), 1)
    fast = best_of(lambda: run_chunk("fast", scenario, spec, 1, 0, 0, n_fast, n_fast), 3)
    print(f"  {ruleset:8s} reference tier: {n_ref / ref:8.1f} fights/s   fast tier: "
          f"{n_fast / fast:10.0f} fights/s   ratio {ref / n_ref / (fast / n_fast):8.0f}x   "
          f"(target >= 300x; kernel compiled or loaded in {load:.1f} s)")


def bench_classic_run(n: int) -> None:
    sides = brawl41()
    simulate(sides, 10, ruleset="classic", seed=0, progress=False)  # the kernel compiled
    seconds = best_of(lambda: simulate(sides, n, ruleset="classic", seed=1,
                                       progress=False), 3)
    print(f"  {n:,} classic fights of the brawl, end to end: {seconds:.2f} s on "
          f"{os.cpu_count()} cores   (target < 5 s on 2 cores)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer fights")
    args = parser.parse_args()
    n_ref, n_fast = (10, 20_000) if args.quick else (40, 100_000)
    print("GM prep, classic and wounds on the fast tier (notebook 41's brawl):")
    for ruleset in ("classic", "wounds"):
        bench_tiers(ruleset, n_ref, n_fast)
    bench_classic_run(2_000)


if __name__ == "__main__":
    main()

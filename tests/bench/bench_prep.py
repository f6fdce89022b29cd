"""GM prep speed (issue 12), ratios measured in the same run.

* fast tier vs reference tier on the same fights (the orc ambush of notebook 20): fights a
  second, and the ratio (target >= 300x);
* the fast tier with Perfect Critical on (a fight it injures handed to the reference tier)
  against it off and against the reference tier;
* the reference tier with ``backend=None`` (a process pool on every core) against one
  process, the same fights;
* a 10,000-fight report (simulate + summary + per_creature) of a 4-vs-5 fight (the party
  against the shaman and 4 orcs) on one core, the kernel compiled (target <= 1 s);
* per attack: the fast tier's compiled attack (d20, confirmation, damage after DR) against
  the ``d20`` library rolling attack, confirmation and damage in a Python loop with the same
  numbers (target >= 100x);
* a sweep of 100 points x 10,000 fights, in this process vs on a Dask LocalCluster of 2
  worker processes: wall times (``--quick``: 10 points x 2,000 fights);
* replaying a fight exactly as an encounter (``result.replay(i)``): a fast-tier fight (trace,
  dice, the encounter played) against a reference-tier fight (the encounter played again);
* the fast tier end to end (issue 25): ``simulate`` of a 1-against-1 duel of 200,000 fights,
  result included, per attack against the ``d20`` library's attack-and-damage loop
  (target >= 100x);
* "chances from here" (issue 25): ``simulate`` of notebook 20's fight in round 3, 2,000
  fights (target < 3 s on 2 cores) on the open field, ``compare`` of two tactics from
  there (the fast tier too), and on its map (the reference tier);
* tactics by exact odds (issue 25, item 2) against the first-weapon tactics, per fight, the
  same fights: the default (``weapon="best"``: the best weapon chosen once per run) on the
  fast tier and on the reference tier, and the turn choices (``brutal``, ``cautious``) on
  the reference tier, the only one that plays them (target <= 3x).

Run: ``.venv/bin/python tests/bench/bench_prep.py [--quick] [--only tactics|here|duel]``.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from importlib.metadata import version
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _timing import best_of, d20_attacks  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from prep.from_here_helpers import notebook20_round_three  # noqa: E402

from lfgcombat.creature import load_example  # noqa: E402
from lfgcombat.prep import NUMBA_ACTIVE, simulate, sweep  # noqa: E402
from lfgcombat.prep.kernel import fight_states, sample_attacks  # noqa: E402
from lfgcombat.prep.run import fight_words, prepare_run, run_chunk  # noqa: E402

PARTY = ("wulfric", "chessan", "mayat", "sokaris")


def ambush(orcs: int = 3, level: int | None = None) -> dict:
    party = [load_example(n) if level is None else load_example(n).replace(level=level)
             for n in PARTY]
    return {"party": party, "orcs": [load_example("orc_shaman")] + [
        load_example("orc").replace(name=f"Orc {i}") for i in range(1, orcs + 1)]}


def bench_tiers(n_ref: int, n_fast: int) -> None:
    scenario, spec = prepare_run(ambush(), "lfg", "weakest")
    run_chunk("fast", scenario, spec, 1, 0, 0, 10, 10)  # compile / load the kernel
    ref = best_of(lambda: run_chunk("reference", scenario, spec, 1, 0, 0, n_ref, n_ref), 1)
    fast = best_of(lambda: run_chunk("fast", scenario, spec, 1, 0, 0, n_fast, n_fast), 3)
    print(f"  reference tier: {n_ref / ref:10.1f} fights/s   fast tier: {n_fast / fast:10.0f} "
          f"fights/s   ratio {ref / n_ref / (fast / n_fast):8.0f}x   (target >= 300x)")


def bench_perfect_critical(n_fast: int, n_ref: int) -> None:
    """The fast tier with Perfect Critical on (the fights a Perfect Critical injures are
    handed to the reference tier) against it off and against the reference tier, one
    process, the same fights."""
    from lfgcombat import Ruleset
    sides = ambush()
    rates = {}
    for label, rs, tier, n in (("off", "lfg", "fast", n_fast),
                               ("on", Ruleset("lfg", perfect_critical=True), "fast", n_fast),
                               ("ref", Ruleset("lfg", perfect_critical=True), "reference",
                                n_ref)):
        scenario, spec = prepare_run(sides, rs, "weakest")
        run_chunk(tier, scenario, spec, 1, 0, 0, 10, 10)
        out: dict = {}
        t = best_of(lambda: out.update(run_chunk(tier, scenario, spec, 1, 0, 0, n, n)), 1)
        rates[label] = n / t
        if label == "on":
            handed = int(out["handed_over"].sum())
    print(f"  Perfect Critical off {rates['off']:9.0f} fights/s   on {rates['on']:7.0f} "
          f"fights/s ({handed} of {n_fast} handed over)   reference tier {rates['ref']:5.1f} "
          f"fights/s   on/reference {rates['on'] / rates['ref']:5.1f}x")


def bench_reference_cores(n: int) -> None:
    """The reference tier with ``backend=None`` (a process pool over every core) against
    one process, the same fights."""
    from lfgcombat.prep import run as prep_run
    sides = ambush()
    start = time.perf_counter()
    pooled = simulate(sides, n, seed=3, tier="reference", progress=False)
    t_pool = time.perf_counter() - start
    cores = prep_run.os.cpu_count
    prep_run.os.cpu_count = lambda: 1
    try:
        start = time.perf_counter()
        alone = simulate(sides, n, seed=3, tier="reference", progress=False)
        t_one = time.perf_counter() - start
    finally:
        prep_run.os.cpu_count = cores
    same = all(np.array_equal(getattr(pooled, k), getattr(alone, k))
               for k in ("winner", "rounds", "hp", "dead", "felled", "dealt"))
    print(f"  reference tier, {n} fights: backend=None {t_pool:6.1f} s ({os.cpu_count()} "
          f"cores)   one process {t_one:6.1f} s   ratio {t_one / t_pool:4.2f}x   "
          f"identical: {same}")


def bench_report(n: int) -> None:
    sides = ambush(orcs=4, level=5)

    def report():
        r = simulate(sides, n, seed=1, progress=False)
        r.summary()
        r.per_creature()
    report()  # warm: the kernel compiled (or loaded from numba's cache) once per process
    t = best_of(report, 3)
    cpu = []
    for _ in range(3):
        start = time.process_time()
        report()
        cpu.append(time.process_time() - start)
    print(f"  {n:,} fights, 4 vs 5, report: wall {t:6.3f} s, CPU {min(cpu):6.3f} s on one core "
          f"(target <= 1 s; {n / min(cpu):,.0f} fights/s of CPU, setup from the engine "
          "included)")


def bench_attack(n_fast: int, n_d20: int) -> None:
    sides = {"a": [load_example("wulfric")], "b": [load_example("ogre")]}
    _, spec = prepare_run(sides, "lfg", "weakest")
    b, ac, cac = int(spec.bonus[0, 1, 0]), int(spec.ac[0, 1]), int(spec.confirm_ac[0, 1])
    threat = int(spec.threat[0])
    st = fight_states(fight_words(1, 0, 0, 1))[0].copy()
    out = np.zeros(n_fast, np.int64)

    def ours():
        sample_attacks(st, n_fast, b, ac, cac, threat, 0, spec.dmg_values, spec.dmg_cdf,
                       spec.dmg_len, 0, 1, out)
    ours()

    def theirs():  # the same attack with d20: longsword 1d8+3, 19-20/x2, DR 0
        d20_attacks(n_d20, b, ac, cac, threat)
    t_ours = best_of(ours, 3) / n_fast
    t_theirs = best_of(theirs, 3) / n_d20
    print(f"  per attack: fast tier {t_ours * 1e9:7.1f} ns   d20 {t_theirs * 1e6:7.1f} us   "
          f"ratio {t_theirs / t_ours:8.0f}x   (target >= 100x)")


def bench_duel_end_to_end(n: int, n_d20: int) -> None:
    """``simulate`` of a 1-against-1 duel (Wulfric against the ogre, the longsword of
    :func:`bench_attack`) of ``n`` fights, result included (backend=None: every core),
    per attack against the ``d20`` library's attack-and-damage loop with the same
    numbers; the attacks a fight makes are counted by tracing its first 500 fights."""
    from lfgcombat.prep.kernel import trace_fight
    sides = {"a": [load_example("wulfric")], "b": [load_example("ogre")]}
    _, spec = prepare_run(sides, "lfg", "weakest")
    states = fight_states(fight_words(1, 0, 0, 500))
    attacks = float(np.mean([sum(1 for e in trace_fight(spec, s)[1] if e[0] == "attack_d20")
                             for s in states]))
    simulate(sides, 1000, seed=1, progress=False)  # the kernel compiled or loaded
    t_sim = best_of(lambda: simulate(sides, n, seed=1, progress=False), 3)
    b, ac, cac = int(spec.bonus[0, 1, 0]), int(spec.ac[0, 1]), int(spec.confirm_ac[0, 1])
    t_d20 = best_of(lambda: d20_attacks(n_d20, b, ac, cac, int(spec.threat[0])), 3) / n_d20
    per_attack = t_sim / (n * attacks)
    print(f"  simulate of a duel, {n:,} fights ({attacks:.1f} attacks a fight), result "
          f"included: {t_sim:6.3f} s = {per_attack * 1e9:6.1f} ns an attack   d20 "
          f"{t_d20 * 1e6:6.1f} us   ratio {t_d20 / per_attack:6.0f}x   (target >= 100x)")
    cpu = []  # CPU seconds of every thread: the same ratio per core, whatever the load
    for _ in range(3):
        start = time.process_time()
        simulate(sides, n, seed=1, progress=False)
        cpu.append(time.process_time() - start)
    start = time.process_time()
    d20_attacks(n_d20, b, ac, cac, int(spec.threat[0]))
    cpu_d20 = (time.process_time() - start) / n_d20
    cpu_attack = min(cpu) / (n * attacks)
    print(f"  the same in CPU time (one core's worth): {cpu_attack * 1e9:6.1f} ns an attack   "
          f"d20 {cpu_d20 * 1e6:6.1f} us   ratio {cpu_d20 / cpu_attack:6.0f}x per core")


def bench_from_here(n: int) -> None:
    """"Chances from here" on notebook 20's fight in round 3 (target: 2,000 fights under
    3 s on 2 cores): the open-field fight on the fast tier, and the fight on its map,
    which the reference tier plays (the note says why), in fights a second."""
    enc = notebook20_round_three()
    simulate(enc, 10, seed=1, progress=False)  # the kernel compiled or loaded
    r = simulate(enc, n, seed=1, progress=False)
    t = best_of(lambda: simulate(enc, n, seed=1, progress=False), 3)
    print(f"  notebook 20 in round 3 ({r.scenario.start.where}), open field: {n:,} fights "
          f"on the {r.tier} tier in {t:5.2f} s, setup included   (target < 3 s on 2 cores)")
    from lfgcombat.prep import compare
    both = ["focus_fire", "spread_out"]
    c = compare(enc, n, tactics=both, seed=1, progress=False)
    t_cmp = best_of(lambda: compare(enc, n, tactics=both, seed=1, progress=False), 3)
    print(f"  compare of {len(both)} tactics from there, open field: {n:,} fights each on the "
          f"{c.results[0].tier} tier in {t_cmp:5.2f} s, setup included")
    mapped = notebook20_round_three(on_map=True)
    m = 20
    t_map = best_of(lambda: simulate(mapped, m, seed=1, progress=False), 1)
    r_map = simulate(mapped, 2, seed=1, progress=False)
    why = next(x for x in r_map.notes if "cannot start" in x).split("stands: ", 1)[1]
    print(f"  on its map: the {r_map.tier} tier, {m / t_map:5.1f} fights/s ({n:,} fights: "
          f"~{n * t_map / m:4.0f} s); the fast tier refuses it: {why}")


#: The sweep's points and fights a point: full and ``--quick`` (a run keeps every fight,
#: within prep's cap of results: ``tests/test_bench_sizes.py``).
SWEEP, SWEEP_QUICK = (100, 5_000), (10, 2_000)


def sweep_grid(points: int) -> dict[str, list[int]]:
    """The sweep's grid of ``points`` points: 1 to 10 orcs (and the shaman) against the
    party, at levels 1, 2, ... (level 5 under 10 points)."""
    orcs = list(range(1, 11))
    levels = list(range(1, points // len(orcs) + 1)) if points >= 10 else [5]
    return {"orcs": orcs[:points] if points < 10 else orcs, "level": levels}


def bench_sweep(points: int, n: int) -> None:
    grid = sweep_grid(points)

    def build(orcs, level):
        return ambush(orcs, level)
    total = len(grid["orcs"]) * len(grid["level"])
    start = time.perf_counter()
    local = sweep(grid, build, n, seed=1, progress=False)
    t_local = time.perf_counter() - start
    from distributed import Client, LocalCluster
    with LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        client.run(lambda: simulate(ambush(), 10, seed=1, progress=False))  # warm workers
        start = time.perf_counter()
        remote = sweep(grid, build, n, seed=1, backend=client, progress=False)
        t_dask = time.perf_counter() - start
    same = local.frame.equals(remote.frame)
    print(f"  sweep {total} points x {n:,} fights: local {t_local:6.1f} s   Dask LocalCluster "
          f"(2 workers) {t_dask:6.1f} s   ratio {t_local / t_dask:4.2f}x   identical: {same}")


def bench_replay(fights: int) -> None:
    fast = simulate(ambush(), 200, seed=1, progress=False)
    ref = simulate(ambush(), fights, seed=1, tier="reference", progress=False)
    picks = list(range(fights))
    t_fast = best_of(lambda: [fast.replay(i) for i in picks], 1) / fights
    t_ref = best_of(lambda: [ref.replay(i) for i in picks], 1) / fights
    print(f"  replay one fight of the orc ambush: fast tier {t_fast * 1e3:6.0f} ms   reference "
          f"tier {t_ref * 1e3:6.0f} ms   ratio {t_fast / t_ref:4.2f}x (the encounter dominates)")


def bench_tactics(n_ref: int, n_fast: int) -> None:
    from lfgcombat.prep import Tactics
    first = Tactics(weapon="first")
    for tier, n in (("fast", n_fast), ("reference", n_ref)):
        runs = {}
        for name, tac in (("first weapon", first), ("default (best)", Tactics()),
                          ("brutal", "brutal"), ("cautious", "cautious")):
            if tier == "fast" and name in ("brutal", "cautious"):
                continue  # the reference tier alone plays turn choices
            scenario, spec = prepare_run(ambush(), "lfg", tac)
            if tier == "fast":
                run_chunk("fast", scenario, spec, 1, 0, 0, 10, 10)  # compile / load
            run_chunk(tier, scenario, spec, 1, 0, 0, 2, 2)  # warm the odds' cache
            runs[name] = best_of(lambda: run_chunk(tier, scenario, spec, 1, 0, 0, n, n),
                                 3 if tier == "fast" else 1) / n
        base = runs["first weapon"]
        print(f"  {tier} tier, {n} fights: " + "   ".join(
            f"{k} {v * 1e3:8.3f} ms/fight ({v / base:4.2f}x)" for k, v in runs.items())
              + "   (target <= 3x)")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="smaller runs (a smoke test)")
    ap.add_argument("--only", choices=["tactics", "here", "duel"],
                    help="run one benchmark only")
    args = ap.parse_args()
    q = args.quick
    if args.only == "tactics":
        print("\ntactics by exact odds vs the first weapon, per fight (one process)")
        bench_tactics(10 if q else 60, 5_000 if q else 50_000)
        return 0
    if args.only == "here":
        print("\nchances from here: notebook 20's fight in round 3")
        bench_from_here(2_000)
        return 0
    if args.only == "duel":
        print("\nthe fast tier end to end: simulate of a duel, per attack, vs the d20 library")
        bench_duel_end_to_end(20_000 if q else 200_000, 2_000 if q else 20_000)
        return 0
    print(f"lfgcombat.prep | numba {'on' if NUMBA_ACTIVE else 'off'} | d20 {version('d20')} | "
          f"Python {sys.version.split()[0]} | {os.cpu_count()} CPUs")
    print("\nfast vs reference tier, the orc ambush (4 vs 4), same fights")
    bench_tiers(4 if q else 20, 5_000 if q else 50_000)
    print("\nPerfect Critical's injuries handed to the reference tier (one process)")
    bench_perfect_critical(1_000 if q else 5_000, 10 if q else 40)
    print("\nthe reference tier on every core (backend=None) vs one process")
    bench_reference_cores(40 if q else 200)
    print("\na 10,000-fight report")
    bench_report(10_000)
    print("\nper attack, fast tier vs the d20 library")
    bench_attack(200_000 if q else 2_000_000, 2_000 if q else 20_000)
    print("\nthe fast tier end to end: simulate of a duel, per attack, vs the d20 library")
    bench_duel_end_to_end(20_000 if q else 200_000, 2_000 if q else 20_000)
    print("\nchances from here: notebook 20's fight in round 3")
    bench_from_here(2_000)
    print("\nsweep, local vs Dask")
    bench_sweep(*(SWEEP_QUICK if q else SWEEP))
    print("\nreplaying a fight exactly")
    bench_replay(4 if q else 20)
    print("\ntactics by exact odds vs the first weapon, per fight (one process)")
    bench_tactics(10 if q else 60, 5_000 if q else 50_000)
    return 0


if __name__ == "__main__":
    sys.exit(main())

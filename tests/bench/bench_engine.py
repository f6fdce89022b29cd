"""`make bench`: the engine's speed against commit a144a90 (issue 24, item 6 "Fast").

Issue 24's "Bench" targets, each measured in this one run and printed with its target:

* **reference-tier fights per second** on the orc ambush of notebook 20 (4 against 4),
  under ``lfg``, ``classic`` and ``wounds`` (the creatures carry the fields classic and
  wounds need, as notebook 32 writes them): today's engine against a144a90's, target
  **>= 10x**;
* **one** ``Encounter.attack`` command (the median of many: Wulfric's longsword against an
  ogre too tough to fall, in one fight under way, no map) against the ``d20`` library rolling the same attack, confirmation and damage in a Python
  loop (as ``bench_attacks.py`` does): target **within 10x** (ours / d20 <= 10);
* **loading a 2,000-event save** (the seeded skirmish of ``bench_encounter.py``) and the
  ``state()`` of every combatant: today against a144a90, target **>= 5x**;
* **undo at 2,000 events** (the slowest of ``undo()``, ``undo(3)`` and the undo that
  replays the most events after a checkpoint): target **under 5 ms**;
* and issue 25's (item 4, "Maps"): the reference tier playing the orc ambush **on a map**,
  4 against 4, on two processes: target **>= 100 fights/s** (wall clock).

The baseline: ``git archive a144a90`` is unpacked into a temporary folder, and each
comparison runs the same script in two subprocesses, one importing that engine and one
today's, interleaved round by round; the best CPU time (``time.process_time``, so other
work on a shared machine counts for little) of each side is kept. Without git or the
repository's history the comparisons against a144a90 say so and are skipped.

Nothing here asserts a time: speed is reported, not tested. Run:
``.venv/bin/python tests/bench/bench_engine.py [--quick]`` (``--quick``: fewer fights and
rounds; a few minutes on 2 cores without it).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path


sys.path.insert(0, str(Path(__file__).resolve().parent))
from _timing import d20_attacks, engine_at  # noqa: E402
from bench_encounter import long_fight  # noqa: E402

from lfgcombat import Encounter  # noqa: E402
from lfgcombat.creature import load_example  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
BASELINE = "a144a90"  # issue 24: "Why (measured on a144a90 ...)"
RULESETS = ("lfg", "classic", "wounds")
TARGET_FIGHTS = 10.0  # >= 10x a144a90's fights per second
TARGET_ATTACK = 10.0  # one Encounter.attack within 10x of the d20 loop
TARGET_LOAD = 5.0  # >= 5x a144a90's load + state()
TARGET_UNDO_MS = 5.0  # undo at 2,000 events under 5 ms
TARGET_MAP_FIGHTS = 100.0  # issue 25, item 4: 4-against-4 map fights/s on two cores

#: The orc ambush of notebook 20 on a 12x6 field (the party on the west edge, the orcs on
#: the east), for the map bench (issue 25, item 4).
AMBUSH_MAP = """
name: the orc ambush, on the open ground of a 12x6 map
terrain: |
  . . . . . . . . . . . .
   . . . . . . . . . . . .
  . . . . . . . . . . . .
   . . . . . . . . . . . .
  . . . . . . . . . . . .
   . . . . . . . . . . . .
creatures:
  - {name: Wulfric, at: [1, 1], side: party}
  - {name: Chessan, at: [1, 2], side: party}
  - {name: Mayat, at: [0, 3], side: party}
  - {name: Sokaris, at: [0, 4], side: party}
  - {name: Orc Shaman, at: [10, 1], side: orcs}
  - {name: Orc 1, at: [8, 2], side: orcs}
  - {name: Orc 2, at: [8, 3], side: orcs}
  - {name: Orc 3, at: [9, 4], side: orcs}
"""

#: The subprocess' common part: the orc ambush of notebook 20, the creatures written for
#: all three rulesets (notebook 32's fields), and a CPU-time helper.
_COMMON = """
import sys, time, warnings
warnings.simplefilter("ignore")
from lfgcombat.creature import load_example
FIELDS = {"wulfric": dict(bab=5, prowess=3, good_saves=["fort", "will"]),
          "chessan": dict(bab=3, prowess=1, good_saves=["fort", "will"]),
          "mayat": dict(bab=5, prowess=3, good_saves=["fort", "ref"]),
          "sokaris": dict(bab=3, prowess=2, good_saves=["ref", "will"]),
          "orc": dict(bab=3, prowess=1, good_saves=["fort", "ref"]),
          "orc_shaman": dict(bab=6, prowess=2, good_saves=["fort", "will"])}
def written(n, **k):
    return load_example(n).replace(**FIELDS[n], **k)
def ambush():
    return {"party": [written(n) for n in ("wulfric", "chessan", "mayat", "sokaris")],
            "orcs": [written("orc_shaman")] + [written("orc", name=f"Orc {i}")
                                               for i in (1, 2, 3)]}
def cpu(job, repeats):
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        job()
        best = min(best, time.process_time() - start)
    return best
"""

#: argv: ruleset, fights. Prints the CPU seconds of the fights (one process) and a digest
#: of their outcomes (both engines must play the same fights).
_FIGHTS = _COMMON + """
import hashlib
from lfgcombat.prep.run import prepare_run, run_chunk
ruleset, n = sys.argv[1], int(sys.argv[2])
scenario, spec = prepare_run(ambush(), ruleset, "weakest")
run_chunk("reference", scenario, spec, 1, 0, 0, 1, 1)  # warm: tables read
out = {}
t = cpu(lambda: out.update(run_chunk("reference", scenario, spec, 1, 0, 0, n, n)), 1)
digest = [out[k].tolist() for k in ("winner", "rounds", "hp", "dead", "felled", "dealt")]
print(t, hashlib.sha1(repr(digest).encode()).hexdigest()[:12])
"""

#: argv: the save file. Prints the CPU seconds of the best load + state() of everyone.
_LOAD = _COMMON + """
from lfgcombat import Encounter
path = sys.argv[1]
def job():
    enc = Encounter.load(path)
    for n in enc.names:
        enc.state(n)
job()  # warm
print(cpu(job, 3), 0)
"""


def _baseline(into: Path) -> Path | None:
    """Unpack the engine of commit :data:`BASELINE` into ``into`` (None without git)."""
    return engine_at(BASELINE, into)


def _run(pythonpath: Path, script: str, *args: str) -> tuple[float, str]:
    env = {**os.environ, "PYTHONPATH": str(pythonpath)}
    out = subprocess.run([sys.executable, "-c", script, *args], capture_output=True,
                         text=True, env=env, cwd=tempfile.gettempdir())
    if out.returncode != 0:
        raise RuntimeError(f"the timing subprocess failed:\n{out.stderr[-2000:]}")
    t, digest = out.stdout.split()[-2:]
    return float(t), digest


def _compare(old: Path, rounds: int, script: str, *args: str) -> tuple[float, float, bool]:
    """(best baseline CPU s, best today CPU s, same digest), runs interleaved."""
    before, today, digests = [], [], set()
    for _ in range(rounds):
        t, d = _run(old, script, *args)
        before.append(t)
        digests.add(d)
        t, d = _run(REPO, script, *args)
        today.append(t)
        digests.add(d)
    return min(before), min(today), len(digests) == 1


def verdict(ratio: float, target: float, *, at_most: bool = False) -> str:
    """``ratio R (target >= T: met)``; ``at_most``: the ratio must not exceed the target."""
    met = ratio <= target if at_most else ratio >= target
    return (f"ratio {ratio:7.2f}x  (target {'<=' if at_most else '>='} {target:g}x: "
            f"{'met' if met else 'NOT met'})")


def bench_fights(old: Path | None, n: int, rounds: int) -> None:
    print(f"reference-tier fights, the orc ambush (4 vs 4), {n} fights, one process "
          f"(CPU time, best of {rounds})")
    for rs in RULESETS:
        if old is None:
            t, _ = _run(REPO, _FIGHTS, rs, str(n))
            print(f"  {rs:8s} today {n / t:8.1f} fights/s   ({BASELINE}: skipped, needs git "
                  "and the repository's history)")
            continue
        b, t, same = _compare(old, rounds, _FIGHTS, rs, str(n))
        print(f"  {rs:8s} {BASELINE} {n / b:7.1f} fights/s   today {n / t:7.1f} fights/s   "
              f"{verdict(b / t, TARGET_FIGHTS)}   same fights: {same}")


def _attacks(n: int) -> list[float]:
    """The CPU seconds of each of ``n`` ``Encounter.attack`` commands in one fight:
    Wulfric's longsword against an ogre too tough to fall (max_hp 100,000), every turn
    of his; the ogre's turns are passed."""
    enc = Encounter([load_example("wulfric"), load_example("ogre").replace(max_hp=100_000)],
                    sides={"party": ["Wulfric"], "foes": ["Ogre"]}, seed=1).start()
    times: list[float] = []
    while len(times) < n:
        if "Wulfric" in enc.acting and enc.actions_left("Wulfric").attacks > 0:
            start = time.process_time()
            enc.attack("Wulfric", "Ogre", "longsword")
            times.append(time.process_time() - start)
        else:
            choices = enc.choices()
            enc.end_turn(next=choices[0] if choices else None)
    return times


def bench_attack(n: int) -> None:
    """One ``Encounter.attack`` in a fight under way against the d20 library's loop for the
    same attack (longsword 1d8+3, 19-20/x2, the same bonus and ACs)."""
    probe = Encounter([load_example("wulfric"), load_example("ogre")],
                      sides={"party": ["Wulfric"], "foes": ["Ogre"]}, seed=1)
    from lfgcombat.rules.attacks import prepare
    setup = prepare(probe.creature("Wulfric"), probe.creature("Ogre"), "longsword")
    b, ac, cac = setup.bonus.value, setup.ac.value, setup.confirm_ac.value
    threat = setup.weapon.threat
    _attacks(5)  # warm: tables read
    t_ours = sorted(_attacks(n))[n // 2]  # the median attack

    def theirs() -> None:
        d20_attacks(n * 10, b, ac, cac, threat)
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        theirs()
        best = min(best, time.process_time() - start)
    t_d20 = best / (n * 10)
    print(f"one Encounter.attack (the median of {n} in one fight, CPU) vs the d20 library's "
          "attack-and-damage loop")
    print(f"  Encounter.attack {t_ours * 1e6:8.1f} us   d20 {t_d20 * 1e6:6.1f} us   "
          f"{verdict(t_ours / t_d20, TARGET_ATTACK, at_most=True)}")


def bench_load(old: Path | None, path: Path, events: int, rounds: int) -> None:
    print(f"load of a {events:,}-event save + state() of every combatant (CPU, best of "
          f"{rounds} rounds of 3)")
    if old is None:
        t, _ = _run(REPO, _LOAD, str(path))
        print(f"  today {t * 1e3:8.1f} ms   ({BASELINE}: skipped)")
        return
    b, t, _ = _compare(old, rounds, _LOAD, str(path))
    print(f"  {BASELINE} {b * 1e3:8.1f} ms   today {t * 1e3:8.1f} ms   "
          f"{verdict(b / t, TARGET_LOAD)}")


def _undo_cpu(enc: Encounter, steps: int, repeats: int = 5) -> float:
    best = float("inf")
    for _ in range(repeats):
        f = enc.fork()
        start = time.process_time()
        f.undo(steps)
        best = min(best, time.process_time() - start)
    return best


def bench_undo(enc: Encounter) -> None:
    events = len(enc.log)
    commands = [e.seq for e in enc.log if e.command]
    cps = enc._checkpoints
    below = max(s for s in commands if s < cps[-1].events) if cps else commands[0]
    far = sum(1 for s in commands if s >= below)  # the cut falls just before a checkpoint
    worst = max(_undo_cpu(enc, k) for k in (1, 3, far))
    met = worst * 1e3 < TARGET_UNDO_MS
    print(f"undo at {events:,} events (the slowest of undo(), undo(3), undo({far}); CPU)")
    print(f"  {worst * 1e3:6.2f} ms   (target < {TARGET_UNDO_MS:g} ms: "
          f"{'met' if met else 'NOT met'})")


def bench_map_fights(n: int) -> None:
    """Issue 25, item 4: the reference tier playing the orc ambush on a map, 4 against 4,
    on two processes (``simulate``'s local pool; wall-clock time, pool start included,
    after a first small run has read the tables and compiled what this process compiles
    once: about a second that a GM pays once a session, not once a run)."""
    from lfgcombat import HexMap
    from lfgcombat.prep import simulate
    from lfgcombat.prep import run as prep_run
    ns: dict = {}
    exec(_COMMON, ns)  # the ambush's creatures, written for every ruleset
    sides = ns["ambush"]()
    board = HexMap.from_text(AMBUSH_MAP, creatures=[c for s in sides.values() for c in s])
    real = prep_run.os.cpu_count
    prep_run.os.cpu_count = lambda: 2  # type: ignore[assignment] - two cores, as asked
    try:
        simulate(sides, 4, seed=4, tier="reference", map=board, chunk_size=2, progress=False)
        start = time.perf_counter()
        simulate(sides, n, seed=5, tier="reference", map=board, chunk_size=n // 2,
                 progress=False)
        wall = time.perf_counter() - start
    finally:
        prep_run.os.cpu_count = real  # type: ignore[assignment]
    rate = n / wall
    print(f"reference-tier map fights, the orc ambush on a 12x6 map (4 vs 4), {n} fights "
          "on two processes (wall clock)")
    print(f"  {rate:7.1f} fights/s   (target >= {TARGET_MAP_FIGHTS:g}/s on two cores: "
          f"{'met' if rate >= TARGET_MAP_FIGHTS else 'NOT met'})")
    on_map, open_field = (_cpu_per_fight(sides, max(4, n // 12), m)
                          for m in (AMBUSH_MAP, None))
    print(f"  one process, CPU: {on_map * 1e3:.1f} ms a fight on the map, {open_field * 1e3:.1f} "
          f"ms the same fight with no map ({on_map / open_field:.2f}x); "
          f"{TARGET_MAP_FIGHTS:g}/s on two cores needs <= {2e3 / TARGET_MAP_FIGHTS:.0f} ms")


def _cpu_per_fight(sides: dict, n: int, map_text: str | None) -> float:
    """CPU seconds a reference-tier fight of ``sides`` costs in this process, on the map
    ``map_text`` or with none (the best of 3 chunks of ``n`` fights; the load of other
    processes does not count, unlike the wall clock above)."""
    from lfgcombat.prep.run import prepare_run, run_chunk
    scenario, spec = prepare_run(sides, "lfg", "weakest")
    run_chunk("reference", scenario, spec, 1, 0, 0, 1, 1, map_text)  # warm: tables read
    best = float("inf")
    for chunk in range(3):
        start = time.process_time()
        run_chunk("reference", scenario, spec, 1, 0, chunk, n, n, map_text)
        best = min(best, (time.process_time() - start) / n)
    return best


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer fights and rounds")
    args = ap.parse_args()
    warnings.simplefilter("ignore")
    n, rounds = (4, 1) if args.quick else (12, 3)
    print(f"bench_engine: today's engine against {BASELINE} (issue 24, item 6); Python "
          f"{sys.version.split()[0]}, {os.cpu_count()} CPUs; ratios from this one run")
    enc = long_fight()
    with tempfile.TemporaryDirectory() as tmp:
        old = _baseline(Path(tmp) / "base")
        bench_fights(old, n, rounds)
        bench_attack(30 if args.quick else 200)
        path = Path(tmp) / "long.jsonl"
        enc.save(path)
        bench_load(old, path, len(enc.log), rounds)
    bench_undo(enc)
    bench_map_fights(24 if args.quick else 240)
    return 0


if __name__ == "__main__":
    sys.exit(main())

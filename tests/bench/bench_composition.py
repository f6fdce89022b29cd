"""`make bench`: what a replay costs today, against the engine before the split and against
the rule classes combined by inheritance.

Issue 10's target: "make bench's encounter replay within 10% of today's", "today" being
commit a93b42b, the engine before it was split into rule modules. Two baselines, measured
in this same run, in CPU time (``time.process_time``, so other work on the machine counts
for little), runs of the two sides interleaved and the best of several kept:

1. **The engine before the split.** ``git archive a93b42b`` is unpacked into a temporary
   folder and loads the golden fights that engine wrote (``melee-1``, ``melee-2``: every
   command re-run, every effect compared), in a subprocess; today's engine loads the same
   files in a subprocess of its own. Today's engine plays more rules in every step (the
   close fight, flight, the rulesets' hooks): the ratio counts them too. Needs git and the
   repository's history (a clone has it); without them this part says so and is skipped.
2. **The same rule classes combined by inheritance** (each rule's methods running on the
   whole encounter, as before the rule objects): what the composition itself costs
   (:mod:`lfgcombat.encounter.composition`), on the golden fights of today's format.

Ratios are baseline time / today's time (> 1: today is faster; 0.90 is 10% slower).
Nothing here asserts a time: speed is reported, not tested.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _timing import engine_at  # noqa: E402

from lfgcombat import Encounter  # noqa: E402
from lfgcombat.encounter import core  # noqa: E402
from lfgcombat.encounter.composition import _DELEGATES  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
GOLDEN = REPO / "tests" / "golden"
BEFORE = "a93b42b"  # issue 10: "Measured at commit a93b42b"
OLD_FIGHTS = ("melee-1", "melee-2")  # written by that engine (the split's safety net)
TODAYS_FIGHTS = ("melee-1", "melee-2", "melee-3", "gm-edits", "parley-v2")
#: Issue 10, "Targets": the replay within 10% of the engine before the change.
TARGET_RATIO = 0.90
ROUNDS = 5

#: Run in a subprocess: the CPU seconds of the best of ``repeats`` loads of the files.
_TIMER = """
import sys, time, warnings
warnings.simplefilter("ignore")
from lfgcombat import Encounter
paths, repeats = sys.argv[2:], int(sys.argv[1])
for p in paths:
    Encounter.load(p)  # warm: tables read, caches filled
best = float("inf")
for _ in range(repeats):
    start = time.process_time()
    for p in paths:
        Encounter.load(p)
    best = min(best, time.process_time() - start)
print(best)
"""


def _old_engine(into: Path) -> Path | None:
    """Unpack the engine of commit :data:`BEFORE` into ``into`` (None without git)."""
    return engine_at(BEFORE, into)


def _time_in(pythonpath: Path, paths: list[Path], repeats: int = 3) -> float:
    env = {**os.environ, "PYTHONPATH": str(pythonpath)}
    out = subprocess.run([sys.executable, "-c", _TIMER, str(repeats), *map(str, paths)],
                         capture_output=True, text=True, env=env, cwd=tempfile.gettempdir(),
                         check=True)
    return float(out.stdout.split()[-1])


def _verdict(ratio: float) -> str:
    return f"ratio {ratio:5.2f}  ({'ok' if ratio >= TARGET_RATIO else 'MISS'}: target >= " \
           f"{TARGET_RATIO})"


def against_the_engine_before_the_split() -> None:
    paths = [GOLDEN / f"{s}.jsonl" for s in OLD_FIGHTS]
    with tempfile.TemporaryDirectory() as tmp:
        old = _old_engine(Path(tmp))
        if old is None:
            print(f"  before the split ({BEFORE}): skipped (needs git and the repository's "
                  "history)")
            return
        before, today = [], []
        for _ in range(ROUNDS):  # interleaved: both sides see the same machine
            before.append(_time_in(old, paths))
            today.append(_time_in(REPO, paths))
    b, t = min(before), min(today)
    print(f"  load {'+'.join(OLD_FIGHTS)} ({BEFORE} vs today)  before {b * 1e3:7.1f} ms CPU"
          f"   today {t * 1e3:7.1f} ms CPU   {_verdict(b / t)}")


def inherited_encounter() -> type:
    """The encounter combined as before the rule objects: the rule classes as its bases,
    so each rule's methods run on the whole encounter. The facade's own members are kept;
    what :func:`compose` added (delegators, the rules' class-level defaults) is left to the
    bases, and no rule objects are made."""
    added = {n for rule in Encounter._lfg_rules for n in vars(rule) if not n.startswith("__")}
    ns = {k: v for k, v in vars(Encounter).items()
          if k not in added and not hasattr(v, _DELEGATES)
          and k not in ("__dict__", "__weakref__")}
    ns["_lfg_rules"] = ()  # bind() makes no rule objects
    return type("InheritedEncounter", core.RULE_CLASSES, ns)


def _cpu(job) -> float:
    start = time.process_time()
    job()
    return time.process_time() - start


def against_inheritance() -> None:
    inherited = inherited_encounter()
    paths = [GOLDEN / f"{s}.jsonl" for s in TODAYS_FIGHTS if (GOLDEN / f"{s}.jsonl").exists()]
    for p in paths:  # the same fights replayed by each class: same events, same table
        a, b = Encounter.load(p), inherited.load(p)
        assert [e.to_json() for e in a.log] == [e.to_json() for e in b.log], p.stem
        assert a.table().equals(b.table()), p.stem
    events = sum(len(Encounter.load(p).log) for p in paths)

    def load(cls: type) -> None:
        for p in paths:
            cls.load(p)

    base, ours = [], []
    for _ in range(ROUNDS):
        base.append(_cpu(lambda: load(inherited)))
        ours.append(_cpu(lambda: load(Encounter)))
    b, t = min(base), min(ours)
    print(f"  load {len(paths)} golden fights ({events} events), inherited vs rule objects  "
          f"{b * 1e3:7.1f} vs {t * 1e3:7.1f} ms CPU   {_verdict(b / t)}")


def main() -> None:
    warnings.simplefilter("ignore")
    print("bench_composition: a replay today against the engine before the split, and the "
          "rule objects against inheritance (CPU time, best of interleaved runs)")
    against_the_engine_before_the_split()
    against_inheritance()


if __name__ == "__main__":
    main()

"""`make bench`: what composing the Encounter from rule objects costs a replay.

Issue 10's target: "make bench's encounter replay within 10% of today's". Since the split,
the encounter is a facade over one rule object per rule class, each holding only its
context (:mod:`lfgcombat.encounter.composition`): a rule's call to another goes to that
rule's object, and a read of the encounter's state goes through the context's property.
The baseline is the way the encounter was combined before, built in this same run from the
same rule classes: one class inheriting every rule class, whose methods run on the whole
encounter (no context at run time). Both replay the golden fights (``Encounter.load``:
every command re-run and every effect compared) and a full rebuild of each log.

Ratios are baseline time / composed time (> 1: the composed encounter is faster; 0.91 is
10% slower). Nothing here asserts a time: speed is reported, not tested.
"""

from __future__ import annotations

import warnings
from pathlib import Path

from _timing import best_of

from lfgcombat import Encounter
from lfgcombat.encounter import core
from lfgcombat.encounter.composition import _DELEGATES

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
STEMS = ("melee-1", "melee-2", "melee-3", "gm-edits", "parley-v2")
#: Issue 10, "Targets": the replay within 10% of the engine before the change.
TARGET_RATIO = 0.90


def inherited_encounter() -> type:
    """The encounter combined as before: the rule classes as its bases, so each rule's
    methods run on the whole encounter. The facade's own members are kept; what
    :func:`compose` added (delegators, the rules' class-level defaults) is left to the
    bases, and no rule objects are made."""
    added = {n for rule in Encounter._lfg_rules for n in vars(rule) if not n.startswith("__")}
    ns = {k: v for k, v in vars(Encounter).items()
          if k not in added and not hasattr(v, _DELEGATES) and k not in ("__dict__",
                                                                         "__weakref__")}
    ns["_lfg_rules"] = ()  # bind() makes no rule objects
    return type("InheritedEncounter", core.RULE_CLASSES, ns)


def main() -> None:
    inherited = inherited_encounter()
    paths = [GOLDEN / f"{s}.jsonl" for s in STEMS if (GOLDEN / f"{s}.jsonl").exists()]
    warnings.simplefilter("ignore")
    fights = {p.stem: Encounter.load(p) for p in paths}
    events = sum(len(e.log) for e in fights.values())
    # the same fights, replayed by each class: same events, same state
    for p in paths:
        a, b = Encounter.load(p), inherited.load(p)
        assert [e.to_json() for e in a.log] == [e.to_json() for e in b.log], p.stem
        assert a.table().equals(b.table()), p.stem

    def load(cls: type) -> None:
        for p in paths:
            cls.load(p)

    def rebuild(cls: type) -> None:
        for p in paths:
            enc = cls.load(p)
            enc._checkpoints = []
            enc._rebuild(list(enc.log))

    print(f"bench_composition: {len(paths)} golden fights, {events} events")
    for label, job in (("load (replay and verify)", load), ("load + full rebuild", rebuild)):
        base = best_of(lambda: job(inherited), 5)
        ours = best_of(lambda: job(Encounter), 5)
        ratio = base / ours
        verdict = "ok" if ratio >= TARGET_RATIO else "MISS"
        print(f"  {label:28s} inherited {base * 1e3:8.1f} ms   composed {ours * 1e3:8.1f} ms"
              f"   ratio {ratio:5.2f}  ({verdict}: target >= {TARGET_RATIO})")


if __name__ == "__main__":
    main()

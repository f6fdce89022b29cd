"""`make bench`: replaying an encounter's log (undo, load, fork), with and without widgets.

A seeded fight on a 24x16 hex map, 4 heroes against 6 orcs, is played for a number of
rounds by a simple script (every creature moves towards the nearest foe and attacks when it
can). Then, in one run:

* ``Encounter.undo()`` of the last step, which replays the whole log, with a BattleMap and
  an InitiativeTracker attached, against the same replay with no widget (``fork()``, the
  baseline): the ratio is what the widgets cost on top of the replay. The map holds its
  notifications during a replay (``HexMap.hold``), so the widgets redraw once;
* the same undo with the widgets told of every change (``hold`` switched off, as before
  it existed): the ratio is what holding saves;
* ``Encounter.load`` of the saved fight (JSON Lines, every command re-run and every effect
  compared) against ``fork()``.

Ratios are baseline time / lfgcombat time (> 1: faster than the baseline). Nothing here
asserts a time: speed is reported, not tested.
"""

from __future__ import annotations

import contextlib
import sys
import tempfile
from pathlib import Path

from _timing import best_of

from lfgcombat import Encounter, HexMap, IllegalActionError
from lfgcombat.creature import load_example

SEED = 20261129


def fight(rounds: int) -> Encounter:
    heroes = [load_example(n) for n in ("wulfric", "mayat", "sokaris", "chessan")]
    orcs = [load_example("orc").replace(name=f"Orc {i}") for i in range(1, 7)]
    m = HexMap(24, 16)
    for i, c in enumerate(heroes):
        m.place(c, (2, 3 + 3 * i), "party")
    for i, c in enumerate(orcs):
        m.place(c, (21, 1 + 2 * i + i // 2), "orcs")
    enc = Encounter(heroes + orcs, map=m, seed=SEED).start()
    while enc.round <= rounds and enc.current is not None:
        for name in list(enc.acting):
            foes = [f for f in enc.map.enemies(name) if not enc.state(f)["dead"]]
            if not foes:
                continue
            foe = min(foes, key=lambda f: enc.map.distance(name, f))
            if enc.map.distance(name, foe) > 5:
                reach = enc.map.reachable(name)
                if len(reach):
                    best = min(reach, key=lambda c: (enc.map.distance(c, foe), reach.cost[c]))
                    try:
                        enc.move(name, enc.map.offset(best), aoo="all")
                    except IllegalActionError:
                        pass
            for _ in range(2):
                try:
                    enc.attack(name, foe)
                except IllegalActionError:
                    break
        choices = enc.choices()
        if enc.current is None:
            break
        enc.end_turn(next=choices[0] if choices else None)
    return enc


def row(label: str, ours: float, base: float) -> None:
    print(f"  {label:44s} {ours * 1e3:9.1f}ms {base * 1e3:11.1f}ms {base / ours:8.2f}x")


def main() -> int:
    from lfgcombat.widgets import BattleMap
    from lfgcombat.widgets.initiative import InitiativeTracker

    print("encounter replay: a scripted fight on a 24x16 map, 4 heroes against 6 orcs")
    print(f"  {'case':44s} {'lfgcombat':>11s} {'baseline':>13s} {'ratio':>8s}")
    for rounds in (2, 5):
        enc = fight(rounds)
        events = len(enc.log)
        bare = best_of(enc.fork, 3)
        with_widgets = enc.fork()
        bm = BattleMap(with_widgets.map)
        tracker = InitiativeTracker(with_widgets, bm)
        if with_widgets.acting:
            bm.select(with_widgets.acting[0])

        def undo_and_redo() -> None:
            with_widgets.undo()
            with_widgets._rebuild(list(enc.log))  # back to the full fight

        undo = best_of(undo_and_redo, 3) / 2  # two replays per call
        row(f"undo with BattleMap+tracker, {events} events", undo, bare)
        held = HexMap.hold
        HexMap.hold = lambda self: contextlib.nullcontext(self)  # the widgets hear every step
        try:
            unheld = best_of(undo_and_redo, 3) / 2
        finally:
            HexMap.hold = held
        row("  the same undo if the map did not hold", undo, unheld)
        path = Path(tempfile.mkdtemp()) / "fight.jsonl"
        enc.save(path)
        load = best_of(lambda: Encounter.load(path), 3)
        row(f"load from JSON Lines, {events} events", load, bare)
        tracker.close()
    print("  (baseline: fork(), the same replay with no widget and no file; for the indented"
          " rows, the undo without HexMap.hold)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

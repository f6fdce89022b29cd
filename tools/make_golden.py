"""Write the golden fight logs of tests/golden/ (issue 10, "Safety net first").

Each golden file is a saved encounter (JSON Lines) plus the public table it ends in
(``<name>.table.csv``). ``tests/test_golden.py`` loads every one, which replays each command
under today's engine and checks each recorded effect, and compares the final table. Re-run
this script only when a rules change is meant to alter these fights, and say so in the
commit (name the fights to write only those). A fight whose events come out as its
committed file records them is kept as it is (so the first-format saves among them stay in
their format). A fight that comes out otherwise is rewritten only if
``lfgcombat._version.RULES_REVISION`` is above the revision its file records (a file
without one was written under revision 1): a change that alters a saved fight is a rules
change, and old saves must be told so (issue 10, item 7). (melee-3 was rewritten under
revision 4: its old file had an AOO struck with a longbow.)

    .venv/bin/python tools/make_golden.py [melee-1 ...]
"""

from __future__ import annotations

import random
import sys
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lfgcombat import Encounter, HexMap, LfgError, _version
from lfgcombat.creature import load_example
from lfgcombat.engine.log import LogFormatError, read_jsonl

OUT = Path(__file__).resolve().parent.parent / "tests" / "golden"
TABLE_COLUMNS = ["name", "side", "card", "acting", "hp", "status", "conditions"]

#: Notebook 20's map, the parley clearing (notebooks/20-a-whole-fight.ipynb).
PARLEY_CLEARING = """
name: the parley clearing
terrain: |
  , , , , , . . . . . , , , , ,
   , , , . . . . . . . . , , , ,
  , , . . . . . . . . . . . , ,
   , . . . . . . . . . . . . , ,
  , , . . . . . . . . . . . . ,
   , , . . . . . . . . . . , , ,
  , , , , . . . . . . . , , , ,
creatures:
  - {name: Wulfric, at: [6, 2], side: party}
  - {name: Chessan, at: [5, 3], side: party}
  - {name: Mayat, at: [5, 1], side: party}
  - {name: Sokaris, at: [6, 4], side: party}
  - {name: Orc Shaman, at: [8, 3], side: orcs}
  - {name: Orc 1, at: [11, 1], side: orcs}
  - {name: Orc 2, at: [12, 5], side: orcs}
  - {name: Orc 3, at: [1, 4], side: orcs}
"""


def parley() -> Encounter:
    """Notebook 20's fight ("a whole fight"), command for command."""
    party = [load_example(n) for n in ("wulfric", "chessan", "mayat", "sokaris")]
    orcs = [load_example("orc_shaman")] + [load_example("orc").replace(name=f"Orc {i}")
                                           for i in (1, 2, 3)]
    clearing = HexMap.from_text(PARLEY_CLEARING, creatures=party + orcs)
    enc = Encounter(party + orcs, map=clearing, seed=58)
    enc.start(aware=["Orc Shaman", "Orc 1", "Orc 2", "Orc 3", "Mayat"], decline=["Mayat"])
    enc.cast("Orc Shaman", 2, "flame spit", target="Wulfric")
    enc.add_condition("Wulfric", "ablaze", by="Orc Shaman")
    enc.five_foot_step("Orc Shaman", (9, 3))
    enc.end_turn(next="Orc 1")
    enc.move("Orc 1", (9, 2))
    enc.interrupt("Mayat", before="move")
    enc.attack("Mayat", "Orc 1", "longbow")
    enc.end_turn()
    enc.move("Orc 1", (6, 3))
    enc.attack("Orc 1", "Chessan")
    enc.end_turn(next="Orc 2")
    enc.move("Orc 2", (7, 4))
    enc.attack("Orc 2", "Sokaris")
    enc.end_turn(next="Orc 3")
    enc.move("Orc 3", (5, 4))
    enc.attack("Orc 3", "Sokaris")
    enc.end_turn(next="Orc Shaman")
    enc.cast("Orc Shaman", 3, "hold person", target="Sokaris")
    enc.add_condition("Sokaris", "staggered", rounds=1, by="Orc Shaman")
    enc.end_turn(next="Wulfric")
    enc.move("Wulfric", (8, 3), aoo="all")
    enc.attack("Wulfric", "Orc Shaman")
    enc.attack("Wulfric", "Orc Shaman")
    enc.end_turn(next="Chessan")
    enc.cast("Chessan", 2, "cure moderate wounds", target="Wulfric", aoo="all")
    enc.heal("Wulfric", 14)
    enc.attack("Chessan", "Orc 1")
    enc.end_turn(next="Sokaris")
    enc.attack("Sokaris", "Orc 3")
    enc.attack("Sokaris", "Orc 3")
    enc.end_turn(next="Mayat")
    enc.attack("Mayat", "Orc 1", "longbow")
    enc.attack("Mayat", "Orc 1", "longbow")
    enc.end_turn(next="Orc 1")
    enc.attack("Orc 1", "Chessan")
    enc.end_turn(next="Orc 2")
    enc.attack("Orc 2", "Sokaris")
    enc.end_turn(next="Orc 3")
    enc.attack("Orc 3", "Sokaris")
    enc.end_turn(next="Orc Shaman")
    return enc


SKIRMISH_NAMES = ["Wulfric", "Chessan", "Orc 1", "Orc 2"]


def skirmish_start(seed: int, initiative: str | None = None) -> Encounter:
    """The skirmish's start: Wulfric and Chessan against two orcs on a 10 x 6 map."""
    cs = [load_example("wulfric"), load_example("chessan"),
          load_example("orc").replace(name="Orc 1"), load_example("orc").replace(name="Orc 2")]
    m = HexMap(10, 6)
    for c, at, side in zip(cs, [(2, 2), (1, 3), (7, 2), (8, 4)],
                           ["party", "party", "orcs", "orcs"]):
        m.place(c, at, side)
    return Encounter(cs, map=m, seed=seed, initiative=initiative).start()


def skirmish_step(enc: Encounter, rng: random.Random) -> None:
    """One seeded random command of the skirmish (a refused one is skipped): the acting
    creature (or anyone), a foe and a cell, then the command by :data:`_SKIRMISH_COMMANDS`."""
    who = enc.acting[0] if enc.acting else rng.choice(SKIRMISH_NAMES)
    foe = rng.choice(SKIRMISH_NAMES)
    cell = (rng.randrange(10), rng.randrange(6))
    pick = rng.random()
    command = next((c for limit, c in _SKIRMISH_COMMANDS if pick < limit), _end_turn)
    try:
        command(_Pick(enc, rng, SKIRMISH_NAMES, who, foe, cell))
    except LfgError:
        pass


def skirmish(seed: int, initiative: str, steps: int = 160) -> Encounter:
    """A random skirmish on a small map: seeded random commands, refusals skipped (as the
    hypothesis state machine in tests/encounter does, but fixed so it can be a file)."""
    rng = random.Random(seed)
    enc = skirmish_start(seed, initiative)
    for _ in range(steps):
        skirmish_step(enc, rng)
    return enc


class _Pick:
    """What a skirmish step drew: the acting creature, a foe and a cell."""

    def __init__(self, enc: Encounter, rng: random.Random, names: list[str], who: str,
                 foe: str, cell: tuple[int, int]) -> None:
        self.enc, self.rng, self.names = enc, rng, names
        self.who, self.foe, self.cell = who, foe, cell


def _add_condition(s: _Pick) -> Any:
    return s.enc.add_condition(s.foe, s.rng.choice(["prone", "bleed 2", "staggered"]),
                               rounds=s.rng.choice([None, 1, 2]))


def _end_turn(s: _Pick) -> Any:
    options = s.enc.choices()
    return s.enc.end_turn(next=s.rng.choice(options) if options else None)


# A skirmish step's command by the draw in [0, 1): the first whose limit is above it
# (end the turn above 0.74). Each command draws its own extra randomness, in this order.
_SKIRMISH_COMMANDS: tuple[tuple[float, Callable[[_Pick], Any]], ...] = (
    (0.30, lambda s: s.enc.attack(s.who, s.foe, power_attack=s.rng.random() < 0.3)),
    (0.45, lambda s: s.enc.move(s.who, s.cell, aoo="all")),
    (0.52, lambda s: s.enc.five_foot_step(s.who, s.cell)),
    (0.58, lambda s: s.enc.interrupt(s.rng.choice(s.names))),
    (0.62, _add_condition),
    (0.66, lambda s: s.enc.heal(s.foe, s.rng.randrange(1, 12))),
    (0.70, lambda s: s.enc.aim(s.who)),
    (0.74, lambda s: s.enc.fight_defensively(s.who)),
)


def _random_melee(seed: int, steps: int, commands: Any) -> Encounter:
    """The party and the orcs on a 12 x 8 map, ``steps`` random picks among ``commands``
    (a refused one is skipped), all drawn from ``random.Random(seed)``."""
    rng = random.Random(seed)
    names = ["Wulfric", "Chessan", "Mayat", "Orc 1", "Orc 2", "Orc Shaman"]
    cs = [load_example("wulfric"), load_example("chessan"), load_example("mayat"),
          load_example("orc").replace(name="Orc 1"), load_example("orc").replace(name="Orc 2"),
          load_example("orc_shaman")]
    m = HexMap(12, 8)
    for c, at, side in zip(cs, [(3, 3), (2, 4), (2, 2), (8, 3), (9, 5), (10, 2)],
                           ["party"] * 3 + ["orcs"] * 3):
        m.place(c, at, side)
    enc = Encounter(cs, map=m, seed=seed).start()
    for _ in range(steps):
        s = _Pick(enc, rng, names, enc.acting[0] if enc.acting else rng.choice(names),
                  rng.choice(names), (rng.randrange(12), rng.randrange(8)))
        command = rng.choice(commands)
        try:
            command(s)
        except LfgError:
            pass
    return enc


def melee(seed: int, steps: int = 260) -> Encounter:
    """A random fight that uses every command of the encounter (the skirmish uses eleven):
    ready, protect, run, retreat, trade spaces, act, act together, stand up, drop prone,
    draw, ignore an enemy, the GM's damage, Temporary HP, conditions, notes, declining a
    turn, casting... Its files were first written by the engine before the encounter split
    (commit 4e5ce44), so they pin that engine's behaviour."""
    return _random_melee(seed, steps, _MELEE_COMMANDS)


_MELEE_COMMANDS: tuple[Callable[[_Pick], Any], ...] = (
    lambda s: s.enc.attack(s.who, s.foe, power_attack=s.rng.random() < 0.3),
    lambda s: s.enc.attack(s.who, s.foe), lambda s: s.enc.move(s.who, s.cell, aoo="all"),
    lambda s: s.enc.five_foot_step(s.who, s.cell), lambda s: s.enc.run(s.who, s.cell),
    lambda s: s.enc.retreat(s.who, s.cell, aoo="all"),
    lambda s: s.enc.trade_spaces(s.who, s.foe, aoo="all"),
    lambda s: s.enc.interrupt(s.rng.choice(s.names)),
    lambda s: s.enc.ready(s.who, "the foe moves"), lambda s: s.enc.protect(s.who, s.foe),
    lambda s: s.enc.act(s.who, s.rng.choice(["survey", "get_item", "speak"]), aoo="all"),
    lambda s: s.enc.act_together(s.who, s.foe, tactical_bonus=s.rng.randrange(3)),
    lambda s: s.enc.stand_up(s.who, aoo="all"), lambda s: s.enc.drop_prone(s.who),
    lambda s: s.enc.draw(s.who, "longsword"), lambda s: s.enc.ignore_enemy(s.who, s.foe),
    lambda s: s.enc.damage(s.foe, s.rng.randrange(1, 15), s.rng.choice([None, "fire"])),
    lambda s: s.enc.temp_hp(s.foe, s.rng.randrange(1, 8)), _add_condition,
    lambda s: s.enc.remove_condition(s.foe, s.rng.choice(["prone", "staggered"])),
    lambda s: s.enc.note(f"step {len(s.enc.log)}"),
    lambda s: s.enc.heal(s.foe, s.rng.randrange(1, 12)),
    lambda s: s.enc.cast(s.who, s.rng.randrange(3), "a spell", target=s.foe, aoo="all"),
    lambda s: s.enc.decline_turn(next=s.rng.choice(s.names)), lambda s: s.enc.aim(s.who),
    lambda s: s.enc.fight_defensively(s.who), _end_turn, _end_turn, _end_turn,
)


def gm_edits(seed: int, steps: int = 300) -> Encounter:
    """A melee in which the GM edits the map between steps (terrain and elevation, recorded
    at once by a note or left for the next step, a declined turn or an undo to record) and
    takes steps back now and then: ``map_edit`` steps mixed with interrupts, declined turns
    and undo, as the state machine with map edits plays them
    (tests/encounter/test_replay.py), fixed so it can be a file."""
    return _random_melee(seed, steps, _GM_COMMANDS)


def _gm_edit(s: _Pick) -> Any:
    s.enc.map.set_terrain(s.cell, s.rng.choice(["difficult", "normal"]))
    s.enc.map.set_elevation(s.cell, s.rng.choice([0, 5, 10]))
    if s.rng.random() < 0.5:
        s.enc.note("the GM edits the map")


def _undo(s: _Pick) -> Any:
    return s.enc.undo(s.rng.randrange(1, 3))


def _choose_edit_decline(s: _Pick) -> Any:
    """End the turn choosing someone; the GM may edit the map (unrecorded); the chosen one
    declines if it may ("Initiative Problems:")."""
    _end_turn(s)
    if s.rng.random() < 0.5:
        _gm_edit(s)
    options = s.enc.decline_choices()
    if options:
        s.enc.decline_turn(next=s.rng.choice(options))


_GM_COMMANDS: tuple[Callable[[_Pick], Any], ...] = (
    *_MELEE_COMMANDS, _gm_edit, _gm_edit, _gm_edit, _undo,
    lambda s: s.enc.move(s.who, s.cell, aoo="all"),
    lambda s: s.enc.move(s.who, s.cell, aoo="all"),
    lambda s: s.enc.interrupt(s.rng.choice(s.names), before="move"),
    _choose_edit_decline, _choose_edit_decline, _choose_edit_decline,
)


FIGHTS = {
    "parley": parley,
    "skirmish-selective": lambda: skirmish(11, "selective"),
    "skirmish-round-by-round": lambda: skirmish(12, "round_by_round"),
    "skirmish-top-down": lambda: skirmish(13, "top_down"),
    "melee-1": lambda: melee(21),
    "melee-2": lambda: melee(22),
    "melee-3": lambda: melee(23),
    "gm-edits": lambda: gm_edits(31),
}


def _recorded(path: Path) -> tuple[list[Any], int] | None:
    """The committed file's events and the rules revision it records (1 when it records
    none: written before revisions, under revision 1's rules), or ``None`` without a file."""
    if not path.exists():
        return None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        header, numbered = read_jsonl(path)
    rules = header.get("rules")
    return [e for _, e in numbered], (rules["revision"] if isinstance(rules, dict) else 1)


def _first_difference(a: list[Any], b: list[Any]) -> int:
    return next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))


def _write(name: str, enc: Encounter) -> str:
    """Write one fight unless it is unchanged; refuse a changed fight under the same rules
    revision (SystemExit). Returns what was done."""
    path = OUT / f"{name}.jsonl"
    try:
        before = _recorded(path)
    except LogFormatError as exc:
        before = None
        print(f"{name}: the committed file does not read ({exc}); writing it anew")
    if before is not None and before[0] == list(enc.log):
        return "unchanged, kept"
    if before is not None and _version.RULES_REVISION <= before[1]:
        raise SystemExit(
            f"{name}: the fight comes out otherwise than {path} records (first at event "
            f"#{_first_difference(before[0], list(enc.log))}), but the rules revision is "
            f"still {_version.RULES_REVISION}: if the file no longer replays, the change is a "
            "rules change: bump RULES_REVISION in lfgcombat/_version.py (then old saves "
            "say \"the rules changed since this save was written\") and run this again")
    enc.save(path)
    enc.table()[TABLE_COLUMNS].to_csv(OUT / f"{name}.table.csv", index=False)
    return "written"


def main(names: list[str]) -> int:
    """Write the fights named (all of them when none is named)."""
    unknown = [n for n in names if n not in FIGHTS]
    if unknown:
        print(f"unknown fights {unknown}; the fights are {', '.join(FIGHTS)}")
        return 2
    OUT.mkdir(parents=True, exist_ok=True)
    for name, build in FIGHTS.items():
        if names and name not in names:
            continue
        enc = build()
        done = _write(name, enc)
        print(f"{name}: {len(enc.log)} events, round {enc.round}: {done}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

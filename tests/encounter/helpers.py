"""Shared builders for the encounter tests (tests/encounter/): creatures, a standard duel,
and checks that an action is refused without changing anything.

Split from the former tests/test_encounter.py (issue 10).
"""

from __future__ import annotations

from typing import Any

import pytest

from lfgcombat import Creature, HexMap, IllegalActionError
from lfgcombat.engine import Encounter
from lfgcombat.engine.checkpoints import EVERY

__all__ = ["SWORD", "BOW", "mk", "duel", "refused", "kinds", "_line_up", "_ignore_fight",
           "_wizard_fight", "_trade", "_at", "_range_fight", "_last_attack",
           "undo_beside_full_replay"]


SWORD = {"name": "longsword", "damage": "1d8", "crit": "19-20/x2", "damage_type": "s"}


#: A longbow. (The former test file bound BOW twice; this second binding, with a range
#: increment, is the one every test ran with.)
BOW = {"name": "longbow", "damage": "1d8", "crit": "20/x3", "damage_type": "p",
       "range_increment": 100}


def mk(name: str, level: int = 5, cls: str = "fighter", init: int = 0, **kw) -> Creature:
    """A fighter with a sword (threatens 5 ft); ``init`` is its Initiative Rating."""
    d = {"name": name, "class": cls, "level": level, "initiative_rating": init,
         "weapons": kw.pop("weapons", [SWORD])}
    d.update(kw)
    return Creature.from_dict(d)


def duel(*, seed: int = 1, map_: bool = False, **kw) -> Encounter:
    """Two heroes against two orcs; Hero goes first (Initiative Rating 40)."""
    cs = [mk("Hero", init=40), mk("Ally"), mk("Orc"), mk("Brute")]
    sides = {"party": ["Hero", "Ally"], "orcs": ["Orc", "Brute"]}
    m = None
    if map_:
        m = HexMap(12, 8)
        for c, at, side in ((cs[0], (1, 1), "party"), (cs[1], (1, 3), "party"),
                            (cs[2], (4, 1), "orcs"), (cs[3], (8, 5), "orcs")):
            m.place(c, at, side)
    return Encounter(cs, sides=sides, map=m, seed=seed, **kw)


def refused(enc: Encounter, fn, *args, match: str | None = None,
            text: str = "000_8d1d7816ee944f3b.txt", **kw) -> IllegalActionError:
    """``fn`` must raise IllegalActionError citing the text (``text``: another ruleset's),
    and change nothing."""
    before = enc.snapshot()
    with pytest.raises(IllegalActionError, match=match) as e:
        fn(*args, **kw)
    assert text in str(e.value)
    assert enc.snapshot() == before
    return e.value


def kinds(enc: Encounter, since: int = 0) -> list[str]:
    return [e.kind for e in list(enc.log)[since:]]


def _line_up(seed: int = 3) -> Encounter:
    """A fast runner passing two foes' threatened hexes along row 2."""
    cs = [mk("Runner", init=40, speed=60, max_hp=200), mk("E1"), mk("E2")]
    m = HexMap(14, 5)
    m.place(cs[0], (1, 2), "a")
    m.place(cs[1], (4, 1), "b")
    m.place(cs[2], (8, 3), "b")
    return Encounter(cs, map=m, seed=seed).start()


def _ignore_fight() -> Encounter:
    cs = [mk("Hero", init=40), mk("Gob", level=1), mk("Orc"), mk("Ally")]
    m = HexMap(8, 6)
    m.place(cs[0], (3, 2), "party")
    m.place(cs[1], (2, 2), "foes")
    m.place(cs[2], (4, 2), "foes")
    m.place(cs[3], (0, 0), "party")
    return Encounter(cs, map=m, seed=4).start()


def _wizard_fight(before: str | None = "cast_spell") -> Encounter:
    wizard = mk("Wizard", cls="wizard", level=5, weapons=[], max_hp=60)
    enc = Encounter([mk("Hero", init=40), wizard, mk("Rogue", init=45)],
                    sides={"party": ["Hero", "Rogue"], "foes": ["Wizard"]},
                    seed=12).start(decline=["Rogue"])
    enc.end_turn(next="Wizard")
    assert enc.interrupt("Rogue", before=before).winner == "Rogue"
    return enc


def _trade(ally_at: tuple[int, int] = (2, 1), *, seed: int = 1) -> Encounter:
    """The Hero at (3, 1) beside the Orc at (4, 1); its Ally at ``ally_at``; Hero's turn."""
    cs = [mk("Hero", init=40), mk("Ally"), mk("Orc"), mk("Brute")]
    m = HexMap(12, 8)
    for c, at, side in ((cs[0], (3, 1), "party"), (cs[1], ally_at, "party"),
                        (cs[2], (4, 1), "orcs"), (cs[3], (10, 6), "orcs")):
        m.place(c, at, side)
    return Encounter(cs, map=m, seed=seed).start()


def _at(enc: Encounter, name: str) -> tuple[int, int]:
    return enc.map.offset(enc.map.token(name).anchor)


def _range_fight(terrain: dict | None = None, elevation: dict | None = None,
                 blocker: tuple | None = None, blocker_side: str = "party") -> Encounter:
    """Archer at (1, 2) shooting the Orc at (7, 2); optional terrain, heights, a blocker."""
    cs = [mk("Archer", init=40, weapons=[BOW, SWORD]), mk("Orc")]
    m = HexMap(10, 5)
    for kind, cells in (terrain or {}).items():
        m.set_terrain(cells, kind)
    for feet, cells in (elevation or {}).items():
        m.set_elevation(cells, feet)
    m.place(cs[0], (1, 2), "party")
    m.place(cs[1], (7, 2), "orcs")
    sides = {"party": ["Archer"], "orcs": ["Orc"]}
    if blocker:
        big = mk("Brute")
        cs.append(big)
        m.place(big, blocker, blocker_side)
        sides.setdefault(blocker_side, []).append("Brute")
    return Encounter(cs, sides=sides, map=m, seed=4).start()


def _last_attack(enc: Encounter):
    return enc.log.of_kind("attack")[-1]


def undo_beside_full_replay(enc: Encounter, n: int,
                            at: int) -> tuple[Encounter, Encounter, Any]:
    """Undo the last ``n`` steps on a fork of ``enc`` (back to ``at`` events), beside
    another fork rebuilt from the very start to ``at`` events, and check that they agree
    (DESIGN.md, "How data flows": state = replay(log)): a checkpoint was used unless ``at``
    comes before the first one (:data:`~lfgcombat.engine.checkpoints.EVERY` events in),
    and both have the same snapshot, log and table.

    Returns:
        The undone fork, the fork replayed from the start, and the checkpoint the undo
        started from (``None``: the start).
    """
    trial = enc.fork()
    full = trial.fork()
    full._checkpoints = []
    full._rebuild(list(trial.log)[:at])  # from the very start
    used = trial._checkpoint_for(list(trial.log)[:at])
    trial.undo(n)
    assert used is not None or at < EVERY
    assert trial.snapshot() == full.snapshot()
    assert list(trial.log) == list(full.log)
    assert trial.table().equals(full.table())
    return trial, full, used


#: The fields each ruleset's creatures need (issue 13: ``bab``; ``prowess``, ``good_saves``).
RULESET_FIELDS = {"lfg": {}, "classic": {"bab": 3},
                  "wounds": {"prowess": 2, "good_saves": ["fort", "ref"]}}


def bat_fight(ruleset: str = "lfg") -> Encounter:
    """A poor flyer (Bat, Fly 60 [poor], acting first) and a foe far away, on a 12x8 map."""
    extra = RULESET_FIELDS[ruleset]
    bat = Creature.from_dict({"name": "Bat", "level": 2, "max_hp": 20, "speed": 10,
                              "initiative_rating": 40, "ruleset": [ruleset],
                              "movement": "Move Speed 10, Fly 60 [poor]", **extra})
    far = Creature.from_dict({"name": "Far", "level": 2, "max_hp": 20, "ruleset": [ruleset],
                              **extra})
    m = HexMap(12, 8)
    m.place(bat, (1, 1), "bats")
    m.place(far, (11, 7), "foes")
    return Encounter([bat, far], map=m, seed=1, ruleset=ruleset).start()

"""What issue 24's speed work on the per-command and per-turn cost keeps or skips must answer
exactly as the full computation does.

Issue 24, item 6 ("Fast"): "The same fights, the same dice, the same events". The golden
fights (``tests/test_golden.py``) prove the fights; these tests pin the kept values and the
skipped work against a fresh computation: the argument checks a command's handler has
(read once per handler), and the timed conditions a turn's start counts down (only those
the creature whose turn it is imposed: 000_8d1d7816ee944f3b.txt, "Conditions – Full
Details", the durations decision of :mod:`lfgcombat.rules.turns.turns`).
"""

from __future__ import annotations

import copy

import pytest

from lfgcombat import Creature
from lfgcombat.engine import Encounter
from lfgcombat.engine import arguments
from lfgcombat.engine.commands import COMMANDS, handler
from lfgcombat.errors import IllegalActionError
from lfgcombat.rules.turns import turns


def _fresh_checks(fn):
    """The checks of ``fn``'s arguments read afresh from its annotations."""
    notes = getattr(fn, "__annotations__", {})
    return {field: arguments._CHECKS[str(note)] for field, note in notes.items()
            if str(note) in arguments._CHECKS}


@pytest.mark.parametrize("kind", sorted(COMMANDS))
def test_a_handlers_kept_checks_are_its_annotations_read_afresh(kind):
    fn = handler(kind)
    assert arguments._checks_of(fn) == _fresh_checks(fn)
    assert arguments._checks_of(fn) is arguments._checks_of(fn)  # read once


@pytest.mark.parametrize("args,refused", [
    ({"name": "Hero", "feet": True}, "feet must be a whole number"),  # not a bool
    ({"name": "Hero", "feet": 5, "extra": True}, None),
    ({"name": "Hero", "feet": 5, "extra": 10**10}, "extra must be a whole number"),
    ({"name": None, "feet": 5}, "name must be text"),
    ({"name": "Hero", "feet": 10**12}, "feet must be a whole number"),
    ({"name": "Hero", "feet": 5, "extra": float("nan")}, "extra must be a finite number"),
    ({"name": "Hero", "feet": 5, "extra": {1: "x"}}, "mapping with text keys"),
    ({"name": "Hero", "feet": 5, "extra": [[[[[[[[[["deep"]]]]]]]]]]}, "plain data"),
    ({"name": "Hero", "feet": 5, "extra": ["ok", None, True, {"a": 2.5}]}, None),
])
def test_check_command_refuses_as_the_field_by_field_check_did(monkeypatch, args, refused):
    """The kept checks and the skip of plain text, ``True``/``False`` and ``None`` refuse
    exactly what reading every annotation and walking every value refused (issue 11, "Bad
    input" 5)."""
    def fake(st, name: str, feet: int, extra=None):  # (a handler's shape)
        return None
    monkeypatch.setitem(COMMANDS, "fake_cmd", fake)
    if refused is None:
        arguments.check_command("fake_cmd", args)
        return
    with pytest.raises(IllegalActionError, match=refused):
        arguments.check_command("fake_cmd", args)


def _mk(name: str, init: int = 0) -> Creature:
    return Creature.from_dict({"name": name, "class": "fighter", "level": 5,
                               "initiative_rating": init, "weapons": [
                                   {"name": "longsword", "damage": "1d8",
                                    "crit": "19-20/x2", "damage_type": "s"}]})


def _timers_fight() -> Encounter:
    """A on one side, B and C on the other; B holds a duration A imposed, one C imposed
    and one of its own; C holds one A imposed."""
    enc = Encounter([_mk("A", init=40), _mk("B"), _mk("C")],
                    sides={"a": ["A"], "b": ["B", "C"]}, seed=3).start()
    enc.add_condition("B", "staggered", rounds=3, by="A")
    enc.add_condition("B", "distracted", rounds=3, by="C")
    enc.add_condition("B", "weakened 1", rounds=3)
    enc.add_condition("C", "staggered", rounds=2, by="A")
    return enc


def _conditions(enc: Encounter) -> dict[str, list[str]]:
    return {n: enc.state(n)["conditions"] for n in enc.names}


@pytest.mark.parametrize("whose", ["A", "B", "C"])
def test_a_turns_start_counts_down_what_the_full_walk_counts_down(whose):
    """The start of ``whose`` turn counts down only the durations its timer names: the
    same conditions, the same log as ticking every other creature's timers."""
    enc = _timers_fight()
    full = copy.deepcopy(enc)

    def every_timer(st, name):  # the walk before the skip: every other creature ticked
        for other in st._names:
            for e in list(st._f[other].effects):
                if e.on == name and e.ends in ("turn_start", "own_first_turn"):
                    st._end_effect(other, e, f"the start of {name}'s turn")
        for other in st._names:
            if other != name:
                st._tick_timers(other, source=name)

    n = len(enc.log)
    turns._turn_start_timers(enc, whose)
    every_timer(full, whose)
    assert _conditions(enc) == _conditions(full)
    assert [e.to_json() for e in enc.log[n:]] == [e.to_json() for e in full.log[n:]]
    if whose == "A":  # A imposed two: both counted down
        assert len(enc.log) - n == 2



def test_reference_chunks_space_young_collections_and_put_the_thresholds_back(monkeypatch):
    """GM prep's reference chunks run with the cycle collector's first threshold raised
    (:func:`lfgcombat.prep.reference.young_collections_spaced`) and put it back after, also
    when a fight raises, and when chunks of two threads overlap."""
    import gc
    import threading

    from lfgcombat.prep import reference

    before = gc.get_threshold()
    seen = []
    with reference.young_collections_spaced():
        seen.append(gc.get_threshold())
        with reference.young_collections_spaced():  # a second chunk at once (a thread)
            seen.append(gc.get_threshold())
        seen.append(gc.get_threshold())  # still raised: the first is not over
    assert gc.get_threshold() == before
    assert all(t[0] == max(reference.YOUNG_THRESHOLD, before[0]) and t[1:] == before[1:]
               for t in seen)
    with pytest.raises(RuntimeError):
        with reference.young_collections_spaced():
            raise RuntimeError("a fight failed")
    assert gc.get_threshold() == before
    done = threading.Event()

    def chunk():
        with reference.young_collections_spaced():
            done.wait(5)
    other = threading.Thread(target=chunk)
    with reference.young_collections_spaced():
        other.start()
    done.set()
    other.join()
    assert gc.get_threshold() == before


def test_a_reference_chunk_plays_under_the_spaced_collections(monkeypatch):
    """``run_chunk``'s reference fights are played inside
    :func:`~lfgcombat.prep.reference.young_collections_spaced`."""
    import gc

    from lfgcombat.prep import reference, run

    before = gc.get_threshold()
    seen = []

    def fake_play(*args, **kwargs):
        seen.append(gc.get_threshold())
        raise RuntimeError("stop here")
    monkeypatch.setattr(run, "play", fake_play)
    scenario, spec = run.prepare_run({"a": [_mk("A")], "b": [_mk("B")]}, "lfg", "weakest")
    with pytest.raises(RuntimeError):
        run.run_chunk("reference", scenario, spec, 1, 0, 0, 1, 1)
    assert seen and seen[0][0] == max(reference.YOUNG_THRESHOLD, before[0])
    assert gc.get_threshold() == before


def _rank_reading_every_time(st, totals, label):
    """:func:`lfgcombat.rules.turns.initiative._rank` as it was: each unit's Initiative
    bonus read again at every comparison."""
    from lfgcombat.rules.turns import initiative

    def key(u):
        return (totals[u], initiative._init_bonus(st, st._members(u)[0]))
    ordered = sorted(totals, key=key, reverse=True)
    out = []
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and key(ordered[j + 1]) == key(ordered[i]):
            j += 1
        tied = ordered[i:j + 1]
        out.extend(initiative._roll_off(st, tied, label)
                   if len(tied) > initiative._ONE_BY_ONE
                   else initiative._roll_off_one_by_one(st, tied, label))
        i = j + 1
    return out


@pytest.mark.parametrize("seed", range(6))
def test_a_ranking_reads_each_bonus_once_and_ranks_as_reading_it_every_time(seed):
    """"Rounds, Initiative, & Turn Order": ties on the total go to the higher Initiative
    bonus, then a roll-off (decision); with each unit's bonus read once the order, the
    roll-offs and their events are the same."""
    from lfgcombat.rules.turns import initiative

    cs = [_mk(f"N{i}", init=(i % 3) * 2) for i in range(9)]
    enc = Encounter(cs, sides={"a": [c.name for c in cs[:5]], "b": [c.name for c in cs[5:]]},
                    seed=seed).start()
    totals = {n: 10 + (i % 2) for i, n in enumerate(enc.names)}  # many ties
    full = copy.deepcopy(enc)
    n = len(enc.log)
    assert initiative._rank(enc, totals, "test") == _rank_reading_every_time(
        full, totals, "test")
    assert [e.to_json() for e in enc.log[n:]] == [e.to_json() for e in full.log[n:]]
    assert len(enc.log) > n  # there were roll-offs


def test_a_frames_members_read_in_one_pass_are_its_units_members():
    """"Groups of similar NPCs may act on the same turn" ("Rounds, Initiative, & Turn
    Order"): the creatures taking a turn are the members of its units, in order, read in
    one pass as :func:`~lfgcombat.engine.roster._members` of each unit gives them."""
    from lfgcombat.engine.state import TurnFrame

    cs = [_mk("A", init=40), _mk("B"), _mk("O1"), _mk("O2"), _mk("O3")]
    enc = Encounter(cs, sides={"a": ["A", "B"], "o": ["O1", "O2", "O3"]},
                    groups={"orcs": ["O1", "O2"]}, seed=2).start()
    for units in (["A"], ["orcs"], ["orcs", "O3"], ["B", "orcs", "A"]):
        frame = TurnFrame(units[0], "turn", None, together=tuple(units[1:]))
        fresh = [n for u in enc._frame_units(frame) for n in enc._members(u)]
        assert enc._frame_members(frame) == fresh
        assert enc._frame_members(frame) is not enc._frame_members(frame)  # its own list
    assert enc._frame_members(TurnFrame("orcs", "turn", None)) == ["O1", "O2"]


def test_a_unit_is_alive_in_one_pass_as_any_of_its_members_is():
    """"Death" (000_8d1d7816ee944f3b.txt): the dead take no turns; a group lives while a
    member does, read in one pass as :func:`~lfgcombat.engine.roster._alive` of each
    member says."""
    cs = [_mk("A", init=40), _mk("O1"), _mk("O2"), _mk("O3")]
    enc = Encounter(cs, sides={"a": ["A"], "o": ["O1", "O2", "O3"]},
                    groups={"orcs": ["O1", "O2"]}, seed=2).start()
    for dead in ((), ("O1",), ("O1", "O2"), ("O3",), ("A", "O1", "O2", "O3")):
        for n in enc.names:
            enc._f[n].dead = n in dead
        for unit in ("A", "orcs", "O3"):
            fresh = any(enc._alive(n) for n in enc._members(unit))
            assert enc._unit_alive(unit) is fresh


def _fresh_standing(enc, name):
    """:meth:`Encounter._standing_state` of an lfg combatant read afresh."""
    return {"hp": enc._view(name).hp, "status": enc._status(name),
            "dead": enc._f[name].dead, "vitals": {}}


@pytest.mark.parametrize("seed", [1, 4, 7])
def test_a_kept_standing_is_the_standing_read_afresh_after_every_step(seed):
    """"Unconscious & Dying", "Stabilize when Dying", "Death": the hp, status and death
    GM prep reads after every strike and hand-over, kept on the view, are what reading
    them afresh gives after every step of whole fights (the dying bleeding and rolling
    to stabilize among them), and each call hands out a dict of its own."""
    from lfgcombat.prep import reference
    from lfgcombat.prep.run import prepare_run

    orcs = [_mk(f"Orc {i}") for i in range(3)]
    heroes = [_mk("Hero", init=20), _mk("Ally")]
    scenario, spec = prepare_run({"party": heroes, "orcs": orcs}, "lfg", "weakest")
    enc = Encounter(list(scenario.creatures), sides=scenario.sides(), seed=seed,
                    knockdown_after_strike=False)
    seen = {"steps": 0, "statuses": set()}

    def check(e):
        seen["steps"] += 1
        for n in e.names:
            first = e._standing_state(n)
            again = e._standing_state(n)
            assert first == again == _fresh_standing(e, n)
            assert first is not again and first["vitals"] is not again["vitals"]
            seen["statuses"].add(first["status"])
    enc.subscribe(check)
    reference.play(scenario, spec, seed, seed, encounter=enc)
    assert seen["steps"] > 20
    assert {"conscious", "dead"} <= seen["statuses"] or "dying" in seen["statuses"]


def test_a_kept_standing_follows_each_thing_it_is_keyed_on():
    """Each input of the kept standing changed alone (the fighter's death, the rounds it
    has bled, its sheet under the same view) gives what reading afresh gives."""
    enc = Encounter([_mk("A", init=40), _mk("B")], sides={"a": ["A"], "b": ["B"]},
                    seed=1).start()
    enc.add_condition("B", "bleed 2")
    enc.damage("B", 45, "slashing")  # dying (42 HP), bleeding
    assert enc._standing_state("B")["status"] == "dying"
    assert enc._standing_state("B") == _fresh_standing(enc, "B")
    f = enc._f["B"]
    f.bleed_rounds += 1
    assert enc._standing_state("B") == _fresh_standing(enc, "B")
    f.dead = True  # (as the rules of death set it)
    assert enc._standing_state("B")["status"] == _fresh_standing(enc, "B")["status"] \
        == "dead"
    f.dead = False
    assert enc._standing_state("B") == _fresh_standing(enc, "B")
    v = enc._view("B")
    f.creature = f.creature.replace(current_hp=5)  # a new sheet, the view kept this step
    assert enc._view("B") is v
    assert enc._standing_state("B") == _fresh_standing(enc, "B")
    assert enc._standing_state("B")["status"] == "conscious"

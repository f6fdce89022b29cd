"""What the attack's and the replay's speed work (issue 24, item 6, "Fast") remembers or
builds another way must answer exactly as the plain computation does.

Issue 24, item 6: "The same fights, the same dice, the same events: the golden logs
prove it". The golden fights (``tests/test_golden.py``) prove the fights; these tests pin
each kept value against a fresh computation, after what it is made of changes: an
expression's spelling (:class:`~lfgcombat.dice.DiceExpr`), a roll's label naming who
rolled it, a relabelled roll, and an event's frozen data.
"""

from __future__ import annotations

import dataclasses
import gc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lfgcombat import Encounter
from lfgcombat.creature import load_example
from lfgcombat.dice import Roller, parse
from lfgcombat.dice import notation
from lfgcombat.dice.notation import Constant, Dice, DiceExpr
from lfgcombat.engine import replay
from lfgcombat.engine.log import LogFormatError
from lfgcombat.engine.log.effects import roll_label


_TERMS = st.one_of(
    st.builds(Dice, st.integers(1, 20), st.integers(1, 100), st.sampled_from([1, -1])),
    st.builds(Constant, st.integers(-50, 50)))


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(st.lists(_TERMS, min_size=1, max_size=5))
def test_an_expressions_spelling_is_the_one_computed(terms):
    expr = DiceExpr(tuple(terms))
    first = str(expr)
    assert first == expr._spell()
    assert str(expr) == first  # remembered: the same text again
    # another expression of the same terms (another object) spells the same
    assert str(DiceExpr(tuple(terms))) == first
    assert parse(first) == parse(str(parse(first)))


def test_a_spelling_is_never_another_expressions_after_many():
    """More expressions than are remembered (4,096): the store starts again, and each
    expression, old or new, still spells itself (never a text kept for an object that
    took its place in memory)."""
    exprs = [DiceExpr((Dice(1, 6 + i % 90), Constant(i))) for i in range(5000)]
    texts = [str(e) for e in exprs]
    assert len(notation._SPELLED) <= 4096
    assert texts == [e._spell() for e in exprs]
    assert [str(e) for e in exprs] == texts
    for _ in range(3):  # short-lived expressions, their memory reused
        e = DiceExpr((Dice(2, 8), Constant(-3)))
        assert str(e) == "2d8-3"
        del e


@pytest.mark.parametrize("label,actor,target", [
    ("longsword damage", "Wulfric", "Orc"), ("longsword damage", "Wulfric", None),
    ("Wulfric attacks Orc with longsword vs ACvsCrit 15", "Wulfric", "Orc"),
    ("Orc FORT Save", "Orc", "Wulfric"), (None, "Wulfric", "Orc"), ("x", None, None),
    ("resist Knockdown", "Wulfric", "Wulfric"), ("touch: TouchAC 12", "Mayat", "Ogre")])
def test_a_remembered_label_is_roll_label(label, actor, target):
    fresh = roll_label(label, actor, target)
    assert replay._named_label(label, actor, target) == fresh
    assert replay._named_label(label, actor, target) == fresh  # remembered
    replay._LABELS.clear()
    assert replay._named_label(label, actor, target) == fresh


def test_a_relabelled_roll_is_dataclasses_replace():
    roller = Roller(3)
    for expr, fortune in (("1d20+5", None), ("2d6+3", "fortunate"), ("1d20-1", "unfortunate"),
                          ("4", None)):
        r = roller.roll(expr, fortune=fortune, label="longsword damage")
        fast, slow = replay._relabelled(r, "new"), dataclasses.replace(r, label="new")
        assert type(fast) is type(slow) and fast == slow
        assert vars(fast) == vars(slow) and list(vars(fast)) == list(vars(slow))
        assert fast.explain() == slow.explain() and r.label == "longsword damage"


def test_a_load_leaves_the_cycle_collector_as_it_found_it(tmp_path):
    """The load pauses Python's cycle collector (:func:`replay._gc_paused`) and switches it
    back on after, a refused load too; one that was off stays off."""
    enc = Encounter([load_example("wulfric"), load_example("orc")],
                    sides={"party": ["Wulfric"], "orcs": ["Orc"]}, seed=2).start()
    enc.end_turn()
    path = enc.save(tmp_path / "fight.jsonl")
    bad = tmp_path / "bad.jsonl"
    bad.write_text(path.read_text().replace('"seq": 1,', '"seq": 7,', 1))
    assert gc.isenabled()
    assert Encounter.load(path).log.to_dataframe().equals(enc.log.to_dataframe())
    assert gc.isenabled()
    with pytest.raises(LogFormatError):
        Encounter.load(bad)
    assert gc.isenabled()
    gc.disable()
    try:
        Encounter.load(path)
        assert not gc.isenabled()
    finally:
        gc.enable()


_KNOCK_PAIRS = [("wulfric", "ogre", None), ("ogre", "wulfric", None), ("wulfric", "goblin", None),
                ("wulfric", "orc", None), ("wulfric", "orc", "warhammer"), ("wulfric", "orc", "halberd"),
                ("elephant", "goblin", None), ("goblin", "elephant", None),
                ("troll", "wulfric", "bite"), ("dire_wolf", "horse", None)]


@pytest.mark.parametrize("a,t,weapon", _KNOCK_PAIRS)
@pytest.mark.parametrize("grappled", [False, True])
def test_the_knockdowns_first_test_is_the_dcs_applies(a, t, weapon, grappled):
    """``_can_knock`` (asked before a strike's Knockdown DC is worked out) says what the
    worked-out DC's ``applies`` says (000_8d1d7816ee944f3b.txt, "Momentum of Impact"),
    grappled or not."""
    from lfgcombat.rules.impact import momentum_play
    one, two = load_example(a), load_example(t).replace(name="Target")
    enc = Encounter([one, two], sides={"a": [one.name], "b": ["Target"]}, seed=1).start()
    if grappled:
        enc.add_condition("Target", "grappled")
    if weapon is not None:
        enc = Encounter([one.replace(weapons=[weapon]), two],
                        sides={"a": [one.name], "b": ["Target"]}, seed=1).start()
        if grappled:
            enc.add_condition("Target", "grappled")
    dc = momentum_play._knockdown_dc(enc, one.name, "Target", weapon, 0, False, None)
    assert momentum_play._can_knock(enc, one.name, "Target", weapon) is dc.applies


def _containers(value, seen=None):
    """Every list, dict and fighter record reachable from ``value`` (by id)."""
    from lfgcombat.engine.state import _Fighter
    seen = {} if seen is None else seen
    if id(value) in seen:
        return seen
    if isinstance(value, (list, dict, _Fighter)):
        seen[id(value)] = value
        items = (value if isinstance(value, list) else
                 list(value.items()) if isinstance(value, dict) else list(vars(value).items()))
        for v in items:
            _containers(v, seen)
    elif isinstance(value, tuple):
        for v in value:
            _containers(v, seen)
    return seen


def test_a_checkpoints_copy_of_the_state_is_its_deep_copy():
    """:func:`checkpoints._deep_state` copies the state as ``copy.deepcopy`` does with the
    frozen values shared (the same values, the same frozen objects, no list, dict or fighter
    record of the encounter's own), in a fight under way (effects, timers, Gang Up, a
    readied action...), and after it changes again."""
    import copy
    import pickle
    import sys
    from pathlib import Path
    from lfgcombat.engine import checkpoints
    sys.path.insert(0, str(Path(__file__).parent / "bench"))
    from bench_encounter import long_fight
    enc = long_fight()
    for _ in range(2):
        state = {k: v for k, v in vars(enc).items() if k not in checkpoints.NOT_STATE}
        fast = checkpoints._deep_state(state, checkpoints._memo(enc, state))
        slow = copy.deepcopy(state, checkpoints._memo(enc, state))
        assert pickle.dumps(fast) == pickle.dumps(slow)
        assert checkpoints._frozen(fast["_f"][enc.names[0]].turn)
        ours = _containers(state)
        assert not set(_containers(fast)) & set(ours)  # nothing mutable shared
        for name in enc.names:  # the frozen values are the same objects
            assert fast["_f"][name].creature is state["_f"][name].creature
            assert fast["_f"][name].turn is state["_f"][name].turn
        enc.undo(5)


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(st.lists(_TERMS, min_size=1, max_size=4), st.integers(0, 2**32),
       st.sampled_from([None, "fortunate", "unfortunate"]))
def test_a_roll_and_what_it_reads_of_its_expression_are_as_computed(terms, seed, fortune):
    """A roll made by :meth:`Roller.roll` (its fields set directly) is the ``Roll`` its
    constructor makes; the shape remembered for an expression (dice, constant, a d20 first)
    is the expression's own; a roll's faces and natural are as the fields say."""
    from lfgcombat import dice as dice_module
    from lfgcombat.dice import Roll
    expr = DiceExpr(tuple(terms))
    if expr.dice_count > 1000:
        return
    r = Roller(seed).roll(expr, fortune=fortune, label="x")
    slow = Roll(r.expr, r.results, r.total, r.fortune, r.other, r.label, r.seq)
    assert r == slow and vars(r) == vars(slow) and list(vars(r)) == list(vars(slow))
    assert dice_module._shape(expr) == (expr.dice, expr.constant, expr.starts_with_d20)
    assert r.faces == tuple(f for x in r.results for f in x.faces)
    assert type(r.faces) is tuple
    assert r.natural == (r.results[0].faces[0] if expr.starts_with_d20 else None)
    assert r.explain() == slow.explain()


def _breakdown_as_written(r):
    """A roll's breakdown, as :meth:`Roll._breakdown` wrote it before it was remembered."""
    parts = []
    results = iter(r.results)
    for t in r.expr.terms:
        body = (f"[{', '.join(map(str, next(results).faces))}]" if isinstance(t, Dice)
                else str(abs(t.value)))
        parts.append((("- " if t.sign < 0 else "+ ") if parts else
                      ("-" if t.sign < 0 else "")) + body)
    return " ".join(parts)


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(st.lists(_TERMS, min_size=1, max_size=5), st.integers(0, 2**32))
def test_a_rolls_breakdown_is_written_as_before(terms, seed):
    expr = DiceExpr(tuple(terms))
    if expr.dice_count > 1000:
        return
    r = Roller(seed).roll(expr)
    assert r._breakdown() == _breakdown_as_written(r)
    assert Roller(seed).roll(expr)._breakdown() == _breakdown_as_written(r)  # remembered


def test_an_attacks_remembered_line_is_the_line_written():
    """:attr:`AttackSetup.line` is remembered on the damage plan by the weapon, mode and
    bonus it reads: attacks that share a plan but not their bonus (Gang Up, flanking) or
    their weapon each read their own line ("Attack Roll Annotations")."""
    from lfgcombat.rules.attacks import prepare
    wulfric, ogre, goblin = load_example("wulfric"), load_example("ogre"), load_example("goblin")
    setups = [prepare(wulfric, ogre, "longsword"),
              prepare(wulfric, ogre, "longsword", attack_bonuses=[2]),
              prepare(wulfric, ogre, "longsword", flanked=True),
              prepare(wulfric, ogre, "longsword", power_attack=True),
              prepare(wulfric, ogre, "dagger"),
              prepare(goblin, ogre, "shortbow", distance_ft=30),
              prepare(goblin, ogre, "short sword")]
    for s in setups + setups:  # the second time from what is remembered
        assert s.line == s._line()
    # one plan, another bonus or weapon: its own line
    first = setups[0]
    other_bonus = dataclasses.replace(first, bonus=setups[1].bonus)
    other_weapon = dataclasses.replace(first, weapon=setups[4].weapon)
    assert other_bonus.damage is first.damage is other_weapon.damage
    assert other_bonus.line == other_bonus._line() != first.line
    assert other_weapon.line == other_weapon._line() != first.line
    assert first.line == first._line()


@pytest.mark.parametrize("seed", range(12))
def test_an_attacks_values_made_fast_are_the_dataclasses(seed):
    """The setup and the result of an attack, their fields set directly (``_made.made``),
    are what the dataclasses' constructors make of the same fields (the verdicts are a
    named tuple)."""
    from lfgcombat.rules.attacks import prepare
    from lfgcombat.rules.attacks import resolve as resolve_module
    from lfgcombat.rules.attacks.setup import AttackSetup
    setup = prepare(load_example("wulfric"), load_example("orc"), "longsword",
                    flanked=bool(seed % 2), power_attack=seed % 3 == 0)
    result = setup.resolve(Roller(seed))
    for value in (setup, result):
        cls = type(value)
        slow = cls(*(getattr(value, f.name) for f in dataclasses.fields(value)))
        assert value == slow and vars(value) == vars(slow)
        assert list(vars(value)) == list(vars(slow))
    verdicts = resolve_module._to_hit(setup, Roller(seed))
    assert verdicts == type(verdicts)(*verdicts) and verdicts.hit == result.hit
    assert type(setup) is AttackSetup and result.explain() == dataclasses.replace(
        result).explain()
    with pytest.raises(TypeError):
        from lfgcombat._made import made
        made(AttackSetup, 1, 2)


def test_a_situations_remembered_hash_is_its_fields_hash():
    """:meth:`Situation.__hash__` (remembered by identity) is the hash of its fields, equal
    for equal situations, another for another situation."""
    from lfgcombat.rules.attacks.situation import Situation, _HASHES
    one, same, other = (Situation.make(flanked=True), Situation(flanked=True),
                        Situation.make(flanked=True, aim=True))
    for s in (one, same, other, one):
        assert hash(s) == hash(tuple(getattr(s, f.name) for f in dataclasses.fields(s)))
    assert hash(one) == hash(same) and one == same and hash(other) != hash(one)
    _HASHES.clear()
    assert hash(one) == hash(same)
    assert {one: 1}[same] == 1


def test_a_kept_damage_plan_is_the_plan_worked_out_for_its_weapon():
    """The damage plan kept on the attacker under its weapon's identity is the plan worked
    out afresh, for each weapon the same attacker uses in turn (and again from what is
    kept), a weapon given as a value too."""
    from lfgcombat.rules.attacks import prepare, resolve_weapon
    from lfgcombat.rules.attacks.damage_plan import damage_plan
    wulfric, orc = load_example("wulfric"), load_example("orc")
    weapons = ["longsword", "dagger", resolve_weapon(wulfric, "greataxe"), "longsword"]
    for w in weapons + weapons:
        s = prepare(wulfric, orc, w)
        fresh = damage_plan(wulfric, s.target, s.weapon, s.mode, s.situation, s.ruleset,
                            s.miss_chance)
        assert s.damage == fresh and str(s.damage.normal) == str(fresh.normal)


def test_whether_a_creature_keeps_its_readings_is_answered_as_its_class_says():
    """``prepare._keeps`` (answered once per class) says what the class says: a
    :class:`~lfgcombat.creature.Creature` keeps, a plain object does not, asked twice."""
    import importlib
    prepare_module = importlib.import_module("lfgcombat.rules.attacks.prepare")
    wulfric = load_example("wulfric")
    for _ in range(2):
        assert prepare_module._keeps(wulfric) is callable(getattr(type(wulfric), "_kept"))
        assert prepare_module._keeps(wulfric) is True
        assert prepare_module._keeps(object()) is False

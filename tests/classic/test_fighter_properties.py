"""Property tests of one combatant's round under classic and wounds (lfgcombat/rulesets/classic/turn.py,
lfgcombat/rulesets/wounds/turn.py): any sequence of steps keeps the rules' invariants.

002_2a3a79475ca2a541.txt, "Death" (dead at -10, and it stays dead), "Stabilizing a Disabled
Character" (disabled at 0 or below), "Single Actions:" (one action and at most the full
movement a round); 003_de0e94afd49609a7.txt, "When a character is subject to a
damage-dealing effect" (Hit Points, then Wounds), "Attacking an enemy usually involves
spending your Half Action".
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lfgcombat import IllegalActionError, Roller
from lfgcombat.rulesets.classic.health import ClassicVitals
from lfgcombat.rulesets.classic.turn import ClassicFighter
from lfgcombat.rulesets.wounds.health import Barrier, WoundsVitals
from lfgcombat.rulesets.wounds.turn import WoundsFighter

CLASSIC_STEPS = st.lists(st.one_of(
    st.tuples(st.just("damage"), st.integers(0, 30), st.booleans()),
    st.tuples(st.just("heal"), st.integers(0, 30), st.just(False)),
    st.tuples(st.just("turn"), st.integers(0, 3), st.booleans()),
    st.tuples(st.just("move"), st.integers(0, 40), st.just(False)),
    st.tuples(st.just("act"), st.sampled_from(["attack", "stabilize", "cast_spell"]),
              st.just(False)),
    st.tuples(st.just("end"), st.just(0), st.just(False)),
    st.tuples(st.just("drain"), st.just(1), st.just(False))), max_size=25)


def _classic_step(f: ClassicFighter, step: tuple, roller: Roller) -> ClassicFighter:
    kind, value, flag = step
    if kind == "damage":
        return f.damage(value, nonlethal=flag)
    if kind == "heal":
        return f.heal(value) if not f.vitals.dead else f
    if kind == "turn":
        return f.start_turn(roller, was_attacked=flag)[0] if not f.dead else f
    if kind == "move":
        return f.move(value)
    if kind == "act":
        return f.act(value)
    if kind == "drain":
        return f.drain(value)
    return f.end_turn()


@settings(max_examples=150, deadline=None, derandomize=True)
@given(CLASSIC_STEPS, st.sampled_from([frozenset(), frozenset({"Confused"}),
                                       frozenset({"Entangled", "Shaken"})]),
       st.booleans())
def test_classic_invariants(steps, conditions, loss):
    roller = Roller(1)
    f = ClassicFighter("Ana", ClassicVitals(20, hp_loss_switch=loss), hit_dice=4,
                       conditions=conditions)
    for step in steps:
        was_dead = f.dead
        try:
            f = _classic_step(f, step, roller)
        except IllegalActionError:
            continue  # refused: the state is unchanged (values are immutable)
        v = f.vitals
        assert v.hp <= v.max_hp and v.nonlethal >= 0
        assert not (was_dead and not f.dead)  # death is final
        assert v.disabled == (not v.dead and v.hp <= 0)
        if f.budget is not None:
            assert 0 <= f.budget.moved_ft <= f.budget.speed_ft
            assert f.budget.remaining_ft >= 0
            if v.disabled and not v.mobile:
                assert f.budget.mode == "none"


WOUNDS_STEPS = st.lists(st.one_of(
    st.tuples(st.just("damage"), st.integers(0, 40),
              st.sampled_from([None, "cold", "electricity", "fire"]), st.booleans()),
    st.tuples(st.just("turn"), st.just(0), st.just(None), st.booleans()),
    st.tuples(st.just("spend"), st.just(0), st.just(None), st.booleans()),
    st.tuples(st.just("end"), st.just(0), st.just(None), st.booleans())), max_size=25)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(WOUNDS_STEPS, st.integers(0, 30), st.one_of(st.none(), st.just(Barrier(5, 20))))
def test_wounds_invariants(steps, shell, barrier):
    roller = Roller(2)
    f = WoundsFighter("Vex", WoundsVitals(30, 12, shell=shell, barrier=barrier), dex_mod=1)
    total_before = 30 + 12
    for kind, amount, dtype, flag in steps:
        was_dead = f.dead
        try:
            if kind == "damage":
                f, _ = f.take_damage(roller, amount, dtype, to_wounds=flag)
            elif kind == "turn":
                f, _ = f.start_turn(maintain_total_defense=flag)
            elif kind == "spend":
                f = f.take_total_defense() if flag else f.spend()
                assert not f.dead  # the dead spend no Half Action
            else:
                f = f.end_turn()
        except IllegalActionError:
            continue
        v = f.vitals
        assert 0 <= v.hp <= 30 and 0 <= v.wounds <= 12
        assert not (was_dead and not f.dead)
        assert f.dead == (v.wounds == 0)
        assert v.hp + v.wounds <= total_before
        total_before = v.hp + v.wounds
        if f.turn is not None:
            assert 0 <= f.turn.half_actions <= 2
        assert f.aoo_left >= 0

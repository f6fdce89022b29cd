"""Hit points, temporary HP, dying, bleeding, stabilizing and death:
000_8d1d7816ee944f3b.txt, "Hit Points (HP) - Taking Damage, Injury, Death:", "Bleed X",
"Stabilize when Dying"."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lfgcombat import Creature, Roller
from lfgcombat.errors import IllegalActionError
from lfgcombat.rules.health.vitals import Vitals, VitalsError


def pc(max_hp=18, con=13, level=2, **kw) -> Creature:
    # A character without a class: kind pc, else it would be a monster (kind npc).
    d = {"name": "Hero", "kind": "pc", "level": level, "max_hp": max_hp,
         "abilities": {"con": con}}
    d.update(kw)
    return Creature.from_dict(d)


def test_the_18_hp_character_struck_for_20():
    """"Ex: A character with 18 HP and a 13 CON Score is struck for 20 damage. They fall
    unconscious at -2 HP and suffer Bleed 1. If they are not healed, they may continue to
    bleed 1 HP per round. If they reach -13 HP, they die."."""
    v = Vitals.from_creature(pc()).damage(20, "slashing")
    assert v.hp == -2 and v.unconscious and v.bleed == 1 and v.dying
    assert v.weakened == 1
    assert {"dying", "unconscious", "helpless", "prone"} <= set(v.conditions)
    assert v.damage(11, "bludgeoning").dead            # -13 = -CON: dead
    assert not v.damage(10, "bludgeoning").dead        # -12: still alive
    # Left alone it bleeds 1 HP per round; "After 10 rounds of bleeding, the wound begins
    # to clot" (Bleed X), so Bleed 1 stops at round 11, one HP short of death.
    for _ in range(11):
        v = v.bleed_tick()
    assert v.hp == -12 and not v.dead and v.stable


def test_bludgeoning_drops_without_bleeding():
    v = Vitals.from_creature(pc()).damage(20, "bludgeoning")
    assert v.hp == -2 and v.unconscious and v.bleed == 0 and v.stable and not v.dying


def test_goons_die_at_minus_level():
    goon = pc(kind="goon", level=3)
    assert Vitals.from_creature(goon).damage(21, "slashing").dead          # 18 - 21 = -3
    assert not Vitals.from_creature(goon).damage(20, "slashing").dead      # -2


def test_injured_at_or_below_the_threshold():
    v = Vitals.from_creature(pc(max_hp=40))   # threshold 10
    assert not v.damage(29).injured
    hurt = v.damage(30)
    assert hurt.injured and "injured" in hurt.conditions
    assert not hurt.heal(1).injured
    assert Vitals.from_creature(pc(max_hp=3)).injured_threshold is None


def test_temporary_hp_absorb_first_and_are_capped():
    """"You may never have more Temporary HP than 25% of your Maximum HP. Ex: A character with
    maximum 36HP may never have more than 9 Temporary HP"."""
    v = Vitals.from_creature(pc(max_hp=36))
    v = v.gain_temp_hp(20)
    assert v.temp_hp == 9 and "capped" in v.events[0]
    v = v.damage(12)
    assert v.temp_hp == 0 and v.hp == 33
    v = v.gain_temp_hp(4).expire_temp_hp()
    assert v.temp_hp == 0


def test_healing_reduces_bleed_and_wakes():
    """"Ex: If you are suffering Bleed 3 and you are healed +2HP, you are now suffering only
    Bleed 1"; "If your current Hit Point total is raised above 0HP, you regain
    consciousness"; healing never exceeds the maximum."""
    v = Vitals.from_creature(pc(level=5, conditions=["bleed 3"], current_hp=10))
    v = v.heal(2)
    assert v.bleed == 1 and v.hp == 12
    down = Vitals.from_creature(pc()).damage(20, "piercing")
    up = down.heal(5)
    assert up.hp == 3 and not up.unconscious and up.bleed == 0
    assert up.heal(100).hp == 18


def test_natural_healing_refused_while_bleeding_and_the_dead_stay_dead():
    v = Vitals.from_creature(pc(level=5, conditions=["bleed 2"], current_hp=10))
    with pytest.raises(IllegalActionError, match="heal naturally"):
        v.heal(3, "natural")
    dead = Vitals.from_creature(pc()).damage(40)
    with pytest.raises(IllegalActionError, match="Death"):
        dead.heal(10)


def test_bleed_stacks_to_the_level_and_clots_after_ten_rounds():
    v = Vitals.from_creature(pc(level=2, max_hp=200))
    v = v.damage(199, "piercing").damage(5, "piercing").damage(5, "piercing")
    assert v.bleed == 2                     # capped at level 2
    low = Vitals.from_creature(pc(level=5, max_hp=100, conditions=["bleed 3"]))
    taken = []
    for _ in range(13):
        before = low.hp
        low = low.bleed_tick()
        taken.append(before - low.hp)
    assert taken == [3] * 10 + [2, 1, 0] and low.bleed == 0


def test_stabilize_when_dying():
    v = Vitals.from_creature(pc()).damage(20, "slashing")
    assert v.stabilize(False).bleed == 1
    s = v.stabilize(True)
    assert s.bleed == 0 and s.stable and s.unconscious
    with pytest.raises(IllegalActionError, match="not dying"):
        s.stabilize(True)
    rolled = v.stabilize_check(pc(), Roller(seed=3))
    assert "DC 20" in rolled.events[0]


def test_knockout_and_wake():
    v = Vitals.from_creature(pc()).knock_out()
    assert v.unconscious and v.stable and v.hp == 18
    assert not v.wake().unconscious


def test_round_trip_to_creature():
    c = pc(level=4)
    v = Vitals.from_creature(c).damage(20, "slashing")
    c2 = v.to_creature(c)
    assert c2.hp == -2 and "dying" in c2.active_conditions
    assert Vitals.from_creature(c2).bleed == 1 and Vitals.from_creature(c2).weakened == 1


def test_to_creature_of_the_creatures_own_vitals_is_the_creature():
    """Vitals that change nothing the creature holds (a failed DC20 FORT Save to
    stabilize, "Stabilize when Dying") give the creature itself, and it reads as the
    copy a fresh write would make (issue 24, "Fast")."""
    c = pc(level=4)
    hurt = Vitals.from_creature(c).damage(20, "slashing").to_creature(c)
    for creature in (hurt, pc().replace(current_hp=10)):
        v = Vitals.from_creature(creature)
        failed = v.stabilize(False) if v.dying else v.evolved(events=("looked",))
        assert failed.to_creature(creature) is creature
        fresh = creature.replace(current_hp=v.hp, temp_hp=v.temp_hp,
                                 conditions=[str(a) for a in creature.conditions])
        assert fresh.to_dict() == creature.to_dict()
        assert Vitals.from_creature(fresh) == Vitals.from_creature(creature)
    # a creature whose HP were never written (the max) is written as before
    full = pc()
    assert full.current_hp is None
    assert Vitals.from_creature(full).to_creature(full) is not full


def test_to_creature_keeps_the_conditions_it_holds_in_another_order():
    """Vitals write "prone" before "bleed 1" and "weakened 1"; a creature holds them in
    the conditions' order. The same conditions are kept as they are (no new reading of
    them), and the creature equals the one a full write makes (issue 24, "Fast")."""
    c = pc(level=4).replace(current_hp=-1, conditions=["prone", "bleed 1", "weakened 1"])
    assert [str(a) for a in c.conditions] == ["bleed 1", "prone", "weakened 1"]
    v = Vitals.from_creature(c)
    assert v.extra == ("prone",)
    hit = v.damage(1, "bludgeoning")
    made = hit.to_creature(c)
    assert made.conditions is c.conditions and made.hp == -2
    fresh = c.replace(current_hp=hit.hp, temp_hp=hit.temp_hp,
                      conditions=["prone", "bleed 1", "weakened 1"])
    assert made.to_dict() == fresh.to_dict()
    assert Vitals.from_creature(made) == Vitals.from_creature(fresh)
    assert [e.label for e in made.active_conditions] == \
        [e.label for e in fresh.active_conditions]
    # a condition that changes is written
    ticked = v.evolved(bleed=2).to_creature(c)
    assert [str(a) for a in ticked.conditions] == ["bleed 2", "prone", "weakened 1"]


def test_bad_amounts_are_refused_and_change_nothing():
    v = Vitals.from_creature(pc())
    with pytest.raises(VitalsError):
        v.damage(-3)
    with pytest.raises(VitalsError):
        v.heal(2.5)
    assert v.hp == 18


@given(st.lists(st.tuples(st.sampled_from(["damage", "heal", "temp"]), st.integers(0, 30)),
                max_size=25))
def test_invariants(ops):
    v = Vitals.from_creature(pc(max_hp=30, level=3))
    for op, n in ops:
        try:
            v = {"damage": lambda: v.damage(n, "slashing"), "heal": lambda: v.heal(n),
                 "temp": lambda: v.gain_temp_hp(n)}[op]()
        except IllegalActionError:
            assert v.dead
        assert v.hp <= v.max_hp and 0 <= v.temp_hp <= v.temp_hp_cap
        assert 0 <= v.bleed <= 3 and 0 <= v.weakened <= 5
        assert v.dead == (v.dead or v.hp <= v.death_threshold)

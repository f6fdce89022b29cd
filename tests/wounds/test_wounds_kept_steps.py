"""What a wounds attack and turn keep of their readings answers as a fresh reading.

Issue 24, item 6 ("Fast"): "with caching keyed on what really changes. The same fights,
the same dice, the same events". A weapon's damage with its riders and the attack's
checked numbers (003_de0e94afd49609a7.txt, "Combat Statistics": the attack bonus, the
threat range, "x3 Multiplier") are kept on their frozen values; a turn's count of Half
Actions ("Attacking an enemy usually involves spending your Half Action"), AOO and parries
("Any attack made against a character wearing a shield") is kept by what it reads of the
record. Each is compared with the reading made afresh.
"""

from __future__ import annotations

import pytest

from lfgcombat.creature import Creature, load_example
from lfgcombat.dice import Roller
from lfgcombat.rulesets.wounds import attacks, play
from lfgcombat.rulesets.wounds.attacks import DamageParts, _setup, _setup_now
from lfgcombat.rulesets.wounds.defense import HALF_ACTIONS_PER_TURN
from lfgcombat.rulesets.wounds._base import WoundsError
from lfgcombat.rulesets.wounds.riders import Target, weapon_damage
from lfgcombat.rulesets.wounds.turn import WoundsFighter


def _orc(**kw):
    return load_example("orc").replace(prowess=2, good_saves=["fort", "ref"], **kw)


def test_a_weapons_damage_parts_are_kept_and_equal_fresh_ones():
    orc = _orc()
    dmg = weapon_damage(orc, str(orc.weapons[0]["name"]), 3, Target())
    parts = dmg.damage_parts()
    assert dmg.damage_parts() is parts
    assert parts == dmg._damage_parts_now() and parts is not dmg._damage_parts_now()
    assert str(dmg) == str(dmg._damage_parts_now())
    types, resisted = dmg.attack_words()
    assert dmg.attack_words() is dmg.attack_words()
    assert types == tuple(dict.fromkeys(t for p in dmg.parts for t in p.types)) != ()
    assert resisted == ()
    bolt = {"name": "fire bolt", "damage": "2d6", "damage_type": "fire", "crit": "20/x2",
            "ranged": True}
    garry = Creature.from_dict({"name": "Garry", "level": 3, "max_hp": 20, "prowess": 2,
                                "weapons": [bolt]})
    salamander = Creature.from_dict({"name": "Salamander", "level": 2, "max_hp": 30,
                                     "prowess": 0, "resistances": {"fire": 5}})
    hit = weapon_damage(garry, "fire bolt", 0, Target(), resistances=salamander.resistance)
    words = hit.attack_words()[1]
    assert words == tuple(n for p in hit.parts if p.resisted for n in p.notes
                          if n.endswith("a strike")) != ()


@pytest.mark.parametrize("args", [
    (5, 15, 20, 0, 2, "multiply", False), (0, 10, 19, 1, 3, "wounds", True),
    (-2, 30, 15, 0, 4, "multiply", True)])
def test_an_attacks_checked_numbers_are_kept_on_its_parts_and_equal_fresh_ones(args):
    bonus, ac, crit_range, widen, multiplier, choice, player = args
    parts = DamageParts.of("1d8+2")
    kept = _setup(bonus, ac, parts, crit_range, widen, multiplier, choice, player)
    assert _setup(bonus, ac, parts, crit_range, widen, multiplier, choice, player) is kept
    assert kept == _setup_now(bonus, ac, parts, crit_range, widen, multiplier, choice, player)
    # a plain expression is not kept (no value to keep it on): the same numbers
    assert _setup(bonus, ac, "1d8+2", crit_range, widen, multiplier, choice, player) == kept
    # the same dice, the same attack, whether the numbers were kept or not
    a = attacks.attack(Roller(seed=4), bonus, ac, parts, crit_range=crit_range, widen=widen,
                       multiplier=multiplier, critical_choice=choice, player=player)
    b = attacks.attack(Roller(seed=4), bonus, ac, "1d8+2", crit_range=crit_range,
                       widen=widen, multiplier=multiplier, critical_choice=choice,
                       player=player)
    assert a == b


def test_a_refused_attack_is_refused_every_time_never_answered_from_a_kept_one():
    parts = DamageParts.of("1d6")
    _setup(1, 12, parts, 20, 0, 2, "multiply", False)  # 1 kept: True (== 1) is no bonus
    for _ in range(2):
        with pytest.raises(WoundsError, match="bonus"):
            _setup(True, 12, parts, 20, 0, 2, "multiply", False)
        with pytest.raises(WoundsError, match="crit_range"):
            _setup(1, 12, parts, 14, 0, 2, "multiply", False)
        with pytest.raises(WoundsError):
            _setup(1, 12, parts, 20, 0, 5, "multiply", False)
    assert len(parts.__dict__["_setups"]) == 1


def _fresh_count(record: WoundsFighter, upcoming: bool) -> dict:
    """The count as :func:`play._actions_left` made it before it was kept (read now)."""
    halves = record.turn.half_actions if record.turn is not None else (
        HALF_ACTIONS_PER_TURN if upcoming and not record.dead else 0)
    notes = [f"Half Actions: {halves} ({play._TURN})",
             f"AOO left this round: {record.aoo_left}"]
    if record.shield is not None:
        notes.append(f"parries left: {record.shield.parries_left} ({play._PARRY})")
    if record.total_defense:
        notes.append("in Total Defense (+4 Defense, no AOO)")
    if record.turn is not None:
        notes.append(f"movement left: {record.remaining_ft} ft")
    summary = f"{halves} Half · {record.aoo_left} AOO"
    if record.turn is not None:
        summary += f" · {record.remaining_ft} ft"
    return {"big": halves, "attacks": halves, "spells": halves, "reactions": record.aoo_left,
            "notes": tuple(notes), "summary": summary}


def _records():
    """Records through a turn: off it, started, spent, moved, an AOO, Total Defense,
    hurt to 0 HP and slain; with and without a shield."""
    shield = {"name": "heavy wooden shield", "parry_bonus": 2, "hardness": 5, "hp": 15}
    for sheet in (_orc(), _orc(shield=shield)):
        idle = WoundsFighter.of(sheet)
        yield idle
        on, _ = idle.start_turn()
        yield on
        spent = on.spend("an attack")
        yield spent
        yield spent.move(10)
        yield on.make_aoo()
        yield on.take_total_defense()
        after, _ = spent.finish_turn()
        yield after
        yield idle.take_damage(Roller(seed=1), idle.vitals.hp)[0]  # at 0 HP
        yield idle.take_damage(Roller(seed=1), 999, to_wounds=True)[0]  # slain


def test_a_turns_count_kept_by_what_it_reads_is_the_fresh_count():
    seen = 0
    for record in _records():
        for upcoming in (False, True):
            got = play.actions_left(record, upcoming)
            assert got == _fresh_count(record, upcoming), (record, upcoming)
            got["notes"] = ()  # each caller its own dict: the kept count unchanged
            assert play.actions_left(record, upcoming) == _fresh_count(record, upcoming)
            seen += 1
    records = list(_records())
    assert seen == 2 * len(records)
    assert any(r.shield is not None for r in records) and any(r.dead for r in records)
    assert any(r.total_defense for r in records) and any(r.turn is None for r in records)


def test_a_records_step_copies_its_fields_alone_as_replace_does():
    """``evolve`` (a checked step of a record) gives what ``dataclasses.replace`` gives,
    its kept readings (the report, the count, ``aoo_left``) left behind; a value of one
    field too."""
    from dataclasses import dataclass, replace

    from lfgcombat.rulesets.classic._base import evolve

    record, _ = WoundsFighter.of(_orc()).start_turn()
    play.report(record), play.actions_left(record, False), record.aoo_left  # kept on it
    assert len(record.__dict__) > len(replace(record).__dict__)
    for change in ({"aoo_used": 1}, {"total_defense": True}, {}):
        got = evolve(record, **change)
        assert got == replace(record, **change)
        assert sorted(got.__dict__) == sorted(replace(record, **change).__dict__)

    @dataclass(frozen=True)
    class One:
        x: int

    one = One(1)
    one.__dict__["kept"] = "a reading"
    assert evolve(one).__dict__ == {"x": 1} and evolve(one, x=2) == One(2)

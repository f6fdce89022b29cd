"""Wrestling maneuvers and the Shield Bash.

000_8d1d7816ee944f3b.txt, "Wrestling Skill - Maneuvers & More", "Shield Bash",
"Wrestling against much larger creatures".
"""

from __future__ import annotations

import pytest

from lfgcombat.dice import Roller
from lfgcombat.errors import IllegalActionError
from lfgcombat.rules.actions.maneuvers import (Maneuver, ManeuverError, check_wrestle_sizes,
                                               shield_bash, touch_attack, wrestle)


def _wrestle(m, roller, **kw):
    args = dict(attacker_size="medium", target_size="medium", touch_bonus=4, touch_ac=12,
                wrestling=6, defense=3, roller=roller)
    args.update(kw)
    return wrestle(m, **args)


@pytest.mark.parametrize("m, effect", [("grab", "grappled"), ("trip", "prone"),
                                       ("shove", "shoved 5 ft")])
def test_maneuver_effects(m: str, effect: str) -> None:
    roller = Roller(42)
    results = [_wrestle(m, roller) for _ in range(200)]
    for r in results:
        assert r.knockdown is False                     # never Knockdown from a grapple
        if not r.touch.hit:
            assert r.check is None and not r.success
        else:
            assert r.success == r.check.a_wins
            assert r.effect == (effect if r.success else None)
            assert r.shove_ft == (5 if r.success and m == "shove" else 0)
    assert any(r.success for r in results) and any(not r.success for r in results)


def test_touch_attack_naturals() -> None:
    roller = Roller(8)
    rolls = [touch_attack(0, 99, roller=roller) for _ in range(400)]
    assert all(t.hit == (t.natural == 20) for t in rolls)
    rolls = [touch_attack(50, 10, roller=roller) for _ in range(400)]
    assert all(t.hit == (t.natural != 1) for t in rolls)


def test_size_limits() -> None:
    check_wrestle_sizes("medium", "large", "pin")     # 1 larger: allowed
    check_wrestle_sizes("medium", "huge", "grab")     # 2 larger: grab allowed
    with pytest.raises(IllegalActionError, match="Pin.*2 size") as info:
        check_wrestle_sizes("medium", "huge", "pin")
    assert "Wrestling against much larger creatures" in info.value.rule
    with pytest.raises(IllegalActionError, match="grapple & restrain"):
        check_wrestle_sizes("small", "huge", "grab")
    check_wrestle_sizes("small", "huge", "trip")      # trips are not limited (inferred)


def test_pin_needs_a_grapple_and_refusal_rolls_nothing() -> None:
    roller = Roller(1)
    with pytest.raises(IllegalActionError, match="Grappled"):
        _wrestle("pin", roller)
    with pytest.raises(IllegalActionError):
        _wrestle("pin", roller, target_size="huge", target_grappled=True)
    assert roller.history == []
    assert _wrestle(Maneuver.PIN, roller, target_grappled=True).maneuver is Maneuver.PIN


def test_shield_bash_as_written() -> None:
    roller = Roller(2026)
    for _ in range(300):
        r = shield_bash(shield="light", str_mod=3, touch_bonus=5, touch_ac=12, wrestling=4,
                        defense=4, roller=roller)
        assert r.shield_lost_vs_others
        if not r.touch.hit:
            assert r.check is None and not r.prone and r.damage == 0
            continue
        assert r.nat20_bonus == (5 if r.touch.natural == 20 else 0)
        assert r.check.a_bonus == 4 + r.nat20_bonus
        assert r.prone == r.check.a_wins
        big = r.check.a_wins and r.check.margin >= 5
        assert (r.damage, r.shove_ft) == ((4, 5) if big else (0, 0))   # (1+STRMod) [b]


def test_shield_bash_nat20_bonus_seen() -> None:
    roller = Roller(77)
    seen = [shield_bash(shield="tower", str_mod=0, touch_bonus=0, touch_ac=30, wrestling=0,
                        defense=0, roller=roller) for _ in range(400)]
    hits = [r for r in seen if r.touch.hit]
    assert hits and all(r.nat20_bonus == 5 for r in hits)  # only Nat 20 hits AC 30


@pytest.mark.parametrize("shield", [None, "buckler", "plate"])
def test_shield_bash_needs_a_light_or_larger_shield(shield) -> None:
    roller = Roller(1)
    with pytest.raises(IllegalActionError, match="Light or larger") as info:
        shield_bash(shield=shield, str_mod=0, touch_bonus=0, touch_ac=10, wrestling=0,
                    defense=0, roller=roller)
    assert '"Shield Bash"' in info.value.rule and roller.history == []


def test_bad_arguments() -> None:
    with pytest.raises(ManeuverError, match="maneuver"):
        _wrestle("suplex", Roller(1))
    with pytest.raises(ManeuverError, match="wrestling"):
        _wrestle("trip", Roller(1), wrestling=2.5)
    with pytest.raises(ManeuverError, match="target"):
        _wrestle("trip", Roller(1), target_size="enormous")


def test_maneuver_on_hit_skips_the_touch_attack() -> None:
    from lfgcombat.rules.actions.maneuvers import maneuver_on_hit
    roller = Roller(4)
    results = [maneuver_on_hit("shove", attacker_size="large", target_size="medium",
                               wrestling=6, defense=2, roller=roller) for _ in range(50)]
    assert all(r.touch is None and r.success == r.check.a_wins for r in results)
    assert {r.shove_ft for r in results} == {0, 5}
    with pytest.raises(IllegalActionError, match="not Pin"):
        maneuver_on_hit("pin", attacker_size="large", target_size="medium", wrestling=0,
                        defense=0, roller=roller)
    with pytest.raises(IllegalActionError, match="3\\+"):
        maneuver_on_hit("grab", attacker_size="small", target_size="huge", wrestling=0,
                        defense=0, roller=roller)


def test_charge_adds_two_to_knock_over() -> None:
    from lfgcombat.rules.actions.maneuvers import charge_wrestling_bonus
    assert charge_wrestling_bonus("trip", charging=True) == 2
    assert charge_wrestling_bonus("shield_bash", charging=True) == 2
    assert charge_wrestling_bonus(Maneuver.GRAB, charging=True) == 0
    assert charge_wrestling_bonus("trip", charging=False) == 0

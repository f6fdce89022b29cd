"""Archery (000_8d1d7816ee944f3b.txt, "Archery & Ranged Attacks")."""

from __future__ import annotations

from fractions import Fraction

import pytest

from lfgcombat.dice import Roller
from lfgcombat.errors import IllegalActionError
from lfgcombat.rules.archery.archery import (ArcheryError, Candidate, choose_unintended,
                                             range_finding_bonus, resolve_miss, running_penalty,
                                             unintended_candidates, unintended_odds, volley,
                                             volley_attack_mod, volley_hit_odds)

ALLY = Candidate("ally", 15, "cover", 5)
ORC = Candidate("orc", 12, "adjacent", 5)
WOLF = Candidate("wolf", 13, "adjacent", 5)
FAR = Candidate("goblin", 10, "behind", 15)
HIDDEN = Candidate("bat", 10, "adjacent", 5, line_of_effect=False)


def test_the_cover_giver_is_the_unintended_target_first() -> None:
    assert unintended_candidates([ORC, ALLY]) == (ALLY,)


def test_else_the_closest_adjacent_or_within_10_feet_behind() -> None:
    assert unintended_candidates([FAR, ORC]) == (ORC,)
    assert unintended_candidates([FAR]) == ()  # 15 ft behind: too far
    assert unintended_candidates([Candidate("g", 10, "behind", 10)])[0].name == "g"
    assert unintended_candidates([HIDDEN]) == ()  # no Line of Effect


def test_equals_are_chosen_at_random() -> None:
    chosen = {choose_unintended([ORC, WOLF], Roller(seed=s)).name  # type: ignore[union-attr]
              for s in range(20)}
    assert chosen == {"orc", "wolf"}


def test_a_miss_rolls_again_at_minus_4_without_precision_damage() -> None:
    shot = resolve_miss(5, 10, 20, 5, [ALLY], Roller(seed=2))
    assert shot.target == ALLY and shot.roll is not None and shot.roll.natural is not None
    assert shot.roll.total == shot.roll.natural + 1  # +5 - 4
    assert shot.hit == (shot.roll.natural != 1 and (shot.roll.natural == 20
                                                    or shot.roll.total >= 15))
    assert shot.precision_damage is False


def test_a_natural_1_or_the_shield_stops_the_arrow() -> None:
    assert resolve_miss(1, 6, 20, 5, [ALLY], Roller(seed=2)).target is None
    assert resolve_miss(10, 18, 20, 8, [ALLY], Roller(seed=2), shield=3).target is None
    with pytest.raises(ArcheryError, match="hit its target"):
        resolve_miss(15, 20, 20, 5, [ALLY], Roller(seed=2))


def test_unintended_odds_are_exact_and_match_the_rolls() -> None:
    odds = unintended_odds(5, 20, [ALLY])
    # miss without a natural 1: naturals 2..14 (13/20); then 1d20+1 >= 15: 14..20 (7/20)
    assert odds == {"ally": Fraction(13, 20) * Fraction(7, 20)}
    split = unintended_odds(5, 20, [ORC, WOLF])
    assert split["orc"] == Fraction(13, 20) * Fraction(10, 20) / 2
    roller, hits, n = Roller(seed=5), 0, 6000
    for _ in range(n):
        r = roller.roll("1d20+5")
        assert r.natural is not None
        if r.natural != 20 and r.total < 20 and r.natural != 1:
            hits += resolve_miss(r.natural, r.total, 20, 5, [ALLY], roller).hit
    assert abs(hits / n - float(odds["ally"])) < 0.02


def test_running_costs_2_on_ranged_attacks() -> None:
    assert running_penalty(True, True) == -2
    assert running_penalty(True, False) == 0 and running_penalty(False, True) == 0
    assert running_penalty(True, True, thrown_at_charge_target=True) == 0


def test_volleys() -> None:
    plan = volley("Longbow", 60)
    assert (plan.kind, plan.penalty, plan.miss_chance) == ("bow", -10, 0)
    assert not (plan.anti_armor or plan.precision_damage or plan.critical_hits)
    assert volley("javelin", 30).kind == "javelin"
    with pytest.raises(IllegalActionError, match="50 ft of vertical clearance"):
        volley("shortbow", 40)
    with pytest.raises(IllegalActionError, match="only bows"):
        volley("longsword", 100)
    with pytest.raises(IllegalActionError, match="only bows"):
        volley("light crossbow", 100)
    # a Nat 20 grants +10 Innate, not an automatic hit
    assert volley_attack_mod(plan, 20) == 0 and volley_attack_mod(plan, 19) == -10
    assert volley_hit_odds(0, 31, plan) == 0  # 20 + 0 + 10 - 10 = 20 < 31
    assert volley_hit_odds(5, 15, plan) == Fraction(1, 20)  # only the natural 20 (25)
    unseen = volley("longbow", 60, seen=False)
    assert volley_hit_odds(5, 15, unseen) == Fraction(1, 40)


def test_range_finding() -> None:
    assert [range_finding_bonus(t) for t in (14, 15, 19, 20, 25)] == [0, 2, 2, 3, 4]
    assert volley("longbow", 60, range_finding_check=20).range_finding == 3


@pytest.mark.parametrize("bonus, ac, shield", [(5, 20, 0), (8, 18, 3), (0, 12, 2), (12, 30, 0)])
def test_unintended_odds_equal_an_enumeration_of_both_dice(bonus: int, ac: int, shield: int) -> None:
    group = [ORC, WOLF]  # tied: each chosen half the time
    want = {c.name: Fraction(0) for c in group}
    for first in range(1, 21):
        total = first + bonus
        if first == 1 or first == 20 or total >= ac or total >= ac - shield:
            continue  # hit, natural 1, or the shield
        for c in group:
            for second in range(1, 21):
                if second == 20 or (second != 1 and second + bonus - 4 >= c.ac):
                    want[c.name] += Fraction(1, 20 * 20 * len(group))
    got = unintended_odds(bonus, ac, group, shield=shield)
    assert {k: got.get(k, Fraction(0)) for k in want} == want


def test_a_volleys_miss_may_strike_anyone_within_10_feet() -> None:
    near = Candidate("goblin", 10, "other", 10)
    far = Candidate("orc", 10, "other", 15)
    assert unintended_candidates([near, far], within_ft=10) == (near,)
    shot = resolve_miss(5, 10, 15, 5, [near, far], Roller(seed=3), within_ft=10)
    assert shot.target == near
    odds = unintended_odds(5, 15, [near, far], within_ft=10)
    assert set(odds) == {"goblin"}


@pytest.mark.parametrize("item, kind", [
    ("bomb", "grenade"), ("alchemist's fire", "grenade"), ("flask of acid", "grenade"),
    ("holy water", "grenade"), ("grenade", "grenade"), ("shortspear", "javelin"),
    ("composite longbow", "bow")])
def test_bombs_and_other_grenade_like_items_volley(item, kind) -> None:
    """"This attack option is only available for bows, javelins/spears, or grenade-like
    items" (000_8d1d7816ee944f3b.txt, "Volley Shots & Indirect Fire"); "Arrows & bombs may
    be shot or tossed over walls" (000_8d1d7816ee944f3b.txt, "Line of Effect (LoE)")."""
    plan = volley(item, 50)
    assert plan.kind == kind
    assert plan.clearance_ft == (50 if kind == "bow" else 30)


@pytest.mark.parametrize("item", ["sling", "dagger", "handaxe", "heavy crossbow", "rock"])
def test_other_thrown_or_shot_weapons_do_not_volley(item) -> None:
    with pytest.raises(IllegalActionError, match="only bows, javelins/spears") as e:
        volley(item, 100)
    assert "Volley Shots & Indirect Fire" in str(e.value)


def test_a_shield_stops_only_the_misses_it_adds_armor_sends_more_on() -> None:
    """Notebook 25's lesson (issue 23 item 11): "If your Ranged Attack misses the intended
    target and does not strike their shield" ("Accuracy by Volume (Unintended Targets)")
    and "If your attack misses by an amount less than or equal to the enemy's Shield
    Rating, their shield has been struck" ("Momentum of Impact"); the Shield Rating is in
    AC ("Armor Class (AC) - What is it?"). So a shield leaves the chance for the creature
    behind unchanged, and armor of the same rating raises it."""
    from lfgcombat import Creature
    from lfgcombat.rules.archery.archery import Bystander
    from lfgcombat.rules.attacks.odds import attack_odds
    bow = {"name": "longbow", "damage": "1d8", "crit": "20/x3", "damage_type": "p",
           "range_increment": 100}
    archer = Creature.from_dict({"name": "A", "class": "fighter", "level": 5, "weapons": [bow]})
    friend = Creature.from_dict({"name": "F", "class": "fighter", "level": 5})
    orc = Creature.from_dict({"name": "Orc", "class": "fighter", "level": 5})

    def chance(**gear: object) -> tuple[float, float]:
        odds = attack_odds(archer, orc.replace(**gear), "longbow", distance_ft=30,
                           bystanders=[Bystander(friend, "adjacent", 5)])
        return odds.p_hit, odds.unintended["F"]

    bare = chance()
    for rating in (2, 4, 8):
        hit, friend_struck = chance(shield_rating=rating)
        assert hit < bare[0] and friend_struck == pytest.approx(bare[1])
    armored = chance(armor={"name": "chain shirt", "rating": 4, "vs_crit": 4})
    assert armored[1] > bare[1]

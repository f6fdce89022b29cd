"""``attack_odds(...).p_knockdown``: exact odds of a Knockdown, against sampling.

000_8d1d7816ee944f3b.txt, "Momentum of Impact: Bigger Creatures hitting Smaller Creatures –
Getting Knocked Down": a physical strike on a foe 1+ size smaller that lands on it or on its
shield ("If your attack misses by an amount less than or equal to the enemy's Shield
Rating, their shield has been struck") forces a Wrestling or Acrobatics check against DC
10+HR+STRMod.
"""

from __future__ import annotations

import math

import pytest

from lfgcombat import Creature, Roller, attack, attack_odds
from lfgcombat.creature import load_example
from lfgcombat.rules.impact.momentum import knockdown_dc, resist_knockdown, shield_struck


def _guard(**kw) -> Creature:
    d = {"name": "Guard", "class": "fighter", "level": 3, "shield_rating": 2,
         "abilities": {"dex": 12}}
    d.update(kw)
    return Creature.from_dict(d)


def _sampled(attacker: Creature, target: Creature, weapon: str, n: int, seed: int,
             charge_ft: int = 0) -> float:
    """Roll the attack, then (when it lands on the target or its shield) the defender's
    check with its better bonus - the procedure of the text, step by step."""
    roller = Roller(seed)
    dc = knockdown_dc(attacker, target, weapon=weapon, charge_ft=charge_ft)
    down = 0
    for _ in range(n):
        r = attack(attacker, target, weapon, roller)
        roll = r.attack_roll
        lands = r.hit or (roll is not None and roll.natural != 1 and shield_struck(
            max(1, int(r.setup.ac) - roll.total), int(target.shield_rating)))
        if lands and resist_knockdown(dc, 0, roller=roller).prone:
            down += 1
    return down / n


@pytest.mark.parametrize("attacker, weapon", [("ogre", "greatclub"), ("elephant", "gore"),
                                              ("dire_wolf", "strong bite")])
def test_p_knockdown_agrees_with_sampling(attacker: str, weapon: str) -> None:
    a, t = load_example(attacker), _guard()
    p = attack_odds(a, t, weapon).p_knockdown
    n = 4000
    got = _sampled(a, t, weapon, n, seed=14)
    sigma = math.sqrt(max(p * (1 - p), 1e-4) / n)
    assert abs(got - p) < 4 * sigma + 1e-9, (attacker, p, got)


@pytest.mark.parametrize("attacker, weapon", [("ogre", "greatclub"), ("elephant", "gore")])
def test_p_knockdown_of_a_charge_agrees_with_sampling(attacker: str, weapon: str) -> None:
    """000_8d1d7816ee944f3b.txt, "Momentum of Impact: Bigger Creatures hitting Smaller
    Creatures – Getting Knocked Down": "Striking on a Charge Attack after moving at least 20
    feet grants a +2 Innate Bonus to Knockdown DC". ``attack_odds(..., charge_ft=25)`` (the
    same as ``.charging(25)``) against the strike and check rolled with a DC built from
    ``charge_ft=25``. The Guard has Acrobatics +8 here so the +2 matters (an unskilled
    defender fails the Ogre's DC either way)."""
    a, t = load_example(attacker), _guard(skills={"acrobatics": 8})
    p = attack_odds(a, t, weapon, charge_ft=25).p_knockdown
    assert p == pytest.approx(attack_odds(a, t, weapon).charging(25).p_knockdown)
    n = 4000
    roller_free = _sampled_skilled(a, t, weapon, n, seed=41, charge_ft=25)
    sigma = math.sqrt(max(p * (1 - p), 1e-4) / n)
    assert abs(roller_free - p) < 4 * sigma + 1e-9, (attacker, p, roller_free)


def _sampled_skilled(attacker: Creature, target: Creature, weapon: str, n: int, seed: int,
                     charge_ft: int) -> float:
    """As :func:`_sampled`, the defender rolling its better of Wrestling and Acrobatics."""
    from lfgcombat.creature.close_keys import skills_of
    from lfgcombat.rules.actions.skills import skill_bonus
    roller = Roller(seed)
    dc = knockdown_dc(attacker, target, weapon=weapon, charge_ft=charge_ft)
    best = max(int(skill_bonus(target, s, skills_of(target)).value or 0)
               for s in ("wrestling", "acrobatics"))
    down = 0
    for _ in range(n):
        r = attack(attacker, target, weapon, roller)
        roll = r.attack_roll
        lands = r.hit or (roll is not None and roll.natural != 1 and shield_struck(
            max(1, int(r.setup.ac) - roll.total), int(target.shield_rating)))
        if lands and resist_knockdown(dc, best, roller=roller).prone:
            down += 1
    return down / n


def test_a_charge_raises_the_knockdown_dc_only_from_20_ft() -> None:
    """"after moving at least 20 feet" (000_8d1d7816ee944f3b.txt, "Momentum of Impact"):
    19 ft changes nothing, 20 ft makes the check 2 harder (10% more failures on the d20
    while the defender can still succeed)."""
    from lfgcombat.rules.impact.momentum import MomentumError
    ogre, t = load_example("ogre"), _guard(skills={"acrobatics": 8})
    base = attack_odds(ogre, t, "greatclub", exact=True)
    assert base.charging(19).p_knockdown == pytest.approx(base.p_knockdown)
    assert base.charging(20).charge_ft == 20
    assert base.charging(20).p_knockdown > base.p_knockdown
    assert base.charging(0).p_knockdown == pytest.approx(base.p_knockdown)
    for bad in (-5, 2.5, True):
        with pytest.raises(MomentumError, match="charge_ft"):
            base.charging(bad)
    # the other figures are the attack's own: a Charge's distance does not touch them
    assert attack_odds(ogre, t, "greatclub", charge_ft=30).p_hit == pytest.approx(
        float(base.p_hit))


def test_no_knockdown_on_the_same_size_or_larger() -> None:
    assert attack_odds(load_example("wulfric"), load_example("orc"), "longsword"
                       ).p_knockdown == 0.0
    assert attack_odds(load_example("goblin"), load_example("ogre"), "short sword"
                       ).p_knockdown == 0.0


def test_the_shield_adds_its_rating_of_misses() -> None:
    """The strike lands on a hit or a miss by <= Shield Rating: with an unbeatable check
    (DC far above the d20) P(knockdown) = P(hit) + P(miss by 1..SR)."""
    ogre = load_example("ogre")
    bare, shielded = _guard(shield_rating=0), _guard(shield_rating=3)
    a, b = attack_odds(ogre, bare, "greatclub"), attack_odds(ogre, shielded, "greatclub")
    assert a.p_knockdown == pytest.approx(a.p_hit)   # DC 21 vs a +0 check: always fails
    assert b.p_knockdown == pytest.approx(b.p_hit + 0.15)  # 3 more faces land on the shield


# ------------------------------------------------------------------ a flying defender


def _flyer(seed: int, up: int):
    """The Ogre (held aloft) strikes Hero, a Poor flyer ``up`` ft above the ground, in an
    Encounter whose strike rolls its own Knockdown; ``None`` when Hero would act first."""
    from lfgcombat import HexMap
    from lfgcombat.engine import Encounter
    from encounter.helpers import mk
    ogre = load_example("ogre")
    hero = mk("Hero", max_hp=300, movement="Move Speed 30, Fly 50 [poor]",
              skills={"acrobatics": 12})
    m = HexMap(10, 6)
    m.place(ogre, (2, 2), "foes")
    m.place(hero, (4, 2), "party")
    m.set_altitude("Ogre", up)
    m.set_altitude("Hero", up)
    enc = Encounter([ogre, hero], map=m, seed=seed).start()
    if enc.current != "Ogre":
        return None, None
    return enc, enc.attack("Ogre", "Hero")


@pytest.mark.parametrize("up", [30, 10])
def test_a_flyers_knockdown_odds_agree_with_the_encounters_own_knockdown(up: int) -> None:
    """"Flying creatures are Unfortunate when resisting Knockdown strikes. A flying creature
    affected by a Knockdown drops 10 feet. If they reach the ground, they fall prone. If
    not, they regain control & continue flying. Creatures with Clumsy or Poor Maneuverability
    fall 20 feet" (000_8d1d7816ee944f3b.txt, "Momentum of Impact"). The exact odds of the
    encounter's own attack setup (``odds_for(result.setup).flying(up)``) against the
    knockdowns the Encounter rolls by itself: 30 ft up the Poor flyer drops 20 ft and flies
    on (never Prone); 10 ft up the drop reaches the ground (Prone)."""
    from lfgcombat.rules.attacks.odds import odds_for
    drops = prone = n = 0
    exact = None
    for seed in range(900):
        enc, result = _flyer(seed, up)
        if enc is None:
            continue
        if exact is None:
            exact = odds_for(result.setup).flying(up)   # the Fly Speed's Poor
        n += 1
        ev = [e for e in enc.log if e.kind == "knockdown"]
        drops += bool(ev and ev[0].data["drop_ft"])
        prone += bool(ev and ev[0].data["prone"])
    assert exact is not None and n > 300
    assert exact.knockdown_drop_ft == 20 and exact.maneuverability == "poor"
    p_drop = exact.p_knockdown_drop
    p_prone = exact.p_knockdown
    assert 0.2 < p_drop < 0.8
    assert p_prone == (p_drop if up <= 20 else 0.0)
    ground = odds_for(result.setup)   # on the ground: not Unfortunate, fails less often
    assert ground.p_knockdown_drop == 0.0 and ground.p_knockdown < p_drop
    for p, got in ((p_drop, drops / n), (p_prone, prone / n)):
        sigma = math.sqrt(max(p * (1 - p), 1e-4) / n)
        assert abs(got - p) < 4 * sigma + 1e-9, (up, p, got, n)


def test_flying_odds_refuse_a_bad_height_or_maneuverability() -> None:
    from lfgcombat.rules.impact.momentum import MomentumError
    odds = attack_odds(load_example("ogre"), _guard(), "greatclub")
    with pytest.raises(MomentumError, match="flying_ft"):
        odds.flying(-5)
    with pytest.raises(MomentumError, match="maneuverability"):
        odds.flying(30, "wobbly")
    assert odds.flying(30).maneuverability == "average" and odds.flying(30).knockdown_drop_ft == 10
    assert odds.flying(None).p_knockdown == odds.p_knockdown


# ------------------------------------------------------------------ a Charge


def _charge(seed: int):
    """The Ogre (acting first) runs 25 ft at Hero and strikes as a Charge Attack; the
    Encounter rolls the Knockdown by itself."""
    from lfgcombat import HexMap
    from lfgcombat.engine import Encounter
    from encounter.helpers import mk
    ogre = load_example("ogre").replace(initiative_rating=50)
    hero = mk("Hero", max_hp=300, skills={"acrobatics": 14})
    m = HexMap(14, 5)
    m.place(ogre, (1, 2), "foes")
    m.place(hero, (8, 2), "party")
    enc = Encounter([ogre, hero], map=m, seed=seed).start()
    assert enc.current == "Ogre"
    enc.run("Ogre", (6, 2))
    return enc, enc.attack("Ogre", "Hero", charge=True)


def test_a_charges_knockdown_odds_agree_with_the_encounters_own_knockdown() -> None:
    """"Striking on a Charge Attack after moving at least 20 feet grants a +2 Innate Bonus
    to Knockdown DC" (000_8d1d7816ee944f3b.txt, "Momentum of Impact"):
    :func:`lfgcombat.rules.impact.momentum.knockdown_odds` with ``charge_ft`` against the knockdowns the
    Encounter rolls after its own 25-ft Charge Attacks; without the distance the odds are
    lower (the DC 2 less), and a run under 20 ft adds nothing."""
    from lfgcombat.rules.attacks.odds import odds_for
    from lfgcombat.rules.impact.momentum import MomentumError, knockdown_odds
    down = n = 0
    setup = None
    for seed in range(1000):
        enc, result = _charge(seed)
        kd = [e for e in enc.log if e.kind == "knockdown"]
        if setup is None:
            setup = result.setup
        if kd:
            assert "Charge after 25 ft (innate)" in dict(kd[0].data["terms"])
        n += 1
        down += bool(kd and kd[0].data["prone"])
    assert setup is not None
    p_hit = odds_for(setup).p_hit
    p = knockdown_odds(setup, p_hit=p_hit, charge_ft=25)
    plain = knockdown_odds(setup, p_hit=p_hit)
    assert 0.05 < plain < p < 0.95 and plain == knockdown_odds(setup, charge_ft=15)
    sigma = math.sqrt(p * (1 - p) / n)
    assert abs(down / n - p) < 4 * sigma, (p, down / n, n)
    assert abs(down / n - p) < abs(down / n - plain)   # the sampling sees the +2
    with pytest.raises(MomentumError, match="charge_ft"):
        knockdown_odds(setup, charge_ft=-5)


def test_charge_ft_belongs_to_the_lfg_rules() -> None:
    """Knockdown is "Momentum of Impact" of 000_8d1d7816ee944f3b.txt: another ruleset's
    odds refuse a Charge distance instead of ignoring it."""
    from lfgcombat.rulesets import RulesetError
    a = load_example("wulfric")
    t = load_example("orc")
    with pytest.raises(RulesetError, match="charge_ft"):
        attack_odds(a, t, "longsword", ruleset="classic", charge_ft=25)

"""The wounds initiative: 003_de0e94afd49609a7.txt has no initiative section; its
"Electricity" rider ("-1 on initiative for one round per 5 points of damage taken [...] The
penalty refreshes and is cumulative") needs a roll each round, so ``round_by_round`` is the
ruleset's default (inferred, ``DEFAULT_INITIATIVE``) and every roll counts the penalty."""

from __future__ import annotations

import dataclasses
import re


from lfgcombat import Creature, Encounter
from lfgcombat.rulesets import Ruleset
from lfgcombat.rulesets.wounds.ruleset import (DEFAULT_INITIATIVE, NOT_AUTOMATIC,
                                               WoundsRoundByRound, wounds_check_bonus)
from lfgcombat.rulesets.wounds.turn import WoundsFighter


def ash():
    return Creature.from_dict({
        "name": "Ash", "level": 3, "max_hp": 30, "kind": "pc", "ruleset": ["wounds"],
        "abilities": {"str": 14, "dex": 12, "con": 12}, "prowess": 2,
        "good_saves": ["fort", "ref"],
        "weapons": [{"name": "shock spear", "damage": "3d6", "damage_type": "electricity",
                     "crit": "20/x2"}]})


def orc():
    return Creature.from_dict({
        "name": "Orc", "level": 2, "max_hp": 60, "ruleset": ["wounds"],
        "abilities": {"str": 16, "dex": 10, "con": 14}, "prowess": 1,
        "good_saves": ["fort", "will"], "weapons": ["greataxe"]})


SIDES = {"party": ["Ash"], "foes": ["Orc"]}
WEAPON = {"Ash": "shock spear", "Orc": "greataxe"}


def test_round_by_round_is_the_wounds_default():
    assert DEFAULT_INITIATIVE == "round_by_round"
    assert Ruleset("wounds").initiative == "round_by_round"
    assert Ruleset("wounds").describe() == "wounds (003_de0e94afd49609a7.txt)"
    assert isinstance(Ruleset("wounds").initiative_policy, WoundsRoundByRound)
    enc = Encounter([ash(), orc()], sides=SIDES, ruleset="wounds", seed=1)
    assert enc.ruleset.initiative == "round_by_round"
    # the other lfg options stay available; lfg's own default is unchanged
    assert Encounter([ash(), orc()], sides=SIDES, ruleset="wounds", seed=1,
                     initiative="selective").ruleset.initiative == "selective"
    assert Ruleset().initiative == "selective"
    assert not any("initiative" in n for n in NOT_AUTOMATIC)


def test_the_check_bonus_adds_the_running_penalty():
    rec = WoundsFighter.of(orc())
    lfg = int(orc().initiative_bonus)
    assert wounds_check_bonus(orc(), None) is None          # no record: lfg's own check
    assert wounds_check_bonus(orc(), rec) == lfg
    shocked = dataclasses.replace(rec, initiative_penalty=-3, initiative_rounds=1)
    assert wounds_check_bonus(orc(), shocked) == lfg - 3
    expired = dataclasses.replace(rec, initiative_penalty=-3, initiative_rounds=0)
    assert wounds_check_bonus(orc(), expired) == lfg


def _bonus(expression: str) -> int:
    m = re.fullmatch(r"1d20([+-]\d+)", expression)
    assert m, expression
    return int(m.group(1))


def test_each_rounds_roll_counts_electricitys_penalty():
    """A creature shocked after its own turn rolls the next round's initiative at -1 per 5
    electricity damage; one not shocked (or whose penalty ran out) at lfg's bonus. The
    creature that ended the round gets Round-by-Round's +5 Innate, so only the other one's
    roll is compared."""
    lfg = {"Ash": int(ash().initiative_bonus), "Orc": int(orc().initiative_bonus)}
    shocked_rolls = compared = 0
    for seed in range(1, 9):
        enc = Encounter([ash(), orc()], sides={"party": ["Ash"], "foes": ["Orc"]},
                        ruleset="wounds", seed=seed).start()
        for turn in range(8):                        # four rounds of two turns
            who = enc.acting[0]
            foe = "Orc" if who == "Ash" else "Ash"
            while enc.actions_left(who).attacks and not enc.state(foe).dead:
                enc.attack(who, foe, WEAPON[who])
            if enc.state(foe).dead:
                break
            pen = enc.state(foe).vitals["initiative_penalty"]
            mark = len(enc.log)
            enc.end_turn()
            if turn % 2:                             # the round ended: everyone rolled
                rolls = [e.data["expression"] for e in list(enc.log)[mark:]
                         if e.kind == "roll" and e.data["label"].startswith(f"{foe} init")]
                assert len(rolls) == 1 and _bonus(rolls[0]) == lfg[foe] + pen
                compared += 1
                shocked_rolls += pen < 0
    assert compared >= 10 and shocked_rolls >= 1

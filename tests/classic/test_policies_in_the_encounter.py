"""The classic and wounds policies the Encounter already asks, played through it.

These tests came before the Encounter played ``classic`` (tests/classic/
test_classic_encounter.py plays it now); they keep showing that the Ruleset seam asks the
action economy for every count of attacks
and the initiative mapping for the turn order. A probe ruleset - lfg with one slot taken from
classic or wounds - shows those policies obeyed by the real Encounter:
002_2a3a79475ca2a541.txt, "Single Actions:" ("characters can only attack once per round"),
"Conditions" (Flat-footed: "A character who has not yet acted during a combat");
003_de0e94afd49609a7.txt, "Attacking an enemy usually involves spending your Half Action".
"""

from __future__ import annotations

import dataclasses

import pytest

from lfgcombat import Creature, IllegalActionError
from lfgcombat.engine import Encounter
from lfgcombat.rulesets import LFG_DEFINITION, Ruleset, registered
from lfgcombat.rulesets.classic.ruleset import CLASSIC
from lfgcombat.rulesets.wounds.ruleset import WOUNDS

SWORD = {"name": "longsword", "damage": "1d8", "crit": "19-20/x2", "damage_type": "s"}


def probe(name: str, **slots: object) -> object:
    return registered(dataclasses.replace(LFG_DEFINITION, name=name, text=f"{name}.txt",
                                          aliases=(), **slots))


def mk(name: str, level: int = 15, init: int = 0, **kw: object) -> Creature:
    return Creature.from_dict({"name": name, "class": "fighter", "level": level,
                               "initiative_rating": init, "weapons": [SWORD], **kw})


def fight(ruleset: str, **kw: object) -> Encounter:
    return Encounter([mk("Hero", init=40), mk("Orc", max_hp=500)],
                     sides={"us": ["Hero"], "them": ["Orc"]}, seed=1, ruleset=ruleset,
                     **kw).start()


@pytest.mark.parametrize("economy, attacks", [(CLASSIC.economy, 1), (WOUNDS.economy, 2)])
def test_the_encounter_counts_attacks_by_the_economy(economy, attacks):
    """A level-15 fighter: 4 attacks under lfg, 1 with the classic round, 2 with wounds'
    two Half Actions."""
    with probe("economy-probe", economy=economy):
        enc = fight("economy-probe")
        assert enc.actions_left("Hero").attacks == attacks
        for _ in range(attacks):
            enc.attack("Hero", "Orc")
        with pytest.raises(IllegalActionError, match="no attack left this turn"):
            enc.attack("Hero", "Orc")
    assert fight("lfg").actions_left("Hero").attacks == 4


def test_the_encounter_plays_the_classic_initiative():
    """Top-Down order from one initiative roll, and Flat-footed until a creature acts."""
    with probe("initiative-probe", initiative=CLASSIC.initiative,
               default_initiative=CLASSIC.default_initiative):
        enc = fight("initiative-probe", initiative="top_down")
        assert enc.initiative_policy.rule.startswith("002_2a3a79475ca2a541.txt")
        assert enc.current == "Hero"
        assert "flat-footed" in " ".join(enc.state("Orc").effects).lower()
    lfg_top_down = Ruleset("lfg", initiative="top_down").initiative_policy
    assert lfg_top_down.rule != enc.initiative_policy.rule  # the same order, its own text

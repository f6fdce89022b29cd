"""A creature's ``ruleset`` key and lfg's optional rules, refused where they do not belong.

``lfgcombat/rulesets/fields.py`` (module docstring): "a ruleset it is not written for
refuses it by name"; lfg's optional rules are 000_8d1d7816ee944f3b.txt's "Killer Criticals
(Optional Rule)", "Perfect Critical (Optional Rule)" and "5-Foot Step" (the advanced
option): neither 002_2a3a79475ca2a541.txt (classic) nor 003_de0e94afd49609a7.txt (wounds)
has them, as ``hp_loss_per_round`` ("Stabilizing a Disabled Character") is classic's only.
"""

from __future__ import annotations

import dataclasses

import pytest

from lfgcombat import attack_odds as top_attack_odds
from lfgcombat import Roller
from lfgcombat.rules.attacks import attack
from lfgcombat.rules.attacks.odds import attack_odds
from lfgcombat.creature import load_example
from lfgcombat.engine import Encounter
from lfgcombat.rulesets import LFG_DEFINITION, Ruleset, RulesetError, registered
from lfgcombat.rulesets.base import LFG_SWITCHES, lfg_switches_of
from lfgcombat.rulesets.fields import RulesetFieldError

W = load_example("wulfric").replace(bab=5, prowess=3, good_saves=["fort", "will"])
CLASSIC_ORC = load_example("orc").replace(bab=3, ruleset=["classic"])
SIDES = {"a": ["Wulfric"], "b": ["Orc"]}


@pytest.mark.parametrize("call", [
    lambda: attack_odds(W, CLASSIC_ORC, "longsword"),
    lambda: top_attack_odds(W, CLASSIC_ORC, "longsword", ruleset="lfg"),
    lambda: attack(W, CLASSIC_ORC, "longsword", Roller(1)),
    lambda: attack_odds(CLASSIC_ORC, W, "greataxe"),
])
def test_lfg_refuses_a_creature_written_only_for_classic(call):
    with pytest.raises(RulesetFieldError, match=r"Orc is written for classic, not lfg; add "
                       r"lfg to its 'ruleset' list.*drop the 'ruleset' key"):
        call()


def test_an_encounter_names_every_creature_not_written_for_its_ruleset():
    wounds_w = W.replace(ruleset=["wounds"])
    with pytest.raises(RulesetFieldError) as err:
        Encounter([wounds_w, CLASSIC_ORC], sides=SIDES, seed=1)
    text = str(err.value)
    assert "the lfg ruleset refuses creatures not written for it" in text
    assert "Wulfric: written for wounds, not lfg" in text
    assert "Orc: written for classic, not lfg" in text
    assert "add lfg to each one's 'ruleset' list" in text and "drop the 'ruleset' key" in text
    with pytest.raises(RulesetFieldError,
                       match=r"(?s)the classic ruleset refuses.*Wulfric: written for wounds"):
        Encounter([wounds_w, CLASSIC_ORC], sides=SIDES, ruleset="classic", seed=1)


def test_a_creature_without_a_ruleset_key_or_listing_lfg_still_plays():
    both = CLASSIC_ORC.replace(ruleset=["lfg", "classic"])
    assert attack_odds(W, both, "longsword").p_hit > 0
    assert attack_odds(W, load_example("orc"), "longsword").p_hit > 0
    Encounter([W, both], sides=SIDES, seed=1).start()


@pytest.mark.parametrize("name,switch", [
    (name, switch) for name in ("classic", "wounds") for switch in LFG_SWITCHES])
def test_lfg_switches_are_refused_when_the_ruleset_is_built(name, switch):
    with pytest.raises(RulesetError) as err:
        Ruleset(name, **{switch: True})
    text = str(err.value)
    assert text.startswith(f"{switch} is an optional rule of lfg (000_8d1d7816ee944f3b.txt")
    assert f"the {name} ruleset" in text and "leave it off" in text
    assert f"Ruleset('lfg', {switch}=True)" in text
    with pytest.raises(RulesetError, match=switch):
        Ruleset(name).replace(**{switch: True})


def test_lfg_and_a_toy_built_from_it_keep_the_switches():
    for switch in LFG_SWITCHES:
        assert getattr(Ruleset("lfg", **{switch: True}), switch) is True
    toy = dataclasses.replace(LFG_DEFINITION, name="toy13", text="toy13.txt", aliases=())
    with registered(toy):
        assert Ruleset("toy13", killer_criticals=True).killer_criticals
        assert lfg_switches_of(toy) == tuple(LFG_SWITCHES)
    none = dataclasses.replace(toy, lfg_switches=())
    with registered(none):
        with pytest.raises(RulesetError, match="perfect_critical.*toy13 ruleset"):
            Ruleset("toy13", perfect_critical=True)
    with pytest.raises(RulesetError, match="lfg_switches is a tuple of lfg's optional"):
        dataclasses.replace(toy, lfg_switches=("hp_loss_per_round",))
    assert lfg_switches_of(Ruleset("classic").definition) == ()
    assert lfg_switches_of(Ruleset("wounds").definition) == ()
    # switched off they are accepted (a saved classic fight's header lists them as False)
    assert Ruleset("classic", killer_criticals=False, hp_loss_per_round=True).hp_loss_per_round

"""Rulesets as a registry of named rulesets built from policies (issue 10, "The Ruleset seam").

000_8d1d7816ee944f3b.txt is ``lfg``; ``classic`` (002_2a3a79475ca2a541.txt) and ``wounds``
(003_de0e94afd49609a7.txt) are named and refused until built. The initiative options are
policies: "Rounds, Initiative, & Turn Order" (Selective), "Alternative Initiative Option #1"
(Round-by-Round) and "#2" (Top-Down).
"""

from __future__ import annotations

import dataclasses

import pytest

from lfgcombat.creature import attacks_per_turn
from lfgcombat.rulesets import (
    LFG,
    LFG_DEFINITION,
    ActionEconomy,
    RoundByRoundInitiative,
    Ruleset,
    RulesetError,
    SelectiveInitiative,
    TopDownInitiative,
    coerce_ruleset,
    definition,
    implemented,
    register,
    registered,
)


def test_the_registry_names_three_rulesets_and_plays_one():
    assert Ruleset.names() == ("lfg", "classic", "wounds")
    assert implemented() == ("lfg", "classic", "wounds")  # classic and wounds: issue 13


@pytest.mark.parametrize("alias", ["lfg", "LFG", " Lfg ", "000", "000_8d1d7816ee944f3b.txt"])
def test_aliases_find_lfg(alias):
    assert Ruleset(alias) == LFG
    assert coerce_ruleset(alias).name == "lfg"


def test_a_ruleset_registered_but_not_implemented_is_refused_with_the_clear_error():
    """A named ruleset not playable yet is refused naming its text (classic and wounds were,
    until issue 13 built them; a plugin's ruleset in progress still is)."""
    draft = dataclasses.replace(LFG_DEFINITION, name="draft", text="009_draft.txt",
                                aliases=("009",), implemented=False, refusal="; it is a draft")
    with registered(draft):
        for name in ("draft", "009"):
            with pytest.raises(RulesetError, match="is not implemented yet.*009_draft.txt"
                               "|009_draft.txt.*not implemented yet"):
                Ruleset(name)
            assert definition(name).text == "009_draft.txt"


def test_unknown_names_and_bad_switches_are_refused():
    with pytest.raises(RulesetError, match="unknown ruleset 'chess'.*'lfg'"):
        Ruleset("chess")
    with pytest.raises(RulesetError, match="unknown ruleset"):
        Ruleset(3)  # type: ignore[arg-type]
    with pytest.raises(RulesetError, match="initiative must be one of"):
        Ruleset(initiative="popcorn")
    with pytest.raises(RulesetError, match="top_down_flat_footed is a switch"):
        Ruleset(top_down_flat_footed="yes")  # type: ignore[arg-type]


def test_initiative_switch_picks_a_policy_object():
    assert isinstance(LFG.initiative_policy, SelectiveInitiative)
    assert isinstance(Ruleset(initiative="round_by_round").initiative_policy,
                      RoundByRoundInitiative)
    td = Ruleset(initiative="top_down", top_down_flat_footed=False).initiative_policy
    assert isinstance(td, TopDownInitiative) and td.flat_footed is False
    assert td.fixed_order and td.interrupts_need_ready and td.ready_holds == (1, 0)
    assert td.start_effects("Orc") == []
    on = Ruleset(initiative="top_down").initiative_policy.start_effects("Orc")
    assert on[0].conditions == ("flat_footed",) and on[0].on == "Orc"
    assert on[0].ends == "own_first_turn"


def test_describe_names_only_what_differs_from_the_defaults():
    assert LFG.describe() == "lfg (000_8d1d7816ee944f3b.txt)"
    assert Ruleset(killer_criticals=True).describe() == (
        "lfg (000_8d1d7816ee944f3b.txt) with killer_criticals")
    assert Ruleset(initiative="top_down", top_down_flat_footed=False).describe() == (
        "lfg (000_8d1d7816ee944f3b.txt) with initiative=top_down, top_down_flat_footed=False")


@pytest.mark.parametrize("level", range(0, 21))
@pytest.mark.parametrize("bigs", [0, 1, 2])
def test_the_economy_spreads_attacks_per_turn_over_big_actions(level, bigs):
    """"Attacks Per Turn": 0-4 one Big Action attacks (1); 5-9 each Big Action (2); 10-14
    "Once per Turn, you may make 2 Attacks as a single Big Action" (3); 15+ 2 per Big Action
    (4). The counts come from creature.attacks_per_turn, the rule's one home."""
    eco = LFG.economy
    assert eco.attacks_on(level, bigs, double_used=False) == attacks_per_turn(level, bigs)
    once = 10 <= level <= 14
    assert eco.double_once_per_turn(level) is once
    expected_used = bigs if once else attacks_per_turn(level, bigs)
    assert eco.attacks_on(level, bigs, double_used=True) == expected_used
    assert eco.one_attack_or_cast(level) is (level <= 4)


def test_a_ruleset_is_defined_by_overriding_only_what_differs():
    """How to add a ruleset: replace one policy of lfg's definition and register it (for
    the length of a ``with`` block, so other tests still see three rulesets)."""

    @dataclasses.dataclass(frozen=True)
    class ThreeFree(ActionEconomy):
        free_actions: int = 3

    with registered(dataclasses.replace(LFG_DEFINITION, name="lfg_three_free_test",
                                        text="test-only", aliases=("lfg3",),
                                        economy=ThreeFree())) as test_def:
        rs = Ruleset("LFG3")
        assert rs.name == "lfg_three_free_test" and rs.definition is test_def
        assert rs.economy.free_actions == 3 and LFG.economy.free_actions == 2
        assert rs.health is LFG.health and rs.condition_catalogue.data_file == "conditions.csv"
        with pytest.raises(RulesetError, match="already names the ruleset"):
            register(dataclasses.replace(LFG_DEFINITION, name="other", text="x",
                                         aliases=("000",)))
    assert Ruleset.names() == ("lfg", "classic", "wounds")


def test_a_ruleset_is_a_plain_value_copied_pickled_and_replaced():
    import copy
    import pickle

    rs = Ruleset(initiative="top_down", killer_criticals=True)
    for again in (copy.deepcopy(rs), pickle.loads(pickle.dumps(rs)), rs.replace()):
        assert again == rs and again.definition is LFG_DEFINITION
    assert rs.replace(grid="square").grid == "square" and rs.grid == "hex"
    with pytest.raises(RulesetError, match="grid must be one of"):
        rs.replace(grid="octagon")


@pytest.mark.parametrize("changes, message", [
    ({"economy": 3}, "the economy slot must be an instance of ActionEconomy"),
    ({"conditions": "conditions.csv"}, "the conditions slot must be an instance of "
                                       "ConditionCatalogue"),
    ({"name": " "}, "a ruleset's name is a non-empty string"),
    ({"aliases": ["x"]}, "aliases is a tuple of names"),
    ({"initiative": {"fast": SelectiveInitiative}}, r"initiative maps .*wrong: \['fast'\]"),
    ({"initiative": {}}, "initiative maps .*wrong: empty"),
])
def test_a_definition_with_a_bad_slot_is_refused(changes, message):
    with pytest.raises(RulesetError, match=message):
        dataclasses.replace(LFG_DEFINITION, **changes)


def test_register_takes_only_a_definition():
    with pytest.raises(RulesetError, match="register\\(\\) takes a RulesetDefinition"):
        register("lfg")  # type: ignore[arg-type]
    assert Ruleset.names() == ("lfg", "classic", "wounds")

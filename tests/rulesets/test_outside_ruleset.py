"""The ruleset contract from outside the package (issue 24, "Rulesets found by name, never
listed"): a toy ``hearts`` ruleset, written here as a plugin would write it by the README's
"How to add a ruleset", plays, saves, loads, forks and undoes a fight; every consumer of
the kit asks the ruleset object and either answers by the toy's rules or refuses it by
name - never with lfg's numbers.

``hearts`` keeps a record of each combatant: three hearts, one lost to each hit; its
attack is a d20 against 8. Its rules come from no text ("hearts.txt").
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, replace
from typing import Any

import pytest

from lfgcombat import Creature, Encounter
from lfgcombat.rules.attacks.odds import attack_odds
from lfgcombat.errors import LfgError
from lfgcombat.prep import simulate
from lfgcombat.prep.spec import PrepError, fast_tier_plays, prep_choices
from lfgcombat.rulesets.compare import compared_rulesets, odds_table
from lfgcombat.errors import IllegalActionError
from lfgcombat.rulesets import (LFG_DEFINITION, ActionEconomy, AttackResolution,
                                EncounterAttack, HealthModel, Ruleset, RulesetError,
                                registered)
from lfgcombat.rules.health.vitals import Vitals


@dataclass(frozen=True)
class Heart:
    name: str
    hearts: int = 3
    attacks: int = 0


@dataclass(frozen=True)
class HeartsEconomy(ActionEconomy):
    """One attack a turn."""

    def start_turn(self, record: Heart, roller: Any, *, was_attacked: bool = False
                   ) -> tuple[Heart, tuple[str, ...]]:
        return replace(record, attacks=1), ("one attack",)

    def spend(self, record: Heart, action: str) -> Heart:
        if not record.attacks:
            raise IllegalActionError("the hearts turn is spent", '"hearts.txt", "Turn"')
        return replace(record, attacks=0)

    def end_turn(self, record: Heart) -> Heart:
        return replace(record, attacks=0)

    def budget(self, record: Heart) -> dict[str, int]:
        return {"left": record.attacks}

    def actions_left(self, record: Heart, upcoming: bool) -> dict[str, Any]:
        left = 1 if upcoming else record.attacks
        return {"big": left, "attacks": left, "notes": ("hearts turn",)}


@dataclass(frozen=True)
class HeartsHealth(HealthModel):
    def combatant(self, creature: Any, ruleset: Any) -> Heart:
        return Heart(creature.name)

    def take_damage(self, record: Heart, amount: int, *, nonlethal: bool = False
                    ) -> tuple[Heart, tuple[str, ...]]:
        lost = 1 if amount > 0 else 0
        return replace(record, hearts=max(0, record.hearts - lost)), (f"loses {lost} heart",)

    def heal(self, record: Heart, amount: int) -> tuple[Heart, tuple[str, ...]]:
        return replace(record, hearts=min(3, record.hearts + 1)), ("gains a heart",)

    def report(self, record: Heart) -> dict[str, Any]:
        dead = record.hearts <= 0
        return {"hp": record.hearts, "max_hp": 3, "status": "dead" if dead else "conscious",
                "dead": dead, "conditions": [], "vitals": {"hearts": record.hearts}}


@dataclass(frozen=True)
class HeartsAttacks(AttackResolution):
    def encounter_attack(self, roller: Any, attacker: Any, target: Any, weapon: Any, *,
                         attacker_record: Heart, target_record: Heart,
                         **situation: Any) -> EncounterAttack:
        roll = roller.roll("1d20", label="hearts attack")
        hit = roll.total >= 8
        return EncounterAttack("hit" if hit else "miss", hit, False, False, 1 if hit else 0,
                               None, 8, 0, f"hearts {roll.total}")


HEARTS = dataclasses.replace(LFG_DEFINITION, name="hearts", text="hearts.txt", aliases=(),
                             economy=HeartsEconomy(), attacks=HeartsAttacks(),
                             health=HeartsHealth())


@pytest.fixture
def hearts():
    with registered(HEARTS) as spec:
        yield spec


def _pair() -> tuple[Creature, Creature]:
    a = Creature.from_dict({"name": "A", "class": "fighter", "level": 3,
                            "weapons": [{"name": "longsword"}]})
    return a, a.replace(name="B")


def _fight(seed: int = 3) -> Encounter:
    a, b = _pair()
    return Encounter([a, b], sides={"x": ["A"], "y": ["B"]}, ruleset="hearts", seed=seed,
                     initiative="top_down").start()


def _play(enc: Encounter, turns: int = 20) -> None:
    for _ in range(turns):
        if any(enc.state(n).dead for n in enc.names):
            return
        me = enc.current
        if enc.state(me).actions_left.attacks:
            enc.attack(me, "B" if me == "A" else "A")
        enc.end_turn()


def test_a_plugin_ruleset_plays_saves_loads_forks_and_undoes(hearts, tmp_path):
    enc = _fight()
    _play(enc)
    assert any(enc.state(n).dead for n in enc.names)
    assert {enc.state(n).vitals["hearts"] for n in enc.names} <= {0, 1, 2, 3}
    again = Encounter.load(enc.save(tmp_path / "hearts.jsonl"))
    assert [e.to_json() for e in again.log] == [e.to_json() for e in enc.log]
    fork = enc.fork()
    assert [e.to_json() for e in fork.log] == [e.to_json() for e in enc.log]
    before = [e.to_json() for e in enc.log]
    enc.undo()  # the last command, with every event it made
    assert [e.to_json() for e in enc.log] == [e for e in before
                                              if e["step"] < before[-1]["step"]]
    assert enc.state("A") == Encounter.load(enc.save(tmp_path / "undone.jsonl")).state("A")


def test_vitals_are_the_record_s_not_lfg_s(hearts):
    a, _ = _pair()
    v = Vitals.from_creature(a, ruleset="hearts")
    assert (v.hp, v.max_hp, v.fields["hearts"]) == (3, 3, 3)
    assert str(v) == "HP 3/3, conscious (hearts 3)"
    assert v.hp == _fight().state("A").hp  # the one health the Encounter reports too


def test_exact_odds_are_refused_by_name_never_lfg_s(hearts):
    a, b = _pair()
    with pytest.raises(RulesetError, match="'hearts' has no exact attack odds"):
        attack_odds(a, b, "longsword", ruleset="hearts")
    with pytest.raises(RulesetError, match="'hearts' has no exact attack odds"):
        odds_table([(a, b, "longsword")], ["hearts"])
    assert "hearts" not in compared_rulesets()
    with pytest.raises(LfgError, match="does not say how much damage takes"):
        HeartsHealth().take_out(a)


def test_gm_prep_plays_it_on_the_reference_tier_and_refuses_the_fast_tier(hearts):
    a, b = _pair()
    assert not fast_tier_plays(Ruleset("hearts"))
    assert prep_choices(Ruleset("hearts"))["tiers"] == ("reference",)
    r = simulate({"x": [a], "y": [b]}, 4, ruleset="hearts", seed=1, progress=False)
    assert r.tier == "reference" and len(r.winner) == 4
    assert any(re.search("fast tier plays lfg(, classic)*(, wounds)* only, not hearts", n)
               for n in r.notes)
    with pytest.raises(PrepError, match="hearts"):
        simulate({"x": [a], "y": [b]}, 4, ruleset="hearts", seed=1, progress=False,
                  tier="fast")


def test_a_toy_keeping_lfg_s_attacks_gets_lfg_s_odds_and_the_fast_tier():
    renamed = dataclasses.replace(LFG_DEFINITION, name="lfg2", text="lfg2.txt", aliases=())
    a, b = _pair()
    with registered(renamed):
        assert fast_tier_plays(Ruleset("lfg2"))
        ours = attack_odds(a, b, "longsword", ruleset="lfg2")
        assert ours.p_hit == attack_odds(a, b, "longsword").p_hit
        assert "lfg2" in compared_rulesets()


def test_widgets_offer_what_the_ruleset_can_do(hearts):
    from lfgcombat.dice import Roller
    from lfgcombat.widgets import AttackPanel, CharacterSheet
    a, b = _pair()
    with pytest.raises(LfgError, match="'hearts' has no exact attack odds"):
        AttackPanel([a, b], Roller(seed=1), ruleset="hearts")
    assert "hearts" in CharacterSheet(a)._ruleset.options


def test_a_record_keeping_ruleset_missing_its_hooks_is_refused_when_defined():
    with pytest.raises(RulesetError, match=r"define ActionEconomy\.start_turn, "
                                           r"ActionEconomy\.spend, ActionEconomy\.end_turn, "
                                           r"ActionEconomy\.budget, ActionEconomy\.actions_left "):
        dataclasses.replace(HEARTS, economy=ActionEconomy())
    with pytest.raises(RulesetError, match=r"AttackResolution\.encounter_attack"):
        dataclasses.replace(HEARTS, attacks=AttackResolution())


@dataclass(frozen=True)
class _HeartsOdds:
    """Exact odds with only the declared fields (no ``summary()``)."""
    bonus: int = 0
    ac: int = 8
    p_hit: float = 0.65
    p_crit: float = 0.0
    expected_damage: float = 0.65


@dataclass(frozen=True)
class HeartsAttacksWithOdds(HeartsAttacks):
    def attack_odds(self, attacker: Any, target: Any, weapon: Any, **situation: Any
                    ) -> _HeartsOdds:
        return _HeartsOdds()


def test_the_attack_panel_reads_only_declared_members_and_refuses_a_missing_roll():
    """The AttackPanel shows a policy's odds from the declared fields when they have no
    ``summary()``, and its Roll asks ``own_attack_roll()``: a policy with odds but no
    standalone ``attack`` is refused by name, nothing rolled."""
    from lfgcombat.dice import Roller
    from lfgcombat.widgets import AttackPanel
    spec = dataclasses.replace(HEARTS, attacks=HeartsAttacksWithOdds())
    a, b = _pair()
    with registered(spec):
        roller = Roller(seed=1)
        panel = AttackPanel([a, b], roller, ruleset="hearts")
        assert "hit 65.0%" in panel._line.value and "AC 8" in panel._line.value
        assert panel.roll() is None
        assert "'hearts' has no attack roll outside an encounter" in panel.error
        assert roller.history == []
        with pytest.raises(RulesetError, match="no attack roll outside an encounter"):
            spec.own_attack_roll()

"""The record hooks (issue 13): a toy ruleset keeping its own record of each combatant, and
the Encounter obeying every hook without knowing the ruleset's name.

The pattern ``classic`` follows (lfgcombat/rulesets/classic/ruleset.py): ``HealthModel.combatant``
gives each combatant a record; the economy starts, spends and ends its turns; the attack
policy rolls its attacks; the health model takes its damage and reports its state. The toy's
rules come from no text ("toy.txt").
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, replace
from typing import Any, ClassVar

import pytest

from lfgcombat import Creature
from lfgcombat.engine import Encounter
from lfgcombat.errors import IllegalActionError
from lfgcombat.rulesets import (LFG_DEFINITION, ActionEconomy, AttackResolution,
                                EncounterAttack, HealthModel, registered)

TOY = "toy.txt"


@dataclass(frozen=True)
class Toy:
    name: str
    hp: int
    budget: dict | None = None


@dataclass(frozen=True)
class ToyHealth(HealthModel):
    def combatant(self, creature: Any, ruleset: Any) -> Toy:
        return Toy(creature.name, 10)

    def take_damage(self, record: Toy, amount: int, *, nonlethal: bool = False
                    ) -> tuple[Toy, tuple[str, ...]]:
        return replace(record, hp=record.hp - amount), (f"toy takes {amount}",)

    def heal(self, record: Toy, amount: int) -> tuple[Toy, tuple[str, ...]]:
        return replace(record, hp=min(10, record.hp + amount)), ()

    def report(self, record: Toy) -> dict[str, Any]:
        dead = record.hp <= 0
        return {"hp": record.hp, "max_hp": 10, "status": "dead" if dead else "conscious",
                "dead": dead, "conditions": [], "vitals": {"toy_hp": record.hp}}


@dataclass(frozen=True)
class ToyEconomy(ActionEconomy):
    single_actions: ClassVar[tuple[str, ...]] = ("attack", "standard_action")

    def start_turn(self, record: Toy, roller: Any, *, was_attacked: bool = False
                   ) -> tuple[Toy, tuple[str, ...]]:
        return replace(record, budget={"left": 1, "mode": "toy"}), ("toy turn",)

    def spend(self, record: Toy, action: str) -> Toy:
        if not record.budget or not record.budget["left"]:
            raise IllegalActionError("the toy round is spent", f'{TOY}, "Round"')
        return replace(record, budget={**record.budget, "left": 0})

    def end_turn(self, record: Toy) -> Toy:
        return replace(record, budget=None)

    def budget(self, record: Toy) -> dict | None:
        return record.budget

    def actions_left(self, record: Toy, upcoming: bool) -> dict[str, Any]:
        left = 1 if upcoming else (record.budget or {"left": 0})["left"]
        return {"big": left, "attacks": left, "notes": ("toy round",)}


@dataclass(frozen=True)
class ToyAttacks(AttackResolution):
    def encounter_attack(self, roller: Any, attacker: Any, target: Any, weapon: Any, *,
                         attacker_record: Toy, target_record: Toy,
                         **situation: Any) -> EncounterAttack:
        roll = roller.roll("1d20", label="toy attack")
        hit = roll.total >= 8
        return EncounterAttack("hit" if hit else "miss", hit, False, False, 4 if hit else 0,
                               None, 8, 0, f"toy {roll.total}")


def toy_rules() -> Any:
    return registered(dataclasses.replace(
        LFG_DEFINITION, name="toyrec", text=TOY, aliases=(), economy=ToyEconomy(),
        attacks=ToyAttacks(), health=ToyHealth()))


def fight(seed: int = 1) -> Encounter:
    a = Creature.from_dict({"name": "A", "class": "fighter", "level": 1,
                            "weapons": ["longsword"]})
    b = a.replace(name="B")
    return Encounter([a, b], sides={"x": ["A"], "y": ["B"]}, ruleset="toyrec", seed=seed,
                     initiative="top_down").start()


def test_the_encounter_plays_a_record_through_the_hooks(tmp_path):
    with toy_rules():
        enc = fight()
        who = enc.current
        other = "B" if who == "A" else "A"
        rules = [e for e in enc.log if e.kind == "turn_rules"]
        assert rules[-1].data["events"] == ["toy turn"] and rules[-1].data["mode"] == "toy"
        assert enc.state(who).budget == {"left": 1, "mode": "toy"}
        assert enc.state(other).budget is None and enc.state(other).actions_left.attacks == 1
        result = enc.attack(who, other)
        assert result.text.startswith("toy ")
        assert enc.state(other).hp == 10 - result.damage
        assert enc.state(other).vitals == {"toy_hp": 10 - result.damage}
        with pytest.raises(IllegalActionError, match="toy round is spent"):
            enc.attack(who, other)
        with pytest.raises(IllegalActionError, match="toy round is spent"):
            enc.act(who, "standard_action")
        with pytest.raises(IllegalActionError, match="not an action of the toyrec round"):
            enc.act(who, "open_close_door")
        for _ in range(12):
            enc.end_turn()
            if enc.state(enc.current).actions_left.attacks:
                enc.attack(enc.current, "B" if enc.current == "A" else "A")
            if any(enc.state(n).dead for n in enc.names):
                break
        assert any(enc.state(n).status == "dead" for n in enc.names)
        path = enc.save(tmp_path / "toy.jsonl")
        again = Encounter.load(path)
        assert [e.to_json() for e in again.log] == [e.to_json() for e in enc.log]


def test_lfg_keeps_no_record_and_its_hooks_refuse():
    lfg = LFG_DEFINITION
    assert lfg.health.combatant(object(), None) is None
    for call in (lambda: lfg.economy.spend(None, "attack"),
                 lambda: lfg.health.report(None),
                 lambda: lfg.attacks.encounter_attack(None, None, None, None,
                                                      attacker_record=None,
                                                      target_record=None),
                 lambda: lfg.conditions.add_to(None, "prone")):
        with pytest.raises(Exception, match="keeps no combatant record"):
            call()

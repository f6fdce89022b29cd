"""The Ruleset seam's contract (issue 10, "3. The Ruleset seam").

A ruleset is built by overriding policy slots of ``lfg`` and nothing else. A toy ruleset
defined here overrides every slot - initiative, action economy, attack resolution, health,
damage and the condition catalogue (with its own small table, ``data/toy_conditions.csv``)
- and each test shows that :class:`~lfgcombat.engine.Encounter` and the attack functions
obey the override, while the same steps under ``lfg`` keep the rules of
000_8d1d7816ee944f3b.txt ("Attacks Per Turn", "Killer Criticals (Optional Rule)", "Death",
"Damage in Combat", "Conditions – Full Details", "Alternative Initiative Option #2 –
Top-Down Initiative: (Highest to lowest)").
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from types import MappingProxyType
from typing import Any, ClassVar

import pytest

from lfgcombat import Creature, IllegalActionError, LfgError, Roller, RulesDataError
from lfgcombat.rules.attacks import attack, coup_de_grace, prepare
from lfgcombat.rules.conditions.conditions import Condition, specs
from lfgcombat.rules.damage import Applied, DamageType
from lfgcombat.engine import Encounter
from lfgcombat.rules.attacks.resolve import vitals_after_damage
from lfgcombat.rulesets import (
    INITIATIVE_POLICIES,
    LFG,
    LFG_DEFINITION,
    ActionEconomy,
    AttackResolution,
    ConditionCatalogue,
    DamageModel,
    HealthModel,
    Ruleset,
    RulesetError,
    TopDownInitiative,
    definition,
    register,
    registered,
    unregister,
)
from lfgcombat.rules.health.vitals import Vitals

TOY_TABLE = Path(__file__).parent / "data" / "toy_conditions.csv"
SWORD = {"name": "longsword", "damage": "1d8", "crit": "19-20/x2", "damage_type": "s"}


# --------------------------------------------------------------------------- the toy ruleset

@dataclasses.dataclass(frozen=True)
class AlphabeticalInitiative(TopDownInitiative):
    """A fixed order by name, whatever the dice say."""

    name: ClassVar[str] = "alphabetical"

    def first_order(self, ranked: list[str], units: list[str]) -> list[str]:
        return sorted(units)


@dataclasses.dataclass(frozen=True)
class OneAttack(ActionEconomy):
    """One attack a turn at any level."""

    def attacks_per_turn(self, level: int, big_actions: int = 2) -> int:
        return 1 if big_actions > 0 else 0


@dataclasses.dataclass(frozen=True)
class HalfHpCriticals(AttackResolution):
    """Killer Criticals deal at least half the target's maximum HP."""

    def killer_critical_minimum(self, multiplier: int, max_hp: int) -> int:
        return max_hp // 2


@dataclasses.dataclass(frozen=True)
class DeathAtZero(HealthModel):
    """Death at 0 HP or less."""

    def vitals(self, creature: Any) -> Vitals:
        return dataclasses.replace(super().vitals(creature), death_threshold=0)


@dataclasses.dataclass(frozen=True)
class CutIsSlashing(DamageModel):
    """``cut`` is one more name of slashing damage."""

    def damage_type(self, value: Any) -> DamageType:
        if isinstance(value, str) and value.strip().lower() == "cut":
            return DamageType.SLASHING
        return super().damage_type(value)


TOY = dataclasses.replace(
    LFG_DEFINITION, name="toy", text="toy-rules.txt", aliases=("toy rules",),
    initiative=MappingProxyType({**INITIATIVE_POLICIES, "alphabetical": AlphabeticalInitiative}),
    economy=OneAttack(), attacks=HalfHpCriticals(), health=DeathAtZero(),
    damage=CutIsSlashing(), conditions=ConditionCatalogue(TOY_TABLE))


@pytest.fixture
def toy() -> Any:
    with registered(TOY):
        yield Ruleset("toy")


def mk(name: str, level: int = 5, init: int = 0, **kw: Any) -> Creature:
    d = {"name": name, "class": "fighter", "level": level, "initiative_rating": init,
         "weapons": kw.pop("weapons", [SWORD])}
    d.update(kw)
    return Creature.from_dict(d)


def fight(ruleset: Ruleset, *creatures: Creature, **kw: Any) -> Encounter:
    """The first creature against the others; the first acts first (unless the
    initiative policy says otherwise)."""
    sides = {"us": [creatures[0].name], "them": [c.name for c in creatures[1:]]}
    return Encounter(list(creatures), sides=sides, seed=1, ruleset=ruleset, **kw).start()


# --------------------------------------------------------------------------- the registry

def test_registered_adds_the_ruleset_for_a_block_and_removes_it_after():
    before = Ruleset.names()
    with registered(TOY) as spec:
        assert spec is TOY and Ruleset("Toy Rules").definition is TOY
        assert Ruleset.names() == before + ("toy",)
        with pytest.raises(RulesetError, match="already registered"):
            with registered(TOY):
                pass
    assert Ruleset.names() == before
    with pytest.raises(RulesetError, match="unknown ruleset 'toy rules'"):
        Ruleset("toy rules")


def test_registered_removes_the_ruleset_even_when_the_block_raises():
    with pytest.raises(ZeroDivisionError):
        with registered(TOY):
            1 / 0
    with pytest.raises(RulesetError, match="unknown ruleset"):
        definition("toy")


def test_unregister_removes_a_plugin_ruleset_and_refuses_lfg():
    register(TOY)
    rs = Ruleset("toy")
    assert unregister("TOY RULES") is TOY
    with pytest.raises(RulesetError, match="unknown ruleset"):
        Ruleset("toy")
    with pytest.raises(RulesetError, match="no longer registered"):
        rs.definition
    with pytest.raises(RulesetError, match="cannot be unregistered"):
        unregister("000")
    assert Ruleset("lfg").definition is LFG_DEFINITION


# --------------------------------------------------------------------------- each slot

def test_the_initiative_policy_orders_the_turns(toy):
    """The toy's options are its own: ``alphabetical`` plays under it and is refused under
    lfg; lfg's Top-Down puts the higher Initiative first."""
    zed, abe = mk("Zed", init=40), mk("Abe", init=0)
    assert fight(toy, zed, abe, initiative="alphabetical").current == "Abe"
    assert fight(LFG, zed, abe, initiative="top_down").current == "Zed"
    with pytest.raises(LfgError, match="initiative must be one of selective, "
                                       "round_by_round, top_down, not 'alphabetical'"):
        Encounter([zed, abe], seed=1, initiative="alphabetical")
    assert Ruleset("toy", initiative="alphabetical").initiative_policy.name == "alphabetical"


def test_the_economy_counts_the_attacks_of_a_turn(toy):
    """A level-15 fighter: 4 attacks a turn under lfg ("Level 15+: You may make 2 Attacks
    as part of a single Big Action (4)"), 1 under the toy."""
    for rules, attacks in ((toy, 1), (LFG, 4)):
        enc = fight(rules, mk("Hero", level=15, init=40), mk("Orc", max_hp=500))
        assert enc.actions_left("Hero").attacks == attacks
        enc.attack("Hero", "Orc")
        assert enc.actions_left("Hero").attacks == attacks - 1
    enc = fight(toy, mk("Hero", level=15, init=40), mk("Orc", max_hp=500))
    enc.attack("Hero", "Orc")
    with pytest.raises(IllegalActionError, match="no attack left this turn"):
        enc.attack("Hero", "Orc")


def _gang_boss() -> Creature:
    return Creature.from_dict({"name": "Boss", "class": "fighter", "level": 5,
                               "abilities": {"con": 14}, "armor": {"rating": 2},
                               "resistances": {"dr": "1/aa"}})


def test_the_attack_policy_sets_the_killer_critical_minimum(toy):
    """The text's Ex#1 (a STR 8 dagger critical against a 52 HP Gang Boss with DR 1/aa: at
    least 10, 9 after DR) under lfg; half the maximum HP (26, 25 after DR) under the toy,
    both in prepare() and in an encounter's automatic critical on a Helpless foe."""
    a = mk("A", level=3, init=40, abilities={"str": 8}, weapons=["dagger"])
    boss = _gang_boss()
    assert boss.max_hp.value == 52
    for rules, least, dealt in ((toy, 26, 25), (LFG, 10, 9)):
        killer = rules.replace(killer_criticals=True)
        assert prepare(a, boss, "dagger", ruleset=killer).damage.killer_minimum == least
        enc = fight(killer, a, boss)
        enc.add_condition("Boss", "helpless")
        result = enc.attack("A", "Boss", "dagger", auto_critical=True)
        assert result.critical and result.weapon_part == least
        assert [e for e in enc.log if e.kind == "attack"][-1].data["damage"] == {
            "slashing": dealt}


def test_the_health_model_decides_death(toy):
    """A fighter struck to exactly 0 HP: unconscious and dying under lfg ("Unconscious &
    Dying"; it dies only at -CON score, "Death"), dead under the toy - in the encounter,
    in an attack's ``target_after`` and in a Coup de Grace."""
    for rules, dead in ((toy, True), (LFG, False)):
        orc = mk("Orc")
        enc = fight(rules, mk("Hero", init=40), orc)
        enc.damage("Orc", orc.hp, "s")
        assert enc.state("Orc").dead is dead
        assert enc.state("Orc").status == ("dead" if dead else "dying")
        hit = (Applied(DamageType.SLASHING, orc.hp, 0, orc.hp, ""),)
        assert vitals_after_damage(orc, hit, ruleset=rules).dead is dead
        low = mk("Low", max_hp=40, current_hp=30, conditions=["helpless"])
        cdg = coup_de_grace(mk("Hero"), low, "longsword", Roller(seed=2), option=2,
                            ruleset=rules)
        assert cdg.target_after.hp == 0 and cdg.killed is dead


def test_the_health_model_is_asked_by_a_rolled_attack(toy):
    """A hit of 1-10 damage takes a 1 HP fighter to 0 HP or less, above its -CON score (-10):
    dying under lfg, dead under the toy (the attack's ``target_after``)."""
    hero, orc = mk("Hero", level=15), mk("Orc", level=1, current_hp=1)
    seed = next(s for s in range(100)
                if (r := attack(hero, orc, "longsword", Roller(seed=s))).hit
                and 1 <= r.total <= 10)
    for rules, dead in ((toy, True), (LFG, False)):
        r = attack(hero, orc, "longsword", Roller(seed=seed), ruleset=rules)
        assert r.hit and r.target_after.hp <= 0 and r.target_after.dead is dead


def test_the_damage_model_reads_damage_types(toy):
    """``cut`` is slashing under the toy; lfg refuses it with its own types ("Damage in
    Combat")."""
    enc = fight(toy, mk("Hero", init=40), mk("Orc"))
    enc.damage("Orc", 3, "cut")
    assert [e for e in enc.log if e.kind == "damage"][-1].data["type"] == "slashing"
    enc = fight(LFG, mk("Hero", init=40), mk("Orc"))
    with pytest.raises(IllegalActionError, match="unknown damage type 'cut'"):
        enc.damage("Orc", 3, "cut")
    assert toy.damage_model.damage_type("s") is LFG.damage_model.damage_type("s")


def test_the_condition_catalogue_reads_its_own_table(toy):
    """The toy's table lists five conditions and calls Prone also "knocked down" and
    "floored"; lfg's is data/conditions.csv."""
    cat = toy.condition_catalogue
    assert cat.conditions() == (Condition.BLEED, Condition.FLAT_FOOTED, Condition.HELPLESS,
                                Condition.PRONE, Condition.STUNNED)
    assert cat.spec("prone").aliases == ("knocked down", "floored")
    enc = fight(toy, mk("Hero", init=40), mk("Orc"))
    enc.add_condition("Orc", "knocked down")
    assert "prone" in enc.state("Orc").conditions
    enc.remove_condition("Orc", "Floored")
    assert "prone" not in enc.state("Orc").conditions
    with pytest.raises(IllegalActionError, match="unknown condition 'frightened'.*Known "
                                                 "conditions: bleed, flat-footed, helpless"):
        enc.add_condition("Orc", "frightened")
    lfg = fight(LFG, mk("Hero", init=40), mk("Orc"))
    with pytest.raises(IllegalActionError, match="unknown condition 'knocked down'"):
        lfg.add_condition("Orc", "knocked down")
    lfg.add_condition("Orc", "frightened")
    assert "frightened" in lfg.state("Orc").conditions


def test_a_bad_catalogue_table_is_refused_naming_the_file(tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text(TOY_TABLE.read_text().replace(",amount,", ",lots,", 1))
    with pytest.raises(RulesDataError, match="bad.csv"):
        ConditionCatalogue(bad).lookup("bleed")
    with pytest.raises(RulesDataError, match="nowhere/conditions.csv: cannot read the file"):
        ConditionCatalogue("nowhere/conditions.csv").lookup("bleed")
    with pytest.raises(LfgError, match="data_file is the catalogue's table"):
        ConditionCatalogue(12)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- lfg unchanged

def test_lfg_is_built_from_the_base_policies_and_the_lfg_table():
    rs = LFG.definition
    assert (type(rs.economy), type(rs.attacks), type(rs.health), type(rs.damage),
            type(rs.conditions)) == (ActionEconomy, AttackResolution, HealthModel,
                                     DamageModel, ConditionCatalogue)
    assert LFG.condition_catalogue.specs is specs()
    assert tuple(rs.initiative) == ("selective", "round_by_round", "top_down")


@pytest.mark.parametrize("level, attacks", [(0, 1), (4, 1), (5, 2), (9, 2), (10, 3),
                                            (14, 3), (15, 4), (20, 4)])
def test_lfg_turn_attacks_are_the_sheet_s_attacks_per_turn(level, attacks):
    """"Attacks Per Turn": the policy and the creature's sheet agree, level by level."""
    c = mk("C", level=level)
    assert LFG.economy.turn_attacks(c) == int(c.attacks_per_turn) == attacks
    staggered = mk("C", level=level, conditions=["staggered"])
    assert LFG.economy.turn_attacks(staggered) == int(staggered.attacks_per_turn)


def test_every_optional_member_the_engine_probes_is_documented_on_its_policy():
    """Issue 13: a new ruleset's author learns from the policies' docstrings every member
    the engine asks for with ``getattr`` (and does without): each probed name is declared
    on the policy class or listed in its docstring's "Optional members"
    (lfgcombat/rulesets/policies.py)."""
    import inspect
    import re

    root = Path(__file__).resolve().parents[2]
    policy_of = {"economy": ActionEconomy, "health": HealthModel,
                 "catalogue": ConditionCatalogue, "attack_resolution": AttackResolution,
                 "attacks": AttackResolution}
    probe = re.compile(r"getattr\(\s*([\w.]+)\s*,\s*\"(\w+)\"")
    found: dict[type, set[str]] = {}
    for path in [*(root / "lfgcombat").rglob("*.py"), *(root / "widgets").rglob("*.py")]:
        for expr, name in probe.findall(path.read_text(encoding="utf-8")):
            cls = policy_of.get(expr.split(".")[-1])
            if cls is not None and (expr.startswith(("self.ruleset.", "st.ruleset.", "spec."))
                                    or "." not in expr):
                found.setdefault(cls, set()).add(name)
    assert {"rule", "stabilize_takes_healer_record", "label", "fumble_rule"} <= set().union(
        *found.values())
    for cls, names in found.items():
        doc = inspect.getdoc(cls) or ""
        missing = [n for n in sorted(names) if not hasattr(cls, n) and f"``{n}" not in doc]
        assert not missing, f"{cls.__name__} does not document {missing}"
    economy = inspect.getdoc(ActionEconomy) or ""
    for key in ('"summary"', "remaining_ft", "move_limit_ft"):  # a dict key, budget fields
        assert key in economy
    for hook in ("aoo_on_move", "aoo_rule", "aoo_problem", "single_actions"):  # declared
        assert hasattr(ActionEconomy, hook) and hook in inspect.getsource(ActionEconomy)
    assert "Attack of Opportunity" in (ActionEconomy.aoo_problem.__doc__ or "")
    assert ActionEconomy().aoo_problem(None) and not ActionEconomy.aoo_on_move

"""The close fight in an encounter: wrestle, shield_bash, knockdown, crushing_advance,
skill_action, follow_up; every refusal changes nothing, every command replays from a save.

000_8d1d7816ee944f3b.txt, "Special Actions in Combat" (Wrestling Skill - Maneuvers & More,
Shield Bash, the skill actions), "Momentum of Impact" (Knockdown), "Crushing Advance",
"Natural Weapons", "Wrestling against much larger creatures".
"""

from __future__ import annotations

import pytest

from lfgcombat import HexMap
from lfgcombat.creature import load_example
from lfgcombat.engine import Encounter

from encounter.helpers import mk, refused

CLAWS = [{"name": "claw"}, {"name": "bite"}]


def fight(seed: int = 1, *, hero: dict | None = None, foes: tuple = (), auto: bool = True
          ) -> Encounter:
    """Hero (acting first) next to an Orc, a Goblin behind it, others as given."""
    cs = [mk("Hero", **{"init": 40, "shield_rating": 2, **(hero or {})}), mk("Orc"),
          mk("Gob", level=1, size="small")]
    m = HexMap(12, 8)
    m.place(cs[0], (2, 2), "party")
    m.place(cs[1], (3, 2), "foes")
    m.place(cs[2], (2, 3), "foes")
    extra = []
    for i, (name, size, at) in enumerate(foes):
        c = mk(name, size=size)
        extra.append(c)
        m.place(c, at, "foes")
    return Encounter(cs + extra, map=m, seed=seed, knockdown_after_strike=auto).start()


def first_seed(make, ok, tries: int = 60):
    """The first seed whose fight ``make(seed)`` satisfies ``ok``; the fight."""
    for seed in range(tries):
        enc = make(seed)
        if enc is not None and ok(enc):  # None: a seed the fight cannot use
            return enc
    raise AssertionError("no seed gave the outcome")


def last(enc: Encounter, kind: str):
    return next(e for e in reversed(list(enc.log)) if e.kind == kind)


def conditions(enc: Encounter, name: str) -> list[str]:
    return enc.state(name).conditions


def replays(enc: Encounter, tmp_path) -> None:
    """save -> load -> the same state (every command replays from the log)."""
    p = enc.save(tmp_path / "close.jsonl")
    back = Encounter.load(p)
    assert back.snapshot() == enc.snapshot()
    assert [e.describe() for e in back.log] == [e.describe() for e in enc.log]


# ------------------------------------------------------------------ wrestling


def _won(maneuver: str):
    def make(seed: int) -> Encounter:
        return fight(seed).wrestle("Hero", "Orc", maneuver)
    return first_seed(make, lambda e: last(e, "maneuver").data["success"])


def test_grab_grapples_both_and_pin_needs_it(tmp_path) -> None:
    enc = _won("grab")
    ev = last(enc, "maneuver")
    assert ev.data["effect"] == "grappled" and ev.data["touch"] >= ev.data["touch_ac"] or \
        last(enc, "roll").data["natural"] == 20
    assert "grappled" in " ".join(conditions(enc, "Orc"))
    assert "grappled" in " ".join(conditions(enc, "Hero"))  # "in a wrestling match"
    assert enc.grappler_of("Orc") == "Hero" and enc.grappler_of("Hero") is None
    # a Pin of a foe it does not grapple, and a second Grab: refused, nothing changes
    refused(enc, enc.wrestle, "Hero", "Gob", "pin", match="Grappled by Hero")
    refused(enc, enc.wrestle, "Hero", "Orc", "grab", match="already grapples")
    replays(enc, tmp_path)


def test_trip_knocks_prone_and_never_a_knockdown(tmp_path) -> None:
    enc = _won("trip")
    assert "prone" in conditions(enc, "Orc")
    replays(enc, tmp_path)


def test_shove_moves_the_foe_5_ft_straight_away(tmp_path) -> None:
    enc = _won("shove")
    moved = last(enc, "moved")
    assert moved.actor == "Orc" and moved.data["action"] == "shoved"
    assert moved.data["path"][0] == [3, 2] and enc.map.distance("Hero", "Orc") == 10
    replays(enc, tmp_path)


def test_a_missed_touch_attack_has_no_check() -> None:
    enc = first_seed(lambda s: fight(s).wrestle("Hero", "Orc", "trip"),
                     lambda e: last(e, "maneuver").data["margin"] is None)
    assert not last(enc, "maneuver").data["success"] and "prone" not in conditions(enc, "Orc")


def test_wrestle_spends_a_big_action_and_an_attack_and_provokes() -> None:
    enc = fight().wrestle("Hero", "Orc", "trip", aoo="Orc")
    kinds = [e.kind for e in enc.log]
    assert "aoo" in kinds and kinds.index("aoo") < kinds.index("maneuver")
    left = enc.actions_left("Hero")
    assert left.big == 1


@pytest.mark.parametrize("args, match", [
    (("Hero", "Orc", "suplex"), "grab, trip, shove, pin"),
    (("Hero", "Hero", "trip"), "not a foe"),
    (("Orc", "Hero", "trip"), "turn"),
])
def test_refused_maneuvers_change_nothing(args, match) -> None:
    enc = fight()
    refused(enc, enc.wrestle, *args, match=match)


def test_sizes_forbid_grapples_of_much_larger_creatures() -> None:
    enc = fight(foes=(("Giant", "gargantuan", (7, 4)), ("Big", "large", (5, 0))))
    refused(enc, enc.wrestle, "Hero", "Giant", "grab", match="3\\+ is refused")
    refused(enc, enc.wrestle, "Hero", "Giant", "pin", match="2\\+ is refused")
    refused(enc, enc.wrestle, "Hero", "Big", "pin", match="Grappled by Hero")
    refused(enc, enc.wrestle, "Hero", "Big", "trip", match="melee reach")
    refused(enc, enc.wrestle, "Hero", "Orc", "trip", resist_with="sense motive",
            match="resist_with")


# ------------------------------------------------------------------ Shield Bash


def test_shield_bash_drops_the_shield_against_others(tmp_path) -> None:
    enc = first_seed(lambda s: fight(s).shield_bash("Hero", "Orc"),
                     lambda e: last(e, "maneuver").data["success"])
    assert "prone" in conditions(enc, "Orc")
    assert any("shield bash" in x for x in enc.state("Hero").effects)
    enc.end_turn(next="Gob")
    enc.attack("Gob", "Hero", "short sword")
    mods = last(enc, "attack").data["modifiers"]
    assert any("no Shield Rating (-2 AC) against Gob" in m for m in mods)
    replays(enc, tmp_path)


def test_shield_bash_needs_a_shield() -> None:
    enc = fight(hero={"shield_rating": 0})
    refused(enc, enc.shield_bash, "Hero", "Orc", match="no shield")


# ------------------------------------------------------------------ Knockdown


def _ogre_fight(seed: int, *, auto: bool = True, hero: dict | None = None, **attack
                ) -> Encounter:
    ogre = load_example("ogre")
    hero_ = mk("Hero", max_hp=300, **(hero or {}))
    m = HexMap(10, 6)
    m.place(ogre, (2, 2), "foes")
    m.place(hero_, (4, 2), "party")
    enc = Encounter([ogre, hero_], map=m, seed=seed, knockdown_after_strike=auto).start()
    if enc.current != "Ogre":
        enc.end_turn()
    enc.attack("Ogre", "Hero", **attack)
    return enc


def _hit(enc: Encounter) -> bool:
    return last(enc, "attack").data["hit"]


def attack_roll(enc: Encounter):
    """The d20 of the last attack (the first roll of its step)."""
    atk = last(enc, "attack")
    return next(e for e in enc.log if e.kind == "roll" and e.step == atk.step)


def test_a_hit_on_a_smaller_foe_rolls_its_knockdown_by_itself(tmp_path) -> None:
    """"If a creature strikes a foe at least 1 size category smaller than itself with any
    sort of physical attack, the target is subject to Knockdown" ("Momentum of Impact"): the
    Ogre's hit brings the check in the same step, after the damage; the defender's better
    skill by default; the GM's knockdown() is refused (each strike knocks down once)."""
    enc = first_seed(_ogre_fight, _hit)
    step = [e for e in enc.log if e.step == last(enc, "attack").step]
    kinds = [e.kind for e in step]
    assert kinds[0] == "attack" and step[0].command
    assert kinds.index("damage") < kinds.index("knockdown")
    ev = last(enc, "knockdown")
    assert ev.data["auto"] is True and ev.actor == "Ogre" and ev.target == "Hero"
    wr, ac = enc.skill("Hero", "wrestling"), enc.skill("Hero", "acrobatics")
    assert ev.data["resisted_with"] == ("wrestling" if int(wr.value) >= int(ac.value)
                                        else "acrobatics")
    assert ev.data["prone"] == ("prone" in conditions(enc, "Hero"))
    assert "Knockdown" in ev.describe()
    refused(enc, enc.knockdown, "Ogre", "Hero", match="by itself")
    replays(enc, tmp_path)


def test_the_defender_may_name_its_skill_and_a_bad_one_is_refused(tmp_path) -> None:
    """"Wrestling or Acrobatics check or be knocked Prone": the defender's choice, given
    with the attack; a skill that is not one of the two is refused and changes nothing."""
    enc = first_seed(lambda s: _ogre_fight(s, resist_knockdown="acrobatics"), _hit)
    assert last(enc, "knockdown").data["resisted_with"] == "acrobatics"
    replays(enc, tmp_path)
    fresh = Encounter([load_example("ogre"), mk("Hero")], seed=1,
                      sides={"foes": ["Ogre"], "party": ["Hero"]}).start()
    if fresh.current != "Ogre":
        fresh.end_turn()
    refused(fresh, fresh.attack, "Ogre", "Hero", resist_knockdown="swim", match="resist_with")
    byhand = Encounter([load_example("ogre"), mk("Hero")], seed=1,
                       sides={"foes": ["Ogre"], "party": ["Hero"]},
                       knockdown_after_strike=False).start()
    refused(byhand, byhand.attack, byhand.current,
            "Hero" if byhand.current == "Ogre" else "Ogre", resist_knockdown="wrestling",
            match="by hand")


def test_no_knockdown_event_after_a_clean_miss_or_on_a_foe_as_big(tmp_path) -> None:
    """A Natural 1 strikes neither the target nor its shield; a same-size foe is not
    "at least 1 size category smaller"; neither strike brings a check."""
    enc = first_seed(_ogre_fight, lambda e: attack_roll(e).data["natural"] == 1)
    assert not any(e.kind == "knockdown" for e in enc.log)
    small = fight()
    small.attack("Hero", "Orc")
    assert not any(e.kind == "knockdown" for e in small.log)


def test_an_aoo_on_a_smaller_foe_knocks_down_too() -> None:
    """An AOO is a physical strike as well ("any sort of physical attack")."""
    def make(seed: int) -> Encounter:
        ogre = load_example("ogre")
        hero = mk("Hero", max_hp=300, init=40)
        m = HexMap(10, 6)
        m.place(ogre, (2, 2), "foes")
        m.place(hero, (4, 2), "party")
        enc = Encounter([ogre, hero], map=m, seed=seed).start()
        if enc.current != "Hero":
            return None
        enc.move("Hero", (7, 2), aoo=["Ogre"])
        return enc
    enc = first_seed(make, lambda e: any(a.kind == "attack" and a.data["aoo"] and a.data["hit"]
                                         for a in e.log))
    aoo = next(a for a in enc.log if a.kind == "attack" and a.data["aoo"] and a.data["hit"])
    assert any(e.kind == "knockdown" and e.step == aoo.step for e in enc.log)


def test_knockdown_by_hand_after_a_hit_and_only_once(tmp_path) -> None:
    """A fight built with ``knockdown_after_strike=False`` leaves the check to the GM."""
    enc = first_seed(lambda s: _ogre_fight(s, auto=False), _hit)
    assert not any(e.kind == "knockdown" for e in enc.log)
    enc.knockdown("Ogre", "Hero")
    ev = last(enc, "knockdown")
    assert "auto" not in ev.data
    ogre = load_example("ogre")
    terms = dict(ev.data["terms"])
    assert (terms["base"], terms["HR"], terms["STR mod"]) == (10, int(ogre.hr),
                                                             ogre.ability_mod("str"))
    assert ev.data["dc"] == sum(terms.values())  # + the club's Impact trait
    assert ev.data["prone"] == ("prone" in conditions(enc, "Hero"))
    assert ev.data["prone"] == (ev.data["total"] < ev.data["dc"])
    refused(enc, enc.knockdown, "Ogre", "Hero", match="each strike knocks down once")
    replays(enc, tmp_path)


def test_no_knockdown_by_hand_after_a_clean_miss_or_on_a_larger_foe() -> None:
    enc = first_seed(lambda s: _ogre_fight(s, auto=False),
                     lambda e: attack_roll(e).data["natural"] == 1)
    refused(enc, enc.knockdown, "Ogre", "Hero", match="missed")
    small = fight(auto=False)
    small.attack("Hero", "Orc")
    refused(small, small.knockdown, "Hero", "Orc", match="same size|missed")


# ------------------------------------------------------------------ Crushing Advance


def _elephant(seed: int, dodge=None, flying: int = 0) -> Encounter:
    elephant = load_example("elephant")
    goblins = [load_example("goblin").replace(name=f"Goblin {i}") for i in (1, 2)]
    m = HexMap(14, 8)
    m.place(elephant, (1, 3), "beast")
    m.place(goblins[0], (5, 3), "goblins")
    m.place(goblins[1], (8, 6), "goblins")
    if flying:
        m.set_altitude("Goblin 1", flying)
    enc = Encounter([elephant, *goblins], map=m, seed=seed).start()
    while enc.current != "Elephant":
        enc.end_turn(next="Elephant") if "Elephant" in enc.choices() else enc.end_turn()
    return enc


def test_the_elephant_through_the_goblins_dc26(tmp_path) -> None:
    enc = _elephant(3)
    enc.crushing_advance("Elephant", (5, 3))
    ev = last(enc, "crush")
    assert ev.target == "Goblin 1" and ev.data["dc"] == 26
    if ev.data["prone"]:
        assert "prone" in conditions(enc, "Goblin 1") and ev.data["damage"] >= 14 // 4
    replays(enc, tmp_path)


def test_a_goblin_flying_above_is_not_stepped_on(tmp_path) -> None:
    """"Stepping into occupied spaces" ("Crushing Advance"): a goblin 15 ft up is not in the
    elephant's way (the map's altitude), so it takes no check and stays where it is."""
    enc = _elephant(3, flying=15)
    enc.crushing_advance("Elephant", (5, 3))
    assert not any(e.kind == "crush" for e in enc.log)
    assert enc.map.altitude("Goblin 1") == 15 and "prone" not in conditions(enc, "Goblin 1")
    replays(enc, tmp_path)


def test_crushing_advance_refusals() -> None:
    enc = _elephant(3)
    refused(enc, enc.crushing_advance, "Elephant", (9, 3), match="half the Move Speed")
    refused(enc, enc.crushing_advance, "Elephant", (5, 3), dodge="Goblin 2",
            match="not in the way")


# ------------------------------------------------------------------ skill actions


def test_demoralize_frightens_for_1d4_rounds(tmp_path) -> None:
    enc = first_seed(lambda s: fight(s).skill_action("Hero", "demoralize", "Orc"),
                     lambda e: last(e, "maneuver").data["success"])
    rounds = last(enc, "roll").data["total"]
    assert 1 <= rounds <= 4
    assert any(c.startswith("frightened") for c in conditions(enc, "Orc"))
    replays(enc, tmp_path)


def test_feint_makes_the_next_attack_flat_footed(tmp_path) -> None:
    enc = first_seed(lambda s: fight(s).skill_action("Hero", "feint", "Orc"),
                     lambda e: last(e, "maneuver").data["success"])
    assert not any(e.kind == "aoo_offered" for e in enc.log)  # No AOO
    enc.attack("Hero", "Orc")
    assert any("Combat Feint" in m for m in last(enc, "attack").data["modifiers"])
    assert not any("feinted" in x for x in enc.state("Orc").effects)  # used up
    replays(enc, tmp_path)


def test_insult_and_dirty_trick(tmp_path) -> None:
    enc = first_seed(lambda s: fight(s).skill_action("Hero", "insult", "Orc",
                                                     condition="must_attack"),
                     lambda e: last(e, "maneuver").data["success"])
    assert any("must attack Hero" in x for x in enc.state("Orc").effects)
    enc2 = first_seed(lambda s: fight(s).skill_action("Hero", "dirty_trick", "Orc",
                                                      condition="blinded"),
                      lambda e: last(e, "maneuver").data["success"])
    assert any(c.startswith("blinded") for c in conditions(enc2, "Orc"))
    replays(enc2, tmp_path)


def _marked(seed: int = 1) -> Encounter:
    """Hero (acting first) next to Mark, who carries a longsword and a dagger and bites."""
    hero = mk("Hero", init=40)
    mark = mk("Mark", weapons=["longsword", "dagger", {"name": "bite"}])
    m = HexMap(8, 5)
    m.place(hero, (2, 2), "party")
    m.place(mark, (3, 2), "foes")
    return Encounter([hero, mark], map=m, seed=seed).start()


def _weapon_names(enc: Encounter, name: str) -> list[str]:
    return [w if isinstance(w, str) else w["name"] for w in enc.creature(name).weapons]


def _thief(seed: int, item: str = "dagger") -> Encounter:
    return _marked(seed).skill_action("Hero", "dirty_trick", "Mark", condition="steal",
                                      item=item)


def test_a_dirty_trick_steals_a_weapon(tmp_path) -> None:
    """"Sleight of Hand Skill - Dirty Tricks in Combat (Big Action, AOO): Roll an opposed
    check vs Sense Motive or Tactics in order to steal from your opponent": on a win the
    foe's dagger passes to the thief (it may strike with it); on a loss nothing moves."""
    won = first_seed(lambda s: _thief(s), lambda e: last(e, "maneuver").data["success"])
    ev = last(won, "maneuver")
    assert ev.data["effect"] == "stole dagger"
    assert _weapon_names(won, "Mark") == ["longsword", "bite"]
    assert "dagger" in _weapon_names(won, "Hero")
    won.attack("Hero", "Mark", "dagger")   # the thief strikes with it
    replays(won, tmp_path)
    lost = first_seed(lambda s: _thief(s), lambda e: not last(e, "maneuver").data["success"])
    assert len(lost.creature("Mark").weapons) == 3
    assert last(lost, "maneuver").data["effect"] is None
    enc = _marked()
    refused(enc, enc.skill_action, "Hero", "dirty_trick", "Mark", condition="steal",
            item="bite", match="natural weapon")


@pytest.mark.parametrize("action, kw, match", [
    ("juggle", {}, "demoralize, dirty_trick"),
    ("insult", {"condition": "asleep"}, "unfortunate or must_attack"),
    ("dirty_trick", {"condition": "wobbly"}, "condition"),
    ("dirty_trick", {"condition": "steal"}, "name what to steal"),
    ("dirty_trick", {"condition": "steal", "item": "axe"}, "name what to steal"),
    ("dirty_trick", {"condition": "blinded", "item": "longsword"}, "only a Dirty Trick"),
    ("demoralize", {"item": "longsword"}, "only a Dirty Trick"),
    ("feint", {"resist_with": "will save"}, "resist_with"),
])
def test_refused_skill_actions_change_nothing(action, kw, match) -> None:
    enc = fight()
    refused(enc, enc.skill_action, "Hero", action, "Orc", match=match, **kw)


def test_demoralize_reaches_30_ft() -> None:
    enc = fight(foes=(("Far", "medium", (10, 6)),))
    refused(enc, enc.skill_action, "Hero", "demoralize", "Far", match="30 ft")


# ------------------------------------------------------------------ natural weapons


def test_claw_then_bite_on_a_surprised_foe(tmp_path) -> None:
    """"Ex: A level 2 creature with both a Claw & Bite Attack who surprises a foe could make
    a Claw Attack first, then spend a Reaction to make a Bite attack!" (000_8d1d7816ee944f3b.txt,
    "Natural Weapons")."""
    def make(seed: int) -> Encounter:
        beast = mk("Beast", level=2, cls=None, max_hp=20, weapons=CLAWS, init=40)
        victim = mk("Victim", max_hp=200)
        m = HexMap(8, 5)
        m.place(beast, (2, 2), "beasts")
        m.place(victim, (3, 2), "party")
        enc = Encounter([beast, victim], map=m, seed=seed).start(aware=["Beast"])
        enc.attack("Beast", "Victim", "claw")
        return enc
    enc = first_seed(make, lambda e: last(e, "attack").data["hit"])
    enc.follow_up("Beast", "Victim")
    atk = last(enc, "attack")
    assert atk.data["weapon"] == "bite" and atk.data["aoo"]
    assert enc.state("Beast").reaction_used
    refused(enc, enc.follow_up, "Beast", "Victim", match="once per turn|Reaction")
    replays(enc, tmp_path)


def test_no_follow_up_without_a_flat_footed_foe() -> None:
    def make(seed: int) -> Encounter:
        enc = fight(seed, hero={"weapons": CLAWS})
        enc.attack("Hero", "Orc", "claw")
        return enc
    enc = first_seed(make, lambda e: last(e, "attack").data["hit"])
    refused(enc, enc.follow_up, "Hero", "Orc", match="Flat-Footed")


# ------------------------------------------------------------------ skills and abilities


FEAR = "Fear Burst (SLA): 3/day (SL2, WILL DC15[CHA])"


def _caster(seed: int = 1) -> Encounter:
    return fight(seed, hero={"special_abilities": [FEAR, "Dragon Breath (Su): 2/day (REF DC14)",
                                                   "Keen Nose"],
                             "skills": {"perseverance": 4, "wrestling": 6}})


def test_the_encounter_reads_skills_with_the_conditions() -> None:
    enc = _caster()
    assert int(enc.skill("Hero", "wrestling")) == 6
    enc.add_condition("Hero", "prone")
    assert int(enc.skill("Hero", "Sense Motive")) == int(enc.creature("Hero")
                                                         .skill_modifier("skill").value)


def test_sla_big_action_provokes_uses_tracked_one_per_turn(tmp_path) -> None:
    enc = _caster().use_ability("Hero", "Fear Burst", "Orc", aoo="Orc")
    ev = last(enc, "ability")
    assert ev.data["type"] == "SLA" and ev.data["used"] == 1 and ev.data["dc"] == 15
    assert any(e.kind == "aoo" for e in enc.log)
    assert enc.actions_left("Hero").big == 1 and enc.ability_uses("Hero", "fear burst") == 1
    assert ev.data["outcome"].startswith(("used: Orc saves", "used: Orc fails", "wasted"))
    refused(enc, enc.use_ability, "Hero", "Fear Burst", match="only 1 SLA per turn")
    replays(enc, tmp_path)


def test_daily_uses_run_out() -> None:
    enc = _caster()
    for _ in range(3):
        enc.use_ability("Hero", "Fear Burst")
        enc.end_turn(next="Orc").end_turn(next="Gob").end_turn(next="Hero")
    refused(enc, enc.use_ability, "Hero", "Fear Burst", match="no uses left")


def test_su_once_per_round_and_natural_without_action() -> None:
    enc = _caster().use_ability("Hero", "Dragon Breath", action="little")
    refused(enc, enc.use_ability, "Hero", "Dragon Breath", match="once per round")
    enc.use_ability("Hero", "Keen Nose", action="none")
    assert last(enc, "ability").data["action"] == "none"
    refused(enc, enc.use_ability, "Hero", "Gaze", match="has no special ability")
    refused(enc, enc.use_ability, "Hero", "Fear Burst", action="swift", match="Big Action")


def test_a_grappled_sla_needs_perseverance() -> None:
    enc = _caster()
    enc.add_condition("Hero", "grappled", by="Orc")
    enc.use_ability("Hero", "Fear Burst")
    roll = next(e for e in reversed(list(enc.log)) if e.kind == "roll"
                and "Perseverance DC 14" in e.data["label"])
    outcome = last(enc, "ability").data["outcome"]
    assert outcome == "used" if roll.data["total"] >= 14 else outcome.startswith("wasted")


def test_a_charge_adds_2_innate_to_a_trip() -> None:
    """"+2 Innate Bonus on ... any Wrestling check made to knock an opponent over" after a
    Charge ("Charge Attack")."""
    def make(seed: int) -> Encounter:
        cs = [mk("Hero", init=40, skills={"wrestling": 3}), mk("Far")]
        m = HexMap(12, 4)
        m.place(cs[0], (1, 1), "party")
        m.place(cs[1], (8, 1), "foes")
        enc = Encounter(cs, map=m, seed=seed).start()
        enc.run("Hero", (7, 1))
        enc.wrestle("Hero", "Far", "trip")
        return enc
    enc = first_seed(make, lambda e: last(e, "maneuver").data["margin"] is not None)
    assert last(enc, "maneuver").data["bonus"] == 5


def test_a_pin_in_the_next_round_keeps_the_grapple(tmp_path) -> None:
    def make(seed: int) -> Encounter:
        enc = _grappler(seed)
        enc.wrestle("Hero", "Orc", "grab")
        if last(enc, "maneuver").data["success"]:
            enc.end_turn().end_turn(next="Hero")
            enc.wrestle("Hero", "Orc", "pin")  # in the grapple: reach is no matter
        return enc
    enc = first_seed(make, lambda e: last(e, "maneuver").data["maneuver"] == "pin"
                     and last(e, "maneuver").data["success"])
    assert "pinned" in conditions(enc, "Orc") and enc.grappler_of("Orc") == "Hero"
    replays(enc, tmp_path)


def _grappler(seed: int) -> Encounter:
    cs = [mk("Hero", init=40, skills={"wrestling": 10}), mk("Orc")]
    m = HexMap(6, 4)
    m.place(cs[0], (1, 1), "party")
    m.place(cs[1], (2, 1), "foes")
    return Encounter(cs, map=m, seed=seed).start()


def test_a_feint_opens_the_off_hand_reaction(tmp_path) -> None:
    """Feint -> the main-hand strike is Flat-Footed -> "you may use a Reaction to make a single
    attack with your Off-Hand Weapon against the same foe (counts as an AOO)" ("Handedness &
    Using Both Hands")."""
    def make(seed: int) -> Encounter:
        enc = fight(seed, hero={"weapons": ["short sword", "dagger"],
                                "skills": {"bluff": 12}})
        enc.skill_action("Hero", "feint", "Orc")
        if last(enc, "maneuver").data["success"]:
            enc.attack("Hero", "Orc", "short sword")
        return enc
    enc = first_seed(make, lambda e: last(e, "maneuver").data["success"]
                     and last(e, "attack").data["hit"])
    assert last(enc, "maneuver").data["bonus"] == 13  # +1 Tactical with two weapons
    enc.follow_up("Hero", "Orc")
    atk = last(enc, "attack")
    assert atk.data["weapon"] == "dagger" and atk.data["aoo"]
    cmd = next(e for e in reversed(list(enc.log)) if e.command)
    assert cmd.kind == "follow_up"
    replays(enc, tmp_path)


def test_the_elephant_steps_through_without_harming(tmp_path) -> None:
    """(A): "The smaller creature may spend a Reaction to avoid the footsteps ... without
    incident"; otherwise 50% to be stepped on, then DC15 REF or Acrobatics."""
    enc = _elephant(5)
    enc.step_through("Elephant", (7, 3), dodge="Goblin 1")
    ev = last(enc, "crush")
    assert ev.target == "Goblin 1" and ev.data["reaction"] and not ev.data["prone"]
    assert ev.data["dc"] == 15 and enc.state("Goblin 1").reaction_used
    assert last(enc, "moved").data["action"] == "steps"
    replays(enc, tmp_path)
    seen = set()
    for seed in range(12):
        e = _elephant(seed).step_through("Elephant", (7, 3))
        seen.add(last(e, "crush").data["rule"].rsplit(": ", 1)[-1])
    assert seen == {"stepped on", "not stepped on (50%)"}


def test_two_weapons_fighting_defensively_add_1_gear_shield() -> None:
    """"While wielding a weapon in each hand: ... If you Fight Defensively (Ch9.2c), you gain
    a +1 Gear Bonus to Shield Rating" ("Handedness & Using Both Hands")."""
    enc = fight(hero={"weapons": ["short sword", "dagger"], "shield_rating": 0})
    enc.fight_defensively("Hero").end_turn(next="Orc")
    enc.attack("Orc", "Hero")
    assert any("+1 Gear to its Shield Rating" in m for m in last(enc, "attack").data["modifiers"])
    one = fight(hero={"shield_rating": 0})
    one.fight_defensively("Hero").end_turn(next="Orc")
    one.attack("Orc", "Hero")
    assert not any("Gear" in m for m in last(one, "attack").data["modifiers"])


def test_a_miss_on_the_shield_still_knocks_down() -> None:
    """"If your attack misses by an amount less than or equal to the enemy's Shield Rating,
    their shield has been struck" - and Knockdown applies ("Momentum of Impact")."""
    def make(seed: int) -> Encounter:
        ogre = load_example("ogre")
        hero = mk("Hero", max_hp=300, shield_rating=4, armor={"rating": 6})
        m = HexMap(10, 6)
        m.place(ogre, (2, 2), "foes")
        m.place(hero, (4, 2), "party")
        enc = Encounter([ogre, hero], map=m, seed=seed).start()
        if enc.current != "Ogre":
            enc.end_turn()
        enc.attack("Ogre", "Hero")
        return enc

    def on_the_shield(enc: Encounter) -> bool:
        atk, roll = last(enc, "attack"), attack_roll(enc)
        return (not atk.data["hit"] and roll.data["natural"] != 1
                and 1 <= atk.data["against"] - roll.data["total"] <= 4)
    enc = first_seed(make, on_the_shield, tries=200)
    ev = last(enc, "knockdown")   # rolled by the strike on the shield itself
    assert ev.step == last(enc, "attack").step and ev.data["auto"]
    assert ev.data["dc"] >= 20


def _flyer_fight(seed: int, up: int = 30, movement: str = "Move Speed 30, Fly 50 [poor]",
                 knock: bool = True) -> Encounter | None:
    """The Ogre (held aloft: the map's altitude) hits Hero, a flyer ``up`` ft above its hex;
    ``None`` when Hero acts first (ending a turn without flying, a flyer would stall and fall:
    "Fly Speed – Flight & Maneuverability"). ``knock``: the strike's Knockdown comes by
    itself; else the fight leaves it to the GM's ``knockdown()``."""
    ogre = load_example("ogre")
    hero = mk("Hero", max_hp=300, movement=movement)
    m = HexMap(10, 6)
    m.place(ogre, (2, 2), "foes")
    m.place(hero, (4, 2), "party")
    m.set_altitude("Ogre", up)
    m.set_altitude("Hero", up)
    enc = Encounter([ogre, hero], map=m, seed=seed, knockdown_after_strike=knock).start()
    if enc.current != "Ogre":
        return None
    enc.attack("Ogre", "Hero")
    return enc


def _knocked_off(enc: Encounter) -> bool:
    return any(e.kind == "knockdown" and not e.command and e.data["failed_by"] > 0
               for e in enc.log)


def test_a_flyer_is_unfortunate_and_drops_instead_of_falling_prone(tmp_path) -> None:
    """"Flying creatures are Unfortunate when resisting Knockdown strikes"; "A flying creature
    affected by a Knockdown drops 10 feet. If they reach the ground, they fall prone. If not,
    they regain control & continue flying. Creatures with Clumsy or Poor Maneuverability fall
    20 feet" ("Momentum of Impact"). On the map the height is the map's altitude and the
    drop is made there; the maneuverability is the creature's Fly Speed's."""
    enc = first_seed(lambda s: _flyer_fight(s, knock=False),
                     lambda e: last(e, "attack").data["hit"])
    refused(enc, enc.knockdown, "Ogre", "Hero", maneuverability="wobbly",
            match="maneuverability")
    enc = first_seed(_flyer_fight, _knocked_off, tries=200)
    resist = next(e for e in reversed(list(enc.log)) if e.kind == "roll"
                  and "resist Knockdown" in e.data["label"])
    assert resist.data["fortune"] == "unfortunate"
    ev = last(enc, "knockdown")
    assert ev.data["drop_ft"] == 20 and not ev.data["prone"]
    assert ev.data["altitude_ft"] == [30, 10]
    assert enc.map.altitude("Hero") == 10
    assert "prone" not in conditions(enc, "Hero")
    assert "drops 20 ft and flies on" in ev.describe()
    assert not any(e.kind == "flyer_dropped" for e in enc.log)  # dropped once, not twice
    replays(enc, tmp_path)


def test_a_flyer_off_the_map_takes_the_gms_height(tmp_path) -> None:
    """Without a map ``flying_ft`` is the GM's height ("Momentum of Impact")."""
    def make(seed: int) -> Encounter:
        enc = Encounter([load_example("ogre"), mk("Hero", max_hp=300)], seed=seed,
                        sides={"foes": ["Ogre"], "party": ["Hero"]},
                        knockdown_after_strike=False).start()
        if enc.current != "Ogre":
            enc.end_turn()
        enc.attack("Ogre", "Hero")
        if last(enc, "attack").data["hit"]:
            enc.knockdown("Ogre", "Hero", flying_ft=30, maneuverability="poor")
        return enc
    enc = first_seed(make, _knocked_off, tries=200)
    ev = last(enc, "knockdown")
    assert ev.data["drop_ft"] == 20 and not ev.data["prone"]
    assert "altitude_ft" not in ev.data
    assert "prone" not in conditions(enc, "Hero")
    replays(enc, tmp_path)


def test_flying_ft_that_contradicts_the_map_is_refused() -> None:
    """On the map the map's altitude counts; a different ``flying_ft`` is refused, naming
    both heights, and changes nothing; the same height is accepted."""
    enc = first_seed(lambda s: _flyer_fight(s, knock=False),
                     lambda e: last(e, "attack").data["hit"])
    refused(enc, enc.knockdown, "Ogre", "Hero", flying_ft=20, match="30 ft up on the map")
    refused(enc, enc.knockdown, "Ogre", "Hero", flying_ft=-5, match="flying_ft")
    enc.knockdown("Ogre", "Hero", flying_ft=30)
    assert last(enc, "knockdown").data["dc"] > 0


def test_a_low_flyer_knocked_down_lands_prone(tmp_path) -> None:
    """"If they reach the ground, they fall prone": 10 ft up, Poor maneuverability (a 20-ft
    drop) -> on the ground (altitude 0) and Prone."""
    enc = first_seed(lambda s: _flyer_fight(s, up=10), _knocked_off, tries=200)
    ev = last(enc, "knockdown")
    assert ev.data["prone"] and ev.data["altitude_ft"] == [10, 0]
    assert enc.map.altitude("Hero") == 0
    assert "prone" in conditions(enc, "Hero")
    replays(enc, tmp_path)


def test_an_average_flyer_drops_ten_feet_on_the_map() -> None:
    """Average maneuverability: "drops 10 feet" (20 -> 10, still flying)."""
    enc = first_seed(lambda s: _flyer_fight(s, up=20, movement="Move Speed 30, Fly 60 [average]"),
                     _knocked_off, tries=200)
    assert last(enc, "knockdown").data["altitude_ft"] == [20, 10]
    assert enc.map.altitude("Hero") == 10 and "prone" not in conditions(enc, "Hero")


def _cavalry(seed: int, auto: bool, **attack) -> Encounter:
    rider = mk("Rider", init=40, weapons=["longsword"])
    horse = mk("Horse", cls=None, size="large", max_hp=40, weapons=[{"name": "bash"}])
    foe = mk("Foe", max_hp=300)
    m = HexMap(12, 5)
    m.place(rider, (1, 1), "riders")
    m.place(horse, (1, 3), "riders")
    m.place(foe, (8, 1), "foes")
    enc = Encounter([rider, horse, foe], map=m, seed=seed,
                    knockdown_after_strike=auto).start()
    enc.run("Rider", (7, 1))
    enc.attack("Rider", "Foe", "longsword", charge=True, **attack)
    return enc


def test_the_charging_rider_names_its_mount_with_the_attack(tmp_path) -> None:
    """The Knockdown after the strike counts the mount's size when the attack names it
    ("Cavalry count as the size of the Mount ... Charge Attacks"); without it a same-size
    foe is not knocked down; a mount that is not an ally is refused."""
    enc = first_seed(lambda s: _cavalry(s, True), lambda e: last(e, "attack").data["hit"])
    assert not any(e.kind == "knockdown" for e in enc.log)
    enc = first_seed(lambda s: _cavalry(s, True, mount="Horse"),
                     lambda e: last(e, "attack").data["hit"])
    terms = dict(last(enc, "knockdown").data["terms"])
    assert any(k.startswith("Charge after") for k in terms)
    replays(enc, tmp_path)
    with pytest.raises(Exception, match="not an ally"):
        _cavalry(0, True, mount="Foe")


def test_cavalry_count_as_the_mount_on_a_charge() -> None:
    """"Cavalry count as the size of the Mount for Knockdown when using Heavy Attacks or
    Charge Attacks" ("Momentum of Impact")."""
    enc = first_seed(lambda s: _cavalry(s, False), lambda e: last(e, "attack").data["hit"])
    refused(enc, enc.knockdown, "Rider", "Foe", match="same size")
    refused(enc, enc.knockdown, "Rider", "Foe", mount="Foe", match="not an ally")
    enc.knockdown("Rider", "Foe", mount="Horse")
    terms = dict(last(enc, "knockdown").data["terms"])
    assert any(k.startswith("Charge after") for k in terms)


def test_break_free_ends_the_grapple_for_both(tmp_path) -> None:
    """"You cannot move from your hex without succeeding an opposed Wrestling check"
    ("Grappled Condition")."""
    def make(seed: int) -> Encounter:
        enc = _grappler(seed)
        enc.wrestle("Hero", "Orc", "grab")
        if last(enc, "maneuver").data["success"]:
            enc.end_turn()
            enc.break_free("Orc")
        return enc
    enc = first_seed(make, lambda e: last(e, "maneuver").data["maneuver"] == "break_free"
                     and last(e, "maneuver").data["success"], tries=200)
    assert enc.grappler_of("Orc") is None
    assert "grappled" not in conditions(enc, "Orc") + conditions(enc, "Hero")
    refused(enc, enc.break_free, "Orc", match="not held")
    replays(enc, tmp_path)


def test_two_shields_half_the_second_and_minus_2_to_attack(tmp_path) -> None:
    """"the full Shield Rating of your primary shield ... plus half the Shield Rating of the
    second shield"; "-2 penalty on all Attack Rolls" ("Weird Situation - Using Two Shields
    at the same time")."""
    enc = fight(hero={"second_shield": 3})
    enc.attack("Hero", "Orc")
    assert any("two shields: -2" in m for m in last(enc, "attack").data["modifiers"])
    enc.end_turn(next="Orc")
    enc.attack("Orc", "Hero")
    # Shield Rating 2 in hand and 3 in the other: the 3 is the primary, + half of 2 = 4,
    # so +2 AC over the creature's own 2 (a second shield of 1 or 2 would add 0 or +1)
    assert any("second shield: +2 AC" in m for m in last(enc, "attack").data["modifiers"])
    for second, more in ((1, None), (2, 1), (5, 4)):
        e2 = fight(hero={"second_shield": second})
        e2.end_turn(next="Orc")
        e2.attack("Orc", "Hero")
        said = [m for m in last(e2, "attack").data["modifiers"] if "second shield" in m]
        assert said == ([] if more is None else [m for m in said if f"+{more} AC" in m])
        assert bool(said) is (more is not None)
    replays(enc, tmp_path)


def test_the_knockdown_reads_an_altitude_the_gm_set_in_the_fight(tmp_path) -> None:
    """The GM's logged ``set_altitude`` counts for the Knockdown, and the fight replays."""
    def make(seed: int) -> Encounter:
        enc = _flyer_fight(seed, up=0, knock=False)
        if enc is not None and last(enc, "attack").data["hit"]:
            enc.set_altitude("Hero", 30)
            enc.knockdown("Ogre", "Hero")
        return enc
    enc = first_seed(make, _knocked_off, tries=200)
    assert last(enc, "knockdown").data["altitude_ft"] == [30, 10]
    assert enc.map.altitude("Hero") == 10
    replays(enc, tmp_path)


def test_a_save_from_before_the_automatic_knockdown_replays_without_it(tmp_path) -> None:
    """A save whose header has no ``knockdown_after_strike`` (the golden fights) replays with
    the rule off, as it was played; a fight saved today keeps its switch, both ways."""
    from pathlib import Path
    old = Encounter.load(sorted((Path(__file__).parents[1] / "golden").glob("skirmish-*.jsonl"))[0])
    assert old.knockdown_after_strike is False
    assert old.fork().knockdown_after_strike is False
    for auto in (True, False):
        enc = first_seed(lambda s: _ogre_fight(s, auto=auto), _hit)
        back = Encounter.load(enc.save(tmp_path / f"kd-{auto}.jsonl"))
        assert back.knockdown_after_strike is auto
        assert any(e.kind == "knockdown" for e in back.log) is auto


def test_two_shields_leave_no_somatic_spells() -> None:
    """"You cannot cast spells with somatic (S) components while wielding two shields"
    ("Weird Situation - Using Two Shields at the same time"): the spell says so (the kit
    does not know a spell's components); one shield says nothing."""
    for second, said in ((3, True), (0, False)):
        enc = fight(hero={"class": "wizard", "second_shield": second})
        enc.cast("Hero", 1, "magic missile")
        notes = " ".join(last(enc, "spell").data["notes"])
        assert ("Somatic (S) components are impossible" in notes) is said


def _army(seed: int) -> Encounter:
    """The elephant (Level 11 Huge, STR 28) facing four goblins on its line, one of them
    ready with its Reaction, and one beside its start (an AOO)."""
    elephant = load_example("elephant")
    goblins = [load_example("goblin").replace(name=f"Goblin {i}") for i in range(1, 6)]
    m = HexMap(16, 9)
    m.place(elephant, (1, 4), "beast")
    for g, at in zip(goblins, [(3, 4), (4, 4), (5, 4), (5, 3), (1, 6)]):
        m.place(g, at, "goblins")
    enc = Encounter([elephant, *goblins], map=m, seed=seed).start()
    while enc.current != "Elephant":
        enc.end_turn(next="Elephant") if "Elephant" in enc.choices() else enc.end_turn()
    return enc


def test_the_elephant_through_an_army_of_goblins(tmp_path) -> None:
    """"Ex: An elephant (Level 11 Huge, 28 STR) moving through an army of goblins: Crushing
    Advance DC(10+7HR+9STRMod) = DC26"; "The affected AoE includes your entire occupied space
    throughout the Line of your movement"; "A smaller creature may spend a Reaction to gain a
    +5 Innate Bonus ... If they fail the Save, they are knocked Prone, but take only half
    damage"; "The smaller creatures in the space may make AOO as normal, but successful
    strikes will not affect the larger creature's movement" ("Crushing Advance"). Every
    goblin its space sweeps rolls against DC 26 once, the dodger 5 higher than the same
    roll would be without; the elephant ends where it was going whatever the AOO did."""
    from lfgcombat.rules.impact.momentum import crushing_advance_dc
    enc = _army(4)
    to = (5, 4)
    enc.crushing_advance("Elephant", to, dodge="Goblin 2", aoo=["Goblin 5"])
    crushes = [e for e in enc.log if e.kind == "crush"]
    assert int(crushing_advance_dc(enc.creature("Elephant"))) == 26
    assert {e.target for e in crushes} >= {"Goblin 1", "Goblin 2", "Goblin 3"}
    assert len({e.target for e in crushes}) == len(crushes)          # once each
    assert all(e.data["dc"] == 26 for e in crushes)
    rolls = {e.target: e for e in crushes}
    assert rolls["Goblin 2"].data["reaction"] and not rolls["Goblin 1"].data["reaction"]
    goblin_ref = max(int(enc.creature("Goblin 2").saving_throw("ref").value),
                     int(enc.skill("Goblin 2", "acrobatics")))
    r2 = next(e for e in enc.log if e.kind == "roll" and e.actor == "Goblin 2"
              and "Crushing Advance" in e.data["label"])
    assert r2.data["total"] == r2.data["natural"] + goblin_ref + 5
    for e in crushes:   # prone and hurt, or up and unhurt
        assert (e.data["damage"] > 0) is e.data["prone"]
        if e.data["prone"]:  # (1d10+9) or 25% of 14 HP, whichever is more; halved on a dodge
            low, high = (5, 9) if e.data["reaction"] else (10, 19)
            assert low <= e.data["damage"] <= high, e.describe()
    assert rolls["Goblin 2"].data["prone"]   # this seed: the dodger fails and takes half
    assert any(e.kind == "attack" and e.actor == "Goblin 5" and e.data.get("aoo")
               for e in enc.log)
    assert tuple(enc.map.offset(enc.map.token("Elephant").anchor)) == to
    replays(enc, tmp_path)


@pytest.mark.parametrize("action, provokes", [("demoralize", True), ("dirty_trick", True),
                                              ("feint", False), ("insult", True),
                                              ("shield_bash", False)])
def test_each_close_action_takes_its_action_type_and_aoo(action: str, provokes: bool) -> None:
    """"Intimidate Skill - Demoralize an Opponent (Big Action, AOO)", "Sleight of Hand Skill -
    Dirty Tricks in Combat (Big Action, AOO)", "Bluff – Combat Feint / Fake-Out (Big Action,
    No AOO)", "Perform(Comedy & Stories) – Insult an Opponent (Big Action, AOO)", "Shield
    Bash (Attack Action, No AOO)" ("Special Actions in Combat"): the Big Action spent (a
    Shield Bash spends it as an attack), and the threatening Orc and Goblin offered an AOO
    or not."""
    enc = fight(1)
    if action == "shield_bash":
        enc.shield_bash("Hero", "Orc")
    else:
        enc.skill_action("Hero", action, "Orc")
    spent = [(e.data["action"], e.data["type"]) for e in enc.log if e.kind == "spend"]
    assert spent == [("attack" if action == "shield_bash" else action, "big")]
    offered = sorted(e.target or e.actor for e in enc.log if e.kind == "aoo_offered")
    assert bool(offered) is provokes

"""Every line of the log cites its ruleset's own text (issue 26, item 2: "Every log line
... cites the ruleset's own text (classic cites 002, wounds 003)"): health, condition, effect
move, round and initiative lines, and wounds' parry roll, not only attacks, damage, rolls and spells. A heading
of lfg's read for another ruleset (a rule its text lacks) is marked "inferred for <ruleset>".
"""

from __future__ import annotations

import pytest

from lfgcombat.widgets.initiative import InitiativeTracker

from .test_players_view import fight

KINDS = ("health", "condition", "effect_start", "effect_end", "moved", "round_start",
         "round_end", "initiative")
OWN = {"lfg": "000_", "classic": "002_", "wounds": "003_"}


def played(ruleset: str, seed: int):
    """A short fight by the tracker: attacks, a move, a condition given and removed."""
    enc = fight(ruleset, seed=seed, places=((1, 1), (1, 3), (2, 1), (2, 3), (2, 2), (0, 2)))
    t = InitiativeTracker(enc)
    t.start()
    me = enc.acting[0]
    cells = [c for c in enc.reachable(me, "move") if c != enc.map.token(me).anchor]
    if cells:
        t.move(cells[-1])
    enc.add_condition("Ally", "prone")
    enc.remove_condition("Ally", "prone")
    for _ in range(12):
        if enc.over:
            break
        t.attack_row.attack()
        if t._last_buttons:
            t._last_buttons[0].click()
        elif t._end.layout.display != "none":
            t._end.click()
    return enc, t


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_health_condition_effect_and_move_lines_cite_the_rulesets_text(ruleset):
    seen = set()
    for seed in (0, 1, 2):
        enc, t = played(ruleset, seed)
        for e in enc.log:
            if e.command or (e.kind not in KINDS and not (
                    e.kind == "roll" and "parr" in str(e.data.get("label", "")))):
                continue
            seen.add(e.kind)
            rule = enc.log.rule_of(e)
            assert rule, (e.kind, e.describe())
            assert OWN[ruleset] in rule or f"inferred for {ruleset}" in rule, (
                e.kind, e.describe(), rule)
            line = t._cited(e)
            assert line is None or rule in line, (e.kind, line, rule)
    assert {"condition", "moved", "round_start", "initiative"} | ({"health"} if ruleset != "lfg" else set()) <= seen, seen


def test_a_wounds_parry_roll_cites_combat_statistics():
    """wounds' shield Parry ("Combat Statistics", 003_de0e94afd49609a7.txt) cites it."""
    from lfgcombat import Creature, HexMap
    from lfgcombat.engine import Encounter
    brann = Creature.from_dict({
        "name": "Brann", "level": 3, "max_hp": 24, "kind": "pc", "ruleset": ["wounds"],
        "abilities": {"str": 16, "dex": 12, "con": 14}, "prowess": 2,
        "good_saves": ["fort", "ref"], "weapons": ["longsword"],
        "shield": {"name": "heavy wooden shield", "parry_bonus": 2, "hardness": 5, "hp": 15,
                   "armor_check_penalty": -2}})
    grub = Creature.from_dict({
        "name": "Grub", "level": 2, "max_hp": 16, "ruleset": ["wounds"],
        "abilities": {"str": 16, "con": 12}, "prowess": 1, "good_saves": ["fort", "will"],
        "weapons": ["greataxe"]})
    parries = []
    for seed in range(6):
        g = HexMap(6, 4)
        g.place(brann, (1, 2), "party")
        g.place(grub, (2, 2), "foes")
        enc = Encounter([brann, grub], map=g, ruleset="wounds", seed=seed).start()
        for _ in range(6):
            if enc.over:
                break
            me = enc.acting[0]
            enc.attack(me, "Grub" if me == "Brann" else "Brann")
            enc.end_turn(next=enc.choices()[0]) if enc.choices() else enc.end_turn()
        parries += [(e, enc.log.rule_of(e)) for e in enc.log
                    if e.kind == "roll" and "parries" in str(e.data.get("label"))]
    assert parries
    for e, rule in parries:
        assert rule == '003_de0e94afd49609a7.txt, "Combat Statistics"', (e.describe(), rule)


def test_a_wrestles_rolls_cite_the_wrestling_heading() -> None:
    """A Wrestling maneuver's touch attack and opposed checks, and a skill action's, are
    cited by heading in the dice log (a new user saw only the file name), and each label
    says what its roll is ("Touch attack vs touch AC 12", "Orc: wrestling")."""
    from close.test_encounter_close import fight

    enc = fight(1).wrestle("Hero", "Orc", "trip")
    labels = [e.data["label"] for e in enc.log if e.kind == "roll"][-3:]
    assert labels[0].startswith("Touch attack vs touch AC ")
    for label in labels:
        rule = enc.ruleset.cite_event("roll", label)
        assert rule and '"Wrestling Skill - Maneuvers & More' in rule, (label, rule)
    assert labels[1:] == ["Hero: Wrestling (trip)", "Orc: wrestling"] or "Orc: acrobatics" in labels

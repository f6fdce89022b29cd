"""How long what a wounds creature gains lasts (the audit of issue 13): 003_de0e94afd49609a7.txt,
"Cold" ("whenever a creature takes cold damage it becomes hindered for 1 round"; "it is
automatically Immobilized for 1 round"), "Total Defense is an action you can take in combat"
("a +4 bonus to your AC until the beginning of your next turn"), "Shell operates similarly"
("Shell typically lasts for just one round, unless stated otherwise. Shell does not stack
with Shell - the highest one overwrites"), "Barrier represents" ("Barrier effects do not
stack - the highest Barrier overwrites any others"). A condition the GM gives lasts until
the GM removes it (Prone until it stands up)."""

from __future__ import annotations

import pytest

from lfgcombat import Creature, Encounter, Roller
from lfgcombat.errors import IllegalActionError, LfgError
from lfgcombat.rulesets.wounds.health import SHELL_MARKS, WoundsVitals
from lfgcombat.rulesets.wounds.turn import WoundsFighter


def ash(**extra):
    return Creature.from_dict({
        "name": "Ash", "level": 3, "max_hp": 20, "kind": "pc", "ruleset": ["wounds"],
        "abilities": {"str": 14, "dex": 12, "con": 12}, "prowess": 2,
        "good_saves": ["fort", "ref"], "weapons": ["longsword"], **extra})


def grub(**extra):
    return Creature.from_dict({
        "name": "Grub", "level": 3, "max_hp": 20, "ruleset": ["wounds"],
        "abilities": {"str": 14, "dex": 8, "con": 12}, "prowess": 1,
        "good_saves": ["fort", "ref"], "weapons": ["greataxe"], **extra})


def fight(seed=0, first="Ash", **kw):
    """An encounter whose first round Ash (or ``first``) opens."""
    for s in range(seed, seed + 60):
        enc = Encounter([kw.get("a", ash()), kw.get("g", grub())],
                        sides={"a": ["Ash"], "b": ["Grub"]}, ruleset="wounds", seed=s).start()
        if enc.acting == [first]:
            return enc
    raise AssertionError("no seed")


def conditions_events(enc):
    return [(e.target, e.data["condition"], e.data["change"]) for e in enc.log
            if e.kind == "condition"]


# -- conditions at the end of a turn --------------------------------------------------------

def test_the_end_of_its_turn_keeps_the_conditions_the_gm_gave():
    """Prone lasts until it stands up, the GM's Hindered until the GM removes it: the end of
    Grub's turn ends neither (it used to wipe them, unlogged)."""
    enc = fight()
    enc.add_condition("Grub", "prone")
    enc.add_condition("Grub", "hindered")
    enc.end_turn()                         # Ash's turn
    enc.end_turn()                         # Grub's turn
    assert enc.state("Grub").conditions == ["Hindered", "Prone"]
    assert conditions_events(enc) == [("Grub", "Prone", "gained"),
                                      ("Grub", "Hindered", "gained")]


def test_cold_s_hindered_lasts_until_the_end_of_its_next_turn_and_its_end_is_logged():
    """"becomes hindered for 1 round" (inferred: until the end of its next turn)."""
    f, events = WoundsFighter("Vex", WoundsVitals(20, 12)).take_damage(Roller(1), 5, "cold")
    assert f.conditions == {"Hindered"} and "Hindered" in events
    f, _ = f.start_turn()
    f, ended = f.finish_turn()
    assert f.conditions == frozenset()
    assert ended == ('Hindered ends ("Cold": "hindered for 1 round")',)


def test_cold_in_its_own_turn_lasts_through_its_next_turn():
    """Gained in its own turn (an AOO as it moves), "1 round" reaches into its next turn."""
    f, _ = WoundsFighter("Vex", WoundsVitals(20, 12)).start_turn()
    f, _ = f.take_damage(Roller(1), 5, "cold")
    f, ended = f.finish_turn()
    assert f.conditions == {"Hindered"} and ended == ()
    f, _ = f.start_turn()
    f, ended = f.finish_turn()
    assert f.conditions == frozenset() and len(ended) == 1


def test_cold_on_a_creature_the_gm_hindered_leaves_the_gm_s_hindered():
    """A Hindered the GM gave is not the Cold's: the end of the turn keeps it."""
    from lfgcombat.rulesets.wounds.ruleset import WoundsConditions

    f = WoundsConditions().add_to(WoundsFighter("Vex", WoundsVitals(20, 12)), "hindered")
    f, _ = f.take_damage(Roller(1), 5, "cold")
    f, ended = f.start_turn()[0].finish_turn()
    assert f.conditions == {"Hindered"} and ended == ()
    # and the GM's Hindered given on top of a Cold one makes it last
    g, _ = WoundsFighter("Vex", WoundsVitals(20, 12)).take_damage(Roller(1), 5, "cold")
    g = WoundsConditions().add_to(g, "hindered")
    assert g.start_turn()[0].finish_turn()[0].conditions == {"Hindered"}


def test_in_the_encounter_cold_s_hindered_is_lost_at_the_end_of_the_victim_s_turn():
    frost = {"name": "frost blade", "damage": "1d8", "damage_type": "cold", "crit": "20/x2"}
    for seed in range(80):
        enc = Encounter([ash(weapons=[frost]), grub()], sides={"a": ["Ash"], "b": ["Grub"]},
                        ruleset="wounds", seed=seed).start()
        if enc.acting != ["Ash"]:
            continue
        enc.add_condition("Grub", "prone")
        r = enc.attack("Ash", "Grub", "frost blade", critical_choice="multiply",
                       parry=False)
        if r.hit and r.damage and "Hindered" in enc.state("Grub").conditions:
            break
    else:
        raise AssertionError("no hit")
    enc.end_turn()
    assert enc.state("Grub").conditions == ["Hindered", "Prone"]
    enc.end_turn()                                          # Grub's turn ends
    assert enc.state("Grub").conditions == ["Prone"]
    assert conditions_events(enc)[-1] == ("Grub", "Hindered", "lost")
    lost = [e for e in enc.log if e.kind == "health" and e.data["why"] == "the end of its turn"]
    assert lost and "Hindered ends" in lost[-1].data["events"][0]


def test_total_defense_ending_is_logged():
    """"a +4 bonus to your AC until the beginning of your next turn"."""
    f, _ = WoundsFighter("Vex", WoundsVitals(20, 12)).start_turn()
    f = f.take_total_defense()
    f, _ = f.finish_turn()
    f, events = f.start_turn()
    assert not f.total_defense
    assert events[0] == ('Total Defense ends ("until the beginning of your next turn")')


# -- Shell: a round from when it is gained -------------------------------------------------

def test_a_shell_gained_out_of_its_turn_fades_when_its_second_turn_after_starts():
    """"Shell typically lasts for just one round": out of its turn, through its next turn
    and until its turn after begins (inferred: a round of its owner's turns, never less)."""
    f = WoundsFighter("Vex", WoundsVitals(20, 12).with_shell(10))
    assert f.vitals.shell_left == SHELL_MARKS == 3
    f, events = f.start_turn()
    assert f.vitals.shell == 10 and "Shell fades" not in events
    f, events = f.finish_turn()
    assert f.vitals.shell == 10
    f, events = f.start_turn()
    assert f.vitals.shell == 0 and events[0].startswith("Shell fades")


def test_a_shell_gained_in_its_own_turn_fades_at_the_end_of_its_next_turn():
    f, _ = WoundsFighter("Vex", WoundsVitals(20, 12)).start_turn()
    f = f.gain_shell(10)[0]
    f = f.finish_turn()[0].start_turn()[0]
    assert f.vitals.shell == 10
    f, events = f.finish_turn()
    assert f.vitals.shell == 0 and events[-1].startswith("Shell fades")


def test_a_file_s_shell_protects_its_owner_through_the_first_round():
    """The Shell of the creature file at the fight's start (inferred: gained before the
    fight, so it lasts until its owner's second turn starts): Ash acts first and keeps it."""
    enc = fight(a=ash(shell=50))
    assert enc.state("Ash").vitals["shell"] == 50           # Ash's first turn
    enc.end_turn()
    enc.damage("Grub", 1)
    assert enc.state("Ash").vitals["shell"] == 50           # Grub's turn
    enc.damage("Ash", 30)                                   # the Shell absorbs it
    assert enc.state("Ash").hp == 20 and enc.state("Ash").vitals["shell"] == 0


def test_a_file_s_shell_fades_when_its_owner_s_second_turn_starts():
    enc = fight(a=ash(shell=50))
    for _ in range(2):
        enc.end_turn()
    if enc.acting != ["Ash"]:
        enc.end_turn()                                      # round 2: Grub first
    assert enc.acting == ["Ash"] and enc.state("Ash").vitals["shell"] == 0
    starts = [e for e in enc.log if e.kind == "turn_rules" and e.actor == "Ash"]
    assert starts[1].data["events"][0].startswith("Shell fades")


def test_the_encounter_gains_a_shell_and_a_barrier_the_highest_replaces():
    """"Shell does not stack with Shell - the highest one overwrites"; "Barrier effects do
    not stack - the highest Barrier overwrites any others"."""
    enc = fight()
    enc.gain_shell("Grub", 30)
    enc.gain_shell("Grub", 20)
    assert enc.state("Grub").vitals["shell"] == 30
    enc.gain_barrier("Grub", 5, 20)
    enc.gain_barrier("Grub", 3, 50)                         # weaker: kept 5/20
    assert enc.state("Grub").vitals["barrier"] == "Barrier 5/20"
    enc.gain_barrier("Grub", 10, 100)
    assert enc.state("Grub").vitals["barrier"] == "Barrier 10/100"
    words = [w for e in enc.log if e.kind == "health" for w in e.data["events"]]
    assert words == ["gains Shell 30", "keeps Shell 30 (higher than 20)", "gains Barrier 5/20",
                     "keeps Barrier 5/20 (higher than Barrier 3/50)", "gains Barrier 10/100"]
    enc.damage("Grub", 45)                                  # Barrier 10, Shell 30, 5 HP
    assert (enc.state("Grub").hp, enc.state("Grub").vitals["shell"]) == (15, 0)


def test_gained_protection_is_kept_by_undo_save_and_replay(tmp_path):
    enc = fight()
    enc.gain_shell("Ash", 40)
    enc.gain_barrier("Grub", 4, 12)
    before = enc.state("Ash").vitals, enc.state("Grub").vitals
    again = Encounter.load(enc.save(tmp_path / "shell.jsonl"))
    assert (again.state("Ash").vitals, again.state("Grub").vitals) == before
    assert [str(e) for e in again.log] == [str(e) for e in enc.log]
    enc.undo()
    assert enc.state("Grub").vitals["barrier"] is None
    assert enc.state("Ash").vitals["shell"] == 40


@pytest.mark.parametrize("call, match", [
    (lambda e: e.gain_shell("Grub", -3), "shell"),
    (lambda e: e.gain_barrier("Grub", 0, 10), "barrier strength"),
    (lambda e: e.gain_barrier("Grub", 5, -1), "barrier total"),
    (lambda e: e.gain_shell("Nobody", 5), "Nobody"),
    (lambda e: e.gain_shell("Grub", "lots"), "amount"),
])
def test_a_bad_gain_is_refused_and_changes_nothing(call, match):
    enc = fight()
    before = enc.snapshot()
    with pytest.raises(LfgError, match=match):
        call(enc)
    assert enc.snapshot() == before


def test_lfg_has_no_shell_to_gain():
    both = ["lfg", "wounds"]  # written for lfg too, so that an lfg encounter takes them
    enc = Encounter([ash(ruleset=both), grub(ruleset=both)], sides={"a": ["Ash"], "b": ["Grub"]},
                    seed=1).start()
    before = enc.snapshot()
    with pytest.raises(IllegalActionError, match="no Barrier or Shell"):
        enc.gain_shell("Ash", 10)
    assert enc.snapshot() == before

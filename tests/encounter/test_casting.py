"""Tests of :mod:`lfgcombat.rules.actions.casting`, from 000_8d1d7816ee944f3b.txt "Casting a Spell",
"What if my turn is interrupted by an Interrupt Turn?". Split from the former
tests/test_encounter.py (issue 10); every test names its heading.
"""

from __future__ import annotations

from lfgcombat import HexMap
from lfgcombat.engine import Encounter

from .helpers import _wizard_fight, mk


def test_cast_provokes_unless_swift():
    """"What actions normally Provoke AOO?": "Casting a Spell (There are some spells that may
    be cast as Swift Actions, which don't Provoke AOO.)"."""
    cs = [mk("Mage", cls="wizard", level=5, init=40), mk("Orc")]
    m = HexMap(6, 4)
    m.place(cs[0], (1, 1), "a")
    m.place(cs[1], (2, 1), "b")
    enc = Encounter(cs, map=m, seed=1).start()
    enc.cast("Mage", 1, swift=True)
    assert not enc.log.of_kind("aoo_offered")
    enc2 = Encounter(cs, map=HexMap.from_text(m.to_text(), creatures=cs), seed=1).start()
    enc2.cast("Mage", 1)
    assert enc2.log.of_kind("aoo_offered")[-1].actor == "Orc"


def test_interrupted_and_damaged_caster_must_pass_perseverance_dc15():
    """"What if my turn is interrupted by an Interrupt Turn?": "If you are interrupted & take
    damage while attempting to cast a spell, you must roll a Perseverance check or lose the
    spell (DC15 or DC25 based on damage)" — the wizard of "When to Interrupt", Ex2, hit by
    the dagger. Without a Perseverance bonus the check is recorded for the GM."""
    enc = _wizard_fight()
    enc.damage("Wizard", 5, "piercing", by="Rogue")
    enc.end_turn()
    enc.cast("Wizard", 1, "magic missile", target="Rogue")
    check = enc.log.of_kind("check")[-1]
    assert check.actor == "Wizard" and check.data["dc"] == 15 and not check.data["rolled"]
    assert check.data["outcome"] == "required"
    spell = enc.log.of_kind("spell")[-1].data
    assert spell["outcome"].startswith("pending") and any(dc == 15 for _, dc in
                                                           spell["perseverance_dcs"])


def test_heavier_damage_makes_it_dc25_and_a_known_bonus_rolls_it():
    """"DC15 or DC25 based on damage" (10+ damage: DC25, inferred from the text's "If you take
    10+ Damage, add +5DC"); with the caster's Perseverance bonus the check is rolled, and a
    failure loses the spell."""
    enc = _wizard_fight()
    enc.damage("Wizard", 12, "piercing", by="Rogue")
    enc.end_turn()
    enc.cast("Wizard", 1, "magic missile", perseverance=3)
    check = enc.log.of_kind("check")[-1].data
    roll = enc.log.of_kind("roll")[-1].data
    assert check["dc"] == 25 and check["rolled"] and roll["against"] == 25
    assert roll["total"] == check["total"]
    ok = check["total"] >= 25
    assert check["outcome"] == ("success" if ok else "failure")
    assert enc.log.of_kind("spell")[-1].data["outcome"] == ("cast" if ok else
                                                            "lost: failed the Perseverance check")
    assert enc.actions_left("Wizard").spells == 0  # the lost spell was the turn's one spell


def test_no_check_when_not_damaged_or_the_interrupt_was_before_another_action():
    enc = _wizard_fight()
    enc.end_turn()
    enc.cast("Wizard", 1)
    assert not enc.log.of_kind("check") and enc.log.of_kind("spell")[-1].data["outcome"] == "cast"
    enc2 = _wizard_fight(before="move")
    enc2.damage("Wizard", 5, "piercing", by="Rogue")
    enc2.end_turn()
    enc2.cast("Wizard", 1)
    assert not enc2.log.of_kind("check")


def test_an_aoo_that_damages_the_caster_calls_for_the_check_before_the_spell():
    """"Reactions & AOO:": the AOO provoked by "Casting a Spell" strikes before the spell
    takes effect; damage from it is the interrupted caster's damage."""
    cs = [mk("Mage", cls="wizard", level=5, init=40, max_hp=80), mk("Orc")]
    for seed in range(1, 30):
        m = HexMap(6, 4)
        m.place(cs[0], (1, 1), "a")
        m.place(cs[1], (2, 1), "b")
        enc = Encounter(cs, map=m, seed=seed).start()
        enc.cast("Mage", 2, "web", aoo="all")
        if enc.log.of_kind("attack")[-1].data["hit"]:
            break
    kinds_ = [e.kind for e in enc.log if not e.command]
    assert kinds_.index("attack") < kinds_.index("check") < kinds_.index("spell")
    check = enc.log.of_kind("check")[-1].data
    dealt = sum(enc.log.of_kind("attack")[-1].data["damage"].values())
    assert check["dc"] == (25 if dealt >= 10 else 15)
    assert "AOO" in check["dcs"][-1][0]

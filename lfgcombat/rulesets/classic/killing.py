"""A killing blow on a Helpless foe, as the Encounter plays it under ``classic``.

002_2a3a79475ca2a541.txt, "Conditions", Helpless: "As a full-round action, an enemy can use a
melee weapon to deliver a killing blow to a Helpless foe. An enemy can also use a bow or
crossbow, provided he is adjacent to the target. The attacker automatically hits and scores
a critical hit [...] the defender must make a Fortitude save (DC 10 + damage dealt) or die"
(:func:`lfgcombat.rulesets.classic.conditions.killing_blow` rolls it).

Decisions where the text is open (inferred, shown in notebook 30):

* The classic round has no full-round action: a killing blow is the round's single action
  (an attack) with the whole Move Action, so it needs a round that has not moved and leaves
  no movement after it (not a limited round).
* The defender's Fortitude modifier is its record's (its CON modifier unless given).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from lfgcombat.errors import IllegalActionError
from lfgcombat.rulesets.policies import EncounterAttack

from ._base import rule
from .combatant import _setup
from .conditions import killing_blow, with_implied

if TYPE_CHECKING:
    from lfgcombat.dice import Roller

    from .turn import ClassicFighter

__all__ = ["killing_blow_attack"]

_HELPLESS = rule("Conditions")


def _check(attacker_record: "ClassicFighter", target_record: "ClassicFighter",
           ranged: bool, bow: bool, distance: int | None) -> None:
    if "Helpless" not in with_implied(target_record.all_conditions):  # Paralyzed: helpless
        raise IllegalActionError(f"{target_record.name} is not Helpless: a killing blow is "
                                 "delivered \"to a Helpless foe\"", _HELPLESS)
    b = attacker_record.budget
    if b is None or b.mode != "normal" or b.moved_ft:
        raise IllegalActionError("a killing blow is \"a full-round action\": the round's "
                                 "action and its whole Move Action, so it cannot follow a "
                                 "move (inferred)", _HELPLESS)
    if ranged and not bow:
        raise IllegalActionError("a killing blow is delivered with a melee weapon, or a bow "
                                 "or crossbow", _HELPLESS)
    if ranged and distance is not None and distance > 5:
        raise IllegalActionError("a bow or crossbow delivers a killing blow only \"provided "
                                 f"he is adjacent to the target\" ({distance} ft away)",
                                 _HELPLESS)


def killing_blow_attack(roller: "Roller", attacker: Any, target: Any, weapon: Any,
                        attacker_record: "ClassicFighter", target_record: "ClassicFighter",
                        distance: int | None, damage_type: str | None) -> "EncounterAttack":
    """Deliver a killing blow: the weapon's damage rolled twice (an automatic critical),
    then the defender's FORT save (DC 10 + damage) or death.

    Raises:
        IllegalActionError: the target is not Helpless, the attacker moved this round (or
            its round is limited), or a ranged weapon that is not an adjacent bow or
            crossbow; nothing is rolled then.
    """
    s = _setup(attacker, target, weapon, bab=None, ranged=None, limited=False,
               miss_chance=0, attacker_conditions=attacker_record.all_conditions,
               target_conditions=target_record.all_conditions,
               negative_levels=attacker_record.negative_levels)
    name = s.weapon.name.lower()
    _check(attacker_record, target_record, s.weapon.ranged,
           "bow" in name or "crossbow" in name, distance)
    kb = killing_blow(roller, s.damage, target_record.vitals, target_record.fort_bonus,
                      names=(s.attacker.name, s.target.name))
    after = replace(target_record, vitals=kb.vitals)
    b = attacker_record.budget
    assert b is not None  # _check refused a missing budget
    whole_round = replace(attacker_record, budget=replace(b, moved_ft=b.move_limit_ft))
    text = (f"killing blow: {kb.damage} damage (an automatic critical)"
            + (f"; FORT {kb.save.total} vs DC {kb.dc}: "
               + ("saved" if kb.save.total >= kb.dc else "dies") if kb.save else "; dead"))
    return EncounterAttack("critical", True, True, False, kb.damage, damage_type, s.ac,
                           s.bonus, text, kb, (), target_after=after,
                           attacker_after=whole_round, rolled_attack=False)

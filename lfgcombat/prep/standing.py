"""Who is still fighting, per ruleset: what GM prep reads of a fight besides the dice.

The :class:`~lfgcombat.Encounter` decides who can still fight (:meth:`Encounter.standing()
<lfgcombat.Encounter.standing>`: the statuses :data:`STANDING`); GM prep's reference tier
asks it (never ``hp > 0``), so each ruleset's tactics, winners and "dropped" follow its own
text:

* ``lfg`` (000_8d1d7816ee944f3b.txt, "Unconscious & Dying"): at 0 HP or less a creature
  falls unconscious and dying; it dies at its death threshold ("Death").
* ``classic`` (002_2a3a79475ca2a541.txt, "Stabilizing a Disabled Character"): "When a hero
  drops to or below 0, they become disabled" - out of the fight; once stable (DC12 FORT)
  its DC14 CON check makes it ``mobile``: standing again, with "one limited action per
  round"; dead at -10 ("Death").
* ``wounds`` (003_de0e94afd49609a7.txt, "When a character is subject to a damage-dealing
  effect"): at 0 Hit Points a creature fights on, ``wounded``, its damage going to its
  Wounds; at 0 Wounds it is dead (inferred, :mod:`lfgcombat.rulesets.wounds.health`).

What the results count (:func:`track`, :func:`dropped`):

* the HP track (a result's ``hp`` per creature, so "HP lost" is the start less it and
  "damage dealt" the track a creature's attacks took off its targets): ``lfg`` and
  ``classic`` the Hit Points (below 0 once down); ``wounds`` the Hit Points less the Wounds
  lost, one track HP then Wounds: 0 at 0 HP with every Wound, -1 a Wound lost below that,
  so HP lost and damage dealt count Wound damage too (a critical sent to Wounds counts
  where it lands);
* dropped: ``lfg`` at 0 HP or less, or dead (as the fast tier counts it); ``classic`` at 0
  HP or below (Disabled: "A hero keeps these disadvantages until they are healed", so a
  hero that became ``mobile`` again counts as dropped, though the tactics attack it and it
  fights on); ``wounds`` dead (a ``wounded`` creature is still fighting).

The dying played out after the fight (:func:`at_risk`): ``lfg`` the ``dying`` (bleeding and
the DC20 FORT Save, "Unconscious & Dying", "Stabilize when Dying"); ``classic`` a disabled
hero that is still losing HP - below 0 and not stable with the optional rule
``hp_loss_per_round`` ("Optional: If a character goes below 0 HP, they lose 1 HP per round
until they stabilize"), or bleeding ("Conditions", Bleed) - until it is stable, no longer
bleeding, or dead at -10; ``wounds`` nobody: it has no dying state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ..engine.encounter import _STANDING
from ..rulesets import definition

__all__ = ["STANDING", "track", "at_risk", "dropped", "track_words"]

#: The statuses :meth:`Encounter.standing() <lfgcombat.Encounter.standing>` counts as still
#: fighting (``conscious``; wounds' ``wounded``; classic's ``mobile``): the Encounter's own.
STANDING: frozenset[str] = frozenset(_STANDING)


def track(state: Mapping[str, Any]) -> int:
    """A creature's place on its ruleset's HP track (see the module docstring): its HP,
    less the Wounds it has lost under ``wounds``.

    Args:
        state: :meth:`Encounter.state <lfgcombat.Encounter.state>` of the creature.
    """
    vitals = state.get("vitals") or {}
    if "wounds_max" in vitals:
        return int(state["hp"]) - (int(vitals["wounds_max"]) - int(vitals["wounds"]))
    return int(state["hp"])


def at_risk(state: Mapping[str, Any], hp_loss_per_round: bool = False) -> bool:
    """Whether a creature may still die if the fight's turns go on (the module docstring):
    lfg's ``dying``; classic's disabled hero still losing HP (below 0 and not stable with
    ``hp_loss_per_round``, or bleeding). Never under wounds.

    Args:
        state: :meth:`Encounter.state <lfgcombat.Encounter.state>` of the creature.
        hp_loss_per_round: The ruleset's switch (classic's optional rule).
    """
    if state["status"] == "dying":
        return True
    vitals = state.get("vitals") or {}
    if state["dead"] or not vitals.get("disabled"):
        return False
    losing = hp_loss_per_round and int(state["hp"]) < 0 and not vitals.get("stable")
    return bool(losing or int(vitals.get("bleed") or 0) > 0)


def dropped(ruleset: str, hp: np.ndarray, dead: np.ndarray) -> np.ndarray:
    """Per fight and creature: dropped when the fight ended (the module docstring), from
    a result's ``hp`` track and ``dead``: dead only under a health model whose creatures
    fight on at 0 HP (``HealthModel.fights_on_at_zero``: wounds), else also at 0 HP or less.

    Args:
        ruleset: The ruleset's name.
        hp: The HP track (:func:`track`).
        dead: Dead (non-zero).
    """
    if definition(ruleset).health.fights_on_at_zero:
        return np.asarray(dead > 0)
    return np.asarray((hp <= 0) | (dead > 0))


def track_words(ruleset: str) -> str:
    """What "HP lost", "damage dealt" and "dropped" count under ``ruleset``, in one
    sentence (a run's note): its health model's ``dropped_words``."""
    return definition(ruleset).health.dropped_words

"""The conditions by name: every condition of "Conditions – Full Details" as an enum member.

000_8d1d7816ee944f3b.txt, "Conditions – Full Details" (the list of conditions) and
"Weakened" (its five stages, one table row each). What each condition does is its row of
``data/conditions.csv`` (:mod:`lfgcombat.rules.conditions.condition_table`); how conditions stack is
:mod:`lfgcombat.rules.conditions.condition_stacking`; what a creature's conditions add up to is
:mod:`lfgcombat.rules.conditions.condition_effects`. :mod:`lfgcombat.rules.conditions.conditions`
gathers them all.
"""

from __future__ import annotations

import enum
import re

from lfgcombat.errors import LfgError

__all__ = ["Condition", "ConditionError", "MAX_WEAKENED_STAGE", "ROW_KEYS"]

TEXT = "000_8d1d7816ee944f3b.txt"
MAX_WEAKENED_STAGE = 5




class ConditionError(LfgError, ValueError):
    """An unknown condition, or a condition with a value it cannot have."""


class Condition(str, enum.Enum):
    """Every condition of 000_8d1d7816ee944f3b.txt, "Conditions – Full Details".

    The value is the condition's key in ``data/conditions.csv`` (Weakened has one row per
    stage: ``weakened_1`` ... ``weakened_5``). Read a condition's effects with :func:`spec`.
    """

    ABLAZE = "ablaze"                    #: on fire: 1d6 fire per round
    AGONY = "agony"                      #: extreme pain; a Big Action lost each turn
    ASLEEP = "asleep"                    #: Helpless; REF Saves fail
    BLEED = "bleed"                      #: Bleed X: X biological damage per round
    BLINDED = "blinded"                  #: Flat-Footed, half speed, 50% miss chance
    BROKEN_ARM = "broken_arm"            #: -1 AC, +10% spell failure (S)
    BROKEN_LEG = "broken_leg"            #: falls Prone; -2 attack/AC, half speed
    BROKEN_RIBS = "broken_ribs"          #: Distressed until healed
    SEVERED_ARM = "severed_arm"          #: as Broken Arm, never heals
    SEVERED_LEG = "severed_leg"          #: as Broken Leg, never heals
    CONFOUNDED = "confounded"            #: Unfortunate, +20% spell failure
    CRAMPED = "cramped"                  #: half speed, -2 AC/attack/REF/physical
    DEAF = "deaf"                        #: -1 AC, +10% spell failure (V)
    DISTRACTED = "distracted"            #: Unfortunate on Listen and Spot
    DISTRESSED = "distressed"            #: -2 d20 and AC, half speed, Perseverance DC15
    DYING = "dying"                      #: at 0 HP or below: Unconscious
    ENCUMBERED = "encumbered"            #: 75% speed, -1 attack/AC/REF, -3 mobility
    FLANKED = "flanked"                  #: -2 AC
    FLAT_FOOTED = "flat_footed"          #: FFAC, no Reactions
    FORTUNATE = "fortunate"              #: roll 2d20, keep the better
    FRIGHTENED = "frightened"            #: Unfortunate
    GRAPPLED = "grappled"                #: cannot leave the hex, threatens nothing
    HEAVILY_ENCUMBERED = "heavily_encumbered"  #: half speed, -2 attack/AC/REF, -6 mobility
    HELPLESS = "helpless"                #: DEX 0 against attacks, REF fails, no Reactions
    HINDERED = "hindered"                #: half speed, no Run or 5-Foot Step, -2 AC/REF
    INJURED = "injured"                  #: at or below the Injured Threshold
    INVISIBLE = "invisible"              #: attacks against you: 50% miss chance
    PARALYZED = "paralyzed"              #: Helpless and Prone; no actions
    PARTIALLY_BLINDED = "partially_blinded"  #: 20% miss chance; -4 Spot
    PINNED = "pinned"                    #: worse Grappled; S/F spells impossible
    PRONE = "prone"                      #: -4 attack; -4 AC vs melee, +2 vs far ranged
    STAGGERED = "staggered"              #: one Big Action, no Reactions, -2 d20 and AC
    STUNNED = "stunned"                  #: no actions, Flat-Footed, -2 d20
    TERRIFIED = "terrified"              #: Unfortunate, must flee; melee against you Fortunate
    UNCONSCIOUS = "unconscious"          #: Helpless and Prone; cannot act
    UNFORTUNATE = "unfortunate"          #: roll 2d20, keep the worse
    WEAKENED = "weakened"                #: stages 1-5 of accumulating penalties

    @property
    def title(self) -> str:  # type: ignore[override]  # str.title() is shadowed on purpose
        """The condition's name as the text writes it (``Flat-Footed``, ``Bleed X``)."""
        return _TITLES.get(self, self.value.replace("_", " ").title())


_TITLES = {Condition.FLAT_FOOTED: "Flat-Footed", Condition.BLEED: "Bleed X",
           Condition.WEAKENED: "Weakened"}

#: Row keys of ``data/conditions.csv`` (the conditions, with Weakened split into stages).
ROW_KEYS: tuple[str, ...] = tuple(
    [c.value for c in Condition if c is not Condition.WEAKENED]
    + [f"weakened_{n}" for n in range(1, MAX_WEAKENED_STAGE + 1)])


def _normal(name: str) -> str:
    return re.sub(r"[\s_\-]+", " ", name.strip().lower())

"""Special abilities with uses per day in GM prep (issue 25, item 2): what the simulated
fights do with them, said in the run's notes.

000_8d1d7816ee944f3b.txt, "Spell-Like Abilities (SLA):" and "Special Abilities – 4
Different Types": an ability line (``Fear Burst (SLA): 3/day (SL2, WILL DC15[CHA])``, read
by :func:`lfgcombat.rules.abilities.abilities.parse_ability`) gives the ability's type, its uses,
spell
level and save, never its effect. The Encounter plays the use itself
(:meth:`Encounter.use_ability <lfgcombat.Encounter.use_ability>`: the Big Action, the uses
left, the Perseverance check, the target's save) but no damage or condition follows from
it: no creature file in ``data/creatures`` states one, and the engine has no field to hold
one. So GM prep never plays an ability of an activated kind (SLA, or any line with uses per
day, round or encounter); the run's notes name each, for the GM to weigh.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..creature.close_keys import abilities_of
from ..errors import LfgError

if TYPE_CHECKING:  # pragma: no cover
    from .spec import Scenario

__all__ = ["ability_notes"]


def _uses_words(ab) -> str:
    if ab.uses is None:
        return "at will" if ab.per is None else f"per {ab.per}"
    return f"{ab.uses}/{ab.per}"


def ability_notes(scenario: Scenario) -> tuple[str, ...]:
    """One note naming the special abilities of the scenario's creatures that are used
    (an SLA, or a line with uses) and left out of the fights (see the module docstring);
    ``()`` when there are none."""
    left = []
    for c in scenario.creatures:
        try:
            abilities = abilities_of(c)
        except LfgError:  # pragma: no cover - a malformed line is the Encounter's to refuse
            continue
        for ab in abilities:
            if ab.kind.value == "SLA" or ab.uses is not None:
                left.append(f"{c.name}'s {ab.name} ({ab.kind.value}, {_uses_words(ab)})")
    if not left:
        return ()
    return (f"Left to the GM: {'; '.join(left)}. An ability line gives its uses, spell level "
            "and save but no damage or condition the engine can play, so the simulated "
            "creatures never use it; weigh it yourself",)

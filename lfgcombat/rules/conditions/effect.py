"""An effect that lasts a while on a combatant, and when it ends (a value).

000_8d1d7816ee944f3b.txt: what an action or a rule leaves on a creature "until the start of
your next turn" or "until the end of your next turn" ("Fight Defensively (Big Action, No
AOO)", "Running in Combat – Full Details:", "AMBUSH! - What if you’re unaware?", "Alternative
Initiative Option #2 – Top-Down Initiative: (Highest to lowest)"). The rules that start and
end effects live in :mod:`lfgcombat.rules.conditions.effects`; this module holds only the value, so
the initiative policies (:mod:`lfgcombat.rulesets.initiative`) can build one without
importing the encounter.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["Effect", "EFFECT_ENDS"]


#: When an :class:`Effect` ends: at the start or the end of the turn of the creature named
#: in ``on`` (``turn_start`` / ``turn_end``), when the Surprise Round is over
#: (``round_start``), or when the affected creature's first turn begins (``own_first_turn``,
#: Top-Down's Flat-Footed).
EFFECT_ENDS = ("turn_start", "turn_end", "round_start", "own_first_turn")


@dataclass(frozen=True)
class Effect:
    """Something an action or a rule leaves on a creature for a while (Fight Defensively's
    bonuses, Protect's cover, Run's AC, Flat-Footed in the Surprise Round...).

    Attributes:
        label: What it is, in words (shown in :meth:`Encounter.state`).
        ends: One of :data:`EFFECT_ENDS`.
        on: Whose turn ends it (``None``: the round).
        rule: The citation of the rule that imposes it.
        kind: A name other rules look for (``run``, ``fight_defensively``,
            ``ignore_enemy``, ``act_together``), or ``None``.
        conditions: Conditions it gives (``flat_footed``, ``cramped``).
        bonuses: Bonuses it gives, in :meth:`lfgcombat.rules.bonuses.Bonus.to_dict` form.
        data: What a rule needs to remember (a run's line, who is ignored...).
        lost_on_action: Aim: lost when the creature does anything but attack, or is hurt.
        id: Its id in the log (``step:event``), given when it starts.
    """

    label: str
    ends: str
    on: str | None
    rule: str
    kind: str | None = None
    conditions: tuple[str, ...] = ()
    bonuses: tuple[Mapping[str, Any], ...] = ()
    data: Mapping[str, Any] | None = None
    lost_on_action: bool = False
    id: str = ""

    def __post_init__(self) -> None:
        if self.ends not in EFFECT_ENDS:
            raise ValueError(f"an effect ends at one of {', '.join(EFFECT_ENDS)}, "
                             f"not {self.ends!r}")
        object.__setattr__(self, "conditions", tuple(self.conditions))
        object.__setattr__(self, "bonuses", tuple(dict(b) for b in self.bonuses))

    @property
    def info(self) -> Mapping[str, Any]:
        """``data``, or an empty mapping."""
        return self.data if self.data is not None else {}

    def to_dict(self) -> dict[str, Any]:
        """The effect as the log records it (``effect_start``): the optional fields only
        when set, as the log has always written them."""
        out: dict[str, Any] = {"label": self.label, "ends": self.ends, "on": self.on,
                               "rule": self.rule}
        if self.kind is not None:
            out["kind"] = self.kind
        if self.data is not None:
            out["data"] = copy.deepcopy(dict(self.data))
        if self.lost_on_action:
            out["lost_on_action"] = True
        out["conditions"] = list(self.conditions)
        out["bonuses"] = [dict(b) for b in self.bonuses]
        if self.id:
            out["id"] = self.id
        return out

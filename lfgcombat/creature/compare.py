"""What changes between two versions of a creature, and what each condition does to one.

000_8d1d7816ee944f3b.txt, "Conditions – Full Details": :func:`condition_effects` shows,
for one creature, the statistics each condition changes (AC, attacks, saves, initiative,
Move Speed, damage, skills, actions, fortune) and the conditions it brings along;
:func:`compare` is the diff it is built on. :mod:`lfgcombat.creature` re-exports both;
this module imports no creature at run time.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import pandas as pd

from ..rules.conditions.conditions import Condition

if TYPE_CHECKING:
    from . import Creature

__all__ = ["COMPARED", "compare", "condition_effects"]

#: The statistics :func:`compare` and :func:`condition_effects` look at, in order.
COMPARED = ("ac", "ff_ac", "touch_ac", "ac_vs_crit", "melee_attack", "ranged_attack", "fort",
            "ref", "will", "initiative_bonus", "move_speed", "physical_damage_pct", "skill")


def compare(before: Creature, after: Creature) -> pd.DataFrame:
    """The statistics that differ between two versions of a creature.

    Args:
        before: One version.
        after: The other.

    Returns:
        One row per changed statistic (``stat``, ``before``, ``after``), plus ``actions``
        and ``fortune`` rows when those change; empty when nothing changed.
    """
    rows = []
    for name in COMPARED:
        a, b = before.stat(name), after.stat(name)
        if a.value != b.value or getattr(a, "auto_fail", False) != getattr(b, "auto_fail", False):
            shown = ("auto-fail" if getattr(b, "auto_fail", False) else b.value)
            rows.append({"stat": name, "before": a.value, "after": shown})
    acts_a = before.actions.explain().splitlines()[0]
    acts_b = after.actions.explain().splitlines()[0]
    if acts_a != acts_b:
        rows.append({"stat": "actions", "before": acts_a, "after": acts_b})
    fa, fb = before.melee_attack.fortune, after.melee_attack.fortune
    if fa != fb:
        rows.append({"stat": "fortune", "before": getattr(fa, "value", "none"),
                     "after": getattr(fb, "value", "none")})
    return pd.DataFrame(rows, columns=["stat", "before", "after"], dtype=object)


def condition_effects(creature: Creature, conditions: Iterable[str] | None = None
                      ) -> pd.DataFrame:
    """What each condition does to one creature: a row per condition, a column per changed
    statistic (``"18 → 16"``), plus the conditions it brings along.

    Args:
        creature: The creature before (usually with no conditions).
        conditions: Condition texts (``"prone"``, ``"bleed 2"``, ``"weakened 3"``); all of
            them by default, with Weakened at each stage.

    Returns:
        A DataFrame indexed by condition; cells are empty where nothing changed.
    """
    if conditions is None:
        conditions = [c.value for c in Condition if c is not Condition.WEAKENED] + [
            f"weakened {n}" for n in range(1, 6)]
        conditions = [f"{c} 2" if c == "bleed" else c for c in conditions]
    rows = {}
    for text in conditions:
        after = creature.with_condition(text)
        diff = compare(creature, after)
        row = {r["stat"]: f"{r['before']} → {r['after']}" for r in diff.to_dict("records")}
        brought = [e.label for e in after.active_conditions
                   if e.label.lower().replace(" ", "_") != str(text).lower().replace(" ", "_")]
        row["also"] = ", ".join(brought)
        rows[str(text)] = row
    columns = [c for c in (*COMPARED, "actions", "fortune", "also")
               if any(c in r and r[c] for r in rows.values())]
    frame = pd.DataFrame.from_dict(rows, orient="index", columns=columns).fillna("")
    frame.index.name = "condition"
    return frame

"""Conditions: what each one does to a creature, as data, and how they stack.

000_8d1d7816ee944f3b.txt, "Conditions (Sometimes called Status Effects)": "If afflicted with
a condition, you suffer all penalties (or benefits) as described in this section" and "Being
afflicted by the same condition multiple times does not change or enhance the effects unless
specifically stated by the condition or effect causing it, but the longer lasting duration is
always applied."

What a condition is (temporary circumstances, most of them negative):
000_8d1d7816ee944f3b.txt, "What are Conditions?".

Every mechanical effect of every condition of "Conditions – Full Details" is a column of
``data/conditions.csv`` (one row per condition, one per Weakened stage); the rest of each
entry is its ``summary``. The modules below turn rows into :class:`ConditionSpec` values, parse
and stack the conditions a creature has (:class:`Affliction`, :func:`stack_afflictions`,
:func:`gain`), and resolve them into a :class:`ConditionSet`: the explicit conditions plus
the ones they imply (Paralyzed → Helpless and Prone, Stunned → Flat-Footed, ...), minus the
ones a more severe version supersedes (Stunned over Staggered, ...), with every modifier
labelled by the condition it comes from so a creature's statistics can explain themselves.

Stacking (:func:`stack_afflictions`):

* the same condition twice is one condition with the longer duration (``rounds=None`` means
  "until removed", the longest);
* Bleed X: "Multiple Bleed X conditions stack" and "X cannot be greater than the affected
  creature's level" ("Bleed X");
* Weakened: "Any time you gain a Weakened Stage, it adds to any current stages affecting
  you", up to Stage 5; each stage beyond deals 1d6 biological damage ("Weakened, Stage 5+");
* Fortunate and Unfortunate "cancel one another out" (:meth:`ConditionSet.fortune`).

This module gathers the condition rules, one module per rule (every name stays importable
from here):

* :mod:`lfgcombat.rules.conditions.condition_kinds` - the conditions by name (:class:`Condition`);
* :mod:`lfgcombat.rules.conditions.condition_table` - what each one does, ``data/conditions.csv``
  (:class:`ConditionSpec`, :func:`spec`, :func:`lookup`, :func:`flag_holders`);
* :mod:`lfgcombat.rules.conditions.condition_stacking` - how they stack (:class:`Affliction`,
  :func:`stack_afflictions`, :func:`gain`, :func:`bleed_cap`);
* :mod:`lfgcombat.rules.conditions.condition_effects` - what they add up to (:func:`resolve`,
  :class:`ConditionSet`, :class:`ActionLimits`, :class:`SpellCasting`).
"""

from __future__ import annotations

from .condition_effects import ActionLimits, Active, ConditionSet, SpellCasting, resolve
from .condition_kinds import ROW_KEYS, TEXT  # noqa: F401 - importable from here as before
from .condition_kinds import MAX_WEAKENED_STAGE, Condition, ConditionError
from .condition_stacking import (
    Affliction,
    Gained,
    bleed_cap,
    gain,
    parse_condition,
    stack_afflictions,
)
from .condition_table import (
    CONDITIONS_SCHEMA,
    ConditionSpec,
    build_specs,
    conditions_table,
    find_condition,
    flag_holders,
    load_rules_table,
    lookup,
    name_index,
    spec,
    specs,
)

__all__ = [
    "flag_holders",
    "Condition", "ConditionError", "ConditionSpec", "Affliction", "Active", "ConditionSet",
    "ActionLimits", "SpellCasting", "Gained", "CONDITIONS_SCHEMA", "conditions_table",
    "spec", "specs", "lookup", "parse_condition", "stack_afflictions", "gain", "resolve",
    "bleed_cap", "MAX_WEAKENED_STAGE", "load_rules_table", "build_specs", "name_index",
    "find_condition",
]

"""The one way to keep a reading on a creature, else make it now (issue 24, "Fast").

A :class:`~lfgcombat.creature.Creature` is a frozen value: a reading of it with the same
arguments is the same, so :func:`kept_on` keeps it on the creature (``Creature._kept``:
its ``_kept_stats``, and its family's, :mod:`lfgcombat.creature.family`); anything else
(a ruleset's combatant, a mapping) is read now. What a copy after a change of play takes over is
:func:`lfgcombat.creature.kept.keep_stats`' call. This module imports nothing of the kit:
the rulesets the creature's parser reads can use it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["kept_on", "keeps"]

_T = TypeVar("_T")


def kept_on(obj: Any, key: Any, make: Callable[[], _T]) -> _T:
    """``make()``, kept on ``obj`` under ``key`` when ``obj`` keeps what is read of it (a
    :class:`~lfgcombat.creature.Creature`, by its ``_kept``), else made now.

    A creature is a frozen value, so a reading of it with the same arguments is the same
    (issue 24, "Fast": every attack read the sheet, the weapon and the AC again). A key
    whose first part is in :data:`~lfgcombat.creature.kept.HP_FREE_KEPT` (``"sheet"``:
    read from the sheet alone) is handed on to a copy with other HP
    (:func:`~lfgcombat.creature.kept.keep_stats`). Refusals (``make`` raising) are not
    kept; an unhashable key is made now; ``None`` is made again at each call.

    Args:
        obj: What the reading is of: a creature keeps it, anything else (a ruleset's
            combatant, a mapping) is read now.
        key: A tuple naming the reading and its arguments.
        make: The reading, made now.

    Returns:
        What ``make()`` returned, the first time or since.
    """
    kept = getattr(type(obj), "_kept", None)
    if kept is None:  # (as fast as the check it replaced)
        return make()
    return kept(obj, key, make)


def keeps(obj: Any) -> bool:
    """Whether ``obj`` keeps what is read of it (:func:`kept_on` keeps it there): a
    :class:`~lfgcombat.creature.Creature`, not a ruleset's combatant or a mapping."""
    return getattr(type(obj), "_kept", None) is not None

"""Readings shared by the copies of one creature sheet in play (issue 24, "Fast").

A :class:`~lfgcombat.creature.Creature` is a frozen value that keeps what is read of it
(:meth:`~lfgcombat.creature.Creature._kept`). Play makes copies of it that differ only in
their Hit Points, temporary HP, conditions or bonuses (a strike, a condition gained, an
effect's bonus): one *family* of copies of the same sheet. Their readings that read HP only
through the conditions in effect (AC, attack bonuses, a prepared attack's parts: the
``"ac"``, ``"attack"`` and ``"sheet"`` keys of :data:`~lfgcombat.creature.kept.HP_FREE_KEPT`)
are the same for two copies with the same stored conditions, the same conditions that follow
from their HP and the same bonuses (000_8d1d7816ee944f3b.txt, "Injury & Injured Threshold",
"Unconscious & Dying": the conditions that follow from HP). The family keeps them once,
under that state, so a copy met again (an Injured orc at 7 HP, whose Injured condition
names its HP, in the next fight of a GM's run) reads them again without computing them.
"""

from __future__ import annotations

from typing import Any

from .hit_points import hp_conditions
from .kept import HP_FREE_KEPT

__all__ = ["hand_on_family", "family_find", "family_keep", "pickled_state", "FAMILY_KEPT",
           "FAMILY_MAX"]

#: The first parts of the keys of the readings a family shares: those of
#: :data:`~lfgcombat.creature.kept.HP_FREE_KEPT`, and ``"weapon"``, a weapon the creature
#: names (:func:`~lfgcombat.rules.weapons.resolve_weapon` reads its ``weapons:`` entries and
#: its size: its sheet alone).
FAMILY_KEPT = HP_FREE_KEPT | {"weapon"}

#: At most this many readings a family keeps (then it starts again, empty).
FAMILY_MAX = 4096

#: The one class whose copies form families (:class:`~lfgcombat.creature.Creature`, set by
#: its module): a subclass reads its sheet its own way (a ruleset's record sheet leaves the
#: conditions of lfg's HP out), so it keeps what it reads on itself alone.
FAMILY_CLASS: type | None = None


def hand_on_family(old: Any, made: dict[str, Any]) -> None:
    """Give the copy whose fields are ``made`` (its ``__dict__``) the family store of
    ``old``, a creature of the same sheet (only its HP, temporary HP, conditions or bonuses
    differ), made for ``old`` now if it has none (nothing for another class than
    :data:`FAMILY_CLASS`)."""
    if type(old) is not FAMILY_CLASS:
        return
    have = old.__dict__
    family = have.get("_family")
    if family is None:
        family = have["_family"] = {}
    made["_family"] = family


def _state(creature: Any) -> tuple[Any, ...]:
    """What the conditions in effect and the bonuses of ``creature`` are made of: its
    stored conditions, the conditions its HP bring (their reasons name the HP) and its
    typed bonuses, kept on it (a frozen value)."""
    d = creature.__dict__
    state = d.get("_family_state")
    if state is None:
        state = d["_family_state"] = (d["conditions"], tuple(hp_conditions(creature)),
                                      d["bonuses"])
    return state


def family_find(creature: Any, key: tuple[Any, ...]) -> Any:
    """The reading under ``key`` a copy of ``creature``'s family in the same state kept
    (``None``: none, a key read from more than the conditions in effect, or no family)."""
    family = creature.__dict__.get("_family")
    if family is None or key[0] not in FAMILY_KEPT or type(creature) is not FAMILY_CLASS:
        return None
    try:
        return family.get((_state(creature), key))
    except TypeError:  # a key that is no key (a weapon given as a mapping)
        return None


def family_keep(creature: Any, key: tuple[Any, ...], value: Any) -> None:
    """Keep ``value``, read of ``creature`` under ``key``, for its family (nothing without
    a family or for a key outside :data:`FAMILY_KEPT`)."""
    family = creature.__dict__.get("_family")
    if family is None or key[0] not in FAMILY_KEPT or type(creature) is not FAMILY_CLASS:
        return
    if len(family) >= FAMILY_MAX:
        family.clear()
    try:
        family[(_state(creature), key)] = value
    except TypeError:
        return


def pickled_state(creature: Any) -> dict[str, Any]:
    """What a creature pickles and copies (its ``__getstate__``): its ``__dict__`` without
    its family's store, a cache of readings shared by the copies of its sheet in this
    process (a GM's run sends its scenario's creatures to other processes; their own copies
    start a family there)."""
    d = creature.__dict__
    if "_family" not in d:
        return d
    return {k: v for k, v in d.items() if k not in ("_family", "_family_state")}

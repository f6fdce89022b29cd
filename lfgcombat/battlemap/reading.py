"""What the battle map reads from a creature: size, speed, reach, and its conditions' flags.

The map is duck-typed (see :class:`~lfgcombat.battlemap.values.MapCreature`). What a
condition does to movement and threatening is read from the conditions data
(``data/conditions.csv`` through :mod:`lfgcombat.rules.conditions.conditions`): its ``immobile``,
``cannot_run``, ``cannot_5ft_step`` and ``threatens`` columns and the ``implies`` links
(Unconscious implies Helpless), the same columns a creature's sheet reads for its Move
Speed. The map keeps no list of its own (``000_8d1d7816ee944f3b.txt``, "Conditions – Full
Details"; "Reach & Threatened Area"; "Movement in Combat").
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from lfgcombat.creature import Creature
from lfgcombat.rules.conditions.conditions import (Affliction, Condition, ConditionSet,
                                                   parse_condition, resolve)
from lfgcombat.errors import IllegalActionError, LfgError
from lfgcombat.io.tables import load_table

from .rules import R_SIZE

@functools.cache
def _sizes() -> dict[str, dict[str, Any]]:
    t = load_table("sizes")
    return {row["size"]: dict(row) for _, row in t.iterrows()}


def _size_name(size: Any) -> str:
    for attr in ("value", "name"):
        v = getattr(size, attr, None)
        if isinstance(v, str) and v.lower() in _sizes():
            return v.lower()
    s = str(size).lower()
    if s in _sizes():
        return s
    for name, row in _sizes().items():  # size codes: "L", "M"...
        if s == str(row["code"]).lower():
            return name
    raise IllegalActionError(f"unknown size {size!r}; sizes are {', '.join(_sizes())}", R_SIZE)


def _read(obj: Any, *names: str) -> Any:
    """The first of ``names`` that ``obj`` has (called when it is a method), or ``None``.

    A :class:`~lfgcombat.creature.Creature` never changes once made (play makes a new
    one), so what the map reads from it is kept on it, one reading per ``names`` (issue
    24, "Fast": a name a creature lacks costs a failed lookup through its sections). So is
    a frozen dataclass made from one (a ruleset's ``RecordSheet``: its standing on the map
    is one of its fields; issue 25, item 4)."""
    if not _never_changes(obj):
        return _read_now(obj, names)
    kept = obj.__dict__.get("_map_reads")
    if kept is None:
        kept = obj.__dict__["_map_reads"] = {}
    try:
        return kept[names]
    except KeyError:
        v = kept[names] = _read_now(obj, names)
        return v


def _kept_on(obj: Any, key: tuple[Any, ...], make: Callable[[], Any]) -> Any:
    """``make()``, kept on ``obj`` under ``key`` when it is a
    :class:`~lfgcombat.creature.Creature` (never changed once made: :func:`_read`)."""
    if not _never_changes(obj):
        return make()
    kept = obj.__dict__.get("_map_reads")
    if kept is None:
        kept = obj.__dict__["_map_reads"] = {}
    try:
        return kept[key]
    except KeyError:
        v = kept[key] = make()
        return v


def _never_changes(obj: Any) -> bool:
    """Whether ``obj`` is a :class:`~lfgcombat.creature.Creature` or a dataclass made from
    one (frozen as it is: a dataclass cannot thaw a frozen base), whose readings may be
    kept on it (:func:`_read`)."""
    t = type(obj)
    return t is Creature or (isinstance(obj, Creature)
                             and getattr(t, "__dataclass_params__", None) is not None
                             and t.__dataclass_params__.frozen
                             and "__dataclass_fields__" in t.__dict__)


#: What :func:`_read_now` finds of a name an object lacks.
_ABSENT = object()


def _read_now(obj: Any, names: tuple[str, ...]) -> Any:
    """:func:`_read` read now."""
    for n in names:
        v = getattr(obj, n, _ABSENT)  # (one lookup: hasattr and getattr were two)
        if v is not _ABSENT:
            if callable(v) and not isinstance(v, type):
                try:
                    v = v()
                except TypeError:
                    continue
            return v
    return None


def _conditions(obj: Any) -> frozenset[str]:
    """Condition names in effect: ``active_conditions`` (implied ones included) when the
    creature has it, else ``conditions``; items may be names, enums, or entries with a
    ``condition`` attribute (:class:`lfgcombat.rules.conditions.conditions.Affliction`,
    ``Active``). Kept on a :class:`~lfgcombat.creature.Creature` (:func:`_kept_on`)."""
    return _kept_on(obj, ("<conditions>",), lambda: _conditions_now(obj))


def _conditions_now(obj: Any) -> frozenset[str]:
    """:func:`_conditions` read now."""
    raw = _read(obj, "active_conditions", "conditions")
    if not raw:
        return frozenset()
    items = raw.keys() if isinstance(raw, Mapping) else raw
    out = set()
    for c in items:
        c = getattr(c, "condition", c)
        v = getattr(c, "value", None)
        if not isinstance(v, str):
            v = getattr(c, "name", None)
        if not isinstance(v, str):
            v = str(c)
        out.add(v.strip().lower().replace(" ", "_").replace("-", "_"))
    return frozenset(out)


def _as_int(v: Any) -> int | None:
    if v is None or isinstance(v, bool):
        return None
    if isinstance(v, (int, float)):
        return int(v)
    inner = getattr(v, "value", None)
    if isinstance(inner, (int, float)) and not isinstance(inner, bool):
        return int(inner)
    return None


def _speed_flag(obj: Any, flag: str) -> bool | None:
    ms = _read(obj, "move_speed")
    v = getattr(ms, flag, None)
    return v if isinstance(v, bool) else None


@dataclass(frozen=True)
class ConditionFlags:
    """What a creature's conditions (implied ones included) let it do on the map.

    Every field comes from ``data/conditions.csv`` (columns ``immobile``, ``cannot_run``,
    ``cannot_5ft_step``, ``threatens``, ``cannot_be_flanked``, ``in_a_grapple``;
    ``implies`` for Helpless): the map has no copy.

    Attributes:
        names: The conditions in effect (their
            :class:`~lfgcombat.rules.conditions.conditions.Condition`
            values, implied ones included).
        immobile: Those whose ``immobile`` is true ("You cannot move from your hex").
        cannot_run: Those whose ``cannot_run`` is true.
        cannot_5ft_step: Those whose ``cannot_5ft_step`` is true.
        no_threat: Those whose ``threatens`` is false ("You do not Threaten").
        helpless: Helpless is in effect (given or implied).
        unflankable: Those whose ``cannot_be_flanked`` is true ("You cannot be flanked").
        grappling: Those whose ``in_a_grapple`` is true ("Grappling does not cause the
            cramped condition").
    """

    names: frozenset[str] = frozenset()
    immobile: frozenset[str] = frozenset()
    cannot_run: frozenset[str] = frozenset()
    cannot_5ft_step: frozenset[str] = frozenset()
    no_threat: frozenset[str] = frozenset()
    helpless: bool = False
    unflankable: frozenset[str] = frozenset()
    grappling: frozenset[str] = frozenset()


def flags_of(conditions: ConditionSet) -> ConditionFlags:
    """The map's flags of a resolved condition set (see :class:`ConditionFlags`); kept on
    the set (a creature's resolved conditions, never changed once made: issue 24, "Fast")."""
    kept = getattr(conditions, "__dict__", {}).get("_map_flags")
    if kept is not None:
        return kept
    made = _flags_made(conditions)
    if type(conditions) is ConditionSet:
        conditions.__dict__["_map_flags"] = made
    return made


def _flags_made(conditions: ConditionSet) -> ConditionFlags:
    """:func:`flags_of` computed."""
    def where(column: str, value: bool = True) -> frozenset[str]:
        return frozenset(e.condition.value for e in conditions
                         if bool(getattr(e.spec, column)) is value)

    names = frozenset(e.condition.value for e in conditions)
    return ConditionFlags(names, where("immobile"), where("cannot_run"),
                          where("cannot_5ft_step"), where("threatens", False),
                          Condition.HELPLESS.value in names, where("cannot_be_flanked"),
                          where("in_a_grapple"))


@functools.lru_cache(maxsize=2048)
def _flags_of_items(items: tuple[Any, ...]) -> ConditionFlags:
    afflictions = []
    for item in items:
        if isinstance(item, Affliction):
            afflictions.append(item)
            continue
        try:
            afflictions.append(parse_condition(item))
        except LfgError:
            continue  # not a condition of the rules ("dead" is a state): no flags
    return flags_of(resolve(afflictions))


def condition_flags(obj: Any) -> ConditionFlags:
    """The :class:`ConditionFlags` of a creature: from its ``active_conditions`` when it has
    a resolved :class:`~lfgcombat.rules.conditions.conditions.ConditionSet` (a
    :class:`lfgcombat.Creature`),
    else from the names, enums or afflictions in ``conditions``. Kept on a
    :class:`~lfgcombat.creature.Creature` (:func:`_kept_on`)."""
    return _kept_on(obj, ("<condition flags>",), lambda: _condition_flags_now(obj))


def _condition_flags_now(obj: Any) -> ConditionFlags:
    """:func:`condition_flags` read now."""
    raw = _read(obj, "active_conditions", "conditions")
    if isinstance(raw, ConditionSet):
        return flags_of(raw)
    if not raw:
        return ConditionFlags()
    items = raw.keys() if isinstance(raw, Mapping) else raw
    norm: list[Affliction | str] = []
    for c in items:
        if isinstance(c, Affliction):
            norm.append(c)
            continue
        c = getattr(c, "condition", c)
        v = getattr(c, "value", None)
        if not isinstance(v, str):
            v = getattr(c, "name", None)
        norm.append(v if isinstance(v, str) else str(c))
    return _flags_of_items(tuple(norm))

"""What a ruleset's record says of its round: its budget as plain data and the actions
left (:mod:`lfgcombat.engine.ruleset_play` logs and reports them), counted once for what
they read (issue 24, "Fast").

000_8d1d7816ee944f3b.txt, "Taking Your Turn" (lfg's counts,
:class:`~lfgcombat.engine.state.ActionsLeft`); a ruleset's economy counts its own round in
its own words.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from typing import Any

from .log import jsonable
from .state import ActionsLeft

__all__ = ["RoundActionsLeft", "budget_data"]


@dataclasses.dataclass(frozen=True)
class RoundActionsLeft(ActionsLeft):
    """:class:`~lfgcombat.engine.state.ActionsLeft` of a combatant with a ruleset's
    record, with the round in the ruleset's own words (``summary``: the economy's, e.g.
    classic's "1 single action · Move Action 30 of 30 ft", wounds' "2 Half · 1 AOO"), which
    :meth:`explain` and the tracker's cards show instead of lfg's Big and Little Actions."""

    summary: str = ""

    def _round_words(self) -> str:
        """The round in the ruleset's words (its economy's ``summary``)."""
        return self.summary


def budget_data(budget: Any) -> dict[str, Any] | None:
    """A ruleset's turn budget as plain data (its fields, and ``remaining_ft`` when it
    has one); ``None`` outside the creature's turn.

    A frozen budget (classic's :class:`~lfgcombat.rulesets.classic.actions.RoundBudget`)
    is a value: its data is kept on it, each caller getting its own copy (issue 24,
    "Fast": it was made again at every step and every ``state()``)."""
    if budget is None:
        return None
    return jsonable(_budget_read(budget))  # (plain data: jsonable gives its own copy)


def _budget_of(budget: Any) -> dict[str, Any]:
    """:func:`_budget_read` of a budget, ``{}`` for none (outside the creature's turn)."""
    return {} if budget is None else _budget_read(budget)


def _budget_feet(budget: Any) -> tuple[Any, Any]:
    """``moved_ft`` and ``remaining_ft`` of :func:`_budget_of` (``None`` where it has
    none), read alone: a step that logs these two (an attack, a single action, a move)
    needs none of the rest of the budget's data (issue 24, "Fast": the whole of it was
    made at every step). A budget whose two values are not plain numbers is read whole."""
    if budget is None:
        return None, None
    if type(budget) is dict:
        moved, left = budget.get("moved_ft"), budget.get("remaining_ft")
    elif dataclasses.is_dataclass(budget) and not isinstance(budget, type):
        names = _FIELD_NAMES.get(type(budget))
        if names is None:
            names = _FIELD_NAMES[type(budget)] = tuple(f.name for f in dataclasses.fields(budget))
        moved = getattr(budget, "moved_ft") if "moved_ft" in names else None
        left = getattr(budget, "remaining_ft", None)
    else:
        moved = left = _NOT_READ
    if type(moved) not in _FEET or type(left) not in _FEET:
        data = _budget_of(budget)
        return data.get("moved_ft"), data.get("remaining_ft")
    return moved, left


#: What :func:`_budget_feet` reads as it is (any other value: the budget's data read whole).
_FEET = (int, type(None))
_NOT_READ = object()


def _budget_read(budget: Any) -> dict[str, Any]:
    """:func:`budget_data` of a budget (not ``None``) as kept on it, for reading only
    (never handed out, nor changed): a step that reads a field or two of it, or logs it
    (an event's data is its own frozen copy), needs no copy of its own (issue 24,
    "Fast")."""
    kept: dict[str, Any] = _kept_on(budget, "budget_data", lambda: _budget_data(budget))
    return kept


def _kept_on(value: Any, key: Any, make: Any) -> Any:
    """``make()``, kept on ``value`` under ``key`` when ``value`` is a frozen dataclass (a
    ruleset's record or budget: a value its rules replace, never change), else made now
    (issue 24, "Fast"). Refusals are not kept."""
    params = getattr(type(value), "__dataclass_params__", None)
    if params is None or not params.frozen or not hasattr(value, "__dict__"):
        return make()
    kept = value.__dict__.get("_engine_kept")
    if kept is None:
        kept = value.__dict__["_engine_kept"] = {}
    found = kept.get(key)
    if found is None:
        found = kept[key] = make()
    return found


def _budget_data(budget: Any) -> dict[str, Any]:
    """:func:`budget_data` of a budget, made now (a dataclass of plain values read field
    by field, as ``dataclasses.asdict`` would give it)."""
    if dataclasses.is_dataclass(budget) and not isinstance(budget, type):
        names = _FIELD_NAMES.get(type(budget))
        if names is None:
            names = _FIELD_NAMES[type(budget)] = tuple(f.name for f in dataclasses.fields(budget))
        data = {name: _text_of(getattr(budget, name)) for name in names}
        if not all(type(v) in _PLAIN_VALUES for v in data.values()):
            data = dataclasses.asdict(budget)
    else:
        data = dict(budget)
    for extra in ("remaining_ft", "move_limit_ft"):
        if hasattr(budget, extra):
            data[extra] = getattr(budget, extra)
    if all(type(v) in _JSON_AS_IS for v in data.values()):
        return data  # what jsonable gives of it: the same values (issue 24, "Fast")
    return jsonable(data)


_PLAIN_VALUES = (str, int, float, bool, type(None))
#: A budget's class -> its fields' names (read once a class).
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
#: The values JSON writes and reads back as they are (not floats: NaN and infinities are
#: refused by :func:`jsonable`).
_JSON_AS_IS = (str, int, bool, type(None))


def _text_of(value: Any) -> Any:
    """A text of a ``str`` subclass (an action named by a ``str`` enum, classic's
    ``SingleAction``) as the plain text JSON writes of it; any other value as it is."""
    return str.__str__(value) if isinstance(value, str) and type(value) is not str else value


@functools.lru_cache(maxsize=2048)
def _actions_left_of(name: str, counted: tuple[tuple[str, Any], ...], dead: bool,
                     on_turn: bool) -> ActionsLeft:
    """:func:`_actions_left_made` of the economy's count given as its items: the same
    count gives the same frozen answer (issue 24, "Fast": a record changes at every
    step, its round's count far less often)."""
    return _actions_left_made(name, dict(counted), dead, on_turn)


def _actions_left_made(name: str, d: Mapping[str, Any], dead: bool,
                       on_turn: bool) -> ActionsLeft:
    """The economy's count ``d`` as a :class:`RoundActionsLeft` (nothing for the dead,
    "not its turn" off its turn)."""
    notes = list(d.get("notes", ()))
    counts = [int(d.get(k, 0)) for k in ("big", "little")]
    swift, free, reactions, spells, attacks = (bool(d.get("swift", False)),
                                               int(d.get("free", 0)),
                                               int(d.get("reactions", 0)),
                                               int(d.get("spells", 0)),
                                               int(d.get("attacks", 0)))
    summary = str(d.get("summary") or f"{counts[0]} action{'s' if counts[0] != 1 else ''}")
    if dead:
        counts, free, reactions, spells, attacks = [0, 0], 0, 0, 0, 0
        notes.append("dead")
        summary = "dead"
    if not on_turn:
        notes.append("not its turn")
    return RoundActionsLeft(name, counts[0], counts[1], swift, free, reactions, spells,
                            attacks, on_turn, tuple(notes), summary=summary)

"""Conditions and effects over time.

000_8d1d7816ee944f3b.txt, "Conditions – Full Details" (the condition catalogue,
data/conditions.csv), "Space in Combat Gameplay" (Cramped from where a creature stands) and
the effects other actions leave behind ("until the start of your next turn", "until the end of
your turn", rounds).
"""

from __future__ import annotations

import dataclasses
import operator
from typing import TYPE_CHECKING, Any

from ..citations import cite as _rule
from .conditions import Affliction, Condition, ConditionError
from lfgcombat.creature import Creature
from lfgcombat.errors import IllegalActionError, LfgError
from .._citations import R_CONDITIONS, R_DEATH
from lfgcombat.engine.commands import command
from lfgcombat.engine.record_sheet import RecordSheet
from lfgcombat.engine.state import Effect

if TYPE_CHECKING:
    from lfgcombat.engine.encounter import Encounter


R_SPACE = _rule("Space in Combat Gameplay")


# Effects: Conditions and timed effects, and the creature as the encounter sees it (its view).


def _view(st: Encounter, name: str) -> Creature:
    """The creature as the encounter sees it: its sheet with the encounter's effects
    (their conditions and bonuses, Cramped from where it stands); a combatant with a
    ruleset's record reads its health by its ruleset, not lfg's (a
    :class:`~lfgcombat.engine.record_sheet.RecordSheet`)."""
    v = st._views.get(name)
    if v is None:
        f = st._f[name]
        # what the view is made of, all frozen values: the same objects, the same view.
        # Of a ruleset's record it reads only its standing on the map (_make_view), an
        # equal standing the same view: kept across a turn's start and end and a spent
        # action (issue 24, "Fast": it was made again after every change of the record)
        standing = None if f.rules is None else st.ruleset.health.map_standing(f.rules)
        made_of = (f.creature, name in st._space_cramped, *f.effects, standing)
        kept = st._view_memo.get(name)
        if kept is not None and len(kept[0]) == len(made_of) and \
                all(map(operator.is_, kept[0], made_of[:-1])) and \
                (kept[0][-1] is standing or kept[0][-1] == standing):
            v = kept[1]
        else:
            v = _make_view(st, name, standing)
            st._view_memo[name] = (made_of, v)
        st._views[name] = v
    return v


def _make_view(st: Encounter, name: str, standing: Any = None) -> Creature:
    """:func:`_view` made afresh from the fighter's sheet, effects and record
    (``standing``: the record's standing on the map, when the caller has read it)."""
    f = st._f[name]
    base = f.creature
    conds = [c for e in f.effects for c in e.conditions]
    if name in st._space_cramped and "cramped" not in conds and \
            not st._has(name, Condition.CRAMPED):
        conds.append("cramped")  # from where it stands (see _sync_space)
    bonuses = [dict(b) for e in f.effects for b in e.bonuses]
    v = base
    if conds or bonuses:
        v = base.replace(conditions=[str(a) for a in base.conditions] + conds,
                         bonuses=[b.to_dict() for b in base.bonuses] + bonuses)
    if f.rules is not None:  # a ruleset's record: its health says what it is on
        if standing is None:
            standing = st.ruleset.health.map_standing(f.rules)
        v = RecordSheet.of(v, standing)  # the map
    return v


def _sync_space(st: Encounter, quiet: bool = False) -> None:
    """Cramped from where creatures stand: "if you occupy the same space as an allied
    ... creature within 1 size category of your own, you both gain the Cramped
    condition" ("Space in Combat Gameplay"); "If you must move through tight spaces
    (about half your height), you are cramped while doing so" ("Moving in Combat –
    Terrain, Creatures, & Other Issues"). After every step the map says who is cramped
    (:meth:`~lfgcombat.battlemap.HexMap.cramped`); a change is logged as a condition
    event (``quiet``: not logged - the state before the first event) and the
    creature's view gains or loses the condition. Swallowed creatures are carried to
    their swallowers first (:meth:`SwallowWholeRules._carry_swallowed`)."""
    if st.map is None:
        return
    if not quiet:
        st._carry_swallowed()
    if not st._space_cramped and not st.map._crowded():
        return  # nobody shares a hex, no tight space: nobody is or was Cramped by it
    for n in st._anchors:
        why = ""
        if n in st.map and not st._f[n].dead:
            reasons = st.map.cramped(n)
            why = "; ".join(reasons)
        if bool(why) == (n in st._space_cramped):
            continue
        if why:
            st._space_cramped[n] = why
            change = "gained"
        else:
            why = st._space_cramped.pop(n)
            change = "lost"
        if not quiet:
            st._emit("condition", target=n, data={
                "change": change, "condition": "cramped", "rounds": None, "by": "space",
                "consequences": [why if change == "gained" else "no longer: " + why],
                "rule": R_SPACE})
        st._touch(n)


def _touch(st: Encounter, name: str) -> None:
    """The creature changed: forget its cached view and show the map the new one."""
    st._views.pop(name, None)
    if st.map is not None and name in st.map and name in st._anchors:
        st.map.update(st._view(name))


def add_condition(st: Encounter, name: str, condition: str, rounds: int | None = None, *,
                  by: str | None = None) -> Encounter:
    """Give a condition (the GM, or an effect resolved by hand).

    Stacking follows "Conditions (Sometimes called Status Effects)" (the longer duration
    wins; Bleed X adds up to the level; Weakened stages add, 1d6 biological beyond 5);
    Ablaze deals its first 1d6 fire at once ("Ablaze"). A duration in rounds counts down
    on the turns of ``by`` (the creature that imposed it) or, without ``by``, at the end of
    the affected creature's own turns (see the module docstring).
    """
    st._do("add_condition", {"name": name, "condition": condition, "rounds": rounds,
                             "by": by})
    return st


@command
def _h_add_condition(st: Encounter, name: str, condition: str, rounds: int | None,
                     by: str | None) -> None:
    f = st._fighter(name)
    if by is not None:
        st._fighter(by)
    if f.dead:
        raise IllegalActionError(f"{name} is dead", R_DEATH)
    if f.rules is not None:  # a ruleset's record: its catalogue adds it
        if rounds is not None:
            raise IllegalActionError("a duration is the GM's under this ruleset: remove "
                                     "the condition when it ends",
                                     getattr(st.ruleset.condition_catalogue, "rule", None)
                                     or st.ruleset.definition.reminders.conditions_rule)
        st._record_condition(name, condition, add=True)
        return
    try:
        a = st.ruleset.condition_catalogue.parse(condition)
        if rounds is not None:
            a = Affliction(a.condition, a.value, rounds)
    except ConditionError as exc:
        raise IllegalActionError(str(exc), R_CONDITIONS) from None
    st._gain(name, str(a), by=by, why="given")


def remove_condition(st: Encounter, name: str, condition: str) -> Encounter:
    """Remove a condition the creature has (all of it: all Bleed, every Weakened stage)."""
    st._do("remove_condition", {"name": name, "condition": condition})
    return st


@command
def _h_remove_condition(st: Encounter, name: str, condition: str) -> None:
    if st._fighter(name).rules is not None:  # a ruleset's record: its catalogue
        st._record_condition(name, condition, add=False)
        return
    try:
        cond = st.ruleset.condition_catalogue.lookup(condition)
    except ConditionError as exc:
        raise IllegalActionError(str(exc), R_CONDITIONS) from None
    if not any(a.condition is cond for a in st._f[name].creature.conditions):
        raise IllegalActionError(f"{name} does not have {cond.value} (conditions implied "
                                 "by others or by HP cannot be removed on their own)",
                                 R_CONDITIONS)
    st._lose_condition(name, cond, why="removed")


def note(st: Encounter, text: str) -> Encounter:
    """Record a GM note in the log (a ruling, a roll made at the table)."""
    st._do("note", {"text": text})
    return st


@command
def _h_note(st: Encounter, text: str) -> None:
    if not isinstance(text, str) or not text.strip():
        raise LfgError("a note is some text")
    st._emit("note", data={"text": text})


def _has(st: Encounter, name: str, cond: Condition) -> bool:
    conds = st._f[name].creature.conditions
    return bool(conds) and any(a.condition is cond for a in conds)  # (most have none)


def _value(st: Encounter, name: str, cond: Condition) -> int:
    return next((a.value or 0 for a in st._f[name].creature.conditions
                 if a.condition is cond), 0)


def _gain(st: Encounter, name: str, condition: str, *, by: str | None, why: str = "") -> None:
    if st._flyer_gains(name, condition, by=by, why=why):
        return  # a flyer knocked down drops instead (flight)
    f = st._f[name]
    new, gained = f.creature.gain_condition(condition)
    f.creature = new
    a = Affliction.parse(condition)
    if a.rounds is not None:
        f.timers[a.condition.value] = None if by == name else by
    if a.condition is Condition.BLEED and not f.bleed_rounds:
        f.bleed_rounds = 0
    st._touch(name)
    st._emit("condition", actor=by, target=name, data={
        "change": "gained", "condition": str(a), "rounds": a.rounds, "by": by,
        "why": why, "consequences": list(gained.consequences)})
    for dice in gained.damage:
        expr, dtype = dice.split()
        r = st._roll(expr, label=f"{name}: {dtype} damage ({a.condition.value})",
                     actor=name)
        if not f.dead:
            st._apply_damage(name, r.total, dtype, struck=False, source=a.condition.value)


def _lose_condition(st: Encounter, name: str, cond: Condition, why: str) -> None:
    f = st._f[name]
    f.creature = f.creature.without_condition(cond)
    f.timers.pop(cond.value, None)
    if cond is Condition.BLEED:
        f.bleed_rounds = 0
    st._touch(name)
    st._emit("condition", target=name, data={"change": "lost", "condition": cond.value,
                                             "why": why})


def _tick_timers(st: Encounter, name: str, source: str | None) -> None:
    """Count down ``name``'s timed conditions whose clock is ``source``'s turns."""
    f = st._f[name]
    for a in list(f.creature.conditions):
        if a.rounds is None or f.timers.get(a.condition.value, None) != source:
            continue
        if a.rounds <= 1:
            st._lose_condition(name, a.condition, why="its duration ended")
        else:
            kept = [str(b) if b is not a else str(Affliction(a.condition, a.value,
                                                             a.rounds - 1))
                    for b in f.creature.conditions]
            f.creature = f.creature.replace(conditions=kept)
            st._touch(name)
            st._emit("condition", target=name, data={
                "change": "duration", "condition": a.condition.value,
                "rounds": a.rounds - 1})


def _add_effect(st: Encounter, name: str, effect: Effect) -> None:
    """Put ``effect`` on ``name`` (it gets its log id) and log ``effect_start``."""
    f = st._f[name]
    effect = dataclasses.replace(effect, id=f"{st._step}:{len(st._log)}")
    f.effects.append(effect)
    st._touch(name)
    st._emit("effect_start", target=name, data={"effect": effect.to_dict()})


def _replace_effect(st: Encounter, name: str, old: Effect, new: Effect) -> None:
    """Change an effect under way (a run's line once the run is over); not logged."""
    f = st._f[name]
    f.effects = [new if e.id == old.id else e for e in f.effects]
    st._touch(name)


def _end_effect(st: Encounter, name: str, effect: Effect, why: str) -> None:
    """Take ``effect`` off ``name`` and log ``effect_end``."""
    f = st._f[name]
    f.effects = [e for e in f.effects if e.id != effect.id]
    st._touch(name)
    st._emit("effect_end", target=name, data={"id": effect.id,
                                              "label": effect.label, "why": why})
    st._flight_effect_ended(name, effect, why)

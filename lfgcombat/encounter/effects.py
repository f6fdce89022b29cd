"""Conditions and effects over time.

000_8d1d7816ee944f3b.txt, "Conditions – Full Details" (the condition catalogue,
data/conditions.csv), "Space in Combat Gameplay" (Cramped from where a creature stands) and
the effects other actions leave behind ("until the start of your next turn", "until the end of
your turn", rounds).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Protocol, Self

from ..citations import cite as _rule
from ..conditions import Affliction, Condition, ConditionError
from ..creature import Creature
from ..errors import IllegalActionError, LfgError
from ._citations import R_CONDITIONS, R_DEATH
from .commands import command
from .record_sheet import RecordSheet
from .state import Effect
from .composition import rules

if TYPE_CHECKING:
    from ..battlemap.hexmap import HexMap
    from collections.abc import Mapping

    from ..dice import Fortune
    from ..log import Event, EventLog
    from ..rulesets import Ruleset
    from .state import _Fighter


R_SPACE = _rule("Space in Combat Gameplay")


class EffectsContext(Protocol):
    """What the rules of this module use of an encounter (the parts of
    :class:`~lfgcombat.encounter.Encounter` they may touch)."""

    _anchors: dict[str, tuple[int, int]]
    _f: dict[str, _Fighter]
    _log: EventLog
    _space_cramped: dict[str, str]
    _step: int
    _views: dict[str, Creature]
    map: HexMap  # None without a map: the rules check `self.map is None` or _need_map first
    ruleset: Ruleset

    def _apply_damage(self, name: str, amount: int, dtype: str | None, *, struck: bool,
                      source: str | None) -> None: ...

    def _do(self, kind: str, args: dict[str, Any]) -> Any: ...

    def _emit(self, kind: str, *, command: bool = False, actor: str | None = None,
              target: str | None = None, data: Mapping[str, Any] | None = None) -> Event: ...

    def _fighter(self, name: str) -> _Fighter: ...

    def _carry_swallowed(self) -> None: ...

    def _flight_effect_ended(self, name: str, effect: Effect, why: str) -> None: ...

    def _flyer_gains(self, name: str, condition: str, *, by: str | None, why: str) -> bool: ...

    def _record_condition(self, name: str, condition: str, add: bool) -> None: ...

    def _gain(self, name: str, condition: str, *, by: str | None, why: str = "") -> None: ...

    def _has(self, name: str, cond: Condition) -> bool: ...

    def _lose_condition(self, name: str, cond: Condition, why: str) -> None: ...

    def _roll(self, expr: str, *, label: str, actor: str | None = None, target: str | None = None,
              fortune: Fortune | str | None = None, against: int | None = None,
              outcome: str | None = None) -> Any: ...

    def _touch(self, name: str) -> None: ...

    def _view(self, name: str) -> Creature: ...


if TYPE_CHECKING:  # the rules see an encounter through their context only
    _Base = EffectsContext
else:
    _Base = object


@rules(EffectsContext)
class EffectsRules(_Base):
    """Conditions and timed effects, and the creature as the encounter sees it (its view)."""

    def _view(self, name: str) -> Creature:
        """The creature as the encounter sees it: its sheet with the encounter's effects
        (their conditions and bonuses, Cramped from where it stands); a combatant with a
        ruleset's record reads its health by its ruleset, not lfg's (a
        :class:`~lfgcombat.encounter.record_sheet.RecordSheet`)."""
        v = self._views.get(name)
        if v is None:
            f = self._f[name]
            base = f.creature
            conds = [c for e in f.effects for c in e.conditions]
            if name in self._space_cramped and "cramped" not in conds and \
                    not self._has(name, Condition.CRAMPED):
                conds.append("cramped")  # from where it stands (see _sync_space)
            bonuses = [dict(b) for e in f.effects for b in e.bonuses]
            if conds or bonuses:
                v = base.replace(conditions=[str(a) for a in base.conditions] + conds,
                                 bonuses=[b.to_dict() for b in base.bonuses] + bonuses)
            else:
                v = base
            if f.rules is not None:  # a ruleset's record: its health says what it is on
                v = RecordSheet.of(v, self.ruleset.health.map_standing(f.rules))  # the map
            self._views[name] = v
        return v

    def _sync_space(self, quiet: bool = False) -> None:
        """Cramped from where creatures stand: "if you occupy the same space as an allied
        ... creature within 1 size category of your own, you both gain the Cramped
        condition" ("Space in Combat Gameplay"); "If you must move through tight spaces
        (about half your height), you are cramped while doing so" ("Moving in Combat –
        Terrain, Creatures, & Other Issues"). After every step the map says who is cramped
        (:meth:`~lfgcombat.hexmap.HexMap.cramped`); a change is logged as a condition
        event (``quiet``: not logged - the state before the first event) and the
        creature's view gains or loses the condition. Swallowed creatures are carried to
        their swallowers first (:meth:`SwallowWholeRules._carry_swallowed`)."""
        if self.map is None:
            return
        if not quiet:
            self._carry_swallowed()
        for n in self._anchors:
            why = ""
            if n in self.map and not self._f[n].dead:
                reasons = self.map.cramped(n)
                why = "; ".join(reasons)
            if bool(why) == (n in self._space_cramped):
                continue
            if why:
                self._space_cramped[n] = why
                change = "gained"
            else:
                why = self._space_cramped.pop(n)
                change = "lost"
            if not quiet:
                self._emit("condition", target=n, data={
                    "change": change, "condition": "cramped", "rounds": None, "by": "space",
                    "consequences": [why if change == "gained" else "no longer: " + why],
                    "rule": R_SPACE})
            self._touch(n)

    def _touch(self, name: str) -> None:
        """The creature changed: forget its cached view and show the map the new one."""
        self._views.pop(name, None)
        if self.map is not None and name in self.map and name in self._anchors:
            self.map.update(self._view(name))

    def add_condition(self, name: str, condition: str, rounds: int | None = None, *,
                      by: str | None = None) -> Self:
        """Give a condition (the GM, or an effect resolved by hand).

        Stacking follows "Conditions (Sometimes called Status Effects)" (the longer duration
        wins; Bleed X adds up to the level; Weakened stages add, 1d6 biological beyond 5);
        Ablaze deals its first 1d6 fire at once ("Ablaze"). A duration in rounds counts down
        on the turns of ``by`` (the creature that imposed it) or, without ``by``, at the end of
        the affected creature's own turns (see the module docstring).
        """
        self._do("add_condition", {"name": name, "condition": condition, "rounds": rounds,
                                   "by": by})
        return self

    @command
    def _h_add_condition(self, name: str, condition: str, rounds: int | None,
                         by: str | None) -> None:
        f = self._fighter(name)
        if by is not None:
            self._fighter(by)
        if f.dead:
            raise IllegalActionError(f"{name} is dead", R_DEATH)
        if f.rules is not None:  # a ruleset's record: its catalogue adds it
            if rounds is not None:
                raise IllegalActionError("a duration is the GM's under this ruleset: remove "
                                         "the condition when it ends", self.ruleset.text)
            self._record_condition(name, condition, add=True)
            return
        try:
            a = self.ruleset.condition_catalogue.parse(condition)
            if rounds is not None:
                a = Affliction(a.condition, a.value, rounds)
        except ConditionError as exc:
            raise IllegalActionError(str(exc), R_CONDITIONS) from None
        self._gain(name, str(a), by=by, why="given")

    def remove_condition(self, name: str, condition: str) -> Self:
        """Remove a condition the creature has (all of it: all Bleed, every Weakened stage)."""
        self._do("remove_condition", {"name": name, "condition": condition})
        return self

    @command
    def _h_remove_condition(self, name: str, condition: str) -> None:
        if self._fighter(name).rules is not None:  # a ruleset's record: its catalogue
            self._record_condition(name, condition, add=False)
            return
        try:
            cond = self.ruleset.condition_catalogue.lookup(condition)
        except ConditionError as exc:
            raise IllegalActionError(str(exc), R_CONDITIONS) from None
        if not any(a.condition is cond for a in self._f[name].creature.conditions):
            raise IllegalActionError(f"{name} does not have {cond.value} (conditions implied "
                                     "by others or by HP cannot be removed on their own)",
                                     R_CONDITIONS)
        self._lose_condition(name, cond, why="removed")

    def note(self, text: str) -> Self:
        """Record a GM note in the log (a ruling, a roll made at the table)."""
        self._do("note", {"text": text})
        return self

    @command
    def _h_note(self, text: str) -> None:
        if not isinstance(text, str) or not text.strip():
            raise LfgError("a note is some text")
        self._emit("note", data={"text": text})

    def _has(self, name: str, cond: Condition) -> bool:
        return any(a.condition is cond for a in self._f[name].creature.conditions)

    def _value(self, name: str, cond: Condition) -> int:
        return next((a.value or 0 for a in self._f[name].creature.conditions
                     if a.condition is cond), 0)

    def _gain(self, name: str, condition: str, *, by: str | None, why: str = "") -> None:
        if self._flyer_gains(name, condition, by=by, why=why):
            return  # a flyer knocked down drops instead (flight)
        f = self._f[name]
        new, gained = f.creature.gain_condition(condition)
        f.creature = new
        a = Affliction.parse(condition)
        if a.rounds is not None:
            f.timers[a.condition.value] = None if by == name else by
        if a.condition is Condition.BLEED and not f.bleed_rounds:
            f.bleed_rounds = 0
        self._touch(name)
        self._emit("condition", actor=by, target=name, data={
            "change": "gained", "condition": str(a), "rounds": a.rounds, "by": by,
            "why": why, "consequences": list(gained.consequences)})
        for dice in gained.damage:
            expr, dtype = dice.split()
            r = self._roll(expr, label=f"{name}: {dtype} damage ({a.condition.value})",
                           actor=name)
            if not f.dead:
                self._apply_damage(name, r.total, dtype, struck=False, source=a.condition.value)

    def _lose_condition(self, name: str, cond: Condition, why: str) -> None:
        f = self._f[name]
        f.creature = f.creature.without_condition(cond)
        f.timers.pop(cond.value, None)
        if cond is Condition.BLEED:
            f.bleed_rounds = 0
        self._touch(name)
        self._emit("condition", target=name, data={"change": "lost", "condition": cond.value,
                                                   "why": why})

    def _tick_timers(self, name: str, source: str | None) -> None:
        """Count down ``name``'s timed conditions whose clock is ``source``'s turns."""
        f = self._f[name]
        for a in list(f.creature.conditions):
            if a.rounds is None or f.timers.get(a.condition.value, None) != source:
                continue
            if a.rounds <= 1:
                self._lose_condition(name, a.condition, why="its duration ended")
            else:
                kept = [str(b) if b is not a else str(Affliction(a.condition, a.value,
                                                                  a.rounds - 1))
                        for b in f.creature.conditions]
                f.creature = f.creature.replace(conditions=kept)
                self._touch(name)
                self._emit("condition", target=name, data={
                    "change": "duration", "condition": a.condition.value,
                    "rounds": a.rounds - 1})

    def _add_effect(self, name: str, effect: Effect) -> None:
        """Put ``effect`` on ``name`` (it gets its log id) and log ``effect_start``."""
        f = self._f[name]
        effect = dataclasses.replace(effect, id=f"{self._step}:{len(self._log)}")
        f.effects.append(effect)
        self._touch(name)
        self._emit("effect_start", target=name, data={"effect": effect.to_dict()})

    def _replace_effect(self, name: str, old: Effect, new: Effect) -> None:
        """Change an effect under way (a run's line once the run is over); not logged."""
        f = self._f[name]
        f.effects = [new if e.id == old.id else e for e in f.effects]
        self._touch(name)

    def _end_effect(self, name: str, effect: Effect, why: str) -> None:
        """Take ``effect`` off ``name`` and log ``effect_end``."""
        f = self._f[name]
        f.effects = [e for e in f.effects if e.id != effect.id]
        self._touch(name)
        self._emit("effect_end", target=name, data={"id": effect.id,
                                                    "label": effect.label, "why": why})
        self._flight_effect_ended(name, effect, why)

"""The :class:`Encounter` facade: one fight's state, composed from the rule modules.

000_8d1d7816ee944f3b.txt, "COMBAT GAMEPLAY – OVERVIEW:". The class holds the changing state
(combatants, turn frames, the map, the roller, the log) and the public reading methods; every
rule lives in the module named after its heading, as a rule class (``TurnsRules``,
``InterruptsRules``...) of which each encounter holds one rule object, bound to it through
the rule's context (:mod:`lfgcombat.encounter.composition`); the facade's methods delegate
to them. Commands are found by name in :mod:`lfgcombat.encounter.commands`.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

import pandas as pd

from ..shortrepr import short
from ..creature import Creature
from ..dice import Roller
from ..errors import LfgError
from ..hexmap import HexMap
from ..log import EventLog, LogFormatError
from ..log.savefile import clip
from ..rulesets import Ruleset, coerce_ruleset
from .abilities import AbilitiesRules
from .archery import ArcheryRules
from .breaking import BreakingRules
from .arguments import ArgumentsRules, show
from .casting import CastingRules
from .checkpoints import Checkpoint, map_layers, set_map_layers
from .composition import bind, compose
from .display import encounter_html
from .combat import CombatRules
from .economy import EconomyRules
from .effects import EffectsRules
from .flight import FlightRules
from .health import HealthRules
from .initiative import InitiativeRules
from .interrupts import InterruptsRules
from .maneuvers import ManeuversRules
from .momentum import MomentumRules
from .crushing_advance import CrushingAdvanceRules
from .close_situation import CloseSituationRules
from .movement import MovementRules
from .natural_weapons import NaturalWeaponsRules
from .other_movement import OtherMovementRules
from .reactions import ReactionsRules
from .replay import GmAltitude, ReplayRules
from .roster import RosterRules, combatants, sides_of, units_of
from .ruleset_moves import RulesetMovesRules
from .ruleset_play import RulesetPlayRules
from .selection import SelectionRules
from .skill_actions import SkillActionsRules
from .special_actions import SpecialActionsRules
from .state import CombatantState, TurnFrame, _Fighter, plain_copy
from .swallow_whole import SwallowWholeRules
from .turns import TurnsRules

__all__ = ["Encounter", "RULE_CLASSES"]

#: The statuses (:meth:`Encounter.state`'s ``status``) of a combatant still able to fight:
#: ``conscious``; wounds' ``wounded`` (0 HP, damage going to Wounds; inferred: the text
#: names no penalty at 0 HP, so the creature fights on, as GM prep counts it); classic's
#: ``mobile`` (002_2a3a79475ca2a541.txt, "Stabilizing a Disabled Character": one limited
#: action a round). Down: ``dead``, ``dying``, ``unconscious`` and classic's ``disabled``
#: ("can not move, attack, communicate, or cast spells").
_STANDING = frozenset({"conscious", "wounded", "mobile"})

if TYPE_CHECKING:
    from .casting import CastingContext
    from .combat import CombatContext
    from .economy import EconomyContext
    from .effects import EffectsContext
    from .health import HealthContext
    from .initiative import InitiativeRulesContext
    from .interrupts import InterruptsContext
    from .movement import MovementContext
    from .reactions import ReactionsContext
    from .replay import ReplayContext
    from .roster import RosterContext
    from .selection import SelectionContext
    from .special_actions import SpecialActionsContext
    from .turns import TurnsContext
    from .abilities import AbilitiesContext
    from .maneuvers import ManeuversContext
    from .momentum import MomentumContext
    from .crushing_advance import CrushingAdvanceContext
    from .close_situation import CloseSituationContext
    from .natural_weapons import NaturalWeaponsContext
    from .skill_actions import SkillActionsContext
    from .swallow_whole import SwallowWholeContext
    from .archery import ArcheryContext
    from .breaking import BreakingContext
    from .flight import FlightContext
    from .other_movement import OtherMovementContext
    from .ruleset_play import RulesetPlayContext
    from .arguments import ArgumentsContext

    class _Contexts(CastingContext, CombatContext, EconomyContext, EffectsContext,
                    HealthContext, InitiativeRulesContext, InterruptsContext, MovementContext,
                    ReactionsContext, ReplayContext, RosterContext, SelectionContext,
                    SpecialActionsContext, TurnsContext, AbilitiesContext, ManeuversContext,
                    MomentumContext, NaturalWeaponsContext, SkillActionsContext,
                    SwallowWholeContext, ArcheryContext, BreakingContext, FlightContext,
                    OtherMovementContext, RulesetPlayContext, ArgumentsContext,
                    CrushingAdvanceContext, CloseSituationContext, Protocol):
        """Every rule module's context, placed after all the rule classes in
        :class:`_Rules`'s bases, so a type checker finds each method in the rule class
        that implements it before the context's declaration (which, being a Protocol stub,
        would count as abstract: "Cannot instantiate abstract class Encounter"). A new rule
        module adds its context here."""

    class _Rules(FlightRules, ArgumentsRules, ReplayRules, RosterRules, InitiativeRules,
                 TurnsRules, SelectionRules, InterruptsRules, EconomyRules, ReactionsRules,
                 ManeuversRules, MomentumRules, CrushingAdvanceRules, SkillActionsRules,
                 AbilitiesRules, NaturalWeaponsRules, SwallowWholeRules, CombatRules,
                 MovementRules, SpecialActionsRules, CastingRules, HealthRules, EffectsRules,
                 OtherMovementRules, ArcheryRules, BreakingRules, RulesetPlayRules,
                 RulesetMovesRules, CloseSituationRules, _Contexts):
        """The type checker's picture of the facade: every rule class's public methods
        are the encounter's. At run time :func:`~.composition.compose` builds that picture
        by delegation instead (:data:`RULE_CLASSES`)."""
else:
    _Rules = object  # at run time the rule classes are the encounter's rule objects

def _check_fields(creatures: list[Creature], rules: Ruleset) -> None:
    """Refuse, before anything starts, combatants not written for the ruleset (their
    ``ruleset`` key: :func:`~lfgcombat.rulesets.fields.check_all_written_for`) or lacking
    fields its attacks need (:meth:`~lfgcombat.rulesets.AttackResolution.missing_fields`),
    naming every one.

    Raises:
        LfgError: one line per creature and field, and what to do.
    """
    from ..rulesets.fields import check_all_written_for
    check_all_written_for(creatures, rules.name)  # its 'ruleset' key (rulesets/fields.py)
    policy = rules.attack_resolution
    missing = [(c.name, field, why) for c in creatures
               for field, why in policy.missing_fields(c).items()]
    if missing:
        first = missing[0][1]
        in_file, in_python = _EXAMPLE_VALUE.get(first, ("3", "3"))
        raise LfgError(f"the {rules.name} ruleset needs fields these creatures lack:\n"
                       + "\n".join(f"  {n}: {f} ({why})" for n, f, why in missing)
                       + f"\ngive each its field in the creature file (e.g. '{first}: "
                       f"{in_file}') or with Creature.from_dict({{..., '{first}': "
                       f"{in_python}}}); notebook 32 shows a party written for all three "
                       "rulesets")


#: An example value of a field a ruleset needs, for :func:`_check_fields`' hint: as the
#: creature file writes it, and in Python.
_EXAMPLE_VALUE = {"good_saves": ("[fort, ref]", "['fort', 'ref']")}


#: The rule classes the facade delegates to, one per rule heading (composition.py).
RULE_CLASSES = (FlightRules, ArgumentsRules, ReplayRules, RosterRules, InitiativeRules,
                TurnsRules, SelectionRules, InterruptsRules, EconomyRules, ReactionsRules,
                ManeuversRules, MomentumRules, CrushingAdvanceRules, SkillActionsRules,
                AbilitiesRules, NaturalWeaponsRules, SwallowWholeRules, CombatRules, MovementRules,
                SpecialActionsRules, CastingRules, HealthRules, EffectsRules,
                OtherMovementRules, ArcheryRules, BreakingRules, RulesetPlayRules,
                RulesetMovesRules, CloseSituationRules)


class Encounter(_Rules):
    """A fight: combatants, sides, an optional battle map, initiative and turns, as a log.

    The class holds the state and the reading methods; the rules are one rule object per
    rule class (:data:`RULE_CLASSES`, one per rule heading), each holding only its
    ``...Context``: the facade's methods delegate to them, and a rule object reaches
    nothing its context does not declare, at run time as under mypy
    (:mod:`lfgcombat.encounter.composition`).

    Args:
        creatures: The combatants (:class:`~lfgcombat.creature.Creature`), names unique.
        sides: ``{"party": ["Wulfric", ...], "orcs": [...]}``; every creature on exactly one
            side. Defaults to the sides the map gives them.
        map: A :class:`~lfgcombat.hexmap.HexMap` with the creatures placed (optional; without
            it the movement actions are refused). The encounter moves them from now on.
        ruleset: A :class:`~lfgcombat.rulesets.Ruleset` or its name (default ``lfg``); its
            ``initiative`` switch picks Selective (default), Round-by-Round or Top-Down
            Initiative.
        seed: The dice seed; ``None`` draws one, which is recorded so the fight replays.
        groups: ``{"goblins": ["Goblin 1", "Goblin 2"]}``: similar NPCs sharing one
            initiative and one turn ("Groups of similar NPCs may act on the same turn").
        initiative: Overrides the ruleset's initiative switch.
        top_down_flat_footed: Overrides the ruleset's ``top_down_flat_footed`` switch:
            Top-Down's "Any creature who has not yet acted in combat is
            considered Flat-Footed" (the GM may switch it off).
        knockdown_after_strike: Every strike that lands on a smaller foe rolls its
            Knockdown by itself ("Momentum of Impact"); ``False`` leaves it to the GM's
            :meth:`knockdown` (:mod:`lfgcombat.encounter.momentum`).

    Raises:
        LfgError: unknown or duplicate names, sides or groups that do not fit.

    Example:
        >>> from lfgcombat.creature import load_example
        >>> enc = Encounter([load_example("wulfric"), load_example("orc")],
        ...                 sides={"party": ["Wulfric"], "orcs": ["Orc"]}, seed=1)
        >>> enc.start().current in ("Wulfric", "Orc")
        True
    """

    def __init__(self, creatures: Iterable[Creature] | Mapping[str, Creature],
                 sides: Mapping[str, Iterable[str]] | None = None, map: Any = None,
                 ruleset: Ruleset | str | None = None, seed: int | str | None = None, *,
                 groups: Mapping[str, Iterable[str]] | None = None,
                 initiative: str | None = None, top_down_flat_footed: bool | None = None,
                 knockdown_after_strike: bool = True) -> None:
        #: One rule object per rule class, each bound to this encounter through its
        #: context (composition.py); not state: checkpoints leave it alone.
        self._rules = bind(self)
        creatures = combatants(creatures)
        names = [c.name for c in creatures]
        rules = coerce_ruleset(ruleset)
        mode = initiative or rules.initiative
        modes = tuple(rules.definition.initiative)  # the ruleset's own initiative options
        if mode not in modes:
            raise LfgError(f"initiative must be one of {', '.join(modes)}, not {short(mode)}")
        flat = (rules.top_down_flat_footed if top_down_flat_footed is None
                else bool(top_down_flat_footed))
        #: The ruleset this fight plays by (``initiative=`` and ``top_down_flat_footed=``
        #: applied to it).
        self.ruleset = rules.replace(initiative=mode, top_down_flat_footed=flat)
        #: Who acts next, interrupts and readied actions: the initiative policy of
        #: 000_8d1d7816ee944f3b.txt, "Rounds, Initiative, & Turn Order" or an alternative.
        self.initiative_policy = self.ruleset.initiative_policy
        side_of = sides_of(names, sides, map)
        unit_of, self._groups = units_of(names, side_of, groups)
        self._initial = {c.name: c for c in creatures}
        self._names = names
        self._side_of = side_of
        self._unit_of = unit_of
        self.seed = seed if seed is not None else secrets.randbits(32)
        self._remember_map(map)
        self._listeners: list[Callable[[Encounter], None]] = []
        self._log = EventLog()
        self._replaying = False
        self._knockdown_rule = bool(knockdown_after_strike)  # momentum.py
        _check_fields(creatures, self.ruleset)  # every creature's ruleset key and fields
        self._reset()

    @classmethod
    def _from_header(cls, header: Mapping[str, Any], path: str | None = None) -> "Encounter":
        """An encounter as a save file's header describes it (before any event): the
        creatures, sides, groups, map, seed and ruleset (an old header's top-level
        ``initiative`` and ``top_down_flat_footed`` override the ruleset's switches).

        Raises:
            LogFormatError: a header that does not build an encounter (line 1).
        """
        def bad(msg: str) -> LogFormatError:
            return LogFormatError(f"bad header: {msg}", path, 1)
        try:
            creatures = [Creature.from_dict(d) for d in header["creatures"]]
            rs = dict(header["ruleset"])
            ruleset = Ruleset(rs.pop("name"), **rs)
            seed = header["seed"]
            sides = header["sides"]
            groups = header.get("groups") or {}
            initiative = header["initiative"]
            hmap = None
            if header.get("map") is not None:
                opts = header.get("map_options") or {}
                hmap = HexMap.from_text(header["map"], creatures={c.name: c for c in creatures},
                                        **opts)
            enc = cls(creatures, sides=sides, map=hmap, ruleset=ruleset, seed=seed,
                      groups=groups, initiative=initiative,
                      top_down_flat_footed=header.get("top_down_flat_footed"),
                      # a save from before issue 14's automatic Knockdown (momentum.py)
                      knockdown_after_strike=bool(header.get("knockdown_after_strike", False)))
            # a save from before issue 15 replays without Unintended Targets (archery.py)
            enc._volume_rule = bool(header.get("accuracy_by_volume", False))
            return enc
        except LogFormatError:
            raise
        except (LfgError, KeyError, TypeError, ValueError, AttributeError) as exc:
            raise bad(f"{type(exc).__name__}: {clip(str(exc))}") from None


    def _remember_map(self, map: Any) -> None:
        """Keep the map and where everyone starts, so a replay can put them back."""
        self.map = map
        self._map_text: str | None = None
        self._anchors: dict[str, tuple[int, int]] = {}
        self._placements: dict[str, dict[str, Any]] = {}
        if map is not None:
            if self.ruleset.advanced_five_foot_step and not map.advanced_five_foot_step:
                raise LfgError("the ruleset has advanced_five_foot_step on but the map was "
                               "built without it: HexMap(..., advanced_five_foot_step=True)")
            self._map_text = map.to_text()
            self._map_layers0 = map_layers(map)  # replay puts them back (map_edit steps)
            map._altitude_hook = GmAltitude(self)  # the GM's lift is a step (replay.py)
            for n in self._names:
                if n in map:
                    if map.side(n) != self._side_of[n]:
                        raise LfgError(f"{n} is on side {map.side(n)!r} on the map but "
                                       f"{self._side_of[n]!r} in sides=")
                    self._anchors[n] = map.offset(map.token(n).anchor)
            # how each was placed (overrides, the GM's share), in the map's order
            self._placements = {n: map.placement(n) for n in map.names if n in self._side_of}

    def _reset(self) -> None:
        """The state before the first event (replay starts from here)."""
        self.roller = Roller(self.seed)
        self._f: dict[str, _Fighter] = {
            n: _Fighter(n, self._side_of[n], self._unit_of[n], self._initial[n])
            for n in self._names}
        self._attach_records()  # a ruleset's own record of each (None under lfg)
        self.round = 0
        self._surprise = False
        self._frames: list[TurnFrame] = []
        self._started = False
        self._order: list[str] = []   # top-down order of units
        self._round_first: str | None = None
        self._last_unit: str | None = None
        self._gang: dict[str, list[str]] = {}
        self._step = -1
        self._views: dict[str, Creature] = {}
        self._state_cache: dict[str, Any] = {}  # state() between steps (see state)
        self._space_cramped: dict[str, str] = {}
        self._checkpoints: list[Checkpoint] = []
        if self.map is not None:
            for n in self._anchors:
                if n in self.map:
                    self.map.remove(n)
            set_map_layers(self.map, **self._map_layers0)
            self._reset_updown()  # doors, objects, the ceiling as at the start (issue 15)
            self._seen_terrain = self.map.terrain_version
            for n, how in self._placements.items():  # as the encounter sees it (a ruleset's
                self.map.place(self._view(n), **how)  # record: its health, not lfg's HP)
            self._sync_space(quiet=True)

    def __getstate__(self) -> dict[str, Any]:
        """What ``pickle`` and ``copy.deepcopy`` keep: the state, not the rule objects
        (they are made again for the copy, bound to it)."""
        state = dict(vars(self))
        state.pop("_rules", None)
        return state

    def __setstate__(self, state: Mapping[str, Any]) -> None:
        vars(self).update(state)
        self._rules = bind(self)

    @property
    def _encounter(self) -> Encounter:
        """The encounter itself (what a rule object's context hands to the code that takes
        the whole state: checkpoints, listeners, a fork)."""
        return self

    @property
    def initiative_mode(self) -> str:
        """``selective``, ``round_by_round`` or ``top_down`` (the initiative policy's name)."""
        return self.initiative_policy.name

    @property
    def top_down_flat_footed(self) -> bool:
        """Top-Down's "Any creature who has not yet acted in combat is considered
        Flat-Footed" (the ruleset's switch, or the ``top_down_flat_footed=`` override)."""
        return self.ruleset.top_down_flat_footed

    @property
    def log(self) -> EventLog:
        """The event log (read-only)."""
        return self._log

    @property
    def names(self) -> list[str]:
        """The combatants, in the order given."""
        return list(self._names)

    @property
    def current(self) -> str | None:
        """Whose turn it is: a creature, or a group sharing one turn; ``None`` before
        :meth:`start` and once nobody is left to act."""
        return self._frames[-1].unit if self._frames else None

    @property
    def acting(self) -> list[str]:
        """The creatures acting now (the members of the current group, or one creature)."""
        if not self._frames:
            return []
        return [n for n in self._frame_members(self._frames[-1]) if not self._f[n].dead]

    @property
    def surprise_round(self) -> bool:
        """Whether this is the Surprise Round ("AMBUSH! - What if you’re unaware?")."""
        return self._surprise

    @property
    def interrupted(self) -> list[str]:
        """Turns paused by interrupts, oldest first ("What if my turn is interrupted")."""
        return [f.unit for f in self._frames[:-1]]

    def creature(self, name: str) -> Creature:
        """The creature as it stands now, with the encounter's effects applied (Fight
        Defensively's bonuses, Flat-Footed from surprise, Cramped from Protect or from
        sharing an ally's hex or a tight space...)."""
        self._fighter(name)
        return self._view(name)

    def side(self, name: str) -> str:
        """A combatant's side."""
        return self._fighter(name).side

    def members(self, unit: str) -> list[str]:
        """The creatures of a turn-taking unit (a group, or one creature)."""
        if not isinstance(unit, str) or (unit not in self._groups and unit not in self._f):
            raise LfgError(f"no creature or group named {show(unit)}")
        return self._members(unit)

    def standing(self) -> dict[str, list[str]]:
        """Who can still fight, by side: every combatant alive and up (``conscious``, and a
        ruleset's ``wounded`` at 0 HP or classic's ``mobile``); a side with nobody up maps
        to ``[]``. The fight is over once at most one side has anyone standing
        (:attr:`over`); what ends a fight is the GM's call, so the encounter goes on
        (the dying still bleed) until told otherwise."""
        up: dict[str, list[str]] = {s: [] for s in dict.fromkeys(self._side_of.values())}
        for n in self._names:
            if self._status(n) in _STANDING:
                up[self._side_of[n]].append(n)
        return up

    @property
    def over(self) -> bool:
        """Whether at most one side has anyone standing (:meth:`standing`)."""
        return sum(1 for names in self.standing().values() if names) <= 1

    def state(self, name: str) -> CombatantState:
        """One combatant's state: hp, max_hp, temp_hp, conditions, effects, status, dead,
        done (its Ready/Done card), initiative, actions left, reaction used, readied
        action, Full-Round Action under way, crossbows shot and not loaded again."""
        # The state is the replay of the log (DESIGN.md): between steps it is kept, keyed
        # on the log as it stands (its last event, an immutable object never reused) and
        # the map's version (a token the GM moved); each call hands out its own copy.
        # Issue 24, "Fast": state() was rebuilt at every call.
        if self._depth or self._replaying or not isinstance(name, str):
            return self._build_state(name)  # (a name that is no text: refused there)
        log = self._log
        n = len(log)
        last = log[-1] if n else None
        version = self.map.version if self.map is not None else None
        found = self._state_cache.get(name)
        if found is None or found[0] != n or found[1] is not last or found[2] != version:
            found = (n, last, version, self._build_state(name))
            self._state_cache[name] = found
        return _fresh(found[3])

    def _build_state(self, name: str) -> CombatantState:
        """:meth:`state` computed (not kept)."""
        f = self._fighter(name)
        if f.rules is not None:  # a ruleset's record: its health policy reports it
            return CombatantState(
                name=name, side=f.side, unit=f.unit, **self._record_state(name),
                effects=effect_labels(f.effects), done=f.done, aware=f.aware,
                initiative=f.initiative, actions_left=self.actions_left(name),
                reaction_used=f.reactions_used > 0, ready=None, full_round=f.full_round,
                unloaded=list(f.unloaded))
        v = self._view(name)
        left = self.actions_left(name)
        return CombatantState(
            name=name, side=f.side, unit=f.unit, hp=v.hp, max_hp=int(v.max_hp),
            temp_hp=v.temp_hp, conditions=[e.label for e in v.active_conditions],
            effects=effect_labels(f.effects), status=self._status(name),
            dead=f.dead, done=f.done, aware=f.aware, initiative=f.initiative,
            actions_left=left, reaction_used=f.reactions_used > 0,
            ready=f.ready.to_dict() if f.ready is not None else None, full_round=f.full_round,
            unloaded=list(f.unloaded))

    def table(self) -> pd.DataFrame:
        """The Selective Initiative table: one row per combatant with its card (Ready/Done),
        HP, conditions and the actions it has left."""
        rows = []
        for n in self._names:
            s = self.state(n)
            a = s["actions_left"]
            rows.append({"name": n, "side": s["side"], "unit": s["unit"],
                         "card": "Done" if s["done"] else "Ready",
                         "acting": n in self.acting, "hp": s["hp"], "max_hp": s["max_hp"],
                         "status": s["status"], "conditions": ", ".join(s["conditions"]),
                         "initiative": s["initiative"], "big": a.big, "little": a.little,
                         "reactions": a.reactions})
        frame = pd.DataFrame(rows)
        frame["initiative"] = frame["initiative"].astype("Int64")
        return frame

    def _repr_html_(self) -> str:
        """The initiative table for a notebook: who is acting, each card (Ready/Done),
        initiative, HP, actions and conditions
        (:func:`~lfgcombat.encounter.display.encounter_html`). The text ``repr`` is
        unchanged."""
        return encounter_html(self)

    def __repr__(self) -> str:
        return (f"Encounter({len(self._names)} creatures, round {self.round}, "
                f"current={self.current!r}, {len(self._log)} events)")


def _fresh(s: CombatantState) -> CombatantState:
    """A copy of a kept :class:`CombatantState` whose lists and dicts are its own (a
    caller who changes them changes nothing kept)."""
    out = object.__new__(CombatantState)
    out.__dict__.update(s.__dict__)
    for k in ("conditions", "effects", "unloaded"):
        object.__setattr__(out, k, plain_copy(getattr(s, k)))
    for k in ("ready", "vitals", "budget"):
        v = getattr(s, k)
        if v:
            object.__setattr__(out, k, plain_copy(v))
    return out


compose(Encounter, RULE_CLASSES)


def effect_labels(effects: Any) -> list[str]:
    """The labels of a creature's effects under way, for people: an effect repeated (two
    Power Attacks in a turn, each "-2 AC until your next turn", 000_8d1d7816ee944f3b.txt,
    "Power Attack (Attack Action, No AOO)") is listed once with its count
    (``power attack: -2 AC (twice)``), in the order first started.

    Args:
        effects: The :class:`~lfgcombat.effect.Effect` values (anything with ``label``).

    Returns:
        One text per distinct label.
    """
    counts: dict[str, int] = {}
    for e in effects:
        counts[str(e.label)] = counts.get(str(e.label), 0) + 1
    return [label if n == 1 else f"{label} ({'twice' if n == 2 else f'{n} times'})"
            for label, n in counts.items()]

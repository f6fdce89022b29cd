"""The :class:`Encounter`: one fight's state, and the rules as its methods.

000_8d1d7816ee944f3b.txt, "COMBAT GAMEPLAY – OVERVIEW:". The class holds the changing state
(combatants, turn frames, the map, the roller, the log) and the public reading methods. Every
rule lives in the module named after its heading as plain functions over that state (their
first argument, ``st``, is the Encounter): ``combat.attack(st, name, target, ...)``. The class
lists the functions that are its methods, module by module (``attack = combat.attack``), so
``enc.attack(...)`` runs the rule and a rule calls another as ``st.move(...)``; a function
used only inside its module is called there directly and is not listed. Commands are found
by name in :mod:`lfgcombat.engine.commands` (issue 24, "One plain state": this replaces
the rule objects and Protocol contexts of issue 10).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

import pandas as pd

from ..shortrepr import short
from ..creature import Creature
from ..dice import Roller
from ..errors import LfgError
from ..battlemap import HexMap
from .log import EventLog, LogFormatError
from .log.savefile import clip
from ..rulesets import Ruleset, coerce_ruleset
from . import checkpoints
from ..rules.abilities import (abilities_play as abilities, natural_weapons_play as natural_weapons,
                               swallow_whole)
from ..rules.archery import archery_play as archery
from . import arguments, replay, roster, ruleset_moves, ruleset_play
from ..rules.objects import breaking
from ..rules.actions import (casting, close_situation, economy, maneuvers_play as maneuvers,
                             reactions, skill_actions_play as skill_actions, skill_checks,
                             special_actions)
from ..rules.attacks import combat, odds_play
from ..rules.impact import crushing_advance, momentum_play as momentum
from ..rules.conditions import effects
from ..rules.movement import flight_play as flight, movement_play as movement, other_movement
from ..rules.health import health
from ..rules.turns import initiative, interrupts, selection, turns
from .arguments import show
from .checkpoints import Checkpoint, map_layers, set_map_layers
from .display import encounter_html
from .replay import GmAltitude
from .roster import combatants, sides_of, units_of
from .state import CombatantState, TurnFrame, _Fighter, plain_copy
from ..rulesets.fields import check_all_written_for

if TYPE_CHECKING:
    from ..rulesets.initiative import InitiativePolicy
    from .replay import Difference

__all__ = ["Encounter"]

#: The statuses (:meth:`Encounter.state`'s ``status``) of a combatant still able to fight:
#: ``conscious``; wounds' ``wounded`` (0 HP, damage going to Wounds; inferred: the text
#: names no penalty at 0 HP, so the creature fights on, as GM prep counts it); classic's
#: ``mobile`` (002_2a3a79475ca2a541.txt, "Stabilizing a Disabled Character": one limited
#: action a round). Down: ``dead``, ``dying``, ``unconscious`` and classic's ``disabled``
#: ("can not move, attack, communicate, or cast spells").
_STANDING = frozenset({"conscious", "wounded", "mobile"})


def _check_fields(creatures: list[Creature], rules: Ruleset) -> None:
    """Refuse, before anything starts, combatants not written for the ruleset (their
    ``ruleset`` key: :func:`~lfgcombat.rulesets.fields.check_all_written_for`) or lacking
    fields its attacks need (:meth:`~lfgcombat.rulesets.AttackResolution.missing_fields`),
    naming every one.

    Raises:
        LfgError: one line per creature and field, and what to do.
    """
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


class Encounter:
    """A fight: combatants, sides, an optional battle map, initiative and turns, as a log.

    The class holds the state and the reading methods; each rule is a function of the rule
    module named after its heading, listed below as one of the Encounter's methods
    (:mod:`lfgcombat.engine.encounter`).

    Args:
        creatures: The combatants (:class:`~lfgcombat.creature.Creature`), names unique.
        sides: ``{"party": ["Wulfric", ...], "orcs": [...]}``; every creature on exactly one
            side. Defaults to the sides the map gives them.
        map: A :class:`~lfgcombat.battlemap.HexMap` with the creatures placed (optional; without
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
            :meth:`knockdown` (:mod:`lfgcombat.rules.impact.momentum_play`).

    Raises:
        LfgError: unknown or duplicate names, sides or groups that do not fit.

    Example:
        >>> from lfgcombat.creature import load_example
        >>> enc = Encounter([load_example("wulfric"), load_example("orc")],
        ...                 sides={"party": ["Wulfric"], "orcs": ["Orc"]}, seed=1)
        >>> enc.start().current in ("Wulfric", "Orc")
        True
    """

    # --- The state the rule functions share: set by __init__ and _reset, or defaults. ---
    # (Checkpoints, undo and saves see every attribute: checkpoints.py.)
    _anchors: dict[str, Any]
    _checkpoints: list[Checkpoint]
    _f: dict[str, _Fighter]
    _frames: list[TurnFrame]
    _gang: dict[str, list[str]]
    _groups: dict[str, list[str]]
    _initial: dict[str, Creature]
    _last_unit: str | None
    _listeners: list[Callable[[Encounter], None]]
    _log: EventLog
    _map_layers0: dict[str, Any]
    _map_text: str | None
    _names: list[str]
    _order: list[str]
    _replaying: bool
    _replay_end: int | None  # a replay's last event (checkpoints.due)
    _round_first: str | None
    _seen_terrain: int
    _side_of: dict[str, str]
    _space_cramped: dict[str, str]
    _started: bool
    _step: int
    _surprise: bool
    _unit_of: dict[str, str]
    _updown0: Any
    _views: dict[str, Creature]
    _reach_cache: dict[tuple[str, str], Any]
    _view_memo: dict[str, tuple[tuple[Any, ...], Creature]]
    initiative_policy: InitiativePolicy
    map: HexMap
    roller: Roller
    round: int
    ruleset: Ruleset
    seed: int | str
    _volume_rule = True  # False: a save from before the rule (Encounter._from_header)
    _knockdown_rule = True  # Encounter(knockdown_after_strike=...); False: an older save
    rederived: list[Difference] | None = None
    verified: bool = True
    _seen_layers: dict[str, Any] | None = None
    _depth = 0  # how many commands are running (a handler may call another step)

    # --- The rules: each a function of the rule module named after its heading, over this
    # state (its first argument, ``st``). A function used only in its own module is not
    # listed: the module calls it directly. ---
    # abilities.py
    _turn_events = abilities._turn_events
    ability_uses = abilities.ability_uses
    use_ability = abilities.use_ability
    _perseverance = abilities._perseverance
    ability_dc = abilities.ability_dc
    follow_up = abilities.follow_up
    # archery.py
    accuracy_by_volume = property(archery.accuracy_by_volume)
    bystanders = archery.bystanders
    unintended_odds = archery.unintended_odds
    _accuracy_by_volume = archery._accuracy_by_volume
    volley = archery.volley
    # arguments.py
    _do = arguments._do
    # breaking.py
    _reset_updown = breaking._reset_updown
    _near = breaking._near
    open_door = breaking.open_door
    force_door = breaking.force_door
    attack_object = breaking.attack_object
    break_object = breaking.break_object
    attack_held_object = breaking.attack_held_object
    # casting.py
    cast = casting.cast
    _check_cast = casting._check_cast
    _note_disruption = casting._note_disruption
    # close_situation.py
    _two_shields_cast_note = close_situation._two_shields_cast_note
    _check_tail = close_situation._check_tail
    facing = close_situation.facing
    _close_attack_options = close_situation._close_attack_options
    _close_fight_situation = close_situation._close_fight_situation
    # combat.py
    _attacks_module = combat._attacks_module
    _effects_situation = combat._effects_situation
    _default_weapon = combat._default_weapon
    _map_situation = combat._map_situation
    _weapon = combat._weapon
    _resolve_attack = combat._resolve_attack
    _deal_attack_damage = combat._deal_attack_damage
    _encounter_situation = combat._encounter_situation
    _against_a_runner = combat._against_a_runner
    _charge_situation = combat._charge_situation
    attack = combat.attack
    _attack_weapon = combat._attack_weapon
    _check_attack_budget = combat._check_attack_budget
    _attack_options = combat._attack_options
    _spend_attack = combat._spend_attack
    _check_attack = combat._check_attack
    # odds_play.py
    attack_odds = odds_play.attack_odds
    attack_preview = odds_play.attack_preview
    # crushing_advance.py
    _stepped_into = crushing_advance._stepped_into
    step_through = crushing_advance.step_through
    # economy.py
    actions_left = economy.actions_left
    _actor = economy._actor
    _reaction_problem = economy._reaction_problem
    _check_spend = economy._check_spend
    _spend = economy._spend
    # effects.py
    _view = effects._view
    _sync_space = effects._sync_space
    _touch = effects._touch
    add_condition = effects.add_condition
    remove_condition = effects.remove_condition
    note = effects.note
    _has = effects._has
    _value = effects._value
    _gain = effects._gain
    _lose_condition = effects._lose_condition
    _tick_timers = effects._tick_timers
    _add_effect = effects._add_effect
    _replace_effect = effects._replace_effect
    _end_effect = effects._end_effect
    # flight.py
    dive_attack = flight.dive_attack
    _flyer_gains = flight._flyer_gains
    _flight_situation = flight._flight_situation
    _flight_effect_ended = flight._flight_effect_ended
    _flight_turn_end = flight._flight_turn_end
    _unfired_ready_flight = flight._unfired_ready_flight
    _record_flight = flight._record_flight
    fall_from_flight = flight.fall_from_flight
    # health.py
    damage = health.damage
    _vitals = health._vitals
    _commit_vitals = health._commit_vitals
    _apply_damage = health._apply_damage
    heal = health.heal
    temp_hp = health.temp_hp
    # initiative.py
    choices = initiative.choices
    _unit_initiative = initiative._unit_initiative
    _initiative_check = initiative._initiative_check
    _rank = initiative._rank
    start = initiative.start
    _roll_units = initiative._roll_units
    # interrupts.py
    interrupt = interrupts.interrupt
    ready = interrupts.ready
    # maneuvers.py
    wrestle = maneuvers.wrestle
    _maneuver_effect = maneuvers._maneuver_effect
    grappler_of = maneuvers.grappler_of
    break_free = maneuvers.break_free
    _shove_cell = maneuvers._shove_cell
    shield_bash = maneuvers.shield_bash
    # momentum.py
    knockdown = momentum.knockdown
    knockdown_after_strike = property(momentum.knockdown_after_strike)
    _knockdown_options = momentum._knockdown_options
    _attack_option = momentum._attack_option
    _knockdown_after = momentum._knockdown_after
    _confound_save = momentum._confound_save
    # movement.py
    _need_map = movement._need_map
    _cell_arg = staticmethod(movement._cell_arg)
    _cell = movement._cell
    _path_json = movement._path_json
    reachable = movement.reachable
    move = movement.move
    _lose_aim_on_move = movement._lose_aim_on_move
    five_foot_step = movement.five_foot_step
    run = movement.run
    retreat = movement.retreat
    stand_up = movement.stand_up
    drop_prone = movement.drop_prone
    trade_spaces = movement.trade_spaces
    # natural_weapons.py
    hit_maneuver = natural_weapons.hit_maneuver
    pounce = natural_weapons.pounce
    rake = natural_weapons.rake
    # other_movement.py
    speeds = other_movement.speeds
    movement_budget = other_movement.movement_budget
    _flight_heading = other_movement._flight_heading
    hurdle = other_movement.hurdle
    set_altitude = other_movement.set_altitude
    # reactions.py
    _provocation = reactions._provocation
    _walk = reactions._walk
    _safe_budget = reactions._safe_budget
    _strike_aoo = reactions._strike_aoo
    _resolve_provocation = reactions._resolve_provocation
    _ignored_by = reactions._ignored_by
    _threatening_enemies = reactions._threatening_enemies
    _aoo_for = staticmethod(reactions._aoo_for)
    gang_up_bonus = reactions.gang_up_bonus
    # replay.py
    _header = replay._header
    snapshot = replay.snapshot
    subscribe = replay.subscribe
    _run_step = replay._run_step
    _pending_map_edit = replay._pending_map_edit
    _keeping_map_edit = replay._keeping_map_edit
    record_map_edits = replay.record_map_edits
    _emit = replay._emit
    _rebuild = replay._rebuild
    _checkpoint_for = replay._checkpoint_for
    _replay = replay._replay
    undo = replay.undo
    fork = replay.fork
    save = replay.save
    load = classmethod(replay.load)
    _roll = replay._roll
    _log_rolls = replay._log_rolls
    _last_command = replay._last_command
    # roster.py
    _fighter = roster._fighter
    _members = roster._members
    _frame_units = staticmethod(roster._frame_units)
    _frame_members = roster._frame_members
    _status = roster._status
    _can_go_on = roster._can_go_on
    _alive = roster._alive
    _unit_alive = roster._unit_alive
    _all_units = roster._all_units
    _alive_units = roster._alive_units
    _order_units_alive = roster._order_units_alive
    _units_to_act = roster._units_to_act
    _in_ready_frame = roster._in_ready_frame
    _resolve_units = roster._resolve_units
    # ruleset_moves.py
    _record_map_move = ruleset_moves._record_map_move
    _record_reachable = ruleset_moves._record_reachable
    _record_strike_aoo = ruleset_moves._record_strike_aoo
    _record_can_go_on = ruleset_moves._record_can_go_on
    # ruleset_play.py
    _attach_records = ruleset_play._attach_records
    _record_refuses = ruleset_play._record_refuses
    _save_subject = ruleset_play._save_subject
    save_odds = ruleset_play.save_odds
    _record_report = ruleset_play._record_report
    _record_commit = ruleset_play._record_commit
    _record_state = ruleset_play._record_state
    _record_turn_start = ruleset_play._record_turn_start
    _record_turn_end = ruleset_play._record_turn_end
    _record_actions_left = ruleset_play._record_actions_left
    _record_attack = ruleset_play._record_attack
    _record_plan = ruleset_play._record_plan
    _record_damage = ruleset_play._record_damage
    _record_heal = ruleset_play._record_heal
    _record_act = ruleset_play._record_act
    _record_cast = ruleset_play._record_cast
    heroic_action = ruleset_play.heroic_action
    move_feet = ruleset_play.move_feet
    _record_move = ruleset_play._record_move
    _record_stand_up = ruleset_play._record_stand_up
    _record_condition = ruleset_play._record_condition
    gain_barrier = ruleset_play.gain_barrier
    gain_shell = ruleset_play.gain_shell
    # selection.py
    _check_declined = selection._check_declined
    decline_choices = selection.decline_choices
    decline_turn = selection.decline_turn
    together_choices = selection.together_choices
    act_together = selection.act_together
    # skill_actions.py
    skill_action = skill_actions.skill_action
    _wields_two = skill_actions._wields_two
    # skill_checks.py
    skill = skill_checks.skill
    _defense = skill_checks._defense
    _opposed = skill_checks._opposed
    _insult_problem = skill_checks._insult_problem
    _check_insult = skill_checks._check_insult
    _touch_attack = skill_checks._touch_attack
    _skills_rule = staticmethod(skill_checks._skills_rule)
    # special_actions.py
    draw = special_actions.draw
    act = special_actions.act
    free = special_actions.free
    aim = special_actions.aim
    fight_defensively = special_actions.fight_defensively
    ignore_enemy = special_actions.ignore_enemy
    protect = special_actions.protect
    # swallow_whole.py
    swallowed_by = swallow_whole.swallowed_by
    swallowed_state = swallow_whole.swallowed_state
    digest = swallow_whole.digest
    _digest_at_turn_start = swallow_whole._digest_at_turn_start
    cut_free = swallow_whole.cut_free
    force_out = swallow_whole.force_out
    regurgitate = swallow_whole.regurgitate
    _carry_swallowed = swallow_whole._carry_swallowed
    # turns.py
    _begin_turn = turns._begin_turn
    _start_unit = turns._start_unit
    _reset_turn = turns._reset_turn
    end_turn = turns.end_turn
    crushing_advance = crushing_advance.crushing_advance  # (last: the name is also its module's)
    swallow_whole = swallow_whole.swallow_whole  # (last: the name is also its module's)

    def __init__(self, creatures: Iterable[Creature] | Mapping[str, Creature],
                 sides: Mapping[str, Iterable[str]] | None = None, map: Any = None,
                 ruleset: Ruleset | str | None = None, seed: int | str | None = None, *,
                 groups: Mapping[str, Iterable[str]] | None = None,
                 initiative: str | None = None, top_down_flat_footed: bool | None = None,
                 knockdown_after_strike: bool = True) -> None:
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
        self._log = EventLog(cite=self.ruleset.cite_event,
                             words=self.ruleset.event_words,
                             fixed_order=self.initiative_policy.fixed_order)
        self._replaying = False
        self._knockdown_rule = bool(knockdown_after_strike)  # momentum.py
        #: The creatures the GM keeps from the players' screen: the table's matter, not
        #: the fight's (no event; undo leaves it), so kept in a save's header and a fork's
        #: (the players' screen, ``lfgcombat.widgets.players.keep_from_players``).
        self.kept_from_players: tuple[str, ...] = ()
        #: Undo and a refused command go back by replaying from the last checkpoint, one
        #: every this many events; ``None``: none (a fight nobody undoes, such as GM
        #: prep's: they replay from the start instead, the same state, only slower).
        self.checkpoint_every: int | None = checkpoints.EVERY
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
            # a fork hands its own creatures over (frozen values): no reading them again
            creatures = [d if isinstance(d, Creature) else Creature.from_dict(d)
                         for d in header["creatures"]]
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
            kept = header.get("kept_from_players") or []
            if not (isinstance(kept, list) and set(kept) <= set(enc.names)):
                raise bad(f"kept_from_players {kept!r:.80} is not a list of its creatures")
            enc.kept_from_players = tuple(kept)
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
        # each view with what it was made of (rules/conditions/effects.py, _view)
        self._view_memo: dict[str, tuple[tuple[Any, ...], Creature]] = {}
        self._state_cache: dict[str, Any] = {}  # state() between steps (see state)
        self._reach_cache: dict[tuple[str, str], Any] = {}  # reachable() between steps
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

    def _standing_state(self, name: str) -> dict[str, Any]:
        """The part of :meth:`state` that says who stands and who may still die: ``hp``,
        ``status``, ``dead`` and ``vitals`` (the same values, as a new dict), without the
        rest (the actions left, conditions and effects): GM prep's tactics read it after
        every strike and at every hand-over (``prep/reference.py``). Issue 24, "Fast"."""
        f = self._fighter(name)
        if f.rules is not None:  # a ruleset's record: its health policy reports it
            report = self._record_report(name)
            return {"hp": report["hp"], "status": report["status"],
                    "dead": f.dead or report["dead"], "vitals": dict(report["vitals"])}
        v = self._view(name)
        # kept on the view (a frozen creature: its hp), keyed on what the status reads
        # besides (the fighter's sheet - ``None``: the view itself, no reference to
        # itself -, its death and the rounds it has bled, the ruleset), all compared by
        # identity (a false miss only reads again), as ``actions_left`` keeps its count
        # (issue 24, "Fast": prep reads it after every strike and at every hand-over)
        sheet = None if f.creature is v else f.creature
        kept = v.__dict__.get("_standing")
        if kept is None or kept[0] is not name or kept[1] is not sheet or \
                kept[2] is not f.dead or kept[3] is not f.bleed_rounds or \
                kept[4] is not self.ruleset:  # (compared in place: no key made, issue 24)
            kept = (name, sheet, f.dead, f.bleed_rounds, self.ruleset, v.hp,
                    self._status(name))
            v.__dict__["_standing"] = kept
        return {"hp": kept[5], "status": kept[6], "dead": f.dead, "vitals": {}}

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
        (:func:`~lfgcombat.engine.display.encounter_html`). The text ``repr`` is
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


def effect_labels(effects: Any) -> list[str]:
    """The labels of a creature's effects under way, for people: an effect repeated (two
    Power Attacks in a turn, each "-2 AC until your next turn", 000_8d1d7816ee944f3b.txt,
    "Power Attack (Attack Action, No AOO)") is listed once with its count
    (``power attack: -2 AC (twice)``), in the order first started.

    Args:
        effects: The :class:`~lfgcombat.rules.conditions.effect.Effect` values (anything with
        ``label``).

    Returns:
        One text per distinct label.
    """
    counts: dict[str, int] = {}
    for e in effects:
        counts[str(e.label)] = counts.get(str(e.label), 0) + 1
    return [label if n == 1 else f"{label} ({'twice' if n == 2 else f'{n} times'})"
            for label, n in counts.items()]

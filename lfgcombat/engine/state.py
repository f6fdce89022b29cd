"""Values and per-creature state of an encounter.

000_8d1d7816ee944f3b.txt, "Taking Your Turn" (what a creature may still do:
:class:`ActionsLeft`; what it spent this turn: :class:`TurnBudget`), "Interrupt Turn" (the
turns under way, a stack of :class:`TurnFrame`; :class:`InterruptResult`), the effects that
last a while (:class:`~lfgcombat.rules.conditions.effect.Effect`, re-exported here), one combatant's
state
as :meth:`Encounter.state` reports it (:class:`CombatantState`), and the bookkeeping every
rule module reads and writes for one combatant (:class:`_Fighter`: its card, its Reaction,
its readied or Full-Round Action, its effects and timers).
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..creature import Creature
from ..rules.citations import headings_only
from ..rules.conditions.effect import EFFECT_ENDS, Effect  # noqa: F401 - re-exported: the effect's old home


def _possessive(name: object) -> str:
    """``Orc's``, ``goblin archers'``."""
    text = str(name)
    return f"{text}'" if text.endswith("s") else f"{text}'s"


@dataclass(frozen=True)
class ActionsLeft:
    """What a creature may still do (000_8d1d7816ee944f3b.txt, "Taking Your Turn": "2 Big
    Actions and 1 Little Action on your turn! (+1 Reaction)").

    Attributes:
        name: The creature.
        big: Big Actions left this turn; for a creature still to take its turn this
            round, the Big Actions it will have when its turn begins (not last round's
            leftovers), and likewise for ``little``, ``free``, ``spells`` and ``attacks``.
        little: Little Actions left (a Big Action left may also be spent as a Little one).
        swift: May it take Swift Actions (Little Actions that do not provoke).
        free: Free Actions left (beyond them, Free Actions count as Swift).
        reactions: Reactions left this round.
        spells: Spells it may still cast this turn (1 spell per turn).
        attacks: Attacks it may still make this turn (by level, "Attacks Per Turn").
        on_turn: Whether it is acting now.
        notes: Why (conditions, a Full-Round Action under way, a readied action...).
    """

    name: str
    big: int
    little: int
    swift: bool
    free: int
    reactions: int
    spells: int
    attacks: int
    on_turn: bool
    notes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # each note cites a heading, not a paragraph's first words (issue 26, item 2)
        object.__setattr__(self, "notes", tuple(headings_only(n) for n in self.notes))

    @classmethod
    def _counted(cls, name: str, big: int, little: int, swift: bool, free: int,
                 reactions: int, spells: int, attacks: int, on_turn: bool,
                 notes: list[str]) -> ActionsLeft:
        """``cls(...)`` as counted by the encounter (every field given, its notes a
        list), made without the dataclass's ``__init__``: the same value, its notes
        cut to their headings as ``__post_init__`` cuts them (issue 24, "Fast": the
        count is made afresh after every action)."""
        obj = object.__new__(cls)
        obj.__dict__.update(name=name, big=big, little=little, swift=swift, free=free,
                            reactions=reactions, spells=spells, attacks=attacks,
                            on_turn=on_turn,
                            notes=tuple(headings_only(n) for n in notes) if notes else ())
        return obj

    def _round_words(self) -> str:
        """The actions left, in words (lfg's Big, Little, Free Actions and Reactions)."""
        return (f"{self.big} Big, {self.little} Little{'' if self.swift else ' (no Swift)'}, "
                f"{self.free} Free, {self.reactions} "
                f"Reaction{'s' if self.reactions != 1 else ''}")

    def explain(self) -> str:
        """Readable lines: the counts, then the reasons."""
        head = (f"{self.name}: {self._round_words()}; "
                f"{self.attacks} attack{'s' if self.attacks != 1 else ''}, "
                f"{self.spells} spell{'s' if self.spells != 1 else ''}"
                f"{'' if self.on_turn else ' (not its turn)'}")
        return "\n".join([head, *(f"  - {n}" for n in self.notes)])

    def __str__(self) -> str:
        return self.explain()


@dataclass(frozen=True)
class InterruptResult:
    """The outcome of an interrupt attempt ("Interrupt Turn").

    Attributes:
        target: The creature whose turn was to be interrupted.
        interrupters: Who tried.
        checks: Each opposed Initiative Check total (``None`` for a readied action under
            Top-Down Initiative, which needs no roll).
        winner: The interrupter now acting, or ``None`` (the target carries on).
    """

    target: str
    interrupters: tuple[str, ...]
    checks: Mapping[str, int | None]
    winner: str | None

    @property
    def succeeded(self) -> bool:
        return self.winner is not None


@dataclass(frozen=True)
class ReadiedAction:
    """A prepared action waiting for its trigger (000_8d1d7816ee944f3b.txt, "Prepare to
    Interrupt – “Ready Action” (Big Action)": "Your prepared action remains available until
    the start of your next turn").

    Attributes:
        trigger: What it waits for, in words.
        action: What it will do (a ``data/actions.csv`` name).
        round: The round it was readied in.
        held_big / held_little: The actions kept for the interrupt turn it fires.
    """

    trigger: str
    action: str
    round: int
    held_big: int
    held_little: int

    def to_dict(self) -> dict[str, Any]:
        """Plain data, as :meth:`Encounter.state` has always reported it."""
        return {"trigger": self.trigger, "action": self.action, "round": self.round,
                "held": {"big": self.held_big, "little": self.held_little}}


@dataclass(frozen=True)
class TurnBudget:
    """What a creature has spent this turn (000_8d1d7816ee944f3b.txt, "Taking Your Turn":
    "2 Big Actions and 1 Little Action on your turn!"; "Attacks Per Turn"; "You may only
    cast 1 Spell Per Turn!"). A new one is made when its turn begins; spending makes a new
    value (:meth:`replace`, or :meth:`_Fighter.update_turn` for a combatant's budget).

    Attributes:
        big_used / little_used / free_used: Actions spent.
        spells: Spells cast; ``cast_this_turn``: one was cast.
        attacks: Attacks made; ``riders``: second attacks of a Big Action still to make;
            ``double_attack_used``: level 10-14's once-a-turn double attack is used.
        ran: It ran ("Running in Combat"); ``run_ft``: feet run (Charge Attack).
        agony_spent: Agony took a Big Action at the start of this turn.
        move_left: Feet of a Move Action left, or ``None``.
        last_action: The last action it took (Charge follows a Run).
        disrupted: Damage taken while its turn was paused ("What if my turn is
            interrupted by an Interrupt Turn?"), or ``None``.
        mode_budget: The movement by mode spent this Big Action ("Other Types of Movement":
            one budget across modes) and the walking feet it left, or ``None``.
        dive_ft: Feet descended by a fly Run this turn (a Dive Attack), or ``None``.
        flown_ft: Feet flown across this turn (the Minimum Flight Speed: "A creature that
            moves less than this amount in a single round while airborne begins to fall").
    """

    big_used: int = 0
    little_used: int = 0
    free_used: int = 0
    spells: int = 0
    attacks: int = 0
    riders: int = 0
    double_attack_used: bool = False
    cast_this_turn: bool = False
    ran: bool = False
    agony_spent: bool = False
    move_left: int | None = None
    last_action: str | None = None
    run_ft: int = 0
    disrupted: Mapping[str, Any] | None = None
    mode_budget: tuple[Any, int | None] | None = None
    dive_ft: int | None = None
    flown_ft: int = 0

    def replace(self, **changes: Any) -> "TurnBudget":
        """A copy with ``changes`` (field name -> new value); this budget is unchanged."""
        if not _TURN_FIELDS.issuperset(changes):  # an unknown field: dataclasses says so
            return dataclasses.replace(self, **changes)
        new = object.__new__(type(self))  # no __post_init__ to run: the fields as given
        new.__dict__.update(self.__dict__)
        new.__dict__.update(changes)
        return new


_PLAIN = (str, int, bool, float, type(None))


def plain_copy(value: Any, memo: dict[int, Any] | None = None) -> Any:
    """A deep copy of ``value``: a list or dict of plain values (text, numbers, booleans,
    ``None``) is copied one level (all a deep copy would do), anything else by
    :func:`copy.deepcopy` (issue 24, "Fast")."""
    kind = type(value)
    if kind is list and all(type(x) in _PLAIN for x in value):
        out: Any = list(value)
    elif kind is dict and all(type(x) in _PLAIN for x in value.values()) and all(
            type(k) in _PLAIN for k in value):
        out = dict(value)
    else:
        return copy.deepcopy(value, memo)
    if memo is not None:
        memo[id(value)] = out  # one copy of an object met twice, as deepcopy keeps it
    return out


_TURN_FIELDS = frozenset(f.name for f in dataclasses.fields(TurnBudget))

#: A turn's budget before anything is spent: one frozen value that every fresh turn
#: shares (issue 24, "Fast": a budget of 23 fields was built at every turn's start and at
#: every count of what a creature whose turn is still to come will have).
FRESH_TURN = TurnBudget()


@dataclass
class _Fighter:
    name: str
    side: str
    unit: str
    creature: Creature
    aware: bool = True
    initiative: int | None = None
    dead: bool = False
    # per round
    done: bool = False
    reactions_used: int = 0
    interrupt_attempts: list[str] = field(default_factory=list)
    aoo_this_round: int = 0
    defenses_this_round: int = 0
    # per turn
    turn: TurnBudget = FRESH_TURN
    # longer
    ready: ReadiedAction | None = None
    full_round: str | None = None
    full_round_target: str | None = None
    # crossbows shot and not loaded again ("Shoot a loaded Crossbow")
    unloaded: list[str] = field(default_factory=list)
    effects: list[Effect] = field(default_factory=list)
    timers: dict[str, str | None] = field(default_factory=dict)
    bleed_rounds: int = 0
    acted_ever: bool = False
    # Perseverance: damage taken in all, and while its turn was paused by an interrupt
    damage_taken: int = 0
    # the ruleset's own record of it (HealthModel.combatant; None under lfg), e.g. a
    # ClassicFighter: its hit points, conditions and round budget under classic
    rules: Any = None

    def __deepcopy__(self, memo: dict[int, Any]) -> "_Fighter":
        """A deep copy (a checkpoint's) that copies only what is not a plain value or
        already in ``memo`` (the frozen values a checkpoint shares: issue 24, "Fast")."""
        new = copy.copy(self)
        memo[id(self)] = new
        for k, v in vars(self).items():
            if v is not None and type(v) not in _PLAIN:
                setattr(new, k, memo[id(v)] if id(v) in memo else plain_copy(v, memo))
        return new

    def update_turn(self, **changes: Any) -> TurnBudget:
        """Spend from this turn's budget: the budget becomes a copy with ``changes``."""
        self.turn = self.turn.replace(**changes)
        return self.turn

    def to_dict(self) -> dict[str, Any]:
        d = {k: copy.deepcopy(v) for k, v in self.__dict__.items()
             if k not in ("creature", "effects", "turn", "ready", "rules")}
        if self.rules is not None:  # a ruleset's record (lfg keeps none: no key)
            rules = self.rules
            d["rules"] = (dataclasses.asdict(rules) if dataclasses.is_dataclass(rules)
                          and not isinstance(rules, type) else copy.deepcopy(rules))
        d["ready"] = self.ready.to_dict() if self.ready is not None else None
        d["turn"] = dataclasses.asdict(self.turn)
        d["effects"] = [e.to_dict() for e in self.effects]
        d["creature"] = self.creature.to_dict()
        return d


def _int_or_none(v: Any) -> int | None:
    """A plain int from an int or a :class:`~lfgcombat.creature.Stat`-like value."""
    if isinstance(v, bool):
        return None
    if isinstance(v, int):
        return v
    inner = getattr(v, "value", None)
    return int(inner) if isinstance(inner, (int, float)) and not isinstance(inner, bool) else None


@dataclass(frozen=True)
class CombatantState(Mapping[str, Any]):
    """One combatant's state as :meth:`Encounter.state` reports it: attributes
    (``state.hp``), item access (``state["hp"]``, as before) and :meth:`to_dict`.

    Attributes:
        name: The creature.
        side: Its side.
        unit: The group it takes turns with (or its own name).
        hp: Hit points now.
        max_hp: Maximum hit points.
        temp_hp: Temporary hit points.
        conditions: The active conditions' labels.
        effects: The encounter's effects on it (Fight Defensively, Protect...).
        status: ``conscious``, ``unconscious``, ``dying`` or ``dead``.
        dead: Dead.
        done: Its card is Done (it has taken its turn this round).
        aware: Aware of the danger ("Determine Awareness").
        initiative: Its Initiative Check (``None`` before it rolled).
        actions_left: What it may still do (:class:`ActionsLeft`).
        reaction_used: Has it used a Reaction this round.
        ready: Its readied action (trigger, action, round, held actions) or ``None``.
        full_round: The Full-Round Action under way, or ``None``.
        unloaded: Crossbows shot and not loaded again.
        vitals: The ruleset's own health fields (``classic``: ``nonlethal``, ``disabled``,
            ``stable``, ``mobile``, ``unconscious``; ``{}`` under ``lfg``, whose health is
            ``hp``, ``temp_hp`` and ``status``).
        budget: The ruleset's own turn budget as plain data (``classic``: ``mode``,
            ``speed_ft``, ``moved_ft``, ``remaining_ft``, ``action``; ``None`` under
            ``lfg``, whose budget is ``actions_left``, and outside the creature's turn).
    """

    name: str
    side: str
    unit: str
    hp: int
    max_hp: int
    temp_hp: int
    conditions: list[str]
    effects: list[str]
    status: str
    dead: bool
    done: bool
    aware: bool
    initiative: int | None
    actions_left: ActionsLeft
    reaction_used: bool
    ready: dict | None
    full_round: str | None
    unloaded: list[str]
    vitals: dict = dataclasses.field(default_factory=dict)
    budget: dict | None = None

    def __getitem__(self, key: str) -> Any:
        if not isinstance(key, str) or key not in self.__dataclass_fields__:
            raise KeyError(key)
        return getattr(self, key)

    def __iter__(self) -> Iterator[str]:
        return iter(self.__dataclass_fields__)

    def __len__(self) -> int:
        return len(self.__dataclass_fields__)

    def to_dict(self) -> dict[str, Any]:
        """The state as plain data (a copy: changing it changes nothing; ``actions_left``
        as a dict of its fields, so ``json.dumps(state.to_dict())`` works)."""
        d = {k: copy.deepcopy(getattr(self, k)) for k in self.__dataclass_fields__}
        if dataclasses.is_dataclass(d.get("actions_left")):
            d["actions_left"] = dataclasses.asdict(d["actions_left"])
        return d


#: The kinds of turn: one taken in the order, an Interrupt Turn, a readied action firing.
TURN_KINDS = ("turn", "interrupt", "ready")


@dataclass(frozen=True)
class TurnFrame:
    """A turn under way (000_8d1d7816ee944f3b.txt, "Taking Your Turn"; "Interrupt Turn": an
    interrupt pauses the turn below it, so the encounter keeps a stack of these).

    Attributes:
        unit: The creature or group taking the turn.
        kind: One of :data:`TURN_KINDS`.
        chosen_by: Who chose it to act (``None``: the initiative, the GM, an interrupt).
        first: It opened the round ("You cannot interrupt the creature that acts first").
        interrupted: The unit whose turn it interrupted.
        together: Allies acting together with it ("If you and an ally wish to act at the
            same time").
        resumed: Back after an interrupt, until its next action ("What if my turn is
            interrupted by an Interrupt Turn?").
        paused_before: The action it was about to take when interrupted.
    """

    unit: str
    kind: str
    chosen_by: str | None
    first: bool = False
    interrupted: str | None = None
    together: tuple[str, ...] = ()
    resumed: bool = False
    paused_before: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in TURN_KINDS:
            raise ValueError(f"a turn is one of {', '.join(TURN_KINDS)}, not {self.kind!r}")
        object.__setattr__(self, "together", tuple(self.together))

    @property
    def units(self) -> list[str]:
        """The units taking this turn: its own, then allies acting together with it."""
        return [self.unit, *self.together]

    def to_dict(self) -> dict[str, Any]:
        """Plain data (for :meth:`Encounter.snapshot`)."""
        return {"unit": self.unit, "kind": self.kind, "chosen_by": self.chosen_by,
                "first": self.first, "interrupted": self.interrupted,
                "with": list(self.together), "resumed": self.resumed,
                "paused_before": self.paused_before}

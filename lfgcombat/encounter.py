"""The encounter: Selective Initiative, interrupts and readied actions, the action economy,
reactions and AOO, and conditions over time, as a replayable event log.

Rules: 000_8d1d7816ee944f3b.txt, "COMBAT GAMEPLAY – OVERVIEW", "Taking Turns in Combat",
"Determine Awareness", "AMBUSH! - What if you’re unaware?", "Rounds, Initiative, & Turn
Order", "Selective Initiative – Suggestion", "Taking Your Turn", "Interrupt Turn", "Interrupt
Turn – Details and Clarifications:", "Prepare to Interrupt", "Initiative Problems:",
"Alternative Initiative Option #1", "Alternative Initiative Option #2", "Actions in Combat
What can I do on my turn?", "Special Actions in Combat", "Reactions & AOO:", "Multiple
Opponents", and the conditions that limit actions or act each round ("Conditions – Full
Details").

How it works (DESIGN.md, "How data flows"): an :class:`Encounter` owns all changing state,
and that state is the replay of its :class:`~lfgcombat.log.EventLog`. Every public method is
one *step*: it validates, then appends a command event and the effect events it caused
(rolls, actions spent, HP changes, turns beginning). A method the rules forbid raises
:class:`~lfgcombat.errors.IllegalActionError` naming the rule and changes nothing.
:meth:`Encounter.undo` drops steps and replays the rest; :meth:`Encounter.save` writes the
log as JSON Lines; :meth:`Encounter.load` re-executes every command with the same seeded
:class:`~lfgcombat.dice.Roller` and checks that each effect comes out exactly as recorded,
so a damaged or hand-edited file is refused with its line number instead of yielding a
half-built encounter.

Decisions where the text leaves room (each is also stated where it is implemented):

* Reactions refresh at the start of each round ("Every creature has 1 Reaction available per
  round", "Reactions & AOO:").
* Initiative ties: the higher Initiative bonus goes first; still tied, the tied creatures
  roll 1d20 off until one is higher.
* An interrupter must beat the interrupted creature's check (a tie is a loss: "If you win
  the Initiative Check (higher result)"); tied interrupters roll off.
* A Ready Action needs a Big Action left after it (the prepared action is a Big Action); the
  creature's remaining actions wait for the trigger and are lost at the start of its next
  turn. Losing the opposed check uses the readied action up.
* Durations in rounds imposed by another creature count down at the start of that
  creature's turns (d20 convention); self-imposed or GM-given ones at the end of the
  affected creature's own turns, so "stunned for 1 round" costs it exactly one turn.
* Bleed, Ablaze and a dying creature's stabilizing DC20 FORT Save act at the start of its
  turn, in that order (damage first, then the save).
* Hit points follow one set of rules, :class:`lfgcombat.vitals.Vitals` (issue 4): every
  change of HP goes through :meth:`Encounter._apply_damage` (or healing / Temporary HP),
  which asks Vitals and logs its verdicts; the encounter keeps no thresholds of its own.
  It adds what only it knows: a creature that falls unconscious falls Prone and stays prone
  after waking; Weakened beyond Stage 5 deals its 1d6; rounds of bleeding are counted.
* An AOO strikes at the hex where it is provoked: a move, run or retreat is split there;
  a mover dropped (or knocked prone, made helpless or immobile) stops, and the rest of the
  action's movement is lost (``move_stopped``). A provoking action taken in place (stand
  up, cast, draw...) meets its AOO before it takes effect: a creature dropped while standing
  stays down, a caster dropped loses the spell. Trading spaces still resolves its AOO after
  the swap (the two move at once).
* "Ignore an enemy": 1 round = until the ignorer's next turn; Flat-Footed against the foe,
  it takes no Reactions against it; the ignored foe gains no Gang Up bonus either.
* Run: ranged attacks against a runner are "directly towards the attacker" when the
  attacker is within 30 degrees of the run's line, ahead of it.
* Interrupted casters: damage taken while its turn is paused (unless the interrupt named
  another action) or from the AOO its casting provokes calls for a Perseverance check,
  DC15, DC25 from 10 damage (inferred); one check is rolled against the hardest DC when
  the caster's Perseverance bonus is given.
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import functools
import math
import secrets
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from . import tables
from .conditions import MAX_WEAKENED_STAGE, Affliction, Condition, ConditionError, lookup
from .creature import Creature, CreatureError
from .dice import Fortune, Roller, net_fortune
from .errors import IllegalActionError, LfgError
from .log import (FORMAT, VERSION, Event, EventLog, LogFormatError, jsonable, read_jsonl,
                  write_jsonl)
from .tables import Column, Schema
from .vitals import CLOT_AFTER_ROUNDS, STABILIZE_DC, Vitals
from .citations import cite as _rule

__all__ = ["Encounter", "ActionsLeft", "InterruptResult", "ACTIONS_SCHEMA", "actions_table",
           "ACTION_TYPES", "INITIATIVE_MODES"]

TEXT = "000_8d1d7816ee944f3b.txt"




R_OVERVIEW = _rule("COMBAT GAMEPLAY – OVERVIEW:")
R_AWARE = _rule("Determine Awareness")
R_AMBUSH = _rule("AMBUSH! - What if you’re unaware?")
R_ORDER = _rule("Rounds, Initiative, & Turn Order: 1 Round represents 6 seconds of combat.")
R_TURN = _rule("Taking Your Turn: Your turn represents the actions you take during the 6 "
               "seconds of a combat round.")
R_INTERRUPT = _rule("Interrupt Turn: How does an Interrupt Turn work?")
R_INTERRUPT_DETAILS = _rule("Interrupt Turn – Details and Clarifications:")
R_READY = _rule("Prepare to Interrupt – “Ready Action” (Big Action): You prepare to do "
                "something when a specific trigger event occurs.")
R_PROBLEMS = _rule("Initiative Problems:")
R_ROUND_BY_ROUND = _rule("Alternative Initiative Option #1 – Round-By-Round Initiative: "
                         "(Roll Each Round)")
R_TOP_DOWN = _rule("Alternative Initiative Option #2 – Top-Down Initiative: "
                   "(Highest to lowest)")
R_ACTIONS = _rule("Actions in Combat What can I do on my turn?")
R_BIG = _rule("Big Actions (BA): Big Actions require a decent amount of mental attention "
              "and/or physical effort to complete. You can take 2 Big Actions on a Turn. "
              "The most common uses of Big Actions are:")
R_LITTLE = _rule("Little Actions (LA): Little Actions are simple & quick, requiring only a "
                 "small amount of effort to complete.")
R_SWIFT = _rule("Swift Action (LAs): A Little Action that is so quick and easy that it does "
                "not provoke AOO.")
R_FREE = _rule("Free Action")
R_IMMEDIATE = _rule("Immediate Action")
R_DOUBLE = _rule("Double Action (DA)")
R_FULL_ROUND = _rule("Full-Round Action (FRA)")
R_APT = _rule("Attacks Per Turn")
R_REACTIONS = _rule("Reactions & AOO:")
R_AOO = _rule("Attack of Opportunity (AOO)")
R_PROVOKE = _rule("What actions normally Provoke AOO?")
R_AIM = _rule("Aim (Big Action, Provokes AOO)")
R_FIGHT_DEF = _rule("Fight Defensively (Big Action, No AOO)")
R_PROTECT = _rule("Protect Action (Big Action, No AOO)")
R_RETREAT = _rule("Retreat Action / Disengage")
R_RUN = _rule("Running in Combat – Full Details:")
R_STEP = _rule("What is a 5-Foot Step?")
R_TRADE = _rule("Trade Spaces Action")
R_PRONE = _rule("Prone")
R_GANG_UP = _rule("Multiple Opponents")
R_CONDITIONS = _rule("Conditions – Full Details")
R_DYING = _rule("Unconscious & Dying: Your conscious body has shut down, but you are still "
                "alive.")
R_STABILIZE = _rule("Stabilize when Dying")
R_DEATH = _rule("Death")
R_BLEED = _rule("Bleed X")
R_ABLAZE = _rule("Ablaze")
R_AGONY = _rule("Agony / Agonized")
R_HEAL = _rule("Healing lost HP")
R_TEMP = _rule("Temporary Hit Points (TempHP)")
R_CAST = _rule("Casting a Spell")
R_CHARGE = _rule("Charge Attack")
R_IGNORE = _rule("Advanced Option - Ignore an enemy")
R_PAUSED = _rule("What if my turn is interrupted by an Interrupt Turn?")
R_INJURY = _rule("Injury & Injured Threshold")
R_SPACE = _rule("Space in Combat Gameplay")
R_ASLEEP = _rule("Asleep / Sleeping")
R_BEGINNERS = _rule("COMBAT ACTIONS for BEGINNERS")
R_KNOCKOUT = _rule("Knockout Strike (Attack Action, No AOO)")
R_LOE = _rule("Line of Effect (LoE)")
R_CONCEALMENT = _rule("Concealment - What is it?")
R_DIFFICULT = _rule("Moving in Combat – Terrain, Creatures, & Other Issues") + \
    ', "Difficult Terrain"'
R_HIGH = _rule("High Ground / Low Ground")

#: Perseverance DCs of an interrupted caster who takes damage ("What if my turn is
#: interrupted by an Interrupt Turn?": "DC15 or DC25 based on damage, see Perseverance in
#: Ch 4.16"; Ch 4.16 is not in the text). Inferred: DC25 from 10 damage up, the only damage
#: threshold the text gives a casting Perseverance check ("If you take 10+ Damage, add +5DC",
#: Spell-Like Abilities).
INTERRUPTED_CASTER_DC = 15
INTERRUPTED_CASTER_DC_HEAVY = 25
INTERRUPTED_CASTER_HEAVY_DAMAGE = 10
#: A Charge Attack's "+2 Innate Bonus to melee & thrown weapon damage" ("Charge Attack").
CHARGE_DAMAGE_BONUS = 2
#: "Charge Attack: A melee or thrown weapon attack made on your turn directly after Running at
#: least 10 feet."
CHARGE_MIN_RUN_FT = 10

INITIATIVE_MODES = ("selective", "round_by_round", "top_down")

# ------------------------------------------------------------------------------ actions.csv

#: Action types of "Actions in Combat" (the text's Action Tables, rebuilt in data/actions.csv).
ACTION_TYPES = ("big", "little", "swift", "free", "immediate", "reaction", "double",
                "full_round")

#: Schema of ``data/actions.csv``.
ACTIONS_SCHEMA = Schema(key="action", columns={
    "action": Column("str", pattern=r"[a-z][a-z0-9_]*"),
    "name": Column("str"),
    "type": Column("choice", choices=ACTION_TYPES),
    "provokes": Column("choice", choices=("yes", "no", "qualified")),
    "counts_as_attack": Column("bool"),
    "method": Column("choice", choices=(
        "attack", "cast", "act", "move", "run", "stand_up", "aim", "fight_defensively",
        "ready", "protect", "trade_spaces", "five_foot_step", "draw", "drop_prone", "free",
        "interrupt", "retreat", "ignore_enemy")),
    "notes": Column("str", nullable=True),
    "source": Column("source"),
})
tables.register_schema("actions", ACTIONS_SCHEMA)


def actions_table() -> pd.DataFrame:
    """The Action Tables (``data/actions.csv``): action, name, type, provokes,
    counts_as_attack, method (the :class:`Encounter` method that performs it), notes, source.

    The text's "Action Tables" did not survive (its headings "Big Actions", "Little
    Actions", "Swift Actions", "Full-Round Actions" are empty); the rows are rebuilt from
    the lists the text does give, and every value the text does not state is marked
    ``inferred:`` in ``source``.
    """
    return tables.load_table("actions")


@functools.lru_cache(maxsize=1)
def _actions() -> dict[str, dict[str, Any]]:
    t = actions_table()
    return {r["action"]: dict(r) for _, r in t.iterrows()}


def _action_row(action: str) -> dict[str, Any]:
    rows = _actions()
    if action not in rows:
        import difflib
        close = difflib.get_close_matches(action, list(rows), n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise IllegalActionError(f"unknown action {action!r}{hint}; the actions are those of "
                                 f"data/actions.csv: {', '.join(rows)}", R_ACTIONS)
    return rows[action]


# ------------------------------------------------------------------------------ values


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
        big: Big Actions left this turn.
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

    def explain(self) -> str:
        """Readable lines: the counts, then the reasons."""
        head = (f"{self.name}: {self.big} Big, {self.little} Little"
                f"{'' if self.swift else ' (no Swift)'}, {self.free} Free, "
                f"{self.reactions} Reaction{'s' if self.reactions != 1 else ''}; "
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


# ------------------------------------------------------------------------------ state


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
    big_used: int = 0
    little_used: int = 0
    free_used: int = 0
    spells: int = 0
    attacks: int = 0
    riders: int = 0
    double_attack_used: bool = False
    cast_this_turn: bool = False
    ran: bool = False
    agony_spent: bool = False  # Agony took a Big Action at the start of this turn
    move_left: int | None = None
    last_action: str | None = None
    # longer
    ready: dict | None = None
    full_round: str | None = None
    full_round_target: str | None = None
    # crossbows shot and not loaded again ("Shoot a loaded Crossbow")
    unloaded: list[str] = field(default_factory=list)
    effects: list[dict] = field(default_factory=list)
    timers: dict[str, str | None] = field(default_factory=dict)
    bleed_rounds: int = 0
    acted_ever: bool = False
    # Run / Charge Attack: feet run by the Run Action this turn
    run_ft: int = 0
    # Perseverance: damage taken in all, and while its turn was paused by an interrupt
    damage_taken: int = 0
    disrupted: dict | None = None

    def to_dict(self) -> dict[str, Any]:
        d = {k: copy.deepcopy(v) for k, v in self.__dict__.items() if k != "creature"}
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


class Encounter:
    """A fight: combatants, sides, an optional battle map, initiative and turns, as a log.

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
        top_down_flat_footed: Top-Down's "Any creature who has not yet acted in combat is
            considered Flat-Footed" (the GM may switch it off).

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
                 ruleset: Any = None, seed: int | str | None = None, *,
                 groups: Mapping[str, Iterable[str]] | None = None,
                 initiative: str | None = None, top_down_flat_footed: bool = True) -> None:
        from .rulesets import coerce_ruleset
        if isinstance(creatures, Mapping):
            creatures = list(creatures.values())
        creatures = list(creatures)
        if not creatures:
            raise LfgError("an encounter needs at least one creature")
        names: list[str] = []
        for c in creatures:
            if not isinstance(c, Creature):
                raise LfgError(f"combatants must be Creature values, got {c!r:.80}; build "
                               "them with Creature.from_dict or load_example")
            if c.name in names:
                raise LfgError(f"two combatants are named {c.name!r}; names must be unique")
            names.append(c.name)
        self.ruleset = coerce_ruleset(ruleset)
        mode = initiative or getattr(self.ruleset, "initiative", "selective")
        if mode not in INITIATIVE_MODES:
            raise LfgError(f"initiative must be one of {', '.join(INITIATIVE_MODES)}, "
                           f"not {mode!r}")
        self.initiative_mode = mode
        self.top_down_flat_footed = bool(top_down_flat_footed)
        if sides is None:
            if map is None:
                raise LfgError("give sides={'party': [...], 'monsters': [...]} (or a map "
                               "whose creatures have sides)")
            sides = {}
            for n in names:
                if n not in map:
                    raise LfgError(f"{n} is not on the map, so its side is unknown; give sides=")
                sides.setdefault(map.side(n), []).append(n)
        side_of: dict[str, str] = {}
        for side, members in sides.items():
            if isinstance(members, str):
                raise LfgError(f"side {side!r} must list names, e.g. [{members!r}]")
            for n in members:
                if n not in names:
                    raise LfgError(f"side {side!r} names {n!r}, who is not a combatant; "
                                   f"combatants: {', '.join(names)}")
                if n in side_of:
                    raise LfgError(f"{n} is on two sides ({side_of[n]!r} and {side!r})")
                side_of[n] = str(side)
        missing = [n for n in names if n not in side_of]
        if missing:
            raise LfgError(f"no side given for {', '.join(missing)}")
        unit_of = {n: n for n in names}
        self._groups: dict[str, list[str]] = {}
        for g, members in (groups or {}).items():
            members = list(members)
            if g in names:
                raise LfgError(f"group {g!r} has a combatant's name; name groups differently")
            if not members:
                raise LfgError(f"group {g!r} is empty")
            for n in members:
                if n not in names:
                    raise LfgError(f"group {g!r} names {n!r}, who is not a combatant")
                if unit_of[n] != n:
                    raise LfgError(f"{n} is in two groups")
                unit_of[n] = g
            if len({side_of[n] for n in members}) != 1:
                raise LfgError(f"group {g!r} mixes sides; a group is similar NPCs of one side")
            self._groups[g] = members
        self._initial = {c.name: c for c in creatures}
        self._names = names
        self._side_of = side_of
        self._unit_of = unit_of
        self.seed = seed if seed is not None else secrets.randbits(32)
        # the map: remember where everyone starts so replay can put them back
        self.map = map
        self._map_text: str | None = None
        self._anchors: dict[str, tuple[int, int]] = {}
        self._placements: dict[str, dict[str, Any]] = {}
        if map is not None:
            if self.ruleset.advanced_five_foot_step and not map.advanced_five_foot_step:
                raise LfgError("the ruleset has advanced_five_foot_step on but the map was "
                               "built without it: HexMap(..., advanced_five_foot_step=True)")
            self._map_text = map.to_text()
            for n in names:
                if n in map:
                    if map.side(n) != side_of[n]:
                        raise LfgError(f"{n} is on side {map.side(n)!r} on the map but "
                                       f"{side_of[n]!r} in sides=")
                    self._anchors[n] = map.offset(map.token(n).anchor)
            # how each was placed (overrides, the GM's share), in the map's order
            self._placements = {n: map.placement(n) for n in map.names if n in side_of}
        self._listeners: list[Callable[[Encounter], None]] = []
        self._log = EventLog()
        self._replaying = False
        self._reset()

    # ------------------------------------------------------------------ construction helpers

    def _reset(self) -> None:
        """The state before the first event (replay starts from here)."""
        self.roller = Roller(self.seed)
        self._f: dict[str, _Fighter] = {
            n: _Fighter(n, self._side_of[n], self._unit_of[n], self._initial[n])
            for n in self._names}
        self.round = 0
        self._surprise = False
        self._frames: list[dict] = []
        self._started = False
        self._over = False
        self._order: list[str] = []   # top-down order of units
        self._round_first: str | None = None
        self._last_unit: str | None = None
        self._gang: dict[str, list[str]] = {}
        self._step = -1
        self._views: dict[str, Creature] = {}
        self._space_cramped: dict[str, str] = {}
        if self.map is not None:
            for n in self._anchors:
                if n in self.map:
                    self.map.remove(n)
            for n, how in self._placements.items():
                self.map.place(self._initial[n], **how)
            self._sync_space(quiet=True)

    def _header(self) -> dict[str, Any]:
        return {
            "format": FORMAT, "version": VERSION, "seed": self.seed,
            "ruleset": {"name": self.ruleset.name, **self.ruleset.switches()},
            "initiative": self.initiative_mode,
            "top_down_flat_footed": self.top_down_flat_footed,
            "creatures": [self._initial[n].to_dict() for n in self._names],
            "sides": {s: [n for n in self._names if self._side_of[n] == s]
                      for s in dict.fromkeys(self._side_of[n] for n in self._names)},
            "groups": {g: list(m) for g, m in self._groups.items()},
            "map": self._map_text,
            "map_options": ({"advanced_five_foot_step": self.map.advanced_five_foot_step}
                            if self.map is not None else None),
        }

    @classmethod
    def _from_header(cls, header: Mapping[str, Any], path: str | None = None) -> "Encounter":
        from .hexmap import HexMap
        from .rulesets import Ruleset

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
            return cls(creatures, sides=sides, map=hmap, ruleset=ruleset, seed=seed,
                       groups=groups, initiative=initiative,
                       top_down_flat_footed=header.get("top_down_flat_footed", True))
        except LogFormatError:
            raise
        except (LfgError, KeyError, TypeError, ValueError, AttributeError) as exc:
            raise bad(f"{type(exc).__name__}: {exc}") from None

    # ------------------------------------------------------------------ reading the state

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
        return self._frames[-1]["unit"] if self._frames else None

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
        return [f["unit"] for f in self._frames[:-1]]

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
        if unit not in self._groups and unit not in self._f:
            raise LfgError(f"no creature or group named {unit!r}")
        return self._members(unit)

    def state(self, name: str) -> dict[str, Any]:
        """One combatant's state: hp, max_hp, temp_hp, conditions, effects, status, dead,
        done (its Ready/Done card), initiative, actions left, reaction used, readied
        action, Full-Round Action under way, crossbows shot and not loaded again."""
        f = self._fighter(name)
        v = self._view(name)
        left = self.actions_left(name)
        return {
            "name": name, "side": f.side, "unit": f.unit, "hp": v.hp,
            "max_hp": v.max_hp.value, "temp_hp": v.temp_hp,
            "conditions": [e.label for e in v.active_conditions],
            "effects": [e["label"] for e in f.effects], "status": self._status(name),
            "dead": f.dead, "done": f.done, "aware": f.aware, "initiative": f.initiative,
            "actions_left": left, "reaction_used": f.reactions_used > 0,
            "ready": copy.deepcopy(f.ready), "full_round": f.full_round,
            "unloaded": list(f.unloaded),
        }

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

    def actions_left(self, name: str) -> ActionsLeft:
        """What ``name`` may still do this turn and round, and why ("Taking Your Turn",
        "Actions in Combat", and the conditions that limit actions)."""
        f = self._fighter(name)
        v = self._view(name)
        lim = self._limits(name)
        notes = list(lim.notes)
        on_turn = name in self.acting
        big = max(0, lim.big_actions - f.big_used)
        little = max(0, lim.little_actions - f.little_used)
        free = max(0, 2 - f.free_used)
        if lim.big_actions <= 0 and lim.little_actions <= 0:
            free = 0  # no actions at all (Stunned, Unconscious, Paralyzed, asleep)
        reactions = max(0, lim.reactions - f.reactions_used)
        if f.reactions_used:
            notes.append(f"{f.reactions_used} Reaction used this round")
        if f.dead:
            big = little = free = reactions = 0
            notes.append("dead")
        if f.full_round:
            big = little = free = reactions = 0
            notes.append(f"Full-Round Action ({f.full_round}) under way: no actions or "
                         f"Reactions until the start of its next turn ({R_FULL_ROUND})")
        if f.ready and not self._in_ready_frame(name):
            big = little = free = 0
            notes.append(f"readied ({f.ready['action']} when {f.ready['trigger']}): the rest "
                         f"of its turn waits for the trigger ({R_READY})")
        spells = 0 if f.spells or (lim.big_actions <= 0 and lim.little_actions <= 0) else 1
        attacks = self._attacks_left(name, big)
        if v.level <= 4 and (f.spells or f.attacks):
            spells = 0
            attacks = 0
            notes.append(f"level {v.level}: one Big Action per turn attacks or casts ({R_APT})")
        if not on_turn:
            notes.append("not its turn: only Reactions (and Immediate Actions)")
        elif self._frames and self._frames[-1].get("resumed"):
            about = self._frames[-1].get("paused_before")
            notes.append("its turn resumes after an interrupt: \"you must continue your "
                         "intended course of action if possible\"" + (
                             f" ({about})" if about else "") + f" ({R_PAUSED})")
        return ActionsLeft(name, big, little, lim.swift_actions, free, reactions,
                           spells, attacks, on_turn, tuple(notes))

    def choices(self) -> list[str]:
        """Who may be chosen to act next when the current turn ends.

        Selective Initiative ("Rounds, Initiative, & Turn Order"): "You cannot select a
        creature who has already taken a turn"; once all have acted, the last actor chooses
        who opens the next round, itself included. After an interrupt turn the list is empty:
        "Turn order & selection goes back to the person who was interrupted". Top-Down: the
        next in order; Round-by-Round at a round's end: empty (everyone rolls again).
        """
        if not self._frames:
            return []
        if len(self._frames) > 1:
            return []
        left = self._units_to_act(exclude=self._frame_units(self._frames[-1]))
        if self.initiative_mode == "top_down":
            if left:
                return [u for u in self._order if u in left][:1]
            return self._order_units_alive()[:1]
        if left:
            return left
        if self.initiative_mode == "round_by_round":
            return []
        return self._alive_units()

    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain, comparable data (tests compare two of them)."""
        return {
            "round": self.round, "surprise": self._surprise, "started": self._started,
            "frames": copy.deepcopy(self._frames), "order": list(self._order),
            "round_first": self._round_first, "last_unit": self._last_unit,
            "gang": copy.deepcopy(self._gang),
            "fighters": {n: f.to_dict() for n, f in self._f.items()},
            "rolls": [(str(r.expr), r.total) for r in self.roller.history],
            "map": self.map.snapshot() if self.map is not None else None,
            "events": len(self._log),
        }

    def subscribe(self, listener: Callable[["Encounter"], None]) -> Callable[[], None]:
        """Call ``listener(encounter)`` after every step, undo and replay (widgets redraw).

        Returns:
            A function that unsubscribes.
        """
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)
        return unsubscribe

    def __repr__(self) -> str:
        return (f"Encounter({len(self._names)} creatures, round {self.round}, "
                f"current={self.current!r}, {len(self._log)} events)")

    # ------------------------------------------------------------------ the step machinery

    def _do(self, kind: str, args: dict[str, Any]) -> Any:
        """Run one command: record it, run its handler; on refusal restore the state."""
        handler = getattr(self, f"_h_{kind}", None)
        if handler is None:
            raise LfgError(f"unknown command {kind!r}")
        args = jsonable(args)
        start = len(self._log)
        rolls = len(self.roller.history)
        version = self.map.version if self.map is not None else None
        self._step += 1
        self._emit(kind, command=True, data=args, actor=args.get("name"),
                   target=args.get("target"))
        # one command may move creatures several times (a move split where AOO strike):
        # the map's widgets redraw once, after it
        with (self.map.hold() if self.map is not None else contextlib.nullcontext()):
            try:
                result = handler(**args)
            except BaseException:
                untouched = (len(self._log) == start + 1
                             and len(self.roller.history) == rolls
                             and (self.map is None or self.map.version == version))
                if untouched:
                    self._log._truncate(start)
                    self._step -= 1
                else:  # a refusal after a change: rebuild from the log (never half-done)
                    self._rebuild(list(self._log)[:start])
                raise
            self._sync_space()
        self._views.clear()
        if not self._replaying:
            for fn in list(self._listeners):
                fn(self)
        return result

    def _emit(self, kind: str, *, command: bool = False, actor: str | None = None,
              target: str | None = None, data: Mapping[str, Any] | None = None) -> Event:
        ev = Event(len(self._log), self._step, kind, command, self.round, self.current,
                   actor, target, jsonable(dict(data or {})))
        self._log._append(ev)
        return ev

    def _rebuild(self, events: list[Event], *, path: str | None = None,
                 lines: list[int] | None = None) -> None:
        """Replay ``events`` from the initial state, checking each effect (the map tells
        its widgets once, at the end: :meth:`~lfgcombat.hexmap.HexMap.hold`)."""
        with (self.map.hold() if self.map is not None else contextlib.nullcontext()):
            self._replay(events, path=path, lines=lines)

    def _replay(self, events: list[Event], *, path: str | None,
                lines: list[int] | None) -> None:
        self._log = EventLog()
        self._reset()
        self._replaying = True
        try:
            i = 0
            while i < len(events):
                cmd = events[i]
                line = lines[i] if lines else None
                if not cmd.command:
                    raise LogFormatError(f"expected a command, found a {cmd.kind!r} effect",
                                         path, line)
                j = i + 1
                while j < len(events) and not events[j].command:
                    j += 1
                expected = events[i:j]
                before = len(self._log)
                try:
                    self._do(cmd.kind, dict(cmd.data))
                except LogFormatError:
                    raise
                except LfgError as exc:
                    raise LogFormatError(f"the {cmd.kind!r} command does not replay: {exc}",
                                         path, line) from None
                except TypeError as exc:
                    raise LogFormatError(f"the {cmd.kind!r} command has bad arguments: "
                                         f"{exc}", path, line) from None
                got = list(self._log)[before:]
                for k in range(max(len(got), len(expected))):
                    a = got[k] if k < len(got) else None
                    b = expected[k] if k < len(expected) else None
                    if a != b:
                        ln = lines[i + k] if lines and i + k < len(lines) else line
                        raise LogFormatError(
                            f"replay gives {a!r} where the log records {b!r} (a hand-edited "
                            "or damaged file)", path, ln)
                i = j
        finally:
            self._replaying = False
            self._views.clear()

    def undo(self, n: int = 1) -> "Encounter":
        """Drop the last ``n`` steps (public method calls) and replay the rest.

        Args:
            n: How many steps to undo (at least 1, at most all of them).

        Raises:
            LfgError: ``n`` out of range; nothing changes.
        """
        steps = [e.seq for e in self._log if e.command]
        if isinstance(n, bool) or not isinstance(n, int) or n < 1 or n > len(steps):
            raise LfgError(f"undo takes 1 to {len(steps)} steps (the log has {len(steps)}), "
                           f"not {n!r}")
        cut = steps[-n]
        self._rebuild(list(self._log)[:cut])
        for fn in list(self._listeners):
            fn(self)
        return self

    def fork(self) -> "Encounter":
        """An independent copy to try a "what if" on (its own map, roller and log)."""
        other = Encounter._from_header(self._header())
        other._rebuild(list(self._log))
        return other

    def save(self, path: str | Path) -> Path:
        """Write the encounter as JSON Lines (a header line, then one line per event),
        atomically: to a temporary file beside ``path``, then renamed over it."""
        return write_jsonl(path, self._header(), self._log)

    @classmethod
    def load(cls, path: str | Path) -> "Encounter":
        """Read a saved encounter and replay it to the same state.

        Every command is re-executed with the recorded seed and every effect compared with
        the file, so the loaded encounter is the one that was saved, or nothing.

        Raises:
            LogFormatError: (an :class:`~lfgcombat.errors.LfgError`) naming the line and
                the reason: not JSON, a bad header or event, or events that do not replay.
        """
        header, numbered = read_jsonl(path)
        enc = cls._from_header(header, str(path))
        enc._rebuild([e for _, e in numbered], path=str(path), lines=[ln for ln, _ in numbered])
        return enc

    # ------------------------------------------------------------------ helpers: lookups

    def _fighter(self, name: str) -> _Fighter:
        if not isinstance(name, str) or name not in self._f:
            raise IllegalActionError(f"no combatant named {name!r}; combatants: "
                                     f"{', '.join(self._names)}")
        return self._f[name]

    def _members(self, unit: str) -> list[str]:
        return list(self._groups.get(unit, [unit]))

    @staticmethod
    def _frame_units(frame: Mapping[str, Any]) -> list[str]:
        """The units taking a turn: the frame's own, plus allies acting together with it."""
        return [frame["unit"], *frame.get("with", [])]

    def _frame_members(self, frame: Mapping[str, Any]) -> list[str]:
        return [n for u in self._frame_units(frame) for n in self._members(u)]

    def _view(self, name: str) -> Creature:
        v = self._views.get(name)
        if v is None:
            f = self._f[name]
            base = f.creature
            conds = [c for e in f.effects for c in e.get("conditions", [])]
            if name in self._space_cramped and "cramped" not in conds and \
                    not self._has(name, Condition.CRAMPED):
                conds.append("cramped")  # from where it stands (see _sync_space)
            bonuses = [b for e in f.effects for b in e.get("bonuses", [])]
            if conds or bonuses:
                v = base.replace(conditions=[str(a) for a in base.conditions] + conds,
                                 bonuses=[b.to_dict() for b in base.bonuses] + bonuses)
            else:
                v = base
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
        creature's view gains or loses the condition."""
        if self.map is None:
            return
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

    def _status(self, name: str) -> str:
        """``dead``, ``dying``, ``unconscious`` (stable, or knocked out) or ``conscious``,
        as :class:`~lfgcombat.vitals.Vitals` says."""
        v = self._vitals(name)
        if v.dead:
            return "dead"
        if v.dying:
            return "dying"
        return "unconscious" if v.unconscious else "conscious"

    def _can_go_on(self, name: str, prone_before: bool) -> str | None:
        """Why ``name`` cannot carry on with the action it was taking after being struck
        (dropped: dead or unconscious; helpless; immobile; knocked prone), or ``None``."""
        if self._f[name].dead:
            return f"{name} is dead"
        v = self._vitals(name)
        if v.unconscious:
            return f"{name} is {'dying' if v.dying else 'unconscious'}"
        conds = self._view(name).active_conditions
        if Condition.HELPLESS in conds:
            return f"{name} is helpless"
        if conds.flagged("immobile"):
            return f"{name} cannot move"
        if not prone_before and Condition.PRONE in conds:
            return f"{name} was knocked prone"
        return None

    def _alive(self, name: str) -> bool:
        return not self._f[name].dead

    def _unit_alive(self, unit: str) -> bool:
        return any(self._alive(n) for n in self._members(unit))

    def _all_units(self) -> list[str]:
        return list(dict.fromkeys(self._unit_of[n] for n in self._names))

    def _alive_units(self) -> list[str]:
        return [u for u in self._all_units() if self._unit_alive(u)]

    def _order_units_alive(self) -> list[str]:
        return [u for u in self._order if self._unit_alive(u)]

    def _unit_eligible(self, unit: str) -> bool:
        """May the unit take a turn this round (alive; aware in the surprise round)."""
        if not self._unit_alive(unit):
            return False
        if self._surprise and not any(self._f[n].aware for n in self._members(unit)):
            return False
        return True

    def _units_to_act(self, exclude: str | Iterable[str] | None = None) -> list[str]:
        skip = {exclude} if isinstance(exclude, str) else set(exclude or ())
        return [u for u in self._all_units() if u not in skip and self._unit_eligible(u)
                and not all(self._f[n].done for n in self._members(u) if self._alive(n))]

    def _in_ready_frame(self, name: str) -> bool:
        return bool(self._frames) and self._frames[-1]["kind"] == "ready" and \
            name in self._members(self._frames[-1]["unit"])

    def _init_bonus(self, name: str) -> int:
        return int(self._view(name).initiative_bonus.value)

    # ------------------------------------------------------------------ helpers: dice

    def _roll(self, expr: str, *, label: str, actor: str | None = None,
              target: str | None = None, fortune: Fortune | str | None = None,
              against: int | None = None, outcome: str | None = None) -> Any:
        r = self.roller.roll(expr, fortune=fortune, label=label)
        if against is not None and outcome is None:
            outcome = "success" if r.total >= against else "failure"
        self._emit("roll", actor=actor, target=target, data={
            "expression": str(r.expr), "faces": list(r.faces), "natural": r.natural,
            "total": r.total, "fortune": r.fortune.value if r.fortune else None,
            "other": r.other.total if r.other is not None else None, "label": label,
            "against": against, "outcome": outcome})
        return r

    def _initiative_check(self, name: str, *, label: str, extra: int = 0,
                          fortune: Fortune | str | None = None, target: str | None = None
                          ) -> int:
        """Initiative Check = 1d20 + Initiative Rating + DEX Mod + WIS Mod ("Rounds,
        Initiative, & Turn Order"), with the creature's own Fortunate/Unfortunate."""
        bonus = self._init_bonus(name) + extra
        fort = net_fortune([self._view(name).initiative_bonus.fortune, fortune])
        r = self._roll(f"1d20{bonus:+d}", label=label, actor=name, target=target,
                       fortune=fort)
        return r.total

    def _rank(self, totals: dict[str, int], label: str) -> list[str]:
        """Order by total, then Initiative bonus; roll off what is still tied (decision)."""
        def key(u: str) -> tuple[int, int]:
            return (totals[u], self._init_bonus(self._members(u)[0]))
        ordered = sorted(totals, key=key, reverse=True)
        out: list[str] = []
        i = 0
        while i < len(ordered):
            j = i
            while j + 1 < len(ordered) and key(ordered[j + 1]) == key(ordered[i]):
                j += 1
            tied = ordered[i:j + 1]
            while len(tied) > 1:
                offs = {u: self._roll("1d20", label=f"{u} tie-break roll-off ({label})",
                                      actor=self._members(u)[0]).total for u in tied}
                tied.sort(key=lambda u: offs[u], reverse=True)
                if offs[tied[0]] != offs[tied[1]]:
                    out.append(tied.pop(0))
                else:
                    continue
            out.extend(tied)
            i = j + 1
        return out

    # ------------------------------------------------------------------ public: start

    def start(self, aware: Iterable[str] | None = None, decline: Iterable[str] = ()
              ) -> "Encounter":
        """Begin combat: awareness, the Surprise Round, initiative, the first turn.

        000_8d1d7816ee944f3b.txt, "Determine Awareness" and "AMBUSH! - What if you’re
        unaware?": "only the creatures that are aware may roll initiative and act";
        "All unaware creatures are Flat-Footed during the Surprise Round". "Rounds,
        Initiative, & Turn Order": "The creature with the highest Initiative Check takes
        their turn first. If a player does not want to act first, they may choose not to
        roll".

        Args:
            aware: The aware creatures (or groups); ``None``: everyone is aware (no
                Surprise Round).
            decline: Aware creatures (or groups) that choose not to roll.

        Returns:
            The encounter (so ``enc.start().current`` reads well).

        Raises:
            IllegalActionError: already started, unknown names, or nobody rolls.
        """
        self._do("start", {"aware": None if aware is None else list(aware),
                           "decline": list(decline)})
        return self

    def _resolve_units(self, names: Iterable[str], what: str) -> list[str]:
        out = []
        for n in names:
            if n in self._groups:
                out.extend(self._groups[n])
            elif n in self._f:
                out.append(n)
            else:
                raise IllegalActionError(f"{what}: no creature or group named {n!r}", R_ORDER)
        return out

    def _h_start(self, aware: list[str] | None, decline: list[str]) -> None:
        if self._started:
            raise IllegalActionError("combat has already started", R_ORDER)
        aware_names = set(self._names) if aware is None else set(
            self._resolve_units(aware, "aware"))
        declined = set(self._resolve_units(decline, "decline"))
        if not aware_names:
            raise IllegalActionError("nobody is aware of the danger, so nobody can act; "
                                     "name at least one aware creature", R_AWARE)
        bad = declined - aware_names
        if bad:
            raise IllegalActionError(f"{', '.join(sorted(bad))} cannot decline: unaware "
                                     "creatures do not roll initiative", R_AMBUSH)
        units = [u for u in self._alive_units()
                 if any(n in aware_names for n in self._members(u))]
        rolling = [u for u in units if not all(n in declined for n in self._members(u))]
        if not rolling:
            raise IllegalActionError("every aware creature declined to roll initiative; "
                                     "someone must roll to act first", R_ORDER)
        surprise = len(aware_names) < len(self._names)
        # validation done
        self._started = True
        self.round = 1
        self._surprise = surprise
        for n in self._names:
            self._f[n].aware = n in aware_names
        totals = self._roll_units(rolling, label="initiative")
        ranked = self._rank(totals, "initiative")
        if self.initiative_mode == "top_down":
            self._order = ranked + [u for u in units if u not in ranked]
        self._emit("initiative", data={"order": totals, "first": ranked[0],
                                       "declined": sorted(declined)})
        self._emit("round_start", data={"round": 1, "surprise": surprise,
                                        "opener": ranked[0]})
        for n in self._names:
            if surprise and n not in aware_names:
                self._add_effect(n, {"label": "flat-footed (unaware in the Surprise Round)",
                                     "conditions": ["flat_footed"], "ends": "round_start",
                                     "on": None, "rule": R_AMBUSH})
            if self.initiative_mode == "top_down" and self.top_down_flat_footed:
                self._add_effect(n, {"label": "flat-footed (has not acted yet: Top-Down)",
                                     "conditions": ["flat_footed"], "ends": "own_first_turn",
                                     "on": n, "rule": R_TOP_DOWN})
        self._begin_turn(ranked[0], kind="turn", chosen_by=None, first=True)

    def _roll_units(self, units: list[str], label: str, bonus_for: str | None = None
                    ) -> dict[str, int]:
        totals: dict[str, int] = {}
        for u in units:
            lead = next(n for n in self._members(u) if self._alive(n))
            extra = 5 if bonus_for == u else 0
            lab = f"{u} {label}" + (" (+5 Innate: acted last)" if extra else "")
            totals[u] = self._initiative_check(lead, label=lab, extra=extra)
            for n in self._members(u):
                self._f[n].initiative = totals[u]
        return totals

    # ------------------------------------------------------------------ turns

    def _begin_turn(self, unit: str, *, kind: str, chosen_by: str | None, first: bool = False,
                    interrupted: str | None = None, forced: bool = False) -> None:
        self._frames.append({"unit": unit, "kind": kind, "chosen_by": chosen_by,
                             "first": first, "interrupted": interrupted})
        if first:
            self._round_first = unit
        data = {"kind": kind, "chosen_by": chosen_by, "first_of_round": first,
                "interrupted": interrupted}
        if forced:
            data["forced_by_gm"] = True
        self._emit("turn_start", data=data)
        self._start_unit(unit, kind)

    def _start_unit(self, unit: str, kind: str) -> None:
        """The start of a unit's turn for each of its living members."""
        for n in self._members(unit):
            if not self._alive(n):
                continue
            f = self._f[n]
            if kind == "ready":
                held = f.ready["held"]
                lim = self._view(n).actions
                f.big_used = max(0, lim.big_actions - held["big"])
                f.little_used = max(0, lim.little_actions - held["little"])
                f.free_used = 0
                f.move_left = None
                f.last_action = None
                if self.map is not None and n in self._anchors:
                    self.map.start_turn(n)
                continue
            self._reset_turn(f)
            if self.map is not None and n in self._anchors:
                self.map.start_turn(n)
            self._start_of_turn(n)

    def _reset_turn(self, f: _Fighter) -> None:
        f.big_used = f.little_used = f.free_used = 0
        f.spells = f.attacks = f.riders = 0
        f.double_attack_used = f.cast_this_turn = f.ran = f.agony_spent = False
        f.move_left = None
        f.last_action = None
        f.run_ft = 0
        f.disrupted = None

    def _start_of_turn(self, name: str) -> None:
        """What happens when a creature's turn begins (conditions over time)."""
        f = self._f[name]
        if f.ready is not None:
            self._emit("ready_lost", actor=name, data={
                "why": "the start of its next turn: the trigger did not occur, the rest of "
                       "its actions are lost", "rule": R_READY})
            f.ready = None
        if f.full_round is not None:
            action = f.full_round
            f.full_round = None
            target = f.full_round_target
            f.full_round_target = None
            self._emit("full_round_complete", actor=name, target=target,
                       data={"action": action})
            if action == "stop_drop_roll" and self._has(name, Condition.ABLAZE):
                self._lose_condition(name, Condition.ABLAZE, why="stop, drop and roll")
            if action == "awaken_knocked_out" and target is not None and \
                    not self._f[target].dead:
                old = self._vitals(target)
                if old.knocked_out and old.hp > 0:
                    self._commit_vitals(target, old, old.wake(),
                                        why=f"{name} spent a Full-Round Action rousing it")
        # effects "until the start of your next turn", and Top-Down's flat-footed
        for other in self._names:
            for e in list(self._f[other].effects):
                if e.get("on") == name and e["ends"] in ("turn_start", "own_first_turn"):
                    self._end_effect(other, e, f"the start of {name}'s turn")
        # durations imposed by this creature count down on its turns (decision)
        for other in self._names:
            if other != name:
                self._tick_timers(other, source=name)
        self._gang.pop(name, None)  # Gang Up: "until the foe takes their turn"
        f.acted_ever = True
        v = self._view(name)
        if f.dead:
            return
        if v.active_conditions.flagged("lose_big_action"):
            f.agony_spent = True
            self._emit("note", actor=name, data={
                "text": f"{name} spends a Big Action struggling with the pain (Agony)",
                "rule": R_AGONY})
        if self._has(name, Condition.ABLAZE):
            r = self._roll("1d6", label=f"{name} ablaze: fire damage", actor=name)
            self._apply_damage(name, r.total, "fire", struck=False, source="ablaze")
        if self._value(name, Condition.BLEED) and not f.dead:
            # "Bleed X": X biological damage a round; "After 10 rounds of bleeding, the wound
            # begins to clot, and the Bleed X amount is reduced by 1 per round"
            # (Vitals.bleed_tick counts the rounds and clots; the damage goes through the
            # one HP seam so it is logged like any other)
            old = self._vitals(name)
            ticked = old.bleed_tick()
            rounds = old.bleed_rounds + 1
            if ticked.bleed < old.bleed:
                self._commit_vitals(name, old, dataclasses.replace(
                    old, bleed=ticked.bleed, bleed_rounds=rounds if ticked.bleed else 0),
                    why=f"the wound clots (round {rounds} of bleeding, after "
                        f"{CLOT_AFTER_ROUNDS})")
            if ticked.bleed:
                f.bleed_rounds = rounds
                self._apply_damage(name, ticked.bleed, "biological", struck=False,
                                   source="bleed")
        if not f.dead and self._vitals(name).dying:
            # "Stabilize when Dying: ... a DC20 FORT Save once per round to reduce the
            # bleeding by 1" (Vitals.stabilize_check rolls it with saves.saving_throw)
            old = self._vitals(name)
            seen = len(self.roller.history)
            new = old.stabilize_check(self._view(name), self.roller)
            ok = new.bleed < old.bleed
            self._log_rolls(seen, actor=name, against=STABILIZE_DC,
                            outcome="success" if ok else "failure")
            self._commit_vitals(name, old, new, why=f"stabilizing DC{STABILIZE_DC} FORT Save")

    def _log_rolls(self, since: int, *, actor: str | None, target: str | None = None,
                   against: int | None = None, outcome: str | None = None,
                   only_first: bool = False) -> None:
        """Log the rolls another module made with the encounter's roller (``against`` and
        ``outcome`` on every one, or with ``only_first`` on the first alone)."""
        for i, r in enumerate(self.roller.history[since:]):
            if only_first and i:
                against = outcome = None
            self._emit("roll", actor=actor, target=target, data={
                "expression": str(r.expr), "faces": list(r.faces), "natural": r.natural,
                "total": r.total, "fortune": r.fortune.value if r.fortune else None,
                "other": r.other.total if r.other is not None else None, "label": r.label,
                "against": against, "outcome": outcome})

    def end_turn(self, next: str | None = None, *, deadlock: bool = False,
                 decline: Iterable[str] = (), declined: Iterable[str] = ()) -> "Encounter":
        """End the current turn and pass it on.

        Selective Initiative ("Rounds, Initiative, & Turn Order"): "When you finish your
        turn, you select which creature takes the next turn"; "You cannot select a creature
        who has already taken a turn"; "The creature who acted last in the previous round
        selects who goes first in the next round ... you may select yourself". After an
        interrupt turn the interrupted creature resumes ("Turn order & selection goes back
        to the person who was interrupted"), so ``next`` must be left out.

        Args:
            next: The creature or group to act next (one of :meth:`choices`). Under
                Top-Down Initiative it may be left out (the order decides); under
                Round-by-Round it is left out at a round's end (everyone rolls).
            deadlock: The GM's deadlock rule ("Initiative Problems:"): "force the
                creature/player with the LOWEST Initiative Roll to go first" among the
                choices (a creature that never rolled counts as lowest; ties go to the
                first listed).
            decline: Round-by-Round only, at a round's end: who chooses not to roll.
            declined: Allies who were offered the turn first and asked to go later
                (:meth:`decline_turn` fills it in; "Initiative Problems:").

        Raises:
            IllegalActionError: no turn under way, ``next`` not a legal choice, or missing.
        """
        args: dict[str, Any] = {"next": next, "deadlock": bool(deadlock),
                                "decline": list(decline)}
        if declined:
            args["declined"] = list(declined)
        self._do("end_turn", args)
        return self

    def _check_declined(self, chooser: str, declined: list[str], choices: list[str],
                        target: str | None, deadlock: bool) -> None:
        """"If you were selected by an ally, but you don't want to take your turn yet, you
        can just tell your ally to pick someone else so you can go later (unless you are
        the last person available to act in the round)"; "If you were selected by an enemy
        creature (or the GM selected you), you must take your turn!" ("Initiative
        Problems:")."""
        if self.initiative_mode == "top_down":
            raise IllegalActionError("under Top-Down Initiative the order decides; nobody "
                                     "is chosen, so nobody can decline", R_TOP_DOWN)
        if deadlock:
            raise IllegalActionError("the GM forced the turn order (the deadlock rule): "
                                     "\"If ... the GM selected you, you must take your turn!\"",
                                     R_PROBLEMS)
        if len(set(declined)) != len(declined):
            raise IllegalActionError("a creature is named twice in declined=", R_PROBLEMS)
        side = self._f[self._members(chooser)[0]].side
        for d in declined:
            if d not in choices:
                raise IllegalActionError(
                    f"{d} was not one of {_possessive(chooser)} choices ({', '.join(choices)}), "
                    "so it cannot have declined", R_PROBLEMS)
            if d == chooser:
                raise IllegalActionError(f"{chooser} chose itself; there is nobody to ask to "
                                         "pick someone else", R_PROBLEMS)
            if self._f[self._members(d)[0]].side != side:
                raise IllegalActionError(
                    f"{d} was selected by {chooser}, an enemy: \"If you were selected by an "
                    "enemy creature (or the GM selected you), you must take your turn!\"",
                    R_PROBLEMS)
        rest = [c for c in choices if c not in declined]
        if not rest:
            raise IllegalActionError(
                f"{declined[-1]} is the last one available to act in the round, so it must "
                "take its turn (\"unless you are the last person available to act in the "
                "round\")", R_PROBLEMS)
        if target in declined:
            raise IllegalActionError(f"{target} asked to go later; {chooser} must pick someone "
                                     f"else: one of {', '.join(rest)}", R_PROBLEMS)

    def _last_command(self) -> Event | None:
        log = self._log
        return next((log[i] for i in range(len(log) - 1, -1, -1) if log[i].command), None)

    def _decline_problem(self) -> str | None:
        """Why the creature acting now may not ask its chooser to pick someone else
        (``None``: it may)."""
        if not self._frames:
            return "no turn is under way"
        frame = self._frames[-1]
        unit = frame["unit"]
        if frame["kind"] != "turn":
            return (f"{unit} is taking an interrupt turn it asked for; nobody chose it "
                    "(end_turn() to give the turn back)")
        if self.initiative_mode == "top_down":
            return "under Top-Down Initiative the order decides; nobody chose " + unit
        if frame.get("with"):
            return f"{unit} is already acting together with {', '.join(frame['with'])}"
        chooser = frame["chosen_by"]
        last = self._last_command()
        if last is not None and last.kind == "end_turn" and last.data.get("deadlock"):
            return (f"the GM selected {unit} (the deadlock rule): \"If you were selected by an "
                    "enemy creature (or the GM selected you), you must take your turn!\"")
        if chooser is None:
            return (f"nobody chose {unit}: it acts first by its Initiative Check (a creature "
                    "that does not want to act first may choose not to roll: "
                    "start(decline=[...]))")
        if last is None or last.kind != "end_turn" or last.data.get("next") != unit:
            what = "the GM's turn order" if last is None else f"{last.describe()}"
            return (f"{unit} has already begun its turn (the last step was {what}); "
                    "declining comes before acting (undo() first)")
        if chooser == unit:
            return f"{unit} chose itself"
        if self._f[self._members(chooser)[0]].side != self._f[self._members(unit)[0]].side:
            return (f"{unit} was selected by {chooser}, an enemy: \"If you were selected by an "
                    "enemy creature (or the GM selected you), you must take your turn!\"")
        if not self.decline_choices(_checked=True):
            return (f"{unit} is the last one available to act in the round, so it must take "
                    "its turn")
        return None

    def decline_choices(self, *, _checked: bool = False) -> list[str]:
        """Whom the chooser may pick instead if the creature acting now declines its turn
        (empty: it may not decline; :meth:`decline_turn` says why)."""
        if not _checked and self._decline_problem() is not None:
            return []
        frame = self._frames[-1]
        last = self._last_command()
        before = list(last.data.get("declined") or []) if last is not None else []
        return [u for u in self._units_to_act() if u != frame["unit"] and u not in before]

    def decline_turn(self, next: str | None = None) -> "Encounter":
        """The creature just chosen by an ally asks to go later; the ally picks ``next``.

        000_8d1d7816ee944f3b.txt, "Initiative Problems:": "If you were selected by an ally,
        but you don't want to take your turn yet, you can just tell your ally to pick someone
        else so you can go later (unless you are the last person available to act in the
        round)"; "If you were selected by an enemy creature (or the GM selected you), you
        must take your turn!"

        The chooser's ``end_turn`` is taken back and made again with the new choice, the
        decliner recorded in its ``declined=`` (so the log shows one choice, who declined
        it, and replays). Only before the chosen creature does anything.

        Args:
            next: Whom the chooser picks instead (one of :meth:`decline_choices`).

        Raises:
            IllegalActionError: nobody chose it, an enemy or the GM did, it already acted,
                it is the last to act, or ``next`` is missing or not a legal choice;
                nothing changes.
        """
        why = self._decline_problem()
        if why is not None:
            raise IllegalActionError(why, R_PROBLEMS)
        frame = self._frames[-1]
        unit, chooser = frame["unit"], frame["chosen_by"]
        options = self.decline_choices(_checked=True)
        if next is None or next not in options:
            said = "" if next is None else f"{next} cannot be chosen instead; "
            raise IllegalActionError(
                f"{said}{unit} asks {chooser} to pick someone else: decline_turn(next=...) with "
                f"one of {', '.join(options)}", R_PROBLEMS)
        last = self._last_command()
        assert last is not None
        events = list(self._log)
        self._rebuild(events[:last.seq])
        args = dict(last.data)
        args["next"] = next
        args["declined"] = [*(args.get("declined") or []), unit]
        try:
            self._do("end_turn", args)
        except BaseException:
            self._rebuild(events)
            raise
        return self

    def together_choices(self) -> list[str]:
        """The allies (creatures or groups) who may act together with the creature acting
        now: of its side, not yet acted this round, able to act (see :meth:`act_together`)."""
        if not self._frames or self._frames[-1]["kind"] != "turn" or \
                self.initiative_mode == "top_down":
            return []
        frame = self._frames[-1]
        side = self._f[self._members(frame["unit"])[0]].side
        return [u for u in self._units_to_act(exclude=self._frame_units(frame))
                if self._f[self._members(u)[0]].side == side]

    def act_together(self, name: str, ally: str, *, tactical_bonus: int = 0) -> "Encounter":
        """``name`` (acting now) and ``ally`` act at the same time, on one turn.

        000_8d1d7816ee944f3b.txt, "Taking Your Turn: ...": "If you and an ally wish to act
        at the same time: When it is your turn, tell your GM you wish to act together, and
        select your ally to “go next” if their turn is available. You both act at the same
        time. The GM may determine any other special details or grant Tactical Bonuses for
        cooperation on a case-by-case basis."

        The ally's turn begins now (its start-of-turn effects happen); both act until
        :meth:`end_turn`, which ends both turns (both cards turn to Done), and the creature
        whose turn it was chooses who goes next. An ally with a readied action, an
        interrupt turn or Top-Down Initiative cannot use this.

        Args:
            name: The creature whose turn it is.
            ally: A creature or group of its side that has not acted this round.
            tactical_bonus: The GM's Tactical Bonus on attack rolls for both, until the end
                of this turn (0 to 5; default none).

        Raises:
            IllegalActionError: not its turn, not an ally, the ally already acted or cannot
                act, a bad bonus; nothing changes.
        """
        self._do("act_together", {"name": name, "ally": ally,
                                  "tactical_bonus": tactical_bonus})
        return self

    def _h_act_together(self, name: str, ally: str, tactical_bonus: int) -> None:
        self._actor(name)
        frame = self._frames[-1]
        if frame["kind"] != "turn":
            raise IllegalActionError(f"{name} is taking an interrupt turn; acting together is "
                                     "for a turn taken in the order (\"When it is your turn\")",
                                     R_TURN)
        if self.initiative_mode == "top_down":
            raise IllegalActionError("under Top-Down Initiative the order is fixed; nobody "
                                     "is selected to go next", R_TOP_DOWN)
        if ally in self._groups:
            unit = ally
        elif isinstance(ally, str) and ally in self._f:
            unit = self._unit_of[ally]
        else:
            raise IllegalActionError(f"no creature or group named {ally!r}", R_TURN)
        if unit in self._frame_units(frame):
            raise IllegalActionError(f"{ally} is already acting on this turn", R_TURN)
        if self._f[self._members(unit)[0]].side != self._f[name].side:
            raise IllegalActionError(f"{ally} is not {_possessive(name)} ally: \"If you and an "
                                     "ally wish to act at the same time\"", R_TURN)
        if unit not in self._units_to_act(exclude=self._frame_units(frame)):
            if not self._unit_alive(unit):
                why = "cannot act (dead)"
            elif self._surprise and not any(self._f[m].aware for m in self._members(unit)):
                why = "is unaware, and gets no turn in the Surprise Round"
            else:
                why = "has already taken its turn this round"
            raise IllegalActionError(f"{ally} {why}: its turn must be available", R_TURN)
        if (isinstance(tactical_bonus, bool) or not isinstance(tactical_bonus, int)
                or not 0 <= tactical_bonus <= 5):
            raise IllegalActionError(f"tactical_bonus is the GM's Tactical Bonus, a whole number "
                                     f"from 0 to 5, not {tactical_bonus!r}", R_TURN)
        # commit
        frame.setdefault("with", []).append(unit)
        self._emit("together", actor=name, target=self._members(unit)[0],
                   data={"unit": unit, "tactical_bonus": tactical_bonus, "rule": R_TURN})
        self._start_unit(unit, "turn")
        if tactical_bonus:
            for n in self._frame_members(frame):
                if self._alive(n):
                    self._add_effect(n, {
                        "kind": "act_together",
                        "label": f"acting together: +{tactical_bonus} Tactical to attack rolls",
                        "bonuses": [{"to": "attack", "value": tactical_bonus,
                                     "type": "tactical", "source": "acting together"}],
                        "ends": "turn_end", "on": name, "rule": R_TURN})

    def _h_end_turn(self, next: str | None, deadlock: bool, decline: list[str],
                    declined: list[str] | None = None) -> None:
        declined = list(declined or [])
        if not self._frames:
            raise IllegalActionError("no turn is under way" + (
                "; call start() first" if not self._started else ""), R_ORDER)
        frame = self._frames[-1]
        unit = frame["unit"]
        if decline and not (self.initiative_mode == "round_by_round"):
            raise IllegalActionError("decline= is for Round-by-Round Initiative (everyone "
                                     "rolls each round)", R_ROUND_BY_ROUND)
        if frame["kind"] in ("interrupt", "ready"):
            if next is not None or deadlock:
                back = self._frames[-2]["unit"]
                raise IllegalActionError(
                    f"{unit}'s interrupt turn ends and {back}, who was interrupted, resumes "
                    f"its turn: \"Turn order & selection goes back to the person who was "
                    f"interrupted\"; leave next= out", R_INTERRUPT_DETAILS)
            self._finish_turn(frame)
            self._frames.pop()
            self._frames[-1]["resumed"] = True  # until its next action (see actions_left)
            self._emit("turn_resumed", data={"after": unit})
            return
        choices = self.choices()
        round_over = not self._units_to_act(exclude=self._frame_units(frame))
        target: str | None
        if deadlock:
            if next is not None:
                raise IllegalActionError("give next= or deadlock=True, not both", R_PROBLEMS)
            if not choices:
                raise IllegalActionError("there is no choice to force", R_PROBLEMS)
            target = min(choices, key=lambda u: (
                self._f[self._members(u)[0]].initiative
                if self._f[self._members(u)[0]].initiative is not None else -10**9,
                choices.index(u)))
        elif self.initiative_mode == "top_down":
            if next is not None and choices and next != choices[0]:
                raise IllegalActionError(f"under Top-Down Initiative {choices[0]} acts next, "
                                         f"not {next}", R_TOP_DOWN)
            target = choices[0] if choices else None
        elif self.initiative_mode == "round_by_round" and round_over:
            if next is not None:
                raise IllegalActionError("under Round-by-Round Initiative everyone rolls "
                                         "again and the highest acts first; leave next= out",
                                         R_ROUND_BY_ROUND)
            target = None
        else:
            if next is None:
                if not choices:
                    target = None
                else:
                    who = "who opens the next round" if round_over else "who goes next"
                    raise IllegalActionError(
                        f"{unit} must choose {who}: end_turn(next=...) with one of "
                        f"{', '.join(choices)} (or deadlock=True for the GM's rule)", R_ORDER)
            else:
                if next not in choices:
                    known = next in self._all_units()
                    if (known and self._surprise
                            and not any(self._f[m].aware for m in self._members(next))):
                        why = ("is unaware, and unaware creatures get no turn in the "
                               "Surprise Round")
                    elif known and self._unit_alive(next):
                        why = "has already taken a turn this round"
                    else:
                        why = "cannot act (dead or unknown)"
                    raise IllegalActionError(
                        f"{next} cannot be chosen: it {why}; choices: "
                        f"{', '.join(choices) or 'none'}", R_ORDER)
                target = next
        if declined:
            self._check_declined(unit, declined, choices, target, deadlock)
        declined_roll = set(self._resolve_units(decline, "decline"))
        if self.initiative_mode == "round_by_round" and round_over:
            rolling = [u for u in self._alive_units()
                       if not all(n in declined_roll for n in self._members(u))]
            if not rolling:
                raise IllegalActionError("everyone declined to roll; someone must roll",
                                         R_ROUND_BY_ROUND)
        # commit
        self._finish_turn(frame)
        self._frames.pop()
        self._last_unit = unit
        for d in declined:
            self._emit("turn_declined", actor=self._members(d)[0], target=unit, data={
                "unit": d, "chooser": unit,
                "why": f"{d} was chosen by {unit}, an ally, and asked to go later",
                "rule": R_PROBLEMS})
        if not round_over:
            # the deadlock rule: the GM forces the turn, nobody chose it ("Initiative
            # Problems:"); so no ally-chose-ally protection against interrupts
            self._begin_turn(target, kind="turn", chosen_by=None if deadlock else unit,
                             forced=deadlock)
            return
        self._emit("round_end", data={"round": self.round, "last": unit})
        self._new_round()
        if self.initiative_mode == "round_by_round":
            rolling = [u for u in self._alive_units()
                       if not all(n in declined_roll for n in self._members(u))]
            totals = self._roll_units(rolling, label=f"initiative round {self.round}",
                                      bonus_for=unit)
            ranked = self._rank(totals, f"round {self.round}")
            self._emit("initiative", data={"order": totals, "first": ranked[0],
                                           "declined": sorted(declined_roll)})
            target = ranked[0]
        elif self.initiative_mode == "top_down":
            late = [u for u in self._alive_units() if u not in self._order]
            if late:  # unaware in the Surprise Round: they roll now and join the order
                totals = self._roll_units(late, label="initiative (after surprise)")
                known = {u: self._f[self._members(u)[0]].initiative for u in self._order
                         if self._f[self._members(u)[0]].initiative is not None}
                known.update(totals)
                self._order = self._rank(known, "order") + [
                    u for u in self._order if u not in known]
            target = self._order_units_alive()[0] if self._order_units_alive() else None
        if target is None:
            self._emit("note", data={"text": "nobody is left to act"})
            return
        self._emit("round_start", data={"round": self.round, "surprise": False,
                                        "opener": target})
        self._begin_turn(target, kind="turn", chosen_by=unit if
                         self.initiative_mode == "selective" and not deadlock else None,
                         first=True, forced=deadlock)

    def _finish_turn(self, frame: dict) -> None:
        for n in self._frame_members(frame):
            f = self._f[n]
            if frame["kind"] != "ready":
                f.done = True
            f.move_left = None
            for other in self._names:
                for e in list(self._f[other].effects):
                    if e.get("on") == n and e["ends"] == "turn_end":
                        self._end_effect(other, e, f"the end of {n}'s turn")
            if frame["kind"] != "ready":
                self._tick_timers(n, source=None)
            if frame["kind"] == "ready":
                f.ready = None
        self._emit("turn_end", data={"kind": frame["kind"]})

    def _new_round(self) -> None:
        self.round += 1
        self._surprise = False
        self._round_first = None
        for f in self._f.values():
            f.done = False
            f.reactions_used = 0
            f.interrupt_attempts = []
            f.aoo_this_round = 0
            f.defenses_this_round = 0
            f.aware = True
            for e in list(f.effects):
                if e["ends"] == "round_start":
                    self._end_effect(f.name, e, "the Surprise Round is over")

    # ------------------------------------------------------------------ interrupts & ready

    def interrupt(self, interrupter: str | Iterable[str], target: str | None = None, *,
                  before: str | None = None) -> InterruptResult:
        """Attempt an Interrupt Turn against the creature acting now.

        000_8d1d7816ee944f3b.txt, "Interrupt Turn: How does an Interrupt Turn work?" and
        "Interrupt Turn – Details and Clarifications:": spend a Reaction; opposed
        Initiative Checks; the winner takes its turn now, then the interrupted creature
        completes its turn and chooses who goes next; a loser's Reaction is used. Refused:
        the round's first actor; Swift, Free and Immediate Actions and Reactions; after
        your own turn this round (unless readied); while unaware; an ally's turn chosen by
        another ally; the same creature twice in a round. Several interrupters: only the
        highest check succeeds. Interrupting an interrupt: the first interrupter gains
        +5 Innate. A creature with a readied action ("Prepare to Interrupt") uses it
        instead: Fortunate on its check and no Reaction spent; under Top-Down Initiative
        it takes its single prepared Big Action without a roll, and nobody else may
        interrupt ("Alternative Initiative Option #2").

        Args:
            interrupter: One creature or several trying at once.
            target: The creature acting now (default: the one acting now).
            before: The action about to be taken (a ``data/actions.csv`` name), to check
                that it may be interrupted.

        Returns:
            :class:`InterruptResult`.

        Raises:
            IllegalActionError: naming the limit broken; nothing changes.
        """
        names = [interrupter] if isinstance(interrupter, str) else list(interrupter)
        return self._do("interrupt", {"interrupters": names, "target": target,
                                      "before": before})

    def _h_interrupt(self, interrupters: list[str], target: str | None,
                     before: str | None) -> InterruptResult:
        if not self._frames:
            raise IllegalActionError("nobody is acting, so there is no turn to interrupt",
                                     R_INTERRUPT)
        frame = self._frames[-1]
        acting = [n for n in self._frame_members(frame) if self._alive(n)]
        if target is None:
            target = acting[0] if acting else frame["unit"]
        self._fighter(target)
        if target not in acting:
            raise IllegalActionError(f"{target} is not acting now ({self.current} is); you "
                                     "interrupt a creature as it acts", R_INTERRUPT)
        if not interrupters:
            raise IllegalActionError("name who interrupts", R_INTERRUPT)
        if len(set(interrupters)) != len(interrupters):
            raise IllegalActionError("an interrupter is named twice", R_INTERRUPT_DETAILS)
        if frame["first"] and frame["kind"] == "turn":
            raise IllegalActionError(f"{target} acts first this round: \"You cannot interrupt "
                                     "the creature that acts first in the round\"",
                                     R_INTERRUPT_DETAILS)
        if before is not None:
            row = _action_row(before)
            if row["type"] in ("swift", "free", "immediate", "reaction"):
                raise IllegalActionError(
                    f"{before} is a {row['type'].replace('_', '-')} action: \"You cannot "
                    "interrupt a Swift Action, Free Action, Immediate Action, or Reaction\"",
                    R_INTERRUPT_DETAILS)
        top_down = self.initiative_mode == "top_down"
        readied: dict[str, bool] = {}
        for n in interrupters:
            f = self._fighter(n)
            if n in self._frame_members(frame):
                raise IllegalActionError(f"{n} cannot interrupt its own turn", R_INTERRUPT)
            if f.dead:
                raise IllegalActionError(f"{n} is dead", R_INTERRUPT)
            if any(n in self._frame_members(fr) for fr in self._frames[:-1]):
                raise IllegalActionError(f"{n}'s own turn is paused by an interrupt; it "
                                         "\"remains in place while being interrupted\"",
                                         R_INTERRUPT)
            if target in self._ignored_by(n):
                raise IllegalActionError(f"{n} ignores {target} and is Flat-Footed against it: "
                                         "no Reactions against it (decision)", R_IGNORE)
            if not f.aware:
                raise IllegalActionError(f"{n} is unaware: \"If you are unaware of a creature, "
                                         "you cannot attempt an interrupt (or other Reaction) "
                                         "against them\"", R_INTERRUPT_DETAILS)
            uses_ready = f.ready is not None
            readied[n] = uses_ready
            if top_down and not uses_ready:
                raise IllegalActionError(
                    f"{n} has no readied action: Top-Down Initiative \"removes the option of "
                    "an Interrupt Turn ... you must use the 'Prepare to Interrupt' action\"",
                    R_TOP_DOWN)
            if uses_ready:
                if self._view(n).actions.big_actions <= 0:
                    raise IllegalActionError(f"{n} cannot act now ("
                                             + "; ".join(self._view(n).actions.notes) + ")",
                                             R_CONDITIONS)
                if top_down and len(interrupters) > 1:
                    raise IllegalActionError("under Top-Down Initiative a readied action "
                                             "fires on its own, one at a time", R_TOP_DOWN)
                continue
            why = self._reaction_problem(n)
            if why:
                raise IllegalActionError(f"{n} cannot interrupt: {why}", R_INTERRUPT)
            if f.done:
                raise IllegalActionError(
                    f"{n} has already taken its turn this round: \"you cannot attempt an "
                    "Interrupt Turn (unless you used the 'Prepare to Interrupt' action)\"",
                    R_INTERRUPT_DETAILS)
            if target in f.interrupt_attempts:
                raise IllegalActionError(f"{n} already tried to interrupt {target} this round: "
                                         "\"you may not attempt to interrupt the same creature "
                                         "multiple times\"", R_INTERRUPT_DETAILS)
            if f.side == self._f[target].side:
                chooser = (frame["chosen_by"] if target in self._members(frame["unit"])
                           else frame["unit"])  # an ally acting together was picked by it
                if chooser is not None and chooser != n and all(
                        self._f[m].side == f.side for m in self._members(chooser)):
                    raise IllegalActionError(
                        f"{target} was chosen by {chooser}, an ally: \"You cannot interrupt an "
                        "ally's turn if they were selected by another ally\"",
                        R_INTERRUPT_DETAILS)
        # commit: spend, roll, decide
        for n in interrupters:
            f = self._f[n]
            if readied[n]:
                self._emit("spend", actor=n, target=target, data={
                    "action": "interrupt", "type": "big", "slot": "readied action",
                    "rule": R_READY})
            else:
                f.reactions_used += 1
                self._emit("spend", actor=n, target=target, data={
                    "action": "interrupt", "type": "reaction", "slot": "reaction",
                    "rule": R_INTERRUPT})
            f.interrupt_attempts.append(target)
        checks: dict[str, int | None] = {}
        winner: str | None
        if top_down:
            n = interrupters[0]
            checks[n] = None
            winner = n
        else:
            bonus = 5 if frame["kind"] in ("interrupt", "ready") else 0
            lab = "interrupt: opposed initiative" + (
                " (+5 Innate: it interrupted first)" if bonus else "")
            checks[target] = self._initiative_check(target, label=f"{target} {lab}",
                                                    extra=bonus)
            for n in interrupters:
                checks[n] = self._initiative_check(
                    n, label=f"{n} interrupt: opposed initiative", target=target,
                    fortune=Fortune.FORTUNATE if readied[n] else None)
            best = max(checks[n] for n in interrupters)
            if best > checks[target]:
                tops = [n for n in interrupters if checks[n] == best]
                winner = tops[0] if len(tops) == 1 else self._rank(
                    {n: best for n in tops}, "interrupters")[0]
            else:
                winner = None
        self._emit("interrupt", target=target, data={
            "interrupters": interrupters, "checks": checks, "winner": winner,
            "ready": [n for n in interrupters if readied[n]], "before": before})
        for n in interrupters:
            if readied[n] and n != winner:
                self._emit("ready_lost", actor=n, data={"why": "lost the opposed check"})
                self._f[n].ready = None
        if winner is not None:
            frame["paused_before"] = before  # what the paused creature was about to do
            kind = "ready" if readied[winner] else "interrupt"
            unit = self._unit_of[winner]
            self._begin_turn(unit, kind=kind, chosen_by=None, interrupted=frame["unit"])
        return InterruptResult(target, tuple(interrupters), dict(checks), winner)

    def ready(self, name: str, trigger: str, action: str = "attack") -> "Encounter":
        """Prepare to Interrupt (the Ready Action): a Big Action now, the prepared Big
        Action later when the trigger occurs.

        000_8d1d7816ee944f3b.txt, "Prepare to Interrupt – “Ready Action” (Big Action)":
        "You spend one of your actions now, planning to complete the remainder of your turn
        later as an Interrupt Turn. Your prepared action remains available until the start of
        your next turn"; "You are Fortunate on this check"; "If the trigger does not occur,
        the rest of your actions are lost"; "you do NOT have to spend your Reaction". Fire
        it with :meth:`interrupt`. Decision: it needs a Big Action left after the Ready
        Action itself (the prepared action is a Big Action), and the rest of the turn waits:
        only :meth:`end_turn` may follow.

        Args:
            name: The creature (on its turn).
            trigger: What it waits for, in words.
            action: What it will do (a ``data/actions.csv`` name, normally a Big Action).
        """
        self._do("ready", {"name": name, "trigger": trigger, "action": action})
        return self

    def _h_ready(self, name: str, trigger: str, action: str) -> None:
        f = self._actor(name)
        row = _action_row(action)
        if not isinstance(trigger, str) or not trigger.strip():
            raise IllegalActionError("say what the trigger is: ready(name, trigger='the "
                                     "archer leans out', action='attack')", R_READY)
        if row["type"] not in ("big", "little", "swift"):
            raise IllegalActionError(f"{action} is a {row['type']} action; a readied action "
                                     "is a single Big Action", R_READY)
        left = self.actions_left(name)
        if left.big < 2:
            raise IllegalActionError(
                f"{name} has {left.big} Big Action left: the Ready Action is a Big Action and "
                "the prepared action another", R_READY)
        self._spend(name, "big", "ready")
        held_big = self.actions_left(name).big
        held_little = self.actions_left(name).little
        if self.initiative_mode == "top_down":
            held_big, held_little = 1, 0  # "you may take a single prepared Big Action"
        f.ready = {"trigger": trigger, "action": action, "round": self.round,
                   "held": {"big": held_big, "little": held_little}}
        self._emit("ready", actor=name, data={"trigger": trigger, "action": action,
                                              "held": f.ready["held"]})

    # ------------------------------------------------------------------ action economy

    def _actor(self, name: str) -> _Fighter:
        """The creature must be acting now and able to act."""
        f = self._fighter(name)
        if not self._frames:
            raise IllegalActionError(f"no turn is under way; {'start()' if not self._started else 'the fight is over'}",
                                     R_TURN)
        if name not in self._frame_members(self._frames[-1]):
            raise IllegalActionError(f"it is {_possessive(self.current)} turn, not "
                                     f"{_possessive(name)}; act on "
                                     "another's turn only with a Reaction (an interrupt)",
                                     R_TURN)
        if f.dead:
            raise IllegalActionError(f"{name} is dead", R_DEATH)
        if f.full_round:
            raise IllegalActionError(f"{name} is busy with a Full-Round Action "
                                     f"({f.full_round}) until the start of its next turn",
                                     R_FULL_ROUND)
        if f.ready is not None and not self._in_ready_frame(name):
            raise IllegalActionError(f"{name} readied an action: the rest of its turn waits "
                                     "for the trigger; end_turn()", R_READY)
        return f

    def _reaction_problem(self, name: str) -> str | None:
        f = self._f[name]
        if f.dead:
            return "it is dead"
        if f.full_round:
            return f"its Full-Round Action ({f.full_round}) blocks Reactions ({R_FULL_ROUND})"
        lim = self._view(name).actions
        if lim.reactions <= 0:
            why = "; ".join(lim.notes) or "no Reactions"
            return f"it cannot take Reactions ({why}) ({R_CONDITIONS})"
        if f.reactions_used >= lim.reactions:
            return "its Reaction this round is used"
        return None

    def _limits(self, name: str) -> Any:
        """The creature's action limits this turn. Agony: "When your turn begins, you
        automatically expend a Big Action" ("Agony / Agonized"): the conditions take one
        Big Action off whenever Agony is present; on the turn Agony is gained it costs
        nothing yet, and on a turn it began with, it stays spent if Agony ends."""
        f = self._f[name]
        lim = self._view(name).actions
        now = bool(self._view(name).active_conditions.flagged("lose_big_action"))
        if now == f.agony_spent or not any(fr["kind"] != "ready" and name in
                                           self._frame_members(fr) for fr in self._frames):
            return lim
        if now:  # gained during this turn: the Big Action goes at the start of the next
            if not any("spent at the start of the turn" in n for n in lim.notes):
                return lim  # nothing was taken off (no Big Action to lose: Stunned...)
            return dataclasses.replace(lim, big_actions=lim.big_actions + 1, notes=tuple(
                n for n in lim.notes if "spent at the start of the turn" not in n) + (
                "Agony gained this turn: a Big Action is lost from its next turn",))
        return dataclasses.replace(lim, big_actions=max(0, lim.big_actions - 1),
                                   notes=lim.notes + ("a Big Action was lost to Agony at the "
                                                      "start of this turn",))

    def _check_spend(self, name: str, type_: str, action: str) -> str:
        """Which slot the action would use; raises if none is left."""
        f = self._f[name]
        lim = self._limits(name)
        big = lim.big_actions - f.big_used
        little = lim.little_actions - f.little_used
        if type_ == "big":
            if big <= 0:
                why = "; ".join(lim.notes)
                raise IllegalActionError(
                    f"{name} has no Big Action left for {action} ({f.big_used} used"
                    + (f"; {why}" if why else "") + ")", R_BIG)
            return "big"
        if type_ in ("double", "full_round"):
            if f.big_used or big < 2:
                rule = R_DOUBLE if type_ == "double" else R_FULL_ROUND
                raise IllegalActionError(
                    f"{action} is a {type_.replace('_', '-')} action and needs both Big "
                    f"Actions; {name} has {max(big, 0)}", rule)
            return type_
        if type_ == "free":
            if lim.big_actions <= 0 and lim.little_actions <= 0:
                # "You cannot take any Actions on your turn" (Stunned); "cannot act"
                # (Unconscious); no voluntary movement (Paralyzed); asleep
                raise IllegalActionError(f"{name} can take no actions now ("
                                         + "; ".join(lim.notes) + f") — {action}",
                                         R_CONDITIONS)
            if f.free_used < 2:
                return "free"
            type_ = "swift"  # "any Free Actions used beyond this number should be ... Swift"
        if type_ == "swift" and not lim.swift_actions:
            raise IllegalActionError(f"{name} cannot use Swift Actions ("
                                     + "; ".join(lim.notes) + f") — {action}", R_CONDITIONS)
        if type_ in ("little", "swift"):
            if little > 0:
                return type_
            if big > 0:  # "You can always replace a Big Action with a Little Action"
                return f"{type_} (in place of a Big Action)"
            raise IllegalActionError(f"{name} has no Little Action left for {action} "
                                     "(and no Big Action to spend instead)", R_LITTLE)
        raise IllegalActionError(f"unknown action type {type_!r}", R_ACTIONS)

    def _spend(self, name: str, type_: str, action: str, target: str | None = None) -> str:
        slot = self._check_spend(name, type_, action)
        f = self._f[name]
        if self._frames and name in self._frame_members(self._frames[-1]):
            self._frames[-1].pop("resumed", None)
        if slot == "big":
            f.big_used += 1
        elif slot in ("double", "full_round"):
            f.big_used += 2
        elif slot == "free":
            f.free_used += 1
        elif "in place of a Big" in slot:
            f.big_used += 1
        else:
            f.little_used += 1
            if type_ == "free":
                f.free_used += 1
        if action not in ("move", "attack"):
            f.move_left = None
        f.last_action = action
        for e in list(f.effects):  # Aim: lost on any other action before the attack
            if e.get("lost_on_action") and action != "attack":
                self._end_effect(name, e, f"{name} took another action ({action})")
        self._emit("spend", actor=name, target=target, data={
            "action": action, "type": type_, "slot": slot})
        return slot

    def _attacks_left(self, name: str, big_left: int) -> int:
        f = self._f[name]
        v = self._view(name)
        total = int(v.attacks_per_turn.value) if v.actions.big_actions else 0
        left = max(0, total - f.attacks)
        if f.riders == 0 and big_left == 0:
            return 0
        if f.riders == 0:
            return min(left, self._attacks_on(v.level, big_left, f.double_attack_used))
        return min(left, f.riders + self._attacks_on(v.level, big_left, True))

    @staticmethod
    def _attacks_on(level: int, bigs: int, double_used: bool) -> int:
        if level <= 4:
            return min(1, bigs)
        if level <= 9:
            return bigs
        if level <= 14:
            return bigs + (0 if double_used or bigs == 0 else 1)
        return 2 * bigs

    # ------------------------------------------------------------------ AOO

    def _provocation(self, mover: str, provokers: Iterable[str], aoo: Any, action: str
                     ) -> tuple[list[str], list[str]]:
        """Who is offered an AOO and who takes it (validated before anything changes).

        "Anyone that threatens a creature that provokes AOO may use a Reaction to make an
        AOO"; "You can only make 1 AOO per provoking action"; "No single action can provoke
        more than 1 AOO per threatening creature" ("Reactions & AOO:").
        """
        seen: list[str] = []
        for p in provokers:
            if p not in seen and p in self._f:
                seen.append(p)
        # a creature ignoring the mover is Flat-Footed against it: no Reaction (decision)
        offered = [p for p in seen if self._reaction_problem(p) is None and self._f[p].aware
                   and mover not in self._ignored_by(p)]
        if aoo is None or aoo == "none" or aoo == []:
            take: list[str] = []
        elif aoo == "all":
            take = list(offered)
        else:
            take = [aoo] if isinstance(aoo, str) else list(aoo)
            for t in take:
                self._fighter(t)
                if t not in seen:
                    raise IllegalActionError(
                        f"{t} gets no AOO against {mover}'s {action}: it does not threaten "
                        f"{mover} there (provoked: {', '.join(seen) or 'nobody'})", R_PROVOKE)
                if t not in offered:
                    why = self._reaction_problem(t) or (
                        f"it ignores {mover} and is Flat-Footed against it ({R_IGNORE})"
                        if mover in self._ignored_by(t) else "it is unaware")
                    raise IllegalActionError(f"{t} cannot take its AOO: {why}", R_REACTIONS)
        return offered, take

    def _walk(self, name: str, path: list[Any], action: str, prov: Any, offered: list[str],
              take: list[str], *, feet: int | None, continued: bool = False,
              feet_left: Callable[[int], int] | None = None,
              budget_of: Callable[[], int] | None = None,
              avail: int | None = None) -> tuple[int, bool, int]:
        """Move ``name`` along a validated ``path``, stopping at each hex where a taken AOO
        is provoked to resolve it there.

        000_8d1d7816ee944f3b.txt, "What actions normally Provoke AOO?" ("Exiting a
        threatened hex provokes AOO"; "Moving into a creature's occupied space provokes"),
        "Reactions & AOO:" ("A Reaction is an immediate response ... which immediately
        interrupts the turn order"): the AOO strikes where it is provoked, before the mover
        leaves the hex (or enters the occupied space). If the mover is dropped or otherwise
        cannot continue, "the rest of your movement for this action is lost" (the Run
        Action's words for an interrupted run, applied to every movement); a
        ``move_stopped`` event says where and why. Decision: where that hex is one the mover
        may only pass through (an ally's space), the AOO is resolved on the last hex before
        it where the mover may stand.

        A mover slowed by an AOO goes on at its new speed: 000_8d1d7816ee944f3b.txt, "Injury
        & Injured Threshold" ("Injured: ... Your Move Speed is reduced by 5 feet") and
        "Running in Combat – Full Details:" ("For calculating Run Speed, applying any
        bonuses/penalties to your Move Speed first, then multiply"). After each AOO the
        action's budget is worked out again from the new Move Speed (``budget_of``: what the
        action allows at the current speed); the feet already spent count against it, so
        ``avail`` (feet this part had) shrinks by the drop. Decision: with nothing left the
        mover stops on that hex (``move_stopped``, citing the Injured rule); with some left
        it goes as far along the path as that allows.

        Returns:
            ``(feet moved, stopped, feet cut from the budget by a lower Move Speed)``.
        """
        cells = [self.map.as_cell(c) for c in path]
        if cells[0] != self.map.token(name).anchor:
            cells.insert(0, self.map.token(name).anchor)

        def where(p: Any) -> int:
            return max(0, p.step - 1) if "occupied" in p.reason else p.step

        at_of = {p.by: where(p) for p in prov}
        steps = {p.by: p for p in prov}
        offered = [o for o in offered if o in at_of]
        breaks = sorted({at_of[t] for t in take})
        prone_before = self._has(name, Condition.PRONE)
        cur, moved, part = 0, 0, 0
        diagonals = 0  # square grid: the 5/10 count goes on across the parts of one move
        announced: list[str] = []
        stop: str | None = None
        stop_rule: str | None = None
        total = self._safe_budget(budget_of) if budget_of is not None else None
        cut = 0
        limit: int | None = None  # feet left once a slowed mover's budget was recomputed
        slowed: list[str] = []  # a note for the next part of the move

        def go(to: int, strict: bool) -> int:
            """Move from cells[cur] towards cells[to]: to it, or to the farthest hex before
            it where the mover may stand; returns the index reached. ``strict``: nothing has
            happened yet, so a refusal by the map refuses the whole action."""
            nonlocal moved, part, diagonals
            for j in range(to, cur, -1):
                seg = cells[cur:j + 1]
                r = None
                try:
                    r = self.map.move(name, seg, action=action,
                                      feet=feet if limit is None else limit,
                                      diagonals_before=diagonals)
                except IllegalActionError:
                    if strict:
                        raise
                if r is None:  # a part of a validated path: only where it may stand counts
                    try:
                        r = self.map.move(name, seg, action="move",
                                          feet=10 ** 6 if limit is None else limit,
                                          diagonals_before=diagonals)
                    except IllegalActionError:
                        continue
                if self.map.grid == "square":
                    diagonals += sum(1 for a, b in zip(r.path, r.path[1:])
                                     if self.map.geometry.is_diagonal(a, b))
                moved += r.cost_ft
                self._emit("moved", actor=name, data={
                    "action": action, "path": self._path_json(r.path), "feet": r.cost_ft,
                    "feet_left": feet_left(moved + cut) if feet_left else 0,
                    "continued": continued or part > 0, "part": part,
                    "notes": slowed + list(r.notes)})
                slowed.clear()
                part += 1
                return j
            return cur

        for b in breaks:
            if b > cur:
                cur = go(b, strict=False)
            here = [o for o in offered if at_of[o] <= b and o not in announced]
            for o in here:
                announced.append(o)
                taken = o in take and at_of[o] == b and not self._f[name].dead
                self._emit("aoo_offered", actor=o, target=name, data={
                    "by": o, "action": action, "step": steps[o].step, "taken": taken,
                    "at": list(self.map.offset(cells[cur])), "rule": R_PROVOKE})
                if taken:
                    self._strike_aoo(o, name, steps[o].cell)
            stop = self._can_go_on(name, prone_before)
            if stop:
                break
            if total is not None and avail is not None:
                now = self._safe_budget(budget_of)
                if now < total:  # slowed (Injured...): the budget shrinks by the drop
                    cut += total - now
                    total = now
                    limit = max(0, avail - cut - moved)
                    speed = self.map.token(name).speed_ft
                    why = " (Injured)" if self._vitals(name).injured else ""
                    if limit <= 0:
                        stop = (f"{_possessive(name)} Move Speed is now {speed} ft{why}: the "
                                f"{moved} ft already moved use up this "
                                f"{action.replace('_', ' ')}")
                        stop_rule = R_INJURY
                        break
                    slowed.append(f"Move Speed now {speed} ft{why}: {limit} ft left "
                                  f"({R_INJURY})")
        if not stop and cur < len(cells) - 1:
            cur = go(len(cells) - 1, strict=not breaks)
            if cur < len(cells) - 1:
                if limit is not None:
                    stop = (f"{_possessive(name)} Move Speed is now "
                            f"{self.map.token(name).speed_ft} ft: not enough movement left "
                            f"to go on from {self.map.offset(cells[cur])}")
                    stop_rule = R_INJURY
                else:
                    stop = (f"the map refuses the rest of the path from "
                            f"{self.map.offset(cells[cur])}")
        for o in offered:
            if o not in announced and at_of[o] <= cur:
                announced.append(o)
                self._emit("aoo_offered", actor=o, target=name, data={
                    "by": o, "action": action, "step": steps[o].step, "taken": False,
                    "at": list(self.map.offset(cells[at_of[o]])), "rule": R_PROVOKE})
        if stop and cur < len(cells) - 1:
            self._emit("move_stopped", actor=name, data={
                "action": action, "at": list(self.map.offset(cells[cur])),
                "to": list(self.map.offset(cells[-1])),
                "lost_path": self._path_json(cells[cur:]), "why": stop,
                "rule": stop_rule or (R_RUN if action == "run" else R_PROVOKE)})
        return moved, bool(stop) and cur < len(cells) - 1, cut

    def _safe_budget(self, budget_of: Callable[[], int]) -> int:
        """The action's budget at the mover's current speed (0 if it can no longer move)."""
        try:
            return max(0, int(budget_of()))
        except IllegalActionError:
            return 0

    def _strike_aoo(self, p: str, mover: str, cell: Any) -> None:
        """Spend ``p``'s Reaction and make its AOO against ``mover`` (which provoked it at
        ``cell``)."""
        f = self._f[p]
        f.reactions_used += 1
        f.aoo_this_round += 1
        self._emit("spend", actor=p, target=mover, data={
            "action": "aoo", "type": "reaction", "slot": "reaction", "rule": R_AOO})
        dist = self.map.distance(p, cell) if cell is not None else None
        self._resolve_aoo(p, mover, cap=-2 * (f.aoo_this_round - 1), distance=dist)

    def _resolve_provocation(self, mover: str, offered: list[str], take: list[str],
                             action: str, steps: Mapping[str, Any] | None = None) -> None:
        """Offer and make the AOO of an action taken in place (where the mover stands). An
        AOO is not made against a mover an earlier AOO killed (no Reaction is spent)."""
        steps = steps or {}
        for p in offered:
            taken = p in take and not self._f[mover].dead
            self._emit("aoo_offered", actor=p, target=mover, data={
                "by": p, "action": action,
                "step": steps[p].step if p in steps else None, "taken": taken,
                "rule": R_PROVOKE})
            if taken:
                self._strike_aoo(p, mover, steps[p].cell if p in steps else None)

    def _resolve_aoo(self, attacker: str, target: str, cap: int,
                     distance: int | None = None) -> None:
        """The AOO's attack: "An AOO is a single Attack ... An AOO must be made with a weapon
        that threatens the target"; "the C.A.P. will be applied to any additional AOO you
        make this round" ("Attacks Per Turn")."""
        mod = self._attacks_module()
        weapon = self._default_weapon(attacker, melee=True)
        if mod is None or weapon is None or self._f[target].dead:
            why = ("attack rolls need lfgcombat.attacks" if mod is None else
                   "no melee weapon" if weapon is None else "the target is dead")
            self._emit("aoo", actor=attacker, target=target, data={
                "by": attacker, "cap": cap, "outcome": f"unresolved: {why}; apply the damage "
                "with damage()", "rule": R_AOO})
            return
        self._emit("aoo", actor=attacker, target=target, data={
            "by": attacker, "cap": cap, "outcome": "attack", "rule": R_AOO})
        situation: dict[str, Any] = {"aoo": True, "consecutive_penalty": cap}
        if distance is not None:
            situation["distance_ft"] = distance
        self._resolve_attack(attacker, target, weapon, situation)

    @staticmethod
    def _attacks_module() -> Any:
        try:
            from . import attacks
        except ImportError:  # the attacks issue not installed: AOO stay unresolved
            return None
        return attacks if hasattr(attacks, "attack") else None

    def _default_weapon(self, name: str, melee: bool = False) -> Any:
        for w in self._view(name).weapons:
            if melee and w.get("ranged"):
                continue
            return w.get("name")
        return None

    def _total_cover(self, attacker: str, target: str, weapon: Any,
                     situation: Mapping[str, Any]) -> str | None:
        """Why ``attacker`` cannot attack ``target`` through the map's walls (``None``: it
        can): "Total Cover blocks Line of Sight and Line of Effect"; "Most attacks require a
        direct, straight line of effect from attacker to the target" ("Line of Effect
        (LoE)")."""
        if self.map is None or attacker not in self._anchors or target not in self._anchors:
            return None
        mode = self._attack_mode(attacker, weapon, situation)
        cv = self.map.cover(attacker, target, ranged=mode == "ranged")
        if cv.level.name != "TOTAL":
            return None
        return (f"{target} has total cover against {attacker}: walls block every line from "
                f"{_possessive(attacker)} hex to any part of {_possessive(target)}, so the "
                "attack cannot reach it (the GM may rule an arrow over the wall: give "
                "cover=...)")

    def _map_situation(self, attacker: str, target: str, mode: str,
                       situation: dict[str, Any], modifiers: list[str],
                       use: Mapping[str, bool]) -> None:
        """What the battle map adds to an attack unless the caller said otherwise: the
        target's cover and concealment ("Determine Cover"; "Concealment"), high ground
        ("High Ground / Low Ground": +1 Tactical / -1 on melee attack rolls, +1 Innate
        ranged damage from 10 ft above) and Difficult Terrain under either creature
        ("Standing on Difficult Terrain imposes a -2 penalty on Attacks & -2AC",
        "Difficult Terrain") (all 000_8d1d7816ee944f3b.txt). ``cover=`` or ``concealment=``
        given by the caller win; ``high_ground=False`` / ``terrain=False`` on
        :meth:`attack` switch those off ("If you are unsure if a creature should earn a
        bonus or penalty ... do not apply this rule")."""
        from .bonuses import Bonus, BonusType
        m = self.map
        cv = m.cover(attacker, target, ranged=mode == "ranged")
        if "cover" not in situation and cv.bonus:
            situation["cover"] = cv.bonus
            modifiers.append(cv.explain())
        if "concealment" not in situation and cv.concealment:
            situation["concealment"] = cv.concealment
            modifiers.append(f"{target} is in or behind fog: {cv.concealment}% miss chance "
                             f"({R_CONCEALMENT})")
        hg = m.high_ground(attacker, target)
        if use.get("high_ground", True):
            if mode == "melee" and hg.melee_attack:
                kind = BonusType.TACTICAL if hg.melee_attack > 0 else None
                situation["attack_bonuses"] = tuple(situation.get("attack_bonuses", ())) + (
                    Bonus(hg.melee_attack, kind, "high ground" if hg.melee_attack > 0
                          else "low ground"),)
                modifiers.append(hg.explain())
            if mode == "ranged" and hg.ranged_damage:
                situation["damage_bonus"] = int(situation.get("damage_bonus", 0)) + \
                    hg.ranged_damage
                modifiers.append(hg.explain())
        if use.get("terrain", True):
            mine = m.terrain_modifiers(attacker)["attack"]
            theirs = m.terrain_modifiers(target)["ac"]
            if mine:
                situation["attack_bonuses"] = tuple(situation.get("attack_bonuses", ())) + (
                    Bonus(mine, None, "standing on difficult terrain"),)
                modifiers.append(f"{attacker} stands on difficult terrain: {mine} attack "
                                 f"({R_DIFFICULT})")
            if theirs:
                situation["ac_bonuses"] = tuple(situation.get("ac_bonuses", ())) + (
                    Bonus(theirs, None, "standing on difficult terrain"),)
                modifiers.append(f"{target} stands on difficult terrain: {theirs} AC "
                                 f"({R_DIFFICULT})")

    def _crossbow(self, attacker: str, weapon: Any, situation: Mapping[str, Any]) -> str | None:
        """The crossbow's name when the attack shoots one (``None`` otherwise): "Shoot a
        loaded Crossbow" is a Little Action ("COMBAT ACTIONS for BEGINNERS"). Decision: a
        crossbow starts the fight loaded; a shot unloads it; ``load_ranged_weapon`` loads
        the creature's crossbows again. Bows and slings load as part of the attack."""
        w = self._weapon(attacker, weapon)
        if w is None:
            return None
        name = str(getattr(w, "name", "")).lower()
        if "crossbow" in name and w.is_projectile and not situation.get("thrown"):
            return name
        return None

    def _attack_mode(self, attacker: str, weapon: Any, situation: Mapping[str, Any]) -> str:
        """``melee`` or ``ranged`` (a projectile weapon, or a thrown one)."""
        w = self._weapon(attacker, weapon)
        if w is None:
            return "melee"  # prepare() refuses the weapon with the reason
        return "ranged" if w.is_projectile or situation.get("thrown") else "melee"

    def _weapon(self, attacker: str, weapon: Any) -> Any:
        """The attacks module's Weapon for ``weapon`` (``None`` if it names none: prepare()
        refuses it then, with the reason)."""
        try:
            return self._attacks_module().resolve_weapon(self._view(attacker), weapon)
        except LfgError:
            return None

    def _ignored_by(self, name: str) -> list[str]:
        """The foes ``name`` ignores now ("Advanced Option - Ignore an enemy")."""
        out: list[str] = []
        for e in self._f[name].effects:
            if e.get("kind") == "ignore_enemy":
                out += [x for x in e.get("data", {}).get("ignored", []) if x not in out]
        return out

    def _running_toward(self, runner: str, attacker: str, run: Mapping[str, Any]) -> bool | None:
        """Was ``runner``'s run directly towards ``attacker``? Decision: within 30 degrees of
        the run's straight line, ahead of the runner (the text allows "A single turn of 30
        degrees or less" in a straight-line run); ``None`` without the map positions."""
        if self.map is None or attacker not in self._anchors or not run.get("from"):
            return None
        g = self.map.geometry
        a = g.to_pixel(self.map.cell(*run["from"]))
        b = g.to_pixel(self.map.cell(*run["to"]))
        c = g.to_pixel(self.map.token(attacker).anchor)
        d1 = (b[0] - a[0], b[1] - a[1])
        d2 = (c[0] - b[0], c[1] - b[1])
        n1, n2 = math.hypot(*d1), math.hypot(*d2)
        if n1 == 0 or n2 == 0:
            return False
        cos = (d1[0] * d2[0] + d1[1] * d2[1]) / (n1 * n2)
        return cos >= math.cos(math.radians(30)) - 1e-9

    def _resolve_attack(self, attacker: str, target: str, weapon: Any,
                        situation: dict, *, charge: bool = False,
                        use_map: Mapping[str, bool] | None = None) -> Any:
        """The one seam to the attacks issue: roll with the encounter's roller, log every
        roll, apply the damage through :meth:`_apply_damage` and the attack's other
        consequences on the target's Vitals (a Knockout Strike, a Perfect Critical's limb).

        The encounter adds to the attack's situation what only it knows: the distance and
        flanking from the map, Gang Up, Retreat's Unfortunate attacks, the Run Action's AC
        ("-2 AC against Melee Attacks until the start of your next turn. You also suffer a -2
        Penalty to AC against Ranged Attacks if running directly towards the attacker. You
        gain a +2 Tactical Bonus on AC against Ranged Attacks from indirect angles"), a
        Charge Attack's +2 Innate damage, and "Ignore an enemy" (Flat-Footed against the
        ignored foe, which is Fortunate, counts for no Gang Up and cannot flank).
        """
        from .bonuses import Bonus, BonusType
        mod = self._attacks_module()
        situation = dict(situation)
        modifiers: list[str] = []
        f = self._f[attacker]
        for e in f.effects:
            d = e.get("data", {})
            if d.get("attack_fortune"):
                if "fortune" not in situation:
                    situation["fortune"] = d["attack_fortune"]
        mode = self._attack_mode(attacker, weapon, situation)
        ignored = self._ignored_by(target)
        if attacker in ignored:
            situation["flat_footed"] = True
            luck = net_fortune([situation.get("fortune"), Fortune.FORTUNATE])
            situation["fortune"] = luck.value if luck else None
            modifiers.append(f"{target} ignores {attacker}: Flat-Footed against it, "
                             f"{attacker} Fortunate, no Gang Up, cannot flank ({R_IGNORE})")
        if self.map is not None and attacker in self._anchors and target in self._anchors:
            situation.setdefault("distance_ft", self.map.distance(attacker, target))
            situation.setdefault("flanked", self.map.is_flanked(target, ignored=ignored))
            self._map_situation(attacker, target, mode, situation, modifiers,
                                dict(use_map or {}))
        gang = 0 if situation.get("aoo") else self.gang_up_bonus(attacker, target)
        if gang:
            situation["attack_bonuses"] = tuple(situation.get("attack_bonuses", ())) + (
                Bonus(gang, BonusType.TACTICAL, "gang up"),)
        run = next((e.get("data", {}) for e in self._f[target].effects
                    if e.get("kind") == "run"), None)
        if run is not None:
            if mode == "melee":
                ac = Bonus(-2, None, "running: -2 AC against melee")
            else:
                toward = self._running_toward(target, attacker, run)
                ac = (None if toward is None else
                      Bonus(-2, None, "running directly towards the attacker: -2 AC against "
                                      "ranged") if toward else
                      Bonus(2, BonusType.TACTICAL, "running: +2 Tactical AC against ranged "
                                                   "attacks from indirect angles"))
            if ac is not None:
                situation["ac_bonuses"] = tuple(situation.get("ac_bonuses", ())) + (ac,)
                modifiers.append(f"{target} {ac.source} ({R_RUN})")
        attacker_view = self._view(attacker)
        if charge:
            situation["damage_bonus"] = int(situation.get("damage_bonus", 0)) + \
                CHARGE_DAMAGE_BONUS
            modifiers.append(f"Charge Attack: +{CHARGE_DAMAGE_BONUS} Innate damage "
                             f"({R_CHARGE})")
            own = next((e.get("data", {}) for e in f.effects if e.get("kind") == "run"), {})
            if mode == "ranged" and self._running_toward(attacker, target, own):
                attacker_view = self._view_without(attacker, "run")
                modifiers.append("Charge Attack thrown directly at the target: no -2 "
                                 f"running penalty ({R_CHARGE})")
        tv = self._view(target)
        seen = len(self.roller.history)
        result = mod.attack(attacker_view, tv, weapon, self.roller,
                            ruleset=self.ruleset, **situation)
        after = result.target_after if result.hit else None  # rolls its extra dice now
        # the attack roll (the first) says what it was against and how it went, so each
        # row of log.to_dataframe() reads alone; the other rolls (damage...) say nothing
        self._log_rolls(seen, actor=attacker, target=target,
                        against=_int_or_none(result.setup.ac), outcome=result.outcome,
                        only_first=True)
        self._emit("attack", actor=attacker, target=target, data={
            "weapon": weapon if isinstance(weapon, (str, type(None))) else str(weapon),
            "outcome": result.outcome, "hit": result.hit, "critical": result.critical,
            "against": _int_or_none(result.setup.ac),
            "bonus": _int_or_none(result.setup.bonus),
            "gang_up": gang, "aoo": bool(situation.get("aoo")), "charge": charge,
            "modifiers": modifiers,
            "damage": dict(result.damage_by_type), "why": result.why,
            "text": str(result.explain()) if hasattr(result, "explain") else ""})
        if not situation.get("aoo") and attacker not in self._gang.get(target, []) \
                and attacker not in ignored:
            self._gang.setdefault(target, []).append(attacker)
        if result.hit:
            for dtype, amount in result.damage_by_type.items():
                if self._f[target].dead:
                    break
                if amount > 0:
                    self._apply_damage(target, amount, dtype, struck=True, source=attacker)
                elif amount < 0:  # healing energy: "Positive Energy ... heals the living"
                    old = self._vitals(target)
                    new = old.heal(-amount, "magic")
                    self._emit("heal", target=target, data={
                        "amount": -amount, "hp_before": old.hp, "hp_after": new.hp,
                        "bleed_before": old.bleed, "bleed_after": new.bleed,
                        "source": f"{dtype} energy", "events": list(new.events)})
                    self._commit_vitals(target, old, new, why=f"{dtype} energy")
            if after is not None and not self._f[target].dead:
                self._attack_consequences(target, after, attacker)
        return result

    def _attack_consequences(self, target: str, after: Vitals, attacker: str) -> None:
        """What the attack's :attr:`~lfgcombat.attacks.AttackResult.target_after` holds
        beyond HP: a knockout ("Knockout Strike"), a Perfect Critical's broken or severed
        limb."""
        old = self._vitals(target)
        new = old
        if after.knocked_out and not old.knocked_out and not old.unconscious:
            new = new.knock_out()
        for x in after.extra:
            if x not in new.extra:
                new = new.gain(x)
        if new is not old:
            prone_before = self._has(target, Condition.PRONE)
            self._commit_vitals(target, old, new, why=f"{attacker}'s attack")
            if new.knocked_out and not prone_before and not self._has(target, Condition.PRONE):
                self._gain(target, "prone", by=None, why="knocked unconscious: falls prone")

    def _view_without(self, name: str, kind: str) -> Creature:
        """``name`` as it stands, without the effects of one kind (a thrown Charge Attack
        directly at its target drops the running penalty)."""
        f = self._f[name]
        keep = [e for e in f.effects if e.get("kind") != kind]
        conds = [c for e in keep for c in e.get("conditions", [])]
        bonuses = [b for e in keep for b in e.get("bonuses", [])]
        base = f.creature
        return base.replace(conditions=[str(a) for a in base.conditions] + conds,
                            bonuses=[b.to_dict() for b in base.bonuses] + bonuses)

    def _threatening_enemies(self, name: str) -> list[str]:
        if self.map is None or name not in self._anchors:
            return []
        return [e for e in self.map.enemies(name) if e in self._f and
                self.map.threatens_creature(e, name)]

    # ------------------------------------------------------------------ movement actions

    def _need_map(self, name: str) -> None:
        if self.map is None:
            raise IllegalActionError("this encounter has no battle map; movement needs one "
                                     "(Encounter(..., map=HexMap(...)))", R_OVERVIEW)
        if name not in self._anchors:
            raise IllegalActionError(f"{name} is not on the battle map", R_OVERVIEW)

    @staticmethod
    def _cell_arg(to: Any) -> Any:
        if hasattr(to, "q") and hasattr(to, "r"):
            return {"hex": [to.q, to.r]}
        if hasattr(to, "x") and hasattr(to, "y") and not isinstance(to, tuple):
            return {"square": [to.x, to.y]}
        return list(to)

    def _cell(self, to: Any) -> Any:
        from .grid import Hex, Square
        if isinstance(to, dict):
            if "hex" in to:
                return Hex(*to["hex"])
            return Square(*to["square"])
        if not (isinstance(to, (list, tuple)) and len(to) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in to)):
            raise IllegalActionError(f"a destination is a cell or (col, row), not {to!r}",
                                     R_OVERVIEW)
        cell = self.map.cell(*to)
        if cell not in self.map.cells:
            raise IllegalActionError(f"{tuple(to)} is off the {self.map.width}x"
                                     f"{self.map.height} map", R_OVERVIEW)
        return cell

    def _path_json(self, path: Iterable[Any]) -> list[list[int]]:
        return [list(self.map.offset(c)) for c in path]

    def move(self, name: str, to: Any, *, aoo: Any = None) -> "Encounter":
        """Move up to the Move Speed (a Big Action), by the map's best path.

        000_8d1d7816ee944f3b.txt, "COMBAT ACTIONS for BEGINNERS" (Move is a Big Action),
        "What actions normally Provoke AOO?" (exiting a threatened hex provokes once per
        threatening enemy; moving into a creature's space provokes), "Interrupt Turn –
        Details and Clarifications:" ("a human that moves 30 feet could be interrupted after
        moving 15 feet. After the interruption, they have 15 feet of movement remaining"):
        a move right after this creature's previous move (nothing else done in between,
        interrupts aside) continues the same Big Action with the feet left; otherwise it is
        a new Big Action. The path avoids provoking when it can.

        Args:
            name: The mover (on its turn).
            to: The destination: a cell or ``(col, row)``.
            aoo: Who takes the AOO they are offered: ``None`` (nobody), ``"all"``, or
                names. Each is checked (threatens, has its Reaction) before anything moves.
        """
        self._do("move", {"name": name, "to": self._cell_arg(to), "aoo": aoo})
        return self

    def _h_move(self, name: str, to: Any, aoo: Any) -> None:
        f = self._actor(name)
        self._need_map(name)
        cell = self._cell(to)
        cont = f.move_left is not None and f.move_left > 0 and f.last_action == "move"
        budget = f.move_left if cont else None
        if not cont:
            self._check_spend(name, "big", "move")
        path = self.map.path(name, cell, action="move", feet=budget)
        prov = self.map.provokers(name, path, action="move")
        offered, take = self._provocation(name, prov.names, aoo, "move")
        start_budget = budget if cont else self._move_budget(name)
        if not cont:
            self._spend(name, "big", "move")
        f.last_action = "move"
        f.move_left = start_budget
        self._lose_aim_on_move(name)
        moved, stopped, cut = self._walk(
            name, path, "move", prov, offered, take, feet=budget, continued=cont,
            feet_left=lambda ft: max(0, start_budget - ft),
            budget_of=lambda: self._move_budget(name, spent=False), avail=start_budget)
        f.move_left = 0 if stopped else max(0, start_budget - cut - moved)

    def _move_budget(self, name: str, *, spent: bool = True) -> int:
        """Feet one Move Action gives now (the map's budget: Move Speed, half after an
        advanced 5-foot step, less what was moved since with ``spent``; minimum movement is
        one hex and nothing more)."""
        speed = self.map.token(name).speed_ft
        if speed <= 5:
            return 0
        return self.map.budget(name, "move", spent=spent)

    def _lose_aim_on_move(self, name: str) -> None:
        f = self._f[name]
        for e in list(f.effects):
            if e.get("lost_on_action"):
                self._end_effect(name, e, f"{name} moved")

    def five_foot_step(self, name: str, to: Any) -> "Encounter":
        """The 5-Foot Step: a Swift Action moving 1 hex without provoking.

        000_8d1d7816ee944f3b.txt, "What is a 5-Foot Step?": "If you have already moved this
        turn, you cannot use this special movement action"; Simple Rule: no other movement
        after it (the ruleset's ``advanced_five_foot_step`` switch: half move, Unfortunate).
        """
        self._do("five_foot_step", {"name": name, "to": self._cell_arg(to)})
        return self

    def _h_five_foot_step(self, name: str, to: Any) -> None:
        f = self._actor(name)
        self._need_map(name)
        cell = self._cell(to)
        self._check_spend(name, "swift", "five_foot_step")
        result = self.map.move(name, [cell], action="five_foot_step")
        self._spend(name, "swift", "five_foot_step")
        f.move_left = None
        self._emit("moved", actor=name, data={
            "action": "five_foot_step", "path": self._path_json(result.path),
            "feet": result.cost_ft, "feet_left": 0, "continued": False,
            "notes": list(result.notes)})
        self._lose_aim_on_move(name)

    def run(self, name: str, to: Any, *, aoo: Any = None) -> "Encounter":
        """The Run Action: a Big Action moving up to double Move Speed in a straight line.

        000_8d1d7816ee944f3b.txt, "Running in Combat – Full Details:": "-2 AC against Melee
        Attacks until the start of your next turn" (and -2 / +2 against ranged attacks by
        angle, see :meth:`_resolve_attack`), "-2 Penalty on Ranged Attack Rolls until the
        start of your next Turn", "You cannot break up the movement of your Run Action"; it
        provokes as movement does, each AOO striking where it is provoked ("Interrupted
        while Running: ... the rest of your movement for this action is lost" if it drops
        the runner). A melee or thrown attack right after a run of 10 feet or more may be a
        Charge Attack: ``attack(..., charge=True)``.
        """
        self._do("run", {"name": name, "to": self._cell_arg(to), "aoo": aoo})
        return self

    def _h_run(self, name: str, to: Any, aoo: Any) -> None:
        f = self._actor(name)
        self._need_map(name)
        cell = self._cell(to)
        self._check_spend(name, "big", "run")
        path = self.map.run_path(name, cell)
        prov = self.map.provokers(name, path, action="run")
        offered, take = self._provocation(name, prov.names, aoo, "run")
        budget = self.map.budget(name, "run")
        start = self.map.offset(self.map.token(name).anchor)
        self._spend(name, "big", "run")
        f.move_left = None
        f.ran = True
        # the runner is running from its first step: an AOO it provokes meets its -2 AC
        self._add_effect(name, {
            "kind": "run", "label": "running: -2 AC against melee, -2 on ranged attacks",
            "bonuses": [{"to": "ranged_attack", "value": -2, "source": "running"}],
            "ends": "turn_start", "on": name,
            "data": {"ac_vs_melee": -2, "from": list(start), "to": list(start)},
            "rule": R_RUN})
        self._lose_aim_on_move(name)
        moved, stopped, _ = self._walk(
            name, path, "run", prov, offered, take, feet=budget,
            budget_of=lambda: self.map.budget(name, "run", spent=False), avail=budget)
        f.run_ft = moved
        f.last_action = "run"
        end = self.map.offset(self.map.token(name).anchor)
        for e in f.effects:  # the direction of the run, for ranged attacks against it
            if e.get("kind") == "run":
                e["data"]["to"] = list(end)

    def retreat(self, name: str, to: Any, *, aoo: Any = None) -> "Encounter":
        """The Retreat Action (Disengage): a Full-Round Action moving away from enemies.

        000_8d1d7816ee944f3b.txt, "Retreat Action / Disengage": no AOO from the foes
        threatening you as you start ("If you move directly towards a new enemy, you will
        Provoke AOO from that enemy"); "You are Unfortunate on any Attack Rolls made before
        the start of your next turn"; no 5-foot step with it; as a Full-Round Action it
        blocks further actions and Reactions until your next turn ("Full-Round Action").
        """
        self._do("retreat", {"name": name, "to": self._cell_arg(to), "aoo": aoo})
        return self

    def _h_retreat(self, name: str, to: Any, aoo: Any) -> None:
        f = self._actor(name)
        self._need_map(name)
        cell = self._cell(to)
        self._check_spend(name, "full_round", "retreat")
        path = self.map.path(name, cell, action="retreat")
        prov = self.map.provokers(name, path, action="retreat")
        offered, take = self._provocation(name, prov.names, aoo, "retreat")
        self._spend(name, "full_round", "retreat")
        f.full_round = "retreat"
        f.move_left = None
        self._add_effect(name, {"label": "retreating: Unfortunate on attack rolls",
                                "ends": "turn_start", "on": name,
                                "data": {"attack_fortune": "unfortunate"}, "rule": R_RETREAT})
        prone = self._has(name, Condition.PRONE)

        def retreat_budget() -> int:  # the map's: Move Speed, half while prone
            speed = self.map.token(name).speed_ft
            return speed // 2 if prone else speed

        self._walk(name, path, "retreat", prov, offered, take, feet=None,
                   budget_of=retreat_budget, avail=retreat_budget())

    def stand_up(self, name: str, to: Any = None, *, aoo: Any = None) -> "Encounter":
        """Stand up from Prone: a Big Action that provokes AOO; "You may move up to 5’ after
        standing up as part of the same action" (000_8d1d7816ee944f3b.txt, "Prone")."""
        self._do("stand_up", {"name": name, "to": None if to is None else self._cell_arg(to),
                              "aoo": aoo})
        return self

    def _h_stand_up(self, name: str, to: Any, aoo: Any) -> None:
        self._actor(name)
        if not any(a.condition is Condition.PRONE for a in self._f[name].creature.conditions):
            raise IllegalActionError(f"{name} is not prone", R_PRONE)
        self._check_spend(name, "big", "stand_up")
        provokers = self._threatening_enemies(name)
        path = None
        if to is not None:
            self._need_map(name)
            cell = self._cell(to)
            if self.map.distance(self.map.token(name).anchor, cell) != 5:
                raise IllegalActionError(f"standing up moves at most 5 feet; {tuple(to)} is "
                                         "not adjacent", R_PRONE)
            path = [self.map.token(name).anchor, cell]
            self.map.path(name, cell, action="move", feet=5)  # refuses an illegal step
            more = self.map.provokers(name, path, action="move").names
            provokers = provokers + [p for p in more if p not in provokers]
        offered, take = self._provocation(name, provokers, aoo, "stand_up")
        self._spend(name, "big", "stand_up")
        # the AOO strikes as it gets up, before the action completes (still prone); a
        # creature dropped by it stays down and does not move ("What actions normally
        # Provoke AOO?": "Standing up from Prone")
        self._resolve_provocation(name, offered, take, "stand_up")
        why = self._can_go_on(name, prone_before=True)
        if why:
            self._emit("move_stopped", actor=name, data={
                "action": "stand_up", "at": list(self.map.offset(self.map.token(name).anchor))
                if name in self._anchors and self.map is not None else None,
                "to": list(self.map.offset(path[-1])) if path else None,
                "lost_path": self._path_json(path) if path else [], "why": why,
                "rule": R_PROVOKE})
            return
        self._lose_condition(name, Condition.PRONE, why="stands up")
        if path is not None:
            result = self.map.move(name, path, action="move", feet=5)
            self._emit("moved", actor=name, data={
                "action": "stand_up", "path": self._path_json(result.path),
                "feet": result.cost_ft, "feet_left": 0, "continued": False, "notes": []})

    def drop_prone(self, name: str) -> "Encounter":
        """Drop Prone: a Swift Action (000_8d1d7816ee944f3b.txt, "Prone")."""
        self._do("drop_prone", {"name": name})
        return self

    def _h_drop_prone(self, name: str) -> None:
        self._actor(name)
        if self._has(name, Condition.PRONE):
            raise IllegalActionError(f"{name} is already prone", R_PRONE)
        self._check_spend(name, "swift", "drop_prone")
        self._spend(name, "swift", "drop_prone")
        self._gain(name, "prone", by=None)

    def trade_spaces(self, name: str, ally: str, *, aoo: Any = None) -> "Encounter":
        """Trade Spaces with an adjacent ally: a Big Action, and the ally's Reaction.

        000_8d1d7816ee944f3b.txt, "Trade Spaces Action": "Both characters must be willing";
        "The character with whom you wish to trade must spend their Reaction"; "Both
        characters that swap places provoke AOO if they leave a threatened hex"; "within 1
        size category of each other". As with any movement ("What actions normally Provoke
        AOO?", "Reactions & AOO:": a Reaction "immediately interrupts"), each AOO strikes
        before the swap completes, at the hex being left: first those ``name`` provokes,
        then those ``ally`` provokes. If either is dropped or otherwise cannot go on, the
        swap does not happen (a ``move_stopped`` event says why; decision: if ``name`` is
        stopped, ``ally`` never starts to leave and provokes nothing). "No single action can
        provoke more than 1 AOO per threatening creature" ("Reactions & AOO:"): a foe
        threatening both makes at most one AOO in the trade.
        """
        self._do("trade_spaces", {"name": name, "target": ally, "aoo": aoo})
        return self

    def _h_trade_spaces(self, name: str, target: str, aoo: Any) -> None:
        self._actor(name)
        self._need_map(name)
        self._fighter(target)
        self._need_map(target)
        if self._f[target].side != self._f[name].side:
            raise IllegalActionError(f"{target} is not {name}'s ally", R_TRADE)
        why = self._reaction_problem(target)
        if why:
            raise IllegalActionError(f"{target} must spend its Reaction to trade spaces: {why}",
                                     R_TRADE)
        self._check_spend(name, "big", "trade_spaces")
        # who would get AOO: the map checks the swap and says who each provokes; it is then
        # undone at once, as the AOO strike before the swap completes
        snapshot_a = self.map.token(name).anchor
        snapshot_b = self.map.token(target).anchor
        pa, pb = self.map.trade_spaces(name, target)
        self.map.trade_spaces(name, target)  # swap back: the map is as it was
        assert self.map.token(name).anchor == snapshot_a and \
            self.map.token(target).anchor == snapshot_b
        offered_a, take_a = self._provocation(name, pa.names, self._aoo_for(aoo, pa.names),
                                              "trade_spaces")
        offered_b, take_b = self._provocation(target, pb.names,
                                              self._aoo_for(aoo, pb.names), "trade_spaces")
        if isinstance(aoo, (list, tuple)) or (isinstance(aoo, str) and aoo not in ("all", "none")):
            wanted = [aoo] if isinstance(aoo, str) else list(aoo)
            stray = [w for w in wanted if w not in pa.names and w not in pb.names]
            if stray:
                raise IllegalActionError(f"{', '.join(stray)} get no AOO from this trade",
                                         R_PROVOKE)
        prone_a = self._has(name, Condition.PRONE)
        prone_b = self._has(target, Condition.PRONE)
        self._spend(name, "big", "trade_spaces", target=target)
        self._f[target].reactions_used += 1
        self._emit("spend", actor=target, target=name, data={
            "action": "trade_spaces_partner", "type": "reaction", "slot": "reaction",
            "rule": R_TRADE})
        # the AOO each provokes, at the hex it leaves, before the swap
        self._resolve_provocation(name, offered_a, take_a, "trade_spaces",
                                  {p.by: p for p in pa})
        stop = self._can_go_on(name, prone_a)
        if not stop:
            take_b = [t for t in take_b if t not in take_a]  # 1 AOO per foe per action
            self._resolve_provocation(target, offered_b, take_b, "trade_spaces",
                                      {p.by: p for p in pb})
            stop = self._can_go_on(target, prone_b)
        if not stop:
            try:
                self.map.trade_spaces(name, target)
            except IllegalActionError as exc:
                stop = f"the map refuses the swap now: {exc}"
        if stop:
            self._emit("move_stopped", actor=name, target=target, data={
                "action": "trade_spaces", "at": list(self.map.offset(snapshot_a)),
                "to": list(self.map.offset(snapshot_b)),
                "lost_path": self._path_json([snapshot_a, snapshot_b]),
                "why": f"{stop}: the trade with {target} does not happen", "rule": R_TRADE})
            return
        self._emit("moved", actor=name, target=target, data={
            "action": "trade_spaces", "path": self._path_json([snapshot_a, snapshot_b]),
            "feet": 5, "feet_left": 0, "continued": False, "notes": []})

    @staticmethod
    def _aoo_for(aoo: Any, names: list[str]) -> Any:
        if aoo is None or aoo in ("all", "none"):
            return aoo
        wanted = [aoo] if isinstance(aoo, str) else list(aoo)
        return [w for w in wanted if w in names]

    # ------------------------------------------------------------------ other actions

    def draw(self, name: str, item: str | None = None, *, shield: bool = False,
             aoo: Any = None) -> "Encounter":
        """Draw or sheathe a weapon (or ready/stow a shield): a Little Action that provokes
        ("COMBAT ACTIONS for BEGINNERS"; "What actions normally Provoke AOO?")."""
        self._do("draw", {"name": name, "item": item, "shield": bool(shield), "aoo": aoo})
        return self

    def _h_draw(self, name: str, item: str | None, shield: bool, aoo: Any) -> None:
        action = "ready_stow_shield" if shield else "draw_sheathe_weapon"
        self._h_act(name, action, None, aoo, item, None, _method="draw")

    def act(self, name: str, action: str, target: str | None = None, *, aoo: Any = None,
            note: str | None = None, ability: str | None = None) -> "Encounter":
        """Take any action of the Action Tables (``data/actions.csv``) by name: it is spent
        by its type and, when it provokes, offers AOO to every threatening enemy.

        Actions with their own method (``move``, ``cast``, ``ready``...) must use it; an
        Immediate Action needs the ``ability`` that grants it ("Immediate Action").

        Args:
            name: Who acts (on its turn, except Reactions and Immediate Actions).
            action: The ``action`` key of ``data/actions.csv`` (e.g. ``"open_close_door"``).
            target: Whom it is aimed at, if anyone.
            aoo: Who takes the AOO offered (``None``, ``"all"`` or names).
            note: Free text recorded with it.
            ability: For an Immediate Action, the Feat or ability granting it.
        """
        self._do("act", {"name": name, "action": action, "target": target, "aoo": aoo,
                         "note": note, "ability": ability})
        return self

    def _h_act(self, name: str, action: str, target: str | None, aoo: Any, note: str | None,
               ability: str | None, _method: str = "act") -> None:
        row = _action_row(action)
        if not (row["method"] == _method or (row["method"] == "free" and _method == "act")):
            raise IllegalActionError(f"{action} has its own method: use "
                                     f"encounter.{row['method']}(...)", R_ACTIONS)
        if target is not None:
            self._fighter(target)
        type_ = row["type"]
        if type_ == "reaction":
            f = self._fighter(name)
            why = self._reaction_problem(name)
            if why:
                raise IllegalActionError(f"{name} cannot take the Reaction {action}: {why}",
                                         R_REACTIONS)
            f.reactions_used += 1
            self._emit("spend", actor=name, target=target, data={
                "action": action, "type": "reaction", "slot": "reaction", "note": note})
            return
        if type_ == "immediate":
            f = self._fighter(name)
            if not ability:
                raise IllegalActionError("an Immediate Action \"may only be taken if you "
                                         "possess a Feat or other ability that indicates you "
                                         "may do so\": give ability=", R_IMMEDIATE)
            if f.dead:
                raise IllegalActionError(f"{name} is dead", R_DEATH)
            self._emit("spend", actor=name, target=target, data={
                "action": action, "type": "immediate", "slot": "immediate",
                "ability": ability, "note": note})
            return
        f = self._actor(name)
        if action == "stop_drop_roll" and not self._has(name, Condition.ABLAZE):
            raise IllegalActionError(f"{name} is not ablaze", R_ABLAZE)
        if action in ("wake_up", "awaken_knocked_out"):
            self._check_waking(name, action, target)
        self._check_spend(name, type_, action)
        provokers: list[str] = []
        if row["provokes"] == "yes" or (type_ in ("double", "full_round")
                                         and row["provokes"] != "no"):
            provokers = self._threatening_enemies(name)
        offered, take = self._provocation(name, provokers, aoo, action)
        slot = self._spend(name, type_, action, target=target)
        if note:
            self._emit("note", actor=name, target=target, data={"text": note})
        if type_ == "full_round":
            f.full_round = action
            f.full_round_target = target
        if action == "wake_up" and target is not None:
            self._lose_condition(target, Condition.ASLEEP, why=f"roused by {name} (Wake Up)")
        if action == "load_ranged_weapon" and f.unloaded:
            self._emit("note", actor=name, data={
                "text": f"{name} loads its {', '.join(f.unloaded)}", "rule": R_BEGINNERS})
            f.unloaded = []
        self._resolve_provocation(name, offered, take, action)

    def _check_waking(self, name: str, action: str, target: str | None) -> None:
        """Wake Up ("COMBAT ACTIONS for BEGINNERS": a Big Action) rouses a sleeping creature
        ("Asleep / Sleeping": "if roused (by sounds, discomfort, shaking, etc)");
        "Awakening a character knocked out in this manner requires a Full-Round Action spent
        attempting to awaken the creature" ("Knockout Strike (Attack Action, No AOO)"): it
        wakes when the Full-Round Action completes, at the start of the waker's next turn."""
        rule = R_ASLEEP if action == "wake_up" else R_KNOCKOUT
        if target is None or target == name:
            raise IllegalActionError(f"{action.replace('_', ' ')}: name the creature to wake "
                                     "(target=...)", rule)
        if self._f[target].dead:
            raise IllegalActionError(f"{target} is dead", R_DEATH)
        if action == "wake_up" and not self._has(target, Condition.ASLEEP):
            raise IllegalActionError(f"{target} is not asleep" + (
                " (knocked out: that takes awaken_knocked_out, a Full-Round Action)"
                if self._vitals(target).knocked_out else ""), rule)
        if action == "awaken_knocked_out":
            v = self._vitals(target)
            if not v.knocked_out or v.hp <= 0:
                why = ("at 0 HP or below: only healing above 0 HP brings it round"
                       if v.hp <= 0 else "not knocked out")
                raise IllegalActionError(f"{target} is {why}", rule)

    def free(self, name: str, what: str = "speak", note: str | None = None) -> "Encounter":
        """A Free Action (speak a short phrase, drop an item, change grip); "Up to 2 Free
        Actions may be made per turn; any Free Actions used beyond this number should be
        considered Swift Actions" (000_8d1d7816ee944f3b.txt, "Free Action")."""
        self._do("act", {"name": name, "action": what, "target": None, "aoo": None,
                         "note": note, "ability": None})
        return self

    def aim(self, name: str, *, aoo: Any = None) -> "Encounter":
        """Aim: a Big Action that provokes; "+1 Focus Bonus on your next ranged attack this
        turn ... If you move, are struck with an attack, or take any other action before
        making the attack, you lose this bonus" (000_8d1d7816ee944f3b.txt, "Aim (Big
        Action, Provokes AOO)")."""
        self._do("aim", {"name": name, "aoo": aoo})
        return self

    def _h_aim(self, name: str, aoo: Any) -> None:
        self._actor(name)
        self._check_spend(name, "big", "aim")
        offered, take = self._provocation(name, self._threatening_enemies(name), aoo, "aim")
        self._spend(name, "big", "aim")
        self._add_effect(name, {"label": "aiming: +1 Focus on the next ranged attack",
                                "bonuses": [{"to": "ranged_attack", "value": 1,
                                             "type": "focus", "source": "aim"}],
                                "ends": "turn_end", "on": name, "lost_on_action": True,
                                "rule": R_AIM})
        self._resolve_provocation(name, offered, take, "aim")

    def fight_defensively(self, name: str) -> "Encounter":
        """Fight Defensively: a Big Action, no AOO; "-4 penalty on Attack Rolls and ... +2
        Dodge Bonus to AC until the start of your next turn"; "You must be wielding a melee
        weapon (or otherwise threaten your area)"; "You may not choose to fight defensively
        if you have already made an attack or cast a spell on your turn"
        (000_8d1d7816ee944f3b.txt, "Fight Defensively (Big Action, No AOO)")."""
        self._do("fight_defensively", {"name": name})
        return self

    def _h_fight_defensively(self, name: str) -> None:
        f = self._actor(name)
        v = self._view(name)
        if not v.threatens:
            raise IllegalActionError(f"{name} does not threaten its area now (no melee "
                                     "weapon, or a condition such as Prone)",
                                     R_FIGHT_DEF)
        if f.attacks or f.cast_this_turn:
            raise IllegalActionError(f"{name} already {'attacked' if f.attacks else 'cast a spell'}"
                                     " this turn", R_FIGHT_DEF)
        if any(e.get("kind") == "fight_defensively" for e in f.effects):
            raise IllegalActionError(f"{name} is already fighting defensively", R_FIGHT_DEF)
        self._check_spend(name, "big", "fight_defensively")
        self._spend(name, "big", "fight_defensively")
        self._add_effect(name, {"kind": "fight_defensively",
                                "label": "fighting defensively: -4 attack, +2 Dodge AC",
                                "bonuses": [{"to": "attack", "value": -4,
                                             "source": "fighting defensively"},
                                            {"to": "ac", "value": 2, "type": "dodge",
                                             "source": "fighting defensively"}],
                                "ends": "turn_start", "on": name, "rule": R_FIGHT_DEF})

    def ignore_enemy(self, name: str, foes: str | Iterable[str]) -> "Encounter":
        """Ignore an enemy (or several): a Swift Action, for 1 round.

        000_8d1d7816ee944f3b.txt, "Advanced Option - Ignore an enemy": "You must use a swift
        action on your turn to designate the foe (or foes) you will ignore for 1 round. You
        are considered Flat-Footed against this foe (even if you normally cannot be
        Flat-Footed). In addition, an enemy you ignore is Fortunate on all attacks made
        against you. Their attacks do not count towards the number of attackers this round,
        and they cannot cause you to be Flanked." Decisions: "1 round" lasts until the start
        of your next turn; being Flat-Footed against the foe, you take no Reactions against
        it (no AOO, Active Defense or interrupt: "Flat-Footed ... You cannot take
        Reactions"); an ignored foe gains no Gang Up bonus against you.

        Args:
            name: The creature ignoring (on its turn).
            foes: One enemy or several.
        """
        names = [foes] if isinstance(foes, str) else list(foes)
        self._do("ignore_enemy", {"name": name, "foes": names})
        return self

    def _h_ignore_enemy(self, name: str, foes: list[str]) -> None:
        f = self._actor(name)
        if not foes:
            raise IllegalActionError("name the foe (or foes) to ignore", R_IGNORE)
        for foe in foes:
            self._fighter(foe)
            if self._f[foe].side == f.side:
                raise IllegalActionError(f"{foe} is not an enemy of {name}", R_IGNORE)
            if self._f[foe].dead:
                raise IllegalActionError(f"{foe} is dead", R_IGNORE)
        if len(set(foes)) != len(foes):
            raise IllegalActionError("a foe is named twice", R_IGNORE)
        self._check_spend(name, "swift", "ignore_enemy")
        self._spend(name, "swift", "ignore_enemy")
        for e in list(f.effects):  # a new designation replaces the last one
            if e.get("kind") == "ignore_enemy":
                self._end_effect(name, e, "a new designation")
        self._add_effect(name, {
            "kind": "ignore_enemy",
            "label": f"ignoring {', '.join(foes)}: Flat-Footed against "
                     f"{'them' if len(foes) > 1 else 'it'}, "
                     f"{'they are' if len(foes) > 1 else 'it is'} Fortunate, no Gang Up or "
                     "flanking",
            "ends": "turn_start", "on": name, "data": {"ignored": list(foes)},
            "rule": R_IGNORE})

    def protect(self, name: str, ally: str) -> "Encounter":
        """The Protect Action: a Big Action, no AOO, until the start of your next turn.

        000_8d1d7816ee944f3b.txt, "Protect Action (Big Action, No AOO)": the ally gets Good
        Cover (+4 AC), Superior Cover (+6) if you are at least one size larger; you are
        Cramped; the ally has -2 on attack rolls; "You must be the same size or larger".
        "You must be standing in the same space as the ally" - decision: the battle map
        does not let two same-size allies end in one hex, so the ally must be in your space
        or adjacent to you.
        """
        self._do("protect", {"name": name, "target": ally})
        return self

    def _h_protect(self, name: str, target: str) -> None:
        self._actor(name)
        self._fighter(target)
        if target == name or self._f[target].side != self._f[name].side:
            raise IllegalActionError(f"{target} is not an ally of {name}", R_PROTECT)
        if self._f[target].dead:
            raise IllegalActionError(f"{target} is dead", R_PROTECT)
        me, them = self._view(name), self._view(target)
        if me.size.order < them.size.order:
            raise IllegalActionError(f"{name} ({me.size.value}) is smaller than {target} "
                                     f"({them.size.value})", R_PROTECT)
        if self.map is not None and name in self._anchors and target in self._anchors:
            if self.map.distance(name, target) > 5:
                raise IllegalActionError(f"{target} is {self.map.distance(name, target)} ft "
                                         f"away; stand with it first", R_PROTECT)
        self._check_spend(name, "big", "protect")
        self._spend(name, "big", "protect", target=target)
        cover = 6 if me.size.order > them.size.order else 4
        self._add_effect(target, {"label": f"protected by {name}: +{cover} Cover AC, -2 attack",
                                  "bonuses": [{"to": "ac", "value": cover, "type": "cover",
                                               "source": f"protected by {name}"},
                                              {"to": "attack", "value": -2,
                                               "source": f"protected by {name}"}],
                                  "ends": "turn_start", "on": name, "rule": R_PROTECT})
        self._add_effect(name, {"label": f"protecting {target}: Cramped",
                                "conditions": ["cramped"], "ends": "turn_start", "on": name,
                                "rule": R_PROTECT})

    def cast(self, name: str, spell_level: int = 0, spell: str | None = None, *,
             target: str | None = None, swift: bool = False, aoo: Any = None,
             perseverance: int | None = None) -> "Encounter":
        """Cast a Spell: a Big Action that provokes (or a Swift Action that does not, for
        spells cast that way); 1 spell per turn.

        000_8d1d7816ee944f3b.txt, "Actions in Combat What can I do on my turn?" ("You may
        only cast 1 Spell Per Turn!"), "COMBAT ACTIONS for BEGINNERS" ("Level 1-4: You can
        only use 1 Big Action to Attack or Cast a Spell!"), "Attacks Per Turn" ("A
        spellcaster of level 5+ can use 1 Big Action to cast a spell and 1 Big Action to make
        a normal attack"), "What actions normally Provoke AOO?". The conditions' spell rules
        apply: impossible casting is refused.

        Perseverance checks ("or the spell fails"): the conditions' DCs (Injured
        DC(10+SL)...), the Run Action's DC(10+2xSL) ("Running in Combat – Full Details"),
        and the interrupted caster's: "If you are interrupted & take damage while attempting
        to cast a spell, you must roll a Perseverance check or lose the spell (DC15 or DC25
        based on damage)" ("What if my turn is interrupted by an Interrupt Turn?"). The
        encounter counts as interrupting the spell both an Interrupt Turn that paused the
        caster (unless it named another action with ``before=``) and the AOO the casting
        provokes, which strikes before the spell takes effect ("A Reaction ... immediately
        interrupts the turn order"); DC25 from 10 damage (inferred, see
        :data:`INTERRUPTED_CASTER_DC_HEAVY`). A caster the AOO drops loses the spell.
        The checks are recorded in the log with their DCs; with ``perseverance`` (the
        caster's Perseverance skill bonus: skills are not on :class:`Creature`) one check is
        rolled against the hardest DC, with the conditions' d20 modifiers, and a failure
        loses the spell (it still was the turn's one spell and its action).

        Args:
            name: The caster (on its turn).
            spell_level: 0 to 9.
            spell: Its name, for the log.
            target: Its target, for the log.
            swift: A spell cast as a Swift Action (does not provoke).
            aoo: Who takes the AOO the casting provokes (``None``, ``"all"`` or names).
            perseverance: The caster's Perseverance bonus; ``None``: checks are recorded
                for the GM to roll.
        """
        self._do("cast", {"name": name, "spell_level": spell_level, "spell": spell,
                          "target": target, "swift": bool(swift), "aoo": aoo,
                          "perseverance": perseverance})
        return self

    def _h_cast(self, name: str, spell_level: int, spell: str | None, target: str | None,
                swift: bool, aoo: Any, perseverance: int | None = None) -> None:
        f = self._actor(name)
        if isinstance(spell_level, bool) or not isinstance(spell_level, int) or \
                not 0 <= spell_level <= 9:
            raise IllegalActionError(f"spell_level is 0 to 9, not {spell_level!r}", R_CAST)
        if perseverance is not None and (isinstance(perseverance, bool)
                                         or not isinstance(perseverance, int)):
            raise IllegalActionError(f"perseverance is the caster's Perseverance bonus (a "
                                     f"whole number) or None, not {perseverance!r}", R_PAUSED)
        if target is not None:
            self._fighter(target)
        v = self._view(name)
        if f.spells:
            raise IllegalActionError(f"{name} already cast a spell this turn: \"You may only "
                                     "cast 1 Spell Per Turn!\"", R_ACTIONS)
        if v.level <= 4 and f.attacks:
            raise IllegalActionError(f"{name} (level {v.level}) already attacked this turn: "
                                     "\"Level 1-4: You can only use 1 Big Action to Attack or "
                                     "Cast a Spell!\"", _rule("COMBAT ACTIONS for BEGINNERS"))
        sc = v.spellcasting(spell_level)
        if not sc.possible:
            raise IllegalActionError(f"{name} cannot cast: " + "; ".join(sc.notes),
                                     R_CONDITIONS)
        type_ = "swift" if swift else "big"
        self._check_spend(name, type_, "cast_spell")
        provokers = [] if swift else self._threatening_enemies(name)
        offered, take = self._provocation(name, provokers, aoo, "cast_spell")
        self._spend(name, type_, "cast_swift_spell" if swift else "cast_spell", target=target)
        f.spells += 1
        f.cast_this_turn = True
        dcs = [[label, dc] for label, dc in sc.perseverance]
        if f.ran:
            dcs.append(["ran this turn (Running in Combat – Full Details)",
                        10 + 2 * spell_level])
        if f.disrupted:
            dmg = f.disrupted["damage"]
            dcs.append([f"interrupted and damaged ({dmg}) while attempting to cast (What if "
                        "my turn is interrupted by an Interrupt Turn?)",
                        self._interrupted_caster_dc(dmg)])
            f.disrupted = None
        # the AOO strikes as the caster drops its guard, before the spell takes effect
        taken_before = f.damage_taken
        self._resolve_provocation(name, offered, take, "cast_spell")
        struck = f.damage_taken - taken_before
        if struck and not f.dead:
            dcs.append([f"damaged ({struck}) by an AOO while casting (What if my turn is "
                        "interrupted by an Interrupt Turn?; Reactions & AOO:)",
                        self._interrupted_caster_dc(struck)])
        outcome = "cast"
        dropped = self._can_go_on(name, prone_before=True)
        if dropped and (f.dead or self._vitals(name).unconscious):
            outcome = f"lost: {dropped} before the spell took effect"
        elif dcs:
            dc = max(d for _, d in dcs if d is not None) if any(
                d is not None for _, d in dcs) else None
            if perseverance is None or dc is None:
                outcome = "pending: Perseverance " + (f"DC{dc}" if dc is not None else "check") \
                    + " or the spell fails (roll it at the table)"
                self._emit("check", actor=name, data={
                    "check": "perseverance", "dcs": dcs, "dc": dc, "rolled": False,
                    "outcome": "required", "rule": R_PAUSED})
            else:
                mod = self._view(name).skill_modifier("skill")
                bonus = perseverance + int(mod.value)
                r = self._roll(f"1d20{bonus:+d}", label=f"{name} Perseverance check to cast "
                               f"(DC {dc})", actor=name, against=dc, fortune=mod.fortune)
                ok = r.total >= dc
                outcome = "cast" if ok else "lost: failed the Perseverance check"
                self._emit("check", actor=name, data={
                    "check": "perseverance", "dcs": dcs, "dc": dc, "rolled": True,
                    "bonus": bonus, "total": r.total,
                    "outcome": "success" if ok else "failure", "rule": R_PAUSED})
        self._emit("spell", actor=name, target=target, data={
            "spell": spell, "spell_level": spell_level, "swift": swift,
            "perseverance_dcs": dcs, "failure_pct": dict(sc.failure_pct),
            "notes": list(sc.notes), "outcome": outcome})

    @staticmethod
    def _interrupted_caster_dc(damage: int) -> int:
        """DC15, or DC25 for 10 damage or more ("DC15 or DC25 based on damage"; the 10 is
        inferred, see :data:`INTERRUPTED_CASTER_DC_HEAVY`)."""
        return (INTERRUPTED_CASTER_DC_HEAVY if damage >= INTERRUPTED_CASTER_HEAVY_DAMAGE
                else INTERRUPTED_CASTER_DC)

    def attack(self, attacker: str, target: str, weapon: Any = None, **situation: Any
               ) -> Any:
        """Attack: a Big Action (level 10-14 once per turn, 15+ always, two attacks with one).

        The attack itself is :func:`lfgcombat.attacks.attack`, rolled with this encounter's
        roller (every roll logged) and its damage applied through the encounter's one damage
        seam. The encounter adds what only it knows: the Consecutive Attack Penalty across
        the turn ("Attacks Per Turn"; ``previous_attacks``), Gang Up's Tactical Bonus
        ("Multiple Opponents"), from the map the distance, flanking, cover and concealment,
        high ground and Difficult Terrain underfoot (an attack through walls, Total Cover,
        is refused: "Total Cover blocks Line of Sight and Line of Effect"), Fight
        Defensively and Aim, Retreat's Unfortunate attacks, and Power Attack's -2 AC until
        the start of the attacker's next turn.

        Args:
            attacker: The creature acting now.
            target: Whom it attacks.
            weapon: A weapon name or entry (default: the attacker's first weapon).
            **situation: Keys of :class:`lfgcombat.attacks.Situation` (``power_attack``,
                ``cover``, ``concealment``, ``active_defense``...), except those the
                encounter sets itself (``aoo``, ``previous_attacks``,
                ``consecutive_penalty``); ``cover=``/``concealment=`` replace the map's;
                ``high_ground=False``/``terrain=False`` leave the map's high ground or
                Difficult Terrain out; and ``charge=True`` for a Charge Attack
                (000_8d1d7816ee944f3b.txt, "Charge Attack": "A melee or thrown weapon attack
                made on your turn directly after Running at least 10 feet"; "+2 Innate
                Bonus to melee & thrown weapon damage"; thrown directly at the target along
                the run, no -2 running penalty). The Wrestling part of a charge is not
                modelled.

        Returns:
            The :class:`lfgcombat.attacks.AttackResult`.

        Raises:
            IllegalActionError: not its turn, no attack left, or the attack rules refuse it
                (out of reach...); nothing changes.
        """
        return self._do("attack", {"name": attacker, "target": target, "weapon": weapon,
                                   "situation": situation})

    def _h_attack(self, name: str, target: str, weapon: Any, situation: dict) -> Any:
        f = self._actor(name)
        self._fighter(target)
        if target == name:
            raise IllegalActionError(f"{name} cannot attack itself", R_APT)
        if self._f[target].dead:
            raise IllegalActionError(f"{target} is already dead", R_DEATH)
        mod = self._attacks_module()
        if mod is None:
            raise LfgError("attack rolls need lfgcombat.attacks (issue 4), which is not "
                           "installed; resolve the attack by hand and apply it with damage()")
        if weapon is None:
            weapon = self._default_weapon(name)
            if weapon is None:
                raise IllegalActionError(f"{name} has no weapon; name one (e.g. 'unarmed')",
                                         R_APT)
        crossbow = self._crossbow(name, weapon, situation)
        left = self.actions_left(name)
        if crossbow is not None:
            # "LITTLE ACTIONS: ... Shoot a loaded Crossbow" ("COMBAT ACTIONS for BEGINNERS")
            if crossbow in f.unloaded:
                raise IllegalActionError(
                    f"{_possessive(name)} {crossbow} is not loaded: act({name!r}, "
                    "'load_ranged_weapon') first (a Little Action that provokes AOO)",
                    R_BEGINNERS)
            total = int(self._view(name).attacks_per_turn.value)
            if f.attacks >= total:
                raise IllegalActionError(f"{name} has made its {total} attack(s) this turn",
                                         R_APT)
            self._check_spend(name, "little", "shoot_loaded_crossbow")
        elif left.attacks <= 0:
            raise IllegalActionError(f"{name} has no attack left this turn "
                                     f"({f.attacks} made; {left.explain()})", R_APT)
        for key in ("aoo", "previous_attacks", "consecutive_penalty", "defense_uses"):
            if key in situation:
                raise IllegalActionError(f"{key} is the encounter's to set (it counts the "
                                         "attacks of the turn, the AOO and the Active "
                                         "Defenses of the round)", R_APT)
        situation = dict(situation)
        charge = situation.pop("charge", False)
        use_map = {k: situation.pop(k, True) for k in ("high_ground", "terrain")}
        for k, v in use_map.items():
            if not isinstance(v, bool):
                raise IllegalActionError(f"{k} is True (apply the map's {k.replace('_', ' ')}) "
                                         f"or False, not {v!r}", R_HIGH if k == "high_ground"
                                         else R_DIFFICULT)
        if not isinstance(charge, bool):
            raise IllegalActionError(f"charge is True or False, not {charge!r}", R_CHARGE)
        if charge:
            if f.last_action != "run" or f.run_ft < CHARGE_MIN_RUN_FT:
                raise IllegalActionError(
                    f"{name} did not just run at least {CHARGE_MIN_RUN_FT} feet ("
                    + (f"it ran {f.run_ft} ft" if f.last_action == "run" else
                       f"its last action was {f.last_action or 'nothing'}")
                    + "): a Charge Attack is \"made on your turn directly after Running at "
                    "least 10 feet\"", R_CHARGE)
            if self._attack_mode(name, weapon, situation) == "ranged" and \
                    not situation.get("thrown"):
                raise IllegalActionError("a Charge Attack is \"A melee or thrown weapon "
                                         "attack\", not a shot", R_CHARGE)
        if "cover" not in situation:  # a GM who gives cover= (an arrow over a wall) decides
            blocked = self._total_cover(name, target, weapon, situation)
            if blocked:
                raise IllegalActionError(blocked, R_LOE)
        situation["previous_attacks"] = f.attacks
        if any(e.get("kind") == "fight_defensively" for e in f.effects):
            situation.setdefault("fight_defensively", True)
        aiming = [e for e in f.effects if e.get("lost_on_action")]
        if aiming:
            situation.setdefault("aim", True)
        defense = situation.get("active_defense")
        if defense is not None:  # "Active Parry" / "Active Dodge" spend the target's Reaction
            why = self._reaction_problem(target)
            if why:
                raise IllegalActionError(f"{target} cannot use Active {str(defense).title()}: "
                                         f"{why}", R_REACTIONS)
            # "If you have multiple Reactions, you suffer a -2 cumulative penalty to your
            # Active Defense Roll each additional time you use an Active Defense in a single
            # round" ("Active Defense").
            situation["defense_uses"] = self._f[target].defenses_this_round
        # check the attack is allowed before anything is spent (the module rolls nothing
        # when it refuses)
        mod.prepare(self._view(name), self._view(target), weapon, ruleset=self.ruleset,
                    **{k: v for k, v in situation.items()})
        if crossbow is not None:
            self._spend(name, "little", "shoot_loaded_crossbow", target=target)
            f.unloaded.append(crossbow)
        elif f.riders > 0:
            f.riders -= 1
            self._emit("spend", actor=name, target=target, data={
                "action": "attack", "type": "big", "slot": "second attack of the Big Action",
                "rule": R_APT})
        else:
            self._spend(name, "big", "attack", target=target)
            level = self._view(name).level
            if level >= 15 or (10 <= level <= 14 and not f.double_attack_used):
                f.riders = 1
                f.double_attack_used = f.double_attack_used or level <= 14
        f.attacks += 1
        f.last_action = "attack"
        if defense is not None:
            self._f[target].reactions_used += 1
            self._f[target].defenses_this_round += 1
            self._emit("spend", actor=target, target=name, data={
                "action": f"active_{defense}", "type": "reaction", "slot": "reaction",
                "rule": R_REACTIONS})
        result = self._resolve_attack(name, target, weapon, situation, charge=charge,
                                      use_map=use_map)
        for e in aiming:
            self._end_effect(name, e, "the aimed attack was made")
        if situation.get("power_attack"):
            self._add_effect(name, {"label": "power attack: -2 AC", "bonuses": [
                {"to": "ac", "value": -2, "source": "power attack"}], "ends": "turn_start",
                "on": name, "rule": _rule("Power Attack (Attack Action, No AOO)")})
        return result

    def gang_up_bonus(self, attacker: str, target: str) -> int:
        """Gang Up's Tactical Bonus for ``attacker`` against ``target`` now.

        000_8d1d7816ee944f3b.txt, "Multiple Opponents": "each attacker beyond the second
        gains a cumulative +1 Tactical Bonus against that foe until the foe takes their
        turn" (max +5); "The creatures involved must be within two size categories of their
        foe"; "This does not function against helpless or immobile targets". A foe the
        target ignores ("Advanced Option - Ignore an enemy": "Their attacks do not count
        towards the number of attackers this round") neither counts nor, decision, gains
        the bonus (it is not one of the attackers counted).
        """
        self._fighter(attacker)
        self._fighter(target)
        t = self._view(target)
        if t.active_conditions.flagged("immobile") or \
                Condition.HELPLESS in t.active_conditions:
            return 0
        if attacker in self._ignored_by(target):  # "Ignore an enemy": does not count
            return 0
        if abs(self._view(attacker).size.order - t.size.order) > 2:
            return 0
        seen = self._gang.get(target, [])
        position = seen.index(attacker) if attacker in seen else len(seen)
        return max(0, min(5, position - 1))

    # ------------------------------------------------------------------ GM: damage & conditions

    def damage(self, name: str, amount: int, type: str | None = None, *,
               by: str | None = None) -> "Encounter":
        """Deal damage (the GM, or an attack resolved by hand).

        000_8d1d7816ee944f3b.txt, "Taking Damage", "Temporary Hit Points (TempHP)" (lost
        first), "Unconscious & Dying" ("If you are struck to 0 Hit Points or less, you fall
        unconscious and gain +1 Weakened Stage. If struck to 0HP or less by a Slashing or
        Piercing weapon, you also gain Bleed 1"), "Death" (-CON score) and "NPC & Enemy
        Death" (-level for goons and NPCs).

        Args:
            name: Who takes it.
            amount: Hit points (>= 0).
            type: A damage type (``slashing``, ``fire``...), if known.
            by: Who dealt it (for the log).
        """
        self._do("damage", {"name": name, "amount": amount, "type": type, "by": by})
        return self

    def _h_damage(self, name: str, amount: int, type: str | None, by: str | None) -> None:
        f = self._fighter(name)
        if by is not None:
            self._fighter(by)
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            raise IllegalActionError(f"damage is a whole number >= 0, not {amount!r}",
                                     _rule("Taking Damage"))
        if type is not None:
            from .damage import DamageType
            try:
                type = DamageType(type).value if not isinstance(type, DamageType) else type.value
            except ValueError:
                names = [t.value for t in DamageType]
                raise IllegalActionError(f"unknown damage type {type!r}; types: "
                                         f"{', '.join(names)}", _rule("Damage in Combat")) from None
        if f.dead:
            raise IllegalActionError(f"{name} is already dead", R_DEATH)
        self._apply_damage(name, amount, type, struck=True, source=by)

    # ------------------------------------------------------------------ the HP seam (Vitals)

    def _vitals(self, name: str) -> Vitals:
        """The creature's :class:`~lfgcombat.vitals.Vitals` now (the issue-4 model of hit
        points and dying), with the rounds it has bled, which only the encounter counts."""
        f = self._f[name]
        v = Vitals.from_creature(f.creature)
        return dataclasses.replace(v, bleed_rounds=f.bleed_rounds if v.bleed else 0,
                                   dead=v.dead or f.dead)

    def _commit_vitals(self, name: str, old: Vitals, new: Vitals, *, why: str) -> None:
        """Write ``new`` back to the creature and log what changed (status, Bleed, Weakened,
        knockout, conditions from damage). Every HP rule lives in :class:`Vitals`; this only
        records its verdicts."""
        f = self._f[name]
        f.creature = new.to_creature(f.creature)
        f.bleed_rounds = new.bleed_rounds if new.bleed else 0
        self._touch(name)
        fell = not old.unconscious and new.unconscious and not new.knocked_out
        if new.dead and not f.dead:
            f.dead = True
            c = f.creature
            self._emit("vitals", target=name, data={
                "status": "dead", "hp": new.hp, "threshold": new.death_threshold,
                "rule": c.death_threshold.rule})
        elif not new.dead:
            if fell:
                self._emit("vitals", target=name, data={
                    "status": "unconscious", "hp": new.hp, "rule": R_DYING})
            elif old.unconscious and not new.unconscious:
                self._emit("vitals", target=name, data={
                    "status": "conscious", "hp": new.hp, "rule": R_DYING})
            if new.knocked_out and not old.knocked_out:
                self._emit("vitals", target=name, data={
                    "status": "knocked out", "hp": new.hp,
                    "rule": _rule("Knockout Strike (Attack Action, No AOO)")})
            if new.injured != old.injured:
                self._emit("vitals", target=name, data={
                    "status": "injured" if new.injured else "no longer injured",
                    "hp": new.hp, "threshold": new.injured_threshold, "rule": R_INJURY})
        for cond, a, b in (("bleed", old.bleed, new.bleed),
                           ("weakened", old.weakened, new.weakened)):
            if a == b:
                continue
            change = "gained" if not a else "lost" if not b else "changed"
            if not b:
                f.timers.pop(cond, None)
            self._emit("condition", target=name, data={
                "change": change, "condition": f"{cond} {b}" if b else cond,
                "why": why, "rule": R_BLEED if cond == "bleed" else _rule("Weakened")})
        for x in new.extra:
            if x not in old.extra:
                self._emit("condition", target=name, data={
                    "change": "gained", "condition": x, "why": why})
        if old.dying and new.stable:
            self._emit("vitals", target=name, data={
                "status": "stable", "hp": new.hp, "rule": R_STABILIZE})

    def _apply_damage(self, name: str, amount: int, dtype: str | None, *, struck: bool,
                      source: str | None) -> None:
        """The one seam where HP go down: :meth:`lfgcombat.vitals.Vitals.damage` decides
        (Temporary HP first, Injured, unconscious at 0 HP or less with +1 Weakened Stage,
        Bleed 1 from a slashing or piercing strike stacking up to the level, death at -CON
        score or -level), and the encounter records it and adds what only it knows: the
        fall to Prone lasts after waking ("An Unconscious creature falls Prone"), Weakened
        beyond Stage 5 deals its 1d6, Aim is lost, sleep ends, an interrupted caster's
        Perseverance check is due.

        Untyped damage (``dtype=None``) never causes Bleed (its type is unknown).
        """
        f = self._f[name]
        old = self._vitals(name)
        new = old.damage(amount, dtype or "bludgeoning", struck=struck and dtype is not None)
        events = [e.replace(" bludgeoning damage", " damage") if dtype is None else e
                  for e in new.events]
        self._emit("damage", actor=source if source in self._f else None, target=name, data={
            "amount": amount, "type": dtype, "damage": {dtype or "untyped": amount},
            "temp_hp_before": old.temp_hp, "temp_hp_after": new.temp_hp,
            "hp_before": old.hp, "hp_after": new.hp, "source": source, "events": events})
        f.damage_taken += amount
        self._commit_vitals(name, old, new, why=f"{amount} {dtype or 'untyped'} damage"
                            + (f" from {source}" if source else ""))
        for e in list(f.effects):  # Aim is lost when struck
            if e.get("lost_on_action") and amount > 0:
                self._end_effect(name, e, f"{name} was struck")
        if self._has(name, Condition.ASLEEP) and new.hp < old.hp:
            self._lose_condition(name, Condition.ASLEEP, why="woken by damage")
        if amount > 0:
            self._note_disruption(name, amount, source)
        fell = not old.unconscious and new.unconscious
        if fell and not self._has(name, Condition.PRONE):
            self._gain(name, "prone", by=None, why="falls prone as it falls unconscious "
                       "(\"An Unconscious creature falls Prone\"); it stays prone after "
                       "waking until it stands up")
        if fell and old.weakened >= MAX_WEAKENED_STAGE:  # "Weakened, Stage 5+": 1d6 instead
            r = self._roll("1d6", label=f"{name}: Weakened beyond Stage 5 (1d6 biological)",
                           actor=name)
            self._apply_damage(name, r.total, "biological", struck=False, source="weakened")

    def _note_disruption(self, name: str, amount: int, source: str | None) -> None:
        """An interrupted creature that takes damage while its turn is paused must pass a
        Perseverance check to cast the spell it was attempting ("What if my turn is
        interrupted by an Interrupt Turn?"). Decision: the spell is the first one it casts
        when its turn resumes, unless the interrupt named another action (``before=``)."""
        f = self._f[name]
        for fr in self._frames[:-1]:
            if name not in self._frame_members(fr):
                continue
            before = fr.get("paused_before")
            if before not in (None, "cast_spell"):
                return
            d = dict(f.disrupted or {"damage": 0, "by": []})
            d["damage"] += amount
            if source and source not in d["by"]:
                d["by"] = [*d["by"], source]
            f.disrupted = d
            return

    def heal(self, name: str, amount: int, *, reduces_bleed: bool = True,
             source: str | None = None) -> "Encounter":
        """Heal hit points, up to the maximum, by :meth:`lfgcombat.vitals.Vitals.heal`.

        000_8d1d7816ee944f3b.txt, "Healing lost HP": "Healing can never bring your HP above
        your HP Maximum"; "Magical healing and HP healed from the Heal Skill reduce Bleed
        damage by the amount of HP healed" (Ex: Bleed 3 healed +2HP is Bleed 1); "You cannot
        heal naturally if you are bleeding". Above 0 HP the creature regains consciousness
        ("Unconscious & Dying"). The dead cannot be healed ("Death").

        Args:
            name: Who is healed.
            amount: HP (>= 0).
            reduces_bleed: ``False``: healing that leaves Bleed as it is (an ability that
                says so); ignored when ``source`` is given.
            source: ``magic`` (default), ``heal_skill`` or ``natural`` (a rest; refused
                while bleeding).
        """
        self._do("heal", {"name": name, "amount": amount, "reduces_bleed": bool(reduces_bleed),
                          "source": source})
        return self

    def _h_heal(self, name: str, amount: int, reduces_bleed: bool,
                source: str | None = None) -> None:
        from .vitals import HEAL_SOURCES
        f = self._fighter(name)
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            raise IllegalActionError(f"healing is a whole number >= 0, not {amount!r}", R_HEAL)
        if source is not None and source not in HEAL_SOURCES:
            raise IllegalActionError(f"source must be one of {', '.join(HEAL_SOURCES)}, not "
                                     f"{source!r}", R_HEAL)
        if f.dead:
            raise IllegalActionError(f"{name} is dead: \"A dead creature cannot be brought back "
                                     "to life by healing lost Hit Points\"", R_DEATH)
        old = self._vitals(name)
        if source is None and not reduces_bleed:
            new = dataclasses.replace(old, bleed=0).heal(amount, "magic")
            new = dataclasses.replace(new, bleed=old.bleed, bleed_rounds=old.bleed_rounds)
        else:
            new = old.heal(amount, source or "magic")  # raises for natural healing + Bleed
        self._emit("heal", target=name, data={
            "amount": amount, "hp_before": old.hp, "hp_after": new.hp,
            "bleed_before": old.bleed, "bleed_after": new.bleed,
            "source": source or ("magic" if reduces_bleed else "other"),
            "events": list(new.events)})
        self._commit_vitals(name, old, new, why=f"healed {amount}")

    def temp_hp(self, name: str, amount: int) -> "Encounter":
        """Gain Temporary HP by :meth:`lfgcombat.vitals.Vitals.gain_temp_hp`: "You may never
        have more Temporary HP than 25% of your Maximum HP" ("Temporary Hit Points
        (TempHP)"); several gains add up to that cap (the Vitals decision: the text states
        only the cap)."""
        self._do("temp_hp", {"name": name, "amount": amount})
        return self

    def _h_temp_hp(self, name: str, amount: int) -> None:
        f = self._fighter(name)
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            raise IllegalActionError(f"Temporary HP are a whole number >= 0, not {amount!r}",
                                     R_TEMP)
        if f.dead:
            raise IllegalActionError(f"{name} is dead", R_DEATH)
        old = self._vitals(name)
        new = old.gain_temp_hp(amount)
        self._emit("temp_hp", target=name, data={"before": old.temp_hp, "after": new.temp_hp,
                                                 "cap": old.temp_hp_cap,
                                                 "events": list(new.events)})
        self._commit_vitals(name, old, new, why="Temporary HP")

    def add_condition(self, name: str, condition: str, rounds: int | None = None, *,
                      by: str | None = None) -> "Encounter":
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

    def _h_add_condition(self, name: str, condition: str, rounds: int | None,
                         by: str | None) -> None:
        f = self._fighter(name)
        if by is not None:
            self._fighter(by)
        if f.dead:
            raise IllegalActionError(f"{name} is dead", R_DEATH)
        try:
            a = Affliction.parse(condition)
            if rounds is not None:
                a = Affliction(a.condition, a.value, rounds)
        except ConditionError as exc:
            raise IllegalActionError(str(exc), R_CONDITIONS) from None
        self._gain(name, str(a), by=by, why="given")

    def remove_condition(self, name: str, condition: str) -> "Encounter":
        """Remove a condition the creature has (all of it: all Bleed, every Weakened stage)."""
        self._do("remove_condition", {"name": name, "condition": condition})
        return self

    def _h_remove_condition(self, name: str, condition: str) -> None:
        self._fighter(name)
        try:
            cond = lookup(condition)
        except ConditionError as exc:
            raise IllegalActionError(str(exc), R_CONDITIONS) from None
        if not any(a.condition is cond for a in self._f[name].creature.conditions):
            raise IllegalActionError(f"{name} does not have {cond.value} (conditions implied "
                                     "by others or by HP cannot be removed on their own)",
                                     R_CONDITIONS)
        self._lose_condition(name, cond, why="removed")

    def note(self, text: str) -> "Encounter":
        """Record a GM note in the log (a ruling, a roll made at the table)."""
        self._do("note", {"text": text})
        return self

    def _h_note(self, text: str) -> None:
        if not isinstance(text, str) or not text.strip():
            raise LfgError("a note is some text")
        self._emit("note", data={"text": text})

    # ------------------------------------------------------------------ conditions plumbing

    def _has(self, name: str, cond: Condition) -> bool:
        return any(a.condition is cond for a in self._f[name].creature.conditions)

    def _value(self, name: str, cond: Condition) -> int:
        return next((a.value or 0 for a in self._f[name].creature.conditions
                     if a.condition is cond), 0)

    def _gain(self, name: str, condition: str, *, by: str | None, why: str = "") -> None:
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

    def _add_effect(self, name: str, effect: dict) -> None:
        f = self._f[name]
        effect = dict(effect)
        effect.setdefault("conditions", [])
        effect.setdefault("bonuses", [])
        effect["id"] = f"{self._step}:{len(self._log)}"
        f.effects.append(jsonable(effect))
        self._touch(name)
        self._emit("effect_start", target=name, data={"effect": effect})

    def _end_effect(self, name: str, effect: dict, why: str) -> None:
        f = self._f[name]
        f.effects = [e for e in f.effects if e["id"] != effect["id"]]
        self._touch(name)
        self._emit("effect_end", target=name, data={"id": effect["id"],
                                                    "label": effect["label"], "why": why})

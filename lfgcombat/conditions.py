"""Conditions: what each one does to a creature, as data, and how they stack.

000_8d1d7816ee944f3b.txt, "Conditions (Sometimes called Status Effects)": "If afflicted with
a condition, you suffer all penalties (or benefits) as described in this section" and "Being
afflicted by the same condition multiple times does not change or enhance the effects unless
specifically stated by the condition or effect causing it, but the longer lasting duration is
always applied."

Every mechanical effect of every condition of "Conditions – Full Details" is a column of
``data/conditions.csv`` (one row per condition, one per Weakened stage); the rest of each
entry is its ``summary``. This module turns rows into :class:`ConditionSpec` values, parses
and stacks the conditions a creature has (:class:`Affliction`, :func:`stack_afflictions`,
:func:`gain`), and resolves them into a :class:`ConditionSet`: the explicit conditions plus
the ones they imply (Paralyzed → Helpless and Prone, Stunned → Flat-Footed, ...), minus the
ones a more severe version supersedes (Stunned over Staggered, ...), with every modifier
labelled by the condition it comes from so a creature's statistics can explain themselves.

Stacking (:func:`stack_afflictions`):

* the same condition twice is one condition with the longer duration (``rounds=None`` means
  "until removed", the longest);
* Bleed X: "Multiple Bleed X conditions stack" and "X cannot be greater than the affected
  creature's level" ("Bleed X");
* Weakened: "Any time you gain a Weakened Stage, it adds to any current stages affecting
  you", up to Stage 5; each stage beyond deals 1d6 biological damage ("Weakened, Stage 5+");
* Fortunate and Unfortunate "cancel one another out" (:meth:`ConditionSet.fortune`).
"""

from __future__ import annotations

import difflib
import enum
import functools
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any

import pandas as pd

from . import tables
from .bonuses import Bonus, BonusType
from .dice import Fortune, net_fortune
from .errors import LfgError, RulesDataError
from .shortrepr import short
from .tables import Column, Schema

__all__ = [
    "flag_holders",
    "Condition", "ConditionError", "ConditionSpec", "Affliction", "Active", "ConditionSet",
    "ActionLimits", "SpellCasting", "Gained", "CONDITIONS_SCHEMA", "conditions_table",
    "spec", "specs", "lookup", "parse_condition", "stack_afflictions", "gain", "resolve",
    "bleed_cap", "MAX_WEAKENED_STAGE", "load_rules_table", "build_specs", "name_index",
    "find_condition",
]

TEXT = "000_8d1d7816ee944f3b.txt"
MAX_WEAKENED_STAGE = 5




class ConditionError(LfgError, ValueError):
    """An unknown condition, or a condition with a value it cannot have."""


class Condition(str, enum.Enum):
    """Every condition of 000_8d1d7816ee944f3b.txt, "Conditions – Full Details".

    The value is the condition's key in ``data/conditions.csv`` (Weakened has one row per
    stage: ``weakened_1`` ... ``weakened_5``). Read a condition's effects with :func:`spec`.
    """

    ABLAZE = "ablaze"                    #: on fire: 1d6 fire per round
    AGONY = "agony"                      #: extreme pain; a Big Action lost each turn
    ASLEEP = "asleep"                    #: Helpless; REF Saves fail
    BLEED = "bleed"                      #: Bleed X: X biological damage per round
    BLINDED = "blinded"                  #: Flat-Footed, half speed, 50% miss chance
    BROKEN_ARM = "broken_arm"            #: -1 AC, +10% spell failure (S)
    BROKEN_LEG = "broken_leg"            #: falls Prone; -2 attack/AC, half speed
    BROKEN_RIBS = "broken_ribs"          #: Distressed until healed
    SEVERED_ARM = "severed_arm"          #: as Broken Arm, never heals
    SEVERED_LEG = "severed_leg"          #: as Broken Leg, never heals
    CONFOUNDED = "confounded"            #: Unfortunate, +20% spell failure
    CRAMPED = "cramped"                  #: half speed, -2 AC/attack/REF/physical
    DEAF = "deaf"                        #: -1 AC, +10% spell failure (V)
    DISTRACTED = "distracted"            #: Unfortunate on Listen and Spot
    DISTRESSED = "distressed"            #: -2 d20 and AC, half speed, Perseverance DC15
    DYING = "dying"                      #: at 0 HP or below: Unconscious
    ENCUMBERED = "encumbered"            #: 75% speed, -1 attack/AC/REF, -3 mobility
    FLANKED = "flanked"                  #: -2 AC
    FLAT_FOOTED = "flat_footed"          #: FFAC, no Reactions
    FORTUNATE = "fortunate"              #: roll 2d20, keep the better
    FRIGHTENED = "frightened"            #: Unfortunate
    GRAPPLED = "grappled"                #: cannot leave the hex, threatens nothing
    HEAVILY_ENCUMBERED = "heavily_encumbered"  #: half speed, -2 attack/AC/REF, -6 mobility
    HELPLESS = "helpless"                #: DEX 0 against attacks, REF fails, no Reactions
    HINDERED = "hindered"                #: half speed, no Run or 5-Foot Step, -2 AC/REF
    INJURED = "injured"                  #: at or below the Injured Threshold
    INVISIBLE = "invisible"              #: attacks against you: 50% miss chance
    PARALYZED = "paralyzed"              #: Helpless and Prone; no actions
    PARTIALLY_BLINDED = "partially_blinded"  #: 20% miss chance; -4 Spot
    PINNED = "pinned"                    #: worse Grappled; S/F spells impossible
    PRONE = "prone"                      #: -4 attack; -4 AC vs melee, +2 vs far ranged
    STAGGERED = "staggered"              #: one Big Action, no Reactions, -2 d20 and AC
    STUNNED = "stunned"                  #: no actions, Flat-Footed, -2 d20
    TERRIFIED = "terrified"              #: Unfortunate, must flee; melee against you Fortunate
    UNCONSCIOUS = "unconscious"          #: Helpless and Prone; cannot act
    UNFORTUNATE = "unfortunate"          #: roll 2d20, keep the worse
    WEAKENED = "weakened"                #: stages 1-5 of accumulating penalties

    @property
    def title(self) -> str:  # type: ignore[override]  # str.title() is shadowed on purpose
        """The condition's name as the text writes it (``Flat-Footed``, ``Bleed X``)."""
        return _TITLES.get(self, self.value.replace("_", " ").title())


_TITLES = {Condition.FLAT_FOOTED: "Flat-Footed", Condition.BLEED: "Bleed X",
           Condition.WEAKENED: "Weakened"}

#: Row keys of ``data/conditions.csv`` (the conditions, with Weakened split into stages).
ROW_KEYS: tuple[str, ...] = tuple(
    [c.value for c in Condition if c is not Condition.WEAKENED]
    + [f"weakened_{n}" for n in range(1, MAX_WEAKENED_STAGE + 1)])
_LINKABLE = tuple(c.value for c in Condition if c is not Condition.WEAKENED)


def _int(lo: int | None = None, hi: int | None = None, nullable: bool = False) -> Column:
    return Column("int", min=lo, max=hi, nullable=nullable)


_BOOL = Column("bool")
_PENALTY = _int(-10, 10)

#: The schema of ``data/conditions.csv`` (see the column notes in :class:`ConditionSpec`).
CONDITIONS_SCHEMA = Schema(key="condition", columns={
    "condition": Column("choice", choices=ROW_KEYS),
    "aliases": Column("str", nullable=True, pattern=r"[a-z][a-z0-9 '-]*(;[a-z][a-z0-9 '-]*)*"),
    "value": Column("choice", choices=("none", "amount", "stage")),
    "stacking": Column("choice", choices=("duration", "sum_capped_by_level", "stages")),
    "implies": Column("choices", choices=_LINKABLE, nullable=True),
    "supersedes": Column("choices", choices=_LINKABLE, nullable=True),
    "on_gain": Column("choices", choices=_LINKABLE, nullable=True),
    "fortune": Column("choice", choices=("fortunate", "unfortunate"), nullable=True),
    "ac": _PENALTY,
    "ac_vs_melee": _PENALTY,
    "ac_vs_ranged_far": _PENALTY,
    "attack": _PENALTY,
    "d20": _PENALTY,
    "ref_save": _PENALTY,
    "physical": _PENALTY,
    "mobility": _PENALTY,
    "physical_damage_pct": _int(-100, 0),
    "speed_flat": _int(-60, 60),
    "speed_flat_50_plus": _int(-60, 60, nullable=True),
    "speed_floor": _int(0, 60, nullable=True),
    "speed_multiplier": Column("float", min=0.0, max=1.0),
    "immobile": _BOOL,
    "cannot_run": _BOOL,
    "cannot_5ft_step": _BOOL,
    "big_actions": _int(0, 2, nullable=True),
    "little_actions": _int(0, 1, nullable=True),
    "lose_big_action": _BOOL,
    "reactions": _BOOL,
    "swift_actions": _BOOL,
    "threatens": _BOOL,
    "loses_dodge_and_shield": _BOOL,
    "dex_zero_vs_attacks": _BOOL,
    "auto_fail_ref": _BOOL,
    "miss_chance": _int(0, 100),
    "attackers_miss_chance": _int(0, 100),
    "attackers_melee_fortune": Column("choice", choices=("fortunate", "unfortunate"),
                                      nullable=True),
    "precision_vulnerable": _BOOL,
    "spellcasting": Column("choice", choices=(
        "normal", "perseverance", "perseverance_vs_wrestling_somatic", "impossible",
        "impossible_somatic_focus")),
    "perseverance_base": _int(0, 40, nullable=True),
    "perseverance_per_sl": _int(0, 5, nullable=True),
    "spell_failure_pct": _int(0, 100),
    "spell_failure_components": Column("choice", choices=("any", "S", "V"), nullable=True),
    "damage_per_round": Column("str", nullable=True, pattern=r"(\d+d\d+|X) [a-z]+"),
    "summary": Column("str"),
    "source": Column("source"),
})


tables.register_schema("conditions", CONDITIONS_SCHEMA)


def load_rules_table(name: str, schema: Schema) -> pd.DataFrame:
    """Register ``schema`` for ``data/<name>.csv`` (once) and load the table with it.

    Args:
        name: The table's name (the file is ``data/<name>.csv``).
        schema: Its schema.

    Returns:
        A fresh DataFrame from :func:`lfgcombat.tables.load_table`.

    Raises:
        RulesDataError: a bad cell, naming file, line and column.
    """
    tables.register_schema(name, schema)
    return tables.load_table(name)


def conditions_table() -> pd.DataFrame:
    """Every condition and its effects, one row each (``data/conditions.csv``).

    Returns:
        The validated table (columns as :data:`CONDITIONS_SCHEMA`).
    """
    return load_rules_table("conditions", CONDITIONS_SCHEMA)


@dataclass(frozen=True)
class ConditionSpec:
    """One row of ``data/conditions.csv``: everything a condition (or Weakened stage) does.

    Numbers are untyped penalties (negative) or bonuses; ``0`` means no effect. Positive
    ``ac_vs_ranged_far`` is a Cover bonus (Prone's "Partial Cover (+2AC)").

    Attributes:
        key: The row key (``prone``, ``weakened_3``).
        condition: The :class:`Condition`.
        stage: The Weakened stage (``None`` for other conditions).
        aliases: Other names the text uses (``blind``, ``deafened``, ...).
        value: ``none``, ``amount`` (Bleed X) or ``stage`` (Weakened).
        stacking: ``duration`` (longer duration wins), ``sum_capped_by_level`` (Bleed),
            ``stages`` (Weakened).
        implies: Conditions that hold while this one does (Unconscious → Helpless, Prone).
        supersedes: Milder versions this one replaces (Stunned → Staggered).
        on_gain: Conditions added when this one is gained, removable on their own (a
            Broken Leg makes you fall Prone; you may stand up again).
        fortune: ``fortunate``/``unfortunate`` on all d20 rolls.
        ac: To every AC value. ac_vs_melee: to AC against melee attacks and ranged attacks
            from within 5 feet. ac_vs_ranged_far: against ranged attacks from 15+ feet.
        attack, d20, ref_save, physical, mobility: To attack rolls, all d20 rolls, REF
            Saves, Physical skill checks and actions, Mobility (skills).
        physical_damage_pct: Change to physical damage dealt, in percent.
        speed_flat: Feet added to Move Speed before multipliers; speed_flat_50_plus: the
            amount instead when the speed is 50+ feet; speed_floor: this reduction never
            takes the speed below this.
        speed_multiplier: 0.5 (half: two halvings make 1/3) or 0.75; 1 for none.
        immobile, cannot_run, cannot_5ft_step: Movement limits.
        big_actions, little_actions: The most of each per turn (``None``: no limit).
        lose_big_action: A Big Action is spent at the start of the turn.
        reactions, swift_actions, threatens: ``False`` when the condition forbids them.
        loses_dodge_and_shield, dex_zero_vs_attacks, auto_fail_ref: Defensive losses.
        miss_chance: % miss chance of your attacks (others have concealment to you).
        attackers_miss_chance: % miss chance of attacks against you.
        attackers_melee_fortune: Fortune of melee attacks against you.
        precision_vulnerable: Precision damage (Sneak Attack) may strike you.
        spellcasting: ``normal``, ``perseverance`` (DC = base + per_sl × SL), ``impossible``,
            ``perseverance_vs_wrestling_somatic``, ``impossible_somatic_focus``.
        spell_failure_pct, spell_failure_components: Added % spell failure and for which
            spells (``any``, ``S``omatic, ``V``erbal).
        damage_per_round: e.g. ``1d6 fire``; ``X biological`` for Bleed X.
        summary: The whole effect in words. source: Citation(s) (and what is inferred).
    """

    key: str
    condition: Condition
    stage: int | None
    aliases: tuple[str, ...]
    value: str
    stacking: str
    implies: tuple[Condition, ...]
    supersedes: tuple[Condition, ...]
    on_gain: tuple[Condition, ...]
    fortune: Fortune | None
    ac: int
    ac_vs_melee: int
    ac_vs_ranged_far: int
    attack: int
    d20: int
    ref_save: int
    physical: int
    mobility: int
    physical_damage_pct: int
    speed_flat: int
    speed_flat_50_plus: int | None
    speed_floor: int | None
    speed_multiplier: Fraction
    immobile: bool
    cannot_run: bool
    cannot_5ft_step: bool
    big_actions: int | None
    little_actions: int | None
    lose_big_action: bool
    reactions: bool
    swift_actions: bool
    threatens: bool
    loses_dodge_and_shield: bool
    dex_zero_vs_attacks: bool
    auto_fail_ref: bool
    miss_chance: int
    attackers_miss_chance: int
    attackers_melee_fortune: Fortune | None
    precision_vulnerable: bool
    spellcasting: str
    perseverance_base: int | None
    perseverance_per_sl: int | None
    spell_failure_pct: int
    spell_failure_components: str | None
    damage_per_round: str | None
    summary: str
    source: str


def _none(value: Any) -> Any:
    return None if value is None or value is pd.NA or (
        isinstance(value, float) and value != value) else value


def _links(cell: object) -> tuple[Condition, ...]:
    text = _none(cell)
    return tuple(Condition(v) for v in str(text).split(";")) if text else ()


@functools.lru_cache(maxsize=1)
def specs() -> Mapping[str, ConditionSpec]:
    """Every row of ``data/conditions.csv`` as a :class:`ConditionSpec`, by row key.

    Returns:
        A read-only mapping ``{"ablaze": ConditionSpec(...), ..., "weakened_5": ...}``.

    Raises:
        RulesDataError: the table is invalid, or lacks a row for a condition.
    """
    return build_specs(conditions_table())


def build_specs(table: pd.DataFrame, file: str = "data/conditions.csv", *,
                complete: bool = True) -> Mapping[str, ConditionSpec]:
    """The rows of a conditions table (the columns of :data:`CONDITIONS_SCHEMA`, already
    validated by :func:`lfgcombat.tables.load_table`) as :class:`ConditionSpec` values.

    Args:
        table: The table.
        file: Its name, for errors.
        complete: Require a row for every condition and Weakened stage (the lfg table,
            which every creature reads); a ruleset's own catalogue may list fewer
            (:class:`lfgcombat.rulesets.ConditionCatalogue`).

    Returns:
        A read-only mapping by row key.

    Raises:
        RulesDataError: a row whose cells do not go together, or (``complete``) a
            condition without a row; naming the file, line and column.
    """
    out: dict[str, ConditionSpec] = {}
    for line, row in enumerate(table.to_dict("records"), start=2):
        key = row["condition"]
        stage = int(key.rsplit("_", 1)[1]) if key.startswith("weakened_") else None
        condition = Condition.WEAKENED if stage else Condition(key)
        pdc: dict[str, Any] = {name: (None if _none(row[name]) is None else int(row[name]))
               for name in ("speed_flat_50_plus", "speed_floor", "big_actions",
                            "little_actions", "perseverance_base", "perseverance_per_sl")}
        if row["spellcasting"] == "perseverance" and pdc["perseverance_base"] is None:
            raise RulesDataError("spellcasting 'perseverance' needs a perseverance_base",
                                 file, row=line, column="perseverance_base")
        if (row["spell_failure_pct"] > 0) != (_none(row["spell_failure_components"])
                                              is not None):
            raise RulesDataError("spell_failure_pct and spell_failure_components go together",
                                 file, row=line,
                                 column="spell_failure_components")
        fortune = _none(row["fortune"])
        attackers = _none(row["attackers_melee_fortune"])
        numbers: dict[str, Any] = {c: int(row[c]) for c in (
            "ac", "ac_vs_melee", "ac_vs_ranged_far", "attack", "d20", "ref_save", "physical",
            "mobility", "physical_damage_pct", "speed_flat", "miss_chance",
            "attackers_miss_chance", "spell_failure_pct")}
        flags: dict[str, Any] = {c: bool(row[c]) for c in (
            "immobile", "cannot_run", "cannot_5ft_step", "lose_big_action", "reactions",
            "swift_actions", "threatens", "loses_dodge_and_shield", "dex_zero_vs_attacks",
            "auto_fail_ref", "precision_vulnerable")}
        out[key] = ConditionSpec(
            key=key, condition=condition, stage=stage,
            aliases=tuple(a for a in (_none(row["aliases"]) or "").split(";") if a),
            value=row["value"], stacking=row["stacking"],
            implies=_links(row["implies"]), supersedes=_links(row["supersedes"]),
            on_gain=_links(row["on_gain"]),
            fortune=Fortune(fortune) if fortune else None,
            **numbers,
            speed_multiplier=Fraction(str(row["speed_multiplier"])).limit_denominator(100),
            **flags,
            attackers_melee_fortune=Fortune(attackers) if attackers else None,
            spellcasting=row["spellcasting"],
            spell_failure_components=_none(row["spell_failure_components"]),
            damage_per_round=_none(row["damage_per_round"]),
            summary=row["summary"], source=row["source"], **pdc)
    missing = [k for k in ROW_KEYS if k not in out]
    if complete and missing:
        raise RulesDataError(f"no row for {', '.join(missing)}", file, column="condition")
    return MappingProxyType(out)


def spec(condition: Condition | str, stage: int | None = None) -> ConditionSpec:
    """The effects of one condition (of one Weakened stage).

    Args:
        condition: A :class:`Condition` or a name (``"flat-footed"``, ``"blind"``).
        stage: The Weakened stage, 1-5 (only for Weakened).

    Returns:
        Its :class:`ConditionSpec`.

    Raises:
        ConditionError: unknown condition, or a stage missing/out of range.
    """
    cond = _lookup(condition) if isinstance(condition, str) else condition
    if cond is Condition.WEAKENED:
        if stage is None or not 1 <= stage <= MAX_WEAKENED_STAGE:
            raise ConditionError(f"Weakened needs a stage from 1 to {MAX_WEAKENED_STAGE}, "
                                 f"not {short(stage)}")
        return specs()[f"weakened_{stage}"]
    return specs()[cond.value]


def flag_holders(column: str, value: bool = True) -> frozenset[str]:
    """The conditions (row keys of ``data/conditions.csv``) whose boolean ``column`` is
    ``value``, themselves or through a condition they imply.

    ``data/conditions.csv`` is the one source of truth for these flags: the creature's
    Move Speed, the battle map's reach and the encounter read the same column. Ex:
    ``flag_holders("immobile")`` holds Grappled and Pinned ("You cannot move from your
    hex") and Helpless and everything implying it (Asleep, Paralyzed, Unconscious, Dying);
    ``flag_holders("threatens", False)`` the conditions under which a creature threatens
    nothing.

    Args:
        column: A boolean column (``immobile``, ``cannot_run``, ``cannot_5ft_step``,
            ``threatens``, ``reactions``, ...).
        value: Which value to look for.

    Returns:
        The row keys (``grappled``, ``weakened_4``, ...).

    Raises:
        ConditionError: ``column`` is not a boolean column.
    """
    rows = specs()
    if not isinstance(column, str) or not isinstance(getattr(next(iter(rows.values())),
                                                             column, None), bool):
        raise ConditionError(f"{short(column)} is not a true/false column of "
                             "data/conditions.csv")
    return _flag_holders(column, bool(value))


@functools.lru_cache(maxsize=64)
def _flag_holders(column: str, value: bool) -> frozenset[str]:
    rows = specs()

    def holds(key: str, seen: frozenset[str]) -> bool:
        row = rows[key]
        if getattr(row, column) is value:
            return True
        return any(holds(c.value, seen | {key}) for c in row.implies
                   if c.value in rows and c.value not in seen)

    return frozenset(k for k in rows if holds(k, frozenset()))


def _normal(name: str) -> str:
    return re.sub(r"[\s_\-]+", " ", name.strip().lower())


def name_index(rows: Mapping[str, ConditionSpec]) -> dict[str, Condition]:
    """Every name that finds a condition of ``rows`` (its key, its title, its aliases),
    normalised (lower case, one space for ``_``, ``-`` and runs of spaces).

    Args:
        rows: A table's rows (:func:`specs`, or a ruleset's catalogue).

    Returns:
        ``{"flat footed": Condition.FLAT_FOOTED, "blind": Condition.BLINDED, ...}``.
    """
    names: dict[str, Condition] = {}
    for s in rows.values():
        names[_normal(s.condition.value)] = s.condition
        names[_normal(s.condition.title)] = s.condition
        for alias in s.aliases:
            if s.stage is None:
                names[_normal(alias)] = s.condition
    if any(s.condition is Condition.BLEED for s in rows.values()):
        names["bleed"] = Condition.BLEED
    return names


@functools.lru_cache(maxsize=1)
def _names() -> dict[str, Condition]:
    return name_index(specs())


def lookup(name: str) -> Condition:
    """The condition a name means: ``"Flat-Footed"``, ``"blind"``, ``"deafened"``...

    Args:
        name: A condition's name or one of the text's other names for it, any case.

    Returns:
        The :class:`Condition`.

    Raises:
        ConditionError: unknown name (with a "did you mean" and the known names).
    """
    return _lookup(name)


def _lookup(name: str) -> Condition:
    return find_condition(name, _names())


def find_condition(name: str, names: Mapping[str, Condition]) -> Condition:
    """The condition ``name`` means among ``names`` (a :func:`name_index`).

    Args:
        name: A condition's name or another name for it, any case.
        names: The names a table knows.

    Returns:
        The :class:`Condition`.

    Raises:
        ConditionError: unknown name (with a "did you mean" and the known conditions).
    """
    key = _normal(name)
    found = names.get(key)
    if found is None:
        close = difflib.get_close_matches(key, list(names), n=1, cutoff=0.6)
        hint = f"; did you mean {names[close[0]].value!r}?" if close else ""
        known = set(names.values())
        raise ConditionError(f"unknown condition {short(name)}{hint} Known conditions: "
                             + ", ".join(c.value for c in Condition if c in known))
    return found


def bleed_cap(level: int) -> int:
    """The largest X of Bleed X a creature of ``level`` can suffer.

    000_8d1d7816ee944f3b.txt, "Bleed X": "X cannot be greater than the affected creature's
    level. (A level 4 character cannot suffer more than Bleed 4)". A level 0 creature can
    still bleed 1 (inferred: "Unconscious & Dying" gives Bleed 1 to anyone struck to 0 HP
    by a slashing or piercing weapon, goons included).

    Args:
        level: The creature's level.

    Returns:
        ``max(level, 1)``.
    """
    return max(level, 1)


@dataclass(frozen=True, order=False)
class Affliction:
    """One condition a creature has: which, its value (Bleed X, Weakened stage), its duration.

    Args:
        condition: The condition.
        value: X for Bleed X (>= 1), the stage for Weakened (1-5); ``None`` otherwise.
        rounds: Rounds left; ``None`` until removed (the longest duration).

    Raises:
        ConditionError: a value missing, not allowed or out of range.
    """

    condition: Condition
    value: int | None = None
    rounds: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.condition, Condition):
            object.__setattr__(self, "condition", _lookup(str(self.condition)))
        problem = _value_problem(self.condition, self.value)
        if problem:
            raise ConditionError(problem)
        if self.rounds is not None and (isinstance(self.rounds, bool)
                                        or not isinstance(self.rounds, int)
                                        or self.rounds < 1):
            raise ConditionError(f"{self.condition.value}: rounds must be a whole number "
                                 f">= 1 (or absent: until removed), not {short(self.rounds)}")

    @classmethod
    def parse(cls, text: "str | Mapping | Affliction",
              lookup: Callable[[str], Condition] | None = None) -> "Affliction":
        """Read ``"prone"``, ``"Bleed 2"``, ``"weakened stage 3"``, ``"stunned for 2 rounds"``.

        A mapping ``{"condition": "bleed", "value": 2, "rounds": 3}`` works too.

        Args:
            text: The condition as written.
            lookup: What finds a condition by name (default :func:`lookup`, the lfg
                table; a ruleset's :meth:`~lfgcombat.rulesets.ConditionCatalogue.lookup`).

        Returns:
            The :class:`Affliction`.

        Raises:
            ConditionError: unknown name (with a "did you mean"), bad value or duration.
        """
        find = lookup if lookup is not None else _lookup
        if isinstance(text, Affliction):
            return text
        if isinstance(text, Mapping):
            unknown = set(text) - {"condition", "value", "rounds"}
            if unknown or "condition" not in text:
                raise ConditionError(
                    f"a condition mapping has the keys condition, value, rounds; got "
                    f"{sorted(map(str, text))}")
            name = text["condition"]
            if not isinstance(name, str):
                raise ConditionError(f"condition must be a name, not {short(name)}")
            return cls(find(name), text.get("value"), text.get("rounds"))
        if not isinstance(text, str):
            raise ConditionError(f"a condition is written as text such as 'prone' or "
                                 f"'bleed 2', not {short(text)}")
        m = re.fullmatch(r"\s*(?P<name>[A-Za-z][A-Za-z_\s'\-/]*?)"
                         r"(?:[\s,]+(?:stage\s+)?(?P<value>-?\d+))?"
                         r"(?:\s*(?:for\s+(?P<r1>-?\d+)\s+rounds?|\((?P<r2>-?\d+)\s+rounds?\)))?"
                         r"\s*", text, flags=re.IGNORECASE)
        if not m:
            raise ConditionError(f"cannot read condition {short(text)}; write e.g. 'prone', "
                                 "'bleed 2', 'weakened 3' or 'stunned for 2 rounds'")
        value = m["value"]
        rounds = m["r1"] or m["r2"]
        for number in (value, rounds):
            if number is not None and len(number.lstrip("-")) > 9:
                raise ConditionError(f"{m['name'].strip()[:60]}: a number of "
                                     f"{len(number.lstrip('-')):,} digits; at most 9")
        return cls(find(m["name"]), int(value) if value is not None else None,
                   int(rounds) if rounds is not None else None)

    def __str__(self) -> str:
        out = self.condition.value.replace("_", " ")
        if self.value is not None:
            out += f" {self.value}"
        if self.rounds is not None:
            out += f" for {self.rounds} round{'s' if self.rounds != 1 else ''}"
        return out

    @property
    def spec(self) -> ConditionSpec:
        """The effects of this condition (of its Weakened stage)."""
        return spec(self.condition, self.value if self.condition is Condition.WEAKENED
                    else None)


def _value_problem(condition: Condition, value: object) -> str | None:
    kind = {Condition.BLEED: "amount", Condition.WEAKENED: "stage"}.get(condition, "none")
    if kind == "none":
        if value is not None:
            return (f"{condition.value} takes no value (only bleed X and weakened 1-5 do), "
                    f"got {short(value)}")
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        what = "Bleed X needs X, a whole number >= 1" if kind == "amount" else (
            f"Weakened needs a stage from 1 to {MAX_WEAKENED_STAGE}")
        return f"{what} (e.g. '{condition.value} 2'), got {short(value)}"
    if kind == "amount" and not 1 <= value <= 1_000:
        return (f"Bleed X needs X >= 1 and at most 1,000 (never more than the creature's "
                f"level), got {short(value)}")
    if kind == "stage" and not 1 <= value <= MAX_WEAKENED_STAGE:
        return (f"Weakened stages run from 1 to {MAX_WEAKENED_STAGE} "
                f"(000_8d1d7816ee944f3b.txt, \"Weakened\"), got {short(value)}")
    return None


def parse_condition(text: "str | Mapping | Affliction") -> Affliction:
    """Shorthand for :meth:`Affliction.parse`."""
    return Affliction.parse(text)


def _longer(a: int | None, b: int | None) -> int | None:
    return None if a is None or b is None else max(a, b)


_ORDER = {c: i for i, c in enumerate(Condition)}


def stack_afflictions(afflictions: Iterable["Affliction | str | Mapping"], level: int
                      ) -> tuple[Affliction, ...]:
    """Merge conditions gained one after another into the conditions a creature has.

    000_8d1d7816ee944f3b.txt, "Conditions (Sometimes called Status Effects)": the same
    condition twice does not stack, "but the longer lasting duration is always applied";
    "Bleed X": "Multiple Bleed X conditions stack", X at most the creature's level;
    "Weakened": stages add up, to Stage 5 at most ("Weakened, Stage 5+").

    Args:
        afflictions: Conditions in the order gained (text, mappings or :class:`Affliction`).
        level: The creature's level (caps Bleed X).

    Returns:
        One :class:`Affliction` per condition, in :class:`Condition` order.

    Raises:
        ConditionError: an entry cannot be read.
    """
    merged: dict[Condition, Affliction] = {}
    for item in afflictions:
        new = Affliction.parse(item)
        old = merged.get(new.condition)
        if old is None:
            value = new.value
            if new.condition is Condition.BLEED:
                value = min(value or 0, bleed_cap(level))
            merged[new.condition] = Affliction(new.condition, value, new.rounds)
            continue
        rounds = _longer(old.rounds, new.rounds)
        value = old.value
        if new.condition is Condition.BLEED:
            value = min((old.value or 0) + (new.value or 0), bleed_cap(level))
        elif new.condition is Condition.WEAKENED:
            value = min((old.value or 0) + (new.value or 0), MAX_WEAKENED_STAGE)
        merged[new.condition] = Affliction(new.condition, value, rounds)
    return tuple(sorted(merged.values(), key=lambda a: _ORDER[a.condition]))


@dataclass(frozen=True)
class Gained:
    """The result of gaining a condition: the new conditions and what else happens.

    Attributes:
        afflictions: The creature's conditions afterwards.
        consequences: What the caller must still resolve, in words (for example
            ``"1d6 biological damage (Weakened, Stage 5+)"``).
        damage: Dice of damage the gain deals at once (``("1d6 biological",)``).
    """

    afflictions: tuple[Affliction, ...]
    consequences: tuple[str, ...] = ()
    damage: tuple[str, ...] = ()


def gain(current: Iterable[Affliction], new: "Affliction | str | Mapping", level: int
         ) -> Gained:
    """Gain a condition, with its stacking rule and its on-gain effects.

    Besides :func:`stack_afflictions`: a condition's ``on_gain`` conditions are added too
    (a Broken Leg makes you fall Prone, 000_8d1d7816ee944f3b.txt, "Broken Leg"); Weakened
    stages beyond 5 each deal 1d6 biological damage ("Weakened, Stage 5+"); Ablaze deals
    its 1d6 fire damage "as soon as the condition begins" ("Ablaze").

    Args:
        current: The conditions the creature has.
        new: The condition gained.
        level: The creature's level (caps Bleed X).

    Returns:
        :class:`Gained`.

    Raises:
        ConditionError: ``new`` cannot be read.
    """
    current = tuple(current)
    new = Affliction.parse(new)
    consequences: list[str] = []
    damage: list[str] = []
    if new.condition is Condition.WEAKENED:
        before = next((a.value or 0 for a in current if a.condition is Condition.WEAKENED), 0)
        overflow = max(0, before + (new.value or 0) - MAX_WEAKENED_STAGE)
        for _ in range(overflow):
            damage.append("1d6 biological")
            consequences.append("1d6 biological damage (Weakened, Stage 5+: the creature "
                                "stays at Stage 5)")
    if new.condition is Condition.BLEED:
        before = next((a.value or 0 for a in current if a.condition is Condition.BLEED), 0)
        if before + (new.value or 0) > bleed_cap(level):
            consequences.append(f"Bleed capped at {bleed_cap(level)} (X cannot be greater "
                                f"than the creature's level)")
    if new.condition is Condition.ABLAZE and Condition.ABLAZE not in {
            a.condition for a in current}:
        damage.append("1d6 fire")
        consequences.append("1d6 fire damage as the Ablaze condition begins")
    extra = [Affliction(c) for c in new.spec.on_gain]
    for c in new.spec.on_gain:
        consequences.append(f"gains {c.title} ({new.condition.title})")
    return Gained(stack_afflictions([*current, new, *extra], level), tuple(consequences),
                  tuple(damage))


@dataclass(frozen=True)
class Active:
    """A condition in effect: explicit, implied by another, or from the creature's state.

    Attributes:
        condition: The condition.
        spec: Its effects.
        value: Bleed X / Weakened stage.
        rounds: Rounds left (``None``: until removed).
        via: Why it applies when not listed (``"implied by unconscious"``), else ``None``.
    """

    condition: Condition
    spec: ConditionSpec
    value: int | None = None
    rounds: int | None = None
    via: str | None = None

    @property
    def label(self) -> str:
        """How it is named in explanations: ``prone``, ``bleed 2``, ``helpless (implied
        by unconscious)``."""
        text = self.condition.value.replace("_", " ")
        if self.value is not None:
            text += f" {self.value}"
        return f"{text} ({self.via})" if self.via else text


@dataclass(frozen=True)
class ActionLimits:
    """What a creature may do on its turn (000_8d1d7816ee944f3b.txt, "Taking Your Turn":
    "2 Big Actions and 1 Little Action on your turn! (+1 Reaction)").

    Attributes:
        big_actions: Big Actions it may take (after any lost at the start of the turn).
        little_actions: Little Actions.
        swift_actions: May a Little Action be a Swift Action.
        reactions: Reactions per round.
        notes: Which condition set each limit.
    """

    big_actions: int = 2
    little_actions: int = 1
    swift_actions: bool = True
    reactions: int = 1
    notes: tuple[str, ...] = ()

    def explain(self) -> str:
        """The limits on one line (``2 Big, 1 Little, 1 Reaction``), then a line per note."""
        head = (f"{self.big_actions} Big, {self.little_actions} Little"
                f"{'' if self.swift_actions else ' (no Swift)'}, {self.reactions} Reaction"
                f"{'s' if self.reactions != 1 else ''}")
        return "\n".join([head, *(f"  {n}" for n in self.notes)])


@dataclass(frozen=True)
class SpellCasting:
    """Can the creature cast, and what stands in its way.

    Attributes:
        possible: ``False`` when a condition makes casting impossible.
        perseverance: ``(condition, DC)`` per condition calling for a Perseverance check
            (the DC for the spell level asked; ``None`` when it is an opposed check).
        failure_pct: Added % spell failure by component (``any``, ``S``, ``V``).
        notes: Each condition's rule in words.
    """

    possible: bool = True
    perseverance: tuple[tuple[str, int | None], ...] = ()
    failure_pct: Mapping[str, int] = field(default_factory=dict)
    notes: tuple[str, ...] = ()

    @property
    def perseverance_dc(self) -> int | None:
        """The hardest Perseverance DC among the conditions (``None`` if none)."""
        dcs = [dc for _, dc in self.perseverance if dc is not None]
        return max(dcs) if dcs else None


class ConditionSet:
    """The conditions in effect on a creature, with their combined effects.

    Build it with :func:`resolve`. Iterating yields :class:`Active` entries; ``in`` tests a
    :class:`Condition`. Superseded conditions are left out (and listed in
    :attr:`superseded`).
    """

    def __init__(self, entries: Iterable[Active], superseded: Iterable[str] = ()) -> None:
        self.entries: tuple[Active, ...] = tuple(entries)
        self.superseded: tuple[str, ...] = tuple(superseded)

    def __iter__(self) -> Iterator[Active]:
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def __contains__(self, condition: object) -> bool:
        if isinstance(condition, str) and not isinstance(condition, Condition):
            condition = _lookup(condition)
        return any(e.condition is condition for e in self.entries)

    def __repr__(self) -> str:
        return f"ConditionSet({', '.join(e.label for e in self.entries)})"

    def get(self, condition: Condition) -> Active | None:
        """The entry for ``condition``, or ``None``."""
        return next((e for e in self.entries if e.condition is condition), None)

    def modifiers(self, column: str) -> list[Bonus]:
        """The modifiers of one numeric column as labelled bonuses/penalties.

        Args:
            column: ``ac``, ``ac_vs_melee``, ``ac_vs_ranged_far``, ``attack``, ``d20``,
                ``ref_save``, ``physical`` or ``mobility``.

        Returns:
            One :class:`~lfgcombat.bonuses.Bonus` per condition with a non-zero value,
            its source the condition's label. A positive ``ac_vs_ranged_far`` is a Cover
            bonus (Prone: "Partial Cover (+2AC)"); other positive values are untyped.
        """
        out = []
        for e in self.entries:
            value = getattr(e.spec, column)
            if value:
                btype = BonusType.COVER if column == "ac_vs_ranged_far" and value > 0 else None
                out.append(Bonus(int(value), btype, e.label))
        return out

    def flagged(self, column: str) -> list[str]:
        """Labels of the conditions whose boolean ``column`` is true (``immobile``, ...)."""
        return [e.label for e in self.entries if getattr(e.spec, column)]

    def forbidding(self, column: str) -> list[str]:
        """Labels of the conditions whose boolean ``column`` is false (``reactions``,
        ``swift_actions``, ``threatens``)."""
        return [e.label for e in self.entries if not getattr(e.spec, column)]

    def fortune(self) -> Fortune | None:
        """Fortunate/Unfortunate on all d20 rolls after cancelling.

        000_8d1d7816ee944f3b.txt, "Fortunate": "The Fortunate and Unfortunate conditions
        cancel one another out. (The Fortunate condition cannot be stacked)".
        """
        return net_fortune(e.spec.fortune for e in self.entries)

    def fortune_sources(self) -> list[str]:
        """Labels of the conditions making d20 rolls Fortunate or Unfortunate."""
        return [f"{e.label}: {e.spec.fortune.value}" for e in self.entries if e.spec.fortune]

    @property
    def threatens(self) -> bool:
        """``False`` when a condition stops the creature threatening (Prone, Blinded, ...)."""
        return not self.forbidding("threatens")

    @property
    def miss_chance(self) -> int:
        """% miss chance of the creature's own attacks (the highest; Blinded 50)."""
        return max((e.spec.miss_chance for e in self.entries), default=0)

    @property
    def attackers_miss_chance(self) -> int:
        """% miss chance of attacks against the creature (Invisible 50)."""
        return max((e.spec.attackers_miss_chance for e in self.entries), default=0)

    @property
    def attackers_melee_fortune(self) -> Fortune | None:
        """Fortune of melee attacks against the creature (Terrified: Fortunate)."""
        return net_fortune(e.spec.attackers_melee_fortune for e in self.entries)

    @property
    def precision_vulnerable(self) -> bool:
        """May Precision Damage strike the creature (Helpless, Heavily Encumbered)."""
        return bool(self.flagged("precision_vulnerable"))

    @property
    def physical_damage_pct(self) -> int:
        """% change to the creature's physical damage (Weakened: -10 per stage)."""
        return sum(e.spec.physical_damage_pct for e in self.entries)

    def damage_per_round(self) -> list[tuple[str, str]]:
        """``(label, dice)`` of damage taken each round: ``("bleed 2", "2 biological")``."""
        out = []
        for e in self.entries:
            if e.spec.damage_per_round:
                dice = e.spec.damage_per_round.replace("X", str(e.value))
                out.append((e.label, dice))
        return out

    def action_limits(self) -> ActionLimits:
        """The actions left by the conditions (Staggered: one Big Action, ...).

        000_8d1d7816ee944f3b.txt, "Staggered", "Stunned", "Agony / Agonized",
        "Weakened, Stage 4", "Weakened, Stage 5", "Helpless", "Flat-Footed".
        """
        big, little, reactions, swift = 2, 1, 1, True
        notes = []
        for e in self.entries:
            s = e.spec
            if s.big_actions is not None and s.big_actions < big:
                big = s.big_actions
                notes.append(f"{e.label}: " + ("no Big Actions" if s.big_actions == 0 else
                                               f"only {s.big_actions} Big Action"))
            if s.little_actions is not None and s.little_actions < little:
                little = s.little_actions
                notes.append(f"{e.label}: no Little Actions")
            if not s.reactions and reactions:
                reactions = 0
            if not s.swift_actions and swift:
                swift = False
        lost = self.flagged("lose_big_action")
        if lost and big > 0:
            big -= 1
            notes.append(f"{lost[0]}: a Big Action is spent at the start of the turn")
        no_reactions = self.forbidding("reactions")
        if no_reactions:
            notes.append("no Reactions: " + ", ".join(no_reactions))
        no_swift = self.forbidding("swift_actions")
        if no_swift:
            notes.append("no Swift Actions: " + ", ".join(no_swift))
        return ActionLimits(big, little, swift, reactions, tuple(notes))

    def spellcasting(self, spell_level: int = 0) -> SpellCasting:
        """What the conditions do to casting a spell of ``spell_level``.

        Args:
            spell_level: SL in the Perseverance DCs ("DC(10+2xSL)").

        Returns:
            :class:`SpellCasting`.
        """
        possible = True
        checks: list[tuple[str, int | None]] = []
        failure: dict[str, int] = {}
        notes: list[str] = []
        for e in self.entries:
            s = e.spec
            if s.spellcasting == "impossible":
                possible = False
                notes.append(f"{e.label}: spell-casting is impossible")
            elif s.spellcasting == "impossible_somatic_focus":
                notes.append(f"{e.label}: spells with Somatic or Focus components are "
                             "impossible")
            elif s.spellcasting == "perseverance_vs_wrestling_somatic":
                checks.append((e.label, None))
                notes.append(f"{e.label}: spells with Somatic components need a "
                             "Perseverance check against the Wrestling check")
            elif s.spellcasting == "perseverance":
                dc = (s.perseverance_base or 0) + (s.perseverance_per_sl or 0) * spell_level
                checks.append((e.label, dc))
                per = f"+{s.perseverance_per_sl}xSL" if s.perseverance_per_sl else ""
                notes.append(f"{e.label}: Perseverance DC({s.perseverance_base}{per}) = "
                             f"{dc} or the spell fails")
            if s.spell_failure_pct:
                comp = s.spell_failure_components or "any"
                failure[comp] = failure.get(comp, 0) + s.spell_failure_pct
                notes.append(f"{e.label}: +{s.spell_failure_pct}% spell failure"
                             + ("" if comp == "any" else f" ({comp} components)"))
        return SpellCasting(possible, tuple(checks), failure, tuple(notes))

    def to_frame(self) -> pd.DataFrame:
        """One row per condition in effect: condition, value, rounds, via, summary."""
        return pd.DataFrame([{
            "condition": e.condition.value, "value": e.value, "rounds": e.rounds,
            "via": e.via or "", "summary": e.spec.summary} for e in self.entries],
            columns=["condition", "value", "rounds", "via", "summary"])


def resolve(afflictions: Iterable[Affliction],
            extra: Iterable[tuple[Condition, str]] = ()) -> ConditionSet:
    """The conditions in effect: the given ones, those they imply, minus superseded ones.

    Implied conditions follow ``implies`` transitively (Dying → Unconscious → Helpless and
    Prone). When a condition and a more severe version of it both apply ("More severe
    version of ..."), only the severe one counts (Stunned over Staggered, Agony over
    Distressed, Terrified over Frightened, Pinned over Grappled, Blinded over Partially
    Blinded, Heavily Encumbered over Encumbered).

    Args:
        afflictions: The creature's own conditions (stacked).
        extra: Conditions from the creature's state, with the reason (Injured from HP).

    Returns:
        :class:`ConditionSet`.
    """
    entries: dict[Condition, Active] = {}
    for a in afflictions:
        entries[a.condition] = Active(a.condition, a.spec, a.value, a.rounds)
    for cond, why in extra:
        if cond not in entries:
            entries[cond] = Active(cond, spec(cond), via=why)
    queue = list(entries.values())
    while queue:
        e = queue.pop(0)
        for implied in e.spec.implies:
            if implied not in entries:
                entries[implied] = Active(implied, spec(implied),
                                          via=f"implied by {e.condition.value.replace('_', ' ')}")
                queue.append(entries[implied])
    superseded = []
    for e in list(entries.values()):
        for milder in e.spec.supersedes:
            if milder in entries:
                superseded.append(f"{entries[milder].label}: superseded by "
                                  f"{e.condition.value.replace('_', ' ')} (more severe version)")
                del entries[milder]
    ordered = sorted(entries.values(), key=lambda x: _ORDER[x.condition])
    return ConditionSet(ordered, superseded)

"""What each condition does, as data: the table ``data/conditions.csv``.

000_8d1d7816ee944f3b.txt, "Conditions – Full Details": every mechanical effect of every
condition is a column of ``data/conditions.csv`` (one row per condition, one per Weakened
stage); the rest of each entry is its ``summary``. This module reads rows into
:class:`ConditionSpec` values (:func:`specs`, :func:`spec`), finds a condition by any of its
names (:func:`lookup`), and answers which conditions hold a flag (:func:`flag_holders`). A
ruleset's own table is read by the same functions
(:class:`lfgcombat.rulesets.ConditionCatalogue`).
"""

from __future__ import annotations

import difflib
import functools
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any

import pandas as pd

from lfgcombat.io import tables
from .condition_kinds import MAX_WEAKENED_STAGE, ROW_KEYS, Condition, ConditionError, _normal
from lfgcombat.dice import Fortune
from lfgcombat.errors import RulesDataError
from lfgcombat.shortrepr import short
from lfgcombat.io.tables import Column, Schema

__all__ = ["CONDITIONS_SCHEMA", "ConditionSpec", "load_rules_table", "conditions_table",
           "specs", "build_specs", "spec", "flag_holders", "name_index", "lookup",
           "find_condition"]

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
    "cannot_be_flanked": _BOOL,
    "in_a_grapple": _BOOL,
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
        A fresh DataFrame from :func:`lfgcombat.io.tables.load_table`.

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
        cannot_be_flanked: "You cannot be flanked" (Grappled, Pinned).
        in_a_grapple: The creature is in a grapple: "Grappling does not cause the cramped
            condition" ("Space in Combat Gameplay").
        loses_dodge_and_shield, dex_zero_vs_attacks, auto_fail_ref: Defensive losses.
        miss_chance: % miss chance of your attacks (others have concealment to you).
        attackers_miss_chance: % miss chance of attacks against you.
        attackers_melee_fortune: Fortune of melee attacks against you.
        precision_vulnerable: Precision damage (Sneak Attack) may strike you.
        spellcasting: ``normal``, ``perseverance`` (DC = base + per_sl × SL), ``impossible``,
            ``perseverance_vs_wrestling_somatic``, ``impossible_somatic_focus``.
        spell_failure_pct, spell_failure_components: Added % spell failure and for which
            spells (``any``, ``S`` somatic, ``V`` verbal).
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
    cannot_be_flanked: bool
    in_a_grapple: bool
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
    validated by :func:`lfgcombat.io.tables.load_table`) as :class:`ConditionSpec` values.

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
    for line, row in enumerate(tables.records(table), start=2):
        out[row["condition"]] = _row_spec(row, file, line)
    missing = [k for k in ROW_KEYS if k not in out]
    if complete and missing:
        raise RulesDataError(f"no row for {', '.join(missing)}", file, column="condition")
    return MappingProxyType(out)


def _row_spec(row: Mapping[str, Any], file: str, line: int) -> ConditionSpec:
    """One validated row as a :class:`ConditionSpec` (raises naming ``file`` and ``line``)."""
    key = row["condition"]
    stage = int(key.rsplit("_", 1)[1]) if key.startswith("weakened_") else None
    condition = Condition.WEAKENED if stage else Condition(key)
    pdc: dict[str, Any] = {name: (None if _none(row[name]) is None else int(row[name]))
                           for name in ("speed_flat_50_plus", "speed_floor", "big_actions",
                                        "little_actions", "perseverance_base",
                                        "perseverance_per_sl")}
    if row["spellcasting"] == "perseverance" and pdc["perseverance_base"] is None:
        raise RulesDataError("spellcasting 'perseverance' needs a perseverance_base",
                             file, row=line, column="perseverance_base")
    if (row["spell_failure_pct"] > 0) != (_none(row["spell_failure_components"]) is not None):
        raise RulesDataError("spell_failure_pct and spell_failure_components go together",
                             file, row=line, column="spell_failure_components")
    fortune = _none(row["fortune"])
    attackers = _none(row["attackers_melee_fortune"])
    numbers: dict[str, Any] = {c: int(row[c]) for c in (
        "ac", "ac_vs_melee", "ac_vs_ranged_far", "attack", "d20", "ref_save", "physical",
        "mobility", "physical_damage_pct", "speed_flat", "miss_chance",
        "attackers_miss_chance", "spell_failure_pct")}
    flags: dict[str, Any] = {c: bool(row[c]) for c in (
        "immobile", "cannot_run", "cannot_5ft_step", "lose_big_action", "reactions",
        "swift_actions", "threatens", "cannot_be_flanked", "in_a_grapple",
        "loses_dodge_and_shield", "dex_zero_vs_attacks", "auto_fail_ref",
        "precision_vulnerable")}
    return ConditionSpec(
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
        hint = f"; did you mean {_words(names[close[0]])!r}?" if close else ""
        known = set(names.values())
        raise ConditionError(f"unknown condition {short(name)}{hint} Known conditions: "
                             + ", ".join(_words(c) for c in Condition if c in known))
    return found


def _words(c: Condition) -> str:
    """A condition's name in words, as a GM types it: "broken arm", "flat-footed" (the
    text's hyphen, 000_8d1d7816ee944f3b.txt, "Conditions (Sometimes called Status
    Effects)"); every spelling :func:`find_condition` takes back."""
    return c.title.lower() if "-" in c.title else c.value.replace("_", " ")

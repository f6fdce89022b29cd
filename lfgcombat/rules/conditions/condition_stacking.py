"""How conditions stack: the conditions a creature has, read, merged and gained.

000_8d1d7816ee944f3b.txt, "Conditions (Sometimes called Status Effects)": "Being afflicted by
the same condition multiple times does not change or enhance the effects unless specifically
stated by the condition or effect causing it, but the longer lasting duration is always
applied"; "Bleed X" ("Multiple Bleed X conditions stack"; "X cannot be greater than the
affected creature's level"); "Weakened" (stages add up to Stage 5) and "Weakened, Stage 5+"
(each stage beyond deals 1d6 biological damage). :class:`Affliction` is one condition a
creature has; :func:`stack_afflictions` merges them; :func:`gain` adds one with its on-gain
effects.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from .condition_kinds import MAX_WEAKENED_STAGE, Condition, ConditionError
from .condition_table import ConditionSpec, _lookup, spec
from lfgcombat.shortrepr import short

__all__ = ["Affliction", "parse_condition", "stack_afflictions", "Gained", "gain",
           "bleed_cap"]


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


#: The longest condition text read (characters; a creature file's texts are at most 200).
MAX_CONDITION_TEXT = 200


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
        if len(text) > MAX_CONDITION_TEXT:  # the pattern below is quadratic in spaces
            raise ConditionError(f"a condition of {len(text):,} characters; at most "
                                 f"{MAX_CONDITION_TEXT}, e.g. 'stunned for 2 rounds'")
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

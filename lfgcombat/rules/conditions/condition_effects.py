"""What a creature's conditions add up to: the set in effect and its combined effects.

000_8d1d7816ee944f3b.txt, "Conditions (Sometimes called Status Effects)": "If afflicted with
a condition, you suffer all penalties (or benefits) as described in this section".
:func:`resolve` turns the conditions a creature has into a :class:`ConditionSet`: the
explicit conditions plus the ones they imply (Paralyzed → Helpless and Prone, Stunned →
Flat-Footed, ...), minus the ones a more severe version supersedes (Stunned over Staggered,
...), with every modifier labelled by the condition it comes from; "Fortunate" (Fortunate
and Unfortunate cancel out), "Taking Your Turn" (:class:`ActionLimits`) and the
spell-casting limits (:class:`SpellCasting`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import pandas as pd

from ..bonuses import Bonus, BonusType
from .condition_kinds import Condition
from .condition_stacking import _ORDER, Affliction
from .condition_table import ConditionSpec, _lookup, spec
from lfgcombat.dice import Fortune, net_fortune

__all__ = ["Active", "ActionLimits", "SpellCasting", "ConditionSet", "resolve"]


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
        # (frozen once made: the miss chances and the attackers' fortune are read once,
        # on the first attack that asks; issue 24, "Fast")

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
            One :class:`~lfgcombat.rules.bonuses.Bonus` per condition with a non-zero value,
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

    @cached_property
    def miss_chance(self) -> int:
        """% miss chance of the creature's own attacks (the highest; Blinded 50)."""
        return max((e.spec.miss_chance for e in self.entries), default=0)

    @cached_property
    def attackers_miss_chance(self) -> int:
        """% miss chance of attacks against the creature (Invisible 50)."""
        return max((e.spec.attackers_miss_chance for e in self.entries), default=0)

    @cached_property
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

        The conditions' spell lines, from data/conditions.csv:
        000_8d1d7816ee944f3b.txt, "Spellcasting: Perseverance DC10" (Hindered);
        000_8d1d7816ee944f3b.txt, "Spell-Casting: Perseverance DC(10+2xSL)" (Staggered,
        Weakened stages 2 and more).

        Each condition's casting line, its DC in ``data/conditions.csv``: Agony's and
        Weakened's 000_8d1d7816ee944f3b.txt, "Spell-Casting" (Agony: "Perseverance
        DC(15+2xSL)"; Weakened from Stage 2: "DC(10+2xSL)") and Injured's
        000_8d1d7816ee944f3b.txt, "Spellcasting" ("Perseverance DC(10+[2xSL]) or spell
        fails & is wasted").

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
        :class:`ConditionSet` (a frozen value: the same conditions and reasons give the
        same set, remembered, at most 4,096; issue 24, "Fast": a creature struck to a
        number of HP seen before read its conditions in effect again).
    """
    key = (tuple(afflictions), tuple(extra))
    try:
        found = _RESOLVED.get(key)
    except TypeError:  # an unhashable value: worked out (and refused) as before
        return _resolve(*key)
    if found is None:
        found = _resolve(*key)
        if len(_RESOLVED) >= 4096:
            _RESOLVED.clear()
        _RESOLVED[key] = found
    return found


#: ``(afflictions, extra) -> ConditionSet`` (:func:`resolve`).
_RESOLVED: dict[tuple[Any, Any], ConditionSet] = {}


def _resolve(afflictions: Iterable[Affliction],
             extra: Iterable[tuple[Condition, str]] = ()) -> ConditionSet:
    """:func:`resolve` worked out."""
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

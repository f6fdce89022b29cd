"""Initiative policies: who acts next, and what interrupts and readied actions may do.

000_8d1d7816ee944f3b.txt gives three ways to order a round, each a policy object here (the
way python-chess's variants override a few hooks of one board):

* :class:`SelectiveInitiative` - "Rounds, Initiative, & Turn Order: 1 Round represents 6
  seconds of combat." (the default): one Initiative Check at the start; whoever ends a turn
  chooses who goes next among those who have not acted; the last actor opens the next round.
* :class:`RoundByRoundInitiative` - "Alternative Initiative Option #1 – Round-By-Round
  Initiative: (Roll Each Round)": everyone rolls again each round (the last actor of the
  previous round with +5 Innate); within a round turns are chosen as in Selective.
* :class:`TopDownInitiative` - "Alternative Initiative Option #2 – Top-Down Initiative:
  (Highest to lowest)": a fixed order from the first roll; no Interrupt Turns, only readied actions
  (a single Big Action, no roll); optionally, a creature that has not acted yet is
  Flat-Footed.

The encounter asks its ruleset's policy (``Ruleset.initiative_policy``) instead of comparing
mode names. A policy is a frozen value; the hooks that change state receive a small context
(:class:`InitiativeContext`) declaring what they use.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from ..rules.citations import cite as _rule
from ..rules.conditions.effect import Effect

__all__ = ["InitiativePolicy", "SelectiveInitiative", "RoundByRoundInitiative",
           "TopDownInitiative", "InitiativeContext", "INITIATIVE_POLICIES"]

R_ORDER = _rule("Rounds, Initiative, & Turn Order: 1 Round represents 6 seconds of combat.")
R_ROUND_BY_ROUND = _rule("Alternative Initiative Option #1 – Round-By-Round Initiative: "
                         "(Roll Each Round)")
R_TOP_DOWN = _rule("Alternative Initiative Option #2 – Top-Down Initiative: "
                   "(Highest to lowest)")


class InitiativeContext(Protocol):
    """What an initiative policy reads and changes of an encounter."""

    round: int
    _order: list[str]

    def _alive_units(self) -> list[str]: ...

    def _order_units_alive(self) -> list[str]: ...

    def _members(self, unit: str) -> list[str]: ...

    def _unit_initiative(self, unit: str) -> int | None: ...

    def _roll_units(self, units: list[str], label: str, bonus_for: str | None = None
                    ) -> dict[str, int]: ...

    def _rank(self, totals: dict[str, int], label: str) -> list[str]: ...

    def _emit(self, kind: str, *, command: bool = False, actor: str | None = None,
              target: str | None = None, data: Any = None) -> Any: ...


@dataclass(frozen=True)
class InitiativePolicy:
    """How turns are ordered. Subclasses override the class flags and hooks that differ
    (the class attributes below are the capabilities the encounter asks about).

    Attributes:
        name: The ``Ruleset(initiative=...)`` value.
        rule: The citation refusals name.
        fixed_order: Nobody chooses who goes next (so nobody declines a turn or acts
            together with a chosen ally).
        rolls_each_round: Everyone rolls again at each round's end (``end_turn(decline=)``).
        chooser_opens_round: The last actor of a round chooses who opens the next one.
        interrupts_need_ready: Only a readied action may interrupt; it fires without an
            opposed roll, one at a time.
        ready_holds: The actions a readied creature keeps for its interrupt turn, or
            ``None``: whatever it had left.
    """

    name: ClassVar[str] = "selective"
    rule: ClassVar[str] = R_ORDER
    fixed_order: ClassVar[bool] = False
    rolls_each_round: ClassVar[bool] = False
    chooser_opens_round: ClassVar[bool] = True
    interrupts_need_ready: ClassVar[bool] = False
    ready_holds: ClassVar[tuple[int, int] | None] = None
    #: The citation of the flat-footed start (``None``: :attr:`rule`), where a ruleset
    #: keeps it under another heading than its order's (classic's "Conditions").
    flat_footed_rule: ClassVar[str | None] = None

    def first_order(self, ranked: list[str], units: list[str]) -> list[str]:
        """The fixed turn order kept from the first roll (empty: no fixed order).

        Args:
            ranked: The units that rolled, best first.
            units: Every aware unit (those that declined to roll go last).
        """
        return []

    def start_effects(self, name: str) -> list[Effect]:
        """Effects every combatant gains when combat starts (none by default)."""
        return []

    def check_bonus(self, creature: Any, record: Any) -> int | None:
        """The bonus of a combatant's Initiative Check, or ``None``: lfg's Initiative
        Rating + DEX Mod + WIS Mod ("Rounds, Initiative, & Turn Order"). A ruleset whose
        combatants have a record (``record``, see ``HealthModel.combatant``) may roll its
        own check."""
        return None

    def choices(self, ctx: InitiativeContext, left: list[str]) -> list[str]:
        """Who may be chosen next when the current turn ends.

        Args:
            ctx: The encounter.
            left: The units that may still act this round, in table order.
        """
        return left if left else ctx._alive_units()

    def round_end_choice(self, next: str | None) -> str | None:
        """A refusal when ``end_turn(next=...)`` is wrong at a round's end (``None``: fine)."""
        return None

    def next_round_opener(self, ctx: InitiativeContext, last: str, chosen: str | None,
                          declined: set[str]) -> str | None:
        """Who opens the round just begun (after ``round_end``), rolling if the policy says so.

        Args:
            ctx: The encounter.
            last: The unit that acted last.
            chosen: The unit ``last`` chose (``end_turn(next=...)``), if any.
            declined: Creatures that chose not to roll (Round-by-Round).
        """
        return chosen


@dataclass(frozen=True)
class SelectiveInitiative(InitiativePolicy):
    """Selective Initiative ("Rounds, Initiative, & Turn Order"), the default."""


@dataclass(frozen=True)
class RoundByRoundInitiative(InitiativePolicy):
    """Round-by-Round Initiative ("Alternative Initiative Option #1"): "everyone rolls
    initiative at the start of each round"; the creature that acted last in the previous
    round gains +5 Innate."""

    name: ClassVar[str] = "round_by_round"
    rule: ClassVar[str] = R_ROUND_BY_ROUND
    rolls_each_round: ClassVar[bool] = True
    chooser_opens_round: ClassVar[bool] = False

    def choices(self, ctx: InitiativeContext, left: list[str]) -> list[str]:
        return left  # at a round's end: nobody is chosen, everyone rolls

    def round_end_choice(self, next: str | None) -> str | None:
        if next is not None:
            return ("under Round-by-Round Initiative everyone rolls again and the highest "
                    "acts first; leave next= out")
        return None

    def next_round_opener(self, ctx: InitiativeContext, last: str, chosen: str | None,
                          declined: set[str]) -> str | None:
        rolling = [u for u in ctx._alive_units()
                   if not all(n in declined for n in ctx._members(u))]
        totals = ctx._roll_units(rolling, label=f"initiative round {ctx.round}",
                                 bonus_for=last)
        ranked = ctx._rank(totals, f"round {ctx.round}")
        ctx._emit("initiative", data={"order": totals, "first": ranked[0],
                                      "declined": sorted(declined)})
        return ranked[0]


@dataclass(frozen=True)
class TopDownInitiative(InitiativePolicy):
    """Top-Down Initiative ("Alternative Initiative Option #2"): a fixed order.

    Args:
        flat_footed: "Any creature who has not yet acted in combat is considered
            Flat-Footed" (the GM may switch it off).
    """

    flat_footed: bool = True

    name: ClassVar[str] = "top_down"
    rule: ClassVar[str] = R_TOP_DOWN
    fixed_order: ClassVar[bool] = True
    chooser_opens_round: ClassVar[bool] = False
    interrupts_need_ready: ClassVar[bool] = True
    #: "you may take a single prepared Big Action"
    ready_holds: ClassVar[tuple[int, int] | None] = (1, 0)

    def first_order(self, ranked: list[str], units: list[str]) -> list[str]:
        return ranked + [u for u in units if u not in ranked]

    def start_effects(self, name: str) -> list[Effect]:
        if not self.flat_footed:
            return []
        return [Effect(label="flat-footed (has not acted yet: Top-Down)",
                       conditions=("flat_footed",), ends="own_first_turn", on=name,
                       rule=self.flat_footed_rule or self.rule)]

    def choices(self, ctx: InitiativeContext, left: list[str]) -> list[str]:
        if left:
            return [u for u in ctx._order if u in left][:1]
        return ctx._order_units_alive()[:1]

    def next_round_opener(self, ctx: InitiativeContext, last: str, chosen: str | None,
                          declined: set[str]) -> str | None:
        late = [u for u in ctx._alive_units() if u not in ctx._order]
        if late:  # unaware in the Surprise Round: they roll now and join the order
            totals = ctx._roll_units(late, label="initiative (after surprise)")
            known = {u: i for u in ctx._order
                     if (i := ctx._unit_initiative(u)) is not None}
            known.update(totals)
            ctx._order = ctx._rank(known, "order") + [u for u in ctx._order if u not in known]
        alive = ctx._order_units_alive()
        return alive[0] if alive else None


#: The initiative options of "Rounds, Initiative, & Turn Order" by ``Ruleset(initiative=)``.
INITIATIVE_POLICIES: dict[str, type[InitiativePolicy]] = {
    p.name: p for p in (SelectiveInitiative, RoundByRoundInitiative, TopDownInitiative)}

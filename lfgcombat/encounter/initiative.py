"""Initiative: awareness, the Surprise Round, Initiative Checks and who may go next.

000_8d1d7816ee944f3b.txt, "Determine Awareness", "AMBUSH! - What if you’re unaware?", "Rounds,
Initiative, & Turn Order: 1 Round represents 6 seconds of combat." (Selective Initiative),
"Alternative Initiative Option #1 – Round-By-Round Initiative" and "Alternative Initiative
Option #2 – Top-Down Initiative". What differs between the three variants is asked of the
ruleset's :class:`~lfgcombat.rulesets.InitiativePolicy` (``self.initiative_policy``).

Decision: initiative ties go to the higher Initiative bonus; still tied, the tied creatures
roll 1d20 off until one is higher.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Protocol, Self

from ..citations import cite as _rule
from ..dice import Fortune, net_fortune
from ..errors import IllegalActionError
from ..rulesets.initiative import INITIATIVE_POLICIES
from ..rulesets.initiative import InitiativeContext as PolicyContext
from ._citations import R_ORDER
from .arguments import names_arg
from .commands import command
from .state import Effect
from .composition import rules

#: A tie of at most this many units rolls off one by one (first place, then the next...), as
#: the kit always did, so saved fights with such ties replay; a larger one rolls all at once
#: and only those tied again roll again (linear in the group, not quadratic).
_ONE_BY_ONE = 3

if TYPE_CHECKING:
    from collections.abc import Mapping

    from ..creature import Creature
    from ..log import Event
    from ..rulesets import InitiativePolicy
    from .state import TurnFrame, _Fighter


R_AWARE = _rule("Determine Awareness")
R_AMBUSH = _rule("AMBUSH! - What if you’re unaware?")


#: lfg's initiative options: "Rounds, Initiative, & Turn Order" (Selective) and its two
#: alternatives (the policies' names). ``Encounter(..., initiative=...)`` accepts the options
#: of its ruleset's definition (``ruleset.definition.initiative``), these for ``lfg``.
INITIATIVE_MODES: tuple[str, ...] = tuple(INITIATIVE_POLICIES)


class InitiativeRulesContext(PolicyContext, Protocol):
    """What the rules of this module use of an encounter (the parts of
    :class:`~lfgcombat.encounter.Encounter` they may touch)."""

    _f: dict[str, _Fighter]
    _frames: list[TurnFrame]
    _names: list[str]
    _order: list[str]
    _started: bool
    _surprise: bool
    initiative_policy: InitiativePolicy
    round: int

    def _add_effect(self, name: str, effect: Effect) -> None: ...

    def _alive(self, name: str) -> bool: ...

    def _alive_units(self) -> list[str]: ...

    def _begin_turn(self, unit: str, *, kind: str, chosen_by: str | None, first: bool = False,
                    interrupted: str | None = None, forced: bool = False) -> None: ...

    def _do(self, kind: str, args: dict[str, Any]) -> Any: ...

    def _emit(self, kind: str, *, command: bool = False, actor: str | None = None,
              target: str | None = None, data: Mapping[str, Any] | None = None) -> Event: ...

    @staticmethod
    def _frame_units(frame: TurnFrame) -> list[str]: ...

    def _init_bonus(self, name: str) -> int: ...

    def _initiative_check(self, name: str, *, label: str, extra: int = 0,
                          fortune: Fortune | str | None = None, target: str | None = None
                          ) -> int: ...

    def _members(self, unit: str) -> list[str]: ...

    def _rank(self, totals: dict[str, int], label: str) -> list[str]: ...

    def _resolve_units(self, names: Iterable[str], what: str) -> list[str]: ...

    def _roll(self, expr: str, *, label: str, actor: str | None = None, target: str | None = None,
              fortune: Fortune | str | None = None, against: int | None = None,
              outcome: str | None = None) -> Any: ...

    def _roll_units(self, units: list[str], label: str, bonus_for: str | None = None
                   ) -> dict[str, int]: ...

    def _units_to_act(self, exclude: str | Iterable[str] | None = None) -> list[str]: ...

    def _view(self, name: str) -> Creature: ...


if TYPE_CHECKING:  # the rules see an encounter through their context only
    _Base = InitiativeRulesContext
else:
    _Base = object


@rules(InitiativeRulesContext)
class InitiativeRules(_Base):
    """Starting combat and ranking Initiative Checks."""

    _started: bool

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
        return self.initiative_policy.choices(self, left)

    def _unit_initiative(self, unit: str) -> int | None:
        """The unit's Initiative Check this round (``None``: it has not rolled)."""
        return self._f[self._members(unit)[0]].initiative

    def _init_bonus(self, name: str) -> int:
        own = self.initiative_policy.check_bonus(self._view(name), self._f[name].rules)
        return int(self._view(name).initiative_bonus) if own is None else own

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
            out.extend(self._roll_off(tied, label) if len(tied) > _ONE_BY_ONE
                       else self._roll_off_one_by_one(tied, label))
            i = j + 1
        return out

    def _roll_off_one_by_one(self, tied: list[str], label: str) -> list[str]:
        """A small tied group (at most :data:`_ONE_BY_ONE`) rolls off for first place, the
        rest again for the next, as the kit always did (saved fights replay)."""
        out: list[str] = []
        while len(tied) > 1:
            offs = {u: self._roll("1d20", label=f"{u} tie-break roll-off ({label})",
                                  actor=self._members(u)[0]).total for u in tied}
            tied = sorted(tied, key=lambda u: offs[u], reverse=True)
            if offs[tied[0]] != offs[tied[1]]:
                out.append(tied.pop(0))
        return out + tied

    def _roll_off(self, tied: list[str], label: str) -> list[str]:
        """Units tied on total and bonus, ordered by a 1d20 roll-off each; those that tie
        again roll again among themselves (decision). Each roll places every unit whose
        roll differs from the others', so a group of k costs about k rolls; the roll-off one
        by one (:meth:`_roll_off_one_by_one`) rerolls the whole group after placing only its
        winner: about k*k/2 rolls, thousands for a big fight's start (issue 23, item 19).
        Both give every order of the group the same chance."""
        if len(tied) < 2:
            return list(tied)
        offs = {u: self._roll("1d20", label=f"{u} tie-break roll-off ({label})",
                              actor=self._members(u)[0]).total for u in tied}
        out: list[str] = []
        for value in sorted(set(offs.values()), reverse=True):
            out.extend(self._roll_off([u for u in tied if offs[u] == value], label))
        return out

    def start(self, aware: Iterable[str] | None = None, decline: Iterable[str] = ()
              ) -> Self:
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
        self._do("start", {"aware": None if aware is None else names_arg("start", "aware", aware),
                           "decline": names_arg("start", "decline", decline)})
        return self

    @command
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
        self._order = self.initiative_policy.first_order(ranked, units)
        opener = self._order[0] if self._order else ranked[0]  # a fixed order's first
        self._emit("initiative", data={"order": totals, "first": ranked[0],
                                       "declined": sorted(declined)})
        self._emit("round_start", data={"round": 1, "surprise": surprise,
                                        "opener": opener})
        for n in self._names:
            if surprise and n not in aware_names:
                self._add_effect(n, Effect(label="flat-footed (unaware in the Surprise Round)",
                                           conditions=("flat_footed",), ends="round_start",
                                           on=None, rule=R_AMBUSH))
            for effect in self.initiative_policy.start_effects(n):
                self._add_effect(n, effect)
        self._begin_turn(opener, kind="turn", chosen_by=None, first=True)

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

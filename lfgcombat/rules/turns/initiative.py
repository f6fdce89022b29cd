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

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..citations import cite as _rule
from lfgcombat.dice import Fortune, net_fortune
from lfgcombat.errors import IllegalActionError
from lfgcombat.rulesets.initiative import INITIATIVE_POLICIES
from .._citations import R_ORDER
from lfgcombat.engine.arguments import names_arg
from lfgcombat.engine.commands import command
from lfgcombat.engine.state import Effect

#: A tie of at most this many units rolls off one by one (first place, then the next...), as
#: the kit always did, so saved fights with such ties replay; a larger one rolls all at once
#: and only those tied again roll again (linear in the group, not quadratic).
_ONE_BY_ONE = 3

if TYPE_CHECKING:
    from lfgcombat.engine.encounter import Encounter


R_AWARE = _rule("Determine Awareness")
R_AMBUSH = _rule("AMBUSH! - What if you’re unaware?")


#: lfg's initiative options: "Rounds, Initiative, & Turn Order" (Selective) and its two
#: alternatives (the policies' names). ``Encounter(..., initiative=...)`` accepts the options
#: of its ruleset's definition (``ruleset.definition.initiative``), these for ``lfg``.
INITIATIVE_MODES: tuple[str, ...] = tuple(INITIATIVE_POLICIES)


# Initiative: Starting combat and ranking Initiative Checks.


def choices(st: Encounter) -> list[str]:
    """Who may be chosen to act next when the current turn ends.

    Selective Initiative ("Rounds, Initiative, & Turn Order"): "You cannot select a
    creature who has already taken a turn"; once all have acted, the last actor chooses
    who opens the next round, itself included. After an interrupt turn the list is empty:
    "Turn order & selection goes back to the person who was interrupted". Top-Down: the
    next in order; Round-by-Round at a round's end: empty (everyone rolls again).
    """
    if not st._frames:
        return []
    if len(st._frames) > 1:
        return []
    left = st._units_to_act(exclude=st._frame_units(st._frames[-1]))
    return st.initiative_policy.choices(st, left)


def _unit_initiative(st: Encounter, unit: str) -> int | None:
    """The unit's Initiative Check this round (``None``: it has not rolled)."""
    return st._f[st._members(unit)[0]].initiative


def _init_bonus(st: Encounter, name: str, view: Any = None) -> int:
    """The bonus of ``name``'s Initiative Check (the policy's, else lfg's); ``view``: its
    view, when the caller has it (issue 24, "Fast": it was looked up twice)."""
    v = st._view(name) if view is None else view
    own = st.initiative_policy.check_bonus(v, st._f[name].rules)
    return int(v.initiative_bonus) if own is None else own


def _initiative_check(st: Encounter, name: str, *, label: str, extra: int = 0,
                      fortune: Fortune | str | None = None, target: str | None = None
                      ) -> int:
    """Initiative Check = 1d20 + Initiative Rating + DEX Mod + WIS Mod ("Rounds,
    Initiative, & Turn Order"), with the creature's own Fortunate/Unfortunate."""
    view = st._view(name)
    bonus = _init_bonus(st, name, view) + extra
    fort = net_fortune([view.initiative_bonus.fortune, fortune])
    r = st._roll(f"1d20{bonus:+d}", label=label, actor=name, target=target,
                 fortune=fort)
    return r.total


def _rank(st: Encounter, totals: dict[str, int], label: str) -> list[str]:
    """Order by total, then Initiative bonus; roll off what is still tied (decision)."""
    # each unit's bonus read once (issue 24, "Fast": it was read again at every
    # comparison; a roll-off changes nobody's bonus), and only where totals tie: a total
    # no other unit has is ordered by itself (the bonus 0 then never decides)
    counts = Counter(totals.values())
    bonus = {u: _init_bonus(st, st._members(u)[0]) if counts[t] > 1 else 0
             for u, t in totals.items()}

    def key(u: str) -> tuple[int, int]:
        return (totals[u], bonus[u])
    ordered = sorted(totals, key=key, reverse=True)
    out: list[str] = []
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and key(ordered[j + 1]) == key(ordered[i]):
            j += 1
        tied = ordered[i:j + 1]
        out.extend(_roll_off(st, tied, label) if len(tied) > _ONE_BY_ONE
                   else _roll_off_one_by_one(st, tied, label))
        i = j + 1
    return out


def _roll_off_one_by_one(st: Encounter, tied: list[str], label: str) -> list[str]:
    """A small tied group (at most :data:`_ONE_BY_ONE`) rolls off for first place, the
    rest again for the next, as the kit always did (saved fights replay)."""
    out: list[str] = []
    while len(tied) > 1:
        offs = {u: st._roll("1d20", label=f"{u} tie-break roll-off ({label})",
                            actor=st._members(u)[0]).total for u in tied}
        tied = sorted(tied, key=lambda u: offs[u], reverse=True)
        if offs[tied[0]] != offs[tied[1]]:
            out.append(tied.pop(0))
    return out + tied


def _roll_off(st: Encounter, tied: list[str], label: str) -> list[str]:
    """Units tied on total and bonus, ordered by a 1d20 roll-off each; those that tie
    again roll again among themselves (decision). Each roll places every unit whose
    roll differs from the others', so a group of k costs about k rolls; the roll-off one
    by one (:meth:`_roll_off_one_by_one`) rerolls the whole group after placing only its
    winner: about k*k/2 rolls, thousands for a big fight's start (issue 23, item 19).
    Both give every order of the group the same chance."""
    if len(tied) < 2:
        return list(tied)
    offs = {u: st._roll("1d20", label=f"{u} tie-break roll-off ({label})",
                        actor=st._members(u)[0]).total for u in tied}
    out: list[str] = []
    for value in sorted(set(offs.values()), reverse=True):
        out.extend(_roll_off(st, [u for u in tied if offs[u] == value], label))
    return out


def start(st: Encounter, aware: Iterable[str] | None = None, decline: Iterable[str] = ()
          ) -> Encounter:
    """Begin combat: awareness, the Surprise Round, initiative, the first turn.

    000_8d1d7816ee944f3b.txt, "Taking Turns in Combat": the GM's awareness decides who may
    act first, and the turn order is Selective Initiative.

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
    st._do("start", {"aware": None if aware is None else names_arg("start", "aware", aware),
                     "decline": names_arg("start", "decline", decline)})
    return st


@command
def _h_start(st: Encounter, aware: list[str] | None, decline: list[str]) -> None:
    if st._started:
        raise IllegalActionError("combat has already started", R_ORDER)
    aware_names = set(st._names) if aware is None else set(
        st._resolve_units(aware, "aware"))
    declined = set(st._resolve_units(decline, "decline"))
    if not aware_names:
        raise IllegalActionError("nobody is aware of the danger, so nobody can act; "
                                 "name at least one aware creature", R_AWARE)
    bad = declined - aware_names
    if bad:
        raise IllegalActionError(f"{', '.join(sorted(bad))} cannot decline: unaware "
                                 "creatures do not roll initiative", R_AMBUSH)
    units = [u for u in st._alive_units()
             if any(n in aware_names for n in st._members(u))]
    rolling = [u for u in units if not all(n in declined for n in st._members(u))]
    if not rolling:
        raise IllegalActionError("every aware creature declined to roll initiative; "
                                 "someone must roll to act first", R_ORDER)
    surprise = len(aware_names) < len(st._names)
    # validation done
    st._started = True
    st.round = 1
    st._surprise = surprise
    for n in st._names:
        st._f[n].aware = n in aware_names
    totals = st._roll_units(rolling, label="initiative")
    ranked = st._rank(totals, "initiative")
    st._order = st.initiative_policy.first_order(ranked, units)
    opener = st._order[0] if st._order else ranked[0]  # a fixed order's first
    st._emit("initiative", data={"order": totals, "first": ranked[0],
                                 "declined": sorted(declined)})
    st._emit("round_start", data={"round": 1, "surprise": surprise,
                                  "opener": opener})
    for n in st._names:
        if surprise and n not in aware_names:
            st._add_effect(n, Effect(label="flat-footed (unaware in the Surprise Round)",
                                     conditions=("flat_footed",), ends="round_start",
                                     on=None, rule=R_AMBUSH))
        for effect in st.initiative_policy.start_effects(n):
            st._add_effect(n, effect)
    st._begin_turn(opener, kind="turn", chosen_by=None, first=True)


def _roll_units(st: Encounter, units: list[str], label: str, bonus_for: str | None = None
                ) -> dict[str, int]:
    totals: dict[str, int] = {}
    f = st._f
    for u in units:
        members = st._members(u)  # (read once a unit)
        lead = next(n for n in members if not f[n].dead)
        extra = 5 if bonus_for == u else 0
        lab = f"{u} {label}" + (" (+5 Innate: acted last)" if extra else "")
        total = totals[u] = st._initiative_check(lead, label=lab, extra=extra)
        for n in members:
            f[n].initiative = total
    return totals

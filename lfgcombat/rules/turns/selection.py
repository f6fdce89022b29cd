"""Choosing, declining and sharing turns.

000_8d1d7816ee944f3b.txt, "Initiative Problems:" ("If you were selected by an ally, but you
don't want to take your turn yet, you can just tell your ally to pick someone else") and
"Taking Your Turn" ("If you and an ally wish to act at the same time").
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from lfgcombat.shortrepr import short
from lfgcombat.errors import IllegalActionError
from .._citations import R_PROBLEMS, R_TOP_DOWN, R_TURN
from lfgcombat.engine.commands import command
from lfgcombat.engine.state import Effect, _possessive

if TYPE_CHECKING:
    from lfgcombat.engine.encounter import Encounter

    from lfgcombat.engine.state import TurnFrame


# Selection: Declining a turn an ally chose, and acting together with an ally.


def _check_declined(st: Encounter, chooser: str, declined: list[str], choices: list[str],
                    target: str | None, deadlock: bool) -> None:
    """"If you were selected by an ally, but you don't want to take your turn yet, you
    can just tell your ally to pick someone else so you can go later (unless you are
    the last person available to act in the round)"; "If you were selected by an enemy
    creature (or the GM selected you), you must take your turn!" ("Initiative
    Problems:"; 000_8d1d7816ee944f3b.txt, "What if I don’t want to take my turn when I’m
    selected?"). ``deadlock``: the GM breaks an impasse by choosing who acts
    (000_8d1d7816ee944f3b.txt, "What if nobody wants to take their turn after combat has
    begun?")."""
    if st.initiative_policy.fixed_order:
        raise IllegalActionError("under Top-Down Initiative the order decides; nobody "
                                 "is chosen, so nobody can decline", R_TOP_DOWN)
    if deadlock:
        raise IllegalActionError("the GM forced the turn order (the deadlock rule): "
                                 "\"If ... the GM selected you, you must take your turn!\"",
                                 R_PROBLEMS)
    if len(set(declined)) != len(declined):
        raise IllegalActionError("a creature is named twice in declined=", R_PROBLEMS)
    side = st._f[st._members(chooser)[0]].side
    for d in declined:
        if d not in choices:
            raise IllegalActionError(
                f"{d} was not one of {_possessive(chooser)} choices ({', '.join(choices)}), "
                "so it cannot have declined", R_PROBLEMS)
        if d == chooser:
            raise IllegalActionError(f"{chooser} chose itself; there is nobody to ask to "
                                     "pick someone else", R_PROBLEMS)
        if st._f[st._members(d)[0]].side != side:
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


def _frame_decline_problem(st: Encounter, frame: TurnFrame) -> str | None:
    """Why the turn under way is not one its creature may decline: an interrupt turn,
    a fixed order, or already acting together ("Initiative Problems:")."""
    unit = frame.unit
    if frame.kind != "turn":
        return (f"{unit} is taking an interrupt turn it asked for; nobody chose it "
                "(end_turn() to give the turn back)")
    if st.initiative_policy.fixed_order:
        return "under Top-Down Initiative the order decides; nobody chose " + unit
    if frame.together:
        return f"{unit} is already acting together with {', '.join(frame.together)}"
    return None


def _decline_problem(st: Encounter) -> str | None:
    """Why the creature acting now may not ask its chooser to pick someone else
    (``None``: it may)."""
    if not st._frames:
        return "no turn is under way"
    frame = st._frames[-1]
    unit = frame.unit
    why = _frame_decline_problem(st, frame)
    if why is not None:
        return why
    chooser = frame.chosen_by
    last = st._last_command()
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
    if st._f[st._members(chooser)[0]].side != st._f[st._members(unit)[0]].side:
        return (f"{unit} was selected by {chooser}, an enemy: \"If you were selected by an "
                "enemy creature (or the GM selected you), you must take your turn!\"")
    if not st.decline_choices(_checked=True):
        return (f"{unit} is the last one available to act in the round, so it must take "
                "its turn")
    return None


def decline_choices(st: Encounter, *, _checked: bool = False) -> list[str]:
    """Whom the chooser may pick instead if the creature acting now declines its turn
    (empty: it may not decline; :meth:`decline_turn` says why)."""
    if not _checked and _decline_problem(st) is not None:
        return []
    frame = st._frames[-1]
    last = st._last_command()
    before = list(last.data.get("declined") or []) if last is not None else []
    return [u for u in st._units_to_act() if u != frame.unit and u not in before]


def decline_turn(st: Encounter, next: str | None = None) -> Encounter:
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
    why = _decline_problem(st)
    if why is not None:
        raise IllegalActionError(why, R_PROBLEMS)
    frame = st._frames[-1]
    unit, chooser = frame.unit, frame.chosen_by
    options = st.decline_choices(_checked=True)
    if next is None or next not in options:
        said = "" if next is None else f"{next} cannot be chosen instead; "
        raise IllegalActionError(
            f"{said}{unit} asks {chooser} to pick someone else: decline_turn(next=...) with "
            f"one of {', '.join(options)}", R_PROBLEMS)
    last = st._last_command()
    assert last is not None
    events = list(st._log)
    args = dict(last.data)
    args["next"] = next
    args["declined"] = [*(args.get("declined") or []), unit]
    # the GM's map edits since that end_turn (recorded or not) are kept, after it
    with st._keeping_map_edit(after=last.seq):
        st._rebuild(events[:last.seq])
        try:
            st._do("end_turn", args)
        except BaseException:
            st._rebuild(events)
            raise
    return st


def together_choices(st: Encounter) -> list[str]:
    """The allies (creatures or groups) who may act together with the creature acting
    now: of its side, not yet acted this round, able to act (see :meth:`act_together`)."""
    if not st._frames or st._frames[-1].kind != "turn" or \
            st.initiative_policy.fixed_order:
        return []
    frame = st._frames[-1]
    side = st._f[st._members(frame.unit)[0]].side
    return [u for u in st._units_to_act(exclude=st._frame_units(frame))
            if st._f[st._members(u)[0]].side == side]


def act_together(st: Encounter, name: str, ally: str, *, tactical_bonus: int = 0) -> Encounter:
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
    st._do("act_together", {"name": name, "ally": ally,
                            "tactical_bonus": tactical_bonus})
    return st


def _together_unit(st: Encounter, name: str, ally: str, frame: TurnFrame) -> str:
    """The unit (a creature's, or a group) ``ally`` names, checked: an ally of
    ``name`` whose turn is still available ("Taking Your Turn": "If you and an ally
    wish to act at the same time")."""
    if ally in st._groups:
        unit = ally
    elif isinstance(ally, str) and ally in st._f:
        unit = st._unit_of[ally]
    else:
        raise IllegalActionError(f"no creature or group named {short(ally)}", R_TURN)
    if unit in st._frame_units(frame):
        raise IllegalActionError(f"{ally} is already acting on this turn", R_TURN)
    if st._f[st._members(unit)[0]].side != st._f[name].side:
        raise IllegalActionError(f"{ally} is not {_possessive(name)} ally: \"If you and an "
                                 "ally wish to act at the same time\"", R_TURN)
    if unit not in st._units_to_act(exclude=st._frame_units(frame)):
        if not st._unit_alive(unit):
            why = "cannot act (dead)"
        elif st._surprise and not any(st._f[m].aware for m in st._members(unit)):
            why = "is unaware, and gets no turn in the Surprise Round"
        else:
            why = "has already taken its turn this round"
        raise IllegalActionError(f"{ally} {why}: its turn must be available", R_TURN)
    return unit


@command
def _h_act_together(st: Encounter, name: str, ally: str, tactical_bonus: int) -> None:
    st._actor(name)
    frame = st._frames[-1]
    if frame.kind != "turn":
        raise IllegalActionError(f"{name} is taking an interrupt turn; acting together is "
                                 "for a turn taken in the order (\"When it is your turn\")",
                                 R_TURN)
    if st.initiative_policy.fixed_order:
        raise IllegalActionError("under Top-Down Initiative the order is fixed; nobody "
                                 "is selected to go next", R_TOP_DOWN)
    unit = _together_unit(st, name, ally, frame)
    if (isinstance(tactical_bonus, bool) or not isinstance(tactical_bonus, int)
            or not 0 <= tactical_bonus <= 5):
        raise IllegalActionError(f"tactical_bonus is the GM's Tactical Bonus, a whole number "
                                 f"from 0 to 5, not {short(tactical_bonus)}", R_TURN)
    # commit
    st._frames[-1] = frame = dataclasses.replace(frame,
                                                 together=(*frame.together, unit))
    st._emit("together", actor=name, target=st._members(unit)[0],
             data={"unit": unit, "tactical_bonus": tactical_bonus, "rule": R_TURN})
    st._start_unit(unit, "turn")
    if tactical_bonus:
        for n in st._frame_members(frame):
            if st._alive(n):
                st._add_effect(n, Effect(
                    kind="act_together",
                    label=f"acting together: +{tactical_bonus} Tactical to attack rolls",
                    bonuses=({"to": "attack", "value": tactical_bonus,
                              "type": "tactical", "source": "acting together"},),
                    ends="turn_end", on=name, rule=R_TURN))

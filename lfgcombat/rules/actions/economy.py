"""The action economy: Big, Little, Swift, Free, Double and Full-Round Actions, Reactions, spells
per turn and "Attacks Per Turn".

000_8d1d7816ee944f3b.txt, "Taking Your Turn" ("2 Big Actions and 1 Little Action on your turn!
(+1 Reaction)"), "Actions in Combat What can I do on my turn?", "Big Actions (BA)", "Little
Actions (LA)", "Swift Action (LAs)", "Free Action", "Double Action (DA)", "Full-Round Action
(FRA)", "Attacks Per Turn", "Agony / Agonized". How many attacks a turn allows, how they spread
over Big Actions and how many Free Actions a turn has are asked of the ruleset's action
economy (:class:`~lfgcombat.rulesets.ActionEconomy`), never read off the creature's sheet.
"""

from __future__ import annotations

import dataclasses
import operator
from typing import TYPE_CHECKING, Any

from lfgcombat.shortrepr import short
from ..citations import cite as _rule
from lfgcombat.errors import IllegalActionError
from .._citations import R_ACTIONS, R_APT, R_CONDITIONS, R_DEATH, R_PAUSED, R_READY, R_TURN
from lfgcombat.engine.state import FRESH_TURN, ActionsLeft, TurnBudget, _Fighter, _possessive

if TYPE_CHECKING:
    from lfgcombat.engine.encounter import Encounter


R_BIG = _rule("Big Actions (BA): Big Actions require a decent amount of mental attention "
              "and/or physical effort to complete. You can take 2 Big Actions on a Turn. "
              "The most common uses of Big Actions are:")
R_LITTLE = _rule("Little Actions (LA): Little Actions are simple & quick, requiring only a "
                 "small amount of effort to complete.")
R_DOUBLE = _rule("Double Action (DA)")
R_FULL_ROUND = _rule("Full-Round Action (FRA)")


def _words(action: str) -> str:
    """An action's id in words, for people (``cast_spell`` -> ``cast spell``)."""
    return str(action).replace("_", " ")


def _little_slot(name: str, type_: str, action: str, big: int, little: int) -> str:
    """The slot a Little (or Swift) Action uses: a Little Action, or a Big Action in its
    place ("You can always replace a Big Action with a Little Action"); raises if none."""
    if little > 0:
        return type_
    if big > 0:
        return f"{type_} (in place of a Big Action)"
    raise IllegalActionError(f"{name} has no Little Action left for {_words(action)} "
                             "(and no Big Action to spend instead)", R_LITTLE)


# Economy: Spending actions and counting what is left.


def actions_left(st: Encounter, name: str) -> ActionsLeft:
    """What ``name`` may still do this turn and round, and why ("Taking Your Turn",
    "Actions in Combat", and the conditions that limit actions).

    000_8d1d7816ee944f3b.txt, "Big Actions (BA)": 2 Big Actions a turn;
    000_8d1d7816ee944f3b.txt, "REACTIONS: Attack of Opportunity (AOO), Attempt an Interrupt
    Turn, Active Parry": the Reaction left this round.
    """
    f = st._fighter(name)
    if f.rules is not None:  # a ruleset's record: its economy answers
        return st._record_actions_left(name)
    v = st._view(name)
    # Kept on the view (a frozen creature: its conditions, effects and level), keyed on
    # everything else the count reads, all frozen values or plain ones compared by
    # identity (a false miss only counts again): its turn's budget, Reactions used,
    # death, Full-Round and readied actions, card, awareness, the surprise round, the
    # ruleset, the groups (this encounter's: a creature may fight in several) and the
    # turns under way. Issue 24, "Fast": it was counted afresh for every creature at
    # every hand-over.
    key = (f.turn, f.reactions_used, f.dead, f.full_round, f.ready, f.done, f.aware,
           st._surprise, st.ruleset, st._groups, *st._frames)
    kept = v.__dict__.get("_actions_left")
    if kept is not None and kept[0] == name and len(kept[1]) == len(key) and \
            all(map(operator.is_, kept[1], key)):
        return kept[2]
    out = _count_actions_left(st, name, f, v)
    v.__dict__["_actions_left"] = (name, key, out)
    return out


def _count_actions_left(st: Encounter, name: str, f: _Fighter, v: Any) -> ActionsLeft:
    """:func:`actions_left` counted now (not kept) for an lfg combatant ``f`` seen as
    ``v``."""
    frames = st._frames
    # in a turn under way, and in the one acting now (Encounter.acting: its living members)
    in_turns = [fr is frames[-1] for fr in frames if name in st._frame_members(fr)]
    lim = _limits(st, name, v)
    notes = list(lim.notes)
    on_turn = bool(in_turns) and in_turns[-1] and not f.dead
    # a creature whose turn is still to come this round shows what it will have when
    # its turn begins ("Taking Your Turn"), not last round's leftovers (issue 11)
    upcoming = (not on_turn and not f.done and not f.dead
                and (f.aware or not st._surprise) and not in_turns)
    turn = FRESH_TURN if upcoming else f.turn
    big = max(0, lim.big_actions - turn.big_used)
    little = max(0, lim.little_actions - turn.little_used)
    economy = st.ruleset.economy
    free = max(0, economy.free_actions - turn.free_used)
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
    if f.ready and not st._in_ready_frame(name):
        big = little = free = 0
        notes.append(f"readied ({f.ready.action} when {f.ready.trigger}): the rest "
                     f"of its turn waits for the trigger ({R_READY})")
    spells = 0 if turn.spells or (lim.big_actions <= 0 and lim.little_actions <= 0) else 1
    attacks = _attacks_left(st, name, big, turn, v, economy)
    if economy.one_attack_or_cast(v.level) and (turn.spells or turn.attacks):
        spells = 0
        attacks = 0
        notes.append(f"level {v.level}: one Big Action per turn attacks or casts ({R_APT})")
    if not on_turn:
        notes.append("not its turn: only Reactions (and Immediate Actions)")
    elif st._frames and st._frames[-1].resumed:
        about = st._frames[-1].paused_before
        notes.append("its turn resumes after an interrupt: \"you must continue your "
                     "intended course of action if possible\"" + (
                         f" ({about})" if about else "") + f" ({R_PAUSED})")
    return ActionsLeft._counted(name, big, little, lim.swift_actions, free, reactions,
                                spells, attacks, on_turn, notes)


def _actor(st: Encounter, name: str) -> _Fighter:
    """The creature must be acting now and able to act."""
    f = st._fighter(name)
    if not st._frames:
        hint = "start()" if not st._started else "the fight is over"
        raise IllegalActionError(f"no turn is under way; {hint}", R_TURN)
    if name not in st._frame_members(st._frames[-1]):
        raise IllegalActionError(f"it is {_possessive(st.current)} turn, not "
                                 f"{_possessive(name)}; act on "
                                 "another's turn only with a Reaction (an interrupt)",
                                 R_TURN)
    if f.dead:
        raise IllegalActionError(f"{name} is dead", R_DEATH)
    if f.full_round:
        raise IllegalActionError(f"{name} is busy with a Full-Round Action "
                                 f"({f.full_round}) until the start of its next turn",
                                 R_FULL_ROUND)
    if f.ready is not None and not st._in_ready_frame(name):
        raise IllegalActionError(f"{name} readied an action, so the rest of its turn "
                                 "waits for the trigger: end its turn, and the readied "
                                 "action fires as an interrupt when the trigger occurs",
                                 R_READY)
    return f


def _reaction_problem(st: Encounter, name: str) -> str | None:
    f = st._f[name]
    if f.dead:
        return "it is dead"
    if f.rules is not None:  # a ruleset's record: its economy says (wounds: its AOO)
        return st.ruleset.economy.aoo_problem(f.rules)
    if f.full_round:
        return f"its Full-Round Action ({f.full_round}) blocks Reactions ({R_FULL_ROUND})"
    lim = st._view(name).actions
    if lim.reactions <= 0:
        why = "; ".join(lim.notes) or "no Reactions"
        return f"it cannot take Reactions ({why}) ({R_CONDITIONS})"
    if f.reactions_used >= lim.reactions:
        return "its Reaction this round is used"
    return None


def _limits(st: Encounter, name: str, view: Any = None) -> Any:
    """The creature's action limits this turn. Agony: "When your turn begins, you
    automatically expend a Big Action" ("Agony / Agonized"): the conditions take one
    Big Action off whenever Agony is present; on the turn Agony is gained it costs
    nothing yet, and on a turn it began with, it stays spent if Agony ends.

    ``view``: its view, when the caller has it (:func:`_count_actions_left`)."""
    f = st._f[name]
    v = st._view(name) if view is None else view
    lim = v.actions
    now = any(e.spec.lose_big_action for e in v.active_conditions.entries)
    if now == f.turn.agony_spent or not any(fr.kind != "ready" and name in
                                            st._frame_members(fr) for fr in st._frames):
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


def _free_left(st: Encounter, name: str, action: str, lim: Any) -> bool:
    """Whether a Free Action is left this turn; raises if it can take no action."""
    if lim.big_actions <= 0 and lim.little_actions <= 0:
        # "You cannot take any Actions on your turn" (Stunned); "cannot act"
        # (Unconscious); no voluntary movement (Paralyzed); asleep
        raise IllegalActionError(f"{name} can take no actions now ("
                                 + "; ".join(lim.notes) + f") — {action}", R_CONDITIONS)
    return st._f[name].turn.free_used < st.ruleset.economy.free_actions


def _check_spend(st: Encounter, name: str, type_: str, action: str) -> str:
    """Which slot the action would use; raises if none is left (and for a combatant
    with a ruleset's record, whose round has no lfg action slots).

    000_8d1d7816ee944f3b.txt, "Full-Round Actions (FRA)": a Full-Round Action needs both
    Big Actions, and nothing else may be done until it is complete (:func:`_actor`).
    """
    f = st._f[name]
    if f.rules is not None:
        economy = st.ruleset.economy
        raise IllegalActionError(
            f"{name} cannot {_words(action)}: it is not an action of the "
            f"{st.ruleset.name} round, which has "
            f"{', '.join(_words(a) for a in economy.single_actions)} and a Move Action",
            getattr(economy, "rule", st.ruleset.text))
    lim = _limits(st, name)
    big = lim.big_actions - f.turn.big_used
    little = lim.little_actions - f.turn.little_used
    if type_ == "big":
        if big <= 0:
            why = "; ".join(lim.notes)
            raise IllegalActionError(
                f"{name} has no Big Action left for {_words(action)} ({f.turn.big_used} used"
                + (f"; {why}" if why else "") + ")", R_BIG)
        return "big"
    if type_ in ("double", "full_round"):
        if f.turn.big_used or big < 2:
            rule = R_DOUBLE if type_ == "double" else R_FULL_ROUND
            raise IllegalActionError(
                f"{_words(action)} is a {type_.replace('_', '-')} action and needs both Big "
                f"Actions; {name} has {max(big, 0)}", rule)
        return type_
    if type_ == "free":
        if _free_left(st, name, action, lim):
            return "free"
        type_ = "swift"  # "any Free Actions used beyond this number should be ... Swift"
    if type_ == "swift" and not lim.swift_actions:
        raise IllegalActionError(f"{name} cannot use Swift Actions ("
                                 + "; ".join(lim.notes) + f") — {action}", R_CONDITIONS)
    if type_ in ("little", "swift"):
        return _little_slot(name, type_, action, big, little)
    raise IllegalActionError(f"unknown action type {short(type_)}", R_ACTIONS)


def _charged(turn: TurnBudget, slot: str, type_: str) -> dict[str, Any]:
    """What an action of ``type_`` paid from ``slot`` changes in the turn's budget (a new
    dict: :func:`_spend` copies the budget once with it and its own changes)."""
    if slot in ("big", "double", "full_round") or "in place of a Big" in slot:
        return {"big_used": turn.big_used + (2 if slot in ("double", "full_round") else 1)}
    if slot == "free":
        return {"free_used": turn.free_used + 1}
    return {"little_used": turn.little_used + 1,
            "free_used": turn.free_used + (1 if type_ == "free" else 0)}


def _spend(st: Encounter, name: str, type_: str, action: str, target: str | None = None,
           more: dict[str, Any] | None = None) -> str:
    """Spend the action's slot (:func:`_check_spend`), and ``more`` of the turn's budget
    (the caller's own changes, made in the same copy)."""
    slot = st._check_spend(name, type_, action)
    f = st._f[name]
    if st._frames and name in st._frame_members(st._frames[-1]):
        if st._frames[-1].resumed:
            st._frames[-1] = dataclasses.replace(st._frames[-1], resumed=False)
    # the budget charged, with the last action (and no move left after another action)
    # and the caller's changes in one copy (issue 24, "Fast": up to four copies were made)
    changes = _charged(f.turn, slot, type_)
    changes["last_action"] = action
    if action not in ("move", "attack"):
        changes["move_left"] = None
    if more:
        changes.update(more)
    f.turn = f.turn.replace(**changes)
    if action != "attack" and f.effects:  # Aim: lost on any other action before the attack
        for e in list(f.effects):
            if e.lost_on_action:
                st._end_effect(name, e, f"{name} took another action ({action})")
    st._emit("spend", actor=name, target=target, data={
        "action": action, "type": type_, "slot": slot})
    return slot


def _attacks_left(st: Encounter, name: str, big_left: int, turn: TurnBudget | None = None,
                  view: Any = None, economy: Any = None) -> int:
    t = turn if turn is not None else st._f[name].turn
    v = st._view(name) if view is None else view
    economy = st.ruleset.economy if economy is None else economy
    total = economy.turn_attacks(v)
    left = max(0, total - t.attacks)
    if t.riders == 0 and big_left == 0:
        return 0
    if t.riders == 0:
        return min(left, economy.attacks_on(v.level, big_left, t.double_attack_used))
    return min(left, t.riders + economy.attacks_on(v.level, big_left, True))

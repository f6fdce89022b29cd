"""The fast tier from where a fight stands: "chances from here" in compiled fights.

:func:`~lfgcombat.prep.simulate` of an :class:`~lfgcombat.Encounter` under way plays it on
the fast tier (:mod:`lfgcombat.prep.kernel`) when the kernel can start from its current
state exactly, else on the reference tier (:mod:`lfgcombat.prep.from_here`), and the run's
notes say why in words (:func:`here_problems`); ``compare(encounter, tactics=[...])``
picks the same tier for every variant (:func:`here_refusal`: the fast tier only when it can
start from here under each variant's tactics, so that the variants keep common seeds).
What the kernel starts from, all read from the encounter (000_8d1d7816ee944f3b.txt):

* HP and Temporary HP as they stand; who is dead, who is dying with its Bleed X and the
  rounds it has bled ("Bleed X": clotting after 10 rounds), who is stable ("Unconscious &
  Dying", "Stabilize when Dying": a dying creature rolls its DC20 FORT Save as it lies);
* the round, whose turn it is, who has acted this round (Selective Initiative, "Rounds,
  Initiative, & Turn Order"), the attacks the acting creature has made this turn (its
  next attack takes the Consecutive Attack Penalty of that many, "Attacks Per Turn") and
  those it has left;
* Gang Up's record: who has attacked each creature since its turn began ("Multiple
  Opponents");
* the starting conditions the kernel plays for the whole fight
  (:data:`~lfgcombat.prep.spec.FAST_TIER_CONDITIONS`), and those of a creature lying at 0
  HP or less (Bleed, the Prone and Weakened of falling), which act on nothing but its
  save to stabilize.

Whatever else the fight holds is refused to the fast tier by name, never approximated: a
map, a ruleset other than lfg's kernel plays (classic's and wounds' kernels start a fight
at its start), Perfect Critical's injuries and Momentum of Impact's Knockdown, a turn
paused by an interrupt, a surprise round, conditions the kernel does not play or that end
during the fight, effects, readied and full-round actions, and tactics with turn choices.

Fight ``i`` replays exactly (:func:`replay_fast_here`): the real fight's log rebuilt with
its own dice, then the kernel's draws of fight ``i`` as dice (:func:`~lfgcombat.prep.replay.
fight_dice`), played on by the reference tier's tactics.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ..dice import ScriptedRoller
from ..engine import Encounter
from ..errors import DiceError, IllegalActionError, LfgError
from ..rules.health.saves import save_odds
from ..rules.health.vitals import STABILIZE_DC
from .from_here import _play, _rebuilt
from .kernel import fight_states, trace_fight
from .reference import Outcome
from .replay import ReplayError, ScriptedEncounter, _Draws, _compare, _mismatch, fight_dice
from .spec import (FightSpec, PrepError, Scenario, _condition_problem, attacks_per_turn,
                   build_spec, sizes_differ)
from .weapons import scenario_weapons, weapon_notes
from .tiers import _plays_lfg_kernel, tactics_problems

__all__ = ["here_problems", "here_spec", "replay_fast_here", "DOWN_CONDITIONS",
           "here_refusal", "reference_here", "fast_here"]

#: The conditions of a creature lying at 0 HP or less that the kernel plays: its Bleed X
#: (ticking on its turn, "Bleed X"), and the Prone and Weakened of falling unconscious,
#: which change nothing it does until it gets up (nobody heals in GM prep's fights) but its
#: DC20 FORT Save to stabilize, read from the creature as it lies.
DOWN_CONDITIONS = ("bleed", "prone", "weakened")


def _fight_problems(enc: Encounter, scenario: Scenario) -> list[str]:
    """What of the fight as a whole the kernel cannot start from (a Knockdown only where
    a strike can make one: on a foe at least one size category smaller)."""
    out = []
    if enc.map is not None:
        out.append("the fight is on a map: the fast tier plays the open field only (no "
                   "movement, reach or attacks of opportunity)")
    rs = enc.ruleset
    if not _plays_lfg_kernel(rs):
        out.append(f"it is played under {rs.name} ({rs.text}): the fast tier plays a fight "
                   "under way by lfg's kernel only (the other kernels start a fight at its "
                   "start)")
    elif rs.initiative != "selective":
        out.append(f"its initiative is {rs.initiative!r}: the fast tier plays Selective "
                   "Initiative only")
    if rs.perfect_critical:
        out.append("Perfect Critical is on: the fast tier hands a creature's second injury "
                   "to the reference tier from the fight's first die, which a fight under "
                   "way does not have")
    if enc.knockdown_after_strike and sizes_differ(scenario):
        out.append("foes differ in size and the encounter rolls Momentum of Impact's "
                   "Knockdown (000_8d1d7816ee944f3b.txt, \"Momentum of Impact: Bigger "
                   "Creatures hitting Smaller Creatures\"), which the fast tier does not "
                   "play")
    if enc.interrupted:
        out.append(f"{', '.join(enc.interrupted)}'s turn is paused by an interrupt")
    if enc._surprise:
        out.append("it is in its surprise round")
    return out


def _creature_problems(enc: Encounter, name: str) -> list[str]:
    """What of creature ``name`` the kernel cannot start from."""
    c, st, f = enc.creature(name), enc.state(name), enc._f[name]
    out = []
    if int(st.hp) > 0:
        out += [p for p in (_condition_problem(c, a) for a in c.conditions) if p]
    else:
        out += [f"{name} lies at {st.hp} HP with the condition {a}" for a in c.conditions
                if a.condition.value not in DOWN_CONDITIONS or a.rounds is not None]
    if f.effects:
        out.append(f"{name} is under {', '.join(str(e.label) for e in f.effects)}")
    if f.ready is not None:
        out.append(f"{name} has a readied action")
    if f.full_round is not None:
        out.append(f"{name} is in a full-round action ({f.full_round})")
    return out


def here_problems(enc: Encounter, scenario: Scenario) -> list[str]:
    """Why the fast tier cannot play ``enc`` on from where it stands, one sentence each
    (empty: it can, exactly).

    Args:
        enc: The fight (checked by :func:`~lfgcombat.prep.from_here.check_encounter`).
        scenario: Its scenario (:func:`~lfgcombat.prep.from_here.prepare_here`): the
            tactics.
    """
    whole = _fight_problems(enc, scenario)
    out = tactics_problems(scenario) + whole
    for name in enc.names:
        out += _creature_problems(enc, name)
    if enc.round < 1 and any(int(enc.state(n).hp) <= 0 for n in enc.names):
        out.append("it has not started and someone is already down (the kernel rolls "
                   "initiative among creatures that are all up)")
    if enc.round >= 1 and enc.current is not None and not whole:  # lfg's turn counted
        f = enc._f[str(enc.current)]
        left = int(enc.actions_left(str(enc.current)).attacks)
        if int(f.turn.attacks) + left > _turn_attacks(scenario, str(enc.current)):
            out.append(f"{enc.current} has {left} attacks left after {f.turn.attacks}, more "
                       "than a turn of its attacks holds")
    return out


def _turn_attacks(scenario: Scenario, name: str) -> int:
    c = scenario.creatures[scenario.names.index(name)]
    return attacks_per_turn(_stand_in(c, 1), scenario.ruleset)


def _stand_in(c: Any, hp: int) -> Any:
    """``c`` for the kernel's numbers: as it is when up; when down (``hp`` <= 0), standing
    at 1 HP without the conditions of lying down (its numbers as an attacker and target
    are never used: nobody heals in GM prep's fights)."""
    if hp > 0:
        return c
    keep = [a for a in c.conditions if a.condition.value not in DOWN_CONDITIONS]
    return c.replace(current_hp=1, conditions=keep)


def here_spec(enc: Encounter, scenario: Scenario, max_rounds: int, note: str,
              danger: Any = None) -> FightSpec:
    """The fast tier's numbers of ``enc`` played on from where it stands (call only when
    :func:`here_problems` finds nothing): lfg's kernel numbers of its creatures as they
    stand (:func:`~lfgcombat.prep.spec.build_spec`), with the state of the module
    docstring (:attr:`FightSpec.here <lfgcombat.prep.spec.FightSpec.here>`); ``note``
    first among its notes. The weapons (and ``danger``, the ``dangerous`` policy's scores,
    when given) are those the reference tier reads of the fight as it stands, so both
    tiers play the same choices."""
    names = scenario.names
    states = [enc.state(n) for n in names]
    hps = [int(s.hp) for s in states]
    stand = tuple(_stand_in(c, h) for c, h in zip(scenario.creatures, hps))
    numbers = dataclasses.replace(scenario, creatures=stand, start=None)
    # the weapons and their notes of the fight as it stands, as the reference tier has
    # them (chosen against every foe, the fallen too), not the stand-ins'
    numbers.__dict__["_weapons"] = scenario_weapons(scenario)
    numbers.__dict__["_weapon_notes"] = weapon_notes(scenario)
    base = build_spec(numbers, max_rounds)
    n = len(names)
    here = np.zeros((5, n), np.int64)
    seen = np.zeros((n, n), np.int64)
    stabilize = np.array(base.stabilize_p, dtype=float)
    for i, (name, c, s) in enumerate(zip(names, scenario.creatures, states)):
        f = enc._f[name]
        here[0, i] = int(bool(f.dead))
        if hps[i] <= 0:
            here[1, i] = sum(int(a.value or 1) for a in c.conditions
                             if a.condition.value == "bleed")
            here[2, i] = int(f.bleed_rounds) if here[1, i] else 0
            stabilize[i] = save_odds(c, "fort", STABILIZE_DC)  # as it lies
        here[3, i] = int(bool(f.done))
        attackers = [names.index(a) for a in enc._gang.get(name, []) if a in names]
        here[4, i] = len(attackers)
        seen[i, :len(attackers)] = attackers
    turn0 = np.array([-1, 1, 0, 0], np.int64)
    if enc.round >= 1:
        cur = str(enc.current)
        turn0 = np.array([names.index(cur), enc.round, int(enc._f[cur].turn.attacks),
                          int(enc.actions_left(cur).attacks)], np.int64)
    if danger is not None:  # the reference tier's scores of the fight as it stands
        base = dataclasses.replace(base, danger=np.asarray(danger, dtype=float))
    return dataclasses.replace(
        base, start_hp=np.array(hps, np.int64),
        start_temp=np.array([int(s.temp_hp) for s in states], np.int64),
        stabilize_p=stabilize, here=here, here_seen=seen, turn0=turn0,
        notes=(note,) + base.notes)


def replay_fast_here(scenario: Scenario, spec: FightSpec, words: np.ndarray,
                     expected: Mapping[str, Any]) -> Encounter:
    """Fight ``words`` of a fast-tier run played on from ``scenario.start``: the real
    fight rebuilt from its log with its own dice, then the kernel's draws of that fight as
    the dice an encounter rolls for them (:func:`~lfgcombat.prep.replay.fight_dice`),
    played on by the reference tier's tactics; its log begins with the real fight's.

    Raises:
        ReplayError: the replay differs from the simulated fight (the message says how).
    """
    start = scenario.start
    traced, events = trace_fight(spec, fight_states(np.asarray(words)[None, :])[0])
    diff = _compare(expected, _outcome(traced), scenario.names)
    if diff is not None:
        raise ReplayError(f"the kernel's plain-Python twin plays another fight ({diff}); was "
                          "the result made by another version of lfgcombat?")
    dice, draws = fight_dice(scenario, spec, events, int(words[2]))
    header = {**start.header, "seed": int(words[0]),
              "dice": [list(d) for d in start.dice] + [list(d) for d in dice]}
    enc = _rebuilt(header, start.events)
    assert isinstance(enc, ScriptedEncounter)
    try:
        got = _play(scenario, spec, enc, 0, rng=_Draws(draws))
    except (DiceError, IllegalActionError, LfgError) as exc:
        raise ReplayError(f"this fast-tier fight from {start.where} cannot be replayed "
                          f"exactly: {_mismatch(enc.roller, str(exc))}") from None
    diff = _compare(expected, got, scenario.names)
    roller = enc.roller
    if diff is not None or not isinstance(roller, ScriptedRoller) or roller.unscripted \
            or roller.used != len(roller.script):
        raise ReplayError(f"this fast-tier fight from {start.where} cannot be replayed "
                          f"exactly: {_mismatch(roller)}; {diff or 'the outcome matches'}")
    return enc


def _outcome(traced: Mapping[str, Any]) -> Any:
    return Outcome(traced)


def fast_note(where: str, events: int) -> str:
    """The run's note of a fight under way played on the fast tier."""
    return (f"Played on from where the fight stands ({where}; {events} events of its log) "
            f"on the fast tier (compiled fights from that state: HP, Bleed and the dying, "
            f"whose turn, the attacks spent, Gang Up so far): HP lost and damage dealt count "
            f"from there; result.replay(i) begins with the fight's own log")


def reference_note(problems: list[str]) -> str:
    """The run's note when the fast tier cannot start from where a fight stands."""
    return (f"Played on the reference tier (real encounters from the fight's log, every "
            f"rule; tenths of a second a fight): the fast tier cannot start from where this "
            f"fight stands: {'; '.join(problems)}")


def here_refusal(enc: Encounter, scenarios: Sequence[Scenario], tier: str | None
                 ) -> list[str]:
    """Why the fast tier cannot play ``enc`` on from where it stands under any of
    ``scenarios`` (the tactics of each; each reason once, in order): empty when it can.

    Raises:
        PrepError: ``tier="fast"`` and there is a reason, naming it.
    """
    problems = list(dict.fromkeys(p for sc in scenarios for p in here_problems(enc, sc)))
    if problems and tier == "fast":
        raise PrepError(f"the fast tier cannot play this fight on from where it stands: "
                        f"{'; '.join(problems)}. Leave tier out (or pass tier='reference'): "
                        "the reference tier plays it on with every rule")
    return problems


def reference_here(spec: FightSpec, problems: Sequence[str]) -> FightSpec:
    """The reference tier's numbers of a fight under way with the note saying why the fast
    tier cannot start from it, after the note saying where the fights begin."""
    notes = spec.notes[:1] + (reference_note(list(problems)),) + spec.notes[1:]
    return dataclasses.replace(spec, notes=notes)


def fast_here(enc: Encounter, scenario: Scenario, spec: FightSpec, max_rounds: int
              ) -> FightSpec:
    """The fast tier's numbers of ``enc`` played on from where it stands (call only when
    :func:`here_refusal` finds nothing), with the reference tier's ``dangerous`` scores
    where a side's tactics use them (:func:`here_spec`)."""
    start = scenario.start
    note = fast_note(start.where, len(start.events))
    dangerous = any(t.target == "dangerous" for t in scenario.tactics)
    return here_spec(enc, scenario, max_rounds, note, spec.danger if dangerous else None)

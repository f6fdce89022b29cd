"""GM prep of the fight on the table: play an :class:`~lfgcombat.Encounter` on from where
it stands, on the reference tier (an open-field fight under lfg's rules goes to the fast
tier instead, :mod:`lfgcombat.prep.fast_here`, when its kernel can start from that state).

:func:`~lfgcombat.prep.simulate` (and :func:`~lfgcombat.prep.compare`) take an encounter,
before it starts or in the middle of a fight, and play it to its end ``n`` times from its
current state: the positions on its map, HP and Wounds, conditions and their remaining
rounds, the round, whose turn it is and the actions already spent (the acting creature
spends what it has left). The state is the encounter's log (DESIGN.md: the state is the
replay of the log), so nothing of it is copied by hand:

* **The start.** The fight's log and header are read once (a map edit not yet recorded is
  recorded first, :meth:`~lfgcombat.Encounter.record_map_edits`); the log is replayed
  into a :class:`~lfgcombat.prep.replay.ScriptedEncounter` to collect every die the fight
  has rolled so far, in order (both attempts of a Fortunate or Unfortunate roll,
  "Conditions – Full Details", the first attempt first: :func:`dice_so_far`).
* **Fight ``i``** is a :class:`~lfgcombat.prep.replay.ScriptedEncounter` whose script is
  those dice and whose seed is fight ``i``'s dice seed: replaying the real log with it
  gives the real fight's events one for one (checked, as :meth:`Encounter.load
  <lfgcombat.Encounter.load>` checks a save), and every die after them comes from fight
  ``i``'s own seed. The reference tier's tactics (:mod:`lfgcombat.prep.reference`) then
  play it on, their choices drawn from fight ``i``'s tactics seed. So
  :meth:`SimResult.replay(i) <lfgcombat.prep.result.SimResult.replay>` is an encounter
  whose log begins with the real fight's log, and it saves and loads as any
  ``ScriptedEncounter`` does.
* **Speed.** A process rebuilds the start once (kept by :attr:`Start.key` for the run's
  next chunks, with one checkpoint of its state) and plays each fight on a copy of it
  restored from that checkpoint as :meth:`Encounter.fork <lfgcombat.Encounter.fork>`
  restores one (about 2 ms; a pickle round trip took three times that) given fight
  ``i``'s roller: the same
  encounter, die for die, as the replay builds from the log (a test holds the two
  together, and :meth:`~lfgcombat.prep.result.SimResult.replay` checks every replayed
  outcome against the simulated one).

What a result counts from here: ``hp`` is where each creature's HP track ends
(:func:`~lfgcombat.prep.standing.track`), HP lost is measured from where the fight stands
(the spec's ``start_hp``), damage dealt and ``felled`` count the strikes played on, and
``rounds`` is the encounter's round when the fight ended. A creature already down stays in
the fight (it may bleed, stabilize or die in the aftermath) and is never a target.

Refused, each with the kit's :class:`~lfgcombat.prep.spec.PrepError`: an encounter that is
already over (:attr:`Encounter.over <lfgcombat.Encounter.over>`), one with nobody left to
act, one past the round limit, one whose groups share a turn (the tactics play one
creature a turn), and one whose log does not replay.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import pickle
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..dice import ScriptedRoller
from ..engine import Encounter, checkpoints
from ..errors import LfgError
from ..engine.log import EventLog, LogFormatError
from ..engine.replay import _see_map
from .reference import Outcome, play_on
from .replay import ReplayError, ScriptedEncounter, _compare
from .spec import FightSpec, PrepError, Scenario, make_scenario, plays_lfg_text, reference_spec
from .tactics import coerce_tactics

__all__ = ["Start", "prepare_here", "play_chunk", "replay_here", "dice_so_far"]


@dataclass(frozen=True, eq=False)
class Start:
    """Where a fight stands: what rebuilds it, and where that is in words.

    Attributes:
        header: The encounter's header (as its save file writes it) with ``"dice"``: every
            die rolled so far, ``(sides, face)`` in the order rolled.
        events: The fight's log.
        where: ``"round 3, Orc Shaman's turn"`` or ``"before it starts"``.
        key: A digest of the header and the log (:func:`start_of`): a process that has
            rebuilt this start once keeps it under this key (:func:`play_chunk`).
    """

    header: Mapping[str, Any]
    events: tuple[Any, ...]
    where: str
    key: str = ""

    @property
    def dice(self) -> tuple[tuple[int, int], ...]:
        """Every die the fight has rolled so far, ``(sides, face)`` in order."""
        return tuple((int(n), int(f)) for n, f in self.header["dice"])

    def encounter(self, seed: int) -> ScriptedEncounter:
        """The fight as it stands, rebuilt from its log, its later dice from ``seed``.

        Raises:
            PrepError: the log does not replay (a bug in lfgcombat: please report it).
        """
        return _rebuilt({**self.header, "seed": int(seed)}, self.events)


def _rebuilt(header: Mapping[str, Any], events: Sequence[Any]) -> ScriptedEncounter:
    """A :class:`ScriptedEncounter` of ``header`` with ``events`` replayed (and checked),
    as :meth:`Encounter.fork <lfgcombat.Encounter.fork>` builds its copy.

    Raises:
        PrepError: the log does not replay.
    """
    try:
        enc = ScriptedEncounter._from_header(header)
        enc._rebuild(list(events))
    except (LogFormatError, LfgError) as exc:
        raise PrepError(f"GM prep cannot rebuild this fight from its log ({exc}); save it "
                        "(enc.save) and report the file: this is a bug in lfgcombat"
                        ) from None
    assert isinstance(enc, ScriptedEncounter)
    return enc


def dice_so_far(roller: Any) -> list[tuple[int, int]]:
    """Every die ``roller`` (a :class:`~lfgcombat.dice.Roller` or
    :class:`~lfgcombat.dice.ScriptedRoller`) has rolled, ``(sides, face)`` in the order
    rolled.

    A roll's history keeps the attempt it kept first and the other as ``other`` under
    Fortunate and Unfortunate (000_8d1d7816ee944f3b.txt, "Conditions – Full Details",
    Fortunate: "roll the appropriate dice twice and take the better result"), so the order
    of the two attempts is not in it; both roll the same dice, so the order of the dice's
    *sides* is. The faces are then drawn again as the roller drew them: its
    script first, then its generator from its seed, one ``randrange`` per die
    (``Roller._attempt``: "the rng draws stay in this one method so the sequence for a
    seed never changes").
    """
    sides: list[int] = []
    for r in roller.history:
        for a in (r, r.other) if r.other is not None else (r,):
            sides += [int(res.dice.sides) for res in a.results for _ in res.faces]
    script = tuple(getattr(roller, "script", ()))
    rng = random.Random(roller.seed)
    out = list(script[:len(sides)])
    for n in sides[len(out):]:
        out.append((n, rng.randrange(n) + 1))
    return out


def _where(enc: Encounter) -> str:
    if enc.round < 1:
        return "before it starts"
    return f"round {enc.round}, {enc.current}'s turn"


def check_encounter(enc: Encounter, max_rounds: int) -> None:
    """Refuse a fight GM prep cannot play on from here, saying what to do.

    Raises:
        PrepError: the fight is over, nobody is left to act, it is past ``max_rounds``, or
            groups of creatures share a turn.
    """
    standing = enc.standing()
    if enc.over:
        up = [s for s, names in standing.items() if names]
        who = f"only {up[0]} has anyone standing" if up else "nobody is standing"
        raise PrepError(f"this fight is already over ({who}): there is nothing left to "
                        "simulate; undo to a moment before it ended, or simulate the "
                        "creatures from a fresh start (simulate({side: [creatures]}))")
    if enc.round >= 1 and enc.current is None:
        raise PrepError("nobody is left to act in this fight (enc.current is None): "
                        "there is no turn to play on from")
    if enc.round > max_rounds:
        raise PrepError(f"this fight is in round {enc.round}, past the round limit "
                        f"max_rounds={max_rounds} after which GM prep calls a fight a draw; "
                        f"pass a larger max_rounds")
    grouped = sorted({enc.state(n)["unit"] for n in enc.names} - set(enc.names))
    if grouped:
        raise PrepError(f"in this fight {', '.join(grouped)} share one turn as a group; GM "
                        "prep's tactics play one creature a turn: build the encounter "
                        "without groups= to simulate it")


def start_of(enc: Encounter) -> Start:
    """The :class:`Start` of ``enc`` (a map edit not yet recorded is recorded first).

    Raises:
        PrepError: the log does not replay.
    """
    enc.record_map_edits()
    header = dict(enc._header())  # the save file's header: what fork() rebuilds from
    events = tuple(enc.log)
    again = _rebuilt(header, events)  # the real dice (a script of its own included)
    header = {**header, "dice": [list(d) for d in dice_so_far(again.roller)]}
    key = hashlib.sha1(pickle.dumps((sorted(header.items(), key=repr),
                                     [e.to_json() for e in events]))).hexdigest()
    return Start(header, events, _where(enc), key)


def prepare_here(enc: Any, tactics: Any, max_rounds: int) -> tuple[Scenario, FightSpec]:
    """The scenario (its :attr:`~lfgcombat.prep.spec.Scenario.start` set) and numbers of
    ``enc`` played on from where it stands: its combatants as they stand now
    (:meth:`Encounter.creature <lfgcombat.Encounter.creature>`), by side in the order the
    encounter names them, its ruleset and its Knockdown rule (the tactics stand a Prone
    creature up when the encounter rolls Knockdowns by itself).

    Raises:
        PrepError: what :func:`check_encounter` refuses; a creature without a weapon.
        TacticsError: unknown tactics or sides.
    """
    if not isinstance(enc, Encounter):
        raise PrepError(f"expected a lfgcombat.Encounter, not {type(enc).__name__}")
    check_encounter(enc, max_rounds)
    sides: dict[str, list[Any]] = {}
    for name in enc.names:
        sides.setdefault(enc.side(name), []).append(enc.creature(name))
    rs = enc.ruleset
    scenario = make_scenario(sides, rs, coerce_tactics(tactics, list(sides)),
                             knockdown=bool(enc.knockdown_after_strike) and plays_lfg_text(rs))
    start = start_of(enc)
    scenario = dataclasses.replace(scenario, start=start)
    spec = reference_spec(scenario, max_rounds, states=[enc.state(n) for n in scenario.names])
    note = (f"Played on from where the fight stands ({start.where}; {len(start.events)} "
            f"events of its log) on the reference tier: HP lost and damage dealt count from "
            f"there; result.replay(i) begins with the fight's own log")
    return scenario, dataclasses.replace(spec, notes=(note,) + spec.notes)


def _fight(base: "_Base", seed: int) -> ScriptedEncounter:
    """A copy of the start ``base`` whose later dice come from ``seed``: the encounter
    :meth:`Start.encounter` rebuilds from the log with that seed (the script used up, the
    rolls so far kept, the generator fresh from ``seed``).

    Built as :meth:`Encounter.fork <lfgcombat.Encounter.fork>` builds its copy: a new
    encounter of the start's header (its creatures the same frozen values) put in the
    state of the start's checkpoint (:func:`~lfgcombat.engine.checkpoints.restore_into`:
    the state deep-copied, frozen values shared; the map's tokens copied), its log the
    start's events. About a third of a pickle round trip of the whole encounter
    (issue 25, item 4)."""
    # the encounter's own constructor: ScriptedEncounter._from_header would reset it once
    # more for its script, a state the checkpoint's replaces (and the roller: below)
    enc = super(ScriptedEncounter, ScriptedEncounter)._from_header(
        {**base.header, "seed": int(seed)})
    assert isinstance(enc, ScriptedEncounter)
    enc._dice = base.dice
    hmap = enc.map
    with (hmap.hold() if hmap is not None else contextlib.nullcontext()):
        enc._log = EventLog(list(base.events), cite=enc.ruleset.cite_event,
                            words=enc.ruleset.event_words,
                            fixed_order=enc.initiative_policy.fixed_order)
        checkpoints.restore_into(enc, base.checkpoint)
        enc._views.clear()
        if hmap is not None:
            _see_map(enc)
    enc._checkpoints = []
    enc.checkpoint_every = None  # nobody undoes a simulated fight
    roller = ScriptedRoller(seed, enc._dice)
    roller.used = len(roller.script)
    roller.history = list(base.history)
    enc.roller = roller
    enc.seed = seed
    return enc


def _play(scenario: Scenario, spec: FightSpec, enc: Encounter, tactics_seed: int,
          rng: Any = None) -> Outcome:
    """Play ``enc`` on (starting it first if it has not started) by the tactics, their
    draws from ``tactics_seed`` (or ``rng``: a fast-tier fight's own draws)."""
    if enc.round < 1:
        enc.start()
    if rng is None:
        rng = np.random.Generator(np.random.PCG64(int(tactics_seed)))
    return play_on(scenario, spec, enc, rng, spec.max_rounds)


@dataclass(frozen=True, eq=False)
class _Base:
    """A start rebuilt once (:func:`_frozen`), what each fight's copy is made of
    (:func:`_fight`): the header (its creatures the rebuilt start's frozen values), the
    log, a checkpoint of the state (never changed: restoring copies out of it) and the
    rolls so far."""

    header: Mapping[str, Any]
    events: tuple[Any, ...]
    checkpoint: checkpoints.Checkpoint
    history: tuple[Any, ...]
    dice: tuple[tuple[int, int], ...]


#: The starts this process has rebuilt, by :attr:`Start.key` (the last few: a run's
#: chunks, on a pool's worker too, rebuild their start once, not once a chunk).
_BASES: dict[str, _Base] = {}
_KEEP_BASES = 4


def _frozen(start: Start) -> _Base:
    """``start`` rebuilt (:meth:`Start.encounter`) and kept as a :class:`_Base` by
    :attr:`Start.key` for the next chunk.

    Raises:
        PrepError: the log does not replay, or replays with other dice.
    """
    found = _BASES.get(start.key) if start.key else None
    if found is not None:
        return found
    enc = start.encounter(0)
    roller = enc.roller
    if not isinstance(roller, ScriptedRoller) or roller.unscripted \
            or roller.used != len(roller.script):
        raise PrepError("GM prep rebuilt this fight with other dice than it rolled; this "
                        "is a bug in lfgcombat: please report it")
    header = {**start.header, "creatures": [enc._initial[n] for n in enc._names]}
    base = _Base(header, tuple(enc._log), checkpoints.take(enc), tuple(roller.history),
                 enc._dice)
    if start.key:
        while len(_BASES) >= _KEEP_BASES:
            _BASES.pop(next(iter(_BASES)))
        _BASES[start.key] = base
    return base


def play_chunk(scenario: Scenario, spec: FightSpec, words: np.ndarray) -> list[Outcome]:
    """The outcomes of fights ``words`` (rows of six seed words: the dice seed and the
    tactics seed first) played on from ``scenario.start``; the start is rebuilt once a
    process (:func:`_frozen`)."""
    start = scenario.start
    assert isinstance(start, Start)
    base = _frozen(start)
    return [_play(scenario, spec, _fight(base, int(w[0])), int(w[1])) for w in words]


def replay_here(scenario: Scenario, spec: FightSpec, words: np.ndarray,
                expected: Mapping[str, Any]) -> Encounter:
    """Fight ``words`` played on from ``scenario.start``, rebuilt from the real fight's log
    (:meth:`Start.encounter`) and played again: its log begins with the real fight's.

    Raises:
        ReplayError: the replay differs from the simulated fight.
    """
    start = scenario.start
    assert isinstance(start, Start)
    enc = start.encounter(int(words[0]))
    got = _play(scenario, spec, enc, int(words[1]))
    diff = _compare(expected, got, scenario.names)
    if diff is not None:
        raise ReplayError(f"the fight played on from {start.where} replays differently "
                          f"({diff}); was the result made by another version of lfgcombat?")
    return enc

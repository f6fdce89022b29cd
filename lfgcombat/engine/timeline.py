"""Back to any line of the log, keeping what was undone as a branch (issue 26, item 4).

DESIGN.md, "How data flows": the fight is its log, and undo replays a prefix of it. "Back
to here" on a line of the event log (or on a roll of the dice log) undoes every step after
the one that line belongs to; what was undone is not lost but kept as a :class:`Branch`:
a fork of the fight as it stood (:meth:`~lfgcombat.engine.Encounter.fork`), which the GM
may play on by itself or bring back into the same encounter with :meth:`Timeline.resume`
(the state being left then becomes a branch in its turn).

Not a rule of the texts but of the kit: a GM at the table ("that was the wrong orc", "we
forgot Wulfric's Reaction three steps ago") goes back to a line, and can change their mind.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..errors import LfgError

if TYPE_CHECKING:  # pragma: no cover
    from . import Encounter
    from .log import Event

__all__ = ["Branch", "StepLine", "Timeline", "step_lines", "step_of", "roll_event",
           "steps_after"]

#: Effects that say less about a step than the line after them (the action spent: lfg's
#: ``spend``, the single action of classic's and wounds' rounds; an AOO offered).
_QUIET = ("spend", "aoo_offered", "single_action")


@dataclass(frozen=True)
class StepLine:
    """One step of the log (one public call of the encounter), as a line to pick.

    Attributes:
        seq: The step's first event (its command) in the log.
        last: The step's last event.
        number: The step's number, from 1.
        round: The round it was taken in.
        text: What it did, in words (its most telling event).
    """

    seq: int
    last: int
    number: int
    round: int
    text: str

    def __str__(self) -> str:
        return f"{self.number}. (round {self.round}) {self.text}"


def _steps(enc: Encounter) -> list[tuple[int, int]]:
    """``(first, last)`` event of every step, in order."""
    log = enc.log
    starts = [e.seq for e in log if e.command]
    ends = [*(s - 1 for s in starts[1:]), len(log) - 1]
    return list(zip(starts, ends))


def _telling(events: list[Event], line: Any = None) -> str:
    """The step's most telling line: its first effect by the creature that acts in it
    (not a roll, the action spent or an AOO offered to another), else its first other
    effect but a roll, else its first roll, else the single action it spent, else the
    command itself (a cast that drew an AOO is told by the cast, not by the offer; an
    attack under classic or wounds by its outcome, not by the single action spent).
    ``line``: the log's words for an event (:meth:`~lfgcombat.engine.log.EventLog.line`),
    else its own."""
    effects = [e for e in events[1:] if e.kind not in _QUIET]
    said = [e for e in effects if e.kind != "roll"]
    own = [e for e in said if events[0].actor is not None and e.actor == events[0].actor]
    spent = [e for e in events[1:] if e.kind == "single_action"]
    telling = (own or said or effects or spent or events[:1])[0]
    return line(telling) if line is not None else telling.describe()


def step_lines(enc: Encounter) -> list[StepLine]:
    """The log's steps, one line each (oldest first).

    Args:
        enc: The encounter.

    Returns:
        One :class:`StepLine` per step.
    """
    log = enc.log
    out = []
    for i, (first, last) in enumerate(_steps(enc)):
        events = [log[k] for k in range(first, last + 1)]
        out.append(StepLine(first, last, i + 1, int(log[first].round),
                            _telling(events, log.line)))
    return out


def step_of(enc: Encounter, seq: Any) -> StepLine:
    """The step that event ``seq`` belongs to.

    Raises:
        LfgError: ``seq`` is not an event of the log.
    """
    n = len(enc.log)
    if isinstance(seq, bool) or not isinstance(seq, int) or not 0 <= seq < n:
        raise LfgError(f"no line {seq!r} in the log: give an event number from 0 to {n - 1}"
                       if n else "the log is empty: there is no line to go back to")
    return next(s for s in step_lines(enc) if s.seq <= seq <= s.last)


def roll_event(enc: Encounter, roll: Any) -> int:
    """The log event of roll number ``roll`` (counted from 1, as the dice log's ``#``).

    Raises:
        LfgError: no such roll.
    """
    rolls = [e.seq for e in enc.log if e.kind == "roll"]
    if isinstance(roll, bool) or not isinstance(roll, int) or not 1 <= roll <= len(rolls):
        raise LfgError(f"no roll #{roll!r}: the dice log has rolls #1 to #{len(rolls)}"
                       if rolls else "no roll has been made yet")
    return rolls[roll - 1]


def steps_after(enc: Encounter, seq: int) -> int:
    """How many steps come after the step of event ``seq`` (what "back to here" undoes)."""
    last = step_of(enc, seq).last
    return sum(1 for e in enc.log if e.command and e.seq > last)


@dataclass(frozen=True)
class Branch:
    """What "back to here" undid, kept to return to.

    Attributes:
        number: Its number in its :class:`Timeline`, from 1.
        encounter: The fight as it stood before going back (a fork: play it on by itself,
            or :meth:`Timeline.resume` it).
        kept: How many events of the log it shares with the line gone back to.
        steps: How many steps it has beyond that line.
        text: Its last step, in words.
    """

    number: int
    encounter: Encounter = field(repr=False, compare=False)
    kept: int
    steps: int
    text: str

    def __str__(self) -> str:
        return (f"branch {self.number}: {self.steps} step{'s' if self.steps != 1 else ''} "
                f"on, to \"{self.text}\" (round {self.encounter.round})")


def _restore(enc: Encounter, events: list[Event]) -> None:
    """Make ``enc`` the replay of ``events`` (a branch's log, whose start it shares), in
    place, so the widgets watching it follow; its listeners are told.

    The encounter's public methods undo (a shorter log) and fork (a copy), but cannot yet
    take a longer log back into the same object: this is the one place outside
    ``lfgcombat/engine/`` that uses its replay (``_rebuild``, as ``undo`` does) and its
    listeners. An ``Encounter.restore(events)`` would replace it."""
    enc._rebuild(list(events))
    for fn in list(enc._listeners):
        fn(enc)


class Timeline:
    """An encounter's branches: go back to any line, and return to what was undone.

    Args:
        encounter: The encounter (it stays the same object: widgets keep watching it).

    Attributes:
        encounter: The encounter.
        branches: What was undone and not resumed, oldest first.
    """

    def __init__(self, encounter: Encounter) -> None:
        from . import Encounter
        if not isinstance(encounter, Encounter):
            raise LfgError(f"a Timeline follows an Encounter, not {type(encounter).__name__}")
        self.encounter = encounter
        self.branches: list[Branch] = []
        self._made = 0

    def _keep(self, kept: int) -> Branch | None:
        """Fork the fight as it stands into a new branch (``None``: nothing past ``kept``)."""
        enc = self.encounter
        enc.record_map_edits()  # an edit not yet a step goes with the branch
        steps = sum(1 for e in enc.log if e.command and e.seq >= kept)
        if not steps:
            return None
        self._made += 1
        text = step_lines(enc)[-1].text
        branch = Branch(self._made, enc.fork(), kept, steps, text)
        self.branches.append(branch)
        return branch

    def back_to(self, seq: int | None = None, *, roll: int | None = None) -> Branch:
        """Go back to the line ``seq`` of the event log (or to roll number ``roll`` of the
        dice log): every step after the one it belongs to is undone
        (:meth:`~lfgcombat.engine.Encounter.undo`) and kept as a branch.

        Args:
            seq: An event number of ``encounter.log``.
            roll: Or a roll number, from 1 (the dice log's ``#``).

        Returns:
            The new :class:`Branch` (what was undone).

        Raises:
            LfgError: neither or both given, no such line, or nothing after it (the
                fight is already there); nothing changes.
        """
        if (seq is None) == (roll is None):
            raise LfgError("back_to: give a log line (seq=) or a roll number (roll=), one "
                           "of them")
        enc = self.encounter
        if roll is not None:
            seq = roll_event(enc, roll)
        step = step_of(enc, seq)
        n = steps_after(enc, step.seq)
        if not n:
            raise LfgError(f"nothing to undo: step {step.number} (\"{step.text}\") is the "
                           "last one; the fight is already there")
        branch = self._keep(step.last + 1)
        assert branch is not None
        enc.undo(n)
        return branch

    def resume(self, branch: Branch | int) -> Branch | None:
        """Return to ``branch`` (or its number): the encounter takes its log back, in
        place; the fight as it stood is kept as a new branch first (if anything of it is
        not in ``branch``), and ``branch`` leaves the list.

        Returns:
            The branch made of the state left (``None``: nothing of it was lost).

        Raises:
            LfgError: no such branch; nothing changes.
        """
        found = self._find(branch)
        enc = self.encounter
        enc.record_map_edits()  # the GM's edit not yet a step stays with the state left
        theirs = list(found.encounter.log)
        ours = list(enc.log)
        same = 0
        while same < min(len(ours), len(theirs)) and ours[same] == theirs[same]:
            same += 1
        left = self._keep(same) if same < len(ours) else None
        self.branches.remove(found)
        _restore(enc, theirs)
        return left

    def _find(self, branch: Branch | int) -> Branch:
        for b in self.branches:
            if b is branch or (isinstance(branch, int) and not isinstance(branch, bool)
                               and b.number == branch):
                return b
        have = ", ".join(str(b.number) for b in self.branches) or "none yet"
        raise LfgError(f"no branch {branch!r} to resume (branches: {have}); \"back to "
                       "here\" on a log line makes one")

    def __repr__(self) -> str:
        return f"Timeline({self.encounter!r}, {len(self.branches)} branches)"

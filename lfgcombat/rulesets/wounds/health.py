"""Hit Points, then Wounds; Barrier X/Y and Shell.

003_de0e94afd49609a7.txt, "When a character is subject to a damage-dealing effect": "the
effect first depletes the character's Hit Points, which are determined by their Hit Dice,
Bonus HP and their Constitution modifier. A character's Hit Points restore hourly, of an
amount equal to their total Hit Dice plus their Constitution modifier. If a character's Hit
Points reach 0, or if the character is subject to a critical hit, they instead take Wound
Damage." "Barrier represents [...]": "Barrier absorbs damage before your HP or Wounds, until
the Barrier is depleted. Certain effects may still bypass Barrier. Barrier effects do not
stack - the highest Barrier overwrites any others." "a Barrier with a strength of 10 and a
total of 100 would block up to 10 damage per attack [...] until 100 total points of damage
have been blocked. This is typically illustrated as Barrier 10/100." "Shell operates
similarly": "a Shell of 50 will absorb 50 damage in one go, if necessary. However, once
Shell is used, it's gone. Additionally, Shell typically lasts for just one round [...]
Shell does not stack with Shell - the highest one overwrites."

Decisions where the text is open (inferred, marked and shown in the notebook):

* The Wounds total is the CON score (the d20 vitality/wound-point convention the text's
  "Wound Damage" comes from); at 0 Wounds the creature is Dead (the text gives no dying
  state below Wounds; its Instant Kill is "the Dead condition").
* Damage beyond the Hit Points left (the hit that brings HP to 0) carries on into Wounds.
* Barrier first, then Shell (the text's order), then HP or Wounds; "the highest" Barrier
  is the one with the greater strength (then total).
* A Shell's "one round" is counted in its owner's turns (:data:`SHELL_MARKS`): it fades at
  the third start or end of its owner's turn after it is gained - gained out of its turn
  (a creature file's Shell at the fight's start included), it lasts through its next turn
  and until its turn after that begins; gained in its own turn, until the end of its next
  turn. Either way at least the round the text gives, from when it is gained to the same
  point a round later, and never past the next start or end of its owner's turn after that
  (the encounter's turn order may change every round, so "the same point" is read in its
  owner's turns). A higher Shell replaces the old one and starts its round again.
* Hourly recovery restores Hit Points only (the text names no recovery of Wounds), at
  least 1 HP an hour.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from lfgcombat.errors import IllegalActionError

from ._base import WoundsError, check_int, evolve, rule

__all__ = ["Barrier", "WoundsVitals", "parse_barrier", "SHELL_MARKS"]

_HP = rule("When a character is subject to a damage-dealing effect")
#: The starts and ends of its owner's turns a Shell outlasts, less one: it fades at the
#: third after it is gained (inferred, see the module docstring).
SHELL_MARKS = 3


@dataclass(frozen=True)
class Barrier:
    """Barrier X/Y: blocks up to ``strength`` per hit until ``remaining`` is used up.

    Example:
        >>> Barrier(10, 100).absorb(25)
        (10, Barrier(strength=10, remaining=90))
    """

    strength: int
    remaining: int

    def __post_init__(self) -> None:
        check_int("barrier strength", self.strength, 1)
        check_int("barrier total", self.remaining, 0)

    def absorb(self, amount: int) -> tuple[int, "Barrier | None"]:
        """``(blocked, barrier afterwards or None when depleted)``."""
        blocked = min(self.strength, self.remaining, amount)
        left = self.remaining - blocked
        return blocked, (Barrier(self.strength, left) if left else None)

    def __str__(self) -> str:
        return f"Barrier {self.strength}/{self.remaining}"


def parse_barrier(value: Any) -> Barrier | None:
    """A creature's ``barrier`` field: ``"10/100"``, ``{"strength": 10, "total": 100}``, a
    :class:`~lfgcombat.rulesets.wounds.health.Barrier` or ``None``.

    Raises:
        WoundsError: naming ``barrier`` for anything else.
    """
    if value is None or isinstance(value, Barrier):
        return value
    try:
        if isinstance(value, str):
            strength, total = (int(p) for p in value.replace("Barrier", "").split("/"))
        elif isinstance(value, dict):
            strength, total = int(value["strength"]), int(value["total"])
        else:
            raise TypeError(type(value).__name__)
        return Barrier(strength, total)
    except (ValueError, KeyError, TypeError):
        raise WoundsError("barrier", f"{value!r:.40} is not a Barrier; write it 'X/Y' "
                          "(blocks up to X per hit until Y in all), e.g. '10/100'") from None


@dataclass(frozen=True)
class WoundsVitals:
    """Hit Points, Wounds, Barrier and Shell; every transition returns a new value.

    Attributes:
        max_hp: Maximum Hit Points (>= 0).
        wounds_max: Maximum Wounds (inferred: the CON score, >= 1).
        hp, wounds: Current values (``None``: at the maximum).
        barrier: The Barrier, or ``None``.
        shell: The Shell's amount (0: none).
        shell_left: The starts and ends of its owner's turns still to come before the Shell
            fades (it fades at the one that brings this to 0; ``None``: a fresh Shell's
            :data:`SHELL_MARKS`; 0 without a Shell).
        events: What the last transition did.
    """

    max_hp: int
    wounds_max: int
    hp: int | None = None
    wounds: int | None = None
    barrier: Barrier | None = None
    shell: int = 0
    shell_left: int | None = None
    events: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        check_int("max_hp", self.max_hp, 0)
        check_int("wounds_max", self.wounds_max, 1)
        object.__setattr__(self, "hp", self.max_hp if self.hp is None else self.hp)
        object.__setattr__(self, "wounds", self.wounds_max if self.wounds is None
                           else self.wounds)
        check_int("hp", self.hp, 0, self.max_hp)
        check_int("wounds", self.wounds, 0, self.wounds_max)
        check_int("shell", self.shell, 0)
        left = SHELL_MARKS if self.shell_left is None else self.shell_left
        object.__setattr__(self, "shell_left",
                           check_int("shell_left", left, 0, SHELL_MARKS) if self.shell else 0)
        if self.barrier is not None and not isinstance(self.barrier, Barrier):
            raise WoundsError("barrier", "give a Barrier(strength, total) or None")

    @property
    def dead(self) -> bool:
        """At 0 Wounds (inferred)."""
        return self.wounds == 0

    def with_barrier(self, barrier: Barrier) -> "WoundsVitals":
        """Gain a Barrier: it replaces the current one only if higher (no stacking:
        "Barrier effects do not stack - the highest Barrier overwrites any others").

        Raises:
            WoundsError: ``barrier`` is not a :class:`Barrier`.
        """
        if not isinstance(barrier, Barrier):
            raise WoundsError("barrier", "give a Barrier(strength, total)")
        old = self.barrier
        if old is None or (barrier.strength, barrier.remaining) > (old.strength, old.remaining):
            return replace(self, barrier=barrier, events=(f"gains {barrier}",))
        return replace(self, events=(f"keeps {old} (higher than {barrier})",))

    def with_shell(self, amount: int) -> "WoundsVitals":
        """Gain a Shell: the highest one overwrites (no stacking: "Shell does not stack
        with Shell - the highest one overwrites"); a new Shell lasts a round from now
        (:data:`SHELL_MARKS`).

        Raises:
            WoundsError: ``amount`` is not a whole number >= 1.
        """
        check_int("shell", amount, 1)
        if amount > self.shell:
            return replace(self, shell=amount, shell_left=SHELL_MARKS,
                           events=(f"gains Shell {amount}",))
        return replace(self, events=(f"keeps Shell {self.shell} (higher than {amount})"
                                     if amount < self.shell else f"keeps Shell {self.shell}",))

    def turn_mark(self) -> "WoundsVitals":
        """A start or end of its owner's turn: a Shell "typically lasts for just one round"
        (:data:`SHELL_MARKS`); ``events`` says when it fades."""
        if not self.shell:  # nothing to count: no field to check again, and no new value
            return self if not self.events else evolve(self, events=())  # when none said
        left = int(self.shell_left or 0) - 1
        if left > 0:
            return replace(self, shell_left=left, events=())
        return replace(self, shell=0, shell_left=0,
                       events=('Shell fades ("lasts for just one round")',))

    def _shields(self, amount: int, bypass_barrier: bool,
                 events: list[str]) -> tuple[int, Barrier | None, int]:
        barrier, shell = self.barrier, self.shell
        if barrier is not None and not bypass_barrier and amount:
            blocked, barrier = barrier.absorb(amount)
            amount -= blocked
            events.append(f"Barrier blocks {blocked}")
        if shell and amount:
            taken = min(shell, amount)
            amount -= taken
            shell = 0  # "once Shell is used, it's gone"
            events.append(f"Shell absorbs {taken}")
        return amount, barrier, shell

    def damage(self, amount: int, to_wounds: bool = False,
               bypass_barrier: bool = False) -> "WoundsVitals":
        """Take damage: Barrier, Shell, then Hit Points, then Wounds.

        Args:
            amount: The damage (>= 0).
            to_wounds: Straight to Wounds (a critical hit's "Go to Wounds").
            bypass_barrier: "Certain effects may still bypass Barrier".

        Raises:
            WoundsError: ``amount`` is not a whole number >= 0.
        """
        check_int("amount", amount, 0)
        if self.dead:
            return evolve(self, events=())
        events: list[str] = []
        left, barrier, shell = self._shields(amount, bypass_barrier, events)
        hp = int(self.hp or 0)
        if not to_wounds:
            taken = min(hp, left)
            hp, left = hp - taken, left - taken
        wounds = max(0, int(self.wounds or 0) - left)
        if left:
            events.append(f"{left} to Wounds")
        if wounds == 0:
            events.append("dead")
        # hp within [0, hp], wounds within [0, wounds], a Shell only ever gone: each new
        # value checked by its step, so nothing is checked again (issue 24, "Fast")
        return evolve(self, hp=hp, wounds=wounds, barrier=barrier, shell=shell,
                      shell_left=self.shell_left if shell else 0, events=tuple(events))

    def rest_hour(self, hit_dice: int, con_mod: int) -> "WoundsVitals":
        """One hour's recovery: Hit Dice + CON modifier Hit Points (at least 1).

        Raises:
            WoundsError: ``hit_dice`` (>= 1) or ``con_mod`` is not a whole number.
            IllegalActionError: the creature is dead.
        """
        gain = max(1, check_int("hit_dice", hit_dice, 1) + check_int("con_mod", con_mod))
        if self.dead:
            raise IllegalActionError("the dead do not recover Hit Points", _HP)
        hp = min(self.max_hp, int(self.hp or 0) + gain)
        return replace(self, hp=hp, events=(f"recovers {hp - int(self.hp or 0)} HP",))

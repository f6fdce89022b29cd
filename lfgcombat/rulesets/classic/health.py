"""Hit points in the classic ruleset: death at -10, nonlethal damage, disabled, stabilizing.

002_2a3a79475ca2a541.txt:

* "Death": "When your character's current hit points drop to -10 or lower, they're dead.
  They cannot be healed".
* "Nonlethal Damage": "Nonlethal damage accumulates with standard damage. If nonlethal
  damage exceeds your current hit points, you fall unconscious."
* "Stabilizing a Disabled Character": "When a hero drops to or below 0, they become
  disabled. They must succeed at a DC12 Fortitude check to stabilize. If a hero is disabled
  they can not move, attack, communicate, or cast spells. Once they have successfully
  stabilized, they may try to succeed at a DC14 CON check to see if they become mobile. If
  they become mobile, they may do one limited action per round [...] A hero keeps these
  disadvantages until they are healed or they naturally gain back enough HP to put them
  over 0 HP." "During combat, they may make a single CON check each round on their turn.
  Out of combat, they may make a check each in game hour at a +5 bonus." "Optional: If a
  character goes below 0 HP, they lose 1 HP per round until they stabilize."
* "Action definitions": "Stabilize – A standard action to stabilize a disabled character
  on a DC12 Survival check."
* "Conditions", Unconscious: "having current hit points between -1 and -9, or from
  nonlethal damage in excess of current hit points".

Decisions where the text is open (inferred):

* Death is at -10 or lower, as "Death" says (the Conditions list's "Dead – [...] below -10
  hit points" is read as the same threshold; "Unconscious" stops at -9).

* Nonlethal damage is a separate counter beside the lethal HP (it "accumulates", the d20
  way); healing removes as much nonlethal damage as lethal damage, as in the d20 family.
* Unconscious at -1 to -9 unless the hero has become mobile (a mobile hero acts, so the
  CON check that made it mobile woke it); at exactly 0 HP a hero is disabled but awake.
* The optional loss (``hp_loss_switch``) is "below 0": a hero at exactly 0 does not lose
  HP; the loss applies at the start of its turn (:meth:`ClassicVitals.start_of_turn`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from lfgcombat.dice import Roll, Roller
from lfgcombat.errors import IllegalActionError

from ._base import check_int, evolve, kept_property, rule

__all__ = ["DEATH_AT", "STABILIZE_DC", "MOBILE_DC", "OUT_OF_COMBAT_BONUS",
           "SURVIVAL_STABILIZE_DC", "ClassicVitals"]

DEATH_AT = -10
STABILIZE_DC = 12
MOBILE_DC = 14
OUT_OF_COMBAT_BONUS = 5
SURVIVAL_STABILIZE_DC = 12
_DEATH = rule("Death")
_STAB = rule("Stabilizing a Disabled Character")


def _unconscious(current: int, nonlethal: int, mobile: bool) -> bool:
    """Unconscious at ``current`` HP: alive (above -10, "Death"), between -1 and -9 and not
    mobile, or nonlethal damage above its current HP (:attr:`ClassicVitals.unconscious`)."""
    if current <= DEATH_AT:
        return False
    return (-9 <= current <= -1 and not mobile) or 0 < nonlethal and nonlethal > current


@dataclass(frozen=True)
class ClassicVitals:
    """A creature's hit points under ``classic``; every transition returns a new value.

    A value: what it reads of itself (``current``, ``dead``, ``disabled``...) is kept on it
    (issue 24, "Fast": a fight asked them hundreds of thousands of times).

    Attributes:
        max_hp: Maximum hit points (>= 1).
        hp: Current hit points (lethal damage applied).
        nonlethal: Nonlethal damage taken, beside ``hp``.
        stable: Stabilized (DC12 FORT, or a DC12 Survival Stabilize action).
        mobile: Became mobile (DC14 CON after stabilizing): one limited action a round.
        hp_loss_switch: The optional rule "lose 1 HP per round until they stabilize".
        events: What the last transition did, e.g. ``("disabled",)``.

    Example:
        >>> v = ClassicVitals(12).damage(15)
        >>> v.hp, v.disabled, v.unconscious, v.dead
        (-3, True, True, False)
    """

    max_hp: int
    hp: int | None = None
    nonlethal: int = 0
    stable: bool = False
    mobile: bool = False
    hp_loss_switch: bool = False
    events: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        check_int("max_hp", self.max_hp, 1)
        if self.hp is None:
            object.__setattr__(self, "hp", self.max_hp)
        check_int("hp", self.hp, None, self.max_hp)
        check_int("nonlethal", self.nonlethal, 0)

    @kept_property
    def current(self) -> int:
        """Current hit points (``hp``, never ``None`` after construction)."""
        return int(self.hp if self.hp is not None else self.max_hp)

    @kept_property
    def dead(self) -> bool:
        """At -10 or lower ("Death")."""
        return self.current <= DEATH_AT

    @kept_property
    def disabled(self) -> bool:
        """At or below 0 and alive ("drops to or below 0, they become disabled")."""
        return not self.dead and self.current <= 0

    @kept_property
    def unconscious(self) -> bool:
        """Between -1 and -9 (and not mobile), or nonlethal damage above current HP."""
        return _unconscious(self.current, self.nonlethal, self.mobile)

    @kept_property
    def limited(self) -> bool:
        """Mobile but still disabled: "one limited action per round"."""
        return self.disabled and self.mobile

    @kept_property
    def conditions(self) -> tuple[str, ...]:
        """The classic conditions this state sets (names of ``conditions.csv``)."""
        names = []
        if self.dead:
            names.append("Dead")
        if self.disabled:
            names.append("Disabled")
        if self.unconscious:
            names += ["Unconscious", "Helpless"]
        return tuple(names)

    def _settle(self, hp: int, nonlethal: int, events: list[str]) -> "ClassicVitals":
        if self.current > 0 >= hp:
            events.append("disabled")
        if hp <= DEATH_AT < self.current:
            events.append("dead")
        if _unconscious(hp, nonlethal, self.mobile) and not self.unconscious:
            events.append("unconscious")
        # one new value, its hp at most max_hp and its nonlethal >= 0 by each caller's
        # step: nothing checked again (issue 24, "Fast")
        if hp > 0 or hp <= DEATH_AT:  # "until they are healed ... over 0 HP"; the dead
            return evolve(self, hp=hp, nonlethal=nonlethal, stable=False,  # are neither
                          mobile=False, events=tuple(events))
        return evolve(self, hp=hp, nonlethal=nonlethal, events=tuple(events))

    def damage(self, amount: int, nonlethal: bool = False) -> "ClassicVitals":
        """Take ``amount`` damage, lethal or nonlethal.

        Raises:
            ClassicError: ``amount`` is not a whole number >= 0.
        """
        check_int("amount", amount, 0)
        if self.dead:
            return replace(self, events=())
        if nonlethal:
            return self._settle(self.current, self.nonlethal + amount, ["nonlethal"])
        return self._settle(self.current - amount, self.nonlethal, [])

    def heal(self, amount: int) -> "ClassicVitals":
        """Heal ``amount`` HP (up to the maximum) and as much nonlethal damage.

        Raises:
            ClassicError: ``amount`` is not a whole number >= 0.
            IllegalActionError: the creature is dead ("They cannot be healed").
        """
        check_int("amount", amount, 0)
        if self.dead:
            raise IllegalActionError("the dead cannot be healed", _DEATH)
        return self._settle(min(self.max_hp, self.current + amount),
                            max(0, self.nonlethal - amount), ["healed"])

    def start_of_turn(self) -> "ClassicVitals":
        """The optional rule: below 0 and not stable, lose 1 HP (only with the switch;
        002_2a3a79475ca2a541.txt, "Optional: If a character goes below 0 HP")."""
        if self.hp_loss_switch and not self.dead and self.current < 0 and not self.stable:
            return self._settle(self.current - 1, self.nonlethal, ["lost 1 HP"])
        if self.events == ():  # nothing to forget: the same value (issue 24, "Fast")
            return self
        return evolve(self, events=())

    def _require_disabled(self) -> None:
        if not self.disabled:
            raise IllegalActionError("only a disabled hero (at or below 0 HP, alive) "
                                     "stabilizes or becomes mobile", _STAB)

    def stabilize_check(self, roller: Roller, fort_mod: int) -> tuple["ClassicVitals", Roll]:
        """The hero's DC12 Fortitude check to stabilize.

        Raises:
            ClassicError: ``fort_mod`` is not a whole number.
            IllegalActionError: not disabled, or already stable.
        """
        return self._check(roller, check_int("fort_mod", fort_mod), STABILIZE_DC,
                           "Fortitude to stabilize")

    def stabilized_by(self, roller: Roller, survival_mod: int) -> tuple["ClassicVitals", Roll]:
        """Another creature's Stabilize action: a DC12 Survival check on this hero
        (002_2a3a79475ca2a541.txt, "Stabilize – A standard action to stabilize").

        Raises:
            ClassicError: ``survival_mod`` is not a whole number.
            IllegalActionError: not disabled, or already stable.
        """
        return self._check(roller, check_int("survival_mod", survival_mod),
                           SURVIVAL_STABILIZE_DC, "Stabilize (Survival)")

    def _check(self, roller: Roller, mod: int, dc: int,
               what: str) -> tuple["ClassicVitals", Roll]:
        self._require_disabled()
        if self.stable:
            raise IllegalActionError("this hero is already stable", _STAB)
        roll = roller.roll(f"1d20{mod:+d}", label=f"{what} DC {dc}")
        ok = roll.total >= dc
        return replace(self, stable=ok, events=("stabilized",) if ok else ()), roll

    def mobility_check(self, roller: Roller, con_mod: int,
                       in_combat: bool = True) -> tuple["ClassicVitals", Roll]:
        """The DC14 CON check to become mobile (once a round in combat; +5 out of combat,
        once each game hour).

        Raises:
            ClassicError: ``con_mod`` is not a whole number.
            IllegalActionError: not disabled, not yet stable, or already mobile.
        """
        mod = check_int("con_mod", con_mod) + (0 if in_combat else OUT_OF_COMBAT_BONUS)
        self._require_disabled()
        if not self.stable or self.mobile:
            raise IllegalActionError("the CON check to become mobile needs a stable hero "
                                     "that is not mobile yet", _STAB)
        roll = roller.roll(f"1d20{mod:+d}", label=f"CON to become mobile DC {MOBILE_DC}")
        ok = roll.total >= MOBILE_DC
        return replace(self, mobile=ok, events=("mobile",) if ok else ()), roll

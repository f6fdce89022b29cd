"""Wrestling maneuvers and the Shield Bash, resolved as pure functions.

000_8d1d7816ee944f3b.txt, "Special Actions in Combat":

* "Wrestling Skill - Maneuvers & More (Big Action, AOO): Make an Unarmed Melee Touch Attack
  Roll against your target. If your Touch Attack hits, use an opposed Wrestling check to
  attempt to affect your foe." The maneuvers here are the ones the combat chapter names:
  Grab (-> Grappled; "Grab or Trip a Foe" is a Big Action in "Taking Turns in Combat"), Trip
  (-> Prone), Shove (5 ft: the distance of a Shield Bash shove and of a Ram/Gore, inferred)
  and Pin (the Wrestling chapter Ch 4.26 is missing: a Pin needs the target already
  Grappled, inferred from the d20 grapple and the Rake text, "While in a grapple, if you win
  a Wrestling check to damage or pin an opponent").
* "Shield Bash (Attack Action, No AOO)": a Light or larger shield; an Unarmed Melee Touch
  Attack; "If you roll a Nat20 on your Touch Attack, you gain a +5 Innate Bonus on your
  opposed Wrestling check"; Wrestling vs the target's Wrestling or Acrobatics (its choice):
  a win -> Prone; a win by 5+ -> also (1+STRMod) [b] damage and a 5-ft shove; "You lose your
  Shield Rating to AC against all other enemies besides the target ... until the start of
  your next turn".

000_8d1d7816ee944f3b.txt, "Wrestling against much larger creatures": "You cannot Pin a
creature 2+ Size categories larger than you. You cannot use the Wrestling Skill to grapple &
restrain a creature 3+ size categories larger than you." And "The Knockdown trait does not
apply to attacks or strikes made by creatures in a grapple" (Momentum of Impact): results
here never carry a Knockdown.

The touch attack: "A Natural 20 on an Attack Roll is always a success. A Natural 1 on an
Attack Roll is always a failure" (000_8d1d7816ee944f3b.txt, "Attack Rolls").
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from lfgcombat.creature import Size
from lfgcombat.dice import Fortune, Roll, Roller
from lfgcombat.errors import IllegalActionError, LfgError
from .skills import OpposedResult, opposed

__all__ = ["Maneuver", "ManeuverError", "TouchAttack", "WrestleResult", "ShieldBashResult",
           "check_wrestle_sizes", "charge_wrestling_bonus", "touch_attack", "wrestle",
           "maneuver_on_hit", "shield_bash", "SHIELDS", "SHOVE_FT"]

TEXT = "000_8d1d7816ee944f3b.txt"
RULE_WRESTLING = f'{TEXT}, "Wrestling Skill - Maneuvers & More"'
RULE_LARGER = f'{TEXT}, "Wrestling against much larger creatures"'
RULE_BASH = f'{TEXT}, "Shield Bash"'
RULE_ATTACK = f'{TEXT}, "Attack Rolls"'
#: Feet a successful Shove (or a Shield Bash won by 5+) moves the foe.
SHOVE_FT = 5
#: Shield categories, smallest first ("a Light or larger shield"; the buckler is below
#: Light, inferred from d20; "Large Shield (or larger)" and tower shields from the text).
SHIELDS = ("buckler", "light", "heavy", "large", "tower")


class ManeuverError(LfgError, ValueError):
    """A bad argument to a maneuver (names the argument)."""


class Maneuver(str, enum.Enum):
    """The Wrestling maneuvers the combat chapter names."""

    GRAB = "grab"    #: the foe is Grappled
    TRIP = "trip"    #: the foe is knocked Prone
    SHOVE = "shove"  #: the foe is moved 5 ft
    PIN = "pin"      #: a Grappled foe is Pinned

    @property
    def effect(self) -> str:
        """What a success does: ``grappled``, ``prone``, ``shoved 5 ft`` or ``pinned``."""
        return {"grab": "grappled", "trip": "prone", "shove": "shoved 5 ft",
                "pin": "pinned"}[self.value]

    @classmethod
    def coerce(cls, value: Any) -> "Maneuver":
        """A member from itself or its name, any case.

        Raises:
            ManeuverError: anything else.
        """
        try:
            return value if isinstance(value, Maneuver) else cls(str(value).strip().lower())
        except ValueError:
            raise ManeuverError(f"maneuver: one of grab, trip, shove, pin, not {value!r:.40}"
                                ) from None


def _size(value: Any, field: str) -> Size:
    try:
        return Size.coerce(getattr(value, "size", value))
    except ValueError:
        raise ManeuverError(f"{field}: a size or a creature with one, not {value!r:.40}"
                            ) from None


def check_wrestle_sizes(attacker: Any, target: Any, maneuver: Maneuver | str) -> None:
    """Refuse a maneuver the sizes forbid.

    No Pin of a creature 2+ sizes larger; no Grab (grapple & restrain) or Pin of one 3+
    larger. Trip and Shove are not limited (inferred: the text limits grappling only).

    Raises:
        IllegalActionError: citing "Wrestling against much larger creatures".
    """
    m = Maneuver.coerce(maneuver)
    larger_by = _size(target, "target").order - _size(attacker, "attacker").order
    if m is Maneuver.PIN and larger_by >= 2:
        raise IllegalActionError(f"cannot Pin a creature {larger_by} size categories larger "
                                 "(2+ is refused)", RULE_LARGER)
    if m in (Maneuver.GRAB, Maneuver.PIN) and larger_by >= 3:
        raise IllegalActionError(f"cannot grapple & restrain a creature {larger_by} size "
                                 "categories larger (3+ is refused)", RULE_LARGER)


def charge_wrestling_bonus(action: Maneuver | str, *, charging: bool) -> int:
    """+2 Innate on a Charge for "any Wrestling check made to knock an opponent over"
    (000_8d1d7816ee944f3b.txt, "Charge Attack"): a Trip or a Shield Bash (``"shield_bash"``).
    Add it to the ``wrestling`` bonus passed to :func:`wrestle` / :func:`shield_bash`."""
    knocks_over = str(getattr(action, "value", action)).strip().lower() in ("trip",
                                                                           "shield_bash")
    return 2 if charging and knocks_over else 0


@dataclass(frozen=True)
class TouchAttack:
    """An Unarmed Melee Touch Attack: the roll, the Touch AC, and whether it hit."""

    roll: Roll
    touch_ac: int
    hit: bool

    @property
    def natural(self) -> int:
        """The d20's natural face (20 always hits, 1 always misses)."""
        return int(self.roll.natural or 0)


def _int(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ManeuverError(f"{field}: a whole number, not {value!r:.40}")
    return int(value)


def touch_attack(bonus: int, touch_ac: int, *, roller: Roller,
                 fortune: Fortune | str | None = None, note: str = "") -> TouchAttack:
    """Roll an Unarmed Melee Touch Attack (Nat 20 always hits, Nat 1 always misses);
    ``note`` is added to the roll's label (what changed the bonus)."""
    b, ac = _int(bonus, "touch_bonus"), _int(touch_ac, "touch_ac")
    label = f"Touch attack vs touch AC {ac}" + (f" ({note})" if note else "")
    roll = roller.roll(f"1d20{b:+d}" if b else "1d20", fortune, label=label)
    nat = roll.natural
    hit = nat == 20 or (nat != 1 and roll.total >= ac)
    return TouchAttack(roll, ac, hit)


@dataclass(frozen=True)
class WrestleResult:
    """A Wrestling maneuver, resolved.

    Attributes:
        maneuver: The :class:`Maneuver`. touch: The touch attack (``None`` for a maneuver
            that a natural attack's hit activates).
        check: The opposed Wrestling check (``None`` if the touch attack missed).
        success: The maneuver worked. effect: ``grappled``/``prone``/``shoved 5 ft``/
            ``pinned`` on a success, else ``None``. shove_ft: Feet moved (Shove).
        knockdown: Always ``False``: no Knockdown from a grapple.
        rule: The citation.
    """

    maneuver: Maneuver
    touch: TouchAttack | None
    check: OpposedResult | None
    success: bool
    effect: str | None
    shove_ft: int = 0
    knockdown: bool = False
    rule: str = RULE_WRESTLING


def wrestle(maneuver: Maneuver | str, *, attacker_size: Any, target_size: Any,
            touch_bonus: int, touch_ac: int, wrestling: int, defense: int, roller: Roller,
            target_grappled: bool = False) -> WrestleResult:
    """Resolve a Wrestling maneuver (Big Action, provokes AOO): touch attack, then opposed
    Wrestling (``wrestling`` vs the target's ``defense``; ties:
    :data:`~lfgcombat.rules.actions.skills.TIE_RULE`).

    Args:
        maneuver: ``grab``, ``trip``, ``shove`` or ``pin``.
        attacker_size, target_size: Sizes (or creatures).
        touch_bonus: The attacker's melee attack bonus. touch_ac: The target's Touch AC.
        wrestling: The attacker's Wrestling bonus. defense: The target's Wrestling bonus.
        roller: The dice.
        target_grappled: The target is already Grappled by the attacker (needed to Pin).

    Returns:
        The :class:`WrestleResult`.

    Raises:
        IllegalActionError: sizes forbid it, or a Pin of a target not Grappled; nothing rolls.
        ManeuverError: a bad argument.
    """
    m = Maneuver.coerce(maneuver)
    check_wrestle_sizes(attacker_size, target_size, m)
    if m is Maneuver.PIN and not target_grappled:
        raise IllegalActionError("a Pin needs the target already Grappled (inferred from the "
                                 "Rake Attack's \"while in a grapple ... pin\")", RULE_WRESTLING)
    w, d = _int(wrestling, "wrestling"), _int(defense, "defense")
    touch = touch_attack(touch_bonus, touch_ac, roller=roller)
    if not touch.hit:
        return WrestleResult(m, touch, None, False, None)
    check = opposed(w, d, roller=roller, a_label=f"Wrestling ({m.value})",
                    b_label=f"resisting Wrestling ({m.value})")
    ok = check.a_wins
    return WrestleResult(m, touch, check, ok, m.effect if ok else None,
                         SHOVE_FT if ok and m is Maneuver.SHOVE else 0)


def maneuver_on_hit(maneuver: Maneuver | str, *, attacker_size: Any, target_size: Any,
                    wrestling: int, defense: int, roller: Roller) -> WrestleResult:
    """A maneuver a hit activates, with no touch attack: "Grab/Trip/Shove (Attack): The
    listed attack allows an attempted Grab/Trip/Shove Wrestling maneuver on successful hit";
    Ram or Gore: "A successful attack activates a Shove Maneuver (Opposed Wrestling Check)"
    (000_8d1d7816ee944f3b.txt, "Common Natural Weapons"). The size limits still apply.

    Raises:
        IllegalActionError: a Pin (it needs a grapple first) or sizes that forbid it.
        ManeuverError: a bad argument.
    """
    m = Maneuver.coerce(maneuver)
    if m is Maneuver.PIN:
        raise IllegalActionError("a hit activates Grab, Trip or Shove, not Pin",
                                 f'{TEXT}, "Common Natural Weapons"')
    check_wrestle_sizes(attacker_size, target_size, m)
    w, d = _int(wrestling, "wrestling"), _int(defense, "defense")
    check = opposed(w, d, roller=roller, a_label=f"Wrestling ({m.value} on hit)",
                    b_label=f"resisting Wrestling ({m.value} on hit)")
    ok = check.a_wins
    return WrestleResult(m, None, check, ok, m.effect if ok else None,
                         SHOVE_FT if ok and m is Maneuver.SHOVE else 0,
                         rule=f'{TEXT}, "Common Natural Weapons"')


@dataclass(frozen=True)
class ShieldBashResult:
    """A Shield Bash, resolved.

    Attributes:
        touch: The touch attack. check: The opposed check (``None`` on a miss).
        nat20_bonus: +5 Innate from a Nat 20 on the touch attack (0 otherwise).
        prone: The foe is knocked Prone. damage: ``(1+STRMod) [b]`` on a win by 5+, else 0.
        shove_ft: 5 on a win by 5+ (the attacker picks the direction).
        shield_lost_vs_others: The basher's Shield Rating does not count against anyone
            but this target until the start of its next turn.
    """

    touch: TouchAttack
    check: OpposedResult | None
    nat20_bonus: int
    prone: bool
    damage: int
    shove_ft: int
    shield_lost_vs_others: bool = True
    rule: str = RULE_BASH


def shield_bash(*, shield: str | None, str_mod: int, touch_bonus: int, touch_ac: int,
                wrestling: int, defense: int, roller: Roller) -> ShieldBashResult:
    """Resolve a Shield Bash (Attack Action, no AOO), 000_8d1d7816ee944f3b.txt, "Shield Bash".

    The Shield Rating is lost against the others whether or not the bash hits (inferred:
    the bullet stands apart from "If it hits, continue as follows"). The damage is at least
    1 (inferred from "Minimum Damage").

    Args:
        shield: The basher's shield category (:data:`SHIELDS`), ``None`` for none.
        str_mod: The basher's STR mod. touch_bonus / touch_ac: the touch attack.
        wrestling: The basher's Wrestling bonus. defense: The target's Wrestling or
            Acrobatics bonus (the target's choice: pass the better one).
        roller: The dice.

    Raises:
        IllegalActionError: no Light or larger shield; nothing is rolled.
        ManeuverError: a bad argument.
    """
    if shield is None or str(shield).strip().lower() not in SHIELDS[1:]:
        raise IllegalActionError(f"a Shield Bash needs a Light or larger shield, not "
                                 f"{shield!r}", RULE_BASH)
    s, w, d = _int(str_mod, "str_mod"), _int(wrestling, "wrestling"), _int(defense, "defense")
    touch = touch_attack(touch_bonus, touch_ac, roller=roller)
    if not touch.hit:
        return ShieldBashResult(touch, None, 0, False, 0, 0)
    bonus = 5 if touch.natural == 20 else 0
    check = opposed(w + bonus, d, roller=roller, a_label="Shield Bash Wrestling",
                    b_label="resisting a Shield Bash")
    big = check.a_wins_by(5)
    return ShieldBashResult(touch, check, bonus, check.a_wins, max(1, 1 + s) if big else 0,
                            SHOVE_FT if big else 0)

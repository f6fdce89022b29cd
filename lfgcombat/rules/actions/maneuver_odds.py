"""The exact odds of a Wrestling maneuver or a Shield Bash, from the dice the encounter rolls.

000_8d1d7816ee944f3b.txt, "Wrestling Skill - Maneuvers & More" (Big Action, AOO): "Make an
Unarmed Melee Touch Attack Roll against your target. If your Touch Attack hits, use an
opposed Wrestling check to attempt to affect your foe"; "Shield Bash (Attack Action, No
AOO)": the same touch attack, "If you roll a Nat20 on your Touch Attack, you gain a +5
Innate Bonus on your opposed Wrestling check", a win knocks the foe Prone and a win by 5+
also deals (1+STRMod) [b] and shoves it 5 ft; "Attack Rolls": "A Natural 20 on an Attack
Roll is always a success. A Natural 1 on an Attack Roll is always a failure".

:func:`maneuver_chances` is the pure maths: the touch attack's d20 (Fortunate/Unfortunate:
the better or worse of two, :func:`lfgcombat.dice.odds.pmf`) face by face, then the opposed
check's exact odds (:func:`lfgcombat.rules.actions.skills.opposed_odds`, its tie rule
included). :func:`maneuver_odds` reads the numbers the encounter's commands
(:mod:`lfgcombat.rules.actions.maneuvers_play`) would roll now - the melee attack bonus less
the Consecutive Attack Penalty of the attacks already made this turn, the TouchAC the map
changes (flanking, cover), the Wrestling bonus with a Charge's +2 against a Trip or a Shield
Bash, the defender's best of its allowed defences - and computes instead of rolling.
Nothing is checked, spent, rolled or logged: whether the command is allowed now is the
command's to say (a dry run on :meth:`Encounter.fork() <lfgcombat.Encounter.fork>`).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lfgcombat.dice import Fortune
from lfgcombat.dice.odds import pmf
from .maneuvers import RULE_BASH, RULE_WRESTLING, Maneuver
from .skills import opposed_odds

if TYPE_CHECKING:  # pragma: no cover
    from lfgcombat.engine.encounter import Encounter

__all__ = ["ManeuverOdds", "maneuver_chances", "maneuver_odds", "BASH_NAT20_BONUS"]

#: "If you roll a Nat20 on your Touch Attack, you gain a +5 Innate Bonus on your opposed
#: Wrestling check" (000_8d1d7816ee944f3b.txt, "Shield Bash").
BASH_NAT20_BONUS = 5
#: A Shield Bash won by this much or more also deals damage and shoves ("Shield Bash").
BASH_BIG_WIN = 5


@dataclass(frozen=True)
class ManeuverOdds:
    """The exact odds of one maneuver as the encounter would roll it now.

    Attributes:
        maneuver: ``grab``, ``trip``, ``shove``, ``pin`` or ``shield_bash``.
        p_hit: The touch attack hits.
        p_success: The maneuver works (Prone, Grappled, shoved, Pinned).
        p_big: A Shield Bash won by 5+ (its damage and shove); 0 for a Wrestling maneuver.
        damage: A Shield Bash's ``max(1, 1+STRMod)`` bludgeoning on a win by 5+ (0 else).
        touch_bonus, touch_ac: The touch attack's bonus and the TouchAC it is against.
        wrestling, defense: The opposed check's bonuses; ``defended_with`` the defence.
        rule: The text.
    """

    maneuver: str
    p_hit: float
    p_success: float
    p_big: float
    damage: int
    touch_bonus: int
    touch_ac: int
    wrestling: int
    defense: int
    defended_with: str
    rule: str

    @property
    def expected_damage(self) -> float:
        """The damage it deals on average (a Shield Bash's; before any reduction)."""
        return self.p_big * self.damage


@functools.lru_cache(maxsize=4096)
def _opposed(a: int, b: int, fa: Fortune | None, fb: Fortune | None) -> tuple[float, float]:
    """P(a wins), P(a wins by 5+) of an opposed check (the kit's exact odds, tie rule
    included)."""
    o = opposed_odds(a, b, a_fortune=fa, b_fortune=fb)
    return float(o.p_a_wins), float(o.p_a_wins_by(BASH_BIG_WIN))


@functools.lru_cache(maxsize=4096)
def maneuver_chances(touch_bonus: int, touch_ac: int, wrestling: int, defense: int, *,
                     touch_fortune: Fortune | str | None = None,
                     a_fortune: Fortune | str | None = None,
                     b_fortune: Fortune | str | None = None,
                     nat20_bonus: int = 0) -> tuple[float, float, float]:
    """The exact chances of a touch attack followed by an opposed Wrestling check.

    Args:
        touch_bonus: The touch attack's total bonus. touch_ac: The TouchAC (below 0 counts
            as 0, as the encounter rolls it).
        wrestling, defense: The opposed check's bonuses (the actor's, the defender's).
        touch_fortune, a_fortune, b_fortune: Fortunate/Unfortunate on each roll.
        nat20_bonus: Added to ``wrestling`` after a natural 20 on the touch attack (a
            Shield Bash's +5, :data:`BASH_NAT20_BONUS`).

    Returns:
        ``(p_hit, p_success, p_big)``: the touch attack hits; it hits and the check is won;
        it hits and the check is won by 5 or more.
    """
    ac = max(int(touch_ac), 0)
    faces = pmf("1d20", Fortune.coerce(touch_fortune))
    fa, fb = Fortune.coerce(a_fortune), Fortune.coerce(b_fortune)
    p_hit = p_win = p_big = 0.0
    for face, q in zip(faces.index.tolist(), faces.tolist()):
        if not (face == 20 or (face != 1 and face + touch_bonus >= ac)):
            continue
        win, big = _opposed(int(wrestling) + (nat20_bonus if face == 20 else 0),
                            int(defense), fa, fb)
        p_hit += q
        p_win += q * win
        p_big += q * big
    return p_hit, p_win, p_big


def maneuver_odds(st: Encounter, name: str, target: str, maneuver: str) -> ManeuverOdds:
    """The exact odds of ``name``'s ``maneuver`` on ``target`` as the encounter would roll
    it now (:meth:`Encounter.wrestle <lfgcombat.Encounter.wrestle>` or
    :meth:`Encounter.shield_bash <lfgcombat.Encounter.shield_bash>` with the defender's
    best defence, see the module docstring).

    Args:
        name: The creature acting. target: Its foe.
        maneuver: ``grab``, ``trip``, ``shove``, ``pin`` or ``shield_bash``.

    Returns:
        The :class:`ManeuverOdds`.

    Raises:
        ManeuverError: an unknown maneuver. LfgError: an unknown name.
    """
    from .maneuvers_play import RESIST, _charge_extra
    from .skill_checks import _touch_ac_changes
    bash = str(maneuver).strip().lower() == "shield_bash"
    what = "shield_bash" if bash else Maneuver.coerce(maneuver).value
    rule = RULE_BASH if bash else RULE_WRESTLING
    me = st._view(name)
    melee = me.attack_bonus("melee")
    # the command counts the maneuver among the turn's attacks first: the C.A.P. of the
    # attacks made before it ("Consecutive Attacks", rules.actions.skill_checks._touch_attack)
    bonus = int(melee.value or 0) - 2 * int(st._f[name].turn.attacks)
    ac = int(st._view(target).touch_ac.value or 0)
    ac += sum(change for change, _ in _touch_ac_changes(st, name, target))
    attack = st.skill(name, "wrestling", _charge_extra(st, name, what))
    choice, defense = st._defense(target, RESIST[what], None, rule)
    p_hit, p_win, p_big = maneuver_chances(
        bonus, ac, int(attack.value or 0), int(defense.value or 0),
        touch_fortune=melee.fortune, a_fortune=attack.fortune, b_fortune=defense.fortune,
        nat20_bonus=BASH_NAT20_BONUS if bash else 0)
    damage = max(1, 1 + me.ability_mod("str")) if bash else 0
    return ManeuverOdds(what, p_hit, p_win, p_big if bash else 0.0, damage, bonus,
                        max(ac, 0), int(attack.value or 0), int(defense.value or 0),
                        choice, rule)

"""Archery: unintended targets (Accuracy by Volume), volleys (Indirect Fire), Range-Finding.

000_8d1d7816ee944f3b.txt, "Archery & Ranged Attacks": "Ranged Attacks suffer a -2 Attack
Penalty if you use the Run Action".

000_8d1d7816ee944f3b.txt, "Accuracy by Volume (Unintended Targets)": "If your Ranged Attack
misses the intended target and does not strike their shield": "If your intended target was
granted Cover by a creature in front of it, that creature now becomes your Unintended
Target"; else "the closest creature within Line of Effect and either directly adjacent to or
within 10 feet behind your intended target"; "If multiple creatures meet these criteria, roll
randomly"; "Roll a new Attack Roll against your Unintended Target with a -4 Penalty ... (No
precision damage may be applied to an Unintended Target.)"; "If your first Attack Roll was a
Nat1, nothing else happens".

000_8d1d7816ee944f3b.txt, "Volley Shots & Indirect Fire": "-10 Penalty"; "A Nat20 Indirect
Attack does not automatically strike, but grants your Attack Roll a +10 Innate Bonus"; "Range
penalties apply normally. If you cannot see your target, you also suffer the normal 50% Miss
Chance. If the attack misses, use the Accuracy by Volume rules for possibly striking any
creature within 10 feet"; "vertical clearance of at least 50 feet with a bow, or 30 feet with
a javelin/spear"; "only available for bows, javelins/spears, or grenade-like items"; "These
attacks lose the Anti-Armor property and cannot deal Precision Damage or Critical Hits."

000_8d1d7816ee944f3b.txt, "Range-Finding & Trajectory with Craft(Academia) – (DC15+)": "+2
Innate Bonus on an Indirect Fire Attack, +1 additional per 5 points by which you surpass
DC15."

Inferred (the text does not say): a miss "strikes the shield" when its total reaches the
target's AC without its Shield Rating (``shield``); on any attack roll here a natural 20 hits
and a natural 1 misses (except a volley's natural 20, which the text makes +10 instead);
grenade-like items need the javelin's 30 feet of clearance.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from ..bonuses import Bonus
from ..citations import cite
from lfgcombat.dice import Roll, Roller
from lfgcombat.errors import IllegalActionError, LfgError
from lfgcombat.shortrepr import short

__all__ = ["ArcheryError", "Candidate", "UnintendedShot", "unintended_candidates",
           "choose_unintended", "resolve_miss", "unintended_odds", "running_penalty",
           "volley_kind", "VolleyPlan", "volley", "volley_attack_mod", "volley_hit_odds",
           "range_finding_bonus", "UNINTENDED_PENALTY", "VOLLEY_PENALTY", "Bystander",
           "first_roll_outcome", "finds_unintended", "second_situation"]

RULE = cite("Archery & Ranged Attacks")
RULE_VOLUME = cite("Accuracy by Volume (Unintended Targets)")
RULE_VOLLEY = cite("Volley Shots & Indirect Fire")
RULE_RANGE_FINDING = cite("Range-Finding & Trajectory with Craft(Academia) – (DC15+)")
UNINTENDED_PENALTY = -4
VOLLEY_PENALTY = -10
#: Vertical clearance (feet) by volley weapon kind.
CLEARANCE_FT = {"bow": 50, "javelin": 30, "grenade": 30}

Position = Literal["cover", "adjacent", "behind", "other"]
_POSITIONS = ("cover", "adjacent", "behind", "other")


class ArcheryError(LfgError, ValueError):
    """Bad numbers or positions for a ranged attack."""


def _whole(name: str, value: object, lo: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or (lo is not None and value < lo):
        raise ArcheryError(f"{name} must be a whole number" + (f" >= {lo}" if lo is not None
                                                               else "") + f", not {value!r}")
    return value


@dataclass(frozen=True)
class Candidate:
    """A creature near the intended target, as the map sees it.

    Attributes:
        name: The creature.
        ac: Its AC against this attack.
        position: ``cover`` (it gives the target cover, in front of it), ``adjacent`` (to
            the target), ``behind`` (behind the target, ``distance_ft`` away) or ``other``.
        distance_ft: Its distance from the intended target.
        line_of_effect: The shooter has Line of Effect to it.
    """

    name: str
    ac: int
    position: Position
    distance_ft: int
    line_of_effect: bool = True

    def __post_init__(self) -> None:
        _whole("ac", self.ac)
        _whole("distance_ft", self.distance_ft, 0)
        if self.position not in _POSITIONS:
            raise ArcheryError(f"position must be one of {', '.join(_POSITIONS)}, not "
                               f"{self.position!r} ({RULE_VOLUME})")


def unintended_candidates(candidates: tuple[Candidate, ...] | list[Candidate],
                          within_ft: int | None = None) -> tuple[Candidate, ...]:
    """The creatures equally likely to become the Unintended Target: the cover-givers, else
    the closest in Line of Effect adjacent to or within 10 feet behind the target.

    Args:
        candidates: The creatures around the target.
        within_ft: For a volley's miss, any creature within this distance counts
            (000_8d1d7816ee944f3b.txt, "Volley Shots & Indirect Fire").

    Returns:
        The tie set (empty: the arrow lands harmlessly).
    """
    seen = [c for c in candidates if c.line_of_effect]
    names = [c.name for c in candidates]
    if len(set(names)) != len(names):
        raise ArcheryError(f"candidates must have distinct names, not {names} ({RULE_VOLUME})")
    if within_ft is not None:
        pool = [c for c in seen if c.distance_ft <= _whole("within_ft", within_ft, 0)]
    else:
        pool = [c for c in seen if c.position == "cover"] or [
            c for c in seen if c.position == "adjacent"
            or (c.position == "behind" and c.distance_ft <= 10)]
    if not pool:
        return ()
    near = min(c.distance_ft for c in pool)
    return tuple(c for c in pool if c.distance_ft == near)


def choose_unintended(candidates: tuple[Candidate, ...] | list[Candidate], roller: Roller,
                      within_ft: int | None = None) -> Candidate | None:
    """The Unintended Target, rolled (1dN) among equals; ``None`` if there is none."""
    tie = unintended_candidates(candidates, within_ft)
    if len(tie) <= 1:
        return tie[0] if tie else None
    r = roller.roll(f"1d{len(tie)}", label="unintended target among "
                    + ", ".join(c.name for c in tie))
    return tie[r.total - 1]


@dataclass(frozen=True)
class UnintendedShot:
    """What a missed ranged attack does next.

    Attributes:
        target: The Unintended Target (``None``: nothing else happens).
        roll: The new attack roll at -4 (``None`` if not rolled).
        hit: It strikes (deal damage normally, without precision damage).
        precision_damage: Always ``False`` against an Unintended Target.
        lines: The account.
    """

    target: Candidate | None
    roll: Roll | None
    hit: bool
    precision_damage: bool
    lines: tuple[str, ...]


def _first_outcome(natural: int, total: int, target_ac: int, shield: int) -> str:
    """``hit``, ``nat1``, ``shield`` or ``miss`` for the first attack roll."""
    if natural == 1:
        return "nat1"
    if natural == 20 or total >= target_ac:
        return "hit"
    return "shield" if total >= target_ac - shield else "miss"


def resolve_miss(natural: int, total: int, target_ac: int, attack_bonus: int,
                 candidates: tuple[Candidate, ...] | list[Candidate], roller: Roller, *,
                 shield: int = 0, within_ft: int | None = None) -> UnintendedShot:
    """Accuracy by Volume after a ranged attack roll against the intended target.

    Args:
        natural, total: The first attack roll's die and total.
        target_ac: The intended target's AC; ``shield`` its Shield Rating (a miss within it
            strikes the shield: nothing else happens).
        attack_bonus: The attack's bonus (the new roll adds it, -4).
        candidates: The creatures around the target.
        roller: Rolls the choice among equals and the new attack.
        within_ft: For a volley: any creature within this distance.

    Raises:
        ArcheryError: the first roll hit, or bad numbers.
    """
    if not 1 <= _whole("natural", natural) <= 20:
        raise ArcheryError(f"natural must be 1-20, not {natural}")
    outcome = _first_outcome(natural, _whole("total", total), _whole("target_ac", target_ac),
                             _whole("shield", shield, 0))
    if outcome == "hit":
        raise ArcheryError(f"the attack ({total} vs AC {target_ac}) hit its target; only a "
                           f"miss finds an Unintended Target ({RULE_VOLUME})")
    if outcome != "miss":
        why = "a natural 1 misses everything" if outcome == "nat1" else "it struck the shield"
        return UnintendedShot(None, None, False, False, (f"{why} ({RULE_VOLUME})",))
    target = choose_unintended(candidates, roller, within_ft)
    if target is None:
        return UnintendedShot(None, None, False, False,
                              (f"no Unintended Target: the shot lands harmlessly ({RULE_VOLUME})",))
    bonus = _whole("attack_bonus", attack_bonus) + UNINTENDED_PENALTY
    r = roller.roll(f"1d20{'+' if bonus >= 0 else '-'}{abs(bonus)}",
                    label=f"unintended target {target.name} (-4) vs AC {target.ac}")
    hit = r.natural != 1 and (r.natural == 20 or r.total >= target.ac)
    lines = (f"missed: the Unintended Target is {target.name} ({RULE_VOLUME})",
             f"  new attack at -4: {r.total} vs AC {target.ac}: "
             + ("hit (no precision damage)" if hit else "lands harmlessly"))
    return UnintendedShot(target, r, hit, False, lines)


def _p_d20(pred: Callable[[int], bool]) -> Fraction:
    return Fraction(sum(1 for n in range(1, 21) if pred(n)), 20)


def _hits(bonus: int, ac: int) -> Callable[[int], bool]:
    """Whether a d20 showing ``n`` hits ``ac`` with ``bonus`` (20 hits, 1 misses)."""
    return lambda n: n == 20 or (n != 1 and n + bonus >= ac)


def unintended_odds(attack_bonus: int, target_ac: int,
                    candidates: tuple[Candidate, ...] | list[Candidate], *, shield: int = 0,
                    within_ft: int | None = None) -> dict[str, Fraction]:
    """The exact chance that one ranged attack strikes each Unintended Target.

    P(the first roll misses, not a natural 1, not the shield) x P(chosen among equals) x
    P(the new roll at -4 hits its AC).

    Returns:
        Creature name to probability (only creatures that can be struck; others are 0 and
        left out).

    Example:
        >>> unintended_odds(5, 20, [Candidate("ally", 15, "cover", 5)])["ally"]
        Fraction(91, 400)
    """
    _whole("attack_bonus", attack_bonus)
    _whole("target_ac", target_ac)
    _whole("shield", shield, 0)
    p_miss = _p_d20(lambda n: _first_outcome(n, n + attack_bonus, target_ac, shield) == "miss")
    tie = unintended_candidates(candidates, within_ft)
    out = {}
    for c in tie:
        p_hit = _p_d20(_hits(attack_bonus + UNINTENDED_PENALTY, c.ac))
        out[c.name] = p_miss * p_hit / len(tie)
    return out


def running_penalty(ranged: bool, ran: bool, *, thrown_at_charge_target: bool = False) -> int:
    """-2 on a ranged attack after the Run Action (000_8d1d7816ee944f3b.txt, "Archery &
    Ranged Attacks"); none for a weapon thrown at the target you ran straight at (Charge)."""
    return -2 if ranged and ran and not thrown_at_charge_target else 0


#: Names of grenade-like items: the text's "bombs" ("Arrows & bombs may be shot or tossed
#: over walls", "Line of Effect (LoE)") and the thrown splash items of the d20 convention
#: (a flask of acid, alchemist's fire, holy water, a thunderstone, a tanglefoot bag).
_GRENADE_LIKE = ("grenade", "flask", "bomb", "alchemist", "holy water", "splash",
                 "thunderstone", "tanglefoot")


def volley_kind(weapon: str) -> str:
    """``bow``, ``javelin`` (javelins and spears) or ``grenade`` for a weapon's name.

    Raises:
        IllegalActionError: another weapon (a sword, a crossbow): no Indirect Fire.
    """
    name = str(getattr(weapon, "name", weapon)).lower()
    if "crossbow" not in name and "bow" in name:
        return "bow"
    if "javelin" in name or "spear" in name:
        return "javelin"
    if any(k in name for k in _GRENADE_LIKE):
        return "grenade"
    raise IllegalActionError(f"{short(name)} cannot volley: only bows, javelins/spears or "
                             "grenade-like items", RULE_VOLLEY)


@dataclass(frozen=True)
class VolleyPlan:
    """An Indirect Fire attack's rules: its kind, penalty, miss chance and what it loses."""

    kind: str
    clearance_ft: int
    penalty: int
    range_penalty: int
    range_finding: int
    miss_chance: int
    unintended_within_ft: int = 10
    anti_armor: bool = False
    precision_damage: bool = False
    critical_hits: bool = False


def range_finding_bonus(check_total: int) -> int:
    """Craft(Academia) during Aim: +2 at DC15, +1 more per 5 over (0 below 15)."""
    t = _whole("check_total", check_total)
    return 0 if t < 15 else 2 + (t - 15) // 5


def volley(weapon: str, clearance_ft: int, *, seen: bool = True, range_penalty: int = 0,
           range_finding_check: int | None = None) -> VolleyPlan:
    """Check and plan a volley at a hex.

    Raises:
        IllegalActionError: a weapon that cannot volley, or too low a ceiling.
        ArcheryError: bad numbers.
    """
    kind = volley_kind(weapon)
    need = CLEARANCE_FT[kind]
    if _whole("clearance_ft", clearance_ft, 0) < need:
        raise IllegalActionError(f"a volley with a {kind} needs {need} ft of vertical clearance, "
                                 f"not {clearance_ft}", RULE_VOLLEY)
    if _whole("range_penalty", range_penalty) > 0:
        raise ArcheryError(f"range_penalty is 0 or negative, not {range_penalty}")
    rf = 0 if range_finding_check is None else range_finding_bonus(range_finding_check)
    return VolleyPlan(kind, need, VOLLEY_PENALTY, range_penalty, rf, 0 if seen else 50)


def volley_attack_mod(plan: VolleyPlan, natural: int) -> int:
    """The volley's modifiers for a die showing ``natural``: -10, range, Range-Finding, and
    +10 Innate on a natural 20 (not an automatic hit)."""
    if not 1 <= _whole("natural", natural) <= 20:
        raise ArcheryError(f"natural must be 1-20, not {natural}")
    return (plan.penalty + plan.range_penalty + plan.range_finding
            + (10 if natural == 20 else 0))


def volley_hit_odds(attack_bonus: int, ac: int, plan: VolleyPlan) -> Fraction:
    """The exact chance a volley strikes the creature in the hex (a natural 1 misses; the
    50% miss chance when unseen)."""
    _whole("attack_bonus", attack_bonus)
    _whole("ac", ac)
    p = _p_d20(lambda n: n != 1 and n + attack_bonus + volley_attack_mod(plan, n) >= ac)
    return p * Fraction(100 - plan.miss_chance, 100)


@dataclass(frozen=True)
class Bystander:
    """A creature near the intended target, for :func:`unintended_attack_odds`.

    Attributes:
        creature: The :class:`lfgcombat.Creature` (its name, its AC against the new roll).
        position: ``cover``, ``adjacent``, ``behind`` or ``other`` (see :class:`Candidate`).
        distance_ft: Its distance from the intended target.
        line_of_effect: The shooter has Line of Effect to it.
    """

    creature: Any
    position: Position
    distance_ft: int
    line_of_effect: bool = True

    def candidate(self) -> Candidate:
        """The :class:`Candidate` (its AC is computed by the new attack, not needed here)."""
        return Candidate(str(self.creature.name), 0, self.position, self.distance_ft,
                         self.line_of_effect)


def first_roll_outcome(setup: Any, natural: int, total: int) -> str:
    """``hit``, ``nat1``, ``shield`` or ``miss`` of a prepared attack's first roll (an
    :class:`~lfgcombat.rules.attacks.AttackSetup`): only a ``miss`` of a ranged attack without an
    Active Defense finds an Unintended Target. The shield is the target's Shield Rating."""
    shield = int(getattr(setup.target, "shield_rating", 0) or 0)
    return _first_outcome(natural, total, int(setup.ac), shield)


def finds_unintended(setup: Any) -> bool:
    """Whether a miss of this prepared attack can find an Unintended Target: a ranged attack
    against no active defence and no automatic critical ("Accuracy by Volume")."""
    return (setup.mode == "ranged" and setup.defense is None and not setup.auto_critical)


def second_situation(situation: dict[str, Any]) -> dict[str, Any]:
    """The new roll's situation: the same attack at -4, without precision damage, and
    without what was about the intended target (its cover, concealment, defence)."""
    out = {k: v for k, v in situation.items()
           if k not in ("precision", "cover", "concealment", "active_defense", "flanked",
                        "defense_bonus", "acrobatics", "defense_uses", "active_dodger",
                        "defender_fighting_defensively", "parry_weapon", "flat_footed",
                        "helpless")}
    out["attack_bonuses"] = tuple(out.get("attack_bonuses", ())) + (
        Bonus(UNINTENDED_PENALTY, None, "unintended target"),)
    return out

"""Attacks in the classic ruleset: to hit, criticals and fumbles.

002_2a3a79475ca2a541.txt, "How to attack another creature": "D20 + BAB (Base Attack
Bonus) + Ability Modifier (STR for melee, DEX for ranged) = or > Target's Armor Class".
"Criticals and fumbles": "Rolling a 20 is always a Critical Hit. Some weapons have a larger
range, and you can choose the Expanded Critical Talent which adds 1 to your crit range."
"Critical Hit": "Roll your damage dice twice, with all applicable bonuses, and add the rolls
together for the total damage inflicted." "Fumble": "A roll of a natural 1 during any attack
or action causes the character to fumble. The circumstances and consequences of a fumble
are up to the GM" (suggestions: ``data/classic/fumbles.csv``). "Concealment": -2 / -5.

Decisions where the text is open (inferred):

* A natural 20 always hits ("always a Critical Hit"); a natural 1 always misses (it is a
  fumble, the d20 family's automatic miss); a roll in a widened range (19, 18, ...) is a
  critical only if it hits. There is no confirmation roll (the text has none).
* A weapon range is the lowest natural that threatens (20, 19 for "19-20", ...); Expanded
  Critical lowers it by one; it never reaches 1 (a natural 1 is a fumble).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction

import pandas as pd

from lfgcombat.dice import DiceExpr, Roll, Roller, parse
from lfgcombat.errors import DiceError
from lfgcombat.dice.odds import pmf
from lfgcombat.io.tables import load_table

from . import armor as _armor  # registers the classic/fumbles schema
from ._base import ClassicError, check_int

__all__ = ["ClassicAttack", "ClassicAttackOdds", "attack_bonus", "crit_threshold", "attack",
           "attack_odds", "fumble_suggestions", "weapon_crit_range"]


def attack_bonus(bab: int, str_mod: int = 0, dex_mod: int = 0, ranged: bool = False) -> int:
    """BAB + STR (melee) or DEX (ranged) (002_2a3a79475ca2a541.txt, "Base Attack Bonus").

    Raises:
        ClassicError: naming a field that is not a whole number (``bab`` must be >= 0).
    """
    check_int("bab", bab, 0)
    check_int("str_mod", str_mod)
    check_int("dex_mod", dex_mod)
    return bab + (dex_mod if ranged else str_mod)


def crit_threshold(crit_range: int = 20, expanded_critical: bool = False) -> int:
    """The lowest natural roll that is a critical
    (002_2a3a79475ca2a541.txt, "Criticals and fumbles": a 20 always, a wider weapon
    range, +1 with Expanded Critical).

    Args:
        crit_range: The weapon's lowest threatening natural (20, or 19 for "19-20").
        expanded_critical: The Expanded Critical Talent: "adds 1 to your crit range".

    Raises:
        ClassicError: ``crit_range`` is not 2 to 20, or the talent would widen it to 1.
    """
    check_int("crit_range", crit_range, 2, 20)
    low = crit_range - (1 if expanded_critical else 0)
    if low < 2:
        raise ClassicError("expanded_critical", "a crit range cannot reach a natural 1 (a "
                           "fumble); the weapon's range is already 2-20")
    return low


def weapon_crit_range(weapon: str) -> int:
    """A weapon's crit range ("Some weapons have a larger range"): the kit's weapon table's
    ``threat`` column (``data/weapons.csv``; 19 for a longsword, 18 for a rapier).

    Raises:
        ClassicError: naming ``weapon`` when it is not in the table.
    """
    threat = _threats().get(weapon) if isinstance(weapon, str) else None
    if threat is None:
        raise ClassicError("weapon", f"{weapon!r:.40} is not in data/weapons.csv; give a "
                           "weapon name or pass crit_range yourself")
    return threat


@functools.lru_cache(maxsize=1)
def _threats() -> dict[str, int]:
    """The weapon table's ``threat`` by name, read once (the first row of a name; issue 24,
    "Fast": every classic attack read the table into a new DataFrame)."""
    import lfgcombat  # noqa: F401 - registers the weapons table's schema

    table = load_table("weapons")
    out: dict[str, int] = {}
    for name, threat in zip(table["name"], table["threat"]):
        out.setdefault(name, int(threat))
    return out


def fumble_suggestions() -> pd.DataFrame:
    """The text's fumble suggestions (``data/classic/fumbles.csv``), for the GM."""
    return load_table("classic/fumbles")


@dataclass(frozen=True)
class ClassicAttack:
    """One rolled attack.

    Attributes:
        roll: The d20 + bonus roll.
        ac: The target's AC.
        hit, critical, fumble: The outcome (a fumble is a logged event the GM resolves).
        damage: The damage dealt (0 on a miss); ``damage_rolls`` the one or two rolls.
    """

    roll: Roll
    ac: int
    hit: bool
    critical: bool
    fumble: bool
    damage: int
    damage_rolls: tuple[Roll, ...] = ()

    def explain(self) -> str:
        """The attack in words (what the AttackPanel and a notebook show): the d20 and its
        total against the AC ("= or > Target's Armor Class"), a natural 20's critical with
        the damage dice rolled twice ("Critical Hit"), a natural 1's fumble for the GM
        ("Fumble"), a dodged hit (Blinded), and the damage.

            >>> from lfgcombat.dice import ScriptedRoller
            >>> dice = ScriptedRoller(0, [(20, 20), (8, 5), (8, 6)])
            >>> print(attack(dice, 4, 15, "1d8+2").explain())
            attack: d20 20 +4 = 24 vs AC 15: critical (a natural 20 is always a critical)
            damage: rolled twice, 7 + 8 = 15
        """
        nat = self.roll.natural or 0
        bonus = self.roll.total - nat
        if self.critical:
            verdict = "critical (a natural 20 is always a critical)" if nat == 20 else (
                "critical (the weapon's critical range)")
        elif self.fumble:
            verdict = ("fumble (a natural 1): the GM resolves it, e.g. "
                       + "; ".join(str(x) for x in fumble_suggestions()["suggestion"][:3]))
        else:
            verdict = "hit" if self.hit else "miss"
            if not self.hit and self.roll.total >= self.ac:
                verdict = "miss (dodged: Blinded attacker's 50%)"
        lines = [f"attack: d20 {nat} {bonus:+d} = {self.roll.total} vs AC {self.ac}: "
                 + verdict]
        if self.hit:
            rolls = [r.total for r in self.damage_rolls]
            lines.append("damage: " + (f"rolled twice, {rolls[0]} + {rolls[1]} = {self.damage}"
                                       if len(rolls) == 2 else f"{self.damage}"))
        return "\n".join(lines)


def _damage_expr(damage: str | DiceExpr) -> DiceExpr:
    try:
        return parse(damage)
    except DiceError as exc:
        raise ClassicError("damage", f"not a dice expression: {exc}") from None


def _outcome(natural: int, total: int, ac: int, low: int) -> tuple[bool, bool]:
    """(hit, critical) of a natural roll and its total against ``ac``."""
    if natural == 20:
        return True, True
    if natural == 1:
        return False, False
    hit = total >= ac
    return hit, hit and natural >= low


def _labels(ac: int, miss_chance: int, names: tuple[str, str, str] | None
            ) -> tuple[str, str, str]:
    """The attack's dice labels (attack, dodge, damage), naming the attacker, the target
    and the weapon when ``names`` gives them (issue 26, "Words from the ruleset")."""
    if not names:
        return f"attack vs AC {ac}", f"{miss_chance}% to dodge", "damage"
    a, t, w = (str(x) for x in names)
    return (f"{a} attacks {t} with {w} vs AC {ac}",
            f"{t}'s {miss_chance}% to dodge {a}'s attack",
            f"{a}'s {w} damage to {t}")


def attack(roller: Roller, bonus: int, ac: int, damage: str | DiceExpr, *,
           crit_range: int = 20, expanded_critical: bool = False,
           concealment: str = "none", miss_chance: int = 0,
           names: tuple[str, str, str] | None = None) -> ClassicAttack:
    """Roll an attack: d20 + ``bonus`` (+ concealment penalty) against ``ac``, a hit when the
    total equals or beats it (002_2a3a79475ca2a541.txt, "To hit:").

    Args:
        roller: The dice.
        bonus: The attack bonus (see :func:`attack_bonus`).
        ac: The target's Armor Class.
        damage: The damage expression with its bonuses, e.g. ``"1d8+3"``; on a critical it
            is rolled twice and added.
        crit_range, expanded_critical: See :func:`crit_threshold`.
        concealment: ``"none"``, ``"partial"`` (-2) or ``"full"`` (-5).
        miss_chance: A % chance that a hit misses anyway, rolled after the hit: 50 when
            the attacker is Blinded ("Any target they attack gets a 50% chance to dodge
            the attack", "Conditions"), rolled on d% (1 to ``miss_chance`` dodges).
        names: ``(attacker, target, weapon)``: the dice labels then say who rolls
            (``"Wulfric attacks Orc with longsword vs AC 13"``, ``"Wulfric's longsword
            damage to Orc"``), as lfg's engine labels its attack rolls; without them the
            labels are bare (``"attack vs AC 13"``, ``"damage"``).

    Returns:
        The :class:`ClassicAttack`.

    Raises:
        ClassicError: naming the bad field; nothing is rolled then.
    """
    check_int("bonus", bonus)
    check_int("miss_chance", miss_chance, 0, 100)
    check_int("ac", ac)
    expr = _damage_expr(damage)
    low = crit_threshold(crit_range, expanded_critical)
    total_bonus = bonus + _armor.concealment_penalty(concealment)
    att, dodge, dmg = _labels(ac, miss_chance, names)
    roll = roller.roll(f"1d20{total_bonus:+d}", label=att)
    hit, critical = _outcome(roll.natural or 0, roll.total, ac, low)
    if hit and miss_chance and roller.roll("1d100", label=dodge).total <= miss_chance:
        hit = critical = False
    rolls: tuple[Roll, ...] = ()
    if hit:
        rolls = tuple(roller.roll(expr, label=dmg) for _ in range(2 if critical else 1))
    dealt = max(0, sum(r.total for r in rolls))
    return ClassicAttack(roll, ac, hit, critical, roll.natural == 1, dealt, rolls)


@dataclass(frozen=True)
class ClassicAttackOdds:
    """Exact odds of :func:`attack`.

    Attributes:
        p_hit: P(hit), criticals included.
        p_crit: P(critical).
        p_fumble: P(natural 1) = 1/20.
        damage: P(damage dealt), indexed by damage (0 = a miss), as Fractions.
    """

    p_hit: Fraction
    p_crit: Fraction
    p_fumble: Fraction
    damage: pd.Series

    @property
    def expected_damage(self) -> Fraction:
        """The mean damage per attack."""
        pairs = zip(self.damage.index.tolist(), self.damage.tolist())
        return sum((Fraction(int(k)) * v for k, v in pairs), Fraction(0))


def _damage_dist(expr: DiceExpr, twice: bool) -> dict[int, Fraction]:
    series = pmf(expr, exact=True)
    one = {int(k): Fraction(v) for k, v in zip(series.index.tolist(), series.tolist())}
    dist = one
    if twice:
        dist = {}
        for a, pa in one.items():
            for b, pb in one.items():
                dist[a + b] = dist.get(a + b, Fraction(0)) + pa * pb
    out: dict[int, Fraction] = {}
    for k, p in dist.items():
        out[max(0, k)] = out.get(max(0, k), Fraction(0)) + p
    return out


def attack_odds(bonus: int, ac: int, damage: str | DiceExpr, *, crit_range: int = 20,
                expanded_critical: bool = False, concealment: str = "none",
                miss_chance: int = 0) -> ClassicAttackOdds:
    """The exact odds of :func:`attack` with the same arguments (no roller).

    Example:
        >>> attack_odds(5, 15, "1d8").p_hit
        Fraction(11, 20)

    Raises:
        ClassicError: as :func:`attack`.
    """
    check_int("bonus", bonus)
    check_int("ac", ac)
    keep = Fraction(100 - check_int("miss_chance", miss_chance, 0, 100), 100)
    expr = _damage_expr(damage)
    low = crit_threshold(crit_range, expanded_critical)
    total_bonus = bonus + _armor.concealment_penalty(concealment)
    hits = crits = 0
    for natural in range(1, 21):
        hit, critical = _outcome(natural, natural + total_bonus, ac, low)
        hits += hit
        crits += critical
    p_normal, p_crit = Fraction(hits - crits, 20) * keep, Fraction(crits, 20) * keep
    dist: dict[int, Fraction] = {0: 1 - p_normal - p_crit}
    for share, twice in ((p_normal, False), (p_crit, True)):
        if share:
            for k, p in _damage_dist(expr, twice).items():
                dist[k] = dist.get(k, Fraction(0)) + share * p
    series = pd.Series(dict(sorted(dist.items())), dtype=object, name="P(damage)")
    return ClassicAttackOdds(Fraction(hits, 20) * keep, p_crit, Fraction(1, 20), series)

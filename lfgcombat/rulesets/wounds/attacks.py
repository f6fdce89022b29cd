"""Attacks in the ``wounds`` ruleset: Nat 1 / Nat 20, confirmation, the critical choice.

003_de0e94afd49609a7.txt, "Combat Statistics": "A natural 1 on the roll applies an automatic
-5 to the attack, while a natural 20 results in a +5 on the result." "On the roll of a
natural 20 first this grants a +5 [...] The attacker then rolls to confirm the Critical hit.
They roll the attack again at all the same bonuses, if it hits they Confirm the Critical
Hit." The choice on a confirmed critical: "Double Damage: You roll any damage dice twice as
well as double any bonus [...] All enchantment bonuses are also doubled" or "Go to Wounds:
Instead of doubling damage you may inflict normal damage, but it goes straight to to
Wounds. Unless the attack was specifically aimed, this damage goes to the Body";
"x3 Multiplier" and "x4 Multiplier": triple / quadruple, or to Wounds at double / triple.
"No attack can ever have a critical range lower then 15." "If another natural 20 is rolled
when confirming a critical hit, the player (Not normally available to npcs or monsters) may
roll to see if its an Instant Kill. if the player rolls another natural 20 then the target
is instantly slain with no save, gaining the Dead condition." "To attack, roll 1d20 and add
your relevant Ability Score Modifier (typically STR or DEX), your Prowess, and any
miscellaneous bonuses".

Decisions where the text is open (inferred):

* A critical needs a hit: a natural roll in the critical range threatens only when its
  total (with the +5 of a natural 20) meets the AC; a natural 20 is not an automatic hit.
* The confirmation roll is an attack roll, so its natural 1 / 20 also give -5 / +5.
* Damage multiplied by *m* is the damage expression (dice and bonuses) rolled *m* times and
  added, which multiplies every bonus, enchantment included.
* "another natural 20 [...] when confirming": the Instant Kill roll needs a natural 20 on
  the attack *and* on the confirmation (a threat on a 19 confirmed with a 20 does not
  qualify), the attacker a player; the target is then dead whatever the damage choice.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import pandas as pd

from lfgcombat.dice import DiceExpr, Roll, Roller, parse
from lfgcombat.errors import DiceError
from lfgcombat.dice.odds import pmf

from ._base import WoundsError, check_choice, check_int, made

__all__ = ["NAT1_PENALTY", "NAT20_BONUS", "MIN_CRIT_RANGE", "CHOICES", "attack_bonus",
           "adjusted_total", "crit_threshold", "WoundsAttack", "attack", "WoundsAttackOdds",
           "attack_odds", "critical_multiplier", "DamageParts", "choice_words"]

NAT1_PENALTY = -5
NAT20_BONUS = 5
MIN_CRIT_RANGE = 15
CHOICES = ("multiply", "wounds")


#: The multiplied critical in the text's words, by the weapon's multiplier.
_MULTIPLIED = {2: "Double Damage", 3: "Triple Damage", 4: "Quadruple Damage"}


def choice_words(choice: str, multiplier: int = 2) -> str:
    """A critical choice in the text's words (issue 26, item 2: not its id).

    003_de0e94afd49609a7.txt, "Combat Statistics": "• Double Damage: You roll any damage
    dice twice ..." / "• Go to Wounds: Instead of doubling damage you may inflict normal
    damage, but it goes straight to to Wounds"; "x3 Multiplier": "• Triple Damage";
    "x4 Multiplier": "• Quadruple Damage".

    Args:
        choice: ``"multiply"`` or ``"wounds"``.
        multiplier: The weapon's Critical Multiplier (2 to 4).

    Raises:
        WoundsError: an unknown choice or multiplier.
    """
    check_choice("critical_choice", choice, CHOICES)
    return (_MULTIPLIED[check_int("multiplier", multiplier, 2, 4)] if choice == "multiply"
            else "Go to Wounds")


def attack_bonus(ability_mod: int, prowess: int, misc: int = 0) -> int:
    """Ability modifier + Prowess + miscellaneous bonuses.

    Raises:
        WoundsError: naming the field that is not a whole number (Prowess >= 0).
    """
    return (check_int("ability_mod", ability_mod) + check_int("prowess", prowess, 0)
            + check_int("misc", misc))


def adjusted_total(natural: int, bonus: int) -> int:
    """The attack result: natural + bonus, -5 on a natural 1, +5 on a natural 20."""
    check_int("natural", natural, 1, 20)
    return natural + bonus + (NAT1_PENALTY if natural == 1 else 0) + (
        NAT20_BONUS if natural == 20 else 0)


def crit_threshold(crit_range: int = 20, widen: int = 0) -> int:
    """The lowest natural that threatens: the weapon's range widened by ``widen``, never
    below 15.

    Raises:
        WoundsError: ``crit_range`` is below 15 or above 20 (no weapon has such a range),
            or ``widen`` is negative.
    """
    check_int("crit_range", crit_range, MIN_CRIT_RANGE, 20)
    return max(MIN_CRIT_RANGE, crit_range - check_int("widen", widen, 0))


def critical_multiplier(multiplier: int, choice: str) -> int:
    """How many times the damage is rolled: ``m`` to multiply, ``m - 1`` to Wounds
    (003_de0e94afd49609a7.txt, "x3 Multiplier"; 003_de0e94afd49609a7.txt, "x4 Multiplier":
    triple or quadruple, or one less straight to Wounds).

    Raises:
        WoundsError: ``multiplier`` is not 2, 3 or 4, or ``choice`` is unknown.
    """
    check_int("multiplier", multiplier, 2, 4)
    check_choice("critical_choice", choice, CHOICES)
    return multiplier if choice == "multiply" else multiplier - 1


@dataclass(frozen=True)
class WoundsAttack:
    """One rolled attack.

    Attributes:
        roll: The attack roll; ``total`` its result with the Nat 1 / Nat 20 adjustment.
        hit, threat, critical: Hit; a hit in the critical range; a confirmed critical.
        confirm: The confirmation roll, if any; ``instant_kill_roll`` the player's roll.
        instant_kill: The target is slain outright.
        hp_damage: Damage to Hit Points; ``wounds_damage`` damage straight to Wounds
            (``location`` ``"body"`` unless aimed).
    """

    roll: Roll
    total: int
    hit: bool
    threat: bool
    critical: bool
    confirm: Roll | None
    instant_kill_roll: Roll | None
    instant_kill: bool
    hp_damage: int
    wounds_damage: int
    location: str | None

    def explain(self) -> str:
        """The attack in words: the roll with its Nat 1 / Nat 20 adjustment, the
        confirmation, the Instant Kill roll, the damage to Hit Points and to Wounds."""
        nat = self.roll.natural or 0
        adj = " (Nat 1: -5)" if nat == 1 else " (Nat 20: +5)" if nat == 20 else ""
        lines = [f"attack: d20 {nat} -> {self.total}{adj}: "
                 + ("critical threat" if self.threat else "hit" if self.hit else "miss")]
        if self.confirm is not None:
            lines.append(f"confirmation: d20 {self.confirm.natural}: "
                         + ("confirmed" if self.critical else "not confirmed"))
        if self.instant_kill_roll is not None:
            lines.append(f"Instant Kill: d20 {self.instant_kill_roll.total}"
                         + (": the target is slain" if self.instant_kill else ""))
        if self.hit:
            lines.append(f"damage: {self.hp_damage} to Hit Points"
                         + (f", {self.wounds_damage} to Wounds ({self.location})"
                            if self.wounds_damage else ""))
        return "\n".join(lines)


def _expr(damage: str | DiceExpr) -> DiceExpr:
    try:
        return parse(damage)
    except DiceError as exc:
        raise WoundsError("damage", f"not a dice expression: {exc}") from None


@dataclass(frozen=True)
class DamageParts:
    """One damage roll made of parts, each with its own multiplier: a weapon whose damage
    types carry riders (:mod:`lfgcombat.rulesets.wounds.riders`: an electric part x3/2 against a
    flyer, a spared holy part x0).

    A roll is the sum of the parts, each part rolled and multiplied by its factor (rounded
    down); a critical rolls the whole thing again ("You roll any damage dice twice").

    A part the target resists (003_de0e94afd49609a7.txt, "Most damage falls into one of two
    broad damage types": "If Garry using fire damages against foe with Fire Resistance; the
    damage will be reduced based on the foes defensive ability") loses its resistance once
    a strike, after its multiplier and a critical's rolls (lfg's "Critical Hit damage is
    multiplied before DR is applied"), down to 0 (:meth:`strike`).

    Attributes:
        parts: ``(dice expression, factor, label)`` per part.
        resist: The damage resisted from each part a strike (empty: none resisted).
    """

    parts: tuple[tuple[DiceExpr, Fraction, str], ...]
    resist: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.resist and (len(self.resist) != len(self.parts) or any(
                not isinstance(r, int) or isinstance(r, bool) or r < 0 for r in self.resist)):
            raise WoundsError("resist", f"{self.resist!r:.60}: one whole number >= 0 per part")

    def _resisted(self) -> tuple[int, ...]:
        return self.resist or (0,) * len(self.parts)

    @classmethod
    def of(cls, damage: "str | DiceExpr | DamageParts") -> "DamageParts":
        """A plain expression as one part x1 (or the parts as they are).

        Raises:
            WoundsError: naming ``damage`` for a bad expression.
        """
        if isinstance(damage, DamageParts):
            return damage
        return cls(((_expr(damage), Fraction(1), "damage"),))

    def __str__(self) -> str:
        return " + ".join(str(e) if f == 1 else f"({e})x{f}" for e, f, _ in self.parts)

    def roll(self, roller: Roller) -> int:
        """One damage roll (a part x1 is rolled exactly as a plain expression)."""
        total = 0
        for expr, factor, label in self.parts:
            rolled = roller.roll(expr, label=label).total
            total += rolled if factor == 1 else math.floor(rolled * factor)
        return total

    def pmf(self) -> dict[int, Fraction]:
        """The exact distribution of one roll (not clamped at 0, nothing resisted)."""
        dist = {0: Fraction(1)}
        for i in range(len(self.parts)):
            dist = _convolve(dist, self._part_pmf(i))
        return dist

    def _part_pmf(self, i: int) -> dict[int, Fraction]:
        expr, factor, _ = self.parts[i]
        series = pmf(expr, exact=True)
        one: dict[int, Fraction] = {}
        for k, v in zip(series.index.tolist(), series.tolist()):
            key = int(k) if factor == 1 else math.floor(int(k) * factor)
            one[key] = one.get(key, Fraction(0)) + Fraction(v)
        return one

    def strike(self, roller: Roller, times: int, names: tuple[str, str, str] | None = None
               ) -> int:
        """One strike's damage: the parts rolled ``times`` times (a critical's multiplier;
        in that order: every part of the first roll, then of the second...), each part's
        resistance taken off its sum, the whole at least 0. ``names`` (attacker, target,
        weapon) make each part's dice label say whose damage it is (``"Wulfric's
        longsword slashing damage to Orc"``)."""
        sums = [0] * len(self.parts)
        for _ in range(times):
            for i, (expr, factor, label) in enumerate(self.parts):
                if names:
                    label = f"{names[0]}'s {names[2]} {label} to {names[1]}"
                rolled = roller.roll(expr, label=label).total
                sums[i] += rolled if factor == 1 else math.floor(rolled * factor)
        return max(0, sum(_resist(x, r) for x, r in zip(sums, self._resisted())))

    def strike_pmf(self, times: int) -> dict[int, Fraction]:
        """The exact distribution of :meth:`strike` (clamped at 0)."""
        dist = {0: Fraction(1)}
        if times:
            for i, r in enumerate(self._resisted()):
                one = {0: Fraction(1)}
                for _ in range(times):
                    one = _convolve(one, self._part_pmf(i))
                part: dict[int, Fraction] = {}
                for k, p in one.items():
                    part[_resist(k, r)] = part.get(_resist(k, r), Fraction(0)) + p
                dist = _convolve(dist, part)
        out: dict[int, Fraction] = {}
        for k, p in dist.items():
            out[max(0, k)] = out.get(max(0, k), Fraction(0)) + p
        return out


def _resist(amount: int, resisted: int) -> int:
    """A part's sum less its resistance (a resisted part goes no lower than 0)."""
    return max(0, amount - resisted) if resisted else amount


def _convolve(a: dict[int, Fraction], b: dict[int, Fraction]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for x, px in a.items():
        for y, py in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + px * py
    return out


@dataclass(frozen=True)
class _Setup:
    bonus: int
    ac: int
    expr: DamageParts
    low: int
    times: int
    choice: str
    player: bool


def _setup(bonus: int, ac: int, damage: "str | DiceExpr | DamageParts", crit_range: int,
           widen: int,
           multiplier: int, critical_choice: str, player: bool) -> _Setup:
    """The attack's numbers checked (refused, naming the field, before anything is rolled);
    for :class:`DamageParts` (a frozen value) and plain whole numbers, kept on the parts
    (issue 24, "Fast": every attack checked them again)."""
    key = (bonus, ac, crit_range, widen, multiplier, critical_choice, player)
    if type(damage) is not DamageParts or any(type(v) is not int for v in key[:5]) \
            or type(critical_choice) is not str or type(player) is not bool:
        return _setup_now(bonus, ac, damage, crit_range, widen, multiplier, critical_choice,
                          player)
    kept: dict[tuple[object, ...], _Setup] = damage.__dict__.setdefault("_setups", {})
    found = kept.get(key)
    if found is None:
        found = kept[key] = _setup_now(bonus, ac, damage, crit_range, widen, multiplier,
                                       critical_choice, player)
    return found


def _setup_now(bonus: int, ac: int, damage: "str | DiceExpr | DamageParts", crit_range: int,
               widen: int, multiplier: int, critical_choice: str, player: bool) -> _Setup:
    """:func:`_setup`, checked now."""
    check_int("bonus", bonus)
    check_int("ac", ac)
    return _Setup(bonus, ac, DamageParts.of(damage), crit_threshold(crit_range, widen),
                  critical_multiplier(multiplier, critical_choice), critical_choice,
                  bool(player))


def _labels(ac: int, names: tuple[str, str, str] | None) -> tuple[str, str, str]:
    """The attack's dice labels (attack, confirmation, Instant Kill), naming the attacker,
    the target and the weapon when ``names`` gives them (issue 26, "Words from the
    ruleset")."""
    if not names:
        return f"attack vs AC {ac}", "confirm the critical", "Instant Kill"
    a, t, w = (str(x) for x in names)
    return (f"{a} attacks {t} with {w} vs Defense {ac}",
            f"{a} confirms the critical against {t}",
            f"{a}'s Instant Kill roll against {t}")


def attack(roller: Roller, bonus: int, ac: int, damage: "str | DiceExpr | DamageParts", *,
           crit_range: int = 20, widen: int = 0, multiplier: int = 2,
           critical_choice: str = "multiply", player: bool = False,
           aimed_at: str | None = None,
           names: tuple[str, str, str] | None = None) -> WoundsAttack:
    """Roll an attack, its confirmation, the Instant Kill roll and the damage.

    Args:
        roller: The dice.
        bonus: The attack bonus (see :func:`attack_bonus`).
        ac: The target's Armor Class (Defense).
        damage: The damage expression with its bonuses, e.g. ``"1d8+3"``, or
            :class:`DamageParts` (a weapon's riders applied).
        crit_range, widen: See :func:`crit_threshold`.
        multiplier: The weapon's critical multiplier, 2, 3 or 4.
        critical_choice: ``"multiply"`` or ``"wounds"`` (made on confirming).
        player: The attacker is a player (only players may roll for an Instant Kill).
        aimed_at: The location aimed at; damage to Wounds goes to the ``"body"`` otherwise.
        names: ``(attacker, target, weapon)``: the dice labels then say who rolls
            (``"Wulfric attacks Orc with longsword vs Defense 13"``, ``"Wulfric confirms the
            critical against Orc"``), as lfg's engine labels its attack rolls; without
            them the labels are bare (``"attack vs AC 13"``).

    Raises:
        WoundsError: naming the bad field; nothing is rolled then.
    """
    s = _setup(bonus, ac, damage, crit_range, widen, multiplier, critical_choice, player)
    labels = _labels(s.ac, names)
    roll = roller.roll(f"1d20{s.bonus:+d}", label=labels[0])
    total = adjusted_total(roll.natural or 1, s.bonus)
    hit = total >= s.ac
    threat = hit and (roll.natural or 0) >= s.low
    confirm = kill_roll = None
    critical = kill = False
    if threat:
        confirm = roller.roll(f"1d20{s.bonus:+d}", label=labels[1])
        critical = adjusted_total(confirm.natural or 1, s.bonus) >= s.ac
        if critical and roll.natural == confirm.natural == 20 and s.player:
            kill_roll = roller.roll("1d20", label=labels[2])
            kill = kill_roll.total == 20
    times = s.times if critical else (1 if hit else 0)
    dealt = s.expr.strike(roller, times, names)
    to_wounds = critical and s.choice == "wounds"
    return made(WoundsAttack, roll, total, hit, threat, critical, confirm, kill_roll, kill,
                0 if to_wounds else dealt, dealt if to_wounds else 0,
                (aimed_at or "body") if to_wounds else None)


@dataclass(frozen=True)
class WoundsAttackOdds:
    """Exact odds of :func:`attack`.

    Attributes:
        p_hit, p_threat, p_crit, p_instant_kill: The probabilities.
        hp_damage, wounds_damage: P(damage) to Hit Points / to Wounds under the chosen
            ``critical_choice`` (index: damage, 0 included; values: Fractions).
        expected: Expected (HP, Wounds) damage under each choice: ``{"multiply": (...),
            "wounds": (...)}``, so both choices are reported.
    """

    p_hit: Fraction
    p_threat: Fraction
    p_crit: Fraction
    p_instant_kill: Fraction
    hp_damage: pd.Series
    wounds_damage: pd.Series
    expected: dict[str, tuple[Fraction, Fraction]]


def _sum_of(expr: DamageParts, times: int) -> dict[int, Fraction]:
    return expr.strike_pmf(times)


def _rates(s: _Setup) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    hits = [n for n in range(1, 21) if adjusted_total(n, s.bonus) >= s.ac]
    p_hit = Fraction(len(hits), 20)
    p_threat = Fraction(sum(1 for n in hits if n >= s.low), 20)
    p_confirm = p_hit
    p_twenty = Fraction(1 if 20 in hits else 0, 20)  # a natural 20 that hits (and threatens)
    p_kill = p_twenty * p_twenty * Fraction(1, 20) if s.player else Fraction(0)
    return p_hit, p_threat, p_threat * p_confirm, p_kill


def _mix(parts: list[tuple[Fraction, dict[int, Fraction]]]) -> pd.Series:
    total: dict[int, Fraction] = {}
    for share, dist in parts:
        for k, p in dist.items():
            total[k] = total.get(k, Fraction(0)) + share * p
    return pd.Series(dict(sorted(total.items())), dtype=object, name="P(damage)")


def _mean(dist: pd.Series) -> Fraction:
    return sum((Fraction(int(k)) * v for k, v in zip(dist.index.tolist(), dist.tolist())),
               Fraction(0))


def attack_odds(bonus: int, ac: int, damage: "str | DiceExpr | DamageParts", *,
                crit_range: int = 20,
                widen: int = 0, multiplier: int = 2, critical_choice: str = "multiply",
                player: bool = False) -> WoundsAttackOdds:
    """The exact odds of :func:`attack` with the same arguments, both choices reported.

    Example:
        >>> attack_odds(5, 15, "1d8").p_hit
        Fraction(11, 20)

    Raises:
        WoundsError: as :func:`attack`.
    """
    s = _setup(bonus, ac, damage, crit_range, widen, multiplier, critical_choice, player)
    p_hit, p_threat, p_crit, p_kill = _rates(s)
    normal = _sum_of(s.expr, 1)
    expected: dict[str, tuple[Fraction, Fraction]] = {}
    series: dict[str, tuple[pd.Series, pd.Series]] = {}
    miss = {0: Fraction(1)}
    p_normal = p_hit - p_crit
    for choice in CHOICES:
        crit = _sum_of(s.expr, critical_multiplier(multiplier, choice))
        if choice == "multiply":
            hp = _mix([(1 - p_hit, miss), (p_normal, normal), (p_crit, crit)])
            wounds = _mix([(Fraction(1), miss)])
        else:
            hp = _mix([(1 - p_normal, miss), (p_normal, normal)])
            wounds = _mix([(1 - p_crit, miss), (p_crit, crit)])
        expected[choice] = (_mean(hp), _mean(wounds))
        series[choice] = (hp, wounds)
    hp, wounds = series[s.choice]
    return WoundsAttackOdds(p_hit, p_threat, p_crit, p_kill, hp, wounds, expected)

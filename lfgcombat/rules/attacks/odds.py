"""Exact odds of an attack: hit, critical, and the whole damage distribution after resistances.

000_8d1d7816ee944f3b.txt: "Attack Rolls", "Attack Rolls - Automatic Success & Failure: Nat20
& Nat1", "Critical Hits", "Perfect Critical (Optional Rule)", "Killer Criticals (Optional
Rule)", "Concealment - What is it?", "Active Defense Limitations:", "Resistance - Damage
Resistance (DR), Elemental Resistance, Energy Resistance".

:func:`attack_odds` takes the same arguments as :func:`lfgcombat.rules.attacks.attack` and
computes, instead of rolling, what the attack does: the d20's 20 faces are enumerated (with
Fortunate/Unfortunate from :func:`lfgcombat.dice.odds.pmf`, and the defender's 20 faces for an
Active Parry/Dodge) through the same :func:`~lfgcombat.rules.attacks.formulas.hits` and
:func:`~lfgcombat.rules.attacks.formulas.hits_vs_defense` the rolled attack uses, the % miss
chance is :func:`~lfgcombat.rules.attacks.formulas.p_past_miss_chance`, and the damage
distributions come from :func:`lfgcombat.dice.odds.pmf` pushed through the very methods the
rolled attack uses (:meth:`~lfgcombat.rules.attacks.DamagePlan.weapon_after`,
:meth:`~lfgcombat.rules.attacks.DamagePlan.physical`,
:meth:`~lfgcombat.rules.attacks.DamagePlan.extra`)
and convolved. So odds and rolls follow one implementation of the rules, and a test holds
them together by sampling (``tests/test_attack_odds.py``).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, cast

import pandas as pd

from ..archery.archery import Bystander, finds_unintended, first_roll_outcome, second_situation
from ..archery.archery import unintended_candidates
from lfgcombat.dice import DiceExpr
from lfgcombat.dice.odds import EXACT_FLOAT_WORK, _work, pmf
from lfgcombat.rulesets import Ruleset, RulesetError, definition
from .formulas import hits, hits_vs_defense, p_past_miss_chance
from .prepare import prepare
from .setup import AttackSetup
from ..weapons import Weapon

__all__ = ["AttackOdds", "attack_odds", "odds_for", "unintended_attack_odds"]

Dist = dict[int, Any]  # value -> probability (float or Fraction)


def _outcomes(dist: pd.Series) -> Iterator[tuple[int, Any]]:
    """``(outcome, probability)`` of a distribution Series, indexed by whole outcomes
    (pandas types a Series' index as any hashable)."""
    return cast(Iterator[tuple[int, Any]], dist.items())


def _faces(fortune: Any, exact: bool) -> Dist:
    return {int(k): v for k, v in _outcomes(pmf("1d20", fortune, exact=exact))}


def _dist(expr: DiceExpr, exact: bool) -> Dist:
    return {int(k): v for k, v in _outcomes(pmf(expr, exact=exact)) if v}


def map_dist(dist: Dist, fn: Callable[[int], int]) -> Dist:
    """The distribution of ``fn(x)`` for ``x`` drawn from ``dist`` ({value: probability})."""
    out: Dist = {}
    for k, p in dist.items():
        v = fn(k)
        out[v] = out.get(v, 0) + p
    return out


def convolve(a: Dist, b: Dist) -> Dist:
    """The distribution of the sum of two independent values ({value: probability})."""
    out: Dist = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, 0) + p * q
    return out


def _mix(parts: list[tuple[Any, Dist]]) -> Dist:
    out: Dist = {}
    for weight, dist in parts:
        if not weight:
            continue
        for k, p in dist.items():
            out[k] = out.get(k, 0) + weight * p
    return out


@dataclass(frozen=True)
class AttackOdds:
    """The exact outcome of one attack.

    In a notebook it shows as a summary table (P(hit), P(critical), expected damage, P(drop))
    with a small damage histogram (:meth:`_repr_html_`); its text repr is one line.

    Attributes:
        setup: The :class:`~lfgcombat.rules.attacks.AttackSetup` (attack line, bonus, AC...).
        p_hit: P(the attack deals damage): normal hits and criticals, after the % miss
            chance.
        p_crit: P(a confirmed Critical Hit) (Perfect Criticals included).
        p_perfect: P(a Perfect Critical) (0 unless the optional rule is on).
        p_threat: P(a Critical Threat that is not lost to the miss chance).
        damage: P(damage dealt) after resistances, indexed by damage (0 for a miss).
    """

    setup: AttackSetup
    p_hit: Any
    p_crit: Any
    p_perfect: Any
    p_threat: Any
    damage: pd.Series
    #: Creature name -> P(this ranged attack strikes it as an Unintended Target), from
    #: ``attack_odds(..., bystanders=...)`` (:func:`unintended_attack_odds`).
    unintended: Mapping[str, Any] = field(default_factory=dict)
    #: Feet the target flies above the ground (``None``: on the ground), for the Knockdown
    #: figures; set with :meth:`flying`.
    flying_ft: int | None = None
    #: The flying target's maneuverability (``None``: its Fly Speed's, else ``average``).
    maneuverability: str | None = None
    #: Feet run before this strike when it is a Charge Attack (0: not a Charge), for the
    #: Knockdown figures; set with :meth:`charging` or ``attack_odds(..., charge_ft=)``.
    charge_ft: int = 0
    #: ``(p_hit, p_crit, p_perfect, p_threat)`` as fractions, behind the float figures, so
    #: differences such as :attr:`p_miss` are rounded once (0.05, not 0.050000000000000044).
    fractions: tuple[Fraction, ...] | None = field(default=None, repr=False, compare=False)
    #: :attr:`damage` as fractions (when its dice are small), for :attr:`expected_damage`
    #: and :meth:`p_at_least`.
    damage_fractions: Mapping[int, Fraction] | None = field(default=None, repr=False,
                                                            compare=False)

    def _rounded(self, value: Callable[[tuple[Any, ...]], Any]) -> Any:
        """``value`` of (p_hit, p_crit, p_perfect, p_threat), computed on the fractions and
        rounded once when the odds are floats."""
        if self.fractions is None:
            return value((self.p_hit, self.p_crit, self.p_perfect, self.p_threat))
        result = value(self.fractions)
        return result if isinstance(self.p_hit, Fraction) else float(result)

    @property
    def p_miss(self) -> Any:
        """P(no damage from a hit): 1 - :attr:`p_hit`."""
        return self._rounded(lambda f: 1 - f[0])

    @property
    def bonus(self) -> int:
        """The attack bonus (the setup's), as every ruleset's odds carry it."""
        return int(self.setup.bonus)

    @property
    def ac(self) -> int:
        """The target's AC against this attack (the setup's)."""
        return int(self.setup.ac)

    @property
    def expected_damage(self) -> float:
        """The mean damage per attack."""
        if self.damage_fractions is not None:
            return float(sum(k * p for k, p in self.damage_fractions.items()))
        return float(sum(float(k) * float(p) for k, p in _outcomes(self.damage)))

    def p_at_least(self, amount: int) -> float:
        """P(damage >= amount), e.g. the chance this attack drops the target.

        Args:
            amount: The damage.

        Returns:
            The probability.
        """
        if self.damage_fractions is not None:
            return float(sum(p for k, p in self.damage_fractions.items() if k >= amount))
        return float(sum(float(p) for k, p in _outcomes(self.damage) if k >= amount))

    def flying(self, flying_ft: int | None, maneuverability: str | None = None) -> AttackOdds:
        """These odds against the target flying ``flying_ft`` feet up (``None``: on the
        ground), for :attr:`p_knockdown` and :attr:`p_knockdown_drop`
        (000_8d1d7816ee944f3b.txt, "Momentum of Impact": "Flying creatures are Unfortunate
        when resisting Knockdown strikes"; a flyer knocked down "drops 10 feet. If they reach
        the ground, they fall prone", 20 ft with Clumsy or Poor maneuverability).

        Args:
            flying_ft: Feet above the ground, or ``None``.
            maneuverability: ``clumsy``, ``poor``, ``average``, ``good`` or ``perfect``
                (default: the target's Fly Speed's, else ``average``).

        Raises:
            MomentumError: a negative height or an unknown maneuverability.
        """
        # imported when asked (here and below): momentum loads the close-combat and movement
        # modules, which register creature file keys in the order lfgcombat/__init__.py sets
        from ..impact.momentum import flyer_maneuverability, knocked_down_outcome
        man = (flyer_maneuverability(self.setup.target, maneuverability)
               if flying_ft is not None else maneuverability)
        knocked_down_outcome(flying_ft, man or "average")  # checks the height
        return replace(self, flying_ft=flying_ft, maneuverability=man)

    def charging(self, charge_ft: int) -> AttackOdds:
        """These odds for a Charge Attack made after running ``charge_ft`` feet, for
        :attr:`p_knockdown` and :attr:`p_knockdown_drop` (000_8d1d7816ee944f3b.txt,
        "Momentum of Impact": "Striking on a Charge Attack after moving at least 20 feet
        grants a +2 Innate Bonus to Knockdown DC"). Only the Knockdown figures change: the
        Charge's own attack and damage bonuses belong to the situation the attack was
        prepared with.

        Args:
            charge_ft: Feet run before the strike (0: not a Charge).

        Raises:
            MomentumError: a negative or non-whole distance.
        """
        from ..impact.momentum import knockdown_charge_ft
        return replace(self, charge_ft=knockdown_charge_ft(charge_ft))

    def _knocked_down(self) -> tuple[float, bool, int]:
        """P(the strike lands and the check fails), whether that leaves the target Prone,
        and the feet a flyer drops."""
        from ..impact.momentum import knockdown_odds, knocked_down_outcome
        flying = self.flying_ft is not None
        p_hit = self.fractions[0] if self.fractions else self.p_hit
        p = knockdown_odds(self.setup, p_hit=p_hit, flying=flying, charge_ft=self.charge_ft)
        prone, drop = knocked_down_outcome(self.flying_ft, self.maneuverability or "average")
        return p, prone, drop

    @property
    def p_knockdown(self) -> float:
        """P(this attack knocks the target Prone): 000_8d1d7816ee944f3b.txt, "Momentum of
        Impact" (the strike lands on the target or its shield, then the defender fails its
        Knockdown check; :func:`lfgcombat.rules.impact.momentum.knockdown_odds`). A flyer
        (:meth:`flying`) is Unfortunate on the check and is Prone only if its drop reaches
        the ground; a Charge of 20+ ft (:meth:`charging`) raises the DC by 2."""
        p, prone, _ = self._knocked_down()
        return p if prone else 0.0

    @property
    def p_knockdown_drop(self) -> float:
        """P(a flying target, :meth:`flying`, is knocked down and drops
        :attr:`knockdown_drop_ft`; landing Prone if that reaches the ground); 0.0 on the
        ground (000_8d1d7816ee944f3b.txt, "Momentum of Impact")."""
        p, _, drop = self._knocked_down()
        return p if drop else 0.0

    @property
    def knockdown_drop_ft(self) -> int:
        """Feet a flying target knocked down drops (0 on the ground)."""
        from ..impact.momentum import knocked_down_outcome
        return knocked_down_outcome(self.flying_ft, self.maneuverability or "average")[1]

    @property
    def p_drop(self) -> float:
        """P(the target falls to 0 HP or less from this one attack, temporary HP first)."""
        t = self.setup.target
        return self.p_at_least(t.hp + t.temp_hp)

    def _hit_damage(self) -> pd.Series:
        return self.damage[self.damage.index != 0] if len(self.damage) > 1 else self.damage

    def histogram(self, width: int = 30) -> str:
        """A small text histogram of the damage distribution (misses left out).

        Args:
            width: Characters of the longest bar.

        Returns:
            One line per damage value.
        """
        hit = self._hit_damage()
        if hit.empty:
            return "(no damage possible)"
        top = max(float(p) for p in hit)
        lines = []
        for k, p in hit.items():
            bar = "#" * max(1, round(width * float(p) / top)) if float(p) else ""
            lines.append(f"{k:>4} {float(p):6.1%} {bar}")
        return "\n".join(lines)

    def summary(self) -> str:
        """The attack line, the AC and the headline odds, on one line.

        Returns:
            The summary.
        """
        return (f"{self.setup.line} vs {self.setup.target.name} ({self.setup.ac_name} "
                f"{self.setup.ac.value}): hit {float(self.p_hit):.1%}, critical "
                f"{float(self.p_crit):.1%}, expected damage {self.expected_damage:.2f}")

    def explain(self) -> str:
        """The odds as readable lines.

        Returns:
            The summary, the miss chance, the Perfect Critical and P(drop).
        """
        lines = [self.summary()]
        if self.setup.miss_chance:
            lines.append(f"  includes the {self.setup.miss_chance}% miss chance")
        if self.p_perfect:
            lines.append(f"  Perfect Critical {float(self.p_perfect):.2%}")
        lines.append(f"  P(drop {self.setup.target.name}, {self.setup.target.hp} HP) = "
                     f"{self.p_drop:.1%}")
        return "\n".join(lines)

    def to_frame(self) -> pd.DataFrame:
        """``outcome``/``probability`` rows: miss, hit (not critical), critical.

        Returns:
            The table.
        """
        return pd.DataFrame({"outcome": ["miss", "hit", "critical"],
                             "probability": [float(self.p_miss),
                                             float(self._rounded(lambda f: f[0] - f[1])),
                                             float(self.p_crit)]})

    def _summary_rows(self) -> list[tuple[str, str]]:
        s = self.setup
        rows = [("attack", s.line), ("against", f"{s.target.name}, {s.ac_name} {int(s.ac)}"),
                ("P(hit)", f"{float(self.p_hit):.1%}"),
                ("P(critical)", f"{float(self.p_crit):.1%}")]
        if self.p_perfect:
            rows.append(("P(perfect critical)", f"{float(self.p_perfect):.2%}"))
        rows.append(("P(miss)", f"{float(self.p_miss):.1%}"))
        if s.miss_chance:
            rows.append(("miss chance", f"{s.miss_chance}% (included)"))
        rows += [("expected damage", f"{self.expected_damage:.2f}"),
                 (f"P(drop, {s.target.hp} HP)", f"{self.p_drop:.1%}")]
        return rows

    def histogram_svg(self, width: int = 320, height: int = 90) -> str:
        """The damage distribution (misses left out) as a small inline SVG bar chart, one
        slot per damage value from the least to the most.

        Args:
            width, height: The picture's size in pixels.

        Returns:
            An ``<svg>`` element, with a ``<title>`` per bar giving damage and probability.
        """
        hit = self._hit_damage()
        if not any(float(p) for k, p in _outcomes(hit) if k != 0):
            return "<em>(no damage possible)</em>"
        values = [(int(k), float(p)) for k, p in _outcomes(hit)]
        top = max(p for _, p in values)
        lo, hi = values[0][0], values[-1][0]
        bar_w = width / (hi - lo + 1)  # one slot per damage value: the axis is linear
        plot_h = height - 16
        bars = []
        for k, p in values:
            h = plot_h * p / top
            bars.append(f'<rect x="{(k - lo) * bar_w:.1f}" y="{plot_h - h:.1f}" '
                        f'width="{max(bar_w - 1, 0.5):.1f}" height="{h:.1f}" fill="#4a78a8">'
                        f"<title>{k} damage: {p:.1%}</title></rect>")
        labels = (f'<text x="0" y="{height - 2}" font-size="10">{lo}</text>'
                  f'<text x="{width}" y="{height - 2}" font-size="10" text-anchor="end">'
                  f"{hi}</text>")
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
                f'role="img" aria-label="damage distribution on a hit">{"".join(bars)}'
                f"{labels}</svg>")

    def _repr_html_(self) -> str:
        """A summary table and the damage histogram, for Jupyter.

        Returns:
            HTML.
        """
        rows = "".join(f"<tr><th style='text-align:left'>{html.escape(k)}</th>"
                       f"<td style='text-align:left'>{html.escape(v)}</td></tr>"
                       for k, v in self._summary_rows())
        title = html.escape(f"{self.setup.attacker.name} attacks {self.setup.target.name}")
        return (f"<div class='lfg-attack-odds'><strong>{title}</strong>"
                f"<table>{rows}</table>"
                f"<div>damage on a hit (after resistances)</div>{self.histogram_svg()}</div>")

    def __repr__(self) -> str:
        return f"<AttackOdds {self.summary()}>"


def _to_hit_odds(setup: AttackSetup, exact: bool) -> tuple[Any, Any, Any, Any]:
    """(P(hit), P(critical), P(perfect critical), P(threat)), after the miss chance."""
    one = Fraction(1) if exact else 1.0
    if setup.auto_critical:
        return one, one, 0 * one, one
    w = setup.weapon
    attack_faces = _faces(setup.fortune, exact)
    p_hit_raw = p_threat_raw = 0 * one
    if setup.defense is not None:
        defense_faces = _faces(setup.defense.fortune, exact)
        ab, db = int(setup.defense.attack_bonus), int(setup.defense.bonus)
        for a, pa in attack_faces.items():
            ph = sum((pd_ for d, pd_ in defense_faces.items()
                      if hits_vs_defense(a, a + ab, d, d + db)), 0 * one)
            p_hit_raw += pa * ph
            if a >= w.threat:
                p_threat_raw += pa * ph
    else:
        b, ac = int(setup.bonus), int(setup.ac)
        for a, pa in attack_faces.items():
            if hits(a, a + b, ac):
                p_hit_raw += pa
                if a >= w.threat:
                    p_threat_raw += pa
    b, cac = int(setup.bonus), int(setup.confirm_ac)
    p_confirm = sum((p for m, p in attack_faces.items() if hits(m, m + b, cac)), 0 * one)
    p_confirm20 = attack_faces[20] if setup.ruleset.perfect_critical else 0 * one
    keep = p_past_miss_chance(setup.miss_chance, exact)
    p_threat = keep * p_threat_raw
    return keep * p_hit_raw, p_threat * p_confirm, p_threat * p_confirm20, p_threat


def _extra_taken(d: Any, spec: Any) -> Callable[[int], int]:
    """Rolled extra damage -> damage taken after resistance, for one extra die."""
    return lambda v: d.extra(spec, v).taken


def _damage_odds(setup: AttackSetup, exact: bool, p_hit: Any, p_crit: Any,
                 p_perfect: Any) -> Dist:
    """P(damage dealt) mixed over miss, normal hit, critical and Perfect Critical."""
    one = Fraction(1) if exact else 1.0
    d = setup.damage
    prec = _dist(d.precision, exact) if d.precision is not None else {0: one}
    extras = [map_dist(_dist(spec.expr, exact), _extra_taken(d, spec)) for spec in d.extras]

    def total(weapon: Dist, critical: bool) -> Dist:
        wp = map_dist(weapon, lambda v: d.weapon_after(v, critical))
        phys = map_dist(convolve(wp, prec), lambda v: d.physical(v, 0, critical).taken)
        for e in extras:
            phys = convolve(phys, e)
        return phys

    p_normal = p_hit - p_crit
    parts = [(one - p_hit, {0: one})]
    if p_normal:
        parts.append((p_normal, total(_dist(d.normal, exact), False)))
    if p_crit - p_perfect:
        parts.append((p_crit - p_perfect, total(_dist(d.critical, exact), True)))
    if p_perfect:
        parts.append((p_perfect, total({d.critical.maximum: one}, True)))
    return _mix(parts)


def odds_for(setup: AttackSetup, exact: bool = False) -> AttackOdds:
    """The exact odds of a prepared attack (see :func:`attack_odds`).

    Args:
        setup: The :class:`~lfgcombat.rules.attacks.AttackSetup`.
        exact: Probabilities as :class:`fractions.Fraction` instead of floats.

    Returns:
        The :class:`AttackOdds`.
    """
    # The to-hit odds are always summed as fractions (20 or 400 faces) and the damage too
    # when its dice are small, then rounded once: P(hit) 9/20 is 0.45, not 0.4499999999999999.
    fractions = _to_hit_odds(setup, True)
    hit: tuple[Any, ...] = fractions
    whole = exact or _damage_is_small(setup)
    mixed = _damage_odds(setup, whole, *(hit[:3] if whole else map(float, hit[:3])))
    exact_damage = mixed if whole else None
    if not exact:
        hit = tuple(float(p) for p in hit)
        mixed = {k: float(p) for k, p in mixed.items()}
    index = sorted(mixed)
    series = pd.Series([mixed[k] for k in index], index=pd.Index(index, name="damage"),
                       name=f"P(damage) {setup.attacker.name} -> {setup.target.name}",
                       dtype=object if exact else "float64")
    p_hit, p_crit, p_perfect, p_threat = hit
    return AttackOdds(setup, p_hit, p_crit, p_perfect, p_threat, series, fractions=fractions,
                      damage_fractions=exact_damage)


def _damage_is_small(setup: AttackSetup) -> bool:
    """Whether the damage's dice are few enough to mix as exact fractions
    (:data:`lfgcombat.dice.odds.EXACT_FLOAT_WORK` each)."""
    d = setup.damage
    exprs = [d.normal, d.critical, d.precision, *(spec.expr for spec in d.extras)]
    return all(_work(e) <= EXACT_FLOAT_WORK for e in exprs if e is not None)


def attack_odds(attacker: Any, target: Any, weapon: "Weapon | str | Mapping",
                ruleset: Ruleset | str | None = None, *, exact: bool = False,
                bystanders: Any = None, **situation: Any) -> AttackOdds:
    """The exact odds of an attack, by the same rules as :func:`lfgcombat.rules.attacks.attack`.

    Args:
        attacker, target: :class:`lfgcombat.Creature` values.
        weapon: A weapon name, entry or :class:`~lfgcombat.rules.attacks.Weapon`.
        ruleset: ``Ruleset("lfg", killer_criticals=True, perfect_critical=True)`` for the
            optional rules. ``"classic"`` or ``"wounds"`` hands the attack to that
            ruleset's attack policy, which returns its own odds (always exact):
            ``critical_choice="multiply"|"wounds"`` for ``wounds`` (both choices in
            ``expected``); the fields it needs (``bab``, ``prowess``) are named when missing.
        exact: Probabilities as :class:`fractions.Fraction` instead of floats.
        bystanders: :class:`lfgcombat.rules.archery.archery.Bystander` around the target: a ranged
            attack's :attr:`AttackOdds.unintended` (000_8d1d7816ee944f3b.txt, "Accuracy by
            Volume (Unintended Targets)"), exact when the new roll is made in the same
            situation (less the target's cover, flanking, defence, at -4): off the map,
            :func:`lfgcombat.rules.attacks.unintended.shoot_into_a_crowd`. On a map a bystander's
            own distance, cover and high ground change its roll:
            :meth:`lfgcombat.engine.Encounter.unintended_odds` is exact there.
        **situation: Keys of :class:`~lfgcombat.rules.attacks.Situation` (or of the other
            ruleset's attack odds), and ``charge_ft``: feet run before this Charge Attack,
            for :attr:`AttackOdds.p_knockdown` (:meth:`AttackOdds.charging`; the Charge's
            own +2 to hit and damage stay ``attack_bonuses``/``damage_bonus``).

    Returns:
        :class:`AttackOdds`: ``p_hit`` (criticals included), ``p_crit``, the damage
        distribution after resistances as a pandas Series, ``expected_damage``,
        ``unintended``.

    Raises:
        IllegalActionError, WeaponError: as :func:`~lfgcombat.rules.attacks.attack`.

    Example:
        >>> from lfgcombat import Creature
        >>> a = Creature.from_dict({"name": "A", "class": "fighter", "level": 5,
        ...                         "abilities": {"str": 14}})
        >>> t = Creature.from_dict({"name": "T", "level": 1, "max_hp": 10,
        ...                         "armor": {"rating": 8}})
        >>> round(attack_odds(a, t, "battleaxe").p_hit, 2)   # needs 12+ on the d20
        0.45
    """
    other = _policy_odds(ruleset)
    if other is not None:
        _only_lfg(bystanders, situation)
        return other(attacker, target, weapon, exact=exact, **situation)
    charge_ft = situation.pop("charge_ft", 0)
    odds = odds_for(prepare(attacker, target, weapon, ruleset=ruleset, **situation), exact)
    if charge_ft:
        odds = odds.charging(charge_ft)
    if bystanders:
        odds = replace(odds, unintended=unintended_attack_odds(
            odds.setup, list(bystanders), situation, exact=exact))
    return odds


def _only_lfg(bystanders: Any, situation: dict[str, Any]) -> None:
    """Refuse lfg's own odds arguments under another ruleset (``charge_ft`` of 0 is
    dropped).

    Raises:
        RulesetError: ``bystanders`` or a ``charge_ft`` given.
    """
    if bystanders:
        raise RulesetError("bystanders= (Accuracy by Volume's unintended targets) is a rule "
                           "of 000_8d1d7816ee944f3b.txt; leave it out under another ruleset")
    if situation.pop("charge_ft", None):
        raise RulesetError("charge_ft= (a Charge's +2 Knockdown DC, \"Momentum of Impact\") "
                           "is a rule of 000_8d1d7816ee944f3b.txt; leave it out under "
                           "another ruleset")


def _policy_odds(ruleset: Ruleset | str | None) -> Callable[..., Any] | None:
    """The attack policy's own ``attack_odds`` (``classic``, ``wounds``); ``None`` for lfg's
    rules. A name is looked up among the registered definitions, implemented or not.

    Raises:
        RulesetError: a ruleset rolling attacks of its own without exact odds (named),
            never answered with lfg's.
    """
    if isinstance(ruleset, Ruleset):
        spec = ruleset.definition
    elif isinstance(ruleset, str):
        spec = definition(ruleset)
    else:
        return None
    return spec.own_attack_odds()


def unintended_attack_odds(setup: Any, bystanders: list[Bystander] | tuple[Bystander, ...],
                           situation: dict[str, Any] | None = None, *,
                           exact: bool = False, setups: Mapping[str, Any] | None = None
                           ) -> dict[str, Any]:
    """The exact chance one ranged attack strikes each Unintended Target.

    P(the first roll misses: not a Nat 1, below the AC less the Shield Rating) x P(chosen
    among equals) x P(the new attack at -4, without precision damage, hits it) - each
    factor computed by the attack's own rules (:func:`attack_odds`);
    ``attack_odds(..., bystanders=...)`` reports it as :attr:`AttackOdds.unintended`.
    The new roll is made with ``situation`` at -4 less what concerned the intended target
    (:func:`lfgcombat.rules.archery.archery.second_situation`) unless ``setups`` gives it as
    prepared
    (an encounter's view of each bystander: its own distance, cover, high ground; see
    :meth:`lfgcombat.engine.Encounter.unintended_odds`).

    Args:
        setup: The prepared attack on the intended target.
        bystanders: The creatures around the target.
        situation: The attack's situation keywords (the new roll keeps them at -4).
        exact: Fractions instead of floats.
        setups: Bystander name -> the prepared new roll against it (overrides
            ``situation`` for that creature).

    Returns:
        Creature name -> probability (only the creatures that can be struck).
    """
    if not finds_unintended(setup) or not bystanders:
        return {}
    b = int(setup.bonus)
    p_miss = sum((p for n, p in _faces(setup.fortune, True).items()
                  if first_roll_outcome(setup, n, n + b) == "miss"), Fraction(0))
    tie = unintended_candidates([x.candidate() for x in bystanders])
    by_name = {str(x.creature.name): x for x in bystanders}
    sit = second_situation(dict(situation or {}))
    out: dict[str, Any] = {}
    for c in tie:
        s2 = (setups or {}).get(c.name) or prepare(
            setup.attacker, by_name[c.name].creature, setup.weapon, ruleset=setup.ruleset,
            **sit)
        out[c.name] = p_miss * odds_for(s2, True).p_hit / len(tie)
    return out if exact else {k: float(v) for k, v in out.items()}

"""The numbers of one fight, derived from the engine, for the fast tier.

Under ``classic`` and ``wounds`` the numbers are those of their own kernels
(:func:`own_kernel`: :mod:`lfgcombat.prep.fast_classic`, :mod:`lfgcombat.prep.fast_wounds`)
on top of the few the reference tier reads (:func:`reference_spec`); under a ruleset the
fast tier does not play (outside :func:`fast_tier_plays`) only those few are built, and
the fast tier refuses the run by the ruleset's name (:func:`check_fast_tier`), as the exact
duel does every ruleset but lfg's.

The fast tier never restates a rule: every number it uses comes from the engine's own
functions, called once per fight setup.

* Attack bonus, AC, ACvsCrit, the threat range, Perfect Critical: from
  :func:`lfgcombat.rules.attacks.prepare` (000_8d1d7816ee944f3b.txt, "Attack Rolls", "Critical
  Hits"), once per attacker, target and attack of the turn (``previous_attacks``: the
  Consecutive Attack Penalty, "Attacks Per Turn").
* What Injured changes ("Injured": -2 AC, -2 on all d20 rolls) and Gang Up's Tactical Bonus
  ("Multiple Opponents"): the difference ``prepare`` makes with an injured creature or the
  bonus added, measured once per creature.
* Damage after DR and resistances, on a normal hit, a Critical Hit and a Perfect Critical
  (Killer Criticals included): exact distributions (:func:`lfgcombat.dice.odds.pmf`) pushed
  through the :class:`~lfgcombat.rules.attacks.DamagePlan` the rolled attack uses, as
  :func:`lfgcombat.rules.attacks.odds.odds_for` does (a test holds the two together).
* HP, Injured Threshold, death threshold by kind, Bleed cap:
  :class:`lfgcombat.rules.health.vitals.Vitals`
  ("Hit Points (HP) - Taking Damage, Injury, Death:"); the DC20 FORT Save to stabilize:
  :func:`lfgcombat.rules.health.saves.save_odds` on the creature as it lies dying ("Stabilize when
  Dying").
* Attacks Per Turn: counted by playing one turn of a real :class:`~lfgcombat.Encounter`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, cast
import numpy as np

from ..rules.attacks import prepare
from ..rules.attacks.odds import convolve, map_dist
from ..rules.bonuses import Bonus, BonusType
from ..creature import Creature
from ..errors import LfgError
from ..rules.damage import DamageType
from ..dice.odds import pmf
from ..rulesets import Ruleset
from ..rules.health.saves import save_odds
from ..rules.health.vitals import STABILIZE_DC, Vitals
from ..rules.conditions.conditions import bleed_cap
from .injuries import dying as _dying, injured as _injured, limb_arrays
from .kernel import NO_THRESHOLD
from .errors import PrepError
from .tactics import Tactics
from .tiers import (LFG_ONLY_CHOICES, _not_fast_words, _own_kernel,  # noqa: F401
                    _own_problems, _plays_lfg_kernel, choose_tier, fast_rulesets,
                    fast_ruleset_words, fast_tier_plays, own_kernel, plays_lfg_text,
                    prep_choices, reference_only, ruleset_encounter, tactics_problems)
from .weapons import _weapon, scenario_weapons, weapon_notes

__all__ = ["Scenario", "FightSpec", "build_spec", "PrepError", "MAX_ROUNDS", "MAX_COMBATANTS",
           "fast_tier_problems", "check_fast_tier", "FAST_TIER_CONDITIONS",
           "fast_tier_plays", "fast_rulesets", "plays_lfg_text", "choose_tier",
           "reference_spec", "ruleset_encounter",
           "LFG_ONLY_CHOICES", "prep_choices"]

#: A fight still going after this many rounds is a draw (timeout).
MAX_ROUNDS = 60


@dataclass(frozen=True)
class Scenario:
    """Who fights whom, under which rules and tactics (a value; the fight's setup).

    Attributes:
        creatures: The combatants, in the sides' order.
        side_names: The sides, in order.
        side_of: Index into ``side_names`` of each creature.
        ruleset: The :class:`~lfgcombat.rulesets.Ruleset`.
        tactics: One :class:`~lfgcombat.prep.tactics.Tactics` per side.
        knockdown: Whether the fights play Momentum of Impact's Knockdown (the reference
            tier only; the tactics then stand a Prone creature up on its turn).
        start: Where a fight under way stands (a :class:`~lfgcombat.prep.from_here.Start`:
            the fights play it on from there, :mod:`lfgcombat.prep.from_here`); ``None``:
            the fights begin at the start.
    """

    creatures: tuple[Creature, ...]
    side_names: tuple[str, ...]
    side_of: tuple[int, ...]
    ruleset: Ruleset
    tactics: tuple[Tactics, ...]
    knockdown: bool = False
    start: Any = field(default=None, compare=False, repr=False)

    @property
    def names(self) -> list[str]:
        """The creatures' names, in the scenario's order."""
        return [c.name for c in self.creatures]

    def sides(self) -> dict[str, list[str]]:
        """``{side: [names]}`` as :class:`~lfgcombat.Encounter` takes it."""
        return {s: [c.name for c, k in zip(self.creatures, self.side_of) if k == i]
                for i, s in enumerate(self.side_names)}


def make_scenario(sides: Mapping[str, Sequence[Creature]], ruleset: Ruleset,
                  tactics: Mapping[str, Tactics], knockdown: bool = False) -> Scenario:
    """A :class:`Scenario` from ``{side: [creatures]}``.

    Raises:
        PrepError: fewer than two sides, an empty side, a non-creature, or a name twice.
    """
    if not isinstance(sides, Mapping) or len(sides) < 2:
        raise PrepError("sides must map at least two side names to creatures, e.g. "
                        "{'party': [load_example('wulfric')], 'orcs': [load_example('orc')]}")
    _check_combatants(sides)
    creatures: list[Creature] = []
    side_of: list[int] = []
    for i, (side, members) in enumerate(sides.items()):
        members = list(members) if not isinstance(members, Creature) else [members]
        if not members:
            raise PrepError(f"side {side!r} has no creatures; give it at least one")
        for c in members:
            if not isinstance(c, Creature):
                raise PrepError(f"side {side!r} holds {c!r:.60}, not a Creature; build it "
                                "with load_example(...) or Creature.from_dict(...)")
            if c.name in {x.name for x in creatures}:
                raise PrepError(f"two combatants are named {c.name!r}; rename one with "
                                f".replace(name='{c.name} 2')")
            creatures.append(c)
            side_of.append(i)
    if knockdown and not plays_lfg_text(ruleset):
        raise PrepError(f"knockdown=True plays Momentum of Impact's Knockdown, a rule of lfg "
                        f"(000_8d1d7816ee944f3b.txt, \"Momentum of Impact (Different Sizes, "
                        f"Knockdown, Crushing Advance)\"); the {ruleset.name} ruleset "
                        f"({ruleset.text}) has none: leave knockdown=False")
    names = [str(s) for s in sides]
    return Scenario(tuple(creatures), tuple(names), tuple(side_of), ruleset,
                    tuple(tactics[s] for s in names), bool(knockdown))


#: Combatants in one fight at most (all sides together): the fast tier's numbers grow with
#: the square of the combatants (every attacker against every target: 100 take ~15 s to
#: build), and a reference fight plays every combatant's turn each round.
MAX_COMBATANTS = 100


def _check_combatants(sides: Mapping[str, Any]) -> None:
    """Refuse more than :data:`MAX_COMBATANTS` combatants, before any is read.

    Raises:
        PrepError: with the count and what to do instead.
    """
    count = 0
    for members in sides.values():
        count += 1 if isinstance(members, Creature) else (
            len(members) if hasattr(members, "__len__") else 0)
    if count > MAX_COMBATANTS:
        raise PrepError(
            f"this fight has {count:,} combatants; GM prep plays at most {MAX_COMBATANTS} "
            "(the fast tier's numbers grow with the square of the combatants, every attacker "
            "against every target, and a reference fight plays each one's turn every "
            "round): split the battle into smaller fights (each group against the foes it "
            "meets), or run it at the table with the Encounter")


@dataclass(frozen=True, eq=False)
class FightSpec:
    """The fast tier's arrays for one scenario (see the module docstring for their source).

    Index ``c``/``a``/``t`` is a creature, ``k`` the attack of the turn, ``g`` the Gang Up
    bonus, ``v`` the damage variant (0 normal hit, 1 Critical Hit, 2 Perfect Critical).
    """

    side: np.ndarray            # [C] side index
    policy: np.ndarray          # [C] target policy code of the creature's side
    max_hp: np.ndarray          # [C]
    start_hp: np.ndarray        # [C] current HP at the start (a wounded creature)
    start_temp: np.ndarray      # [C] Temporary HP at the start
    injured_at: np.ndarray      # [C] Injured at or below (-BIG: no threshold)
    dies_at: np.ndarray         # [C] death threshold
    bleed_cap: np.ndarray       # [C]
    init_bonus: np.ndarray      # [C]
    n_attacks: np.ndarray       # [C] attacks on its turn
    stabilize_p: np.ndarray     # [C] P(DC20 FORT Save) while dying
    danger: np.ndarray          # [C] expected damage per turn to its foes
    bonus: np.ndarray           # [A, T, K] attack bonus of the k-th attack
    ac: np.ndarray              # [A, T]
    confirm_ac: np.ndarray      # [A, T]
    threat: np.ndarray          # [A] lowest natural that threatens
    perfect: int                # Perfect Critical switch
    injured_attack: np.ndarray  # [C] change to its attack bonus when Injured
    injured_ac: np.ndarray      # [C] change to its AC when Injured
    injured_confirm_ac: np.ndarray  # [C] change to its ACvsCrit when Injured
    gang: np.ndarray            # [A, 6] attack bonus change for Gang Up +0..+5
    gang_ok: np.ndarray         # [A, T] Gang Up allowed (within two size categories)
    bleeds: np.ndarray          # [A, T] the strike is slashing or piercing
    dmg_values: np.ndarray      # [A, T, 3, L]
    dmg_cdf: np.ndarray         # [A, T, 3, L]
    dmg_len: np.ndarray         # [A, T, 3]
    max_rounds: int = MAX_ROUNDS
    notes: tuple[str, ...] = field(default=())
    #: ``False``: the reference tier's numbers only, under a ruleset the fast tier does
    #: not play (:func:`reference_spec`); the fast tier's arrays are empty then.
    fast_tier: bool = True
    # A Perfect Critical's injuries (:mod:`lfgcombat.prep.injuries`; ``s`` the injury
    # state, 0 none): changes from the numbers above, built only with Perfect Critical on
    # (``None`` otherwise: every injury is then handed over, ``limb_sides`` 0).
    limb_bonus: np.ndarray | None = None     # [A, S, T, S, K]
    limb_ac: np.ndarray | None = None        # [A, S, T, S]
    limb_confirm_ac: np.ndarray | None = None  # [A, S, T, S]
    limb_injured_attack: np.ndarray | None = None  # [C, S]
    limb_injured_ac: np.ndarray | None = None  # [C, S]
    limb_injured_confirm_ac: np.ndarray | None = None  # [C, S]
    limb_gang: np.ndarray | None = None      # [A, S, 6]
    limb_attacks: np.ndarray | None = None   # [C, S]
    limb_stabilize_p: np.ndarray | None = None  # [C, S] P(stabilize) itself (state 0 unused)
    limb_sides: np.ndarray | None = None     # [A, T] the limb die: 2, 3, 0 hand over
    #: Under ``classic`` and ``wounds``: that ruleset's kernel and its numbers
    #: (:class:`~lfgcombat.prep.fast_classic.ClassicNumbers`,
    #: :class:`~lfgcombat.prep.fast_wounds.WoundsNumbers`); ``None`` under lfg.
    fast_numbers: Any = None
    #: A fight under way played on by the fast tier (:mod:`lfgcombat.prep.from_here`,
    #: :func:`~lfgcombat.prep.fast_here.here_spec`): ``here`` (int64[5, C]: dead, Bleed X,
    #: rounds bled, acted this round, attackers since its turn began), ``here_seen``
    #: (int64[C, C]: those attackers in order, Gang Up's record) and ``turn0`` (int64[4]:
    #: the acting creature, the round, attacks made this turn, attacks left). ``None``: a
    #: fight from the start (all zeros, ``turn0`` -1: initiative is rolled).
    here: np.ndarray | None = None
    here_seen: np.ndarray | None = None
    turn0: np.ndarray | None = None

    def by_state(self) -> dict[str, np.ndarray]:
        """The numbers the kernel reads by injury state: each of the uninjured ones above
        plus its ``limb_*`` change (one state, 0, when those are ``None``)."""
        def plus(base: np.ndarray, delta: np.ndarray | None, where: tuple) -> np.ndarray:
            full = base[where] if delta is None else base[where] + delta
            return np.ascontiguousarray(full, dtype=base.dtype)
        one, pair = (slice(None), None), (slice(None), None, slice(None), None)
        stab = self.stabilize_p[:, None]
        if self.limb_stabilize_p is not None:
            stab = np.concatenate([stab, self.limb_stabilize_p[:, 1:]], axis=1)
        n = self.side.shape[0]
        return {"n_attacks": plus(self.n_attacks, self.limb_attacks, one),
                "stabilize_p": np.ascontiguousarray(stab, dtype=float),
                "bonus": plus(self.bonus, self.limb_bonus, pair),
                "ac": plus(self.ac, self.limb_ac, pair),
                "confirm_ac": plus(self.confirm_ac, self.limb_confirm_ac, pair),
                "injured_attack": plus(self.injured_attack, self.limb_injured_attack, one),
                "injured_ac": plus(self.injured_ac, self.limb_injured_ac, one),
                "injured_confirm_ac": plus(self.injured_confirm_ac,
                                           self.limb_injured_confirm_ac, one),
                "gang": plus(self.gang, self.limb_gang, one),
                "limb_sides": (np.zeros((n, n), np.int64) if self.limb_sides is None
                               else np.ascontiguousarray(self.limb_sides, dtype=np.int64))}

    def arrays(self) -> tuple:
        """The arrays in the order :func:`lfgcombat.prep.kernel.run_fights` takes them
        (those of :meth:`by_state` by injury state)."""
        s = self.by_state()
        return (self.side, self.policy, self.start_hp, self.start_temp, self.injured_at,
                self.dies_at, self.bleed_cap, self.init_bonus, s["n_attacks"],
                s["stabilize_p"], self.danger, s["bonus"], s["ac"], s["confirm_ac"],
                self.threat, self.perfect, s["injured_attack"], s["injured_ac"],
                s["injured_confirm_ac"], s["gang"], self.gang_ok, self.bleeds,
                s["limb_sides"], self.dmg_values, self.dmg_cdf, self.dmg_len,
                *self.start_state(), self.max_rounds)

    def start_state(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``here``, ``here_seen`` and ``turn0`` as the kernel reads them: those of a fight
        under way, else a fight from the start (zeros; ``turn0[0]`` -1)."""
        n = self.side.shape[0]
        if self.turn0 is None:
            return (np.zeros((5, n), np.int64), np.zeros((n, n), np.int64),
                    np.array([-1, 1, 0, 0], np.int64))
        return (np.ascontiguousarray(self.here, dtype=np.int64),
                np.ascontiguousarray(self.here_seen, dtype=np.int64),
                np.ascontiguousarray(self.turn0, dtype=np.int64))


_ATTACKS: dict[tuple[str, Ruleset], int] = {}


def attacks_per_turn(c: Creature, ruleset: Ruleset) -> int:
    """How many attacks ``c`` makes on its turn ("Attacks Per Turn"), counted by playing
    its turn in a real :class:`~lfgcombat.Encounter` against a practice dummy."""
    me = c.replace(name="Probe")
    key = (repr(me.to_dict()), ruleset)  # creatures alike but for their names share it
    if key not in _ATTACKS:
        from ..engine import Encounter
        dummy = Creature.from_dict({"name": "Practice Dummy", "level": 1, "max_hp": 100000})
        enc = Encounter([me, dummy],
                        sides={"a": ["Probe"], "b": ["Practice Dummy"]}, ruleset=ruleset,
                        seed=0)
        enc.start()
        while enc.current != "Probe":
            enc.end_turn(next="Probe")
        n = 0
        while enc.actions_left("Probe").attacks > 0 and n < 20:
            enc.attack("Probe", "Practice Dummy", _weapon(c))
            n += 1
        _ATTACKS[key] = n
    return _ATTACKS[key]


def _dist(expr) -> dict[int, float]:
    return {int(cast(int, k)): float(v) for k, v in pmf(expr).items() if v}


def _damage_tables(setup) -> list[dict[int, float]]:
    """Damage after DR on a normal hit, a Critical Hit and a Perfect Critical (maximum
    weapon damage), by the :class:`~lfgcombat.rules.attacks.DamagePlan` the rolled attack uses:
    weapon dice through ``weapon_after`` (Weakened, Killer Criticals), plus precision, through
    ``physical`` (minimum damage, DR, the best damage type), plus extra dice."""
    d = setup.damage
    prec = _dist(d.precision) if d.precision is not None else {0: 1.0}

    def extra_taken(s: Any) -> Any:
        return lambda v: d.extra(s, v).taken
    extras = [map_dist(_dist(s.expr), extra_taken(s)) for s in d.extras]

    def total(weapon: dict, critical: bool) -> dict:
        wp = map_dist(weapon, lambda v: d.weapon_after(v, critical))
        phys = map_dist(convolve(wp, prec), lambda v: d.physical(v, 0, critical).taken)
        for e in extras:
            phys = convolve(phys, e)
        return phys
    return [total(_dist(d.normal), False), total(_dist(d.critical), True),
            total({d.critical.maximum: 1.0}, True)]


def _odds(bonus: int, ac: int, cac: int, threat: int) -> tuple[float, float]:
    """P(normal hit), P(Critical Hit) of one attack roll ("Attack Rolls", "Critical Hits")."""
    def p(b: int, target: int, lo: int = 1) -> float:
        return sum(1 for n in range(lo, 21) if n == 20 or (n != 1 and n + b >= target)) / 20
    p_hit = p(bonus, ac)
    p_threat = p(bonus, ac, threat) if threat <= 20 else 0.0
    p_crit = p_threat * p(bonus, cac)
    return p_hit - p_crit, p_crit


def _pair_numbers(cs, weapons, rs, side, k_max) -> dict[str, Any]:
    """Per attacker and target: attack bonus of each attack of the turn, AC, ACvsCrit,
    threat, Gang Up allowed, bleeding strike, the damage distributions and the expected
    damage of a first attack ("Attack Rolls", "Critical Hits", "Attacks Per Turn")."""
    n = len(cs)
    out: dict[str, Any] = {
           "bonus": np.zeros((n, n, k_max), np.int64), "ac": np.zeros((n, n), np.int64),
           "confirm_ac": np.zeros((n, n), np.int64), "threat": np.zeros(n, np.int64),
           "gang_ok": np.zeros((n, n), np.int64), "bleeds": np.zeros((n, n), np.int64),
           "expected": np.zeros((n, n)), "tables": {}, "setups": {}}
    for a in range(n):
        for t in (t for t in range(n) if side[t] != side[a]):
            base = out["setups"][a, t] = prepare(cs[a], cs[t], weapons[a], ruleset=rs)
            out["threat"][a] = base.weapon.threat
            out["ac"][a, t], out["confirm_ac"][a, t] = base.ac.value, base.confirm_ac.value
            for k in range(k_max):
                out["bonus"][a, t, k] = base.bonus.value if k == 0 else prepare(
                    cs[a], cs[t], weapons[a], ruleset=rs, previous_attacks=k).bonus.value
            out["gang_ok"][a, t] = int(abs(cs[a].size.order - cs[t].size.order) <= 2)
            dtype = base.damage.physical(max(1, base.damage.normal.maximum), 0, False).type
            out["bleeds"][a, t] = int(dtype in (DamageType.SLASHING, DamageType.PIERCING))
            tables = out["tables"][a, t] = _damage_tables(base)
            p_norm, p_crit = _odds(int(out["bonus"][a, t, 0]), int(out["ac"][a, t]),
                                   int(out["confirm_ac"][a, t]), int(out["threat"][a]))
            mean = [sum(k * p for k, p in d.items()) for d in tables]
            out["expected"][a, t] = p_norm * mean[0] + p_crit * mean[1]
    return out


def _value(stat) -> int:
    """A statistic's value as a whole number (0 when it has none)."""
    return int(stat.value or 0)


def _creature_deltas(cs, weapons, rs, side) -> dict[str, np.ndarray]:
    """Per creature: what Gang Up's +1..+5 Tactical Bonus adds to its attack bonus
    ("Multiple Opponents"), and what Injured changes in its attack bonus, AC and ACvsCrit
    ("Injured"), measured with ``prepare`` against its first foe."""
    n = len(cs)
    out: dict[str, Any] = {
           "gang": np.zeros((n, 6), np.int64), "injured_attack": np.zeros(n, np.int64),
           "injured_ac": np.zeros(n, np.int64), "injured_confirm_ac": np.zeros(n, np.int64)}
    for a in range(n):
        t0 = next(t for t in range(n) if side[t] != side[a])
        b0 = _value(prepare(cs[a], cs[t0], weapons[a], ruleset=rs).bonus)
        for g in range(1, 6):
            out["gang"][a, g] = _value(prepare(
                cs[a], cs[t0], weapons[a], ruleset=rs,
                attack_bonuses=(Bonus(g, BonusType.TACTICAL, "gang up"),)).bonus) - b0
        out["injured_attack"][a] = _value(prepare(_injured(cs[a]), cs[t0], weapons[a],
                                                  ruleset=rs).bonus) - b0
        hurt = prepare(cs[t0], _injured(cs[a]), weapons[t0], ruleset=rs)
        plain = prepare(cs[t0], cs[a], weapons[t0], ruleset=rs)
        out["injured_ac"][a] = _value(hurt.ac) - _value(plain.ac)
        out["injured_confirm_ac"][a] = _value(hurt.confirm_ac) - _value(plain.confirm_ac)
    return out


def _damage_arrays(tables: dict, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The damage distributions as padded value / cumulative-probability arrays."""
    length = max(len(d) for v in tables.values() for d in v)
    values = np.zeros((n, n, 3, length), np.int64)
    cdf = np.ones((n, n, 3, length))
    lens = np.zeros((n, n, 3), np.int64)
    for (a, t), dists in tables.items():
        for v, d in enumerate(dists):
            keys = sorted(d)
            values[a, t, v, :len(keys)] = keys
            c = np.cumsum([d[k] for k in keys])
            cdf[a, t, v, :len(keys)] = c / c[-1]
            lens[a, t, v] = len(keys)
    return values, cdf, lens


def check_conscious(scenario: Scenario) -> None:
    """Refuse a combatant starting at 0 HP or less (both tiers).

    Raises:
        PrepError: naming each.
    """
    down = [f"{c.name} ({c.hp} HP)" for c in scenario.creatures if c.hp <= 0]
    if down:
        raise PrepError(f"GM prep starts every combatant conscious, but {', '.join(down)} "
                        "starts at 0 HP or less; heal it above 0 (.replace(current_hp=1)) "
                        "or leave it out of the fight")


def build_spec(scenario: Scenario, max_rounds: int = MAX_ROUNDS) -> FightSpec:
    """The fast tier's numbers for ``scenario``, from the engine (see the module docstring).

    Args:
        scenario: Who fights, under which ruleset and tactics.
        max_rounds: A fight still going after this many rounds is a draw.

    Returns:
        The :class:`FightSpec`.

    Under ``classic`` and ``wounds``: their own kernel's numbers (:func:`own_kernel`);
    under a ruleset the fast tier does not play: the numbers the reference tier reads
    (:func:`reference_spec`).

    Raises:
        PrepError: a creature without a weapon, or starting at 0 HP or less (under
            classic and wounds: not standing, or lacking a field the ruleset needs).
        IllegalActionError: an attack the rules refuse (out of every range...).
    """
    spec = _build_spec(scenario, max_rounds)
    notes = weapon_notes(scenario)  # Tactics(weapon="best"): which weapon, and why
    return replace(spec, notes=spec.notes + notes) if notes else spec


def _build_spec(scenario: Scenario, max_rounds: int) -> FightSpec:
    """:func:`build_spec` without the weapon notes."""
    if not fast_tier_plays(scenario.ruleset):
        return reference_spec(scenario, max_rounds)
    own = _own_kernel(scenario.ruleset)
    if own is not None:
        return own(scenario, max_rounds)
    cs = scenario.creatures
    rs = scenario.ruleset
    n = len(cs)
    check_conscious(scenario)
    side = np.array(scenario.side_of, dtype=np.int64)
    weapons = list(scenario_weapons(scenario))
    n_att = np.array([attacks_per_turn(c, rs) for c in cs], dtype=np.int64)
    vit = [Vitals.from_creature(c) for c in cs]
    pair = _pair_numbers(cs, weapons, rs, side, max(1, int(n_att.max())))
    deltas = _creature_deltas(cs, weapons, rs, side)
    values, cdf, lens = _damage_arrays(pair["tables"], n)
    expected = pair["expected"]
    danger = np.array([n_att[a] * expected[a][side != side[a]].mean() for a in range(n)])
    spec = FightSpec(
        side=side, policy=np.array([scenario.tactics[s].code for s in side], np.int64),
        max_hp=np.array([v.max_hp for v in vit], np.int64),
        start_hp=np.array([v.hp for v in vit], np.int64),
        start_temp=np.array([v.temp_hp for v in vit], np.int64),
        injured_at=np.array([v.injured_threshold if v.injured_threshold is not None
                             else NO_THRESHOLD for v in vit], np.int64),
        dies_at=np.array([v.death_threshold for v in vit], np.int64),
        bleed_cap=np.array([bleed_cap(c.level) for c in cs], np.int64),
        init_bonus=np.array([c.initiative_bonus.value for c in cs], np.int64),
        n_attacks=n_att,
        stabilize_p=np.array([save_odds(_dying(c), "fort", STABILIZE_DC) for c in cs]),
        danger=danger, bonus=pair["bonus"], ac=pair["ac"], confirm_ac=pair["confirm_ac"],
        threat=pair["threat"], perfect=int(rs.perfect_critical),
        injured_attack=deltas["injured_attack"], injured_ac=deltas["injured_ac"],
        injured_confirm_ac=deltas["injured_confirm_ac"], gang=deltas["gang"],
        gang_ok=pair["gang_ok"], bleeds=pair["bleeds"], dmg_values=values, dmg_cdf=cdf,
        dmg_len=lens, max_rounds=max_rounds)
    return _with_injuries(spec, scenario, weapons, pair) if rs.perfect_critical else spec


def _with_injuries(spec: FightSpec, scenario: Scenario, weapons: list, pair: dict
                   ) -> FightSpec:
    """``spec`` with the numbers of a Perfect Critical's injuries (its ``limb_*`` arrays,
    :func:`lfgcombat.prep.injuries.limb_arrays`; "Perfect Critical (Optional Rule)")."""
    rs = scenario.ruleset
    base = {k: getattr(spec, k) for k in (
        "bonus", "ac", "confirm_ac", "n_attacks", "injured_attack", "injured_ac",
        "injured_confirm_ac", "gang", "injured_at", "stabilize_p")}
    limbs = limb_arrays(scenario.creatures, weapons, rs, spec.side, pair["setups"],
                        pair["tables"], base, lambda c: attacks_per_turn(c, rs))
    return replace(spec, **cast(dict[str, Any], limbs))


#: Starting conditions the fast tier plays
#: (000_8d1d7816ee944f3b.txt, "Conditions – Full Details"; their numbers in
#: data/conditions.csv): each only changes, for the whole fight,
#: numbers the engine's ``prepare`` and save odds already give the fast tier - attack bonus,
#: AC, ACvsCrit, the d20 rolls (initiative, the stabilize save), physical damage, DR, the
#: attacks of a turn - and none ends, spreads or rolls dice of its own on the open field:
#: Prone (-4 attacks, -4 AC vs melee, +2 vs far ranged; the tactics never stand up),
#: Flat-Footed (no Dodge or Shield bonus to AC), Flanked, Distressed, Hindered, Encumbered,
#: Heavily Encumbered, Cramped, Deaf, Staggered (one Big Action) and Weakened 1-4 (Weakened 5
#: is refused: falling unconscious would take it beyond Stage 5, which deals damage). Each
#: must last the whole fight (no ``for N rounds``). Fast-tier fights with them replay
#: exactly as encounters (tests/test_prep_conditions.py).
FAST_TIER_CONDITIONS: tuple[str, ...] = (
    "prone", "flat_footed", "flanked", "distressed", "hindered", "encumbered",
    "heavily_encumbered", "cramped", "deaf", "staggered", "weakened")
#: The highest Weakened stage the fast tier plays.
FAST_TIER_WEAKENED_MAX = 4


def _condition_problem(c: Creature, a: Any) -> str | None:
    """Why the fast tier cannot play affliction ``a`` of ``c`` from the start (``None``:
    it can, see :data:`FAST_TIER_CONDITIONS`)."""
    name = a.condition.value
    if name not in FAST_TIER_CONDITIONS or (
            name == "weakened" and (a.value or 1) > FAST_TIER_WEAKENED_MAX):
        return f"{c.name} starts with the condition {a}"
    if a.rounds is not None:
        return (f"{c.name} starts with {a}, which ends during the fight (the fast tier "
                "plays conditions that last the whole fight)")
    return None


def fast_tier_problems(scenario: Scenario, *, temp_hp: bool = True) -> list[str]:
    """What in ``scenario`` the fast tier does not model (see :mod:`lfgcombat.prep.kernel`):
    Momentum of Impact's Knockdown (``knockdown=True``), an initiative system other than
    Selective Initiative ("Alternative Initiative":
    Round-by-Round, Top-Down), a creature starting at 0 HP or less (unconscious, dying or
    dead), or with a condition outside :data:`FAST_TIER_CONDITIONS` (Bleed, Stunned,
    Frightened, Blinded...) or one that ends during the fight; with ``temp_hp=False`` (the
    exact chain) also Temporary HP; tactics with turn choices by exact odds
    (:func:`~lfgcombat.prep.tiers.tactics_problems`).

    Returns:
        One sentence per problem (empty: the fast tier plays this scenario as the rules say).
    """
    out = tactics_problems(scenario)
    if not fast_tier_plays(scenario.ruleset):
        out.append(fast_ruleset_words(scenario.ruleset))
    elif own_kernel(scenario.ruleset) is not None:
        return out + _own_problems(scenario)
    if scenario.knockdown:
        out.append("knockdown=True: the fast tier does not play Momentum of Impact's "
                   "Knockdown (the reference tier does)")
    if scenario.ruleset.initiative != "selective":
        out.append(f"the ruleset's initiative is {scenario.ruleset.initiative!r}: the fast "
                   "tier plays Selective Initiative only (the reference tier plays "
                   "round_by_round and top_down too)")
    for c in scenario.creatures:
        if c.hp <= 0:
            out.append(f"{c.name} starts at {c.hp} HP (0 or less: unconscious, dying or dead)")
        out += [p for p in (_condition_problem(c, a) for a in c.conditions) if p]
        if not temp_hp and c.temp_hp:
            out.append(f"{c.name} has {c.temp_hp} Temporary HP")
    return out


def supported_conditions_text() -> str:
    """The starting conditions the fast tier plays, for messages."""
    names = [n.replace("_", " ") for n in FAST_TIER_CONDITIONS if n != "weakened"]
    return ", ".join(names) + f", weakened 1-{FAST_TIER_WEAKENED_MAX} (for the whole fight)"


def check_fast_tier(scenario: Scenario, what: str = "the fast tier",
                    temp_hp: bool = True) -> None:
    """Raise :class:`PrepError` when :func:`fast_tier_problems` finds anything.

    Raises:
        PrepError: naming each creature and what the fast tier cannot play.
    """
    exact = what == "the exact duel"
    if not fast_tier_plays(scenario.ruleset) or (exact and not _plays_lfg_kernel(
            scenario.ruleset)):
        way = "simulate(..., tier='reference')" if exact else "tier='reference'"
        raise PrepError(f"{what} cannot play this fight: "
                        f"{fast_ruleset_words(scenario.ruleset, what)}. Use {way}: real "
                        f"encounters, every rule of {scenario.ruleset.name}")
    problems = fast_tier_problems(scenario, temp_hp=temp_hp)
    if problems and problems == tactics_problems(scenario):
        raise PrepError(f"{what} cannot play these tactics: {'; '.join(problems)}. Use "
                        "tier='reference' (real encounters, every rule), or tactics without "
                        "turn choices")
    if problems and own_kernel(scenario.ruleset) is not None:
        raise PrepError(f"{what} cannot play this fight: {'; '.join(problems)}. Use "
                        f"tier='reference' (real encounters, every rule of "
                        f"{scenario.ruleset.name}), or change what is listed")
    if problems:
        raise PrepError(f"{what} cannot play this fight: {'; '.join(problems)}. Use "
                        "tier='reference' (real encounters, every rule), or change what is "
                        "listed (start the creatures conscious; the starting conditions "
                        f"{what} plays are {supported_conditions_text()}, others go with "
                        ".replace(conditions=[...]); Selective Initiative: Ruleset('lfg'))")


def _danger(scenario: Scenario, weapons: list[Any]) -> np.ndarray:
    """Per creature: the expected damage a round of its attacks on its foes, on average
    (the ``dangerous`` policy), from the ruleset's own attack odds and attacks a round
    (:func:`lfgcombat.rulesets.compare.compare_attack`); zeros under a ruleset without exact
    odds, which refuses the ``dangerous`` tactics by name.

    Raises:
        PrepError: ``dangerous`` tactics under a ruleset without exact attack odds.
    """
    from ..rulesets.compare import compare_attack
    cs, side, name = scenario.creatures, scenario.side_of, scenario.ruleset.name
    if not scenario.ruleset.definition.has_exact_attack_odds:
        if any(t.target == "dangerous" for t in scenario.tactics):
            raise PrepError(f"the 'dangerous' tactics rank foes by the exact odds of their "
                            f"attacks, and the {name} ruleset has none: pick another "
                            "tactics target")
        return np.zeros(len(cs))

    def expected(a: int, t: int) -> float:
        try:
            return float(compare_attack(cs[a], cs[t], weapons[a], name)["expected_per_round"])
        except LfgError:  # it cannot attack now (unconscious in a fight under way): none
            return 0.0
    return np.array([np.mean([expected(a, t) for t in range(len(cs)) if side[t] != side[a]])
                     for a in range(len(cs))])


def reference_spec(scenario: Scenario, max_rounds: int = MAX_ROUNDS,
                   states: Sequence[Mapping[str, Any]] | None = None) -> FightSpec:
    """The numbers the reference tier reads of a fight under a ruleset other than lfg's
    (``classic``, ``wounds``): each creature's place on its HP track at the start
    (:func:`~lfgcombat.prep.standing.track`, read from a real encounter's state), the
    ``dangerous`` policy's scores (:func:`_danger`), the sides and policies, and the run's
    note on what HP lost and dropped count under it. lfg's kernel arrays are left empty
    (``fast_tier=False``); classic's and wounds' own kernels add theirs
    (``fast_numbers``, :func:`own_kernel`), and a ruleset without a kernel is refused the
    fast tier (:func:`check_fast_tier`).

    With ``states`` (:meth:`Encounter.state <lfgcombat.Encounter.state>` of each creature
    of a fight under way, :mod:`lfgcombat.prep.from_here`) under any ruleset: the HP track
    where the fight stands, creatures already down included, and the danger scores only
    when a side plays ``dangerous``.

    Raises:
        PrepError: a creature lacking a field the ruleset needs (:func:`ruleset_encounter`),
            without a weapon, or not still fighting at the start.
    """
    from .standing import STANDING, track, track_words
    cs, n = scenario.creatures, len(scenario.creatures)
    weapons = list(scenario_weapons(scenario))
    if states is None:
        enc = ruleset_encounter(scenario)
        states = [enc.state(c.name) for c in cs]
        down = [f"{c.name} ({s['status']}, {s['hp']} HP)" for c, s in zip(cs, states)
                if s["status"] not in STANDING]
        if down:
            raise PrepError(f"GM prep starts every combatant still fighting, but under "
                            f"{scenario.ruleset.name} {', '.join(down)} is not; heal it "
                            "(.replace(current_hp=...)) or leave it out of the fight")
        danger = _danger(scenario, weapons)
    else:
        danger = (_danger(scenario, weapons) if any(t.target == "dangerous"
                                                    for t in scenario.tactics)
                  else np.zeros(n))
    start = np.array([track(s) for s in states], np.int64)
    zeros = {k: np.zeros(shape, np.int64) for k, shape in (
        ("injured_at", n), ("dies_at", n), ("bleed_cap", n), ("init_bonus", n),
        ("threat", n), ("injured_attack", n), ("injured_ac", n), ("injured_confirm_ac", n),
        ("start_temp", n), ("bonus", (n, n, 1)), ("ac", (n, n)), ("confirm_ac", (n, n)),
        ("gang", (n, 6)), ("gang_ok", (n, n)), ("bleeds", (n, n)),
        ("dmg_values", (n, n, 3, 1)), ("dmg_len", (n, n, 3)))}
    return FightSpec(
        side=np.array(scenario.side_of, np.int64),
        policy=np.array([scenario.tactics[s].code for s in scenario.side_of], np.int64),
        max_hp=np.array([int(s["max_hp"]) for s in states], np.int64), start_hp=start,
        n_attacks=np.array([scenario.ruleset.economy.attacks_per_turn(int(c.level), 2)
                            for c in cs], np.int64),
        stabilize_p=np.zeros(n), danger=danger, perfect=0,
        dmg_cdf=np.ones((n, n, 3, 1)), max_rounds=max_rounds,
        notes=(track_words(scenario.ruleset.name),), fast_tier=False, **zeros)


def sizes_differ(scenario: Scenario) -> bool:
    """Whether two foes of ``scenario`` are of different size categories (the Knockdown
    of "Momentum of Impact" can then happen, 000_8d1d7816ee944f3b.txt)."""
    cs, side = scenario.creatures, scenario.side_of
    return any(side[a] != side[b] and cs[a].size.order != cs[b].size.order
               for a in range(len(cs)) for b in range(a))

"""Turn choices by exact odds: the reference tier's tactics choosing, at each attack, among
what the creature can do now (issue 25, item 2).

The preferences are fields of :class:`~lfgcombat.prep.tactics.Tactics` (``weapon="best"``,
``power_attack``, ``aim``, ``fight_defensively``, ``active_defense``, ``caution``; their
policy is in :mod:`lfgcombat.prep.tactics`; ``shield_bash``, ``trip`` and ``flank`` are
played by :mod:`lfgcombat.prep.maneuvers`). Every number is the kit's own:

* an attack's odds are :func:`lfgcombat.rules.attacks.odds.attack_odds` on the creatures as the
  encounter sees them now (:meth:`Encounter.creature <lfgcombat.Encounter.creature>`: its
  conditions and effects, Power Attack's -2 AC and Fight Defensively's Dodge bonus among
  them), with the situation the encounter itself adds (the attacks already made this turn,
  Fight Defensively, Aim); the chance to drop the target is the chance that the damage
  reaches its HP (and Temporary HP) now (lfg's rule: at 0 HP a creature falls unconscious,
  000_8d1d7816ee944f3b.txt, "Hit Points (HP) - Taking Damage, Injury, Death:"); other
  rulesets rank by expected damage only;
* an option is offered only when the engine allows it: odds the rules refuse raise
  (Power Attack with a bow, Active Dodge without the Feat), the round's offers
  (:func:`lfgcombat.rules.turns.round_offers.round_offers`) rule out lfg's attack options under
  classic and wounds, and the encounter refuses the rest (the play falls back to the
  plain attack);
* what an action does to the creature's own AC (Power Attack, Fight Defensively) is read
  off a dry run in a fork of the encounter (:meth:`Encounter.fork
  <lfgcombat.Encounter.fork>`), never restated.

The odds of a pair of creature views are kept for the whole run (on the scenario, a frozen
value), so a fight asks the odds of a situation it has seen before for free.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from ..rules.attacks.odds import attack_odds
from ..errors import IllegalActionError, LfgError
from ..rules.turns.round_offers import round_offers
from ..rules.weapons import weapon_entries

if TYPE_CHECKING:  # pragma: no cover
    from ..engine import Encounter
    from .spec import Scenario

__all__ = ["Odds", "odds_of", "choose_attack", "choose_attack_scored", "choose_defense",
           "before_attacks", "charge_in"]

#: Two chances to drop closer than this count as equal (the expected damage decides).
SAME_P = 0.005


class Odds:
    """The exact odds of one attack: expected damage and the damage distribution."""

    __slots__ = ("expected", "values", "cumulative")

    def __init__(self, expected: float, values: np.ndarray, probs: np.ndarray) -> None:
        self.expected = expected
        self.values = values
        self.cumulative = np.cumsum(probs[::-1])[::-1]  # P(damage >= values[k])

    def p_drop(self, need: int) -> float:
        """P(damage >= ``need``)."""
        k = int(np.searchsorted(self.values, need))
        return float(self.cumulative[k]) if k < len(self.values) else 0.0


def _better(p: float, v: float, p0: float, v0: float) -> bool:
    """The house rule of every choice here: the higher P(drop), else the higher value."""
    return p > p0 + SAME_P or (abs(p - p0) <= SAME_P and v > v0 + 1e-9)


def _cache(scenario: Scenario) -> dict:
    kept = scenario.__dict__.get("_choice_odds")
    if kept is None:
        kept = scenario.__dict__["_choice_odds"] = {}
    return kept


def _key(view: Any) -> Any:
    """What of a creature view the odds of its attacks depend on within one run: its sheet
    is the scenario's but for its HP, which count through its active conditions (Injured,
    Unconscious...), so its name, active conditions and bonuses (the encounter's effects)."""
    try:
        return (view.name, tuple(sorted(str(c) for c in view.active_conditions)),
                tuple(view.bonuses), type(view).__name__)
    except (AttributeError, TypeError):  # pragma: no cover - another kind of view
        return view


def odds_of(scenario: Scenario, attacker: Any, target: Any, weapon: str,
            **situation: Any) -> Odds | None:
    """The exact odds of ``attacker`` (a creature view) attacking ``target`` with ``weapon``
    in ``situation`` under the scenario's ruleset; ``None`` when the rules refuse it."""
    cache = _cache(scenario)
    key = (_key(attacker), _key(target), weapon, tuple(sorted(situation.items())))
    if key in cache:
        return cache[key]
    try:
        o = attack_odds(attacker, target, weapon, ruleset=scenario.ruleset, **situation)
        s = getattr(o, "damage", None)
        if isinstance(s, pd.Series):  # its damage distribution: lfg, classic
            got: Odds | None = Odds(float(o.expected_damage), np.asarray(s.index, float),
                                    np.asarray(s.values, float))
        else:  # a ruleset whose odds give the expected damage alone (wounds: its
            # criticals' choice): ranked by expected damage, no chance to drop (as the
            # module docstring says of other rulesets than lfg)
            got = Odds(float(o.expected_damage), np.zeros(0), np.zeros(0))
    except LfgError:
        got = None  # the rules refuse it: not an option now
    cache[key] = got
    return got


def _need(enc: Encounter, name: str) -> int:
    """The damage that drops ``name`` now under lfg (its HP and Temporary HP), else 0."""
    if enc.ruleset.name != "lfg":
        return 0
    s = enc.state(name)
    return max(1, int(s.hp) + int(s.temp_hp))


def _weapons(scenario: Scenario, i: int, static: str) -> list[str]:
    """The weapons creature ``i`` may choose among: all of them under ``weapon="best"``
    (as listed), else its one weapon."""
    if scenario.tactics[scenario.side_of[i]].weapon != "best":
        return [static]
    names = [str(w.get("name")) for w in weapon_entries(scenario.creatures[i])]
    return list(dict.fromkeys([*names, static]))


def _foe_damage(scenario: Scenario, enc: Encounter, me: str, view: Any, foes: list[int],
                weapons: list[str], n_attacks: Any) -> float:
    """The expected damage the standing ``foes`` deal ``me`` (seen as ``view``) in a round
    of their attacks with their weapons."""
    total = 0.0
    for f in foes:
        o = odds_of(scenario, enc.creature(scenario.names[f]), view, weapons[f])
        if o is not None:
            total += o.expected * int(n_attacks[f])
    return total


def _after_dry_run(enc: Encounter, me: str, what: str, target: str, weapon: str) -> Any:
    """``me`` as the encounter sees it after ``what`` (``fight_defensively`` or a
    ``power_attack`` on ``target``), played in a fork; ``None`` if the encounter refuses."""
    try:
        fork = enc.fork()
        if what == "fight_defensively":
            fork.fight_defensively(me)
        else:
            fork.attack(me, target, weapon, power_attack=True)
        return fork.creature(me)
    except LfgError:
        return None


def choose_attack(scenario: Scenario, enc: Encounter, cur: int, t: int, static: str,
                  prev: int, flags: dict, foes: list[int], weapons: list[str],
                  n_attacks: Any) -> tuple[str, dict, str]:
    """``cur``'s weapon and attack options against ``t`` by the exact odds: the first
    three of :func:`choose_attack_scored`."""
    return choose_attack_scored(scenario, enc, cur, t, static, prev, flags, foes, weapons,
                                n_attacks)[:3]


def choose_attack_scored(scenario: Scenario, enc: Encounter, cur: int, t: int, static: str,
                         prev: int, flags: dict, foes: list[int], weapons: list[str],
                         n_attacks: Any) -> tuple[str, dict, str, tuple[float, float, float]]:
    """``cur``'s weapon and attack options against ``t`` by the exact odds, and their score.

    Args:
        static: Its weapon by the scenario (the plain attack).
        prev: Its attacks already made this turn.
        flags: What the encounter adds itself this turn (``fight_defensively``, ``aim``).
        foes, weapons, n_attacks: Its standing foes, everyone's weapon and attacks a turn
            (the cost of Power Attack's -2 AC).

    Returns:
        ``(weapon, situation, why, score)``: ``why`` is ``""`` for the plain attack;
        ``score`` the chosen attack's ``(P(drop), value, expected damage)`` (value: the
        expected damage less the caution cost; ``(0, 0, 0)`` when no odds are known),
        what a maneuver must beat (:func:`lfgcombat.prep.maneuvers.choose_maneuver`).
    """
    tac = scenario.tactics[scenario.side_of[cur]]
    me, them = scenario.names[cur], scenario.names[t]
    va, vt = enc.creature(me), enc.creature(them)
    need = _need(enc, them)
    base = dict(flags, previous_attacks=prev)
    pa = tac.power_attack == "odds" and "power_attack" in round_offers(enc, me).attack_options
    rows = []
    for w in _weapons(scenario, cur, static):
        for power in ((False, True) if pa else (False,)):
            o = odds_of(scenario, va, vt, w, **base, **({"power_attack": True} if power else {}))
            if o is None:
                continue
            cost = 0.0
            if power and tac.caution:
                after = _after_dry_run(enc, me, "power_attack", them, w)
                if after is None:
                    continue
                cost = tac.caution * (_foe_damage(scenario, enc, me, after, foes, weapons,
                                                  n_attacks)
                                      - _foe_damage(scenario, enc, me, va, foes, weapons,
                                                    n_attacks))
            rows.append((w, power, o.p_drop(need) if need else 0.0, o.expected - cost, o))
    if not rows:
        return static, {}, "", (0.0, 0.0, 0.0)
    plain = next((r for r in rows if r[0] == static and not r[1]), rows[0])
    best = plain
    for r in rows:
        if r[2] > best[2] + SAME_P or (abs(r[2] - best[2]) <= SAME_P and r[3] > best[3] + 1e-9):
            best = r
    score = (best[2], best[3], best[4].expected)
    if best is plain:
        return static, {}, "", score
    what = f"Power Attacks {them} with its {best[0]}" if best[1] else \
        f"attacks {them} with its {best[0]}"
    why = (f"{me} {what}: by the exact odds P(drop) {best[2]:.2f}, expected damage "
           f"{best[4].expected:.1f}{_cost_words(best, tac.caution)} (plain {static}: "
           f"P(drop) {plain[2]:.2f}, expected damage {plain[4].expected:.1f})")
    return best[0], ({"power_attack": True} if best[1] else {}), why, score


def _cost_words(row: tuple, caution: float) -> str:
    if not row[1] or not caution:
        return ""
    return f", less {row[4].expected - row[3]:.1f} for its -2 AC (caution {caution:g})"


def choose_defense(scenario: Scenario, enc: Encounter, cur: int, t: int, weapon: str,
                   situation: dict, prev: int, flags: dict) -> tuple[str | None, str]:
    """The Active Defense ``t`` answers ``cur``'s attack with (``None``: none), by the
    exact odds, and why; only under ``active_defense="odds"`` with ``t``'s Reaction free."""
    tac = scenario.tactics[scenario.side_of[t]]
    them, me = scenario.names[t], scenario.names[cur]
    if tac.active_defense != "odds" or \
            "active_defense" not in round_offers(enc, them).attack_options or \
            enc.actions_left(them).reactions < 1:
        return None, ""
    va, vt = enc.creature(me), enc.creature(them)
    need = _need(enc, them)
    base = dict(flags, previous_attacks=prev, **situation)
    rows = []
    for d in (None, "parry", "dodge"):
        o = odds_of(scenario, va, vt, weapon, **base, **({"active_defense": d} if d else {}))
        if o is not None:
            rows.append((d, o.p_drop(need) if need else 0.0, o.expected))
    if not rows or rows[0][0] is not None:
        return None, ""
    best = rows[0]
    for r in rows[1:]:
        if r[1] < best[1] - SAME_P or (abs(r[1] - best[1]) <= SAME_P and r[2] < best[2] - 1e-9):
            best = r
    if best[0] is None:
        return None, ""
    why = (f"{them} answers {me}'s {weapon} with Active {best[0].title()}: by the exact odds "
           f"P(drop) {best[1]:.2f}, expected damage {best[2]:.1f} (no defense: P(drop) "
           f"{rows[0][1]:.2f}, expected damage {rows[0][2]:.1f})")
    return best[0], why


def before_attacks(scenario: Scenario, enc: Encounter, cur: int, t: int, static: str,
                   foes: list[int], weapons: list[str], n_attacks: Any) -> tuple[dict, str]:
    """Before ``cur``'s first attack of the turn: Aim or Fight Defensively, played in the
    encounter when the exact odds say so (a Big Action to spare: more Big Actions left
    than attacks). Returns the flags the encounter adds to its attacks now and why."""
    tac = scenario.tactics[scenario.side_of[cur]]
    me, them = scenario.names[cur], scenario.names[t]
    if not ({"aim", "fight_defensively"} & set(tac.turn_choices)):
        return {}, ""
    left = enc.actions_left(me)
    if left.big <= left.attacks or not round_offers(enc, me).lfg_round:
        return {}, ""
    va, vt = enc.creature(me), enc.creature(them)
    weapon, _, _ = choose_attack(scenario, enc, cur, t, static, 0, {}, foes, weapons,
                                 n_attacks)
    plain = odds_of(scenario, va, vt, weapon)
    if plain is None:
        return {}, ""
    if tac.aim == "odds":
        why = _aim(scenario, enc, me, them, va, vt, weapon, plain)
        if why:
            return {"aim": True}, why
    if tac.fight_defensively == "odds" and tac.caution:
        why = _defend(scenario, enc, me, them, va, vt, weapon, plain, left.attacks,
                      (foes, weapons, n_attacks), tac.caution)
        if why:
            return {"fight_defensively": True}, why
    return {}, ""


def _aim(scenario: Scenario, enc: Encounter, me: str, them: str, va: Any, vt: Any,
         weapon: str, plain: Odds) -> str:
    """Aim when the exact odds of the shot rise and no foe threatens ``me`` on a map (Aim
    provokes); played here. Returns why ("" : no Aim)."""
    aimed = odds_of(scenario, va, vt, weapon, aim=True)
    if aimed is None or aimed.expected <= plain.expected:
        return ""
    if enc.map is not None and any(
            enc.map.distance(me, n) <= int(enc.creature(n).reach.value or 0)
            for n in enc.names if enc.side(n) != enc.side(me) and n in _standing(enc)):
        return ""
    try:
        enc.aim(me, aoo="all")
    except LfgError:
        return ""
    return (f"{me} Aims at {them} with its {weapon}: a Big Action to spare, and by the exact "
            f"odds the shot's expected damage rises from {plain.expected:.1f} to "
            f"{aimed.expected:.1f}")


def _standing(enc: Encounter) -> set[str]:
    return {n for names in enc.standing().values() for n in names}


def _defend(scenario: Scenario, enc: Encounter, me: str, them: str, va: Any, vt: Any,
            weapon: str, plain: Odds, attacks: int, foes_etc: tuple, caution: float) -> str:
    """Fight Defensively when ``caution`` x the damage the foes no longer deal exceeds the
    damage ``me``'s attacks of this turn lose; played here. Returns why ("": not)."""
    guarded = odds_of(scenario, va, vt, weapon, fight_defensively=True)
    if guarded is None:
        return ""
    after = _after_dry_run(enc, me, "fight_defensively", them, weapon)
    if after is None:
        return ""
    foes, weapons, n_attacks = foes_etc
    saved = caution * (_foe_damage(scenario, enc, me, va, foes, weapons, n_attacks)
                       - _foe_damage(scenario, enc, me, after, foes, weapons, n_attacks))
    lost = max(1, attacks) * (plain.expected - guarded.expected)
    if saved <= lost:
        return ""
    try:
        enc.fight_defensively(me)
    except LfgError:
        return ""
    return (f"{me} Fights Defensively: by the exact odds its foes' attacks deal "
            f"{saved / caution:.1f} less a round (caution {caution:g}), its own attacks "
            f"{lost:.1f} less")


def charge_in(scenario: Scenario, enc: Encounter, cur: int, target: int, static: str) -> str:
    """On a map, under ``charge="odds"``: ``cur``, a melee creature with no foe in reach,
    Runs straight to a cell within reach of ``target`` (one it reaches without provoking
    when it can, the farthest run first: at least 10 ft makes a Charge Attack, "Charge
    Attack") when the exact expected damage of a Charge Attack (the encounter's own +2,
    :data:`lfgcombat.rules.attacks.combat.CHARGE_DAMAGE_BONUS`) beats the plain attack's;
    played here. Only heedless tactics (``caution`` 0) charge: the run's -2 AC against
    melee lives in the encounter's private effect data (``Encounter.run``), which no public
    method reads, so its cost cannot be weighed without restating it. Returns why ("": it
    does not charge; the plain approach follows)."""
    from ..rules.attacks.combat import CHARGE_DAMAGE_BONUS
    tac = scenario.tactics[scenario.side_of[cur]]
    me, them = scenario.names[cur], scenario.names[target]
    hmap = enc.map
    view = enc.creature(me)
    if tac.charge != "odds" or tac.caution or hmap is None or enc.actions_left(me).big <= \
            enc.actions_left(me).attacks or not round_offers(enc, me).lfg_round or \
            "charge" not in round_offers(enc, me).attack_options:
        return ""
    from ..rules.attacks import resolve_weapon
    reach = int(view.reach.value or 0)
    standing = _standing(enc)
    if resolve_weapon(view, static).is_projectile or any(
            hmap.distance(me, n) <= reach for n in standing if enc.side(n) != enc.side(me)):
        return ""  # an archer, or a foe in reach already: no run
    where = enc.reachable(me, "run")
    cells = [c for c in where if hmap.distance(c, them) <= reach
             and hmap.distance(me, c) >= 2]  # 10 ft or more: 5 ft hexes
    cells = [c for c in cells if c not in where.provoking] or cells
    if not cells:
        return ""
    vt = enc.creature(them)
    plain = odds_of(scenario, view, vt, static)
    charged = odds_of(scenario, view, vt, static, damage_bonus=CHARGE_DAMAGE_BONUS)
    if plain is None or charged is None:
        return ""
    goal = max(cells, key=lambda c: (hmap.distance(me, c), -where.cost[c]))
    if charged.expected <= plain.expected:
        return ""
    try:
        enc.run(me, goal, aoo="all")
    except LfgError:
        return ""
    return (f"{me} Runs at {them} to Charge with its {static}: by the exact odds expected "
            f"damage {charged.expected:.1f} (plain attack after a move: "
            f"{plain.expected:.1f})")


def move_or_stay(enc: Encounter, name: str, goal: Any) -> None:
    """``name`` moves to ``goal`` (foes offered an AOO take it), or stays where the
    encounter refuses the move: the ruleset may allow less than the map's walk
    (classic's mobile disabled hero moves 15 ft, 002_2a3a79475ca2a541.txt, "Stabilizing a
    Disabled Character"), and a refusal leaves the fight as it was."""
    try:
        enc.move(name, goal, aoo="all")
    except IllegalActionError:
        return

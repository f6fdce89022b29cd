"""Replaying any simulated fight exactly, as a real :class:`~lfgcombat.Encounter`.

Reference tier: fight ``i`` is rebuilt from its seed stream (the encounter's dice seed and
the tactics' seed) and played again by the same tactics: the very same encounter.

Fast tier: the kernel's plain-Python twin replays fight ``i`` from its generator state and
records every draw by what it is for (:func:`lfgcombat.prep.kernel.trace_fight`). Each
draw becomes the faces of the dice a real encounter rolls for it, in the encounter's order
(:func:`fight_dice`), and a :class:`ScriptedEncounter` - an encounter whose
:class:`~lfgcombat.dice.ScriptedRoller` shows those faces - is played by the tactics:

* an Initiative Check or a roll-off die: the kernel's natural. The encounter ranks
  everyone ("Rounds, Initiative, & Turn Order"): where it rolls more roll-offs than the
  kernel (ties below the first place, creatures the kernel no longer needs), those dice
  are drawn so that the same creature comes out first;
* an attack roll and a confirmation roll: the kernel's naturals ("Attack Rolls",
  "Critical Hits");
* a damage draw: the kernel draws the damage after DR in one go; the weapon, precision and
  extra dice that the encounter rolls are drawn among those that give exactly that damage,
  in proportion to their probability (the Perfect Critical's weapon dice are not rolled);
* a Perfect Critical's limb die: the kernel's face of the engine's 1d2 (a slashing strike:
  severed arm, severed leg) or 1d3 (broken arm, broken leg, broken ribs) ("Perfect
  Critical (Optional Rule)");
* a draw of the DC20 FORT Save to stabilize: a natural that passes (or fails) as the
  kernel's draw did, by the chance of the creature's injury state ("Stabilize when
  Dying");
* a draw of the ``random`` target policy: handed to the tactics as their own draw.

Filler dice come from a generator seeded by the fight's seed words, so a replay is the
same every time. The encounter's outcome (winner, rounds, every creature's HP, death, who
dropped it, damage dealt) is checked against the simulated one: where a rule the fast tier
leaves out would act (a % miss chance, a Knockout Strike) the replay is refused with a
:class:`ReplayError` naming it, never shown as a different fight.

A fight the kernel handed over at a Perfect Critical's second injury of a creature
(:func:`hand_over`) is played on by the encounter from the kernel's last die: its own dice
(the limb, and every roll after) come from the fight's dice seed and the tactics' later
draws from its tactics seed, so the fight a run reports is exactly the one
:meth:`SimResult.replay` shows.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, cast

import numpy as np

from ..rules.attacks import prepare
from ..dice import ScriptedRoller, parse
from ..engine import Encounter
from ..errors import DiceError, IllegalActionError, LfgError
from ..dice.odds import pmf
from .kernel import HANDED_OVER, fight_states, fight_word, run_fights, trace_fight
from .reference import KNOCKDOWN, Outcome, play
from .spec import FightSpec, PrepError, Scenario, scenario_weapons

__all__ = ["ReplayError", "ScriptedEncounter", "fight_dice", "replay_fight", "replay_seeded",
           "OUTCOME_KEYS", "hand_over", "finish_handed_over"]

#: What a replay must reproduce, per fight (the arrays of a :class:`SimResult`).
OUTCOME_KEYS = ("winner", "rounds", "hp", "dead", "felled", "dealt")

#: Rolls of the encounter that the fast tier does not make, and the rule behind each.
_NOT_IN_FAST_TIER = {
    "Perfect Critical": "a Perfect Critical's limb injury (\"Perfect Critical (Optional "
                        "Rule)\") where the fast tier saw none (a bug: please report it)",
    "miss chance": "a % miss chance, which the fast tier leaves out",
    "knockout": "a Knockout Strike, which the fast tier leaves out",
}


class ReplayError(PrepError):
    """A simulated fight that cannot be replayed exactly as an encounter."""


class ScriptedEncounter(Encounter):
    """An :class:`~lfgcombat.Encounter` whose dice show a script's faces first, then roll
    from its seed (a :class:`~lfgcombat.dice.ScriptedRoller`): a fast-tier fight replayed
    die for die. Undo, fork and replay keep the script; its save file carries the script in
    its header (``"dice"``) and loads with ``ScriptedEncounter.load``.

    Size exception: it adds four small hooks to :class:`~lfgcombat.Encounter` (the roller,
    the header, no checkpoints, loading the header); the size counted with its bases is the
    Encounter's own.

    Args:
        *args: As :class:`~lfgcombat.Encounter`.
        dice: ``(sides, face)`` per die, in the order the encounter rolls them.
        **kwargs: As :class:`~lfgcombat.Encounter`.
    """

    def __init__(self, *args: Any, dice: Sequence[tuple[int, int]] = (), **kwargs: Any) -> None:
        self._dice = tuple((int(n), int(f)) for n, f in dice)
        super().__init__(*args, **kwargs)

    def _reset(self) -> None:
        super()._reset()
        self.roller = ScriptedRoller(self.seed, self._dice)

    def _header(self) -> dict[str, Any]:
        return {**super()._header(), "dice": [list(d) for d in self._dice]}

    def _checkpoint_for(self, events: list) -> None:
        """Undo and load rebuild from the first event: a checkpoint keeps a plain roller's
        generator state, not how far into the script the dice are."""
        return None

    @classmethod
    def _from_header(cls, header: Mapping[str, Any], path: str | None = None) -> Encounter:
        enc = super()._from_header(header, path)
        if isinstance(enc, ScriptedEncounter):
            enc._dice = tuple((int(n), int(f)) for n, f in header.get("dice") or ())
            enc._reset()
        return enc


class _Draws:
    """The tactics' own draws of a fast-tier fight, handed back one by one (``.random()``);
    after them, those of ``then`` (a fight handed over), else none."""

    def __init__(self, values: Sequence[float], then: np.random.Generator | None = None
                 ) -> None:
        self._values = list(values)
        self._then = then
        self.used = 0

    def random(self) -> float:
        if self.used >= len(self._values):
            if self._then is not None:
                return float(self._then.random())
            raise ReplayError("the tactics drew a random target the fast tier did not draw")
        self.used += 1
        return self._values[self.used - 1]


def _faces(expr: Any, total: int, rng: np.random.Generator) -> list[tuple[int, int]]:
    """Faces of ``expr``'s dice, in order, that add up to ``total``: each die drawn in
    proportion to the ways the dice after it can still make the total."""
    e = parse(expr)
    dice = [(d.sides, d.sign) for d in e.dice for _ in range(d.count)]
    suffix: list[dict[int, int]] = [{0: 1}]
    for sides, sign in reversed(dice):
        nxt: dict[int, int] = {}
        for s, w in suffix[-1].items():
            for f in range(1, sides + 1):
                nxt[s + sign * f] = nxt.get(s + sign * f, 0) + w
        suffix.append(nxt)
    suffix.reverse()
    need = total - e.constant
    out = []
    for j, (sides, sign) in enumerate(dice):
        ways = np.array([suffix[j + 1].get(need - sign * f, 0) for f in range(1, sides + 1)],
                        dtype=float)
        if ways.sum() <= 0:
            raise ReplayError(f"no faces of {e} make {total}")
        f = int(rng.choice(sides, p=ways / ways.sum())) + 1
        out.append((sides, f))
        need -= sign * f
    return out


def _dist(expr: Any) -> dict[int, float]:
    return {int(cast(int, k)): float(v) for k, v in pmf(expr).items() if v}


def _damage_dice(plan: Any, variant: int, value: int, rng: np.random.Generator
                 ) -> list[tuple[int, int]]:
    """The dice of a hit's damage rolls (weapon unless a Perfect Critical, precision,
    extras: the order of :func:`lfgcombat.rules.attacks.resolve.roll`) that deal ``value``."""
    critical, perfect = variant >= 1, variant == 2
    expr = plan.critical if critical else plan.normal
    weapon = {parse(expr).maximum: 1.0} if perfect else _dist(expr)
    prec = _dist(plan.precision) if plan.precision is not None else {0: 1.0}
    extras = [list(_dist(s.expr).items()) for s in plan.extras]
    combos, weights = [], []
    for (w, pw), (p, pp) in itertools.product(weapon.items(), prec.items()):
        base = plan.physical(plan.weapon_after(w, critical), p, critical).taken
        for es in itertools.product(*extras):
            taken = base + sum(plan.extra(s, e).taken for s, (e, _) in zip(plan.extras, es))
            if taken == value:
                combos.append((w, p, [e for e, _ in es]))
                weights.append(pw * pp * float(np.prod([q for _, q in es])))
    if not combos:
        raise ReplayError(f"no weapon, precision and extra dice deal {value} damage")
    w_total, p_total, e_totals = combos[int(rng.choice(len(combos),
                                                       p=np.array(weights) / sum(weights)))]
    out = [] if perfect else _faces(expr, w_total, rng)
    if plan.precision is not None:
        out += _faces(plan.precision, p_total, rng)
    for spec, e in zip(plan.extras, e_totals):
        out += _faces(spec.expr, e, rng)
    return out


def _rolloff_dice(keys: Sequence[tuple[int, int]], kernel_rounds: list[dict[int, int]],
                  rng: np.random.Generator) -> list[tuple[int, int]]:
    """The roll-off dice of the encounter's ranking (``InitiativeRules._rank``: ties by
    total and bonus, each tie rolled off, everyone still tied rolling again, the first
    taken out while the first two differ): the kernel's roll-offs for the creatures it
    rolled for, a 1 for the ones it had already left behind, filler dice once the first
    place is settled."""
    order = sorted(range(len(keys)), key=lambda c: keys[c], reverse=True)
    out: list[tuple[int, int]] = []
    rounds: Iterator[dict[int, int]] = iter(kernel_rounds)
    for _, group in itertools.groupby(order, key=lambda c: keys[c]):
        tied = list(group)
        while len(tied) > 1:
            kr = next(rounds, None)
            offs = {u: (kr.get(u, 1) if kr is not None else int(rng.integers(1, 21)))
                    for u in tied}
            out += [(20, offs[u]) for u in tied]
            tied.sort(key=lambda u: offs[u], reverse=True)
            if offs[tied[0]] != offs[tied[1]]:
                tied.pop(0)
        rounds = iter(())  # only the first place comes from the kernel
    return out


def fight_dice(scenario: Scenario, spec: FightSpec, events: Sequence[tuple], seed: int
               ) -> tuple[list[tuple[int, int]], list[float]]:
    """The dice a real encounter rolls for a traced fast-tier fight, and the tactics' draws.

    Args:
        scenario: The fight's scenario.
        spec: Its numbers.
        events: The draws of :func:`lfgcombat.prep.kernel.trace_fight`.
        seed: The seed of the filler dice.

    Returns:
        ``(dice, draws)``: ``(sides, face)`` per die in the encounter's order, and the
        ``random`` target policy's draws in order.

    Raises:
        ReplayError: a draw the encounter cannot roll the same way.
    """
    rng = np.random.Generator(np.random.PCG64(int(seed)))
    plans: dict[tuple[int, int], Any] = {}
    init = [e for e in events if e[0] == "initiative_d20"]
    offs = [e for e in events if e[0] == "rolloff_d20"]
    keys = [(int(nat + spec.init_bonus[c]), int(spec.init_bonus[c])) for _, c, nat in init]
    rounds: list[dict[int, int]] = []
    for _, c, nat in offs:  # the kernel's roll-off rounds: each round's creatures in order
        if not rounds or c in rounds[-1] or c < max(rounds[-1]):
            rounds.append({})
        rounds[-1][c] = nat
    dice = [(20, int(nat)) for _, _, nat in init] + _rolloff_dice(keys, rounds, rng)
    draws: list[float] = []
    stabilize = spec.by_state()["stabilize_p"]
    for e in events[len(init) + len(offs):]:  # none from a fight under way
        kind = e[0]
        if kind in ("attack_d20", "confirm_d20"):
            dice.append((20, int(e[-1])))
        elif kind == "damage_u":
            _, a, t, v, u = e
            plan = plans.get((a, t))
            if plan is None:
                cs = scenario.creatures
                plan = plans[a, t] = prepare(cs[a], cs[t], scenario_weapons(scenario)[a],
                                             ruleset=scenario.ruleset).damage
            dice += _damage_dice(plan, v, _damage_value(spec, a, t, v, u), rng)
        elif kind == "limb_d":  # the engine's 1d2 or 1d3 of _perfect_limb
            dice.append((int(e[3]), int(e[4])))
        elif kind == "stabilize_u":
            _, c, s, u = e
            dice.append((20, _save_natural(float(stabilize[c, s]), float(u))))
        elif kind == "pick_u":
            draws.append(float(e[2]))
        else:
            raise ReplayError(f"a draw the replay does not know: {e[0]}")
    return dice, draws


def _damage_value(spec: FightSpec, a: int, t: int, v: int, u: float) -> int:
    """The damage the kernel's draw ``u`` gives (its ``_strike``: the first value whose
    cumulative probability reaches ``u``)."""
    n = int(spec.dmg_len[a, t, v])
    for i in range(n - 1):
        if u <= spec.dmg_cdf[a, t, v, i]:
            return int(spec.dmg_values[a, t, v, i])
    return int(spec.dmg_values[a, t, v, n - 1])


def _save_natural(p: float, u: float) -> int:
    """The natural of a DC20 FORT Save that passes when the kernel's ``u < p``: the
    passing naturals are the top ``20 p`` faces (a natural 20 always saves, a natural 1
    always fails); ``u`` picks among them (or among the failing ones) evenly."""
    k = round(20 * p)
    if abs(20 * p - k) > 1e-9:
        raise ReplayError(f"a save of probability {p} is not a whole number of d20 faces "
                          "(Fortunate or Unfortunate): the fast tier's draw has no d20 face")
    if u < p:
        return 21 - k + min(k - 1, int(u / p * k))
    return 1 + min(19 - k, int((u - p) / (1 - p) * (20 - k)))


def _mismatch(roller: Any, error: str = "") -> str:
    """What the encounter rolled beyond (or against) the script, with the rule behind it."""
    if not isinstance(roller, ScriptedRoller):
        return "the encounter's roller is not the scripted one"
    extra = roller.history[-roller.unscripted:] if roller.unscripted else []
    # a roll the fast tier does not make, scripted or not; a Perfect Critical's limb only
    # where the script did not have it (the refused roll, or one after the script)
    unscripted = [error, roller.refused or ""] + [f"{r.label} ({r.expr})" for r in extra]
    scripted = [f"{r.label} ({r.expr})" for r in roller.history]
    for key, why in _NOT_IN_FAST_TIER.items():
        for text in unscripted if key == "Perfect Critical" else unscripted + scripted:
            if key.lower() in text.lower():
                return f"{why} ({text})"
    if extra:
        return (f"the encounter rolled {len(extra)} more time(s) than the fast tier, first "
                f"{extra[0].label!r} ({extra[0].expr})")
    return f"the encounter rolled {roller.used} of the fast tier's {len(roller.script)} dice"


def _compare(expected: Mapping[str, Any], got: Outcome, names: list[str]) -> str | None:
    for k in OUTCOME_KEYS:
        a, b = np.asarray(expected[k]), np.asarray(got[k])
        if not np.array_equal(a, b):
            if a.ndim:
                c = int(np.flatnonzero(a != b)[0])
                return f"{k} of {names[c]}: simulated {a[c]}, replayed {b[c]}"
            return f"{k}: simulated {a}, replayed {b}"
    return None


def _scripted(scenario: Scenario, spec: FightSpec, words: np.ndarray, events: Sequence[tuple]
              ) -> tuple[ScriptedEncounter, list[float]]:
    """The :class:`ScriptedEncounter` of a traced fast-tier fight, not started, and the
    tactics' draws."""
    dice, draws = fight_dice(scenario, spec, events, int(words[2]))
    enc = ScriptedEncounter(list(scenario.creatures),
                            sides=scenario.sides(), ruleset=scenario.ruleset,
                            seed=int(words[0]), dice=dice, knockdown_after_strike=KNOCKDOWN)
    return enc, draws


def _trace(spec: FightSpec, words: np.ndarray) -> tuple[dict[str, Any], list[tuple]]:
    return trace_fight(spec, fight_states(np.asarray(words)[None, :])[0])


def hand_over(scenario: Scenario, spec: FightSpec, words: np.ndarray) -> tuple[Encounter, Outcome]:
    """A fast-tier fight the kernel handed over (:data:`~lfgcombat.prep.kernel.HANDED_OVER`:
    a Perfect Critical injured a creature already injured, or one whose injury the kernel
    does not hold, "Perfect Critical (Optional Rule)", 000_8d1d7816ee944f3b.txt), played on
    as a real encounter: the kernel's dice (a first injury's limb die among them) up to that
    strike, then the encounter's own from the fight's seed - the limb it breaks or severs,
    and every later roll - with the tactics' later draws from the fight's tactics seed. The
    fight is the kernel's up to the injury and the reference tier's from there on, and it is
    the same every time.

    Args:
        scenario: The fight's scenario.
        spec: Its numbers.
        words: The fight's six seed words.

    Returns:
        The encounter after the fight and its aftermath, and the fight's :class:`Outcome`.

    Raises:
        ReplayError: the kernel did not hand this fight over, or the encounter did not
            reach the injury where the kernel stopped (a bug in lfgcombat: report it).
    """
    traced, events = _trace(spec, words)
    if traced["winner"] != HANDED_OVER:
        raise ReplayError("the fast tier did not hand this fight over")
    enc, draws = _scripted(scenario, spec, words, events)
    rng = _Draws(draws, then=np.random.Generator(np.random.PCG64(int(words[1]))))
    error = ""
    try:
        _, got = play(scenario, spec, 0, 0, encounter=enc, rng=rng)
    except (DiceError, IllegalActionError, LfgError) as exc:
        error = str(exc)
    roller = enc.roller
    first = roller.history[len(roller.history) - roller.unscripted] \
        if isinstance(roller, ScriptedRoller) and roller.unscripted else None
    if error or first is None or "perfect critical" not in str(first.label).lower():
        raise ReplayError("the fast tier handed over a fight at a Perfect Critical's injury, "
                          f"but the encounter did not reach that injury where the kernel "
                          f"stopped ({error or _mismatch(roller)}); this is a bug in "
                          "lfgcombat: please report it, and use tier='reference' meanwhile")
    return enc, got


def finish_handed_over(scenario: Scenario, spec: FightSpec, words: np.ndarray,
                       out: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The fights of ``out`` (:func:`~lfgcombat.prep.kernel.run_fights` of ``words``) the
    kernel handed over, played on by :func:`hand_over`; ``out["handed_over"]`` marks them
    (1) among the others (0)."""
    handed = np.flatnonzero(out["winner"] == HANDED_OVER)
    out["handed_over"] = np.zeros(out["winner"].shape[0], np.int64)
    for i in handed:
        got = hand_over(scenario, spec, words[i])[1]
        for k in OUTCOME_KEYS:
            out[k][i] = got[k]
        out["handed_over"][i] = 1
    return out


def replay_fast(scenario: Scenario, spec: FightSpec, words: np.ndarray,
                expected: Mapping[str, Any]) -> Encounter:
    """A fast-tier fight, replayed die for die as a :class:`ScriptedEncounter` (a fight the
    kernel handed over, up to the injury; then as :func:`hand_over` played it).

    Args:
        scenario: The fight's scenario.
        spec: Its numbers.
        words: The fight's six seed words (a row of :func:`~lfgcombat.prep.kernel.fight_words`).
        expected: The simulated outcome (:data:`OUTCOME_KEYS`).

    Returns:
        The encounter after the fight and its aftermath.

    Raises:
        ReplayError: the fight cannot be replayed exactly; the message says why.
    """
    if spec.fast_numbers is not None:  # classic, wounds: drawn by the exact odds
        raise ReplayError(f"a fast-tier {scenario.ruleset.name} fight cannot be replayed as "
                          "an encounter: its kernel draws each attack's damage from the "
                          "exact odds, not the encounter's dice one by one; simulate with "
                          "tier='reference' to replay every fight")
    traced, events = _trace(spec, words)
    if traced["winner"] == HANDED_OVER:
        enc, got = hand_over(scenario, spec, words)
        _expect(expected, got, scenario, "the fight handed over at a Perfect Critical's "
                                          "injury plays on differently")
        return enc
    _expect(expected, Outcome(traced), scenario, "the kernel's plain-Python twin plays "
                                                 "another fight")
    enc, draws = _scripted(scenario, spec, words, events)
    try:
        _, got = play(scenario, spec, 0, 0, encounter=enc, rng=_Draws(draws))
    except (DiceError, IllegalActionError, LfgError) as exc:
        raise ReplayError(f"this fast-tier fight cannot be replayed exactly: "
                          f"{_mismatch(enc.roller, str(exc))}; simulate with "
                          "tier='reference' to replay every fight") from None
    diff = _compare(expected, got, scenario.names)
    roller = enc.roller
    if diff is not None or not isinstance(roller, ScriptedRoller) or roller.unscripted \
            or roller.used != len(roller.script):
        raise ReplayError(f"this fast-tier fight cannot be replayed exactly: "
                          f"{_mismatch(roller)}; {diff or 'the outcome matches'}. "
                          "Simulate with tier='reference' to replay every fight")
    return enc


def _expect(expected: Mapping[str, Any], got: Mapping[str, Any], scenario: Scenario,
            what: str) -> None:
    """Refuse a replay whose outcome differs from the simulated one (``what`` happened)."""
    diff = _compare(expected, Outcome(got), scenario.names)
    if diff is not None:
        raise ReplayError(f"{what} ({diff}); was the result made by another version of "
                          "lfgcombat?")


def replay_fight(tier: str, scenario: Scenario, spec: FightSpec, words: np.ndarray,
                 expected: Mapping[str, Any], map_text: str | None = None) -> Encounter:
    """Fight ``words`` of a run of ``tier``, replayed exactly as an encounter.

    Raises:
        ReplayError: the replay would differ from the simulated fight.
    """
    if tier == "fast":
        return replay_fast(scenario, spec, words, expected)
    hmap = None
    if map_text is not None:
        from ..battlemap import HexMap
        hmap = HexMap.from_text(map_text, creatures={c.name: c for c in scenario.creatures})
    enc, got = play(scenario, spec, int(words[0]), int(words[1]), map=hmap)
    diff = _compare(expected, got, scenario.names)
    if diff is not None:
        raise ReplayError(f"the reference fight replays differently ({diff}); was the "
                          "result made by another version of lfgcombat?")
    return enc


def replay_seeded(tier: str, scenario: Scenario, spec: FightSpec, seed: int, point: int,
                  chunk_size: int, i: int, map_text: str | None = None) -> Encounter:
    """Fight ``i`` of parameter point ``point`` of a run (root ``seed``, ``chunk_size``
    fights a chunk) replayed as an encounter without the run's arrays: the fight is played
    again from its seed words (one kernel fight, or the reference encounter itself) and
    replayed as :meth:`SimResult.replay <lfgcombat.prep.result.SimResult.replay>` does.

    Raises:
        ReplayError: the replay would differ from the simulated fight.
    """
    words = fight_word(seed, point, i, chunk_size)
    if tier == "fast":
        out = finish_handed_over(scenario, spec, words[None, :],
                                 run_fights(spec, fight_states(words[None, :])))
        return replay_fight(tier, scenario, spec, words, {k: out[k][0] for k in OUTCOME_KEYS})
    hmap = None
    if map_text is not None:
        from ..battlemap import HexMap
        hmap = HexMap.from_text(map_text, creatures={c.name: c for c in scenario.creatures})
    return play(scenario, spec, int(words[0]), int(words[1]), map=hmap)[0]

"""The fast tier: many fights of one :class:`~lfgcombat.prep.spec.FightSpec` in a compiled loop.

Compiled with numba's ``@njit`` when numba is installed (``lfgcombat[fast]``); without it
(or with the environment variable ``LFGCOMBAT_NO_NUMBA=1``) the very same functions run as
plain Python over numpy arrays: slower, same results, fight for fight, because the dice
come from the kernel's own generator (MRG32k3a, L'Ecuyer 1999: integer arithmetic below
2**53, identical in both) seeded per fight from :class:`numpy.random.SeedSequence`.

What the fast tier plays (000_8d1d7816ee944f3b.txt), every number from the engine (see
:mod:`lfgcombat.prep.spec`):

* "Attack Rolls": 1d20 + attack bonus against AC; a Nat20 always hits, a Nat1 always
  misses ("Automatic Success & Failure: Nat20 & Nat1").
* "Critical Hits": a hit whose natural roll is in the weapon's threat range is a threat; a
  confirmation roll (same bonus) against ACvsCrit makes it a Critical Hit (the weapon's
  multiplier, from the engine's critical damage); "Perfect Critical (Optional Rule)": a Nat20
  confirmation deals maximum damage, and where that reaches the target's Injured Threshold
  without killing it, a creature's first injury is played here: the engine's limb die
  (1d2 severed arm/leg for a slashing strike, else 1d3 broken arm/leg/ribs) right after the
  damage, and from then on the creature's numbers in that injury state ("Broken Bones –
  Arm/Leg/Ribs", "Severed Limbs": Broken Leg's -2 attacks and -2 AC and the Prone it falls
  into, Broken Arm's -1 AC, Broken Ribs' Distressed), each from the engine
  (:mod:`lfgcombat.prep.injuries`). A second injury of an injured creature, or one whose
  numbers the kernel does not hold, stops the fight and hands it over
  (:data:`HANDED_OVER`): the reference tier plays it on from the same dice with every rule
  (:func:`lfgcombat.prep.replay.hand_over`). "Killer Criticals (Optional Rule)" through the
  engine's damage tables.
* Damage dice and bonuses, minimum damage, DR / resistances / immunities after the
  multiplier ("Resistance - Damage Resistance (DR), ..."), as exact distributions.
* "Attacks Per Turn" with the Consecutive Attack Penalty; Gang Up's Tactical Bonus
  ("Multiple Opponents").
* HP from the creature's current HP, Temporary HP absorbing damage first ("Temporary Hit
  Points (TempHP)"); "Injured" (-2 on d20 rolls and AC at or below the Injured Threshold); falling
  unconscious at 0 HP or less; Bleed 1 from a slashing or piercing strike; Bleed ticks with
  clotting after 10 rounds ("Bleed X"); the DC20 FORT Save to stabilize ("Stabilize when
  Dying"); death at -CON (PCs, bosses) or -level (goons) ("Death", "NPC & Enemy Death").
  When the fight ends the dying keep bleeding and saving, round by round, until each is
  stable or dead (nobody heals them): who dies counts those who bleed out afterwards.
* Selective Initiative with the policy of :mod:`lfgcombat.prep.tactics`; a fight under way
  (:mod:`lfgcombat.prep.fast_here`) starts from its round, whose turn it is, the attacks
  spent, who has acted, the dead, the dying and Gang Up's record instead of rolling
  initiative (:func:`_battle`'s ``turn0``).
* Starting conditions that change only those numbers, for the whole fight ("Conditions –
  Full Details"): Prone, Flat-Footed, Flanked, Distressed, Hindered, Encumbered, Heavily
  Encumbered, Cramped, Deaf, Staggered and Weakened 1-4
  (:data:`lfgcombat.prep.spec.FAST_TIER_CONDITIONS`), through the engine's numbers.

Trace mode (:func:`trace_fight`): the same functions run uncompiled with every draw
recorded by what it is for (an initiative d20, an attack roll, a damage draw...), so
:mod:`lfgcombat.prep.replay` can feed a fast-tier fight's dice to a real
:class:`~lfgcombat.Encounter`.

Left out (use the reference tier): maps, movement, reach and AOO; spells and special
actions; conditions gained during the fight other than Injured/Unconscious/Dying (Weakened
from falling does not matter to a creature that never gets up: nobody heals); % miss
chance, Fortunate and Unfortunate rolls, Active Defense (a Perfect Critical's second
injury of a creature is handed over, and a run's notes count those fights); groups and
the other initiative
systems. A creature starting at 0 HP or less, or with a starting condition outside the
list above or one that ends during the fight, is refused
(:func:`lfgcombat.prep.spec.check_fast_tier`).

The fight loop is compiled without numba's reference counting (:func:`_lean`: it allocates
nothing). Compiled once per install: numba's on-disk cache (``cache=True``) keeps the kernel next
to this module or, where that is read-only, in the user's cache directory
(``NUMBA_CACHE_DIR``); where neither is writable it is compiled in every process
(:data:`NUMBA_CACHED` is then ``False``). Measured: ~14 s for the first run, ~1 s after.
"""

from __future__ import annotations

import os
import types
from typing import Any

import numpy as np

__all__ = ["HAVE_NUMBA", "NUMBA_ACTIVE", "NUMBA_CACHED", "run_fights", "fight_states",
           "fight_words", "fight_word", "sample_attacks", "trace_fight", "kernel_loaded",
           "M1", "M2", "HANDED_OVER", "NO_THRESHOLD"]

try:  # numba is optional: lfgcombat[fast]
    import numba as _numba
    HAVE_NUMBA = True
except ImportError:  # pragma: no cover - exercised with LFGCOMBAT_NO_NUMBA=1
    _numba = None  # type: ignore[assignment]
    HAVE_NUMBA = False

#: Whether the kernel is compiled (numba installed and not switched off).
NUMBA_ACTIVE = HAVE_NUMBA and os.environ.get("LFGCOMBAT_NO_NUMBA", "") in ("", "0")

_KERNEL: list[str] = []  # the functions the trace twin copies (see trace_fight)


#: Whether the compiled kernel is kept in numba's on-disk cache (next to this module, else
#: in the user's cache directory or ``NUMBA_CACHE_DIR``): the first run of a new install
#: compiles it (~14 s), later runs load it (~1 s). ``False`` where no cache directory is
#: writable (a read-only install, a user without a home): the kernel is then compiled in
#: every new process, and nothing fails.
NUMBA_CACHED = NUMBA_ACTIVE


def _compile(fn, **options):
    """``fn`` compiled by numba with its on-disk cache, or without it where numba finds no
    writable cache directory (it raises RuntimeError on decorating then)."""
    global NUMBA_CACHED
    if NUMBA_CACHED:
        try:
            return _numba.njit(cache=True, nogil=True, **options)(fn)
        except RuntimeError:  # "cannot cache function ...: no locator available"
            NUMBA_CACHED = False
    return _numba.njit(nogil=True, **options)(fn)


def _jit(fn):
    _KERNEL.append(fn.__name__)
    return _compile(fn) if NUMBA_ACTIVE else fn


def _inline(fn):
    """A small step of a fight, inlined into its caller when compiled."""
    _KERNEL.append(fn.__name__)
    return _compile(fn, inline="always") if NUMBA_ACTIVE else fn


def _lean_options() -> dict[str, Any]:
    """numba's ``_nrt=False`` (no reference counting: the option numba's own
    ``register_jitable`` documents to "disable runtime allocation") where it has it."""
    from numba.core.cpu import CPUTargetOptions
    return {"_nrt": False} if hasattr(CPUTargetOptions, "_nrt") else {}


def _lean(fn):
    """A fight's loop compiled without numba's reference counting: it allocates nothing
    (every array comes from :func:`_run`, which owns them), so the atomic increments and
    decrements numba otherwise makes on every array handed to an inlined step (some 40
    an attack, half the time of a fight) are left out; the same code, the same results.
    The steps it calls inline are compiled the same way."""
    _KERNEL.append(fn.__name__)
    return _compile(fn, **_lean_options()) if NUMBA_ACTIVE else fn


M1 = 4294967087
M2 = 4294944443

#: The winner of a fight the kernel hands over to the reference tier: a Perfect Critical
#: injured a creature already injured, or one whose injury the kernel does not hold
#: (:func:`_hit`); :func:`lfgcombat.prep.replay.hand_over` plays it on as a real encounter
#: from the same dice.
HANDED_OVER = -2
#: An Injured Threshold that is not there (:attr:`FightSpec.injured_at
#: <lfgcombat.prep.spec.FightSpec.injured_at>` of a creature without one).
NO_THRESHOLD = -(10 ** 9)


@_jit
def _uniform(st):
    """One MRG32k3a draw in (0, 1); ``st`` is the int64[6] state, updated in place."""
    p1 = (1403580 * st[1] - 810728 * st[0]) % 4294967087
    st[0] = st[1]
    st[1] = st[2]
    st[2] = p1
    p2 = (527612 * st[5] - 1370589 * st[3]) % 4294944443
    st[3] = st[4]
    st[4] = st[5]
    st[5] = p2
    z = (p1 - p2) % 4294967087
    if z == 0:
        z = 4294967087
    return z / 4294967088.0


@_jit
def _d20(st):
    return int(_uniform(st) * 20.0) + 1


# The draws by what they are for: the same generator, named so that the trace twin
# (trace_fight) records each with its meaning.
@_inline
def _initiative_d20(st, c):
    return _d20(st)


@_inline
def _rolloff_d20(st, c):
    return _d20(st)


@_inline
def _attack_d20(st, a, t):
    return _d20(st)


@_inline
def _confirm_d20(st, a, t):
    return _d20(st)


@_inline
def _damage_u(st, a, t, v):
    return _uniform(st)


@_inline
def _stabilize_u(st, c, s):
    return _uniform(st)


@_inline
def _limb_d(st, a, t, sides):
    return int(_uniform(st) * sides) + 1


@_inline
def _pick_u(st, cur):
    return _uniform(st)


@_inline
def _strike(st, b, target_ac, cac, threat, perfect, values, cdf, lens, a, t):
    """One attack of ``a`` on ``t`` ("Attack Rolls", "Critical Hits"): (its damage, its
    variant: -1 a miss, 0 a hit, 1 a Critical Hit, 2 a Perfect Critical)."""
    nat = _attack_d20(st, a, t)
    if not (nat == 20 or (nat != 1 and nat + b >= target_ac)):
        return 0, -1
    v = 0
    if nat >= threat:
        nat2 = _confirm_d20(st, a, t)
        if nat2 == 20 or (nat2 != 1 and nat2 + b >= cac):
            v = 2 if (perfect and nat2 == 20) else 1
    u = _damage_u(st, a, t, v)
    n = lens[a, t, v]
    for i in range(n - 1):
        if u <= cdf[a, t, v, i]:
            return values[a, t, v, i], v
    return values[a, t, v, n - 1], v


@_jit
def sample_attacks(st, n, b, target_ac, cac, threat, perfect, values, cdf, lens, a, t, out):
    """``n`` attacks of ``a`` on ``t`` (the fast tier's per-attack cost and a check of its
    damage distribution); damages into ``out``."""
    for i in range(n):
        out[i] = _strike(st, b, target_ac, cac, threat, perfect, values, cdf, lens, a, t)[0]


@_jit
def _initiative(st, init_bonus, total, tied):  # noqa: C901 - one compiled loop
    """Who opens the fight: every creature rolls 1d20 + its Initiative bonus (in order);
    the highest total, then the highest bonus; roll-offs (1d20 each, in order) among the
    still tied until one is highest ("Rounds, Initiative, & Turn Order"). ``total`` and
    ``tied``: scratch rows of the fight's workspace (no allocation per fight)."""
    c_n = init_bonus.shape[0]
    best = -10 ** 9
    for c in range(c_n):
        total[c] = _initiative_d20(st, c) + init_bonus[c]
    for c in range(c_n):
        key = total[c] * 1000 + init_bonus[c]
        if key > best:
            best = key
    m = 0
    for c in range(c_n):
        if total[c] * 1000 + init_bonus[c] == best:
            tied[m] = c
            m += 1
    while m > 1:  # roll-offs among the tied, their rolls in ``total`` (no longer needed)
        top = 0
        for j in range(m):
            total[j] = _rolloff_d20(st, tied[j])
            if total[j] > top:
                top = total[j]
        k = 0
        for j in range(m):
            if total[j] == top:
                tied[k] = tied[j]
                k += 1
        m = k
    return tied[0]


@_inline
def _pick(st, cur, policy, side, hp, dead, danger):
    """The target of ``cur`` by its side's policy (:mod:`lfgcombat.prep.tactics`)."""
    c_n = side.shape[0]
    best = -1
    m = 0
    for c in range(c_n):
        if side[c] == side[cur] or dead[c] or hp[c] <= 0:
            continue
        m += 1
        if best < 0:
            best = c
        elif policy == 0 and hp[c] < hp[best]:
            best = c
        elif policy == 2 and danger[c] > danger[best]:
            best = c
    if policy == 3 and m > 1:
        r = int(_pick_u(st, cur) * m)
        for c in range(c_n):
            if side[c] == side[cur] or dead[c] or hp[c] <= 0:
                continue
            if r == 0:
                return c
            r -= 1
    return best


@_inline
def _standing_sides(side, hp, dead):
    """(0, -1) when nobody stands, (1, its side) when one side alone stands, else (2, -1):
    whether the fight is over, and who won it (no allocation)."""
    first = -1
    for c in range(side.shape[0]):
        if not dead[c] and hp[c] > 0:
            if first < 0:
                first = side[c]
            elif side[c] != first:
                return 2, -1
    return (0 if first < 0 else 1), first


@_inline
def _turn_start(st, cur, hp, temp, dead, bleed, bled, dies_at, stabilize_p, limb):
    """A dying creature's turn begins: Bleed X (clotting after 10 rounds), then the DC20
    FORT Save to stabilize ("Bleed X", "Stabilize when Dying"), its chance that of its
    injury state (Broken Ribs' Distressed: -2 on d20 rolls)."""
    if dead[cur] or hp[cur] > 0 or bleed[cur] <= 0:
        return
    rounds = bled[cur] + 1
    b = bleed[cur]
    if rounds > 10:
        b -= 1
    bleed[cur] = b
    bled[cur] = rounds if b > 0 else 0
    if b > 0:
        absorbed = min(temp[cur], b)  # Temporary HP absorb damage first
        temp[cur] -= absorbed
        hp[cur] -= b - absorbed
        if hp[cur] <= dies_at[cur]:
            dead[cur] = 1
    s = limb[cur]
    if not dead[cur] and bleed[cur] > 0 and _stabilize_u(st, cur, s) < stabilize_p[cur, s]:
        bleed[cur] -= 1
        if bleed[cur] == 0:
            bled[cur] = 0


@_inline
def _next_unit(cur, side, dead, acted):
    """Selective Initiative by the tactics' rule: the first ally who has not acted, else the
    first foe who has not (-1: everyone has acted)."""
    c_n = side.shape[0]
    for c in range(c_n):
        if c != cur and not dead[c] and not acted[c] and side[c] == side[cur]:
            return c
    for c in range(c_n):
        if c != cur and not dead[c] and not acted[c]:
            return c
    return -1


@_inline
def _round_opener(cur, side, dead):
    """The last to act opens the next round with the first living ally (itself included)."""
    c_n = side.shape[0]
    for c in range(c_n):
        if not dead[c] and side[c] == side[cur]:
            return c
    for c in range(c_n):
        if not dead[c]:
            return c
    return -1


@_inline
def _gang_position(seen, n_seen, t, cur):
    """Where ``cur`` stands among the creatures that attacked ``t`` since ``t``'s turn
    began (0: the first), noting it there ("Multiple Opponents")."""
    pos = n_seen[t]
    for j in range(n_seen[t]):
        if seen[t, j] == cur:
            pos = j
    if pos == n_seen[t]:
        seen[t, pos] = cur
        n_seen[t] += 1
    return pos


@_inline
def _injures(dmg, threshold, hp_after, dies_at):
    """Whether a Perfect Critical's damage injures ("Perfect Critical (Optional Rule)": "If
    you deal at least as much damage as your target's Injured Threshold", and it does not
    kill outright, the GM Note): a limb is broken or severed (:func:`_hit`)."""
    return threshold > NO_THRESHOLD and dmg >= threshold and hp_after > dies_at


@_inline
def _limb_state(sides, face):
    """The injury state the engine's limb die gives (``_perfect_limb`` of
    lfgcombat/rules/attacks/resolve.py): on a 1d3 1 broken arm, 2 broken leg, 3 broken ribs
    (states 1-3); on a slashing strike's 1d2 1 severed arm, 2 severed leg (states 4, 5)."""
    return face if sides == 3 else face + 3


@_inline
def _hit(st, cur, t, k, pos, hp, temp, limb, injured_at, dies_at, bonus, ac, confirm_ac,
         threat, perfect, injured_attack, injured_ac, injured_confirm_ac, gang, gang_ok,
         limb_sides, dmg_values, dmg_cdf, dmg_len):
    """The ``k``-th attack of ``cur`` on ``t`` by the numbers of both creatures' injury
    states (``limb``) and Injured ("Injured"), with Gang Up's Tactical Bonus for place
    ``pos`` ("Multiple Opponents"); Temporary HP absorb its damage first ("Temporary Hit
    Points (TempHP)"). A Perfect Critical that injures (:func:`_injures`) breaks or severs
    a limb of a creature not yet injured: the limb die (``_limb_d``, 1d2 or 1d3 by the
    strike's damage type, ``limb_sides``) right after the damage, as the engine rolls it.
    Returns the HP it takes off, or -1 when the fight is handed over (:data:`HANDED_OVER`):
    a second injury, or one whose numbers the kernel does not hold (``limb_sides`` 0)."""
    sa = limb[cur]
    sb = limb[t]
    b = bonus[cur, sa, t, sb, k] + (injured_attack[cur, sa] if hp[cur] <= injured_at[cur]
                                    else 0)
    if gang_ok[cur, t]:
        b += gang[cur, sa, min(5, max(0, pos - 1))]
    hurt = hp[t] <= injured_at[t]
    dmg, v = _strike(st, b, ac[cur, sa, t, sb] + (injured_ac[t, sb] if hurt else 0),
                     confirm_ac[cur, sa, t, sb] + (injured_confirm_ac[t, sb] if hurt else 0),
                     threat[cur], perfect, dmg_values, dmg_cdf, dmg_len, cur, t)
    absorbed = min(temp[t], dmg)
    if v == 2 and _injures(dmg, injured_at[t], hp[t] - (dmg - absorbed), dies_at[t]):
        sides = limb_sides[cur, t]
        if sb != 0 or sides == 0:
            return -1
        limb[t] = _limb_state(sides, _limb_d(st, cur, t, sides))
    temp[t] -= absorbed
    return dmg - absorbed


#: What a strike's wound (:func:`_wound`) gives while the fight goes on; else the winner
#: (-1: nobody stands).
GOES_ON = -3


@_inline
def _wound(cur, t, taken, side, hp, dead, felled, dealt, bleed, bleeds, bleed_cap, dies_at):
    """``t`` takes ``taken`` HP from ``cur``'s strike: dead at or below its death line
    ("Death", "NPC & Enemy Death"), else at 0 HP or less Bleed 1 more from a slashing or
    piercing strike ("Bleed X"); dropped by ``cur`` when it was up. Returns
    :data:`GOES_ON`, or the winner when at most one side still stands."""
    before = hp[t]
    hp[t] -= taken
    dealt[cur] += taken
    if hp[t] <= dies_at[t]:
        dead[t] = 1
    elif hp[t] <= 0 and bleeds[cur, t]:
        bleed[t] = min(bleed[t] + 1, bleed_cap[t])
    if before > 0 and hp[t] <= 0:
        felled[t] = cur
        count, last = _standing_sides(side, hp, dead)
        if count <= 1:
            return last
    return GOES_ON


@_inline
def _turn_attacks(st, cur, resumed, turn0, n_attacks, hp, temp, dead, bleed, bled, dies_at,
                  stabilize_p, limb, n_seen):
    """The attacks of ``cur``'s turn, (the first's place in the turn, the end): ``resumed``,
    the turn under way of a fight played on from where it stands (``turn0``: the attacks
    made and those left); else its turn begins: Gang Up's record of it cleared ("until the
    foe takes their turn", "Multiple Opponents"), a dying creature's Bleed and save
    (:func:`_turn_start`), its "Attacks Per Turn" in its injury state. The dead and the
    dying make none."""
    if resumed:
        k_from = turn0[2]
        k_to = turn0[2] + turn0[3]
    else:
        k_from = 0
        k_to = n_attacks[cur, limb[cur]]
        n_seen[cur] = 0
        if hp[cur] <= 0 and not dead[cur]:
            _turn_start(st, cur, hp, temp, dead, bleed, bled, dies_at, stabilize_p, limb)
    if dead[cur] or hp[cur] <= 0:
        return k_from, k_from
    return k_from, k_to


@_inline
def _next_turn(cur, rnd, side, dead, acted, max_rounds):
    """``cur`` has acted: (who acts next, -1 nobody; the round; whether the round limit
    ends the fight). After the last of a round, a new round (:func:`_round_opener`)."""
    acted[cur] = 1
    nxt = _next_unit(cur, side, dead, acted)
    if nxt < 0:
        rnd += 1
        acted[:] = 0
        nxt = _round_opener(cur, side, dead)
        if rnd > max_rounds:
            return nxt, rnd, True
    return nxt, rnd, False


@_lean
def _battle(st, side, policy, injured_at, dies_at, bleed_cap, init_bonus, n_attacks,
            stabilize_p, danger, bonus, ac, confirm_ac, threat, perfect, injured_attack,
            injured_ac, injured_confirm_ac, gang, gang_ok, bleeds, limb_sides, dmg_values,
            dmg_cdf, dmg_len, turn0, max_rounds, hp, dead, felled, dealt, seen, n_seen, temp,
            bleed, bled, acted, limb, total, tied):
    """Play one fight from the state :func:`_fight` set until at most one side stands;
    return (winner, rounds, who takes the next turn when the round limit ends it, else -1);
    the winner :data:`HANDED_OVER` where :func:`_hit` hands the fight over.

    ``turn0`` (int64[4]): ``-1`` first, a fight from the start (initiative is rolled);
    else a fight under way (:mod:`lfgcombat.prep.from_here`): the acting creature, the
    round, the attacks it has made this turn and those it has left. Its turn has begun
    (Gang Up's record of it cleared, its Bleed ticked), so the first turn plays only its
    attacks left, the ``k``-th of the turn with the Consecutive Attack Penalty of ``k``.
    """
    resumed = turn0[0] >= 0
    if resumed:
        cur = turn0[0]
        rnd = turn0[1]
    else:
        cur = _initiative(st, init_bonus, total, tied)
        rnd = 1
    while True:
        k_from, k_to = _turn_attacks(st, cur, resumed, turn0, n_attacks, hp, temp, dead,
                                     bleed, bled, dies_at, stabilize_p, limb, n_seen)
        resumed = False
        for k in range(k_from, k_to):
            t = _pick(st, cur, policy[cur], side, hp, dead, danger)
            if t < 0:
                break
            pos = _gang_position(seen, n_seen, t, cur)  # Gang Up ("Multiple Opponents")
            taken = _hit(st, cur, t, k, pos, hp, temp, limb, injured_at, dies_at, bonus, ac,
                         confirm_ac, threat, perfect, injured_attack, injured_ac,
                         injured_confirm_ac, gang, gang_ok, limb_sides, dmg_values, dmg_cdf,
                         dmg_len)
            if taken < 0:
                return HANDED_OVER, rnd, -1
            over = GOES_ON if taken == 0 else _wound(cur, t, taken, side, hp, dead, felled,
                                                     dealt, bleed, bleeds, bleed_cap, dies_at)
            if over != GOES_ON:
                return over, rnd, -1
        cur, rnd, limit = _next_turn(cur, rnd, side, dead, acted, max_rounds)
        if limit:
            return -1, max_rounds, cur
        if cur < 0:
            return -1, rnd, -1


@_inline
def _aftermath(st, first, hp, temp, dead, bleed, bled, acted, dies_at, stabilize_p, limb):
    """After the fight, the dying keep taking their turns, bleeding and rolling to
    stabilize, until each is stable or dead ("Unconscious & Dying", "Stabilize when Dying",
    "Death"; clotting after 10 rounds, "Bleed X", ends every bleeding): ``first`` (if not
    -1) takes the next turn, then those who have not acted this round, then every round
    everyone in order: the turns the reference tier ends, in the same order."""
    c_n = hp.shape[0]
    if first >= 0:
        _turn_start(st, first, hp, temp, dead, bleed, bled, dies_at, stabilize_p, limb)
        acted[first] = 1
    for c in range(c_n):
        if not acted[c]:
            _turn_start(st, c, hp, temp, dead, bleed, bled, dies_at, stabilize_p, limb)
    for _ in range(10000):
        dying = False
        for c in range(c_n):
            if not dead[c] and hp[c] <= 0 and bleed[c] > 0:
                dying = True
        if not dying:
            return
        for c in range(c_n):
            _turn_start(st, c, hp, temp, dead, bleed, bled, dies_at, stabilize_p, limb)


@_inline
def _reset(start_hp, start_temp, here, here_seen, hp, dead, felled, dealt, seen, work):
    """Set a fight's state: HP and Temporary HP from the spec, ``here`` (int64[5, C]:
    dead, Bleed X, rounds bled, acted this round, attackers since its turn began) and
    ``here_seen`` (those attackers in order, Gang Up's record): zeros for a fight from the
    start (:meth:`FightSpec.start_state <lfgcombat.prep.spec.FightSpec.start_state>`).
    Every creature starts uninjured (injury state 0)."""
    c_n = hp.shape[0]
    for c in range(c_n):
        hp[c] = start_hp[c]
        work[0, c] = start_temp[c]
        dead[c] = here[0, c]
        work[1, c] = here[1, c]
        work[2, c] = here[2, c]
        work[3, c] = here[3, c]
        work[4, c] = here[4, c]
        for j in range(here[4, c]):
            seen[c, j] = here_seen[c, j]
        work[5, c] = 0
        felled[c] = -1
        dealt[c] = 0


@_jit
def _fight(st, side, policy, start_hp, start_temp, injured_at, dies_at, bleed_cap,
           init_bonus, n_attacks, stabilize_p, danger, bonus, ac, confirm_ac, threat, perfect,
           injured_attack, injured_ac, injured_confirm_ac, gang, gang_ok, bleeds, limb_sides,
           dmg_values, dmg_cdf, dmg_len, here, here_seen, turn0, max_rounds, hp, dead, felled,
           dealt, seen, work):
    """Play one fight from the state :func:`_reset` sets (:func:`_battle`), then its
    aftermath (:func:`_aftermath`); return (winner, rounds): the rounds of the fight
    itself. ``work`` (int64[8, C]): the fight's Temporary HP, Bleed X, rounds bled, acted,
    Gang Up counts, injury states and scratch rows, allocated once per run (:func:`_play`
    plays the same steps in its loop)."""
    _reset(start_hp, start_temp, here, here_seen, hp, dead, felled, dealt, seen, work)
    w, r, first = _battle(st, side, policy, injured_at, dies_at, bleed_cap, init_bonus,
                          n_attacks, stabilize_p, danger, bonus, ac, confirm_ac, threat,
                          perfect, injured_attack, injured_ac, injured_confirm_ac, gang,
                          gang_ok, bleeds, limb_sides, dmg_values, dmg_cdf, dmg_len, turn0,
                          max_rounds, hp, dead, felled, dealt, seen, work[4], work[0],
                          work[1], work[2], work[3], work[5], work[6], work[7])
    if w == HANDED_OVER:
        return w, r
    _aftermath(st, first, hp, work[0], dead, work[1], work[2], work[3], dies_at,
               stabilize_p, work[5])
    return w, r


@_lean
def _play(states, st, seen, work, side, policy, start_hp, start_temp, injured_at, dies_at,
          bleed_cap, init_bonus, n_attacks, stabilize_p, danger, bonus, ac, confirm_ac,
          threat, perfect, injured_attack, injured_ac, injured_confirm_ac, gang, gang_ok,
          bleeds, limb_sides, dmg_values, dmg_cdf, dmg_len, here, here_seen, turn0,
          max_rounds, winner, rounds, hp, dead, felled, dealt):
    """Every fight of ``states``: :func:`_fight`'s steps in one loop, on the generator
    state ``st``, Gang Up's record ``seen`` and the rows of ``work`` that :func:`_run`
    allocated (this loop allocates nothing, see :func:`_lean`)."""
    temp, bleed, bled, acted, n_seen, limb = work[0], work[1], work[2], work[3], work[4], work[5]
    for i in range(states.shape[0]):
        for j in range(6):
            st[j] = states[i, j]
        hp_i, dead_i = hp[i], dead[i]
        _reset(start_hp, start_temp, here, here_seen, hp_i, dead_i, felled[i], dealt[i], seen,
               work)
        w, r, first = _battle(st, side, policy, injured_at, dies_at, bleed_cap, init_bonus,
                              n_attacks, stabilize_p, danger, bonus, ac, confirm_ac, threat,
                              perfect, injured_attack, injured_ac, injured_confirm_ac, gang,
                              gang_ok, bleeds, limb_sides, dmg_values, dmg_cdf, dmg_len,
                              turn0, max_rounds, hp_i, dead_i, felled[i], dealt[i], seen,
                              n_seen, temp, bleed, bled, acted, limb, work[6], work[7])
        if w != HANDED_OVER:
            _aftermath(st, first, hp_i, temp, dead_i, bleed, bled, acted, dies_at,
                       stabilize_p, limb)
        winner[i] = w
        rounds[i] = r


@_jit
def _run(states, side, *numbers):
    """Every fight of ``states`` (:func:`_play`, given ``numbers``: the spec's arrays after
    ``side``, then the outputs), its scratch allocated here once per run."""
    c_n = side.shape[0]
    _play(states, np.zeros(6, np.int64), np.zeros((c_n, c_n), np.int64),
          np.zeros((8, c_n), np.int64), side, *numbers)


#: numpy's SeedSequence output hash (numpy/random/bit_generator.pyx, ``generate_state``):
#: word ``i`` is ``pool[i % 4]`` mixed with the ``i``-th hash constant.
_INIT_B = np.uint32(0x8B51F9DD)
_MULT_B = np.uint32(0x58F38DED)
_HASHES: list[tuple[np.ndarray, np.ndarray]] = []  # the constants, grown on demand


def _hash_constants(n: int) -> tuple[np.ndarray, np.ndarray]:
    """The first ``n`` hash constants of ``generate_state`` (``INIT_B * MULT_B**i`` mod
    2**32) and each times ``MULT_B``: the same for every seed, so computed once."""
    if not _HASHES or _HASHES[-1][0].shape[0] < n:
        mult = np.full(max(n, 6 * 5000), _MULT_B, np.uint32)
        mult[0] = _INIT_B
        h = np.cumprod(mult, dtype=np.uint32)  # wraps modulo 2**32, as uint32_t does
        _HASHES.append((h, h * _MULT_B))
    h, after = _HASHES[-1]
    return h[:n], after[:n]


def fight_words(seed: int, point: int, chunk: int, size: int) -> np.ndarray:
    """The 32-bit seed words (uint32[size, 6]) of the first ``size`` fights of chunk
    ``chunk`` of point ``point``: ``SeedSequence(seed, spawn_key=(point, chunk))
    .generate_state(6 * size)``, its output hash vectorised with numpy (the very words: a
    test holds the two together; numpy's loop costs ~0.4 us a fight). A SeedSequence's
    words come one after the other, so a row does not depend on ``size``: only the rows a
    chunk plays are drawn, however large its ``chunk_size``."""
    ss = np.random.SeedSequence(int(seed), spawn_key=(int(point), int(chunk)))
    n = 6 * int(size)
    h, after = _hash_constants(n)
    pool = np.asarray(ss.pool, dtype=np.uint32)  # pool[i % 4] (tile: np.resize is ~100x slower)
    data = np.tile(pool, -(-n // pool.shape[0]))[:n] ^ h
    data *= after
    data ^= data >> np.uint32(16)
    return data.reshape(int(size), 6)


def fight_word(seed: int, point: int, i: int, chunk_size: int) -> np.ndarray:
    """The six seed words (uint32[6]) of fight ``i`` of point ``point`` in chunks of
    ``chunk_size``: row ``i % chunk_size`` of chunk ``i // chunk_size``."""
    return fight_words(seed, point, i // chunk_size, i % chunk_size + 1)[-1]


def fight_states(words: np.ndarray) -> np.ndarray:
    """MRG32k3a states (int64[n, 6]) from 32-bit words (uint32[n, 6]) of a SeedSequence:
    each reduced below its modulus and never all zero."""
    w = words.astype(np.int64)
    w -= _MODULI * (w >= _MODULI)  # a 32-bit word is below twice its modulus
    w[:, 0] |= (w[:, 0] | w[:, 1] | w[:, 2]) == 0
    w[:, 3] |= (w[:, 3] | w[:, 4] | w[:, 5]) == 0
    return w


#: Each state word's modulus (:func:`fight_states`).
_MODULI = np.array([M1, M1, M1, M2, M2, M2], np.int64)


def run_fights(spec, states: np.ndarray) -> dict[str, np.ndarray]:
    """Play one fight per row of ``states`` (from :func:`fight_states`).

    Returns:
        ``winner`` (side index, -1 draw), ``rounds``, and per creature ``hp`` (at the end),
        ``dead``, ``felled`` (who dropped it, -1 nobody), ``dealt`` (HP damage dealt).
    """
    if getattr(spec, "fast_numbers", None) is not None:  # classic, wounds: their own
        return spec.fast_numbers.run(spec, states)
    n = states.shape[0]
    c = spec.side.shape[0]
    out = {"winner": np.zeros(n, np.int64), "rounds": np.zeros(n, np.int64),
           "hp": np.zeros((n, c), np.int64), "dead": np.zeros((n, c), np.int64),
           "felled": np.zeros((n, c), np.int64), "dealt": np.zeros((n, c), np.int64)}
    _run(np.ascontiguousarray(states, dtype=np.int64), *spec.arrays(), out["winner"],
         out["rounds"], out["hp"], out["dead"], out["felled"], out["dealt"])
    return out


def kernel_loaded(spec: Any = None) -> bool:
    """Whether this process has the kernel ready: compiled or loaded from numba's cache
    (the first run of a process does that: ~1 s from the cache, ~10-15 s for the first
    run of an install), or running as plain Python (nothing to prepare). With ``spec``:
    the kernel that plays it (classic's and wounds' own, ``spec.fast_numbers``)."""
    if spec is not None and getattr(spec, "fast_numbers", None) is not None:
        return bool(spec.fast_numbers.loaded())
    return not NUMBA_ACTIVE or bool(getattr(_run, "signatures", ()))


# ---------------------------------------------------------------- trace mode
#: The named draws the trace records, and what each records besides its result.
TRACED = ("_initiative_d20", "_rolloff_d20", "_attack_d20", "_confirm_d20", "_damage_u",
          "_limb_d", "_stabilize_u", "_pick_u")


def _plain(fn: Any) -> Any:
    return getattr(fn, "py_func", fn)


def _twin(events: list) -> dict[str, Any]:
    """The kernel's functions as plain Python whose named draws append ``(draw, args...,
    result)`` to ``events``: the very code of the compiled kernel, run uncompiled."""
    g: dict[str, Any] = dict(globals())
    for name in _KERNEL:
        f = _plain(globals()[name])
        g[name] = types.FunctionType(f.__code__, g, name, f.__defaults__, f.__closure__)

    def recorder(name: str, fn: Any) -> Any:
        def draw(st, *args):
            value = fn(st, *args)
            events.append((name[1:], *(int(a) for a in args), value))
            return value
        return draw
    for name in TRACED:
        g[name] = recorder(name, g[name])
    return g


def trace_fight(spec, state: np.ndarray) -> tuple[dict[str, Any], list[tuple]]:
    """Play one fight of ``spec`` from the generator ``state`` (a row of
    :func:`fight_states`) in the kernel's plain-Python twin, recording every draw.

    Returns:
        The fight's outcome (``winner``, ``rounds``, ``hp``, ``dead``, ``felled``,
        ``dealt``: the same as :func:`run_fights` gives for this state) and its draws in
        order: ``("initiative_d20", c, natural)``, ``("rolloff_d20", c, natural)``,
        ``("attack_d20", a, t, natural)``, ``("confirm_d20", a, t, natural)``,
        ``("damage_u", a, t, variant, u)`` (variant 0 hit, 1 Critical Hit, 2 Perfect
        Critical), ``("limb_d", a, t, sides, face)`` (a Perfect Critical's limb die, 1d2 or
        1d3), ``("stabilize_u", c, state, u)`` (``state``: the creature's injury state)
        and ``("pick_u", c, u)`` (the ``random`` target policy).
    """
    events: list[tuple] = []
    g = _twin(events)
    c_n = spec.side.shape[0]
    hp, dead, felled, dealt = (np.zeros(c_n, np.int64) for _ in range(4))
    st = np.array(state, dtype=np.int64).copy()
    w, r = g["_fight"](st, *spec.arrays(), hp, dead, felled, dealt,
                       np.zeros((c_n, c_n), np.int64), np.zeros((8, c_n), np.int64))
    out = {"winner": int(w), "rounds": int(r), "hp": hp, "dead": dead, "felled": felled,
           "dealt": dealt}
    return out, events

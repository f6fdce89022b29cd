"""Moving to flank by exact odds (issue 25, item 2; the reference tier only, like
:mod:`.choices`): the ``flank`` field of :class:`~lfgcombat.prep.tactics.Tactics`
(``"never"`` or ``"odds"``).

Moving to flank ("Flanking / Being Flanked": -2 AC to the flanked creature): on a map, a
melee creature with no foe in reach, whose target an ally already threatens, weighs the cells
it can reach with its Move Action (of those the plain approach would choose among: no AOO
when it can) from which it flanks the target (the map's own flanking test) against the plain
approach's cell, by the exact odds of its attack from there
(:meth:`Encounter.attack_odds <lfgcombat.Encounter.attack_odds>` in a fork where it stands
there); it moves to the best flanking cell when its odds beat the plain approach's.
Only its own attack is weighed (its ally's gain from the flank is left out).

Flanking from reach: a melee creature whose target (the one its tactics pick) is already
in its reach, and which an ally threatens, weighs staying against each cell from which it
would flank the target and still reach it: first those of a 5-Foot Step (000_8d1d7816ee944f3b.txt,
"What is a 5-Foot Step?": a Swift Action, no AOO), then - a Big Action left - those of a
Move ("Exiting a threatened hex provokes AOO from any creature threatening that hex",
"What actions normally Provoke AOO?"). Each is played in a fork (nobody taking an AOO there): the
encounter says whether it takes the move, how many attacks are left after it, and the exact
odds of the next attack from there (:meth:`Encounter.attack_odds
<lfgcombat.Encounter.attack_odds>`: flanking, Gang Up, cover). Its value is that attack's
expected damage times the attacks left (the Consecutive Attack Penalty of the later
attacks is left out, on both sides), less, for a cell reached only by provoking, ``caution``
times the expected damage of one attack by each foe that threatens it with its Reaction free
(its first weapon) - the Trip's measure of the AOO. It moves (foes offered an AOO take it)
when that beats staying (its attacks left times its attack's odds from where it stands) by
the house rule: the higher P(drop) of the next attack, else the higher value. A target
already flanked is not weighed (nothing to gain).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import LfgError
from .choices import _better, _need, _standing, move_or_stay, odds_of

if TYPE_CHECKING:  # pragma: no cover
    from ..engine import Encounter
    from .spec import Scenario

__all__ = ["flank_in"]


def _odds_from(fork: Any, me: str, them: str, weapon: str, cell: Any, need: int
               ) -> tuple[float, float] | None:
    """``(P(drop), expected damage)`` of ``me``'s attack on ``them`` standing at ``cell``
    (placed there in ``fork``, a GM placement), by the encounter's own odds (flanking and
    cover included); ``None``: refused from there."""
    try:
        fork.map.relocate(me, cell)
        o = fork.attack_odds(me, them, weapon)
    except LfgError:
        return None
    if need:
        s = o.damage
        p = float(s[s.index >= need].sum())
    else:
        p = 0.0
    return p, float(o.expected_damage)


def _may_flank(scenario: Scenario, enc: Encounter, cur: int, t: int, weapon: str) -> str:
    """Whether ``cur`` weighs moving to flank ``t``: ``flank="odds"``, a map, a melee
    weapon and an ally threatening ``t``; ``"approach"`` with no foe in reach (and a Big
    Action left), ``"reach"`` with ``t`` itself in reach, else ``""``."""
    from ..rules.attacks import resolve_weapon
    hmap = enc.map
    me, them = scenario.names[cur], scenario.names[t]
    if scenario.tactics[scenario.side_of[cur]].flank != "odds" or hmap is None:
        return ""
    view = enc.creature(me)
    reach = int(view.reach.value or 0)
    up = _standing(enc)
    if resolve_weapon(view, weapon).is_projectile or not any(
            enc.side(n) == enc.side(me) and n != me and hmap.threatens_creature(n, them)
            for n in up):
        return ""
    if hmap.distance(me, them) <= reach:
        return "reach"
    if enc.actions_left(me).big < 1 or any(
            hmap.distance(me, n) <= reach for n in up if enc.side(n) != enc.side(me)):
        return ""
    return "approach"


def _flanking_cells(fork: Any, me: str, them: str, cells: list, reach: int,
                    cost: Any) -> list:
    """The ``cells`` within ``reach`` of ``them`` from which ``me`` (placed there in
    ``fork``) flanks it by the map's own test, cheapest first."""
    out = []
    for c in sorted((c for c in cells if fork.map.distance(c, them) <= reach),
                    key=lambda c: cost[c]):
        try:
            fork.map.relocate(me, c)
        except LfgError:
            continue
        if fork.map.is_flanked(them):
            out.append(c)
    return out


def flank_in(scenario: Scenario, enc: Encounter, cur: int, t: int, weapon: str) -> str:
    """On a map, under ``flank="odds"``: ``cur``, a melee creature with no foe in reach,
    moves (a Move Action, foes offered an AOO take it) to a cell from which it flanks ``t``
    when an ally already threatens ``t`` and the exact odds of its attack from there beat
    the plain approach's (the module docstring). Played here. Returns why ("": it does
    not flank; the plain approach follows)."""
    how = _may_flank(scenario, enc, cur, t, weapon)
    if how == "reach":
        return _flank_from_reach(scenario, enc, cur, t, weapon)
    if not how:
        return ""
    hmap = enc.map
    assert hmap is not None
    me, them = scenario.names[cur], scenario.names[t]
    where = hmap.reachable(me)
    cells = [c for c in where if c not in where.provoking] or list(where)
    if not cells:
        return ""
    plain_goal = min(cells, key=lambda c: (hmap.distance(c, them), where.cost[c]))
    fork = enc.fork()
    flanking = _flanking_cells(fork, me, them, cells,
                               int(enc.creature(me).reach.value or 0), where.cost)
    if not flanking or plain_goal in flanking:
        return ""  # nowhere to flank from, or the plain approach flanks already
    need = _need(enc, them)
    plain = _odds_from(fork, me, them, weapon, plain_goal, need)
    best = None
    for c in flanking:
        got = _odds_from(fork, me, them, weapon, c, need)
        if got is not None and (best is None or _better(got[0], got[1], best[1][0],
                                                        best[1][1])):
            best = (c, got)
    if best is None or (plain is not None and not _better(best[1][0], best[1][1],
                                                          plain[0], plain[1])):
        return ""
    before = hmap.token(me).anchor
    move_or_stay(enc, me, best[0])
    if hmap.token(me).anchor == before:
        return ""
    was = "out of reach" if plain is None else \
        f"P(drop) {plain[0]:.2f}, expected damage {plain[1]:.1f}"
    return (f"{me} moves to flank {them}: by the exact odds of its {weapon} from there "
            f"P(drop) {best[1][0]:.2f}, expected damage {best[1][1]:.1f} (the plain "
            f"approach: {was})")


def _p_drop(odds: Any, need: int) -> float:
    """P(damage >= ``need``) of an encounter's attack odds (0 without ``need``)."""
    if not need:
        return 0.0
    s = odds.damage
    return float(s[s.index >= need].sum())


def _aoo_risk(scenario: Scenario, enc: Encounter, me: str) -> float:
    """The expected damage of the AOOs ``me`` draws leaving where it stands: one attack
    (with its first weapon) by each standing foe that threatens it with its Reaction free."""
    from ..rules.weapons import weapon_entries
    hmap = enc.map
    assert hmap is not None
    va, total = enc.creature(me), 0.0
    for name in _standing(enc):
        if enc.side(name) == enc.side(me) or not hmap.threatens_creature(name, me) or \
                not enc.actions_left(name).reactions:
            continue
        view = enc.creature(name)
        entries = weapon_entries(view)
        o = odds_of(scenario, view, va, str(entries[0].get("name"))) if entries else None
        total += o.expected if o is not None else 0.0
    return total


def _after_moving(enc: Encounter, me: str, them: str, weapon: str, action: str, cell: Any
                  ) -> tuple[Any, int] | None:
    """``me``'s attack odds on ``them`` and its attacks left after ``action`` (a 5-Foot
    Step or a Move, nobody taking an AOO) to ``cell``, played in a fork; ``None``: the
    encounter refuses the move or the attack from there."""
    try:
        fork = enc.fork()
        if action == "five_foot_step":
            fork.five_foot_step(me, cell)
        else:
            fork.move(me, cell, aoo=None)
        if fork.map is None or fork.map.token(me).anchor != cell:
            return None
        return fork.attack_odds(me, them, weapon), int(fork.actions_left(me).attacks)
    except LfgError:
        return None


def _flank_cells_weighed(scenario: Scenario, enc: Encounter, me: str, them: str,
                         weapon: str, need: int) -> tuple | None:
    """The best ``(P(drop), value, action, cell, attacks left, expected damage, AOO
    cost, provokes)`` of ``me``'s 5-Foot Steps, then Moves (a Big Action left), to a cell from
    which it flanks ``them`` (``None``: none)."""
    hmap = enc.map
    assert hmap is not None
    caution = scenario.tactics[scenario.side_of[scenario.names.index(me)]].caution
    reach = int(enc.creature(me).reach.value or 0)
    best: tuple | None = None
    for action in ("five_foot_step", "move"):
        if action == "move" and enc.actions_left(me).big < 1:
            continue
        where = hmap.reachable(me, action=action)
        for cell in _flanking_cells(enc.fork(), me, them, list(where), reach, where.cost):
            got = _after_moving(enc, me, them, weapon, action, cell)
            if got is None:
                continue
            odds, n = got
            provokes = cell in where.provoking
            risk = caution * _aoo_risk(scenario, enc, me) if provokes else 0.0
            row = (_p_drop(odds, need), float(odds.expected_damage) * n - risk, action, cell,
                   n, float(odds.expected_damage), risk, provokes)
            if best is None or _better(row[0], row[1], best[0], best[1]):
                best = row
    return best


def _flank_from_reach(scenario: Scenario, enc: Encounter, cur: int, t: int, weapon: str
                      ) -> str:
    """``cur``, its target ``t`` in reach and an ally threatening ``t``, moves to a cell
    from which it flanks ``t`` when the exact odds of its attacks left from there beat
    staying (the module docstring); played here. Returns why ("": it stays)."""
    hmap = enc.map
    assert hmap is not None
    me, them = scenario.names[cur], scenario.names[t]
    left = int(enc.actions_left(me).attacks)
    if left < 1 or hmap.is_flanked(them):
        return ""
    need = _need(enc, them)
    try:
        stay = enc.attack_odds(me, them, weapon)
    except LfgError:
        return ""
    here = (_p_drop(stay, need), float(stay.expected_damage) * left)
    best = _flank_cells_weighed(scenario, enc, me, them, weapon, need)
    if best is None or not _better(best[0], best[1], *here):
        return ""
    p, value, action, cell, n, per, risk, provokes = best
    try:
        if action == "five_foot_step":
            enc.five_foot_step(me, cell)
        else:
            enc.move(me, cell, aoo="all")
    except LfgError:
        return ""
    how = "takes a 5-Foot Step" if action == "five_foot_step" else \
        "moves, provoking AOO," if provokes else "moves"
    caution = scenario.tactics[scenario.side_of[cur]].caution
    extra = f", less {risk:.1f} for the AOOs it risks (caution {caution:g})" if risk else ""
    return (f"{me} {how} to flank {them}, already in reach: by the exact odds of its "
            f"{weapon} from there P(drop) {p:.2f}, expected damage {per:.1f} x {n} "
            f"attack{'s' if n != 1 else ''} left{extra}: {value:.1f} (staying: P(drop) "
            f"{here[0]:.2f}, expected damage {float(stay.expected_damage):.1f} x {left}: "
            f"{here[1]:.1f})")

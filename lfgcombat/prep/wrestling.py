"""Grab and Pin by exact odds (issue 25, item 2; the reference tier only, like
:mod:`.choices`): the worth of a grapple to the grappler's side, for
:func:`lfgcombat.prep.maneuvers.choose_maneuver` (the ``grab`` and ``pin`` fields of
:class:`~lfgcombat.prep.tactics.Tactics`).

What the text gives as numbers (000_8d1d7816ee944f3b.txt): "Wrestling Skill - Maneuvers &
More (Big Action, AOO)" (a touch attack, then an opposed Wrestling check: the chances are
:func:`lfgcombat.rules.actions.maneuver_odds.maneuver_odds`); "Grappled Condition": "You are
Flat-Footed against creatures not in the grapple"; "Pinned": "More severe version of
Grappled ... Helpless against creatures not in the grapple"; "Flat-Footed" (-2 AC or no
DEXMod, whichever is worse; no Dodge Bonus or Shield Rating; no Active Defense) and
"Helpless" (an effective DEX score of 0 against incoming attacks; no Dodge Bonus or Shield
Rating). The encounter plays them on every attack by a creature outside the grapple
(:func:`lfgcombat.rules.actions.close_situation.grapple_members`): the attack's situation
``flat_footed`` or ``helpless``, the flags :func:`lfgcombat.rules.attacks.odds.attack_odds`
takes. So a Grab is worth P(Grappled) times the expected damage the Flat-Footed target adds
to the attacks its grappler's allies (never in the grapple) still make on it before its turn
(one turn of attacks of each standing ally the turn may pass to next,
:meth:`Encounter.choices <lfgcombat.Encounter.choices>`; on a map a melee ally only if it
threatens the target now; a ranged ally always), and a Pin P(Pinned) times what Helpless adds
to Flat-Footed for those attacks; the grappler's own attacks gain nothing (it is in the
grapple). The costs: the attacks it spends (a Big Action: the dry run in a fork says how
many are left, as for a Trip), and with ``caution``: the AOOs it draws on a map (as a Trip's)
and, for a Grab, the grappler's own Flat-Footed AC ("grappling" makes it Grappled too) against
one turn of attacks of each other standing foe.

Left out of the value (so a grapple is, if anything, undervalued): it lasts past the target's
turn (nobody in the reference tier tries to break free), the Grappled target threatens
nothing and cannot leave its hex on a map, a Pinned one is Unfortunate on Wrestling checks;
what the grappler's allies' Gang Up or flanking would have added (a Grappled creature
"cannot be flanked", which the encounter's own odds apply).

Shove is not played: "Wrestling Skill - Maneuvers & More" names it without a number - it
moves the foe 5 ft (:data:`lfgcombat.rules.actions.maneuvers.SHOVE_FT`, inferred from a
Shield Bash's shove) and deals no damage, and the kit's maps have no ledge or hazard to shove
a foe into, so on the open field and on a map alike its worth is no number the kit computes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..rules.actions.close_situation import held_in_a_grapple
from .choices import _standing, odds_of

if TYPE_CHECKING:  # pragma: no cover
    from ..engine import Encounter
    from .spec import Scenario

__all__ = ["grapple_gain", "grabber_cost", "wrestling_notes", "GRAPPLE_EFFECT", "SHOVE_NOTE"]

#: What a won Grab or Pin makes the target, and the situation flags before and after
#: it against an attacker outside the grapple ("Grappled Condition", "Pinned").
GRAPPLE_EFFECT: dict[str, tuple[str, dict, dict]] = {
    "grab": ("Grappled", {}, {"flat_footed": True}),
    "pin": ("Pinned", {"flat_footed": True}, {"helpless": True}),
}

#: The run's note when a side plays Grab or Pin (the module docstring).
SHOVE_NOTE = ("The tactics never Shove: 000_8d1d7816ee944f3b.txt, \"Wrestling Skill - "
              "Maneuvers & More\" gives a Shove no number to weigh (it moves the foe 5 ft and "
              "deals no damage, and the map has no ledge or hazard to shove it into)")


def wrestling_notes(scenario: Scenario) -> tuple[str, ...]:
    """:data:`SHOVE_NOTE` when some side's tactics play a Wrestling maneuver by the exact
    odds (``trip``, ``grab`` or ``pin``), else nothing."""
    plays = any(getattr(t, k) == "odds" for t in scenario.tactics for k in ("trip", "grab", "pin"))
    return (SHOVE_NOTE,) if plays else ()


def _strikers(scenario: Scenario, enc: Encounter, cur: int, them: str, weapons: list[str],
              n_attacks: Any) -> list[tuple[Any, str, int]]:
    """``(view, weapon, attacks)`` of each standing ally of ``cur`` the turn may pass to
    next that can strike ``them`` (on a map: a melee ally threatening it, any ranged ally)."""
    from ..rules.attacks import resolve_weapon
    side, up = scenario.side_of[cur], _standing(enc)
    out = []
    for name in enc.choices():
        a = scenario.names.index(name) if name in scenario.names else -1
        if a < 0 or a == cur or scenario.side_of[a] != side or name not in up:
            continue
        view = enc.creature(name)
        if enc.map is not None and not resolve_weapon(view, weapons[a]).is_projectile \
                and not enc.map.threatens_creature(name, them):
            continue
        out.append((view, weapons[a], int(n_attacks[a])))
    return out


def grapple_gain(scenario: Scenario, enc: Encounter, cur: int, t: int, kind: str,
                 weapons: list[str], n_attacks: Any) -> float:
    """The expected damage a won ``kind`` (``grab`` or ``pin``) by ``cur`` on ``t`` adds to
    the attacks ``cur``'s allies make on ``t`` before its turn (the module docstring)."""
    _, before, after = GRAPPLE_EFFECT[kind]
    them = scenario.names[t]
    vt = enc.creature(them)
    gain = 0.0
    for view, w, n in _strikers(scenario, enc, cur, them, weapons, n_attacks):
        for k in range(n):
            now = odds_of(scenario, view, vt, w, previous_attacks=k, **before)
            then = odds_of(scenario, view, vt, w, previous_attacks=k, **after)
            if now is not None and then is not None:
                gain += then.expected - now.expected
    return gain


def grabber_cost(scenario: Scenario, enc: Encounter, cur: int, t: int, weapons: list[str],
                 n_attacks: Any) -> float:
    """The expected damage ``cur`` takes more, Grappled by its own Grab and so Flat-Footed
    against every other standing foe ("Grappled Condition"), from one turn of their attacks
    (0 when it is in a grapple already,
    :func:`lfgcombat.rules.actions.close_situation.held_in_a_grapple`)."""
    me = scenario.names[cur]
    if held_in_a_grapple(enc, me):
        return 0.0
    va, up = enc.creature(me), _standing(enc)
    more = 0.0
    for f, name in enumerate(scenario.names):
        if f == t or name not in up or scenario.side_of[f] == scenario.side_of[cur]:
            continue
        fv = enc.creature(name)
        plain = odds_of(scenario, fv, va, weapons[f])
        bare = odds_of(scenario, fv, va, weapons[f], flat_footed=True)
        if plain is not None and bare is not None:
            more += int(n_attacks[f]) * (bare.expected - plain.expected)
    return more

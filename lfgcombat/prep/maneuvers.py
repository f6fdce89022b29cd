"""Turn choices by exact odds, continued: a Shield Bash, a Trip, a Grab or a Pin instead of
an attack, and moving to flank (issue 25, item 2; the reference tier only, like :mod:`.choices`).

The preferences are fields of :class:`~lfgcombat.prep.tactics.Tactics` (``shield_bash``,
``trip``, ``grab``, ``pin``, ``flank``: ``"never"`` or ``"odds"``). Every number is the kit's own:

* a maneuver's chances are :func:`lfgcombat.rules.actions.maneuver_odds.maneuver_odds`: the
  touch attack and the opposed Wrestling check the encounter would roll now, computed
  exactly (000_8d1d7816ee944f3b.txt, "Shield Bash (Attack Action, No AOO)", "Wrestling
  Skill - Maneuvers & More", a Big Action that provokes);
* whether the encounter takes it now is a dry run of the command in a fork of the
  encounter (:meth:`Encounter.fork <lfgcombat.Encounter.fork>`, nobody taking the AOO):
  a refusal (no shield, no attack left, out of reach, sizes) means it is not offered; the
  fork also tells the attacks left after it and how the target looks Prone;
* an attack on a Prone foe, and an attack from a flanking cell, are
  :func:`lfgcombat.rules.attacks.odds.attack_odds` /
  :meth:`Encounter.attack_odds <lfgcombat.Encounter.attack_odds>` on that fork.

The rule of thumb that values a knock-down ("Prone": -4 AC against melee attacks; standing
up is a Big Action): a Shield Bash or a Trip is worth its own expected damage (a Shield
Bash won by 5+ deals ``max(1, 1+STRMod)`` [b]) plus P(Prone) times the expected damage the
Prone target adds to the melee attacks its side still makes on it before its turn: the
actor's attacks left this turn, and a turn of attacks of each melee ally the turn may pass
to next (:meth:`Encounter.choices <lfgcombat.Encounter.choices>`; under Selective
Initiative the tactics hand the turn to allies first) that can strike it (on a map: threatens
it now), less the plain attack's expected damage for each attack the maneuver costs beyond
one (a Trip spends a Big Action of its own). With ``caution``: less ``caution`` times the
damage the actor then takes more - a Shield Bash's lost Shield Rating against the other
standing foes' attacks until its next turn ("You lose your Shield Rating to AC against all
other enemies besides the target"), a Trip's Attacks of Opportunity from the foes
threatening it on a map. Left out of the value (so a knock-down is, if anything,
undervalued): the AOO the target provokes standing up, its lost Big Action, its -4 on
attacks while Prone, the 5-ft shove. It is chosen over the plain attack (the weapon and
Power Attack :func:`~lfgcombat.prep.choices.choose_attack` picked) by the same rule as every
choice: the higher chance to drop the target, else the higher value. A foe already Prone
is never tripped or bashed, one in a grapple never grabbed, and only a foe the actor holds
(and has not Pinned) pinned. Grab and Pin are weighed by the same rule with the worth of a
grapple instead of a knock-down (:mod:`.wrestling`: the foe Flat-Footed, then Helpless,
against its grappler's allies); Shove is never played (:mod:`.wrestling` says why).

Moving to flank is :mod:`.flanking`'s (:func:`flank_in`, kept here by name).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import LfgError
from ..rules.actions.maneuver_odds import maneuver_odds
from ..rules.turns.round_offers import round_offers
from .choices import SAME_P, _better, _need, _standing, odds_of
from .flanking import flank_in
from .wrestling import grapple_gain

if TYPE_CHECKING:  # pragma: no cover
    from ..engine import Encounter
    from .spec import Scenario

__all__ = ["choose_maneuver", "play_maneuver", "flank_in", "MANEUVERS", "EFFECTS"]

#: The maneuvers the tactics weigh, by their :class:`Tactics` field.
MANEUVERS: dict[str, str] = {"shield_bash": "Shield Bashes", "trip": "Trips",
                              "grab": "Grabs", "pin": "Pins"}
#: The condition a won maneuver gives the target.
EFFECTS: dict[str, str] = {"shield_bash": "Prone", "trip": "Prone", "grab": "Grappled",
                           "pin": "Pinned"}


def _dry_run(scenario: Scenario, enc: Encounter, me: str, them: str, kind: str
             ) -> int | None:
    """``me``'s attacks left after its ``kind`` on ``them``, played in a fork (nobody takes
    an AOO); ``None``: the encounter refuses it now. An answer is kept for the run by what
    it depends on - both creatures' active conditions, ``me``'s Big Actions and attacks
    left and, on a map, where both stand - and a refusal is asked again each time (it may have a
    reason outside that key); the play itself is the encounter's to refuse again."""
    from .choices import _cache
    cache = _cache(scenario)
    where = None if enc.map is None else (enc.map.token(me).anchor, enc.map.token(them).anchor)
    left = enc.actions_left(me)
    key = ("dry run", kind, me, them, _conditions(enc, me), _conditions(enc, them),
           int(left.big), int(left.attacks), where)
    if key in cache:
        return cache[key]
    try:
        fork = enc.fork()
        if kind == "shield_bash":
            fork.shield_bash(me, them)
        else:
            fork.wrestle(me, them, kind, aoo=None)
    except LfgError:
        return None
    cache[key] = after = int(fork.actions_left(me).attacks)
    return after


def _conditions(enc: Encounter, name: str) -> tuple[str, ...]:
    """``name``'s active conditions by name (a key of :func:`_dry_run`; not their text,
    which names the HP that brought them)."""
    return tuple(sorted(str(getattr(getattr(c, "condition", c), "value", c))
                        for c in enc.creature(name).active_conditions))


def _prone_view(scenario: Scenario, enc: Encounter, them: str) -> Any:
    """``them`` as the encounter sees it, Prone ("Prone": its view with the condition
    added, :meth:`Creature.replace <lfgcombat.Creature.replace>`, as the encounter's own
    ``add_condition`` makes it), kept for the run by what its attack odds depend on
    (:func:`lfgcombat.prep.choices._key`); ``None``: the condition is refused."""
    from .choices import _cache, _key
    cache = _cache(scenario)
    view = enc.creature(them)
    key = ("prone view", _key(view))
    if key not in cache:
        try:
            cache[key] = view.replace(conditions=[*view.conditions, "prone"])
        except (LfgError, AttributeError, TypeError):
            cache[key] = None
    return cache[key]


def _prone_gain(scenario: Scenario, enc: Encounter, left: int, cur: int, t: int,
                weapon: str, prev: int, flags: dict, weapons: list[str],
                n_attacks: Any) -> float:
    """The expected damage a Prone ``t`` adds to the melee attacks ``cur``'s side still
    makes on it before its turn (``left``: ``cur``'s attacks left after the maneuver; see
    the module docstring)."""
    from ..rules.attacks import resolve_weapon
    them = scenario.names[t]
    prone = _prone_view(scenario, enc, them)
    if prone is None:
        return 0.0
    vt = enc.creature(them)
    me = scenario.names[cur]
    strikes: list[tuple[Any, str, int, dict]] = []
    strikes += [(enc.creature(me), weapon, prev + 1 + k, flags) for k in range(left)]
    side = scenario.side_of[cur]
    up = _standing(enc)
    for name in enc.choices():
        a = scenario.names.index(name) if name in scenario.names else -1
        if a < 0 or a == cur or scenario.side_of[a] != side or name not in up:
            continue
        view = enc.creature(name)
        if resolve_weapon(view, weapons[a]).is_projectile:
            continue
        if enc.map is not None and not enc.map.threatens_creature(name, them):
            continue
        strikes += [(view, weapons[a], k, {}) for k in range(int(n_attacks[a]))]
    gain = 0.0
    for view, w, k, extra in strikes:
        lying = odds_of(scenario, view, prone, w, previous_attacks=k, **extra)
        up_ = odds_of(scenario, view, vt, w, previous_attacks=k, **extra)
        if lying is not None and up_ is not None:
            gain += lying.expected - up_.expected
    return gain


def _cost(scenario: Scenario, enc: Encounter, cur: int, t: int, kind: str,
          weapons: list[str], n_attacks: Any, caution: float) -> float:
    """``caution`` times the damage ``cur`` takes more for ``kind`` (module docstring)."""
    if not caution:
        return 0.0
    from ..rules.bonuses import Bonus
    from .wrestling import grabber_cost
    me, them = scenario.names[cur], scenario.names[t]
    va = enc.creature(me)
    up = _standing(enc)
    foes = [f for f, n in enumerate(scenario.names) if n in up
            and scenario.side_of[f] != scenario.side_of[cur]]
    more = 0.0
    if kind == "shield_bash":
        rating = int(getattr(va, "shield_rating", 0) or 0)
        bare = (Bonus(-rating, None, "shield bash: no Shield Rating"),)
        for f in foes:
            if scenario.names[f] == them:
                continue
            fv = enc.creature(scenario.names[f])
            with_, without = odds_of(scenario, fv, va, weapons[f]), \
                odds_of(scenario, fv, va, weapons[f], ac_bonuses=bare)
            if with_ is not None and without is not None:
                more += int(n_attacks[f]) * (without.expected - with_.expected)
    if kind == "grab":
        more += grabber_cost(scenario, enc, cur, t, weapons, n_attacks)
    if kind != "shield_bash" and enc.map is not None:
        for f in foes:
            name = scenario.names[f]
            if enc.map.threatens_creature(name, me) and enc.actions_left(name).reactions:
                o = odds_of(scenario, enc.creature(name), va, weapons[f])
                more += o.expected if o is not None else 0.0
    return caution * more


def choose_maneuver(scenario: Scenario, enc: Encounter, cur: int, t: int, weapon: str,
                    plain: tuple[float, float, float], prev: int, flags: dict,
                    weapons: list[str], n_attacks: Any) -> tuple[str | None, str]:
    """Whether ``cur`` Shield Bashes, Trips, Grabs or Pins ``t`` instead of its attack (the
    module docstring's rule of thumb; Grab and Pin: :mod:`.wrestling`), and why.

    Args:
        weapon: The weapon of the attack it would make.
        plain: That attack's ``(P(drop), value, expected damage)``
            (:func:`~lfgcombat.prep.choices.choose_attack_scored`).
        prev: Its attacks already made this turn. flags: What the encounter adds to its
            attacks this turn (Aim, Fight Defensively).
        weapons, n_attacks: Everyone's weapon and attacks a turn.

    Returns:
        ``(kind, why)``: ``kind`` ``"shield_bash"``, ``"trip"``, ``"grab"``, ``"pin"`` or
        ``None`` (attack).
    """
    tac = scenario.tactics[scenario.side_of[cur]]
    me, them = scenario.names[cur], scenario.names[t]
    wanted = [k for k in MANEUVERS if getattr(tac, k) == "odds"]
    if not wanted or not round_offers(enc, me).lfg_round:
        return None, ""
    wanted = _worth_weighing(enc, me, them, wanted)
    best: tuple | None = None
    for kind in wanted:
        row = _weigh(scenario, enc, cur, t, kind, weapon, plain, prev, flags, weapons,
                     n_attacks)
        if row is not None and (best is None or _better(row[1], row[2], best[1], best[2])):
            best = row
    if best is None:
        return None, ""
    kind, p_drop, value, mo, gain, lost, cost = best
    extra = (f", less {lost:.1f} for the attack it costs" if lost else "") + \
        (f", less {cost:.1f} for the damage it risks (caution {tac.caution:g})" if cost
         else "")
    dealt = f", expected damage {float(mo.expected_damage):.1f}," if EFFECTS[kind] == "Prone" \
        else ""
    state = EFFECTS[kind]
    return kind, (f"{me} {MANEUVERS[kind]} {them}: by the exact odds P({state}) "
                  f"{float(mo.p_success):.2f}{dealt} and {gain:.1f} more from the attacks that "
                  f"follow on a {state} foe{_how(kind)}{extra}: "
                  f"value {value:.1f} (plain {weapon}: P(drop) {plain[0]:.2f}, value "
                  f"{plain[1]:.1f})")


def _worth_weighing(enc: Encounter, me: str, them: str, kinds: list[str]) -> list[str]:
    """The ``kinds`` whose effect ``them`` lacks: no knock-down of a Prone foe, no Grab of
    one already in a grapple, a Pin only of a foe ``me`` grapples and has not Pinned (the
    encounter refuses a Pin of anyone else; its dry run still decides)."""
    has = set(enc.state(them)["conditions"])
    out = []
    for k in kinds:
        if EFFECTS[k] == "Prone" and "prone" in has or k == "grab" and \
                has & {"grappled", "pinned"} or k == "pin" and \
                ("pinned" in has or enc.grappler_of(them) != me):
            continue
        out.append(k)
    return out


def _how(kind: str) -> str:
    """What the condition does to the attacks that follow (the why's words)."""
    return {"grab": " (Flat-Footed against those not in the grapple)",
            "pin": " (Helpless against those not in the grapple)"}.get(kind, "")


def _weigh(scenario: Scenario, enc: Encounter, cur: int, t: int, kind: str, weapon: str,
           plain: tuple[float, float, float], prev: int, flags: dict, weapons: list[str],
           n_attacks: Any) -> tuple | None:
    """``(kind, P(drop), value, odds, gain, lost, cost)`` of ``kind`` when it beats the
    plain attack, else ``None``. Weighed first with the attacks left after it that a plain
    attack leaves, then - only when it would win - again after the dry run that says the
    encounter takes it and how many attacks it really leaves (a fork only then)."""
    me, them = scenario.names[cur], scenario.names[t]
    if kind == "shield_bash" and int(getattr(enc.creature(me), "shield_rating", 0) or 0) <= 0:
        return None  # no shield: the encounter refuses it ("Shield Bash")
    try:
        mo = maneuver_odds(enc, me, them, kind)
    except LfgError:
        return None
    need = _need(enc, them)
    p_drop = mo.p_big if need and mo.damage >= need else 0.0
    if plain[0] > p_drop + SAME_P:
        return None  # the plain attack drops the foe more often: it wins whatever follows
    caution = scenario.tactics[scenario.side_of[cur]].caution
    cost = _cost(scenario, enc, cur, t, kind, weapons, n_attacks, caution)
    left = int(enc.actions_left(me).attacks) - 1
    for dry in (False, True):
        if dry:
            got = _dry_run(scenario, enc, me, them, kind)
            if got is None:
                return None
            after = got
        else:
            after = left
        gain = _prone_gain(scenario, enc, max(0, after), cur, t, weapon, prev, flags,
                           weapons, n_attacks) if EFFECTS[kind] == "Prone" else \
            grapple_gain(scenario, enc, cur, t, kind, weapons, n_attacks)
        lost = max(0, left - after) * plain[2]
        value = mo.expected_damage + mo.p_success * gain - lost - cost
        if not _better(p_drop, value, plain[0], plain[1]):
            return None
    return kind, p_drop, value, mo, gain, lost, cost


def play_maneuver(enc: Encounter, me: str, them: str, kind: str) -> None:
    """Play ``kind`` in the encounter (foes offered an AOO take it).

    Raises:
        IllegalActionError: the encounter refuses it (nothing changes).
    """
    if kind == "shield_bash":
        enc.shield_bash(me, them)
    else:
        enc.wrestle(me, them, kind, aoo="all")


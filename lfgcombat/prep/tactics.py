"""Tactics: how a simulated creature picks its target, its weapon and who acts next.

GM prep plays many fights without a GM, so every choice a player would make is a small,
documented policy. Both tiers (:mod:`lfgcombat.prep.reference` and
:mod:`lfgcombat.prep.kernel`) follow the same policies, so they play the same fight.

Target policies (among the foes still standing by the ruleset's rule, :mod:`.standing`; ties go
to the first in the sides' order):

* ``weakest``: the foe with the fewest HP now ("focus fire").
* ``nearest``: on a map, the closest foe (hex distance); on the open field every foe is
  equally near, so the first foe in the sides' order.
* ``dangerous``: the foe that deals the most expected damage per turn to its foes (its
  Attacks Per Turn times the mean damage of one attack, from the exact attack odds).
* ``random``: a foe drawn uniformly (from the fight's own seeded stream).

Weapons: a creature attacks with the best of its weapons by the exact odds (the default,
``weapon="best"``), or with ``weapon="first"`` its first listed weapon (the encounter's
default weapon), below; a creature attacking with a bow is an
archer. On a map:

* melee closes in: a melee creature with no foe in reach spends a Move Action to get as
  close to its target as it can, preferring cells it reaches without provoking AOO (foes
  that are offered an AOO take it), then strikes the first foe in reach (in the target
  policy's order; ``nearest`` orders the foes by hex distance);
* archers keep distance (``archers="keep_distance"``, the default): an archer that stands
  within the reach of a conscious foe (threatened) spends a Move Action moving to the cell
  it can reach that lies farthest from its nearest foe (ties: the cheapest), preferring
  cells it reaches without provoking AOO, and then shoots; an archer not threatened shoots
  from where it stands. ``archers="stand"``: archers never move.

On the open field (no map) nobody moves: every foe is in reach, nobody threatens from a
distance, so both movement policies do nothing there, in either tier.

Turn order (Selective Initiative, 000_8d1d7816ee944f3b.txt, "Rounds, Initiative, & Turn
Order" and "Selective Initiative – Suggestion"): the highest Initiative Check opens the
first round; a creature ending its turn hands the turn to the first ally (in the sides'
order) who has not acted this round, else to the first foe who has not; the last to act in
a round opens the next with the first living ally in the sides' order (itself included).
Unconscious and dying creatures keep their turns (they bleed and try to stabilize at the
start of them). Nobody is unaware: no Surprise Round (the issue does not ask for one; an
ambush is played from its first full round).

The other initiative systems ("Alternative Initiative Option #1 - Round-By-Round" and "#2 -
Top-Down", the ruleset's ``initiative`` switch) are played by the reference tier only: the
encounter decides who acts next (the tactics hand the turn to whom the rules name), everyone
rolls again each round under Round-by-Round. The fast tier refuses them
(:func:`lfgcombat.prep.spec.fast_tier_problems`).

Presets (:data:`PRESETS`): named :class:`Tactics`, preferences a GM reads and changes
(``dataclasses.replace(PRESETS["focus_fire"], archers="stand")``), not code; a preset's
name goes wherever a target policy's does (``simulate(..., tactics="spread_out")``,
``compare(sides, tactics=["focus_fire", "threat_first"])``):

* ``focus_fire``: everyone hits the weakest foe (target ``weakest``), archers keep distance.
* ``spread_out``: everyone hits a foe drawn at random (target ``random``), so the damage
  spreads over the foes.
* ``threat_first``: everyone hits the foe that deals the most damage (``dangerous``).
* ``closest_first``: everyone hits the nearest foe (``nearest``; on the open field the first
  in the sides' order).
* ``hold_ground``: as ``focus_fire``, but archers shoot from where they stand (``stand``).
* ``brutal``: as ``focus_fire``, each creature fighting with the best of its weapons at each
  attack, Power Attacking, Aiming and (on a map) Charging whenever the exact odds say so,
  heedless of the damage it takes (``weapon="best"``, ``power_attack``, ``aim`` and
  ``charge`` ``"odds"``, ``caution=0``).
* ``cautious``: as ``focus_fire`` with the best weapon, Fighting Defensively and answering
  attacks with Active Parry or Dodge when the exact odds say so, weighing the damage it takes
  as much as the damage it deals (``fight_defensively="odds"``, ``active_defense="odds"``,
  ``aim="odds"``, ``caution=1``).
* ``pack``: as ``focus_fire`` with the best weapon, and on a map moving to flank the target an
  ally already threatens when the exact odds say so (``flank="odds"``).
* ``bully``: as ``brutal`` without Aim, and knocking foes down: a Shield Bash or a Trip instead
  of an attack, and moving to flank, whenever the exact odds say so (``power_attack``,
  ``charge``, ``shield_bash``, ``trip`` and ``flank`` ``"odds"``, ``caution=0``).
* ``wrestler``: as ``focus_fire`` with the best weapon, wrestling for its allies: a Trip, a
  Grab (the foe Flat-Footed against everyone outside the grapple) or a Pin (Helpless
  against them) instead of an attack, and moving to flank, whenever the exact odds say so
  (``trip``, ``grab``, ``pin`` and ``flank`` ``"odds"``, ``caution=0``).

Weapons (``Tactics.weapon``, :data:`WEAPON_POLICIES`): ``"first"`` attacks with a
creature's first weapon, as the :class:`~lfgcombat.Encounter` does when an attack names
none; ``"best"`` (the default: both tiers play it, at no cost per fight) with the one of its
weapons whose attack deals the most damage on average
against its foes at the start, by the ruleset's exact attack odds
(:func:`lfgcombat.prep.weapons.scenario_weapons`); the run's notes, and the log of every fight
it plays or replays, say which weapon and why (a GM note at its start).

Turn choices by exact odds (the reference tier only, :mod:`lfgcombat.prep.choices`; each a
field of :class:`Tactics`, :data:`CHOICE_POLICIES`: ``"never"`` or ``"odds"``):

* ``power_attack``: before each melee attack, Power Attack ("Power Attack (Attack Action, No
  AOO)") when it gives the better exact odds against the target: the higher chance to drop
  it, else the higher expected damage, less ``caution`` times the extra damage its -2 AC
  lets the standing foes deal until its next turn.
* ``aim``: an archer with a Big Action to spare (more Big Actions left than attacks) Aims
  ("Aim (Big Action, Provokes AOO)") before its first shot of the turn when that raises the
  exact odds of the shot, unless a foe threatens it on a map (Aim provokes).
* ``fight_defensively``: a melee creature with a Big Action to spare Fights Defensively
  ("Fight Defensively (Big Action, No AOO)") before its first attack when ``caution`` times
  the damage the standing foes' attacks would no longer deal exceeds the damage its own
  attacks this turn lose.
* ``charge``: on a map, a melee creature with no foe in reach Runs straight to a cell in
  reach of its target and makes a Charge Attack ("Charge Attack": +2 damage; "Running in
  Combat – Full Details:": -2 AC against melee until its next turn) instead of moving there,
  when the exact expected damage of the charge beats the plain attack's; only with
  ``caution`` 0 (the run's AC cost is not readable from the encounter to weigh it); on the
  open field nobody moves, so nobody charges.
* ``active_defense``: a creature attacked with its Reaction free answers with Active Parry,
  Active Dodge or neither ("Active Defense - Active Parry & Active Dodge"), whichever
  leaves it the lower chance to drop, else the lower expected damage.
* ``shield_bash`` and ``trip``: instead of an attack, a Shield Bash ("Shield Bash (Attack
  Action, No AOO)": a Light or larger shield) or a Trip ("Wrestling Skill - Maneuvers &
  More", a Big Action that provokes) when its exact odds
  (:func:`lfgcombat.rules.actions.maneuver_odds.maneuver_odds`: the touch attack and the
  opposed Wrestling check the encounter rolls) beat the plain attack's by this rule of
  thumb: the maneuver's own expected damage plus P(Prone) times the extra expected damage
  the Prone foe ("Prone": -4 AC against melee) takes from the melee attacks its side still
  makes on it before its turn (the actor's attacks left, then one turn of each melee ally the
  turn may pass to next), less the plain attack for each attack it costs beyond one, less
  ``caution`` times the damage it risks (the bash's lost Shield Rating against the other
  foes, the Trip's AOO on a map). The AOO the foe provokes standing up, its lost Big Action
  and its -4 on attacks are left out (a knock-down is, if anything, undervalued); a foe
  already Prone is never knocked down; with either on for any side, every Prone creature
  stands up at the start of its turn (a Big Action that provokes; foes take the AOO), as
  under ``knockdown=True`` (:mod:`lfgcombat.prep.maneuvers`).
* ``flank``: on a map, a melee creature with no foe in reach whose target an ally already
  threatens moves to the cell (of those the plain approach chooses among) from which it
  flanks the target ("Flanking / Being Flanked": -2 AC, the map's own test) when the exact
  odds of its attack from there (:meth:`Encounter.attack_odds
  <lfgcombat.Encounter.attack_odds>` in a fork where it stands there) beat the plain
  approach's; a melee creature with its target already in reach takes a 5-Foot Step (a
  Swift Action, no AOO) or a Move to a cell from which it flanks it when its attacks left
  from there beat staying by the same odds (a provoking Move less ``caution`` times the
  AOOs it draws); only its own attacks are weighed (:mod:`lfgcombat.prep.flanking`).
* ``grab`` and ``pin``: instead of an attack, a Grab or (of a foe it grapples) a Pin
  ("Wrestling Skill - Maneuvers & More", a Big Action that provokes) when its exact odds
  beat the plain attack's by the same rule of thumb (:mod:`lfgcombat.prep.wrestling`):
  P(Grappled) times the expected damage the foe, Flat-Footed against creatures not in the
  grapple ("Grappled Condition"), takes more from one turn of attacks of each ally the turn
  may pass to next; a Pin's P(Pinned) times what Helpless ("Pinned": "Helpless against
  creatures not in the grapple") adds to Flat-Footed; less the attacks it costs, less
  ``caution`` times the AOOs it draws on a map and, for a Grab, the grappler's own
  Flat-Footed AC against the other foes. The encounter plays both conditions on every
  attack from outside the grapple. A Shove is never played: the text gives it no number to
  weigh (a 5-ft move, no damage; the run's notes say so).
* ``caution``: how much the damage a creature takes weighs against the damage it deals (0:
  not at all).

With any of them on, ``weapon="best"`` is chosen again at every attack, against that target.
Each option is offered only when the engine allows it now (the odds of an option the rules
refuse raise, :func:`lfgcombat.rules.attacks.odds.attack_odds`; the encounter refuses the rest,
:func:`lfgcombat.rules.turns.round_offers.round_offers` - classic's and wounds' rounds have none of
these options, so their creatures choose a weapon, and on a map where to stand to flank, only;
a maneuver is tried first in a fork, :mod:`lfgcombat.prep.maneuvers`); every choice other
than the plain attack with the creature's weapon is a GM note in the fight's log, saying
why. The fast tier plays
none of them: it refuses such tactics by name, and a run that names no tier plays them on the
reference tier, noted (:func:`lfgcombat.prep.tiers.choose_tier`).

Left out for now (neither tier plays them): spells and casting (an SLA line gives no effect
the engine can play: the run's notes name them), the Wrestling maneuver Shove (its worth is
no number the kit computes), breaking free of a grapple, Coup de Grace on the fallen,
interrupts and readied actions, healing, and attacking a creature already down.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..errors import LfgError

__all__ = ["TARGET_POLICIES", "ARCHER_POLICIES", "WEAPON_POLICIES", "CHOICE_POLICIES",
           "TURN_CHOICES", "Tactics", "TacticsError", "coerce_tactics", "PRESETS",
           "turn_choice_labels"]

#: The target policies, in the order the fast tier numbers them.
TARGET_POLICIES: tuple[str, ...] = ("weakest", "nearest", "dangerous", "random")
#: What archers do on a map (see the module docstring).
ARCHER_POLICIES: tuple[str, ...] = ("keep_distance", "stand")
#: Which weapon each creature attacks with (see the module docstring).
WEAPON_POLICIES: tuple[str, ...] = ("first", "best")
#: Each turn choice's preference (see the module docstring).
CHOICE_POLICIES: tuple[str, ...] = ("never", "odds")
#: The turn choices by exact odds, fields of :class:`Tactics` (the reference tier only).
TURN_CHOICES: tuple[str, ...] = ("power_attack", "aim", "fight_defensively", "active_defense",
                                  "charge", "shield_bash", "trip", "flank", "grab", "pin")
#: The highest ``caution`` taken (damage taken weighs at most this many times damage dealt).
MAX_CAUTION = 10.0


class TacticsError(LfgError, ValueError):
    """An unknown target policy, or tactics that name a side the fight does not have."""


def did_you_mean(word: object, known: Iterable[str]) -> str:
    """``"; did you mean 'x'?"`` for the known name closest to ``word`` ("" if none is close).

    Args:
        word: The name given.
        known: The names allowed.

    Returns:
        The hint, to append to an error message.
    """
    close = difflib.get_close_matches(str(word), list(known), n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


@dataclass(frozen=True)
class Tactics:
    """The policy a side plays by.

    Args:
        target: One of :data:`TARGET_POLICIES`.
        archers: One of :data:`ARCHER_POLICIES` (on a map only).
        weapon: One of :data:`WEAPON_POLICIES`.
        name: What to call it (a preset's name, :data:`PRESETS`); ``""``: by its target.
        power_attack, aim, fight_defensively, active_defense, charge, shield_bash, trip,
            flank, grab, pin: One of :data:`CHOICE_POLICIES` each (the turn choices by exact odds,
            reference tier).
        caution: How much damage taken weighs against damage dealt, 0 to
            :data:`MAX_CAUTION`.

    Raises:
        TacticsError: an unknown policy, or a caution out of range.
    """

    target: str = "weakest"
    archers: str = "keep_distance"
    name: str = field(default="", compare=False)
    weapon: str = "best"
    power_attack: str = "never"
    aim: str = "never"
    fight_defensively: str = "never"
    active_defense: str = "never"
    caution: float = 0.0
    charge: str = "never"
    shield_bash: str = "never"
    trip: str = "never"
    flank: str = "never"
    grab: str = "never"
    pin: str = "never"

    def __post_init__(self) -> None:
        if self.target not in TARGET_POLICIES:
            raise TacticsError(f"unknown tactics target {self.target!r}"
                               f"{did_you_mean(self.target, TARGET_POLICIES)} (tactics target "
                               f"must be one of {', '.join(TARGET_POLICIES)})")
        if self.archers not in ARCHER_POLICIES:
            raise TacticsError(f"unknown tactics archers {self.archers!r}"
                               f"{did_you_mean(self.archers, ARCHER_POLICIES)} (tactics "
                               f"archers must be one of {', '.join(ARCHER_POLICIES)})")
        if self.weapon not in WEAPON_POLICIES:
            raise TacticsError(f"unknown tactics weapon {self.weapon!r}"
                               f"{did_you_mean(self.weapon, WEAPON_POLICIES)} (tactics "
                               f"weapon must be one of {', '.join(WEAPON_POLICIES)})")
        for key in TURN_CHOICES:
            value = getattr(self, key)
            if value not in CHOICE_POLICIES:
                raise TacticsError(f"unknown tactics {key} {value!r}"
                                   f"{did_you_mean(value, CHOICE_POLICIES)} (tactics {key} "
                                   f"must be one of {', '.join(CHOICE_POLICIES)})")
        c = self.caution
        if isinstance(c, bool) or not isinstance(c, (int, float)) or not 0 <= c <= MAX_CAUTION:
            raise TacticsError(f"tactics caution must be a number from 0 (damage taken does "
                               f"not count) to {MAX_CAUTION:g}, not {c!r}")

    @property
    def turn_choices(self) -> tuple[str, ...]:
        """The turn choices it plays by exact odds (:data:`TURN_CHOICES` set to ``odds``)."""
        return tuple(k for k in TURN_CHOICES if getattr(self, k) == "odds")

    @property
    def code(self) -> int:
        """The policy's number in the fast tier."""
        return TARGET_POLICIES.index(self.target)

    @property
    def label(self) -> str:
        """Its name, else its target (and ``archers`` when not the default)."""
        if self.name:
            return self.name
        stand = "" if self.archers == "keep_distance" else f", archers {self.archers}"
        best = "" if self.weapon == "best" else f", weapon {self.weapon}"
        odds = "".join(f", {k} odds" for k in self.turn_choices)
        careful = f", caution {self.caution:g}" if self.caution else ""
        return self.target + stand + best + odds + careful


#: The named tactics (see the module docstring): preferences, read and changed as data.
PRESETS: dict[str, Tactics] = {
    "focus_fire": Tactics("weakest", name="focus_fire"),
    "spread_out": Tactics("random", name="spread_out"),
    "threat_first": Tactics("dangerous", name="threat_first"),
    "closest_first": Tactics("nearest", name="closest_first"),
    "hold_ground": Tactics("weakest", "stand", name="hold_ground"),
    "brutal": Tactics("weakest", name="brutal", weapon="best", power_attack="odds",
                      aim="odds", charge="odds"),
    "cautious": Tactics("weakest", name="cautious", weapon="best", aim="odds",
                        fight_defensively="odds", active_defense="odds", caution=1.0),
    "pack": Tactics("weakest", name="pack", weapon="best", flank="odds"),
    "bully": Tactics("weakest", name="bully", weapon="best", power_attack="odds",
                     charge="odds", shield_bash="odds", trip="odds", flank="odds"),
    "wrestler": Tactics("weakest", name="wrestler", weapon="best", trip="odds", grab="odds",
                        pin="odds", flank="odds"),
}


def _one(value: "Tactics | str") -> Tactics:
    """A :class:`Tactics` from itself, a preset's name or a target policy.

    Raises:
        TacticsError: an unknown name (with the presets and policies).
    """
    if isinstance(value, Tactics):
        return value
    if isinstance(value, str) and value in PRESETS:
        return PRESETS[value]
    if isinstance(value, str) and value not in TARGET_POLICIES:
        known = list(TARGET_POLICIES) + list(PRESETS)
        raise TacticsError(f"unknown tactics target {value!r}{did_you_mean(value, known)} "
                           f"(tactics target must be one of {', '.join(TARGET_POLICIES)}, "
                           f"or a preset: {', '.join(PRESETS)})")
    return Tactics(value)  # a non-text: refused there


def coerce_tactics(value: "Tactics | str | Mapping | None", sides: list[str]
                   ) -> dict[str, Tactics]:
    """One :class:`Tactics` per side from a policy name, a preset's name (:data:`PRESETS`),
    a ``Tactics``, or a mapping of side to any of these (sides left out play ``weakest``).

    Raises:
        TacticsError: an unknown policy or side.
    """
    if value is None:
        return {s: Tactics() for s in sides}
    if isinstance(value, (str, Tactics)):
        t = _one(value)
        return {s: t for s in sides}
    if isinstance(value, Mapping):
        unknown = [k for k in value if k not in sides]
        if unknown:
            raise TacticsError(f"tactics name side(s) {', '.join(map(repr, unknown))}"
                               f"{did_you_mean(unknown[0], sides)} (the sides are "
                               f"{', '.join(map(repr, sides))})")
        return {s: _one(value[s]) if s in value else Tactics() for s in sides}
    raise TacticsError(f"tactics must be a policy name ({', '.join(TARGET_POLICIES)}), a "
                       f"preset ({', '.join(PRESETS)}), a Tactics or a mapping side -> "
                       f"policy, not {value!r}")


def turn_choice_labels(value: Any) -> list[str]:
    """The names of the tactics in ``value`` (as :func:`coerce_tactics` or ``compare``'s
    ``tactics=[...]`` take them) that play turn choices by exact odds (the reference tier
    only), a comparison's list of mappings side -> tactics included; unknown names are
    left to :func:`coerce_tactics` to refuse."""
    if isinstance(value, Mapping):
        items: list[Any] = list(value.values())
    elif isinstance(value, (list, tuple)):
        items = [w for v in value
                 for w in (v.values() if isinstance(v, Mapping) else (v,))]
    else:
        items = [value]
    out = []
    for v in items:
        try:
            t = _one(v) if v is not None else Tactics()
        except TacticsError:
            continue
        if t.turn_choices:
            out.append(f"{t.label} ({', '.join(t.turn_choices)})")
    return list(dict.fromkeys(out))

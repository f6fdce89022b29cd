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

Weapons: a creature attacks with its first listed weapon (the encounter's default weapon),
or with ``weapon="best"`` the best of them (below); a creature attacking with a bow is an
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
* ``brutal``: as ``focus_fire``, each creature fighting with the best of its weapons
  (``weapon="best"``).

Weapons (``Tactics.weapon``, :data:`WEAPON_POLICIES`): ``"first"`` (the default) attacks with
a creature's first weapon, as the :class:`~lfgcombat.Encounter` does when an attack names
none; ``"best"`` with the one of its weapons whose attack deals the most damage on average
against its foes at the start, by the ruleset's exact attack odds
(:func:`lfgcombat.prep.weapons.scenario_weapons`); the run's notes, and the log of every fight
it plays or replays, say which weapon and why (a GM note at its start).

Left out for now (neither tier plays them): spells and casting, special actions (Aim, Power
Attack, Fight Defensively, Active Parry/Dodge, Charge, Wrestling, Coup de Grace on the
fallen), interrupts and readied actions, healing, and attacking a creature already down.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from ..errors import LfgError

__all__ = ["TARGET_POLICIES", "ARCHER_POLICIES", "WEAPON_POLICIES", "Tactics", "TacticsError",
           "coerce_tactics", "PRESETS"]

#: The target policies, in the order the fast tier numbers them.
TARGET_POLICIES: tuple[str, ...] = ("weakest", "nearest", "dangerous", "random")
#: What archers do on a map (see the module docstring).
ARCHER_POLICIES: tuple[str, ...] = ("keep_distance", "stand")
#: Which weapon each creature attacks with (see the module docstring).
WEAPON_POLICIES: tuple[str, ...] = ("first", "best")


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

    Raises:
        TacticsError: an unknown policy.
    """

    target: str = "weakest"
    archers: str = "keep_distance"
    name: str = field(default="", compare=False)
    weapon: str = "first"

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
        best = "" if self.weapon == "first" else f", weapon {self.weapon}"
        return self.target + stand + best


#: The named tactics (see the module docstring): preferences, read and changed as data.
PRESETS: dict[str, Tactics] = {
    "focus_fire": Tactics("weakest", name="focus_fire"),
    "spread_out": Tactics("random", name="spread_out"),
    "threat_first": Tactics("dangerous", name="threat_first"),
    "closest_first": Tactics("nearest", name="closest_first"),
    "hold_ground": Tactics("weakest", "stand", name="hold_ground"),
    "brutal": Tactics("weakest", name="brutal", weapon="best"),
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

"""Which weapon each simulated creature attacks with, in both tiers of GM prep.

The tactics' ``weapon`` preference (:class:`~lfgcombat.prep.tactics.Tactics`): ``"first"``,
the creature's first weapon, as :class:`~lfgcombat.Encounter` picks it when an attack names
none; ``"best"``, the weapon whose attack deals the most damage on average against its foes
by the ruleset's exact attack odds (000_8d1d7816ee944f3b.txt, "Attack Rolls" and "Critical
Hits": what those odds count).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ..rules.attacks.odds import attack_odds
from ..errors import LfgError
from ..rules.weapons import weapon_entries
from .errors import PrepError

if TYPE_CHECKING:
    from ..creature import Creature
    from .spec import Scenario

__all__ = ["scenario_weapons", "weapon_notes", "NEAR_TIE"]

#: A weapon replaces an earlier listed one only when its expected damage is higher by more
#: than this share: a near-tie keeps the order the GM listed, so that rule variants compared
#: on the same fights do not swap weapons over a rounding's worth of damage (notebook 41:
#: Mayat's longbow 4.006 against her short sword 4.017 under Killer Criticals).
NEAR_TIE = 0.02


def _weapon(c: Creature):
    """The weapon ``c`` attacks with in both tiers: its first weapon, as the
    :class:`~lfgcombat.Encounter` picks it when an attack names none (a plain name,
    ``weapons: [club]``, stands for ``{name: club}``: :func:`~lfgcombat.rules.weapons.
    weapon_entries`).

    Raises:
        PrepError: ``c`` has no weapon.
    """
    for w in weapon_entries(c):
        return w.get("name")
    raise PrepError(f"{c.name} has no weapon; GM prep plays attacks only (give it one, e.g. "
                    "{'name': 'unarmed'})")


def scenario_weapons(scenario: Scenario) -> tuple[str, ...]:
    """The weapon each creature of ``scenario`` attacks with in both tiers: its first
    (:func:`_weapon`) under ``Tactics(weapon="first")``, else the one of its weapons whose
    attack deals the most damage on average against its foes at the start (the mean over
    them of the ruleset's exact attack odds' ``expected_damage``, :func:`_weapon_scores`;
    ties, and near-ties within :data:`NEAR_TIE`, go to the earlier listed). Kept on the
    scenario, a frozen value.

    Raises:
        PrepError: a creature without a weapon.
    """
    kept = scenario.__dict__.get("_weapons")
    if kept is None:
        kept = tuple(_chosen_weapon(scenario, i)[0] for i in range(len(scenario.creatures)))
        scenario.__dict__["_weapons"] = kept
    return cast(tuple[str, ...], kept)


def weapon_notes(scenario: Scenario) -> tuple[str, ...]:
    """Why each creature that does not fight with its first weapon chose another
    (``Tactics(weapon="best")``), in words for the run's notes and the fights' logs. Kept
    on the scenario with its weapons: every reference fight asks it (its GM note)."""
    kept = scenario.__dict__.get("_weapon_notes")
    if kept is None:
        out = []
        for i, c in enumerate(scenario.creatures):
            name, scores = _chosen_weapon(scenario, i)
            if scores and name != _weapon(c):
                by = ", ".join(f"{w} {v:.1f}" for w, v in scores)
                out.append(f"{c.name} fights with its {name}: the best of its weapons by the "
                           f"exact expected damage of an attack against its foes ({by})")
        kept = scenario.__dict__["_weapon_notes"] = tuple(out)
    return cast(tuple[str, ...], kept)


def _chosen_weapon(scenario: Scenario, i: int) -> tuple[str, tuple[tuple[str, float], ...]]:
    """Creature ``i``'s weapon and, under ``weapon="best"``, every weapon's score."""
    c = scenario.creatures[i]
    if scenario.tactics[scenario.side_of[i]].weapon != "best":
        return _weapon(c), ()
    scores = _weapon_scores(scenario, i)
    best = scores[0]
    for ws in scores[1:]:  # a near-tie keeps the earlier listed (NEAR_TIE)
        if ws[1] > best[1] * (1 + NEAR_TIE) and ws[1] > best[1]:
            best = ws
    return best[0], scores


def _weapon_scores(scenario: Scenario, i: int) -> tuple[tuple[str, float], ...]:
    """Each of creature ``i``'s weapons (as listed) and the mean ``expected_damage`` of one
    attack with it against each foe, by the ruleset's exact attack odds
    (:func:`lfgcombat.rules.attacks.odds.attack_odds`; an attack the rules refuse counts 0)."""
    c = scenario.creatures[i]
    foes = [f for j, f in enumerate(scenario.creatures)
            if scenario.side_of[j] != scenario.side_of[i]]
    names = list(dict.fromkeys(str(w.get("name")) for w in weapon_entries(c)))
    if not names:
        _weapon(c)  # refused there, in its words
    out = []
    for w in names:
        total = 0.0
        for f in foes:
            try:
                total += float(attack_odds(c, f, w, ruleset=scenario.ruleset).expected_damage)
            except LfgError:
                pass  # out of every range or refused: no damage from it
        out.append((w, total / max(1, len(foes))))
    return tuple(out)

"""The numbers an attack roll is made with and against: the attack bonus and the AC.

000_8d1d7816ee944f3b.txt, "Attack Rolls" ("1d20+HR+STRMod+SizeMod (DEXMod for light or
finesse weapons)"; "1d20+HR+DEXMod-Range Penalty+SizeMod (or WISMod)"), "Prone" (crossbows),
"What are the other kinds of AC? (FFAC, TouchAC, ACvsCrit)" and "Cover".

Steps of :func:`~lfgcombat.rules.attacks.prepare`, also used for an Active Parry's bonus
(:mod:`lfgcombat.rules.attacks.defense`). Each builds new :class:`Stat` values from the creature's
own and changes nothing it is given.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from typing import Any

from ..bonuses import Bonus, BonusType, stack
from ..conditions.conditions import Condition
from .rules import R_ATTACK, illegal
from .situation import Situation
from ..weapons import Weapon

from lfgcombat.creature.stats import Stat, Term
__all__ = ["restack", "attack_bonus", "defense_ac"]


def restack(stat: Any, extra: Iterable[Bonus],
            drop: Callable[[Bonus], bool] = lambda b: False) -> list[Bonus]:
    """A statistic's typed bonuses (less those ``drop`` picks) plus ``extra``, unstacked.

    Args:
        stat: A :class:`Stat` (or ``None``).
        extra: More bonuses.
        drop: Which of the statistic's own bonuses to leave out.

    Returns:
        A new list of bonuses, to stack again.
    """
    base = [ln.bonus for ln in stat.bonuses.lines] if stat is not None and stat.bonuses else []
    return [b for b in base if not drop(b)] + list(extra)


def _ability(attacker: Any, w: Weapon, kind: str, forced: str | None) -> str:
    """The ability of the attack roll: STR, or DEX with a light or finesse weapon
    (000_8d1d7816ee944f3b.txt, "Melee and Ranged Attack Rolls are calculated as
    follows:"); DEX or WIS at range (000_8d1d7816ee944f3b.txt, "Ranged Attacks")."""
    allowed = (("str", "dex") if w.hands == "light" or w.finesse or w.is_unarmed
               else ("str",)) if kind == "melee" else ("dex", "wis")
    if forced is None:
        return max(allowed, key=lambda a: (attacker.ability_mod(a), a == allowed[0]))
    if forced not in allowed:
        raise illegal(f"a {kind} attack with {w.name} uses "
                      f"{' or '.join(a.upper() for a in allowed)}, not {forced.upper()}",
                      R_ATTACK)
    return forced


def attack_bonus(attacker: Any, w: Weapon, mode: str, ability: str | None,
                 extra: Iterable[Bonus]) -> tuple[Any, tuple[str, ...]]:
    """Step 6: "1d20+HR+STRMod+SizeMod (DEXMod for light or finesse weapons)" in melee,
    "1d20+HR+DEXMod-Range Penalty+SizeMod (or WISMod)" at range ("Attack Rolls";
    000_8d1d7816ee944f3b.txt, "Melee Attack Roll").

    The best allowed ability unless ``ability`` forces one; a crossbow takes no Prone
    penalty ("Prone").

    Args:
        attacker: The attacking creature.
        w: The weapon.
        mode: ``melee`` or ``ranged``.
        ability: ``str``/``dex``/``wis`` to force, or ``None``.
        extra: The bonuses and penalties of steps 4-5.

    Returns:
        (the attack bonus as a :class:`Stat`, notes).

    Raises:
        IllegalActionError: a forced ability the weapon does not allow.
    """
    kind = "melee" if mode == "melee" else "ranged"
    base = attacker.attack_bonus(kind)
    chosen = _ability(attacker, w, kind, ability)
    terms = list(base.terms)
    terms[1] = Term(f"{chosen.upper()} mod ({chosen.upper()} {attacker.abilities[chosen]})",
                    attacker.ability_mod(chosen))
    crossbow = kind == "ranged" and "crossbow" in (w.key or w.name).lower()
    notes = []
    if crossbow and Condition.PRONE in attacker.active_conditions:
        notes.append("prone: crossbows take no attack penalty (Prone)")
    stacked = stack(restack(base, extra, lambda b: crossbow and b.source == "prone"))
    value = sum(t.value for t in terms) + stacked.total
    formula = ("1d20+HR+STRMod+SizeMod (DEXMod for light or finesse weapons)" if kind == "melee"
               else "1d20+HR+DEXMod-Range Penalty+SizeMod (or WISMod)")
    return Stat("attack", value, tuple(terms), stacked, base.notes,
                f"{R_ATTACK}: {formula}", fortune=base.fortune), tuple(notes)


def _ac_stat(target: Any, kind: str, against: str, distance: int | None,
             extra: list[Bonus]) -> Any:
    base = target.armor_class(kind, against=against, distance_ft=distance)
    stacked = stack(restack(base, extra))
    value = sum(t.value for t in base.terms) + stacked.total
    return Stat(base.name, value, base.terms, stacked, base.notes, base.rule)


def defense_ac(tgt: Any, sit: Situation, mode: str, distance: int | None) -> tuple[Any, Any]:
    """Step 7b: the AC the attack roll is against (AC, FFAC when Flat-Footed, or TouchAC)
    and the one a threat is confirmed against (ACvsCrit, or TouchAC), with cover.

    000_8d1d7816ee944f3b.txt, "Touch Attack": a touch attack is against TouchAC.
    000_8d1d7816ee944f3b.txt, "ACvsCrit": a Critical Threat is confirmed against ACvsCrit.

    Args:
        tgt: The situated target.
        sit: The situation (``touch``, ``cover``, ``ac_bonuses``).
        mode: ``melee`` or ``ranged``.
        distance: Feet to the target, if known.

    Returns:
        (AC, confirmation AC) as :class:`Stat` values.
    """
    against = "melee" if mode == "melee" else "ranged"
    dist = distance if distance is not None else (5 if mode == "melee" else None)
    ac_extra = list(sit.ac_bonuses)
    if sit.cover_bonus:
        ac_extra.append(Bonus(sit.cover_bonus, BonusType.COVER, "cover"))
    ac = _ac_stat(tgt, "touch_ac" if sit.touch else "ac", against, dist, ac_extra)
    if Condition.FLAT_FOOTED in tgt.active_conditions and not sit.touch:
        ac = dataclasses.replace(ac, name="ff_ac")
    confirm = _ac_stat(tgt, "touch_ac" if sit.touch else "ac_vs_crit", against, dist, ac_extra)
    return ac, confirm

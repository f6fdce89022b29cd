"""What a creature hands on to its copy after a change of play (issue 24, "Fast").

A :class:`~lfgcombat.creature.Creature` is a frozen value that keeps what is read of it
(its statistics, :meth:`~lfgcombat.creature.Creature._kept`). A copy with other Hit Points,
conditions or bonuses (:meth:`~lfgcombat.creature.Creature.replace` of play's changes)
takes over the readings that cannot have changed: those of the sheet alone, and those that
read HP only through the conditions in effect when those are the same
(000_8d1d7816ee944f3b.txt, "Injury & Injured Threshold", "Unconscious & Dying": the
conditions that follow from HP). The readings are kept by
:func:`lfgcombat.creature.keep.kept_on`.
"""

from __future__ import annotations

from typing import Any

from .hit_points import hp_conditions

__all__ = ["keep_stats", "hp_free_kept", "SHEET_STATS", "HP_FREE_KEPT", "HP_FREE_STATS"]


def keep_stats(old: Any, new: Any) -> None:
    """Hand ``old``'s kept statistics to ``new``, a copy with only its HP, temporary HP,
    conditions or bonuses changed (issue 24, "Fast": a creature struck computed its AC
    again at every attack): those read from the sheet alone (max HP, the thresholds)
    always; those that read HP only through the conditions in effect (AC, attack
    bonuses...) when the typed bonuses and the conditions in effect, those that follow
    from HP included, are the same."""
    have, made = old.__dict__, new.__dict__
    for key in SHEET_STATS:  # (each name looked up: a set built of the dict cost more)
        if key in have:
            made[key] = have[key]
    if "active_conditions" not in have or new.bonuses != old.bonuses:
        return
    a = old.active_conditions
    if new.conditions is old.conditions and (old.hp == new.hp or hp_conditions(old)
                                             == hp_conditions(new)):
        # only the HP changed, and not what they bring ("Injury & Injured Threshold",
        # "Unconscious & Dying"): the same conditions in effect, read once
        new.__dict__["active_conditions"] = a
    b = new.active_conditions
    if a.entries == b.entries and a.superseded == b.superseded:
        for key in HP_FREE_STATS:
            if key in have:
                made[key] = have[key]
        kept = have.get("_kept_stats")
        if kept:  # only AC and attack bonuses: a ruleset may keep readings of HP there
            new.__dict__["_kept_stats"] = hp_free_kept(kept)


def hp_free_kept(kept: dict[Any, Any]) -> dict[Any, Any]:
    """The entries of ``kept`` under :data:`HP_FREE_KEPT`, in a new dict made by copying
    (a copy keeps the keys' hashes: the keys hold weapons, situations and rulesets, whose
    hashes are computed again at each look, and a new dict filled entry by entry cost a
    tenth of a reference fight)."""
    out = kept.copy()
    for key in [k for k in kept if k[0] not in HP_FREE_KEPT]:
        del out[key]
    return out


#: The statistics a creature keeps that read neither its HP nor its conditions, only its
#: sheet (its class, level, abilities, kind, a monster's max HP): kept whatever play changed.
SHEET_STATS = frozenset({"max_hp", "injured_threshold", "temp_hp_cap", "death_threshold"})

#: The keys of :meth:`Creature._kept` (their first part) and the cached properties that
#: read a creature's HP only through the conditions in effect (:func:`keep_stats`);
#: ``"sheet"`` marks a ruleset's reading of the sheet that never reads its HP (a weapon's
#: profile, the ruleset key checked: its rulesets' packages name theirs so).
HP_FREE_KEPT = frozenset({"ac", "attack", "sheet"})
HP_FREE_STATS = frozenset({
    "hr", "ac", "ff_ac", "touch_ac", "ac_vs_crit", "saves", "melee_attack",
    "ranged_attack", "initiative_bonus", "physical_damage_pct", "move_speed", "actions",
    "attacks_per_turn", "space", "reach", "_threat_reach"})

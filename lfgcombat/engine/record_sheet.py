"""The sheet of a combatant a ruleset keeps a record of: on the map, its ruleset's health.

A creature's sheet reads its Hit Points by lfg's rules (000_8d1d7816ee944f3b.txt, "Injury &
Injured Threshold", "Unconscious & Dying", "Death"): at 0 HP or less it is Unconscious
(so Helpless and Prone), threatens nothing and cannot move. Under a ruleset that keeps its
own record of each combatant (:mod:`lfgcombat.engine.ruleset_play`) the record's Hit
Points are copied onto the sheet, but lfg's reading of them does not hold: under ``wounds``
a creature at 0 HP fights on with its Wounds (003_de0e94afd49609a7.txt, "When a character
is subject to a damage-dealing effect"); under ``classic`` it is Disabled, then perhaps
mobile (002_2a3a79475ca2a541.txt, "Stabilizing a Disabled Character").

So the encounter's view of such a combatant (``Encounter.creature``, what the battle map,
its reach, threatened areas and flanking read) is a :class:`RecordSheet`: the same sheet,
whose Hit Points bring no lfg condition, and whose standing on the map - whether it
threatens and how far, can move, is helpless or dead - is what the ruleset's health policy
says (:meth:`~lfgcombat.rulesets.HealthModel.map_standing`, a
:class:`~lfgcombat.rulesets.MapStanding`). Under ``lfg`` nobody has a record and no view is
a RecordSheet.
"""

from __future__ import annotations

import dataclasses
import operator
from dataclasses import dataclass, fields
from functools import cached_property

from ..rules.conditions.conditions import Condition, ConditionSet, resolve
from ..creature import Creature
from ..creature.kept import HP_FREE_STATS, SHEET_STATS, hp_free_kept
from ..rules.movement.movement import MoveSpeed
from ..rulesets.policies import MapStanding
from ..rules.turns.turn_limits import creature_move_speed

__all__ = ["RecordSheet", "hand_on"]

_SHEET_FIELDS = tuple(f.name for f in fields(Creature))
#: A sheet's field values, in :data:`_SHEET_FIELDS`' order, read from its ``__dict__``.
_SHEET_VALUES = operator.itemgetter(*_SHEET_FIELDS)


@dataclass(frozen=True, eq=False, repr=False)
class RecordSheet(Creature):
    """A combatant's sheet as the encounter shows it under a ruleset with records: its
    own conditions only (none from its Hit Points: those are the record's), and on the
    map what its ruleset's health says (:attr:`standing`).

    It is a :class:`~lfgcombat.creature.Creature` (every statistic reads the same); its
    file (``to_dict``) is the sheet's, and ``replace`` gives back a plain Creature.

    Size exception: counted with its base it is the whole Creature; its own body is the
    five readings it changes (conditions, death, threat, reach, Move Speed), so the map,
    the widgets and the attack policies keep taking one kind of sheet.

    Attributes:
        standing: The ruleset's :class:`~lfgcombat.rulesets.MapStanding` of the record.
    """

    standing: MapStanding = MapStanding()

    @classmethod
    def of(cls, sheet: Creature, standing: MapStanding) -> RecordSheet:
        """``sheet`` (already checked) standing as ``standing`` says.

        Kept on ``sheet`` by ``standing``: both are frozen values, so the same sheet
        standing the same way is the same view, and what it has read (its AC, weapons, a
        ruleset's reading of it) is read once (issue 24, "Fast": every command built the
        view, and all it read, again)."""
        kept = sheet.__dict__.get("_record_sheets")
        if kept is None:
            kept = sheet.__dict__["_record_sheets"] = {}
        obj = kept.get(standing)
        if obj is None:
            obj = kept[standing] = object.__new__(cls)
            made = obj.__dict__  # its fields, as object.__setattr__ sets them
            try:
                made.update(zip(_SHEET_FIELDS, _SHEET_VALUES(sheet.__dict__)))
            except KeyError:  # (a field its class gives: read one by one)
                made.update((name, getattr(sheet, name)) for name in _SHEET_FIELDS)
            made["standing"] = standing
        return obj

    @cached_property
    def active_conditions(self) -> ConditionSet:
        """Its own conditions and the ones they imply; Helpless where its ruleset says
        it is helpless (lfg's Hit Points conditions left out: the record keeps its
        health)."""
        extra = ([(Condition.HELPLESS, self.standing.why or "helpless")]
                 if self.standing.helpless else [])
        return resolve(self.conditions, extra)

    @property
    def is_dead(self) -> bool:
        """Dead as its ruleset's record says (not by lfg's death threshold)."""
        return self.standing.dead

    @property
    def threatens(self) -> bool:
        """It threatens by its weapon and conditions, and its ruleset lets it."""
        return self.standing.threatens and super().threatens

    @property
    def threat_reach_ft(self) -> int:
        """How far it threatens: its weapon's reach, at most its ruleset's
        (:attr:`MapStanding.reach_ft`)."""
        reach = super().threat_reach_ft
        cap = self.standing.reach_ft
        return reach if cap is None else min(reach, cap)

    @cached_property
    def move_speed(self) -> MoveSpeed:
        """Its Move Speed; none where its ruleset says it cannot move."""
        speed = creature_move_speed(self)
        if self.standing.moves:
            return speed
        return dataclasses.replace(
            speed, value=0, can_run=False, can_five_foot_step=False, minimum_movement=False,
            immobile=True, steps=(*speed.steps, f"cannot move: {self.standing.why}"))


def hand_on(old: Creature, new: Creature, standing: MapStanding | None = None) -> None:
    """Give the views of ``new``, the sheet ``old`` with other Hit Points alone (a record's
    HP copied onto its sheet), what ``old``'s views read that reads no Hit Points: a view
    reads its sheet's HP through no condition (:attr:`RecordSheet.active_conditions`), so
    its AC, attack readings and a ruleset's readings of the sheet (keys under
    ``"sheet"``, :data:`~lfgcombat.creature.kept.HP_FREE_KEPT`) are the same for a view
    standing the same way (issue 24, "Fast": every blow made a ruleset read both
    fighters' sheets again). Nothing for another change.

    ``standing``: how ``new`` stands now, when the caller knows it. A standing that
    differs from one of ``old``'s views in its words alone (``why``: a wounds creature at
    0 HP is ``wounded``, not ``conscious``), neither helpless nor unable to move, reads
    nothing else differently (its words show only then), so its view is given that view's
    readings too (issue 24, "Fast": each time a creature fell to 0 HP its foes read
    their attacks on it again)."""
    views = old.__dict__.get("_record_sheets")
    if not views or new.conditions != old.conditions or new.bonuses != old.bonuses \
            or (new.sections is not old.sections and new.sections != old.sections):
        return
    for stands, view in list(views.items()):
        _hand_view_on(view, RecordSheet.of(new, stands))
    if standing is None or standing in views or standing.helpless or not standing.moves:
        return
    for stands, view in list(views.items()):
        if dataclasses.replace(standing, why=stands.why) == stands:
            _hand_view_on(view, RecordSheet.of(new, standing))
            return


def _hand_view_on(view: RecordSheet, fresh: RecordSheet) -> None:
    """Give ``fresh`` what ``view`` read that reads no Hit Points (:func:`hand_on`)."""
    have, mine = view.__dict__, fresh.__dict__
    for key in _HANDED_ON.intersection(have).difference(mine):
        mine[key] = have[key]
    kept = have.get("_kept_stats")
    if kept and "_kept_stats" not in mine:
        mine["_kept_stats"] = hp_free_kept(kept)


#: The readings a view hands on (:func:`hand_on`): the sheet's own, those that read HP
#: through the conditions in effect, and its conditions in effect (none from its HP).
_HANDED_ON = SHEET_STATS | HP_FREE_STATS | {"active_conditions"}


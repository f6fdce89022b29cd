"""The close fight's part of an attack's situation: two shields, the tail, a feint.

000_8d1d7816ee944f3b.txt, "Weird Situation - Using Two Shields at the same time" (the higher
Shield Rating plus half the other, -2 on all attack rolls, no somatic spells), "Common
Natural Weapons" (a tail never strikes the hex directly in front, nor the foe bitten this
turn: :meth:`CloseSituationRules.facing`), "Combat Feint" (Flat-Footed against the feinter's
next attack) and Shield Bash's lost Shield Rating, as :meth:`CombatRules._encounter_situation`
asks them (``_close_fight_situation``), and a grapple seen from outside:
"Grappled Condition" ("Flat-Footed against creatures not in the grapple") and
"Pinned" ("Helpless against creatures not in the grapple"). Decisions: a creature faces
the way of its last own step (inferred: the text gives creatures no facing); moves done to
it do not turn it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..bonuses import Bonus, BonusType
from ..citations import cite
from ..conditions.conditions import Condition
from lfgcombat.errors import IllegalActionError
from .maneuvers import RULE_BASH
from .maneuvers_play import _NOT_TURNING, RULE_TAIL
from lfgcombat.creature.close_keys import second_shield_of
from ..handedness import (alternating_situation, check_tail_target, hand_weapon,
                          HandednessError, RULE as R_HANDS, turn_attack_weapons, two_shields,
                          _may_alternate)
from ..abilities.natural_weapons_play import is_tail

if TYPE_CHECKING:
    from lfgcombat.creature import Creature
    from lfgcombat.engine.encounter import Encounter

__all__ = []

_R_GRAPPLED = cite("Grappled Condition")
#: The conditions of a creature held in a grapple (:func:`held_in_a_grapple`).
_HELD = (Condition.PINNED, Condition.GRAPPLED)
_R_PINNED = cite("Pinned")


# CloseSituation: Two shields, the tail's front hex and facing, a feint's Flat-Footed and a
# bash's lost
# Shield Rating: what the close fight adds to an attack's situation.


_R_TWO_SHIELDS = cite("Weird Situation - Using Two Shields at the same time:")


def _two_shields(st: Encounter, attacker: str, target: str, situation: dict[str, Any],
                 modifiers: list[str]) -> tuple[dict[str, Any], list[str]]:
    """"Weird Situation - Using Two Shields at the same time": "the full Shield Rating of
    your primary shield (the one with the higher rating) plus half the Shield Rating of
    the second shield" (:func:`lfgcombat.rules.handedness.two_shields`: the AC gains what that
    adds to the creature's own Shield Rating) and a "-2 penalty on all Attack Rolls"
    (half rounded down: inferred)."""
    rule = _R_TWO_SHIELDS
    if second_shield_of(st._f[attacker].creature) and \
            not situation.get("two_shields"):
        situation["two_shields"] = True
        modifiers.append(f"{attacker} carries two shields: -2 on attack rolls ({rule})")
    second = second_shield_of(st._f[target].creature)
    half = 0
    if second:  # (its own Shield Rating read only then: issue 24, "Fast")
        own = int(st._view(target).shield_rating)  # the higher one is the primary shield
        half = two_shields(own, second).shield_rating - own
    if half:
        situation["ac_bonuses"] = tuple(situation.get("ac_bonuses", ())) + (
            Bonus(half, None, "two shields: the higher Shield Rating plus half the "
                              "other's"),)
        modifiers.append(f"{target}'s second shield: +{half} AC ({rule})")
    return situation, modifiers


def _two_shields_cast_note(st: Encounter, name: str, sc: Any, components: str | None = None
                           ) -> Any:
    """The end of casting's checks (called by :meth:`CastingRules._check_cast` with the
    caster's spellcasting ``sc`` and the spell's ``components``, checked): "You cannot
    cast spells with somatic (S) components while wielding two shields" ("Weird
    Situation - Using Two Shields at the same time"). A spell with S is refused; one
    without S is cast freely; unknown components (``None``, older saves) leave a note
    on the spell (the GM holds a Somatic spell back).

    Raises:
        IllegalActionError: an S spell while wielding two shields."""
    import dataclasses
    if second_shield_of(st._f[name].creature):
        rule = cite("Weird Situation - Using Two Shields at the same time:")
        if components is not None and "S" in components:
            raise IllegalActionError(
                f"{name} wields two shields: \"You cannot cast spells with somatic (S) "
                f"components while wielding two shields\" (components {components})",
                rule)
        if components is not None:
            return sc
        sc = dataclasses.replace(sc, notes=tuple(sc.notes) + (
            f"two shields: spells with Somatic (S) components are impossible ({rule})",))
    return sc


def _check_tail(st: Encounter, attacker: str, target: str, weapon: Any,
                situation: Mapping[str, Any]) -> None:
    """"A tail can never target the same foe in a turn that was targeted with a bite.
    A tail attack cannot normally strike a target in the hex directly in front of you
    (GM Discretion)" (000_8d1d7816ee944f3b.txt, "Common Natural Weapons"; a tail:
    :func:`is_tail`; the front: :meth:`facing`; the GM's ``tail_in_front=True`` on the
    attack allows it)."""
    if not is_tail(weapon):
        return
    bitten = [str(e.target) for e in st._turn_events(attacker)
              if e.kind == "attack" and not e.command and e.actor == attacker
              and "bite" in str(e.data.get("weapon") or "").lower()]
    check_tail_target(target, bitten)
    if st._attack_option(attacker, target, situation, "tail_in_front"):
        return
    ahead = _hex_in_front(st, attacker)
    if ahead is not None and ahead in st.map.footprint(target):
        raise IllegalActionError(
            f"{target} is in the hex directly in front of {attacker} "
            f"{tuple(st.map.offset(ahead))}: a tail attack cannot normally strike it "
            "(the GM may allow it: attack(..., tail_in_front=True))", RULE_TAIL)


def facing(st: Encounter, name: str) -> Any:
    """The direction ``name`` faces on the map, as the step from one hex to the next
    (``None``: unknown). The kit has no facing of its own; inferred: a creature faces
    the way it last moved itself (its last step of a move, run, 5-ft step or Crushing
    Advance; being shoved, displaced or carried does not turn it) - the "front" of
    "the hex directly in front of you" ("Common Natural Weapons")."""
    if st.map is None or name not in st._anchors or name not in st.map:
        return None
    for i in range(len(st._log) - 1, -1, -1):
        e = st._log[i]
        if e.kind != "moved" or e.command or e.actor != name or \
                e.data.get("action") in _NOT_TURNING:
            continue
        path = [tuple(p) for p in e.data.get("path") or []]
        path = [p for k, p in enumerate(path) if k == 0 or p != path[k - 1]]
        if len(path) >= 2:
            last: Any = st.map.as_cell(path[-1])  # both cells of this map's grid
            return last - st.map.as_cell(path[-2])
    return None


def _hex_in_front(st: Encounter, name: str) -> Any:
    """The first hex past ``name``'s own space in the direction it faces (``None``:
    no facing known)."""
    way = st.facing(name)
    if way is None:
        return None
    own = st.map.footprint(name)
    cell = st.map.token(name).anchor
    for _ in range(len(own) + 1):
        cell = cell + way
        if cell not in own:
            return cell
    return None


def _close_attack_options(st: Encounter, name: str, target: str, weapon: Any,
                          situation: Mapping[str, Any]) -> tuple[Any, dict[str, Any]]:
    """The close fight's options of an attack, taken out of its situation (new values)
    and checked: the Knockdown's ``resist_knockdown`` and ``mount``
    (:meth:`_knockdown_options`), the GM's ``tail_in_front`` (see :meth:`_check_tail`)
    and ``hand`` (``main`` or ``off``): the weapon the creature file holds in that hand
    (``off_hand:``), an off-hand weapon striking with the off-hand penalty
    (:func:`lfgcombat.rules.handedness.hand_weapon`); and ``alternating`` (-1 C.A.P.), read
    from the turn's attacks (:func:`lfgcombat.rules.handedness.alternating_situation`)."""
    situation = st._knockdown_options(name, target, situation)
    made = st._f[name].turn.attacks
    view = st._view(name)
    # the turn's earlier weapons count only for a creature that may alternate weapons
    # ("Consecutive Attacks"), or to check an alternating= given: read the log then only
    earlier = turn_attack_weapons(st._turn_events(name), name, made) \
        if made and ("alternating" in situation or _can_alternate(view)) else []
    front = situation.pop("tail_in_front", False)
    if not isinstance(front, bool):
        raise IllegalActionError(f"tail_in_front is True or False, not {front!r:.40}",
                                 RULE_TAIL)
    hand = situation.pop("hand", None)
    if weapon is not None and not isinstance(weapon, str):
        if hand is not None:
            raise IllegalActionError("hand= picks a weapon named in the creature file; "
                                     "give a weapon by name or no weapon", R_HANDS)
        return weapon, alternating_situation(view, earlier, weapon, situation)
    try:
        pick = hand_weapon(view, weapon, hand)
    except HandednessError as exc:
        raise IllegalActionError(str(exc), R_HANDS) from None
    if pick.off_hand and "off_hand" not in situation:
        situation["off_hand"] = True
    if not earlier and "alternating" not in situation:
        return pick.weapon, situation  # no earlier attack to read: nothing to add (issue 24)
    return pick.weapon, alternating_situation(view, earlier, pick.weapon, situation)


def _can_alternate(creature: Creature) -> bool:
    """Whether ``creature`` wields "multiple weapons at the same time" (000_8d1d7816ee944f3b.txt,
    "Consecutive Attacks"; :func:`lfgcombat.rules.handedness.alternating_strikes` counts no
    switch otherwise), kept on the creature: it reads its weapons only."""
    return bool(creature._kept(("sheet", "may_alternate"),
                               lambda: _may_alternate(creature)[0]))


def grapple_members(st: Encounter, name: str) -> frozenset[str]:
    """The creatures in ``name``'s grapple: its grappler (or itself, when it holds others)
    and everyone that grappler holds (:func:`~.maneuvers_play.grappler_of`)."""
    holder = st.grappler_of(name) or name
    return frozenset({holder} | {n for n in st._f if n != holder
                                 and st.grappler_of(n) == holder})


def held_in_a_grapple(st: Encounter, name: str) -> bool:
    """Whether ``name`` is Grappled or Pinned in a grapple still going on: one with someone
    else in it still alive (:func:`grapple_members`), or - Grappled with nobody named, as a
    GM may set it ("held in a struggle by another creature or objects") - by itself.
    Decision: a grapple whose every other member is dead is over (the Grappled condition
    the encounter leaves on the survivor no longer makes it Flat-Footed)."""
    if not any(a.condition in _HELD for a in st._f[name].creature.conditions):
        return False  # neither Pinned nor Grappled (one pass: issue 24, "Fast")
    others = grapple_members(st, name) - {name}
    return not others or any(not st._f[n].dead for n in others)


def _outside_the_grapple(st: Encounter, attacker: str, target: str,
                         situation: dict[str, Any], modifiers: list[str]
                         ) -> tuple[dict[str, Any], list[str]]:
    """A Grappled target is Flat-Footed, a Pinned one Helpless, against an attacker not in
    its grapple (000_8d1d7816ee944f3b.txt, "Grappled Condition", "Pinned"); within the
    grapple nothing changes. Decision: Pinned, "More severe version of Grappled", stands in
    for it (it supersedes Grappled in ``data/conditions.csv``), so Helpless in place of
    Flat-Footed."""
    if not held_in_a_grapple(st, target) or attacker in grapple_members(st, target):
        return situation, modifiers
    pinned = st._has(target, Condition.PINNED)
    flag, rule = ("helpless", _R_PINNED) if pinned else ("flat_footed", _R_GRAPPLED)
    if not situation.get(flag):
        situation[flag] = True
        modifiers.append(f"{target} is {'Pinned' if pinned else 'Grappled'}: "
                         f"{flag.replace('_', '-').title()} against {attacker}, who is not "
                         f"in the grapple ({rule})")
    return situation, modifiers


def _close_fight_situation(st: Encounter, attacker: str, target: str, situation: dict[str, Any],
                           modifiers: list[str]) -> tuple[dict[str, Any], list[str]]:
    """What the close fight adds to an attack's situation (called by
    :meth:`CombatRules._encounter_situation`, which owns the copies it passes): a
    Shield Bash's lost Shield Rating against everyone but the bashed foe, a Combat
    Feint's Flat-Footed against the feinter's next attack ("Bluff – Combat Feint /
    Fake-Out"; the feint is used up by it), and "If you Fight Defensively ... you gain a
    +1 Gear Bonus to Shield Rating" with a weapon in each hand (a Shield Rating adds to
    AC, so +1 AC: inferred)."""
    effects = st._f[target].effects
    if not effects:  # no bash, no defence, no feint (issue 24, "Fast": most targets)
        situation, modifiers = _two_shields(st, attacker, target, situation, modifiers)
        return _outside_the_grapple(st, attacker, target, situation, modifiers)
    for e in effects:
        if e.kind == "shield_bash" and e.info.get("target") != attacker:
            rating = int(e.info.get("rating", 0))
            situation["ac_bonuses"] = tuple(situation.get("ac_bonuses", ())) + (
                Bonus(-rating, None, "shield bash: no Shield Rating"),)
            modifiers.append(f"{target} bashed {e.info.get('target')} with its shield: "
                             f"no Shield Rating (-{rating} AC) against {attacker} "
                             f"({RULE_BASH})")
    if any(e.kind == "fight_defensively" for e in st._f[target].effects) and \
            st._wields_two(target):
        situation["ac_bonuses"] = tuple(situation.get("ac_bonuses", ())) + (
            Bonus(1, BonusType.GEAR, "two weapons, fighting defensively: +1 Shield"),)
        modifiers.append(f"{target} fights defensively with a weapon in each hand: +1 Gear "
                         "to its Shield Rating (000_8d1d7816ee944f3b.txt, \"Handedness & "
                         "Using Both Hands (Two Weapon Fighting)\")")
    situation, modifiers = _two_shields(st, attacker, target, situation, modifiers)
    situation, modifiers = _outside_the_grapple(st, attacker, target, situation, modifiers)
    for e in list(st._f[target].effects):
        if e.kind == "feinted" and e.info.get("by") == attacker:
            situation["flat_footed"] = True
            modifiers.append(f"{attacker}'s Combat Feint: {target} is Flat-Footed "
                             f"against this attack ({e.rule})")
            st._end_effect(target, e, f"{attacker}'s next attack was made")
    return situation, modifiers


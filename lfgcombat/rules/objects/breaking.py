"""Breaking things in an encounter: opening, forcing and destroying doors, breaking chests.

000_8d1d7816ee944f3b.txt, "Moving in Combat – Terrain, Creatures, & Other Issues" ("Doors:
An unlocked door or a door with an easily accesses latch may be opened as a Swift
Action"); "Breaking down doors, walls, & other barricades" (force it: "Strength Check =
1d20+STRMod" against the Break DC, "If you fail, you cannot try again"; destroy it: "A door
is a big, stationary target (Automatic hit within 10 feet)", Hardness then HP; "Both of
these options will automatically set off any active traps on the door"); "Breaking Open a
Treasure Chest" ("Any potions, glass vials, or other fragile objects inside each have a 50%
chance of being destroyed"). The pure rules are :mod:`lfgcombat.rules.objects.objects`.

Decisions: forcing needs the creature adjacent to the door (or chest) and is a Big Action;
a strike at a door or chest is an attack (a Big Action's attack) that hits automatically
within 10 ft and deals the weapon's damage dice plus the STR modifier for a melee weapon
(no critical: the object has no vital spots); the trap's effect is the GM's - the log says
it went off.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from ..citations import cite
from lfgcombat.errors import IllegalActionError
from .objects import (automatic_hit, break_by_hand, break_chest, force_open, held_object_penalty,
                      ObjectState, RULE_CHEST, RULE_DOORS, RULE_HELD, RULE_UNATTENDED, weapon_note)
from lfgcombat.engine.commands import command
from ..weapons import resolve_weapon
from ..bonuses import Bonus

if TYPE_CHECKING:
    from lfgcombat.engine.encounter import Encounter

R_DOOR_SWIFT = cite("Moving in Combat – Terrain, Creatures, & Other Issues")


# Breaking: ``open_door``, ``force_door``, ``attack_object`` and ``break_object``.


def _reset_updown(st: Encounter) -> None:
    """Doors, objects and the ceiling back as they were when the encounter was built
    (the first call, before any event, remembers them); altitudes come back with the
    creatures' placements."""
    start = getattr(st, "_updown0", None)
    if start is None:
        st._updown0 = start = st.map.updown_state()
    st.map.set_updown_state({**start, "altitude": st.map.updown_state()["altitude"]})


def _thing(st: Encounter, at: Any) -> tuple[str, Any, Any]:
    """``("door", cell, Door)`` or ``("object", label, MapObject)`` for ``at``."""
    if isinstance(at, str):
        return "object", at, st.map.map_object(at)
    cell = st._cell(at)
    return "door", cell, st.map.door(cell)


def _at_arg(st: Encounter, at: Any) -> Any:
    return at if isinstance(at, str) else st._cell_arg(at)


def _near(st: Encounter, name: str, where: Any, feet: int, what: str, rule: str) -> int:
    d = int(st.map.distance(name, where))
    if d > feet:
        raise IllegalActionError(f"{name} is {d} ft from the {what}; it must be within "
                                 f"{feet} ft", rule)
    return d


def open_door(st: Encounter, name: str, at: Any, *, key: bool = False, aoo: Any = None) -> Any:
    """Open a door next to ``name``: "An unlocked door or a door with an easily accesses
    latch may be opened as a Swift Action. Unlocking a lock with a key & opening the
    door uses a Big Action that Provokes AOO" (000_8d1d7816ee944f3b.txt, "Moving in
    Combat – Terrain, Creatures, & Other Issues"). ``key=True``: it has the key (the GM
    says so); ``aoo`` as for :meth:`move` (who strikes at the unlocking creature)."""
    args: dict[str, Any] = {"name": name, "at": st._cell_arg(at)}
    if key or aoo is not None:  # older saves recorded neither
        args.update(key=key, aoo=aoo)
    st._do("open_door", args)
    return st


@command
def _h_open_door(st: Encounter, name: str, at: Any, key: bool = False, aoo: Any = None) -> None:
    st._actor(name)
    st._need_map(name)
    cell = st._cell(at)
    door = st.map.door(cell)
    st._near(name, cell, 5, "door", R_DOOR_SWIFT)
    if door.state != "closed":
        raise IllegalActionError(f"the door at {st.map.offset(cell)} is {door.state}",
                                 R_DOOR_SWIFT)
    if door.lock > 0 and not key:
        raise IllegalActionError("the door is locked: unlock it with its key "
                                 "(open_door(..., key=True): a Big Action that provokes), "
                                 "force it, break it or pick the lock", RULE_DOORS)
    if key:  # "Unlocking a lock with a key & opening the door": a Big Action, provokes
        st._check_spend(name, "big", "unlock_door")  # data/actions.csv's row
        offered, take = st._provocation(name, st._threatening_enemies(name), aoo,
                                        "unlock_door")
        st._spend(name, "big", "unlock_door")
    else:
        st._check_spend(name, "swift", "open_door")
        st._spend(name, "swift", "open_door")
    st.map.open_door(cell)
    st._emit("door_opened", actor=name, data={"at": list(st.map.offset(cell)),
                                              "rule": R_DOOR_SWIFT})
    if key:
        st._resolve_provocation(name, offered, take, "unlock_door")


def _trap_active(st: Encounter, kind: str, at: Any) -> bool:
    """Whether the door's (or object's) trap is still to go off: "Both of these options
    will automatically set off any active traps on the door" - a trap set off by an
    earlier strike or forcing is spent (inferred: a trap goes off once)."""
    return not any(e.kind in ("forced", "object_hit") and e.data.get("what") == kind
                   and e.data.get("at") == at and e.data.get("trap")
                   for e in st._log)


def force_door(st: Encounter, name: str, at: Any) -> Any:
    """Force a door (or a chest, by its label) open: a Big Action, a Strength Check
    against its Break DC (+- its lock), no retry; it sets off the trap."""
    st._do("force_door", {"name": name, "at": _at_arg(st, at)})
    return st


@command
def _h_force_door(st: Encounter, name: str, at: Any) -> None:
    st._actor(name)
    st._need_map(name)
    kind, key, thing = _thing(st, at)
    if kind == "door" and thing.state != "closed":
        raise IllegalActionError(f"the door at {st.map.offset(key)} is {thing.state}: "
                                 "there is nothing to force (walk through it)", RULE_DOORS)
    where = thing.cell
    st._near(name, where, 5, kind if kind == "door" else thing.label, RULE_DOORS)
    lock = thing.lock if kind == "door" else 0
    st._check_spend(name, "big", "force_door")
    seen = len(st.roller.history)
    res = force_open(thing.object, st._view(name), st.roller, lock=lock, name=name)
    st._spend(name, "big", "force_door")
    st._log_rolls(seen, actor=name, against=res.dc,
                  outcome="success" if res.success else "failure")
    if kind == "door":
        st.map._door_changed(key, res.state)
    else:
        st.map._object_changed(key, res.state)
    at = key if kind == "object" else list(st.map.offset(key))
    trap = (thing.trap or "any active trap") if kind == "door" else "any active trap"
    st._emit("forced", actor=name, data={
        "what": kind, "at": at, "dc": res.dc, "total": res.roll.total,
        "success": res.success, "trap": trap if _trap_active(st, kind, at) else False,
        "lines": list(res.lines), "rule": RULE_DOORS})
    if res.success and kind == "object":
        _chest_opened(st, name, key)


def attack_object(st: Encounter, name: str, at: Any, weapon: Any) -> Any:
    """Strike a door (its cell) or an object (its label): an attack that hits
    automatically within 10 ft; damage through Hardness; 0 HP destroys it."""
    st._do("attack_object", {"name": name, "at": _at_arg(st, at), "weapon": weapon})
    return st


@command
def _h_attack_object(st: Encounter, name: str, at: Any, weapon: Any) -> None:
    st._actor(name)
    st._need_map(name)
    kind, key, thing = _thing(st, at)
    if thing.object.destroyed:
        raise IllegalActionError(f"the {thing.object.spec.name} is already destroyed",
                                 RULE_DOORS)
    d = int(st.map.distance(name, thing.cell))
    view = st._view(name)
    natural = int(cast(float, view.reach.value))  # its Natural Reach (a Large creature's 10 ft)
    kind_of = thing.object.spec.kind
    if not automatic_hit(d, kind_of, reach_ft=natural):
        raise IllegalActionError(
            f"{name} is {d} ft away: " + (
                f"an unattended object is struck automatically within its Natural Reach "
                f"({natural} ft); come closer" if kind_of == "object" else
                "a door or chest is an automatic hit within 10 feet; come closer"),
            RULE_UNATTENDED if kind_of == "object" else RULE_DOORS)
    w = resolve_weapon(view, weapon)
    ranged = "melee" not in w.uses
    # a melee weapon reaches as it does against a creature ("Attack Rolls": its Melee
    # Reach - a longspear's 10 ft, a Large creature's natural 10 ft)
    reach = w.reach_ft if w.reach_ft is not None else natural
    if d > max(reach, 5) and not ranged:
        raise IllegalActionError(f"{w.name} does not reach {d} ft ({name}'s Melee Reach "
                                 f"with it is {reach} ft)", RULE_DOORS)
    crossbow = st._check_attack_budget(name, weapon, {})
    dtype = w.spec.types[0].value if w.spec.types else "bludgeoning"
    st._spend_attack(name, str(key) if kind == "object" else "door", crossbow)
    _strike(st, name, kind, key, thing, w, dtype, view)


def _strike(st: Encounter, name: str, kind: str, key: Any, thing: Any, w: Any, dtype: str,
            view: Any) -> None:
    """Roll the damage, subtract Hardness, record the object's new HP."""
    mod = 0 if "melee" not in w.uses else int(view.ability_mod("str"))
    expr = f"{w.damage}{'+' if mod >= 0 else '-'}{abs(mod)}" if mod else str(w.damage)
    seen = len(st.roller.history)
    r = st.roller.roll(expr, label=f"{name} strikes the {thing.object.spec.name} "
                       f"({w.name})")
    st._log_rolls(seen, actor=name)
    state, hit = thing.object.hit(max(0, r.total), dtype)
    if kind == "door":
        st.map._door_changed(key, state)
    else:
        st.map._object_changed(key, state)
    note = weapon_note(dtype, state.spec.material)
    at = key if kind == "object" else list(st.map.offset(key))
    st._emit("object_hit", actor=name, data={
        "what": kind, "at": at, "damage": hit.damage, "hardness": hit.hardness,
        "dealt": hit.dealt, "hp_before": hit.hp_before, "hp_after": hit.hp_after,
        "destroyed": hit.destroyed, "notes": list(hit.notes),
        "trap": hit.trap_triggered and _trap_active(st, kind, at), "warning": note,
        "rule": RULE_DOORS})
    if hit.destroyed and kind == "object":
        _chest_opened(st, name, key)


def break_object(st: Encounter, name: str, at: str) -> Any:
    """Break a small, fragile unattended object (a vial, a vase) in reach: "simply by
    grabbing the object and using a Big Action" - no roll
    (000_8d1d7816ee944f3b.txt, "Attacking & Breaking Unattended Objects")."""
    st._do("break_object", {"name": name, "at": at})
    return st


@command
def _h_break_object(st: Encounter, name: str, at: str) -> None:
    st._actor(name)
    st._need_map(name)
    o = st.map.map_object(at)
    st._near(name, o.cell, 5, o.label, RULE_UNATTENDED)
    state = break_by_hand(o.object)  # refuses what is not small and fragile
    st._check_spend(name, "big", "break_object")
    st._spend(name, "big", "break_object")
    st.map._object_changed(at, state)
    st._emit("object_broken", actor=name, data={"object": at, "rule": RULE_UNATTENDED})


def attack_held_object(st: Encounter, name: str, target: str, object: str, weapon: Any = None, *,
                       behind_back: bool = False) -> Any:
    """Strike an object ``target`` holds (``object``: a row of ``data/objects.csv``,
    e.g. ``wooden_shield``): an attack at -5 against the holder's AC; a hit deals its
    damage to the object through its Hardness (000_8d1d7816ee944f3b.txt, "Striking a
    Held Object"). One held behind the foe's back cannot be struck unless the foe is
    flanked (the map says) - "or surrounded", which the GM judges."""
    st._do("attack_held_object", {"name": name, "target": target, "object": object,
                                  "weapon": weapon, "behind_back": behind_back})
    return st


@command
def _h_attack_held_object(st: Encounter, name: str, target: str, object: str, weapon: Any,
                          behind_back: bool) -> None:
    from dataclasses import replace

    st._actor(name)
    # the object's HP now: the table's, less every hit the log records on it (the log
    # is the state, so undo, replay and fork need nothing else)
    state = ObjectState.new(object)
    for e in st._log:
        if (e.kind == "held_object_hit" and not e.command and e.target == target
                and e.data.get("object") == object and e.data.get("hp_after") is not None):
            state = replace(state, hp=int(e.data["hp_after"]))
    if state.destroyed:
        raise IllegalActionError(f"{target}'s {object} is already destroyed", RULE_HELD)
    flanked = bool(st.map is not None and target in st.map
                   and st.map.is_flanked(target))
    penalty = held_object_penalty(behind_back=behind_back, surrounded_or_flanked=flanked)
    mod = st._attacks_module()
    weapon = weapon if weapon is not None else st._default_weapon(name)
    situation: dict[str, Any] = {"attack_bonuses": (Bonus(penalty, None, "held object"),)}
    if st.map is not None and name in st.map and target in st.map:
        situation["distance_ft"] = st.map.distance(name, target)
    mod.prepare(st._view(name), st._view(target), weapon, **situation)  # refuses
    crossbow = st._check_attack_budget(name, weapon, {})
    st._spend_attack(name, target, crossbow)
    seen = len(st.roller.history)
    res = mod.attack(st._view(name), st._view(target), weapon, st.roller,
                     **situation)
    st._log_rolls(seen, actor=name, target=target, against=int(res.setup.ac),
                  outcome="hit" if res.hit else "miss", only_first=True)
    dealt: dict[str, Any] = {}
    if res.hit:
        amount = sum(max(0, a.rolled) for a in res.damage)
        dtype = res.damage[0].type.value if res.damage else "bludgeoning"
        state, hit = state.hit(amount, dtype)
        dealt = {"damage": hit.damage, "hardness": hit.hardness, "dealt": hit.dealt,
                 "hp_after": hit.hp_after, "destroyed": hit.destroyed}
    st._emit("held_object_hit", actor=name, target=target, data={
        "object": object, "hit": res.hit, "penalty": penalty, **dealt,
        "rule": RULE_HELD})


def _chest_opened(st: Encounter, name: str, label: str) -> None:
    """A chest broken open: each fragile item inside has a 50% chance to break."""
    o = st.map.map_object(label)
    if not o.items:
        return
    seen = len(st.roller.history)
    res = break_chest(o.items, st.roller)
    st._log_rolls(seen, actor=name)
    st.map._object_changed(label, o.object, res.intact)
    st._emit("chest_broken_open", actor=name, data={
        "chest": label, "broken": list(res.broken), "intact": list(res.intact),
        "rule": RULE_CHEST})

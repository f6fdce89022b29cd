"""Combatants a ruleset keeps its own record of: their turns, attacks and health.

The ``lfg`` rules are played by the other modules of this package on the creature's sheet.
A ruleset whose combatants carry state of their own (``classic``: the disabled, stable and
mobile hit points of 002_2a3a79475ca2a541.txt, "Stabilizing a Disabled Character", and its
round of "one single action" and a split Move Action, "Character Round:") gives each
combatant a *record* (:meth:`lfgcombat.rulesets.HealthModel.combatant`); the encounter keeps
it on the combatant (``_Fighter.rules``) and plays it here, asking the ruleset's policies
for every rule, never its name:

* the start of a turn, its budget, spending and the end of a turn:
  :class:`~lfgcombat.rulesets.ActionEconomy` (``start_turn``, ``spend``, ``move``,
  ``end_turn``, ``budget``, ``actions_left``, ``single_actions``; ``actions_left``'s
  ``summary``, the round in the ruleset's words, is :class:`RoundActionsLeft`'s, which the
  InitiativeTracker shows);
* an attack: :meth:`~lfgcombat.rulesets.AttackResolution.encounter_attack`;
* damage, healing, Stabilize (the healer's record passed as ``healer_record=`` where the
  policy's ``stabilize_takes_healer_record`` says so) and what ``Encounter.state`` reports:
  :class:`~lfgcombat.rulesets.HealthModel` (``take_damage``, ``heal``, ``stabilize``,
  ``report``);
* conditions: :class:`~lfgcombat.rulesets.ConditionCatalogue` (``add_to``,
  ``remove_from``).

The other modules send a combatant with a record here at their door (``attack``,
``damage``, ``heal``, ``act``, ``cast``, ``move_feet``, ``add_condition``...; a ``move`` on
the map, and the AOO it provokes, to :mod:`lfgcombat.engine.ruleset_moves`); under
``lfg`` nobody has a record and nothing here runs.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..shortrepr import short
from ..errors import IllegalActionError, LfgError
from ..rules._citations import R_DEATH
from .commands import command
from .record_budget import (RoundActionsLeft, _actions_left_made, _actions_left_of,  # noqa: F401
                            _budget_data, _budget_feet, _budget_of, _kept_on,
                            budget_data)
from .record_sheet import hand_on
from .state import ActionsLeft, _possessive
from ..rules.health.saves import save_odds as _save_odds_of
from ..rules.health.saves import takes_own_conditions as _takes_own_conditions

if TYPE_CHECKING:
    from .encounter import Encounter


class _NamedRoller:
    """The encounter's roller seen by a ruleset's rule that rolls for one creature: every
    dice label it gives says whose roll it is (``"Wulfric: Survival to stop Bleed DC 10"``;
    issue 26, "Words from the ruleset"). The rolls are the roller's own (same dice, same
    history); a label already naming the creature is kept as it is."""

    def __init__(self, roller: Any, who: str) -> None:
        self._roller, self._who = roller, who

    def roll(self, expr: Any, fortune: Any = None, label: str | None = None) -> Any:
        """The roller's :meth:`~lfgcombat.dice.Roller.roll`, its label naming the roller."""
        if label and not label.startswith(self._who):
            label = f"{self._who}: {label}"
        return self._roller.roll(expr, fortune=fortune, label=label)

    def __getattr__(self, key: str) -> Any:
        return getattr(self._roller, key)


def _named(st: Encounter, who: str) -> Any:
    """The encounter's roller labelling every roll with ``who`` (:class:`_NamedRoller`)."""
    return _NamedRoller(st.roller, who)


# etPlay: Turns, attacks, damage and conditions of combatants with a ruleset's record.

# ------------------------------------------------------------------ records
def _attach_records(st: Encounter) -> None:
    """Give every combatant the record its ruleset keeps (``None`` under lfg)."""
    for f in st._f.values():
        f.rules = st.ruleset.health.combatant(f.creature, st.ruleset)


def _record_of(st: Encounter, name: str) -> Any:
    """The combatant's record (``None``: the encounter's lfg rules play it)."""
    return st._f[name].rules


def _record_refuses(st: Encounter, name: str, what: str) -> None:
    """Refuse an lfg-only step (an interrupt, a readied action) for a combatant with a
    record: its ruleset's round has no such thing."""
    if st._f[name].rules is not None:
        economy = st.ruleset.economy
        raise IllegalActionError(
            f"{name} cannot {what}: the {st.ruleset.name} round has "
            f"{', '.join(a.replace('_', ' ') for a in economy.single_actions)} and a "
            "Move Action, no interrupts or readied actions",
            getattr(economy, "rule", st.ruleset.text))


def _save_subject(st: Encounter, name: str) -> tuple[Any, Any]:
    """Who rolls ``name``'s saves, and by which ruleset's save rules: a ruleset record by
    its ruleset's own saves when they take its conditions (classic's,
    002_2a3a79475ca2a541.txt, "Conditions":
    :func:`lfgcombat.rulesets.classic.saves.classic_save_bonus`; the ruleset asked, never named:
    :func:`lfgcombat.rules.health.saves.takes_own_conditions`); any other combatant its sheet by
    lfg's
    (``None``), as before."""
    f = st._fighter(name)
    if f.rules is not None and _takes_own_conditions(st.ruleset):
        return f.rules, st.ruleset
    return st._view(name), None


def save_odds(st: Encounter, name: str, which: str, dc: int) -> float:
    """The exact chance that ``name`` passes a ``fort``, ``ref`` or ``will`` save
    against ``dc`` now, as this encounter would roll it: under ``classic`` its record's
    save (the CON / DEX / WIS modifier and its conditions' saving throw modifiers,
    002_2a3a79475ca2a541.txt, "Conditions"); otherwise its sheet by lfg's "Saving
    Throws" (000_8d1d7816ee944f3b.txt). Nothing is rolled or logged.

    Raises:
        SaveError: an unknown save or a bad DC. LfgError: unknown name.
    """
    subject, ruleset = st._save_subject(name)
    return _save_odds_of(subject, which, dc, ruleset=ruleset)


def _record_report(st: Encounter, name: str) -> dict[str, Any]:
    """The health policy's report of the combatant's record, for reading only (never
    changed nor handed out: a copy is the caller's to make)."""
    return _read_report(st.ruleset.health, st._f[name].rules)


def _read_report(health: Any, record: Any) -> dict[str, Any]:
    """The health policy's report of ``record`` for reading only: its ``read_report``
    where it has one (the report it keeps on the record, no copy), else its ``report``."""
    read = getattr(health, "read_report", None)
    return health.report(record) if read is None else read(record)


def _record_commit(st: Encounter, name: str, record: Any, events: tuple[str, ...] | list[str],
                   why: str, reports: tuple[dict[str, Any], dict[str, Any]] | None = None
                   ) -> None:
    """Keep ``record``; log its health when it changed and each change of status (the
    sheet's current HP follows, so the tables show it; the encounter's view of it reads
    that HP by the ruleset's health, not lfg's: :mod:`lfgcombat.engine.record_sheet`,
    shown to the map by ``_touch``). ``reports``: the health reports of the record kept
    now and of ``record``, when the caller has read them (issue 24, "Fast")."""
    f = st._f[name]
    before, after = reports if reports is not None else _reports(st, f.rules, record)
    f.rules = record
    if after["hp"] != f.creature.hp:
        sheet = f.creature
        # (replace(current_hp=...) read as a change of HP alone: issue 24, "Fast")
        f.creature = sheet._with_hp(after["hp"], sheet.temp_hp)
        # its views' readings of the sheet, HP aside (and for how it now stands)
        hand_on(sheet, f.creature, st.ruleset.health.map_standing(record))
    st._touch(name)
    if before != after or events:
        st._emit("health", target=name, data={
            "hp": after["hp"], "vitals": after["vitals"], "events": list(events),
            "why": why})
    if after["status"] != before["status"]:
        st._emit("vitals", target=name, data={
            "status": after["status"], "hp": after["hp"], "rule": _health_rule(st)})
    for cond in after["conditions"]:
        if cond not in before["conditions"]:
            st._emit("condition", target=name, data={
                "change": "gained", "condition": cond, "why": why})
    for cond in before["conditions"]:
        if cond not in after["conditions"]:
            st._emit("condition", target=name, data={
                "change": "lost", "condition": cond, "why": why})
    if after["dead"] and not f.dead:
        f.dead = True
    if st.map is not None and name in st.map:  # a flyer that can no longer fly
        st._record_flight(name, st.ruleset.health.map_standing(record),
                          after["conditions"])


def _reports(st: Encounter, old: Any, new: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """The health policy's reports of the records ``old`` and ``new``, for reading only
    (:func:`_read_report`)."""
    health = st.ruleset.health
    return _read_report(health, old), _read_report(health, new)


def _death_rule(st: Encounter) -> str:
    """What a refusal about a dead combatant cites: the ruleset's own text where its
    health model names it (``death_rule``: classic's "Death", 002), else lfg's "Death"."""
    return getattr(st.ruleset.health, "death_rule", None) or R_DEATH


def _actor(st: Encounter, name: str) -> Any:
    """The combatant acting now (:meth:`Encounter._actor`), refused in the ruleset's
    words when another creature's turn is under way: a record's round is its own turn
    (classic's "Character Round:", wounds' Half Actions of its turn); a dead combatant
    is refused by the ruleset's death rule. lfg's own refusals (no turn under way, a
    Full-Round Action, a readied action) come from the encounter."""
    f = st._fighter(name)
    if f.rules is not None and st._frames \
            and name not in st._frame_members(st._frames[-1]):
        economy = st.ruleset.economy
        raise IllegalActionError(
            f"it is {_possessive(st.current)} turn, not {_possessive(name)}: under "
            f"{st.ruleset.name} a creature acts in its own round"
            + (" (off its turn only an attack of opportunity)" if economy.aoo_rule else ""),
            getattr(economy, "rule", st.ruleset.text))
    if f.rules is not None and f.dead:
        raise IllegalActionError(f"{name} is dead", _death_rule(st))
    return st._actor(name)


def _health_rule(st: Encounter) -> str:
    return _rule_of(st, st.ruleset.health)


def _rule_of(st: Encounter, policy: Any) -> Any:
    """``getattr(policy, "rule", st.ruleset.text)``, the ruleset's text read only where
    the policy names no rule of its own (issue 24, "Fast": it was read at every turn)."""
    found = getattr(policy, "rule", _NO_RULE)
    return st.ruleset.text if found is _NO_RULE else found


_NO_RULE = object()


def _record_state(st: Encounter, name: str) -> dict[str, Any]:
    """What :meth:`Encounter.state` reports of a combatant with a record."""
    f = st._f[name]
    report = st._record_report(name)
    budget = st.ruleset.economy.budget(f.rules)
    return {"hp": report["hp"], "max_hp": report["max_hp"], "temp_hp": 0,
            "conditions": list(report["conditions"]), "status": report["status"],
            "dead": f.dead or report["dead"], "vitals": dict(report["vitals"]),
            "budget": budget_data(budget)}

# ------------------------------------------------------------------ turns


def _record_turn_start(st: Encounter, name: str, was_attacked: bool) -> None:
    """The start of its turn by the economy (checks, bleeding, the round's budget)."""
    f = st._f[name]
    seen = len(st.roller.history)
    economy = st.ruleset.economy
    record, events = economy.start_turn(f.rules, _named(st, name), was_attacked=was_attacked)
    st._log_rolls(seen, actor=name)
    data = _budget_of(economy.budget(record))
    st._emit("turn_rules", actor=name, data={
        "events": list(events), "mode": data.get("mode"), "budget": data,
        "rule": _rule_of(st, economy)})
    st._record_commit(name, record, (), why="the start of its turn")


def _record_turn_end(st: Encounter, name: str) -> None:
    """The end of its turn by the economy; where the economy says what ended
    (``end_turn_logged``: wounds' round-long conditions, a Shell), it is logged - a
    condition lost, the health event - like any other change of the record."""
    f = st._f[name]
    logged = getattr(st.ruleset.economy, "end_turn_logged", None)
    if logged is None:
        f.rules = st.ruleset.economy.end_turn(f.rules)
        return
    record, events = logged(f.rules)
    st._record_commit(name, record, events, why="the end of its turn")


def _record_actions_left(st: Encounter, name: str) -> ActionsLeft:
    """What a combatant with a record may still do (the economy's answer), with the
    round in the economy's words (its ``summary``; a count of actions without one)."""
    f = st._f[name]
    frames = st._frames
    # acting now (Encounter.acting: the living members of the turn on top), or with its
    # turn still to come: read off the frames, no list of the acting made (issue 24, "Fast")
    on_turn = bool(frames) and not f.dead and name in st._frame_members(frames[-1])
    upcoming = (not on_turn and not f.done and not f.dead
                and not any(name in st._frame_members(fr) for fr in frames))
    # (the economy keeps its count on the record, and the same count gives the same
    # answer: nothing more kept on the record here, a new one at every step)
    return _counted_actions_left(st, name, on_turn, upcoming)


def _counted_actions_left(st: Encounter, name: str, on_turn: bool,
                          upcoming: bool) -> ActionsLeft:
    """:func:`_record_actions_left`, counted now by the economy."""
    f = st._f[name]
    d = st.ruleset.economy.actions_left(f.rules, upcoming)
    try:
        return _actions_left_of(name, tuple(d.items()), f.dead, on_turn)
    except TypeError:  # a value that is no key (notes given as a list): made now
        return _actions_left_made(name, d, f.dead, on_turn)


def _record_spend(st: Encounter, name: str, action: str, note: str | None = None,
                  target: str | None = None) -> None:
    """Spend one of the round's single actions (refused with the rule by the economy)."""
    f = st._f[name]
    economy = st.ruleset.economy
    f.rules = economy.spend(f.rules, action)
    moved_ft, remaining_ft = _budget_feet(economy.budget(f.rules))
    st._emit("single_action", actor=name, target=target, data={
        "action": action, "moved_ft": moved_ft,
        "remaining_ft": remaining_ft, "note": note})
    f.update_turn(last_action=action)

# ------------------------------------------------------------------ attacks


def _record_attack(st: Encounter, name: str, target: str, weapon: Any,
                   situation: Mapping[str, Any]) -> Any:
    """One attack between combatants with records: the round's single action, rolled
    by the attack policy, logged (its rolls, the attack, a fumble and its
    suggestions), its damage through :meth:`_record_damage`."""
    c = _record_plan(st, name, target, weapon, situation)
    f, weapon, extra, aoo = st._f[name], c.weapon, c.extra, c.aoo
    seen = len(st.roller.history)
    result = st.ruleset.attack_resolution.encounter_attack(
        st.roller, st._view(name), st._view(target), weapon,
        attacker_record=c.spent, target_record=st._f[target].rules, **c.situation)
    if result.rolled_attack:
        st._log_rolls(seen, actor=name, target=target, against=result.against,
                      outcome=result.outcome, only_first=True)
    else:
        st._log_rolls(seen, actor=name, target=target)
    f.rules = c.spent if result.attacker_after is None else result.attacker_after
    _record_after_attack(st, name, target, weapon, result, extra, aoo)
    return result


@dataclasses.dataclass(frozen=True)
class RecordPlan:
    """A record's attack checked (:func:`_record_plan`): the weapon, the attacker's record
    once spent, the policy's situation, the target's added conditions, an AOO or not."""

    weapon: Any
    spent: Any
    situation: dict[str, Any]
    extra: list[str]
    aoo: bool


def _record_plan(st: Encounter, name: str, target: str, weapon: Any,
                 situation: Mapping[str, Any]) -> RecordPlan:
    """What :func:`_record_attack` checks and hands its attack policy before it rolls
    (its odds, :func:`lfgcombat.rules.attacks.odds_play.attack_odds`, too); nothing changes.

    Raises:
        IllegalActionError: the attack is refused now (dead, itself, no action left...).
    """
    situation = dict(situation)
    aoo = situation.pop("aoo", False) is True  # an AOO: out of turn, the economy's "aoo"
    f = st._fighter(name) if aoo else _actor(st, name)
    if f.dead:
        raise IllegalActionError(f"{name} is dead", _death_rule(st))
    t = st._fighter(target)
    if target == name:
        raise IllegalActionError(f"{name} cannot attack itself", st.ruleset.text)
    if t.dead:
        raise IllegalActionError(f"{target} is already dead", _death_rule(st))
    if weapon is None:
        weapon = st._default_weapon(name)
        if weapon is None:
            raise IllegalActionError(f"{name} has no weapon; name one (e.g. 'unarmed')",
                                     st.ruleset.text)
    spent = st.ruleset.economy.spend(f.rules, "aoo" if aoo else "attack")  # refused
    extra = _record_effect_conditions(st, target)
    if st.map is not None and name in st._anchors and target in st._anchors:
        situation.setdefault("distance_ft", st.map.distance(name, target))
        if st.map.is_flanked(target):  # the map's flanking, if the catalogue has it
            extra += [c for c in _catalogue_names(st, "flanked") if c not in extra]
    if extra:
        situation["target_conditions"] = tuple(situation.get("target_conditions", ())) \
            + tuple(extra)
    plan = object.__new__(RecordPlan)  # (its fields as given, no __init__: issue 24, "Fast")
    plan.__dict__.update(weapon=weapon, spent=spent, situation=situation, extra=extra, aoo=aoo)
    return plan


def _record_after_attack(st: Encounter, name: str, target: str, weapon: Any, result: Any,
                         extra: list[str], aoo: bool = False) -> None:
    f = st._f[name]
    moved_ft, remaining_ft = _budget_feet(st.ruleset.economy.budget(f.rules))
    st._emit("single_action", actor=name, target=target, data={
        "action": "aoo" if aoo else "attack", "moved_ft": moved_ft,
        "remaining_ft": remaining_ft, "note": None})
    label = weapon if isinstance(weapon, (str, type(None))) else str(weapon)
    st._emit("attack", actor=name, target=target, data={
        "weapon": label, "outcome": result.outcome, "hit": result.hit,
        "critical": result.critical, "against": result.against, "bonus": result.bonus,
        "modifiers": [f"{target} is {c}" for c in extra],
        "damage": {result.damage_type or "untyped": result.damage} if result.hit else {},
        "text": result.text})
    if result.fumble:
        st._emit("fumble", actor=name, target=target, data={
            "weapon": label, "suggestions": list(result.suggestions),
            "rule": getattr(st.ruleset.attack_resolution, "fumble_rule",
                            st.ruleset.text)})
    if not aoo:
        f.update_turn(attacks=f.turn.attacks + 1, last_action="attack")
    if name not in st._gang.get(target, []):
        st._gang.setdefault(target, []).append(name)  # "attacked since its turn"
    if result.target_after is not None:  # the ruleset applied it (a killing blow;
        _record_struck(st, target, result, source=name)  # a parry, HP, Wounds, riders)
    elif result.hit and result.damage > 0:
        st._record_damage(target, result.damage, result.damage_type, source=name)


def _record_struck(st: Encounter, name: str, result: Any, source: str) -> None:
    """Keep the target's record as the attack policy left it (``target_after``: a
    parry spent, Hit Points and Wounds taken, riders), logging the damage it took."""
    health = st.ruleset.health
    before = _read_report(health, st._f[name].rules)
    after = _read_report(health, result.target_after)
    if result.damage > 0:
        kind = result.damage_type or "untyped"
        st._emit("damage", actor=source, target=name, data={
            "amount": result.damage, "type": result.damage_type,
            "damage": {kind: result.damage}, "hp_before": before["hp"],
            "hp_after": after["hp"], "source": source, "events": list(result.events)})
        st._f[name].damage_taken += result.damage
    st._record_commit(name, result.target_after, result.events,
                      why=f"{_possessive(source)} attack", reports=(before, after))


def _catalogue_names(st: Encounter, word: str) -> list[str]:
    """The ruleset catalogue's condition called ``word`` (any spelling), or none, by
    the name its records keep: the catalogue's ``label`` where it has one (wounds:
    ``"Flat Footed"``), else what ``lookup`` finds as text (classic's own names; an
    lfg :class:`~lfgcombat.rules.conditions.conditions.Condition` by its value, never its ``str()``,
    ``"Condition.FLAT_FOOTED"``)."""
    catalogue = st.ruleset.condition_catalogue
    label = getattr(catalogue, "label", None)
    for spelling in dict.fromkeys((word, word.replace("_", "-"), word.replace("_", " "))):
        try:
            found = catalogue.lookup(spelling)
            return [str(label(spelling)) if callable(label)
                    else str(getattr(found, "value", found))]
        except (LfgError, ValueError):
            continue
    return []


def _record_effect_conditions(st: Encounter, name: str) -> list[str]:
    """The encounter's effects on ``name`` as the catalogue's conditions (Top-Down's
    flat-footed start is one): those the catalogue does not know are left out."""
    out: list[str] = []
    for e in st._f[name].effects:
        for c in e.conditions:
            out += [n for n in _catalogue_names(st, str(c).split()[0]) if n not in out]
    return out

# ------------------------------------------------------------------ health


def _record_damage(st: Encounter, name: str, amount: int, dtype: str | None, *,
                   source: str | None, nonlethal: bool = False,
                   record_after: Any = None) -> None:
    """Damage on a record (the health policy decides: disabled, unconscious, dead);
    ``record_after``: the record as the attack policy already left it (a killing
    blow)."""
    f = st._f[name]
    before = st._record_report(name)
    if record_after is None:
        record, events = st.ruleset.health.take_damage(f.rules, amount,
                                                       nonlethal=nonlethal)
    else:
        record, events = record_after, ()
    after = _read_report(st.ruleset.health, record)
    kind = "nonlethal" if nonlethal else (dtype or "untyped")
    st._emit("damage", actor=source if source in st._f else None, target=name, data={
        "amount": amount, "type": dtype, "damage": {kind: amount},
        "hp_before": before["hp"], "hp_after": after["hp"], "source": source,
        "events": list(events)})
    f.damage_taken += amount
    st._record_commit(name, record, events, why=f"{amount} {kind} damage"
                      + (f" from {source}" if source else ""), reports=(before, after))


def _record_heal(st: Encounter, name: str, amount: int, source: str | None) -> None:
    f = st._f[name]
    before = st._record_report(name)
    record, events = st.ruleset.health.heal(f.rules, amount)
    after = _read_report(st.ruleset.health, record)
    st._emit("heal", target=name, data={
        "amount": amount, "hp_before": before["hp"], "hp_after": after["hp"],
        "source": source or "magic", "events": list(events)})
    st._record_commit(name, record, events, why=f"healed {amount}", reports=(before, after))

# ------------------------------------------------------------------ actions


def _record_act(st: Encounter, name: str, action: str, target: str | None,
                note: str | None) -> None:
    """``act`` for a combatant with a record: one of the economy's single actions."""
    economy = st.ruleset.economy
    own = {"attack": "attack(name, target)", "cast_spell": "cast(name, ...)",
           "move": "move(name, to) or move_feet(name, feet)"}
    if "heroic_action" in economy.single_actions:  # classic's; wounds has none
        own["heroic_action"] = "heroic_action(name, ability, gm_mod)"
    if action in own:
        raise IllegalActionError(f"{action} has its own method: encounter."
                                 f"{own[action]}", st.ruleset.text)
    if action not in economy.single_actions:
        raise IllegalActionError(
            f"{short(action)} is not an action of the {st.ruleset.name} round; act() takes "
            f"{', '.join(repr(a) for a in economy.single_actions)} (and move)",
            getattr(economy, "rule", st.ruleset.text))
    _actor(st, name)
    if action == "stabilize":
        _record_stabilize(st, name, target, note)
        return
    if target is not None:
        st._fighter(target)
    _record_spend(st, name, action, note, target)


def _record_stabilize(st: Encounter, name: str, target: str | None, note: str | None) -> None:
    if target is None:
        raise IllegalActionError("Stabilize needs the target: act(name, 'stabilize', "
                                 "target=...)", _health_rule(st))
    t = st._fighter(target)
    if t.dead:
        raise IllegalActionError(f"{target} is dead", _death_rule(st))
    f = st._f[name]
    economy = st.ruleset.economy
    spent = economy.spend(f.rules, "stabilize")
    seen = len(st.roller.history)
    health: Any = st.ruleset.health  # healer_record= where the policy takes it
    extra = ({"healer_record": f.rules}
             if getattr(health, "stabilize_takes_healer_record", False) else {})
    record, events = health.stabilize(t.rules, _named(
        st, name if target == name else f"{name} stabilizes {target}"),
                                      st._view(name), **extra)
    f.rules = spent
    st._log_rolls(seen, actor=name, target=target)
    moved_ft, remaining_ft = _budget_feet(economy.budget(f.rules))
    st._emit("single_action", actor=name, target=target, data={
        "action": "stabilize", "moved_ft": moved_ft,
        "remaining_ft": remaining_ft, "note": note})
    f.update_turn(last_action="stabilize")
    st._record_commit(target, record, events, why=f"{_possessive(name)} Stabilize")


def _record_cast(st: Encounter, name: str, spell_level: int, spell: str | None,
                 target: str | None) -> None:
    """``cast`` for a combatant with a record: the round's single action (the spell's
    effect is the GM's, as under lfg)."""
    _actor(st, name)
    if target is not None:
        st._fighter(target)
    if isinstance(spell_level, bool) or not isinstance(spell_level, int) \
            or spell_level < 0:
        raise IllegalActionError(f"spell_level is a whole number >= 0, not "
                                 f"{short(spell_level)}", st.ruleset.text)
    f = st._f[name]
    economy = st.ruleset.economy
    spent = economy.spend(f.rules, "cast_spell")  # refused before any roll
    seen = len(st.roller.history)
    outcome, notes = economy.cast(spent, _named(st, name), st._view(name), spell_level)
    st._log_rolls(seen, actor=name)
    _record_spend(st, name, "cast_spell", note=spell, target=target)
    st._emit("spell", actor=name, target=target, data={
        "spell": spell, "spell_level": spell_level, "swift": False, "outcome": outcome,
        "notes": list(notes)})


def heroic_action(st: Encounter, name: str, ability: str, gm_mod: int = 0, *,
                  environment: bool = False, what: str | None = None) -> Encounter:
    """A Heroic Action, the round's single action where the ruleset has one
    (002_2a3a79475ca2a541.txt, "Heroic Action": "A player vs. Game Master roll: each
    rolls a d20 and adds the appropriate ability modifier (for a roll against the
    environment the GM adds a default +2). The highest roll wins.").

    Args:
        name: Who acts (on its turn).
        ability: The ability it rolls: ``str``, ``dex``, ``con``, ``int``, ``wis``,
            ``cha``.
        gm_mod: The GM's ability modifier.
        environment: Against the environment (the GM's +2).
        what: What it attempts, in words.

    Raises:
        IllegalActionError: the ruleset's round has no Heroic Action, not its turn, or
            its single action is spent; nothing changes.
    """
    st._do("heroic_action", {"name": name, "ability": ability, "gm_mod": gm_mod,
                             "environment": environment, "what": what})
    return st


@command
def _h_heroic_action(st: Encounter, name: str, ability: str, gm_mod: int, environment: bool,
                     what: str | None) -> None:
    economy = st.ruleset.economy
    f = st._fighter(name)
    if "heroic_action" not in economy.single_actions or f.rules is None:
        raise IllegalActionError(f"the {st.ruleset.name} ruleset has no Heroic Action",
                                 st.ruleset.text)
    _actor(st, name)
    spent = economy.spend(f.rules, "heroic_action")
    seen = len(st.roller.history)
    outcome = economy.heroic(_named(st, name), st._view(name), ability, gm_mod,
                             environment=bool(environment))
    st._log_rolls(seen, actor=name)
    f.rules = spent
    moved_ft, remaining_ft = _budget_feet(economy.budget(spent))
    st._emit("single_action", actor=name, data={
        "action": "heroic_action", "moved_ft": moved_ft,
        "remaining_ft": remaining_ft, "note": what})
    st._emit("heroic_action", actor=name, data={**outcome, "what": what})
    if outcome.get("fumble"):
        st._emit("fumble", actor=name, data={
            "weapon": None, "suggestions": list(_fumble_suggestions(st)),
            "rule": getattr(st.ruleset.attack_resolution, "fumble_rule",
                            st.ruleset.text)})
    f.update_turn(last_action="heroic_action")


def _fumble_suggestions(st: Encounter) -> tuple[str, ...]:
    return tuple(getattr(st.ruleset.attack_resolution, "fumble_suggestions", ()))

# ------------------------------------------------------------------ movement


def move_feet(st: Encounter, name: str, feet: int) -> Encounter:
    """Spend ``feet`` of the round's Move Action without a battle map (the theatre of
    the mind), where the ruleset's round has one (002_2a3a79475ca2a541.txt, "Action
    definitions": "She can move, then perform another action, then continue moving as
    long as she does not move further than their full movement").

    Raises:
        IllegalActionError: the ruleset has no Move Action of feet (lfg: move on the
            map), not its turn, or further than its movement left; nothing changes.
    """
    st._do("move_feet", {"name": name, "feet": feet})
    return st


@command
def _h_move_feet(st: Encounter, name: str, feet: int) -> None:
    f = st._fighter(name)
    if f.rules is None:
        raise IllegalActionError("under this ruleset a creature moves on the battle map "
                                 "(move(name, to)), a Big Action", st.ruleset.text)
    _actor(st, name)
    st._record_move(name, feet, path=None)


def _record_move(st: Encounter, name: str, feet: int, path: list[Any] | None) -> None:
    f = st._f[name]
    if isinstance(feet, bool) or not isinstance(feet, int) or feet < 0:
        raise IllegalActionError(f"feet is a whole number >= 0, not {short(feet)}",
                                 st.ruleset.text)
    economy = st.ruleset.economy
    f.rules = economy.move(f.rules, feet)
    _moved, remaining_ft = _budget_feet(economy.budget(f.rules))
    st._emit("moved", actor=name, data={
        "action": "move", "path": st._path_json(path) if path else [],
        "feet": feet, "feet_left": remaining_ft, "continued": False,
        "notes": []})
    f.update_turn(last_action="move")


def _record_stand_up(st: Encounter, name: str) -> None:
    """``stand_up`` for a combatant with a record: its economy's cost, Prone gone."""
    f = st._f[name]
    economy = st.ruleset.economy
    record = economy.stand_up(f.rules)
    moved_ft, remaining_ft = _budget_feet(economy.budget(record))
    st._emit("moved", actor=name, data={
        "action": "stand_up", "path": [], "feet": moved_ft,
        "feet_left": remaining_ft, "continued": False, "notes": []})
    f.update_turn(last_action="stand_up")
    st._record_commit(name, record, (), why="stands up")

# ------------------------------------------------------------------ conditions


def _record_condition(st: Encounter, name: str, condition: str, add: bool) -> None:
    f = st._f[name]
    if f.dead:
        raise IllegalActionError(f"{name} is dead", _death_rule(st))
    catalogue = st.ruleset.condition_catalogue
    try:
        record = (catalogue.add_to(f.rules, condition) if add
                  else catalogue.remove_from(f.rules, condition))
    except LfgError as exc:
        if isinstance(exc, IllegalActionError):
            raise
        raise IllegalActionError(str(exc), getattr(catalogue, "rule",
                                                   st.ruleset.text)) from None
    st._record_commit(name, record, (), why="given" if add else "removed")

# ------------------------------------------------------------------ Barrier and Shell


def gain_barrier(st: Encounter, name: str, strength: int, total: int) -> Encounter:
    """``name`` gains Barrier ``strength``/``total`` (a spell, an item: the GM's call),
    where the ruleset has Barriers (``wounds``: 003_de0e94afd49609a7.txt, "Barrier
    represents": "Barrier effects do not stack - the highest Barrier overwrites any
    others"; the greater strength, then total, is the higher). A command: undo, save
    and replay keep it.

    Raises:
        IllegalActionError: the ruleset has no Barrier, or ``name`` is dead or unknown.
        WoundsError: ``strength`` or ``total`` not a whole number >= 1. Nothing changes.
    """
    st._do("gain_barrier", {"name": name, "strength": strength, "total": total})
    return st


@command
def _h_gain_barrier(st: Encounter, name: str, strength: int, total: int) -> None:
    health: Any = _protection_policy(st, name)
    record, events = health.gain_barrier(st._f[name].rules, strength, total)
    st._record_commit(name, record, events, why="gains a Barrier")


def gain_shell(st: Encounter, name: str, amount: int) -> Encounter:
    """``name`` gains a Shell of ``amount``, where the ruleset has Shells (``wounds``:
    003_de0e94afd49609a7.txt, "Shell operates similarly": "Shell typically lasts for
    just one round [...] Shell does not stack with Shell - the highest one overwrites").
    It lasts a round from now: to the third start or end of its owner's turn
    (:data:`lfgcombat.rulesets.wounds.health.SHELL_MARKS`, inferred). A command: undo, save and
    replay keep it.

    Raises:
        IllegalActionError: the ruleset has no Shell, or ``name`` is dead or unknown.
        WoundsError: ``amount`` is not a whole number >= 1. Nothing changes.
    """
    st._do("gain_shell", {"name": name, "amount": amount})
    return st


@command
def _h_gain_shell(st: Encounter, name: str, amount: int) -> None:
    health: Any = _protection_policy(st, name)
    record, events = health.gain_shell(st._f[name].rules, amount)
    st._record_commit(name, record, events, why="gains a Shell")


def _protection_policy(st: Encounter, name: str) -> Any:
    """The health policy that gives ``name`` a Barrier or Shell (wounds').

    Raises:
        IllegalActionError: the ruleset has none, or ``name`` is dead.
    """
    f = st._fighter(name)
    health = st.ruleset.health
    if f.rules is None or not hasattr(health, "gain_shell"):
        raise IllegalActionError(
            f"the {st.ruleset.name} ruleset has no Barrier or Shell (they are rules of "
            "003_de0e94afd49609a7.txt, \"Barrier represents\"); play the encounter with "
            "ruleset='wounds'", st.ruleset.text)
    if f.dead:
        raise IllegalActionError(f"{name} is dead", _death_rule(st))
    return health

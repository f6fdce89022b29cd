"""Hit points in an encounter: damage, healing and Temporary HP.

000_8d1d7816ee944f3b.txt, "Injury & Injured Threshold", "Unconscious & Dying", "Stabilize when
Dying", "Death", "Healing lost HP", "Temporary Hit Points (TempHP)", "Bleed X". Every change
of HP goes through :class:`lfgcombat.rules.health.vitals.Vitals` (the ruleset's health model); the
encounter adds what only it knows: a creature that falls unconscious falls Prone; Weakened
beyond Stage 5 deals its 1d6; rounds of bleeding are counted.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from lfgcombat.shortrepr import short
from ..citations import cite as _rule
from ..conditions.conditions import MAX_WEAKENED_STAGE, Condition
from lfgcombat.errors import IllegalActionError
from .vitals import HEAL_SOURCES, Vitals
from .._citations import R_DEATH, R_INJURY
from lfgcombat.engine.commands import command

if TYPE_CHECKING:
    from lfgcombat.engine.encounter import Encounter


R_DYING = _rule("Unconscious & Dying: Your conscious body has shut down, but you are still "
                "alive.")
R_STABILIZE = _rule("Stabilize when Dying")
R_BLEED = _rule("Bleed X")
R_HEAL = _rule("Healing lost HP")
R_TEMP = _rule("Temporary Hit Points (TempHP)")


# Health: Damage, healing and Temporary HP through the one HP seam.


def damage(st: Encounter, name: str, amount: int, type: str | None = None, *,
           by: str | None = None, nonlethal: bool = False) -> Encounter:
    """Deal damage (the GM, or an attack resolved by hand).

    000_8d1d7816ee944f3b.txt, "Taking Damage", "Temporary Hit Points (TempHP)" (lost
    first), "Unconscious & Dying" ("If you are struck to 0 Hit Points or less, you fall
    unconscious and gain +1 Weakened Stage. If struck to 0HP or less by a Slashing or
    Piercing weapon, you also gain Bleed 1"), "Death" (-CON score) and "NPC & Enemy
    Death" (-level for goons and NPCs).

    Args:
        name: Who takes it.
        amount: Hit points (>= 0).
        type: A damage type, by name or by the text's abbreviation (``slashing``,
            ``s``, ``fire``, ``elec``, ``PE``...), if known.
        by: Who dealt it (for the log).
        nonlethal: Nonlethal damage, where the ruleset's health has it
            (002_2a3a79475ca2a541.txt, "Nonlethal Damage": "Nonlethal damage
            accumulates with standard damage"); refused under lfg.
    """
    args = {"name": name, "amount": amount, "type": type, "by": by}
    if nonlethal is not False:  # (an lfg command logs exactly what it always did)
        args["nonlethal"] = nonlethal
    st._do("damage", args)
    return st


@command
def _h_damage(st: Encounter, name: str, amount: int, type: str | None, by: str | None,
              nonlethal: bool = False) -> None:
    f = st._fighter(name)
    if by is not None:
        st._fighter(by)
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
        raise IllegalActionError(f"damage is a whole number >= 0, not {short(amount)}",
                                 _rule("Taking Damage"))
    if type is not None:
        model = st.ruleset.damage_model
        try:
            found = model.damage_type(type)  # lfg's a DamageType; a ruleset's may be a name
            type = str(getattr(found, "value", found))
        except ValueError:
            raise IllegalActionError(f"unknown damage type {short(type)}; types: "
                                     f"{', '.join(model.labels())}",
                                     _rule("Damage in Combat")) from None
    if f.dead:
        raise IllegalActionError(f"{name} is already dead", R_DEATH)
    if not isinstance(nonlethal, bool):
        raise IllegalActionError(f"nonlethal is True or False, not {short(nonlethal)}",
                                 _rule("Taking Damage"))
    if f.rules is not None:  # a ruleset's record: its health policy takes it
        st._record_damage(name, amount, type, source=by, nonlethal=nonlethal)
        return
    if nonlethal:
        raise IllegalActionError(f"the {st.ruleset.name} ruleset has no nonlethal "
                                 "damage (classic has: 002_2a3a79475ca2a541.txt, "
                                 "\"Nonlethal Damage\")", _rule("Taking Damage"))
    st._apply_damage(name, amount, type, struck=True, source=by)


def _vitals(st: Encounter, name: str) -> Vitals:
    """The creature's :class:`~lfgcombat.rules.health.vitals.Vitals` now (the issue-4 model of hit
    points and dying), with the rounds it has bled, which only the encounter counts."""
    f = st._f[name]
    if f.rules is not None:
        raise IllegalActionError(
            f"{name} is played by the {st.ruleset.name} ruleset's own record, not lfg's "
            "Vitals: read Encounter.state(name) (this lfg rule does not apply)",
            st.ruleset.text)
    v = st.ruleset.health.vitals(f.creature)
    rounds, dead = f.bleed_rounds if v.bleed else 0, v.dead or f.dead
    if v.bleed_rounds == rounds and v.dead == dead:
        return v  # frozen: no copy needed (issue 24, "Fast")
    return v.evolved(bleed_rounds=rounds, dead=dead)


def _log_living_status(st: Encounter, name: str, old: Vitals, new: Vitals, fell: bool) -> None:
    """Log a living creature's changes: unconscious or conscious again ("Unconscious &
    Dying"), knocked out, Injured or no longer."""
    if fell:
        st._emit("vitals", target=name, data={
            "status": "unconscious", "hp": new.hp, "rule": R_DYING})
    elif old.unconscious and not new.unconscious:
        st._emit("vitals", target=name, data={
            "status": "conscious", "hp": new.hp, "rule": R_DYING})
    if new.knocked_out and not old.knocked_out:
        st._emit("vitals", target=name, data={
            "status": "knocked out", "hp": new.hp,
            "rule": _rule("Knockout Strike (Attack Action, No AOO)")})
    if new.injured != old.injured:
        st._emit("vitals", target=name, data={
            "status": "injured" if new.injured else "no longer injured",
            "hp": new.hp, "threshold": new.injured_threshold, "rule": R_INJURY})


def _commit_vitals(st: Encounter, name: str, old: Vitals, new: Vitals, *, why: str) -> None:
    """Write ``new`` back to the creature and log what changed (status, Bleed, Weakened,
    knockout, conditions from damage). Every HP rule lives in :class:`Vitals`; this only
    records its verdicts."""
    f = st._f[name]
    f.creature = new.to_creature(f.creature)
    f.bleed_rounds = new.bleed_rounds if new.bleed else 0
    st._touch(name)
    fell = not old.unconscious and new.unconscious and not new.knocked_out
    if new.dead and not f.dead:
        f.dead = True
        c = f.creature
        st._emit("vitals", target=name, data={
            "status": "dead", "hp": new.hp, "threshold": new.death_threshold,
            "rule": c.death_threshold.rule})
    elif not new.dead:
        _log_living_status(st, name, old, new, fell)
    for cond, a, b in (("bleed", old.bleed, new.bleed),
                       ("weakened", old.weakened, new.weakened)):
        if a == b:
            continue
        change = "gained" if not a else "lost" if not b else "changed"
        if not b:
            f.timers.pop(cond, None)
        st._emit("condition", target=name, data={
            "change": change, "condition": f"{cond} {b}" if b else cond,
            "why": why, "rule": R_BLEED if cond == "bleed" else _rule("Weakened")})
    for x in new.extra:
        if x not in old.extra:
            st._emit("condition", target=name, data={
                "change": "gained", "condition": x, "why": why})
    if old.dying and new.stable:
        st._emit("vitals", target=name, data={
            "status": "stable", "hp": new.hp, "rule": R_STABILIZE})


def _apply_damage(st: Encounter, name: str, amount: int, dtype: str | None, *, struck: bool,
                  source: str | None, known: tuple[Vitals, Vitals] | None = None) -> None:
    """The one seam where HP go down: :meth:`lfgcombat.rules.health.vitals.Vitals.damage` decides
    (Temporary HP first, Injured, unconscious at 0 HP or less with +1 Weakened Stage,
    Bleed 1 from a slashing or piercing strike stacking up to the level, death at -CON
    score or -level), and the encounter records it and adds what only it knows: the
    fall to Prone lasts after waking ("An Unconscious creature falls Prone"), Weakened
    beyond Stage 5 deals its 1d6, Aim is lost, sleep ends, an interrupted caster's
    Perseverance check is due.

    Untyped damage (``dtype=None``) never causes Bleed (its type is unknown).

    ``known``: ``(vitals before, after)`` of this very strike as an attack worked them
    out (``Vitals.damage`` of ``amount`` of ``dtype``, struck); used when the vitals
    before are these (issue 24, "Fast": the strike was worked out twice).
    """
    f = st._f[name]
    old = st._vitals(name)
    if known is not None and struck and dtype is not None and \
            (known[0] is old or known[0] == old):
        new = known[1]
    else:
        new = old.damage(amount, dtype or "bludgeoning", struck=struck and dtype is not None)
    events = list(new.events) if dtype is not None else [
        e.replace(" bludgeoning damage", " damage") for e in new.events]
    st._emit("damage", actor=source if source in st._f else None, target=name, data={
        "amount": amount, "type": dtype, "damage": {dtype or "untyped": amount},
        "temp_hp_before": old.temp_hp, "temp_hp_after": new.temp_hp,
        "hp_before": old.hp, "hp_after": new.hp, "source": source, "events": events})
    f.damage_taken += amount
    st._commit_vitals(name, old, new, why=f"{amount} {dtype or 'untyped'} damage"
                      + (f" from {source}" if source else ""))
    for e in list(f.effects) if f.effects else ():  # Aim is lost when struck
        if e.lost_on_action and amount > 0:
            st._end_effect(name, e, f"{name} was struck")
    if st._has(name, Condition.ASLEEP) and new.hp < old.hp:
        st._lose_condition(name, Condition.ASLEEP, why="woken by damage")
    if amount > 0:
        st._note_disruption(name, amount, source)
    fell = not old.unconscious and new.unconscious
    if fell and not st._has(name, Condition.PRONE):
        st._gain(name, "prone", by=None, why="falls prone as it falls unconscious "
                 "(\"An Unconscious creature falls Prone\"); it stays prone after "
                 "waking until it stands up")
    if fell and old.weakened >= MAX_WEAKENED_STAGE:  # "Weakened, Stage 5+": 1d6 instead
        r = st._roll("1d6", label=f"{name}: Weakened beyond Stage 5 (1d6 biological)",
                     actor=name)
        st._apply_damage(name, r.total, "biological", struck=False, source="weakened")


def heal(st: Encounter, name: str, amount: int, *, reduces_bleed: bool = True,
         source: str | None = None) -> Encounter:
    """Heal hit points, up to the maximum, by :meth:`lfgcombat.rules.health.vitals.Vitals.heal`.

    000_8d1d7816ee944f3b.txt, "Healing lost HP": "Healing can never bring your HP above
    your HP Maximum"; "Magical healing and HP healed from the Heal Skill reduce Bleed
    damage by the amount of HP healed" (Ex: Bleed 3 healed +2HP is Bleed 1); "You cannot
    heal naturally if you are bleeding". Above 0 HP the creature regains consciousness
    ("Unconscious & Dying"). The dead cannot be healed ("Death").

    Args:
        name: Who is healed.
        amount: HP (>= 0).
        reduces_bleed: ``False``: healing that leaves Bleed as it is (an ability that
            says so); ignored when ``source`` is given.
        source: ``magic`` (default), ``heal_skill`` or ``natural`` (a rest; refused
            while bleeding).
    """
    st._do("heal", {"name": name, "amount": amount, "reduces_bleed": bool(reduces_bleed),
                    "source": source})
    return st


@command
def _h_heal(st: Encounter, name: str, amount: int, reduces_bleed: bool,
            source: str | None = None) -> None:
    f = st._fighter(name)
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
        raise IllegalActionError(f"healing is a whole number >= 0, not {short(amount)}", R_HEAL)
    if source is not None and source not in HEAL_SOURCES:
        raise IllegalActionError(f"source must be one of {', '.join(HEAL_SOURCES)}, not "
                                 f"{short(source)}", R_HEAL)
    if f.dead:
        raise IllegalActionError(f"{name} is dead: \"A dead creature cannot be brought back "
                                 "to life by healing lost Hit Points\"", R_DEATH)
    if f.rules is not None:  # a ruleset's record: its health policy heals
        st._record_heal(name, amount, source)
        return
    old = st._vitals(name)
    if source is None and not reduces_bleed:
        new = dataclasses.replace(old, bleed=0).heal(amount, "magic")
        new = dataclasses.replace(new, bleed=old.bleed, bleed_rounds=old.bleed_rounds)
    else:
        new = old.heal(amount, source or "magic")  # raises for natural healing + Bleed
    st._emit("heal", target=name, data={
        "amount": amount, "hp_before": old.hp, "hp_after": new.hp,
        "bleed_before": old.bleed, "bleed_after": new.bleed,
        "source": source or ("magic" if reduces_bleed else "other"),
        "events": list(new.events)})
    st._commit_vitals(name, old, new, why=f"healed {amount}")


def temp_hp(st: Encounter, name: str, amount: int) -> Encounter:
    """Gain Temporary HP by :meth:`lfgcombat.rules.health.vitals.Vitals.gain_temp_hp`: "You may
    never
    have more Temporary HP than 25% of your Maximum HP" ("Temporary Hit Points
    (TempHP)"); several gains add up to that cap (the Vitals decision: the text states
    only the cap)."""
    st._do("temp_hp", {"name": name, "amount": amount})
    return st


@command
def _h_temp_hp(st: Encounter, name: str, amount: int) -> None:
    f = st._fighter(name)
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
        raise IllegalActionError(f"Temporary HP are a whole number >= 0, not {short(amount)}",
                                 R_TEMP)
    if f.dead:
        raise IllegalActionError(f"{name} is dead", R_DEATH)
    old = st._vitals(name)
    new = old.gain_temp_hp(amount)
    st._emit("temp_hp", target=name, data={"before": old.temp_hp, "after": new.temp_hp,
                                           "cap": old.temp_hp_cap,
                                           "events": list(new.events)})
    st._commit_vitals(name, old, new, why="Temporary HP")

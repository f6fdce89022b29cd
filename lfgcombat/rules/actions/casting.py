"""Casting a spell in combat.

000_8d1d7816ee944f3b.txt, "Casting a Spell" and "What if my turn is interrupted by an
Interrupt Turn?" (an interrupted caster who takes damage checks Perseverance). Decision: DC15,
DC25 from 10 damage (inferred); one check against the hardest DC when the caster's bonus is
given.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lfgcombat.shortrepr import short
from ..citations import cite as _rule
from lfgcombat.errors import IllegalActionError
from .._citations import R_ACTIONS, R_CONDITIONS, R_PAUSED
from lfgcombat.engine.commands import command

if TYPE_CHECKING:
    from lfgcombat.engine.encounter import Encounter


R_CAST = _rule("Casting a Spell")


#: Perseverance DCs of an interrupted caster who takes damage ("What if my turn is
#: interrupted by an Interrupt Turn?": "DC15 or DC25 based on damage, see Perseverance in
#: Ch 4.16"; Ch 4.16 is not in the text). Inferred: DC25 from 10 damage up, the only damage
#: threshold the text gives a casting Perseverance check ("If you take 10+ Damage, add +5DC",
#: Spell-Like Abilities).
INTERRUPTED_CASTER_DC = 15


INTERRUPTED_CASTER_DC_HEAVY = 25


INTERRUPTED_CASTER_HEAVY_DAMAGE = 10

#: The letters of a spell's components: Verbal, Somatic, Material (000_8d1d7816ee944f3b.txt
#: writes "somatic (S) components"; V and M are inferred from the same d20 notation).
SPELL_COMPONENTS = "VSM"


def spell_components(raw: Any) -> str | None:
    """A spell's components as given to :meth:`CastingRules.cast` (``"VS"``, ``"V, S, M"``,
    any case), checked: the letters of :data:`SPELL_COMPONENTS` in that order, each once;
    ``None`` when not given (the kit then does not know them).

    Raises:
        IllegalActionError: not text, an unknown letter.
    """
    if raw is None:
        return None
    if not isinstance(raw, str):
        raise IllegalActionError(f"components: the spell's components as letters, e.g. "
                                 f"'VS', not {raw!r:.40}", R_CAST)
    letters = raw.upper().replace(",", "").replace(" ", "")
    bad = sorted(set(letters) - set(SPELL_COMPONENTS))
    if bad:
        raise IllegalActionError(f"components: {', '.join(bad)} is not V (verbal), S "
                                 f"(somatic) or M (material), in {raw!r:.40}", R_CAST)
    return "".join(c for c in SPELL_COMPONENTS if c in letters)


# Casting: Casting, and the Perseverance check of a disrupted caster.


def cast(st: Encounter, name: str, spell_level: int = 0, spell: str | None = None, *,
         target: str | None = None, swift: bool = False, aoo: Any = None,
         perseverance: int | None = None, components: str | None = None,
         note: str | None = None) -> Encounter:
    """Cast a Spell: a Big Action that provokes (or a Swift Action that does not, for
    spells cast that way); 1 spell per turn.

    000_8d1d7816ee944f3b.txt, "Actions in Combat What can I do on my turn?" ("You may
    only cast 1 Spell Per Turn!"), "COMBAT ACTIONS for BEGINNERS" ("Level 1-4: You can
    only use 1 Big Action to Attack or Cast a Spell!"), "Attacks Per Turn" ("A
    spellcaster of level 5+ can use 1 Big Action to cast a spell and 1 Big Action to make
    a normal attack"), "What actions normally Provoke AOO?". The conditions' spell rules
    apply: impossible casting is refused.

    Perseverance checks ("or the spell fails"): the conditions' DCs (Injured
    DC(10+SL)...), the Run Action's DC(10+2xSL) ("Running in Combat – Full Details"),
    and the interrupted caster's: "If you are interrupted & take damage while attempting
    to cast a spell, you must roll a Perseverance check or lose the spell (DC15 or DC25
    based on damage)" ("What if my turn is interrupted by an Interrupt Turn?"). The
    encounter counts as interrupting the spell both an Interrupt Turn that paused the
    caster (unless it named another action with ``before=``) and the AOO the casting
    provokes, which strikes before the spell takes effect ("A Reaction ... immediately
    interrupts the turn order"); DC25 from 10 damage (inferred, see
    :data:`INTERRUPTED_CASTER_DC_HEAVY`). A caster the AOO drops loses the spell.
    The checks are recorded in the log with their DCs; with ``perseverance`` (the
    caster's Perseverance skill bonus: skills are not on :class:`Creature`) one check is
    rolled against the hardest DC, with the conditions' d20 modifiers, and a failure
    loses the spell (it still was the turn's one spell and its action).

    Args:
        name: The caster (on its turn).
        spell_level: 0 to 9.
        spell: Its name, for the log.
        target: Its target, for the log.
        swift: A spell cast as a Swift Action (does not provoke).
        aoo: Who takes the AOO the casting provokes (``None``, ``"all"`` or names).
        perseverance: The caster's Perseverance bonus; ``None``: checks are recorded
            for the GM to roll.
        components: The spell's components, e.g. ``"VS"`` (:func:`spell_components`);
            ``None``: unknown. A spell with S is refused while the caster wields two
            shields ("You cannot cast spells with somatic (S) components while
            wielding two shields", "Weird Situation - Using Two Shields at the same
            time"); unknown components leave a note on the spell instead.
        note: The GM's words on the casting, for the log ("Chessan casts Sleep on Orc 1
            (the two nearest)", issue 26); ``None``: none.

    Raises:
        IllegalActionError: why the spell cannot be cast now; nothing changes.
    """
    args = {"name": name, "spell_level": spell_level, "spell": spell,
            "target": target, "swift": bool(swift), "aoo": aoo,
            "perseverance": perseverance}
    if components is not None:  # recorded only when given: older saves replay as before
        args["components"] = spell_components(components)
    if note is not None:  # recorded only when given, as components: older saves replay
        args["note"] = _cast_note(note)
    st._do("cast", args)
    return st


@command
def _h_cast(st: Encounter, name: str, spell_level: int, spell: str | None, target: str | None,
            swift: bool, aoo: Any, perseverance: int | None = None,
            components: str | None = None, note: str | None = None) -> None:
    if st._fighter(name).rules is not None:  # a ruleset's record: its round
        if swift or perseverance is not None or aoo is not None:
            raise IllegalActionError(
                f"the {st.ruleset.name} round casts a spell as its single action: no "
                "swift casting, Perseverance or AOO", st.ruleset.text)
        st._record_cast(name, spell_level, spell, target)
        if note:  # the ruleset's own spell line has no note: the GM's words follow it
            on = f" on {target}" if target else ""
            st._emit("note", actor=name, target=target, data={
                "text": f"{name} casts {spell or 'a spell'}{on} ({note})"})
        return
    f = st._actor(name)
    sc = st._check_cast(name, spell_level, target, perseverance,
                        spell_components(components))
    type_ = "swift" if swift else "big"
    st._check_spend(name, type_, "cast_spell")
    provokers = [] if swift else st._threatening_enemies(name)
    offered, take = st._provocation(name, provokers, aoo, "cast_spell")
    st._spend(name, type_, "cast_swift_spell" if swift else "cast_spell", target=target)
    f.update_turn(spells=f.turn.spells + 1, cast_this_turn=True)
    dcs = [[label, dc] for label, dc in sc.perseverance]
    if f.turn.ran:
        dcs.append(["ran this turn (Running in Combat – Full Details)",
                    10 + 2 * spell_level])
    if f.turn.disrupted:
        dmg = f.turn.disrupted["damage"]
        dcs.append([f"interrupted and damaged ({dmg}) while attempting to cast (What if "
                    "my turn is interrupted by an Interrupt Turn?)",
                    _interrupted_caster_dc(dmg)])
        f.update_turn(disrupted=None)
    # the AOO strikes as the caster drops its guard, before the spell takes effect
    taken_before = f.damage_taken
    st._resolve_provocation(name, offered, take, "cast_spell")
    struck = f.damage_taken - taken_before
    if struck and not f.dead:
        dcs.append([f"damaged ({struck}) by an AOO while casting (What if my turn is "
                    "interrupted by an Interrupt Turn?; Reactions & AOO:)",
                    _interrupted_caster_dc(struck)])
    outcome = "cast"
    dropped = st._can_go_on(name, prone_before=True)
    if dropped and (f.dead or st._vitals(name).unconscious):
        outcome = f"lost: {dropped} before the spell took effect"
    elif dcs:
        outcome = _perseverance_to_cast(st, name, dcs, perseverance)
    st._emit("spell", actor=name, target=target, data={
        "spell": spell, "spell_level": spell_level, "swift": swift,
        "perseverance_dcs": dcs, "failure_pct": dict(sc.failure_pct),
        "notes": list(sc.notes), "outcome": outcome, **({"note": note} if note else {})})


def _cast_note(note: Any) -> str:
    """The GM's note on a casting, stripped; refused unless it is text."""
    if not isinstance(note, str):
        raise IllegalActionError(f"note: the GM's words on the spell, as text, not "
                                 f"{short(note)}", R_CAST)
    return note.strip()


def _check_cast(st: Encounter, name: str, spell_level: int, target: str | None,
                perseverance: int | None, components: str | None = None) -> Any:
    """May ``name`` cast now (000_8d1d7816ee944f3b.txt, "Casting Spells & using Magic
    Abilities (SLA/Su)": "You may only cast 1 Spell Per Turn!"; "Attacks Per Turn": at
    levels 0-4 one Big Action attacks or casts)? Returns the creature's spellcasting at that
    level; raises why not."""
    f = st._f[name]
    if isinstance(spell_level, bool) or not isinstance(spell_level, int) or \
            not 0 <= spell_level <= 9:
        raise IllegalActionError(f"spell_level is 0 to 9, not {short(spell_level)}", R_CAST)
    if perseverance is not None and (isinstance(perseverance, bool)
                                     or not isinstance(perseverance, int)):
        raise IllegalActionError(f"perseverance is the caster's Perseverance bonus (a "
                                 f"whole number) or None, not {short(perseverance)}", R_PAUSED)
    if target is not None:
        st._fighter(target)
    v = st._view(name)
    if f.turn.spells:
        raise IllegalActionError(f"{name} already cast a spell this turn: \"You may only "
                                 "cast 1 Spell Per Turn!\"", R_ACTIONS)
    if st.ruleset.economy.one_attack_or_cast(v.level) and f.turn.attacks:
        raise IllegalActionError(f"{name} (level {v.level}) already attacked this turn: "
                                 "\"Level 1-4: You can only use 1 Big Action to Attack or "
                                 "Cast a Spell!\"", _rule("COMBAT ACTIONS for BEGINNERS"))
    sc = v.spellcasting(spell_level)
    if not sc.possible:
        raise IllegalActionError(f"{name} cannot cast: " + "; ".join(sc.notes),
                                 R_CONDITIONS)
    return st._two_shields_cast_note(name, sc, components)


def _perseverance_to_cast(st: Encounter, name: str, dcs: list[list[Any]],
                          perseverance: int | None) -> str:
    """The Perseverance check against the hardest DC ("What if my turn is interrupted by
    an Interrupt Turn?"): rolled when the caster's bonus is given, else left to the
    table. Returns the spell's outcome."""
    dc = max(d for _, d in dcs if d is not None) if any(
        d is not None for _, d in dcs) else None
    if perseverance is None or dc is None:
        st._emit("check", actor=name, data={
            "check": "perseverance", "dcs": dcs, "dc": dc, "rolled": False,
            "outcome": "required", "rule": R_PAUSED})
        return "pending: Perseverance " + (f"DC{dc}" if dc is not None else "check") \
            + " or the spell fails (roll it at the table)"
    mod = st._view(name).skill_modifier("skill")
    bonus = perseverance + int(mod)
    r = st._roll(f"1d20{bonus:+d}", label=f"{name} Perseverance check to cast "
                 f"(DC {dc})", actor=name, against=dc, fortune=mod.fortune)
    ok = r.total >= dc
    st._emit("check", actor=name, data={
        "check": "perseverance", "dcs": dcs, "dc": dc, "rolled": True,
        "bonus": bonus, "total": r.total,
        "outcome": "success" if ok else "failure", "rule": R_PAUSED})
    return "cast" if ok else "lost: failed the Perseverance check"


def _interrupted_caster_dc(damage: int) -> int:
    """DC15, or DC25 for 10 damage or more ("DC15 or DC25 based on damage"; the 10 is
    inferred, see :data:`INTERRUPTED_CASTER_DC_HEAVY`)."""
    return (INTERRUPTED_CASTER_DC_HEAVY if damage >= INTERRUPTED_CASTER_HEAVY_DAMAGE
            else INTERRUPTED_CASTER_DC)


def _note_disruption(st: Encounter, name: str, amount: int, source: str | None) -> None:
    """An interrupted creature that takes damage while its turn is paused must pass a
    Perseverance check to cast the spell it was attempting ("What if my turn is
    interrupted by an Interrupt Turn?"). Decision: the spell is the first one it casts
    when its turn resumes, unless the interrupt named another action (``before=``)."""
    f = st._f[name]
    for fr in st._frames[:-1]:
        if name not in st._frame_members(fr):
            continue
        before = fr.paused_before
        if before not in (None, "cast_spell"):
            return
        d = dict(f.turn.disrupted or {"damage": 0, "by": []})
        d["damage"] += amount
        if source and source not in d["by"]:
            d["by"] = [*d["by"], source]
        f.update_turn(disrupted=d)
        return

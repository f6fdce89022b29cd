"""What issue 24's speed work keeps instead of making again must answer exactly as before.

Issue 24, item 6 ("Fast"): "The same fights, the same dice, the same events". The golden
fights (``tests/test_golden.py``) prove the fights; these tests pin the kept values' own
contracts: ``jsonable`` gives what the JSON round trip gave, ``Creature.replace`` of the
vitals gives what ``from_dict`` gives (and refuses what it refuses), a kept weapon is the
weapon, and ``Encounter.state`` hands out its own copy that follows the log (a step, an
undo).
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lfgcombat import Encounter
from lfgcombat.rules.attacks import resolve_weapon
from lfgcombat.rules.weapons import _entry_weapon
from lfgcombat.creature import Creature, CreatureError, load_example
from lfgcombat.errors import LfgError
from lfgcombat.engine.log.events import jsonable

_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=5),
                     st.floats(allow_nan=True, allow_infinity=True))
_KEYS = st.one_of(st.text(max_size=3), st.integers(), st.booleans(), st.none())
_VALUES = st.recursive(_SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.tuples(inner, inner),
    st.dictionaries(_KEYS, inner, max_size=4)), max_leaves=12)


def _round_trip(value):
    try:
        return json.loads(json.dumps(value, allow_nan=False, ensure_ascii=False))
    except (TypeError, ValueError):
        return LfgError


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(_VALUES)
def test_jsonable_is_the_json_round_trip(value):
    expected = _round_trip(value)
    if expected is LfgError:
        with pytest.raises(LfgError):
            jsonable(value)
        return
    got = jsonable(value)
    assert json.dumps(got) == json.dumps(expected)  # the same values, keys and types
    assert repr(got) == repr(expected)


@pytest.mark.parametrize("name", ["wulfric", "orc", "orc_shaman", "chessan", "ogre"])
@pytest.mark.parametrize("cur,temp,conds", [
    (3, 0, ["bleed 1", "prone"]), (-2, 1, ["weakened 2"]), (None, 0, []),
    (0, 0, ["unconscious", "bleed 1", "weakened 1"])])
def test_replace_of_the_vitals_is_from_dict(name, cur, temp, conds):
    c = load_example(name)
    fast = c.replace(current_hp=cur, temp_hp=temp, conditions=conds)
    full = Creature.from_dict({**c.to_dict(), "current_hp": cur, "temp_hp": temp,
                               "conditions": conds})
    assert fast == full and repr(fast) == repr(full)
    assert fast.to_dict() == full.to_dict()


def test_replace_of_an_effects_bonuses_is_from_dict():
    c = load_example("wulfric")
    bonuses = [{"to": "ac", "value": -2, "source": "power attack"},
               {"to": "ac", "value": 2, "type": "gear", "source": "shield"}]
    fast = c.replace(conditions=["prone"], bonuses=bonuses)
    full = Creature.from_dict({**c.to_dict(), "conditions": ["prone"], "bonuses": bonuses})
    assert fast == full and repr(fast) == repr(full)
    for bad in ([{"to": "nothing", "value": 1}], [{"to": "ac", "value": 10**6}], "ac +2"):
        with pytest.raises(CreatureError) as got:
            c.replace(bonuses=bad)
        with pytest.raises(CreatureError) as want:
            Creature.from_dict({**c.to_dict(), "bonuses": bad})
        assert str(got.value) == str(want.value)


_STATS = ("ac", "ff_ac", "touch_ac", "ac_vs_crit", "hr", "max_hp", "injured_threshold",
          "death_threshold", "temp_hp_cap", "melee_attack", "ranged_attack", "actions")


def _readings(c: Creature) -> list:
    return [repr(getattr(c, s)) for s in _STATS] + [
        repr(c.armor_class("ac", against=a, distance_ft=d))
        for a, d in (("melee", None), ("ranged", 5), ("ranged", 30))]


@pytest.mark.parametrize("name", ["wulfric", "orc", "ogre"])
@pytest.mark.parametrize("cur,conds", [
    (None, []), (5, []), (1, ["prone"]), (0, ["bleed 1"]), (-3, []), (2, ["unconscious"])])
def test_a_struck_creature_keeps_only_the_stats_its_hp_leaves_alone(name, cur, conds):
    """A creature whose HP or conditions changed hands on its AC, attack bonuses, max HP...
    only when the conditions in effect (those from HP too: Injured, Unconscious, Dying,
    000_8d1d7816ee944f3b.txt "Unconscious & Dying") are the same; every reading equals a
    creature read afresh."""
    c = load_example(name)
    _readings(c)  # kept on c
    struck = c.replace(current_hp=cur, conditions=conds)
    handed_on = "_kept_stats" in struck.__dict__
    assert handed_on == (struck.active_conditions.entries == c.active_conditions.entries)
    fresh = Creature.from_dict({**c.to_dict(), "current_hp": cur, "conditions": conds})
    assert _readings(struck) == _readings(fresh)


@pytest.mark.parametrize("change", [
    {"current_hp": 10**6}, {"current_hp": True}, {"current_hp": 99}, {"temp_hp": 500},
    {"temp_hp": -1}, {"conditions": ["bleed 99"]}, {"conditions": ["no such thing"]},
    {"conditions": "prone"}])
def test_replace_of_the_vitals_refuses_as_from_dict(change):
    c = load_example("orc")
    with pytest.raises(CreatureError) as fast:
        c.replace(**change)
    with pytest.raises(CreatureError) as full:
        Creature.from_dict({**c.to_dict(), **change})
    assert str(fast.value) == str(full.value)


def test_a_kept_weapon_is_the_weapon():
    wulfric = load_example("wulfric")
    for entry in ["longsword", {"name": "claw", "damage": "1d6", "damage_type": "s",
                                "natural": True}, {"name": "longsword", "enhancement": 1}]:
        assert resolve_weapon(wulfric, entry) == _entry_weapon(entry, wulfric.size)
        assert resolve_weapon(wulfric, entry) is resolve_weapon(wulfric, entry)


def test_a_bad_weapon_entry_is_refused_every_time():
    """``True`` and ``1`` are equal keys to a dict: the kept weapon of the first must not
    answer for the second, which is refused."""
    wulfric = load_example("wulfric")
    assert resolve_weapon(wulfric, {"name": "longsword", "masterwork": True}).masterwork
    for _ in range(2):
        with pytest.raises(LfgError, match="masterwork"):
            resolve_weapon(wulfric, {"name": "longsword", "masterwork": 1})


def _duel() -> Encounter:
    for seed in range(20):
        enc = Encounter([load_example("wulfric"), load_example("orc")],
                        sides={"party": ["Wulfric"], "foes": ["Orc"]}, seed=seed).start()
        if "Wulfric" in enc.acting:
            return enc
    raise AssertionError("no seed gives Wulfric the first turn")


def test_state_is_a_copy_that_follows_the_log():
    enc = _duel()
    before = enc.state("Orc")
    before.conditions.append("changed by the caller")
    before.effects.append("changed too")
    again = enc.state("Orc")
    assert "changed by the caller" not in again.conditions and not again.effects
    assert again == enc._build_state("Orc")
    enc.attack("Wulfric", "Orc", "longsword")
    assert enc.state("Wulfric") == enc._build_state("Wulfric")
    assert enc.state("Orc") == enc._build_state("Orc")
    hp = enc.state("Orc").hp
    enc.damage("Orc", 3)
    hit = enc.state("Orc")
    assert hit.hp == hp - 3 and hit == enc._build_state("Orc")
    enc.undo()
    assert enc.state("Orc") == enc._build_state("Orc") and enc.state("Orc").hp == hp


# --- classic's kept condition sums and fighter readings (002_2a3a79475ca2a541.txt,
# "Conditions"): kept per set of names, and per frozen fighter ---

_CLASSIC_NAMES = ("Shaken", "Frightened", "Sickened", "Prone", "Blinded", "Dazed",
                  "Entangled", "Fatigued", "Exhausted", "Paralyzed", "Stunned")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(_CLASSIC_NAMES), max_size=5))
def test_a_kept_classic_sum_is_the_sum_in_any_order(names):
    from lfgcombat.rulesets.classic.conditions import _combine, combined_effect
    assert combined_effect(names) == _combine(names)
    assert combined_effect(list(reversed(names))) == _combine(names)


def test_an_unknown_classic_condition_is_refused_as_given_every_time():
    from lfgcombat.rulesets.classic._base import ClassicError
    from lfgcombat.rulesets.classic.conditions import combined_effect
    for _ in range(2):  # the second time too: a refusal is never kept
        with pytest.raises(ClassicError, match="Grumpy"):
            combined_effect(["Shaken", "Grumpy", "Zzz"])


def test_a_classic_fighters_kept_readings_follow_its_changes():
    from dataclasses import replace

    from lfgcombat.rulesets.classic.health import ClassicVitals
    from lfgcombat.rulesets.classic.turn import ClassicFighter
    alive = ClassicFighter("Orc", ClassicVitals(10), conditions=frozenset({"Shaken"}))
    assert not alive.dead and alive.all_conditions == ("Shaken",)
    dead = replace(alive, vitals=ClassicVitals(10).damage(20))
    assert dead.dead and dead.all_conditions == ("Dead",)
    assert not alive.dead and alive == replace(dead, vitals=ClassicVitals(10))


def test_a_view_is_kept_while_what_it_is_made_of_stays():
    """A creature's view (its sheet with the encounter's effects) is kept from step to
    step while its sheet, record, effects and cramped space are the same objects, and made
    again when one changes; a kept view equals one made afresh."""
    from lfgcombat.rules.conditions.effects import _make_view
    enc = Encounter([load_example("wulfric"), load_example("orc")],
                    sides={"party": ["Wulfric"], "orcs": ["Orc"]}, seed=3).start()
    actor = enc.acting[0]
    other = "Orc" if actor == "Wulfric" else "Wulfric"
    before, own = enc._view(other), enc._view(actor)
    enc.fight_defensively(actor)  # an effect on the actor only
    assert enc._view(other) is before
    viewed = enc._view(actor)
    assert viewed is not own and len(viewed.bonuses) > len(own.bonuses)
    assert repr(viewed) == repr(_make_view(enc, actor))
    assert viewed.ac.value == _make_view(enc, actor).ac.value
    enc.undo()
    assert repr(enc._view(actor)) == repr(_make_view(enc, actor))


def test_reachable_is_kept_between_steps_and_follows_the_log_and_the_map():
    """``Encounter.reachable`` is kept between steps (a tracker click asks it several
    times), keyed on the log's last event and the map's version: a step or a GM's edit
    of the map gives a new answer, equal to one computed afresh."""
    from lfgcombat import HexMap
    from lfgcombat.rules.movement.movement_play import _reachable_now
    m = HexMap(7, 5)
    hero, orc = load_example("wulfric"), load_example("orc")
    m.place(hero, (1, 2), "party")
    m.place(orc, (5, 2), "orcs")
    enc = Encounter([hero, orc], sides={"party": ["Wulfric"], "orcs": ["Orc"]}, map=m,
                    seed=2).start()
    name = enc.acting[0]
    first = enc.reachable(name)
    assert enc.reachable(name) is first
    m.set_terrain((3, 2), "wall")  # the GM paints a wall
    painted = enc.reachable(name)
    assert painted is not first and dict(painted) == dict(_reachable_now(enc, name, "move"))
    enc.end_turn(next=enc.choices()[0] if enc.choices() else None)
    assert enc.reachable(name) is not painted


def test_a_struck_creature_hands_on_its_hp_free_readings_in_a_dict_of_its_own():
    """The readings a creature struck hands on (its AC and attack readings, under "ac"
    and "attack") are copied into a dict of its own, the others left behind (a ruleset's
    reading may read HP); each equals a reading made afresh (issue 24, "Fast")."""
    c = load_example("wulfric")
    _readings(c)
    c._kept(("written_for", "lfg"), lambda: True)  # a reading not handed on
    struck = c.replace(current_hp=c.hp - 1)
    assert struck.active_conditions.entries == c.active_conditions.entries
    kept, handed = c.__dict__["_kept_stats"], struck.__dict__["_kept_stats"]
    assert handed == {k: v for k, v in kept.items() if k[0] in ("ac", "attack")}
    assert handed and ("written_for", "lfg") not in handed and handed is not kept
    handed[("ac", "new")] = 1  # the struck creature's own readings stay its own
    assert ("ac", "new") not in kept
    fresh = Creature.from_dict({**c.to_dict(), "current_hp": c.hp - 1})
    assert _readings(struck) == _readings(fresh)


def test_a_budgets_data_is_read_once_and_handed_out_as_a_copy():
    """``budget_data`` of a classic round's budget (002_2a3a79475ca2a541.txt, "Character
    Round:") is the JSON of its fields and feet left, kept on the budget and read again
    by the steps; every caller gets its own copy; a budget spent gives its new data."""
    from lfgcombat.engine.ruleset_play import _budget_of, budget_data
    from lfgcombat.rulesets.classic.actions import RoundBudget

    def fresh(b):
        data = {"speed_ft": b.speed_ft, "moved_ft": b.moved_ft,
                "action": None if b.action is None else str.__str__(b.action),
                "mode": b.mode, "remaining_ft": b.remaining_ft}
        if hasattr(b, "move_limit_ft"):
            data["move_limit_ft"] = b.move_limit_ft
        return json.loads(json.dumps(data))

    b = RoundBudget(30)
    got = budget_data(b)
    assert got == fresh(b) and _budget_of(b) == fresh(b) and _budget_of(None) == {}
    got["moved_ft"] = 99
    assert budget_data(b) == fresh(b) and budget_data(None) is None
    spent = b.move(10).act("attack")
    assert budget_data(spent) == fresh(spent) != fresh(b)
    assert _budget_of(spent) == fresh(spent)


def test_headings_only_follows_a_heading_declared_after_it_was_shown():
    """A citation shown once is shown again from what was kept, and shown under a
    heading declared later (:func:`~lfgcombat.rules.citations.read_under`) from then on."""
    from lfgcombat.rules import citations as C
    words = "Zz Kept Test: Some words that run on for more than four words"
    text = f'refused (000_8d1d7816ee944f3b.txt, "{words}")'
    assert C.headings_only(text) == 'refused (000_8d1d7816ee944f3b.txt, "Zz Kept Test")'
    assert C.headings_only(text) == 'refused (000_8d1d7816ee944f3b.txt, "Zz Kept Test")'
    try:
        C.read_under("000_8d1d7816ee944f3b.txt", "Zz Other Heading", words)
        assert C.headings_only(text) == \
            'refused (000_8d1d7816ee944f3b.txt, "Zz Other Heading")'
    finally:
        del C._UNDER["000_8d1d7816ee944f3b.txt", words]
        C._SHOWN.clear()
    assert C.headings_only(text) == 'refused (000_8d1d7816ee944f3b.txt, "Zz Kept Test")'


def test_evolve_copies_the_fields_alone_and_equals_replace():
    """Classic's ``evolve`` (a step of a checked value) gives what ``dataclasses.replace``
    gives, whether or not the value has kept readings of itself, and never copies them."""
    from dataclasses import replace

    from lfgcombat.rulesets.classic._base import evolve
    from lfgcombat.rulesets.classic.health import ClassicVitals
    v = ClassicVitals(12).damage(5)
    bare = evolve(v, stable=True)
    assert bare == replace(v, stable=True) and "dead" not in bare.__dict__
    assert v.dead is False and "dead" in v.__dict__  # a reading kept on v
    read = evolve(v, hp=-12)
    assert sorted(read.__dict__) == sorted(replace(v, hp=-12).__dict__)
    assert read == replace(v, hp=-12) and "dead" not in read.__dict__ and read.dead


def test_a_kept_property_is_read_once_and_follows_a_new_value():
    """``kept_property`` (``cached_property`` without its lock) keeps a reading on the
    value it was read of; a value made by a step reads afresh (classic's "Death": dead at
    -10 or lower)."""
    import functools

    from lfgcombat.rulesets.classic._base import evolve, kept_property
    from lfgcombat.rulesets.classic.health import ClassicVitals
    assert isinstance(vars(ClassicVitals)["dead"], functools.cached_property)
    assert isinstance(ClassicVitals.dead, kept_property)
    v = ClassicVitals(12)
    assert v.dead is False and v.__dict__["dead"] is False
    struck = evolve(v, hp=-10)
    assert struck.dead is True and ClassicVitals(12, -10).dead is True and v.dead is False


def test_a_classic_rounds_count_is_kept_by_what_it_reads_and_follows_each_step():
    """Classic's count of the round left (002_2a3a79475ca2a541.txt, "Character Round:":
    one single action and a Move Action) is kept by what it reads (the budget, speed,
    death) and equals a count made afresh at every step of the round, in and out of it."""
    from lfgcombat.dice import Roller
    from lfgcombat.rulesets.classic.ruleset import CLASSIC, _round_left
    from lfgcombat.rulesets.classic.turn import ClassicFighter

    economy = CLASSIC.economy
    f = ClassicFighter.of(load_example("orc").replace(bab=3))
    started, _ = f.start_turn(Roller(seed=1))
    moved = started.move(10)
    steps = [f, started, moved, moved.act("attack"), moved.act("attack").end_turn()]
    counts = []
    for g in steps:
        for upcoming in (False, True):
            fresh = _round_left.__wrapped__(g.budget, upcoming, g.dead, g.speed_ft)
            assert economy.actions_left(g, upcoming) == fresh
            counts.append(fresh)
    assert len({repr(c) for c in counts}) >= 4  # the steps count differently


@pytest.mark.parametrize("ruleset", ["classic", "wounds"])
def test_a_records_actions_left_equals_a_fresh_count_after_each_step(ruleset):
    """``Encounter.actions_left`` of a combatant with a ruleset's record (kept by the
    economy's count) equals the count made afresh, before and after an attack, for the
    actor and the others."""
    from lfgcombat.engine.ruleset_play import _actions_left_made
    extra = ({"bab": 3} if ruleset == "classic"
             else {"prowess": 3, "good_saves": ["fort", "ref"]})
    hero = load_example("wulfric").replace(**extra)
    orc = load_example("orc").replace(**extra)
    enc = Encounter([hero, orc], sides={"p": ["Wulfric"], "o": ["Orc"]}, ruleset=ruleset,
                    seed=4).start()

    def check():
        for name in ("Wulfric", "Orc"):
            f = enc._f[name]
            on_turn = name in enc.acting
            upcoming = not on_turn and not f.done and not f.dead
            d = enc.ruleset.economy.actions_left(f.rules, upcoming)
            assert enc.actions_left(name) == _actions_left_made(name, d, f.dead, on_turn)

    check()
    actor = enc.acting[0]
    enc.attack(actor, "Orc" if actor == "Wulfric" else "Wulfric")
    check()
    enc.end_turn()
    check()


def test_a_records_sheet_with_other_hp_hands_its_views_readings_on():
    """A sheet whose HP follow its record (002_2a3a79475ca2a541.txt: classic keeps its own
    Hit Points) hands its views' readings that read no HP (AC, a weapon's profile, the
    ruleset key checked) on to the new sheet's views standing the same way, never the
    classic reading of it (which holds its HP); each equals a reading made afresh. A
    change of conditions hands nothing on."""
    from lfgcombat.engine.record_sheet import RecordSheet, hand_on
    from lfgcombat.rulesets.classic.combatant import ClassicCombatant, weapon_profile
    from lfgcombat.rulesets.policies import MapStanding
    sheet = load_example("orc").replace(bab=3)
    standing = MapStanding()
    view = RecordSheet.of(sheet, standing)
    _readings(view)
    weapon_profile(view, "greataxe", None)
    ClassicCombatant.of(view)
    struck = sheet.replace(current_hp=sheet.hp - 30)
    hand_on(sheet, struck)
    new_view = RecordSheet.of(struck, standing)
    handed = new_view.__dict__["_kept_stats"]
    assert ("sheet", "classic weapon", "greataxe", None) in handed
    assert all(k[0] in ("ac", "attack", "sheet") for k in handed)  # not ("classic", ...)
    fresh = RecordSheet.of(Creature.from_dict(struck.to_dict()), standing)
    assert _readings(new_view) == _readings(fresh)
    assert weapon_profile(new_view, "greataxe", None) == weapon_profile(fresh, "greataxe", None)
    assert ClassicCombatant.of(new_view) == ClassicCombatant.of(fresh)
    assert ClassicCombatant.of(new_view).hp == struck.hp == 8
    assert ("sheet", "classic", None, None) in handed  # its part that reads no HP
    from lfgcombat.rulesets.wounds.combatant import WoundsCombatant
    woundy = sheet.replace(prowess=2, good_saves=["fort", "ref"])
    wv = RecordSheet.of(woundy, standing)
    assert WoundsCombatant.of(wv).hp == woundy.hp
    hit = woundy.replace(current_hp=-3)
    hand_on(woundy, hit)
    got = WoundsCombatant.of(RecordSheet.of(hit, standing))
    want = WoundsCombatant.of(RecordSheet.of(Creature.from_dict(hit.to_dict()), standing))
    assert got == want and got.hp == 0 and got.creature.hp == -3
    prone = sheet.replace(conditions=["prone"])
    hand_on(sheet, prone)
    assert "_kept_stats" not in RecordSheet.of(prone, standing).__dict__


def test_a_sheets_sections_read_straight_from_the_store_as_a_mapping_reads_them():
    """``SheetSections.items``/``values``/``in`` (read straight from its store) give what
    the ``Mapping`` reading by key gives; equal sections compare equal."""
    c = load_example("orc").replace(bab=3, prowess=2)
    s = c.sections
    assert len(s) >= 2 and dict(s.items()) == {k: s[k] for k in s}
    assert list(s.values()) == [s[k] for k in s]
    assert "bab" in s and "no such key" not in s and 3 not in s
    again = Creature.from_dict(c.to_dict()).sections
    assert again is not s and again == s and not (again != s) and hash(again) == hash(s)
    assert load_example("orc").sections != s


def test_vitals_evolved_is_replace():
    """``Vitals.evolved`` (each HP transition's copy, 000_8d1d7816ee944f3b.txt "Taking
    Damage") gives what ``dataclasses.replace`` gives, refuses an unknown field as it
    does, and leaves the vitals it was made from unchanged."""
    from dataclasses import replace

    from lfgcombat.rules.health.vitals import Vitals
    v = Vitals.from_creature(load_example("orc"))
    new = v.evolved(hp=-3, bleed=1, events=("x",))
    assert new == replace(v, hp=-3, bleed=1, events=("x",)) and type(new) is Vitals
    assert v.hp != -3 and v.bleed == 0
    down = v.damage(v.hp + 1, "slashing")  # a transition made by evolved
    assert (down.hp, down.bleed, down.weakened, down.unconscious) == (-1, 1, 1, True)
    assert down == replace(v, hp=-1, bleed=1, weakened=1, events=down.events)
    with pytest.raises(TypeError):
        v.evolved(no_such_field=1)


def test_a_classic_attacks_adjusted_readings_equal_replace():
    """The attack's adjusted combatant and AC (002_2a3a79475ca2a541.txt, "Conditions":
    the STR/DEX changes) are made by ``evolve``: what ``dataclasses.replace`` gives."""
    from dataclasses import replace

    from lfgcombat.rulesets.classic._base import evolve
    from lfgcombat.rulesets.classic.combatant import ClassicCombatant, _setup
    orc = load_example("orc").replace(bab=3)
    a = ClassicCombatant.of(orc)
    mods = dict(a.abilities, dex=-4)
    assert evolve(a, abilities=mods) == replace(a, abilities=mods)
    assert evolve(a.ac, dex=-4) == replace(a.ac, dex=-4)
    s = _setup(orc, load_example("wulfric").replace(bab=2), "greataxe", bab=None,
               ranged=None, limited=False, miss_chance=0,
               attacker_conditions=["Entangled"], target_conditions=["Entangled"],
               negative_levels=0)
    assert s.attacker.abilities["dex"] == (orc.abilities["dex"] - 4 - 10) // 2


# ---------------------------------------------------------------- the damage path of an
# attack (issue 24, item 6, "Fast": "a damage should change the HP it changes")

_STRIKES = [(1, "slashing"), (5, "bludgeoning"), (30, "piercing"), (200, "slashing"),
            (0, "fire")]


@pytest.mark.parametrize("name", ["wulfric", "orc", "ogre", "chessan"])
@pytest.mark.parametrize("conds", [[], ["prone"], ["bleed 1", "weakened 2"],
                                   ["unconscious"], ["stunned for 2 rounds", "prone"]])
def test_a_damage_hands_on_the_lfg_vitals_a_fresh_read_gives(name, conds):
    """A damage that leaves the conditions as they were writes the HP alone and hands the
    new creature its lfg vitals; they equal those read afresh from it, strike after
    strike (000_8d1d7816ee944f3b.txt, "Hit Points (HP) - Taking Damage, Injury,
    Death:"), and the creature equals the one ``replace`` of every field gives."""
    from lfgcombat.rules.health.vitals import Vitals
    c = load_example(name).replace(conditions=conds)
    for amount, dtype in _STRIKES * 2:
        v = Vitals.from_creature(c)
        if v.dead:
            break
        new = v.damage(amount, dtype)
        made = new.to_creature(c)
        full = c.replace(current_hp=min(new.hp, new.max_hp), temp_hp=new.temp_hp,
                         conditions=[str(a) for a in made.conditions])
        assert made == full
        kept = made.__dict__.get("_lfg_vitals")
        if not c.conditions and new.hp > 0:  # a plain hit: the HP written alone
            assert made.conditions is c.conditions
        if made.conditions is c.conditions:
            assert kept is not None  # handed on, not read again
        if kept is not None:
            assert kept == Vitals._lfg_made(made)
        assert _readings(made) == _readings(Creature.from_dict(made.to_dict()))
        c = made


@pytest.mark.parametrize("conds", [[], ["prone"], ["bleed 2", "weakened 1", "prone"],
                                   ["stunned for 2 rounds"], ["weakened 5", "unconscious"],
                                   ["grappled", "flat-footed"], ["bleed 1", "bleed 1"]])
def test_a_creatures_conditions_written_back_read_as_they_were(conds):
    """``Vitals.to_creature`` keeps a creature's conditions when their text is the same
    (it writes the HP alone): the text read again gives the same conditions."""
    c = load_example("chessan").replace(conditions=conds)
    again = c.replace(conditions=[str(a) for a in c.conditions])
    assert again.conditions == c.conditions


@pytest.mark.parametrize("hp", [40, 10, 3, 1, 0, -2])
def test_a_struck_creature_hands_on_the_conditions_in_effect_when_its_hp_bring_the_same(hp):
    """Only the HP changed and not what they bring (Injured, Unconscious, Dying:
    000_8d1d7816ee944f3b.txt, "Injury & Injured Threshold", "Unconscious & Dying"): the
    conditions in effect are handed on; each equals the one read afresh."""
    c = load_example("wulfric").replace(current_hp=hp)
    before = c.active_conditions
    for cur in (hp, hp - 1, hp - 20, 2, 0, -1):
        struck = c.replace(current_hp=cur)
        handed = struck.__dict__.get("active_conditions") is before
        fresh = Creature.from_dict(struck.to_dict()).active_conditions
        assert (struck.active_conditions.entries, struck.active_conditions.superseded) == \
            (fresh.entries, fresh.superseded)
        assert handed == (fresh.entries == before.entries)


def test_a_weapons_hash_is_kept_and_is_the_dataclasss():
    """A weapon's hash is computed once and is the hash of all its fields (as the
    dataclass's), so a copy with a field changed hashes as a weapon made so."""
    import dataclasses
    w = resolve_weapon(load_example("wulfric"), "longsword")
    fields_hash = hash(tuple(getattr(w, f.name) for f in dataclasses.fields(w)))
    assert hash(w) == fields_hash and w.__dict__.get("_hash") == fields_hash
    sharper = dataclasses.replace(w, enhancement=1)
    assert "_hash" not in sharper.__dict__
    assert hash(sharper) == hash(tuple(getattr(sharper, f.name)
                                       for f in dataclasses.fields(sharper)))
    assert sharper != w and {w: 1}[dataclasses.replace(w)] == 1


@pytest.mark.parametrize("name", ["sokaris", "wulfric", "troll", "orc"])
def test_may_alternate_is_kept_on_the_attacker_as_read_afresh(name):
    """Whether an attacker may alternate weapons ("Consecutive Attacks") is read from its
    weapons once and kept on it; the turn's attacks are read only when it may."""
    from lfgcombat.rules.actions.close_situation import _can_alternate
    from lfgcombat.rules.handedness import _may_alternate
    c = load_example(name)
    assert _can_alternate(c) == _may_alternate(c)[0]
    assert c.__dict__["_kept_stats"][("sheet", "may_alternate")] == _may_alternate(c)[0]
    struck = c.replace(current_hp=c.hp - 1)
    assert _can_alternate(struck) == _may_alternate(Creature.from_dict(struck.to_dict()))[0]


def test_a_budgets_feet_are_those_of_its_whole_data():
    """What an attack, a single action or a move logs of a record's round (its
    ``moved_ft`` and ``remaining_ft``, read alone) is what the budget's whole data says:
    classic's round (002_2a3a79475ca2a541.txt, "Character Round:"), wounds' Half Actions
    (003_de0e94afd49609a7.txt, "Attacking an enemy usually involves spending your Half
    Action"), none outside a turn, and a budget whose feet are not plain numbers."""
    import dataclasses

    from lfgcombat.engine.record_budget import _budget_feet, _budget_of
    from lfgcombat.rulesets.classic.actions import RoundBudget
    from lfgcombat.rulesets.wounds import play as wounds_play
    from lfgcombat.rulesets.wounds.health import WoundsVitals
    from lfgcombat.rulesets.wounds.turn import WoundsFighter

    @dataclasses.dataclass(frozen=True)
    class Odd:
        moved_ft: float = 2.5
        note: str = "x"

        @property
        def remaining_ft(self) -> str:
            return "all"

    w = WoundsFighter("w", WoundsVitals(10, 12)).start_turn()[0]
    budgets = [None, RoundBudget(30), RoundBudget(30).move(10).act("attack"),
               RoundBudget.limited(30), wounds_play.budget(w),
               wounds_play.budget(wounds_play.spend(w, "attack")), {"moved_ft": 5},
               Odd(), {"moved_ft": "far", "remaining_ft": 1.5}]
    for b in budgets:
        data = _budget_of(b)
        assert _budget_feet(b) == (data.get("moved_ft"), data.get("remaining_ft")), b
    assert _budget_feet(RoundBudget(30).move(10)) == (10, 20)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 30), st.integers(0, 30), st.integers(0, 5), st.booleans(),
       st.booleans())
def test_wounds_damage_and_aoo_left_are_what_a_checked_value_gives(hp_taken, amount, shell,
                                                                   to_wounds, defending):
    """A wounds hit (003_de0e94afd49609a7.txt, "When a character is subject to a
    damage-dealing effect": Shell, Hit Points, then Wounds) gives the vitals that the
    checked constructor gives of its values; the AOO left ("As mentioned in the previous
    Tip": 1 + DEX modifier, minimum 0; none in Total Defense) is
    :func:`~lfgcombat.rulesets.wounds.aoo.aoo_per_round`'s count."""
    from dataclasses import asdict

    from lfgcombat.rulesets.wounds.aoo import aoo_per_round
    from lfgcombat.rulesets.wounds.health import WoundsVitals
    from lfgcombat.rulesets.wounds.turn import WoundsFighter
    v = WoundsVitals(30, 12, hp=30 - hp_taken, shell=shell)
    got = v.damage(amount, to_wounds=to_wounds)
    assert got == WoundsVitals(**{**asdict(got), "barrier": got.barrier})
    assert got.shell_left == (0 if not got.shell else v.shell_left)
    for dex, reflexes, used in ((-2, 0, 0), (0, 0, 1), (3, 1, 2), (1, 2, 9)):
        f = WoundsFighter("f", v, dex_mod=dex, combat_reflexes=reflexes, aoo_used=used,
                          total_defense=defending)
        assert f.aoo_left == max(0, aoo_per_round(dex, reflexes, defending) - used)


@settings(max_examples=80, deadline=None)
@given(st.integers(-12, 12), st.integers(0, 6), st.booleans(), st.booleans(),
       st.integers(0, 25), st.booleans())
def test_a_classic_hit_or_heal_gives_the_checked_value_of_its_step(hp, nonlethal, stable,
                                                                  mobile, amount, lethal):
    """Classic's damage and healing (002_2a3a79475ca2a541.txt, "Stabilizing a Disabled
    Character", "Death") give what the checked value of the step gives: HP and nonlethal
    moved, stable and mobile gone above 0 HP or dead, "disabled", "dead" and
    "unconscious" said when they begin."""
    from dataclasses import replace

    from lfgcombat.rulesets.classic.health import ClassicVitals
    v = ClassicVitals(12, hp=hp, nonlethal=nonlethal, stable=stable, mobile=mobile)
    assert v.unconscious in (True, False)  # a reading kept on v before its step

    def step(new_hp: int, new_nonlethal: int, events: list[str]) -> ClassicVitals:
        if v.current > 0 >= new_hp:
            events.append("disabled")
        if new_hp <= -10 < v.current:
            events.append("dead")
        new = replace(v, hp=new_hp, nonlethal=new_nonlethal, events=())
        if new.unconscious and not v.unconscious:
            events.append("unconscious")
        if new_hp > 0 or new.dead:
            return replace(new, stable=False, mobile=False, events=tuple(events))
        return replace(new, events=tuple(events))

    if v.dead:
        return
    got = v.damage(amount, nonlethal=not lethal)
    want = (step(v.current - amount, nonlethal, []) if lethal
            else step(v.current, nonlethal + amount, ["nonlethal"]))
    assert got == want and (got.unconscious, got.dead, got.conditions) == (
        want.unconscious, want.dead, want.conditions)
    healed = v.heal(amount)
    assert healed == step(min(12, v.current + amount), max(0, nonlethal - amount), ["healed"])


def test_a_records_map_standing_is_the_default_reading_of_its_report_after_each_step():
    """A wounds record's standing on the map (003_de0e94afd49609a7.txt, "When a character
    is subject to a damage-dealing effect": at 0 HP it fights on with its Wounds, dead at
    0 Wounds) is the default :meth:`HealthModel.map_standing` reading of a fresh report,
    after each hit; its kept report equals a report read afresh and is never handed out."""
    from lfgcombat.dice import Roller
    from lfgcombat.rulesets import coerce_ruleset
    from lfgcombat.rulesets.policies import HealthModel, standing_of
    from lfgcombat.rulesets.wounds import play as wounds_play
    from lfgcombat.rulesets.wounds.health import WoundsVitals
    from lfgcombat.rulesets.wounds.turn import WoundsFighter
    health = coerce_ruleset("wounds").health
    f = WoundsFighter("w", WoundsVitals(6, 3), fort_bonus=2)
    seen = set()
    for _ in range(6):
        r = health.report(f)
        assert r == wounds_play._report(f) == wounds_play.kept_report(f)
        r["conditions"].append("x")
        r["vitals"]["wounds"] = 99
        assert wounds_play.kept_report(f) == wounds_play._report(f)
        got = health.map_standing(f)
        assert got == HealthModel.map_standing(health, f) == standing_of(
            r["status"], r["dead"], health.rule)
        seen.add(r["status"])
        f = f.take_damage(Roller(seed=3), 2)[0]
    assert seen == {"conscious", "wounded", "dead"}


@pytest.mark.parametrize("ruleset", ["classic", "wounds"])
def test_a_records_report_read_by_the_encounter_is_its_report_and_stays_unchanged(ruleset):
    """What the encounter reads of a record's health (``read_report``: the report kept
    on the record, not copied) equals a fresh report after each step of a fight
    (002_2a3a79475ca2a541.txt, "Stabilizing a Disabled Character"; 003_de0e94afd49609a7.txt,
    "When a character is subject to a damage-dealing effect"), and what ``state()`` hands
    out is a copy: changing it changes nothing kept."""
    from lfgcombat.engine.ruleset_play import _read_report
    orc = load_example("orc").replace(bab=3, prowess=1, good_saves=["fort", "ref"])
    enc = Encounter([orc.replace(name="Hero"), orc.replace(name="Orc")],
                    sides={"x": ["Hero"], "y": ["Orc"]}, ruleset=ruleset, seed=5).start()
    health = enc.ruleset.health
    for _ in range(40):
        name = enc.current
        if name is None or any(enc.state(n).dead for n in ("Hero", "Orc")):
            break
        try:
            enc.attack(name, "Orc" if name == "Hero" else "Hero")
        except LfgError:  # disabled (classic): no action this round
            pass
        for who in ("Hero", "Orc"):
            record = enc._f[who].rules
            fresh = health._report(record) if ruleset == "classic" else \
                __import__("lfgcombat.rulesets.wounds.play", fromlist=["_report"])._report(
                    record)
            assert _read_report(health, record) == fresh == health.report(record)
            s = enc.state(who)
            s.conditions.append("x") if isinstance(s.conditions, list) else None
            s.vitals["bogus"] = 1
            assert _read_report(health, record) == fresh
        enc.end_turn()
    assert any(enc.state(n).hp < enc.state(n).max_hp for n in ("Hero", "Orc"))  # struck


def test_a_kept_wounds_attack_is_the_attack_read_afresh_after_each_step(monkeypatch):
    """The wounds attack made ready to roll (attack bonus, the target's Defense with its
    conditions and Total Defense, the weapon's damage and riders: 003_de0e94afd49609a7.txt,
    "Combat Statistics", "Prowess is added directly to your Defense") is kept on the
    attacker's sheet for the target's sheet; after every hit, condition, Total Defense
    and sheet change it equals the attack read afresh."""
    from lfgcombat.rulesets.wounds import combatant as C
    from lfgcombat.rulesets.wounds import play as wounds_play
    real = C.prepare_attack
    checked = []

    def compared(attacker, target, weapon, ranged, prowess, total_defense, airborne,
                 rider_target, spare, resistance_penalty=0, target_conditions=(), **kw):
        got = real(attacker, target, weapon, ranged, prowess, total_defense, airborne,
                   rider_target, spare, resistance_penalty, target_conditions, **kw)
        a, t = C.WoundsCombatant.of(attacker, prowess=prowess), C.WoundsCombatant.of(target)
        fresh = C._Prepared(a, *C._prepared_now(
            a, t, weapon, ranged, bool(total_defense), bool(airborne), rider_target,
            bool(spare), resistance_penalty, tuple(target_conditions),
            kw.get("defense_talents", 0), kw.get("circumstance", 0)))
        assert got == fresh and got.attacker.hp == a.hp
        checked.append((got.ac, got.bonus))
        return got

    monkeypatch.setattr(wounds_play, "prepare_attack", compared)
    orc = load_example("orc").replace(bab=3, prowess=1, good_saves=["fort", "ref"], wounds=60)
    enc = Encounter([orc.replace(name="A"), orc.replace(name="B")],
                    sides={"x": ["A"], "y": ["B"]}, ruleset="wounds", seed=2).start()
    a_steps = [lambda: None, lambda: enc.add_condition("B", "prone"), lambda: None,
               lambda: enc.remove_condition("B", "prone"), lambda: None,
               lambda: enc.add_condition("B", "hindered"), lambda: None]
    turns = {"A": 0, "B": 0}
    for _ in range(30):
        n = enc.current
        if n is None or any(enc.state(x).dead for x in ("A", "B")):
            break
        if n == "A":
            a_steps[turns["A"] % len(a_steps)]()
        elif turns["B"] % 2:
            enc.act("B", "total_defense")
        turns[n] += 1
        enc.attack(n, "B" if n == "A" else "A")
        enc.end_turn()
    assert turns["A"] >= len(a_steps) and len(set(checked)) > 2  # Defense moved
    a, b = enc._view("A"), enc._view("B")
    for situation in [(False, False, 0, ()), (True, False, 0, ()), (True, True, 0, ()),
                      (False, False, -2, ()), (False, False, 0, ("Prone",)),
                      (False, False, 0, ())]:
        total_defense, airborne, penalty, conditions = situation
        compared(a, b, "greataxe", None, None, total_defense, airborne, None, False,
                 penalty, conditions, circumstance=len(checked) % 2)
    assert len(set(checked[-6:])) > 2


def test_a_kept_classic_attack_is_the_attack_read_afresh_after_each_step(monkeypatch):
    """A classic attack's both sheets read with their conditions (002_2a3a79475ca2a541.txt,
    "How to attack another creature", "Conditions": the attack bonus, the AC, the damage
    and miss chance) are kept on the attacker's sheet for the target's sheet; after every
    hit, condition and situation they equal the attack read afresh, both HP as they are."""
    from lfgcombat.rulesets.classic import combatant as C
    from lfgcombat.rulesets.classic.conditions import combined_effect
    real = C._setup
    checked = []

    def compared(attacker, target, weapon, **kw):
        got = real(attacker, target, weapon, **kw)
        a, t = C.ClassicCombatant.of(attacker, bab=kw["bab"]), C.ClassicCombatant.of(target)
        drained = max(1, kw["negative_levels"]) if "Energy-Drained" in tuple(
            kw["attacker_conditions"]) else kw["negative_levels"]
        fresh = C._setup_now(
            a, t, combined_effect(c for c in kw["attacker_conditions"]
                                  if c != "Energy-Drained"),
            combined_effect(kw["target_conditions"]), weapon, kw["ranged"],
            bool(kw["limited"]), kw["miss_chance"], tuple(kw["attacker_conditions"]),
            tuple(kw["target_conditions"]), drained)
        assert got == fresh and (got.attacker.hp, got.target.hp) == (a.hp, t.hp)
        assert got.attacker.creature is attacker and got.target.creature is target
        checked.append((got.ac, got.bonus, got.damage, got.miss_chance))
        return got

    monkeypatch.setattr(C, "_setup", compared)
    orc = load_example("orc").replace(bab=3)
    enc = Encounter([orc.replace(name="A"), orc.replace(name="B")],
                    sides={"x": ["A"], "y": ["B"]}, ruleset="classic", seed=4).start()
    a_steps = [lambda: None, lambda: enc.add_condition("B", "Entangled"), lambda: None,
               lambda: enc.add_condition("A", "Shaken"),
               lambda: enc.remove_condition("B", "Entangled"), lambda: None]
    turns = 0
    for _ in range(40):
        n = enc.current
        if n is None or any(enc.state(x).dead for x in ("A", "B")):
            break
        if n == "A":
            a_steps[turns % len(a_steps)]()
            turns += 1
        try:
            enc.attack(n, "B" if n == "A" else "A")
        except LfgError:  # disabled: no action this round
            pass
        enc.end_turn()
    a, b = enc._view("A"), enc._view("B")
    for extra in [{}, {"miss_chance": 20}, {"limited": True}, {"negative_levels": 1},
                  {"target_conditions": ("Prone",)}, {}]:
        kw = {"bab": None, "ranged": None, "limited": False, "miss_chance": 0,
              "attacker_conditions": (), "target_conditions": (), "negative_levels": 0,
              **extra}
        compared(a, b, "greataxe", **kw)
    assert turns >= len(a_steps) and len(set(checked)) > 4


def test_a_wounds_round_with_nothing_to_count_keeps_the_value_and_its_readings():
    """A new round with no AOO used (003_de0e94afd49609a7.txt, "As mentioned in the
    previous Tip": the count starts again) and a turn mark with no Shell ("Shell operates
    similarly") change nothing, so they give the same value back, its readings kept; with
    an AOO used or a Shell they give the new value a checked step gives."""
    from dataclasses import replace

    from lfgcombat.rulesets.wounds.health import WoundsVitals
    from lfgcombat.rulesets.wounds.turn import WoundsFighter
    f = WoundsFighter("f", WoundsVitals(10, 8), dex_mod=1)
    assert f.aoo_left == 2 and f.end_round() == (f, ()) and f.end_round()[0] is f
    used = f.make_aoo()
    assert used.end_round()[0] == replace(used, aoo_used=0) and used.end_round()[0].aoo_left == 2
    v = WoundsVitals(10, 8)
    assert v.turn_mark() is v
    said = replace(v, events=("x",))
    assert said.turn_mark() == v and said.turn_mark().events == ()
    shelled = v.with_shell(3)
    assert shelled.turn_mark() == replace(shelled, shell_left=shelled.shell_left - 1,
                                          events=())


@settings(max_examples=60, deadline=None)
@given(st.integers(-12, 12), st.integers(0, 6), st.booleans(), st.booleans(),
       st.integers(0, 2), st.sampled_from([(), ("Shaken",), ("Paralyzed",), ("Stunned",)]))
def test_a_classic_records_status_and_standing_are_its_reports(hp, nonlethal, stable, mobile,
                                                              drained, conditions):
    """A classic record's status (002_2a3a79475ca2a541.txt, "Stabilizing a Disabled
    Character", "Death": dead, unconscious, mobile, disabled, conscious) read from its
    vitals alone is its report's, and its map standing is the one read from a fresh
    report's status."""
    from lfgcombat.rulesets import coerce_ruleset
    from lfgcombat.rulesets.classic import ruleset as R
    from lfgcombat.rulesets.classic.health import ClassicVitals
    from lfgcombat.rulesets.classic.turn import ClassicFighter
    health = coerce_ruleset("classic").health
    f = ClassicFighter("f", ClassicVitals(12, hp=hp, nonlethal=nonlethal, stable=stable,
                                          mobile=mobile), hit_dice=2,
                       conditions=frozenset(conditions), negative_levels=drained)
    report = health._report(f)
    assert R._status(f) == report["status"]
    standing = health.map_standing(f)  # (read from the status: no report made for it)
    assert "_report" not in f.__dict__ or report == health._report(f)
    assert standing.why is None or standing.why.startswith(
        "dead" if report["dead"] else report["status"])


@pytest.mark.parametrize("ruleset,seed", [("wounds", 1), ("wounds", 5), ("classic", 2)])
def test_a_kept_view_of_a_record_is_a_fresh_view_after_every_step(ruleset, seed):
    """A combatant's view under a ruleset's record is kept while its sheet, effects,
    cramped space and the record's standing on the map are the same (the record itself
    changes at every turn's start and end and every spent action: issue 24, "Fast"); after
    every step of whole seeded fights it is what making it afresh gives."""
    from lfgcombat.prep import reference
    from lfgcombat.prep.run import prepare_run
    from lfgcombat.rules.conditions.effects import _make_view
    from lfgcombat.rulesets.wounds import play as wounds_play

    def written(example, **more):  # (the fields wounds and classic ask for)
        return load_example(example).replace(bab=4, prowess=2, good_saves=["fort", "will"],
                                          **more)
    heroes = [written("wulfric"), written("chessan")]
    orcs = [written("orc_shaman")] + [written("orc", name=f"Orc {i}") for i in (1, 2)]
    scenario, spec = prepare_run({"party": heroes, "orcs": orcs}, ruleset, "weakest")
    enc = Encounter(list(scenario.creatures), sides=scenario.sides(),
                    ruleset=scenario.ruleset, seed=seed)
    seen = {"steps": 0, "kept": 0, "reports": 0}

    def check(e):
        seen["steps"] += 1
        for n in e.names:
            if e._f[n].rules is None:
                continue
            kept = e._view_memo.get(n)
            viewed = e._view(n)
            seen["kept"] += kept is not None and kept[1] is viewed
            fresh = _make_view(e, n)
            assert repr(viewed) == repr(fresh) and viewed == fresh
            assert viewed.standing == fresh.standing
            assert viewed.ac.value == fresh.ac.value
            handed = e._f[n].rules.__dict__.get("_report") if ruleset == "wounds" else None
            if handed is not None:  # wounds: a report handed on from the record before (a
                # turn begun or ended, a Half Action spent) reads as a fresh one
                seen["reports"] += 1
                assert handed == wounds_play._report(e._f[n].rules)
    enc.subscribe(check)
    reference.play(scenario, spec, seed, seed, encounter=enc)
    assert seen["steps"] > 20 and seen["kept"] > 0
    assert seen["reports"] > 0 or ruleset != "wounds"

"""What the classic rules keep instead of reading again answers exactly as a fresh reading.

Issue 24, item 6 ("Fast"): "Remove the waste the profile shows [...] with caching keyed on
what really changes. The same fights, the same dice, the same events". A creature and a
classic record are frozen values: what is read of them once (002_2a3a79475ca2a541.txt,
"How to attack another creature": BAB, ability modifiers, "Armor Class"; the view the map
reads by "Stabilizing a Disabled Character") is kept on them, and equals a fresh reading.
"""

from __future__ import annotations

from lfgcombat.creature import Creature, load_example
from lfgcombat.engine.record_sheet import RecordSheet
from lfgcombat.rulesets.classic.combatant import ClassicCombatant
from lfgcombat.rulesets.policies import MapStanding


def _orc():
    return load_example("orc").replace(bab=3)


def test_a_sheet_standing_the_same_way_is_one_view():
    sheet = _orc()
    down = MapStanding(threatens=False, moves=False, helpless=True, why="disabled")
    view = RecordSheet.of(sheet, MapStanding())
    assert RecordSheet.of(sheet, MapStanding()) is view  # kept on the sheet
    other = RecordSheet.of(sheet, down)
    assert other is not view and other.standing == down
    assert view.threatens and not other.threatens  # each reads its own standing
    fresh = RecordSheet.of(Creature.from_dict(sheet.to_dict()), down)  # an equal sheet
    assert fresh is not other
    assert fresh.to_dict() == other.to_dict()
    assert [str(c) for c in fresh.active_conditions] == \
        [str(c) for c in other.active_conditions]


def test_the_classic_reading_of_a_creature_is_kept_and_equals_a_fresh_one():
    orc = _orc()
    kept = ClassicCombatant.of(orc)
    assert ClassicCombatant.of(orc) is kept
    assert kept == ClassicCombatant._read(orc, None, None)
    with_bab = ClassicCombatant.of(orc, bab=7)
    assert with_bab.bab == 7 and kept.bab == 3  # each asked reading kept on its own
    assert ClassicCombatant.of(orc, bab=7) is with_bab
    hurt = orc.replace(current_hp=2)  # a new value: read again
    assert ClassicCombatant.of(hurt).hp == 2 and kept.hp == orc.hp


def test_can_is_what_act_allows():
    """``RoundBudget.can`` answers without acting: exactly what :meth:`act` allows
    ("Single Actions:", "Stabilizing a Disabled Character": a limited round)."""
    import itertools

    from lfgcombat.errors import IllegalActionError
    from lfgcombat.rulesets.classic.actions import MODES, RoundBudget, SingleAction

    asked = (*SingleAction, *(a.value for a in SingleAction), "move", "bogus", 3)
    for mode, moved, spent, action in itertools.product(MODES, (0, 5), (None, *SingleAction),
                                                       asked):
        b = RoundBudget(30, moved_ft=moved, action=spent, mode=mode)
        try:
            b.act(action)
            allowed = True
        except IllegalActionError:
            allowed = False
        assert b.can(action) is allowed, (mode, moved, spent, action)


def _fighter():
    from lfgcombat.rulesets.classic.turn import ClassicFighter

    return ClassicFighter.of(_orc())


def test_a_step_of_the_round_does_not_carry_what_the_fighter_kept():
    """Each step's fighter reads itself again (its round, its conditions), never the
    kept readings of the fighter before it."""
    from lfgcombat.dice import Roller

    f = _fighter()
    assert f.all_conditions == () and not f.dead
    started, _ = f.start_turn(Roller(seed=1))
    hurt = started.damage(f.vitals.max_hp + 3)  # disabled, unconscious at -3
    assert "Disabled" in hurt.all_conditions and "Disabled" not in started.all_conditions
    assert hurt.vitals.unconscious and not started.vitals.unconscious
    assert hurt.budget.mode == "none" and started.budget.mode == "normal"
    acted = started.act("attack")
    assert acted.budget.action.value == "attack" and started.budget.action is None
    assert not acted.budget.can("attack") and started.budget.can("attack")


def test_kept_reports_are_the_callers_own_and_equal_fresh_ones():
    from lfgcombat.engine.ruleset_play import _budget_data, budget_data
    from lfgcombat.dice import Roller
    from lfgcombat.rulesets.classic.ruleset import CLASSIC

    health, economy = CLASSIC.health, CLASSIC.economy
    f, _ = _fighter().start_turn(Roller(seed=1))
    f = f.act("attack")
    first = health.report(f)
    first["conditions"].append("Shaken")
    first["vitals"]["bleed"] = 9
    assert health.report(f) == health._report(f)  # unchanged by the caller's edits
    assert health.map_standing(f) is health.map_standing(f)
    assert health.map_standing(f) == health._map_standing(f)
    for upcoming in (False, True):
        left = economy.actions_left(f, upcoming)
        left["big"] = 7
        assert economy.actions_left(f, upcoming) == economy._actions_left(f, upcoming)
    data = budget_data(f.budget)
    assert data == _budget_data(f.budget) and data["action"] == "attack"
    data["moved_ft"] = 99
    assert budget_data(f.budget)["moved_ft"] == 0


def test_conditions_in_table_order_and_death_by_negative_levels():
    """"Conditions": a fighter's conditions in the table's order, kept per set of names;
    Energy-Drained: "If the subject has at least as many negative levels as Hit Dice, they
    die" (none: not drained to death)."""
    from lfgcombat.rulesets.classic.conditions import condition_names, in_table_order
    from lfgcombat.rulesets.classic.health import ClassicVitals
    from lfgcombat.rulesets.classic.turn import ClassicFighter

    names = frozenset({"Shaken", "Bleed", "Prone", "not a condition"})
    assert in_table_order(names) == tuple(n for n in condition_names() if n in names)
    f = ClassicFighter("X", ClassicVitals(10), hit_dice=2)
    assert not f.dead
    assert not ClassicFighter("X", ClassicVitals(10), hit_dice=2, negative_levels=1).dead
    assert ClassicFighter("X", ClassicVitals(10), hit_dice=2, negative_levels=2).dead
    assert ClassicFighter("X", ClassicVitals(10, hp=-10), hit_dice=2).dead


def test_kept_weapon_profile_and_budget_data_equal_fresh_ones():
    import dataclasses

    from lfgcombat.engine.log import jsonable
    from lfgcombat.engine.ruleset_play import _budget_data, _kept_on
    from lfgcombat.rulesets.classic.actions import RoundBudget
    from lfgcombat.rulesets.classic.combatant import _profile, weapon_profile

    orc = _orc()
    name = str(orc.weapons[0]["name"])  # its own entry, by name
    for ranged in (None, True, False):
        assert weapon_profile(orc, name, ranged) is weapon_profile(orc, name, ranged)
        assert weapon_profile(orc, name, ranged) == _profile(orc, name, ranged)
    b = RoundBudget(30).move(5).act("attack")
    old = {**dataclasses.asdict(b), "remaining_ft": b.remaining_ft,
           "move_limit_ft": b.move_limit_ft}
    assert _budget_data(b) == jsonable(old)  # the enum's text, as JSON wrote it
    assert type(_budget_data(b)["action"]) is str
    made = []
    assert _kept_on({"not": "frozen"}, "k", lambda: made.append(1) or 5) == 5
    assert _kept_on({"not": "frozen"}, "k", lambda: made.append(1) or 5) == 5
    assert len(made) == 2  # a value that may change is never kept


def test_a_fresh_round_is_one_kept_value_equal_to_a_new_budget():
    """A new round's budget ("Character Round:") is kept for each speed and kind: it
    equals a budget made now, its data (logged at each turn start) is a fresh reading's,
    and spending it makes a new budget, leaving the kept one whole."""
    from lfgcombat.engine.record_budget import _budget_data, _budget_read
    from lfgcombat.rulesets.classic.actions import MODES, RoundBudget, fresh_round

    for speed in (0, 15, 30):
        for mode in MODES:
            kept = fresh_round(speed, mode)
            assert fresh_round(speed, mode) is kept
            assert kept == RoundBudget(speed, mode=mode)
            assert _budget_read(kept) == _budget_data(RoundBudget(speed, mode=mode))
    kept = fresh_round(30)
    moved = kept.move(10)
    assert moved is not kept and moved.moved_ft == 10 and kept.moved_ft == 0
    assert _budget_read(moved) == _budget_data(RoundBudget(30, moved_ft=10))
    assert _budget_read(kept) == _budget_data(RoundBudget(30))


def test_a_turn_start_equals_one_made_from_fresh_values():
    """The start of a turn (002, "Character Round:"; Bleed, "Stabilizing a Disabled
    Character") reads its speed on the fighter when its vitals did not change: the same
    fighter, budget and events as a start made from a fighter and vitals built anew."""
    import dataclasses

    from lfgcombat.dice import Roller
    from lfgcombat.rulesets.classic.health import ClassicVitals
    from lfgcombat.rulesets.classic.turn import ClassicFighter

    cases = [ClassicFighter("a", ClassicVitals(10)),
             ClassicFighter("b", ClassicVitals(10), conditions=frozenset({"Entangled"})),
             ClassicFighter("c", ClassicVitals(10).damage(12)),
             ClassicFighter("d", ClassicVitals(10), bleed=3),
             ClassicFighter("e", ClassicVitals(10).damage(4), speed_ft=40,
                            conditions=frozenset({"Nauseated"})),
             ClassicFighter("f", ClassicVitals(10), conditions=frozenset({"Confused"}))]
    for f in cases:
        f._speed(), f._plain_mode()  # readings kept on it
        f.all_conditions  # noqa: B018 - a reading kept on it
        fresh = dataclasses.replace(f, vitals=dataclasses.replace(f.vitals))
        got, ev = f.start_turn(Roller(seed=5))
        want, ev2 = fresh.start_turn(Roller(seed=5))
        assert (got, ev) == (want, ev2)
        assert got.budget == want.budget and got.all_conditions == want.all_conditions
        nxt = dataclasses.replace(got.end_turn(), vitals=dataclasses.replace(got.vitals))
        assert got.end_turn().start_turn(Roller(seed=6)) == nxt.start_turn(Roller(seed=6))
    v = ClassicVitals(10)
    assert v.start_of_turn() is v  # nothing to forget: the same value
    down = v.damage(12)  # disabled: its events are forgotten at its turn
    assert down.events and down.start_of_turn().events == ()
    assert down.start_of_turn() == dataclasses.replace(down, events=())


def test_health_readings_handed_on_past_a_round_equal_fresh_ones():
    """A fighter's round changing alone (002, "Character Round:", "Move Action",
    "Single Actions:") hands on what was read of its health: its conditions, death, the
    health report and map standing equal those read anew from equal fields, while what
    it may still do is counted again."""
    import dataclasses

    from lfgcombat.dice import Roller
    from lfgcombat.rulesets import coerce_ruleset
    from lfgcombat.rulesets.classic.health import ClassicVitals
    from lfgcombat.rulesets.classic.turn import ClassicFighter

    health = coerce_ruleset("classic").health
    economy = coerce_ruleset("classic").economy

    def read(f):
        return (f.all_conditions, f.dead, health.report(f), health.map_standing(f),
                economy.actions_left(f, False), f._speed(), f._plain_mode())

    def fresh(f):
        return read(dataclasses.replace(f, vitals=dataclasses.replace(f.vitals)))

    for f in (ClassicFighter("a", ClassicVitals(10), conditions=frozenset({"Shaken"})),
              ClassicFighter("b", ClassicVitals(10).damage(10), bleed=2),
              ClassicFighter("c", ClassicVitals(10).damage(3),
                             conditions=frozenset({"Nauseated"}))):
        read(f)  # readings kept on it
        steps = [f.start_turn(Roller(seed=2))[0]]
        if not f.bleed:  # a turn start that leaves its health as it was hands it on
            assert health.read_report(steps[0]) is health.read_report(f)
        moves = [lambda x: x.move(5) if x.budget.remaining_ft else None,
                 lambda x: x.act("attack") if x.budget.can("attack") else None,
                 lambda x: x.end_turn()]
        for make in moves:
            read(steps[-1])
            step = make(steps[-1])
            if step is None:
                continue
            # the round alone changed: its health's readings handed on
            assert health.read_report(step) is health.read_report(steps[-1])
            assert health.map_standing(step) is health.map_standing(steps[-1])
            assert "_speed_ft" in step.__dict__ and "_round_mode" in step.__dict__
            steps.append(step)
        for step in steps:
            assert read(step) == fresh(step)
        hurt = steps[-1].damage(4)  # a change of health: read again
        assert read(hurt) == fresh(hurt) and health.report(hurt)["hp"] == \
            health.report(steps[-1])["hp"] - 4


def test_the_damage_type_of_a_weapon_is_kept_and_equals_a_fresh_reading():
    """A classic attack's damage type (its weapon's first, "How to attack another
    creature") is read once a sheet and weapon, handed on past a blow's HP change, and
    read again for a sheet whose weapon changed; a RecordSheet view's fields are the
    sheet's."""
    from lfgcombat.rulesets.classic.ruleset import _damage_type, _damage_type_now

    orc = _orc()
    view = RecordSheet.of(orc, MapStanding())
    assert view.to_dict() == orc.to_dict()
    for weapon in ("greataxe", "javelin", "unarmed"):
        got = _damage_type(view, weapon)
        assert got == _damage_type_now(orc, weapon)
        assert ("sheet", "classic damage type", weapon) in view.__dict__["_kept_stats"]
        assert _damage_type(view, weapon) == got
    hurt = orc._with_hp(orc.hp - 5, 0)
    assert _damage_type(hurt, "greataxe") == _damage_type_now(hurt, "greataxe")
    rearmed = orc.replace(weapons=[{**orc.to_dict()["weapons"][0], "damage_type": "b"}])
    assert _damage_type(rearmed, "greataxe") == _damage_type_now(rearmed, "greataxe") \
        == "bludgeoning" != _damage_type(orc, "greataxe")


def test_a_records_hp_on_its_sheet_is_the_sheet_replaced():
    """The HP a classic record keeps ("Stabilizing a Disabled Character": disabled at 0,
    dead at -10) is copied onto its sheet as a change of HP alone: the same sheet as
    ``replace(current_hp=...)``, at every HP a blow leaves, below 0 included."""
    from lfgcombat.engine import Encounter

    hero = load_example("wulfric").replace(level=5, bab=5)
    orc = _orc()
    enc = Encounter([hero, orc], sides={"party": ["Wulfric"], "orcs": ["Orc"]},
                    ruleset="classic", seed=1).start()
    sheet = enc._f["Orc"].creature
    for amount in (3, sheet.hp - 3, 4, 5):
        before = enc._f["Orc"].creature
        enc.damage("Orc", amount)
        after = enc._f["Orc"].creature
        hp = enc.state("Orc")["hp"]
        assert after.hp == hp == enc._record_report("Orc")["hp"]
        assert after.to_dict() == before.replace(current_hp=hp).to_dict()
        assert type(after) is type(before.replace(current_hp=hp))

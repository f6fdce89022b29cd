"""The widgets follow the ``wounds`` ruleset: the tracker's cards show a record's vitals
from ``Encounter.state`` (003_de0e94afd49609a7.txt, "When a character is subject to a
damage-dealing effect", "Barrier represents", "Shell operates similarly", "Any attack made
against a character wearing a shield"); the InitiativeTracker plays a wounds encounter."""

from __future__ import annotations

from lfgcombat import Creature, Encounter, attack_odds
from lfgcombat.rulesets import Ruleset
from lfgcombat.widgets import InitiativeTracker
from lfgcombat.widgets.tracker_cards import card_html, vitals_text


def _ash():
    return Creature.from_dict({
        "name": "Ash", "level": 3, "max_hp": 20, "kind": "pc", "ruleset": ["wounds"], "good_saves": ["fort", "ref"],
        "abilities": {"str": 14, "con": 12}, "prowess": 2, "weapons": ["longsword"],
        "barrier": "10/100", "shell": 50,
        "shield": {"parry_bonus": 2, "hardness": 5, "hp": 15}})


def _orc():
    return Creature.from_dict({"name": "Orc", "level": 2, "max_hp": 15, "ruleset": ["wounds"], "good_saves": ["fort", "ref"],
                               "prowess": 1, "weapons": ["greataxe"]})


def _enc():
    return Encounter([_ash(), _orc()], sides={"party": ["Ash"], "foes": ["Orc"]},
                     ruleset=Ruleset("wounds", initiative="round_by_round"), seed=4)


def _on_map(orc_at):
    """Ash at (1, 1) and the Orc at ``orc_at`` on a 12x8 map, with a BattleMap and the
    tracker playing the encounter."""
    from lfgcombat import HexMap
    from lfgcombat.widgets import BattleMap

    m = HexMap(12, 8)
    m.place(_ash(), (1, 1), "party")
    m.place(_orc(), orc_at, "foes")
    enc = Encounter([_ash(), _orc()], sides={"party": ["Ash"], "foes": ["Orc"]}, map=m,
                    ruleset="wounds", seed=4).start()
    bm = BattleMap(enc.map)
    return enc, bm, InitiativeTracker(enc, battlemap=bm)


def test_a_card_shows_the_wounds_vitals_from_the_state():
    enc = _enc()
    enc.damage("Ash", 65)  # Barrier blocks 10, Shell 50, 5 HP
    s = enc.state("Ash")
    html = card_html("Ash", s, "#36c", acting=False, paused=False)
    assert "HP 15/20" in html and "lfg-vitals" in html
    assert "Wounds 12/12" in html and "Barrier 10/90" in html and "Shell" not in html
    assert "parries 2, shield 15 HP" in html
    assert "2 Half · 1 AOO" in html  # its turn to come: two Half Actions; 1 + DEX 0 AOO
    enc.damage("Ash", 30)
    assert "Wounds 7/12" in card_html("Ash", enc.state("Ash"), "#36c", False, False)


def test_vitals_text_shows_what_is_set_and_nothing_under_lfg():
    assert vitals_text({}) == ""
    assert vitals_text({"nonlethal": 3, "disabled": True, "stable": False}) == \
        "nonlethal 3 · disabled"
    assert vitals_text({"wounds": 4, "wounds_max": 12, "total_defense": True,
                        "initiative_penalty": -2}) == "Wounds 4/12 · total defense · initiative -2"


def test_the_tracker_plays_a_wounds_encounter():
    enc = _enc()
    tracker = InitiativeTracker(enc)
    enc.start()
    tracker.refresh()
    n = enc.acting[0]
    enc.attack(n, "Orc" if n == "Ash" else "Ash")
    tracker.refresh()
    assert "lfg-vitals" in tracker._cards.value and "Half" in tracker._cards.value


def test_a_click_on_the_battlemap_moves_a_wounds_combatant_by_its_half_actions():
    """"Attacking an enemy usually involves spending your Half Action": a move on the map
    spends a Half Action of the acting creature's turn (nobody threatens the path here)."""
    enc, bm, _ = _on_map(orc_at=(8, 1))
    who = enc.acting[0]
    start = enc.map.token(who).anchor
    bm.select(who)
    to = (3, 1) if who == "Ash" else (6, 1)
    bm.click(to)
    assert "Not allowed" not in bm.status_text, bm.status_text
    assert enc.state(who).budget["half_actions"] == 1 and start != enc.map.token(who).anchor


def test_the_tracker_attack_row_previews_a_wounds_attack():
    enc = _enc()
    tracker = InitiativeTracker(enc)
    enc.start()
    tracker.refresh()
    row = tracker.attack_row
    row.preview()
    assert not row.go.disabled and "AttributeError" not in row.odds.value
    a, t = row.attacker.value, row.target.value
    odds = attack_odds(enc.creature(a), enc.creature(t), row.weapon.value, ruleset="wounds")
    assert f"{float(odds.p_hit):.1%}" in row.odds.value
    mark = len(enc.log)
    row.attack()
    assert [e for e in list(enc.log)[mark:] if e.kind == "attack" and not e.command]


def test_the_tracker_offers_total_defense():
    """003_de0e94afd49609a7.txt, "Total Defense": a Half Action, +4 Defense until the next
    turn and no AOO; the Act row takes it and the card shows it."""
    enc = _enc()
    tracker = InitiativeTracker(enc)
    enc.start()
    tracker.refresh()
    rows = tracker.action_rows
    offered = {str(v) for _, v in rows.special.options}
    assert {"total_defense", "standard_action"} <= offered and "aim" not in offered
    who = enc.acting[0]
    rows.special.value = "total_defense"
    rows.do_special()
    assert tracker.error == "", tracker.error
    s = enc.state(who)
    assert s.vitals["total_defense"] and s.budget["half_actions"] == 1
    assert "total defense" in tracker._cards.value and "1 Half · 0 AOO" in tracker._cards.value


def test_after_a_half_action_s_move_the_map_lights_only_the_feet_left():
    """003_de0e94afd49609a7.txt, "Attacking an enemy usually involves spending your Half
    Action": a turn of two Half Actions, each a move of its speed; after one the map lights
    what the engine says is left (``budget["remaining_ft"]``), not a fresh turn's feet."""
    from lfgcombat import HexMap
    from lfgcombat.widgets import BattleMap

    m = HexMap(30, 20)
    m.place(_ash(), (1, 1), "party")
    m.place(_orc(), (28, 18), "foes")
    enc = Encounter([_ash(), _orc()], sides={"party": ["Ash"], "foes": ["Orc"]}, map=m,
                    ruleset="wounds", seed=4).start()
    bm = BattleMap(enc.map)
    InitiativeTracker(enc, battlemap=bm)
    who = enc.acting[0]
    before = enc.state(who).budget["remaining_ft"]
    assert bm.feet_left(who) == before
    bm.select(who)
    fresh = len(bm.reach_layer.data["features"])
    bm.click((3, 1) if who == "Ash" else (26, 18))
    left = enc.state(who).budget["remaining_ft"]
    assert left < before and bm.feet_left(who) == left
    bm.select(who)
    assert len(bm.reach_layer.data["features"]) == len(enc.map.reachable(who, left,
                                                                          action="move"))
    assert len(bm.reach_layer.data["features"]) < fresh


def test_the_stand_up_control_spends_a_half_action():
    """Standing up from Prone under wounds: one Half Action (inferred: the text has no rule
    for it; its turn is "spending your Half Action"), Prone gone; not Prone, refused - and
    so not offered (issue 26; updated: this test chose Stand up while not Prone)."""
    enc = _enc()
    tracker = InitiativeTracker(enc)
    enc.start()
    who = enc.acting[0]
    rows = tracker.action_rows
    assert "stand_up" not in [k for _l, k in rows.special.options]
    tracker._attempt(rows._special_call(enc, "stand_up"))
    assert "is not Prone" in tracker.error
    enc.add_condition(who, "prone")
    assert "Prone" in enc.state(who).conditions
    rows.special.value = "stand_up"  # offered now
    rows.do_special()
    assert tracker.error == "", tracker.error
    s = enc.state(who)
    assert "Prone" not in s.conditions and s.budget["half_actions"] == 1


def test_a_click_away_from_a_foe_takes_its_aoo_by_the_tracker_s_policy():
    """003_de0e94afd49609a7.txt, "As mentioned in the previous Tip": "Whenever a creature
    moves through your threatened area, they risk provoking an Attack of Opportunity from
    you": a BattleMap click moving a wounds combatant out of a foe's reach offers the foe
    its AOO, taken by the tracker's AOO policy ("all", its default)."""
    enc, bm, tracker = _on_map(orc_at=(2, 1))
    assert tracker.aoo == "all"
    who = enc.acting[0]
    other = "Orc" if who == "Ash" else "Ash"
    bm.select(who)
    bm.click((1, 5) if who == "Ash" else (2, 5))
    assert "Not allowed" not in bm.status_text, bm.status_text
    offers = [e for e in enc.log if e.kind == "aoo_offered"]
    assert [(e.actor, e.data["taken"]) for e in offers] == [(other, True)]
    assert enc.state(other).vitals["aoo_left"] == 0


def _provoking(bm):
    """The cells the BattleMap shades as provoking, as (col, row)."""
    return {(f["properties"]["col"], f["properties"]["row"])
            for f in bm.reach_layer.data["features"] if f["properties"]["provokes"]}


def test_the_battlemap_shades_the_hexes_that_provoke_by_the_wounds_rule():
    """"Whenever a creature moves through your threatened area, they risk provoking an
    Attack of Opportunity from you"; "You cannot make attacks of opportunity whilst in Total
    Defense" (003_de0e94afd49609a7.txt): the BattleMap under the tracker outlines the hexes
    whose move would offer the foe its AOO (the encounter's answer, ``Encounter.reachable``):
    with the foe at 0 HP, still fighting on its Wounds, too; with the foe in Total Defense,
    none - though the bare map's threatened area is the same."""
    enc, bm, _tracker = _on_map(orc_at=(2, 1))
    who = enc.acting[0]
    other = "Orc" if who == "Ash" else "Ash"
    bm.select(other)
    shaded = _provoking(bm)
    assert shaded and shaded == {enc.map.offset(c) for c in enc.reachable(other).provoking}
    enc.damage(who, enc.state(who).hp)
    assert enc.state(who).status == "wounded"
    bm.select(other)
    assert _provoking(bm) == shaded                      # 0 HP: it still threatens
    enc.act(who, "total_defense")
    bm.select(other)
    assert bm.reach_layer.data["features"] and not _provoking(bm)
    assert enc.map.reachable(other).provoking            # the map's geometry is unchanged

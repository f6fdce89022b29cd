"""The last gaps of issue 26's final audit (h26z): words in menus and tooltips, the Ready
menu filtered for use, one "dead" per card, every rule-bearing status line cited.

Rules: 000_8d1d7816ee944f3b.txt ("Perform(Comedy & Stories) – Insult an Opponent",
"Conditions (Sometimes called Status Effects)"); 002_ (classic), 003_ (wounds).
"""
from __future__ import annotations

from lfgcombat.widgets import InitiativeTracker

from .test_players_view import fight

CLOSE_PLACES = ((1, 1), (1, 3), (2, 1), (2, 3), (2, 2), (0, 2))


def test_the_close_rows_effect_menu_speaks_words_and_keeps_the_ids():
    t = InitiativeTracker(fight("lfg", seed=2, places=CLOSE_PLACES))
    t.start()
    c = t.close_rows
    for key, ids in (("skill:dirty_trick", {"flat_footed", "steal"}),
                     ("skill:insult", {"unfortunate", "must_attack"})):
        c.action.value = key
        labels = [label for label, _v in c.condition.options]
        values = {v for _label, v in c.condition.options}
        assert ids <= values, (key, values)
        assert not [label for label in labels if "_" in label], labels
    assert "must attack you next turn" in labels


def test_classic_and_wounds_tooltips_say_their_own_rules():
    """classic's order is fixed (002_, "Character Round:": nobody chooses who goes next)
    and its attack is the round's single action ("Single Actions:"); a wounds attack is a
    Half Action (003_, "Combat Statistics"); lfg keeps its Big Action and its choice."""
    said = {}
    for rs in ("classic", "wounds", "lfg"):
        t = InitiativeTracker(fight(rs, seed=2))
        t.start()
        said[rs] = ([b.tooltip for b in t._last_buttons], t.attack_row.go.tooltip)
    nexts, attack = said["classic"]
    assert nexts and not [n for n in nexts if "chooses" in n], nexts
    assert "Big Action" not in attack and "single action" in attack, attack
    assert "Half Action" in said["wounds"][1] and "Big Action" not in said["wounds"][1]
    assert "chooses" in said["lfg"][0][0] and "(a Big Action)" in said["lfg"][1]


def _ally_acting(door: bool = False):
    """An lfg fight whose acting creature is Ally (a mace, no ranged weapon), with a
    closed door at (0, 0) when ``door``."""
    for seed in range(1, 20):
        enc = fight("lfg", seed=seed)
        if door:
            enc.map.set_door((0, 0))
        t = InitiativeTracker(enc)
        t.start()
        if enc.acting == ["Ally"]:
            return enc, t
    raise AssertionError("no seed lets Ally act first")


def test_the_ready_menu_offers_no_aim_without_a_bow_and_no_door_where_none_is():
    """Aim gives "+1 Focus Bonus on your next ranged attack" (000_, "Aim (Big Action,
    Provokes AOO)"); "Unlocking a lock with a key & opening the door uses a Big Action"
    (000_, "Doors"): the engine's ``of_no_use`` says both are of no use here, so Ready
    does not offer them - and ``ready()`` still takes them."""
    enc, t = _ally_acting()
    offered = [v for _l, v in t._ready_action.options]
    assert offered and "attack" in offered, offered
    assert "aim" not in offered and "unlock_door" not in offered, offered
    enc.ready("Ally", "the orc comes close", "unlock_door")
    assert enc.log[-1].kind == "ready", enc.log[-1]
    _enc, t = _ally_acting(door=True)
    assert "unlock_door" in [v for _l, v in t._ready_action.options]


def test_a_dead_creatures_card_says_dead_once_in_every_ruleset():
    """classic's "Dead" condition (002_, "Death"), lfg's and wounds' dead: the card's
    face says "Dead"; no status, actions line or condition says it again."""
    import html
    import re

    for rs in ("lfg", "classic", "wounds"):
        enc = fight(rs, seed=2)
        t = InitiativeTracker(enc)
        t.start()
        enc.damage("Ally", 500)
        t.refresh()
        card = re.search(r'<div class="[^"]*lfg-card-dead[^"]*" data-name="Ally".*?'
                         r'(?=<div class="[^"]*lfg-card[ "])|$', t._cards.value, re.S)
        assert card and card.group(0), (rs, t._cards.value[:300])
        words = html.unescape(re.sub(r"<[^>]+>", " ", card.group(0))).lower()
        assert words.split().count("dead") == 1, (rs, " ".join(words.split()))


def test_the_status_line_cites_every_kind_the_log_cites_and_once():
    """Turn starts ("Taking Your Turn"; 002_, "Character Round:"; 003_, "Combat
    Statistics"), classic's and wounds' turn rules, health states and fumbles: every line
    the engine's ``EventLog.rule_of`` cites is cited in the tracker's status line, and a
    line that cites already gets no second citation."""
    kinds: dict[str, set[str]] = {}
    for rs in ("lfg", "classic", "wounds"):
        enc = fight(rs, seed=0, places=((1, 1), (1, 3), (2, 1), (2, 3), (3, 2), (6, 2)))
        t = InitiativeTracker(enc)
        t.start()
        for _ in range(12):
            if enc.over:
                break
            if not t.attack_row.go.disabled:
                t.attack_row.go.click()
            if t._last_buttons:
                t._last_buttons[0].click()
            elif t._end.layout.display != "none":
                t._end.click()
        for e in enc.log:
            line = None if e.command else t._cited(e)
            rule = enc.log.rule_of(e)
            if not line or not rule:
                continue
            kinds.setdefault(rs, set()).add(e.kind)
            assert ".txt" in line, (rs, e.kind, line)
            assert line.count(f"({rule})") <= 1, (rs, e.kind, line)
    assert {"turn_start", "turn_rules"} <= kinds["classic"], kinds
    assert {"turn_start", "turn_rules"} <= kinds["wounds"], kinds
    assert "turn_start" in kinds["lfg"], kinds


def test_an_interrupts_outcome_and_an_aoo_line_are_cited():
    """An interrupt's outcome plays "Interrupt Turn" (000_8d1d7816ee944f3b.txt; the
    ruleset's ``EventRules`` now say so) and an AOO line records its own rule: the log's
    ``rule_of`` knows both, so the tracker cites them."""
    from lfgcombat.engine.log.events import Event

    enc = fight("lfg", seed=1)
    t = InitiativeTracker(enc)
    t.start()
    enc.end_turn(next=enc.choices()[0])
    other = next(n for n in enc.names if n not in enc.acting
                 and enc.side(n) != enc.side(enc.acting[0]))
    enc.interrupt(other)
    outcome = [e for e in enc.log if e.kind == "interrupt"][-1]
    assert t._cited(outcome).endswith('(000_8d1d7816ee944f3b.txt, "Interrupt Turn")'), \
        t._cited(outcome)
    aoo = Event(9, 1, "aoo_offered", False, 1, "Orc", "Orc", "Hero", {
        "by": "Orc", "action": "move", "step": 1, "taken": True,
        "rule": '000_8d1d7816ee944f3b.txt, "Attack of Opportunity (AOO)"'})
    line = t._cited(aoo)
    assert line.count(".txt") == 1 and '"Attack of Opportunity (AOO)"' in line, line


def test_the_gm_row_never_switches_to_another_creature_when_the_chosen_one_dies():
    """A new user dealt 60 to the Orc Shaman; it died, and the creature menu jumped to the
    first creature (the party's own, acting) with 60 still in the amount box: the next
    Damage click would have struck the wrong creature. Now nobody is chosen and Damage asks."""
    enc = fight("lfg", seed=2)
    t = InitiativeTracker(enc)
    t.start()
    gm = t.gm_rows
    gm.who.value, gm.amount.value = "Zorbag", 500
    gm.damage()
    assert enc.state("Zorbag")["dead"] and gm.who.value is None, gm.who.value
    before = [enc.state(n)["hp"] for n in enc.names]
    gm.damage()
    assert [enc.state(n)["hp"] for n in enc.names] == before
    assert "choose a creature first" in t.status_text
    gm.who.value = "Hero"  # choosing again works as before
    assert gm.who.value == "Hero"


def test_the_maps_flanking_line_cites_the_ruleset_the_fight_plays():
    """A new user saw "Chessan is not flanked: only Orc 1 threatens it (000_..., "Flanking /
    Being Flanked")" under classic and wounds: the map's line cited lfg's heading unmarked.
    Under the tracker it cites the ruleset's own: classic's "Conditions" (its Flanked),
    wounds' lfg heading marked inferred (003 has no flanking); lfg keeps its own."""
    from lfgcombat.widgets import BattleMap
    said = {}
    for rs in ("lfg", "classic", "wounds"):
        enc = fight(rs, seed=2, places=CLOSE_PLACES)
        bm = BattleMap(enc.map)
        t = InitiativeTracker(enc, battlemap=bm)
        t.start()
        bm.select("Hero")
        said[rs] = bm.status_text
    assert '000_8d1d7816ee944f3b.txt, "Flanking / Being Flanked")' in said["lfg"]
    assert "inferred" not in said["lfg"]
    assert 'flanked' in said["classic"] and "002_2a3a79475ca2a541.txt" in said["classic"]
    assert "000_" not in said["classic"], said["classic"]
    assert "(lfg's flanking: inferred for wounds)" in said["wounds"], said["wounds"]


def test_what_one_creature_typed_is_blanked_when_another_acts() -> None:
    """The Act row's "what" and the Cast row's spell and note are the acting creature's: a
    new user saw Wulfric's "swing from the chandelier" still in Orc 2's Act row."""
    from .test_tracker_redraw_steps import fight, tracker

    enc = fight("classic")
    t = tracker(enc)
    t._start.click()
    rows = t.action_rows
    first = rows.who.value
    rows.what.value, rows.spell.value, rows.spell_note.value = "swing", "Sleep", "quietly"
    (t._next.children[0] if t._next.children else t._end).click()
    assert rows.who.value != first
    assert (rows.what.value, rows.spell.value, rows.spell_note.value) == ("", "", "")

"""The tracker follows the acting creature (issue 26, item 1): a click on a foe's token on
the battle map makes it the Attack row's target and the preview shows that attack's exact
odds before the roll (000_8d1d7816ee944f3b.txt, "Attacks Per Turn"); a click on an empty hex
still moves the acting creature; the acting creature itself and its allies are selected as
before.
"""

from __future__ import annotations

import html

import pytest

from lfgcombat.widgets import InitiativeTracker
from lfgcombat.widgets.battlemap import BattleMap

from .test_players_view import fight


def cell_of(enc, name):
    """A hex of ``name``'s token (where a click on it lands)."""
    return min(enc.map.footprint(name))


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_a_click_on_a_foes_token_chooses_it_as_the_target(ruleset):
    enc = fight(ruleset)
    bm = BattleMap(enc.map)
    t = InitiativeTracker(enc, battlemap=bm)
    t.start()
    me = enc.acting[0]
    assert bm.selected == me and bm.target_picker == t._pick_on_map
    foes = [n for n in enc.names if enc.side(n) != enc.side(me)]
    allies = [n for n in enc.names if enc.side(n) == enc.side(me) and n != me]
    a = t.attack_row
    far = foes[-1]
    if a.target.value == far:
        far = foes[0]
    bm.click(cell_of(enc, far))  # as a click on its token does
    assert a.target.value == far and bm.selected == me
    assert t.status_text.startswith(f"Attack target: {far}.")
    assert a.odds.value and (a.odds_shown is not None or a.refusal)
    assert a._chosen == far  # the GM's choice, kept for the turn
    t._say("something else")
    bm.click(cell_of(enc, far))  # the same words again on the map: said again here
    assert t.status_text.startswith(f"Attack target: {far}.")
    bm.click(cell_of(enc, allies[0]))  # an ally: selected, not a target
    assert bm.selected == allies[0] and a.target.value == far
    t.close()
    assert bm.target_picker is None


def test_a_click_on_an_empty_hex_still_moves_and_after_the_fight_no_target():
    enc = fight(seed=1)
    bm = BattleMap(enc.map)
    t = InitiativeTracker(enc, battlemap=bm)
    t.start()
    me = enc.acting[0]
    start = cell_of(enc, me)
    to = next(c for c in enc.reachable(me, "move")
              if not enc.map.at(c) and c != start and c not in enc.reachable(me, "move").provoking)
    bm.click(to)
    assert cell_of(enc, me) == to
    for n in enc.names:  # the fight is over: the picker offers nothing, the map selects
        if enc.side(n) != enc.side(me):
            enc.damage(n, 500)
    assert t.halted
    foe = next(n for n in enc.names if enc.side(n) != enc.side(me))
    assert t.attack_row.pick(foe) is None and t.attack_row.go.disabled


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_a_spell_takes_a_name_a_target_and_a_note_and_the_log_says_it(ruleset, tmp_path):
    """000_8d1d7816ee944f3b.txt, "Casting a Spell"; 002/003: the round's single action."""
    enc = fight(ruleset, seed=2)
    t = InitiativeTracker(enc)
    t.start()
    me = enc.acting[0]
    foe = next(n for n in enc.names if enc.side(n) != enc.side(me))
    rows = t.action_rows
    rows.spell.value, rows.level.value, rows.spell_target.value = "Sleep", 1, foe
    rows.spell_note.value = " the two nearest "
    rows.cast_button.click()
    assert t.error == "", t.error
    said = f"{me} casts Sleep"
    lines = [e.describe() for e in enc.log if not e.command]
    assert any(line.startswith(said) and f"on {foe} (the two nearest)" in line
               for line in lines), lines
    assert f"on {foe} (the two nearest)" in t.status_text, t.status_text
    assert enc.log.of_kind("cast", commands=True)[-1].data["note"] == "the two nearest"
    saved = enc.save(tmp_path / "fight.jsonl")  # the note replays from a save
    again = type(enc).load(saved)
    assert again.snapshot() == enc.snapshot()
    assert [e.describe() for e in again.log if not e.command] == lines


def test_a_cast_without_a_note_is_recorded_as_before_and_a_bad_note_is_refused():
    from lfgcombat import LfgError
    enc = fight(seed=2).start()
    me = enc.acting[0]
    before = enc.snapshot()
    with pytest.raises(LfgError, match="note: the GM's words"):
        enc.cast(me, 0, "light", note=3)
    assert enc.snapshot() == before
    enc.cast(me, 0, "light")
    assert "note" not in enc.log.of_kind("cast", commands=True)[-1].data
    assert enc.log.of_kind("spell")[-1].describe() == f"{me} casts light (spell level 0): cast"


@pytest.mark.parametrize("ruleset", ["lfg", "classic"])
def test_act_and_cast_are_off_with_the_engines_reason_when_it_refuses_them(ruleset):
    """One spell a turn (000_8d1d7816ee944f3b.txt, "Casting a Spell": "You may only cast 1
    Spell Per Turn!"); classic's round has one single action (002_2a3a79475ca2a541.txt,
    "Character Round:"). The widget asks the engine (a dry run on a fork)."""
    enc = fight(ruleset, seed=2)
    t = InitiativeTracker(enc)
    t.start()
    rows = t.action_rows
    assert not rows.cast_button.disabled and rows.why.value == ""
    rows.spell.value = "light"
    rows.cast_button.click()
    assert t.error == "", t.error
    me = enc.acting[0]
    with pytest.raises(Exception) as refused:
        enc.fork().cast(me, 0, "light", **({} if ruleset != "lfg" else {"aoo": "all"}))
    assert rows.cast_button.disabled
    # no spell at all now: the Cast row is hidden and the tracker's line says why (issue 26)
    assert rows.cast_row.layout.display == "none"
    assert t.hidden_rows["Cast"] == str(refused.value)
    assert "Cast: not now" not in html.unescape(rows.why.value)
    log = list(enc.log)
    rows.check_offers()  # the dry run rolls and logs nothing in the fight
    assert list(enc.log) == log


@pytest.mark.parametrize("ruleset", ["classic", "wounds"])
def test_a_rulesets_preview_explains_the_attack_the_log_then_records(ruleset):
    """The preview lists the situation the logged attack has (flat-footed...), under
    classic's and wounds' attack policies too (issue 26: "the preview explains exactly
    that attack")."""
    from lfgcombat import HexMap
    from lfgcombat.creature import load_example
    from lfgcombat.engine import Encounter
    extra = dict(bab=3, prowess=1, good_saves=["fort", "ref"])
    cs = [load_example("wulfric").replace(name="Hero", level=5, **extra),
          load_example("orc").replace(name="Orc", level=1, **extra)]
    m = HexMap(6, 4)
    m.place(cs[0], (2, 2), "party")
    m.place(cs[1], (3, 2), "orcs")
    enc = Encounter(cs, map=m, ruleset=ruleset, seed=2)
    t = InitiativeTracker(enc)
    t.start()
    a = t.attack_row
    a.preview()
    shown = list(a.explained)
    text = html.unescape(a.odds.value)
    assert a.attack() is not None, t.status_text
    made = [e for e in enc.log if e.kind == "attack" and not e.command][-1]
    logged = [str(m) for m in made.data.get("modifiers") or []]
    assert shown == logged
    assert all(m in text for m in logged)
    if ruleset == "classic":  # "Flat-Footed": the Orc has not acted yet
        assert any("Flat-footed" in m for m in logged), logged


def test_the_close_rows_do_it_follows_the_engines_answer():
    """Do it is off, saying why, while the engine refuses the chosen close action (no
    target yet; a foe out of reach), and on when it takes it (000_8d1d7816ee944f3b.txt,
    "Wrestling Skill - Maneuvers & More")."""
    enc = fight(seed=2)
    t = InitiativeTracker(enc)
    t.start()
    rows = t.close_rows
    assert rows.do.disabled and "choose the target" in rows.why.value
    me = enc.acting[0]
    for foe in (n for n in enc.names if enc.side(n) != enc.side(me)):
        rows.target.value = foe
        try:
            rows._close_call(enc.fork())()
            takes = True
        except Exception:  # noqa: BLE001 - the engine's refusal
            takes = False
        assert rows.do.disabled is not takes
        assert bool(rows.why.value) is not takes


def test_the_updown_rows_follow_the_engines_answer():
    """Move and Run of the Up/down row are off, saying why, until the engine takes the
    move as typed (000_8d1d7816ee944f3b.txt, "Other Types of Movement")."""
    enc = fight(seed=2)
    t = InitiativeTracker(enc)
    t.start()
    up = t.updown_rows
    assert up.move_button.disabled and "Move:" not in up.why.value  # no hex typed: it waits
    me = enc.acting[0]
    col, row = enc.map.offset(min(enc.map.footprint(me)))
    up.mode.value = "Swim" if "Swim" in [v for _l, v in up.mode.options] else up.mode.value
    up.to.value = f"{col}, {row}"
    try:
        up._moving("move", enc.fork())()
        takes = True
    except Exception:  # noqa: BLE001 - the engine's refusal
        takes = False
    assert up.move_button.disabled is not takes


def test_the_close_row_with_no_target_yet_gives_a_hint_not_a_refusal():
    """Before a target is chosen the Close row says so in grey ("Close: Wrestle: grab:
    choose the target first"), not as an orange "not now" refusal (a new user took it for
    an error before any click)."""
    t = InitiativeTracker(fight(seed=2))
    t.start()
    why = t.close_rows.why.value
    assert "choose the target first" in why and "not now" not in why and "#555" in why

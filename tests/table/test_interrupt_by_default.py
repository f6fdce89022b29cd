"""The Interrupt row's "interrupt by" never defaults to an ally of the acting creature
(issue 26, a new user: one click spent Chessan's Reaction on a failed interrupt of a
friend). An interrupt costs the interrupter's Reaction (000_8d1d7816ee944f3b.txt,
"Interrupt Turn – Details and Clarifications:"): the row offers the acting creature's
foes first and chooses one, or nobody when only allies may interrupt; it still offers
only those the engine takes.
"""

from __future__ import annotations

from lfgcombat.widgets import InitiativeTracker

from .test_players_view import fight


def values(d) -> list:
    return [o[1] if isinstance(o, tuple) else o for o in d.options]


def test_interrupt_by_chooses_a_foe_or_nobody_never_an_ally():
    enc = fight(seed=1)
    t = InitiativeTracker(enc)
    t.start()
    seen = {"foe": 0, "allies only": 0}
    for _ in range(4):
        me = enc.acting[0]
        offered, chosen = values(t._interrupter), t._interrupter.value
        foes = [n for n in offered if enc.side(n) != enc.side(me)]
        assert set(offered) == set(t._interrupters(list(enc.acting))[0])  # the engine's
        if foes:
            assert chosen == foes[0] and offered[:len(foes)] == foes, (me, offered)
            seen["foe"] += 1
        elif offered:
            assert chosen is None, f"{me}'s ally {chosen} chosen to interrupt it"
            seen["allies only"] += 1
        (t._last_buttons[0] if t._last_buttons else t._end).click()
    assert seen["foe"] and seen["allies only"], seen  # both cases were met


def test_the_gms_choice_of_an_ally_stands_until_the_turn_changes():
    enc = fight(seed=1)
    t = InitiativeTracker(enc)
    t.start()
    while not [n for n in values(t._interrupter) if enc.side(n) == enc.side(enc.acting[0])]:
        (t._last_buttons[0] if t._last_buttons else t._end).click()
    ally = next(n for n in values(t._interrupter) if enc.side(n) == enc.side(enc.acting[0]))
    t._interrupter.value = ally
    t.refresh()
    assert t._interrupter.value == ally

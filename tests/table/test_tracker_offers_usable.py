"""The tracker offers only what the acting creature can use now (issue 26, items 1-3 of
the follow-up): the Close row's basic maneuvers only while the engine takes them, the
Attack row's default target one the engine takes, and Aim only to a creature it helps.

000_8d1d7816ee944f3b.txt, "Wrestling Skill - Maneuvers & More (Big Action, AOO)" (a
maneuver counts as an attack), "Attacks Per Turn", "Aim (Big Action, Provokes AOO)" ("+1
Focus Bonus on your next ranged attack this turn").
"""

from __future__ import annotations

import pytest

from lfgcombat import HexMap
from lfgcombat.engine import Encounter
from lfgcombat.widgets import InitiativeTracker

from .test_players_view import PARTY, _fighters, fight

#: Ally (a mace) next to Grisk; the other orcs far away.
NEXT_TO_GRISK = ((1, 1), (1, 3), (6, 1), (7, 3), (6, 2), (2, 3))


def _engine_takes(t, key: str) -> bool:
    """Whether the engine takes the close action ``key`` of the acting creature now with
    some living creature as its target (or some hex next to it): a dry run per try."""
    rows, enc = t.close_rows, t.encounter
    me = rows._acting()
    targets = [n for n in enc.names if n != me and not enc.state(n)["dead"]]
    for x in targets:
        try:
            rows._close_call(enc.fork(), key, x, None, probe=True)()
            return True
        except Exception:  # noqa: BLE001 - the engine's refusal
            continue
    return False


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_the_close_row_offers_no_maneuver_once_the_actions_are_spent(ruleset):
    """The README picture: Hero has 0 Big Actions left and the Close row still offered
    "Wrestle: grab". Each close action is offered only when the engine's dry run takes it
    now (a maneuver counts as an attack: "Attacks Per Turn")."""
    enc = fight(ruleset, seed=1, places=NEXT_TO_GRISK)
    t = InitiativeTracker(enc)
    t.start()
    me = enc.acting[0]
    offered = [k for _l, k in t.close_rows.usable()]
    assert all(_engine_takes(t, k) for k in offered if ":" in k), offered
    if ruleset == "lfg":  # next to Grisk with two Big Actions: it may grab
        assert "wrestle:grab" in offered
    t.attack_row.target.value = "Grisk"
    while not t.attack_row.go.disabled:  # every attack of the turn
        assert t.attack_row.attack() is not None, t.status_text
    offered = [k for _l, k in t.close_rows.usable()]
    for key in ("wrestle:grab", "wrestle:trip", "wrestle:shove"):
        assert key not in offered, (key, enc.actions_left(me).explain())
        assert not _engine_takes(t, key)


def test_the_attack_rows_default_target_is_one_the_engine_takes():
    """A prone Ally (it threatens nobody, so the map's threat no longer sorts Grisk
    first) next to Grisk: the default target is Grisk, whom the engine lets it strike,
    not Zorbag 30 ft away."""
    enc = fight("lfg", seed=1, places=NEXT_TO_GRISK)
    t = InitiativeTracker(enc)
    t.start()
    me = enc.acting[0]
    enc.add_condition(me, "prone")
    a = t.attack_row
    assert a.target.value == "Grisk", (a.target.value, a.refusal)
    assert not a.go.disabled and a.refusal == ""
    assert "Attack" not in t.hidden_rows


def test_the_attack_row_hides_only_when_no_target_is_in_reach():
    enc = fight("lfg", seed=1)
    t = InitiativeTracker(enc)
    t.start()
    assert "Attack" in t.hidden_rows  # every foe beyond the mace's reach


@pytest.mark.parametrize("weapons, helps", [
    (["mace"], False), (["mace", "javelin"], True), (["longbow"], True),
    (["dagger"], True)])
def test_aim_is_offered_only_to_a_creature_it_helps(weapons, helps):
    """Aim gives "+1 Focus Bonus on your next ranged attack this turn": of no use without
    a ranged or thrown weapon. The engine still takes it (saved fights replay); its offer
    list says it is of no use, and the Act row does not offer it."""
    from lfgcombat.rules.turns.round_offers import of_no_use
    enc = _fight_with("Ally", weapons)
    t = InitiativeTracker(enc)
    t.start()
    me = enc.acting[0]
    assert me == "Ally"
    why = of_no_use(enc, me)
    assert ("aim" not in why) is helps
    offered = [k for _l, k in t.action_rows.usable_specials()]
    assert ("aim" in offered) is helps
    enc.fork().aim(me)  # the engine takes it either way
    if not helps:
        assert "ranged" in why["aim"] and "Aim" in why["aim"]


def _fight_with(name: str, weapons: list) -> Encounter:
    """The fight of ``fight()`` with ``name`` carrying ``weapons``."""
    m = HexMap(8, 5)
    cs = []
    for c, at in zip(_fighters(), ((1, 1), (1, 3), (3, 1), (4, 3), (6, 2), (7, 4))):
        c = c.replace(weapons=weapons) if c.name == name else c
        cs.append(c)
        m.place(c, at, "party" if c.name in PARTY else "orcs")
    return Encounter(cs, map=m, ruleset="lfg", seed=1)

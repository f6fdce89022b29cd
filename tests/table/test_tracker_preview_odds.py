"""The tracker's preview shows exactly the attack the engine then rolls (issue 26, item 1:
"shows the attack's exact odds for the chosen option before the roll; the preview explains
exactly that attack"): the AC or Defense shown is the ``against`` the logged attack
carries, and the odds are :meth:`lfgcombat.engine.Encounter.attack_odds` - with the map's
flanking (000_8d1d7816ee944f3b.txt, "Flanking / Being Flanked"; 002_2a3a79475ca2a541.txt,
"Conditions", Flanked: "loses DEX bonus to AC"; 003_de0e94afd49609a7.txt, "Defense = 10+
Prowess + Dex + Talents + Conditions + Circumstance") and cover (000_8d1d7816ee944f3b.txt,
"Determine Cover") under every ruleset.
"""

from __future__ import annotations

import html
import re

import pytest

from lfgcombat import HexMap
from lfgcombat.creature import load_example
from lfgcombat.engine import Encounter
from lfgcombat.errors import IllegalActionError
from lfgcombat.widgets import InitiativeTracker

EXTRA = dict(bab=3, prowess=1, good_saves=["fort", "ref"])


def fight(ruleset: str, case: str) -> Encounter:
    """Ally acts first (seed 3) against an agile Orc: ``flanked`` - Hero and Ally on
    either side of it; ``cover`` - Ally shoots a shortbow past Hero, standing in front of
    the Orc."""
    hero = load_example("wulfric").replace(name="Hero", level=5, **EXTRA)
    ally = load_example("chessan").replace(name="Ally", level=5, **EXTRA)
    orc = load_example("orc").replace(name="Orc", level=1, **EXTRA)
    orc = orc.replace(abilities={**orc.abilities.to_dict(), "dex": 16})
    m = HexMap(9, 5)
    if case == "flanked":
        m.place(hero, (2, 2), "party")
        m.place(ally, (4, 2), "party")
        m.place(orc, (3, 2), "orcs")
    else:
        ally = ally.replace(weapons=[{"name": "shortbow"}])
        m.place(ally, (0, 2), "party")
        m.place(hero, (3, 2), "party")
        m.place(orc, (4, 2), "orcs")
    enc = Encounter([hero, ally, orc], sides={"party": ["Hero", "Ally"], "orcs": ["Orc"]},
                    map=m, ruleset=ruleset, seed=3)
    return enc


def words(value: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", value)).split())


@pytest.mark.parametrize("case", ["flanked", "cover"])
@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_the_preview_shows_the_ac_and_odds_of_the_attack_then_logged(ruleset, case):
    enc = fight(ruleset, case)
    if case == "flanked":
        assert enc.map.is_flanked("Orc")
    t = InitiativeTracker(enc)
    t.start()
    while enc.acting != ["Ally"]:  # the agile Orc may go first
        enc.end_turn()
    t.refresh()
    a = t.attack_row
    assert (a.attacker.value, a.target.value) == ("Ally", "Orc"), enc.acting
    shown, odds, said = words(a.odds.value), a.odds_shown, list(a.explained)
    exact = enc.attack_odds("Ally", "Orc", a.weapon.value, **a.situation)
    log = list(enc.log)
    assert enc.attack_odds("Ally", "Orc", a.weapon.value) is not None
    assert list(enc.log) == log  # asking rolls, spends and logs nothing
    assert a.attack() is not None, t.status_text
    made = next(e for e in enc.log if e.kind == "attack" and not e.command
                and (e.actor, e.target) == ("Ally", "Orc"))
    against = made.data["against"]
    ac = odds.setup.ac.value if getattr(odds, "setup", None) is not None else odds.ac
    exact_ac = exact.setup.ac.value if getattr(exact, "setup", None) is not None else exact.ac
    assert ac == exact_ac == against, (shown, made.data)
    word = "Defense" if ruleset == "wounds" else "AC"
    assert re.search(rf"\b{word} {against}\b", shown), (shown, against)
    assert odds.p_hit == exact.p_hit and odds.p_crit == exact.p_crit
    assert f"hit {float(exact.p_hit):.1%}" in shown, shown
    assert said == [str(m) for m in made.data.get("modifiers") or []]
    if (ruleset, case) in {("classic", "flanked"), ("wounds", "flanked")}:
        assert "Orc is Flanked" in said


def test_attack_odds_refuses_what_the_attack_refuses_and_changes_nothing():
    enc = fight("classic", "flanked")
    enc.start()
    log = list(enc.log)
    for me, target in [("Hero", "Orc"), (enc.acting[0], enc.acting[0])]:
        with pytest.raises(IllegalActionError) as refused:
            enc.fork().attack(me, target)
        with pytest.raises(IllegalActionError) as asked:
            enc.attack_odds(me, target)
        assert str(asked.value) == str(refused.value)
    assert list(enc.log) == log

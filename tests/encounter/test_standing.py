"""Who is still standing, and when a fight is over (``Encounter.standing``, ``.over``).

000_8d1d7816ee944f3b.txt, "Injury, Unconscious & Dying": an unconscious or dying creature
is down; a dead one is out. 002_2a3a79475ca2a541.txt, "Stabilizing a Disabled Character": a
disabled hero "can not move, attack, communicate, or cast spells" (down), a mobile one has
one limited action a round (standing). Under wounds a creature at 0 HP takes Wounds and
fights on (inferred, as GM prep counts it). The tracker shows a banner once at most one
side stands; the encounter itself goes on until the GM stops playing it.
"""

from __future__ import annotations

import pytest

from lfgcombat import Creature, Encounter, LfgError
from lfgcombat.creature import load_example


def _duel(**kw) -> Encounter:
    return Encounter([load_example("wulfric"), load_example("orc")],
                     sides={"party": ["Wulfric"], "orcs": ["Orc"]}, seed=3, **kw).start()


def test_both_sides_stand_at_the_start():
    enc = _duel()
    assert enc.standing() == {"party": ["Wulfric"], "orcs": ["Orc"]}
    assert not enc.over


def test_a_dying_foe_is_down_and_the_fight_is_over():
    enc = _duel()
    enc.damage("Orc", int(enc.state("Orc").hp) + 1)
    assert enc.state("Orc").status in ("dying", "unconscious")
    assert enc.standing() == {"party": ["Wulfric"], "orcs": []}
    assert enc.over
    enc.heal("Orc", 20)  # healed back up: it stands again
    assert enc.standing()["orcs"] == ["Orc"] and not enc.over


def test_nobody_standing_is_over_too():
    enc = _duel()
    for n in ("Wulfric", "Orc"):
        enc.damage(n, 500)
    assert enc.standing() == {"party": [], "orcs": []} and enc.over


def test_classic_disabled_is_down():
    classic = [Creature.from_dict({**load_example(n).to_dict(), "bab": 3})
               for n in ("wulfric", "orc")]
    enc = Encounter(classic, sides={"party": ["Wulfric"], "orcs": ["Orc"]},
                    ruleset="classic", seed=2).start()
    hp = int(enc.state("Orc").hp)
    enc.damage("Orc", hp)  # exactly 0: disabled
    assert enc.state("Orc").status == "disabled"
    assert enc.standing()["orcs"] == [] and enc.over


def test_the_tracker_says_when_the_fight_is_over():
    pytest.importorskip("ipywidgets")
    from lfgcombat.widgets import InitiativeTracker
    enc = _duel()
    tracker = InitiativeTracker(enc)
    tracker.refresh()
    assert "lfg-over" not in tracker._round.value
    enc.damage("Orc", 500)
    tracker.refresh()
    assert "The fight is over: party stands (Wulfric)" in tracker._round.value
    assert ">Dead<" in tracker._cards.value  # the dead orc's card says so, not "Ready"


@pytest.mark.parametrize("ruleset, field", [("classic", "bab"), ("wounds", "prowess")])
def test_a_party_lacking_a_rulesets_fields_is_refused_when_the_encounter_is_built(
        ruleset, field):
    """A new GM built the example party under classic: it started, and the first attack
    failed. Now the encounter names every creature and field at once, before anything."""
    party = [load_example(n) for n in ("wulfric", "mayat", "orc")]
    with pytest.raises(LfgError) as err:
        Encounter(party, sides={"party": ["Wulfric", "Mayat"], "orcs": ["Orc"]},
                  ruleset=ruleset)
    text = str(err.value)
    assert all(f"  {n}: {field} (" in text for n in ("Wulfric", "Mayat", "Orc")), text
    assert f"'{field}: 3'" in text

"""Bad situation keys of a classic attack: the kit's error, the known keys, "did you mean".

002_2a3a79475ca2a541.txt, "How to attack another creature" and "Concealment"; the keys are
those of :func:`lfgcombat.rulesets.classic.combatant.creature_attack_odds`
(:attr:`lfgcombat.rulesets.classic.ruleset.ClassicAttacks.situation_keys`), as lfg's
:class:`~lfgcombat.rules.attacks.Situation` refuses its own unknown keys.
"""

from __future__ import annotations

import pytest

from lfgcombat.rules.attacks.odds import attack_odds
from lfgcombat.rulesets.classic import ClassicError
from lfgcombat.creature import load_example
from lfgcombat.engine import Encounter
from lfgcombat.rulesets import Ruleset

W = load_example("wulfric").replace(bab=5)
ORC = load_example("orc").replace(bab=3)


@pytest.mark.parametrize("key,hint", [
    ("concealmnt", "(did you mean 'concealment'?)"),
    ("critical_choice", "not part of a classic attack's odds"),
    ("target_condition", "(did you mean 'target_conditions'?)"),
])
def test_attack_odds_refuses_an_unknown_key(key, hint):
    with pytest.raises(ClassicError) as err:
        attack_odds(W, ORC, "longsword", ruleset="classic", **{key: "full"})
    text = str(err.value)
    assert text.startswith(f"situation: unknown key {key!r}") and hint in text
    assert "give bab, ranged, concealment, miss_chance" in text
    assert '002_2a3a79475ca2a541.txt, "How to attack another creature"' in text


def test_the_policys_roll_and_the_encounter_refuse_before_rolling():
    from lfgcombat import Roller
    roller = Roller(1)
    with pytest.raises(ClassicError, match="did you mean 'miss_chance'"):
        Ruleset("classic").attack_resolution.attack(roller, W, ORC, "longsword",
                                                    mis_chance=20)
    assert not roller.history
    enc = Encounter([W, ORC], sides={"a": [W.name], "b": [ORC.name]}, ruleset="classic",
                    seed=2).start()
    who = enc.acting[0]
    other = ORC.name if who == W.name else W.name
    events = len(enc.log)
    with pytest.raises(ClassicError, match="'concealmnt' \\(did you mean 'concealment'\\?\\)"):
        enc.attack(who, other, concealmnt="full")
    assert len(enc.log) == events


def test_the_known_keys_still_play():
    plain = attack_odds(W, ORC, "longsword", ruleset="classic")
    hidden = attack_odds(W, ORC, "longsword", ruleset="classic", concealment="full")
    assert hidden.p_hit < plain.p_hit   # "fully Concealed [...] -5 to attack rolls"

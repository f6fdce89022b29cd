"""``Encounter.damage`` under wounds with a damage type by name (issue 26: a test of the
players' view found ``enc.damage(name, 5, "slashing")`` refused with "an argument was not
understood (AttributeError ...)"): wounds' damage model names its types as text
(003_de0e94afd49609a7.txt: "The three main types of Physical damage are
bludgeoning, piercing, and slashing"), lfg's as a DamageType."""

from __future__ import annotations

import pytest

from lfgcombat import Encounter
from lfgcombat.creature import load_example
from lfgcombat.errors import IllegalActionError

FIELDS = dict(bab=3, prowess=1, good_saves=["fort", "ref"])


def _fight() -> Encounter:
    orc = load_example("orc").replace(**FIELDS)
    return Encounter([orc.replace(name="A"), orc.replace(name="B")],
                     sides={"x": ["A"], "y": ["B"]}, ruleset="wounds", seed=1).start()


def test_damage_of_a_named_type_is_taken():
    enc = _fight()
    hp = enc.state("B").hp
    enc.damage("B", 3, "slashing")
    assert enc.state("B").hp == hp - 3


def test_an_unknown_type_is_refused_with_the_types_and_changes_nothing():
    enc = _fight()
    before = enc.snapshot()
    with pytest.raises(IllegalActionError, match="unknown damage type 'bogus'; types: "):
        enc.damage("B", 3, "bogus")
    assert enc.snapshot() == before


@pytest.mark.parametrize("act", ["damage", "heal"])
def test_a_commit_reads_each_health_report_once_and_logs_as_before(act, monkeypatch):
    """A damage or a healing on a wounds record reads the report of the record before and
    after once each (issue 24, "Fast"), and its events are those a fresh reading gives
    (003_de0e94afd49609a7.txt, "When a character is subject to a damage-dealing
    effect")."""
    enc = _fight()
    enc.damage("B", 5, "slashing")
    health = type(enc.ruleset.health)
    calls = []
    real = health.read_report  # what the encounter reads (the kept report, no copy)
    monkeypatch.setattr(health, "read_report", lambda self, record: calls.append(1)
                        or real(self, record))
    before = len(enc.log)
    getattr(enc, act)("B", 3)
    assert len(calls) == 2
    monkeypatch.undo()
    fresh = _fight()
    fresh.damage("B", 5, "slashing")
    getattr(fresh, act)("B", 3)
    assert [str(e) for e in enc.log[before:]] == [str(e) for e in fresh.log[before:]]
    assert enc.state("B") == fresh.state("B")

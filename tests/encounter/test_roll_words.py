"""Every dice label names who rolled it (issue 26, item 2: "Every log line, dice label,
card and refusal names the actors"): lfg's damage roll, labelled ``Longsword damage`` by the
attack (000_8d1d7816ee944f3b.txt, "Damage Rolls"), reads ``Longsword damage (Wulfric vs
Orc)`` in the dice log and the event log, while the event records the label as rolled, so
every save written before replays unchanged."""

from __future__ import annotations

import pytest

from lfgcombat import Encounter
from lfgcombat.creature import load_example
from lfgcombat.engine.log.effects import roll_label


def _hit() -> Encounter:
    for seed in range(1, 40):
        enc = Encounter([load_example("wulfric"), load_example("orc")],
                        sides={"a": ["Wulfric"], "b": ["Orc"]}, seed=seed).start()
        if enc.current != "Wulfric":
            continue
        enc.attack("Wulfric", "Orc")
        if any("damage" in r.label for r in enc.roller.history):
            return enc
    raise AssertionError("no seed gave a hit")


def test_the_damage_roll_names_the_attacker_and_the_target(tmp_path):
    enc = _hit()
    damage = [r for r in enc.roller.history if "damage" in r.label]
    assert damage and all(r.label == "Longsword damage (Wulfric vs Orc)" for r in damage)
    events = [e for e in enc.log.of_kind("roll") if "damage" in e.data["label"]]
    assert [e.data["label"] for e in events] == ["Longsword damage"] * len(events)
    assert events[0].describe().startswith("Longsword damage (Wulfric vs Orc): 1d8+3 = ")
    again = Encounter.load(enc.save(tmp_path / "hit.jsonl"))  # recorded labels replay
    assert [r.label for r in again.roller.history] == [r.label for r in enc.roller.history]


@pytest.mark.parametrize("label, actor, target, words", [
    ("Longsword damage", "Wulfric", "Orc", "Longsword damage (Wulfric vs Orc)"),
    ("miss chance 50%", "Wulfric", "Orc", "miss chance 50% (Wulfric vs Orc)"),
    ("Orc FORT Save vs DC 12", "Orc", None, "Orc FORT Save vs DC 12"),
    ("Wulfric attacks Orc", "Wulfric", "Orc", "Wulfric attacks Orc"),
    ("1d6 fire", "Orc", None, "1d6 fire (Orc)"),
    ("Perfect Critical: limb", "Wulfric", "Orc", "Perfect Critical: limb (Wulfric vs Orc)"),
    ("1d6 fire", None, None, "1d6 fire"),
    (None, None, None, "roll"),
])
def test_a_label_naming_nobody_is_named(label, actor, target, words):
    assert roll_label(label, actor, target) == words

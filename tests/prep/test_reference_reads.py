"""The reference tier's tactics read what they need cheaply (issue 25, item 4: the
per-turn reads of ``lfgcombat/prep/reference.py``), and read the same as ``state()``."""

from __future__ import annotations

from lfgcombat import Encounter, Ruleset

from .rulesets_helpers import written


def test_prone_is_read_off_the_creature_as_state_says_it_under_every_ruleset():
    """``_prone`` answers as the tactics' old read of ``state()["conditions"]`` did, under
    every ruleset (a ruleset's own record is still asked through ``state()``)."""
    from lfgcombat.prep.reference import _prone
    for rs in ("lfg", "classic", "wounds"):
        enc = Encounter([written("wulfric"), written("orc")],
                        sides={"party": ["Wulfric"], "foes": ["Orc"]}, seed=3,
                        ruleset=Ruleset(rs))
        enc.start()
        assert not _prone(enc, "Orc")
        enc.add_condition("Orc", "prone")
        for name in ("Orc", "Wulfric"):
            assert _prone(enc, name) == ("prone" in enc.state(name)["conditions"])
        assert _prone(enc, "Orc") == (rs == "lfg")  # classic's and wounds' say "Prone"

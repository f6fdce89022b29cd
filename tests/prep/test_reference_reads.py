"""The reference tier's tactics read what they need cheaply (issue 25, item 4: the
per-turn reads of ``lfgcombat/prep/reference.py``), and read the same as ``state()``."""

from __future__ import annotations

from lfgcombat import Encounter, Ruleset

from .rulesets_helpers import written


def test_prone_is_read_off_the_creature_as_state_says_it_under_every_ruleset():
    """``_prone`` answers as ``state()["conditions"]`` says, under every ruleset (a
    ruleset's own record is still asked through ``state()``, whose "Prone" is capitalised
    under classic and wounds: before, the tactics' read missed it and a Prone creature
    never stood up there)."""
    from lfgcombat.prep.reference import _prone
    for rs in ("lfg", "classic", "wounds"):
        enc = Encounter([written("wulfric"), written("orc")],
                        sides={"party": ["Wulfric"], "foes": ["Orc"]}, seed=3,
                        ruleset=Ruleset(rs))
        enc.start()
        assert not _prone(enc, "Orc")
        enc.add_condition("Orc", "prone")
        for name in ("Orc", "Wulfric"):
            said = [str(c).lower() for c in enc.state(name)["conditions"]]
            assert _prone(enc, name) == ("prone" in said)
        assert _prone(enc, "Orc"), rs  # classic's and wounds' state() say "Prone"

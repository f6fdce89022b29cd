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


def test_the_fights_kept_reads_are_fresh_after_every_refresh_all(monkeypatch):
    """The tactics keep each creature's HP track, death, standing and whether it may still
    die (:func:`~lfgcombat.prep.standing.at_risk`), and read again only the creatures the
    log names since (issue 24, item 6, "Fast": the aftermath no longer reads everyone at
    every turn). After every such read all of it is what a fresh read of every creature
    says, under every ruleset, through fights, their dying and classic's optional 1 HP a
    round, and the aftermath ends with nobody at risk."""
    from lfgcombat.prep.reference import _Fight, play
    from lfgcombat.prep.run import prepare_run
    from lfgcombat.prep.standing import STANDING, at_risk, track

    from .rulesets_helpers import orc_brawl
    checked = []
    refresh_all = _Fight.refresh_all

    def checking(self):
        refresh_all(self)
        for i, n in enumerate(self.names):
            s = self.enc._standing_state(n)
            fresh = (track(s), bool(s["dead"]), s["status"] in STANDING,
                     at_risk(s, self.hp_loss))
            assert (self.hp[i], self.dead[i], self.up[i], self.risk[i]) == fresh, n
        checked.append(any(self.risk))
    monkeypatch.setattr(_Fight, "refresh_all", checking)
    for rs in (Ruleset("lfg"), Ruleset("classic", hp_loss_per_round=True), Ruleset("wounds")):
        scenario, spec = prepare_run(orc_brawl(), rs, "weakest")
        for seed in range(6):
            enc, _ = play(scenario, spec, 100 + seed, seed)
            assert not any(at_risk(enc._standing_state(n), rs.hp_loss_per_round)
                           for n in enc.names)
    assert any(checked) and not all(checked)  # some read found someone who may still die

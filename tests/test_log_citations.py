"""Issue 26, item 2, "Words from the ruleset": every attack, damage and roll line cites the
rule it plays, from the ruleset that played it, by heading, and each citation is said once.

The rules texts: 000_8d1d7816ee944f3b.txt (lfg), 002_2a3a79475ca2a541.txt (classic),
003_de0e94afd49609a7.txt (wounds). A heading exists when :func:`citescan.is_heading` finds
it in the file (the check tests/test_citations.py applies to the engine's citations).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from lfgcombat.creature import load_example
from lfgcombat.engine import Encounter
from lfgcombat.errors import IllegalActionError
from lfgcombat.rules.citations import heading_of, headings_only

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
from citescan import engine_citations, is_heading, rules_lines  # noqa: E402

TEXTS = {"lfg": "000_8d1d7816ee944f3b.txt", "classic": "002_2a3a79475ca2a541.txt",
         "wounds": "003_de0e94afd49609a7.txt"}
CITATION = re.compile(r'(\d{3}_[0-9a-f]{16}\.txt), "([^"]+)"')


def fight(ruleset: str, seed: int = 3) -> Encounter:
    """Wulfric against an Orc under ``ruleset``: a few turns of attacks, started."""
    w = load_example("wulfric").replace(bab=5, prowess=3, good_saves=["fort", "will"])
    orc = load_example("orc").replace(bab=3, prowess=1, good_saves=["fort", "ref"])
    enc = Encounter([w, orc], sides={"party": ["Wulfric"], "orcs": ["Orc"]}, seed=seed,
                    ruleset=ruleset).start()
    for _ in range(4):
        foe = "Orc" if enc.current == "Wulfric" else "Wulfric"
        for _ in range(2):
            try:
                enc.attack(enc.current, foe)
            except IllegalActionError:
                break
        enc.end_turn(next=foe) if ruleset == "lfg" else enc.end_turn()
    return enc


def _cited(rule: str | None, file: str, seeds: Path, cache: dict[str, list[str]]) -> None:
    """``rule`` cites ``file`` only, by headings that exist in it."""
    assert rule, "no citation"
    found = CITATION.findall(rule)
    assert found, rule
    for f, heading in found:
        assert f == file, rule
        assert is_heading(heading, rules_lines(seeds, f, cache)), (f, heading)


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_attack_damage_and_roll_lines_cite_their_rulesets_own_text(
        ruleset: str, seeds: Path) -> None:
    """Before: an attack, damage or roll line carried no citation in any ruleset."""
    enc = fight(ruleset)
    cache: dict[str, list[str]] = {}
    frame = enc.log.to_dataframe()
    lines = enc.log.explain().splitlines()
    for kind in ("attack", "damage", "roll"):
        events = [e for e in enc.log.of_kind(kind)
                  if kind != "roll" or " attacks " in str(e.data.get("label"))]
        assert events, kind
        for e in events:
            rule = enc.log.rule_of(e)
            _cited(rule, TEXTS[ruleset], seeds, cache)
            assert frame.loc[e.seq, "rule"] == rule
            assert lines[e.seq].endswith(f"({rule})"), lines[e.seq]
    damage_rolls = [e for e in enc.log.of_kind("roll") if "damage" in str(e.data["label"])]
    assert damage_rolls
    for e in damage_rolls:
        _cited(enc.log.rule_of(e), TEXTS[ruleset], seeds, cache)


def test_the_citations_keep_saved_fights_replaying(tmp_path: Path) -> None:
    """The citations are the log views', not the events': a save holds no new field and
    loads (replays) to the same log, citations included."""
    enc = fight("classic")
    path = enc.save(tmp_path / "fight.jsonl")
    assert '"rule": "002_2a3a79475ca2a541.txt, \\"How to attack' not in path.read_text()
    back = Encounter.load(path)
    assert back.log.explain() == enc.log.explain()
    assert TEXTS["classic"] in back.fork().log.explain()


def test_a_refusal_says_its_citation_once() -> None:
    """Before: "... one Big Action per turn attacks or casts (000_..., "Attacks Per
    Turn")) (000_..., "Attacks Per Turn")": the card's note and the error's own rule."""
    w = load_example("wulfric").replace(level=3)
    orc = load_example("orc")
    enc = Encounter([w, orc], sides={"party": ["Wulfric"], "orcs": ["Orc"]}, seed=3).start()
    actor = enc.current
    foe = "Orc" if actor == "Wulfric" else "Wulfric"
    enc.attack(actor, foe)
    with pytest.raises(IllegalActionError) as got:
        enc.attack(actor, foe)
    text = str(got.value)
    assert "one Big Action per turn attacks or casts" in text
    assert text.count('"Attacks Per Turn"') == 1, text
    assert got.value.rule and "Attacks Per Turn" in got.value.rule


def test_a_refusal_cites_the_heading_not_the_paragraph() -> None:
    """Before: "(000_..., "Big Actions (BA): Big Actions require a decent amount of mental
    attention and/or physical effort to complete. You can take 2 Big Actions ...")"."""
    enc = Encounter([load_example("wulfric"), load_example("orc")],
                    sides={"party": ["Wulfric"], "orcs": ["Orc"]}, seed=3).start()
    actor = enc.current
    enc.act(actor, "take_off_backpack")
    enc.act(actor, "take_off_backpack")
    with pytest.raises(IllegalActionError) as got:
        enc.act(actor, "take_off_backpack")
    assert '"Big Actions (BA)")' in str(got.value)
    assert "mental attention" not in str(got.value)


def test_headings_only_keeps_headings_and_cuts_paragraphs() -> None:
    text = ('no (000_8d1d7816ee944f3b.txt, "Rounds, Initiative, & Turn Order: 1 Round '
            'represents 6 seconds of combat."; 000_8d1d7816ee944f3b.txt, "Flanking")')
    assert headings_only(text) == ('no (000_8d1d7816ee944f3b.txt, "Rounds, Initiative, & '
                                   'Turn Order"; 000_8d1d7816ee944f3b.txt, "Flanking")')
    assert heading_of("Alternative Initiative Option #2 – Top-Down Initiative: (Highest to "
                      "lowest)").endswith("(Highest to lowest)")
    assert heading_of("Optional: If a character goes below 0 HP") == \
        "Optional: If a character goes below 0 HP"  # "Optional" alone says nothing


def test_every_shortened_citation_is_still_a_heading(seeds: Path) -> None:
    """What people read (:func:`heading_of` of every citation in the engine) is a heading
    of its file."""
    cache: dict[str, list[str]] = {}
    shortened = [(c.file, heading_of(c.heading)) for c in engine_citations()
                 if heading_of(c.heading) != c.heading]
    assert len(shortened) > 10  # "Big Actions (BA)", "Taking Your Turn", ...
    for file, heading in shortened:
        assert is_heading(heading, rules_lines(seeds, file, cache)), (file, heading)


def test_a_card_cites_the_heading_not_the_paragraph() -> None:
    """Before: a readied creature's card read "(000_..., "Prepare to Interrupt – “Ready
    Action” (Big Action): You prepare to do something when a specific trigger event
    occurs.")"."""
    enc = Encounter([load_example("wulfric"), load_example("orc")],
                    sides={"party": ["Wulfric"], "orcs": ["Orc"]}, seed=3).start()
    actor = enc.current
    enc.ready(actor, "the foe comes near")
    card = enc.actions_left(actor).explain()
    assert '"Prepare to Interrupt – “Ready Action” (Big Action)")' in card, card
    assert "You prepare to do something" not in card

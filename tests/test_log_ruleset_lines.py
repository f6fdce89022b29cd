"""Issue 26, item 2 ("Words from the ruleset"), the auditor's gaps: an initiative roll cites
a rule that is about initiative (or says it is inferred), a citation shows a heading of its
text (never a paragraph's first words), and the spell, spend, single-action and turn lines
cite their ruleset's rule and name the target.

002_2a3a79475ca2a541.txt (classic) has no initiative rule ("initiative checks" only under
Deafened); 003_de0e94afd49609a7.txt (wounds) has none either ("initiative" only in
"Electricity"), and gives its Half Actions, Total Defense and Attacks of Opportunity as
paragraphs under its one sheet heading, "Combat Statistics". Real headings are those
:func:`citescan.heading_lines` reads in the text.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from lfgcombat.engine import Encounter
from lfgcombat.errors import IllegalActionError
from lfgcombat.rules.turns.turn_reminders import turn_reminders



sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from citescan import heading_lines, rules_lines  # noqa: E402
from test_log_citations import TEXTS, fight  # noqa: E402

CITATION = re.compile(r'(\d{3}_[0-9a-f]{16}\.txt), "([^"]+)"')


def real_headings(text: str, seeds: Path) -> list[tuple[str, str, bool]]:
    """``(file, heading, is a heading line of the file)`` of every citation in ``text``."""
    cache: dict[str, list[str]] = {}
    return [(f, h, h in {x for _, x in heading_lines(rules_lines(seeds, f, cache))})
            for f, h in CITATION.findall(text)]


@pytest.mark.parametrize("ruleset", ["classic", "wounds"])
def test_an_initiative_roll_cites_no_heading_about_something_else(ruleset: str) -> None:
    """Before: classic's cited "Conditions", wounds' "Electricity"."""
    enc = fight(ruleset)
    rolls = [e for e in enc.log.of_kind("roll") if "initiative" in str(e.data.get("label"))]
    assert rolls
    for e in rolls:
        rule = enc.log.rule_of(e)
        assert rule and "inferred" in rule, rule
        assert '"Conditions"' not in rule and '"Electricity"' not in rule, rule
        assert TEXTS[ruleset] in rule
    if ruleset == "classic":  # its Flat-footed start stays under "Conditions"
        starts = [e for e in enc.log.of_kind("effect_start")
                  if "flat-footed" in str(e.data["effect"].get("label"))]
        assert starts and all('"Conditions"' in e.data["effect"]["rule"] for e in starts)


def test_wounds_citations_show_a_heading_not_a_paragraphs_first_words(seeds: Path) -> None:
    """Before: the Prone refusal cited "Attacking an enemy usually involves spending your
    Half Action", the AOO reminder "As mentioned in the previous Tip"."""
    enc = fight("wounds")
    who = enc.acting[0]
    with pytest.raises(IllegalActionError) as got:
        enc.stand_up(who)
    assert "Attacking an enemy" not in str(got.value)
    found = real_headings(str(got.value), seeds)
    assert found and all(ok for _, _, ok in found), found
    reminders = " ".join(str(r) for r in turn_reminders(enc, who, "end"))
    assert "AOO" in reminders and "previous Tip" not in reminders
    found = real_headings(reminders, seeds)
    assert found and all(ok for _, _, ok in found), found


def test_classic_refusal_of_a_timed_condition_cites_its_conditions_heading() -> None:
    """Before: it cited the bare file name, "(002_2a3a79475ca2a541.txt)"."""
    enc = fight("classic")
    with pytest.raises(IllegalActionError) as got:
        enc.add_condition("Orc", "Shaken", rounds=2)
    assert '002_2a3a79475ca2a541.txt, "Conditions"' in str(got.value)


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_spell_spend_single_action_and_turn_lines_cite_their_ruleset(
        ruleset: str, seeds: Path) -> None:
    """Before: only attack, damage and roll lines carried a citation."""
    enc = fight(ruleset)
    who = enc.acting[0]
    foe = "Orc" if who == "Wulfric" else "Wulfric"
    enc.cast(who, 1, spell="Bless", target=foe)
    lines = enc.log.explain().splitlines()
    frame = enc.log.to_dataframe()
    kinds = {"spell", "turn_start", "turn_end"} | (
        {"spend"} if ruleset == "lfg" else {"single_action"})
    for kind in kinds:
        events = enc.log.of_kind(kind)
        assert events, kind
        for e in events:
            rule = enc.log.rule_of(e)
            assert rule, (kind, lines[e.seq])
            assert lines[e.seq].endswith(f"({rule})") and frame.loc[e.seq, "rule"] == rule
            found = real_headings(rule, seeds)
            assert found and all(f == TEXTS[ruleset] and ok for f, _, ok in found), found


@pytest.mark.parametrize("ruleset", ["classic", "wounds"])
def test_a_single_action_line_names_its_target(ruleset: str) -> None:
    """Before: "Orc: Attack (30 ft of movement left)"."""
    enc = fight(ruleset)
    e = next(e for e in enc.log.of_kind("single_action") if e.target)
    assert f"{e.actor}: Attack on {e.target}" in e.describe()


def test_a_saved_wounds_fight_replays_with_the_headings_shown(tmp_path: Path) -> None:
    enc = fight("wounds")
    back = Encounter.load(enc.save(tmp_path / "w.jsonl"))
    assert back.log.explain() == enc.log.explain()


def test_a_wounds_top_down_start_cites_lfgs_top_down_inferred() -> None:
    """Under wounds' Top-Down the flat-footed start cites lfg's Top-Down heading, marked
    inferred for wounds (003 has no initiative rule), as its rolls do - not "Electricity",
    which rules revision 13 recorded. A save of revision 13 is refused saying the rules
    changed, and loads with ``rederive=True`` listing that difference (one per flat-footed
    start)."""
    from pathlib import Path

    from lfgcombat.creature import load_example
    from lfgcombat.engine.log import LogFormatError
    from lfgcombat.rulesets import Ruleset

    enc = Encounter([load_example("wulfric").replace(prowess=3, good_saves=["fort", "will"]),
                     load_example("orc").replace(prowess=1, good_saves=["fort", "ref"])],
                    sides={"party": ["Wulfric"], "orcs": ["Orc"]}, seed=3,
                    ruleset=Ruleset("wounds", initiative="top_down")).start()
    starts = [e for e in enc.log.of_kind("effect_start")
              if "flat-footed" in str(e.data["effect"].get("label"))]
    assert starts
    for e in starts:
        rule = e.data["effect"]["rule"]
        assert "Top-Down Initiative" in rule and "inferred for wounds" in rule, rule
        assert "Electricity" not in rule
    roll = next(e for e in enc.log.of_kind("roll") if "initiative" in e.data["label"])
    assert "Top-Down Initiative" in (enc.log.rule_of(roll) or "")
    old = Path(__file__).resolve().parent / "saves" / "wounds-top-down-rev13.jsonl"
    with pytest.raises(LogFormatError, match="the rules changed since this save was written"):
        Encounter.load(old)
    loaded = Encounter.load(old, rederive=True)
    assert [d.field for d in loaded.rederived] == ["data.effect"] * len(starts)
    assert all("Electricity" in str(d.recorded) for d in loaded.rederived)

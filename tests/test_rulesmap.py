"""The rules map (``make rulesmap``, tools/rulesmap.py): every heading of the three rules
texts is carried by the kit or noted with a reason, and the committed map is current.

The headings are found by tools/citescan.py, the scanner tests/test_citations.py uses to check
that every cited heading exists. The tests that need the rules texts read them from
``$LFG_SEEDS`` or ``../shared/seeds`` (the ``seeds`` fixture: skipped without them, failed
under ``LFG_REQUIRE_SEEDS=1``).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))

import citescan  # noqa: E402
import rulesmap  # noqa: E402
from lfgcombat.rules.citations import TEXT  # noqa: E402

MAIN = "000_8d1d7816ee944f3b.txt"
BYPASS = "Bypassing Hit Points – GM Guide for Damage & Hit Points in Dramatic Story Scenes:"


# --- without the rules texts -----------------------------------------------------------------

def test_the_scanner_names_the_main_text_as_the_engine_does() -> None:
    assert citescan.TEXT == TEXT == MAIN
    assert set(rulesmap.TEXTS) == {MAIN, "002_2a3a79475ca2a541.txt", "003_de0e94afd49609a7.txt"}


@pytest.mark.parametrize(("line", "heading"), [
    ("Flanking / Being Flanked", "Flanking / Being Flanked"),
    ("Interrupt Turn – Details and Clarifications:", "Interrupt Turn – Details and Clarifications:"),
    ("Ablaze: You are on fire. Take 1d6 Fire Damage as soon as the condition begins.", "Ablaze"),
    ("Stabilize – A standard action to stabilize a disabled character on a DC12 Survival check.",
     "Stabilize"),
    ("Coup de Grace / Killing Blow", "Coup de Grace / Killing Blow"),
    ("GM Note: Combat Gameplay can also be used in scenes where exact player locations ...", None),
    ("Ex1: The classic example is the enemy archer hiding behind a castle wall.", None),
    ("Elemental Damage is NOT multiplied on Critical Hits", None),
    ("Initiative Check = 1d20 + Initiative Rating + DEX Mod + WIS Mod", None),
    ("-You may only cast 1 Spell Per Turn!", None),
    ("Opening an unlocked door", None),
    ("", None),
])
def test_which_lines_are_headings(line: str, heading: str | None) -> None:
    assert citescan.heading_of_line(line) == heading


def test_a_cited_heading_names_the_equal_line_else_every_heading_it_starts() -> None:
    lines = ["Flanking, Positioning, Cover", "Flanking / Being Flanked", "Flanking rules apply",
             "Death", "Death: you die"]
    rows = {1: rulesmap.Row(MAIN, 1, "x"), 2: rulesmap.Row(MAIN, 2, "x")}
    assert rulesmap._targets("Flanking", lines, rows) == [1, 2]
    assert rulesmap._targets("Death", lines, rows) == [4]
    assert rulesmap._targets("Nowhere", lines, rows) == []


def _notes(tmp_path: Path, *rows: str) -> Path:
    path = tmp_path / "notes.csv"
    path.write_text("file,heading,status,reason\n" + "".join(r + "\n" for r in rows),
                    encoding="utf-8")
    return path


@pytest.mark.parametrize(("row", "says"), [
    (f"{MAIN},Space Explained,out of scope,", "has no reason"),
    (f"{MAIN},Space Explained,skipped,prose", "status 'skipped'"),
    ("004_0000000000000000.txt,Space Explained,missing,gone", "is not a rules text"),
    (f"{MAIN},Space Explained,implemented,the map module does it", "never by a note"),
])
def test_a_note_without_status_or_reason_is_refused(tmp_path: Path, row: str, says: str) -> None:
    with pytest.raises(rulesmap.NotesError, match=says):
        rulesmap.read_notes(_notes(tmp_path, row))


def test_a_heading_noted_twice_is_refused(tmp_path: Path) -> None:
    row = f"{MAIN},Space Explained,out of scope,prose"
    with pytest.raises(rulesmap.NotesError, match="noted twice"):
        rulesmap.read_notes(_notes(tmp_path, row, row))


def test_a_heading_only_named_in_the_code_is_unaccounted(monkeypatch) -> None:
    """The audit of issue 27: a heading whose words merely occur in the engine is not
    implemented; it stays unaccounted (the test below fails) until the code that implements
    it cites it, or a note says why not."""
    row = rulesmap.Row(MAIN, 1, "Space Explained")
    rulesmap._settle(row, {}, "the space explained here", [("lfgcombat/x.py", "space explained")])
    assert row.status == "unaccounted" and row.reason.startswith("named, not cited")


def test_the_committed_notes_read() -> None:
    notes = rulesmap.read_notes()
    assert notes
    assert all(reason for _, reason in notes.values())


# --- against the rules texts -----------------------------------------------------------------

@pytest.fixture(scope="module")
def rows(seeds: Path) -> list[rulesmap.Row]:
    return rulesmap.build_map()


def _row(rows: list[rulesmap.Row], file: str, heading: str) -> rulesmap.Row:
    found = [r for r in rows if r.file == file and r.heading == heading]
    assert found, f"no row {file}, {heading!r}"
    return found[0]


def test_every_heading_is_carried_or_noted(rows: list[rulesmap.Row]) -> None:
    loose = [f"{r.file}:{r.line} {r.heading!r}" for r in rows if r.status == "unaccounted"]
    assert not loose, (
        "headings of the rules texts that no code or table cites, that the engine does not "
        "name, and that docs/rulesmap_notes.csv does not note (add a citation, or a note "
        "with status 'out of scope' or 'missing' and the reason):\n" + "\n".join(loose))


def test_every_text_has_rows_and_every_status_but_implemented_a_reason(
        rows: list[rulesmap.Row]) -> None:
    assert {r.file for r in rows} == set(rulesmap.TEXTS)
    assert len(rows) > 300
    unexplained = [f"{r.file}:{r.line} {r.heading!r} ({r.status})" for r in rows
                   if r.status in {"inferred", "out of scope", "missing"} and not r.reason]
    assert not unexplained


def test_a_heading_the_engine_cites_is_implemented_with_its_code_tests_and_notebooks(
        rows: list[rulesmap.Row]) -> None:
    flanking = _row(rows, MAIN, "Flanking / Being Flanked")
    assert flanking.status == "implemented"
    assert any(c.startswith("lfgcombat.battlemap") for c in flanking.code)
    assert flanking.tests
    cover = _row(rows, MAIN, "Determine Cover")
    assert cover.status == "implemented"
    assert any(stem.startswith("14-") for stem, _ in cover.notebooks)
    death = _row(rows, "002_2a3a79475ca2a541.txt", "Death")
    assert death.status == "implemented" and any("classic" in c for c in death.code)


def test_a_rebuilt_table_is_inferred_with_its_reason(rows: list[rulesmap.Row]) -> None:
    tiny = _row(rows, MAIN, "Tiny (T) & Diminutive (D)")
    assert tiny.status == "inferred" and "data/sizes.csv" in tiny.code
    assert tiny.reason.startswith("data/sizes.csv: Creature Size Category Table missing")


def test_a_heading_without_citation_or_note_is_unaccounted(seeds: Path) -> None:
    notes = rulesmap.read_notes()
    del notes[(MAIN, BYPASS)]
    row = _row(rulesmap.build_map(notes), MAIN, BYPASS)
    assert (row.status, row.code) == ("unaccounted", {})


def test_a_note_for_no_heading_is_refused(seeds: Path) -> None:
    notes = rulesmap.read_notes() | {(MAIN, "Not A Heading Of The Text"): ("missing", "gone")}
    with pytest.raises(rulesmap.NotesError, match="Not A Heading Of The Text"):
        rulesmap.build_map(notes)


def test_the_committed_map_and_readme_counts_are_current(rows: list[rulesmap.Row]) -> None:
    stale = [citescan.rel(path) for path, text in rulesmap.outputs(rows).items()
             if not path.is_file() or path.read_text(encoding="utf-8") != text]
    assert not stale, f"run `make rulesmap` and commit: {', '.join(stale)} are stale"
    assert rulesmap.counts_line(rows) in (REPO / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("line", [
    "x3 Multiplier", "To hit:",
    "Active Dodge - If you are attacked in melee and are aware of the attack:",
    "What if I don’t want to take my turn when I’m selected?",
    "How do I attack an enemy?", "While wielding a weapon in each hand:",
    "Situations involving creatures in the same space:",
])
def test_the_headings_the_audit_found_missing_are_headings(line: str) -> None:
    """Issue 27's audits: these title lines of the texts had no row (a lower-case word, a
    short label, a titled case, a question of the FAQ, a "While ...:" case)."""
    assert citescan.heading_of_line(line) == line


@pytest.mark.parametrize(("line", "heading"), [
    ("• Blinded – The character cannot see. They take a -2 penalty", "• Blinded"),
    ("-Maximum Range: A thrown weapon has a maximum range of five", "-Maximum Range"),
    ("-Note: this is a reminder, not a rule.", None),
    ("-GM Note: the GM decides.", None),
])
def test_a_marked_term_is_a_heading_and_a_marked_note_is_not(line: str, heading) -> None:
    """The classic text's bulleted conditions and the main text's dashed lead-ins are
    headings (the second audit of issue 27); a dashed note is not."""
    assert citescan.heading_of_line(line) == heading


@pytest.mark.parametrize("line", [
    "x3 the damage and add it.", "see below:", "What if you miss.",
    "Active Dodge lets you roll against the attack when you are aware of it.",
])
def test_body_lines_like_them_are_not(line: str) -> None:
    assert citescan.heading_of_line(line) is None

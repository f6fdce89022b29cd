"""The GM's tracker and the players' screen side by side in a real JupyterLab (issue 26,
items 3 and 4).

Hero and Ally against three orcs: Murk lies in wait unaware, Grisk is Invisible
(000_8d1d7816ee944f3b.txt, "Determine Awareness", "AMBUSH! - What if you’re unaware?",
"Conditions – Full Details": "Invisible: Cannot be seen"). The GM's tracker shows all five
cards; the players' screen (``.lfg-players``) shows the party and Zorbag only - never Murk
or Grisk, never a foe's HP: Zorbag, struck, reads "bloodied", one of the issue's three
health words (``data-health``) - and follows the fight live (a *next* click in the tracker
changes who acts on it). Then the GM goes back to step 1 from the history row
(``.lfg-history-line``, ``button.lfg-back-to``): before the start the players see the party
only; and resumes the branch (``button.lfg-resume``).

The GM keeps Zorbag from the players with its toggle in the tracker's GM rows
(``button.lfg-keep``; ``.lfg-keep-line`` says who is kept) and shows it again.

Contract with ``widgets/players.py``: ``.lfg-players``, ``.lfg-players-round[data-round]``,
``.lfg-players-acting``, ``.lfg-players-token[data-name]`` in the SVG map,
``.lfg-players-card[data-name]``; with ``widgets/tracker_history.py``:
``.lfg-history-line select``, ``button.lfg-back-to`` (its text says the step: "Back to step
1"), ``button.lfg-resume``.
"""

from __future__ import annotations

from .conftest import Lab

SETUP = '''\
import ipywidgets as W
from lfgcombat import Creature, HexMap
from lfgcombat.engine import Encounter
from lfgcombat.widgets import BattleMap, InitiativeTracker, PlayersScreen

SWORD = {"name": "longsword", "damage": "1d8", "crit": "19-20/x2", "damage_type": "s"}
def mk(name, init=0):
    return Creature.from_dict({"name": name, "class": "fighter", "level": 5,
                               "initiative_rating": init, "weapons": [SWORD]})
cs = [mk("Hero", 40), mk("Ally"), mk("Zorbag"), mk("Murk"), mk("Grisk")]
m = HexMap(9, 5)
for c, at, side in zip(cs, [(1, 1), (1, 3), (4, 2), (7, 1), (7, 3)],
                       ["party", "party", "orcs", "orcs", "orcs"]):
    m.place(c, at, side)
enc = Encounter(cs, map=m, seed=3)
enc.add_condition("Grisk", "invisible")
enc.start(aware=["Hero", "Ally", "Zorbag", "Grisk"])
enc.damage("Zorbag", 1)  # a scratch: "bloodied" on the players' screen, never its HP
gm = InitiativeTracker(enc, battlemap=BattleMap(enc.map, height="260px"))
players = PlayersScreen(enc, "party")
W.HBox([gm, players])
'''
SECRET = ("Murk", "Grisk")


def test_the_players_screen_beside_the_tracker_never_shows_a_hidden_foe(lab: Lab) -> None:
    lab.server.write_notebook("players-view.ipynb", [SETUP])
    nb = lab.run_notebook("players-view.ipynb")
    page = nb.page
    gm = nb.panel.locator(".lfg-initiative").last
    players = nb.panel.locator(".lfg-players").last
    players.wait_for(state="visible", timeout=20_000)

    def wait_js(script: str, arg, timeout: int = 20_000) -> None:
        page.wait_for_function(script, arg=arg, timeout=timeout)

    def round_is(n: int) -> None:
        wait_js("([sel, n]) => { const e = document.querySelector(sel);"
                " return e && e.dataset.round === n; }",
                [".lfg-players .lfg-players-round", str(n)])

    def no_secret() -> None:
        text = players.inner_text()
        for name in SECRET:
            assert name not in text
            assert players.locator(f'[data-name="{name}"]').count() == 0

    # both views, side by side: the GM's has every card, the players' only what they see
    round_is(1)
    for name in ("Hero", "Ally", "Zorbag", *SECRET):
        assert gm.locator(f'.lfg-card[data-name="{name}"]').count() == 1
    for name in ("Hero", "Ally", "Zorbag"):
        assert players.locator(f'.lfg-players-card[data-name="{name}"]').count() == 1
        assert players.locator(f'.lfg-players-token[data-name="{name}"]').count() == 1
    g, p = gm.bounding_box(), players.bounding_box()
    assert p["x"] >= g["x"] + g["width"] - 1, "the players' screen stands beside the tracker"
    no_secret()
    zorbag = players.locator('.lfg-players-card[data-name="Zorbag"]').inner_text()
    assert "HP" not in zorbag and "bloodied" in zorbag
    healths = players.locator(".lfg-players-card").evaluate_all(
        "cards => cards.map(c => c.dataset.health)")
    assert set(healths) <= {"unhurt", "bloodied", "down"} and "bloodied" in healths, healths
    assert "HP " in players.locator('.lfg-players-card[data-name="Hero"]').inner_text()
    shot = lab.output_dir / "players-view.png"
    shot.parent.mkdir(parents=True, exist_ok=True)
    nb.panel.locator(".jp-OutputArea-output").last.screenshot(path=str(shot))

    # live: Hero (acting) chooses Ally in the GM's tracker; the players' screen follows
    gm.locator("button.lfg-next", has_text="Ally").click()
    wait_js("(sel) => { const e = document.querySelector(sel);"
            " return e && e.textContent.includes('Ally'); }", ".lfg-players .lfg-players-acting")
    no_secret()

    # the GM keeps Zorbag from the players by a click (``.lfg-keep``, a toggle per
    # creature in the GM rows): gone from their screen, in words in the tracker; not a
    # fight event (the history below still has 4 steps); a second click shows it again
    keep = gm.locator("button.lfg-keep", has_text="Zorbag")
    keep.click()
    wait_js("(sel) => !document.querySelector(sel)",
            '.lfg-players [data-name="Zorbag"]')
    assert "Kept from the players: Zorbag" in gm.locator(".lfg-keep-line").inner_text()
    keep.click()
    wait_js("(sel) => !!document.querySelector(sel)",
            '.lfg-players .lfg-players-card[data-name="Zorbag"]')
    no_secret()

    # history: back to step 1 (the GM's Invisible, before the start): the party only
    # (steps: 1 Invisible, 2 the start, 3 Zorbag's scratch, 4 Hero chooses Ally)
    gm.locator("button.lfg-more").click()  # the history waits behind "More…" (issue 26)
    line = gm.locator(".lfg-history-line select")
    # the list has the new step (its options are synced by index: select after they come)
    wait_js("(sel) => { const e = document.querySelector(sel);"
            " return e && e.options.length === 4 && e.options[0].value.startsWith('4.'); }",
            ".lfg-initiative .lfg-history-line select")
    page.wait_for_timeout(300)
    line.select_option(value=line.locator("option").last.get_attribute("value"))
    back = gm.locator("button.lfg-back-to")
    wait_js("(sel) => { const e = document.querySelector(sel);"  # the kernel has the choice
            " return e && e.textContent.includes('Back to step 1'); }",
            ".lfg-initiative button.lfg-back-to")
    back.click()
    round_is(0)
    wait_js("(sel) => { const e = document.querySelector(sel);"
            " return e && e.textContent.includes('kept as branch 1'); }",
            ".lfg-initiative .lfg-tracker-status")
    assert players.locator(".lfg-players-card").count() == 2
    # ... and back to the branch: round 1, Ally acting, still no hidden foe
    gm.locator("button.lfg-resume").click()
    round_is(1)
    wait_js("(sel) => { const e = document.querySelector(sel);"
            " return e && e.textContent.includes('Ally'); }", ".lfg-players .lfg-players-acting")
    no_secret()
    nb.assert_no_errors()

"""Small words on the tracker's cards and refusals (issue 26, a new user under classic)."""

from __future__ import annotations

import re

from lfgcombat.widgets.tracker_cards import card_html

from .test_players_view import fight


def test_a_classic_disabled_creatures_card_says_disabled_once():
    """classic, "Stabilizing a Disabled Character" (002_2a3a79475ca2a541.txt): at 0 HP a
    creature is Disabled - its card said so three times (status, vitals, condition)."""
    enc = fight("classic")
    enc.start()
    enc.damage("Zorbag", enc.state("Zorbag").hp)
    s = enc.state("Zorbag")
    text = re.sub(r"<[^>]+>", " ", card_html("Zorbag", s, "#c53030", False, False))
    assert text.lower().count("disabled") == 1, text


def test_an_effects_sentence_goes_in_its_tooltip_the_card_shows_its_word():
    """000_8d1d7816ee944f3b.txt, "Shield Bash": the basher has no Shield Rating against
    anyone but its target until its next turn - the card says "shield bash", the tooltip
    the sentence (it filled the card)."""
    enc = fight()
    enc.start()
    said = "shield bash: no Shield Rating against anyone but Zorbag"
    s = dict(enc.state("Hero"))
    s["effects"] = [*s["effects"], said]
    card = card_html("Hero", s, "#2b6cb0", True, False)
    conds = re.search(r'class="lfg-conditions"[^>]*>(.*?)</div>', card)[1]
    assert re.sub(r"<[^>]+>", "", conds).strip() == "shield bash", conds
    assert f'title="{said}"' in conds

"""The players' screen's token labels fit their hexes (issue 26, a new user on a TV:
"Wulfri|Orc Sham" ran one name over the next): a name too long for its hex goes on two
lines or in a smaller font, and is cut with "…" only when even that will not do (the card
under the map names it whole).
"""

from __future__ import annotations

import re

from lfgcombat.widgets import PlayersScreen
from lfgcombat.widgets.players import _LABEL_MIN, _LETTER, _hex_width, _label_lines

from .test_players_view import fight


def labels(svg: str) -> list[tuple[float, list[str]]]:
    """Each token label: its font size and its lines."""
    out = []
    for attrs, body in re.findall(r"<text([^>]*)>(.*?)</text>", svg):
        size = float(re.search(r'font-size="([\d.]+)"', attrs).group(1))
        lines = re.findall(r"<tspan[^>]*>(.*?)</tspan>", body) or [body]
        out.append((size, lines))
    return out


def test_every_label_fits_its_hex():
    enc = fight()  # Quillith, Zorbag: longer than a hex at the old size
    enc.start()
    screen = PlayersScreen(enc, "party", hidden=[])
    width = _hex_width(enc.map.geometry, enc.map) * 18.0
    found = labels(screen._map.value)
    assert len(found) == len(screen.view.tokens)
    for size, lines in found:
        assert size >= _LABEL_MIN  # readable on a TV
        for line in lines:
            assert _LETTER * size * len(line) <= width, (line, size, width)
    assert ["Quillith"] in [lines for _size, lines in found]  # whole, in a smaller font
    screen.close()


def test_long_names_go_on_two_lines_and_are_cut_only_when_they_must():
    assert _label_lines("Orc Shaman", 26.0)[0] == ["Orc", "Shaman"]
    assert _label_lines("Mayat", 26.0) == (["Mayat"], 8.4)
    lines, size = _label_lines("Bartholomew the Magnificent", 26.0)
    assert size == _LABEL_MIN and lines[0].endswith("…") and len(lines) == 2

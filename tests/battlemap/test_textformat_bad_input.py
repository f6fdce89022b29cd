"""The map text refuses bad input with the kit's own error, naming the field (issue 11,
"Bad input" 5 and 6), and reads and writes the GM's background picture.

The creature fields follow 000_8d1d7816ee944f3b.txt, "Movement in Combat" (Move Speed in
feet), "Reach & Threatened Area", "Conditions – Full Details"; the grid "Using the Battle
Map – Measuring Distance in Combat".
"""

from __future__ import annotations

import collections

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from lfgcombat.errors import LfgError
from lfgcombat.battlemap import Figure, HexMap, MapFormatError

BASE = "terrain: |\n  . . . .\n   . . . .\n  . . . .\n"


def creature(fields: str) -> str:
    return BASE + "creatures:\n  - {name: Orc, at: [1, 1]" + (", " + fields if fields else "") + "}\n"


@pytest.mark.parametrize("fields,names", [
    ("speed: fast", "speed"), ("speed: .nan", "speed"), ("speed: .inf", "speed"),
    ("speed: [1]", "speed"), ("speed: -30", "speed"), ("speed: true", "speed"),
    ("reach: -5", "reach"), ("reach: abc", "reach"),
    ("conditions: 5", "conditions"), ("conditions: banana", "banana"),
    ("conditions: [prone, banana]", "banana"),
    ("threatens: maybe", "threatens"), ("share: 1", "share"),
    ("size: enormous", "size"), ("side: [a]", "side"), ("colour: red", "colour"),
])
def test_bad_creature_fields_name_the_field(fields: str, names: str) -> None:
    with pytest.raises(MapFormatError, match=names) as e:
        HexMap.from_text(creature(fields))
    assert "Orc" in str(e.value) and "line 5" in str(e.value)


@pytest.mark.parametrize("text,names", [
    (BASE + "creatures: 5\n", "creatures must be a list"),
    (BASE + "creatures:\n  - {name: Orc, at: [true, false]}\n", "at must be \\[col, row\\]"),
    (BASE + "creatures:\n  - {name: null, at: [1, 1]}\n", "name must be text"),
    (BASE + "creatures:\n  - {name: Orc, at: [9999999, 1]}\n", "off this 4x3 map"),
    (BASE + "creatures:\n  - {name: A, at: [0, 0]}\n  - {name: A, at: [1, 1]}\n", "used twice"),
    ("terrain: |\n  . .\nelevation: |\n  0 ²\n", "elevation must be digits 0-9, got '²'"),
    ("terrain: |\n  . .\nelevation: |\n  0 ٣\n", "elevation must be digits 0-9"),
    ("terrain: |\n  . .\nelevation: |\n  0 1\nelevation_step: true\n", "elevation_step"),
    ("terrain: |\n  . .\nelevation: 5\n", "elevation must be rows of digits"),
    ("terrain: |\n  . .\nname: [1]\n", "name \\(of the map\\)"),
    ("terrain: |\n  . .\nbackground: {image: ''}\n", "background image"),
    ("terrain: |\n  . .\nbackground: {image: a.png, opacity: 2}\n", "opacity"),
    ("terrain: |\n  . .\nbackground: {image: a.png, alpha: 1}\n", "alpha"),
    ("terrain: |\n  . .\nbackground: 5\n", "background must be"),
])
def test_bad_map_fields_name_the_field(text: str, names: str) -> None:
    with pytest.raises(MapFormatError, match=names):
        HexMap.from_text(text)


@pytest.mark.parametrize("text", [None, 5, b"terrain: |\n  . .\n", ["."]])
def test_a_map_text_must_be_a_string(text) -> None:
    with pytest.raises(MapFormatError, match="a map text is a string"):
        HexMap.from_text(text)


@pytest.mark.parametrize("value", ["1" + "0" * 5000, "1" + "0" * 4000, "-" + "9" * 3000])
def test_huge_numbers_are_refused_without_printing_them(value: str) -> None:
    for text in (creature(f"speed: {value}"), creature(f"reach: {value}"),
                 BASE + f"creatures:\n  - {{name: Orc, at: [{value}, 1]}}\n",
                 "terrain: |\n  . .\nelevation: |\n  0 1\nelevation_step: " + value + "\n"):
        with pytest.raises(MapFormatError) as e:
            HexMap.from_text(text)
        assert len(str(e.value)) < 400


def test_deep_nesting_is_refused() -> None:
    with pytest.raises(MapFormatError):
        HexMap.from_text(BASE + "name: " + "[" * 3000 + "]" * 3000 + "\n")


def test_good_fields_still_read() -> None:
    m = HexMap.from_text(creature("speed: 20, reach: 10, threatens: false, conditions: prone, "
                                  "size: small, side: monsters"))
    tok = m.token("Orc")
    assert (tok.speed_ft, tok.reach_ft, tok.threatens, tok.size, tok.side) == (
        20, 10, False, "small", "monsters")
    assert "prone" in tok.conditions


def test_background_round_trips_through_the_text() -> None:
    m = HexMap.from_text(BASE + "background: {image: cellar.png, opacity: 0.8}\n")
    assert (m.background.image, m.background.opacity) == ("cellar.png", 0.8)
    again = HexMap.from_text(m.to_text())
    assert again.background == m.background
    assert "background: {image: 'cellar.png', opacity: 0.8}" in m.to_text()
    m.clear_background()
    assert m.background is None and "background" not in m.to_text()


# --- generated map texts -------------------------------------------------------------------
_VALUES = st.one_of(
    st.integers(-40, 60), st.sampled_from([".nan", ".inf", "-.inf", "null", "true", "false",
                                           "maybe", "abc", "[1]", "[true, false]", "{}", "''",
                                           "²", "٣", "1" + "0" * 4500, "[[[]]]", "banana",
                                           "[prone]", "prone", "bleed 2", "[1, 1]", "-30"]))
_CREATURE_KEYS = st.sampled_from(["name", "at", "side", "size", "speed", "reach", "threatens",
                                  "conditions", "share", "sise"])
_ROW = st.text(alphabet=".,#o~%=h x", min_size=0, max_size=6)
_ELEV = st.text(alphabet="0123456789a²٣ ", min_size=0, max_size=6)


_GOOD = {"side": st.sampled_from(["party", "monsters"]), "size": st.sampled_from(["small", "large"]),
         "speed": st.sampled_from(["20", "30", "40"]), "reach": st.sampled_from(["5", "10"]),
         "threatens": st.sampled_from(["true", "false"]),
         "conditions": st.sampled_from(["[prone]", "[grappled]", "[]", "bleed 2"])}


@st.composite
def map_texts(draw) -> str:
    """Map texts, half of them well-formed but for chance (``clean``), half with
    nonsense in any field."""
    clean = draw(st.booleans())
    width = draw(st.integers(1, 6))
    same = st.text(alphabet=".,~%" if clean else ".,#o~%h", min_size=width, max_size=width)
    rows = draw(st.lists(same if clean else st.one_of(same, same, _ROW), min_size=1 if clean else 0,
                         max_size=4))
    parts = ["terrain: |"] + [f"  {r}" for r in rows]
    if draw(st.booleans()):
        digits = st.text(alphabet="0123", min_size=width, max_size=width)
        parts += ["elevation: |"] + [f"  {draw(digits if clean else _ELEV)}" for _ in rows]
    if draw(st.booleans()):
        parts.append(f"elevation_step: {draw(st.integers(1, 10) if clean else _VALUES)}")
    if draw(st.booleans()):
        parts.append(f"grid: {draw(st.sampled_from(['hex', 'square'] if clean else ['hex', 'hexagon', '5']))}")
    if draw(st.booleans()):
        image, opacity = (("map.png", draw(st.sampled_from(["0", "0.5", "1"]))) if clean
                          else (draw(_VALUES), draw(_VALUES)))
        parts.append(f"background: {{image: {image}, opacity: {opacity}}}")
    if draw(st.booleans()):
        parts.append("creatures:")
        for i in range(draw(st.integers(0, 3))):
            fields = {"name": "ABC"[i] if clean else draw(st.sampled_from(["A", "B", "null", "5", "[x]"])),
                      "at": f"[{draw(st.integers(0 if clean else -1, 5))}, {draw(st.integers(0 if clean else -1, 4))}]"}
            for _ in range(draw(st.integers(0, 3))):
                if clean:
                    key = draw(st.sampled_from(sorted(_GOOD)))
                    fields[key] = draw(_GOOD[key])
                else:
                    fields[draw(_CREATURE_KEYS)] = str(draw(_VALUES))
            parts.append("  - {" + ", ".join(f"{k}: {v}" for k, v in fields.items()) + "}")
    if not clean and draw(st.booleans()):
        parts.append(f"creatures: {draw(_VALUES)}")
    return "\n".join(parts) + "\n"


def test_generated_map_texts_raise_only_the_kits_errors() -> None:
    """Only LfgError subclasses, never a raw Python exception; a text that is read writes
    back (``to_text``) to a text that reads to the same map."""
    counts: collections.Counter = collections.Counter()
    given_orc = Figure("B", speed=40)

    @settings(max_examples=400, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow])
    @given(map_texts())
    def run(text: str) -> None:
        counts["tried"] += 1
        try:
            m = HexMap.from_text(text, creatures={"B": given_orc})
        except LfgError as e:
            counts["refused"] += 1
            assert len(str(e)) < 1000
            return
        counts["read"] += 1
        assert HexMap.from_text(m.to_text(), creatures={"B": given_orc}).snapshot() == m.snapshot()

    run()
    assert given_orc == Figure("B", speed=40)
    print(f"\nmap text fuzz: {counts['tried']} generated inputs tried, {counts['read']} read, "
          f"{counts['refused']} refused with the kit's own error")
    assert counts["read"] > 0 and counts["refused"] > 0

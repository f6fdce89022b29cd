"""Generated close-fight commands: random calls of the close fight's public commands with
random (often wrongly typed) arguments raise only the kit's own errors, change nothing when
refused, and the fight they leave replays from a save to the same state.

000_8d1d7816ee944f3b.txt, "Special Actions in Combat", "Momentum of Impact", "Crushing
Advance", "Common Natural Weapons", "Special Abilities – 4 Different Types". The property is
the kit's ("every bad input raises the kit's own error naming the field, and changes
nothing"; "every command replays from a save").
"""

from __future__ import annotations

import inspect
import math

from encounter.helpers import mk
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lfgcombat import HexMap
from lfgcombat.engine import Encounter
from lfgcombat.errors import LfgError

COMMANDS = ("wrestle", "shield_bash", "knockdown", "crushing_advance", "step_through",
            "skill_action", "use_ability", "follow_up", "hit_maneuver", "pounce", "rake",
            "swallow_whole", "digest", "cut_free", "force_out", "regurgitate", "attack",
            "end_turn", "ability_uses", "grappler_of", "skill", "swallowed_by")
NAMES = ("Hero", "Orc", "Beast", "Giant")
WILD = st.one_of(
    st.sampled_from(NAMES),
    st.sampled_from(("grab", "trip", "shove", "pin", "demoralize", "feint", "insult",
                     "dirty_trick", "Fear Burst", "Keen Nose", "wrestling", "acrobatics",
                     "claw", "bite", "dagger", "blinded", "must_attack", "big", "none",
                     "sense motive", "all", "")),
    st.none(), st.booleans(), st.integers(-3, 12),
    st.sampled_from((10**5000, math.nan, math.inf, 1.5)),
    st.tuples(st.integers(-2, 12), st.integers(-2, 8)),
    st.lists(st.sampled_from(NAMES), max_size=2),
    st.dictionaries(st.text(max_size=3), st.integers(-2, 3), max_size=2),
    st.just(object()), st.text(max_size=5))


def _fight() -> Encounter:
    hero = mk("Hero", init=40, shield_rating=2, weapons=["short sword", "dagger"],
              skills={"wrestling": 6, "bluff": 4},
              special_abilities=["Fear Burst (SLA): 3/day (SL2, WILL DC15[CHA])",
                                 "Keen Nose"])
    beast = mk("Beast", cls=None, max_hp=40, weapons=[{"name": "claw"}, {"name": "bite"}],
               special_abilities=["Pounce (Ex)", "Rake (Ex)", "Trip (Ex)"])
    giant = mk("Giant", cls=None, size="huge", max_hp=120, weapons=[{"name": "bash"}])
    cs = [hero, mk("Orc"), beast, giant]
    m = HexMap(12, 8)
    for c, at, side in ((hero, (2, 2), "party"), (cs[1], (3, 2), "foes"),
                        (beast, (2, 3), "foes"), (giant, (7, 3), "foes")):
        m.place(c, at, side)
    return Encounter(cs, map=m, seed=3).start()


@st.composite
def calls(draw: st.DrawFn) -> tuple[str, tuple, dict]:
    kind = draw(st.sampled_from(COMMANDS))
    params = [p for p in inspect.signature(getattr(Encounter, kind)).parameters.values()
              if p.name not in ("self", "st") and p.kind is not p.VAR_KEYWORD]
    positional = [p for p in params if p.kind is p.POSITIONAL_OR_KEYWORD]
    required = sum(p.default is p.empty for p in positional)
    n = draw(st.integers(required, len(positional)))
    args = tuple(draw(st.sampled_from(NAMES) if i < 2 and draw(st.booleans()) else WILD)
                 for i in range(n))
    rest = [p.name for p in params[n:]]
    keys = draw(st.lists(st.sampled_from(rest), unique=True, max_size=2)) if rest else []
    return kind, args, {k: draw(WILD) for k in keys}


@settings(max_examples=120, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.lists(calls(), min_size=1, max_size=6))
def test_close_commands_raise_only_kit_errors_change_nothing_and_replay(tmp_path_factory,
                                                                       steps) -> None:
    enc = _fight()
    for kind, args, kwargs in steps:
        before = enc.snapshot()
        try:
            getattr(enc, kind)(*args, **kwargs)
        except LfgError as exc:
            assert enc.snapshot() == before, f"{kind}{args}{kwargs} was refused but changed"
            assert "was not understood" not in str(exc), f"{kind}{args}{kwargs}: {exc}"
    path = tmp_path_factory.mktemp("close") / "fight.jsonl"
    back = Encounter.load(enc.save(path))
    assert back.snapshot() == enc.snapshot()

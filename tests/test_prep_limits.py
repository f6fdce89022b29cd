"""GM prep refuses or bounds work up front, in words, with what to do instead, and says how
long a big run will take before it starts (issue 23, item 14; the prep part of item 21).

Before: ``simulate(..., 10**12)`` grew until the process was killed, ``chunk_size=10**12``
drew 6e12 seed words, ``exact_duel`` at 100,000 HP a side raised MemoryError, a 1000x1000
sweep and 200 against 200 on the fast tier ran on without a cap, ``point=-1`` raised
numpy's ValueError and an unreachable Dask scheduler an OSError after 30 s.
"""

from __future__ import annotations

import re
import warnings

import numpy as np
import pytest

from lfgcombat import Creature
from lfgcombat.creature import load_example
from lfgcombat.prep import LongRunWarning, PrepError, compare, exact_duel, simulate, sweep
from lfgcombat.prep import limits, run
from lfgcombat.prep.kernel import fight_word, fight_words


def _duel():
    return {"party": [load_example("wulfric")], "orcs": [load_example("orc")]}


def _orcs(side: str, k: int) -> list[Creature]:
    return [load_example("orc").replace(name=f"{side} {i}") for i in range(k)]


@pytest.fixture
def nothing_played(monkeypatch):
    """"Refused at once": the refusal comes before a fight is prepared or played (no
    timing: the tables and the fights are made unreachable, so doing either fails)."""
    def played(*args, **kwargs):
        raise AssertionError("GM prep prepared or played fights before refusing")
    monkeypatch.setattr(run, "build_spec", played)
    monkeypatch.setattr(run, "_execute", played)


@pytest.mark.parametrize("tier", ["fast", "reference"])
def test_a_trillion_fights_is_refused_at_once(tier, nothing_played):
    with pytest.raises(PrepError, match=r"n=1,000,000,000,000 fights is more than GM prep "
                                        r"plays in one run \(at most 1,000,000") as err:
        simulate(_duel(), 10**12, tier=tier, progress=False)
    assert "stop_at_width" in str(err.value)


def test_results_kept_are_bounded():
    sides = {"a": _orcs("A", 15), "b": _orcs("B", 15)}
    with pytest.raises(PrepError, match=r"would keep 12,000,000 combatant results "
                                        r"\(400,000 fights, 30 combatants\).*at most "
                                        r"n=333,333"):
        simulate(sides, 400_000, progress=False)


def test_a_huge_chunk_size_draws_only_the_fights_played():
    """The same fights as any chunk_size >= n, and fight 7 replays."""
    small = simulate(_duel(), 40, seed=3, chunk_size=40, progress=False)
    huge = simulate(_duel(), 40, seed=3, chunk_size=10**12, progress=False)
    for k in ("winner", "rounds", "hp", "dealt"):
        assert np.array_equal(getattr(small, k), getattr(huge, k)), k
    enc = huge.replay(7)
    assert [enc.state(n)["hp"] for n in huge.names] == list(huge.hp[7])


def test_seed_words_do_not_depend_on_how_many_are_drawn():
    assert np.array_equal(fight_words(9, 2, 5, 1000)[:7], fight_words(9, 2, 5, 7))
    assert np.array_equal(fight_word(9, 2, 5 * 1000 + 6, 1000), fight_words(9, 2, 5, 1000)[6])


def test_exact_duel_with_100000_hp_a_side_is_refused_in_words():
    a = Creature.from_dict({"name": "A", "level": 5, "max_hp": 100_000, "weapons": ["club"]})
    with pytest.raises(PrepError, match=r"100,000 HP and B's 100,000 HP make 10,000,200,001 "
                                        r"pairs.*use simulate"):
        exact_duel(a, a.replace(name="B"))


def test_a_1000_by_1000_sweep_is_refused_before_building_a_point():
    built = []

    def build(a, b):
        built.append((a, b))
        return _duel()
    with pytest.raises(PrepError, match=r"this grid has 1,000,000 points; a sweep plays at "
                                        r"most 1,000.*fewer values per key"):
        sweep({"a": range(1000), "b": range(1000)}, build, 10, progress=False)
    assert built == []


def test_a_sweep_and_a_comparison_bound_the_results_they_keep():
    with pytest.raises(PrepError, match=r"this sweep would keep 16,000,000 combatant results "
                                        r"\(1,000,000 fights x 8 points, 16 combatants in "
                                        r"all\).*split it"):
        sweep({"k": range(8)}, lambda k: _duel(), 1_000_000, progress=False)
    with pytest.raises(PrepError, match=r"this comparison would keep 15,000,000 combatant "
                                        r"results \(1,000,000 fights x 3 variants, 15 "
                                        r"combatants in all\).*at most n=666,666"):
        compare({"a": _orcs("A", 3), "b": _orcs("B", 2)}, 1_000_000,
                rulesets=["lfg"] * 3, progress=False)


@pytest.mark.parametrize("tier", ["fast", "reference"])
def test_200_against_200_is_refused_at_once(tier, nothing_played):
    with pytest.raises(PrepError, match=r"this fight has 400 combatants; GM prep plays at "
                                        r"most 100.*split the battle"):
        simulate({"a": _orcs("A", 200), "b": _orcs("B", 200)}, 100, tier=tier,
                 progress=False)


@pytest.mark.parametrize("point", [-1, 1.5, "0"])
def test_a_bad_point_is_refused_in_words(point):
    with pytest.raises(PrepError, match=r"point \(the parameter point's key in the seed "
                                        r"streams; sweeps set it\) must be a whole number"):
        simulate(_duel(), 10, point=point, progress=False)


def test_an_unreachable_scheduler_is_refused_quickly_naming_the_address(monkeypatch):
    """Refused within the connection timeout given to Dask's Client (no timing here: the
    Client is asked with ``timeout=CONNECT_TIMEOUT``, and its refusal is the kit's)."""
    distributed = pytest.importorskip("distributed")
    monkeypatch.setattr(run, "CONNECT_TIMEOUT", 1)
    asked: list = []
    real = distributed.Client

    def client(address, **kwargs):
        asked.append(kwargs.get("timeout"))
        return real(address, **kwargs)
    monkeypatch.setattr(distributed, "Client", client)
    with pytest.raises(PrepError, match=r"no Dask scheduler answered at 'tcp://127.0.0.1:1' "
                                        r"within 1 s.*backend=None"):
        simulate(_duel(), 10, backend="tcp://127.0.0.1:1", progress=False)
    assert asked == [1]


@pytest.mark.parametrize("tier, n", [("fast", 30_000), ("reference", 3)])
def test_a_long_run_says_how_long_before_it_starts(monkeypatch, tier, n):
    """A timed pilot estimates the run; above LONG_RUN_SECONDS (here 0) it warns before
    the run's first chunk is played, with what makes it quicker."""
    monkeypatch.setattr(limits, "LONG_RUN_SECONDS", 0.0)
    monkeypatch.setitem(run.PILOT_FROM, "reference", 1)
    at_first_chunk: list[int] = []
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        simulate(_duel(), n, seed=1, tier=tier, progress=False, chunk_size=n // 3 or 1,
                 callback=lambda done, total: at_first_chunk.append(len(seen)))
    long = [w for w in seen if issubclass(w.category, LongRunWarning)]
    assert len(long) == 1 and at_first_chunk[0] >= 1
    assert re.search(rf"this GM prep run of {n:,} fights will take about .* on this "
                     r"machine.*Quicker: fewer fights", str(long[0].message))


def test_a_short_run_says_nothing():
    with warnings.catch_warnings():
        warnings.simplefilter("error", LongRunWarning)
        r = simulate(_duel(), 20_000, seed=1, progress=False)
    assert r.n == 20_000

"""Exact odds: pmf agrees with icepool (exact) and with sampling (chi-square)."""

from __future__ import annotations

from fractions import Fraction

import icepool
import numpy as np
import pytest
from scipy import stats

from lfgcombat.dice import Roller, parse
from lfgcombat.errors import DiceError
from lfgcombat.dice.odds import at_least, at_most, mean, pmf


def icepool_die(text: str):
    total = icepool.Die([0])
    for t in parse(text).terms:
        if hasattr(t, "sides"):
            term = t.count @ icepool.d(t.sides)
            total = total + term if t.sign > 0 else total - term
        else:
            total = total + t.value
    return total


ORACLE = ["1d20+5", "2d6+3", "1d8+2+1d6", "3d8+6-1", "1d6-1d4", "4d12", "1", "1d2", "10d10"]


@pytest.mark.parametrize("text", ORACLE)
@pytest.mark.parametrize("fortune", [None, "fortunate", "unfortunate"])
def test_pmf_equals_icepool_exactly(text, fortune):
    die = icepool_die(text)
    if fortune == "fortunate":
        die = icepool.highest(die, die)
    elif fortune == "unfortunate":
        die = icepool.lowest(die, die)
    expected = {o: Fraction(q, die.denominator()) for o, q in die.items() if q}
    got = pmf(text, fortune, exact=True)
    assert {o: p for o, p in got.items() if p} == expected
    assert sum(got) == 1
    floats = pmf(text, fortune)
    assert np.allclose(floats.to_numpy(), [float(x) for x in got], atol=1e-12, rtol=0)


def test_pmf_shape():
    s = pmf("2d6+3")
    assert list(s.index) == list(range(5, 16))
    assert s.index.is_monotonic_increasing
    assert s.sum() == pytest.approx(1.0, abs=1e-12)
    assert s[10] == pytest.approx(6 / 36)
    assert s.name == "P(2d6+3)"


def test_d20_fortunate_known_values():
    """Better of two d20s: P(20) = 39/400; worse of two: P(20) = 1/400."""
    assert pmf("1d20", "fortunate", exact=True)[20] == Fraction(39, 400)
    assert pmf("1d20", "unfortunate", exact=True)[20] == Fraction(1, 400)
    assert at_least("1d20+5", 16) == pytest.approx(0.5)
    assert at_least("1d20+5", 16, "fortunate") == pytest.approx(0.75)
    assert at_least("1d20+5", 16, "unfortunate") == pytest.approx(0.25)
    assert at_least("1d20", -5) == 1.0 and at_least("1d20", 21) == 0.0
    assert at_most("2d6", 7) == pytest.approx(21 / 36)
    assert mean("2d6+3") == pytest.approx(10.0)


@pytest.mark.parametrize("text", ["1000d1000", "500d1000-500d1000", "1000d6"])
def test_largest_legal_expressions_have_odds(text):
    s = pmf(text)
    e = parse(text)
    assert (s.index[0], s.index[-1]) == (e.minimum, e.maximum)
    assert s.sum() == pytest.approx(1.0, abs=1e-9)
    assert (s >= 0).all()
    assert mean(text) == pytest.approx(e.constant + sum(
        d.sign * d.count * (d.sides + 1) / 2 for d in e.dice), rel=1e-6, abs=1e-6)


def test_exact_refuses_huge_but_float_works():
    with pytest.raises(DiceError, match="exact=False"):
        pmf("1000d1000", exact=True)


@pytest.mark.parametrize("text, fortune", [
    ("1d20+5", None), ("1d20+5", "fortunate"), ("1d20+5", "unfortunate"),
    ("2d6+3", None), ("1d8+2+1d6", "fortunate"), ("3d8+6-1", "unfortunate"),
])
def test_sampling_agrees_with_pmf(text, fortune):
    """Exact odds must agree with sampling: chi-square goodness of fit, fixed seed."""
    n = 20_000
    roller = Roller(seed=2026)
    samples = [roller.roll(text, fortune=fortune).total for _ in range(n)]
    probs = pmf(text, fortune)
    observed = np.array([samples.count(o) for o in probs.index])
    expected = probs.to_numpy() * n
    # Pool sparse tail cells so every expected count is at least 5.
    keep = expected >= 5
    obs = np.append(observed[keep], observed[~keep].sum())
    exp = np.append(expected[keep], expected[~keep].sum())
    if exp[-1] == 0:
        obs, exp = obs[:-1], exp[:-1]
    result = stats.chisquare(obs, exp)
    assert result.pvalue > 1e-3, (text, fortune, result)


def test_roll_knows_its_odds():
    r = Roller(seed=9).roll("1d20+5")
    assert r.p_at_least == pytest.approx((26 - r.total) / 20)


# --------------------------------------------------------------- bad input (issue 11, 3-6)

@pytest.mark.parametrize("bad", [None, "abc", float("nan"), float("inf"), float("-inf"),
                                 16.5, True, [16], {"t": 1}])
def test_at_least_refuses_a_target_that_is_not_a_whole_number(bad):
    """Issue 11, bad input 5/6: ``at_least("1d20", 16.5)`` answered P(>=16); None, text,
    nan and inf raised raw Python errors. Each is a DiceError naming ``target``."""
    with pytest.raises(DiceError, match="target"):
        at_least("1d20", bad)
    with pytest.raises(DiceError, match="target"):
        at_most("1d20", bad)


def test_at_least_takes_whole_floats_numpy_ints_and_huge_ints():
    assert at_least("1d20", 16.0) == at_least("1d20", np.int64(16)) == pytest.approx(0.25)
    assert at_least("1d20", 10**5000) == 0.0
    assert at_least("1d20", -(10**5000)) == 1.0


def test_pmf_refuses_a_bad_exact_flag():
    with pytest.raises(DiceError, match="exact"):
        pmf("1d6", exact="yes")


def test_exact_work_counts_combining_terms():
    """Issue 11, bad input 4: ``31d1000+31d1000`` passed the work limit (each half is
    cheap) and then ran for minutes combining the halves. The combining cost counts now:
    it is refused before any work, and the message says what to use instead."""
    from lfgcombat.dice import odds
    expr = parse("31d1000+31d1000")
    assert odds._work(parse("31d1000")) <= odds.EXACT_WORK_LIMIT < odds._work(expr)
    with pytest.raises(DiceError, match="exact=False"):
        pmf("31d1000+31d1000", exact=True)
    assert pmf("31d1000+31d1000").sum() == pytest.approx(1.0)
    # What is refused is only what is costly: the oracle's expressions still go exact.
    assert all(odds._work(parse(t)) <= odds.EXACT_WORK_LIMIT for t in ORACLE)


def test_the_odds_caches_are_bounded_by_memory_not_entries():
    """Issue 11, bad input 3: 512 entries of ~46 MB each could take gigabytes. The caches
    hold at most ``max_bytes``, dropping the least recently used entries."""
    from lfgcombat.dice import odds
    cache = odds._cached
    old = cache.max_bytes
    try:
        cache.cache_clear()
        cache.max_bytes = 3 * 8 * 30_000  # room for about three 30k-outcome entries
        for n in range(30, 40):
            pmf(f"{n}d1000")
            info = cache.cache_info()
            assert info["bytes"] <= cache.max_bytes, info
        assert 1 <= cache.cache_info()["entries"] <= 3
        pmf("39d1000")  # the newest is kept: a hit
        assert cache.cache_info()["hits"] >= 1
        cache.max_bytes = 1_000  # a value bigger than the whole budget is not kept
        cache.cache_clear()
        pmf("100d1000")
        assert cache.cache_info()["entries"] == 0
    finally:
        cache.max_bytes = old
        cache.cache_clear()


def test_dice_and_odds_do_not_import_each_other():
    """Issue 10, "Hidden import cycles": dice <-> odds. Both build on lfgcombat.dice.notation,
    which imports neither."""
    import ast
    import importlib.util

    def imports(module: str) -> set[str]:
        tree = ast.parse(open(importlib.util.find_spec(module).origin).read())
        out = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level:
                out.add(node.module or "")
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("lfgcombat"):
                out.add(node.module.split(".", 1)[1])
        return out

    assert "dice" not in imports("lfgcombat.dice.odds")
    assert not imports("lfgcombat.dice.notation") & {"dice", "odds"}
    for module in ("lfgcombat.creature.stats", "lfgcombat.creature.size"):
        assert not imports(module) & {"creature", "attacks"}, module


# ----------------------------------------------------------------------------- float noise


def _noisy(x: float) -> bool:
    """A float within rounding of a simple fraction (denominator up to 10**6) that is not
    that fraction's float: ``0.7500000000000001``, ``0.4499999999999999``."""
    from fractions import Fraction
    near = Fraction(x).limit_denominator(10**6)
    return float(near) != x and abs(float(near) - x) < 1e-12


def test_at_least_of_a_simple_fraction_prints_as_the_fraction():
    """Issue 23, item 6: the README's ``at_least("1d20+5", 16, fortune="fortunate")`` is
    3/4 (000_8d1d7816ee944f3b.txt, "Conditions", Fortunate: the better of two d20s) and
    printed 0.7500000000000001."""
    from lfgcombat.dice.odds import at_most, mean
    assert at_least("1d20+5", 16, fortune="fortunate") == 0.75
    assert repr(at_least("1d20+5", 16, fortune="fortunate")) == "0.75"
    noisy = [(e, t, f) for e in ("1d20", "1d20+5", "2d6", "3d8+6", "1d20-3", "3d6")
             for t in range(-5, 40) for f in (None, "fortunate", "unfortunate")
             if _noisy(at_least(e, t, f)) or _noisy(at_most(e, t, f))]
    assert noisy == []
    assert not any(_noisy(p) for p in pmf("1d20", "fortunate"))
    assert mean("1d20") == 10.5 and not _noisy(mean("2d6", "fortunate"))


def test_exact_and_float_odds_agree_to_the_last_bit_on_small_dice():
    """Issue 23, item 6: the float odds of a small expression are its exact fractions
    rounded once."""
    from lfgcombat.dice.odds import at_most
    for e in ("1d20+5", "2d6+3", "1d8+2+1d6", "3d8+6-1"):
        for f in (None, "fortunate", "unfortunate"):
            exact = pmf(e, f, exact=True)
            assert pmf(e, f).tolist() == [float(p) for p in exact]
            for t in range(int(exact.index[0]) - 1, int(exact.index[-1]) + 2):
                assert at_least(e, t, f) == float(sum(p for k, p in exact.items() if k >= t))
                assert at_most(e, t, f) == float(sum(p for k, p in exact.items() if k <= t))


def test_big_expressions_keep_the_float_path(monkeypatch):
    """Issue 23, item 6: the exact path is only for cheap expressions; a huge one still
    answers by floats (checked by the path taken, not by a clock: no timed tests)."""
    import lfgcombat.dice.odds as odds_module

    def no_counts(*_args):
        raise AssertionError("the exact counts were built for a huge expression")
    monkeypatch.setattr(odds_module, "_counts", no_counts)
    assert not odds_module._small(odds_module.parse("1000d1000"))
    assert 0.4 < at_least("1000d1000", 500_000) < 0.6


def test_odds_users_read_carry_no_float_noise():
    """Issue 23, item 6: ``p_hit`` printed 0.4499999999999999 (9/20: "Attack Rolls", a
    d20's 20 faces); saves, opposed checks and Knockdown odds summed float faces too."""
    from lfgcombat import Creature, attack_odds, opposed_odds, save_odds
    from lfgcombat.creature import load_example
    from lfgcombat.rules.impact.momentum import p_knocked_prone, p_knockdown, knockdown_dc
    a = Creature.from_dict({"name": "A", "class": "fighter", "level": 5,
                            "abilities": {"str": 14}})
    t = Creature.from_dict({"name": "T", "level": 1, "max_hp": 10, "armor": {"rating": 8}})
    odds = attack_odds(a, t, "battleaxe")
    assert odds.p_hit == 0.45 and repr(odds.p_hit) == "0.45"
    assert odds.p_miss == 0.55 and odds.p_crit == 0.0225
    assert odds.to_frame()["probability"].tolist() == [0.55, 0.4275, 0.0225]
    w, o = load_example("wulfric"), load_example("orc")
    lw = attack_odds(w, o, "longsword")
    figures = [lw.p_hit, lw.p_miss, lw.p_crit, lw.expected_damage, lw.p_drop,
               lw.p_knockdown, *lw.to_frame()["probability"], *lw.damage]
    assert not [x for x in figures if _noisy(x)]
    assert lw.p_miss == 0.05
    saves = [save_odds(w, s, dc, fortune=f) for s in ("fort", "ref", "will")
             for dc in range(0, 35) for f in (None, "fortunate", "unfortunate")]
    assert not [x for x in saves if _noisy(x)]
    opp = [opposed_odds(a_, b_, a_fortune=f) for a_ in (0, 3, 8) for b_ in (0, 3, 8)
           for f in (None, "fortunate")]
    assert not [x for o_ in opp for x in (o_.p_a_wins, o_.p_b_wins, o_.p_a_wins_by(3),
                                          *o_.margins) if _noisy(x)]
    assert opposed_odds(8, 3).p_a_wins == 0.7375
    dc = knockdown_dc(w, o, weapon="longsword")
    kd = [p_knockdown(dc, b) for b in range(-5, 20)] + [
        p_knocked_prone(dc, attack_bonus=ab, ac=15, shield_rating=2, defender_bonus=3)
        for ab in range(0, 15)]
    assert not [x for x in kd if _noisy(x)]

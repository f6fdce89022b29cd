"""The fast tier's kernel, faster and the same fights (issue 25, "the fast tier end to end").

The fight loop is compiled without numba's reference counting (it allocates nothing; the
atomic increments on every array an inlined step takes were half a fight's time), the seed
words are hashed without ``np.resize``; the fights stay those of the kernel before the
change, fight for fight: the digests below were taken from it (commit fe1abc5) and the rules
it plays are those of 000_8d1d7816ee944f3b.txt ("Attack Rolls", "Critical Hits", "Perfect
Critical (Optional Rule)", "Multiple Opponents", "Bleed X").
"""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

from lfgcombat import Ruleset
from lfgcombat.creature import load_example
from lfgcombat.prep import kernel
from lfgcombat.prep.kernel import M1, M2, fight_states, fight_words, run_fights
from lfgcombat.prep.run import prepare_run

KEYS = ("winner", "rounds", "hp", "dead", "felled", "dealt")


def _ambush() -> dict:
    party = [load_example(n) for n in ("wulfric", "chessan", "mayat", "sokaris")]
    return {"party": party, "orcs": [load_example("orc_shaman")] + [
        load_example("orc").replace(name=f"Orc {i}") for i in range(1, 4)]}


def _digest(out: dict) -> str:
    h = hashlib.sha256()
    for k in KEYS:
        h.update(np.ascontiguousarray(out[k], dtype=np.int64).tobytes())
    return h.hexdigest()[:16]


@pytest.mark.parametrize("sides, ruleset, tactics, digest, handed", [
    ({"a": [load_example("wulfric")], "b": [load_example("ogre")]}, "lfg", "weakest",
     "34f38326a45a87ca", 0),
    (_ambush(), Ruleset("lfg", perfect_critical=True), "random", "4cf8eb39eaf0d39c", 3),
])
def test_the_kernel_plays_the_fights_it_played_before(sides, ruleset, tactics, digest,
                                                      handed):
    """3,000 fights of a duel and of the orc ambush (Perfect Critical on, the random
    target policy: its draws, the limb dice and the fights handed over) give, fight for
    fight, what the kernel gave before it was made lean."""
    _, spec = prepare_run(sides, ruleset, tactics)
    out = run_fights(spec, fight_states(fight_words(7, 0, 0, 3000)))
    assert int(np.count_nonzero(out["winner"] == kernel.HANDED_OVER)) == handed
    assert _digest(out) == digest


def test_state_words_reduced_below_their_moduli_and_never_all_zero():
    """fight_states: each word modulo its MRG32k3a modulus, a component of all zeros made
    (1, 0, 0), the words at and around the moduli included."""
    words = np.array([[0, 0, 0, 0, 0, 0], [M1, 0, M1, M2, M2, 0],
                      [M1 - 1, M1 + 5, 2 ** 32 - 1, M2 - 1, M2, 2 ** 32 - 1],
                      [0, 0, 1, 0, 1, 0]], np.uint32)
    w = words.astype(np.int64)
    want = np.concatenate([w[:, :3] % M1, w[:, 3:] % M2], axis=1)
    want[(want[:, :3] == 0).all(axis=1), 0] = 1
    want[(want[:, 3:] == 0).all(axis=1), 3] = 1
    assert np.array_equal(fight_states(words), want)
    assert fight_states(words)[0].tolist() == [1, 0, 0, 1, 0, 0]


@pytest.mark.skipif(not kernel.NUMBA_ACTIVE, reason="the plain-Python kernel counts nothing")
def test_the_fight_loop_is_compiled_without_reference_counting():
    """The loop over fights and the fight itself (with every step inlined into it) are
    compiled lean (``_nrt=False``): they allocate nothing, so numba's atomic reference
    counts on the arrays each step takes are left out; the run's scratch is allocated by
    ``_run``."""
    assert kernel._lean_options() == {"_nrt": False}
    for fn in (kernel._play, kernel._battle):
        assert fn.targetoptions.get("_nrt") is False, fn
    assert kernel._run.targetoptions.get("_nrt", True) is not False

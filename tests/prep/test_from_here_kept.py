"""A fight played on from where it stands rebuilds its start once a process, not once a
chunk (issue 25, item 4: the reference tier's map fights faster; lfgcombat/prep/from_here.py,
``_frozen``): the kept start plays the same fights as a fresh rebuild, and another start
(the fight moved on) is rebuilt, never mistaken for the first.
"""

from __future__ import annotations


from lfgcombat.prep import from_here
from lfgcombat.prep.from_here import play_chunk, prepare_here
from lfgcombat.prep.kernel import fight_words

from .from_here_helpers import in_round_three


def _outcomes(rows):
    return [(o["winner"], o["rounds"], list(o["hp"]), list(o["dealt"])) for o in rows]


def test_a_start_is_rebuilt_once_and_plays_the_fights_a_fresh_rebuild_plays(monkeypatch):
    enc = in_round_three()
    scenario, spec = prepare_here(enc, "weakest", 50)
    words = fight_words(3, 0, 0, 3)
    from_here._BASES.clear()
    fresh = _outcomes(play_chunk(scenario, spec, words))
    built = []
    real = type(scenario.start).encounter
    monkeypatch.setattr(type(scenario.start), "encounter",
                        lambda self, seed: built.append(seed) or real(self, seed))
    kept = _outcomes(play_chunk(scenario, spec, words))
    assert built == []  # the second chunk used the kept start
    assert kept == fresh
    from_here._BASES.clear()
    assert _outcomes(play_chunk(scenario, spec, words)) == fresh
    assert built == [0]


def test_a_fight_that_moved_on_is_another_start():
    enc = in_round_three()
    first, _ = prepare_here(enc, "weakest", 50)
    me = str(enc.current)
    foes = [n for n in enc.names if enc.side(n) != enc.side(me)]
    enc.damage(foes[0], 3, "fire")  # the GM burns a foe: the fight stands elsewhere
    second, spec = prepare_here(enc, "weakest", 50)
    assert first.start.key and second.start.key and first.start.key != second.start.key
    words = fight_words(3, 0, 0, 2)
    play_chunk(first, spec, words)
    got = _outcomes(play_chunk(second, spec, words))
    from_here._BASES.clear()
    assert got == _outcomes(play_chunk(second, spec, words))


def test_each_fight_is_a_copy_restored_from_the_kept_checkpoint_not_a_pickle(monkeypatch):
    """Issue 25, item 4: a fight's copy of the start is restored from the start's
    checkpoint (as ``Encounter.fork`` does), not a pickle round trip of the whole
    encounter (~7% of a map fight); it is the start, die for die: the fights it plays
    are those a fresh rebuild from the log plays, and one fight leaves nothing in the
    next (the kept start is never changed)."""
    import pickle

    enc = in_round_three()
    scenario, spec = prepare_here(enc, "weakest", 50)
    words = fight_words(3, 0, 0, 4)
    from_here._BASES.clear()
    base = from_here._frozen(scenario.start)
    cp = base.checkpoint

    def no_pickle(*a, **k):
        raise AssertionError("a fight's copy unpickled")
    monkeypatch.setattr(pickle, "loads", no_pickle)
    kept = _outcomes(play_chunk(scenario, spec, words))
    assert from_here._frozen(scenario.start).checkpoint is cp
    backwards = _outcomes(play_chunk(scenario, spec, words[::-1]))[::-1]
    assert backwards == kept
    fresh = [from_here._play(scenario, spec, scenario.start.encounter(int(w[0])), int(w[1]))
             for w in words]
    assert _outcomes(fresh) == kept

"""A fork reuses what cannot change (issue 26, item 5: a tracker click forks the fight to
try the next action, and a fork read every creature and the map's YAML again): it hands
its frozen creatures to the copy, and the map's text is read once per text; the fork is
still the fight a save and load give."""

from __future__ import annotations

from lfgcombat import Encounter
from lfgcombat.errors import IllegalActionError
from lfgcombat.battlemap import textformat

from .helpers import duel


def _played(enc: Encounter) -> Encounter:
    enc.start()
    for _ in range(6):
        me = enc.current
        foe = next(n for n in enc.names if enc.side(n) != enc.side(me) and not enc.state(n).dead)
        if enc.state(me).actions_left.attacks:
            try:
                enc.attack(me, foe)
            except IllegalActionError:  # out of reach on the map: it walks up to its foe
                where = enc.map.reachable(me)
                enc.move(me, min(where, key=lambda c: enc.map.distance(c, foe)), aoo="all")
        choices = enc.choices()
        enc.end_turn(next=choices[0] if choices else None)
    return enc


def test_a_fork_shares_the_frozen_creatures_and_is_what_a_load_gives(tmp_path):
    enc = _played(duel(map_=True))
    fork = enc.fork()
    assert all(fork._initial[n] is enc._initial[n] for n in enc.names)
    loaded = Encounter.load(enc.save(tmp_path / "duel.jsonl"))
    assert fork.snapshot() == loaded.snapshot() == enc.snapshot()
    fork.note("only in the fork")
    assert len(fork.log) == len(enc.log) + 2 and enc.snapshot() == loaded.snapshot()


def test_the_map_text_is_read_once_and_handed_out_copied():
    enc = _played(duel(map_=True))
    textformat._parsed.cache_clear()
    enc.fork()
    enc.fork()
    info = textformat._parsed.cache_info()
    assert (info.misses, info.hits) == (1, 1)
    doc = textformat._parsed(enc._map_text)
    copy = textformat._document(enc._map_text, enc._map_text.splitlines())
    copy["creatures"].clear()
    assert doc["creatures"], "the kept document is never changed by a reader"

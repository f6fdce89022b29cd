"""A user's own script type-checks cleanly against the kit (issue 10, "zero mypy errors").

The kit ships ``lfgcombat/py.typed`` (PEP 561), so ``mypy`` reads its annotations in a
user's script. :class:`~lfgcombat.Encounter` is composed of rule classes whose bases, for a
type checker only, are Protocol contexts; a script that builds an Encounter and a HexMap
must not see "Cannot instantiate abstract class Encounter".
"""

from __future__ import annotations

import hashlib
import tempfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

SCRIPT = '''\
from lfgcombat import Creature, Encounter, HexMap, Roller, Ruleset
from lfgcombat.creature import load_example

hero = load_example("wulfric")
orc = Creature.from_dict({"name": "Orc", "level": 2, "weapons": ["battleaxe"]})
board = HexMap(10, 8)
board.place(hero, (1, 1), "party")
board.place(orc, (2, 1), "orcs")
fight = Encounter([hero, orc], map=board, ruleset=Ruleset("lfg", killer_criticals=True),
                  seed=7)
fight.start()
first: str | None = fight.current
hp: int = fight.state("Orc").hp
left = fight.actions_left(fight.names[0]).attacks + 1
rolled = Roller(seed=1).roll("1d20+2").total
print(first, hp, left, rolled)
'''


def test_py_typed_marks_the_package_as_typed():
    assert (REPO / "lfgcombat" / "py.typed").is_file()


def test_a_users_script_building_an_encounter_and_a_map_type_checks(tmp_path):
    api = pytest.importorskip("mypy.api")
    script = tmp_path / "my_fight.py"
    script.write_text(SCRIPT, encoding="utf-8")
    config = tmp_path / "mypy.ini"
    # the kit as an installed typed package is read, not checked: its own errors are
    # tools/targets.py's business (follow_imports = silent). mypy's cache is kept between
    # runs, one per checkout (a first run reads the kit in some 10-20 s, later ones in ~2 s;
    # mypy checks each cached module against its source)
    cache = Path(tempfile.gettempdir()) / (
        f"lfgcombat-user-mypy-{hashlib.sha256(str(REPO).encode()).hexdigest()[:12]}")
    config.write_text(f"[mypy]\nmypy_path = {REPO}\ncache_dir = {cache}\n"
                      "[mypy-lfgcombat.*]\nfollow_imports = silent\n", encoding="utf-8")
    out, err, status = api.run([str(script), "--config-file", str(config)])
    assert status == 0 and "Success: no issues found in 1 source file" in out, out + err


def test_a_weapon_typo_in_an_attack_names_the_attackers_own_weapons():
    """A weapon name that is neither the attacker's own nor in data/weapons.csv is refused
    with "did you mean" and the weapons the attacker carries, changing nothing."""
    from lfgcombat.creature import load_example
    from lfgcombat.engine import Encounter
    from lfgcombat.errors import LfgError
    orc, w = load_example("orc"), load_example("wulfric")
    enc = Encounter([orc, w], sides={"a": ["Orc"], "b": ["Wulfric"]}, seed=1).start()
    me = str(enc.current)
    foe = "Wulfric" if me == "Orc" else "Orc"
    before = enc.snapshot()
    with pytest.raises(LfgError, match=rf"{me} has no weapon 'greatax' \(did you mean "
                                       r"'greataxe'.*: its weapons are "):
        enc.attack(me, foe, weapon="greatax")
    assert enc.snapshot() == before

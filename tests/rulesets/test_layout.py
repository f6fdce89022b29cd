"""The rulesets' layout and the kit's import graph (issue 24, items 2 and 5).

"Acyclic imports, counting function-level imports (imports under ``if TYPE_CHECKING:`` do
not count)"; "one package per ruleset holding its policies, its rules and a pointer to its
data": the generic machinery (``lfgcombat/rulesets/``) names no concrete ruleset, each
built-in ruleset lives in its own package (``lfgcombat/rulesets/classic/``, ``lfgcombat/rulesets/wounds/``)
and registers itself when imported, and the creature-level modules build on no attack
module.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from lfgcombat.creature.sections import sections
from lfgcombat.rulesets import Ruleset, definition, implemented

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def graph():
    spec = importlib.util.spec_from_file_location("targets", REPO / "tools" / "targets.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module, module.import_graph(module.module_files())


def _both(g):
    return {m: g.module_level[m] | g.function_level[m] for m in g.module_level}


def test_no_import_cycle_counting_function_level_imports(graph):
    targets, g = graph
    assert targets.cycles(_both(g)) == []


def test_the_generic_rulesets_package_imports_no_concrete_ruleset(graph):
    _, g = graph
    bad = {m: sorted(t for t in targets if t.split(".")[1] in ("classic", "wounds"))
           for m, targets in _both(g).items() if m.startswith("lfgcombat.rulesets")}
    assert {m: t for m, t in bad.items() if t} == {}


@pytest.mark.parametrize("module", ["lfgcombat.creature", "lfgcombat.creature.reach"])
def test_creature_level_modules_import_no_attack_module(graph, module):
    _, g = graph
    assert sorted(t for t in _both(g)[module] if t.startswith("lfgcombat.rules.attacks")) == []


@pytest.mark.parametrize("name", ["classic", "wounds"])
def test_a_builtin_ruleset_lives_in_its_own_package(name):
    spec = definition(name)
    for slot in ("economy", "attacks", "health", "damage", "conditions"):
        module = type(getattr(spec, slot)).__module__
        assert module.startswith((f"lfgcombat.rulesets.{name}.", "lfgcombat.rulesets.")), (slot, module)
    assert type(spec.health).__module__.startswith(f"lfgcombat.rulesets.{name}.")
    assert name in implemented() and Ruleset(name).name == name


def test_the_creature_file_keys_keep_their_order():
    # the order of "allowed keys" in an unknown key's message and of to_dict(): unchanged
    # by the rulesets registering their own keys from their own packages
    keys = [s.key for s in sections()]
    assert keys[:11] == ["ruleset", "bab", "challenge_rating", "prowess", "good_saves",
                         "wounds", "barrier", "shell", "combat_reflexes",
                         "classic_conditions", "shield"]


def test_the_registry_lists_the_builtin_rulesets_in_order():
    assert Ruleset.names()[:3] == ("lfg", "classic", "wounds")

"""The layout codemod (issue 24, item 2): moves lfgcombat's modules into a tree that shows the
architecture, and rewrites every reference to them.

    .venv/bin/python tools/relayout.py            # do it (git mv + rewrite), on a checkout
    .venv/bin/python tools/relayout.py --check    # exit 1 if anything is left to do

The layout (the table :data:`LAYOUT` is the one source; README's "What is where" shows it):

* ``engine/``   the :class:`~lfgcombat.Encounter` facade (``engine/encounter.py``), its state,
  roster, command registry, replay, checkpoints, timeline; ``engine/log/`` the typed events,
  the event log and the save-file format;
* ``rules/``    the rules of play, one package per heading of the text: the rule modules of
  the encounter (functions over the fight's state ``st``) beside the pure rule maths of the
  same heading; where both had one name, the encounter's is ``<name>_play.py``;
* ``creature/`` the creature model (``lfgcombat.creature`` is its ``__init__``) and its
  statistics; ``dice/`` the dice (``lfgcombat.dice`` is its ``__init__``), notation, odds;
* ``io/``       the file readers: hostile-file reading, atomic writes, the CSV tables, the
  creature files;
* ``rulesets/`` the registry and the ``lfg`` ruleset, and one package per other ruleset
  (``rulesets/classic/``, ``rulesets/wounds/``) with its rules, policies and data pointer;
* ``battlemap/`` the map (with ``grid.py``), ``prep/`` GM prep: unchanged.

The shims ``lfgcombat/hexmap.py`` and ``lfgcombat/attack_odds.py`` are deleted and their
importers point at the real modules. ``from lfgcombat import ...`` (the package's re-exports)
keeps working.

Everything is done by pattern from the move table, never by line number, so the script runs on
a later main with other edits: ``git mv`` for each file still at its old place (a file added
later to a moved package follows its package: ``encounter/x.py`` goes to ``engine/x.py``,
and is listed), then in every tracked text file of the repository that can name a module
(lfgcombat/, widgets/, tests/, tools/, docs/, notebooks' source cells, README.md, Makefile,
pyproject.toml, .ci/, data/) it rewrites

* relative and absolute ``import`` / ``from ... import`` statements (resolved against the
  file's old place; ``from pkg import module`` included; long ones re-wrapped to 100 columns);
* dotted names ``lfgcombat.x.y`` anywhere (docstrings, strings, ``mock.patch`` targets, the
  rules map's code column) and paths ``lfgcombat/x.py`` (``lfgcombat/x.py:func`` too);
* pyproject's package list, docs/api.md's autosummary list and README's layout table, which
  it regenerates from the tree.

It is idempotent: no new name starts with an old one, so a second run finds nothing to do.
Notebooks' outputs are never touched (``--outputs`` lists the notebooks whose outputs name an
old module: re-execute those).
"""

from __future__ import annotations

import argparse
import io
import ast
import json
import re
import subprocess
import sys
import tokenize
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PKG = "lfgcombat"
WIDTH = 100

# --- the layout ----------------------------------------------------------------------------

#: New packages (path under lfgcombat/) and the docstring of their ``__init__.py``.
PACKAGES: dict[str, str] = {
    "engine": "The engine: the Encounter facade (:mod:`.encounter`), its state and roster, "
              "the command registry, replay, checkpoints and the timeline; the event log is "
              ":mod:`lfgcombat.engine.log`.",
    "rules": "The rules of play, one package per heading of 000_8d1d7816ee944f3b.txt: in each, "
             "the encounter's rule modules (functions over the fight's state ``st``; a module "
             "with a twin is ``<name>_play``) beside the pure rule maths of that heading.",
    "rules/turns": '000_8d1d7816ee944f3b.txt, "Taking Turns in Combat": awareness, initiative, '
                   "turns and rounds, interrupts and readied actions, what a turn allows.",
    "rules/actions": '000_8d1d7816ee944f3b.txt, "Actions in Combat", "Special Actions in '
                     'Combat", "Reactions & AOO": the action economy, the Action Tables, '
                     "special actions, casting, skills, maneuvers.",
    "rules/attacks": "",  # moved from lfgcombat/attacks/ (keeps its own __init__)
    "rules/health": '000_8d1d7816ee944f3b.txt, "Hit Points (HP) - Taking Damage, Injury, '
                    'Death:" and "Saving Throws": hit points as a value, in the encounter, '
                    "and saving throws.",
    "rules/movement": '000_8d1d7816ee944f3b.txt, "Movement in Combat", "Other Types of '
                      'Movement", "Fly Speed – Flight & Maneuverability", "Falling & Falling '
                      'Damage".',
    "rules/impact": '000_8d1d7816ee944f3b.txt, "Momentum of Impact: Bigger Creatures hitting '
                    'Smaller Creatures": Knockdown and Crushing Advance.',
    "rules/abilities": '000_8d1d7816ee944f3b.txt, "Special Abilities – 4 Different Types", '
                       '"Common Natural Weapons", "Special Natural Attacks", Swallow Whole.',
    "rules/conditions": '000_8d1d7816ee944f3b.txt, "Conditions (Sometimes called Status '
                        'Effects)" and "Conditions – Full Details": the conditions as data, '
                        "how they stack, and effects over time in the encounter.",
    "rules/objects": '000_8d1d7816ee944f3b.txt, "Breaking Stuff & Damaging Objects".',
    "rules/archery": '000_8d1d7816ee944f3b.txt, "Archery & Ranged Attacks".',
    "creature": "",  # lfgcombat/creature.py becomes its __init__
    "dice": "",  # lfgcombat/dice.py becomes its __init__
    "io": "Reading and writing files: hostile YAML/JSON data files under caps, atomic saves, "
          "the rules tables (``data/*.csv``) and the creature files. (The save-file format of a "
          "fight is :mod:`lfgcombat.engine.log.savefile`.)",
}

#: Whole packages that move (old folder -> new folder, under lfgcombat/). A file of the old
#: folder not named in :data:`MOVES` follows its package.
PACKAGE_MOVES: dict[str, str] = {
    "encounter": "engine",
    "log": "engine/log",
    "attacks": "rules/attacks",
    "classic": "rulesets/classic",
    "wounds": "rulesets/wounds",
}

_E = "encounter/"
#: File moves (old path -> new path, under lfgcombat/), grouped as the README shows them.
LAYOUT: list[tuple[str, str, list[tuple[str, str]]]] = [
    ("engine", "the Encounter facade, state, commands, replay, checkpoints, timeline", [
        (_E + "core.py", "engine/encounter.py"),
        *[(_E + f"{name}.py", f"engine/{name}.py") for name in (
            "state", "roster", "commands", "arguments", "replay", "checkpoints", "display",
            "ruleset_play", "ruleset_moves", "record_sheet")],
        ("timeline.py", "engine/timeline.py"),
        ("players_view.py", "engine/players_view.py"),
    ]),
    ("engine/log", "typed events, the event log, the save-file format (was log/)", []),
    ("rules", "the rules of play, one package per heading; bonuses, damage, weapons, "
              "handedness and citations at its top", [
        ("bonuses.py", "rules/bonuses.py"),
        ("damage.py", "rules/damage.py"),
        ("weapons.py", "rules/weapons.py"),
        ("handedness.py", "rules/handedness.py"),
        ("citations.py", "rules/citations.py"),
        (_E + "_citations.py", "rules/_citations.py"),
    ]),
    ("rules/turns", "Taking Turns in Combat", [
        (_E + "initiative.py", "rules/turns/initiative.py"),
        (_E + "turns.py", "rules/turns/turns.py"),
        (_E + "selection.py", "rules/turns/selection.py"),
        (_E + "interrupts.py", "rules/turns/interrupts.py"),
        ("turn_limits.py", "rules/turns/turn_limits.py"),
        ("turn_reminders.py", "rules/turns/turn_reminders.py"),
        ("round_offers.py", "rules/turns/round_offers.py"),
    ]),
    ("rules/actions", "Actions in Combat, Special Actions, Reactions & AOO", [
        (_E + "economy.py", "rules/actions/economy.py"),
        (_E + "actions.py", "rules/actions/actions.py"),
        (_E + "special_actions.py", "rules/actions/special_actions.py"),
        (_E + "reactions.py", "rules/actions/reactions.py"),
        (_E + "casting.py", "rules/actions/casting.py"),
        (_E + "skill_checks.py", "rules/actions/skill_checks.py"),
        (_E + "skill_actions.py", "rules/actions/skill_actions_play.py"),
        (_E + "maneuvers.py", "rules/actions/maneuvers_play.py"),
        (_E + "close_situation.py", "rules/actions/close_situation.py"),
        ("skills.py", "rules/actions/skills.py"),
        ("skill_actions.py", "rules/actions/skill_actions.py"),
        ("maneuvers.py", "rules/actions/maneuvers.py"),
    ]),
    ("rules/attacks", "Attacks & Dealing Damage (was attacks/), with the encounter's attacks", [
        (_E + "combat.py", "rules/attacks/combat.py"),
    ]),
    ("rules/health", "Hit Points and Saving Throws", [
        ("vitals.py", "rules/health/vitals.py"),
        ("saves.py", "rules/health/saves.py"),
        (_E + "health.py", "rules/health/health.py"),
    ]),
    ("rules/movement", "Movement, Other Types of Movement, Flight, Falling", [
        ("movement.py", "rules/movement/movement.py"),
        ("movement_modes.py", "rules/movement/movement_modes.py"),
        ("flight.py", "rules/movement/flight.py"),
        ("falling.py", "rules/movement/falling.py"),
        (_E + "movement.py", "rules/movement/movement_play.py"),
        (_E + "other_movement.py", "rules/movement/other_movement.py"),
        (_E + "walk.py", "rules/movement/walk.py"),
        (_E + "flight.py", "rules/movement/flight_play.py"),
    ]),
    ("rules/impact", "Momentum of Impact: Knockdown, Crushing Advance", [
        ("momentum.py", "rules/impact/momentum.py"),
        (_E + "momentum.py", "rules/impact/momentum_play.py"),
        (_E + "crushing_advance.py", "rules/impact/crushing_advance.py"),
    ]),
    ("rules/abilities", "Special Abilities, Natural Weapons, Swallow Whole", [
        ("abilities.py", "rules/abilities/abilities.py"),
        ("natural_weapons.py", "rules/abilities/natural_weapons.py"),
        (_E + "abilities.py", "rules/abilities/abilities_play.py"),
        (_E + "natural_weapons.py", "rules/abilities/natural_weapons_play.py"),
        (_E + "swallow_whole.py", "rules/abilities/swallow_whole.py"),
    ]),
    ("rules/conditions", "Conditions, and effects over time", [
        ("conditions.py", "rules/conditions/conditions.py"),
        ("condition_kinds.py", "rules/conditions/condition_kinds.py"),
        ("condition_stacking.py", "rules/conditions/condition_stacking.py"),
        ("condition_table.py", "rules/conditions/condition_table.py"),
        ("condition_effects.py", "rules/conditions/condition_effects.py"),
        ("effect.py", "rules/conditions/effect.py"),
        (_E + "effects.py", "rules/conditions/effects.py"),
    ]),
    ("rules/objects", "Breaking Stuff & Damaging Objects", [
        ("objects.py", "rules/objects/objects.py"),
        (_E + "breaking.py", "rules/objects/breaking.py"),
    ]),
    ("rules/archery", "Archery & Ranged Attacks", [
        ("archery.py", "rules/archery/archery.py"),
        (_E + "archery.py", "rules/archery/archery_play.py"),
    ]),
    ("creature", "the creature model (lfgcombat.creature), its file keys and statistics "
                 "(HR, AC, HP, size, reach)", [
        ("creature.py", "creature/__init__.py"),
        ("creature_parse.py", "creature/parse.py"),
        ("creature_sections.py", "creature/sections.py"),
        ("creature_compare.py", "creature/compare.py"),
        ("close_keys.py", "creature/close_keys.py"),
        ("statblock.py", "creature/statblock.py"),
        ("stats.py", "creature/stats.py"),
        ("combat_stats.py", "creature/combat_stats.py"),
        ("armor_class.py", "creature/armor_class.py"),
        ("hit_points.py", "creature/hit_points.py"),
        ("roll_bonuses.py", "creature/roll_bonuses.py"),
        ("size.py", "creature/size.py"),
        ("reach.py", "creature/reach.py"),
    ]),
    ("dice", "dice (lfgcombat.dice), notation, exact odds", [
        ("dice.py", "dice/__init__.py"),
        ("notation.py", "dice/notation.py"),
        ("odds.py", "dice/odds.py"),
    ]),
    ("io", "file readers: data files, atomic writes, rules tables, creature files", [
        ("datafile.py", "io/datafile.py"),
        ("_files.py", "io/_files.py"),
        ("tables.py", "io/tables.py"),
        ("creature_files.py", "io/creature_files.py"),
    ]),
    ("rulesets", "the registry, policies and lfg; one package per other ruleset", [
        ("ruleset_compare.py", "rulesets/compare.py"),
    ]),
    ("rulesets/classic", "the classic ruleset (was classic/; its tables: data/classic/)", []),
    ("rulesets/wounds", "the wounds ruleset (was wounds/; its tables: data/wounds/)", []),
    ("battlemap", "the battle map, and its grid geometry", [
        ("grid.py", "battlemap/grid.py"),
    ]),
]

#: The shims: deleted; a reference to one names the module it re-exported.
SHIMS: dict[str, str] = {
    "hexmap.py": "battlemap/__init__.py",
    "attack_odds.py": "rules/attacks/odds.py",
}

#: What stays at the top of lfgcombat/ (shown in the README table).
TOP = "__init__.py (the public API: from lfgcombat import Encounter, ...), _version.py, " \
      "errors.py, shortrepr.py"

#: Names ``lfgcombat/__init__.py`` binds to something else than the module of that name
#: (``from lfgcombat import attack_odds`` is the function).
PACKAGE_NAMES = {"attack_odds"}

MOVES: dict[str, str] = {old: new for _, _, moves in LAYOUT for old, new in moves}


def module_of(path: str) -> str:
    """``encounter/core.py`` -> ``lfgcombat.encounter.core`` (``x/__init__.py`` -> ``x``)."""
    parts = list(Path(path).with_suffix("").parts)
    if parts and parts[-1] == "__init__":
        parts.pop()
    return ".".join([PKG, *parts])


def module_map() -> dict[str, str]:
    """Old dotted module name -> new one, for every entry of the table (identities left out)."""
    names = {module_of(old): module_of(new) for old, new in MOVES.items()}
    names |= {module_of(old): module_of(new) for old, new in SHIMS.items()}
    names |= {f"{PKG}.{old.replace('/', '.')}": f"{PKG}.{new.replace('/', '.')}"
              for old, new in PACKAGE_MOVES.items()}
    names = {old: new for old, new in names.items() if old != new}
    for new in names.values():  # idempotence: no new name may be rewritten again
        assert not any(new == o or new.startswith(o + ".") for o in names), new
    return names


def path_map() -> dict[str, str]:
    """Old path -> new path (``lfgcombat/...``), files and folders."""
    paths = {f"{PKG}/{old}": f"{PKG}/{new}" for old, new in MOVES.items()}
    paths |= {f"{PKG}/{old}": f"{PKG}/{new}" for old, new in SHIMS.items()}
    paths |= {f"{PKG}/{old}": f"{PKG}/{new}" for old, new in PACKAGE_MOVES.items()}
    return {old: new for old, new in paths.items() if old != new}


MODULES = module_map()
PATHS = path_map()


def _alternation(keys: list[str]) -> str:
    return "|".join(re.escape(k) for k in sorted(keys, key=lambda k: (-len(k), k)))


# A dotted name: not part of a longer name before it, and not a call after it (the package's
# function ``lfgcombat.attack_odds(...)`` is not the module).
_DOTTED = re.compile(r"(?<![\w.])(" + _alternation(list(MODULES)) + r")(?![\w(])")
_PATH = re.compile(r"(?<![\w/.])(" + _alternation(list(PATHS)) + r")(?![\w])")


def rename(name: str) -> str:
    """The new dotted name of ``name`` (a module or something inside one)."""
    for old in sorted(MODULES, key=len, reverse=True):
        if name == old or name.startswith(old + "."):
            return MODULES[old] + name[len(old):]
    return name


#: Names and paths built from pieces (``REPO / "lfgcombat" / pkg``, ``f"lfgcombat.{pkg}"``),
#: which the dotted and path patterns cannot see: (pattern, replacement), each replacement
#: out of its pattern's reach (idempotent).
PIECES: list[tuple[str, str]] = [
    # the classic and wounds packages, walked by name (pkg in ("classic", "wounds"))
    (r'\(REPO / "lfgcombat" / pkg\)', '(REPO / "lfgcombat" / "rulesets" / pkg)'),
    (r'f"lfgcombat\.\{(pkg|name|p\.parent\.name)\}\.', r'f"lfgcombat.rulesets.{\1}.'),
    # dice.py is the dice package's __init__
    (r'\(REPO / "lfgcombat" / "dice\.py"\)', '(REPO / "lfgcombat" / "dice" / "__init__.py")'),
    # docs/maintainers.md's word on the shims (they are gone)
    (r"; `lfgcombat\.(?:battlemap|hexmap)`, `lfgcombat\.(?:rules\.attacks\.odds|attack_odds)`"
     r"\s+re-export their old names\.", "."),
    # the encounter's commands live in the engine and in the rules of play
    (r'__module__\.startswith\("lfgcombat\.engine\."\)',
     '__module__.startswith(("lfgcombat.engine.", "lfgcombat.rules."))'),
    # the rule modules of the encounter: the engine's and the rules of play's (the facade,
    # encounter/core.py, is engine/encounter.py)
    (r'RULE_MODULES = sorted\(p for p in Path\(package\.__file__\)\.parent\.glob\("\*\.py"\)\n'
     r'(\s+)if p\.name not in \("core\.py", "__init__\.py"\)\)',
     'RULE_MODULES = sorted(p for d in ("engine", "rules")\n'
     r'\1for p in (Path(package.__file__).parent.parent / d).rglob("*.py")' '\n'
     r'\1if p.name not in ("encounter.py", "__init__.py"))'),
    # the encounter's source: the engine and the rules of play
    (r'files \+= sorted\(\(root / "encounter"\)\.rglob\("\*\.py"\)\) if \(root / "encounter"\)'
     r'\.is_dir\(\) else \[\]',
     'files += [p for d in ("engine", "rules") for p in sorted((root / d).rglob("*.py"))]'),
]


_DUNDER = re.compile(r'__import__\("(lfgcombat\.[\w.]+)"\)\.([\w.]+)')


def _dunder(m: re.Match[str]) -> str:
    """``__import__("lfgcombat.a").a.X``: the attribute chain follows the module's new name."""
    name, chain = m.group(1), m.group(2)
    old, new = name[len(PKG) + 1:], rename(name)[len(PKG) + 1:]
    if chain == old or chain.startswith(old + "."):
        return f'__import__("{PKG}.{new}").{new}{chain[len(old):]}'
    return m.group(0)


def rewrite_text(text: str) -> str:
    """Dotted module names and paths, anywhere in a text."""
    text = _DUNDER.sub(_dunder, text)
    text = _DOTTED.sub(lambda m: MODULES[m.group(1)], text)
    text = _PATH.sub(lambda m: PATHS[m.group(1)], text)
    for pattern, replacement in PIECES:
        text = re.sub(pattern, replacement, text)
    return text


# --- the file moves ------------------------------------------------------------------------

def git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=REPO, check=True, text=True,
                          capture_output=True).stdout


def tracked() -> list[str]:
    return [p for p in git("ls-files", "-z").split("\0") if p]


def plan_moves(files: list[str]) -> tuple[dict[str, str], list[str]]:
    """``{old path: new path}`` for the tracked files still at an old place, and the files
    that follow their package without being named in the table."""
    plan, followers = {}, []
    for path in files:
        if not path.startswith(PKG + "/"):
            continue
        rel = path[len(PKG) + 1:]
        if rel in MOVES:
            plan[path] = f"{PKG}/{MOVES[rel]}"
            continue
        for old, new in PACKAGE_MOVES.items():
            if rel.startswith(old + "/"):
                plan[path] = f"{PKG}/{new}/{rel[len(old) + 1:]}"
                if rel.endswith(".py") and rel != f"{old}/__init__.py" and old == "encounter":
                    followers.append(path)
                break
    return plan, followers


# --- Python imports ------------------------------------------------------------------------

def dotted_module(path: str) -> str | None:
    """The module a Python file is (``widgets/x.py`` is ``lfgcombat.widgets.x``)."""
    parts = list(Path(path).with_suffix("").parts)
    if parts[0] == "widgets":
        parts = [PKG, "widgets", *parts[1:]]
    elif parts[0] != PKG:
        return None
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@dataclass
class Importer:
    """Where a file was (its old module, to resolve its relative imports) and will be."""

    old: str | None
    new: str | None
    old_is_package: bool
    new_is_package: bool

    def base(self, level: int) -> str:
        assert self.old is not None
        base = self.old if self.old_is_package else self.old.rpartition(".")[0]
        for _ in range(level - 1):
            base = base.rpartition(".")[0]
        return base

    @property
    def package(self) -> str:
        assert self.new is not None
        return self.new if self.new_is_package else self.new.rpartition(".")[0]


def _express(target: str, importer: Importer, relative: bool) -> str:
    """``target`` as written in a from-import of ``importer``: relative (one level, or
    two) when it was relative and can be, else absolute."""
    if relative and importer.new is not None:
        pkg = importer.package
        for level, base in ((1, pkg), (2, pkg.rpartition(".")[0])):
            if base and (target == base or target.startswith(base + ".")):
                return "." * level + target[len(base) + 1:]
    return target


def _format_from(indent: str, module: str, names: list[str], tail: str,
                 width: int = WIDTH) -> str:
    """A from-import in the house style, wrapped at ``width`` with aligned names."""
    head = f"{indent}from {module} import "
    one = head + ", ".join(names)
    pragma = re.match(r"\s*#\s*(noqa|type:)", tail)
    if len(one) + len(tail) <= width or (pragma and len(one) + 2 < width):
        return one + tail
    if tail.strip() and not pragma and len(one) <= width:  # the comment goes above it
        return f"{indent}{tail.strip()}\n{one}"
    lines, line = [], head + "("
    pad = " " * len(line)
    for i, name in enumerate(names):
        piece = name + (")" if i == len(names) - 1 else ",")
        extra = len(tail) if i == len(names) - 1 else 0
        if line.strip() not in ("", f"from {module} import (") and (
                len(line) + 1 + len(piece) + extra > width):
            lines.append(line)
            line = pad + piece
        else:
            line = line + ("" if line.endswith("(") else " ") + piece
    lines.append(line + tail)
    return "\n".join(lines)


def _rewrite_from(node: ast.ImportFrom, importer: Importer) -> list[tuple[str, list[str]]] | None:
    """The new ``(module, names)`` statements for one from-import, or None if it stays."""
    relative = node.level > 0
    if relative:
        if importer.old is None:
            return None
        base = importer.base(node.level)
        old_mod = f"{base}.{node.module}" if node.module else base
    else:
        old_mod = node.module or ""
    if not (old_mod == PKG or old_mod.startswith(PKG + ".")):
        return None
    moved_names = any(f"{old_mod}.{a.name}" in MODULES for a in node.names)
    if rename(old_mod) == old_mod and not moved_names and importer.old == importer.new and (
            importer.old_is_package == importer.new_is_package):
        return None
    groups: dict[str, list[str]] = {}
    for alias in node.names:
        full = f"{old_mod}.{alias.name}"
        if alias.name != "*" and full in MODULES and not (
                old_mod == PKG and alias.name in PACKAGE_NAMES):  # from pkg import module
            new_full = MODULES[full]
            parent, _, leaf = new_full.rpartition(".")
            if alias.asname:
                text = f"{leaf} as {alias.asname}"
            else:
                text = leaf if leaf == alias.name else f"{leaf} as {alias.name}"
        else:
            parent = rename(old_mod)
            text = alias.name if alias.asname is None else f"{alias.name} as {alias.asname}"
        groups.setdefault(parent, []).append(text)
    statements = [(_express(parent, importer, relative), names)
                  for parent, names in groups.items()]
    original = node.module or ""
    if relative:
        original = "." * node.level + original
    if len(statements) == 1 and statements[0][0] == original and not moved_names:
        return None
    return statements


def rewrite_python(text: str, importer: Importer, wrap_all: bool = True) -> str:
    """Imports (relative ones resolved at the file's old place), then dotted names and
    paths anywhere. A one-line import stays on one line unless ``wrap_all`` (where ruff
    holds lines to :data:`WIDTH`)."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        try:  # a notebook cell's magics (%time, !pip) are read as comments
            tree = ast.parse(re.sub(r"(?m)^([ \t]*)[%!]", r"\1#", text))
        except SyntaxError:
            return rewrite_text(text)
    lines = text.splitlines(keepends=True)
    edits: list[tuple[int, int, str]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom):
            continue
        statements = _rewrite_from(node, importer)
        if statements is None:
            continue
        first, last = node.lineno - 1, (node.end_lineno or node.lineno) - 1
        indent = lines[first][:node.col_offset]
        end_col = node.end_col_offset or 0
        tail = lines[last][end_col:].rstrip("\n")
        newline = "\n" if lines[last].endswith("\n") else ""
        width = WIDTH if wrap_all or last > first else sys.maxsize
        body = "\n".join(_format_from(indent, module, names, tail, width)
                          for module, names in statements)
        edits.append((first, last, body + newline))
    for first, last, body in sorted(edits, reverse=True):
        lines[first:last + 1] = [body]
    return rewrite_text("".join(lines))


# --- long lines ----------------------------------------------------------------------------

REFLOW = ("lfgcombat/", "widgets/", "tools/")  # where ruff holds lines to WIDTH
_TRIPLE = ('"' * 3, "'" * 3)


def _split_at(line: str, width: int) -> int | None:
    """Where to break ``line`` (a space before ``width``, after its indent), or None."""
    start = len(line) - len(line.lstrip())
    cut = line.rfind(" ", start + 1, width + 1)
    return cut if cut > start else None


def _continuation(line: str, following: str) -> str:
    """The indent a docstring line's overflow gets: a simple table's second column, a bullet's
    text, the next line's indent when it continues the paragraph, else the line's own."""
    indent = line[:len(line) - len(line.lstrip())]
    table = re.match(r"(\s*``\S+``\s{2,})\S", line)
    if table:
        return " " * len(table.group(1))
    bullet = re.match(r"(\s*[*-] )", line)
    if bullet:
        return " " * len(bullet.group(1))
    nxt = following[:len(following) - len(following.lstrip())]
    if following.strip() and len(nxt) > len(indent) and not following.lstrip().startswith(
            _TRIPLE):
        return nxt
    return indent


def _line_kinds(text: str) -> dict[int, tuple[str, int]] | None:
    """Line number -> ("doc" | "comment", the comment's column) for the lines of triple-quoted
    strings and of comments."""
    kinds: dict[int, tuple[str, int]] = {}
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.COMMENT:
                kinds[tok.start[0]] = ("comment", tok.start[1])
            elif tok.type == tokenize.STRING and tok.string.endswith(_TRIPLE):
                for n in range(tok.start[0], tok.end[0] + 1):
                    kinds.setdefault(n, ("doc", 0))
    except (tokenize.TokenError, SyntaxError):
        return None
    return kinds


def reflow(text: str) -> str:
    """Docstring and comment lines the new names made longer than :data:`WIDTH` are broken at
    a space (a code line's trailing comment goes on a comment line below, at its column)."""
    lines = text.splitlines(keepends=True)
    if not any(len(line.rstrip("\n")) > WIDTH for line in lines):
        return text
    kinds = _line_kinds(text)
    if kinds is None:
        return text
    out: list[str] = []
    for n, line in enumerate(lines, start=1):
        body = line.rstrip("\n")
        kind = kinds.get(n)
        if len(body) <= WIDTH or kind is None or "lfgcombat" not in body or re.search(
                r"#\s*(noqa|type:)", body):
            out.append(line)
            continue
        following = lines[n] if n < len(lines) else ""
        pieces = _reflow_line(body, kind, following)
        out.extend(piece + "\n" for piece in pieces[:-1])
        out.append(pieces[-1] + line[len(body):])
    return "".join(out)


def _reflow_line(body: str, kind: tuple[str, int], following: str) -> list[str]:
    if kind[0] == "comment":
        indent = " " * kind[1] + "# "
        floor = kind[1] + 2
    else:
        indent = _continuation(body, following)
        floor = len(indent)
    pieces = []
    while len(body) > WIDTH:
        cut = _split_at(body, WIDTH)
        if cut is None or cut <= floor:
            break
        pieces.append(body[:cut].rstrip())
        body = indent + body[cut + 1:]
    return [*pieces, body]


# --- notebooks and generated lists -----------------------------------------------------------

def rewrite_notebook(text: str, path: str = "") -> str:
    """Source cells only, written back the way nbformat writes (indent 1, sorted keys); a
    notebook that would not round-trip byte for byte is left as it is (and reported)."""
    nb = json.loads(text)
    if json.dumps(nb, indent=1, ensure_ascii=False, sort_keys=True) + "\n" != text:
        print(f"  !! {path}: not in nbformat's layout, left alone (rewrite it by hand)")
        return text
    for cell in nb.get("cells", []):
        src = cell.get("source")
        if isinstance(src, list):
            joined = "".join(src)
            new = rewrite_python(joined, Importer(None, None, False, False), False) if cell.get(
                "cell_type") == "code" else rewrite_text(joined)
            if new != joined:
                cell["source"] = new.splitlines(keepends=True)
        elif isinstance(src, str):
            cell["source"] = rewrite_text(src)
    return json.dumps(nb, indent=1, ensure_ascii=False, sort_keys=True) + "\n"


def packages_now() -> list[str]:
    """Every package of lfgcombat/ in the tree as it is (tracked ``__init__.py`` files)."""
    found = sorted(module_of(p[len(PKG) + 1:]) for p in tracked()
                   if p.startswith(PKG + "/") and p.endswith("/__init__.py"))
    return [PKG, *[p for p in found if p != PKG]]


def rewrite_pyproject(text: str) -> str:
    """pyproject's ``packages = [...]``: the engine's packages from the tree, then the mapped
    ones (widgets, data) as they were."""
    m = re.search(r"(?ms)^packages = \[\n(.*?)^\]", text)
    if not m:
        return text
    kept = [line for line in m.group(1).splitlines(keepends=True)
            if re.match(r'\s*"lfgcombat\.(widgets|data)\b', line)]
    mine = [f'    "{p}",\n' for p in packages_now()]
    return text[:m.start(1)] + "".join(mine + kept) + text[m.end(1):]


def rewrite_api(text: str) -> str:
    """docs/api.md's autosummary: the package and every public top-level module (recursive)."""
    m = re.search(r"(?m)(:recursive:\n\n)((?:   lfgcombat.*\n)+)", text)
    if not m:
        return text
    top = {PKG, f"{PKG}.widgets"}
    for p in tracked():
        if not p.startswith(PKG + "/") or not p.endswith(".py"):
            continue
        parts = Path(p).parts
        name = Path(parts[1]).stem
        if not name.startswith("_"):
            top.add(f"{PKG}.{name}")
    body = "".join(f"   {name}\n" for name in sorted(top))
    return text[:m.start(2)] + body + text[m.end(2):]


README_START, README_END = "<!-- layout -->", "<!-- /layout -->"


def layout_table() -> str:
    rows = [("lfgcombat/", TOP)]
    rows += [(f"lfgcombat/{folder}/", what) for folder, what, _ in LAYOUT]
    rows.append(("lfgcombat/prep/", "GM prep: reference and fast tiers, sweeps"))
    rows.sort(key=lambda r: (r[0] != "lfgcombat/", r[0]))
    wide = max(len(r[0]) for r in rows) + 2
    lines = ["```"]
    for where, what in rows:
        line = where.ljust(wide)
        for word in what.split():
            if len(line) + 1 + len(word) > WIDTH and line.strip():
                lines.append(line.rstrip())
                line = " " * wide
            line += ("" if line.endswith(" ") else " ") + word
        lines.append(line.rstrip())
    return "\n".join([*lines, "```"])


def rewrite_readme(text: str) -> str:
    """README's layout table between the layout markers (added after "What is where"'s
    block the first time)."""
    block = f"{README_START}\nThe engine's folders (moved there by `tools/relayout.py`):\n\n" \
            f"{layout_table()}\n{README_END}"
    if README_START in text and README_END in text:
        start, end = text.index(README_START), text.index(README_END) + len(README_END)
        return text[:start] + block + text[end:]
    m = re.search(r"(?ms)^## What is where\n.*?^```\n.*?^```\n", text)
    if not m:
        return text
    return text[:m.end()] + "\n" + block + "\n" + text[m.end():]


# --- the run -------------------------------------------------------------------------------

TEXT_ROOTS = ("lfgcombat/", "widgets/", "tests/", "tools/", "docs/", "notebooks/", ".ci/",
              "data/")
TEXT_FILES = ("README.md", "Makefile", "pyproject.toml")
TEXT_SUFFIXES = {".py", ".md", ".rst", ".txt", ".toml", ".cfg", ".csv", ".ipynb", ".json",
                 ".yaml", ".yml", ".ini", ""}
SKIP = ("tests/golden/",)  # recorded fights: data, never names a module


def wants(path: str) -> bool:
    if path == "tools/relayout.py" or path.startswith(SKIP):
        return False
    if path in TEXT_FILES:
        return True
    return path.startswith(TEXT_ROOTS) and Path(path).suffix in TEXT_SUFFIXES


def new_text(path: str, text: str, plan: dict[str, str]) -> str:
    if path.endswith(".ipynb"):
        return rewrite_notebook(text, path)
    if path.endswith(".py"):
        old = dotted_module(path)
        new = dotted_module(plan.get(path, path))
        importer = Importer(old, new, path.endswith("__init__.py"),
                            plan.get(path, path).endswith("__init__.py"))
        text = rewrite_python(text, importer, path.startswith(REFLOW))
        if path.startswith(REFLOW):
            text = reflow(text)
    else:
        text = rewrite_text(text)
    if path == "pyproject.toml":
        text = rewrite_pyproject(text)
    elif path == "docs/api.md":
        text = rewrite_api(text)
    elif path == "README.md":
        text = rewrite_readme(text)
    return text


def rewrite_all(files: list[str], plan: dict[str, str], shims: list[str],
                write: bool) -> list[str]:
    """Every text at its old place (relative imports resolve there); the changed ones."""
    changed = []
    for path in files:
        if path in shims or not wants(path) or not (REPO / path).is_file():
            continue
        text = (REPO / path).read_text(encoding="utf-8")
        new = new_text(path, text, plan)
        if new != text:
            changed.append(path)
            if write:
                (REPO / path).write_text(new, encoding="utf-8")
    return changed


def move_all(plan: dict[str, str], shims: list[str]) -> None:
    """Delete the shims, move the files, add the new packages' ``__init__.py``."""
    for path in shims:
        git("rm", "-q", path)
    for old, new in sorted(plan.items()):
        (REPO / new).parent.mkdir(parents=True, exist_ok=True)
        git("mv", old, new)
    for folder, doc in PACKAGES.items():
        init = REPO / PKG / folder / "__init__.py"
        if doc and (REPO / PKG / folder).is_dir() and not init.exists():
            init.write_text(f'"""{_wrap_doc(doc)}"""\n', encoding="utf-8")
            git("add", str(init.relative_to(REPO)))
    _tidy()


#: The modules that stay at the top of lfgcombat/.
KEEP = {"__init__.py", "_version.py", "errors.py", "shortrepr.py"}


def run(check: bool) -> int:
    files = tracked()
    plan, followers = plan_moves(files)
    shims = [f"{PKG}/{s}" for s in SHIMS if f"{PKG}/{s}" in files]
    for path in followers:
        print(f"  follows its package (not in the table): {path} -> {plan[path]}")
    for path in files:  # a module added at the top since the table was written
        rel = path[len(PKG) + 1:]
        if (path.startswith(PKG + "/") and "/" not in rel and rel.endswith(".py")
                and rel not in KEEP and path not in plan and path not in shims):
            print(f"  stays at the top (not in the table; add it to LAYOUT): {path}")
    changed = rewrite_all(files, plan, shims, write=not check)
    if check:
        for path in changed:
            print(f"  to rewrite: {path}")
        for old, new in plan.items():
            print(f"  to move: {old} -> {new}")
        return 1 if (plan or shims or changed) else 0
    move_all(plan, shims)
    # The generated lists read the tree as it is now.
    for path in ("pyproject.toml", "docs/api.md", "README.md"):
        text = (REPO / path).read_text(encoding="utf-8")
        new = new_text(path, text, {})
        if new != text:
            (REPO / path).write_text(new, encoding="utf-8")
            changed.append(path)
    print(f"moved {len(plan)} files, deleted {len(shims)} shims, rewrote "
          f"{len(set(changed))} files")
    return 0


def _wrap_doc(doc: str) -> str:
    words, lines, line = doc.split(), [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > WIDTH - 4:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return "\n".join(lines) + ("\n" if len(lines) > 1 else "")


def _tidy() -> None:
    """Old folders left with only build litter (``__pycache__``) are removed."""
    for old in PACKAGE_MOVES:
        folder = REPO / PKG / old
        if not folder.is_dir():
            continue
        rest = [p for p in folder.rglob("*") if "__pycache__" not in p.parts and p.is_file()]
        if not rest:
            subprocess.run(["rm", "-rf", "--", str(folder)], check=True)


def outputs() -> int:
    """The notebooks whose outputs name an old module or path (re-execute those)."""
    found = 0
    for path in sorted(p for p in tracked() if p.startswith("notebooks/") and
                       p.endswith(".ipynb")):
        nb = json.loads((REPO / path).read_text(encoding="utf-8"))
        hits = set()
        for cell in nb.get("cells", []):
            for out in cell.get("outputs", []):
                blob = json.dumps(out, ensure_ascii=False)
                hits |= {m.group(1) for m in _DOTTED.finditer(blob)}
                hits |= {m.group(1) for m in _PATH.finditer(blob)}
        if hits:
            found += 1
            print(f"{path}: {', '.join(sorted(hits))}")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if there is work to do")
    parser.add_argument("--outputs", action="store_true",
                        help="list notebooks whose outputs name an old module")
    args = parser.parse_args(argv)
    if args.outputs:
        outputs()
        return 0
    return run(args.check)


if __name__ == "__main__":
    sys.exit(main())

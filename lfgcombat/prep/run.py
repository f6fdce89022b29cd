"""Running many fights: seed streams, chunks, backends, progress, interruption.

Seeds: fight ``i`` of parameter point ``p`` draws from
``SeedSequence(seed, spawn_key=(p, i // chunk_size))``, row ``i % chunk_size``: six 32-bit
words (the fast tier's generator state; the reference tier's dice seed and tactics seed are
the first two). Chunks are fixed by ``chunk_size`` alone, so a run gives the same fights
whatever the backend and however many workers it has.

Backends: ``None`` plays the chunks on every core of this machine: the fast tier's on a
thread pool of ``os.cpu_count()`` threads (the compiled kernel releases the GIL), the
reference tier's on a process pool (pure Python holds the GIL; the pool starts only for
two chunks or more, at ~1 s); ``"processes"`` spreads any tier's chunks over a local
process pool; a ``dask.distributed.Client``
runs each chunk as a task (workers need only ``pip install lfgcombat``; give a chunk
100 ms or more of work: Dask costs ~1 ms a task).
"""

from __future__ import annotations

import dataclasses
import os
import secrets
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, cast

import numpy as np

from ..rules.weapons import weapon_entries
from ..creature import Creature
from ..engine import Encounter
from ..battlemap import HexMap
from ..rulesets import Ruleset, RulesetError, coerce_ruleset
from .kernel import NUMBA_ACTIVE, fight_states, fight_words, kernel_loaded, run_fights
from .limits import (CONNECT_TIMEOUT, check_fights, check_results, duration, estimate,
                     warn_if_long, workers_of)
from .from_here import play_chunk, prepare_here
from .reference import play, young_collections_spaced
from .replay import finish_handed_over
from .result import SimResult, wilson
from .sla import ability_notes
from .spec import (MAX_ROUNDS, FightSpec, PrepError, Scenario, build_spec, check_conscious,
                   check_fast_tier, choose_tier, make_scenario, plays_lfg_text,
                   scenario_weapons, sizes_differ)
from .tactics import coerce_tactics, did_you_mean
from .wrestling import wrestling_notes

__all__ = ["simulate", "fight_words", "TIERS", "DEFAULT_CHUNK", "STOP_CHUNK", "HERE_CHUNK",
           "run_chunk"]

TIERS = ("fast", "reference")
#: Fights per chunk, per tier.
DEFAULT_CHUNK = {"fast": 5000, "reference": 20}
#: Fights per chunk with ``stop_at_width``: the width is checked after every chunk.
STOP_CHUNK = {"fast": 500, "reference": 10}
#: Fights per chunk of a fight played on from where it stands (``simulate(encounter)``):
#: each takes a few tenths of a second or more, so the bar moves, Ctrl-C keeps more, and
#: rebuilding the start once a chunk (tens of milliseconds) stays small.
HERE_CHUNK = 5


def run_chunk(tier: str, scenario: Scenario, spec: FightSpec, seed: int, point: int,
              chunk: int, size: int, count: int, map_text: str | None = None
              ) -> dict[str, np.ndarray]:
    """Play the first ``count`` fights of a chunk (a Dask task; needs only the core install)."""
    words = fight_words(seed, point, chunk, count)  # the chunk's first rows: no more drawn
    if tier == "fast":
        out = finish_handed_over(scenario, spec, words, run_fights(spec, fight_states(words)))
        out["compiled"] = np.array(NUMBA_ACTIVE)
        return out
    with young_collections_spaced():
        if scenario.start is not None:  # a fight under way, played on from where it stands
            rows = play_chunk(scenario, spec, words)
        else:
            rows = [play(scenario, spec, int(w[0]), int(w[1]),
                         map=_map(map_text, scenario))[1] for w in words]
    return {k: np.array([r[k] for r in rows], dtype=np.int64).reshape(
        (count,) + (() if k in ("winner", "rounds") else (len(scenario.creatures),)))
        for k in ("winner", "rounds", "hp", "dead", "felled", "dealt")}


def _map(map_text: str | None, scenario: Scenario) -> HexMap | None:
    """A fresh map of ``map_text`` with the scenario's creatures placed (``None``: none)."""
    if map_text is None:
        return None
    return HexMap.from_text(map_text, creatures={c.name: c for c in scenario.creatures})


def _ruleset(ruleset: Any, switches: Mapping[str, Any] | None = None) -> Ruleset:
    """The run's :class:`~lfgcombat.Ruleset` from a name or a ruleset and ``switches``.

    Raises:
        PrepError: an unknown or unimplemented ruleset (GM prep plays every implemented
            one: the reference tier all of them, the fast tier those
            :func:`~lfgcombat.prep.spec.fast_tier_plays` allows), an unknown
            switch, a bad value, or Killer Criticals / Perfect Critical (lfg's optional
            rules, 000_8d1d7816ee944f3b.txt) on classic or wounds (the Ruleset's own
            refusal).
    """
    known = [f.name for f in dataclasses.fields(Ruleset) if f.name != "name"]
    for name in switches or {}:
        if name not in known:
            raise PrepError(f"unknown rule switch {name!r}{did_you_mean(name, known)} (the "
                            f"switches are {', '.join(known)})")
    try:
        rs = coerce_ruleset(ruleset)
        if switches:
            rs = Ruleset(rs.name, **{**rs.switches(), **dict(switches)})
    except RulesetError as exc:  # an unknown name, or lfg's optional rules elsewhere
        raise PrepError(str(exc)) from None
    return rs


def prepare_run(sides: Mapping[str, Sequence[Creature]], ruleset: Any, tactics: Any,
                switches: Mapping[str, Any] | None = None,
                max_rounds: int = MAX_ROUNDS, check: str | None = None,
                temp_hp: bool = True, knockdown: bool = False
                ) -> tuple[Scenario, FightSpec]:
    """The scenario and its numbers (checked) for a run; with ``check`` (``"the fast
    tier"``, ``"the exact duel"``) the scenario is first checked by
    :func:`~lfgcombat.prep.spec.check_fast_tier` (``temp_hp`` passed on), so that what the
    fast tier does not play (a Stunned creature cannot attack at all) is refused before
    its numbers are built; ``knockdown``: the reference tier plays Momentum of Impact's
    Knockdown (:attr:`~lfgcombat.prep.spec.Scenario.knockdown`).

    Raises:
        PrepError: ``knockdown`` not ``True`` or ``False``; what the checks refuse.
    """
    if not isinstance(knockdown, bool):
        raise PrepError(f"knockdown must be True (the reference tier plays Momentum of "
                        f"Impact's Knockdown) or False, not {knockdown!r}")
    rs = _ruleset(ruleset, switches)
    _whole_at_least_one("max_rounds", max_rounds, "the round limit after which a fight is a draw")
    if not isinstance(sides, Mapping):
        raise PrepError("sides must be a mapping {side name: [creatures]}")
    tac = coerce_tactics(tactics, [str(s) for s in sides])
    scenario = make_scenario(sides, rs, tac, knockdown)
    if check is not None:
        check_conscious(scenario)
        check_fast_tier(scenario, check, temp_hp)
    return scenario, build_spec(scenario, max_rounds)


def _is_client(backend: Any) -> bool:
    return hasattr(backend, "submit") and hasattr(backend, "gather")


@contextmanager
def open_backend(backend: Any) -> Iterator[Any]:
    """The backend to run on: ``"dask"`` opens a ``LocalCluster`` (worker processes) and a
    ``Client`` on it, a scheduler address (``"tcp://host:8786"``) a ``Client`` connected to
    it; both are closed afterwards. Anything else is passed through.

    Raises:
        PrepError: ``"dask"`` or an address without ``dask.distributed`` installed; an
            address where no scheduler answers within
            :data:`~lfgcombat.prep.limits.CONNECT_TIMEOUT` seconds (:func:`_connect`).
    """
    if not isinstance(backend, str) or backend == "processes":
        yield backend
        return
    if backend != "dask" and "://" not in backend:
        raise PrepError(f"backend must be None, 'processes', 'dask', a scheduler address "
                        f"such as 'tcp://127.0.0.1:8786' or a dask Client, not {backend!r}")
    try:
        from distributed import Client, LocalCluster
    except ImportError:  # pragma: no cover - depends on the install
        raise PrepError(f"backend={backend!r} needs dask.distributed: pip install "
                        "'lfgcombat[dask]'") from None
    if backend == "dask":
        with LocalCluster(processes=True, dashboard_address=None) as cluster, \
                Client(cluster) as client:
            yield client
    else:
        with _connect(Client, backend) as client:
            yield client


def _connect(client_class: Any, address: str) -> Any:
    """A Dask ``Client`` connected to the scheduler at ``address`` within
    :data:`~lfgcombat.prep.limits.CONNECT_TIMEOUT` seconds.

    Raises:
        PrepError: the scheduler did not answer (or the address is malformed), naming it
            and what to do.
    """
    try:
        return client_class(address, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError, ValueError) as exc:
        raise PrepError(
            f"no Dask scheduler answered at {address!r:.80} within {CONNECT_TIMEOUT} s "
            f"({type(exc).__name__}: {str(exc)[:120]}); start one there (dask scheduler, "
            "then dask worker on each machine), check the address and port, or use "
            "backend='dask' (a cluster on this machine) or backend=None (this machine's "
            "cores)") from None


#: The run's note when Perfect Critical is on in the fast tier, followed by how many of its
#: fights were handed over (": 3 of 10000 fights here").
PERFECT_CRITICAL_NOTE = (
    "Perfect Critical (Optional Rule) is on: the fast tier deals its maximum Physical Damage, "
    "and where a Perfect Critical deals at least the target's Injured Threshold "
    "(000_8d1d7816ee944f3b.txt, \"Perfect Critical (Optional Rule)\") it breaks or severs "
    "a limb as the engine does and plays the injured creature by the engine's numbers; a "
    "second injury of an injured creature it hands to the reference tier, which plays it "
    "and the rest of the fight from the same dice. Fights handed over")


#: The run's note when foes differ in size and the Knockdown was not played.
KNOCKDOWN_NOTE = (
    "Some foes here differ in size, but this run leaves out Momentum of Impact's Knockdown "
    "(a strike on a smaller foe can knock it Prone; 000_8d1d7816ee944f3b.txt, \"Momentum "
    "of Impact (Different Sizes, Knockdown, Crushing Advance)\"): the bigger side does "
    "better at the table than these numbers say; tier='reference', knockdown=True plays "
    "it (the fast tier cannot)")


#: The code in GM prep's notes and refusals, and what a panel says instead: its own
#: controls ("tick Knockdown", "choose the reference tier"), not Python.
PANEL_WORDS: tuple[tuple[str, str], ...] = (
    ("tier='reference', knockdown=True plays it (the fast tier cannot)",
     "choose the reference tier and tick Knockdown to play it (the fast tier cannot)"),
    ("knockdown=True: the fast tier", "Knockdown is ticked: the fast tier"),
    ("; pass tier='reference' to choose it yourself", ""),
    (". To choose another, put it first (creature.replace(weapons=[...])) and play tactics "
     "with weapon='first'",
     ". To fight with another, list it first among the creature's weapons, in its file, and "
     "choose tactics that fight with the first weapon"),
    (". The tactics chose by the exact odds (weapon='best'); the brutal and cautious tactics "
     "choose again at every attack",
     ". The tactics chose it by the exact odds; the brutal and cautious tactics choose again "
     "at every attack"),
    ("Use tier='reference' (real encounters, every rule), or tactics without turn choices",
     "Choose the reference tier (real encounters, every rule), or tactics without turn "
     "choices"),
    ("Use tier='reference' (real encounters, every rule), or change what is listed",
     "Choose the reference tier (real encounters, every rule), or change what is listed"),
    ("Use tier='reference': real encounters", "Choose the reference tier: real encounters"),
    (", others go with .replace(conditions=[...]); Selective Initiative: Ruleset('lfg'))", ")"),
    ("heal it above 0 (.replace(current_hp=1)) or leave it out of the fight",
     "heal it above 0 in its file, or leave it out of the fight"),
    ("; result.replay(i) begins with the fight's own log",
     "; each fight's replay begins with the fight's own log"),
    ("undo to a moment before it ended, or simulate the creatures from a fresh start "
     "(simulate({side: [creatures]}))",
     "undo to a moment before it ended, or pick the creatures in a PrepPanel of their own "
     "to play them from a fresh start"),
    (" (enc.current is None)", ""),
)


def in_panel_words(text: str) -> str:
    """A note or refusal of GM prep as a panel says it (:data:`PANEL_WORDS`): "tick
    Knockdown", "choose the reference tier", not ``knockdown=True``."""
    for code, words in PANEL_WORDS:
        text = text.replace(code, words)
    return text


def weapons_note(scenario: Scenario) -> str | None:
    """The run's note naming the creatures with more than one weapon: the tactics attack
    with one of them only (both tiers: the first, or under ``Tactics(weapon="best")`` the
    best by the exact odds, :func:`~lfgcombat.prep.weapons.scenario_weapons`), so the others
    (a second natural weapon, an off-hand dagger, a javelin) are never used. ``None`` when
    nobody has a second weapon."""
    used = scenario_weapons(scenario)
    many = []
    for c, weapon, k in zip(scenario.creatures, used, scenario.side_of):
        if scenario.tactics[k].turn_choices:
            continue  # it chooses its weapon again at every attack
        others = [w for w in dict.fromkeys(str(e.get("name")) for e in weapon_entries(c))
                  if w != weapon]
        if others:
            many.append(f"{c.name} attacks with its {weapon} (never: {', '.join(others)})")
    if not many:
        return None
    return ("The tactics attack with one weapon a creature: " + "; ".join(many)
            + (". To choose another, put it first (creature.replace(weapons=[...])) and play "
               "tactics with weapon='first'" if not _best(scenario) else
               ". The tactics chose by the exact odds (weapon='best'); the brutal and "
               "cautious tactics choose again at every attack"))


def _best(scenario: Scenario) -> bool:
    """Whether every side of ``scenario`` chooses its weapon by the exact odds."""
    return all(t.weapon == "best" for t in scenario.tactics)


def run_notes(chunks: Sequence[Mapping[str, Any]], tier: str,
              scenario: Scenario | None = None) -> tuple[str, ...]:
    """Notes on how the chunks ran: a warning when the fast tier ran without numba, when
    it played a rule it covers only in part (Perfect Critical's injuries,
    :data:`PERFECT_CRITICAL_NOTE`), and in either tier when foes differ in size
    (:data:`KNOCKDOWN_NOTE`), when a creature's other weapons go unused
    (:func:`weapons_note`) and when it has special abilities with uses that the fights
    leave to the GM (:func:`~lfgcombat.prep.sla.ability_notes`)."""
    notes: tuple[str, ...] = ()
    if tier == "fast" and any(not bool(ch.get("compiled", True)) for ch in chunks):
        notes += ("numba is not installed (or LFGCOMBAT_NO_NUMBA is set) where these fights "
                  "ran: the fast tier ran as plain Python, about 75x slower; pip install "
                  "'lfgcombat[fast]' (on every Dask worker too)",)
    if tier == "fast" and scenario is not None and scenario.ruleset.perfect_critical:
        handed = sum(int(np.sum(ch.get("handed_over", 0))) for ch in chunks)
        fights = sum(int(np.shape(ch["winner"])[0]) for ch in chunks)
        notes += (f"{PERFECT_CRITICAL_NOTE}: {handed} of {fights} fights here",)
    if scenario is not None and plays_lfg_text(scenario.ruleset) \
            and sizes_differ(scenario) and not scenario.knockdown:  # classic, wounds: none
        notes += (KNOCKDOWN_NOTE,)
    weapons = weapons_note(scenario) if scenario is not None else None
    if weapons:
        notes += (weapons,)
    if scenario is not None:
        notes += ability_notes(scenario)  # SLA lines: no effect the engine can play
        notes += wrestling_notes(scenario)  # Shove: no number to weigh
    return notes


def _whole_at_least_one(name: str, value: Any, what: str) -> None:
    """Refuse ``value`` unless it is a whole number >= 1 (``name`` is ``what``)."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
        raise PrepError(f"{name} must be a whole number >= 1 ({what}), not {value!r}")


def _check(n: int, tier: str, seed: Any, map: Any, stop_at_width: Any,
           chunk_size: Any = None, point: Any = 0) -> None:
    """Refuse a bad ``n`` (or more than :data:`~lfgcombat.prep.limits.MAX_FIGHTS`), tier,
    seed, map, ``stop_at_width``, ``chunk_size`` or ``point``, in words."""
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
        raise PrepError(f"n (the number of fights) must be a whole number >= 1, "
                        f"not {n!r:.60}")
    check_fights(n)
    if isinstance(point, bool) or not isinstance(point, (int, np.integer)) or point < 0:
        raise PrepError(f"point (the parameter point's key in the seed streams; sweeps set "
                        f"it) must be a whole number >= 0, not {point!r:.60}; leave it at 0 "
                        "unless you replay a sweep's point")
    if tier not in TIERS:
        raise PrepError(f"tier must be one of {', '.join(TIERS)}, not {tier!r}")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, np.integer))
                             or seed < 0):
        raise PrepError(f"seed must be a whole number >= 0 or None, not {seed!r}")
    if map is not None and tier == "fast":
        raise PrepError("the fast tier plays the open field only; with a map use "
                        "tier='reference' (movement and AOO come from the map)")
    if map is not None and not isinstance(map, HexMap):
        raise PrepError(f"map must be a HexMap with the creatures placed, not {map!r:.60}")
    if stop_at_width is not None and not (isinstance(stop_at_width, (int, float))
                                          and 0 < stop_at_width < 1):
        raise PrepError(f"stop_at_width must be a width in (0, 1), e.g. 0.02, not "
                        f"{stop_at_width!r}")
    if chunk_size is not None:
        _whole_at_least_one("chunk_size", chunk_size, "fights per chunk; None picks one")


def _check_placed(scenario: Scenario, map: HexMap | None) -> str | None:
    """Refuse a map without every combatant on it; the note on tokens of the map that
    are in no side (they take no part but stand where they are), else ``None``."""
    if map is None:
        return None
    missing = [c.name for c in scenario.creatures if c.name not in map]
    if missing:
        raise PrepError(f"{', '.join(missing)} not on the map; place everyone first")
    fighting = set(scenario.names)
    others = [n for n in map.names if n not in fighting]
    if not others:
        return None
    return (f"{', '.join(others)} {'is' if len(others) == 1 else 'are'} on the map but in no "
            "side: taking no part in the fights, only standing in the way (add them to "
            "sides to have them fight)")


def simulate(sides: Mapping[str, Sequence[Creature]] | Encounter, n: int = 10_000, *,
             ruleset: Any = None, tactics: Any = "weakest", map: HexMap | None = None,
             seed: int | None = None, backend: Any = None, tier: str | None = None,
             stop_at_width: float | None = None, switches: Mapping[str, Any] | None = None,
             chunk_size: int | None = None, progress: bool = True,
             max_rounds: int = MAX_ROUNDS, point: int = 0,
             callback: Callable[[int, int], None] | None = None,
             knockdown: bool = False) -> SimResult:
    """Simulate ``n`` fights of ``sides`` and report how they went.

    Args:
        sides: ``{"party": [creatures], "orcs": [creatures]}`` (two or more sides), or an
            :class:`~lfgcombat.Encounter` before it starts or mid-fight, played on from
            where it stands (map, HP, conditions, round, whose turn, actions spent) by its
            own ruleset, map and Knockdown rule: on the fast tier where its kernel starts
            from that state exactly (:mod:`lfgcombat.prep.fast_here`), else on the
            reference tier (:mod:`lfgcombat.prep.from_here`), the notes saying why.
        n: Fights to play, within the caps of :mod:`lfgcombat.prep.limits` (a timed pilot
            warns of a long run first).
        ruleset: ``"lfg"`` (``None``), ``"classic"``, ``"wounds"`` or a :class:`Ruleset`.
        tactics: A target policy or preset for everyone, or ``{side: policy}``
            (:mod:`lfgcombat.prep.tactics`).
        map: A :class:`~lfgcombat.HexMap` with everyone placed (reference tier only);
            ``None``: the open field (nobody moves, everyone reaches everyone, no AOO).
        seed: The root seed (``None``: a fresh one, kept in the result for replay).
        backend: ``None`` (every core here), ``"processes"``, ``"dask"``, a scheduler's
            address or a ``Client`` (see the module docstring).
        tier: ``"fast"`` (compiled kernels), ``"reference"`` (real encounters) or
            ``None``: fast where it plays the ruleset, else reference, noted.
        stop_at_width: Stop once every side's P(win) interval is narrower than this.
        switches: Optional-rule switches over ``ruleset``, e.g. ``{"killer_criticals": True}``.
        chunk_size: Fights per chunk (default :data:`DEFAULT_CHUNK` per tier).
        progress: A progress bar (tqdm.auto) when the run takes more than a second.
        max_rounds: A fight still going after this many rounds is a draw.
        point: The parameter point's key in the seed streams (sweeps set it; >= 0).
        callback: Called as ``callback(done, total)`` after every chunk (a widget's bar).
        knockdown: Play Momentum of Impact's Knockdown (reference tier only).

    Returns:
        A :class:`~lfgcombat.prep.result.SimResult`; ``replay(i)`` rebuilds fight ``i``.

    Raises:
        PrepError: a bad argument, beyond the caps, what the tier does not play, a
            scheduler that does not answer; for an Encounter as :func:`_simulation` says.
    """
    began = time.perf_counter()
    scenario, spec, tier, notes = _simulation(
        sides, n, ruleset, tactics, map, seed, tier, stop_at_width, switches, chunk_size,
        max_rounds, point, knockdown)
    root = int(seed) if seed is not None else secrets.randbits(63)
    size = _chunk_size(scenario, tier, chunk_size, stop_at_width)
    map_text = map.to_text() if map is not None else None
    with open_backend(backend) as be:
        parts, status = _execute([(scenario, spec, point)], n, tier, root, size, be,
                                 progress, stop_at_width, map_text, callback)
    result = _result(scenario, spec, tier, root, point, size, n, parts[0], status, map_text)
    for note in notes:
        result = result.noted(note)
    return dataclasses.replace(result, seconds=time.perf_counter() - began)


def _simulation(sides: Any, n: Any, ruleset: Any, tactics: Any, map: Any, seed: Any,
                tier: str | None, stop_at_width: Any, switches: Any, chunk_size: Any,
                max_rounds: Any, point: Any, knockdown: Any
                ) -> tuple[Scenario, FightSpec, str, tuple[str | None, ...]]:
    """:func:`simulate`'s arguments checked: its scenario, numbers and tier, and the notes
    to put first (the bystanders on its map, then the tier's), an Encounter's played on
    from where it stands (:func:`_here_tier`).

    Raises:
        PrepError: as :func:`simulate`; with an Encounter, what
            :func:`~lfgcombat.prep.from_here.check_encounter` refuses, ``ruleset``,
            ``switches``, ``map`` or ``knockdown`` given (:func:`_here_arguments`), or
            ``tier="fast"`` where the kernel cannot start from it.
    """
    if isinstance(sides, Encounter):
        _here_arguments(sides, ruleset, switches, map, knockdown)
        _check(n, tier or "reference", seed, None, stop_at_width, chunk_size, point)
        _whole_at_least_one("max_rounds", max_rounds, "the round limit after which a fight "
                                                      "is a draw")
        scenario, spec = prepare_here(sides, tactics, max_rounds)
        tier, spec = _here_tier(sides, scenario, spec, tier, max_rounds)
        notes: tuple[str | None, ...] = ()
    else:
        rs, tier, tier_note = _ruleset_and_tier(ruleset, switches, tier, map, tactics)
        _check(n, tier, seed, map, stop_at_width, chunk_size, point)
        scenario, spec = prepare_run(sides, rs, tactics, None, max_rounds,
                                     "the fast tier" if tier == "fast" else None, True,
                                     knockdown)
        notes = (_check_placed(scenario, map), tier_note)
    check_results(n, [len(scenario.creatures)])
    return scenario, spec, str(tier), notes


def _chunk_size(scenario: Scenario, tier: str, chunk_size: Any, stop_at_width: Any) -> int:
    """Fights per chunk: ``chunk_size``, else :data:`HERE_CHUNK` for a fight under way on
    the reference tier, :data:`STOP_CHUNK` with ``stop_at_width``, else
    :data:`DEFAULT_CHUNK`."""
    return int(chunk_size or (HERE_CHUNK if scenario.start is not None and tier != "fast"
                              else STOP_CHUNK[tier] if stop_at_width is not None
                              else DEFAULT_CHUNK[tier]))


def _here_arguments(enc: Encounter, ruleset: Any, switches: Any, map: Any,
                    knockdown: Any) -> None:
    """Refuse what :func:`simulate` of an Encounter does not take: it plays by its own
    ruleset, map and Knockdown rule.

    Raises:
        PrepError: ``ruleset`` other than the encounter's, ``switches``, ``map`` or
            ``knockdown``.
    """
    given = [k for k, v in (("switches", switches), ("map", map),
                            ("knockdown", knockdown or None)) if v is not None]
    if ruleset is not None and _ruleset(ruleset) != enc.ruleset:
        given.insert(0, "ruleset")
    if given:
        raise PrepError(f"an Encounter is simulated by its own rules, map and Knockdown "
                        f"(ruleset {enc.ruleset.describe()}); leave {', '.join(given)} out")


def _here_tier(enc: Encounter, scenario: Scenario, spec: FightSpec, tier: str | None,
               max_rounds: int) -> tuple[str, FightSpec]:
    """:func:`simulate`'s tier for an Encounter and its numbers: the fast tier when its
    kernel can start from where the fight stands
    (:func:`~lfgcombat.prep.fast_here.here_problems`), else the reference tier
    (:mod:`lfgcombat.prep.from_here`), its numbers' second note saying why in words.

    Raises:
        PrepError: ``tier="fast"`` and the kernel cannot start from here, naming why.
    """
    from .fast_here import fast_here, here_refusal, reference_here
    if tier == "reference":
        return "reference", spec
    problems = here_refusal(enc, [scenario], tier)
    if problems:
        return "reference", reference_here(spec, problems)
    return "fast", fast_here(enc, scenario, spec, max_rounds)


def _ruleset_and_tier(ruleset: Any, switches: Mapping[str, Any] | None, tier: str | None,
                      map: HexMap | None, tactics: Any = None
                      ) -> tuple[Ruleset, Any, str | None]:
    """:func:`simulate`'s ruleset (:func:`_ruleset`), its tier and the note when ``None``
    picked it (:func:`~lfgcombat.prep.spec.choose_tier`: the reference tier under classic
    and wounds, at tens of milliseconds to a few tenths of a second a fight).

    Raises:
        PrepError: as :func:`_ruleset`.
    """
    rs = _ruleset(ruleset, switches)
    chosen, note = choose_tier(tier, [rs], tactics)
    return rs, chosen, note


def _result(scenario, spec, tier, root, point, size, n, chunks, status, map_text=None):
    """The :class:`SimResult` of a point's chunks; ``status`` from :func:`_execute`."""
    keys = ("winner", "rounds", "hp", "dead", "felled", "dealt")
    c = len(scenario.creatures)
    if chunks:
        data = {k: np.concatenate([ch[k] for ch in chunks]) for k in keys}
    else:
        data = {k: np.zeros((0,) if k in ("winner", "rounds") else (0, c), np.int64)
                for k in keys}
    return SimResult(scenario, spec, tier, root, point, size,
                     bool(status) or data["winner"].shape[0] < n, n, map_text=map_text,
                     notes=spec.notes + run_notes(chunks, tier, scenario),
                     interrupted=status == "interrupted",
                     stopped_early=status == "stopped_early", **data)


def _tasks(points, n, size):
    for p, (scenario, spec, key) in enumerate(points):
        for chunk, start in enumerate(range(0, n, size)):
            yield p, key, chunk, min(size, n - start)


def _narrow(chunks: list, n_sides: int, width: float) -> bool:
    w = np.concatenate([ch["winner"] for ch in chunks])
    for s in range(n_sides):
        lo, hi = wilson(float(np.count_nonzero(w == s)), w.shape[0])
        if hi - lo >= width:
            return False
    return True


#: What the progress bar says while the fast tier's kernel is being prepared.
COMPILING = ("compiling the fast tier (the first run after an install, ~10-15 s; "
             "cached for later sessions)")


def _prepare_kernel(spec: FightSpec, progress: bool) -> None:
    """Compile (or load from numba's cache) the fast tier's kernel in this process by
    playing one fight, before the run's chunks: a bar (:data:`COMPILING`, with the time
    spent) shows when that takes more than a second, as every run's bar does, instead of
    a silent first chunk; a process pool's workers then load it from the cache rather
    than each compiling it. Nothing to do once loaded (:func:`kernel_loaded`)."""
    if kernel_loaded(spec):
        return
    import threading
    from tqdm.auto import tqdm
    done = threading.Event()
    failed: list[BaseException] = []

    def work() -> None:
        try:
            run_fights(spec, fight_states(fight_words(0, 0, 0, 1)))
        except BaseException as exc:  # pragma: no cover - re-raised below
            failed.append(exc)
        finally:
            done.set()
    threading.Thread(target=work, name="lfgcombat-compile", daemon=True).start()
    if not done.wait(1.0):
        bar = tqdm(total=None, desc=COMPILING, disable=not progress, leave=False,
                   bar_format="{desc}: {elapsed}")
        try:
            while not done.wait(0.25):
                bar.refresh()
        finally:
            bar.close()
    if failed:
        raise failed[0]


#: Fights the timed pilot plays before a run (:func:`_estimate`), per tier.
PILOT_FIGHTS = {"fast": 100, "reference": 1}
#: The pilot runs when fights x combatants reach this (smaller runs are quick), per tier.
PILOT_FROM = {"fast": 50_000, "reference": 200}


def _estimate(points, n, tier, root, backend, chunks, map_text, may_stop=False
              ) -> float | None:
    """How long the run will take, in seconds (``None``: too small to need a pilot, or
    the fast tier on Dask before its kernel is compiled here): a pilot of
    :data:`PILOT_FIGHTS` plays the first fights of the point with the most combatants, in
    this process (the same fights the run plays), scaled to every point's ``n`` fights
    over the backend's workers (:func:`~lfgcombat.prep.limits.estimate`); above
    :data:`~lfgcombat.prep.limits.LONG_RUN_SECONDS` a
    :class:`~lfgcombat.prep.limits.LongRunWarning` says so before the run starts
    (``may_stop``: ``stop_at_width`` may end it sooner, and the warning says so)."""
    scenario, spec, key = max(points, key=lambda pt: len(pt[0].creatures))
    total = n * len(points)
    pilot = min(PILOT_FIGHTS[tier], n)
    if total * len(scenario.creatures) < PILOT_FROM[tier] or total <= pilot or (
            tier == "fast" and not kernel_loaded(spec)):
        return None
    seconds, _ = estimate(
        lambda k: run_chunk(tier, scenario, spec, root, key, 0, k, k, map_text), total,
        pilot, workers_of(backend, tier, chunks))
    warn_if_long(seconds, total, tier, "; less if stop_at_width stops it early"
                 if may_stop else "")
    return seconds


def _execute(points, n, tier, root, size, backend, progress, stop_at_width, map_text,
             callback=None):
    """Run every chunk of every point; returns ``(chunks per point, status)``: status
    ``""`` (all played), ``"interrupted"`` (Ctrl-C) or ``"stopped_early"``
    (``stop_at_width`` reached)."""
    from tqdm.auto import tqdm
    if tier == "fast":
        for scenario, _, _ in points:
            if scenario.start is None:  # a fight under way: checked by fast_here
                check_fast_tier(scenario)
    tasks = list(_tasks(points, n, size))
    parts: list[list] = [[] for _ in points]
    status = ""
    done = 0
    runner = _runner(backend)
    try:
        if tier == "fast" and runner in (_local, _processes):
            _prepare_kernel(points[0][1], progress)
        seconds = _estimate(points, n, tier, root, backend, len(tasks), map_text,
                            stop_at_width is not None)
    except KeyboardInterrupt:
        return parts, "interrupted"
    bar = tqdm(total=n * len(points), delay=1.0, disable=not progress, unit="fight",
               leave=False, desc=None if seconds is None else f"{duration(seconds)} in all")
    try:
        for (p, key, chunk, count), out in runner(
                [(tier, points[p][0], points[p][1], root, key, chunk, size, count, map_text)
                 for p, key, chunk, count in tasks], tasks):
            parts[p].append(out)
            bar.update(count)
            done += count
            if callback is not None:
                callback(done, n * len(points))
            if stop_at_width is not None and _narrow(parts[p], len(points[p][0].side_names),
                                                     stop_at_width):
                status = "stopped_early"
                break
    except KeyboardInterrupt:
        status = "interrupted"
    finally:
        bar.close()
    return parts, status


def _in_order(ex, args, tasks, window: int):
    """Submit ``run_chunk(*a)`` to the executor ``ex`` at most ``window`` ahead and yield
    ``(task, result)`` in order; the chunks not started are cancelled on the way out."""
    from collections import deque
    pending: deque = deque()
    it = iter(zip(tasks, args))
    try:
        for t, a in it:
            pending.append((t, ex.submit(run_chunk, *a)))
            if len(pending) >= window:
                break
        while pending:
            t, f = pending.popleft()
            for t2, a in it:
                pending.append((t2, ex.submit(run_chunk, *a)))
                break
            yield t, f.result()
    finally:
        for _, f in pending:
            f.cancel()


def _in_process(args, tasks):
    for a, t in zip(args, tasks):
        yield t, run_chunk(*a)


def _local(args, tasks):
    """``backend=None``: every core of this machine. The fast tier's compiled kernel
    releases the GIL (``nogil=True``), so its chunks run on a thread pool of
    ``os.cpu_count()`` threads (a fight it hands over to the reference tier, a second limb
    injury, holds the GIL while it plays: one in a thousand fights or fewer); the
    reference tier's (pure Python, holding the GIL) on a process pool of as many
    processes as there are cores and chunks (:func:`_processes`, started as
    :func:`_start_method` says). One core, one chunk, or a daemonic process (a pool's or
    a Dask worker, which may not start processes): this process plays the chunks one
    after the other."""
    import multiprocessing
    from concurrent.futures import ThreadPoolExecutor
    workers = min(os.cpu_count() or 1, len(args))
    if workers <= 1 or multiprocessing.current_process().daemon:
        yield from _in_process(args, tasks)
    elif args[0][0] == "reference":
        method = _start_method()
        yield from (_processes(args, tasks, method) if method else _in_process(args, tasks))
    elif NUMBA_ACTIVE:
        with ThreadPoolExecutor(max_workers=workers) as ex:
            yield from _in_order(ex, args, tasks, 2 * workers)
    else:  # the plain-Python fallback holds the GIL: threads would not help
        yield from _in_process(args, tasks)


def _start_method() -> str | None:
    """How ``backend=None`` starts the reference tier's processes: from an interactive
    session (a Jupyter kernel, the REPL: ``__main__`` has no file) by a fork server (or
    spawned), since forking a process with threads running (a kernel has several) can
    deadlock; from a script by forking, since a fork server or spawn would run the script
    again in every worker unless it is guarded by ``if __name__ == "__main__":``. ``None``
    where neither is safe (a script on a platform without fork): one process."""
    import multiprocessing
    import sys
    methods = multiprocessing.get_all_start_methods()
    if getattr(sys.modules.get("__main__"), "__file__", None) is None:
        return "forkserver" if "forkserver" in methods else "spawn"
    return "fork" if "fork" in methods else None


def _processes(args, tasks, method: str | None = None):
    """A local process pool of ``os.cpu_count()`` processes (at most one per chunk);
    ``method``: the start method (``None``: the platform's default). Interrupted (Ctrl-C,
    a stop), the chunks not started are cancelled and the run returns at once; the
    workers finish their chunk in the background and exit."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    workers = min(os.cpu_count() or 1, len(args))
    context = multiprocessing.get_context(method) if method is not None else None
    if method == "forkserver" and context is not None:
        # the server imports the kit once; its workers fork from it
        cast(Any, context).set_forkserver_preload([__name__])
    ex = ProcessPoolExecutor(max_workers=workers, mp_context=context)
    finished = False
    try:
        yield from _in_order(ex, args, tasks, 2 * workers)
        finished = True
    finally:
        # a finished run waits for its idle workers to exit (a moment): a pool left to
        # shut down in the background could race the interpreter's own exit ("OSError:
        # [Errno 9] Bad file descriptor" from concurrent.futures' exit hook)
        ex.shutdown(wait=finished, cancel_futures=not finished)


def _runner(backend) -> Callable:
    if backend is None:
        return _local
    if isinstance(backend, str) and backend == "processes":
        return _processes
    if _is_client(backend):
        def dask(args, tasks):
            futures = [backend.submit(run_chunk, *a, pure=False) for a in args]
            try:
                for t, f in zip(tasks, futures):
                    yield t, f.result()
            finally:
                backend.cancel(futures)
        return dask
    raise PrepError(f"backend must be None, 'processes', 'dask', a scheduler address or a "
                    f"dask.distributed Client, not {backend!r:.60}")

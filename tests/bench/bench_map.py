"""`make bench`: the battle map engine and widget geometry, against plain baselines.

On a seeded 100x100 hex map with scattered walls, obstacles and difficult terrain and 40
creatures (20 a side), prints in one run:

* ``HexMap.reachable`` for speed-30 creatures (Dijkstra over movement cost, twice: all
  paths and AOO-free paths, with allies/enemies/footprints) against a plain breadth-first
  search of 6 steps over non-wall hexes;
* ``HexMap.cover`` for every attacker-target pair (1,560) against the same test done
  naively: every sample line walked in small steps, each point's hex looked up;
* the BattleMap's terrain geometry (``terrain_geojson``, colours in ``properties.style``)
  against ipyleaflet's ``style_callback`` path on the same features, at 40x40 and 100x100.

Ratios are baseline time / lfgcombat time (> 1: lfgcombat is faster). Nothing here asserts
a time: speed is reported, not tested.
"""

from __future__ import annotations

import random
import sys
import time
from collections import deque

from lfgcombat.battlemap.grid import pixel_to_hex
from lfgcombat.battlemap import Figure, HexMap, Terrain

SEED = 20261129


from _timing import best_of as _best_of


def best_of(fn, repeats: int = 3) -> float:
    return _best_of(fn, repeats)


def build(width: int = 100, height: int = 100, creatures: int = 40) -> HexMap:
    rng = random.Random(SEED)
    m = HexMap(width, height)
    for row in range(height):
        for col in range(width):
            x = rng.random()
            if x < 0.08:
                m._terrain[m.cell(col, row)] = Terrain.WALL
            elif x < 0.10:
                m._terrain[m.cell(col, row)] = Terrain.OBSTACLE
            elif x < 0.20:
                m._terrain[m.cell(col, row)] = Terrain.DIFFICULT
    m._changed()
    # creatures in the middle third so that they see (and cover) each other
    placed = 0
    while placed < creatures:
        col, row = rng.randrange(30, 70), rng.randrange(30, 70)
        size = "large" if placed % 10 == 9 else "medium"
        try:
            m.place(Figure(f"c{placed}", size=size), (col, row), "party" if placed % 2 else "foes")
        except Exception:
            continue
        placed += 1
    return m


def bfs_baseline(m: HexMap, start, steps: int = 6) -> int:
    walls = {c for c, t in m.terrain_cells().items() if t is Terrain.WALL}
    cells = m.cells
    seen = {start}
    q = deque([(start, 0)])
    while q:
        c, d = q.popleft()
        if d == steps:
            continue
        for n in c.neighbors():
            if n in cells and n not in walls and n not in seen:
                seen.add(n)
                q.append((n, d + 1))
    return len(seen)


def naive_cover_level(m: HexMap, a: str, t: str) -> int:
    """The same test, naively: walk every sample line in 0.05-hex steps; 0 none, 1 some
    blocked, 2 half blocked, 3 all blocked by walls (no exceptions, first hex only)."""
    blockers = {c: k for c, k in m.terrain_cells().items() if k in (Terrain.WALL, Terrain.OBSTACLE)}
    occupied = {c for n in m.names if n not in (a, t) for c in m.footprint(n)}
    origin = sorted(m.footprint(a))[0]
    ox, oy = m.geometry.to_pixel(origin)
    own = m.footprint(a) | m.footprint(t)
    samples = [s for c in sorted(m.footprint(t)) for s in m._samples(c)]
    hidden = walls = 0
    for sx, sy in samples:
        n = max(2, int(((sx - ox) ** 2 + (sy - oy) ** 2) ** 0.5 / 0.05))
        blocked = wall = False
        for i in range(1, n):
            h = pixel_to_hex((ox + (sx - ox) * i / n, oy + (sy - oy) * i / n))
            if h in own:
                continue
            k = blockers.get(h)
            if k is not None:
                blocked = True
                wall = wall or k is Terrain.WALL
            elif h in occupied:
                blocked = True
        hidden += blocked
        walls += wall
    if walls == len(samples):
        return 3
    return 2 if hidden * 2 >= len(samples) else (1 if hidden else 0)


def report(title: str, rows: list[tuple[str, float, float]], baseline: str) -> None:
    print(f"\n{title}")
    print(f"  {'case':<40} {'lfgcombat':>11} {baseline:>13} {'ratio':>8}")
    for label, ours, theirs in rows:
        print(f"  {label:<40} {ours * 1e3:>9.2f}ms {theirs * 1e3:>11.2f}ms {theirs / ours:>7.2f}x")


def main() -> int:
    t0 = time.perf_counter()
    m = build()
    print(f"map 100x100 hex, {len(m.terrain_cells())} terrain cells, {len(m.names)} creatures "
          f"(built in {time.perf_counter() - t0:.2f}s); ratio = baseline time / lfgcombat time")

    # --- reachable ------------------------------------------------------------------------
    rows = []
    for name in m.names[:5]:
        start = m.token(name).anchor

        def ours(name=name):
            m._cache.clear()
            return m.reachable(name)

        rows.append((f"reachable({name}, 30 ft): {len(ours())} cells", best_of(ours),
                     best_of(lambda: bfs_baseline(m, start))))
    report("reachable (two Dijkstra runs, footprints, allies/enemies) vs plain 6-step BFS",
           rows, "plain BFS")

    # --- cover ----------------------------------------------------------------------------
    names = m.names
    pairs = [(a, b) for a in names for b in names if a != b]

    def all_cover():
        m._cache.clear()
        return [m.cover(a, b) for a, b in pairs]

    ours_t = best_of(all_cover, 1)
    levels = all_cover()
    sub = pairs[::8]
    start = time.perf_counter()
    naive = [naive_cover_level(m, a, b) for a, b in sub]
    naive_t = (time.perf_counter() - start) * len(pairs) / len(sub)
    counts = {}
    for c in levels:
        counts[str(c.level)] = counts.get(str(c.level), 0) + 1
    report(f"cover for all {len(pairs)} attacker-target pairs vs the naive line walk "
           f"(naive timed on {len(sub)} pairs, scaled)", [("all pairs", ours_t, naive_t)], "naive walk")
    print(f"  levels: {dict(sorted(counts.items()))}; naive: "
          f"{sum(1 for x in naive if x == 3)} total of {len(naive)} sampled")

    # --- widget geometry --------------------------------------------------------------------
    from ipyleaflet import GeoJSON

    from lfgcombat.widgets.battlemap import TERRAIN_COLORS, BattleMap, terrain_geojson

    rows = []
    for size in (40, 100):
        mm = build(size, size, creatures=40 if size == 100 else 12)
        data = terrain_geojson(mm)

        def ours(mm=mm):
            GeoJSON(data=terrain_geojson(mm))

        def via_callback(mm=mm, data=data):
            plain = {"type": "FeatureCollection", "features": [
                {"type": "Feature", "properties": {k: v for k, v in f["properties"].items() if k != "style"},
                 "geometry": f["geometry"]} for f in data["features"]]}
            GeoJSON(data=plain, style_callback=lambda f: {
                "fillColor": TERRAIN_COLORS[Terrain(f["properties"]["terrain"])], "weight": 1})

        rows.append((f"terrain layer {size}x{size} ({size * size} hexes)", best_of(ours), best_of(via_callback)))
    report("terrain GeoJSON layer: properties.style vs ipyleaflet style_callback", rows, "callback")
    mm = build(40, 40, creatures=12)
    t = best_of(lambda: BattleMap(mm), 3)
    bm = BattleMap(mm)
    name = mm.names[0]
    t_sel = best_of(lambda: (mm._cache.clear(), bm.select(name)), 5)
    print(f"\nBattleMap 40x40: construction {t * 1e3:.1f}ms, select a token (reachable, threats, "
          f"flanking, redraw of small layers) {t_sel * 1e3:.1f}ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())

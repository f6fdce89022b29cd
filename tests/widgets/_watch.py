"""Watching every trait of a widget tree: which traits a redraw changes (issue 26, item 5,
"the widget redraws only what changed")."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import ipywidgets as W


def widgets_in(root: Any) -> Iterator[W.Widget]:
    """Every widget reachable from ``root``: children, layouts, styles, map layers, the
    icons of markers; each once."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        w = stack.pop()
        if not isinstance(w, W.Widget) or id(w) in seen:
            continue
        seen.add(id(w))
        yield w
        for name in w.trait_names():
            value = getattr(w, name, None)
            if isinstance(value, W.Widget):
                stack.append(value)
            elif isinstance(value, (list, tuple)):
                stack.extend(v for v in value if isinstance(v, W.Widget))


class Changes:
    """Counts the trait changes of every widget under ``root`` (and widgets opened)."""

    def __init__(self, root: Any) -> None:
        self.root = root
        self.counts: Counter[tuple[str, str]] = Counter()
        self.opened = 0
        self._watched: list[W.Widget] = []

    def _seen(self, change: dict) -> None:
        owner = change["owner"]
        classes = "/".join(getattr(owner, "_dom_classes", ()) or ()) or type(owner).__name__
        self.counts[(classes, change["name"])] += 1

    def __enter__(self) -> Changes:
        self._watched = list(widgets_in(self.root))
        for w in self._watched:
            w.observe(self._seen)
        real_open = self._real_open = W.Widget.open

        def counted_open(widget: W.Widget) -> None:
            self.opened += 1
            real_open(widget)

        W.Widget.open = counted_open  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: Any) -> None:
        for w in self._watched:
            w.unobserve(self._seen)
        W.Widget.open = self._real_open  # type: ignore[method-assign]

    @property
    def total(self) -> int:
        return sum(self.counts.values())

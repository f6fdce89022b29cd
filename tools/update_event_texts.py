"""Rewrite the texts of tests/golden/event-texts.json after a deliberate rewording.

``tests/test_log.py`` checks that every recorded event there still ``describe()``s as its
``text``. When an event's words are changed on purpose (issue 23, item 10), run this to
write the new texts; the events themselves are never changed. It prints each text it
changes, so the commit can say which.

    .venv/bin/python tools/update_event_texts.py [--check]

``--check`` only lists the differences and exits 1 if there are any.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from lfgcombat.engine.log import Event

PATH = Path(__file__).resolve().parent.parent / "tests" / "golden" / "event-texts.json"


def main(argv: list[str]) -> int:
    """Rewrite (or with ``--check`` list) the texts that differ from ``describe()``."""
    cases = json.loads(PATH.read_text(encoding="utf-8"))
    changed = 0
    for case in cases:
        text = Event.from_json(case["event"]).describe()
        if text != case["text"]:
            changed += 1
            print(f"{case['event']['kind']}: {case['text']!r}\n  -> {text!r}")
            case["text"] = text
    if "--check" in argv:
        return 1 if changed else 0
    if changed:
        PATH.write_text(json.dumps(cases, indent=0, ensure_ascii=False), encoding="utf-8")
    print(f"{changed} text(s) rewritten in {PATH.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

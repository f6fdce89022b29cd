#!/usr/bin/env python3
"""Make the README's picture of both views: the GM's tracker and the players' screen.

It serves a throwaway JupyterLab (the browser tests' harness, ``tests/browser/conftest.py``)
with one notebook - the page of ``tests/browser/test_players_view.py``: Hero and Ally against
three orcs, Murk unaware and Grisk Invisible - runs it in Debian's Chromium (Playwright with
``executable_path``, never a browser download), lets the GM play a step (Hero strikes
Zorbag: "bloodied" on the players' screen) and saves the output holding both views, side by
side, as a PNG (reduced to a palette so it stays small).

Usage:
    .venv/bin/python tools/screenshot_views.py                 # notebooks/images/views.png
    .venv/bin/python tools/screenshot_views.py --out /tmp/views.png
    .venv/bin/python tools/screenshot_views.py --ruleset classic   # views-classic.png (notebook 30)
    .venv/bin/python tools/screenshot_views.py --ruleset wounds    # views-wounds.png (notebook 31)

Under ``--ruleset`` the same fighters carry the fields classic and wounds read (a Base
Attack Bonus, Prowess, good saves) and the encounter plays that ruleset; Grisk, Invisible
under lfg, is kept from the players by the GM instead (classic has no Invisible condition),
and the creature whose turn it is (the ruleset's order) steps up and strikes Zorbag.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, Lab, LabServer  # noqa: E402
from tests.browser.test_players_view import SETUP  # noqa: E402

#: The GM's steps before the picture: Hero walks up to Zorbag and strikes it (a hit: the
#: tracker says how, the players' screen shows Zorbag "bloodied", not its HP).
STEP = 'enc.move("Hero", (3, 2))\nenc.attack("Hero", "Zorbag")\n'
OUT = REPO / "notebooks" / "images" / "views.png"


def setup_for(ruleset: str) -> str:
    """The page's setup under ``ruleset`` (``"lfg"``: the browser test's own)."""
    if ruleset == "lfg":
        return SETUP
    fields = '"weapons": [SWORD], "bab": 5, "prowess": 2, "good_saves": ["fort", "will"]})'
    return (SETUP.replace('"weapons": [SWORD]})', fields)
            .replace("Encounter(cs, map=m, seed=3)",
                     f"Encounter(cs, map=m, seed=3, ruleset={ruleset!r})")
            # classic has no Invisible condition: the GM keeps Grisk from the players
            .replace('enc.add_condition("Grisk", "invisible")\n', "")
            .replace('PlayersScreen(enc, "party")',
                     'PlayersScreen(enc, "party", hidden=["Grisk"])'))


def shoot(out: Path, width: int = 1400, height: int = 3200, ruleset: str = "lfg") -> Path:
    """Run the page in JupyterLab + Chromium and save both views' output as ``out`` (the
    viewport is tall enough for the whole output: JupyterLab clips what it scrolls)."""
    with tempfile.TemporaryDirectory(prefix="lfg-views-") as tmp:
        server = LabServer(base=Path(tmp))
        try:
            server.start()
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=CHROMIUM_ARGS)
                try:
                    page = browser.new_page(viewport={"width": width, "height": height})
                    lab = Lab(page, server, Path(tmp) / "output")
                    step = STEP if ruleset == "lfg" else STEP.replace('"Hero"', "enc.current")
                    server.write_notebook("views.ipynb", [setup_for(ruleset), step])
                    nb = lab.run_notebook("views.ipynb")
                    both = nb.outputs(0).last
                    both.locator(".lfg-players").wait_for(state="visible")
                    page.wait_for_function(
                        "() => { const e = document.querySelector('.lfg-players-card"
                        "[data-name=\"Zorbag\"]'); return e && e.dataset.health !== "
                        "'unhurt'; }", timeout=20_000)
                    page.wait_for_timeout(500)
                    raw = Path(tmp) / "raw.png"
                    both.screenshot(path=str(raw))
                    _save_small(raw, out)
                finally:
                    browser.close()
        finally:
            server.stop()
    return out


def _save_small(raw: Path, out: Path) -> None:
    """Save ``raw`` as a 256-colour PNG (screenshots of widgets need no more)."""
    from PIL import Image

    out.parent.mkdir(parents=True, exist_ok=True)
    with Image.open(raw) as im:
        im.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(
            out, optimize=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=None, help=f"the PNG (default {OUT})")
    parser.add_argument("--ruleset", default="lfg", choices=["lfg", "classic", "wounds"],
                        help="the ruleset the fight plays (default lfg)")
    args = parser.parse_args(argv)
    out = args.out or (OUT if args.ruleset == "lfg"
                       else OUT.with_name(f"views-{args.ruleset}.png"))
    path = shoot(out, ruleset=args.ruleset)
    print(f"{path}: {path.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

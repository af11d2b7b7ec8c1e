"""Renders the example pictures of docs/pictures.md from the golden logs (tests/golden/logs):
`docs/images/board-<game>.svg` and, with headless Chromium (as tests/browser drives it), a PNG
of each at phone width. Run: `.venv/bin/python scripts/render_examples.py`."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
LOGS = REPO / "tests" / "golden" / "logs"
OUT = REPO / "docs" / "images"
EXAMPLES = (  # game, version, seat (None: spectator)
    ("trambahn", 150, 1),
    ("tinners-trail", 126, None),
    ("trekking", 150, 0),
    ("tf22-mine", 400, None),
)


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for game, version, seat in EXAMPLES:
        log = LOGS / f"{game}__p2__golden-log-1.ndjson"
        args = [sys.executable, "-m", "boardstate.service.cli.main", "render", str(log)]
        args += ["--to", str(version)] + ([] if seat is None else ["--seat", str(seat)])
        svg = subprocess.run(args, capture_output=True, text=True, check=True).stdout
        (OUT / f"board-{game}.svg").write_text(svg, encoding="utf-8")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        print("no chromium: wrote the SVGs only", file=sys.stderr)
        return 0
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium, args=["--no-sandbox", "--disable-gpu"]
        )
        page = browser.new_page(viewport={"width": 520, "height": 400}, device_scale_factor=1.5)
        for game, _, _ in EXAMPLES:
            svg = (OUT / f"board-{game}.svg").read_text(encoding="utf-8")
            page.set_content(f"<body style='margin:0'>{svg}</body>")
            page.screenshot(path=str(OUT / f"board-{game}.png"), full_page=True)
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

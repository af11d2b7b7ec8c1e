"""Per-game hooks for the conformance suite, one module per game (`tests/engine/<game>/hooks.py`).

Every game in the registry must have an entry in `HOOKS` (a test checks it).
"""

from __future__ import annotations

from tests.engine.hooks import Hooks
from tests.engine.mine.hooks import HOOKS as TF22_MINE
from tests.engine.tinners_trail.hooks import HOOKS as TINNERS_TRAIL
from tests.engine.trambahn.hooks import HOOKS as TRAMBAHN
from tests.engine.trekking.hooks import HOOKS as TREKKING

HOOKS: dict[str, Hooks] = {
    "trambahn": TRAMBAHN,
    "tinners-trail": TINNERS_TRAIL,
    "trekking": TREKKING,
    "tf22-mine": TF22_MINE,
}

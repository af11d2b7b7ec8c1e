"""Board pictures: pure functions from a view (as the API serves it) to an SVG document.

`render(scene)` draws `scene.view` (a seat's or the spectator's view at one version) with the
last move's redacted events highlighted; nothing else goes in, so a picture can never show
what its viewer may not see. Standard library only; one module per game (docs/pictures.md).
"""

from __future__ import annotations

from collections.abc import Callable

from boardstate.service.pictures import tf22_mine, tinners_trail, trambahn, trekking
from boardstate.service.pictures.scene import Scene, last_move

RENDERERS: dict[str, Callable[[Scene], str]] = {
    "tf22-mine": tf22_mine.render,
    "tinners-trail": tinners_trail.render,
    "trambahn": trambahn.render,
    "trekking": trekking.render,
}

__all__ = ["RENDERERS", "Scene", "last_move", "render"]


def render(scene: Scene) -> str:
    """Returns the SVG document of `scene` (a `KeyError` for a game without a picture)."""
    return RENDERERS[scene.game_type](scene)

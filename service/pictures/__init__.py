"""Board pictures: pure functions from a view (as the API serves it) to an SVG document.

`render(scene)` draws `scene.view` (a seat's or the spectator's view at one version) with the
last move's redacted events highlighted; nothing else goes in, so a picture can never show
what its viewer may not see. Standard library only; one module per game (docs/pictures.md).

A game's picture registers like the game (issue 40): an entry point in the group
`boardstate.pictures` named by the game type id, naming a `render(scene) -> str`. A game with
none gets `generic.render`, a readable drawing of its public view. Two pictures claiming one
game type, or an entry point that does not load as a callable, stop the process with a
`PictureRegistrationError` naming the package.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import metadata

from boardstate.engine.registration import GameRegistrationError
from boardstate.service.pictures import generic
from boardstate.service.pictures.scene import Scene, last_move

GROUP = "boardstate.pictures"
Renderer = Callable[[Scene], str]


class PictureRegistrationError(GameRegistrationError):
    """An installed picture cannot be served (its message names the package)."""


def _package(entry: metadata.EntryPoint) -> str:
    dist = entry.dist
    where = f"{dist.name} {dist.version}" if dist is not None else "(unknown package)"
    return f"{where} ({entry.value})"


def discover() -> dict[str, Renderer]:
    """Loads every installed picture; raises `PictureRegistrationError`."""
    found: dict[str, Renderer] = {}
    owners: dict[str, str] = {}
    for entry in sorted(metadata.entry_points(group=GROUP), key=lambda e: (e.name, e.value)):
        owner = _package(entry)
        if entry.name in owners:
            raise PictureRegistrationError(
                f"the picture of {entry.name!r} is claimed twice: by {owners[entry.name]} and "
                f"by {owner}; uninstall one of the packages"
            )
        try:
            loaded = entry.load()
        except Exception as exc:
            raise PictureRegistrationError(
                f"picture package {owner}: failed to load: {type(exc).__name__}: {exc}"
            ) from exc
        if not callable(loaded):
            raise PictureRegistrationError(f"picture package {owner}: not a callable")
        found[entry.name], owners[entry.name] = loaded, owner
    return found


RENDERERS: dict[str, Renderer] = discover()

__all__ = ["RENDERERS", "Scene", "last_move", "render"]


def render(scene: Scene) -> str:
    """Returns the SVG document of `scene`: the game's own picture, else the generic one."""
    return RENDERERS.get(scene.game_type, generic.render)(scene)

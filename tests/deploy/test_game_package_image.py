"""docs/deploy.md's recipe for an image with another game package is hadolint-clean (there is no
Docker engine in CI; the install it runs is the one tests/packaging proves)."""

from __future__ import annotations

from pathlib import Path

from tests.deploy.test_dockerfile import hadolint
from tests.doc_blocks import blocks


def test_the_game_package_recipe_is_hadolint_clean(tmp_path: Path) -> None:
    ((_, recipe),) = blocks("deploy.md", "dockerfile")
    assert "/opt/boardstate/bin/pip install" in recipe
    assert hadolint(recipe, tmp_path) == []

"""The test renderer of kustomizations does what kustomize does for the features it supports,
and refuses everything else."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.deploy.kustomize import (
    KustomizeError,
    add_labels,
    apply_patch,
    render,
    set_image,
    split_image,
    strategic_merge,
)


def deployment(image: str = "app:1.0") -> dict[str, Any]:
    return {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "metadata": {"name": "web", "labels": {"app": "web"}},
        "spec": {
            "replicas": 2,
            "selector": {"matchLabels": {"app": "web"}},
            "template": {
                "metadata": {"labels": {"app": "web"}},
                "spec": {
                    "containers": [
                        {
                            "name": "web",
                            "image": image,
                            "args": ["serve", "--port", "80"],
                            "resources": {"requests": {"cpu": "100m", "memory": "64Mi"}},
                            "env": [{"name": "A", "value": "1"}, {"name": "B", "value": "2"}],
                        },
                        {"name": "sidecar", "image": "side:2.0"},
                    ]
                },
            },
        },
    }


def write(directory: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = directory / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return directory


# --- strategic merge -------------------------------------------------------------------------


def test_maps_merge_key_by_key_and_scalars_are_replaced() -> None:
    merged = strategic_merge({"a": 1, "b": {"c": 2, "d": 3}}, {"b": {"c": 20}, "e": 5})
    assert merged == {"a": 1, "b": {"c": 20, "d": 3}, "e": 5}


def test_null_in_a_patch_deletes_the_key() -> None:
    assert strategic_merge({"a": 1, "b": 2}, {"b": None, "c": {"x": None, "y": 1}}) == {
        "a": 1,
        "c": {"y": 1},
    }


def test_containers_merge_by_name_and_keep_unpatched_fields() -> None:
    patch = {
        "kind": "Deployment",
        "metadata": {"name": "web"},
        "spec": {
            "replicas": 5,
            "template": {
                "spec": {
                    "containers": [
                        {"name": "web", "resources": {"requests": {"cpu": "500m"}}},
                        {"name": "extra", "image": "extra:1"},
                    ]
                }
            },
        },
    }
    resources = [deployment()]
    apply_patch(resources, patch)
    spec = resources[0]["spec"]
    web, sidecar, extra = spec["template"]["spec"]["containers"]
    assert spec["replicas"] == 5
    assert web["resources"]["requests"] == {"cpu": "500m", "memory": "64Mi"}
    assert web["image"] == "app:1.0"
    assert web["args"] == ["serve", "--port", "80"]
    assert sidecar == {"name": "sidecar", "image": "side:2.0"}
    assert extra == {"name": "extra", "image": "extra:1"}


def test_env_merges_by_name_and_lists_of_scalars_are_replaced() -> None:
    original = deployment()["spec"]["template"]["spec"]["containers"][0]
    patch = {"env": [{"name": "B", "value": "20"}, {"name": "C", "value": "3"}], "args": ["x"]}
    merged = strategic_merge(original, patch)
    assert merged["env"] == [
        {"name": "A", "value": "1"},
        {"name": "B", "value": "20"},
        {"name": "C", "value": "3"},
    ]
    assert merged["args"] == ["x"]


def test_the_original_is_not_modified() -> None:
    original = deployment()
    strategic_merge(original, {"spec": {"replicas": 9}})
    assert original == deployment()


@pytest.mark.parametrize(
    ("original", "patch"),
    [
        ({"ports": [{"containerPort": 80}]}, {"ports": [{"containerPort": 81}]}),
        ({"a": 1}, {"$patch": "replace"}),
        ({"containers": [{"name": "a"}]}, {"containers": [{"image": "no-name"}]}),
    ],
    ids=["list-without-known-merge-key", "directive", "item-without-merge-key"],
)
def test_unsupported_merges_raise(original: dict[str, Any], patch: dict[str, Any]) -> None:
    with pytest.raises(KustomizeError):
        strategic_merge(original, patch)


def test_a_patch_must_match_exactly_one_resource() -> None:
    with pytest.raises(KustomizeError, match="matches 0 resources"):
        apply_patch([deployment()], {"kind": "Deployment", "metadata": {"name": "other"}})
    with pytest.raises(KustomizeError, match="matches 0 resources"):
        apply_patch([deployment()], {"kind": "Service", "metadata": {"name": "web"}})


# --- images and labels -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("image", "parts"),
    [
        ("app", ("app", None, None)),
        ("app:1.0", ("app", "1.0", None)),
        ("registry:5000/team/app", ("registry:5000/team/app", None, None)),
        ("registry:5000/team/app:2", ("registry:5000/team/app", "2", None)),
        ("app:1@sha256:abc", ("app", "1", "sha256:abc")),
        ("app@sha256:abc", ("app", None, "sha256:abc")),
    ],
)
def test_image_references_split_into_name_tag_and_digest(
    image: str, parts: tuple[str, str | None, str | None]
) -> None:
    assert split_image(image) == parts


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        ({"name": "app", "newTag": "2.0"}, "app:2.0"),
        ({"name": "app", "newName": "reg.example/app"}, "reg.example/app:1.0"),
        ({"name": "app", "newName": "r/app", "newTag": "3"}, "r/app:3"),
        ({"name": "app", "digest": "sha256:abc"}, "app@sha256:abc"),
        ({"name": "other", "newTag": "9"}, "app:1.0"),
    ],
)
def test_images_entries_rewrite_matching_containers_only(
    entry: dict[str, str], expected: str
) -> None:
    resources = [deployment("app:1.0")]
    set_image(resources, entry)
    web, sidecar = resources[0]["spec"]["template"]["spec"]["containers"]
    assert web["image"] == expected
    assert sidecar["image"] == "side:2.0"


def test_labels_reach_metadata_and_templates_but_not_selectors() -> None:
    resources = [deployment()]
    add_labels(resources, {"pairs": {"tier": "api"}, "includeTemplates": True})
    spec = resources[0]["spec"]
    assert resources[0]["metadata"]["labels"] == {"app": "web", "tier": "api"}
    assert spec["template"]["metadata"]["labels"] == {"app": "web", "tier": "api"}
    assert spec["selector"] == {"matchLabels": {"app": "web"}}


def test_labels_stay_out_of_templates_unless_asked() -> None:
    resources = [deployment()]
    add_labels(resources, {"pairs": {"tier": "api"}})
    assert resources[0]["spec"]["template"]["metadata"]["labels"] == {"app": "web"}


def test_labels_with_include_selectors_are_refused() -> None:
    with pytest.raises(KustomizeError, match="includeSelectors"):
        add_labels([deployment()], {"pairs": {"a": "b"}, "includeSelectors": True})


# --- whole kustomizations --------------------------------------------------------------------


DEPLOYMENT_YAML = """\
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 1
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
        - name: web
          image: app
"""


def test_an_overlay_renders_its_base_then_patches_and_retags(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "base/kustomization.yaml": (
                "resources: [deployment.yaml, cm.yaml]\nnamespace: prod\n"
                "images: [{name: app, newTag: '1.0'}]\n"
            ),
            "base/deployment.yaml": DEPLOYMENT_YAML,
            "base/cm.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {A: '1'}\n",
            "overlay/kustomization.yaml": (
                "resources: [../base]\npatches: [{path: p.yaml}]\n"
                "images: [{name: app, newName: reg/app, newTag: '2.0'}]\n"
            ),
            "overlay/p.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {B: '2'}\n",
        },
    )
    deployment_out, config = render(tmp_path / "overlay")
    assert deployment_out["metadata"]["namespace"] == "prod"
    assert deployment_out["spec"]["template"]["spec"]["containers"][0]["image"] == "reg/app:2.0"
    assert config["data"] == {"A": "1", "B": "2"}


@pytest.mark.parametrize(
    "kustomization",
    [
        "resources: [deployment.yaml]\ncommonLabels: {a: b}\n",
        "resources: [deployment.yaml]\nconfigMapGenerator: [{name: x}]\n",
        "resources: [deployment.yaml]\npatches: [{path: p.yaml, target: {kind: Deployment}}]\n",
        "resources: [missing.yaml]\n",
        "resources: [deployment.yaml, deployment.yaml]\n",
    ],
    ids=["commonLabels", "generator", "patch-target", "missing-file", "duplicate"],
)
def test_anything_unsupported_or_broken_raises(tmp_path: Path, kustomization: str) -> None:
    write(tmp_path, {"kustomization.yaml": kustomization, "deployment.yaml": DEPLOYMENT_YAML})
    with pytest.raises(KustomizeError):
        render(tmp_path)

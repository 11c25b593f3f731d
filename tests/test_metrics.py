"""The supervisor's Prometheus endpoint, scraped over real HTTP and read back with Prometheus' own text parser."""

from __future__ import annotations

import socket

import httpx
import pytest
from prometheus_client import REGISTRY
from prometheus_client.parser import text_string_to_metric_families

from safelaunch.errors import ConfigError
from safelaunch.service.metrics import STATES, SupervisorMetrics, flag_labels


def _scrape(port: int) -> dict[str, list]:
    resp = httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=5)
    assert resp.status_code == 200
    assert resp.headers["content-type"].startswith("text/plain")
    return {f.name: f.samples for f in text_string_to_metric_families(resp.text)}


def _value(samples: list, name: str, **labels: str) -> float:
    hits = [s.value for s in samples if s.name == name and all(s.labels.get(k) == v for k, v in labels.items())]
    assert len(hits) == 1, (name, labels, samples)
    return hits[0]


@pytest.fixture
def metrics():
    m = SupervisorMetrics(model="Qwen/Qwen3-8B", instance="qwen3")
    yield m
    m.stop()


def test_a_start_that_recovers_is_visible_in_a_scrape(metrics: SupervisorMetrics) -> None:
    port = metrics.start(0)
    first = {"tp": 8, "mem-fraction-static": 0.86, "api-key": "sk-do-not-leak", "disable-cuda-graph": False}
    metrics.attempt_started(1, first)
    got = _scrape(port)
    assert _value(got["safelaunch_state"], "safelaunch_state", safelaunch_state="starting") == 1
    flags = got["safelaunch_flags_info"][0].labels
    assert flags == {"tp": "8", "mem_fraction_static": "0.86", "api_key": "***", "disable_cuda_graph": "false"}

    metrics.failed("oom_cuda_graph")
    metrics.state("backoff")
    metrics.attempt_started(2, {"tp": 8, "mem-fraction-static": 0.8})
    metrics.healthy(123.5, {"tp": 8, "mem-fraction-static": 0.8})
    metrics.restarted()
    got = _scrape(port)

    assert _value(got["safelaunch_state"], "safelaunch_state", safelaunch_state="healthy") == 1
    assert sum(s.value for s in got["safelaunch_state"]) == 1
    assert _value(got["safelaunch_attempt"], "safelaunch_attempt") == 2
    assert _value(got["safelaunch_attempts"], "safelaunch_attempts_total") == 2
    assert _value(got["safelaunch_failures"], "safelaunch_failures_total", label="oom_cuda_graph") == 1
    assert got["safelaunch_last_failure_info"][0].labels == {"label": "oom_cuda_graph"}
    assert _value(got["safelaunch_restarts"], "safelaunch_restarts_total") == 1
    assert _value(got["safelaunch_time_to_healthy_seconds"], "safelaunch_time_to_healthy_seconds") == 123.5
    assert _value(got["safelaunch_healthy_since_timestamp_seconds"], "safelaunch_healthy_since_timestamp_seconds") > 0
    assert got["safelaunch_flags_info"][0].labels == {"tp": "8", "mem_fraction_static": "0.8"}
    assert got["safelaunch_info"][0].labels == {"version": "0.1.0", "model": "Qwen/Qwen3-8B", "instance": "qwen3"}

    metrics.state("stopping")
    got = _scrape(port)
    assert _value(got["safelaunch_state"], "safelaunch_state", safelaunch_state="stopping") == 1
    assert _value(got["safelaunch_healthy_since_timestamp_seconds"], "safelaunch_healthy_since_timestamp_seconds") == 0


def test_secrets_never_reach_the_wire(metrics: SupervisorMetrics) -> None:
    port = metrics.start(0)
    metrics.attempt_started(1, {"api-key": "sk-secret-value", "admin-api-key": "adm-secret", "tp": 1})
    text = httpx.get(f"http://127.0.0.1:{port}/metrics").text
    assert "sk-secret-value" not in text and "adm-secret" not in text
    assert 'api_key="***"' in text


def test_off_until_started_and_gone_after_stop() -> None:
    m = SupervisorMetrics()
    assert m._server is None
    port = m.start(0, host="127.0.0.1")
    assert m.start(0) == port  # idempotent
    assert httpx.get(f"http://127.0.0.1:{port}/metrics").status_code == 200
    m.stop()
    with pytest.raises(httpx.ConnectError):
        httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=2)


def test_loopback_by_default(metrics: SupervisorMetrics) -> None:
    port = metrics.start(0)
    addr = metrics._server.server_address[0]
    assert addr == "127.0.0.1"
    try:  # this host's outbound address, found without sending anything
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("203.0.113.1", 9))
            other = probe.getsockname()[0]
    except OSError:
        other = "127.0.0.1"
    if other.startswith("127."):
        pytest.skip("no non-loopback address to probe")
    with pytest.raises(httpx.ConnectError):
        httpx.get(f"http://{other}:{port}/metrics", timeout=2)


def test_a_busy_port_is_a_one_line_config_error(metrics: SupervisorMetrics) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        with pytest.raises(ConfigError, match=f"metrics port 127.0.0.1:{port}: Address already in use"):
            metrics.start(port)


def test_private_registry_leaves_the_global_one_alone() -> None:
    SupervisorMetrics()
    SupervisorMetrics()  # a second one in the same process: no "Duplicated timeseries" error
    assert REGISTRY.get_sample_value("safelaunch_attempts_total") is None


def test_unknown_state_is_a_bug_not_a_series(metrics: SupervisorMetrics) -> None:
    with pytest.raises(ValueError):
        metrics.state("dancing")
    assert "healthy" in STATES


def test_flag_labels_are_valid_prometheus_label_names() -> None:
    labels = flag_labels({"--cuda-graph-max-bs": 160, "enable-dp-attention": True, "2x": "y", "hf-token": "hf_abc"})
    assert labels == {"cuda_graph_max_bs": "160", "enable_dp_attention": "true", "flag_2x": "y", "hf_token": "***"}

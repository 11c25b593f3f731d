"""Real GPUs: NVML detection and the CUDA memory backend's real OOM and recovery (skipped without a GPU)."""

from __future__ import annotations

import json
import sys
import tempfile

import pytest

from safelaunch.core import hardware
from tests.conftest import run_cli


def _cuda_gpus() -> int:
    try:
        import torch
    except ImportError:
        return 0
    return torch.cuda.device_count() if torch.cuda.is_available() else 0


GPUS = _cuda_gpus()
pytestmark = [pytest.mark.gpu, pytest.mark.skipif(GPUS == 0, reason="needs an NVIDIA GPU and PyTorch with CUDA")]


def test_detect_reads_real_nvml() -> None:
    res = run_cli("detect", "--json")
    assert res.returncode == 0, res.stderr
    data = json.loads(res.stdout)
    assert data["source"] == "nvml" and len(data["gpus"]) >= GPUS
    g = data["gpus"][0]
    assert g["memory_total"] > g["memory_free"] > 0
    assert g["hw_key"] == hardware.hw_key_for(g["name"]) and g["kernel_device_name"] == g["name"].replace(" ", "_")
    one = json.loads(run_cli("detect", "--json", CUDA_VISIBLE_DEVICES="0").stdout)
    assert len(one["gpus"]) == 1


def test_too_high_fraction_ends_in_a_real_oom_and_serve_recovers() -> None:
    with tempfile.TemporaryDirectory() as home:
        res = run_cli(
            "--log-format",
            "json",
            "serve",
            "meta-llama/Llama-3.1-70B-Instruct",
            "--engine",
            "sim",
            "--tp",
            "1",
            "--mem-fraction-static",
            "0.99",
            "--exit-when-healthy",
            "--json",
            timeout=600,
            SAFELAUNCH_HOME=home,
            SAFELAUNCH_SIM_MEMORY="cuda",
            SAFELAUNCH_SIM_SPEED="50",
            CUDA_VISIBLE_DEVICES="0",
        )
    out = json.loads(res.stdout.strip().splitlines()[-1])
    assert out["healthy"], res.stderr[-4000:]
    first = out["failures"][0]
    assert first["label"] in ("oom_cuda_graph", "oom_moe_workspace", "oom_kv_cache"), first
    assert out["flags"]["mem-fraction-static"] < 0.99
    assert "CUDA out of memory" in res.stderr or first["numbers"].get("tried_bytes")


if __name__ == "__main__":  # pragma: no cover - `python tests/test_gpu.py` on a GPU host
    sys.exit(pytest.main([__file__, "-v", *sys.argv[1:]]))

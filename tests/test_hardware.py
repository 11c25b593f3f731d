"""GPU detection: the real H200 fixture through the live NVML code path, keys, profiles, the no-GPU error."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from safelaunch.core import hardware
from safelaunch.errors import ConfigError, NoGpuError
from safelaunch.host import nvml
from tests.conftest import FIXTURES, run_cli

INVENTORY = FIXTURES / "h200x2-nvml-inventory.json"


class FakeNvml:
    """pynvml at the boundary, answering from a recorded inventory (the shape nvidia-ml-py returns)."""

    class NVMLError(Exception):
        pass

    def __init__(self, inventory: dict, procs: dict[int, list[tuple[int, int]]] | None = None) -> None:
        self.inv = inventory["nvml"]
        self.procs = procs or {}
        self.shutdown_called = False

    def nvmlInit(self) -> None:
        pass

    def nvmlShutdown(self) -> None:
        self.shutdown_called = True

    def nvmlDeviceGetCount(self) -> int:
        return len(self.inv["devices"])

    def nvmlDeviceGetHandleByIndex(self, i: int) -> dict:
        return self.inv["devices"][i]

    def nvmlDeviceGetName(self, h: dict) -> bytes:
        return h["name"].encode()  # older nvidia-ml-py returns bytes

    def nvmlDeviceGetUUID(self, h: dict) -> str:
        return h["uuid"]

    def nvmlDeviceGetMemoryInfo(self, h: dict) -> SimpleNamespace:
        return SimpleNamespace(total=h["mem_total"], free=h["mem_free"], used=h["mem_used"])

    def nvmlDeviceGetCudaComputeCapability(self, h: dict) -> tuple[int, int]:
        return tuple(h["cc"])

    def nvmlDeviceGetPciInfo(self, h: dict) -> SimpleNamespace:
        return SimpleNamespace(busId=h["pci_bus_id"])

    def nvmlDeviceGetMigMode(self, h: dict) -> list[int]:
        return h["mig_mode"]

    def nvmlDeviceGetNvLinkState(self, h: dict, link: int) -> int:
        if link >= len(h["nvlink"]):
            raise self.NVMLError("Not Supported")
        return h["nvlink"][link]["state"]

    def nvmlDeviceGetComputeRunningProcesses(self, h: dict) -> list[SimpleNamespace]:
        return [SimpleNamespace(pid=p, usedGpuMemory=b) for p, b in self.procs.get(h["index"], [])]

    def nvmlDeviceGetGraphicsRunningProcesses(self, h: dict) -> list:
        return []

    def nvmlSystemGetDriverVersion(self) -> str:
        return self.inv["driver"]

    def nvmlSystemGetCudaDriverVersion(self) -> int:
        return self.inv["cuda_driver"]


def load_inventory() -> dict:
    return json.loads(INVENTORY.read_text())


def test_live_nvml_path_reads_the_real_h200_fixture(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SAFELAUNCH_HOST_PROFILE", raising=False)
    monkeypatch.delenv("CUDA_VISIBLE_DEVICES", raising=False)
    import os

    fake = FakeNvml(load_inventory(), procs={1: [(os.getpid(), 2 * 2**30)]})
    host = nvml.detect(nvml=fake)
    assert host.source == "nvml"
    assert host.gpu_count == 2
    assert fake.shutdown_called
    g0, g1 = host.gpus
    assert g0.name == "NVIDIA H200" and g0.hw_key == "h200" and g0.kernel_device_name == "NVIDIA_H200"
    assert g0.memory_total == 150754820096 and g0.memory_free == 150109880320 and g0.memory_used == 644939776
    assert g0.compute_capability == "9.0" and g0.pci_bus_id == "00000000:00:06.0"
    assert g0.nvlink_active == 18 and g0.mig_mode == "disabled"
    assert host.driver_version == "580.159.04" and host.cuda_driver_version == "13.0"
    # the process on GPU 1 is this test: psutil names it and its user
    (proc,) = g1.processes
    assert proc.pid == os.getpid() and proc.used_bytes == 2 * 2**30 and proc.name and proc.user


def test_live_path_and_recorded_profile_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CUDA_VISIBLE_DEVICES", raising=False)
    live = nvml.detect(nvml=FakeNvml(load_inventory()))
    recorded = hardware.profile_host(str(INVENTORY))
    assert [g.__dict__ for g in live.gpus] == [g.__dict__ for g in recorded.gpus]
    assert recorded.source == "profile"


def test_cuda_visible_devices_limits_what_sglang_would_see(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "1")
    host = nvml.detect(nvml=FakeNvml(load_inventory()))
    assert [g.index for g in host.gpus] == [1]
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "GPU-609700ca")
    assert [g.index for g in nvml.detect(nvml=FakeNvml(load_inventory())).gpus] == [0]
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "")
    with pytest.raises(NoGpuError):
        nvml.detect(nvml=FakeNvml(load_inventory()))


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("NVIDIA H200", "h200"),
        ("NVIDIA H200 NVL", "h200-nvl"),
        ("NVIDIA H100 80GB HBM3", "h100"),
        ("NVIDIA H100 PCIe", "h100-pcie"),
        ("NVIDIA H100 NVL", "h100-nvl"),
        ("NVIDIA H20", "h20"),
        ("NVIDIA B200", "b200"),
        ("NVIDIA B300 SXM6 AC", "b300"),
        ("NVIDIA GB200", "gb200"),
        ("NVIDIA A100-SXM4-40GB", "a100-40gb"),
        ("NVIDIA A100-PCIE-40GB", "a100-40gb"),
        ("NVIDIA A100-SXM4-80GB", "a100-80gb"),
        ("NVIDIA A100 80GB PCIe", "a100-80gb"),
        ("NVIDIA L40S", "l40s"),
        ("NVIDIA L4", "l4"),
        ("NVIDIA RTX PRO 6000 Blackwell Server Edition", "rtx-pro-6000"),
        ("NVIDIA GeForce RTX 4090", "geforce-rtx-4090"),
        ("NVIDIA H20-3e", "h20-3e"),
        ("Tesla T4", "tesla-t4"),
    ],
)
def test_name_to_key(name: str, key: str) -> None:
    assert hardware.hw_key_for(name) == key


def test_h200_and_h200_nvl_are_different_everywhere() -> None:
    assert hardware.hw_key_for("NVIDIA H200") != hardware.hw_key_for("NVIDIA H200 NVL")
    assert hardware.kernel_device_name("NVIDIA H200 NVL") == "NVIDIA_H200_NVL"


def test_count_profile_uses_nvml_figures() -> None:
    host = hardware.profile_host("8xh200")
    assert host.gpu_count == 8 and host.hw_key == "h200"
    assert {g.memory_total for g in host.gpus} == {150754820096}
    assert all(g.memory_free < g.memory_total for g in host.gpus)
    nvl = hardware.profile_host("2xh200-nvl")
    assert nvl.gpus[0].name == "NVIDIA H200 NVL" and nvl.gpus[0].kernel_device_name == "NVIDIA_H200_NVL"
    assert hardware.profile_host("h100").gpu_count == 1


@pytest.mark.parametrize("spec", ["8xfoo", "0xh200", "x", "100xh200", "/no/such/file.json"])
def test_bad_profiles_are_config_errors(spec: str) -> None:
    with pytest.raises(ConfigError):
        hardware.profile_host(spec)


def test_broken_inventory_file_is_a_config_error(tmp_path: Path) -> None:
    bad = tmp_path / "inv.json"
    bad.write_text('{"nvml": {"devices": [{"name": "NVIDIA H200"}]}}')
    with pytest.raises(ConfigError, match="memory"):
        hardware.profile_host(str(bad))
    bad.write_text("{not json")
    with pytest.raises(ConfigError, match="JSON"):
        hardware.profile_host(str(bad))


def test_cli_detect_fixture_json() -> None:
    res = run_cli("detect", "--host-profile", str(INVENTORY), "--json")
    assert res.returncode == 0, res.stderr
    data = json.loads(res.stdout)
    assert data["source"] == "profile"
    assert [g["name"] for g in data["gpus"]] == ["NVIDIA H200", "NVIDIA H200"]
    assert {g["hw_key"] for g in data["gpus"]} == {"h200"}
    assert {g["memory_total"] for g in data["gpus"]} == {150754820096}
    assert data["driver_version"] == "580.159.04"


def test_cli_detect_nvl_rename(tmp_path: Path) -> None:
    inv = load_inventory()
    for d in inv["nvml"]["devices"]:
        d["name"] = "NVIDIA H200 NVL"
    path = tmp_path / "nvl.json"
    path.write_text(json.dumps(inv))
    data = json.loads(run_cli("detect", "--host-profile", str(path), "--json").stdout)
    assert {g["hw_key"] for g in data["gpus"]} == {"h200-nvl"}
    assert {g["kernel_device_name"] for g in data["gpus"]} == {"NVIDIA_H200_NVL"}


def test_cli_detect_env_profile_and_table() -> None:
    res = run_cli("detect", SAFELAUNCH_HOST_PROFILE="4xb200")
    assert res.returncode == 0, res.stderr
    assert "NVIDIA B200" in res.stdout and "b200" in res.stdout


def test_cli_detect_without_gpu_is_one_line_exit_2() -> None:
    pytest.importorskip("pynvml")
    if nvml.gpu_memory_by_pid() or _nvml_works():
        pytest.skip("this machine has a GPU")
    res = run_cli("detect")
    assert res.returncode == 2
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1, res.stderr
    assert "--host-profile" in lines[0] and "Traceback" not in res.stderr


def _nvml_works() -> bool:
    try:
        nvml.read_nvml()
        return True
    except NoGpuError:
        return False


def test_profiles_match_what_real_h200_hosts_reported() -> None:
    """`safelaunch detect --json` on the device tool's real 1x and 2x H200 hosts: a profile must plan alike."""
    for n in (1, 2):
        real = json.loads((FIXTURES / f"h200x{n}-detect.json").read_text())
        assert real["source"] == "nvml" and len(real["gpus"]) == n
        profile = hardware.profile_host(f"{n}xh200").to_json()
        for got, want in zip(profile["gpus"], real["gpus"], strict=True):
            for key in ("name", "hw_key", "kernel_device_name", "memory_total", "compute_capability", "mig_mode"):
                assert got[key] == want[key], (key, got[key], want[key])
            assert got["memory_used"] == want["memory_used"]  # an idle H200's driver reserve
        if n == 2:
            assert [g["nvlink_active"] for g in real["gpus"]] == [g["nvlink_active"] for g in profile["gpus"]]

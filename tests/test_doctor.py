"""Preflight checks: each decision from plain data, the edges (port, probe, CLI) as real as they get."""

from __future__ import annotations

import copy
import errno
import json
import os
import shutil
import socket
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import psutil
import pytest

from safelaunch.core import hardware, memory
from safelaunch.core import kernel_configs as kc
from safelaunch.host import doctor, doctor_checks
from safelaunch.host.doctor_checks import FAIL, OK, WARN, Check, ModelFiles, WeightFiles
from safelaunch.host.doctor_moe import check_moe_kernels, moe_quant
from safelaunch.host.model_source import resolve_model
from safelaunch.host.sglang_install import Install
from tests.conftest import FIXTURES, ROOT, run_cli
from tests.ports import free_port
from tests.sglang_tree import make_env
from tests.test_kernel_configs import real_files

GIB = 1024**3
INVENTORY = json.loads((FIXTURES / "h200x2-nvml-inventory.json").read_text())
QWEN_NEXT = "Qwen/Qwen3.8-Flash-Next-FP8"
NVL_FILE = "E=256,N=640,device_name=NVIDIA_H200_NVL,dtype=fp8_w8a8,block_shape=[128, 128].json"
H200_FILE = NVL_FILE.replace("NVIDIA_H200_NVL", "NVIDIA_H200")


def h200_host(procs: dict[int, list[dict]] | None = None, used: dict[int, int] | None = None) -> hardware.Host:
    """The real 2 x H200 NVML inventory, with a made-up process list (NVML's shape) on some GPUs."""
    inv = copy.deepcopy(INVENTORY)
    for dev in inv["nvml"]["devices"]:
        dev["procs"] = (procs or {}).get(dev["index"], [])
        if used and dev["index"] in used:
            dev["mem_used"] = used[dev["index"]]
            dev["mem_free"] = dev["mem_total"] - used[dev["index"]]
    return hardware.host_from_inventory(inv)


def install(files: tuple[str, ...] = (), triton: str | None = "3.1.0", **kw: object) -> Install:
    base = Install(
        python="/env/bin/python",
        executable="/env/bin/python",
        python_version="3.11.7",
        sglang_version="0.5.10.post1",
        sglang_path="/env/lib/sglang",
        torch_version="2.8.0+cu128",
        torch_cuda="12.8",
        triton_version=triton,
        moe_config_root="/env/lib/sglang/srt/layers/moe/fused_moe_triton",
        moe_config_files=files,
        moe_fallback_versions=("3.4.0", "3.3.1", "3.2.0", "3.1.0"),
    )
    return replace(base, **kw)


# --------------------------------------------------------------------------- Check and summary


def test_check_line_summary_and_json() -> None:
    checks = [Check("a", OK, "fine"), Check("b", WARN, "meh", "do x"), Check("c", OK, "fine")]
    summary = doctor_checks.summarise(checks)
    assert summary.ok and summary.exit_code == 0 and summary.counts == {"ok": 2, "warn": 1, "fail": 0}
    assert checks[1].line() == "warn  b                 meh -> do x"
    failed = doctor_checks.summarise([*checks, Check("d", FAIL, "broken", "fix")])
    assert not failed.ok and failed.exit_code == 1
    assert failed.to_json()["checks"][3] == {"name": "d", "status": "fail", "found": "broken", "action": "fix"}
    with pytest.raises(ValueError):
        Check("x", "error", "?")


# --------------------------------------------------------------------------- SGLang / CUDA


def test_sglang_check() -> None:
    ok = doctor_checks.check_sglang(install())
    assert ok.status == OK and "sglang 0.5.10.post1" in ok.found and "Python 3.11.7" in ok.found
    missing = doctor_checks.check_sglang(install(sglang_path=None))
    assert missing.status == FAIL and "--python" in missing.action
    broken = doctor_checks.check_sglang(Install(python="/nope", error="interpreter /nope not found"))
    assert broken.status == FAIL and broken.found == "interpreter /nope not found"


def test_cuda_against_the_real_driver() -> None:
    host = h200_host()  # driver 580.159.04, CUDA 13.0
    assert doctor_checks.check_cuda(install(), host).status == OK
    assert doctor_checks.check_cuda(install(torch_cuda="13.0"), host).status == OK
    old = replace(host, cuda_driver_version="12.4", driver_version="550.54")
    newer_major = doctor_checks.check_cuda(install(torch_cuda="13.0"), old)
    assert newer_major.status == FAIL and "CUDA 13" in newer_major.action
    newer_minor = doctor_checks.check_cuda(install(torch_cuda="12.8"), old)
    assert newer_minor.status == WARN and "minor-version" in newer_minor.found
    assert doctor_checks.check_cuda(install(torch_cuda=None), host).status == FAIL  # CPU-only torch
    assert doctor_checks.check_cuda(install(torch_version=None), host).status == FAIL
    profile = doctor_checks.check_cuda(install(), hardware.profile_host("2xh200-nvl"))
    assert profile.status == OK and "not compared" in profile.found


# --------------------------------------------------------------------------- GPU processes


def test_other_processes_on_the_planned_gpus_fail() -> None:
    host = h200_host({0: [{"pid": 4242, "used_memory": 20 * GIB}]}, used={0: 20 * GIB + 644939776})
    check = doctor_checks.check_gpu_processes(host, [0, 1], {4242: "python -m vllm.entrypoints.openai.api_server"})
    assert check.status == FAIL
    assert "pid 4242" in check.found and "vllm.entrypoints" in check.found and "20.00 GiB" in check.found
    assert "kill" in check.action
    # The same process on a GPU the plan does not use is not this plan's problem.
    assert doctor_checks.check_gpu_processes(host, [1]).status == OK


def test_small_or_unsized_processes_warn_and_idle_gpus_pass() -> None:
    small = h200_host({1: [{"pid": 77, "used_memory": 300 * 1024**2}]})
    assert doctor_checks.check_gpu_processes(small, [0, 1]).status == WARN
    unsized = h200_host({1: [{"pid": 78, "used_memory": None}]})
    assert doctor_checks.check_gpu_processes(unsized, [0, 1]).status == WARN
    idle = doctor_checks.check_gpu_processes(h200_host(), [0, 1])
    assert idle.status == OK and idle.found == "no other process holds memory on GPU 0,1"


def test_memory_no_listed_process_explains_fails() -> None:
    # Another container's process is invisible to NVML here, but its memory is not.
    host = h200_host(used={1: 30 * GIB})
    check = doctor_checks.check_gpu_processes(host, [0, 1])
    assert check.status == FAIL and "not visible here" in check.found


def test_process_commands_are_redacted() -> None:
    secret = "sk-do-not-print-me"
    argv = [sys.executable, "-c", "import time; time.sleep(30)", "--api-key", secret]
    proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and secret not in " ".join(psutil.Process(proc.pid).cmdline()):
            time.sleep(0.01)  # the child has not exec'd yet
        command = doctor.process_commands([proc.pid], limit=10_000)[proc.pid]
    finally:
        proc.kill()
        proc.wait()
    assert "--api-key ***" in command and secret not in command
    assert doctor.process_commands([proc.pid]) == {}  # gone: left out, no error


# --------------------------------------------------------------------------- port


def test_port_held_by_the_test_fails_and_a_free_one_passes() -> None:
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        port = held.getsockname()[1]
        error = doctor.bind_error("127.0.0.1", port)
        assert error is not None and error.errno == errno.EADDRINUSE
        check = doctor_checks.check_port("127.0.0.1", port, error, doctor.port_holder(port))
        assert check.status == FAIL and f"127.0.0.1:{port} is in use (pid {os.getpid()})" in check.found
        # Binding on all addresses collides with the listener too.
        assert doctor.bind_error("0.0.0.0", port) is not None
    assert doctor_checks.check_port("127.0.0.1", port, doctor.bind_error("127.0.0.1", port)).status == OK


def test_port_other_errors() -> None:
    denied = doctor_checks.check_port("127.0.0.1", 80, OSError(errno.EACCES, "Permission denied"))
    assert denied.status == FAIL and "above 1023" in denied.action
    nowhere = doctor_checks.check_port("10.9.9.9", 30000, OSError(errno.EADDRNOTAVAIL, "Cannot assign"))
    assert nowhere.status == FAIL and "--host" in nowhere.action


# --------------------------------------------------------------------------- model files, disk, token


def files(**kw: object) -> ModelFiles:
    base = ModelFiles(
        model=QWEN_NEXT,
        source="catalogue",
        path=None,
        weight_bytes=int(172.8 * GIB),
        cache_dir="/data/hf/hub",
        free_bytes=2000 * GIB,
    )
    return replace(base, **kw)


COMPLETE = WeightFiles(("model-00001-of-00002.safetensors",), (), 200 * GIB, 172 * GIB)


def test_model_on_disk_download_room_and_offline() -> None:
    assert doctor_checks.check_model(files(source="local", path="/models/q", weights=COMPLETE)).status == OK
    cached = files(source="hf-cache", path="/data/hf/hub/models--Qwen/snap", weights=COMPLETE)
    assert doctor_checks.check_model(cached).status == OK
    download = doctor_checks.check_model(files())
    assert download.status == WARN and "172.80 GiB" in download.found and f"hf download {QWEN_NEXT}" in download.action
    full = doctor_checks.check_model(files(free_bytes=100 * GIB))
    assert full.status == FAIL and "100.00 GiB free at /data/hf/hub" in full.found and "HF_HOME" in full.action
    offline = doctor_checks.check_model(files(offline=True))
    assert offline.status == FAIL and "HF_HUB_OFFLINE" in offline.found


def test_model_files_reads_the_real_cache_and_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))
    monkeypatch.delenv("HF_HUB_CACHE", raising=False)
    monkeypatch.delenv("HUGGINGFACE_HUB_CACHE", raising=False)
    info = resolve_model(QWEN_NEXT)
    got = doctor.model_files(info, QWEN_NEXT, {"HF_HOME": str(tmp_path / "hf"), "HF_HUB_OFFLINE": "1"})
    assert got.cache_dir == str(tmp_path / "hf" / "hub") and got.offline
    assert doctor.model_files(info, QWEN_NEXT, {"HF_HUB_CACHE": str(tmp_path / "c")}).cache_dir == str(tmp_path / "c")
    assert got.free_bytes == pytest.approx(os.statvfs(tmp_path).f_bavail * os.statvfs(tmp_path).f_frsize, rel=0.01)


def test_token_present_is_never_printed(tmp_path: Path) -> None:
    secret = "hf_abcdefghijklmnopqrstuvwxyz0123"
    env = {"HF_TOKEN": secret, "HF_HOME": str(tmp_path)}
    check = doctor_checks.check_hf_token(files(), None, doctor.token_source(env))
    assert check.status == OK and "HF_TOKEN" in check.found
    assert secret not in json.dumps(check.to_json())
    (tmp_path / "token").write_text(secret + "\n")
    from_file = doctor_checks.check_hf_token(files(), True, doctor.token_source({"HF_HOME": str(tmp_path)}))
    assert from_file.status == OK and str(tmp_path / "token") in from_file.found and secret not in from_file.found


def test_token_missing_warns_only_when_a_download_may_need_it(tmp_path: Path) -> None:
    none = doctor.token_source({"HF_HOME": str(tmp_path)})
    assert none is None
    unknown = doctor_checks.check_hf_token(files(), None, none)
    assert unknown.status == WARN and "may be gated" in unknown.found and "HF_TOKEN" in unknown.action
    assert doctor_checks.check_hf_token(files(), True, none).status == WARN
    assert doctor_checks.check_hf_token(files(), False, none).status == OK
    assert doctor_checks.check_hf_token(files(source="local", path="/m", weights=COMPLETE), None, none).status == OK
    # a directory with only config.json: the weights are not on disk, so a download (and maybe a token) is ahead
    config_only = files(source="hf-cache", path="/m", weights=WeightFiles((), (), 0, None))
    assert doctor_checks.check_hf_token(config_only, None, none).status == WARN


# --------------------------------------------------------------------------- memory


def test_memory_estimate_lines() -> None:
    small = resolve_model("Qwen/Qwen3-8B")
    host = hardware.profile_host("1xh200")
    fits = doctor_checks.check_memory(memory.estimate(small, host, {"tp": 1, "mem-fraction-static": 0.85}), 2 * GIB)
    assert fits.status == OK and fits.found.startswith("fits: per GPU: weights")
    big = resolve_model("meta-llama/Llama-3.1-70B-Instruct")
    too_big = doctor_checks.check_memory(memory.estimate(big, hardware.profile_host("1xl4"), {"tp": 1}), 2 * GIB)
    assert too_big.status == FAIL and "larger --tp" in too_big.action
    # SGLang's own default fraction leaves about half a GiB by the estimate: less than the margin.
    est = memory.estimate(small, host, {"tp": 1})
    assert doctor_checks.check_memory(est, 2 * GIB).status == WARN
    assert doctor_checks.check_memory(replace(est, headroom_bytes=GIB), 2 * GIB).status == WARN
    assert doctor_checks.check_memory(replace(est, headroom_bytes=-GIB), 2 * GIB).status == FAIL


# --------------------------------------------------------------------------- fused-MoE kernel configs


def test_h200_nvl_missing_while_h200_has_it() -> None:
    info = resolve_model(QWEN_NEXT)
    flags = {"tp": 2, "ep": 2}
    inst = install((f"triton_3_1_0/{H200_FILE}",))
    check = check_moe_kernels(info, flags, "NVIDIA H200 NVL", inst, QWEN_NEXT, "/env/bin/python")
    assert check.status == WARN
    assert NVL_FILE in check.found and "while NVIDIA_H200 has one" in check.found
    assert "14-23% faster" in check.found and "batch <= 256" in check.found
    assert (
        "/env/bin/python benchmark/kernels/fused_moe_triton/tuning_fused_moe_triton.py "
        f"--model {QWEN_NEXT} --tp-size 2 --ep-size 2 --dtype fp8_w8a8 --tune" in check.action
    )
    assert "/env/lib/sglang/srt/layers/moe/fused_moe_triton/configs/triton_3_1_0/" in check.action
    # The H200 itself has its file.
    on_h200 = check_moe_kernels(info, flags, "NVIDIA H200", inst, QWEN_NEXT)
    assert on_h200.status == OK and on_h200.found.endswith(f"configs/triton_3_1_0/{H200_FILE}")


def test_moe_check_against_the_real_listing() -> None:
    info = resolve_model("deepseek-ai/DeepSeek-V3")
    inst = install(tuple(real_files()), triton="3.4.0")
    flags = {"tp": 8}
    # E=257 (fused shared expert), N=256: shipped for NVIDIA_H200 under triton_3_3_1, which 0.5.10 falls back to.
    h200 = check_moe_kernels(info, flags, "NVIDIA H200", inst, "deepseek-ai/DeepSeek-V3")
    assert h200.status == OK and "triton_3_3_1/E=257,N=256,device_name=NVIDIA_H200," in h200.found
    nvl = check_moe_kernels(info, flags, "NVIDIA H200 NVL", inst, "deepseek-ai/DeepSeek-V3")
    assert nvl.status == WARN and "while NVIDIA_H200, " in nvl.found and " have one" in nvl.found


def test_moe_check_skips_what_does_not_use_the_kernel() -> None:
    dense = check_moe_kernels(resolve_model("Qwen/Qwen3-8B"), {"tp": 1}, "NVIDIA H200", install(), "m")
    assert dense.status == OK and "not a MoE model" in dense.found
    info = resolve_model(QWEN_NEXT)
    other = check_moe_kernels(info, {"tp": 2, "moe-runner-backend": "flashinfer_trtllm"}, "X", install(), "m")
    assert other.status == OK and "flashinfer_trtllm" in other.found
    no_sglang = check_moe_kernels(info, {"tp": 2, "ep": 2}, "NVIDIA H200 NVL", install(sglang_path=None), "m")
    assert no_sglang.status == WARN and NVL_FILE in no_sglang.found
    dsv4 = resolve_model("deepseek-ai/DeepSeek-V4-Flash")
    fp4 = check_moe_kernels(dsv4, {"tp": 4}, "NVIDIA H200", install(), "m")
    assert fp4.status == OK and "FP4" in fp4.found


def test_moe_quant_block_from_a_local_checkpoint(tmp_path: Path) -> None:
    info = replace(resolve_model(QWEN_NEXT), source="local", path=str(tmp_path))
    (tmp_path / "config.json").write_text(json.dumps({"quantization_config": {"quant_method": "fp8"}}))
    assert moe_quant(info, {}) == kc.QuantKernel("fp8_w8a8")  # per-tensor FP8: no block_shape
    (tmp_path / "config.json").write_text(
        json.dumps({"quantization_config": {"quant_method": "fp8", "weight_block_size": [128, 128]}})
    )
    assert moe_quant(info, {}) == kc.QuantKernel("fp8_w8a8", (128, 128))


# --------------------------------------------------------------------------- fast_checks and the CLI, end to end

# A few real 0.5.10.post1 names beside the one that matters, so the tree looks like a real configs/ folder.
REAL_NEIGHBOURS = tuple(f for f in real_files() if f.startswith("triton_3_1_0/E=64,"))


def fake_site(tmp_path: Path) -> Path:
    """An SGLang 0.5.10.post1 env whose configs have E=256,N=640 fp8 for NVIDIA_H200 only."""
    return make_env(tmp_path / "site", config_files=(f"triton_3_1_0/{H200_FILE}", *REAL_NEIGHBOURS))


def cli_env(tmp_path: Path, site: Path | None) -> dict[str, str]:
    """No token, an empty private HF cache, and the fake env on the path (safelaunch itself must not import it)."""
    path = str(ROOT) + (os.pathsep + str(site) if site else "")
    blank = ("HF_TOKEN", "HUGGING_FACE_HUB_TOKEN", "HF_HUB_CACHE", "HUGGINGFACE_HUB_CACHE", "HF_HUB_OFFLINE")
    return {
        "PYTHONPATH": path,
        "HF_HOME": str(tmp_path / "hf"),
        "SGLANG_MOE_CONFIG_DIR": "",
        **dict.fromkeys(blank, ""),
        "HF_ENDPOINT": "http://127.0.0.1:9",  # the Hub refuses at once: resolution falls back to the catalogue
    }


def test_done_when_h200_nvl_warns_about_the_missing_tuned_config(tmp_path: Path) -> None:
    site = fake_site(tmp_path)
    port = free_port()
    result = run_cli(
        "doctor", QWEN_NEXT, "--host-profile", "2xh200-nvl", "--python", sys.executable, "--port", str(port), "--json",
        **cli_env(tmp_path, site),
    )  # fmt: skip
    assert "Traceback" not in result.stderr
    data = json.loads(result.stdout)
    checks = {c["name"]: c for c in data["checks"]}
    assert list(checks) == [
        "gpus", "sglang", "cuda", "gpu-processes", "port", "model", "hf-token", "memory", "moe-kernel-config"
    ]  # fmt: skip
    moe = checks["moe-kernel-config"]
    assert moe["status"] == "warn"
    assert NVL_FILE in moe["found"] and "while NVIDIA_H200 has one" in moe["found"]
    assert "14-23% faster" in moe["found"] and "H200 NVL" in moe["found"]
    assert (
        f"{sys.executable} benchmark/kernels/fused_moe_triton/tuning_fused_moe_triton.py --model {QWEN_NEXT} "
        "--tp-size 2 --ep-size 2 --dtype fp8_w8a8 --tune" in moe["action"]
    )
    assert f"{site}/sglang/srt/layers/moe/fused_moe_triton/configs/triton_3_1_0/" in moe["action"]
    assert checks["sglang"]["status"] == "ok" and "0.5.10.post1" in checks["sglang"]["found"]
    assert checks["port"] == {"name": "port", "status": "ok", "found": f"127.0.0.1:{port} is free", "action": ""}
    assert checks["hf-token"]["status"] == "warn"
    assert checks["memory"]["status"] != "fail"
    # Whether 172.8 GiB fits on this machine's disk decides the model line, and with it the exit code.
    no_room = shutil.disk_usage(tmp_path).free < 172.8 * GIB * doctor_checks.DOWNLOAD_SLACK
    assert checks["model"]["status"] == ("fail" if no_room else "warn")
    assert [c["name"] for c in data["checks"] if c["status"] == "fail"] == (["model"] if no_room else [])
    assert data["ok"] is (not no_room) and result.returncode == (1 if no_room else 0)


def write_local_model(directory: Path) -> Path:
    """A local dense checkpoint (Qwen3-8B's config.json, weights as the safetensors index reports them)."""
    directory.mkdir(parents=True)
    config = {
        "architectures": ["Qwen3ForCausalLM"],
        "hidden_size": 4096,
        "num_attention_heads": 32,
        "num_key_value_heads": 8,
        "head_dim": 128,
        "num_hidden_layers": 36,
        "intermediate_size": 12288,
        "vocab_size": 151936,
        "max_position_embeddings": 40960,
        "torch_dtype": "bfloat16",
    }
    (directory / "config.json").write_text(json.dumps(config))
    shards = {"model-00001-of-00002.safetensors": 8_200_000_000, "model-00002-of-00002.safetensors": 8_200_000_000}
    weight_map = {
        "model.embed_tokens.weight": "model-00001-of-00002.safetensors",
        "lm_head.weight": "model-00002-of-00002.safetensors",
    }
    index = {"metadata": {"total_size": 16381470720}, "weight_map": weight_map}
    (directory / "model.safetensors.index.json").write_text(json.dumps(index))
    for name, size in shards.items():  # sparse files: the sizes doctor checks, no disk used
        with open(directory / name, "wb") as f:
            f.truncate(size)
    return directory


def test_cli_all_clear_exits_0_and_prints_one_line_per_check(tmp_path: Path) -> None:
    model = write_local_model(tmp_path / "Qwen3-8B")
    result = run_cli(
        "doctor", str(model), "--host-profile", "1xh200", "--python", sys.executable, "--port", str(free_port()),
        **cli_env(tmp_path, fake_site(tmp_path)),
    )  # fmt: skip
    lines = result.stdout.strip().splitlines()
    assert result.returncode == 0, result.stdout + result.stderr
    assert [line.split()[1] for line in lines[:-1]] == [
        "gpus", "sglang", "cuda", "gpu-processes", "port", "model", "hf-token", "memory", "moe-kernel-config"
    ]  # fmt: skip
    assert all(line.split()[0] in ("ok", "warn") for line in lines[:-1])
    assert lines[-1].startswith("doctor: ") and lines[-1].endswith(" 0 fail")
    assert "not a MoE model" in lines[-2]


def test_cli_port_held_and_no_sglang_fail_with_exit_1(tmp_path: Path) -> None:
    model = write_local_model(tmp_path / "Qwen3-8B")
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        port = held.getsockname()[1]
        result = run_cli(
            "doctor", str(model), "--host-profile", "1xh200", "--python", sys.executable, "--port", str(port),
            **cli_env(tmp_path, None),
        )  # fmt: skip
    assert result.returncode == 1 and "Traceback" not in result.stderr
    failed = {line.split()[1]: line for line in result.stdout.splitlines() if line.startswith("fail")}
    assert set(failed) == {"sglang", "port"}
    assert f"127.0.0.1:{port} is in use" in failed["port"] and "another --port" in failed["port"]
    assert "no sglang package" in failed["sglang"]


def test_cli_unknown_model_is_a_failed_check_not_a_crash(tmp_path: Path) -> None:
    result = run_cli(
        "doctor", "nobody/no-such-model", "--host-profile", "1xh200", "--python", sys.executable, "--json",
        "--port", str(free_port()), **cli_env(tmp_path, fake_site(tmp_path)),
    )  # fmt: skip
    data = json.loads(result.stdout)
    assert result.returncode == 1 and data["ok"] is False
    model = next(c for c in data["checks"] if c["name"] == "model")
    assert model["status"] == "fail" and "nobody/no-such-model" in model["found"]


def test_fast_checks_for_serve(tmp_path: Path) -> None:
    from safelaunch.host import planning

    site = fake_site(tmp_path)
    host = hardware.profile_host("2xh200-nvl")
    plan = planning.make_plan(QWEN_NEXT, host)
    env = {"PYTHONPATH": str(site), "HF_HOME": str(tmp_path / "hf"), "HF_TOKEN": "hf_notprintedanywhere0000"}
    checks = doctor.fast_checks(plan, host, python=sys.executable, port=free_port(), env=env)
    assert all(isinstance(c, Check) for c in checks)
    by_name = {c.name: c for c in checks}
    assert by_name["moe-kernel-config"].status == WARN and NVL_FILE in by_name["moe-kernel-config"].found
    assert by_name["hf-token"].status == OK and "hf_notprinted" not in json.dumps([c.to_json() for c in checks])
    assert doctor_checks.summarise(checks).ok is (by_name["model"].status != FAIL)

"""The interpreter probe: a real subprocess of a real interpreter over fake environments that must not be imported."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from safelaunch.host import sglang_install as si
from tests.conftest import FIXTURES
from tests.sglang_tree import MOE_HOME_NEW, make_env

H200_FILE = "triton_3_1_0/E=64,N=640,device_name=NVIDIA_H200,dtype=fp8_w8a8.json"


def env_with(site: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "SGLANG_MOE_CONFIG_DIR")}
    env["PYTHONPATH"] = str(site)
    return env


def test_probe_finds_everything_without_importing(tmp_path: Path) -> None:
    site = make_env(tmp_path / "site", config_files=[H200_FILE, "triton_3_2_0/E=8,N=7168,device_name=NVIDIA_H200.json"])
    inst = si.probe(sys.executable, env=env_with(site))
    assert inst.error is None, inst.error  # the __init__.py files raise: nothing was imported
    assert inst.has_sglang
    assert inst.sglang_version == "0.5.10.post1"
    assert Path(inst.sglang_path) == site / "sglang"
    assert inst.torch_version == "2.8.0+cu128" and inst.torch_cuda == "12.8"
    assert inst.triton_version == "3.1.0"
    assert inst.python_version == ".".join(map(str, sys.version_info[:3]))
    assert Path(inst.moe_config_root) == site / "sglang/srt/layers/moe/fused_moe_triton"
    assert inst.moe_config_files == (H200_FILE, "triton_3_2_0/E=8,N=7168,device_name=NVIDIA_H200.json")
    assert inst.moe_fallback_versions == ("3.4.0", "3.3.1", "3.2.0", "3.1.0")


def test_probe_newer_layout_source_tree_and_cpu_torch(tmp_path: Path) -> None:
    # A source checkout on PYTHONPATH has no dist-info: the version comes from sglang/version.py.
    site = make_env(
        tmp_path / "site",
        sglang_version="0.5.23",
        moe_home=MOE_HOME_NEW,
        dist_info=False,
        torch_version="2.14.1+cpu",
        torch_cuda=None,
        config_files=["triton_3_8_0/E=8,N=7168,device_name=NVIDIA_B200.json"],
    )
    inst = si.probe(sys.executable, env=env_with(site))
    assert inst.sglang_version == "0.5.23"
    assert inst.moe_config_root.endswith("moe_runner/triton_utils")
    assert inst.torch_cuda is None


def test_probe_honours_sglang_moe_config_dir(tmp_path: Path) -> None:
    site = make_env(tmp_path / "site", config_files=[H200_FILE])
    own = tmp_path / "tuned"
    (own / "configs/triton_3_1_0").mkdir(parents=True)
    (own / "configs/triton_3_1_0/E=64,N=640,device_name=NVIDIA_H200_NVL,dtype=fp8_w8a8.json").write_text("{}")
    inst = si.probe(sys.executable, env=env_with(site), moe_config_dir=str(own))
    assert inst.moe_config_root == str(own)
    assert inst.moe_config_files == ("triton_3_1_0/E=64,N=640,device_name=NVIDIA_H200_NVL,dtype=fp8_w8a8.json",)


def test_probe_without_sglang(tmp_path: Path) -> None:
    site = make_env(tmp_path / "site", sglang_version=None, torch_version=None, triton_version=None)
    inst = si.probe(sys.executable, env=env_with(site))
    assert inst.error is None and not inst.has_sglang and inst.sglang_version is None


def test_probe_bad_interpreters(tmp_path: Path) -> None:
    missing = si.probe(str(tmp_path / "no-python"))
    assert missing.error and "not found" in missing.error and not missing.has_sglang
    failing = tmp_path / "python"
    failing.write_text("#!/bin/sh\necho 'broken env' >&2\nexit 3\n")
    failing.chmod(0o755)
    broken = si.probe(str(failing))
    assert broken.error and "exit 3" in broken.error and "broken env" in broken.error


def test_parsers() -> None:
    assert si.version_from_text('__version__ = "0.5.10.post1"\n') == "0.5.10.post1"
    assert si.torch_cuda_from("cuda: Optional[str] = '13.0'\n", None) == "13.0"
    assert si.torch_cuda_from("cuda: Optional[str] = None\n", "2.9.0+cu128") is None  # the file is the truth
    assert si.torch_cuda_from(None, "2.9.0+cu128") == "12.8"
    assert si.torch_cuda_from(None, "2.9.0+cu130") == "13.0"
    assert si.cuda_tuple("12.8") == (12, 8) and si.cuda_tuple(None) is None


def test_real_listing_is_vendored() -> None:
    # The doctor tests build trees from this list; keep it the real 0.5.10.post1 one.
    assert (FIXTURES / "sglang-0.5.10.post1-fused-moe-config-files.txt").read_text().count("\n") == 285

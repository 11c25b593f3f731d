"""Fake Python environments holding an `sglang` (and torch, triton) that explode when imported.

The files are what a real install has on disk -- package folders, dist-info METADATA, torch's version.py,
SGLang's fused-MoE config module and its configs/triton_X_Y_Z/ folders -- so the probe and the doctor
read them exactly as they would read a real environment. Every `__init__.py` raises: a probe that imported
any of them would fail the test.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

BOOM = 'raise RuntimeError("{name} was imported; the doctor must only locate it")\n'
MOE_HOME_0_5_10 = "srt/layers/moe/fused_moe_triton"
MOE_HOME_NEW = "srt/layers/moe/moe_runner/triton_utils"


def _dist(site: Path, name: str, version: str) -> None:
    info = site / f"{name.replace('-', '_')}-{version}.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")


def make_env(
    site: Path,
    sglang_version: str | None = "0.5.10.post1",
    config_files: Iterable[str] = (),
    torch_version: str | None = "2.8.0+cu128",
    torch_cuda: str | None = "12.8",
    triton_version: str | None = "3.1.0",
    moe_home: str = MOE_HOME_0_5_10,
    fallback: tuple[str, ...] = ("3.4.0", "3.3.1", "3.2.0", "3.1.0"),
    dist_info: bool = True,
) -> Path:
    """Build the environment under `site` (put it on PYTHONPATH); `config_files` are 'triton_X_Y_Z/<name>'."""
    site.mkdir(parents=True, exist_ok=True)
    if sglang_version is not None:
        pkg = site / "sglang"
        pkg.mkdir(exist_ok=True)
        (pkg / "__init__.py").write_text(BOOM.format(name="sglang"))
        (pkg / "version.py").write_text(f'__version__ = "{sglang_version}"\n')
        home = pkg / moe_home
        home.mkdir(parents=True, exist_ok=True)
        listed = ", ".join(f'"{v}"' for v in fallback)
        (home / "fused_moe_triton_config.py").write_text(
            BOOM.format(name="fused_moe_triton_config")
            + "def get_moe_configs():\n"
            + "    # Supported Triton versions, should be sorted from the newest to the oldest\n"
            + f"    supported_triton_versions = [{listed}]\n"
        )
        for rel in config_files:
            path = home / "configs" / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text('{"1": {"BLOCK_SIZE_M": 16, "BLOCK_SIZE_N": 32, "BLOCK_SIZE_K": 64}}\n')
        if dist_info:
            _dist(site, "sglang", sglang_version)
    if torch_version is not None:
        torch = site / "torch"
        torch.mkdir(exist_ok=True)
        (torch / "__init__.py").write_text(BOOM.format(name="torch"))
        cuda = f"'{torch_cuda}'" if torch_cuda else "None"
        (torch / "version.py").write_text(
            "from typing import Optional\n\n"
            f"__version__ = '{torch_version}'\n"
            "debug = False\n"
            f"cuda: Optional[str] = {cuda}\n"
            "hip: Optional[str] = None\n"
        )
        _dist(site, "torch", torch_version)
    if triton_version is not None:
        _dist(site, "triton", triton_version)
    return site

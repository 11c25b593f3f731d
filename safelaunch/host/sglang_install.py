"""What SGLang, torch and triton a configured interpreter would run, found without importing any of them.

Importing sglang takes seconds, needs a GPU stack that may be broken (the very thing doctor diagnoses)
and runs import-time side effects; so the interpreter is asked only `importlib.util.find_spec` (which
locates a package without executing it) and `importlib.metadata` (dist-info files). Everything else is
read as file text: torch's `version.py` for its CUDA build, SGLang's fused-MoE config module for its
triton fallback list, and its `configs/` folder listing.
"""

from __future__ import annotations

import json
import re
import subprocess
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from safelaunch.core import kernel_configs

# Runs inside the target interpreter: locate and read versions, import nothing of the packages themselves.
PROBE = r"""
import importlib.metadata as md, importlib.util as iu, json, os, sys
def ver(*names):
    for n in names:
        try:
            return md.version(n)
        except Exception:
            pass
    return None
def where(name):
    try:
        spec = iu.find_spec(name)
    except Exception:
        return None
    if spec is None:
        return None
    locs = list(spec.submodule_search_locations or [])
    if locs:
        return locs[0]
    return os.path.dirname(spec.origin) if spec.origin else None
print(json.dumps({
    "executable": sys.executable,
    "python_version": "%d.%d.%d" % tuple(sys.version_info[:3]),
    "sglang": {"version": ver("sglang"), "path": where("sglang")},
    "torch": {"version": ver("torch"), "path": where("torch")},
    "triton": {"version": ver("triton"), "path": where("triton")},
    "kernel": ver("sglang-kernel", "sgl-kernel"),
}))
"""
PROBE_TIMEOUT_S = 30.0
# Where the fused-MoE config module (and its `configs/` folder) lives, newest layout first.
MOE_CONFIG_HOMES = ("srt/layers/moe/moe_runner/triton_utils", "srt/layers/moe/fused_moe_triton")
MOE_CONFIG_MODULE = "fused_moe_triton_config.py"
_VERSION_ASSIGN = re.compile(r"""^__version__\s*(?::[^=]+)?=\s*['"]([^'"]+)['"]""", re.MULTILINE)
_TORCH_CUDA = re.compile(r"""^cuda\s*(?::[^=]+)?=\s*(?:['"]([^'"]*)['"]|None)""", re.MULTILINE)
_CU_TAG = re.compile(r"\+cu(\d+)(\d)$")


@dataclass(frozen=True)
class Install:
    """The Python environment SGLang would be launched from; None where something is absent."""

    python: str  # the interpreter as configured
    executable: str | None = None
    python_version: str | None = None
    sglang_version: str | None = None
    sglang_path: str | None = None
    torch_version: str | None = None
    torch_path: str | None = None
    torch_cuda: str | None = None  # the CUDA version torch was built for ("12.8"); None: CPU build or unknown
    triton_version: str | None = None
    kernel_version: str | None = None  # sglang-kernel (or the older sgl-kernel)
    moe_config_root: str | None = None  # the folder holding configs/ (SGLANG_MOE_CONFIG_DIR when set)
    moe_config_files: tuple[str, ...] = ()  # "triton_X_Y_Z/<file>.json" under it
    moe_fallback_versions: tuple[str, ...] | None = None  # the installed SGLang's own fallback list
    error: str | None = None  # why the interpreter could not be asked

    @property
    def has_sglang(self) -> bool:
        return self.error is None and self.sglang_path is not None


# --------------------------------------------------------------------------- pure parsing


def version_from_text(text: str) -> str | None:
    """`__version__ = "0.5.10.post1"` from sglang/version.py (for a source tree without dist-info)."""
    match = _VERSION_ASSIGN.search(text)
    return match.group(1) if match else None


def torch_cuda_from(version_py: str | None, torch_version: str | None) -> str | None:
    """torch's CUDA build: `cuda = '12.8'` in torch/version.py, else the `+cu128` local version tag."""
    if version_py:
        match = _TORCH_CUDA.search(version_py)
        if match:
            return match.group(1) or None
    if torch_version:
        tag = _CU_TAG.search(torch_version)
        if tag:
            return f"{tag.group(1)}.{tag.group(2)}"
    return None


def parse_probe(python: str, stdout: str) -> Install:
    """The probe's one JSON line -> Install (without the filesystem reads `probe` adds)."""
    try:
        data: dict[str, Any] = json.loads(stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return Install(python=python, error=f"{python} printed no probe result")
    pkg = {name: data.get(name) or {} for name in ("sglang", "torch", "triton")}
    return Install(
        python=python,
        executable=data.get("executable"),
        python_version=data.get("python_version"),
        sglang_version=pkg["sglang"].get("version"),
        sglang_path=pkg["sglang"].get("path"),
        torch_version=pkg["torch"].get("version"),
        torch_path=pkg["torch"].get("path"),
        triton_version=pkg["triton"].get("version"),
        kernel_version=data.get("kernel"),
    )


def cuda_tuple(version: str | None) -> tuple[int, int] | None:
    """'12.8' -> (12, 8); None for anything unreadable."""
    if not version:
        return None
    match = re.match(r"(\d+)(?:\.(\d+))?", version.strip())
    return (int(match.group(1)), int(match.group(2) or 0)) if match else None


# --------------------------------------------------------------------------- shell


def _read(path: Path) -> str | None:
    try:
        return path.read_text(errors="replace")
    except OSError:
        return None


def moe_config_home(sglang_path: str) -> Path | None:
    """The folder SGLang's fused-MoE config module sits in (its default config dir), for either layout."""
    root = Path(sglang_path)
    for rel in MOE_CONFIG_HOMES:
        if (root / rel / MOE_CONFIG_MODULE).is_file():
            return root / rel
    for rel in MOE_CONFIG_HOMES:
        if (root / rel / "configs").is_dir():
            return root / rel
    return None


def list_moe_configs(config_root: Path) -> tuple[str, ...]:
    """Every `triton_*/<file>.json` under `config_root/configs`, as relative "dir/file" strings."""
    configs = config_root / "configs"
    try:
        dirs = sorted(d for d in configs.iterdir() if d.is_dir() and d.name.startswith("triton_"))
    except OSError:
        return ()
    out = []
    for d in dirs:
        try:
            out.extend(f"{d.name}/{f.name}" for f in sorted(d.iterdir()) if f.name.endswith(".json"))
        except OSError:
            continue
    return tuple(out)


def probe(python: str, env: dict[str, str] | None = None, moe_config_dir: str | None = None) -> Install:
    """Ask `python` where sglang/torch/triton are, then read their files here. Never raises for a bad env."""
    try:
        proc = subprocess.run(
            [python, "-c", PROBE],
            capture_output=True,
            text=True,
            timeout=PROBE_TIMEOUT_S,
            env=env,
            stdin=subprocess.DEVNULL,
        )
    except FileNotFoundError:
        return Install(python=python, error=f"interpreter {python} not found")
    except PermissionError:
        return Install(python=python, error=f"interpreter {python} is not executable")
    except subprocess.TimeoutExpired:
        return Install(python=python, error=f"interpreter {python} did not answer within {PROBE_TIMEOUT_S:.0f} s")
    except OSError as exc:
        return Install(python=python, error=f"interpreter {python} could not run ({exc.strerror or exc})")
    if proc.returncode != 0:
        last = (proc.stderr.strip().splitlines() or ["no output"])[-1]
        return Install(python=python, error=f"{python} failed the probe (exit {proc.returncode}): {last}")
    inst = parse_probe(python, proc.stdout)
    return inst if inst.error else _with_files(inst, moe_config_dir)


def _with_files(inst: Install, moe_config_dir: str | None) -> Install:
    """Add what only the files tell: torch's CUDA build, a source tree's version, the MoE config listing."""
    version_py = _read(Path(inst.torch_path) / "version.py") if inst.torch_path else None
    torch_cuda = torch_cuda_from(version_py, inst.torch_version)
    sglang_version = inst.sglang_version
    root: Path | None = None
    fallback = None
    if inst.sglang_path:
        if sglang_version is None:
            text = _read(Path(inst.sglang_path) / "version.py")
            sglang_version = version_from_text(text) if text else None
        home = moe_config_home(inst.sglang_path)
        if home is not None:
            fallback = kernel_configs.fallback_versions(_read(home / MOE_CONFIG_MODULE))
            root = home
    if moe_config_dir:
        root = Path(moe_config_dir)
    return replace(
        inst,
        sglang_version=sglang_version,
        torch_cuda=torch_cuda,
        moe_config_root=str(root) if root else None,
        moe_config_files=list_moe_configs(root) if root else (),
        moe_fallback_versions=fallback,
    )


def default_python() -> str:
    """The interpreter SGLang runs under unless told otherwise (the planner's rule: $SAFELAUNCH_SGLANG_PYTHON,
    else safelaunch's own)."""
    from safelaunch.host.sglang_probe import sglang_python

    return sglang_python(None)


__all__ = [
    "Install",
    "cuda_tuple",
    "default_python",
    "list_moe_configs",
    "moe_config_home",
    "parse_probe",
    "probe",
    "torch_cuda_from",
    "version_from_text",
]

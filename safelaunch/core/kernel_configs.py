"""Which tuned fused-MoE Triton config file SGLang will look for, and whether an install has it.

SGLang keys its tuned kernel configs on the exact CUDA device name and on the expert weight shape one
rank holds, so the same model on `NVIDIA H200 NVL` and on `NVIDIA H200`, or at another TP/EP, looks up
a different file. When the file is missing SGLang silently runs a generic default config, which is
markedly slower at decode batch sizes; this module predicts that before a launch. Pure: it takes file
listings and version strings, never touches the filesystem.

Facts from SGLang 0.5.10.post1 (`srt/layers/moe/fused_moe_triton/`; 0.5.12+ moved it to
`srt/layers/moe/moe_runner/triton_utils/`):
- name: `E={E},N={N},device_name={name, ' '->'_'}[,dtype=..][,block_shape=[a, b]]
  [,per_channel_quant=True][_down].json`
- `E, _, N = w2_shape`: w2 is (local experts, hidden, intermediate per partition). E counts the experts of
  one rank (`(num_experts - fused_shared) // moe_ep + fused_shared`); N is `moe_intermediate_size //
  moe_tp` with `moe_tp = tp // ep` -- gate+up (w13, 2N wide) does NOT double it. Packed int4 (moe_wna16)
  stores two values per byte in w2, so its N is halved.
- block_shape prints only when both entries are non-zero (wna16 passes [0, group] and gets none).
- lookup: `configs/triton_{installed version}/`, then a fixed list of other triton versions in order
  (0.5.10.post1: 3.4.0, 3.3.1, 3.2.0, 3.1.0, read from the installed source when possible), else the
  default config with "Using default MoE kernel config. Performance might be sub-optimal!".
  `SGLANG_MOE_CONFIG_DIR` replaces the folder that holds `configs/`.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

TUNER_SCRIPT = "benchmark/kernels/fused_moe_triton/tuning_fused_moe_triton.py"
TUNER_DTYPES = ("fp8_w8a8", "int8_w8a16", "int8_w8a8", "int4_w4a16")
# What running untuned costs, as measured once; quoted in the warning so the user can weigh the tuning run.
UNTUNED_COST = (
    "SGLang falls back to its default MoE kernel config; in one measurement on H200 NVL "
    "the tuned config made decode 14-23% faster at batch <= 256"
)
# Architectures whose shared expert SGLang fuses into the routed-expert tensor (one extra local expert).
# DeepSeek-style ones only with exactly 256 routed experts; none of them under expert parallelism on CUDA.
_FUSED_SHARED_ANY = frozenset({"Glm4MoeForCausalLM"})
_FUSED_SHARED_256 = frozenset({"DeepseekV3ForCausalLM", "DeepseekV32ForCausalLM", "GlmMoeDsaForCausalLM"})
# Architectures for which SGLang's tuner adds the fused shared expert unless --disable-shared-experts-fusion.
TUNER_FUSES_SHARED = frozenset(
    {
        "DeepseekV3ForCausalLM",
        "DeepseekV32ForCausalLM",
        "Glm4MoeForCausalLM",
        "Glm4MoeLiteForCausalLM",
        "GlmMoeDsaForCausalLM",
        "MistralLarge3ForCausalLM",
        "Llama4ForConditionalGeneration",
        "MiniMaxM3SparseForConditionalGeneration",
    }
)
# MoE runner backends that run the Triton fused-MoE kernel (and so read these files).
TRITON_BACKENDS = frozenset({"auto", "triton"})
_VERSION_DIR = re.compile(r"triton_(\d+(?:_\d+)*)")
_SUPPORTED_LIST = re.compile(r"supported_triton_versions\s*=\s*\[([^\]]*)\]")


@dataclass(frozen=True)
class MoeShape:
    """The expert weight shape one rank holds, as SGLang's config file name encodes it."""

    experts: int  # E: experts local to one rank
    n: int  # N: w2.shape[2], the per-partition intermediate size
    dtype: str | None  # fp8_w8a8 | int8_w8a8 | int4_w4a16 | int8_w8a16 | float32 | None (bf16/fp16)
    block_shape: tuple[int, int] | None = None
    per_channel_quant: bool = False


@dataclass(frozen=True)
class QuantKernel:
    """How a quantization method reaches the Triton fused-MoE kernel; `triton=False` means it never does."""

    dtype: str | None
    block_shape: tuple[int, int] | None = None
    per_channel_quant: bool = False
    triton: bool = True
    note: str = ""


@dataclass(frozen=True)
class ConfigLookup:
    """What SGLang would find for one file name in one install."""

    file_name: str
    device_name: str
    installed_dir: str | None  # triton_X_Y_Z for the installed triton, None when its version is unknown
    found: str | None  # "triton_X_Y_Z/<file>" SGLang would load, None -> default config
    exact: bool  # found under the installed triton's own folder
    searched: tuple[str, ...]  # folders in the order SGLang tries them
    siblings: tuple[str, ...]  # other device names with a file for this very shape (any triton folder)
    unsearched: tuple[str, ...] = ()  # this device's file in folders SGLang will not try ("triton_X_Y_Z/<file>")

    @property
    def status(self) -> str:
        """exact | fallback | missing_sibling | missing."""
        if self.found:
            return "exact" if self.exact else "fallback"
        return "missing_sibling" if self.siblings else "missing"


# --------------------------------------------------------------------------- shape and name


def fused_shared_experts(architecture: str, num_experts: int, ep: int = 1, disabled: bool = False) -> int:
    """How many shared experts SGLang fuses into each rank's expert tensor (0 or 1) for this launch."""
    if disabled or ep > 1:
        return 0
    if architecture in _FUSED_SHARED_ANY:
        return 1
    if architecture in _FUSED_SHARED_256 and num_experts == 256:
        return 1
    return 0


def moe_shape(
    num_experts: int,
    moe_intermediate_size: int,
    tp: int,
    ep: int = 1,
    quant: QuantKernel | None = None,
    fused_shared: int = 0,
) -> MoeShape:
    """E and N exactly as `FusedMoE.__init__` derives them from the launch's TP/EP."""
    tp, ep = max(int(tp), 1), max(int(ep), 1)
    if tp % ep:
        raise ValueError(f"tp ({tp}) must be a multiple of ep ({ep})")
    moe_tp = tp // ep
    if num_experts % ep:
        raise ValueError(f"{num_experts} experts do not split over ep={ep}")
    if moe_intermediate_size % moe_tp:
        raise ValueError(f"moe_intermediate_size {moe_intermediate_size} does not split over moe tp={moe_tp}")
    quant = quant or QuantKernel(None)
    n = moe_intermediate_size // moe_tp
    if quant.dtype == "int4_w4a16":
        n //= 2  # moe_wna16 packs two 4-bit values per byte of w2
    return MoeShape(
        experts=num_experts // ep + fused_shared,
        n=n,
        dtype=quant.dtype,
        block_shape=quant.block_shape,
        per_channel_quant=quant.per_channel_quant,
    )


def _suffix(shape: MoeShape, down: bool) -> str:
    dtype = f",dtype={shape.dtype}" if shape.dtype else ""
    block = ""
    if shape.block_shape and all(shape.block_shape):
        block = f",block_shape=[{shape.block_shape[0]}, {shape.block_shape[1]}]"  # Python list repr
    per_channel = ",per_channel_quant=True" if shape.per_channel_quant else ""
    return f"{dtype}{block}{per_channel}{'_down' if down else ''}.json"


def config_file_name(shape: MoeShape, device_name: str, down: bool = False) -> str:
    """The file name `get_config_file_name` builds; `device_name` as NVML/CUDA reports it (spaces allowed)."""
    device = device_name.replace(" ", "_")
    return f"E={shape.experts},N={shape.n},device_name={device}{_suffix(shape, down)}"


def device_of(file_name: str, shape: MoeShape, down: bool = False) -> str | None:
    """The device name in `file_name` when it is the config for exactly `shape`, else None."""
    prefix = f"E={shape.experts},N={shape.n},device_name="
    suffix = _suffix(shape, down)
    if not (file_name.startswith(prefix) and file_name.endswith(suffix)):
        return None
    device = file_name[len(prefix) : len(file_name) - len(suffix)]
    # A longer suffix (",dtype=...") of another shape would leave a comma in the middle.
    if not device or "," in device or (not down and device.endswith("_down")):
        return None
    return device


_NAME = re.compile(
    r"E=(?P<e>\d+),N=(?P<n>\d+),device_name=(?P<dev>[^,]*?)"
    r"(?:,dtype=(?P<dtype>[a-z0-9_]+))?(?:,block_shape=\[(?P<b0>\d+), (?P<b1>\d+)\])?"
    r"(?P<pc>,per_channel_quant=True)?(?P<down>_down)?\.json"
)


def parse_config_file_name(file_name: str) -> tuple[MoeShape, str, bool] | None:
    """(shape, device name, down) of a shipped config file name; None for anything else (README.md)."""
    m = _NAME.fullmatch(file_name)
    if not m:
        return None
    block = (int(m["b0"]), int(m["b1"])) if m["b0"] else None
    shape = MoeShape(int(m["e"]), int(m["n"]), m["dtype"], block, bool(m["pc"]))
    return shape, m["dev"], bool(m["down"])


# --------------------------------------------------------------------------- quantization


def quant_kernel(
    quant: str | None, weight_block_size: Sequence[int] | None = None, bits: int | None = None
) -> QuantKernel:
    """Map SGLang's `--quantization` (or the checkpoint's quant_method) to the kernel's dtype selector."""
    q = (quant or "").lower().replace("_", "-")
    block = tuple(int(b) for b in weight_block_size) if weight_block_size else None
    block_shape = (block[0], block[1]) if block and len(block) == 2 else None
    if q in ("", "none", "bf16", "bfloat16", "fp16", "float16", "auto"):
        return QuantKernel(None)
    if q == "fp8":
        return QuantKernel("fp8_w8a8", block_shape)
    if q == "w8a8-fp8":
        return QuantKernel("fp8_w8a8", per_channel_quant=True)
    if q == "w8a8-int8":
        return QuantKernel("int8_w8a8", block_shape, per_channel_quant=block_shape is None)
    if q == "moe-wna16":
        return QuantKernel("int8_w8a16" if bits == 8 else "int4_w4a16")
    return QuantKernel(
        None, triton=False, note=f"quantization {quant!r} does not run SGLang's Triton fused-MoE kernel here"
    )


# --------------------------------------------------------------------------- lookup


def _version_key(dir_name: str) -> tuple[int, ...]:
    match = _VERSION_DIR.fullmatch(dir_name)
    return tuple(int(p) for p in match.group(1).split("_")) if match else ()


def version_dir(triton_version: str) -> str:
    """`3.1.0` -> `triton_3_1_0`; a local tag such as `3.1.0+git1234` is kept, as SGLang keeps it."""
    return f"triton_{triton_version.replace('.', '_')}"


def fallback_versions(source_text: str | None) -> tuple[str, ...] | None:
    """The `supported_triton_versions` list from the installed config module's text; None when absent."""
    if not source_text:
        return None
    match = _SUPPORTED_LIST.search(source_text)
    if not match:
        return None
    return tuple(re.findall(r"['\"]([^'\"]+)['\"]", match.group(1)))


def lookup(
    shape: MoeShape,
    device_name: str,
    available: Iterable[str],
    triton_version: str | None,
    fallback: Sequence[str] | None = None,
    down: bool = False,
) -> ConfigLookup:
    """Replay SGLang's search for `shape` on `device_name` over `available` ("triton_X_Y_Z/<file>" paths).

    `fallback` is the installed SGLang's own list of other triton versions to try (newest first); when it
    is unknown every `triton_*` folder present is tried newest first, which is what newer SGLang does.
    """
    files = {}
    for rel in available:
        folder, _, name = rel.replace("\\", "/").rpartition("/")
        files.setdefault(folder.rsplit("/", 1)[-1], set()).add(name)
    name = config_file_name(shape, device_name, down)
    installed = version_dir(triton_version) if triton_version else None
    if fallback is None:
        others = sorted((d for d in files if _VERSION_DIR.fullmatch(d)), key=_version_key, reverse=True)
    else:
        others = [version_dir(v) for v in fallback]
    order = ([installed] if installed else []) + [d for d in others if d != installed]
    found = next((d for d in order if name in files.get(d, ())), None)
    siblings = sorted(
        {dev for names in files.values() for f in names if (dev := device_of(f, shape, down)) is not None}
        - {device_name.replace(" ", "_")}
    )
    unsearched = tuple(
        f"{d}/{name}" for d in sorted(files, key=_version_key, reverse=True) if d not in order and name in files[d]
    )
    return ConfigLookup(
        file_name=name,
        device_name=device_name.replace(" ", "_"),
        installed_dir=installed,
        found=f"{found}/{name}" if found else None,
        exact=found is not None and found == installed,
        searched=tuple(order),
        siblings=tuple(_family_first(siblings, device_name)),
        unsearched=unsearched,
    )


def _family_first(devices: Sequence[str], device_name: str) -> list[str]:
    """Same-family names (`NVIDIA_H200` for `NVIDIA_H200_NVL`, by whole `_` words) first: the ones worth naming."""
    own = device_name.replace(" ", "_").split("_")

    def distance(dev: str) -> int:
        words = dev.split("_")
        shorter = min(len(words), len(own))
        return 0 if words[:shorter] == own[:shorter] else 1

    return sorted(devices, key=lambda d: (distance(d), d))


# --------------------------------------------------------------------------- tuner


def tuner_argv(
    model: str,
    tp: int,
    ep: int = 1,
    quant: QuantKernel | None = None,
    disable_shared_experts_fusion: bool = False,
    python: str = "python",
) -> list[str]:
    """SGLang's own tuner (run from an SGLang source checkout) for the exact file this launch looks up.

    The tuner derives E/N/block_shape from the model's config and `--tp-size/--ep-size` the same way the
    server does, and writes `<file name>` into the current directory.
    """
    argv = [python, TUNER_SCRIPT, "--model", model, "--tp-size", str(tp)]
    if ep > 1:
        argv += ["--ep-size", str(ep)]
    if quant and quant.dtype in TUNER_DTYPES:
        argv += ["--dtype", quant.dtype]
    if quant and quant.per_channel_quant:
        argv.append("--per-channel-quant")
    if disable_shared_experts_fusion:
        argv.append("--disable-shared-experts-fusion")
    argv.append("--tune")
    return argv


def tuner_command(argv: Sequence[str]) -> str:
    """Display form of the tuner argv (shown to the user, never run through a shell here)."""
    return shlex.join(argv)


__all__ = [
    "TRITON_BACKENDS",
    "TUNER_SCRIPT",
    "UNTUNED_COST",
    "ConfigLookup",
    "MoeShape",
    "QuantKernel",
    "config_file_name",
    "device_of",
    "fallback_versions",
    "fused_shared_experts",
    "lookup",
    "moe_shape",
    "parse_config_file_name",
    "quant_kernel",
    "tuner_argv",
    "tuner_command",
    "version_dir",
]

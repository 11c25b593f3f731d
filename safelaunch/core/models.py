"""MODEL -> `ModelInfo`: the few architecture figures the planner and the memory estimate need.

Three sources, tried in this order, all offline (safelaunch never downloads):

1. a local directory with a `config.json` (the path passed as MODEL);
2. the local Hugging Face cache (`HF_HUB_CACHE`, else `HF_HOME/hub`, else `~/.cache/huggingface/hub`),
   `models--ORG--NAME/snapshots/REV/`, preferring the revision `refs/main` points at;
3. the built-in catalogue below, so that `plan` works for well-known models with no files at all.

A real config on disk wins over the catalogue because it describes the checkpoint that will actually load.
Figures in the catalogue carry their provenance; the ones that are estimates say so.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from safelaunch.errors import SafelaunchError

GB = 10**9
GIB = 2**30


@dataclass(frozen=True)
class ModelInfo:
    """What the planner needs to know about a checkpoint; every size is for the whole model (not per GPU)."""

    model_id: str
    architecture: str
    num_layers: int
    hidden_size: int
    num_attention_heads: int
    num_kv_heads: int
    head_dim: int
    kv_lora_rank: int | None  # MLA when set (DeepSeek-V2/V3/R1): the KV cache stores the latent, not heads
    qk_rope_head_dim: int | None
    num_experts: int | None  # routed experts; None for dense models
    num_experts_per_tok: int | None
    moe_intermediate_size: int | None  # width of ONE expert (SGLang's fused-MoE N is this / MoE-TP size)
    intermediate_size: int
    vocab_size: int
    weight_bytes: int  # whole checkpoint, as stored
    dtype: str  # weight dtype as stored: bf16 | fp16 | fp32 | fp8 | fp4 | int4 ...
    quant: str | None  # the checkpoint's quantization (fp8, fp4, awq, ...) or None for plain bf16/fp16
    max_position_embeddings: int
    # --- optional detail (defaults keep the contract's positional fields first)
    kv_layers: int | None = None  # layers that keep a per-token KV cache (hybrid linear-attention models)
    kv_bytes_per_token_hint: int | None = None  # whole-model bytes/token for caches no formula here describes
    expert_dtype: str | None = None  # when experts are stored differently from the rest (DeepSeek-V4: fp4)
    num_shared_experts: int = 0
    first_dense_layers: int = 0  # leading layers with a dense MLP instead of experts (DeepSeek: 3)
    source: str = "catalogue"  # catalogue | local | hf-cache
    path: str | None = None  # the directory read, when read from disk
    provenance: str = ""
    weight_bytes_estimated: bool = False
    trust_remote_code: bool = False

    @property
    def is_moe(self) -> bool:
        return bool(self.num_experts and self.num_experts > 1)

    @property
    def is_mla(self) -> bool:
        return bool(self.kv_lora_rank)

    @property
    def kv_layer_count(self) -> int:
        return self.kv_layers if self.kv_layers is not None else self.num_layers

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["is_moe"] = self.is_moe
        d["is_mla"] = self.is_mla
        return d


# --------------------------------------------------------------------------- catalogue

_DSV4_FLASH_PROVENANCE = (
    "config.json of deepseek-ai/DeepSeek-V4-Flash (0731 release) as quoted in public code: 43 layers, hidden 4096, "
    "64 heads, 1 KV head of dim 512 (compressed MQA, not MLA), 256 routed + 1 shared expert, top-6, "
    "moe_intermediate_size 2048, FP8 e4m3 128x128 blocks with FP4 experts (expert_dtype fp4), 1M context. "
    "Checkpoint size ~167 GB from a public listing of the repo (48 shards): an estimate. KV bytes/token is an "
    "estimate of its compressed cache (first 2 layers sliding-window only, then CSA ratio 4 / HCA ratio 128 "
    "alternating; 584-byte entries, 132-byte indexer entries on CSA layers), not a figure SGLang printed."
)

_CATALOGUE_LIST: tuple[ModelInfo, ...] = (
    ModelInfo(
        model_id="deepseek-ai/DeepSeek-V4-Flash",
        architecture="DeepseekV4ForCausalLM",
        num_layers=43,
        hidden_size=4096,
        num_attention_heads=64,
        num_kv_heads=1,
        head_dim=512,
        kv_lora_rank=None,
        qk_rope_head_dim=64,
        num_experts=256,
        num_experts_per_tok=6,
        moe_intermediate_size=2048,
        intermediate_size=2048,
        vocab_size=129280,
        weight_bytes=167 * GB,
        dtype="fp8",
        quant="fp8",
        max_position_embeddings=1048576,
        kv_bytes_per_token_hint=3915,
        expert_dtype="fp4",
        num_shared_experts=1,
        provenance=_DSV4_FLASH_PROVENANCE,
        weight_bytes_estimated=True,
        trust_remote_code=True,
    ),
    ModelInfo(
        model_id="Qwen/Qwen3.8-Flash-Next-FP8",
        architecture="Qwen4ExpForConditionalGeneration",
        num_layers=48,
        hidden_size=2560,
        num_attention_heads=16,
        num_kv_heads=2,
        head_dim=256,
        kv_lora_rank=None,
        qk_rope_head_dim=None,
        num_experts=512,
        num_experts_per_tok=10,
        moe_intermediate_size=640,
        intermediate_size=640,
        vocab_size=248320,
        weight_bytes=int(172.8 * GIB),
        dtype="fp8",
        quant="fp8",
        max_position_embeddings=262144,
        kv_layers=12,
        provenance=(
            "text_config of Qwen/Qwen3.8-Flash-Next as quoted in public code: 48 layers, hidden 2560, 2 KV heads "
            "of dim 256, full attention every 4th layer (12 layers keep a KV cache; the others are Gated DeltaNet "
            "with a fixed per-request state), 512 experts, top-10, moe_intermediate_size 640, 262144 context. "
            "num_attention_heads 16 is an estimate. FP8 checkpoint 172.8 GiB (public report). SGLang's tuned "
            "fused-MoE file for it is 'E=256,N=640,device_name=NVIDIA_H200_NVL,dtype=fp8_w8a8,block_shape=[128, "
            "128].json' (sglang PR #38116, served with --tp 2 --ep-size 2): E is the experts local to one rank "
            "(512 / EP 2) and N the per-partition intermediate size (640 / MoE-TP 1, since EP = TP)."
        ),
        trust_remote_code=True,
    ),
    ModelInfo(
        model_id="Qwen/Qwen3-8B",
        architecture="Qwen3ForCausalLM",
        num_layers=36,
        hidden_size=4096,
        num_attention_heads=32,
        num_kv_heads=8,
        head_dim=128,
        kv_lora_rank=None,
        qk_rope_head_dim=None,
        num_experts=None,
        num_experts_per_tok=None,
        moe_intermediate_size=None,
        intermediate_size=12288,
        vocab_size=151936,
        weight_bytes=16_381_470_720,
        dtype="bf16",
        quant=None,
        max_position_embeddings=40960,
        provenance="HF config.json of Qwen/Qwen3-8B; size = 8.19e9 parameters x 2 bytes (bf16), untied embeddings.",
        weight_bytes_estimated=True,
    ),
    ModelInfo(
        model_id="meta-llama/Llama-3.1-8B-Instruct",
        architecture="LlamaForCausalLM",
        num_layers=32,
        hidden_size=4096,
        num_attention_heads=32,
        num_kv_heads=8,
        head_dim=128,
        kv_lora_rank=None,
        qk_rope_head_dim=None,
        num_experts=None,
        num_experts_per_tok=None,
        moe_intermediate_size=None,
        intermediate_size=14336,
        vocab_size=128256,
        weight_bytes=16_060_522_496,
        dtype="bf16",
        quant=None,
        max_position_embeddings=131072,
        provenance="HF config.json and model.safetensors.index.json total_size of meta-llama/Llama-3.1-8B-Instruct.",
    ),
    ModelInfo(
        model_id="meta-llama/Llama-3.1-70B-Instruct",
        architecture="LlamaForCausalLM",
        num_layers=80,
        hidden_size=8192,
        num_attention_heads=64,
        num_kv_heads=8,
        head_dim=128,
        kv_lora_rank=None,
        qk_rope_head_dim=None,
        num_experts=None,
        num_experts_per_tok=None,
        moe_intermediate_size=None,
        intermediate_size=28672,
        vocab_size=128256,
        weight_bytes=141_107_412_992,
        dtype="bf16",
        quant=None,
        max_position_embeddings=131072,
        provenance="HF config.json and model.safetensors.index.json total_size of meta-llama/Llama-3.1-70B-Instruct.",
    ),
    ModelInfo(
        model_id="Qwen/Qwen3-235B-A22B",
        architecture="Qwen3MoeForCausalLM",
        num_layers=94,
        hidden_size=4096,
        num_attention_heads=64,
        num_kv_heads=4,
        head_dim=128,
        kv_lora_rank=None,
        qk_rope_head_dim=None,
        num_experts=128,
        num_experts_per_tok=8,
        moe_intermediate_size=1536,
        intermediate_size=12288,
        vocab_size=151936,
        weight_bytes=470 * GB,
        dtype="bf16",
        quant=None,
        max_position_embeddings=40960,
        provenance="HF config.json of Qwen/Qwen3-235B-A22B; size = 235e9 parameters x 2 bytes (estimate).",
        weight_bytes_estimated=True,
    ),
    ModelInfo(
        model_id="Qwen/Qwen3-235B-A22B-FP8",
        architecture="Qwen3MoeForCausalLM",
        num_layers=94,
        hidden_size=4096,
        num_attention_heads=64,
        num_kv_heads=4,
        head_dim=128,
        kv_lora_rank=None,
        qk_rope_head_dim=None,
        num_experts=128,
        num_experts_per_tok=8,
        moe_intermediate_size=1536,
        intermediate_size=12288,
        vocab_size=151936,
        weight_bytes=236 * GB,
        dtype="fp8",
        quant="fp8",
        max_position_embeddings=40960,
        provenance="HF config.json of Qwen/Qwen3-235B-A22B-FP8 (fp8, 128x128 blocks); size ~236 GB (estimate).",
        weight_bytes_estimated=True,
    ),
)


def _deepseek_v3_like(model_id: str, provenance: str) -> ModelInfo:
    return ModelInfo(
        model_id=model_id,
        architecture="DeepseekV3ForCausalLM",
        num_layers=61,
        hidden_size=7168,
        num_attention_heads=128,
        num_kv_heads=128,
        head_dim=192,  # qk_nope_head_dim 128 + qk_rope_head_dim 64
        kv_lora_rank=512,
        qk_rope_head_dim=64,
        num_experts=256,
        num_experts_per_tok=8,
        moe_intermediate_size=2048,
        intermediate_size=18432,
        vocab_size=129280,
        weight_bytes=int(688.6 * GB),
        dtype="fp8",
        quant="fp8",
        max_position_embeddings=163840,
        num_shared_experts=1,
        first_dense_layers=3,
        provenance=provenance,
        weight_bytes_estimated=True,
        trust_remote_code=True,
    )


_CATALOGUE_LIST = (
    *_CATALOGUE_LIST,
    _deepseek_v3_like(
        "deepseek-ai/DeepSeek-V3",
        "HF config.json of deepseek-ai/DeepSeek-V3 (MLA kv_lora_rank 512 + rope 64, 256 experts top-8, 3 dense "
        "layers, fp8 128x128); checkpoint ~688.6 GB incl. the MTP layer (estimate from the repo listing).",
    ),
    _deepseek_v3_like("deepseek-ai/DeepSeek-R1", "Same architecture and size as deepseek-ai/DeepSeek-V3."),
    _deepseek_v3_like("deepseek-ai/DeepSeek-R1-0528", "Same architecture and size as deepseek-ai/DeepSeek-V3."),
    _deepseek_v3_like("deepseek-ai/DeepSeek-V3-0324", "Same architecture and size as deepseek-ai/DeepSeek-V3."),
)

CATALOGUE: Mapping[str, ModelInfo] = {m.model_id.lower(): m for m in _CATALOGUE_LIST}
# Release names that point at the same checkpoint figures.
_ALIASES = {"deepseek-ai/deepseek-v4-flash-0731": "deepseek-ai/deepseek-v4-flash"}


def catalogue_ids() -> tuple[str, ...]:
    return tuple(m.model_id for m in _CATALOGUE_LIST)


# --------------------------------------------------------------------------- config.json -> ModelInfo

_TORCH_DTYPES = {
    "bfloat16": "bf16",
    "bf16": "bf16",
    "float16": "fp16",
    "half": "fp16",
    "fp16": "fp16",
    "float32": "fp32",
    "float": "fp32",
}
DTYPE_BYTES = {"fp32": 4.0, "bf16": 2.0, "fp16": 2.0, "fp8": 1.0, "int8": 1.0, "fp4": 0.5, "int4": 0.5}


def _quant_of(qc: Mapping[str, Any] | None) -> tuple[str | None, str | None]:
    """quantization_config -> (quant label, stored weight dtype); None when the checkpoint is not quantized."""
    if not qc:
        return None, None
    method = str(qc.get("quant_method") or "").lower()
    algo = str(qc.get("quant_algo") or "").lower()
    if method == "fp8" or "fp8" in algo:
        return "fp8", "fp8"
    if method == "mxfp4" or "mxfp4" in algo:
        return "mxfp4", "fp4"
    if "nvfp4" in algo or "fp4" in algo or method in ("modelopt_fp4", "nvfp4"):
        return "fp4", "fp4"
    if method in ("awq", "gptq", "awq_marlin", "gptq_marlin", "auto-round"):
        bits = qc.get("bits") or qc.get("w_bit") or 4
        return method, "int4" if int(bits) == 4 else "int8"
    if method:
        return method, None
    return None, None


def _first(cfg: Mapping[str, Any], *keys: str, default: Any = None) -> Any:
    for k in keys:
        v = cfg.get(k)
        if v is not None:
            return v
    return default


def _dsv4_kv_bytes(cfg: Mapping[str, Any]) -> int | None:
    """Per-token bytes of DeepSeek-V4's compressed KV cache, from its compress_ratios (an estimate, see module)."""
    ratios = cfg.get("compress_ratios")
    layers = int(cfg.get("num_hidden_layers") or 0)
    if not isinstance(ratios, list) or not layers:
        return None
    block, entry, align = 256, 584, 576
    index_entry = int(cfg.get("index_head_dim") or 128) + 4

    def page(n: float) -> int:
        return -(-int(n) // align) * align

    total = 0.0
    for r in ratios[:layers]:
        r = int(r or 0)
        if r > 1:
            total += page(block / r * entry) / block
            if r == 4:
                total += page(block / 4 * index_entry) / block
    return round(total)


def info_from_config(
    cfg: Mapping[str, Any], model_id: str, weight_bytes: int | None, source: str, path: str | None
) -> ModelInfo:
    """A HF config.json (and the checkpoint size, when known) -> ModelInfo. Multimodal configs nest text_config."""
    outer = dict(cfg)
    text = outer.get("text_config") if isinstance(outer.get("text_config"), Mapping) else None
    merged = {**outer, **(text or {})}
    archs = outer.get("architectures") or merged.get("architectures") or ["unknown"]
    hidden = int(_first(merged, "hidden_size", "n_embd", "d_model", default=0))
    heads = int(_first(merged, "num_attention_heads", "n_head", default=0))
    if not hidden or not heads:
        raise SafelaunchError(f"model {model_id}: config.json has no hidden_size / num_attention_heads")
    layers = int(_first(merged, "num_hidden_layers", "n_layer", "num_layers", default=0))
    kv_heads = int(_first(merged, "num_key_value_heads", "num_kv_heads", default=heads))
    kv_lora = merged.get("kv_lora_rank") or None
    rope = merged.get("qk_rope_head_dim")
    if kv_lora:
        head_dim = int(merged.get("qk_nope_head_dim") or 128) + int(rope or 64)
    else:
        head_dim = int(merged.get("head_dim") or hidden // heads)
    experts = _first(merged, "n_routed_experts", "num_experts", "num_local_experts", "moe_num_experts")
    experts = int(experts) if experts else None
    quant, qdtype = _quant_of(_first(outer, "quantization_config", default=None) or merged.get("quantization_config"))
    torch_dtype = str(_first(merged, "torch_dtype", "dtype", default="bfloat16")).replace("torch.", "")
    dtype = qdtype or _TORCH_DTYPES.get(torch_dtype, torch_dtype)
    expert_dtype = merged.get("expert_dtype")
    layer_types = merged.get("layer_types")
    kv_layers: int | None = None
    if isinstance(layer_types, list) and layer_types:
        kv_layers = sum(1 for t in layer_types if "attention" in str(t) and "linear" not in str(t))
    elif merged.get("full_attention_interval"):
        kv_layers = layers // int(merged["full_attention_interval"])
    hint = _dsv4_kv_bytes(merged) if (merged.get("model_type") == "deepseek_v4" or "V4" in archs[0]) else None
    info = ModelInfo(
        model_id=model_id,
        architecture=str(archs[0]),
        num_layers=layers,
        hidden_size=hidden,
        num_attention_heads=heads,
        num_kv_heads=kv_heads,
        head_dim=head_dim,
        kv_lora_rank=int(kv_lora) if kv_lora else None,
        qk_rope_head_dim=int(rope) if rope is not None else None,
        num_experts=experts,
        num_experts_per_tok=_int_or_none(_first(merged, "num_experts_per_tok", "moe_topk", "num_experts_per_token")),
        moe_intermediate_size=_int_or_none(merged.get("moe_intermediate_size")),
        intermediate_size=int(_first(merged, "intermediate_size", "ffn_dim", "n_inner", default=4 * hidden)),
        vocab_size=int(merged.get("vocab_size") or 0),
        weight_bytes=0,
        dtype=dtype,
        quant=quant,
        max_position_embeddings=int(_first(merged, "max_position_embeddings", "n_positions", "seq_length", default=0)),
        kv_layers=kv_layers,
        kv_bytes_per_token_hint=hint,
        expert_dtype=str(expert_dtype) if expert_dtype else None,
        num_shared_experts=int(merged.get("n_shared_experts") or 0),
        first_dense_layers=int(merged.get("first_k_dense_replace") or 0),
        source=source,
        path=path,
        provenance=f"{path}/config.json" if path else "config.json",
        trust_remote_code=bool(merged.get("auto_map")) or "V4" in str(archs[0]),
    )
    if weight_bytes:
        return replace(info, weight_bytes=weight_bytes)
    estimated = int(estimate_param_count(info) * DTYPE_BYTES.get(dtype, 2.0))
    return replace(info, weight_bytes=estimated, weight_bytes_estimated=True)


def _int_or_none(v: Any) -> int | None:
    return int(v) if v is not None else None


def estimate_param_count(m: ModelInfo) -> int:
    """Rough parameter count from the architecture, used only when no weight files are present."""
    attn = m.num_layers * (
        2 * m.hidden_size * m.num_attention_heads * m.head_dim + 2 * m.hidden_size * m.num_kv_heads * m.head_dim
    )
    embed = 2 * m.vocab_size * m.hidden_size
    if m.is_moe and m.moe_intermediate_size:
        moe_layers = m.num_layers - m.first_dense_layers
        experts = moe_layers * (m.num_experts or 0) * 3 * m.hidden_size * m.moe_intermediate_size
        shared = moe_layers * m.num_shared_experts * 3 * m.hidden_size * m.moe_intermediate_size
        dense = m.first_dense_layers * 3 * m.hidden_size * m.intermediate_size
        return attn + embed + experts + shared + dense
    return attn + embed + m.num_layers * 3 * m.hidden_size * m.intermediate_size


def fused_moe_shape(model: ModelInfo, tp: int, ep: int = 1) -> tuple[int, int] | None:
    """(E, N) as SGLang's fused-MoE Triton config file name spells them for this layout, or None if dense.

    SGLang takes `E, _, N = w2.shape` (reference §4): E is the experts local to one rank (num_experts / ep) and
    N the per-partition intermediate size, moe_intermediate_size / (tp / ep). Qwen3.8-Flash-Next-FP8 at
    --tp 2 --ep-size 2 gives E=256, N=640, the file SGLang PR #38116 added for NVIDIA_H200_NVL.
    """
    if not model.is_moe or not model.moe_intermediate_size:
        return None
    ep = max(1, ep)
    moe_tp = max(1, tp // ep)
    return (model.num_experts or 0) // ep, model.moe_intermediate_size // moe_tp


def fused_moe_config_name(
    model: ModelInfo, tp: int, ep: int, device_name: str, dtype: str | None = None, block_shape: str | None = None
) -> str | None:
    """The tuned-config file name SGLang looks up, e.g. 'E=256,N=640,device_name=NVIDIA_H200_NVL,...json'."""
    shape = fused_moe_shape(model, tp, ep)
    if shape is None:
        return None
    name = f"E={shape[0]},N={shape[1]},device_name={device_name.replace(' ', '_')}"
    if dtype:
        name += f",dtype={dtype}"
    if block_shape:
        name += f",block_shape={block_shape}"
    return name + ".json"


# --------------------------------------------------------------------------- reading directories


def checkpoint_bytes(directory: Path) -> int | None:
    """Size of the weights: the safetensors index's metadata.total_size, else the *.safetensors file sizes."""
    index = directory / "model.safetensors.index.json"
    if index.is_file():
        try:
            total = json.loads(index.read_text()).get("metadata", {}).get("total_size")
            if total:
                return int(total)
        except (OSError, ValueError):
            pass
    sizes = []
    for f in directory.glob("*.safetensors"):
        try:
            sizes.append(f.stat().st_size)  # stat() follows the HF cache's symlinks into blobs/
        except OSError:
            continue
    return sum(sizes) or None


def read_model_dir(directory: Path, model_id: str | None = None, source: str = "local") -> ModelInfo:
    cfg_path = directory / "config.json"
    try:
        cfg = json.loads(cfg_path.read_text())
    except FileNotFoundError:
        raise SafelaunchError(f"model directory {directory}: no config.json") from None
    except (OSError, ValueError) as exc:
        raise SafelaunchError(f"model directory {directory}: config.json is not readable JSON ({exc})") from None
    if not isinstance(cfg, dict):
        raise SafelaunchError(f"model directory {directory}: config.json is not a JSON object")
    return info_from_config(cfg, model_id or str(directory), checkpoint_bytes(directory), source, str(directory))


def hf_cache_dir() -> Path:
    """Where huggingface_hub keeps its cache, by the same environment variables it reads."""
    if os.environ.get("HF_HUB_CACHE"):
        return Path(os.environ["HF_HUB_CACHE"]).expanduser()
    if os.environ.get("HUGGINGFACE_HUB_CACHE"):
        return Path(os.environ["HUGGINGFACE_HUB_CACHE"]).expanduser()
    if os.environ.get("HF_HOME"):
        return Path(os.environ["HF_HOME"]).expanduser() / "hub"
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg).expanduser() if xdg else Path.home() / ".cache") / "huggingface" / "hub"


def hf_cache_snapshot(model_id: str, cache: Path | None = None) -> Path | None:
    """The cached snapshot of a repo with a config.json: refs/main's revision first, else the newest one."""
    if model_id.count("/") != 1:
        return None
    repo = (cache or hf_cache_dir()) / ("models--" + model_id.replace("/", "--"))
    snapshots = repo / "snapshots"
    if not snapshots.is_dir():
        return None
    main = repo / "refs" / "main"
    if main.is_file():
        rev = snapshots / main.read_text().strip()
        if (rev / "config.json").is_file():
            return rev
    candidates = [p for p in snapshots.iterdir() if (p / "config.json").is_file()]
    return max(candidates, key=lambda p: p.stat().st_mtime) if candidates else None


def resolve_model(model: str) -> ModelInfo:
    """A HF id or a local directory -> ModelInfo, offline; unknown models get an error suggesting a local path."""
    path = Path(model).expanduser()
    if path.is_dir():
        return read_model_dir(path, model_id=model, source="local")
    if os.sep in model and (model.startswith((".", "/", "~")) or path.exists()):
        raise SafelaunchError(f"model {model}: no such directory")
    snap = hf_cache_snapshot(model)
    if snap is not None:
        return read_model_dir(snap, model_id=model, source="hf-cache")
    key = _ALIASES.get(model.lower(), model.lower())
    if key in CATALOGUE:
        info = CATALOGUE[key]
        return replace(info, model_id=model) if info.model_id != model else info
    raise SafelaunchError(
        f"model {model}: not a local directory, not in the Hugging Face cache ({hf_cache_dir()}) and not in "
        "safelaunch's catalogue; pass the path of a local directory that holds its config.json "
        "(safelaunch never downloads)"
    )


__all__ = [
    "CATALOGUE",
    "DTYPE_BYTES",
    "ModelInfo",
    "catalogue_ids",
    "checkpoint_bytes",
    "estimate_param_count",
    "fused_moe_config_name",
    "fused_moe_shape",
    "hf_cache_dir",
    "hf_cache_snapshot",
    "info_from_config",
    "read_model_dir",
    "resolve_model",
]

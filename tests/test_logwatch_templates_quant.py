"""Quantized checkpoints and quantization flags in SGLang 0.4.6.post5-0.5.10.post1, as they show in the log (a helper,
blind).

Config: a checkpoint whose `quantization_config` disagrees with `--quantization` (FP8 checkpoint under `awq`,
compressed-tensors under `gptq`: the scheduler's and the launcher's own ModelConfig both raise), a method the release does
not know (BitNet's `quant_method: bitnet`), argparse refusing `--quantization compressed-tensors` and the vLLM spelling
`--kv-cache-dtype fp8` on 0.5.2, AWQ under `--dtype bfloat16`, bitsandbytes not installed. The GPU generation lacking the
method: AWQ on a V100 (capability 70 < 75), ModelOpt NVFP4 on an H100 (90 < 100), NVFP4 on a B200 under a cu126 torch
("Current platform does not support NVFP4"), FP8 block-wise MoE on an A10 (Triton's `fp8e4nv not supported in this
architecture` while capturing CUDA graphs, sglang#5871). Tile sizes: block-wise FP8 MoE at TP 8 (768/8 = 96 not
divisible by block_n = 128), AWQ at TP 8 (29568/8 = 3696 not divisible by group 128; 0.4.6 `--quantization awq`, and
0.5.5's awq_marlin warning `Falling back to unoptimized AWQ kernels` followed by AWQ's own refusal). Missing scales:
a static-activation FP8 MoE checkpoint without input scales. Memory: `--quantization fp8` on a bf16 70B checkpoint
(bf16 weights are materialised first: OOM while loading), DeepSeek-V3 FP8 on 8x H100 80GB, the awq_marlin repack's
extra buffer, a quantized model that loads but leaves no room for KV ("Not enough memory"), capture OOM on an FP8
model, per-token-group FP8 activation quantization OOM while serving. CUDA: an illegal memory access surfacing at the
decode sync of an FP8 MoE model, Marlin repack on an sm_120 card with a kernel image that lacks sm_120. Five healthy
contrasts: the Marlin weight-only FP8 fallback on an A100, FP8 KV cache without scaling factors, gptq forced over
gptq_marlin plus "not fully optimized", AWQMarlin falling back to AWQ for the vision tower, FP8 Qwen3-32B fitting on one
H100 with FA3 -> triton for fp8_e5m2 KV.

Each message is copied from the named release's wheel (`sglang/srt/...` file:line of that release; call paths read
there with the same line numbers) or from the library that prints it (torch's caching allocator and c10 CUDA check,
Triton's CompilationError for fp8e4nv as sglang#5871 and vllm#18182 quote it, Python's argparse); library line numbers
(torch, Triton internals) are approximate. Labels by /work/shared/corpus/README.md, decided before the classifier ran,
with this policy: a quantization method, dtype, flag value or checkpoint that this SGLang / GPU cannot serve, including
a tile or group size that the chosen TP splits unevenly and missing scales in the checkpoint, is `config_error` (the
remedy is another recipe: another TP, another quantization or checkpoint, not more memory); a Triton or CUDA kernel
refusing an FP8 type the architecture lacks is also `config_error` (the GPU lacks the method); an out-of-memory is
labelled by its phase (weights incl. post-load repacking -> `oom_weights`, the KV pool -> `oom_kv_cache`, capture ->
`oom_cuda_graph`, serving -> `oom_runtime`); a kernel image missing for the GPU or an illegal memory access is
`cuda_error_other`.

First sight: 27/28 (1 miss, a strict xfail below: the Marlin repack's `CUDA error: no kernel image is available for
execution on the device` on an sm_120 card is read as config_error (rule config.no_kernel_variant); labelled here
cuda_error_other as the README's build/version mismatch, an ambiguous boundary: see the report). Healthy contrasts
5/5 end `healthy` and fire no failure event on the way.
"""

# ruff: noqa: E501, RUF005  (log lines are data; call paths are built by extending a shared prefix)

from __future__ import annotations

from typing import NamedTuple

import pytest

from safelaunch.core.logwatch import LogClassifier, classify_text

from .logwatch_templates import TB, first_sight, ts


class Template(NamedTuple):
    version: str
    source: str
    label: str
    why: str
    log: str


CASES: dict[str, Template] = {}


def case(name: str, version: str, source: str, label: str, why: str, log: str) -> None:
    assert name not in CASES
    CASES[name] = Template(version, source, label, why, log)


# ------------------------------------------------------------------------------------------------------ builders
PY310 = "/usr/local/lib/python3.10/dist-packages"  # the 0.4.x images
PY312 = "/usr/local/lib/python3.12/dist-packages"  # the 0.5.x images
RUNPY310 = (
    ("/usr/lib/python3.10/runpy.py", 196, "_run_module_as_main", "return _run_code(code, main_globals, None,"),
    ("/usr/lib/python3.10/runpy.py", 86, "_run_code", "exec(code, run_globals)"),
)
RUNPY312 = (("<frozen runpy>", 198, "_run_module_as_main", ""), ("<frozen runpy>", 88, "_run_code", ""))


def tb(site: str, *stack: tuple[str, int, str, str]) -> str:
    """Python's frames. A path is under `{site}/sglang/srt/` unless it starts with `/` or `<` (absolute) or `+`
    (another package in the same site-packages: `+torch/...`)."""
    out = []
    for path, line, func, code in stack:
        if path.startswith(("/", "<")):
            full = path
        elif path.startswith("+"):
            full = f"{site}/{path[1:]}"
        else:
            full = f"{site}/sglang/srt/{path}"
        out.append(f'  File "{full}", line {line}, in {func}' + (f"\n    {code}" if code else ""))
    return "\n".join(out)


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


def sargs(second: int, model: str, **kw: object) -> str:
    fields = {"model_path": model, "tokenizer_path": model, "tokenizer_mode": "auto", **kw}
    body = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    return f"{ts(second)} server_args=ServerArgs({body}, log_level='info', ...)"


def sigquit(second: int) -> str:
    return f"{ts(second)} Received sigquit from a child process. It usually means the child failed."


def hit(second: int, rank: str | None, site: str, stack: tuple, error: str) -> str:
    return f"{ts(second, rank)} Scheduler hit an exception: {TB}\n{tb(site, *stack)}\n{error}"


def ready(second: int, port: int = 30000, pid: int = 4242) -> list[str]:
    return [
        f"{ts(second)} INFO:     Started server process [{pid}]",
        f"{ts(second)} INFO:     Waiting for application startup.",
        f"{ts(second)} INFO:     Application startup complete.",
        f"{ts(second)} INFO:     Uvicorn running on http://0.0.0.0:{port} (Press CTRL+C to quit)",
        f'{ts(second + 1)} INFO:     127.0.0.1:46704 - "GET /get_model_info HTTP/1.1" 200 OK',
        f'{ts(second + 2)} INFO:     127.0.0.1:46710 - "POST /generate HTTP/1.1" 200 OK',
        f"{ts(second + 2)} The server is fired up and ready to roll!",
    ]


def dist(second: int, rank: str | None, avail: float = 78.62, *, elapsed: bool = False) -> list[str]:
    """Init torch distributed .. Load weight begin; 0.5.10 adds `elapsed=` to the `ends` line."""
    took = "elapsed=1.84 s, " if elapsed else ""
    return [
        f"{ts(second, rank)} Init torch distributed begin.",
        f"{ts(second + 2, rank)} Init torch distributed ends. {took}mem usage={max(79.11 - avail, 0.31):.2f} GB",
        f"{ts(second + 3, rank)} Load weight begin. avail mem={avail:.2f} GB",
    ]


# -- 0.5.10.post1 call paths (python 3.12)
S10 = (("managers/scheduler.py", 3600, "run_scheduler_process", "scheduler = Scheduler("),)
S10_MODEL_CONFIG = S10 + (
    ("managers/scheduler.py", 363, "__init__", "self.init_model_config()"),
    (
        "managers/scheduler.py",
        438,
        "init_model_config",
        "self.model_config = ModelConfig.from_server_args(self.server_args)",
    ),
    ("configs/model_config.py", 270, "from_server_args", "return ModelConfig("),
    ("configs/model_config.py", 226, "__init__", "self._verify_quantization()"),
)
L10_MODEL_CONFIG = RUNPY312 + (
    (f"{PY312}/sglang/launch_server.py", 62, "<module>", "run_server(server_args)"),
    (f"{PY312}/sglang/launch_server.py", 47, "run_server", "launch_server(server_args)"),
    ("entrypoints/http_server.py", 2165, "launch_server", ") = Engine._launch_subprocesses("),
    (
        "entrypoints/engine.py",
        721,
        "_launch_subprocesses",
        "tokenizer_manager, template_manager = init_tokenizer_manager_func(",
    ),
    (
        "entrypoints/engine.py",
        129,
        "init_tokenizer_manager",
        "tokenizer_manager = TokenizerManagerClass(server_args, port_args)",
    ),
    ("managers/tokenizer_manager.py", 194, "__init__", "self.init_model_config()"),
    (
        "managers/tokenizer_manager.py",
        233,
        "init_model_config",
        "self.model_config = model_config_class.from_server_args(server_args)",
    ),
    ("configs/model_config.py", 270, "from_server_args", "return ModelConfig("),
    ("configs/model_config.py", 226, "__init__", "self._verify_quantization()"),
)
S10_RUNNER = S10 + (
    ("managers/scheduler.py", 385, "__init__", "self.init_model_worker()"),
    ("managers/scheduler.py", 632, "init_model_worker", "self.init_tp_model_worker()"),
    ("managers/scheduler.py", 600, "init_tp_model_worker", "self.tp_worker = TpModelWorker(**worker_kwargs)"),
    ("managers/tp_worker.py", 261, "__init__", "self._init_model_runner()"),
    ("managers/tp_worker.py", 344, "_init_model_runner", "self._model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 427, "__init__", "self.initialize(pre_model_load_memory)"),
)
S10_LOAD = S10_RUNNER + (
    ("model_executor/model_runner.py", 507, "initialize", "self.load_model()"),
    ("model_executor/model_runner.py", 1159, "load_model", "self.model = self.loader.load_model("),
)
S10_QCFG = S10_LOAD + (
    (
        "model_loader/loader.py",
        680,
        "load_model",
        "quant_config = _get_quantization_config(model_config, self.load_config)",
    ),
)
S10_BUILD = S10_LOAD + (
    ("model_loader/loader.py", 683, "load_model", "model = _initialize_model("),
    ("model_loader/loader.py", 277, "_initialize_model", "return model_class(**kwargs)"),
)
S10_WEIGHTS = S10_LOAD + (("model_loader/loader.py", 689, "load_model", "self.load_weights_and_postprocess("),)
S10_POSTPROC = S10_WEIGHTS + (
    (
        "model_loader/loader.py",
        709,
        "load_weights_and_postprocess",
        "quant_method.process_weights_after_loading(module)",
    ),
)
QWEN3_MOE_LAYERS_10 = (
    ("models/qwen3_moe.py", 949, "__init__", "self.model = Qwen3MoeModel("),
    ("models/qwen3_moe.py", 919, "__init__", "super().__init__("),
    ("models/qwen2_moe.py", 607, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
    ("utils/common.py", 644, "make_layers", "+ get_offloader().wrap_modules("),
    ("utils/offloader.py", 36, "wrap_modules", "return list(all_modules_generator)"),
    ("utils/common.py", 646, "<genexpr>", "layer_fn(idx=idx, prefix=add_prefix(idx, prefix))"),
    ("models/qwen2_moe.py", 609, "<lambda>", "lambda idx, prefix: decoder_layer_type("),
    ("models/qwen3_moe.py", 770, "__init__", "self.mlp = Qwen3MoeSparseMoeBlock("),
    ("models/qwen3_moe.py", 258, "__init__", "self.experts = get_moe_impl_class(quant_config)("),
)
QWEN2_ATTN_10 = (
    ("models/qwen2.py", 442, "__init__", "self.model = Qwen2Model("),
    ("models/qwen2.py", 294, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
    ("utils/common.py", 644, "make_layers", "+ get_offloader().wrap_modules("),
    ("utils/offloader.py", 36, "wrap_modules", "return list(all_modules_generator)"),
    ("utils/common.py", 646, "<genexpr>", "layer_fn(idx=idx, prefix=add_prefix(idx, prefix))"),
    ("models/qwen2.py", 296, "<lambda>", "lambda idx, prefix: decoder_layer_type("),
    ("models/qwen2.py", 211, "__init__", "self.self_attn = Qwen2Attention("),
    ("models/qwen2.py", 145, "__init__", "self.qkv_proj = QKVParallelLinear("),
    ("layers/linear.py", 946, "__init__", "super().__init__("),
    ("layers/linear.py", 326, "__init__", "super().__init__("),
    ("layers/linear.py", 178, "__init__", "self.quant_method = quant_config.get_quant_method(self, prefix=prefix)"),
)
S10_POOL = S10_RUNNER + (
    ("model_executor/model_runner.py", 623, "initialize", "self.init_memory_pool(pre_model_load_memory)"),
    (
        "model_executor/model_runner_kv_cache_mixin.py",
        899,
        "init_memory_pool",
        "self.memory_pool_config = self._resolve_memory_pool_config(",
    ),
    ("model_executor/model_runner_kv_cache_mixin.py", 885, "_resolve_memory_pool_config", "return MemoryPoolConfig("),
    ("<string>", 9, "__init__", ""),
    ("model_executor/model_runner_kv_cache_mixin.py", 59, "__post_init__", "raise RuntimeError(msg)"),
)
S10_LOOP = S10 + (
    ("managers/scheduler.py", 3616, "run_scheduler_process", "scheduler.run_event_loop()"),
    ("managers/scheduler.py", 1300, "run_event_loop", "dispatch_event_loop(self)"),
    ("managers/scheduler.py", 3497, "dispatch_event_loop", "scheduler.event_loop_overlap()"),
    (f"{PY312}/torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
)

# -- 0.5.5 call paths (python 3.12)
S5 = (("managers/scheduler.py", 2802, "run_scheduler_process", "scheduler = Scheduler("),)
S5_RUNNER = S5 + (
    ("managers/scheduler.py", 311, "__init__", "self.tp_worker = TpModelWorker("),
    ("managers/tp_worker.py", 237, "__init__", "self._model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 322, "__init__", "self.initialize(min_per_gpu_memory)"),
)
S5_LOAD = S5_RUNNER + (
    ("model_executor/model_runner.py", 398, "initialize", "self.load_model()"),
    ("model_executor/model_runner.py", 752, "load_model", "self.model = get_model("),
    ("model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
)
S5_BUILD = S5_LOAD + (
    ("model_loader/loader.py", 594, "load_model", "model = _initialize_model("),
    ("model_loader/loader.py", 262, "_initialize_model", "return model_class(**kwargs)"),
)

# -- 0.4.6.post5 call paths (python 3.10)
S046 = (
    (
        "managers/scheduler.py",
        2297,
        "run_scheduler_process",
        "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
    ),
)
S046_RUNNER = S046 + (
    ("managers/scheduler.py", 277, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 64, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 78, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 231, "__init__", "self.initialize(min_per_gpu_memory)"),
)
S046_BUILD = S046_RUNNER + (
    ("model_executor/model_runner.py", 271, "initialize", "self.load_model()"),
    ("model_executor/model_runner.py", 534, "load_model", "self.model = get_model("),
    ("model_loader/__init__.py", 22, "get_model", "return loader.load_model("),
    ("model_loader/loader.py", 376, "load_model", "model = _initialize_model("),
    ("model_loader/loader.py", 153, "_initialize_model", "return model_class("),
)

OOM_TAIL = (
    "GPU {gpu} has a total capacity of {total} GiB of which {free} MiB is free. Including non-PyTorch memory, this "
    "process has {used} GiB memory in use. Of the allocated memory {alloc} GiB is allocated by PyTorch, and {resv} MiB "
    "is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting "
    "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  "
    "(https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
)


def oom(size: str, gpu: int, total: str, free: str, used: str, alloc: str, resv: str) -> str:
    return f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {size}. " + OOM_TAIL.format(
        gpu=gpu, total=total, free=free, used=used, alloc=alloc, resv=resv
    )


LIST_0510 = (
    "['fp8', 'mxfp8', 'blockwise_int8', 'modelopt', 'modelopt_fp8', 'modelopt_fp4', 'modelopt_mixed', 'w8a8_int8', "
    "'w8a8_fp8', 'awq', 'awq_marlin', 'bitsandbytes', 'gguf', 'gptq', 'gptq_marlin', 'moe_wna16', 'compressed-tensors', "
    "'qoq', 'w4afp8', 'petit_nvfp4', 'fbgemm_fp8', 'quark', 'auto-round', 'modelslim', 'quark_int4fp8_moe', 'mxfp4']"
)
CHOICES_052 = (
    "'awq', 'fp8', 'gptq', 'marlin', 'gptq_marlin', 'awq_marlin', 'bitsandbytes', 'gguf', 'modelopt', 'modelopt_fp4', "
    "'petit_nvfp4', 'w8a8_int8', 'w8a8_fp8', 'moe_wna16', 'qoq', 'w4afp8', 'mxfp4'"
)
USAGE_052 = (
    "usage: launch_server.py [-h] --model-path MODEL_PATH\n"
    "                        [--tokenizer-path TOKENIZER_PATH]\n"
    "                        [--tokenizer-mode {auto,slow}]\n"
    "                        [--skip-tokenizer-init] [--load-format {auto,pt,safetensors,npcache,dummy,sharded_state,gguf,bitsandbytes,layered,remote}]\n"
    "                        ..."
)

# =================================================================================================== config_error
case(
    "mismatch_fp8_checkpoint_under_awq_flag",
    "0.5.10.post1",
    "sglang/srt/configs/model_config.py:1028 (_verify_quantization); scheduler.py:438, tokenizer_manager.py:233",
    "config_error",
    "the checkpoint's quantization_config says fp8 but --quantization awq was passed: a bad argument, drop the flag",
    join(
        sargs(0, "Qwen/Qwen3-30B-A3B-FP8", dtype="auto", quantization="awq", tp_size=2, mem_fraction_static=0.85),
        hit(
            4,
            "TP0",
            PY312,
            S10_MODEL_CONFIG + (("configs/model_config.py", 1028, "_verify_quantization", "raise ValueError("),),
            "ValueError: Quantization method specified in the model config (fp8) does not match the quantization method specified in the `quantization` argument (awq).",
        ),
        hit(
            4,
            "TP1",
            PY312,
            S10_MODEL_CONFIG + (("configs/model_config.py", 1028, "_verify_quantization", "raise ValueError("),),
            "ValueError: Quantization method specified in the model config (fp8) does not match the quantization method specified in the `quantization` argument (awq).",
        ),
        TB,
        tb(PY312, *L10_MODEL_CONFIG, ("configs/model_config.py", 1028, "_verify_quantization", "raise ValueError(")),
        "ValueError: Quantization method specified in the model config (fp8) does not match the quantization method specified in the `quantization` argument (awq).",
        sigquit(5),
    ),
)

case(
    "mismatch_compressed_tensors_under_gptq_046",
    "0.4.6.post5",
    "sglang/srt/configs/model_config.py:387 (_verify_quantization); scheduler.py:468 (init_tokenizer)",
    "config_error",
    "compressed-tensors W4A16 checkpoint launched with --quantization gptq (a vLLM-era habit): flag disagrees with the checkpoint",
    join(
        sargs(0, "RedHatAI/Qwen2.5-7B-Instruct-quantized.w4a16", quantization="gptq", tp_size=1),
        f"{ts(3)} Scheduler hit an exception: {TB}\n"
        + tb(
            PY310,
            *S046,
            ("managers/scheduler.py", 255, "__init__", "self.init_tokenizer()"),
            (
                "managers/scheduler.py",
                468,
                "init_tokenizer",
                "self.model_config = ModelConfig.from_server_args(server_args)",
            ),
            ("configs/model_config.py", 233, "from_server_args", "return ModelConfig("),
            ("configs/model_config.py", 219, "__init__", "self._verify_quantization()"),
            ("configs/model_config.py", 387, "_verify_quantization", "raise ValueError("),
        )
        + "\nValueError: Quantization method specified in the model config (compressed-tensors) does not match the quantization method specified in the `quantization` argument (gptq).",
        sigquit(3),
        "Killed",
    ),
)

case(
    "argparse_quantization_compressed_tensors_052",
    "0.5.2",
    "sglang/srt/server_args.py:66 (QUANTIZATION_CHOICES), :1012 (--quantization choices); Python argparse",
    "config_error",
    "0.5.2 has no compressed-tensors choice for --quantization: argparse refuses the flag before anything starts",
    join(
        USAGE_052,
        f"launch_server.py: error: argument --quantization: invalid choice: 'compressed-tensors' (choose from {CHOICES_052})",
    ),
)

case(
    "argparse_kv_cache_dtype_fp8_vllm_spelling_052",
    "0.5.2",
    "sglang/srt/server_args.py:1028-1031 (--kv-cache-dtype choices auto, fp8_e5m2, fp8_e4m3); Python argparse",
    "config_error",
    "`--kv-cache-dtype fp8` is vLLM's spelling; SGLang 0.5.2 only knows fp8_e5m2 / fp8_e4m3",
    join(
        USAGE_052,
        "launch_server.py: error: argument --kv-cache-dtype: invalid choice: 'fp8' (choose from 'auto', 'fp8_e5m2', 'fp8_e4m3')",
    ),
)

case(
    "unknown_quant_method_bitnet",
    "0.5.10.post1",
    "sglang/srt/configs/model_config.py:1046 (Unknown quantization method); layers/quantization/__init__.py:54",
    "config_error",
    "BitNet's config declares quant_method bitnet, which this release does not know: unsupported quantization",
    join(
        sargs(0, "microsoft/bitnet-b1.58-2B-4T", dtype="auto", quantization=None, tp_size=1, trust_remote_code=True),
        hit(
            3,
            None,
            PY312,
            S10_MODEL_CONFIG + (("configs/model_config.py", 1046, "_verify_quantization", "raise ValueError("),),
            f"ValueError: Unknown quantization method: bitnet. Must be one of {LIST_0510}.",
        ),
        sigquit(3),
    ),
)

case(
    "awq_under_bfloat16_dtype",
    "0.5.10.post1",
    "sglang/srt/model_loader/loader.py:244 (dtype not supported for quantization method); layers/quantization/awq.py:139",
    "config_error",
    "plain AWQ kernels take float16 activations only; --dtype bfloat16 is a bad argument combination",
    join(
        sargs(0, "Qwen/Qwen2.5-14B-Instruct-AWQ", dtype="bfloat16", quantization="awq", tp_size=1),
        f"{ts(2)} Detected that the model can run with awq_marlin, however you specified quantization=awq explicitly, so forcing awq. Use quantization=awq_marlin for faster inference",
        f"{ts(2)} awq quantization is not fully optimized yet. The speed can be slower than non-quantized models.",
        dist(3, None, elapsed=True),
        hit(
            7,
            None,
            PY312,
            S10_QCFG + (("model_loader/loader.py", 244, "_get_quantization_config", "raise ValueError("),),
            "ValueError: torch.bfloat16 is not supported for quantization method awq. Supported dtypes: [torch.float16]",
        ),
        sigquit(7),
    ),
)

case(
    "bitsandbytes_not_installed",
    "0.5.10.post1",
    "sglang/srt/layers/quantization/bitsandbytes.py:187,195 (BitsAndBytesLinearMethod.__init__); loader.py:1963",
    "config_error",
    "a bnb-4bit checkpoint with bitsandbytes missing from the image: the quantization cannot be served as installed",
    join(
        sargs(
            0,
            "unsloth/Qwen2.5-7B-Instruct-bnb-4bit",
            dtype="auto",
            quantization="bitsandbytes",
            load_format="bitsandbytes",
            tp_size=1,
        ),
        dist(3, None, elapsed=True),
        f"{ts(7)} Scheduler hit an exception: {TB}\n"
        + tb(PY312, ("layers/quantization/bitsandbytes.py", 187, "__init__", "import bitsandbytes"))
        + "\nModuleNotFoundError: No module named 'bitsandbytes'\n\n"
        "The above exception was the direct cause of the following exception:\n\n"
        f"{TB}\n"
        + tb(
            PY312,
            *S10_LOAD,
            ("model_loader/loader.py", 1963, "load_model", "model = _initialize_model("),
            ("model_loader/loader.py", 277, "_initialize_model", "return model_class(**kwargs)"),
            *QWEN2_ATTN_10,
            ("layers/quantization/bitsandbytes.py", 148, "get_quant_method", "return BitsAndBytesLinearMethod(self)"),
            ("layers/quantization/bitsandbytes.py", 195, "__init__", "raise ImportError("),
        )
        + "\nImportError: Please install bitsandbytes>=0.46.1 via `pip install bitsandbytes>=0.46.1` to use bitsandbytes quantizer.",
        sigquit(7),
    ),
)

case(
    "awq_min_capability_v100",
    "0.5.10.post1",
    "sglang/srt/model_loader/loader.py:236 (not supported for the current GPU); layers/quantization/awq.py:143 (75)",
    "config_error",
    "AWQ needs capability 75 and a V100 is 70: the GPU generation lacks the method",
    join(
        sargs(0, "Qwen/Qwen2.5-32B-Instruct-AWQ", dtype="float16", quantization="awq", tp_size=2),
        f"{ts(2)} awq quantization is not fully optimized yet. The speed can be slower than non-quantized models.",
        dist(3, "TP0", avail=31.02, elapsed=True),
        dist(3, "TP1", avail=31.02, elapsed=True),
        hit(
            8,
            "TP1",
            PY312,
            S10_QCFG + (("model_loader/loader.py", 236, "_get_quantization_config", "raise ValueError("),),
            "ValueError: The quantization method awq is not supported for the current GPU. Minimum capability: 75. Current capability: 70.",
        ),
        hit(
            8,
            "TP0",
            PY312,
            S10_QCFG + (("model_loader/loader.py", 236, "_get_quantization_config", "raise ValueError("),),
            "ValueError: The quantization method awq is not supported for the current GPU. Minimum capability: 75. Current capability: 70.",
        ),
        sigquit(8),
    ),
)

case(
    "modelopt_fp4_on_hopper",
    "0.5.10.post1",
    "sglang/srt/model_loader/loader.py:236; layers/quantization/modelopt_quant.py:1144 (ModelOptFp4Config min capability 100), :1125",
    "config_error",
    "an NVFP4 checkpoint on H100 (capability 90 < 100): the quantization needs Blackwell",
    join(
        sargs(0, "nvidia/Llama-3.3-70B-Instruct-FP4", dtype="auto", quantization="modelopt_fp4", tp_size=4),
        dist(3, "TP0", elapsed=True),
        f"{ts(6, 'TP0')} Detected nvfp4 checkpoint. Please note that the format is experimental and subject to change.",
        hit(
            6,
            "TP0",
            PY312,
            S10_QCFG + (("model_loader/loader.py", 236, "_get_quantization_config", "raise ValueError("),),
            "ValueError: The quantization method modelopt_fp4 is not supported for the current GPU. Minimum capability: 100. Current capability: 90.",
        ),
        sigquit(6),
    ),
)

case(
    "nvfp4_moe_b200_torch_cu126",
    "0.5.5",
    "sglang/srt/layers/quantization/modelopt_quant.py:1106 (ModelOptNvFp4FusedMoEMethod.__init__); utils/common.py:201 (is_blackwell_supported needs torch.version.cuda >= 12.8)",
    "config_error",
    "NVFP4 MoE refused ('Current platform does not support NVFP4'): a quantization the platform cannot run; another recipe/image, not a retry",
    join(
        sargs(0, "nvidia/Qwen3-235B-A22B-FP4", dtype="auto", quantization="modelopt_fp4", tp_size=4),
        dist(3, "TP0", avail=177.60),
        f"{ts(7, 'TP0')} Detected nvfp4 checkpoint. Please note that the format is experimental and subject to change.",
        hit(
            9,
            "TP0",
            PY312,
            S5_BUILD
            + (
                ("models/qwen3_moe.py", 676, "__init__", "self.model = Qwen3MoeModel("),
                ("models/qwen3_moe.py", 654, "__init__", "super().__init__("),
                (
                    "models/qwen2_moe.py",
                    541,
                    "__init__",
                    "self.layers, self.start_layer, self.end_layer = make_layers(",
                ),
                ("utils/common.py", 578, "<listcomp>", "layer_fn(idx=idx, prefix=add_prefix(idx, prefix))"),
                ("models/qwen2_moe.py", 543, "<lambda>", "lambda idx, prefix: decoder_layer_type("),
                ("models/qwen3_moe.py", 507, "__init__", "self.mlp = Qwen3MoeSparseMoeBlock("),
                ("models/qwen3_moe.py", 105, "__init__", "self.experts = get_moe_impl_class(quant_config)("),
                (
                    "layers/moe/fused_moe_triton/layer.py",
                    210,
                    "__init__",
                    "self.quant_method = quant_config.get_quant_method(self, prefix)",
                ),
                ("layers/quantization/modelopt_quant.py", 897, "get_quant_method", "return self._get_quant_method("),
                ("layers/quantization/modelopt_quant.py", 140, "_get_quant_method", "return Moe(self)"),
                ("layers/quantization/modelopt_quant.py", 1106, "__init__", "raise ValueError("),
            ),
            "ValueError: Current platform does not support NVFP4 quantization. Please use Blackwell and above.",
        ),
        sigquit(9),
    ),
)

case(
    "fp8_block_moe_tp8_not_divisible",
    "0.5.10.post1",
    "sglang/srt/layers/quantization/fp8.py:819 (Fp8MoEMethod.create_weights); sglang#10852 (same message, Qwen3-Next TP8)",
    "config_error",
    "moe_intermediate_size 768 / TP 8 = 96 is not a multiple of the 128x128 FP8 block: lower TP or use EP, memory is irrelevant",
    join(
        sargs(0, "Qwen/Qwen3-30B-A3B-FP8", dtype="auto", quantization=None, tp_size=8),
        dist(3, "TP0", elapsed=True),
        f"{ts(7, 'TP0')} Detected fp8 checkpoint.",
        hit(
            8,
            "TP3",
            PY312,
            S10_BUILD
            + QWEN3_MOE_LAYERS_10
            + (
                ("layers/moe/fused_moe_triton/layer.py", 276, "__init__", "self.quant_method.create_weights("),
                ("layers/quantization/fp8.py", 819, "create_weights", "raise ValueError("),
            ),
            "ValueError: The output_size of gate's and up's weight = 96 is not divisible by weight quantization block_n = 128.",
        ),
        sigquit(8),
    ),
)

case(
    "awq_tp8_input_not_aligned_046",
    "0.4.6.post5",
    "sglang/srt/layers/quantization/awq.py:125 (AWQLinearMethod.create_weights); linear.py:1188 (RowParallelLinear)",
    "config_error",
    "Qwen2.5-72B-AWQ down_proj: 29568 / TP 8 = 3696 is not a multiple of group 128; the fix is TP 4 or a padded checkpoint",
    join(
        sargs(0, "Qwen/Qwen2.5-72B-Instruct-AWQ", quantization="awq", tp_size=8),
        f"{ts(2)} awq quantization is not fully optimized yet. The speed can be slower than non-quantized models.",
        dist(4, "TP0"),
        hit(
            9,
            "TP5",
            PY310,
            S046_BUILD
            + (
                ("models/qwen2.py", 386, "__init__", "self.model = Qwen2Model("),
                ("models/qwen2.py", 268, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
                ("utils.py", 462, "make_layers", "modules = torch.nn.ModuleList("),
                (
                    "utils.py",
                    465,
                    "<listcomp>",
                    "maybe_offload_to_cpu(layer_fn(idx=idx, prefix=add_prefix(idx, prefix)))",
                ),
                ("models/qwen2.py", 270, "<lambda>", "lambda idx, prefix: decoder_layer_type("),
                ("models/qwen2.py", 205, "__init__", "self.mlp = Qwen2MLP("),
                ("models/qwen2.py", 76, "__init__", "self.down_proj = RowParallelLinear("),
                ("layers/linear.py", 1188, "__init__", "self.quant_method.create_weights("),
                ("layers/quantization/awq.py", 125, "create_weights", "raise ValueError("),
            ),
            "ValueError: The input size is not aligned with the quantized weight shape. This can be caused by too large tensor parallel size.",
        ),
        sigquit(9),
    ),
)

case(
    "awq_marlin_falls_back_then_awq_refuses_tp8",
    "0.5.5",
    "sglang/srt/layers/quantization/awq.py:275 (convertible), :300 (Falling back to unoptimized AWQ kernels), :369 (AWQ create_weights)",
    "config_error",
    "awq_marlin cannot take the 3696-wide shard, falls back to AWQ, which refuses it too: TP too large for the group size",
    join(
        sargs(0, "Qwen/Qwen2.5-72B-Instruct-AWQ", dtype="auto", quantization=None, tp_size=8),
        f"{ts(2)} The model is convertible to awq_marlin during runtime. Using awq_marlin kernel.",
        dist(3, "TP0"),
        f"{ts(7, 'TP0')} The model is convertible to awq_marlin during runtime. Using awq_marlin kernel.",
        f"{ts(8, 'TP0')} Layer 'model.layers.0.mlp.down_proj' is not supported by AWQMarlin. Falling back to unoptimized AWQ kernels.",
        hit(
            8,
            "TP0",
            PY312,
            S5_BUILD
            + (
                ("models/qwen2.py", 441, "__init__", "self.model = Qwen2Model("),
                ("models/qwen2.py", 293, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
                ("utils/common.py", 574, "make_layers", "modules = torch.nn.ModuleList("),
                ("utils/common.py", 578, "<listcomp>", "layer_fn(idx=idx, prefix=add_prefix(idx, prefix))"),
                ("models/qwen2.py", 295, "<lambda>", "lambda idx, prefix: decoder_layer_type("),
                ("models/qwen2.py", 223, "__init__", "self.mlp = Qwen2MLP("),
                ("models/qwen2.py", 78, "__init__", "self.down_proj = RowParallelLinear("),
                ("layers/linear.py", 1255, "__init__", "self.quant_method.create_weights("),
                ("layers/quantization/awq.py", 369, "create_weights", "raise ValueError("),
            ),
            "ValueError: The input size is not aligned with the quantized weight shape. This can be caused by too large tensor parallel size.",
        ),
        sigquit(8),
    ),
)

case(
    "fp8_static_moe_missing_input_scales",
    "0.5.10.post1",
    "sglang/srt/layers/quantization/fp8.py:1304 (Fp8MoEMethod.process_weights_after_loading)",
    "config_error",
    "a static-activation FP8 checkpoint saved without input scales: the checkpoint is incomplete, retrying with more memory cannot help",
    join(
        sargs(0, "/models/Mixtral-8x7B-Instruct-FP8-static", dtype="auto", quantization=None, tp_size=2),
        dist(3, "TP0", elapsed=True),
        f"{ts(7, 'TP0')} Detected fp8 checkpoint.",
        "Loading safetensors checkpoint shards:   0% Completed | 0/10 [00:00<?, ?it/s]",
        "Loading safetensors checkpoint shards: 100% Completed | 10/10 [00:21<00:00,  2.14s/it]",
        hit(
            31,
            "TP0",
            PY312,
            S10_WEIGHTS
            + (
                (
                    "model_loader/loader.py",
                    709,
                    "load_weights_and_postprocess",
                    "quant_method.process_weights_after_loading(module)",
                ),
                ("layers/quantization/fp8.py", 1304, "process_weights_after_loading", "raise ValueError("),
            ),
            "ValueError: QuantConfig has static quantization, but found activation scales are None.",
        ),
        sigquit(31),
    ),
)

_TRITON310 = (
    ("+torch/_ops.py", 1123, "__call__", "return self._op(*args, **(kwargs or {}))"),
    ("layers/moe/fused_moe_triton/fused_moe.py", 1100, "inplace_fused_experts", "fused_experts_impl("),
    ("layers/moe/fused_moe_triton/fused_moe.py", 1438, "fused_experts_impl", "invoke_fused_moe_kernel("),
    ("layers/moe/fused_moe_triton/fused_moe.py", 867, "invoke_fused_moe_kernel", "fused_moe_kernel[grid]("),
    (
        "+triton/runtime/jit.py",
        330,
        "<lambda>",
        "return lambda *args, **kwargs: self.run(grid=grid, warmup=False, *args, **kwargs)",
    ),
    ("+triton/runtime/jit.py", 623, "run", "kernel = self.compile("),
    ("+triton/compiler/compiler.py", 273, "compile", "module = src.make_ir(options, codegen_fns, module_map, context)"),
    (
        "+triton/compiler/compiler.py",
        100,
        "make_ir",
        "return ast_to_ttir(self.fn, self, context=context, options=options, codegen_fns=codegen_fns,",
    ),
)
case(
    "triton_fp8e4nv_on_a10_during_capture_046",
    "0.4.6.post5",
    "https://github.com/sgl-project/sglang/issues/5871 (Qwen3-30B-A3B-FP8 on 2x A10, 0.4.6.post1); cuda_graph_runner.py:307 (only RuntimeError is wrapped); fused_moe.py:867",
    "config_error",
    "the A10 (sm_86) has no fp8e4nv: FP8 block-quant MoE cannot run on this GPU generation; not memory despite the capture phase",
    join(
        sargs(0, "Qwen/Qwen3-30B-A3B-FP8", quantization=None, tp_size=2, reasoning_parser="qwen3"),
        dist(3, "TP0", avail=21.64),
        f"{ts(7, 'TP0')} Detected fp8 checkpoint.",
        f"{ts(40, 'TP0')} Load weight end. type=Qwen3MoeForCausalLM, dtype=torch.bfloat16, avail mem=7.21 GB, mem usage=14.43 GB.",
        f"{ts(40, 'TP0')} KV Cache is allocated. #tokens: 53360, K size: 2.44 GB, V size: 2.44 GB",
        f"{ts(40, 'TP0')} Memory pool end. avail mem=2.11 GB",
        f"{ts(41, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=1.98 GB",
        "Capturing batches (avail_mem=1.98 GB):   0%|          | 0/23 [00:00<?, ?it/s]",
        hit(
            44,
            "TP0",
            PY310,
            S046_RUNNER
            + (
                ("model_executor/model_runner.py", 305, "initialize", "self.init_cuda_graphs()"),
                (
                    "model_executor/model_runner.py",
                    1098,
                    "init_cuda_graphs",
                    "self.cuda_graph_runner = CudaGraphRunner(self)",
                ),
                ("model_executor/cuda_graph_runner.py", 307, "__init__", "self.capture()"),
                ("model_executor/cuda_graph_runner.py", 386, "capture", ") = self.capture_one_batch_size(bs, forward)"),
                ("model_executor/cuda_graph_runner.py", 509, "capture_one_batch_size", "run_once()"),
                (
                    "model_executor/cuda_graph_runner.py",
                    497,
                    "run_once",
                    "logits_output_or_pp_proxy_tensors = forward(",
                ),
                ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
                ("models/qwen3_moe.py", 666, "forward", "hidden_states = self.model("),
                ("+torch/nn/modules/module.py", 1739, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
                ("+torch/nn/modules/module.py", 1750, "_call_impl", "return forward_call(*args, **kwargs)"),
                ("models/qwen2_moe.py", 598, "forward", "hidden_states, residual = layer("),
                ("models/qwen3_moe.py", 472, "forward", "return self.forward_ffn_with_full_input("),
                (
                    "models/qwen3_moe.py",
                    525,
                    "forward_ffn_with_full_input",
                    "hidden_states = self.mlp(hidden_states, forward_batch.forward_mode)",
                ),
                ("models/qwen3_moe.py", 157, "forward", "return self.forward_normal(hidden_states)"),
                ("models/qwen3_moe.py", 174, "forward_normal", "final_hidden_states = self.experts("),
                (
                    "layers/moe/fused_moe_triton/layer.py",
                    645,
                    "forward",
                    "final_hidden_states = self.quant_method.apply(",
                ),
                ("layers/quantization/fp8.py", 1007, "apply", "return fused_experts("),
                (
                    "layers/moe/fused_moe_triton/fused_moe.py",
                    1261,
                    "fused_experts",
                    "torch.ops.sglang.inplace_fused_experts(",
                ),
            )
            + _TRITON310,
            "triton.compiler.errors.CompilationError: at 1:0:\ndef fused_moe_kernel(\n^\n"
            "ValueError(\"type fp8e4nv not supported in this architecture. The supported fp8 dtypes are ('fp8e4b15', 'fp8e5')\")",
        ),
        sigquit(44),
    ),
)

# ======================================================================================================== memory
case(
    "online_fp8_on_bf16_70b_oom_weights",
    "0.5.10.post1",
    "sglang/srt/model_executor/model_runner.py:1159 (load_model); layers/quantization/fp8.py:375 (Fp8LinearMethod.create_weights allocates bf16 params when the checkpoint is not fp8-serialized); torch caching allocator",
    "oom_weights",
    "--quantization fp8 on a bf16 70B checkpoint materialises 140 GB of bf16 weights on one 80 GB GPU before quantizing: raise TP",
    join(
        sargs(
            0, "meta-llama/Llama-3.3-70B-Instruct", dtype="auto", quantization="fp8", tp_size=1, mem_fraction_static=0.9
        ),
        dist(3, None, elapsed=True),
        hit(
            58,
            None,
            PY312,
            S10_BUILD
            + (
                (
                    "models/llama.py",
                    473,
                    "__init__",
                    'self.model = self._init_model(config, quant_config, add_prefix("model", prefix))',
                ),
                (
                    "models/llama.py",
                    505,
                    "_init_model",
                    "return LlamaModel(config, quant_config=quant_config, prefix=prefix)",
                ),
                ("models/llama.py", 348, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
                ("utils/common.py", 644, "make_layers", "+ get_offloader().wrap_modules("),
                ("utils/offloader.py", 36, "wrap_modules", "return list(all_modules_generator)"),
                ("utils/common.py", 646, "<genexpr>", "layer_fn(idx=idx, prefix=add_prefix(idx, prefix))"),
                ("models/llama.py", 350, "<lambda>", "lambda idx, prefix: LlamaDecoderLayer("),
                ("models/llama.py", 289, "__init__", "self.mlp = LlamaMLP("),
                ("models/llama.py", 78, "__init__", "self.gate_up_proj = MergedColumnParallelLinear("),
                ("layers/linear.py", 523, "__init__", "super().__init__("),
                ("layers/linear.py", 351, "__init__", "self.quant_method.create_weights("),
                ("layers/quantization/fp8.py", 375, "create_weights", "data=torch.empty("),
                ("+torch/utils/_device.py", 104, "__torch_function__", "return func(*args, **kwargs)"),
            ),
            oom("448.00 MiB", 0, "79.19", "361.94", "78.83", "78.01", "201.45"),
        ),
        sigquit(58),
    ),
)

case(
    "deepseek_v3_fp8_8xh100_oom_weights",
    "0.5.5",
    "sglang/srt/model_executor/model_runner.py:752 (get_model); model_loader/loader.py:594; torch caching allocator",
    "oom_weights",
    "DeepSeek-V3 FP8 is ~640 GiB of weights; 8x H100 80GB cannot hold it at TP 8: needs more GPUs (2 nodes / H200)",
    join(
        sargs(0, "deepseek-ai/DeepSeek-V3", dtype="auto", quantization=None, tp_size=8, trust_remote_code=True),
        dist(3, "TP0"),
        dist(3, "TP7"),
        f"{ts(7, 'TP0')} Detected fp8 checkpoint.",
        hit(
            41,
            "TP6",
            PY312,
            S5_BUILD
            + (
                ("models/deepseek_v2.py", 3031, "__init__", "self.model = DeepseekV2Model("),
                (
                    "models/deepseek_v2.py",
                    2823,
                    "__init__",
                    "self.layers, self.start_layer, self.end_layer = make_layers(",
                ),
                ("utils/common.py", 574, "make_layers", "modules = torch.nn.ModuleList("),
                ("utils/common.py", 578, "<listcomp>", "layer_fn(idx=idx, prefix=add_prefix(idx, prefix))"),
                ("models/deepseek_v2.py", 2825, "<lambda>", "lambda idx, prefix: DeepseekV2DecoderLayer("),
                ("models/deepseek_v2.py", 2613, "__init__", "self.mlp = DeepseekV2MoE("),
                ("models/deepseek_v2.py", 625, "__init__", "self.experts = get_moe_impl_class(quant_config)("),
                ("layers/moe/fused_moe_triton/layer.py", 214, "__init__", "self.quant_method.create_weights("),
                ("layers/quantization/fp8.py", 584, "create_weights", "torch.empty("),
                ("+torch/utils/_device.py", 104, "__torch_function__", "return func(*args, **kwargs)"),
            ),
            oom("1.75 GiB", 6, "79.19", "1.34", "79.17", "78.41", "128.12"),
        ),
        sigquit(41),
    ),
)

case(
    "awq_marlin_repack_oom_after_loading",
    "0.5.10.post1",
    "sglang/srt/layers/quantization/awq.py:564 (AWQMarlinLinearMethod.process_weights_after_loading -> awq_marlin_repack); jit_kernel/awq_marlin_repack.py:32",
    "oom_weights",
    "the weights fill the GPU and the marlin repack's extra buffer tips it over before `Load weight end`: the model does not fit at this TP",
    join(
        sargs(0, "Qwen/Qwen2.5-72B-Instruct-AWQ", dtype="auto", quantization=None, tp_size=1, mem_fraction_static=0.9),
        f"{ts(2)} The model is convertible to awq_marlin during runtime. Using awq_marlin kernel.",
        dist(3, None, avail=46.97, elapsed=True),
        "Loading safetensors checkpoint shards:   0% Completed | 0/11 [00:00<?, ?it/s]",
        "Loading safetensors checkpoint shards: 100% Completed | 11/11 [00:38<00:00,  3.49s/it]",
        hit(
            44,
            None,
            PY312,
            S10_POSTPROC
            + (
                (
                    "layers/quantization/awq.py",
                    564,
                    "process_weights_after_loading",
                    "marlin_qweight = awq_marlin_repack(",
                ),
                (f"{PY312}/sglang/jit_kernel/awq_marlin_repack.py", 32, "awq_marlin_repack", "out = torch.empty("),
            ),
            oom("208.00 MiB", 0, "44.42", "97.31", "44.31", "43.87", "118.40"),
        ),
        sigquit(44),
    ),
)

case(
    "awq_model_loads_kv_pool_empty",
    "0.5.10.post1",
    "sglang/srt/model_executor/model_runner_kv_cache_mixin.py:57-59 (MemoryPoolConfig.__post_init__: Not enough memory)",
    "oom_kv_cache",
    "the quantized weights fit but mem_fraction_static 0.45 leaves nothing for the KV pool: raise --mem-fraction-static",
    join(
        sargs(0, "Qwen/Qwen2.5-72B-Instruct-AWQ", dtype="auto", quantization=None, tp_size=1, mem_fraction_static=0.45),
        f"{ts(2)} The model is convertible to awq_marlin during runtime. Using awq_marlin kernel.",
        dist(3, None, elapsed=True),
        f"{ts(48)} Load weight end. elapsed=44.61 s, type=Qwen2ForCausalLM, quant=awq, bits=4, avail mem=38.44 GB, mem usage=40.18 GB.",
        f"{ts(48)} Using KV cache dtype: torch.bfloat16",
        hit(
            48,
            None,
            PY312,
            S10_POOL,
            "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: mem_fraction_static=0.45",
        ),
        sigquit(48),
    ),
)

case(
    "fp8_model_capture_oom",
    "0.5.5",
    "sglang/srt/model_executor/cuda_graph_runner.py:381-384 (Capture cuda graph failed + CUDA_GRAPH_CAPTURE_FAILED_MSG :902)",
    "oom_cuda_graph",
    "an FP8 MoE model whose KV pool left 0.9 GB for graph capture: OOM while capturing, lower mem-fraction or cuda-graph-max-bs",
    join(
        sargs(
            0,
            "Qwen/Qwen3-235B-A22B-Instruct-2507-FP8",
            dtype="auto",
            quantization=None,
            tp_size=4,
            mem_fraction_static=0.93,
            cuda_graph_max_bs=512,
        ),
        dist(3, "TP0"),
        f"{ts(7, 'TP0')} Detected fp8 checkpoint.",
        f"{ts(70, 'TP0')} Load weight end. type=Qwen3MoeForCausalLM, dtype=torch.bfloat16, avail mem=19.37 GB, mem usage=59.25 GB.",
        f"{ts(71, 'TP0')} KV Cache is allocated. #tokens: 482310, K size: 8.65 GB, V size: 8.65 GB",
        f"{ts(71, 'TP0')} Memory pool end. avail mem=0.96 GB",
        f"{ts(72, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=0.92 GB",
        "Capturing batches (bs=512 avail_mem=0.92 GB):   0%|          | 0/52 [00:00<?, ?it/s]",
        "Capturing batches (bs=512 avail_mem=0.92 GB):   0%|          | 0/52 [00:01<?, ?it/s]",
        hit(
            74,
            "TP0",
            PY312,
            S5_RUNNER
            + (
                ("model_executor/model_runner.py", 479, "initialize", "self.init_device_graphs()"),
                (
                    "model_executor/model_runner.py",
                    1995,
                    "init_device_graphs",
                    "self.graph_runner = graph_runners[self.device](self)",
                ),
                ("model_executor/cuda_graph_runner.py", 383, "__init__", "raise Exception("),
            ),
            "Exception: Capture cuda graph failed: "
            + oom("1.50 GiB", 0, "79.19", "912.06", "78.30", "76.12", "402.66").removeprefix("torch.OutOfMemoryError: ")
            + "\nPossible solutions:\n1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
            "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n3. disable torch compile by not using --enable-torch-compile\n"
            "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\n"
            "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose ",
        ),
        sigquit(75),
    ),
)

case(
    "fp8_act_quant_oom_while_serving",
    "0.5.10.post1",
    "sglang/srt/layers/quantization/fp8_kernel.py:262 (_per_token_group_quant_8bit_raw x_q = torch.empty_like); fp8_utils.py:807; torch caching allocator",
    "oom_runtime",
    "the server was ready and serving; a 32k-token chunk's FP8 activation buffer ran out: a serving-time OOM",
    join(
        sargs(
            0,
            "Qwen/Qwen3-32B-FP8",
            dtype="auto",
            quantization=None,
            tp_size=1,
            chunked_prefill_size=32768,
            mem_fraction_static=0.92,
        ),
        dist(3, None, elapsed=True),
        f"{ts(7)} Detected fp8 checkpoint.",
        f"{ts(35)} Load weight end. elapsed=31.40 s, type=Qwen3ForCausalLM, quant=fp8, fmt=e4m3, avail mem=44.41 GB, mem usage=34.21 GB.",
        f"{ts(36)} KV Cache is allocated. #tokens: 163840, K size: 20.00 GB, V size: 20.00 GB",
        f"{ts(36)} Memory pool end. avail mem=3.84 GB",
        f"{ts(37)} Capture cuda graph begin. This can take up to several minutes. avail mem=3.80 GB",
        f"{ts(55)} Capture cuda graph end. Time elapsed: 18.02 s. mem usage=0.61 GB. avail mem=3.19 GB.",
        f"{ts(56)} max_total_num_tokens=163840, chunked_prefill_size=32768, max_prefill_tokens=16384, max_running_requests=2048, context_len=40960, available_gpu_mem=3.19 GB",
        ready(57),
        f"{ts(80)} Prefill batch, #new-seq: 1, #new-token: 32768, #cached-token: 0, token usage: 0.05, #running-req: 3, #queue-req: 0, ",
        hit(
            81,
            None,
            PY312,
            S10_LOOP
            + (
                ("managers/scheduler.py", 1361, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
                (
                    "managers/scheduler.py",
                    2724,
                    "run_batch",
                    "batch_result = self.model_worker.forward_batch_generation(",
                ),
                ("managers/tp_worker.py", 469, "forward_batch_generation", "out = self.model_runner.forward("),
                ("model_executor/model_runner.py", 2739, "forward", "output = self._forward_raw("),
                ("model_executor/model_runner.py", 2849, "_forward_raw", "ret, can_run_graph = self.forward_extend("),
                ("model_executor/model_runner.py", 2697, "forward_extend", "return self.model.forward("),
                ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
                ("models/qwen3.py", 509, "forward", "hidden_states = self.model("),
                ("+torch/nn/modules/module.py", 1775, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
                ("+torch/nn/modules/module.py", 1786, "_call_impl", "return forward_call(*args, **kwargs)"),
                ("models/qwen2.py", 363, "forward", "hidden_states, residual = layer("),
                ("models/qwen3.py", 414, "forward", "hidden_states = self.mlp(hidden_states)"),
                ("models/qwen2.py", 98, "forward", "gate_up, _ = self.gate_up_proj(x)"),
                ("layers/linear.py", 460, "forward", "output_parallel = self.quant_method.apply(self, input_, bias)"),
                ("layers/quantization/fp8.py", 720, "apply", "return self.w8a8_block_fp8_linear("),
                (
                    "layers/quantization/fp8_utils.py",
                    807,
                    "triton_w8a8_block_fp8_linear",
                    "q_input, x_scale = per_token_group_quant_fp8(",
                ),
                (
                    "layers/quantization/fp8_kernel.py",
                    262,
                    "_per_token_group_quant_8bit_raw",
                    "x_q = torch.empty_like(x, device=x.device, dtype=dtype)",
                ),
            ),
            oom("1.56 GiB", 0, "79.19", "1.02", "78.16", "74.88", "1.41"),
        ),
        sigquit(81),
    ),
)

# ====================================================================================================== CUDA family
case(
    "fp8_moe_illegal_memory_access_decode",
    "0.5.10.post1",
    "sglang/srt/managers/scheduler_output_processor_mixin.py:380 (process_batch_result_decode copy_done.synchronize); c10/cuda/CUDAException.cpp text",
    "cuda_error_other",
    "an asynchronous illegal memory access (an FP8 MoE kernel) surfacing at the decode sync while serving: a CUDA fault, not a config",
    join(
        sargs(0, "deepseek-ai/DeepSeek-V3.1", dtype="auto", quantization=None, tp_size=8, trust_remote_code=True),
        f"{ts(9, 'TP0')} Detected fp8 checkpoint.",
        f"{ts(180, 'TP0')} Load weight end. elapsed=171.20 s, type=DeepseekV3ForCausalLM, quant=fp8, fmt=e4m3, avail mem=60.11 GB, mem usage=79.52 GB.",
        f"{ts(182, 'TP0')} KV Cache is allocated. #tokens: 1018496, KV size: 66.66 GB",
        f"{ts(182, 'TP0')} Memory pool end. avail mem=9.82 GB",
        f"{ts(210, 'TP0')} max_total_num_tokens=1018496, chunked_prefill_size=16384, max_prefill_tokens=16384, max_running_requests=1024, context_len=163840, available_gpu_mem=7.48 GB",
        ready(212),
        f"{ts(230, 'TP0')} Decode batch, #running-req: 181, #token: 402880, token usage: 0.40, cuda graph: True, gen throughput (token/s): 5311.47, #queue-req: 0, ",
        hit(
            233,
            "TP4",
            PY312,
            S10_LOOP
            + (
                ("managers/scheduler.py", 1352, "event_loop_overlap", "pop_and_process()"),
                ("managers/scheduler.py", 1340, "pop_and_process", "self.process_batch_result(tmp_batch, tmp_result)"),
                (
                    "managers/scheduler.py",
                    2817,
                    "process_batch_result",
                    "self.process_batch_result_decode(batch, result)",
                ),
                (
                    "managers/scheduler_output_processor_mixin.py",
                    380,
                    "process_batch_result_decode",
                    "result.copy_done.synchronize()",
                ),
                ("+torch/cuda/streams.py", 231, "synchronize", "super().synchronize()"),
            ),
            "torch.AcceleratorError: CUDA error: an illegal memory access was encountered\n"
            "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
            "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
            "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n",
        ),
        sigquit(233),
    ),
)

case(
    "marlin_repack_no_kernel_image_sm120",
    "0.5.5",
    "sglang/srt/layers/quantization/awq.py:548 (AWQMarlinLinearMethod.process_weights_after_loading -> sgl_kernel awq_marlin_repack); c10 CUDA check text",
    "cuda_error_other",
    "the installed kernel build has no sm_120 image (RTX 5090): a build/GPU mismatch, not a quantization choice",
    join(
        sargs(0, "Qwen/Qwen2.5-14B-Instruct-AWQ", dtype="auto", quantization=None, tp_size=1),
        f"{ts(2)} The model is convertible to awq_marlin during runtime. Using awq_marlin kernel.",
        dist(3, None, avail=30.84),
        "Loading safetensors checkpoint shards: 100% Completed | 3/3 [00:04<00:00,  1.38s/it]",
        hit(
            9,
            None,
            PY312,
            S5_LOAD
            + (
                ("model_loader/loader.py", 599, "load_model", "self.load_weights_and_postprocess("),
                (
                    "model_loader/loader.py",
                    618,
                    "load_weights_and_postprocess",
                    "quant_method.process_weights_after_loading(module)",
                ),
                (
                    "layers/quantization/awq.py",
                    548,
                    "process_weights_after_loading",
                    "marlin_qweight = awq_marlin_repack(",
                ),
                (
                    "+sgl_kernel/marlin.py",
                    20,
                    "awq_marlin_repack",
                    "return torch.ops.sgl_kernel.awq_marlin_repack(b_q_weight, size_k, size_n, num_bits)",
                ),
                ("+torch/_ops.py", 1243, "__call__", "return self._op(*args, **kwargs)"),
            ),
            "torch.AcceleratorError: CUDA error: no kernel image is available for execution on the device\n"
            "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
            "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
            "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n",
        ),
        sigquit(9),
    ),
)

# ========================================================================================================= healthy
case(
    "healthy_fp8_marlin_weight_only_on_a100",
    "0.5.10.post1",
    "sglang/srt/layers/quantization/marlin_utils_fp8.py:107 (Weight-only FP8 via Marlin); fp8_utils.py can_auto_enable_marlin_fp8 (80 <= sm < 89)",
    "healthy",
    "--quantization fp8 on a bf16 checkpoint on an A100 falls back to weight-only Marlin FP8 and serves",
    join(
        sargs(0, "meta-llama/Llama-3.1-8B-Instruct", dtype="auto", quantization="fp8", tp_size=1),
        dist(3, None, elapsed=True),
        "Loading safetensors checkpoint shards: 100% Completed | 4/4 [00:06<00:00,  1.52s/it]",
        f"{ts(12)} Your GPU does not have native support for FP8 computation but FP8 quantization is being used. Weight-only FP8 compression will be used leveraging the Marlin kernel. This may degrade performance for compute-heavy workloads.",
        f"{ts(14)} Load weight end. elapsed=10.82 s, type=LlamaForCausalLM, avail mem=69.63 GB, mem usage=8.99 GB.",
        f"{ts(14)} Using KV cache dtype: torch.bfloat16",
        f"{ts(14)} KV Cache is allocated. #tokens: 458812, K size: 28.00 GB, V size: 28.00 GB",
        f"{ts(14)} Memory pool end. avail mem=12.61 GB",
        f"{ts(15)} Capture cuda graph begin. This can take up to several minutes. avail mem=12.55 GB",
        f"{ts(31)} Capture cuda graph end. Time elapsed: 16.20 s. mem usage=0.74 GB. avail mem=11.81 GB.",
        f"{ts(32)} max_total_num_tokens=458812, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=131072, available_gpu_mem=11.81 GB",
        ready(33),
    ),
)

case(
    "healthy_fp8_kv_cache_without_scales",
    "0.5.5",
    "sglang/srt/model_executor/model_runner.py:779 (Using FP8 KV cache but no scaling factors provided)",
    "healthy",
    "FP8 e4m3 KV without a scales file defaults to 1.0 and serves (an accuracy note, not a failure)",
    join(
        sargs(0, "Qwen/Qwen3-14B", dtype="auto", kv_cache_dtype="fp8_e4m3", tp_size=2),
        dist(2, "TP0"),
        f"{ts(20, 'TP0')} Using FP8 KV cache but no scaling factors provided. Defaulting to scaling factors of 1.0. This may lead to less accurate results!",
        f"{ts(20, 'TP0')} Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=64.51 GB, mem usage=14.11 GB.",
        f"{ts(21, 'TP0')} KV Cache is allocated. #tokens: 1395408, K size: 26.61 GB, V size: 26.61 GB",
        f"{ts(21, 'TP0')} Memory pool end. avail mem=10.88 GB",
        f"{ts(22, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=10.82 GB",
        f"{ts(40, 'TP0')} Capture cuda graph end. Time elapsed: 18.11 s. mem usage=0.91 GB. avail mem=9.91 GB.",
        f"{ts(41, 'TP0')} max_total_num_tokens=1395408, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_gpu_mem=9.91 GB",
        ready(42),
    ),
)

case(
    "healthy_gptq_forced_not_fully_optimized",
    "0.5.2",
    "sglang/srt/layers/quantization/gptq.py (Detected that the model can run with gptq_marlin ... forcing gptq); configs/model_config.py (not fully optimized yet)",
    "healthy",
    "explicit --quantization gptq keeps the slower kernel and says so twice; the server still comes up",
    join(
        sargs(0, "Qwen/Qwen2.5-7B-Instruct-GPTQ-Int4", dtype="float16", quantization="gptq", tp_size=1),
        f"{ts(2)} Detected that the model can run with gptq_marlin, however you specified quantization=gptq explicitly, so forcing gptq. Use quantization=gptq_marlin for faster inference",
        f"{ts(2)} gptq quantization is not fully optimized yet. The speed can be slower than non-quantized models.",
        dist(3, None),
        f"{ts(6)} Detected that the model can run with gptq_marlin, however you specified quantization=gptq explicitly, so forcing gptq. Use quantization=gptq_marlin for faster inference",
        f"{ts(6)} gptq quantization is not fully optimized yet. The speed can be slower than non-quantized models.",
        f"{ts(12)} Load weight end. type=Qwen2ForCausalLM, dtype=torch.float16, avail mem=73.01 GB, mem usage=5.61 GB.",
        f"{ts(12)} KV Cache is allocated. #tokens: 1107148, K size: 29.57 GB, V size: 29.57 GB",
        f"{ts(12)} Memory pool end. avail mem=12.31 GB",
        f"{ts(13)} Capture cuda graph begin. This can take up to several minutes. avail mem=12.25 GB",
        f"{ts(27)} Capture cuda graph end. Time elapsed: 14.02 s. mem usage=0.52 GB. avail mem=11.73 GB.",
        f"{ts(28)} max_total_num_tokens=1107148, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=32768, available_gpu_mem=11.73 GB",
        ready(29),
    ),
)

case(
    "healthy_awq_marlin_falls_back_for_vision_tower",
    "0.5.5",
    "sglang/srt/layers/quantization/awq.py:275 (convertible to awq_marlin), :300 (Layer ... is not supported by AWQMarlin. Falling back to unoptimized AWQ kernels.)",
    "healthy",
    "a per-layer fallback to plain AWQ for a shape Marlin rejects; the rest loads and the server comes up",
    join(
        sargs(0, "Qwen/Qwen2.5-VL-7B-Instruct-AWQ", dtype="float16", quantization=None, tp_size=1),
        f"{ts(2)} The model is convertible to awq_marlin during runtime. Using awq_marlin kernel.",
        dist(3, None),
        f"{ts(6)} The model is convertible to awq_marlin during runtime. Using awq_marlin kernel.",
        f"{ts(7)} Layer 'visual.merger.mlp.0' is not supported by AWQMarlin. Falling back to unoptimized AWQ kernels.",
        f"{ts(16)} Load weight end. type=Qwen2_5_VLForConditionalGeneration, dtype=torch.float16, avail mem=72.06 GB, mem usage=6.56 GB.",
        f"{ts(16)} KV Cache is allocated. #tokens: 1082430, K size: 28.91 GB, V size: 28.91 GB",
        f"{ts(16)} Memory pool end. avail mem=12.48 GB",
        f"{ts(17)} Capture cuda graph begin. This can take up to several minutes. avail mem=12.40 GB",
        f"{ts(33)} Capture cuda graph end. Time elapsed: 15.88 s. mem usage=0.63 GB. avail mem=11.77 GB.",
        f"{ts(34)} max_total_num_tokens=1082430, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=128000, available_gpu_mem=11.77 GB",
        ready(35),
    ),
)

case(
    "healthy_fp8_32b_fits_one_h100_fa3_e5m2_to_triton",
    "0.5.10.post1",
    "sglang/srt/server_args.py:2397-2402 (FlashAttention3 only supports fp8_e4m3 ... Setting attention backend to triton); fp8.py:133 (Detected fp8 checkpoint.); model_runner.py Load weight end with quant=",
    "healthy",
    "the FP8 checkpoint (33 GB) fits on one 80 GB GPU where bf16 (65 GB + KV) did not; the e5m2 KV backend switch is a fallback",
    join(
        f"{ts(0)} FlashAttention3 only supports fp8_e4m3 if using FP8; Setting attention backend to triton.",
        sargs(0, "Qwen/Qwen3-32B-FP8", dtype="auto", kv_cache_dtype="fp8_e5m2", attention_backend="triton", tp_size=1),
        dist(3, None, elapsed=True),
        f"{ts(7)} Detected fp8 checkpoint.",
        "Loading safetensors checkpoint shards: 100% Completed | 7/7 [00:19<00:00,  2.77s/it]",
        f"{ts(26)} Load weight end. elapsed=22.93 s, type=Qwen3ForCausalLM, quant=fp8, fmt=e4m3, avail mem=45.16 GB, mem usage=33.46 GB.",
        f"{ts(26)} Using KV cache dtype: torch.float8_e5m2",
        f"{ts(27)} KV Cache is allocated. #tokens: 450212, K size: 27.48 GB, V size: 27.48 GB",
        f"{ts(27)} Memory pool end. avail mem=6.62 GB",
        f"{ts(28)} Capture cuda graph begin. This can take up to several minutes. avail mem=6.57 GB",
        f"{ts(49)} Capture cuda graph end. Time elapsed: 21.30 s. mem usage=0.82 GB. avail mem=5.75 GB.",
        f"{ts(50)} max_total_num_tokens=450212, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_gpu_mem=5.75 GB",
        ready(51),
    ),
)


# The classifier's misses at first sight (strict: a fix must remove the entry), with the label it gave.
XFAIL: dict[str, str] = {"marlin_repack_no_kernel_image_sm120": "config_error"}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_quant_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


# Healthy templates that fire a failure event on the way to ready at first sight (what a live supervisor acts on), with
# the event's label: the same check as tests/test_logwatch_review.py, kept strict here.
EVENT_XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_quant_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35

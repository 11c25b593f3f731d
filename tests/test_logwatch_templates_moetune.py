"""MoE kernels and their tuning data, as they show in an SGLang log (a helper, blind).

Scope: the fused-MoE Triton config JSONs (`E=...,N=...,device_name=...json`): missing (SGLang warns and serves on its
default config), the Triton-version fallback, a malformed file under `SGLANG_MOE_CONFIG_DIR`, a file tuned for another
GPU whose block sizes overflow this GPU's shared memory; `--moe-runner-backend` / `--moe-a2a-backend` choices argparse
refuses and combinations `ServerArgs` refuses (flashinfer_cutlass quantization and EP size, cutlass FP8 with EP,
FlashInfer A2A without the flashinfer_cutlass runner, triton_kernel with EP); a `tuning_fused_moe_triton.py` run whose
checkout does not match the installed sglang; the DeepGEMM JIT pre-compile session (healthy, with its "reducing max_m"
warning) and a CUTLASS MoE JIT build failing on first use; expert counts and intermediate sizes a split or a kernel
does not support (TP not divisible by EP, `moe_intermediate_size / moe_tp_size` not a multiple of the FP8 block,
FusedMoE's and 0.4.x EPMoE's bare expert-count asserts, DeepEP low-latency's `num_experts % group.size()`); and where
a MoE OOM happens: the experts' weights at load (`oom_weights`), a MoE kernel's workspace at CUDA-graph capture or
FlashInfer's autotune warm-up (`oom_moe_workspace`), the fused-MoE intermediate cache while serving (`oom_runtime`).
CUDA faults inside MoE kernels (DeepEP normal mode's invalid configuration argument, an illegal memory access in the
fused-MoE kernel while serving) are `cuda_error_other`. Five healthy contrasts that look alarming and serve.

Sources: sglang 0.5.10.post1 and 0.4.6.post5 wheels (file:line under sglang/srt/ given per case:
layers/moe/fused_moe_triton/{fused_moe_triton_config,fused_moe,layer}.py, server_args.py (_handle_moe_kernel_config,
_handle_a2a_moe, _handle_model_specific_adjustments), model_executor/model_runner.py (check_quantized_moe_compatibility),
layers/quantization/fp8.py, layers/moe/token_dispatcher/deepep.py, layers/deep_gemm_wrapper/compile_utils.py,
model_executor/cuda_graph_runner.py, 0.4.6's layers/moe/ep_moe/layer.py); public threads sglang#23251 (tuning script
ModuleNotFoundError), #16026 (DeepEP normal invalid configuration argument), #5285 (DeepEP low-latency OOM at
capture), #30595 (DeepGEMM pre-compile lines); FlashInfer's JIT "Ninja build failed" and its autotuner's MemoryError
(flashinfer/autotuner.py, per /work/shared/reference/sglang.md 1.7); Triton's OutOfResources text; torch's OOM text.
Model-file, torch and Triton line numbers are approximate; format fields are filled with plausible values.

Labelling policy (by /work/shared/corpus/README.md, decided before the classifier ran): a MoE backend / split /
kernel-config choice SGLang or a kernel refuses (an assert, ValueError, argparse, a kernel whose tuned launch config
does not fit this GPU, a bad tuning file, a JIT build that cannot build) is `config_error`: the remedy is a different
flag or file, not memory. OOMs by where start-up was: creating or loading the experts' weights = `oom_weights`
(the model does not fit at this TP/EP); allocating a MoE kernel's buffer (DeepGEMM / DeepEP / fused-MoE intermediate
cache / FlashInfer MoE autotune) before ready = `oom_moe_workspace`, even inside CUDA-graph capture (the MoE frames
decide, as the reference's MoE-workspace row says; remedy lower fraction / smaller capture or dispatch size); after
ready = `oom_runtime`. A CUDA runtime fault inside a MoE kernel = `cuda_error_other`.

First sight: 30/30 (no misses; healthy contrasts 5/5 end `healthy` and fire no failure event fed line by line), so
XFAIL and EVENT_XFAIL are empty.
"""

# ruff: noqa: E501, RUF005  (log lines are data; call paths are built by extending a shared prefix)

from __future__ import annotations

from typing import NamedTuple

import pytest

from safelaunch.core.logwatch import LogClassifier, classify_text

from .logwatch_templates import RUNPY, TB, first_sight, ts


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
PY312 = "/usr/local/lib/python3.12/dist-packages"  # the 0.5.x images
PY310 = "/usr/local/lib/python3.10/dist-packages"  # the 0.4.x images
RUNPY310 = (
    ("/usr/lib/python3.10/runpy.py", 196, "_run_module_as_main", "return _run_code(code, main_globals, None,"),
    ("/usr/lib/python3.10/runpy.py", 86, "_run_code", "exec(code, run_globals)"),
)


def tb(site: str, *stack: tuple[str, int, str, str]) -> str:
    """Python's frames; a path is under `{site}/sglang/srt/` unless absolute/`<`, or `+pkg/...` (same site)."""
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


def sched_exc(second: int, rank: str, body: str) -> str:
    return f"{ts(second, rank)} Scheduler hit an exception: {TB}\n{body}"


def ready(second: int, port: int = 30000, pid: int = 4242) -> list[str]:
    return [
        f"{ts(second)} INFO:     Started server process [{pid}]",
        f"{ts(second)} INFO:     Waiting for application startup.",
        f"{ts(second)} INFO:     Application startup complete.",
        f"{ts(second)} INFO:     Uvicorn running on http://0.0.0.0:{port} (Press CTRL+C to quit)",
        f'{ts(second + 1)} INFO:     127.0.0.1:46704 - "GET /get_model_info HTTP/1.1" 200 OK',
        f"{ts(second + 1)} The server is fired up and ready to roll!",
    ]


def boot(rank: str = "TP0", typ: str = "Qwen3MoeForCausalLM", w_gb: float = 30.5, avail: float = 78.9) -> list[str]:
    """0.5.x start-up as far as the KV pool."""
    after = round(avail - w_gb, 2)
    return [
        f"{ts(3, rank)} Init torch distributed begin.",
        f"{ts(5, rank)} Init torch distributed ends. elapsed=1.92 s, mem usage=0.62 GB",
        f"{ts(6, rank)} Load weight begin. avail mem={avail} GB",
        "Loading safetensors checkpoint shards: 100% Completed | 16/16 [00:41<00:00,  2.58s/it]",
        f"{ts(48, rank)} Load weight end. elapsed=41.9 s, type={typ}, dtype=torch.bfloat16, avail mem={after} GB, mem usage={w_gb} GB.",
        f"{ts(49, rank)} KV Cache is allocated. #tokens: 1480234, K size: 16.94 GB, V size: 16.94 GB",
        f"{ts(49, rank)} Memory pool end. avail mem=9.72 GB",
    ]


def capture_begin(rank: str = "TP0", second: int = 50) -> str:
    return f"{ts(second, rank)} Capture cuda graph begin. This can take up to several minutes. avail mem=9.70 GB"


def capture_end(rank: str = "TP0", second: int = 70) -> list[str]:
    return [
        f"{ts(second, rank)} Capture cuda graph end. Time elapsed: 19.8 s. mem usage=1.21 GB. avail mem=8.49 GB.",
        f"{ts(second + 1, rank)} max_total_num_tokens=1480234, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=2048, context_len=40960, available_gpu_mem=8.49 GB",
    ]


def serving(second: int, rank: str = "TP0") -> list[str]:
    return [
        f'{ts(second)} INFO:     127.0.0.1:51234 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f"{ts(second, rank)} Prefill batch, #new-seq: 1, #new-token: 1286, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f"{ts(second + 1, rank)} Decode batch, #running-req: 1, #token: 1319, token usage: 0.00, cuda graph: True, gen throughput (token/s): 141.27, #queue-req: 0, ",
    ]


def moe_cfg(triton: str, name: str, site: str = PY312) -> str:
    return f"{site}/sglang/srt/layers/moe/fused_moe_triton/configs/triton_{triton}/{name}"


def default_cfg_warning(second: int, rank: str, path: str) -> str:
    return (
        f"{ts(second, rank)} Using default MoE kernel config. Performance might be sub-optimal! Config file not found at "
        f"{path}, you can create them with https://github.com/sgl-project/sglang/tree/main/benchmark/kernels/fused_moe_triton"
    )


OOM_TAIL = (
    "If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid "
    "fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
)


def torch_oom(tried: str, free: str, total: str = "79.19 GiB", used: str = "77.10 GiB", pid: int = 9121) -> str:
    return (
        f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {tried}. GPU 0 has a total capacity of {total} "
        f"of which {free} is free. Process {pid} has {used} memory in use. Of the allocated memory 74.31 GiB is "
        f"allocated by PyTorch, and 1.02 GiB is reserved by PyTorch but unallocated. {OOM_TAIL}"
    )


# -- 0.5.10.post1 call paths
SCHED = (("managers/scheduler.py", 3588, "run_scheduler_process", "scheduler = Scheduler("),)
RUNNER = SCHED + (
    ("managers/scheduler.py", 412, "__init__", "self.init_model_worker()"),
    ("managers/scheduler.py", 640, "init_model_worker", "self.init_tp_model_worker()"),
    ("managers/scheduler.py", 600, "init_tp_model_worker", "self.tp_worker = TpModelWorker("),
    ("managers/tp_worker.py", 247, "__init__", "self._init_model_runner()"),
    ("managers/tp_worker.py", 330, "_init_model_runner", "self._model_runner = ModelRunner("),
)
INIT = RUNNER + (("model_executor/model_runner.py", 430, "__init__", "self.initialize(pre_model_load_memory)"),)
BUILD = INIT + (
    ("model_executor/model_runner.py", 520, "initialize", "self.load_model()"),
    ("model_executor/model_runner.py", 1120, "load_model", "self.model = get_model("),
    ("model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
    ("model_loader/loader.py", 620, "load_model", "model = _initialize_model("),
    ("model_loader/loader.py", 262, "_initialize_model", "return model_class("),
    ("models/qwen3_moe.py", 949, "__init__", "self.model = Qwen3MoeModel("),
    ("models/qwen3_moe.py", 919, "__init__", "super().__init__("),
    ("models/qwen2_moe.py", 607, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
    ("utils/common.py", 646, "make_layers", "layer_fn(idx=idx, prefix=add_prefix(idx, prefix))"),
    ("models/qwen2_moe.py", 609, "<lambda>", "lambda idx, prefix: decoder_layer_type("),
    ("models/qwen3_moe.py", 770, "__init__", "self.mlp = Qwen3MoeSparseMoeBlock("),
    ("models/qwen3_moe.py", 258, "__init__", "self.experts = get_moe_impl_class(quant_config)("),
)
CAPTURE = INIT + (
    ("model_executor/model_runner.py", 600, "initialize", "self.init_device_graphs()"),
    (
        "model_executor/model_runner.py",
        2430,
        "init_device_graphs",
        "self.graph_runner = graph_runners[self.device](self)",
    ),
    ("model_executor/cuda_graph_runner.py", 653, "__init__", "self.capture()"),
    ("model_executor/cuda_graph_runner.py", 796, "capture", ") = self.capture_one_batch_size(bs, forward, stream_idx)"),
    ("model_executor/cuda_graph_runner.py", 1024, "capture_one_batch_size", "run_once()"),
    ("model_executor/cuda_graph_runner.py", 1011, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
    ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
    ("models/qwen3_moe.py", 1010, "forward", "hidden_states = self.model("),
    ("models/qwen2_moe.py", 690, "forward", "hidden_states, residual = layer("),
    ("models/qwen3_moe.py", 860, "forward", "hidden_states = self.mlp("),
    ("models/qwen3_moe.py", 326, "forward_normal", "final_hidden_states = self.experts(hidden_states, topk_output)"),
    ("layers/moe/fused_moe_triton/layer.py", 993, "forward", "return self.forward_impl(hidden_states, topk_output)"),
    ("layers/moe/fused_moe_triton/layer.py", 1012, "forward_impl", "combine_input = self.run_moe_core("),
    ("layers/moe/fused_moe_triton/layer.py", 1033, "run_moe_core", "return self.quant_method.apply("),
)
TRITON_MOE = (
    ("layers/quantization/unquant.py", 410, "apply", "return self.runner.run(dispatch_output, quant_info)"),
    ("layers/moe/moe_runner/runner.py", 92, "run", "return self.fused_func(dispatch_output, quant_info, self.config)"),
    ("layers/moe/moe_runner/triton.py", 366, "fused_experts_none_to_triton", "output = fused_experts("),
    ("layers/moe/fused_moe_triton/fused_moe.py", 232, "fused_experts", "inplace_fused_experts("),
    ("+torch/_ops.py", 1243, "__call__", "return self._op(*args, **kwargs)"),
    ("layers/moe/fused_moe_triton/fused_moe.py", 110, "inplace_fused_experts", "fused_experts_impl("),
)
GET_CFG = TRITON_MOE + (
    (
        "layers/moe/fused_moe_triton/fused_moe.py",
        395,
        "fused_experts_impl",
        "config, (down_config, max_block_m) = get_config_func(M)",
    ),
    (
        "layers/moe/fused_moe_triton/fused_moe_triton_config.py",
        226,
        "try_get_optimal_moe_config",
        "configs = get_moe_configs(",
    ),
)
LOOP = (
    SCHED
    + (
        ("managers/scheduler.py", 3596, "run_scheduler_process", "scheduler.run_event_loop()"),
        ("managers/scheduler.py", 1340, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
        ("managers/scheduler.py", 2690, "run_batch", "batch_result = self.model_worker.forward_batch_generation("),
        ("managers/tp_worker.py", 450, "forward_batch_generation", "logits_output = self.model_runner.forward("),
        ("model_executor/model_runner.py", 2810, "forward", "output = self._forward_raw("),
        ("model_executor/model_runner.py", 2845, "_forward_raw", "ret = self.forward_extend("),
        ("model_executor/model_runner.py", 2697, "forward_extend", "return self.model.forward("),
        ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
        ("models/qwen3_moe.py", 1010, "forward", "hidden_states = self.model("),
        ("models/qwen2_moe.py", 690, "forward", "hidden_states, residual = layer("),
        ("models/qwen3_moe.py", 860, "forward", "hidden_states = self.mlp("),
        (
            "models/qwen3_moe.py",
            326,
            "forward_normal",
            "final_hidden_states = self.experts(hidden_states, topk_output)",
        ),
        (
            "layers/moe/fused_moe_triton/layer.py",
            993,
            "forward",
            "return self.forward_impl(hidden_states, topk_output)",
        ),
        ("layers/moe/fused_moe_triton/layer.py", 1012, "forward_impl", "combine_input = self.run_moe_core("),
        ("layers/moe/fused_moe_triton/layer.py", 1033, "run_moe_core", "return self.quant_method.apply("),
    )
    + TRITON_MOE
)
CAP_PRE = CAPTURE[: len(INIT) + 7]  # down to the captured forward (torch's decorate_context)
LOOP_PRE = LOOP[:9]  # down to the model's forward in a prefill batch
DS_FWD = (  # DeepSeek-V3's decoder down to its MoE block (models/deepseek_v2.py, 0.5.10.post1; lines approximate)
    ("models/deepseek_v2.py", 2890, "forward", "hidden_states = self.model("),
    ("models/deepseek_v2.py", 2650, "forward", "hidden_states, residual = layer("),
    ("models/deepseek_v2.py", 2420, "forward", "hidden_states = self.mlp("),
    ("models/deepseek_v2.py", 640, "forward", "return self.forward_deepep("),
)
DS_FWD_NORMAL = DS_FWD[:3] + (
    ("models/deepseek_v2.py", 700, "forward_normal", "final_hidden_states = self.experts(hidden_states, topk_output)"),
    ("layers/moe/fused_moe_triton/layer.py", 993, "forward", "return self.forward_impl(hidden_states, topk_output)"),
    ("layers/moe/fused_moe_triton/layer.py", 1012, "forward_impl", "combine_input = self.run_moe_core("),
)
Q2_FWD = (  # Qwen1.5-MoE (models/qwen2_moe.py)
    ("models/qwen2_moe.py", 720, "forward", "hidden_states = self.model("),
    ("models/qwen2_moe.py", 690, "forward", "hidden_states, residual = layer("),
    ("models/qwen2_moe.py", 520, "forward", "hidden_states = self.mlp("),
)
ARGS = RUNPY + (
    (f"{PY312}/sglang/launch_server.py", 29, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
    ("server_args.py", 6539, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
    ("server_args.py", 5975, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
    ("<string>", 330, "__init__", ""),
)
MOE_KERNEL_CFG = ARGS + (("server_args.py", 810, "__post_init__", "self._handle_moe_kernel_config()"),)
A2A = ARGS + (("server_args.py", 811, "__post_init__", "self._handle_a2a_moe()"),)

CAPTURE_FAILED = (
    "Possible solutions:\n"
    "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
    "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n"
    "3. disable torch compile by not using --enable-torch-compile\n"
    "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\n"
    "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose "
)


def capture_wrapped(inner_tb: str, inner_err: str, site: str = PY312) -> str:
    """0.5.10 cuda_graph_runner.py:652-657: a RuntimeError (OOM included) in capture is re-raised as Exception."""
    msg = inner_err.split(": ", 1)[1]
    outer = tb(site, *(INIT + CAPTURE[len(INIT) : len(INIT) + 2]))
    outer += "\n" + tb(site, ("model_executor/cuda_graph_runner.py", 655, "__init__", "raise Exception("))
    return (
        f"{inner_tb}\n{inner_err}\n\nDuring handling of the above exception, another exception occurred:\n\n{TB}\n"
        f"{outer}\nException: Capture cuda graph failed: {msg}\n{CAPTURE_FAILED}"
    )


USAGE = (
    "usage: launch_server.py [-h] --model-path MODEL_PATH [--tokenizer-path TOKENIZER_PATH] [--host HOST] [--port PORT]\n"
    "                        [--moe-a2a-backend {none,deepep,mooncake,nixl,mori,ascend_fuseep,flashinfer}]\n"
    "                        [--moe-runner-backend {auto,deep_gemm,triton,triton_kernel,flashinfer_trtllm,flashinfer_trtllm_routed,flashinfer_cutlass,flashinfer_mxfp4,flashinfer_cutedsl,cutlass}]\n"
    "                        ..."
)


# ------------------------------------------------------------------------------------------------ healthy contrasts
Q30 = "Qwen/Qwen3-30B-A3B"
case(
    "healthy_default_moe_config_warning_serves",
    "0.5.10.post1",
    "layers/moe/fused_moe_triton/fused_moe_triton_config.py:128-134",
    "healthy",
    "no tuned JSON for E=128,N=384 on an H100 NVL: SGLang warns it uses its default config and serves",
    join(
        sargs(0, Q30, tp_size=2, mem_fraction_static=0.85, moe_runner_backend="auto"),
        boot(),
        capture_begin(),
        default_cfg_warning(51, "TP0", moe_cfg("3_4_0", "E=128,N=384,device_name=NVIDIA_H100_NVL.json")),
        default_cfg_warning(51, "TP1", moe_cfg("3_4_0", "E=128,N=384,device_name=NVIDIA_H100_NVL.json")),
        "Capturing batches (bs=1 avail_mem=9.12 GB): 100%|██████████| 36/36 [00:18<00:00,  1.98it/s]",
        capture_end(),
        ready(72),
        serving(80),
    ),
)
case(
    "healthy_triton_version_fallback_serves",
    "0.5.10.post1",
    "layers/moe/fused_moe_triton/fused_moe_triton_config.py:110-113 (warning), :95 (info)",
    "healthy",
    "the tuned file exists only for an older Triton: SGLang falls back to it with a 'sub-optimal' warning and serves",
    join(
        sargs(0, "Qwen/Qwen3-235B-A22B-FP8", tp_size=4, quantization="fp8"),
        boot(w_gb=58.4, avail=139.1),
        capture_begin(),
        f"{ts(51, 'TP0')} Config file not found at {moe_cfg('3_4_0', 'E=128,N=384,device_name=NVIDIA_H200,dtype=fp8_w8a8,block_shape=[128, 128].json')}. "
        f"Fallback to triton version 3.3.1 and use MoE kernel config from {moe_cfg('3_3_1', 'E=128,N=384,device_name=NVIDIA_H200,dtype=fp8_w8a8,block_shape=[128, 128].json')}. Performance might be sub-optimal!",
        f"{ts(51, 'TP0')} Using MoE kernel config with down_moe=False. Performance might be sub-optimal! Config file not found at "
        f"{moe_cfg('3_4_0', 'E=128,N=384,device_name=NVIDIA_H200,dtype=fp8_w8a8,block_shape=[128, 128]_down.json')}, you can create them with https://github.com/sgl-project/sglang/tree/main/benchmark/kernels/fused_moe_triton",
        capture_end(),
        ready(72),
        serving(80),
    ),
)
case(
    "healthy_deepgemm_precompile_reduces_max_m",
    "0.5.10.post1",
    "layers/deep_gemm_wrapper/compile_utils.py:125-139,174-190; thread sglang#30595 for the shape",
    "healthy",
    "DeepGEMM JIT pre-compile on first use: long-wait warning and 'reducing max_m to avoid out of memory' are warnings; it serves",
    join(
        sargs(0, "deepseek-ai/DeepSeek-V3", tp_size=8, trust_remote_code=True),
        boot(typ="DeepseekV3ForCausalLM", w_gb=84.6, avail=139.2),
        f"{ts(50, 'TP0')} Entering DeepGEMM JIT Pre-Compile session. It may take a long time (typically 10-20 mins) if you have not run `sglang.compile_deep_gemm`. It is recommended to run `sglang.compile_deep_gemm` with same args as `sglang.launch_server` for pre-compilation to reduce the overhead if you have not run it before. For example: `python3 -m sglang.compile_deep_gemm --model deepseek-ai/DeepSeek-V3 --tp 8 --trust-remote-code`",
        f"{ts(50, 'TP0')} Try DeepGEMM JIT Compiling for <GROUPED_GEMM_NT_F8F8BF16_MASKED> N=4096, K=7168, num_groups=32 with all Ms. It only takes a little time (typically 1 sec) if you have run `python3 -m sglang.compile_deep_gemm`. ",
        f"{ts(51, 'TP0')} Required memory for warmup: 14.203125GB, Available memory: 9.6943359375GB",
        f"{ts(51, 'TP0')} Available memory 9.6943359375GB is less than required memory 14.203125GB for warmup, reducing max_m to 8192 to avoid out of memory",
        "DeepGEMM warmup: 100%|██████████| 8192/8192 [02:41<00:00, 50.71it/s]",
        capture_begin(second=213),
        capture_end(second=240),
        ready(242),
        serving(250),
    ),
)
case(
    "healthy_deepep_enabled_warnings_serves",
    "0.5.10.post1",
    "server_args.py:2740-2746 (_handle_a2a_moe), layers/moe/token_dispatcher/deepep.py:215-219",
    "healthy",
    "DeepEP normal mode: SGLang disables CUDA graph, resizes EP and warns about DeepEP's SM count; all warnings, it serves",
    join(
        f"{ts(0)} Cuda graph is disabled because deepep_mode=`normal`",
        f"{ts(0)} DeepEP MoE is enabled. The expert parallel size is adjusted to be the same as the tensor parallel size[8].",
        sargs(0, "deepseek-ai/DeepSeek-V3", tp_size=8, ep_size=8, moe_a2a_backend="deepep", deepep_mode="normal"),
        boot(rank="TP0 EP0", typ="DeepseekV3ForCausalLM", w_gb=84.6, avail=139.2),
        f"{ts(50, 'TP0 EP0')} Only use 24 SMs for DeepEP communication. This may result in highly suboptimal performance. Consider using --deepep-config to change the behavior.",
        f"{ts(52, 'TP0 EP0')} max_total_num_tokens=512000, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=1024, context_len=163840, available_gpu_mem=21.30 GB",
        ready(54),
        f"{ts(60, 'TP0 EP0')} Prefill batch, #new-seq: 1, #new-token: 2048, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
    ),
)
case(
    "healthy_046_default_config_then_retract",
    "0.4.6.post5",
    "layers/moe/fused_moe_triton/fused_moe.py:957-962 (0.4.6), managers/scheduler.py retract line",
    "healthy",
    "0.4.6's default-config warning during capture, then decode retraction under load: pressure, not failure",
    join(
        f"{ts(0)} EP MoE is enabled. The expert parallel size is adjusted to be the same as the tensor parallel size[4].",
        sargs(0, "Qwen/Qwen2-57B-A14B-Instruct", tp_size=4, enable_ep_moe=True),
        f"{ts(4, 'TP0')} Load weight begin. avail mem=78.52 GB",
        f"{ts(40, 'TP0')} Load weight end. type=Qwen2MoeForCausalLM, dtype=torch.bfloat16, avail mem=51.23 GB, mem usage=27.29 GB.",
        f"{ts(41, 'TP0')} KV Cache is allocated. #tokens: 760431, K size: 20.31 GB, V size: 20.31 GB",
        f"{ts(41, 'TP0')} Memory pool end. avail mem=9.91 GB",
        f"{ts(42, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=9.88 GB",
        default_cfg_warning(42, "TP0", moe_cfg("3_1_0", "E=16,N=2560,device_name=NVIDIA_A100-SXM4-80GB.json", PY310)),
        f"{ts(60, 'TP0')} Capture cuda graph end. Time elapsed: 18.1 s. mem usage=0.91 GB. avail mem=8.97 GB.",
        f"{ts(61, 'TP0')} max_total_num_tokens=760431, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4097, context_len=32768",
        ready(62),
        f"{ts(300, 'TP0')} Decode out of memory happened. #retracted_reqs: 3, #new_token_ratio: 0.4521 -> 0.8000",
        f"{ts(301, 'TP0')} Decode batch. #running-req: 412, #token: 759800, token usage: 1.00, gen throughput (token/s): 6120.44, #queue-req: 37, ",
    ),
)

# ------------------------------------------------------------------------------------------- backend choices refused
case(
    "argparse_moe_runner_backend_invalid_choice",
    "0.5.10.post1",
    "server_args.py:183-194 (MOE_RUNNER_BACKEND_CHOICES), :4916-4920 (argparse choices)",
    "config_error",
    "argparse refuses `--moe-runner-backend deepgemm` (the choice is deep_gemm): a bad argument",
    join(
        USAGE,
        "launch_server.py: error: argument --moe-runner-backend: invalid choice: 'deepgemm' (choose from 'auto', 'deep_gemm', 'triton', 'triton_kernel', 'flashinfer_trtllm', 'flashinfer_trtllm_routed', 'flashinfer_cutlass', 'flashinfer_mxfp4', 'flashinfer_cutedsl', 'cutlass')",
    ),
)
case(
    "argparse_moe_a2a_backend_invalid_choice",
    "0.5.10.post1",
    "server_args.py:196-204 (MOE_A2A_BACKEND_CHOICES), :4909-4915",
    "config_error",
    "`--moe-a2a-backend pplx` is not a choice in 0.5.10: argparse exits with code 2",
    join(
        USAGE,
        "launch_server.py: error: argument --moe-a2a-backend: invalid choice: 'pplx' (choose from 'none', 'deepep', 'mooncake', 'nixl', 'mori', 'ascend_fuseep', 'flashinfer')",
    ),
)
case(
    "flashinfer_cutlass_refuses_fp8_quantization",
    "0.5.10.post1",
    "server_args.py:2667-2673 (_handle_moe_kernel_config)",
    "config_error",
    "ServerArgs asserts flashinfer_cutlass MoE takes only modelopt fp4/fp8/mixed or bf16: a flag combination refused",
    join(
        f"{TB}\n"
        + tb(
            PY312,
            *MOE_KERNEL_CFG,
            ("server_args.py", 2668, "_handle_moe_kernel_config", "assert self.quantization in ["),
        ),
        "AssertionError: Invalid quantization 'fp8'. ",
        "FlashInfer Cutlass MOE supports only: 'modelopt_fp4', 'modelopt_fp8', 'modelopt_mixed', or bfloat16 (None).",
    ),
)
case(
    "flashinfer_cutlass_ep_size_neither_1_nor_tp",
    "0.5.10.post1",
    "server_args.py:2674-2677",
    "config_error",
    "flashinfer_cutlass with --tp 8 --ep 4: the EP size must be 1 or TP; an argument check",
    join(
        sargs(
            0,
            "nvidia/DeepSeek-R1-0528-FP4",
            tp_size=8,
            ep_size=4,
            moe_runner_backend="flashinfer_cutlass",
            quantization="modelopt_fp4",
        ),
        f"{TB}\n"
        + tb(PY312, *MOE_KERNEL_CFG, ("server_args.py", 2674, "_handle_moe_kernel_config", "assert self.ep_size in [")),
        "AssertionError: The expert parallel size must be 1 or the same as the tensor parallel size",
    ),
)
case(
    "cutlass_fp8_moe_with_ep",
    "0.5.10.post1",
    "server_args.py:2714-2720",
    "config_error",
    "--moe-runner-backend cutlass with fp8 and --ep 8 is refused by an assert: change the backend or EP",
    join(
        f"{TB}\n" + tb(PY312, *MOE_KERNEL_CFG, ("server_args.py", 2718, "_handle_moe_kernel_config", "assert (")),
        "AssertionError: FP8/MXFP8 Cutlass MoE is only supported with ep_size == 1",
    ),
)
case(
    "flashinfer_a2a_needs_flashinfer_cutlass_runner",
    "0.5.10.post1",
    "server_args.py:2774-2793 (_handle_a2a_moe)",
    "config_error",
    "--moe-a2a-backend flashinfer with the default runner: its warnings, then the assert; a flag combination refused",
    join(
        f"{ts(0)} Flashinfer MoE A2A is enabled. The expert parallel size is adjusted to be the same as the tensor parallel size[4].",
        f"{ts(0)} Flashinfer MoE A2A is enabled. --disable-shared-experts-fusion is automatically set.",
        f"{ts(0)} SGLANG_MOE_NVFP4_DISPATCH is set to True for Flashinfer MoE A2A",
        f"{TB}\n" + tb(PY312, *A2A, ("server_args.py", 2790, "_handle_a2a_moe", "assert self.moe_runner_backend in [")),
        "AssertionError: Flashinfer MoE A2A is only supported with flashinfer_cutlass moe runner backend",
    ),
)
case(
    "triton_kernel_moe_with_ep_gpt_oss",
    "0.5.10.post1",
    "server_args.py:1783-1792 (_handle_model_specific_adjustments, GPT-OSS branch)",
    "config_error",
    "GPT-OSS picks triton_kernels MoE, which asserts ep_size == 1; --ep 4 is the user's argument",
    join(
        f"{ts(0)} Detected GPT-OSS model, enabling triton_kernels MOE kernel.",
        f"{TB}\n"
        + tb(
            PY312,
            *ARGS,
            ("server_args.py", 787, "__post_init__", "self._handle_model_specific_adjustments()"),
            ("server_args.py", 1790, "_handle_model_specific_adjustments", "assert ("),
        ),
        "AssertionError: Triton kernel MoE is only supported when ep_size == 1",
    ),
)

# ----------------------------------------------------------------------- expert counts / sizes a split does not take
case(
    "tp_not_divisible_by_ep",
    "0.5.10.post1",
    "model_executor/model_runner.py:865-868 (check_quantized_moe_compatibility), :428",
    "config_error",
    "--tp 8 --ep 3 on a block-FP8 MoE: ModelRunner refuses the split before distributed init",
    join(
        sargs(0, "Qwen/Qwen3-30B-A3B-FP8", tp_size=8, ep_size=3),
        sched_exc(
            3,
            "TP0 EP0",
            tb(
                PY312,
                *RUNNER,
                ("model_executor/model_runner.py", 428, "__init__", "self.check_quantized_moe_compatibility()"),
                ("model_executor/model_runner.py", 866, "check_quantized_moe_compatibility", "raise ValueError("),
            ),
        ),
        "ValueError: tp_size 8 must be divisible by ep_size 3",
        sigquit(4),
    ),
)
case(
    "quantized_moe_intermediate_not_multiple_of_block",
    "0.5.10.post1",
    "model_executor/model_runner.py:882-887",
    "config_error",
    "Qwen3-30B-A3B-FP8 at TP 8: 768/8 = 96 is not a multiple of the 128 FP8 block; the message says fix --tp/--ep",
    join(
        sargs(0, "Qwen/Qwen3-30B-A3B-FP8", tp_size=8),
        sched_exc(
            3,
            "TP3",
            tb(
                PY312,
                *RUNNER,
                ("model_executor/model_runner.py", 428, "__init__", "self.check_quantized_moe_compatibility()"),
                ("model_executor/model_runner.py", 883, "check_quantized_moe_compatibility", "raise ValueError("),
            ),
        ),
        "ValueError: For quantized MoE models, please make sure (moe_intermediate_size=768 / moe_tp_size=8) % weight_block_size_n=128 == 0 where moe_tp_size is equal to tp_size (8) divided by ep_size (1). You can fix this by setting arguments `--tp` and `--ep` correctly.",
        sigquit(4),
    ),
)
case(
    "fp8_gate_up_not_divisible_by_block_n_046",
    "0.4.6.post5",
    "layers/quantization/fp8.py:497-502 (Fp8MoEMethod.create_weights)",
    "config_error",
    "0.4.6 has no early check: FusedMoE's FP8 create_weights refuses 1536/16 = 96 against block_n 128 while building the model",
    join(
        sargs(0, "deepseek-ai/DeepSeek-V2-Lite", tp_size=16, quantization="fp8"),
        f"{ts(6, 'TP0')} Load weight begin. avail mem=78.51 GB",
        f"{ts(7, 'TP0')} Scheduler hit an exception: {TB}\n"
        + tb(
            PY310,
            (
                "managers/scheduler.py",
                2297,
                "run_scheduler_process",
                "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
            ),
            ("managers/scheduler.py", 276, "__init__", "self.tp_worker = TpWorkerClass("),
            ("managers/tp_worker.py", 74, "__init__", "self.model_runner = ModelRunner("),
            ("model_executor/model_runner.py", 193, "__init__", "self.initialize(min_per_gpu_memory)"),
            ("model_executor/model_runner.py", 208, "initialize", "self.load_model()"),
            ("model_executor/model_runner.py", 434, "load_model", "self.model = get_model("),
            ("model_loader/__init__.py", 22, "get_model", "return loader.load_model("),
            ("model_loader/loader.py", 365, "load_model", "model = _initialize_model("),
            ("model_loader/loader.py", 144, "_initialize_model", "return model_class("),
            ("models/deepseek_v2.py", 1406, "__init__", "self.model = DeepseekV2Model("),
            ("models/deepseek_v2.py", 1340, "__init__", "DeepseekV2DecoderLayer("),
            ("models/deepseek_v2.py", 1168, "__init__", "self.mlp = DeepseekV2MoE("),
            ("models/deepseek_v2.py", 213, "__init__", "self.experts = MoEImpl("),
            ("layers/moe/fused_moe_triton/layer.py", 329, "__init__", "self.quant_method.create_weights("),
            ("layers/quantization/fp8.py", 498, "create_weights", "raise ValueError("),
        ),
        "ValueError: The output_size of gate's and up's weight = 96 is not divisible by weight quantization block_n = 128.",
        sigquit(8),
    ),
)
case(
    "fusedmoe_experts_not_divisible_by_ep",
    "0.5.10.post1",
    "layers/moe/fused_moe_triton/layer.py:200",
    "config_error",
    "60 experts over --ep 8: FusedMoE's bare assert while building the model; the EP split does not divide the experts",
    join(
        sargs(0, "Qwen/Qwen1.5-MoE-A2.7B", tp_size=8, ep_size=8),
        f"{ts(6, 'TP0 EP0')} Load weight begin. avail mem=78.50 GB",
        sched_exc(
            7,
            "TP0 EP0",
            tb(
                PY312,
                *BUILD,
                (
                    "layers/moe/fused_moe_triton/layer.py",
                    200,
                    "__init__",
                    "assert (num_experts - num_fused_shared_experts) % self.moe_ep_size == 0",
                ),
            ),
        ),
        "AssertionError",
        sigquit(8),
    ),
)
case(
    "epmoe_046_experts_not_divisible_by_tp",
    "0.4.6.post5",
    "layers/moe/ep_moe/layer.py:170 (EPMoE.__init__)",
    "config_error",
    "0.4.6 --enable-ep-moe with 60 experts on TP 8: EPMoE's bare assert num_experts % tp_size",
    join(
        f"{ts(0)} EP MoE is enabled. The expert parallel size is adjusted to be the same as the tensor parallel size[8].",
        sargs(0, "Qwen/Qwen1.5-MoE-A2.7B", tp_size=8, enable_ep_moe=True),
        f"{ts(6, 'TP5')} Load weight begin. avail mem=78.50 GB",
        f"{ts(7, 'TP5')} Scheduler hit an exception: {TB}\n"
        + tb(
            PY310,
            (
                "managers/scheduler.py",
                2297,
                "run_scheduler_process",
                "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
            ),
            ("managers/scheduler.py", 276, "__init__", "self.tp_worker = TpWorkerClass("),
            ("managers/tp_worker.py", 74, "__init__", "self.model_runner = ModelRunner("),
            ("model_executor/model_runner.py", 193, "__init__", "self.initialize(min_per_gpu_memory)"),
            ("model_executor/model_runner.py", 208, "initialize", "self.load_model()"),
            ("model_executor/model_runner.py", 434, "load_model", "self.model = get_model("),
            ("model_loader/loader.py", 144, "_initialize_model", "return model_class("),
            ("models/qwen2_moe.py", 110, "__init__", "self.experts = MoEImpl("),
            ("layers/moe/ep_moe/layer.py", 170, "__init__", "assert self.num_experts % self.tp_size == 0"),
        ),
        "AssertionError",
        sigquit(8),
    ),
)
case(
    "deepep_low_latency_experts_not_divisible",
    "0.5.10.post1",
    "layers/moe/token_dispatcher/deepep.py:178-179 (get_deepep_buffer)",
    "config_error",
    "DeepEP low-latency needs num_experts % EP group == 0; 60 experts over 8 ranks fails at the first dispatch in capture (not a RuntimeError, so unwrapped)",
    join(
        sargs(0, "Qwen/Qwen1.5-MoE-A2.7B", tp_size=8, moe_a2a_backend="deepep", deepep_mode="low_latency"),
        boot(rank="TP0 EP0", typ="Qwen2MoeForCausalLM", w_gb=3.6),
        capture_begin("TP0 EP0"),
        sched_exc(
            51,
            "TP0 EP0",
            tb(
                PY312,
                *CAP_PRE,
                *Q2_FWD,
                ("models/qwen2_moe.py", 262, "forward_deepep", "final_hidden_states = self.experts("),
                ("layers/moe/ep_moe/layer.py", 160, "forward", "dispatch_output = self.dispatcher.dispatch("),
                ("layers/moe/token_dispatcher/deepep.py", 780, "dispatch", "self._get_impl().dispatch_a("),
                ("layers/moe/token_dispatcher/deepep.py", 560, "dispatch_a", "buffer = self._get_buffer()"),
                ("layers/moe/token_dispatcher/deepep.py", 330, "_get_buffer", "return DeepEPBuffer.get_deepep_buffer("),
                (
                    "layers/moe/token_dispatcher/deepep.py",
                    179,
                    "get_deepep_buffer",
                    "assert num_experts != -1 and num_experts % group.size() == 0",
                ),
            ),
        ),
        "AssertionError",
        sigquit(52),
    ),
)

# --------------------------------------------------------------------------------------------- tuning data / JIT
case(
    "moe_config_json_malformed",
    "0.5.10.post1",
    "layers/moe/fused_moe_triton/fused_moe_triton_config.py:76-97 (SGLANG_MOE_CONFIG_DIR, json.load)",
    "config_error",
    "a hand-edited tuned JSON under SGLANG_MOE_CONFIG_DIR with a trailing comma: json.load fails at the first MoE call in capture",
    join(
        sargs(0, Q30, tp_size=2),
        boot(),
        capture_begin(),
        sched_exc(
            51,
            "TP0",
            tb(
                PY312,
                *CAPTURE,
                *GET_CFG,
                (
                    "layers/moe/fused_moe_triton/fused_moe_triton_config.py",
                    97,
                    "get_moe_configs",
                    "return {int(key): val for key, val in json.load(f).items()}",
                ),
                ("/usr/lib/python3.12/json/__init__.py", 293, "load", "return loads(fp.read(),"),
                ("/usr/lib/python3.12/json/__init__.py", 346, "loads", "return _default_decoder.decode(s)"),
                (
                    "/usr/lib/python3.12/json/decoder.py",
                    337,
                    "decode",
                    "obj, end = self.raw_decode(s, idx=_w(s, 0).end())",
                ),
                ("/usr/lib/python3.12/json/decoder.py", 353, "raw_decode", "obj, end = self.scan_once(s, idx)"),
            ),
        ),
        "json.decoder.JSONDecodeError: Expecting property name enclosed in double quotes: line 146 column 1 (char 3012)",
        sigquit(52),
    ),
)
case(
    "moe_config_tuned_for_another_gpu_smem",
    "0.5.10.post1",
    "fused_moe.py:483 invoke_fused_moe_kernel; Triton runtime/errors.py OutOfResources text",
    "config_error",
    "an H200-tuned JSON renamed for an L40S: BLOCK 128x256 num_stages 4 needs more shared memory than this GPU has; remedy drop/retune the file",
    join(
        sargs(0, Q30, tp_size=2),
        boot(avail=44.1, w_gb=30.5),
        capture_begin(),
        f"{ts(50, 'TP0')} Using MoE kernel config from {moe_cfg('3_4_0', 'E=128,N=384,device_name=NVIDIA_L40S.json')}.",
        sched_exc(
            51,
            "TP0",
            tb(
                PY312,
                *CAPTURE,
                *TRITON_MOE,
                ("layers/moe/fused_moe_triton/fused_moe.py", 483, "fused_experts_impl", "invoke_fused_moe_kernel("),
                (
                    "layers/moe/fused_moe_triton/fused_moe_triton_kernels.py",
                    700,
                    "invoke_fused_moe_kernel",
                    "fused_moe_kernel[grid](",
                ),
                (
                    "+triton/runtime/jit.py",
                    390,
                    "<lambda>",
                    "return lambda *args, **kwargs: self.run(grid=grid, warmup=False, *args, **kwargs)",
                ),
                (
                    "+triton/runtime/jit.py",
                    617,
                    "run",
                    "kernel.run(grid_0, grid_1, grid_2, stream, kernel.function, kernel.packed_metadata,",
                ),
                ("+triton/compiler/compiler.py", 498, "__getattribute__", "self._init_handles()"),
                (
                    "+triton/compiler/compiler.py",
                    483,
                    "_init_handles",
                    'raise OutOfResources(self.metadata.shared, max_shared, "shared memory")',
                ),
            ),
        ),
        "triton.runtime.errors.OutOfResources: out of resource: shared memory, Required: 196608, Hardware limit: 101376. Reducing block sizes or `num_stages` may help.",
        sigquit(52),
    ),
)
case(
    "tuning_script_sglang_checkout_mismatch",
    "0.5.10.post1",
    "https://github.com/sgl-project/sglang/issues/23251",
    "config_error",
    "tuning_fused_moe_triton.py from a newer checkout imports a module the installed sglang lacks: a Python-level version mismatch",
    join(
        "python benchmark/kernels/fused_moe_triton/tuning_fused_moe_triton.py --model zai-org/GLM-4.7 --tp-size 2 --dtype fp16 --tune",
        TB,
        '  File "/home/user/sglang/benchmark/kernels/fused_moe_triton/tuning_fused_moe_triton.py", line 11, in <module>',
        "    from common_utils import (",
        '  File "/home/user/sglang/benchmark/kernels/fused_moe_triton/common_utils.py", line 6, in <module>',
        "    from sglang.srt.layers.moe.moe_runner.triton_utils.fused_moe import get_config_dtype_str",
        "ModuleNotFoundError: No module named 'sglang.srt.layers.moe.moe_runner.triton_utils'",
    ),
)
case(
    "cutlass_moe_jit_ninja_build_failed",
    "0.5.10.post1",
    "flashinfer jit/cpp_ext.py run_ninja ('Ninja build failed. Ninja output:'); nvcc's arch refusal",
    "config_error",
    "first use of flashinfer_cutlass fused MoE JIT-builds CUTLASS kernels; the local nvcc cannot target sm_100a: a toolchain/arch problem",
    join(
        sargs(
            0,
            "nvidia/DeepSeek-R1-0528-FP4",
            tp_size=4,
            moe_runner_backend="flashinfer_cutlass",
            quantization="modelopt_fp4",
        ),
        boot(typ="DeepseekV3ForCausalLM", w_gb=101.2, avail=178.4),
        capture_begin(),
        sched_exc(
            51,
            "TP0",
            tb(
                PY312,
                *CAP_PRE,
                *DS_FWD_NORMAL,
                ("layers/moe/fused_moe_triton/layer.py", 1033, "run_moe_core", "return self.quant_method.apply("),
                ("layers/quantization/modelopt_quant.py", 1590, "apply", "output = flashinfer_cutlass_fused_moe("),
                (
                    "+flashinfer/fused_moe/core.py",
                    720,
                    "cutlass_fused_moe",
                    "return get_cutlass_fused_moe_module(device_arch).cutlass_fused_moe(",
                ),
                (
                    "+flashinfer/fused_moe/core.py",
                    310,
                    "get_cutlass_fused_moe_module",
                    "module = gen_cutlass_fused_moe_sm100_module(use_fast_build).build_and_load()",
                ),
                ("+flashinfer/jit/core.py", 300, "build_and_load", "self.build(verbose, need_lock=False)"),
                (
                    "+flashinfer/jit/core.py",
                    286,
                    "build",
                    "run_ninja(jit_env.FLASHINFER_JIT_DIR, self.ninja_path, verbose)",
                ),
                ("+flashinfer/jit/cpp_ext.py", 340, "run_ninja", "raise RuntimeError(msg) from e"),
            ),
        ),
        "RuntimeError: Ninja build failed. Ninja output:",
        "ninja: Entering directory `/root/.cache/flashinfer/0.5.3/100a/cached_ops'",
        "[1/97] /usr/local/cuda/bin/nvcc --generate-dependencies-with-compile -gencode=arch=compute_100a,code=sm_100a -c csrc/fused_moe/cutlass_backend/cutlass_fused_moe_instantiation.cu -o fused_moe_100/cutlass_fused_moe_instantiation.cuda.o",
        "FAILED: fused_moe_100/cutlass_fused_moe_instantiation.cuda.o",
        "nvcc fatal   : Unsupported gpu architecture 'compute_100a'",
        "ninja: build stopped: subcommand failed.",
        sigquit(52),
    ),
)

# -------------------------------------------------------------------------------------------------- where MoE OOMs
case(
    "moe_expert_weights_oom_at_create",
    "0.5.10.post1",
    "layers/quantization/unquant.py:194-196 (UnquantizedFusedMoEMethod.create_weights), layers/moe/fused_moe_triton/layer.py:276",
    "oom_weights",
    "Qwen3-235B-A22B bf16 on TP 4 H100: allocating the experts' w13 tensor while building the model; it does not fit at this TP",
    join(
        sargs(0, "Qwen/Qwen3-235B-A22B", tp_size=4),
        f"{ts(3, 'TP0')} Init torch distributed begin.",
        f"{ts(5, 'TP0')} Init torch distributed ends. elapsed=1.92 s, mem usage=0.62 GB",
        f"{ts(6, 'TP0')} Load weight begin. avail mem=78.52 GB",
        sched_exc(
            30,
            "TP0",
            tb(
                PY312,
                *BUILD,
                ("layers/moe/fused_moe_triton/layer.py", 276, "__init__", "self.quant_method.create_weights("),
                (
                    "layers/quantization/unquant.py",
                    195,
                    "create_weights",
                    "torch.empty(num_experts, w13_weight_n, w13_weight_k, dtype=params_dtype),",
                ),
                ("+torch/utils/_device.py", 104, "__torch_function__", "return func(*args, **kwargs)"),
            ),
        ),
        torch_oom("768.00 MiB", "412.19 MiB", used="78.77 GiB"),
        sigquit(31),
    ),
)
case(
    "moe_expert_weights_oom_in_weight_loader",
    "0.5.10.post1",
    "layers/moe/fused_moe_triton/layer.py weight_loader (w2 narrow/copy), model_loader/loader.py:660",
    "oom_weights",
    "Mixtral-8x22B at TP 2: the experts' shards run the GPU out while load_weights copies them in; the model does not fit",
    join(
        sargs(0, "mistralai/Mixtral-8x22B-Instruct-v0.1", tp_size=2),
        f"{ts(3, 'TP1')} Init torch distributed begin.",
        f"{ts(5, 'TP1')} Init torch distributed ends. elapsed=1.80 s, mem usage=0.60 GB",
        f"{ts(6, 'TP1')} Load weight begin. avail mem=78.52 GB",
        "Loading safetensors checkpoint shards:  81% Completed | 48/59 [02:10<00:29,  2.70s/it]",
        sched_exc(
            140,
            "TP1",
            tb(
                PY312,
                *INIT,
                ("model_executor/model_runner.py", 520, "initialize", "self.load_model()"),
                ("model_executor/model_runner.py", 1120, "load_model", "self.model = get_model("),
                ("model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
                ("model_loader/loader.py", 640, "load_model", "self.load_weights_and_postprocess("),
                ("model_loader/loader.py", 660, "load_weights_and_postprocess", "model.load_weights(weights)"),
                ("models/mixtral.py", 420, "load_weights", "weight_loader("),
                ("layers/moe/fused_moe_triton/layer.py", 640, "weight_loader", "self._weight_loader_impl("),
                ("layers/moe/fused_moe_triton/layer.py", 760, "_weight_loader_impl", "self._load_w2("),
                ("layers/moe/fused_moe_triton/layer.py", 495, "_load_w2", "expert_data.copy_(loaded_weight)"),
            ),
        ),
        torch_oom("96.00 MiB", "61.19 MiB", used="79.12 GiB"),
        sigquit(141),
    ),
)
case(
    "deepgemm_masked_moe_workspace_oom_capture",
    "0.5.10.post1",
    "layers/moe/moe_runner/deep_gemm.py:260-262 (_run_masked_gemm gateup_output), model_executor/cuda_graph_runner.py:651-657",
    "oom_moe_workspace",
    "DeepEP low-latency + DeepGEMM masked MoE: the grouped-GEMM output buffer OOMs capturing bs=256; a MoE kernel workspace",
    join(
        f"{ts(0)} DeepEP MoE is enabled. The expert parallel size is adjusted to be the same as the tensor parallel size[8].",
        sargs(
            0,
            "deepseek-ai/DeepSeek-V3",
            tp_size=8,
            moe_a2a_backend="deepep",
            deepep_mode="low_latency",
            mem_fraction_static=0.9,
        ),
        boot(rank="TP0 EP0", typ="DeepseekV3ForCausalLM", w_gb=84.6, avail=139.2),
        capture_begin("TP0 EP0"),
        sched_exc(
            51,
            "TP0 EP0",
            capture_wrapped(
                tb(
                    PY312,
                    *CAP_PRE[len(INIT) + 2 :],
                    *DS_FWD,
                    ("models/deepseek_v2.py", 780, "forward_deepep", "final_hidden_states = self.experts("),
                    ("layers/moe/ep_moe/layer.py", 175, "forward", "combine_input = self.run_moe_core("),
                    (
                        "layers/quantization/fp8.py",
                        1691,
                        "apply",
                        "return self.runner.run(dispatch_output, quant_info)",
                    ),
                    (
                        "layers/moe/moe_runner/runner.py",
                        107,
                        "run",
                        "runner_output = self.runner_core.run(runner_input, quant_info, running_state)",
                    ),
                    ("layers/moe/moe_runner/deep_gemm.py", 128, "run", "return self._run_masked_gemm("),
                    ("layers/moe/moe_runner/deep_gemm.py", 260, "_run_masked_gemm", "gateup_output = torch.empty("),
                ),
                torch_oom("7.88 GiB", "3.41 GiB", total="139.81 GiB", used="136.38 GiB"),
            ),
        ),
        sigquit(52),
    ),
)
case(
    "deepep_low_latency_oom_capture_046",
    "0.4.6.post5",
    "https://github.com/sgl-project/sglang/issues/5285 (DeepEP low-latency, torch.OutOfMemoryError in capture)",
    "oom_moe_workspace",
    "DeepEP low-latency on 2x8 H20: the dispatch's receive buffers OOM while capturing; DeepEP's buffers are a MoE workspace",
    join(
        f"{ts(0)} DeepEP MoE is enabled. The expert parallel size is adjusted to be the same as the tensor parallel size[16].",
        sargs(0, "deepseek-ai/DeepSeek-V3", tp_size=16, nnodes=2, enable_deepep_moe=True, deepep_mode="low_latency"),
        f"{ts(40, 'TP7')} Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=54.02 GB, mem usage=42.36 GB.",
        f"{ts(41, 'TP7')} KV Cache is allocated. #tokens: 421304, KV size: 27.59 GB",
        f"{ts(41, 'TP7')} Memory pool end. avail mem=25.84 GB",
        f"{ts(42, 'TP7')} Capture cuda graph begin. This can take up to several minutes. avail mem=25.80 GB",
        f"{ts(58, 'TP7')} Scheduler hit an exception: {TB}\n"
        + tb(
            PY310,
            ("model_executor/cuda_graph_runner.py", 267, "__init__", "self.capture()"),
            ("model_executor/cuda_graph_runner.py", 351, "capture", ") = self.capture_one_batch_size(bs, forward)"),
            ("model_executor/cuda_graph_runner.py", 443, "capture_one_batch_size", "run_once()"),
            (
                "model_executor/cuda_graph_runner.py",
                436,
                "run_once",
                "logits_output = forward(input_ids, forward_batch.positions, forward_batch)",
            ),
            (
                "models/deepseek_v2.py",
                1232,
                "forward",
                "hidden_states = self.model(input_ids, positions, forward_batch, input_embeds)",
            ),
            ("models/deepseek_v2.py", 340, "forward_deepep", "hidden_states = self.deepep_dispatcher.dispatch("),
            (
                "layers/moe/ep_moe/token_dispatcher.py",
                470,
                "dispatch",
                "hidden_states, recv_expert_count, handle, event, hook = self.dispatch_low_latency(",
            ),
            (
                "layers/moe/ep_moe/token_dispatcher.py",
                560,
                "dispatch_low_latency",
                "self.buffer_low_latency.low_latency_dispatch(",
            ),
            ("+deep_ep/buffer.py", 493, "low_latency_dispatch", "self.runtime.low_latency_dispatch(x, topk_idx,"),
        ),
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.38 GiB. GPU 7 has a total capacity of 95.00 GiB of which 1.97 GiB is free. Process 88121 has 93.01 GiB memory in use. Of the allocated memory 86.77 GiB is allocated by PyTorch, and 2.21 GiB is reserved by PyTorch but unallocated. "
        + OOM_TAIL,
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        TB,
        tb(
            PY310,
            (
                "managers/scheduler.py",
                2297,
                "run_scheduler_process",
                "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
            ),
            ("model_executor/cuda_graph_runner.py", 269, "__init__", "raise Exception("),
        ),
        "Exception: Capture cuda graph failed: CUDA out of memory. Tried to allocate 3.38 GiB. GPU 7 has a total capacity of 95.00 GiB of which 1.97 GiB is free.",
        "Possible solutions:",
        "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)",
        "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)",
        "3. disable torch compile by not using --enable-torch-compile",
        "4. disable cuda graph by --disable-cuda-graph. (Not recommended. Huge performance loss)",
        "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose ",
        sigquit(59),
    ),
)
case(
    "flashinfer_trtllm_moe_autotune_memoryerror",
    "0.5.10.post1",
    "model_executor/model_runner.py:2052-2110 (kernel_warmup/_flashinfer_autotune); flashinfer autotuner MemoryError (reference sglang.md 1.7)",
    "oom_moe_workspace",
    "FlashInfer TRTLLM MoE autotune before ready: its tactic-ranking workspace raises builtin MemoryError; remedy --disable-flashinfer-autotune / lower fraction",
    join(
        f"{ts(0)} FlashInfer TRTLLM MoE is enabled. --disable-shared-experts-fusion is automatically set.",
        sargs(
            0,
            "nvidia/DeepSeek-R1-0528-FP4",
            tp_size=4,
            moe_runner_backend="flashinfer_trtllm",
            quantization="modelopt_fp4",
            mem_fraction_static=0.92,
        ),
        boot(typ="DeepseekV3ForCausalLM", w_gb=101.2, avail=178.4),
        capture_begin(),
        capture_end(second=80),
        f"{ts(82, 'TP0')} [Autotuner]: OOM detected, falling back to default tactic",
        sched_exc(
            84,
            "TP0",
            tb(
                PY312,
                *INIT,
                ("model_executor/model_runner.py", 654, "initialize", "self.kernel_warmup()"),
                ("model_executor/model_runner.py", 2061, "kernel_warmup", "self._flashinfer_autotune()"),
                ("model_executor/model_runner.py", 2106, "_flashinfer_autotune", "self._dummy_run("),
                ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
                *DS_FWD_NORMAL,
                ("layers/moe/fused_moe_triton/layer.py", 1033, "run_moe_core", "return self.quant_method.apply("),
                (
                    "layers/moe/moe_runner/flashinfer_trtllm.py",
                    680,
                    "fused_experts_none_to_flashinfer_trtllm_fp4",
                    "result = trtllm_fp4_block_scale_moe(",
                ),
                (
                    "+flashinfer/fused_moe/core.py",
                    1850,
                    "trtllm_fp4_block_scale_moe",
                    "return get_trtllm_moe_sm100_module().trtllm_fp4_block_scale_moe(",
                ),
                (
                    "+flashinfer/autotuner.py",
                    480,
                    "choose_one",
                    'raise MemoryError("OOM during tactic-ranking runner preparation")',
                ),
            ),
        ),
        "MemoryError: OOM during tactic-ranking runner preparation",
        sigquit(85),
    ),
)
case(
    "fused_moe_intermediate_cache_oom_serving",
    "0.5.10.post1",
    "layers/moe/fused_moe_triton/fused_moe.py:406-410 (cache = torch.empty), after ready",
    "oom_runtime",
    "a long prefill after ready: the fused-MoE intermediate cache does not fit while serving",
    join(
        sargs(0, Q30, tp_size=2, chunked_prefill_size=-1),
        boot(),
        capture_begin(),
        capture_end(),
        ready(72),
        serving(80),
        f"{ts(200, 'TP0')} Prefill batch, #new-seq: 1, #new-token: 131072, #cached-token: 0, token usage: 0.09, #running-req: 3, #queue-req: 0, ",
        sched_exc(
            201,
            "TP0",
            tb(
                PY312,
                *LOOP,
                ("layers/moe/fused_moe_triton/fused_moe.py", 406, "fused_experts_impl", "cache = torch.empty("),
            ),
        ),
        torch_oom("6.00 GiB", "2.87 GiB", used="76.32 GiB"),
        sigquit(202),
    ),
)

# --------------------------------------------------------------------------------------------------- CUDA faults
case(
    "deepep_normal_invalid_configuration_argument",
    "0.5.10.post1",
    "https://github.com/sgl-project/sglang/issues/16026",
    "cuda_error_other",
    "DeepEP normal mode + DeepGEMM contiguous MoE: a kernel launch with an invalid configuration while serving; a CUDA runtime fault",
    join(
        sargs(0, "deepseek-ai/DeepSeek-V3", tp_size=8, moe_a2a_backend="deepep", deepep_mode="normal"),
        f"{ts(0)} Cuda graph is disabled because deepep_mode=`normal`",
        boot(rank="TP0 EP0", typ="DeepseekV3ForCausalLM", w_gb=84.6, avail=139.2),
        f"{ts(50, 'TP0 EP0')} Try DeepGEMM JIT Compiling for <GEMM_NT_F8F8BF16> N=16384, K=512, num_groups=1 with all Ms. It only takes a little time (typically 1 sec) if you have run `python3 -m sglang.compile_deep_gemm`. ",
        f"{ts(50, 'TP0 EP0')} Required memory for warmup: 2.0390625GB, Available memory: 44.05438232421875GB",
        "DeepGEMM warmup: 100%|██████████| 65536/65536 [00:05<00:00, 11112.46it/s]",
        ready(60),
        f"{ts(70, 'TP0 EP0')} Prefill batch, #new-seq: 4, #new-token: 8192, #cached-token: 0, token usage: 0.01, #running-req: 0, #queue-req: 0, ",
        sched_exc(
            71,
            "TP0 EP0",
            tb(
                PY312,
                *LOOP_PRE,
                *DS_FWD,
                ("models/deepseek_v2.py", 780, "forward_deepep", "final_hidden_states = self.experts("),
                ("layers/moe/ep_moe/layer.py", 175, "forward", "combine_input = self.run_moe_core("),
                ("layers/quantization/fp8.py", 1691, "apply", "return self.runner.run(dispatch_output, quant_info)"),
                (
                    "layers/moe/moe_runner/runner.py",
                    107,
                    "run",
                    "runner_output = self.runner_core.run(runner_input, quant_info, running_state)",
                ),
                ("layers/moe/moe_runner/deep_gemm.py", 124, "run", "return self._run_contiguous_gemm("),
                (
                    "layers/moe/moe_runner/deep_gemm.py",
                    170,
                    "_run_contiguous_gemm",
                    "deep_gemm_wrapper.grouped_gemm_nt_f8f8bf16_contig(",
                ),
            ),
        ),
        "RuntimeError: CUDA error: invalid configuration argument",
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
        "",
        sigquit(72),
    ),
)
case(
    "fused_moe_illegal_memory_access_serving",
    "0.5.10.post1",
    "layers/moe/fused_moe_triton/fused_moe.py:483 (invoke_fused_moe_kernel), torch's CUDA error text",
    "cuda_error_other",
    "an illegal memory access inside the fused-MoE Triton kernel on a decode step after ready: a CUDA runtime fault",
    join(
        sargs(0, Q30, tp_size=2),
        boot(),
        capture_begin(),
        capture_end(),
        ready(72),
        serving(80),
        sched_exc(
            300,
            "TP1",
            tb(
                PY312,
                *LOOP,
                ("layers/moe/fused_moe_triton/fused_moe.py", 483, "fused_experts_impl", "invoke_fused_moe_kernel("),
                (
                    "layers/moe/fused_moe_triton/fused_moe_triton_kernels.py",
                    700,
                    "invoke_fused_moe_kernel",
                    "fused_moe_kernel[grid](",
                ),
                (
                    "+triton/backends/nvidia/driver.py",
                    529,
                    "__call__",
                    "self.launch(gridX, gridY, gridZ, stream, function, *args)",
                ),
            ),
        ),
        "RuntimeError: Triton Error [CUDA]: an illegal memory access was encountered",
        sigquit(301),
    ),
)


# The classifier's misses at first sight (strict: a fix must remove the entry), with the label it gave.
XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_moetune_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


# Healthy templates that fire a failure event on the way (what a live supervisor acts on), with the event's label.
EVENT_XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_moetune_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35

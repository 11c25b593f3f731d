"""Attention backends and new-GPU kernels, as they show in SGLang's log (a helper, blind).

Scope: `--attention-backend` choices (fa3, fa4, flashinfer, triton, flashmla, trtllm_mla / trtllm_mha, torch_native,
flex_attention, dual_chunk_flash_attn) and their refusals: at argument checks in `ServerArgs.__post_init__` (TRTLLM
MLA/MHA on a GPU that is not Blackwell, TRTLLM MLA with an fp8_e5m2 KV cache, fa4 as a decode backend, GPT-OSS /
Llama 4 per-model backend asserts, dual-chunk models on another backend, flex attention with EAGLE,
deterministic inference on flashmla, EAGLE topk>1 with a paged non-flashinfer backend, trtllm_mha with EAGLE topk>1,
argparse rejecting a backend an old release does not know, 0.5.10's TRTLLM MHA decode gate, FP4 KV cache with fa3,
FlashInfer CUTLASS MoE with AWQ), and at the attention-backend registry inside the scheduler (fa3 on B200, trtllm_mla on
a non-MLA model, hybrid GDN on Blackwell with flashinfer, triton with cross attention, 0.4.6's triton sliding-window
assert and `Invalid attention backend for MLA`, the vision tower's fa3 on B200). New-GPU kernels: NVFP4
(modelopt_fp4) on H100, sgl-kernel's RMSNorm with no image for sm120 (RTX 5090) under the cuda-graph wrapper that
advises memory flags, Triton's fp8e4nv on an A100 with an fp8_e4m3 KV cache, Triton's shared-memory limit on an RTX
PRO 6000 (sm120) in the extend kernel at warmup, trtllm-gen MXFP4 MoE illegal memory access on B200 while serving, a
trtllm-gen NVFP4 MoE workspace OOM in 0.5.10's FlashInfer autotune. Five healthy contrasts where SGLang switches or
adjusts a backend with a warning and serves: fa3 + fp8_e5m2 falling back to triton, trtllm_mla's page-size change
and the FP4 KV cache falling back to auto on B200, FlashInfer's autotuner skipping a tactic and falling back to the
default tactic on OOM, GPT-OSS on B200 picking trtllm_mha and the FlashInfer MXFP4 MoE kernel, deterministic
inference falling back to flashinfer on an RTX PRO 6000.

Sources: every SGLang message is copied from the named release's wheel (sglang 0.4.6.post5, 0.5.5, 0.5.10.post1;
file:line under sglang/ of that release in `source`) with its call path read there; FlashInfer's autotuner lines from
flashinfer-python 0.6.7.post3 (the pin of sglang 0.5.10.post1: autotuner.py, jit/core.py's log format); Triton's
`OutOfResources` / `CompilationError` text and torch's CUDA error text as those libraries print them (as quoted in the
public threads cited: sglang#7249, sglang#12360, sglang#2847, ktransformers#1570, flashinfer#2034, sglang#12695);
format fields filled with plausible values. Library-internal line numbers (torch, Triton, flashinfer) are approximate.

Labelling policy (decided before the classifier ran), by /work/shared/corpus/README.md and the task's spec: a backend,
kernel or dtype that this GPU generation / this model / this flag combination does not support is `config_error` (the
corpus's "unsupported architecture"; the remedy is another backend or flag), including a kernel with no build for the
GPU (`no kernel image is available`) even when SGLang's cuda-graph wrapper around it suggests memory flags, Triton
refusing fp8e4nv on sm80, and Triton's kernel needing more shared memory than the GPU has (a hardware limit, not GPU
memory: the remedy is another attention backend, not a memory fraction). A CUDA fault while serving (illegal memory
access in a trtllm-gen kernel) is `cuda_error_other`. An OOM allocating a FlashInfer MoE workspace during kernel warmup
/ autotune is `oom_moe_workspace`. A warning that SGLang picked, switched or adjusted a backend, page size or KV dtype,
and FlashInfer's autotuner skipping tactics or falling back on OOM, is `healthy` when the server then serves.

First sight: 33/33 (no miss; XFAIL and EVENT_XFAIL below are empty). Healthy contrasts 5/5 end `healthy` and none
fires a failure event on the way when fed line by line.
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
PY312 = "/usr/local/lib/python3.12/dist-packages"  # the 0.5.x images
PY310 = "/usr/local/lib/python3.10/dist-packages"  # the 0.4.x images


def tb(site: str, *stack: tuple[str, int, str, str]) -> str:
    """Python's frames: a path is under `{site}/sglang/srt/` unless it starts with `/` or `<` (absolute) or `+`
    (another package of the same site-packages, `+torch/...`)."""
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


def cmd(*flags: str) -> str:
    return "$ python3 -m sglang.launch_server " + " ".join(flags)


def sigquit(second: int) -> str:
    return f"{ts(second)} Received sigquit from a child process. It usually means the child failed."


def sched_fail(second: int, rank: str | None, site: str, stack: tuple, error: str) -> list[str]:
    return [f"{ts(second, rank)} Scheduler hit an exception: {TB}", tb(site, *stack), error, sigquit(second)]


def ready(second: int, port: int = 30000, pid: int = 4242) -> list[str]:
    return [
        f"{ts(second)} INFO:     Started server process [{pid}]",
        f"{ts(second)} INFO:     Waiting for application startup.",
        f"{ts(second)} INFO:     Application startup complete.",
        f"{ts(second)} INFO:     Uvicorn running on http://0.0.0.0:{port} (Press CTRL+C to quit)",
        f'{ts(second + 1)} INFO:     127.0.0.1:46704 - "GET /get_model_info HTTP/1.1" 200 OK',
        f"{ts(second + 2, None)} Prefill batch, #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f'{ts(second + 3)} INFO:     127.0.0.1:46720 - "POST /generate HTTP/1.1" 200 OK',
        f"{ts(second + 3)} The server is fired up and ready to roll!",
    ]


def serving(second: int, rank: str | None = None) -> list[str]:
    return [
        f"{ts(second, rank)} Prefill batch, #new-seq: 4, #new-token: 3712, #cached-token: 0, token usage: 0.02, #running-req: 0, #queue-req: 0, ",
        f"{ts(second + 2, rank)} Decode batch, #running-req: 4, #token: 4096, token usage: 0.02, cuda graph: True, gen throughput (token/s): 412.37, #queue-req: 0, ",
        f'{ts(second + 3)} INFO:     10.0.0.7:51234 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    ]


def boot055(
    rank: str | None, model_type: str, *, weights_gb: float, total: float = 139.81, kv: str = "torch.bfloat16"
) -> list[str]:
    """0.5.5's start-up lines on one rank, as far as `Memory pool end` (model_runner.py:569/679/686/799, memory_pool.py:509)."""
    after = total - weights_gb - 1.2
    return [
        f"{ts(5, rank)} Init torch distributed begin.",
        f"{ts(7, rank)} Init torch distributed ends. mem usage=0.62 GB",
        f"{ts(8, rank)} Load weight begin. avail mem={total - 0.62:.2f} GB",
        "Loading safetensors checkpoint shards: 100% Completed | 8/8 [00:21<00:00,  2.66s/it]",
        f"{ts(31, rank)} Load weight end. type={model_type}, dtype=torch.bfloat16, avail mem={after:.2f} GB, mem usage={weights_gb:.2f} GB.",
        f"{ts(31, rank)} Using KV cache dtype: {kv}",
        f"{ts(32, rank)} KV Cache is allocated. #tokens: 1284310, K size: 49.00 GB, V size: 49.00 GB",
        f"{ts(32, rank)} Memory pool end. avail mem={after - 98.4:.2f} GB",
    ]


def capture055(rank: str | None, avail: float) -> list[str]:
    return [
        f"{ts(33, rank)} Capture cuda graph begin. This can take up to several minutes. avail mem={avail:.2f} GB",
        f"{ts(33, rank)} Capture cuda graph bs [1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160, 168, 176, 184, 192, 200, 208, 216, 224, 232, 240, 248, 256]",
    ]


def graphs_done055(rank: str | None, avail: float, *, tokens: int = 1284310, ctx: int = 40960) -> list[str]:
    return [
        "Capturing batches (bs=1 avail_mem=%.2f GB): 100%%|██████████| 36/36 [00:09<00:00,  3.71it/s]" % (avail - 0.9),
        f"{ts(43, rank)} Capture cuda graph end. Time elapsed: 10.12 s. mem usage=0.91 GB. avail mem={avail - 0.91:.2f} GB.",
        f"{ts(44, rank)} max_total_num_tokens={tokens}, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len={ctx}, available_gpu_mem={avail - 0.91:.2f} GB",
    ]


# -- 0.5.5 call paths (sglang 0.5.5 wheel line numbers)
L055 = (
    ("/usr/lib/python3.12/runpy.py", 198, "_run_module_as_main", "return _run_code(code, main_globals, None,"),
    ("/usr/lib/python3.12/runpy.py", 88, "_run_code", "exec(code, run_globals)"),
    (f"{PY312}/sglang/launch_server.py", 24, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
    ("server_args.py", 4022, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
    ("server_args.py", 3637, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
    ("<string>", 333, "__init__", ""),
)
L055_ATTN = L055 + (("server_args.py", 596, "__post_init__", "self._handle_attention_backend_compatibility()"),)
L055_MODEL = L055 + (("server_args.py", 589, "__post_init__", "self._handle_model_specific_adjustments()"),)
L055_SPEC = L055 + (("server_args.py", 617, "__post_init__", "self._handle_speculative_decoding()"),)
L055_DET = L055 + (("server_args.py", 638, "__post_init__", "self._handle_deterministic_inference()"),)

S055 = (
    ("managers/scheduler.py", 2802, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 311, "__init__", "self.tp_worker = TpModelWorker("),
    ("managers/tp_worker.py", 237, "__init__", "self._model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 322, "__init__", "self.initialize(min_per_gpu_memory)"),
)
S055_ATTN = S055 + (
    ("model_executor/model_runner.py", 478, "initialize", "self.init_attention_backend()"),
    (
        "model_executor/model_runner.py",
        1897,
        "init_attention_backend",
        "self.attn_backend = self._get_attention_backend()",
    ),
    (
        "model_executor/model_runner.py",
        1931,
        "_get_attention_backend",
        "attn_backend = self._get_attention_backend_from_str(",
    ),
)
S055_REG = S055_ATTN + (
    (
        "model_executor/model_runner.py",
        1948,
        "_get_attention_backend_from_str",
        "full_attention_backend = ATTENTION_BACKENDS[backend_str](self)",
    ),
)
S055_WRAP = S055_ATTN + (
    (
        "model_executor/model_runner.py",
        1949,
        "_get_attention_backend_from_str",
        "return attn_backend_wrapper(self, full_attention_backend)",
    ),
)
S055_LOAD = S055 + (
    ("model_executor/model_runner.py", 398, "initialize", "self.load_model()"),
    ("model_executor/model_runner.py", 752, "load_model", "self.model = get_model("),
    ("model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
    ("model_loader/loader.py", 594, "load_model", "model = _initialize_model("),
)
S055_GRAPH = S055 + (
    ("model_executor/model_runner.py", 479, "initialize", "self.init_device_graphs()"),
    (
        "model_executor/model_runner.py",
        1995,
        "init_device_graphs",
        "self.graph_runner = graph_runners[self.device](self)",
    ),
    ("model_executor/cuda_graph_runner.py", 381, "__init__", "self.capture()"),
    ("model_executor/cuda_graph_runner.py", 500, "capture", ") = self.capture_one_batch_size(bs, forward)"),
    ("model_executor/cuda_graph_runner.py", 692, "capture_one_batch_size", "run_once()"),
    ("model_executor/cuda_graph_runner.py", 679, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
    ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
)
TORCH_CALL = (
    ("+torch/nn/modules/module.py", 1775, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
    ("+torch/nn/modules/module.py", 1786, "_call_impl", "return forward_call(*args, **kwargs)"),
)
E055_LOOP = (
    ("managers/scheduler.py", 2826, "run_scheduler_process", "scheduler.event_loop_overlap()"),
    ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
    ("managers/scheduler.py", 1005, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
    ("managers/scheduler.py", 2010, "run_batch", "batch_result = self.model_worker.forward_batch_generation("),
    (
        "managers/tp_worker.py",
        390,
        "forward_batch_generation",
        "logits_output, can_run_cuda_graph = self.model_runner.forward(",
    ),
    ("model_executor/model_runner.py", 2180, "forward", "output = self._forward_raw("),
)

CAPTURE_ADVICE = [  # 0.4.6.post5 cuda_graph_runner.py:309-317 (the wrapper around a RuntimeError during capture)
    "Possible solutions:",
    "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)",
    "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)",
    "3. disable torch compile by not using --enable-torch-compile",
    "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)",
    "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose ",
]

# ======================================================================================= argument checks (0.5.5)
DSV3 = "deepseek-ai/DeepSeek-V3-0324"

case(
    "trtllm_mla_on_hopper",
    "0.5.5",
    "sglang 0.5.5 server_args.py:1220-1223 (_handle_attention_backend_compatibility)",
    "config_error",
    "trtllm_mla has kernels for Blackwell only; on H200 SGLang refuses the flag before any process starts",
    join(
        cmd("--model-path", DSV3, "--tp", "8", "--trust-remote-code", "--attention-backend", "trtllm_mla"),
        TB,
        tb(PY312, *L055_ATTN, ("server_args.py", 1221, "_handle_attention_backend_compatibility", "raise ValueError(")),
        "ValueError: TRTLLM MLA backend is only supported on Blackwell GPUs (SM100). Please use a different backend.",
    ),
)

case(
    "trtllm_mla_kv_cache_fp8_e5m2_b200",
    "0.5.5",
    "sglang 0.5.5 server_args.py:906-907 (lastResort stderr, no prefix before logging is set up), 1225-1234",
    "config_error",
    "on B200 trtllm_mla passes the GPU gate but refuses an fp8_e5m2 KV cache: a dtype/backend combination the user chose",
    join(
        cmd(
            "--model-path",
            DSV3,
            "--tp",
            "8",
            "--trust-remote-code",
            "--kv-cache-dtype",
            "fp8_e5m2",
            "--attention-backend",
            "trtllm_mla",
        ),
        "TensorRT-LLM MLA only supports page_size of 32 or 64, changing page_size from 1 to 64.",
        TB,
        tb(PY312, *L055_ATTN, ("server_args.py", 1232, "_handle_attention_backend_compatibility", "raise ValueError(")),
        "ValueError: TensorRT-LLM MLA backend only supports kv-cache-dtype of fp8_e4m3, fp4_e2m1, or auto.",
    ),
)

case(
    "trtllm_mha_on_a100",
    "0.5.5",
    "sglang 0.5.5 server_args.py:1236-1244",
    "config_error",
    "trtllm_mha asked for on an A100 (sm80): the backend has no kernels for this generation",
    join(
        cmd("--model-path", "Qwen/Qwen3-8B", "--attention-backend", "trtllm_mha", "--port", "30000"),
        TB,
        tb(PY312, *L055_ATTN, ("server_args.py", 1242, "_handle_attention_backend_compatibility", "raise ValueError(")),
        "ValueError: TRTLLM MHA backend is only supported on Blackwell GPUs (SM100). Please use a different backend.",
    ),
)

case(
    "fa4_as_attention_backend",
    "0.5.5",
    "sglang 0.5.5 server_args.py:1259-1262",
    "config_error",
    "fa4 given as the whole attention backend, but 0.5.5 only has an fa4 prefill path: a bad argument",
    join(
        cmd("--model-path", "meta-llama/Llama-3.1-8B-Instruct", "--attention-backend", "fa4"),
        TB,
        tb(PY312, *L055_ATTN, ("server_args.py", 1260, "_handle_attention_backend_compatibility", "raise ValueError(")),
        "ValueError: FA4 backend is only supported for prefill. Please use `--prefill-attention-backend fa4` instead.",
    ),
)

case(
    "gpt_oss_flashinfer_backend",
    "0.5.5",
    "sglang 0.5.5 server_args.py:955-964 (the model-specific assert; its message spans three lines)",
    "config_error",
    "GPT-OSS (sinks, sliding window) only runs on triton / trtllm_mha / fa3 / fa4; flashinfer was forced by the user",
    join(
        cmd("--model-path", "openai/gpt-oss-120b", "--tp", "2", "--attention-backend", "flashinfer"),
        TB,
        tb(PY312, *L055_MODEL, ("server_args.py", 957, "_handle_model_specific_adjustments", "assert (")),
        "AssertionError: GptOssForCausalLM requires one of ['triton', 'trtllm_mha', 'fa3', 'fa4'] attention backend, but got the following backends",
        "- Prefill: flashinfer",
        "- Decode: flashinfer",
        "",
    ),
)

case(
    "llama4_flashinfer_backend",
    "0.5.5",
    "sglang 0.5.5 server_args.py:999-1005",
    "config_error",
    "Llama 4 (chunked local attention) needs fa3/aiter/triton/trtllm_mha; the user's flashinfer is refused",
    join(
        cmd(
            "--model-path",
            "meta-llama/Llama-4-Scout-17B-16E-Instruct",
            "--tp",
            "4",
            "--context-length",
            "131072",
            "--attention-backend",
            "flashinfer",
        ),
        TB,
        tb(
            PY312,
            *L055_MODEL,
            ("server_args.py", 1000, "_handle_model_specific_adjustments", "assert self.attention_backend in {"),
        ),
        "AssertionError: fa3, aiter, triton, or trtllm_mha is required for Llama4 model",
    ),
)

case(
    "dual_chunk_model_on_flashinfer",
    "0.5.5",
    "sglang 0.5.5 server_args.py:1310-1321",
    "config_error",
    "a Qwen2.5-1M checkpoint carries dual_chunk_attention_config, which only the dual_chunk_flash_attn backend serves",
    join(
        cmd(
            "--model-path",
            "Qwen/Qwen2.5-7B-Instruct-1M",
            "--context-length",
            "1010000",
            "--attention-backend",
            "flashinfer",
        ),
        TB,
        tb(PY312, *L055_ATTN, ("server_args.py", 1318, "_handle_attention_backend_compatibility", "raise ValueError(")),
        "ValueError: Dual chunk attention is enabled, but attention backend is set to flashinfer. Please set it to 'dual_chunk_flash_attn'.",
    ),
)

case(
    "flex_attention_with_eagle",
    "0.5.5",
    "sglang 0.5.5 server_args.py:1188-1195 (the warning goes to stderr bare, then the assert)",
    "config_error",
    "flex_attention cannot run speculative decoding: a flag combination the user asked for",
    join(
        cmd(
            "--model-path",
            "meta-llama/Llama-3.1-8B-Instruct",
            "--attention-backend",
            "flex_attention",
            "--speculative-algorithm",
            "EAGLE",
            "--speculative-draft-model-path",
            "yuhuili/EAGLE-LLaMA3.1-Instruct-8B",
        ),
        "Cuda graph is disabled because of using torch Flex Attention backend",
        TB,
        tb(PY312, *L055_ATTN, ("server_args.py", 1193, "_handle_attention_backend_compatibility", "assert (")),
        "AssertionError: Speculative decoding is currently not supported with Flex Attention backend",
    ),
)

case(
    "deterministic_inference_on_flashmla",
    "0.5.5",
    "sglang 0.5.5 server_args.py:1203-1206 (page-size warning), 1783-1785, 1817-1822",
    "config_error",
    "--enable-deterministic-inference supports flashinfer/fa3/triton only; flashmla was chosen explicitly",
    join(
        cmd(
            "--model-path",
            "deepseek-ai/DeepSeek-V2-Lite-Chat",
            "--trust-remote-code",
            "--attention-backend",
            "flashmla",
            "--enable-deterministic-inference",
        ),
        "FlashMLA only supports a page_size of 64, change page_size to 64.",
        "Sampling backend is set to pytorch for deterministic inference.",
        TB,
        tb(PY312, *L055_DET, ("server_args.py", 1819, "_handle_deterministic_inference", "raise ValueError(")),
        "ValueError: Currently only ['flashinfer', 'fa3', 'triton'] attention backends are supported for deterministic inference, but you explicitly specified 'flashmla'.",
    ),
)

case(
    "eagle_topk_paged_fa3",
    "0.5.5",
    "sglang 0.5.5 server_args.py:1605-1613",
    "config_error",
    "EAGLE with topk>1 and page_size>1 is only allowed on flashinfer; fa3 + page 16 was asked for",
    join(
        cmd(
            "--model-path",
            "meta-llama/Llama-3.1-8B-Instruct",
            "--attention-backend",
            "fa3",
            "--page-size",
            "16",
            "--speculative-algorithm",
            "EAGLE3",
            "--speculative-draft-model-path",
            "jamesliu1/sglang-EAGLE3-Llama-3.1-Instruct-8B",
            "--speculative-num-steps",
            "5",
            "--speculative-eagle-topk",
            "8",
            "--speculative-num-draft-tokens",
            "32",
        ),
        TB,
        tb(PY312, *L055_SPEC, ("server_args.py", 1611, "_handle_speculative_decoding", "raise ValueError(")),
        "ValueError: speculative_eagle_topk > 1 with page_size > 1 is unstable and produces incorrect results for paged attention backends. This combination is only supported for the 'flashinfer' backend.",
    ),
)

case(
    "trtllm_mha_eagle_topk_b200",
    "0.5.5",
    "sglang 0.5.5 server_args.py:1246-1250 (page-size warning), 1587-1595",
    "config_error",
    "on B200 trtllm_mha passes the GPU gate but only supports EAGLE topk 1; the user set topk 4",
    join(
        cmd(
            "--model-path",
            "Qwen/Qwen3-32B",
            "--tp",
            "2",
            "--attention-backend",
            "trtllm_mha",
            "--speculative-algorithm",
            "EAGLE3",
            "--speculative-draft-model-path",
            "Tengyunw/qwen3_32b_eagle3",
            "--speculative-num-steps",
            "3",
            "--speculative-eagle-topk",
            "4",
            "--speculative-num-draft-tokens",
            "8",
        ),
        "TensorRT-LLM MHA only supports page_size of 16, 32 or 64, changing page_size from 1 to 64.",
        TB,
        tb(PY312, *L055_SPEC, ("server_args.py", 1593, "_handle_speculative_decoding", "raise ValueError(")),
        "ValueError: trtllm_mha backend only supports topk = 1 for speculative decoding.",
    ),
)

# ------------------------------------------------------------------------------- argparse in an old release (0.4.6)
case(
    "argparse_backend_unknown_to_046",
    "0.4.6.post5",
    "sglang 0.4.6.post5 server_args.py:955-969 (--attention-backend choices); argparse's own error, exit 2",
    "config_error",
    "a recipe for a newer release passes trtllm_mla to 0.4.6, whose parser does not know it",
    join(
        cmd(
            "--model-path",
            "deepseek-ai/DeepSeek-R1",
            "--tp",
            "8",
            "--trust-remote-code",
            "--attention-backend",
            "trtllm_mla",
        ),
        "usage: launch_server.py [-h] --model-path MODEL_PATH [--tokenizer-path TOKENIZER_PATH] [--host HOST] [--port PORT] [--tokenizer-mode {auto,slow}]",
        "                        [--skip-tokenizer-init] [--load-format {auto,pt,safetensors,npcache,dummy,sharded_state,gguf,bitsandbytes,layered,remote}]",
        "                        [--attention-backend {aiter,flashinfer,triton,torch_native,fa3,flashmla,cutlass_mla}] [--sampling-backend {flashinfer,pytorch}]",
        "                        ...",
        "launch_server.py: error: argument --attention-backend: invalid choice: 'trtllm_mla' (choose from 'aiter', 'flashinfer', 'triton', 'torch_native', 'fa3', 'flashmla', 'cutlass_mla')",
    ),
)

# ================================================================================ argument checks (0.5.10.post1)
USERWARN = [
    f"{PY312}/sglang/launch_server.py:51: UserWarning: 'python -m sglang.launch_server' is still supported, but 'sglang serve' is the recommended entrypoint.",
    "  Example: sglang serve --model-path <model> [options]",
    "  warnings.warn(",
]
L0510 = (
    ("<frozen runpy>", 198, "_run_module_as_main", ""),
    ("<frozen runpy>", 88, "_run_code", ""),
    (f"{PY312}/sglang/launch_server.py", 59, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
    ("server_args.py", 6539, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
    ("server_args.py", 5975, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
    ("<string>", 366, "__init__", ""),
)

case(
    "trtllm_mha_decode_on_a100_0510",
    "0.5.10.post1",
    "sglang 0.5.10.post1 server_args.py:2378-2389; launch_server.py:51 (the UserWarning first)",
    "config_error",
    "0.5.10 widened trtllm_mha decode to sm90/sm100/sm120 but an A100 is none of them: unsupported architecture",
    join(
        cmd(
            "--model-path",
            "Qwen/Qwen3-14B",
            "--decode-attention-backend",
            "trtllm_mha",
            "--prefill-attention-backend",
            "flashinfer",
        ),
        USERWARN,
        TB,
        tb(
            PY312,
            *L0510,
            ("server_args.py", 791, "__post_init__", "self._handle_attention_backend_compatibility()"),
            ("server_args.py", 2387, "_handle_attention_backend_compatibility", "raise ValueError("),
        ),
        "ValueError: TRTLLM MHA backend for decode is only supported on Hopper (SM90), Blackwell (SM100) and (SM120) GPUs. Please use a different decode backend.",
    ),
)

case(
    "fp4_kv_cache_with_fa3_0510",
    "0.5.10.post1",
    "sglang 0.5.10.post1 server_args.py:2467-2545 (_handle_kv4_compatibility, the !FA4 + MHA branch)",
    "config_error",
    "an FP4 (fp4_e2m1) KV cache is only read by triton/torch_native/flex/trtllm_mha; fa3 was set by the user",
    join(
        cmd(
            "--model-path",
            "Qwen/Qwen3-30B-A3B-Instruct-2507",
            "--kv-cache-dtype",
            "fp4_e2m1",
            "--attention-backend",
            "fa3",
        ),
        USERWARN,
        TB,
        tb(
            PY312,
            *L0510,
            ("server_args.py", 794, "__post_init__", "self._handle_kv4_compatibility()"),
            ("server_args.py", 2537, "_handle_kv4_compatibility", "assert ("),
        ),
        "AssertionError: KV4 MHA expects attention_backend to be one of ['triton', 'torch_native', 'flex_attention', 'trtllm_mha'], but got fa3",
    ),
)

case(
    "flashinfer_cutlass_moe_with_awq_0510",
    "0.5.10.post1",
    "sglang 0.5.10.post1 server_args.py:2668-2674 (_handle_moe_kernel_config; the message holds a newline)",
    "config_error",
    "the FlashInfer CUTLASS MoE kernels take modelopt FP4/FP8 or bf16 only; an AWQ checkpoint was pointed at them",
    join(
        cmd("--model-path", "QuixiAI/Qwen3-235B-A22B-AWQ", "--tp", "4", "--moe-runner-backend", "flashinfer_cutlass"),
        USERWARN,
        TB,
        tb(
            PY312,
            *L0510,
            ("server_args.py", 810, "__post_init__", "self._handle_moe_kernel_config()"),
            ("server_args.py", 2668, "_handle_moe_kernel_config", "assert self.quantization in ["),
        ),
        "AssertionError: Invalid quantization 'awq'. ",
        "FlashInfer Cutlass MOE supports only: 'modelopt_fp4', 'modelopt_fp8', 'modelopt_mixed', or bfloat16 (None).",
    ),
)

# ==================================================================== the scheduler's attention registry (0.5.5)
case(
    "fa3_on_b200_registry_assert",
    "0.5.5",
    "sglang 0.5.5 layers/attention/attention_registry.py:125-134 (create_flashattention_v3_backend), after memory_pool.py:509",
    "config_error",
    "fa3 forced on a B200 (sm100): FA3's kernels are Hopper/Ampere-only; the assert fires after the KV pool, before capture",
    join(
        sargs(0, "Qwen/Qwen3-32B", attention_backend="fa3", tp_size=2, mem_fraction_static=0.85),
        boot055("TP0", "Qwen3ForCausalLM", weights_gb=30.6, total=178.35),
        sched_fail(
            33,
            "TP0",
            PY312,
            S055_REG
            + (("layers/attention/attention_registry.py", 128, "create_flashattention_v3_backend", "assert ("),),
            "AssertionError: FlashAttention v3 Backend requires SM>=80 and SM<=90. Please use `--attention-backend flashinfer`.",
        ),
    ),
)

case(
    "trtllm_mla_on_non_mla_model",
    "0.5.5",
    "sglang 0.5.5 layers/attention/attention_registry.py:48-51 (create_trtllm_mla_backend)",
    "config_error",
    "trtllm_mla passes the Blackwell gate on a B200 but Qwen3 is not an MLA model: the wrong backend for the model",
    join(
        cmd("--model-path", "Qwen/Qwen3-8B", "--attention-backend", "trtllm_mla"),
        "TensorRT-LLM MLA only supports page_size of 32 or 64, changing page_size from 1 to 64.",
        sargs(0, "Qwen/Qwen3-8B", attention_backend="trtllm_mla", page_size=64),
        boot055(None, "Qwen3ForCausalLM", weights_gb=15.3, total=178.35),
        sched_fail(
            33,
            None,
            PY312,
            S055_REG
            + (
                (
                    "layers/attention/attention_registry.py",
                    51,
                    "create_trtllm_mla_backend",
                    'raise ValueError("trtllm_mla backend can only be used with MLA models.")',
                ),
            ),
            "ValueError: trtllm_mla backend can only be used with MLA models.",
        ),
    ),
)

case(
    "hybrid_gdn_on_blackwell_default_flashinfer",
    "0.5.5",
    "sglang 0.5.5 server_args.py:1156-1178 (default pick, bare warning), attention_registry.py:198-202 (attn_backend_wrapper)",
    "config_error",
    "Qwen3-Next on B200: the default flashinfer is refused for hybrid GDN layers; the fix is --attention-backend triton",
    join(
        cmd("--model-path", "Qwen/Qwen3-Next-80B-A3B-Instruct", "--tp", "4"),
        "Attention backend not explicitly specified. Use flashinfer backend by default.",
        sargs(0, "Qwen/Qwen3-Next-80B-A3B-Instruct", attention_backend="flashinfer", tp_size=4),
        boot055("TP0", "Qwen3NextForCausalLM", weights_gb=38.2, total=178.35),
        sched_fail(
            33,
            "TP0",
            PY312,
            S055_WRAP + (("layers/attention/attention_registry.py", 200, "attn_backend_wrapper", "assert ("),),
            "AssertionError: triton backend is the only supported backend on Blackwell GPUs for hybrid GDN models, use --attention-backend triton to specify the backend.",
        ),
    ),
)

case(
    "triton_backend_cross_attention_mllama",
    "0.5.5",
    "sglang 0.5.5 layers/attention/attention_registry.py:86-90 (create_triton_backend)",
    "config_error",
    "an encoder-decoder (Mllama cross attention) model on the triton backend: the backend cannot serve this model",
    join(
        sargs(0, "meta-llama/Llama-3.2-11B-Vision-Instruct", attention_backend="triton"),
        boot055(None, "MllamaForConditionalGeneration", weights_gb=19.9, total=79.1),
        sched_fail(
            33,
            None,
            PY312,
            S055_REG
            + (
                (
                    "layers/attention/attention_registry.py",
                    87,
                    "create_triton_backend",
                    "assert not runner.model_config.is_encoder_decoder, (",
                ),
            ),
            "AssertionError: Cross attention is not supported in the triton attention backend. Please use `--attention-backend flashinfer`.",
        ),
    ),
)

case(
    "vision_fa3_on_b200_qwen3_vl",
    "0.5.5",
    "https://github.com/sgl-project/sglang/issues/12360 ; sglang 0.5.5 layers/attention/vision.py:600-601, models/qwen3_vl.py:157-160",
    "config_error",
    "Qwen3-VL's vision tower picks fa3, which SGLang refuses on Blackwell while building the model: hardware/backend mismatch",
    join(
        sargs(0, "Qwen/Qwen3-VL-4B-Instruct", host="0.0.0.0", port=8000),
        "Attention backend not explicitly specified. Use flashinfer backend by default.",
        f"{ts(5)} Init torch distributed begin.",
        f"{ts(6)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(7)} Load weight begin. avail mem=177.72 GB",
        *sched_fail(
            7,
            None,
            PY312,
            S055_LOAD
            + (
                ("model_loader/loader.py", 262, "_initialize_model", "return model_class(**kwargs)"),
                ("models/qwen3_vl.py", 614, "__init__", "self.visual = Qwen3VLMoeVisionModel("),
                ("models/qwen3_vl.py", 280, "__init__", "Qwen3_VisionBlock("),
                ("models/qwen3_vl.py", 160, "__init__", "self.attn = VisionAttention("),
                (
                    "layers/attention/vision.py",
                    520,
                    "__init__",
                    "qkv_backend = self._determine_attention_backend(_passed_backend)",
                ),
                (
                    "layers/attention/vision.py",
                    601,
                    "_determine_attention_backend",
                    "raise ValueError(\"The 'fa3' backend is not supported on Blackwell GPUs\")",
                ),
            ),
            "ValueError: The 'fa3' backend is not supported on Blackwell GPUs",
        ),
    ),
)

case(
    "nvfp4_checkpoint_on_h100",
    "0.5.5",
    "sglang 0.5.5 model_loader/loader.py:193-205 (_get_quantization_config), layers/quantization/modelopt_quant.py:754-755",
    "config_error",
    "an NVFP4 (modelopt_fp4) checkpoint needs sm100; on H100 SGLang refuses the quantization while building the model",
    join(
        sargs(0, "nvidia/Llama-3.3-70B-Instruct-FP4", quantization="modelopt_fp4", tp_size=4),
        f"{ts(5, 'TP0')} Init torch distributed begin.",
        f"{ts(7, 'TP0')} Init torch distributed ends. mem usage=1.21 GB",
        f"{ts(8, 'TP0')} Load weight begin. avail mem=77.94 GB",
        *sched_fail(
            8,
            "TP0",
            PY312,
            S055_LOAD
            + (
                ("model_loader/loader.py", 247, "_initialize_model", "quant_config = _get_quantization_config("),
                ("model_loader/loader.py", 200, "_get_quantization_config", "raise ValueError("),
            ),
            "ValueError: The quantization method modelopt_fp4 is not supported for the current GPU. Minimum capability: 100. Current capability: 90.",
        ),
    ),
)

# ============================================================================== the 0.4.6 model runner's checks
S046 = (
    (
        "managers/scheduler.py",
        2297,
        "run_scheduler_process",
        "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
    ),
    ("managers/scheduler.py", 277, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 64, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 78, "__init__", "self.model_runner = ModelRunner("),
)

case(
    "triton_window_attention_gemma2_046",
    "0.4.6.post5",
    "sglang 0.4.6.post5 model_executor/model_runner.py:1013-1020 (init_attention_backend)",
    "config_error",
    "Gemma-2 (sliding window) on --attention-backend triton: 0.4.6's triton backend has no window attention",
    join(
        "[2025-06-02 08:14:00] server_args=ServerArgs(model_path='google/gemma-2-27b-it', tokenizer_path='google/gemma-2-27b-it', attention_backend='triton', tp_size=2, ...)",
        "[2025-06-02 08:14:06 TP0] Init torch distributed begin.",
        "[2025-06-02 08:14:07 TP0] Init torch distributed ends. mem usage=0.55 GB",
        "[2025-06-02 08:14:07 TP0] Load weight begin. avail mem=78.34 GB",
        "[2025-06-02 08:14:31 TP0] Load weight end. type=Gemma2ForCausalLM, dtype=torch.bfloat16, avail mem=52.81 GB, mem usage=25.53 GB.",
        "[2025-06-02 08:14:31 TP0] KV Cache is allocated. #tokens: 219004, K size: 20.05 GB, V size: 20.05 GB",
        "[2025-06-02 08:14:31 TP0] Memory pool end. avail mem=12.40 GB",
        f"[2025-06-02 08:14:31 TP0] Scheduler hit an exception: {TB}",
        tb(
            PY310,
            *S046,
            ("model_executor/model_runner.py", 231, "__init__", "self.initialize(min_per_gpu_memory)"),
            ("model_executor/model_runner.py", 304, "initialize", "self.init_attention_backend()"),
            (
                "model_executor/model_runner.py",
                1014,
                "init_attention_backend",
                "assert self.sliding_window_size is None, (",
            ),
        ),
        "AssertionError: Window attention is not supported in the triton attention backend. Please use `--attention-backend flashinfer`.",
        "",
        "[2025-06-02 08:14:31] Received sigquit from a child process. It usually means the child failed.",
    ),
)

case(
    "mla_on_torch_native_046",
    "0.4.6.post5",
    "sglang 0.4.6.post5 model_executor/model_runner.py:351-367 (model_specific_adjustment, from ModelRunner.__init__:184)",
    "config_error",
    "an MLA model with --attention-backend torch_native: 0.4.6 refuses the backend for MLA before loading anything",
    join(
        "[2025-06-02 09:01:00] server_args=ServerArgs(model_path='deepseek-ai/DeepSeek-V2-Lite-Chat', tokenizer_path='deepseek-ai/DeepSeek-V2-Lite-Chat', trust_remote_code=True, attention_backend='torch_native', ...)",
        f"[2025-06-02 09:01:05] Scheduler hit an exception: {TB}",
        tb(
            PY310,
            *S046,
            ("model_executor/model_runner.py", 184, "__init__", "self.model_specific_adjustment()"),
            ("model_executor/model_runner.py", 365, "model_specific_adjustment", "raise ValueError("),
        ),
        "ValueError: Invalid attention backend for MLA: torch_native",
        "",
        "[2025-06-02 09:01:05] Received sigquit from a child process. It usually means the child failed.",
        "Killed",
    ),
)

case(
    "rmsnorm_no_kernel_image_rtx5090",
    "0.4.6.post5",
    "https://github.com/sgl-project/sglang/issues/7249 ; sglang 0.4.6.post5 model_executor/cuda_graph_runner.py:305-317",
    "config_error",
    "sgl-kernel has no sm120 build: the RTX 5090 fails in the first kernel of capture; the wrapper's memory advice does not apply",
    join(
        "[2025-06-16 16:07:05] server_args=ServerArgs(model_path='mistralai/Mistral-Small-3.1-24B-Instruct-2503', tokenizer_path='mistralai/Mistral-Small-3.1-24B-Instruct-2503', mem_fraction_static=0.88, ...)",
        "[2025-06-16 16:07:10] Attention backend not set. Use flashinfer backend by default.",
        "[2025-06-16 16:07:10] Init torch distributed begin.",
        "[2025-06-16 16:07:11] Init torch distributed ends. mem usage=0.00 GB",
        "[2025-06-16 16:07:11] Load weight begin. avail mem=30.13 GB",
        "Loading safetensors checkpoint shards: 100% Completed | 6/6 [00:02<00:00,  2.14it/s]",
        "",
        "[2025-06-16 16:07:35] Load weight end. type=MistralForCausalLM, dtype=torch.bfloat16, avail mem=6.90 GB, mem usage=23.23 GB.",
        "[2025-06-16 16:07:35] KV Cache is allocated. #tokens: 21456, K size: 1.64 GB, V size: 1.64 GB",
        "[2025-06-16 16:07:35] Memory pool end. avail mem=3.36 GB",
        "[2025-06-16 16:07:35] Capture cuda graph begin. This can take up to several minutes. avail mem=2.85 GB",
        "[2025-06-16 16:07:35] Capture cuda graph bs [1, 2, 4, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160]",
        "Capturing batches (avail_mem=2.84 GB):   0%|             | 0/23 [00:00<?, ?it/s]",
        f"[2025-06-16 16:07:35] Scheduler hit an exception: {TB}",
        tb(
            PY310,
            ("model_executor/cuda_graph_runner.py", 307, "__init__", "self.capture()"),
            ("model_executor/cuda_graph_runner.py", 386, "capture", ") = self.capture_one_batch_size(bs, forward)"),
            ("model_executor/cuda_graph_runner.py", 509, "capture_one_batch_size", "run_once()"),
            ("model_executor/cuda_graph_runner.py", 497, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
            ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
            ("models/llama.py", 453, "forward", "hidden_states = self.model("),
            ("+torch/nn/modules/module.py", 1751, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
            ("+torch/nn/modules/module.py", 1762, "_call_impl", "return forward_call(*args, **kwargs)"),
            ("models/llama.py", 327, "forward", "hidden_states, residual = layer("),
            ("models/llama.py", 254, "forward", "hidden_states = self.input_layernorm(hidden_states)"),
            ("custom_op.py", 18, "forward", "return self._forward_method(*args, **kwargs)"),
            ("layers/layernorm.py", 67, "forward_cuda", "out = rmsnorm(x, self.weight.data, self.variance_epsilon)"),
            (
                "+sgl_kernel/elementwise.py",
                49,
                "rmsnorm",
                "torch.ops.sgl_kernel.rmsnorm.default(out, input, weight, eps, get_cuda_stream())",
            ),
            ("+torch/_ops.py", 1158, "__call__", "return self._op(*args, **(kwargs or {}))"),
        ),
        "RuntimeError: RMSNorm failed with error code no kernel image is available for execution on the device",
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        TB,
        tb(
            PY310,
            *S046,
            ("model_executor/model_runner.py", 231, "__init__", "self.initialize(min_per_gpu_memory)"),
            ("model_executor/model_runner.py", 305, "initialize", "self.init_cuda_graphs()"),
            (
                "model_executor/model_runner.py",
                1098,
                "init_cuda_graphs",
                "self.cuda_graph_runner = CudaGraphRunner(self)",
            ),
            ("model_executor/cuda_graph_runner.py", 309, "__init__", "raise Exception("),
        ),
        "Exception: Capture CUDA graph failed: RMSNorm failed with error code no kernel image is available for execution on the device",
        *CAPTURE_ADVICE,
        "",
        "",
        "[2025-06-16 16:07:35] Received sigquit from a child process. It usually means the child failed.",
    ),
)

# ================================================================ Triton kernels on a GPU they do not fit (0.5.5)
case(
    "triton_fp8e4nv_kv_cache_on_a100",
    "0.5.5",
    "Triton's CompilationError for float8_e4m3fn on sm80 (text as in the threads quoting it); sglang 0.5.5 layers/attention/triton_ops/decode_attention.py:478 (_decode_grouped_att_m_fwd)",
    "config_error",
    "an fp8_e4m3 KV cache through the triton decode kernel on an A100: Triton's fp8e4nv does not exist on sm80 (spec: fp8e4nv = config_error)",
    join(
        sargs(0, "meta-llama/Llama-3.1-70B-Instruct", kv_cache_dtype="fp8_e4m3", attention_backend="triton", tp_size=4),
        boot055("TP0", "LlamaForCausalLM", weights_gb=33.1, total=79.1, kv="torch.float8_e4m3fn")[:-2],
        f"{ts(32, 'TP0')} KV Cache is allocated. #tokens: 412200, K size: 12.58 GB, V size: 12.58 GB",
        f"{ts(32, 'TP0')} Memory pool end. avail mem=18.95 GB",
        capture055("TP0", 18.91),
        "Capturing batches (bs=256 avail_mem=18.80 GB):   0%|          | 0/36 [00:00<?, ?it/s]",
        sched_fail(
            38,
            "TP0",
            PY312,
            S055_GRAPH
            + (
                ("models/llama.py", 469, "forward", "hidden_states = self.model("),
                *TORCH_CALL,
                ("models/llama.py", 342, "forward", "hidden_states, residual = layer("),
                *TORCH_CALL,
                ("models/llama.py", 266, "forward", "hidden_states = self.self_attn("),
                *TORCH_CALL,
                ("models/llama.py", 197, "forward", "attn_output = self.attn(q, k, v, forward_batch)"),
                *TORCH_CALL,
                ("layers/radix_attention.py", 119, "forward", "return forward_batch.attn_backend.forward("),
                ("layers/attention/base_attn_backend.py", 91, "forward", "return self.forward_decode("),
                ("layers/attention/triton_backend.py", 1016, "forward_decode", "self.decode_attention_fwd("),
                (
                    "layers/attention/triton_ops/decode_attention.py",
                    755,
                    "decode_attention_fwd",
                    "decode_attention_fwd_grouped(",
                ),
                (
                    "layers/attention/triton_ops/decode_attention.py",
                    700,
                    "decode_attention_fwd_grouped",
                    "_decode_grouped_att_m_fwd(",
                ),
                (
                    "layers/attention/triton_ops/decode_attention.py",
                    478,
                    "_decode_grouped_att_m_fwd",
                    "_fwd_grouped_kernel_stage1[grid](",
                ),
                (
                    "+triton/runtime/jit.py",
                    419,
                    "<lambda>",
                    "return lambda *args, **kwargs: self.run(grid=grid, warmup=False, *args, **kwargs)",
                ),
                (
                    "+triton/runtime/jit.py",
                    733,
                    "run",
                    "kernel = self._do_compile(key, signature, device, constexprs, options, attrs, warmup)",
                ),
                (
                    "+triton/runtime/jit.py",
                    861,
                    "_do_compile",
                    "kernel = self.compile(src, target=target, options=options.__dict__)",
                ),
                (
                    "+triton/compiler/compiler.py",
                    300,
                    "compile",
                    "module = src.make_ir(target, options, codegen_fns, module_map, context)",
                ),
                (
                    "+triton/compiler/compiler.py",
                    80,
                    "make_ir",
                    "return ast_to_ttir(self.fn, self, context=context, options=options, codegen_fns=codegen_fns,",
                ),
            ),
            "triton.compiler.errors.CompilationError: at 1:0:\ndef _fwd_grouped_kernel_stage1(\n^\nValueError(\"type fp8e4nv not supported in this architecture. The supported fp8 dtypes are ('fp8e4b15', 'fp8e5')\")",
        ),
    ),
)

case(
    "triton_smem_limit_rtx_pro_6000_warmup",
    "0.5.5",
    "https://github.com/kvcache-ai/ktransformers/issues/1570 and https://github.com/sgl-project/sglang/issues/2847 (Triton's OutOfResources text); sglang 0.5.5 layers/attention/triton_ops/extend_attention.py:597",
    "config_error",
    "the triton extend kernel for an MLA model needs more shared memory than sm120 has (101376 B): a kernel that does not fit this GPU, found by the warmup request; remedy is another backend, not memory flags",
    join(
        sargs(
            0, "moonshotai/Kimi-Linear-48B-A3B-Instruct", attention_backend="triton", tp_size=2, trust_remote_code=True
        ),
        boot055("TP0", "KimiLinearForCausalLM", weights_gb=46.3, total=94.97)[:-2],
        f"{ts(32, 'TP0')} KV Cache is allocated. #tokens: 801117, KV size: 29.34 GB",
        f"{ts(32, 'TP0')} Memory pool end. avail mem=16.42 GB",
        capture055("TP0", 16.40),
        graphs_done055("TP0", 16.40, tokens=801117, ctx=1048576),
        ready(45)[:5],
        *sched_fail(
            47,
            "TP0",
            PY312,
            E055_LOOP
            + (
                ("model_executor/model_runner.py", 2120, "_forward_raw", "ret = self.forward_extend("),
                ("model_executor/model_runner.py", 2040, "forward_extend", "return self.model.forward("),
                ("models/kimi_linear.py", 640, "forward", "hidden_states = self.model("),
                *TORCH_CALL,
                ("models/kimi_linear.py", 585, "forward", "hidden_states, residual = layer("),
                *TORCH_CALL,
                ("models/kimi_linear.py", 520, "forward", "hidden_states = self.self_attn("),
                *TORCH_CALL,
                ("models/deepseek_v2.py", 1410, "forward", "return self.forward_core(s)"),
                ("models/deepseek_v2.py", 1480, "forward_core", "return self.forward_absorb_core(*inner_state)"),
                ("models/deepseek_v2.py", 1700, "forward_absorb_core", "attn_output = self.attn_mqa("),
                *TORCH_CALL,
                ("layers/radix_attention.py", 119, "forward", "return forward_batch.attn_backend.forward("),
                ("layers/attention/base_attn_backend.py", 99, "forward", "return self.forward_extend("),
                ("layers/attention/triton_backend.py", 860, "forward_extend", "self.extend_attention_fwd("),
                ("layers/attention/triton_ops/extend_attention.py", 597, "extend_attention_fwd", "_fwd_kernel[grid]("),
                (
                    "+triton/runtime/jit.py",
                    419,
                    "<lambda>",
                    "return lambda *args, **kwargs: self.run(grid=grid, warmup=False, *args, **kwargs)",
                ),
                (
                    "+triton/runtime/jit.py",
                    756,
                    "run",
                    "kernel.run(grid_0, grid_1, grid_2, stream, kernel.function, kernel.packed_metadata, launch_metadata,",
                ),
                ("+triton/compiler/compiler.py", 498, "__getattribute__", "self._init_handles()"),
                (
                    "+triton/compiler/compiler.py",
                    483,
                    "_init_handles",
                    'raise OutOfResources(self.metadata.shared, max_shared, "shared memory")',
                ),
            ),
            "triton.runtime.errors.OutOfResources: out of resource: shared memory, Required: 106496, Hardware limit: 101376. Reducing block sizes or `num_stages` may help.",
        ),
    ),
)

# =================================================================== trtllm-gen MoE on Blackwell (0.5.5, 0.5.10.post1)
case(
    "trtllm_mxfp4_moe_illegal_address_serving_b200",
    "0.5.5",
    "https://github.com/flashinfer-ai/flashinfer/issues/2034 and https://github.com/sgl-project/sglang/issues/12695 ; sglang 0.5.5 server_args.py:983-986 (the MXFP4 MoE pick), torch's CUDA error text",
    "cuda_error_other",
    "GPT-OSS on 2x B200 serves, then the trtllm-gen MXFP4 MoE kernel hits an illegal memory access: a CUDA fault at runtime",
    join(
        cmd(
            "--model-path",
            "openai/gpt-oss-120b",
            "--tp",
            "2",
            "--kv-cache-dtype",
            "fp8_e4m3",
            "--mem-fraction-static",
            "0.95",
        ),
        "Detected SM100 and MXFP4 quantization format for GPT-OSS model, enabling FlashInfer MXFP4 MOE kernel.",
        sargs(
            0,
            "openai/gpt-oss-120b",
            tp_size=2,
            kv_cache_dtype="fp8_e4m3",
            attention_backend="trtllm_mha",
            moe_runner_backend="flashinfer_mxfp4",
            page_size=64,
        ),
        boot055("TP0", "GptOssForCausalLM", weights_gb=32.4, total=178.35, kv="torch.float8_e4m3fn"),
        capture055("TP0", 42.7),
        graphs_done055("TP0", 42.7, tokens=3101184, ctx=131072),
        ready(45),
        serving(60, "TP0"),
        *sched_fail(
            75,
            "TP0",
            PY312,
            E055_LOOP
            + (
                ("model_executor/model_runner.py", 2120, "_forward_raw", "ret = self.forward_extend("),
                ("model_executor/model_runner.py", 2040, "forward_extend", "return self.model.forward("),
                ("models/gpt_oss.py", 620, "forward", "hidden_states = self.model("),
                *TORCH_CALL,
                ("models/gpt_oss.py", 540, "forward", "hidden_states, residual = layer("),
                *TORCH_CALL,
                ("models/gpt_oss.py", 460, "forward", "hidden_states = self.mlp(hidden_states, forward_batch)"),
                *TORCH_CALL,
                (
                    "models/gpt_oss.py",
                    150,
                    "forward",
                    "return self.forward_normal(hidden_states, should_allreduce_fusion)",
                ),
                (
                    "models/gpt_oss.py",
                    170,
                    "forward_normal",
                    "final_hidden_states = self.experts(hidden_states, topk_output)",
                ),
                *TORCH_CALL,
                ("layers/moe/fused_moe_triton/layer.py", 850, "forward", "combine_input = self.run_moe_core("),
                ("layers/quantization/mxfp4.py", 647, "apply", "trtllm_gen_output = trtllm_fp4_block_scale_moe("),
                (
                    "+flashinfer/fused_moe/core.py",
                    1922,
                    "trtllm_fp4_block_scale_moe",
                    "return get_trtllm_moe_sm100_module().trtllm_fp4_block_scale_moe(",
                ),
                (
                    "+flashinfer/fused_moe/core.py",
                    1570,
                    "trtllm_fp4_block_scale_moe_op",
                    "intermediate_output = moe_op.trtllm_fp4_block_scale_moe(",
                ),
            ),
            "RuntimeError: CUDA error: an illegal memory access was encountered\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n",
        ),
    ),
)

S0510_WARMUP = (
    ("managers/scheduler.py", 3600, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 385, "__init__", "self.init_model_worker()"),
    ("managers/scheduler.py", 632, "init_model_worker", "self.init_tp_model_worker()"),
    ("managers/scheduler.py", 600, "init_tp_model_worker", "self.tp_worker = TpModelWorker(**worker_kwargs)"),
    ("managers/tp_worker.py", 261, "__init__", "self._init_model_runner()"),
    ("managers/tp_worker.py", 344, "_init_model_runner", "self._model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 427, "__init__", "self.initialize(pre_model_load_memory)"),
    ("model_executor/model_runner.py", 654, "initialize", "self.kernel_warmup()"),
    ("model_executor/model_runner.py", 2061, "kernel_warmup", "self._flashinfer_autotune()"),
    ("model_executor/model_runner.py", 2106, "_flashinfer_autotune", "self._dummy_run("),
    ("model_executor/model_runner.py", 2362, "_dummy_run", "logits_output_or_pp_proxy_tensors = self.model.forward("),
)
NVFP4_MODEL = "nvidia/Qwen3-235B-A22B-FP4"


def boot0510(rank: str, *, kv_line: str, pool_end: float) -> list[str]:
    return [
        sargs(
            0,
            NVFP4_MODEL,
            quantization="modelopt_fp4",
            tp_size=4,
            moe_runner_backend="flashinfer_trtllm",
            mem_fraction_static=0.9,
        ),
        f"{ts(5, rank)} Init torch distributed begin.",
        f"{ts(7, rank)} Init torch distributed ends. elapsed=2.04 s, mem usage=1.13 GB",
        f"{ts(8, rank)} Load weight begin. avail mem=177.02 GB",
        f"{ts(40, rank)} Load weight end. elapsed=31.86 s, type=Qwen3MoeForCausalLM, quant=modelopt_fp4, avail mem=145.11 GB, mem usage=31.91 GB.",
        f"{ts(41, rank)} Using KV cache dtype: torch.bfloat16",
        f"{ts(41, rank)} {kv_line}",
        f"{ts(41, rank)} Memory pool end. avail mem={pool_end:.2f} GB",
        f"{ts(42, rank)} Running FlashInfer autotune...",
        "2026-03-02 10:00:42,518 - INFO - autotuner.py:446 - flashinfer.jit: [Autotuner]: Autotuning process starts ...",
    ]


case(
    "trtllm_nvfp4_moe_workspace_oom_in_autotune_0510",
    "0.5.10.post1",
    "sglang 0.5.10.post1 model_executor/model_runner.py:2052-2110 (kernel_warmup, _flashinfer_autotune); flashinfer 0.6.7.post3 autotuner.py:446, jit/core.py:54-57 (its log format); torch's OOM text",
    "oom_moe_workspace",
    "after the KV pool took 0.9 of the B200, the trtllm-gen NVFP4 MoE's workspace cannot be allocated in FlashInfer's autotune dummy run",
    join(
        USERWARN,
        boot0510(
            "TP0", kv_line="KV Cache is allocated. #tokens: 1868160, K size: 67.09 GB, V size: 67.09 GB", pool_end=10.93
        ),
        *sched_fail(
            44,
            "TP0",
            PY312,
            S0510_WARMUP
            + (
                ("models/qwen3_moe.py", 1010, "forward", "hidden_states = self.model("),
                *TORCH_CALL,
                ("models/qwen2_moe.py", 700, "forward", "hidden_states, residual = layer("),
                *TORCH_CALL,
                ("models/qwen3_moe.py", 860, "forward", "hidden_states = self.mlp("),
                *TORCH_CALL,
                (
                    "models/qwen3_moe.py",
                    260,
                    "forward",
                    "return self.forward_normal(hidden_states, should_allreduce_fusion, use_reduce_scatter)",
                ),
                (
                    "models/qwen3_moe.py",
                    300,
                    "forward_normal",
                    "final_hidden_states = self.experts(hidden_states, topk_output)",
                ),
                *TORCH_CALL,
                (
                    "layers/moe/fused_moe_triton/layer.py",
                    1120,
                    "forward",
                    "return self.forward_impl(hidden_states, topk_output)",
                ),
                (
                    "layers/quantization/modelopt_quant.py",
                    1650,
                    "apply",
                    "return self.runner.run(dispatch_output, quant_info)",
                ),
                (
                    "layers/moe/moe_runner/flashinfer_trtllm.py",
                    560,
                    "fused_experts_none_to_flashinfer_trtllm_fp4",
                    "result = trtllm_fp4_block_scale_moe(",
                ),
                (
                    "+flashinfer/fused_moe/core.py",
                    2700,
                    "trtllm_fp4_block_scale_moe",
                    "result = get_trtllm_moe_sm100_module().trtllm_fp4_block_scale_moe(",
                ),
                ("+flashinfer/fused_moe/core.py", 1990, "trtllm_fp4_block_scale_moe_op", "output = torch.empty("),
            ),
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 7.03 GiB. GPU 0 has a total capacity of 178.35 GiB of which 3.12 GiB is free. Including non-PyTorch memory, this process has 175.21 GiB memory in use. Of the allocated memory 169.88 GiB is allocated by PyTorch, and 2.64 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
        ),
    ),
)

# ======================================================================================= healthy contrasts
case(
    "healthy_fa3_fp8_e5m2_falls_back_to_triton",
    "0.5.5",
    "sglang 0.5.5 server_args.py:1252-1257 (bare warning before logging is set up), then the normal start-up",
    "healthy",
    "FA3 cannot read an fp8_e5m2 KV cache, so SGLang switches to triton with a warning and serves",
    join(
        cmd(
            "--model-path",
            "meta-llama/Llama-3.1-8B-Instruct",
            "--attention-backend",
            "fa3",
            "--kv-cache-dtype",
            "fp8_e5m2",
        ),
        "FlashAttention3 only supports fp8_e4m3 if using FP8; Setting attention backend to triton.",
        sargs(0, "meta-llama/Llama-3.1-8B-Instruct", attention_backend="triton", kv_cache_dtype="fp8_e5m2"),
        boot055(None, "LlamaForCausalLM", weights_gb=15.0, total=79.1, kv="torch.float8_e5m2")[:-2],
        f"{ts(32)} KV Cache is allocated. #tokens: 913402, K size: 27.88 GB, V size: 27.88 GB",
        f"{ts(32)} Memory pool end. avail mem=7.05 GB",
        capture055(None, 7.01),
        graphs_done055(None, 7.01, tokens=913402, ctx=131072),
        ready(45),
        serving(60),
    ),
)

case(
    "healthy_trtllm_mla_page_size_and_fp4_kv_fallback_b200",
    "0.5.5",
    "sglang 0.5.5 server_args.py:906-909, 1225-1229 (bare warnings), model_executor/model_runner.py:1534-1542 (FP4 KV fallback warning)",
    "healthy",
    "on B200 SGLang picks trtllm_mla, moves page_size to 64, and drops the FP4 KV cache to auto for an old torch: warnings, then it serves",
    join(
        cmd(
            "--model-path",
            "deepseek-ai/DeepSeek-R1-0528",
            "--tp",
            "8",
            "--trust-remote-code",
            "--kv-cache-dtype",
            "fp4_e2m1",
        ),
        "TensorRT-LLM MLA only supports page_size of 32 or 64, changing page_size from 1 to 64.",
        sargs(
            0,
            "deepseek-ai/DeepSeek-R1-0528",
            tp_size=8,
            attention_backend="trtllm_mla",
            page_size=64,
            kv_cache_dtype="fp4_e2m1",
            moe_runner_backend="flashinfer_trtllm",
            quantization="fp8",
        ),
        f"{ts(5, 'TP0')} Init torch distributed begin.",
        f"{ts(9, 'TP0')} Init torch distributed ends. mem usage=1.52 GB",
        f"{ts(10, 'TP0')} Load weight begin. avail mem=176.49 GB",
        f"{ts(95, 'TP0')} Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=92.17 GB, mem usage=84.32 GB.",
        f"{ts(95, 'TP0')} --kv-cache-dtype falls back to 'auto' because this torch version does not support torch.float4_e2m1fn_x2",
        f"{ts(95, 'TP0')} Using KV cache dtype: torch.bfloat16",
        f"{ts(96, 'TP0')} KV Cache is allocated. #tokens: 1130944, KV size: 73.99 GB",
        f"{ts(96, 'TP0')} Memory pool end. avail mem=14.60 GB",
        f"{ts(97, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=14.52 GB",
        f"{ts(130, 'TP0')} Capture cuda graph end. Time elapsed: 33.20 s. mem usage=2.71 GB. avail mem=11.81 GB.",
        f"{ts(131, 'TP0')} max_total_num_tokens=1130944, chunked_prefill_size=16384, max_prefill_tokens=16384, max_running_requests=4096, context_len=163840, available_gpu_mem=11.81 GB",
        ready(135),
        serving(150, "TP0"),
    ),
)

case(
    "healthy_flashinfer_autotuner_skips_tactic_and_oom_fallback_0510",
    "0.5.10.post1",
    "flashinfer 0.6.7.post3 autotuner.py:759-761 (Skipping tactic), 812-817 (OOM detected, falling back to default tactic), 455; sglang 0.5.10.post1 model_runner.py:2099-2110",
    "healthy",
    "FlashInfer's autotuner catches a failing tactic and an OOM while profiling, keeps the default tactic and SGLang goes on to serve",
    join(
        USERWARN,
        boot0510(
            "TP0", kv_line="KV Cache is allocated. #tokens: 1615872, K size: 58.03 GB, V size: 58.03 GB", pool_end=29.05
        ),
        "[AutoTuner]: Tuning flashinfer::trtllm_fp4_block_scale_moe:  43%|████▎     | 9/21 [00:11<00:15,  1.30s/profile]",
        "2026-03-02 10:00:55,904 - WARNING - autotuner.py:759 - flashinfer.jit: [Autotuner]: Skipping tactic <flashinfer.fused_moe.core.get_trtllm_moe_sm100_module.<locals>.MoERunner object at 0x7f3c2c1a8e90> 27, due to failure while profiling: Error in function 'run' at /workspace/flashinfer/data/csrc/trtllm_batched_gemm_runner.cu:252: Error occurred when running GEMM! (numBatches: 16, GemmMNK: 256 4096 7168, Kernel: bmm_E2m1_E2m1E2m1_Fp32_t128x8x512u2_s4_et128x8_m128x8x64_cga1x1x1_16dp256b_splitK2_TN_transOut_schedS_bN_dynB_sm100f)",
        "2026-03-02 10:01:02,311 - WARNING - autotuner.py:814 - flashinfer.jit: [Autotuner]: OOM detected, falling back to default tactic",
        "[AutoTuner]: Tuning flashinfer::trtllm_fp4_block_scale_moe: 100%|██████████| 21/21 [00:27<00:00,  1.29s/profile]",
        "2026-03-02 10:01:09,720 - INFO - autotuner.py:455 - flashinfer.jit: [Autotuner]: Autotuning process ends",
        f"{ts(70, 'TP0')} FlashInfer autotune completed.",
        f"{ts(70, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=28.61 GB",
        f"{ts(88, 'TP0')} Capture cuda graph end. Time elapsed: 18.04 s. mem usage=1.92 GB. avail mem=26.69 GB.",
        f"{ts(89, 'TP0')} max_total_num_tokens=1615872, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_gpu_mem=26.69 GB",
        ready(92),
        serving(110, "TP0"),
    ),
)

case(
    "healthy_gpt_oss_b200_backend_picks",
    "0.5.5",
    "sglang 0.5.5 server_args.py:944-949, 968-986, 1246-1250 (warnings to stderr before logging), model_runner.py:1919-1929 (hybrid backend warning)",
    "healthy",
    "GPT-OSS on one B200: SGLang picks trtllm_mha and the FlashInfer MXFP4 MoE kernel, changes page size, warns the hybrid backend is experimental; it serves",
    join(
        cmd(
            "--model-path",
            "openai/gpt-oss-20b",
            "--prefill-attention-backend",
            "trtllm_mha",
            "--decode-attention-backend",
            "triton",
        ),
        "Detected SM100 and MXFP4 quantization format for GPT-OSS model, enabling FlashInfer MXFP4 MOE kernel.",
        "Attention backend not explicitly specified. Use flashinfer backend by default.",
        "TensorRT-LLM MHA only supports page_size of 16, 32 or 64, changing page_size from 1 to 64.",
        sargs(
            0,
            "openai/gpt-oss-20b",
            prefill_attention_backend="trtllm_mha",
            decode_attention_backend="triton",
            moe_runner_backend="flashinfer_mxfp4",
            page_size=64,
            dtype="bfloat16",
        ),
        boot055(None, "GptOssForCausalLM", weights_gb=13.7, total=178.35),
        f"{ts(32)} Using hybrid attention backend for decode and prefill: decode_backend=triton, prefill_backend=trtllm_mha.",
        f"{ts(32)} Warning: Attention backend specified by --attention-backend or default backend might be overridden.The feature of hybrid attention backend is experimental and unstable. Please raise an issue if you encounter any problem.",
        capture055(None, 63.75),
        graphs_done055(None, 63.75, tokens=4915200, ctx=131072),
        ready(45),
        serving(60),
    ),
)

case(
    "healthy_deterministic_falls_back_to_flashinfer_rtx_pro_6000",
    "0.5.5",
    "sglang 0.5.5 server_args.py:1783-1785, 1800-1815, 1829-1838 (bare warnings before logging), then the normal start-up",
    "healthy",
    "deterministic inference on an RTX PRO 6000 (sm120): SGLang falls back to flashinfer, turns radix cache off with warnings, and serves",
    join(
        cmd("--model-path", "Qwen/Qwen3-8B", "--enable-deterministic-inference"),
        "Sampling backend is set to pytorch for deterministic inference.",
        "Attention backend not specified. Falling back to 'flashinfer' for deterministic inference. You can explicitly set --attention-backend to one of ['flashinfer', 'fa3', 'triton'].",
        "Currently radix cache is not compatible with flashinfer attention backend for deterministic inference. It will be supported in the future.",
        sargs(
            0,
            "Qwen/Qwen3-8B",
            attention_backend="flashinfer",
            sampling_backend="pytorch",
            disable_radix_cache=True,
            enable_deterministic_inference=True,
        ),
        boot055(None, "Qwen3ForCausalLM", weights_gb=15.3, total=94.97),
        capture055(None, 9.96),
        graphs_done055(None, 9.96, tokens=1284310, ctx=40960),
        ready(45),
        serving(60),
    ),
)


# ------------------------------------------------------------------------------------------------------- tests
XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_an_attention_backend_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    assert classify_text(t.log).label == t.label, t.why


# healthy cases that fired a failure event on the way (a live supervisor would have acted on it)
EVENT_XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_attention_backend_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    fired = [e for line in CASES[name].log.splitlines() for e in clf.feed(line) if e.kind == "failure"]
    assert not fired, fired


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35

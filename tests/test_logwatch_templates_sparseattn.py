"""DeepSeek Sparse Attention (DSA / "NSA" in SGLang) start-ups and failures, written blind by a helper (synthetic).

Scope: DeepSeek-V3.2(-Exp) on SGLang 0.5.3-0.5.10.post1 through the NSA attention backend: the `--nsa-*` flags
(0.5.3's `--nsa-prefill/--nsa-decode`, 0.5.5's `--nsa-prefill-backend/--nsa-decode-backend`), the forced page size 64
(1 on ROCm), the forced DP attention and forced `mem_fraction_static=0.8` of 0.5.3, the indexer and its FP8 index-K
cache (`NSATokenToKVPool.index_k_with_scale_buffer`), DeepGEMM's MQA-logits kernels and FlashMLA / tilelang sparse
kernels on a GPU they have no build for (SM120, ROCm without tilelang), prefill context parallel
(`--enable-nsa-prefill-context-parallel`, round-robin / in-seq split, DeepEP), HiSparse, PD disaggregation with CP,
and after-ready failures in the sparse path. Four healthy contrasts: servers that reached ready with NSA's own
warnings, DeepGEMM's NVCC warning and JIT pre-compile banner, the fused-metadata-copy fallback print, tool-call
parse errors, and decode retraction at token usage 1.00.

Sources. Message templates, raise sites and call paths were read in the PyPI wheels sglang 0.5.3, 0.5.4.post1, 0.5.5,
0.5.6 and 0.5.10.post1 (server_args.py `_handle_model_specific_adjustments` / `_set_default_nsa_*` /
`check_server_args`, layers/attention/nsa_backend.py, layers/attention/nsa/{nsa_indexer,tilelang_kernel,utils}.py,
mem_cache/memory_pool.py `NSATokenToKVPool`, model_executor/model_runner(_kv_cache_mixin).py, cuda_graph_runner.py
`CUDA_GRAPH_CAPTURE_FAILED_MSG`, layers/deep_gemm_wrapper/compile_utils.py, entrypoints/{engine,http_server}.py,
managers/{scheduler,tokenizer_manager,data_parallel_controller}.py, utils/watchdog.py,
distributed/device_communicators/{pynccl_wrapper,mooncake_transfer_engine}.py, function_call/deepseekv32_detector.py);
sgl-kernel 0.3.16.post5 (sgl_kernel/flash_mla.py, flashmla_ops strings "Only SM90 and SM100 are supported",
deep_gemm/__init__.py and deep_gemm_cpp strings "Unsupported architecture", "Unsupported architecture or scaling
factor types" from `_deps/repo-deepgemm-src/csrc/apis/{attention,gemm}.hpp`); DeepGEMM csrc/apis/attention.hpp
(`DG_HOST_UNREACHABLE("Unsupported architecture")` in `get_paged_mqa_logits_metadata` / `fp8_mqa_logits`). Public
threads: sgl-project/sglang#11308 (V3.2 CI, DP1 TP1 capture traceback, "please use at least NVCC 12.9"), #11942
(V3.2 illegal instruction through the NCCL watchdog with DP attention), #12893 (V3.2 IMA on B200, FP8 KV + EAGLE),
#14500 (V3.2 on the v0.5.6 rocm700-mi35x image, tilelang missing), #11218 ("Capture cuda graph failed" with V3.2-Exp),
#12017 / #16305 (CP tp_size == 8 and round-robin asserts), #14691 (V3.2 FP8 KV); kvcache-ai/ktransformers#1661,
#1751, #1969 (NSA warning lines, DeepGEMM chain from fp8_utils into deep_gemm). torch (2.8 / 2.9.1) OOM, CUDA error,
c10d socket and ProcessGroupNCCL watchdog texts as those releases print them; NCCL's shmutils "No space left on
device" warning. Format fields (times, pids, sizes, ranks) are filled with plausible values; torch / tilelang /
multiprocessing line numbers are approximate.

Labelling policy, decided before the classifier ran (../shared/corpus/README.md plus the issue's families):
- NSA's own argument checks (kv-cache dtype, CP needs tp_size 8, round-robin CP with DP attention, CP on a PD decode
  server, HiSparse with a non-flashmla_sparse backend), a 0.5.3-era flag value a 0.5.5 parser rejects, a sparse
  kernel library with no build for this GPU (DeepGEMM "Unsupported architecture" on SM120) and a missing optional
  kernel package (tilelang, CUDA or ROCm) are config_error -- also when it surfaces inside CUDA-graph capture wrapped
  as "Capture cuda graph failed: ... set --mem-fraction-static to a smaller value" (the wrapper's advice is generic).
- OOM is labelled by the phase start-up was in: model construction -> oom_weights; the KV / indexer pool ("Not
  enough memory ...", an OOM inside NSATokenToKVPool, incl. 0.5.3's forced 0.8 and the FP8 cell-size undercount)
  -> oom_kv_cache; graph capture -> oom_cuda_graph, except an OOM allocating DeepEP's MoE communication buffer during
  capture -> oom_moe_workspace; after "fired up" -> oom_runtime (the indexer's fp32 logits on a long prefill).
- c10d TCPStore timeouts, NCCL init errors (/dev/shm), an NCCL collective timeout on the CP all-gather, and a Mooncake
  transfer-engine init failure are nccl_or_distributed; the launcher's "scheduler died ... OOM killer" / EOFError
  tails are cascades, not the deciding event.
- Runtime CUDA faults (illegal memory access, illegal instruction surfacing through the NCCL watchdog, device-side
  assert) are cuda_error_other.
- Ready servers showing NSA warnings, DeepGEMM banners, "Warning: ... falling back", parse errors logged at error
  level, and retraction / token usage 1.00 are healthy.

First sight: 29/30 (one miss, kept as a strict xfail below; the four healthy contrasts end healthy and fire no failure
event on the way):
- v055_capture_oom_in_indexer_paged_logits: a CUDA OOM during graph capture (wrapped "Capture cuda graph failed")
  whose innermost frame is DeepGEMM's fp8_paged_mqa_logits allocating the NSA indexer's fp32 logits -- the
  classifier said oom_moe_workspace (rule oom.capture_failed); the buffer is attention-indexer output, not an MoE
  workspace, and the phase is capture, so oom_cuda_graph stands.
"""

# ruff: noqa: E501, RUF005  (log lines are data; call paths are built by extending a shared prefix)

from __future__ import annotations

from datetime import datetime, timedelta
from typing import NamedTuple

import pytest

from safelaunch.core.logwatch import LogClassifier, classify_text

from .logwatch_templates import TB, first_sight


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
PY312 = "/usr/local/lib/python3.12/dist-packages"
PIP_SRT = f"{PY312}/sglang/srt"  # pip-installed wheel
DOCKER_SRT = "/sgl-workspace/sglang/python/sglang/srt"  # lmsysorg/sglang images (editable install)
RUNPY = (("<frozen runpy>", 198, "_run_module_as_main", ""), ("<frozen runpy>", 88, "_run_code", ""))


def clock(base: str):
    """SGLang's `[%Y-%m-%d %H:%M:%S<prefix>]` stamp, `sec` seconds after `base`."""
    t0 = datetime.strptime(base, "%Y-%m-%d %H:%M:%S")

    def at(sec: int, tag: str = "") -> str:
        s = (t0 + timedelta(seconds=sec)).strftime("%Y-%m-%d %H:%M:%S")
        return f"[{s}{' ' + tag if tag else ''}]"

    return at


def tb(srt: str, *stack: tuple[str, int, str, str], site: str = PY312) -> str:
    """Python's frames. A path is under `srt` (sglang/srt) unless it starts with `/` or `<` (absolute) or `+`
    (another package in `site`: `+torch/...`)."""
    out = []
    for path, line, func, code in stack:
        if path.startswith(("/", "<")):
            full = path
        elif path.startswith("+"):
            full = f"{site}/{path[1:]}"
        else:
            full = f"{srt}/{path}"
        out.append(f'  File "{full}", line {line}, in {func}' + (f"\n    {code}" if code else ""))
    return "\n".join(out)


def sargs(stamp: str, model: str, **kw: object) -> str:
    fields = {"model_path": model, "tokenizer_path": model, "tokenizer_mode": "auto", **kw}
    body = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    return f"{stamp} server_args=ServerArgs({body}, log_level='info', ...)"


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


def uvicorn(at, sec: int, pid: int, port: int = 30000) -> list[str]:
    return [
        f"{at(sec)} INFO:     Started server process [{pid}]",
        f"{at(sec)} INFO:     Waiting for application startup.",
        f"{at(sec)} INFO:     Application startup complete.",
        f"{at(sec)} INFO:     Uvicorn running on http://0.0.0.0:{port} (Press CTRL+C to quit)",
        f'{at(sec + 1)} INFO:     127.0.0.1:41862 - "GET /get_model_info HTTP/1.1" 200 OK',
    ]


def torch_oom(
    size: str,
    gpu: int,
    total: str,
    free: str,
    used: str,
    alloc: str,
    reserved: str,
    graphs: str = "",
    hip: bool = False,
) -> str:
    dev = "HIP" if hip else "CUDA"
    pools = f", with {graphs} allocated in private pools (e.g., {dev} Graphs)," if graphs else ","
    conf = "PYTORCH_HIP_ALLOC_CONF" if hip else "PYTORCH_CUDA_ALLOC_CONF"
    return (
        f"torch.OutOfMemoryError: {dev} out of memory. Tried to allocate {size}. GPU {gpu} has a total capacity of {total} "
        f"of which {free} is free. Including non-PyTorch memory, this process has {used} memory in use. Of the allocated "
        f"memory {alloc} is allocated by PyTorch{pools} and {reserved} is reserved by PyTorch but unallocated. If reserved "
        f"but unallocated memory is large try setting {conf}=expandable_segments:True to avoid fragmentation.  See "
        "documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
    )


CUDA_TAIL = (
    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n"
)
CAPTURE_HELP = (
    "Possible solutions:\n"
    "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
    "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n"
    "3. disable torch compile by not using --enable-torch-compile\n"
    "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\n"
    "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose \n"
)
DURING = "\nDuring handling of the above exception, another exception occurred:\n"
MOD28 = (
    ("+torch/nn/modules/module.py", 1773, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
    ("+torch/nn/modules/module.py", 1784, "_call_impl", "return forward_call(*args, **kwargs)"),
)
MOD29 = (
    ("+torch/nn/modules/module.py", 1775, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
    ("+torch/nn/modules/module.py", 1786, "_call_impl", "return forward_call(*args, **kwargs)"),
)
NOGRAD = (("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),)
TORCH_OP28 = (("+torch/_ops.py", 1243, "__call__", "return self._op(*args, **kwargs)"),)
DEEP_GEMM_OP = (("+deep_gemm/__init__.py", 50, "_fn", "return func(*args, **kwargs)"),) + TORCH_OP28

# -- 0.5.3 (pip wheel, torch 2.8): overlap worker thread, DP attention forced for NSA
INIT053 = (
    ("managers/scheduler.py", 2847, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 396, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 67, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 100, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 298, "__init__", "self.initialize(min_per_gpu_memory)"),
)
NSA_WARN053 = [
    "Set nsa attention backend for DeepSeek NSA.",
    "DP attention is enabled for DeepSeek NSA.",
    "Setting page size to 64 for DeepSeek NSA.",
    "Setting mem fraction static to 0.8 for DeepSeek NSA.",
    "NSA_USE_REAL_INDEXER=True NSA_DUAL_STREAM=True NSA_FUSE_TOPK=True NSA_FLASHMLA_BACKEND_DECODE_COMPUTE_FP8=True NSA_QUANT_K_CACHE_FAST=True NSA_DEQUANT_K_CACHE_FAST=True ",
]
MOVE_ENVS_WARN = [
    "",
    "########################################################################",
    "# For contributors and developers:                                    #",
    "# Please move environment variable definitions to sglang.srt.environ  #",
    "# using the following pattern:                                        #",
    "#     SGLANG_XXX = EnvBool(False)                                     #",
    "#                                                                     #",
    "########################################################################",
    "",
]

# -- 0.5.5 (pip wheel, torch 2.8): DP attention forced for NSA, a DataParallelController between launcher and schedulers
INIT055 = (
    ("managers/scheduler.py", 2802, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 311, "__init__", "self.tp_worker = TpModelWorker("),
    ("managers/tp_worker.py", 237, "__init__", "self._model_runner = ModelRunner("),
)
RUNNER055 = INIT055 + (("model_executor/model_runner.py", 322, "__init__", "self.initialize(min_per_gpu_memory)"),)
GRAPHS055 = RUNNER055 + (
    ("model_executor/model_runner.py", 479, "initialize", "self.init_device_graphs()"),
    (
        "model_executor/model_runner.py",
        1995,
        "init_device_graphs",
        "self.graph_runner = graph_runners[self.device](self)",
    ),
)
CAPTURE055 = (
    ("model_executor/cuda_graph_runner.py", 381, "__init__", "self.capture()"),
    ("model_executor/cuda_graph_runner.py", 500, "capture", ") = self.capture_one_batch_size(bs, forward)"),
    ("model_executor/cuda_graph_runner.py", 692, "capture_one_batch_size", "run_once()"),
    ("model_executor/cuda_graph_runner.py", 679, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
)
RAISE_CAPTURE055 = GRAPHS055 + (("model_executor/cuda_graph_runner.py", 383, "__init__", "raise Exception("),)
MODEL055 = NOGRAD + (
    ("models/deepseek_v2.py", 3101, "forward", "hidden_states = self.model("),
    *MOD28,
    ("models/deepseek_v2.py", 2958, "forward", "hidden_states, residual = layer("),
    *MOD28,
    ("models/deepseek_v2.py", 2684, "forward", "hidden_states = self.self_attn("),
    *MOD28,
    ("models/deepseek_v2.py", 1391, "forward", "s = self.forward_prepare("),
    ("models/deepseek_v2.py", 1438, "forward_prepare", "inner_state = self.forward_absorb_prepare("),
)
INDEXER055 = (
    ("models/deepseek_v2.py", 1706, "forward_absorb_prepare", "topk_indices = self.indexer("),
    *MOD28,
    ("custom_op.py", 67, "forward", "return self._forward_method(*args, **kwargs)"),
)
LOOP055 = (
    ("managers/scheduler.py", 2826, "run_scheduler_process", "scheduler.event_loop_overlap()"),
    *NOGRAD,
    ("managers/scheduler.py", 990, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
    ("managers/scheduler.py", 1987, "run_batch", "batch_result = self.model_worker.forward_batch_generation("),
    (
        "managers/tp_worker.py",
        371,
        "forward_batch_generation",
        "logits_output, can_run_cuda_graph = self.model_runner.forward(",
    ),
    ("model_executor/model_runner.py", 2147, "forward", "output = self._forward_raw("),
    ("model_executor/model_runner.py", 2204, "_forward_raw", "ret = self.forward_extend("),
    ("model_executor/model_runner.py", 2092, "forward_extend", "return self.model.forward("),
)
NSA_WARN055 = [
    "Set nsa attention backend for DeepSeek NSA.",
    "DP attention is enabled for DeepSeek NSA.",
    "Setting page size to 64 for DeepSeek NSA.",
]
NSA_ENV055 = "NSA_DUAL_STREAM=True NSA_FUSE_TOPK=True NSA_FLASHMLA_BACKEND_DECODE_COMPUTE_FP8=True NSA_QUANT_K_CACHE_FAST=True NSA_DEQUANT_K_CACHE_FAST=True "
DP_CHUNK055 = "DP attention is enabled. The chunked prefill size is adjusted to 2048 to avoid MoE kernel issues. "
EOF_TAIL055 = (
    "Traceback (most recent call last):\n"
    + tb(
        PIP_SRT,
        *RUNPY,
        (f"{PY312}/sglang/launch_server.py", 27, "<module>", "run_server(server_args)"),
        (f"{PY312}/sglang/launch_server.py", 20, "run_server", "launch_server(server_args)"),
        ("entrypoints/http_server.py", 1358, "launch_server", "_launch_subprocesses(server_args=server_args)"),
        ("entrypoints/engine.py", 896, "_launch_subprocesses", "data = scheduler_pipe_readers[i].recv()"),
        ("/usr/lib/python3.12/multiprocessing/connection.py", 250, "recv", "buf = self._recv_bytes()"),
        ("/usr/lib/python3.12/multiprocessing/connection.py", 430, "_recv_bytes", "buf = self._recv(4)"),
        ("/usr/lib/python3.12/multiprocessing/connection.py", 399, "_recv", "raise EOFError"),
    )
    + "\nEOFError"
)


def dead055(at, sec: int, code: int = -3) -> list[str]:
    """0.5.5 launcher when the DataParallelController (rank 0's pipe) is gone: it was SIGQUIT by its scheduler."""
    return [
        f"{at(sec)} Rank 0 scheduler is dead. Please check if there are relevant logs.",
        f"{at(sec + 1)} Exit code: {code}",
        EOF_TAIL055,
    ]


# -- 0.5.10.post1 (docker image, torch 2.9.1)
INIT0510 = (
    ("managers/scheduler.py", 3600, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 385, "__init__", "self.init_model_worker()"),
    ("managers/scheduler.py", 632, "init_model_worker", "self.init_tp_model_worker()"),
    ("managers/scheduler.py", 600, "init_tp_model_worker", "self.tp_worker = TpModelWorker(**worker_kwargs)"),
    ("managers/tp_worker.py", 261, "__init__", "self._init_model_runner()"),
    ("managers/tp_worker.py", 344, "_init_model_runner", "self._model_runner = ModelRunner("),
)
RUNNER0510 = INIT0510 + (("model_executor/model_runner.py", 427, "__init__", "self.initialize(pre_model_load_memory)"),)
GRAPHS0510 = RUNNER0510 + (
    ("model_executor/model_runner.py", 655, "initialize", "self.init_device_graphs()"),
    (
        "model_executor/model_runner.py",
        2455,
        "init_device_graphs",
        "self.graph_runner = graph_runners[self.device](self)",
    ),
)
CAPTURE0510 = (
    ("model_executor/cuda_graph_runner.py", 653, "__init__", "self.capture()"),
    ("model_executor/cuda_graph_runner.py", 809, "capture", "_capture_one_stream()"),
    (
        "model_executor/cuda_graph_runner.py",
        796,
        "_capture_one_stream",
        ") = self.capture_one_batch_size(bs, forward, stream_idx)",
    ),
    ("model_executor/cuda_graph_runner.py", 1024, "capture_one_batch_size", "run_once()"),
    ("model_executor/cuda_graph_runner.py", 1011, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
)
RAISE_CAPTURE0510 = GRAPHS0510 + (("model_executor/cuda_graph_runner.py", 655, "__init__", "raise Exception("),)
MODEL0510 = NOGRAD + (
    ("models/deepseek_v2.py", 2251, "forward", "hidden_states = self.model("),
    *MOD29,
    ("models/deepseek_v2.py", 2061, "forward", "hidden_states, residual, topk_indices = layer("),
    *MOD29,
    ("models/deepseek_v2.py", 1718, "forward", "hidden_states = self.self_attn("),
    *MOD29,
)
DECODE_CORE0510 = (
    ("models/deepseek_v2.py", 1379, "forward", "return self.forward_core(s)"),
    ("models/deepseek_v2.py", 1489, "forward_core", "return self.forward_absorb_core(*inner_state)"),
    (
        "models/deepseek_common/attention_forward_methods/forward_mla.py",
        371,
        "forward_absorb_core",
        "attn_output = self.attn_mqa(",
    ),
    *MOD29,
    ("layers/radix_attention.py", 127, "forward", "return forward_batch.attn_backend.forward("),
    ("layers/attention/base_attn_backend.py", 95, "forward", "return self.forward_decode("),
    ("layers/attention/nsa_backend.py", 1576, "forward_decode", "return self._forward_tilelang("),
    ("layers/attention/nsa_backend.py", 1820, "_forward_tilelang", "return tilelang_sparse_fwd("),
)
ARGS0510 = RUNPY + (
    (
        "/usr/local/lib/python3.12/dist-packages/sglang/launch_server.py",
        59,
        "<module>",
        "server_args = prepare_server_args(sys.argv[1:])",
    ),
    ("server_args.py", 6539, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
    ("server_args.py", 5975, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
    ("<string>", 341, "__init__", ""),
    ("server_args.py", 787, "__post_init__", "self._handle_model_specific_adjustments()"),
)
LAUNCH_WARN0510 = [
    "/usr/local/lib/python3.12/dist-packages/sglang/launch_server.py:51: UserWarning: 'python -m sglang.launch_server' is still supported, but 'sglang serve' is the recommended entrypoint.",
    "  Example: sglang serve --model-path <model> [options]",
    "  warnings.warn(",
]
DSA_THRESHOLD = "Set dense attention kv len threshold to model index_topk=2048 for DeepSeek with DSA."
SIGQUIT_LAUNCH = "Received sigquit from a child process. It usually means the child failed."
SIGQUIT_RUNNING = "SIGQUIT received. signum=None, frame=None. It usually means one child failed."


def dsa_startup0510(
    at,
    model: str,
    tag: str,
    *,
    weights_gb: float,
    avail_after: float,
    tokens: int,
    kv_gb: float,
    pool_avail: float,
    argv: dict,
) -> list[str]:
    return [
        sargs(at(0), model, **argv),
        f"{at(6, tag)} Init torch distributed begin.",
        f"{at(9, tag)} Init torch distributed ends. elapsed=2.74 s, mem usage=1.31 GB",
        f"{at(10, tag)} Load weight begin. avail mem=137.82 GB",
        f"{at(318, tag)} Load weight end. elapsed=308.41 s, type=DeepseekV32ForCausalLM, quant=fp8, fmt=e4m3, avail mem={avail_after:.2f} GB, mem usage={weights_gb:.2f} GB.",
        f"{at(319, tag)} KV Cache is allocated. #tokens: {tokens}, KV size: {kv_gb:.2f} GB",
        f"{at(319, tag)} Memory pool end. avail mem={pool_avail:.2f} GB",
    ]


# ================================================================================================ argument checks
case(
    "v055_old_nsa_prefill_flag_invalid_choice",
    "0.5.5",
    "sglang-0.5.5 server_args.py NSA_CHOICES / --nsa-prefill-backend (0.5.3 spelled it --nsa-prefill with flashmla_prefill); Python 3.12 argparse",
    "config_error",
    "a 0.5.3 recipe's `--nsa-prefill flashmla_prefill` abbreviates to 0.5.5's --nsa-prefill-backend, whose choices renamed the kernels; argparse exits 2",
    join(
        "+ python3 -m sglang.launch_server --model deepseek-ai/DeepSeek-V3.2-Exp --tp 8 --dp 8 --enable-dp-attention --nsa-prefill flashmla_prefill --nsa-decode flashmla_decode --host 0.0.0.0 --port 30000",
        "usage: launch_server.py [-h] --model-path MODEL_PATH",
        "                        [--tokenizer-path TOKENIZER_PATH]",
        "                        [--tokenizer-mode {auto,slow}]",
        "                        [--tokenizer-worker-num TOKENIZER_WORKER_NUM]",
        "                        [--skip-tokenizer-init]",
        "                        [--load-format {auto,pt,safetensors,npcache,dummy,sharded_state,gguf,bitsandbytes,layered,remote,remote_instance}]",
        "                        [--nsa-prefill-backend {flashmla_sparse,flashmla_kv,flashmla_auto,fa3,tilelang,aiter}]",
        "                        [--nsa-decode-backend {flashmla_sparse,flashmla_kv,flashmla_auto,fa3,tilelang,aiter}]",
        "                        [--speculative-algorithm {EAGLE,EAGLE3,NEXTN,STANDALONE,NGRAM}]",
        "launch_server.py: error: argument --nsa-prefill-backend: invalid choice: 'flashmla_prefill' (choose from 'flashmla_sparse', 'flashmla_kv', 'flashmla_auto', 'fa3', 'tilelang', 'aiter')",
    ),
)

case(
    "v055_kv_cache_dtype_fp8_e5m2_rejected_for_nsa",
    "0.5.5",
    "sglang-0.5.5 server_args.py:1089 (`DeepSeek NSA only supports bf16/bfloat16 or fp8_e4m3 kv_cache_dtype`); launch_server.py:24",
    "config_error",
    "--kv-cache-dtype fp8_e5m2 (fine for V3/R1) is refused by the NSA branch of _handle_model_specific_adjustments before anything launches",
    join(
        NSA_WARN055,
        "Traceback (most recent call last):",
        tb(
            PIP_SRT,
            *RUNPY,
            (f"{PY312}/sglang/launch_server.py", 24, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
            ("server_args.py", 4022, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
            ("server_args.py", 3637, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
            ("<string>", 296, "__init__", ""),
            ("server_args.py", 589, "__post_init__", "self._handle_model_specific_adjustments()"),
            ("server_args.py", 1089, "_handle_model_specific_adjustments", "assert self.kv_cache_dtype in ["),
        ),
        "AssertionError: DeepSeek NSA only supports bf16/bfloat16 or fp8_e4m3 kv_cache_dtype",
    ),
)

case(
    "v0510_nsa_prefill_cp_requires_tp8",
    "0.5.10.post1",
    "sglang-0.5.10.post1 server_args.py:1560 (CP tp_size == 8 assert); sglang#12017 / #16305",
    "config_error",
    "--enable-nsa-prefill-context-parallel on 4 GPUs: round-robin CP passes the dp check, then the single-machine tp_size == 8 assert",
    join(
        LAUNCH_WARN0510,
        DSA_THRESHOLD,
        "Context parallel feature is still under experiment. It has only been verified on Hopper platform.",
        "Traceback (most recent call last):",
        tb(PIP_SRT, *ARGS0510, ("server_args.py", 1560, "_handle_model_specific_adjustments", "assert (")),
        "AssertionError: Current multi-machine CP support suffers from precision issues. So context parallel only support Single machine(tp_size == 8)",
    ),
)

case(
    "v0510_round_robin_cp_with_dp_attention",
    "0.5.10.post1",
    "sglang-0.5.10.post1 server_args.py:1557 (round-robin-split asserts dp_size == 1)",
    "config_error",
    "`--dp 8 --enable-dp-attention --enable-nsa-prefill-context-parallel`: the default round-robin-split mode refuses DP attention",
    join(
        "$ python3 -m sglang.launch_server --model-path /models/DeepSeek-V3.2 --tp 8 --dp 8 --enable-dp-attention --enable-nsa-prefill-context-parallel --trust-remote-code",
        LAUNCH_WARN0510,
        DSA_THRESHOLD,
        "Context parallel feature is still under experiment. It has only been verified on Hopper platform.",
        "Traceback (most recent call last):",
        tb(PIP_SRT, *ARGS0510, ("server_args.py", 1557, "_handle_model_specific_adjustments", "assert (")),
        "AssertionError: For round-robin split mode, dp attention is not supported.",
    ),
)

case(
    "v0510_prefill_cp_on_pd_decode_server",
    "0.5.10.post1",
    "sglang-0.5.10.post1 server_args.py:1593 (`CP is only supported for prefill when PD disaggregation ...`), in-seq-split warnings at 1546/1563",
    "config_error",
    "the PD decode server was started from the prefill server's flag list, CP flags included; the decode side refuses it after the in-seq-split defaults were applied",
    join(
        LAUNCH_WARN0510,
        DSA_THRESHOLD,
        "Context parallel feature is still under experiment. It has only been verified on Hopper platform.",
        "For in-seq split mode, we have the following restrictions: moe_dense_tp_size == 1, moe_a2a_backend == deepep, ep_size == tp_size, batch_size == 1",
        "Enable Context Parallel opt for deeeseekv3.2-DSA, Setting dp_size == 1 and moe_dense_tp_size == 1, ep_size == 8, tp_size == 8, kv_cache_dtype == auto, moe_a2a_backend deepep ",
        "Setting page size to 64 for DeepSeek DSA.",
        "Setting KV cache dtype to bfloat16 for DeepSeek DSA on SM9 device.",
        "Set NSA backends for bfloat16 KV Cache: prefill=flashmla_sparse, decode=fa3.",
        "Traceback (most recent call last):",
        tb(PIP_SRT, *ARGS0510, ("server_args.py", 1593, "_handle_model_specific_adjustments", "assert (")),
        "AssertionError: CP is only supported for prefill when PD disaggregation, please remove --enable-nsa-prefill-context-parallel.",
    ),
)

at = clock("2026-02-11 08:30:00")
case(
    "v0510_hisparse_with_fa3_decode_backend",
    "0.5.10.post1",
    "sglang-0.5.10.post1 server_args.py:1455 (HiSparse backend warning) and check_server_args:6198 (ValueError), engine.py:642",
    "config_error",
    "--enable-hisparse keeps a user-set --nsa-decode-backend fa3; check_server_args in _launch_subprocesses refuses it before any scheduler starts",
    join(
        LAUNCH_WARN0510,
        DSA_THRESHOLD,
        "DSA with TP mode is active, dp_size=1, tp_size=8, attn_tp_size=8, attention weights will be sharded across 8 ranks.",
        "Setting page size to 64 for DeepSeek DSA.",
        "HiSparse enabled: using flashmla_sparse NSA backends (prefill=flashmla_sparse, decode=fa3).",
        "Traceback (most recent call last):",
        tb(
            PIP_SRT,
            *RUNPY,
            (f"{PY312}/sglang/launch_server.py", 62, "<module>", "run_server(server_args)"),
            (f"{PY312}/sglang/launch_server.py", 47, "run_server", "launch_server(server_args)"),
            ("entrypoints/http_server.py", 2165, "launch_server", ") = Engine._launch_subprocesses("),
            ("entrypoints/engine.py", 642, "_launch_subprocesses", "server_args.check_server_args()"),
            ("server_args.py", 6198, "check_server_args", "raise ValueError("),
        ),
        "ValueError: HiSparse requires flashmla_sparse NSA decode backend, but got --nsa-decode-backend=fa3. Please use --nsa-decode-backend=flashmla_sparse or omit it.",
    ),
)

# ========================================================================= sparse kernels without a build for this GPU
at = clock("2025-11-20 14:02:00")
SM120_SARGS = dict(
    tp_size=8,
    dp_size=8,
    enable_dp_attention=True,
    kv_cache_dtype="fp8_e4m3",
    page_size=64,
    mem_fraction_static=0.95,
    attention_backend="nsa",
    nsa_prefill_backend="flashmla_auto",
    nsa_decode_backend="flashmla_kv",
    chunked_prefill_size=2048,
)
SM120_WARN = NSA_WARN055 + [
    "Setting KV cache dtype to fp8_e4m3 for DeepSeek NSA.",
    "Setting NSA backend to flashmla_auto for prefill and flashmla_kv for decode for FP8 KV Cache.",
    NSA_ENV055,
    DP_CHUNK055,
]
SM120_START = [
    sargs(at(0), "/data/models/DeepSeek-V3.2-Exp", **SM120_SARGS),
    f"{at(9, 'DP0 TP0')} Init torch distributed begin.",
    f"{at(11, 'DP0 TP0')} Custom allreduce is disabled because your platform lacks GPU P2P capability or P2P test failed. To silence this warning, specify disable_custom_all_reduce=True explicitly.",
    f"{at(12, 'DP0 TP0')} Init torch distributed ends. mem usage=1.08 GB",
    f"{at(12, 'DP0 TP0')} Load weight begin. avail mem=93.72 GB",
    f"{at(421, 'DP0 TP0')} Load weight end. type=DeepseekV32ForCausalLM, dtype=torch.bfloat16, avail mem=10.31 GB, mem usage=83.41 GB.",
    f"{at(422, 'DP0 TP0')} KV Cache is allocated. #tokens: 114048, KV size: 4.57 GB",
    f"{at(422, 'DP0 TP0')} Memory pool end. avail mem=5.22 GB",
]
case(
    "v055_sm120_capture_deepgemm_unsupported_architecture",
    "0.5.5",
    "sglang-0.5.5 fp8_utils.py:250 / fp8_kernel.py:1061 / deep_gemm_wrapper (entrypoint.py:82, compile_utils.py:91-135), cuda_graph_runner.py:381-383; sgl-kernel 0.3.16.post5 deep_gemm_cpp 'Unsupported architecture or scaling factor types'; chain as in ktransformers#1751",
    "config_error",
    "8x RTX PRO 6000 (SM120): DeepGEMM's FP8 GEMM has builds for SM90/SM100 only; the first JIT pre-compile during capture fails, wrapped in 'Capture cuda graph failed' whose advice is about memory",
    join(
        SM120_WARN,
        SM120_START,
        f"{at(423, 'DP0 TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=5.19 GB",
        f"{at(423, 'DP0 TP0')} Capture cuda graph bs [1, 2, 4, 8, 12, 16, 24, 32]",
        "Capturing batches (bs=32 avail_mem=5.11 GB):   0%|          | 0/8 [00:00<?, ?it/s]",
        f"{at(424, 'DP0 TP0')} Entering DeepGEMM JIT Pre-Compile session. It may take a long time (typically 10-20 mins) if you have not run `sglang.compile_deep_gemm`. It is recommended to run `sglang.compile_deep_gemm` with same args as `sglang.launch_server` for pre-compilation to reduce the overhead if you have not run it before. For example: `python3 -m sglang.compile_deep_gemm --model deepseek-ai/DeepSeek-V3 --tp 8 --trust-remote-code`",
        f"{at(424, 'DP0 TP0')} Try DeepGEMM JIT Compiling for <GEMM_NT_F8F8BF16> N=2112, K=7168, num_groups=1 with all Ms. It only takes a little time (typically 1 sec) if you have run `python3 -m sglang.compile_deep_gemm`. ",
        "DeepGEMM warmup:   0%|          | 0/16384 [00:00<?, ?it/s]",
        f"{at(425, 'DP2 TP2')} Scheduler hit an exception: {TB}",
        tb(
            PIP_SRT,
            *CAPTURE055,
            *MODEL055,
            (
                "models/deepseek_v2.py",
                1596,
                "forward_absorb_prepare",
                "fused_qkv_a_proj_out = self.fused_qkv_a_proj_with_mqa(hidden_states)[0]",
            ),
            *MOD28,
            ("layers/linear.py", 429, "forward", "output_parallel = self.quant_method.apply(self, input_, bias)"),
            ("layers/quantization/fp8.py", 491, "apply", "return self.w8a8_block_fp8_linear("),
            (
                "layers/quantization/fp8_utils.py",
                250,
                "deepgemm_w8a8_block_fp8_linear_with_fallback",
                "output = w8a8_block_fp8_matmul_deepgemm(",
            ),
            (
                "layers/quantization/fp8_kernel.py",
                1061,
                "w8a8_block_fp8_matmul_deepgemm",
                "torch.ops.sglang.deep_gemm_fp8_fp8_bf16_nt(A, As, B, Bs, C)",
            ),
            *TORCH_OP28,
            (
                "layers/quantization/fp8_kernel.py",
                102,
                "deep_gemm_fp8_fp8_bf16_nt",
                "deep_gemm_wrapper.gemm_nt_f8f8bf16((A, As), (B, Bs), C)",
            ),
            (
                "layers/deep_gemm_wrapper/entrypoint.py",
                82,
                "gemm_nt_f8f8bf16",
                "with compile_utils.deep_gemm_execution_hook(m, n, k, num_groups, kernel_type):",
            ),
            ("/usr/lib/python3.12/contextlib.py", 137, "__enter__", "return next(self.gen)"),
            (
                "layers/deep_gemm_wrapper/compile_utils.py",
                236,
                "deep_gemm_execution_hook",
                "_maybe_compile_deep_gemm_one_type_all(kernel_type, n, k, num_groups)",
            ),
            (
                "layers/deep_gemm_wrapper/compile_utils.py",
                106,
                "_maybe_compile_deep_gemm_one_type_all",
                "_compile_deep_gemm_one_type_all(",
            ),
            (
                "layers/deep_gemm_wrapper/compile_utils.py",
                135,
                "_compile_deep_gemm_one_type_all",
                "executor.execute(m=m)",
            ),
            ("layers/deep_gemm_wrapper/compile_utils.py", 189, "execute", "deep_gemm.fp8_gemm_nt("),
            *DEEP_GEMM_OP,
        ),
        "RuntimeError: Assertion error (_deps/repo-deepgemm-src/csrc/apis/gemm.hpp:71): Unsupported architecture or scaling factor types",
        DURING,
        TB,
        tb(PIP_SRT, *RAISE_CAPTURE055),
        "Exception: Capture cuda graph failed: Assertion error (_deps/repo-deepgemm-src/csrc/apis/gemm.hpp:71): Unsupported architecture or scaling factor types",
        CAPTURE_HELP,
        dead055(at, 431),
    ),
)

at = clock("2025-11-20 16:40:00")
case(
    "v055_sm120_warmup_indexer_deepgemm_unsupported_architecture",
    "0.5.5",
    'sglang-0.5.5 nsa_indexer.py:385 (`logits = deep_gemm.fp8_mqa_logits(`, called directly, not via deep_gemm_wrapper), deepseek_v2.py:401-430 (MLA on non-Hopper); DeepGEMM attention.hpp `DG_HOST_UNREACHABLE("Unsupported architecture")`',
    "config_error",
    "retry with SGLANG_ENABLE_JIT_DEEPGEMM=0 and --disable-cuda-graph reaches uvicorn, but the NSA indexer calls DeepGEMM's MQA-logits directly and the warmup prefill dies on SM120; never fired up",
    join(
        "$ SGLANG_ENABLE_JIT_DEEPGEMM=0 python3 -m sglang.launch_server --model-path /data/models/DeepSeek-V3.2-Exp --tp 8 --dp 8 --enable-dp-attention --disable-cuda-graph --mem-fraction-static 0.95 --trust-remote-code",
        SM120_WARN,
        SM120_START,
        f"{at(423, 'DP0 TP0')} max_total_num_tokens=114048, chunked_prefill_size=2048, max_prefill_tokens=16384, max_running_requests=2048, context_len=163840, available_gpu_mem=5.20 GB",
        uvicorn(at, 431, 91822),
        f"{at(433, 'DP0 TP0')} Prefill batch, #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f"{at(433, 'DP0 TP0')} Scheduler hit an exception: {TB}",
        tb(
            PIP_SRT,
            *LOOP055,
            *MODEL055,
            *INDEXER055,
            ("layers/attention/nsa/nsa_indexer.py", 630, "forward_cuda", "topk_result = self._get_topk_ragged("),
            ("layers/attention/nsa/nsa_indexer.py", 385, "_get_topk_ragged", "logits = deep_gemm.fp8_mqa_logits("),
            *DEEP_GEMM_OP,
        ),
        "RuntimeError: Assertion error (_deps/repo-deepgemm-src/csrc/apis/attention.hpp:118): Unsupported architecture",
        "",
    ),
)

at = clock("2025-12-04 08:30:00")
ROCM_SRT = DOCKER_SRT
case(
    "v056_rocm_mi355_indexer_tilelang_missing",
    "0.5.6 (lmsysorg/sglang:v0.5.6-rocm700-mi35x)",
    "sglang#14500 (call path scheduler.py:2653 .. cuda_graph_runner.py:486/502; maintainer: 'Will manually install tilelang work for you?'); sglang-0.5.6 nsa_indexer.py:793-794 (HIP imports act_quant from tilelang_kernel), tilelang_kernel.py:4",
    "config_error",
    "ROCm: the NSA indexer imports tilelang on HIP and the image lacks it; dies in graph capture with a ModuleNotFoundError (not wrapped: not a RuntimeError)",
    join(
        "Set nsa attention backend for DeepSeek NSA.",
        "DP attention is enabled for DeepSeek NSA.",
        "NSA with TP mode is active, dp_size=1, tp_size=8, attn_tp_size=8, attention weights will be sharded across 8 ranks.",
        "Setting page size to 64 for DeepSeek NSA.",
        "Setting KV cache dtype to bfloat16 for DeepSeek NSA.",
        NSA_ENV055,
        sargs(
            at(0),
            "/models/DeepSeek-V3.2",
            tp_size=8,
            dp_size=1,
            enable_dp_attention=True,
            kv_cache_dtype="bfloat16",
            page_size=64,
            attention_backend="nsa",
            nsa_prefill_backend="tilelang",
            nsa_decode_backend="tilelang",
        ),
        f"{at(8, 'TP0')} Init torch distributed begin.",
        f"{at(12, 'TP0')} Init torch distributed ends. mem usage=2.41 GB",
        f"{at(13, 'TP0')} Load weight begin. avail mem=285.34 GB",
        f"{at(402, 'TP0')} Load weight end. type=DeepseekV32ForCausalLM, dtype=torch.bfloat16, avail mem=200.97 GB, mem usage=84.37 GB.",
        f"{at(403, 'TP0')} KV Cache is allocated. #tokens: 2097152, KV size: 137.81 GB",
        f"{at(403, 'TP0')} Memory pool end. avail mem=38.52 GB",
        f"{at(405, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=38.50 GB",
        f"{at(405, 'TP0')} Capture cuda graph bs [1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160]",
        "Capturing batches (bs=160 avail_mem=38.41 GB):   0%|          | 0/24 [00:00<?, ?it/s]",
        f"{at(407, 'TP3')} Scheduler hit an exception: {TB}",
        tb(
            ROCM_SRT,
            ("managers/scheduler.py", 2653, "run_scheduler_process", "scheduler = Scheduler("),
            ("managers/scheduler.py", 316, "__init__", "self.tp_worker = TpModelWorker("),
            ("managers/tp_worker.py", 245, "__init__", "self._model_runner = ModelRunner("),
            ("model_executor/model_runner.py", 361, "__init__", "self.initialize(min_per_gpu_memory)"),
            ("model_executor/model_runner.py", 518, "initialize", "self.init_device_graphs()"),
            (
                "model_executor/model_runner.py",
                2440,
                "init_device_graphs",
                "self.graph_runner = graph_runners[self.device](self)",
            ),
            ("model_executor/cuda_graph_runner.py", 344, "__init__", "self.capture()"),
            ("model_executor/cuda_graph_runner.py", 502, "capture", "_capture_one_stream()"),
            (
                "model_executor/cuda_graph_runner.py",
                486,
                "_capture_one_stream",
                ") = self.capture_one_batch_size(bs, forward, stream_idx)",
            ),
            ("model_executor/cuda_graph_runner.py", 693, "capture_one_batch_size", "run_once()"),
            ("model_executor/cuda_graph_runner.py", 680, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
            *NOGRAD,
            ("models/deepseek_v2.py", 3480, "forward", "hidden_states = self.model("),
            *MOD28,
            ("models/deepseek_v2.py", 3291, "forward", "hidden_states, residual = layer("),
            *MOD28,
            ("models/deepseek_v2.py", 3004, "forward", "hidden_states = self.self_attn("),
            *MOD28,
            ("models/deepseek_v2.py", 1468, "forward", "s = self.forward_prepare("),
            ("models/deepseek_v2.py", 1521, "forward_prepare", "inner_state = self.forward_absorb_prepare("),
            ("models/deepseek_v2.py", 1913, "forward_absorb_prepare", "topk_indices = self.indexer("),
            *MOD28,
            ("custom_op.py", 67, "forward", "return self._forward_method(*args, **kwargs)"),
            (
                "layers/attention/nsa/nsa_indexer.py",
                794,
                "forward_cuda",
                "from sglang.srt.layers.attention.nsa.tilelang_kernel import act_quant",
            ),
            ("layers/attention/nsa/tilelang_kernel.py", 4, "<module>", "import tilelang"),
        ),
        "ModuleNotFoundError: No module named 'tilelang'",
        "",
        f"{at(407)} {SIGQUIT_LAUNCH}",
    ),
)

at = clock("2026-02-18 11:05:00")
case(
    "v0510_cuda_tilelang_nsa_backend_not_installed",
    "0.5.10.post1",
    "sglang-0.5.10.post1 server_args.py:1424-1489 (backend/kv-dtype warnings), nsa_backend.py:1576/1818 (lazy tilelang import), tilelang_kernel.py:4; tilelang is not in the wheel's requirements",
    "config_error",
    "on H200 the user copied ROCm's `--nsa-prefill-backend tilelang --nsa-decode-backend tilelang`; the decode kernel's lazy import fails during capture: a missing package, not memory",
    join(
        LAUNCH_WARN0510,
        DSA_THRESHOLD,
        "DSA with TP mode is active, dp_size=1, tp_size=8, attn_tp_size=8, attention weights will be sharded across 8 ranks.",
        "Setting page size to 64 for DeepSeek DSA.",
        "When specifying --nsa-prefill-backend or --nsa-decode-backend, you should also explicitly set --kv-cache-dtype (e.g., 'fp8_e4m3' or 'bfloat16'). DeepSeek V3.2 defaults to FP8 KV cache which may not be compatible with all backends.",
        "Setting KV cache dtype to bfloat16 for DeepSeek DSA on SM9 device.",
        "Set NSA backends for bfloat16 KV Cache: prefill=tilelang, decode=tilelang.",
        dsa_startup0510(
            at,
            "deepseek-ai/DeepSeek-V3.2",
            "TP0",
            weights_gb=82.64,
            avail_after=53.87,
            tokens=418368,
            kv_gb=27.47,
            pool_avail=22.18,
            argv=dict(
                tp_size=8,
                kv_cache_dtype="bfloat16",
                page_size=64,
                attention_backend="nsa",
                nsa_prefill_backend="tilelang",
                nsa_decode_backend="tilelang",
            ),
        ),
        f"{at(321, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=22.15 GB",
        f"{at(321, 'TP0')} Capture cuda graph bs [1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160, 168, 176, 184, 192, 200, 208, 216, 224, 232, 240, 248, 256]",
        "Capturing batches (bs=256 avail_mem=22.04 GB):   0%|          | 0/36 [00:00<?, ?it/s]",
        f"{at(323, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            DOCKER_SRT,
            *GRAPHS0510,
            *CAPTURE0510,
            *MODEL0510,
            *DECODE_CORE0510[:-1],
            (
                "layers/attention/nsa_backend.py",
                1818,
                "_forward_tilelang",
                "from sglang.srt.layers.attention.nsa.tilelang_kernel import tilelang_sparse_fwd",
            ),
            ("layers/attention/nsa/tilelang_kernel.py", 4, "<module>", "import tilelang"),
        ),
        "ModuleNotFoundError: No module named 'tilelang'",
        "",
        f"{at(323)} {SIGQUIT_LAUNCH}",
    ),
)

# ============================================================================ memory: weights, KV / indexer pool, graphs
at = clock("2025-10-14 02:10:00")
case(
    "v053_h20_not_enough_memory_forced_mem_fraction",
    "0.5.3",
    "sglang-0.5.3 server_args.py:806-846 (NSA forces dp attention, page 64, mem_fraction_static=0.8), model_runner.py:1495-1499 (`Not enough memory ... self.server_args.mem_fraction_static=`), engine.py:880-886",
    "oom_kv_cache",
    "8x H20-96G: 0.5.3 overrides the user's 0.92 with 0.8 for NSA, DP attention replicates the attention weights, and the profiled KV budget goes negative",
    join(
        NSA_WARN053,
        MOVE_ENVS_WARN,
        sargs(
            at(0),
            "deepseek-ai/DeepSeek-V3.2-Exp",
            tp_size=8,
            dp_size=8,
            enable_dp_attention=True,
            mem_fraction_static=0.8,
            page_size=64,
            attention_backend="nsa",
            nsa_prefill="flashmla_prefill",
            nsa_decode="fa3",
        ),
        f"{at(10, 'DP0 TP0')} Init torch distributed begin.",
        f"{at(13, 'DP0 TP0')} Init torch distributed ends. mem usage=0.98 GB",
        f"{at(13, 'DP0 TP0')} Load weight begin. avail mem=93.28 GB",
        f"{at(347, 'DP0 TP0')} Load weight end. type=DeepseekV32ForCausalLM, dtype=torch.bfloat16, avail mem=3.05 GB, mem usage=90.23 GB.",
        f"{at(348, 'DP0 TP0')} Scheduler hit an exception: {TB}",
        tb(
            PIP_SRT,
            *INIT053,
            ("model_executor/model_runner.py", 432, "initialize", "self.init_memory_pool("),
            ("model_executor/model_runner.py", 1496, "init_memory_pool", "raise RuntimeError("),
        ),
        "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: self.server_args.mem_fraction_static=0.8",
        "",
        f"{at(349)} Rank 0 scheduler is dead. Please check if there are relevant logs.",
        f"{at(350)} Exit code: -3",
    ),
)

at = clock("2025-11-26 03:10:00")
J = "Nov 26 03:{m:02d}:{s:02d} gpu-h200-07 sglang-dsv32[48211]: "


def jl(sec: int, text: str) -> str:
    t = 600 + sec
    return "\n".join(J.format(m=t // 60, s=t % 60) + line for line in text.split("\n"))


case(
    "v055_pool_oom_index_k_buffer_journald",
    "0.5.5",
    "sglang-0.5.5 memory_pool.py:1596-1640 (NSATokenToKVPool allocates index_k_with_scale_buffer after the MLA buffers), model_runner.py:471/1724; torch 2.8 OOM text; systemd/journald wrapping",
    "oom_kv_cache",
    "a second instance grabbed 38 GiB on the same GPUs between profiling and allocation; the NSA pool's indexer buffer cannot be allocated at start-up (journald-wrapped)",
    "\n".join(
        [
            "Nov 26 03:10:00 gpu-h200-07 systemd[1]: Started sglang-dsv32.service - SGLang DeepSeek-V3.2 server.",
            jl(
                1,
                "\n".join(
                    NSA_WARN055 + ["Setting KV cache dtype to bfloat16 for DeepSeek NSA.", NSA_ENV055, DP_CHUNK055]
                ),
            ),
            jl(
                2,
                sargs(
                    at(2),
                    "/srv/models/DeepSeek-V3.2",
                    tp_size=8,
                    dp_size=8,
                    enable_dp_attention=True,
                    kv_cache_dtype="bfloat16",
                    page_size=64,
                    attention_backend="nsa",
                    nsa_prefill_backend="flashmla_sparse",
                    nsa_decode_backend="fa3",
                ),
            ),
            jl(11, f"{at(11, 'DP4 TP4')} Init torch distributed begin."),
            jl(14, f"{at(14, 'DP4 TP4')} Init torch distributed ends. mem usage=1.17 GB"),
            jl(14, f"{at(14, 'DP4 TP4')} Load weight begin. avail mem=138.31 GB"),
            jl(
                231,
                f"{at(231, 'DP4 TP4')} Load weight end. type=DeepseekV32ForCausalLM, dtype=torch.bfloat16, avail mem=47.92 GB, mem usage=90.39 GB.",
            ),
            jl(
                233,
                f"{at(233, 'DP4 TP4')} Scheduler hit an exception: {TB}\n"
                + tb(
                    PIP_SRT,
                    *RUNNER055,
                    ("model_executor/model_runner.py", 471, "initialize", "self.init_memory_pool("),
                    (
                        "model_executor/model_runner.py",
                        1724,
                        "init_memory_pool",
                        "self.token_to_kv_pool = NSATokenToKVPool(",
                    ),
                    ("mem_cache/memory_pool.py", 1623, "__init__", "torch.zeros("),
                )
                + "\n"
                + torch_oom("76.00 MiB", 4, "139.81 GiB", "21.06 MiB", "101.61 GiB", "100.12 GiB", "398.51 MiB")
                + "\n",
            ),
            jl(234, "\n".join(dead055(at, 234))),
            "Nov 26 03:14:41 gpu-h200-07 systemd[1]: sglang-dsv32.service: Main process exited, code=exited, status=1/FAILURE",
            "Nov 26 03:14:41 gpu-h200-07 systemd[1]: sglang-dsv32.service: Failed with result 'exit-code'.",
        ]
    ),
)

at = clock("2026-02-19 21:00:00")
case(
    "v0510_fp8_kv_pool_oom_high_mem_fraction",
    "0.5.10.post1",
    "sglang-0.5.10.post1 model_runner_kv_cache_mixin.py:75-110 (cell size counts kv_lora_rank+rope = 576 B/token/layer) vs calculate_mla_kv_cache_dim:240-285 (656 B for FP8 flashmla), _init_pools:575, memory_pool.py:1862",
    "oom_kv_cache",
    "--kv-cache-dtype fp8_e4m3 --mem-fraction-static 0.97: the profile undercounts the FP8 NSA layout, so allocating the pool itself (index-K buffer last) runs out at start-up",
    join(
        LAUNCH_WARN0510,
        DSA_THRESHOLD,
        "DSA with TP mode is active, dp_size=1, tp_size=8, attn_tp_size=8, attention weights will be sharded across 8 ranks.",
        "Setting page size to 64 for DeepSeek DSA.",
        "Set NSA backends for fp8_e4m3 KV Cache: prefill=flashmla_auto, decode=flashmla_kv.",
        sargs(
            at(0),
            "deepseek-ai/DeepSeek-V3.2",
            tp_size=8,
            kv_cache_dtype="fp8_e4m3",
            mem_fraction_static=0.97,
            page_size=64,
            attention_backend="nsa",
            nsa_prefill_backend="flashmla_auto",
            nsa_decode_backend="flashmla_kv",
        ),
        f"{at(6, 'TP0')} Init torch distributed begin.",
        f"{at(9, 'TP0')} Init torch distributed ends. elapsed=2.61 s, mem usage=1.29 GB",
        f"{at(10, 'TP0')} Load weight begin. avail mem=137.84 GB",
        f"{at(297, 'TP0')} Load weight end. elapsed=287.12 s, type=DeepseekV32ForCausalLM, quant=fp8, fmt=e4m3, avail mem=55.19 GB, mem usage=82.65 GB.",
        f"{at(298, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            DOCKER_SRT,
            *RUNNER0510,
            ("model_executor/model_runner.py", 623, "initialize", "self.init_memory_pool(pre_model_load_memory)"),
            (
                "model_executor/model_runner_kv_cache_mixin.py",
                903,
                "init_memory_pool",
                "self._apply_memory_pool_config(self.memory_pool_config)",
            ),
            ("model_executor/model_runner_kv_cache_mixin.py", 869, "_apply_memory_pool_config", "self._init_pools()"),
            (
                "model_executor/model_runner_kv_cache_mixin.py",
                575,
                "_init_pools",
                "self.token_to_kv_pool = NSATokenToKVPool(**nsa_pool_kwargs)",
            ),
            ("mem_cache/memory_pool.py", 1862, "__init__", "torch.zeros("),
        ),
        torch_oom("96.00 MiB", 0, "139.81 GiB", "63.88 MiB", "139.73 GiB", "137.96 GiB", "102.40 MiB"),
        "",
        f"{at(298)} {SIGQUIT_LAUNCH}",
    ),
)

at = clock("2026-01-07 06:20:00")
DC = "dsv32-1  | "
case(
    "v0510_not_enough_memory_dp_attention_docker_compose",
    "0.5.10.post1",
    "sglang-0.5.10.post1 model_runner_kv_cache_mixin.py:56-60 (MemoryPoolConfig.__post_init__ `Not enough memory ... mem_fraction_static=`), :885/899; engine.py:1186-1220 (_scheduler_died_error); docker compose prefix as in sglang#11218",
    "oom_kv_cache",
    "8x H20-96G with --dp 8 --enable-dp-attention and 0.75: replicated attention weights leave a negative KV budget; the launcher's 'OOM killer' hint about exit -3 is a cascade",
    "\n".join(
        DC + line
        for line in join(
            LAUNCH_WARN0510,
            DSA_THRESHOLD,
            "Setting page size to 64 for DeepSeek DSA.",
            "Setting KV cache dtype to bfloat16 for DeepSeek DSA on SM9 device.",
            "Set NSA backends for bfloat16 KV Cache: prefill=flashmla_sparse, decode=fa3.",
            sargs(
                at(0),
                "/models/DeepSeek-V3.2",
                tp_size=8,
                dp_size=8,
                enable_dp_attention=True,
                mem_fraction_static=0.75,
                kv_cache_dtype="bfloat16",
                page_size=64,
            ),
            f"{at(12, 'DP0 TP0')} Init torch distributed begin.",
            f"{at(15, 'DP0 TP0')} Init torch distributed ends. elapsed=3.02 s, mem usage=1.12 GB",
            f"{at(15, 'DP0 TP0')} Load weight begin. avail mem=93.61 GB",
            f"{at(402, 'DP0 TP0')} Load weight end. elapsed=386.90 s, type=DeepseekV32ForCausalLM, quant=fp8, fmt=e4m3, avail mem=3.49 GB, mem usage=90.12 GB.",
            f"{at(403, 'DP0 TP0')} Scheduler hit an exception: {TB}",
            tb(
                DOCKER_SRT,
                *RUNNER0510,
                ("model_executor/model_runner.py", 623, "initialize", "self.init_memory_pool(pre_model_load_memory)"),
                (
                    "model_executor/model_runner_kv_cache_mixin.py",
                    899,
                    "init_memory_pool",
                    "self.memory_pool_config = self._resolve_memory_pool_config(",
                ),
                (
                    "model_executor/model_runner_kv_cache_mixin.py",
                    885,
                    "_resolve_memory_pool_config",
                    "return MemoryPoolConfig(",
                ),
                ("<string>", 9, "__init__", ""),
                ("model_executor/model_runner_kv_cache_mixin.py", 60, "__post_init__", "raise RuntimeError(msg)"),
            ),
            "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: mem_fraction_static=0.75",
            "",
            TB,
            tb(
                DOCKER_SRT,
                ("entrypoints/engine.py", 1207, "_wait_for_scheduler_ready", "data = scheduler_pipe_readers[i].recv()"),
                ("/usr/lib/python3.12/multiprocessing/connection.py", 250, "recv", "buf = self._recv_bytes()"),
                ("/usr/lib/python3.12/multiprocessing/connection.py", 430, "_recv_bytes", "buf = self._recv(4)"),
                ("/usr/lib/python3.12/multiprocessing/connection.py", 399, "_recv", "raise EOFError"),
            ),
            "EOFError",
            DURING,
            TB,
            tb(
                DOCKER_SRT,
                *RUNPY,
                ("/sgl-workspace/sglang/python/sglang/launch_server.py", 62, "<module>", "run_server(server_args)"),
                (
                    "/sgl-workspace/sglang/python/sglang/launch_server.py",
                    47,
                    "run_server",
                    "launch_server(server_args)",
                ),
                ("entrypoints/http_server.py", 2165, "launch_server", ") = Engine._launch_subprocesses("),
                ("entrypoints/engine.py", 730, "_launch_subprocesses", "scheduler_init_result.wait_for_ready()"),
                (
                    "entrypoints/engine.py",
                    599,
                    "wait_for_ready",
                    "infos = _wait_for_scheduler_ready(scheduler_pipe_readers, scheduler_procs)",
                ),
                (
                    "entrypoints/engine.py",
                    1209,
                    "_wait_for_scheduler_ready",
                    "raise _scheduler_died_error(i, scheduler_procs[i])",
                ),
            ),
            "RuntimeError: Rank 0 scheduler died during initialization (exit code: -3). If exit code is -9 (SIGKILL), a common cause is the OS OOM killer. Run `dmesg -T | grep -i oom` to check.",
        ).split("\n")
    )
    + "\ndsv32-1 exited with code 1",
)

at = clock("2025-11-22 10:00:00")
case(
    "v055_h100_weights_oom_fp8_moe_create_weights",
    "0.5.5",
    "sglang-0.5.5 model_loader/loader.py:594/262, deepseek_v2.py:3031/2823/2613/625, fused_moe_triton/layer.py:214, fp8.py:602-603; torch 2.8 OOM text",
    "oom_weights",
    "8x H100-80G: V3.2's FP8 experts plus DP-attention-replicated MLA/indexer weights do not fit at TP8; OOM while the model is constructed",
    join(
        NSA_WARN055,
        "Setting KV cache dtype to bfloat16 for DeepSeek NSA.",
        NSA_ENV055,
        DP_CHUNK055,
        sargs(
            at(0),
            "deepseek-ai/DeepSeek-V3.2-Exp",
            tp_size=8,
            dp_size=8,
            enable_dp_attention=True,
            kv_cache_dtype="bfloat16",
            page_size=64,
            attention_backend="nsa",
        ),
        f"{at(9, 'DP0 TP0')} Init torch distributed begin.",
        f"{at(12, 'DP0 TP0')} Init torch distributed ends. mem usage=1.05 GB",
        f"{at(12, 'DP0 TP0')} Load weight begin. avail mem=78.21 GB",
        f"{at(44, 'DP5 TP5')} Scheduler hit an exception: {TB}",
        tb(
            PIP_SRT,
            *RUNNER055,
            ("model_executor/model_runner.py", 398, "initialize", "self.load_model()"),
            ("model_executor/model_runner.py", 752, "load_model", "self.model = get_model("),
            ("model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
            ("model_loader/loader.py", 594, "load_model", "model = _initialize_model("),
            ("model_loader/loader.py", 262, "_initialize_model", "return model_class(**kwargs)"),
            ("models/deepseek_v2.py", 3031, "__init__", "self.model = DeepseekV2Model("),
            ("models/deepseek_v2.py", 2823, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
            ("utils/common.py", 576, "make_layers", "+ get_offloader().wrap_modules("),
            ("utils/offloader.py", 36, "wrap_modules", "return list(all_modules_generator)"),
            ("utils/common.py", 578, "<genexpr>", "layer_fn(idx=idx, prefix=add_prefix(idx, prefix))"),
            ("models/deepseek_v2.py", 2825, "<lambda>", "lambda idx, prefix: DeepseekV2DecoderLayer("),
            ("models/deepseek_v2.py", 2613, "__init__", "self.mlp = DeepseekV2MoE("),
            ("models/deepseek_v2.py", 625, "__init__", "self.experts = get_moe_impl_class(quant_config)("),
            ("layers/moe/fused_moe_triton/layer.py", 214, "__init__", "self.quant_method.create_weights("),
            ("layers/quantization/fp8.py", 603, "create_weights", "torch.empty("),
            ("+torch/utils/_device.py", 104, "__torch_function__", "return func(*args, **kwargs)"),
        ),
        torch_oom("896.00 MiB", 5, "79.19 GiB", "441.69 MiB", "78.74 GiB", "77.61 GiB", "412.53 MiB"),
        "",
        dead055(at, 46),
    ),
)

at = clock("2025-11-28 19:30:00")
case(
    "v055_capture_oom_in_indexer_paged_logits",
    "0.5.5",
    "sglang-0.5.5 cuda_graph_runner.py:381-384/902-909, nsa_indexer.py:626/314 (deep_gemm.fp8_paged_mqa_logits allocates its fp32 logits); sglang#11218 ('Capture cuda graph failed' with V3.2-Exp); torch 2.8 OOM text",
    "oom_cuda_graph",
    "8x H20-141G at --mem-fraction-static 0.93 with cuda-graph-max-bs 256: capture runs out while the indexer allocates logits for a captured batch",
    join(
        NSA_WARN055,
        "Setting KV cache dtype to bfloat16 for DeepSeek NSA.",
        NSA_ENV055,
        DP_CHUNK055,
        sargs(
            at(0),
            "deepseek-ai/DeepSeek-V3.2-Exp",
            tp_size=8,
            dp_size=8,
            enable_dp_attention=True,
            mem_fraction_static=0.93,
            cuda_graph_max_bs=256,
            kv_cache_dtype="bfloat16",
            page_size=64,
        ),
        f"{at(9, 'DP0 TP0')} Init torch distributed begin.",
        f"{at(12, 'DP0 TP0')} Init torch distributed ends. mem usage=1.14 GB",
        f"{at(12, 'DP0 TP0')} Load weight begin. avail mem=138.36 GB",
        f"{at(271, 'DP0 TP0')} Load weight end. type=DeepseekV32ForCausalLM, dtype=torch.bfloat16, avail mem=47.65 GB, mem usage=90.71 GB.",
        f"{at(272, 'DP0 TP0')} KV Cache is allocated. #tokens: 521344, KV size: 34.11 GB",
        f"{at(272, 'DP0 TP0')} Memory pool end. avail mem=9.41 GB",
        f"{at(273, 'DP0 TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=9.39 GB",
        f"{at(273, 'DP0 TP0')} Capture cuda graph bs [1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 160, 192, 224, 256]",
        "Capturing batches (bs=256 avail_mem=9.31 GB):   0%|          | 0/24 [00:00<?, ?it/s]",
        "Capturing batches (bs=128 avail_mem=1.92 GB):  21%|██        | 5/24 [00:41<02:36,  8.24s/it]",
        "Capturing batches (bs=104 avail_mem=0.38 GB):  33%|███▎      | 8/24 [01:05<02:10,  8.16s/it]",
        f"{at(342, 'DP2 TP2')} Scheduler hit an exception: {TB}",
        tb(
            PIP_SRT,
            *CAPTURE055,
            *MODEL055,
            *INDEXER055,
            ("layers/attention/nsa/nsa_indexer.py", 626, "forward_cuda", "topk_result = self._get_topk_paged("),
            ("layers/attention/nsa/nsa_indexer.py", 314, "_get_topk_paged", "logits = deep_gemm.fp8_paged_mqa_logits("),
            *DEEP_GEMM_OP,
        ),
        torch_oom(
            "64.00 MiB", 2, "139.81 GiB", "47.88 MiB", "139.75 GiB", "131.02 GiB", "312.77 MiB", graphs="8.61 GiB"
        ),
        DURING,
        TB,
        tb(PIP_SRT, *RAISE_CAPTURE055),
        "Exception: Capture cuda graph failed: "
        + torch_oom(
            "64.00 MiB", 2, "139.81 GiB", "47.88 MiB", "139.75 GiB", "131.02 GiB", "312.77 MiB", graphs="8.61 GiB"
        ).removeprefix("torch.OutOfMemoryError: "),
        CAPTURE_HELP,
        dead055(at, 348),
    ),
)

at = clock("2026-02-25 13:15:00")
case(
    "v0510_rocm_capture_hip_oom_tilelang",
    "0.5.10.post1 (ROCm image)",
    "sglang-0.5.10.post1 server_args.py:1571-1576 (page size 1 on ROCm), :1461-1463 (tilelang NSA backends on HIP), nsa_backend.py:1576/1820, tilelang_kernel.py:1359, cuda_graph_runner.py:651-657; torch ROCm 'HIP out of memory' text",
    "oom_cuda_graph",
    "MI300X: page size 1 and tilelang decode; the HIP allocator runs out inside tilelang's partial sparse-MLA output buffers while graphs are captured",
    join(
        LAUNCH_WARN0510,
        DSA_THRESHOLD,
        "DSA with TP mode is active, dp_size=1, tp_size=8, attn_tp_size=8, attention weights will be sharded across 8 ranks.",
        "Setting page size to 1 for DeepSeek DSA on ROCm.",
        "Setting KV cache dtype to bfloat16 for DeepSeek DSA on SM9 device.",
        "Set NSA backends for bfloat16 KV Cache: prefill=tilelang, decode=tilelang.",
        sargs(
            at(0),
            "/models/DeepSeek-V3.2",
            tp_size=8,
            page_size=1,
            kv_cache_dtype="bfloat16",
            mem_fraction_static=0.93,
            cuda_graph_max_bs=512,
            attention_backend="nsa",
            nsa_prefill_backend="tilelang",
            nsa_decode_backend="tilelang",
        ),
        f"{at(7, 'TP0')} Init torch distributed begin.",
        f"{at(11, 'TP0')} Init torch distributed ends. elapsed=3.88 s, mem usage=2.07 GB",
        f"{at(12, 'TP0')} Load weight begin. avail mem=189.62 GB",
        f"{at(355, 'TP0')} Load weight end. elapsed=342.70 s, type=DeepseekV32ForCausalLM, quant=fp8, fmt=e4m3, avail mem=106.87 GB, mem usage=82.75 GB.",
        f"{at(356, 'TP0')} KV Cache is allocated. #tokens: 1185792, KV size: 77.85 GB",
        f"{at(356, 'TP0')} Memory pool end. avail mem=14.11 GB",
        f"{at(358, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=14.02 GB",
        f"{at(358, 'TP0')} Capture cuda graph bs [1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160, 168, 176, 184, 192, 200, 208, 216, 224, 232, 240, 248, 256, 288, 320, 352, 384, 416, 448, 480, 512]",
        "Capturing batches (bs=512 avail_mem=13.90 GB):   0%|          | 0/44 [00:00<?, ?it/s]",
        "Capturing batches (bs=352 avail_mem=1.21 GB):   9%|▉         | 4/44 [01:12<12:05, 18.14s/it]",
        f"{at(447, 'TP6')} Scheduler hit an exception: {TB}",
        tb(
            DOCKER_SRT,
            *CAPTURE0510,
            *MODEL0510,
            *DECODE_CORE0510,
            (
                "layers/attention/nsa/tilelang_kernel.py",
                1359,
                "tilelang_sparse_fwd",
                "partial_o_batched, partial_lse_batched = kernel_partial(",
            ),
            ("+tilelang/jit/kernel.py", 133, "__call__", "return self.torch_function(*args, **kwds)"),
        ),
        torch_oom(
            "1.03 GiB", 6, "191.98 GiB", "1.02 GiB", "190.96 GiB", "186.40 GiB", "1.32 GiB", graphs="3.91 GiB", hip=True
        ),
        DURING,
        TB,
        tb(DOCKER_SRT, *RAISE_CAPTURE0510),
        "Exception: Capture cuda graph failed: "
        + torch_oom(
            "1.03 GiB", 6, "191.98 GiB", "1.02 GiB", "190.96 GiB", "186.40 GiB", "1.32 GiB", graphs="3.91 GiB", hip=True
        ).removeprefix("torch.OutOfMemoryError: "),
        CAPTURE_HELP,
        f"{at(448)} {SIGQUIT_LAUNCH}",
    ),
)

at = clock("2026-02-20 09:00:00")
case(
    "v0510_in_seq_split_cp_deepep_buffer_oom",
    "0.5.10.post1",
    "sglang-0.5.10.post1 server_args.py:1545-1552 (in-seq-split forces moe_a2a_backend=deepep, ep_size=tp_size), token_dispatcher/deepep.py:144-221 (DeepEPBuffer.get_deepep_buffer -> Buffer), cuda_graph_runner.py:651-657; DeepEP EPException text",
    "oom_moe_workspace",
    "in-seq-split CP forces DeepEP; with --mem-fraction-static 0.94 the DeepEP NVL buffer cannot be allocated at the first captured MoE dispatch",
    join(
        LAUNCH_WARN0510,
        DSA_THRESHOLD,
        "Context parallel feature is still under experiment. It has only been verified on Hopper platform.",
        "For in-seq split mode, we have the following restrictions: moe_dense_tp_size == 1, moe_a2a_backend == deepep, ep_size == tp_size, batch_size == 1",
        "Enable Context Parallel opt for deeeseekv3.2-DSA, Setting dp_size == 1 and moe_dense_tp_size == 1, ep_size == 8, tp_size == 8, kv_cache_dtype == auto, moe_a2a_backend deepep ",
        "Setting page size to 64 for DeepSeek DSA.",
        "Setting KV cache dtype to bfloat16 for DeepSeek DSA on SM9 device.",
        "Set NSA backends for bfloat16 KV Cache: prefill=flashmla_sparse, decode=fa3.",
        dsa_startup0510(
            at,
            "deepseek-ai/DeepSeek-V3.2",
            "ATTN_CP0 TP0 EP0",
            weights_gb=91.02,
            avail_after=45.49,
            tokens=467968,
            kv_gb=30.72,
            pool_avail=9.95,
            argv=dict(
                tp_size=8,
                ep_size=8,
                enable_dp_attention=True,
                moe_a2a_backend="deepep",
                mem_fraction_static=0.94,
                enable_nsa_prefill_context_parallel=True,
                nsa_prefill_cp_mode="in-seq-split",
            ),
        ),
        f"{at(321, 'ATTN_CP0 TP0 EP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=9.92 GB",
        f"{at(321, 'ATTN_CP0 TP0 EP0')} Capture cuda graph bs [1, 2, 4, 8]",
        "Capturing batches (bs=8 avail_mem=9.80 GB):   0%|          | 0/4 [00:00<?, ?it/s]",
        f"{at(324, 'ATTN_CP3 TP3 EP3')} Scheduler hit an exception: {TB}",
        tb(
            DOCKER_SRT,
            *CAPTURE0510,
            *MODEL0510,
            ("models/deepseek_v2.py", 1755, "forward", "hidden_states = self.mlp("),
            *MOD29,
            ("models/deepseek_v2.py", 716, "forward", "return self.forward_deepep("),
            ("models/deepseek_v2.py", 917, "forward_deepep", "final_hidden_states = self.experts("),
            *MOD29,
            ("layers/moe/ep_moe/layer.py", 233, "forward", "dispatch_output = self.dispatcher.dispatch("),
            ("layers/moe/token_dispatcher/deepep.py", 786, "dispatch", "self.dispatch_a(*args, **kwargs)"),
            ("layers/moe/token_dispatcher/deepep.py", 551, "dispatch_a", "buffer = self._get_buffer()"),
            ("layers/moe/token_dispatcher/deepep.py", 713, "_get_buffer", "return DeepEPBuffer.get_deepep_buffer("),
            ("layers/moe/token_dispatcher/deepep.py", 221, "get_deepep_buffer", "cls._buffer = Buffer("),
            (
                "+deep_ep/buffer.py",
                102,
                "__init__",
                "self.runtime = deep_ep_cpp.Buffer(self.rank, self.group_size, num_nvl_bytes, num_rdma_bytes, low_latency_mode, explicitly_destroy)",
            ),
        ),
        "RuntimeError: Failed: CUDA error /sgl-workspace/DeepEP/csrc/deep_ep.cpp:88 'out of memory'",
        DURING,
        TB,
        tb(DOCKER_SRT, *RAISE_CAPTURE0510),
        "Exception: Capture cuda graph failed: Failed: CUDA error /sgl-workspace/DeepEP/csrc/deep_ep.cpp:88 'out of memory'",
        CAPTURE_HELP,
        f"{at(325)} {SIGQUIT_LAUNCH}",
    ),
)

at = clock("2025-12-01 15:00:00")
READY055 = [
    f"{at(423, 'DP0 TP0')} Capture cuda graph end. Time elapsed: 251.47 s. mem usage=1.86 GB. avail mem=19.74 GB.",
    f"{at(424, 'DP0 TP0')} max_total_num_tokens=356352, chunked_prefill_size=2048, max_prefill_tokens=16384, max_running_requests=2048, context_len=163840, available_gpu_mem=19.74 GB",
    *uvicorn(at, 431, 6120),
    f"{at(433, 'DP0 TP0')} Prefill batch, #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
    f'{at(434)} INFO:     127.0.0.1:41868 - "POST /generate HTTP/1.1" 200 OK',
    f"{at(434)} The server is fired up and ready to roll!",
]
case(
    "v055_runtime_oom_indexer_long_context_prefill",
    "0.5.5",
    "sglang-0.5.5 nsa_indexer.py:329-398 (`_get_topk_ragged`: fp8_mqa_logits returns fp32 [q_tokens, kv_len], no chunking before 0.5.10), scheduler.py:990/1987; torch 2.8 OOM text",
    "oom_runtime",
    "after fired up, a ~160k-token request's chunked prefill makes the indexer allocate a [2048 x 163840] fp32 logits tensor that the static budget never covered",
    join(
        NSA_WARN055,
        "Setting KV cache dtype to bfloat16 for DeepSeek NSA.",
        NSA_ENV055,
        DP_CHUNK055,
        sargs(
            at(0),
            "deepseek-ai/DeepSeek-V3.2-Exp",
            tp_size=8,
            dp_size=8,
            enable_dp_attention=True,
            kv_cache_dtype="bfloat16",
            page_size=64,
            attention_backend="nsa",
        ),
        f"{at(9, 'DP0 TP0')} Init torch distributed begin.",
        f"{at(12, 'DP0 TP0')} Init torch distributed ends. mem usage=1.19 GB",
        f"{at(12, 'DP0 TP0')} Load weight begin. avail mem=138.27 GB",
        f"{at(166, 'DP0 TP0')} Load weight end. type=DeepseekV32ForCausalLM, dtype=torch.bfloat16, avail mem=47.61 GB, mem usage=90.66 GB.",
        f"{at(167, 'DP0 TP0')} KV Cache is allocated. #tokens: 356352, KV size: 23.40 GB",
        f"{at(167, 'DP0 TP0')} Memory pool end. avail mem=21.65 GB",
        f"{at(171, 'DP0 TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=21.60 GB",
        READY055,
        f'{at(611)} INFO:     10.12.3.41:51522 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f"{at(612, 'DP5 TP5')} Prefill batch, #new-seq: 1, #new-token: 2048, #cached-token: 0, token usage: 0.02, #running-req: 3, #queue-req: 0, ",
        f"{at(640, 'DP5 TP5')} Prefill batch, #new-seq: 1, #new-token: 2048, #cached-token: 0, token usage: 0.41, #running-req: 3, #queue-req: 1, ",
        f"{at(641, 'DP5 TP5')} Scheduler hit an exception: {TB}",
        tb(
            PIP_SRT,
            *LOOP055,
            *MODEL055,
            *INDEXER055,
            ("layers/attention/nsa/nsa_indexer.py", 630, "forward_cuda", "topk_result = self._get_topk_ragged("),
            ("layers/attention/nsa/nsa_indexer.py", 385, "_get_topk_ragged", "logits = deep_gemm.fp8_mqa_logits("),
            *DEEP_GEMM_OP,
        ),
        torch_oom("1.25 GiB", 5, "139.81 GiB", "893.88 MiB", "138.92 GiB", "134.20 GiB", "2.37 GiB"),
        "",
    ),
)

# ========================================================================================= distributed (CP / DP attention)
at = clock("2026-03-03 12:00:00")
CP_WARN = [
    DSA_THRESHOLD,
    "Context parallel feature is still under experiment. It has only been verified on Hopper platform.",
    "Enable Context Parallel opt for deeeseekv3.2-DSA, Setting dp_size == 1 and moe_dense_tp_size == 1, ep_size == 1, tp_size == 8, kv_cache_dtype == auto, moe_a2a_backend none ",
    "Setting page size to 64 for DeepSeek DSA.",
    "Setting KV cache dtype to bfloat16 for DeepSeek DSA on SM9 device.",
    "Set NSA backends for bfloat16 KV Cache: prefill=flashmla_sparse, decode=fa3.",
]
CP_ARGV = dict(
    tp_size=8,
    dp_size=1,
    enable_dp_attention=True,
    moe_dense_tp_size=1,
    enable_nsa_prefill_context_parallel=True,
    nsa_prefill_cp_mode="round-robin-split",
    kv_cache_dtype="bfloat16",
    page_size=64,
)


def nccl_line(rank: int, sec: float, src: str, msg: str, sev: str = "E") -> str:
    return f"[rank{rank}]:[{sev}0303 12:{int(sec) // 60:02d}:{sec % 60:09.6f}123 ProcessGroupNCCL.cpp:{src}] {msg}"


case(
    "v0510_cp_allgather_nccl_watchdog_timeout",
    "0.5.10.post1",
    "sglang-0.5.10.post1 dp_attention / parallel_state.py:1845 (attn_cp group), utils/watchdog.py:215-221 (SubprocessWatchdog), tokenizer_manager.py:2559-2568; torch 2.9.1 ProcessGroupNCCL watchdog text",
    "nccl_or_distributed",
    "round-robin CP after ready: one rank never joins the attn_cp all-gather of a long prefill; with --dist-timeout 120 the NCCL watchdog aborts the rank and the launcher tears down",
    join(
        LAUNCH_WARN0510,
        CP_WARN,
        dsa_startup0510(
            at,
            "deepseek-ai/DeepSeek-V3.2",
            "ATTN_CP0 TP0",
            weights_gb=90.88,
            avail_after=45.63,
            tokens=330048,
            kv_gb=21.67,
            pool_avail=21.04,
            argv=dict(CP_ARGV, dist_timeout=120),
        ),
        f"{at(320, 'ATTN_CP0 TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=21.01 GB",
        f"{at(372, 'ATTN_CP0 TP0')} Capture cuda graph end. Time elapsed: 51.88 s. mem usage=1.62 GB. avail mem=19.39 GB.",
        f"{at(373, 'ATTN_CP0 TP0')} max_total_num_tokens=330048, chunked_prefill_size=16384, max_prefill_tokens=16384, max_running_requests=1024, context_len=163840, available_gpu_mem=19.39 GB",
        *uvicorn(at, 380, 3301),
        f"{at(382, 'ATTN_CP0 TP0')} Prefill batch, #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, cuda graph: False, input throughput (token/s): 0.00",
        f'{at(383)} INFO:     127.0.0.1:40212 - "POST /generate HTTP/1.1" 200 OK',
        f"{at(383)} The server is fired up and ready to roll!",
        f"{at(905, 'ATTN_CP0 TP0')} Prefill batch, #new-seq: 1, #new-token: 16384, #cached-token: 0, token usage: 0.05, #running-req: 0, #queue-req: 0, cuda graph: False, input throughput (token/s): 41207.33",
        f"{at(906, 'ATTN_CP0 TP0')} Prefill batch, #new-seq: 1, #new-token: 16384, #cached-token: 0, token usage: 0.10, #running-req: 0, #queue-req: 2, cuda graph: False, input throughput (token/s): 39982.17",
        nccl_line(
            5,
            1027.51,
            "688",
            "[Rank 5] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=18344, OpType=_ALLGATHER_BASE, NumelIn=9437184, NumelOut=75497472, Timeout(ms)=120000) ran for 120081 milliseconds before timing out.",
        ),
        nccl_line(
            5,
            1027.52,
            "2274",
            "[PG ID 4 PG GUID 21(attn_cp) Rank 5]  failure detected by watchdog at work sequence id: 18344 PG status: last enqueued work: 18345, last completed work: 18343",
        ),
        nccl_line(
            5,
            1027.52,
            "732",
            "Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value.",
        ),
        nccl_line(5, 1027.52, "2106", "[PG ID 4 PG GUID 21(attn_cp) Rank 5] First PG on this rank to signal dumping."),
        nccl_line(
            5,
            1028.71,
            "2293",
            "[PG ID 4 PG GUID 21(attn_cp) Rank 5] To avoid data inconsistency, we are taking the entire process down.",
        ),
        nccl_line(
            5,
            1028.71,
            "2129",
            "[PG ID 4 PG GUID 21(attn_cp) Rank 5] Process group watchdog thread terminated with exception: [Rank 5] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=18344, OpType=_ALLGATHER_BASE, NumelIn=9437184, NumelOut=75497472, Timeout(ms)=120000) ran for 120081 milliseconds before timing out.",
            sev="F",
        ),
        "Fatal Python error: Aborted",
        "",
        "Thread 0x00007f4b6dfff640 (most recent call first):",
        '  File "/usr/lib/python3.12/threading.py", line 359 in wait',
        '  File "/usr/lib/python3.12/threading.py", line 655 in wait',
        "",
        f"{at(1029)} Subprocess scheduler_5 (pid=3318) crashed with exit code -6. Triggering SIGQUIT for cleanup...",
        f"{at(1029)} {SIGQUIT_RUNNING}",
    ),
)

at = clock("2025-11-24 09:12:00")
case(
    "v055_two_node_tcpstore_timeout_dp_attention",
    "0.5.5",
    "sglang-0.5.5 model_runner.py:309/633, parallel_state.py:1503; torch 2.8 c10d socket.cpp / rendezvous.py text ('The client socket has timed out after 600000ms while trying to connect to')",
    "nccl_or_distributed",
    "node 1 of a TP16 / DP-attention 16 V3.2 deployment cannot reach --dist-init-addr on node 0 (wrong interface); the TCPStore rendezvous times out",
    join(
        NSA_WARN055,
        "Setting KV cache dtype to bfloat16 for DeepSeek NSA.",
        NSA_ENV055,
        DP_CHUNK055,
        sargs(
            at(0),
            "/mnt/models/DeepSeek-V3.2",
            tp_size=16,
            dp_size=16,
            enable_dp_attention=True,
            nnodes=2,
            node_rank=1,
            dist_init_addr="10.20.0.11:5000",
            kv_cache_dtype="bfloat16",
            page_size=64,
        ),
        f"{at(8, 'DP8 TP8')} Init torch distributed begin.",
        f"{at(8, 'DP9 TP9')} Init torch distributed begin.",
        "[E1124 09:22:08.118201551 socket.cpp:1019] [c10d] The client socket has timed out after 600000ms while trying to connect to (10.20.0.11, 5000).",
        f"{at(608, 'DP8 TP8')} Scheduler hit an exception: {TB}",
        tb(
            PIP_SRT,
            *INIT055,
            ("model_executor/model_runner.py", 309, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
            ("model_executor/model_runner.py", 633, "init_torch_distributed", "init_distributed_environment("),
            (
                "distributed/parallel_state.py",
                1503,
                "init_distributed_environment",
                "torch.distributed.init_process_group(",
            ),
            ("+torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
            ("+torch/distributed/c10d_logger.py", 95, "wrapper", "func_return = func(*args, **kwargs)"),
            (
                "+torch/distributed/distributed_c10d.py",
                1710,
                "init_process_group",
                "store, rank, world_size = next(rendezvous_iterator)",
            ),
            ("+torch/distributed/rendezvous.py", 232, "_tcp_rendezvous_handler", "store = _create_c10d_store("),
            ("+torch/distributed/rendezvous.py", 200, "_create_c10d_store", "return TCPStore("),
        ),
        "torch.distributed.DistNetworkError: The client socket has timed out after 600000ms while trying to connect to (10.20.0.11, 5000).",
        "",
        dead055(at, 609),
    ),
)

at = clock("2026-02-27 17:45:00")
case(
    "v0510_pd_prefill_cp_mooncake_engine_init",
    "0.5.10.post1",
    "sglang-0.5.10.post1 model_runner.py:400/1062, distributed/device_communicators/mooncake_transfer_engine.py:116/199-200; in-seq-split CP warnings (server_args.py:1546/1563)",
    "nccl_or_distributed",
    "PD prefill server with in-seq-split CP: Mooncake's RDMA transfer engine fails to initialise before torch.distributed even starts",
    join(
        LAUNCH_WARN0510,
        DSA_THRESHOLD,
        "Context parallel feature is still under experiment. It has only been verified on Hopper platform.",
        "For in-seq split mode, we have the following restrictions: moe_dense_tp_size == 1, moe_a2a_backend == deepep, ep_size == tp_size, batch_size == 1",
        "Enable Context Parallel opt for deeeseekv3.2-DSA, Setting dp_size == 1 and moe_dense_tp_size == 1, ep_size == 8, tp_size == 8, kv_cache_dtype == auto, moe_a2a_backend deepep ",
        "Setting page size to 64 for DeepSeek DSA.",
        "Setting KV cache dtype to bfloat16 for DeepSeek DSA on SM9 device.",
        "Set NSA backends for bfloat16 KV Cache: prefill=flashmla_sparse, decode=fa3.",
        sargs(
            at(0),
            "deepseek-ai/DeepSeek-V3.2",
            disaggregation_mode="prefill",
            disaggregation_transfer_backend="mooncake",
            disaggregation_ib_device="mlx5_0,mlx5_1",
            tp_size=8,
            ep_size=8,
            moe_a2a_backend="deepep",
            enable_nsa_prefill_context_parallel=True,
            nsa_prefill_cp_mode="in-seq-split",
        ),
        f"{at(7, 'ATTN_CP0 TP0 EP0')} Mooncake Transfer Engine initialization failed.",
        f"{at(7, 'ATTN_CP0 TP0 EP0')} Scheduler hit an exception: {TB}",
        tb(
            DOCKER_SRT,
            *INIT0510,
            ("model_executor/model_runner.py", 400, "__init__", "self.init_shared_mooncake_transfer_engine()"),
            (
                "model_executor/model_runner.py",
                1062,
                "init_shared_mooncake_transfer_engine",
                "init_mooncake_transfer_engine(",
            ),
            (
                "distributed/device_communicators/mooncake_transfer_engine.py",
                278,
                "init_mooncake_transfer_engine",
                "_mooncake_transfer_engine = MooncakeTransferEngine(",
            ),
            ("distributed/device_communicators/mooncake_transfer_engine.py", 116, "__init__", "self.initialize("),
            (
                "distributed/device_communicators/mooncake_transfer_engine.py",
                200,
                "initialize",
                'raise RuntimeError("Mooncake Transfer Engine initialization failed.")',
            ),
        ),
        "RuntimeError: Mooncake Transfer Engine initialization failed.",
        "",
        f"{at(8)} {SIGQUIT_LAUNCH}",
    ),
)

at = clock("2026-03-05 07:00:00")
case(
    "v0510_cp_group_nccl_init_shm_exhausted",
    "0.5.10.post1",
    "sglang-0.5.10.post1 model_runner.py:403/964, parallel_state.py:1790/1411/356, pynccl.py:109, pynccl_wrapper.py:376/401 (`NCCL error: {error_str}`); NCCL misc/shmutils.cc WARN text",
    "nccl_or_distributed",
    "CP in a container with the default 64 MB /dev/shm: NCCL cannot create its shared-memory segment while SGLang builds its groups; pynccl reports unhandled system error",
    join(
        LAUNCH_WARN0510,
        CP_WARN,
        sargs(at(0), "deepseek-ai/DeepSeek-V3.2", **CP_ARGV),
        f"{at(6, 'ATTN_CP0 TP0')} Init torch distributed begin.",
        "dsv32-prefill-0:3318:3318 [5] misc/shmutils.cc:72 NCCL WARN Error: failed to extend /dev/shm/nccl-xK2aQ9 to 9637892 bytes, error: No space left on device (28)",
        "dsv32-prefill-0:3318:3318 [5] misc/shmutils.cc:113 NCCL WARN Error while creating shared memory segment /dev/shm/nccl-xK2aQ9 (size 9637888), error: No space left on device (28)",
        f"{at(9, 'ATTN_CP5 TP5')} Scheduler hit an exception: {TB}",
        tb(
            DOCKER_SRT,
            *INIT0510,
            (
                "model_executor/model_runner.py",
                403,
                "__init__",
                "pre_model_load_memory = self.init_torch_distributed()",
            ),
            ("model_executor/model_runner.py", 964, "init_torch_distributed", "initialize_model_parallel("),
            ("distributed/parallel_state.py", 1790, "initialize_model_parallel", "_TP = init_model_parallel_group("),
            ("distributed/parallel_state.py", 1411, "init_model_parallel_group", "return GroupCoordinator("),
            ("distributed/parallel_state.py", 356, "__init__", "self.pynccl_comm = PyNcclCommunicator("),
            (
                "distributed/device_communicators/pynccl.py",
                109,
                "__init__",
                "self.comm: ncclComm_t = self.nccl.ncclCommInitRank(",
            ),
            ("distributed/device_communicators/pynccl_wrapper.py", 401, "ncclCommInitRank", "self.NCCL_CHECK("),
            (
                "distributed/device_communicators/pynccl_wrapper.py",
                376,
                "NCCL_CHECK",
                'raise RuntimeError(f"NCCL error: {error_str}")',
            ),
        ),
        "RuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)",
        "",
        f"{at(9)} {SIGQUIT_LAUNCH}",
    ),
)

# ===================================================================================== CUDA faults after ready
at = clock("2025-10-22 06:05:00")
case(
    "v053_dp_attention_illegal_instruction_nccl_watchdog",
    "0.5.3",
    "sglang#11942 (V3.2-Exp, H200 TP8 DP8: 'Process group watchdog thread terminated with exception: CUDA error: an illegal instruction was encountered'); 0.5.3 'Prefill batch.' format; torch 2.8 c10 CUDA check text",
    "cuda_error_other",
    "a kernel fault in the sparse decode path after ready, surfacing through the NCCL watchdog thread of a DP-attention rank; the deciding event is the CUDA illegal instruction, not NCCL",
    join(
        f"{at(0)} The server is fired up and ready to roll!",
        f"{at(728, 'DP6 TP6')} Decode batch. #running-req: 33, #token: 270656, token usage: 0.88, cuda graph: True, gen throughput (token/s): 1208.73, #queue-req: 8, ",
        f"{at(730, 'DP6 TP6')} Prefill batch. #new-seq: 2, #new-token: 1024, #cached-token: 0, token usage: 0.90, #running-req: 35, #queue-req: 10, ",
        "[rank6]:[E1022 06:17:11.098574789 ProcessGroupNCCL.cpp:2068] [PG ID 2 PG GUID 3 Rank 6] Process group watchdog thread terminated with exception: CUDA error: an illegal instruction was encountered",
        CUDA_TAIL,
        "Exception raised from c10_cuda_check_implementation at /pytorch/c10/cuda/CUDAException.cpp:42 (most recent call first):",
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x98 (0x7f5b93d7e5e8 in /usr/local/lib/python3.12/dist-packages/torch/lib/libc10.so)",
        "frame #1: c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&) + 0xe0 (0x7f5b93d134a2 in /usr/local/lib/python3.12/dist-packages/torch/lib/libc10.so)",
        "frame #2: c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool) + 0x3c2 (0x7f5b9417b422 in /usr/local/lib/python3.12/dist-packages/torch/lib/libc10_cuda.so)",
        "frame #3: c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x56 (0x7f5b3d1c8456 in /usr/local/lib/python3.12/dist-packages/torch/lib/libtorch_cuda.so)",
        "",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        "  what():  [PG ID 2 PG GUID 3 Rank 6] Process group watchdog thread terminated with exception: CUDA error: an illegal instruction was encountered",
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
        "Fatal Python error: Aborted",
        "",
        "Thread 0x00007f4a1dfff640 (most recent call first):",
        '  File "/usr/lib/python3.12/threading.py", line 359 in wait',
    ),
)

at = clock("2026-03-09 20:00:00")
case(
    "v0510_trtllm_nsa_fp8_kv_illegal_memory_access_after_ready",
    "0.5.10.post1",
    "sglang#12893 (V3.2 FP4 on B200, fp8_e4m3 KV, DP attention + EAGLE: 'CUDA error: an illegal memory access was encountered'); sglang-0.5.10.post1 scheduler.py:1370/1340/2817, scheduler_output_processor_mixin.py:380, utils/watchdog.py:215, tokenizer_manager.py:2560; torch 2.9.1 AcceleratorError text",
    "cuda_error_other",
    "B200 with FP8 KV (trtllm NSA backends) and MTP: an illegal memory access in a decode step after ready, reported at the next sync",
    join(
        f"{at(0)} The server is fired up and ready to roll!",
        f"{at(3400, 'DP3 TP3')} Decode batch, #running-req: 41, #token: 198336, token usage: 0.31, accept len: 2.61, accept rate: 0.65, cuda graph: True, gen throughput (token/s): 1730.44, #queue-req: 0",
        f"{at(3401, 'DP3 TP3')} Scheduler hit an exception: {TB}",
        tb(
            DOCKER_SRT,
            ("managers/scheduler.py", 3616, "run_scheduler_process", "scheduler.run_event_loop()"),
            ("managers/scheduler.py", 1300, "run_event_loop", "dispatch_event_loop(self)"),
            ("managers/scheduler.py", 3497, "dispatch_event_loop", "scheduler.event_loop_overlap()"),
            *NOGRAD,
            ("managers/scheduler.py", 1370, "event_loop_overlap", "pop_and_process()"),
            ("managers/scheduler.py", 1340, "pop_and_process", "self.process_batch_result(tmp_batch, tmp_result)"),
            ("managers/scheduler.py", 2817, "process_batch_result", "self.process_batch_result_decode(batch, result)"),
            (
                "managers/scheduler_output_processor_mixin.py",
                380,
                "process_batch_result_decode",
                "result.copy_done.synchronize()",
            ),
            ("+torch/cuda/streams.py", 231, "synchronize", "super().synchronize()"),
        ),
        "torch.AcceleratorError: CUDA error: an illegal memory access was encountered",
        "Search for `cudaErrorIllegalAddress' in https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html for more information.",
        CUDA_TAIL,
        f"{at(1 + 3401)} Subprocess scheduler_0 (pid=1042) crashed with exit code -3. Triggering SIGQUIT for cleanup...",
        f"{at(3402)} {SIGQUIT_RUNNING}",
    ),
)

at = clock("2025-12-09 11:00:00")
case(
    "v055_fp8_kv_decode_device_side_assert",
    "0.5.5",
    "sglang#14691 (V3.2 with FP8 KV cache, an assert error after ready; that thread's own text is not reproduced here); sglang-0.5.5 scheduler.py:996/2090, scheduler_output_processor_mixin.py:288; torch ATen IndexKernel.cu device assert text",
    "cuda_error_other",
    "FP8 KV (flashmla_kv decode) on H200: out-of-range top-k indices trip a device-side assert in a gather during decode, reported at the next sync; a runtime CUDA fault",
    join(
        f"{at(0)} The server is fired up and ready to roll!",
        f"{at(922, 'DP1 TP1')} Decode batch, #running-req: 57, #token: 402368, token usage: 0.62, cuda graph: True, gen throughput (token/s): 2210.18, #queue-req: 0, ",
        '/pytorch/aten/src/ATen/native/cuda/IndexKernel.cu:111: operator(): block: [37,0,0], thread: [96,0,0] Assertion `-sizes[i] <= index && index < sizes[i] && "index out of bounds"` failed.',
        '/pytorch/aten/src/ATen/native/cuda/IndexKernel.cu:111: operator(): block: [37,0,0], thread: [97,0,0] Assertion `-sizes[i] <= index && index < sizes[i] && "index out of bounds"` failed.',
        f"{at(923, 'DP1 TP1')} Scheduler hit an exception: {TB}",
        tb(
            PIP_SRT,
            ("managers/scheduler.py", 2826, "run_scheduler_process", "scheduler.event_loop_overlap()"),
            *NOGRAD,
            ("managers/scheduler.py", 996, "event_loop_overlap", "self.process_batch_result(tmp_batch, tmp_result)"),
            ("managers/scheduler.py", 2090, "process_batch_result", "self.process_batch_result_decode(batch, result)"),
            (
                "managers/scheduler_output_processor_mixin.py",
                288,
                "process_batch_result_decode",
                "result.copy_done.synchronize()",
            ),
            ("+torch/cuda/streams.py", 229, "synchronize", "super().synchronize()"),
        ),
        "torch.AcceleratorError: CUDA error: device-side assert triggered",
        CUDA_TAIL,
    ),
)

# ================================================================================================= healthy contrasts
at = clock("2025-12-01 15:00:00")
case(
    "healthy_v055_nsa_warnings_deepgemm_nvcc_banner",
    "0.5.5",
    "sglang-0.5.5 server_args.py:1061-1113 (NSA warnings, print_nsa_bool_env_vars), compile_utils.py:91-104 (pre-compile banner); DeepGEMM 'Warning: please use at least NVCC 12.9' as in sglang#11308",
    "healthy",
    "8x H200 V3.2: every NSA default announced as a warning, DeepGEMM JIT pre-compile banner and NVCC warnings, then fired up and serving",
    join(
        NSA_WARN055,
        "Setting KV cache dtype to bfloat16 for DeepSeek NSA.",
        NSA_ENV055,
        DP_CHUNK055,
        sargs(
            at(0),
            "deepseek-ai/DeepSeek-V3.2-Exp",
            tp_size=8,
            dp_size=8,
            enable_dp_attention=True,
            kv_cache_dtype="bfloat16",
            page_size=64,
            attention_backend="nsa",
            nsa_prefill_backend="flashmla_sparse",
            nsa_decode_backend="fa3",
        ),
        f"{at(9, 'DP0 TP0')} Init torch distributed begin.",
        f"{at(12, 'DP0 TP0')} Init torch distributed ends. mem usage=1.19 GB",
        f"{at(12, 'DP0 TP0')} Load weight begin. avail mem=138.27 GB",
        f"{at(166, 'DP0 TP0')} Load weight end. type=DeepseekV32ForCausalLM, dtype=torch.bfloat16, avail mem=47.61 GB, mem usage=90.66 GB.",
        f"{at(167, 'DP0 TP0')} KV Cache is allocated. #tokens: 356352, KV size: 23.40 GB",
        f"{at(167, 'DP0 TP0')} Memory pool end. avail mem=21.65 GB",
        f"{at(171, 'DP0 TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=21.60 GB",
        f"{at(171, 'DP0 TP0')} Capture cuda graph bs [1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64]",
        "Capturing batches (bs=64 avail_mem=21.49 GB):   0%|          | 0/12 [00:00<?, ?it/s]",
        f"{at(172, 'DP0 TP0')} Entering DeepGEMM JIT Pre-Compile session. It may take a long time (typically 10-20 mins) if you have not run `sglang.compile_deep_gemm`. It is recommended to run `sglang.compile_deep_gemm` with same args as `sglang.launch_server` for pre-compilation to reduce the overhead if you have not run it before. For example: `python3 -m sglang.compile_deep_gemm --model deepseek-ai/DeepSeek-V3 --tp 8 --trust-remote-code`",
        f"{at(172, 'DP0 TP0')} Try DeepGEMM JIT Compiling for <GEMM_NT_F8F8BF16> N=2112, K=7168, num_groups=1 with all Ms. It only takes a little time (typically 1 sec) if you have run `python3 -m sglang.compile_deep_gemm`. ",
        "Warning: please use at least NVCC 12.9 for the best DeepGEMM performance",
        "Warning: please use at least NVCC 12.9 for the best DeepGEMM performance",
        "Warning: please use at least NVCC 12.9 for the best DeepGEMM performance",
        "DeepGEMM warmup: 100%|██████████| 16384/16384 [00:41<00:00, 397.21it/s]",
        "Capturing batches (bs=1 avail_mem=19.80 GB): 100%|██████████| 12/12 [04:10<00:00, 20.88s/it]",
        READY055,
        f'{at(440)} INFO:     10.12.3.41:50210 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f"{at(441, 'DP3 TP3')} Prefill batch, #new-seq: 1, #new-token: 1734, #cached-token: 0, token usage: 0.01, #running-req: 0, #queue-req: 0, ",
        f"{at(444, 'DP3 TP3')} Decode batch, #running-req: 1, #token: 1792, token usage: 0.01, cuda graph: True, gen throughput (token/s): 38.12, #queue-req: 0, ",
    ),
)

at = clock("2026-02-18 14:00:00")
case(
    "healthy_v0510_fused_metadata_fallback_and_retraction",
    "0.5.10.post1",
    "sglang-0.5.10.post1 nsa_backend.py:1190-1197 (prints 'Warning: Fused metadata copy kernel not available, falling back to individual copies.' on replay), scheduler.py:2595-2605 (retraction warning), scheduler_metrics_mixin.py:608",
    "healthy",
    "ready V3.2 server on an sglang-kernel without the fused NSA metadata op: the fallback print on every replay, then KV-full retractions at token usage 0.99-1.00; it keeps serving",
    join(
        LAUNCH_WARN0510,
        DSA_THRESHOLD,
        "DSA with TP mode is active, dp_size=1, tp_size=8, attn_tp_size=8, attention weights will be sharded across 8 ranks.",
        "Setting page size to 64 for DeepSeek DSA.",
        "Setting KV cache dtype to bfloat16 for DeepSeek DSA on SM9 device.",
        "Set NSA backends for bfloat16 KV Cache: prefill=flashmla_sparse, decode=fa3.",
        dsa_startup0510(
            at,
            "deepseek-ai/DeepSeek-V3.2",
            "TP0",
            weights_gb=82.64,
            avail_after=53.87,
            tokens=418368,
            kv_gb=27.47,
            pool_avail=22.18,
            argv=dict(tp_size=8, kv_cache_dtype="bfloat16", page_size=64),
        ),
        f"{at(321, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=22.15 GB",
        f"{at(379, 'TP0')} Capture cuda graph end. Time elapsed: 57.92 s. mem usage=2.11 GB. avail mem=20.04 GB.",
        f"{at(380, 'TP0')} max_total_num_tokens=418368, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=2048, context_len=163840, available_gpu_mem=20.04 GB",
        *uvicorn(at, 386, 2904),
        f"{at(388, 'TP0')} Prefill batch, #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, cuda graph: False, input throughput (token/s): 0.00",
        "Warning: Fused metadata copy kernel not available, falling back to individual copies.",
        f'{at(389)} INFO:     127.0.0.1:41870 - "POST /generate HTTP/1.1" 200 OK',
        f"{at(389)} The server is fired up and ready to roll!",
        "Warning: Fused metadata copy kernel not available, falling back to individual copies.",
        f"{at(1210, 'TP0')} Decode batch, #running-req: 214, #token: 414336, token usage: 0.99, cuda graph: True, gen throughput (token/s): 3982.41, #queue-req: 37",
        f"{at(1212, 'TP0')} KV cache pool is full. Retract requests. #retracted_reqs: 2, #new_tokens_gained: 13824, #new_token_ratio: 0.4193 -> 0.6128",
        "Warning: Fused metadata copy kernel not available, falling back to individual copies.",
        f"{at(1216, 'TP0')} Decode batch, #running-req: 212, #token: 418304, token usage: 1.00, cuda graph: True, gen throughput (token/s): 3871.09, #queue-req: 39",
        f'{at(1217)} INFO:     10.0.4.17:60112 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f"{at(1219, 'TP0')} KV cache pool is full. Retract requests. #retracted_reqs: 1, #new_tokens_gained: 7040, #new_token_ratio: 0.5931 -> 0.6602",
        f"{at(1224, 'TP0')} Decode batch, #running-req: 208, #token: 409920, token usage: 0.98, cuda graph: True, gen throughput (token/s): 3905.55, #queue-req: 41",
    ),
)

at = clock("2026-03-03 16:00:00")
case(
    "healthy_v0510_cp_experimental_and_tool_call_parse_errors",
    "0.5.10.post1",
    "sglang-0.5.10.post1 server_args.py:1542-1572 (CP warnings), function_call/deepseekv32_detector.py:345 (`Error in parse_streaming_increment: {e}`), base_format_detector.py:80 (`Model attempted to call undefined function`)",
    "healthy",
    "round-robin CP server that fired up and serves; the tool-call parser logs errors at error level for malformed model output, the request still returns 200",
    join(
        LAUNCH_WARN0510,
        CP_WARN,
        dsa_startup0510(
            at,
            "deepseek-ai/DeepSeek-V3.2",
            "ATTN_CP0 TP0",
            weights_gb=90.88,
            avail_after=45.63,
            tokens=330048,
            kv_gb=21.67,
            pool_avail=21.04,
            argv=dict(CP_ARGV, tool_call_parser="deepseekv32", reasoning_parser="deepseek-v3"),
        ),
        f"{at(320, 'ATTN_CP0 TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=21.01 GB",
        f"{at(372, 'ATTN_CP0 TP0')} Capture cuda graph end. Time elapsed: 51.88 s. mem usage=1.62 GB. avail mem=19.39 GB.",
        *uvicorn(at, 380, 3301),
        f"{at(383)} The server is fired up and ready to roll!",
        f"{at(702, 'ATTN_CP0 TP0')} Prefill batch, #new-seq: 1, #new-token: 3912, #cached-token: 0, token usage: 0.01, #running-req: 0, #queue-req: 0, cuda graph: False, input throughput (token/s): 11847.20",
        f"{at(705)} Error in parse_streaming_increment: Expecting ',' delimiter: line 1 column 88 (char 87)",
        f"{at(706)} Model attempted to call undefined function: get_current_weather",
        f'{at(707)} INFO:     10.0.8.21:44120 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f"{at(710, 'ATTN_CP0 TP0')} Decode batch, #running-req: 1, #token: 4160, token usage: 0.01, cuda graph: True, gen throughput (token/s): 61.08, #queue-req: 0",
    ),
)

at = clock("2025-10-16 09:00:00")
case(
    "healthy_v053_decode_retraction_token_usage_full",
    "0.5.3",
    "sglang-0.5.3 scheduler.py:2016-2019 (retraction with #aborted_retracted_reqs), scheduler_metrics_mixin.py:112/215 ('Prefill batch.' / 'Decode batch.'), launch_server.py MOVE_ENVS_WARN banner",
    "healthy",
    "0.5.3 V3.2-Exp under a burst: the contributors' banner, forced NSA settings, then decode retraction at token usage 1.00 with a long queue; pressure, not failure",
    join(
        NSA_WARN053,
        MOVE_ENVS_WARN,
        sargs(
            at(0),
            "deepseek-ai/DeepSeek-V3.2-Exp",
            tp_size=8,
            dp_size=8,
            enable_dp_attention=True,
            mem_fraction_static=0.8,
            page_size=64,
            attention_backend="nsa",
            nsa_prefill="flashmla_prefill",
            nsa_decode="fa3",
        ),
        f"{at(10, 'DP0 TP0')} Init torch distributed begin.",
        f"{at(13, 'DP0 TP0')} Init torch distributed ends. mem usage=1.21 GB",
        f"{at(13, 'DP0 TP0')} Load weight begin. avail mem=138.25 GB",
        f"{at(190, 'DP0 TP0')} Load weight end. type=DeepseekV32ForCausalLM, dtype=torch.bfloat16, avail mem=47.83 GB, mem usage=90.42 GB.",
        f"{at(191, 'DP0 TP0')} KV Cache is allocated. #tokens: 355968, KV size: 23.38 GB",
        f"{at(191, 'DP0 TP0')} Memory pool end. avail mem=20.97 GB",
        f"{at(193, 'DP0 TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=20.95 GB",
        f"{at(251, 'DP0 TP0')} Capture cuda graph end. Time elapsed: 58.03 s. mem usage=1.71 GB. avail mem=19.24 GB.",
        f"{at(252, 'DP0 TP0')} max_total_num_tokens=355968, chunked_prefill_size=2048, max_prefill_tokens=16384, max_running_requests=2048, context_len=163840, available_gpu_mem=19.24 GB",
        *uvicorn(at, 258, 7702),
        f"{at(260)} The server is fired up and ready to roll!",
        f"{at(1802, 'DP2 TP2')} Prefill batch. #new-seq: 4, #new-token: 2048, #cached-token: 512, token usage: 0.97, #running-req: 208, #queue-req: 181, ",
        f"{at(1805, 'DP2 TP2')} Decode batch. #running-req: 212, #token: 355968, token usage: 1.00, cuda graph: True, gen throughput (token/s): 4120.55, #queue-req: 188, ",
        f"{at(1805, 'DP2 TP2')} KV cache pool is full. Retract requests. #retracted_reqs: 6, #aborted_retracted_reqs: 0, #new_token_ratio: 0.3471 -> 0.5104",
        f"{at(1811, 'DP2 TP2')} Decode batch. #running-req: 206, #token: 349824, token usage: 0.98, cuda graph: True, gen throughput (token/s): 4087.92, #queue-req: 194, ",
        f'{at(1812)} INFO:     10.1.0.9:38112 - "POST /v1/completions HTTP/1.1" 200 OK',
    ),
)


# ----------------------------------------------------------------------------------------------------------- tests
XFAIL: dict[str, str] = {  # filled after the ONE first-sight run: case -> label the classifier gave
    "v055_capture_oom_in_indexer_paged_logits": "oom_moe_workspace",
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_sparseattn_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


EVENT_XFAIL: dict[str, str] = {}  # healthy cases that fire a failure event on the way: case -> event label


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_sparseattn_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35

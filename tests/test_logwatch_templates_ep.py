"""Expert-parallel MoE serving in SGLang 0.4.6.post5-0.5.10.post1, as it shows in the log (a helper, blind).

Scope: `--enable-ep-moe` / `--ep-size`, DeepEP (`--enable-deepep-moe` in 0.4.x, `--moe-a2a-backend deepep` in 0.5.x;
normal and low-latency modes, its NVL/RDMA buffers created lazily on the first dispatch, NVSHMEM set-up,
`SGLANG_DEEPEP_NUM_MAX_DISPATCH_TOKENS_PER_RANK`), EPLB (`--enable-eplb`, the expert distribution recorder,
`--init-expert-location`, redundant experts), DP attention with EP, DeepGEMM grouped GEMMs and their JIT warm-up, the
MoE runner backends (triton, triton_kernel, flashinfer cutlass/trtllm) and the fused-MoE tuned config files (the
missing-config warning vs. a config file that cannot be read).

Sources: each message is read in the named release's wheel (`pip download --no-deps sglang==V`; file:line under
sglang/srt/ of that release; the call paths' line numbers are that release's) or in the library that prints it:
DeepEP's `csrc/kernels/exception.cuh` (`Failed: CUDA error <file>:<line> '<cudaGetErrorString>'`, `Failed: Assertion
error ...`) and `csrc/deep_ep.cpp` (`DeepEP error: CPU recv timeout`), torch's CUDA OOM text, NVSHMEM's init errors as
printed in sgl-project/sglang#6017; or the public thread cited (sglang#9664 / DeepEP#165 for the
`num_max_dispatch_tokens_per_rank` assertion in capture, sglang#19033 / DeepEP#584 for the partial-P2P peer-access
failure). Format fields are filled with plausible values; DeepEP's deep_ep.cpp / buffer.py line numbers and torch /
Python-stdlib frame lines are approximate (they move between DeepEP commits).

Labelling policy (decided before the classifier ran, by /work/shared/corpus/README.md and, where ambiguous, by the
remedy a supervisor should apply): an argument combination SGLang or DeepEP refuses (server-args asserts, the
DeepEP dispatch-token cap, a capture batch larger than the DeepEP low-latency buffer was sized for, a missing DeepEP
package, an unreadable `--init-expert-location` or tuned MoE config file) is `config_error`: the fix is a flag or env
change, never memory. An OOM while allocating a DeepEP buffer or DeepGEMM's JIT warm-up buffers is
`oom_moe_workspace` even when it surfaces inside `Capture cuda graph failed:` or during the server's warm-up request;
a plain torch OOM in an EP MoE layer's activations during capture is `oom_cuda_graph`; expert weights that do not fit
at this EP/TP size while the model is built is `oom_weights`; an EPLB rebalance that OOMs while serving is
`oom_runtime` (after ready; EPLB's temp buffers move weights, they are no kernel workspace). NVSHMEM transport set-up
failures and DeepEP's CPU recv timeout (a peer rank never answered) are `nccl_or_distributed`; a CUDA runtime error
from DeepEP's IPC set-up (peer access unsupported) or an illegal memory access in a replayed graph is
`cuda_error_other`.

First sight: 25/29 (4 misses, strict xfails below; healthy contrasts 5/5 end `healthy` and fire no failure event):
- deepep_low_latency_capture_exceeds_dispatch_tokens: config_error expected, got oom_moe_workspace (rule
  oom.capture_failed) on `Exception: Capture cuda graph failed: Failed: Assertion error .../deep_ep.cpp:1105
  'x.size(0) == topk_idx.size(0) and x.size(0) <= num_max_dispatch_tokens_per_rank'`: a non-memory assertion wrapped
  in the capture failure is taken for memory.
- ep_moe_activation_oom_in_capture: oom_cuda_graph expected, got oom_moe_workspace on a plain torch OOM inside
  `Capture cuda graph failed:` whose stack passes through layers/moe/ep_moe/layer.py (activations, not a workspace).
- tuned_moe_config_file_truncated: config_error expected, got cuda_error_other on `json.decoder.JSONDecodeError:
  Expecting property name ...` raised from fused_moe_triton_config.get_moe_configs during capture.
- deepep_ipc_peer_access_unsupported: cuda_error_other expected, got nccl_or_distributed (rule
  distributed.peer_access) on `RuntimeError: Failed: CUDA error .../deep_ep.cpp:200 'peer access is not supported
  between these two devices'` (a judgement call: see the case's `why`).
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
DEEPEP_SRC = "/sgl-workspace/DeepEP/csrc"
RUNPY310 = (
    ("/usr/lib/python3.10/runpy.py", 196, "_run_module_as_main", "return _run_code(code, main_globals, None,"),
    ("/usr/lib/python3.10/runpy.py", 86, "_run_code", "exec(code, run_globals)"),
)
RUNPY312 = (
    ("<frozen runpy>", 198, "_run_module_as_main", ""),
    ("<frozen runpy>", 88, "_run_code", ""),
)


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


def ranks(second: int, text: str, tags: list[str]) -> list[str]:
    return [f"{ts(second, t)} {text}" for t in tags]


def ready(second: int, port: int = 30000, pid: int = 5120) -> list[str]:
    return [
        f"{ts(second)} INFO:     Started server process [{pid}]",
        f"{ts(second)} INFO:     Waiting for application startup.",
        f"{ts(second)} INFO:     Application startup complete.",
        f"{ts(second)} INFO:     Uvicorn running on http://0.0.0.0:{port} (Press CTRL+C to quit)",
        f'{ts(second + 1)} INFO:     127.0.0.1:51012 - "GET /get_model_info HTTP/1.1" 200 OK',
    ]


def fired(second: int) -> list[str]:
    return [
        f'{ts(second)} INFO:     127.0.0.1:51020 - "POST /generate HTTP/1.1" 200 OK',
        f"{ts(second)} The server is fired up and ready to roll!",
    ]


def sigquit(second: int) -> str:
    return f"{ts(second)} Received sigquit from a child process. It usually means the child failed."


TORCH_OOM = (
    "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {req}. GPU {gpu} has a total capacity of {cap} of "
    "which {free} is free. Including non-PyTorch memory, this process has {used} memory in use. Of the allocated memory "
    "{alloc} is allocated by PyTorch, {pool}and {unalloc} is reserved by PyTorch but unallocated. If reserved but "
    "unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  "
    "See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
)
CAPTURE_HINT = (
    "Possible solutions:\n"
    "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
    "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n"
    "3. disable torch compile by not using --enable-torch-compile\n"
    "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\n"
    "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose \n"
)
CHAINED = "\nDuring handling of the above exception, another exception occurred:\n"
CUDA_ASYNC = (
    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n"
)

# -- 0.4.6.post5 (python3.10): the launcher's argument checks
ARGS_046 = RUNPY310 + (
    (f"{PY310}/sglang/launch_server.py", 11, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
    ("server_args.py", 1483, "prepare_server_args", "server_args = ServerArgs.from_cli_args(raw_args)"),
    ("server_args.py", 1426, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
    ("<string>", 143, "__init__", ""),
)
LAUNCH_046 = RUNPY310 + (
    (f"{PY310}/sglang/launch_server.py", 14, "<module>", "launch_server(server_args)"),
    (
        "entrypoints/http_server.py",
        743,
        "launch_server",
        "tokenizer_manager, scheduler_info = _launch_subprocesses(server_args=server_args)",
    ),
    ("entrypoints/engine.py", 664, "_launch_subprocesses", "data = scheduler_pipe_readers[i].recv()"),
    ("/usr/lib/python3.10/multiprocessing/connection.py", 250, "recv", "buf = self._recv_bytes()"),
    ("/usr/lib/python3.10/multiprocessing/connection.py", 414, "_recv_bytes", "buf = self._recv(4)"),
    ("/usr/lib/python3.10/multiprocessing/connection.py", 383, "_recv", "raise EOFError"),
)

# -- 0.4.9.post2 (python3.10): scheduler -> model runner, Qwen3-MoE with EPMoE
SCHED_049 = (
    (
        "managers/scheduler.py",
        2753,
        "run_scheduler_process",
        "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
    ),
    ("managers/scheduler.py", 339, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 66, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 81, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 233, "__init__", "self.initialize(min_per_gpu_memory)"),
)
BUILD_QWEN3_049 = SCHED_049 + (
    ("model_executor/model_runner.py", 276, "initialize", "self.load_model()"),
    ("model_executor/model_runner.py", 616, "load_model", "self.model = get_model("),
    ("model_loader/__init__.py", 22, "get_model", "return loader.load_model("),
    ("model_loader/loader.py", 432, "load_model", "model = _initialize_model("),
    ("model_loader/loader.py", 174, "_initialize_model", "return model_class("),
    ("models/qwen3_moe.py", 707, "__init__", "self.model = Qwen3MoeModel("),
    ("models/qwen3_moe.py", 685, "__init__", "super().__init__("),
    ("models/qwen2_moe.py", 425, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
    ("utils.py", 526, "make_layers", "maybe_offload_to_cpu(layer_fn(idx=idx, prefix=add_prefix(idx, prefix)))"),
    ("models/qwen2_moe.py", 427, "<lambda>", "lambda idx, prefix: decoder_layer_type("),
    ("models/qwen3_moe.py", 563, "__init__", "self.mlp = Qwen3MoeSparseMoeBlock("),
    ("models/qwen3_moe.py", 105, "__init__", "self.experts = get_moe_impl_class()("),
    ("layers/moe/ep_moe/layer.py", 250, "__init__", "self.quant_method.create_weights("),
    ("layers/moe/ep_moe/layer.py", 920, "create_weights", "torch.empty("),
    ("+torch/utils/_device.py", 104, "__torch_function__", "return func(*args, **kwargs)"),
)
CAPTURE_QWEN3_049 = SCHED_049 + (
    ("model_executor/model_runner.py", 314, "initialize", "self.init_cuda_graphs()"),
    ("model_executor/model_runner.py", 1373, "init_cuda_graphs", "self.cuda_graph_runner = CudaGraphRunner(self)"),
    ("model_executor/cuda_graph_runner.py", 336, "__init__", "self.capture()"),
    ("model_executor/cuda_graph_runner.py", 436, "capture", ") = self.capture_one_batch_size(bs, forward)"),
    ("model_executor/cuda_graph_runner.py", 587, "capture_one_batch_size", "run_once()"),
    ("model_executor/cuda_graph_runner.py", 575, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
    ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
    ("models/qwen3_moe.py", 729, "forward", "hidden_states = self.model("),
    ("models/qwen2_moe.py", 486, "forward", "hidden_states, residual = layer("),
    ("models/qwen3_moe.py", 611, "forward", "hidden_states = self.mlp(hidden_states, forward_batch)"),
    ("models/qwen3_moe.py", 166, "forward", "return self.forward_normal(hidden_states)"),
    ("models/qwen3_moe.py", 183, "forward_normal", "final_hidden_states = self.experts("),
    ("layers/moe/ep_moe/layer.py", 321, "forward", "return self.forward_normal(hidden_states, router_logits)"),
    ("layers/moe/ep_moe/layer.py", 553, "forward_normal", "gateup_input = torch.empty("),
)

# -- 0.5.2 (python3.12): scheduler -> model runner, DeepSeek-V3 with DeepEPMoE
SCHED_052 = (
    ("managers/scheduler.py", 2587, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 329, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 71, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 93, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 250, "__init__", "self.initialize(min_per_gpu_memory)"),
)
BUILD_052 = SCHED_052 + (
    ("model_executor/model_runner.py", 296, "initialize", "self.load_model()"),
    ("model_executor/model_runner.py", 735, "load_model", "self.model = get_model("),
    ("model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
    ("model_loader/loader.py", 477, "load_model", "model = _initialize_model("),
    ("model_loader/loader.py", 219, "_initialize_model", "return model_class("),
)
BUILD_DSV3_MOE_052 = BUILD_052 + (
    ("models/deepseek_v2.py", 2375, "__init__", "self.model = DeepseekV2Model("),
    ("models/deepseek_v2.py", 2183, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
    ("utils.py", 499, "make_layers", "layer_fn(idx=idx, prefix=add_prefix(idx, prefix))"),
    ("models/deepseek_v2.py", 2185, "<lambda>", "lambda idx, prefix: DeepseekV2DecoderLayer("),
    ("models/deepseek_v2.py", 1972, "__init__", "self.mlp = DeepseekV2MoE("),
    ("models/deepseek_v2.py", 362, "__init__", "self.experts = get_moe_impl_class(quant_config)("),
    ("layers/moe/ep_moe/layer.py", 366, "__init__", "self.deepep_dispatcher = MaybeTboDeepEPDispatcher("),
    ("two_batch_overlap.py", 967, "__init__", "DeepEPDispatcher(**kwargs) for _ in range(num_inner_dispatchers)"),
)
CAPTURE_052 = SCHED_052 + (
    ("model_executor/model_runner.py", 386, "initialize", "self.init_device_graphs()"),
    (
        "model_executor/model_runner.py",
        1761,
        "init_device_graphs",
        "self.graph_runner = graph_runners[self.device](self)",
    ),
    ("model_executor/cuda_graph_runner.py", 389, "__init__", "self.capture()"),
)
CAPTURE_INNER_052 = (
    ("model_executor/cuda_graph_runner.py", 497, "capture", ") = self.capture_one_batch_size(bs, forward)"),
    ("model_executor/cuda_graph_runner.py", 668, "capture_one_batch_size", "run_once()"),
    ("model_executor/cuda_graph_runner.py", 657, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
    ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
)
DSV3_TO_DEEPEP_052 = (
    ("models/deepseek_v2.py", 2444, "forward", "hidden_states = self.model("),
    ("models/deepseek_v2.py", 2308, "forward", "hidden_states, residual = layer("),
    ("models/deepseek_v2.py", 2069, "forward", "hidden_states = self.mlp("),
    ("models/deepseek_v2.py", 506, "forward", "return self.forward_deepep(hidden_states, forward_batch)"),
    ("models/deepseek_v2.py", 667, "forward_deepep", "final_hidden_states = self.experts("),
)
DISPATCH_052 = (
    ("layers/moe/ep_moe/layer.py", 422, "forward", "dispatch_output = self.dispatch("),
    ("layers/moe/ep_moe/layer.py", 441, "dispatch", "return self.deepep_dispatcher.dispatch("),
    ("two_batch_overlap.py", 974, "dispatch", 'return self._execute("dispatch", **kwargs)'),
    ("two_batch_overlap.py", 971, "_execute", "return getattr(self._inners[tbo_subbatch_index or 0], name)(**kwargs)"),
)
LL_DISPATCH_052 = DISPATCH_052 + (
    ("layers/moe/token_dispatcher/deepep.py", 668, "dispatch", "self.dispatch_a(*args, **kwargs)"),
    (
        "layers/moe/token_dispatcher/deepep.py",
        680,
        "dispatch_a",
        "inner_state = self._get_impl(forward_batch).dispatch_a(",
    ),
    (
        "layers/moe/token_dispatcher/deepep.py",
        508,
        "dispatch_a",
        "hidden_states, masked_m, event, hook = self._dispatch_core(",
    ),
)
NORMAL_DISPATCH_052 = DISPATCH_052 + (
    ("layers/moe/token_dispatcher/deepep.py", 669, "dispatch", "ret = self.dispatch_b()"),
    (
        "layers/moe/token_dispatcher/deepep.py",
        691,
        "dispatch_b",
        "return self._get_impl(forward_batch).dispatch_b(*inner_state)",
    ),
    (
        "layers/moe/token_dispatcher/deepep.py",
        346,
        "dispatch_b",
        ") = self._dispatch_core(hidden_states, topk_idx, topk_weights, previous_event)",
    ),
)
DEEPEP_NEW_BUFFER = (
    ("layers/moe/token_dispatcher/deepep.py", 189, "get_deepep_buffer", "cls._buffer = Buffer("),
    (
        "+deep_ep/buffer.py",
        88,
        "__init__",
        "self.runtime = deep_ep_cpp.Buffer(self.rank, self.group_size, num_nvl_bytes, num_rdma_bytes, low_latency_mode, explicitly_destroy)",
    ),
)
FORWARD_THREAD_052 = (
    ("managers/tp_worker_overlap_thread.py", 141, "forward_thread_func", "self.forward_thread_func_()"),
    ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
    ("managers/tp_worker_overlap_thread.py", 174, "forward_thread_func_", "self.worker.forward_batch_generation("),
    (
        "managers/tp_worker.py",
        251,
        "forward_batch_generation",
        "logits_output, can_run_cuda_graph = self.model_runner.forward(",
    ),
)
EXTEND_052 = FORWARD_THREAD_052 + (
    ("model_executor/model_runner.py", 1901, "forward", "output = self._forward_raw("),
    ("model_executor/model_runner.py", 1952, "_forward_raw", "ret = self.forward_extend("),
    ("model_executor/model_runner.py", 1846, "forward_extend", "return self.model.forward("),
    ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
)
LAUNCH_052 = RUNPY312 + (
    (f"{PY312}/sglang/launch_server.py", 11, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
    ("server_args.py", 2566, "prepare_server_args", "server_args = ServerArgs.from_cli_args(raw_args)"),
    ("server_args.py", 2230, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
    ("<string>", 279, "__init__", ""),
)

H200_OOM = {"cap": "139.81 GiB", "gpu": 0}


def startup_052(model: str = "deepseek-ai/DeepSeek-V3-0324", tags: list[str] | None = None, **kw: object) -> list[str]:
    """0.5.2 up to the end of the KV pool, TP8 EP8 with DeepEP on 8xH200 (all ranks' lines, rank 0 shown once)."""
    tags = tags or ["TP0 EP0"]
    fields = {
        "trust_remote_code": True,
        "mem_fraction_static": 0.82,
        "tp_size": 8,
        "ep_size": 8,
        "moe_a2a_backend": "deepep",
        "deepep_mode": "auto",
        **kw,
    }
    t = tags[0]
    return [
        "DeepEP MoE is enabled. The expert parallel size is adjusted to be the same as the tensor parallel size[8].",
        sargs(0, model, **fields),
        f"{ts(6, t)} Init torch distributed begin.",
        f"{ts(9, t)} Init torch distributed ends. mem usage=1.12 GB",
        f"{ts(10, t)} Load weight begin. avail mem=138.07 GB",
        f"{ts(95, t)} Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=57.40 GB, mem usage=80.67 GB.",
        f"{ts(96, t)} KV Cache is allocated. #tokens: 561920, KV size: 36.76 GB",
        f"{ts(96, t)} Memory pool end. avail mem=19.95 GB",
    ]


def capture_begin_052(second: int, t: str = "TP0 EP0", avail: str = "19.41") -> list[str]:
    return [
        f"{ts(second, t)} Capture cuda graph begin. This can take up to several minutes. avail mem={avail} GB",
        f"Capturing batches (bs=256 avail_mem={avail} GB):   0%|          | 0/36 [00:00<?, ?it/s]",
    ]


# ============================================================================================ argument checks
case(
    "deepep_auto_mode_refused_with_dp_attention",
    "0.4.6.post5",
    "sglang 0.4.6.post5 srt/server_args.py:348-350 (assert in __post_init__), :336 (the DP-attention warning printed first, before logging is configured)",
    "config_error",
    "DeepEP's default `auto` mode was refused with DP attention in 0.4.6: the fix is --deepep-mode low_latency/normal, a flag change",
    join(
        "DP attention is enabled. The chunked prefill size is adjusted to 1024 to avoid MoE kernel issues. ",
        TB,
        tb(PY310, *ARGS_046, ("server_args.py", 348, "__post_init__", "assert (")),
        "AssertionError: DeepEP MoE `auto` mode is not supported with DP Attention.",
    ),
)

case(
    "eplb_without_expert_parallelism",
    "0.5.2",
    "sglang 0.5.2 srt/server_args.py:691-692 (`if self.enable_eplb: assert self.ep_size > 1`, no message), :681-683 (the EPLB warning printed before it)",
    "config_error",
    "--enable-eplb without --ep-size > 1: a bare AssertionError in the argument checks, fixed by adding --ep-size (or dropping EPLB)",
    join(
        "EPLB is enabled. The expert_distribution_recorder_mode is automatically set.",
        TB,
        tb(PY312, *LAUNCH_052, ("server_args.py", 692, "__post_init__", "assert self.ep_size > 1")),
        "AssertionError",
    ),
)

case(
    "flashinfer_cutlass_moe_ep_size_mismatch",
    "0.5.2",
    "sglang 0.5.2 srt/server_args.py:651-659 (moe_runner_backend == 'flashinfer_cutlass')",
    "config_error",
    "flashinfer_cutlass MoE runner needs ep_size 1 or == tp_size; --tp 8 --ep 4 is refused before launch",
    join(
        TB,
        tb(PY312, *LAUNCH_052, ("server_args.py", 656, "__post_init__", "assert self.ep_size in [")),
        "AssertionError: The expert parallel size must be 1 or the same as the tensor parallel size",
    ),
)

case(
    "flashinfer_trtllm_moe_needs_fp4_or_fp8",
    "0.5.2",
    "sglang 0.5.2 srt/server_args.py:661-664 (moe_runner_backend == 'flashinfer_trtllm')",
    "config_error",
    "--moe-runner-backend flashinfer_trtllm on a bf16 checkpoint without --quantization: refused at the argument checks",
    join(
        TB,
        tb(PY312, *LAUNCH_052, ("server_args.py", 662, "__post_init__", "assert (")),
        "AssertionError: modelopt_fp4 quantization is required for Flashinfer TRTLLM MoE",
    ),
)

case(
    "moe_a2a_backend_unknown_choice",
    "0.5.2",
    "sglang 0.5.2 srt/server_args.py:1608-1613 (--moe-a2a-backend choices=['none', 'deepep']); argparse's usage/error lines",
    "config_error",
    "a recipe for a newer release passes --moe-a2a-backend mooncake; 0.5.2's parser knows only none/deepep (exit 2)",
    join(
        "usage: launch_server.py [-h] --model-path MODEL_PATH",
        "                        [--tokenizer-path TOKENIZER_PATH]",
        "                        [--ep-size EP_SIZE] [--moe-a2a-backend {none,deepep}]",
        "                        [--moe-runner-backend {auto,triton,triton_kernel,flashinfer_trtllm,flashinfer_cutlass,flashinfer_mxfp4}]",
        "                        [--deepep-mode {normal,low_latency,auto}]",
        "                        [--ep-num-redundant-experts EP_NUM_REDUNDANT_EXPERTS]",
        "launch_server.py: error: argument --moe-a2a-backend: invalid choice: 'mooncake' (choose from 'none', 'deepep')",
    ),
)

case(
    "gpt_oss_triton_kernel_moe_with_ep",
    "0.5.2",
    "sglang 0.5.2 srt/server_args.py:2475-2478 (model_specific_adjustments for GptOssForCausalLM), called at :535",
    "config_error",
    "GPT-OSS with --moe-runner-backend triton_kernel and --ep-size 4: the triton_kernels MoE path only supports ep_size 1",
    join(
        TB,
        tb(
            PY312,
            *LAUNCH_052,
            ("server_args.py", 535, "__post_init__", "self.model_specific_adjustments()"),
            ("server_args.py", 2476, "model_specific_adjustments", "assert ("),
        ),
        "AssertionError: Triton kernel MoE is only supported when ep_size == 1",
    ),
)

# ============================================================================================ scheduler: config
case(
    "deepep_package_missing",
    "0.5.2",
    "sglang 0.5.2 srt/layers/moe/token_dispatcher/deepep.py:28-38 (import deep_ep guarded), :262-266 (raise ImportError); call path read in that wheel",
    "config_error",
    "--moe-a2a-backend deepep on an image without deep_ep: the dispatcher refuses at model construction; install DeepEP or drop the flag",
    join(
        startup_052()[:5],
        f"{ts(11, 'TP0 EP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *BUILD_DSV3_MOE_052,
            (
                "layers/moe/token_dispatcher/deepep.py",
                660,
                "__init__",
                "self._normal_dispatcher = _DeepEPDispatcherImplNormal(",
            ),
            ("layers/moe/token_dispatcher/deepep.py", 315, "__init__", "super().__init__(**kwargs)"),
            ("layers/moe/token_dispatcher/deepep.py", 263, "__init__", "raise ImportError("),
        ),
        "ImportError: DeepEP is not installed. Please install DeepEP package from https://github.com/deepseek-ai/deepep.",
        "",
        sigquit(11),
    ),
)

case(
    "deepep_dispatch_tokens_env_over_1024",
    "0.5.2",
    "sglang 0.5.2 srt/layers/moe/token_dispatcher/deepep.py:278-283 (SGLANG_DEEPEP_NUM_MAX_DISPATCH_TOKENS_PER_RANK, `assert ... <= 1024`, no message)",
    "config_error",
    "SGLANG_DEEPEP_NUM_MAX_DISPATCH_TOKENS_PER_RANK=2048 exceeds DeepEP's FINISHED_SUM_TAG cap: a bare assert at model construction; fix the env var",
    join(
        startup_052()[:5],
        f"{ts(11, 'TP0 EP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *BUILD_DSV3_MOE_052,
            (
                "layers/moe/token_dispatcher/deepep.py",
                655,
                "__init__",
                "self._low_latency_dispatcher = _DeepEPDispatcherImplLowLatency(",
            ),
            ("layers/moe/token_dispatcher/deepep.py", 488, "__init__", "super().__init__(**kwargs)"),
            (
                "layers/moe/token_dispatcher/deepep.py",
                283,
                "__init__",
                "assert self.num_max_dispatch_tokens_per_rank <= 1024",
            ),
        ),
        "AssertionError",
        "",
        sigquit(11),
    ),
)

case(
    "eplb_iterations_smaller_than_recorder_buffer",
    "0.5.2",
    "sglang 0.5.2 srt/eplb/eplb_manager.py:27-30 (EPLBManager.__init__ assert), model_runner.py:288",
    "config_error",
    "--eplb-rebalance-num-iterations 500 with --expert-distribution-recorder-buffer-size 1000: EPLBManager refuses; a flag fix",
    join(
        startup_052(enable_eplb=True, eplb_rebalance_num_iterations=500, expert_distribution_recorder_buffer_size=1000)[
            :4
        ],
        f"{ts(10, 'TP0 EP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *SCHED_052,
            ("model_executor/model_runner.py", 288, "initialize", "EPLBManager(self)"),
            ("eplb/eplb_manager.py", 27, "__init__", "assert ("),
        ),
        "AssertionError: eplb_rebalance_num_iterations must be greater than expert_distribution_recorder_buffer_size",
        "",
        sigquit(10),
    ),
)

case(
    "init_expert_location_file_missing",
    "0.5.2",
    "sglang 0.5.2 srt/eplb/expert_location.py:437-447 (compute_initial_expert_location_metadata reads a .json path), model_runner.py:269",
    "config_error",
    "--init-expert-location points at a JSON dump that is not mounted in the container: FileNotFoundError before weights load",
    join(
        startup_052(init_expert_location="/data/eplb/attachment_ep_statistics.json", ep_num_redundant_experts=32)[:4],
        f"{ts(10, 'TP0 EP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *SCHED_052,
            (
                "model_executor/model_runner.py",
                269,
                "initialize",
                "compute_initial_expert_location_metadata(server_args, self.model_config)",
            ),
            (
                "eplb/expert_location.py",
                447,
                "compute_initial_expert_location_metadata",
                "data_dict = json.loads(Path(data).read_text())",
            ),
            (
                "/usr/lib/python3.12/pathlib.py",
                1029,
                "read_text",
                "with self.open(mode='r', encoding=encoding, errors=errors) as f:",
            ),
            (
                "/usr/lib/python3.12/pathlib.py",
                1015,
                "open",
                "return io.open(self, mode, buffering, encoding, errors, newline)",
            ),
        ),
        "FileNotFoundError: [Errno 2] No such file or directory: '/data/eplb/attachment_ep_statistics.json'",
        "",
        sigquit(10),
    ),
)

case(
    "num_experts_not_divisible_by_ep_size",
    "0.5.2",
    "sglang 0.5.2 srt/layers/moe/fused_moe_triton/layer.py:171 (`assert num_experts % self.moe_ep_size == 0`), ep_moe/layer.py:98, models/qwen2_moe.py:145",
    "config_error",
    "Qwen1.5-MoE-A2.7B has 60 routed experts; --tp 8 --ep-size 8 cannot split them: a bare assert, the fix is an EP size that divides 60",
    join(
        sargs(0, "Qwen/Qwen1.5-MoE-A2.7B", tp_size=8, ep_size=8, mem_fraction_static=0.85),
        f"{ts(5, 'TP0 EP0')} Init torch distributed begin.",
        f"{ts(7, 'TP0 EP0')} Init torch distributed ends. mem usage=0.98 GB",
        f"{ts(8, 'TP0 EP0')} Load weight begin. avail mem=77.85 GB",
        f"{ts(8, 'TP0 EP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *BUILD_052,
            ("models/qwen2_moe.py", 570, "__init__", "self.model = Qwen2MoeModel("),
            ("models/qwen2_moe.py", 472, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
            ("utils.py", 499, "make_layers", "layer_fn(idx=idx, prefix=add_prefix(idx, prefix))"),
            ("models/qwen2_moe.py", 474, "<lambda>", "lambda idx, prefix: decoder_layer_type("),
            ("models/qwen2_moe.py", 382, "__init__", "self.mlp = Qwen2MoeSparseMoeBlock("),
            ("models/qwen2_moe.py", 145, "__init__", "self.experts = get_moe_impl_class()("),
            ("layers/moe/ep_moe/layer.py", 98, "__init__", "super().__init__("),
            ("layers/moe/fused_moe_triton/layer.py", 171, "__init__", "assert num_experts % self.moe_ep_size == 0"),
        ),
        "AssertionError",
        "",
        sigquit(8),
    ),
)

case(
    "tuned_moe_config_file_truncated",
    "0.5.2",
    "sglang 0.5.2 srt/layers/moe/fused_moe_triton/fused_moe_triton_config.py:54-71 (SGLANG_MOE_CONFIG_DIR, json.load of the tuned file), fused_moe.py:398-407, moe_runner/triton.py:333; a ValueError is not caught by the capture's `except RuntimeError`",
    "config_error",
    "SGLANG_MOE_CONFIG_DIR holds a half-written tuned config: json.load fails at the first MoE forward (in capture) and is not wrapped; fix or remove the file",
    join(
        sargs(0, "Qwen/Qwen3-30B-A3B", tp_size=2, mem_fraction_static=0.88),
        f"{ts(5, 'TP0')} Init torch distributed begin.",
        f"{ts(7, 'TP0')} Init torch distributed ends. mem usage=0.74 GB",
        f"{ts(8, 'TP0')} Load weight begin. avail mem=78.31 GB",
        f"{ts(30, 'TP0')} Load weight end. type=Qwen3MoeForCausalLM, dtype=torch.bfloat16, avail mem=49.52 GB, mem usage=28.79 GB.",
        f"{ts(30, 'TP0')} KV Cache is allocated. #tokens: 851624, K size: 19.49 GB, V size: 19.49 GB",
        f"{ts(30, 'TP0')} Memory pool end. avail mem=9.73 GB",
        f"{ts(31, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=9.21 GB",
        "Capturing batches (bs=256 avail_mem=9.21 GB):   0%|          | 0/36 [00:00<?, ?it/s]",
        f"{ts(31, 'TP0')} Using MoE kernel config from /opt/moe-configs/configs/triton_3_4_0/E=128,N=384,device_name=NVIDIA_H100_80GB_HBM3.json.",
        f"{ts(31, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *CAPTURE_052,
            *CAPTURE_INNER_052,
            ("models/qwen3_moe.py", 685, "forward", "hidden_states = self.model("),
            ("models/qwen2_moe.py", 533, "forward", "hidden_states, residual = layer("),
            ("models/qwen3_moe.py", 559, "forward", "hidden_states = self.mlp("),
            ("models/qwen3_moe.py", 137, "forward", "return self.forward_normal("),
            (
                "models/qwen3_moe.py",
                162,
                "forward_normal",
                "final_hidden_states = self.experts(hidden_states, topk_output)",
            ),
            ("layers/moe/fused_moe_triton/layer.py", 840, "forward", "combine_input = self.quant_method.apply("),
            ("layers/quantization/unquant.py", 245, "apply", "return self.forward("),
            (
                "layers/quantization/unquant.py",
                324,
                "forward_cuda",
                "return self.runner.run(dispatch_output, quant_info)",
            ),
            (
                "layers/moe/moe_runner/runner.py",
                57,
                "run",
                "return self.fused_func(dispatch_output, quant_info, self.config)",
            ),
            ("layers/moe/moe_runner/triton.py", 333, "fused_experts_none_to_triton", "output = fused_experts("),
            (
                "layers/moe/fused_moe_triton/fused_moe.py",
                268,
                "fused_experts",
                "torch.ops.sglang.inplace_fused_experts(",
            ),
            ("+torch/_ops.py", 1158, "__call__", "return self._op(*args, **(kwargs or {}))"),
            ("layers/moe/fused_moe_triton/fused_moe.py", 82, "inplace_fused_experts", "fused_experts_impl("),
            ("layers/moe/fused_moe_triton/fused_moe.py", 407, "fused_experts_impl", "config = get_config_func(M)"),
            (
                "layers/moe/fused_moe_triton/fused_moe_triton_config.py",
                179,
                "try_get_optimal_moe_config",
                "configs = get_moe_configs(E, N, dtype, block_n, block_k)",
            ),
            (
                "layers/moe/fused_moe_triton/fused_moe_triton_config.py",
                71,
                "get_moe_configs",
                "return {int(key): val for key, val in json.load(f).items()}",
            ),
            ("/usr/lib/python3.12/json/__init__.py", 293, "load", "return loads(fp.read(),"),
            ("/usr/lib/python3.12/json/__init__.py", 346, "loads", "return _default_decoder.decode(s)"),
            ("/usr/lib/python3.12/json/decoder.py", 337, "decode", "obj, end = self.raw_decode(s, idx=_w(s, 0).end())"),
            ("/usr/lib/python3.12/json/decoder.py", 353, "raw_decode", "obj, end = self.scan_once(s, idx)"),
        ),
        "json.decoder.JSONDecodeError: Expecting property name enclosed in double quotes: line 146 column 1 (char 2921)",
        "",
        sigquit(31),
    ),
)

case(
    "deepep_low_latency_capture_exceeds_dispatch_tokens",
    "0.5.2",
    "sglang 0.5.2 srt/model_executor/cuda_graph_runner.py:387-393 (capture wrapper), token_dispatcher/deepep.py:278-283 (default 128 tokens/rank), :556 (low_latency_dispatch); the DeepEP assertion as in sglang#9664 / DeepEP#165",
    "config_error",
    "--cuda-graph-max-bs 256 with the default 128 dispatch tokens per rank: DeepEP's low-latency buffer cannot take bs=256; fix the bs or the env var, not memory",
    join(
        startup_052(cuda_graph_max_bs=256),
        capture_begin_052(97),
        f"{ts(98, 'TP0 EP0')} Only use 20 SMs for DeepEP communication. This may result in highly suboptimal performance. Consider using --deepep-config to change the behavior.",
        f"{ts(101, 'TP0 EP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *CAPTURE_052,
            *CAPTURE_INNER_052,
            *DSV3_TO_DEEPEP_052,
            *LL_DISPATCH_052,
            ("layers/moe/token_dispatcher/deepep.py", 556, "_dispatch_core", "buffer.low_latency_dispatch("),
            ("+deep_ep/buffer.py", 532, "low_latency_dispatch", "self.runtime.low_latency_dispatch(x, topk_idx,"),
        ),
        f"RuntimeError: Failed: Assertion error {DEEPEP_SRC}/deep_ep.cpp:1105 'x.size(0) == topk_idx.size(0) and x.size(0) <= num_max_dispatch_tokens_per_rank'",
        CHAINED,
        TB,
        tb(
            PY312,
            *SCHED_052[:-1],
            *CAPTURE_052[-3:],
            ("model_executor/cuda_graph_runner.py", 391, "__init__", "raise Exception("),
        ),
        f"Exception: Capture cuda graph failed: Failed: Assertion error {DEEPEP_SRC}/deep_ep.cpp:1105 'x.size(0) == topk_idx.size(0) and x.size(0) <= num_max_dispatch_tokens_per_rank'",
        CAPTURE_HINT,
        "",
        sigquit(101),
    ),
)

# ============================================================================================ memory
case(
    "deepep_buffer_oom_lazy_init_in_capture",
    "0.5.2",
    "sglang 0.5.2 srt/layers/moe/token_dispatcher/deepep.py:121-199 (buffer created on the first dispatch), :607-615; DeepEP csrc/deep_ep.cpp Buffer::Buffer cudaMalloc of the NVL buffer under CUDA_CHECK (exception.cuh format)",
    "oom_moe_workspace",
    "the DeepEP NVL/RDMA buffer is allocated lazily at the first low-latency dispatch, inside capture, and cudaMalloc fails: a DeepEP buffer OOM (lower --mem-fraction-static)",
    join(
        startup_052(mem_fraction_static=0.9),
        capture_begin_052(97, avail="3.18"),
        f"{ts(98, 'TP0 EP0')} Only use 20 SMs for DeepEP communication. This may result in highly suboptimal performance. Consider using --deepep-config to change the behavior.",
        f"{ts(98, 'TP0 EP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *CAPTURE_052,
            *CAPTURE_INNER_052,
            *DSV3_TO_DEEPEP_052,
            *LL_DISPATCH_052,
            ("layers/moe/token_dispatcher/deepep.py", 554, "_dispatch_core", "buffer = self._get_buffer()"),
            ("layers/moe/token_dispatcher/deepep.py", 609, "_get_buffer", "return DeepEPBuffer.get_deepep_buffer("),
            *DEEPEP_NEW_BUFFER,
        ),
        f"RuntimeError: Failed: CUDA error {DEEPEP_SRC}/deep_ep.cpp:53 'out of memory'",
        CHAINED,
        TB,
        tb(
            PY312,
            *SCHED_052[:-1],
            *CAPTURE_052[-3:],
            ("model_executor/cuda_graph_runner.py", 391, "__init__", "raise Exception("),
        ),
        f"Exception: Capture cuda graph failed: Failed: CUDA error {DEEPEP_SRC}/deep_ep.cpp:53 'out of memory'",
        CAPTURE_HINT,
        "",
        sigquit(98),
    ),
)

case(
    "deepep_normal_buffer_oom_on_warmup_request",
    "0.5.2",
    "sglang 0.5.2 srt/server_args.py:671-674 (normal mode disables cuda graph), token_dispatcher/deepep.py:346/359/476 (first normal dispatch creates the buffer), :183-187 (the SMs warning); DeepEP exception.cuh format",
    "oom_moe_workspace",
    "deepep_mode=normal (no graphs): the DeepEP buffer is first allocated by the server's own warm-up prefill, after uvicorn is up but before ready; it is the buffer that does not fit",
    join(
        "Cuda graph is disabled because deepep_mode=`normal`",
        startup_052(deepep_mode="normal", disable_cuda_graph=True, mem_fraction_static=0.92),
        f"{ts(97, 'TP0 EP0')} max_total_num_tokens=620544, chunked_prefill_size=16384, max_prefill_tokens=16384, max_running_requests=4096, context_len=163840, available_gpu_mem=1.07 GB",
        ready(98),
        f"{ts(99, 'TP0 EP0')} Prefill batch. #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f"{ts(99, 'TP0 EP0')} Only use 20 SMs for DeepEP communication. This may result in highly suboptimal performance. Consider using --deepep-config to change the behavior.",
        f"{ts(99, 'TP0 EP0')} TpModelWorkerClient hit an exception: {TB}",
        tb(
            PY312,
            *EXTEND_052,
            *DSV3_TO_DEEPEP_052,
            *NORMAL_DISPATCH_052,
            ("layers/moe/token_dispatcher/deepep.py", 359, "_dispatch_core", "buffer = self._get_buffer()"),
            ("layers/moe/token_dispatcher/deepep.py", 476, "_get_buffer", "return DeepEPBuffer.get_deepep_buffer("),
            *DEEPEP_NEW_BUFFER,
        ),
        f"RuntimeError: Failed: CUDA error {DEEPEP_SRC}/deep_ep.cpp:53 'out of memory'",
        "",
        sigquit(99),
    ),
)

case(
    "deepgemm_jit_warmup_oom_in_capture",
    "0.5.2",
    "sglang 0.5.2 srt/layers/quantization/deep_gemm_wrapper/compile_utils.py:75-118 (pre-compile session + log lines), :120-145, :216-223 (_GroupedMaskedWarmupExecutor buffers), entrypoint.py:40, ep_moe/layer.py:425/463/656",
    "oom_moe_workspace",
    "DeepGEMM's JIT pre-compile allocates masked grouped-GEMM warm-up buffers for all Ms at the first low-latency forward (in capture) and OOMs: a DeepGEMM buffer, not the graph",
    join(
        startup_052(),
        capture_begin_052(97),
        f"{ts(98, 'TP0 EP0')} Only use 20 SMs for DeepEP communication. This may result in highly suboptimal performance. Consider using --deepep-config to change the behavior.",
        f"{ts(98, 'TP0 EP0')} Entering DeepGEMM JIT Pre-Compile session. It may take a long time (typically 10-20 mins) if you have not run `sglang.compile_deep_gemm`. It is recommended to run `sglang.compile_deep_gemm` with same args as `sglang.launch_server` for pre-compilation to reduce the overhead if you have not run it before. For example: `python3 -m sglang.compile_deep_gemm --model deepseek-ai/DeepSeek-V3 --tp 8 --trust-remote-code`",
        f"{ts(98, 'TP0 EP0')} Try DeepGEMM JIT Compiling for <GROUPED_GEMM_NT_F8F8BF16_MASKED> N=4096, K=7168, num_groups=32 with all Ms. It only takes a little time (typically 1 sec) if you have run `python3 -m sglang.compile_deep_gemm`. ",
        f"{ts(99, 'TP0 EP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *CAPTURE_052,
            *CAPTURE_INNER_052,
            *DSV3_TO_DEEPEP_052,
            ("layers/moe/ep_moe/layer.py", 425, "forward", "hidden_states = self.moe_impl(dispatch_output)"),
            ("layers/moe/ep_moe/layer.py", 463, "moe_impl", "return self.forward_deepgemm_masked(dispatch_output)"),
            (
                "layers/moe/ep_moe/layer.py",
                656,
                "forward_deepgemm_masked",
                "deep_gemm_wrapper.grouped_gemm_nt_f8f8bf16_masked(",
            ),
            (
                "layers/quantization/deep_gemm_wrapper/entrypoint.py",
                40,
                "grouped_gemm_nt_f8f8bf16_masked",
                "with compile_utils.deep_gemm_execution_hook(",
            ),
            ("/usr/lib/python3.12/contextlib.py", 137, "__enter__", "return next(self.gen)"),
            (
                "layers/quantization/deep_gemm_wrapper/compile_utils.py",
                240,
                "deep_gemm_execution_hook",
                "_maybe_compile_deep_gemm_one_type_all(kernel_type, n, k, num_groups)",
            ),
            (
                "layers/quantization/deep_gemm_wrapper/compile_utils.py",
                110,
                "_maybe_compile_deep_gemm_one_type_all",
                "_compile_deep_gemm_one_type_all(",
            ),
            (
                "layers/quantization/deep_gemm_wrapper/compile_utils.py",
                131,
                "_compile_deep_gemm_one_type_all",
                "executor = _BaseWarmupExecutor.create(",
            ),
            ("layers/quantization/deep_gemm_wrapper/compile_utils.py", 155, "create", "}[kernel_type](**kwargs)"),
            ("layers/quantization/deep_gemm_wrapper/compile_utils.py", 221, "__init__", "self.out = torch.empty("),
        ),
        TORCH_OOM.format(
            req="8.00 GiB",
            free="5.37 GiB",
            used="134.43 GiB",
            alloc="118.60 GiB",
            pool="",
            unalloc="1.13 GiB",
            **H200_OOM,
        ),
        CHAINED,
        TB,
        tb(
            PY312,
            *SCHED_052[:-1],
            *CAPTURE_052[-3:],
            ("model_executor/cuda_graph_runner.py", 391, "__init__", "raise Exception("),
        ),
        "Exception: Capture cuda graph failed: "
        + TORCH_OOM.format(
            req="8.00 GiB",
            free="5.37 GiB",
            used="134.43 GiB",
            alloc="118.60 GiB",
            pool="",
            unalloc="1.13 GiB",
            **H200_OOM,
        ).split(": ", 1)[1],
        CAPTURE_HINT,
        "",
        sigquit(99),
    ),
)

case(
    "ep_moe_activation_oom_in_capture",
    "0.4.9.post2",
    "sglang 0.4.9.post2 srt/model_executor/cuda_graph_runner.py:333-340 (capture wrapper), :760-767 (hint), layers/moe/ep_moe/layer.py:475/553 (EPMoE.forward_normal's gateup_input); torch's OOM text",
    "oom_cuda_graph",
    "--enable-ep-moe Qwen3 at mem fraction 0.93: the capture's largest bs allocates EPMoE activations and runs out; a graph-capture OOM (lower the fraction or the capture bs)",
    join(
        "EP MoE is enabled. The expert parallel size is adjusted to be the same as the tensor parallel size[4].",
        sargs(
            0,
            "Qwen/Qwen3-235B-A22B-FP8",
            tp_size=4,
            ep_size=4,
            enable_ep_moe=True,
            mem_fraction_static=0.93,
            cuda_graph_max_bs=512,
        ),
        f"{ts(5, 'TP0')} Init torch distributed begin.",
        f"{ts(8, 'TP0')} Init torch distributed ends. mem usage=1.05 GB",
        f"{ts(9, 'TP0')} Load weight begin. avail mem=138.21 GB",
        f"{ts(80, 'TP0')} Load weight end. type=Qwen3MoeForCausalLM, dtype=torch.bfloat16, avail mem=77.88 GB, mem usage=60.33 GB.",
        f"{ts(81, 'TP0')} KV Cache is allocated. #tokens: 2702366, K size: 33.00 GB, V size: 33.00 GB",
        f"{ts(81, 'TP0')} Memory pool end. avail mem=10.19 GB",
        f"{ts(82, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=9.66 GB",
        "Capturing batches (bs=512 avail_mem=9.66 GB):   0%|          | 0/52 [00:00<?, ?it/s]",
        "Capturing batches (bs=512 avail_mem=9.66 GB):   0%|          | 0/52 [00:01<?, ?it/s]",
        f"{ts(84, 'TP0')} Scheduler hit an exception: {TB}",
        tb(PY310, *CAPTURE_QWEN3_049),
        TORCH_OOM.format(
            req="1.50 GiB",
            free="1.21 GiB",
            used="138.58 GiB",
            alloc="130.92 GiB",
            pool="with 3.44 GiB allocated in private pools (e.g., CUDA Graphs), ",
            unalloc="2.41 GiB",
            **H200_OOM,
        ),
        CHAINED,
        TB,
        tb(
            PY310,
            *SCHED_049[:-1],
            *CAPTURE_QWEN3_049[5:8],
            ("model_executor/cuda_graph_runner.py", 338, "__init__", "raise Exception("),
        ),
        "Exception: Capture cuda graph failed: "
        + TORCH_OOM.format(
            req="1.50 GiB",
            free="1.21 GiB",
            used="138.58 GiB",
            alloc="130.92 GiB",
            pool="with 3.44 GiB allocated in private pools (e.g., CUDA Graphs), ",
            unalloc="2.41 GiB",
            **H200_OOM,
        ).split(": ", 1)[1],
        CAPTURE_HINT,
        "",
        sigquit(84),
    ),
)

case(
    "ep_moe_expert_weights_do_not_fit",
    "0.4.9.post2",
    "sglang 0.4.9.post2 srt/layers/moe/ep_moe/layer.py:250 (EPMoE.__init__ -> create_weights), :907-933 (UnquantizedEPMoEMethod torch.empty of w13), models/qwen3_moe.py:105; torch's OOM text",
    "oom_weights",
    "bf16 Qwen3-235B with --enable-ep-moe at TP4 on 80 GB cards: each rank must hold 32 experts x 94 layers; the expert parameters themselves do not fit (raise TP/EP or quantize)",
    join(
        "EP MoE is enabled. The expert parallel size is adjusted to be the same as the tensor parallel size[4].",
        sargs(0, "Qwen/Qwen3-235B-A22B", tp_size=4, ep_size=4, enable_ep_moe=True, mem_fraction_static=0.88),
        f"{ts(5, 'TP0')} Init torch distributed begin.",
        f"{ts(8, 'TP0')} Init torch distributed ends. mem usage=0.96 GB",
        f"{ts(9, 'TP0')} Load weight begin. avail mem=78.19 GB",
        f"{ts(12, 'TP0')} Scheduler hit an exception: {TB}",
        tb(PY310, *BUILD_QWEN3_049),
        TORCH_OOM.format(
            req="768.00 MiB",
            free="403.88 MiB",
            cap="79.19 GiB",
            gpu=0,
            used="78.78 GiB",
            alloc="78.11 GiB",
            pool="",
            unalloc="11.20 MiB",
        ),
        "",
        sigquit(12),
    ),
)

case(
    "redundant_experts_leave_no_kv_cache",
    "0.5.2",
    "sglang 0.5.2 srt/model_executor/model_runner.py:1316-1319 (init_memory_pool: Not enough memory), :378 (initialize)",
    "oom_kv_cache",
    "32 redundant experts per EP group push the weights past --mem-fraction-static 0.78: no KV pool is left; the message itself says raise the fraction",
    join(
        startup_052(mem_fraction_static=0.78, ep_num_redundant_experts=32)[:5],
        f"{ts(97, 'TP0 EP0')} Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=30.12 GB, mem usage=107.95 GB.",
        f"{ts(97, 'TP0 EP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *SCHED_052,
            ("model_executor/model_runner.py", 378, "initialize", "self.init_memory_pool("),
            ("model_executor/model_runner.py", 1317, "init_memory_pool", "raise RuntimeError("),
        ),
        "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static.",
        "",
        sigquit(97),
    ),
)

case(
    "eplb_rebalance_oom_while_serving",
    "0.5.2",
    "sglang 0.5.2 srt/eplb/eplb_manager.py:42/50/53/81 (rebalance on forward-pass end), model_runner.py:1909-1910/807, eplb/expert_location_updater.py:55/73/134/161 (create_temp_buffers); torch's OOM text",
    "oom_runtime",
    "the server is serving; EPLB's periodic rebalance allocates temp copies of a layer's expert weights and OOMs: a serving-time OOM (lower the fraction or chunk the rebalance)",
    join(
        startup_052(enable_eplb=True, ep_num_redundant_experts=32, mem_fraction_static=0.88),
        capture_begin_052(97, avail="11.02"),
        f"{ts(150, 'TP0 EP0')} Capture cuda graph end. Time elapsed: 53.18 s. mem usage=3.84 GB. avail mem=7.18 GB.",
        f"{ts(151, 'TP0 EP0')} [EPLBManager] system started, will rebalance per 1000 iterations.",
        f"{ts(151, 'TP0 EP0')} max_total_num_tokens=736512, chunked_prefill_size=16384, max_prefill_tokens=16384, max_running_requests=4096, context_len=163840, available_gpu_mem=7.18 GB",
        ready(152),
        fired(156),
        f"{ts(400, 'TP0 EP0')} Decode batch. #running-req: 212, #token: 411230, token usage: 0.56, cuda graph: True, gen throughput (token/s): 5410.77, #queue-req: 9, ",
        f"{ts(402, 'TP0 EP0')} [EPLBManager] rebalance start",
        f"{ts(403, 'TP0 EP0')} TpModelWorkerClient hit an exception: {TB}",
        tb(
            PY312,
            *FORWARD_THREAD_052,
            ("model_executor/model_runner.py", 1910, "forward", "self.eplb_manager.on_forward_pass_end()"),
            ("eplb/eplb_manager.py", 42, "on_forward_pass_end", "next(self._main_generator)"),
            ("eplb/eplb_manager.py", 50, "_entrypoint", "yield from self.rebalance()"),
            ("eplb/eplb_manager.py", 81, "rebalance", "self._model_runner.update_expert_location("),
            ("model_executor/model_runner.py", 807, "update_expert_location", "self.expert_location_updater.update("),
            ("eplb/expert_location_updater.py", 55, "update", "_update_expert_weights("),
            (
                "eplb/expert_location_updater.py",
                73,
                "_update_expert_weights",
                "return _update_expert_weights_raw(**kwargs)",
            ),
            (
                "eplb/expert_location_updater.py",
                134,
                "_update_expert_weights_raw",
                "temp_buffers = create_temp_buffers(",
            ),
            (
                "eplb/expert_location_updater.py",
                161,
                "create_temp_buffers",
                "return [torch.empty_like(tensor) for tensor in sample_tensors]",
            ),
        ),
        TORCH_OOM.format(
            req="1.75 GiB",
            free="1.02 GiB",
            used="138.77 GiB",
            alloc="129.30 GiB",
            pool="with 3.84 GiB allocated in private pools (e.g., CUDA Graphs), ",
            unalloc="1.91 GiB",
            **H200_OOM,
        ),
        "",
        sigquit(403),
    ),
)

# ============================================================================================ distributed
NVSHMEM = "/sgl-workspace/nvshmem/src"
case(
    "nvshmem_ibrc_connect_failed_at_deepep_init",
    "0.4.6.post5",
    "NVSHMEM transport/init errors as printed in https://github.com/sgl-project/sglang/issues/6017 (ibrc.cpp:1433 ep_connect failed, transport.cpp:400 connect EPS failed, init.cu nvshmem setup connections failed / initialization failed, exiting); sglang 0.4.6.post5 entrypoints/engine.py:663-671 (Rank 0 scheduler is dead)",
    "nccl_or_distributed",
    "2-node decode with --enable-deepep-moe low_latency: NVSHMEM cannot connect its IB endpoints when DeepEP's buffer is made, and exits the ranks: an inter-node transport failure",
    join(
        "DP attention is enabled. The chunked prefill size is adjusted to 256 to avoid MoE kernel issues. ",
        "DeepEP MoE is enabled. The expert parallel size is adjusted to be the same as the tensor parallel size[16].",
        f"{ts(0)} server_args=ServerArgs(model_path='deepseek-ai/DeepSeek-V3-0324', tokenizer_path='deepseek-ai/DeepSeek-V3-0324', trust_remote_code=True, tp_size=16, dp_size=16, nnodes=2, node_rank=0, dist_init_addr='10.0.3.11:5757', enable_dp_attention=True, enable_deepep_moe=True, deepep_mode='low_latency', disaggregation_mode='decode', ...)",
        f"{ts(8, 'DP0 TP0')} Init torch distributed begin.",
        f"{ts(14, 'DP0 TP0')} Init torch distributed ends. mem usage=1.31 GB",
        f"{ts(15, 'DP0 TP0')} Load weight begin. avail mem=77.05 GB",
        f"{ts(70, 'DP0 TP0')} Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=34.62 GB, mem usage=42.43 GB.",
        f"{ts(71, 'DP0 TP0')} KV Cache is allocated. #tokens: 394126, KV size: 25.79 GB",
        f"{ts(71, 'DP0 TP0')} Memory pool end. avail mem=8.21 GB",
        f"{ts(72, 'DP0 TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=7.68 GB",
        "  0%|          | 0/23 [00:00<?, ?it/s]",
        f"{NVSHMEM}/modules/transport/ibrc/ibrc.cpp:418: non-zero status: 110 ibv_modify_qp failed",
        f"{NVSHMEM}/modules/transport/ibrc/ibrc.cpp:1433: non-zero status: 7 ep_connect failed",
        f"{NVSHMEM}/host/transport/transport.cpp:400: non-zero status: 7 connect EPS failed",
        f"{NVSHMEM}/host/init/init.cu:1007: non-zero status: 7 nvshmem setup connections failed",
        f"{NVSHMEM}/host/init/init.cu:nvshmemi_check_state_and_init:1080: nvshmem initialization failed, exiting",
        f"{ts(140)} Rank 0 scheduler is dead. Please check if there are relevant logs.",
        f"{ts(140)} Exit code: 255",
        TB,
        tb(PY310, *LAUNCH_046),
        "EOFError",
    ),
)

case(
    "deepep_normal_dispatch_cpu_recv_timeout",
    "0.5.2",
    'DeepEP csrc/deep_ep.cpp (internode_dispatch: `throw std::runtime_error("DeepEP error: CPU recv timeout")` after NUM_CPU_TIMEOUT_SECS); sglang 0.5.2 token_dispatcher/deepep.py:346/385 (normal dispatch), managers/tp_worker_overlap_thread.py:142-145',
    "nccl_or_distributed",
    "2-node prefill server, normal-mode internode dispatch: the host waits for peer ranks' token counts that never come (a peer node stalled): a cross-rank communication failure",
    join(
        startup_052(
            tags=["TP0 EP0"], tp_size=16, nnodes=2, node_rank=0, deepep_mode="normal", disaggregation_mode="prefill"
        )[1:],
        f"{ts(97, 'TP0 EP0')} max_total_num_tokens=561920, chunked_prefill_size=16384, max_prefill_tokens=16384, max_running_requests=4096, context_len=163840, available_gpu_mem=17.93 GB",
        ready(98),
        fired(104),
        f"{ts(300, 'TP0 EP0')} Prefill batch. #new-seq: 4, #new-token: 16384, #cached-token: 0, token usage: 0.12, #unbootstrapped-req: 0, #queue-req: 7, #transferring-req: 2, input throughput (token/s): 21140.55, ",
        f"{ts(401, 'TP0 EP0')} TpModelWorkerClient hit an exception: {TB}",
        tb(
            PY312,
            *EXTEND_052,
            *DSV3_TO_DEEPEP_052,
            *NORMAL_DISPATCH_052,
            ("layers/moe/token_dispatcher/deepep.py", 385, "_dispatch_core", ") = buffer.dispatch("),
            (
                "+deep_ep/buffer.py",
                306,
                "dispatch",
                "return self.internode_dispatch(x, handle, num_tokens_per_rank, num_tokens_per_rdma_rank, is_token_in_rank, num_tokens_per_expert,",
            ),
            (
                "+deep_ep/buffer.py",
                407,
                "internode_dispatch",
                "recv_src_meta, send_rdma_head, send_nvl_head, event = self.runtime.internode_dispatch(",
            ),
        ),
        "RuntimeError: DeepEP error: CPU recv timeout",
        "",
        sigquit(401),
    ),
)

# ============================================================================================ CUDA
case(
    "deepep_ipc_peer_access_unsupported",
    "0.5.2",
    "https://github.com/sgl-project/sglang/issues/19033 and https://github.com/deepseek-ai/DeepEP/issues/584 (deep_ep.cpp:200 'peer access is not supported between these two devices' at the first dispatch's buffer sync); sglang 0.5.2 deepep.py:359/476/189; DeepEP exception.cuh format",
    "cuda_error_other",
    "8 PCIe GPUs without full P2P: DeepEP's IPC handle open fails with cudaErrorPeerAccessUnsupported on the warm-up request's first dispatch: a CUDA runtime error, not memory or NCCL",
    join(
        "Cuda graph is disabled because deepep_mode=`normal`",
        startup_052(model="Qwen/Qwen3-30B-A3B", deepep_mode="normal", disable_cuda_graph=True)[1:5],
        f"{ts(40, 'TP0 EP0')} Load weight end. type=Qwen3MoeForCausalLM, dtype=torch.bfloat16, avail mem=38.22 GB, mem usage=7.45 GB.",
        f"{ts(40, 'TP0 EP0')} KV Cache is allocated. #tokens: 1612084, K size: 17.22 GB, V size: 17.22 GB",
        f"{ts(40, 'TP0 EP0')} Memory pool end. avail mem=3.31 GB",
        f"{ts(41, 'TP0 EP0')} max_total_num_tokens=1612084, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_gpu_mem=3.31 GB",
        ready(42),
        f"{ts(43, 'TP0 EP0')} Prefill batch. #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        ranks(
            43,
            "Only use 20 SMs for DeepEP communication. This may result in highly suboptimal performance. Consider using --deepep-config to change the behavior.",
            ["TP0 EP0", "TP1 EP1", "TP2 EP2", "TP3 EP3"],
        ),
        f"{ts(44, 'TP0 EP0')} TpModelWorkerClient hit an exception: {TB}",
        tb(
            PY312,
            *EXTEND_052,
            ("models/qwen3_moe.py", 685, "forward", "hidden_states = self.model("),
            ("models/qwen2_moe.py", 533, "forward", "hidden_states, residual = layer("),
            ("models/qwen3_moe.py", 559, "forward", "hidden_states = self.mlp("),
            ("models/qwen3_moe.py", 141, "forward", "return self.forward_deepep(hidden_states, forward_batch)"),
            ("models/qwen3_moe.py", 194, "forward_deepep", "final_hidden_states = self.experts("),
            *NORMAL_DISPATCH_052,
            ("layers/moe/token_dispatcher/deepep.py", 359, "_dispatch_core", "buffer = self._get_buffer()"),
            ("layers/moe/token_dispatcher/deepep.py", 476, "_get_buffer", "return DeepEPBuffer.get_deepep_buffer("),
            ("layers/moe/token_dispatcher/deepep.py", 189, "get_deepep_buffer", "cls._buffer = Buffer("),
            ("+deep_ep/buffer.py", 130, "__init__", "self.runtime.sync(device_ids, ipc_handles, root_unique_id)"),
        ),
        f"RuntimeError: Failed: CUDA error {DEEPEP_SRC}/deep_ep.cpp:200 'peer access is not supported between these two devices'",
        "",
        sigquit(44),
    ),
)

case(
    "deepep_low_latency_illegal_memory_access_on_replay",
    "0.5.2",
    "sglang 0.5.2 srt/model_executor/model_runner.py:1934 (graph replay), cuda_graph_runner.py:815; torch's CUDA error text (c10/cuda/CUDAException)",
    "cuda_error_other",
    "serving decode batches through graphs captured over DeepEP low-latency kernels; a kernel faults and replay raises an illegal memory access: a CUDA error",
    join(
        startup_052(),
        capture_begin_052(97),
        f"{ts(150, 'TP0 EP0')} Capture cuda graph end. Time elapsed: 53.11 s. mem usage=2.91 GB. avail mem=16.50 GB.",
        f"{ts(151, 'TP0 EP0')} max_total_num_tokens=561920, chunked_prefill_size=16384, max_prefill_tokens=16384, max_running_requests=4096, context_len=163840, available_gpu_mem=16.50 GB",
        ready(152),
        fired(156),
        f"{ts(600, 'TP0 EP0')} Decode batch. #running-req: 96, #token: 201345, token usage: 0.36, cuda graph: True, gen throughput (token/s): 3301.64, #queue-req: 0, ",
        f"{ts(611, 'TP0 EP0')} TpModelWorkerClient hit an exception: {TB}",
        tb(
            PY312,
            *FORWARD_THREAD_052,
            ("model_executor/model_runner.py", 1901, "forward", "output = self._forward_raw("),
            ("model_executor/model_runner.py", 1934, "_forward_raw", "ret = self.graph_runner.replay("),
            ("model_executor/cuda_graph_runner.py", 815, "replay", "self.graphs[self.bs].replay()"),
            ("+torch/cuda/graphs.py", 88, "replay", "super().replay()"),
        ),
        "RuntimeError: CUDA error: an illegal memory access was encountered",
        CUDA_ASYNC,
        "",
        sigquit(611),
    ),
)

# ============================================================================================ healthy contrasts
case(
    "healthy_missing_tuned_moe_config_warning",
    "0.5.2",
    "sglang 0.5.2 srt/layers/moe/fused_moe_triton/fused_moe_triton_config.py:92-98 (Using default MoE kernel config ... Config file not found at %s)",
    "healthy",
    "no tuned file for E=64 (EP 2 of 128 experts) on this GPU: SGLang falls back to the default kernel config and serves",
    join(
        sargs(0, "Qwen/Qwen3-30B-A3B", tp_size=2, ep_size=2, mem_fraction_static=0.88),
        f"{ts(5, 'TP0 EP0')} Init torch distributed begin.",
        f"{ts(7, 'TP0 EP0')} Init torch distributed ends. mem usage=0.74 GB",
        f"{ts(8, 'TP0 EP0')} Load weight begin. avail mem=78.31 GB",
        f"{ts(30, 'TP0 EP0')} Load weight end. type=Qwen3MoeForCausalLM, dtype=torch.bfloat16, avail mem=49.52 GB, mem usage=28.79 GB.",
        f"{ts(30, 'TP0 EP0')} KV Cache is allocated. #tokens: 851624, K size: 19.49 GB, V size: 19.49 GB",
        f"{ts(30, 'TP0 EP0')} Memory pool end. avail mem=9.73 GB",
        f"{ts(31, 'TP0 EP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=9.21 GB",
        "Capturing batches (bs=256 avail_mem=9.21 GB):   0%|          | 0/36 [00:00<?, ?it/s]",
        f"{ts(31, 'TP0 EP0')} Using default MoE kernel config. Performance might be sub-optimal! Config file not found at /usr/local/lib/python3.12/dist-packages/sglang/srt/layers/moe/fused_moe_triton/configs/triton_3_4_0/E=64,N=768,device_name=NVIDIA_H100_80GB_HBM3.json, you can create them with https://github.com/sgl-project/sglang/tree/main/benchmark/kernels/fused_moe_triton",
        "Capturing batches (bs=1 avail_mem=8.30 GB): 100%|██████████| 36/36 [00:19<00:00,  1.84it/s]",
        f"{ts(50, 'TP0 EP0')} Capture cuda graph end. Time elapsed: 19.55 s. mem usage=0.93 GB. avail mem=8.28 GB.",
        f"{ts(51, 'TP0 EP0')} max_total_num_tokens=851624, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_gpu_mem=8.28 GB",
        ready(52),
        f"{ts(53, 'TP0 EP0')} Prefill batch. #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f"{ts(53, 'TP0 EP0')} Using default MoE kernel config. Performance might be sub-optimal! Config file not found at /usr/local/lib/python3.12/dist-packages/sglang/srt/layers/moe/fused_moe_triton/configs/triton_3_4_0/E=64,N=768,device_name=NVIDIA_H100_80GB_HBM3.json, you can create them with https://github.com/sgl-project/sglang/tree/main/benchmark/kernels/fused_moe_triton",
        fired(54),
    ),
)

case(
    "healthy_triton_version_config_fallback",
    "0.5.10.post1",
    "sglang 0.5.10.post1 srt/layers/moe/fused_moe_triton/fused_moe_triton_config.py:100-115 (Config file not found at ... Fallback to triton version ...), :95 (Using MoE kernel config from ...)",
    "healthy",
    "triton 3.5 has no tuned file but 3.4.0's is used: a 'not found' + 'sub-optimal' warning, and the server goes on",
    join(
        sargs(
            0,
            "deepseek-ai/DeepSeek-V2-Lite-Chat",
            trust_remote_code=True,
            tp_size=2,
            ep_size=2,
            mem_fraction_static=0.85,
        ),
        f"{ts(5, 'TP0 EP0')} Init torch distributed begin.",
        f"{ts(7, 'TP0 EP0')} Init torch distributed ends. elapsed=1.92 s, mem usage=0.66 GB",
        f"{ts(8, 'TP0 EP0')} Load weight begin. avail mem=78.45 GB",
        f"{ts(21, 'TP0 EP0')} Load weight end. elapsed=12.80 s, type=DeepseekV2ForCausalLM, dtype=torch.bfloat16, avail mem=62.77 GB, mem usage=15.68 GB.",
        f"{ts(22, 'TP0 EP0')} KV Cache is allocated. dtype: torch.bfloat16, #tokens: 2013521, KV size: 51.12 GB",
        f"{ts(22, 'TP0 EP0')} Memory pool end. avail mem=10.86 GB",
        f"{ts(23, 'TP0 EP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=10.30 GB",
        f"{ts(23, 'TP0 EP0')} Config file not found at /usr/local/lib/python3.12/dist-packages/sglang/srt/layers/moe/fused_moe_triton/configs/triton_3_5_1/E=32,N=1408,device_name=NVIDIA_H100_80GB_HBM3.json. Fallback to triton version 3.4.0 and use MoE kernel config from /usr/local/lib/python3.12/dist-packages/sglang/srt/layers/moe/fused_moe_triton/configs/triton_3_4_0/E=32,N=1408,device_name=NVIDIA_H100_80GB_HBM3.json. Performance might be sub-optimal!",
        "Capturing batches (bs=1 avail_mem=9.71 GB): 100%|██████████| 36/36 [00:12<00:00,  2.91it/s]",
        f"{ts(36, 'TP0 EP0')} Capture cuda graph end. Time elapsed: 12.51 s. mem usage=0.62 GB. avail mem=9.68 GB.",
        f"{ts(37, 'TP0 EP0')} max_total_num_tokens=2013521, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=163840, available_gpu_mem=9.68 GB",
        ready(38),
        fired(40),
    ),
)

case(
    "healthy_deepep_dp_attention_warnings",
    "0.5.2",
    "sglang 0.5.2 srt/server_args.py:640-644 (DP attention chunked prefill), :670-678 (DeepEP ep_size adjusted); token_dispatcher/deepep.py:176-187 (Only use N SMs); scheduler prefix DP/TP/EP (scheduler.py:2557-2565)",
    "healthy",
    "DP attention + DeepEP auto on 8xH200: three WARNINGs about adjusted chunk size, EP size and DeepEP SMs, then capture ends and the server serves",
    join(
        "DP attention is enabled. The chunked prefill size is adjusted to 2048 to avoid MoE kernel issues. ",
        startup_052(enable_dp_attention=True, dp_size=8)[:2],
        [line.replace("TP0 EP0", "DP0 TP0 EP0") for line in startup_052()[2:]],
        capture_begin_052(97, t="DP0 TP0 EP0"),
        ranks(
            98,
            "Only use 20 SMs for DeepEP communication. This may result in highly suboptimal performance. Consider using --deepep-config to change the behavior.",
            ["DP0 TP0 EP0", "DP1 TP1 EP1", "DP2 TP2 EP2"],
        ),
        "Capturing batches (bs=1 avail_mem=16.62 GB): 100%|██████████| 36/36 [00:40<00:00,  1.11s/it]",
        f"{ts(140, 'DP0 TP0 EP0')} Capture cuda graph end. Time elapsed: 43.02 s. mem usage=2.80 GB. avail mem=16.61 GB.",
        f"{ts(141, 'DP0 TP0 EP0')} max_total_num_tokens=561920, chunked_prefill_size=2048, max_prefill_tokens=16384, max_running_requests=4096, context_len=163840, available_gpu_mem=16.61 GB",
        ready(142),
        fired(149),
        f"{ts(160, 'DP0 TP0 EP0')} Decode batch. #running-req: 31, #token: 41230, token usage: 0.07, cuda graph: True, gen throughput (token/s): 1190.40, #queue-req: 0, ",
    ),
)

case(
    "healthy_deepgemm_warmup_reduces_max_m",
    "0.5.10.post1",
    "sglang 0.5.10.post1 srt/layers/deep_gemm_wrapper/compile_utils.py:124-139 (pre-compile session + Try DeepGEMM JIT Compiling), :170-190 (Required memory for warmup / Available memory ... reducing max_m ... to avoid out of memory), :195 (DeepGEMM warmup tqdm)",
    "healthy",
    "DeepGEMM's warm-up sees too little memory and halves max_m by itself (a warning that names 'out of memory'), then capture completes and the server serves",
    join(
        sargs(
            0,
            "deepseek-ai/DeepSeek-V3-0324",
            trust_remote_code=True,
            tp_size=8,
            ep_size=8,
            moe_a2a_backend="deepep",
            moe_runner_backend="deep_gemm",
            mem_fraction_static=0.85,
        ),
        f"{ts(6, 'TP0 EP0')} Init torch distributed begin.",
        f"{ts(9, 'TP0 EP0')} Init torch distributed ends. elapsed=2.71 s, mem usage=1.12 GB",
        f"{ts(10, 'TP0 EP0')} Load weight begin. avail mem=138.07 GB",
        f"{ts(95, 'TP0 EP0')} Load weight end. elapsed=84.90 s, type=DeepseekV3ForCausalLM, quant=fp8, avail mem=57.40 GB, mem usage=80.67 GB.",
        f"{ts(96, 'TP0 EP0')} KV Cache is allocated. dtype: torch.bfloat16, #tokens: 612736, KV size: 40.09 GB",
        f"{ts(96, 'TP0 EP0')} Memory pool end. avail mem=16.62 GB",
        f"{ts(97, 'TP0 EP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=16.10 GB",
        f"{ts(98, 'TP0 EP0')} Entering DeepGEMM JIT Pre-Compile session. It may take a long time (typically 10-20 mins) if you have not run `sglang.compile_deep_gemm`. It is recommended to run `sglang.compile_deep_gemm` with same args as `sglang.launch_server` for pre-compilation to reduce the overhead if you have not run it before. For example: `python3 -m sglang.compile_deep_gemm --model deepseek-ai/DeepSeek-V3 --tp 8 --trust-remote-code`",
        f"{ts(98, 'TP0 EP0')} Try DeepGEMM JIT Compiling for <GROUPED_GEMM_NT_F8F8BF16_MASKED> N=4096, K=7168, num_groups=32 with all Ms. It only takes a little time (typically 1 sec) if you have run `python3 -m sglang.compile_deep_gemm`. ",
        f"{ts(98, 'TP0 EP0')} Required memory for warmup: 29.218902587890625GB, Available memory: 15.83203125GB",
        f"{ts(98, 'TP0 EP0')} Available memory 15.83203125GB is less than required memory 29.218902587890625GB for warmup, reducing max_m to 8192 to avoid out of memory",
        "DeepGEMM warmup: 100%|██████████| 8192/8192 [03:12<00:00, 42.55it/s]",
        "Capturing batches (bs=1 avail_mem=13.42 GB): 100%|██████████| 36/36 [04:01<00:00,  6.71s/it]",
        f"{ts(340, 'TP0 EP0')} Capture cuda graph end. Time elapsed: 243.10 s. mem usage=2.71 GB. avail mem=13.39 GB.",
        f"{ts(341, 'TP0 EP0')} max_total_num_tokens=612736, chunked_prefill_size=16384, max_prefill_tokens=16384, max_running_requests=4096, context_len=163840, available_gpu_mem=13.39 GB",
        ready(342),
        fired(350),
    ),
)

case(
    "healthy_eplb_rebalance_cycles",
    "0.5.2",
    "sglang 0.5.2 srt/eplb/eplb_manager.py:35-37 (system started), :53 (rebalance start), :85-91 (rebalance end time=...); server_args.py:680-683 (EPLB is enabled warning)",
    "healthy",
    "EPLB rebalances experts every 1000 iterations while serving: start/end lines, decode batches continue",
    join(
        "EPLB is enabled. The expert_distribution_recorder_mode is automatically set.",
        startup_052(enable_eplb=True, ep_num_redundant_experts=32, mem_fraction_static=0.8),
        capture_begin_052(97, avail="25.30"),
        f"{ts(150, 'TP0 EP0')} Capture cuda graph end. Time elapsed: 52.77 s. mem usage=2.90 GB. avail mem=22.40 GB.",
        f"{ts(151, 'TP0 EP0')} [EPLBManager] system started, will rebalance per 1000 iterations.",
        f"{ts(151, 'TP0 EP0')} max_total_num_tokens=497920, chunked_prefill_size=16384, max_prefill_tokens=16384, max_running_requests=4096, context_len=163840, available_gpu_mem=22.40 GB",
        ready(152),
        fired(156),
        f"{ts(400, 'TP0 EP0')} Decode batch. #running-req: 180, #token: 301120, token usage: 0.60, cuda graph: True, gen throughput (token/s): 5120.33, #queue-req: 4, ",
        f"{ts(402, 'TP0 EP0')} [EPLBManager] rebalance start",
        f"{ts(404, 'TP0 EP0')} [EPLBManager] rebalance end time=1.884s",
        f"{ts(405, 'TP0 EP0')} Decode batch. #running-req: 183, #token: 306644, token usage: 0.61, cuda graph: True, gen throughput (token/s): 4871.09, #queue-req: 2, ",
    ),
)


# ------------------------------------------------------------------------------------------------------ tests
# The classifier's misses at first sight (strict: a fix must remove the entry), with the label it gave.
XFAIL: dict[str, str] = {
    "deepep_ipc_peer_access_unsupported": "nccl_or_distributed",
    "deepep_low_latency_capture_exceeds_dispatch_tokens": "oom_moe_workspace",
    "ep_moe_activation_oom_in_capture": "oom_moe_workspace",
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_an_ep_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    assert classify_text(t.log).label == t.label, f"{name}: {t.why}"


# Healthy templates that fire a failure event on the way at first sight, with the event's label (none did).
EVENT_XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_ep_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    fired_events = [e for line in CASES[name].log.splitlines() for e in clf.feed(line) if e.kind == "failure"]
    assert not fired_events, f"{name}: {fired_events}"


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35

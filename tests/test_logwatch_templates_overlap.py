"""SGLang's overlap features for large MoE serving, as they show in the log (synthetic: written blind by a helper from
real release text and public threads; nothing here was run).

Scope: two-batch overlap (`--enable-two-batch-overlap`, TBO), single-batch overlap (`--enable-single-batch-overlap`,
SBO), the overlap scheduler and `--disable-overlap-schedule`, DeepEP normal / low-latency / auto modes under TBO. Their
argument checks (0.5.7's "moe_a2a_backend cannot be 'none'", 0.4.7's DeepEP `auto` vs DP attention and dp-size
asserts, flags that a release does not know, `--tbo-token-distribution-threshold` above 0.5, the per-token expert
recorder, DeepEP not installed, SBO against an upstream DeepEP without the `overlap=` combine and against normal-mode
2-D dispatch output, TBO with pipeline parallelism); the memory they add (DeepEP's NVL/RDMA buffer made lazily at the
first dispatch inside graph capture, TboAttnBackend's two extra children in `init_cuda_graph_state`, 0.4.7's
per-child gathered buffer in `filter_batch`, DeepEP's recv buffer at run time, the KV pool left after DeepEP);
hangs and timeouts between ranks (DeepEP `CPU recv timeout` / `timeout (dispatch CPU)`, the NVL receiver's
`trap()`, NCCL's watchdog on the DP-attention all-gather under `--disable-overlap-schedule`, SGLang's own watchdog
with a py-spy dump, gloo's `Connection closed by peer` on the overlap scheduler's CPU all-gather); failures in the
batch splitting after ready (`N errors happen: Field ... not yet supported`, `dp_padding_mode` None); the overlap
scheduler's decode alloc failure after a retraction; the overlap thread's `TpModelWorkerClient hit an exception:`
wrapper. Five healthy contrasts that look alarming and go on serving.

Sources. Wheels (pip download --no-deps, read under sglang/): 0.4.7, 0.4.9.post2, 0.5.1.post3, 0.5.2, 0.5.4, 0.5.5,
0.5.7 (server_args.py checks and argparse choices; two_batch_overlap.py `compute_split_seq_index`,
`_is_two_chunk_split_enabled`, `TboForwardBatchPreparer.filter_batch`, `TboDPAttentionPreparer`;
single_batch_overlap.py `_compute_overlap_args`; layers/moe/token_dispatcher/deepep.py (0.4.7
layers/moe/ep_moe/token_dispatcher.py) `DeepEPBuffer.get_deepep_buffer`, the `DeepEP is not installed` ImportError,
the `Only use N SMs for DeepEP communication` warning; eplb/expert_distribution.py; layers/attention/tbo_backend.py;
mem_cache/common.py alloc messages; scheduler.py retract / watchdog / `prepare_mlp_sync_batch_raw`;
tp_worker_overlap_thread.py; deep_gemm_wrapper/compile_utils.py; model_runner.py start-up lines; http_server.py
warm-up and ready lines). DeepEP csrc (`EPException` "Failed: CUDA error file:line 'msg'", `DeepEP error: CPU recv
timeout`, `DeepEP error: timeout (dispatch CPU)` with its `Global rank: ...` printf, `DeepEP dispatch NVL receiver
timeout, channel: ...` then `trap()`), NVSHMEM's IBGDA fallback WARN lines as deepseek-ai/DeepEP#163 prints them,
torch ProcessGroupNCCL watchdog text, gloo pair.cc. Threads: sgl-project/sglang#4068 (TBO recipe), #15598
(TBO+DeepEP normal, CPU recv timeout while another rank runs DeepGEMM warmup), #9582 (PD prefill, timeout (dispatch
CPU), TpModelWorkerClient), #9435 and #6017 (TBO dispatch_b call path), #12427 (TBO + PP, layer_scatter_modes),
#12698 / PR #14901 (TBO + DeepSeek-V3.2, the a2a-backend check), #10009 (dp_padding_mode None with TBO on prefill),
#14972 (overlap schedule + retract, alloc fail), #5285 (DeepEP LL OOM in capture), #29942 (DeepEP buffer lazily made
during graph capture), #15891 (DeepGEMM warmup lines), DeepEP#390 (SBO needs a patched DeepEP). Library line numbers
(torch, deep_ep/buffer.py) and a few deep model frames are approximate.

Labelling policy, decided before the classifier ran (README labels plus the issue's families):
- An argument combination a release refuses, a flag it does not know, a missing DeepEP, a DeepEP whose API lacks what
  SGLang passes (SBO's `overlap=`), and an overlap path that rejects the batch or the parallel layout it was given
  (TBO + PP, SBO on normal-mode output, TBO `filter_batch`'s "not yet supported" fields, the split threshold assert)
  are `config_error`: the operator's fix is a flag (drop TBO/SBO, pick another mode or backend), wherever it fires.
- Memory by phase: DeepEP's buffer (made lazily at the first dispatch, even inside graph capture) is
  `oom_moe_workspace`; TBO's extra graph state or a capture allocation is `oom_cuda_graph`; no KV tokens left after
  DeepEP is `oom_kv_cache`; any OOM after "The server is fired up and ready to roll!" (TBO's split buffers, DeepEP's
  recv buffer, the overlap scheduler's decode alloc failure after retraction) is `oom_runtime`.
- A rank waiting on another one (DeepEP CPU/GPU receive timeouts even when they end in a CUDA trap, NCCL's watchdog,
  SGLang's watchdog when its py-spy dump sits in a cross-rank call, gloo peer loss) is `nccl_or_distributed`; an
  illegal memory access inside a DeepEP kernel with no timeout before it is `cuda_error_other`.
- Ready and serving with only warnings, retractions, queueing, a 400 for a too-long prompt, DeepGEMM's "reducing max_m
  to avoid out of memory" and NVSHMEM's fallback WARNs is `healthy`.

First sight: 31/32 (1 miss, kept as a strict xfail below; healthy contrasts 5/5 end `healthy` and fire no failure event
on the way):
- deepep_nvl_receiver_timeout_trap_after_ready_052: DeepEP's internode kernel prints "DeepEP dispatch NVL receiver
  timeout ..." / "forwarder timeout (RDMA meta)" and trap()s, and the overlap thread then dies on "Failed: CUDA error
  .../deep_ep.cpp:1021 'unspecified launch failure'"; labelled nccl_or_distributed, the classifier said
  cuda_error_other (rule cuda.error).
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
PY310 = "/usr/local/lib/python3.10/dist-packages"  # lmsysorg/sglang:v0.4.* images
PY312 = "/usr/local/lib/python3.12/dist-packages"  # lmsysorg/sglang:v0.5.* images
WS = "/sgl-workspace/sglang/python"  # the images' editable checkout (the threads' paths)
RUNPY310 = (
    ("/usr/lib/python3.10/runpy.py", 196, "_run_module_as_main", "return _run_code(code, main_globals, None,"),
    ("/usr/lib/python3.10/runpy.py", 86, "_run_code", "exec(code, run_globals)"),
)
RUNPY312 = (
    ("<frozen runpy>", 198, "_run_module_as_main", ""),
    ("<frozen runpy>", 88, "_run_code", ""),
)
R0 = "DP0 TP0 EP0"


def tb(root: str, lib: str, *stack: tuple[str, int, str, str]) -> str:
    """Python's frames. `srt/...` or `launch_server.py` is under `{root}/sglang/`; `+pkg/...` is another package in
    `{lib}`; a path starting with `/` or `<` is as is."""
    out = []
    for path, line, func, code in stack:
        if path.startswith(("/", "<")):
            full = path
        elif path.startswith("+"):
            full = f"{lib}/{path[1:]}"
        else:
            full = f"{root}/sglang/{path}"
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


def uvicorn(second: int, port: int = 30000, pid: int = 5123) -> list[str]:
    return [
        f"{ts(second)} INFO:     Started server process [{pid}]",
        f"{ts(second)} INFO:     Waiting for application startup.",
        f"{ts(second)} INFO:     Application startup complete.",
        f"{ts(second)} INFO:     Uvicorn running on http://0.0.0.0:{port} (Press CTRL+C to quit)",
        f'{ts(second + 1)} INFO:     127.0.0.1:40356 - "GET /get_model_info HTTP/1.1" 200 OK',
    ]


def ready(second: int) -> list[str]:
    return [
        f'{ts(second)} INFO:     127.0.0.1:40362 - "POST /generate HTTP/1.1" 200 OK',
        f"{ts(second)} The server is fired up and ready to roll!",
    ]


def boot(
    v: str,
    *,
    model: str = "DeepseekV3ForCausalLM",
    rank: str = R0,
    avail: float = 139.2,
    weights: float = 88.6,
    tokens: int = 1_523_187,
    kv_gb: float = 101.35,
    pool_end: float = 33.4,
    until: str = "pool",
    graph: bool = True,
    graph_gb: float = 3.1,
) -> list[str]:
    """A scheduler rank's start-up lines (model_runner.py / memory_pool.py), as far as `until`
    (`dist`, `weights`, `pool`, `graph`, `ready_info`)."""
    r = rank
    out = [f"{ts(6, r)} Init torch distributed begin.", f"{ts(12, r)} Init torch distributed ends. mem usage=0.62 GB"]
    if until == "dist":
        return out
    out += [
        f"{ts(13, r)} Load weight begin. avail mem={avail:.2f} GB",
        f"{ts(95, r)} Load weight end. type={model}, dtype=torch.bfloat16, avail mem={avail - weights:.2f} GB, mem usage={weights:.2f} GB.",
    ]
    if until == "weights":
        return out
    out += [
        f"{ts(96, r)} KV Cache is allocated. #tokens: {tokens}, KV size: {kv_gb:.2f} GB",
        f"{ts(96, r)} Memory pool end. avail mem={pool_end:.2f} GB",
    ]
    if until == "pool":
        return out
    if graph:
        out += [
            f"{ts(97, r)} Capture cuda graph begin. This can take up to several minutes. avail mem={pool_end - 0.2:.2f} GB",
            f"Capturing batches (bs=128 avail_mem={pool_end - 0.4:.2f} GB):   0%|          | 0/20 [00:00<?, ?it/s]",
        ]
    if until == "graph":
        return out
    if graph:
        out.append(
            f"{ts(131, r)} Capture cuda graph end. Time elapsed: 34.12 s. mem usage={graph_gb:.2f} GB. avail mem={pool_end - 0.2 - graph_gb:.2f} GB."
        )
    out.append(
        f"{ts(132, r)} max_total_num_tokens={tokens}, chunked_prefill_size=4096, max_prefill_tokens=16384, max_running_requests=4096, context_len=163840, available_gpu_mem={pool_end - 0.2 - (graph_gb if graph else 0):.2f} GB"
    )
    return out


# -- call paths (outermost first)
def sched_loop(root: str, v: str) -> tuple:
    """run_scheduler_process -> event_loop_overlap -> run_batch -> forward (0.5.7: the overlap loop runs the forward
    in the scheduler thread)."""
    if v == "0.5.7":
        return (
            ("srt/managers/scheduler.py", 2942, "run_scheduler_process", "scheduler.event_loop_overlap()"),
            (f"{PY312}/torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
            ("srt/managers/scheduler.py", 1129, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
            (
                "srt/managers/scheduler.py",
                2252,
                "run_batch",
                "batch_result = self.model_worker.forward_batch_generation(",
            ),
            ("srt/managers/tp_worker.py", 421, "forward_batch_generation", "out = self.model_runner.forward("),
            ("srt/model_executor/model_runner.py", 2210, "forward", "output = self._forward_raw("),
            ("srt/model_executor/model_runner.py", 2288, "_forward_raw", "ret = self.forward_extend("),
            ("srt/model_executor/model_runner.py", 2155, "forward_extend", "return self.model.forward("),
            (f"{PY312}/torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
            ("srt/models/deepseek_v2.py", 3416, "forward", "hidden_states = self.model("),
            (
                f"{PY312}/torch/nn/modules/module.py",
                1775,
                "_wrapped_call_impl",
                "return self._call_impl(*args, **kwargs)",
            ),
            (f"{PY312}/torch/nn/modules/module.py", 1786, "_call_impl", "return forward_call(*args, **kwargs)"),
            ("srt/models/deepseek_v2.py", 3238, "forward", "hidden_states, residual = model_forward_maybe_tbo("),
            ("srt/batch_overlap/two_batch_overlap.py", 830, "model_forward_maybe_tbo", "return _model_forward_tbo("),
            (
                "srt/batch_overlap/two_batch_overlap.py",
                863,
                "_model_forward_tbo",
                "outputs_arr = execute_overlapped_operations(",
            ),
            ("srt/batch_overlap/operations.py", 52, "execute_overlapped_operations", "executor_b.next()"),
            ("srt/batch_overlap/operations.py", 108, "next", "self._stage_output = op.fn("),
            (
                "srt/models/deepseek_v2.py",
                1217,
                "op_dispatch_b",
                "state.dispatch_output = self.experts.dispatcher.dispatch_b(",
            ),
            (
                "srt/batch_overlap/two_batch_overlap.py",
                1036,
                "dispatch_b",
                'return self._execute("dispatch_b", **kwargs)',
            ),
            (
                "srt/batch_overlap/two_batch_overlap.py",
                1027,
                "_execute",
                "return getattr(self._inners[tbo_subbatch_index or 0], name)(**kwargs)",
            ),
            (
                "srt/layers/moe/token_dispatcher/deepep.py",
                801,
                "dispatch_b",
                "return self._get_impl().dispatch_b(*inner_state)",
            ),
            (
                "srt/layers/moe/token_dispatcher/deepep.py",
                410,
                "dispatch_b",
                ") = self._dispatch_core(hidden_states, topk_ids, topk_weights, previous_event)",
            ),
            ("srt/layers/moe/token_dispatcher/deepep.py", 458, "_dispatch_core", ") = buffer.dispatch("),
        )
    raise ValueError(v)


def overlap_thread_tbo_dispatch(lib: str) -> tuple:
    """0.5.1.post3's overlap thread (tp_worker_overlap_thread.py) into TBO's dispatch_b (sglang#9435's path)."""
    return (
        ("srt/managers/tp_worker_overlap_thread.py", 141, "forward_thread_func", "self.forward_thread_func_()"),
        (f"{lib}/torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
        (
            "srt/managers/tp_worker_overlap_thread.py",
            176,
            "forward_thread_func_",
            "self.worker.forward_batch_generation(",
        ),
        (
            "srt/managers/tp_worker.py",
            239,
            "forward_batch_generation",
            "logits_output, can_run_cuda_graph = self.model_runner.forward(",
        ),
        ("srt/model_executor/model_runner.py", 1752, "forward", "output = self._forward_raw("),
        ("srt/model_executor/model_runner.py", 1797, "_forward_raw", "ret = self.forward_extend("),
        ("srt/model_executor/model_runner.py", 1697, "forward_extend", "return self.model.forward("),
        (f"{lib}/torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
        ("srt/models/deepseek_v2.py", 2204, "forward", "hidden_states = self.model("),
        (f"{lib}/torch/nn/modules/module.py", 1739, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
        (f"{lib}/torch/nn/modules/module.py", 1750, "_call_impl", "return forward_call(*args, **kwargs)"),
        ("srt/models/deepseek_v2.py", 2080, "forward", "hidden_states, residual = model_forward_maybe_tbo("),
        ("srt/two_batch_overlap.py", 807, "model_forward_maybe_tbo", "return _model_forward_tbo("),
        ("srt/two_batch_overlap.py", 839, "_model_forward_tbo", "outputs_arr = execute_overlapped_operations("),
        ("srt/operations.py", 51, "execute_overlapped_operations", "executor_a.next()"),
        ("srt/operations.py", 104, "next", "self._stage_output = op.fn("),
        (
            "srt/models/deepseek_v2.py",
            695,
            "op_dispatch_b",
            "state.dispatch_output = self.experts.deepep_dispatcher.dispatch_b(",
        ),
        ("srt/two_batch_overlap.py", 980, "dispatch_b", 'return self._execute("dispatch_b", **kwargs)'),
        (
            "srt/two_batch_overlap.py",
            971,
            "_execute",
            "return getattr(self._inners[tbo_subbatch_index or 0], name)(**kwargs)",
        ),
        (
            "srt/layers/moe/token_dispatcher/deepep.py",
            688,
            "dispatch_b",
            "return self._get_impl(forward_batch).dispatch_b(*inner_state)",
        ),
        (
            "srt/layers/moe/token_dispatcher/deepep.py",
            337,
            "dispatch_b",
            ") = self._dispatch_core(hidden_states, topk_idx, topk_weights, previous_event)",
        ),
        ("srt/layers/moe/token_dispatcher/deepep.py", 376, "_dispatch_core", ") = buffer.dispatch("),
    )


def sched_init_052(lib: str) -> tuple:
    """0.5.2: run_scheduler_process -> Scheduler -> TpModelWorkerClient -> TpModelWorker -> ModelRunner.initialize."""
    return (
        ("srt/managers/scheduler.py", 2587, "run_scheduler_process", "scheduler = Scheduler("),
        ("srt/managers/scheduler.py", 329, "__init__", "self.tp_worker = TpWorkerClass("),
        ("srt/managers/tp_worker_overlap_thread.py", 71, "__init__", "self.worker = TpModelWorker("),
        ("srt/managers/tp_worker.py", 93, "__init__", "self.model_runner = ModelRunner("),
        ("srt/model_executor/model_runner.py", 250, "__init__", "self.initialize(min_per_gpu_memory)"),
    )


def sched_init_055() -> tuple:
    return (
        ("srt/managers/scheduler.py", 2802, "run_scheduler_process", "scheduler = Scheduler("),
        ("srt/managers/scheduler.py", 311, "__init__", "self.tp_worker = TpModelWorker("),
        ("srt/managers/tp_worker.py", 237, "__init__", "self._model_runner = ModelRunner("),
        ("srt/model_executor/model_runner.py", 322, "__init__", "self.initialize(min_per_gpu_memory)"),
    )


def capture_052(lib: str) -> tuple:
    """0.5.2: ModelRunner.initialize -> init_device_graphs -> CudaGraphRunner -> capture -> one batch size -> forward."""
    return sched_init_052(lib) + (
        ("srt/model_executor/model_runner.py", 386, "initialize", "self.init_device_graphs()"),
        (
            "srt/model_executor/model_runner.py",
            1761,
            "init_device_graphs",
            "self.graph_runner = graph_runners[self.device](self)",
        ),
        ("srt/model_executor/cuda_graph_runner.py", 389, "__init__", "self.capture()"),
        ("srt/model_executor/cuda_graph_runner.py", 497, "capture", ") = self.capture_one_batch_size(bs, forward)"),
        ("srt/model_executor/cuda_graph_runner.py", 668, "capture_one_batch_size", "run_once()"),
        ("srt/model_executor/cuda_graph_runner.py", 657, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
        (f"{lib}/torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
        ("srt/models/deepseek_v2.py", 2444, "forward", "hidden_states = self.model("),
        (f"{lib}/torch/nn/modules/module.py", 1773, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
        (f"{lib}/torch/nn/modules/module.py", 1784, "_call_impl", "return forward_call(*args, **kwargs)"),
    )


def tbo_decode_dispatch_a_052(lib: str) -> tuple:
    """0.5.2 inside a TBO forward (capture or replay): the first low-latency dispatch makes DeepEP's buffer."""
    return (
        ("srt/models/deepseek_v2.py", 2318, "forward", "hidden_states, residual = model_forward_maybe_tbo("),
        ("srt/two_batch_overlap.py", 807, "model_forward_maybe_tbo", "return _model_forward_tbo("),
        ("srt/two_batch_overlap.py", 839, "_model_forward_tbo", "outputs_arr = execute_overlapped_operations("),
        ("srt/operations.py", 48, "execute_overlapped_operations", "executor_a.next()"),
        ("srt/operations.py", 104, "next", "self._stage_output = op.fn("),
        ("srt/models/deepseek_v2.py", 737, "op_dispatch_a", "self.experts.deepep_dispatcher.dispatch_a("),
        ("srt/two_batch_overlap.py", 977, "dispatch_a", 'return self._execute("dispatch_a", **kwargs)'),
        (
            "srt/two_batch_overlap.py",
            971,
            "_execute",
            "return getattr(self._inners[tbo_subbatch_index or 0], name)(**kwargs)",
        ),
        (
            "srt/layers/moe/token_dispatcher/deepep.py",
            680,
            "dispatch_a",
            "inner_state = self._get_impl(forward_batch).dispatch_a(",
        ),
        (
            "srt/layers/moe/token_dispatcher/deepep.py",
            520,
            "dispatch_a",
            "hidden_states, masked_m, event, hook = self._dispatch_core(",
        ),
        ("srt/layers/moe/token_dispatcher/deepep.py", 554, "_dispatch_core", "buffer = self._get_buffer()"),
        ("srt/layers/moe/token_dispatcher/deepep.py", 609, "_get_buffer", "return DeepEPBuffer.get_deepep_buffer("),
        ("srt/layers/moe/token_dispatcher/deepep.py", 189, "get_deepep_buffer", "cls._buffer = Buffer("),
        (
            "+deep_ep/buffer.py",
            88,
            "__init__",
            "self.runtime = deep_ep_cpp.Buffer(self.rank, self.group_size, num_nvl_bytes, num_rdma_bytes, low_latency_mode, explicitly_destroy)",
        ),
    )


def launcher_057(error: str) -> str:
    return (
        f"{TB}\n"
        + tb(
            PY312,
            PY312,
            *RUNPY312,
            ("launch_server.py", 32, "<module>", "run_server(server_args)"),
            ("launch_server.py", 25, "run_server", "launch_server(server_args)"),
            ("srt/entrypoints/http_server.py", 1692, "launch_server", "_launch_subprocesses("),
            ("srt/entrypoints/engine.py", 913, "_launch_subprocesses", "server_args.check_server_args()"),
            ("srt/server_args.py", 4666, "check_server_args", "raise ValueError("),
        )
        + f"\n{error}"
    )


def post_init_047(line: int, code: str, error: str) -> str:
    return (
        f"{TB}\n"
        + tb(
            WS,
            PY310,
            *RUNPY310,
            ("launch_server.py", 11, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
            ("srt/server_args.py", 1559, "prepare_server_args", "server_args = ServerArgs.from_cli_args(raw_args)"),
            (
                "srt/server_args.py",
                1502,
                "from_cli_args",
                "return cls(**{attr: getattr(args, attr) for attr in attrs})",
            ),
            ("<string>", 166, "__init__", ""),
            ("srt/server_args.py", line, "__post_init__", code),
        )
        + f"\n{error}"
    )


USAGE = (
    "usage: launch_server.py [-h] --model-path MODEL_PATH\n"
    "                        [--tokenizer-path TOKENIZER_PATH]\n"
    "                        [--host HOST] [--port PORT]\n"
    "                        [--tokenizer-mode {auto,slow}]\n"
    "                        [--skip-tokenizer-init] [--load-format {auto,pt,safetensors,npcache,dummy,sharded_state,gguf,bitsandbytes,layered,remote}]\n"
    "                        ..."
)
DSV3 = "/models/DeepSeek-V3-0324"
DSR1 = "/models/DeepSeek-R1"

# ============================================================================================ argument checks
case(
    "tbo_without_a2a_backend_057",
    "0.5.7",
    "sglang-0.5.7 server_args.py check_server_args (added by sglang PR #14901 after #12698); engine.py _launch_subprocesses",
    "config_error",
    "0.5.7 refuses TBO without an all-to-all backend at check_server_args, before any process starts",
    join(
        f"{ts(1)} Attention backend not specified. Use fa3 backend by default.",
        launcher_057("ValueError: When enabling two batch overlap, moe_a2a_backend cannot be 'none'."),
    ),
)

case(
    "deepep_auto_with_dp_attention_047",
    "0.4.7",
    "sglang-0.4.7 server_args.py __post_init__ (DeepEP MoE block); recipe of sglang#4068 (--enable-dp-attention --enable-deepep-moe --enable-two-batch-overlap)",
    "config_error",
    "0.4.7 asserts that deepep_mode auto (the default) cannot go with DP attention; the TBO recipe needs --deepep-mode normal/low_latency",
    join(
        "DP attention is enabled. The chunked prefill size is adjusted to 4096 to avoid MoE kernel issues. ",
        post_init_047(
            372,
            "not self.enable_dp_attention",
            "AssertionError: DeepEP MoE `auto` mode is not supported with DP Attention.",
        ),
    ),
)

case(
    "dp_attention_without_dp_size_047",
    "0.4.7",
    "sglang-0.4.7 server_args.py __post_init__ (Data parallelism attention)",
    "config_error",
    "--enable-dp-attention (which 0.4.7's TBO rides on) without --dp > 1 fails the dp-size assert",
    post_init_047(
        353, "self.dp_size > 1", "AssertionError: Please set a dp-size > 1. You can use 1 < dp-size <= tp-size "
    ),
)

case(
    "enable_deepep_moe_flag_removed_055",
    "0.5.5",
    "sglang-0.5.5 server_args.py add_cli_args (no --enable-deepep-moe; 0.5.0rc2-0.5.2 only warned it was deprecated); argparse",
    "config_error",
    "an old TBO recipe's --enable-deepep-moe is not an argument of 0.5.5: argparse exits 2 before anything starts",
    join(
        "$ python3 -m sglang.launch_server --model-path /models/DeepSeek-V3-0324 --tp 16 --dp 16 --enable-dp-attention --enable-deepep-moe --deepep-mode low_latency --enable-two-batch-overlap --nnodes 2 --node-rank 0 --dist-init-addr 10.0.0.11:5757 --trust-remote-code",
        USAGE,
        "launch_server.py: error: unrecognized arguments: --enable-deepep-moe",
    ),
)

case(
    "sbo_flag_before_it_existed_052",
    "0.5.2",
    "sglang-0.5.2 server_args.py (no enable_single_batch_overlap; it appears in 0.5.5 with single_batch_overlap.py); argparse",
    "config_error",
    "--enable-single-batch-overlap is unknown to 0.5.2",
    join(
        USAGE,
        "launch_server.py: error: unrecognized arguments: --enable-single-batch-overlap",
    ),
)

case(
    "deepep_mode_invalid_choice_049",
    "0.4.9.post2",
    "sglang-0.4.9.post2 server_args.py --deepep-mode choices; argparse (python3.10)",
    "config_error",
    "a dash instead of an underscore in the DeepEP mode",
    join(
        USAGE,
        "launch_server.py: error: argument --deepep-mode: invalid choice: 'low-latency' (choose from 'normal', 'low_latency', 'auto')",
    ),
)

case(
    "deepep_not_installed_055",
    "0.5.5",
    "sglang-0.5.5 layers/moe/token_dispatcher/deepep.py _DeepEPDispatcherImplBase (ImportError); fused_moe_triton/layer.py create_moe_dispatcher",
    "config_error",
    "--moe-a2a-backend deepep with TBO in an image without deep_ep: the dispatcher refuses while the model is built",
    join(
        sargs(
            0,
            DSV3,
            tp_size=8,
            dp_size=8,
            enable_dp_attention=True,
            moe_a2a_backend="deepep",
            deepep_mode="low_latency",
            enable_two_batch_overlap=True,
        ),
        f"{ts(1)} DeepEP MoE is enabled. The expert parallel size is adjusted to be the same as the tensor parallel size[8].",
        boot("0.5.5", until="dist"),
        f"{ts(13, R0)} Load weight begin. avail mem=138.61 GB",
        f"{ts(14, R0)} Scheduler hit an exception: {TB}\n"
        + tb(
            PY312,
            PY312,
            *sched_init_055(),
            ("srt/model_executor/model_runner.py", 398, "initialize", "self.load_model()"),
            ("srt/model_executor/model_runner.py", 752, "load_model", "self.model = get_model("),
            ("srt/model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
            ("srt/model_loader/loader.py", 594, "load_model", "model = _initialize_model("),
            ("srt/model_loader/loader.py", 262, "_initialize_model", "return model_class(**kwargs)"),
            ("srt/models/deepseek_v2.py", 3031, "__init__", "self.model = DeepseekV2Model("),
            (
                "srt/models/deepseek_v2.py",
                2823,
                "__init__",
                "self.layers, self.start_layer, self.end_layer = make_layers(",
            ),
            ("srt/utils/common.py", 578, "make_layers", "layer_fn(idx=idx, prefix=add_prefix(idx, prefix))"),
            ("srt/models/deepseek_v2.py", 2825, "<lambda>", "lambda idx, prefix: DeepseekV2DecoderLayer("),
            ("srt/models/deepseek_v2.py", 2613, "__init__", "self.mlp = DeepseekV2MoE("),
            ("srt/models/deepseek_v2.py", 625, "__init__", "self.experts = get_moe_impl_class(quant_config)("),
            ("srt/layers/moe/ep_moe/layer.py", 72, "__init__", "super().__init__("),
            (
                "srt/layers/moe/fused_moe_triton/layer.py",
                231,
                "__init__",
                "self.dispatcher = create_moe_dispatcher(self.moe_runner_config)",
            ),
            (
                "srt/layers/moe/fused_moe_triton/layer.py",
                80,
                "create_moe_dispatcher",
                "return MaybeTboDeepEPDispatcher(",
            ),
            (
                "srt/two_batch_overlap.py",
                976,
                "__init__",
                "DeepEPDispatcher(**kwargs) for _ in range(num_inner_dispatchers)",
            ),
            (
                "srt/layers/moe/token_dispatcher/deepep.py",
                728,
                "__init__",
                "self._low_latency_dispatcher = _DeepEPDispatcherImplLowLatency(",
            ),
            ("srt/layers/moe/token_dispatcher/deepep.py", 512, "__init__", "super().__init__(**kwargs)"),
            ("srt/layers/moe/token_dispatcher/deepep.py", 295, "__init__", "raise ImportError("),
        )
        + "\nImportError: DeepEP is not installed. Please install DeepEP package from https://github.com/deepseek-ai/deepep.",
        sigquit(15),
    ),
)

case(
    "sbo_upstream_deepep_api_mismatch_capture_055",
    "0.5.5",
    "sglang-0.5.5 single_batch_overlap.py execute_sbo; token_dispatcher/deepep.py _DeepEPDispatcherImplLowLatency._combine_core passes overlap=/src_signals=; deepseek-ai/DeepEP#390 (SBO needs the patched combine)",
    "config_error",
    "SBO hands low_latency_combine keyword arguments an upstream DeepEP build does not have: a library API mismatch, during decode graph capture",
    join(
        sargs(
            0,
            DSV3,
            tp_size=8,
            dp_size=8,
            enable_dp_attention=True,
            moe_a2a_backend="deepep",
            deepep_mode="low_latency",
            enable_single_batch_overlap=True,
            cuda_graph_max_bs=128,
        ),
        boot("0.5.5", until="graph"),
        f"{ts(99, R0)} Scheduler hit an exception: {TB}\n"
        + tb(
            PY312,
            PY312,
            *sched_init_055(),
            ("srt/model_executor/model_runner.py", 479, "initialize", "self.init_device_graphs()"),
            (
                "srt/model_executor/model_runner.py",
                1995,
                "init_device_graphs",
                "self.graph_runner = graph_runners[self.device](self)",
            ),
            ("srt/model_executor/cuda_graph_runner.py", 381, "__init__", "self.capture()"),
            ("srt/model_executor/cuda_graph_runner.py", 500, "capture", ") = self.capture_one_batch_size(bs, forward)"),
            ("srt/model_executor/cuda_graph_runner.py", 692, "capture_one_batch_size", "run_once()"),
            (
                "srt/model_executor/cuda_graph_runner.py",
                679,
                "run_once",
                "logits_output_or_pp_proxy_tensors = forward(",
            ),
            ("srt/models/deepseek_v2.py", 3093, "forward", "hidden_states = self.model("),
            ("srt/models/deepseek_v2.py", 2900, "forward", "hidden_states, residual = layer("),
            ("srt/models/deepseek_v2.py", 2658, "forward", "hidden_states = self.mlp("),
            ("srt/models/deepseek_v2.py", 755, "forward", "return self.forward_deepep(hidden_states, forward_batch)"),
            ("srt/models/deepseek_v2.py", 956, "forward_deepep", "final_hidden_states = self.experts("),
            ("srt/layers/moe/ep_moe/layer.py", 152, "forward", "return single_batch_overlap.execute_sbo("),
            ("srt/single_batch_overlap.py", 101, "execute_sbo", "hidden_states = experts.dispatcher.combine("),
            (
                "srt/layers/moe/token_dispatcher/deepep.py",
                768,
                "combine",
                "self.combine_a(combine_input, overlap_args)",
            ),
            (
                "srt/layers/moe/token_dispatcher/deepep.py",
                778,
                "combine_a",
                "inner_state = self._get_impl().combine_a(",
            ),
            (
                "srt/layers/moe/token_dispatcher/deepep.py",
                622,
                "combine_a",
                "hidden_states, event, hook = self._combine_core(",
            ),
            (
                "srt/layers/moe/token_dispatcher/deepep.py",
                656,
                "_combine_core",
                "combined_hidden_states, event, hook = buffer.low_latency_combine(",
            ),
        )
        + "\nTypeError: Buffer.low_latency_combine() got an unexpected keyword argument 'overlap'",
        sigquit(100),
    ),
)

case(
    "sbo_with_deepep_normal_unpack_warmup_055",
    "0.5.5",
    "sglang-0.5.5 single_batch_overlap.py _compute_overlap_args (unpacks a 3-D low-latency hidden_states); server_args.py (normal mode disables cuda graph); http_server warm-up",
    "config_error",
    "SBO only works on the low-latency dispatch layout: with --deepep-mode normal the first (warm-up) prefill dies unpacking a 2-D tensor",
    join(
        sargs(
            0,
            DSR1,
            tp_size=8,
            dp_size=8,
            enable_dp_attention=True,
            moe_a2a_backend="deepep",
            deepep_mode="normal",
            enable_single_batch_overlap=True,
            disaggregation_mode="prefill",
        ),
        f"{ts(1)} Cuda graph is disabled because deepep_mode=`normal`",
        f"{ts(1)} DeepEP MoE is enabled. The expert parallel size is adjusted to be the same as the tensor parallel size[8].",
        boot("0.5.5", graph=False, until="ready_info"),
        uvicorn(134),
        f"{ts(136)} Start of pd disaggregation warmup ...",
        f"{ts(137, R0)} Prefill batch, #new-seq: 1, #new-token: 4, #cached-token: 0, token usage: 0.00, #unbootstrapped-req: 0, #queue-req: 0, #transferring-req: 0, input throughput (token/s): 0.00, ",
        f"{ts(138, R0)} Scheduler hit an exception: {TB}\n"
        + tb(
            PY312,
            PY312,
            (
                "srt/managers/scheduler.py",
                2832,
                "run_scheduler_process",
                "scheduler.event_loop_normal_disagg_prefill()",
            ),
            (f"{PY312}/torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
            (
                "srt/disaggregation/prefill.py",
                330,
                "event_loop_normal_disagg_prefill",
                "result = self.run_batch(batch)",
            ),
            (
                "srt/managers/scheduler.py",
                1987,
                "run_batch",
                "batch_result = self.model_worker.forward_batch_generation(",
            ),
            (
                "srt/managers/tp_worker.py",
                360,
                "forward_batch_generation",
                "logits_output, can_run_cuda_graph = self.model_runner.forward(",
            ),
            ("srt/model_executor/model_runner.py", 2128, "forward", "output = self._forward_raw("),
            ("srt/model_executor/model_runner.py", 2206, "_forward_raw", "ret = self.forward_extend("),
            ("srt/model_executor/model_runner.py", 2073, "forward_extend", "return self.model.forward("),
            ("srt/models/deepseek_v2.py", 3093, "forward", "hidden_states = self.model("),
            ("srt/models/deepseek_v2.py", 2900, "forward", "hidden_states, residual = layer("),
            ("srt/models/deepseek_v2.py", 2658, "forward", "hidden_states = self.mlp("),
            ("srt/models/deepseek_v2.py", 755, "forward", "return self.forward_deepep(hidden_states, forward_batch)"),
            ("srt/models/deepseek_v2.py", 956, "forward_deepep", "final_hidden_states = self.experts("),
            ("srt/layers/moe/ep_moe/layer.py", 152, "forward", "return single_batch_overlap.execute_sbo("),
            (
                "srt/single_batch_overlap.py",
                84,
                "execute_sbo",
                "_compute_overlap_args(dispatch_output, alt_stream, disable_sbo=disable_sbo)",
            ),
            (
                "srt/single_batch_overlap.py",
                118,
                "_compute_overlap_args",
                "num_local_experts, num_tokens_static, hidden_dim = hidden_states.shape",
            ),
        )
        + "\nValueError: not enough values to unpack (expected 3, got 2)",
        sigquit(139),
    ),
)

case(
    "tbo_per_token_recorder_assert_055",
    "0.5.5",
    "sglang-0.5.5 eplb/expert_distribution.py _DetailSinglePassGatherer; model_runner.py initialize (set_global_expert_distribution_recorder)",
    "config_error",
    "--expert-distribution-recorder-mode per_token is refused with TBO right after torch distributed is up",
    join(
        sargs(
            0,
            DSV3,
            tp_size=8,
            dp_size=8,
            enable_dp_attention=True,
            moe_a2a_backend="deepep",
            enable_two_batch_overlap=True,
            expert_distribution_recorder_mode="per_token",
        ),
        boot("0.5.5", until="dist"),
        f"{ts(12, R0)} Scheduler hit an exception: {TB}\n"
        + tb(
            PY312,
            PY312,
            *sched_init_055(),
            ("srt/model_executor/model_runner.py", 376, "initialize", "ExpertDistributionRecorder.init_new("),
            ("srt/eplb/expert_distribution.py", 62, "init_new", "return _ExpertDistributionRecorderReal("),
            ("srt/eplb/expert_distribution.py", 143, "__init__", "self._single_pass_gatherers = {"),
            (
                "srt/eplb/expert_distribution.py",
                144,
                "<dictcomp>",
                "k: _SinglePassGatherer.init_new(server_args, expert_location_metadata, rank)",
            ),
            ("srt/eplb/expert_distribution.py", 296, "init_new", "return _DetailSinglePassGatherer("),
            ("srt/eplb/expert_distribution.py", 375, "__init__", "assert ("),
        )
        + "\nAssertionError: DetailSinglePassGatherer does not support TBO yet",
        sigquit(13),
    ),
)

case(
    "tbo_threshold_above_half_warmup_052",
    "0.5.2",
    "sglang-0.5.2 two_batch_overlap.py _is_two_chunk_split_enabled (assert threshold <= 0.5); scheduler.py prepare_mlp_sync_batch_raw -> TboDPAttentionPreparer.prepare_all_gather; server_args --tbo-token-distribution-threshold",
    "config_error",
    "--tbo-token-distribution-threshold 0.6 passes argparse (a float) but the batch splitter asserts <= 0.5 at the warm-up's first prefill",
    join(
        sargs(
            0,
            DSV3,
            tp_size=8,
            dp_size=8,
            enable_dp_attention=True,
            moe_a2a_backend="deepep",
            deepep_mode="normal",
            enable_two_batch_overlap=True,
            tbo_token_distribution_threshold=0.6,
        ),
        f"{ts(1)} Cuda graph is disabled because deepep_mode=`normal`",
        boot("0.5.2", graph=False, until="ready_info"),
        uvicorn(134),
        f"{ts(136, R0)} Scheduler hit an exception: {TB}\n"
        + tb(
            PY312,
            PY312,
            ("srt/managers/scheduler.py", 2610, "run_scheduler_process", "scheduler.event_loop_overlap()"),
            (f"{PY312}/torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
            ("srt/managers/scheduler.py", 835, "event_loop_overlap", "batch = self.get_next_batch_to_run()"),
            (
                "srt/managers/scheduler.py",
                1579,
                "get_next_batch_to_run",
                "new_batch = self.prepare_mlp_sync_batch(new_batch)",
            ),
            ("srt/managers/scheduler.py", 1903, "prepare_mlp_sync_batch", "return self.prepare_mlp_sync_batch_raw("),
            ("srt/managers/scheduler.py", 1971, "prepare_mlp_sync_batch_raw", "*tbo_preparer.prepare_all_gather("),
            (
                "srt/two_batch_overlap.py",
                381,
                "prepare_all_gather",
                "self.local_tbo_split_seq_index = compute_split_seq_index(",
            ),
            ("srt/two_batch_overlap.py", 73, "compute_split_seq_index", "return _split_extend_seqs(extend_lens)"),
            ("srt/two_batch_overlap.py", 99, "_split_extend_seqs", "if _is_two_chunk_split_enabled(arr):"),
            ("srt/two_batch_overlap.py", 92, "_is_two_chunk_split_enabled", 'assert threshold <= 0.5, f"{threshold=}"'),
        )
        + "\nAssertionError: threshold=0.6",
        sigquit(137),
    ),
)

case(
    "tbo_pp_missing_layer_054",
    "0.5.4",
    "sglang#12427 (TBO with TP+DP+EP+PP+DP attention: layers[0].layer_scatter_modes on a PPMissingLayer); sglang-0.5.4 two_batch_overlap.py model_forward_maybe_tbo",
    "config_error",
    "TBO does not support pipeline parallelism: the second stage's first layer is a PPMissingLayer, the warm-up forward dies",
    join(
        sargs(
            0,
            DSV3,
            tp_size=8,
            pp_size=2,
            dp_size=8,
            enable_dp_attention=True,
            moe_a2a_backend="deepep",
            deepep_mode="normal",
            enable_two_batch_overlap=True,
            nnodes=2,
        ),
        f"{ts(1)} Pipeline parallelism is incompatible with overlap schedule.",
        boot("0.5.4", rank="DP0 TP0 EP0 PP1", graph=False, until="ready_info"),
        uvicorn(134),
        f"{ts(136, 'DP0 TP0 EP0 PP1')} Scheduler hit an exception: {TB}\n"
        + tb(
            "/sglang/python",
            PY310,
            ("srt/managers/scheduler.py", 2770, "run_scheduler_process", "scheduler.event_loop_pp()"),
            (f"{PY310}/torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
            ("srt/managers/scheduler_pp_mixin.py", 96, "event_loop_pp", "result = self.run_batch(self.cur_batch)"),
            (
                "srt/managers/scheduler.py",
                2109,
                "run_batch",
                "pp_proxy_tensors, can_run_cuda_graph = self.tp_worker.forward_batch_generation(",
            ),
            (
                "srt/managers/tp_worker.py",
                283,
                "forward_batch_generation",
                "pp_proxy_tensors, can_run_cuda_graph = self.model_runner.forward(",
            ),
            ("srt/model_executor/model_runner.py", 2044, "forward", "output = self._forward_raw("),
            ("srt/model_executor/model_runner.py", 2096, "_forward_raw", "ret = self.forward_extend("),
            ("srt/model_executor/model_runner.py", 1996, "forward_extend", "return self.model.forward("),
            ("srt/models/deepseek_v2.py", 2712, "forward", "hidden_states = self.model("),
            (
                f"{PY310}/torch/nn/modules/module.py",
                1736,
                "_wrapped_call_impl",
                "return self._call_impl(*args, **kwargs)",
            ),
            (f"{PY310}/torch/nn/modules/module.py", 1747, "_call_impl", "return forward_call(*args, **kwargs)"),
            ("srt/models/deepseek_v2.py", 2496, "forward", "hidden_states, residual = model_forward_maybe_tbo("),
            (
                "srt/two_batch_overlap.py",
                835,
                "model_forward_maybe_tbo",
                "layer_input_scatter_mode = layers[0].layer_scatter_modes.layer_input_mode",
            ),
            (f"{PY310}/torch/nn/modules/module.py", 1931, "__getattr__", "raise AttributeError("),
        )
        + "\nAttributeError: 'PPMissingLayer' object has no attribute 'layer_scatter_modes'",
        sigquit(137),
    ),
)

# ============================================================================================ memory
case(
    "deepep_buffer_oom_graph_capture_052",
    "0.5.2",
    "sglang-0.5.2 token_dispatcher/deepep.py DeepEPBuffer.get_deepep_buffer (made at the first dispatch); DeepEP csrc EPException / CUDA_CHECK; sglang#5285 and #29942 (DeepEP buffer made during graph capture)",
    "oom_moe_workspace",
    "DeepEP's NVL buffer is allocated lazily by the first dispatch, which is the first TBO capture: the cudaMalloc there fails",
    join(
        sargs(
            0,
            DSV3,
            tp_size=8,
            dp_size=8,
            enable_dp_attention=True,
            moe_a2a_backend="deepep",
            deepep_mode="auto",
            enable_two_batch_overlap=True,
            mem_fraction_static=0.92,
        ),
        f"{ts(1)} DeepEP MoE is enabled. The expert parallel size is adjusted to be the same as the tensor parallel size[8].",
        boot("0.5.2", pool_end=2.31, until="graph"),
        f"{ts(99, R0)} Scheduler hit an exception: {TB}\n"
        + tb(WS, PY312, *capture_052(PY312), *tbo_decode_dispatch_a_052(PY312))
        + "\nRuntimeError: Failed: CUDA error /sgl-workspace/DeepEP/csrc/deep_ep.cpp:62 'out of memory'",
        sigquit(100),
    ),
)

case(
    "tbo_children_graph_state_oom_052",
    "0.5.2",
    "sglang-0.5.2 layers/attention/tbo_backend.py TboAttnBackend.init_cuda_graph_state (primary + two children, 'TODO for children, maybe can provide *smaller* max_bs'); cuda_graph_runner.py; torch caching allocator text",
    "oom_cuda_graph",
    "TBO triples the attention backend's graph buffers; the second child's page table does not fit after 'Capture cuda graph begin'",
    join(
        sargs(
            0,
            DSR1,
            tp_size=8,
            dp_size=8,
            enable_dp_attention=True,
            moe_a2a_backend="deepep",
            deepep_mode="low_latency",
            enable_two_batch_overlap=True,
            cuda_graph_max_bs=512,
            mem_fraction_static=0.9,
        ),
        boot("0.5.2", pool_end=4.02, until="graph")[:-1],
        f"{ts(98, R0)} Scheduler hit an exception: {TB}\n"
        + tb(
            WS,
            PY312,
            *sched_init_052(PY312),
            ("srt/model_executor/model_runner.py", 386, "initialize", "self.init_device_graphs()"),
            (
                "srt/model_executor/model_runner.py",
                1761,
                "init_device_graphs",
                "self.graph_runner = graph_runners[self.device](self)",
            ),
            (
                "srt/model_executor/cuda_graph_runner.py",
                293,
                "__init__",
                "self.model_runner.attn_backend.init_cuda_graph_state(",
            ),
            (
                "srt/layers/attention/tbo_backend.py",
                39,
                "init_cuda_graph_state",
                "item.init_cuda_graph_state(max_bs=max_bs, max_num_tokens=max_num_tokens)",
            ),
            (
                "srt/layers/attention/flashattention_backend.py",
                1208,
                "init_cuda_graph_state",
                '"page_table": torch.zeros(',
            ),
        )
        + "\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.25 GiB. GPU 0 has a total capacity of 139.81 GiB of which 612.19 MiB is free. Process 61522 has 139.19 GiB memory in use. Of the allocated memory 131.02 GiB is allocated by PyTorch, and 1.46 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
        sigquit(99),
    ),
)

case(
    "tbo_filter_batch_oom_after_ready_047",
    "0.4.7",
    "sglang-0.4.7 two_batch_overlap.py TboForwardBatchPreparer.filter_batch (torch.zeros gathered_buffer per child when moe_dense_tp_size == 1); tp_worker_overlap_thread.py TpModelWorkerClient wrapper",
    "oom_runtime",
    "after ready, a long prefill is split into two children and each allocates its own gathered buffer; the overlap thread dies on the OOM",
    join(
        sargs(
            0,
            DSV3,
            tp_size=8,
            dp_size=8,
            enable_dp_attention=True,
            enable_deepep_moe=True,
            deepep_mode="normal",
            enable_two_batch_overlap=True,
            moe_dense_tp_size=1,
            chunked_prefill_size=65536,
        ),
        "DP attention is enabled. The chunked prefill size is adjusted to 8192 to avoid MoE kernel issues. ",
        "Cuda graph is disabled because deepep_mode=`normal`",
        "DeepEP MoE is enabled. The expert parallel size is adjusted to be the same as the tensor parallel size[8].",
        boot("0.4.7", rank="DP0 TP0", graph=False, until="ready_info"),
        uvicorn(134),
        ready(140),
        f"{ts(200, 'DP0 TP0')} Prefill batch. #new-seq: 3, #new-token: 8192, #cached-token: 0, token usage: 0.62, #running-req: 211, #queue-req: 40",
        f"{ts(201, 'DP0 TP0')} TpModelWorkerClient hit an exception: {TB}\n"
        + tb(
            WS,
            PY310,
            ("srt/managers/tp_worker_overlap_thread.py", 118, "forward_thread_func", "self.forward_thread_func_()"),
            (f"{PY310}/torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
            (
                "srt/managers/tp_worker_overlap_thread.py",
                151,
                "forward_thread_func_",
                "self.worker.forward_batch_generation(",
            ),
            (
                "srt/managers/tp_worker.py",
                191,
                "forward_batch_generation",
                "forward_batch = ForwardBatch.init_new(model_worker_batch, self.model_runner)",
            ),
            ("srt/model_executor/forward_batch_info.py", 378, "init_new", "TboForwardBatchPreparer.prepare(ret)"),
            ("srt/two_batch_overlap.py", 228, "prepare", "cls.prepare_raw("),
            ("srt/two_batch_overlap.py", 264, "prepare_raw", "child_b = cls.filter_batch("),
            ("srt/two_batch_overlap.py", 351, "filter_batch", "gathered_buffer = torch.zeros("),
        )
        + "\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 7.00 GiB. GPU 3 has a total capacity of 139.81 GiB of which 3.18 GiB is free. Process 88120 has 136.62 GiB memory in use. Of the allocated memory 121.40 GiB is allocated by PyTorch, and 9.87 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
        sigquit(202),
    ),
)

case(
    "deepep_kv_pool_not_enough_055",
    "0.5.5",
    "sglang-0.5.5 model_runner.py init_memory_pool ('Not enough memory. Please try to increase --mem-fraction-static.')",
    "oom_kv_cache",
    "DeepSeek-V3 at EP8 with DeepEP and a low --mem-fraction-static leaves no KV tokens: the pool check refuses at start-up",
    join(
        sargs(
            0,
            DSV3,
            tp_size=8,
            dp_size=8,
            enable_dp_attention=True,
            moe_a2a_backend="deepep",
            enable_two_batch_overlap=True,
            mem_fraction_static=0.55,
        ),
        f"{ts(1)} DeepEP MoE is enabled. The expert parallel size is adjusted to be the same as the tensor parallel size[8].",
        boot("0.5.5", avail=78.61, weights=77.9, until="weights"),
        f"{ts(96, R0)} Scheduler hit an exception: {TB}\n"
        + tb(
            PY312,
            PY312,
            *sched_init_055(),
            ("srt/model_executor/model_runner.py", 471, "initialize", "self.init_memory_pool("),
            ("srt/model_executor/model_runner.py", 1627, "init_memory_pool", "raise RuntimeError("),
        )
        + "\nRuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: self.server_args.mem_fraction_static=0.55",
        sigquit(97),
    ),
)

case(
    "overlap_retract_then_decode_alloc_fail_055",
    "0.5.5",
    "sglang#14972 (overlap schedule + retract cause alloc fail); sglang-0.5.5 scheduler.py update_running_batch retract line, mem_cache/common.py alloc_token_slots",
    "oom_runtime",
    "after ready, the overlap scheduler retracts, then the next decode still cannot get KV slots and raises: a crash while serving",
    join(
        sargs(0, "/models/Qwen3-30B-A3B", tp_size=2, mem_fraction_static=0.88, max_running_requests=6),
        boot(
            "0.5.5",
            rank="TP0",
            model="Qwen3MoeForCausalLM",
            avail=78.9,
            weights=28.6,
            tokens=2048,
            kv_gb=0.19,
            pool_end=9.8,
            until="ready_info",
        ),
        uvicorn(134),
        ready(138),
        f"{ts(300, 'TP0')} Decode batch, #running-req: 6, #token: 1920, token usage: 0.94, cuda graph: True, gen throughput (token/s): 446.45, #queue-req: 5, ",
        f"{ts(301, 'TP0')} KV cache pool is full. Retract requests. #retracted_reqs: 1, #new_token_ratio: 0.3412 -> 0.5235",
        f"{ts(301, 'TP0')} Decode batch, #running-req: 5, #token: 2040, token usage: 1.00, cuda graph: True, gen throughput (token/s): 440.12, #queue-req: 6, ",
        f"{ts(302, 'TP0')} Out of memory. Try to lower your batch size.\nTry to allocate 5 tokens.\nAvailable tokens: 0 (available_size=0 + evictable_size=0)\n",
        f"{ts(302, 'TP0')} Scheduler hit an exception: {TB}\n"
        + tb(
            PY312,
            PY312,
            ("srt/managers/scheduler.py", 2826, "run_scheduler_process", "scheduler.event_loop_overlap()"),
            (f"{PY312}/torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
            ("srt/managers/scheduler.py", 985, "event_loop_overlap", "batch = self.get_next_batch_to_run()"),
            (
                "srt/managers/scheduler.py",
                1684,
                "get_next_batch_to_run",
                "self.running_batch = self.update_running_batch(self.running_batch)",
            ),
            ("srt/managers/scheduler.py", 1935, "update_running_batch", "batch.prepare_for_decode()"),
            (
                "srt/managers/schedule_batch.py",
                1614,
                "prepare_for_decode",
                "self.out_cache_loc = alloc_for_decode(self, token_per_req=1)",
            ),
            (
                "srt/mem_cache/common.py",
                440,
                "alloc_for_decode",
                "out_cache_loc = alloc_token_slots(batch.tree_cache, bs * token_per_req)",
            ),
            ("srt/mem_cache/common.py", 221, "alloc_token_slots", "raise RuntimeError(error_msg)"),
        )
        + "\nRuntimeError: Out of memory. Try to lower your batch size.\nTry to allocate 5 tokens.\nAvailable tokens: 0 (available_size=0 + evictable_size=0)",
        sigquit(303),
    ),
)

case(
    "deepep_normal_recv_buffer_oom_after_ready_052",
    "0.5.2",
    "sglang-0.5.2 token_dispatcher/deepep.py _DeepEPDispatcherImplNormal._dispatch_core (buffer.dispatch); DeepEP intranode_dispatch allocates recv_x = torch::empty({num_recv_tokens, hidden}); torch caching allocator text",
    "oom_runtime",
    "after ready, an expert-skewed prefill makes one rank receive far more tokens than usual; DeepEP's recv tensor does not fit",
    join(
        sargs(
            0,
            DSR1,
            tp_size=8,
            dp_size=8,
            enable_dp_attention=True,
            moe_a2a_backend="deepep",
            deepep_mode="normal",
            enable_two_batch_overlap=True,
            chunked_prefill_size=131072,
        ),
        f"{ts(1)} Cuda graph is disabled because deepep_mode=`normal`",
        boot("0.5.2", graph=False, until="ready_info"),
        uvicorn(134),
        ready(139),
        f"{ts(400, R0)} Prefill batch. #new-seq: 9, #new-token: 16384, #cached-token: 2048, token usage: 0.51, #running-req: 30, #queue-req: 71, ",
        f"{ts(401, 'DP5 TP5 EP5')} TpModelWorkerClient hit an exception: {TB}\n"
        + tb(
            WS,
            PY312,
            ("srt/managers/tp_worker_overlap_thread.py", 141, "forward_thread_func", "self.forward_thread_func_()"),
            (f"{PY312}/torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
            (
                "srt/managers/tp_worker_overlap_thread.py",
                174,
                "forward_thread_func_",
                "self.worker.forward_batch_generation(",
            ),
            (
                "srt/managers/tp_worker.py",
                251,
                "forward_batch_generation",
                "logits_output, can_run_cuda_graph = self.model_runner.forward(",
            ),
            ("srt/model_executor/model_runner.py", 1901, "forward", "output = self._forward_raw("),
            ("srt/model_executor/model_runner.py", 1952, "_forward_raw", "ret = self.forward_extend("),
            ("srt/model_executor/model_runner.py", 1846, "forward_extend", "return self.model.forward("),
            ("srt/models/deepseek_v2.py", 2444, "forward", "hidden_states = self.model("),
            ("srt/models/deepseek_v2.py", 2318, "forward", "hidden_states, residual = model_forward_maybe_tbo("),
            ("srt/two_batch_overlap.py", 807, "model_forward_maybe_tbo", "return _model_forward_tbo("),
            ("srt/two_batch_overlap.py", 839, "_model_forward_tbo", "outputs_arr = execute_overlapped_operations("),
            ("srt/operations.py", 52, "execute_overlapped_operations", "executor_b.next()"),
            ("srt/operations.py", 104, "next", "self._stage_output = op.fn("),
            (
                "srt/models/deepseek_v2.py",
                750,
                "op_dispatch_b",
                "state.dispatch_output = self.experts.deepep_dispatcher.dispatch_b(",
            ),
            ("srt/two_batch_overlap.py", 980, "dispatch_b", 'return self._execute("dispatch_b", **kwargs)'),
            (
                "srt/two_batch_overlap.py",
                971,
                "_execute",
                "return getattr(self._inners[tbo_subbatch_index or 0], name)(**kwargs)",
            ),
            (
                "srt/layers/moe/token_dispatcher/deepep.py",
                691,
                "dispatch_b",
                "return self._get_impl(forward_batch).dispatch_b(*inner_state)",
            ),
            (
                "srt/layers/moe/token_dispatcher/deepep.py",
                346,
                "dispatch_b",
                ") = self._dispatch_core(hidden_states, topk_idx, topk_weights, previous_event)",
            ),
            ("srt/layers/moe/token_dispatcher/deepep.py", 385, "_dispatch_core", ") = buffer.dispatch("),
            (
                f"{PY312}/deep_ep/buffer.py",
                344,
                "dispatch",
                "self.runtime.intranode_dispatch(x, x_scales, topk_idx, topk_weights,",
            ),
        )
        + "\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 4.38 GiB. GPU 5 has a total capacity of 139.81 GiB of which 2.91 GiB is free. Process 70415 has 136.89 GiB memory in use. Of the allocated memory 127.33 GiB is allocated by PyTorch, and 4.02 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
        sigquit(402),
    ),
)

# ============================================================================================ between ranks
case(
    "tbo_deepep_cpu_recv_timeout_deepgemm_warmup_057",
    "0.5.7",
    "sglang#15598 (TBO + deepep normal: DeepGEMM warmup bar on one rank, `DeepEP error: CPU recv timeout` on TP1 EP1); sglang-0.5.7 deep_gemm_wrapper/compile_utils.py; DeepEP csrc intranode_dispatch",
    "nccl_or_distributed",
    "one rank is still JIT-compiling DeepGEMM at the warm-up's first prefill while its peers wait in DeepEP's intranode dispatch and time out",
    join(
        sargs(
            0, DSV3, tp_size=8, ep_size=8, moe_a2a_backend="deepep", deepep_mode="normal", enable_two_batch_overlap=True
        ),
        f"{ts(1)} Cuda graph is disabled because deepep_mode=`normal`",
        boot("0.5.7", rank="TP0 EP0", graph=False, until="ready_info"),
        uvicorn(134),
        f"{ts(136, 'TP0 EP0')} Prefill batch, #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, input throughput (token/s): 0.00, ",
        f"{ts(136, 'TP0 EP0')} Entering DeepGEMM JIT Pre-Compile session. It may take a long time (typically 10-20 mins) if you have not run `sglang.compile_deep_gemm`. It is recommended to run `sglang.compile_deep_gemm` with same args as `sglang.launch_server` for pre-compilation to reduce the overhead if you have not run it before. For example: `python3 -m sglang.compile_deep_gemm --model deepseek-ai/DeepSeek-V3 --tp 8 --trust-remote-code`",
        f"{ts(136, 'TP0 EP0')} Try DeepGEMM JIT Compiling for <GROUPED_GEMM_NT_F8F8BF16_CONTIG> N=4096, K=7168, num_groups=32 with all Ms. It only takes a little time (typically 1 sec) if you have run `python3 -m sglang.compile_deep_gemm`. ",
        "DeepGEMM warmup:   2%|█▌                                                                        | 11/512 [01:09<57:05,  6.84s/it]"
        f"{ts(236, 'TP1 EP1')} Scheduler hit an exception: {TB}\n"
        + tb(
            PY312,
            PY312,
            *sched_loop(PY312, "0.5.7"),
            (
                f"{PY312}/deep_ep/buffer.py",
                344,
                "dispatch",
                "self.runtime.intranode_dispatch(x, x_scales, topk_idx, topk_weights,",
            ),
        )
        + "\nRuntimeError: DeepEP error: CPU recv timeout",
        f"{ts(236, 'TP2 EP2')} Scheduler hit an exception: {TB}\n"
        + tb(
            PY312,
            PY312,
            *sched_loop(PY312, "0.5.7"),
            (
                f"{PY312}/deep_ep/buffer.py",
                344,
                "dispatch",
                "self.runtime.intranode_dispatch(x, x_scales, topk_idx, topk_weights,",
            ),
        )
        + "\nRuntimeError: DeepEP error: CPU recv timeout",
        sigquit(237),
    ),
)

case(
    "pd_prefill_dispatch_cpu_timeout_after_ready_051",
    "0.5.1.post3",
    "sglang#9582 (PD prefill on H20: TpModelWorkerClient hit an exception ... RuntimeError: DeepEP error: timeout (dispatch CPU)); #9435 (TBO dispatch_b path); DeepEP csrc internode_dispatch printf + throw",
    "nccl_or_distributed",
    "a 2-node prefill server after ready: the internode dispatch never gets its peers' counts and times out on the CPU side",
    join(
        sargs(
            0,
            DSR1,
            tp_size=16,
            dp_size=16,
            enable_dp_attention=True,
            moe_a2a_backend="deepep",
            deepep_mode="normal",
            enable_two_batch_overlap=True,
            disaggregation_mode="prefill",
            nnodes=2,
            node_rank=0,
        ),
        boot("0.5.1.post3", graph=False, until="ready_info"),
        uvicorn(134),
        f"{ts(135)} Start of pd disaggregation warmup ...",
        f"{ts(160)} End of prefill disaggregation mode warmup with status 200, resp: [{{'text': '', 'meta_info': {{'id': '7b1e', 'finish_reason': {{'type': 'length', 'length': 8}}}}}}]",
        f"{ts(160)} The server is fired up and ready to roll!",
        f"{ts(700, R0)} Prefill batch. #new-seq: 12, #new-token: 16384, #cached-token: 0, token usage: 0.08, #running-req: 0, #unbootstrapped-req: 0, #queue-req: 3, #transferring-req: 9, time: 1.21 ",
        "Global rank: 3, num_recv_tokens: -1, num_rdma_recv_tokens: -1",
        "moe_recv_expert_counter[0]: -1",
        "moe_recv_expert_counter[1]: -1",
        "moe_recv_expert_counter[2]: -1",
        "moe_recv_expert_counter[3]: -1",
        f"{ts(800, 'DP3 TP3 EP3')} TpModelWorkerClient hit an exception: {TB}\n"
        + tb(
            WS,
            PY310,
            *overlap_thread_tbo_dispatch(PY310),
            (
                f"{PY310}/deep_ep/buffer.py",
                329,
                "dispatch",
                "return self.internode_dispatch(x, handle, num_tokens_per_rank, num_tokens_per_rdma_rank, is_token_in_rank, num_tokens_per_expert,",
            ),
            (
                f"{PY310}/deep_ep/buffer.py",
                478,
                "internode_dispatch",
                "recv_src_meta, send_rdma_head, send_nvl_head, event = self.runtime.internode_dispatch(",
            ),
        )
        + "\nRuntimeError: DeepEP error: timeout (dispatch CPU)",
        sigquit(801),
    ),
)

case(
    "deepep_nvl_receiver_timeout_trap_after_ready_052",
    "0.5.2",
    "DeepEP csrc kernels/internode.cu ('DeepEP dispatch NVL receiver timeout, channel: ...' then trap()); deepseek-ai/DeepEP#137 and #181 (the same lines on RoCE); sglang-0.5.2 tp_worker_overlap_thread.py; DeepEP EPException text",
    "nccl_or_distributed",
    "after ready, the internode dispatch kernel waits for a peer that never sends, times out on the GPU and traps; the CUDA error that follows is the echo of that timeout",
    join(
        sargs(
            0,
            DSV3,
            tp_size=16,
            dp_size=16,
            enable_dp_attention=True,
            moe_a2a_backend="deepep",
            deepep_mode="normal",
            enable_two_batch_overlap=True,
            nnodes=2,
            node_rank=1,
        ),
        boot("0.5.2", rank="DP8 TP8 EP8", graph=False, until="ready_info"),
        f"{ts(500, 'DP8 TP8 EP8')} Prefill batch. #new-seq: 4, #new-token: 8192, #cached-token: 0, token usage: 0.11, #running-req: 48, #queue-req: 2, ",
        "DeepEP dispatch NVL receiver timeout, channel: 11, RDMA: 1, nvl: 4, src RDMA: 1, src nvl: 7, start: 0, end: 0",
        "DeepEP dispatch NVL receiver timeout, channel: 2, RDMA: 1, nvl: 6, src RDMA: 1, src nvl: 2, start: 0, end: 0",
        "DeepEP dispatch NVL receiver timeout, channel: 7, RDMA: 1, nvl: 4, src RDMA: 0, src nvl: 1, start: 0, end: 0",
        "DeepEP dispatch forwarder timeout (RDMA meta), channel: 0, RDMA: 1, nvl: 7, src RDMA lane: 0, dst NVL: 1, meta: 0, 0, 0, 0",
        f"{ts(611, 'DP12 TP12 EP12')} TpModelWorkerClient hit an exception: {TB}\n"
        + tb(
            WS,
            PY312,
            ("srt/managers/tp_worker_overlap_thread.py", 141, "forward_thread_func", "self.forward_thread_func_()"),
            (f"{PY312}/torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
            (
                "srt/managers/tp_worker_overlap_thread.py",
                174,
                "forward_thread_func_",
                "self.worker.forward_batch_generation(",
            ),
            (
                "srt/managers/tp_worker.py",
                251,
                "forward_batch_generation",
                "logits_output, can_run_cuda_graph = self.model_runner.forward(",
            ),
            ("srt/model_executor/model_runner.py", 1901, "forward", "output = self._forward_raw("),
            ("srt/model_executor/model_runner.py", 1952, "_forward_raw", "ret = self.forward_extend("),
            ("srt/model_executor/model_runner.py", 1846, "forward_extend", "return self.model.forward("),
            ("srt/models/deepseek_v2.py", 2444, "forward", "hidden_states = self.model("),
            ("srt/models/deepseek_v2.py", 2318, "forward", "hidden_states, residual = model_forward_maybe_tbo("),
            ("srt/two_batch_overlap.py", 839, "_model_forward_tbo", "outputs_arr = execute_overlapped_operations("),
            ("srt/operations.py", 104, "next", "self._stage_output = op.fn("),
            (
                "srt/models/deepseek_v2.py",
                772,
                "op_combine_b",
                "state.hidden_states_after_combine = self.experts.deepep_dispatcher.combine_b(",
            ),
            ("srt/two_batch_overlap.py", 986, "combine_b", 'return self._execute("combine_b", **kwargs)'),
            (
                "srt/two_batch_overlap.py",
                971,
                "_execute",
                "return getattr(self._inners[tbo_subbatch_index or 0], name)(**kwargs)",
            ),
            (
                "srt/layers/moe/token_dispatcher/deepep.py",
                717,
                "combine_b",
                "return self._get_impl(forward_batch).combine_b(*inner_state)",
            ),
            (
                "srt/layers/moe/token_dispatcher/deepep.py",
                455,
                "combine_b",
                "hidden_states, event = self._combine_core(output, previous_event)",
            ),
            (
                "srt/layers/moe/token_dispatcher/deepep.py",
                464,
                "_combine_core",
                "combined_x, _, event = buffer.combine(",
            ),
            (
                f"{PY312}/deep_ep/buffer.py",
                421,
                "combine",
                "return self.internode_combine(x, handle, topk_weights, bias, config, previous_event, async_finish, allocate_on_comm_stream)",
            ),
            (
                f"{PY312}/deep_ep/buffer.py",
                612,
                "internode_combine",
                "combined_x, combined_topk_weights, event = self.runtime.internode_combine(x, topk_weights,",
            ),
        )
        + "\nRuntimeError: Failed: CUDA error /sgl-workspace/DeepEP/csrc/deep_ep.cpp:1021 'unspecified launch failure'",
        sigquit(612),
    ),
)

case(
    "tbo_mlp_sync_nccl_watchdog_no_overlap_052",
    "0.5.2",
    "sglang-0.5.2 scheduler.py prepare_mlp_sync_batch_raw (NCCL device group all_gather_into_tensor when --disable-overlap-schedule, (dp, attn_tp, 6) ints); torch 2.8 ProcessGroupNCCL watchdog text",
    "nccl_or_distributed",
    "after ready, one DP rank never reaches the per-step TBO/DP all-gather; NCCL's watchdog on the others times out and takes the process down",
    join(
        sargs(
            0,
            DSV3,
            tp_size=8,
            dp_size=8,
            enable_dp_attention=True,
            moe_a2a_backend="deepep",
            deepep_mode="low_latency",
            enable_two_batch_overlap=True,
            disable_overlap_schedule=True,
        ),
        boot("0.5.2", until="ready_info"),
        uvicorn(134),
        ready(140),
        f"{ts(900, R0)} Decode batch. #running-req: 256, #token: 301211, token usage: 0.20, cuda graph: True, gen throughput (token/s): 5120.44, #queue-req: 0, ",
        "[rank2]:[E302 10:25:01.482917331 ProcessGroupNCCL.cpp:685] [Rank 2] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1884012, OpType=_ALLGATHER_BASE, NumelIn=6, NumelOut=48, Timeout(ms)=600000) ran for 600027 milliseconds before timing out.",
        "[rank2]:[E302 10:25:01.483106882 ProcessGroupNCCL.cpp:2252] [PG ID 2 PG GUID 3 Rank 2]  failure detected by watchdog at work sequence id: 1884012 PG status: last enqueued work: 1884013, last completed work: 1884011",
        "[rank2]:[E302 10:25:01.483120447 ProcessGroupNCCL.cpp:732] Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value.",
        "[rank2]:[E302 10:25:02.118604110 ProcessGroupNCCL.cpp:699] [Rank 2] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
        "[rank2]:[E302 10:25:02.118631492 ProcessGroupNCCL.cpp:713] [Rank 2] To avoid data inconsistency, we are taking the entire process down.",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        "  what():  [PG ID 2 PG GUID 3 Rank 2] Process group watchdog thread terminated with exception: [Rank 2] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1884012, OpType=_ALLGATHER_BASE, NumelIn=6, NumelOut=48, Timeout(ms)=600000) ran for 600027 milliseconds before timing out.",
        "Exception raised from checkTimeout at /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:635 (most recent call first):",
        "Fatal Python error: Aborted",
        "",
        "Thread 0x00007f3b6dfff640 (most recent call first):",
        '  File "/usr/lib/python3.12/threading.py", line 359 in wait',
    ),
)

case(
    "sglang_watchdog_deepep_ll_hang_055",
    "0.5.5",
    "sglang-0.5.5 scheduler_runtime_checker_mixin.py watchdog_thread (batch info, py-spy dump, 'Watchdog timeout (self.watchdog_timeout=...)'); utils/common.py pyspy_dump_schedulers; token_dispatcher/deepep.py low-latency combine_b hook",
    "nccl_or_distributed",
    "after ready, a decode step never finishes: the py-spy dump shows the scheduler parked in DeepEP's low-latency receive hook, waiting on the other ranks",
    join(
        sargs(
            0,
            DSV3,
            tp_size=8,
            dp_size=8,
            enable_dp_attention=True,
            moe_a2a_backend="deepep",
            deepep_mode="low_latency",
            enable_two_batch_overlap=True,
            watchdog_timeout=300,
        ),
        boot("0.5.5", until="ready_info"),
        uvicorn(134),
        ready(140),
        f"{ts(2000, R0)} Decode batch, #running-req: 128, #token: 150011, token usage: 0.10, cuda graph: True, gen throughput (token/s): 3377.08, #queue-req: 0, ",
        f"{ts(2300, 'DP4 TP4 EP4')} self.cur_batch.batch_size()=16\nself.cur_batch.reqs=[Req(rid=5f0c2a..., input_ids=[...], output_ids=[...]), ...]\n#token: 17004, available_size=1506183, evictable_size=0, protected_size=0",
        f"{ts(2301, 'DP4 TP4 EP4')} Pyspy dump for PID 90211:\n"
        "Process 90211: sglang::scheduler_DP4_TP4_EP4\n"
        "Python v3.12.3 (/usr/bin/python3.12)\n\n"
        'Thread 90211 (active): "MainThread"\n'
        f"    combine_b ({PY312}/sglang/srt/layers/moe/token_dispatcher/deepep.py:633)\n"
        f"    combine_b ({PY312}/sglang/srt/layers/moe/token_dispatcher/deepep.py:790)\n"
        f"    _execute ({PY312}/sglang/srt/two_batch_overlap.py:1001)\n"
        f"    op_combine_b ({PY312}/sglang/srt/models/deepseek_v2.py:1165)\n"
        f"    next ({PY312}/sglang/srt/operations.py:108)\n"
        f"    execute_overlapped_operations ({PY312}/sglang/srt/operations.py:55)\n"
        f"    _model_forward_tbo ({PY312}/sglang/srt/two_batch_overlap.py:869)\n"
        f"    replay ({PY312}/sglang/srt/model_executor/cuda_graph_runner.py:857)\n"
        f"    forward ({PY312}/sglang/srt/model_executor/model_runner.py:2128)\n"
        f"    forward_batch_generation ({PY312}/sglang/srt/managers/tp_worker.py:360)\n"
        f"    event_loop_overlap ({PY312}/sglang/srt/managers/scheduler.py:990)\n"
        f"    run_scheduler_process ({PY312}/sglang/srt/managers/scheduler.py:2826)\n",
        f"{ts(2301, 'DP4 TP4 EP4')} Watchdog timeout (self.watchdog_timeout=300)",
        sigquit(2306),
    ),
)

case(
    "multinode_tbo_gloo_peer_closed_052",
    "0.5.2",
    "sglang-0.5.2 scheduler.py prepare_mlp_sync_batch_raw (gloo CPU group all-gather while the overlap scheduler is on); gloo transport/tcp/pair.cc",
    "nccl_or_distributed",
    "after ready, the second node goes away; the first node's per-step DP all-gather on the gloo CPU group loses its peer",
    join(
        sargs(
            0,
            DSV3,
            tp_size=16,
            dp_size=16,
            enable_dp_attention=True,
            moe_a2a_backend="deepep",
            deepep_mode="low_latency",
            enable_two_batch_overlap=True,
            nnodes=2,
            node_rank=0,
            dist_init_addr="10.0.0.11:5757",
        ),
        boot("0.5.2", until="ready_info"),
        uvicorn(134),
        ready(141),
        f"{ts(1500, R0)} Decode batch. #running-req: 310, #token: 402113, token usage: 0.26, cuda graph: True, gen throughput (token/s): 6311.90, #queue-req: 0, ",
        f"{ts(1511, 'DP2 TP2 EP2')} Scheduler hit an exception: {TB}\n"
        + tb(
            WS,
            PY312,
            ("srt/managers/scheduler.py", 2610, "run_scheduler_process", "scheduler.event_loop_overlap()"),
            (f"{PY312}/torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
            ("srt/managers/scheduler.py", 835, "event_loop_overlap", "batch = self.get_next_batch_to_run()"),
            ("srt/managers/scheduler.py", 1596, "get_next_batch_to_run", "ret = self.prepare_mlp_sync_batch(ret)"),
            ("srt/managers/scheduler.py", 1903, "prepare_mlp_sync_batch", "return self.prepare_mlp_sync_batch_raw("),
            (
                "srt/managers/scheduler.py",
                1984,
                "prepare_mlp_sync_batch_raw",
                "torch.distributed.all_gather_into_tensor(",
            ),
            (f"{PY312}/torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
            (f"{PY312}/torch/distributed/distributed_c10d.py", 3933, "all_gather_into_tensor", "work.wait()"),
        )
        + "\nRuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection closed by peer [10.0.0.12]:62614",
        sigquit(1512),
    ),
)

case(
    "deepep_ll_illegal_memory_access_after_ready_052",
    "0.5.2",
    "sglang-0.5.2 token_dispatcher/deepep.py _DeepEPDispatcherImplLowLatency (low_latency_dispatch in a replayed TBO graph); DeepEP EPException text; sglang#26196 (DeepEP escalating to 'an illegal memory access was encountered')",
    "cuda_error_other",
    "after ready, a replayed decode graph's DeepEP low-latency dispatch faults with an illegal memory access; no timeout before it",
    join(
        sargs(
            0,
            DSV3,
            tp_size=8,
            dp_size=8,
            enable_dp_attention=True,
            moe_a2a_backend="deepep",
            deepep_mode="low_latency",
            enable_two_batch_overlap=True,
        ),
        boot("0.5.2", until="ready_info"),
        uvicorn(134),
        ready(140),
        f"{ts(620, R0)} Decode batch. #running-req: 96, #token: 81230, token usage: 0.05, cuda graph: True, gen throughput (token/s): 2871.36, #queue-req: 0, ",
        f"{ts(621, 'DP6 TP6 EP6')} TpModelWorkerClient hit an exception: {TB}\n"
        + tb(
            WS,
            PY312,
            ("srt/managers/tp_worker_overlap_thread.py", 141, "forward_thread_func", "self.forward_thread_func_()"),
            (f"{PY312}/torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
            (
                "srt/managers/tp_worker_overlap_thread.py",
                174,
                "forward_thread_func_",
                "self.worker.forward_batch_generation(",
            ),
            (
                "srt/managers/tp_worker.py",
                251,
                "forward_batch_generation",
                "logits_output, can_run_cuda_graph = self.model_runner.forward(",
            ),
            ("srt/model_executor/model_runner.py", 1901, "forward", "output = self._forward_raw("),
            ("srt/model_executor/model_runner.py", 1930, "_forward_raw", "ret = self.graph_runner.replay("),
            ("srt/model_executor/cuda_graph_runner.py", 812, "replay", "self.graphs[self.bs].replay()"),
            (f"{PY312}/torch/cuda/graphs.py", 88, "replay", "super().replay()"),
        )
        + "\nRuntimeError: CUDA error: an illegal memory access was encountered\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n",
        sigquit(622),
    ),
)

# ============================================================================================ the batch splitting after ready
case(
    "tbo_filter_batch_unsupported_field_after_ready_054",
    "0.5.4",
    "sglang-0.5.4 two_batch_overlap.py TboForwardBatchPreparer.filter_batch ('Field {name} has value, but is not yet supported'); forward_batch_info.py ForwardBatch.extend_input_logprob_token_ids_gpu",
    "config_error",
    "after ready, a request asking for input-token logprobs gives the batch a field TBO's splitter does not carry; the refusal is TBO's, the fix is to turn TBO off",
    join(
        sargs(
            0,
            DSV3,
            tp_size=8,
            dp_size=8,
            enable_dp_attention=True,
            moe_a2a_backend="deepep",
            deepep_mode="normal",
            enable_two_batch_overlap=True,
        ),
        f"{ts(1)} Cuda graph is disabled because deepep_mode=`normal`",
        boot("0.5.4", graph=False, until="ready_info"),
        uvicorn(134),
        ready(140),
        f'{ts(700)} INFO:     10.1.4.22:51120 - "POST /v1/completions HTTP/1.1" 200 OK',
        f"{ts(701, 'DP1 TP1 EP1')} Scheduler hit an exception: {TB}\n"
        + tb(
            PY312,
            PY312,
            ("srt/managers/scheduler.py", 2775, "run_scheduler_process", "scheduler.event_loop_overlap()"),
            (f"{PY312}/torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
            ("srt/managers/scheduler.py", 1009, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
            (
                "srt/managers/scheduler.py",
                2113,
                "run_batch",
                "batch_result = self.model_worker.forward_batch_generation(",
            ),
            (
                "srt/managers/tp_worker.py",
                248,
                "forward_batch_generation",
                "forward_batch = ForwardBatch.init_new(model_worker_batch, self.model_runner)",
            ),
            ("srt/model_executor/forward_batch_info.py", 452, "init_new", "TboForwardBatchPreparer.prepare("),
            ("srt/two_batch_overlap.py", 454, "prepare", "cls.prepare_raw("),
            ("srt/two_batch_overlap.py", 505, "prepare_raw", "child_a = cls.filter_batch("),
            (
                "srt/two_batch_overlap.py",
                743,
                "filter_batch",
                'raise Exception(f"{len(errors)} errors happen:\\n" + "\\n\\n".join(errors))',
            ),
        )
        + "\nException: 1 errors happen:\nField extend_input_logprob_token_ids_gpu has value, but is not yet supported (value=tensor([  2437,  33922, 111028,  ...,    201,     17,      0], device='cuda:1') batch=ForwardBatch(forward_mode=<ForwardMode.EXTEND: 1>, batch_size=3, input_ids=tensor([...], device='cuda:1'), ...))",
        sigquit(702),
    ),
)

case(
    "tbo_prefill_dp_padding_mode_none_051",
    "0.5.1.post3",
    "sglang#10009 (forward_batch.dp_padding_mode.is_max_len AttributeError: 'NoneType' object has no attribute 'is_max_len'; 'disable --enable-two-batch-overlap can avoid this error', prefill only); sglang-0.5.1.post3 layers/communicator.py should_use_reduce_scatter",
    "config_error",
    "a PD prefill server with TBO, after ready: a split child batch reaches the communicator without a DP padding mode; only turning TBO off avoids it",
    join(
        sargs(
            0,
            DSR1,
            tp_size=8,
            dp_size=8,
            enable_dp_attention=True,
            moe_a2a_backend="deepep",
            deepep_mode="normal",
            enable_two_batch_overlap=True,
            disaggregation_mode="prefill",
            moe_dense_tp_size=1,
        ),
        boot("0.5.1.post3", graph=False, until="ready_info"),
        uvicorn(134),
        f"{ts(135)} Start of pd disaggregation warmup ...",
        f"{ts(150)} End of prefill disaggregation mode warmup with status 200, resp: [{{'text': '', 'meta_info': {{'id': 'a31f', 'finish_reason': {{'type': 'length', 'length': 8}}}}}}]",
        f"{ts(150)} The server is fired up and ready to roll!",
        f"{ts(420, R0)} Prefill batch. #new-seq: 2, #new-token: 6144, #cached-token: 0, token usage: 0.02, #running-req: 0, #unbootstrapped-req: 0, #queue-req: 0, #transferring-req: 0, time: 0.88 ",
        f"{ts(421, 'DP4 TP4 EP4')} TpModelWorkerClient hit an exception: {TB}\n"
        + tb(
            WS,
            PY312,
            *overlap_thread_tbo_dispatch(PY312)[:13],
            ("srt/two_batch_overlap.py", 839, "_model_forward_tbo", "outputs_arr = execute_overlapped_operations("),
            ("srt/operations.py", 48, "execute_overlapped_operations", "executor_a.next()"),
            ("srt/operations.py", 104, "next", "self._stage_output = op.fn("),
            (
                "srt/models/deepseek_v2.py",
                1930,
                "op_comm_prepare_mlp",
                "state.hidden_states_mlp_input, state.residual_after_comm_pre_mlp = self.layer_communicator.prepare_mlp(",
            ),
            (
                "srt/layers/communicator.py",
                293,
                "prepare_mlp",
                "return self._communicate_with_all_reduce_and_layer_norm_fn(",
            ),
            (
                "srt/layers/communicator.py",
                540,
                "_gather_hidden_states_and_residual",
                "dp_gather_partial(hidden_states, local_hidden_states, forward_batch)",
            ),
            (
                "srt/layers/dp_attention.py",
                440,
                "dp_gather_partial",
                "_dp_gather(global_tokens, local_tokens, forward_batch, is_partial=True)",
            ),
            ("srt/layers/dp_attention.py", 421, "_dp_gather", "if forward_batch.dp_padding_mode.is_max_len():"),
        )
        + "\nAttributeError: 'NoneType' object has no attribute 'is_max_len'",
        sigquit(422),
    ),
)

# ============================================================================================ healthy contrasts
case(
    "healthy_tbo_deepep_normal_warnings_047",
    "0.4.7",
    "sglang-0.4.7 server_args.py (DP attention / DeepEP warnings), tokenizer_manager.py _validate_input_length + http_server.py 'Error: {e}', scheduler.py Prefill/Decode batch lines; recipe of sglang#4068",
    "healthy",
    "warnings about disabled CUDA graphs and adjusted sizes, a client's too-long prompt answered with 400: the server is ready and serving",
    join(
        "DP attention is enabled. The chunked prefill size is adjusted to 8192 to avoid MoE kernel issues. ",
        "Cuda graph is disabled because deepep_mode=`normal`",
        "DeepEP MoE is enabled. The expert parallel size is adjusted to be the same as the tensor parallel size[8].",
        sargs(
            0,
            DSV3,
            tp_size=8,
            dp_size=8,
            enable_dp_attention=True,
            enable_deepep_moe=True,
            deepep_mode="normal",
            enable_two_batch_overlap=True,
            disable_cuda_graph=True,
        ),
        boot("0.4.7", rank="DP0 TP0", graph=False, until="ready_info"),
        uvicorn(134),
        ready(141),
        f"{ts(150, 'DP0 TP0')} Prefill batch. #new-seq: 16, #new-token: 8192, #cached-token: 1024, token usage: 0.03, #running-req: 0, #queue-req: 44",
        f"{ts(151)} Error: The input (170212 tokens) is longer than the model's context length (163840 tokens).",
        f'{ts(151)} INFO:     10.1.4.22:51122 - "POST /generate HTTP/1.1" 400 Bad Request',
        f"{ts(160, 'DP0 TP0')} Decode batch. #running-req: 60, #token: 61221, token usage: 0.04, cuda graph: False, gen throughput (token/s): 1381.02, #queue-req: 0",
    ),
)

case(
    "healthy_overlap_schedule_disabled_warnings_055",
    "0.5.5",
    "sglang-0.5.5 server_args.py _handle_speculative_decoding ('Overlap scheduler is disabled because of using eagle3 or standalone speculative decoding.', 'Max running requests is reset to 48 ...'), _handle_pipeline_parallelism",
    "healthy",
    "the overlap scheduler is switched off by the release for speculative decoding; that is a warning, and the server serves",
    join(
        f"{ts(0)} Max running requests is reset to 48 for speculative decoding. You can override this by explicitly setting --max-running-requests.",
        f"{ts(0)} Overlap scheduler is disabled because of using eagle3 or standalone speculative decoding.",
        f"{ts(0)} Mixed chunked prefill is disabled because of using eagle speculative decoding.",
        sargs(
            0,
            "/models/Qwen3-235B-A22B-FP8",
            tp_size=8,
            speculative_algorithm="EAGLE3",
            disable_overlap_schedule=True,
            moe_a2a_backend="none",
        ),
        boot(
            "0.5.5",
            rank="TP0",
            model="Qwen3MoeForCausalLM",
            avail=139.2,
            weights=30.1,
            tokens=2_412_880,
            kv_gb=92.04,
            pool_end=15.7,
            until="ready_info",
        ),
        uvicorn(134),
        ready(140),
        f"{ts(160, 'TP0')} Decode batch, #running-req: 48, #token: 88120, token usage: 0.04, accept len: 2.71, cuda graph: True, gen throughput (token/s): 2210.65, #queue-req: 17, ",
        f"{ts(161, 'TP0')} Decode batch, #running-req: 48, #token: 90488, token usage: 0.04, accept len: 2.69, cuda graph: True, gen throughput (token/s): 2198.13, #queue-req: 23, ",
    ),
)

case(
    "healthy_tbo_retract_under_load_052",
    "0.5.2",
    "sglang-0.5.2 scheduler.py update_running_batch ('KV cache pool is full. Retract requests. ...'), scheduler_metrics_mixin.py Decode batch line",
    "healthy",
    "a TBO server under load: token usage 1.00, retractions and a growing queue, no exception",
    join(
        sargs(
            0,
            DSV3,
            tp_size=8,
            dp_size=8,
            enable_dp_attention=True,
            moe_a2a_backend="deepep",
            deepep_mode="low_latency",
            enable_two_batch_overlap=True,
        ),
        boot("0.5.2", until="ready_info"),
        uvicorn(134),
        ready(140),
        f"{ts(3000, R0)} Decode batch. #running-req: 512, #token: 1523000, token usage: 1.00, cuda graph: True, gen throughput (token/s): 7821.17, #queue-req: 301, ",
        f"{ts(3001, R0)} KV cache pool is full. Retract requests. #retracted_reqs: 9, #new_token_ratio: 0.4213 -> 0.5231",
        f"{ts(3001, 'DP3 TP3 EP3')} KV cache pool is full. Retract requests. #retracted_reqs: 7, #new_token_ratio: 0.4101 -> 0.5144",
        f"{ts(3002, R0)} Decode batch. #running-req: 503, #token: 1497630, token usage: 0.98, cuda graph: True, gen throughput (token/s): 7744.58, #queue-req: 310, ",
        f"{ts(3010, R0)} Prefill batch. #new-seq: 2, #new-token: 4096, #cached-token: 8192, token usage: 0.97, #running-req: 490, #queue-req: 305, ",
    ),
)

case(
    "healthy_deepgemm_warmup_memory_warning_057",
    "0.5.7",
    "sglang-0.5.7 deep_gemm_wrapper/compile_utils.py ('Entering DeepGEMM JIT Pre-Compile session', 'Available memory ... reducing max_m ... to avoid out of memory', 'DeepGEMM warmup' bar); token_dispatcher/deepep.py ('Only use N SMs for DeepEP communication ...'); sglang PR #15891's log",
    "healthy",
    "DeepGEMM's long warm-up and its 'to avoid out of memory' wording, DeepEP's SM warning: all before ready, and the server comes up",
    join(
        sargs(0, DSV3, tp_size=8, ep_size=8, moe_a2a_backend="deepep", deepep_mode="auto"),
        boot("0.5.7", rank="TP0 EP0", until="graph"),
        f"{ts(97, 'TP0 EP0')} Only use 24 SMs for DeepEP communication. This may result in highly suboptimal performance. Consider using --deepep-config to change the behavior.",
        f"{ts(97, 'TP0 EP0')} Entering DeepGEMM JIT Pre-Compile session. It may take a long time (typically 10-20 mins) if you have not run `sglang.compile_deep_gemm`. It is recommended to run `sglang.compile_deep_gemm` with same args as `sglang.launch_server` for pre-compilation to reduce the overhead if you have not run it before. For example: `python3 -m sglang.compile_deep_gemm --model deepseek-ai/DeepSeek-V3 --tp 8 --trust-remote-code`",
        f"{ts(97, 'TP0 EP0')} Required memory for warmup: 9.625GB, Available memory: 5.21GB",
        f"{ts(97, 'TP0 EP0')} Available memory 5.21GB is less than required memory 9.625GB for warmup, reducing max_m to 16384 to avoid out of memory",
        "DeepGEMM warmup: 100%|██████████| 384/384 [06:12<00:00,  1.03it/s]",
        boot("0.5.7", rank="TP0 EP0", until="ready_info")[-2:],
        uvicorn(520),
        ready(526),
        f"{ts(530, 'TP0 EP0')} Decode batch, #running-req: 32, #token: 30988, token usage: 0.02, cuda graph: True, gen throughput (token/s): 1504.77, #queue-req: 0, ",
    ),
)

case(
    "healthy_tbo_debug_and_nvshmem_warnings_055",
    "0.5.5",
    "NVSHMEM IBGDA fallback WARN lines as deepseek-ai/DeepEP#163 prints them; sglang-0.5.5 two_batch_overlap.py SGLANG_TBO_DEBUG 'TboForwardBatchPreparer.prepare ...' line; PD decode lines",
    "healthy",
    "a 2-node PD decode server with TBO: NVSHMEM says it falls back to the CPU path, TBO debug lines print each split; it serves",
    join(
        sargs(
            0,
            DSR1,
            tp_size=16,
            dp_size=16,
            enable_dp_attention=True,
            moe_a2a_backend="deepep",
            deepep_mode="low_latency",
            enable_two_batch_overlap=True,
            disaggregation_mode="decode",
            nnodes=2,
            node_rank=0,
        ),
        boot("0.5.5", until="pool"),
        "WARN: cudaHostRegister with IoMemory failed with error=800. We may need to use a fallback path.",
        "WARN: ibgda_nic_mem_gpu_map failed. We may need to use the CPU fallback path.",
        "WARN: ibgda_alloc_and_map_qp_uar with GPU as handler failed. We may need to enter the CPU fallback path.",
        "WARN: GPU cannot map UAR of device mlx5_3. Skipping...",
        boot("0.5.5", until="ready_info")[-4:],
        uvicorn(134),
        f"{ts(135)} The server is fired up and ready to roll!",
        f"{ts(200, R0)} TboForwardBatchPreparer.prepare is_enable_two_chunk=False tbo_split_seq_index=32 tbo_split_token_index=32 extend_seq_lens=None bs=64 forward_mode=ForwardMode.DECODE",
        f"{ts(200, R0)} Decode batch, #running-req: 64, #token: 70112, token usage: 0.05, pre-allocated usage: 0.01, #prealloc-req: 0, #transfer-req: 2, #retracted-req: 0, cuda graph: True, gen throughput (token/s): 2208.31, #queue-req: 0, ",
    ),
)


# ------------------------------------------------------------------------------------------------------ tests
# The one miss was fixed after the round was scored (`recording.TRAPPED`: a communication kernel's timeout, then
# the `unspecified launch failure` its trap() causes); tests/test_logwatch_families.py has variants.
XFAIL: dict[str, str] = {  # filled after the ONE first-sight run: case -> label the classifier gave
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_overlap_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


EVENT_XFAIL: dict[str, str] = {}  # healthy cases that fire a failure event on the way: case -> event label


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_overlap_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35

"""SGLang expert-parallel load balancing (EPLB) and expert placement, as it shows in the log (synthetic, written blind
by a helper from real release text).

Scope: `--enable-eplb`, `--ep-num-redundant-experts`, `--init-expert-location`, `--expert-distribution-recorder-mode`,
`--eplb-rebalance-num-iterations` / `--expert-distribution-recorder-buffer-size`, `--eplb-algorithm`, elastic EP's
algorithm check, the expert distribution recorder and its dump endpoints, rebalancing while serving (EPLBManager moving
expert weights between GPUs with `batch_isend_irecv`), the memory that redundant experts take (weights, KV pool, the
DeepEP buffer after it), failures during a rebalance after ready (NCCL P2P hang / remote error / NCCL's own cudaMalloc,
the temp buffers' OOM, an illegal memory access after the new placement), and healthy servers that print EPLB,
recorder and balancedness lines.

Sources. Message templates and call paths (file:line) are read from the PyPI wheels: sglang 0.4.7
(srt/managers/eplb_manager.py, expert_location.py, expert_distribution.py, srt/model_executor/expert_location_updater.py,
scheduler.py, tp_worker_overlap_thread.py, tokenizer_manager.py), 0.4.9.post2 (srt/eplb/eplb_algorithms/deepseek.py),
0.5.2 / 0.5.4 / 0.5.6 / 0.5.10.post1 (srt/eplb/*, server_args.py `_handle_eplb_and_dispatch` / `_handle_elastic_ep`,
model_runner.py, scheduler.py, scheduler_runtime_checker_mixin.py's watchdog, tokenizer_manager.py's SignalHandler,
layers/moe/token_dispatcher/deepep.py, models/bailing_moe.py, models/qwen3_moe.py, layers/quantization/fp8.py).
Public threads: https://github.com/sgl-project/sglang/issues/8253 (`assert num_gpus % num_nodes == 0`, tp16 on two
nodes with `--ep-num-redundant-experts 16 --enable-eplb`), https://github.com/sgl-project/sglang/pull/6081 (a comment's
`assert num_physical_experts % ep_size == 0` with MTP and 64 redundant experts; its first lines are the reporter's),
https://github.com/sgl-project/sglang/issues/7224 (EPLB rebalance taking NCCL down under PD), #6644 (invalid memory
access with EPLB), https://github.com/sgl-project/sglang/pull/30829 (rebalance P2P batches hanging NCCL GPU-side),
https://github.com/sgl-project/sglang/pull/8345 (the utilization threshold's "Skipped ep rebalancing" line). Library
text: torch 2.7.1 / 2.9.1 (OutOfMemoryError, ProcessGroupNCCL watchdog, DistBackendError, faulthandler's dump), NCCL
2.26 / 2.27 (ncclRemoteError, ncclUnhandledCudaError), DeepEP's EPException, py-spy's dump. Torch / NCCL / Python
stdlib line numbers are approximate; SGLang's are the named wheel's.

Labelling policy, decided before the classifier ran (by ../shared/corpus/README.md and the issue's families): an
AssertionError / KeyError / NotImplementedError / FileNotFoundError / JSONDecodeError raised from the user's EPLB
arguments (EPLB without EP, redundant experts not dividing the EP size, a model that refuses redundant experts, a
buffer larger than the rebalance interval, a missing / non-JSON / unknown-format `--init-expert-location`, an
unknown `--eplb-algorithm` or recorder mode, elastic EP with a non-elastic algorithm, the recorder endpoints used
without a recorder mode) is `config_error`, also when it first fires after ready (the rebalance's algorithm check
with nnodes=2 and ep_size=1; the start-record endpoint); an OOM is labelled by phase: building the (redundant) expert
weights -> `oom_weights`, "Not enough memory" at the pool -> `oom_kv_cache`, the DeepEP buffer at the warmup request
-> `oom_moe_workspace`, anything during a rebalance after ready (temp buffers, NCCL's own cudaMalloc for the P2P
connections) -> `oom_runtime`; a rebalance's P2P that hangs (SGLang's watchdog with py-spy in `batch_isend_irecv`'s
sync, or torch's NCCL watchdog timeout) or dies on a remote error -> `nccl_or_distributed`; an illegal memory access
after a rebalance is `cuda_error_other` even when the NCCL watchdog repeats it. Servers that reached ready and only
log EPLB / recorder / balancedness lines, recorder warnings, skipped rebalances and retractions are `healthy`.

First sight: 28/29 (1 miss, a strict xfail below; the 5 healthy contrasts all end `healthy` and fire no failure event
on the way):
- v0510_rebalance_nccl_p2p_cuda_oom: a rebalance after ready, `batch_isend_irecv` raising DistBackendError with
  `ncclUnhandledCudaError ... Cuda failure 2 'out of memory'` (NCCL's own cudaMalloc for the P2P connections) -> the
  classifier said nccl_or_distributed (by its rule oom.out_of_memory); labelled oom_runtime by the policy above.
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
SRC = "/sgl-workspace/sglang/python"  # a source checkout inside the image (pip install -e)
RUNPY310 = (
    ("/usr/lib/python3.10/runpy.py", 196, "_run_module_as_main", "return _run_code(code, main_globals, None,"),
    ("/usr/lib/python3.10/runpy.py", 86, "_run_code", "exec(code, run_globals)"),
)
RUNPY312 = (
    ("<frozen runpy>", 198, "_run_module_as_main", ""),
    ("<frozen runpy>", 88, "_run_code", ""),
)
OOM_TAIL = (
    "If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid "
    "fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
)
IMA = (
    "CUDA error: an illegal memory access was encountered\n"
    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n"
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


def sargs(second: int, model: str, **kw: object) -> str:
    """The launcher's `server_args=ServerArgs(...)` line, cut short the way pastes cut it."""
    fields = {"model_path": model, "tokenizer_path": model, "tokenizer_mode": "auto", **kw}
    body = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    return f"{ts(second)} server_args=ServerArgs({body}, log_level='info', ...)"


def sched_exc(second: int, rank: str, site: str, stack: tuple, error: str) -> str:
    return f"{ts(second, rank)} Scheduler hit an exception: {TB}\n{tb(site, *stack)}\n{error}"


def worker_exc(second: int, rank: str, site: str, stack: tuple, error: str) -> str:
    """0.4.x / 0.5.2's overlap thread: the forward runs in TpModelWorkerClient's thread."""
    return f"{ts(second, rank)} TpModelWorkerClient hit an exception: {TB}\n{tb(site, *stack)}\n{error}"


def sigquit(second: int) -> str:
    """The launcher's handler (start-up; 0.4.x's tokenizer manager after ready says the same)."""
    return f"{ts(second)} Received sigquit from a child process. It usually means the child failed."


def sigquit_running(second: int) -> str:
    """0.5.x's tokenizer manager after ready (`loop.add_signal_handler` calls it without arguments)."""
    return f"{ts(second)} SIGQUIT received. signum=None, frame=None. It usually means one child failed."


def ready(second: int, port: int = 30000, pid: int = 4242) -> list[str]:
    return [
        f"{ts(second)} INFO:     Started server process [{pid}]",
        f"{ts(second)} INFO:     Waiting for application startup.",
        f"{ts(second)} INFO:     Application startup complete.",
        f"{ts(second)} INFO:     Uvicorn running on http://0.0.0.0:{port} (Press CTRL+C to quit)",
        f'{ts(second + 1)} INFO:     127.0.0.1:46704 - "GET /get_model_info HTTP/1.1" 200 OK',
        f'{ts(second + 8)} INFO:     127.0.0.1:46712 - "POST /generate HTTP/1.1" 200 OK',
        f"{ts(second + 8)} The server is fired up and ready to roll!",
    ]


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


def each(second: int, ranks: list[str], msg: str) -> list[str]:
    return [f"{ts(second, r)} {msg}" for r in ranks]


# -- 0.4.7 call paths (python3.10 image; EPLB lives under srt/managers/ and srt/model_executor/)
V047_INIT = (
    (
        "managers/scheduler.py",
        2490,
        "run_scheduler_process",
        "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
    ),
    ("managers/scheduler.py", 282, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 64, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 78, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 212, "__init__", "self.initialize(min_per_gpu_memory)"),
)
V047_TRIVIAL = (
    (
        "model_executor/model_runner.py",
        227,
        "initialize",
        "compute_initial_expert_location_metadata(server_args, self.model_config)",
    ),
    (
        "managers/expert_location.py",
        421,
        "compute_initial_expert_location_metadata",
        "return ExpertLocationMetadata.init_trivial(server_args, model_config)",
    ),
    (
        "managers/expert_location.py",
        84,
        "init_trivial",
        "common = ExpertLocationMetadata._init_common(server_args, model_config)",
    ),
    ("managers/expert_location.py", 176, "_init_common", "assert num_physical_experts % ep_size == 0"),
)
V047_THREAD = (
    ("managers/tp_worker_overlap_thread.py", 118, "forward_thread_func", "self.forward_thread_func_()"),
    ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
    ("managers/tp_worker_overlap_thread.py", 151, "forward_thread_func_", "self.worker.forward_batch_generation("),
    (
        "managers/tp_worker.py",
        202,
        "forward_batch_generation",
        "logits_output, can_run_cuda_graph = self.model_runner.forward(",
    ),
    ("model_executor/model_runner.py", 1217, "forward", "self.eplb_manager.on_forward_pass_end()"),
    ("managers/eplb_manager.py", 44, "on_forward_pass_end", "next(self._main_generator)"),
    ("managers/eplb_manager.py", 52, "_entrypoint", "yield from self.rebalance()"),
)
V047_UPDATE = (
    ("managers/eplb_manager.py", 74, "rebalance", "self._model_runner.update_expert_location("),
    ("model_executor/model_runner.py", 612, "update_expert_location", "self.expert_location_updater.update("),
    ("model_executor/expert_location_updater.py", 50, "update", "_update_expert_weights("),
    (
        "model_executor/expert_location_updater.py",
        68,
        "_update_expert_weights",
        "return _update_expert_weights_raw(**kwargs)",
    ),
)

# -- 0.5.6 call paths (python3.12 image; srt/eplb/)
V056_ARGS = RUNPY312 + (
    (f"{PY312}/sglang/launch_server.py", 24, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
    ("server_args.py", 4371, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
    ("server_args.py", 3924, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
    ("<string>", 318, "__init__", ""),
)
V056_INIT = (
    ("managers/scheduler.py", 2653, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 316, "__init__", "self.tp_worker = TpModelWorker("),
    ("managers/tp_worker.py", 245, "__init__", "self._model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 361, "__init__", "self.initialize(min_per_gpu_memory)"),
)
V056_LOOP = (
    ("managers/scheduler.py", 2677, "run_scheduler_process", "scheduler.event_loop_overlap()"),
    ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
    ("managers/scheduler.py", 1036, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
    ("managers/scheduler.py", 1999, "run_batch", "batch_result = self.model_worker.forward_batch_generation("),
    (
        "managers/tp_worker.py",
        392,
        "forward_batch_generation",
        "logits_output, can_run_cuda_graph = self.model_runner.forward(",
    ),
)
V056_REBALANCE = V056_LOOP + (
    ("model_executor/model_runner.py", 2656, "forward", "self.eplb_manager.on_forward_pass_end()"),
    ("eplb/eplb_manager.py", 42, "on_forward_pass_end", "next(self._main_generator)"),
    ("eplb/eplb_manager.py", 50, "_entrypoint", "yield from self.rebalance()"),
    ("eplb/eplb_manager.py", 81, "rebalance", "self._model_runner.update_expert_location("),
    ("model_executor/model_runner.py", 917, "update_expert_location", "self.expert_location_updater.update("),
    ("eplb/expert_location_updater.py", 55, "update", "_update_expert_weights("),
    ("eplb/expert_location_updater.py", 73, "_update_expert_weights", "return _update_expert_weights_raw(**kwargs)"),
)

# -- 0.5.10.post1 call paths
V0510_ARGS = RUNPY312 + (
    (f"{PY312}/sglang/launch_server.py", 59, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
    ("server_args.py", 6539, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
    ("server_args.py", 5975, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
    ("<string>", 388, "__init__", ""),
)
V0510_INIT = (
    ("managers/scheduler.py", 3600, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 385, "__init__", "self.init_model_worker()"),
    ("managers/scheduler.py", 632, "init_model_worker", "self.init_tp_model_worker()"),
    ("managers/scheduler.py", 600, "init_tp_model_worker", "self.tp_worker = TpModelWorker(**worker_kwargs)"),
    ("managers/tp_worker.py", 261, "__init__", "self._init_model_runner()"),
    ("managers/tp_worker.py", 344, "_init_model_runner", "self._model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 427, "__init__", "self.initialize(pre_model_load_memory)"),
)
V0510_REBALANCE = (
    ("managers/scheduler.py", 3616, "run_scheduler_process", "scheduler.run_event_loop()"),
    ("managers/scheduler.py", 1300, "run_event_loop", "dispatch_event_loop(self)"),
    ("managers/scheduler.py", 3497, "dispatch_event_loop", "scheduler.event_loop_overlap()"),
    ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
    ("managers/scheduler.py", 1361, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
    ("managers/scheduler.py", 2684, "run_batch", "batch_result = self.model_worker.forward_batch_generation("),
    ("managers/tp_worker.py", 469, "forward_batch_generation", "out = self.model_runner.forward("),
    ("model_executor/model_runner.py", 2777, "forward", "self.eplb_manager.on_forward_pass_end()"),
    ("eplb/eplb_manager.py", 42, "on_forward_pass_end", "next(self._main_generator)"),
    ("eplb/eplb_manager.py", 50, "_entrypoint", "yield from self.rebalance()"),
    ("eplb/eplb_manager.py", 81, "rebalance", "self._model_runner.update_expert_location("),
    (
        "model_executor/model_runner.py",
        1299,
        "update_expert_location",
        "p2p_missing_logical_experts = self.expert_location_updater.update(",
    ),
    ("eplb/expert_location_updater.py", 62, "update", "missing_logical_experts_by_layers = _update_expert_weights("),
    ("eplb/expert_location_updater.py", 82, "_update_expert_weights", "return _update_expert_weights_raw(**kwargs)"),
)


# -- start-up lines
def boot047(
    ranks: list[str],
    *,
    weights: str = "mem usage=47.31 GB",
    kv: str = "#tokens: 412160, KV size: 26.94 GB",
    init: list[str] | None = None,
) -> list[str]:
    """0.4.7 DeepSeek on H20s: TP0's lines up to the memory pool; `init` are ModelRunner.initialize's own lines (the
    recorder, EPLB, the initial placement), printed after torch distributed is up and before the weights load."""
    r = ranks[0]
    return (
        [
            f"{ts(20, r)} Init torch distributed begin.",
            f"{ts(24, r)} Init torch distributed ends. mem usage=1.12 GB",
        ]
        + (init or [])
        + [
            f"{ts(25, r)} Load weight begin. avail mem=93.89 GB",
            f"{ts(25, r)} Detected fp8 checkpoint. Please note that the format is experimental and subject to change.",
            f"{ts(92, r)} Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=45.46 GB, {weights}.",
            f"{ts(93, r)} KV Cache is allocated. {kv}",
            f"{ts(93, r)} Memory pool end. avail mem=17.02 GB",
        ]
    )


def boot056(
    r: str,
    *,
    model_type: str = "DeepseekV3ForCausalLM",
    graph: bool = True,
    eplb: list[str] | None = None,
    iters: int = 1000,
    tokens: int = 694912,
    kv_gb: float = 45.44,
    avail: float = 8.93,
) -> list[str]:
    """0.5.6 DeepSeek on H200s, TP0's lines; with `eplb` (ranks), EPLBManager's lines from ModelRunner.initialize, which
    runs after torch distributed is up and before the weights load."""
    lines = [
        f"{ts(20, r)} Init torch distributed begin.",
        f"{ts(23, r)} Init torch distributed ends. mem usage=1.05 GB",
    ]
    if eplb:
        lines += each(23, eplb, "Resetting ExpertDistributionRecorder...")
        lines += each(23, eplb, f"[EPLBManager] system started, will rebalance per {iters} iterations.")
    lines += [
        f"{ts(24, r)} Load weight begin. avail mem=137.61 GB",
        f"{ts(118, r)} Load weight end. type={model_type}, dtype=torch.bfloat16, avail mem=54.86 GB, mem usage=82.75 GB.",
        f"{ts(119, r)} Using KV cache dtype: torch.bfloat16",
        f"{ts(119, r)} KV Cache is allocated. #tokens: {tokens}, KV size: {kv_gb:.2f} GB",
        f"{ts(119, r)} Memory pool end. avail mem={avail:.2f} GB",
    ]
    if graph:
        lines += [
            f"{ts(120, r)} Capture cuda graph begin. This can take up to several minutes. avail mem=8.51 GB",
            f"{ts(172, r)} Capture cuda graph end. Time elapsed: 52.18 s. mem usage=1.64 GB. avail mem=6.87 GB.",
        ]
    return lines


EP8 = [f"TP{i} EP{i}" for i in range(8)]
DSV3 = "deepseek-ai/DeepSeek-V3-0324"
DSR1 = "deepseek-ai/DeepSeek-R1"


# ============================================================================================ argument checks
case(
    "v056_enable_eplb_without_ep_size",
    "0.5.6",
    "sglang-0.5.6 server_args.py:1568-1580 (_handle_eplb_and_dispatch: the warning, then `assert self.ep_size > 1`), launch_server.py:24",
    "config_error",
    "`--enable-eplb` with `--tp 8` and no `--ep`: the bare assert in the argument checks, before any process starts (the "
    "warning goes through logging's last-resort handler, unformatted)",
    join(
        "EPLB is enabled. The expert_distribution_recorder_mode is automatically set.",
        TB,
        tb(
            PY312,
            *V056_ARGS,
            ("server_args.py", 638, "__post_init__", "self._handle_eplb_and_dispatch()"),
            ("server_args.py", 1580, "_handle_eplb_and_dispatch", "assert self.ep_size > 1"),
        ),
        "AssertionError",
    ),
)

case(
    "v0510_elastic_ep_requires_elasticity_aware",
    "0.5.10.post1",
    "sglang-0.5.10.post1 server_args.py:2826-2834 (_handle_elastic_ep), launch_server.py:59",
    "config_error",
    "`--elastic-ep-backend mooncake --enable-eplb --eplb-algorithm deepseek`: elastic EP only takes the elasticity-aware "
    "algorithms; the launcher's own traceback",
    join(
        "EPLB is enabled. The expert_distribution_recorder_mode is automatically set.",
        TB,
        tb(
            PY312,
            *V0510_ARGS,
            ("server_args.py", 814, "__post_init__", "self._handle_elastic_ep()"),
            ("server_args.py", 2831, "_handle_elastic_ep", "assert self.eplb_algorithm in ["),
        ),
        "AssertionError: Elastic EP requires eplb_algorithm to be set to 'auto' or 'elasticity_aware(_hierarchical)'.",
    ),
)

case(
    "v047_redundant_experts_not_divisible_by_ep",
    "0.4.7",
    "sglang-0.4.7 managers/expert_location.py:176 (_init_common), model_runner.py:227, scheduler.py:2521",
    "config_error",
    "DeepSeek-V3's 256 experts + `--ep-num-redundant-experts 30` on ep16: 286 % 16 != 0, every rank asserts in "
    "ModelRunner.initialize before the weights load",
    join(
        sargs(
            0,
            DSV3,
            tp_size=16,
            ep_size=16,
            enable_ep_moe=True,
            ep_num_redundant_experts=30,
            enable_eplb=True,
            nnodes=2,
            node_rank=0,
            dist_init_addr="10.6.0.13:20000",
        ),
        f"{ts(20, 'TP0')} Init torch distributed begin.",
        f"{ts(24, 'TP0')} Init torch distributed ends. mem usage=1.12 GB",
        sched_exc(24, "TP0", PY310, V047_INIT + V047_TRIVIAL, "AssertionError"),
        sched_exc(24, "TP3", PY310, V047_INIT + V047_TRIVIAL, "AssertionError"),
        sigquit(24),
        "Killed",
    ),
)

case(
    "v047_pr6081_mtp_dummy_expert_config",
    "0.4.7 (source checkout, June 2025 main)",
    "sgl-project/sglang#6081 comment (the reporter's first lines: the Transformers fallback, the scheduler frames); the rest "
    "from sglang-0.4.7 managers/expert_location.py:403 (init_dummy: 1 logical expert), :176",
    "config_error",
    "The architecture fell back to the Transformers class, which has no expert-location config, so 1 dummy logical "
    "expert + 64 redundant = 65 physical experts, not divisible by ep16",
    join(
        "[2025-06-06 13:38:38 DP3 TP3] DeepseekV3ForCausalLM has no SGLang implementation, falling back to Transformers implementation. Some features may not be supported and performance may not be optimal.",
        f"[2025-06-06 13:38:38 DP3 TP3] Scheduler hit an exception: {TB}",
        tb(
            SRC,
            (
                f"{SRC}/sglang/srt/managers/scheduler.py",
                2509,
                "run_scheduler_process",
                "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
            ),
            (f"{SRC}/sglang/srt/managers/scheduler.py", 282, "__init__", "self.tp_worker = TpWorkerClass("),
            (f"{SRC}/sglang/srt/managers/tp_worker.py", 78, "__init__", "self.model_runner = ModelRunner("),
            (
                f"{SRC}/sglang/srt/model_executor/model_runner.py",
                233,
                "__init__",
                "self.initialize(min_per_gpu_memory)",
            ),
            (
                f"{SRC}/sglang/srt/model_executor/model_runner.py",
                248,
                "initialize",
                "compute_initial_expert_location_metadata(server_args, self.model_config)",
            ),
            (
                f"{SRC}/sglang/srt/managers/expert_location.py",
                421,
                "compute_initial_expert_location_metadata",
                "return ExpertLocationMetadata.init_trivial(server_args, model_config)",
            ),
            (
                f"{SRC}/sglang/srt/managers/expert_location.py",
                84,
                "init_trivial",
                "common = ExpertLocationMetadata._init_common(server_args, model_config)",
            ),
            (
                f"{SRC}/sglang/srt/managers/expert_location.py",
                176,
                "_init_common",
                "assert num_physical_experts % ep_size == 0",
            ),
        ),
        "AssertionError",
        "",
        "[2025-06-06 13:38:38] Received sigquit from a child process. It usually means the child failed.",
    ),
)

case(
    "v056_buffer_size_exceeds_rebalance_iterations",
    "0.5.6",
    "sglang-0.5.6 eplb/eplb_manager.py:27-30 (EPLBManager.__init__), model_runner.py:423",
    "config_error",
    "`--eplb-rebalance-num-iterations 500 --expert-distribution-recorder-buffer-size 2000`: EPLBManager refuses a circular "
    "buffer longer than the interval, in ModelRunner.initialize",
    join(
        sargs(
            0,
            DSV3,
            tp_size=8,
            ep_size=8,
            enable_eplb=True,
            eplb_rebalance_num_iterations=500,
            expert_distribution_recorder_buffer_size=2000,
        ),
        f"{ts(20, 'TP0 EP0')} Init torch distributed begin.",
        f"{ts(23, 'TP0 EP0')} Init torch distributed ends. mem usage=1.05 GB",
        sched_exc(
            23,
            "TP0 EP0",
            PY312,
            V056_INIT
            + (
                ("model_executor/model_runner.py", 423, "initialize", "EPLBManager(self)"),
                ("eplb/eplb_manager.py", 27, "__init__", "assert ("),
            ),
            "AssertionError: eplb_rebalance_num_iterations must be greater than expert_distribution_recorder_buffer_size",
        ),
        sigquit(23),
    ),
)

case(
    "v052_init_expert_location_file_missing",
    "0.5.2",
    "sglang-0.5.2 eplb/expert_location.py:447 (json.loads(Path(data).read_text())), model_runner.py:269, tp_worker_overlap_thread.py:71",
    "config_error",
    "A decode node started with `--init-expert-location /data/eplb/ds_v3_decode_in2000_out100.json` that this node does "
    "not have: FileNotFoundError from pathlib, every rank",
    join(
        sargs(
            0,
            DSV3,
            tp_size=16,
            dp_size=16,
            ep_size=16,
            enable_dp_attention=True,
            moe_a2a_backend="deepep",
            deepep_mode="low_latency",
            disaggregation_mode="decode",
            init_expert_location="/data/eplb/ds_v3_decode_in2000_out100.json",
            ep_num_redundant_experts=32,
        ),
        f"{ts(18, 'DP0 TP0 EP0')} Init torch distributed begin.",
        f"{ts(22, 'DP0 TP0 EP0')} Init torch distributed ends. mem usage=1.21 GB",
        sched_exc(
            22,
            "DP0 TP0 EP0",
            PY312,
            (
                ("managers/scheduler.py", 2587, "run_scheduler_process", "scheduler = Scheduler("),
                ("managers/scheduler.py", 329, "__init__", "self.tp_worker = TpWorkerClass("),
                ("managers/tp_worker_overlap_thread.py", 71, "__init__", "self.worker = TpModelWorker("),
                ("managers/tp_worker.py", 93, "__init__", "self.model_runner = ModelRunner("),
                ("model_executor/model_runner.py", 250, "__init__", "self.initialize(min_per_gpu_memory)"),
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
                    1027,
                    "read_text",
                    "with self.open(mode='r', encoding=encoding, errors=errors) as f:",
                ),
                (
                    "/usr/lib/python3.12/pathlib.py",
                    1013,
                    "open",
                    "return io.open(self, mode, buffering, encoding, errors, newline)",
                ),
            ),
            "FileNotFoundError: [Errno 2] No such file or directory: '/data/eplb/ds_v3_decode_in2000_out100.json'",
        ),
        sigquit(22),
    ),
)

_COMPOSE = "sglang-decode-1  | "
case(
    "v054_init_expert_location_not_json_compose",
    "0.5.4",
    "sglang-0.5.4 eplb/expert_location.py:474 (a path ending neither .pt nor .json goes to json.loads(data)), model_runner.py:358",
    "config_error",
    "`--init-expert-location /data/eplb/ds_r1_prefill.yaml`: the path itself is parsed as JSON; docker compose's prefix "
    "on every line",
    "\n".join(
        _COMPOSE + line
        for line in join(
            sargs(
                0,
                DSR1,
                tp_size=8,
                ep_size=8,
                moe_a2a_backend="deepep",
                deepep_mode="normal",
                init_expert_location="/data/eplb/ds_r1_prefill.yaml",
            ),
            f"{ts(19, 'TP0 EP0')} Init torch distributed begin.",
            f"{ts(22, 'TP0 EP0')} Init torch distributed ends. mem usage=0.98 GB",
            sched_exc(
                22,
                "TP0 EP0",
                PY312,
                (
                    ("managers/scheduler.py", 2747, "run_scheduler_process", "scheduler = Scheduler("),
                    ("managers/scheduler.py", 311, "__init__", "self.tp_worker = TpModelWorker("),
                    ("managers/tp_worker.py", 235, "__init__", "self._model_runner = ModelRunner("),
                    ("model_executor/model_runner.py", 318, "__init__", "self.initialize(min_per_gpu_memory)"),
                    (
                        "model_executor/model_runner.py",
                        358,
                        "initialize",
                        "compute_initial_expert_location_metadata(server_args, self.model_config)",
                    ),
                    (
                        "eplb/expert_location.py",
                        474,
                        "compute_initial_expert_location_metadata",
                        "data_dict = json.loads(data)",
                    ),
                    ("/usr/lib/python3.12/json/__init__.py", 346, "loads", "return _default_decoder.decode(s)"),
                    (
                        "/usr/lib/python3.12/json/decoder.py",
                        337,
                        "decode",
                        "obj, end = self.raw_decode(s, idx=_w(s, 0).end())",
                    ),
                    (
                        "/usr/lib/python3.12/json/decoder.py",
                        355,
                        "raw_decode",
                        'raise JSONDecodeError("Expecting value", s, err.value) from None',
                    ),
                ),
                "json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)",
            ),
            sigquit(22),
        ).split("\n")
    )
    + "\nsglang-decode-1 exited with code 137",
)

case(
    "v0510_init_expert_location_unknown_format",
    "0.5.10.post1",
    "sglang-0.5.10.post1 eplb/expert_location.py:571 (`Unknown init_expert_location format`), expert_distribution.py:808 (the per_pass dump's keys)",
    "config_error",
    "The per_pass recorder's dump (`records`, `last_physical_to_logical_map`) given to `--init-expert-location`: neither "
    "a mapping nor a logical_count",
    join(
        sargs(
            0,
            "Qwen/Qwen3-235B-A22B-Instruct-2507-FP8",
            tp_size=8,
            ep_size=8,
            ep_num_redundant_experts=32,
            init_expert_location="/models/eplb/expert_distribution_recorder_1772441234.5678_0.pt",
        ),
        f"{ts(21, 'TP0 EP0')} Init torch distributed begin.",
        f"{ts(24, 'TP0 EP0')} Init torch distributed ends. elapsed=2.87 s, mem usage=1.04 GB",
        sched_exc(
            24,
            "TP0 EP0",
            PY312,
            V0510_INIT
            + (
                ("model_executor/model_runner.py", 473, "initialize", "compute_initial_expert_location_metadata("),
                (
                    "eplb/expert_location.py",
                    571,
                    "compute_initial_expert_location_metadata",
                    "raise NotImplementedError(",
                ),
            ),
            "NotImplementedError: Unknown init_expert_location format (list(data_dict.keys())=['records', 'last_physical_to_logical_map'])",
        ),
        sigquit(24),
    ),
)

case(
    "v0510_eplb_algorithm_typo_keyerror",
    "0.5.10.post1",
    "sglang-0.5.10.post1 eplb/eplb_algorithms/__init__.py:80 (EplbAlgorithm[raw_algorithm]), expert_location.py:173 / :567 "
    "(init_by_eplb at start-up for a logical_count file)",
    "config_error",
    "`--eplb-algorithm deepseek-hierarchical` (a hyphen) with a logical_count JSON: the enum lookup raises KeyError while the "
    "initial placement is computed",
    join(
        sargs(
            0,
            DSV3,
            tp_size=8,
            ep_size=8,
            ep_num_redundant_experts=32,
            eplb_algorithm="deepseek-hierarchical",
            init_expert_location="/models/eplb/dsv3_logical_count.json",
        ),
        f"{ts(21, 'TP0 EP0')} Init torch distributed begin.",
        f"{ts(24, 'TP0 EP0')} Init torch distributed ends. elapsed=2.91 s, mem usage=1.05 GB",
        f"{ts(24, 'TP0 EP0')} init_expert_location from init_by_eplb using ServerArgs.init_expert_location",
        sched_exc(
            24,
            "TP0 EP0",
            PY312,
            V0510_INIT
            + (
                ("model_executor/model_runner.py", 473, "initialize", "compute_initial_expert_location_metadata("),
                (
                    "eplb/expert_location.py",
                    567,
                    "compute_initial_expert_location_metadata",
                    "return ExpertLocationMetadata.init_by_eplb(",
                ),
                ("eplb/expert_location.py", 173, "init_by_eplb", "algorithm=eplb_algorithms.compute_algorithm("),
                ("eplb/eplb_algorithms/__init__.py", 80, "compute_algorithm", "return EplbAlgorithm[raw_algorithm]"),
                ("/usr/lib/python3.12/enum.py", 813, "__getitem__", "return cls._member_map_[name]"),
            ),
            "KeyError: 'deepseek-hierarchical'",
        ),
        sigquit(24),
    ),
)

case(
    "v047_recorder_mode_unknown_keyerror",
    "0.4.7",
    "sglang-0.4.7 managers/expert_distribution.py:549-554 (_Accumulator.get_class: stat / stat_approx / per_pass / per_token), model_runner.py:237",
    "config_error",
    "`--expert-distribution-recorder-mode per_layer` (the flag has no choices): the accumulator lookup raises KeyError in "
    "ModelRunner.initialize",
    join(
        sargs(
            0,
            DSR1,
            tp_size=16,
            ep_size=16,
            enable_ep_moe=True,
            expert_distribution_recorder_mode="per_layer",
            nnodes=2,
            node_rank=0,
        ),
        f"{ts(20, 'TP0')} Init torch distributed begin.",
        f"{ts(24, 'TP0')} Init torch distributed ends. mem usage=1.12 GB",
        sched_exc(
            24,
            "TP0",
            PY310,
            V047_INIT
            + (
                ("model_executor/model_runner.py", 237, "initialize", "ExpertDistributionRecorder.init_new("),
                ("managers/expert_distribution.py", 50, "init_new", "return _ExpertDistributionRecorderReal("),
                ("managers/expert_distribution.py", 122, "__init__", "self._accumulator = _Accumulator.init_new("),
                ("managers/expert_distribution.py", 543, "init_new", "return _Accumulator.get_class(server_args)("),
                ("managers/expert_distribution.py", 549, "get_class", "return {"),
            ),
            "KeyError: 'per_layer'",
        ),
        sigquit(24),
    ),
)

case(
    "v056_stat_approx_without_deepep_normal",
    "0.5.6",
    "sglang-0.5.6 eplb/expert_distribution.py:300-306 (stat_approx needs DeepEP normal: a bare NotImplementedError), model_runner.py:414",
    "config_error",
    "A decode node with `--deepep-mode low_latency --expert-distribution-recorder-mode stat_approx`: the gatherer has no "
    "implementation for it",
    join(
        sargs(
            0,
            DSV3,
            tp_size=8,
            ep_size=8,
            moe_a2a_backend="deepep",
            deepep_mode="low_latency",
            expert_distribution_recorder_mode="stat_approx",
        ),
        f"{ts(20, 'TP0 EP0')} Init torch distributed begin.",
        f"{ts(23, 'TP0 EP0')} Init torch distributed ends. mem usage=1.05 GB",
        sched_exc(
            23,
            "TP0 EP0",
            PY312,
            V056_INIT
            + (
                ("model_executor/model_runner.py", 414, "initialize", "ExpertDistributionRecorder.init_new("),
                ("eplb/expert_distribution.py", 63, "init_new", "return _ExpertDistributionRecorderReal("),
                (
                    "eplb/expert_distribution.py",
                    144,
                    "__init__",
                    "k: _SinglePassGatherer.init_new(server_args, expert_location_metadata, rank)",
                ),
                ("eplb/expert_distribution.py", 306, "init_new", "raise NotImplementedError"),
            ),
            "NotImplementedError",
        ),
        sigquit(23),
    ),
)

case(
    "v056_bailing_redundant_experts_unsupported",
    "0.5.6",
    "sglang-0.5.6 models/bailing_moe.py:206-207 (`# TODO ... ep_num_redundant_experts is used for eplb, not supported now` / "
    "`assert get_global_server_args().ep_num_redundant_experts == 0`), loader.py:595",
    "config_error",
    "Ling-flash-2.0 with `--ep 8 --ep-num-redundant-experts 16`: the Bailing MoE block refuses redundant experts while the "
    "model is built",
    join(
        sargs(
            0, "inclusionAI/Ling-flash-2.0", tp_size=8, ep_size=8, ep_num_redundant_experts=16, trust_remote_code=True
        ),
        f"{ts(20, 'TP0 EP0')} Init torch distributed begin.",
        f"{ts(23, 'TP0 EP0')} Init torch distributed ends. mem usage=0.91 GB",
        f"{ts(24, 'TP0 EP0')} Load weight begin. avail mem=78.12 GB",
        sched_exc(
            24,
            "TP0 EP0",
            PY312,
            V056_INIT
            + (
                ("model_executor/model_runner.py", 436, "initialize", "self.load_model()"),
                ("model_executor/model_runner.py", 804, "load_model", "self.model = get_model("),
                ("model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
                ("model_loader/loader.py", 595, "load_model", "model = _initialize_model("),
                ("model_loader/loader.py", 263, "_initialize_model", "return model_class(**kwargs)"),
                ("models/bailing_moe.py", 778, "__init__", "self.model = BailingMoEModel("),
                (
                    "models/bailing_moe.py",
                    703,
                    "__init__",
                    "self.layers, self.start_layer, self.end_layer = make_layers(",
                ),
                ("utils/common.py", 612, "make_layers", "+ get_offloader().wrap_modules("),
                ("utils/offloader.py", 36, "wrap_modules", "return list(all_modules_generator)"),
                ("utils/common.py", 614, "<genexpr>", "layer_fn(idx=idx, prefix=add_prefix(idx, prefix))"),
                ("models/bailing_moe.py", 705, "<lambda>", "lambda idx, prefix: BailingMoEBlock("),
                ("models/bailing_moe.py", 598, "__init__", "self.mlp = BailingMoESparseMoeBlock("),
                (
                    "models/bailing_moe.py",
                    207,
                    "__init__",
                    "assert get_global_server_args().ep_num_redundant_experts == 0",
                ),
            ),
            "AssertionError",
        ),
        sigquit(24),
    ),
)

# ---------------------------------------------------------------------------- argument errors that fire after ready
case(
    "v049_issue8253_rebalance_num_gpus_num_nodes_after_ready",
    "0.4.9.post2",
    "sgl-project/sglang#8253 (title `assert num_gpus % num_nodes == 0`, the reporter's command); sglang-0.4.9.post2 "
    "eplb/eplb_algorithms/deepseek.py:110, __init__.py:26, eplb_manager.py:64, tp_worker_overlap_thread.py:129-132",
    "config_error",
    "tp16 on two nodes, `--ep-num-redundant-experts 16 --enable-eplb` and no `--ep` (0.4.9 has no EP check): the first "
    "rebalance, 1000 forward passes after ready, sees 1 GPU for 2 nodes in the hierarchical algorithm",
    join(
        sargs(
            0,
            "/data/models/DeepSeek-V3-0324",
            tp_size=16,
            ep_size=1,
            nnodes=2,
            node_rank=0,
            dist_init_addr="172.31.16.3:20000",
            mem_fraction_static=0.85,
            context_length=65536,
            enable_torch_compile=True,
            ep_num_redundant_experts=16,
            enable_eplb=True,
        ),
        f"{ts(20, 'TP0')} Init torch distributed begin.",
        f"{ts(26, 'TP0')} Init torch distributed ends. mem usage=1.37 GB",
        f"{ts(26, 'TP0')} Resetting ExpertDistributionRecorder...",
        f"{ts(26, 'TP0')} [EPLBManager] system started, will rebalance per 1000 iterations.",
        f"{ts(27, 'TP0')} Load weight begin. avail mem=77.93 GB",
        f"{ts(141, 'TP0')} Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=35.58 GB, mem usage=42.35 GB.",
        f"{ts(142, 'TP0')} KV Cache is allocated. #tokens: 348288, KV size: 22.77 GB",
        f"{ts(142, 'TP0')} Memory pool end. avail mem=11.36 GB",
        f"{ts(143, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=10.87 GB",
        f"{ts(301, 'TP0')} Capture cuda graph end. Time elapsed: 158.02 s. mem usage=1.91 GB. avail mem=8.96 GB.",
        f"{ts(302, 'TP0')} max_total_num_tokens=348288, chunked_prefill_size=2048, max_prefill_tokens=16384, max_running_requests=100, context_len=65536, available_gpu_mem=8.96 GB",
        ready(303, port=8000, pid=1),
        f"{ts(320, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 2048, #cached-token: 0, token usage: 0.01, #running-req: 17, #queue-req: 3",
        f"{ts(322, 'TP0')} Decode batch. #running-req: 18, #token: 24711, token usage: 0.07, cuda graph: True, gen throughput (token/s): 512.33, #queue-req: 3",
        f"{ts(344, 'TP0')} Decode batch. #running-req: 21, #token: 30122, token usage: 0.09, cuda graph: True, gen throughput (token/s): 547.90, #queue-req: 0",
        each(346, ["TP0", "TP1", "TP2"], "[EPLBManager] rebalance start"),
        worker_exc(
            346,
            "TP0",
            PY310,
            (
                ("managers/tp_worker_overlap_thread.py", 129, "forward_thread_func", "self.forward_thread_func_()"),
                ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
                (
                    "managers/tp_worker_overlap_thread.py",
                    164,
                    "forward_thread_func_",
                    "self.worker.forward_batch_generation(",
                ),
                (
                    "managers/tp_worker.py",
                    214,
                    "forward_batch_generation",
                    "logits_output, can_run_cuda_graph = self.model_runner.forward(",
                ),
                ("model_executor/model_runner.py", 1477, "forward", "self.eplb_manager.on_forward_pass_end()"),
                ("eplb/eplb_manager.py", 42, "on_forward_pass_end", "next(self._main_generator)"),
                ("eplb/eplb_manager.py", 50, "_entrypoint", "yield from self.rebalance()"),
                (
                    "eplb/eplb_manager.py",
                    64,
                    "rebalance",
                    "expert_location_metadata = ExpertLocationMetadata.init_by_eplb(",
                ),
                ("eplb/expert_location.py", 142, "init_by_eplb", "eplb_algorithms.rebalance_experts("),
                ("eplb/eplb_algorithms/__init__.py", 26, "rebalance_experts", "return deepseek.rebalance_experts("),
                (
                    "eplb/eplb_algorithms/deepseek.py",
                    198,
                    "rebalance_experts",
                    "phy2log, phyrank, logcnt = rebalance_experts_hierarchical(",
                ),
                (
                    "eplb/eplb_algorithms/deepseek.py",
                    110,
                    "rebalance_experts_hierarchical",
                    "assert num_gpus % num_nodes == 0",
                ),
            ),
            "AssertionError",
        ),
        "",
        sigquit(346),
    ),
)

case(
    "v047_start_record_without_recorder_mode_after_ready",
    "0.4.7",
    "sglang-0.4.7 managers/expert_distribution.py:85-101 (the no-op recorder's `_on_not_implemented`), scheduler.py:2380 "
    "(expert_distribution_handle), http_server.py:372, tokenizer_manager.py:1561-1563",
    "config_error",
    "`POST /start_expert_distribution_record` on a server started without `--expert-distribution-recorder-mode`: the "
    "no-op recorder raises inside the scheduler's request dispatcher and the scheduler dies",
    join(
        sargs(0, DSR1, tp_size=8, ep_size=8, enable_ep_moe=True),
        boot047(["TP0"], weights="mem usage=84.02 GB"),
        f"{ts(94, 'TP0')} max_total_num_tokens=412160, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=2048, context_len=163840, available_gpu_mem=16.58 GB",
        ready(95),
        f"{ts(130, 'TP0')} Decode batch. #running-req: 12, #token: 18230, token usage: 0.04, cuda graph: True, gen throughput (token/s): 402.17, #queue-req: 0",
        sched_exc(
            141,
            "TP0",
            PY310,
            (
                ("managers/scheduler.py", 2504, "run_scheduler_process", "scheduler.event_loop_overlap()"),
                ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
                ("managers/scheduler.py", 680, "event_loop_overlap", "self.process_input_requests(recv_reqs)"),
                ("managers/scheduler.py", 907, "process_input_requests", "output = self._request_dispatcher(recv_req)"),
                (f"{PY310}/sglang/utils.py", 471, "__call__", "return fn(obj)"),
                (
                    "managers/scheduler.py",
                    2380,
                    "expert_distribution_handle",
                    "get_global_expert_distribution_recorder().start_record()",
                ),
                ("managers/expert_distribution.py", 86, "start_record", "self._on_not_implemented()"),
                ("managers/expert_distribution.py", 99, "_on_not_implemented", "raise Exception("),
            ),
            "Exception: Please set ServerArgs.expert_distribution_recorder_mode to use ExpertDistributionRecorder.",
        ),
        "",
        sigquit(141),
    ),
)

# ======================================================================================= memory redundant experts add
case(
    "v056_redundant_experts_oom_weights",
    "0.5.6",
    "sglang-0.5.6 models/qwen3_moe.py:111/135 (num_experts + ep_num_redundant_experts), layers/moe/fused_moe_triton/layer.py:241, "
    "layers/quantization/fp8.py:591; torch 2.9.1 OutOfMemoryError",
    "oom_weights",
    "Qwen3-235B-A22B-FP8 on 4xH100 with `--ep 4 --ep-num-redundant-experts 64`: 48 local experts a layer instead of 32, the "
    "fused-MoE weights no longer fit while the model is built",
    join(
        sargs(
            0,
            "Qwen/Qwen3-235B-A22B-FP8",
            tp_size=4,
            ep_size=4,
            ep_num_redundant_experts=64,
            enable_eplb=True,
            mem_fraction_static=0.88,
        ),
        f"{ts(18, 'TP2 EP2')} Init torch distributed begin.",
        f"{ts(21, 'TP2 EP2')} Init torch distributed ends. mem usage=0.82 GB",
        f"{ts(21, 'TP2 EP2')} Resetting ExpertDistributionRecorder...",
        f"{ts(21, 'TP2 EP2')} [EPLBManager] system started, will rebalance per 1000 iterations.",
        f"{ts(22, 'TP2 EP2')} Load weight begin. avail mem=78.31 GB",
        sched_exc(
            64,
            "TP2 EP2",
            PY312,
            V056_INIT
            + (
                ("model_executor/model_runner.py", 436, "initialize", "self.load_model()"),
                ("model_executor/model_runner.py", 804, "load_model", "self.model = get_model("),
                ("model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
                ("model_loader/loader.py", 595, "load_model", "model = _initialize_model("),
                ("model_loader/loader.py", 263, "_initialize_model", "return model_class(**kwargs)"),
                ("models/qwen3_moe.py", 730, "__init__", "self.model = Qwen3MoeModel("),
                ("models/qwen3_moe.py", 708, "__init__", "super().__init__("),
                (
                    "models/qwen2_moe.py",
                    543,
                    "__init__",
                    "self.layers, self.start_layer, self.end_layer = make_layers(",
                ),
                ("utils/common.py", 612, "make_layers", "+ get_offloader().wrap_modules("),
                ("utils/offloader.py", 36, "wrap_modules", "return list(all_modules_generator)"),
                ("utils/common.py", 614, "<genexpr>", "layer_fn(idx=idx, prefix=add_prefix(idx, prefix))"),
                ("models/qwen2_moe.py", 545, "<lambda>", "lambda idx, prefix: decoder_layer_type("),
                ("models/qwen3_moe.py", 561, "__init__", "self.mlp = Qwen3MoeSparseMoeBlock("),
                ("models/qwen3_moe.py", 111, "__init__", "self.experts = get_moe_impl_class(quant_config)("),
                ("layers/moe/fused_moe_triton/layer.py", 241, "__init__", "self.quant_method.create_weights("),
                ("layers/quantization/fp8.py", 591, "create_weights", "torch.empty("),
                ("+torch/utils/_device.py", 104, "__torch_function__", "return func(*args, **kwargs)"),
            ),
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 576.00 MiB. GPU 2 has a total capacity of 79.19 GiB of which 291.06 MiB is free. "
            "Including non-PyTorch memory, this process has 78.89 GiB memory in use. Of the allocated memory 78.04 GiB is allocated by PyTorch, and 19.54 MiB "
            "is reserved by PyTorch but unallocated. " + OOM_TAIL,
        ),
        "",
        sigquit(64),
    ),
)

case(
    "v047_redundant_experts_kv_not_enough",
    "0.4.7",
    "sglang-0.4.7 model_runner.py:913-916 (init_memory_pool: `Not enough memory. Please try to increase --mem-fraction-static.`)",
    "oom_kv_cache",
    "DeepSeek-R1 on 16xH20 with `--ep-num-redundant-experts 64 --mem-fraction-static 0.55`: the extra expert replicas eat "
    "the static budget and the KV pool profiles to nothing",
    join(
        sargs(
            0,
            DSR1,
            tp_size=16,
            ep_size=16,
            enable_ep_moe=True,
            ep_num_redundant_experts=64,
            enable_eplb=True,
            mem_fraction_static=0.55,
            nnodes=2,
            node_rank=0,
        ),
        f"{ts(20, 'TP0')} Init torch distributed begin.",
        f"{ts(24, 'TP0')} Init torch distributed ends. mem usage=1.12 GB",
        f"{ts(24, 'TP0')} Resetting ExpertDistributionRecorder...",
        f"{ts(24, 'TP0')} [EPLBManager] system started, will rebalance per 1000 iterations.",
        f"{ts(25, 'TP0')} Load weight begin. avail mem=93.89 GB",
        f"{ts(25, 'TP0')} Detected fp8 checkpoint. Please note that the format is experimental and subject to change.",
        f"{ts(97, 'TP0')} Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=41.62 GB, mem usage=52.27 GB.",
        sched_exc(
            97,
            "TP0",
            PY310,
            V047_INIT
            + (
                ("model_executor/model_runner.py", 279, "initialize", "self.init_memory_pool("),
                ("model_executor/model_runner.py", 914, "init_memory_pool", "raise RuntimeError("),
            ),
            "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static.",
        ),
        "",
        sigquit(97),
    ),
)

case(
    "v056_deepep_buffer_oom_at_warmup",
    "0.5.6",
    "sglang-0.5.6 layers/moe/token_dispatcher/deepep.py:197-220 (the `Only use 20 SMs` warning, `cls._buffer = Buffer(`), "
    "ep_moe/layer.py:159, models/deepseek_v2.py:787/1039; DeepEP's EPException text (csrc/deep_ep.cpp)",
    "oom_moe_workspace",
    "DeepEP normal mode with 32 redundant experts and `--mem-fraction-static 0.95` to win the KV back: the DeepEP buffer is "
    "created at the first dispatch (the warmup request, before ready) and cudaMalloc fails",
    join(
        "Cuda graph is disabled because deepep_mode=`normal`",
        sargs(
            0,
            DSV3,
            tp_size=8,
            ep_size=8,
            moe_a2a_backend="deepep",
            deepep_mode="normal",
            ep_num_redundant_experts=32,
            enable_eplb=True,
            mem_fraction_static=0.95,
            disable_cuda_graph=True,
        ),
        boot056("TP0 EP0", graph=False, eplb=["TP0 EP0"], tokens=1431808, kv_gb=93.63, avail=0.71),
        f"{ts(120, 'TP0 EP0')} max_total_num_tokens=1431808, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=163840, available_gpu_mem=0.71 GB",
        f"{ts(121)} INFO:     Started server process [4242]",
        f"{ts(121)} INFO:     Waiting for application startup.",
        f"{ts(121)} INFO:     Application startup complete.",
        f"{ts(121)} INFO:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)",
        f'{ts(122)} INFO:     127.0.0.1:46704 - "GET /get_model_info HTTP/1.1" 200 OK',
        f"{ts(122, 'TP0 EP0')} Prefill batch, #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f"{ts(122, 'TP0 EP0')} Only use 20 SMs for DeepEP communication. This may result in highly suboptimal performance. Consider using --deepep-config to change the behavior.",
        sched_exc(
            123,
            "TP0 EP0",
            PY312,
            V056_LOOP
            + (
                ("model_executor/model_runner.py", 2647, "forward", "output = self._forward_raw("),
                ("model_executor/model_runner.py", 2706, "_forward_raw", "ret = self.forward_extend("),
                ("model_executor/model_runner.py", 2592, "forward_extend", "return self.model.forward("),
                ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
                ("models/deepseek_v2.py", 3480, "forward", "hidden_states = self.model("),
                ("+torch/nn/modules/module.py", 1775, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
                ("+torch/nn/modules/module.py", 1786, "_call_impl", "return forward_call(*args, **kwargs)"),
                ("models/deepseek_v2.py", 3291, "forward", "hidden_states, residual = layer("),
                ("models/deepseek_v2.py", 3029, "forward", "hidden_states = self.mlp("),
                ("models/deepseek_v2.py", 787, "forward", "return self.forward_deepep(hidden_states, forward_batch)"),
                ("models/deepseek_v2.py", 1039, "forward_deepep", "final_hidden_states = self.experts("),
                ("layers/moe/ep_moe/layer.py", 159, "forward", "dispatch_output = self.dispatcher.dispatch("),
                (
                    "layers/moe/token_dispatcher/deepep.py",
                    758,
                    "dispatch",
                    "self.dispatch_a(hidden_states, topk_output)",
                ),
                (
                    "layers/moe/token_dispatcher/deepep.py",
                    768,
                    "dispatch_a",
                    "inner_state = self._get_impl().dispatch_a(",
                ),
                (
                    "layers/moe/token_dispatcher/deepep.py",
                    401,
                    "dispatch_a",
                    ") = self._dispatch_core(hidden_states, topk_ids, topk_weights, previous_event)",
                ),
                ("layers/moe/token_dispatcher/deepep.py", 424, "_dispatch_core", "buffer = self._get_buffer()"),
                ("layers/moe/token_dispatcher/deepep.py", 515, "_get_buffer", "return DeepEPBuffer.get_deepep_buffer("),
                ("layers/moe/token_dispatcher/deepep.py", 212, "get_deepep_buffer", "cls._buffer = Buffer("),
                (
                    "+deep_ep/buffer.py",
                    102,
                    "__init__",
                    "self.runtime = deep_ep_cpp.Buffer(self.rank, self.group_size, num_nvl_bytes, num_rdma_bytes, low_latency_mode, explicitly_destroy)",
                ),
            ),
            "RuntimeError: Failed: CUDA error /sgl-workspace/DeepEP/csrc/deep_ep.cpp:58 'out of memory'",
        ),
        "",
        sigquit_running(123),
    ),
)

# ============================================================================== failures during a rebalance, after ready
case(
    "v056_rebalance_temp_buffers_oom",
    "0.5.6",
    "sglang-0.5.6 eplb/expert_location_updater.py:134/161 (create_temp_buffers: torch.empty_like per expert tensor), eplb_manager.py:53/81, "
    "tokenizer_manager.py:2490-2495; torch 2.9.1 OutOfMemoryError",
    "oom_runtime",
    "DeepSeek-V3 on 8xH200, 32 redundant experts, `--mem-fraction-static 0.92`: the first rebalance after ready allocates one "
    "layer's worth of expert weights as temp buffers and runs out",
    join(
        "EPLB is enabled. The expert_distribution_recorder_mode is automatically set.",
        sargs(
            0,
            DSV3,
            tp_size=8,
            ep_size=8,
            ep_num_redundant_experts=32,
            enable_eplb=True,
            eplb_rebalance_num_iterations=1000,
            mem_fraction_static=0.92,
        ),
        boot056("TP0 EP0", eplb=EP8[:2]),
        f"{ts(173, 'TP0 EP0')} max_total_num_tokens=694912, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=2048, context_len=163840, available_gpu_mem=6.87 GB",
        ready(174),
        f"{ts(240, 'TP0 EP0')} Prefill batch, #new-seq: 6, #new-token: 8192, #cached-token: 1024, token usage: 0.41, #running-req: 210, #queue-req: 14, ",
        f"{ts(241, 'TP0 EP0')} Decode batch, #running-req: 216, #token: 287311, token usage: 0.41, cuda graph: True, gen throughput (token/s): 6120.44, #queue-req: 14, ",
        each(262, EP8[:4], "[EPLBManager] rebalance start"),
        each(262, EP8[:2], "Resetting ExpertDistributionRecorder..."),
        sched_exc(
            263,
            "TP4 EP4",
            PY312,
            V056_REBALANCE
            + (
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
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1008.00 MiB. GPU 4 has a total capacity of 139.81 GiB of which 655.50 MiB is free. "
            "Including non-PyTorch memory, this process has 139.15 GiB memory in use. Of the allocated memory 131.42 GiB is allocated by PyTorch, with 1.64 GiB "
            "allocated in private pools (e.g., CUDA Graphs), and 2.37 GiB is reserved by PyTorch but unallocated. "
            + OOM_TAIL,
        ),
        "",
        sigquit_running(263),
    ),
)

case(
    "v047_rebalance_temp_buffers_oom_overlap_thread",
    "0.4.7",
    "sglang-0.4.7 model_executor/expert_location_updater.py:129/156, managers/eplb_manager.py:74, tp_worker_overlap_thread.py:118-122, "
    "tokenizer_manager.py:1561-1563; torch 2.7.1 OutOfMemoryError",
    "oom_runtime",
    "DeepSeek-R1 FP8 on 16xH20 with 32 redundant experts: the overlap thread's forward pass runs the rebalance and the temp "
    "buffers do not fit next to the pool and graphs",
    join(
        sargs(
            0,
            DSR1,
            tp_size=16,
            ep_size=16,
            enable_ep_moe=True,
            ep_num_redundant_experts=32,
            enable_eplb=True,
            eplb_rebalance_num_iterations=500,
            nnodes=2,
            node_rank=1,
        ),
        f"{ts(24, 'TP8')} Resetting ExpertDistributionRecorder...",
        f"{ts(24, 'TP8')} [EPLBManager] system started, will rebalance per 500 iterations.",
        f"{ts(94, 'TP8')} Capture cuda graph begin. This can take up to several minutes. avail mem=16.87 GB",
        f"{ts(131, 'TP8')} Capture cuda graph end. Time elapsed: 37.41 s. mem usage=1.12 GB. avail mem=15.75 GB.",
        f"{ts(410, 'TP8')} [EPLBManager] rebalance start",
        f"{ts(410, 'TP8')} Resetting ExpertDistributionRecorder...",
        f"{ts(413, 'TP8')} [EPLBManager] rebalance end time=3.027s",
        f"{ts(690, 'TP8')} [EPLBManager] rebalance start",
        f"{ts(690, 'TP8')} Resetting ExpertDistributionRecorder...",
        worker_exc(
            690,
            "TP13",
            PY310,
            V047_THREAD
            + V047_UPDATE
            + (
                (
                    "model_executor/expert_location_updater.py",
                    129,
                    "_update_expert_weights_raw",
                    "temp_buffers = create_temp_buffers(",
                ),
                (
                    "model_executor/expert_location_updater.py",
                    156,
                    "create_temp_buffers",
                    "return [torch.empty_like(tensor) for tensor in sample_tensors]",
                ),
            ),
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 504.00 MiB. GPU 5 has a total capacity of 95.58 GiB of which 397.31 MiB is free. "
            "Including non-PyTorch memory, this process has 95.18 GiB memory in use. Of the allocated memory 87.92 GiB is allocated by PyTorch, with 1.03 GiB "
            "allocated in private pools (e.g., CUDA Graphs), and 1.41 GiB is reserved by PyTorch but unallocated. "
            + OOM_TAIL,
        ),
        "",
        sigquit(690),
    ),
)

case(
    "v0510_rebalance_nccl_p2p_cuda_oom",
    "0.5.10.post1",
    "sglang-0.5.10.post1 eplb/expert_location_updater.py:486 (_execute_p2p_ops: torch.distributed.batch_isend_irecv), tokenizer_manager.py:2561; "
    "torch 2.9.1 DistBackendError, NCCL 2.27 ncclUnhandledCudaError",
    "oom_runtime",
    "Qwen3-235B on 8xH100 with `--mem-fraction-static 0.93`: the rebalance's first P2P between two ranks makes NCCL connect "
    "them, and NCCL's own cudaMalloc for the P2P buffers fails: out of memory while serving",
    join(
        sargs(
            0,
            "Qwen/Qwen3-235B-A22B-Instruct-2507",
            tp_size=8,
            ep_size=8,
            ep_num_redundant_experts=32,
            enable_eplb=True,
            mem_fraction_static=0.93,
        ),
        f"{ts(21, 'TP0 EP0')} Resetting ExpertDistributionRecorder...",
        f"{ts(21, 'TP0 EP0')} [EPLBManager] system started, will rebalance per 1000 iterations.",
        f"{ts(120, 'TP0 EP0')} max_total_num_tokens=1031168, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=2048, context_len=262144, available_gpu_mem=2.11 GB",
        ready(121),
        f"{ts(300, 'TP0 EP0')} Decode batch, #running-req: 187, #token: 611024, token usage: 0.59, cuda graph: True, gen throughput (token/s): 5207.63, #queue-req: 0",
        each(318, ["TP0 EP0", "TP6 EP6"], "[EPLBManager] rebalance start"),
        each(318, ["TP0 EP0"], "Resetting ExpertDistributionRecorder..."),
        sched_exc(
            319,
            "TP6 EP6",
            PY312,
            V0510_REBALANCE
            + (
                (
                    "eplb/expert_location_updater.py",
                    157,
                    "_update_expert_weights_raw",
                    "update_expert_weights_single_layer(",
                ),
                ("eplb/expert_location_updater.py", 511, "update_expert_weights_single_layer", "_entrypoint()"),
                ("eplb/expert_location_updater.py", 236, "_entrypoint", "_execute_p2p_ops(p2p_op_infos)"),
                (
                    "eplb/expert_location_updater.py",
                    486,
                    "_execute_p2p_ops",
                    "reqs = torch.distributed.batch_isend_irecv(p2p_ops)",
                ),
                ("+torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
                (
                    "+torch/distributed/distributed_c10d.py",
                    2921,
                    "batch_isend_irecv",
                    "with _coalescing_manager(group, device, async_ops=True) as cm:",
                ),
                ("/usr/lib/python3.12/contextlib.py", 144, "__exit__", "next(self.gen)"),
                (
                    "+torch/distributed/distributed_c10d.py",
                    2852,
                    "_coalescing_manager",
                    "work = group._end_coalescing(device)",
                ),
            ),
            "torch.distributed.DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:3771, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.27.5\n"
            "ncclUnhandledCudaError: Call to CUDA function failed.\n"
            "Last error:\n"
            "Cuda failure 2 'out of memory'",
        ),
        "",
        sigquit_running(319),
    ),
)

_PYSPY = """Process 52113: sglang::scheduler_TP5_EP5
Python v3.12.3 (/usr/bin/python3.12)

Thread 52113 (active): "MainThread"
    synchronize (torch/cuda/__init__.py:1083)
    rebalance (sglang/srt/eplb/eplb_manager.py:88)
    _entrypoint (sglang/srt/eplb/eplb_manager.py:50)
    on_forward_pass_end (sglang/srt/eplb/eplb_manager.py:42)
    forward (sglang/srt/model_executor/model_runner.py:2656)
    forward_batch_generation (sglang/srt/managers/tp_worker.py:392)
    run_batch (sglang/srt/managers/scheduler.py:1999)
    event_loop_overlap (sglang/srt/managers/scheduler.py:1036)
    decorate_context (torch/utils/_contextlib.py:120)
    run_scheduler_process (sglang/srt/managers/scheduler.py:2677)
    run (multiprocessing/process.py:108)
    _bootstrap (multiprocessing/process.py:314)
    _main (multiprocessing/spawn.py:135)
    spawn_main (multiprocessing/spawn.py:122)
    <module> (<string>:1)
Thread 52388 (idle): "Thread-2 (watchdog_thread)"
    pyspy_dump_schedulers (sglang/srt/utils/common.py:2325)
    watchdog_thread (sglang/srt/managers/scheduler_runtime_checker_mixin.py:335)
    run (threading.py:1012)
    _bootstrap_inner (threading.py:1075)
    _bootstrap (threading.py:1032)
"""
case(
    "v056_rebalance_p2p_hang_scheduler_watchdog",
    "0.5.6",
    "sglang-0.5.6 managers/scheduler_runtime_checker_mixin.py:305-342 (watchdog_thread: batch info, py-spy dump, `Watchdog timeout`), "
    "utils/common.py:2319-2330 (pyspy_dump_schedulers), eplb_manager.py:88; sgl-project/sglang#30829 (rebalance P2P batches hang NCCL GPU-side)",
    "nccl_or_distributed",
    "A rebalance across 16 ranks on two nodes: the expert-weight P2P batch never completes, the rebalance's synchronize "
    "blocks, and SGLang's 300 s scheduler watchdog kills the server; no NCCL text at all, only the stack",
    join(
        sargs(
            0,
            DSV3,
            tp_size=16,
            ep_size=16,
            nnodes=2,
            node_rank=0,
            ep_num_redundant_experts=32,
            enable_eplb=True,
            watchdog_timeout=300,
        ),
        f"{ts(20, 'TP5 EP5')} [EPLBManager] system started, will rebalance per 1000 iterations.",
        ready(190),
        f"{ts(600, 'TP0 EP0')} Decode batch, #running-req: 96, #token: 201544, token usage: 0.29, cuda graph: True, gen throughput (token/s): 3118.70, #queue-req: 0, ",
        each(611, ["TP0 EP0", "TP5 EP5"], "[EPLBManager] rebalance start"),
        each(611, ["TP0 EP0", "TP5 EP5"], "Resetting ExpertDistributionRecorder..."),
        f"{ts(911, 'TP5 EP5')} self.cur_batch.batch_size()=96\n"
        "self.cur_batch.reqs=[Req(rid=6f1c2b0e4a9d4c21b0f8e3a1c7d5e902, input_ids=[0, 128803, 8637, 1724, 3016, 19, 4386, 6706, 33, 1405], output_ids=[1437, 2133, 270, 11130, 14], self.grammar=None, self.sampling_params=SamplingParams(max_new_tokens=2048, temperature=0.6, top_p=0.95)), ...]\n"
        "self.max_total_num_tokens=694912, available_size=493368, evictable_size=0, protected_size=201544\n",
        f"{ts(912, 'TP5 EP5')} Pyspy dump for PID 52113:\n{_PYSPY}",
        f"{ts(912, 'TP5 EP5')} Watchdog timeout (self.watchdog_timeout=300)",
        "",
        sigquit_running(917),
    ),
)

_WATCHDOG_047 = (
    "[rank5]:[E302 10:10:09.318842113 ProcessGroupNCCL.cpp:1896] [PG ID 0 PG GUID 0(default_pg) Rank 5] Process group watchdog thread terminated with exception: "
    "NCCL error: remote process exited or there was a network error, NCCL version 2.26.2\n"
    "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.\n"
    "Last error:\n"
    "NET/IB: Got completion from peer 10.6.0.14<33921> with status=12 opcode=0 len=0 vendor_err=129 (Send) localGid ::ffff:10.6.0.13 remoteGids::ffff:10.6.0.14\n"
    "Exception raised from checkForNCCLErrorsInternal at /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2298 (most recent call first):\n"
    f"frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x98 (0x7f3a1c96c1b8 in {PY310}/torch/lib/libc10.so)\n"
    f"frame #1: c10d::ProcessGroupNCCL::checkForNCCLErrorsInternal(std::shared_ptr<c10d::NCCLComm>&) + 0x220 (0x7f39d2a1b0f0 in {PY310}/torch/lib/libtorch_cuda.so)\n"
    f"frame #2: c10d::ProcessGroupNCCL::WorkNCCL::checkAndSetException() + 0x7c (0x7f39d2a1b3fc in {PY310}/torch/lib/libtorch_cuda.so)\n"
    f"frame #3: c10d::ProcessGroupNCCL::watchdogHandler() + 0x213 (0x7f39d2a24c43 in {PY310}/torch/lib/libtorch_cuda.so)\n"
    f"frame #4: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x7f39d2a2644d in {PY310}/torch/lib/libtorch_cuda.so)\n"
    "frame #5: <unknown function> + 0xdc253 (0x7f3a1d8b1253 in /lib/x86_64-linux-gnu/libstdc++.so.6)\n"
    "frame #6: <unknown function> + 0x94ac3 (0x7f3a2a9f6ac3 in /lib/x86_64-linux-gnu/libc.so.6)\n"
    "frame #7: <unknown function> + 0x126850 (0x7f3a2aa88850 in /lib/x86_64-linux-gnu/libc.so.6)\n"
    "\n"
    "terminate called after throwing an instance of 'c10::DistBackendError'\n"
    "  what():  [PG ID 0 PG GUID 0(default_pg) Rank 5] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.26.2\n"
    "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.\n"
    "Last error:\n"
    "NET/IB: Got completion from peer 10.6.0.14<33921> with status=12 opcode=0 len=0 vendor_err=129 (Send) localGid ::ffff:10.6.0.13 remoteGids::ffff:10.6.0.14\n"
    "Fatal Python error: Aborted\n"
    "\n"
    "Thread 0x00007f3a2a8f1480 (most recent call first):\n"
    f'  File "{PY310}/torch/cuda/__init__.py", line 1040 in synchronize\n'
    f'  File "{PY310}/sglang/srt/managers/eplb_manager.py", line 81 in rebalance\n'
    f'  File "{PY310}/sglang/srt/managers/eplb_manager.py", line 52 in _entrypoint\n'
    f'  File "{PY310}/sglang/srt/managers/eplb_manager.py", line 44 in on_forward_pass_end\n'
    f'  File "{PY310}/sglang/srt/model_executor/model_runner.py", line 1217 in forward\n'
    f'  File "{PY310}/sglang/srt/managers/tp_worker.py", line 202 in forward_batch_generation\n'
    f'  File "{PY310}/sglang/srt/managers/scheduler.py", line 1563 in run_batch\n'
    f'  File "{PY310}/sglang/srt/disaggregation/prefill.py", line 236 in event_loop_normal_disagg_prefill\n'
    f'  File "{PY310}/torch/utils/_contextlib.py", line 116 in decorate_context\n'
    f'  File "{PY310}/sglang/srt/managers/scheduler.py", line 2511 in run_scheduler_process\n'
    '  File "/usr/lib/python3.10/multiprocessing/process.py", line 108 in run\n'
    '  File "/usr/lib/python3.10/multiprocessing/process.py", line 314 in _bootstrap\n'
    '  File "/usr/lib/python3.10/multiprocessing/spawn.py", line 129 in _main\n'
    '  File "/usr/lib/python3.10/multiprocessing/spawn.py", line 116 in spawn_main\n'
    '  File "<string>", line 1 in <module>\n'
    "\n"
    "Extension modules: numpy.core._multiarray_umath, numpy.core._multiarray_tests, numpy.linalg._umath_linalg, torch._C, torch._C._dynamo.autograd_compiler, "
    "torch._C._dynamo.eval_frame, zmq.backend.cython._zmq, uvloop.loop, psutil._psutil_linux, sentencepiece._sentencepiece (total: 112)"
)
case(
    "v047_issue7224_rebalance_nccl_remote_error_pd",
    "0.4.7",
    "sgl-project/sglang#7224 (EPLBManager EP rebalance causing an NCCL communication issue and the whole process crashing, "
    "PD disaggregation); sglang-0.4.7 managers/eplb_manager.py:58-81, disaggregation/prefill.py:236; torch 2.7.1 ProcessGroupNCCL, NCCL 2.26 ncclRemoteError",
    "nccl_or_distributed",
    "A PD prefill server on two nodes: during the rebalance's cross-node weight moves the IB link drops, the NCCL watchdog "
    "aborts the process (faulthandler shows it inside the rebalance)",
    join(
        sargs(
            0,
            DSR1,
            tp_size=16,
            dp_size=16,
            enable_dp_attention=True,
            enable_deepep_moe=True,
            deepep_mode="normal",
            disaggregation_mode="prefill",
            enable_eplb=True,
            ep_num_redundant_experts=32,
            nnodes=2,
            node_rank=0,
        ),
        f"{ts(25, 'DP5 TP5')} [EPLBManager] system started, will rebalance per 1000 iterations.",
        ready(160),
        f"{ts(600, 'DP0 TP0')} Prefill batch. #new-seq: 4, #new-token: 16384, #cached-token: 0, token usage: 0.08, #running-req: 0, #unbootstrapped-req: 0, #queue-req: 11, #transferring-req: 3, time: 1.37 ",
        each(607, ["DP0 TP0", "DP5 TP5"], "[EPLBManager] rebalance start"),
        each(607, ["DP0 TP0", "DP5 TP5"], "Resetting ExpertDistributionRecorder..."),
        _WATCHDOG_047,
    ),
)

_JD = "Mar 02 10:{m:02d}:{s:02d} gpu-node-b sglang-dsv3[48213]: "


def jd(second: int, text: str) -> str:
    return "\n".join(_JD.format(m=second // 60, s=second % 60) + line for line in text.split("\n"))


_WORK = "WorkNCCL(SeqNum=18342, OpType=COALESCED, NumelIn=18446744073709551615, NumelOut=18446744073709551615, Timeout(ms)=180000)"
case(
    "v0510_rebalance_nccl_watchdog_timeout_journald",
    "0.5.10.post1",
    "sglang-0.5.10.post1 eplb/eplb_manager.py:53, expert_location_updater.py:486; torch 2.9.1 ProcessGroupNCCL watchdog (checkTimeout); "
    "sgl-project/sglang#30829; journald's prefix",
    "nccl_or_distributed",
    "Node b of a 2-node ep16 server under systemd with `--dist-timeout 180`: the rebalance's coalesced P2P never completes "
    "and torch's NCCL watchdog times it out and takes the process down",
    "\n".join(
        [
            jd(
                0,
                sargs(
                    0,
                    DSV3,
                    tp_size=16,
                    ep_size=16,
                    nnodes=2,
                    node_rank=1,
                    dist_timeout=180,
                    ep_num_redundant_experts=32,
                    enable_eplb=True,
                ),
            ),
            jd(21, f"{ts(21, 'TP12 EP12')} [EPLBManager] system started, will rebalance per 1000 iterations."),
            jd(
                190,
                f"{ts(190, 'TP12 EP12')} Decode batch, #running-req: 0, #token: 0, token usage: 0.00, cuda graph: True, gen throughput (token/s): 0.00, #queue-req: 0",
            ),
            jd(2671, f"{ts(2671, 'TP12 EP12')} [EPLBManager] rebalance start"),
            jd(2671, f"{ts(2671, 'TP12 EP12')} Resetting ExpertDistributionRecorder..."),
            jd(
                2851,
                f"[rank12]:[E302 10:47:31.402118736 ProcessGroupNCCL.cpp:685] [Rank 12] Watchdog caught collective operation timeout: {_WORK} ran for 180094 milliseconds before timing out.\n"
                "[rank12]:[E302 10:47:31.402391205 ProcessGroupNCCL.cpp:2252] [PG ID 0 PG GUID 0(default_pg) Rank 12]  failure detected by watchdog at work sequence id: 18342 PG status: last enqueued work: 18345, last completed work: 18341\n"
                "[rank12]:[E302 10:47:31.402410431 ProcessGroupNCCL.cpp:732] Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_FR_BUFFER_SIZE to a non-zero value.\n"
                "[rank12]:[E302 10:47:31.402481322 ProcessGroupNCCL.cpp:2584] [PG ID 0 PG GUID 0(default_pg) Rank 12] First PG on this rank to signal dumping.\n"
                "[rank12]:[E302 10:47:31.514207610 ProcessGroupNCCL.cpp:747] [Rank 12] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.\n"
                "[rank12]:[E302 10:47:31.514230117 ProcessGroupNCCL.cpp:761] [Rank 12] To avoid data inconsistency, we are taking the entire process down.\n"
                "terminate called after throwing an instance of 'c10::DistBackendError'\n"
                f"  what():  [PG ID 0 PG GUID 0(default_pg) Rank 12] Process group watchdog thread terminated with exception: [Rank 12] Watchdog caught collective operation timeout: {_WORK} ran for 180094 milliseconds before timing out.\n"
                "Exception raised from checkTimeout at /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:688 (most recent call first):\n"
                f"frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x80 (0x7fb0c4d7b9e0 in {PY312}/torch/lib/libc10.so)\n"
                f"frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x23d (0x7fb07a63b44d in {PY312}/torch/lib/libtorch_cuda.so)\n"
                "Fatal Python error: Aborted",
            ),
            "Mar 02 10:47:32 gpu-node-b systemd[1]: sglang-dsv3.service: Main process exited, code=killed, status=6/ABRT",
            "Mar 02 10:47:32 gpu-node-b systemd[1]: sglang-dsv3.service: Failed with result 'signal'.",
        ]
    ),
)

case(
    "v047_issue6644_illegal_memory_access_after_rebalance",
    "0.4.7",
    "sgl-project/sglang#6644 (invalid memory access when using EPLB); sglang-0.4.7 managers/eplb_manager.py:86 (rebalance end), "
    "tp_worker_overlap_thread.py:193 (copy_done.synchronize), scheduler.py:707/1626; torch 2.7.1 CUDA error and ProcessGroupNCCL watchdog",
    "cuda_error_other",
    "Right after a rebalance the next decode step faults: an illegal memory access surfacing at the overlap scheduler's sync; "
    "the NCCL watchdog then repeats the same CUDA error in its own words",
    join(
        sargs(
            0,
            "/media/ssd1/ds-r1",
            tp_size=8,
            dp_size=8,
            enable_dp_attention=True,
            enable_deepep_moe=True,
            deepep_mode="normal",
            enable_eplb=True,
            ep_num_redundant_experts=32,
            enable_two_batch_overlap=True,
        ),
        f"{ts(25, 'DP2 TP2')} [EPLBManager] system started, will rebalance per 1000 iterations.",
        ready(140),
        each(512, ["DP0 TP0", "DP2 TP2"], "[EPLBManager] rebalance start"),
        each(512, ["DP0 TP0", "DP2 TP2"], "Resetting ExpertDistributionRecorder..."),
        each(515, ["DP0 TP0", "DP2 TP2"], "[EPLBManager] rebalance end time=2.871s"),
        sched_exc(
            516,
            "DP2 TP2",
            PY310,
            (
                ("managers/scheduler.py", 2504, "run_scheduler_process", "scheduler.event_loop_overlap()"),
                ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
                ("managers/scheduler.py", 707, "event_loop_overlap", "self.process_batch_result("),
                (
                    "managers/scheduler.py",
                    1626,
                    "process_batch_result",
                    "self.process_batch_result_decode(batch, result, launch_done)",
                ),
                (
                    "managers/scheduler_output_processor_mixin.py",
                    200,
                    "process_batch_result_decode",
                    "self.tp_worker.resolve_last_batch_result(launch_done)",
                ),
                ("managers/tp_worker_overlap_thread.py", 193, "resolve_last_batch_result", "copy_done.synchronize()"),
                ("+torch/cuda/streams.py", 225, "synchronize", "super().synchronize()"),
            ),
            "RuntimeError: " + IMA,
        ),
        "",
        f"[rank2]:[E302 10:08:36.774011525 ProcessGroupNCCL.cpp:1896] [PG ID 0 PG GUID 0(default_pg) Rank 2] Process group watchdog thread terminated with exception: {IMA}"
        "Exception raised from c10_cuda_check_implementation at /pytorch/c10/cuda/CUDAException.cpp:43 (most recent call first):\n"
        f"frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x98 (0x7f61a116c1b8 in {PY310}/torch/lib/libc10.so)\n"
        "terminate called after throwing an instance of 'c10::DistBackendError'\n"
        f"  what():  [PG ID 0 PG GUID 0(default_pg) Rank 2] Process group watchdog thread terminated with exception: {IMA}",
        sigquit(516),
    ),
)

# ================================================================================================ healthy contrasts
case(
    "v056_healthy_eplb_rebalance_cycles",
    "0.5.6",
    "sglang-0.5.6 server_args.py:1568-1572, eplb/eplb_manager.py:35-37/53/86-91, expert_distribution.py:235, scheduler.py:1925-1929",
    "healthy",
    "EPLB on and working: the unformatted auto-set warning, the manager's start line, two rebalances with their reset and "
    "end lines, and a retraction under load",
    join(
        "EPLB is enabled. The expert_distribution_recorder_mode is automatically set.",
        sargs(
            0,
            DSV3,
            tp_size=8,
            ep_size=8,
            ep_num_redundant_experts=32,
            enable_eplb=True,
            eplb_rebalance_num_iterations=1000,
        ),
        boot056("TP0 EP0", eplb=EP8[:3]),
        f"{ts(173, 'TP0 EP0')} max_total_num_tokens=694912, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=2048, context_len=163840, available_gpu_mem=6.87 GB",
        ready(174),
        f"{ts(240, 'TP0 EP0')} Prefill batch, #new-seq: 6, #new-token: 8192, #cached-token: 1024, token usage: 0.41, #running-req: 210, #queue-req: 14, ",
        f"{ts(241, 'TP0 EP0')} Decode batch, #running-req: 216, #token: 287311, token usage: 0.41, cuda graph: True, gen throughput (token/s): 6120.44, #queue-req: 14, ",
        each(262, EP8[:3], "[EPLBManager] rebalance start"),
        each(262, EP8[:3], "Resetting ExpertDistributionRecorder..."),
        each(265, EP8[:3], "[EPLBManager] rebalance end time=3.412s"),
        f"{ts(266, 'TP0 EP0')} Decode batch, #running-req: 231, #token: 309882, token usage: 0.45, cuda graph: True, gen throughput (token/s): 5388.02, #queue-req: 9, ",
        f"{ts(301, 'TP0 EP0')} KV cache pool is full. Retract requests. #retracted_reqs: 2, #new_token_ratio: 0.5123 -> 0.8123",
        f"{ts(302, 'TP0 EP0')} Decode batch, #running-req: 412, #token: 694810, token usage: 1.00, cuda graph: True, gen throughput (token/s): 7012.55, #queue-req: 38, ",
        each(331, EP8[:3], "[EPLBManager] rebalance start"),
        each(331, EP8[:3], "Resetting ExpertDistributionRecorder..."),
        each(334, EP8[:3], "[EPLBManager] rebalance end time=2.977s"),
        f"{ts(335, 'TP0 EP0')} Decode batch, #running-req: 398, #token: 671203, token usage: 0.97, cuda graph: True, gen throughput (token/s): 6874.90, #queue-req: 21, ",
        f'{ts(336)} INFO:     10.0.3.17:52214 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    ),
)

case(
    "v047_healthy_balancedness_metrics_deepep_normal",
    "0.4.7",
    "sglang-0.4.7 managers/expert_distribution.py:131-134 (auto start), :474-477 (DeepepNormalSinglePassGatherer), :634-641 "
    "([Expert Balancedness]), server_args.py:374/381 (the unformatted DeepEP warnings), scheduler.py:1526-1530",
    "healthy",
    "`--enable-expert-distribution-metrics --expert-distribution-recorder-mode stat_approx` on a DeepEP normal server: "
    "approximation notice, balancedness lines every step, retractions",
    join(
        "Cuda graph is disabled because deepep_mode=`normal`",
        "DeepEP MoE is enabled. The expert parallel size is adjusted to be the same as the tensor parallel size[16].",
        sargs(
            0,
            DSR1,
            tp_size=16,
            dp_size=16,
            enable_dp_attention=True,
            enable_deepep_moe=True,
            deepep_mode="normal",
            ep_size=16,
            enable_expert_distribution_metrics=True,
            expert_distribution_recorder_mode="stat_approx",
            nnodes=2,
            node_rank=0,
        ),
        boot047(
            ["DP0 TP0"],
            init=[
                f"{ts(24, 'DP0 TP0')} DeepepNormalSinglePassGatherer gathers approximate statistics. If used with small batch size, consider using expert_distribution_recorder_mode=stat.",
                f"{ts(24, 'DP0 TP0')} ExpertDistributionRecorder auto start record since enable_expert_distribution_metrics",
                f"{ts(24, 'DP0 TP0')} Resetting ExpertDistributionRecorder...",
            ],
        ),
        f"{ts(94, 'DP0 TP0')} max_total_num_tokens=412160, chunked_prefill_size=32768, max_prefill_tokens=16384, max_running_requests=2048, context_len=163840, available_gpu_mem=16.58 GB",
        ready(95),
        f"{ts(140, 'DP0 TP0')} Prefill batch. #new-seq: 8, #new-token: 32768, #cached-token: 0, token usage: 0.22, #running-req: 40, #queue-req: 64",
        f"{ts(140, 'DP0 TP0')} [Expert Balancedness] forward_pass_id=1532 current_pass_balancedness=0.387 last_10_average_balancedness=0.402 last_100_average_balancedness=0.411 last_1000_average_balancedness=0.408  gpu_physical_count_sum=1835008",
        f"{ts(141, 'DP0 TP0')} [Expert Balancedness] forward_pass_id=1533 current_pass_balancedness=0.421 last_10_average_balancedness=0.404 last_100_average_balancedness=0.411 last_1000_average_balancedness=0.408  gpu_physical_count_sum=1835008",
        f"{ts(175, 'DP0 TP0')} KV cache pool is full. Retract requests. #retracted_reqs: 3, #new_token_ratio: 0.4471 -> 0.7471",
        f"{ts(176, 'DP0 TP0')} Decode batch. #running-req: 61, #token: 411902, token usage: 1.00, cuda graph: False, gen throughput (token/s): 1911.40, #queue-req: 67",
        f"{ts(176, 'DP0 TP0')} [Expert Balancedness] forward_pass_id=1711 current_pass_balancedness=0.655 last_10_average_balancedness=0.649 last_100_average_balancedness=0.593 last_1000_average_balancedness=0.451  gpu_physical_count_sum=3904",
    ),
)

case(
    "v0510_healthy_recorder_endpoints_dump",
    "0.5.10.post1",
    "sglang-0.5.10.post1 eplb/expert_distribution.py:156/245/256/265/926 (auto start, reset, the two recorder warnings, "
    "`Write expert distribution to`), http_server.py:905-927, scheduler.py:2595-2605 (the retraction warning)",
    "healthy",
    "Someone drives the recorder endpoints by hand: start while already recording (a warning), dump to /tmp, stop twice "
    "(another warning); retractions under load; the server keeps serving",
    join(
        sargs(
            0,
            "Qwen/Qwen3-30B-A3B-Instruct-2507",
            tp_size=4,
            ep_size=4,
            expert_distribution_recorder_mode="stat",
            enable_expert_distribution_metrics=True,
        ),
        each(
            19,
            ["TP0 EP0", "TP1 EP1"],
            "ExpertDistributionRecorder auto start record since enable_expert_distribution_metrics",
        ),
        each(19, ["TP0 EP0", "TP1 EP1"], "Resetting ExpertDistributionRecorder..."),
        f"{ts(20, 'TP0 EP0')} Load weight begin. avail mem=78.30 GB",
        f"{ts(41, 'TP0 EP0')} Load weight end. elapsed=20.77 s, type=Qwen3MoeForCausalLM, avail mem=63.98 GB, mem usage=14.32 GB.",
        f"{ts(42, 'TP0 EP0')} KV Cache is allocated. #tokens: 2364160, K size: 27.05 GB, V size: 27.05 GB",
        f"{ts(70, 'TP0 EP0')} max_total_num_tokens=2364160, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=262144, available_gpu_mem=7.41 GB",
        ready(71),
        each(
            90,
            ["TP0 EP0", "TP1 EP1"],
            "SGLang server is already recording expert ids. Did you forget to dump the expert ids recorded so far by sending requests to the `/stop_expert_distribution_record` and `/dump_expert_distribution_record` endpoints?",
        ),
        each(90, ["TP0 EP0", "TP1 EP1"], "Resetting ExpertDistributionRecorder..."),
        f'{ts(90)} INFO:     127.0.0.1:50122 - "POST /start_expert_distribution_record HTTP/1.1" 200 OK',
        f"{ts(120, 'TP0 EP0')} Prefill batch, #new-seq: 12, #new-token: 8192, #cached-token: 2048, token usage: 0.63, #running-req: 402, #queue-req: 88, ",
        f"{ts(131, 'TP0 EP0')} KV cache pool is full. Retract requests. #retracted_reqs: 4, #new_tokens_gained: 9312, #new_token_ratio: 0.4471 -> 0.7471",
        f"{ts(132, 'TP0 EP0')} Decode batch, #running-req: 488, #token: 2363904, token usage: 1.00, cuda graph: True, gen throughput (token/s): 11904.21, #queue-req: 92",
        f"{ts(140, 'TP0 EP0')} Write expert distribution to /tmp/expert_distribution_recorder_1772446018.4729955.pt",
        each(140, ["TP0 EP0", "TP1 EP1"], "Resetting ExpertDistributionRecorder..."),
        f'{ts(141)} INFO:     127.0.0.1:50130 - "POST /dump_expert_distribution_record HTTP/1.1" 200 OK',
        f'{ts(150)} INFO:     127.0.0.1:50136 - "POST /stop_expert_distribution_record HTTP/1.1" 200 OK',
        each(
            151,
            ["TP0 EP0", "TP1 EP1"],
            "SGLang server has not been recording expert ids. Did you forget to start recording by sending request to the `/start_expert_distribution_record` endpoint?",
        ),
        f'{ts(151)} INFO:     127.0.0.1:50140 - "POST /stop_expert_distribution_record HTTP/1.1" 200 OK',
        f"{ts(160, 'TP0 EP0')} Decode batch, #running-req: 377, #token: 1810233, token usage: 0.77, cuda graph: True, gen throughput (token/s): 12480.66, #queue-req: 0",
    ),
)

case(
    "v056_healthy_skipped_rebalance_and_updater_metrics",
    "0.5.6",
    "sglang-0.5.6 eplb/eplb_manager.py:93-106 (`Skipped ep rebalancing`), expert_location_updater.py:528-560 (the "
    "SGLANG_EXPERT_LOCATION_UPDATER_LOG_METRICS line); sgl-project/sglang#8345",
    "healthy",
    "`--eplb-min-rebalancing-utilization-threshold 0.9`: the first rebalance is skipped (utilization high enough), the "
    "next one moves weights and logs the P2P byte counts",
    join(
        "EPLB is enabled. The expert_distribution_recorder_mode is automatically set.",
        sargs(
            0,
            DSV3,
            tp_size=8,
            ep_size=8,
            ep_num_redundant_experts=32,
            enable_eplb=True,
            eplb_rebalance_num_iterations=500,
            eplb_min_rebalancing_utilization_threshold=0.9,
        ),
        boot056("TP0 EP0", eplb=["TP0 EP0", "TP1 EP1"], iters=500),
        ready(174),
        each(230, ["TP0 EP0", "TP1 EP1"], "[EPLBManager] rebalance start"),
        each(230, ["TP0 EP0", "TP1 EP1"], "Resetting ExpertDistributionRecorder..."),
        each(
            230,
            ["TP0 EP0", "TP1 EP1"],
            "[EPLBManager] Skipped ep rebalancing: current GPU utilization 0.93 > minimum rebalance threshold 0.90",
        ),
        f"{ts(231, 'TP0 EP0')} Decode batch, #running-req: 144, #token: 233012, token usage: 0.34, cuda graph: True, gen throughput (token/s): 4410.73, #queue-req: 0, ",
        each(288, ["TP0 EP0", "TP1 EP1"], "[EPLBManager] rebalance start"),
        each(288, ["TP0 EP0", "TP1 EP1"], "Resetting ExpertDistributionRecorder..."),
        f"{ts(288, 'TP0 EP0')} [ExpertLocationUpdater] isend_nbytes_of_gpu=[0, 0, 44040192, 0, 0, 88080384, 0, 0] isend_nbytes_of_node=[132120576] isend_nbytes_curr_node=132120576 isend_nbytes_cross_node=0 irecv_nbytes_of_gpu=[0, 44040192, 0, 0, 0, 0, 44040192, 0] irecv_nbytes_of_node=[88080384] irecv_nbytes_curr_node=88080384 irecv_nbytes_cross_node=0 ",
        f"{ts(288, 'TP0 EP0')} [ExpertLocationUpdater] isend_nbytes_of_gpu=[0, 0, 0, 44040192, 0, 0, 0, 0] isend_nbytes_of_node=[44040192] isend_nbytes_curr_node=44040192 isend_nbytes_cross_node=0 irecv_nbytes_of_gpu=[0, 0, 0, 0, 88080384, 0, 0, 0] irecv_nbytes_of_node=[88080384] irecv_nbytes_curr_node=88080384 irecv_nbytes_cross_node=0 ",
        each(291, ["TP0 EP0", "TP1 EP1"], "[EPLBManager] rebalance end time=2.904s"),
        f"{ts(292, 'TP0 EP0')} Decode batch, #running-req: 151, #token: 240118, token usage: 0.35, cuda graph: True, gen throughput (token/s): 4982.16, #queue-req: 0, ",
    ),
)

case(
    "v047_healthy_init_expert_location_from_dump",
    "0.4.7",
    "sglang-0.4.7 managers/expert_location.py:438-444 (`init_expert_location from init_by_eplb using ServerArgs.init_expert_location`), "
    "scheduler.py:1526-1530",
    "healthy",
    "A placement computed from a recorder dump at start-up (`--init-expert-location` with a logical_count file), then "
    "ordinary serving with a retraction",
    join(
        sargs(
            0,
            DSR1,
            tp_size=16,
            ep_size=16,
            enable_ep_moe=True,
            ep_num_redundant_experts=32,
            ep_dispatch_algorithm="static",
            init_expert_location="/data/eplb/ds_r1_logical_count.json",
            nnodes=2,
            node_rank=0,
        ),
        boot047(
            ["TP0"],
            init=each(
                24,
                ["TP0", "TP1", "TP2"],
                "init_expert_location from init_by_eplb using ServerArgs.init_expert_location",
            ),
        ),
        f"{ts(94, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=16.87 GB",
        f"{ts(131, 'TP0')} Capture cuda graph end. Time elapsed: 37.41 s. mem usage=1.12 GB. avail mem=15.75 GB.",
        f"{ts(132, 'TP0')} max_total_num_tokens=412160, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=2048, context_len=163840, available_gpu_mem=15.75 GB",
        ready(133),
        f"{ts(180, 'TP0')} Decode batch. #running-req: 96, #token: 301144, token usage: 0.73, cuda graph: True, gen throughput (token/s): 2612.04, #queue-req: 0",
        f"{ts(200, 'TP0')} KV cache pool is full. Retract requests. #retracted_reqs: 1, #new_token_ratio: 0.3981 -> 0.6981",
        f"{ts(201, 'TP0')} Decode batch. #running-req: 131, #token: 412001, token usage: 1.00, cuda graph: True, gen throughput (token/s): 2750.88, #queue-req: 5",
    ),
)


# ============================================================================================================ tests
# The miss was fixed after the round was scored: NCCL's own `Cuda failure 2 'out of memory'` on a server that is up
# is the serving step's memory (its pool exists); a variant in tests/test_logwatch_families.py.
XFAIL: dict[str, str] = {  # filled after the ONE first-sight run: case -> label the classifier gave
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_eplb_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


EVENT_XFAIL: dict[str, str] = {}  # healthy cases that fire a failure event on the way: case -> event label


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_eplb_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35

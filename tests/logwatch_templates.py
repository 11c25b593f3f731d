"""Log builders for tests/test_logwatch_templates.py: SGLang's own wrappers around a failure, as each release prints
them (the scheduler's `Scheduler hit an exception: <traceback>`, the launcher's sigquit line, its own traceback when
`prepare_server_args` or `_launch_subprocesses` raises), and the start-up lines before it. The stacks are SGLang's
call paths (0.5.10.post1 line numbers; the frames' files and functions are what the classifier reads).
"""

# ruff: noqa: E501, RUF005  (log lines are data; call paths are built by extending a shared prefix)

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pytest

PKG = "/usr/local/lib/python3.12/dist-packages"
SGL = f"{PKG}/sglang/srt"
TB = "Traceback (most recent call last):"


def ts(second: int, rank: str | None = None) -> str:
    tag = f" {rank}" if rank else ""
    return f"[2026-03-02 10:{second // 60:02d}:{second % 60:02d}{tag}]"


def frames(*stack: tuple[str, int, str, str]) -> str:
    """Python's frames: (file under sglang/srt or an absolute path, line, function, source line)."""
    out = []
    for path, line, func, code in stack:
        full = path if path.startswith(("/", "<")) else f"{SGL}/{path}"
        out.append(f'  File "{full}", line {line}, in {func}\n    {code}')
    return "\n".join(out)


# -- the call paths SGLang dies on (outermost first)
SCHED = (("managers/scheduler.py", 3589, "run_scheduler_process", "scheduler = Scheduler("),)
INIT = SCHED + (
    ("managers/scheduler.py", 412, "__init__", "self.init_model_worker()"),
    ("managers/scheduler.py", 640, "init_model_worker", "self.init_tp_model_worker()"),
    ("managers/scheduler.py", 600, "init_tp_model_worker", "self.tp_worker = TpModelWorker("),
    ("managers/tp_worker.py", 247, "__init__", "self._init_model_runner()"),
    ("managers/tp_worker.py", 330, "_init_model_runner", "self._model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 430, "__init__", "self.initialize(pre_model_load_memory)"),
)
DIST_INIT = INIT + (
    ("model_executor/model_runner.py", 470, "initialize", "min_per_gpu_memory = self.init_torch_distributed()"),
    ("model_executor/model_runner.py", 960, "init_torch_distributed", "init_distributed_environment("),
    ("distributed/parallel_state.py", 1609, "init_distributed_environment", "torch.distributed.init_process_group("),
)
TORCH_PG = (
    (f"{PKG}/torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
    (f"{PKG}/torch/distributed/distributed_c10d.py", 1710, "init_process_group", "store, rank, world_size = next("),
)
MODEL_PARALLEL = INIT + (
    ("model_executor/model_runner.py", 470, "initialize", "min_per_gpu_memory = self.init_torch_distributed()"),
    ("model_executor/model_runner.py", 985, "init_torch_distributed", "initialize_model_parallel("),
)
# PD disaggregation's prefill server setting up its KV manager, and Mooncake's transfer engine failing there
PD_PREFILL = SCHED + (
    ("managers/scheduler.py", 430, "__init__", "self.init_disaggregation()"),
    (
        "managers/scheduler.py",
        900,
        "init_disaggregation",
        "self.disagg_prefill_bootstrap_queue = PrefillBootstrapQueue(",
    ),
    ("disaggregation/prefill.py", 120, "__init__", "self.kv_manager = self._init_kv_manager()"),
)
MOONCAKE_INIT = PD_PREFILL + (
    ("disaggregation/mooncake/conn.py", 200, "__init__", "self.engine = get_mooncake_transfer_engine()"),
    (
        "distributed/device_communicators/mooncake_transfer_engine.py",
        200,
        "initialize",
        'raise RuntimeError("Mooncake Transfer Engine initialization failed.")',
    ),
)
LOAD = INIT + (
    ("model_executor/model_runner.py", 520, "initialize", "self.load_model()"),
    ("model_executor/model_runner.py", 1120, "load_model", "self.model = get_model("),
    ("model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
)
BUILD_MODEL = LOAD + (
    ("model_loader/loader.py", 620, "load_model", "model = _initialize_model("),
    ("model_loader/loader.py", 262, "_initialize_model", "return model_class("),
)
WEIGHTS = LOAD + (
    ("model_loader/loader.py", 640, "load_model", "self.load_weights_and_postprocess("),
    ("model_loader/loader.py", 660, "load_weights_and_postprocess", "model.load_weights(weights)"),
)
POOL = INIT + (
    ("model_executor/model_runner.py", 560, "initialize", "self.init_memory_pool(pre_model_load_memory)"),
    ("model_executor/model_runner_kv_cache_mixin.py", 700, "init_memory_pool", "config = self._resolve_config("),
)
GRAPHS = INIT + (
    ("model_executor/model_runner.py", 600, "initialize", "self.init_device_graphs()"),
    (
        "model_executor/model_runner.py",
        2430,
        "init_device_graphs",
        "self.graph_runner = graph_runners[self.device](self)",
    ),
)
WORKER_TAIL = SCHED + (
    ("managers/scheduler.py", 412, "__init__", "self.init_model_worker()"),
    ("managers/scheduler.py", 640, "init_model_worker", "self.init_tp_model_worker()"),
    ("managers/scheduler.py", 600, "init_tp_model_worker", "self.tp_worker = TpModelWorker("),
    ("managers/tp_worker.py", 307, "__init__", "assert ("),
)
# PD decode's own event loop: the decode queue, where the decode side checks what the prefill side sent
PD_DECODE_LOOP = SCHED + (
    ("managers/scheduler.py", 3596, "run_scheduler_process", "scheduler.run_event_loop()"),
    ("managers/scheduler.py", 1400, "event_loop_normal_disagg_decode", "self.process_decode_queue()"),
)
LOOP = SCHED + (
    ("managers/scheduler.py", 3596, "run_scheduler_process", "scheduler.run_event_loop()"),
    ("managers/scheduler.py", 1340, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
    ("managers/scheduler.py", 2690, "run_batch", "batch_result = self.model_worker.forward_batch_generation("),
    ("managers/tp_worker.py", 450, "forward_batch_generation", "logits_output = self.model_runner.forward("),
    ("model_executor/model_runner.py", 2810, "forward", "output = self._forward_raw("),
)
LOOP_ALLOC = SCHED + (
    ("managers/scheduler.py", 3596, "run_scheduler_process", "scheduler.run_event_loop()"),
    ("managers/scheduler.py", 1330, "event_loop_overlap", "batch = self.get_next_batch_to_run()"),
    ("managers/scheduler.py", 1990, "get_next_batch_to_run", "new_batch = self.get_new_batch_prefill()"),
    ("managers/scheduler.py", 2200, "get_new_batch_prefill", "new_batch.prepare_for_extend()"),
    ("managers/schedule_batch.py", 1420, "prepare_for_extend", "out_cache_loc, req_pool_indices = alloc_for_extend("),
)
RUNPY = (
    ("<frozen runpy>", 198, "_run_module_as_main", ""),
    ("<frozen runpy>", 88, "_run_code", ""),
)
ARGS = RUNPY + (
    (f"{PKG}/sglang/launch_server.py", 29, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
    ("server_args.py", 6291, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
    ("server_args.py", 5980, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
    ("<string>", 330, "__init__", ""),
    ("server_args.py", 702, "__post_init__", "self._handle_gpu_memory_settings(gpu_mem)"),
)
LAUNCH = RUNPY + (
    (f"{PKG}/sglang/launch_server.py", 32, "<module>", "run_server(server_args)"),
    (f"{PKG}/sglang/launch_server.py", 20, "run_server", "launch_server(server_args)"),
    ("entrypoints/http_server.py", 1710, "launch_server", "_launch_subprocesses("),
    ("entrypoints/engine.py", 1010, "_launch_subprocesses", "scheduler_infos = _wait_for_scheduler_ready("),
)

# -- start-up lines, as far as a phase
SERVER_ARGS = (
    f"{ts(0)} server_args=ServerArgs(model_path='Qwen/Qwen3-32B', tokenizer_path='Qwen/Qwen3-32B', "
    "dtype='auto', kv_cache_dtype='auto', mem_fraction_static=0.88, tp_size=4, pp_size=1, port=30000, "
    "disable_cuda_graph=False, cuda_graph_max_bs=256, log_level='info')"
)
_START = (
    ("launching", f"{ts(5, 'TP0')} Init torch distributed begin."),
    ("loading_weights", f"{ts(8, 'TP0')} Init torch distributed ends. elapsed=2.10 s, mem usage=0.55 GB"),
    ("loading_weights", f"{ts(9, 'TP0')} Load weight begin. avail mem=78.52 GB"),
    (
        "kv_cache",
        f"{ts(40, 'TP0')} Load weight end. elapsed=31.0 s, type=Qwen3ForCausalLM, avail mem=62.80 GB, mem usage=15.72 GB.",
    ),
    ("cuda_graph", f"{ts(41, 'TP0')} KV Cache is allocated. #tokens: 812345, K size: 24.8 GB, V size: 24.8 GB"),
    ("cuda_graph", f"{ts(41, 'TP0')} Memory pool end. avail mem=12.40 GB"),
    (
        "cuda_graph",
        f"{ts(42, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=12.38 GB",
    ),
    ("cuda_graph", "Capturing batches (bs=256 avail_mem=12.30 GB):   0%|          | 0/36 [00:00<?, ?it/s]"),
    ("warmup", f"{ts(70, 'TP0')} Capture cuda graph end. Time elapsed: 28.0 s. mem usage=1.40 GB. avail mem=10.98 GB."),
    (
        "warmup",
        f"{ts(71, 'TP0')} max_total_num_tokens=812345, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_gpu_mem=10.98 GB",
    ),
    ("warmup", f"{ts(72)} INFO:     Started server process [4242]"),
    ("warmup", f"{ts(72)} INFO:     Application startup complete."),
    ("warmup", f"{ts(72)} INFO:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)"),
    ("ready", f"{ts(74)} The server is fired up and ready to roll!"),
    (
        "serving",
        f"{ts(80, 'TP0')} Prefill batch, #new-seq: 8, #new-token: 8192, #cached-token: 0, token usage: 0.41, #running-req: 56, #queue-req: 12",
    ),
    (
        "serving",
        f"{ts(81, 'TP0')} Decode batch, #running-req: 64, #token: 331000, token usage: 0.41, cuda graph: True, gen throughput (token/s): 2890.11, #queue-req: 12",
    ),
)
_ORDER = ("args", "launching", "loading_weights", "kv_cache", "cuda_graph", "warmup", "ready", "serving")


def startup(until: str) -> str:
    """Start-up lines as far as a failure in that phase sees (each line is tagged with the phase a failure right after
    it is in): `args` = only the arguments line, `serving` = all of it."""
    stop = _ORDER.index(until)
    return "\n".join([SERVER_ARGS] + [line for phase, line in _START if _ORDER.index(phase) <= stop])


SIGQUIT = f"{ts(99)} Received sigquit from a child process. It usually means the child failed."
DIED = (
    frames(*LAUNCH)
    + "\nRuntimeError: Rank 0 scheduler died during initialization (exit code: 1). If exit code is -9 (SIGKILL), a common cause is the OS OOM killer. Run `dmesg -T | grep -i oom` to check."
)


def scheduler_dies(phase: str, stack: tuple, error: str, *, launcher: str = "sigquit", rank: str = "TP0") -> str:
    """The scheduler (a child) raises: SGLang logs its traceback behind `Scheduler hit an exception:`, then the
    launcher says so (0.5.x's sigquit line; 0.5.10+'s own traceback when it sees the child gone first)."""
    tail = SIGQUIT if launcher == "sigquit" else f"{ts(99)} {TB}\n{DIED}"
    return f"{startup(phase)}\n{ts(90, rank)} Scheduler hit an exception: {TB}\n{frames(*stack)}\n{error}\n{tail}"


def launcher_dies(stack: tuple, error: str, *, phase: str = "args") -> str:
    """The launcher itself raises (argument checks in `prepare_server_args`, `_launch_subprocesses`): a bare
    traceback on stderr, no prefix."""
    return f"{startup(phase)}\n{TB}\n{frames(*stack)}\n{error}"


def first_sight(names: Iterable[str], xfail: Mapping[str, str]) -> list:
    """The cases to parametrize, in name order: a miss kept from the one first-sight run is a strict xfail (its fix
    must remove the entry), with the label the classifier gave then."""
    mark = pytest.mark.xfail
    return [pytest.param(n, marks=mark(reason=f"first sight: got {xfail[n]}", strict=True)) if n in xfail else n
            for n in sorted(names)]  # fmt: skip

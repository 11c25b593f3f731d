"""SGLang's plain data parallelism (`--dp-size` without DP attention), as it shows in the log (synthetic; a helper, blind).

Synthetic: every log below was written blind by a helper (who did not read safelaunch/ or the other logwatch tests) from
real release text. Scope `dpctl`: the data parallel controller process (`sglang::data_parallel_controller`, its
`Launch DP{n} starting at GPU #{base_gpu_id}.` lines, its own `DataParallelController hit an exception:` wrapper and
the per-replica launch threads), `--load-balance-method` (0.4.x's unimplemented `shortest_queue`, 0.5.2's `NameError`
in it, 0.5.3-0.5.7's `minimum_tokens` fallback warning, 0.5.8+'s new choices), per-replica schedulers and their GPU
(`--base-gpu-id`, `--gpu-id-step`, CUDA_VISIBLE_DEVICES and 0.5.4+'s SGLANG_ONE_VISIBLE_DEVICE_PER_PROCESS re-indexing,
the dp x pp base-GPU overlap of sglang#8963 / PR #10741), the ports of each replica (a fixed `--nccl-port` bound once
per replica, a single-node `--dist-init-addr` shared by every replica's TP0 as in sglang#15385, the HTTP port), one
replica dying while the others load or serve (the scheduler's SIGQUIT goes to the controller, which has no handler and
dies with -3: 0.4.x-0.5.9 launchers then hang on the controller's pipe; 0.5.10's `_wait_for_scheduler_ready` says
`Rank 0 scheduler died during initialization (exit code: -3)`, and its SubprocessWatchdog catches the controller gone
while serving), memory at start-up for each replica (weights, KV pool, graph capture, the TP memory-balance check),
and healthy servers whose logs interleave `DP0`/`DP1` prefixes.

Sources: the wheels sglang 0.4.3.post2, 0.4.6.post5, 0.4.10.post2, 0.5.2, 0.5.4, 0.5.6, 0.5.10.post1 (read with pip
download: managers/data_parallel_controller.py, managers/scheduler.py run_scheduler_process and its prefix,
managers/tp_worker*.py, model_executor/model_runner.py, model_runner_kv_cache_mixin.py, cuda_graph_runner.py,
mem_cache/memory_pool.py, server_args.py check_server_args / PortArgs.init_new / the `--load-balance-method` choices,
entrypoints/engine.py `_launch_subprocesses` / `_wait_for_scheduler_ready` / `_scheduler_died_error`,
utils/watchdog.py SubprocessWatchdog, tokenizer_manager.py's sigquit handlers, utils.py bind_port /
maybe_reindex_device_id, uvicorn's logging format set in utils); public threads
https://github.com/sgl-project/sglang/issues/8963 and https://github.com/sgl-project/sglang/pull/10741 (dp x pp
GPU overlap), https://github.com/sgl-project/sglang/issues/15385 (dist-init-addr with dp > 1),
https://github.com/sgl-project/sglang/pull/4618 (the controller dies on a scheduler's SIGQUIT and the rest hang),
https://github.com/sgl-project/sglang/issues/3890 (dp 4 x tp 2 on MI300X), https://github.com/sgl-project/sglang/pull/480
(`--load-balance shortest_queue`), https://github.com/sgl-project/sglang/pull/31893 (gpu-id-step 0 rejected),
https://github.com/InternLM/POLAR/issues/10 (`DataParallelController hit an exception:` after uvicorn's ready lines).
Library text: torch 2.6-2.9 (OutOfMemoryError, AcceleratorError, DistNetworkError, ProcessGroupNCCL watchdog lines),
NCCL's WARN lines for /dev/shm, argparse's invalid-choice error, uvicorn's bind error. Format fields are plausible
values; torch and Python-internal line numbers are approximate.

Labelling policy (decided before the classifier ran): the deciding event is the first failure of any replica, and the
phase that replica was in decides an OOM (weights / KV pool / graph capture; after ready it is oom_runtime). What the
controller and launcher print afterwards (the SIGQUIT lines, `Rank 0 scheduler died during initialization (exit code:
-3)`, a hang) is a cascade and never the label. A replica layout the host cannot satisfy (dp x tp beyond the visible
GPUs: `invalid device ordinal` in set_device, an IndexError re-indexing CUDA_VISIBLE_DEVICES), an argument the release
rejects or does not implement (`gpu_id_step must be positive`, multi-node plain DP, an invalid `--load-balance-method`
choice, 0.4.x's `shortest_queue` NotImplementedError and 0.5.2's NameError on first dispatch), a request the deployment
cannot route (a prefill server hit directly, a `data_parallel_rank` beyond dp_size) and the TP memory-balance check
refusing to start are config_error. An address in use (a fixed `--nccl-port` bound once per replica, the HTTP port,
a TCPStore every replica's TP0 tries to listen on) is port_in_use. NCCL/`/dev/shm` and collective timeouts inside one
replica's TP group are nccl_or_distributed. A KV pool that does not fit (`Not enough memory`, an OOM allocating the
K/V buffers at start-up) is oom_kv_cache.

First sight: 31/31 (no misses; XFAIL is empty). Healthy contrasts 5/5: none fires a failure event on the way
(EVENT_XFAIL is empty).
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
PY310 = "/usr/local/lib/python3.10/dist-packages"  # the 0.4.x CUDA images
PY312 = "/usr/local/lib/python3.12/dist-packages"  # the 0.5.x images
ROCM = "/sgl-workspace/sglang/python"  # the ROCm images install sglang from source
ROCM_SITE = "/opt/conda/envs/py_3.10/lib/python3.10/site-packages"


def tb(site: str, *stack: tuple[str, int, str, str]) -> str:
    """Python's frames. A path is under `{site}/sglang/srt/` unless it starts with `/` or `<` (absolute) or `+`
    (another package in the same site-packages: `+torch/...`). An empty source line prints no second line."""
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


def journald(text: str, unit: str = "sglang-serve[18231]", host: str = "gpu-node-3") -> str:
    """journald's `Mon DD HH:MM:SS host unit[pid]: ` on every line, its time taken from SGLang's own stamp when the line
    has one (tracebacks and progress bars keep the last)."""
    out, clock = [], "10:00:00"
    for line in text.split("\n"):
        if line.startswith("[2026-03-02 "):
            clock = line[12:20]
        out.append(f"Mar 02 {clock} {host} {unit}: {line}")
    return "\n".join(out)


def sargs(second: int, model: str, **kw: object) -> str:
    """The launcher's `server_args=ServerArgs(...)` line, cut short the way pastes cut it."""
    fields = {"model_path": model, "tokenizer_path": model, "tokenizer_mode": "auto", **kw}
    body = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    return f"{ts(second)} server_args=ServerArgs({body}, log_level='info', ...)"


def launch_dp(second: int, *gpus: int) -> list[str]:
    """The controller's own lines (configure_logger without a prefix), one per replica."""
    return [f"{ts(second)} Launch DP{i} starting at GPU #{g}." for i, g in enumerate(gpus)]


def uvicorn_ready(second: int, port: int = 30000, pid: int = 4242, info: str = "/get_model_info") -> list[str]:
    return [
        f"{ts(second)} INFO:     Started server process [{pid}]",
        f"{ts(second)} INFO:     Waiting for application startup.",
        f"{ts(second)} INFO:     Application startup complete.",
        f"{ts(second)} INFO:     Uvicorn running on http://0.0.0.0:{port} (Press CTRL+C to quit)",
        f'{ts(second + 1)} INFO:     127.0.0.1:46704 - "GET {info} HTTP/1.1" 200 OK',
    ]


def fired_up(second: int) -> list[str]:
    return [
        f'{ts(second)} INFO:     127.0.0.1:46716 - "POST /generate HTTP/1.1" 200 OK',
        f"{ts(second)} The server is fired up and ready to roll!",
    ]


def torch_oom(
    alloc: str,
    gpu: int,
    total: str,
    free: str,
    used: str,
    by_torch: str,
    unalloc: str,
    *,
    hip: bool = False,
    other: str = "",
) -> str:
    dev = "HIP" if hip else "CUDA"
    conf = "PYTORCH_HIP_ALLOC_CONF" if hip else "PYTORCH_CUDA_ALLOC_CONF"
    who = other or f"Including non-PyTorch memory, this process has {used} memory in use."
    return (
        f"{dev} out of memory. Tried to allocate {alloc}. GPU {gpu} has a total capacity of {total} of which {free} is free. "
        f"{who} Of the allocated memory {by_torch} is allocated by PyTorch, and {unalloc} is reserved by PyTorch but unallocated. "
        f"If reserved but unallocated memory is large try setting {conf}=expandable_segments:True to avoid fragmentation.  "
        "See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
    )


CUDA_TAIL = (
    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n"
)

# -- per-release call paths (outermost first), line numbers read in each wheel
# 0.4.6.post5 (py3.10, overlap scheduler: TpModelWorkerClient wraps TpModelWorker)
S046 = (
    (
        "managers/scheduler.py",
        2297,
        "run_scheduler_process",
        "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
    ),
)
INIT046 = S046 + (
    ("managers/scheduler.py", 277, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 64, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 78, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 231, "__init__", "self.initialize(min_per_gpu_memory)"),
)
# 0.5.2 (py3.12)
S052 = (("managers/scheduler.py", 2587, "run_scheduler_process", "scheduler = Scheduler("),)
INIT052 = S052 + (
    ("managers/scheduler.py", 329, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 71, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 93, "__init__", "self.model_runner = ModelRunner("),
)
# 0.5.6 (py3.12)
INIT056 = (
    ("managers/scheduler.py", 2653, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 316, "__init__", "self.tp_worker = TpModelWorker("),
    ("managers/tp_worker.py", 245, "__init__", "self._model_runner = ModelRunner("),
)
# 0.5.10.post1 (py3.12)
S0510 = (("managers/scheduler.py", 3600, "run_scheduler_process", "scheduler = Scheduler("),)
INIT0510 = S0510 + (
    ("managers/scheduler.py", 385, "__init__", "self.init_model_worker()"),
    ("managers/scheduler.py", 632, "init_model_worker", "self.init_tp_model_worker()"),
    ("managers/scheduler.py", 600, "init_tp_model_worker", "self.tp_worker = TpModelWorker(**worker_kwargs)"),
    ("managers/tp_worker.py", 261, "__init__", "self._init_model_runner()"),
    ("managers/tp_worker.py", 344, "_init_model_runner", "self._model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 427, "__init__", "self.initialize(pre_model_load_memory)"),
)
LOOP0510 = (
    ("managers/scheduler.py", 3616, "run_scheduler_process", "scheduler.run_event_loop()"),
    ("managers/scheduler.py", 1300, "run_event_loop", "dispatch_event_loop(self)"),
    ("managers/scheduler.py", 3497, "dispatch_event_loop", "scheduler.event_loop_overlap()"),
    ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
    ("managers/scheduler.py", 1361, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
    ("managers/scheduler.py", 2684, "run_batch", "batch_result = self.model_worker.forward_batch_generation("),
    ("managers/tp_worker.py", 469, "forward_batch_generation", "out = self.model_runner.forward("),
    ("model_executor/model_runner.py", 2739, "forward", "output = self._forward_raw("),
)
# 0.5.10.post1's launcher finding the controller gone (poll, is_alive, _scheduler_died_error)
DIED0510 = (
    ("<frozen runpy>", 198, "_run_module_as_main", ""),
    ("<frozen runpy>", 88, "_run_code", ""),
    ("+sglang/launch_server.py", 62, "<module>", "run_server(server_args)"),
    ("+sglang/launch_server.py", 47, "run_server", "launch_server(server_args)"),
    ("entrypoints/http_server.py", 2165, "launch_server", ") = Engine._launch_subprocesses("),
    ("entrypoints/engine.py", 730, "_launch_subprocesses", "scheduler_init_result.wait_for_ready()"),
    (
        "entrypoints/engine.py",
        599,
        "wait_for_ready",
        "infos = _wait_for_scheduler_ready(scheduler_pipe_readers, scheduler_procs)",
    ),
    ("entrypoints/engine.py", 1220, "_wait_for_scheduler_ready", "raise _scheduler_died_error(j, scheduler_procs[j])"),
)
DIED0510_MSG = "RuntimeError: Rank 0 scheduler died during initialization (exit code: -3). If exit code is -9 (SIGKILL), a common cause is the OS OOM killer. Run `dmesg -T | grep -i oom` to check."
LAUNCH_WARN0510 = [
    f"{PY312}/sglang/launch_server.py:51: UserWarning: 'python -m sglang.launch_server' is still supported, but 'sglang serve' is the recommended entrypoint.",
    "  Example: sglang serve --model-path <model> [options]",
    "  warnings.warn(",
]


def died0510(second: int) -> list[str]:
    return [f"{ts(second)} {TB}", tb(PY312, *DIED0510), DIED0510_MSG]


# ============================================================================ start-up: one replica runs out of memory
case(
    "v046_dp1_weights_oom_gpu1_held_by_another_process",
    "0.4.6.post5",
    "sglang-0.4.6.post5 managers/data_parallel_controller.py (Launch DP line, threads), scheduler.py:2297/2329, model_runner.py:231/271/534, model_loader/loader.py:376; torch 2.6 OutOfMemoryError; sglang#4618 (controller dies, the rest hang)",
    "oom_weights",
    "--dp 2 on two A100-80G, GPU 1 already holds a 61 GiB notebook process: DP1 runs out of memory creating Qwen2 MLP weights while DP0 loads on; the controller dies on DP1's SIGQUIT and the launcher hangs with nothing more.",
    join(
        sargs(
            0,
            "Qwen/Qwen2.5-14B-Instruct",
            dtype="auto",
            mem_fraction_static=0.88,
            tp_size=1,
            dp_size=2,
            load_balance_method="round_robin",
            port=30000,
        ),
        launch_dp(2, 0, 1),
        f"{ts(6, 'DP0')} Attention backend not set. Use flashinfer backend by default.",
        f"{ts(6, 'DP0')} Init torch distributed begin.",
        f"{ts(6, 'DP1')} Attention backend not set. Use flashinfer backend by default.",
        f"{ts(6, 'DP1')} Init torch distributed begin.",
        f"{ts(7, 'DP0')} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(7, 'DP1')} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(7, 'DP0')} Load weight begin. avail mem=78.68 GB",
        f"{ts(7, 'DP1')} Load weight begin. avail mem=17.34 GB",
        f"{ts(8, 'DP0')} Using model weights format ['*.safetensors']",
        "Loading safetensors checkpoint shards:   0% Completed | 0/8 [00:00<?, ?it/s]",
        "Loading safetensors checkpoint shards:  12% Completed | 1/8 [00:01<00:09,  1.31s/it]",
        f"{ts(9, 'DP1')} Scheduler hit an exception: {TB}",
        tb(
            PY310,
            *INIT046,
            ("model_executor/model_runner.py", 271, "initialize", "self.load_model()"),
            ("model_executor/model_runner.py", 534, "load_model", "self.model = get_model("),
            ("model_loader/__init__.py", 22, "get_model", "return loader.load_model("),
            ("model_loader/loader.py", 376, "load_model", "model = _initialize_model("),
            ("model_loader/loader.py", 153, "_initialize_model", "return model_class("),
            ("models/qwen2.py", 386, "__init__", "self.model = Qwen2Model("),
            ("models/qwen2.py", 266, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
            ("utils.py", 465, "make_layers", "maybe_offload_to_cpu(layer_fn(idx=idx, prefix=add_prefix(idx, prefix)))"),
            ("models/qwen2.py", 270, "<lambda>", "lambda idx, prefix: decoder_layer_type("),
            ("models/qwen2.py", 205, "__init__", "self.mlp = Qwen2MLP("),
            ("models/qwen2.py", 69, "__init__", "self.gate_up_proj = MergedColumnParallelLinear("),
            ("layers/linear.py", 635, "__init__", "super().__init__("),
            ("layers/linear.py", 378, "__init__", "self.quant_method.create_weights("),
            ("layers/linear.py", 157, "create_weights", "torch.empty("),
            ("+torch/utils/_device.py", 104, "__torch_function__", "return func(*args, **kwargs)"),
        ),
        "torch.OutOfMemoryError: "
        + torch_oom(
            "260.00 MiB",
            1,
            "79.15 GiB",
            "98.56 MiB",
            "",
            "17.12 GiB",
            "121.05 MiB",
            other="Process 1789432 has 61.32 GiB memory in use. Including non-PyTorch memory, this process has 17.72 GiB memory in use.",
        ),
        "",
    ),
)

case(
    "v046_kv_pool_alloc_oom_second_server_on_overlapping_gpus",
    "0.4.6.post5",
    "sglang-0.4.6.post5 model_runner.py:297/843/945 (init_memory_pool), mem_cache/memory_pool.py:266/282 (MHATokenToKVPool._create_buffers), managers/data_parallel_controller.py (base_gpu_id); torch 2.6 OutOfMemoryError",
    "oom_kv_cache",
    "A second server started with --dp 2 --base-gpu-id 2 while another job brought up its KV pool on GPU 3: DP1 profiled the free memory, then the other process took it and the K buffers no longer fit (an OOM allocating the pool at start-up).",
    join(
        sargs(
            0,
            "meta-llama/Llama-3.1-8B-Instruct",
            dtype="auto",
            mem_fraction_static=0.85,
            tp_size=1,
            dp_size=2,
            base_gpu_id=2,
            gpu_id_step=1,
            port=30010,
        ),
        launch_dp(2, 0, 1),
        f"{ts(5, 'DP0')} Init torch distributed begin.",
        f"{ts(5, 'DP1')} Init torch distributed begin.",
        f"{ts(6, 'DP0')} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(6, 'DP0')} Load weight begin. avail mem=78.68 GB",
        f"{ts(6, 'DP1')} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(6, 'DP1')} Load weight begin. avail mem=78.68 GB",
        "Loading safetensors checkpoint shards: 100% Completed | 4/4 [00:03<00:00,  1.05it/s]",
        f"{ts(10, 'DP0')} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=63.57 GB, mem usage=15.11 GB.",
        "Loading safetensors checkpoint shards: 100% Completed | 4/4 [00:03<00:00,  1.02it/s]",
        f"{ts(10, 'DP1')} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=63.57 GB, mem usage=15.11 GB.",
        f"{ts(11, 'DP0')} KV Cache is allocated. #tokens: 420122, K size: 25.64 GB, V size: 25.64 GB",
        f"{ts(11, 'DP0')} Memory pool end. avail mem=11.73 GB",
        f"{ts(11, 'DP1')} Scheduler hit an exception: {TB}",
        tb(
            PY310,
            *INIT046,
            ("model_executor/model_runner.py", 297, "initialize", "self.init_memory_pool("),
            ("model_executor/model_runner.py", 945, "init_memory_pool", "self.token_to_kv_pool = MHATokenToKVPool("),
            ("mem_cache/memory_pool.py", 266, "__init__", "self._create_buffers()"),
            ("mem_cache/memory_pool.py", 281, "_create_buffers", "self.k_buffer = ["),
            ("mem_cache/memory_pool.py", 282, "<listcomp>", "torch.zeros("),
        ),
        "torch.OutOfMemoryError: "
        + torch_oom(
            "820.00 MiB",
            3,
            "79.15 GiB",
            "406.31 MiB",
            "",
            "31.87 GiB",
            "16.02 MiB",
            other="Process 3310876 has 46.86 GiB memory in use. Including non-PyTorch memory, this process has 32.17 GiB memory in use.",
        ),
        "",
    ),
)

case(
    "v0432_rocm_dp4_tp2_dp1_hip_oom_during_capture",
    "0.4.3.post2 (ROCm)",
    "sglang-0.4.3.post2 scheduler.py:1816 (prefix ` DP{dp} TP{tp}`), model_runner.py:224/741, cuda_graph_runner.py:237-247/304/387; sglang#3890 (dp 4 x tp 2, Llama-3.1-70B-FP8, MI300X); torch ROCm `HIP out of memory`",
    "oom_cuda_graph",
    "dp 4 x tp 2 on MI300X at --mem-fraction-static 0.95 --cuda-graph-max-bs 512: DP1 TP0 (GPU 2) runs out of HIP memory in the warm-up run of graph capture; SGLang chains it into `Capture cuda graph failed:`.",
    join(
        sargs(
            0,
            "/data/models/Meta-Llama-3.1-70B-Instruct-FP8",
            dtype="auto",
            mem_fraction_static=0.95,
            tp_size=2,
            dp_size=4,
            cuda_graph_max_bs=512,
            disable_cuda_graph=False,
        ),
        launch_dp(2, 0, 2, 4, 6),
        f"{ts(20, 'DP0 TP0')} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=154.07 GB",
        f"{ts(20, 'DP1 TP1')} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=154.07 GB",
        f"{ts(21, 'DP1 TP0')} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=154.07 GB",
        f"{ts(22, 'DP0 TP0')} KV Cache is allocated. K size: 66.43 GB, V size: 66.43 GB.",
        f"{ts(22, 'DP1 TP0')} KV Cache is allocated. K size: 66.43 GB, V size: 66.43 GB.",
        f"{ts(22, 'DP0 TP0')} Memory pool end. avail mem=9.21 GB",
        f"{ts(22, 'DP1 TP0')} Memory pool end. avail mem=8.97 GB",
        f"{ts(23, 'DP0 TP0')} Capture cuda graph begin. This can take up to several minutes.",
        f"{ts(23, 'DP1 TP0')} Capture cuda graph begin. This can take up to several minutes.",
        "  0%|          | 0/35 [00:00<?, ?it/s]",
        "  0%|          | 0/35 [00:00<?, ?it/s]",
        f"{ts(31, 'DP1 TP0')} Scheduler hit an exception: {TB}",
        tb(
            ROCM,
            ("model_executor/cuda_graph_runner.py", 237, "__init__", "self.capture()"),
            ("model_executor/cuda_graph_runner.py", 304, "capture", ") = self.capture_one_batch_size(bs, forward)"),
            ("model_executor/cuda_graph_runner.py", 387, "capture_one_batch_size", "run_once()"),
            (
                "model_executor/cuda_graph_runner.py",
                380,
                "run_once",
                "logits_output = forward(input_ids, forward_batch.positions, forward_batch)",
            ),
            (f"{ROCM_SITE}/torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
            (
                "models/llama.py",
                422,
                "forward",
                "hidden_states = self.model(input_ids, positions, forward_batch, input_embeds)",
            ),
            (
                f"{ROCM_SITE}/torch/nn/modules/module.py",
                1736,
                "_wrapped_call_impl",
                "return self._call_impl(*args, **kwargs)",
            ),
            (f"{ROCM_SITE}/torch/nn/modules/module.py", 1747, "_call_impl", "return forward_call(*args, **kwargs)"),
            ("models/llama.py", 309, "forward", "hidden_states, residual = layer("),
            ("models/llama.py", 251, "forward", "hidden_states = self.mlp(hidden_states)"),
            ("models/llama.py", 96, "forward", "gate_up, _ = self.gate_up_proj(x)"),
            ("layers/quantization/fp8.py", 480, "apply", "return apply_fp8_linear("),
            ("layers/quantization/fp8_utils.py", 402, "apply_fp8_linear", "output = torch._scaled_mm("),
        ),
        "torch.OutOfMemoryError: "
        + torch_oom("1.75 GiB", 2, "191.98 GiB", "1.02 GiB", "190.96 GiB", "182.37 GiB", "4.11 GiB", hip=True),
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        TB,
        tb(
            ROCM,
            (
                "managers/scheduler.py",
                1816,
                "run_scheduler_process",
                "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, dp_rank)",
            ),
            ("managers/scheduler.py", 240, "__init__", "self.tp_worker = TpWorkerClass("),
            (
                "managers/tp_worker_overlap_thread.py",
                63,
                "__init__",
                "self.worker = TpModelWorker(server_args, gpu_id, tp_rank, dp_rank, nccl_port)",
            ),
            ("managers/tp_worker.py", 68, "__init__", "self.model_runner = ModelRunner("),
            ("model_executor/model_runner.py", 224, "__init__", "self.init_cuda_graphs()"),
            (
                "model_executor/model_runner.py",
                741,
                "init_cuda_graphs",
                "self.cuda_graph_runner = CudaGraphRunner(self)",
            ),
            ("model_executor/cuda_graph_runner.py", 239, "__init__", "raise Exception("),
        ),
        "Exception: Capture cuda graph failed: "
        + torch_oom("1.75 GiB", 2, "191.98 GiB", "1.02 GiB", "190.96 GiB", "182.37 GiB", "4.11 GiB", hip=True),
        "Possible solutions:",
        "1. disable cuda graph by --disable-cuda-graph",
        "2. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)",
        "3. disable torch compile by not using --enable-torch-compile",
        "4. set --cuda-graph-max-bs to a smaller value (e.g., 32)",
        "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose ",
        "",
    ),
)

case(
    "v052_pp2_dp2_base_gpu_overlap_not_enough_memory",
    "0.5.2",
    "sglang-0.5.2 data_parallel_controller.py launch_dp_schedulers (`base_gpu_id += tp_size * gpu_id_step`, no pp_size), model_runner.py:250/378/1317; sglang#8963 and PR #10741 (`--dp 2 --pp 2` puts DP0 PP1 and DP1 PP0 on GPU 1)",
    "oom_kv_cache",
    "--dp 2 --pp 2 on 4 GPUs: 0.5.2 starts DP1 at GPU #1, so DP1 PP0 shares GPU 1 with DP0 PP1; after both load weights the profiled KV budget of DP1 is negative and both of its PP ranks (after the MIN all-reduce) raise `Not enough memory`.",
    join(
        "WARNING:sglang.srt.server_args:Pipeline parallelism is incompatible with overlap schedule.",
        sargs(
            0,
            "deepseek-ai/DeepSeek-R1-Distill-Qwen-7B",
            dtype="auto",
            mem_fraction_static=0.867,
            tp_size=1,
            pp_size=2,
            dp_size=2,
            disable_overlap_schedule=True,
        ),
        launch_dp(1, 0, 1),
        f"{ts(4, 'DP0 PP0')} Init torch distributed begin.",
        f"{ts(4, 'DP1 PP0')} Init torch distributed begin.",
        f"{ts(4, 'DP0 PP1')} Init torch distributed begin.",
        f"{ts(4, 'DP1 PP1')} Init torch distributed begin.",
        f"{ts(6, 'DP0 PP0')} Init torch distributed ends. mem usage=0.15 GB",
        f"{ts(6, 'DP1 PP0')} Init torch distributed ends. mem usage=0.30 GB",
        f"{ts(6, 'DP0 PP0')} Load weight begin. avail mem=21.59 GB",
        f"{ts(6, 'DP1 PP0')} Load weight begin. avail mem=21.13 GB",
        f"{ts(10, 'DP0 PP0')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=14.53 GB, mem usage=7.06 GB.",
        f"{ts(10, 'DP0 PP1')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=7.42 GB, mem usage=7.21 GB.",
        f"{ts(11, 'DP1 PP0')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=0.31 GB, mem usage=7.11 GB.",
        f"{ts(11, 'DP1 PP1')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=14.52 GB, mem usage=7.07 GB.",
        f"{ts(12, 'DP0 PP0')} KV Cache is allocated. #tokens: 158211, K size: 4.23 GB, V size: 4.23 GB",
        f"{ts(12, 'DP1 PP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *INIT052,
            ("model_executor/model_runner.py", 250, "__init__", "self.initialize(min_per_gpu_memory)"),
            ("model_executor/model_runner.py", 378, "initialize", "self.init_memory_pool("),
            ("model_executor/model_runner.py", 1317, "init_memory_pool", "raise RuntimeError("),
        ),
        "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static.",
        "",
        f"{ts(12, 'DP1 PP1')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *INIT052,
            ("model_executor/model_runner.py", 250, "__init__", "self.initialize(min_per_gpu_memory)"),
            ("model_executor/model_runner.py", 378, "initialize", "self.init_memory_pool("),
            ("model_executor/model_runner.py", 1317, "init_memory_pool", "raise RuntimeError("),
        ),
        "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static.",
        "",
    ),
)

case(
    "v0510_dp8_each_replica_gets_one_gpu_for_a_72b",
    "0.5.10.post1",
    "sglang-0.5.10.post1 data_parallel_controller.py (Launch DP lines), scheduler.py:3600/3620, model_runner.py:507/1159, model_loader/loader.py:683/277, models/qwen2.py, layers/quantization/unquant.py; engine.py:1182-1220 (_scheduler_died_error); sglang#3890 (dp read as splitting the model)",
    "oom_weights",
    "--dp 8 (tp 1) for Qwen2.5-72B on 8xH100: --dp replicates, so every replica tries to fit 145 GB on one 80 GB GPU; DP3 is the first to run out while creating weights, the controller dies on its SIGQUIT (-3) and 0.5.10's launcher says so.",
    join(
        LAUNCH_WARN0510,
        sargs(
            0,
            "Qwen/Qwen2.5-72B-Instruct",
            dtype="auto",
            mem_fraction_static=0.879,
            tp_size=1,
            dp_size=8,
            load_balance_method="round_robin",
            port=30000,
        ),
        launch_dp(2, *range(8)),
        *[f"{ts(6, f'DP{i}')} Init torch distributed begin." for i in range(4)],
        *[f"{ts(7, f'DP{i}')} Init torch distributed ends. elapsed=0.62 s, mem usage=0.00 GB" for i in range(4)],
        *[f"{ts(7, f'DP{i}')} Load weight begin. avail mem=78.63 GB" for i in range(4)],
        f"{ts(31, 'DP3')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *INIT0510,
            ("model_executor/model_runner.py", 507, "initialize", "self.load_model()"),
            ("model_executor/model_runner.py", 1159, "load_model", "self.model = self.loader.load_model("),
            ("model_loader/loader.py", 683, "load_model", "model = _initialize_model("),
            ("model_loader/loader.py", 277, "_initialize_model", "return model_class(**kwargs)"),
            ("models/qwen2.py", 442, "__init__", "self.model = Qwen2Model("),
            ("models/qwen2.py", 294, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
            ("utils/common.py", 646, "make_layers", "layer_fn(idx=idx, prefix=add_prefix(idx, prefix))"),
            ("models/qwen2.py", 296, "<lambda>", "lambda idx, prefix: decoder_layer_type("),
            ("models/qwen2.py", 224, "__init__", "self.mlp = Qwen2MLP("),
            ("models/qwen2.py", 73, "__init__", "self.gate_up_proj = MergedColumnParallelLinear("),
            ("layers/linear.py", 577, "__init__", "super().__init__("),
            ("layers/linear.py", 351, "__init__", "self.quant_method.create_weights("),
            ("layers/quantization/unquant.py", 82, "create_weights", "torch.empty("),
            ("+torch/utils/_device.py", 103, "__torch_function__", "return func(*args, **kwargs)"),
        ),
        "torch.OutOfMemoryError: "
        + torch_oom("924.00 MiB", 3, "79.19 GiB", "321.88 MiB", "78.86 GiB", "78.21 GiB", "11.63 MiB"),
        "",
        *died0510(36),
    ),
)

case(
    "v0510_dp4_dp3_runs_out_during_cuda_graph_capture",
    "0.5.10.post1",
    "sglang-0.5.10.post1 model_runner.py:655/2446/2455, cuda_graph_runner.py:653-656/796/1024/1230-1237 (CUDA_GRAPH_CAPTURE_FAILED_MSG), engine.py:1220; torch 2.9 OutOfMemoryError",
    "oom_cuda_graph",
    "--dp 4 --mem-fraction-static 0.93 --cuda-graph-max-bs 512 on 4xL40S: GPU 3 also drives the desktop, so DP3 runs out of memory capturing bs=384; the others had finished capture; the launcher reports the controller (-3).",
    join(
        LAUNCH_WARN0510,
        sargs(
            0,
            "meta-llama/Llama-3.1-8B-Instruct",
            dtype="auto",
            mem_fraction_static=0.93,
            tp_size=1,
            dp_size=4,
            cuda_graph_max_bs=512,
        ),
        launch_dp(2, 0, 1, 2, 3),
        *[
            f"{ts(18, f'DP{i}')} Load weight end. elapsed=9.71 s, type=LlamaForCausalLM, avail mem=29.39 GB, mem usage=15.03 GB."
            for i in range(4)
        ],
        *[
            f"{ts(19, f'DP{i}')} KV Cache is allocated. #tokens: 208394, K size: 12.72 GB, V size: 12.72 GB"
            for i in range(4)
        ],
        f"{ts(19, 'DP0')} Memory pool end. avail mem=3.62 GB",
        f"{ts(19, 'DP3')} Memory pool end. avail mem=2.71 GB",
        f"{ts(20, 'DP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=3.61 GB",
        f"{ts(20, 'DP3')} Capture cuda graph begin. This can take up to several minutes. avail mem=2.70 GB",
        f"{ts(20, 'DP0')} Capture cuda graph bs [1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160, 168, 176, 184, 192, 200, 208, 216, 224, 232, 240, 248, 256, 288, 320, 352, 384, 416, 448, 480, 512]",
        "Capturing batches (bs=512 avail_mem=3.58 GB):   0%|          | 0/44 [00:00<?, ?it/s]",
        "Capturing batches (bs=512 avail_mem=2.67 GB):   0%|          | 0/44 [00:00<?, ?it/s]",
        "Capturing batches (bs=1 avail_mem=2.91 GB): 100%|██████████| 44/44 [00:11<00:00,  3.84it/s]",
        f"{ts(32, 'DP0')} Capture cuda graph end. Time elapsed: 11.93 s. mem usage=0.71 GB. avail mem=2.90 GB.",
        "Capturing batches (bs=384 avail_mem=0.18 GB):   9%|▉         | 4/44 [00:02<00:26,  1.51it/s]",
        f"{ts(33, 'DP3')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            ("model_executor/cuda_graph_runner.py", 653, "__init__", "self.capture()"),
            (
                "model_executor/cuda_graph_runner.py",
                796,
                "capture",
                ") = self.capture_one_batch_size(bs, forward, stream_idx)",
            ),
            ("model_executor/cuda_graph_runner.py", 1024, "capture_one_batch_size", "run_once()"),
            ("model_executor/cuda_graph_runner.py", 1011, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
            ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
            ("models/llama.py", 470, "forward", "return self.logits_processor("),
            ("+torch/nn/modules/module.py", 1775, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
            ("+torch/nn/modules/module.py", 1786, "_call_impl", "return forward_call(*args, **kwargs)"),
            (
                "layers/logits_processor.py",
                372,
                "forward",
                "logits = self._get_logits(pruned_states, lm_head, logits_metadata)",
            ),
            ("layers/logits_processor.py", 596, "_get_logits", "logits = torch.matmul("),
        ),
        "torch.OutOfMemoryError: "
        + torch_oom("188.00 MiB", 3, "44.31 GiB", "151.44 MiB", "44.14 GiB", "42.97 GiB", "322.17 MiB"),
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        TB,
        tb(
            PY312,
            *INIT0510,
            ("model_executor/model_runner.py", 655, "initialize", "self.init_device_graphs()"),
            (
                "model_executor/model_runner.py",
                2455,
                "init_device_graphs",
                "self.graph_runner = graph_runners[self.device](self)",
            ),
            ("model_executor/cuda_graph_runner.py", 655, "__init__", "raise Exception("),
        ),
        "Exception: Capture cuda graph failed: "
        + torch_oom("188.00 MiB", 3, "44.31 GiB", "151.44 MiB", "44.14 GiB", "42.97 GiB", "322.17 MiB"),
        "Possible solutions:",
        "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)",
        "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)",
        "3. disable torch compile by not using --enable-torch-compile",
        "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)",
        "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose ",
        "",
        *died0510(38),
    ),
)

case(
    "v0510_dp2_both_replicas_kv_not_enough_memory",
    "0.5.10.post1",
    "sglang-0.5.10.post1 model_runner.py:623, model_runner_kv_cache_mixin.py:55-60 (MemoryPoolConfig.__post_init__), :885/899, engine.py:1220",
    "oom_kv_cache",
    "--dp 2 of Qwen3-32B on two 80 GB cards at --mem-fraction-static 0.45: each replica's 65 GB of weights exceeds the static budget, both profile a non-positive token count and raise `Not enough memory ... Current value: mem_fraction_static=0.45`.",
    join(
        LAUNCH_WARN0510,
        sargs(0, "Qwen/Qwen3-32B", dtype="auto", mem_fraction_static=0.45, tp_size=1, dp_size=2, context_length=32768),
        launch_dp(2, 0, 1),
        f"{ts(6, 'DP0')} Init torch distributed begin.",
        f"{ts(6, 'DP1')} Init torch distributed begin.",
        f"{ts(7, 'DP1')} Init torch distributed ends. elapsed=0.58 s, mem usage=0.00 GB",
        f"{ts(7, 'DP0')} Init torch distributed ends. elapsed=0.61 s, mem usage=0.00 GB",
        f"{ts(7, 'DP0')} Load weight begin. avail mem=78.63 GB",
        f"{ts(7, 'DP1')} Load weight begin. avail mem=78.63 GB",
        "Loading safetensors checkpoint shards: 100% Completed | 17/17 [00:41<00:00,  2.44s/it]",
        f"{ts(49, 'DP0')} Load weight end. elapsed=42.07 s, type=Qwen3ForCausalLM, avail mem=17.52 GB, mem usage=61.11 GB.",
        "Loading safetensors checkpoint shards: 100% Completed | 17/17 [00:42<00:00,  2.49s/it]",
        f"{ts(50, 'DP1')} Load weight end. elapsed=42.88 s, type=Qwen3ForCausalLM, avail mem=17.52 GB, mem usage=61.11 GB.",
        f"{ts(50, 'DP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *INIT0510,
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
        "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: mem_fraction_static=0.45",
        "",
        f"{ts(51, 'DP1')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *INIT0510,
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
        "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: mem_fraction_static=0.45",
        "",
        *died0510(55),
    ),
)

case(
    "journald_v054_dp1_capture_oom_systemd_unit",
    "0.5.4",
    "sglang-0.5.4 cuda_graph_runner.py:378-381/497/676/886-893, model_runner.py:318/471/2064, scheduler.py:2747, tp_worker.py:235; journald's `host unit[pid]:` prefix on every line",
    "oom_cuda_graph",
    "A systemd unit running --dp 2 with --cuda-graph-max-bs 768: journald prefixes every line, DP1 runs out of memory capturing the largest batch; the controller dies and the unit just stays up with nothing more.",
    journald(
        join(
            sargs(
                0, "Qwen/Qwen3-8B", dtype="auto", mem_fraction_static=0.9, tp_size=1, dp_size=2, cuda_graph_max_bs=768
            ),
            launch_dp(1, 0, 1),
            f"{ts(20, 'DP0')} Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=62.69 GB, mem usage=16.40 GB.",
            f"{ts(20, 'DP1')} Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=62.69 GB, mem usage=16.40 GB.",
            f"{ts(21, 'DP0')} KV Cache is allocated. #tokens: 388941, K size: 26.71 GB, V size: 26.71 GB",
            f"{ts(21, 'DP1')} KV Cache is allocated. #tokens: 388941, K size: 26.71 GB, V size: 26.71 GB",
            f"{ts(21, 'DP0')} Memory pool end. avail mem=8.81 GB",
            f"{ts(21, 'DP1')} Memory pool end. avail mem=8.79 GB",
            f"{ts(22, 'DP1')} Capture cuda graph begin. This can take up to several minutes. avail mem=8.24 GB",
            f"{ts(22, 'DP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=8.26 GB",
            "Capturing batches (bs=768 avail_mem=8.02 GB):   0%|          | 0/58 [00:00<?, ?it/s]",
            f"{ts(25, 'DP1')} Scheduler hit an exception: {TB}",
            tb(
                PY312,
                ("model_executor/cuda_graph_runner.py", 378, "__init__", "self.capture()"),
                ("model_executor/cuda_graph_runner.py", 497, "capture", ") = self.capture_one_batch_size(bs, forward)"),
                ("model_executor/cuda_graph_runner.py", 676, "capture_one_batch_size", "run_once()"),
                (
                    "model_executor/cuda_graph_runner.py",
                    663,
                    "run_once",
                    "logits_output_or_pp_proxy_tensors = forward(",
                ),
                ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
                ("models/qwen3.py", 330, "forward", "hidden_states = self.model("),
                ("+torch/nn/modules/module.py", 1773, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
                ("+torch/nn/modules/module.py", 1784, "_call_impl", "return forward_call(*args, **kwargs)"),
                ("models/qwen2.py", 358, "forward", "hidden_states, residual = layer("),
                ("models/qwen3.py", 257, "forward", "hidden_states = self.mlp(hidden_states)"),
                ("models/qwen2.py", 99, "forward", "x = self.act_fn(gate_up)"),
                (
                    "layers/activation.py",
                    78,
                    "forward_cuda",
                    "out = torch.empty(output_shape, dtype=x.dtype, device=x.device)",
                ),
            ),
            "torch.OutOfMemoryError: "
            + torch_oom("36.00 MiB", 1, "79.19 GiB", "4.56 MiB", "79.18 GiB", "77.35 GiB", "1.01 GiB"),
            "",
            "During handling of the above exception, another exception occurred:",
            "",
            TB,
            tb(
                PY312,
                ("managers/scheduler.py", 2747, "run_scheduler_process", "scheduler = Scheduler("),
                ("managers/scheduler.py", 311, "__init__", "self.tp_worker = TpModelWorker("),
                ("managers/tp_worker.py", 235, "__init__", "self._model_runner = ModelRunner("),
                ("model_executor/model_runner.py", 318, "__init__", "self.initialize(min_per_gpu_memory)"),
                ("model_executor/model_runner.py", 471, "initialize", "self.init_device_graphs()"),
                (
                    "model_executor/model_runner.py",
                    2064,
                    "init_device_graphs",
                    "self.graph_runner = graph_runners[self.device](self)",
                ),
                ("model_executor/cuda_graph_runner.py", 380, "__init__", "raise Exception("),
            ),
            "Exception: Capture cuda graph failed: "
            + torch_oom("36.00 MiB", 1, "79.19 GiB", "4.56 MiB", "79.18 GiB", "77.35 GiB", "1.01 GiB"),
            "Possible solutions:",
            "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)",
            "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)",
            "3. disable torch compile by not using --enable-torch-compile",
            "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)",
            "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose ",
        )
    ),
)

# ============================================================================ start-up: replica layout, GPU assignment
case(
    "v052_dp4_tp2_beyond_visible_gpus_invalid_device_ordinal",
    "0.5.2",
    "sglang-0.5.2 data_parallel_controller.py (gpu_id = base_gpu_id + dp offset + tp_rank * gpu_id_step), model_runner.py:240/594-602 (the `Context:` warning before re-raising set_device's error); torch 2.8 AcceleratorError",
    "config_error",
    "CUDA_VISIBLE_DEVICES=0,1,2,3 with --dp 4 --tp 2: the controller places DP2 at GPU #4 and DP3 at GPU #6, which do not exist; their schedulers fail set_device with `invalid device ordinal` after SGLang's `Context:` warning.",
    join(
        sargs(
            0,
            "meta-llama/Llama-3.1-70B-Instruct",
            dtype="auto",
            mem_fraction_static=0.85,
            tp_size=2,
            dp_size=4,
            base_gpu_id=0,
            gpu_id_step=1,
        ),
        launch_dp(2, 0, 2, 4, 6),
        f"{ts(7, 'DP0 TP0')} Init torch distributed begin.",
        f"{ts(7, 'DP2 TP0')} Init torch distributed begin.",
        f"{ts(7, 'DP2 TP0')} Context: self.device='cuda' self.gpu_id=4 os.environ.get('CUDA_VISIBLE_DEVICES')='0,1,2,3' self.tp_rank=0 self.tp_size=2",
        f"{ts(7, 'DP2 TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *INIT052,
            ("model_executor/model_runner.py", 240, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
            (
                "model_executor/model_runner.py",
                597,
                "init_torch_distributed",
                "torch.get_device_module(self.device).set_device(self.gpu_id)",
            ),
            ("+torch/cuda/__init__.py", 567, "set_device", "torch._C._cuda_setDevice(device)"),
        ),
        "torch.AcceleratorError: CUDA error: invalid device ordinal",
        "GPU device may be out of range, do you have enough GPUs?",
        "Search for `cudaErrorInvalidDevice' in https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html for more information.",
        CUDA_TAIL,
        "",
    ),
)

case(
    "v056_one_visible_device_per_process_reindex_indexerror_in_launch_thread",
    "0.5.6",
    "sglang-0.5.6 data_parallel_controller.py:257/430 (launch_tensor_parallel_group_thread, `with self.env_lock, maybe_reindex_device_id(gpu_id)`), utils/common.py:3537-3554 (maybe_reindex_device_id), environ.py SGLANG_ONE_VISIBLE_DEVICE_PER_PROCESS; Python 3.12 threading excepthook",
    "config_error",
    "SGLANG_ONE_VISIBLE_DEVICE_PER_PROCESS=1 CUDA_VISIBLE_DEVICES=4,5 with --dp 4: the controller's launch threads for DP2 and DP3 index the 2-entry list at 2 and 3 and die with IndexError; DP0/DP1 load, the controller waits forever on their ready events.",
    join(
        sargs(0, "Qwen/Qwen2.5-7B-Instruct", dtype="auto", mem_fraction_static=0.88, tp_size=1, dp_size=4),
        launch_dp(2, 0, 1, 2, 3),
        "Exception in thread Thread-3 (launch_tensor_parallel_group_thread):",
        TB,
        tb(
            PY312,
            ("/usr/lib/python3.12/threading.py", 1075, "_bootstrap_inner", "self.run()"),
            ("/usr/lib/python3.12/threading.py", 1012, "run", "self._target(*self._args, **self._kwargs)"),
            (
                "managers/data_parallel_controller.py",
                257,
                "launch_tensor_parallel_group_thread",
                "self.launch_tensor_parallel_group(server_args, port_args, base_gpu_id, dp_rank)",
            ),
            (
                "managers/data_parallel_controller.py",
                430,
                "launch_tensor_parallel_group",
                "with self.env_lock, maybe_reindex_device_id(gpu_id) as gpu_id:",
            ),
            ("/usr/lib/python3.12/contextlib.py", 137, "__enter__", "return next(self.gen)"),
            (
                "utils/common.py",
                3549,
                "maybe_reindex_device_id",
                "str_gpu_id = cuda_visible_devices[gpu_id] if cuda_visible_devices else str(gpu_id)",
            ),
        ),
        "IndexError: list index out of range",
        "Exception in thread Thread-4 (launch_tensor_parallel_group_thread):",
        TB,
        tb(
            PY312,
            ("/usr/lib/python3.12/threading.py", 1075, "_bootstrap_inner", "self.run()"),
            ("/usr/lib/python3.12/threading.py", 1012, "run", "self._target(*self._args, **self._kwargs)"),
            (
                "managers/data_parallel_controller.py",
                257,
                "launch_tensor_parallel_group_thread",
                "self.launch_tensor_parallel_group(server_args, port_args, base_gpu_id, dp_rank)",
            ),
            (
                "managers/data_parallel_controller.py",
                430,
                "launch_tensor_parallel_group",
                "with self.env_lock, maybe_reindex_device_id(gpu_id) as gpu_id:",
            ),
            ("/usr/lib/python3.12/contextlib.py", 137, "__enter__", "return next(self.gen)"),
            (
                "utils/common.py",
                3549,
                "maybe_reindex_device_id",
                "str_gpu_id = cuda_visible_devices[gpu_id] if cuda_visible_devices else str(gpu_id)",
            ),
        ),
        "IndexError: list index out of range",
        f"{ts(6, 'DP0')} Init torch distributed begin.",
        f"{ts(6, 'DP1')} Init torch distributed begin.",
        f"{ts(7, 'DP0')} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(7, 'DP1')} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(7, 'DP0')} Load weight begin. avail mem=78.68 GB",
        f"{ts(7, 'DP1')} Load weight begin. avail mem=78.68 GB",
        f"{ts(12, 'DP0')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=64.29 GB, mem usage=14.39 GB.",
        f"{ts(12, 'DP1')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=64.29 GB, mem usage=14.39 GB.",
        f"{ts(13, 'DP0')} KV Cache is allocated. #tokens: 2000413, K size: 53.42 GB, V size: 53.42 GB",
        f"{ts(25, 'DP0')} Capture cuda graph end. Time elapsed: 11.08 s. mem usage=0.81 GB. avail mem=8.25 GB.",
        f"{ts(25, 'DP1')} Capture cuda graph end. Time elapsed: 11.31 s. mem usage=0.81 GB. avail mem=8.25 GB.",
        f"{ts(26, 'DP0')} max_total_num_tokens=2000413, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=32768, available_gpu_mem=8.25 GB",
        f"{ts(26, 'DP1')} max_total_num_tokens=2000413, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=32768, available_gpu_mem=8.25 GB",
    ),
)

case(
    "v052_dp2_tp2_memory_unbalanced_check_refuses",
    "0.5.2",
    "sglang-0.5.2 model_runner.py:240/676-688 (`The memory capacity is unbalanced. Some GPUs may be occupied by other processes.` raised as ValueError unless SGL_DISABLE_TP_MEMORY_INBALANCE_CHECK)",
    "config_error",
    "--dp 2 --tp 2 while a notebook holds 30 GB of GPU 3: DP1's TP group (GPUs 2,3) sees min free memory below 0.9 x local on TP0, which refuses to start with the balance ValueError before loading anything.",
    join(
        sargs(0, "Qwen/Qwen2.5-32B-Instruct", dtype="auto", mem_fraction_static=0.85, tp_size=2, dp_size=2),
        launch_dp(2, 0, 2),
        f"{ts(6, 'DP0 TP0')} Init torch distributed begin.",
        f"{ts(6, 'DP0 TP1')} Init torch distributed begin.",
        f"{ts(6, 'DP1 TP0')} Init torch distributed begin.",
        f"{ts(6, 'DP1 TP1')} Init torch distributed begin.",
        f"{ts(7, 'DP0 TP0')} sglang is using nccl==2.27.3",
        f"{ts(8, 'DP0 TP0')} Init torch distributed ends. mem usage=0.58 GB",
        f"{ts(8, 'DP0 TP1')} Init torch distributed ends. mem usage=0.58 GB",
        f"{ts(8, 'DP1 TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *INIT052,
            ("model_executor/model_runner.py", 240, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
            ("model_executor/model_runner.py", 685, "init_torch_distributed", "raise ValueError("),
        ),
        "ValueError: The memory capacity is unbalanced. Some GPUs may be occupied by other processes. min_per_gpu_memory=48.13396453857422, local_gpu_memory=78.1339645385742, local_gpu_memory * 0.9=70.32056808471679",
        "",
    ),
)

case(
    "v056_gpu_id_step_zero_rejected",
    "0.5.6",
    'sglang-0.5.6 server_args.py:3989 (`assert self.gpu_id_step >= 1, "gpu_id_step must be positive"`), engine.py:783/791, http_server.py:1386, launch_server.py:20/27; sglang PR #31893 (same-GPU DP wanted, step 0 rejected)',
    "config_error",
    "--dp 2 --gpu-id-step 0 (two small replicas on one GPU): 0.5.6's check_server_args rejects it in the launcher before any child starts.",
    join(
        f"{TB}",
        tb(
            PY312,
            ("<frozen runpy>", 198, "_run_module_as_main", ""),
            ("<frozen runpy>", 88, "_run_code", ""),
            ("+sglang/launch_server.py", 27, "<module>", "run_server(server_args)"),
            ("+sglang/launch_server.py", 20, "run_server", "launch_server(server_args)"),
            ("entrypoints/http_server.py", 1386, "launch_server", "_launch_subprocesses(server_args=server_args)"),
            ("entrypoints/engine.py", 791, "_launch_subprocesses", "server_args.check_server_args()"),
            (
                "server_args.py",
                3989,
                "check_server_args",
                'assert self.gpu_id_step >= 1, "gpu_id_step must be positive"',
            ),
        ),
        "AssertionError: gpu_id_step must be positive",
    ),
)

case(
    "v0510_multinode_plain_dp_assertion",
    "0.5.10.post1",
    "sglang-0.5.10.post1 server_args.py:6076-6078 (`multi-node data parallel is not supported unless dp attention!`), engine.py:642, http_server.py:2165, launch_server.py:62/47; sglang#15385",
    "config_error",
    "Two nodes with --dp 2 --nnodes 2 --dist-init-addr, no DP attention: the launcher's check_server_args refuses multi-node plain DP before the server_args line.",
    join(
        LAUNCH_WARN0510,
        TB,
        tb(
            PY312,
            ("<frozen runpy>", 198, "_run_module_as_main", ""),
            ("<frozen runpy>", 88, "_run_code", ""),
            ("+sglang/launch_server.py", 62, "<module>", "run_server(server_args)"),
            ("+sglang/launch_server.py", 47, "run_server", "launch_server(server_args)"),
            ("entrypoints/http_server.py", 2165, "launch_server", ") = Engine._launch_subprocesses("),
            ("entrypoints/engine.py", 642, "_launch_subprocesses", "server_args.check_server_args()"),
            ("server_args.py", 6076, "check_server_args", "assert not ("),
        ),
        "AssertionError: multi-node data parallel is not supported unless dp attention!",
    ),
)

case(
    "v0510_load_balance_method_minimum_tokens_invalid_choice",
    "0.5.10.post1",
    "sglang-0.5.10.post1 server_args.py:4532-4543 (choices auto, round_robin, follow_bootstrap_room, total_requests, total_tokens; minimum_tokens / shortest_queue gone since 0.5.8); argparse's invalid-choice error (exit 2)",
    "config_error",
    "A launch script written for 0.5.2 passes --load-balance-method minimum_tokens to 0.5.10: argparse refuses it and exits 2.",
    join(
        LAUNCH_WARN0510,
        "usage: launch_server.py [-h] --model-path MODEL_PATH",
        "                        [--tokenizer-path TOKENIZER_PATH]",
        "                        [--tokenizer-mode {auto,slow}]",
        "                        [--dp-size DP_SIZE]",
        "                        [--load-balance-method {auto,round_robin,follow_bootstrap_room,total_requests,total_tokens}]",
        "                        ...",
        "launch_server.py: error: argument --load-balance-method: invalid choice: 'minimum_tokens' (choose from 'auto', 'round_robin', 'follow_bootstrap_room', 'total_requests', 'total_tokens')",
    ),
)

# ============================================================================ start-up: ports of each replica
case(
    "v052_fixed_nccl_port_bound_once_per_replica",
    "0.5.2",
    "sglang-0.5.2 data_parallel_controller.py:115/145 (`sockets.append(bind_port(tmp_port_args.nccl_port))`), :367/386-387, server_args.py PortArgs.init_new (a set --nccl-port is reused for every replica), utils.py:1278-1282 (bind_port), engine.py:695-701 (launch_phase_sigquit_handler)",
    "port_in_use",
    "--dp 2 --nccl-port 29500: every replica's PortArgs gets 29500 and the controller holds each one with bind_port; the second bind fails with Errno 98, the controller sends SIGQUIT to the launcher.",
    join(
        sargs(
            0,
            "Qwen/Qwen2.5-7B-Instruct",
            dtype="auto",
            mem_fraction_static=0.88,
            tp_size=1,
            dp_size=2,
            nccl_port=29500,
            port=30000,
        ),
        f"{ts(2)} DataParallelController hit an exception: {TB}",
        tb(
            PY312,
            (
                "managers/data_parallel_controller.py",
                367,
                "run_data_parallel_controller_process",
                "controller = DataParallelController(",
            ),
            (
                "managers/data_parallel_controller.py",
                115,
                "__init__",
                "dp_port_args = self.launch_dp_schedulers(server_args, port_args)",
            ),
            (
                "managers/data_parallel_controller.py",
                145,
                "launch_dp_schedulers",
                "sockets.append(bind_port(tmp_port_args.nccl_port))",
            ),
            ("utils.py", 1282, "bind_port", 'sock.bind(("", port))'),
        ),
        "OSError: [Errno 98] Address already in use",
        "",
        f"{ts(2)} Received sigquit from a child process. It usually means the child failed.",
    ),
)

case(
    "v052_http_port_busy_after_both_replicas_ready",
    "0.5.2",
    "sglang-0.5.2 engine.py (replicas ready before uvicorn binds), utils.py:1943 (uvicorn's `[%(asctime)s] %(levelprefix)s` format); uvicorn's bind error",
    "port_in_use",
    "--dp 2 on port 30000 while yesterday's server still listens there: both replicas load and capture, then uvicorn cannot bind and shuts down.",
    join(
        sargs(
            0,
            "Qwen/Qwen2.5-7B-Instruct",
            dtype="auto",
            mem_fraction_static=0.88,
            tp_size=1,
            dp_size=2,
            host="0.0.0.0",
            port=30000,
        ),
        launch_dp(2, 0, 1),
        f"{ts(12, 'DP0')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=64.29 GB, mem usage=14.39 GB.",
        f"{ts(12, 'DP1')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=64.29 GB, mem usage=14.39 GB.",
        f"{ts(13, 'DP0')} KV Cache is allocated. #tokens: 1953792, K size: 52.17 GB, V size: 52.17 GB",
        f"{ts(13, 'DP1')} KV Cache is allocated. #tokens: 1953792, K size: 52.17 GB, V size: 52.17 GB",
        f"{ts(24, 'DP0')} Capture cuda graph end. Time elapsed: 10.22 s. mem usage=0.83 GB. avail mem=8.21 GB.",
        f"{ts(24, 'DP1')} Capture cuda graph end. Time elapsed: 10.64 s. mem usage=0.83 GB. avail mem=8.21 GB.",
        f"{ts(25, 'DP0')} max_total_num_tokens=1953792, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=32768, available_gpu_mem=8.21 GB",
        f"{ts(25, 'DP1')} max_total_num_tokens=1953792, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=32768, available_gpu_mem=8.21 GB",
        f"{ts(26)} INFO:     Started server process [51877]",
        f"{ts(26)} INFO:     Waiting for application startup.",
        f"{ts(26)} INFO:     Application startup complete.",
        f"{ts(26)} ERROR:    [Errno 98] error while attempting to bind on address ('0.0.0.0', 30000): address already in use",
        f"{ts(26)} INFO:     Waiting for application shutdown.",
        f"{ts(26)} INFO:     Application shutdown complete.",
    ),
)

case(
    "v056_single_node_dist_init_addr_shared_by_each_replica_tp0",
    "0.5.6",
    "sglang-0.5.6 model_runner.py (dist_init_method = tcp://{dist_init_addr} for every replica), distributed/parallel_state.py init_distributed_environment; sglang#15385 (`multiple process (tp_rank=0) will try to bind to the same` address); torch 2.9 TCPStore DistNetworkError",
    "port_in_use",
    "A chart that always passes --dist-init-addr 10.0.0.5:5000 (nnodes 1) now runs --dp 2 --tp 4: DP0 TP0's TCPStore listens on 5000, DP1 TP0 tries to listen on the same port and gets EADDRINUSE.",
    join(
        sargs(
            0,
            "meta-llama/Llama-3.3-70B-Instruct",
            dtype="auto",
            mem_fraction_static=0.85,
            tp_size=4,
            dp_size=2,
            dist_init_addr="10.0.0.5:5000",
            nnodes=1,
            node_rank=0,
        ),
        launch_dp(2, 0, 4),
        *[f"{ts(6, f'DP{d} TP{t}')} Init torch distributed begin." for d in range(2) for t in range(2)],
        f"{ts(7, 'DP1 TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *INIT056,
            ("model_executor/model_runner.py", 344, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
            ("model_executor/model_runner.py", 682, "init_torch_distributed", "init_distributed_environment("),
            (
                "distributed/parallel_state.py",
                1499,
                "init_distributed_environment",
                "torch.distributed.init_process_group(",
            ),
            ("+torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
            ("+torch/distributed/c10d_logger.py", 95, "wrapper", "func_return = func(*args, **kwargs)"),
            (
                "+torch/distributed/distributed_c10d.py",
                1746,
                "init_process_group",
                "store, rank, world_size = next(rendezvous_iterator)",
            ),
            ("+torch/distributed/rendezvous.py", 278, "_tcp_rendezvous_handler", "store = _create_c10d_store("),
            ("+torch/distributed/rendezvous.py", 198, "_create_c10d_store", "return TCPStore("),
        ),
        "torch.distributed.DistNetworkError: The server socket has failed to listen on any local network address. port: 5000, useIpv6: false, code: -98, name: EADDRINUSE, message: address already in use",
        "",
    ),
)

# ============================================================================ start-up: NCCL inside one replica's TP group
case(
    "v056_dp2_tp4_nccl_shm_exhausted_in_second_replica",
    "0.5.6",
    "sglang-0.5.6 distributed/parallel_state.py:1607/356, device_communicators/pynccl.py:113, pynccl_wrapper.py:371-374 (`NCCL error: {error_str}`); NCCL 2.27 WARN lines for /dev/shm (NCCL_DEBUG=WARN)",
    "nccl_or_distributed",
    "--dp 2 --tp 4 in a container with the default 64 MB /dev/shm: DP0's communicator takes the segment room, DP1 TP3's ncclCommInitRank fails with `unhandled system error` and NCCL's shm WARN lines.",
    join(
        sargs(0, "meta-llama/Llama-3.3-70B-Instruct", dtype="auto", mem_fraction_static=0.85, tp_size=4, dp_size=2),
        launch_dp(2, 0, 4),
        *[f"{ts(6, f'DP{d} TP{t}')} Init torch distributed begin." for d in range(2) for t in (0, 3)],
        f"{ts(7, 'DP0 TP0')} sglang is using nccl==2.27.5",
        f"{ts(9, 'DP0 TP0')} Init torch distributed ends. mem usage=1.21 GB",
        "sgl-7f9c4d-0:48817:48817 [7] include/alloc.h:244 NCCL WARN Error: failed to extend /dev/shm/nccl-GQ8vzK to 9637892 bytes, error: No space left on device (28)",
        "sgl-7f9c4d-0:48817:48817 [7] include/alloc.h:264 NCCL WARN Error while creating shared memory segment /dev/shm/nccl-GQ8vzK (size 9637888), error: No space left on device (28)",
        f"{ts(9, 'DP1 TP3')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *INIT056,
            ("model_executor/model_runner.py", 344, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
            ("model_executor/model_runner.py", 690, "init_torch_distributed", "initialize_model_parallel("),
            ("distributed/parallel_state.py", 1607, "initialize_model_parallel", "_TP = init_model_parallel_group("),
            ("distributed/parallel_state.py", 1374, "init_model_parallel_group", "return GroupCoordinator("),
            ("distributed/parallel_state.py", 356, "__init__", "self.pynccl_comm = PyNcclCommunicator("),
            (
                "distributed/device_communicators/pynccl.py",
                113,
                "__init__",
                "self.comm: ncclComm_t = self.nccl.ncclCommInitRank(",
            ),
            ("distributed/device_communicators/pynccl_wrapper.py", 399, "ncclCommInitRank", "self.NCCL_CHECK("),
            (
                "distributed/device_communicators/pynccl_wrapper.py",
                374,
                "NCCL_CHECK",
                'raise RuntimeError(f"NCCL error: {error_str}")',
            ),
        ),
        "RuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)",
        "",
    ),
)

# ============================================================================ the controller's own errors while serving
case(
    "v046_shortest_queue_not_implemented_on_first_request",
    "0.4.6.post5",
    "sglang-0.4.6.post5 data_parallel_controller.py:258-259 (`def shortest_queue_scheduler(self, input_requests): raise NotImplementedError()`), :276/302/310-311, server_args.py:886-893 (choices round_robin, shortest_queue), tokenizer_manager.py:1444-1448 (running_phase_sigquit_handler); sglang PR #480 (`--load-balance shortest_queue`)",
    "config_error",
    "--dp 2 --load-balance-method shortest_queue is accepted by argparse but not implemented in 0.4.6: the server comes up, the first dispatched request raises NotImplementedError in the controller, which SIGQUITs the server.",
    join(
        sargs(
            0,
            "Qwen/Qwen2.5-7B-Instruct",
            dtype="auto",
            mem_fraction_static=0.88,
            tp_size=1,
            dp_size=2,
            load_balance_method="shortest_queue",
        ),
        launch_dp(2, 0, 1),
        f"{ts(24, 'DP0')} Capture cuda graph end. Time elapsed: 10.11 s. mem usage=0.82 GB. avail mem=8.24 GB.",
        f"{ts(24, 'DP1')} Capture cuda graph end. Time elapsed: 10.27 s. mem usage=0.82 GB. avail mem=8.24 GB.",
        f"{ts(25, 'DP0')} max_total_num_tokens=1951634, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4097, context_len=32768",
        f"{ts(25, 'DP1')} max_total_num_tokens=1951634, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4097, context_len=32768",
        uvicorn_ready(26, pid=8165),
        f"{ts(27)} DataParallelController hit an exception: {TB}",
        tb(
            PY310,
            (
                "managers/data_parallel_controller.py",
                302,
                "run_data_parallel_controller_process",
                "controller.event_loop()",
            ),
            ("managers/data_parallel_controller.py", 276, "event_loop", "self.dispatching(recv_req)"),
            ("managers/data_parallel_controller.py", 259, "shortest_queue_scheduler", "raise NotImplementedError()"),
        ),
        "NotImplementedError",
        "",
        f"{ts(27)} Received sigquit from a child process. It usually means the child failed.",
    ),
)

case(
    "v052_shortest_queue_nameerror_on_first_request",
    "0.5.2",
    "sglang-0.5.2 data_parallel_controller.py:294-297 (`def shortest_queue_scheduler(self, input_requests): if self.maybe_external_dp_rank_routing(req):`), :344/378/386-387, tokenizer_manager.py:1696-1700",
    "config_error",
    "--dp 4 --load-balance-method shortest_queue on 0.5.2: the method's body refers to `req` although its parameter is `input_requests`; the server reaches ready and the first request kills the controller with NameError.",
    join(
        sargs(
            0,
            "meta-llama/Llama-3.1-8B-Instruct",
            dtype="auto",
            mem_fraction_static=0.88,
            tp_size=1,
            dp_size=4,
            load_balance_method="shortest_queue",
        ),
        launch_dp(2, 0, 1, 2, 3),
        *[
            f"{ts(25, f'DP{i}')} max_total_num_tokens=470841, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=131072, available_gpu_mem=7.94 GB"
            for i in range(4)
        ],
        uvicorn_ready(26, pid=30112),
        f"{ts(27)} DataParallelController hit an exception: {TB}",
        tb(
            PY312,
            (
                "managers/data_parallel_controller.py",
                378,
                "run_data_parallel_controller_process",
                "controller.event_loop()",
            ),
            ("managers/data_parallel_controller.py", 344, "event_loop", "self.dispatching(recv_req)"),
            (
                "managers/data_parallel_controller.py",
                295,
                "shortest_queue_scheduler",
                "if self.maybe_external_dp_rank_routing(req):",
            ),
        ),
        "NameError: name 'req' is not defined",
        "",
        f"{ts(27)} Received sigquit from a child process. It usually means the child failed.",
    ),
)

case(
    "v052_data_parallel_rank_beyond_dp_size_kills_controller",
    "0.5.2",
    "sglang-0.5.2 data_parallel_controller.py:275-280 (maybe_external_dp_rank_routing indexes self.workers with the request's data_parallel_rank; the HTTP path does not check it, only Engine.generate does, engine.py:175-181), :283/344/378",
    "config_error",
    '--dp 4 behind a client that pins requests with "data_parallel_rank": 4 (ranks are 0-3): the controller indexes its 4 workers with 4, IndexError, SIGQUIT to the server.',
    join(
        sargs(0, "Qwen/Qwen2.5-7B-Instruct", dtype="auto", mem_fraction_static=0.88, tp_size=1, dp_size=4),
        launch_dp(2, 0, 1, 2, 3),
        *[
            f"{ts(25, f'DP{i}')} max_total_num_tokens=1953792, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=32768, available_gpu_mem=8.21 GB"
            for i in range(4)
        ],
        uvicorn_ready(26, pid=30377),
        fired_up(28),
        f"{ts(40, 'DP2')} Prefill batch. #new-seq: 1, #new-token: 212, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f"{ts(41)} DataParallelController hit an exception: {TB}",
        tb(
            PY312,
            (
                "managers/data_parallel_controller.py",
                378,
                "run_data_parallel_controller_process",
                "controller.event_loop()",
            ),
            ("managers/data_parallel_controller.py", 344, "event_loop", "self.dispatching(recv_req)"),
            (
                "managers/data_parallel_controller.py",
                283,
                "round_robin_scheduler",
                "if self.maybe_external_dp_rank_routing(req):",
            ),
            (
                "managers/data_parallel_controller.py",
                278,
                "maybe_external_dp_rank_routing",
                "self.workers[req.data_parallel_rank].send_pyobj(req)",
            ),
        ),
        "IndexError: list index out of range",
        "",
        f"{ts(41)} Received sigquit from a child process. It usually means the child failed.",
    ),
)

case(
    "v056_pd_prefill_dp2_request_sent_directly_to_prefill",
    "0.5.6",
    "sglang-0.5.6 data_parallel_controller.py:466-479 (round_robin_scheduler's bootstrap_room assertion in PD mode), :187/507/541, sglang/utils.py:506 (TypeBasedDispatcher), tokenizer_manager.py:2490-2492 (`SIGQUIT received. ... It usually means one child failed.`)",
    "config_error",
    "A PD prefill server with --dp 2 is curled directly instead of through the router: the request has no bootstrap_room and the controller's assertion kills it.",
    join(
        sargs(
            0,
            "deepseek-ai/DeepSeek-R1-Distill-Llama-8B",
            dtype="auto",
            mem_fraction_static=0.8,
            tp_size=1,
            dp_size=2,
            disaggregation_mode="prefill",
            disaggregation_transfer_backend="mooncake",
            port=30000,
        ),
        launch_dp(2, 0, 1),
        f"{ts(20, 'DP0')} max_total_num_tokens=403117, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=131072, available_gpu_mem=13.94 GB",
        f"{ts(20, 'DP1')} max_total_num_tokens=403117, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=131072, available_gpu_mem=13.94 GB",
        uvicorn_ready(21, pid=6120),
        fired_up(23),
        f"{ts(61)} DataParallelController hit an exception: {TB}",
        tb(
            PY312,
            (
                "managers/data_parallel_controller.py",
                541,
                "run_data_parallel_controller_process",
                "controller.event_loop()",
            ),
            ("managers/data_parallel_controller.py", 507, "event_loop", "self._request_dispatcher(recv_req)"),
            ("+sglang/utils.py", 506, "__call__", "return fn(obj)"),
            ("managers/data_parallel_controller.py", 187, "dispatching_with_trace", "self.dispatching(req)"),
            ("managers/data_parallel_controller.py", 476, "round_robin_scheduler", "assert ("),
        ),
        "AssertionError: req.bootstrap_room should not be None. Do not send requests directly to prefill or decode instances, but send to the router instead.",
        "",
        f"{ts(61)} SIGQUIT received. signum=<Signals.SIGQUIT: 3>, frame=<frame at 0x7f3b1c2d9a40, file '/usr/local/lib/python3.12/dist-packages/uvicorn/server.py', line 69, code serve>. It usually means one child failed.",
    ),
)

# ============================================================================ one replica dies while the others serve
case(
    "v052_dp1_runtime_oom_full_logits_for_input_logprobs",
    "0.5.2",
    "sglang-0.5.2 tp_worker_overlap_thread.py:138-145 (`TpModelWorkerClient hit an exception:` and SIGQUIT to the scheduler's parent, the controller), :174, tp_worker.py:251, model_runner.py:1901/1952/1846, models/qwen2.py:493, layers/logits_processor.py:338/460; torch 2.8 OutOfMemoryError",
    "oom_runtime",
    "--dp 2 serving for an hour; a request with return_logprob and logprob_start_len=0 over a 30k-token prompt makes DP1 materialise full-vocab logits and run out of memory in the overlap thread; DP0 had been serving.",
    join(
        sargs(0, "Qwen/Qwen2.5-7B-Instruct", dtype="auto", mem_fraction_static=0.88, tp_size=1, dp_size=2),
        launch_dp(2, 0, 1),
        f"{ts(25, 'DP0')} max_total_num_tokens=1953792, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=32768, available_gpu_mem=8.21 GB",
        f"{ts(25, 'DP1')} max_total_num_tokens=1953792, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=32768, available_gpu_mem=8.21 GB",
        uvicorn_ready(26, pid=22901),
        fired_up(28),
        f"{ts(1800, 'DP0')} Decode batch. #running-req: 37, #token: 61210, token usage: 0.03, cuda graph: True, gen throughput (token/s): 2210.38, #queue-req: 0, ",
        f"{ts(1801, 'DP1')} Prefill batch. #new-seq: 1, #new-token: 8192, #cached-token: 0, token usage: 0.02, #running-req: 29, #queue-req: 0, ",
        f"{ts(1802, 'DP1')} TpModelWorkerClient hit an exception: {TB}",
        tb(
            PY312,
            ("managers/tp_worker_overlap_thread.py", 141, "forward_thread_func", "self.forward_thread_func_()"),
            ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
            (
                "managers/tp_worker_overlap_thread.py",
                174,
                "forward_thread_func_",
                "self.worker.forward_batch_generation(",
            ),
            (
                "managers/tp_worker.py",
                251,
                "forward_batch_generation",
                "logits_output, can_run_cuda_graph = self.model_runner.forward(",
            ),
            ("model_executor/model_runner.py", 1901, "forward", "output = self._forward_raw("),
            ("model_executor/model_runner.py", 1952, "_forward_raw", "ret = self.forward_extend("),
            ("model_executor/model_runner.py", 1846, "forward_extend", "return self.model.forward("),
            ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
            ("models/qwen2.py", 493, "forward", "return self.logits_processor("),
            ("+torch/nn/modules/module.py", 1773, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
            ("+torch/nn/modules/module.py", 1784, "_call_impl", "return forward_call(*args, **kwargs)"),
            (
                "layers/logits_processor.py",
                338,
                "forward",
                "full_logits = self._get_logits(hidden_states, lm_head, logits_metadata)",
            ),
            ("layers/logits_processor.py", 460, "_get_logits", "logits = torch.matmul("),
        ),
        "torch.OutOfMemoryError: "
        + torch_oom("2.32 GiB", 1, "79.19 GiB", "1.87 GiB", "77.30 GiB", "70.82 GiB", "5.64 GiB"),
        "",
    ),
)

case(
    "v0510_dp0_runtime_oom_subprocess_watchdog_sigquit",
    "0.5.10.post1",
    "sglang-0.5.10.post1 scheduler.py:3616/1300/3497/1361/2684, tp_worker.py:469, model_runner.py:2739/2849/2697, utils/watchdog.py:166-220 (SubprocessWatchdog: `Subprocess {name} (pid=...) crashed with exit code ...`), tokenizer_manager.py:2559-2561; torch 2.9 OutOfMemoryError",
    "oom_runtime",
    "--dp 2 with a large --chunked-prefill-size 32768: after an hour of traffic DP0 runs out of memory in the MLP of a long prefill; its SIGQUIT kills the controller (-3) and 0.5.10's SubprocessWatchdog brings the server down.",
    join(
        LAUNCH_WARN0510,
        sargs(
            0,
            "meta-llama/Llama-3.1-8B-Instruct",
            dtype="auto",
            mem_fraction_static=0.9,
            tp_size=1,
            dp_size=2,
            chunked_prefill_size=32768,
        ),
        launch_dp(2, 0, 1),
        f"{ts(24, 'DP0')} max_total_num_tokens=452130, chunked_prefill_size=32768, max_prefill_tokens=16384, max_running_requests=4096, context_len=131072, available_gpu_mem=5.02 GB",
        f"{ts(24, 'DP1')} max_total_num_tokens=452130, chunked_prefill_size=32768, max_prefill_tokens=16384, max_running_requests=4096, context_len=131072, available_gpu_mem=5.02 GB",
        uvicorn_ready(25, pid=9981, info="/model_info"),
        fired_up(27),
        f"{ts(2400, 'DP1')} Decode batch, #running-req: 112, #token: 301442, token usage: 0.67, cuda graph: True, gen throughput (token/s): 3381.20, #queue-req: 0",
        f"{ts(2401, 'DP0')} Prefill batch, #new-seq: 3, #new-token: 32768, #cached-token: 1024, token usage: 0.71, #running-req: 104, #queue-req: 6, ",
        f"{ts(2402, 'DP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *LOOP0510,
            ("model_executor/model_runner.py", 2849, "_forward_raw", "ret, can_run_graph = self.forward_extend("),
            ("model_executor/model_runner.py", 2697, "forward_extend", "return self.model.forward("),
            ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
            ("models/llama.py", 462, "forward", "hidden_states = self.model("),
            ("+torch/nn/modules/module.py", 1775, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
            ("+torch/nn/modules/module.py", 1786, "_call_impl", "return forward_call(*args, **kwargs)"),
            ("models/llama.py", 344, "forward", "hidden_states, residual = layer("),
            ("models/llama.py", 281, "forward", "hidden_states = self.mlp(hidden_states)"),
            ("models/llama.py", 108, "forward", "gate_up, _ = self.gate_up_proj(x)"),
            ("layers/linear.py", 462, "forward", "output_parallel = self.quant_method.apply(self, input_, bias)"),
            ("layers/quantization/unquant.py", 135, "apply", "return F.linear(x, layer.weight, bias)"),
        ),
        "torch.OutOfMemoryError: "
        + torch_oom("1.75 GiB", 0, "79.19 GiB", "1.12 GiB", "78.06 GiB", "74.61 GiB", "2.80 GiB"),
        "",
        f"{ts(2403)} Subprocess scheduler_0 (pid=10244) crashed with exit code -3. Triggering SIGQUIT for cleanup...",
        f"{ts(2403)} SIGQUIT received. signum=<Signals.SIGQUIT: 3>, frame=<frame at 0x7f0a4e31c2c0, file '/usr/lib/python3.12/threading.py', line 359, code wait>. It usually means one child failed.",
    ),
)

case(
    "v0510_dp1_illegal_memory_access_while_serving",
    "0.5.10.post1",
    "sglang-0.5.10.post1 scheduler.py:3616/3620 (event loop path), model_runner.py:2739/2804 (graph replay); torch 2.9 AcceleratorError text",
    "cuda_error_other",
    "--dp 2 serving; DP1 hits an illegal memory access replaying a decode graph (DP0 keeps decoding until the controller goes); a runtime CUDA fault, not memory pressure.",
    join(
        LAUNCH_WARN0510,
        sargs(0, "Qwen/Qwen3-30B-A3B", dtype="auto", mem_fraction_static=0.88, tp_size=1, dp_size=2),
        launch_dp(2, 0, 1),
        f"{ts(40, 'DP0')} max_total_num_tokens=611532, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_gpu_mem=7.33 GB",
        f"{ts(40, 'DP1')} max_total_num_tokens=611532, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_gpu_mem=7.33 GB",
        uvicorn_ready(41, pid=7140, info="/model_info"),
        fired_up(43),
        f"{ts(900, 'DP0')} Decode batch, #running-req: 61, #token: 70122, token usage: 0.11, cuda graph: True, gen throughput (token/s): 4012.77, #queue-req: 0",
        f"{ts(900, 'DP1')} Decode batch, #running-req: 58, #token: 66839, token usage: 0.11, cuda graph: True, gen throughput (token/s): 3890.41, #queue-req: 0",
        f"{ts(903, 'DP1')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *LOOP0510,
            ("model_executor/model_runner.py", 2804, "_forward_raw", "ret = self.graph_runner.replay("),
            ("model_executor/cuda_graph_runner.py", 1180, "replay", "self.graphs[graph_key].replay()"),
            ("+torch/cuda/graphs.py", 105, "replay", "super().replay()"),
        ),
        "torch.AcceleratorError: CUDA error: an illegal memory access was encountered",
        "Search for `cudaErrorIllegalAddress' in https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html for more information.",
        CUDA_TAIL,
        "",
        f"{ts(904)} Subprocess scheduler_0 (pid=7391) crashed with exit code -3. Triggering SIGQUIT for cleanup...",
        f"{ts(904)} SIGQUIT received. signum=<Signals.SIGQUIT: 3>, frame=<frame at 0x7fd1cc2a8040, file '/usr/lib/python3.12/threading.py', line 359, code wait>. It usually means one child failed.",
    ),
)

case(
    "v0410_dp2_tp4_nccl_watchdog_timeout_in_dp1",
    "0.4.10.post2",
    "sglang-0.4.10.post2 scheduler.py:2504-2512 (prefix ` DP{dp} TP{tp}`), dist_timeout passed to init_process_group; torch 2.7.1 ProcessGroupNCCL watchdog text",
    "nccl_or_distributed",
    "--dp 2 --tp 4 --dist-timeout 120: after hours of serving, an all-reduce inside DP1's TP group never completes; torch's NCCL watchdog on DP1 TP2 times out and aborts the process; DP0 is still decoding.",
    join(
        sargs(
            0,
            "meta-llama/Llama-3.3-70B-Instruct",
            dtype="auto",
            mem_fraction_static=0.85,
            tp_size=4,
            dp_size=2,
            dist_timeout=120,
        ),
        launch_dp(2, 0, 4),
        f"{ts(70, 'DP0 TP0')} max_total_num_tokens=1311042, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=131072, available_gpu_mem=7.09 GB",
        f"{ts(70, 'DP1 TP0')} max_total_num_tokens=1311042, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=131072, available_gpu_mem=7.09 GB",
        uvicorn_ready(71, pid=3381),
        fired_up(73),
        f"{ts(2950, 'DP0 TP0')} Decode batch. #running-req: 48, #token: 90412, token usage: 0.07, cuda graph: True, gen throughput (token/s): 1210.44, #queue-req: 0, ",
        f"{ts(2951, 'DP1 TP0')} Decode batch. #running-req: 51, #token: 95307, token usage: 0.07, cuda graph: True, gen throughput (token/s): 1188.02, #queue-req: 0, ",
        "[rank2]:[E302 10:51:12.512815614 ProcessGroupNCCL.cpp:632] [Rank 2] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=482113, OpType=ALLREDUCE, NumelIn=1048576, NumelOut=1048576, Timeout(ms)=120000) ran for 120014 milliseconds before timing out.",
        "[rank2]:[E302 10:51:12.513100923 ProcessGroupNCCL.cpp:2271] [PG ID 2 PG GUID 3 Rank 2]  failure detected by watchdog at work sequence id: 482113 PG status: last enqueued work: 482114, last completed work: 482112",
        "[rank2]:[E302 10:51:12.513112436 ProcessGroupNCCL.cpp:670] Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value.",
        "[rank2]:[E302 10:51:12.513160113 ProcessGroupNCCL.cpp:684] [Rank 2] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
        "[rank2]:[E302 10:51:12.513167920 ProcessGroupNCCL.cpp:698] [Rank 2] To avoid data inconsistency, we are taking the entire process down.",
        "[rank2]:[E302 10:51:12.515306233 ProcessGroupNCCL.cpp:1899] [PG ID 2 PG GUID 3 Rank 2] Process group watchdog thread terminated with exception: [Rank 2] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=482113, OpType=ALLREDUCE, NumelIn=1048576, NumelOut=1048576, Timeout(ms)=120000) ran for 120014 milliseconds before timing out.",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        "  what():  [PG ID 2 PG GUID 3 Rank 2] Process group watchdog thread terminated with exception: [Rank 2] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=482113, OpType=ALLREDUCE, NumelIn=1048576, NumelOut=1048576, Timeout(ms)=120000) ran for 120014 milliseconds before timing out.",
        "Fatal Python error: Aborted",
        "",
        f"{ts(2953, 'DP0 TP0')} Decode batch. #running-req: 47, #token: 90866, token usage: 0.07, cuda graph: True, gen throughput (token/s): 1207.91, #queue-req: 0, ",
    ),
)

# ============================================================================ healthy contrasts
case(
    "healthy_v046_dp2_interleaved_decode_retraction",
    "0.4.6.post5",
    "sglang-0.4.6.post5 scheduler.py:334-338 (max_total_num_tokens line per replica), :1146/1202 (Prefill/Decode batch), :1514-1521 (`Decode out of memory happened.`); data_parallel_controller.py (Launch DP lines)",
    "healthy",
    "--dp 2 under a long-output load test: both replicas interleave their start-up and batches; DP1 retracts requests twice with token usage at 0.99 and keeps going.",
    join(
        sargs(
            0,
            "Qwen/Qwen2.5-7B-Instruct",
            dtype="auto",
            mem_fraction_static=0.88,
            tp_size=1,
            dp_size=2,
            max_running_requests=512,
        ),
        launch_dp(2, 0, 1),
        f"{ts(6, 'DP0')} Init torch distributed begin.",
        f"{ts(6, 'DP1')} Init torch distributed begin.",
        f"{ts(7, 'DP1')} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(7, 'DP0')} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(7, 'DP0')} Load weight begin. avail mem=43.92 GB",
        f"{ts(7, 'DP1')} Load weight begin. avail mem=43.92 GB",
        f"{ts(12, 'DP1')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=29.53 GB, mem usage=14.39 GB.",
        f"{ts(12, 'DP0')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=29.53 GB, mem usage=14.39 GB.",
        f"{ts(13, 'DP0')} KV Cache is allocated. #tokens: 873417, K size: 23.32 GB, V size: 23.32 GB",
        f"{ts(13, 'DP1')} KV Cache is allocated. #tokens: 873417, K size: 23.32 GB, V size: 23.32 GB",
        f"{ts(13, 'DP0')} Memory pool end. avail mem=5.31 GB",
        f"{ts(13, 'DP1')} Memory pool end. avail mem=5.31 GB",
        f"{ts(14, 'DP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=4.70 GB",
        f"{ts(14, 'DP1')} Capture cuda graph begin. This can take up to several minutes. avail mem=4.70 GB",
        f"{ts(25, 'DP1')} Capture cuda graph end. Time elapsed: 10.62 s. mem usage=0.81 GB. avail mem=3.89 GB.",
        f"{ts(25, 'DP0')} Capture cuda graph end. Time elapsed: 10.71 s. mem usage=0.81 GB. avail mem=3.89 GB.",
        f"{ts(26, 'DP0')} max_total_num_tokens=873417, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=512, context_len=32768",
        f"{ts(26, 'DP1')} max_total_num_tokens=873417, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=512, context_len=32768",
        uvicorn_ready(27, pid=14400),
        f"{ts(28, 'DP0')} Prefill batch. #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0",
        fired_up(29),
        f"{ts(600, 'DP0')} Decode batch. #running-req: 512, #token: 851203, token usage: 0.97, cuda graph: True, gen throughput (token/s): 6120.81, #queue-req: 73",
        f"{ts(600, 'DP1')} Decode batch. #running-req: 512, #token: 864710, token usage: 0.99, cuda graph: True, gen throughput (token/s): 6098.12, #queue-req: 81",
        f"{ts(601, 'DP1')} Decode out of memory happened. #retracted_reqs: 6, #new_token_ratio: 0.3912 -> 0.6214",
        f"{ts(603, 'DP0')} Decode batch. #running-req: 509, #token: 862044, token usage: 0.99, cuda graph: True, gen throughput (token/s): 6087.33, #queue-req: 77",
        f"{ts(604, 'DP1')} Decode out of memory happened. #retracted_reqs: 3, #new_token_ratio: 0.6214 -> 0.7713",
        f"{ts(606, 'DP1')} Decode batch. #running-req: 503, #token: 858112, token usage: 0.98, cuda graph: True, gen throughput (token/s): 6011.47, #queue-req: 90",
        f'{ts(607)} INFO:     10.0.3.17:50122 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f"{ts(610, 'DP1')} Prefill batch. #new-seq: 9, #new-token: 8192, #cached-token: 1140, token usage: 0.93, #running-req: 494, #queue-req: 81",
    ),
)

case(
    "healthy_v054_minimum_tokens_falls_back_with_a_warning_per_request",
    "0.5.4",
    "sglang-0.5.4 data_parallel_controller.py:464-472 (`The 'minimum_tokens' load balancing method is deprecated for now and will introduced later.Fall back to 'round_robin_scheduler'`, logged by the controller for every request), server_args.py choices",
    "healthy",
    "--dp 2 --load-balance-method minimum_tokens kept from an old script: every dispatch logs the deprecation warning and falls back to round robin; both replicas serve.",
    join(
        sargs(
            0,
            "meta-llama/Llama-3.1-8B-Instruct",
            dtype="auto",
            mem_fraction_static=0.88,
            tp_size=1,
            dp_size=2,
            load_balance_method="minimum_tokens",
        ),
        launch_dp(2, 0, 1),
        f"{ts(24, 'DP0')} max_total_num_tokens=470841, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=131072, available_gpu_mem=7.94 GB",
        f"{ts(24, 'DP1')} max_total_num_tokens=470841, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=131072, available_gpu_mem=7.94 GB",
        uvicorn_ready(25, pid=4410),
        f"{ts(26)} The 'minimum_tokens' load balancing method is deprecated for now and will introduced later.Fall back to 'round_robin_scheduler'",
        f"{ts(26, 'DP0')} Prefill batch. #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        fired_up(27),
        f"{ts(60)} The 'minimum_tokens' load balancing method is deprecated for now and will introduced later.Fall back to 'round_robin_scheduler'",
        f"{ts(60, 'DP1')} Prefill batch. #new-seq: 1, #new-token: 1422, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f"{ts(60)} The 'minimum_tokens' load balancing method is deprecated for now and will introduced later.Fall back to 'round_robin_scheduler'",
        f"{ts(60, 'DP0')} Prefill batch. #new-seq: 1, #new-token: 980, #cached-token: 6, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f"{ts(62, 'DP1')} Decode batch. #running-req: 1, #token: 1462, token usage: 0.00, cuda graph: True, gen throughput (token/s): 141.22, #queue-req: 0, ",
        f'{ts(63)} INFO:     127.0.0.1:51884 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f'{ts(63)} INFO:     127.0.0.1:51890 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    ),
)

case(
    "healthy_v0510_dp2_kv_full_retract_and_token_usage_1",
    "0.5.10.post1",
    "sglang-0.5.10.post1 scheduler.py:2594-2605 (`KV cache pool is full. Retract requests.` as a warning), observability/scheduler_metrics_mixin.py:389/608-657 (Prefill/Decode batch)",
    "healthy",
    "--dp 2 --load-balance-method total_tokens at saturation: both replicas report token usage 1.00, DP0 retracts requests and the queue grows, but both keep decoding.",
    join(
        LAUNCH_WARN0510,
        sargs(
            0,
            "Qwen/Qwen3-8B",
            dtype="auto",
            mem_fraction_static=0.88,
            tp_size=1,
            dp_size=2,
            load_balance_method="total_tokens",
        ),
        launch_dp(2, 0, 1),
        f"{ts(30, 'DP0')} max_total_num_tokens=412003, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=2048, context_len=40960, available_gpu_mem=6.10 GB",
        f"{ts(30, 'DP1')} max_total_num_tokens=412003, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=2048, context_len=40960, available_gpu_mem=6.10 GB",
        uvicorn_ready(31, pid=12090, info="/model_info"),
        fired_up(33),
        f"{ts(1200, 'DP0')} Decode batch, #running-req: 402, #token: 411890, token usage: 1.00, cuda graph: True, gen throughput (token/s): 9021.55, #queue-req: 318",
        f"{ts(1200, 'DP1')} Decode batch, #running-req: 398, #token: 409117, token usage: 0.99, cuda graph: True, gen throughput (token/s): 8974.10, #queue-req: 301",
        f"{ts(1201, 'DP0')} KV cache pool is full. Retract requests. #retracted_reqs: 5, #new_tokens_gained: 20480, #new_token_ratio: 0.4100 -> 0.6880",
        f"{ts(1203, 'DP0')} Decode batch, #running-req: 397, #token: 402213, token usage: 0.98, cuda graph: True, gen throughput (token/s): 8890.02, #queue-req: 329",
        f"{ts(1204, 'DP1')} KV cache pool is full. Retract requests. #retracted_reqs: 2, #new_tokens_gained: 7311, #new_token_ratio: 0.4100 -> 0.5470",
        f"{ts(1206, 'DP1')} Decode batch, #running-req: 396, #token: 411998, token usage: 1.00, cuda graph: True, gen throughput (token/s): 8912.64, #queue-req: 310",
        f'{ts(1207)} INFO:     10.1.4.22:41562 - "POST /v1/completions HTTP/1.1" 200 OK',
        f"{ts(1210, 'DP0')} Prefill batch, #new-seq: 4, #new-token: 8192, #cached-token: 512, token usage: 0.96, #running-req: 393, #queue-req: 325, ",
    ),
)

case(
    "healthy_v0510_dp2_tp2_memory_unbalanced_warning_only",
    "0.5.10.post1",
    "sglang-0.5.10.post1 model_runner.py:1008-1017 (`The memory capacity is unbalanced. Some GPUs may be occupied by other processes.` warned instead of raised with SGLANG_ENABLE_TP_MEMORY_INBALANCE_CHECK=0), environ.py:213",
    "healthy",
    "--dp 2 --tp 2 with SGLANG_ENABLE_TP_MEMORY_INBALANCE_CHECK=0 while a monitoring agent holds 8 GB on GPU 3: DP1 TP0 warns about unbalanced memory, both replicas finish and serve.",
    join(
        LAUNCH_WARN0510,
        sargs(0, "Qwen/Qwen2.5-32B-Instruct", dtype="auto", mem_fraction_static=0.85, tp_size=2, dp_size=2),
        launch_dp(2, 0, 2),
        *[f"{ts(6, f'DP{d} TP{t}')} Init torch distributed begin." for d in range(2) for t in range(2)],
        f"{ts(8, 'DP1 TP0')} The memory capacity is unbalanced. Some GPUs may be occupied by other processes. pre_model_load_memory=70.41, local_gpu_memory=78.13, local_gpu_memory * 0.9=70.317",
        *[
            f"{ts(8, f'DP{d} TP{t}')} Init torch distributed ends. elapsed=1.92 s, mem usage=0.58 GB"
            for d in range(2)
            for t in range(2)
        ],
        f"{ts(30, 'DP0 TP0')} Load weight end. elapsed=21.37 s, type=Qwen2ForCausalLM, avail mem=46.93 GB, mem usage=31.20 GB.",
        f"{ts(31, 'DP1 TP0')} Load weight end. elapsed=22.02 s, type=Qwen2ForCausalLM, avail mem=46.93 GB, mem usage=31.20 GB.",
        f"{ts(32, 'DP0 TP0')} KV Cache is allocated. #tokens: 624330, K size: 19.05 GB, V size: 19.05 GB",
        f"{ts(32, 'DP1 TP0')} KV Cache is allocated. #tokens: 560911, K size: 17.12 GB, V size: 17.12 GB",
        f"{ts(45, 'DP0 TP0')} max_total_num_tokens=624330, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=32768, available_gpu_mem=7.44 GB",
        f"{ts(45, 'DP1 TP0')} max_total_num_tokens=560911, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=32768, available_gpu_mem=7.41 GB",
        uvicorn_ready(46, pid=2214, info="/model_info"),
        fired_up(48),
        f"{ts(90, 'DP1 TP0')} Prefill batch, #new-seq: 2, #new-token: 3011, #cached-token: 0, token usage: 0.01, #running-req: 0, #queue-req: 0, ",
        f"{ts(91, 'DP0 TP0')} Decode batch, #running-req: 4, #token: 6540, token usage: 0.01, cuda graph: True, gen throughput (token/s): 201.40, #queue-req: 0",
    ),
)

case(
    "healthy_v052_dp4_rejects_overlong_inputs_and_serves",
    "0.5.2",
    "sglang-0.5.2 tokenizer_manager.py:437-455 (`The input (...) is longer than the model's context length`), http_server.py:480/498 (`[http_server] Error: {e}`); uvicorn 400 access lines",
    "healthy",
    "--dp 4 behind a RAG app that sometimes sends 40k-token prompts: each is refused with an `[http_server] Error:` line and a 400, the four replicas keep serving the rest.",
    join(
        sargs(0, "Qwen/Qwen2.5-7B-Instruct", dtype="auto", mem_fraction_static=0.88, tp_size=1, dp_size=4),
        launch_dp(2, 0, 1, 2, 3),
        *[
            f"{ts(25, f'DP{i}')} max_total_num_tokens=1953792, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=32768, available_gpu_mem=8.21 GB"
            for i in range(4)
        ],
        uvicorn_ready(26, pid=6021),
        fired_up(28),
        f"{ts(300, 'DP2')} Prefill batch. #new-seq: 1, #new-token: 8192, #cached-token: 0, token usage: 0.00, #running-req: 3, #queue-req: 1, ",
        f"{ts(301)} [http_server] Error: The input (40213 tokens) is longer than the model's context length (32768 tokens).",
        f'{ts(301)} INFO:     10.0.7.41:60122 - "POST /generate HTTP/1.1" 400 Bad Request',
        f"{ts(302, 'DP3')} Decode batch. #running-req: 5, #token: 14021, token usage: 0.01, cuda graph: True, gen throughput (token/s): 402.13, #queue-req: 0, ",
        f"{ts(305)} [http_server] Error: Requested token count exceeds the model's maximum context length of 32768 tokens. You requested a total of 34816 tokens: 30720 tokens from the input messages and 4096 tokens for the completion. Please reduce the number of tokens in the input messages or the completion to fit within the limit.",
        f'{ts(305)} INFO:     10.0.7.41:60130 - "POST /generate HTTP/1.1" 400 Bad Request',
        f"{ts(306, 'DP0')} Decode batch. #running-req: 4, #token: 11236, token usage: 0.01, cuda graph: True, gen throughput (token/s): 388.90, #queue-req: 0, ",
        f'{ts(307)} INFO:     10.0.7.41:60134 - "POST /generate HTTP/1.1" 200 OK',
    ),
)


# ------------------------------------------------------------------------------------------------------ the tests
XFAIL: dict[str, str] = {}  # filled after the ONE first-sight run: case -> label the classifier gave


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_dpctl_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


EVENT_XFAIL: dict[str, str] = {}  # healthy cases that fire a failure event on the way: case -> event label


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_dpctl_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35

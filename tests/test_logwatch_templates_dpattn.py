"""Data parallelism in SGLang 0.4.6.post5 and 0.5.2 as it shows in the log (a helper, blind).

Scope: `--dp-size` with the data-parallel controller (`sglang::data_parallel_controller` starting one TP group per DP
rank in a thread, `Launch DP{n} starting at GPU #{k}.`, scheduler lines tagged `DP1 TP1`), `--enable-dp-attention`
(one TP group whose ranks are tagged `DP{attn_dp_rank} TP{tp_rank} [EP..]`, TCP ZMQ ports from `--port + 233`),
`--enable-dp-lm-head`, `--load-balance-method` (argparse choices, `LoadBalanceMethod.from_str` through the Engine API,
`shortest_queue` that 0.4.6 leaves `NotImplementedError` and 0.5.2 breaks with a `NameError` on the first request),
one DP rank dying while the others run (the scheduler SIGQUITs its parent, the DP controller, which dies of it: the
launcher then says `Rank 0 scheduler is dead.` / `Exit code: -3` and raises `EOFError`; after ready nothing follows),
DP on several nodes (`multi-node data parallel is not supported unless dp attention!`, node 1's store timeout, node
1's own log), a DP rank's memory (`The memory capacity is unbalanced`, one rank's KV pool / graph capture / DeepEP
buffer / weights), ports (the controller's ZMQ bind, `bind_port` of a rank's nccl port, torch's TCPStore, uvicorn).

Sources: the sglang wheels 0.4.6.post5 and 0.5.2 (`srt/managers/data_parallel_controller.py`, `srt/entrypoints/
engine.py` `_launch_subprocesses`, `srt/managers/scheduler.py` `run_scheduler_process`, `srt/server_args.py`
`__post_init__` / `check_server_args` / `PortArgs.init_new`, `srt/model_executor/model_runner.py`,
`srt/model_executor/cuda_graph_runner.py`, `srt/layers/moe/token_dispatcher/deepep.py`); torch's c10d messages
(TCPStore, ProcessGroupNCCL watchdog), pyzmq's `ZMQError ... (addr=...)`, uvicorn's bind error, DeepEP's
`EPException` (csrc/kernels/exception.cuh), Python 3.12 argparse; sglang PR #4618 for a DP rank's exception under DP
attention. Line numbers are the wheels' where given; torch / NCCL internals approximate.

Labelling policy (decided before the classifier ran): a DP rank's failure is labelled by its ROOT cause, not by the
controller's or launcher's aftermath (`Rank 0 scheduler is dead`, `EOFError`, `Exit code: -3`, the sigquit line,
later watchdog timeouts on the other ranks). A load-balancing method the release does not implement, or DP*TP more
GPUs than exist, is `config_error` (the remedy is another flag value). The memory-imbalance check (another process
holds memory on one of the GPUs) is `config_error` too: the remedy is another GPU set (`--base-gpu-id`,
CUDA_VISIBLE_DEVICES) or its env switch, not a memory fraction (unsure: see the case's why).

First sight: 30/30 (no misses; the four healthy contrasts end `healthy` and fire no failure event fed line by line).
Several config cases were decided by the generic `unnamed.exception` rule (an AssertionError / NameError /
NotImplementedError with no config-specific wording), so they pass on a fallback rather than a DP-aware rule.
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
PY310 = "/usr/local/lib/python3.10/dist-packages"  # lmsysorg/sglang:v0.4.6.post5
PY312 = "/usr/local/lib/python3.12/dist-packages"  # lmsysorg/sglang:v0.5.2
V046 = "0.4.6.post5"
V052 = "0.5.2"


def tb(site: str, *stack: tuple[str, int, str, str]) -> str:
    """Python's frames: a path under `{site}/sglang/srt/` unless absolute (`/`, `<`) or `+pkg/...` in site."""
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


def ready(second: int, port: int = 30000, pid: int = 4242) -> list[str]:
    return [
        f"{ts(second)} INFO:     Started server process [{pid}]",
        f"{ts(second)} INFO:     Waiting for application startup.",
        f"{ts(second)} INFO:     Application startup complete.",
        f"{ts(second)} INFO:     Uvicorn running on http://0.0.0.0:{port} (Press CTRL+C to quit)",
        f'{ts(second + 1)} INFO:     127.0.0.1:46704 - "GET /get_model_info HTTP/1.1" 200 OK',
        f"{ts(second + 1)} The server is fired up and ready to roll!",
    ]


def rank_start(
    tag: str,
    until: str = "done",
    *,
    avail: float = 78.5,
    weights: float = 15.3,
    arch: str = "Qwen2ForCausalLM",
    tokens: int = 1_012_000,
    mla: bool = False,
    t0: int = 5,
) -> list[str]:
    """One scheduler's milestones (0.4.6 / 0.5.2 text) as far as `until`: dist, load, pool, graph, done."""
    after_w = avail - weights
    kv = round(after_w * 0.75, 2)
    lines = [f"{ts(t0, tag)} Init torch distributed begin."]
    if until == "dist":
        return lines
    lines += [
        f"{ts(t0 + 2, tag)} Init torch distributed ends. mem usage=0.31 GB",
        f"{ts(t0 + 3, tag)} Load weight begin. avail mem={avail - 0.31:.2f} GB",
    ]
    if until == "load":
        return lines
    lines.append(
        f"{ts(t0 + 30, tag)} Load weight end. type={arch}, dtype=torch.bfloat16, avail mem={after_w:.2f} GB, mem usage={weights:.2f} GB."
    )
    if until == "pool":
        return lines
    kvline = f"KV size: {kv:.2f} GB" if mla else f"K size: {kv / 2:.2f} GB, V size: {kv / 2:.2f} GB"
    lines += [
        f"{ts(t0 + 31, tag)} KV Cache is allocated. #tokens: {tokens}, {kvline}",
        f"{ts(t0 + 31, tag)} Memory pool end. avail mem={after_w - kv:.2f} GB",
        f"{ts(t0 + 32, tag)} Capture cuda graph begin. This can take up to several minutes. avail mem={after_w - kv - 0.1:.2f} GB",
    ]
    if until == "graph":
        return lines
    lines += [
        f"{ts(t0 + 50, tag)} Capture cuda graph end. Time elapsed: 18.20 s. mem usage=1.12 GB. avail mem={after_w - kv - 1.22:.2f} GB.",
    ]
    if tag.split()[-1] in ("TP0", "DP0", "DP1", "DP2", "DP3") or tag.endswith(" TP0"):
        lines.append(
            f"{ts(t0 + 51, tag)} max_total_num_tokens={tokens}, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=32768, available_gpu_mem={after_w - kv - 1.22:.2f} GB"
        )
    return lines


def dp_launch(second: int, dp: int, tp: int) -> list[str]:
    """The controller's lines (plain DP, no attention): one per DP rank, its first GPU."""
    return [f"{ts(second)} Launch DP{r} starting at GPU #{r * tp}." for r in range(dp)]


def sched_exc(second: int, tag: str, site: str, stack: tuple, error: str) -> str:
    return f"{ts(second, tag)} Scheduler hit an exception: {TB}\n{tb(site, *stack)}\n{error}"


def dpc_exc(second: int, site: str, stack: tuple, error: str) -> str:
    return f"{ts(second)} DataParallelController hit an exception: {TB}\n{tb(site, *stack)}\n{error}"


# 0.5.2 call paths (wheel line numbers)
S052 = (("managers/scheduler.py", 2587, "run_scheduler_process", "scheduler = Scheduler("),)
MR052 = S052 + (
    ("managers/scheduler.py", 329, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 71, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 93, "__init__", "self.model_runner = ModelRunner("),
)
DIST052 = MR052 + (
    ("model_executor/model_runner.py", 240, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
)
INIT052 = MR052 + (("model_executor/model_runner.py", 250, "__init__", "self.initialize(min_per_gpu_memory)"),)
POOL052 = INIT052 + (
    ("model_executor/model_runner.py", 378, "initialize", "self.init_memory_pool("),
    ("model_executor/model_runner.py", 1317, "init_memory_pool", "raise RuntimeError("),
)
GRAPH052 = INIT052 + (
    ("model_executor/model_runner.py", 391, "initialize", "self.init_device_graphs()"),
    (
        "model_executor/model_runner.py",
        1760,
        "init_device_graphs",
        "self.graph_runner = graph_runners[self.device](self)",
    ),
    ("model_executor/cuda_graph_runner.py", 391, "__init__", "raise Exception("),
)
DPC052 = (
    (
        "managers/data_parallel_controller.py",
        367,
        "run_data_parallel_controller_process",
        "controller = DataParallelController(",
    ),
)
DPC_LOOP052 = (
    ("managers/data_parallel_controller.py", 378, "run_data_parallel_controller_process", "controller.event_loop()"),
)
LAUNCH052 = (
    ("<frozen runpy>", 198, "_run_module_as_main", ""),
    ("<frozen runpy>", 88, "_run_code", ""),
    ("+sglang/launch_server.py", 14, "<module>", "launch_server(server_args)"),
    (
        "entrypoints/http_server.py",
        1170,
        "launch_server",
        "tokenizer_manager, template_manager, scheduler_info = _launch_subprocesses(",
    ),
)
ARGS052 = (
    ("<frozen runpy>", 198, "_run_module_as_main", ""),
    ("<frozen runpy>", 88, "_run_code", ""),
    ("+sglang/launch_server.py", 11, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
    ("server_args.py", 2566, "prepare_server_args", "server_args = ServerArgs.from_cli_args(raw_args)"),
    ("server_args.py", 2230, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
    ("<string>", 276, "__init__", ""),
)
EOF_TAIL052 = (
    ("entrypoints/engine.py", 852, "_launch_subprocesses", "data = scheduler_pipe_readers[i].recv()"),
    ("/usr/lib/python3.12/multiprocessing/connection.py", 250, "recv", "buf = self._recv_bytes()"),
    ("/usr/lib/python3.12/multiprocessing/connection.py", 430, "_recv_bytes", "buf = self._recv(4)"),
    ("/usr/lib/python3.12/multiprocessing/connection.py", 399, "_recv", "raise EOFError"),
)


def rank_dead052(second: int, code: int = -3) -> list[str]:
    """0.5.2's launcher when the DP controller (killed by its scheduler's SIGQUIT) closes the pipe."""
    return [
        f"{ts(second)} Rank 0 scheduler is dead. Please check if there are relevant logs.",
        f"{ts(second)} Exit code: {code}",
        TB,
        tb(PY312, *LAUNCH052, *EOF_TAIL052),
        "EOFError",
    ]


# 0.4.6.post5 call paths
RUNPY310 = (
    ("/usr/lib/python3.10/runpy.py", 196, "_run_module_as_main", "return _run_code(code, main_globals, None,"),
    ("/usr/lib/python3.10/runpy.py", 86, "_run_code", "exec(code, run_globals)"),
)
S046 = (("managers/scheduler.py", 2291, "run_scheduler_process", "scheduler = Scheduler("),)
MR046 = S046 + (
    ("managers/scheduler.py", 264, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 64, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 78, "__init__", "self.model_runner = ModelRunner("),
)
DPC046 = (
    (
        "managers/data_parallel_controller.py",
        292,
        "run_data_parallel_controller_process",
        "controller = DataParallelController(",
    ),
)
ARGS046 = RUNPY310 + (
    (f"{PY310}/sglang/launch_server.py", 11, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
    ("server_args.py", 1434, "prepare_server_args", "server_args = ServerArgs.from_cli_args(raw_args)"),
    ("server_args.py", 1389, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
    ("<string>", 188, "__init__", ""),
)

QWEN = "Qwen/Qwen2.5-7B-Instruct"
DSV3 = "deepseek-ai/DeepSeek-V3-0324"
DP_ATTN_WARN = "DP attention is enabled. The chunked prefill size is adjusted to 1024 to avoid MoE kernel issues. "


def dsv3_rank(r: int, until: str = "done", **kw: object) -> list[str]:
    return rank_start(
        f"DP{r} TP{r}", until, arch="DeepseekV3ForCausalLM", avail=139.2, weights=83.6, tokens=418000, mla=True, **kw
    )  # type: ignore[arg-type]


def dsv3_head(second: int = 0, **kw: object) -> list[str]:
    return [
        f"{ts(second)} {DP_ATTN_WARN}",
        sargs(second + 1, DSV3, tp_size=8, dp_size=8, enable_dp_attention=True, trust_remote_code=True, **kw),
    ]


# ================================================================================================= config_error
case(
    "lb_method_invalid_choice",
    V052,
    "server_args.py:1395 (--load-balance-method choices); Python 3.12 argparse",
    "config_error",
    "argparse rejects a load-balance method the release lacks; exit 2 before any process starts",
    join(
        "usage: launch_server.py [-h] --model-path MODEL_PATH [--tokenizer-path TOKENIZER_PATH] [--host HOST] [--port PORT]",
        "                        [--dp-size DP_SIZE] [--load-balance-method {round_robin,shortest_queue,minimum_tokens}]",
        "                        ...",
        "launch_server.py: error: argument --load-balance-method: invalid choice: 'least_tokens' (choose from 'round_robin', 'shortest_queue', 'minimum_tokens')",
    ),
)
case(
    "dp_lm_head_without_dp_attention",
    V052,
    "server_args.py:646-649 (__post_init__)",
    "config_error",
    "--enable-dp-lm-head needs --enable-dp-attention: an argument check in the launcher",
    join(
        TB,
        tb(PY312, *ARGS052, ("server_args.py", 647, "__post_init__", "assert (")),
        "AssertionError: Please enable dp attention when setting enable_dp_lm_head. ",
    ),
)
case(
    "dp_attention_tp_not_divisible",
    V046,
    "server_args.py:333 (__post_init__: assert self.tp_size % self.dp_size == 0)",
    "config_error",
    "DP attention with --tp 8 --dp 3: a bare assert on tp % dp in the argument checks",
    join(
        TB,
        tb(PY310, *ARGS046, ("server_args.py", 333, "__post_init__", "assert self.tp_size % self.dp_size == 0")),
        "AssertionError",
    ),
)
case(
    "multinode_dp_without_dp_attention",
    V052,
    "server_args.py:2262 (check_server_args), engine.py:733",
    "config_error",
    "plain --dp-size across --nnodes 2 is refused: the remedy is --enable-dp-attention or one node",
    join(
        TB,
        tb(
            PY312,
            *LAUNCH052,
            ("entrypoints/engine.py", 733, "_launch_subprocesses", "server_args.check_server_args()"),
            ("server_args.py", 2262, "check_server_args", "assert not ("),
        ),
        "AssertionError: multi-node data parallel is not supported unless dp attention!",
    ),
)
case(
    "dist_init_addr_without_port",
    V052,
    "server_args.py:2629 (PortArgs.init_new, DP attention branch), engine.py:738",
    "config_error",
    "--dist-init-addr given without :port under DP attention: PortArgs cannot derive the ZMQ ports",
    join(
        TB,
        tb(
            PY312,
            *LAUNCH052,
            ("entrypoints/engine.py", 738, "_launch_subprocesses", "port_args = PortArgs.init_new(server_args)"),
            ("server_args.py", 2629, "init_new", "assert ("),
        ),
        "AssertionError: please provide --dist-init-addr as host:port of head node",
    ),
)
case(
    "engine_invalid_lb_method",
    V052,
    "data_parallel_controller.py:67 (LoadBalanceMethod.from_str), :87, :386",
    "config_error",
    "sgl.Engine(dp_size=2, load_balance_method='minimum_token') skips argparse; the controller refuses it",
    join(
        sargs(0, QWEN, dp_size=2, load_balance_method="minimum_token"),
        dpc_exc(
            2,
            PY312,
            DPC052
            + (
                (
                    "managers/data_parallel_controller.py",
                    87,
                    "__init__",
                    "self.load_balance_method = LoadBalanceMethod.from_str(",
                ),
                (
                    "managers/data_parallel_controller.py",
                    67,
                    "from_str",
                    'raise ValueError(f"Invalid load balance method: {method}") from exc',
                ),
            ),
            "ValueError: Invalid load balance method: MINIMUM_TOKEN",
        ),
        sigquit(2),
    ),
)
_SQ_HEAD = [sargs(0, QWEN, dp_size=2, load_balance_method="shortest_queue")] + dp_launch(1, 2, 1)
case(
    "shortest_queue_nameerror_first_request",
    V052,
    "data_parallel_controller.py:293-297 (shortest_queue_scheduler uses an unbound `req`), :344, :386",
    "config_error",
    "0.5.2's shortest_queue dispatcher is broken: the first request kills the controller; remedy round_robin (unsure: a release bug, but the fix is a flag)",
    join(
        _SQ_HEAD,
        rank_start("DP0", t0=3),
        rank_start("DP1", t0=3),
        ready(60),
        f'{ts(70)} INFO:     127.0.0.1:51234 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        dpc_exc(
            70,
            PY312,
            DPC_LOOP052
            + (
                ("managers/data_parallel_controller.py", 344, "event_loop", "self.dispatching(recv_req)"),
                (
                    "managers/data_parallel_controller.py",
                    295,
                    "shortest_queue_scheduler",
                    "if self.maybe_external_dp_rank_routing(req):",
                ),
            ),
            "NameError: name 'req' is not defined",
        ),
        sigquit(70),
    ),
)
case(
    "shortest_queue_not_implemented_046",
    V046,
    "data_parallel_controller.py:258-259 (shortest_queue_scheduler: raise NotImplementedError()), :310",
    "config_error",
    "0.4.6 never implemented shortest_queue: the first request kills the controller; remedy round_robin",
    join(
        sargs(0, QWEN, tp_size=2, dp_size=2, load_balance_method="shortest_queue"),
        dp_launch(1, 2, 2),
        rank_start("DP0 TP0", t0=3),
        rank_start("DP1 TP0", t0=3),
        ready(60),
        dpc_exc(
            72,
            PY310,
            (
                (
                    "managers/data_parallel_controller.py",
                    303,
                    "run_data_parallel_controller_process",
                    "controller.event_loop()",
                ),
                ("managers/data_parallel_controller.py", 279, "event_loop", "self.dispatching(recv_req)"),
                (
                    "managers/data_parallel_controller.py",
                    259,
                    "shortest_queue_scheduler",
                    "raise NotImplementedError()",
                ),
            ),
            "NotImplementedError",
        ),
        sigquit(72),
    ),
)
case(
    "pd_decode_dp_without_prefill_rr",
    V052,
    "server_args.py:821-826 (__post_init__, disaggregation decode with dp_size > 1)",
    "config_error",
    "a PD decode server with --dp-size 8 needs --prefill-round-robin-balance: argument check",
    join(
        TB,
        tb(PY312, *ARGS052, ("server_args.py", 822, "__post_init__", "assert self.prefill_round_robin_balance, (")),
        "AssertionError: Prefill round robin balance is required when dp size > 1. Please make sure that the prefill instance is launched with `--load-balance-method round_robin` and `--prefill-round-robin-balance` is set for decode server.",
    ),
)
case(
    "dp_times_tp_exceeds_gpus",
    V046,
    "data_parallel_controller.py:178 (Launch DP line, base_gpu_id += tp_size); scheduler.py run_scheduler_process; torch/cuda/__init__.py set_device",
    "config_error",
    "--dp 2 --tp 8 on an 8-GPU box: DP1 starts at GPU #8, `invalid device ordinal`; remedy fewer ranks (unsure: a CUDA error, labelled by remedy)",
    join(
        sargs(0, "meta-llama/Llama-3.1-70B-Instruct", tp_size=8, dp_size=2),
        dp_launch(1, 2, 8),
        rank_start("DP0 TP0", "dist", t0=4),
        sched_exc(
            4,
            "DP1 TP3",
            PY310,
            MR046
            + (
                (
                    "model_executor/model_runner.py",
                    186,
                    "__init__",
                    "min_per_gpu_memory = self.init_torch_distributed()",
                ),
                (
                    "model_executor/model_runner.py",
                    422,
                    "init_torch_distributed",
                    "torch.get_device_module(self.device).set_device(self.gpu_id)",
                ),
                ("+torch/cuda/__init__.py", 478, "set_device", "torch._C._cuda_setDevice(device)"),
            ),
            "RuntimeError: CUDA error: invalid device ordinal\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n",
        ),
        f"{ts(5)} Rank 0 scheduler is dead. Please check if there are relevant logs.",
        f"{ts(5)} Exit code: -3",
    ),
)
case(
    "standalone_spec_with_dp_attention",
    V052,
    "server_args.py:725-728 (__post_init__)",
    "config_error",
    "STANDALONE speculative decoding refuses DP attention: argument check",
    join(
        TB,
        tb(PY312, *ARGS052, ("server_args.py", 727, "__post_init__", "self.enable_dp_attention is False")),
        "AssertionError: Currently standalone speculative decoding does not support dp attention.",
    ),
)
case(
    "dp_attention_memory_unbalanced",
    V052,
    "model_executor/model_runner.py:676-689 (init_torch_distributed memory check)",
    "config_error",
    "another process holds ~20 GB on GPU 5: the check refuses; remedy other GPUs / the env switch, not a fraction (unsure: could be read as a memory label)",
    join(
        dsv3_head(),
        [line for r in range(8) for line in dsv3_rank(r, "dist", t0=4)],
        sched_exc(
            9,
            "DP5 TP5",
            PY312,
            DIST052 + (("model_executor/model_runner.py", 685, "init_torch_distributed", "raise ValueError("),),
            "ValueError: The memory capacity is unbalanced. Some GPUs may be occupied by other processes. min_per_gpu_memory=118.43408203125, local_gpu_memory=138.98095703125, local_gpu_memory * 0.9=125.082861328125",
        ),
        sigquit(9),
    ),
)

# ================================================================================================= port_in_use
case(
    "dp_attention_zmq_worker_port_in_use",
    V052,
    "data_parallel_controller.py:119-125 (workers' PUSH bind at scheduler_input_port), server_args.py:2640 (port_base + 4 + 1 + dp_rank), utils.py:1194",
    "port_in_use",
    "every DP rank loaded, then the controller cannot bind DP1's ZMQ port (30000+233+1+4+1+1): another server on the same --port",
    join(
        dsv3_head(),
        [line for r in range(8) for line in dsv3_rank(r, t0=4)],
        dpc_exc(
            62,
            PY312,
            DPC052
            + (
                ("managers/data_parallel_controller.py", 121, "__init__", "self.workers[dp_rank] = get_zmq_socket("),
                ("utils.py", 1194, "get_zmq_socket", "socket.bind(endpoint)"),
                ("+zmq/sugar/socket.py", 311, "bind", "super().bind(addr)"),
                ("_zmq.py", 917, "zmq.backend.cython._zmq.Socket.bind", ""),
                ("_zmq.py", 179, "zmq.backend.cython._zmq._check_rc", ""),
            ),
            "zmq.error.ZMQError: Address already in use (addr='tcp://127.0.0.1:30240')",
        ),
        sigquit(62),
    ),
)
case(
    "dp_nccl_port_bind_race",
    V046,
    "data_parallel_controller.py:124 (sockets.append(bind_port(tmp_port_args.nccl_port))), utils.py bind_port",
    "port_in_use",
    "the controller holds each DP rank's nccl port; a port taken between the check and the bind fails with EADDRINUSE",
    join(
        sargs(0, QWEN, dp_size=4),
        dpc_exc(
            2,
            PY310,
            DPC046
            + (
                (
                    "managers/data_parallel_controller.py",
                    100,
                    "__init__",
                    "dp_port_args = self.launch_dp_schedulers(server_args, port_args)",
                ),
                (
                    "managers/data_parallel_controller.py",
                    124,
                    "launch_dp_schedulers",
                    "sockets.append(bind_port(tmp_port_args.nccl_port))",
                ),
                ("utils.py", 1080, "bind_port", 'sock.bind(("", port))'),
            ),
            "OSError: [Errno 98] Address already in use",
        ),
        sigquit(2),
    ),
)
case(
    "http_port_in_use_after_dp_ranks_ready",
    V052,
    "uvicorn server.py startup (bind error); engine.py _launch_subprocesses",
    "port_in_use",
    "both DP ranks ready, then uvicorn cannot bind the HTTP port",
    join(
        sargs(0, QWEN, dp_size=2),
        dp_launch(1, 2, 1),
        rank_start("DP0", t0=3),
        rank_start("DP1", t0=3),
        f"{ts(60)} INFO:     Started server process [4242]",
        f"{ts(60)} INFO:     Waiting for application startup.",
        f"{ts(60)} INFO:     Application startup complete.",
        f"{ts(60)} ERROR:    [Errno 98] error while attempting to bind on address ('0.0.0.0', 30000): address already in use",
        f"{ts(60)} INFO:     Waiting for application shutdown.",
        f"{ts(60)} INFO:     Application shutdown complete.",
    ),
)
case(
    "dp_attention_tcpstore_port_in_use",
    V052,
    "model_runner.py init_torch_distributed (dist_init_method tcp://127.0.0.1:{nccl_port}); torch TCPStore",
    "port_in_use",
    "DP attention's one TP group: rank 0's TCPStore cannot listen on the nccl port",
    join(
        dsv3_head(),
        [line for r in range(8) for line in dsv3_rank(r, "dist", t0=4)],
        sched_exc(
            5,
            "DP0 TP0",
            PY312,
            DIST052
            + (
                ("model_executor/model_runner.py", 646, "init_torch_distributed", "init_distributed_environment("),
                (
                    "distributed/parallel_state.py",
                    1283,
                    "init_distributed_environment",
                    "torch.distributed.init_process_group(",
                ),
                ("+torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
                (
                    "+torch/distributed/distributed_c10d.py",
                    1710,
                    "init_process_group",
                    "store, rank, world_size = next(rendezvous_iterator)",
                ),
                ("+torch/distributed/rendezvous.py", 215, "_tcp_rendezvous_handler", "store = _create_c10d_store("),
                ("+torch/distributed/rendezvous.py", 191, "_create_c10d_store", "return TCPStore("),
            ),
            "torch.distributed.DistNetworkError: The server socket has failed to listen on any local network address. port: 30871, useIpv6: 0, code: -98, name: EADDRINUSE, message: address already in use",
        ),
        sigquit(5),
    ),
)

# ========================================================================================== nccl_or_distributed
case(
    "multinode_dp_attention_store_timeout",
    V052,
    "model_runner.py init_torch_distributed; torch TCPStore (DistStoreError)",
    "nccl_or_distributed",
    "node 0 of 2 (DP attention tp 16 dp 16): node 1 never joins the store",
    join(
        f"{ts(0)} DP attention is enabled. The chunked prefill size is adjusted to 512 to avoid MoE kernel issues. ",
        sargs(
            1,
            DSV3,
            tp_size=16,
            dp_size=16,
            enable_dp_attention=True,
            nnodes=2,
            node_rank=0,
            dist_init_addr="10.0.0.1:5000",
        ),
        [line for r in range(8) for line in dsv3_rank(r, "dist", t0=4)],
        sched_exc(
            59,
            "DP0 TP0",
            PY312,
            DIST052
            + (
                ("model_executor/model_runner.py", 646, "init_torch_distributed", "init_distributed_environment("),
                (
                    "distributed/parallel_state.py",
                    1283,
                    "init_distributed_environment",
                    "torch.distributed.init_process_group(",
                ),
                ("+torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
                ("+torch/distributed/c10d_logger.py", 95, "wrapper", "func_return = func(*args, **kwargs)"),
                (
                    "+torch/distributed/distributed_c10d.py",
                    1724,
                    "init_process_group",
                    "default_pg, _ = _new_process_group_helper(",
                ),
            ),
            "torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 8/16 clients joined.",
        ),
        sigquit(59),
    ),
)
case(
    "node1_dp_rank_nccl_error_then_eof",
    V052,
    "engine.py:806-809 (node_rank >= 1 waits on the controller's pipe); scheduler.py:2627-2630; NCCL ncclSystemError",
    "nccl_or_distributed",
    "node 1's log: DP13's pynccl init cannot reach node 0; its controller dies of SIGQUIT, the launcher's recv raises EOFError",
    join(
        f"{ts(0)} DP attention is enabled. The chunked prefill size is adjusted to 512 to avoid MoE kernel issues. ",
        sargs(
            1,
            DSV3,
            tp_size=16,
            dp_size=16,
            enable_dp_attention=True,
            nnodes=2,
            node_rank=1,
            dist_init_addr="10.0.0.1:5000",
        ),
        [line for r in range(8, 16) for line in dsv3_rank(r, "dist", t0=4)],
        sched_exc(
            8,
            "DP13 TP13",
            PY312,
            DIST052
            + (
                ("model_executor/model_runner.py", 654, "init_torch_distributed", "initialize_model_parallel("),
                (
                    "distributed/parallel_state.py",
                    1430,
                    "initialize_model_parallel",
                    "_TP = init_model_parallel_group(",
                ),
                ("distributed/parallel_state.py", 1176, "init_model_parallel_group", "return GroupCoordinator("),
                ("distributed/parallel_state.py", 275, "__init__", "self.pynccl_comm = PyNcclCommunicator("),
                (
                    "distributed/device_communicators/pynccl.py",
                    105,
                    "__init__",
                    "self.comm: ncclComm_t = self.nccl.ncclCommInitRank(",
                ),
                ("distributed/device_communicators/pynccl_wrapper.py", 392, "ncclCommInitRank", "self.NCCL_CHECK("),
                (
                    "distributed/device_communicators/pynccl_wrapper.py",
                    353,
                    "NCCL_CHECK",
                    'raise RuntimeError(f"NCCL error: {error_str}")',
                ),
            ),
            "RuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)",
        ),
        TB,
        tb(
            PY312,
            *LAUNCH052,
            ("entrypoints/engine.py", 806, "_launch_subprocesses", "data = reader.recv()"),
            *EOF_TAIL052[1:],
        ),
        "EOFError",
    ),
)
case(
    "dp_attention_watchdog_timeout_serving",
    V052,
    "torch ProcessGroupNCCL.cpp watchdog (c10d); sglang DP attention all-gather",
    "nccl_or_distributed",
    "serving under DP attention, one all-gather never completes: the NCCL watchdog tears the group down",
    join(
        dsv3_head(),
        [line for r in range(8) for line in dsv3_rank(r, t0=4)],
        ready(60),
        f"{ts(70, 'DP0 TP0')} Decode batch. #running-req: 32, #token: 41000, token usage: 0.10, cuda graph: True, gen throughput (token/s): 1210.44, #queue-req: 0, ",
        "[rank3]:[E302 10:11:12.418223771 ProcessGroupNCCL.cpp:632] [Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=48213, OpType=_ALLGATHER_BASE, NumelIn=229376, NumelOut=1835008, Timeout(ms)=600000) ran for 600049 milliseconds before timing out.",
        "[rank3]:[E302 10:11:12.418512290 ProcessGroupNCCL.cpp:2271] [PG ID 2 PG GUID 3 Rank 3]  failure detected by watchdog at work sequence id: 48213 PG status: last enqueued work: 48213, last completed work: 48212",
        "[rank3]:[E302 10:11:12.418530012 ProcessGroupNCCL.cpp:670] Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value.",
        "[rank3]:[E302 10:11:12.418601133 ProcessGroupNCCL.cpp:684] [Rank 3] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
        "[rank3]:[E302 10:11:12.418611207 ProcessGroupNCCL.cpp:698] [Rank 3] To avoid data inconsistency, we are taking the entire process down.",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        "  what():  [PG ID 2 PG GUID 3 Rank 3] Process group watchdog thread terminated with exception: [Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=48213, OpType=_ALLGATHER_BASE, NumelIn=229376, NumelOut=1835008, Timeout(ms)=600000) ran for 600049 milliseconds before timing out.",
        "Fatal Python error: Aborted",
    ),
)
case(
    "dp1_pynccl_init_error_launcher_eof",
    V052,
    "scheduler.py:2627-2630 (SIGQUIT to the DP controller), engine.py:852-859 (Rank 0 scheduler is dead / Exit code / raise)",
    "nccl_or_distributed",
    "plain DP 2 x TP 2: DP1's NCCL communicator fails; the controller dies of SIGQUIT, the launcher reports rank 0 (the controller) dead",
    join(
        sargs(0, QWEN, tp_size=2, dp_size=2),
        dp_launch(1, 2, 2),
        rank_start("DP0 TP0", "load", t0=3),
        rank_start("DP0 TP1", "load", t0=3),
        rank_start("DP1 TP0", "dist", t0=3),
        rank_start("DP1 TP1", "dist", t0=3),
        sched_exc(
            6,
            "DP1 TP0",
            PY312,
            DIST052
            + (
                ("model_executor/model_runner.py", 654, "init_torch_distributed", "initialize_model_parallel("),
                (
                    "distributed/parallel_state.py",
                    1430,
                    "initialize_model_parallel",
                    "_TP = init_model_parallel_group(",
                ),
                ("distributed/parallel_state.py", 1176, "init_model_parallel_group", "return GroupCoordinator("),
                ("distributed/parallel_state.py", 275, "__init__", "self.pynccl_comm = PyNcclCommunicator("),
                (
                    "distributed/device_communicators/pynccl.py",
                    105,
                    "__init__",
                    "self.comm: ncclComm_t = self.nccl.ncclCommInitRank(",
                ),
                (
                    "distributed/device_communicators/pynccl_wrapper.py",
                    353,
                    "NCCL_CHECK",
                    'raise RuntimeError(f"NCCL error: {error_str}")',
                ),
            ),
            "RuntimeError: NCCL error: unhandled cuda error (run with NCCL_DEBUG=INFO for details)",
        ),
        rank_dead052(7),
    ),
)

# ================================================================================================= memory labels
case(
    "dp1_kv_pool_not_enough_memory",
    V052,
    "model_runner.py:1316-1318 (init_memory_pool), scheduler.py:2627-2630, engine.py:852-859",
    "oom_kv_cache",
    "DP1's GPU has less free memory (another job): no KV pool left; the launcher's EOFError is aftermath",
    join(
        sargs(0, QWEN, dp_size=2, mem_fraction_static=0.6),
        dp_launch(1, 2, 1),
        rank_start("DP0", t0=3),
        rank_start("DP1", "pool", t0=3, avail=48.2, weights=15.3),
        sched_exc(
            34, "DP1", PY312, POOL052, "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static."
        ),
        rank_dead052(35),
    ),
)
case(
    "dp_attention_graph_capture_oom_dp3",
    V052,
    "cuda_graph_runner.py:385-392 + CUDA_GRAPH_CAPTURE_FAILED_MSG (861-868), model_runner.py init_device_graphs",
    "oom_cuda_graph",
    "one DP rank (more KV from its share) runs out of memory capturing graphs; the rest wait",
    join(
        dsv3_head(cuda_graph_max_bs=256),
        [line for r in range(8) for line in dsv3_rank(r, "graph", t0=4)],
        sched_exc(
            48,
            "DP3 TP3",
            PY312,
            GRAPH052,
            "Exception: Capture cuda graph failed: CUDA out of memory. Tried to allocate 1.75 GiB. GPU 3 has a total capacity of 139.81 GiB of which 1.02 GiB is free. Process 81234 has 138.78 GiB memory in use. Of the allocated memory 131.40 GiB is allocated by PyTorch, with 2.95 GiB allocated in private pools (e.g., CUDA Graphs), and 1.06 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)\n"
            "Possible solutions:\n1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n3. disable torch compile by not using --enable-torch-compile\n4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\nOpen an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose \n",
        ),
        sigquit(48),
    ),
)
case(
    "dp_attention_deepep_buffer_oom",
    V052,
    "layers/moe/token_dispatcher/deepep.py:189 (Buffer(...)), :476; DeepEP csrc/kernels/exception.cuh (EPException)",
    "oom_moe_workspace",
    "DP attention + DeepEP: the first dispatch (graph capture) allocates the NVL buffer and runs out of memory",
    join(
        dsv3_head(enable_deepep_moe=True, deepep_mode="auto"),
        [
            line
            for r in range(8)
            for line in rank_start(
                f"DP{r} TP{r} EP{r}",
                "graph",
                arch="DeepseekV3ForCausalLM",
                avail=139.2,
                weights=83.6,
                tokens=430000,
                mla=True,
                t0=4,
            )
        ],
        sched_exc(
            40,
            "DP0 TP0 EP0",
            PY312,
            INIT052
            + (
                ("model_executor/model_runner.py", 391, "initialize", "self.init_device_graphs()"),
                (
                    "model_executor/model_runner.py",
                    1760,
                    "init_device_graphs",
                    "self.graph_runner = graph_runners[self.device](self)",
                ),
                ("model_executor/cuda_graph_runner.py", 388, "__init__", "self.capture()"),
                ("model_executor/cuda_graph_runner.py", 500, "capture", ") = self.capture_one_batch_size(bs, forward)"),
                (
                    "models/deepseek_v2.py",
                    640,
                    "forward_deepep",
                    "hidden_states = self.experts.deepep_dispatcher.dispatch(",
                ),
                ("layers/moe/token_dispatcher/deepep.py", 462, "dispatch_a", "buffer = self._get_buffer()"),
                ("layers/moe/token_dispatcher/deepep.py", 476, "_get_buffer", "return DeepEPBuffer.get_deepep_buffer("),
                ("layers/moe/token_dispatcher/deepep.py", 189, "get_deepep_buffer", "cls._buffer = Buffer("),
                (
                    "+deep_ep/buffer.py",
                    88,
                    "__init__",
                    "self.runtime = deep_ep_cpp.Buffer(self.rank, self.group_size, num_nvl_bytes, num_rdma_bytes, low_latency_mode)",
                ),
            ),
            "RuntimeError: Failed: CUDA error /sgl-workspace/DeepEP/csrc/deep_ep.cpp:63 'out of memory'",
        ),
        sigquit(40),
    ),
)
case(
    "dp_instead_of_tp_weights_oom",
    V046,
    "model_runner.py load_model (0.4.6.post5); torch caching allocator",
    "oom_weights",
    "--dp 2 where --tp 2 was meant: each DP rank loads the whole 32B model on one 40 GB GPU",
    join(
        sargs(0, "Qwen/Qwen2.5-32B-Instruct", dp_size=2),
        dp_launch(1, 2, 1),
        rank_start("DP0", "load", t0=3, avail=39.1),
        rank_start("DP1", "load", t0=3, avail=39.1),
        sched_exc(
            28,
            "DP0",
            PY310,
            MR046
            + (
                ("model_executor/model_runner.py", 196, "__init__", "self.initialize(min_per_gpu_memory)"),
                ("model_executor/model_runner.py", 206, "initialize", "self.load_model()"),
                ("model_executor/model_runner.py", 552, "load_model", "self.model = get_model("),
                ("model_loader/__init__.py", 22, "get_model", "return loader.load_model("),
                ("model_loader/loader.py", 381, "load_model", "model = _initialize_model("),
                ("model_loader/loader.py", 152, "_initialize_model", "return model_class("),
                ("models/qwen2.py", 409, "__init__", "self.model = Qwen2Model("),
                ("+torch/utils/_device.py", 104, "__torch_function__", "return func(*args, **kwargs)"),
            ),
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 270.00 MiB. GPU 0 has a total capacity of 39.39 GiB of which 180.38 MiB is free. Process 3312 has 39.20 GiB memory in use. Of the allocated memory 38.71 GiB is allocated by PyTorch, and 12.25 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
        ),
        f"{ts(29)} Rank 0 scheduler is dead. Please check if there are relevant logs.",
        f"{ts(29)} Exit code: -3",
    ),
)
case(
    "dp2_runtime_oom_others_keep_decoding",
    V052,
    "scheduler.py:2627-2630 (SIGQUIT to the DP controller after ready: nothing follows); torch caching allocator",
    "oom_runtime",
    "after ready, DP2 runs out of memory on a long prefill while DP0/1/3 still log batches",
    join(
        sargs(0, QWEN, dp_size=4),
        dp_launch(1, 4, 1),
        [line for r in range(4) for line in rank_start(f"DP{r}", t0=3)],
        ready(60),
        f"{ts(80, 'DP0')} Prefill batch. #new-seq: 1, #new-token: 8192, #cached-token: 0, token usage: 0.31, #running-req: 40, #queue-req: 3, ",
        f"{ts(80, 'DP2')} Prefill batch. #new-seq: 1, #new-token: 8192, #cached-token: 0, token usage: 0.88, #running-req: 95, #queue-req: 11, ",
        f"{ts(81, 'DP1')} Decode batch. #running-req: 38, #token: 301000, token usage: 0.30, cuda graph: True, gen throughput (token/s): 1580.12, #queue-req: 2, ",
        sched_exc(
            81,
            "DP2",
            PY312,
            (
                ("managers/scheduler.py", 2605, "run_scheduler_process", "scheduler.event_loop_overlap()"),
                ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
                ("managers/scheduler.py", 796, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
                (
                    "managers/scheduler.py",
                    1852,
                    "run_batch",
                    "logits_output, next_token_ids, can_run_cuda_graph = self.tp_worker.forward_batch_generation(",
                ),
                ("managers/tp_worker_overlap_thread.py", 259, "forward_batch_generation", "self.output_queue.get()"),
            ),
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 4.64 GiB. GPU 2 has a total capacity of 79.11 GiB of which 3.21 GiB is free. Process 55210 has 75.89 GiB memory in use. Of the allocated memory 72.02 GiB is allocated by PyTorch, with 1.10 GiB allocated in private pools (e.g., CUDA Graphs), and 2.11 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
        ),
        f"{ts(82, 'DP3')} Decode batch. #running-req: 41, #token: 322000, token usage: 0.32, cuda graph: True, gen throughput (token/s): 1602.77, #queue-req: 1, ",
    ),
)
case(
    "dp_attention_oom_then_watchdog_cascade",
    V052,
    "sglang PR #4618 (a DP rank's exception under DP attention: the other ranks hang); torch ProcessGroupNCCL watchdog",
    "oom_runtime",
    "DP2 TP2 dies of OOM in a forward; the other seven ranks then time out in the all-gather: root cause is the OOM",
    join(
        dsv3_head(),
        [line for r in range(8) for line in dsv3_rank(r, t0=4)],
        ready(60),
        sched_exc(
            90,
            "DP2 TP2",
            PY312,
            (
                ("managers/scheduler.py", 2605, "run_scheduler_process", "scheduler.event_loop_overlap()"),
                ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
                ("managers/scheduler.py", 796, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
                (
                    "managers/scheduler.py",
                    1852,
                    "run_batch",
                    "logits_output, next_token_ids, can_run_cuda_graph = self.tp_worker.forward_batch_generation(",
                ),
                ("managers/tp_worker_overlap_thread.py", 259, "forward_batch_generation", "self.output_queue.get()"),
            ),
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 7.00 GiB. GPU 2 has a total capacity of 139.81 GiB of which 5.12 GiB is free. Process 61702 has 134.68 GiB memory in use. Of the allocated memory 128.93 GiB is allocated by PyTorch, with 3.20 GiB allocated in private pools (e.g., CUDA Graphs), and 1.44 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
        ),
        "[rank5]:[E302 10:11:31.902114523 ProcessGroupNCCL.cpp:632] [Rank 5] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=90411, OpType=_ALLGATHER_BASE, NumelIn=458752, NumelOut=3670016, Timeout(ms)=600000) ran for 600012 milliseconds before timing out.",
        "[rank5]:[E302 10:11:31.902290115 ProcessGroupNCCL.cpp:698] [Rank 5] To avoid data inconsistency, we are taking the entire process down.",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        "  what():  [PG ID 2 PG GUID 3 Rank 5] Process group watchdog thread terminated with exception: [Rank 5] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=90411, OpType=_ALLGATHER_BASE, NumelIn=458752, NumelOut=3670016, Timeout(ms)=600000) ran for 600012 milliseconds before timing out.",
    ),
)

# ====================================================================================================== healthy
case(
    "healthy_dp2_tp2_every_rank_milestones",
    V052,
    "data_parallel_controller.py:201 (Launch DP line); scheduler.py:2557-2565 (DP/TP prefix); model_runner.py / memory_pool.py milestones",
    "healthy",
    "plain DP 2 x TP 2: both groups load, allocate, capture, then ready and serve on both DP ranks",
    join(
        sargs(0, QWEN, tp_size=2, dp_size=2),
        dp_launch(1, 2, 2),
        [line for tag in ("DP0 TP0", "DP0 TP1", "DP1 TP0", "DP1 TP1") for line in rank_start(tag, t0=3, weights=7.8)],
        ready(60),
        f"{ts(70, 'DP0 TP0')} Prefill batch. #new-seq: 4, #new-token: 2048, #cached-token: 0, token usage: 0.01, #running-req: 0, #queue-req: 0, ",
        f"{ts(70, 'DP1 TP0')} Prefill batch. #new-seq: 4, #new-token: 2010, #cached-token: 0, token usage: 0.01, #running-req: 0, #queue-req: 0, ",
        f"{ts(72, 'DP0 TP0')} Decode batch. #running-req: 4, #token: 2304, token usage: 0.01, cuda graph: True, gen throughput (token/s): 402.11, #queue-req: 0, ",
    ),
)
case(
    "healthy_dp_attention_imbalance_warning",
    V052,
    "model_runner.py:678-683 (SGL_DISABLE_TP_MEMORY_INBALANCE_CHECK: warning instead of raise); server_args.py:643 (DP attention warning)",
    "healthy",
    "the imbalance check only warns under its env switch; all eight DP ranks come up and serve",
    join(
        dsv3_head(),
        [line for r in range(8) for line in dsv3_rank(r, "dist", t0=4)],
        f"{ts(6, 'DP5 TP5')} The memory capacity is unbalanced. Some GPUs may be occupied by other processes. min_per_gpu_memory=118.43408203125, local_gpu_memory=138.98095703125, local_gpu_memory * 0.9=125.082861328125",
        [line for r in range(8) for line in dsv3_rank(r, t0=4)[1:]],
        ready(60),
        f"{ts(64, 'DP0 TP0')} Prefill batch. #new-seq: 1, #new-token: 512, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
    ),
)
case(
    "healthy_node1_dummy_health_server",
    V052,
    "engine.py:803-820 (node_rank >= 1: wait for the controller, launch_dummy_health_check_server)",
    "healthy",
    "node 1 of a two-node DP attention deployment: its eight ranks load and capture; it serves only a health check, no fired-up line",
    join(
        f"{ts(0)} DP attention is enabled. The chunked prefill size is adjusted to 512 to avoid MoE kernel issues. ",
        sargs(
            1,
            DSV3,
            tp_size=16,
            dp_size=16,
            enable_dp_attention=True,
            nnodes=2,
            node_rank=1,
            dist_init_addr="10.0.0.1:5000",
        ),
        [line for r in range(8, 16) for line in dsv3_rank(r, t0=4)],
        f"{ts(60)} INFO:     Started server process [5151]",
        f"{ts(60)} INFO:     Waiting for application startup.",
        f"{ts(60)} INFO:     Application startup complete.",
        f"{ts(60)} INFO:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)",
        f'{ts(90)} INFO:     10.0.0.7:51922 - "GET /health HTTP/1.1" 200 OK',
    ),
)
case(
    "healthy_dp_attention_decode_retract_046",
    V046,
    "scheduler.py:1517-1521 (Decode out of memory happened. #retracted_reqs ...)",
    "healthy",
    "0.4.6's retract line says 'out of memory' but the scheduler re-queues requests and goes on decoding",
    join(
        f"{ts(0)} {DP_ATTN_WARN}",
        sargs(1, DSV3, tp_size=8, dp_size=8, enable_dp_attention=True),
        [line for r in range(8) for line in dsv3_rank(r, t0=4)],
        ready(60),
        f"{ts(200, 'DP4 TP4')} Decode batch. #running-req: 180, #token: 417800, token usage: 1.00, gen throughput (token/s): 820.45, #queue-req: 40, ",
        f"{ts(201, 'DP4 TP4')} Decode out of memory happened. #retracted_reqs: 12, #new_token_ratio: 0.4121 -> 0.6523",
        f"{ts(205, 'DP4 TP4')} Decode batch. #running-req: 168, #token: 371200, token usage: 0.89, gen throughput (token/s): 790.03, #queue-req: 52, ",
        f"{ts(206, 'DP1 TP1')} Decode batch. #running-req: 150, #token: 301000, token usage: 0.72, gen throughput (token/s): 760.88, #queue-req: 8, ",
    ),
)

# The classifier's misses at first sight (strict: a fix must remove the entry), with the label it gave.
XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_dpattn_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


# Healthy templates that fire a failure event on the way at first sight (what a live supervisor acts on), with the
# event's label.
EVENT_XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_dpattn_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35

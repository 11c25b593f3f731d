"""Prefill-decode disaggregation in SGLang 0.4.9.post2-0.5.3, as it shows in the log (a helper, blind).

Scope: `--disaggregation-mode prefill|decode`, the bootstrap server (`--disaggregation-bootstrap-port`, aiohttp, started by
the prefill side's tokenizer manager), `--disaggregation-transfer-backend mooncake|nixl|ascend|fake`,
`--disaggregation-ib-device`, the mini load balancer / router in front, KV transfer failures and timeouts, prefill and
decode at different TP, the decode side's pools (DecodeReqToTokenPool with its pre-allocation headroom), a prefill
server whose decode peer is gone.

Sources: the wheels of sglang 0.5.3 and 0.4.9.post2 (`srt/disaggregation/{prefill,decode,utils}.py`,
`mooncake/{conn,transfer_engine}.py`, `nixl/conn.py`, `ascend/transfer_engine.py`, `common/conn.py`, `mini_lb.py`,
`managers/disagg_service.py`, `server_args.py`, `model_executor/model_runner.py`), Mooncake's glog lines as reporters
pasted them (sglang#7118, #9266, #10560, #21395), gloo's / aiohttp's / zmq's / argparse's own messages. Format fields
are filled with plausible values; frame line numbers are 0.5.3's where read, approximate elsewhere.

Labelling policy (decided before the classifier ran): a KV-transfer fabric that cannot start or dies for good (Mooncake /
NIXL / Ascend transfer engine init or registration, the transfer thread dead, gloo's poll all-reduce losing a rank) is
`nccl_or_distributed` (the remedy is the interconnect, as for NCCL). A missing transfer library, a wrong backend name, a
TP pair that does not divide, flags on the wrong side, the relocated mini_lb are `config_error`. The bootstrap port, the
HTTP port, the LB's port and Mooncake's ZMQ rank port taken are `port_in_use`. A request aborted on one side (bootstrap
timeout, one session failing, a peer lost and reconnected, a prompt over the pool) while the server goes on serving is
`healthy`: no restart of this server would help.

First sight: 23/27 (4 misses, strict xfails below). Three healthy contrasts (a request aborted on one side: bootstrap
timeout with the decode peer gone, one Mooncake session failing, the decode side losing and reconnecting to a prefill)
end `nccl_or_distributed` and fire that failure event on the per-request abort line (or Mooncake's glog transport
line); the prefill whose transfer thread died for good (NIC inactive, `Transfer thread failed ... is dead.` in a
thread's traceback after ready) ends `healthy`. Healthy contrasts: 2/5 pass both checks.
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
SITE = "/usr/local/lib/python3.12/dist-packages"
SITE310 = "/usr/local/lib/python3.10/dist-packages"


def tb(*stack: tuple[str, int, str, str], site: str = SITE) -> str:
    out = []
    for path, line, func, code in stack:
        if path.startswith(("/", "<")):
            full = path
        elif path.startswith("="):  # a Cython frame, printed by its bare file name
            full = path[1:]
        elif path.startswith("+"):
            full = f"{site}/{path[1:]}"
        else:
            full = f"{site}/sglang/srt/{path}"
        out.append(f'  File "{full}", line {line}, in {func}' + (f"\n    {code}" if code else ""))
    return "\n".join(out)


def sargs(mode: str, *, tp: int = 8, port: int = 30000, backend: str = "mooncake", extra: str = "") -> str:
    return (
        f"{ts(0)} server_args=ServerArgs(model_path='deepseek-ai/DeepSeek-V3-0324', tokenizer_path='deepseek-ai/DeepSeek-V3-0324', "
        f"tokenizer_mode='auto', trust_remote_code=True, dtype='auto', mem_fraction_static=0.85, host='0.0.0.0', port={port}, "
        f"tp_size={tp}, dp_size=1, disaggregation_mode='{mode}', disaggregation_transfer_backend='{backend}', "
        f"disaggregation_bootstrap_port=8998, disaggregation_ib_device='mlx5_0,mlx5_1'{extra}, log_level='info', ...)"
    )


def warn_mode(mode: str) -> str:
    if mode == "prefill":
        return f"{ts(0)} Cuda graph is disabled for prefill server"
    return f"{ts(0)} KV cache is forced as chunk cache for decode server"


def boot(mode: str, *, tp: int = 8, upto: str = "ready", port: int = 30000, backend: str = "mooncake") -> list[str]:
    """A PD server's start-up as 0.5.3 prints it, as far as `dist`, `weights`, `pool`, `graphs` or `ready`."""
    out = [warn_mode(mode), sargs(mode, tp=tp, port=port, backend=backend)]
    out += [f"{ts(4, f'TP{r}')} Init torch distributed begin." for r in range(min(tp, 2))]
    if upto == "dist":
        return out
    out += [
        f"{ts(9, 'TP0')} Init torch distributed ends. mem usage=1.12 GB",
        f"{ts(10, 'TP0')} Load weight begin. avail mem=137.80 GB",
        "Loading safetensors checkpoint shards:  50% Completed | 82/163 [00:31<00:30,  2.65it/s]",
    ]
    if upto == "weights":
        return out
    out += [
        "Loading safetensors checkpoint shards: 100% Completed | 163/163 [01:02<00:00,  2.61it/s]",
        f"{ts(75, 'TP0')} Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=53.41 GB, mem usage=84.39 GB.",
    ]
    if upto == "pool":
        return out
    out += [
        f"{ts(76, 'TP0')} KV Cache is allocated. #tokens: 1204160, KV size: 39.24 GB",
        f"{ts(76, 'TP0')} Memory pool end. avail mem=12.71 GB",
    ]
    if mode == "decode":
        out += [
            f"{ts(77, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=12.10 GB",
            "Capturing batches (bs=256 avail_mem=11.93 GB):   3%|▎         | 1/35 [00:01<00:40,  1.19s/it]",
        ]
        if upto == "graphs":
            return out
        out += [
            f"{ts(110, 'TP0')} Capture cuda graph end. Time elapsed: 33.12 s. mem usage=1.71 GB. avail mem=10.39 GB."
        ]
    elif upto == "graphs":
        return out
    out += [
        f"{ts(111, 'TP0')} max_total_num_tokens=1204160, chunked_prefill_size=16384, max_prefill_tokens=16384, max_running_requests=4096, context_len=163840, available_gpu_mem=10.39 GB",
        f"{ts(112)} INFO:     Started server process [5123]",
        f"{ts(112)} INFO:     Waiting for application startup.",
        f"{ts(112)} INFO:     Application startup complete.",
        f"{ts(112)} INFO:     Uvicorn running on http://0.0.0.0:{port} (Press CTRL+C to quit)",
        f'{ts(113)} INFO:     127.0.0.1:52110 - "GET /get_model_info HTTP/1.1" 200 OK',
        f'{ts(114)} INFO:     127.0.0.1:52116 - "POST /generate HTTP/1.1" 200 OK',
        f"{ts(114)} The server is fired up and ready to roll!",
    ]
    return out


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


def sigquit(second: int = 130) -> str:
    return f"{ts(second)} Received sigquit from a child process. It usually means the child failed."


def sched_exc(second: int, stack: tuple, error: str, rank: str = "TP0") -> str:
    return f"{ts(second, rank)} Scheduler hit an exception: {TB}\n{tb(*stack)}\n{error}"


SCHED = (("managers/scheduler.py", 2761, "run_scheduler_process", "scheduler = Scheduler("),)
DISAGG_INIT_P = SCHED + (
    ("managers/scheduler.py", 613, "__init__", "self.init_disaggregation()"),
    (
        "managers/scheduler.py",
        902,
        "init_disaggregation",
        "self.disagg_prefill_bootstrap_queue = PrefillBootstrapQueue(",
    ),
    ("disaggregation/prefill.py", 110, "__init__", "self.kv_manager = self._init_kv_manager()"),
    ("disaggregation/prefill.py", 154, "_init_kv_manager", "kv_manager = kv_manager_class("),
)
DISAGG_INIT_D = SCHED + (
    ("managers/scheduler.py", 613, "__init__", "self.init_disaggregation()"),
    ("managers/scheduler.py", 874, "init_disaggregation", "self.disagg_decode_prealloc_queue = DecodePreallocQueue("),
    ("disaggregation/decode.py", 190, "__init__", "self.kv_manager = self._init_kv_manager()"),
    ("disaggregation/decode.py", 236, "_init_kv_manager", "kv_manager = kv_manager_class("),
)
MOONCAKE_MGR = (
    ("disaggregation/mooncake/conn.py", 166, "__init__", "self.init_engine()"),
    ("disaggregation/mooncake/conn.py", 236, "init_engine", "self.engine = MooncakeTransferEngine("),
)
INIT = SCHED + (
    ("managers/scheduler.py", 390, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker.py", 92, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 282, "__init__", "self.initialize(min_per_gpu_memory)"),
)
POOL = INIT + (("model_executor/model_runner.py", 390, "initialize", "self.init_memory_pool("),)
ARGS = RUNPY + (
    (f"{SITE}/sglang/launch_server.py", 14, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
    ("server_args.py", 3322, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
    ("server_args.py", 2992, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
    ("<string>", 268, "__init__", ""),
    ("server_args.py", 509, "__post_init__", "self._handle_disaggregation()"),
)


# ------------------------------------------------------------------------------------------------------ config
case(
    "mooncake_not_installed_prefill",
    "0.5.3",
    "disaggregation/mooncake/transfer_engine.py:15",
    "config_error",
    "the chosen transfer backend's library is not installed: fix the environment or the flag, not memory or ports",
    join(
        boot("prefill", upto="graphs"),
        sched_exc(
            100,
            DISAGG_INIT_P
            + MOONCAKE_MGR
            + (("disaggregation/mooncake/transfer_engine.py", 15, "__init__", "raise ImportError("),),
            "ImportError: Please install mooncake by following the instructions at https://github.com/kvcache-ai/Mooncake/blob/main/doc/en/build.md to run SGLang with MooncakeTransferEngine.",
        ),
        sigquit(),
    ),
)
case(
    "nixl_not_installed_decode",
    "0.5.3",
    "disaggregation/nixl/conn.py:130",
    "config_error",
    "--disaggregation-transfer-backend nixl without the nixl package: an install/flag problem",
    join(
        boot("decode", upto="pool", backend="nixl"),
        f"{ts(78, 'TP0')} KV Cache is allocated. #tokens: 1204160, KV size: 39.24 GB",
        f"{ts(111, 'TP0')} Capture cuda graph end. Time elapsed: 33.12 s. mem usage=1.71 GB. avail mem=10.39 GB.",
        sched_exc(
            115,
            DISAGG_INIT_D + (("disaggregation/nixl/conn.py", 130, "__init__", "raise ImportError("),),
            "ImportError: Please install NIXL by following the instructions at https://github.com/ai-dynamo/nixl/blob/main/README.md to run SGLang with NixlTransferEngine.",
        ),
        sigquit(116),
    ),
)
case(
    "transfer_backend_invalid_choice",
    "0.5.3",
    "server_args.py:2722 (choices=DISAGG_TRANSFER_BACKEND_CHOICES, server_args.py:114); argparse's error",
    "config_error",
    "a typo in --disaggregation-transfer-backend: argparse refuses it before anything starts",
    join(
        "usage: launch_server.py [-h] --model-path MODEL_PATH",
        "                        [--tokenizer-path TOKENIZER_PATH]",
        "                        [--disaggregation-mode {null,prefill,decode}]",
        "                        [--disaggregation-transfer-backend {mooncake,nixl,ascend,fake}]",
        "                        [--disaggregation-bootstrap-port DISAGGREGATION_BOOTSTRAP_PORT]",
        "                        ...",
        "launch_server.py: error: argument --disaggregation-transfer-backend: invalid choice: 'mooncake-rdma' (choose from 'mooncake', 'nixl', 'ascend', 'fake')",
    ),
)
case(
    "prefill_decode_tp_not_multiple",
    "0.5.3",
    "server_args.py:3049 validate_disagg_tp_size",
    "config_error",
    "prefill TP 4 and --disaggregation-decode-tp 6: one must divide the other; argument check",
    join(
        f"{TB}",
        tb(
            *ARGS,
            (
                "server_args.py",
                1208,
                "_handle_disaggregation",
                "self.validate_disagg_tp_size(self.tp_size, self.disaggregation_decode_tp)",
            ),
            ("server_args.py", 3052, "validate_disagg_tp_size", "assert larger_tp % smaller_tp == 0, ("),
        ),
        "AssertionError: Different tp size is supported only when one tp is multiple of the other. decode_tp=6, prefill_tp=4",
    ),
)
case(
    "decode_tp_flag_on_decode_side",
    "0.5.3",
    "server_args.py:1185 _handle_disaggregation",
    "config_error",
    "--disaggregation-decode-tp is a prefill-side flag; given to the decode server it is refused",
    join(
        f"{TB}",
        tb(
            *ARGS,
            ("server_args.py", 1185, "_handle_disaggregation", "assert ("),
        ),
        "AssertionError: Cannot set --disaggregation-decode-tp for the decode engine.",
    ),
)
case(
    "decode_dp_without_round_robin",
    "0.5.3",
    "server_args.py:1196 _handle_disaggregation",
    "config_error",
    "decode with dp>1 but no --prefill-round-robin-balance: a flag is missing",
    join(
        warn_mode("decode"),
        f"{TB}",
        tb(
            *ARGS,
            ("server_args.py", 1196, "_handle_disaggregation", "assert self.prefill_round_robin_balance, ("),
        ),
        "AssertionError: Prefill round robin balance is required when dp size > 1. Please make sure that the prefill instance is launched with `--load-balance-method round_robin` and `--prefill-round-robin-balance` is set for decode server.",
    ),
)
case(
    "offload_kvcache_on_prefill",
    "0.5.3",
    "server_args.py:1242 _handle_cache_compatibility",
    "config_error",
    "a decode-only option on the prefill server",
    join(
        warn_mode("prefill"),
        f"{TB}",
        tb(
            *ARGS[:-1],
            ("server_args.py", 521, "__post_init__", "self._handle_cache_compatibility()"),
            ("server_args.py", 1242, "_handle_cache_compatibility", "raise ValueError("),
        ),
        "ValueError: The argument disaggregation-decode-enable-offload-kvcache is only supported for decode side.",
    ),
)
case(
    "mini_lb_relocated",
    "0.5.3",
    "disaggregation/mini_lb.py:1",
    "config_error",
    "the old `python -m sglang.srt.disaggregation.mini_lb` entry point moved to sglang_router: a wrong command",
    join(
        f"{TB}",
        tb(
            ("<frozen runpy>", 189, "_run_module_as_main", ""),
            ("<frozen runpy>", 148, "_get_module_details", ""),
            ("<frozen runpy>", 112, "_get_module_details", ""),
            ("disaggregation/mini_lb.py", 1, "<module>", "raise RuntimeError("),
        ),
        "RuntimeError: The 'mini_lb' module has been relocated to the 'sglang_router' package.",
        "    We recommend installing 'sglang-router' with Rust support for optimal performance.",
        "    If you encounter issues building the router with Rust, set the environment variable",
        "    'SGLANG_ROUTER_BUILD_NO_RUST=1' and add '--mini-lb' to the command line to use the Python version of 'mini_lb'.",
    ),
)
case(
    "mooncake_batch_register_too_old",
    "0.5.3",
    "disaggregation/mooncake/transfer_engine.py:62",
    "config_error",
    "mooncake-transfer-engine older than SGLang needs (a Python-level version mismatch): upgrade the package",
    join(
        boot("prefill", upto="graphs"),
        sched_exc(
            100,
            DISAGG_INIT_P
            + (
                ("disaggregation/mooncake/conn.py", 170, "__init__", "self.register_buffer_to_engine()"),
                ("disaggregation/mooncake/conn.py", 262, "register_buffer_to_engine", "self.engine.batch_register("),
                ("disaggregation/mooncake/transfer_engine.py", 62, "batch_register", "raise RuntimeError("),
            ),
            "RuntimeError: Mooncake's batch register requires a newer version of mooncake-transfer-engine. Please upgrade Mooncake.",
        ),
        sigquit(),
    ),
)

# ------------------------------------------------------------------------------------------------------ distributed
case(
    "mooncake_engine_init_failed_ib_device",
    "0.5.3",
    "disaggregation/mooncake/transfer_engine.py:105-106; glog lines as in sglang#10560",
    "nccl_or_distributed",
    "the RDMA transfer engine cannot come up on the given HCA: an interconnect failure, remedy on the fabric/device (like NCCL init); arguable config_error when the device name is simply wrong",
    join(
        boot("prefill", upto="graphs"),
        "WARNING: Logging before InitGoogleLogging() is written to STDERR",
        "I0302 10:01:40.193396 3936072 transfer_engine.cpp:91] Transfer Engine parseHostNameWithPort. server_name: 10.10.11.1 port: 12001",
        "I0302 10:01:40.193420 3936072 transfer_engine.cpp:146] Transfer Engine RPC using P2P handshake, listening on 10.10.11.1:16590",
        "I0302 10:01:40.193531 3936072 transfer_engine.cpp:185] Auto-discovering topology...",
        f"{ts(100, 'TP0')} Mooncake Transfer Engine initialization failed.",
        sched_exc(
            100,
            DISAGG_INIT_P
            + MOONCAKE_MGR
            + (
                ("disaggregation/mooncake/transfer_engine.py", 26, "__init__", "self.initialize("),
                (
                    "disaggregation/mooncake/transfer_engine.py",
                    106,
                    "initialize",
                    'raise RuntimeError("Mooncake Transfer Engine initialization failed.")',
                ),
            ),
            "RuntimeError: Mooncake Transfer Engine initialization failed.",
        ),
        sigquit(),
    ),
)
case(
    "transfer_thread_dead_prefill",
    "0.5.3",
    "disaggregation/mooncake/conn.py:740; glog lines as in sglang#21395",
    "nccl_or_distributed",
    "the NIC went inactive and the prefill's transfer thread died: this prefill can no longer ship KV; an interconnect failure",
    join(
        boot("prefill"),
        f"{ts(200, 'TP0')} Prefill batch. #new-seq: 4, #new-token: 16384, #cached-token: 0, token usage: 0.02, #unbootstrapped-req: 0, #queue-req: 0, #transferring-req: 3, input throughput (token/s): 10321.55",
        "E0302 10:03:21.551047  8274 worker_pool.cpp:294] Worker: Process failed for slice (opcode: 1, source_addr: 0x7ef798060000, length: 65536, dest_addr: 0x7f3056060000, local_nic: mlx5_0, peer_nic: 10.10.11.3:15867@mlx5_0, dest_rkey: 2491916, retry_cnt: 0): transport retry counter exceeded",
        "W0302 10:03:21.554718  8274 worker_pool.cpp:308] Too many errors found in local RNIC 10.10.11.1:16077@mlx5_0, mark it inactive",
        "E0302 10:03:21.563210  8274 rdma_context.cpp:319] Context is not active: mlx5_0",
        "E0302 10:03:21.584282  8497 rdma_transport.cpp:389] Device 0 is not active",
        "Exception in thread Thread-7 (transfer_worker):",
        TB,
        tb(
            ("/usr/lib/python3.12/threading.py", 1075, "_bootstrap_inner", "self.run()"),
            ("/usr/lib/python3.12/threading.py", 1012, "run", "self._target(*self._args, **self._kwargs)"),
            ("disaggregation/mooncake/conn.py", 740, "transfer_worker", "raise RuntimeError("),
        ),
        "RuntimeError: Transfer thread failed because of list index out of range. Prefill instance with bootstrap_port=8998 is dead.",
    ),
)
case(
    "nixl_memory_registration_failed",
    "0.5.3",
    "disaggregation/nixl/conn.py:287",
    "nccl_or_distributed",
    "NIXL cannot register the KV pool with its transport (UCX): the transfer fabric does not come up",
    join(
        boot("decode", upto="graphs", backend="nixl"),
        f"{ts(110, 'TP0')} Capture cuda graph end. Time elapsed: 33.12 s. mem usage=1.71 GB. avail mem=10.39 GB.",
        sched_exc(
            115,
            DISAGG_INIT_D
            + (
                ("disaggregation/nixl/conn.py", 146, "__init__", "self.register_buffer_to_engine()"),
                (
                    "disaggregation/nixl/conn.py",
                    287,
                    "register_buffer_to_engine",
                    'raise Exception("NIXL memory registration failed for kv tensors")',
                ),
            ),
            "Exception: NIXL memory registration failed for kv tensors",
        ),
        sigquit(116),
    ),
)
case(
    "decode_poll_gloo_peer_closed",
    "0.5.3",
    "disaggregation/utils.py:51 poll_and_all_reduce; disaggregation/decode.py:320; gloo pair.cc",
    "nccl_or_distributed",
    "one decode TP rank died; the others' gloo all-reduce over the poll states loses its peer: a rank-death cascade",
    join(
        boot("decode"),
        f"{ts(200, 'TP0')} Decode batch. #running-req: 12, #token: 30412, token usage: 0.03, pre-allocated usage: 0.00, #retracted-req: 0, cuda graph: True, gen throughput (token/s): 1012.40, #queue-req: 0",
        sched_exc(
            230,
            SCHED
            + (
                (
                    "managers/scheduler.py",
                    2776,
                    "run_scheduler_process",
                    "scheduler.event_loop_overlap_disagg_decode()",
                ),
                ("disaggregation/decode.py", 757, "event_loop_overlap_disagg_decode", "self.process_decode_queue()"),
                (
                    "disaggregation/decode.py",
                    936,
                    "process_decode_queue",
                    "req_conns = self.disagg_decode_prealloc_queue.pop_preallocated()",
                ),
                ("disaggregation/decode.py", 356, "pop_preallocated", "self._update_handshake_waiters()"),
                ("disaggregation/decode.py", 320, "_update_handshake_waiters", "polls = poll_and_all_reduce("),
                (
                    "disaggregation/utils.py",
                    51,
                    "poll_and_all_reduce",
                    "dist.all_reduce(tensor_to_reduce, op=dist.ReduceOp.MIN, group=gloo_group)",
                ),
                ("+torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
                ("+torch/distributed/distributed_c10d.py", 2806, "all_reduce", "work.wait()"),
            ),
            "RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection closed by peer [10.10.11.3]:41233",
            rank="TP3",
        ),
        sigquit(231),
    ),
)
case(
    "ascend_transfer_engine_init_failed",
    "0.5.3",
    "disaggregation/ascend/transfer_engine.py:74-75",
    "nccl_or_distributed",
    "the Ascend (NPU) transfer engine does not initialise against its store: the KV fabric is down",
    join(
        boot("prefill", upto="graphs", backend="ascend"),
        f"{ts(100, 'TP0')} Ascend Transfer Engine initialization failed.",
        sched_exc(
            100,
            DISAGG_INIT_P
            + (
                ("disaggregation/ascend/conn.py", 40, "init_engine", "self.engine = AscendTransferEngine("),
                ("disaggregation/ascend/transfer_engine.py", 52, "__init__", "self.initialize()"),
                (
                    "disaggregation/ascend/transfer_engine.py",
                    75,
                    "initialize",
                    'raise RuntimeError("Ascend Transfer Engine initialization failed.")',
                ),
            ),
            "RuntimeError: Ascend Transfer Engine initialization failed.",
        ),
        sigquit(),
    ),
)

# ------------------------------------------------------------------------------------------------------ ports
case(
    "bootstrap_port_in_use",
    "0.5.3",
    "disaggregation/common/conn.py:590 (CommonKVBootstrapServer._run_server); aiohttp TCPSite's bind error",
    "port_in_use",
    "a second prefill on the same host with the default --disaggregation-bootstrap-port 8998: move the port",
    join(
        warn_mode("prefill"),
        sargs("prefill"),
        f"{ts(3)} Server error: [Errno 98] error while attempting to bind on address ('0.0.0.0', 8998): address already in use",
        f"{ts(4, 'TP0')} Init torch distributed begin.",
        f"{ts(4, 'TP1')} Init torch distributed begin.",
    ),
)
case(
    "decode_http_port_in_use",
    "0.5.3",
    "uvicorn's startup error after the decode server's start-up (entrypoints/http_server.py)",
    "port_in_use",
    "the decode server put on the prefill's HTTP port on the same host",
    join(
        boot("decode")[:-3],
        f"{ts(112)} ERROR:    [Errno 98] error while attempting to bind on address ('0.0.0.0', 30000): address already in use",
        f"{ts(112)} INFO:     Waiting for application shutdown.",
        f"{ts(112)} INFO:     Application shutdown complete.",
    ),
)
case(
    "mini_lb_port_in_use",
    "0.4.9.post2",
    "disaggregation/mini_lb.py (uvicorn.run in run()); launch_lb.py",
    "port_in_use",
    "the load balancer in front started on a port already held (the prefill's 8000)",
    join(
        "INFO:     Started server process [7781]",
        "INFO:     Waiting for application startup.",
        "INFO:     Application startup complete.",
        "ERROR:    [Errno 98] error while attempting to bind on address ('0.0.0.0', 8000): address already in use",
        "INFO:     Waiting for application shutdown.",
        "INFO:     Application shutdown complete.",
    ),
)
case(
    "mooncake_rank_port_zmq_in_use",
    "0.5.3",
    "disaggregation/common/conn.py:96 _bind_server_socket; disaggregation/mooncake/conn.py:745; pyzmq's error",
    "port_in_use",
    "the KV manager's ZMQ rank port is already bound (another server's rank socket): an internal port in use",
    join(
        boot("prefill", upto="graphs"),
        sched_exc(
            100,
            DISAGG_INIT_P
            + (
                ("disaggregation/mooncake/conn.py", 190, "__init__", "self.start_prefill_thread()"),
                ("disaggregation/mooncake/conn.py", 745, "start_prefill_thread", "self._bind_server_socket()"),
                (
                    "disaggregation/common/conn.py",
                    96,
                    "_bind_server_socket",
                    "self.server_socket.bind(format_tcp_address(self.local_ip, self.rank_port))",
                ),
                ("+zmq/sugar/socket.py", 311, "bind", "super().bind(addr)"),
                ("=_zmq.py", 917, "zmq.backend.cython._zmq.Socket.bind", ""),
                ("=_zmq.py", 179, "zmq.backend.cython._zmq._check_rc", ""),
            ),
            "zmq.error.ZMQError: Address already in use (addr='tcp://10.10.11.1:17263')",
        ),
        sigquit(),
    ),
)

# ------------------------------------------------------------------------------------------------------ memory
case(
    "decode_not_enough_memory_for_pool",
    "0.5.3",
    "model_executor/model_runner.py:1496",
    "oom_kv_cache",
    "the decode server's weights leave no room for its KV pool at this fraction",
    join(
        boot("decode", upto="pool", tp=4),
        sched_exc(
            80,
            POOL + (("model_executor/model_runner.py", 1496, "init_memory_pool", "raise RuntimeError("),),
            "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: self.server_args.mem_fraction_static=0.7",
        ),
        sigquit(81),
    ),
)
case(
    "decode_req_to_token_prealloc_oom",
    "0.5.3",
    "disaggregation/decode.py:96 (DecodeReqToTokenPool, size + pre_alloc_size rows); model_executor/model_runner.py:1514",
    "oom_kv_cache",
    "the decode side's request pool (with its pre-allocation headroom) is the first pool allocated after the weights and does not fit: the pools lack room after the weights",
    join(
        boot("decode", upto="pool", tp=4),
        sched_exc(
            80,
            POOL
            + (
                (
                    "model_executor/model_runner.py",
                    1514,
                    "init_memory_pool",
                    "self.req_to_token_pool = DecodeReqToTokenPool(",
                ),
                ("disaggregation/decode.py", 96, "__init__", "self.req_to_token = torch.zeros("),
            ),
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.50 GiB. GPU 0 has a total capacity of 139.72 GiB of which 1.12 GiB is free. Including non-PyTorch memory, this process has 138.59 GiB memory in use. Of the allocated memory 136.02 GiB is allocated by PyTorch, and 1.31 GiB is reserved by PyTorch but unallocated.",
        ),
        sigquit(81),
    ),
)
case(
    "decode_cuda_graph_oom",
    "0.5.3",
    "model_executor/cuda_graph_runner.py (capture); the decode side keeps CUDA graphs, the prefill side disables them",
    "oom_cuda_graph",
    "out of memory while the decode server captures its graphs",
    join(
        boot("decode", upto="graphs"),
        sched_exc(
            95,
            INIT
            + (
                ("model_executor/model_runner.py", 402, "initialize", "self.init_device_graphs()"),
                (
                    "model_executor/model_runner.py",
                    1920,
                    "init_device_graphs",
                    "self.graph_runner = graph_runners[self.device](self)",
                ),
                ("model_executor/cuda_graph_runner.py", 380, "__init__", "self.capture()"),
                ("model_executor/cuda_graph_runner.py", 499, "capture", ") = self.capture_one_batch_size(bs, forward)"),
            ),
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 896.00 MiB. GPU 0 has a total capacity of 139.72 GiB of which 402.19 MiB is free. Process 51234 has 139.31 GiB memory in use.",
        ),
        sigquit(96),
    ),
)
case(
    "prefill_runtime_oom",
    "0.5.3",
    "disaggregation/prefill.py:288 event_loop_normal_disagg_prefill; model_executor/model_runner.py forward",
    "oom_runtime",
    "the prefill server ran out of memory in a long prefill batch after it had served",
    join(
        boot("prefill"),
        f"{ts(200, 'TP0')} Prefill batch. #new-seq: 2, #new-token: 16384, #cached-token: 0, token usage: 0.31, #unbootstrapped-req: 0, #queue-req: 14, #transferring-req: 6, input throughput (token/s): 12001.31",
        sched_exc(
            201,
            SCHED
            + (
                (
                    "managers/scheduler.py",
                    2774,
                    "run_scheduler_process",
                    "scheduler.event_loop_normal_disagg_prefill()",
                ),
                (
                    "disaggregation/prefill.py",
                    310,
                    "event_loop_normal_disagg_prefill",
                    "result = self.run_batch(batch)",
                ),
                ("managers/scheduler.py", 1890, "run_batch", "logits_output, next_token_ids, can_run_cuda_graph = ("),
                (
                    "managers/tp_worker.py",
                    240,
                    "forward_batch_generation",
                    "logits_output, can_run_cuda_graph = self.model_runner.forward(",
                ),
                ("model_executor/model_runner.py", 1780, "forward", "output = self._forward_raw("),
            ),
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.50 GiB. GPU 0 has a total capacity of 139.72 GiB of which 2.71 GiB is free. Including non-PyTorch memory, this process has 137.00 GiB memory in use.",
        ),
        sigquit(202),
    ),
)

# ------------------------------------------------------------------------------------------------------ healthy
case(
    "healthy_prefill_bootstrap_timeout_peer_gone",
    "0.5.3",
    "disaggregation/mooncake/conn.py:1023 (warning_once), :1035; disaggregation/prefill.py:243",
    "healthy",
    "the decode peer is gone, so requests time out in bootstrapping and are aborted; the prefill server itself serves on",
    join(
        boot("prefill"),
        f"{ts(140)} Some requests timed out when bootstrapping, which means prefill instances fail to receive the KV indices from the decode instance of this request. If a greater mean TTFT is acceptable, you can 'export SGLANG_DISAGGREGATION_BOOTSTRAP_TIMEOUT=600' (10 minutes) to relax the timeout condition. ",
        f"{ts(140, 'TP0')} Prefill bootstrap failed for request rank=0 req.rid='5b1e0c2f9a7e4d3c8f61b2a4d9e0c7a1' req.bootstrap_room=4127355081294123011 with exception KVTransferError(bootstrap_room=4127355081294123011): Request 4127355081294123011 timed out after 300.0s in KVPoll.Bootstrapping",
        f'{ts(140)} INFO:     10.10.11.9:50122 - "POST /generate HTTP/1.1" 200 OK',
        f'{ts(150)} INFO:     10.10.11.9:50130 - "GET /health HTTP/1.1" 200 OK',
    ),
)
case(
    "healthy_one_session_failed_then_serves",
    "0.5.3",
    "disaggregation/mooncake/conn.py:687 (Session failed), prefill.py:541 (warning); tcp_transport line as in sglang#7118",
    "healthy",
    "one KV transfer fails, that request is aborted with 500; the next prefill batches go out",
    join(
        boot("prefill"),
        "E0302 10:02:26.176716 1192408 tcp_transport.cpp:136] Session::writeBody failed. Error: Bad address (value: 14), total_transferred_bytes_: 0, current transferred_bytes: 0",
        f"{ts(146)} Session 10.10.11.3:15659 failed.",
        f"{ts(146, 'TP0')} Prefill transfer failed for request rank=0 req.rid='e34851ad4e1b416884601047c6ce8004' req.bootstrap_room=8804230600348159981 with exception KVTransferError(bootstrap_room=8804230600348159981): Failed to send kv chunk of 8804230600348159981 to 10.10.11.3:15659",
        f'{ts(146)} INFO:     10.10.11.9:50122 - "POST /generate HTTP/1.1" 200 OK',
        f"{ts(160, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 2048, #cached-token: 0, token usage: 0.01, #unbootstrapped-req: 0, #queue-req: 0, #transferring-req: 0, input throughput (token/s): 3201.10",
        f'{ts(161)} INFO:     10.10.11.9:50140 - "POST /generate HTTP/1.1" 200 OK',
    ),
)
case(
    "healthy_decode_reconnects_to_prefill",
    "0.5.3",
    "disaggregation/mooncake/conn.py:855 (Attempting to reconnect), :970 (Losing connection), decode.py:605",
    "healthy",
    "the decode side's heartbeat loses a restarted prefill, aborts the affected requests, reconnects and keeps decoding",
    join(
        boot("decode"),
        f"{ts(170)} Attempting to reconnect to 10.10.11.1:8998...",
        f"{ts(175)} Attempting to reconnect to 10.10.11.1:8998...",
        f"{ts(180)} Losing connection with prefill instance (bootstrap_addr: 10.10.11.1:8998), 2 requests affected",
        f"{ts(180, 'TP0')} Decode transfer failed for request rank=0 decode_req.req.rid='3ce84ffb82764f45b028dd8e6c4beed1' decode_req.req.bootstrap_room=1655955501905217457 with exception KVTransferError(bootstrap_room=1655955501905217457): Losing connection with prefill instance (bootstrap_addr: 10.10.11.1:8998)",
        f'{ts(181)} INFO:     10.10.11.9:41698 - "POST /generate HTTP/1.1" 200 OK',
        f"{ts(240, 'TP0')} Decode batch. #running-req: 3, #token: 9120, token usage: 0.01, pre-allocated usage: 0.00, #retracted-req: 0, cuda graph: True, gen throughput (token/s): 402.77, #queue-req: 0",
    ),
)
case(
    "healthy_decode_prompt_over_pool_aborted",
    "0.5.3",
    "disaggregation/decode.py:265 _check_if_req_exceed_kv_capacity",
    "healthy",
    "one prompt longer than the decode pool is rejected with 400; the server is fine",
    join(
        boot("decode", tp=4),
        f"{ts(150, 'TP0')} Request 9f1c2d3e4b5a69788766554433221100 exceeds the maximum number of tokens: 1310720 > 1204160",
        f'{ts(150)} INFO:     10.10.11.9:50210 - "POST /generate HTTP/1.1" 400 Bad Request',
        f"{ts(160, 'TP0')} Decode batch. #running-req: 8, #token: 20480, token usage: 0.02, pre-allocated usage: 0.01, #retracted-req: 0, cuda graph: True, gen throughput (token/s): 811.04, #queue-req: 0",
    ),
)
case(
    "healthy_prefill_warnings_then_ready",
    "0.5.3",
    "server_args.py:1210; disaggregation/prefill.py:638; Mooncake's glog start-up lines as in sglang#10560",
    "healthy",
    "the prefill's start-up warnings (CUDA graphs off, Mooncake's glog chatter, an empty chunk skipped) and then serving",
    join(
        boot("prefill")[:2],
        "WARNING: Logging before InitGoogleLogging() is written to STDERR",
        "I0302 10:01:40.193531 3936072 transfer_engine.cpp:185] Auto-discovering topology...",
        "I0302 10:01:40.193977 3936072 transfer_engine.cpp:200] Topology discovery complete. Found 2 HCAs.",
        "I0302 10:01:40.197755 3936068 rdma_context.cpp:129] RDMA device: mlx5_0, LID: 17, GID: (GID_Index 0) fe:80:00:00:00:00:00:00:9c:63:c0:03:00:1a:42:6e",
        boot("prefill")[2:],
        f"{ts(130, 'TP0')} Skip sending kv chunk for request req.rid='a1b2c3d4e5f60718293a4b5c6d7e8f90' req.bootstrap_room=771203341 because page_indices is empty",
        f"{ts(131, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 64, #cached-token: 0, token usage: 0.00, #unbootstrapped-req: 0, #queue-req: 0, #transferring-req: 1, input throughput (token/s): 512.00",
    ),
)


# The classifier's misses at first sight (strict: a fix must remove the entry), with the label it gave.
XFAIL: dict[str, str] = {
    "healthy_decode_reconnects_to_prefill": "nccl_or_distributed",
    "healthy_one_session_failed_then_serves": "nccl_or_distributed",
    "healthy_prefill_bootstrap_timeout_peer_gone": "nccl_or_distributed",
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_pdisagg_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


# Healthy templates that fire a failure event on the way at first sight (what a live supervisor acts on), with the
# event's label: the same check as tests/test_logwatch_review.py, kept strict here.
EVENT_XFAIL: dict[str, str] = {
    "healthy_decode_reconnects_to_prefill": "nccl_or_distributed",
    "healthy_one_session_failed_then_serves": "nccl_or_distributed",
    "healthy_prefill_bootstrap_timeout_peer_gone": "nccl_or_distributed",
}


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_pdisagg_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35

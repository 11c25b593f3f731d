"""SGLang's own processes talking to each other, and the host limits they hit (a helper, blind).

Scope: the tokenizer manager (the launcher's main process), the detokenizer, the schedulers and the data-parallel
controller over ZMQ (ipc:// sockets under the temp dir; tcp:// ports at `--port + 233` and up with DP attention), and
the HTTP server's bind. Failures: a ZMQ `Address already in use` on an internal port (tokenizer manager in the launcher,
the detokenizer's bind, the DP controller's worker sockets after the model has loaded, a journald copy), 0.5.10's
`wait_port_available` giving up (and its `process is None` path that dies on an AttributeError), the engine-info
bootstrap port, the DP controller's `bind_port` race on a per-rank NCCL port, a TCPStore on a `--dist-init-addr` port
held by another instance, uvicorn's bind errors (port in use, also when 0.4.6's warmup thread then reaches the stale
server and prints "ready to roll"; an IP not on this host; `localhost` -> ::1 in a container without IPv6; port 80
without privileges; a host name that does not resolve), a read-only root filesystem with no usable temp dir for the ipc
names, a TMPDIR so long the ipc path exceeds sun_path, fd exhaustion in sglang-router (public thread), a pids cgroup
limit (fork in the DP controller, a thread in the overlap scheduler), NCCL's shm segment in a container without
--shm-size, the detokenizer dying after ready (public PR). Healthy contrasts that look alarming and go on: 0.5.2's
"Fail to set RLIMIT_NOFILE" warning, 0.5.10's "port ... is in use. Waiting ..." then free, client disconnects logged at
ERROR by the HTTP server, uvicorn's "Invalid HTTP request received." warnings, shm_broadcast's "Port ... is already in
use, trying port ..." with SGLANG_PORT set.

Sources: each message is copied from the named release's wheel (sglang 0.4.3.post2, 0.4.6.post5, 0.5.2, 0.5.10.post1;
file:line under sglang/ of that release, call paths read there), from the library that prints it (pyzmq 26.2.0
sugar/socket.py and backend/cython/_zmq.py, uvicorn 0.34.0 server.py, uvloop's create_server / errors.pyx, CPython's
tempfile / multiprocessing / threading / resource modules, torch's TCPStore, NCCL's shmutils), or from the public
thread cited (Ziems/arbor#48, sgl-project/sglang#29853), with format fields filled; library line numbers (CPython,
torch, requests) are approximate.

Labelling policy (decided before the classifier ran, by /work/shared/corpus/README.md and the remedy a supervisor
should apply): an address already in use on any port SGLang binds (HTTP, ZMQ tcp, NCCL/TCPStore, bootstrap) is
`port_in_use` whatever process raises it and whatever follows it (a warmup error, a misleading "ready to roll"). A
bind error that is not "in use" (address not on this host, IPv6 missing, privileged port, unresolvable host) is
`config_error`: the fix is `--host`/`--port`, not another port. A host limit no flag of SGLang's can fix (fd limit,
pids limit, no writable temp dir, a TMPDIR path too long for an ipc socket) is `config_error` (fatal for the
supervisor; the operator fixes the environment). NCCL failing on its shm segment is `nccl_or_distributed` (NCCL's own
words, guidance 3). The detokenizer dying on a tokenizer class that lacks an attribute SGLang calls is `config_error`
(the model's tokenizer is unsupported by this release; relaunching does not help).

First sight: 24/27 (3 misses, strict xfails below): the overlap scheduler's `RuntimeError: can't start new thread`
(pids limit) read as cuda_error_other; sglang-router's actix panic on `Os { code: 24, ... "Too many open files" }` read
as unknown; uvicorn's `ERROR:    [Errno -2] Name or service not known` after `Application startup complete.` read as
healthy. Healthy contrasts: 5/5 end `healthy` and none fires a failure event on the way (EVENT_XFAIL empty).
"""

# ruff: noqa: E501  (log lines are data)

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
P310 = "/usr/local/lib/python3.10/dist-packages"  # the 0.4.x images
P312 = "/usr/local/lib/python3.12/dist-packages"  # the 0.5.x images
L310 = "/usr/lib/python3.10"
L312 = "/usr/lib/python3.12"


def tb(site: str, *stack: tuple[str, int, str, str]) -> str:
    """Python's frames. A path is under `{site}/sglang/srt/` unless it starts with `/` or `<` (absolute), `+`
    (another package in the same site-packages: `+zmq/...`) or `@` (a Cython module: `@_zmq.py`)."""
    out = []
    for path, line, func, code in stack:
        if path.startswith(("/", "<")):
            full = path
        elif path.startswith("+"):
            full = f"{site}/{path[1:]}"
        elif path.startswith("@"):
            full = path[1:]
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
    """The launcher's `server_args=ServerArgs(...)` line, cut short the way pastes cut it."""
    fields = {"model_path": model, "tokenizer_path": model, "tokenizer_mode": "auto", **kw}
    body = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    return f"{ts(second)} server_args=ServerArgs({body}, log_level='info', ...)"


# pyzmq 26.2.0: Socket.bind in sugar/socket.py appends the address; the Cython frames print as `_zmq.py`
ZMQ_BIND = (
    ("+zmq/sugar/socket.py", 311, "bind", "super().bind(addr)"),
    ("@_zmq.py", 917, "zmq.backend.cython._zmq.Socket.bind", ""),
    ("@_zmq.py", 179, "zmq.backend.cython._zmq._check_rc", ""),
)
ZMQ_BIND_LONG_IPC = (
    ("+zmq/sugar/socket.py", 311, "bind", "super().bind(addr)"),
    ("@_zmq.py", 910, "zmq.backend.cython._zmq.Socket.bind", ""),
)


def boot(
    style: str, s: int, *, rank: str = "TP0", until: str = "sched", model_cls: str = "Qwen2ForCausalLM"
) -> list[str]:
    """A release's start-up lines on one rank, from `Init torch distributed begin.` to the phase named: `launch`,
    `load`, `graph`, `sched` (max_total_num_tokens), each release with its own wording."""
    r = ts(s, rank) if rank else ts(s)
    r2 = ts(s + 9, rank) if rank else ts(s + 9)
    r3 = ts(s + 10, rank) if rank else ts(s + 10)
    r4 = ts(s + 22, rank) if rank else ts(s + 22)
    if style == "043":
        lines = {
            "launch": [f"{r} Init torch distributed begin."],
            "load": [
                f"{r} Load weight begin. avail mem=78.12 GB",
                f"{r} Using model weights format ['*.safetensors']",
                "Loading safetensors checkpoint shards: 100% Completed | 4/4 [00:06<00:00,  1.52s/it]",
                f"{r2} Load weight end. type={model_cls}, dtype=torch.bfloat16, avail mem=63.02 GB",
            ],
            "graph": [
                f"{r3} KV Cache is allocated. K size: 27.12 GB, V size: 27.12 GB.",
                f"{r3} Memory pool end. avail mem=8.41 GB",
                f"{r3} Capture cuda graph begin. This can take up to several minutes.",
                "100%|██████████| 23/23 [00:07<00:00,  3.02it/s]",
                f"{r4} Capture cuda graph end. Time elapsed: 7.71 s",
            ],
            "sched": [
                f"{r4} max_total_num_tokens=444454, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=2049, context_len=131072"
            ],
        }
    elif style == "046":
        lines = {
            "launch": [f"{r} Init torch distributed begin.", f"{r} Init torch distributed ends. mem usage=0.13 GB"],
            "load": [
                f"{r} Load weight begin. avail mem=78.27 GB",
                "Loading safetensors checkpoint shards: 100% Completed | 8/8 [00:07<00:00,  1.09it/s]",
                f"{r2} Load weight end. type={model_cls}, dtype=torch.bfloat16, avail mem=63.80 GB, mem usage=14.47 GB.",
            ],
            "graph": [
                f"{r3} KV Cache is allocated. #tokens: 1123456, K size: 24.80 GB, V size: 24.80 GB",
                f"{r3} Memory pool end. avail mem=13.55 GB",
                f"{r3} Capture cuda graph begin. This can take up to several minutes. avail mem=13.01 GB",
                "Capturing batches (avail_mem=12.41 GB): 100%|██████████| 35/35 [00:09<00:00,  3.66it/s]",
                f"{r4} Capture cuda graph end. Time elapsed: 9.57 s. mem usage=0.62 GB. avail mem=12.39 GB.",
            ],
            "sched": [
                f"{r4} max_total_num_tokens=1123456, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=32768"
            ],
        }
    else:  # "052" and "0510" print the same shapes; 0.5.10 adds the elapsed times
        el = "elapsed=1.84 s, " if style == "0510" else ""
        el2 = "elapsed=8.61 s, " if style == "0510" else ""
        lines = {
            "launch": [f"{r} Init torch distributed begin.", f"{r} Init torch distributed ends. {el}mem usage=1.21 GB"],
            "load": [
                f"{r} Load weight begin. avail mem=137.38 GB",
                "Loading safetensors checkpoint shards: 100% Completed | 17/17 [00:08<00:00,  2.04it/s]",
                f"{r2} Load weight end. {el2}type={model_cls}, dtype=torch.bfloat16, avail mem=120.61 GB, mem usage=16.77 GB.",
            ],
            "graph": [
                f"{r3} KV Cache is allocated. #tokens: 2401512, K size: 53.42 GB, V size: 53.42 GB",
                f"{r3} Memory pool end. avail mem=12.03 GB",
                f"{r3} Capture cuda graph begin. This can take up to several minutes. avail mem=11.46 GB",
                "Capturing batches (bs=1 avail_mem=10.58 GB): 100%|██████████| 52/52 [00:11<00:00,  4.52it/s]",
                f"{r4} Capture cuda graph end. Time elapsed: 12.02 s. mem usage=0.88 GB. avail mem=10.58 GB.",
            ],
            "sched": [
                f"{r4} max_total_num_tokens=2401512, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_gpu_mem=10.58 GB"
            ],
        }
    order = ("launch", "load", "graph", "sched")
    out: list[str] = []
    for phase in order[: order.index(until) + 1]:
        out += lines[phase]
    return out


def uvicorn_up(second: int, port: int = 30000, pid: int = 4242, host: str = "0.0.0.0") -> list[str]:
    return [
        f"{ts(second)} INFO:     Started server process [{pid}]",
        f"{ts(second)} INFO:     Waiting for application startup.",
        f"{ts(second)} INFO:     Application startup complete.",
        f"{ts(second)} INFO:     Uvicorn running on http://{host}:{port} (Press CTRL+C to quit)",
    ]


def uvicorn_bind_fails(second: int, error: str, pid: int = 4242) -> list[str]:
    """uvicorn 0.34 server.py:170: `create_server` raised, so `logger.error(exc)`, lifespan shutdown, sys.exit(1)."""
    return [
        f"{ts(second)} INFO:     Started server process [{pid}]",
        f"{ts(second)} INFO:     Waiting for application startup.",
        f"{ts(second)} INFO:     Application startup complete.",
        f"{ts(second)} ERROR:    {error}",
        f"{ts(second)} INFO:     Waiting for application shutdown.",
        f"{ts(second)} INFO:     Application shutdown complete.",
    ]


def ready(second: int, access: str = '"GET /get_model_info HTTP/1.1" 200 OK') -> list[str]:
    return [
        f"{ts(second)} INFO:     127.0.0.1:46704 - {access}",
        f'{ts(second + 1)} INFO:     127.0.0.1:46710 - "POST /generate HTTP/1.1" 200 OK',
        f"{ts(second + 1)} The server is fired up and ready to roll!",
    ]


MODEL_INFO = '"GET /model_info HTTP/1.1" 200 OK'  # 0.5.10 warmup polls /model_info


def sigquit(second: int, typo: bool = False) -> str:
    word = "proces" if typo else "process"  # 0.4.3.post2 engine.py:344 spells it "proces"
    return f"{ts(second)} Received sigquit from a child {word}. It usually means the child failed."


# the launcher's own call paths (outermost first)
LAUNCH_043 = (("/usr/local/lib/python3.10/dist-packages/sglang/launch_server.py", 14, "<module>", "launch_server(server_args)"),
              ("entrypoints/http_server.py", 491, "launch_server", "tokenizer_manager, scheduler_info = _launch_subprocesses(server_args=server_args)"))  # fmt: skip
LAUNCH_052 = (
    (f"{P312}/sglang/launch_server.py", 14, "<module>", "launch_server(server_args)"),
    ("entrypoints/http_server.py", 1170, "launch_server", "tokenizer_manager, template_manager, scheduler_info = _launch_subprocesses("),
)  # fmt: skip
LAUNCH_0510 = (
    (f"{P312}/sglang/launch_server.py", 62, "<module>", "run_server(server_args)"),
    (f"{P312}/sglang/launch_server.py", 47, "run_server", "launch_server(server_args)"),
    ("entrypoints/http_server.py", 2165, "launch_server", ") = Engine._launch_subprocesses("),
)
RUNPY312 = (
    ("<frozen runpy>", 198, "_run_module_as_main", ""),
    ("<frozen runpy>", 88, "_run_code", ""),
)
RUNPY310 = (
    (f"{L310}/runpy.py", 196, "_run_module_as_main", "return _run_code(code, main_globals, None,"),
    (f"{L310}/runpy.py", 86, "_run_code", "exec(code, run_globals)"),
)
# the 0.5.2 DP controller launching its schedulers (DP attention: one TP group, then the per-rank sockets)
DPC_052 = (
    ("managers/data_parallel_controller.py", 367, "run_data_parallel_controller_process", "controller = DataParallelController("),
)  # fmt: skip
# multiprocessing's spawn (what SGLang sets with mp.set_start_method("spawn", force=True))
SPAWN_312 = (
    (f"{L312}/multiprocessing/process.py", 121, "start", "self._popen = self._Popen(self)"),
    (f"{L312}/multiprocessing/context.py", 289, "_Popen", "return Popen(process_obj)"),
    (f"{L312}/multiprocessing/popen_spawn_posix.py", 32, "__init__", "super().__init__(process_obj)"),
    (f"{L312}/multiprocessing/popen_fork.py", 19, "__init__", "self._launch(process_obj)"),
    (f"{L312}/multiprocessing/popen_spawn_posix.py", 62, "_launch", "self.pid = util.spawnv_passfds(spawn.get_executable(),"),
    (f"{L312}/multiprocessing/util.py", 456, "spawnv_passfds", "return _posixsubprocess.fork_exec("),
)  # fmt: skip

M8B = "meta-llama/Llama-3.1-8B-Instruct"
Q32 = "Qwen/Qwen2.5-32B-Instruct"
DSV3 = "deepseek-ai/DeepSeek-V3-0324"

# ------------------------------------------------------------------------------------------------------ port_in_use
case(
    "zmq_tokenizer_manager_bind_dp_attention_second_instance",
    "0.5.2",
    "sglang 0.5.2 server_args.py:2619-2646 (DP attention: tcp ports from --port+233, no availability check), "
    "tokenizer_manager.py:231 (bind=True), utils.py:1194; pyzmq 26.2.0 sugar/socket.py:311-314 (addr appended)",
    "port_in_use",
    "a second DP-attention instance on the node: its tokenizer manager binds port_base+4, which the first instance's "
    "DP controller holds; the launcher dies on ZMQ `Address already in use` before any model load",
    join(
        f"{ts(0)} server_args=ServerArgs(model_path='{DSV3}', tokenizer_path='{DSV3}', tokenizer_mode='auto', port=30000, tp_size=8, dp_size=8, enable_dp_attention=True, log_level='info', ...)",
        f"{ts(6, 'DP0 TP0')} Init torch distributed begin.",
        f"{ts(6, 'DP3 TP3')} Init torch distributed begin.",
        f"{TB}",
        tb(
            P312,
            *RUNPY312,
            *LAUNCH_052,
            (
                "entrypoints/engine.py",
                844,
                "_launch_subprocesses",
                "tokenizer_manager, template_manager = _init_tokenizer_manager(",
            ),
            (
                "entrypoints/engine.py",
                711,
                "_init_tokenizer_manager",
                "tokenizer_manager = TokenizerManager(server_args, port_args)",
            ),
            ("managers/tokenizer_manager.py", 231, "__init__", "self.send_to_scheduler = get_zmq_socket("),
            ("utils.py", 1194, "get_zmq_socket", "socket.bind(endpoint)"),
            *ZMQ_BIND,
        ),
        "zmq.error.ZMQError: Address already in use (addr='tcp://127.0.0.1:30238')",
    ),
)

case(
    "zmq_detokenizer_bind_dp_attention_043",
    "0.4.3.post2",
    "sglang 0.4.3.post2 server_args.py:1047-1049 (detokenizer at port_base+1), detokenizer_manager.py:67 / 240 / 244, "
    "utils.py:767, engine.py:344 ('Received sigquit from a child proces.')",
    "port_in_use",
    "the detokenizer child cannot bind its ZMQ tcp port (another service holds --port+235) and SIGQUITs the launcher",
    join(
        f"{ts(0)} server_args=ServerArgs(model_path='{DSV3}', tokenizer_path='{DSV3}', tokenizer_mode='auto', port=30000, tp_size=8, dp_size=8, enable_dp_attention=True, log_level='info', ...)",
        f"{ts(7, 'TP0')} Init torch distributed begin.",
        f"{ts(7, 'TP5')} Init torch distributed begin.",
        f"{ts(8)} DetokenizerManager hit an exception: {TB}",
        tb(
            P310,
            (
                "managers/detokenizer_manager.py",
                240,
                "run_detokenizer_process",
                "manager = DetokenizerManager(server_args, port_args)",
            ),
            ("managers/detokenizer_manager.py", 67, "__init__", "self.recv_from_scheduler = get_zmq_socket("),
            ("utils.py", 767, "get_zmq_socket", "socket.bind(endpoint)"),
            *ZMQ_BIND,
        ),
        "zmq.error.ZMQError: Address already in use (addr='tcp://127.0.0.1:30235')",
        "",
        sigquit(8, typo=True),
    ),
)

case(
    "zmq_dp_controller_worker_bind_after_model_load",
    "0.5.2",
    "sglang 0.5.2 data_parallel_controller.py:112 / 187 / 268-270 (waits for every scheduler ready) then :121 "
    "(binds the per-DP-rank scheduler_input ports), :386 'DataParallelController hit an exception'; engine.py:697",
    "port_in_use",
    "the whole model loaded and captured graphs; then the DP controller binds its per-rank ZMQ ports and one is taken",
    join(
        f"{ts(0)} server_args=ServerArgs(model_path='{DSV3}', tokenizer_path='{DSV3}', tokenizer_mode='auto', port=30010, tp_size=8, dp_size=8, enable_dp_attention=True, log_level='info', ...)",
        boot("052", 6, rank="DP0 TP0", until="sched", model_cls="DeepseekV3ForCausalLM"),
        f"{ts(29)} DataParallelController hit an exception: {TB}",
        tb(
            P312,
            *DPC_052,
            ("managers/data_parallel_controller.py", 121, "__init__", "self.workers[dp_rank] = get_zmq_socket("),
            ("utils.py", 1194, "get_zmq_socket", "socket.bind(endpoint)"),
            *ZMQ_BIND,
        ),
        "zmq.error.ZMQError: Address already in use (addr='tcp://127.0.0.1:30253')",
        "",
        sigquit(29),
    ),
)

_WAIT_MSG = (
    "dist_init_port is used by a process already. process.name()='sglang::scheduler_DP0_TP0'' "
    "process.cmdline()=['sglang::scheduler_DP0_TP0'] process.status()='sleeping' pid=51877"
)
_WAIT_TB = tb(
    P312,
    *LAUNCH_0510,
    ("entrypoints/engine.py", 647, "_launch_subprocesses", "port_args = PortArgs.init_new(server_args)"),
    ("server_args.py", 6618, "init_new", 'wait_port_available(dist_init_port, "dist_init_port")'),
    ("utils/network.py", 74, "wait_port_available", "raise ValueError("),
)
case(
    "wait_port_available_gives_up_dp_attention",
    "0.5.10.post1",
    "sglang 0.5.10.post1 utils/network.py:52-77 (wait_port_available), server_args.py:6616-6632 (logger.exception "
    "'Port is already in use. ...' then re-raise), engine.py:647 (before the server_args line)",
    "port_in_use",
    "an old instance's scheduler still holds --port+233: SGLang waits, logs the owner, gives up with ValueError",
    join(
        f"{ts(3)} port 30233 is in use. Waiting for 15 seconds for dist_init_port to be available. {_WAIT_MSG}",
        f"{ts(3)} port 30233 is in use. Waiting for 20 seconds for dist_init_port to be available. {_WAIT_MSG}",
        f"{ts(4)} port 30233 is in use. Waiting for 25 seconds for dist_init_port to be available. {_WAIT_MSG}",
        f"{ts(4)} Port is already in use. dist_init_port=30233 port_base=30234 detokenizer_port=30235 nccl_port=41877 scheduler_input_port=30238",
        TB,
        tb(
            P312,
            ("server_args.py", 6618, "init_new", 'wait_port_available(dist_init_port, "dist_init_port")'),
            ("utils/network.py", 74, "wait_port_available", "raise ValueError("),
        ),
        f"ValueError: dist_init_port at 30233 is not available in 30 seconds. {_WAIT_MSG}",
        TB,
        tb(P312, *RUNPY312),
        _WAIT_TB,
        f"ValueError: dist_init_port at 30233 is not available in 30 seconds. {_WAIT_MSG}",
    ),
)

case(
    "wait_port_available_owner_not_found_attributeerror",
    "0.5.10.post1",
    "sglang 0.5.10.post1 utils/network.py:59-66: when find_process_using_port returns None it warns, then reads "
    "`process.pid` anyway (AttributeError, not the ValueError the caller catches)",
    "port_in_use",
    "the DP-attention port is busy but psutil cannot name its owner; the deciding event is the warning that the port is "
    "in use, the AttributeError is SGLang's own follow-on bug",
    join(
        f"{ts(3)} The port 30233 is in use, but we could not find the process that uses it.",
        TB,
        tb(
            P312,
            *RUNPY312,
            *LAUNCH_0510,
            ("entrypoints/engine.py", 647, "_launch_subprocesses", "port_args = PortArgs.init_new(server_args)"),
            ("server_args.py", 6618, "init_new", 'wait_port_available(dist_init_port, "dist_init_port")'),
            ("utils/network.py", 66, "wait_port_available", "pid = process.pid"),
        ),
        "AttributeError: 'NoneType' object has no attribute 'pid'",
    ),
)

case(
    "engine_info_bootstrap_port_in_use",
    "0.5.10.post1",
    "sglang 0.5.10.post1 entrypoints/engine.py:650-662 (engine_info_bootstrap_port, default 6789, checked with "
    "is_port_available after the server_args line)",
    "port_in_use",
    "two instances on one node with transfer-engine weight seeding share the default bootstrap port 6789",
    join(
        sargs(1, Q32, tp_size=4, port=30100, remote_instance_weight_loader_start_seed_via_transfer_engine=True),
        TB,
        tb(
            P312,
            *RUNPY312,
            *LAUNCH_0510,
            ("entrypoints/engine.py", 658, "_launch_subprocesses", "raise RuntimeError("),
        ),
        "RuntimeError: engine_info_bootstrap_port 6789 is already in use. When running multiple instances on the same "
        "node, each instance must use a different --engine-info-bootstrap-port.",
    ),
)

case(
    "dp_controller_bind_port_nccl_race",
    "0.5.2",
    "sglang 0.5.2 data_parallel_controller.py:138-145 (PortArgs.init_new checks the NCCL port free, then bind_port "
    "holds it), utils.py:1278-1284 (bind_port), :386 'DataParallelController hit an exception'",
    "port_in_use",
    "plain DP (no attention): the per-rank NCCL port checked free a moment earlier is taken by a sibling launch",
    join(
        sargs(0, M8B, dp_size=2, port=30000),
        f"{ts(5)} DataParallelController hit an exception: {TB}",
        tb(
            P312,
            *DPC_052,
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
        sigquit(5),
    ),
)

case(
    "tcpstore_dist_init_addr_held_by_other_instance",
    "0.4.6.post5",
    "sglang 0.4.6.post5 model_runner.py:224 / 441-455 (tcp://{dist_init_addr}), scheduler.py:2297 / 277, "
    "tp_worker_overlap_thread.py:64, tp_worker.py:78, parallel_state.py:1073; torch 2.6 TCPStore (libuv) message",
    "port_in_use",
    "two TP4 instances on one node launched from one recipe with --dist-init-addr 127.0.0.1:5000; the second's TP0 "
    "cannot listen on the rendezvous port (an internal port already in use)",
    join(
        sargs(0, Q32, tp_size=4, dist_init_addr="127.0.0.1:5000", base_gpu_id=4, port=30001),
        f"{ts(6, 'TP0')} Init torch distributed begin.",
        f"{ts(6, 'TP2')} Init torch distributed begin.",
        f"{ts(6, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            P310,
            (
                "managers/scheduler.py",
                2297,
                "run_scheduler_process",
                "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
            ),
            ("managers/scheduler.py", 277, "__init__", "self.tp_worker = TpWorkerClass("),
            ("managers/tp_worker_overlap_thread.py", 64, "__init__", "self.worker = TpModelWorker("),
            ("managers/tp_worker.py", 78, "__init__", "self.model_runner = ModelRunner("),
            ("model_executor/model_runner.py", 224, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
            ("model_executor/model_runner.py", 449, "init_torch_distributed", "init_distributed_environment("),
            (
                "distributed/parallel_state.py",
                1073,
                "init_distributed_environment",
                "torch.distributed.init_process_group(",
            ),
            ("+torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
            ("+torch/distributed/c10d_logger.py", 95, "wrapper", "func_return = func(*args, **kwargs)"),
            (
                "+torch/distributed/distributed_c10d.py",
                1520,
                "init_process_group",
                "store, rank, world_size = next(rendezvous_iterator)",
            ),
            ("+torch/distributed/rendezvous.py", 269, "_tcp_rendezvous_handler", "store = _create_c10d_store("),
            ("+torch/distributed/rendezvous.py", 189, "_create_c10d_store", "return TCPStore("),
        ),
        "torch.distributed.DistNetworkError: The server socket has failed to listen on any local network address. "
        "port: 5000, useIpv6: false, code: -98, name: EADDRINUSE, message: address already in use",
        "",
        sigquit(7),
    ),
)

case(
    "uvicorn_http_port_in_use_after_full_load",
    "0.5.10.post1",
    "uvicorn 0.34.0 server.py:160-173 via uvloop create_server ('error while attempting to bind on address %r: %s'); "
    "sglang 0.5.10.post1 http_server.py:2082 (no pre-check of --port; bind only after the model is loaded)",
    "port_in_use",
    "a stale server still holds --port: the model loads and captures graphs, then uvicorn cannot bind",
    join(
        sargs(0, Q32, tp_size=4, port=30000),
        boot("0510", 4, until="sched"),
        uvicorn_bind_fails(
            30, "[Errno 98] error while attempting to bind on address ('0.0.0.0', 30000): address already in use"
        ),
    ),
)

case(
    "uvicorn_port_in_use_then_warmup_reaches_stale_server",
    "0.4.6.post5",
    "sglang 0.4.6.post5 http_server.py:121-131 (warmup thread started in the lifespan, before the bind), :786 "
    "(`finally: warmup_thread.join()`), :803-898 (polls url/get_model_info, posts /generate, 'ready to roll'); uvicorn",
    "port_in_use",
    "uvicorn cannot bind, but the warmup thread started at app startup reaches the OLD server on that port and prints "
    "'ready to roll' before the process exits: the deciding event is the bind error",
    join(
        sargs(0, Q32, tp_size=2, port=30000),
        boot("046", 5, until="sched"),
        uvicorn_bind_fails(
            28, "[Errno 98] error while attempting to bind on address ('0.0.0.0', 30000): address already in use"
        ),
        f"{ts(30)} The server is fired up and ready to roll!",
    ),
)

case(
    "journald_zmq_tokenizer_bind_in_use",
    "0.5.2",
    "as zmq_tokenizer_manager_bind_dp_attention_second_instance, under systemd (journalctl -u sglang): no SGLang prefix "
    "on traceback lines, journald's own prefix on every line",
    "port_in_use",
    "same event as the ZMQ bind failure in SGLang's own words, wrapped by journald",
    "\n".join(
        f"Mar 02 10:00:{i // 4:02d} gpu-node-7 python3[4242]: {line}"
        for i, line in enumerate(
            [
                f"{ts(0)} server_args=ServerArgs(model_path='{DSV3}', tokenizer_path='{DSV3}', port=30001, tp_size=8, dp_size=8, enable_dp_attention=True, ...)",
                TB,
                *tb(
                    P312,
                    *RUNPY312,
                    *LAUNCH_052,
                    (
                        "entrypoints/engine.py",
                        844,
                        "_launch_subprocesses",
                        "tokenizer_manager, template_manager = _init_tokenizer_manager(",
                    ),
                    (
                        "entrypoints/engine.py",
                        711,
                        "_init_tokenizer_manager",
                        "tokenizer_manager = TokenizerManager(server_args, port_args)",
                    ),
                    ("managers/tokenizer_manager.py", 222, "__init__", "self.recv_from_detokenizer = get_zmq_socket("),
                    ("utils.py", 1194, "get_zmq_socket", "socket.bind(endpoint)"),
                    *ZMQ_BIND,
                ).split("\n"),
                "zmq.error.ZMQError: Address already in use (addr='tcp://127.0.0.1:30235')",
            ]
        )
    )
    + "\nMar 02 10:00:05 gpu-node-7 systemd[1]: sglang.service: Main process exited, code=exited, status=1/FAILURE"
    + "\nMar 02 10:00:05 gpu-node-7 systemd[1]: sglang.service: Failed with result 'exit-code'.",
)

# ------------------------------------------------------------------------------------------------------ config_error
case(
    "readonly_rootfs_no_usable_tempdir_for_ipc",
    "0.5.10.post1",
    "sglang 0.5.10.post1 server_args.py:6586-6592 (ipc:// names from tempfile.NamedTemporaryFile), engine.py:647; "
    "CPython tempfile._get_default_tempdir ('No usable temporary directory found in %s')",
    "config_error",
    "Kubernetes readOnlyRootFilesystem with no emptyDir at /tmp: no directory can hold the ipc sockets; fix the pod spec",
    join(
        TB,
        tb(
            P312,
            *RUNPY312,
            *LAUNCH_0510,
            ("entrypoints/engine.py", 647, "_launch_subprocesses", "port_args = PortArgs.init_new(server_args)"),
            (
                "server_args.py",
                6588,
                "init_new",
                'tokenizer_ipc_name=f"ipc://{tempfile.NamedTemporaryFile(delete=False).name}",',
            ),
            (
                f"{L312}/tempfile.py",
                573,
                "NamedTemporaryFile",
                "prefix, suffix, dir, output_type = _sanitize_params(prefix, suffix, dir)",
            ),
            (f"{L312}/tempfile.py", 126, "_sanitize_params", "dir = gettempdir()"),
            (f"{L312}/tempfile.py", 315, "gettempdir", "return _os.fsdecode(_gettempdir())"),
            (f"{L312}/tempfile.py", 308, "_gettempdir", "tempdir = _get_default_tempdir()"),
            (f"{L312}/tempfile.py", 223, "_get_default_tempdir", "raise FileNotFoundError(_errno.ENOENT,"),
        ),
        "FileNotFoundError: [Errno 2] No usable temporary directory found in ['/tmp', '/var/tmp', '/usr/tmp', '/sgl-workspace']",
    ),
)

_LONG_TMP = "/lustre/fsw/portfolios/llmservice/users/jdoe/slurm_tmp/job_4412873/step_0/node_gpu-b200-117/sglang_runs"
case(
    "tmpdir_too_long_for_ipc_socket_path",
    "0.5.2",
    "sglang 0.5.2 server_args.py:2610-2617 (ipc://{NamedTemporaryFile}), tokenizer_manager.py:222, utils.py:1194; "
    "pyzmq 26.2.0 backend/cython/_zmq.py:902-910 ('ipc path ... is longer than 107 characters')",
    "config_error",
    "a Slurm job's TMPDIR is so deep that the ipc socket path exceeds sun_path; the fix is TMPDIR=/tmp, not a flag",
    join(
        sargs(0, M8B, port=30000),
        f"{ts(6, 'TP0')} Init torch distributed begin.",
        TB,
        tb(
            P312,
            *RUNPY312,
            *LAUNCH_052,
            (
                "entrypoints/engine.py",
                844,
                "_launch_subprocesses",
                "tokenizer_manager, template_manager = _init_tokenizer_manager(",
            ),
            (
                "entrypoints/engine.py",
                711,
                "_init_tokenizer_manager",
                "tokenizer_manager = TokenizerManager(server_args, port_args)",
            ),
            ("managers/tokenizer_manager.py", 222, "__init__", "self.recv_from_detokenizer = get_zmq_socket("),
            ("utils.py", 1194, "get_zmq_socket", "socket.bind(endpoint)"),
            *ZMQ_BIND_LONG_IPC,
        ),
        f'zmq.error.ZMQError: ipc path "{_LONG_TMP}/tmpq3v8x0ke" is longer than 107 characters '
        "(sizeof(sockaddr_un.sun_path)). zmq.IPC_PATH_MAX_LEN constant can be used to check addr length (if it is "
        f"defined). (addr='ipc://{_LONG_TMP}/tmpq3v8x0ke')",
    ),
)

case(
    "router_too_many_open_files_actix_panic",
    "0.4.6.post1 + sglang-router (arbor wrapper)",
    "https://github.com/Ziems/arbor/issues/48 (the reporter's lines: sglang_router's actix workers panic on "
    "'Too many open files'; the fix was raising ulimit)",
    "config_error",
    "sglang-router's HTTP workers cannot get fds (ulimit -n); the operator raises the limit, no SGLang flag helps",
    join(
        '[SGLang LOG] [Router (Rust)] 2025-05-05 12:43:53 - INFO - starting service: "actix-web-service-0.0.0.0:51531", workers: 256, listening on: 0.0.0.0:51531',
        "[SGLang LOG] thread 'actix-rt|system:0|arbiter:242' panicked at /root/.cargo/registry/src/index.crates.io-6f17d22bba15001f/actix-server-2.5.0/src/worker.rs:429:30:",
        '[SGLang LOG] called `Result::unwrap()` on an `Err` value: Os { code: 24, kind: Uncategorized, message: "Too many open files" }',
        "[SGLang LOG] note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace",
        "[SGLang LOG] thread 'actix-rt|system:0|arbiter:243' panicked at /root/.cargo/registry/src/index.crates.io-6f17d22bba15001f/actix-server-2.5.0/src/worker.rs:429:30:",
        '[SGLang LOG] called `Result::unwrap()` on an `Err` value: Os { code: 24, kind: Uncategorized, message: "Too many open files" }',
    ),
)

case(
    "pids_limit_dp_controller_cannot_fork_scheduler",
    "0.5.2",
    "sglang 0.5.2 data_parallel_controller.py:112 / 187 / 263 (proc.start() per TP rank), :386; CPython 3.12 "
    "multiprocessing spawn (fork_exec -> EAGAIN under a pids cgroup limit)",
    "config_error",
    "the container's pids limit stops the DP controller spawning its sixth scheduler; raise --pids-limit, no flag helps",
    join(
        f"{ts(0)} server_args=ServerArgs(model_path='{DSV3}', tokenizer_path='{DSV3}', tokenizer_mode='auto', port=30000, tp_size=8, dp_size=8, enable_dp_attention=True, log_level='info', ...)",
        f"{ts(6, 'DP0 TP0')} Init torch distributed begin.",
        f"{ts(6, 'DP2 TP2')} Init torch distributed begin.",
        f"{ts(7)} DataParallelController hit an exception: {TB}",
        tb(
            P312,
            *DPC_052,
            (
                "managers/data_parallel_controller.py",
                112,
                "__init__",
                "dp_port_args = self.launch_dp_attention_schedulers(server_args, port_args)",
            ),
            (
                "managers/data_parallel_controller.py",
                187,
                "launch_dp_attention_schedulers",
                "self.launch_tensor_parallel_group(server_args, port_args, 0, None)",
            ),
            ("managers/data_parallel_controller.py", 263, "launch_tensor_parallel_group", "proc.start()"),
            *SPAWN_312,
        ),
        "BlockingIOError: [Errno 11] Resource temporarily unavailable",
        "",
        sigquit(7),
    ),
)

case(
    "pids_limit_overlap_scheduler_cannot_start_thread",
    "0.4.6.post5",
    "sglang 0.4.6.post5 tp_worker_overlap_thread.py:64 (model loads first) / 82-85 (forward thread), scheduler.py:277 "
    "/ 2297; CPython 3.10 threading.py ('can't start new thread')",
    "config_error",
    "after weights, KV pool and graphs, the overlap scheduler cannot start its forward thread: the pids limit, not memory",
    join(
        sargs(0, Q32, tp_size=4, port=30000),
        boot("046", 5, rank="TP3", until="graph"),
        f"{ts(28, 'TP3')} Scheduler hit an exception: {TB}",
        tb(
            P310,
            (
                "managers/scheduler.py",
                2297,
                "run_scheduler_process",
                "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
            ),
            ("managers/scheduler.py", 277, "__init__", "self.tp_worker = TpWorkerClass("),
            ("managers/tp_worker_overlap_thread.py", 85, "__init__", "self.forward_thread.start()"),
            (f"{L310}/threading.py", 935, "start", "_start_new_thread(self._bootstrap, ())"),
        ),
        "RuntimeError: can't start new thread",
        "",
        sigquit(28),
    ),
)

_WARMUP_TB = tb(
    P312,
    ("entrypoints/http_server.py", 1267, "_execute_server_warmup", 'res = requests.get(url + "/get_model_info", timeout=5, headers=headers)'),
    ("+requests/api.py", 73, "get", 'return request("get", url, params=params, **kwargs)'),
    ("+requests/api.py", 59, "request", "return session.request(method=method, url=url, **kwargs)"),
    ("+requests/sessions.py", 589, "request", "resp = self.send(prep, **send_kwargs)"),
    ("+requests/sessions.py", 703, "send", "r = adapter.send(request, **kwargs)"),
    ("+requests/adapters.py", 688, "send", "raise ConnectTimeout(e, request=request)"),
)  # fmt: skip
case(
    "uvicorn_cannot_assign_host_ip_then_warmup_times_out",
    "0.5.2",
    "uvicorn 0.34.0 server.py:170 (uvloop: 'error while attempting to bind on address'); sglang 0.5.2 "
    "http_server.py:1250 (warmup_thread.join) / 1263-1279 ('Initialization failed. warmup error')",
    "config_error",
    "--host copied from the head node (an IP not on this machine): EADDRNOTAVAIL is a wrong --host, not a busy port; "
    "the warmup error two minutes later is its consequence",
    join(
        sargs(0, M8B, host="10.20.0.5", port=30000),
        boot("052", 4, until="sched", model_cls="LlamaForCausalLM"),
        uvicorn_bind_fails(
            27,
            "[Errno 99] error while attempting to bind on address ('10.20.0.5', 30000): cannot assign requested address",
        ),
        f"{ts(148)} Initialization failed. warmup error: {TB}",
        _WARMUP_TB,
        "requests.exceptions.ConnectTimeout: HTTPConnectionPool(host='10.20.0.5', port=30000): Max retries exceeded with "
        "url: /get_model_info (Caused by ConnectTimeoutError(<urllib3.connection.HTTPConnection object at 0x7f4c1e2b3d90>, "
        "'Connection to 10.20.0.5 timed out. (connect timeout=5)'))",
        "",
    ),
)

case(
    "uvicorn_localhost_resolves_ipv6_in_container",
    "0.4.6.post5",
    "uvicorn 0.34.0 server.py:170; uvloop create_server binds every getaddrinfo('localhost') result, ::1 included; "
    "sglang 0.4.6.post5 http_server.py:786 (join) / 803-817 (warmup gives up after 120 tries)",
    "config_error",
    "--host localhost in a container with IPv6 disabled: binding ::1 fails; fix --host 127.0.0.1, not the port",
    join(
        sargs(0, M8B, host="localhost", port=30000),
        boot("046", 4, until="sched", model_cls="LlamaForCausalLM"),
        uvicorn_bind_fails(
            26,
            "[Errno 99] error while attempting to bind on address ('::1', 30000, 0, 0): cannot assign requested address",
        ),
        f"{ts(147)} Initialization failed. warmup error: {TB}",
        tb(
            P310,
            (
                "entrypoints/http_server.py",
                806,
                "_wait_and_warmup",
                'res = requests.get(url + "/get_model_info", timeout=5, headers=headers)',
            ),
            ("+requests/adapters.py", 700, "send", "raise ConnectionError(e, request=request)"),
        ),
        "requests.exceptions.ConnectionError: HTTPConnectionPool(host='localhost', port=30000): Max retries exceeded with "
        "url: /get_model_info (Caused by NewConnectionError('<urllib3.connection.HTTPConnection object at 0x7f90a84c1f60>: "
        "Failed to establish a new connection: [Errno 111] Connection refused'))",
        "",
    ),
)

case(
    "uvicorn_privileged_port_permission_denied",
    "0.5.10.post1",
    "uvicorn 0.34.0 server.py:170; uvloop errors.pyx (EACCES) re-raised as OSError 'error while attempting to bind'",
    "config_error",
    "--port 80 as a non-root user: permission denied is a wrong --port choice for this user, not a port in use",
    join(
        sargs(0, M8B, port=80),
        boot("0510", 4, rank="", until="sched", model_cls="LlamaForCausalLM"),
        uvicorn_bind_fails(
            27, "[Errno 13] error while attempting to bind on address ('0.0.0.0', 80): permission denied"
        ),
    ),
)

case(
    "uvicorn_host_name_does_not_resolve",
    "0.5.10.post1",
    "uvicorn 0.34.0 server.py:170 (socket.gaierror is an OSError); uvloop errors.pyx convert_error (gai_strerror)",
    "config_error",
    "--host sglang-head is not resolvable inside this pod: a wrong --host; nothing is in use",
    join(
        sargs(0, M8B, host="sglang-head", port=30000),
        boot("0510", 4, rank="", until="sched", model_cls="LlamaForCausalLM"),
        uvicorn_bind_fails(27, "[Errno -2] Name or service not known"),
    ),
)

case(
    "detokenizer_dies_after_ready_tokenizer_lacks_attribute",
    "0.5.x source build (/sgl-workspace, May 2026)",
    "https://github.com/sgl-project/sglang/pull/29853 (the reporter's traceback, 'TiktokenTokenizer' object has no "
    "attribute 'all_special_ids'; its last frame, cut in the excerpt, completed from PR #30640: utils/patch_tokenizer.py decode_without_hf_kwargs, line approximate); running-phase SIGQUIT line from sglang 0.5.10.post1 tokenizer_manager.py:2561",
    "config_error",
    "Grok-2's tiktoken tokenizer lacks an attribute SGLang's detokenizer calls: the first reply kills the detokenizer "
    "after ready; this release does not support the model's tokenizer (relaunching repeats it)",
    join(
        sargs(0, "xai-org/grok-2", tp_size=8, port=30000, device="npu"),
        f"{ts(88)} The server is fired up and ready to roll!",
        f'{ts(95)} INFO:     10.1.3.22:51544 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f"{ts(96)} DetokenizerManager hit an exception: {TB}",
        '  File "/sgl-workspace/sglang/python/sglang/srt/managers/detokenizer_manager.py", line 440, in run_detokenizer_process',
        "    manager.event_loop()",
        '  File "/sgl-workspace/sglang/python/sglang/srt/managers/detokenizer_manager.py", line 150, in event_loop',
        "    output = self._request_dispatcher(recv_obj)",
        "             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
        '  File "/sgl-workspace/sglang/python/sglang/utils.py", line 649, in __call__',
        "    return fn(obj)",
        "           ^^^^^^^",
        '  File "/sgl-workspace/sglang/python/sglang/srt/managers/detokenizer_manager.py", line 358, in handle_batch_token_id_out',
        "    self._decode_batch_token_id_output(recv_obj)",
        '  File "/sgl-workspace/sglang/python/sglang/srt/managers/detokenizer_manager.py", line 261, in _decode_batch_token_id_output',
        "    surr_texts = self._grouped_batch_decode(",
        "                 ^^^^^^^^^^^^^^^^^^^^^^^^^^^",
        '  File "/sgl-workspace/sglang/python/sglang/srt/managers/detokenizer_manager.py", line 195, in _grouped_batch_decode',
        "    return [",
        "           ^",
        '  File "/sgl-workspace/sglang/python/sglang/srt/managers/detokenizer_manager.py", line 196, in <listcomp>',
        "    decode_without_hf_kwargs(self.tokenizer,",
        '  File "/sgl-workspace/sglang/python/sglang/srt/utils/patch_tokenizer.py", line 212, in decode_without_hf_kwargs',
        "    skip_ids = set(tokenizer.all_special_ids) if skip_special_tokens else set()",
        "                   ^^^^^^^^^^^^^^^^^^^^^^^^^",
        "AttributeError: 'TiktokenTokenizer' object has no attribute 'all_special_ids'",
        "",
        f"{ts(96)} SIGQUIT received. signum=None, frame=None. It usually means one child failed.",
    ),
)

# ------------------------------------------------------------------------------------------------------ nccl_or_distributed
case(
    "nccl_shm_segment_cannot_extend_in_container",
    "0.5.2",
    "sglang 0.5.2 pynccl.py:110 / pynccl_wrapper.py:371-374 ('NCCL error: ...'), parallel_state.py:299 / 1434, "
    "model_runner.py:240 / 654; NCCL misc/shmutils.cc 'failed to extend /dev/shm/... to N bytes' (docker's 64 MB /dev/shm)",
    "nccl_or_distributed",
    "NCCL's communicator init fails on its shm segment (no --shm-size): an NCCL init failure in NCCL's own words",
    join(
        sargs(0, Q32, tp_size=8, port=30000),
        f"{ts(6, 'TP0')} Init torch distributed begin.",
        f"{ts(6, 'TP4')} Init torch distributed begin.",
        "gpu-node-2:1187:1187 [0] NCCL INFO NCCL_SOCKET_IFNAME set by environment to eth0",
        "gpu-node-2:1187:1412 [0] misc/shmutils.cc:72 NCCL WARN Error: failed to extend /dev/shm/nccl-Yk3QpB to 9637892 bytes",
        "gpu-node-2:1187:1412 [0] NCCL INFO transport/shm.cc:114 -> 2",
        f"{ts(9, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            P312,
            ("managers/scheduler.py", 2587, "run_scheduler_process", "scheduler = Scheduler("),
            ("managers/scheduler.py", 329, "__init__", "self.tp_worker = TpWorkerClass("),
            ("managers/tp_worker_overlap_thread.py", 71, "__init__", "self.worker = TpModelWorker("),
            ("managers/tp_worker.py", 93, "__init__", "self.model_runner = ModelRunner("),
            ("model_executor/model_runner.py", 240, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
            ("model_executor/model_runner.py", 654, "init_torch_distributed", "initialize_model_parallel("),
            ("distributed/parallel_state.py", 1434, "initialize_model_parallel", "_TP = init_model_parallel_group("),
            ("distributed/parallel_state.py", 1222, "init_model_parallel_group", "return GroupCoordinator("),
            ("distributed/parallel_state.py", 299, "__init__", "self.pynccl_comm = PyNcclCommunicator("),
            (
                "distributed/device_communicators/pynccl.py",
                110,
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
        sigquit(9),
    ),
)

# ------------------------------------------------------------------------------------------------------ healthy
case(
    "healthy_fail_to_raise_nofile_limit_then_serves",
    "0.5.2",
    "sglang 0.5.2 utils.py:924-945 (set_ulimit: `Fail to set RLIMIT_NOFILE: {e}`), engine.py:671; CPython resource "
    "('current limit exceeds maximum limit' when the hard limit is lower)",
    "healthy",
    "the hard nofile limit (4096) blocks SGLang's raise to 65535; a warning, and the server comes up and serves",
    join(
        f"{ts(0)} Fail to set RLIMIT_NOFILE: current limit exceeds maximum limit",
        sargs(0, M8B, port=30000),
        boot("052", 4, until="sched", model_cls="LlamaForCausalLM"),
        uvicorn_up(27),
        ready(28),
        f"{ts(40, 'TP0')} Prefill batch. #new-seq: 4, #new-token: 2310, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f"{ts(41, 'TP0')} Decode batch. #running-req: 4, #token: 2498, token usage: 0.00, cuda graph: True, gen throughput (token/s): 341.22, #queue-req: 0, ",
    ),
)

_WAIT_OK = (
    "dist_init_port is used by a process already. process.name()='sglang::scheduler_DP0_TP0'' "
    "process.cmdline()=['sglang::scheduler_DP0_TP0'] process.status()='zombie' pid=51877"
)
case(
    "healthy_waits_for_internal_port_then_serves",
    "0.5.10.post1",
    "sglang 0.5.10.post1 utils/network.py:52-72 (wait_port_available logs at i=15, 20, 25 and returns as soon as the "
    "port is free)",
    "healthy",
    "a restart right after the old instance: the DP-attention port frees while SGLang waits; it goes on and serves",
    join(
        f"{ts(2)} port 30233 is in use. Waiting for 15 seconds for dist_init_port to be available. {_WAIT_OK}",
        f"{ts(3)} server_args=ServerArgs(model_path='{DSV3}', tokenizer_path='{DSV3}', tokenizer_mode='auto', port=30000, tp_size=8, dp_size=8, enable_dp_attention=True, log_level='info', ...)",
        boot("0510", 8, rank="DP0 TP0", until="sched", model_cls="DeepseekV3ForCausalLM"),
        uvicorn_up(44),
        ready(46, MODEL_INFO),
        f"{ts(60, 'DP0 TP0')} Decode batch. #running-req: 12, #token: 40112, token usage: 0.02, cuda graph: True, gen throughput (token/s): 612.40, #queue-req: 0, ",
    ),
)

case(
    "healthy_client_disconnects_logged_at_error",
    "0.5.10.post1",
    "sglang 0.5.10.post1 tokenizer_manager.py:1253-1262 ('Request is disconnected from the client side (type 3). "
    "Abort request {obj.rid=}') caught at http_server.py:689-690 ('[http_server] Error: {e}')",
    "healthy",
    "clients timing out mid-request: the HTTP server logs an ERROR per abort and keeps decoding for everyone else",
    join(
        sargs(0, Q32, tp_size=4, port=30000),
        boot("0510", 4, until="sched"),
        uvicorn_up(27),
        ready(28, MODEL_INFO),
        f"{ts(90, 'TP0')} Decode batch. #running-req: 64, #token: 301220, token usage: 0.13, cuda graph: True, gen throughput (token/s): 3010.55, #queue-req: 3, ",
        f"{ts(92)} [http_server] Error: Request is disconnected from the client side (type 3). Abort request obj.rid='5b0f8e1c2a7d4c3e9f61a2b4c8d0e7f1'",
        f"{ts(92)} [http_server] Error: Request is disconnected from the client side (type 3). Abort request obj.rid='a93c04d7e2b84f16b0c5d9e8f7a61234'",
        f'{ts(93)} INFO:     10.4.0.18:39122 - "POST /generate HTTP/1.1" 200 OK',
        f"{ts(95, 'TP0')} Decode batch. #running-req: 62, #token: 298004, token usage: 0.12, cuda graph: True, gen throughput (token/s): 2987.02, #queue-req: 0, ",
    ),
)

case(
    "healthy_invalid_http_requests_from_probes",
    "0.4.6.post5",
    "uvicorn 0.34.0 protocols/http (h11/httptools) 'Invalid HTTP request received.' at WARNING; sglang 0.4.6.post5 "
    "start-up and scheduler lines",
    "healthy",
    "a TLS health probe hitting the plain-HTTP port: uvicorn warns per connection, the server keeps serving",
    join(
        sargs(0, Q32, tp_size=2, port=30000),
        boot("046", 5, until="sched"),
        uvicorn_up(28),
        ready(29),
        f"{ts(60)} WARNING:  Invalid HTTP request received.",
        f"{ts(70)} WARNING:  Invalid HTTP request received.",
        f"{ts(71, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 512, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0",
        f"{ts(72, 'TP0')} Decode batch. #running-req: 1, #token: 545, token usage: 0.00, cuda graph: True, gen throughput (token/s): 88.13, #queue-req: 0",
    ),
)

case(
    "healthy_shm_broadcast_port_retry_with_sglang_port",
    "0.5.10.post1",
    "sglang 0.5.10.post1 utils/network.py:17-29 (get_open_port with SGLANG_PORT: 'Port %d is already in use, trying "
    "port %d'), used by distributed/device_communicators/shm_broadcast.py:209 for the TP group's message queue",
    "healthy",
    "SGLANG_PORT is set and the first ports are taken: SGLang walks to the next free one and the server comes up",
    join(
        sargs(0, Q32, tp_size=4, port=30000),
        f"{ts(4, 'TP0')} Init torch distributed begin.",
        f"{ts(5, 'TP0')} Port 40000 is already in use, trying port 40001",
        f"{ts(5, 'TP0')} Port 40001 is already in use, trying port 40002",
        boot("0510", 6, until="sched")[1:],
        uvicorn_up(30),
        ready(31, MODEL_INFO),
    ),
)


# The classifier's misses at first sight (strict: a fix must remove the entry), with the label it gave.
XFAIL: dict[str, str] = {
    # fixed since first sight (tests/test_logwatch_families.py): the pids limit (a host limit is configuration)
    # and uvicorn's bare OSError at bind (configuration)
    "router_too_many_open_files_actix_panic": "unknown",
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_an_ipc_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


# Healthy templates that fire a failure event on the way (what a live supervisor acts on), with the event's label: the
# same check as tests/test_logwatch_review.py, kept strict here.
EVENT_XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_ipc_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35

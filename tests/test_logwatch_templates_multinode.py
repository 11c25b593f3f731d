"""Multi-node SGLang launches as each node sees them (a helper, blind): `--nnodes/--node-rank/--dist-init-addr` under
Kubernetes LeaderWorkerSet (leader and worker pods, the worker pod's log alone), Slurm (`srun`, one task a node) and
plain ssh. The worker node (node_rank >= 1) never prints a ready line: its scheduler ranks (TP8..TP15) start, then the
launcher only logs `Starting dummy health check server at host:port` (0.5.3 utils/common.py:2201; 0.4.6 the same
function, silent). Failures: a worker that cannot reach the leader's TCPStore, a wrong NCCL_SOCKET_IFNAME / GLOO
interface, IB transport errors, argument checks that only fire with nnodes > 1, mismatched parallel sizes, a node with
fewer GPUs, the leader dying (the worker's gloo broadcast_pyobj loses its peer) and the leader's view of a dead worker.

Sources: sglang 0.5.3 and 0.4.6.post5 wheels (entrypoints/engine.py `_launch_subprocesses` 754-850, server_args.py
`check_server_args` 2902-2918 and `PortArgs.init_new` 3233-3243, model_runner.py `init_torch_distributed` 625-720,
scheduler.py `run_scheduler_process` 2798-2890 and watchdog 2335-2380, utils/common.py `broadcast_pyobj` 1130-1174,
pynccl_wrapper.py:374, custom_all_reduce.py:97-101); torch.distributed's socket / store messages and NCCL's own
INFO/WARN lines in their public formats; sglang#3226 (Gloo connectFullMesh), sglang#3685 (gloo Connection closed by
peer in broadcast_pyobj), sglang#4978 (multi-node NCCL INFO + spans-across-nodes warning).

Labelling policy: what a careful engineer concludes from THIS node's log alone. A rendezvous / NCCL / gloo failure
or the loss of a peer node is `nccl_or_distributed` even where the root cause is on the other node (this node's remedy
is not a memory or argument change). An argument check that refuses to start is `config_error`; where a CUDA or
socket error is the direct result of arguments that cannot fit this node (GPU ids beyond the node's GPU count, a
dist-init-addr this host cannot bind as rank 0), the remedy is the arguments, so `config_error`. A worker node that
finishes its start (max_total_num_tokens, dummy health server) is `healthy`.

First sight: 21/23 (2 misses, strict xfails below; healthy contrasts 4/5 end `healthy`, none fired a failure event
on the way): `healthy_slurm_worker_retries_until_leader_listens` got nccl_or_distributed (torch's `[c10d] The client
socket has failed to connect ... Connection refused` retry warnings, though the worker connected and finished its
start); `slurm_both_nodes_rank0_cannot_bind_leader_addr` got nccl_or_distributed (a TCPStore bind `errno: 99 - Cannot
assign requested address` with node_rank=0: arguments, arguable).
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
PY312 = "/usr/local/lib/python3.12/dist-packages"
PY310 = "/usr/local/lib/python3.10/dist-packages"


def tb(site: str, *stack: tuple[str, int, str, str]) -> str:
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


def sargs(
    node_rank: int,
    *,
    tp: int = 16,
    nnodes: int = 2,
    addr: str = "10.0.0.1:20000",
    model: str = "deepseek-ai/DeepSeek-V3",
    **kw: object,
) -> str:
    fields = {
        "model_path": model,
        "tokenizer_path": model,
        "trust_remote_code": True,
        "mem_fraction_static": 0.85,
        "tp_size": tp,
        "pp_size": 1,
        **kw,
        "port": 30000,
        "dist_init_addr": addr,
        "nnodes": nnodes,
        "node_rank": node_rank,
    }
    body = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    return f"{ts(0)} server_args=ServerArgs({body}, log_level='info', ...)"


def ranks(node_rank: int, tp: int = 16, nnodes: int = 2) -> list[int]:
    per = tp // nnodes
    return [per * node_rank, per * node_rank + per - 1]  # the first and last rank of the node, enough for the log


def dist_begin(node_rank: int, second: int = 8, **kw: int) -> list[str]:
    return [f"{ts(second, f'TP{r}')} Init torch distributed begin." for r in ranks(node_rank, **kw)]


def nccl_info(host: str, ip: str, ib: bool = True) -> list[str]:
    pre = f"{host}:512:512 [0] NCCL INFO"
    net = (
        f"{pre} NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB [2]mlx5_2:1/IB [3]mlx5_3:1/IB [RO]; OOB eth0:{ip}<0>"
        if ib
        else f"{pre} NET/Socket : Using [0]eth0:{ip}<0>"
    )
    return [
        f"{pre} NCCL_SOCKET_IFNAME set by environment to eth0",
        f"{pre} Bootstrap : Using eth0:{ip}<0>",
        f"{pre} NET/Plugin: No plugin found (libnccl-net.so)",
        f"{pre} NCCL_IB_HCA set to mlx5_0,mlx5_1,mlx5_2,mlx5_3" if ib else f"{pre} NET/IB : No device found.",
        net,
        f"{pre} Using network {'IB' if ib else 'Socket'}",
        f"{pre} ncclCommInitRank comm 0x55f5be32f460 rank 8 nranks 16 cudaDev 0 nvmlDev 0 busId 18000 commId 0x4e2671c9674e940d - Init COMPLETE",
    ]


def worker_start(node_rank: int = 1, *, tp: int = 16, nnodes: int = 2, until: str = "done") -> list[str]:
    """A worker node's own start (0.5.3): its ranks' lines, no HTTP server, no ready line."""
    first, last = ranks(node_rank, tp, nnodes)
    out = [
        f"{ts(20, f'TP{first}')} Custom allreduce is disabled because this process group spans across nodes.",
        f"{ts(20, f'TP{last}')} Custom allreduce is disabled because this process group spans across nodes.",
        f"{ts(21, f'TP{first}')} Init torch distributed ends. mem usage=1.21 GB",
        f"{ts(21, f'TP{first}')} Load weight begin. avail mem=77.62 GB",
    ]
    if until == "load":
        return out
    out += [
        f"{ts(95, f'TP{first}')} Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=36.10 GB, mem usage=41.52 GB.",
        f"{ts(96, f'TP{first}')} KV Cache is allocated. #tokens: 402113, KV size: 26.32 GB",
        f"{ts(96, f'TP{first}')} Memory pool end. avail mem=8.95 GB",
        f"{ts(97, f'TP{first}')} Capture cuda graph begin. This can take up to several minutes. avail mem=8.41 GB",
        f"{ts(140, f'TP{first}')} Capture cuda graph end. Time elapsed: 43.10 s. mem usage=1.02 GB. avail mem=7.39 GB.",
        f"{ts(141, f'TP{first}')} max_total_num_tokens=402113, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=163840, available_gpu_mem=7.39 GB",
    ]
    if until == "graphs":
        return out
    return out + [f"{ts(142)} Starting dummy health check server at 0.0.0.0:30000"]


def leader_ready(second: int = 150) -> list[str]:
    return [
        f"{ts(141, 'TP0')} max_total_num_tokens=402113, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=163840, available_gpu_mem=7.39 GB",
        f"{ts(second)} INFO:     Started server process [4242]",
        f"{ts(second)} INFO:     Waiting for application startup.",
        f"{ts(second)} INFO:     Application startup complete.",
        f"{ts(second)} INFO:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)",
        f'{ts(second + 1)} INFO:     127.0.0.1:46704 - "GET /get_model_info HTTP/1.1" 200 OK',
        f"{ts(second + 6)} The server is fired up and ready to roll!",
    ]


def sigquit(second: int = 199) -> str:
    return f"{ts(second)} Received sigquit from a child process. It usually means the child failed."


# 0.5.3 call paths (outermost first)
SCHED = (("managers/scheduler.py", 2847, "run_scheduler_process", "scheduler = Scheduler("),)
RUNNER = SCHED + (
    ("managers/scheduler.py", 396, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 67, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 100, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 285, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
)
PG = RUNNER + (
    ("model_executor/model_runner.py", 679, "init_torch_distributed", "init_distributed_environment("),
    ("distributed/parallel_state.py", 1408, "init_distributed_environment", "torch.distributed.init_process_group("),
    ("+torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
    ("+torch/distributed/c10d_logger.py", 95, "wrapper", "func_return = func(*args, **kwargs)"),
    (
        "+torch/distributed/distributed_c10d.py",
        1710,
        "init_process_group",
        "store, rank, world_size = next(rendezvous_iterator)",
    ),
    ("+torch/distributed/rendezvous.py", 278, "_tcp_rendezvous_handler", "store = _create_c10d_store("),
    ("+torch/distributed/rendezvous.py", 198, "_create_c10d_store", "return TCPStore("),
)
MP = RUNNER + (
    ("model_executor/model_runner.py", 687, "init_torch_distributed", "initialize_model_parallel("),
    ("distributed/parallel_state.py", 1489, "initialize_model_parallel", "_TP = init_model_parallel_group("),
    ("distributed/parallel_state.py", 1270, "init_model_parallel_group", "return GroupCoordinator("),
)
PYNCCL = MP + (
    ("distributed/parallel_state.py", 313, "__init__", "self.pynccl_comm = PyNcclCommunicator("),
    (
        "distributed/device_communicators/pynccl.py",
        110,
        "__init__",
        "self.comm: ncclComm_t = self.nccl.ncclCommInitRank(",
    ),
    ("distributed/device_communicators/pynccl_wrapper.py", 401, "ncclCommInitRank", "self.NCCL_CHECK("),
    (
        "distributed/device_communicators/pynccl_wrapper.py",
        374,
        "NCCL_CHECK",
        'raise RuntimeError(f"NCCL error: {error_str}")',
    ),
)
GLOO_GROUP = MP + (
    (
        "distributed/parallel_state.py",
        268,
        "__init__",
        'cpu_group = torch.distributed.new_group(ranks, backend="gloo")',
    ),
    ("+torch/distributed/c10d_logger.py", 95, "wrapper", "func_return = func(*args, **kwargs)"),
    ("+torch/distributed/distributed_c10d.py", 5144, "new_group", "return _new_group_with_tag("),
    (
        "+torch/distributed/distributed_c10d.py",
        5235,
        "_new_group_with_tag",
        "pg, pg_store = _new_process_group_helper(",
    ),
    ("+torch/distributed/distributed_c10d.py", 1908, "_new_process_group_helper", "backend_class = ProcessGroupGloo("),
)
RECV = (
    ("managers/scheduler.py", 2866, "run_scheduler_process", "scheduler.event_loop_overlap()"),
    ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
    ("managers/scheduler.py", 963, "event_loop_overlap", "recv_reqs = self.recv_requests()"),
    ("managers/scheduler.py", 1215, "recv_requests", "recv_reqs = broadcast_pyobj("),
    ("utils/common.py", 1163, "broadcast_pyobj", "dist.broadcast(tensor_size, src=src, group=dist_group)"),
    ("+torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
    ("+torch/distributed/distributed_c10d.py", 2772, "broadcast", "work.wait()"),
)
LEADER_SEND = (
    RECV[:4]
    + (("utils/common.py", 1158, "broadcast_pyobj", "dist.broadcast(tensor_size, src=src, group=dist_group)"),)
    + RECV[5:]
)
CHECK_ARGS = (
    ("<frozen runpy>", 198, "_run_module_as_main", ""),
    ("<frozen runpy>", 88, "_run_code", ""),
    (f"{PY312}/sglang/launch_server.py", 25, "<module>", "launch_server(server_args)"),
    (
        "entrypoints/http_server.py",
        1254,
        "launch_server",
        "tokenizer_manager, template_manager, scheduler_info = _launch_subprocesses(",
    ),
    ("entrypoints/engine.py", 762, "_launch_subprocesses", "server_args.check_server_args()"),
)


def died(rank: str, second: int, stack: tuple, error: str, site: str = PY312) -> str:
    return f"{ts(second, rank)} Scheduler hit an exception: {TB}\n{tb(site, *stack)}\n{error}\n"


# ------------------------------------------------------------------------------------------------------ healthy
case(
    "healthy_worker_node_complete_start",
    "0.5.3",
    "engine.py:833-849 (node_rank >= 1 waits, then launch_dummy_health_check_server), utils/common.py:2201",
    "healthy",
    "a worker node's whole start: ranks ready, dummy health server; it never prints a ready line by design",
    join(sargs(1), dist_begin(1), nccl_info("sglang-node-1", "10.0.0.2"), worker_start()),
)
case(
    "healthy_leader_ready_spans_nodes_warning",
    "0.5.3",
    "custom_all_reduce.py:97-101; sglang#4978 (the warning on a multi-node start that goes on)",
    "healthy",
    "the leader of 2 nodes: custom allreduce off across nodes is a warning, the server is ready",
    join(sargs(0), dist_begin(0), worker_start(0, until="graphs"), leader_ready()),
)
case(
    "healthy_lws_worker_ib_hca_fallback_to_socket",
    "0.5.3",
    "NCCL net_ib.cc `NET/IB : No device found.` (INFO; NCCL falls back to sockets), engine.py:833-849",
    "healthy",
    "NCCL_IB_HCA names no HCA on this pod: NCCL says so at INFO and uses sockets (slow, not failed); start completes",
    join(
        "+ python3 -m sglang.launch_server --model-path deepseek-ai/DeepSeek-V3 --tp 16 --dist-init-addr sglang-ds-0.sglang-ds:20000 --nnodes 2 --node-rank 1 --trust-remote-code",
        sargs(1, addr="sglang-ds-0.sglang-ds:20000"),
        dist_begin(1),
        nccl_info("sglang-ds-0-1", "192.168.3.17", ib=False),
        worker_start(),
    ),
)
case(
    "healthy_slurm_worker_retries_until_leader_listens",
    "0.5.3",
    "torch c10d socket.cpp client connect retry warning (public format, sglang#2561 shape); engine.py:833-849",
    "healthy",
    "srun started the worker before the leader's TCPStore listened: torch retries (warnings) and then connects; start completes",
    join(
        sargs(1, addr="gpu-node-017:20000"),
        dist_begin(1),
        [
            f"[W302 10:00:{s:02d}.{s * 7919 % 1000000:06d} socket.cpp:755] [c10d] The client socket has failed to connect to [gpu-node-017]:20000 (errno: 111 - Connection refused)."
            for s in (9, 10, 12, 16)
        ],
        nccl_info("gpu-node-018", "10.10.1.18"),
        worker_start(),
    ),
)
case(
    "healthy_worker_logs_nothing_while_serving",
    "0.5.3",
    "engine.py:845-849 (the worker joins its schedulers; batch stats are logged by the leader's TP0 only)",
    "healthy",
    "a worker node that has served for an hour: its log ends at the dummy health server line and a few health checks",
    join(
        sargs(1),
        dist_begin(1),
        worker_start(),
        [f'{ts(600 + 30 * i)} INFO:     10.0.0.1:5{i}310 - "GET /health HTTP/1.1" 200 OK' for i in range(3)],
    ),
)

# ------------------------------------------------------------------------------------------------------ cannot reach the leader
case(
    "worker_cannot_reach_leader_client_socket_timeout",
    "0.5.3",
    "model_runner.py:679 -> parallel_state.py:1408; torch rendezvous TCPStore DistNetworkError (public format)",
    "nccl_or_distributed",
    "the worker's TCPStore client never reached the leader's dist-init-addr (firewall / leader not up)",
    join(
        sargs(1),
        dist_begin(1),
        [
            f"[W302 10:00:{s:02d}.101223 socket.cpp:755] [c10d] The client socket has failed to connect to [10.0.0.1]:20000 (errno: 110 - Connection timed out)."
            for s in (30, 45)
        ],
        died(
            "TP8",
            1810,
            PG,
            "torch.distributed.DistNetworkError: The client socket has timed out after 1800000ms while trying to connect to (10.0.0.1, 20000).",
        ),
        sigquit(1811),
    ),
)
case(
    "lws_worker_leader_dns_not_resolvable",
    "0.5.3",
    "torch c10d socket.cpp gai error warning and DistNetworkError (public format); LWS leader address",
    "nccl_or_distributed",
    "LWS_LEADER_ADDRESS did not resolve from the worker pod: the rendezvous could not connect",
    join(
        "+ python3 -m sglang.launch_server --model-path deepseek-ai/DeepSeek-V3 --tp 16 --dist-init-addr sglang-ds-0.sglang-ds.default:20000 --nnodes 2 --node-rank 1",
        sargs(1, addr="sglang-ds-0.sglang-ds.default:20000"),
        dist_begin(1),
        "[W302 10:00:09.224410 socket.cpp:464] [c10d] The IPv6 network addresses of (sglang-ds-0.sglang-ds.default, 20000) cannot be retrieved (gai error: -2 - Name or service not known).",
        "[W302 10:00:09.224771 socket.cpp:464] [c10d] The IPv4 network addresses of (sglang-ds-0.sglang-ds.default, 20000) cannot be retrieved (gai error: -2 - Name or service not known).",
        died(
            "TP8",
            1810,
            PG,
            "torch.distributed.DistNetworkError: The client socket has timed out after 1800000ms while trying to connect to (sglang-ds-0.sglang-ds.default, 20000).",
        ),
        sigquit(1811),
    ),
)
case(
    "leader_store_timed_out_waiting_for_worker",
    "0.5.3",
    "torch TCPStore server DistStoreError `Timed out after N seconds waiting for clients. a/b clients joined.` (public format)",
    "nccl_or_distributed",
    "the leader's store saw only its own 8 of 16 ranks: the worker node never joined",
    join(
        sargs(0),
        dist_begin(0),
        died(
            "TP0",
            1812,
            PG,
            "torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 8/16 clients joined.",
        ),
        sigquit(1813),
    ),
)

# ------------------------------------------------------------------------------------------------------ NCCL / gloo over IB, RoCE, sockets
case(
    "worker_nccl_socket_ifname_no_interface",
    "0.5.3",
    "NCCL bootstrap `Bootstrap : no socket interface found` (WARN); pynccl_wrapper.py:374 `NCCL error: {error_str}`",
    "nccl_or_distributed",
    "NCCL_SOCKET_IFNAME=ib0 names no interface on this node: NCCL cannot bootstrap the communicator",
    join(
        sargs(1),
        dist_begin(1),
        "sglang-node-1:512:512 [0] NCCL INFO NCCL_SOCKET_IFNAME set by environment to ib0",
        "sglang-node-1:512:512 [0] NCCL WARN Bootstrap : no socket interface found",
        "sglang-node-1:512:512 [0] NCCL INFO init.cc:1395 -> 3",
        died(
            "TP8",
            22,
            PYNCCL,
            "RuntimeError: NCCL error: internal error - please report this issue to the NCCL developers",
        ),
        sigquit(23),
    ),
)
case(
    "worker_gloo_connect_full_mesh_failed",
    "0.4.2",
    "https://github.com/sgl-project/sglang/issues/3226",
    "nccl_or_distributed",
    "the gloo CPU group could not connect across nodes (GLOO_SOCKET_IFNAME / reachability)",
    join(
        sargs(1),
        dist_begin(1),
        died(
            "TP8",
            25,
            GLOO_GROUP,
            "RuntimeError: Gloo connectFullMesh failed with [../third_party/gloo/gloo/transport/tcp/pair.cc:144] no error",
        ),
        sigquit(26),
    ),
)
case(
    "worker_roce_ib_completion_error_while_serving",
    "0.5.3",
    "NCCL net_ib.cc `NET/IB : Got completion from peer ... with status=12` (WARN); pynccl_wrapper.py:374; ncclRemoteError string",
    "nccl_or_distributed",
    "RoCE transport retry counter exceeded between nodes mid-serving; the NCCL op fails on this worker",
    join(
        sargs(1),
        dist_begin(1),
        nccl_info("sglang-node-1", "10.0.0.2"),
        worker_start(),
        "sglang-node-1:512:1733 [0] NCCL WARN NET/IB : Got completion from peer 10.0.0.1<52311> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:10.0.0.2 remoteGidsfe80::ba3f:d2ff:fe1c:7a30 hca mlx5_0",
        "sglang-node-1:512:1733 [0] NCCL INFO transport/net.cc:1298 -> 6",
        died(
            "TP8",
            2400,
            SCHED[:0]
            + (
                ("managers/scheduler.py", 2866, "run_scheduler_process", "scheduler.event_loop_overlap()"),
                ("managers/scheduler.py", 978, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
                (
                    "managers/scheduler.py",
                    2021,
                    "run_batch",
                    "batch_result = self.model_worker.forward_batch_generation(",
                ),
                ("model_executor/model_runner.py", 2061, "forward", "output = self._forward_raw("),
                (
                    "layers/communicator.py",
                    540,
                    "_gather_hidden_states_and_residual",
                    "hidden_states = tensor_model_parallel_all_reduce(hidden_states)",
                ),
                ("distributed/device_communicators/pynccl.py", 140, "all_reduce", "self.nccl.ncclAllReduce("),
                (
                    "distributed/device_communicators/pynccl_wrapper.py",
                    374,
                    "NCCL_CHECK",
                    'raise RuntimeError(f"NCCL error: {error_str}")',
                ),
            ),
            "RuntimeError: NCCL error: remote process exited or there was a network error",
        ),
        sigquit(2401),
    ),
)

# ------------------------------------------------------------------------------------------------------ the leader dies / a worker dies
case(
    "worker_sees_leader_die_gloo_connection_closed",
    "0.5.3",
    "utils/common.py:1163 (non-src broadcast_pyobj); https://github.com/sgl-project/sglang/issues/3685",
    "nccl_or_distributed",
    "after a full start the leader went away: the worker's gloo broadcast loses its peer (rank-death cascade)",
    join(
        sargs(1),
        dist_begin(1),
        worker_start(),
        died(
            "TP8",
            3000,
            RECV,
            "RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection closed by peer [10.0.0.1]:43139",
        ),
        died(
            "TP15",
            3000,
            RECV,
            "RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection closed by peer [10.0.0.1]:37813",
        ),
        sigquit(3000),
    ),
)
case(
    "worker_0_4_6_sees_leader_reset",
    "0.4.6.post5",
    "0.4.6.post5 scheduler.py:2328 (`Scheduler hit an exception`), utils.py broadcast_pyobj; sglang#3685",
    "nccl_or_distributed",
    "0.4.6 worker: gloo read error from the leader mid-serving (leader pod restarted)",
    join(
        sargs(1, tp=16),
        dist_begin(1),
        worker_start(),
        died(
            "TP8",
            3000,
            (
                ("managers/scheduler.py", 2311, "run_scheduler_process", "scheduler.event_loop_overlap()"),
                ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
                ("managers/scheduler.py", 667, "event_loop_overlap", "recv_reqs = self.recv_requests()"),
                ("managers/scheduler.py", 858, "recv_requests", "recv_reqs = broadcast_pyobj("),
                ("utils.py", 950, "broadcast_pyobj", "dist.broadcast(tensor_size, src=src, group=dist_group)"),
                ("+torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
                ("+torch/distributed/distributed_c10d.py", 2730, "broadcast", "work.wait()"),
            ),
            "RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Read error [10.0.0.1]:47201: Connection reset by peer",
            site=PY310,
        ),
        sigquit(3001),
    ),
)
case(
    "leader_sees_worker_die_gloo_write_error",
    "0.5.3",
    "utils/common.py:1158 (src side of broadcast_pyobj); gloo pair.cc write error (public format)",
    "nccl_or_distributed",
    "the leader served, then its broadcast to the worker node failed: a peer node died",
    join(
        sargs(0),
        dist_begin(0),
        worker_start(0, until="graphs"),
        leader_ready(),
        f"{ts(900, 'TP0')} Decode batch. #running-req: 32, #token: 41210, token usage: 0.10, cuda graph: True, gen throughput (token/s): 1510.22, #queue-req: 0, ",
        died(
            "TP0",
            960,
            LEADER_SEND,
            "RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:538] Write error [10.0.0.2]:33021: Connection reset by peer",
        ),
        sigquit(960),
    ),
)
case(
    "leader_nccl_collective_timeout_dead_worker",
    "0.5.3",
    "torch ProcessGroupNCCL watchdog `Watchdog caught collective operation timeout` (public format)",
    "nccl_or_distributed",
    "a collective with the worker node never completed: torch's NCCL watchdog times out on the leader",
    join(
        sargs(0),
        dist_begin(0),
        worker_start(0, until="graphs"),
        leader_ready(),
        f"{ts(900, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 2048, #cached-token: 0, token usage: 0.01, #running-req: 0, #queue-req: 0, ",
        "[rank0]:[E302 10:25:01.552301 ProcessGroupNCCL.cpp:632] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=18211, OpType=ALLREDUCE, NumelIn=14680064, NumelOut=14680064, Timeout(ms)=600000) ran for 600041 milliseconds before timing out.",
        "[rank0]:[E302 10:25:01.552698 ProcessGroupNCCL.cpp:2168] [PG ID 2 PG GUID 3 Rank 0]  failure detected by watchdog at work sequence id: 18211 PG status: last enqueued work: 18211, last completed work: 18210",
        "[rank0]:[F302 10:25:01.553002 ProcessGroupNCCL.cpp:1557] [PG ID 2 PG GUID 3 Rank 0] Process group watchdog thread terminated with exception: [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=18211, OpType=ALLREDUCE, NumelIn=14680064, NumelOut=14680064, Timeout(ms)=600000) ran for 600041 milliseconds before timing out.",
        sigquit(1501),
    ),
)

# ------------------------------------------------------------------------------------------------------ arguments
case(
    "tp_not_divisible_by_nnodes",
    "0.5.3",
    "server_args.py:2904-2906 `tp_size must be divisible by number of nodes`",
    "config_error",
    "--tp 12 over --nnodes 8: the argument check refuses",
    join(
        sargs(3, tp=12, nnodes=8),
        f"{TB}\n{tb(PY312, *CHECK_ARGS, ('server_args.py', 2904, 'check_server_args', 'assert ('))}\nAssertionError: tp_size must be divisible by number of nodes",
    ),
)
case(
    "multinode_dp_without_dp_attention",
    "0.5.3",
    "server_args.py:2915-2917 `multi-node data parallel is not supported unless dp attention!`",
    "config_error",
    "--dp 2 with --nnodes 2 and no --enable-dp-attention is refused",
    join(
        sargs(0, dp_size=2),
        f"{TB}\n{tb(PY312, *CHECK_ARGS, ('server_args.py', 2915, 'check_server_args', 'assert not ('))}\nAssertionError: multi-node data parallel is not supported unless dp attention!",
    ),
)
case(
    "dp_attention_dist_init_addr_without_port",
    "0.5.3",
    "server_args.py:3241-3243 `please provide --dist-init-addr as host:port of head node`",
    "config_error",
    "--dist-init-addr 10.0.0.1 (no port) with DP attention: PortArgs refuses it",
    join(
        sargs(0, addr="10.0.0.1", dp_size=16, enable_dp_attention=True),
        f"{TB}\n"
        + tb(
            PY312,
            *CHECK_ARGS[:4],
            ("entrypoints/engine.py", 767, "_launch_subprocesses", "port_args = PortArgs.init_new(server_args)"),
            ("server_args.py", 3241, "init_new", "assert ("),
        )
        + "\nAssertionError: please provide --dist-init-addr as host:port of head node",
    ),
)
case(
    "slurm_both_nodes_rank0_cannot_bind_leader_addr",
    "0.5.3",
    "torch TCPStore server bind error errno 99 (public format); model_runner.py:679",
    "config_error",
    "node_rank=0 on a host that does not own dist-init-addr (srun gave every task --node-rank 0, not $SLURM_PROCID): fix the arguments (remedy decides)",
    join(
        sargs(0, addr="10.10.1.17:20000"),
        dist_begin(0),
        died(
            "TP0",
            9,
            PG,
            "torch.distributed.DistNetworkError: The server socket has failed to listen on any local network address. The server socket has failed to bind to 10.10.1.17:20000 (errno: 99 - Cannot assign requested address).",
        ),
        sigquit(10),
    ),
)
case(
    "worker_fewer_gpus_invalid_device_ordinal",
    "0.5.3",
    "model_runner.py:628-634 (the Context warning, then re-raise of set_device)",
    "config_error",
    "this node has 4 GPUs but tp 16 over 2 nodes puts 8 ranks here (gpu_id 4..7): the arguments do not fit the node (remedy decides)",
    join(
        sargs(1),
        dist_begin(1),
        f"{ts(8, 'TP12')} Context: self.device='cuda' self.gpu_id=4 os.environ.get('CUDA_VISIBLE_DEVICES')=None self.tp_rank=12 self.tp_size=16",
        died(
            "TP12",
            8,
            RUNNER[:-1]
            + (
                (
                    "model_executor/model_runner.py",
                    285,
                    "__init__",
                    "min_per_gpu_memory = self.init_torch_distributed()",
                ),
                (
                    "model_executor/model_runner.py",
                    629,
                    "init_torch_distributed",
                    "torch.get_device_module(self.device).set_device(self.gpu_id)",
                ),
                ("+torch/cuda/__init__.py", 567, "set_device", "torch._C._cuda_setDevice(device)"),
            ),
            "torch.AcceleratorError: CUDA error: invalid device ordinal\nGPU device may be out of range, do you have enough GPUs?\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
        ),
        sigquit(9),
    ),
)

# ------------------------------------------------------------------------------------------------------ ports, memory on one node
case(
    "leader_dist_init_port_in_use",
    "0.5.3",
    "torch TCPStore server EADDRINUSE (public format); model_runner.py:679",
    "port_in_use",
    "a stale server from the last Slurm job still holds the dist-init port 20000 on the leader",
    join(
        sargs(0),
        dist_begin(0),
        died(
            "TP0",
            9,
            PG,
            "torch.distributed.DistNetworkError: The server socket has failed to listen on any local network address. port: 20000, useIpv6: false, code: -98, name: EADDRINUSE, message: address already in use",
        ),
        sigquit(10),
    ),
)
case(
    "worker_dummy_health_server_port_in_use",
    "0.5.3",
    "utils/common.py:2182-2202 (uvicorn at log_level warning still logs its bind error); uvicorn server.py",
    "port_in_use",
    "the worker finished loading but its dummy health server cannot bind port 30000",
    join(
        sargs(1),
        dist_begin(1),
        worker_start(),
        f"{ts(142)} ERROR:    [Errno 98] error while attempting to bind on address ('0.0.0.0', 30000): address already in use",
    ),
)
case(
    "pp_worker_node_oom_loading_weights",
    "0.5.3",
    "model_runner.py load_model; torch OutOfMemoryError (public format)",
    "oom_weights",
    "the worker node's share of the weights does not fit (PP 2 over 2 nodes, one stage per node)",
    join(
        sargs(1, tp=8, pp_size=2, model="meta-llama/Llama-3.1-405B-Instruct"),
        [f"{ts(8, f'TP{r} PP1')} Init torch distributed begin." for r in (0, 7)],
        f"{ts(21, 'TP0 PP1')} Init torch distributed ends. mem usage=1.10 GB",
        f"{ts(21, 'TP0 PP1')} Load weight begin. avail mem=78.02 GB",
        died(
            "TP3 PP1",
            160,
            RUNNER[:-1]
            + (
                ("model_executor/model_runner.py", 298, "__init__", "self.initialize(min_per_gpu_memory)"),
                ("model_executor/model_runner.py", 370, "initialize", "self.load_model()"),
                ("model_executor/model_runner.py", 806, "load_model", "self.model = get_model("),
                ("model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
                ("model_loader/loader.py", 560, "load_model", "self.load_weights_and_postprocess("),
            ),
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.62 GiB. GPU 3 has a total capacity of 79.19 GiB of which 1.05 GiB is free. Including non-PyTorch memory, this process has 78.13 GiB memory in use. Of the allocated memory 77.40 GiB is allocated by PyTorch, and 12.53 MiB is reserved by PyTorch but unallocated.",
        ),
        sigquit(161),
    ),
)


# ------------------------------------------------------------------------------------------------------ tests
XFAIL: dict[str, str] = {
    "slurm_both_nodes_rank0_cannot_bind_leader_addr": "nccl_or_distributed",
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_multinode_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    assert classify_text(t.log).label == t.label, t.why


EVENT_XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_multinode_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    fired = [e for line in CASES[name].log.splitlines() for e in clf.feed(line) if e.kind == "failure"]
    assert not fired, fired


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5

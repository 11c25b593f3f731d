"""DISTRIBUTED start-up and serving failures of SGLang 0.4.x-0.5.x, blind: multi-node launches (`--nnodes`,
`--node-rank`, `--dist-init-addr`: the c10d TCPStore rendezvous, an address that does not route or resolve, a node that
never joins), torch.distributed's gloo CPU groups, NCCL's environment (socket interface, RoCE GID, version skew between
nodes, a GPU topology without P2P, the library itself), custom all-reduce, DP attention's controller handshake,
DeepEP's NVSHMEM across nodes, PD disaggregation's bootstrap, and the launch contexts around them (Slurm `srun`
steps, Ray actors, Kubernetes LeaderWorkerSet pods, docker compose). Cascades: one rank dies first (OOM, a CUDA error,
a bad flag, a busy port) and the other ranks then report NCCL / gloo / c10d errors; each is rendered with both sides
in one log, interleaved as the launch context prints them, and labeled by the first cause. Four warnings that look
distributed are followed by a server that reaches ready (`healthy`).

Every message is copied from the source named in the case (SGLang 0.4.10 / 0.5.10.post1 under sglang/srt/; NVIDIA/nccl
v2.27.7-1; pytorch/pytorch torch/csrc/distributed/c10d/{socket.cpp,ProcessGroupNCCL.cpp,NCCLUtils.cpp} and gloo's
transport/tcp/{device.cc,unbound_buffer.cc} as found in public repositories; NVSHMEM's host/transport/transport.cpp and
host/init/init.cu as found in public repositories; SchedMD/slurm src/srun/launch.c; Ray's ActorDiedError text), its
format fields filled with plausible values, inside SGLang's wrappers (tests/logwatch_templates.py). Labels were fixed
(with the one line of why) before the classifier was run.

First sight (one run, labels fixed before it): 25/30. The five misses are strict xfails in XFAIL. Rendering fixes
made before that run only (timestamps, the multi-node arguments line); none after it.
"""

# ruff: noqa: E501, RUF005  (log lines are data; call paths are built by extending a shared prefix)

from __future__ import annotations

from typing import NamedTuple

import pytest

from safelaunch.core.logwatch import classify_text

from .logwatch_templates import (
    DIED,
    DIST_INIT,
    GRAPHS,
    INIT,
    LAUNCH,
    LOAD,
    LOOP,
    MODEL_PARALLEL,
    PKG,
    SERVER_ARGS,
    TB,
    TORCH_PG,
    WEIGHTS,
    first_sight,
    frames,
    scheduler_dies,
    startup,
    ts,
)


class Template(NamedTuple):
    version: str  # SGLang release (and the library whose text decides)
    source: str  # file:line of the deciding message
    label: str
    why: str  # one line: what a person fixing the launch would conclude
    log: str


CASES: dict[str, Template] = {}


def case(name: str, version: str, source: str, label: str, why: str, log: str) -> None:
    assert name not in CASES
    CASES[name] = Template(version, source, label, why, log)


# ------------------------------------------------------------------------ builders new here (the shared ones imported)
TORCH = f"{PKG}/torch"
NCCL_VERSION = "2.27.3"
# a two-node launch (node 0 = 10.0.0.1, node 1 = 10.0.0.2), TP 16 over 8 GPUs a node
MN_ARGS = (
    f"{ts(0)} server_args=ServerArgs(model_path='deepseek-ai/DeepSeek-V3', tokenizer_path='deepseek-ai/DeepSeek-V3', "
    "dtype='auto', kv_cache_dtype='auto', mem_fraction_static=0.85, tp_size=16, pp_size=1, port=30000, "
    "dist_init_addr='10.0.0.1:20000', nnodes=2, node_rank=1, disable_cuda_graph=False, cuda_graph_max_bs=128, log_level='info')"
)


def node(log: str, *, rank: int = 1, addr: str = "10.0.0.1:20000", extra: str = "") -> str:
    """A shared template's log, as node `rank` of the two-node launch prints it (its own arguments line)."""
    args = MN_ARGS.replace("node_rank=1", f"node_rank={rank}").replace("'10.0.0.1:20000'", f"'{addr}'")
    if extra:
        args = args.replace(", log_level", f", {extra}, log_level")
    out = log.replace(SERVER_ARGS, args)
    return out.replace(" TP0]", " TP8]") if rank == 1 else out


def nccl(where: str | None, message: str, *, host: str = "gpu-node-07", pid: int = 51234, dev: int = 0) -> str:
    """NCCL's debug line (src/debug.cc of v2.27.7-1): WARN carries `file:line`, INFO does not."""
    head = f"{host}:{pid}:{pid + 17} [{dev}]"
    return f"{head} {where} NCCL WARN {message}" if where else f"{head} NCCL INFO {message}"


def c10d(level: str, second: int, where: str, message: str, *, rank: int | None = None) -> str:
    """c10d's glog-style line (C10D_WARNING / C10D_ERROR / LOG(ERROR)); `[rankN]:` once the process group knows it."""
    tag = f"[rank{rank}]:" if rank is not None else ""
    return f"{tag}[{level}302 10:{second // 60:02d}:{second % 60:02d}.{417000123 + second:09d} {where}] {message}"


def dist_backend_error(result: str, detail: str, last: str, *, version: str = NCCL_VERSION) -> str:
    """torch's C10D_NCCL_CHECK (NCCLUtils.hpp) with getNcclErrorDetailStr (NCCLUtils.cpp): the python exception."""
    return (
        f"torch.distributed.DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:3353, "
        f"{result}, NCCL version {version}\n{detail}\nLast error:\n{last}"
    )


def ds(log: str) -> str:
    """The shared start-up lines, for the DeepSeek-V3 launches of the multi-node cases."""
    return log.replace("Qwen/Qwen3-32B", "deepseek-ai/DeepSeek-V3").replace("Qwen3ForCausalLM", "DeepseekV3ForCausalLM")


def retime(log: str, exception_at: int, launcher_at: int, rank: str = "TP8") -> str:
    """The shared wrapper prints the exception at 90 s and the launcher at 99 s; a failure that takes another time."""
    return log.replace(ts(90, rank), ts(exception_at, rank)).replace(ts(99), ts(launcher_at))


def before(log: str, marker: str, lines: str) -> str:
    assert marker in log, marker
    return log.replace(marker, f"{lines}\n{marker}", 1)


NCCL_SYSTEM = "unhandled system error (run with NCCL_DEBUG=INFO for details)"
NCCL_USAGE = "invalid usage (run with NCCL_DEBUG=WARN for details)"
NCCL_REMOTE = "remote process exited or there was a network error"
NCCL_CUDA = "unhandled cuda error (run with NCCL_DEBUG=INFO for details)"
DETAIL_SYSTEM = "ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error. "
DETAIL_USAGE = "ncclInvalidUsage: This usually reflects invalid usage of NCCL library."
DETAIL_REMOTE = (
    "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely."
)
# c10/cuda/CUDACachingAllocator.cpp (torch 2.9), as in tests/test_logwatch_templates_libs.py
OOM_TAIL = "If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
CUDA_HINTS = "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."

# -- call paths (0.5.10.post1 line numbers where read; frames' files and functions are what matters)
RENDEZVOUS = (
    DIST_INIT
    + TORCH_PG
    + (
        (f"{TORCH}/distributed/rendezvous.py", 250, "_tcp_rendezvous_handler", "store = _create_c10d_store("),
        (f"{TORCH}/distributed/rendezvous.py", 198, "_create_c10d_store", "return TCPStore("),
    )
)
TP_GROUP = MODEL_PARALLEL + (
    ("distributed/parallel_state.py", 1800, "initialize_model_parallel", "_TP = init_model_parallel_group("),
    ("distributed/parallel_state.py", 1540, "init_model_parallel_group", "return GroupCoordinator("),
)
PYNCCL = TP_GROUP + (("distributed/parallel_state.py", 352, "__init__", "self.pynccl_comm = PyNcclCommunicator("),)
NCCL_CHECK = (
    "distributed/device_communicators/pynccl_wrapper.py",
    376,
    "NCCL_CHECK",
    'raise RuntimeError(f"NCCL error: {error_str}")',
)
NEW_GLOO_GROUP = (
    ("distributed/parallel_state.py", 301, "__init__", "cpu_group = torch.distributed.new_group("),
    (f"{TORCH}/distributed/c10d_logger.py", 95, "wrapper", "func_return = func(*args, **kwargs)"),
    (f"{TORCH}/distributed/distributed_c10d.py", 5137, "new_group", "return _new_group_with_tag("),
    (
        f"{TORCH}/distributed/distributed_c10d.py",
        5227,
        "_new_group_with_tag",
        "pg, pg_store = _new_process_group_helper(",
    ),
    (
        f"{TORCH}/distributed/distributed_c10d.py",
        1985,
        "_new_process_group_helper",
        "backend_class = ProcessGroupGloo(",
    ),
)
# SGLang's first eager tensor-parallel all-reduce on torch's NCCL device group (as tests/test_logwatch_templates_libs.py)
EAGER_ALLREDUCE = (
    ("models/deepseek_v2.py", 1650, "forward", "hidden_states = self.o_proj(attn_output)"),
    ("layers/linear.py", 1400, "forward", "output = tensor_model_parallel_all_reduce(output_parallel)"),
    (
        "distributed/communication_op.py",
        13,
        "tensor_model_parallel_all_reduce",
        "return get_tp_group().all_reduce(input_)",
    ),
    ("distributed/parallel_state.py", 619, "all_reduce", "inplace_all_reduce(input_, group_name=self.unique_name)"),
    (
        "distributed/parallel_state.py",
        710,
        "_all_reduce_in_place",
        "torch.distributed.all_reduce(input_, group=self.device_group)",
    ),
    (f"{TORCH}/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
    (f"{TORCH}/distributed/distributed_c10d.py", 2943, "all_reduce", "work = group.allreduce([tensor], opts)"),
)
DP_CTRL = (
    (
        "managers/data_parallel_controller.py",
        614,
        "run_data_parallel_controller_process",
        "controller = DataParallelController(",
    ),
    (
        "managers/data_parallel_controller.py",
        165,
        "__init__",
        "self.launch_dp_attention_schedulers(server_args, port_args)",
    ),
    (
        "managers/data_parallel_controller.py",
        397,
        "launch_dp_attention_schedulers",
        "broadcasted_ports = self._broadcast_worker_ports(",
    ),
    (
        "managers/data_parallel_controller.py",
        325,
        "_broadcast_worker_ports",
        "return self._receive_ports_as_client(endpoint, server_args.node_rank)",
    ),
    ("managers/data_parallel_controller.py", 373, "_receive_ports_as_client", "raise RuntimeError("),
)
CAPTURE = GRAPHS + (
    ("model_executor/cuda_graph_runner.py", 653, "__init__", "self.capture()"),
    ("model_executor/cuda_graph_runner.py", 800, "capture", ") = self.capture_one_batch_size(bs, forward)"),
    ("model_executor/cuda_graph_runner.py", 1024, "capture_one_batch_size", "run_once()"),
)
CAPTURE_TAIL = """Possible solutions:
1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)
2. set --cuda-graph-max-bs to a smaller value (e.g., 16)
3. disable torch compile by not using --enable-torch-compile
4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)
Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose """


def tb(stack: tuple, error: str) -> str:
    return f"{TB}\n{frames(*stack)}\n{error}"


def died(rank: int, code: int, second: int = 99) -> str:
    return f"{ts(second)} {TB}\n" + DIED.replace(
        "Rank 0 scheduler died during initialization (exit code: 1)",
        f"Rank {rank} scheduler died during initialization (exit code: {code})",
    )


# ===================================================================== the rendezvous: c10d's TCPStore across nodes
case(  # arguable: a firewall (REJECT with icmp-host-prohibited) is the host's setup; what fails is the rendezvous
    "c10d-store-connect-no-route-to-host-node1",
    "0.5.10.post1 / torch 2.9",
    "torch/csrc/distributed/c10d/socket.cpp (SocketConnectOp::tryConnect: recordError 'The client socket has failed to connect to {} {}.'; run(): 'The client socket has failed to connect to any network address of ({}, {}).')",
    "nccl_or_distributed",
    "node 1 cannot reach node 0's rendezvous port (EHOSTUNREACH is not retried): torch.distributed init failed",
    retime(
        before(
            node(
                scheduler_dies(
                    "launching",
                    RENDEZVOUS,
                    "torch.distributed.DistNetworkError: The client socket has failed to connect to any network address of (10.0.0.1, 20000). The client socket has failed to connect to 10.0.0.1:20000 (errno: 113 - No route to host).",
                    launcher="died",
                    rank="TP8",
                )
            ),
            f"{ts(90, 'TP8')} Scheduler hit",
            c10d(
                "W",
                6,
                "socket.cpp:752",
                "[c10d] The client socket has failed to connect to 10.0.0.1:20000 (errno: 113 - No route to host).",
            )
            + "\n"
            + c10d(
                "E",
                6,
                "socket.cpp:668",
                "[c10d] The client socket has failed to connect to any network address of (10.0.0.1, 20000).",
            ),
        ),
        6,
        11,
    ),
)
case(  # arguable: the LeaderWorkerSet headless-service name not resolving is the cluster's DNS; the rendezvous never forms
    "c10d-lws-leader-dns-gai-error-then-timeout",
    "0.5.10.post1 / torch 2.9 (Kubernetes LeaderWorkerSet worker pod)",
    "torch/csrc/distributed/c10d/socket.cpp (recordError 'The {}network addresses of ({}, {}) cannot be retrieved (gai error: {} - {}).'; throwTimeoutError 'The client socket has timed out after {} while trying to connect to ({}, {}).')",
    "nccl_or_distributed",
    "the worker pod cannot resolve the leader's DNS name for the whole connect timeout: the rendezvous never formed",
    retime(
        before(
            node(
                scheduler_dies(
                    "launching",
                    RENDEZVOUS,
                    "torch.distributed.DistNetworkError: The client socket has timed out after 600000ms while trying to connect to (sglang-ds-0.sglang-ds.inference, 20000).",
                    rank="TP8",
                ),
                addr="sglang-ds-0.sglang-ds.inference:20000",
            ),
            f"{ts(90, 'TP8')} Scheduler hit",
            "\n".join(
                c10d(
                    "W",
                    s,
                    "socket.cpp:767",
                    "[c10d] The IPv6 network addresses of (sglang-ds-0.sglang-ds.inference, 20000) cannot be retrieved (gai error: -2 - Name or service not known).",
                )
                for s in (5, 6, 8, 38, 68)
            ),
        ),
        605,
        606,
    ),
)
case(
    "dist-init-addr-bare-ipv6-without-brackets",
    "0.5.10.post1",
    "utils/network.py:508 (NetworkAddress.parse), model_runner.py:925 (init_torch_distributed)",
    "config_error",
    "--dist-init-addr is an IPv6 address without brackets: a bad argument, SGLang says how to write it",
    node(
        scheduler_dies(
            "launching",
            INIT
            + (
                (
                    "model_executor/model_runner.py",
                    470,
                    "initialize",
                    "min_per_gpu_memory = self.init_torch_distributed()",
                ),
                (
                    "model_executor/model_runner.py",
                    925,
                    "init_torch_distributed",
                    "na = NetworkAddress.parse(self.server_args.dist_init_addr)",
                ),
                ("utils/network.py", 508, "parse", "raise ValueError("),
            ),
            "ValueError: Bare IPv6 address without brackets is ambiguous: 'fd00:10:0:1::1:20000'. Use [fd00:10:0:1::1]:20000 instead.",
            rank="TP8",
        ),
        addr="fd00:10:0:1::1:20000",
    ),
)
case(  # arguable: the usual cause is node 0 not started or its handshake port filtered; the failure is the cross-node handshake
    "dp-attention-node1-worker-ports-timeout",
    "0.5.10.post1",
    "managers/data_parallel_controller.py:372-374 (_receive_ports_as_client: logger.error + RuntimeError), 634 (DataParallelController hit an exception)",
    "nccl_or_distributed",
    "node 1's DP-attention controller never heard from node 0 in 10 minutes: the multi-node handshake failed",
    node(
        startup("args")
        + f"\n{ts(610)} Timeout waiting for worker ports from node 0\n{ts(610)} DataParallelController hit an exception: "
        + tb(DP_CTRL, "RuntimeError: Failed to receive worker ports from node 0 within timeout")
        + f"\n{ts(610)} Received sigquit from a child process. It usually means the child failed.",
        extra="dp_size=16, enable_dp_attention=True",
    ),
)
case(
    "gloo-recv-timeout-available-memory-allreduce",
    "0.5.10.post1 / torch 2.9 (gloo)",
    "gloo/transport/tcp/unbound_buffer.cc:78 (waitRecv: 'Timed out waiting {}ms for recv operation to complete'); utils/common.py:596 (get_available_gpu_memory over the CPU group)",
    "nccl_or_distributed",
    "the gloo CPU group's first all-reduce across nodes timed out: a distributed collective failed at init",
    node(
        scheduler_dies(
            "launching",
            INIT
            + (
                (
                    "model_executor/model_runner.py",
                    470,
                    "initialize",
                    "min_per_gpu_memory = self.init_torch_distributed()",
                ),
                (
                    "model_executor/model_runner.py",
                    999,
                    "init_torch_distributed",
                    "min_per_gpu_memory = get_available_gpu_memory(",
                ),
                ("utils/common.py", 596, "get_available_gpu_memory", "torch.distributed.all_reduce("),
                (f"{TORCH}/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
                (f"{TORCH}/distributed/distributed_c10d.py", 2945, "all_reduce", "work.wait()"),
            ),
            "RuntimeError: [/pytorch/third_party/gloo/gloo/transport/tcp/unbound_buffer.cc:78] Timed out waiting 1800000ms for recv operation to complete",
            rank="TP8",
        )
    ),
)
case(  # arguable: GLOO_SOCKET_IFNAME names an interface this host does not have (an env setting); gloo's group cannot form
    "gloo-socket-ifname-unable-to-find-address",
    "0.5.10.post1 / torch 2.9 (gloo)",
    "gloo/transport/tcp/device.cc:84 (CreateDevice: GLOO_ENFORCE(ifa != nullptr, 'Unable to find address for: ', iface))",
    "nccl_or_distributed",
    "the gloo CPU group could not bind the interface named by GLOO_SOCKET_IFNAME: process-group creation failed",
    scheduler_dies(
        "launching",
        DIST_INIT[:-1]
        + (
            (
                "distributed/parallel_state.py",
                1700,
                "init_distributed_environment",
                "_WORLD = init_world_group(ranks, local_rank, backend)",
            ),
            ("distributed/parallel_state.py", 1495, "init_world_group", "return GroupCoordinator("),
        )
        + NEW_GLOO_GROUP,
        "RuntimeError: [enforce fail at /pytorch/third_party/gloo/gloo/transport/tcp/device.cc:84] ifa != nullptr. Unable to find address for: eth0",
    ),
)

# ===================================================================================== NCCL's environment
case(  # arguable: NCCL_SOCKET_IFNAME is an env setting; NCCL refuses to bootstrap
    "nccl-bootstrap-no-socket-interface-found",
    "0.5.10.post1 / NCCL 2.27",
    "nccl src/bootstrap.cc:115 (WARN 'Bootstrap : no socket interface found', ncclInvalidUsage); pynccl.py:83 (ncclGetUniqueId), pynccl_wrapper.py:376",
    "nccl_or_distributed",
    "NCCL found no interface matching NCCL_SOCKET_IFNAME for its bootstrap: NCCL init failed",
    before(
        scheduler_dies(
            "launching",
            PYNCCL
            + (
                (
                    "distributed/device_communicators/pynccl.py",
                    83,
                    "__init__",
                    "self.unique_id = self.nccl.ncclGetUniqueId()",
                ),
                (
                    "distributed/device_communicators/pynccl_wrapper.py",
                    394,
                    "ncclGetUniqueId",
                    'self.NCCL_CHECK(self._funcs["ncclGetUniqueId"](ctypes.byref(unique_id)))',
                ),
                NCCL_CHECK,
            ),
            f"RuntimeError: NCCL error: {NCCL_USAGE}",
        ),
        f"{ts(90, 'TP0')} Scheduler hit",
        nccl("bootstrap.cc:115", "Bootstrap : no socket interface found"),
    ),
)
case(  # arguable: NCCL chose an interface (a CNI bridge) the other node cannot reach: NCCL_SOCKET_IFNAME would fix it
    "nccl-bootstrap-connect-exceeded-retries-wrong-interface",
    "0.5.10.post1 / NCCL 2.27",
    "nccl src/misc/socket.cc:578 (socketConnectCheck: '%s: connect to %s returned %s, exceeded error retry count after %d attempts', ncclRemoteError); pynccl.py:109 (ncclCommInitRank)",
    "nccl_or_distributed",
    "node 1's ranks cannot connect to the address node 0's NCCL advertised: NCCL communicator init failed",
    node(
        before(
            scheduler_dies(
                "launching",
                PYNCCL
                + (
                    (
                        "distributed/device_communicators/pynccl.py",
                        109,
                        "__init__",
                        "self.comm: ncclComm_t = self.nccl.ncclCommInitRank(",
                    ),
                    ("distributed/device_communicators/pynccl_wrapper.py", 403, "ncclCommInitRank", "self.NCCL_CHECK("),
                    NCCL_CHECK,
                ),
                f"RuntimeError: NCCL error: {NCCL_REMOTE}",
                rank="TP8",
            ),
            f"{ts(90, 'TP8')} Scheduler hit",
            nccl(
                "misc/socket.cc:578",
                "socketStartConnect: connect to 10.244.0.1<39417> returned No route to host, exceeded error retry count after 35 attempts",
                host="gpu-node-08",
            ),
        )
    ),
)
case(  # arguable: RoCE needs NCCL_IB_GID_INDEX set to the RoCEv2 GID (index 0 is the link-local one)
    "nccl-roce-ibv-modify-qp-gid-index-warmup",
    "0.5.10.post1 / NCCL 2.27 / torch 2.9",
    "nccl src/misc/ibvwrap.cc:301 (WARN 'Call to ibv_modify_qp failed with %d %s, %s' + ibvModifyQpLog), ncclSystemError; torch ProcessGroupNCCL C10D_NCCL_CHECK",
    "nccl_or_distributed",
    "NCCL's RDMA queue pair could not move to RTR with the chosen GID: the inter-node NCCL connection failed",
    node(
        before(
            scheduler_dies(
                "warmup",
                LOOP + EAGER_ALLREDUCE,
                dist_backend_error(
                    NCCL_SYSTEM,
                    DETAIL_SYSTEM,
                    "Call to ibv_modify_qp failed with 22 Invalid argument, on dev mlx5_0:1, curr state INIT, next state RTR, local GID index 0, local GID fe80::bace:f6ff:fe1c:2a10, remote GID fe80::bace:f6ff:fe1c:3b24",
                ),
                rank="TP8",
            ),
            f"{ts(90, 'TP8')} Scheduler hit",
            nccl(
                "misc/ibvwrap.cc:301",
                "Call to ibv_modify_qp failed with 22 Invalid argument, on dev mlx5_0:1, curr state INIT, next state RTR, local GID index 0, local GID fe80::bace:f6ff:fe1c:2a10, remote GID fe80::bace:f6ff:fe1c:3b24",
                host="gpu-node-08",
            ),
        )
    ),
)
case(  # arguable: two images with different NCCL builds is a deployment mismatch; NCCL refuses the communicator
    "nccl-version-mismatch-between-nodes",
    "0.5.10.post1 / NCCL 2.27 on node 1, 2.21 on node 0",
    "nccl src/init.cc:729 (WARN 'Mismatched NCCL version detected : rank %d version %d rank %d version %d', ncclInvalidUsage)",
    "nccl_or_distributed",
    "the nodes run different NCCL versions and NCCL refuses to build one communicator across them",
    node(
        before(
            scheduler_dies(
                "warmup",
                LOOP + EAGER_ALLREDUCE,
                dist_backend_error(
                    NCCL_USAGE,
                    DETAIL_USAGE,
                    "Mismatched NCCL version detected : rank 0 version 22105 rank 8 version 22703",
                ),
                rank="TP8",
            ),
            f"{ts(90, 'TP8')} Scheduler hit",
            nccl(
                "init.cc:729",
                "Mismatched NCCL version detected : rank 0 version 22105 rank 8 version 22703",
                host="gpu-node-08",
            ),
        )
    ),
)
case(  # arguable: a GPU topology without working P2P (NCCL_P2P_DISABLE=1 fixes it); the CUDA call fails inside NCCL's transport
    "nccl-p2p-ipc-open-peer-access-unsupported",
    "0.5.10.post1 / NCCL 2.27",
    "nccl src/transport/p2p.cc:299 (CUDACHECK(cudaIpcOpenMemHandle) -> WARN \"Cuda failure '%s'\", ncclUnhandledCudaError); pynccl.py:117 (warm-up all_reduce)",
    "nccl_or_distributed",
    "NCCL's P2P transport could not map a peer GPU's memory on this topology: NCCL communicator setup failed",
    before(
        scheduler_dies(
            "launching",
            PYNCCL
            + (
                ("distributed/device_communicators/pynccl.py", 117, "__init__", "self.all_reduce(data)"),
                ("distributed/device_communicators/pynccl.py", 160, "all_reduce", "self.nccl.ncclAllReduce("),
                ("distributed/device_communicators/pynccl_wrapper.py", 437, "ncclAllReduce", "self.NCCL_CHECK("),
                NCCL_CHECK,
            ),
            f"RuntimeError: NCCL error: {NCCL_CUDA}",
            rank="TP2",
        ),
        f"{ts(90, 'TP2')} Scheduler hit",
        nccl("transport/p2p.cc:299", "Cuda failure 'peer access is not supported between these two devices'", dev=2),
    ),
)
case(  # arguable: a missing/wrong NCCL library is the environment; pynccl cannot start without it
    "pynccl-failed-to-load-nccl-library",
    "0.5.10.post1",
    "distributed/device_communicators/pynccl_wrapper.py:344-355 (logger.error 'Failed to load NCCL library from %s . ...', raise e)",
    "nccl_or_distributed",
    "SGLang's NCCL wrapper cannot load the NCCL library it was pointed at: NCCL initialisation failed",
    before(
        scheduler_dies(
            "launching",
            PYNCCL
            + (
                ("distributed/device_communicators/pynccl.py", 60, "__init__", "self.nccl = NCCLLibrary(library_path)"),
                ("distributed/device_communicators/pynccl_wrapper.py", 355, "__init__", "raise e"),
                ("distributed/device_communicators/pynccl_wrapper.py", 340, "__init__", "lib = ctypes.CDLL(so_file)"),
                ("/usr/lib/python3.12/ctypes/__init__.py", 379, "__init__", "self._handle = _dlopen(self._name, mode)"),
            ),
            "OSError: /opt/nccl/lib/libnccl.so.2: cannot open shared object file: No such file or directory",
        ),
        f"{ts(90, 'TP0')} Scheduler hit",
        f"{ts(9, 'TP0')} Failed to load NCCL library from /opt/nccl/lib/libnccl.so.2 . It is expected if you are not running on NVIDIA/AMD/MTHREADS GPUs. Otherwise, the nccl library might not exist, be corrupted or it does not support the current platform Linux-5.15.0-126-generic-x86_64-with-glibc2.35. If you already have the library, please set the environment variable SGLANG_NCCL_SO_PATH to point to the correct nccl library path.",
    ),
)

# ============================================================================ EP across nodes: DeepEP over NVSHMEM
case(  # arguable: IBGDA needs the nvidia_peermem / dmabuf support of the host; NVSHMEM's transport init is what fails
    "nvshmem-ibgda-transport-init-failed-exit",
    "0.5.10.post1 / NVSHMEM 3.x (DeepEP low-latency, 2 nodes)",
    "nvshmem src/host/transport/transport.cpp (nvshmemi_transport_init: 'init failed for transport: IBGDA', 'Unable to initialize any transports. returning error.'), src/host/init/init.cu (nvshmemi_check_state_and_init: NVSHMEMI_ERROR_EXIT 'nvshmem initialization failed, exiting'); entrypoints/engine.py _scheduler_died_error",
    "nccl_or_distributed",
    "NVSHMEM (DeepEP's inter-node transport) could not initialise any transport and exited the rank: EP communication init failed",
    ds(node(startup("cuda_graph"), rank=0, extra="moe_a2a_backend='deepep', deepep_mode='low_latency'"))
    + "\n/sgl-workspace/nvshmem/src/host/transport/transport.cpp:nvshmemi_transport_init:275: init failed for transport: IBGDA"
    + "\n/sgl-workspace/nvshmem/src/host/transport/transport.cpp:nvshmemi_transport_init:287: Unable to initialize any transports. returning error."
    + "\n/sgl-workspace/nvshmem/src/host/init/init.cu:nvshmemi_check_state_and_init:1080: nvshmem initialization failed, exiting"
    + "\n"
    + died(0, 255),
)

# ========================================================================== PD disaggregation: the bootstrap server
case(  # arguable: the decode server itself is up; every request it is sent fails its handshake with the prefill side
    "pd-decode-cannot-reach-prefill-bootstrap-serving",
    "0.5.10.post1",
    "disaggregation/common/conn.py:215 (try_ensure_parallel_info: logger.error 'Error fetching prefill server info from bootstrap: {e}'), disaggregation/decode.py:585-586 (logger.error 'Could not fetch prefill parallel info from ... after {count} attempts', abort)",
    "nccl_or_distributed",
    "the decode side cannot reach the prefill server's bootstrap port, so no KV transfer can be set up: PD handshake failure",
    startup("serving")
    + "\n"
    + "\n".join(
        f"{ts(82 + i, 'TP0')} Error fetching prefill server info from bootstrap: HTTPConnectionPool(host='10.0.0.1', port=8998): Max retries exceeded with url: /route?prefill_dp_rank=-1&prefill_cp_rank=-1&target_tp_rank=-1&target_pp_rank=-1 (Caused by NewConnectionError('<urllib3.connection.HTTPConnection object at 0x7f3b2c1d4e50>: Failed to establish a new connection: [Errno 111] Connection refused'))"
        for i in range(3)
    )
    + f"\n{ts(97, 'TP0')} Could not fetch prefill parallel info from 10.0.0.1:8998 after 15 attempts",
)

# =============================================================================================== Ray launch context
RAY_ENGINE = (
    (
        "/app/serve_ray.py",
        41,
        "__init__",
        "self.engine = RayEngine(model_path=model_path, tp_size=16, nnodes=2, use_ray=True)",
    ),
    ("entrypoints/engine.py", 190, "__init__", ") = self._launch_subprocesses("),
    (
        "entrypoints/engine.py",
        665,
        "_launch_subprocesses",
        "scheduler_init_result, scheduler_procs = cls._launch_scheduler_processes(",
    ),
    ("ray/engine.py", 121, "_launch_scheduler_processes", "engine_bundle, engine_ip = _find_engine_bundle(pg, nnodes)"),
    ("ray/engine.py", 69, "_find_engine_bundle", "raise RuntimeError("),
)
case(
    "ray-use-ray-requires-placement-group",
    "0.5.10.post1 (Ray 2.x)",
    "ray/engine.py:106-110 (_launch_scheduler_processes: 'use_ray=True requires a placement group, but none was detected. Schedule the Engine actor onto a placement group')",
    "config_error",
    "the Engine actor was started outside a Ray placement group: a launch setting SGLang names",
    "ray.exceptions.ActorDiedError: The actor died because of an error raised in its creation task, ray::EngineActor.__init__() (pid=48211, ip=10.0.0.1, actor_id=6f1c0be3a2d6e4d9a1b2c3d401000000, repr=<serve_ray.EngineActor object at 0x7f6a2c0d1e50>)\n"
    + frames(*RAY_ENGINE[:3], ("ray/engine.py", 108, "_launch_scheduler_processes", "raise RuntimeError("))
    + "\nRuntimeError: use_ray=True requires a placement group, but none was detected. Schedule the Engine actor onto a placement group",
)
case(
    "ray-engine-not-colocated-with-placement-group",
    "0.5.10.post1 (Ray 2.x)",
    "ray/engine.py:69-72 (_find_engine_bundle: 'Engine node {engine_ip} not found in any placement group bundle {bundle_ips}. Rank-0 scheduler must be co-located with the Engine.'); Ray's ActorDiedError wrapper",
    "config_error",
    "the Engine actor was scheduled on a node outside its placement group: a launch-placement setting, not a failure of the network",
    "ray.exceptions.ActorDiedError: The actor died because of an error raised in its creation task, ray::EngineActor.__init__() (pid=48211, ip=10.0.0.5, actor_id=6f1c0be3a2d6e4d9a1b2c3d401000000, repr=<serve_ray.EngineActor object at 0x7f6a2c0d1e50>)\n"
    + frames(*RAY_ENGINE)
    + "\nRuntimeError: Engine node 10.0.0.5 not found in any placement group bundle ['10.0.0.1', '10.0.0.2']. Rank-0 scheduler must be co-located with the Engine.",
)


case(  # arguable: an invalid device ordinal is a CUDA error, but its cause is the node's GPU flags (--base-gpu-id)
    "node1-base-gpu-id-invalid-device-ordinal",
    "0.5.10.post1 / torch 2.9",
    "model_executor/model_runner.py:894-899 (init_torch_distributed: logger.warning 'Context: ...', raise); CUDA runtime 'invalid device ordinal'",
    "config_error",
    "node 1 was launched with --base-gpu-id 8 on an 8-GPU node: a bad argument, the GPU ids do not exist",
    node(
        before(
            scheduler_dies(
                "launching",
                INIT
                + (
                    (
                        "model_executor/model_runner.py",
                        470,
                        "initialize",
                        "min_per_gpu_memory = self.init_torch_distributed()",
                    ),
                    (
                        "model_executor/model_runner.py",
                        894,
                        "init_torch_distributed",
                        "torch.get_device_module(self.device).set_device(self.gpu_id)",
                    ),
                    (f"{TORCH}/cuda/__init__.py", 567, "set_device", "torch._C._cuda_setDevice(device)"),
                ),
                f"torch.AcceleratorError: CUDA error: invalid device ordinal\n{CUDA_HINTS}",
                rank="TP8",
            ),
            f"{ts(90, 'TP8')} Scheduler hit",
            f"{ts(5, 'TP8')} Context: self.device='cuda' self.gpu_id=8 os.environ.get('CUDA_VISIBLE_DEVICES')='0,1,2,3,4,5,6,7' self.tp_rank=8 self.tp_size=16",
        ),
        extra="base_gpu_id=8",
    ),
)
case(  # the NCCL watchdog is only the messenger: its exception is a CUDA error on this rank
    "c10d-watchdog-terminated-with-cuda-illegal-access-serving",
    "0.5.10.post1 / torch 2.9",
    "torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp (Watchdog::run: 'Process group watchdog thread terminated with exception: ', e.what())",
    "cuda_error_other",
    "an illegal memory access on this GPU surfaced through the NCCL watchdog thread: a CUDA error, not a network one",
    startup("serving")
    + "\n"
    + c10d(
        "E",
        95,
        "ProcessGroupNCCL.cpp:2057",
        f"[PG ID 2 PG GUID 3 Rank 1] Process group watchdog thread terminated with exception: CUDA error: an illegal memory access was encountered\n{CUDA_HINTS}\n",
        rank=1,
    )
    + "\nException raised from c10_cuda_check_implementation at /pytorch/c10/cuda/CUDAException.cpp:42 (most recent call first):"
    + "\nframe #0: c10::Error::Error(c10::SourceLocation, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >) + 0x80 (0x7f8b1257cb80 in /usr/local/lib/python3.12/dist-packages/torch/lib/libc10.so)"
    + "\n\nterminate called after throwing an instance of 'c10::DistBackendError'"
    + f"\n  what():  [PG ID 2 PG GUID 3 Rank 1] Process group watchdog thread terminated with exception: CUDA error: an illegal memory access was encountered\n{CUDA_HINTS}"
    + f"\n{ts(96)} SIGQUIT received. signum=3, frame=<frame at 0x7f2c3d5e1a40, file '/usr/lib/python3.12/selectors.py', line 468, code select>. It usually means one child failed.",
)


# ================================================================================= warnings, then the server is up
def up_with(lines: str, *, log: str | None = None) -> str:
    """The full start-up as far as serving, with `lines` printed while torch distributed initialises."""
    base = log if log is not None else startup("serving")
    return before(base, f"{ts(8, 'TP0')} Init torch distributed ends", lines)


case(
    "custom-allreduce-disabled-pcie-only-then-ready",
    "0.5.10.post1",
    "distributed/device_communicators/custom_all_reduce_utils.py:453-457 (logger.warning, return: NCCL does the all-reduce)",
    "healthy",
    "custom all-reduce is switched off on a PCIe-only box and NCCL is used; the server reaches ready",
    up_with(
        "\n".join(
            f"{ts(7, f'TP{r}')} CustomAllreduce is disabled because it's not supported on more than two PCIe-only GPUs. To silence this warning, specify disable_custom_all_reduce=True explicitly."
            for r in range(4)
        )
    ),
)
case(
    "nccl-debug-info-p2p-disabled-socket-transport-then-ready",
    "0.5.10.post1 / NCCL 2.27",
    "nccl src/graph/paths.cc:225 (INFO '%s set by environment to %d'), src/transport/net_ib/init.cc (INFO 'NET/IB : No device found.'), src/bootstrap.cc (INFO 'Bootstrap: Using%s'), src/init.cc:486 (INFO 'Using network %s')",
    "healthy",
    "NCCL_DEBUG=INFO chatter: P2P disabled by the environment, no IB so the socket transport; the server reaches ready",
    up_with(
        "\n".join(
            [
                nccl(None, "Bootstrap: Using eth0:10.0.0.1<0>"),
                nccl(None, "NET/IB : No device found."),
                nccl(None, "NCCL_P2P_DISABLE set by environment to 1"),
                nccl(None, "Using network Socket"),
                nccl(None, "NCCL_P2P_DISABLE set by environment to 1", dev=1, pid=51235),
                nccl(None, "Using network Socket", dev=1, pid=51235),
            ]
        )
    ),
)
case(
    "custom-allreduce-setup-failed-cudart-then-ready",
    "0.5.10.post1",
    "distributed/parallel_state.py:379-382 (except Exception: logger.warning 'Setup Custom allreduce failed with {e}. ...'); cuda_wrapper.py CUDART_CHECK text",
    "healthy",
    "custom all-reduce's IPC buffers could not be set up (a container without --ipc=host) and SGLang falls back to NCCL; ready",
    up_with(
        "\n".join(
            f"{ts(7, f'TP{r}')} Setup Custom allreduce failed with CUDART error: invalid argument. To silence this warning, specify --disable-custom-all-reduce explicitly."
            for r in range(4)
        )
    ),
)
case(
    "lws-leader-transient-gai-error-spans-nodes-then-ready",
    "0.5.10.post1 / torch 2.9 (Kubernetes LeaderWorkerSet leader pod)",
    "torch socket.cpp (recordError gai warning, then retry succeeds); custom_all_reduce_utils.py:421-424 (logger.warning 'CustomAllreduce is disabled because this process group spans across nodes.')",
    "healthy",
    "the leader's own DNS name resolved a few seconds late and the rendezvous retried; custom AR is off across nodes; ready",
    up_with(
        "\n".join(
            [
                c10d(
                    "W",
                    5,
                    "socket.cpp:767",
                    "[c10d] The IPv6 network addresses of (sglang-ds-0.sglang-ds.inference, 20000) cannot be retrieved (gai error: -2 - Name or service not known).",
                ),
                c10d(
                    "W",
                    6,
                    "socket.cpp:767",
                    "[c10d] The IPv6 network addresses of (sglang-ds-0.sglang-ds.inference, 20000) cannot be retrieved (gai error: -2 - Name or service not known).",
                ),
                f"{ts(7, 'TP0')} CustomAllreduce is disabled because this process group spans across nodes.",
            ]
        ),
        log=node(startup("serving"), rank=0, addr="sglang-ds-0.sglang-ds.inference:20000"),
    ),
)
case(
    "custom-allreduce-p2p-disagree-treat-as-disabled-then-ready",
    "0.5.10.post1",
    "distributed/device_communicators/custom_all_reduce_utils.py:218-224 (logger.warning 'Two processes do not agree on the P2P access status on %d -> %d, treat as disabled.'), 466-470",
    "healthy",
    "the P2P self-test disagreed on one pair, P2P is treated as off and custom AR disabled; the server reaches ready",
    up_with(
        f"{ts(6, 'TP0')} Two processes do not agree on the P2P access status on 0 -> 3, treat as disabled.\n"
        + "\n".join(
            f"{ts(7, f'TP{r}')} CustomAllreduce is disabled because your platform lacks GPU P2P capability or P2P test failed. To silence this warning, specify disable_custom_all_reduce=True explicitly."
            for r in range(4)
        )
    ),
)


# ================================================================= cascades: one rank dies first, the others follow
def pre(prefix: str, text: str) -> str:
    return "\n".join(prefix + line for line in text.split("\n"))


def mn_line(second: int, tp: int, text: str) -> str:
    return f"{ts(second, f'TP{tp}')} {text}"


MN_HEAD = "\n".join(
    [
        MN_ARGS.replace("node_rank=1", "node_rank=0"),
        MN_ARGS,
        mn_line(5, 0, "Init torch distributed begin."),
        mn_line(5, 8, "Init torch distributed begin."),
        mn_line(12, 0, "Init torch distributed ends. elapsed=7.10 s, mem usage=1.21 GB"),
        mn_line(12, 8, "Init torch distributed ends. elapsed=7.05 s, mem usage=1.21 GB"),
    ]
)
LOAD_BARRIER = LOAD[:-3] + (
    ("model_executor/model_runner.py", 520, "initialize", "self.load_model()"),
    ("model_executor/model_runner.py", 1290, "load_model", "raise ValueError("),
)
OTHER_RANKS = "ValueError: TP rank 0 could finish the model loading, but there are other ranks that didn't finish loading. It is likely due to unexpected failures (e.g., OOM) or a slow node."

case(  # srun's merged stdout of both nodes; the cause (node 1's CUDA OOM) comes first, node 0's barrier error follows
    "srun-node1-cuda-oom-loading-then-node0-ranks-did-not-finish",
    "0.5.10.post1 / torch 2.9 / Slurm srun",
    "c10 CUDACachingAllocator (OutOfMemoryError) in load_weights; model_runner.py:1290 (monitored_barrier -> ValueError); slurm src/srun/launch.c _task_finish ('%s: %s %s: %s%s' with strsignal)",
    "oom_weights",
    "a stale process holds most of one GPU on node 1, its rank runs out of memory loading the weights; node 0 only reports that a rank did not finish",
    MN_HEAD
    + "\n"
    + "\n".join(
        [
            mn_line(13, 0, "Load weight begin. avail mem=78.52 GB"),
            mn_line(13, 8, "Load weight begin. avail mem=78.50 GB"),
            "Loading safetensors checkpoint shards:  38% Completed | 62/163 [01:41<02:44,  1.63s/it]",
            f"{ts(140, 'TP11')} Scheduler hit an exception: "
            + tb(
                WEIGHTS
                + (("models/deepseek_v2.py", 3120, "load_weights", "weight_loader(param, loaded_weight, shard_id)"),),
                f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.75 GiB. GPU 3 has a total capacity of 79.19 GiB of which 1.02 GiB is free. Process 48211 has 52.10 GiB memory in use. Including non-PyTorch memory, this process has 26.04 GiB memory in use. Of the allocated memory 25.31 GiB is allocated by PyTorch, and 112.36 MiB is reserved by PyTorch but unallocated. {OOM_TAIL}",
            ),
            f"{ts(140)} Received sigquit from a child process. It usually means the child failed.",
            "srun: error: gpu-node-08: task 1: Killed",
            mn_line(
                231,
                0,
                "Load weight end. elapsed=218.0 s, type=DeepseekV3ForCausalLM, avail mem=36.80 GB, mem usage=41.72 GB.",
            ),
            f"{ts(232, 'TP0')} Scheduler hit an exception: " + tb(LOAD_BARRIER, OTHER_RANKS),
            f"{ts(232)} Received sigquit from a child process. It usually means the child failed.",
            "srun: error: gpu-node-07: task 0: Killed",
        ]
    ),
)
case(  # arguable: Slurm's cgroup killed the task for host memory while it loaded (no traceback on node 1); corpus convention: loading-phase OOM kill = weights
    "srun-node1-cgroup-out-of-memory-loading-then-node0-barrier",
    "0.5.10.post1 / Slurm srun",
    "slurm src/srun/launch.c _task_finish (SIG_OOM: '%s: %s %s: Out Of Memory'); model_runner.py:1290",
    "oom_weights",
    "node 1's task exceeded its memory cgroup while loading the checkpoint and was killed; node 0 then fails the post-load barrier",
    MN_HEAD
    + "\n"
    + "\n".join(
        [
            mn_line(13, 0, "Load weight begin. avail mem=78.52 GB"),
            mn_line(13, 8, "Load weight begin. avail mem=78.50 GB"),
            "Loading safetensors checkpoint shards:  71% Completed | 116/163 [03:02<01:13,  1.57s/it]",
            "srun: error: gpu-node-08: task 1: Out Of Memory",
            mn_line(
                231,
                0,
                "Load weight end. elapsed=218.0 s, type=DeepseekV3ForCausalLM, avail mem=36.80 GB, mem usage=41.72 GB.",
            ),
            f"{ts(232, 'TP0')} Scheduler hit an exception: " + tb(LOAD_BARRIER, OTHER_RANKS),
            f"{ts(232)} Received sigquit from a child process. It usually means the child failed.",
            "srun: error: gpu-node-07: task 0: Killed",
        ]
    ),
)
ILLEGAL = f"torch.AcceleratorError: CUDA error: an illegal memory access was encountered\n{CUDA_HINTS}\n"
REMOTE_LAST = "socketProgress: Connection closed by remote peer gpu-node-08.cluster<51874>"
case(  # docker compose logs of both nodes: node 1's CUDA error first, node 0's NCCL remote error after
    "compose-node1-illegal-access-then-node0-nccl-remote-error",
    "0.5.10.post1 / torch 2.9 / NCCL 2.27 (docker compose, one service a node)",
    "CUDA runtime illegal address in the forward on node 1; nccl src/misc/socket.cc:71 (WARN socketProgress closed), torch ProcessGroupNCCL (WorkNCCL::checkAndSetException, Watchdog::run) on node 0",
    "cuda_error_other",
    "a rank on node 1 hit an illegal memory access while serving; node 0's NCCL errors are the consequence",
    "\n".join(
        [
            pre("sglang-node0-1  | ", ds(startup("serving")).replace("tp_size=4", "tp_size=16")),
            pre(
                "sglang-node1-1  | ",
                f"{ts(81, 'TP8')} Decode batch, #running-req: 64, #token: 331000, token usage: 0.41, cuda graph: True, gen throughput (token/s): 2890.11, #queue-req: 12",
            ),
            pre(
                "sglang-node1-1  | ",
                f"{ts(84, 'TP12')} Scheduler hit an exception: "
                + tb(LOOP + (("models/deepseek_v2.py", 2480, "forward", "hidden_states = self.model("),), ILLEGAL),
            ),
            pre(
                "sglang-node1-1  | ",
                f"{ts(84)} Received sigquit from a child process. It usually means the child failed.",
            ),
            pre("sglang-node0-1  | ", nccl("misc/socket.cc:71", REMOTE_LAST, dev=3)),
            pre(
                "sglang-node0-1  | ",
                c10d(
                    "E",
                    85,
                    "ProcessGroupNCCL.cpp:697",
                    f"[Rank 3] Collective WorkNCCL(SeqNum=88123, OpType=ALLREDUCE, NumelIn=917504, NumelOut=917504, Timeout(ms)=600000) raised the following async exception: NCCL error: {NCCL_REMOTE}, NCCL version {NCCL_VERSION}\n{DETAIL_REMOTE}\nLast error:\n{REMOTE_LAST}",
                    rank=3,
                ),
            ),
            pre(
                "sglang-node0-1  | ",
                c10d(
                    "E",
                    85,
                    "ProcessGroupNCCL.cpp:2057",
                    f"[PG ID 2 PG GUID 3 Rank 3] Process group watchdog thread terminated with exception: NCCL error: {NCCL_REMOTE}, NCCL version {NCCL_VERSION}\n{DETAIL_REMOTE}\nLast error:\n{REMOTE_LAST}",
                    rank=3,
                )
                + "\nterminate called after throwing an instance of 'c10::DistBackendError'",
            ),
            pre(
                "sglang-node0-1  | ",
                f"{ts(86)} SIGQUIT received. signum=3, frame=<frame at 0x7f2c3d5e1a40, file '/usr/lib/python3.12/selectors.py', line 468, code select>. It usually means one child failed.",
            ),
        ]
    ),
)
RAY_ACTOR = "(SchedulerActor pid=51877, ip=10.0.0.2) "
ACTOR_DIED = "The actor died because of an error raised in its creation task, ray::SchedulerActor.__init__() (pid=51877, ip=10.0.0.2, actor_id=0c8f3e5a7b2d4c6e9f1a2b3c02000000, repr=<sglang.srt.ray.scheduler_actor.SchedulerActor object at 0x7f1d2e3c4b50>)"
ACTOR_STACK = (
    (("ray/scheduler_actor.py", 84, "__init__", "self.scheduler = Scheduler("),)
    + GRAPHS[1:]
    + (("model_executor/cuda_graph_runner.py", 655, "__init__", "raise Exception("),)
)
CAPTURE_OOM = f"Exception: Capture cuda graph failed: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 4 has a total capacity of 79.19 GiB of which 1.21 GiB is free. Including non-PyTorch memory, this process has 77.96 GiB memory in use. Of the allocated memory 74.10 GiB is allocated by PyTorch, with 1.62 GiB allocated in private pools (e.g., CUDA Graphs), and 1.15 GiB is reserved by PyTorch but unallocated. {OOM_TAIL}\n{CAPTURE_TAIL}"
case(  # Ray prefixes each actor's lines; the driver's RuntimeError repeats the actor's error; another actor's NCCL socket closes
    "ray-actor-capture-oom-then-peer-socket-closed-and-engine-error",
    "0.5.10.post1 / Ray 2.x",
    "model_executor/cuda_graph_runner.py:655 (Capture cuda graph failed: <OOM>); ray/engine.py:181 ('Scheduler actor failed to initialize: {e}'); nccl src/misc/socket.cc:71 on a surviving actor",
    "oom_cuda_graph",
    "one actor ran out of memory capturing CUDA graphs; the NCCL socket error of its peer and the engine's RuntimeError follow from it",
    "\n".join(
        [
            f"{ts(0)} Ray cluster: 2 nodes, Use 8 GPUs/node, world_size=16",
            f"{ts(0)} dist_init_addr: 10.0.0.1:30002",
            pre(
                RAY_ACTOR,
                mn_line(60, 12, "Capture cuda graph begin. This can take up to several minutes. avail mem=9.40 GB"),
            ),
            pre(
                RAY_ACTOR,
                f"Exception raised in creation task: {ACTOR_DIED}\n" + frames(*ACTOR_STACK) + f"\n{CAPTURE_OOM}",
            ),
            pre(
                "(SchedulerActor pid=40211, ip=10.0.0.1) ",
                nccl("misc/socket.cc:71", "socketProgress: Connection closed by remote peer 10.0.0.2<45613>", dev=0),
            ),
            tb(
                RAY_ENGINE[:3]
                + (
                    ("ray/engine.py", 170, "_launch_scheduler_processes", "scheduler_infos = ray.get("),
                    (
                        f"{PKG}/ray/_private/worker.py",
                        2961,
                        "get",
                        "values, debugger_breakpoint = worker.get_objects(object_refs, timeout=timeout)",
                    ),
                    (f"{PKG}/ray/_private/worker.py", 1028, "get_objects", "raise value"),
                ),
                f"ray.exceptions.ActorDiedError: {ACTOR_DIED}\n" + frames(*ACTOR_STACK) + f"\n{CAPTURE_OOM}",
            ),
            "\nDuring handling of the above exception, another exception occurred:\n",
            tb(
                RAY_ENGINE[:3]
                + (
                    (
                        "ray/engine.py",
                        181,
                        "_launch_scheduler_processes",
                        'raise RuntimeError(f"Scheduler actor failed to initialize: {e}")',
                    ),
                ),
                f"RuntimeError: Scheduler actor failed to initialize: {ACTOR_DIED}\n"
                + frames(*ACTOR_STACK)
                + f"\n{CAPTURE_OOM}",
            ),
        ]
    ),
)
case(  # srun --label: node 1's OOM while serving; node 0's ranks time out ten minutes later in the same all-reduce
    "srun-label-node1-forward-oom-then-node0-watchdog-timeout",
    "0.5.10.post1 / torch 2.9 / Slurm srun --label",
    "c10 CUDACachingAllocator OutOfMemoryError in the forward on node 1; torch ProcessGroupNCCL.cpp (checkTimeout: 'Watchdog caught collective operation timeout: ... ran for %d milliseconds before timing out.') on node 0",
    "oom_runtime",
    "a rank on node 1 ran out of memory during a forward while serving; node 0's collective timeout is the consequence",
    "\n".join(
        [
            pre("0: ", ds(startup("serving")).replace("tp_size=4", "tp_size=16")),
            pre(
                "1: ",
                f"{ts(81, 'TP9')} Scheduler hit an exception: "
                + tb(
                    LOOP
                    + (
                        ("models/deepseek_v2.py", 2480, "forward", "hidden_states = self.model("),
                        (
                            "layers/moe/fused_moe_triton/layer.py",
                            900,
                            "forward",
                            "final_hidden_states = self.quant_method.apply(",
                        ),
                    ),
                    f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.50 GiB. GPU 1 has a total capacity of 79.19 GiB of which 2.12 GiB is free. Including non-PyTorch memory, this process has 77.05 GiB memory in use. Of the allocated memory 71.84 GiB is allocated by PyTorch, with 2.10 GiB allocated in private pools (e.g., CUDA Graphs), and 1.61 GiB is reserved by PyTorch but unallocated. {OOM_TAIL}",
                ),
            ),
            pre("1: ", f"{ts(81)} Received sigquit from a child process. It usually means the child failed."),
            "srun: error: gpu-node-08: task 1: Killed",
            pre(
                "0: ",
                c10d(
                    "E",
                    681,
                    "ProcessGroupNCCL.cpp:632",
                    "[Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=88124, OpType=ALLREDUCE, NumelIn=917504, NumelOut=917504, Timeout(ms)=600000) ran for 600032 milliseconds before timing out.",
                    rank=0,
                ),
            ),
            pre(
                "0: ",
                c10d(
                    "E",
                    681,
                    "ProcessGroupNCCL.cpp:2057",
                    "[PG ID 2 PG GUID 3 Rank 0] Process group watchdog thread terminated with exception: [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=88124, OpType=ALLREDUCE, NumelIn=917504, NumelOut=917504, Timeout(ms)=600000) ran for 600032 milliseconds before timing out.",
                    rank=0,
                ),
            ),
            "0: terminate called after throwing an instance of 'c10::DistBackendError'",
            pre(
                "0: ",
                f"{ts(682)} SIGQUIT received. signum=3, frame=<frame at 0x7f2c3d5e1a40, file '/usr/lib/python3.12/selectors.py', line 468, code select>. It usually means one child failed.",
            ),
            "srun: error: gpu-node-07: task 0: Killed",
        ]
    ),
)
Q_CHOICES = "'awq', 'fp8', 'gptq', 'marlin', 'gptq_marlin', 'awq_marlin', 'bitsandbytes', 'gguf', 'modelopt', 'modelopt_fp4', 'petit_nvfp4', 'w8a8_int8', 'w8a8_fp8', 'moe_wna16', 'qoq', 'w4afp8'"
case(  # mismatched images between nodes: node 1's older SGLang rejects the flag; node 0 then waits for clients that never join
    "srun-node1-old-image-rejects-flag-then-node0-store-timeout",
    "0.4.10 on node 1 (argparse choices, server_args.py:749-768) / 0.5.10.post1 on node 0 / torch 2.9",
    "CPython argparse ('argument %s: invalid choice: %r (choose from %s)') on node 1; torch c10d TCPStore ('Timed out after %d seconds waiting for clients. %d/%d clients joined.') on node 0; slurm launch.c ('Exited with exit code %d')",
    "config_error",
    "node 1 runs an older SGLang whose --quantization does not know mxfp4: a bad argument there; node 0's rendezvous timeout follows",
    "\n".join(
        [
            MN_ARGS.replace("node_rank=1", "node_rank=0").replace(", log_level", ", quantization='mxfp4', log_level"),
            "usage: launch_server.py [-h] --model-path MODEL_PATH [--tokenizer-path TOKENIZER_PATH] [--host HOST] [--port PORT]",
            f"launch_server.py: error: argument --quantization: invalid choice: 'mxfp4' (choose from {Q_CHOICES})",
            "srun: error: gpu-node-08: task 1: Exited with exit code 2",
            mn_line(5, 0, "Init torch distributed begin."),
            f"{ts(606, 'TP0')} Scheduler hit an exception: "
            + tb(
                RENDEZVOUS[:-1]
                + ((f"{TORCH}/distributed/rendezvous.py", 198, "_create_c10d_store", "return TCPStore("),),
                "torch.distributed.DistStoreError: Timed out after 601 seconds waiting for clients. 8/16 clients joined.",
            ),
            f"{ts(606)} Received sigquit from a child process. It usually means the child failed.",
            "srun: error: gpu-node-07: task 0: Killed",
        ]
    ),
)
case(  # node 0's launcher cannot take the DP-attention handshake ports; node 1 waits ten minutes for them
    "srun-node0-dist-init-port-busy-then-node1-dp-ports-timeout",
    "0.5.10.post1 / Slurm srun",
    "server_args.py:6618-6631 (PortArgs.init_new: wait_port_available, logger.exception 'Port is already in use. ...', raise), utils/network.py:74; data_parallel_controller.py:372-374 on node 1",
    "port_in_use",
    "a leftover process still holds node 0's --dist-init-addr port; node 1's handshake timeout is the consequence",
    "\n".join(
        [
            MN_ARGS.replace("node_rank=1", "node_rank=0").replace(
                ", log_level", ", dp_size=16, enable_dp_attention=True, log_level"
            ),
            MN_ARGS.replace(", log_level", ", dp_size=16, enable_dp_attention=True, log_level"),
            f"{ts(2)} port 20000 is in use. Waiting for 15 seconds for dist_init_port to be available. dist_init_port is used by a process already. process.name()='python3'' process.cmdline()=['python3', '-m', 'sglang.launch_server', '--model-path', 'deepseek-ai/DeepSeek-V3', '--tp', '16', '--dist-init-addr', '10.0.0.1:20000', '--nnodes', '2', '--node-rank', '0'] process.status()='sleeping' pid=40112",
            f"{ts(4)} Port is already in use. dist_init_port=20000 port_base=20001 detokenizer_port=20002 nccl_port=31543 scheduler_input_port=20005",
            tb(
                LAUNCH[:-1]
                + (
                    (
                        "entrypoints/engine.py",
                        647,
                        "_launch_subprocesses",
                        "port_args = PortArgs.init_new(server_args)",
                    ),
                    ("server_args.py", 6618, "init_new", 'wait_port_available(dist_init_port, "dist_init_port")'),
                    ("utils/network.py", 74, "wait_port_available", "raise ValueError("),
                ),
                "ValueError: dist_init_port at 20000 is not available in 30 seconds. dist_init_port is used by a process already. process.name()='python3'' process.cmdline()=['python3', '-m', 'sglang.launch_server', '--model-path', 'deepseek-ai/DeepSeek-V3', '--tp', '16', '--dist-init-addr', '10.0.0.1:20000', '--nnodes', '2', '--node-rank', '0'] process.status()='sleeping' pid=40112",
            ),
            "srun: error: gpu-node-07: task 0: Exited with exit code 1",
            f"{ts(602)} Timeout waiting for worker ports from node 0",
            f"{ts(602)} DataParallelController hit an exception: "
            + tb(DP_CTRL, "RuntimeError: Failed to receive worker ports from node 0 within timeout"),
            f"{ts(602)} Received sigquit from a child process. It usually means the child failed.",
            "srun: error: gpu-node-08: task 1: Killed",
        ]
    ),
)


# The classifier's misses at first sight (one run, after the labels above were fixed): strict, so a fix must remove the
# entry. Filled in from that run; no log or label above was changed after it.
# Afterwards (lead): two fixed by family (another node's handshake that never came is distributed; Slurm's `task N:
# Out Of Memory` is the memory family, so the dying node's cause outranks the survivors' cascade); three stay arguable.
XFAIL: dict[str, str] = {
    "dist-init-addr-bare-ipv6-without-brackets": "nccl_or_distributed (unnamed.exception)",
    "pd-decode-cannot-reach-prefill-bootstrap-serving": "healthy (phases.ready)",
    "pynccl-failed-to-load-nccl-library": "config_error (config.exception)",
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_distributed_failure_in_its_launch_context_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


def test_the_cases_are_many_and_cover_the_cascades_and_the_benign_twins() -> None:
    labels = [t.label for t in CASES.values()]
    assert 30 <= len(CASES) <= 45
    assert 4 <= labels.count("healthy") <= 5

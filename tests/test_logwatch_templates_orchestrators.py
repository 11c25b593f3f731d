"""SGLang 0.4.x-0.5.x under the ORCHESTRATORS and platforms operators run it on (a helper, blind), each failure
rendered inside the orchestrator's own real output around SGLang's lines:

- Kubernetes: `kubectl logs --timestamps` (kubelet's fixed-width RFC3339Nano stamp), `kubectl logs -l ... --prefix`
  (`[pod/NAME/CONTAINER] `, and only the last 10 lines per pod, kubectl's default tail with a selector), `--previous
  --tail=N`, `kubectl get pods`, `kubectl describe pod` (Last State OOMKilled / Completed, kubelet's BackOff and
  Unhealthy events), LeaderWorkerSet leader and worker pods (`--dist-init-addr $(LWS_LEADER_ADDRESS):20000`, the leader
  waiting for a worker that is still Pending, a `${LWS_WORKER_INDEX}` that no shell expands), hostNetwork pods, a pod
  without a /dev/shm emptyDir, a GKE Logs Explorer export (newest first, every stderr line an `ERROR` entry);
- Slurm: `srun --label` (`0: `, `1: `), slurmstepd's `Detected 1 oom_kill event` and srun's `task 0: Out Of Memory`,
  `task 0: Killed`, `Exited with exit code 1`, `*** STEP ... CANCELLED AT ... DUE TO TIME LIMIT ***`, two nodes with
  `--nnodes 2 --node-rank $SLURM_NODEID`, a node shared with another job's server, a compute node with no internet;
- docker / docker compose: compose v2's `name-1  | ` prefix padded to the longest service name, `exited with code N`,
  `Gracefully stopping...`, the daemon's `port is already allocated`, the CUDA base image's banner, a 64 MB /dev/shm
  (no `--ipc=host`, no `shm_size`) as NCCL reports it with and without NCCL_DEBUG, a host driver older than the image's
  CUDA, a gated model with no HF_TOKEN under `restart: always`;
- GitHub Actions: SGLang's own CI (`run_suite.py` / `run_unittest_files`' Begin/End banners, `popen_launch_server`'s
  `Server process exited with code -9`, unittest's setUpClass error, `##[error]Process completed with exit code 1.`)
  with the runner's 7-digit timestamps, and `gh run view --log-failed`'s `job<TAB>step<TAB>` form;
- SkyPilot: `(head, rank=0, pid=N) ` / `(worker1, rank=1, pid=N, ip=...) ` / `(task-name, pid=N) ` prefixes and
  `ERROR: Job 1 failed with return code list: [...]`.
Modal / RunPod / Vast: no real output of theirs was found beyond plain stdout, so none is imitated here.

Sources. SGLang: the PyPI wheels 0.4.6.post5, 0.4.10, 0.5.3, 0.5.10.post1 (file:line under sglang/ of that wheel; the
argparse usage blocks were printed by argparse from that release's own `ServerArgs.add_cli_args` / `prepare_server_args`,
prog and width as in a container with no tty). Orchestrators: kubernetes/kubernetes staging/src/k8s.io/kubectl/pkg/cmd/
logs/logs.go (addPrefixIfNeeded: `[pod/%s/%s] `), pkg/kubelet/kuberuntime/logs/logs.go (timeFormatOut
`2006-01-02T15:04:05.000000000Z07:00`), pkg/kubelet/kuberuntime/kuberuntime_manager.go (`Back-off restarting failed
container %s in pod %s`), pkg/kubelet/prober/prober.go (`%s probe failed: %s`); sgl-project/sglang docs/references/
multi_node_inference_k8s_lws.md (the LWS yaml, pod names, readinessProbe) and docker/compose.yaml; SchedMD/slurm
src/srun/launch.c:377,388,409 (`%s: %s %s: Out Of Memory` / `Exited with exit code %d` / `%s: %s %s: %s%s` strsignal),
src/plugins/task/cgroup/task_cgroup_memory.c:291, src/slurmd/slurmstepd/req.c:1122, src/api/step_launch.c:743,
src/common/write_labelled_message.c:143 (`%*d: `); docker/compose cmd/formatter/logs.go (`%-<w>s | `) and
pkg/compose/printer.go (`exited with code %d`); NVIDIA/nccl v2.21.5-1 and v2.27.7-1 src/misc/shmutils.cc, src/debug.cc,
src/init.cc; torch's c10 allocator and CUDAFunctions texts as real logs print them; transformers 4.54.1
utils/hub.py:540,550 and huggingface_hub 0.34.3 utils/_http.py:424, file_download.py:1661; deepseek-ai/DeepEP at
9af0e0d csrc/deep_ep.cpp:49 with csrc/kernels/exception.cuh; SkyPilot's executor prefixes and its `failed with return
code list` line as real `sky launch` output prints them; real GHA log lines. Labels by /work/shared/corpus/README.md,
each decided (with its one line of why) before the classifier ran. Where only the orchestrator says what happened (a
cgroup OOM kill while the shards load, the daemon refusing a port), the label is what a person fixing the launch would
conclude, as tests/test_logwatch_templates_proc.py does (SIGKILL while the weights load -> oom_weights).

Real details worth knowing: SGLang's kill_process_tree SIGKILLs its own pid and then calls sys.exit(0); as PID 1 in a
container the SIGKILL is dropped, so a compose service whose scheduler died prints `exited with code 0` and a pod
restarts from `Completed`; outside a container srun reports `Killed` and a CI Popen `-9`. A second server whose
uvicorn cannot bind still runs its warm-up thread, which reaches whatever already holds the port.

First sight: 22/30 (8 misses, strict xfails below; healthy contrasts 4/5).
"""

# ruff: noqa: E501, RUF005  (log lines are data; call paths are built by extending a shared prefix)

from __future__ import annotations

import re
from typing import NamedTuple

import pytest

from safelaunch.core.logwatch import classify_text

from .logwatch_templates import (
    DIST_INIT,
    INIT,
    LOOP,
    MODEL_PARALLEL,
    TB,
    TORCH_PG,
    first_sight,
    startup,
    ts,
)


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
PY310 = "/usr/local/lib/python3.10/dist-packages"  # lmsysorg/sglang 0.4.x images
PY312 = "/usr/local/lib/python3.12/dist-packages"  # lmsysorg/sglang 0.5.x images
SGW = "/sgl-workspace/sglang/python/sglang"  # the images install sglang from source here
CONDA = "/scratch/slurm-user/envs/sglang/lib/python3.11/site-packages"  # a Slurm user's env
CI = "/actions-runner/_work/sglang/sglang"  # SGLang's self-hosted runners, `pip install -e python`


def fr(srt: str, *stack: tuple[str, int, str, str]) -> str:
    """Python's frames, files under `srt` (a sglang/srt directory) unless absolute; an empty source line prints none."""
    out = []
    for path, line, func, code in stack:
        full = path if path.startswith(("/", "<")) else f"{srt}/{path}"
        out.append(f'  File "{full}", line {line}, in {func}' + (f"\n    {code}" if code else ""))
    return "\n".join(out)


def torch_mod(py: str, ver: str) -> tuple:
    """torch.nn.Module's two call frames, by torch release."""
    a, b = {"2.6": (1739, 1750), "2.7": (1751, 1762), "2.8": (1773, 1784), "2.9": (1775, 1786)}[ver]
    return (
        (f"{py}/torch/nn/modules/module.py", a, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
        (f"{py}/torch/nn/modules/module.py", b, "_call_impl", "return forward_call(*args, **kwargs)"),
    )


def no_grad(py: str) -> tuple:
    return ((f"{py}/torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),)


def oom(tried: str, total: str, free: str, proc: str, alloc: str, reserved: str) -> str:
    """torch >= 2.4's caching-allocator OOM (c10/cuda/CUDACachingAllocator.cpp), as real logs print it."""
    return (
        f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {tried}. GPU 0 has a total capacity of {total} "
        f"of which {free} is free. {proc} Of the allocated memory {alloc} is allocated by PyTorch, and {reserved} is "
        "reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting "
        "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory "
        "Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
    )


CUDA_GRAPH_MSG = (  # cuda_graph_runner.py:795 (0.4.10) / :868 (0.5.3), CUDA_GRAPH_CAPTURE_FAILED_MSG
    "Possible solutions:\n"
    "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
    "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n"
    "3. disable torch compile by not using --enable-torch-compile\n"
    "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\n"
    "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose \n"
)
LAUNCH_SIGQUIT = "Received sigquit from a child process. It usually means the child failed."  # engine.py, launch phase
RUN_SIGQUIT_05 = (
    "SIGQUIT received. signum=None, frame=None. It usually means one child failed."  # tokenizer_manager, 0.5.x
)
ILLEGAL = (
    "RuntimeError: CUDA error: an illegal memory access was encountered\n"
    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n"
)
NCCL_SYS = "RuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)"
CUDA_BANNER = """
==========
== CUDA ==
==========

CUDA Version {cuda}

Container image Copyright (c) 2016-2023, NVIDIA CORPORATION & AFFILIATES. All rights reserved.

This container image and its contents are governed by the NVIDIA Deep Learning Container License.
By pulling and using the container, you accept the terms and conditions of this license:
https://developer.nvidia.com/ngc/nvidia-deep-learning-container-license

A copy of this license is made available in this container at /NGC-DL-CONTAINER-LICENSE for your convenience.
"""
SERVE_WARN_0510 = (  # sglang/launch_server.py:51 (0.5.10.post1), warnings.warn(..., UserWarning, stacklevel=1)
    "{root}/launch_server.py:51: UserWarning: 'python -m sglang.launch_server' is still supported, but 'sglang serve' "
    "is the recommended entrypoint.\n  Example: sglang serve --model-path <model> [options]\n  warnings.warn("
)


def uvicorn(t: int, pid: int = 1, host: str = "0.0.0.0", port: int = 30000) -> list[str]:
    return [
        f"{ts(t)} INFO:     Started server process [{pid}]",
        f"{ts(t)} INFO:     Waiting for application startup.",
        f"{ts(t)} INFO:     Application startup complete.",
        f"{ts(t)} INFO:     Uvicorn running on http://{host}:{port} (Press CTRL+C to quit)",
    ]


def ready_04(t: int, rank: str | None = "TP0", info: str = "get_model_info") -> list[str]:
    """0.4.x / 0.5.3's warm-up: GET the model info, one /generate, then the ready line (http_server.py)."""
    return [
        f'{ts(t)} INFO:     127.0.0.1:51234 - "GET /{info} HTTP/1.1" 200 OK',
        f"{ts(t, rank)} Prefill batch. #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f'{ts(t + 1)} INFO:     127.0.0.1:51240 - "POST /generate HTTP/1.1" 200 OK',
        f"{ts(t + 1)} The server is fired up and ready to roll!",
    ]


def boot_04(
    ranks: list[str | None],
    *,
    model: str,
    arch: str,
    shards: int,
    until: str,
    t0: int = 0,
    nccl: str | None = None,
    tokens: int = 1005412,
    kv: str = "26.85",
    ctx: int = 32768,
    avail_gpu: bool = True,
) -> list[str]:
    """0.4.6-0.5.3's start-up lines (model_runner.py / memory_pool.py / scheduler.py of those wheels), per rank, as far
    as `until` (dist, load, kv, graph, serve)."""
    order = ["dist", "load", "kv", "graph", "serve"]
    stop = order.index(until)
    out = [f"{ts(t0 + 8, r)} Init torch distributed begin." for r in ranks]
    if nccl:
        out.append(f"{ts(t0 + 9, ranks[0])} sglang is using nccl=={nccl}")
    if stop == 0:
        return out
    out += [f"{ts(t0 + 10, r)} Init torch distributed ends. mem usage=0.74 GB" for r in ranks]
    out += [f"{ts(t0 + 10, r)} Load weight begin. avail mem=78.37 GB" for r in ranks]
    out.append(f"Loading safetensors checkpoint shards:   0% Completed | 0/{shards} [00:00<?, ?it/s]")
    if stop == 1:
        return out
    out.append(
        f"Loading safetensors checkpoint shards: 100% Completed | {shards}/{shards} [00:{shards:02d}<00:00,  1.19it/s]"
    )
    out += [
        f"{ts(t0 + 40, r)} Load weight end. type={arch}, dtype=torch.bfloat16, avail mem=61.04 GB, mem usage=17.33 GB."
        for r in ranks
    ]
    out += [
        f"{ts(t0 + 41, r)} KV Cache is allocated. #tokens: {tokens}, K size: {kv} GB, V size: {kv} GB" for r in ranks
    ]
    out += [f"{ts(t0 + 41, r)} Memory pool end. avail mem=6.86 GB" for r in ranks]
    if stop == 2:
        return out
    out += [
        f"{ts(t0 + 42, r)} Capture cuda graph begin. This can take up to several minutes. avail mem=6.31 GB"
        for r in ranks
    ]
    if stop == 3:
        return out
    out.append("Capturing batches (bs=1 avail_mem=5.68 GB): 100%|██████████| 23/23 [00:07<00:00,  3.11it/s]")
    out += [
        f"{ts(t0 + 50, r)} Capture cuda graph end. Time elapsed: 7.53 s. mem usage=0.63 GB. avail mem=5.68 GB."
        for r in ranks
    ]
    tail = ", available_gpu_mem=5.68 GB" if avail_gpu else ""
    out.append(
        f"{ts(t0 + 51, ranks[0])} max_total_num_tokens={tokens}, chunked_prefill_size=8192, max_prefill_tokens=16384, "
        f"max_running_requests=4096, context_len={ctx}{tail}"
    )
    return out


# -- orchestrator wrappers
_STAMP = re.compile(r"\[2026-03-02 (\d\d):(\d\d):(\d\d)")


def _clock(text: str) -> list[tuple[tuple[int, int, int], int, str]]:
    """Each line with the wall clock it was written at: SGLang's own stamp when it has one, else the last one."""
    out, last = [], (10, 0, 0)
    for i, line in enumerate(text.split("\n")):
        m = _STAMP.search(line)
        if m:
            last = (int(m[1]), int(m[2]), int(m[3]))
        out.append((last, i, line))
    return out


def kubectl_ts(text: str) -> str:
    """`kubectl logs --timestamps`: kubelet's fixed-width RFC3339Nano stamp before every line."""
    return "\n".join(
        f"2026-03-02T{h:02d}:{m:02d}:{s:02d}.{(31_337_001 + i * 3_141_593) % 10**9:09d}Z {line}"
        for (h, m, s), i, line in _clock(text)
    )


def gha(text: str, *, job: str | None = None, step: str = "Run test") -> str:
    """GitHub Actions' raw log (7 fractional digits), or `gh run view --log-failed` (`job<TAB>step<TAB>` first)."""
    lead = f"{job}\t{step}\t" if job else ""
    return "\n".join(
        f"{lead}2026-03-02T{h:02d}:{m:02d}:{s:02d}.{(1_048_573 + i * 271_829) % 10**7:07d}Z {line}"
        for (h, m, s), i, line in _clock(text)
    )


def prefixed(text: str, prefix: str) -> str:
    return "\n".join(prefix + line for line in text.split("\n"))


def tail(text: str, n: int) -> str:
    return "\n".join(text.split("\n")[-n:])


def sargs(**over: object) -> str:
    """A `server_args=ServerArgs(...)` line with the fields that matter here (the shared one's shape)."""
    fields = {
        "model_path": "'Qwen/Qwen3-32B'",
        "tokenizer_path": "'Qwen/Qwen3-32B'",
        "dtype": "'auto'",
        "host": "'0.0.0.0'",
        "port": "30000",
        "mem_fraction_static": "0.88",
        "tp_size": "1",
        "pp_size": "1",
        "dist_init_addr": "None",
        "nnodes": "1",
        "node_rank": "0",
        "disable_cuda_graph": "False",
    }
    for k, v in over.items():
        fields[k] = repr(v) if isinstance(v, str) else str(v)
    if "model_path" in over and "tokenizer_path" not in over:
        fields["tokenizer_path"] = fields["model_path"]
    return "server_args=ServerArgs(" + ", ".join(f"{k}={v}" for k, v in fields.items()) + ")"


# -- SGLang call paths by release (file:line of that wheel), outermost first
def sched_053(srt: str) -> tuple:
    return (
        ("managers/scheduler.py", 2847, "run_scheduler_process", "scheduler = Scheduler("),
        ("managers/scheduler.py", 396, "__init__", "self.tp_worker = TpWorkerClass("),
        ("managers/tp_worker_overlap_thread.py", 67, "__init__", "self.worker = TpModelWorker("),
        ("managers/tp_worker.py", 100, "__init__", "self.model_runner = ModelRunner("),
    )


GRAPH_053_OUTER = sched_053("") + (
    ("model_executor/model_runner.py", 298, "__init__", "self.initialize(min_per_gpu_memory)"),
    ("model_executor/model_runner.py", 440, "initialize", "self.init_device_graphs()"),
    (
        "model_executor/model_runner.py",
        1842,
        "init_device_graphs",
        "self.graph_runner = graph_runners[self.device](self)",
    ),
    ("model_executor/cuda_graph_runner.py", 368, "__init__", "raise Exception("),
)


def graph_053_inner(py: str, model: str = "qwen3.py", line: int = 375) -> tuple:
    return (
        ("model_executor/cuda_graph_runner.py", 366, "__init__", "self.capture()"),
        ("model_executor/cuda_graph_runner.py", 485, "capture", ") = self.capture_one_batch_size(bs, forward)"),
        ("model_executor/cuda_graph_runner.py", 661, "capture_one_batch_size", "run_once()"),
        ("model_executor/cuda_graph_runner.py", 650, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
        *no_grad(py),
        (f"models/{model}", line, "forward", "return self.logits_processor("),
        *torch_mod(py, "2.8"),
        (
            "layers/logits_processor.py",
            341,
            "forward",
            "logits = self._get_logits(pruned_states, lm_head, logits_metadata)",
        ),
        ("layers/logits_processor.py", 466, "_get_logits", "logits = torch.matmul("),
    )


def graph_oom(srt: str, py: str, inner: tuple, outer: tuple, err: str) -> str:
    """cuda_graph_runner re-raises the RuntimeError as `Capture cuda graph failed:`; get_exception_traceback prints both."""
    first = err.split(": ", 1)[1]
    return (
        f"{TB}\n{fr(srt, *inner)}\n{err}\n\nDuring handling of the above exception, another exception occurred:\n\n"
        f"{TB}\n{fr(srt, *outer)}\nException: Capture cuda graph failed: {first}\n{CUDA_GRAPH_MSG}"
    )


LOAD_053 = sched_053("") + (
    ("model_executor/model_runner.py", 298, "__init__", "self.initialize(min_per_gpu_memory)"),
    ("model_executor/model_runner.py", 345, "initialize", "self.load_model()"),
    ("model_executor/model_runner.py", 789, "load_model", "self.model = get_model("),
    ("model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
    ("model_loader/loader.py", 489, "load_model", "model = _initialize_model("),
    ("model_loader/loader.py", 231, "_initialize_model", "return model_class("),
    (
        "models/llama.py",
        425,
        "__init__",
        'self.model = self._init_model(config, quant_config, add_prefix("model", prefix))',
    ),
    ("models/llama.py", 457, "_init_model", "return LlamaModel(config, quant_config=quant_config, prefix=prefix)"),
    ("models/llama.py", 300, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
    ("utils/common.py", 503, "make_layers", "+ get_offloader().wrap_modules("),
    ("offloader.py", 36, "wrap_modules", "return list(all_modules_generator)"),
    ("utils/common.py", 506, "<genexpr>", "layer_fn(idx=idx, prefix=add_prefix(idx, prefix))"),
    ("models/llama.py", 302, "<lambda>", "lambda idx, prefix: LlamaDecoderLayer("),
    ("models/llama.py", 241, "__init__", "self.mlp = LlamaMLP("),
    ("models/llama.py", 72, "__init__", "self.gate_up_proj = MergedColumnParallelLinear("),
    ("layers/linear.py", 484, "__init__", "super().__init__("),
    ("layers/linear.py", 321, "__init__", "self.quant_method.create_weights("),
    ("layers/quantization/unquant.py", 100, "create_weights", "torch.empty("),
    (f"{PY312}/torch/utils/_device.py", 104, "__torch_function__", "return func(*args, **kwargs)"),
)
PYNCCL_053 = sched_053("") + (
    ("model_executor/model_runner.py", 285, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
    ("model_executor/model_runner.py", 687, "init_torch_distributed", "initialize_model_parallel("),
    ("distributed/parallel_state.py", 1489, "initialize_model_parallel", "_TP = init_model_parallel_group("),
    ("distributed/parallel_state.py", 1270, "init_model_parallel_group", "return GroupCoordinator("),
    ("distributed/parallel_state.py", 313, "__init__", "self.pynccl_comm = PyNcclCommunicator("),
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
)
PYNCCL_046 = (
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
    ("model_executor/model_runner.py", 457, "init_torch_distributed", "initialize_model_parallel("),
    ("distributed/parallel_state.py", 1152, "initialize_model_parallel", "_TP = init_model_parallel_group("),
    ("distributed/parallel_state.py", 978, "init_model_parallel_group", "return GroupCoordinator("),
    ("distributed/parallel_state.py", 262, "__init__", "self.pynccl_comm = PyNcclCommunicator("),
    (
        "distributed/device_communicators/pynccl.py",
        109,
        "__init__",
        "self.comm: ncclComm_t = self.nccl.ncclCommInitRank(",
    ),
    ("distributed/device_communicators/pynccl_wrapper.py", 350, "ncclCommInitRank", "self.NCCL_CHECK("),
    (
        "distributed/device_communicators/pynccl_wrapper.py",
        329,
        "NCCL_CHECK",
        'raise RuntimeError(f"NCCL error: {error_str}")',
    ),
)
PYNCCL_WARMUP_0510 = MODEL_PARALLEL + (
    ("distributed/parallel_state.py", 1790, "initialize_model_parallel", "_TP = init_model_parallel_group("),
    ("distributed/parallel_state.py", 1411, "init_model_parallel_group", "return GroupCoordinator("),
    ("distributed/parallel_state.py", 356, "__init__", "self.pynccl_comm = PyNcclCommunicator("),
    ("distributed/device_communicators/pynccl.py", 117, "__init__", "self.all_reduce(data)"),
    ("distributed/device_communicators/pynccl.py", 141, "all_reduce", "self.nccl.ncclAllReduce("),
    ("distributed/device_communicators/pynccl_wrapper.py", 423, "ncclAllReduce", "self.NCCL_CHECK("),
    (
        "distributed/device_communicators/pynccl_wrapper.py",
        376,
        "NCCL_CHECK",
        'raise RuntimeError(f"NCCL error: {error_str}")',
    ),
)
POOL_0510 = INIT + (
    ("model_executor/model_runner.py", 623, "initialize", "self.init_memory_pool(pre_model_load_memory)"),
    (
        "model_executor/model_runner_kv_cache_mixin.py",
        899,
        "init_memory_pool",
        "self.memory_pool_config = self._resolve_memory_pool_config(",
    ),
    ("model_executor/model_runner_kv_cache_mixin.py", 885, "_resolve_memory_pool_config", "return MemoryPoolConfig("),
    ("<string>", 9, "__init__", ""),
    ("model_executor/model_runner_kv_cache_mixin.py", 60, "__post_init__", "raise RuntimeError(msg)"),
)
EXTEND_0510 = LOOP + (
    ("model_executor/model_runner.py", 2849, "_forward_raw", "ret, can_run_graph = self.forward_extend("),
    ("model_executor/model_runner.py", 2697, "forward_extend", "return self.model.forward("),
)
GRAPH_0410_OUTER = (
    ("managers/scheduler.py", 2402, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 312, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 67, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 84, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 237, "__init__", "self.initialize(min_per_gpu_memory)"),
    ("model_executor/model_runner.py", 334, "initialize", "self.init_cuda_graphs()"),
    ("model_executor/model_runner.py", 1484, "init_cuda_graphs", "self.cuda_graph_runner = CudaGraphRunner(self)"),
    ("model_executor/cuda_graph_runner.py", 362, "__init__", "raise Exception("),
)


def graph_0410_inner(py: str) -> tuple:
    return (
        ("model_executor/cuda_graph_runner.py", 360, "__init__", "self.capture()"),
        ("model_executor/cuda_graph_runner.py", 460, "capture", ") = self.capture_one_batch_size(bs, forward)"),
        ("model_executor/cuda_graph_runner.py", 620, "capture_one_batch_size", "run_once()"),
        ("model_executor/cuda_graph_runner.py", 608, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
        *no_grad(py),
        ("models/llama.py", 471, "forward", "return self.logits_processor("),
        *torch_mod(py, "2.7"),
        (
            "layers/logits_processor.py",
            326,
            "forward",
            "logits = self._get_logits(pruned_states, lm_head, logits_metadata)",
        ),
        ("layers/logits_processor.py", 458, "_get_logits", "logits = torch.matmul("),
    )


def launcher_0410(py: str, root: str, runpy: str = "310") -> tuple:
    """0.4.10's launcher building ServerArgs: __post_init__ loads the HF config (server_args.py:333)."""
    run = (
        (
            ("/usr/lib/python3.10/runpy.py", 196, "_run_module_as_main", "return _run_code(code, main_globals, None,"),
            ("/usr/lib/python3.10/runpy.py", 86, "_run_code", "exec(code, run_globals)"),
        )
        if runpy == "310"
        else (("<frozen runpy>", 198, "_run_module_as_main", ""), ("<frozen runpy>", 88, "_run_code", ""))
    )
    return run + (
        (f"{root}/launch_server.py", 11, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
        (f"{root}/srt/server_args.py", 2003, "prepare_server_args", "server_args = ServerArgs.from_cli_args(raw_args)"),
        (
            f"{root}/srt/server_args.py",
            1815,
            "from_cli_args",
            "return cls(**{attr: getattr(args, attr) for attr in attrs})",
        ),
        ("<string>", 246, "__init__", ""),
        (f"{root}/srt/server_args.py", 333, "__post_init__", "model_config = ModelConfig.from_server_args(self)"),
        (f"{root}/srt/configs/model_config.py", 284, "from_server_args", "return ModelConfig("),
        (f"{root}/srt/configs/model_config.py", 79, "__init__", "self.hf_config = get_config("),
        (f"{root}/srt/utils.py", 2745, "wrapper", "result = func(*args, **kwargs)"),
        (f"{root}/srt/hf_transformers_utils.py", 123, "get_config", "config = AutoConfig.from_pretrained("),
        (
            f"{py}/transformers/models/auto/configuration_auto.py",
            1244,
            "from_pretrained",
            "config_dict, unused_kwargs = PretrainedConfig.get_config_dict(pretrained_model_name_or_path, **kwargs)",
        ),
        (
            f"{py}/transformers/configuration_utils.py",
            649,
            "get_config_dict",
            "config_dict, kwargs = cls._get_config_dict(pretrained_model_name_or_path, **kwargs)",
        ),
        (f"{py}/transformers/configuration_utils.py", 708, "_get_config_dict", "resolved_config_file = cached_file("),
        (
            f"{py}/transformers/utils/hub.py",
            318,
            "cached_file",
            "file = cached_files(path_or_repo_id=path_or_repo_id, filenames=[filename], **kwargs)",
        ),
    )


def sched_exc(t: int, rank: str | None, srt: str, stack: tuple, error: str) -> str:
    return f"{ts(t, rank)} Scheduler hit an exception: {TB}\n{fr(srt, *stack)}\n{error}\n"


# -- the 0.5.3 argparse usage as `python3 -m sglang.launch_server` prints it with no tty (78 columns); see the docstring
USAGE_053 = """usage: launch_server.py [-h] --model-path MODEL_PATH
                        [--tokenizer-path TOKENIZER_PATH]
                        [--tokenizer-mode {auto,slow}]
                        [--tokenizer-worker-num TOKENIZER_WORKER_NUM]
                        [--skip-tokenizer-init]
                        [--load-format {auto,pt,safetensors,npcache,dummy,sharded_state,gguf,bitsandbytes,layered,remote,remote_instance}]
                        [--model-loader-extra-config MODEL_LOADER_EXTRA_CONFIG]
                        [--trust-remote-code]
                        [--context-length CONTEXT_LENGTH] [--is-embedding]
                        [--enable-multimodal] [--revision REVISION]
                        [--model-impl MODEL_IMPL] [--host HOST] [--port PORT]
                        [--skip-server-warmup] [--warmups WARMUPS]
                        [--nccl-port NCCL_PORT]
                        [--dtype {auto,half,float16,bfloat16,float,float32}]
                        [--quantization {awq,fp8,gptq,marlin,gptq_marlin,awq_marlin,bitsandbytes,gguf,modelopt,modelopt_fp4,petit_nvfp4,w8a8_int8,w8a8_fp8,moe_wna16,qoq,w4afp8,mxfp4}]
                        [--quantization-param-path QUANTIZATION_PARAM_PATH]
                        [--kv-cache-dtype {auto,fp8_e5m2,fp8_e4m3}]
                        [--enable-fp32-lm-head]
                        [--mem-fraction-static MEM_FRACTION_STATIC]
                        [--max-running-requests MAX_RUNNING_REQUESTS]
                        [--max-queued-requests MAX_QUEUED_REQUESTS]
                        [--max-total-tokens MAX_TOTAL_TOKENS]
                        [--chunked-prefill-size CHUNKED_PREFILL_SIZE]
                        [--max-prefill-tokens MAX_PREFILL_TOKENS]
                        [--schedule-policy {lpm,random,fcfs,dfs-weight,lof,priority}]
                        [--enable-priority-scheduling]
                        [--schedule-low-priority-values-first]
                        [--priority-scheduling-preemption-threshold PRIORITY_SCHEDULING_PREEMPTION_THRESHOLD]
                        [--schedule-conservativeness SCHEDULE_CONSERVATIVENESS]
                        [--page-size PAGE_SIZE]
                        [--hybrid-kvcache-ratio [HYBRID_KVCACHE_RATIO]]
                        [--swa-full-tokens-ratio SWA_FULL_TOKENS_RATIO]
                        [--disable-hybrid-swa-memory] [--device DEVICE]
                        [--tensor-parallel-size TENSOR_PARALLEL_SIZE]
                        [--pipeline-parallel-size PIPELINE_PARALLEL_SIZE]
                        [--max-micro-batch-size MAX_MICRO_BATCH_SIZE]
                        [--stream-interval STREAM_INTERVAL] [--stream-output]
                        [--random-seed RANDOM_SEED]
                        [--constrained-json-whitespace-pattern CONSTRAINED_JSON_WHITESPACE_PATTERN]
                        [--watchdog-timeout WATCHDOG_TIMEOUT]
                        [--dist-timeout DIST_TIMEOUT]
                        [--download-dir DOWNLOAD_DIR]
                        [--base-gpu-id BASE_GPU_ID]
                        [--gpu-id-step GPU_ID_STEP] [--sleep-on-idle]
                        [--log-level LOG_LEVEL]
                        [--log-level-http LOG_LEVEL_HTTP] [--log-requests]
                        [--log-requests-level {0,1,2,3}]
                        [--crash-dump-folder CRASH_DUMP_FOLDER]
                        [--show-time-cost] [--enable-metrics]
                        [--enable-metrics-for-all-schedulers]
                        [--tokenizer-metrics-custom-labels-header TOKENIZER_METRICS_CUSTOM_LABELS_HEADER]
                        [--tokenizer-metrics-allowed-custom-labels TOKENIZER_METRICS_ALLOWED_CUSTOM_LABELS [TOKENIZER_METRICS_ALLOWED_CUSTOM_LABELS ...]]
                        [--bucket-time-to-first-token BUCKET_TIME_TO_FIRST_TOKEN [BUCKET_TIME_TO_FIRST_TOKEN ...]]
                        [--bucket-inter-token-latency BUCKET_INTER_TOKEN_LATENCY [BUCKET_INTER_TOKEN_LATENCY ...]]
                        [--bucket-e2e-request-latency BUCKET_E2E_REQUEST_LATENCY [BUCKET_E2E_REQUEST_LATENCY ...]]
                        [--collect-tokens-histogram]
                        [--prompt-tokens-buckets PROMPT_TOKENS_BUCKETS [PROMPT_TOKENS_BUCKETS ...]]
                        [--generation-tokens-buckets GENERATION_TOKENS_BUCKETS [GENERATION_TOKENS_BUCKETS ...]]
                        [--gc-warning-threshold-secs GC_WARNING_THRESHOLD_SECS]
                        [--decode-log-interval DECODE_LOG_INTERVAL]
                        [--enable-request-time-stats-logging]
                        [--kv-events-config KV_EVENTS_CONFIG] [--enable-trace]
                        [--oltp-traces-endpoint OLTP_TRACES_ENDPOINT]
                        [--api-key API_KEY]
                        [--served-model-name SERVED_MODEL_NAME]
                        [--weight-version WEIGHT_VERSION]
                        [--chat-template CHAT_TEMPLATE]
                        [--completion-template COMPLETION_TEMPLATE]
                        [--file-storage-path FILE_STORAGE_PATH]
                        [--enable-cache-report]
                        [--reasoning-parser {deepseek-r1,deepseek-v3,glm45,gpt-oss,kimi,qwen3,qwen3-thinking,step3}]
                        [--tool-call-parser {llama3,qwen25,mistral,deepseekv3,deepseekv31,pythonic,kimi_k2,qwen3_coder,glm45,step3,gpt-oss}]
                        [--tool-server TOOL_SERVER]
                        [--data-parallel-size DATA_PARALLEL_SIZE]
                        [--load-balance-method {round_robin,shortest_queue,minimum_tokens}]
                        [--load-watch-interval LOAD_WATCH_INTERVAL]
                        [--prefill-round-robin-balance]
                        [--dist-init-addr DIST_INIT_ADDR] [--nnodes NNODES]
                        [--node-rank NODE_RANK]
                        [--json-model-override-args JSON_MODEL_OVERRIDE_ARGS]
                        [--preferred-sampling-params PREFERRED_SAMPLING_PARAMS]
                        [--enable-lora] [--max-lora-rank MAX_LORA_RANK]
                        [--lora-target-modules [{q_proj,k_proj,v_proj,o_proj,gate_proj,up_proj,down_proj,qkv_proj,gate_up_proj,all} ...]]
                        [--lora-paths [LORA_PATHS ...]]
                        [--max-loras-per-batch MAX_LORAS_PER_BATCH]
                        [--max-loaded-loras MAX_LOADED_LORAS]
                        [--lora-backend {triton,csgmv}]
                        [--max-lora-chunk-size {16,32,64,128}]
                        [--attention-backend {triton,torch_native,flex_attention,nsa,cutlass_mla,fa3,fa4,flashinfer,flashmla,trtllm_mla,trtllm_mha,dual_chunk_flash_attn,aiter,wave,intel_amx,ascend}]
                        [--prefill-attention-backend {triton,torch_native,flex_attention,nsa,cutlass_mla,fa3,fa4,flashinfer,flashmla,trtllm_mla,trtllm_mha,dual_chunk_flash_attn,aiter,wave,intel_amx,ascend}]
                        [--decode-attention-backend {triton,torch_native,flex_attention,nsa,cutlass_mla,fa3,fa4,flashinfer,flashmla,trtllm_mla,trtllm_mha,dual_chunk_flash_attn,aiter,wave,intel_amx,ascend}]
                        [--sampling-backend {flashinfer,pytorch}]
                        [--grammar-backend {xgrammar,outlines,llguidance,none}]
                        [--mm-attention-backend {sdpa,fa3,triton_attn,ascend_attn}]
                        [--nsa-prefill {flashmla_prefill,flashmla_decode,fa3,tilelang,aiter}]
                        [--nsa-decode {flashmla_prefill,flashmla_decode,fa3,tilelang,aiter}]
                        [--speculative-algorithm {EAGLE,EAGLE3,NEXTN,STANDALONE,NGRAM}]
                        [--speculative-draft-model-path SPECULATIVE_DRAFT_MODEL_PATH]
                        [--speculative-draft-model-revision SPECULATIVE_DRAFT_MODEL_REVISION]
                        [--speculative-num-steps SPECULATIVE_NUM_STEPS]
                        [--speculative-eagle-topk SPECULATIVE_EAGLE_TOPK]
                        [--speculative-num-draft-tokens SPECULATIVE_NUM_DRAFT_TOKENS]
                        [--speculative-accept-threshold-single SPECULATIVE_ACCEPT_THRESHOLD_SINGLE]
                        [--speculative-accept-threshold-acc SPECULATIVE_ACCEPT_THRESHOLD_ACC]
                        [--speculative-token-map SPECULATIVE_TOKEN_MAP]
                        [--speculative-attention-mode {prefill,decode}]
                        [--speculative-ngram-min-match-window-size SPECULATIVE_NGRAM_MIN_MATCH_WINDOW_SIZE]
                        [--speculative-ngram-max-match-window-size SPECULATIVE_NGRAM_MAX_MATCH_WINDOW_SIZE]
                        [--speculative-ngram-min-bfs-breadth SPECULATIVE_NGRAM_MIN_BFS_BREADTH]
                        [--speculative-ngram-max-bfs-breadth SPECULATIVE_NGRAM_MAX_BFS_BREADTH]
                        [--speculative-ngram-match-type {BFS,PROB}]
                        [--speculative-ngram-branch-length SPECULATIVE_NGRAM_BRANCH_LENGTH]
                        [--speculative-ngram-capacity SPECULATIVE_NGRAM_CAPACITY]
                        [--expert-parallel-size EXPERT_PARALLEL_SIZE]
                        [--moe-a2a-backend {none,deepep}]
                        [--moe-runner-backend {auto,triton,triton_kernel,flashinfer_trtllm,flashinfer_cutlass,flashinfer_mxfp4,flashinfer_cutedsl}]
                        [--flashinfer-mxfp4-moe-precision {default,bf16}]
                        [--enable-flashinfer-allreduce-fusion]
                        [--deepep-mode {normal,low_latency,auto}]
                        [--ep-num-redundant-experts EP_NUM_REDUNDANT_EXPERTS]
                        [--ep-dispatch-algorithm EP_DISPATCH_ALGORITHM]
                        [--init-expert-location INIT_EXPERT_LOCATION]
                        [--enable-eplb] [--eplb-algorithm EPLB_ALGORITHM]
                        [--eplb-rebalance-num-iterations EPLB_REBALANCE_NUM_ITERATIONS]
                        [--eplb-rebalance-layers-per-chunk EPLB_REBALANCE_LAYERS_PER_CHUNK]
                        [--eplb-min-rebalancing-utilization-threshold EPLB_MIN_REBALANCING_UTILIZATION_THRESHOLD]
                        [--expert-distribution-recorder-mode EXPERT_DISTRIBUTION_RECORDER_MODE]
                        [--expert-distribution-recorder-buffer-size EXPERT_DISTRIBUTION_RECORDER_BUFFER_SIZE]
                        [--enable-expert-distribution-metrics]
                        [--deepep-config DEEPEP_CONFIG]
                        [--moe-dense-tp-size MOE_DENSE_TP_SIZE]
                        [--max-mamba-cache-size MAX_MAMBA_CACHE_SIZE]
                        [--mamba-ssm-dtype {float32,bfloat16}]
                        [--enable-hierarchical-cache]
                        [--hicache-ratio HICACHE_RATIO]
                        [--hicache-size HICACHE_SIZE]
                        [--hicache-write-policy {write_back,write_through,write_through_selective}]
                        [--radix-eviction-policy {lru,lfu}]
                        [--hicache-io-backend {direct,kernel}]
                        [--hicache-mem-layout {layer_first,page_first,page_first_direct}]
                        [--hicache-storage-backend {file,mooncake,hf3fs,nixl,aibrix,dynamic,eic}]
                        [--hicache-storage-prefetch-policy {best_effort,wait_complete,timeout}]
                        [--hicache-storage-backend-extra-config HICACHE_STORAGE_BACKEND_EXTRA_CONFIG]
                        [--enable-lmcache] [--enable-double-sparsity]
                        [--ds-channel-config-path DS_CHANNEL_CONFIG_PATH]
                        [--ds-heavy-channel-num DS_HEAVY_CHANNEL_NUM]
                        [--ds-heavy-token-num DS_HEAVY_TOKEN_NUM]
                        [--ds-heavy-channel-type DS_HEAVY_CHANNEL_TYPE]
                        [--ds-sparse-decode-threshold DS_SPARSE_DECODE_THRESHOLD]
                        [--cpu-offload-gb CPU_OFFLOAD_GB]
                        [--offload-group-size OFFLOAD_GROUP_SIZE]
                        [--offload-num-in-group OFFLOAD_NUM_IN_GROUP]
                        [--offload-prefetch-step OFFLOAD_PREFETCH_STEP]
                        [--offload-mode OFFLOAD_MODE] [--disable-radix-cache]
                        [--cuda-graph-max-bs CUDA_GRAPH_MAX_BS]
                        [--cuda-graph-bs CUDA_GRAPH_BS [CUDA_GRAPH_BS ...]]
                        [--disable-cuda-graph] [--disable-cuda-graph-padding]
                        [--enable-profile-cuda-graph] [--enable-cudagraph-gc]
                        [--enable-nccl-nvls] [--enable-symm-mem]
                        [--disable-flashinfer-cutlass-moe-fp4-allgather]
                        [--enable-tokenizer-batch-encode]
                        [--disable-outlines-disk-cache]
                        [--disable-custom-all-reduce] [--enable-mscclpp]
                        [--enable-torch-symm-mem] [--disable-overlap-schedule]
                        [--enable-mixed-chunk] [--enable-dp-attention]
                        [--enable-dp-lm-head] [--enable-two-batch-overlap]
                        [--enable-single-batch-overlap]
                        [--tbo-token-distribution-threshold TBO_TOKEN_DISTRIBUTION_THRESHOLD]
                        [--enable-torch-compile]
                        [--torch-compile-max-bs TORCH_COMPILE_MAX_BS]
                        [--torchao-config TORCHAO_CONFIG]
                        [--enable-nan-detection] [--enable-p2p-check]
                        [--triton-attention-reduce-in-fp32]
                        [--triton-attention-num-kv-splits TRITON_ATTENTION_NUM_KV_SPLITS]
                        [--triton-attention-split-tile-size TRITON_ATTENTION_SPLIT_TILE_SIZE]
                        [--num-continuous-decode-steps NUM_CONTINUOUS_DECODE_STEPS]
                        [--delete-ckpt-after-loading] [--enable-memory-saver]
                        [--enable-weights-cpu-backup] [--allow-auto-truncate]
                        [--enable-custom-logit-processor]
                        [--flashinfer-mla-disable-ragged]
                        [--disable-shared-experts-fusion]
                        [--disable-chunked-prefix-cache]
                        [--disable-fast-image-processor]
                        [--keep-mm-feature-on-device]
                        [--enable-return-hidden-states]
                        [--scheduler-recv-interval SCHEDULER_RECV_INTERVAL]
                        [--numa-node NUMA_NODE [NUMA_NODE ...]]
                        [--debug-tensor-dump-output-folder DEBUG_TENSOR_DUMP_OUTPUT_FOLDER]
                        [--debug-tensor-dump-input-file DEBUG_TENSOR_DUMP_INPUT_FILE]
                        [--debug-tensor-dump-inject DEBUG_TENSOR_DUMP_INJECT]
                        [--debug-tensor-dump-prefill-only]
                        [--enable-dynamic-batch-tokenizer]
                        [--dynamic-batch-tokenizer-batch-size DYNAMIC_BATCH_TOKENIZER_BATCH_SIZE]
                        [--dynamic-batch-tokenizer-batch-timeout DYNAMIC_BATCH_TOKENIZER_BATCH_TIMEOUT]
                        [--disaggregation-mode {null,prefill,decode}]
                        [--disaggregation-transfer-backend {mooncake,nixl,ascend,fake}]
                        [--disaggregation-bootstrap-port DISAGGREGATION_BOOTSTRAP_PORT]
                        [--disaggregation-decode-tp DISAGGREGATION_DECODE_TP]
                        [--disaggregation-decode-dp DISAGGREGATION_DECODE_DP]
                        [--disaggregation-prefill-pp DISAGGREGATION_PREFILL_PP]
                        [--disaggregation-ib-device DISAGGREGATION_IB_DEVICE]
                        [--disaggregation-decode-enable-offload-kvcache]
                        [--num-reserved-decode-tokens NUM_RESERVED_DECODE_TOKENS]
                        [--disaggregation-decode-polling-interval DISAGGREGATION_DECODE_POLLING_INTERVAL]
                        [--custom-weight-loader [CUSTOM_WEIGHT_LOADER ...]]
                        [--weight-loader-disable-mmap]
                        [--remote-instance-weight-loader-seed-instance-ip REMOTE_INSTANCE_WEIGHT_LOADER_SEED_INSTANCE_IP]
                        [--remote-instance-weight-loader-seed-instance-service-port REMOTE_INSTANCE_WEIGHT_LOADER_SEED_INSTANCE_SERVICE_PORT]
                        [--remote-instance-weight-loader-send-weights-group-ports REMOTE_INSTANCE_WEIGHT_LOADER_SEND_WEIGHTS_GROUP_PORTS]
                        [--enable-pdmux] [--sm-group-num SM_GROUP_NUM]
                        [--enable-deterministic-inference] [--enable-ep-moe]
                        [--enable-deepep-moe]
                        [--enable-flashinfer-cutlass-moe]
                        [--enable-flashinfer-cutedsl-moe]
                        [--enable-flashinfer-trtllm-moe]
                        [--enable-triton-kernel-moe]
                        [--enable-flashinfer-mxfp4-moe] [--config CONFIG]
launch_server.py: error: argument --node-rank: invalid int value: '${LWS_WORKER_INDEX}'"""
USAGE_0510_TAIL = """                    [--mm-process-config MM_PROCESS_CONFIG]
                    [--mm-enable-dp-encoder]
                    [--limit-mm-data-per-request LIMIT_MM_DATA_PER_REQUEST]
                    [--decrypted-config-file DECRYPTED_CONFIG_FILE]
                    [--decrypted-draft-config-file DECRYPTED_DRAFT_CONFIG_FILE]
                    [--enable-prefix-mm-cache] [--enable-mm-global-cache]
                    [--forward-hooks FORWARD_HOOKS]"""


# ============================================================================================================ Kubernetes
_L70 = sargs(model_path="meta-llama/Llama-3.1-70B-Instruct", mem_fraction_static=0.871)
case(  # tp=1 (no rank tag); a Deployment with nvidia.com/gpu: 1; NVML shows the host pid, so torch prints `Process N has`
    "k8s-logs-timestamps-weights-oom-tp1-0.5.3",
    "0.5.3",
    "srt/model_executor/model_runner.py:731 (Load weight begin), model_loader/loader.py:489, layers/quantization/unquant.py:100; kubelet logs.go timeFormatOut",
    "oom_weights",
    "the allocation fails while the model's layers are being built for loading: 70B bf16 does not fit one GPU",
    "$ kubectl logs --timestamps llama-70b-sglang-6c8f9d7b5-n2xqp\n"
    + kubectl_ts(
        "\n".join(
            [
                f"{ts(0)} {_L70}",
                f"{ts(12)} Init torch distributed begin.",
                f"{ts(13)} Init torch distributed ends. mem usage=0.00 GB",
                f"{ts(14)} Load weight begin. avail mem=78.68 GB",
                f"{ts(31)} Scheduler hit an exception: {TB}",
                fr(f"{SGW}/srt", *LOAD_053),
                oom(
                    "896.00 MiB",
                    "79.19 GiB",
                    "221.94 MiB",
                    "Process 3716420 has 78.96 GiB memory in use.",
                    "78.36 GiB",
                    "16.22 MiB",
                ),
                "",
                f"{ts(31)} {LAUNCH_SIGQUIT}",
            ]
        )
    ),
)

_POD_LOG_0510 = "\n".join(
    [
        SERVE_WARN_0510.format(root=SGW),
        f"{ts(0)} {sargs(mem_fraction_static=0.6)}",
        f"{ts(9)} Init torch distributed begin.",
        f"{ts(11)} Init torch distributed ends. elapsed=2.04 s, mem usage=0.00 GB",
        f"{ts(11)} Load weight begin. avail mem=78.52 GB",
        "Loading safetensors checkpoint shards: 100% Completed | 17/17 [00:21<00:00,  1.25s/it]",
        f"{ts(33)} Load weight end. elapsed=22.1 s, type=Qwen3ForCausalLM, avail mem=17.43 GB, mem usage=61.09 GB.",
        sched_exc(
            34,
            None,
            f"{SGW}/srt",
            POOL_0510,
            "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: mem_fraction_static=0.6",
        ),
        f"{ts(34)} {LAUNCH_SIGQUIT}",
    ]
)
case(  # `kubectl logs -l` defaults to --tail=10 per pod; two replicas fail alike, one after the other
    "k8s-logs-selector-prefix-tail10-kv-pool-0.5.10",
    "0.5.10.post1",
    "srt/model_executor/model_runner_kv_cache_mixin.py:57-60 (MemoryPoolConfig.__post_init__); kubectl logs.go addPrefixIfNeeded",
    "oom_kv_cache",
    "the KV pool comes out empty after the weights: raise --mem-fraction-static, the message says so",
    "$ kubectl logs -l app=qwen3-32b-sglang --prefix\n"
    + prefixed(tail(_POD_LOG_0510, 10), "[pod/qwen3-32b-sglang-7d9c5b8f6-2xkqz/sglang] ")
    + "\n"
    + prefixed(tail(_POD_LOG_0510.replace("10:00:3", "10:00:4"), 10), "[pod/qwen3-32b-sglang-7d9c5b8f6-q8wvm/sglang] "),
)

case(  # the container's memory limit (host RAM), not the GPU: the cgroup OOM killer ends it while the shards load
    "k8s-describe-oomkilled-while-shards-load-0.4.10",
    "0.4.10",
    "srt/model_loader/weight_utils.py:456 (Loading safetensors checkpoint shards); kubectl describe's Last State / kubelet BackOff event (kuberuntime_manager.go)",
    "oom_weights",
    "arguable (host RAM, not GPU): the pod is OOMKilled mid-load and nothing else is said; a person concludes the weights do not fit as launched",
    "$ kubectl logs qwen2-72b-sglang-0 --previous\n"
    + "\n".join(
        [f"{ts(0)} " + sargs(model_path="/models/Qwen2.5-72B-Instruct", tp_size=4, mem_fraction_static=0.879)]
        + boot_04(
            ["TP0", "TP1", "TP2", "TP3"],
            model="Qwen2.5-72B",
            arch="Qwen2ForCausalLM",
            shards=37,
            until="load",
            nccl="2.26.2",
        )
        + [
            "Loading safetensors checkpoint shards:   3% Completed | 1/37 [00:04<02:41,  4.49s/it]",
            "Loading safetensors checkpoint shards:  22% Completed | 8/37 [00:38<02:20,  4.85s/it]",
            "Loading safetensors checkpoint shards:  46% Completed | 17/37 [01:22<01:39,  4.97s/it]",
        ]
    )
    + "\n$ kubectl describe pod qwen2-72b-sglang-0\n"
    + "Name:             qwen2-72b-sglang-0\n"
    + "Namespace:        default\n"
    + "Node:             gpu-node-4/10.0.3.14\n"
    + "Status:           Running\n"
    + "Containers:\n"
    + "  sglang:\n"
    + "    Image:         lmsysorg/sglang:v0.4.10.post2-cu126\n"
    + "    Command:\n      python3\n      -m\n      sglang.launch_server\n"
    + "    Args:\n      --model-path\n      /models/Qwen2.5-72B-Instruct\n      --tp\n      4\n      --host\n      0.0.0.0\n"
    + "    State:          Waiting\n"
    + "      Reason:       CrashLoopBackOff\n"
    + "    Last State:     Terminated\n"
    + "      Reason:       OOMKilled\n"
    + "      Exit Code:    137\n"
    + "      Started:      Mon, 02 Mar 2026 10:00:00 +0000\n"
    + "      Finished:     Mon, 02 Mar 2026 10:01:31 +0000\n"
    + "    Ready:          False\n"
    + "    Restart Count:  3\n"
    + "    Limits:\n      memory:          64Gi\n      nvidia.com/gpu:  4\n"
    + "    Requests:\n      memory:          64Gi\n      nvidia.com/gpu:  4\n"
    + "Events:\n"
    + "  Type     Reason   Age                  From     Message\n"
    + "  ----     ------   ----                 ----     -------\n"
    + '  Normal   Pulled   4m12s (x4 over 12m)  kubelet  Container image "lmsysorg/sglang:v0.4.10.post2-cu126" already present on machine\n'
    + "  Normal   Created  4m12s (x4 over 12m)  kubelet  Created container: sglang\n"
    + "  Normal   Started  4m11s (x4 over 12m)  kubelet  Started container sglang\n"
    + "  Warning  BackOff  58s (x6 over 7m29s)  kubelet  Back-off restarting failed container sglang in pod qwen2-72b-sglang-0_default(3f0c2d8e-7b1a-4c55-9e2f-61d0a8b4c7e3)",
)

case(  # a Helm chart renders booleans as `--flag=true`; argparse refuses a value on a store_true flag (exit 2)
    "k8s-helm-bool-flag-crashloop-previous-tail-0.5.10",
    "0.5.10.post1",
    "srt/server_args.py:6526-6538 (argparse.ArgumentParser(prog='sglang serve')); argparse's `ignored explicit argument`",
    "config_error",
    "a bad argument: --enable-torch-compile takes no value",
    "$ kubectl get pods\n"
    + "NAME                            READY   STATUS             RESTARTS      AGE\n"
    + "qwen3-sglang-5b7c9d6f8d-xk2mz   0/1     CrashLoopBackOff   5 (72s ago)   4m3s\n"
    + "$ kubectl logs qwen3-sglang-5b7c9d6f8d-xk2mz --previous --tail=8\n"
    + USAGE_0510_TAIL
    + "\nsglang serve: error: argument --enable-torch-compile: ignored explicit argument 'true'",
)

case(  # `command:` with no shell: Kubernetes expands only $(VAR), so ${LWS_WORKER_INDEX} reaches argparse as text
    "lws-worker-node-rank-unexpanded-0.5.3",
    "0.5.3",
    "srt/server_args.py:1910 (--node-rank type=int), :3175-3177 (prepare_server_args); sglang docs multi_node_inference_k8s_lws.md (the LWS yaml)",
    "config_error",
    "a bad argument: --node-rank got the literal '${LWS_WORKER_INDEX}'",
    "$ kubectl get pods\n"
    + "NAME         READY   STATUS             RESTARTS      AGE\n"
    + "sglang-0     0/1     Running            0             3m12s\n"
    + "sglang-0-1   0/1     CrashLoopBackOff   4 (45s ago)   3m12s\n"
    + "$ kubectl logs sglang-0-1\n"
    + USAGE_053,
)

_LWS_ARGS = sargs(
    model_path="/work/models",
    tp_size=16,
    mem_fraction_static=0.93,
    port=40000,
    dist_init_addr="sglang-0.sglang.default:20000",
    nnodes=2,
)
case(  # the worker pod never got a node; the leader's TCPStore (rank 0) waits for the 8 ranks that never come
    "lws-leader-store-timeout-worker-pending-0.5.10",
    "0.5.10.post1",
    "srt/model_executor/model_runner.py:955 (init_distributed_environment); torch/distributed/rendezvous.py (_tcp_rendezvous_handler -> _create_c10d_store -> TCPStore); c10d TCPStore `Timed out after %d seconds waiting for clients. %d/%d clients joined.`",
    "nccl_or_distributed",
    "torch.distributed's rendezvous times out: half the ranks never joined",
    "$ kubectl get pods\n"
    + "NAME         READY   STATUS    RESTARTS   AGE\n"
    + "sglang-0     0/1     Running   0          12m\n"
    + "sglang-0-1   0/1     Pending   0          12m\n"
    + "$ kubectl logs sglang-0\n"
    + "\n".join(
        [SERVE_WARN_0510.format(root=SGW), f"{ts(0)} {_LWS_ARGS}"]
        + [f"{ts(11, f'TP{i}')} Init torch distributed begin." for i in range(8)]
        + [
            f"{ts(612, 'TP0')} Scheduler hit an exception: {TB}",
            fr(
                f"{SGW}/srt",
                *DIST_INIT
                + TORCH_PG
                + (
                    (
                        f"{PY312}/torch/distributed/rendezvous.py",
                        214,
                        "_tcp_rendezvous_handler",
                        "store = _create_c10d_store(",
                    ),
                    (f"{PY312}/torch/distributed/rendezvous.py", 189, "_create_c10d_store", "return TCPStore("),
                ),
            ),
            "torch.distributed.DistStoreError: Timed out after 601 seconds waiting for clients. 8/16 clients joined.",
            "",
            f"{ts(612)} {LAUNCH_SIGQUIT}",
        ]
    ),
)

case(  # hostNetwork: true, no containerPort declared, RollingUpdate: the old pod still serves :30000 on this node
    "k8s-hostnetwork-rollout-old-pod-holds-port-ready-line-0.4.10",
    "0.4.10",
    "srt/entrypoints/http_server.py:955-964 (uvicorn.run, then warmup_thread.join()), :976-995 (_execute_server_warmup GETs the port); uvicorn's bind error",
    "port_in_use",
    "this server cannot bind :30000; its warm-up then reached the OLD pod's server, so the ready line is not this server's",
    "$ kubectl logs qwen25-7b-sglang-6f5d8c7b9-hv4tn\n"
    + "\n".join(
        [f"{ts(0)} " + sargs(model_path="Qwen/Qwen2.5-7B-Instruct")]
        + boot_04([None], model="Qwen2.5-7B", arch="Qwen2ForCausalLM", shards=4, until="serve")
        + [
            f"{ts(52)} INFO:     Started server process [1]",
            f"{ts(52)} INFO:     Waiting for application startup.",
            f"{ts(52)} INFO:     Application startup complete.",
            f"{ts(52)} ERROR:    [Errno 98] error while attempting to bind on address ('0.0.0.0', 30000): address already in use",
            f"{ts(52)} INFO:     Waiting for application shutdown.",
            f"{ts(52)} INFO:     Application shutdown complete.",
            f"{ts(55)} The server is fired up and ready to roll!",
        ]
    ),
)

_HOST = "llama-70b-sglang-7f9c6d5b8-4vqkx"
case(  # the pod spec has no /dev/shm emptyDir (medium: Memory): 64 MB; NCCL_DEBUG=WARN in the env
    "k8s-no-dshm-emptydir-nccl-warn-pynccl-0.4.6",
    "0.4.6.post5",
    "srt/distributed/device_communicators/pynccl.py:109, pynccl_wrapper.py:329; nccl v2.21.5-1 src/misc/shmutils.cc:72,113, src/init.cc:2261 (ncclSystemError string)",
    "nccl_or_distributed",
    "NCCL's communicator init fails (it cannot create its /dev/shm segment)",
    f"$ kubectl logs {_HOST}\n"
    + "\n".join(
        [f"{ts(0)} " + sargs(model_path="meta-llama/Llama-3.3-70B-Instruct", tp_size=4, mem_fraction_static=0.879)]
        + boot_04(["TP0", "TP1", "TP2", "TP3"], model="", arch="", shards=30, until="dist", nccl="2.21.5")
        + [
            "",
            f"{_HOST}:214:214 [2] misc/shmutils.cc:72 NCCL WARN Error: failed to extend /dev/shm/nccl-6QvXkz to 9637892 bytes",
            "",
            f"{_HOST}:214:214 [2] misc/shmutils.cc:113 NCCL WARN Error while creating shared memory segment /dev/shm/nccl-6QvXkz (size 9637888)",
            "",
            f"{_HOST}:213:213 [1] misc/shmutils.cc:72 NCCL WARN Error: failed to extend /dev/shm/nccl-Jd0s7m to 9637892 bytes",
            "",
            f"{_HOST}:213:213 [1] misc/shmutils.cc:113 NCCL WARN Error while creating shared memory segment /dev/shm/nccl-Jd0s7m (size 9637888)",
            sched_exc(10, "TP2", f"{SGW}/srt", PYNCCL_046, NCCL_SYS),
            f"{ts(10)} {LAUNCH_SIGQUIT}",
        ]
    ),
)

_GKE = "\n".join(
    [f"{ts(0)} " + sargs(model_path="Qwen/Qwen3-32B", tp_size=2, mem_fraction_static=0.9)]
    + boot_04(
        ["TP0", "TP1"],
        model="",
        arch="Qwen3ForCausalLM",
        shards=17,
        until="graph",
        nccl="2.27.3",
        tokens=98304,
        kv="6.00",
    )
    + [
        "Capturing batches (bs=256 avail_mem=0.41 GB):   0%|          | 0/35 [00:00<?, ?it/s]",
        f"{ts(44, 'TP0')} Scheduler hit an exception: "
        + graph_oom(
            f"{SGW}/srt",
            PY312,
            graph_053_inner(PY312),
            GRAPH_053_OUTER,
            oom(
                "148.00 MiB",
                "39.49 GiB",
                "61.06 MiB",
                "Process 2201833 has 39.42 GiB memory in use.",
                "37.12 GiB",
                "1.31 GiB",
            ),
        ),
        f"{ts(44)} {LAUNCH_SIGQUIT}",
    ]
)
case(  # Logs Explorer lists newest first; every stderr line is its own entry with severity ERROR (the sglang-issue-5096 shape)
    "gke-logs-explorer-newest-first-cuda-graph-oom-0.5.3",
    "0.5.3",
    "srt/model_executor/cuda_graph_runner.py:366-369 (Capture cuda graph failed), :868 (CUDA_GRAPH_CAPTURE_FAILED_MSG); https://github.com/sgl-project/sglang/issues/5096 (the export's shape)",
    "oom_cuda_graph",
    "out of memory while capturing CUDA graphs, whichever order the lines come in",
    "\n".join(f"ERROR {line}" for line in reversed(kubectl_ts(_GKE).split("\n"))),
)

case(  # a long prompt with return_logprob: the full-vocab logits of 30k tokens while serving
    "k8s-timestamps-serving-oom-runtime-logprobs-0.5.10",
    "0.5.10.post1",
    "srt/layers/logits_processor.py:370,878; srt/managers/tokenizer_manager.py:2561 (running-phase SIGQUIT)",
    "oom_runtime",
    "the server was up and serving; a batch's allocation failed",
    "$ kubectl logs --timestamps qwen3-32b-sglang-84f6b7c9d5-wq8zt\n"
    + kubectl_ts(
        startup("serving")
        + f"\n{ts(300, 'TP0')} Prefill batch, #new-seq: 1, #new-token: 30976, #cached-token: 0, token usage: 0.44, #running-req: 41, #queue-req: 3, "
        + f"\n{ts(301, 'TP0')} Scheduler hit an exception: {TB}\n"
        + fr(
            f"{SGW}/srt",
            *EXTEND_0510
            + no_grad(PY312)
            + (("models/qwen3.py", 523, "forward", "return self.logits_processor("),)
            + torch_mod(PY312, "2.9")
            + (
                (
                    "layers/logits_processor.py",
                    370,
                    "forward",
                    "logits = self._get_logits(pruned_states, lm_head, logits_metadata)",
                ),
                ("layers/logits_processor.py", 878, "_get_logits", "logits = torch.matmul("),
            ),
        )
        + "\n"
        + oom(
            "8.98 GiB", "79.19 GiB", "3.02 GiB", "Process 1877302 has 76.16 GiB memory in use.", "71.95 GiB", "2.61 GiB"
        )
        + f"\n\n{ts(301)} {RUN_SIGQUIT_05}"
    ),
)

case(  # kubelet's readiness probe hits :30000 before uvicorn listens; then it passes
    "healthy-k8s-readiness-probe-refused-while-loading-then-ready-0.5.3",
    "0.5.3",
    "kubelet prober.go (`Readiness probe failed: %s`, Go's dial error); srt/entrypoints/http_server.py:1476 (ready line)",
    "healthy",
    "the probe failed only while the weights loaded; the server reached ready and answers /health",
    "$ kubectl describe pod qwen3-32b-sglang-84f6b7c9d5-wq8zt | sed -n '/Events/,$p'\n"
    + "Events:\n"
    + "  Type     Reason     Age                    From               Message\n"
    + "  ----     ------     ----                   ----               -------\n"
    + "  Normal   Scheduled  6m2s                   default-scheduler  Successfully assigned default/qwen3-32b-sglang-84f6b7c9d5-wq8zt to gpu-node-2\n"
    + '  Normal   Pulled     6m1s                   kubelet            Container image "lmsysorg/sglang:v0.5.3-cu126" already present on machine\n'
    + "  Normal   Created    6m1s                   kubelet            Created container: sglang\n"
    + "  Normal   Started    6m1s                   kubelet            Started container sglang\n"
    + '  Warning  Unhealthy  3m11s (x17 over 5m51s)  kubelet            Readiness probe failed: Get "http://10.244.2.17:30000/health": dial tcp 10.244.2.17:30000: connect: connection refused\n'
    + "$ kubectl logs qwen3-32b-sglang-84f6b7c9d5-wq8zt\n"
    + "\n".join(
        [f"{ts(0)} " + sargs(tp_size=2)]
        + boot_04(["TP0", "TP1"], model="", arch="Qwen3ForCausalLM", shards=17, until="serve", nccl="2.27.3")
        + uvicorn(171)
        + ready_04(172)
        + [
            f'{ts(175)} INFO:     10.244.2.1:48812 - "GET /health HTTP/1.1" 200 OK',
            f'{ts(185)} INFO:     10.244.2.1:48830 - "GET /health HTTP/1.1" 200 OK',
        ]
    ),
)

case(  # the pod restarted once (the first container hit something); the excerpt is the current, healthy container
    "healthy-k8s-restarted-once-current-run-ready-0.4.10",
    "0.4.10",
    "srt/entrypoints/http_server.py:1087 (ready line), srt/managers/scheduler_metrics_mixin.py:93,170 (batch lines)",
    "healthy",
    "RESTARTS 1 is history; this container's log reaches ready and serves",
    "$ kubectl get pods\n"
    + "NAME                                 READY   STATUS    RESTARTS      AGE\n"
    + "llama-8b-sglang-5c8d7f9b6-r2m4p   1/1     Running   1 (14m ago)   31m\n"
    + "$ kubectl logs llama-8b-sglang-5c8d7f9b6-r2m4p\n"
    + "\n".join(
        [f"{ts(0)} " + sargs(model_path="meta-llama/Llama-3.1-8B-Instruct")]
        + boot_04([None], model="", arch="LlamaForCausalLM", shards=4, until="serve", ctx=131072)
        + uvicorn(52)
        + ready_04(53, rank=None)
        + [
            f"{ts(90)} Prefill batch. #new-seq: 4, #new-token: 2390, #cached-token: 512, token usage: 0.01, #running-req: 0, #queue-req: 0, ",
            f"{ts(91)} Decode batch. #running-req: 4, #token: 2978, token usage: 0.01, cuda graph: True, gen throughput (token/s): 398.21, #queue-req: 0, ",
            f'{ts(93)} INFO:     10.244.1.9:40122 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        ]
    ),
)


# ================================================================================================================= Slurm
_DS = sargs(model_path="deepseek-ai/DeepSeek-V3", tp_size=8, mem_fraction_static=0.8, trust_remote_code=True)
case(  # `srun --mem=200G`: the step's memory cgroup (host RAM) kills the launcher while the shards load
    "slurm-label-oom-kill-event-shards-0.5.10",
    "0.5.10.post1",
    "SchedMD/slurm src/plugins/task/cgroup/task_cgroup_memory.c:291, src/srun/launch.c:377, src/common/write_labelled_message.c:143; srt/model_loader/weight_utils.py:713",
    "oom_weights",
    "arguable (host RAM, not GPU): killed by the OOM killer while the weights load, nothing else said",
    "$ srun --label --gres=gpu:8 --mem=200G python3 -m sglang.launch_server --model-path deepseek-ai/DeepSeek-V3 --tp 8 --trust-remote-code\n"
    + prefixed(
        "\n".join(
            [SERVE_WARN_0510.format(root=f"{CONDA}/sglang"), f"{ts(0)} {_DS}"]
            + [f"{ts(14, f'TP{i}')} Init torch distributed begin." for i in range(8)]
            + [f"{ts(17, f'TP{i}')} Init torch distributed ends. elapsed=3.12 s, mem usage=1.23 GB" for i in range(8)]
            + [f"{ts(18, f'TP{i}')} Load weight begin. avail mem=77.84 GB" for i in range(8)]
            + [
                "Loading safetensors checkpoint shards:   0% Completed | 0/163 [00:00<?, ?it/s]",
                "Loading safetensors checkpoint shards:  12% Completed | 20/163 [00:41<04:55,  2.07s/it]",
                "Loading safetensors checkpoint shards:  25% Completed | 41/163 [01:25<04:14,  2.09s/it]",
            ]
        ),
        "0: ",
    )
    + "\nslurmstepd: error: Detected 1 oom_kill event in StepId=88231.0. Some of the step tasks have been OOM Killed."
    + "\nsrun: error: gpu-h100-017: task 0: Out Of Memory",
)

case(  # a shared node: another job's FastAPI app (not SGLang) already listens on :30000; the warm-up gets its 404
    "slurm-shared-node-port-taken-by-other-job-warmup-404-0.5.3",
    "0.5.3",
    "srt/entrypoints/http_server.py:1354-1369 (_execute_server_warmup: assert 200, `Initialization failed. warmup error:`), uvicorn's bind error; slurm src/srun/launch.c:409 (strsignal)",
    "port_in_use",
    "uvicorn could not bind :30000 (another process holds it); the warm-up error is its consequence",
    "$ srun --label --gres=gpu:1 python3 -m sglang.launch_server --model-path Qwen/Qwen2.5-7B-Instruct --host 0.0.0.0\n"
    + prefixed(
        "\n".join(
            [f"{ts(0)} " + sargs(model_path="Qwen/Qwen2.5-7B-Instruct")]
            + boot_04([None], model="", arch="Qwen2ForCausalLM", shards=4, until="serve")
            + [
                f"{ts(52)} INFO:     Started server process [1804211]",
                f"{ts(52)} INFO:     Waiting for application startup.",
                f"{ts(52)} INFO:     Application startup complete.",
                f"{ts(52)} ERROR:    [Errno 98] error while attempting to bind on address ('0.0.0.0', 30000): address already in use",
                f"{ts(52)} INFO:     Waiting for application shutdown.",
                f"{ts(52)} INFO:     Application shutdown complete.",
                f"{ts(173)} Initialization failed. warmup error: {TB}",
                fr(
                    f"{CONDA}/sglang/srt",
                    (
                        "entrypoints/http_server.py",
                        1358,
                        "_execute_server_warmup",
                        'assert res.status_code == 200, f"{res=}, {res.text=}"',
                    ),
                ),
                'AssertionError: res=<Response [404]>, res.text=\'{"detail":"Not Found"}\'',
                "",
            ]
        ),
        "0: ",
    )
    + "\nsrun: error: gpu-a100-05: task 0: Killed",
)

_L8 = sargs(model_path="meta-llama/Llama-3.1-8B-Instruct", tp_size=2, mem_fraction_static=0.9)
case(  # an sbatch .out file (no --label); L40S 48 GB, mem_fraction_static 0.9 leaves ~1 GB for the graphs
    "slurm-sbatch-out-cuda-graph-oom-killed-0.4.10",
    "0.4.10",
    "srt/model_executor/cuda_graph_runner.py:360-364, :795; srt/layers/logits_processor.py:458; slurm src/srun/launch.c:409",
    "oom_cuda_graph",
    "out of memory inside CUDA graph capture",
    "$ cat slurm-771190.out\n"
    + "\n".join(
        [f"{ts(0)} {_L8}"]
        + boot_04(
            ["TP0", "TP1"],
            model="",
            arch="LlamaForCausalLM",
            shards=4,
            until="graph",
            nccl="2.26.2",
            tokens=562488,
            kv="34.33",
            ctx=131072,
        )
        + [
            "Capturing batches (bs=160 avail_mem=1.02 GB):   0%|          | 0/23 [00:00<?, ?it/s]",
            f"{ts(44, 'TP0')} Scheduler hit an exception: "
            + graph_oom(
                f"{CONDA}/sglang/srt",
                CONDA,
                graph_0410_inner(CONDA),
                GRAPH_0410_OUTER,
                oom(
                    "40.00 MiB",
                    "44.39 GiB",
                    "21.06 MiB",
                    "Including non-PyTorch memory, this process has 44.35 GiB memory in use.",
                    "43.51 GiB",
                    "97.12 MiB",
                ),
            ),
            f"{ts(44)} {LAUNCH_SIGQUIT}",
            "srun: error: gpu-l40s-03: task 0: Killed",
        ]
    ),
)

case(  # the job's wall time ends while the server is up and serving: Slurm's SIGTERM, then the step is cancelled
    "healthy-slurm-time-limit-after-ready-0.5.3",
    "0.5.3",
    "slurm src/slurmd/slurmstepd/req.c:1122, src/api/step_launch.c:743; srt/managers/tokenizer_manager.py:1862 (sigterm_handler via loop.add_signal_handler)",
    "healthy",
    "the server reached ready and served; the time limit is a scheduling decision, not a failure of the launch",
    "$ cat logs/sglang-771203.err\n"
    + prefixed(
        "\n".join(
            [f"{ts(0)} " + sargs(tp_size=2)]
            + boot_04(["TP0", "TP1"], model="", arch="Qwen3ForCausalLM", shards=17, until="serve", nccl="2.27.3")
            + uvicorn(60)
            + ready_04(61)
            + [
                f"{ts(3500, 'TP0')} Decode batch. #running-req: 17, #token: 21933, token usage: 0.02, cuda graph: True, gen throughput (token/s): 1104.52, #queue-req: 0, ",
                f'{ts(3500)} INFO:     10.1.4.22:59310 - "POST /v1/completions HTTP/1.1" 200 OK',
            ]
        ),
        "0: ",
    )
    + "\nslurmstepd: error: *** STEP 771203.0 ON gpu-h100-04 CANCELLED AT 2026-03-02T10:59:31 DUE TO TIME LIMIT ***"
    + f"\n0: {ts(3571)} SIGTERM received. signum=None frame=None. Draining requests and shutting down..."
    + "\nsrun: Job step aborted: Waiting up to 32 seconds for job step to finish."
    + "\nslurmstepd: error: *** JOB 771203 ON gpu-h100-04 CANCELLED AT 2026-03-02T10:59:31 DUE TO TIME LIMIT ***",
)


def _node(rank: int) -> str:
    """One node of a 2-node tp=16 DeepSeek-V3 launch (0.5.10), as far as the KV pool."""
    tps = [f"TP{i}" for i in range(8 * rank, 8 * rank + 8)]
    args = sargs(
        model_path="deepseek-ai/DeepSeek-V3",
        tp_size=16,
        mem_fraction_static=0.55,
        dist_init_addr="gpu-h100-017:20000",
        nnodes=2,
        node_rank=rank,
    )
    return "\n".join(
        [SERVE_WARN_0510.format(root=f"{CONDA}/sglang"), f"{ts(0)} {args}"]
        + [f"{ts(15, r)} Init torch distributed begin." for r in tps[:2]]
        + [f"{ts(21, r)} Init torch distributed ends. elapsed=6.02 s, mem usage=1.71 GB" for r in tps[:2]]
        + [f"{ts(22, r)} Load weight begin. avail mem=77.38 GB" for r in tps[:2]]
        + [
            f"{ts(180, r)} Load weight end. elapsed=158.3 s, type=DeepseekV3ForCausalLM, avail mem=37.02 GB, mem usage=40.36 GB."
            for r in tps[:2]
        ]
        + [
            sched_exc(
                181,
                tps[0],
                f"{CONDA}/sglang/srt",
                POOL_0510,
                "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: mem_fraction_static=0.55",
            ),
            f"{ts(181)} {LAUNCH_SIGQUIT}",
        ]
    )


_n0, _n1 = _node(0).split("\n"), _node(1).split("\n")
case(  # sbatch -N 2: `srun --label bash -c '... --nnodes 2 --node-rank $SLURM_NODEID'`; both nodes' lines interleave
    "slurm-two-nodes-label-nodeid-kv-pool-0.5.10",
    "0.5.10.post1",
    "srt/model_executor/model_runner_kv_cache_mixin.py:57-60; slurm src/common/write_labelled_message.c:143, src/srun/launch.c:409",
    "oom_kv_cache",
    "both nodes' schedulers say the KV pool is empty after the weights (mem_fraction_static too low)",
    "\n".join(line for pair in zip(["0: " + x for x in _n0], ["1: " + x for x in _n1], strict=True) for line in pair)
    + "\nsrun: error: gpu-h100-017: task 0: Killed"
    + "\nsrun: error: gpu-h100-018: task 1: Killed",
)

case(  # compute nodes have no route to the internet; HF_HOME points at a cache without this model
    "slurm-offline-compute-node-hf-unreachable-0.4.10",
    "0.4.10",
    "transformers 4.54.1 utils/hub.py:549-553; huggingface_hub 0.34.3 file_download.py:1661-1665; srt/server_args.py:333 (__post_init__ loads the HF config)",
    "config_error",
    "arguable: the model cannot be found (not cached, hub unreachable); the launch's model path/cache is what a person fixes",
    "$ srun --label --gres=gpu:4 python -m sglang.launch_server --model-path Qwen/Qwen2.5-72B-Instruct --tp 4\n"
    + prefixed(
        "huggingface_hub.errors.LocalEntryNotFoundError: An error happened while trying to locate the file on the Hub and we cannot find the requested files in the local cache. Please check your connection and try again or make sure your Internet connection is on.\n"
        "\nThe above exception was the direct cause of the following exception:\n\n"
        f"{TB}\n"
        + fr(
            "",
            *launcher_0410(CONDA, f"{CONDA}/sglang", runpy="311"),
            (f"{CONDA}/transformers/utils/hub.py", 550, "cached_files", "raise OSError("),
        )
        + "\nOSError: We couldn't connect to 'https://huggingface.co' to load the files, and couldn't find them in the cached files."
        "\nCheck your internet connection or see how to run the library in offline mode at 'https://huggingface.co/docs/transformers/installation#offline-mode'.",
        "0: ",
    )
    + "\nsrun: error: gpu-a100-011: task 0: Exited with exit code 1",
)


# ======================================================================================================= docker / compose
_C1 = "sglang-1  | "  # compose v2: `%-<len+1>s | ` of the service's container name
case(  # compose.yaml without `ipc: host` or `shm_size`: Docker's default 64 MB /dev/shm; NCCL_DEBUG unset
    "compose-default-shm-pynccl-init-exited-0-0.5.3",
    "0.5.3",
    "srt/distributed/device_communicators/pynccl.py:110, pynccl_wrapper.py:374,399; docker/compose pkg/compose/printer.go (`exited with code %d`); srt/utils/common.py:962-966 (kill_process_tree: kill self, sys.exit(0))",
    "nccl_or_distributed",
    "NCCL's communicator init fails with a system error at start-up",
    "$ docker compose up\n"
    + "[+] Running 1/1\n"
    + " ✔ Container sglang-sglang-1  Recreated                                                    0.1s \n"
    + "Attaching to sglang-1\n"
    + prefixed(
        "\n".join(
            [f"{ts(0)} " + sargs(model_path="Qwen/Qwen3-14B", tp_size=2)]
            + boot_04(["TP0", "TP1"], model="", arch="", shards=8, until="dist")
            + [sched_exc(9, "TP1", f"{SGW}/srt", PYNCCL_053, NCCL_SYS), f"{ts(9)} {LAUNCH_SIGQUIT}"]
        ),
        _C1,
    )
    + "\nsglang-1 exited with code 0",
)

_CID = "3f9b2c1d8e7a"
case(  # `docker run` without --shm-size / --ipc=host, NCCL_DEBUG=INFO; the CUDA base image's entrypoint prints its banner
    "docker-run-banner-no-ipc-host-nccl-info-shm-0.5.10",
    "0.5.10.post1",
    "nccl v2.27.7-1 src/misc/shmutils.cc:87,128, src/debug.cc:363,366, src/init.cc:998,1441, src/misc/cudawrap.cc:260; srt/distributed/device_communicators/pynccl.py:117 (warm-up all_reduce)",
    "nccl_or_distributed",
    "NCCL cannot create its /dev/shm segment (no space): the collective fails at start-up",
    "$ docker run --gpus all -e NCCL_DEBUG=INFO -p 30000:30000 -v ~/.cache/huggingface:/root/.cache/huggingface lmsysorg/sglang:v0.5.10.post1 python3 -m sglang.launch_server --model-path Qwen/Qwen3-32B --tp 4 --host 0.0.0.0\n"
    + CUDA_BANNER.format(cuda="12.9.1")
    + "\n".join(
        [SERVE_WARN_0510.format(root=SGW), f"{ts(0)} " + sargs(tp_size=4)]
        + [f"{ts(9, f'TP{i}')} Init torch distributed begin." for i in range(4)]
        + [
            "NCCL version 2.27.5+cuda12.9",
            f"{_CID}:171:171 [0] NCCL INFO cudaDriverVersion 12080",
            f"{_CID}:171:171 [0] NCCL INFO Bootstrap: Using eth0:172.17.0.2<0>",
            f"{_CID}:172:172 [1] NCCL INFO Using network Socket",
            f"{_CID}:172:172 [1] NCCL INFO ncclCommInitRank comm 0x5581c1f6a2b0 rank 1 nranks 4 cudaDev 1 nvmlDev 1 busId 1b000 commId 0x8e7d2e4a0f1b3c57 - Init START",
            f"{_CID}:172:172 [1] NCCL INFO comm 0x5581c1f6a2b0 rank 1 nRanks 4 nNodes 1 localRanks 4 localRank 1 MNNVL 0",
            "",
            f"{_CID}:172:318 [1] misc/shmutils.cc:87 NCCL WARN Error: failed to extend /dev/shm/nccl-gVcCAD to 9637892 bytes, error: No space left on device (28)",
            "",
            f"{_CID}:172:318 [1] misc/shmutils.cc:128 NCCL WARN Error while creating shared memory segment /dev/shm/nccl-gVcCAD (size 9637888), error: No space left on device (28)",
            sched_exc(12, "TP1", f"{SGW}/srt", PYNCCL_WARMUP_0510, NCCL_SYS),
            f"{ts(12)} {LAUNCH_SIGQUIT}",
        ]
    ),
)

case(  # the image's CUDA 12.9 runtime on a host whose driver only knows CUDA 12.2 (535): torch sees no usable GPU
    "docker-run-banner-driver-too-old-no-accelerator-0.5.10",
    "0.5.10.post1",
    "torch c10/cuda/CUDAFunctions.cpp (`The NVIDIA driver on your system is too old`), torch/cuda/__init__.py (is_available); srt/utils/common.py:1853, srt/server_args.py:768,953",
    "cuda_error_other",
    "a CUDA driver/runtime version mismatch; SGLang's `No accelerator` is its consequence",
    "$ docker run --gpus all --shm-size 32g -p 30000:30000 lmsysorg/sglang:v0.5.10.post1-cu129 python3 -m sglang.launch_server --model-path Qwen/Qwen3-8B --host 0.0.0.0\n"
    + CUDA_BANNER.format(cuda="12.9.1")
    + f"{PY312}/torch/cuda/__init__.py:182: UserWarning: CUDA initialization: The NVIDIA driver on your system is too old (found version 12020). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver. (Triggered internally at /pytorch/c10/cuda/CUDAFunctions.cpp:119.)\n"
    + "  return torch._C._cuda_getDeviceCount() > 0\n"
    + SERVE_WARN_0510.format(root=SGW)
    + f"\n{TB}\n"
    + fr(
        f"{SGW}/srt",
        ("<frozen runpy>", 198, "_run_module_as_main", ""),
        ("<frozen runpy>", 88, "_run_code", ""),
        (f"{SGW}/launch_server.py", 59, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
        ("server_args.py", 6539, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
        ("server_args.py", 5975, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
        ("<string>", 330, "__init__", ""),
        ("server_args.py", 768, "__post_init__", "self._handle_missing_default_values()"),
        ("server_args.py", 953, "_handle_missing_default_values", "self.device = get_device()"),
        (
            "utils/common.py",
            1853,
            "get_device",
            'raise RuntimeError("No accelerator (CUDA, XPU, HPU, NPU, MUSA, MPS) is available.")',
        ),
    )
    + "\nRuntimeError: No accelerator (CUDA, XPU, HPU, NPU, MUSA, MPS) is available.",
)

_GATED_ID = "Root=1-67c5a1b2-3f0e6d2a1c4b5e7f8a9b0c1d;8a2f7c1e-5b3d-4e6f-9a0b-1c2d3e4f5a6b"
_GATED = (
    f"401 Client Error. (Request ID: {_GATED_ID})\n\n"
    "Cannot access gated repo for url https://huggingface.co/meta-llama/Llama-3.1-8B-Instruct/resolve/main/config.json.\n"
    "Access to model meta-llama/Llama-3.1-8B-Instruct is restricted. You must have access to it and be authenticated to access it. Please log in."
)
_C2 = "sglang  | "  # container_name: sglang (sgl-project/sglang docker/compose.yaml)
case(  # sglang's own compose.yaml with `HF_TOKEN` left out and `restart: always`: the launcher fails, compose restarts it
    "compose-restart-always-gated-repo-no-token-0.4.10",
    "0.4.10",
    "transformers 4.54.1 utils/hub.py:537-543; huggingface_hub 0.34.3 utils/_http.py:422-426,_format; srt/server_args.py:333; docker/compose printer.go",
    "config_error",
    "arguable: the model cannot be fetched without a token for a gated repo; the launch's configuration (HF_TOKEN) is what is wrong",
    "$ docker compose up\n"
    + "Attaching to sglang\n"
    + prefixed(
        f"huggingface_hub.errors.GatedRepoError: {_GATED}\n\nThe above exception was the direct cause of the following exception:\n\n{TB}\n"
        + fr(
            "",
            *launcher_0410(PY310, SGW),
            (f"{PY310}/transformers/utils/hub.py", 540, "cached_files", "raise OSError("),
        )
        + "\nOSError: You are trying to access a gated repo.\nMake sure to have access to it at https://huggingface.co/meta-llama/Llama-3.1-8B-Instruct.\n"
        + _GATED,
        _C2,
    )
    + "\nsglang exited with code 1\n"
    + prefixed(
        f"{TB}\n"
        + fr(
            "",
            (f"{PY310}/huggingface_hub/utils/_http.py", 409, "hf_raise_for_status", "response.raise_for_status()"),
            (f"{PY310}/requests/models.py", 1026, "raise_for_status", "raise HTTPError(http_error_msg, response=self)"),
        )
        + "\nrequests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: https://huggingface.co/meta-llama/Llama-3.1-8B-Instruct/resolve/main/config.json",
        _C2,
    ),
)

case(  # Ctrl-C in `docker compose up` after the server served: compose stops the container (its logs stop printing)
    "healthy-compose-up-ready-then-ctrl-c-0.5.10",
    "0.5.10.post1",
    "docker/compose (`Gracefully stopping... (press Ctrl+C again to force)`, printer.go drops logs once aborting); srt/entrypoints/http_server.py (ready line)",
    "healthy",
    "the server reached ready and served; the operator stopped it",
    "$ docker compose up\n"
    + "[+] Running 1/1\n"
    + " ✔ Container sglang  Created                                                             0.1s \n"
    + "Attaching to sglang\n"
    + prefixed(SERVE_WARN_0510.format(root=SGW) + "\n" + startup("serving"), _C2)
    + "\n^CGracefully stopping... (press Ctrl+C again to force)\n"
    + "[+] Stopping 1/1\n"
    + " ✔ Container sglang  Stopped                                                             4.7s ",
)

_VL, _CO = "qwen-vl-1     | ", "qwen-coder-1  | "  # width = longest name + 1
_vl = [f"{ts(0)} " + sargs(model_path="Qwen/Qwen2.5-VL-7B-Instruct")] + boot_04(
    [None], model="", arch="Qwen2_5_VLForConditionalGeneration", shards=5, until="serve", t0=0
)
_co = [f"{ts(20)} " + sargs(model_path="Qwen/Qwen2.5-Coder-7B-Instruct")] + boot_04(
    [None], model="", arch="Qwen2ForCausalLM", shards=4, until="serve", t0=20
)
case(  # two services, both `network_mode: host`, both on the default --port 30000; the excerpt stops at the error
    "compose-two-services-host-network-same-port-0.5.3",
    "0.5.3",
    "uvicorn's bind error as SGLang logs it; docker/compose cmd/formatter/logs.go (setPrefix width)",
    "port_in_use",
    "the second server cannot bind :30000, which the first one holds",
    "\n".join(_VL + x for x in _vl + uvicorn(52) + ready_04(53, rank=None, info="get_model_info"))
    + "\n"
    + "\n".join(_CO + x for x in _co)
    + "\n"
    + "\n".join(
        _CO + x
        for x in [
            f"{ts(72)} INFO:     Started server process [1]",
            f"{ts(72)} INFO:     Waiting for application startup.",
            f"{ts(72)} INFO:     Application startup complete.",
            f"{ts(72)} ERROR:    [Errno 98] error while attempting to bind on address ('0.0.0.0', 30000): address already in use",
            f"{ts(72)} INFO:     Waiting for application shutdown.",
            f"{ts(72)} INFO:     Application shutdown complete.",
        ]
    ),
)

case(  # only the daemon speaks: the published port is taken before the container even starts
    "compose-daemon-port-already-allocated",
    "docker compose v2 (any SGLang)",
    "moby's `Bind for %s failed: port is already allocated` as compose prints the daemon's error",
    "port_in_use",
    "the HTTP port to publish is already in use on the host; SGLang never ran",
    "$ docker compose up\n"
    + "[+] Running 2/2\n"
    + " ✔ Network sglang_default     Created                                                     0.1s \n"
    + " ✔ Container sglang-sglang-1  Created                                                     0.2s \n"
    + "Attaching to sglang-1\n"
    + "Error response from daemon: driver failed programming external connectivity on endpoint sglang-sglang-1 (4b9e0f3c1a7d2e8f6b5c0a9d8e7f1c2b3a4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f): Bind for 0.0.0.0:30000 failed: port is already allocated",
)


# ==================================================================================================== GitHub Actions (CI)
_T_FILE = f"{CI}/test/srt/test_srt_endpoint.py"
_CI_SRT = f"{CI}/python/sglang/srt"
_CMD = "command=python3 -m sglang.launch_server --model-path meta-llama/Llama-3.1-8B-Instruct --device cuda --host 127.0.0.1 --port 6000"


def _begin(i: int, n: int, f: str) -> list[str]:
    """run_unittest_files' banners (sglang/test/test_utils.py:717-733 of 0.5.3)."""
    return [".", ".", f"Begin ({i}/{n}):", f"python3 {f}", ".", ".", ""]


def _end(i: int, n: int, f: str, elapsed: int, est: int) -> list[str]:
    return [".", ".", f"End ({i}/{n}):", f"filename='{f}', elapsed={elapsed}, estimated_time={est}", ".", ".", ""]


case(  # a server of the previous test file still holds 62 GB of the runner's GPU; this one's graphs do not fit
    "gha-ci-cuda-graph-oom-setupclass-exited-minus-9-0.5.3",
    "0.5.3",
    "sglang/test/test_utils.py:600-606 (popen_launch_server), :717-742 (run_unittest_files); srt/model_executor/cuda_graph_runner.py:366-369; GitHub Actions' `##[error]Process completed with exit code 1.`",
    "oom_cuda_graph",
    "out of memory inside CUDA graph capture at start-up (CI's test harness only reports the exit)",
    gha(
        "\n".join(
            _begin(7, 38, _T_FILE)
            + [
                _CMD,
                f"{ts(0)} "
                + sargs(
                    model_path="meta-llama/Llama-3.1-8B-Instruct",
                    host="127.0.0.1",
                    port=6000,
                    mem_fraction_static=0.835,
                ),
            ]
            + boot_04(
                [None], model="", arch="LlamaForCausalLM", shards=4, until="graph", tokens=81920, kv="5.00", ctx=131072
            )
            + [
                "Capturing batches (bs=160 avail_mem=0.52 GB):   0%|          | 0/23 [00:00<?, ?it/s]",
                f"{ts(44)} Scheduler hit an exception: "
                + graph_oom(
                    _CI_SRT,
                    PY310,
                    graph_053_inner(PY310, "llama.py", 483),
                    GRAPH_053_OUTER,
                    oom(
                        "40.00 MiB",
                        "79.19 GiB",
                        "9.06 MiB",
                        "Process 1287721 has 61.88 GiB memory in use. Including non-PyTorch memory, this process has 17.20 GiB memory in use.",
                        "16.51 GiB",
                        "74.23 MiB",
                    ),
                ),
                f"{ts(44)} {LAUNCH_SIGQUIT}",
                "E",
                "======================================================================",
                "ERROR: setUpClass (__main__.TestSRTEndpoint)",
                "----------------------------------------------------------------------",
                TB,
                fr(
                    "",
                    (_T_FILE, 39, "setUpClass", "cls.process = popen_launch_server("),
                    (f"{CI}/python/sglang/test/test_utils.py", 604, "popen_launch_server", "raise Exception("),
                ),
                "Exception: Server process exited with code -9. Check server logs for errors.",
                "",
                "----------------------------------------------------------------------",
                "Ran 0 tests in 96.226s",
                "",
                "FAILED (errors=1)",
            ]
            + _end(7, 38, _T_FILE, 103, 130)
            + [
                TB,
                fr(
                    "",
                    (
                        f"{CI}/test/srt/run_suite.py",
                        520,
                        "<module>",
                        "exit_code = run_unittest_files(files, args.timeout_per_file)",
                    ),
                    (f"{CI}/python/sglang/test/test_utils.py", 740, "run_unittest_files", "assert ("),
                ),
                f"AssertionError: expected return code 0, but {_T_FILE} returned 1",
                "##[error]Process completed with exit code 1.",
            ]
        )
    ),
)

case(  # `gh run view <id> --log-failed`: job and step names before every line; the server was up when a batch faulted
    "gha-gh-run-view-log-failed-illegal-memory-access-0.5.10",
    "0.5.10.post1",
    "torch's CUDA error text (c10/cuda/CUDAException); srt/managers/tokenizer_manager.py:2561; gh CLI's --log-failed format",
    "cuda_error_other",
    "an illegal memory access inside a batch's kernels after ready",
    gha(
        "\n".join(
            _begin(4, 14, _T_FILE)
            + [_CMD, startup("serving")]
            + [
                f'{ts(82)} INFO:     127.0.0.1:40916 - "POST /generate HTTP/1.1" 200 OK',
                f"{ts(83, 'TP0')} Scheduler hit an exception: {TB}",
                fr(_CI_SRT, *LOOP),
                ILLEGAL,
                f"{ts(83)} {RUN_SIGQUIT_05}",
                ".E",
                "======================================================================",
                "ERROR: test_logprob_with_chunked_prefill (__main__.TestSRTEndpoint)",
                "----------------------------------------------------------------------",
                TB,
                fr(
                    "",
                    (_T_FILE, 412, "test_logprob_with_chunked_prefill", "response = requests.post("),
                    (
                        f"{PY310}/requests/api.py",
                        115,
                        "post",
                        'return request("post", url, data=data, json=json, **kwargs)',
                    ),
                    (f"{PY310}/requests/adapters.py", 700, "send", "raise ConnectionError(e, request=request)"),
                ),
                "requests.exceptions.ConnectionError: HTTPConnectionPool(host='127.0.0.1', port=6000): Max retries exceeded with url: /generate (Caused by NewConnectionError('<urllib3.connection.HTTPConnection object at 0x7f5e2c1d3b50>: Failed to establish a new network connection: [Errno 111] Connection refused'))",
                "",
                "----------------------------------------------------------------------",
                "Ran 2 tests in 118.504s",
                "",
                "FAILED (errors=1)",
                "##[error]Process completed with exit code 1.",
            ]
        ),
        job="unit-test-backend-1-gpu (6)",
    ),
)

case(  # a passing CI file: server up, three tests, OK
    "healthy-gha-ci-server-ready-tests-ok-0.5.3",
    "0.5.3",
    "sglang/test/test_utils.py:717-733 (run_unittest_files banners); srt/entrypoints/http_server.py:1476 (ready line); unittest's summary",
    "healthy",
    "the server reached ready and the tests passed",
    gha(
        "\n".join(
            _begin(11, 38, _T_FILE)
            + [
                _CMD,
                f"{ts(0)} "
                + sargs(
                    model_path="meta-llama/Llama-3.1-8B-Instruct",
                    host="127.0.0.1",
                    port=6000,
                    mem_fraction_static=0.835,
                ),
            ]
            + boot_04([None], model="", arch="LlamaForCausalLM", shards=4, until="serve", ctx=131072)
            + uvicorn(52, pid=219311, host="127.0.0.1", port=6000)
            + ready_04(53, rank=None)
            + [
                f'{ts(63)} INFO:     127.0.0.1:40916 - "GET /health_generate HTTP/1.1" 200 OK',
                f"{ts(64)} Prefill batch. #new-seq: 1, #new-token: 6, #cached-token: 1, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
                f'{ts(65)} INFO:     127.0.0.1:40930 - "POST /generate HTTP/1.1" 200 OK',
                "...",
                "----------------------------------------------------------------------",
                "Ran 3 tests in 41.662s",
                "",
                "OK",
            ]
            + _end(11, 38, _T_FILE, 58, 130)
        )
    ),
)


# ============================================================================================================= SkyPilot
_HEAD, _WORK = "(head, rank=0, pid=2847) ", "(worker1, rank=1, pid=2291, ip=10.0.1.12) "
_DS2 = dict(
    model_path="deepseek-ai/DeepSeek-V3-0324",
    tp_size=16,
    mem_fraction_static=0.82,
    dist_init_addr="10.0.1.11:20000",
    nnodes=2,
    disable_cuda_graph=True,
    moe_a2a_backend="deepep",
    deepep_mode="normal",
)
_DEEPEP = (
    EXTEND_0510
    + no_grad(PY312)
    + (
        ("models/deepseek_v2.py", 2251, "forward", "hidden_states = self.model("),
        *torch_mod(PY312, "2.9"),
        ("models/deepseek_v2.py", 2061, "forward", "hidden_states, residual, topk_indices = layer("),
        *torch_mod(PY312, "2.9"),
        ("models/deepseek_v2.py", 1750, "forward", "hidden_states = self.mlp("),
        *torch_mod(PY312, "2.9"),
        ("models/deepseek_v2.py", 574, "forward", "return self.forward_deepep(hidden_states, forward_batch)"),
        ("models/deepseek_v2.py", 946, "forward_deepep", "final_hidden_states = self.experts("),
        *torch_mod(PY312, "2.9"),
        ("layers/moe/ep_moe/layer.py", 180, "forward", "return self.forward_impl(hidden_states, topk_output)"),
        ("layers/moe/ep_moe/layer.py", 195, "forward_impl", "dispatch_output = self.dispatcher.dispatch("),
        ("layers/moe/token_dispatcher/deepep.py", 779, "dispatch", "self.dispatch_a(hidden_states, topk_output)"),
        ("layers/moe/token_dispatcher/deepep.py", 791, "dispatch_a", "inner_state = self._get_impl().dispatch_a("),
        (
            "layers/moe/token_dispatcher/deepep.py",
            410,
            "dispatch_a",
            ") = self._dispatch_core(hidden_states, topk_ids, topk_weights, previous_event)",
        ),
        ("layers/moe/token_dispatcher/deepep.py", 433, "_dispatch_core", "buffer = self._get_buffer()"),
        ("layers/moe/token_dispatcher/deepep.py", 524, "_get_buffer", "return DeepEPBuffer.get_deepep_buffer("),
        ("layers/moe/token_dispatcher/deepep.py", 221, "get_deepep_buffer", "cls._buffer = Buffer("),
        (
            f"{PY312}/deep_ep/buffer.py",
            84,
            "__init__",
            "self.runtime = deep_ep_cpp.Buffer(self.rank, self.group_size, num_nvl_bytes, num_rdma_bytes, low_latency_mode, explicitly_destroy)",
        ),
    )
)
case(  # `sky launch` of a 2-node task; DeepEP (normal mode) allocates its buffer lazily, at the warm-up's first MoE layer
    "skypilot-two-nodes-deepep-buffer-oom-at-warmup-0.5.10",
    "0.5.10.post1",
    "srt/layers/moe/token_dispatcher/deepep.py:215-229 (get_deepep_buffer: the SM warning, Buffer(...)); deepseek-ai/DeepEP 9af0e0d csrc/deep_ep.cpp:49 (CUDA_CHECK(cudaMalloc)), csrc/kernels/exception.cuh; SkyPilot's executor prefixes",
    "oom_moe_workspace",
    "DeepEP's communication buffer cannot be allocated (the MoE all-to-all workspace), though it happens at the warm-up batch",
    "\n".join(
        _HEAD + x
        for x in [
            *SERVE_WARN_0510.format(root=SGW).split("\n"),
            f"{ts(0)} " + sargs(**_DS2),
            f"{ts(16, 'TP0')} Init torch distributed begin.",
            f"{ts(24, 'TP0')} Init torch distributed ends. elapsed=8.11 s, mem usage=2.30 GB",
            f"{ts(25, 'TP0')} Load weight begin. avail mem=76.64 GB",
            f"{ts(171, 'TP0')} Load weight end. elapsed=145.9 s, type=DeepseekV3ForCausalLM, avail mem=36.12 GB, mem usage=40.52 GB.",
            f"{ts(172, 'TP0')} KV Cache is allocated. #tokens: 642112, KV size: 22.03 GB",
            f"{ts(172, 'TP0')} Memory pool end. avail mem=13.19 GB",
            f"{ts(174, 'TP0')} max_total_num_tokens=642112, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=163840, available_gpu_mem=13.19 GB",
        ]
        + uvicorn(175, pid=2847)
        + [
            f'{ts(176)} INFO:     127.0.0.1:37754 - "GET /model_info HTTP/1.1" 200 OK',
            f"{ts(177, 'TP0')} Only use 20 SMs for DeepEP communication. This may result in highly suboptimal performance. Consider using --deepep-config to change the behavior.",
            f"{ts(177, 'TP0')} Scheduler hit an exception: {TB}",
        ]
    )
    + "\n"
    + prefixed(
        fr(f"{SGW}/srt", *_DEEPEP)
        + "\nRuntimeError: Failed: CUDA error /sgl-workspace/DeepEP/csrc/deep_ep.cpp:49 'out of memory'\n",
        _HEAD,
    )
    + "\n"
    + "\n".join(
        _WORK + x
        for x in [
            *SERVE_WARN_0510.format(root=SGW).split("\n"),
            f"{ts(0)} " + sargs(**_DS2, node_rank=1),
            f"{ts(16, 'TP8')} Init torch distributed begin.",
            f"{ts(25, 'TP8')} Load weight begin. avail mem=76.64 GB",
        ]
    )
    + f"\n{_HEAD}{ts(177)} {RUN_SIGQUIT_05}"
    + "\nERROR: Job 1 failed with return code list: [137, 137]",
)

_SKY = "(sglang-qwen25, pid=3121) "
_SKY_PY = "/home/gcpuser/miniconda3/lib/python3.10/site-packages"
_OVERLAP_0410 = (
    ("managers/tp_worker_overlap_thread.py", 141, "forward_thread_func", "self.forward_thread_func_()"),
    *no_grad(_SKY_PY),
    ("managers/tp_worker_overlap_thread.py", 176, "forward_thread_func_", "self.worker.forward_batch_generation("),
    (
        "managers/tp_worker.py",
        238,
        "forward_batch_generation",
        "logits_output, can_run_cuda_graph = self.model_runner.forward(",
    ),
    ("model_executor/model_runner.py", 1613, "forward", "output = self._forward_raw("),
    ("model_executor/model_runner.py", 1658, "_forward_raw", "ret = self.forward_extend("),
    ("model_executor/model_runner.py", 1558, "forward_extend", "return self.model.forward("),
    *no_grad(_SKY_PY),
    ("models/qwen2.py", 466, "forward", "hidden_states = self.model("),
    *torch_mod(_SKY_PY, "2.7"),
    ("models/qwen2.py", 334, "forward", "hidden_states, residual = layer("),
    *torch_mod(_SKY_PY, "2.7"),
    ("models/qwen2.py", 246, "forward", "hidden_states = self.mlp(hidden_states)"),
    *torch_mod(_SKY_PY, "2.7"),
    ("models/qwen2.py", 92, "forward", "gate_up, _ = self.gate_up_proj(x)"),
    *torch_mod(_SKY_PY, "2.7"),
    ("layers/linear.py", 402, "forward", "output_parallel = self.quant_method.apply(self, input_, bias)"),
    ("layers/quantization/unquant.py", 123, "apply", "return F.linear(x, layer.weight, bias)"),
)
case(  # a single-node SkyPilot task; 0.4.10's overlap thread reports the error, then the parent is SIGQUIT'd
    "skypilot-task-overlap-thread-oom-serving-0.4.10",
    "0.4.10",
    "srt/managers/tp_worker_overlap_thread.py:138-145 (`TpModelWorkerClient hit an exception:`, SIGQUIT to the parent); srt/managers/tokenizer_manager.py:1940-1945; SkyPilot's `(task, pid=N)` prefix and `failed with return code list`",
    "oom_runtime",
    "out of memory in a prefill's MLP while serving, after ready",
    "\n".join(
        _SKY + x
        for x in [
            f"{ts(0)} "
            + sargs(model_path="Qwen/Qwen2.5-32B-Instruct", tp_size=2, mem_fraction_static=0.9, chunked_prefill_size=-1)
        ]
        + boot_04(["TP0", "TP1"], model="", arch="Qwen2ForCausalLM", shards=17, until="serve", nccl="2.26.2")
        + uvicorn(52, pid=3121)
        + ready_04(53)
        + [
            f"{ts(600, 'TP0')} Prefill batch. #new-seq: 6, #new-token: 96214, #cached-token: 1820, token usage: 0.51, #running-req: 22, #queue-req: 9, ",
            f"{ts(601, 'TP0')} TpModelWorkerClient hit an exception: {TB}",
        ]
    )
    + "\n"
    + prefixed(
        fr(f"{_SKY_PY}/sglang/srt", *_OVERLAP_0410)
        + "\n"
        + oom(
            "10.03 GiB",
            "79.14 GiB",
            "6.94 GiB",
            "Including non-PyTorch memory, this process has 72.19 GiB memory in use.",
            "69.82 GiB",
            "1.55 GiB",
        )
        + "\n",
        _SKY,
    )
    + f"\n{_SKY}{ts(601)} {LAUNCH_SIGQUIT}"
    + "\nERROR: Job 1 failed with return code list: [137]",
)


# The classifier's misses at first sight (strict: a fix must remove the entry), with the label it gave.
# Afterwards (lead): six fixed by family (tests/test_logwatch_families.py): docker's daemon `port is already
# allocated` is the port family; a harness reporting the exit status (`returned 1`, `return code -9`) is a consequence,
# not configuration; a step Slurm ended for its time limit or a preemption is a deliberate stop; the container
# runtime's `OOMKilled` is the memory family, its step decides; a ready line after uvicorn could not bind is not this
# server's; a tag list holding `pid=` is a wrapper (SkyPilot's `(head, rank=0, pid=N)`), and another node's ServerArgs
# (another node_rank) in the same paste is not a relaunch. Fixed then: compose-daemon-port-already-allocated,
# gha-ci-cuda-graph-oom-setupclass-exited-minus-9-0.5.3 (was config_error), healthy-slurm-time-limit-after-ready-0.5.3,
# k8s-describe-oomkilled-while-shards-load-0.4.10, k8s-hostnetwork-rollout-old-pod-holds-port-ready-line-0.4.10 (was
# healthy), skypilot-two-nodes-deepep-buffer-oom-at-warmup-0.5.10 (the others were unknown). The two left are arguable:
# a driver too old whose consequence SGLang words as no accelerator (the corpus labels no accelerator config), and a
# log export read newest-first.
XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_an_orchestrator_wrapped_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5

"""SGLang run inside other programs (a helper, blind): the offline `sgl.Engine(...)` API in a user's script (its
traceback starts in the user's file, then sglang/api.py or the LazyImport, then sglang/srt/entrypoints/engine.py; the
Engine logs at level "error" unless told otherwise, so the start-up lines are mostly absent), the RL frameworks that
embed SGLang rollout engines (verl's SGLangRollout / AsyncEngine inside a Ray `WorkerDict` actor, verl 0.6's
SGLangHttpServer + HTTP adapter, slime's `SGLangEngine` actor that runs `launch_server` in a child process, a user's own
RL loop calling `init_weights_update_group`), NVIDIA Dynamo's `dynamo.sglang` worker, and the wrappers they add: Ray's
`(WorkerDict pid=..., ip=...)` prefixes (ANSI colours, `[repeated Nx across cluster]` de-duplication), `(raylet)`
worker-death lines, `ray.exceptions.RayTaskError(X)` / `ActorDiedError` in the driver, Ray's memory monitor killing a
worker on a node low on host memory, torch_memory_saver's CUresult lines on `resume_memory_occupation`, and the NCCL
weight-update group (`init custom process group`, `Failed to initialize custom process group`, the watchdog on its
BROADCAST). Four healthy contrasts: training steps after SGLang's NumPy warning and Triton's "can be ignored" line,
torch_memory_saver's "may not be an issue" cuMemCreate line with training going on, a slime run that synced weights
under Ray's disk-space warnings, an offline script that printed its generations after an RLIMIT warning.

Each message is copied from the named release's source (file:line under sglang/ of that wheel; verl 0.4.1 / 0.6.1
and ray 2.46 wheels; slime's and torch_memory_saver's repositories; CPython 3.11's multiprocessing) or from real
output quoted in public threads (Ray's memory-monitor and worker-death texts, torch's c10d/NCCL texts), format fields
filled. Labels are by /work/shared/corpus/README.md, decided before the classifier ran. Ray's own memory monitor and
the kernel's OOM killer kill host-memory hogs with SIGKILL and name no GPU: labelled by the phase, as
tests/test_logwatch_templates_proc.py does (while the weights load -> oom_weights, while generating -> oom_runtime).
A failed weight-sync NCCL group is nccl_or_distributed even where the SGLang server itself stays up (the brief's rule).

First sight: 26/30 (4 misses, strict xfails below; healthy contrasts 2/4).
"""

# ruff: noqa: E501, RUF005  (log lines are data; call paths are built by extending a shared prefix)

from __future__ import annotations

import hashlib
from typing import NamedTuple

import pytest

from safelaunch.core.logwatch import classify_text

from .logwatch_templates import TB, first_sight


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
def hx(seed: str, n: int) -> str:
    """A deterministic hex id of n characters (Ray's task/worker/node/actor ids)."""
    out = ""
    i = 0
    while len(out) < n:
        out += hashlib.sha256(f"{seed}{i}".encode()).hexdigest()
        i += 1
    return out[:n]


def stamp(day: str, hms: str, rank: str | None = None) -> str:
    """SGLang's log prefix: `[YYYY-MM-DD HH:MM:SS TP0]`."""
    return f"[{day} {hms}{' ' + rank if rank else ''}]"


def _carets(code: str) -> str | None:
    """Python 3.11+'s caret line under the called expression (none where it would span the whole line)."""
    if code.startswith("return "):
        start = len("return ")
    elif " = " in code and not code.startswith(("raise ", "assert ")):
        start = code.index(" = ") + 3
    else:
        return None
    end = len(code.rstrip())
    return " " * (4 + start) + "^" * (end - start)


def frames(base: str, *stack: tuple[str, int, str, str], carets: bool = False) -> str:
    """Python's frames; a relative path is under `base` (an installed sglang/srt, verl, ray, ...)."""
    out = []
    for path, line, func, code in stack:
        full = path if path.startswith(("/", "<")) else f"{base}/{path}"
        out.append(f'  File "{full}", line {line}, in {func}')
        if code:
            out.append(f"    {code}")
            mark = _carets(code) if carets else None
            if mark:
                out.append(mark)
    return "\n".join(out)


def ray(who: str, text: str) -> str:
    """Ray's driver prints each worker line behind `(Actor pid=N[, ip=...]) `, blank lines included."""
    return "\n".join(f"({who}) {line}" for line in text.split("\n"))


def torch_oom(
    tried: str,
    gpu: int,
    total: str,
    free: str,
    this: str,
    alloc: str,
    reserved: str,
    *,
    other: str = "",
    graphs: str = "",
) -> str:
    """torch 2.x's CUDA caching allocator OOM text."""
    other_txt = f"Process {other} memory in use. " if other else ""
    pools = f", with {graphs} allocated in private pools (e.g., CUDA Graphs)," if graphs else ","
    return (
        f"CUDA out of memory. Tried to allocate {tried}. GPU {gpu} has a total capacity of {total} of which {free} is free. "
        f"{other_txt}Including non-PyTorch memory, this process has {this} memory in use. Of the allocated memory {alloc} is allocated by PyTorch{pools} and {reserved} is reserved by PyTorch but unallocated. "
        "If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  "
        "See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
    )


SIGQUIT_MSG = "Received sigquit from a child process. It usually means the child failed."
GRAPH_HINT = (
    "Possible solutions:\n"
    "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
    "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n"
    "3. disable torch compile by not using --enable-torch-compile\n"
    "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\n"
    "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose \n"
)


def raylet_worker_died(seed: str, ip: str, pid: int) -> str:
    """The raylet's line when a worker process vanishes (SIGKILL from kill_process_tree, or the OOM killer)."""
    return (
        "(raylet) A worker died or was killed while executing a task by an unexpected system error. To troubleshoot the problem, check the logs for the dead worker. "
        f"RayTask ID: {hx(seed + 't', 48)} Worker ID: {hx(seed + 'w', 56)} Node ID: {hx(seed + 'n', 56)} Worker IP address: {ip} Worker port: 10217 Worker PID: {pid} "
        "Worker exit type: SYSTEM_ERROR Worker exit detail: Worker unexpectedly exits with a connection error code 2. End of file. There are some potential root causes. "
        "(1) The process is killed by SIGKILL by OOM killer due to high memory usage. (2) ray stop --force is called. (3) The worker is crashed unexpectedly due to SIGSEGV or other unexpected errors."
    )


def ray_oom_killer(
    seed: str, ip: str, lease_name: str, pid: int, used: str, node: str, frac: str, top: list[tuple[int, str, str]]
) -> str:
    """Ray's memory monitor (ray.exceptions.OutOfMemoryError's text), as ray 2.4x prints it."""
    users = "\n".join(f"{p}\t{m}\t{c}" for p, m, c in top)
    worker = hx(seed + "w", 56)
    return (
        "Task was killed due to the node running low on memory.\n"
        f"Memory on the node (IP: {ip}, ID: {hx(seed + 'n', 56)}) where the task (task ID: {hx(seed + 't', 48)}, name={lease_name}, pid={pid}, memory used={used}) was running was {node} ({frac}), which exceeds the memory usage threshold of 0.95. "
        f"Ray killed this worker (ID: {worker}) because it was the most recently scheduled task; to see more information about memory usage on this node, use `ray logs raylet.out -ip {ip}`. "
        f"To see the logs of the worker, use `ray logs worker-{worker}*out -ip {ip}. Top 10 memory users:\n"
        f"PID\tMEM(GB)\tCOMMAND\n{users}\n"
        "Refer to the documentation on how to address the out of memory issue: https://docs.ray.io/en/latest/ray-core/scheduling/ray-oom-prevention.html. "
        "Consider provisioning more memory on this node or reducing task parallelism by requesting more CPUs per task. Set max_restarts and max_task_retries to enable retry when the task crashes due to OOM. "
        "To adjust the kill threshold, set the environment variable `RAY_memory_usage_threshold` when starting Ray. To disable worker killing, set the environment variable `RAY_memory_monitor_refresh_ms` to zero."
    )


# ---- verl 0.4.1 (sglang 0.4.6.post5, torch 2.6, ray 2.4x) as installed in a conda env, Python 3.10
V_ENV = "/root/miniconda3/envs/verl/lib/python3.10/site-packages"
VERL = "/root/verl/verl"
RAYP = f"{V_ENV}/ray/_private"
VERL_HYDRA = (
    "Error executing job with overrides: ['algorithm.adv_estimator=grpo', 'data.train_files=/data/gsm8k/train.parquet', "
    "'data.val_files=/data/gsm8k/test.parquet', 'data.train_batch_size=512', 'data.max_prompt_length=1024', 'data.max_response_length=3072', "
    "'actor_rollout_ref.model.path=Qwen/Qwen2.5-7B-Instruct', 'actor_rollout_ref.rollout.name=sglang', 'actor_rollout_ref.rollout.tensor_model_parallel_size=2', "
    "'actor_rollout_ref.rollout.gpu_memory_utilization=0.7', 'actor_rollout_ref.rollout.n=8', 'trainer.n_gpus_per_node=8', 'trainer.nnodes=1']"
)
DRIVER_GET = (
    (f"{VERL}/trainer/main_ppo.py", 31, "main", "run_ppo(config)"),
    (f"{VERL}/trainer/main_ppo.py", 54, "run_ppo", "ray.get(runner.run.remote(config))"),
    (f"{RAYP}/auto_init_hook.py", 21, "auto_init_wrapper", "return fn(*args, **kwargs)"),
    (f"{RAYP}/client_mode_hook.py", 103, "wrapper", "return func(*args, **kwargs)"),
    (
        f"{RAYP}/worker.py",
        2822,
        "get",
        "values, debugger_breakpoint = worker.get_objects(object_refs, timeout=timeout)",
    ),
    (f"{RAYP}/worker.py", 930, "get_objects", "raise value.as_instanceof_cause()"),
)
WG_CALL = (f"{VERL}/single_controller/ray/base.py", 51, "__call__", "output = ray.get(output)")
WD_FUNC = (
    (
        f"{VERL}/single_controller/ray/base.py",
        663,
        "func",
        "return getattr(self.worker_dict[key], name)(*args, **kwargs)",
    ),
    (f"{VERL}/single_controller/base/decorator.py", 540, "inner", "return func(*args, **kwargs)"),
)
SGL_0446 = f"{V_ENV}/sglang/srt"
INIT_0446 = (
    (
        "managers/scheduler.py",
        2297,
        "run_scheduler_process",
        "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
    ),
    ("managers/scheduler.py", 277, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 64, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 78, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 231, "__init__", "self.initialize(min_per_gpu_memory)"),
)
GRAPHS_0446 = INIT_0446 + (
    ("model_executor/model_runner.py", 305, "initialize", "self.init_cuda_graphs()"),
    ("model_executor/model_runner.py", 1098, "init_cuda_graphs", "self.cuda_graph_runner = CudaGraphRunner(self)"),
    ("model_executor/cuda_graph_runner.py", 309, "__init__", "raise Exception("),
)
OVERLAP_FWD_0446 = (
    ("managers/tp_worker_overlap_thread.py", 118, "forward_thread_func", "self.forward_thread_func_()"),
    (f"{V_ENV}/torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
    ("managers/tp_worker_overlap_thread.py", 151, "forward_thread_func_", "self.worker.forward_batch_generation("),
    (
        "managers/tp_worker.py",
        202,
        "forward_batch_generation",
        "logits_output, can_run_cuda_graph = self.model_runner.forward(",
    ),
    ("model_executor/model_runner.py", 1172, "forward", "output = self._forward_raw("),
    ("model_executor/model_runner.py", 1201, "_forward_raw", "ret = self.forward_extend("),
    ("model_executor/model_runner.py", 1140, "forward_extend", "return self.model.forward("),
    (f"{V_ENV}/torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
    ("models/qwen2.py", 427, "forward", "return self.logits_processor("),
    (f"{V_ENV}/torch/nn/modules/module.py", 1739, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
    (f"{V_ENV}/torch/nn/modules/module.py", 1750, "_call_impl", "return forward_call(*args, **kwargs)"),
    (
        "layers/logits_processor.py",
        333,
        "forward",
        "logits = self._get_logits(pruned_states, lm_head, logits_metadata)",
    ),
    ("layers/logits_processor.py", 457, "_get_logits", "logits = torch.matmul("),
)


def verl_driver(
    inner_cls: str, inner_fn: str, wd_tail: tuple, error: str, *, task_line: tuple, seed: str, ip: str = "10.0.0.12"
) -> str:
    """verl's driver: hydra's line, main -> TaskRunner.run (RayTaskError(X)) -> the worker group's call -> the
    WorkerDict method (RayTaskError(X) again), then hydra's hint."""
    return (
        f"{VERL_HYDRA}\n{TB}\n"
        + frames("", *DRIVER_GET)
        + f"\nray.exceptions.RayTaskError({inner_cls}): ray::TaskRunner.run() (pid=2143, ip={ip}, actor_id={hx(seed + 'a', 32)}, repr=<main_ppo.TaskRunner object at 0x7f3b2c1e6a10>)\n"
        + frames("", task_line, WG_CALL)
        + f"\nray.exceptions.RayTaskError({inner_cls}): ray::WorkerDict.{inner_fn}() (pid=3311, ip={ip}, actor_id={hx(seed + 'b', 32)}, repr=<verl.single_controller.ray.base.WorkerDict object at 0x7f9e5c2f1b50>)\n"
        + frames("", *WD_FUNC + wd_tail)
        + f"\n{error}\n\nSet the environment variable HYDRA_FULL_ERROR=1 for a complete stack trace."
    )


def verl_actor_died(task_line: tuple, seed: str, *, ip: str = "10.0.0.12", pid: int = 3311) -> str:
    """verl's driver when the WorkerDict process itself is gone (SGLang's kill_process_tree killed its parent)."""
    return (
        f"{VERL_HYDRA}\n{TB}\n"
        + frames("", *DRIVER_GET)
        + f"\nray.exceptions.RayTaskError(ActorDiedError): ray::TaskRunner.run() (pid=2143, ip={ip}, actor_id={hx(seed + 'a', 32)}, repr=<main_ppo.TaskRunner object at 0x7f3b2c1e6a10>)\n"
        + frames("", task_line, WG_CALL)
        + "\nray.exceptions.ActorDiedError: The actor died unexpectedly before finishing this task.\n"
        + "\tclass_name: create_colocated_worker_cls.<locals>.WorkerDict\n"
        + f"\tactor_id: {hx(seed + 'b', 32)}\n\tpid: {pid}\n\tname: kQ3fZpWorkerDict_0:0\n\tnamespace: {hx(seed + 'ns', 8)}-2f1c-4b7e-9a0d-{hx(seed + 'ns2', 12)}\n\tip: {ip}\n"
        + "The actor is dead because its worker process has died. Worker exit type: SYSTEM_ERROR Worker exit detail: Worker unexpectedly exits with a connection error code 2. End of file. "
        + "There are some potential root causes. (1) The process is killed by SIGKILL by OOM killer due to high memory usage. (2) ray stop --force is called. (3) The worker is crashed unexpectedly due to SIGSEGV or other unexpected errors.\n\n"
        + "Set the environment variable HYDRA_FULL_ERROR=1 for a complete stack trace."
    )


INIT_WORKERS = (f"{VERL}/trainer/main_ppo.py", 188, "run", "trainer.init_workers()")
INIT_MODEL = (f"{VERL}/trainer/ppo/ray_trainer.py", 793, "init_workers", "self.actor_rollout_wg.init_model()")
GEN_SEQ = (
    f"{VERL}/trainer/ppo/ray_trainer.py",
    983,
    "fit",
    "gen_batch_output = self.actor_rollout_wg.generate_sequences(gen_batch)",
)
FIT = (f"{VERL}/trainer/main_ppo.py", 190, "run", "trainer.fit()")
BUILD_SGLANG_ROLLOUT = (
    (
        f"{VERL}/workers/fsdp_workers.py",
        558,
        "init_model",
        'self.rollout, self.rollout_sharding_manager = self._build_rollout(trust_remote_code=self.config.model.get("trust_remote_code", False))',
    ),
    (f"{VERL}/workers/fsdp_workers.py", 469, "_build_rollout", "rollout = SGLangRollout("),
)

# ========================================================================================== the offline sgl.Engine API
# 0.4.6.post5, a conda env with Python 3.10: `sgl.Engine(model_path=<70B>)` on one 80 GB GPU. The Engine logs at
# "error", so the scheduler's traceback and the sigquit line are all SGLang prints; kill_process_tree SIGKILLs the
# script itself and bash says so.
U_ENV = "/home/jlee/miniconda3/envs/sgl/lib/python3.10/site-packages"
case(
    "engine-offline-70b-on-one-gpu-oom-while-building-model-0.4.6",
    "0.4.6.post5",
    "srt/managers/scheduler.py:2297-2310 (Scheduler hit an exception); srt/model_loader/loader.py:153; srt/layers/linear.py:157; srt/entrypoints/engine.py:527-531 (sigquit_handler); srt/utils.py:731-735 (kill_process_tree kills itself)",
    "oom_weights",
    "the model's parameters do not fit on one GPU: the allocation fails while the model is built, before any KV pool",
    "(sgl) jlee@a100-box:~/proj$ python offline_eval.py\n"
    + "Loading safetensors checkpoint shards:   0% Completed | 0/30 [00:00<?, ?it/s]\n"
    + f"{stamp('2025-06-14', '09:12:41', 'TP0')} Scheduler hit an exception: {TB}\n"
    + frames(
        f"{U_ENV}/sglang/srt",
        *INIT_0446
        + (
            ("model_executor/model_runner.py", 271, "initialize", "self.load_model()"),
            ("model_executor/model_runner.py", 534, "load_model", "self.model = get_model("),
            ("model_loader/__init__.py", 22, "get_model", "return loader.load_model("),
            ("model_loader/loader.py", 376, "load_model", "model = _initialize_model("),
            ("model_loader/loader.py", 153, "_initialize_model", "return model_class("),
            (
                "models/llama.py",
                413,
                "__init__",
                'self.model = self._init_model(config, quant_config, add_prefix("model", prefix))',
            ),
            (
                "models/llama.py",
                445,
                "_init_model",
                "return LlamaModel(config, quant_config=quant_config, prefix=prefix)",
            ),
            ("models/llama.py", 292, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
            ("utils.py", 464, "make_layers", "+ ["),
            ("utils.py", 465, "<listcomp>", "maybe_offload_to_cpu(layer_fn(idx=idx, prefix=add_prefix(idx, prefix)))"),
            ("models/llama.py", 294, "<lambda>", "lambda idx, prefix: LlamaDecoderLayer("),
            ("models/llama.py", 233, "__init__", "self.mlp = LlamaMLP("),
            ("models/llama.py", 72, "__init__", "self.gate_up_proj = MergedColumnParallelLinear("),
            ("layers/linear.py", 508, "__init__", "super().__init__("),
            ("layers/linear.py", 363, "__init__", "self.quant_method.create_weights("),
            ("layers/linear.py", 157, "create_weights", "torch.empty("),
            (f"{U_ENV}/torch/utils/_device.py", 104, "__torch_function__", "return func(*args, **kwargs)"),
        ),
    )
    + "\ntorch.OutOfMemoryError: "
    + torch_oom("448.00 MiB", 0, "79.15 GiB", "289.06 MiB", "78.85 GiB", "78.37 GiB", "1.52 MiB")
    + f"\n\n{stamp('2025-06-14', '09:12:41')} {SIGQUIT_MSG}\nKilled",
)
U4 = "/opt/venv/lib/python3.12/site-packages"
case(  # the user copied a low fraction from a colocated notebook; weights fit, the pool gets nothing
    "engine-offline-mem-fraction-too-low-kv-pool-0.4.10",
    "0.4.10",
    "srt/model_executor/model_runner.py:1148-1151 (init_memory_pool: 'Not enough memory. Please try to increase --mem-fraction-static.')",
    "oom_kv_cache",
    "SGLang's own KV-pool sizing error after the weights loaded; the fix is a higher mem_fraction_static",
    "$ python batch_infer.py --model Qwen/Qwen3-14B --mem-fraction-static 0.3\n"
    + "Loading safetensors checkpoint shards: 100% Completed | 8/8 [00:06<00:00,  1.27it/s]\n\n"
    + f"{stamp('2025-08-02', '14:03:19', 'TP0')} Scheduler hit an exception: {TB}\n"
    + frames(
        f"{U4}/sglang/srt",
        ("managers/scheduler.py", 2402, "run_scheduler_process", "scheduler = Scheduler("),
        ("managers/scheduler.py", 312, "__init__", "self.tp_worker = TpWorkerClass("),
        ("managers/tp_worker_overlap_thread.py", 67, "__init__", "self.worker = TpModelWorker("),
        ("managers/tp_worker.py", 84, "__init__", "self.model_runner = ModelRunner("),
        ("model_executor/model_runner.py", 237, "__init__", "self.initialize(min_per_gpu_memory)"),
        ("model_executor/model_runner.py", 326, "initialize", "self.init_memory_pool("),
        ("model_executor/model_runner.py", 1149, "init_memory_pool", "raise RuntimeError("),
        carets=True,
    )
    + "\nRuntimeError: Not enough memory. Please try to increase --mem-fraction-static.\n\n"
    + f"{stamp('2025-08-02', '14:03:19')} {SIGQUIT_MSG}\nKilled",
)
DOCKER_SGL = "/sgl-workspace/sglang/python/sglang/srt"
case(  # lmsysorg/sglang image, a script run with `docker exec`; 0.5.2's `Engine` is a LazyImport
    "engine-offline-capture-cuda-graph-oom-docker-0.5.2",
    "0.5.2",
    "srt/model_executor/cuda_graph_runner.py:389-393,861-868 (Capture cuda graph failed + CUDA_GRAPH_CAPTURE_FAILED_MSG); srt/managers/scheduler.py run_scheduler_process",
    "oom_cuda_graph",
    "the capture wrapper names the CUDA OOM; the weights and the pool were done",
    "root@7c1d2e9f0a4b:/workspace# python3 gen_dataset.py\n"
    + "Loading safetensors checkpoint shards: 100% Completed | 17/17 [00:41<00:00,  2.41s/it]\n\n"
    + f"{stamp('2025-09-23', '11:47:02', 'TP1')} Scheduler hit an exception: {TB}\n"
    + frames(
        DOCKER_SGL,
        ("managers/scheduler.py", 2587, "run_scheduler_process", "scheduler = Scheduler("),
        ("managers/scheduler.py", 329, "__init__", "self.tp_worker = TpWorkerClass("),
        ("managers/tp_worker_overlap_thread.py", 71, "__init__", "self.worker = TpModelWorker("),
        ("managers/tp_worker.py", 93, "__init__", "self.model_runner = ModelRunner("),
        ("model_executor/model_runner.py", 250, "__init__", "self.initialize(min_per_gpu_memory)"),
        ("model_executor/model_runner.py", 386, "initialize", "self.init_device_graphs()"),
        (
            "model_executor/model_runner.py",
            1761,
            "init_device_graphs",
            "self.graph_runner = graph_runners[self.device](self)",
        ),
        ("model_executor/cuda_graph_runner.py", 391, "__init__", "raise Exception("),
        carets=True,
    )
    + "\nException: Capture cuda graph failed: "
    + torch_oom("1.17 GiB", 1, "79.11 GiB", "845.94 MiB", "78.27 GiB", "74.64 GiB", "1.92 GiB", graphs="512.25 MiB")
    + "\n"
    + GRAPH_HINT
    + f"\n{stamp('2025-09-23', '11:47:02')} {SIGQUIT_MSG}\nKilled",
)
case(  # the engine served the first batches, then a 64k-token prompt batch ran the logits matmul out of memory
    "engine-offline-generate-long-batch-logits-oom-0.5.2",
    "0.5.2",
    "srt/managers/tp_worker_overlap_thread.py:141-145 (TpModelWorkerClient hit an exception); srt/layers/logits_processor.py:460; srt/managers/tokenizer_manager.py running_phase_sigquit_handler",
    "oom_runtime",
    "outputs were already printed: the engine was serving when the forward pass ran out of memory",
    "root@7c1d2e9f0a4b:/workspace# python3 gen_dataset.py\n"
    + "Loading safetensors checkpoint shards: 100% Completed | 4/4 [00:03<00:00,  1.12it/s]\n\n"
    + "batch 0: 512 prompts, 148.3 s\nbatch 1: 512 prompts, 151.9 s\n"
    + f"{stamp('2025-09-23', '12:31:55', 'TP0')} TpModelWorkerClient hit an exception: {TB}\n"
    + frames(
        DOCKER_SGL,
        ("managers/tp_worker_overlap_thread.py", 141, "forward_thread_func", "self.forward_thread_func_()"),
        (
            "/usr/local/lib/python3.12/dist-packages/torch/utils/_contextlib.py",
            120,
            "decorate_context",
            "return func(*args, **kwargs)",
        ),
        ("managers/tp_worker_overlap_thread.py", 174, "forward_thread_func_", "self.worker.forward_batch_generation("),
        (
            "managers/tp_worker.py",
            251,
            "forward_batch_generation",
            "logits_output, can_run_cuda_graph = self.model_runner.forward(",
        ),
        ("model_executor/model_runner.py", 1901, "forward", "output = self._forward_raw("),
        ("model_executor/model_runner.py", 1952, "_forward_raw", "ret = self.forward_extend("),
        ("model_executor/model_runner.py", 1846, "forward_extend", "return self.model.forward("),
        (
            "/usr/local/lib/python3.12/dist-packages/torch/utils/_contextlib.py",
            120,
            "decorate_context",
            "return func(*args, **kwargs)",
        ),
        ("models/qwen2.py", 493, "forward", "return self.logits_processor("),
        (
            "/usr/local/lib/python3.12/dist-packages/torch/nn/modules/module.py",
            1773,
            "_wrapped_call_impl",
            "return self._call_impl(*args, **kwargs)",
        ),
        (
            "/usr/local/lib/python3.12/dist-packages/torch/nn/modules/module.py",
            1784,
            "_call_impl",
            "return forward_call(*args, **kwargs)",
        ),
        (
            "layers/logits_processor.py",
            328,
            "forward",
            "logits = self._get_logits(pruned_states, lm_head, logits_metadata)",
        ),
        ("layers/logits_processor.py", 460, "_get_logits", "logits = torch.matmul("),
        carets=True,
    )
    + "\ntorch.OutOfMemoryError: "
    + torch_oom("9.28 GiB", 0, "79.11 GiB", "4.12 GiB", "74.98 GiB", "70.03 GiB", "1.46 GiB", graphs="1.31 GiB")
    + f"\n\n{stamp('2025-09-23', '12:31:55')} {SIGQUIT_MSG}\nKilled",
)
case(  # a vLLM habit: gpu_memory_utilization is not a ServerArgs field; the TypeError is raised in the user's process
    "engine-offline-vllm-kwarg-gpu-memory-utilization-0.4.10",
    "0.4.10",
    "sglang/api.py:42-46 (Engine); srt/entrypoints/engine.py:113 (ServerArgs(**kwargs)); CPython dataclass __init__ TypeError",
    "config_error",
    "an argument SGLang does not have (mem_fraction_static is its name)",
    f"{TB}\n"
    + frames(
        U4,
        (
            "/home/ubuntu/eval/run_bench.py",
            38,
            "<module>",
            "llm = sgl.Engine(model_path=args.model, tp_size=2, gpu_memory_utilization=0.85)",
        ),
        ("sglang/api.py", 46, "Engine", "return Engine(*args, **kwargs)"),
        ("sglang/srt/entrypoints/engine.py", 113, "__init__", "server_args = ServerArgs(**kwargs)"),
        carets=True,
    )
    + "\nTypeError: ServerArgs.__init__() got an unexpected keyword argument 'gpu_memory_utilization'",
)
PY311 = "/home/mina/.conda/envs/rl/lib/python3.11"
MAIN_GUARD_CHILD = (
    f"{TB}\n"
    + frames(
        PY311,
        ("<string>", 1, "<module>", ""),
        ("multiprocessing/spawn.py", 122, "spawn_main", "exitcode = _main(fd, parent_sentinel)"),
        ("multiprocessing/spawn.py", 131, "_main", "prepare(preparation_data)"),
        ("multiprocessing/spawn.py", 246, "prepare", "_fixup_main_from_path(data['init_main_from_path'])"),
        ("multiprocessing/spawn.py", 297, "_fixup_main_from_path", "main_content = runpy.run_path(main_path,"),
        ("<frozen runpy>", 291, "run_path", ""),
        ("<frozen runpy>", 98, "_run_module_code", ""),
        ("<frozen runpy>", 88, "_run_code", ""),
        ("/home/mina/proj/score.py", 9, "<module>", 'llm = sgl.Engine(model_path="Qwen/Qwen2.5-7B-Instruct")'),
        ("site-packages/sglang/api.py", 45, "Engine", "return Engine(*args, **kwargs)"),
        (
            "site-packages/sglang/srt/entrypoints/engine.py",
            126,
            "__init__",
            "tokenizer_manager, scheduler_info = _launch_subprocesses(",
        ),
        ("site-packages/sglang/srt/entrypoints/engine.py", 603, "_launch_subprocesses", "proc.start()"),
        ("multiprocessing/process.py", 121, "start", "self._popen = self._Popen(self)"),
        ("multiprocessing/context.py", 288, "_Popen", "return Popen(process_obj)"),
        ("multiprocessing/popen_spawn_posix.py", 32, "__init__", "super().__init__(process_obj)"),
        ("multiprocessing/popen_fork.py", 19, "__init__", "self._launch(process_obj)"),
        (
            "multiprocessing/popen_spawn_posix.py",
            42,
            "_launch",
            "prep_data = spawn.get_preparation_data(process_obj._name)",
        ),
        ("multiprocessing/spawn.py", 164, "get_preparation_data", "_check_not_importing_main()"),
        ("multiprocessing/spawn.py", 140, "_check_not_importing_main", "raise RuntimeError('''"),
        carets=True,
    )
    + "\nRuntimeError: "
    + """
        An attempt has been made to start a new process before the
        current process has finished its bootstrapping phase.

        This probably means that you are not using fork to start your
        child processes and you have forgotten to use the proper idiom
        in the main module:

            if __name__ == '__main__':
                freeze_support()
                ...

        The "freeze_support()" line can be omitted if the program
        is not going to be frozen to produce an executable.

        To fix this issue, refer to the "Safe importing of main module"
        section in https://docs.python.org/3/library/multiprocessing.html
        """
)
case(  # issue-5647 shape: no `if __name__ == "__main__":`; the spawned scheduler re-runs the script and trips over it
    "engine-offline-no-main-guard-spawn-bootstrapping-0.4.6",
    "0.4.6.post5",
    "CPython 3.11 multiprocessing/spawn.py:138-155 (_check_not_importing_main); srt/entrypoints/engine.py:662-671 ('Rank {i} scheduler is dead. Please check if there are relevant logs.', 'Exit code: ')",
    "config_error",
    "arguable (a script mistake, no label for it): the Engine must be created under the main guard (SGLang's docs say so); nothing about the GPU or the model",
    MAIN_GUARD_CHILD
    + "\n"
    + MAIN_GUARD_CHILD
    + "\n"
    + f"{stamp('2025-05-09', '16:20:44')} Rank 0 scheduler is dead. Please check if there are relevant logs.\n"
    + f"{stamp('2025-05-09', '16:20:44')} Exit code: 1\n"
    + f"{TB}\n"
    + frames(
        PY311,
        ("/home/mina/proj/score.py", 9, "<module>", 'llm = sgl.Engine(model_path="Qwen/Qwen2.5-7B-Instruct")'),
        ("site-packages/sglang/api.py", 45, "Engine", "return Engine(*args, **kwargs)"),
        (
            "site-packages/sglang/srt/entrypoints/engine.py",
            126,
            "__init__",
            "tokenizer_manager, scheduler_info = _launch_subprocesses(",
        ),
        (
            "site-packages/sglang/srt/entrypoints/engine.py",
            664,
            "_launch_subprocesses",
            "data = scheduler_pipe_readers[i].recv()",
        ),
        ("multiprocessing/connection.py", 250, "recv", "buf = self._recv_bytes()"),
        ("multiprocessing/connection.py", 430, "_recv_bytes", "buf = self._recv(4)"),
        ("multiprocessing/connection.py", 399, "_recv", "raise EOFError"),
        carets=True,
    )
    + "\nEOFError",
)
case(  # a 64 GB-RAM workstation loading a 32B checkpoint: the kernel's OOM killer takes the scheduler mid-load
    "engine-offline-scheduler-sigkilled-while-loading-shards-0.5.5",
    "0.5.5",
    "srt/entrypoints/engine.py:894-903 ('Rank {i} scheduler is dead...', 'Exit code: {exitcode}', re-raised EOFError); srt/model_loader/weight_utils.py:547,632 (shard bar)",
    "oom_weights",
    "arguable (host RAM, no GPU words): exit code -9 while the shards load is the OOM killer during weight loading",
    "(.venv) dev@ws-3090x2:~/llm$ python summarize.py --model /models/Qwen2.5-32B-Instruct --tp 2\n"
    + "Loading safetensors checkpoint shards:   0% Completed | 0/17 [00:00<?, ?it/s]\n"
    + "Loading safetensors checkpoint shards:   6% Completed | 1/17 [00:09<02:31,  9.45s/it]\n"
    + "Loading safetensors checkpoint shards:  12% Completed | 2/17 [00:21<02:41, 10.79s/it]\n"
    + "Loading safetensors checkpoint shards:  18% Completed | 3/17 [00:36<02:55, 12.51s/it]\n"
    + f"{stamp('2025-11-06', '22:18:37')} Rank 0 scheduler is dead. Please check if there are relevant logs.\n"
    + f"{stamp('2025-11-06', '22:18:37')} Exit code: -9\n"
    + f"{TB}\n"
    + frames(
        "/home/dev/llm/.venv/lib/python3.12/site-packages",
        ("/home/dev/llm/summarize.py", 51, "main", "engine = sgl.Engine(model_path=args.model, tp_size=args.tp)"),
        ("sglang/utils.py", 322, "__call__", "return module(*args, **kwargs)"),
        ("sglang/srt/entrypoints/engine.py", 130, "__init__", "_launch_subprocesses(server_args=server_args)"),
        ("sglang/srt/entrypoints/engine.py", 896, "_launch_subprocesses", "data = scheduler_pipe_readers[i].recv()"),
        ("/usr/lib/python3.12/multiprocessing/connection.py", 250, "recv", "buf = self._recv_bytes()"),
        ("/usr/lib/python3.12/multiprocessing/connection.py", 430, "_recv_bytes", "buf = self._recv(4)"),
        ("/usr/lib/python3.12/multiprocessing/connection.py", 399, "_recv", "raise EOFError"),
        carets=True,
    )
    + "\nEOFError",
)
SGL_0410_ENV = "/opt/conda/lib/python3.10/site-packages/sglang/srt"
case(  # `docker run` without --shm-size: NCCL cannot create its /dev/shm segment when the TP group comes up
    "engine-offline-tp2-docker-small-shm-nccl-init-0.4.10",
    "0.4.10",
    "srt/distributed/device_communicators/pynccl_wrapper.py:325-329 (NCCL_CHECK: 'NCCL error: {error_str}'); pynccl.py:109 (ncclCommInitRank); NCCL shm WARN as real output quotes it",
    "nccl_or_distributed",
    "NCCL's communicator init fails for the TP group (its shared-memory transport): a distributed-init failure",
    f"{stamp('2025-08-19', '03:05:51', 'TP1')} Scheduler hit an exception: {TB}\n"
    + frames(
        SGL_0410_ENV,
        ("managers/scheduler.py", 2402, "run_scheduler_process", "scheduler = Scheduler("),
        ("managers/scheduler.py", 312, "__init__", "self.tp_worker = TpWorkerClass("),
        ("managers/tp_worker_overlap_thread.py", 67, "__init__", "self.worker = TpModelWorker("),
        ("managers/tp_worker.py", 84, "__init__", "self.model_runner = ModelRunner("),
        ("model_executor/model_runner.py", 230, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
        ("model_executor/model_runner.py", 553, "init_torch_distributed", "initialize_model_parallel("),
        ("distributed/parallel_state.py", 1325, "initialize_model_parallel", "_TP = init_model_parallel_group("),
        ("distributed/parallel_state.py", 1113, "init_model_parallel_group", "return GroupCoordinator("),
        ("distributed/parallel_state.py", 280, "__init__", "self.pynccl_comm = PyNcclCommunicator("),
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
    + "\nRuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)\n\n"
    + "e3a91c07d2b4:214:301 [1] NCCL INFO include/shm.h:28 -> 2\n"
    + "e3a91c07d2b4:214:301 [1] NCCL WARN Error while creating shared memory segment /dev/shm/nccl-Qm3Lz1 (size 9637888)\n"
    + f"{stamp('2025-08-19', '03:05:51')} {SIGQUIT_MSG}\nKilled",
)

# ========================================================================================== verl (Ray WorkerDict)
case(  # verl 0.4.1: the rollout's AsyncEngine comes up inside init_model; graph capture OOMs next to the FSDP actor
    "verl-workerdict-capture-cuda-graph-oom-actor-died-0.4.6",
    "0.4.6.post5",
    "srt/model_executor/cuda_graph_runner.py:305-317 ('Capture CUDA graph failed: ...' + solutions); verl 0.4.1 workers/fsdp_workers.py:469; ray exceptions.py ActorDiedError; raylet worker-death text",
    "oom_cuda_graph",
    "the engine's graph capture hit the CUDA OOM (under Ray, the actor's death is only the consequence)",
    ray(
        "WorkerDict pid=3311, ip=10.0.0.12",
        f"{stamp('2025-06-21', '18:40:02', 'TP0')} Scheduler hit an exception: {TB}\n"
        + frames(SGL_0446, *GRAPHS_0446)
        + "\nException: Capture CUDA graph failed: "
        + torch_oom(
            "896.00 MiB",
            0,
            "79.10 GiB",
            "402.88 MiB",
            "62.66 GiB",
            "60.93 GiB",
            "187.24 MiB",
            other="3312 has 16.03 GiB",
            graphs="1.02 GiB",
        )
        + "\n"
        + GRAPH_HINT
        + f"\n{stamp('2025-06-21', '18:40:02')} {SIGQUIT_MSG}",
    )
    + "\n"
    + raylet_worker_died("v1", "10.0.0.12", 3311)
    + "\n"
    + verl_actor_died(INIT_WORKERS, "v1").replace(
        frames("", INIT_WORKERS, WG_CALL), frames("", INIT_WORKERS, INIT_MODEL, WG_CALL)
    ),
)
case(  # verl 0.4.1, TP=1 32B, log_level="INFO" turned on for debugging; torch_memory_saver 0.0.5's check fires while
    # the weights are mapped into its region, then the scheduler is gone and the job just sits there
    "verl-tms-cu-mem-create-fails-while-weights-load-0.4.6",
    "0.4.6.post5",
    "torch_memory_saver 0.0.5 csrc/torch_memory_saver.cpp CURESULT_CHECK ('[torch_memory_saver.cpp] CUresult error  result=... file=... func=... line=...'); srt/model_executor/model_runner.py:500-503 (Load weight begin)",
    "oom_weights",
    "arguable (terse): CUresult 2 is CUDA_ERROR_OUT_OF_MEMORY, hit right after 'Load weight begin' while the weights are allocated",
    ray(
        "WorkerDict pid=60412, ip=10.140.7.22",
        f"{stamp('2025-05-06', '22:58:31', 'TP0')} Init torch distributed begin.\n"
        f"{stamp('2025-05-06', '22:58:32', 'TP0')} Init torch distributed ends. mem usage=0.00 GB\n"
        f"{stamp('2025-05-06', '22:58:32', 'TP0')} Load weight begin. avail mem=49.71 GB\n"
        "[torch_memory_saver.cpp] CUresult error  result=2 file=csrc/torch_memory_saver.cpp func=cu_mem_create line=103",
    ),
)
case(  # the FSDP2 state dict is moved to the GPU after SGLang's weights+KV were resumed: the rollout's weight sync OOMs
    "verl-sharding-manager-weight-sync-oom-raytaskerror-0.4.6",
    "0.4.6.post5",
    "verl 0.4.1 workers/sharding_manager/fsdp_sglang.py:105-117 (resume_memory_occupation, then params .to(device)); ray exceptions.py RayTaskError.__str__ / as_instanceof_cause",
    "oom_runtime",
    "after the engine was up: the rollout step's resume + weight sync ran the GPU out of memory",
    "(TaskRunner pid=2143) step:12 - global_seqlen/min:1408822.000 - global_seqlen/max:1466120.000 - actor/pg_loss:0.004 - actor/grad_norm:0.118 - response_length/mean:1311.562 - timing_s/gen:212.407 - timing_s/update_actor:171.025\n"
    + "Training Progress:   3%|▎         | 12/435 [1:19:41<46:49:03, 398.45s/it]\n"
    + verl_driver(
        "OutOfMemoryError",
        "actor_rollout_generate_sequences",
        (
            (f"{VERL}/workers/fsdp_workers.py", 660, "generate_sequences", "with self.rollout_sharding_manager:"),
            (f"{VERL}/utils/debug/performance.py", 78, "f", "return self.log(decorated_function, *args, **kwargs)"),
            (f"{VERL}/utils/debug/performance.py", 88, "log", "output = func(*args, **kwargs)"),
            (
                f"{VERL}/workers/sharding_manager/fsdp_sglang.py",
                117,
                "__enter__",
                "params = {k: v.to(device, non_blocking=True) if fsdp_version(self.module) == 2 else v for k, v in params.items()}",
            ),
            (
                f"{VERL}/workers/sharding_manager/fsdp_sglang.py",
                117,
                "<dictcomp>",
                "params = {k: v.to(device, non_blocking=True) if fsdp_version(self.module) == 2 else v for k, v in params.items()}",
            ),
        ),
        "torch.OutOfMemoryError: "
        + torch_oom(
            "260.00 MiB", 3, "79.10 GiB", "118.88 MiB", "58.90 GiB", "12.83 GiB", "3.11 GiB", other="3316 has 20.08 GiB"
        ),
        task_line=FIT,
        seed="v3",
    ).replace(frames("", FIT, WG_CALL), frames("", FIT, GEN_SEQ, WG_CALL)),
)
case(  # Ray's memory monitor: the WorkerDict's host RAM while the rollout engine and FSDP load Qwen2.5-32B
    "verl-ray-memory-monitor-kills-init-model-0.4.6",
    "0.4.6.post5",
    "ray exceptions.py:523-535 (OutOfMemoryError.__str__ = the monitor's message); raylet memory-monitor text as real output quotes it (ray 2.4x)",
    "oom_weights",
    "arguable (host RAM): the worker was killed in init_model while the checkpoint shards loaded, i.e. during weight loading",
    ray(
        "WorkerDict pid=3311, ip=10.0.0.12",
        "Loading safetensors checkpoint shards:  41% Completed | 7/17 [00:58<01:23,  8.31s/it]",
    )
    + "\n"
    + f"{VERL_HYDRA.replace('Qwen2.5-7B-Instruct', 'Qwen2.5-32B-Instruct')}\n{TB}\n"
    + frames("", *DRIVER_GET)
    + f"\nray.exceptions.RayTaskError(OutOfMemoryError): ray::TaskRunner.run() (pid=2143, ip=10.0.0.12, actor_id={hx('v4a', 32)}, repr=<main_ppo.TaskRunner object at 0x7f3b2c1e6a10>)\n"
    + frames("", INIT_WORKERS, INIT_MODEL, WG_CALL)
    + "\nray.exceptions.OutOfMemoryError: "
    + ray_oom_killer(
        "v4",
        "10.0.0.12",
        "kQ3fZpWorkerDict_0:0:WorkerDict.actor_rollout_init_model",
        3311,
        "118.74GB",
        "239.61GB / 251.52GB",
        "0.952648",
        [
            (3311, "118.74", "ray::WorkerDict.actor_rollout_init_model"),
            (3314, "27.33", "ray::WorkerDict.actor_rollout_init_model"),
            (3312, "26.91", "ray::WorkerDict.actor_rollout_init_model"),
            (3313, "26.88", "ray::WorkerDict.actor_rollout_init_model"),
            (2143, "1.02", "ray::TaskRunner.run"),
            (
                1877,
                "0.71",
                "python3 -m verl.trainer.main_ppo algorithm.adv_estimator=grpo data.train_files=/data/gsm8k/train.parquet d...",
            ),
        ],
    )
    + "\n\nSet the environment variable HYDRA_FULL_ERROR=1 for a complete stack trace.",
)
case(  # the same monitor mid-training: generate_sequences holds the rollout batch in host memory
    "verl-ray-memory-monitor-kills-generate-sequences-0.4.6",
    "0.4.6.post5",
    "ray exceptions.py:523-535; raylet memory-monitor text as real output quotes it (ray 2.4x)",
    "oom_runtime",
    "arguable (host RAM): training steps had run; the rollout worker was killed while generating",
    "(TaskRunner pid=2143) step:37 - global_seqlen/min:1390410.000 - global_seqlen/max:1452287.000 - actor/pg_loss:-0.012 - actor/grad_norm:0.097 - response_length/mean:1288.004 - timing_s/gen:201.883\n"
    + f"{VERL_HYDRA}\n{TB}\n"
    + frames("", *DRIVER_GET)
    + f"\nray.exceptions.RayTaskError(OutOfMemoryError): ray::TaskRunner.run() (pid=2143, ip=10.0.0.12, actor_id={hx('v5a', 32)}, repr=<main_ppo.TaskRunner object at 0x7f3b2c1e6a10>)\n"
    + frames("", FIT, GEN_SEQ, WG_CALL)
    + "\nray.exceptions.OutOfMemoryError: "
    + ray_oom_killer(
        "v5",
        "10.0.0.12",
        "kQ3fZpWorkerDict_0:2:WorkerDict.actor_rollout_generate_sequences",
        3313,
        "61.07GB",
        "1911.50GB / 2011.66GB",
        "0.950211",
        [
            (3313, "61.07", "ray::WorkerDict.actor_rollout_generate_sequences"),
            (3311, "58.92", "ray::WorkerDict.actor_rollout_generate_sequences"),
            (3312, "58.40", "ray::WorkerDict.actor_rollout_generate_sequences"),
            (2143, "44.16", "ray::TaskRunner.run"),
        ],
    )
    + "\n\nSet the environment variable HYDRA_FULL_ERROR=1 for a complete stack trace.",
)
case(  # verl 0.4.1, sglang 0.4.6.post5 rollout: the scheduler's forward OOMs while generating step 2's rollouts;
    # Ray colours its prefixes and de-duplicates the repeated lines
    "verl-rollout-scheduler-oom-ansi-ray-prefix-actor-died-0.4.6",
    "0.4.6.post5",
    "srt/managers/tp_worker_overlap_thread.py:116-123 (TpModelWorkerClient hit an exception + SIGQUIT to the parent); srt/layers/logits_processor.py:457; ray log_monitor colouring / dedup",
    "oom_runtime",
    "step 1 finished: the rollout engine was serving when its forward pass ran out of memory",
    "\x1b[36m(TaskRunner pid=2143)\x1b[0m step:1 - global_seqlen/min:1421907.000 - global_seqlen/max:1440032.000 - actor/pg_loss:0.007 - timing_s/gen:188.270\n"
    + "\x1b[36m(WorkerDict pid=3314)\x1b[0m self.sampling_params={'n': 8, 'max_new_tokens': 3072, 'presence_penalty': 0.0, 'frequency_penalty': 0.0, 'repetition_penalty': 1.0, 'temperature': 1.0, 'top_k': -1, 'top_p': 1, 'ignore_eos': False}\x1b[32m [repeated 3x across cluster]\x1b[0m\n"
    + "\n".join(
        f"\x1b[36m(WorkerDict pid=3311)\x1b[0m {line}"
        for line in (
            f"{stamp('2025-06-22', '02:14:09', 'TP0')} TpModelWorkerClient hit an exception: {TB}\n"
            + frames(SGL_0446, *OVERLAP_FWD_0446)
            + "\ntorch.OutOfMemoryError: "
            + torch_oom(
                "5.80 GiB",
                0,
                "79.10 GiB",
                "3.91 GiB",
                "59.17 GiB",
                "51.36 GiB",
                "6.03 GiB",
                other="3312 has 15.99 GiB",
                graphs="410.12 MiB",
            )
            + f"\n\n{stamp('2025-06-22', '02:14:09')} {SIGQUIT_MSG}"
        ).split("\n")
    )
    + "\n\x1b[33m"
    + raylet_worker_died("v6", "10.0.0.12", 3311)
    + "\x1b[0m\n"
    + verl_actor_died(FIT, "v6").replace(frames("", FIT, WG_CALL), frames("", FIT, GEN_SEQ, WG_CALL)),
)
case(  # verl 0.4.1's own check on the rollout config, raised while init_model builds SGLangRollout
    "verl-sglang-rollout-context-length-assert-0.4.6",
    "0.4.6.post5",
    "verl 0.4.1 workers/rollout/sglang_rollout/sglang_rollout.py:353-358 (_verify_config asserts)",
    "config_error",
    "prompt_length + response_length exceed the model's max_position_embeddings: a bad setting",
    verl_driver(
        "AssertionError",
        "actor_rollout_init_model",
        BUILD_SGLANG_ROLLOUT
        + (
            (
                f"{VERL}/workers/rollout/sglang_rollout/sglang_rollout.py",
                294,
                "__init__",
                "self._verify_config(model_hf_config=model_hf_config)",
            ),
            (
                f"{VERL}/workers/rollout/sglang_rollout/sglang_rollout.py",
                358,
                "_verify_config",
                'assert model_hf_config.max_position_embeddings >= self.config.max_model_len, "model context length should be greater than total sequence length"',
            ),
        ),
        "AssertionError: model context length should be greater than total sequence length",
        task_line=INIT_WORKERS,
        seed="v7",
    )
    .replace("data.max_response_length=3072", "data.max_response_length=8192")
    .replace(frames("", INIT_WORKERS, WG_CALL), frames("", INIT_WORKERS, INIT_MODEL, WG_CALL)),
)
V6 = "/usr/local/lib/python3.11/site-packages"
VERL6 = "/workspace/verl/verl"
case(  # verl 0.6.1 (sglang 0.5.5, server mode): after update_actor, the next wake-up cannot map the KV cache back
    "verl-server-mode-resume-memory-occupation-curesult-oom-0.5.5",
    "0.5.5",
    "torch_memory_saver csrc/utils.h CURESULT_CHECK ('[torch_memory_saver.cpp] CUresult error: <n> (<str>)  file= func= line='); verl 0.6.1 workers/rollout/sglang_rollout/http_server_engine.py:703-717 ('Async request to {endpoint} timed out (attempt {n})', 'Failed to complete async request to {endpoint} after {n} attempts'); utils/logging_utils.py:25 (format)",
    "oom_runtime",
    "after training steps, resuming SGLang's memory (weights/KV) fails with CUDA OOM: memory trouble after start-up",
    "(TaskRunner pid=20877) step:4 - actor/pg_loss:0.021 - actor/grad_norm:0.204 - response_length/mean:702.113 - timing_s/gen:96.532 - timing_s/update_actor:58.917\n"
    + "(SGLangHttpServer pid=118342) [torch_memory_saver.cpp] CUresult error: 2 (out of memory)  file=csrc/utils.h func=cu_mem_create line=194\n"
    + "(WorkerDict pid=97205) WARNING:2025-12-02 09:31:12,204:Async request to resume_memory_occupation timed out (attempt 1)\n"
    + "(SGLangHttpServer pid=118341) [torch_memory_saver.cpp] CUresult error: 2 (out of memory)  file=csrc/utils.h func=cu_mem_create line=194 [repeated 7x across cluster]\n"
    + "(WorkerDict pid=97205) WARNING:2025-12-02 09:32:15,207:Async request to resume_memory_occupation timed out (attempt 2) [repeated 4x across cluster]\n"
    + "(WorkerDict pid=97205) WARNING:2025-12-02 09:33:20,211:Async request to resume_memory_occupation timed out (attempt 3) [repeated 4x across cluster]\n"
    + f"ray.exceptions.RayTaskError(RuntimeError): ray::WorkerDict.actor_rollout_wake_up() (pid=97205, ip=10.20.3.41, actor_id={hx('v8', 32)}, repr=<verl.single_controller.ray.base.WorkerDict object at 0x7fa8c0b5d2d0>)\n"
    + frames(
        VERL6,
        ("workers/fsdp_workers.py", 1931, "wake_up", "await self.rollout_mode()"),
        ("workers/fsdp_workers.py", 710, "rollout_mode", 'await self.rollout.resume(tags=["weights"])'),
        (
            "workers/rollout/sglang_rollout/sglang_rollout.py",
            1511,
            "resume",
            "await self._engine.resume_memory_occupation(tags=tags)",
        ),
        (
            "workers/rollout/sglang_rollout/http_server_engine.py",
            745,
            "resume_memory_occupation",
            'return await self._make_async_request("resume_memory_occupation", {"tags": tags})',
        ),
        (
            "workers/rollout/sglang_rollout/http_server_engine.py",
            717,
            "_make_async_request",
            'raise RuntimeError(f"Failed to complete async request to {endpoint} after {self.max_attempts} attempts")',
        ),
        carets=True,
    )
    + "\nRuntimeError: Failed to complete async request to resume_memory_occupation after 3 attempts",
)
case(  # verl 0.6.1 + sglang 0.5.5: two engines on one node pick the same dist-init port for their TCPStore
    "verl-workerdict-dist-init-port-eaddrinuse-0.5.5",
    "0.5.5",
    "srt/model_executor/model_runner.py:633 -> distributed/parallel_state.py:1503 (init_process_group); torch 2.8 rendezvous.py:198 TCPStore ('The server socket has failed to listen on any local network address. port: N, useIpv6: false, code: -98, name: EADDRINUSE, message: address already in use')",
    "port_in_use",
    "the rendezvous port is already in use",
    ray(
        "WorkerDict pid=51422",
        f"{stamp('2025-12-09', '15:02:44', 'TP0')} Init torch distributed begin.\n"
        f"{stamp('2025-12-09', '15:02:44', 'TP0')} Scheduler hit an exception: {TB}\n"
        + frames(
            f"{V6}/sglang/srt",
            ("managers/scheduler.py", 2802, "run_scheduler_process", "scheduler = Scheduler("),
            ("managers/scheduler.py", 311, "__init__", "self.tp_worker = TpModelWorker("),
            ("managers/tp_worker.py", 237, "__init__", "self._model_runner = ModelRunner("),
            ("model_executor/model_runner.py", 309, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
            ("model_executor/model_runner.py", 633, "init_torch_distributed", "init_distributed_environment("),
            (
                "distributed/parallel_state.py",
                1503,
                "init_distributed_environment",
                "torch.distributed.init_process_group(",
            ),
            (f"{V6}/torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
            (f"{V6}/torch/distributed/c10d_logger.py", 95, "wrapper", "func_return = func(*args, **kwargs)"),
            (
                f"{V6}/torch/distributed/distributed_c10d.py",
                1710,
                "init_process_group",
                "store, rank, world_size = next(rendezvous_iterator)",
            ),
            (f"{V6}/torch/distributed/rendezvous.py", 230, "_tcp_rendezvous_handler", "store = _create_c10d_store("),
            (f"{V6}/torch/distributed/rendezvous.py", 198, "_create_c10d_store", "return TCPStore("),
            carets=True,
        )
        + "\ntorch.distributed.DistNetworkError: The server socket has failed to listen on any local network address. port: 30117, useIpv6: false, code: -98, name: EADDRINUSE, message: address already in use\n\n"
        + f"{stamp('2025-12-09', '15:02:44')} {SIGQUIT_MSG}",
    )
    + "\n"
    + raylet_worker_died("v9", "10.33.4.18", 26107),
)
SCHED_DIST_055 = (
    ("managers/scheduler.py", 2802, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 311, "__init__", "self.tp_worker = TpModelWorker("),
    ("managers/tp_worker.py", 237, "__init__", "self._model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 309, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
    ("model_executor/model_runner.py", 633, "init_torch_distributed", "init_distributed_environment("),
    ("distributed/parallel_state.py", 1503, "init_distributed_environment", "torch.distributed.init_process_group("),
    (f"{V6}/torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
    (f"{V6}/torch/distributed/c10d_logger.py", 95, "wrapper", "func_return = func(*args, **kwargs)"),
    (
        f"{V6}/torch/distributed/distributed_c10d.py",
        1710,
        "init_process_group",
        "store, rank, world_size = next(rendezvous_iterator)",
    ),
    (f"{V6}/torch/distributed/rendezvous.py", 230, "_tcp_rendezvous_handler", "store = _create_c10d_store("),
)
case(  # a TP=16 rollout engine over two nodes: node 1's scheduler cannot reach node 0's store (firewalled port)
    "verl-two-node-rollout-engine-store-connect-timeout-0.5.5",
    "0.5.5",
    "srt/distributed/parallel_state.py:1503 (init_process_group, tcp:// dist_init_addr); torch c10d socket timeout text ('The client socket has timed out after {}ms while trying to connect to ({}, {}).')",
    "nccl_or_distributed",
    "torch.distributed initialisation across the engine's nodes times out",
    ray(
        "WorkerDict pid=41877, ip=10.0.1.14",
        f"{stamp('2025-11-21', '07:42:10', 'TP8')} Init torch distributed begin.\n"
        f"{stamp('2025-11-21', '07:52:10', 'TP8')} Scheduler hit an exception: {TB}\n"
        + frames(
            f"{V6}/sglang/srt",
            *SCHED_DIST_055
            + ((f"{V6}/torch/distributed/rendezvous.py", 198, "_create_c10d_store", "return TCPStore("),),
            carets=True,
        )
        + "\ntorch.distributed.DistNetworkError: The client socket has timed out after 600000ms while trying to connect to (10.0.1.13, 20013).\n\n"
        + f"{stamp('2025-11-21', '07:52:10')} {SIGQUIT_MSG}",
    )
    + "\n"
    + raylet_worker_died("v10", "10.0.1.14", 41877),
)
case(  # verl 0.4.1 with the FSDP actor still on the GPU and gpu_memory_utilization=0.4: nothing left for the pool;
    # Ray pads each worker line to the terminal width
    "verl-rollout-engine-not-enough-memory-kv-pool-padded-0.4.6",
    "0.4.6.post5",
    "srt/model_executor/model_runner.py:897-900 (init_memory_pool: 'Not enough memory. Please try to increase --mem-fraction-static.'); verl sglang_rollout.py:390 (mem_fraction_static=config.gpu_memory_utilization)",
    "oom_kv_cache",
    "SGLang's KV-pool sizing error: the fraction leaves no room for the cache (raise gpu_memory_utilization)",
    "\n".join(
        f"{line:<250}"
        for line in ray(
            "WorkerDict pid=1873320, ip=10.140.7.21",
            f"{stamp('2025-05-03', '07:26:48', 'TP0')} Scheduler hit an exception: {TB}\n"
            + frames(
                "/mnt/shared/envs/rl/lib/python3.10/site-packages/sglang/srt",
                *INIT_0446
                + (
                    ("model_executor/model_runner.py", 297, "initialize", "self.init_memory_pool("),
                    ("model_executor/model_runner.py", 898, "init_memory_pool", "raise RuntimeError("),
                ),
            )
            + "\nRuntimeError: Not enough memory. Please try to increase --mem-fraction-static.\n\n"
            + f"{stamp('2025-05-03', '07:26:48')} {SIGQUIT_MSG}",
        ).split("\n")
    ),
)

# ========================================================================================== slime (SGLangEngine actor)
SLIME = "/root/slime"
S_ENV = "/usr/local/lib/python3.12/dist-packages"
S_SGL = f"{S_ENV}/sglang/srt"
SLIME_ARGS = (
    "server_args=ServerArgs(model_path='/root/Qwen3-30B-A3B', tokenizer_path='/root/Qwen3-30B-A3B', tokenizer_mode='auto', skip_tokenizer_init=True, "
    "load_format='auto', trust_remote_code=True, dtype='auto', kv_cache_dtype='auto', mem_fraction_static=0.7, max_running_requests=None, "
    "tp_size=8, pp_size=1, enable_memory_saver=True, host='10.0.3.17', port=15000, nccl_port=None, dist_init_addr='10.0.3.17:25000', "
    "nnodes=1, node_rank=0, base_gpu_id=0, log_level='info', skip_server_warmup=True)"
)


def slime_start(until: str, who: str = "SGLangEngine pid=86107") -> str:
    """slime's rollout engine log (SGLang 0.4.10's http server at log level info), as far as a phase."""
    steps = [
        ("args", f"{stamp('2025-08-27', '10:02:11')} {SLIME_ARGS}"),
        ("dist", f"{stamp('2025-08-27', '10:02:19', 'TP0')} Init torch distributed begin."),
        ("load", f"{stamp('2025-08-27', '10:02:23', 'TP0')} Init torch distributed ends. mem usage=1.21 GB"),
        ("load", f"{stamp('2025-08-27', '10:02:23', 'TP0')} Load weight begin. avail mem=37.86 GB"),
        (
            "pool",
            f"{stamp('2025-08-27', '10:02:51', 'TP0')} Load weight end. type=Qwen3MoeForCausalLM, dtype=torch.bfloat16, avail mem=30.54 GB, mem usage=7.32 GB.",
        ),
        (
            "graph",
            f"{stamp('2025-08-27', '10:02:52', 'TP0')} KV Cache is allocated. #tokens: 1013870, K size: 4.83 GB, V size: 4.83 GB",
        ),
        ("graph", f"{stamp('2025-08-27', '10:02:52', 'TP0')} Memory pool end. avail mem=20.31 GB"),
        (
            "graph",
            f"{stamp('2025-08-27', '10:02:53', 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=19.62 GB",
        ),
        (
            "graph",
            f"{stamp('2025-08-27', '10:02:53', 'TP0')} Capture cuda graph bs [1, 2, 4, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160, 168, 176, 184, 192, 200, 208, 216, 224, 232, 240, 248, 256]",
        ),
        ("graph", "Capturing batches (bs=256 avail_mem=19.48 GB):   0%|          | 0/35 [00:00<?, ?it/s]"),
        (
            "ready",
            f"{stamp('2025-08-27', '10:03:40', 'TP0')} Capture cuda graph end. Time elapsed: 46.92 s. mem usage=2.93 GB. avail mem=16.69 GB.",
        ),
        (
            "ready",
            f"{stamp('2025-08-27', '10:03:41', 'TP0')} max_total_num_tokens=1013870, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=3961, context_len=40960, available_gpu_mem=16.69 GB",
        ),
        ("ready", f"{stamp('2025-08-27', '10:03:42')} INFO:     Started server process [86160]"),
        ("ready", f"{stamp('2025-08-27', '10:03:42')} INFO:     Waiting for application startup."),
        ("ready", f"{stamp('2025-08-27', '10:03:42')} INFO:     Application startup complete."),
        (
            "ready",
            f"{stamp('2025-08-27', '10:03:42')} INFO:     Uvicorn running on http://10.0.3.17:15000 (Press CTRL+C to quit)",
        ),
        (
            "ready",
            f'{stamp("2025-08-27", "10:03:43")} INFO:     10.0.3.17:51764 - "GET /health_generate HTTP/1.1" 503 Service Unavailable',
        ),
        ("ready", f"{stamp('2025-08-27', '10:03:44')} The server is fired up and ready to roll!"),
        (
            "ready",
            f'{stamp("2025-08-27", "10:03:45")} INFO:     10.0.3.17:51780 - "GET /health_generate HTTP/1.1" 200 OK',
        ),
        ("ready", f"{stamp('2025-08-27', '10:03:45', 'TP0')} Cache flushed successfully!"),
        ("ready", f'{stamp("2025-08-27", "10:03:45")} INFO:     10.0.3.17:51792 - "GET /flush_cache HTTP/1.1" 200 OK'),
    ]
    order = ["args", "dist", "load", "pool", "graph", "ready"]
    keep = [line for phase, line in steps if order.index(phase) <= order.index(until)]
    return ray(who, "\n".join(keep))


SLIME_DRIVER = (
    (f"{SLIME}/train.py", 89, "<module>", "train(args)"),
    (
        f"{SLIME}/train.py",
        17,
        "train",
        'rollout_manager = create_rollout_manager(args, pgs["rollout"], wandb_run_id=wandb_run_id)',
    ),
    (
        f"{SLIME}/slime/ray/placement_group.py",
        122,
        "create_rollout_manager",
        "return RolloutManager(args, pg, wandb_run_id=wandb_run_id)",
    ),
    (f"{SLIME}/slime/ray/rollout.py", 163, "__init__", "self.all_rollout_engines = create_rollout_engines(args, pg)"),
    (f"{SLIME}/slime/ray/rollout.py", 112, "create_rollout_engines", "ray.get(init_handles)"),
    (f"{S_ENV}/ray/_private/auto_init_hook.py", 22, "auto_init_wrapper", "return fn(*args, **kwargs)"),
    (f"{S_ENV}/ray/_private/client_mode_hook.py", 104, "wrapper", "return func(*args, **kwargs)"),
    (
        f"{S_ENV}/ray/_private/worker.py",
        2858,
        "get",
        "values, debugger_breakpoint = worker.get_objects(object_refs, timeout=timeout)",
    ),
    (f"{S_ENV}/ray/_private/worker.py", 958, "get_objects", "raise value.as_instanceof_cause()"),
)
case(  # colocated with Megatron: the rollout engine's capture OOMs; the actor sees its server process gone
    "slime-sglang-engine-capture-oom-server-terminated-0.4.10",
    "0.4.10",
    "srt/model_executor/cuda_graph_runner.py:360-364,795-802; slime backends/sglang_utils/sglang_engine.py:50-51 ('Server process terminated unexpectedly.'); ray RayTaskError(Exception)",
    "oom_cuda_graph",
    "the rollout engine's CUDA graph capture ran out of memory; slime's exception is only the aftermath",
    slime_start("graph")
    + "\n"
    + ray(
        "SGLangEngine pid=86107",
        f"{stamp('2025-08-27', '10:02:58', 'TP3')} Scheduler hit an exception: {TB}\n"
        + frames(
            S_SGL,
            ("managers/scheduler.py", 2402, "run_scheduler_process", "scheduler = Scheduler("),
            ("managers/scheduler.py", 312, "__init__", "self.tp_worker = TpWorkerClass("),
            ("managers/tp_worker_overlap_thread.py", 67, "__init__", "self.worker = TpModelWorker("),
            ("managers/tp_worker.py", 84, "__init__", "self.model_runner = ModelRunner("),
            ("model_executor/model_runner.py", 237, "__init__", "self.initialize(min_per_gpu_memory)"),
            ("model_executor/model_runner.py", 334, "initialize", "self.init_cuda_graphs()"),
            (
                "model_executor/model_runner.py",
                1484,
                "init_cuda_graphs",
                "self.cuda_graph_runner = CudaGraphRunner(self)",
            ),
            ("model_executor/cuda_graph_runner.py", 362, "__init__", "raise Exception("),
            carets=True,
        )
        + "\nException: Capture cuda graph failed: "
        + torch_oom("2.00 GiB", 3, "79.11 GiB", "1.35 GiB", "77.75 GiB", "58.10 GiB", "712.47 MiB", graphs="1.87 GiB")
        + "\n"
        + GRAPH_HINT
        + f"\n{stamp('2025-08-27', '10:02:58')} {SIGQUIT_MSG}",
    )
    + f"\n{TB}\n"
    + frames("", *SLIME_DRIVER, carets=True)
    + f"\nray.exceptions.RayTaskError(Exception): ray::SGLangEngine.init() (pid=86107, ip=10.0.3.17, actor_id={hx('s1', 32)}, repr=<slime.backends.sglang_utils.sglang_engine.SGLangEngine object at 0x7f2d6c3a9e50>)\n"
    + frames(
        "",
        (
            f"{SLIME}/slime/backends/sglang_utils/sglang_engine.py",
            125,
            "init",
            "self.process = launch_server_process(self.server_args)",
        ),
        (
            f"{SLIME}/slime/backends/sglang_utils/sglang_engine.py",
            51,
            "launch_server_process",
            'raise Exception("Server process terminated unexpectedly.")',
        ),
    )
    + "\nException: Server process terminated unexpectedly.",
)
case(  # rollout 9: a long-response batch OOMs the engine's forward; slime's httpx client keeps retrying a dead server
    "slime-sglang-engine-forward-oom-then-httpx-retries-0.4.10",
    "0.4.10",
    "srt/managers/tp_worker_overlap_thread.py:141-145; srt/layers/logits_processor.py:458; srt/managers/tokenizer_manager.py:1940-1945 (running_phase_sigquit_handler); slime utils/http_utils.py:92-94 ('Error: {e}, retrying... (attempt {n}/{max})')",
    "oom_runtime",
    "the engine had served eight rollouts; the forward pass ran out of memory while generating",
    ray(
        "SGLangEngine pid=86107",
        f"{stamp('2025-08-27', '13:41:20', 'TP0')} Decode batch. #running-req: 1024, #token: 987114, token usage: 0.97, cuda graph: False, gen throughput (token/s): 20113.49, #queue-req: 1838, \n"
        f"{stamp('2025-08-27', '13:41:21', 'TP0')} Prefill batch. #new-seq: 3, #new-token: 8192, #cached-token: 312, token usage: 0.98, #running-req: 1021, #queue-req: 1835, \n"
        f"{stamp('2025-08-27', '13:41:21', 'TP0')} TpModelWorkerClient hit an exception: {TB}\n"
        + frames(
            S_SGL,
            ("managers/tp_worker_overlap_thread.py", 141, "forward_thread_func", "self.forward_thread_func_()"),
            (f"{S_ENV}/torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
            (
                "managers/tp_worker_overlap_thread.py",
                176,
                "forward_thread_func_",
                "self.worker.forward_batch_generation(",
            ),
            (
                "managers/tp_worker.py",
                238,
                "forward_batch_generation",
                "logits_output, can_run_cuda_graph = self.model_runner.forward(",
            ),
            ("model_executor/model_runner.py", 1613, "forward", "output = self._forward_raw("),
            ("model_executor/model_runner.py", 1658, "_forward_raw", "ret = self.forward_extend("),
            ("model_executor/model_runner.py", 1558, "forward_extend", "return self.model.forward("),
            (f"{S_ENV}/torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
            ("models/qwen3_moe.py", 771, "forward", "return self.logits_processor("),
            (
                f"{S_ENV}/torch/nn/modules/module.py",
                1751,
                "_wrapped_call_impl",
                "return self._call_impl(*args, **kwargs)",
            ),
            (f"{S_ENV}/torch/nn/modules/module.py", 1762, "_call_impl", "return forward_call(*args, **kwargs)"),
            (
                "layers/logits_processor.py",
                326,
                "forward",
                "logits = self._get_logits(pruned_states, lm_head, logits_metadata)",
            ),
            ("layers/logits_processor.py", 458, "_get_logits", "logits = torch.matmul("),
            carets=True,
        )
        + "\ntorch.OutOfMemoryError: "
        + torch_oom("2.32 GiB", 0, "79.11 GiB", "1.07 GiB", "78.03 GiB", "64.77 GiB", "2.68 GiB", graphs="2.96 GiB")
        + f"\n\n{stamp('2025-08-27', '13:41:21')} {SIGQUIT_MSG}",
    )
    + "\n(RolloutController pid=85930) Error: Server disconnected without sending a response., retrying... (attempt 1/60)\n"
    + "(RolloutController pid=85930) Error: All connection attempts failed, retrying... (attempt 2/60) [repeated 511x across cluster]\n"
    + "(RolloutController pid=85930) Error: All connection attempts failed, retrying... (attempt 3/60) [repeated 512x across cluster]",
)
case(  # non-colocated: the trainer's weight-update group rendezvous is unreachable from the rollout node
    "slime-init-weights-update-group-client-socket-timeout-0.4.10",
    "0.4.10",
    "srt/model_executor/model_runner.py:796-813 ('init custom process group: ...', 'Failed to initialize custom process group: {e}.'); slime backends/megatron_utils/update_weight_utils.py:461-488 (group 'slime-pp_0'); torch c10d TCPStore timeout texts",
    "nccl_or_distributed",
    "the NCCL weight-sync group between trainer and rollout engine cannot form",
    slime_start("ready")
    + "\n(MegatronTrainRayActor pid=88214) [2025-08-27 10:04:02] timer.py:24 - Timer connect_rollout_engines start\n"
    + ray(
        "SGLangEngine pid=86107",
        f"{stamp('2025-08-27', '10:04:02', 'TP0')} init custom process group: master_address=10.0.2.9, master_port=41923, rank_offset=1, rank=1, world_size=9, group_name=slime-pp_0, backend=nccl\n"
        f"{stamp('2025-08-27', '10:04:02', 'TP1')} init custom process group: master_address=10.0.2.9, master_port=41923, rank_offset=1, rank=2, world_size=9, group_name=slime-pp_0, backend=nccl\n"
        f"{stamp('2025-08-27', '10:14:02', 'TP0')} Failed to initialize custom process group: The client socket has timed out after 600000ms while trying to connect to (10.0.2.9, 41923)..\n"
        f"{stamp('2025-08-27', '10:14:02', 'TP1')} Failed to initialize custom process group: The client socket has timed out after 600000ms while trying to connect to (10.0.2.9, 41923)..",
    )
    + "\n(MegatronTrainRayActor pid=88214) torch.distributed.DistStoreError: Timed out after 601 seconds waiting for clients. 1/9 clients joined.",
)
case(  # the trainer died mid-sync; the engine's broadcast on the update group hits NCCL's watchdog
    "slime-update-weights-broadcast-watchdog-timeout-0.4.10",
    "0.4.10",
    "srt/model_executor/model_runner.py:831-853 (broadcast on _model_update_group); torch ProcessGroupNCCL watchdog texts as real output quotes them",
    "nccl_or_distributed",
    "a collective on the weight-update NCCL group timed out",
    "(MegatronTrainRayActor pid=88214) [2025-08-27 15:29:24] timer.py:24 - Timer update_weights start\n"
    + "(MegatronTrainRayActor pid=88214) \nUpdate weights:   0%|          | 0/59 [00:00<?, ?it/s]\n"
    + ray(
        "SGLangEngine pid=86107",
        f"{stamp('2025-08-27', '15:29:24', 'TP0')} Cache flushed successfully!\n"
        f'{stamp("2025-08-27", "15:29:24")} INFO:     10.0.3.17:48920 - "GET /flush_cache HTTP/1.1" 200 OK\n'
        "[rank0]:[E827 15:39:25.114307659 ProcessGroupNCCL.cpp:632] [Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=2, OpType=BROADCAST, NumelIn=155582464, NumelOut=155582464, Timeout(ms)=600000) ran for 600071 milliseconds before timing out.\n"
        "[rank0]:[E827 15:39:25.114697212 ProcessGroupNCCL.cpp:2268] [PG ID 3 PG GUID 5 Rank 1]  failure detected by watchdog at work sequence id: 2 PG status: last enqueued work: 2, last completed work: 1\n"
        "[rank0]:[E827 15:39:25.114722930 ProcessGroupNCCL.cpp:670] [Rank 1] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.\n"
        "[rank0]:[E827 15:39:25.114731046 ProcessGroupNCCL.cpp:684] [Rank 1] To avoid data inconsistency, we are taking the entire process down.",
    ),
)

# ========================================================================================== weight sync from a user's RL loop
case(  # a hand-written GRPO loop: trainer on GPU 0, sgl.Engine on GPUs 1-2; the update group's NCCL init fails
    "rl-script-init-weights-update-group-nccl-unhandled-cuda-0.4.6",
    "0.4.6.post5",
    "srt/model_executor/model_runner.py:681-702 ('init custom process group: ...', logger.error 'Failed to initialize custom process group: {e}.'); srt/entrypoints/engine.py:357-378",
    "nccl_or_distributed",
    "the trainer<->engine NCCL weight-update group fails to initialise",
    f"{stamp('2025-06-30', '08:51:14', 'TP0')} Failed to initialize custom process group: NCCL error in: /pytorch/torch/csrc/distributed/c10d/NCCLUtils.hpp:268, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5\n"
    + "ncclUnhandledCudaError: Call to CUDA function failed.\nLast error:\nCuda failure 1 'invalid argument'.\n"
    + f"{stamp('2025-06-30', '08:51:14', 'TP1')} Failed to initialize custom process group: NCCL error in: /pytorch/torch/csrc/distributed/c10d/NCCLUtils.hpp:268, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5\n"
    + "ncclUnhandledCudaError: Call to CUDA function failed.\nLast error:\nCuda failure 1 'invalid argument'.\n"
    + f"{TB}\n"
    + frames(
        "",
        ("/home/kai/grpo/train_grpo.py", 214, "<module>", "main()"),
        ("/home/kai/grpo/train_grpo.py", 131, "main", "ok, msg = engine.init_weights_update_group("),
    )
    + "\nAssertionError: Failed to initialize custom process group: NCCL error in: /pytorch/torch/csrc/distributed/c10d/NCCLUtils.hpp:268, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5\n"
    + "ncclUnhandledCudaError: Call to CUDA function failed.\nLast error:\nCuda failure 1 'invalid argument'..",
)
case(  # the trainer process crashed in the middle of update_weights_from_distributed; the server logs and keeps serving
    "server-update-weights-from-distributed-remote-exited-0.5.2",
    "0.5.2",
    "srt/model_executor/model_runner.py update_weights_from_distributed ('Failed to update parameter online: {e}. The full weights of the ModelRunner are partially updated. Please discard the whole weights.'); torch NCCL remote-error text",
    "nccl_or_distributed",
    "the NCCL weight broadcast broke (the peer exited): a distributed communication failure",
    f'{stamp("2025-10-03", "17:20:55")} INFO:     127.0.0.1:40118 - "POST /init_weights_update_group HTTP/1.1" 200 OK\n'
    + f"{stamp('2025-10-03', '17:22:31', 'TP0')} Failed to update parameter online: NCCL error in: /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:3356, remote process exited or there was a network error, NCCL version 2.27.3\n"
    + "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.\n"
    + "Last error:\nsocketProgress: Connection closed by remote peer 10-0-5-22.trainer.rl.svc.cluster.local<48213>. The full weights of the ModelRunner are partially updated. Please discard the whole weights.\n"
    + f'{stamp("2025-10-03", "17:22:31")} INFO:     127.0.0.1:40126 - "POST /update_weights_from_distributed HTTP/1.1" 400 Bad Request',
)

# ========================================================================================== NVIDIA Dynamo's dynamo.sglang
DYN = "/opt/dynamo/venv/lib/python3.12/site-packages"
case(  # `python -m dynamo.sglang` builds sgl.Engine(server_args=...) in-process; the pool gets nothing at this fraction
    "dynamo-sglang-worker-kv-pool-not-enough-memory-0.5.2",
    "0.5.2",
    "dynamo components/backends/sglang/src/dynamo/sglang/main.py (logging.info lines, sgl.Engine(server_args=server_args)); srt/model_executor/model_runner.py:1316-1319",
    "oom_kv_cache",
    "SGLang's own KV-pool sizing error under the Dynamo worker",
    "2025-10-07T09:14:02.118Z  INFO main.worker: Signal handlers will trigger a graceful shutdown of the runtime\n"
    + f'{stamp("2025-10-07", "09:14:04")} server_args=ServerArgs(model_path=\'deepseek-ai/DeepSeek-R1-Distill-Llama-70B\', tokenizer_path=\'deepseek-ai/DeepSeek-R1-Distill-Llama-70B\', mem_fraction_static=0.62, tp_size=4, page_size=16, kv_events_config=\'{{"publisher":"zmq","topic":"kv-events","endpoint":"tcp://*:5557"}}\', log_level=\'info\')\n'
    + f"{stamp('2025-10-07', '09:14:15', 'TP0')} Load weight begin. avail mem=78.61 GB\n"
    + "Loading safetensors checkpoint shards: 100% Completed | 30/30 [00:52<00:00,  1.74s/it]\n"
    + f"{stamp('2025-10-07', '09:15:08', 'TP0')} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=45.73 GB, mem usage=32.88 GB.\n"
    + f"{stamp('2025-10-07', '09:15:08', 'TP2')} Scheduler hit an exception: {TB}\n"
    + frames(
        f"{DYN}/sglang/srt",
        ("managers/scheduler.py", 2587, "run_scheduler_process", "scheduler = Scheduler("),
        ("managers/scheduler.py", 329, "__init__", "self.tp_worker = TpWorkerClass("),
        ("managers/tp_worker_overlap_thread.py", 71, "__init__", "self.worker = TpModelWorker("),
        ("managers/tp_worker.py", 93, "__init__", "self.model_runner = ModelRunner("),
        ("model_executor/model_runner.py", 250, "__init__", "self.initialize(min_per_gpu_memory)"),
        ("model_executor/model_runner.py", 378, "initialize", "self.init_memory_pool("),
        ("model_executor/model_runner.py", 1317, "init_memory_pool", "raise RuntimeError("),
        carets=True,
    )
    + "\nRuntimeError: Not enough memory. Please try to increase --mem-fraction-static.\n\n"
    + f"{stamp('2025-10-07', '09:15:08')} {SIGQUIT_MSG}",
)

# ========================================================================================== healthy contrasts
case(  # verl 0.4.1 training with the SGLang rollout: import-time and broadcast warnings, then steps keep coming
    "healthy-verl-steps-after-numpy-and-triton-warnings-0.4.6",
    "0.4.6.post5",
    "srt/layers/attention/triton_ops/decode_attention.py:35-37 (module-level warning); srt/utils.py:940 (torch.ByteTensor(np.frombuffer) -> torch's non-writable UserWarning)",
    "healthy",
    "warnings only: the rollout engine generated and the trainer logged steps",
    "(WorkerDict pid=7731) The following error message 'operation scheduled before its operands' can be ignored.\n"
    + "(WorkerDict pid=7734) The following error message 'operation scheduled before its operands' can be ignored. [repeated 7x across cluster]\n"
    + "(WorkerDict pid=7738) self.sampling_params={'n': 5, 'max_new_tokens': 1024, 'presence_penalty': 0.0, 'frequency_penalty': 0.0, 'repetition_penalty': 1.0, 'temperature': 1.0, 'top_k': -1, 'top_p': 1, 'ignore_eos': False} [repeated 4x across cluster]\n"
    + "(WorkerDict pid=7731) /usr/local/lib/python3.10/dist-packages/sglang/srt/utils.py:940: UserWarning: The given NumPy array is not writable, and PyTorch does not support non-writable tensors. This means writing to this tensor will result in undefined behavior. You may want to copy the array to protect its data or make it writable before converting it to a tensor. This type of warning will be suppressed for the rest of this program. (Triggered internally at /pytorch/torch/csrc/utils/tensor_numpy.cpp:203.)\n"
    + "(WorkerDict pid=7731)   tensor_data = torch.ByteTensor(\n"
    + "(TaskRunner pid=6620) step:1 - global_seqlen/min:611734.000 - global_seqlen/max:624090.000 - actor/entropy_loss:0.561 - actor/pg_loss:0.011 - actor/grad_norm:0.073 - perf/max_memory_allocated_gb:26.871 - perf/max_memory_reserved_gb:65.502 - response_length/mean:318.204 - timing_s/gen:71.338\n"
    + "Training Progress:   1%|          | 1/120 [01:52<3:43:10, 112.52s/it]\n"
    + "(TaskRunner pid=6620) step:2 - global_seqlen/min:608112.000 - global_seqlen/max:622871.000 - actor/entropy_loss:0.554 - actor/pg_loss:0.009 - actor/grad_norm:0.069 - perf/max_memory_allocated_gb:26.904 - perf/max_memory_reserved_gb:65.512 - response_length/mean:321.577 - timing_s/gen:69.912\n"
    + "Training Progress:   2%|▏         | 2/120 [03:41<3:38:44, 111.06s/it]",
)
case(  # torch_memory_saver >= 0.0.9 says an OOM from cuMemCreate may be harmless (torch frees its cache and retries)
    "healthy-verl-tms-cumemcreate-may-not-be-an-issue-0.5.5",
    "0.5.5",
    "torch_memory_saver csrc/utils.h:144-147 ('cuMemCreate CUDA_ERROR_OUT_OF_MEMORY (may not be an issue e.g. torch allocator will free cache and retry)')",
    "healthy",
    "the saver's own words: not an error; the next steps ran",
    "(TaskRunner pid=20877) step:6 - actor/pg_loss:0.018 - actor/grad_norm:0.187 - response_length/mean:688.420 - timing_s/gen:94.018 - timing_s/update_actor:57.730\n"
    + "(SGLangHttpServer pid=118342) [torch_memory_saver.cpp] cuMemCreate CUDA_ERROR_OUT_OF_MEMORY (may not be an issue e.g. torch allocator will free cache and retry)\n"
    + '(SGLangHttpServer pid=118342) [2025-12-02 10:41:40] INFO:     10.20.3.41:38114 - "POST /resume_memory_occupation HTTP/1.1" 200 OK\n'
    + "(SGLangHttpServer pid=118342) [2025-12-02 10:41:46 TP0] Prefill batch. #new-seq: 64, #new-token: 31744, #cached-token: 0, token usage: 0.03, #running-req: 0, #queue-req: 448, \n"
    + "(TaskRunner pid=20877) step:7 - actor/pg_loss:0.016 - actor/grad_norm:0.179 - response_length/mean:701.052 - timing_s/gen:95.661 - timing_s/update_actor:58.204\n"
    + "Training Progress:   2%|▏         | 7/312 [17:03<12:23:17, 146.22s/it]",
)
case(  # slime's engines up, weights pushed; Ray's disk-space monitor complains about /tmp
    "healthy-slime-ready-weights-synced-under-disk-warnings-0.4.10",
    "0.4.10",
    "srt/entrypoints/http_server.py:1087 (fired up), srt/managers/scheduler.py:2049 (Cache flushed successfully!); ray file_system_monitor.cc:116 text as real output quotes it; slime timer.py log format",
    "healthy",
    "the engine reached ready and the run went on (Ray's disk warning is not SGLang's problem)",
    slime_start("ready")
    + "\n(raylet) [2025-08-27 10:04:01,764 E 118261 118294] (raylet) file_system_monitor.cc:116: /tmp/ray/session_2025-08-27_09-58-40_721984_118020 is over 95% full, available space: 21.0938 GB; capacity: 467.89 GB. Object creation will fail if spilling is required.\n"
    + "(MegatronTrainRayActor pid=88214) [2025-08-27 10:04:02] timer.py:24 - Timer update_weights start\n"
    + "(SGLangEngine pid=86107) [2025-08-27 10:04:02 TP0] Cache flushed successfully!\n"
    + "(MegatronTrainRayActor pid=88214) [2025-08-27 10:04:31] timer.py:32 - Timer update_weights end (elapsed: 29.1s)\n"
    + "(raylet) [2025-08-27 10:04:11,787 E 118261 118294] (raylet) file_system_monitor.cc:116: /tmp/ray/session_2025-08-27_09-58-40_721984_118020 is over 95% full, available space: 21.0928 GB; capacity: 467.89 GB. Object creation will fail if spilling is required.",
)
case(  # log_level="info" in the script; a container's RLIMIT warning, then the generations are printed
    "healthy-offline-engine-rlimit-warning-then-outputs-0.5.2",
    "0.5.2",
    "srt/utils.py:925-933 (set_ulimit: 'Fail to set RLIMIT_NOFILE: {e}'); srt/model_executor/model_runner.py / cuda_graph_runner.py start-up lines",
    "healthy",
    "a warning, the engine came up and answered the prompts",
    f"{stamp('2025-09-24', '08:00:03')} WARNING: Fail to set RLIMIT_NOFILE: current limit exceeds maximum limit\n"
    + f"{stamp('2025-09-24', '08:00:09', 'TP0')} Load weight begin. avail mem=78.93 GB\n"
    + "Loading safetensors checkpoint shards: 100% Completed | 4/4 [00:02<00:00,  1.55it/s]\n"
    + f"{stamp('2025-09-24', '08:00:12', 'TP0')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=63.55 GB, mem usage=15.38 GB.\n"
    + f"{stamp('2025-09-24', '08:00:12', 'TP0')} KV Cache is allocated. #tokens: 1049380, K size: 28.03 GB, V size: 28.03 GB\n"
    + f"{stamp('2025-09-24', '08:00:13', 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=6.61 GB\n"
    + f"{stamp('2025-09-24', '08:00:31', 'TP0')} Capture cuda graph end. Time elapsed: 18.04 s. mem usage=1.08 GB. avail mem=5.53 GB.\n"
    + f"{stamp('2025-09-24', '08:00:32', 'TP0')} max_total_num_tokens=1049380, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=32768, available_gpu_mem=5.53 GB\n"
    + f"{stamp('2025-09-24', '08:00:33', 'TP0')} Prefill batch. #new-seq: 4, #new-token: 37, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, \n"
    + "===============================\nPrompt: Hello, my name is\nGenerated text:  Alex and I am a third-year student at the University of Toronto.\n"
    + "===============================\nPrompt: The capital of France is\nGenerated text:  Paris. It is located in the north of the country.",
)

# The classifier's misses at first sight (strict: a fix must remove the entry), with the label it gave.
# Afterwards (lead): two fixed by family (tests/test_logwatch_families.py): a line that says itself it may be harmless
# (`may not be an issue`, `can be ignored`) decides nothing; torch_memory_saver's older `CUresult error  result=2` is
# the driver's out-of-memory code, its step decides. Fixed then: healthy-verl-tms-cumemcreate-may-not-be-an-issue-0.5.5
# (was oom_runtime), verl-tms-cu-mem-create-fails-while-weights-load-0.4.6 (was unknown). The two left are arguable: a
# SIGKILL with no word of memory (the kernel's or SGLang's), a trainer's step lines as the only proof of life.
XFAIL: dict[str, str] = {
    "healthy-verl-steps-after-numpy-and-triton-warnings-0.4.6": "unknown",  # no SGLang ready line: verl's step lines are the only proof of life
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_an_embedded_sglang_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5

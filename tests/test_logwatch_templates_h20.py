"""DeepSeek-V3/R1 (671B, FP8 block-quantized) on NVIDIA H20 (96 GB and the 141 GB "H20-3e") and H800/H100 clusters, as the
public sgl-project/sglang threads report them (synthetic: written blind by a helper from real release text).

Scope: TP16 two-node launches (`--dist-init-addr`, `--nnodes 2`, `--node-rank`), single-node 8-GPU launches that do not fit,
MLA backends (triton, flashmla, fa3), DeepEP over IB/RoCE (NVSHMEM ibrc/ibgda), DP attention, Mooncake PD disaggregation,
memory at each start-up phase for the 671B model (weights ~80 GB/GPU at TP8, ~40 GB/GPU at TP16, more with DP attention's
replicated MLA weights), the tuned fused-MoE / W8A8 block-FP8 config files for `device_name=NVIDIA_H20` / `NVIDIA_H20-3e`
(present, falling back across triton_3_x_y folders, or missing), failures at start-up and after ready, and five healthy
servers that print the warnings these setups print (missing tuned configs, FlashMLA page size, custom all-reduce disabled
across nodes, DeepGEMM JIT pre-compile, NVSHMEM fallback warnings, c10d IPv6 warnings, retraction under load, and a
non-zero-rank node that only starts the dummy health-check server).

Sources. SGLang wheels (message templates, raise sites, call paths and line numbers read there): sglang 0.4.3.post2,
0.4.6.post5, 0.4.7, 0.4.9.post2, 0.5.2, 0.5.5 (model_runner.py, scheduler.py, scheduler_metrics_mixin.py, engine.py,
http_server.py, server_args.py, cuda_graph_runner.py, custom_all_reduce.py, pynccl_wrapper.py, token_dispatcher.py,
fused_moe.py / fused_moe_triton_config.py, fp8_kernel.py, deep_gemm_wrapper/compile_utils.py, memory_pool.py,
disaggregation/mooncake/{conn,transfer_engine}.py, disaggregation/prefill.py, configs/model_config.py, utils.py,
utils/common.py); the config-file listings of those wheels and of 0.5.10.post1 (/work/shared/reference). Library text:
torch 2.5-2.8 (CUDACachingAllocator OOM text, c10d socket/TCPStore warnings, ProcessGroupNCCL watchdog, gloo enforce and
pair errors, `torch.AcceleratorError`), NCCL 2.21/2.27 WARN lines, DeepEP `EPException` ("Failed: CUDA error <file>:<line>
'<msg>'", "Failed: Assertion error ..."), NVSHMEM ibrc/ibgda init errors, Mooncake transfer-engine glog lines, tqdm and
uvicorn. Public threads (symptoms and the reporters' own lines): sgl-project/sglang#3398 (DeepSeek-V3 multi-node on H20,
c10d waitForInput timeout), #4978 (R1 multi-node H20, "Custom allreduce is disabled"), #4028 (H20-3e config file not found),
#3633 (fused_moe OOM with NEXTN on 8*H20 / 2 nodes), #5285 (DeepEP low latency on 2x8 H20, capture OOM "total capacity of
95.00 GiB"), #6017 (PD + DeepEP on H20-3e: `num_max_dispatch_tokens_per_rank` assertion at capture; NVSHMEM
`cudaHostRegister ... error=800` warning), #6056 (DeepEP "too many blocks in cooperative launch" on 8*H20), #7450 (2*8*H20
lmsysorg/sglang:deepep, NVSHMEM ibrc `ibv_modify_qp failed`), #8324 (1P1D on two H20-141G with Mooncake, "local protection
error"), #13392 (DeepSeek 3.1 on H20 TP16 via LWS, crash on the first request, 0.5.4/0.5.5), #4766 / #2658 (multi-node
NCCL/gloo interface settings), #4017 (R1 TP16 on 2x H100), #3416 / #3283 (DeepSeek-V3 on H200 / 2x H100);
deepseek-ai/DeepEP#15, #17, #38, #77 (H20/H100 RoCE low-latency failures); kvcache-ai/Mooncake#507, #1384
(rdma_context "Failed to open device", "No available RNIC").

Labelling policy (decided before the classifier ran; /work/shared/corpus/README.md plus the issue's families):
- the deciding event and the start-up phase it happened in decide, as an operator would read the log;
- OOM before ready is labelled by its phase: inside `Load weight begin` .. `Load weight end` (including parameter allocation
  while the model is built) -> oom_weights; a negative/zero profiled KV size, "Not enough memory", or an OOM while allocating
  the KV / req-to-token pools -> oom_kv_cache; inside `Capture cuda graph` -> oom_cuda_graph; a DeepEP buffer or DeepGEMM
  JIT-warmup buffer that cannot be allocated (even during the warmup request, after uvicorn is up but before "fired up")
  -> oom_moe_workspace; only an OOM after "The server is fired up" is oom_runtime (a fused_moe intermediate cache that
  OOMs while serving is oom_runtime: the phase decides, not the kernel);
- NCCL, gloo, TCPStore/c10d timeouts, NVSHMEM/IB transport set-up for DeepEP, Mooncake transfer-engine init and KV-transfer
  failures, `monitored_barrier` timeouts ("other ranks that didn't finish loading") and rank-death cascades ->
  nccl_or_distributed;
- an address already in use (torch's TCPStore on `--dist-init-addr`, SGLang's DP-attention port check) -> port_in_use;
- argument/model/hardware mismatches raised as ValueError/AssertionError/AttributeError (context length, quantization
  method, DeepEP `auto` with DP attention, DP attention across nodes without `--dist-init-addr`, a capture batch larger
  than DeepEP's `num_max_dispatch_tokens_per_rank`) -> config_error, and so is `--tp 16` on an 8-GPU node without
  `--nnodes` although it surfaces as CUDA's `invalid device ordinal` (SGLang's own Context line names gpu_id=8);
- CUDA runtime faults (illegal memory access, a cooperative launch the GPU cannot fit) -> cuda_error_other;
- a server (or a non-zero-rank node) that reached ready and only shows warnings, retraction, queueing -> healthy;
- journald / Kubernetes (CRI) wrapped lines keep the label of what happened.

First sight: 34/35 (1 miss, a strict xfail below):
- v046_r1_h20_3e_pd_decode_deepep_dispatch_tokens_assert: DeepEP's `x.size(0) <= num_max_dispatch_tokens_per_rank` assertion
  wrapped in "Capture CUDA graph failed" (no out-of-memory text anywhere); the classifier said oom_moe_workspace
  (rule oom.capture_failed).
Healthy contrasts: 5/5 end healthy and none fires a failure event on the way (EVENT_XFAIL is empty).
"""

# ruff: noqa: E501, RUF005  (log lines are data; call paths are built by extending a shared prefix)

from __future__ import annotations

from typing import NamedTuple

import pytest

from safelaunch.core.logwatch import LogClassifier, classify_text

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
SGW = "/sgl-workspace/sglang/python/sglang/srt"  # lmsysorg/sglang images install SGLang from source here
PY310 = "/usr/local/lib/python3.10/dist-packages"  # 0.4.x images
PY312 = "/usr/local/lib/python3.12/dist-packages"  # 0.5.x images
DURING = "\nDuring handling of the above exception, another exception occurred:\n"


def tb(site: str, *stack: tuple[str, int, str, str], root: str = SGW) -> str:
    """Python's frames. A path is under `root` (SGLang's srt) unless it starts with `/` or `<` (absolute) or `+`
    (another package in `site`: `+torch/...`)."""
    out = []
    for path, line, func, code in stack:
        if path.startswith(("/", "<")):
            full = path
        elif path.startswith("+"):
            full = f"{site}/{path[1:]}"
        else:
            full = f"{root}/{path}"
        out.append(f'  File "{full}", line {line}, in {func}' + (f"\n    {code}" if code else ""))
    return "\n".join(out)


def at(stamp: str, rank: str, msg: str) -> str:
    """SGLang's prefix: `[%Y-%m-%d %H:%M:%S{ rank tags}] message`."""
    return f"[{stamp}{' ' + rank if rank else ''}] {msg}"


def sargs(stamp: str, model: str, **kw: object) -> str:
    """The launcher's `server_args=ServerArgs(...)` line, cut short the way pastes cut it."""
    fields = {"model_path": model, "tokenizer_path": model, "tokenizer_mode": "auto", "load_format": "auto", **kw}
    body = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    return f"[{stamp}] server_args=ServerArgs({body}, ...)"


def torch_oom(
    alloc: str, gpu: int, total: str, free: str, in_use: str, by_torch: str, unalloc: str, private: str = ""
) -> str:
    """torch 2.5-2.8's CUDACachingAllocator text (`torch.OutOfMemoryError: ...` once raised)."""
    pools = f", with {private} allocated in private pools (e.g., CUDA Graphs)," if private else ","
    return (
        f"CUDA out of memory. Tried to allocate {alloc}. GPU {gpu} has a total capacity of {total} of which {free} is free. "
        f"Including non-PyTorch memory, this process has {in_use} memory in use. Of the allocated memory {by_torch} is allocated "
        f"by PyTorch{pools} and {unalloc} is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try "
        "setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory "
        "Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
    )


def uvicorn_up(stamp: str, pid: int = 1, port: int = 30000, host: str = "0.0.0.0") -> list[str]:
    return [
        f"[{stamp}] INFO:     Started server process [{pid}]",
        f"[{stamp}] INFO:     Waiting for application startup.",
        f"[{stamp}] INFO:     Application startup complete.",
        f"[{stamp}] INFO:     Uvicorn running on http://{host}:{port} (Press CTRL+C to quit)",
    ]


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


def cri(stamp: str, text: str) -> str:
    """Kubernetes' container log file (CRI): `<RFC3339Nano> stderr F <line>` on every line (LWS pods, sglang#13392)."""
    return "\n".join(
        f"{stamp}.{100000 + 7919 * i:09d}+08:00 stderr F {line}" for i, line in enumerate(text.split("\n"))
    )


def journald(text: str, host: str = "h20-node-01", unit: str = "sglang-r1", pid: int = 48213) -> str:
    return "\n".join(
        f"Mar 11 21:14:{7 if i == 0 else 15:02d} {host} {unit}[{pid}]: {line}"
        for i, line in enumerate(text.split("\n"))
    )


# -- call paths (outermost first), read from each wheel
S043 = (  # 0.4.3.post2: Scheduler -> overlap worker -> TpModelWorker -> ModelRunner.__init__ (initialize() not split out yet)
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
)
S046 = (
    (
        "managers/scheduler.py",
        2297,
        "run_scheduler_process",
        "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
    ),
    ("managers/scheduler.py", 277, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 64, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 78, "__init__", "self.model_runner = ModelRunner("),
)
CAPTURE046 = S046 + (
    ("model_executor/model_runner.py", 231, "__init__", "self.initialize(min_per_gpu_memory)"),
    ("model_executor/model_runner.py", 305, "initialize", "self.init_cuda_graphs()"),
    ("model_executor/model_runner.py", 1098, "init_cuda_graphs", "self.cuda_graph_runner = CudaGraphRunner(self)"),
    ("model_executor/cuda_graph_runner.py", 309, "__init__", "raise Exception("),
)
INNER_CAPTURE046 = (  # the inner traceback of 0.4.6's capture, down to DeepSeek's low-latency DeepEP dispatch
    ("model_executor/cuda_graph_runner.py", 307, "__init__", "self.capture()"),
    ("model_executor/cuda_graph_runner.py", 386, "capture", ") = self.capture_one_batch_size(bs, forward)"),
    ("model_executor/cuda_graph_runner.py", 509, "capture_one_batch_size", "run_once()"),
    ("model_executor/cuda_graph_runner.py", 497, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
    ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
    (
        "models/deepseek_v2.py",
        1475,
        "forward",
        "hidden_states = self.model(input_ids, positions, forward_batch, input_embeds)",
    ),
    ("+torch/nn/modules/module.py", 1739, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
    ("+torch/nn/modules/module.py", 1750, "_call_impl", "return forward_call(*args, **kwargs)"),
    ("models/deepseek_v2.py", 1390, "forward", "hidden_states, residual = layer("),
    ("+torch/nn/modules/module.py", 1750, "_call_impl", "return forward_call(*args, **kwargs)"),
    ("models/deepseek_v2.py", 1255, "forward", "return execute_operations("),
    ("operations.py", 18, "execute_operations", "executor.next()"),
    ("operations.py", 53, "next", "self._stage_output = op.fn("),
    ("models/deepseek_v2.py", 378, "op_dispatch_a", "self.deepep_dispatcher.dispatch_a("),
    (
        "layers/moe/ep_moe/token_dispatcher.py",
        692,
        "dispatch_a",
        "inner_state = self._get_impl(forward_mode).dispatch_a(",
    ),
    (
        "layers/moe/ep_moe/token_dispatcher.py",
        488,
        "dispatch_a",
        "hidden_states, masked_m, event, hook = self._dispatch_core(",
    ),
    ("layers/moe/ep_moe/token_dispatcher.py", 572, "_dispatch_core", "buffer.low_latency_dispatch("),
)
S052 = (
    ("managers/scheduler.py", 2587, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 329, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 71, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 93, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 250, "__init__", "self.initialize(min_per_gpu_memory)"),
)
S055 = (
    ("managers/scheduler.py", 2802, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 311, "__init__", "self.tp_worker = TpModelWorker("),
    ("managers/tp_worker.py", 237, "__init__", "self._model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 322, "__init__", "self.initialize(min_per_gpu_memory)"),
)
CAPTURE_MSG_046 = (
    "Possible solutions:\n"
    "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
    "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n"
    "3. disable torch compile by not using --enable-torch-compile\n"
    "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\n"
    "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose \n"
)
SIGQUIT_043 = "Received sigquit from a child proces. It usually means the child failed."  # 0.4.3's spelling
SIGQUIT = "Received sigquit from a child process. It usually means the child failed."
CUDA_TAIL = (
    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n"
)
R1 = "/models/DeepSeek-R1"
V3 = "/models/DeepSeek-V3"


# ================================================================================================ 0.4.3.post2 (Feb 2025)
def _store_timeout() -> str:
    d = "2025-02-18"
    ranks = [f"TP{r}" for r in range(8, 16)]
    stack = S043 + (
        ("model_executor/model_runner.py", 187, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
        (
            "model_executor/model_runner.py",
            262,
            "init_torch_distributed",
            "initialize_model_parallel(tensor_model_parallel_size=self.tp_size)",
        ),
        ("distributed/parallel_state.py", 1055, "initialize_model_parallel", "_TP = init_model_parallel_group("),
        ("distributed/parallel_state.py", 890, "init_model_parallel_group", "return GroupCoordinator("),
        (
            "distributed/parallel_state.py",
            202,
            "__init__",
            'cpu_group = torch.distributed.new_group(ranks, backend="gloo")',
        ),
        ("+torch/distributed/c10d_logger.py", 97, "wrapper", "func_return = func(*args, **kwargs)"),
        ("+torch/distributed/distributed_c10d.py", 4565, "new_group", "return _new_group_with_tag("),
        (
            "+torch/distributed/distributed_c10d.py",
            4648,
            "_new_group_with_tag",
            "pg, pg_store = _new_process_group_helper(",
        ),
        (
            "+torch/distributed/distributed_c10d.py",
            1744,
            "_new_process_group_helper",
            "backend_class = ProcessGroupGloo(",
        ),
    )
    return join(
        sargs(
            f"{d} 09:12:03",
            R1,
            trust_remote_code=True,
            dtype="auto",
            kv_cache_dtype="auto",
            quantization=None,
            host="0.0.0.0",
            port=30000,
            mem_fraction_static=0.79,
            chunked_prefill_size=8192,
            tp_size=16,
            dist_init_addr="10.20.1.11:5000",
            nnodes=2,
            node_rank=1,
        ),
        [at(f"{d} 09:12:11", r, "MLA optimization is turned on. Use triton backend.") for r in ranks[:3]],
        [at(f"{d} 09:12:11", r, "Init torch distributed begin.") for r in ranks[:3]],
        "h20-node-02:2113:2113 [0] NCCL INFO NCCL_SOCKET_IFNAME set by environment to eth0",
        "h20-node-02:2113:2113 [0] NCCL INFO Bootstrap : Using eth0:10.20.1.12<0>",
        "[rank8]:[W218 09:42:12.444220068 socket.cpp:487] [c10d] waitForInput: socket SocketImpl(fd=103, addr=[::ffff:10.20.1.12]:52362, remote=[::ffff:10.20.1.11]:5000) timed out after 1800000ms",
        "[rank9]:[W218 09:42:12.444221339 socket.cpp:487] [c10d] waitForInput: socket SocketImpl(fd=103, addr=[::ffff:10.20.1.12]:52372, remote=[::ffff:10.20.1.11]:5000) timed out after 1800000ms",
        f"[{d} 09:42:12 TP9] Scheduler hit an exception: {TB}",
        tb(PY310, *stack),
        "torch.distributed.DistStoreError: wait timeout after 1800000ms, keys: /default_pg/1//cpu//0",
        "",
        at(f"{d} 09:42:12", "", SIGQUIT_043),
    )


case(
    "v043_r1_h20x16_node1_gloo_store_wait_timeout",
    "0.4.3.post2",
    "sglang-0.4.3.post2 model_runner.py/parallel_state.py/scheduler.py/engine.py; sgl-project/sglang#3398 (waitForInput lines, H20 multi-node); torch 2.5 c10d",
    "nccl_or_distributed",
    "node rank 1 of a TP16 pair waits 30 min for the gloo group of 16 ranks through node 0's store and times out",
    _store_timeout(),
)


def _h20_96g_single_node() -> str:
    d = "2025-02-20"
    return join(
        sargs(
            f"{d} 14:03:41",
            R1,
            trust_remote_code=True,
            dtype="auto",
            kv_cache_dtype="auto",
            quantization=None,
            host="0.0.0.0",
            port=30000,
            mem_fraction_static=0.81,
            chunked_prefill_size=8192,
            tp_size=8,
            enable_dp_attention=False,
        ),
        at(f"{d} 14:03:49", "TP0", "MLA optimization is turned on. Use triton backend."),
        at(f"{d} 14:03:49", "TP0", "Init torch distributed begin."),
        at(f"{d} 14:03:53", "TP0", "Load weight begin. avail mem=94.21 GB"),
        "Loading safetensors checkpoint shards:   0% Completed | 0/163 [00:00<?, ?it/s]",
        "Loading safetensors checkpoint shards: 100% Completed | 163/163 [04:41<00:00,  1.73s/it]",
        at(
            f"{d} 14:08:39",
            "TP3",
            "Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=14.36 GB",
        ),
        at(
            f"{d} 14:08:39",
            "TP0",
            "Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=14.32 GB",
        ),
        f"[{d} 14:08:40 TP0] Scheduler hit an exception: {TB}",
        tb(
            PY310,
            *S043,
            ("model_executor/model_runner.py", 216, "__init__", "self.init_memory_pool("),
            ("model_executor/model_runner.py", 629, "init_memory_pool", "raise RuntimeError("),
        ),
        "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static.",
        "",
        at(f"{d} 14:08:40", "", SIGQUIT_043),
    )


case(
    "v043_r1_h20x8_96g_single_node_kv_profile_negative",
    "0.4.3.post2",
    "sglang-0.4.3.post2 model_runner.py:629 (Not enough memory); benchmark/deepseek_v3/README (96 GB H20 needs two nodes)",
    "oom_kv_cache",
    "671B FP8 at TP8 leaves 14 GB after ~80 GB of weights; 0.81*94 GB static budget is below the weights, KV profile <= 0",
    _h20_96g_single_node(),
)


def _h800_weights_oom() -> str:
    d = "2025-02-24"
    stack = S043 + (
        ("model_executor/model_runner.py", 195, "__init__", "self.load_model()"),
        ("model_executor/model_runner.py", 318, "load_model", "self.model = get_model("),
        ("model_loader/__init__.py", 22, "get_model", "return loader.load_model("),
        ("model_loader/loader.py", 357, "load_model", "model = _initialize_model("),
        ("model_loader/loader.py", 138, "_initialize_model", "return model_class("),
        ("models/deepseek_v2.py", 853, "__init__", "self.model = DeepseekV2Model(config, quant_config)"),
        ("models/deepseek_v2.py", 814, "__init__", "["),
        ("models/deepseek_v2.py", 815, "<listcomp>", "DeepseekV2DecoderLayer("),
        (
            "models/deepseek_v2.py",
            745,
            "__init__",
            "self.mlp = DeepseekV2MoE(config=config, quant_config=quant_config)",
        ),
        ("models/deepseek_v2.py", 146, "__init__", "self.experts = MoEImpl("),
        ("layers/moe/fused_moe_triton/layer.py", 297, "__init__", "self.quant_method.create_weights("),
        ("layers/quantization/fp8.py", 484, "create_weights", "w13_weight = torch.nn.Parameter("),
        ("+torch/utils/_device.py", 106, "__torch_function__", "return func(*args, **kwargs)"),
    )
    return join(
        sargs(
            f"{d} 11:40:02",
            V3,
            trust_remote_code=True,
            dtype="auto",
            kv_cache_dtype="auto",
            quantization=None,
            host="0.0.0.0",
            port=30000,
            mem_fraction_static=0.81,
            tp_size=8,
        ),
        at(f"{d} 11:40:10", "TP0", "MLA optimization is turned on. Use triton backend."),
        at(f"{d} 11:40:10", "TP0", "Init torch distributed begin."),
        at(f"{d} 11:40:14", "TP0", "Load weight begin. avail mem=78.68 GB"),
        f"[{d} 11:40:49 TP5] Scheduler hit an exception: {TB}",
        tb(PY310, *stack),
        "torch.OutOfMemoryError: "
        + torch_oom("896.00 MiB", 5, "79.11 GiB", "313.69 MiB", "78.79 GiB", "78.27 GiB", "9.86 MiB"),
        "",
        at(f"{d} 11:40:49", "", SIGQUIT_043),
    )


case(
    "v043_v3_h800x8_model_init_weights_oom",
    "0.4.3.post2",
    "sglang-0.4.3.post2 loader.py/deepseek_v2.py/fp8.py create_weights; sgl-project/sglang#3283, #4017 (DeepSeek-V3 needs 2x H100/H800)",
    "oom_weights",
    "the FP8 experts' parameters cannot be allocated while the model is built (after 'Load weight begin'): 671B does not fit 8x80 GB",
    _h800_weights_oom(),
)


def _h20_3e_default_configs() -> str:
    d = "2025-03-03"
    cfg = f"{SGW}/layers/quantization/configs/N=7168,K=2048,device_name=NVIDIA_H20-3e,dtype=fp8_w8a8,block_shape=[128, 128].json"
    moe = f"{SGW}/layers/moe/fused_moe_triton/configs/E=256,N=256,device_name=NVIDIA_H20-3e,dtype=fp8_w8a8,block_shape=[128, 128].json"
    return join(
        sargs(
            f"{d} 10:02:55",
            R1,
            trust_remote_code=True,
            dtype="auto",
            kv_cache_dtype="auto",
            quantization=None,
            host="0.0.0.0",
            port=30000,
            mem_fraction_static=0.81,
            tp_size=8,
        ),
        at(f"{d} 10:03:03", "TP0", "MLA optimization is turned on. Use triton backend."),
        at(f"{d} 10:03:03", "TP0", "Init torch distributed begin."),
        at(f"{d} 10:03:07", "TP0", "Load weight begin. avail mem=139.20 GB"),
        "Loading safetensors checkpoint shards: 100% Completed | 163/163 [03:58<00:00,  1.46s/it]",
        at(
            f"{d} 10:07:06",
            "TP0",
            "Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=59.47 GB",
        ),
        at(f"{d} 10:07:07", "TP0", "Memory pool end. avail mem=26.96 GB"),
        at(
            f"{d} 10:07:07",
            "TP3",
            f"Using default W8A8 Block FP8 kernel config. Performance might be sub-optimal! Config file not found at {cfg}",
        ),
        at(
            f"{d} 10:07:07",
            "TP0",
            f"Using default W8A8 Block FP8 kernel config. Performance might be sub-optimal! Config file not found at {cfg}",
        ),
        at(f"{d} 10:07:08", "TP0", "Capture cuda graph begin. This can take up to several minutes."),
        at(
            f"{d} 10:07:09",
            "TP0",
            f"Using default MoE config. Performance might be sub-optimal! Config file not found at {moe}",
        ),
        at(
            f"{d} 10:07:09",
            "TP5",
            f"Using default MoE config. Performance might be sub-optimal! Config file not found at {moe}",
        ),
        at(f"{d} 10:07:48", "TP0", "Capture cuda graph end. Time elapsed: 40.12 s"),
        at(
            f"{d} 10:07:50",
            "TP0",
            "max_total_num_tokens=468312, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=2048, context_len=163840",
        ),
        uvicorn_up(f"{d} 10:07:51"),
        f'[{d} 10:07:52] INFO:     127.0.0.1:40812 - "GET /get_model_info HTTP/1.1" 200 OK',
        at(
            f"{d} 10:07:52",
            "TP0",
            "Prefill batch. #new-seq: 1, #new-token: 7, #cached-token: 0, cache hit rate: 0.00%, token usage: 0.00, #running-req: 0, #queue-req: 0",
        ),
        f'[{d} 10:07:54] INFO:     127.0.0.1:40818 - "POST /generate HTTP/1.1" 200 OK',
        at(f"{d} 10:07:54", "", "The server is fired up and ready to roll!"),
        at(
            f"{d} 10:09:31",
            "TP0",
            "Prefill batch. #new-seq: 1, #new-token: 1893, #cached-token: 1, cache hit rate: 0.05%, token usage: 0.00, #running-req: 3, #queue-req: 0",
        ),
        at(
            f"{d} 10:09:36",
            "TP0",
            "Decode batch. #running-req: 4, #token: 9021, token usage: 0.02, gen throughput (token/s): 91.62, #queue-req: 0",
        ),
        f'[{d} 10:09:58] INFO:     10.8.4.17:53310 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    )


case(
    "v043_r1_h20_3e_missing_tuned_configs_healthy",
    "0.4.3.post2",
    "sgl-project/sglang#4028 (Config file not found when use NVIDIA_H20-3e); sglang-0.4.3.post2 fp8_kernel.py:522, fused_moe.py:602",
    "healthy",
    "the 141 GB H20-3e has no tuned W8A8/MoE config files in 0.4.3: warnings, default kernels, then ready and serving",
    _h20_3e_default_configs(),
)


def _nextn_fused_moe_oom_serving() -> str:
    d = "2025-02-21"
    stack = (
        ("managers/scheduler.py", 1827, "run_scheduler_process", "scheduler.event_loop_normal()"),
        ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
        ("managers/scheduler.py", 478, "event_loop_normal", "result = self.run_batch(batch)"),
        (
            "managers/scheduler.py",
            1089,
            "run_batch",
            ") = self.draft_worker.forward_batch_speculative_generation(batch)",
        ),
        (
            "speculative/eagle_worker.py",
            126,
            "forward_batch_speculative_generation",
            ") = self.verify(batch, spec_info)",
        ),
        (
            "speculative/eagle_worker.py",
            274,
            "verify",
            "logits_output, _ = self.target_worker.forward_batch_generation(",
        ),
        (
            "managers/tp_worker.py",
            164,
            "forward_batch_generation",
            "logits_output = self.model_runner.forward(forward_batch)",
        ),
        ("model_executor/model_runner.py", 796, "forward", "return self.forward_extend(forward_batch)"),
        ("model_executor/model_runner.py", 765, "forward_extend", "return self.model.forward("),
        ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
        ("models/deepseek_v2.py", 874, "forward", "hidden_states = self.model(input_ids, positions, forward_batch)"),
        ("models/deepseek_v2.py", 835, "forward", "hidden_states, residual = layer("),
        ("models/deepseek_v2.py", 787, "forward", "hidden_states = self.mlp(hidden_states)"),
        (
            "models/deepseek_v2.py",
            177,
            "forward",
            "self.experts(hidden_states=hidden_states, router_logits=router_logits)",
        ),
        ("layers/moe/fused_moe_triton/layer.py", 589, "forward", "final_hidden_states = self.quant_method.apply("),
        ("layers/quantization/fp8.py", 820, "apply", "return fused_experts("),
        ("layers/moe/fused_moe_triton/fused_moe.py", 851, "fused_experts", "torch.ops.sglang.inplace_fused_experts("),
        ("+torch/_ops.py", 1116, "__call__", "return self._op(*args, **(kwargs or {}))"),
        ("layers/moe/fused_moe_triton/fused_moe.py", 731, "inplace_fused_experts", "fused_experts_impl("),
        ("layers/moe/fused_moe_triton/fused_moe.py", 941, "fused_experts_impl", "intermediate_cache2 = torch.empty("),
    )
    return join(
        sargs(
            f"{d} 09:51:12",
            R1,
            trust_remote_code=True,
            host="0.0.0.0",
            port=30000,
            mem_fraction_static=0.79,
            tp_size=16,
            speculative_algorithm="NEXTN",
            speculative_draft_model_path="/models/DeepSeek-R1-NextN",
            speculative_num_steps=2,
            speculative_eagle_topk=4,
            speculative_num_draft_tokens=4,
            dist_init_addr="10.20.1.11:5000",
            nnodes=2,
            node_rank=0,
        ),
        at(f"{d} 10:02:40", "TP0", "Capture cuda graph end. Time elapsed: 61.37 s"),
        at(
            f"{d} 10:02:44",
            "TP0",
            "max_total_num_tokens=612480, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=2048, context_len=163840",
        ),
        uvicorn_up(f"{d} 10:02:45"),
        f'[{d} 10:02:46] INFO:     127.0.0.1:51470 - "GET /get_model_info HTTP/1.1" 200 OK',
        f'[{d} 10:02:49] INFO:     127.0.0.1:51476 - "POST /generate HTTP/1.1" 200 OK',
        at(f"{d} 10:02:49", "", "The server is fired up and ready to roll!"),
        at(
            f"{d} 10:33:52",
            "TP0",
            "Prefill batch. #new-seq: 6, #new-token: 8192, #cached-token: 311, cache hit rate: 7.82%, token usage: 0.54, #running-req: 118, #queue-req: 14",
        ),
        at(
            f"{d} 10:34:01",
            "TP0",
            "Decode batch. #running-req: 124, #token: 331872, token usage: 0.54, gen throughput (token/s): 1193.40, #queue-req: 14",
        ),
        "/opt/conda/lib/python3.10/multiprocessing/resource_tracker.py:104: UserWarning: resource_tracker: process died unexpectedly, relaunching.  Some resources might leak.",
        "  warnings.warn('resource_tracker: process died unexpectedly, '",
        f"[{d} 10:34:25 TP15] Scheduler hit an exception: {TB}",
        tb(PY310, *stack),
        "torch.OutOfMemoryError: "
        + torch_oom("1.64 GiB", 7, "95.00 GiB", "1.19 GiB", "93.80 GiB", "82.14 GiB", "3.61 GiB", private="4.41 GiB"),
        "",
        at(f"{d} 10:34:25", "", SIGQUIT_043),
    )


case(
    "v043_r1_h20x16_nextn_fused_moe_oom_while_serving",
    "0.4.3.post2",
    "sgl-project/sglang#3633 (fused_moe OOM with --speculative-algo NEXTN after ~30 min; 8*H20 and 2 nodes); sglang-0.4.3.post2 fused_moe.py:941",
    "oom_runtime",
    "ready at 10:02, 30 minutes of traffic, then the MoE intermediate cache cannot be allocated in a verify step",
    _nextn_fused_moe_oom_serving(),
)


# ================================================================================================ 0.4.6.post5 / 0.4.7 (Apr-Jun 2025)
def _deepep_ll_capture_oom() -> str:
    d = "2025-04-11"
    ranks = [f"DP{r} TP{r}" for r in (0, 3, 7)]
    return join(
        sargs(
            f"{d} 08:05:12",
            R1,
            trust_remote_code=True,
            host="0.0.0.0",
            port=30000,
            mem_fraction_static=0.85,
            tp_size=16,
            dp_size=16,
            enable_dp_attention=True,
            enable_deepep_moe=True,
            deepep_mode="low_latency",
            dist_init_addr="10.20.1.11:5757",
            nnodes=2,
            node_rank=0,
        ),
        [at(f"{d} 08:05:20", r, "Attention backend not set. Use fa3 backend by default.") for r in ranks[:1]],
        [at(f"{d} 08:05:20", r, "Init torch distributed begin.") for r in ranks],
        [at(f"{d} 08:05:31", r, "Init torch distributed ends. mem usage=1.12 GB") for r in ranks],
        at(f"{d} 08:05:31", "DP0 TP0", "Load weight begin. avail mem=93.08 GB"),
        at(
            f"{d} 08:08:02",
            "DP7 TP7",
            "Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=41.62 GB, mem usage=51.46 GB.",
        ),
        at(f"{d} 08:08:04", "DP7 TP7", "KV Cache is allocated. #tokens: 399872, KV size: 26.18 GB"),
        at(f"{d} 08:08:04", "DP7 TP7", "Memory pool end. avail mem=14.91 GB"),
        at(
            f"{d} 08:08:05",
            "DP0 TP0",
            "Capture cuda graph begin. This can take up to several minutes. avail mem=14.87 GB",
        ),
        at(
            f"{d} 08:08:05",
            "DP0 TP0",
            "Capture cuda graph bs [1, 2, 4, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128]",
        ),
        f"[{d} 08:13:45 DP7 TP7] Scheduler hit an exception: {TB}",
        tb(PY310, *CAPTURE046),
        "Exception: Capture CUDA graph failed: "
        + torch_oom(
            "448.00 MiB", 7, "95.00 GiB", "322.31 MiB", "94.67 GiB", "91.95 GiB", "1.24 GiB", private="9.83 GiB"
        ),
        CAPTURE_MSG_046,
        "",
        at(f"{d} 08:13:45", "", SIGQUIT),
    )


case(
    "v046_r1_h20x16_deepep_low_latency_capture_oom",
    "0.4.6.post5",
    "sgl-project/sglang#5285 (DeepEP Low Latency failed on 2 node 8*H20: Capture cuda graph failed: CUDA out of memory ... 95.00 GiB); sglang-0.4.6.post5 cuda_graph_runner.py:309",
    "oom_cuda_graph",
    "DP-attention + DeepEP low-latency on 96 GB H20s: graph capture runs out of memory after the pool took 26 GB",
    _deepep_ll_capture_oom(),
)


def _deepep_dispatch_assert() -> str:
    d = "2025-05-23"
    assertion = "Failed: Assertion error /sgl-workspace/DeepEP/csrc/deep_ep.cpp:1030 'x.size(0) == topk_idx.size(0) and x.size(0) <= num_max_dispatch_tokens_per_rank'"
    return join(
        sargs(
            f"{d} 06:21:40",
            R1,
            trust_remote_code=True,
            host="0.0.0.0",
            port=40000,
            mem_fraction_static=0.82,
            tp_size=8,
            dp_size=8,
            enable_dp_attention=True,
            enable_deepep_moe=True,
            deepep_mode="low_latency",
            disaggregation_mode="decode",
            disaggregation_transfer_backend="mooncake",
            cuda_graph_max_bs=256,
            max_running_requests=2048,
            context_length=4500,
            disable_radix_cache=True,
        ),
        at(
            f"{d} 06:24:51",
            "DP0 TP0",
            "Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=47.30 GB, mem usage=91.89 GB.",
        ),
        at(f"{d} 06:24:53", "DP0 TP0", "KV Cache is allocated. #tokens: 353984, KV size: 23.18 GB"),
        at(f"{d} 06:24:53", "DP0 TP0", "Memory pool end. avail mem=22.79 GB"),
        at(
            f"{d} 06:24:54",
            "DP0 TP0",
            "Capture cuda graph begin. This can take up to several minutes. avail mem=22.71 GB",
        ),
        at(
            f"{d} 06:24:54",
            "DP0 TP0",
            "Capture cuda graph bs [1, 2, 4, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160, 168, 176, 184, 192, 200, 208, 216, 224, 232, 240, 248, 256]",
        ),
        f"[{d} 06:25:02 DP0 TP0] Scheduler hit an exception: {TB}",
        tb(
            PY310,
            *INNER_CAPTURE046,
            (
                "/usr/local/lib/python3.10/dist-packages/deep_ep-1.0.0+a84a248-py3.10-linux-x86_64.egg/deep_ep/buffer.py",
                507,
                "low_latency_dispatch",
                "self.runtime.low_latency_dispatch(x, topk_idx,",
            ),
        ),
        f"RuntimeError: {assertion}",
        DURING,
        TB,
        tb(PY310, *CAPTURE046),
        f"Exception: Capture CUDA graph failed: {assertion}",
        CAPTURE_MSG_046,
        "",
        at(f"{d} 06:25:02", "", SIGQUIT),
    )


case(
    "v046_r1_h20_3e_pd_decode_deepep_dispatch_tokens_assert",
    "0.4.6.post5",
    "sgl-project/sglang#6017 (1P1D on two 8*H20-3e nodes: Capture cuda graph failed: Failed: Assertion error .../deep_ep.cpp:1030 ... num_max_dispatch_tokens_per_rank); deepseek-ai/DeepEP#165; sglang-0.4.6.post5 token_dispatcher.py (num_max_dispatch_tokens_per_rank = 128)",
    "config_error",
    "the decode graph batch (up to 256) exceeds DeepEP's 128 dispatch tokens per rank: an argument mismatch, not memory",
    _deepep_dispatch_assert(),
)


def _deepep_cooperative_launch() -> str:
    d = "2025-05-06"
    err = "Failed: CUDA error /sgl-workspace/DeepEP/csrc/kernels/internode_ll.cu:341 'too many blocks in cooperative launch'"
    return join(
        sargs(
            f"{d} 12:28:17",
            R1,
            trust_remote_code=True,
            host="0.0.0.0",
            port=30000,
            mem_fraction_static=0.85,
            tp_size=8,
            enable_deepep_moe=True,
            deepep_mode="low_latency",
            disable_radix_cache=True,
        ),
        at(f"{d} 12:28:25", "TP0", "Attention backend not set. Use fa3 backend by default."),
        at(
            f"{d} 12:34:51",
            "TP0",
            "Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=57.16 GB, mem usage=81.97 GB.",
        ),
        at(f"{d} 12:34:53", "TP0", "KV Cache is allocated. #tokens: 557312, KV size: 36.49 GB"),
        at(f"{d} 12:34:53", "TP0", "Memory pool end. avail mem=19.84 GB"),
        at(f"{d} 12:34:54", "TP0", "Capture cuda graph begin. This can take up to several minutes. avail mem=19.80 GB"),
        f"[{d} 12:35:08 TP0] Scheduler hit an exception: {TB}",
        tb(
            PY310,
            *INNER_CAPTURE046,
            (
                "/usr/local/lib/python3.10/dist-packages/deep_ep/buffer.py",
                507,
                "low_latency_dispatch",
                "self.runtime.low_latency_dispatch(x, topk_idx,",
            ),
        ),
        f"RuntimeError: {err}",
        DURING,
        TB,
        tb(PY310, *CAPTURE046),
        f"Exception: Capture CUDA graph failed: {err}",
        CAPTURE_MSG_046,
        "",
        at(f"{d} 12:35:08", "", SIGQUIT),
    )


case(
    "v046_r1_h20x8_deepep_too_many_blocks_cooperative_launch",
    "0.4.6.post5",
    "sgl-project/sglang#6056 (DeepSeek-R1 on 1 node H20*8: DeepEP failed with 'too many blocks in cooperative launch' at capture); deepseek-ai/DeepEP#15, #77 (H20)",
    "cuda_error_other",
    "a CUDA launch error inside DeepEP's low-latency kernel on the 78-SM H20 during capture; no memory or argument text",
    _deepep_cooperative_launch(),
)


def _nvshmem_ibrc() -> str:
    d = "2025-06-23"
    nv = "/sgl-workspace/nvshmem/src"
    launcher = (
        ("/usr/lib/python3.10/runpy.py", 196, "_run_module_as_main", "return _run_code(code, main_globals, None,"),
        ("/usr/lib/python3.10/runpy.py", 86, "_run_code", "exec(code, run_globals)"),
        (f"{SGW[:-4]}/launch_server.py", 14, "<module>", "launch_server(server_args)"),
        (
            "entrypoints/http_server.py",
            756,
            "launch_server",
            "tokenizer_manager, scheduler_info = _launch_subprocesses(server_args=server_args)",
        ),
        ("entrypoints/engine.py", 761, "_launch_subprocesses", "data = scheduler_pipe_readers[i].recv()"),
        ("/usr/lib/python3.10/multiprocessing/connection.py", 250, "recv", "buf = self._recv_bytes()"),
        ("/usr/lib/python3.10/multiprocessing/connection.py", 414, "_recv_bytes", "buf = self._recv(4)"),
        ("/usr/lib/python3.10/multiprocessing/connection.py", 383, "_recv", "raise EOFError"),
    )
    return join(
        sargs(
            f"{d} 03:10:44",
            R1,
            trust_remote_code=True,
            host="0.0.0.0",
            port=30000,
            mem_fraction_static=0.8,
            tp_size=16,
            dp_size=16,
            enable_dp_attention=True,
            enable_deepep_moe=True,
            deepep_mode="low_latency",
            dist_init_addr="192.168.10.1:5000",
            nnodes=2,
            node_rank=0,
        ),
        at(f"{d} 03:14:02", "DP0 TP0", "Memory pool end. avail mem=17.22 GB"),
        at(
            f"{d} 03:14:03",
            "DP0 TP0",
            "Capture cuda graph begin. This can take up to several minutes. avail mem=17.18 GB",
        ),
        f"{nv}/modules/transport/ibrc/ibrc.cpp:418: non-zero status: 22 ibv_modify_qp failed",
        "",
        f"{nv}/modules/transport/ibrc/ibrc.cpp:1433: non-zero status: 7 ep_connect failed",
        "",
        f"{nv}/modules/transport/ibrc/ibrc.cpp:1500: non-zero status: 7 transport create connect failed",
        "",
        f"{nv}/host/transport/transport.cpp:400: non-zero status: 7 connect EPS failed",
        "",
        f"{nv}/host/init/init.cu:1007: non-zero status: 7 nvshmem setup connections failed",
        "",
        f"{nv}/host/team/team.cu:nvshmem_team_split_strided:63: NVSHMEM API called before NVSHMEM initialization has completed",
        "",
        at(f"{d} 03:14:19", "", "Rank 0 scheduler is dead. Please check if there are relevant logs."),
        at(f"{d} 03:14:20", "", "Exit code: -6"),
        TB,
        tb(PY310, *launcher),
        "EOFError",
    )


case(
    "v047_r1_h20x16_deepep_nvshmem_ibrc_connect_failed",
    "0.4.7",
    "sgl-project/sglang#7450 (2 * 8 * H20, lmsysorg/sglang:deepep: ibv_modify_qp failed ... NVSHMEM API called before NVSHMEM initialization has completed); #7888; sglang-0.4.7 engine.py:761-768",
    "nccl_or_distributed",
    "NVSHMEM cannot connect the RDMA endpoints between the two H20 nodes when DeepEP's buffer is created; the scheduler aborts",
    _nvshmem_ibrc(),
)


def _unbalanced_loading() -> str:
    d = "2025-05-29"
    stack = S046 + (
        ("model_executor/model_runner.py", 231, "__init__", "self.initialize(min_per_gpu_memory)"),
        ("model_executor/model_runner.py", 271, "initialize", "self.load_model()"),
        ("model_executor/model_runner.py", 590, "load_model", "raise ValueError("),
    )
    return join(
        sargs(
            f"{d} 16:40:03",
            V3,
            trust_remote_code=True,
            host="0.0.0.0",
            port=30000,
            mem_fraction_static=0.79,
            tp_size=16,
            dist_init_addr="10.20.1.11:20000",
            nnodes=2,
            node_rank=0,
        ),
        at(f"{d} 16:40:12", "TP0", "Attention backend not set. Use fa3 backend by default."),
        at(f"{d} 16:40:24", "TP0", "Init torch distributed ends. mem usage=1.07 GB"),
        at(f"{d} 16:40:24", "TP0", "Load weight begin. avail mem=93.18 GB"),
        "Loading safetensors checkpoint shards: 100% Completed | 163/163 [02:11<00:00,  1.24it/s]",
        at(
            f"{d} 16:42:39",
            "TP0",
            "Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=52.77 GB, mem usage=40.41 GB.",
        ),
        at(
            f"{d} 16:42:39",
            "TP4",
            "Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=52.77 GB, mem usage=40.41 GB.",
        ),
        "[rank0]:[E529 16:47:39.512345678 ProcessGroupGloo.cpp:143] Ranks 8, 9, 10, 11, 12, 13, 14, 15 failed to pass monitoredBarrier in 300000 ms",
        f"[{d} 16:47:39 TP0] Scheduler hit an exception: {TB}",
        tb(PY310, *stack),
        "ValueError: TP rank 0 could finish the model loading, but there are other ranks that didn't finish loading. It is likely due to unexpected failures (e.g., OOM) or a slow node.",
        "",
        at(f"{d} 16:47:39", "", SIGQUIT),
    )


case(
    "v046_v3_h20x16_monitored_barrier_other_node_slow",
    "0.4.6.post5",
    "sglang-0.4.6.post5 model_runner.py:579-592 (monitored_barrier, UNBALANCED_MODEL_LOADING_TIMEOUT_S=300); torch ProcessGroupGloo monitoredBarrier",
    "nccl_or_distributed",
    "node 0 loaded its half; node 1's eight ranks never reached the loading barrier in 300 s (a slow or failed peer node)",
    _unbalanced_loading(),
)


def _flashmla_healthy() -> str:
    d = "2025-05-14"
    ranks = ["TP0", "TP1", "TP2"]
    return join(
        "[2025-05-14 20:11:02] FlashMLA only supports a page_size of 64, change page_size to 64.",
        sargs(
            f"{d} 20:11:02",
            R1,
            trust_remote_code=True,
            host="0.0.0.0",
            port=30000,
            mem_fraction_static=0.79,
            page_size=64,
            attention_backend="flashmla",
            tp_size=16,
            dist_init_addr="10.20.1.11:20000",
            nnodes=2,
            node_rank=0,
        ),
        [at(f"{d} 20:11:10", r, "MLA optimization is turned on. Use flashmla backend.") for r in ranks],
        [at(f"{d} 20:11:10", r, "Disable chunked prefix cache when page size > 1.") for r in ranks],
        at(f"{d} 20:11:10", "TP0", "Init torch distributed begin."),
        [
            at(f"{d} 20:11:22", r, "Custom allreduce is disabled because this process group spans across nodes.")
            for r in ranks
        ],
        at(f"{d} 20:11:22", "TP0", "Init torch distributed ends. mem usage=1.09 GB"),
        at(f"{d} 20:11:22", "TP0", "Load weight begin. avail mem=93.16 GB"),
        at(
            f"{d} 20:13:40",
            "TP0",
            "Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=52.75 GB, mem usage=40.41 GB.",
        ),
        at(f"{d} 20:13:41", "TP0", "KV Cache is allocated. #tokens: 504256, KV size: 33.02 GB"),
        at(f"{d} 20:13:41", "TP0", "Memory pool end. avail mem=19.60 GB"),
        at(f"{d} 20:13:42", "TP0", "Capture cuda graph begin. This can take up to several minutes. avail mem=19.55 GB"),
        at(
            f"{d} 20:14:31",
            "TP0",
            "Capture cuda graph end. Time elapsed: 49.02 s. mem usage=1.61 GB. avail mem=17.94 GB.",
        ),
        at(
            f"{d} 20:14:33",
            "TP0",
            "max_total_num_tokens=504256, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=2048, context_len=163840",
        ),
        uvicorn_up(f"{d} 20:14:34"),
        f'[{d} 20:14:35] INFO:     127.0.0.1:36110 - "GET /get_model_info HTTP/1.1" 200 OK',
        f'[{d} 20:14:38] INFO:     127.0.0.1:36124 - "POST /generate HTTP/1.1" 200 OK',
        at(f"{d} 20:14:38", "", "The server is fired up and ready to roll!"),
        at(
            f"{d} 21:02:17",
            "TP0",
            "Decode batch. #running-req: 412, #token: 499712, token usage: 0.99, cuda graph: True, gen throughput (token/s): 2214.37, #queue-req: 188",
        ),
        at(
            f"{d} 21:02:18",
            "TP0",
            "Decode out of memory happened. #retracted_reqs: 3, #new_token_ratio: 0.4132 -> 0.7398",
        ),
        at(
            f"{d} 21:02:19",
            "TP0",
            "Prefill batch. #new-seq: 1, #new-token: 3391, #cached-token: 64, token usage: 0.97, #running-req: 409, #queue-req: 191",
        ),
        at(
            f"{d} 21:02:24",
            "TP0",
            "Decode batch. #running-req: 410, #token: 492288, token usage: 0.98, cuda graph: True, gen throughput (token/s): 2301.05, #queue-req: 190",
        ),
        f'[{d} 21:02:26] INFO:     10.8.4.31:41822 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    )


case(
    "v046_r1_h20x16_flashmla_retract_under_load_healthy",
    "0.4.6.post5",
    "sglang-0.4.6.post5 server_args.py:285-289 (FlashMLA page size), model_runner.py (MLA backend, chunked prefix cache), custom_all_reduce.py:187, scheduler.py:1518 (Decode out of memory happened); sgl-project/sglang#4978",
    "healthy",
    "FlashMLA forces page_size 64, custom all-reduce is off across nodes, and the pool fills under load: retraction, not failure",
    _flashmla_healthy(),
)


def _deepep_normal_buffer_oom() -> str:
    d = "2025-05-20"
    stack = (
        ("managers/scheduler.py", 2313, "run_scheduler_process", "scheduler.event_loop_normal()"),
        ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
        ("managers/scheduler.py", 646, "event_loop_normal", "result = self.run_batch(batch)"),
        ("managers/scheduler.py", 1559, "run_batch", "self.tp_worker.forward_batch_generation(model_worker_batch)"),
        (
            "managers/tp_worker.py",
            202,
            "forward_batch_generation",
            "logits_output, can_run_cuda_graph = self.model_runner.forward(",
        ),
        ("model_executor/model_runner.py", 1172, "forward", "output = self._forward_raw("),
        ("model_executor/model_runner.py", 1201, "_forward_raw", "ret = self.forward_extend("),
        ("model_executor/model_runner.py", 1140, "forward_extend", "return self.model.forward("),
        ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
        (
            "models/deepseek_v2.py",
            1475,
            "forward",
            "hidden_states = self.model(input_ids, positions, forward_batch, input_embeds)",
        ),
        ("models/deepseek_v2.py", 1390, "forward", "hidden_states, residual = layer("),
        ("models/deepseek_v2.py", 1255, "forward", "return execute_operations("),
        ("operations.py", 18, "execute_operations", "executor.next()"),
        ("operations.py", 53, "next", "self._stage_output = op.fn("),
        ("models/deepseek_v2.py", 396, "op_dispatch_b", ") = self.deepep_dispatcher.dispatch_b()"),
        (
            "layers/moe/ep_moe/token_dispatcher.py",
            703,
            "dispatch_b",
            "return self._get_impl(forward_mode).dispatch_b(*inner_state)",
        ),
        ("layers/moe/ep_moe/token_dispatcher.py", 246, "dispatch_b", ") = self._dispatch_core("),
        ("layers/moe/ep_moe/token_dispatcher.py", 304, "_dispatch_core", "buffer = self._get_buffer()"),
        ("layers/moe/ep_moe/token_dispatcher.py", 456, "_get_buffer", "return DeepEPBuffer.get_deepep_buffer("),
        ("layers/moe/ep_moe/token_dispatcher.py", 96, "get_deepep_buffer", "cls._buffer = Buffer("),
        (
            "/usr/local/lib/python3.10/dist-packages/deep_ep/buffer.py",
            88,
            "__init__",
            "self.runtime = deep_ep_cpp.Buffer(self.rank, self.group_size, num_nvl_bytes, num_rdma_bytes, low_latency_mode)",
        ),
    )
    return join(
        "[2025-05-20 13:02:11] Cuda graph is disabled because deepep_mode=`normal`",
        sargs(
            f"{d} 13:02:11",
            R1,
            trust_remote_code=True,
            host="0.0.0.0",
            port=30000,
            mem_fraction_static=0.92,
            tp_size=16,
            enable_deepep_moe=True,
            deepep_mode="normal",
            ep_size=16,
            disable_cuda_graph=True,
            disable_overlap_schedule=True,
            dist_init_addr="10.20.1.11:20000",
            nnodes=2,
            node_rank=0,
        ),
        at(
            f"{d} 13:04:33",
            "TP0",
            "Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=52.71 GB, mem usage=40.43 GB.",
        ),
        at(f"{d} 13:04:34", "TP0", "KV Cache is allocated. #tokens: 689344, KV size: 45.13 GB"),
        at(f"{d} 13:04:34", "TP0", "Memory pool end. avail mem=7.48 GB"),
        at(
            f"{d} 13:04:35",
            "TP0",
            "max_total_num_tokens=689344, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=163840",
        ),
        uvicorn_up(f"{d} 13:04:36"),
        f'[{d} 13:04:37] INFO:     127.0.0.1:52018 - "GET /get_model_info HTTP/1.1" 200 OK',
        at(
            f"{d} 13:04:37",
            "TP0",
            "Prefill batch. #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0",
        ),
        f"[{d} 13:04:38 TP6] Scheduler hit an exception: {TB}",
        tb(PY310, *stack),
        "RuntimeError: Failed: CUDA error /sgl-workspace/DeepEP/csrc/deep_ep.cpp:41 'out of memory'",
        "",
        at(f"{d} 13:04:38", "", SIGQUIT),
    )


case(
    "v046_r1_h20x16_deepep_normal_buffer_oom_at_warmup",
    "0.4.6.post5",
    "sglang-0.4.6.post5 server_args.py:351-353, token_dispatcher.py:96 (lazy DeepEP Buffer); deepseek-ai/DeepEP csrc deep_ep.cpp (cudaMalloc of the NVL buffer) and EPException text; sgl-project/sglang#6017",
    "oom_moe_workspace",
    "with mem-fraction 0.92 only 7.5 GB is left; DeepEP's NVL buffer cudaMalloc fails on the warmup request, before ready",
    _deepep_normal_buffer_oom(),
)


def _tp16_without_nnodes() -> str:
    d = "2025-03-11"
    stack = S046 + (
        ("model_executor/model_runner.py", 224, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
        (
            "model_executor/model_runner.py",
            419,
            "init_torch_distributed",
            "torch.get_device_module(self.device).set_device(self.gpu_id)",
        ),
        ("+torch/cuda/__init__.py", 476, "set_device", "torch._C._cuda_setDevice(device)"),
    )
    body = join(
        sargs(
            f"{d} 21:14:07",
            R1,
            trust_remote_code=True,
            host="0.0.0.0",
            port=30000,
            mem_fraction_static=0.79,
            tp_size=16,
            nnodes=1,
            node_rank=0,
        ),
        at(f"{d} 21:14:15", "TP0", "Attention backend not set. Use fa3 backend by default."),
        at(f"{d} 21:14:15", "TP0", "Init torch distributed begin."),
        at(f"{d} 21:14:15", "TP8", "Init torch distributed begin."),
        at(
            f"{d} 21:14:15",
            "TP8",
            "Context: self.device='cuda' self.gpu_id=8 os.environ.get('CUDA_VISIBLE_DEVICES')=None self.tp_rank=8 self.tp_size=16",
        ),
        f"[{d} 21:14:15 TP8] Scheduler hit an exception: {TB}",
        tb(PY310, *stack),
        "RuntimeError: CUDA error: invalid device ordinal",
        CUDA_TAIL,
        at(f"{d} 21:14:15", "", SIGQUIT),
    )
    return journald(body)


case(
    "v046_r1_tp16_on_one_8gpu_node_journald",
    "0.4.6.post5",
    "sglang-0.4.6.post5 model_runner.py:416-424 (the Context warning around set_device), engine.py (gpu_id = base_gpu_id + tp_rank % tp_size_per_node); systemd journal wrapping",
    "config_error",
    "--tp 16 without --nnodes 2 on an 8-GPU H20 host: rank 8 asks for GPU 8, which does not exist",
    _tp16_without_nnodes(),
)


def _deepep_auto_with_dp_attention() -> str:
    stack = (
        ("/usr/lib/python3.10/runpy.py", 196, "_run_module_as_main", "return _run_code(code, main_globals, None,"),
        ("/usr/lib/python3.10/runpy.py", 86, "_run_code", "exec(code, run_globals)"),
        (f"{SGW[:-4]}/launch_server.py", 11, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
        ("server_args.py", 1483, "prepare_server_args", "server_args = ServerArgs.from_cli_args(raw_args)"),
        ("server_args.py", 1426, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
        ("<string>", 152, "__init__", ""),
        ("server_args.py", 348, "__post_init__", "assert ("),
    )
    return join(
        f"root@h20-node-01:/sgl-workspace# python3 -m sglang.launch_server --model-path {R1} --tp 16 --dp 16 --enable-dp-attention --enable-deepep-moe --dist-init-addr 10.20.1.11:5000 --nnodes 2 --node-rank 0 --trust-remote-code --host 0.0.0.0 --port 30000",
        "INFO 05-08 09:31:02 [__init__.py:239] Automatically detected platform cuda.",
        TB,
        tb(PY310, *stack),
        "AssertionError: DeepEP MoE `auto` mode is not supported with DP Attention.",
    )


case(
    "v046_r1_h20x16_deepep_auto_with_dp_attention_assert",
    "0.4.6.post5",
    "sglang-0.4.6.post5 server_args.py:346-350 (the assertion in __post_init__)",
    "config_error",
    "the arguments combine DeepEP's default `auto` mode with DP attention, which 0.4.6 refuses before anything starts",
    _deepep_auto_with_dp_attention(),
)


def _dp_attention_missing_dist_init() -> str:
    d = "2025-05-09"
    stack = (
        ("/usr/lib/python3.10/runpy.py", 196, "_run_module_as_main", "return _run_code(code, main_globals, None,"),
        ("/usr/lib/python3.10/runpy.py", 86, "_run_code", "exec(code, run_globals)"),
        (f"{SGW[:-4]}/launch_server.py", 14, "<module>", "launch_server(server_args)"),
        (
            "entrypoints/http_server.py",
            743,
            "launch_server",
            "tokenizer_manager, scheduler_info = _launch_subprocesses(server_args=server_args)",
        ),
        ("entrypoints/engine.py", 552, "_launch_subprocesses", "port_args = PortArgs.init_new(server_args)"),
        ("server_args.py", 1529, "init_new", 'elif server_args.dist_init_addr.startswith("["):  # ipv6 address'),
    )
    return join(
        sargs(
            f"{d} 10:20:31",
            R1,
            trust_remote_code=True,
            host="0.0.0.0",
            port=30000,
            mem_fraction_static=0.8,
            tp_size=16,
            dp_size=16,
            enable_dp_attention=True,
            enable_deepep_moe=True,
            deepep_mode="low_latency",
            dist_init_addr=None,
            nnodes=2,
            node_rank=0,
        ),
        TB,
        tb(PY310, *stack),
        "AttributeError: 'NoneType' object has no attribute 'startswith'",
    )


case(
    "v046_r1_h20x16_dp_attention_two_nodes_without_dist_init_addr",
    "0.4.6.post5",
    "sglang-0.4.6.post5 server_args.py:1526-1537 (PortArgs.init_new for DP attention: 'please provide --dist-init-addr as host:port of head node')",
    "config_error",
    "DP attention across two nodes needs --dist-init-addr; without it PortArgs reads None.startswith in the launcher",
    _dp_attention_missing_dist_init(),
)


def _roce_nccl_unhandled() -> str:
    d = "2025-04-02"
    stack = S046 + (
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
    return join(
        sargs(
            f"{d} 15:30:12",
            V3,
            trust_remote_code=True,
            host="0.0.0.0",
            port=30000,
            mem_fraction_static=0.79,
            tp_size=16,
            dist_init_addr="10.30.2.11:20000",
            nnodes=2,
            node_rank=1,
        ),
        at(f"{d} 15:30:20", "TP8", "Init torch distributed begin."),
        "h800-node-02:3415:3415 [0] NCCL INFO NET/IB : Using [0]mlx5_bond_0:1/RoCE [1]mlx5_bond_1:1/RoCE [2]mlx5_bond_2:1/RoCE [3]mlx5_bond_3:1/RoCE [RO]; OOB bond0:10.30.2.12<0>",
        "h800-node-02:3415:3892 [0] misc/ibvwrap.cc:195 NCCL WARN Call to ibv_modify_qp failed with error Connection timed out errno 110",
        "h800-node-02:3415:3892 [0] NCCL INFO transport/net_ib.cc:1076 -> 2",
        "h800-node-02:3415:3892 [0] NCCL INFO transport/net.cc:704 -> 2",
        "h800-node-02:3415:3415 [0] NCCL INFO init.cc:1222 -> 2",
        "h800-node-02:3415:3415 [0] NCCL INFO init.cc:1501 -> 2",
        f"[{d} 15:31:05 TP8] Scheduler hit an exception: {TB}",
        tb(PY310, *stack),
        "RuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)",
        "",
        at(f"{d} 15:31:05", "", SIGQUIT),
    )


case(
    "v046_v3_h800x16_roce_qp_timeout_nccl_unhandled_system_error",
    "0.4.6.post5",
    "sglang-0.4.6.post5 pynccl.py/pynccl_wrapper.py NCCL_CHECK; sgl-project/sglang#4766, #4289 (NCCL error: unhandled system error); NCCL 2.21 ibvwrap/net_ib WARN lines",
    "nccl_or_distributed",
    "pynccl's communicator cannot connect over RoCE (QP to RTR times out: GID/route misconfiguration) on node rank 1",
    _roce_nccl_unhandled(),
)


# ================================================================================================ 0.4.9.post2 (Jul 2025)
def _mooncake_init_fail() -> str:
    d = "2025-07-16"
    stack = (
        (
            "managers/scheduler.py",
            2753,
            "run_scheduler_process",
            "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
        ),
        ("managers/scheduler.py", 527, "__init__", "self.init_disaggregation()"),
        (
            "managers/scheduler.py",
            736,
            "init_disaggregation",
            "self.disagg_prefill_bootstrap_queue = PrefillBootstrapQueue(",
        ),
        ("disaggregation/prefill.py", 100, "__init__", "self.kv_manager = self._init_kv_manager()"),
        ("disaggregation/prefill.py", 136, "_init_kv_manager", "kv_manager = kv_manager_class("),
        ("disaggregation/mooncake/conn.py", 137, "__init__", "self.init_engine()"),
        ("disaggregation/mooncake/conn.py", 225, "init_engine", "self.engine = MooncakeTransferEngine("),
        ("disaggregation/mooncake/transfer_engine.py", 26, "__init__", "self.initialize("),
        (
            "disaggregation/mooncake/transfer_engine.py",
            75,
            "initialize",
            'raise RuntimeError("Mooncake Transfer Engine initialization failed.")',
        ),
    )
    return join(
        sargs(
            f"{d} 03:18:40",
            R1,
            trust_remote_code=True,
            host="0.0.0.0",
            port=30000,
            mem_fraction_static=0.85,
            tp_size=8,
            disaggregation_mode="prefill",
            disaggregation_transfer_backend="mooncake",
            disaggregation_ib_device="mlx5_bond_8",
        ),
        at(
            f"{d} 03:21:40",
            "TP0",
            "Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=57.31 GB, mem usage=81.95 GB.",
        ),
        at(f"{d} 03:21:42", "TP0", "KV Cache is allocated. #tokens: 547584, KV size: 35.85 GB"),
        at(f"{d} 03:21:42", "TP0", "Memory pool end. avail mem=20.49 GB"),
        at(
            f"{d} 03:22:30",
            "TP0",
            "Capture cuda graph end. Time elapsed: 47.21 s. mem usage=1.58 GB. avail mem=18.91 GB.",
        ),
        "I0716 03:22:31.181102  3746 transfer_engine.cpp:91] Transfer Engine parseHostNameWithPort. server_name: 10.0.2.69 port: 12001",
        "I0716 03:22:31.181265  3746 transfer_engine.cpp:185] Auto-discovering topology...",
        "W0716 03:22:31.204383  3746 rdma_context.cpp:433] Device mlx5_bond_8 port not active",
        "E0716 03:22:31.204720  3746 rdma_context.cpp:70] Failed to open device mlx5_bond_8 on port  with GID 3",
        "W0716 03:22:31.204730  3746 rdma_transport.cpp:420] Disable device mlx5_bond_8",
        "E0716 03:22:31.204734  3746 rdma_transport.cpp:426] RdmaTransport: No available RNIC",
        "E0716 03:22:31.204737  3746 rdma_transport.cpp:60] RdmaTransport: cannot initialize RDMA resources",
        "E0716 03:22:31.204743  3746 transfer_engine.cpp:234] Failed to install RDMA transport",
        at(f"{d} 03:22:31", "TP0", "Mooncake Transfer Engine initialization failed."),
        f"[{d} 03:22:31 TP0] Scheduler hit an exception: {TB}",
        tb(PY310, *stack),
        "RuntimeError: Mooncake Transfer Engine initialization failed.",
        "",
        at(f"{d} 03:22:31", "", SIGQUIT),
    )


case(
    "v049_r1_h20_3e_pd_prefill_mooncake_engine_init_failed",
    "0.4.9.post2",
    "sglang-0.4.9.post2 disaggregation/mooncake/transfer_engine.py:74-75, conn.py:225, prefill.py:100; kvcache-ai/Mooncake#1384, MoonshotAI/checkpoint-engine#1 (rdma_context 'Failed to open device', 'No available RNIC')",
    "nccl_or_distributed",
    "the PD prefill instance's Mooncake RDMA transport finds no usable RNIC (wrong --disaggregation-ib-device)",
    _mooncake_init_fail(),
)


def _mooncake_transfer_fail() -> str:
    d = "2025-07-24"
    room = 7260473139285342481
    return join(
        sargs(
            f"{d} 02:58:10",
            R1,
            trust_remote_code=True,
            host="0.0.0.0",
            port=30000,
            mem_fraction_static=0.85,
            tp_size=8,
            disaggregation_mode="prefill",
            disaggregation_transfer_backend="mooncake",
            disaggregation_ib_device="mlx5_bond_1,mlx5_bond_2,mlx5_bond_3,mlx5_bond_4",
        ),
        uvicorn_up(f"{d} 03:02:44"),
        at(f"{d} 03:02:48", "", "The server is fired up and ready to roll!"),
        at(
            f"{d} 03:14:19",
            "TP0",
            "Prefill batch. #new-seq: 1, #new-token: 2048, #cached-token: 0, #token: 2048, token usage: 0.00, #unbootstrapped-req: 0, #queue-req: 0, #transferring-req: 0, input throughput (token/s): 0.00, timestamp: 2025-07-24T03:14:19.402871",
        ),
        "E0724 03:14:20.698411 104002 worker_pool.cpp:289] Worker: Process failed for slice (opcode: 1, source_addr: 0x7f61fc2e0000, length: 65536, dest_addr: 0x7f2b4c0e0000, local_nic: mlx5_bond_2, peer_nic: 10.0.2.98:15992@mlx5_bond_1, dest_rkey: 2146656, retry_cnt: 0): local protection error",
        "W0724 03:14:20.702893 104002 worker_pool.cpp:303] Too many errors found in local RNIC 10.0.2.69:15858@mlx5_bond_2, mark it inactive",
        "E0724 03:14:20.707079 104002 rdma_context.cpp:261] Context is not active: mlx5_bond_2",
        at(f"{d} 03:14:20", "TP0", "Session 10.0.2.98:15992 failed."),
        at(
            f"{d} 03:14:20",
            "TP0",
            f"Prefill transfer failed for request rank=0 req.rid='0e3f6a1c2b9d4e7a8c5f1d2e3b4a5c6d' req.bootstrap_room={room} with exception KVTransferError(bootstrap_room={room}): Failed to send kv chunk of {room} to 10.0.2.98:15992",
        ),
        f'[{d} 03:14:20] INFO:     10.0.2.98:51828 - "POST /generate HTTP/1.1" 500 Internal Server Error',
        at(
            f"{d} 03:14:23",
            "TP0",
            f"Prefill transfer failed for request rank=0 req.rid='9a8b7c6d5e4f4a3b2c1d0e9f8a7b6c5d' req.bootstrap_room={room + 1} with exception KVTransferError(bootstrap_room={room + 1}): Decode instance could be dead, remote mooncake session 10.0.2.98:15992 is not alive",
        ),
    )


case(
    "v049_r1_h20_3e_pd_mooncake_kv_transfer_failed_after_ready",
    "0.4.9.post2",
    "sgl-project/sglang#8324 (1P1D on two h20-141G with mooncake: 'local protection error', RNIC marked inactive); sglang-0.4.9.post2 mooncake/conn.py:505-590 (Session ... failed., record_failure), prefill.py:494-499",
    "nccl_or_distributed",
    "after ready, every KV transfer from prefill to decode fails in Mooncake's RDMA path and the requests are aborted",
    _mooncake_transfer_fail(),
)


def _dist_init_port_in_use() -> str:
    d = "2025-07-30"
    stack = (
        (
            "managers/scheduler.py",
            2753,
            "run_scheduler_process",
            "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
        ),
        ("managers/scheduler.py", 339, "__init__", "self.tp_worker = TpWorkerClass("),
        ("managers/tp_worker_overlap_thread.py", 66, "__init__", "self.worker = TpModelWorker("),
        ("managers/tp_worker.py", 81, "__init__", "self.model_runner = ModelRunner("),
        ("model_executor/model_runner.py", 226, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
        ("model_executor/model_runner.py", 526, "init_torch_distributed", "init_distributed_environment("),
        (
            "distributed/parallel_state.py",
            1153,
            "init_distributed_environment",
            "torch.distributed.init_process_group(",
        ),
        ("+torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
        ("+torch/distributed/c10d_logger.py", 95, "wrapper", "func_return = func(*args, **kwargs)"),
        (
            "+torch/distributed/distributed_c10d.py",
            1695,
            "init_process_group",
            "store, rank, world_size = next(rendezvous_iterator)",
        ),
        ("+torch/distributed/rendezvous.py", 207, "_tcp_rendezvous_handler", "store = _create_c10d_store("),
        ("+torch/distributed/rendezvous.py", 175, "_create_c10d_store", "return TCPStore("),
    )
    return join(
        sargs(
            f"{d} 11:05:52",
            R1,
            trust_remote_code=True,
            host="0.0.0.0",
            port=30000,
            mem_fraction_static=0.79,
            tp_size=16,
            dist_init_addr="10.20.1.11:20000",
            nnodes=2,
            node_rank=0,
        ),
        at(f"{d} 11:06:00", "TP0", "Attention backend not set. Use fa3 backend by default."),
        at(f"{d} 11:06:00", "TP0", "Init torch distributed begin."),
        "[W730 11:06:00.918214562 socket.cpp:755] [c10d] The server socket has failed to listen on [::]:20000 (errno: 98 - Address already in use).",
        "[W730 11:06:00.918402119 socket.cpp:755] [c10d] The server socket has failed to listen on 0.0.0.0:20000 (errno: 98 - Address already in use).",
        "[E730 11:06:00.918437735 socket.cpp:793] [c10d] The server socket has failed to listen on any local network address. port: 20000, useIpv6: 0, code: -98, name: EADDRINUSE, message: address already in use",
        f"[{d} 11:06:00 TP0] Scheduler hit an exception: {TB}",
        tb(PY310, *stack),
        "torch.distributed.DistNetworkError: The server socket has failed to listen on any local network address. port: 20000, useIpv6: false, code: -98, name: EADDRINUSE, message: address already in use",
        "",
        at(f"{d} 11:06:00", "", SIGQUIT),
    )


case(
    "v049_r1_h20x16_dist_init_addr_port_already_in_use",
    "0.4.9.post2",
    "sglang-0.4.9.post2 model_runner.py init_torch_distributed (tcp://{dist_init_addr}); torch 2.7 TCPStore / socket.cpp EADDRINUSE text",
    "port_in_use",
    "node 0's TP0 cannot open the TCPStore on --dist-init-addr's port 20000: a previous launch still holds it",
    _dist_init_port_in_use(),
)


def _quant_mismatch() -> str:
    d = "2025-07-18"
    qerr = "ValueError: Quantization method specified in the model config (fp8) does not match the quantization method specified in the `quantization` argument (w8a8_int8)."
    sched = (
        (
            "managers/scheduler.py",
            2753,
            "run_scheduler_process",
            "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
        ),
        ("managers/scheduler.py", 317, "__init__", "self.init_tokenizer()"),
        (
            "managers/scheduler.py",
            539,
            "init_tokenizer",
            "self.model_config = ModelConfig.from_server_args(server_args)",
        ),
        ("configs/model_config.py", 278, "from_server_args", "return ModelConfig("),
        ("configs/model_config.py", 264, "__init__", "self._verify_quantization()"),
        ("configs/model_config.py", 447, "_verify_quantization", "raise ValueError("),
    )
    main = (
        ("/usr/lib/python3.10/runpy.py", 196, "_run_module_as_main", "return _run_code(code, main_globals, None,"),
        ("/usr/lib/python3.10/runpy.py", 86, "_run_code", "exec(code, run_globals)"),
        (f"{SGW[:-4]}/launch_server.py", 14, "<module>", "launch_server(server_args)"),
        (
            "entrypoints/http_server.py",
            899,
            "launch_server",
            "tokenizer_manager, template_manager, scheduler_info = _launch_subprocesses(",
        ),
        (
            "entrypoints/engine.py",
            790,
            "_launch_subprocesses",
            "tokenizer_manager = TokenizerManager(server_args, port_args)",
        ),
        (
            "managers/tokenizer_manager.py",
            201,
            "__init__",
            "self.model_config = ModelConfig.from_server_args(server_args)",
        ),
        ("configs/model_config.py", 278, "from_server_args", "return ModelConfig("),
        ("configs/model_config.py", 264, "__init__", "self._verify_quantization()"),
        ("configs/model_config.py", 447, "_verify_quantization", "raise ValueError("),
    )
    return join(
        sargs(
            f"{d} 17:44:09",
            R1,
            trust_remote_code=True,
            host="0.0.0.0",
            port=30000,
            quantization="w8a8_int8",
            tp_size=16,
            dist_init_addr="10.20.1.11:20000",
            nnodes=2,
            node_rank=0,
        ),
        f"[{d} 17:44:17 TP0] Scheduler hit an exception: {TB}",
        tb(PY310, *sched),
        qerr,
        "",
        at(f"{d} 17:44:17", "", SIGQUIT),
        TB,
        tb(PY310, *main),
        qerr,
    )


case(
    "v049_r1_fp8_checkpoint_launched_with_w8a8_int8",
    "0.4.9.post2",
    "sglang-0.4.9.post2 configs/model_config.py:440-452 (_verify_quantization); the H20 int8 MoE configs (E=256,N=256,device_name=NVIDIA_H20,dtype=int8_w8a8) that invite the flag",
    "config_error",
    "--quantization w8a8_int8 on the FP8 block-quantized DeepSeek-R1 checkpoint: the config says fp8",
    _quant_mismatch(),
)


def _gloo_peer_closed() -> str:
    d = "2025-07-21"
    stack = (
        ("managers/scheduler.py", 2767, "run_scheduler_process", "scheduler.event_loop_overlap()"),
        ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
        ("managers/scheduler.py", 788, "event_loop_overlap", "recv_reqs = self.recv_requests()"),
        ("managers/scheduler.py", 1031, "recv_requests", "recv_reqs = broadcast_pyobj("),
        ("utils.py", 1126, "broadcast_pyobj", "dist.broadcast(tensor_size, src=src, group=dist_group)"),
        ("+torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
        ("+torch/distributed/distributed_c10d.py", 2772, "broadcast", "work.wait()"),
    )
    return join(
        sargs(
            f"{d} 08:00:31",
            R1,
            trust_remote_code=True,
            host="0.0.0.0",
            port=30000,
            mem_fraction_static=0.79,
            tp_size=16,
            dist_init_addr="10.20.1.11:20000",
            nnodes=2,
            node_rank=0,
        ),
        uvicorn_up(f"{d} 08:04:12"),
        at(f"{d} 08:04:16", "", "The server is fired up and ready to roll!"),
        at(
            f"{d} 14:31:07",
            "TP0",
            "Decode batch. #running-req: 37, #token: 81554, token usage: 0.16, cuda graph: True, gen throughput (token/s): 688.12, #queue-req: 0, timestamp: 2025-07-21T14:31:07.284113",
        ),
        f"[{d} 14:31:12 TP0] Scheduler hit an exception: {TB}",
        tb(PY310, *stack),
        "RuntimeError: [/pytorch/third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection closed by peer [10.20.1.12]:26714",
        "",
        at(f"{d} 14:31:12", "", SIGQUIT),
    )


case(
    "v049_r1_h20x16_gloo_connection_closed_after_node1_died",
    "0.4.9.post2",
    "sglang-0.4.9.post2 scheduler.py:788/1031 (recv_requests -> broadcast_pyobj over the CPU group), utils.py:1100-1125; torch 2.7 gloo tcp/pair.cc",
    "nccl_or_distributed",
    "six hours after ready, node 1 goes away; TP0's gloo broadcast of new requests to the other node's ranks fails",
    _gloo_peer_closed(),
)


# ================================================================================================ 0.5.2 (Sep 2025)
def _context_too_long() -> str:
    d = "2025-09-16"
    msg = (
        "Warning: User-specified context_length (262144) is greater than the derived context_length (163840). This may lead to incorrect model outputs "
        "or CUDA errors. Note that the derived context_length may differ from max_position_embeddings in the model's config. To allow overriding this "
        "maximum, set the env var SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN=1"
    )
    stack = (
        ("managers/scheduler.py", 2587, "run_scheduler_process", "scheduler = Scheduler("),
        ("managers/scheduler.py", 258, "__init__", "self.model_config = ModelConfig.from_server_args(server_args)"),
        ("configs/model_config.py", 314, "from_server_args", "return ModelConfig("),
        ("configs/model_config.py", 192, "__init__", "raise ValueError("),
    )
    return join(
        sargs(
            f"{d} 06:12:44",
            R1,
            trust_remote_code=True,
            host="0.0.0.0",
            port=30000,
            context_length=262144,
            mem_fraction_static=0.791,
            tp_size=16,
            dist_init_addr="10.20.1.11:20000",
            nnodes=2,
            node_rank=0,
        ),
        f"[{d} 06:12:53 TP0] Scheduler hit an exception: {TB}",
        tb(PY312, *stack),
        f"ValueError: {msg}",
        "",
        at(f"{d} 06:12:53", "", SIGQUIT),
    )


case(
    "v052_r1_h20x16_context_length_beyond_derived",
    "0.5.2",
    "sglang-0.5.2 configs/model_config.py:179-194",
    "config_error",
    "--context-length 262144 on DeepSeek-R1 (163840) without the override env var",
    _context_too_long(),
)


def _nccl_remote_error_after_ready() -> str:
    d = "2025-09-22"
    return join(
        sargs(
            f"{d} 01:10:02",
            R1,
            trust_remote_code=True,
            host="0.0.0.0",
            port=30000,
            mem_fraction_static=0.791,
            tp_size=16,
            dist_init_addr="10.20.1.11:20000",
            nnodes=2,
            node_rank=0,
        ),
        uvicorn_up(f"{d} 01:14:40"),
        at(f"{d} 01:14:44", "", "The server is fired up and ready to roll!"),
        at(
            f"{d} 09:47:31",
            "TP0",
            "Decode batch. #running-req: 96, #token: 203718, token usage: 0.33, cuda graph: True, gen throughput (token/s): 1402.55, #queue-req: 0, ",
        ),
        "h20-node-01:4211:5120 [3] transport/net_ib.cc:1701 NCCL WARN NET/IB : Got completion from peer 10.20.1.12<45821> with status=IBV_WC_RETRY_EXC_ERR(12) opcode=IBV_WC_SEND(0) reqSize=0 vendor_err=129 req_type=Send localGid ::ffff:10.20.1.11 remoteGids ::ffff:10.20.1.12 hca mlx5_bond_3",
        "h20-node-01:4211:5120 [3] NCCL INFO transport/net.cc:1298 -> 6",
        "[rank3]:[E922 09:47:52.118262905 ProcessGroupNCCL.cpp:2068] [PG ID 2 PG GUID 3(tp) Rank 3] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.27.3",
        "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
        "Last error:",
        "NET/IB : Got completion from peer 10.20.1.12<45821> with status=IBV_WC_RETRY_EXC_ERR(12) opcode=IBV_WC_SEND(0) reqSize=0 vendor_err=129 req_type=Send localGid ::ffff:10.20.1.11 remoteGids ::ffff:10.20.1.12 hca mlx5_bond_3",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        "  what():  [PG ID 2 PG GUID 3(tp) Rank 3] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.27.3",
        "Fatal Python error: Aborted",
        "",
        "Thread 0x00007f2ab6ffd640 (most recent call first):",
        f'  File "{SGW}/managers/scheduler.py", line 2613 in run_scheduler_process',
    )


case(
    "v052_r1_h20x16_ib_retry_exceeded_nccl_watchdog_after_ready",
    "0.5.2",
    "torch 2.8 ProcessGroupNCCL watchdog text, NCCL 2.27 net_ib WARN (IBV_WC_RETRY_EXC_ERR); sgl-project/sglang#3424, #4017 (TP16 crashes under load across nodes)",
    "nccl_or_distributed",
    "hours after ready the IB path between the two H20 nodes fails; the NCCL watchdog aborts the scheduler",
    _nccl_remote_error_after_ready(),
)


def _gloo_ifname() -> str:
    d = "2025-09-10"
    stack = S052[:-1] + (
        ("model_executor/model_runner.py", 240, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
        ("model_executor/model_runner.py", 646, "init_torch_distributed", "init_distributed_environment("),
        (
            "distributed/parallel_state.py",
            1374,
            "init_distributed_environment",
            "_WORLD = init_world_group(ranks, local_rank, backend)",
        ),
        ("distributed/parallel_state.py", 1195, "init_world_group", "return GroupCoordinator("),
        (
            "distributed/parallel_state.py",
            251,
            "__init__",
            'cpu_group = torch.distributed.new_group(ranks, backend="gloo")',
        ),
        ("+torch/distributed/c10d_logger.py", 95, "wrapper", "func_return = func(*args, **kwargs)"),
        ("+torch/distributed/distributed_c10d.py", 5075, "new_group", "return _new_group_with_tag("),
        (
            "+torch/distributed/distributed_c10d.py",
            5165,
            "_new_group_with_tag",
            "pg, pg_store = _new_process_group_helper(",
        ),
        (
            "+torch/distributed/distributed_c10d.py",
            1954,
            "_new_process_group_helper",
            "backend_class = ProcessGroupGloo(",
        ),
    )
    return join(
        sargs(
            f"{d} 19:20:15",
            V3,
            trust_remote_code=True,
            host="0.0.0.0",
            port=30000,
            mem_fraction_static=0.766,
            tp_size=16,
            dist_init_addr="10.30.2.11:20000",
            nnodes=2,
            node_rank=0,
        ),
        at(f"{d} 19:20:24", "TP0", "Init torch distributed begin."),
        f"[{d} 19:20:26 TP0] Scheduler hit an exception: {TB}",
        tb(PY312, *stack),
        "RuntimeError: [enforce fail at /pytorch/third_party/gloo/gloo/transport/tcp/device.cc:84] ifa != nullptr. Unable to find address for: bond1",
        "",
        at(f"{d} 19:20:26", "", SIGQUIT),
    )


case(
    "v052_v3_h800x16_gloo_socket_ifname_not_found",
    "0.5.2",
    "sglang-0.5.2 parallel_state.py (GroupCoordinator's gloo cpu_group); torch 2.8 gloo tcp/device.cc; sgl-project/sglang#4766, #2658 (GLOO_SOCKET_IFNAME for multi-node)",
    "nccl_or_distributed",
    "GLOO_SOCKET_IFNAME names an interface this H800 node does not have; the gloo group cannot be created",
    _gloo_ifname(),
)


def _node1_healthy() -> str:
    d = "2025-09-18"
    ranks = ["TP8", "TP9", "TP15"]
    moe = f"{SGW}/layers/moe/fused_moe_triton/configs"
    name = "E=257,N=128,device_name=NVIDIA_H20,dtype=fp8_w8a8,block_shape=[128, 128].json"
    return join(
        sargs(
            f"{d} 04:00:21",
            R1,
            trust_remote_code=True,
            host="0.0.0.0",
            port=30000,
            mem_fraction_static=0.791,
            tp_size=16,
            dist_init_addr="10.20.1.11:20000",
            nnodes=2,
            node_rank=1,
        ),
        [at(f"{d} 04:00:30", r, "Init torch distributed begin.") for r in ranks],
        [
            at(f"{d} 04:00:41", r, "Custom allreduce is disabled because this process group spans across nodes.")
            for r in ranks
        ],
        at(f"{d} 04:00:41", "TP8", "Init torch distributed ends. mem usage=1.21 GB"),
        at(f"{d} 04:00:41", "TP8", "Load weight begin. avail mem=93.05 GB"),
        at(
            f"{d} 04:02:58",
            "TP8",
            "Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=52.63 GB, mem usage=40.42 GB.",
        ),
        at(f"{d} 04:02:59", "TP8", "KV Cache is allocated. #tokens: 501312, KV size: 32.83 GB"),
        at(f"{d} 04:02:59", "TP8", "Memory pool end. avail mem=19.61 GB"),
        at(f"{d} 04:03:00", "TP8", "Capture cuda graph begin. This can take up to several minutes. avail mem=19.56 GB"),
        at(
            f"{d} 04:03:02",
            "TP8",
            f"Config file not found at {moe}/triton_3_4_0/{name}. Fallback to triton version 3.3.1 and use MoE kernel config from {moe}/triton_3_3_1/{name}. Performance might be sub-optimal!",
        ),
        at(
            f"{d} 04:03:02",
            "TP12",
            f"Config file not found at {moe}/triton_3_4_0/{name}. Fallback to triton version 3.3.1 and use MoE kernel config from {moe}/triton_3_3_1/{name}. Performance might be sub-optimal!",
        ),
        at(
            f"{d} 04:03:58",
            "TP8",
            "Capture cuda graph end. Time elapsed: 58.31 s. mem usage=1.88 GB. avail mem=17.68 GB.",
        ),
        at(f"{d} 04:04:00", "", "Starting dummy health check server at 0.0.0.0:30000"),
    )


case(
    "v052_r1_h20x16_node1_dummy_health_server_healthy",
    "0.5.2",
    "sglang-0.5.2 engine.py:805-826 (non-zero node ranks wait for their schedulers, then launch_dummy_health_check_server), utils.py:2072-2112, fused_moe_triton_config.py (triton version fallback); triton_3_3_1/E=257,N=128,device_name=NVIDIA_H20 in the wheel",
    "healthy",
    "node rank 1 of a TP16 pair: its schedulers are ready and it serves the dummy /health; the fallback config is a warning",
    _node1_healthy(),
)


def _dp_deepep_healthy() -> str:
    d = "2025-09-25"
    dg = "DeepGEMM warmup: 100%|██████████| 16384/16384 [00:14<00:00, 1141.44it/s]"
    return join(
        sargs(
            f"{d} 12:30:08",
            R1,
            trust_remote_code=True,
            host="0.0.0.0",
            port=30000,
            mem_fraction_static=0.749,
            tp_size=16,
            dp_size=16,
            enable_dp_attention=True,
            moe_a2a_backend="deepep",
            deepep_mode="auto",
            ep_size=16,
            cuda_graph_max_bs=64,
            dist_init_addr="10.20.1.11:20000",
            nnodes=2,
            node_rank=0,
        ),
        "[2025-09-25 12:30:08] DeepEP MoE is enabled. The expert parallel size is adjusted to be the same as the tensor parallel size[16].",
        at(
            f"{d} 12:33:01",
            "DP0 TP0 EP0",
            "Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=41.07 GB, mem usage=51.96 GB.",
        ),
        at(f"{d} 12:33:02", "DP0 TP0 EP0", "KV Cache is allocated. #tokens: 238912, KV size: 15.64 GB"),
        at(f"{d} 12:33:02", "DP0 TP0 EP0", "Memory pool end. avail mem=24.88 GB"),
        at(
            f"{d} 12:33:03",
            "DP0 TP0 EP0",
            "Capture cuda graph begin. This can take up to several minutes. avail mem=24.80 GB",
        ),
        "WARN: cudaHostRegister with IoMemory failed with error=800. We may need to use a fallback path.",
        "WARN: ibgda_nic_mem_gpu_map failed. We may need to use the CPU fallback path.",
        "WARN: ibgda_alloc_and_map_qp_uar with GPU as handler failed. We may need to enter the CPU fallback path.",
        at(
            f"{d} 12:33:09",
            "DP0 TP0 EP0",
            "Entering DeepGEMM JIT Pre-Compile session. It may take a long time (typically 10-20 mins) if you have not run `sglang.compile_deep_gemm`. It is recommended to run `sglang.compile_deep_gemm` with same args as `sglang.launch_server` for pre-compilation to reduce the overhead if you have not run it before. For example: `python3 -m sglang.compile_deep_gemm --model deepseek-ai/DeepSeek-V3 --tp 8 --trust-remote-code`",
        ),
        at(
            f"{d} 12:33:09",
            "DP0 TP0 EP0",
            "Try DeepGEMM JIT Compiling for <GROUPED_GEMM_NT_F8F8BF16_MASKED> N=4096, K=7168, num_groups=16 with all Ms. It only takes a little time (typically 1 sec) if you have run `python3 -m sglang.compile_deep_gemm`. ",
        ),
        dg,
        at(
            f"{d} 12:36:40",
            "DP0 TP0 EP0",
            "Capture cuda graph end. Time elapsed: 217.55 s. mem usage=3.02 GB. avail mem=21.78 GB.",
        ),
        at(
            f"{d} 12:36:42",
            "DP0 TP0 EP0",
            "max_total_num_tokens=238912, chunked_prefill_size=4096, max_prefill_tokens=16384, max_running_requests=1024, context_len=163840, available_gpu_mem=21.78 GB",
        ),
        uvicorn_up(f"{d} 12:36:43"),
        f'[{d} 12:36:44] INFO:     127.0.0.1:33790 - "GET /get_model_info HTTP/1.1" 200 OK',
        at(
            f"{d} 12:36:45",
            "DP0 TP0 EP0",
            "Try DeepGEMM JIT Compiling for <GROUPED_GEMM_NT_F8F8BF16_CONTIG> N=4096, K=7168, num_groups=16 with all Ms. It only takes a little time (typically 1 sec) if you have run `python3 -m sglang.compile_deep_gemm`. ",
        ),
        dg,
        f'[{d} 12:37:12] INFO:     127.0.0.1:33802 - "POST /generate HTTP/1.1" 200 OK',
        at(f"{d} 12:37:12", "", "The server is fired up and ready to roll!"),
        at(
            f"{d} 13:20:51",
            "DP3 TP3 EP3",
            "Decode batch. #running-req: 64, #token: 236480, token usage: 0.99, cuda graph: True, gen throughput (token/s): 402.19, #queue-req: 57, ",
        ),
        at(
            f"{d} 13:20:52",
            "DP3 TP3 EP3",
            "KV cache pool is full. Retract requests. #retracted_reqs: 4, #new_token_ratio: 0.6012 -> 0.9123",
        ),
        at(
            f"{d} 13:20:58",
            "DP3 TP3 EP3",
            "Decode batch. #running-req: 60, #token: 221312, token usage: 0.93, cuda graph: True, gen throughput (token/s): 388.60, #queue-req: 61, ",
        ),
    )


case(
    "v052_r1_h20x16_dp_attention_deepep_jit_and_retract_healthy",
    "0.5.2",
    "sglang-0.5.2 server_args.py:670-677, deep_gemm_wrapper/compile_utils.py:93-109, scheduler.py:1778 (KV cache pool is full. Retract requests.); sgl-project/sglang#6017 (NVSHMEM fallback WARN lines), #28893 (DeepGEMM warmup on H20)",
    "healthy",
    "DP attention + DeepEP on 2x8 H20: NVSHMEM fallback warnings, DeepGEMM JIT warmup, ready, then retraction at token usage 0.99",
    _dp_deepep_healthy(),
)


def _deepgemm_warmup_oom() -> str:
    d = "2025-09-26"
    stack = (
        ("managers/tp_worker_overlap_thread.py", 141, "forward_thread_func", "self.forward_thread_func_()"),
        ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
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
        ("models/deepseek_v2.py", 2444, "forward", "hidden_states = self.model("),
        ("models/deepseek_v2.py", 2308, "forward", "hidden_states, residual = layer("),
        ("models/deepseek_v2.py", 2069, "forward", "hidden_states = self.mlp("),
        ("models/deepseek_v2.py", 506, "forward", "return self.forward_deepep(hidden_states, forward_batch)"),
        ("models/deepseek_v2.py", 667, "forward_deepep", "final_hidden_states = self.experts("),
        ("layers/moe/ep_moe/layer.py", 425, "forward", "hidden_states = self.moe_impl(dispatch_output)"),
        ("layers/moe/ep_moe/layer.py", 460, "moe_impl", "return self.forward_deepgemm_contiguous(dispatch_output)"),
        (
            "layers/moe/ep_moe/layer.py",
            595,
            "forward_deepgemm_contiguous",
            "deep_gemm_wrapper.grouped_gemm_nt_f8f8bf16_contig(",
        ),
        (
            "layers/quantization/deep_gemm_wrapper/entrypoint.py",
            65,
            "grouped_gemm_nt_f8f8bf16_contig",
            "with compile_utils.deep_gemm_execution_hook(m, n, k, num_groups, kernel_type):",
        ),
        ("/usr/lib/python3.12/contextlib.py", 137, "__enter__", "return next(self.gen)"),
        (
            "layers/quantization/deep_gemm_wrapper/compile_utils.py",
            240,
            "deep_gemm_execution_hook",
            "_maybe_compile_deep_gemm_one_type_all(kernel_type, n, k, num_groups)",
        ),
        (
            "layers/quantization/deep_gemm_wrapper/compile_utils.py",
            110,
            "_maybe_compile_deep_gemm_one_type_all",
            "_compile_deep_gemm_one_type_all(",
        ),
        (
            "layers/quantization/deep_gemm_wrapper/compile_utils.py",
            131,
            "_compile_deep_gemm_one_type_all",
            "executor = _BaseWarmupExecutor.create(",
        ),
        ("layers/quantization/deep_gemm_wrapper/compile_utils.py", 155, "create", "}[kernel_type](**kwargs)"),
        (
            "layers/quantization/deep_gemm_wrapper/compile_utils.py",
            202,
            "__init__",
            "self.lhs_q, self.lhs_s = _empty_token_fp8((max_m, k))",
        ),
        (
            "layers/quantization/deep_gemm_wrapper/compile_utils.py",
            164,
            "_empty_token_fp8",
            'torch.empty(size, device="cuda", dtype=torch.float8_e4m3fn),',
        ),
    )
    return join(
        sargs(
            f"{d} 07:40:19",
            R1,
            trust_remote_code=True,
            host="0.0.0.0",
            port=30000,
            mem_fraction_static=0.86,
            tp_size=16,
            dp_size=16,
            enable_dp_attention=True,
            moe_a2a_backend="deepep",
            deepep_mode="auto",
            ep_size=16,
            dist_init_addr="10.20.1.11:20000",
            nnodes=2,
            node_rank=0,
        ),
        at(
            f"{d} 07:43:12",
            "DP0 TP0 EP0",
            "Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=41.05 GB, mem usage=51.98 GB.",
        ),
        at(f"{d} 07:43:13", "DP0 TP0 EP0", "KV Cache is allocated. #tokens: 391296, KV size: 25.63 GB"),
        at(f"{d} 07:43:13", "DP0 TP0 EP0", "Memory pool end. avail mem=14.79 GB"),
        at(
            f"{d} 07:46:31",
            "DP0 TP0 EP0",
            "Capture cuda graph end. Time elapsed: 197.80 s. mem usage=3.15 GB. avail mem=11.64 GB.",
        ),
        at(
            f"{d} 07:46:33",
            "DP0 TP0 EP0",
            "max_total_num_tokens=391296, chunked_prefill_size=4096, max_prefill_tokens=16384, max_running_requests=1024, context_len=163840, available_gpu_mem=11.64 GB",
        ),
        uvicorn_up(f"{d} 07:46:34"),
        f'[{d} 07:46:35] INFO:     127.0.0.1:49562 - "GET /get_model_info HTTP/1.1" 200 OK',
        at(
            f"{d} 07:46:36",
            "DP0 TP0 EP0",
            "Prefill batch. #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        ),
        at(
            f"{d} 07:46:36",
            "DP0 TP0 EP0",
            "Try DeepGEMM JIT Compiling for <GROUPED_GEMM_NT_F8F8BF16_CONTIG> N=4096, K=7168, num_groups=16 with all Ms. It only takes a little time (typically 1 sec) if you have run `python3 -m sglang.compile_deep_gemm`. ",
        ),
        f"[{d} 07:46:37 DP0 TP0 EP0] TpModelWorkerClient hit an exception: {TB}",
        tb(PY312, *stack),
        "torch.OutOfMemoryError: "
        + torch_oom(
            "448.00 MiB", 0, "95.00 GiB", "187.31 MiB", "94.80 GiB", "88.92 GiB", "742.54 MiB", private="2.97 GiB"
        ),
        "",
        at(f"{d} 07:46:37", "", SIGQUIT),
    )


case(
    "v052_r1_h20x16_deepgemm_warmup_buffer_oom_at_warmup",
    "0.5.2",
    "sglang-0.5.2 deep_gemm_wrapper/compile_utils.py:110-205 (_GroupedContWarmupExecutor buffers), ep_moe/layer.py:595, tp_worker_overlap_thread.py:141-145 (TpModelWorkerClient hit an exception)",
    "oom_moe_workspace",
    "the first prefill (the warmup request, before ready) JIT-warms DeepGEMM's grouped GEMM and its warmup buffers do not fit",
    _deepgemm_warmup_oom(),
)


def _req_to_token_pool_oom() -> str:
    d = "2025-09-19"
    stack = S052 + (
        ("model_executor/model_runner.py", 378, "initialize", "self.init_memory_pool("),
        ("model_executor/model_runner.py", 1365, "init_memory_pool", "self.req_to_token_pool = ReqToTokenPool("),
        ("mem_cache/memory_pool.py", 74, "__init__", "self.req_to_token = torch.zeros("),
    )
    return join(
        sargs(
            f"{d} 22:07:33",
            R1,
            trust_remote_code=True,
            host="0.0.0.0",
            port=30000,
            mem_fraction_static=0.9,
            max_running_requests=16384,
            tp_size=16,
            dist_init_addr="10.20.1.11:20000",
            nnodes=2,
            node_rank=0,
        ),
        at(f"{d} 22:07:53", "TP0", "Load weight begin. avail mem=93.04 GB"),
        at(
            f"{d} 22:10:10",
            "TP0",
            "Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=52.62 GB, mem usage=40.42 GB.",
        ),
        f"[{d} 22:10:11 TP4] Scheduler hit an exception: {TB}",
        tb(PY312, *stack),
        "torch.OutOfMemoryError: "
        + torch_oom("10.00 GiB", 4, "95.00 GiB", "9.37 GiB", "85.57 GiB", "84.11 GiB", "26.62 MiB"),
        "",
        at(f"{d} 22:10:11", "", SIGQUIT),
    )


case(
    "v052_r1_h20x16_req_to_token_pool_alloc_oom",
    "0.5.2",
    "sglang-0.5.2 model_runner.py init_memory_pool (ReqToTokenPool(size=max_num_reqs + 1, max_context_len=context_len + 4)), memory_pool.py:74",
    "oom_kv_cache",
    "start-up OOM allocating the request-to-token pool (16384 requests x 163844 int32 = 10 GiB) with the KV pool",
    _req_to_token_pool_oom(),
)


def _long_prefill_oom_serving() -> str:
    d = "2025-09-29"
    stack = (
        ("managers/tp_worker_overlap_thread.py", 141, "forward_thread_func", "self.forward_thread_func_()"),
        ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
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
        ("models/deepseek_v2.py", 2444, "forward", "hidden_states = self.model("),
        ("models/deepseek_v2.py", 2308, "forward", "hidden_states, residual = layer("),
        ("models/deepseek_v2.py", 2044, "forward", "hidden_states = self.self_attn("),
        ("models/deepseek_v2.py", 1164, "forward", "return self.forward_core(s)"),
        ("models/deepseek_v2.py", 1226, "forward_core", "return self.forward_normal_chunked_kv_core(*inner_state)"),
        (
            "models/deepseek_v2.py",
            1908,
            "forward_normal_chunked_kv_core",
            "attn_output = self._chunked_prefix_attn_mha(",
        ),
        ("models/deepseek_v2.py", 1846, "_chunked_prefix_attn_mha", "kv = self.kv_b_proj(kv_a_normed)[0]"),
    )
    return join(
        sargs(
            f"{d} 05:01:22",
            R1,
            trust_remote_code=True,
            host="0.0.0.0",
            port=30000,
            mem_fraction_static=0.88,
            chunked_prefill_size=16384,
            tp_size=16,
            attention_backend="fa3",
            dist_init_addr="10.20.1.11:20000",
            nnodes=2,
            node_rank=0,
        ),
        uvicorn_up(f"{d} 05:05:40"),
        at(f"{d} 05:05:43", "", "The server is fired up and ready to roll!"),
        at(
            f"{d} 11:17:04",
            "TP0",
            "Prefill batch. #new-seq: 1, #new-token: 16384, #cached-token: 98304, token usage: 0.63, #running-req: 22, #queue-req: 1, ",
        ),
        f"[{d} 11:17:05 TP0] TpModelWorkerClient hit an exception: {TB}",
        tb(PY312, *stack),
        "torch.OutOfMemoryError: "
        + torch_oom("3.00 GiB", 0, "95.00 GiB", "2.41 GiB", "92.58 GiB", "85.70 GiB", "1.11 GiB", private="3.02 GiB"),
        "",
        at(f"{d} 11:17:05", "", SIGQUIT),
    )


case(
    "v052_r1_h20x16_long_context_chunked_prefix_oom_while_serving",
    "0.5.2",
    "sglang-0.5.2 deepseek_v2.py forward_normal_chunked_kv_core/_chunked_prefix_attn_mha (fa3 MLA prefill over a 98k cached prefix), tp_worker_overlap_thread.py:141-145",
    "oom_runtime",
    "six hours after ready, a 114k-token request's chunked-prefix MHA needs 3 GiB the GPU no longer has",
    _long_prefill_oom_serving(),
)


def _bf16_h20_3e_weights_oom() -> str:
    d = "2025-09-12"
    stack = S052 + (
        ("model_executor/model_runner.py", 296, "initialize", "self.load_model()"),
        ("model_executor/model_runner.py", 735, "load_model", "self.model = get_model("),
        ("model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
        ("model_loader/loader.py", 477, "load_model", "model = _initialize_model("),
        ("model_loader/loader.py", 219, "_initialize_model", "return model_class("),
        ("models/deepseek_v2.py", 2375, "__init__", "self.model = DeepseekV2Model("),
        ("models/deepseek_v2.py", 2183, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
        ("utils.py", 499, "make_layers", "layer_fn(idx=idx, prefix=add_prefix(idx, prefix))"),
        ("models/deepseek_v2.py", 2185, "<lambda>", "lambda idx, prefix: DeepseekV2DecoderLayer("),
        ("models/deepseek_v2.py", 1972, "__init__", "self.mlp = DeepseekV2MoE("),
        ("models/deepseek_v2.py", 362, "__init__", "self.experts = get_moe_impl_class(quant_config)("),
        ("layers/moe/fused_moe_triton/layer.py", 234, "__init__", "self.quant_method.create_weights("),
        ("layers/quantization/unquant.py", 173, "create_weights", "w13_weight = torch.nn.Parameter("),
        ("+torch/utils/_device.py", 104, "__torch_function__", "return func(*args, **kwargs)"),
    )
    return join(
        sargs(
            f"{d} 16:22:04",
            "/models/DeepSeek-V3-bf16",
            trust_remote_code=True,
            dtype="bfloat16",
            host="0.0.0.0",
            port=30000,
            mem_fraction_static=0.833,
            tp_size=8,
        ),
        at(f"{d} 16:22:22", "TP0", "Init torch distributed ends. mem usage=0.98 GB"),
        at(f"{d} 16:22:22", "TP0", "Load weight begin. avail mem=138.22 GB"),
        f"[{d} 16:22:59 TP2] Scheduler hit an exception: {TB}",
        tb(PY312, *stack),
        "torch.OutOfMemoryError: "
        + torch_oom("1.75 GiB", 2, "139.81 GiB", "1.05 GiB", "138.75 GiB", "138.10 GiB", "31.88 MiB"),
        "",
        at(f"{d} 16:22:59", "", SIGQUIT),
    )


case(
    "v052_v3_bf16_h20_3e_x8_weights_oom",
    "0.5.2",
    "sglang-0.5.2 loader.py:477/219, deepseek_v2.py:362, unquant.py:173 (create_weights); sgl-project/sglang#2658 (DeepSeek-V3 bf16 needs four 8x80 GB nodes)",
    "oom_weights",
    "the BF16 conversion of the 671B model (~1.3 TB) cannot be built on 8x141 GB: parameter allocation fails during weight loading",
    _bf16_h20_3e_weights_oom(),
)


# ================================================================================================ 0.5.5 (Nov 2025)
def _illegal_access_first_request() -> str:
    d = "2025-11-17"
    stack = (
        ("managers/scheduler.py", 2826, "run_scheduler_process", "scheduler.event_loop_overlap()"),
        ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
        ("managers/scheduler.py", 990, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
        ("managers/scheduler.py", 1987, "run_batch", "batch_result = self.model_worker.forward_batch_generation("),
        (
            "managers/tp_worker.py",
            371,
            "forward_batch_generation",
            "logits_output, can_run_cuda_graph = self.model_runner.forward(",
        ),
        ("model_executor/model_runner.py", 2147, "forward", "output = self._forward_raw("),
        ("model_executor/model_runner.py", 2204, "_forward_raw", "ret = self.forward_extend("),
        ("model_executor/model_runner.py", 2092, "forward_extend", "return self.model.forward("),
        ("models/deepseek_v2.py", 3101, "forward", "hidden_states = self.model("),
        ("models/deepseek_v2.py", 2958, "forward", "hidden_states, residual = layer("),
        ("models/deepseek_v2.py", 2684, "forward", "hidden_states = self.self_attn("),
        ("models/deepseek_v2.py", 1397, "forward", "return self.forward_core(s)"),
        ("models/deepseek_v2.py", 1486, "forward_core", "return self.forward_normal_chunked_kv_core(*inner_state)"),
        (
            "models/deepseek_v2.py",
            2428,
            "forward_normal_chunked_kv_core",
            "attn_output = self.attn_mha(q, k, v, forward_batch, save_kv_cache=False)",
        ),
        ("layers/radix_attention.py", 119, "forward", "return forward_batch.attn_backend.forward("),
        ("layers/attention/base_attn_backend.py", 101, "forward", "return self.forward_extend("),
        ("layers/attention/flashattention_backend.py", 869, "forward_extend", "output = flash_attn_varlen_func("),
        (
            "+sgl_kernel/flash_attn.py",
            375,
            "flash_attn_varlen_func",
            "out, softmax_lse, *rest = torch.ops.sgl_kernel.fwd.default(",
        ),
        ("+torch/_ops.py", 841, "__call__", "return self._op(*args, **kwargs)"),
    )
    inner = join(
        sargs(
            f"{d} 10:12:31",
            "/data",
            trust_remote_code=True,
            quantization="fp8",
            host="0.0.0.0",
            port=8888,
            mem_fraction_static=0.8,
            tp_size=16,
            tool_call_parser="deepseekv31",
            dist_init_addr="sglang-ds31-0.sglang-ds31:20000",
            nnodes=2,
            node_rank=0,
        ),
        uvicorn_up(f"{d} 10:20:48", port=8888),
        f'[{d} 10:20:49] INFO:     127.0.0.1:43112 - "GET /get_model_info HTTP/1.1" 200 OK',
        f'[{d} 10:20:52] INFO:     127.0.0.1:43124 - "POST /generate HTTP/1.1" 200 OK',
        at(f"{d} 10:20:52", "", "The server is fired up and ready to roll!"),
        at(
            f"{d} 10:21:04",
            "TP0",
            "Prefill batch. #new-seq: 1, #new-token: 1562, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        ),
        f"[{d} 10:21:05 TP3] Scheduler hit an exception: {TB}",
        tb(PY312, *stack),
        "torch.AcceleratorError: CUDA error: an illegal memory access was encountered",
        "Search for `cudaErrorIllegalAddress' in https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html for more information.",
        CUDA_TAIL,
        at(f"{d} 10:21:05", "", "SIGQUIT received. signum=None, frame=None. It usually means one child failed."),
    )
    return cri("2025-11-17T10:21:05", inner)


case(
    "v055_v31_h20x16_lws_illegal_memory_access_first_request",
    "0.5.5",
    "sgl-project/sglang#13392 (DeepSeek 3.1 on H20 TP16 with LWS; started fine, crashes on the first request with 0.5.4/0.5.5); sglang-0.5.5 scheduler.py/tp_worker.py/flashattention_backend.py call path; tokenizer_manager SIGQUIT text; Kubernetes CRI log wrapping",
    "cuda_error_other",
    "ready, then the first real prefill hits an illegal memory access in the fa3 MLA prefill kernel on rank 3",
    _illegal_access_first_request(),
)


def _capture_oom_055() -> str:
    d = "2025-11-24"
    stack = S055 + (
        ("model_executor/model_runner.py", 479, "initialize", "self.init_device_graphs()"),
        (
            "model_executor/model_runner.py",
            1995,
            "init_device_graphs",
            "self.graph_runner = graph_runners[self.device](self)",
        ),
        ("model_executor/cuda_graph_runner.py", 383, "__init__", "raise Exception("),
    )
    return join(
        sargs(
            f"{d} 02:14:41",
            R1,
            trust_remote_code=True,
            host="0.0.0.0",
            port=30000,
            mem_fraction_static=0.92,
            cuda_graph_max_bs=512,
            attention_backend="fa3",
            tp_size=16,
            dist_init_addr="10.20.1.11:20000",
            nnodes=2,
            node_rank=0,
        ),
        at(f"{d} 02:15:01", "TP0", "Load weight begin. avail mem=93.02 GB"),
        at(
            f"{d} 02:17:17",
            "TP0",
            "Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=52.60 GB, mem usage=40.42 GB.",
        ),
        at(f"{d} 02:17:18", "TP0", "KV Cache is allocated. #tokens: 692736, KV size: 45.36 GB"),
        at(f"{d} 02:17:18", "TP0", "Memory pool end. avail mem=6.71 GB"),
        at(f"{d} 02:17:19", "TP0", "Capture cuda graph begin. This can take up to several minutes. avail mem=6.66 GB"),
        at(
            f"{d} 02:17:19",
            "TP0",
            "Capture cuda graph bs [1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160, 168, 176, 184, 192, 200, 208, 216, 224, 232, 240, 248, 256, 272, 288, 304, 320, 336, 352, 368, 384, 400, 416, 432, 448, 464, 480, 496, 512]",
        ),
        "Capturing batches (bs=512 avail_mem=6.62 GB):   0%|          | 0/52 [00:00<?, ?it/s]",
        "Capturing batches (bs=496 avail_mem=2.14 GB):   4%|▍         | 2/52 [00:03<01:20,  1.61s/it]",
        f"[{d} 02:17:24 TP0] Scheduler hit an exception: {TB}",
        tb(PY312, *stack),
        "Exception: Capture cuda graph failed: "
        + torch_oom("1.02 GiB", 0, "95.00 GiB", "604.00 MiB", "94.40 GiB", "89.96 GiB", "1.86 GiB", private="4.18 GiB"),
        CAPTURE_MSG_046,
        "",
        at(f"{d} 02:17:24", "", SIGQUIT),
    )


case(
    "v055_r1_h20x16_capture_oom_mem_fraction_092",
    "0.5.5",
    "sglang-0.5.5 cuda_graph_runner.py:383 + CUDA_GRAPH_CAPTURE_FAILED_MSG (902-909), model_runner.py:1995; sgl-project/sglang#16143 (fa3 decode graph memory on DeepSeek)",
    "oom_cuda_graph",
    "--mem-fraction-static 0.92 leaves 6.7 GB after the pool; capturing 512-wide decode graphs on the H20 runs out",
    _capture_oom_055(),
)


def _dp_port_busy() -> str:
    d = "2025-11-20"
    occupant = "dist_init_port is used by a process already. process.name()='sglang::schedu'' process.cmdline()=['sglang::scheduler_DP0_TP0_EP0'] process.status()='sleeping' pid=28133"
    inner = (
        ("entrypoints/engine.py", 781, "_launch_subprocesses", "port_args = PortArgs.init_new(server_args)"),
        ("server_args.py", 4115, "init_new", 'wait_port_available(dist_init_port, "dist_init_port")'),
        ("utils/common.py", 698, "wait_port_available", "raise ValueError("),
    )
    outer = (
        ("<frozen runpy>", 198, "_run_module_as_main", ""),
        ("<frozen runpy>", 88, "_run_code", ""),
        (f"{SGW[:-4]}/launch_server.py", 27, "<module>", "run_server(server_args)"),
        (f"{SGW[:-4]}/launch_server.py", 20, "run_server", "launch_server(server_args)"),
        ("entrypoints/http_server.py", 1358, "launch_server", "_launch_subprocesses(server_args=server_args)"),
    ) + inner
    err = f"ValueError: dist_init_port at 20000 is not available in 30 seconds. {occupant}"
    return join(
        sargs(
            f"{d} 09:00:28",
            R1,
            trust_remote_code=True,
            host="0.0.0.0",
            port=30000,
            mem_fraction_static=0.75,
            tp_size=16,
            dp_size=16,
            enable_dp_attention=True,
            moe_a2a_backend="deepep",
            dist_init_addr="10.20.1.11:20000",
            nnodes=2,
            node_rank=0,
        ),
        at(
            f"{d} 09:00:30",
            "",
            f"port 20000 is in use. Waiting for 15 seconds for dist_init_port to be available. {occupant}",
        ),
        at(
            f"{d} 09:00:30",
            "",
            f"port 20000 is in use. Waiting for 20 seconds for dist_init_port to be available. {occupant}",
        ),
        at(
            f"{d} 09:00:31",
            "",
            f"port 20000 is in use. Waiting for 25 seconds for dist_init_port to be available. {occupant}",
        ),
        at(
            f"{d} 09:00:31",
            "",
            "Port is already in use. dist_init_port=20000 port_base=20001 detokenizer_port=20002 nccl_port=31172 scheduler_input_port=20005",
        ),
        TB,
        tb(PY312, *inner),
        err,
        TB,
        tb(PY312, *outer),
        err,
    )


case(
    "v055_r1_h20x16_dp_attention_dist_init_port_held_by_old_scheduler",
    "0.5.5",
    "sglang-0.5.5 server_args.py:4085-4128 (PortArgs.init_new's port checks, logger.exception 'Port is already in use.'), utils/common.py:676-701 (wait_port_available)",
    "port_in_use",
    "a scheduler of the previous launch still holds --dist-init-addr's port on node 0; the DP-attention port check gives up",
    _dp_port_busy(),
)


def _dpattn_kv_negative() -> str:
    d = "2025-11-21"
    ranks = [f"DP{r} TP{r}" for r in (0, 5, 7)]
    stack = S055 + (
        ("model_executor/model_runner.py", 471, "initialize", "self.init_memory_pool("),
        ("model_executor/model_runner.py", 1627, "init_memory_pool", "raise RuntimeError("),
    )
    return join(
        sargs(
            f"{d} 13:30:00",
            R1,
            trust_remote_code=True,
            host="0.0.0.0",
            port=30000,
            mem_fraction_static=0.8,
            max_total_tokens=131072,
            tp_size=8,
            dp_size=8,
            enable_dp_attention=True,
        ),
        at(f"{d} 13:30:20", "DP0 TP0", "Load weight begin. avail mem=94.18 GB"),
        [
            at(
                f"{d} 13:35:02",
                r,
                "Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=4.72 GB, mem usage=89.46 GB.",
            )
            for r in ranks
        ],
        [
            at(
                f"{d} 13:35:03",
                r,
                "max_total_tokens=131072 is larger than the profiled value -183321. Use the profiled value instead.",
            )
            for r in ranks
        ],
        f"[{d} 13:35:03 DP0 TP0] Scheduler hit an exception: {TB}",
        tb(PY312, *stack),
        "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: self.server_args.mem_fraction_static=0.8",
        "",
        at(f"{d} 13:35:03", "", SIGQUIT),
    )


case(
    "v055_r1_h20x8_96g_dp_attention_negative_profiled_tokens",
    "0.5.5",
    "sglang-0.5.5 model_runner.py:1598-1630 (profiled value warning, Not enough memory ... Current value); DP attention replicates the MLA weights (~89 GB/GPU at TP8)",
    "oom_kv_cache",
    "8x96 GB with DP attention: weights leave 4.7 GB, the KV profile is negative (-183321 tokens) and the pool cannot be sized",
    _dpattn_kv_negative(),
)


def _h800_healthy() -> str:
    d = "2025-11-25"
    moe = f"{PY312}/sglang/srt/layers/moe/fused_moe_triton/configs/triton_3_4_0/E=257,N=128,device_name=NVIDIA_H800,dtype=fp8_w8a8,block_shape=[128, 128].json"
    return join(
        sargs(
            f"{d} 08:11:40",
            V3,
            trust_remote_code=True,
            host="0.0.0.0",
            port=30000,
            mem_fraction_static=0.77,
            tp_size=16,
            dist_init_addr="h800-node-01:20000",
            nnodes=2,
            node_rank=0,
        ),
        "[W1125 08:11:52.421523140 socket.cpp:209] [c10d] The hostname of the client socket cannot be retrieved. err=-3",
        "[W1125 08:11:52.422010377 socket.cpp:767] [c10d] The IPv6 network addresses of (h800-node-01, 20000) cannot be retrieved (gai error: -2 - Name or service not known).",
        at(f"{d} 08:12:03", "TP0", "Custom allreduce is disabled because this process group spans across nodes."),
        at(f"{d} 08:12:03", "TP0", "Init torch distributed ends. mem usage=1.33 GB"),
        at(f"{d} 08:12:03", "TP0", "Load weight begin. avail mem=77.51 GB"),
        at(
            f"{d} 08:14:29",
            "TP0",
            "Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=37.09 GB, mem usage=40.42 GB.",
        ),
        at(f"{d} 08:14:30", "TP0", "KV Cache is allocated. #tokens: 296000, KV size: 19.38 GB"),
        at(f"{d} 08:14:30", "TP0", "Memory pool end. avail mem=17.61 GB"),
        at(f"{d} 08:14:31", "TP0", "Capture cuda graph begin. This can take up to several minutes. avail mem=17.55 GB"),
        at(
            f"{d} 08:14:33",
            "TP0",
            f"Using default MoE kernel config. Performance might be sub-optimal! Config file not found at {moe}, you can create them with https://github.com/sgl-project/sglang/tree/main/benchmark/kernels/fused_moe_triton",
        ),
        at(
            f"{d} 08:15:36",
            "TP0",
            "Capture cuda graph end. Time elapsed: 65.02 s. mem usage=2.31 GB. avail mem=15.24 GB.",
        ),
        at(
            f"{d} 08:15:38",
            "TP0",
            "max_total_num_tokens=296000, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=2048, context_len=163840, available_gpu_mem=15.24 GB",
        ),
        uvicorn_up(f"{d} 08:15:39", pid=417),
        f'[{d} 08:15:40] INFO:     127.0.0.1:50932 - "GET /get_model_info HTTP/1.1" 200 OK',
        f'[{d} 08:15:43] INFO:     127.0.0.1:50940 - "POST /generate HTTP/1.1" 200 OK',
        at(f"{d} 08:15:43", "", "The server is fired up and ready to roll!"),
        at(
            f"{d} 09:03:11",
            "TP0",
            "Prefill batch. #new-seq: 3, #new-token: 8192, #cached-token: 1024, token usage: 0.97, #running-req: 331, #queue-req: 212, ",
        ),
        at(
            f"{d} 09:03:14",
            "TP0",
            "Decode batch. #running-req: 334, #token: 294516, token usage: 1.00, cuda graph: True, gen throughput (token/s): 2977.84, #queue-req: 209, ",
        ),
        at(
            f"{d} 09:03:14",
            "TP0",
            "KV cache pool is full. Retract requests. #retracted_reqs: 6, #new_token_ratio: 0.5821 -> 0.8847",
        ),
        at(
            f"{d} 09:03:19",
            "TP0",
            "Decode batch. #running-req: 328, #token: 287104, token usage: 0.97, cuda graph: True, gen throughput (token/s): 3012.40, #queue-req: 215, ",
        ),
        f'[{d} 09:03:20] INFO:     10.12.0.7:58844 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    )


case(
    "v055_v3_h800x16_c10d_warnings_default_moe_config_full_pool_healthy",
    "0.5.5",
    "sglang-0.5.5 fused_moe_triton_config.py:119-125, custom_all_reduce.py:95, scheduler.py:1918 (Retract), scheduler_metrics_mixin.py (trailing ', '); torch c10d socket.cpp warnings on multi-node launches",
    "healthy",
    "two H800 nodes: c10d hostname/IPv6 warnings, no tuned H800 MoE config, then ready, a full pool, queueing and retraction",
    _h800_healthy(),
)


# ------------------------------------------------------------------------------------------------------ the tests
XFAIL: dict[str, str] = {
    "v046_r1_h20_3e_pd_decode_deepep_dispatch_tokens_assert": "oom_moe_workspace",
}  # filled after the ONE first-sight run: case -> label the classifier gave


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_h20_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


EVENT_XFAIL: dict[str, str] = {}  # healthy cases that fire a failure event on the way: case -> event label


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_h20_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35

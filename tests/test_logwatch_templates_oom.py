"""OUT-OF-MEMORY failures of SGLang, and the five memory labels told apart (oom_cuda_graph, oom_moe_workspace,
oom_kv_cache, oom_weights, oom_runtime; /work/shared/corpus/README.md), rendered blind from real source text, each
inside SGLang's own wrapper: the scheduler's `Scheduler hit an exception:` traceback through the call path that
allocates (Python's chained `During handling of the above exception` form where SGLang re-raises, as
`get_exception_traceback()` prints it), then the launcher's lines; 0.4.10's `TpModelWorkerClient hit an exception:`
overlap thread; 0.1.16's `Initialization failed. router_init_state:`. Each case is labelled by WHERE start-up (or
serving) was when the allocation failed, decided before the classifier was run, with one line of why.

Families covered: weights and their post-load steps (fp8 online quantization of MoE experts, AWQ->Marlin repack,
DeepSeek MLA's w_kc transpose, a draft model for speculative decoding, a vision tower, MoE expert tensors, LoRA
adapter buffers); the KV pool and its cousins (req_to_token, Mamba state, NSA indexer, HiSparse device buffers, an
Ascend pool, 0.1.16's pool); graph capture (graph instantiation, torch.compile/inductor inside capture, 0.5.5
piecewise, 0.5.23 frozen-KV MTP draft graphs, NPU graphs, HIP graph instantiation, a fused-MoE activation during
capture); MoE / FlashInfer / DeepGEMM workspaces and autotuners; serving (logprobs over a long prompt, a vision
encoder's MLP, a Triton module load at a new shape, 0.5.23's `Prefill out of memory`, cuBLAS handle creation in the
overlap thread at warm-up, an Ascend forward); and three traps where a library recovers from an OOM by itself.
Ways of printing: torch 2.1's `total capacty` typo (`torch.cuda.OutOfMemoryError`), 2.4+'s `torch.OutOfMemoryError`
with and without `Process N has` / `Including non-PyTorch memory`, 2.9's `with X allocated in private pools (e.g.,
CUDA Graphs)`, `CUDA error: out of memory` (the caching allocator bypassed: graph instantiation), cuBLAS's
`CUBLAS_STATUS_ALLOC_FAILED`, HIP's `HIP out of memory` / `HIP error: out of memory`, torch_npu's `NPU out of
memory`, Triton's `Triton Error [CUDA]: out of memory` and `OutOfResources` (shared memory, not device memory), and
OOMs where only SGLang's wrapper names the phase.

Sources read: sglang 0.5.10.post1, 0.5.5, 0.5.23 (/work/research/src), 0.4.10 and 0.1.16 wheels; pytorch/pytorch
c10/cuda/CUDACachingAllocator.cpp (DeviceCachingAllocator::malloc: the 2.4+ text, private_pool_msg,
reportProcessMemoryInfo); torch 2.1's `total capacty` text as the corpus's sglang-issue-51-a and public logs print it;
aten/src/ATen/cuda/Exceptions.h (TORCH_CUDABLAS_CHECK); flashinfer-python 0.6.7.post3 (autotuner.py,
fused_moe/core.py); triton third_party/nvidia/backend/driver.c (gpuAssert: `Triton Error [CUDA]: %s`) and
runtime/errors.py (OutOfResources); torch_npu's NPUCachingAllocator text (as tests/test_logwatch_templates_hw.py
cites it); the hipified c10 check (HIP_TAIL, as there).

First sight (one run, labels fixed before it, no log or label changed after it): 29/35. The six misses are strict
xfails in XFAIL (two DeepGEMM warm-up buffers, the LoRA MoE graph buffers and the LoRA pool, HiSparse's device
tables, Triton's `Triton Error [CUDA]: out of memory`).
"""

# ruff: noqa: E501, RUF005  (log lines are data; call paths are built by extending a shared prefix)

from __future__ import annotations

from typing import NamedTuple

import pytest

from safelaunch.core.logwatch import classify_text

from .logwatch_templates import (
    BUILD_MODEL,
    DIED,
    GRAPHS,
    INIT,
    LOAD,
    LOOP,
    PKG,
    SCHED,
    SIGQUIT,
    TB,
    WEIGHTS,
    first_sight,
    frames,
    startup,
    ts,
)


class Template(NamedTuple):
    version: str  # the SGLang release (and the library that prints, where it is not SGLang)
    source: str  # file:line of the template (under sglang/srt/ unless a library is named)
    label: str
    why: str  # one line: where start-up (or serving) was, and what a person fixing the launch would conclude
    log: str


CASES: dict[str, Template] = {}


def case(name: str, version: str, source: str, label: str, why: str, log: str) -> None:
    assert name not in CASES
    CASES[name] = Template(version, source, label, why, log)


# ------------------------------------------------------------------------------------------ builders (new here)
TORCH = f"{PKG}/torch"
SGLANG = f"{PKG}/sglang"
HELP_CONF = " If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"


def torch_oom(
    alloc: str,
    total: str,
    free: str,
    by_pytorch: str,
    unallocated: str,
    *,
    process: str = "",
    private: str = "",
    gpu: int = 0,
    kind: str = "CUDA",
    prefix: str = "torch.OutOfMemoryError: ",
) -> str:
    """c10/cuda/CUDACachingAllocator.cpp (torch 2.4+, DeviceCachingAllocator::malloc): `proc_info` is
    reportProcessMemoryInfo's `Process N has X memory in use. ` or `Including non-PyTorch memory, this process has X
    memory in use. `; `private_pool_msg` appears once a graph pool holds blocks. A ROCm build hipifies CUDA -> HIP."""
    pool = f"with {private} allocated in private pools (e.g., CUDA Graphs), " if private else ""
    conf = HELP_CONF.replace("PYTORCH_CUDA_ALLOC_CONF", "PYTORCH_HIP_ALLOC_CONF") if kind == "HIP" else HELP_CONF
    return (
        f"{prefix}{kind} out of memory. Tried to allocate {alloc}. GPU {gpu} has a total capacity of {total} of which "
        f"{free} is free. {process}Of the allocated memory {by_pytorch} is allocated by PyTorch, {pool}and "
        f"{unallocated} is reserved by PyTorch but unallocated.{conf}"
    )


def torch21_oom(alloc: str, total: str, free: str, pid: int, used: str, by_pytorch: str, unallocated: str) -> str:
    """torch 2.1's text: the `total capacty` typo, `torch.cuda.OutOfMemoryError`, the max_split_size_mb advice."""
    return (
        f"torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate {alloc}. GPU 0 has a total capacty of "
        f"{total} of which {free} is free. Process {pid} has {used} memory in use. Of the allocated memory "
        f"{by_pytorch} is allocated by PyTorch, and {unallocated} is reserved by PyTorch but unallocated. If reserved "
        "but unallocated memory is large try setting max_split_size_mb to avoid fragmentation.  See documentation "
        "for Memory Management and PYTORCH_CUDA_ALLOC_CONF"
    )


def npu_oom(alloc: str, total: str, allocated: str, free: str, reserved: str) -> str:
    """torch_npu's NPUCachingAllocator (AT_ERROR), the pre-2.1 layout torch_npu keeps."""
    return (
        f"RuntimeError: NPU out of memory. Tried to allocate {alloc} (NPU 0; {total} total capacity; {allocated} "
        f"already allocated; {allocated} current active; {free} free; {reserved} reserved in total by PyTorch) If "
        "reserved memory is >> allocated memory try setting max_split_size_mb to avoid fragmentation."
    )


# c10/cuda/CUDAException.cpp (c10_cuda_check_implementation): the hints after every `CUDA error: ...`
CUDA_TAIL = "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n"
HIP_TAIL = "HIP kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing AMD_SERIALIZE_KERNEL=3\nCompile with `TORCH_USE_HIP_DSA` to enable device-side assertions.\n"

# model_executor/cuda_graph_runner.py:656 (0.5.10.post1, CUDA_GRAPH_CAPTURE_FAILED_MSG)
CAPTURE_TAIL = """Possible solutions:
1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)
2. set --cuda-graph-max-bs to a smaller value (e.g., 16)
3. disable torch compile by not using --enable-torch-compile
4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)
Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose """
CAPTURE = GRAPHS + (
    ("model_executor/cuda_graph_runner.py", 653, "__init__", "self.capture()"),
    ("model_executor/cuda_graph_runner.py", 809, "capture", "_capture_one_stream()"),
    (
        "model_executor/cuda_graph_runner.py",
        796,
        "_capture_one_stream",
        ") = self.capture_one_batch_size(bs, forward, stream_idx)",
    ),
)
CAPTURE_RUN = CAPTURE + (
    ("model_executor/cuda_graph_runner.py", 1024, "capture_one_batch_size", "run_once()"),
    ("model_executor/cuda_graph_runner.py", 1011, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
)
CAPTURE_RAISE = GRAPHS + (("model_executor/cuda_graph_runner.py", 655, "__init__", "raise Exception("),)


def until(marker: str) -> str:
    """The start-up lines as far as (and including) the first line containing `marker`."""
    text = startup("serving")
    cut = text.index(marker)
    return text[: text.index("\n", cut)] if "\n" in text[cut:] else text


def dies(before: str, trace: str, *, launcher: str = "sigquit", rank: str = "TP0") -> str:
    """The scheduler logs `Scheduler hit an exception: <format_exc()>` (a chained traceback prints whole), then the
    launcher's line (0.5.x's sigquit; 0.5.10+'s own traceback when it sees the child gone first)."""
    tail = SIGQUIT if launcher == "sigquit" else f"{ts(99)} {TB}\n{DIED}"
    return f"{before}\n{ts(90, rank)} Scheduler hit an exception: {trace}\n{tail}"


def tb(stack: tuple, error: str) -> str:
    return f"{TB}\n{frames(*stack)}\n{error}"


def chained(inner: tuple, inner_error: str, outer: tuple, outer_error: str) -> str:
    """`raise X(...)` inside `except RuntimeError as e:` (no `from`): Python prints the first traceback, then this."""
    return (
        f"{tb(inner, inner_error)}\n\nDuring handling of the above exception, another exception occurred:\n\n"
        f"{tb(outer, outer_error)}"
    )


# ================================================================================================ oom_weights
case(
    "w-fp8-online-quant-moe-experts-post-load-0.5.10",
    "0.5.10.post1 / torch 2.9",
    "layers/quantization/fp8.py:1270 (Fp8MoEMethod.process_weights_after_loading: torch.empty_like of w13 in fp8), called by model_loader/loader.py:709",
    "oom_weights",
    "--quantization fp8 on a bf16 checkpoint quantizes the experts after loading; the fp8 copy of w13 did not fit beside "
    "the bf16 weights: still loading the weights (no `Load weight end`), the model does not fit at this TP",
    dies(
        startup("loading_weights"),
        tb(
            LOAD
            + (
                ("model_loader/loader.py", 689, "load_model", "self.load_weights_and_postprocess("),
                (
                    "model_loader/loader.py",
                    709,
                    "load_weights_and_postprocess",
                    "quant_method.process_weights_after_loading(module)",
                ),
                (
                    "layers/quantization/fp8.py",
                    1270,
                    "process_weights_after_loading",
                    "w13_weight = torch.empty_like(layer.w13_weight.data, dtype=fp8_dtype)",
                ),
            ),
            torch_oom(
                "3.00 GiB",
                "79.19 GiB",
                "1.41 GiB",
                "76.42 GiB",
                "102.31 MiB",
                process="Including non-PyTorch memory, this process has 77.77 GiB memory in use. ",
            ),
        ),
    ),
)
case(
    "w-awq-marlin-repack-post-load-0.5.10",
    "0.5.10.post1 / torch 2.9",
    "layers/quantization/awq.py:564 (AWQMarlinLinearMethod.process_weights_after_loading) -> jit_kernel/awq_marlin_repack.py:32 (torch.empty of the repacked qweight)",
    "oom_weights",
    "repacking an AWQ checkpoint into Marlin's layout needs a second copy of each qweight while the weights load: the "
    "model (and its repack peak) does not fit at this TP",
    dies(
        startup("loading_weights"),
        tb(
            WEIGHTS[:-1]
            + (
                (
                    "model_loader/loader.py",
                    709,
                    "load_weights_and_postprocess",
                    "quant_method.process_weights_after_loading(module)",
                ),
                (
                    "layers/quantization/awq.py",
                    564,
                    "process_weights_after_loading",
                    "marlin_qweight = awq_marlin_repack(",
                ),
                (f"{SGLANG}/jit_kernel/awq_marlin_repack.py", 32, "awq_marlin_repack", "out = torch.empty("),
            ),
            torch_oom(
                "448.00 MiB",
                "23.53 GiB",
                "203.69 MiB",
                "22.71 GiB",
                "142.88 MiB",
                process="Process 8812 has 23.33 GiB memory in use. ",
            ),
        ),
    ),
)
case(
    "w-deepseek-mla-w_kc-transpose-post-load-0.5.10",
    "0.5.10.post1 / torch 2.9",
    "models/deepseek_common/deepseek_weight_loader.py:570 (post_load_weights: w_kc.transpose(1, 2).contiguous()), called at :363 from do_load_weights",
    "oom_weights",
    "DeepSeek's post-load step splits kv_b_proj into w_kc/w_vc with contiguous copies, still inside model.load_weights: "
    "a weight-loading OOM, the model does not fit at this TP",
    dies(
        startup("loading_weights"),
        tb(
            WEIGHTS
            + (
                ("models/deepseek_v2.py", 2274, "load_weights", "self.do_load_weights(weights, is_nextn)"),
                (
                    "models/deepseek_common/deepseek_weight_loader.py",
                    363,
                    "do_load_weights",
                    "self.post_load_weights(is_nextn=is_nextn, weight_names=weight_names)",
                ),
                (
                    "models/deepseek_common/deepseek_weight_loader.py",
                    570,
                    "post_load_weights",
                    "self_attn.w_kc, w_kc.transpose(1, 2).contiguous().transpose(1, 2)",
                ),
            ),
            torch_oom(
                "32.00 MiB",
                "139.81 GiB",
                "21.25 MiB",
                "137.90 GiB",
                "310.42 MiB",
                process="Including non-PyTorch memory, this process has 139.78 GiB memory in use. ",
            ),
        ),
    ),
)
# arguable: the draft model loads AFTER the target's KV pool and graphs took their share (0.5.10 counts the draft's
# weights nowhere before its own load), so the fix may be a lower --mem-fraction-static rather than a larger TP; the
# README's oom_weights is "out of memory while loading the weights", which this is, and is what it favours
_DRAFT_LOAD = SCHED + (
    ("managers/scheduler.py", 412, "__init__", "self.init_model_worker()"),
    ("managers/scheduler.py", 633, "init_model_worker", "self.maybe_init_draft_worker()"),
    (
        "managers/scheduler.py",
        629,
        "maybe_init_draft_worker",
        "self.draft_worker = DraftWorkerClass(**draft_worker_kwargs)",
    ),
    ("speculative/eagle_worker_v2.py", 658, "__init__", "self._draft_worker = EagleDraftWorker("),
    ("speculative/eagle_worker_v2.py", 139, "__init__", "self.draft_worker = TpModelWorker("),
    ("managers/tp_worker.py", 247, "__init__", "self._init_model_runner()"),
    ("managers/tp_worker.py", 330, "_init_model_runner", "self._model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 430, "__init__", "self.initialize(pre_model_load_memory)"),
    ("model_executor/model_runner.py", 507, "initialize", "self.load_model()"),
    ("model_executor/model_runner.py", 1176, "load_model", "self.model = self.loader.load_model("),
    ("model_loader/loader.py", 683, "load_model", "model = _initialize_model("),
    ("model_loader/loader.py", 276, "_initialize_model", "return model_class(**kwargs)"),
)
case(
    "w-eagle3-draft-model-load-after-target-graphs-0.5.10",
    "0.5.10.post1 / torch 2.9",
    "managers/scheduler.py:629 (maybe_init_draft_worker) -> speculative/eagle_worker_v2.py:139 (the draft's own TpModelWorker) -> model_runner.py:507 load_model",
    "oom_weights",
    "the EAGLE3 draft model's weights did not fit in what the target left: an OOM while loading (the draft's) weights",
    dies(
        until("Capture cuda graph end") + f"\n{ts(71, 'TP0')} Load weight begin. avail mem=1.02 GB",
        tb(
            _DRAFT_LOAD
            + (
                ("models/llama_eagle3.py", 190, "__init__", "self.model = LlamaModel("),
                ("models/llama_eagle3.py", 120, "__init__", "self.embed_tokens = VocabParallelEmbedding("),
                ("layers/vocab_parallel_embedding.py", 270, "__init__", "self.quant_method.create_weights("),
                ("layers/vocab_parallel_embedding.py", 40, "create_weights", "torch.empty("),
                (f"{TORCH}/utils/_device.py", 104, "__torch_function__", "return func(*args, **kwargs)"),
            ),
            torch_oom(
                "1.95 GiB",
                "79.19 GiB",
                "1.02 GiB",
                "75.01 GiB",
                "244.50 MiB",
                process="Including non-PyTorch memory, this process has 78.16 GiB memory in use. ",
                private="1.38 GiB",
            ),
        ),
    ),
)
case(
    "w-qwen2.5-vl-vision-tower-build-0.5.10",
    "0.5.10.post1 / torch 2.9",
    "models/qwen2_5_vl.py:627 (self.visual = Qwen2_5_VisionTransformer) -> :307 (Qwen2_5_VisionBlock) -> :102 (Qwen2_5_VLMLP gate_up_proj) -> layers/linear.py create_weights",
    "oom_weights",
    "building a multimodal model's vision tower under torch.device('cuda') in _initialize_model: the model (with its "
    "vision encoder) does not fit at this TP",
    dies(
        startup("loading_weights"),
        tb(
            BUILD_MODEL
            + (
                ("models/qwen2_5_vl.py", 627, "__init__", "self.visual = Qwen2_5_VisionTransformer("),
                ("models/qwen2_5_vl.py", 307, "__init__", "Qwen2_5_VisionBlock("),
                ("models/qwen2_5_vl.py", 171, "__init__", "self.mlp = Qwen2_5_VLMLP("),
                ("models/qwen2_5_vl.py", 102, "__init__", "self.gate_up_proj = MergedColumnParallelLinear("),
                ("layers/linear.py", 480, "__init__", "super().__init__("),
                ("layers/linear.py", 330, "__init__", "self.quant_method.create_weights("),
                ("layers/quantization/unquant.py", 119, "create_weights", "torch.empty("),
                (f"{TORCH}/utils/_device.py", 104, "__torch_function__", "return func(*args, **kwargs)"),
            ),
            torch_oom(
                "26.00 MiB",
                "23.52 GiB",
                "13.69 MiB",
                "23.11 GiB",
                "27.41 MiB",
                process="Including non-PyTorch memory, this process has 23.49 GiB memory in use. ",
            ),
        ),
    ),
)
case(  # arguable: the experts' tensors are MoE memory, but they are the model's weights, not a kernel's workspace
    "w-fused-moe-expert-tensors-create-0.5.10",
    "0.5.10.post1 / torch 2.9",
    "layers/quantization/unquant.py:195 (UnquantizedFusedMoEMethod.create_weights: w13_weight torch.empty), layers/moe/fused_moe_triton/layer.py:276",
    "oom_weights",
    "allocating the routed experts' w13 weights while building the model: the MoE model does not fit at this TP/EP",
    dies(
        startup("loading_weights"),
        tb(
            BUILD_MODEL
            + (
                ("models/qwen3_moe.py", 1010, "__init__", "self.model = Qwen3MoeModel("),
                (
                    "models/qwen2_moe.py",
                    560,
                    "__init__",
                    "self.layers, self.start_layer, self.end_layer = make_layers(",
                ),
                (
                    "utils/common.py",
                    560,
                    "make_layers",
                    "maybe_offload_to_cpu(layer_fn(idx=idx, prefix=add_prefix(idx, prefix)))",
                ),
                ("models/qwen3_moe.py", 700, "__init__", "self.mlp = Qwen3MoeSparseMoeBlock("),
                ("models/qwen3_moe.py", 258, "__init__", "self.experts = get_moe_impl_class(quant_config)("),
                ("layers/moe/fused_moe_triton/layer.py", 276, "__init__", "self.quant_method.create_weights("),
                (
                    "layers/quantization/unquant.py",
                    195,
                    "create_weights",
                    "torch.empty(num_experts, w13_weight_n, w13_weight_k, dtype=params_dtype),",
                ),
                (f"{TORCH}/utils/_device.py", 104, "__torch_function__", "return func(*args, **kwargs)"),
            ),
            torch_oom(
                "1.50 GiB",
                "79.19 GiB",
                "1.09 GiB",
                "77.38 GiB",
                "4.12 MiB",
                process="Including non-PyTorch memory, this process has 78.09 GiB memory in use. ",
            ),
        ),
    ),
)
case(  # arguable: the LoRA pool holds adapter weights, allocated after `Load weight end` and before the KV pool; no
    # label names it; it is the model's (adapters') weights at start-up, and the README's oom_weights is the nearest
    "w-lora-memory-pool-buffers-0.5.10",
    "0.5.10.post1 / torch 2.9",
    "lora/mem_pool.py:330 (LoRAMemoryPool.init_buffers: torch.zeros per layer), lora/lora_manager.py:670, model_runner.py:596 (init_lora_manager)",
    "oom_weights",
    "the LoRA adapters' weight buffers (--max-loras-per-batch x --max-lora-rank, every layer) did not fit after the "
    "base weights: the model with its adapters does not fit at this TP",
    dies(
        startup("kv_cache"),
        tb(
            INIT
            + (
                ("model_executor/model_runner.py", 596, "initialize", "self.init_lora_manager()"),
                ("model_executor/model_runner.py", 1730, "init_lora_manager", "self.lora_manager = LoRAManager("),
                ("lora/lora_manager.py", 96, "__init__", "self.init_state("),
                ("lora/lora_manager.py", 439, "init_state", "self.init_memory_pool()"),
                ("lora/lora_manager.py", 670, "init_memory_pool", "self.memory_pool = LoRAMemoryPool("),
                ("lora/mem_pool.py", 116, "__init__", "self.init_buffers(base_model)"),
                ("lora/mem_pool.py", 398, "init_buffers", "init_buffer("),
                ("lora/mem_pool.py", 330, "init_buffer", "torch.zeros("),
            ),
            torch_oom(
                "640.00 MiB",
                "44.39 GiB",
                "389.19 MiB",
                "43.60 GiB",
                "98.77 MiB",
                process="Including non-PyTorch memory, this process has 44.00 GiB memory in use. ",
            ),
        ),
    ),
)


# ================================================================================================ oom_kv_cache
POOLS = INIT + (
    ("model_executor/model_runner.py", 623, "initialize", "self.init_memory_pool(pre_model_load_memory)"),
    (
        "model_executor/model_runner_kv_cache_mixin.py",
        903,
        "init_memory_pool",
        "self._apply_memory_pool_config(self.memory_pool_config)",
    ),
    ("model_executor/model_runner_kv_cache_mixin.py", 869, "_apply_memory_pool_config", "self._init_pools()"),
)
case(  # arguable: req_to_token is sized by --max-running-requests x context length, so a smaller one of those also
    # fixes it; it is allocated in the KV pool's step after the weights, which is what the README's oom_kv_cache names
    "kv-req-to-token-pool-1m-context-0.5.10",
    "0.5.10.post1 / torch 2.9",
    "mem_cache/memory_pool.py:144 (ReqToTokenPool.__init__: torch.zeros((size, max_context_len), int32)), model_runner_kv_cache_mixin.py:465",
    "oom_kv_cache",
    "the request-to-token table of the KV pool did not fit in what the weights left (1M context x 2048 requests): the "
    "memory pool step after the weights",
    dies(
        startup("kv_cache"),
        tb(
            POOLS
            + (
                (
                    "model_executor/model_runner_kv_cache_mixin.py",
                    465,
                    "_init_pools",
                    "self.req_to_token_pool = ReqToTokenPool(",
                ),
                ("mem_cache/memory_pool.py", 144, "__init__", "self.req_to_token = torch.zeros("),
            ),
            torch_oom(
                "8.00 GiB",
                "79.19 GiB",
                "5.83 GiB",
                "72.44 GiB",
                "310.27 MiB",
                process="Including non-PyTorch memory, this process has 73.35 GiB memory in use. ",
            ),
        ),
    ),
)
case(
    "kv-mamba-ssm-state-pool-0.5.10",
    "0.5.10.post1 / torch 2.9",
    "mem_cache/memory_pool.py:268 (MambaPool.__init__: temporal_state torch.zeros), :499 (HybridReqToTokenPool._init_mamba_pool)",
    "oom_kv_cache",
    "the hybrid model's SSM state pool (a KV-pool cousin) did not fit after the weights: the memory pool step",
    dies(
        startup("kv_cache"),
        tb(
            POOLS
            + (
                (
                    "model_executor/model_runner_kv_cache_mixin.py",
                    443,
                    "_init_pools",
                    "self.req_to_token_pool = HybridReqToTokenPool(",
                ),
                ("mem_cache/memory_pool.py", 467, "__init__", "self._init_mamba_pool("),
                ("mem_cache/memory_pool.py", 499, "_init_mamba_pool", "self.mamba_pool = MambaPool("),
                ("mem_cache/memory_pool.py", 268, "__init__", "temporal_state = torch.zeros("),
            ),
            torch_oom(
                "11.72 GiB",
                "79.19 GiB",
                "9.20 GiB",
                "68.31 GiB",
                "401.60 MiB",
                process="Including non-PyTorch memory, this process has 69.98 GiB memory in use. ",
            ),
        ),
    ),
)
case(
    "kv-nsa-indexer-buffer-hip-oom-0.5.10",
    "0.5.10.post1 / torch 2.9 ROCm",
    "mem_cache/memory_pool.py:1862 (NSATokenToKVPool.__init__: index_k_with_scale_buffer torch.zeros), model_runner_kv_cache_mixin.py:575; c10 allocator hipified",
    "oom_kv_cache",
    "DeepSeek-V3.2's NSA indexer cache, allocated with the MLA KV pool after the weights, did not fit: the KV pool step",
    dies(
        startup("kv_cache"),
        tb(
            POOLS
            + (
                (
                    "model_executor/model_runner_kv_cache_mixin.py",
                    575,
                    "_init_pools",
                    "self.token_to_kv_pool = NSATokenToKVPool(**nsa_pool_kwargs)",
                ),
                ("mem_cache/memory_pool.py", 1862, "__init__", "torch.zeros("),
            ),
            torch_oom(
                "2.30 GiB",
                "191.98 GiB",
                "1.75 GiB",
                "186.41 GiB",
                "1.02 GiB",
                process="Including non-PyTorch memory, this process has 190.21 GiB memory in use. ",
                kind="HIP",
            ),
        ),
    ),
)
case(  # arguable: HiSparse's device-side tables are built right after `Memory pool end`, sized by requests x context;
    # they belong to the KV cache's hierarchy (a KV-pool cousin), and the README's nearest definition is oom_kv_cache
    "kv-hisparse-coordinator-device-buffers-0.5.10",
    "0.5.10.post1 / torch 2.9",
    "managers/hisparse_coordinator.py:73 (HiSparseCoordinator.__init__: req_to_host_pool torch.full (max_num_reqs, max_context_len) int64), model_runner.py:636",
    "oom_kv_cache",
    "the hierarchical sparse cache's device buffers, set up with the KV pool before any graph, did not fit: the KV "
    "cache's share of memory at start-up",
    dies(
        until("Memory pool end"),
        tb(
            INIT
            + (
                (
                    "model_executor/model_runner.py",
                    636,
                    "initialize",
                    "self.hisparse_coordinator = HiSparseCoordinator(",
                ),
                ("managers/hisparse_coordinator.py", 73, "__init__", "self.req_to_host_pool = torch.full("),
            ),
            torch_oom(
                "4.00 GiB",
                "139.81 GiB",
                "2.66 GiB",
                "135.60 GiB",
                "288.00 MiB",
                process="Including non-PyTorch memory, this process has 137.13 GiB memory in use. ",
            ),
        ),
    ),
)
_V016 = "/home/user/miniconda3/envs/sglang/lib/python3.10/site-packages"
case(
    "kv-token-to-kv-pool-torch-2.1-capacty-0.1.16",
    "0.1.16 / torch 2.1",
    "srt/memory_pool.py:46 (TokenToKVPool.__init__: kv_data torch.empty per layer), srt/managers/router/model_runner.py:361; server.py:170 prints the router's state",
    "oom_kv_cache",
    "the KV pool's per-layer buffers did not fit after `load weight end` (another process holds memory): the KV pool step",
    "Rank 0: load weight begin.\nINFO 03-12 10:00:04 weight_utils.py:163] Using model weights format ['*.safetensors']\nRank 0: load weight end.\n"
    + "Initialization failed. router_init_state: "
    + tb(
        tuple(
            (f"{_V016}/sglang/{p}", n, f, c)
            for p, n, f, c in (
                (
                    "srt/managers/router/manager.py",
                    71,
                    "start_router_process",
                    "model_client = ModelRpcClient(server_args, port_args, model_overide_args)",
                ),
                (
                    "srt/managers/router/model_rpc.py",
                    686,
                    "__init__",
                    "self.model_server = ModelRpcService().exposed_ModelRpcServer(",
                ),
                ("srt/managers/router/model_rpc.py", 76, "__init__", "self.model_runner = ModelRunner("),
                ("srt/managers/router/model_runner.py", 286, "__init__", "self.init_memory_pool(total_gpu_memory)"),
                (
                    "srt/managers/router/model_runner.py",
                    361,
                    "init_memory_pool",
                    "self.token_to_kv_pool = TokenToKVPool(",
                ),
                ("srt/memory_pool.py", 45, "__init__", "self.kv_data = ["),
                (
                    "srt/memory_pool.py",
                    46,
                    "<listcomp>",
                    'torch.empty((size, 2, head_num, head_dim), dtype=dtype, device="cuda")',
                ),
            )
        ),
        torch21_oom("320.00 MiB", "23.65 GiB", "135.06 MiB", 30114, "23.51 GiB", "21.87 GiB", "1.12 GiB"),
    )
    + "\n\nInitialization failed. detoken_init_state: init ok",
)
case(
    "kv-npu-mha-pool-npu-oom-0.5.10",
    "0.5.10.post1 / torch_npu 2.8",
    "hardware_backend/npu/memory_pool_npu.py:211 (NPUMHATokenToKVPool._create_buffers: k_buffer torch.zeros), model_runner_kv_cache_mixin.py:537",
    "oom_kv_cache",
    "Ascend: the KV pool's buffers did not fit after the weights: the memory pool step",
    dies(
        startup("kv_cache"),
        tb(
            POOLS
            + (
                (
                    "model_executor/model_runner_kv_cache_mixin.py",
                    537,
                    "_init_pools",
                    "self.token_to_kv_pool = NPUMHATokenToKVPool(",
                ),
                ("mem_cache/memory_pool.py", 800, "__init__", "self._create_buffers()"),
                ("hardware_backend/npu/memory_pool_npu.py", 211, "_create_buffers", "self.k_buffer = torch.zeros("),
            ),
            npu_oom("18.75 GiB", "60.96 GiB", "41.02 GiB", "17.80 GiB", "41.10 GiB"),
        ),
    ),
)


# ================================================================================================ oom_cuda_graph
case(  # only SGLang's wrapper names the phase: the error itself is the bare `CUDA error: out of memory`
    "graph-instantiate-cuda-error-out-of-memory-0.5.10",
    "0.5.10.post1 / torch 2.9",
    "torch/cuda/graphs.py (graph.__exit__ -> CUDAGraph::capture_end -> cudaGraphInstantiate via C10_CUDA_CHECK), re-raised by model_executor/cuda_graph_runner.py:655-656",
    "oom_cuda_graph",
    "instantiating a captured decode graph needed device memory the caching allocator does not manage and found none: "
    "an OOM while capturing graphs at start-up (lower --cuda-graph-max-bs or --mem-fraction-static)",
    dies(
        startup("cuda_graph"),
        chained(
            CAPTURE
            + (
                ("model_executor/cuda_graph_runner.py", 1030, "capture_one_batch_size", "out = self._capture_graph("),
                (
                    "model_executor/cuda_graph_runner.py",
                    832,
                    "_capture_graph",
                    "with graph_fn(cuda_graph=graph, pool=pool, stream=stream):",
                ),
                (f"{TORCH}/cuda/graphs.py", 265, "__exit__", "self.cuda_graph.capture_end()"),
            ),
            f"RuntimeError: CUDA error: out of memory\n{CUDA_TAIL}",
            CAPTURE_RAISE,
            f"Exception: Capture cuda graph failed: CUDA error: out of memory\n{CUDA_TAIL}\n{CAPTURE_TAIL}",
        ),
    ),
)
case(
    "graph-torch-compile-inductor-buffer-private-pools-0.5.10",
    "0.5.10.post1 / torch 2.9",
    "model_executor/cuda_graph_runner.py:423 (patch_model: torch.compile(mode='max-autotune-no-cudagraphs')) -> torch/_inductor/output_code.py (compiled `call`: empty_strided_cuda); re-raised at :656",
    "oom_cuda_graph",
    "--enable-torch-compile: a buffer of the inductor-compiled forward, run inside graph capture (the graph pool already "
    "holds 2.1 GiB), did not fit: an OOM while capturing graphs at start-up",
    dies(
        startup("cuda_graph").replace(
            "Capturing batches (bs=256 avail_mem=12.30 GB):   0%|          | 0/36",
            "Capturing batches (bs=32 avail_mem=1.91 GB):  86%|████████▌ | 31/36",
        ),
        chained(
            CAPTURE_RUN
            + (
                (f"{TORCH}/_dynamo/eval_frame.py", 1044, "_fn", "return fn(*args, **kwargs)"),
                (
                    f"{TORCH}/_functorch/_aot_autograd/runtime_wrappers.py",
                    1130,
                    "forward",
                    "return compiled_fn(full_args)",
                ),
                (
                    f"{TORCH}/_functorch/_aot_autograd/runtime_wrappers.py",
                    357,
                    "runtime_wrapper",
                    "all_outs = call_func_at_runtime_with_args(",
                ),
                (
                    f"{TORCH}/_functorch/_aot_autograd/utils.py",
                    126,
                    "call_func_at_runtime_with_args",
                    "out = normalize_as_list(f(args))",
                ),
                (f"{TORCH}/_inductor/output_code.py", 613, "__call__", "return self.current_callable(inputs)"),
                (
                    "/tmp/torchinductor_root/k3/ck3vxq2w7l6f4zmyb5t2cq3ow7rj4mvnq3nz3g3z2jq4xkx7fqhd.py",
                    1874,
                    "call",
                    "buf330 = empty_strided_cuda((32, 151936), (151936, 1), torch.float32)",
                ),
            ),
            torch_oom(
                "20.00 MiB",
                "79.19 GiB",
                "11.06 MiB",
                "76.80 GiB",
                "157.31 MiB",
                process="Including non-PyTorch memory, this process has 79.17 GiB memory in use. ",
                private="2.10 GiB",
            ),
            CAPTURE_RAISE,
            "Exception: Capture cuda graph failed: "
            + torch_oom(
                "20.00 MiB",
                "79.19 GiB",
                "11.06 MiB",
                "76.80 GiB",
                "157.31 MiB",
                process="Including non-PyTorch memory, this process has 79.17 GiB memory in use. ",
                private="2.10 GiB",
                prefix="",
            )
            + f"\n{CAPTURE_TAIL}",
        ),
    ),
)
_PIECEWISE_TAIL = """Possible solutions:
1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)
2. set --piecewise-cuda-graph-max-tokens to a smaller value (e.g., 512)
3. disable Piecewise CUDA graph by unset --enable-piecewise-cuda-graph
Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose """
_PIECEWISE_0_5_5 = INIT[:-1] + (
    (
        "model_executor/model_runner.py",
        349,
        "__init__",
        "self.piecewise_cuda_graph_runner = PiecewiseCudaGraphRunner(self)",
    ),
)
case(
    "graph-piecewise-inductor-capture-0.5.5",
    "0.5.5 / torch 2.8",
    "model_executor/piecewise_cuda_graph_runner.py:205-208 (raise Exception('Capture cuda graph failed: ...' + PIECEWISE_CUDA_GRAPH_CAPTURE_FAILED_MSG)), model_runner.py:349",
    "oom_cuda_graph",
    "--enable-piecewise-cuda-graph: capturing the prefill pieces (after the decode graphs) ran out of memory: a graph "
    "capture OOM at start-up",
    dies(
        until("Capture cuda graph end")
        + f"\n{ts(71, 'TP0')} Capture cuda graph num tokens [4, 8, 12, 16, 20, 24, 28, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256, 288, 320, 352, 384, 416, 448, 480, 512, 640, 768, 896, 1024, 1280, 1536, 1792, 2048, 2560, 3072, 3584, 4096]"
        + "\nCapturing num tokens (num_tokens=4096 avail_mem=2.87 GB):   0%|          | 0/42 [00:00<?, ?it/s]",
        chained(
            _PIECEWISE_0_5_5
            + (
                ("model_executor/piecewise_cuda_graph_runner.py", 205, "__init__", "self.capture()"),
                (
                    "model_executor/piecewise_cuda_graph_runner.py",
                    310,
                    "capture",
                    "self.capture_one_batch_size(num_tokens)",
                ),
                ("model_executor/piecewise_cuda_graph_runner.py", 403, "capture_one_batch_size", "run_once()"),
                ("model_executor/piecewise_cuda_graph_runner.py", 392, "run_once", "self.model_runner.model.forward("),
                ("models/qwen3.py", 330, "forward", "hidden_states, residual = layer("),
                ("models/qwen3.py", 260, "forward", "hidden_states = self.mlp(hidden_states)"),
                ("models/qwen2.py", 100, "forward", "x = self.act_fn(gate_up)"),
                (
                    "layers/activation.py",
                    80,
                    "forward_cuda",
                    "out = torch.empty(output_shape, dtype=x.dtype, device=x.device)",
                ),
            ),
            torch_oom(
                "1.62 GiB",
                "79.19 GiB",
                "1.21 GiB",
                "74.96 GiB",
                "642.55 MiB",
                process="Including non-PyTorch memory, this process has 77.97 GiB memory in use. ",
                private="1.41 GiB",
            ),
            _PIECEWISE_0_5_5
            + (("model_executor/piecewise_cuda_graph_runner.py", 207, "__init__", "raise Exception("),),
            "Exception: Capture cuda graph failed: "
            + torch_oom(
                "1.62 GiB",
                "79.19 GiB",
                "1.21 GiB",
                "74.96 GiB",
                "642.55 MiB",
                process="Including non-PyTorch memory, this process has 77.97 GiB memory in use. ",
                private="1.41 GiB",
                prefix="",
            )
            + f"\n{_PIECEWISE_TAIL}",
        ),
    ),
)
_CAPTURE_TAIL_0_5_23 = """Possible solutions:
1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)
2. set --cuda-graph-max-bs-decode to a smaller value (e.g., 16)
3. disable decode CUDA graph by --cuda-graph-backend-decode=disabled. (Not recommended. Huge performance loss)
Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose """
case(  # only SGLang's wrapper names the phase (a 0.5.23 spelling: `Capture frozen-KV MTP cuda graph failed:`)
    "graph-frozen-kv-mtp-draft-capture-0.5.23",
    "0.5.23 / torch 2.9",
    "speculative/frozen_kv_mtp_cuda_graph_runner.py:196-199 (raise Exception), frozen_kv_mtp_worker_v2.py:399; runner_backend_utils/__init__.py:14 (CUDA_GRAPH_CAPTURE_FAILED_MSG)",
    "oom_cuda_graph",
    "the MTP draft's decode graphs, captured after the target's, ran out of memory: a graph capture OOM at start-up",
    dies(
        until("Capture cuda graph end") + f"\n{ts(71, 'TP0')} Capture Frozen-KV MTP draft cuda graph begin.",
        tb(
            SCHED
            + (
                ("managers/scheduler.py", 568, "__init__", "self.init_model_worker()"),
                ("managers/scheduler.py", 1146, "init_model_worker", "self.init_all_cuda_graphs()"),
                ("managers/scheduler.py", 1126, "init_all_cuda_graphs", "self.draft_worker.init_cuda_graphs()"),
                ("speculative/eagle_worker_v2.py", 1388, "init_cuda_graphs", "super().init_cuda_graphs()"),
                ("speculative/base_spec_worker.py", 377, "init_cuda_graphs", "self.draft_worker.init_cuda_graphs()"),
                ("speculative/frozen_kv_mtp_worker_v2.py", 230, "init_cuda_graphs", "self._capture_cuda_graphs()"),
                (
                    "speculative/frozen_kv_mtp_worker_v2.py",
                    399,
                    "_capture_cuda_graphs",
                    "self.cuda_graph_runner = FrozenKVMTPCudaGraphRunner(self)",
                ),
                ("speculative/frozen_kv_mtp_cuda_graph_runner.py", 197, "__init__", "raise Exception("),
            ),
            "Exception: Capture frozen-KV MTP cuda graph failed: "
            + torch_oom(
                "512.00 MiB",
                "139.81 GiB",
                "301.12 MiB",
                "131.05 GiB",
                "1.18 GiB",
                process="Including non-PyTorch memory, this process has 139.50 GiB memory in use. ",
                private="5.62 GiB",
                prefix="",
            )
            + f"\n{_CAPTURE_TAIL_0_5_23}",
        ),
    ),
)
case(
    "graph-npu-capture-npu-oom-0.5.10",
    "0.5.10.post1 / torch_npu 2.8",
    "hardware_backend/npu/graph_runner/npu_graph_runner.py:73 (NPUGraphRunner(CudaGraphRunner)) -> model_executor/cuda_graph_runner.py:655-656",
    "oom_cuda_graph",
    "Ascend: capturing the decode graphs (NPUGraphRunner reuses the CUDA runner's wrapper) ran out of device memory at "
    "start-up",
    dies(
        startup("cuda_graph").replace("Capture cuda graph begin", "Capture npu graph begin"),
        tb(
            CAPTURE_RAISE,
            "Exception: Capture cuda graph failed: "
            + npu_oom("1.13 GiB", "60.96 GiB", "57.92 GiB", "906.41 MiB", "58.40 GiB").split(": ", 1)[1]
            + f"\n{CAPTURE_TAIL}",
        ),
    ),
)
case(  # only SGLang's wrapper names the phase; ROCm's bare `HIP error: out of memory`
    "graph-hip-graph-instantiate-hip-error-oom-0.5.10",
    "0.5.10.post1 / torch 2.9 ROCm",
    "torch/cuda/graphs.py (capture_end -> hipGraphInstantiate, C10_HIP_CHECK hipified: hipErrorOutOfMemory), re-raised by model_executor/cuda_graph_runner.py:656",
    "oom_cuda_graph",
    "instantiating a captured HIP graph found no device memory: an OOM while capturing graphs at start-up",
    dies(
        startup("cuda_graph"),
        tb(
            CAPTURE_RAISE,
            "Exception: Capture cuda graph failed: HIP error: out of memory\nSearch for `hipErrorOutOfMemory' in "
            f"https://rocm.docs.amd.com/projects/HIP/en/latest/index.html for more information.\n{HIP_TAIL}\n{CAPTURE_TAIL}",
        ),
    ),
)
case(  # arguable: fused_moe's intermediate cache is an MoE kernel's buffer (oom_moe_workspace's words), but it is the
    # capture's own activation sized by the captured batch; the remedy is the capture's (--cuda-graph-max-bs), and the
    # README's "while capturing CUDA graphs" names where start-up was
    "graph-fused-moe-intermediate-cache-in-capture-0.5.10",
    "0.5.10.post1 / torch 2.9",
    "layers/moe/fused_moe_triton/fused_moe.py:406 (fused_experts_impl: cache = torch.empty), re-raised by model_executor/cuda_graph_runner.py:656",
    "oom_cuda_graph",
    "the Triton MoE's activation cache for the largest captured batch did not fit during decode-graph capture",
    dies(
        startup("cuda_graph"),
        chained(
            CAPTURE_RUN
            + (
                (
                    "models/qwen3_moe.py",
                    326,
                    "forward",
                    "final_hidden_states = self.experts(hidden_states, topk_output)",
                ),
                ("layers/moe/fused_moe_triton/layer.py", 1012, "forward", "combine_input = self.run_moe_core("),
                ("layers/moe/fused_moe_triton/layer.py", 1040, "run_moe_core", "return self.quant_method.apply("),
                ("layers/quantization/unquant.py", 400, "apply", "return self.forward("),
                ("layers/quantization/unquant.py", 450, "forward_cuda", "output = fused_experts("),
                (
                    "layers/moe/fused_moe_triton/fused_moe.py",
                    230,
                    "fused_experts",
                    "torch.ops.sglang.inplace_fused_experts(",
                ),
                (f"{TORCH}/_ops.py", 1243, "__call__", "return self._op(*args, **kwargs)"),
                ("layers/moe/fused_moe_triton/fused_moe.py", 105, "inplace_fused_experts", "fused_experts_impl("),
                ("layers/moe/fused_moe_triton/fused_moe.py", 406, "fused_experts_impl", "cache = torch.empty("),
            ),
            torch_oom(
                "1.13 GiB",
                "79.19 GiB",
                "905.44 MiB",
                "76.52 GiB",
                "96.37 MiB",
                process="Including non-PyTorch memory, this process has 78.29 GiB memory in use. ",
                private="1.40 GiB",
            ),
            CAPTURE_RAISE,
            "Exception: Capture cuda graph failed: "
            + torch_oom(
                "1.13 GiB",
                "79.19 GiB",
                "905.44 MiB",
                "76.52 GiB",
                "96.37 MiB",
                process="Including non-PyTorch memory, this process has 78.29 GiB memory in use. ",
                private="1.40 GiB",
                prefix="",
            )
            + f"\n{CAPTURE_TAIL}",
        ),
    ),
)


# ================================================================================================ oom_moe_workspace
_ATTN_BACKEND = INIT + (
    ("model_executor/model_runner.py", 653, "initialize", "self.init_attention_backend()"),
    (
        "model_executor/model_runner.py",
        1970,
        "init_attention_backend",
        "self.attn_backend = self._get_attention_backend()",
    ),
    (
        "model_executor/model_runner.py",
        2015,
        "_get_attention_backend",
        "attn_backend = self._get_attention_backend_from_str(",
    ),
    (
        "model_executor/model_runner.py",
        2032,
        "_get_attention_backend_from_str",
        "full_attention_backend = ATTENTION_BACKENDS[backend_str](self)",
    ),
)
case(
    "moe-flashinfer-attention-global-workspace-0.5.10",
    "0.5.10.post1 / torch 2.9",
    "layers/attention/flashinfer_backend.py:207 (FlashInferAttnBackend.__init__: global_workspace_buffer = torch.empty(SGLANG_FLASHINFER_WORKSPACE_SIZE)), attention_registry.py:37",
    "oom_moe_workspace",
    "FlashInfer's workspace buffer, allocated when the attention backend is built after the KV pool, did not fit: a "
    "FlashInfer kernel workspace",
    dies(
        until("Memory pool end"),
        tb(
            _ATTN_BACKEND
            + (
                (
                    "layers/attention/attention_registry.py",
                    37,
                    "create_flashinfer_backend",
                    "return FlashInferAttnBackend(",
                ),
                ("layers/attention/flashinfer_backend.py", 207, "__init__", "global_workspace_buffer = torch.empty("),
            ),
            torch_oom(
                "2.00 GiB",
                "79.19 GiB",
                "1.27 GiB",
                "76.90 GiB",
                "7.63 MiB",
                process="Including non-PyTorch memory, this process has 77.91 GiB memory in use. ",
            ),
        ),
    ),
)
_FI = f"{PKG}/flashinfer"
case(
    "moe-flashinfer-autotune-trtllm-moe-warmup-0.5.10",
    "0.5.10.post1 / flashinfer-python 0.6.7.post3",
    "model_runner.py:2061/2106 (kernel_warmup -> _flashinfer_autotune -> _dummy_run at req_to_token_pool.size); flashinfer autotuner.py:812-818 (OOM -> default tactic), fused_moe/core.py:1547 (trtllm_fp8_block_scale_moe_op: output = torch.empty, 'Create workspace buffers')",
    "oom_moe_workspace",
    "FlashInfer's MoE autotune warm-up (before graph capture) ran out of memory, first inside the tuner (it fell back), "
    "then allocating the TRT-LLM MoE op's buffers: an MoE autotuner/workspace OOM",
    dies(
        until("Memory pool end")
        + f"\n{ts(42, 'TP0')} Running FlashInfer autotune..."
        + "\n2026-03-02 10:00:42,118 - INFO - autotuner.py:446 - flashinfer.jit: [Autotuner]: Autotuning process starts ..."
        + "\n2026-03-02 10:00:44,907 - WARNING - autotuner.py:814 - flashinfer.jit: [Autotuner]: OOM detected, falling back to default tactic",
        tb(
            INIT
            + (
                ("model_executor/model_runner.py", 654, "initialize", "self.kernel_warmup()"),
                ("model_executor/model_runner.py", 2061, "kernel_warmup", "self._flashinfer_autotune()"),
                ("model_executor/model_runner.py", 2106, "_flashinfer_autotune", "self._dummy_run("),
                (
                    "model_executor/model_runner.py",
                    2362,
                    "run_once",
                    "logits_output_or_pp_proxy_tensors = self.model.forward(",
                ),
                ("models/deepseek_v2.py", 2100, "forward", "hidden_states = self.model("),
                ("models/deepseek_v2.py", 1900, "forward", "hidden_states, residual = layer("),
                ("models/deepseek_v2.py", 1700, "forward", "hidden_states = self.mlp("),
                ("models/deepseek_v2.py", 560, "forward", "return self.forward_normal("),
                (
                    "models/deepseek_v2.py",
                    640,
                    "forward_normal",
                    "final_hidden_states = self.experts(hidden_states, topk_output)",
                ),
                ("layers/moe/fused_moe_triton/layer.py", 1012, "forward", "combine_input = self.run_moe_core("),
                (
                    "layers/moe/moe_runner/flashinfer_trtllm.py",
                    462,
                    "fused_experts_none_to_flashinfer_trtllm_fp8",
                    "output = trtllm_fp8_block_scale_moe_wrapper(",
                ),
                ("utils/custom_op.py", 120, "wrapper", "return op(*args, **kwargs)"),
                (
                    "layers/moe/flashinfer_trtllm_moe.py",
                    97,
                    "trtllm_fp8_block_scale_moe_wrapper",
                    "return trtllm_fp8_block_scale_moe(**kwargs)",
                ),
                (
                    f"{_FI}/fused_moe/core.py",
                    2461,
                    "trtllm_fp8_block_scale_moe",
                    "result = get_trtllm_moe_sm100_module().trtllm_fp8_block_scale_moe(",
                ),
                (f"{TORCH}/_library/custom_ops.py", 681, "__call__", "return self._opoverload(*args, **kwargs)"),
                (f"{TORCH}/_ops.py", 841, "__call__", "return self._op(*args, **kwargs)"),
                (
                    f"{TORCH}/_library/custom_ops.py",
                    344,
                    "backend_impl",
                    "result = self._backend_fns[device_type](*args, **kwargs)",
                ),
                (f"{TORCH}/_library/custom_ops.py", 377, "wrapped_fn", "return fn(*args, **kwargs)"),
                (f"{_FI}/fused_moe/core.py", 1547, "trtllm_fp8_block_scale_moe_op", "output = torch.empty("),
            ),
            torch_oom(
                "896.00 MiB",
                "178.35 GiB",
                "604.19 MiB",
                "174.86 GiB",
                "1.90 GiB",
                process="Including non-PyTorch memory, this process has 177.75 GiB memory in use. ",
            ),
        ),
    ),
)
_DG = (
    ("layers/moe/moe_runner/deep_gemm.py", 263, "run", "deep_gemm_wrapper.grouped_gemm_nt_f8f8bf16_masked("),
    (
        "layers/deep_gemm_wrapper/entrypoint.py",
        42,
        "grouped_gemm_nt_f8f8bf16_masked",
        "with compile_utils.deep_gemm_execution_hook(",
    ),
    ("/usr/lib/python3.12/contextlib.py", 137, "__enter__", "return next(self.gen)"),
    (
        "layers/deep_gemm_wrapper/compile_utils.py",
        341,
        "deep_gemm_execution_hook",
        "_maybe_compile_deep_gemm_one_type_all(kernel_type, n, k, num_groups)",
    ),
    (
        "layers/deep_gemm_wrapper/compile_utils.py",
        142,
        "_maybe_compile_deep_gemm_one_type_all",
        "_compile_deep_gemm_one_type_all(",
    ),
    (
        "layers/deep_gemm_wrapper/compile_utils.py",
        193,
        "_compile_deep_gemm_one_type_all",
        "executor = _BaseWarmupExecutor.create(",
    ),
    ("layers/deep_gemm_wrapper/compile_utils.py", 222, "create", "}[kernel_type](**kwargs)"),
    ("layers/deep_gemm_wrapper/compile_utils.py", 310, "__init__", "self.out = torch.empty("),
)
_DG_LINES = (
    f"\n{ts(44, 'TP0')} Entering DeepGEMM JIT Pre-Compile session. It may take a long time (typically 10-20 mins) if you have not run `sglang.compile_deep_gemm`. It is recommended to run `sglang.compile_deep_gemm` with same args as `sglang.launch_server` for pre-compilation to reduce the overhead if you have not run it before. For example: `python3 -m sglang.compile_deep_gemm --model deepseek-ai/DeepSeek-V3 --tp 8 --trust-remote-code`"
    f"\n{ts(44, 'TP0')} Try DeepGEMM JIT Compiling for <GROUPED_GEMM_NT_F8F8BF16_MASKED> N=4096, K=7168, num_groups=32 with all Ms. It only takes a little time (typically 1 sec) if you have run `python3 -m sglang.compile_deep_gemm`. "
    f"\n{ts(44, 'TP0')} Required memory for warmup: 10.9375GB, Available memory: 6.12GB"
    f"\n{ts(44, 'TP0')} Available memory 6.12GB is less than required memory 10.9375GB for warmup, reducing max_m to 4096 to avoid out of memory"
)
case(  # arguable: it happens inside decode-graph capture (the wrapper says `Capture cuda graph failed`), but what
    # failed is DeepGEMM's JIT warm-up buffers, which the README names under oom_moe_workspace
    "moe-deepgemm-jit-warmup-buffers-in-capture-0.5.10",
    "0.5.10.post1 / torch 2.9",
    "layers/deep_gemm_wrapper/compile_utils.py:310 (_GroupedMaskedWarmupExecutor.__init__: self.out = torch.empty((num_groups, max_m, n))), :229-241 (the warning), re-raised by cuda_graph_runner.py:656",
    "oom_moe_workspace",
    "DeepGEMM's masked-GEMM JIT warm-up (first MoE forward, here inside capture) could not allocate its buffers even "
    "after shrinking max_m: a DeepGEMM workspace OOM",
    dies(
        startup("cuda_graph") + _DG_LINES,
        chained(
            CAPTURE_RUN
            + (
                ("models/deepseek_v2.py", 640, "forward_deepep", "final_hidden_states = self.experts("),
                ("layers/moe/ep_moe/layer.py", 300, "forward", "combine_input = self.run_moe_core("),
                (
                    "layers/moe/ep_moe/layer.py",
                    330,
                    "run_moe_core",
                    "return self.deep_gemm_runner.run(dispatch_output, quant_info)",
                ),
            )
            + _DG,
            torch_oom(
                "1.75 GiB",
                "79.19 GiB",
                "1.31 GiB",
                "75.92 GiB",
                "148.06 MiB",
                process="Including non-PyTorch memory, this process has 77.87 GiB memory in use. ",
                private="3.00 GiB",
            ),
            CAPTURE_RAISE,
            "Exception: Capture cuda graph failed: "
            + torch_oom(
                "1.75 GiB",
                "79.19 GiB",
                "1.31 GiB",
                "75.92 GiB",
                "148.06 MiB",
                process="Including non-PyTorch memory, this process has 77.87 GiB memory in use. ",
                private="3.00 GiB",
                prefix="",
            )
            + f"\n{CAPTURE_TAIL}",
        ),
    ),
)
case(  # arguable: after the server was ready, so oom_runtime's phase; but it is DeepGEMM's one-off warm-up buffer for
    # a kernel type first met at serving (the contiguous grouped GEMM of a prefill), which oom_moe_workspace names
    "moe-deepgemm-contig-warmup-first-prefill-serving-0.5.10",
    "0.5.10.post1 / torch 2.9",
    "layers/deep_gemm_wrapper/compile_utils.py:293-294 (_GroupedContWarmupExecutor.__init__: m_indices / out torch.empty), :222",
    "oom_moe_workspace",
    "the first large prefill met the contiguous grouped GEMM and DeepGEMM's warm-up allocated buffers for every M up "
    "to the chunk size: a DeepGEMM workspace OOM",
    dies(
        startup("serving")
        + f"\n{ts(82, 'TP0')} Try DeepGEMM JIT Compiling for <GROUPED_GEMM_NT_F8F8BF16_CONTIG> N=4096, K=7168, num_groups=32 with all Ms. It only takes a little time (typically 1 sec) if you have run `python3 -m sglang.compile_deep_gemm`. "
        + f"\n{ts(82, 'TP0')} Required memory for warmup: 0.9375GB, Available memory: 0.71GB",
        tb(
            LOOP
            + (
                ("models/deepseek_v2.py", 2100, "forward", "hidden_states = self.model("),
                ("models/deepseek_v2.py", 640, "forward_deepep", "final_hidden_states = self.experts("),
                (
                    "layers/moe/ep_moe/layer.py",
                    330,
                    "run_moe_core",
                    "return self.deep_gemm_runner.run(dispatch_output, quant_info)",
                ),
                (
                    "layers/moe/moe_runner/deep_gemm.py",
                    190,
                    "run",
                    "deep_gemm_wrapper.grouped_gemm_nt_f8f8bf16_contig(",
                ),
                (
                    "layers/deep_gemm_wrapper/entrypoint.py",
                    80,
                    "grouped_gemm_nt_f8f8bf16_contig",
                    "with compile_utils.deep_gemm_execution_hook(m, n, k, num_groups, kernel_type):",
                ),
                ("/usr/lib/python3.12/contextlib.py", 137, "__enter__", "return next(self.gen)"),
                (
                    "layers/deep_gemm_wrapper/compile_utils.py",
                    341,
                    "deep_gemm_execution_hook",
                    "_maybe_compile_deep_gemm_one_type_all(kernel_type, n, k, num_groups)",
                ),
                (
                    "layers/deep_gemm_wrapper/compile_utils.py",
                    142,
                    "_maybe_compile_deep_gemm_one_type_all",
                    "_compile_deep_gemm_one_type_all(",
                ),
                (
                    "layers/deep_gemm_wrapper/compile_utils.py",
                    193,
                    "_compile_deep_gemm_one_type_all",
                    "executor = _BaseWarmupExecutor.create(",
                ),
                ("layers/deep_gemm_wrapper/compile_utils.py", 222, "create", "}[kernel_type](**kwargs)"),
                (
                    "layers/deep_gemm_wrapper/compile_utils.py",
                    294,
                    "__init__",
                    'self.out = torch.empty((max_m, n), device="cuda", dtype=torch.bfloat16)',
                ),
            ),
            torch_oom(
                "128.00 MiB",
                "79.19 GiB",
                "92.44 MiB",
                "76.34 GiB",
                "201.11 MiB",
                process="Including non-PyTorch memory, this process has 78.90 GiB memory in use. ",
                private="1.46 GiB",
            ),
        ),
    ),
)
case(  # arguable: CUDA-graph buffers for the LoRA MoE kernel, allocated before the KV pool; the README's
    # oom_moe_workspace ("a workspace or buffer for MoE ... kernels") fits the buffer, not the phase
    "moe-lora-moe-cuda-graph-buffers-0.5.10",
    "0.5.10.post1 / torch 2.9",
    "lora/backend/base_backend.py:194 (init_cuda_graph_moe_buffers: intermediate_cache1 torch.empty), lora/lora_manager.py:124, model_runner.py:601/1757 (_init_lora_cuda_graph_moe_buffers)",
    "oom_moe_workspace",
    "the shared MoE-LoRA intermediate buffers for the largest graph batch did not fit after the weights: an MoE kernel "
    "buffer",
    dies(
        startup("kv_cache") + f"\n{ts(41, 'TP0')} Using triton as backend of LoRA kernels.",
        tb(
            INIT
            + (
                ("model_executor/model_runner.py", 603, "initialize", "self._init_lora_cuda_graph_moe_buffers()"),
                (
                    "model_executor/model_runner.py",
                    1757,
                    "_init_lora_cuda_graph_moe_buffers",
                    "self.lora_manager.init_cuda_graph_moe_buffers(",
                ),
                (
                    "lora/lora_manager.py",
                    124,
                    "init_cuda_graph_moe_buffers",
                    "self.lora_backend.init_cuda_graph_moe_buffers(",
                ),
                (
                    "lora/backend/base_backend.py",
                    194,
                    "init_cuda_graph_moe_buffers",
                    '"intermediate_cache1": torch.empty(',
                ),
            ),
            torch_oom(
                "768.00 MiB",
                "79.19 GiB",
                "401.06 MiB",
                "78.01 GiB",
                "12.50 MiB",
                process="Including non-PyTorch memory, this process has 78.78 GiB memory in use. ",
            ),
        ),
    ),
)


# ================================================================================================ oom_runtime
case(
    "runtime-input-logprobs-log-softmax-long-prompt-0.5.10",
    "0.5.10.post1 / torch 2.9",
    "layers/utils/logprob.py:63 (compute_temp_top_p_normalized_logprobs: log_softmax over every prompt position), layers/logits_processor.py:377/609",
    "oom_runtime",
    "a request with return_logprob and logprob_start_len=0 made the prefill compute full-vocabulary logprobs for every "
    "prompt token after the server was ready: a serving-time activation OOM",
    dies(
        startup("serving"),
        tb(
            LOOP
            + (
                ("model_executor/model_runner.py", 2760, "forward_extend", "return self.model.forward("),
                ("models/qwen3.py", 430, "forward", "return self.logits_processor("),
                (
                    "layers/logits_processor.py",
                    377,
                    "forward",
                    "logprobs_result = self.process_input_logprobs(input_logits, logits_metadata)",
                ),
                (
                    "layers/logits_processor.py",
                    609,
                    "process_input_logprobs",
                    "input_logprobs = compute_temp_top_p_normalized_logprobs(",
                ),
                (
                    "layers/utils/logprob.py",
                    63,
                    "compute_temp_top_p_normalized_logprobs",
                    "return torch.nn.functional.log_softmax(last_logits, dim=-1)",
                ),
            ),
            torch_oom(
                "4.64 GiB",
                "79.19 GiB",
                "2.81 GiB",
                "73.02 GiB",
                "1.93 GiB",
                process="Including non-PyTorch memory, this process has 76.37 GiB memory in use. ",
                private="1.42 GiB",
            ),
        ),
    ),
)
case(
    "runtime-qwen2.5-vl-vision-mlp-big-image-serving-0.5.10",
    "0.5.10.post1 / torch 2.9",
    "models/qwen2_5_vl.py:682 (get_image_feature: self.visual(...)) -> :477 (blk) -> :209 (VisionBlock mlp) -> :134 (gate_up_proj); managers/mm_utils.py (embed_mm_inputs)",
    "oom_runtime",
    "an image request's vision-encoder MLP activations did not fit after the server was ready: a serving-time OOM",
    dies(
        startup("serving"),
        tb(
            LOOP
            + (
                ("model_executor/model_runner.py", 2760, "forward_extend", "return self.model.forward("),
                ("models/qwen2_5_vl.py", 760, "forward", "hidden_states = general_mm_embed_routine("),
                (
                    "managers/mm_utils.py",
                    1160,
                    "general_mm_embed_routine",
                    "inputs_embeds, other_info = embed_mm_inputs(",
                ),
                ("managers/mm_utils.py", 1020, "embed_mm_inputs", "embedding, mask = get_embedding_and_mask("),
                ("managers/mm_utils.py", 900, "get_embedding_and_mask", "embedding = _get_chunked_prefill_embedding("),
                (
                    "managers/mm_utils.py",
                    780,
                    "_get_chunked_prefill_embedding",
                    "embedding_per_req = data_embedding_func(embedding_items_per_req)",
                ),
                (
                    "models/qwen2_5_vl.py",
                    682,
                    "get_image_feature",
                    "image_embeds = self.visual(pixel_values, grid_thw=image_grid_thw)",
                ),
                ("models/qwen2_5_vl.py", 477, "forward", "x = blk("),
                ("models/qwen2_5_vl.py", 209, "forward", "mlp_out = self.mlp(x_norm)"),
                ("models/qwen2_5_vl.py", 134, "forward", "gate_up, _ = self.gate_up_proj(x)"),
                ("layers/linear.py", 520, "forward", "output_parallel = self.quant_method.apply(self, input_, bias)"),
                ("layers/quantization/unquant.py", 140, "apply", "return F.linear(x, layer.weight, bias)"),
            ),
            torch_oom(
                "3.28 GiB",
                "44.39 GiB",
                "2.06 GiB",
                "40.10 GiB",
                "1.22 GiB",
                process="Including non-PyTorch memory, this process has 42.32 GiB memory in use. ",
                private="612.00 MiB",
            ),
        ),
    ),
)
_TRITON = f"{PKG}/triton"
case(
    "runtime-triton-module-load-cuda-out-of-memory-serving-0.5.10",
    "0.5.10.post1 / Triton 3.5",
    "triton third_party/nvidia/backend/driver.c (gpuAssert: PyErr_Format 'Triton Error [CUDA]: %s' on cuModuleLoadData), python/triton/compiler/compiler.py (_init_handles: load_binary)",
    "oom_runtime",
    "a prefill at a new size picked a new fused-MoE kernel config, whose module could not be loaded for lack of device "
    "memory after the server was ready: a serving-time OOM printed by Triton",
    dies(
        startup("serving"),
        tb(
            LOOP
            + (
                ("model_executor/model_runner.py", 2760, "forward_extend", "return self.model.forward("),
                (
                    "models/qwen3_moe.py",
                    326,
                    "forward",
                    "final_hidden_states = self.experts(hidden_states, topk_output)",
                ),
                ("layers/moe/fused_moe_triton/layer.py", 1012, "forward", "combine_input = self.run_moe_core("),
                ("layers/moe/fused_moe_triton/fused_moe.py", 483, "fused_experts_impl", "invoke_fused_moe_kernel("),
                (
                    "layers/moe/fused_moe_triton/fused_moe_triton_kernels.py",
                    780,
                    "invoke_fused_moe_kernel",
                    "fused_moe_kernel[grid](",
                ),
                (
                    f"{_TRITON}/runtime/jit.py",
                    419,
                    "<lambda>",
                    "return lambda *args, **kwargs: self.run(grid=grid, warmup=False, *args, **kwargs)",
                ),
                (
                    f"{_TRITON}/runtime/jit.py",
                    756,
                    "run",
                    "kernel.run(grid_0, grid_1, grid_2, stream, kernel.function, kernel.packed_metadata, launch_metadata,",
                ),
                (f"{_TRITON}/compiler/compiler.py", 499, "__getattribute__", "self._init_handles()"),
                (
                    f"{_TRITON}/compiler/compiler.py",
                    488,
                    "_init_handles",
                    "self.module, self.function, self.n_regs, self.n_spills, self.n_max_threads = driver.active.utils.load_binary(",
                ),
            ),
            "RuntimeError: Triton Error [CUDA]: out of memory",
        ),
    ),
)
case(
    "runtime-prefill-out-of-memory-0.5.23",
    "0.5.23",
    "mem_cache/allocation.py:238-246 (alloc_paged_token_slots_extend: logger.error then RuntimeError 'Prefill out of memory. Try to lower your batch size.'), base_prefix_cache.py:741",
    "oom_runtime",
    "the KV pool could not hold a new prefill's tokens while serving: KV exhaustion after start-up",
    dies(
        startup("serving")
        + f"\n{ts(88, 'TP0')} Prefill out of memory. Try to lower your batch size.\nTry to allocate 8192 tokens.\nAvailable tokens: 1984 (available_size=1984 + evictable_size=0)\n",
        tb(
            SCHED
            + (
                ("managers/scheduler.py", 6380, "run_scheduler_process", "scheduler.run_event_loop()"),
                ("managers/scheduler.py", 2070, "event_loop_overlap", "batch = self.get_next_batch_to_run()"),
                ("managers/scheduler.py", 4120, "get_next_batch_to_run", "new_batch = self.get_new_batch_prefill()"),
                ("managers/scheduler.py", 4357, "get_new_batch_prefill", "new_batch.prepare_for_extend()"),
                (
                    "managers/schedule_batch.py",
                    2914,
                    "prepare_for_extend",
                    "out_cache_loc, req_pool_indices_tensor, req_pool_indices_cpu = alloc_for_extend(",
                ),
                ("mem_cache/allocation.py", 439, "alloc_for_extend", "out_cache_loc = alloc_paged_token_slots_extend("),
                ("mem_cache/allocation.py", 246, "alloc_paged_token_slots_extend", "raise RuntimeError(error_msg)"),
            ),
            "RuntimeError: Prefill out of memory. Try to lower your batch size.\nTry to allocate 8192 tokens.\nAvailable tokens: 1984 (available_size=1984 + evictable_size=0)\n",
        ),
    ),
)
_W0410 = f"{PKG}/sglang/srt"
case(  # the warm-up's first forward runs in 0.4.10's overlap thread: a new thread gets a new cuBLAS handle, whose
    # cublasCreate needs device memory; the lead's convention puts a warm-up OOM under oom_runtime
    "runtime-cublas-alloc-failed-overlap-thread-warmup-0.4.10",
    "0.4.10 / torch 2.7",
    "aten/src/ATen/cuda/CublasHandlePool.cpp (TORCH_CUDABLAS_CHECK(cublasCreate(handle))) via Exceptions.h; managers/tp_worker_overlap_thread.py:141-145 (0.4.10: `TpModelWorkerClient hit an exception:`)",
    "oom_runtime",
    "the first forward (the warm-up request) in the overlap thread could not create its cuBLAS handle for lack of "
    "device memory: out of memory once serving starts, outside the static pool",
    startup("warmup")
    + f"\n{ts(73, 'TP0')} TpModelWorkerClient hit an exception: {TB}\n"
    + frames(
        (f"{_W0410}/managers/tp_worker_overlap_thread.py", 141, "forward_thread_func", "self.forward_thread_func_()"),
        (f"{PKG}/torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
        (
            f"{_W0410}/managers/tp_worker_overlap_thread.py",
            176,
            "forward_thread_func_",
            "self.worker.forward_batch_generation(",
        ),
        (
            f"{_W0410}/managers/tp_worker.py",
            238,
            "forward_batch_generation",
            "logits_output, can_run_cuda_graph = self.model_runner.forward(",
        ),
        (f"{_W0410}/model_executor/model_runner.py", 1735, "forward", "output = self._forward_raw("),
        (f"{_W0410}/model_executor/model_runner.py", 1770, "_forward_raw", "ret = self.forward_extend("),
        (f"{_W0410}/model_executor/model_runner.py", 1680, "forward_extend", "return self.model.forward("),
        (
            f"{_W0410}/models/qwen2.py",
            480,
            "forward",
            "hidden_states = self.model(input_ids, positions, forward_batch, input_embeds)",
        ),
        (f"{_W0410}/models/qwen2.py", 360, "forward", "hidden_states, residual = layer("),
        (f"{_W0410}/models/qwen2.py", 250, "forward", "hidden_states = self.self_attn("),
        (f"{_W0410}/models/qwen2.py", 180, "forward", "qkv, _ = self.qkv_proj(hidden_states)"),
        (f"{_W0410}/layers/linear.py", 430, "forward", "output_parallel = self.quant_method.apply(self, input_, bias)"),
        (f"{_W0410}/layers/quantization/unquant.py", 133, "apply", "return F.linear(x, layer.weight, bias)"),
    )
    + "\nRuntimeError: CUDA error: CUBLAS_STATUS_ALLOC_FAILED when calling `cublasCreate(handle)`\n"
    + f"{ts(73)} Received sigquit from a child process. It usually means the child failed.",
)
case(
    "runtime-npu-oom-forward-serving-0.5.10",
    "0.5.10.post1 / torch_npu 2.8",
    "torch_npu NPUCachingAllocator (AT_ERROR 'NPU out of memory'), in the model's forward after ready",
    "oom_runtime",
    "Ascend: a prefill's activations did not fit after the server was ready: a serving-time OOM",
    dies(
        startup("serving"),
        tb(
            LOOP
            + (
                ("model_executor/model_runner.py", 2760, "forward_extend", "return self.model.forward("),
                ("models/qwen3.py", 330, "forward", "hidden_states, residual = layer("),
                ("models/qwen3.py", 260, "forward", "hidden_states = self.mlp(hidden_states)"),
                ("models/qwen2.py", 98, "forward", "gate_up, _ = self.gate_up_proj(x)"),
            ),
            npu_oom("2.25 GiB", "60.96 GiB", "55.31 GiB", "1.47 GiB", "58.02 GiB"),
        ),
    ),
)


# ============================================================================ not device memory, and recovered OOMs
case(  # arguable: "out of resource" is shared memory per block, not the GPU's memory; a Triton OutOfResources is not a
    # RuntimeError, so the capture wrapper does not catch it. The fix is a kernel config / MoE backend for this GPU
    # (a tuned config for another GPU's shared memory): config_error, as tests/test_logwatch_templates_libs.py decided
    "triton-out-of-resources-fused-moe-in-capture-0.5.10",
    "0.5.10.post1 / Triton 3.5",
    "triton python/triton/runtime/errors.py (OutOfResources.__str__), compiler/compiler.py (_init_handles: raise OutOfResources(self.metadata.shared, max_shared, 'shared memory'))",
    "config_error",
    "the fused-MoE kernel config asks for more shared memory per block than this GPU has (an L40S running a config "
    "tuned for H100): a kernel config / hardware mismatch, not memory pressure",
    dies(
        startup("cuda_graph"),
        tb(
            CAPTURE_RUN
            + (
                (
                    "models/qwen3_moe.py",
                    326,
                    "forward",
                    "final_hidden_states = self.experts(hidden_states, topk_output)",
                ),
                ("layers/moe/fused_moe_triton/layer.py", 1012, "forward", "combine_input = self.run_moe_core("),
                ("layers/moe/fused_moe_triton/fused_moe.py", 483, "fused_experts_impl", "invoke_fused_moe_kernel("),
                (
                    "layers/moe/fused_moe_triton/fused_moe_triton_kernels.py",
                    780,
                    "invoke_fused_moe_kernel",
                    "fused_moe_kernel[grid](",
                ),
                (
                    f"{_TRITON}/runtime/jit.py",
                    419,
                    "<lambda>",
                    "return lambda *args, **kwargs: self.run(grid=grid, warmup=False, *args, **kwargs)",
                ),
                (
                    f"{_TRITON}/runtime/jit.py",
                    756,
                    "run",
                    "kernel.run(grid_0, grid_1, grid_2, stream, kernel.function, kernel.packed_metadata, launch_metadata,",
                ),
                (f"{_TRITON}/compiler/compiler.py", 499, "__getattribute__", "self._init_handles()"),
                (
                    f"{_TRITON}/compiler/compiler.py",
                    484,
                    "_init_handles",
                    'raise OutOfResources(self.metadata.shared, max_shared, "shared memory")',
                ),
            ),
            "triton.runtime.errors.OutOfResources: out of resource: shared memory, Required: 147456, Hardware limit: 101376. Reducing block sizes or `num_stages` may help.",
        ),
    ),
)


def inserted_after(marker: str, lines: str) -> str:
    """The whole start-up (as far as serving) with `lines` logged right after the line containing `marker`."""
    text = startup("serving")
    end = text.index("\n", text.index(marker))
    return f"{text[:end]}\n{lines}{text[end:]}"


case(  # a trap: FlashInfer's tuner catches the OOM, falls back to its default tactic, and start-up goes on
    "trap-flashinfer-autotuner-oom-fallback-then-ready-0.5.10",
    "0.5.10.post1 / flashinfer-python 0.6.7.post3",
    "flashinfer autotuner.py:812-818 (except torch.cuda.OutOfMemoryError: empty_cache, logger.warning, return the default tactic); model_runner.py:2098/2111",
    "healthy",
    "the autotuner's own OOM is handled (a slower default tactic); the server then captures its graphs and is ready",
    inserted_after(
        "Memory pool end",
        f"{ts(42, 'TP0')} Running FlashInfer autotune...\n"
        "2026-03-02 10:00:42,118 - INFO - autotuner.py:446 - flashinfer.jit: [Autotuner]: Autotuning process starts ...\n"
        "2026-03-02 10:00:44,907 - WARNING - autotuner.py:814 - flashinfer.jit: [Autotuner]: OOM detected, falling back to default tactic\n"
        "2026-03-02 10:00:51,330 - INFO - autotuner.py:455 - flashinfer.jit: [Autotuner]: Autotuning process ends\n"
        f"{ts(51, 'TP0')} FlashInfer autotune completed.",
    ),
)
case(  # a trap: DeepGEMM's warm-up shrinks itself "to avoid out of memory" and start-up goes on
    "trap-deepgemm-warmup-reducing-max-m-then-ready-0.5.10",
    "0.5.10.post1",
    "layers/deep_gemm_wrapper/compile_utils.py:174-190 (logger.info 'Required memory for warmup', logger.warning 'reducing max_m ... to avoid out of memory')",
    "healthy",
    "a warning that the warm-up was made smaller; capture ends and the server is ready",
    inserted_after(
        "Capturing batches",
        _DG_LINES.lstrip("\n") + "\nDeepGEMM warmup: 100%|██████████| 4096/4096 [00:41<00:00, 99.10it/s]",
    ),
)
case(  # a trap: 0.5.23's multimodal processor retries on the CPU after a GPU OOM and the request is served
    "trap-mm-preprocess-gpu-oom-retry-on-cpu-0.5.23",
    "0.5.23",
    "multimodal/processors/base_processor.py:940-955 (except torch.cuda.OutOfMemoryError: logger.warning '... retrying on CPU', then the CPU path)",
    "healthy",
    "the tokenizer side's image preprocessing fell back to the CPU; the request is served and the server goes on",
    startup("serving")
    + f"\n{ts(85)} Multimodal preprocessing ran out of GPU memory on cuda; retrying on CPU"
    + f"\n{ts(86, 'TP0')} Prefill batch, #new-seq: 1, #new-token: 5120, #cached-token: 0, token usage: 0.42, #running-req: 56, #queue-req: 0"
    + f'\n{ts(88)} INFO:     127.0.0.1:51834 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
)


# The classifier's misses at first sight (one run, after the labels above were fixed): strict, so a fix must remove the
# entry. Filled in from that run; no log or label above was changed after it (no rendering fix was needed).
# Afterwards (lead): two fixed by family. Triton's `Triton Error [CUDA]: out of memory` is an OOM; SGLang's capture
# wrapper around an OOM whose own traceback, just read, named a workspace (DeepGEMM's warm-up inside capture) keeps
# the workspace. Four stay, open to argument: after ready any OOM is a serving OOM (the fix is the same whatever
# allocated), and buffers no label names (LoRA's pools, HiSparse's tables) go by the step they fell in.
XFAIL: dict[str, str] = {
    # an OOM in a KV-pool cousin built after `Memory pool end` (before capture) is read by its phase as capture
    "kv-hisparse-coordinator-device-buffers-0.5.10": "oom_cuda_graph (oom.out_of_memory)",
    # DeepGEMM's JIT warm-up buffers: the phase (serving) wins over the workspace's frames
    "moe-deepgemm-contig-warmup-first-prefill-serving-0.5.10": "oom_runtime (oom.out_of_memory)",
    # buffers allocated between `Load weight end` and the KV pool are all read as the KV pool
    # (moe-lora-moe-cuda-graph-buffers-0.5.10 fixed in the sixth session: a function allocating MoE buffers is a workspace)
    "w-lora-memory-pool-buffers-0.5.10": "oom_kv_cache (oom.out_of_memory)",
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_an_oom_in_its_phase_gets_its_memory_label(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


def test_every_case_says_why_and_each_memory_label_has_five() -> None:
    assert all(t.why and t.source for t in CASES.values())
    for label in ("oom_cuda_graph", "oom_moe_workspace", "oom_kv_cache", "oom_weights", "oom_runtime"):
        assert sum(t.label == label for t in CASES.values()) >= 5, label

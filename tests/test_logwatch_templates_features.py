"""Optional serving features (a helper, blind): what SGLang 0.4.0-0.5.9 prints when a feature flag fails at start-up
or under load, and when it only warns. LoRA (`--lora-paths` without `--disable-radix-cache` on 0.4.6, an adapter
whose target modules are not in `--lora-target-modules`, the LoRA memory pool that does not fit beside the weights,
the pool that leaves no room for the KV cache, the csgmv expand kernel's buffer under load, a dynamically loaded
adapter whose rank exceeds `--max-lora-rank`, rejected with 400), structured outputs (one request with a schema
xgrammar cannot compile, rejected with 400, vs the outlines backend failing to import at start-up), parsers
(`--tool-call-parser` / `--reasoning-parser` names an old release does not know), chat templates (a missing file, a
JSON template that does not parse, a Jinja template that only fails per request with 500s), HiCache (a host pool
larger than the host's free RAM, `--hicache-ratio` not above the device pool, the mooncake storage backend without
MOONCAKE_MASTER, `--disable-radix-cache` with it, an illegal memory access on eviction under PD load, a healthy start
with its layout and FP8 warnings), torch.compile (OOM inside inductor's generated code during capture, a custom op
that cannot be captured, a healthy compile with inductor's SM warnings), FP8 KV cache (scales file for a model without
a loader, fp8_e5m2 with TRT-LLM MLA, fp8_e4m3 on an A100 that Triton cannot compile), `--enable-metrics` with a
PROMETHEUS_MULTIPROC_DIR that does not exist, `--enable-deterministic-inference` with an unsupported backend,
`--tokenizer-worker-num` whose uvicorn supervisor cannot bind, and `--enable-dp-attention` (a bare assert on
tp % dp, the gathered buffer that does not fit during capture).

Each SGLang message is copied from the named release's wheel (file:line under sglang/ of that wheel, call paths with
that wheel's line numbers); torch's (2.8.0 wheel: _contextlib, nn.Module, _dynamo, _functorch, _inductor,
functional, c10 strings), CPython's (3.10/3.11/3.12 runpy, json, tempfile, multiprocessing, dataclass line numbers
computed by running those interpreters), jinja2 3.1.6's and uvicorn 0.38's from their sources; xgrammar's and
Triton's error texts and the 0.4.9 capture failure from the public threads named in `source`. Labels are by
/work/shared/corpus/README.md, decided before the classifier ran.

Policy for the arguable ones, fixed before the run: a LoRA memory pool that OOMs while it is being allocated right
after the weights is oom_weights (adapter weight buffers that do not fit beside the model; the fix is fewer/smaller
adapters or more GPUs, not a higher --mem-fraction-static); a HiCache host pool refused by SGLang's own RAM check is
config_error (an argument sized beyond the host; no GPU is out of memory); a grammar backend that cannot be imported
is config_error (an incompatible optional dependency); Triton refusing fp8e4nv on SM80 is config_error (a KV dtype
this GPU does not support; the fix is fp8_e5m2), unlike a kernel crashing on the device.

First sight: 28/30 (2 misses, strict xfails below; healthy contrasts 5/5).
"""

# ruff: noqa: E501, RUF005  (log lines are data; call paths are built by extending a shared prefix)

from __future__ import annotations

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
def at(second: int, rank: str | None = None, day: str = "2026-03-02") -> str:
    """SGLang 0.4+/0.5 prefix: `[YYYY-MM-DD HH:MM:SS TP0]` (no rank tag when tp_size is 1)."""
    tag = f" {rank}" if rank else ""
    return f"[{day} {10 + second // 3600:02d}:{second // 60 % 60:02d}:{second % 60:02d}{tag}]"


def fr(root: str, *stack: tuple[str, int, str, str]) -> str:
    """Python's frames; a relative path is under `root` (the srt/ directory, or site-packages)."""
    out = []
    for path, line, func, code in stack:
        full = path if path.startswith(("/", "<")) else f"{root}/{path}"
        out.append(f'  File "{full}", line {line}, in {func}' + (f"\n    {code}" if code else ""))
    return "\n".join(out)


def lines(*items: str) -> str:
    return "\n".join(items)


# install roots: the lmsysorg/sglang images keep sglang editable under /sgl-workspace; pip installs keep it in
# site-packages next to torch
DK = "/sgl-workspace/sglang/python/sglang/srt"
PY312 = "/usr/local/lib/python3.12/dist-packages"
PY310 = "/usr/local/lib/python3.10/dist-packages"
PIP = f"{PY312}/sglang/srt"
CONDA = "/opt/conda/lib/python3.10/site-packages"
CSGL = f"{CONDA}/sglang/srt"

RUNPY312 = (("<frozen runpy>", 198, "_run_module_as_main", ""), ("<frozen runpy>", 88, "_run_code", ""))
RUNPY310 = (
    ("/usr/lib/python3.10/runpy.py", 196, "_run_module_as_main", "return _run_code(code, main_globals, None,"),
    ("/usr/lib/python3.10/runpy.py", 86, "_run_code", "exec(code, run_globals)"),
)
CTX = (f"{PY312}/torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)")
MOD = (
    (f"{PY312}/torch/nn/modules/module.py", 1773, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
    (f"{PY312}/torch/nn/modules/module.py", 1784, "_call_impl", "return forward_call(*args, **kwargs)"),
)
CUDA_ERR_TAIL = (
    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."
)
CAPTURE_HINTS = (
    "Possible solutions:\n"
    "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
    "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n"
    "3. disable torch compile by not using --enable-torch-compile\n"
    "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\n"
    "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose \n"
)


def torch_oom(
    tried: str, gpu: int, total: str, free: str, proc: str, alloc: str, reserved: str, graphs: str = ""
) -> str:
    """c10/cuda/CUDACachingAllocator.cpp's message as torch 2.7/2.8 print it (`with X allocated in private pools`
    only once a CUDA graph pool exists)."""
    pools = f", with {graphs} allocated in private pools (e.g., CUDA Graphs)," if graphs else ","
    return (
        f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {tried}. GPU {gpu} has a total capacity of {total} "
        f"of which {free} is free. Including non-PyTorch memory, this process has {proc} memory in use. Of the allocated "
        f"memory {alloc} is allocated by PyTorch{pools} and {reserved} is reserved by PyTorch but unallocated. If reserved "
        "but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid "
        "fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
    )


def sched_exc(
    second: int, root: str, stack: tuple, error: str, *, rank: str | None = "TP0", day: str = "2026-03-02"
) -> str:
    return f"{at(second, rank, day)} Scheduler hit an exception: {TB}\n{fr(root, *stack)}\n{error}"


def sigquit(second: int, day: str = "2026-03-02") -> str:
    """entrypoints/engine.py's launch-phase sigquit handler (0.4.6+)."""
    return f"{at(second, None, day)} Received sigquit from a child process. It usually means the child failed."


def boot(
    s: int,
    rank: str | None,
    model_type: str,
    *,
    before: str,
    after: str,
    usage: str,
    shards: str,
    elapsed: str | None = None,
    day: str = "2026-03-02",
) -> str:
    """model_runner's distributed-init and weight lines (0.4.6-0.5.5 format; 0.5.9 adds `elapsed=`)."""
    dist_end = (
        f"Init torch distributed ends. elapsed={elapsed} s, mem usage=0.50 GB"
        if elapsed
        else "Init torch distributed ends. mem usage=0.50 GB"
    )
    w_el = f"elapsed={elapsed} s, " if elapsed else ""
    return lines(
        f"{at(s, rank, day)} Init torch distributed begin.",
        f"{at(s + 2, rank, day)} {dist_end}",
        f"{at(s + 3, rank, day)} Load weight begin. avail mem={before} GB",
        f"Loading safetensors checkpoint shards: 100% Completed | {shards} [00:21<00:00,  1.31s/it]",
        f"{at(s + 25, rank, day)} Load weight end. {w_el}type={model_type}, dtype=torch.bfloat16, avail mem={after} GB, mem usage={usage} GB.",
    )


def pool(s: int, rank: str | None, tokens: int, k: str, avail: str, day: str = "2026-03-02") -> str:
    return lines(
        f"{at(s, rank, day)} KV Cache is allocated. #tokens: {tokens}, K size: {k} GB, V size: {k} GB",
        f"{at(s, rank, day)} Memory pool end. avail mem={avail} GB",
    )


def graphs(s: int, rank: str | None, avail: str, bs: str, end_avail: str, day: str = "2026-03-02") -> str:
    n = bs.count(",") + 1
    return lines(
        f"{at(s, rank, day)} Capture cuda graph begin. This can take up to several minutes. avail mem={avail} GB",
        f"{at(s, rank, day)} Capture cuda graph bs {bs}",
        f"Capturing batches (bs=1 avail_mem={end_avail} GB): 100%|██████████| {n}/{n} [00:09<00:00,  2.41it/s]",
        f"{at(s + 10, rank, day)} Capture cuda graph end. Time elapsed: 10.12 s. mem usage=0.74 GB. avail mem={end_avail} GB.",
    )


def ready(s: int, *, prefill: str = "Prefill batch, ", rank: str | None = "TP0", day: str = "2026-03-02") -> str:
    """http_server's uvicorn start and its warm-up request (0.5.x uvicorn formats set by set_uvicorn_logging_configs)."""
    return lines(
        f"{at(s, None, day)} INFO:     Started server process [4242]",
        f"{at(s, None, day)} INFO:     Waiting for application startup.",
        f"{at(s, None, day)} INFO:     Application startup complete.",
        f"{at(s, None, day)} INFO:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)",
        f'{at(s + 1, None, day)} INFO:     127.0.0.1:41250 - "GET /get_model_info HTTP/1.1" 200 OK',
        f"{at(s + 1, rank, day)} {prefill}#new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f'{at(s + 2, None, day)} INFO:     127.0.0.1:41256 - "POST /generate HTTP/1.1" 200 OK',
        f"{at(s + 2, None, day)} The server is fired up and ready to roll!",
    )


# -- 0.5.5's scheduler -> worker -> model runner (Scheduler builds TpModelWorker itself; no overlap-thread client)
INIT_055 = (
    ("managers/scheduler.py", 2802, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 311, "__init__", "self.tp_worker = TpModelWorker("),
    ("managers/tp_worker.py", 237, "__init__", "self._model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 322, "__init__", "self.initialize(min_per_gpu_memory)"),
)
CACHE_055 = (
    ("managers/scheduler.py", 2802, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 417, "__init__", "self.init_memory_pool_and_cache()"),
    ("managers/scheduler.py", 728, "init_memory_pool_and_cache", "self.tree_cache = HiRadixCache("),
)
# -- 0.5.2's (overlap scheduler: TpModelWorkerClient wraps TpModelWorker)
INIT_052 = (
    ("managers/scheduler.py", 2587, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 329, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 71, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 93, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 250, "__init__", "self.initialize(min_per_gpu_memory)"),
)
GRAPHS_052 = INIT_052 + (
    ("model_executor/model_runner.py", 386, "initialize", "self.init_device_graphs()"),
    (
        "model_executor/model_runner.py",
        1761,
        "init_device_graphs",
        "self.graph_runner = graph_runners[self.device](self)",
    ),
)
CAPTURE_052 = (
    ("model_executor/cuda_graph_runner.py", 389, "__init__", "self.capture()"),
    ("model_executor/cuda_graph_runner.py", 497, "capture", ") = self.capture_one_batch_size(bs, forward)"),
    ("model_executor/cuda_graph_runner.py", 668, "capture_one_batch_size", "run_once()"),
    ("model_executor/cuda_graph_runner.py", 657, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
)
RAISE_CAPTURE_052 = GRAPHS_052 + (("model_executor/cuda_graph_runner.py", 391, "__init__", "raise Exception("),)
# -- 0.4.10.post2's (pip into conda, python 3.10)
INIT_0410 = (
    ("managers/scheduler.py", 2534, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 313, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 67, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 84, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 242, "__init__", "self.initialize(min_per_gpu_memory)"),
)


def args_055(*tail: tuple[str, int, str, str]) -> str:
    """0.5.5's launcher when ServerArgs.__post_init__ raises (dataclass __init__ line = 272 fields + 3)."""
    return fr(
        PIP,
        *RUNPY312,
        (f"{PY312}/sglang/launch_server.py", 24, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
        ("server_args.py", 4022, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
        ("server_args.py", 3637, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
        ("<string>", 275, "__init__", ""),
        *tail,
    )


# ============================================================================================================ LoRA
case(  # 0.4.6.post5 server_args.py:1450-1454, check_server_args from engine.py:547 (before the server_args= line)
    "lora-paths-without-disable-radix-cache-assert-0.4.6",
    "0.4.6.post5",
    "srt/server_args.py:1450-1454 (assert ... 'compatibility of lora and cuda graph and radix attention is in progress'), engine.py:547",
    "config_error",
    "LoRA on 0.4.6 needs --disable-radix-cache; the launcher's argument check fails before any process starts",
    lines(
        "$ python3 -m sglang.launch_server --model-path meta-llama/Llama-3.1-8B-Instruct --lora-paths sql=/adapters/llama31-sql "
        "chat=/adapters/llama31-chat --max-loras-per-batch 4 --port 30000",
        TB,
        fr(
            DK,
            *RUNPY310,
            ("/sgl-workspace/sglang/python/sglang/launch_server.py", 14, "<module>", "launch_server(server_args)"),
            (
                "entrypoints/http_server.py",
                743,
                "launch_server",
                "tokenizer_manager, scheduler_info = _launch_subprocesses(server_args=server_args)",
            ),
            ("entrypoints/engine.py", 547, "_launch_subprocesses", "server_args.check_server_args()"),
            ("server_args.py", 1450, "check_server_args", "assert ("),
        ),
        "AssertionError: compatibility of lora and cuda graph and radix attention is in progress",
    ),
)

case(  # 0.5.5 lora/lora_manager.py:377-400 (init_lora_shapes), called from LoRAManager.__init__ -> init_state
    "lora-adapter-target-modules-not-in-flag-0.5.5",
    "0.5.5",
    "srt/lora/lora_manager.py:393-398 (ValueError 'LoRA adapter ... contains target modules ... not included in the specified --lora-target-modules'), model_runner.py:454/1211",
    "config_error",
    "the adapter trains o_proj/MLP too but --lora-target-modules names only q_proj v_proj: the scheduler dies after the weights",
    lines(
        f"{at(0)} server_args=ServerArgs(model_path='Qwen/Qwen2.5-7B-Instruct', tokenizer_path='Qwen/Qwen2.5-7B-Instruct', tokenizer_mode='auto', "
        "dtype='auto', kv_cache_dtype='auto', mem_fraction_static=0.835, tp_size=1, port=30000, enable_lora=True, max_lora_rank=None, "
        "lora_target_modules={'q_proj', 'v_proj'}, lora_paths=[LoRARef(lora_id='0e7d2c4a91b84f6c9a3d5e8f1b2c7a60', lora_name='sql-expert', lora_path='/adapters/qwen25-sql', pinned=False)], "
        "max_loaded_loras=None, max_loras_per_batch=8, lora_eviction_policy='lru', lora_backend='csgmv', ...)",
        boot(5, None, "Qwen2ForCausalLM", before="43.94", after="29.38", usage="14.56", shards="4/4"),
        f"{at(31)} Using csgmv as backend of LoRA kernels.",
        sched_exc(
            32,
            PIP,
            INIT_055
            + (
                ("model_executor/model_runner.py", 454, "initialize", "self.init_lora_manager()"),
                ("model_executor/model_runner.py", 1211, "init_lora_manager", "self.lora_manager = LoRAManager("),
                ("lora/lora_manager.py", 84, "__init__", "self.init_state("),
                ("lora/lora_manager.py", 335, "init_state", "self.init_lora_shapes("),
                ("lora/lora_manager.py", 393, "init_lora_shapes", "raise ValueError("),
            ),
            "ValueError: LoRA adapter 'sql-expert' contains target modules ['down_proj', 'gate_up_proj', 'o_proj'] that are not included in the "
            "specified --lora-target-modules ['qkv_proj']. Please update --lora-target-modules to include all required modules: "
            "['down_proj', 'gate_up_proj', 'o_proj', 'qkv_proj'], or use 'all' to enable all supported modules.",
            rank=None,
        ),
        sigquit(32),
    ),
)

case(  # 0.4.10.post2 lora/mem_pool.py:119-150 init_buffers (one torch.empty per layer), LoRAManager.init_memory_pool
    "lora-memory-pool-does-not-fit-beside-weights-0.4.10",
    "0.4.10.post2",
    "srt/lora/mem_pool.py:61/146/131-132 (B buffer torch.empty per layer), lora_manager.py:76/361/437, model_runner.py:328/907",
    "oom_weights",
    "16 adapters x rank 256 on all modules of an 8B model on a 24 GB card: the adapter buffers OOM right after the weights",
    lines(
        f"{at(0)} server_args=ServerArgs(model_path='meta-llama/Llama-3.1-8B-Instruct', tokenizer_path='meta-llama/Llama-3.1-8B-Instruct', "
        "tokenizer_mode='auto', dtype='auto', kv_cache_dtype='auto', mem_fraction_static=0.85, tp_size=1, port=30000, "
        "disable_radix_cache=True, enable_lora=True, max_lora_rank=256, lora_target_modules={'gate_proj', 'o_proj', 'k_proj', 'q_proj', 'up_proj', 'down_proj', 'v_proj'}, max_loras_per_batch=16, lora_backend='triton', ...)",
        boot(5, None, "LlamaForCausalLM", before="23.31", after="8.25", usage="15.06", shards="4/4"),
        f"{at(31)} Using triton as backend of LoRA kernels.",
        sched_exc(
            34,
            CSGL,
            INIT_0410
            + (
                ("model_executor/model_runner.py", 328, "initialize", "self.init_lora_manager()"),
                ("model_executor/model_runner.py", 907, "init_lora_manager", "self.lora_manager = LoRAManager("),
                ("lora/lora_manager.py", 76, "__init__", "self.init_state("),
                ("lora/lora_manager.py", 361, "init_state", "self.init_memory_pool()"),
                ("lora/lora_manager.py", 437, "init_memory_pool", "self.memory_pool = LoRAMemoryPool("),
                ("lora/mem_pool.py", 61, "__init__", "self.init_buffers(base_model)"),
                ("lora/mem_pool.py", 146, "init_buffers", "init_buffer("),
                ("lora/mem_pool.py", 131, "init_buffer", "buffer[module_name] = ["),
                ("lora/mem_pool.py", 132, "<listcomp>", "torch.empty("),
            ),
            torch_oom("448.00 MiB", 0, "23.64 GiB", "215.06 MiB", "23.41 GiB", "22.88 GiB", "36.12 MiB"),
            rank=None,
        ),
        sigquit(34),
    ),
)

case(  # 0.4.10.post2 model_runner.py:1154-1157 (profile_max_num_token after the LoRA pool took its share)
    "lora-pool-leaves-no-kv-cache-0.4.10",
    "0.4.10.post2",
    "srt/model_executor/model_runner.py:331/1155 (RuntimeError 'Not enough memory. Please try to increase --mem-fraction-static.') after init_lora_manager (:328)",
    "oom_kv_cache",
    "the LoRA buffers fit, but what is left after weights + adapters is below the reserve: the KV pool gets no tokens",
    lines(
        f"{at(0)} server_args=ServerArgs(model_path='meta-llama/Llama-3.1-8B-Instruct', tokenizer_path='meta-llama/Llama-3.1-8B-Instruct', "
        "tokenizer_mode='auto', dtype='auto', kv_cache_dtype='auto', mem_fraction_static=0.8, tp_size=1, port=30000, "
        "disable_radix_cache=True, enable_lora=True, max_lora_rank=256, lora_target_modules={'gate_proj', 'o_proj', 'k_proj', 'q_proj', 'up_proj', 'down_proj', 'v_proj'}, max_loras_per_batch=16, lora_backend='triton', ...)",
        boot(5, None, "LlamaForCausalLM", before="44.08", after="29.02", usage="15.06", shards="4/4"),
        f"{at(31)} Using triton as backend of LoRA kernels.",
        sched_exc(
            47,
            CSGL,
            INIT_0410
            + (
                ("model_executor/model_runner.py", 331, "initialize", "self.init_memory_pool("),
                ("model_executor/model_runner.py", 1155, "init_memory_pool", "raise RuntimeError("),
            ),
            "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static.",
            rank=None,
        ),
        sigquit(47),
    ),
)

LORA_LOOP_055 = (
    ("managers/scheduler.py", 2826, "run_scheduler_process", "scheduler.event_loop_overlap()"),
    CTX,
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
    CTX,
    ("models/llama.py", 469, "forward", "hidden_states = self.model("),
    *MOD,
    ("models/llama.py", 342, "forward", "hidden_states, residual = layer("),
    *MOD,
    ("models/llama.py", 274, "forward", "hidden_states = self.mlp(hidden_states)"),
    *MOD,
    ("models/llama.py", 100, "forward", "gate_up, _ = self.gate_up_proj(x)"),
    *MOD,
    ("lora/layers.py", 106, "forward", "output_parallel = self.apply_lora(output_parallel, input_)"),
    ("lora/layers.py", 155, "apply_lora", "lora_output = self.lora_backend.run_gate_up_lora("),
    ("lora/backend/chunked_backend.py", 126, "run_gate_up_lora", "lora_output = chunked_sgmv_lora_expand_forward("),
    (
        "lora/triton_ops/chunked_sgmv_expand.py",
        190,
        "chunked_sgmv_lora_expand_forward",
        "output = torch.zeros((M, OUTPUT_DIM), device=x.device, dtype=x.dtype)",
    ),
)
case(  # 0.5.5 lora/triton_ops/chunked_sgmv_expand.py:190 (8192 tokens x 2*14336 bf16 = 448 MiB) on a chunked prefill
    "lora-csgmv-expand-oom-under-load-0.5.5",
    "0.5.5",
    "srt/lora/triton_ops/chunked_sgmv_expand.py:190 via lora/layers.py:106/155, chunked_backend.py:126, scheduler.py:990/1987",
    "oom_runtime",
    "served for minutes at 0.97 token usage; a full 8192-token prefill batch with adapters needs the expand buffer and OOMs",
    lines(
        f"{at(120)} The server is fired up and ready to roll!",
        f"{at(1500)} Prefill batch, #new-seq: 3, #new-token: 8192, #cached-token: 1024, token usage: 0.96, #running-req: 61, #queue-req: 18, ",
        f"{at(1501)} Decode batch, #running-req: 64, #token: 211020, token usage: 0.97, cuda graph: True, gen throughput (token/s): 1640.31, #queue-req: 18, ",
        f'{at(1501)} INFO:     10.0.3.17:51822 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f"{at(1502)} Prefill batch, #new-seq: 2, #new-token: 8192, #cached-token: 0, token usage: 0.97, #running-req: 64, #queue-req: 16, ",
        sched_exc(
            1502,
            PIP,
            LORA_LOOP_055,
            torch_oom(
                "448.00 MiB", 0, "44.53 GiB", "187.06 MiB", "44.23 GiB", "40.86 GiB", "2.84 GiB", graphs="624.00 MiB"
            ),
            rank=None,
        ),
        f"{at(1502)} SIGQUIT received. signum=None, frame=None. It usually means one child failed.",
    ),
)

case(  # 0.5.5 lora_manager.py:183-188 (validate_new_adapter) returned by tokenizer_communicator_mixin.py:480-536, http_server.py:960-963 -> 400
    "lora-dynamic-load-rank-above-pool-rejected-400-0.5.5",
    "0.5.5",
    "srt/lora/lora_manager.py:183-188 (incompatible with the current LoRA memory pool configuration), model_runner.py:1229/1236, http_server.py:960 (400)",
    "healthy",
    "a ready server refuses to hot-load a rank-128 adapter into its rank-64 pool: one 400, the log shows only load start/complete, serving goes on",
    lines(
        ready(60, rank=None),
        f"{at(400)} Start load Lora adapter. Lora name=support-r128, path=/adapters/llama31-support-r128",
        f"{at(400)} LoRA adapter loading starts: LoRARef(lora_id=5c0f3b9a8e2d4c71b6a1f0d9e4c2a7b3, lora_name=support-r128, "
        "lora_path=/adapters/llama31-support-r128, pinned=False). avail mem=5.18 GB",
        f"{at(400)} LoRA adapter loading completes: LoRARef(lora_id=5c0f3b9a8e2d4c71b6a1f0d9e4c2a7b3, lora_name=support-r128, "
        "lora_path=/adapters/llama31-support-r128, pinned=False). avail mem=5.18 GB",
        f'{at(400)} INFO:     10.0.3.17:40112 - "POST /load_lora_adapter HTTP/1.1" 400 Bad Request',
        '$ curl -s localhost:30000/load_lora_adapter -d \'{"lora_name": "support-r128", "lora_path": "/adapters/llama31-support-r128"}\'',
        '{"success":false,"error_message":"LoRA adapter support-r128 with rank 128 is incompatible with the current LoRA memory pool '
        "configuration. Please ensure that the LoRA adapter's rank is within the configured `--max-lora-rank` and that the target modules "
        'are included in `--lora-target-modules`.","loaded_adapters":{"sql":"/adapters/llama31-sql"}}',
        f"{at(402)} Prefill batch, #new-seq: 1, #new-token: 412, #cached-token: 0, token usage: 0.02, #running-req: 3, #queue-req: 0, ",
        f'{at(403)} INFO:     10.0.3.17:40120 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f"{at(410)} Decode batch, #running-req: 4, #token: 3312, token usage: 0.02, cuda graph: True, gen throughput (token/s): 241.77, #queue-req: 0, ",
    ),
)

# ================================================================================================ structured outputs
BAD_SCHEMA = (
    '{"type": "object", "properties": {"when": {"type": "datetime"}, "city": {"type": "string"}}, "required": ["when"]}'
)
case(  # 0.5.2 constrained/xgrammar_backend.py:197-200 (logging.error, INVALID_GRAMMAR_OBJ); scheduler.py:2045-2048 -> schedule_batch.py:790-799 (400)
    "xgrammar-invalid-schema-one-request-400-0.5.2",
    "0.5.2",
    "srt/constrained/xgrammar_backend.py:199 'Hit invalid json_schema', scheduler.py:2046 + schedule_batch.py:792 'Invalid grammar request'; "
    "xgrammar's text as quoted in public threads ('RuntimeError: [09:44:28] /project/cpp/json_schema_converter.cc:902: Unsupported type')",
    "healthy",
    "one client sends a schema with an unknown type: its request is aborted with 400, a tool-call parse warning follows, the server keeps serving",
    lines(
        ready(60, prefill="Prefill batch. "),
        f"{at(300, 'TP0')} Hit invalid json_schema: key_string='{BAD_SCHEMA}', "
        "e=RuntimeError('[10:05:00] /project/cpp/json_schema_converter.cc:902: Unsupported type \"datetime\"')",
        f"{at(300, 'TP0')} Invalid grammar request: req.grammar_key=('json', '{BAD_SCHEMA}'), self.rid='7f3c9d1e2a4b4c6e8f0a1b2c3d4e5f60'",
        f'{at(300)} INFO:     10.0.4.21:55310 - "POST /v1/chat/completions HTTP/1.1" 400 Bad Request',
        f"{at(302, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 388, #cached-token: 256, token usage: 0.01, #running-req: 2, #queue-req: 0, ",
        f"{at(303)} Failed to parse JSON part: ",
        '{"name": "get_weather", "arguments": {"city": "Berlin", "unit": "celsius"}',
        ", JSON parse error: Expecting ',' delimiter: line 1 column 75 (char 74)",
        f'{at(303)} INFO:     10.0.4.21:55318 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f"{at(310, 'TP0')} Decode batch. #running-req: 3, #token: 2310, token usage: 0.01, cuda graph: True, gen throughput (token/s): 188.42, #queue-req: 0, ",
    ),
)

case(  # 0.4.0.post2 managers/scheduler.py:277-285 imports the outlines backend after the worker is up
    "outlines-grammar-backend-import-error-0.4.0",
    "0.4.0.post2",
    "srt/managers/scheduler.py:278 -> constrained/outlines_backend.py:23; ImportError text from "
    "https://github.com/sgl-project/sglang/issues/2549 (outlines 0.1.11 with a newer outlines-core)",
    "config_error",
    "the default outlines grammar backend cannot be imported with the installed outlines: the scheduler dies after capture",
    lines(
        f"{at(0, None, '2024-12-23')} server_args=ServerArgs(model_path='Qwen/Qwen2.5-7B-Instruct', tokenizer_path='Qwen/Qwen2.5-7B-Instruct', "
        "tokenizer_mode='auto', skip_tokenizer_init=False, load_format='auto', trust_remote_code=False, dtype='auto', kv_cache_dtype='auto', "
        "mem_fraction_static=0.88, tp_size=1, grammar_backend='outlines', ...)",
        f"{at(5, None, '2024-12-23')} Init torch distributed begin.",
        f"{at(6, None, '2024-12-23')} Load weight begin. avail mem=78.84 GB",
        "Loading safetensors checkpoint shards: 100% Completed | 4/4 [00:04<00:00,  1.02s/it]",
        f"{at(11, None, '2024-12-23')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=64.36 GB, mem usage=14.48 GB.",
        f"{at(11, None, '2024-12-23')} Memory pool end. avail mem=8.95 GB",
        f"{at(12, None, '2024-12-23')} Capture cuda graph begin. This can take up to several minutes.",
        f"{at(25, None, '2024-12-23')} Capture cuda graph end. Time elapsed: 13.21 s",
        sched_exc(
            25,
            f"{PY310}/sglang/srt",
            (
                (
                    "managers/scheduler.py",
                    1528,
                    "run_scheduler_process",
                    "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, dp_rank)",
                ),
                ("managers/scheduler.py", 278, "__init__", "from sglang.srt.constrained.outlines_backend import ("),
                (
                    "constrained/outlines_backend.py",
                    23,
                    "<module>",
                    "from outlines.fsm.json_schema import build_regex_from_schema",
                ),
            ),
            f"ImportError: cannot import name 'build_regex_from_schema' from 'outlines.fsm.json_schema' ({PY310}/outlines/fsm/json_schema.py)",
            rank=None,
            day="2024-12-23",
        ),
        "Killed",
    ),
)

# =========================================================================================================== parsers
case(  # 0.4.6.post5 server_args.py:1226-1230 (--tool-call-parser choices); argparse's own error (exit 2)
    "tool-call-parser-unknown-choice-k8s-0.4.6",
    "0.4.6.post5",
    "srt/server_args.py:1226-1230 (choices=['qwen25', 'mistral', 'llama3', 'deepseekv3', 'pythonic']), argparse 'invalid choice'",
    "config_error",
    "a Qwen3-Coder recipe's --tool-call-parser qwen3_coder on a 0.4.6 image: argparse exits before anything starts",
    lines(
        "$ kubectl logs -n llm deploy/qwen3-coder --previous",
        "usage: launch_server.py [-h] --model-path MODEL_PATH",
        "                        [--tokenizer-path TOKENIZER_PATH] [--host HOST]",
        "                        [--port PORT] [--tokenizer-mode {auto,slow}]",
        "                        ...",
        "                        [--tool-call-parser {qwen25,mistral,llama3,deepseekv3,pythonic}]",
        "                        [--enable-hierarchical-cache]",
        "launch_server.py: error: argument --tool-call-parser: invalid choice: 'qwen3_coder' (choose from 'qwen25', 'mistral', 'llama3', 'deepseekv3', 'pythonic')",
    ),
)

case(  # 0.4.10.post2 server_args.py:1133-1138 (choices=list(ReasoningParser.DetectorMap.keys()), reasoning_parser.py:230-237)
    "reasoning-parser-gpt-oss-on-old-image-compose-0.4.10",
    "0.4.10.post2",
    "srt/server_args.py:1135-1136 + srt/reasoning_parser.py:230-237 (no 'gpt-oss' key), argparse 'invalid choice' under docker compose",
    "config_error",
    "a gpt-oss compose file on the v0.4.10.post2 image: --reasoning-parser gpt-oss is not a choice yet",
    "\n".join(
        f"gpt-oss-1  | {line}"
        for line in [
            "usage: launch_server.py [-h] --model-path MODEL_PATH",
            "                        [--tokenizer-path TOKENIZER_PATH]",
            "                        ...",
            "                        [--reasoning-parser {deepseek-r1,qwen3,qwen3-thinking,glm45,kimi,step3}]",
            "                        [--tool-call-parser {qwen25,mistral,llama3,deepseekv3,pythonic,kimi_k2,qwen3_coder,glm45,step3}]",
            "launch_server.py: error: argument --reasoning-parser: invalid choice: 'gpt-oss' (choose from 'deepseek-r1', 'qwen3', "
            "'qwen3-thinking', 'glm45', 'kimi', 'step3')",
        ]
    )
    + "\ngpt-oss-1 exited with code 2",
)

# ==================================================================================================== chat templates
case(  # 0.4.6.post5 openai_api/adapter.py:120-132, called from engine.py:651 while the scheduler is loading
    "chat-template-file-missing-0.4.6",
    "0.4.6.post5",
    "srt/openai_api/adapter.py:129 (RuntimeError 'Chat template ... is not a built-in template name or a valid chat template file path.'), engine.py:651",
    "config_error",
    "the mounted template path is wrong; the main process raises while TP0 is still loading weights",
    lines(
        f"{at(0, None, '2025-05-20')} server_args=ServerArgs(model_path='/models/Llama-3.1-8B-Instruct', tokenizer_path='/models/Llama-3.1-8B-Instruct', "
        "tokenizer_mode='auto', chat_template='/templates/llama31-tools.jinja', mem_fraction_static=0.88, tp_size=1, port=30000, ...)",
        f"{at(4, None, '2025-05-20')} Init torch distributed begin.",
        f"{at(5, None, '2025-05-20')} Use chat template for the OpenAI-compatible API server: /templates/llama31-tools.jinja",
        TB,
        fr(
            DK,
            *RUNPY310,
            ("/sgl-workspace/sglang/python/sglang/launch_server.py", 14, "<module>", "launch_server(server_args)"),
            (
                "entrypoints/http_server.py",
                743,
                "launch_server",
                "tokenizer_manager, scheduler_info = _launch_subprocesses(server_args=server_args)",
            ),
            ("entrypoints/engine.py", 651, "_launch_subprocesses", "load_chat_template_for_openai_api("),
            ("openai_api/adapter.py", 129, "load_chat_template_for_openai_api", "raise RuntimeError("),
        ),
        "RuntimeError: Chat template /templates/llama31-tools.jinja is not a built-in template name or a valid chat template file path.",
    ),
)

case(  # 0.5.9 managers/template_manager.py:240-248 (_load_json_chat_template: json.load), engine.py:108/1075
    "chat-template-json-trailing-comma-0.5.9",
    "0.5.9",
    "srt/managers/template_manager.py:248 (json.load) via engine.py:1075/108, template_manager.py:219/117/168; CPython 3.12 json/decoder.py:353",
    "config_error",
    "a hand-written JSON conversation template with a trailing comma: the launcher's JSONDecodeError ends start-up",
    lines(
        f"{at(0, None, '2026-02-11')} server_args=ServerArgs(model_path='lmsys/vicuna-13b-v1.5', tokenizer_path='lmsys/vicuna-13b-v1.5', "
        "tokenizer_mode='auto', chat_template='/etc/sglang/vicuna.json', mem_fraction_static=0.86, tp_size=1, port=30000, ...)",
        f"{at(4, None, '2026-02-11')} Init torch distributed begin.",
        f"{at(5, None, '2026-02-11')} Loading chat template from argument: /etc/sglang/vicuna.json",
        TB,
        fr(
            PIP,
            *RUNPY312,
            (f"{PY312}/sglang/launch_server.py", 35, "<module>", "run_server(server_args)"),
            (f"{PY312}/sglang/launch_server.py", 28, "run_server", "launch_server(server_args)"),
            ("entrypoints/http_server.py", 1894, "launch_server", "_launch_subprocesses("),
            (
                "entrypoints/engine.py",
                1075,
                "_launch_subprocesses",
                "tokenizer_manager, template_manager = init_tokenizer_manager_func(",
            ),
            ("entrypoints/engine.py", 108, "init_tokenizer_manager", "template_manager.initialize_templates("),
            (
                "managers/template_manager.py",
                219,
                "initialize_templates",
                "self.load_chat_template(tokenizer_manager, chat_template, model_path)",
            ),
            (
                "managers/template_manager.py",
                117,
                "load_chat_template",
                "self._load_explicit_chat_template(tokenizer_manager, chat_template_arg)",
            ),
            (
                "managers/template_manager.py",
                168,
                "_load_explicit_chat_template",
                "self._load_json_chat_template(chat_template_arg)",
            ),
            ("managers/template_manager.py", 248, "_load_json_chat_template", "template = json.load(filep)"),
            ("/usr/lib/python3.12/json/__init__.py", 293, "load", "return loads(fp.read(),"),
            ("/usr/lib/python3.12/json/__init__.py", 346, "loads", "return _default_decoder.decode(s)"),
            ("/usr/lib/python3.12/json/decoder.py", 337, "decode", "obj, end = self.raw_decode(s, idx=_w(s, 0).end())"),
            ("/usr/lib/python3.12/json/decoder.py", 353, "raw_decode", "obj, end = self.scan_once(s, idx)"),
        ),
        "json.decoder.JSONDecodeError: Expecting property name enclosed in double quotes: line 8 column 1 (char 212)",
    ),
)

JINJA_STACK = (
    (
        f"{PY312}/transformers/tokenization_utils_base.py",
        1666,
        "apply_chat_template",
        "rendered_chat, generation_indices = render_jinja_template(",
    ),
    (
        f"{PY312}/transformers/utils/chat_template_utils.py",
        482,
        "render_jinja_template",
        "compiled_template = _compile_jinja_template(chat_template)",
    ),
    (
        f"{PY312}/transformers/utils/chat_template_utils.py",
        463,
        "_compile_jinja_template",
        "return jinja_env.from_string(chat_template)",
    ),
    (
        f"{PY312}/jinja2/environment.py",
        1111,
        "from_string",
        "return cls.from_code(self, self.compile(source), gs, None)",
    ),
    (f"{PY312}/jinja2/environment.py", 771, "compile", "self.handle_exception(source=source_hint)"),
    (f"{PY312}/jinja2/environment.py", 942, "handle_exception", "raise rewrite_traceback_stack(source=source)"),
    ("<unknown>", 3, "template", ""),
)
JINJA_ERR = (
    "jinja2.exceptions.TemplateSyntaxError: Encountered unknown tag 'endfor'. You probably made a nesting mistake. Jinja is expecting "
    "this tag, but currently looking for 'elif' or 'else' or 'endif'. The innermost block that needs to be closed is 'if'."
)
case(  # 0.5.5 template_manager.py:213-226 loads the .jinja as text; serving_chat.py:317-346 compiles it per request; serving_base.py:125-131 (500)
    "chat-template-jinja-syntax-error-per-request-500-0.5.5",
    "0.5.5",
    "srt/managers/template_manager.py:213 (_load_jinja_template), entrypoints/openai/serving_chat.py:318/337, serving_base.py:126 'Error in request'; "
    "transformers 4.57.1 chat_template_utils.py:463/482, jinja2 3.1.6 environment.py:771/942/1111",
    "healthy",
    "a Jinja template with an unclosed {% if %} loads fine and the server is ready; each chat request then fails with a 500 and a traceback",
    lines(
        f"{at(8)} Loading chat template from argument: /templates/custom.jinja",
        f"{at(8)} Detected user specified Jinja chat template with content format: string",
        ready(60, rank=None),
        f"{at(90)} Error in request: Encountered unknown tag 'endfor'. You probably made a nesting mistake. Jinja is expecting this tag, "
        "but currently looking for 'elif' or 'else' or 'endif'. The innermost block that needs to be closed is 'if'.",
        TB,
        fr(
            PIP,
            (
                "entrypoints/openai/serving_chat.py",
                318,
                "_apply_jinja_template",
                "prompt_ids = self.tokenizer_manager.tokenizer.apply_chat_template(",
            ),
            *JINJA_STACK,
        ),
        JINJA_ERR,
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        TB,
        fr(
            PIP,
            (
                "entrypoints/openai/serving_base.py",
                100,
                "handle_request",
                "adapted_request, processed_request = self._convert_to_internal_request(",
            ),
            (
                "entrypoints/openai/serving_chat.py",
                146,
                "_convert_to_internal_request",
                "processed_messages = self._process_messages(request, is_multimodal)",
            ),
            (
                "entrypoints/openai/serving_chat.py",
                248,
                "_process_messages",
                "result = self._apply_jinja_template(request, tools, is_multimodal)",
            ),
            (
                "entrypoints/openai/serving_chat.py",
                337,
                "_apply_jinja_template",
                "prompt_ids = self.tokenizer_manager.tokenizer.apply_chat_template(",
            ),
            *JINJA_STACK,
        ),
        JINJA_ERR,
        f'{at(90)} INFO:     10.0.2.9:38210 - "POST /v1/chat/completions HTTP/1.1" 500 Internal Server Error',
        f'{at(95)} INFO:     10.0.2.9:38224 - "POST /generate HTTP/1.1" 200 OK',
        f"{at(96)} Decode batch, #running-req: 1, #token: 420, token usage: 0.00, cuda graph: True, gen throughput (token/s): 71.20, #queue-req: 0, ",
    ),
)

# =========================================================================================================== HiCache
case(  # 0.5.5 mem_cache/memory_pool_host.py:76-92 (psutil check, 10 GB kept back) from HiRadixCache.__init__
    "hicache-host-pool-exceeds-free-ram-0.5.5",
    "0.5.5",
    "srt/mem_cache/memory_pool_host.py:83-88 (ValueError 'Not enough host memory available...'), :90-92 'Allocating ... host memory', "
    "hiradix_cache.py:59, scheduler.py:417/728",
    "config_error",
    "--hicache-ratio 2 on 8 ranks asks for ~800 GB of a 512 GB host: the first ranks pin theirs, the next is refused after capture",
    lines(
        f"{at(0)} server_args=ServerArgs(model_path='Qwen/Qwen3-235B-A22B-FP8', tokenizer_path='Qwen/Qwen3-235B-A22B-FP8', tokenizer_mode='auto', "
        "mem_fraction_static=0.88, tp_size=8, port=30000, enable_hierarchical_cache=True, hicache_ratio=2.0, hicache_size=0, "
        "hicache_write_policy='write_through', hicache_io_backend='kernel', hicache_mem_layout='layer_first', ...)",
        boot(5, "TP0", "Qwen3MoeForCausalLM", before="78.61", after="49.90", usage="28.71", shards="24/24"),
        pool(36, "TP0", 880640, "19.74", "10.43"),
        graphs(
            37,
            "TP0",
            "10.39",
            "[1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160]",
            "9.69",
        ),
        f"{at(49, 'TP0')} max_total_num_tokens=880640, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, "
        "context_len=40960, available_gpu_mem=9.69 GB",
        f"{at(49, 'TP0')} Allocating 84.77 GB host memory for hierarchical KV cache.",
        f"{at(49, 'TP2')} Allocating 84.77 GB host memory for hierarchical KV cache.",
        f"{at(49, 'TP1')} Allocating 84.77 GB host memory for hierarchical KV cache.",
        f"{at(50, 'TP5')} Allocating 84.77 GB host memory for hierarchical KV cache.",
        sched_exc(
            51,
            PIP,
            CACHE_055
            + (
                ("mem_cache/hiradix_cache.py", 59, "__init__", "self.token_to_kv_pool_host = MHATokenToKVPoolHost("),
                ("mem_cache/memory_pool_host.py", 191, "__init__", "super().__init__("),
                ("mem_cache/memory_pool_host.py", 83, "__init__", "raise ValueError("),
            ),
            "ValueError: Not enough host memory available. Requesting 84.77 GB but only have 61.40 GB free. Please reduce the size of the hierarchical cache.",
            rank="TP4",
        ),
        sigquit(51),
    ),
)

case(  # 0.5.2 mem_cache/memory_pool_host.py:84-86 (bare assert message), hiradix_cache.py:57, scheduler.py:421/624
    "hicache-ratio-not-above-device-pool-0.5.2",
    "0.5.2",
    "srt/mem_cache/memory_pool_host.py:84-86 (assert self.size > device_pool.size, 'The host memory should be larger than the device memory "
    "with the current protocol'), memory_pool_host.py:283, hiradix_cache.py:57",
    "config_error",
    "--hicache-size 16 (GB) is smaller than the 48 GB device pool (K+V) it must mirror: AssertionError after capture",
    lines(
        f"{at(0)} server_args=ServerArgs(model_path='meta-llama/Llama-3.1-8B-Instruct', tokenizer_path='meta-llama/Llama-3.1-8B-Instruct', "
        "tokenizer_mode='auto', mem_fraction_static=0.88, tp_size=1, port=30000, enable_hierarchical_cache=True, hicache_ratio=2.0, "
        "hicache_size=16, hicache_write_policy='write_through_selective', hicache_io_backend='kernel', ...)",
        boot(5, None, "LlamaForCausalLM", before="78.65", after="63.59", usage="15.06", shards="4/4"),
        pool(31, None, 393216, "24.00", "14.86"),
        graphs(
            32,
            None,
            "14.82",
            "[1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160]",
            "13.93",
        ),
        f"{at(43)} max_total_num_tokens=393216, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, "
        "context_len=131072, available_gpu_mem=13.93 GB",
        sched_exc(
            43,
            DK,
            INIT_052[:1]
            + (
                ("managers/scheduler.py", 421, "__init__", "self.init_memory_pool_and_cache()"),
                ("managers/scheduler.py", 624, "init_memory_pool_and_cache", "self.tree_cache = HiRadixCache("),
                ("mem_cache/hiradix_cache.py", 57, "__init__", "self.token_to_kv_pool_host = MHATokenToKVPoolHost("),
                ("mem_cache/memory_pool_host.py", 283, "__init__", "super().__init__("),
                ("mem_cache/memory_pool_host.py", 84, "__init__", "assert ("),
            ),
            "AssertionError: The host memory should be larger than the device memory with the current protocol",
            rank=None,
        ),
        sigquit(43),
    ),
)

MOONCAKE_CTRL = (("mem_cache/hiradix_cache.py", 100, "__init__", "self.cache_controller = HiCacheController("),)
case(  # 0.5.5 mooncake_store.py:93-94 (load_from_env), :216-218 logs and re-raises; cache_controller.py:286-291 wraps it
    "hicache-mooncake-storage-master-unset-0.5.5",
    "0.5.5",
    "srt/mem_cache/storage/mooncake_store/mooncake_store.py:94/173/217, backend_factory.py:89-96/166, managers/cache_controller.py:287/291 "
    "(ValueError 'Failed to create storage backend: ...')",
    "config_error",
    "--hicache-storage-backend mooncake without MOONCAKE_MASTER (nor extra config): the L3 backend cannot be created",
    lines(
        "Mooncake storage backend does not support layer_first layout, switching to page_first layout for kernel io backend",
        f"{at(0)} server_args=ServerArgs(model_path='deepseek-ai/DeepSeek-V2-Lite-Chat', tokenizer_path='deepseek-ai/DeepSeek-V2-Lite-Chat', "
        "tokenizer_mode='auto', trust_remote_code=True, mem_fraction_static=0.85, tp_size=1, page_size=64, port=30000, "
        "enable_hierarchical_cache=True, hicache_ratio=2.0, hicache_io_backend='kernel', hicache_mem_layout='page_first', "
        "hicache_storage_backend='mooncake', hicache_storage_backend_extra_config=None, ...)",
        boot(5, None, "DeepseekV2ForCausalLM", before="78.67", after="48.91", usage="29.76", shards="4/4"),
        f"{at(31)} KV Cache is allocated. #tokens: 1273856, KV size: 36.90 GB",
        f"{at(31)} Memory pool end. avail mem=12.01 GB",
        graphs(
            32,
            None,
            "11.97",
            "[1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160]",
            "11.09",
        ),
        f"{at(43)} max_total_num_tokens=1273856, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, "
        "context_len=32768, available_gpu_mem=11.09 GB",
        f"{at(43)} Allocating 79.24 GB host memory for hierarchical KV cache.",
        f"{at(58)} Creating storage backend 'mooncake' (sglang.srt.mem_cache.storage.mooncake_store.mooncake_store.MooncakeStore)",
        f"{at(58)} Configuration loading failed: The environment variable 'MOONCAKE_MASTER' is not set.",
        f"{at(58)} Scheduler hit an exception: {TB}",
        fr(
            PIP,
            (
                "managers/cache_controller.py",
                287,
                "__init__",
                "self.storage_backend = StorageBackendFactory.create_backend(",
            ),
            ("mem_cache/storage/backend_factory.py", 94, "create_backend", "return cls._create_builtin_backend("),
            (
                "mem_cache/storage/backend_factory.py",
                166,
                "_create_builtin_backend",
                "backend = backend_class(storage_config)",
            ),
            (
                "mem_cache/storage/mooncake_store/mooncake_store.py",
                173,
                "__init__",
                "self.config = MooncakeStoreConfig.load_from_env()",
            ),
            (
                "mem_cache/storage/mooncake_store/mooncake_store.py",
                94,
                "load_from_env",
                "raise ValueError(\"The environment variable 'MOONCAKE_MASTER' is not set.\")",
            ),
        ),
        "ValueError: The environment variable 'MOONCAKE_MASTER' is not set.",
        "",
        "The above exception was the direct cause of the following exception:",
        "",
        TB,
        fr(
            PIP,
            *CACHE_055,
            *MOONCAKE_CTRL,
            (
                "managers/cache_controller.py",
                291,
                "__init__",
                'raise ValueError(f"Failed to create storage backend: {e}") from e',
            ),
        ),
        "ValueError: Failed to create storage backend: The environment variable 'MOONCAKE_MASTER' is not set.",
        sigquit(58),
    ),
)

case(  # 0.5.5 server_args.py:1747-1752 (_handle_cache_compatibility) from __post_init__:632
    "hicache-with-disable-radix-cache-rejected-0.5.5",
    "0.5.5",
    "srt/server_args.py:1749 (ValueError 'The arguments enable-hierarchical-cache and disable-radix-cache are mutually exclusive...'), __post_init__:632",
    "config_error",
    "--enable-hierarchical-cache together with --disable-radix-cache: the launcher refuses the combination",
    lines(
        "$ python3 -m sglang.launch_server --model-path Qwen/Qwen3-32B --tp 2 --enable-hierarchical-cache --hicache-ratio 2 --disable-radix-cache",
        TB,
        args_055(
            ("server_args.py", 632, "__post_init__", "self._handle_cache_compatibility()"),
            ("server_args.py", 1749, "_handle_cache_compatibility", "raise ValueError("),
        ),
        "ValueError: The arguments enable-hierarchical-cache and disable-radix-cache are mutually exclusive and cannot be used at the same time. "
        "Please use only one of them.",
    ),
)

PD = "[2026-03-02 18:27:47] [/bin/sh@<0,0>]: "
HICACHE_EVICT = (
    ("managers/scheduler.py", 2741, "run_scheduler_process", "scheduler.event_loop_overlap_disagg_prefill()"),
    CTX,
    (
        "disaggregation/prefill.py",
        364,
        "event_loop_overlap_disagg_prefill",
        "batch = self.get_next_disagg_prefill_batch_to_run()",
    ),
    ("disaggregation/prefill.py", 319, "get_next_disagg_prefill_batch_to_run", "batch = self.get_new_batch_prefill()"),
    ("managers/scheduler.py", 1911, "get_new_batch_prefill", "new_batch.prepare_for_extend()"),
    (
        "managers/schedule_batch.py",
        1292,
        "prepare_for_extend",
        "out_cache_loc, req_pool_indices_tensor, req_pool_indices = alloc_for_extend(",
    ),
    ("mem_cache/common.py", 364, "alloc_for_extend", "out_cache_loc = alloc_paged_token_slots_extend("),
    ("mem_cache/common.py", 265, "alloc_paged_token_slots_extend", "evict_from_tree_cache(tree_cache, num_tokens)"),
    ("mem_cache/common.py", 249, "evict_from_tree_cache", "tree_cache.evict(num_tokens)"),
    ("mem_cache/hiradix_cache.py", 361, "evict", "num_evicted += self._evict_backuped(x)"),
    (
        "mem_cache/hiradix_cache.py",
        383,
        "_evict_backuped",
        "num_evicted = self.cache_controller.evict_device(node.value)",
    ),
    ("managers/cache_controller.py", 547, "evict_device", "self.mem_pool_device_allocator.free(device_indices)"),
    ("mem_cache/allocator.py", 555, "free", "free_page_indices = torch.unique(free_index // self.page_size)"),
    (f"{PY312}/torch/_jit_internal.py", 627, "fn", "return if_false(*args, **kwargs)"),
    (
        f"{PY312}/torch/functional.py",
        1102,
        "_return_output",
        "output, _, _ = _unique_impl(input, sorted, return_inverse, return_counts, dim)",
    ),
    (f"{PY312}/torch/functional.py", 995, "_unique_impl", "output, inverse_indices, counts = torch._unique2("),
)
case(  # 0.5.5.post3 PD prefill + HiCache eviction (hiradix_cache.py:337-383 -> allocator.py:551-560), report in the job wrapper
    "hicache-pd-prefill-illegal-memory-on-evict-0.5.5.post3",
    "0.5.5.post3",
    "https://github.com/sgl-project/sglang/issues/13912 (0.5.5.post3 + PD + hicache on prefill, illegal memory when evict; the "
    "[/bin/sh@<0,0>] wrapper); call path from the 0.5.5.post3 wheel (scheduler.py:2741, prefill.py:364/319, hiradix_cache.py:361/383, allocator.py:555)",
    "cuda_error_other",
    "hours into serving, the prefill server evicts backed-up HiCache nodes and the first synchronising op reports an illegal address",
    "\n".join(
        PD + line
        for line in lines(
            f"{at(1660)} Prefill batch, #new-seq: 4, #new-token: 16384, #cached-token: 49152, token usage: 0.94, "
            "#running-req: 0, #queue-req: 37, #prealloc-req: 2, #inflight-req: 6, input throughput (token/s): 41239.55, ",
            sched_exc(
                1667,
                DK,
                HICACHE_EVICT,
                "torch.AcceleratorError: CUDA error: an illegal memory access was encountered\n" + CUDA_ERR_TAIL,
                rank=None,
            ),
            "",
            "terminate called after throwing an instance of 'c10::AcceleratorError'",
            "  what():  CUDA error: an illegal memory access was encountered",
            CUDA_ERR_TAIL,
            "",
            "Exception raised from c10_cuda_check_implementation at /pytorch/c10/cuda/CUDAException.cpp:42 (most recent call first):",
            f"frame #1: <unknown function> + 0x57d31 (0x7fdac9e0cd31 in {PY312}/torch/lib/libc10_cuda.so)",
            f"frame #2: c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool) + 0x1b2 (0x7fdac9e0c9d2 in {PY312}/torch/lib/libc10_cuda.so)",
            f"frame #7: c10::TensorImpl::~TensorImpl() + 0xd (0x7fdac9d2447d in {PY312}/torch/lib/libc10.so)",
        ).split("\n")
    ),
)

case(  # 0.5.5 hiradix_cache.py:50-54 (layout switch warning), model_runner.py FP8 no-scales warning, memory_pool_host.py:90-92
    "hicache-direct-io-and-fp8-kv-warnings-ready-0.5.5",
    "0.5.5",
    "srt/mem_cache/hiradix_cache.py:51-53 ('Page first layout is not supported with direct IO backend, switching to page first direct layout'), "
    "model_executor/model_runner.py ('Using FP8 KV cache but no scaling factors provided. Defaulting to scaling factors of 1.0...'), memory_pool_host.py:90",
    "healthy",
    "fp8_e4m3 KV without a scales file and a HiCache layout switched for the direct IO backend: two warnings, then ready and serving",
    lines(
        f"{at(0)} server_args=ServerArgs(model_path='meta-llama/Llama-3.1-70B-Instruct', tokenizer_path='meta-llama/Llama-3.1-70B-Instruct', "
        "tokenizer_mode='auto', kv_cache_dtype='fp8_e4m3', quantization_param_path=None, mem_fraction_static=0.88, tp_size=4, port=30000, "
        "enable_hierarchical_cache=True, hicache_ratio=2.0, hicache_io_backend='direct', hicache_mem_layout='page_first', ...)",
        boot(5, "TP0", "LlamaForCausalLM", before="78.60", after="45.61", usage="32.99", shards="30/30"),
        f"{at(30, 'TP0')} Using FP8 KV cache but no scaling factors provided. Defaulting to scaling factors of 1.0. This may lead to less accurate results!",
        pool(31, "TP0", 946176, "18.05", "9.45"),
        graphs(
            32,
            "TP0",
            "9.41",
            "[1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160]",
            "8.23",
        ),
        f"{at(43, 'TP0')} max_total_num_tokens=946176, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, "
        "context_len=131072, available_gpu_mem=8.23 GB",
        f"{at(43, 'TP0')} Page first layout is not supported with direct IO backend, switching to page first direct layout",
        f"{at(43, 'TP0')} Allocating 77.51 GB host memory for hierarchical KV cache.",
        ready(60),
        f"{at(200, 'TP0')} Prefill batch, #new-seq: 8, #new-token: 8192, #cached-token: 23040, token usage: 0.31, #running-req: 40, #queue-req: 3, ",
    ),
)

# ===================================================================================================== torch.compile
COMPILED = (
    (f"{PY312}/torch/_dynamo/eval_frame.py", 736, "compile_wrapper", "return fn(*args, **kwargs)"),
    CTX,
    (f"{PY312}/torch/_dynamo/eval_frame.py", 929, "_fn", "return fn(*args, **kwargs)"),
    (f"{PY312}/torch/_functorch/aot_autograd.py", 1241, "forward", "return compiled_fn(full_args)"),
    (
        f"{PY312}/torch/_functorch/_aot_autograd/runtime_wrappers.py",
        384,
        "runtime_wrapper",
        "all_outs = call_func_at_runtime_with_args(",
    ),
    (
        f"{PY312}/torch/_functorch/_aot_autograd/utils.py",
        126,
        "call_func_at_runtime_with_args",
        "out = normalize_as_list(f(args))",
    ),
    (f"{PY312}/torch/_functorch/_aot_autograd/runtime_wrappers.py", 556, "wrapper", "return compiled_fn(runtime_args)"),
    (f"{PY312}/torch/_inductor/output_code.py", 584, "__call__", "return self.current_callable(inputs)"),
    (
        "/tmp/torchinductor_root/k7/ck7qz3m2xw5d4v6fjrbq2yq4mhn7a3o5sd2lxgkq3k2yq6ptzv4a.py",
        3612,
        "call",
        "buf1129 = empty_strided_cuda((160, 152064), (152064, 1), torch.float32)",
    ),
)
TC_OOM = torch_oom("92.81 MiB", 0, "22.49 GiB", "61.12 MiB", "22.41 GiB", "20.71 GiB", "402.18 MiB", graphs="1.10 GiB")
case(  # 0.5.2 cuda_graph_runner.py:386-393 wraps the RuntimeError; torch 2.8 compiled-call frames (eval_frame/aot_autograd/output_code)
    "torch-compile-capture-oom-in-inductor-code-0.5.2",
    "0.5.2",
    "srt/model_executor/cuda_graph_runner.py:389/497/668/657 and :391 ('Capture cuda graph failed: ...' + CUDA_GRAPH_CAPTURE_FAILED_MSG :861-868); "
    "torch 2.8.0 eval_frame.py:736/929, aot_autograd.py:1241, runtime_wrappers.py:384/556, utils.py:126, output_code.py:584",
    "oom_cuda_graph",
    "--enable-torch-compile on an L4: the compiled bs=160 graph's logits buffer does not fit during capture",
    lines(
        f"{at(0)} server_args=ServerArgs(model_path='Qwen/Qwen2.5-7B-Instruct', tokenizer_path='Qwen/Qwen2.5-7B-Instruct', tokenizer_mode='auto', "
        "mem_fraction_static=0.88, tp_size=1, port=30000, cuda_graph_max_bs=160, enable_torch_compile=True, torch_compile_max_bs=160, ...)",
        boot(5, None, "Qwen2ForCausalLM", before="21.62", after="7.06", usage="14.56", shards="4/4"),
        pool(31, None, 73216, "1.96", "2.95"),
        f"{at(32)} Capture cuda graph begin. This can take up to several minutes. avail mem=2.91 GB",
        f"{at(32)} Capture cuda graph bs [1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160]",
        "Capturing batches (bs=160 avail_mem=2.88 GB):   0%|          | 0/24 [00:00<?, ?it/s]",
        f"{at(141)} Scheduler hit an exception: {TB}",
        fr(DK, *CAPTURE_052, *COMPILED),
        TC_OOM,
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        TB,
        fr(DK, *RAISE_CAPTURE_052),
        "Exception: Capture cuda graph failed: "
        + TC_OOM.removeprefix("torch.OutOfMemoryError: ")
        + "\n"
        + CAPTURE_HINTS,
        sigquit(141),
    ),
)

CG_0491 = f"{CSGL}/model_executor/cuda_graph_runner.py"
case(  # https://github.com/sgl-project/sglang/issues/7918: the paste starts mid-traceback, as the reporter's did
    "torch-compile-moe-fused-gate-not-capturable-0.4.9",
    "0.4.9.post1",
    "https://github.com/sgl-project/sglang/issues/7918 (--enable-torch-compile conflicts with cuda graph: moe_fused_gate 'operation not permitted "
    "when stream is capturing'); 0.4.9.post1 cuda_graph_runner.py:336/338/436/590, topk.py:322, model_runner.py:314/1373; torch 2.7 graphs.py:84/186",
    "cuda_error_other",
    "a DeepSeek-style MoE with --enable-torch-compile: sgl_kernel's moe_fused_gate launches during capture; the capture is invalidated",
    lines(
        "    topk_weights, topk_ids = biased_grouped_topk(",
        fr(
            CSGL,
            ("layers/moe/topk.py", 322, "biased_grouped_topk_gpu", "topk_weights, topk_ids = moe_fused_gate("),
            (f"{CONDA}/sgl_kernel/moe.py", 58, "moe_fused_gate", "return torch.ops.sgl_kernel.moe_fused_gate.default("),
            (f"{CONDA}/torch/_ops.py", 756, "__call__", "return self._op(*args, **kwargs)"),
        ),
        "RuntimeError: CUDA error: operation not permitted when stream is capturing",
        CUDA_ERR_TAIL,
        "",
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        TB,
        fr(
            CSGL,
            ("model_executor/cuda_graph_runner.py", 336, "__init__", "self.capture()"),
            ("model_executor/cuda_graph_runner.py", 436, "capture", ") = self.capture_one_batch_size(bs, forward)"),
            ("model_executor/cuda_graph_runner.py", 590, "capture_one_batch_size", "out = run_once()"),
            (f"{CONDA}/torch/cuda/graphs.py", 186, "__exit__", "self.cuda_graph.capture_end()"),
            (f"{CONDA}/torch/cuda/graphs.py", 84, "capture_end", "super().capture_end()"),
        ),
        "RuntimeError: CUDA error: operation failed due to a previous error during capture",
        CUDA_ERR_TAIL,
        "",
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        TB,
        fr(
            CSGL,
            (
                "managers/scheduler.py",
                2733,
                "run_scheduler_process",
                "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
            ),
            ("managers/scheduler.py", 339, "__init__", "self.tp_worker = TpWorkerClass("),
            ("managers/tp_worker_overlap_thread.py", 66, "__init__", "self.worker = TpModelWorker("),
            ("managers/tp_worker.py", 81, "__init__", "self.model_runner = ModelRunner("),
            ("model_executor/model_runner.py", 233, "__init__", "self.initialize(min_per_gpu_memory)"),
            ("model_executor/model_runner.py", 314, "initialize", "self.init_cuda_graphs()"),
            (
                "model_executor/model_runner.py",
                1373,
                "init_cuda_graphs",
                "self.cuda_graph_runner = CudaGraphRunner(self)",
            ),
            ("model_executor/cuda_graph_runner.py", 338, "__init__", "raise Exception("),
        ),
        "Exception: Capture cuda graph failed: CUDA error: operation failed due to a previous error during capture\n"
        + CUDA_ERR_TAIL
        + "\n"
        + CAPTURE_HINTS,
        "",
        sigquit(97, "2025-07-11"),
    ),
)

INDUCTOR_W = "torch/_inductor/utils.py:1436] [0/0_1] Not enough SMs to use max_autotune_gemm mode"
case(  # torch 2.8.0 _inductor/utils.py:1433-1440 (is_big_gpu: 58 SMs < 68) under SGLang's max-autotune-no-cudagraphs compile
    "torch-compile-not-enough-sms-warnings-ready-0.5.2",
    "0.5.2",
    "torch 2.8.0 torch/_inductor/utils.py:1436 ('Not enough SMs to use max_autotune_gemm mode'); sglang 0.5.2 cuda_graph_runner.py:270, "
    "model_runner.py:1752-1768 (capture begin/end)",
    "healthy",
    "--enable-torch-compile on an L4 (58 SMs): inductor warns once (is_big_gpu is cached), capture takes minutes, the server is ready",
    lines(
        f"{at(0)} server_args=ServerArgs(model_path='Qwen/Qwen2.5-3B-Instruct', tokenizer_path='Qwen/Qwen2.5-3B-Instruct', tokenizer_mode='auto', "
        "mem_fraction_static=0.85, tp_size=1, port=30000, cuda_graph_max_bs=32, enable_torch_compile=True, torch_compile_max_bs=8, ...)",
        boot(5, None, "Qwen2ForCausalLM", before="21.62", after="15.61", usage="6.01", shards="2/2"),
        pool(31, None, 381968, "6.56", "2.49"),
        f"{at(32)} Capture cuda graph begin. This can take up to several minutes. avail mem=2.45 GB",
        f"{at(32)} Capture cuda graph bs [1, 2, 4, 8, 12, 16, 24, 32]",
        f"W0302 10:01:58.412000 4411 {INDUCTOR_W}",
        "Capturing batches (bs=1 avail_mem=1.68 GB): 100%|██████████| 8/8 [02:31<00:00, 18.92s/it]",
        f"{at(264)} Capture cuda graph end. Time elapsed: 232.08 s. mem usage=0.77 GB. avail mem=1.68 GB.",
        f"{at(265)} max_total_num_tokens=381968, chunked_prefill_size=2048, max_prefill_tokens=16384, max_running_requests=2048, "
        "context_len=32768, available_gpu_mem=1.68 GB",
        ready(266, prefill="Prefill batch. ", rank=None),
    ),
)

# ======================================================================================================== FP8 KV cache
case(  # 0.5.2 model_runner.py:745-766: a scales file for a model class without load_kv_cache_scales (RuntimeError with a tuple)
    "fp8-kv-scales-file-model-without-loader-0.5.2",
    "0.5.2",
    "srt/model_executor/model_runner.py:756-760 (RuntimeError('Using FP8 KV cache and scaling factors provided but model %s does not support "
    "loading scaling factors.', cls) - printed as a tuple), model_runner.py:296; models/gemma2.py has no load_kv_cache_scales",
    "config_error",
    "--kv-cache-dtype fp8_e4m3 --quantization-param-path kv_scales.json for Gemma 2: the model cannot take the scales",
    lines(
        f"{at(0)} server_args=ServerArgs(model_path='google/gemma-2-27b-it', tokenizer_path='google/gemma-2-27b-it', tokenizer_mode='auto', "
        "kv_cache_dtype='fp8_e4m3', quantization_param_path='/models/gemma-2-27b-it/kv_cache_scales.json', mem_fraction_static=0.87, tp_size=2, ...)",
        f"{at(5, 'TP0')} Init torch distributed begin.",
        f"{at(7, 'TP0')} Init torch distributed ends. mem usage=0.62 GB",
        f"{at(8, 'TP0')} Load weight begin. avail mem=78.41 GB",
        "Loading safetensors checkpoint shards: 100% Completed | 12/12 [00:17<00:00,  1.44s/it]",
        sched_exc(
            26,
            DK,
            INIT_052
            + (
                ("model_executor/model_runner.py", 296, "initialize", "self.load_model()"),
                ("model_executor/model_runner.py", 756, "load_model", "raise RuntimeError("),
            ),
            "RuntimeError: ('Using FP8 KV cache and scaling factors provided but model %s does not support loading scaling factors.', "
            "<class 'sglang.srt.models.gemma2.Gemma2ForCausalLM'>)",
        ),
        sigquit(26),
    ),
)

case(  # 0.5.2 server_args.py:578-597 (trtllm_mla: page size fixed, then kv dtype checked) in __post_init__
    "fp8-e5m2-with-trtllm-mla-rejected-0.5.2",
    "0.5.2",
    "srt/server_args.py:587-597 (warning 'TensorRT-LLM MLA only supports page_size of 32 or 64...', ValueError 'TensorRT-LLM MLA backend only "
    "supports kv-cache-dtype of fp8_e4m3 or auto.'); dataclass __init__ line 213 (210 fields + 3, CPython 3.12)",
    "config_error",
    "DeepSeek-R1 on B200 with --attention-backend trtllm_mla --kv-cache-dtype fp8_e5m2: the launcher rejects the KV dtype",
    lines(
        "TensorRT-LLM MLA only supports page_size of 32 or 64, changing page_size from 1 to 64.",
        TB,
        fr(
            DK,
            *RUNPY312,
            (
                "/sgl-workspace/sglang/python/sglang/launch_server.py",
                11,
                "<module>",
                "server_args = prepare_server_args(sys.argv[1:])",
            ),
            ("server_args.py", 2566, "prepare_server_args", "server_args = ServerArgs.from_cli_args(raw_args)"),
            ("server_args.py", 2230, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
            ("<string>", 213, "__init__", ""),
            ("server_args.py", 594, "__post_init__", "raise ValueError("),
        ),
        "ValueError: TensorRT-LLM MLA backend only supports kv-cache-dtype of fp8_e4m3 or auto.",
    ),
)

case(  # 0.5.2 layers/attention/triton_ops/decode_attention.py:253 (_fwd_grouped_kernel_stage1) compiled for an fp8_e4m3 KV buffer on SM80
    "fp8-e4m3-kv-on-a100-triton-fp8e4nv-0.5.2",
    "0.5.2",
    "srt/layers/attention/triton_ops/decode_attention.py:253, mem_cache/memory_pool.py:323-325 (fp8 stored as uint8, viewed as float8_e4m3fn); "
    'Triton\'s CompilationError text as quoted in public threads ("type fp8e4nv not supported in this architecture...")',
    "config_error",
    "Llama-3.1-70B on 4x A100 with --kv-cache-dtype fp8_e4m3 --attention-backend triton: the decode kernel cannot compile for fp8e4nv (tail of the paste)",
    lines(
        f"{at(31, 'TP0')} KV Cache is allocated. #tokens: 883456, K size: 16.85 GB, V size: 16.85 GB",
        f"{at(31, 'TP0')} Memory pool end. avail mem=11.91 GB",
        f"{at(32, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=11.87 GB",
        f"{at(32, 'TP0')} Capture cuda graph bs [1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160]",
        "Capturing batches (bs=160 avail_mem=11.83 GB):   0%|          | 0/24 [00:00<?, ?it/s]",
        "triton.compiler.errors.CompilationError: at 1:0:",
        "def _fwd_grouped_kernel_stage1(",
        "^",
        "ValueError(\"type fp8e4nv not supported in this architecture. The supported fp8 dtypes are ('fp8e4b15', 'fp8e5')\")",
        "",
        sigquit(36),
    ),
)

# ======================================================================================= metrics, determinism, tokenizers
VENV = "/opt/venv/lib/python3.11/site-packages"
case(  # 0.5.2 utils.py:1247-1262 (TemporaryDirectory under a user-set PROMETHEUS_MULTIPROC_DIR), engine.py:668/734 before server_args=
    "enable-metrics-prometheus-dir-missing-0.5.2",
    "0.5.2",
    "srt/utils.py:1256 (tempfile.TemporaryDirectory(dir=os.environ['PROMETHEUS_MULTIPROC_DIR'])), engine.py:668/734; CPython 3.11 tempfile.py:368/854",
    "config_error",
    "a Deployment sets PROMETHEUS_MULTIPROC_DIR to a path it never mounted; --enable-metrics fails before the server_args line",
    lines(
        TB,
        fr(
            f"{VENV}/sglang/srt",
            *RUNPY312,
            (f"{VENV}/sglang/launch_server.py", 14, "<module>", "launch_server(server_args)"),
            (
                "entrypoints/http_server.py",
                1165,
                "launch_server",
                "tokenizer_manager, template_manager, scheduler_info = _launch_subprocesses(",
            ),
            ("entrypoints/engine.py", 734, "_launch_subprocesses", "_set_envs_and_config(server_args)"),
            ("entrypoints/engine.py", 668, "_set_envs_and_config", "set_prometheus_multiproc_dir()"),
            (
                "utils.py",
                1256,
                "set_prometheus_multiproc_dir",
                "prometheus_multiproc_dir = tempfile.TemporaryDirectory(",
            ),
            ("/usr/local/lib/python3.11/tempfile.py", 854, "__init__", "self.name = mkdtemp(suffix, prefix, dir)"),
        ),
        "                ^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
        fr("", ("/usr/local/lib/python3.11/tempfile.py", 368, "mkdtemp", "_os.mkdir(file, 0o700)")),
        "FileNotFoundError: [Errno 2] No such file or directory: '/var/run/prometheus/tmpk03zeoqz'",
    ),
)

case(  # 0.5.5 server_args.py:1780-1822 (_handle_deterministic_inference): the warning prints bare (logging not configured yet)
    "deterministic-inference-unsupported-backend-0.5.5",
    "0.5.5",
    "srt/server_args.py:1786-1788 (warning 'Sampling backend is set to pytorch for deterministic inference.'), :1819-1822 (ValueError "
    "'Currently only [...] attention backends are supported for deterministic inference...'), __post_init__:638",
    "config_error",
    "--enable-deterministic-inference with --attention-backend torch_native: refused in the launcher",
    lines(
        "Sampling backend is set to pytorch for deterministic inference.",
        TB,
        args_055(
            ("server_args.py", 638, "__post_init__", "self._handle_deterministic_inference()"),
            ("server_args.py", 1819, "_handle_deterministic_inference", "raise ValueError("),
        ),
        "ValueError: Currently only ['flashinfer', 'fa3', 'triton'] attention backends are supported for deterministic inference, "
        "but you explicitly specified 'torch_native'.",
    ),
)

case(  # 0.5.5 http_server.py:1417-1433 (uvicorn.run(..., workers=tokenizer_worker_num)); uvicorn 0.38 config.py:532-537 bind_socket
    "multi-tokenizer-workers-port-in-use-0.5.5",
    "0.5.5",
    "srt/entrypoints/http_server.py:1424 (workers=server_args.tokenizer_worker_num), managers/multi_tokenizer_mixin.py:587 "
    "('main process ID: ..., current process ID: ...'); uvicorn 0.38 config.py:536 (logger.error(exc); sys.exit(1))",
    "port_in_use",
    "--tokenizer-worker-num 4: the model loads, then uvicorn's supervisor cannot bind :30000 (an old server still holds it)",
    lines(
        f"{at(0)} server_args=ServerArgs(model_path='Qwen/Qwen3-8B', tokenizer_path='Qwen/Qwen3-8B', tokenizer_mode='auto', host='0.0.0.0', "
        "port=30000, mem_fraction_static=0.88, tp_size=1, tokenizer_worker_num=4, ...)",
        boot(5, None, "Qwen3ForCausalLM", before="78.66", after="62.98", usage="15.68", shards="5/5"),
        pool(31, None, 437328, "30.03", "2.51"),
        graphs(
            32,
            None,
            "2.47",
            "[1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160]",
            "1.63",
        ),
        f"{at(43)} max_total_num_tokens=437328, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, "
        "context_len=40960, available_gpu_mem=1.63 GB",
        f"{at(44)} main process ID: None, current process ID: 51873",
        f"{at(44)} ERROR:    [Errno 98] Address already in use",
    ),
)

# ===================================================================================================== DP attention
case(  # 0.5.5 server_args.py:1379-1381 (bare assert, no message) from __post_init__:605
    "dp-attention-tp-not-divisible-by-dp-bare-assert-0.5.5",
    "0.5.5",
    "srt/server_args.py:1381 (assert self.tp_size % self.dp_size == 0), _handle_data_parallelism from __post_init__:605",
    "config_error",
    "--tp 4 --dp 8 --enable-dp-attention: a bare AssertionError with no message from the launcher",
    lines(
        "$ python3 -m sglang.launch_server --model-path deepseek-ai/DeepSeek-V2-Lite-Chat --trust-remote-code --tp 4 --dp 8 --enable-dp-attention",
        TB,
        args_055(
            ("server_args.py", 605, "__post_init__", "self._handle_data_parallelism()"),
            ("server_args.py", 1381, "_handle_data_parallelism", "assert self.tp_size % self.dp_size == 0"),
        ),
        "AssertionError",
    ),
)

DP_OOM = torch_oom("32.00 MiB", 3, "79.19 GiB", "21.12 MiB", "79.16 GiB", "74.25 GiB", "2.11 GiB", graphs="1.52 GiB")
DP_INNER = (
    *CAPTURE_052,
    CTX,
    ("models/qwen3_moe.py", 685, "forward", "hidden_states = self.model("),
    *MOD,
    ("models/qwen2_moe.py", 533, "forward", "hidden_states, residual = layer("),
    *MOD,
    ("models/qwen3_moe.py", 544, "forward", "hidden_states, residual = self.layer_communicator.prepare_mlp("),
    ("layers/communicator.py", 279, "prepare_mlp", "return self._communicate_with_all_reduce_and_layer_norm_fn("),
    ("layers/communicator.py", 512, "_gather_hidden_states_and_residual", "get_global_dp_buffer(),"),
    ("layers/dp_attention.py", 134, "get_global_dp_buffer", "return _DpGatheredBufferWrapper.get_global_dp_buffer()"),
    ("layers/dp_attention.py", 96, "get_global_dp_buffer", "return torch.empty("),
)
case(  # 0.5.2 layers/dp_attention.py:95-100 (global gathered buffer, num_tokens * dp_size rows) during capture; engine.py:852-859 on the launcher
    "dp-attention-gathered-buffer-capture-oom-0.5.2",
    "0.5.2",
    "srt/layers/dp_attention.py:96/134, layers/communicator.py:279/512 under cuda_graph_runner.py:389-393; engine.py:854-858 ('Rank 0 scheduler "
    "is dead...', 'Exit code: -3') when the DP controller dies of the SIGQUIT",
    "oom_cuda_graph",
    "--tp 8 --dp 8 --enable-dp-attention --cuda-graph-max-bs 512: the gathered MLP buffer (512 x 8 tokens) does not fit on DP3 during capture",
    lines(
        "DP attention is enabled. The chunked prefill size is adjusted to 1024 to avoid MoE kernel issues. ",
        f"{at(0)} server_args=ServerArgs(model_path='Qwen/Qwen3-235B-A22B-FP8', tokenizer_path='Qwen/Qwen3-235B-A22B-FP8', tokenizer_mode='auto', "
        "mem_fraction_static=0.9, tp_size=8, dp_size=8, enable_dp_attention=True, cuda_graph_max_bs=512, port=30000, ...)",
        boot(5, "DP3 TP3", "Qwen3MoeForCausalLM", before="78.52", after="49.81", usage="28.71", shards="24/24"),
        pool(36, "DP3 TP3", 233472, "20.93", "7.95"),
        f"{at(37, 'DP3 TP3')} Capture cuda graph begin. This can take up to several minutes. avail mem=7.91 GB",
        "Capturing batches (bs=512 avail_mem=7.87 GB):   0%|          | 0/52 [00:00<?, ?it/s]",
        f"{at(44, 'DP3 TP3')} Scheduler hit an exception: {TB}",
        fr(DK, *DP_INNER),
        DP_OOM,
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        TB,
        fr(DK, *RAISE_CAPTURE_052),
        "Exception: Capture cuda graph failed: "
        + DP_OOM.removeprefix("torch.OutOfMemoryError: ")
        + "\n"
        + CAPTURE_HINTS,
        f"{at(45)} Rank 0 scheduler is dead. Please check if there are relevant logs.",
        f"{at(45)} Exit code: -3",
        TB,
        fr(
            DK,
            *RUNPY312,
            ("/sgl-workspace/sglang/python/sglang/launch_server.py", 14, "<module>", "launch_server(server_args)"),
            (
                "entrypoints/http_server.py",
                1165,
                "launch_server",
                "tokenizer_manager, template_manager, scheduler_info = _launch_subprocesses(",
            ),
            ("entrypoints/engine.py", 852, "_launch_subprocesses", "data = scheduler_pipe_readers[i].recv()"),
            ("/usr/lib/python3.12/multiprocessing/connection.py", 250, "recv", "buf = self._recv_bytes()"),
            ("/usr/lib/python3.12/multiprocessing/connection.py", 430, "_recv_bytes", "buf = self._recv(4)"),
            ("/usr/lib/python3.12/multiprocessing/connection.py", 399, "_recv", "raise EOFError"),
        ),
        "EOFError",
    ),
)

# The classifier's misses at first sight (strict: a fix must remove the entry), with the label it gave.
XFAIL: dict[str, str] = {
    "lora-memory-pool-does-not-fit-beside-weights-0.4.10": "oom_kv_cache",  # torch.OutOfMemoryError in lora/mem_pool.py init_buffers right after 'Load weight end'
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_feature_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5

"""SGLang's own benchmark and offline tools, as users paste their logs (a helper, blind): 0.4.6.post5-0.5.10.post1.

Scope: `python -m sglang.bench_one_batch` (its own ModelRunner in the tool's process: `[... TP0]` lines, weights, KV
pool, graph capture, then `Prefill. latency:` / `Decode N.` timings; TP>1 runs one `multiprocessing.Process` per rank,
so a rank's traceback comes behind `Process Process-N:`; it sets `cuda_graph_max_bs = max(--batch-size)` and prefills a
whole batch in one unchunked forward), `sglang.bench_offline_throughput` (the Engine in-process: scheduler children,
`Scheduler hit an exception:`, the launch-phase sigquit line, then the shell's `Killed`; the
`Offline Throughput Benchmark Result` table), `sglang.bench_serving` against a server whose log is pasted with it
(`Failed to fetch model from ...`, `output.error='Traceback ...'` per failed request, the `Serving Benchmark Result`
table), `sglang.bench_one_batch_server` (it launches the server in a child process and polls `/v1/models` for 600 s:
`TimeoutError: Server failed to start within the timeout period.`), `sglang.compile_deep_gemm` (a dummy-weight server
without graphs whose warm-up request JIT-compiles DeepGEMM; `DeepGEMM Kernels compilation timeout.`), and
`sglang.check_env` output pasted above a log.

Sources: each tool's own lines from that release's wheel (`sglang/bench_one_batch.py:794`, `bench_offline_throughput.py
:400`, `bench_serving.py:2064`, `bench_one_batch_server.py:287`, `compile_deep_gemm.py:139`, `check_env.py:141`, and
the `sglang/srt/` lines they reach, cited per case); torch's OutOfMemoryError / AcceleratorError / DistNetworkError /
ProcessGroupNCCL texts, NCCL's WARN lines, transformers' `Incorrect path_or_model_id`, argparse's and uvicorn's own lines
from those libraries; the DeepGEMM warm-up OOM from sglang PR #14493 (its description: OOM storing the warm-up buffer
tensors); check_env pastes shaped like sglang #11052 / #4161; the DeepEP/NCCL `NET/IB : Got completion from peer`
wording from deepseek-ai/DeepEP#106. Format fields filled; frames are the wheels' call paths, a few library and deep
model line numbers approximate.

Labelling policy (decided before the classifier ran): the label is the outcome of the SGLang model runner / server the
log shows, never of the benchmark client: a client's `Connection refused`, `Server disconnected`, `Warmup failed` or
timeout only reports the server's state and decides nothing by itself (with the server's log showing it come up, the
case is `healthy`). bench_one_batch's own runner follows the corpus phases: weights that do not fit -> `oom_weights`;
`Not enough memory ... increase --mem-fraction-static` -> `oom_kv_cache`; capture of the graphs it sizes from
`--batch-size` -> `oom_cuda_graph`; its benchmark batch running out of activation memory after start-up (`Prefill` /
`Benchmark ...` already printed) -> `oom_runtime` (the remedy is a smaller batch / lower fraction, not a bigger pool);
a DeepGEMM warm-up buffer -> `oom_moe_workspace`. An argparse rejection, a bad model path, an over-long
`--context-length`, an architecture the release lacks -> `config_error`; NCCL init / shm / a peer lost mid-run, a TCP
store that never gets its peers -> `nccl_or_distributed`; a fixed `--nccl-port` or the HTTP port held by another
process -> `port_in_use`; an illegal memory access or kernels not built for the GPU -> `cuda_error_other`.

First sight: 26/28 (healthy contrasts 5/5 labelled healthy, none fired a failure event). Misses:
- ce_rtx5090_no_kernel_image: expected cuda_error_other, got config_error (rule config.no_kernel_variant) on torch's
  `CUDA error: no kernel image is available for execution on the device` under an sm_120 GPU and a cu126 torch built to
  sm_90 (kept as a strict xfail below).
- cdg_masked_warmup_buffer_oom: expected oom_moe_workspace, got oom_runtime (rule oom.out_of_memory). On review this was
  MY log-construction error, not the label: I had printed `The server is fired up and ready to roll!` before the
  compile-deep-gemm warm-up, but 0.5.5 runs custom warmups inside the app's lifespan (http_server.py:284-291, then
  `Warmup ended`), before `Application startup complete.` and the ready line. Both cdg logs were corrected to that order
  (label unchanged); the corrected case gets oom_moe_workspace, so it carries no xfail. Now 27/28.
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
PY310 = "/usr/local/lib/python3.10/dist-packages"  # the 0.4.x images
PY312 = "/usr/local/lib/python3.12/dist-packages"  # the 0.5.x images
RUNPY310 = (
    ("/usr/lib/python3.10/runpy.py", 196, "_run_module_as_main", "return _run_code(code, main_globals, None,"),
    ("/usr/lib/python3.10/runpy.py", 86, "_run_code", "exec(code, run_globals)"),
)
RUNPY312 = (("<frozen runpy>", 198, "_run_module_as_main", ""), ("<frozen runpy>", 88, "_run_code", ""))


def mp_frames(py: str) -> tuple:
    """multiprocessing's own frames above a `Process(target=...)` body."""
    lib = f"/usr/lib/{py}/multiprocessing/process.py"
    return (
        (lib, 314, "_bootstrap", "self.run()"),
        (lib, 108, "run", "self._target(*self._args, **self._kwargs)"),
    )


def tb(site: str, *stack: tuple[str, int, str, str]) -> str:
    """Python's frames. A path is under `{site}/sglang/` unless it starts with `/` or `<` (absolute) or `+` (another
    package in the same site-packages)."""
    out = []
    for path, line, func, code in stack:
        if path.startswith(("/", "<")):
            full = path
        elif path.startswith("+"):
            full = f"{site}/{path[1:]}"
        else:
            full = f"{site}/sglang/{path}"
        out.append(f'  File "{full}", line {line}, in {func}' + (f"\n    {code}" if code else ""))
    return "\n".join(out)


def at(day: str, second: int, tag: str = "") -> str:
    """SGLang's prefix: `[YYYY-MM-DD HH:MM:SS TAG]` (clock starts 09:00:00)."""
    t = 9 * 3600 + second
    rank = f" {tag}" if tag else ""
    return f"[{day} {t // 3600:02d}:{t % 3600 // 60:02d}:{t % 60:02d}{rank}]"


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


def oom(tried: str, total: str, free: str, inuse: str, alloc: str, reserved: str, pools: str = "") -> str:
    pool = f", with {pools} allocated in private pools (e.g., CUDA Graphs)," if pools else ""
    return (
        f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {tried}. GPU 0 has a total capacity of {total} "
        f"of which {free} is free. Including non-PyTorch memory, this process has {inuse} memory in use. Of the "
        f"allocated memory {alloc} is allocated by PyTorch{pool}{'' if pools else ','} and {reserved} is reserved by "
        "PyTorch but unallocated. If reserved but unallocated memory is large try setting "
        "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory "
        "Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
    )


TORCH_CALL = (
    ("+torch/nn/modules/module.py", 1773, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
    ("+torch/nn/modules/module.py", 1784, "_call_impl", "return forward_call(*args, **kwargs)"),
)
NO_GRAD = (("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),)

# the 0.5.x graph-capture hint (srt/model_executor/cuda_graph_runner.py CUDA_GRAPH_CAPTURE_FAILED_MSG, 0.5.2 / 0.5.5)
CAPTURE_HINT = (
    "Possible solutions:\n"
    "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
    "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n"
    "3. disable torch compile by not using --enable-torch-compile\n"
    "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\n"
    "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose "
)


def bob_timings(bs: int, il: int, ol: int, prefill_s: float, decode_s: float, steps: int = 5) -> list[str]:
    """bench_one_batch.py latency_test_run_once's prints (0.5.x: 565, 606, 614, 621), rank 0 only."""
    out = [f"Prefill. latency: {prefill_s:6.5f} s, throughput: {il * bs / prefill_s:9.2f} token/s"]
    for i in range(min(steps, ol - 1)):
        d = decode_s * (1.0 + 0.01 * (i % 3))
        out.append(f"Decode {i}. Batch size: {bs}, latency: {d:6.5f} s, throughput: {bs / d:9.2f} token/s")
    out.append(f"Decode.  median latency: {decode_s:6.5f} s, median throughput: {bs / decode_s:9.2f} token/s")
    total = prefill_s + decode_s * (ol - 1)
    out.append(f"Total. latency: {total:6.3f} s, throughput: {(il + ol) * bs / total:9.2f} token/s")
    return out


def serving_table(rows: dict[str, object], *, text_tokens: bool) -> list[str]:
    """bench_serving.py's `Serving Benchmark Result` block (0.5.2: 1781-1845; 0.5.5 adds the text/vision token rows)."""
    out = ["", "{s:{c}^{n}}".format(s=" Serving Benchmark Result ", n=50, c="=")]

    def put(label: str, value: object) -> None:
        fmt = "{:<40} {:<10.2f}" if isinstance(value, float) else "{:<40} {:<10}"
        out.append(fmt.format(label, value))

    for k, v in rows.items():
        if k.startswith("--"):
            out.append("{s:{c}^{n}}".format(s=k[2:], n=50, c="-"))
        elif k in ("Total input text tokens:", "Total input vision tokens:") and not text_tokens:
            continue
        else:
            put(k, v)
    out.append("=" * 50)
    return out


SERVING_ROWS = {
    "Backend:": "sglang",
    "Traffic request rate:": "inf",
    "Max request concurrency:": 64,
    "Successful requests:": 1000,
    "Benchmark duration (s):": 96.41,
    "Total input tokens:": 512730,
    "Total input text tokens:": 512730,
    "Total input vision tokens:": 0,
    "Total generated tokens:": 255412,
    "Total generated tokens (retokenized):": 255160,
    "Request throughput (req/s):": 10.37,
    "Input token throughput (tok/s):": 5318.23,
    "Output token throughput (tok/s):": 2649.22,
    "Total token throughput (tok/s):": 7967.45,
    "Concurrency:": 63.71,
    "--End-to-End Latency": None,
    "Mean E2E Latency (ms):": 6142.57,
    "Median E2E Latency (ms):": 6003.18,
    "--Time to First Token": None,
    "Mean TTFT (ms):": 188.92,
    "Median TTFT (ms):": 131.40,
    "P99 TTFT (ms):": 921.66,
    "--Inter-Token Latency": None,
    "Mean ITL (ms):": 23.37,
    "Median ITL (ms):": 21.05,
    "P95 ITL (ms):": 30.88,
    "P99 ITL (ms):": 88.14,
    "Max ITL (ms):": 702.91,
}


# -- bench_one_batch call paths (outermost first), per release
BOB_055 = RUNPY312 + (
    ("bench_one_batch.py", 794, "<module>", "main(server_args, bench_args)"),
    ("bench_one_batch.py", 756, "main", "work_func(server_args, port_args, bench_args, 0, 0)"),
    (
        "bench_one_batch.py",
        648,
        "latency_test",
        "model_runner, tokenizer = load_model(server_args, port_args, gpu_id, tp_rank)",
    ),
    ("bench_one_batch.py", 251, "load_model", "model_runner = ModelRunner("),
)
BOB_055_RANK = mp_frames("python3.12") + (
    (
        "bench_one_batch.py",
        648,
        "latency_test",
        "model_runner, tokenizer = load_model(server_args, port_args, gpu_id, tp_rank)",
    ),
    ("bench_one_batch.py", 251, "load_model", "model_runner = ModelRunner("),
)
RUNNER_INIT_055 = (("srt/model_executor/model_runner.py", 322, "__init__", "self.initialize(min_per_gpu_memory)"),)
RUNNER_DIST_055 = (
    ("srt/model_executor/model_runner.py", 309, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
)
LOAD_055 = RUNNER_INIT_055 + (
    ("srt/model_executor/model_runner.py", 398, "initialize", "self.load_model()"),
    ("srt/model_executor/model_runner.py", 752, "load_model", "self.model = get_model("),
    ("srt/model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
    ("srt/model_loader/loader.py", 594, "load_model", "model = _initialize_model("),
    ("srt/model_loader/loader.py", 262, "_initialize_model", "return model_class(**kwargs)"),
)
LLAMA_INIT_055 = (
    (
        "srt/models/llama.py",
        425,
        "__init__",
        'self.model = self._init_model(config, quant_config, add_prefix("model", prefix))',
    ),
    ("srt/models/llama.py", 457, "_init_model", "return LlamaModel(config, quant_config=quant_config, prefix=prefix)"),
    ("srt/models/llama.py", 300, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
    ("srt/utils/common.py", 578, "make_layers", "layer_fn(idx=idx, prefix=add_prefix(idx, prefix))"),
    ("srt/models/llama.py", 302, "<lambda>", "lambda idx, prefix: LlamaDecoderLayer("),
    ("srt/models/llama.py", 241, "__init__", "self.mlp = LlamaMLP("),
    ("srt/models/llama.py", 72, "__init__", "self.gate_up_proj = MergedColumnParallelLinear("),
    ("srt/layers/linear.py", 492, "__init__", "super().__init__("),
    ("srt/layers/linear.py", 329, "__init__", "self.quant_method.create_weights("),
    ("srt/layers/quantization/unquant.py", 60, "create_weights", "torch.empty("),
    ("+torch/utils/_device.py", 104, "__torch_function__", "return func(*args, **kwargs)"),
)
POOL_055 = RUNNER_INIT_055 + (
    ("srt/model_executor/model_runner.py", 471, "initialize", "self.init_memory_pool("),
    ("srt/model_executor/model_runner.py", 1627, "init_memory_pool", "raise RuntimeError("),
)
GRAPHS_055 = RUNNER_INIT_055 + (
    ("srt/model_executor/model_runner.py", 479, "initialize", "self.init_device_graphs()"),
    (
        "srt/model_executor/model_runner.py",
        1995,
        "init_device_graphs",
        "self.graph_runner = graph_runners[self.device](self)",
    ),
    ("srt/model_executor/cuda_graph_runner.py", 381, "__init__", "self.capture()"),
)
CAPTURE_055 = (
    ("srt/model_executor/cuda_graph_runner.py", 500, "capture", ") = self.capture_one_batch_size(bs, forward)"),
    ("srt/model_executor/cuda_graph_runner.py", 692, "capture_one_batch_size", "run_once()"),
    ("srt/model_executor/cuda_graph_runner.py", 679, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
)
# the 0.5.5 server's scheduler, overlap loop, into the model (bench_serving / bench_offline_throughput runtime failures)
LOOP_055 = (
    (("srt/managers/scheduler.py", 2826, "run_scheduler_process", "scheduler.event_loop_overlap()"),)
    + NO_GRAD
    + (
        ("srt/managers/scheduler.py", 990, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
        ("srt/managers/scheduler.py", 1987, "run_batch", "batch_result = self.model_worker.forward_batch_generation("),
        (
            "srt/managers/tp_worker.py",
            371,
            "forward_batch_generation",
            "logits_output, can_run_cuda_graph = self.model_runner.forward(",
        ),
        ("srt/model_executor/model_runner.py", 2147, "forward", "output = self._forward_raw("),
    )
)
EXTEND_055 = (
    LOOP_055
    + (
        ("srt/model_executor/model_runner.py", 2204, "_forward_raw", "ret = self.forward_extend("),
        ("srt/model_executor/model_runner.py", 2092, "forward_extend", "return self.model.forward("),
    )
    + NO_GRAD
)


# ============================================================================================ sglang.bench_one_batch
D055 = "2025-11-12"
CMD_70B = "$ python3 -m sglang.bench_one_batch --model-path meta-llama/Llama-3.1-70B-Instruct --batch-size 1 8 32 --input-len 1024 --output-len 128"
case(
    "bob_llama70b_tp1_weights_oom",
    "0.5.5",
    "sglang-0.5.5 bench_one_batch.py:794/756/648/251, srt/model_executor/model_runner.py:322/398/752, model_loader/loader.py:594",
    "oom_weights",
    "bench_one_batch's own ModelRunner dies allocating a layer while building the model (Load weight begin, no end): a 70B bf16 model does not fit one 80 GB GPU without --tp",
    join(
        CMD_70B,
        "Attention backend not explicitly specified. Use fa3 backend by default.",
        f"{at(D055, 3, 'TP0')} Init torch distributed begin.",
        f"{at(D055, 4, 'TP0')} Init torch distributed ends. mem usage=0.00 GB",
        f"{at(D055, 5, 'TP0')} Load weight begin. avail mem=78.68 GB",
        TB,
        tb(PY312, *BOB_055, *LOAD_055, *LLAMA_INIT_055),
        oom("896.00 MiB", "79.19 GiB", "290.56 MiB", "78.89 GiB", "78.23 GiB", "9.50 MiB"),
    ),
)

CMD_32B = "$ python3 -m sglang.bench_one_batch --model-path Qwen/Qwen2.5-32B-Instruct --mem-fraction-static 0.7 --batch-size 16 --input-len 2048 --output-len 256"
case(
    "bob_qwen32b_no_room_for_kv_pool",
    "0.5.5",
    "sglang-0.5.5 srt/model_executor/model_runner.py:471/1627 (`Not enough memory. Please try to increase --mem-fraction-static. Current value: {self.server_args.mem_fraction_static=}`), bench_one_batch.py:251",
    "oom_kv_cache",
    "weights loaded (61 GB) and the KV pool gets nothing under --mem-fraction-static 0.7: SGLang's own message asks for a higher fraction",
    join(
        CMD_32B,
        "Attention backend not explicitly specified. Use flashinfer backend by default.",
        f"{at(D055, 40, 'TP0')} Init torch distributed begin.",
        f"{at(D055, 41, 'TP0')} Init torch distributed ends. mem usage=0.00 GB",
        f"{at(D055, 41, 'TP0')} Load weight begin. avail mem=78.50 GB",
        "Loading safetensors checkpoint shards:   0% Completed | 0/17 [00:00<?, ?it/s]",
        "Loading safetensors checkpoint shards: 100% Completed | 17/17 [00:21<00:00,  1.26s/it]",
        "",
        f"{at(D055, 63, 'TP0')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=17.40 GB, mem usage=61.10 GB.",
        TB,
        tb(PY312, *BOB_055, *POOL_055),
        "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: self.server_args.mem_fraction_static=0.7",
    ),
)

CMD_4090 = "$ python3 -m sglang.bench_one_batch --model-path meta-llama/Llama-3.1-8B-Instruct --batch-size 1 64 512 --input-len 512 --output-len 128"
CAPTURE_BS = "[1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160, 168, 176, 184, 192, 200, 208, 216, 224, 232, 240, 248, 256, 272, 288, 304, 320, 336, 352, 368, 384, 400, 416, 432, 448, 464, 480, 496, 512]"
LOGITS_055 = (
    (("srt/models/llama.py", 483, "forward", "return self.logits_processor("),)
    + TORCH_CALL
    + (
        (
            "srt/layers/logits_processor.py",
            566,
            "forward",
            "logits = self._get_logits(pruned_states, lm_head, logits_metadata)",
        ),
        ("srt/layers/logits_processor.py", 833, "_get_logits", "logits = torch.matmul("),
    )
)
OOM_4090 = oom("125.25 MiB", "23.52 GiB", "201.06 MiB", "23.31 GiB", "21.87 GiB", "514.20 MiB", pools="1.02 GiB")
case(
    "bob_capture_oom_max_batch_512",
    "0.5.5",
    "sglang-0.5.5 bench_one_batch.py:738 (`server_args.cuda_graph_max_bs = max(bench_args.batch_size)`), srt/model_executor/cuda_graph_runner.py:260/381/384/500/692, model_runner.py:1985 (capture begin)",
    "oom_cuda_graph",
    "bench_one_batch sizes its decode graphs from --batch-size (up to 512 here); the capture of bs=512 runs out of memory inside `Capture cuda graph failed:`",
    join(
        CMD_4090,
        "Attention backend not explicitly specified. Use flashinfer backend by default.",
        f"{at(D055, 100, 'TP0')} Init torch distributed begin.",
        f"{at(D055, 100, 'TP0')} Init torch distributed ends. mem usage=0.00 GB",
        f"{at(D055, 101, 'TP0')} Load weight begin. avail mem=22.98 GB",
        "Loading safetensors checkpoint shards: 100% Completed | 4/4 [00:03<00:00,  1.18it/s]",
        "",
        f"{at(D055, 105, 'TP0')} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=7.88 GB, mem usage=15.10 GB.",
        f"{at(D055, 105, 'TP0')} Using KV cache dtype: torch.bfloat16",
        f"{at(D055, 105, 'TP0')} KV Cache is allocated. #tokens: 38912, K size: 2.38 GB, V size: 2.38 GB",
        f"{at(D055, 105, 'TP0')} Memory pool end. avail mem=2.39 GB",
        f"{at(D055, 106, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=2.33 GB",
        f"{at(D055, 106, 'TP0')} Capture cuda graph bs {CAPTURE_BS}",
        "Capturing batches (bs=512 avail_mem=2.31 GB):   0%|          | 0/52 [00:00<?, ?it/s]",
        "Capturing batches (bs=512 avail_mem=2.31 GB):   0%|          | 0/52 [00:01<?, ?it/s]",
        TB,
        tb(
            PY312,
            ("srt/model_executor/cuda_graph_runner.py", 381, "__init__", "self.capture()"),
            *CAPTURE_055,
            *NO_GRAD,
            *LOGITS_055,
        ),
        OOM_4090,
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        TB,
        tb(
            PY312,
            *BOB_055,
            *GRAPHS_055[:-1],
            ("srt/model_executor/cuda_graph_runner.py", 383, "__init__", "raise Exception("),
        ),
        f"Exception: Capture cuda graph failed: {OOM_4090[len('torch.OutOfMemoryError: ') :]}",
        CAPTURE_HINT,
    ),
)

D0510 = "2026-02-18"
CMD_BIG_PREFILL = "$ python3 -m sglang.bench_one_batch --model-path meta-llama/Llama-3.1-8B-Instruct --batch-size 1 8 32 --input-len 8192 --output-len 64"
BOB_0510 = (
    RUNPY312
    + (
        ("bench_one_batch.py", 933, "<module>", "main(server_args, bench_args)"),
        ("bench_one_batch.py", 895, "main", "work_func(server_args, port_args, bench_args, 0, 0)"),
        ("bench_one_batch.py", 845, "latency_test", "ret = latency_test_run_once("),
        ("bench_one_batch.py", 671, "latency_test_run_once", "next_token_ids, _, batch = model_runner.extend(reqs)"),
        ("bench_one_batch.py", 479, "extend", "return extend(reqs, self.torch_runner)"),
    )
    + NO_GRAD
    + (
        ("bench_one_batch.py", 435, "extend", "logits_output = model_runner.forward(forward_batch).logits_output"),
        ("srt/model_executor/model_runner.py", 2739, "forward", "output = self._forward_raw("),
        ("srt/model_executor/model_runner.py", 2849, "_forward_raw", "ret, can_run_graph = self.forward_extend("),
        ("srt/model_executor/model_runner.py", 2697, "forward_extend", "return self.model.forward("),
    )
    + NO_GRAD
    + (("srt/models/llama.py", 517, "forward", "hidden_states = self.model("),)
    + TORCH_CALL
    + (("srt/models/llama.py", 390, "forward", "hidden_states, residual = layer("),)
    + TORCH_CALL
    + (("srt/models/llama.py", 322, "forward", "hidden_states = self.mlp(hidden_states)"),)
    + TORCH_CALL
    + (("srt/models/llama.py", 110, "forward", "gate_up, _ = self.gate_up_proj(x)"),)
    + TORCH_CALL
    + (
        ("srt/layers/linear.py", 460, "forward", "output_parallel = self.quant_method.apply(self, input_, bias)"),
        ("srt/layers/quantization/unquant.py", 157, "apply", "return F.linear(x, layer.weight, bias)"),
    )
)
START_0510 = [
    f"{at(D0510, 0, 'TP0')} Init torch distributed begin.",
    f"{at(D0510, 1, 'TP0')} Init torch distributed ends. elapsed=0.31 s, mem usage=0.00 GB",
    f"{at(D0510, 1, 'TP0')} Load weight begin. avail mem=78.49 GB",
    "Loading safetensors checkpoint shards: 100% Completed | 4/4 [00:02<00:00,  1.62it/s]",
    "",
    f"{at(D0510, 5, 'TP0')} Load weight end. elapsed=4.12 s, type=LlamaForCausalLM, avail mem=63.43 GB, mem usage=15.06 GB.",
    f"{at(D0510, 5, 'TP0')} Using KV cache dtype: torch.bfloat16",
    f"{at(D0510, 5, 'TP0')} KV Cache is allocated. #tokens: 471040, K size: 28.75 GB, V size: 28.75 GB",
    f"{at(D0510, 5, 'TP0')} Memory pool end. avail mem=5.18 GB",
    f"{at(D0510, 6, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=5.12 GB",
    f"{at(D0510, 6, 'TP0')} Capture cuda graph bs [1, 2, 4, 8, 12, 16, 24, 32]",
    "Capturing batches (bs=1 avail_mem=4.91 GB): 100%|██████████| 8/8 [00:01<00:00,  5.20it/s]",
    f"{at(D0510, 8, 'TP0')} Capture cuda graph end. Time elapsed: 1.71 s. mem usage=0.22 GB. avail mem=4.90 GB.",
    f"{at(D0510, 8, 'TP0')} Capture piecewise CUDA graph begin. avail mem=4.90 GB",
    f"{at(D0510, 8, 'TP0')} Capture cuda graph num tokens [4, 8, 12, 16, 20, 24, 28, 32, 48, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384, 448, 512, 640, 768, 896, 1024, 1280, 1536, 1792, 2048, 2560, 3072, 3584, 4096]",
    "Compiling num tokens (num_tokens=4): 100%|██████████| 34/34 [00:21<00:00,  1.58it/s]",
    "Capturing num tokens (num_tokens=4 avail_mem=4.52 GB): 100%|██████████| 34/34 [00:06<00:00,  5.31it/s]",
    f"{at(D0510, 37, 'TP0')} Capture piecewise CUDA graph end. Time elapsed: 28.93 s. mem usage=0.41 GB. avail mem=4.49 GB.",
    "max_total_num_tokens=471040",
]
case(
    "bob_batch_32x8192_prefill_oom",
    "0.5.10.post1",
    "sglang-0.5.10.post1 bench_one_batch.py:645 (skip only when the batch exceeds the KV pool), 671/479/435, model_runner.py:2739/2849/2697, models/llama.py:110",
    "oom_runtime",
    "start-up finished and batches 1 and 8 ran; the 32x8192 batch is prefilled in one unchunked forward and its MLP activation (14 GiB) runs out of memory: run-time activation memory, not the pool",
    join(
        CMD_BIG_PREFILL,
        START_0510,
        "Warmup ...",
        bob_timings(1, 8192, 32, 0.52311, 0.00701),
        "Benchmark ...",
        bob_timings(1, 8192, 64, 0.50872, 0.00698),
        bob_timings(8, 8192, 64, 3.91025, 0.01127),
        TB,
        tb(PY312, *BOB_0510),
        oom("14.00 GiB", "79.19 GiB", "3.98 GiB", "75.20 GiB", "73.41 GiB", "412.27 MiB", pools="0.63 GiB"),
    ),
)

D052 = "2025-09-20"
NCCL_SHM = [
    "d5c0a1b2e3f4:1873:2011 [0] misc/shmutils.cc:72 NCCL WARN Error: failed to extend /dev/shm/nccl-Wx4k2Q to 9637892 bytes, error: No space left on device (28)",
    "d5c0a1b2e3f4:1873:2011 [0] misc/shmutils.cc:113 NCCL WARN Error while creating shared memory segment /dev/shm/nccl-Wx4k2Q (size 9637888), error: No space left on device (28)",
    "d5c0a1b2e3f4:1874:2012 [1] misc/shmutils.cc:72 NCCL WARN Error: failed to extend /dev/shm/nccl-pT9sVe to 9637892 bytes, error: No space left on device (28)",
    "d5c0a1b2e3f4:1874:2012 [1] misc/shmutils.cc:113 NCCL WARN Error while creating shared memory segment /dev/shm/nccl-pT9sVe (size 9637888), error: No space left on device (28)",
]
PYNCCL_052 = (
    (
        "bench_one_batch.py",
        524,
        "latency_test",
        "model_runner, tokenizer = load_model(server_args, port_args, tp_rank)",
    ),
    ("bench_one_batch.py", 156, "load_model", "model_runner = ModelRunner("),
    ("srt/model_executor/model_runner.py", 240, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
    ("srt/model_executor/model_runner.py", 654, "init_torch_distributed", "initialize_model_parallel("),
    ("srt/distributed/parallel_state.py", 1434, "initialize_model_parallel", "_TP = init_model_parallel_group("),
    ("srt/distributed/parallel_state.py", 1222, "init_model_parallel_group", "return GroupCoordinator("),
    ("srt/distributed/parallel_state.py", 299, "__init__", "self.pynccl_comm = PyNcclCommunicator("),
    (
        "srt/distributed/device_communicators/pynccl.py",
        110,
        "__init__",
        "self.comm: ncclComm_t = self.nccl.ncclCommInitRank(",
    ),
    ("srt/distributed/device_communicators/pynccl_wrapper.py", 399, "ncclCommInitRank", "self.NCCL_CHECK("),
    (
        "srt/distributed/device_communicators/pynccl_wrapper.py",
        374,
        "NCCL_CHECK",
        'raise RuntimeError(f"NCCL error: {error_str}")',
    ),
)
case(
    "bob_tp2_docker_shm_nccl_init",
    "0.5.2",
    "sglang-0.5.2 bench_one_batch.py:524/156 (one multiprocessing.Process per rank), distributed/device_communicators/pynccl_wrapper.py:374; NCCL 2.27 misc/shmutils.cc WARN lines",
    "nccl_or_distributed",
    "both TP ranks fail creating the NCCL communicator: /dev/shm is too small in the container (NCCL's own WARN), pynccl's `NCCL error: unhandled system error`",
    join(
        "$ docker run --gpus all -it lmsysorg/sglang:v0.5.2-cu126 python3 -m sglang.bench_one_batch --model-path Qwen/Qwen2.5-14B-Instruct --tp 2 --batch-size 1 16 --input-len 1024 --output-len 128",
        f"{at(D052, 12, 'TP0')} Init torch distributed begin.",
        f"{at(D052, 12, 'TP1')} Init torch distributed begin.",
        f"{at(D052, 13, 'TP0')} sglang is using nccl==2.27.3",
        NCCL_SHM,
        "Process Process-1:",
        TB,
        tb(PY312, *mp_frames("python3.12"), *PYNCCL_052),
        "RuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)",
        "Process Process-2:",
        TB,
        tb(PY312, *mp_frames("python3.12"), *PYNCCL_052),
        "RuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)",
    ),
)

TCPSTORE_055 = (
    ("srt/model_executor/model_runner.py", 633, "init_torch_distributed", "init_distributed_environment("),
    (
        "srt/distributed/parallel_state.py",
        1584,
        "init_distributed_environment",
        "torch.distributed.init_process_group(",
    ),
    ("+torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
    ("+torch/distributed/c10d_logger.py", 95, "wrapper", "func_return = func(*args, **kwargs)"),
    (
        "+torch/distributed/distributed_c10d.py",
        1710,
        "init_process_group",
        "store, rank, world_size = next(rendezvous_iterator)",
    ),
    ("+torch/distributed/rendezvous.py", 222, "_tcp_rendezvous_handler", "store = _create_c10d_store("),
    ("+torch/distributed/rendezvous.py", 193, "_create_c10d_store", "return TCPStore("),
)
case(
    "bob_tp2_fixed_nccl_port_taken",
    "0.5.5",
    "sglang-0.5.5 srt/model_executor/model_runner.py:619-640 (`tcp://127.0.0.1:{self.dist_port}`, dist_port = --nccl-port when given, server_args.py:4056), torch 2.8 TCPStore's EADDRINUSE",
    "port_in_use",
    "the --nccl-port the user copied from a launch command is held by another job: rank 0's TCPStore cannot listen (EADDRINUSE); the remedy is another port",
    join(
        "$ python3 -m sglang.bench_one_batch --model-path Qwen/Qwen3-14B --tp 2 --nccl-port 29500 --batch-size 1 32 --input-len 1024 --output-len 256",
        "Attention backend not explicitly specified. Use fa3 backend by default.",
        f"{at(D055, 300, 'TP0')} Init torch distributed begin.",
        f"{at(D055, 300, 'TP1')} Init torch distributed begin.",
        "Process Process-1:",
        TB,
        tb(PY312, *BOB_055_RANK, *RUNNER_DIST_055, *TCPSTORE_055),
        "torch.distributed.DistNetworkError: The server socket has failed to listen on any local network address. port: 29500, useIPv6: 0, code: -98, name: EADDRINUSE, message: address already in use",
    ),
)

case(
    "bob_batch_size_comma_list",
    "0.5.5",
    "sglang-0.5.5 bench_one_batch.py:184-186 (`--batch-size`, type=int, nargs='+'), 781-784 (argparse over ServerArgs + BenchArgs); argparse's own error lines",
    "config_error",
    "argparse rejects the benchmark's own argument before anything starts (`1,8,32` is not an int; the flag takes space-separated values)",
    join(
        "$ python3 -m sglang.bench_one_batch --model-path meta-llama/Llama-3.1-8B-Instruct --batch-size 1,8,32 --input-len 1024 --output-len 128",
        "usage: bench_one_batch.py [-h] --model-path MODEL_PATH",
        "                          [--tokenizer-path TOKENIZER_PATH]",
        "                          [--tokenizer-mode {auto,slow}]",
        "                          [--tokenizer-worker-num TOKENIZER_WORKER_NUM]",
        "                          [--skip-tokenizer-init]",
        "                          [--load-format {auto,pt,safetensors,npcache,dummy,sharded_state,gguf,bitsandbytes,layered,remote,remote_instance}]",
        "                          ...",
        "                          [--profile-filename-prefix PROFILE_FILENAME_PREFIX]",
        "bench_one_batch.py: error: argument --batch-size: invalid int value: '1,8,32'",
    ),
)

D046 = "2025-05-27"
MODEL_PATH_046 = RUNPY310 + (
    ("bench_one_batch.py", 558, "<module>", "main(server_args, bench_args)"),
    ("bench_one_batch.py", 522, "main", "work_func(server_args, port_args, bench_args, 0)"),
    (
        "bench_one_batch.py",
        446,
        "latency_test",
        "model_runner, tokenizer = load_model(server_args, port_args, tp_rank)",
    ),
    ("bench_one_batch.py", 140, "load_model", "model_config = ModelConfig.from_server_args(server_args)"),
    ("srt/configs/model_config.py", 233, "from_server_args", "return ModelConfig("),
    ("srt/configs/model_config.py", 69, "__init__", "self.hf_config = get_config("),
    ("srt/hf_transformers_utils.py", 118, "get_config", "config = AutoConfig.from_pretrained("),
    (
        "+transformers/models/auto/configuration_auto.py",
        1114,
        "from_pretrained",
        "config_dict, unused_kwargs = PretrainedConfig.get_config_dict(pretrained_model_name_or_path, **kwargs)",
    ),
    (
        "+transformers/configuration_utils.py",
        590,
        "get_config_dict",
        "config_dict, kwargs = cls._get_config_dict(pretrained_model_name_or_path, **kwargs)",
    ),
    ("+transformers/configuration_utils.py", 649, "_get_config_dict", "resolved_config_file = cached_file("),
    (
        "+transformers/utils/hub.py",
        266,
        "cached_file",
        "file = cached_files(path_or_repo_id=path_or_repo_id, filenames=[filename], **kwargs)",
    ),
)
case(
    "bob_model_path_typo",
    "0.4.6.post5",
    "sglang-0.4.6.post5 bench_one_batch.py:558/522/446/140, srt/configs/model_config.py:69, hf_transformers_utils.py:118; transformers 4.51 utils/hub.py `Incorrect path_or_model_id`",
    "config_error",
    "the --model-path directory does not exist (a typo), so transformers reads it as an invalid repo id: nothing was loaded",
    join(
        "$ python3 -m sglang.bench_one_batch --model-path /data/models/Meta-Llama-3.1-8B-Instruct/ --batch-size 1 --input-len 512 --output-len 32",
        TB,
        tb(
            PY310,
            ("+transformers/utils/hub.py", 424, "cached_files", "hf_hub_download("),
            ("+huggingface_hub/utils/_validators.py", 106, "_inner_fn", "validate_repo_id(arg_value)"),
            ("+huggingface_hub/utils/_validators.py", 154, "validate_repo_id", "raise HFValidationError("),
        ),
        "huggingface_hub.errors.HFValidationError: Repo id must be in the form 'repo_name' or 'namespace/repo_name': '/data/models/Meta-Llama-3.1-8B-Instruct/'. Use `repo_type` argument if needed.",
        "",
        "The above exception was the direct cause of the following exception:",
        "",
        TB,
        tb(PY310, *MODEL_PATH_046, ("+transformers/utils/hub.py", 526, "cached_files", "raise OSError(")),
        "OSError: Incorrect path_or_model_id: '/data/models/Meta-Llama-3.1-8B-Instruct/'. Please provide either the path to a local folder or the repo_id of a model on the Hub.",
    ),
)

ILLEGAL = (
    "torch.AcceleratorError: CUDA error: an illegal memory access was encountered\n"
    "Search for `cudaErrorIllegalAddress' in https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html for more information.\n"
    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n"
)
case(
    "bob_decode_illegal_memory_access",
    "0.5.5",
    "sglang-0.5.5 bench_one_batch.py:584/585 (decode step, then synchronize(device)), 494-495; torch 2.8 AcceleratorError text",
    "cuda_error_other",
    "start-up done and the prefill timed; a decode step with the fp8_e5m2 KV cache faults (illegal memory access) and is reported at the next synchronize",
    join(
        "$ python3 -m sglang.bench_one_batch --model-path deepseek-ai/DeepSeek-V2-Lite-Chat --trust-remote-code --kv-cache-dtype fp8_e5m2 --attention-backend flashinfer --batch-size 64 --input-len 1024 --output-len 256",
        f"{at(D055, 600, 'TP0')} Init torch distributed begin.",
        f"{at(D055, 600, 'TP0')} Init torch distributed ends. mem usage=0.00 GB",
        f"{at(D055, 601, 'TP0')} Load weight begin. avail mem=78.68 GB",
        "Loading safetensors checkpoint shards: 100% Completed | 4/4 [00:06<00:00,  1.55s/it]",
        "",
        f"{at(D055, 609, 'TP0')} Load weight end. type=DeepseekV2ForCausalLM, dtype=torch.bfloat16, avail mem=48.99 GB, mem usage=29.69 GB.",
        f"{at(D055, 609, 'TP0')} Using KV cache dtype: torch.float8_e5m2",
        f"{at(D055, 609, 'TP0')} KV Cache is allocated. #tokens: 4139811, KV size: 37.08 GB",
        f"{at(D055, 609, 'TP0')} Memory pool end. avail mem=10.86 GB",
        f"{at(D055, 610, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=10.79 GB",
        f"{at(D055, 610, 'TP0')} Capture cuda graph bs [1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64]",
        "Capturing batches (bs=1 avail_mem=10.52 GB): 100%|██████████| 12/12 [00:04<00:00,  2.81it/s]",
        f"{at(D055, 615, 'TP0')} Capture cuda graph end. Time elapsed: 4.62 s. mem usage=0.29 GB. avail mem=10.50 GB.",
        "max_total_num_tokens=4139811",
        "Warmup ...",
        "Prefill. latency: 1.38102 s, throughput:  47441.75 token/s",
        TB,
        tb(
            PY312,
            *BOB_055[:3],
            ("bench_one_batch.py", 657, "latency_test", "latency_test_run_once("),
            ("bench_one_batch.py", 585, "latency_test_run_once", "synchronize(device)"),
            ("bench_one_batch.py", 495, "synchronize", "torch.get_device_module(device).synchronize()"),
            ("+torch/cuda/__init__.py", 1083, "synchronize", "return torch._C._cuda_synchronize()"),
        ),
        ILLEGAL,
    ),
)

case(
    "bob_finished_with_skipped_batch",
    "0.5.10.post1",
    "sglang-0.5.10.post1 bench_one_batch.py:645 (`skipping ({batch_size}, {input_len}, {output_len}) due to max batch size limit`), 793/813 (Warmup / Benchmark), result rows 565-621",
    "healthy",
    "the runner came up and the sweep finished: the skip line only says the 256x8192 batch exceeds the KV pool, the tool moves on and writes result.jsonl",
    join(
        "$ python3 -m sglang.bench_one_batch --model-path meta-llama/Llama-3.1-8B-Instruct --batch-size 1 16 256 --input-len 8192 --output-len 64 --run-name h100_sweep",
        START_0510,
        "Warmup ...",
        bob_timings(1, 8192, 32, 0.52023, 0.00699),
        "Benchmark ...",
        bob_timings(1, 8192, 64, 0.50640, 0.00697),
        bob_timings(16, 8192, 64, 7.60218, 0.01390),
        "skipping (256, 8192, 64) due to max batch size limit",
    ),
)

case(
    "bob_tp4_architecture_not_in_release",
    "0.5.2",
    "sglang-0.5.2 srt/models/registry.py:32-35 (`Model architectures {architectures} are not supported for now. Supported architectures: ...`), bench_one_batch.py:524/156, model_loader/loader.py",
    "config_error",
    "0.5.2 has no Qwen3Next class: all ranks stop at model class resolution after Load weight begin; the remedy is another release, not memory or NCCL",
    join(
        "$ python3 -m sglang.bench_one_batch --model-path Qwen/Qwen3-Next-80B-A3B-Instruct --tp 4 --batch-size 1 16 --input-len 1024 --output-len 128",
        f"{at(D052, 900, 'TP0')} Init torch distributed begin.",
        f"{at(D052, 900, 'TP1')} Init torch distributed begin.",
        f"{at(D052, 900, 'TP2')} Init torch distributed begin.",
        f"{at(D052, 900, 'TP3')} Init torch distributed begin.",
        f"{at(D052, 903, 'TP0')} sglang is using nccl==2.27.3",
        f"{at(D052, 906, 'TP0')} Init torch distributed ends. mem usage=1.12 GB",
        f"{at(D052, 906, 'TP0')} Load weight begin. avail mem=77.33 GB",
        "Process Process-1:",
        TB,
        tb(
            PY312,
            *mp_frames("python3.12"),
            *PYNCCL_052[:2],
            ("srt/model_executor/model_runner.py", 250, "__init__", "self.initialize(min_per_gpu_memory)"),
            ("srt/model_executor/model_runner.py", 296, "initialize", "self.load_model()"),
            ("srt/model_executor/model_runner.py", 735, "load_model", "self.model = get_model("),
            ("srt/model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
            ("srt/model_loader/loader.py", 477, "load_model", "model = _initialize_model("),
            (
                "srt/model_loader/loader.py",
                195,
                "_initialize_model",
                "model_class, _ = get_model_architecture(model_config)",
            ),
            (
                "srt/model_loader/utils.py",
                103,
                "get_model_architecture",
                "return ModelRegistry.resolve_model_cls(architectures)",
            ),
            ("srt/models/registry.py", 73, "resolve_model_cls", "return self._raise_for_unsupported(architectures)"),
            ("srt/models/registry.py", 32, "_raise_for_unsupported", "raise ValueError("),
        ),
        "ValueError: Model architectures ['Qwen3NextForCausalLM'] are not supported for now. Supported architectures: dict_keys(['ArceeForCausalLM', 'BaichuanForCausalLM', 'BailingMoeForCausalLM', 'BertForSequenceClassification', 'BertModel', 'ChatGLMModel', 'CLIPModel', 'CohereForCausalLM', 'Contriever', 'DbrxForCausalLM', 'DeepseekForCausalLM', 'DeepseekV2ForCausalLM', 'DeepseekV3ForCausalLM', ...])",
    ),
)


# ======================================================================================= sglang.bench_offline_throughput
def engine_args(day: str, second: int, model: str, extra: str) -> list[str]:
    """Engine.__init__ logs `{server_args=}` before the logger is configured (bare), then _launch_subprocesses again."""
    body = f"model_path='{model}', tokenizer_path='{model}', tokenizer_mode='auto', {extra}"
    return [f"server_args=ServerArgs({body}, ...)", f"{at(day, second)} server_args=ServerArgs({body}, ...)"]


ENGINE_052 = (
    ("srt/managers/scheduler.py", 2587, "run_scheduler_process", "scheduler = Scheduler("),
    ("srt/managers/scheduler.py", 329, "__init__", "self.tp_worker = TpWorkerClass("),
    ("srt/managers/tp_worker_overlap_thread.py", 71, "__init__", "self.worker = TpModelWorker("),
    ("srt/managers/tp_worker.py", 93, "__init__", "self.model_runner = ModelRunner("),
    ("srt/model_executor/model_runner.py", 250, "__init__", "self.initialize(min_per_gpu_memory)"),
    ("srt/model_executor/model_runner.py", 386, "initialize", "self.init_device_graphs()"),
    (
        "srt/model_executor/model_runner.py",
        1761,
        "init_device_graphs",
        "self.graph_runner = graph_runners[self.device](self)",
    ),
    ("srt/model_executor/cuda_graph_runner.py", 391, "__init__", "raise Exception("),
)
OOM_L40S = oom("1.96 GiB", "44.39 GiB", "1.21 GiB", "43.17 GiB", "41.60 GiB", "376.45 MiB", pools="1.48 GiB")
case(
    "bot_engine_capture_oom",
    "0.5.2",
    "sglang-0.5.2 bench_offline_throughput.py:335 (`Engine(**dataclasses.asdict(server_args))`), srt/model_executor/cuda_graph_runner.py:389-392, entrypoints/engine.py (launch_phase_sigquit_handler)",
    "oom_cuda_graph",
    "the in-process Engine's scheduler runs out of memory capturing bs=256 with --mem-fraction-static 0.92 (`Capture cuda graph failed:` wrapping the OOM), then the sigquit tears the tool down",
    join(
        "$ python3 -m sglang.bench_offline_throughput --model-path Qwen/Qwen2.5-7B-Instruct --num-prompts 2000 --mem-fraction-static 0.92 --cuda-graph-max-bs 256",
        engine_args(D052, 60, "Qwen/Qwen2.5-7B-Instruct", "mem_fraction_static=0.92, cuda_graph_max_bs=256, tp_size=1"),
        f"{at(D052, 66)} Attention backend not explicitly specified. Use flashinfer backend by default.",
        f"{at(D052, 70)} Init torch distributed begin.",
        f"{at(D052, 70)} Init torch distributed ends. mem usage=0.00 GB",
        f"{at(D052, 71)} Load weight begin. avail mem=43.89 GB",
        "Loading safetensors checkpoint shards: 100% Completed | 4/4 [00:04<00:00,  1.01s/it]",
        "",
        f"{at(D052, 76)} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=29.47 GB, mem usage=14.42 GB.",
        f"{at(D052, 76)} KV Cache is allocated. #tokens: 475314, K size: 12.69 GB, V size: 12.69 GB",
        f"{at(D052, 76)} Memory pool end. avail mem=3.92 GB",
        f"{at(D052, 77)} Capture cuda graph begin. This can take up to several minutes. avail mem=3.86 GB",
        f"{at(D052, 77)} Capture cuda graph bs [1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160, 168, 176, 184, 192, 200, 208, 216, 224, 232, 240, 248, 256]",
        "Capturing batches (bs=256 avail_mem=3.84 GB):   0%|          | 0/36 [00:00<?, ?it/s]",
        f"{at(D052, 79)} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            ("srt/model_executor/cuda_graph_runner.py", 389, "__init__", "self.capture()"),
            ("srt/model_executor/cuda_graph_runner.py", 506, "capture", ") = self.capture_one_batch_size(bs, forward)"),
            ("srt/model_executor/cuda_graph_runner.py", 690, "capture_one_batch_size", "run_once()"),
            (
                "srt/model_executor/cuda_graph_runner.py",
                677,
                "run_once",
                "logits_output_or_pp_proxy_tensors = forward(",
            ),
            *NO_GRAD,
            ("srt/models/qwen2.py", 500, "forward", "hidden_states = self.model("),
            *TORCH_CALL,
            ("srt/models/qwen2.py", 367, "forward", "hidden_states, residual = layer("),
            *TORCH_CALL,
            ("srt/models/qwen2.py", 256, "forward", "hidden_states = self.mlp(hidden_states)"),
            *TORCH_CALL,
            ("srt/models/qwen2.py", 97, "forward", "x = self.act_fn(gate_up)"),
            *TORCH_CALL,
            ("srt/custom_op.py", 63, "forward", "return self._forward_method(*args, **kwargs)"),
            (
                "srt/layers/activation.py",
                75,
                "forward_cuda",
                "out = torch.empty(output_shape, dtype=x.dtype, device=x.device)",
            ),
        ),
        OOM_L40S,
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        TB,
        tb(PY312, *ENGINE_052),
        f"Exception: Capture cuda graph failed: {OOM_L40S[len('torch.OutOfMemoryError: ') :]}",
        CAPTURE_HINT,
        "",
        f"{at(D052, 79)} Received sigquit from a child process. It usually means the child failed.",
        "Killed",
    ),
)

KV_046 = (
    (
        "srt/managers/scheduler.py",
        2297,
        "run_scheduler_process",
        "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
    ),
    ("srt/managers/scheduler.py", 277, "__init__", "self.tp_worker = TpWorkerClass("),
    ("srt/managers/tp_worker_overlap_thread.py", 64, "__init__", "self.worker = TpModelWorker("),
    ("srt/managers/tp_worker.py", 78, "__init__", "self.model_runner = ModelRunner("),
    ("srt/model_executor/model_runner.py", 231, "__init__", "self.initialize(min_per_gpu_memory)"),
    ("srt/model_executor/model_runner.py", 297, "initialize", "self.init_memory_pool("),
    ("srt/model_executor/model_runner.py", 898, "init_memory_pool", "raise RuntimeError("),
)
case(
    "bot_tp2_72b_no_kv_room",
    "0.4.6.post5",
    "sglang-0.4.6.post5 srt/model_executor/model_runner.py:297/898 (`Not enough memory. Please try to increase --mem-fraction-static.`), managers/scheduler.py:2328, entrypoints/engine.py:529",
    "oom_kv_cache",
    "72B at TP2 loads (67.7 GB a GPU) but --mem-fraction-static 0.8 leaves the KV pool nothing on both ranks: SGLang's own message asks for a higher fraction",
    join(
        "$ python3 -m sglang.bench_offline_throughput --model-path Qwen/Qwen2.5-72B-Instruct --tp 2 --mem-fraction-static 0.8 --num-prompts 1000 --dataset-name sharegpt",
        engine_args(D046, 0, "Qwen/Qwen2.5-72B-Instruct", "mem_fraction_static=0.8, tp_size=2"),
        f"{at(D046, 9, 'TP0')} Attention backend not set. Use flashinfer backend by default.",
        f"{at(D046, 9, 'TP0')} Init torch distributed begin.",
        f"{at(D046, 9, 'TP1')} Init torch distributed begin.",
        f"{at(D046, 10, 'TP0')} sglang is using nccl==2.21.5",
        f"{at(D046, 11, 'TP0')} Init torch distributed ends. mem usage=0.57 GB",
        f"{at(D046, 11, 'TP0')} Load weight begin. avail mem=78.59 GB",
        f"{at(D046, 11, 'TP1')} Load weight begin. avail mem=78.59 GB",
        "Loading safetensors checkpoint shards:   0% Completed | 0/37 [00:00<?, ?it/s]",
        "Loading safetensors checkpoint shards: 100% Completed | 37/37 [01:02<00:00,  1.68s/it]",
        "",
        f"{at(D046, 74, 'TP1')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=10.85 GB, mem usage=67.74 GB.",
        f"{at(D046, 74, 'TP0')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=10.85 GB, mem usage=67.74 GB.",
        f"{at(D046, 74, 'TP1')} Scheduler hit an exception: {TB}",
        tb(PY310, *KV_046),
        "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static.",
        "",
        f"{at(D046, 74, 'TP0')} Scheduler hit an exception: {TB}",
        tb(PY310, *KV_046),
        "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static.",
        "",
        f"{at(D046, 74)} Received sigquit from a child process. It usually means the child failed.",
        "Killed",
    ),
)


def offline_table(rows: list[tuple[str, object]]) -> list[str]:
    out = ["", "{s:{c}^{n}}".format(s=" Offline Throughput Benchmark Result ", n=50, c="=")]
    for label, value in rows:
        fmt = "{:<40} {:<10.2f}" if isinstance(value, float) else "{:<40} {:<10}"
        out.append(fmt.format(label, value))
    out.append("=" * 50)
    return out


START_055_QWEN3 = [
    f"{at(D055, 1210)} Init torch distributed begin.",
    f"{at(D055, 1210)} Init torch distributed ends. mem usage=0.00 GB",
    f"{at(D055, 1211)} Load weight begin. avail mem=78.68 GB",
    "Loading safetensors checkpoint shards: 100% Completed | 5/5 [00:03<00:00,  1.40it/s]",
    "",
    f"{at(D055, 1215)} Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=63.37 GB, mem usage=15.31 GB.",
    f"{at(D055, 1215)} Using KV cache dtype: torch.bfloat16",
    f"{at(D055, 1215)} KV Cache is allocated. #tokens: 385088, K size: 26.44 GB, V size: 26.44 GB",
    f"{at(D055, 1215)} Memory pool end. avail mem=9.81 GB",
    f"{at(D055, 1216)} Capture cuda graph begin. This can take up to several minutes. avail mem=9.75 GB",
    f"{at(D055, 1216)} Capture cuda graph bs [1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160, 168, 176, 184, 192, 200, 208, 216, 224, 232, 240, 248, 256]",
    "Capturing batches (bs=1 avail_mem=9.12 GB): 100%|██████████| 36/36 [00:05<00:00,  6.61it/s]",
    f"{at(D055, 1222)} Capture cuda graph end. Time elapsed: 6.03 s. mem usage=0.66 GB. avail mem=9.09 GB.",
    f"{at(D055, 1222)} max_total_num_tokens=385088, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_gpu_mem=9.09 GB",
]
case(
    "bot_finished_result_table",
    "0.5.5",
    "sglang-0.5.5 bench_offline_throughput.py:370/383 (`\\nWarmup...` / `\\nBenchmark...`), 400-435 (the result table); scheduler_metrics_mixin.py:138/266 batch lines",
    "healthy",
    "the in-process Engine came up and the benchmark ran to its Offline Throughput Benchmark Result table",
    join(
        "$ python3 -m sglang.bench_offline_throughput --model-path Qwen/Qwen3-8B --num-prompts 2000 --dataset-name random --random-input-len 1024 --random-output-len 512",
        engine_args(D055, 1200, "Qwen/Qwen3-8B", "mem_fraction_static=0.874, tp_size=1"),
        "Attention backend not explicitly specified. Use fa3 backend by default.",
        START_055_QWEN3,
        "#Input tokens: 1023866",
        "#Output tokens: 511204",
        "",
        "Warmup...",
        f"{at(D055, 1224)} Prefill batch, #new-seq: 16, #new-token: 4096, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f"{at(D055, 1225)} Decode batch, #running-req: 16, #token: 4352, token usage: 0.01, cuda graph: True, gen throughput (token/s): 812.40, #queue-req: 0, ",
        "",
        "Benchmark...",
        f"{at(D055, 1226)} Prefill batch, #new-seq: 8, #new-token: 8192, #cached-token: 0, token usage: 0.02, #running-req: 0, #queue-req: 1992, ",
        f"{at(D055, 1290)} Decode batch, #running-req: 256, #token: 381224, token usage: 0.99, cuda graph: True, gen throughput (token/s): 9911.26, #queue-req: 1411, ",
        f"{at(D055, 1291)} Decode out of memory happened. #retracted_reqs: 3, #new_token_ratio: 0.6713 -> 1.0000",
        f"{at(D055, 1352)} Decode batch, #running-req: 122, #token: 200117, token usage: 0.52, cuda graph: True, gen throughput (token/s): 8127.85, #queue-req: 0, ",
        offline_table(
            [
                ("Backend:", "engine"),
                ("Successful requests:", 2000),
                ("Benchmark duration (s):", 142.36),
                ("Total input tokens:", 1023866),
                ("Total generated tokens:", 511204),
                ("Last generation throughput (tok/s):", 8127.85),
                ("Request throughput (req/s):", 14.05),
                ("Input token throughput (tok/s):", 7192.09),
                ("Output token throughput (tok/s):", 3590.92),
                ("Total token throughput (tok/s):", 10783.01),
            ]
        ),
    ),
)

case(
    "bot_return_logprob_logits_oom",
    "0.5.5",
    "sglang-0.5.5 bench_offline_throughput.py:255 (`return_logprob`, `logprob_start_len` passed to Engine.generate), srt/layers/logits_processor.py:566/833, managers/scheduler.py:990/1987, tokenizer_manager.py:1270/2340-2345 (running-phase SIGQUIT line via loop.add_signal_handler: signum=None)",
    "oom_runtime",
    "the Engine served the warm-up and the first benchmark batches; --return-logprob --logprob-start-len 0 makes a 16k-token prefill compute full-vocabulary logits (9 GiB) and the scheduler runs out of memory while serving",
    join(
        "$ python3 -m sglang.bench_offline_throughput --model-path Qwen/Qwen3-8B --num-prompts 500 --dataset-name random --random-input-len 4096 --random-output-len 64 --return-logprob --logprob-start-len 0",
        engine_args(D055, 1200, "Qwen/Qwen3-8B", "mem_fraction_static=0.874, tp_size=1"),
        "Attention backend not explicitly specified. Use fa3 backend by default.",
        START_055_QWEN3,
        "#Input tokens: 2048211",
        "#Output tokens: 32000",
        "",
        "Warmup...",
        f"{at(D055, 1224)} Prefill batch, #new-seq: 16, #new-token: 4096, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        "",
        "Benchmark...",
        f"{at(D055, 1226)} Prefill batch, #new-seq: 2, #new-token: 8192, #cached-token: 0, token usage: 0.02, #running-req: 0, #queue-req: 498, ",
        f"{at(D055, 1226)} Prefill batch, #new-seq: 4, #new-token: 16384, #cached-token: 0, token usage: 0.04, #running-req: 2, #queue-req: 494, ",
        f"{at(D055, 1227)} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *EXTEND_055,
            ("srt/models/qwen3.py", 454, "forward", "return self.logits_processor("),
            *TORCH_CALL,
            (
                "srt/layers/logits_processor.py",
                566,
                "forward",
                "logits = self._get_logits(pruned_states, lm_head, logits_metadata)",
            ),
            ("srt/layers/logits_processor.py", 833, "_get_logits", "logits = torch.matmul("),
        ),
        oom("9.27 GiB", "79.19 GiB", "8.60 GiB", "70.58 GiB", "69.04 GiB", "322.52 MiB", pools="0.63 GiB"),
        "",
        f"{at(D055, 1227)} SIGQUIT received. signum=None, frame=None. It usually means one child failed.",
        "Killed",
    ),
)

DUP_GPU = [
    "a3f9c2d1:9042:9042 [0] init.cc:1006 NCCL WARN Duplicate GPU detected : rank 1 and rank 0 both on CUDA device 1b000",
    "a3f9c2d1:9043:9043 [0] init.cc:1006 NCCL WARN Duplicate GPU detected : rank 0 and rank 1 both on CUDA device 1b000",
]
PYNCCL_055 = (
    ("srt/model_executor/model_runner.py", 641, "init_torch_distributed", "initialize_model_parallel("),
    ("srt/distributed/parallel_state.py", 1529, "initialize_model_parallel", "_TP = init_model_parallel_group("),
    ("srt/distributed/parallel_state.py", 1290, "init_model_parallel_group", "return GroupCoordinator("),
    ("srt/distributed/parallel_state.py", 312, "__init__", "self.pynccl_comm = PyNcclCommunicator("),
    (
        "srt/distributed/device_communicators/pynccl.py",
        110,
        "__init__",
        "self.comm: ncclComm_t = self.nccl.ncclCommInitRank(",
    ),
    ("srt/distributed/device_communicators/pynccl_wrapper.py", 399, "ncclCommInitRank", "self.NCCL_CHECK("),
    (
        "srt/distributed/device_communicators/pynccl_wrapper.py",
        374,
        "NCCL_CHECK",
        'raise RuntimeError(f"NCCL error: {error_str}")',
    ),
)
SCHED_055_INIT = (
    ("srt/managers/scheduler.py", 2802, "run_scheduler_process", "scheduler = Scheduler("),
    ("srt/managers/scheduler.py", 312, "__init__", "self.init_model_worker()"),
    ("srt/managers/scheduler.py", 470, "init_model_worker", "self.init_tp_model_worker()"),
    ("srt/managers/scheduler.py", 432, "init_tp_model_worker", "self.tp_worker = TpModelWorker("),
    ("srt/managers/tp_worker.py", 246, "__init__", "self._model_runner = ModelRunner("),
)
case(
    "bot_tp2_duplicate_gpu",
    "0.5.5",
    "sglang-0.5.5 srt/distributed/device_communicators/pynccl_wrapper.py:374, model_runner.py:641; NCCL init.cc `Duplicate GPU detected` WARN; entrypoints/engine.py:740",
    "nccl_or_distributed",
    "both TP ranks land on one physical GPU (CUDA_VISIBLE_DEVICES=1,1), NCCL refuses the communicator (`invalid usage`, Duplicate GPU)",
    join(
        "$ CUDA_VISIBLE_DEVICES=1,1 python3 -m sglang.bench_offline_throughput --model-path meta-llama/Llama-3.1-8B-Instruct --tp 2 --num-prompts 1000",
        engine_args(D055, 1500, "meta-llama/Llama-3.1-8B-Instruct", "mem_fraction_static=0.871, tp_size=2"),
        "Attention backend not explicitly specified. Use fa3 backend by default.",
        f"{at(D055, 1508, 'TP0')} Init torch distributed begin.",
        f"{at(D055, 1508, 'TP1')} Init torch distributed begin.",
        f"{at(D055, 1509, 'TP0')} sglang is using nccl==2.27.3",
        DUP_GPU,
        f"{at(D055, 1509, 'TP1')} Scheduler hit an exception: {TB}",
        tb(PY312, *SCHED_055_INIT, *RUNNER_DIST_055, *PYNCCL_055),
        "RuntimeError: NCCL error: invalid usage (run with NCCL_DEBUG=WARN for details)",
        "",
        f"{at(D055, 1509, 'TP0')} Scheduler hit an exception: {TB}",
        tb(PY312, *SCHED_055_INIT, *RUNNER_DIST_055, *PYNCCL_055),
        "RuntimeError: NCCL error: invalid usage (run with NCCL_DEBUG=WARN for details)",
        "",
        f"{at(D055, 1509)} Received sigquit from a child process. It usually means the child failed.",
        "Killed",
    ),
)

case(
    "bot_attention_backend_choice",
    "0.5.5",
    "sglang-0.5.5 bench_offline_throughput.py:441-444 (argparse over ServerArgs.add_cli_args), server_args.py ATTENTION_BACKEND_CHOICES; argparse's own error lines",
    "config_error",
    "argparse rejects --attention-backend flashattention3 (the choice is `fa3`) before the Engine exists",
    join(
        "$ python3 -m sglang.bench_offline_throughput --model-path Qwen/Qwen3-8B --attention-backend flashattention3 --num-prompts 500",
        "usage: bench_offline_throughput.py [-h] --model-path MODEL_PATH",
        "                                   [--tokenizer-path TOKENIZER_PATH]",
        "                                   ...",
        "                                   [--do-not-exit]",
        "bench_offline_throughput.py: error: argument --attention-backend: invalid choice: 'flashattention3' (choose from 'triton', 'torch_native', 'flex_attention', 'nsa', 'cutlass_mla', 'fa3', 'fa4', 'flashinfer', 'flashmla', 'trtllm_mla', 'trtllm_mha', 'dual_chunk_flash_attn', 'aiter', 'wave', 'intel_amx', 'ascend', 'intel_xpu')",
    ),
)


# ============================================================================================ sglang.bench_serving
def uvicorn_up(day: str, second: int, port: int = 30000, pid: int = 88312) -> list[str]:
    return [
        f"{at(day, second)} INFO:     Started server process [{pid}]",
        f"{at(day, second)} INFO:     Waiting for application startup.",
        f"{at(day, second)} INFO:     Application startup complete.",
        f"{at(day, second)} INFO:     Uvicorn running on http://0.0.0.0:{port} (Press CTRL+C to quit)",
        f'{at(day, second + 1)} INFO:     127.0.0.1:40122 - "GET /get_model_info HTTP/1.1" 200 OK',
        f"{at(day, second + 1)} Prefill batch, #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f'{at(day, second + 2)} INFO:     127.0.0.1:40124 - "POST /generate HTTP/1.1" 200 OK',
        f"{at(day, second + 2)} The server is fired up and ready to roll!",
    ]


BENCH_ARGS_052 = "Namespace(backend='sglang', base_url=None, host='0.0.0.0', port=30000, dataset_name='random', dataset_path='', model=None, served_model_name=None, tokenizer=None, num_prompts=1000, sharegpt_output_len=None, sharegpt_context_len=None, random_input_len=512, random_output_len=256, random_range_ratio=0.0, request_rate=inf, max_concurrency=64, output_file=None, output_details=False, disable_tqdm=False, disable_stream=False, return_logprob=False, seed=1, disable_ignore_eos=False, extra_request_body=None, apply_chat_template=False, profile=False, lora_name=None, prompt_suffix='', pd_separated=False, flush_cache=False, warmup_requests=1, tokenize_prompt=False)"
BENCH_ARGS_052_MODEL = BENCH_ARGS_052.replace("model=None", "model='Qwen/Qwen2.5-7B-Instruct'")
case(
    "bs_started_before_server_ready",
    "0.5.2",
    "sglang-0.5.2 bench_serving.py:1977 (`benchmark_args=`), 2064-2067 (`Failed to fetch model from {model_url}. Error: {e}` + the --host/--port hint), 1781-1845 (result table)",
    "healthy",
    "the client ran while the server was still capturing graphs (connection refused only reports that); the server then reached ready and the rerun finished with its table",
    join(
        "# terminal 1",
        "$ python3 -m sglang.launch_server --model-path Qwen/Qwen2.5-7B-Instruct --port 30000",
        f"{at(D052, 1800)} server_args=ServerArgs(model_path='Qwen/Qwen2.5-7B-Instruct', tokenizer_path='Qwen/Qwen2.5-7B-Instruct', tokenizer_mode='auto', port=30000, mem_fraction_static=0.835, tp_size=1, ...)",
        f"{at(D052, 1806)} Load weight begin. avail mem=78.68 GB",
        f"{at(D052, 1811)} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=64.26 GB, mem usage=14.42 GB.",
        f"{at(D052, 1811)} KV Cache is allocated. #tokens: 1085329, K size: 28.99 GB, V size: 28.99 GB",
        f"{at(D052, 1811)} Memory pool end. avail mem=5.78 GB",
        f"{at(D052, 1812)} Capture cuda graph begin. This can take up to several minutes. avail mem=5.72 GB",
        "Capturing batches (bs=200 avail_mem=5.69 GB):  14%|█▍        | 5/36 [00:01<00:08,  3.71it/s]",
        "# terminal 2 (started too early)",
        "$ python3 -m sglang.bench_serving --backend sglang --dataset-name random --random-input-len 512 --random-output-len 256 --num-prompts 1000 --max-concurrency 64",
        f"benchmark_args={BENCH_ARGS_052}",
        "Failed to fetch model from http://0.0.0.0:30000/v1/models. Error: HTTPConnectionPool(host='0.0.0.0', port=30000): Max retries exceeded with url: /v1/models (Caused by NewConnectionError('<urllib3.connection.HTTPConnection object at 0x7f1e6c3b2d50>: Failed to establish a new connection: [Errno 111] Connection refused'))",
        "Please specify the correct host and port using `--host` and `--port`.",
        "# terminal 1",
        f"{at(D052, 1823)} Capture cuda graph end. Time elapsed: 11.20 s. mem usage=0.51 GB. avail mem=5.21 GB.",
        f"{at(D052, 1823)} max_total_num_tokens=1085329, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=32768, available_gpu_mem=5.21 GB",
        uvicorn_up(D052, 1824),
        "# terminal 2 (again)",
        f"benchmark_args={BENCH_ARGS_052}",
        BENCH_ARGS_052_MODEL,
        "",
        "#Input tokens: 256419",
        "#Output tokens: 127706",
        "Starting warmup with 1 sequences...",
        "Warmup completed with 1 sequences. Starting main benchmark run...",
        "100%|██████████| 1000/1000 [01:36<00:00, 10.37it/s]",
        serving_table(SERVING_ROWS, text_tokens=False),
    ),
)

ARGS_055 = "Namespace(backend='sglang', base_url=None, host='0.0.0.0', port=30000, dataset_name='sharegpt', dataset_path='/data/ShareGPT_V3_unfiltered_cleaned_split.json', model=None, served_model_name=None, tokenizer=None, num_prompts=3000, sharegpt_output_len=None, sharegpt_context_len=None, random_input_len=1024, random_output_len=1024, random_range_ratio=0.0, request_rate=inf, max_concurrency=512, output_file=None, output_details=False, disable_tqdm=False, disable_stream=False, return_logprob=False, seed=1, disable_ignore_eos=False, extra_request_body=None, apply_chat_template=False, profile=False, lora_name=None, prompt_suffix='', pd_separated=False, flush_cache=False, warmup_requests=1, tokenize_prompt=False)"
DISCONNECTED = (
    "output.error='Traceback (most recent call last):\\n"
    '  File "/usr/local/lib/python3.12/dist-packages/sglang/bench_serving.py", line 552, in async_request_sglang_generate\\n'
    "    async for chunk_bytes in response.content:\\n"
    '  File "/usr/local/lib/python3.12/dist-packages/aiohttp/streams.py", line 52, in __anext__\\n'
    "    rv = await self.read_func()\\n"
    "         ^^^^^^^^^^^^^^^^^^^^^^\\n"
    '  File "/usr/local/lib/python3.12/dist-packages/aiohttp/streams.py", line 352, in readline\\n'
    "    return await self.readuntil()\\n"
    "           ^^^^^^^^^^^^^^^^^^^^^^\\n"
    '  File "/usr/local/lib/python3.12/dist-packages/aiohttp/streams.py", line 386, in readuntil\\n'
    '    await self._wait("readuntil")\\n'
    '  File "/usr/local/lib/python3.12/dist-packages/aiohttp/streams.py", line 347, in _wait\\n'
    "    await waiter\\n"
    "aiohttp.client_exceptions.ClientPayloadError: Response payload is not completed: <TransferEncodingError: 400, message='Not enough data to satisfy transfer length header.'>\\n'"
)
REFUSED = (
    "output.error='Traceback (most recent call last):\\n"
    '  File "/usr/local/lib/python3.12/dist-packages/aiohttp/connector.py", line 1268, in _wrap_create_connection\\n'
    "    sock = await aiohappyeyeballs.start_connection(\\n"
    "ConnectionRefusedError: [Errno 111] Connect call failed (\\'0.0.0.0\\', 30000)\\n\\n"
    "The above exception was the direct cause of the following exception:\\n\\n"
    "Traceback (most recent call last):\\n"
    '  File "/usr/local/lib/python3.12/dist-packages/sglang/bench_serving.py", line 548, in async_request_sglang_generate\\n'
    "    async with session.post(\\n"
    "aiohttp.client_exceptions.ClientConnectorError: Cannot connect to host 0.0.0.0:30000 ssl:default [Connect call failed (\\'0.0.0.0\\', 30000)]\\n'"
)
case(
    "bs_server_oom_mid_benchmark",
    "0.5.5",
    'sglang-0.5.5 bench_serving.py:600 (`print(f"{output.error=}")`), managers/scheduler.py:2851-2853 (`Scheduler hit an exception:` + SIGQUIT), managers/tokenizer_manager.py:2341 (running-phase line), srt/layers/activation.py:75',
    "oom_runtime",
    "the server was ready and serving the benchmark; a prefill under 512 concurrent ShareGPT requests runs out of activation memory in the scheduler (mem-fraction 0.93); the client's payload / connect errors only report the dead server",
    join(
        f"{at(D055, 2000)} server_args=ServerArgs(model_path='meta-llama/Llama-3.1-8B-Instruct', tokenizer_path='meta-llama/Llama-3.1-8B-Instruct', tokenizer_mode='auto', mem_fraction_static=0.93, chunked_prefill_size=16384, port=30000, tp_size=1, ...)",
        f"{at(D055, 2007)} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=63.52 GB, mem usage=15.16 GB.",
        f"{at(D055, 2007)} KV Cache is allocated. #tokens: 492581, K size: 30.07 GB, V size: 30.07 GB",
        f"{at(D055, 2007)} Memory pool end. avail mem=3.32 GB",
        f"{at(D055, 2016)} Capture cuda graph end. Time elapsed: 8.11 s. mem usage=0.71 GB. avail mem=2.61 GB.",
        f"{at(D055, 2016)} max_total_num_tokens=492581, chunked_prefill_size=16384, max_prefill_tokens=16384, max_running_requests=4096, context_len=131072, available_gpu_mem=2.61 GB",
        uvicorn_up(D055, 2017),
        f"{at(D055, 2100)} Prefill batch, #new-seq: 37, #new-token: 16384, #cached-token: 121, token usage: 0.08, #running-req: 219, #queue-req: 256, ",
        f"{at(D055, 2101)} Decode batch, #running-req: 256, #token: 47413, token usage: 0.10, cuda graph: True, gen throughput (token/s): 6120.77, #queue-req: 256, ",
        f"{at(D055, 2102)} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *EXTEND_055,
            ("srt/models/llama.py", 469, "forward", "hidden_states = self.model("),
            *TORCH_CALL,
            ("srt/models/llama.py", 342, "forward", "hidden_states, residual = layer("),
            *TORCH_CALL,
            ("srt/models/llama.py", 274, "forward", "hidden_states = self.mlp(hidden_states)"),
            *TORCH_CALL,
            ("srt/models/llama.py", 101, "forward", "x = self.act_fn(gate_up)"),
            *TORCH_CALL,
            ("srt/custom_op.py", 67, "forward", "return self._forward_method(*args, **kwargs)"),
            (
                "srt/layers/activation.py",
                75,
                "forward_cuda",
                "out = torch.empty(output_shape, dtype=x.dtype, device=x.device)",
            ),
        ),
        oom("448.00 MiB", "79.19 GiB", "387.06 MiB", "78.80 GiB", "76.52 GiB", "1.33 GiB", pools="0.71 GiB"),
        "",
        f"{at(D055, 2102)} SIGQUIT received. signum=None, frame=None. It usually means one child failed.",
        "Killed",
        "# the bench_serving terminal",
        f"benchmark_args={ARGS_055}",
        "Starting warmup with 1 sequences...",
        "Warmup completed with 1 sequences. Starting main benchmark run...",
        " 41%|████      | 1224/3000 [01:22<01:47, 16.52it/s]",
        DISCONNECTED,
        DISCONNECTED,
        REFUSED,
        REFUSED,
        "100%|██████████| 3000/3000 [01:23<00:00, 36.14it/s]",
        serving_table(
            {**SERVING_ROWS, "Successful requests:": 1224, "Max request concurrency:": 512}, text_tokens=True
        ),
    ),
)

NET_IB = (
    "NCCL error: remote process exited or there was a network error, NCCL version 2.21.5\n"
    "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.\n"
    "Last error:\n"
    "NET/IB : Got completion from peer 10.0.0.16<43212> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:10.0.0.15 remoteGid ::ffff:10.0.0.16"
)
case(
    "bs_two_node_link_lost_client_hangs",
    "0.4.6.post5",
    "deepseek-ai/DeepEP#106 and NVIDIA/nccl#2076 (torch ProcessGroupNCCL watchdog `terminated with exception: NCCL error: remote process exited or there was a network error`); sglang #4161 (2-node DeepSeek-R1 crashing under bench_serving); sglang-0.4.6.post5 bench_serving.py",
    "nccl_or_distributed",
    "a 2-node TP16 server that was serving dies in NCCL's watchdog (remote peer / IB link lost); the client just stalls and is interrupted, which decides nothing",
    join(
        f"{at(D046, 3000, 'TP3')} Decode batch. #running-req: 128, #token: 168011, token usage: 0.21, cuda graph: True, gen throughput (token/s): 2211.70, #queue-req: 372",
        f"{at(D046, 3004, 'TP0')} Decode batch. #running-req: 128, #token: 173131, token usage: 0.22, cuda graph: True, gen throughput (token/s): 2260.13, #queue-req: 372",
        "[rank3]:[E527 09:50:11.532614817 ProcessGroupNCCL.cpp:1896] [PG ID 2 PG GUID 3 Rank 3] Process group watchdog thread terminated with exception: "
        + NET_IB,
        "Exception raised from checkForNCCLErrorsInternal at /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2027 (most recent call first):",
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f2b4d8bb446 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
        "frame #1: c10d::ProcessGroupNCCL::checkForNCCLErrorsInternal(std::shared_ptr<c10d::NCCLComm>&) + 0x220 (0x7f2af3e2b4d0 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #2: c10d::ProcessGroupNCCL::WorkNCCL::checkAndSetException() + 0x7c (0x7f2af3e2b71c in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        "  what():  [PG ID 2 PG GUID 3 Rank 3] Process group watchdog thread terminated with exception: " + NET_IB,
        "Fatal Python error: Aborted",
        "# the bench_serving terminal",
        "$ python3 -m sglang.bench_serving --backend sglang --dataset-name random --random-input-len 2000 --random-output-len 1500 --num-prompts 500 --port 8011",
        "benchmark_args=Namespace(backend='sglang', base_url=None, host='0.0.0.0', port=8011, dataset_name='random', dataset_path='', model=None, tokenizer=None, num_prompts=500, sharegpt_output_len=None, sharegpt_context_len=None, random_input_len=2000, random_output_len=1500, random_range_ratio=0.0, request_rate=inf, max_concurrency=None, output_file=None, output_details=False, disable_tqdm=False, disable_stream=False, return_logprob=False, seed=1, disable_ignore_eos=False, extra_request_body=None, apply_chat_template=False, profile=False, lora_name=None, prompt_suffix='', pd_separated=False, flush_cache=False, warmup_requests=1, gsp_num_groups=64, gsp_prompts_per_group=16, gsp_system_prompt_len=2048, gsp_question_len=128, gsp_output_len=256)",
        "Starting warmup with 1 sequences...",
        "Warmup completed with 1 sequences. Starting main benchmark run...",
        " 26%|██▌       | 128/500 [06:41<19:26,  3.14s/it]^CTraceback (most recent call last):",
        tb(
            PY310,
            *RUNPY310,
            ("bench_serving.py", 1849, "<module>", "run_benchmark(args)"),
            ("bench_serving.py", 1605, "run_benchmark", "return asyncio.run("),
            ("/usr/lib/python3.10/asyncio/runners.py", 44, "run", "return loop.run_until_complete(main)"),
            ("uvloop/loop.pyx", 1512, "uvloop.loop.Loop.run_until_complete", ""),
        ),
        "KeyboardInterrupt",
    ),
)

STORE_055 = (
    (
        ("srt/managers/scheduler.py", 2802, "run_scheduler_process", "scheduler = Scheduler("),
        ("srt/managers/scheduler.py", 312, "__init__", "self.init_model_worker()"),
        ("srt/managers/scheduler.py", 470, "init_model_worker", "self.init_tp_model_worker()"),
        ("srt/managers/scheduler.py", 432, "init_tp_model_worker", "self.tp_worker = TpModelWorker("),
        ("srt/managers/tp_worker.py", 246, "__init__", "self._model_runner = ModelRunner("),
    )
    + RUNNER_DIST_055
    + TCPSTORE_055[:5]
    + (
        ("+torch/distributed/rendezvous.py", 222, "_tcp_rendezvous_handler", "store = _create_c10d_store("),
        ("+torch/distributed/rendezvous.py", 193, "_create_c10d_store", "return TCPStore("),
    )
)
case(
    "bs_warmup_failed_node0_store_timeout",
    "0.5.5",
    "sglang-0.5.5 bench_serving.py:1841-1845 (`Warmup failed - Please make sure benchmark arguments are correctly specified. Error: ...`), model_runner.py:633 (`tcp://{dist_init_addr}`); torch 2.8 TCPStore `Timed out after ... waiting for clients`",
    "nccl_or_distributed",
    "node 0 of a 2-node TP16 server never gets node 1 into its rendezvous (8/16 clients joined) and dies; the benchmark's `Warmup failed ... Cannot connect` only reports that",
    join(
        "$ python3 -m sglang.launch_server --model-path deepseek-ai/DeepSeek-V3-0324 --tp 16 --nnodes 2 --node-rank 0 --dist-init-addr 10.0.0.15:5000 --trust-remote-code --port 30000 --dist-timeout 600",
        f"{at(D055, 3000)} server_args=ServerArgs(model_path='deepseek-ai/DeepSeek-V3-0324', tokenizer_path='deepseek-ai/DeepSeek-V3-0324', tokenizer_mode='auto', tp_size=16, nnodes=2, node_rank=0, dist_init_addr='10.0.0.15:5000', dist_timeout=600, ...)",
        f"{at(D055, 3012, 'TP0')} Init torch distributed begin.",
        f"{at(D055, 3012, 'TP5')} Init torch distributed begin.",
        f"{at(D055, 3612, 'TP0')} Scheduler hit an exception: {TB}",
        tb(PY312, *STORE_055),
        "torch.distributed.DistStoreError: Timed out after 601 seconds waiting for clients. 8/16 clients joined.",
        "",
        f"{at(D055, 3612)} Received sigquit from a child process. It usually means the child failed.",
        "# bench_serving, run from a script as soon as the launch returned",
        "$ python3 -m sglang.bench_serving --backend sglang --model deepseek-ai/DeepSeek-V3-0324 --dataset-name random --num-prompts 512 --random-input-len 1024 --random-output-len 1024",
        "benchmark_args=Namespace(backend='sglang', base_url=None, host='0.0.0.0', port=30000, dataset_name='random', dataset_path='', model='deepseek-ai/DeepSeek-V3-0324', ...)",
        "Starting warmup with 1 sequences...",
        REFUSED,
        TB,
        tb(
            PY312,
            *RUNPY312,
            ("bench_serving.py", 2733, "<module>", "run_benchmark(args)"),
            ("bench_serving.py", 2346, "run_benchmark", "return asyncio.run("),
            ("/usr/lib/python3.12/asyncio/runners.py", 194, "run", "return runner.run(main)"),
            ("/usr/lib/python3.12/asyncio/runners.py", 118, "run", "return self._loop.run_until_complete(task)"),
            ("uvloop/loop.pyx", 1518, "uvloop.loop.Loop.run_until_complete", ""),
            ("bench_serving.py", 1842, "benchmark", "raise ValueError("),
        ),
        "ValueError: Warmup failed - Please make sure benchmark arguments are correctly specified. Error: Traceback (most recent call last):",
        "ConnectionRefusedError: [Errno 111] Connect call failed ('0.0.0.0', 30000)",
        "aiohttp.client_exceptions.ClientConnectorError: Cannot connect to host 0.0.0.0:30000 ssl:default [Connect call failed ('0.0.0.0', 30000)]",
    ),
)


# ======================================================================================= sglang.bench_one_batch_server
CTX_052 = mp_frames("python3.12") + (
    ("bench_one_batch_server.py", 107, "launch_server_internal", "raise e"),
    ("bench_one_batch_server.py", 105, "launch_server_internal", "launch_server(server_args)"),
    (
        "srt/entrypoints/http_server.py",
        1170,
        "launch_server",
        "tokenizer_manager, template_manager, scheduler_info = _launch_subprocesses(",
    ),
    (
        "srt/entrypoints/engine.py",
        844,
        "_launch_subprocesses",
        "tokenizer_manager, template_manager = _init_tokenizer_manager(",
    ),
    (
        "srt/entrypoints/engine.py",
        711,
        "_init_tokenizer_manager",
        "tokenizer_manager = TokenizerManager(server_args, port_args)",
    ),
    (
        "srt/managers/tokenizer_manager.py",
        160,
        "__init__",
        "self.model_config = ModelConfig.from_server_args(server_args)",
    ),
    ("srt/configs/model_config.py", 314, "from_server_args", "return ModelConfig("),
    ("srt/configs/model_config.py", 192, "__init__", "raise ValueError("),
)
case(
    "bobs_context_length_then_poll_timeout",
    "0.5.2",
    "sglang-0.5.2 srt/configs/model_config.py:176-194 (`User-specified context_length ... To allow overriding this maximum, set the env var SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN=1`), bench_one_batch_server.py:105-130 (launch in a child, 600 s poll, `Server failed to start within the timeout period.`)",
    "config_error",
    "the launched server refuses --context-length 131072 for a 32k model (its own message names the env override); the tool's 600 s TimeoutError only reports that the server never came up",
    join(
        "$ python3 -m sglang.bench_one_batch_server --model-path Qwen/Qwen2.5-7B-Instruct --context-length 131072 --batch-size 1 16 64 --input-len 32000 --output-len 256",
        f"{at(D052, 4000)} server_args=ServerArgs(model_path='Qwen/Qwen2.5-7B-Instruct', tokenizer_path='Qwen/Qwen2.5-7B-Instruct', tokenizer_mode='auto', context_length=131072, port=30000, tp_size=1, ...)",
        "Process Process-1:",
        TB,
        tb(PY312, *CTX_052),
        "ValueError: Warning: User-specified context_length (131072) is greater than the derived context_length (32768). This may lead to incorrect model outputs or CUDA errors. Note that the derived context_length may differ from max_position_embeddings in the model's config. To allow overriding this maximum, set the env var SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN=1",
        TB,
        tb(
            PY312,
            *RUNPY312,
            ("bench_one_batch_server.py", 439, "<module>", "main()"),
            ("bench_one_batch_server.py", 435, "main", "run_benchmark(server_args, bench_args)"),
            ("bench_one_batch_server.py", 332, "run_benchmark", "proc, base_url = launch_server_process(server_args)"),
            (
                "bench_one_batch_server.py",
                130,
                "launch_server_process",
                'raise TimeoutError("Server failed to start within the timeout period.")',
            ),
        ),
        "TimeoutError: Server failed to start within the timeout period.",
    ),
)

case(
    "bobs_port_held_by_old_server",
    "0.5.5",
    "sglang-0.5.5 bench_one_batch_server.py:260-287 (its own server child; polls /v1/models), entrypoints/http_server.py:1399 (uvicorn.run), utils/common.py:2240 (uvicorn's `[%(asctime)s] %(levelprefix)s` format); uvicorn's `[Errno 98] error while attempting to bind`",
    "port_in_use",
    "the server the tool launched loads fully and then cannot bind :30000 (an older server still holds it); the results printed after it come from that other server, which decides nothing",
    join(
        "$ python3 -m sglang.bench_one_batch_server --model-path meta-llama/Llama-3.1-8B-Instruct --batch-size 1 16 64 --input-len 1024 --output-len 256",
        f"{at(D055, 4500)} server_args=ServerArgs(model_path='meta-llama/Llama-3.1-8B-Instruct', tokenizer_path='meta-llama/Llama-3.1-8B-Instruct', tokenizer_mode='auto', port=30000, host='127.0.0.1', tp_size=1, ...)",
        f"{at(D055, 4508)} Load weight begin. avail mem=38.21 GB",
        f"{at(D055, 4513)} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=23.05 GB, mem usage=15.16 GB.",
        f"{at(D055, 4513)} KV Cache is allocated. #tokens: 122880, K size: 7.50 GB, V size: 7.50 GB",
        f"{at(D055, 4513)} Memory pool end. avail mem=7.71 GB",
        f"{at(D055, 4514)} Capture cuda graph begin. This can take up to several minutes. avail mem=7.65 GB",
        f"{at(D055, 4520)} Capture cuda graph end. Time elapsed: 6.11 s. mem usage=0.53 GB. avail mem=7.12 GB.",
        f"{at(D055, 4520)} max_total_num_tokens=122880, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=131072, available_gpu_mem=7.12 GB",
        f"{at(D055, 4521)} INFO:     Started server process [51877]",
        f"{at(D055, 4521)} INFO:     Waiting for application startup.",
        f"{at(D055, 4521)} INFO:     Application startup complete.",
        f"{at(D055, 4521)} ERROR:    [Errno 98] error while attempting to bind on address ('127.0.0.1', 30000): address already in use",
        f"{at(D055, 4521)} INFO:     Waiting for application shutdown.",
        f"{at(D055, 4521)} INFO:     Application shutdown complete.",
        "======== Warmup Begin ========",
        "batch size: 16",
        "input_len: 1024",
        "output_len: 16",
        "latency: 0.42 s",
        "ttft: 0.19 s",
        "last generation throughput: 1412.60 tok/s",
        "input throughput: 86231.58 tok/s",
        "output throughput: 1043.48 tok/s",
        "======== Warmup End   ========",
        "",
        "batch size: 1",
        "input_len: 1024",
        "output_len: 256",
        "latency: 1.93 s",
        "ttft: 0.03 s",
        "last generation throughput: 134.20 tok/s",
        "input throughput: 34133.33 tok/s",
        "output throughput: 134.74 tok/s",
    ),
)


# ============================================================================================ sglang.compile_deep_gemm
CDG_CMD = "$ python3 -m sglang.compile_deep_gemm --model deepseek-ai/DeepSeek-V3-0324 --tp 8 --dp 8 --enable-dp-attention --moe-a2a-backend deepep --trust-remote-code --mem-fraction-static 0.9"
CDG_HEAD = [
    CDG_CMD,
    "Disable CUDA Graph and Torch Compile to save time...",
    "Set load format to dummy to save time...",
    "Begin DeepGEMM Kernels compilation...",
    "It may take a long time and timeout maybe raised while the compilation is still in progress.",
    "Just feel free to restart the command until the compilation is fully finished.",
    "",
    f"{at(D055, 5000)} server_args=ServerArgs(model_path='deepseek-ai/DeepSeek-V3-0324', tokenizer_path='deepseek-ai/DeepSeek-V3-0324', tokenizer_mode='auto', load_format='dummy', mem_fraction_static=0.9, tp_size=8, dp_size=8, enable_dp_attention=True, moe_a2a_backend='deepep', disable_cuda_graph=True, warmups='compile-deep-gemm', ...)",
    f"{at(D055, 5030, 'DP0 TP0 EP0')} Load weight begin. avail mem=137.12 GB",
    f"{at(D055, 5061, 'DP0 TP0 EP0')} Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=55.31 GB, mem usage=81.81 GB.",
    f"{at(D055, 5062, 'DP0 TP0 EP0')} KV Cache is allocated. #tokens: 623104, KV size: 40.71 GB",
    f"{at(D055, 5062, 'DP0 TP0 EP0')} Memory pool end. avail mem=13.96 GB",
    f"{at(D055, 5063, 'DP0 TP0 EP0')} max_total_num_tokens=623104, chunked_prefill_size=2048, max_prefill_tokens=16384, max_running_requests=2048, context_len=163840, available_gpu_mem=13.96 GB",
]
# the compile-deep-gemm warm-up runs inside the HTTP app's lifespan (http_server.py:284-291: `execute_warmups` then
# `Warmup ended`), i.e. before `Application startup complete.` and before the ready line
CDG_WARMUP = [
    f"{at(D055, 5064)} INFO:     Started server process [61204]",
    f"{at(D055, 5064)} INFO:     Waiting for application startup.",
    "",
    "Generate warm up request for compiling DeepGEMM...",
    "",
    f"{at(D055, 5065, 'DP0 TP0 EP0')} Try DeepGEMM JIT Compiling for <GEMM_NT_F8F8BF16> N=24576, K=1536, num_groups=1 with all Ms.",
    "DeepGEMM warmup: 100%|██████████| 16384/16384 [00:41<00:00, 397.52it/s]",
    f"{at(D055, 5107, 'DP0 TP0 EP0')} Try DeepGEMM JIT Compiling for <GROUPED_GEMM_NT_F8F8BF16_CONTIG> N=4096, K=7168, num_groups=32 with all Ms.",
    "DeepGEMM warmup: 100%|██████████| 128/128 [00:09<00:00, 13.84it/s]",
    f"{at(D055, 5117, 'DP0 TP0 EP0')} Prefill batch, #new-seq: 1, #new-token: 4, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
]
CDG_MASKED = (
    ("srt/models/deepseek_v2.py", 956, "forward_deepep", "final_hidden_states = self.experts("),
    *TORCH_CALL,
    ("srt/layers/moe/ep_moe/layer.py", 146, "forward", "return super().forward("),
    ("srt/layers/moe/fused_moe_triton/layer.py", 840, "forward", "combine_input = self.run_moe_core("),
    ("srt/layers/moe/fused_moe_triton/layer.py", 862, "run_moe_core", "return self.quant_method.apply("),
    ("srt/layers/quantization/fp8.py", 1135, "apply", "return self.runner.run(dispatch_output, quant_info)"),
    (
        "srt/layers/moe/moe_runner/runner.py",
        75,
        "run",
        "runner_output = self.runner_core.run(runner_input, quant_info, running_state)",
    ),
    ("srt/layers/moe/moe_runner/deep_gemm.py", 120, "run", "hidden_states = self._run_masked_gemm("),
    (
        "srt/layers/moe/moe_runner/deep_gemm.py",
        256,
        "_run_masked_gemm",
        "deep_gemm_wrapper.grouped_gemm_nt_f8f8bf16_masked(",
    ),
    (
        "srt/layers/deep_gemm_wrapper/entrypoint.py",
        40,
        "grouped_gemm_nt_f8f8bf16_masked",
        "with compile_utils.deep_gemm_execution_hook(",
    ),
    ("/usr/lib/python3.12/contextlib.py", 137, "__enter__", "return next(self.gen)"),
    (
        "srt/layers/deep_gemm_wrapper/compile_utils.py",
        236,
        "deep_gemm_execution_hook",
        "_maybe_compile_deep_gemm_one_type_all(kernel_type, n, k, num_groups)",
    ),
    (
        "srt/layers/deep_gemm_wrapper/compile_utils.py",
        106,
        "_maybe_compile_deep_gemm_one_type_all",
        "_compile_deep_gemm_one_type_all(",
    ),
    (
        "srt/layers/deep_gemm_wrapper/compile_utils.py",
        127,
        "_compile_deep_gemm_one_type_all",
        "executor = _BaseWarmupExecutor.create(",
    ),
    ("srt/layers/deep_gemm_wrapper/compile_utils.py", 151, "create", "}[kernel_type](**kwargs)"),
    (
        "srt/layers/deep_gemm_wrapper/compile_utils.py",
        214,
        "__init__",
        "self.lhs_q, self.lhs_s = _empty_token_fp8((num_groups, max_m, k))",
    ),
    (
        "srt/layers/deep_gemm_wrapper/compile_utils.py",
        160,
        "_empty_token_fp8",
        'torch.empty(size, device="cuda", dtype=torch.float8_e4m3fn),',
    ),
)
case(
    "cdg_masked_warmup_buffer_oom",
    "0.5.5",
    "sglang-0.5.5 compile_deep_gemm.py:60/139-142 (warm-up request, `DeepGEMM Kernels compilation timeout.`), srt/layers/deep_gemm_wrapper/compile_utils.py:100-106/127/151/214/160 (`Try DeepGEMM JIT Compiling for <...> with all Ms.`, _GroupedMaskedWarmupExecutor); sglang PR #14493 (warm-up buffer OOM, then a hang)",
    "oom_moe_workspace",
    "the DeepGEMM JIT warm-up allocates its masked grouped-GEMM buffers (32 groups x 16384 x 7168) for the MoE experts and runs out of memory; the tool's 3600 s timeout only reports the hang after it",
    join(
        CDG_HEAD,
        CDG_WARMUP,
        f"{at(D055, 5182, 'DP0 TP0 EP0')} Try DeepGEMM JIT Compiling for <GROUPED_GEMM_NT_F8F8BF16_MASKED> N=4096, K=7168, num_groups=32 with all Ms.",
        f"{at(D055, 5182, 'DP0 TP0 EP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *LOOP_055,
            ("srt/model_executor/model_runner.py", 2192, "_forward_raw", "ret = self.forward_decode("),
            *CDG_MASKED,
        ),
        oom("3.50 GiB", "139.81 GiB", "2.87 GiB", "136.93 GiB", "133.11 GiB", "1.40 GiB"),
        "",
        f"{at(D055, 5109)} SIGQUIT received. signum=None, frame=None. It usually means one child failed.",
        TB,
        tb(
            PY312,
            *RUNPY312,
            ("compile_deep_gemm.py", 194, "<module>", "run_compile(server_args, compile_args)"),
            (
                "compile_deep_gemm.py",
                168,
                "run_compile",
                "proc = launch_server_process_and_send_one_request(server_args, compile_args)",
            ),
            ("compile_deep_gemm.py", 139, "launch_server_process_and_send_one_request", "raise TimeoutError("),
        ),
        "TimeoutError: DeepGEMM Kernels compilation timeout.",
        "",
        "Feel free and please restart the command.",
    ),
)

case(
    "cdg_finished",
    "0.5.5",
    "sglang-0.5.5 compile_deep_gemm.py:149-170 (`Disable CUDA Graph ...`, `Set load format to dummy ...`, `DeepGEMM Kernels compilation finished successfully.`), compile_utils.py:100 (`Try DeepGEMM JIT Compiling ...`), 134 (`DeepGEMM warmup` bar)",
    "healthy",
    "the compile server came up (dummy weights, graphs off on purpose) and the warm-up compiled every kernel: the tool reports success",
    join(
        CDG_HEAD,
        CDG_WARMUP,
        f"{at(D055, 5182, 'DP0 TP0 EP0')} Try DeepGEMM JIT Compiling for <GROUPED_GEMM_NT_F8F8BF16_MASKED> N=4096, K=7168, num_groups=32 with all Ms.",
        "DeepGEMM warmup: 100%|██████████| 16384/16384 [01:12<00:00, 226.14it/s]",
        f"{at(D055, 5255)} Warmup ended",
        f"{at(D055, 5255)} INFO:     Application startup complete.",
        f"{at(D055, 5255)} INFO:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)",
        f'{at(D055, 5256)} INFO:     127.0.0.1:53302 - "GET /get_model_info HTTP/1.1" 200 OK',
        f'{at(D055, 5257)} INFO:     127.0.0.1:53306 - "POST /generate HTTP/1.1" 200 OK',
        f"{at(D055, 5257)} The server is fired up and ready to roll!",
        f'{at(D055, 5262)} INFO:     127.0.0.1:53310 - "GET /v1/models HTTP/1.1" 200 OK',
        f'{at(D055, 5262)} INFO:     127.0.0.1:53310 - "POST /generate HTTP/1.1" 200 OK',
        "",
        "DeepGEMM Kernels compilation finished successfully.",
    ),
)


# ============================================================================================ sglang.check_env above
def check_env(
    gpus: str, name: str, cc: str, torch_v: str, sglang_v: str, extra: list[str], topo: list[str]
) -> list[str]:
    """check_env.py:141 prints `{k}: {v}` for Python, CUDA, devices, package versions (PackageNotFoundError ->
    `Module Not Found`), the topology, hypervisor and ulimit."""
    return [
        "$ python3 -m sglang.check_env",
        "Python: 3.12.11 (main, Jun  4 2025, 08:56:18) [GCC 11.4.0]",
        "CUDA available: True",
        f"GPU {gpus}: {name}",
        f"GPU {gpus} Compute Capability: {cc}",
        "CUDA_HOME: /usr/local/cuda",
        "NVCC: Cuda compilation tools, release 12.9, V12.9.86",
        "CUDA Driver Version: 575.57.08",
        f"PyTorch: {torch_v}",
        f"sglang: {sglang_v}",
        *extra,
        "NVIDIA Topology: ",
        *topo,
        "",
        "Legend:",
        "",
        "  X    = Self",
        "  SYS  = Connection traversing PCIe as well as the SMP interconnect between NUMA nodes (e.g., QPI/UPI)",
        "  NODE = Connection traversing PCIe as well as the interconnect between PCIe Host Bridges within a NUMA node",
        "  PHB  = Connection traversing PCIe as well as a PCIe Host Bridge (typically the CPU)",
        "  PXB  = Connection traversing multiple PCIe bridges (without traversing the PCIe Host Bridge)",
        "  PIX  = Connection traversing at most a single PCIe bridge",
        "  NV#  = Connection traversing a bonded set of # NVLinks",
        "",
        "Hypervisor vendor: KVM",
        "ulimit soft: 1048576",
    ]


PKGS_055 = [
    "sgl_kernel: 0.3.16.post5",
    "flashinfer_python: 0.5.2",
    "flashinfer_cubin: 0.5.2",
    "flashinfer_jit_cache: Module Not Found",
    "triton: 3.4.0",
    "transformers: 4.57.1",
    "torchao: 0.9.0",
    "numpy: 2.3.4",
    "aiohttp: 3.13.2",
    "fastapi: 0.121.0",
    "hf_transfer: 0.1.9",
    "huggingface_hub: 0.36.0",
    "interegular: 0.3.3",
    "modelscope: 1.31.0",
    "orjson: 3.11.4",
    "outlines: 0.1.11",
    "packaging: 25.0",
    "psutil: 7.1.3",
    "pydantic: 2.12.4",
    "python-multipart: 0.0.20",
    "pyzmq: 27.1.0",
    "uvicorn: 0.38.0",
    "uvloop: 0.22.1",
    "vllm: Module Not Found",
    "xgrammar: 0.1.25",
    "openai: 2.6.1",
    "tiktoken: 0.12.0",
    "anthropic: 0.72.0",
    "litellm: Module Not Found",
    "decord2: 2.0.0",
]
TOPO_1 = [
    "        GPU0    CPU Affinity    NUMA Affinity   GPU NUMA ID",
    "GPU0     X      0-31            0               N/A",
]
case(
    "ce_then_serving_with_rejected_requests",
    "0.5.5",
    "sglang-0.5.5 check_env.py:78-86/141 (`Module Not Found`), managers/tokenizer_manager.py:690-697 (`Requested token count exceeds the model's maximum context length ...`), entrypoints/http_server.py:546 (`[http_server] Error: {e}`), bench_serving.py:1993-2061",
    "healthy",
    "check_env's `Module Not Found` rows are optional packages; the server was ready and kept serving, rejecting a few over-long ShareGPT requests with `[http_server] Error`, and the benchmark finished",
    join(
        check_env("0", "NVIDIA H100 80GB HBM3", "9.0", "2.8.0+cu128", "0.5.5", PKGS_055, TOPO_1),
        "$ python3 -m sglang.launch_server --model-path meta-llama/Llama-3.1-8B-Instruct --context-length 4096 --port 30000",
        f"{at(D055, 6000)} server_args=ServerArgs(model_path='meta-llama/Llama-3.1-8B-Instruct', tokenizer_path='meta-llama/Llama-3.1-8B-Instruct', tokenizer_mode='auto', context_length=4096, port=30000, tp_size=1, ...)",
        f"{at(D055, 6007)} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=63.52 GB, mem usage=15.16 GB.",
        f"{at(D055, 6007)} KV Cache is allocated. #tokens: 452861, K size: 27.64 GB, V size: 27.64 GB",
        f"{at(D055, 6016)} Capture cuda graph end. Time elapsed: 8.02 s. mem usage=0.71 GB. avail mem=6.83 GB.",
        f"{at(D055, 6016)} max_total_num_tokens=452861, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=4096, available_gpu_mem=6.83 GB",
        uvicorn_up(D055, 6017),
        f"{at(D055, 6100)} [http_server] Error: Requested token count exceeds the model's maximum context length of 4096 tokens. You requested a total of 4311 tokens: 3902 tokens from the input messages and 409 tokens for the completion. Please reduce the number of tokens in the input messages or the completion to fit within the limit.",
        f'{at(D055, 6100)} INFO:     127.0.0.1:58214 - "POST /generate HTTP/1.1" 200 OK',
        f"{at(D055, 6101)} [http_server] Error: Requested token count exceeds the model's maximum context length of 4096 tokens. You requested a total of 4888 tokens: 3571 tokens from the input messages and 1317 tokens for the completion. Please reduce the number of tokens in the input messages or the completion to fit within the limit.",
        f"{at(D055, 6101)} Decode batch, #running-req: 64, #token: 41230, token usage: 0.09, cuda graph: True, gen throughput (token/s): 5923.18, #queue-req: 0, ",
        "# bench_serving",
        f"benchmark_args={ARGS_055.replace('max_concurrency=512', 'max_concurrency=64').replace('num_prompts=3000', 'num_prompts=1000')}",
        "Starting warmup with 1 sequences...",
        "Warmup completed with 1 sequences. Starting main benchmark run...",
        "100%|██████████| 1000/1000 [01:36<00:00, 10.37it/s]",
        serving_table({**SERVING_ROWS, "Successful requests:": 1000}, text_tokens=True),
    ),
)

TOPO_5090 = [
    "        GPU0    GPU1    CPU Affinity    NUMA Affinity   GPU NUMA ID",
    "GPU0     X      PHB     0-23            0               N/A",
    "GPU1    PHB      X      0-23            0               N/A",
]
PKGS_052 = [
    p.replace("0.3.16.post5", "0.3.9.post2").replace("flashinfer_python: 0.5.2", "flashinfer_python: 0.3.1")
    for p in PKGS_055[:2]
] + PKGS_055[3:]
case(
    "ce_rtx5090_no_kernel_image",
    "0.5.2",
    "torch 2.8 (cu126 wheel) `... with CUDA capability sm_120 is not compatible with the current PyTorch installation` and `no kernel image is available for execution on the device`; sglang-0.5.2 check_env.py, bench_one_batch.py:626/524/156, model_runner.py:240/593",
    "cuda_error_other",
    "check_env shows an RTX 5090 (sm_120) under a cu126 torch built up to sm_90: torch warns, then the first kernel has no image for the GPU (a build / arch mismatch, not memory or config)",
    join(
        check_env("0,1", "NVIDIA GeForce RTX 5090", "12.0", "2.8.0+cu126", "0.5.2", PKGS_052, TOPO_5090),
        "$ python3 -m sglang.bench_one_batch --model-path Qwen/Qwen2.5-7B-Instruct --batch-size 1 8 --input-len 512 --output-len 64",
        "/usr/local/lib/python3.12/dist-packages/torch/cuda/__init__.py:287: UserWarning: ",
        "NVIDIA GeForce RTX 5090 with CUDA capability sm_120 is not compatible with the current PyTorch installation.",
        "The current PyTorch install supports CUDA capabilities sm_50 sm_60 sm_70 sm_75 sm_80 sm_86 sm_90.",
        "If you want to use the NVIDIA GeForce RTX 5090 GPU with PyTorch, please check the instructions at https://pytorch.org/get-started/locally/",
        "",
        "  warnings.warn(",
        f"{at(D052, 7000, 'TP0')} Init torch distributed begin.",
        TB,
        tb(
            PY312,
            *RUNPY312,
            ("bench_one_batch.py", 662, "<module>", "main(server_args, bench_args)"),
            ("bench_one_batch.py", 626, "main", "work_func(server_args, port_args, bench_args, 0)"),
            *PYNCCL_052[:2],
            (
                "srt/model_executor/model_runner.py",
                240,
                "__init__",
                "min_per_gpu_memory = self.init_torch_distributed()",
            ),
            (
                "srt/model_executor/model_runner.py",
                622,
                "init_torch_distributed",
                "before_avail_memory = get_available_gpu_memory(self.device, self.gpu_id)",
            ),
            ("srt/utils.py", 409, "get_available_gpu_memory", "torch.cuda.empty_cache()"),
            ("+torch/cuda/memory.py", 224, "empty_cache", "torch._C._cuda_emptyCache()"),
        ),
        "torch.AcceleratorError: CUDA error: no kernel image is available for execution on the device\n"
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n",
    ),
)

TOPO_4090 = [
    "        GPU0    GPU1    CPU Affinity    NUMA Affinity   GPU NUMA ID",
    "GPU0     X      SYS     0-15,32-47      0               N/A",
    "GPU1    SYS      X      16-31,48-63     1               N/A",
]
QWEN14_INIT = (
    (
        "srt/models/qwen2.py",
        452,
        "__init__",
        'self.model = Qwen2Model(config, quant_config=quant_config, prefix=add_prefix("model", prefix))',
    ),
    ("srt/models/qwen2.py", 300, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
    ("srt/utils/common.py", 578, "make_layers", "layer_fn(idx=idx, prefix=add_prefix(idx, prefix))"),
    ("srt/models/qwen2.py", 302, "<lambda>", "lambda idx, prefix: decoder_layer_type("),
    ("srt/models/qwen2.py", 224, "__init__", "self.mlp = Qwen2MLP("),
    ("srt/models/qwen2.py", 70, "__init__", "self.gate_up_proj = MergedColumnParallelLinear("),
    ("srt/layers/linear.py", 492, "__init__", "super().__init__("),
    ("srt/layers/linear.py", 329, "__init__", "self.quant_method.create_weights("),
    ("srt/layers/quantization/unquant.py", 60, "create_weights", "torch.empty("),
    ("+torch/utils/_device.py", 104, "__torch_function__", "return func(*args, **kwargs)"),
)
case(
    "ce_two_4090s_tp_forgotten_weights_oom",
    "0.5.5",
    "sglang-0.5.5 check_env.py (two RTX 4090, no NVLink), bench_one_batch.py:794/756/648/251, model_loader/loader.py:594/262, layers/quantization/unquant.py:60",
    "oom_weights",
    "check_env shows two 24 GB GPUs; bench_one_batch ran Qwen2.5-14B (29.5 GB bf16) without --tp 2 and dies allocating a layer while building the model",
    join(
        check_env("0,1", "NVIDIA GeForce RTX 4090", "8.9", "2.8.0+cu128", "0.5.5", PKGS_055, TOPO_4090),
        "$ python3 -m sglang.bench_one_batch --model-path Qwen/Qwen2.5-14B-Instruct --batch-size 1 8 --input-len 1024 --output-len 128",
        "Attention backend not explicitly specified. Use flashinfer backend by default.",
        f"{at(D055, 7200, 'TP0')} Init torch distributed begin.",
        f"{at(D055, 7200, 'TP0')} Init torch distributed ends. mem usage=0.00 GB",
        f"{at(D055, 7201, 'TP0')} Load weight begin. avail mem=23.08 GB",
        TB,
        tb(PY312, *BOB_055, *LOAD_055, *QWEN14_INIT),
        oom("270.00 MiB", "23.52 GiB", "131.06 MiB", "23.38 GiB", "22.93 GiB", "1.89 MiB"),
    ),
)


# The classifier's misses at first sight (strict: a fix must remove the entry), with the label it gave.
XFAIL: dict[str, str] = {
    "ce_rtx5090_no_kernel_image": "config_error",
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_benchtools_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


# Healthy templates that fire a failure event on the way (what a live supervisor acts on), with the event's label.
EVENT_XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_benchtools_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35

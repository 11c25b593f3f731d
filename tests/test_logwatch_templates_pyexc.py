"""Python-level deaths of SGLang 0.4.x-0.5.x in unusual traceback SHAPES (a helper, blind).

Scope: exception groups (anyio TaskGroups inside the MCP client SGLang's `--tool-server` uses, nested `+-+---- 1 ----`
trees; Starlette's BaseHTTPMiddleware group around one request), chained exceptions (`During handling of the above
exception...`, `The above exception was the direct cause...`, up to three deep: huggingface_hub offline, Inductor under
CUDA-graph capture, transformers' unknown model type), `RecursionError` with collapsed frames from 0.4.3's sigquit
handler re-entering `kill_process_tree` (sglang#3518, #4088, fixed by #4438), `KeyboardInterrupt` during start-up and
after ready (an operator's Ctrl-C, with multiprocessing's `Process SpawnProcess-N:` headers from the children), argparse's
`SystemExit(2)`, asyncio's `Task exception was never retrieved`, `Exception ignored in: <function ... __del__>` at
shutdown, uvloop tracebacks after the running-phase SIGQUIT (sglang#11289's shape), the spawn bootstrapping error of
an offline Engine started without `if __name__ == "__main__":`, and the main process's `EOFError` after
`Rank 0 scheduler is dead`. Inside those shapes, the real causes: OOM at weights / KV pool / graph capture / MoE
workspace / runtime, NCCL and TCPStore, config and CUDA errors.

Sources: SGLang wheels 0.4.6.post5 and 0.5.3 (`Scheduler hit an exception:` scheduler.py:2328 / 2889,
`Received sigquit from a child process` engine.py:529 / 726, `SIGQUIT received. ... It usually means one child failed.`
tokenizer_manager.py:1870 (0.5.3), `SIGTERM received. ... Draining requests and shutting down...` tokenizer_manager.py
(0.5.3), `Rank {i} scheduler is dead` engine.py:667 / 883, `Not enough memory. Please try to increase
--mem-fraction-static.` model_runner.py:899 / 1497, `Capture cuda graph failed:` + CUDA_GRAPH_CAPTURE_FAILED_MSG
cuda_graph_runner.py:369 / 868, `AsyncDynamicbatchTokenizer.__del__` async_dynamic_batch_tokenizer.py, lifespan's
`MCPToolServer().add_tool_server` http_server.py:243); public threads sglang#3518, #4088 (0.4.3 recursion), #11289
(uvloop tail after SIGQUIT); the libraries' own formats (CPython traceback / ExceptionGroup rendering, asyncio's
default exception handler, multiprocessing's `Process <name>:` header, argparse, uvicorn, anyio, huggingface_hub,
transformers). Line numbers of torch / library internals are approximate.

Labelling policy (decided before the classifier ran): the label is the ROOT cause, wherever the shape puts it (inner
sub-exception of a group, the first link of a chain, the scheduler traceback before a recursion storm or a uvloop
tail). Aftermath shapes (RecursionError in the sigquit handler, EOFError in the launcher, CancelledError in uvloop,
`Exception ignored in` at exit) never decide the label. An operator's Ctrl-C is not a failure of the launch: no
remedy applies, so it is `healthy` (the one during start-up is the arguable case: the README's `healthy` says
"reached ready"; by remedy, a supervisor must not change flags for it). A bad `--tool-server` URL that kills the HTTP
app at start-up is `config_error` (fix the argument).

First sight: 24/25 (1 miss, a strict xfail below: `ctrlc_during_weight_load`, an operator's Ctrl-C while shards load,
labelled healthy by the policy above, got `unknown`). Healthy contrasts: 5 (that one included); none fired a failure
event when fed line by line, so EVENT_XFAIL is empty.
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
PY310 = "/usr/local/lib/python3.10/dist-packages"  # 0.4.x images
PY312 = "/usr/local/lib/python3.12/dist-packages"  # 0.5.x images
SRC = "/sgl-workspace/sglang/python/sglang/srt"  # the images' editable install (as sglang#3518 / #4088 print)


def tb(site: str, *stack: tuple[str, int, str, str]) -> str:
    """Frames: `x/y.py` is under `{site}/sglang/srt/`, `+pkg/...` under `{site}/`, `/abs` or `<...>` as is."""
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


def group(lines: list[str], depth: int = 1) -> str:
    """CPython 3.11+'s rendering of an exception group's tree: each line under `  | ` once per level."""
    pad = "  " * (depth - 1)
    return "\n".join(f"{pad}  | {ln}" if ln else f"{pad}  |" for ln in lines)


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


def sargs(second: int, model: str, **kw: object) -> str:
    fields = {"model_path": model, "tokenizer_path": model, "tokenizer_mode": "auto", **kw}
    body = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    return f"{ts(second)} server_args=ServerArgs({body}, log_level='info', ...)"


def boot(
    tp: int, *, until: str, v5: bool = True, model: str = "Qwen/Qwen2.5-72B-Instruct", cls: str = "Qwen2ForCausalLM"
) -> list[str]:
    """Start-up lines per rank 0 (TP tag only when tp > 1), as far as `until`."""
    r = "TP0" if tp > 1 else None
    out = [sargs(0, model, tp_size=tp, mem_fraction_static=0.88)]
    out.append(f"{ts(4, r)} Init torch distributed begin.")
    if until == "dist":
        return out
    out.append(f"{ts(6, r)} Init torch distributed ends. mem usage=0.60 GB")
    out.append(f"{ts(7, r)} Load weight begin. avail mem=78.31 GB")
    out.append("Loading safetensors checkpoint shards:   0% Completed | 0/37 [00:00<?, ?it/s]")
    if until == "weights":
        return out
    out.append("Loading safetensors checkpoint shards: 100% Completed | 37/37 [00:41<00:00,  1.11s/it]")
    end = f"elapsed=42.10 s, type={cls}, " if v5 else f"type={cls}, dtype=torch.bfloat16, "
    out.append(f"{ts(50, r)} Load weight end. {end}avail mem=42.15 GB, mem usage=36.16 GB.")
    if until == "pool":
        return out
    out.append(f"{ts(51, r)} KV Cache is allocated. #tokens: 681532, K size: 14.62 GB, V size: 14.62 GB")
    out.append(f"{ts(51, r)} Memory pool end. avail mem=11.92 GB")
    out.append(f"{ts(52, r)} Capture cuda graph begin. This can take up to several minutes. avail mem=11.40 GB")
    out.append("Capturing batches (bs=160 avail_mem=11.21 GB):  12%|█▏        | 3/23 [00:02<00:14,  1.40it/s]")
    if until == "graphs":
        return out
    out.append(f"{ts(75, r)} Capture cuda graph end. Time elapsed: 23.10 s. mem usage=0.98 GB. avail mem=10.42 GB.")
    out.append(
        f"{ts(76, r)} max_total_num_tokens=681532, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=32768, available_gpu_mem=10.42 GB"
    )
    return out


def ready(second: int, pid: int = 4242) -> list[str]:
    return [
        f"{ts(second)} INFO:     Started server process [{pid}]",
        f"{ts(second)} INFO:     Waiting for application startup.",
        f"{ts(second)} INFO:     Application startup complete.",
        f"{ts(second)} INFO:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)",
        f'{ts(second + 1)} INFO:     127.0.0.1:46704 - "GET /get_model_info HTTP/1.1" 200 OK',
        f'{ts(second + 2)} INFO:     127.0.0.1:46710 - "POST /generate HTTP/1.1" 200 OK',
        f"{ts(second + 2)} The server is fired up and ready to roll!",
    ]


def serving(second: int, r: str | None = "TP0") -> list[str]:
    return [
        f"{ts(second, r)} Prefill batch. #new-seq: 4, #new-token: 6120, #cached-token: 812, token usage: 0.22, #running-req: 31, #queue-req: 0",
        f"{ts(second + 1, r)} Decode batch. #running-req: 35, #token: 150211, token usage: 0.22, cuda graph: True, gen throughput (token/s): 1534.20, #queue-req: 0",
        f'{ts(second + 1)} INFO:     10.0.3.17:51220 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    ]


# scheduler call paths: 0.5.3 (python3.12) and 0.4.6.post5 (python3.10)
S53 = (("managers/scheduler.py", 2847, "run_scheduler_process", "scheduler = Scheduler("),)
INIT53 = S53 + (
    ("managers/scheduler.py", 312, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker.py", 237, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 296, "__init__", "self.initialize(min_per_gpu_memory)"),
)
LOOP53 = (
    ("managers/scheduler.py", 2869, "run_scheduler_process", "scheduler.event_loop_overlap()"),
    ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
    ("managers/scheduler.py", 1012, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
    ("managers/scheduler.py", 2012, "run_batch", "logits_output, next_token_ids, can_run_cuda_graph = ("),
    (
        "managers/tp_worker.py",
        378,
        "forward_batch_generation",
        "logits_output, can_run_cuda_graph = self.model_runner.forward(",
    ),
    ("model_executor/model_runner.py", 2112, "forward", "output = self._forward_raw("),
)
S46 = (
    (
        "managers/scheduler.py",
        2297,
        "run_scheduler_process",
        "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
    ),
)
INIT46 = S46 + (
    ("managers/scheduler.py", 286, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 63, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 74, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 176, "__init__", "self.initialize(min_per_gpu_memory)"),
)
RUNPY312 = (
    ("<frozen runpy>", 198, "_run_module_as_main", ""),
    ("<frozen runpy>", 88, "_run_code", ""),
)
RUNPY310 = (
    ("/usr/lib/python3.10/runpy.py", 196, "_run_module_as_main", "return _run_code(code, main_globals, None,"),
    ("/usr/lib/python3.10/runpy.py", 86, "_run_code", "exec(code, run_globals)"),
)


def hit(second: int, r: str | None, site: str, stack: tuple, error: str) -> str:
    return f"{ts(second, r)} Scheduler hit an exception: {TB}\n{tb(site, *stack)}\n{error}"


def sigquit(second: int) -> str:
    return f"{ts(second)} Received sigquit from a child process. It usually means the child failed."


# -------------------------------------------------------------------------------------------- exception groups
MCP_LIFESPAN = (
    ("+starlette/routing.py", 694, "lifespan", "async with self.lifespan_context(app) as maybe_state:"),
    ("/usr/lib/python3.12/contextlib.py", 210, "__aenter__", "return await anext(self.gen)"),
    ("entrypoints/http_server.py", 243, "lifespan", "await tool_server.add_tool_server(server_args.tool_server)"),
    (
        "entrypoints/openai/tool_server.py",
        104,
        "add_tool_server",
        "async with sse_client(url=url) as streams, ClientSession(",
    ),
    ("/usr/lib/python3.12/contextlib.py", 210, "__aenter__", "return await anext(self.gen)"),
    ("+mcp/client/sse.py", 54, "sse_client", "async with anyio.create_task_group() as tg:"),
    ("+anyio/_backends/_asyncio.py", 772, "__aexit__", "raise BaseExceptionGroup("),
)


def mcp_group(inner_err: str, inner_nested: bool) -> str:
    """uvicorn's lifespan logs `traceback.format_exc()` of the group: CPython 3.12's tree, one `| ` per level."""
    outer = [
        "Exception Group Traceback (most recent call last):",
        tb(PY312, *MCP_LIFESPAN),
        "ExceptionGroup: unhandled errors in a TaskGroup (1 sub-exception)",
    ]
    leaf = [
        "Traceback (most recent call last):",
        tb(
            PY312,
            ("+httpx/_transports/default.py", 101, "map_httpcore_exceptions", "yield"),
            (
                "+httpcore/_async/connection.py",
                124,
                "_connect",
                "stream = await self._network_backend.connect_tcp(**kwargs)",
            ),
        ),
        inner_err.replace("httpx.", "httpcore."),
        "",
        "The above exception was the direct cause of the following exception:",
        "",
        "Traceback (most recent call last):",
        tb(
            PY312,
            ("+mcp/client/sse.py", 58, "sse_client", "async with aconnect_sse("),
            ("+httpx/_transports/default.py", 118, "map_httpcore_exceptions", "raise mapped_exc(message) from exc"),
        ),
        inner_err,
    ]

    def level(block: list[str], indent: str) -> list[str]:
        return [f"{indent}| {ln}" if ln else f"{indent}|" for b in block for ln in b.split("\n")]

    lines = (
        [f"{ts(80)} ERROR:    + " + outer[0]] + level(outer[1:], "  ") + ["  +-+---------------- 1 ----------------"]
    )
    if inner_nested:
        mid = [
            "Exception Group Traceback (most recent call last):",
            tb(
                PY312,
                ("+mcp/client/sse.py", 54, "sse_client", "async with anyio.create_task_group() as tg:"),
                ("+anyio/_backends/_asyncio.py", 772, "__aexit__", "raise BaseExceptionGroup("),
            ),
            "ExceptionGroup: unhandled errors in a TaskGroup (1 sub-exception)",
        ]
        lines += (
            level(mid, "    ")
            + ["    +-+---------------- 1 ----------------"]
            + level(leaf, "      ")
            + ["      +------------------------------------"]
        )
    else:
        lines += level(leaf, "    ") + ["    +------------------------------------"]
    lines += ["", f"{ts(80)} ERROR:    Application startup failed. Exiting."]
    return "\n".join(lines)


case(
    "eg_tool_server_refused_nested",
    "0.5.3",
    "sglang 0.5.3 entrypoints/http_server.py:243 (lifespan's MCPToolServer.add_tool_server); mcp client/sse.py task group; CPython 3.12 group rendering; uvicorn lifespan `Application startup failed`",
    "config_error",
    "`--tool-server http://127.0.0.1:8001/sse` nothing listens: the HTTP app's lifespan dies inside two nested anyio groups; fix the argument",
    join(
        boot(4, until="ready", v5=True),
        [f"{ts(78)} INFO:     Started server process [4242]", f"{ts(78)} INFO:     Waiting for application startup."],
        mcp_group("httpx.ConnectError: All connection attempts failed", inner_nested=True),
    ),
)
case(
    "eg_tool_server_dns_flat",
    "0.5.3",
    "sglang 0.5.3 entrypoints/http_server.py:243; anyio TaskGroup ExceptionGroup; httpx ConnectError from getaddrinfo",
    "config_error",
    "`--tool-server` names a host that does not resolve: one sub-exception in the group; the fix is the argument",
    join(
        boot(1, until="ready", v5=True, model="openai/gpt-oss-20b", cls="GptOssForCausalLM"),
        [f"{ts(78)} INFO:     Started server process [4242]", f"{ts(78)} INFO:     Waiting for application startup."],
        mcp_group("httpx.ConnectError: [Errno -2] Name or service not known", inner_nested=False),
    ),
)

ASGI_GROUP = join(
    f"{ts(95)} ERROR:    Exception in ASGI application",
    "  + Exception Group Traceback (most recent call last):",
    '  |   File "/usr/local/lib/python3.12/dist-packages/starlette/_utils.py", line 76, in collapse_excgroups',
    "  |     yield",
    '  |   File "/usr/local/lib/python3.12/dist-packages/starlette/middleware/base.py", line 177, in __call__',
    "  |     async with anyio.create_task_group() as task_group:",
    '  |   File "/usr/local/lib/python3.12/dist-packages/anyio/_backends/_asyncio.py", line 772, in __aexit__',
    "  |     raise BaseExceptionGroup(",
    "  | ExceptionGroup: unhandled errors in a TaskGroup (1 sub-exception)",
    "  +-+---------------- 1 ----------------",
    "    | Traceback (most recent call last):",
    '    |   File "/usr/local/lib/python3.12/dist-packages/uvicorn/protocols/http/httptools_impl.py", line 409, in run_asgi',
    "    |     result = await app(  # type: ignore[func-returns-value]",
    '    |   File "/usr/local/lib/python3.12/dist-packages/sglang/srt/utils/common.py", line 1894, in authentication',
    "    |     return await call_next(request)",
    '    |   File "/usr/local/lib/python3.12/dist-packages/sglang/srt/entrypoints/http_server.py", line 612, in openai_v1_chat_completions',
    "    |     return await raw_request.app.state.openai_serving_chat.handle_request(",
    '    |   File "/usr/local/lib/python3.12/dist-packages/starlette/requests.py", line 252, in json',
    "    |     self._json = json.loads(body)",
    '    |   File "/usr/lib/python3.12/json/decoder.py", line 355, in raw_decode',
    '    |     raise JSONDecodeError("Expecting value", s, err.value) from None',
    "    | json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)",
    "    +------------------------------------",
    f'{ts(95)} INFO:     10.0.3.22:40112 - "POST /v1/chat/completions HTTP/1.1" 500 Internal Server Error',
)
case(
    "eg_asgi_one_bad_request_healthy",
    "0.5.3",
    "starlette middleware/base.py collapse_excgroups + anyio group; uvicorn `Exception in ASGI application`; sglang 0.5.3 api-key middleware (`authentication` in utils/common.py)",
    "healthy",
    "one client's malformed body through the api-key middleware: a 500 for that request, the server goes on serving",
    join(boot(2, until="ready"), ready(78), serving(82), ASGI_GROUP, serving(97)),
)

# ---------------------------------------------------------------------------------------------- chained exceptions
CAPTURE53 = INIT53 + (
    ("model_executor/model_runner.py", 458, "initialize", "self.init_device_graphs()"),
    (
        "model_executor/model_runner.py",
        1962,
        "init_device_graphs",
        "self.graph_runner = graph_runners[self.device](self)",
    ),
    ("model_executor/cuda_graph_runner.py", 366, "__init__", "self.capture()"),
    ("model_executor/cuda_graph_runner.py", 487, "capture", ") = self.capture_one_batch_size(bs, forward)"),
    ("model_executor/cuda_graph_runner.py", 655, "capture_one_batch_size", "run_once()"),
    ("model_executor/cuda_graph_runner.py", 642, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
    (
        "models/qwen2.py",
        480,
        "forward",
        "hidden_states = self.model(input_ids, positions, forward_batch, input_embeds)",
    ),
    ("layers/activation.py", 64, "forward_cuda", "out = torch.empty(output_shape, dtype=x.dtype, device=x.device)"),
)
GRAPH_FAIL_MSG = (
    "Possible solutions:\n"
    "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
    "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n"
    "3. disable torch compile by not using --enable-torch-compile\n"
    "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\n"
    "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose \n"
)
OOM_CAP = "CUDA out of memory. Tried to allocate 1.02 GiB. GPU 0 has a total capacity of 79.19 GiB of which 402.62 MiB is free. Process 88123 has 78.78 GiB memory in use. Of the allocated memory 66.10 GiB is allocated by PyTorch, and 1.31 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
case(
    "chain_capture_oom_during_handling",
    "0.5.3",
    'sglang 0.5.3 model_executor/cuda_graph_runner.py:364-370 (`except RuntimeError as e: raise Exception(f"Capture cuda graph failed: {e}\\n{CUDA_GRAPH_CAPTURE_FAILED_MSG}")`), :868',
    "oom_cuda_graph",
    "torch.OutOfMemoryError in capture, re-raised while handling as `Capture cuda graph failed:`: two tracebacks, the root is the capture OOM",
    join(
        boot(4, until="graphs"),
        f"{ts(60, 'TP0')} Scheduler hit an exception: {TB}\n{tb(PY312, *CAPTURE53[4:])}\ntorch.OutOfMemoryError: {OOM_CAP}\n\nDuring handling of the above exception, another exception occurred:\n\n{TB}\n{tb(PY312, *CAPTURE53[:7])}\nException: Capture cuda graph failed: {OOM_CAP}\n{GRAPH_FAIL_MSG}",
        sigquit(60),
    ),
)

INDUCTOR = (
    (
        "+torch/_dynamo/output_graph.py",
        1446,
        "_call_user_compiler",
        "compiled_fn = compiler_fn(gm, self.example_inputs())",
    ),
    ("+torch/_inductor/compile_fx.py", 1521, "compile_fx", "return aot_autograd("),
    ("+torch/_inductor/codecache.py", 2950, "load_by_key_path", "mod = _reload_python_module(key, path)"),
    (
        "+triton/runtime/autotuner.py",
        160,
        "run",
        "timings = {config: self._bench(*args, config=config, **kwargs) for config in pruned_configs}",
    ),
    (
        "+triton/testing.py",
        117,
        "do_bench",
        "cache = torch.empty(int(cache_size // 4), dtype=torch.int, device='cuda')",
    ),
)
OOM_IND = "CUDA out of memory. Tried to allocate 256.00 MiB. GPU 0 has a total capacity of 79.10 GiB of which 118.75 MiB is free. Process 51342 has 78.97 GiB memory in use. Of the allocated memory 73.40 GiB is allocated by PyTorch, and 1.06 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
CAP46 = INIT46 + (
    ("model_executor/model_runner.py", 204, "initialize", "self.init_cuda_graphs()"),
    ("model_executor/model_runner.py", 1015, "init_cuda_graphs", "self.cuda_graph_runner = CudaGraphRunner(self)"),
    ("model_executor/cuda_graph_runner.py", 269, "__init__", "self.capture()"),
    ("model_executor/cuda_graph_runner.py", 353, "capture", ") = self.capture_one_batch_size(bs, forward)"),
    ("model_executor/cuda_graph_runner.py", 441, "capture_one_batch_size", "run_once()"),
    ("+torch/_dynamo/eval_frame.py", 574, "_fn", "return fn(*args, **kwargs)"),
)
case(
    "chain_inductor_capture_oom_three_deep",
    "0.4.6.post5",
    "sglang 0.4.6.post5 cuda_graph_runner.py (capture wrapped as `Capture cuda graph failed:` + CUDA_GRAPH_CAPTURE_FAILED_MSG); torch 2.6 dynamo `BackendCompilerFailed ... raised:` chaining",
    "oom_cuda_graph",
    "--enable-torch-compile: Triton autotuning OOMs inside Inductor (direct cause) inside capture (during handling): three links, the root is capture-time OOM",
    join(
        boot(8, until="graphs", v5=False, model="meta-llama/Llama-3.1-70B-Instruct", cls="LlamaForCausalLM"),
        f"{ts(70, 'TP0')} Scheduler hit an exception: {TB}\n{tb(PY310, *INDUCTOR)}\ntorch.OutOfMemoryError: {OOM_IND}\n\nThe above exception was the direct cause of the following exception:\n\n{TB}\n{tb(PY310, *(CAP46[7:] + INDUCTOR[:1]))}\ntorch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\nOutOfMemoryError: {OOM_IND}\n\nSet TORCH_LOGS=\"+dynamo\" and TORCHDYNAMO_VERBOSE=1 for more information\n\n\nYou can suppress this exception and fall back to eager by setting:\n    import torch._dynamo\n    torch._dynamo.config.suppress_errors = True\n\n\nDuring handling of the above exception, another exception occurred:\n\n{TB}\n{tb(PY310, *CAP46[:8])}\nException: Capture cuda graph failed: backend='inductor' raised:\nOutOfMemoryError: {OOM_IND}\n{GRAPH_FAIL_MSG}",
        sigquit(70),
    ),
)

HF_CHAIN = join(
    TB,
    tb(
        PY310,
        ("+urllib3/connection.py", 198, "_new_conn", "sock = connection.create_connection("),
        (
            "+urllib3/util/connection.py",
            60,
            "create_connection",
            "for res in socket.getaddrinfo(host, port, family, socket.SOCK_STREAM):",
        ),
        (
            "/usr/lib/python3.10/socket.py",
            955,
            "getaddrinfo",
            "for res in _socket.getaddrinfo(host, port, family, type, proto, flags):",
        ),
    ),
    "socket.gaierror: [Errno -3] Temporary failure in name resolution",
    "",
    "The above exception was the direct cause of the following exception:",
    "",
    TB,
    tb(
        PY310,
        ("+huggingface_hub/file_download.py", 1484, "_get_metadata_or_catch_error", "metadata = get_hf_file_metadata("),
        ("+requests/adapters.py", 700, "send", "raise ConnectionError(e, request=request)"),
    ),
    "requests.exceptions.ConnectionError: (MaxRetryError(\"HTTPSConnectionPool(host='huggingface.co', port=443): Max retries exceeded with url: /meta-llama/Llama-3.1-8B-Instruct/resolve/main/config.json (Caused by NameResolutionError(\\\"<urllib3.connection.HTTPSConnection object at 0x7f3b2c1d6a10>: Failed to resolve 'huggingface.co' ([Errno -3] Temporary failure in name resolution)\\\"))\"), '(Request ID: 2b1c7d0e-5a43-4f0a-9d8e-1f2a3b4c5d6e)')",
    "",
    "The above exception was the direct cause of the following exception:",
    "",
    TB,
    tb(
        PY310,
        ("+transformers/utils/hub.py", 424, "cached_files", "hf_hub_download("),
        ("+huggingface_hub/file_download.py", 1599, "_raise_on_head_call_error", "raise LocalEntryNotFoundError("),
    ),
    "huggingface_hub.errors.LocalEntryNotFoundError: An error happened while trying to locate the file on the Hub and we cannot find the requested files in the local cache. Please check your connection and try again or make sure your Internet connection is on.",
    "",
    "The above exception was the direct cause of the following exception:",
    "",
    TB,
    tb(
        PY310,
        *RUNPY310,
        ("+sglang/launch_server.py", 14, "<module>", "launch_server(server_args)"),
        (
            "entrypoints/http_server.py",
            673,
            "launch_server",
            "tokenizer_manager, scheduler_info = _launch_subprocesses(server_args=server_args)",
        ),
        (
            "entrypoints/engine.py",
            613,
            "_launch_subprocesses",
            "tokenizer_manager = TokenizerManager(server_args, port_args)",
        ),
        (
            "managers/tokenizer_manager.py",
            165,
            "__init__",
            "self.model_config = ModelConfig.from_server_args(server_args)",
        ),
        ("configs/model_config.py", 64, "__init__", "self.hf_config = get_config("),
        ("hf_transformers_utils.py", 82, "get_config", "config = AutoConfig.from_pretrained("),
        ("+transformers/utils/hub.py", 491, "cached_files", "raise OSError("),
    ),
    "OSError: We couldn't connect to 'https://huggingface.co' to load the files, and couldn't find them in the cached files.",
    "Check your internet connection or see how to run the library in offline mode at 'https://huggingface.co/docs/transformers/installation#offline-mode'.",
)
case(
    "chain_hf_offline_four_links",
    "0.4.6.post5",
    "sglang 0.4.6.post5 entrypoints/engine.py (TokenizerManager before the schedulers), configs/model_config.py, hf_transformers_utils.py; transformers 4.51 utils/hub.py OSError text; huggingface_hub LocalEntryNotFoundError",
    "config_error",
    "an air-gapped node with a Hub model id not in the cache: the model path cannot be resolved (a chain of four, root = name resolution); fix the path / cache",
    join(sargs(0, "meta-llama/Llama-3.1-8B-Instruct", tp_size=1), HF_CHAIN),
)

TF_CHAIN = join(
    sargs(0, "/models/GLM-4.5-Air-custom", tp_size=4, trust_remote_code=False),
    TB,
    tb(
        PY312,
        (
            "+transformers/models/auto/configuration_auto.py",
            1271,
            "from_pretrained",
            'config_class = CONFIG_MAPPING[config_dict["model_type"]]',
        ),
        ("+transformers/models/auto/configuration_auto.py", 966, "__getitem__", "raise KeyError(key)"),
    ),
    "KeyError: 'glm4_moe_custom'",
    "",
    "During handling of the above exception, another exception occurred:",
    "",
    TB,
    tb(
        PY312,
        *RUNPY312,
        ("+sglang/launch_server.py", 11, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
        ("server_args.py", 3066, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
        ("server_args.py", 2660, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
        ("<string>", 262, "__init__", ""),
        ("server_args.py", 520, "__post_init__", "self._handle_model_specific_adjustments()"),
        ("server_args.py", 930, "_handle_model_specific_adjustments", "hf_config = self.get_hf_config()"),
        ("hf_transformers_utils.py", 166, "get_config", "config = AutoConfig.from_pretrained("),
        ("+transformers/models/auto/configuration_auto.py", 1273, "from_pretrained", "raise ValueError("),
    ),
    "ValueError: The checkpoint you are trying to load has model type `glm4_moe_custom` but Transformers does not recognize this architecture. This could be because of an issue with the checkpoint, or because your version of Transformers is out of date.",
    "",
    "You can update Transformers with the command `pip install --upgrade transformers`. If this does not work, and the checkpoint is very new, then there may not be a release version that supports this model yet. In this case, you can get the most up-to-date code by installing Transformers from source with the command `pip install git+https://github.com/huggingface/transformers.git`",
)
case(
    "chain_unknown_model_type_during_handling",
    "0.5.3",
    "transformers 4.57 models/auto/configuration_auto.py (KeyError re-raised as ValueError while handling); sglang 0.5.3 server_args.py __post_init__ -> get_hf_config",
    "config_error",
    "a custom model_type without --trust-remote-code: KeyError then ValueError during handling, at argument checks",
    TF_CHAIN,
)


# --------------------------------------------------------------------------------------------------- RecursionError
def recursion_storm(second: int, n: int) -> str:
    """0.4.3's launcher sigquit handler: kill_process_tree re-sends SIGQUIT to itself and re-enters the handler (sglang#4088)."""
    loop = [
        (
            "/sgl-workspace/sglang/python/sglang/srt/entrypoints/engine.py",
            401,
            "sigquit_handler",
            "kill_process_tree(os.getpid())",
        ),
        (
            "/sgl-workspace/sglang/python/sglang/srt/utils.py",
            513,
            "kill_process_tree",
            "itself.send_signal(signal.SIGQUIT)",
        ),
        (f"{PY310}/psutil/__init__.py", 1277, "send_signal", "self._send_signal(sig)"),
        (f"{PY310}/psutil/__init__.py", 1259, "_send_signal", "os.kill(pid, sig)"),
    ]
    head = (
        ("/usr/lib/python3.10/runpy.py", 196, "_run_module_as_main", "return _run_code(code, main_globals, None,"),
        ("/usr/lib/python3.10/runpy.py", 86, "_run_code", "exec(code, run_globals)"),
        ("/sgl-workspace/sglang/python/sglang/launch_server.py", 14, "<module>", "launch_server(server_args)"),
        (
            "/sgl-workspace/sglang/python/sglang/srt/entrypoints/http_server.py",
            563,
            "launch_server",
            "tokenizer_manager, scheduler_info = _launch_subprocesses(server_args=server_args)",
        ),
        (
            "/sgl-workspace/sglang/python/sglang/srt/entrypoints/engine.py",
            470,
            "_launch_subprocesses",
            "data = scheduler_pipe_readers[i].recv()",
        ),
        ("/usr/lib/python3.10/multiprocessing/connection.py", 250, "recv", "buf = self._recv_bytes()"),
        ("/usr/lib/python3.10/multiprocessing/connection.py", 414, "_recv_bytes", "buf = self._recv(4)"),
        ("/usr/lib/python3.10/multiprocessing/connection.py", 379, "_recv", "chunk = read(handle, remaining)"),
    )
    body = tb("", *head, *loop, *loop, *loop)
    return (
        f"{TB}\n{body}\n  [Previous line repeated {n} more times]\n"
        + tb(
            "",
            (f"{PY310}/psutil/__init__.py", 1276, "send_signal", "self._raise_if_pid_reused()"),
            (f"{PY310}/psutil/__init__.py", 455, "_raise_if_pid_reused", "if not self.is_running():"),
            (f"{PY310}/psutil/__init__.py", 619, "is_running", "return self == Process(self.pid)"),
        )
        + "\nRecursionError: maximum recursion depth exceeded while calling a Python object"
    )


S43 = (
    (
        "/sgl-workspace/sglang/python/sglang/srt/managers/scheduler.py",
        1816,
        "run_scheduler_process",
        "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, dp_rank)",
    ),
)
INIT43 = S43 + (
    (
        "/sgl-workspace/sglang/python/sglang/srt/managers/scheduler.py",
        240,
        "__init__",
        "self.tp_worker = TpWorkerClass(",
    ),
    (
        "/sgl-workspace/sglang/python/sglang/srt/managers/tp_worker_overlap_thread.py",
        63,
        "__init__",
        "self.worker = TpModelWorker(server_args, gpu_id, tp_rank, dp_rank, nccl_port)",
    ),
    (
        "/sgl-workspace/sglang/python/sglang/srt/managers/tp_worker.py",
        68,
        "__init__",
        "self.model_runner = ModelRunner(",
    ),
    (
        "/sgl-workspace/sglang/python/sglang/srt/model_executor/model_runner.py",
        187,
        "__init__",
        "min_per_gpu_memory = self.init_torch_distributed()",
    ),
)
case(
    "recursion_after_nccl_two_nodes",
    "0.4.3.post2",
    "https://github.com/sgl-project/sglang/issues/4088 (DeepSeek-R1 tp16 nnodes=2, the recursion in engine.py sigquit_handler / utils.py kill_process_tree); #3518; NCCL init error text from torch ProcessGroupNCCL",
    "nccl_or_distributed",
    "rank 0's NCCL communicator fails across two nodes; the launcher's sigquit handler then recurses 990+ times: the storm is aftermath",
    join(
        sargs(
            0,
            "deepseek-ai/DeepSeek-R1",
            tp_size=16,
            nnodes=2,
            node_rank=0,
            dist_init_addr="deepseek-r1-0.deepseek-r1.workload:20000",
            trust_remote_code=True,
        ),
        f"{ts(12, 'TP0')} Init torch distributed begin.",
        f"{ts(14, 'TP3')} Init torch distributed begin.",
        "deepseek-r1-0:412:412 [0] NCCL INFO Bootstrap : Using eth0:10.233.64.12<0>",
        "deepseek-r1-0:412:1088 [0] transport/net_socket.cc:531 NCCL WARN NET/Socket : peer 10.233.71.9<55521> message truncated : receiving 1048576 bytes instead of 65536. If you believe your socket network is in healthy state, there may be a mismatch in collective sizes or environment settings (e.g. NCCL_PROTO, NCCL_ALGO) between ranks",
        f"{ts(75, 'TP0')} Scheduler hit an exception: {TB}\n"
        + tb(
            "",
            *INIT43,
            (
                "/sgl-workspace/sglang/python/sglang/srt/model_executor/model_runner.py",
                300,
                "init_torch_distributed",
                "initialize_model_parallel(",
            ),
            (
                "/sgl-workspace/sglang/python/sglang/srt/distributed/parallel_state.py",
                1099,
                "initialize_model_parallel",
                "_TP = init_model_parallel_group(",
            ),
            (
                "/sgl-workspace/sglang/python/sglang/srt/distributed/device_communicators/pynccl.py",
                99,
                "__init__",
                "self.comm: ncclComm_t = self.nccl.ncclCommInitRank(",
            ),
            (
                "/sgl-workspace/sglang/python/sglang/srt/distributed/device_communicators/pynccl_wrapper.py",
                277,
                "NCCL_CHECK",
                'raise RuntimeError(f"NCCL error: {error_str}")',
            ),
        )
        + "\nRuntimeError: NCCL error: remote process exited or there was a network error",
        "",
        sigquit(75),
        recursion_storm(75, 984),
    ),
)
case(
    "recursion_after_kv_pool_oom",
    "0.4.3.post2",
    "https://github.com/sgl-project/sglang/issues/3518 (recursion on exception exit); sglang 0.4.3 model_runner.py `Not enough memory. Please try to increase --mem-fraction-static.`",
    "oom_kv_cache",
    "weights leave nothing for the KV pool at 0.6; the recursion storm after the sigquit line is aftermath; the fix is a higher fraction",
    join(
        sargs(0, "Qwen/Qwen2.5-72B-Instruct", tp_size=2, mem_fraction_static=0.6),
        f"{ts(4, 'TP0')} Init torch distributed begin.",
        f"{ts(6, 'TP0')} Load weight begin. avail mem=78.50 GB",
        f"{ts(48, 'TP0')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=10.44 GB, mem usage=68.06 GB.",
        f"{ts(48, 'TP0')} Scheduler hit an exception: {TB}\n"
        + tb(
            "",
            *INIT43[:4],
            (
                "/sgl-workspace/sglang/python/sglang/srt/model_executor/model_runner.py",
                215,
                "__init__",
                "self.init_memory_pool(",
            ),
            (
                "/sgl-workspace/sglang/python/sglang/srt/model_executor/model_runner.py",
                735,
                "init_memory_pool",
                "raise RuntimeError(",
            ),
        )
        + "\nRuntimeError: Not enough memory. Please try to increase --mem-fraction-static.",
        "",
        sigquit(48),
        recursion_storm(48, 990),
    ),
)
case(
    "recursion_after_capture_oom",
    "0.4.3.post2",
    "https://github.com/sgl-project/sglang/issues/4088 (recursion tail); sglang 0.4.3 cuda_graph_runner.py `Capture cuda graph failed:` + possible solutions",
    "oom_cuda_graph",
    "capture OOMs at bs 160; the wrapper's message and the solutions list come first, then the recursion storm",
    join(
        sargs(0, "meta-llama/Llama-3.1-8B-Instruct", tp_size=1, mem_fraction_static=0.93),
        f"{ts(4)} Init torch distributed begin.",
        f"{ts(6)} Load weight begin. avail mem=23.20 GB",
        f"{ts(19)} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=8.14 GB, mem usage=15.06 GB.",
        f"{ts(19)} KV Cache is allocated. #tokens: 52318, K size: 3.19 GB, V size: 3.19 GB",
        f"{ts(19)} Memory pool end. avail mem=1.60 GB",
        f"{ts(20)} Capture cuda graph begin. This can take up to several minutes. avail mem=1.58 GB",
        "  0%|          | 0/23 [00:00<?, ?it/s]",
        f"{ts(21)} Scheduler hit an exception: {TB}\n"
        + tb(
            "",
            *INIT43[:4],
            (
                "/sgl-workspace/sglang/python/sglang/srt/model_executor/model_runner.py",
                220,
                "__init__",
                "self.init_cuda_graphs()",
            ),
            (
                "/sgl-workspace/sglang/python/sglang/srt/model_executor/model_runner.py",
                795,
                "init_cuda_graphs",
                "self.cuda_graph_runner = CudaGraphRunner(self)",
            ),
            (
                "/sgl-workspace/sglang/python/sglang/srt/model_executor/cuda_graph_runner.py",
                254,
                "__init__",
                "raise Exception(",
            ),
        )
        + "\nException: Capture cuda graph failed: CUDA out of memory. Tried to allocate 1.25 GiB. GPU 0 has a total capacity of 23.64 GiB of which 1.05 GiB is free. Including non-PyTorch memory, this process has 22.58 GiB memory in use. Of the allocated memory 21.73 GiB is allocated by PyTorch, and 212.40 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)\n"
        + GRAPH_FAIL_MSG.replace(
            "--cuda-graph-max-bs to a smaller value (e.g., 16)", "--cuda-graph-max-bs to a smaller value (e.g., 32)"
        ),
        sigquit(21),
        recursion_storm(21, 987),
    ),
)


# ------------------------------------------------------------------------------- KeyboardInterrupt / Ctrl-C / spawn
def spawn_child_kbi(name: str, site: str, stack: tuple) -> str:
    mp = (
        "/usr/lib/python3.12/multiprocessing/process.py"
        if site == PY312
        else "/usr/lib/python3.10/multiprocessing/process.py"
    )
    return (
        f"Process {name}:\n{TB}\n"
        + tb(
            site,
            (mp, 314, "_bootstrap", "self.run()"),
            (mp, 108, "run", "self._target(*self._args, **self._kwargs)"),
            *stack,
        )
        + "\nKeyboardInterrupt"
    )


LOAD53 = INIT53 + (
    ("model_executor/model_runner.py", 345, "initialize", "self.load_model()"),
    ("model_executor/model_runner.py", 860, "load_model", "self.model = get_model("),
    ("model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
    ("model_loader/loader.py", 583, "load_model", "self.load_weights_and_postprocess("),
    ("models/qwen2.py", 590, "load_weights", "for name, loaded_weight in weights:"),
    (
        "model_loader/weight_utils.py",
        482,
        "safetensors_weights_iterator",
        'result = safetensors.torch.load_file(st_file, device="cpu")',
    ),
)
case(
    "ctrlc_during_weight_load",
    "0.5.3",
    "CPython multiprocessing/process.py `Process <name>:` + traceback for BaseException in a child; sglang 0.5.3 engine.py:878 (`data = scheduler_pipe_readers[i].recv()`), scheduler.py:2889 catches only Exception",
    "healthy",
    "an operator's Ctrl-C while shards load: every process gets SIGINT, the children print SpawnProcess headers with KeyboardInterrupt; no failure and no remedy (arguable: never reached ready)",
    join(
        boot(2, until="weights"),
        "Loading safetensors checkpoint shards:  24% Completed | 9/37 [00:10<00:31,  1.12s/it]",
        "^C" + spawn_child_kbi("SpawnProcess-2", PY312, LOAD53[:1] + LOAD53[4:]),
        spawn_child_kbi("SpawnProcess-3", PY312, LOAD53[:1] + LOAD53[4:]).replace(
            "Process SpawnProcess-3", "Process SpawnProcess-3"
        ),
        TB
        + "\n"
        + tb(
            PY312,
            *RUNPY312,
            ("+sglang/launch_server.py", 14, "<module>", "launch_server(server_args)"),
            (
                "entrypoints/http_server.py",
                1237,
                "launch_server",
                "tokenizer_manager, template_manager, scheduler_info = _launch_subprocesses(",
            ),
            ("entrypoints/engine.py", 878, "_launch_subprocesses", "data = scheduler_pipe_readers[i].recv()"),
            ("/usr/lib/python3.12/multiprocessing/connection.py", 250, "recv", "buf = self._recv_bytes()"),
            ("/usr/lib/python3.12/multiprocessing/connection.py", 430, "_recv_bytes", "buf = self._recv(4)"),
            ("/usr/lib/python3.12/multiprocessing/connection.py", 395, "_recv", "chunk = read(handle, remaining)"),
        )
        + "\nKeyboardInterrupt",
        "/usr/lib/python3.12/multiprocessing/resource_tracker.py:279: UserWarning: resource_tracker: There appear to be 1 leaked shared_memory objects to clean up at shutdown",
        "  warnings.warn('resource_tracker: There appear to be %d '",
    ),
)
case(
    "ctrlc_after_ready_uvloop",
    "0.4.6.post5",
    "uvicorn `Shutting down` / `Finished server process`; CPython asyncio runners + uvloop frames on KeyboardInterrupt; sglang 0.4.6.post5 http_server.py launch_server `finally: warmup_thread.join()`",
    "healthy",
    "served, then the operator pressed Ctrl-C: uvicorn shuts down, a KeyboardInterrupt traceback through uvloop, SpawnProcess headers; a clean stop",
    join(
        boot(2, until="ready", v5=False),
        ready(78),
        serving(85),
        f"^C{ts(140)} INFO:     Shutting down",
        f"{ts(140)} INFO:     Waiting for application shutdown.",
        f"{ts(140)} INFO:     Application shutdown complete.",
        f"{ts(140)} INFO:     Finished server process [4242]",
        spawn_child_kbi(
            "SpawnProcess-1",
            PY310,
            (
                ("managers/scheduler.py", 2308, "run_scheduler_process", "scheduler.event_loop_overlap()"),
                ("managers/scheduler.py", 660, "event_loop_overlap", "recv_reqs = self.recv_requests()"),
                ("+zmq/sugar/socket.py", 972, "recv_pyobj", "msg = self.recv(flags)"),
            ),
        ),
        TB
        + "\n"
        + tb(
            PY310,
            *RUNPY310,
            ("+sglang/launch_server.py", 14, "<module>", "launch_server(server_args)"),
            ("entrypoints/http_server.py", 779, "launch_server", "uvicorn.run("),
            ("+uvicorn/main.py", 580, "run", "server.run()"),
            ("+uvicorn/server.py", 66, "run", "return asyncio.run(self.serve(sockets=sockets))"),
            ("/usr/lib/python3.10/asyncio/runners.py", 44, "run", "return loop.run_until_complete(main)"),
            ("uvloop/loop.pyx", 1512, "uvloop.loop.Loop.run_until_complete", ""),
            ("uvloop/loop.pyx", 1505, "uvloop.loop.Loop.run_until_complete", ""),
            ("uvloop/loop.pyx", 1379, "uvloop.loop.Loop.run_forever", ""),
            ("uvloop/loop.pyx", 557, "uvloop.loop.Loop._run", ""),
            ("uvloop/handles/poll.pyx", 216, "uvloop.loop.__on_uvpoll_event", ""),
            ("uvloop/cbhandles.pyx", 83, "uvloop.loop.Handle._run", ""),
        )
        + "\nKeyboardInterrupt",
    ),
)

SPAWN_MAIN = join(
    TB,
    tb(
        "",
        ("<string>", 1, "<module>", ""),
        ("/usr/lib/python3.12/multiprocessing/spawn.py", 122, "spawn_main", "exitcode = _main(fd, parent_sentinel)"),
        ("/usr/lib/python3.12/multiprocessing/spawn.py", 131, "_main", "prepare(preparation_data)"),
        (
            "/usr/lib/python3.12/multiprocessing/spawn.py",
            246,
            "prepare",
            "_fixup_main_from_path(data['init_main_from_path'])",
        ),
        (
            "/usr/lib/python3.12/multiprocessing/spawn.py",
            297,
            "_fixup_main_from_path",
            "main_content = runpy.run_path(main_path,",
        ),
        ("<frozen runpy>", 287, "run_path", ""),
        ("/workspace/offline_batch.py", 5, "<module>", 'llm = sgl.Engine(model_path="Qwen/Qwen2.5-7B-Instruct")'),
        (
            f"{PY312}/sglang/srt/entrypoints/engine.py",
            130,
            "__init__",
            "tokenizer_manager, template_manager, scheduler_info = _launch_subprocesses(",
        ),
        (f"{PY312}/sglang/srt/entrypoints/engine.py", 846, "_launch_subprocesses", "proc.start()"),
        ("/usr/lib/python3.12/multiprocessing/spawn.py", 164, "get_preparation_data", "_check_not_importing_main()"),
        ("/usr/lib/python3.12/multiprocessing/spawn.py", 140, "_check_not_importing_main", "raise RuntimeError('''"),
    ),
    "RuntimeError: ",
    "        An attempt has been made to start a new process before the",
    "        current process has finished its bootstrapping phase.",
    "",
    "        This probably means that you are not using fork to start your",
    "        child processes and you have forgotten to use the proper idiom",
    "        in the main module:",
    "",
    "            if __name__ == '__main__':",
    "                freeze_support()",
    "                ...",
    "",
    '        The "freeze_support()" line can be omitted if the program',
    "        is not going to be frozen to produce an executable.",
    "",
    '        To fix this issue, refer to the "Safe importing of main module"',
    "        section in https://docs.python.org/3/library/multiprocessing.html",
    "        ",
)
case(
    "spawn_bootstrap_without_main_guard",
    "0.5.3",
    "CPython 3.12 multiprocessing/spawn.py _check_not_importing_main; sglang 0.5.3 engine.py sets mp start method `spawn` (engine.py:733) and starts the scheduler procs",
    "config_error",
    "offline `sgl.Engine(...)` at module level: the spawned child re-imports the script and refuses; a usage error the user fixes in code, not a resource one",
    join(
        sargs(0, "Qwen/Qwen2.5-7B-Instruct", tp_size=1),
        SPAWN_MAIN,
        f"{ts(9)} Rank 0 scheduler is dead. Please check if there are relevant logs.",
        f"{ts(9)} Exit code: 1",
    ),
)

# ---------------------------------------------------------------------------------------------------- SystemExit
case(
    "sysexit_argparse_invalid_choice",
    "0.4.6.post5",
    "argparse `error: argument ...: invalid choice` (SystemExit(2)); sglang 0.4.6.post5 server_args.py --attention-backend choices",
    "config_error",
    "argparse exits 2 before any log line: a bad value for --attention-backend",
    join(
        "usage: launch_server.py [-h] --model-path MODEL_PATH [--tokenizer-path TOKENIZER_PATH]",
        "                        [--host HOST] [--port PORT]",
        "                        [--tokenizer-mode {auto,slow}] [--skip-tokenizer-init]",
        "                        ...",
        "launch_server.py: error: argument --attention-backend: invalid choice: 'flash_attn' (choose from 'aiter', 'flashinfer', 'triton', 'torch_native', 'fa3', 'flashmla')",
    ),
)
case(
    "sysexit_in_wrapper_traceback",
    "0.5.3",
    "argparse `unrecognized arguments` -> parser.error -> SystemExit(2), printed with a traceback by a wrapper that runs launch_server in a thread/runner (`SystemExit: 2`); sglang 0.5.3 launch_server.py / server_args.py prepare_server_args",
    "config_error",
    "an unknown flag in a launcher script that catches BaseException and prints it: the SystemExit(2) traceback's cause is argparse's usage error",
    join(
        "usage: launch_server.py [-h] --model-path MODEL_PATH [--tokenizer-path TOKENIZER_PATH]",
        "                        ...",
        "launch_server.py: error: unrecognized arguments: --max-num-seqs 256",
        TB,
        tb(
            PY312,
            ("/opt/serve/entry.py", 41, "main", 'runpy.run_module("sglang.launch_server", run_name="__main__")'),
            ("<frozen runpy>", 226, "run_module", ""),
            ("<frozen runpy>", 88, "_run_code", ""),
            ("+sglang/launch_server.py", 11, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
            ("server_args.py", 3064, "prepare_server_args", "raw_args = parser.parse_args(argv)"),
            ("/usr/lib/python3.12/argparse.py", 1907, "parse_args", "self.error(msg % ' '.join(argv))"),
            (
                "/usr/lib/python3.12/argparse.py",
                2652,
                "error",
                "self.exit(2, _('%(prog)s: error: %(message)s\\n') % args)",
            ),
            ("/usr/lib/python3.12/argparse.py", 2639, "exit", "_sys.exit(status)"),
        ),
        "SystemExit: 2",
    ),
)

# ------------------------------------------------------------------------------------- Task exception never retrieved
case(
    "task_never_retrieved_client_gone_healthy",
    "0.5.3",
    "CPython asyncio base_events default_exception_handler (`Task exception was never retrieved` / `future: <Task finished ...>`); uvicorn httptools_impl disconnect; sglang 0.5.3 tokenizer_manager.py `Abort request`",
    "healthy",
    "a streaming client disconnects; a fire-and-forget send task's ConnectionResetError is never awaited; serving goes on",
    join(
        boot(2, until="ready"),
        ready(78),
        serving(85),
        "Task exception was never retrieved",
        "future: <Task finished name='Task-5120' coro=<RequestResponseCycle.send() done, defined at /usr/local/lib/python3.12/dist-packages/uvicorn/protocols/http/httptools_impl.py:473> exception=ConnectionResetError('Connection lost')>",
        TB,
        tb(
            PY312,
            ("+uvicorn/protocols/http/httptools_impl.py", 480, "send", "raise ClientDisconnected"),
            ("+uvicorn/protocols/http/flow_control.py", 21, "drain", "await self._is_writable_event.wait()"),
        ),
        "ConnectionResetError: Connection lost",
        serving(96),
    ),
)

# ----------------------------------------------------------------------------------- Exception ignored in __del__
case(
    "del_ignored_after_sigterm_healthy",
    "0.5.3",
    "sglang 0.5.3 tokenizer_manager.py SignalHandler.sigterm_handler (`SIGTERM received. {signum=} {frame=}. Draining requests and shutting down...`); managers/async_dynamic_batch_tokenizer.py __del__ (`self._executor.shutdown(wait=False)`); CPython `Exception ignored in:` + multiprocessing resource_tracker warning",
    "healthy",
    "an orchestrator's SIGTERM drains and exits; a __del__ at interpreter exit raises and Python ignores it: harmless shutdown noise",
    join(
        boot(2, until="ready"),
        ready(78),
        serving(85),
        f"{ts(300)} SIGTERM received. signum=15 frame=<frame at 0x7f2a4c1e8a40, file '/usr/lib/python3.12/selectors.py', line 468, code select>. Draining requests and shutting down...",
        f"{ts(302)} INFO:     Shutting down",
        f"{ts(302)} INFO:     Waiting for application shutdown.",
        f"{ts(302)} INFO:     Application shutdown complete.",
        f"{ts(302)} INFO:     Finished server process [4242]",
        "Exception ignored in: <function AsyncDynamicbatchTokenizer.__del__ at 0x7f29b8d4e480>",
        TB,
        tb(
            PY312,
            ("managers/async_dynamic_batch_tokenizer.py", 169, "__del__", "self._batcher_task.cancel()"),
            ("uvloop/loop.pyx", 1371, "uvloop.loop.Loop.call_soon", ""),
            ("uvloop/loop.pyx", 692, "uvloop.loop.Loop._check_closed", ""),
        ),
        "RuntimeError: Event loop is closed",
        "/usr/lib/python3.12/multiprocessing/resource_tracker.py:279: UserWarning: resource_tracker: There appear to be 1 leaked semaphore objects to clean up at shutdown",
        "  warnings.warn('resource_tracker: There appear to be %d '",
    ),
)
case(
    "del_ignored_after_capture_illegal_access",
    "0.4.6.post5",
    "sglang 0.4.6.post5 cuda_graph_runner.py capture (`Capture cuda graph failed:`), torch `CUDA error: an illegal memory access was encountered` text; CPython `Exception ignored in:` at exit",
    "cuda_error_other",
    "an illegal memory access while capturing (a kernel fault, not a memory shortage); the `Exception ignored in` __del__ at exit is aftermath",
    join(
        boot(8, until="graphs", v5=False, model="deepseek-ai/DeepSeek-V3", cls="DeepseekV3ForCausalLM"),
        hit(
            66,
            "TP0",
            PY310,
            CAP46[:9],
            "Exception: Capture cuda graph failed: CUDA error: an illegal memory access was encountered\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n\n"
            + GRAPH_FAIL_MSG,
        ),
        sigquit(66),
        "Exception ignored in: <function CustomAllreduce.__del__ at 0x7f9c2a3b7d00>",
        TB,
        tb(
            PY310,
            ("distributed/device_communicators/custom_all_reduce.py", 400, "__del__", "self.close()"),
            ("distributed/device_communicators/custom_all_reduce.py", 395, "close", "ops.dispose(self._ptr)"),
        ),
        "RuntimeError: CUDA error: an illegal memory access was encountered",
    ),
)


# ------------------------------------------------------------------------------------------------ uvloop tails
def uvloop_tail(second: int) -> str:
    return (
        f"{ts(second)} SIGQUIT received. signum=None, frame=None. It usually means one child failed.\n"
        f"{ts(second)} ERROR:    Traceback (most recent call last):\n"
        + tb(
            PY312,
            ("/usr/lib/python3.12/asyncio/runners.py", 195, "run", "return runner.run(main)"),
            ("/usr/lib/python3.12/asyncio/runners.py", 118, "run", "return self._loop.run_until_complete(task)"),
            ("uvloop/loop.pyx", 1512, "uvloop.loop.Loop.run_until_complete", ""),
            ("uvloop/loop.pyx", 1505, "uvloop.loop.Loop.run_until_complete", ""),
            ("uvloop/loop.pyx", 1379, "uvloop.loop.Loop.run_forever", ""),
            ("uvloop/loop.pyx", 557, "uvloop.loop.Loop._run", ""),
            ("uvloop/loop.pyx", 476, "uvloop.loop.Loop._on_idle", ""),
            ("uvloop/cbhandles.pyx", 83, "uvloop.loop.Handle._run", ""),
            ("uvloop/cbhandles.pyx", 61, "uvloop.loop.Handle._run", ""),
            ("managers/tokenizer_manager.py", 1874, "running_phase_sigquit_handler", "kill_process_tree(os.getpid())"),
            ("utils/common.py", 965, "kill_process_tree", "itself.kill()"),
        )
        + "\nKeyboardInterrupt\n\nDuring handling of the above exception, another exception occurred:\n\n"
        + TB
        + "\n"
        + tb(
            PY312,
            ("+starlette/routing.py", 701, "lifespan", "await receive()"),
            ("+uvicorn/lifespan/on.py", 137, "receive", "return await self.receive_queue.get()"),
            ("/usr/lib/python3.12/asyncio/queues.py", 158, "get", "await getter"),
        )
        + "\nasyncio.exceptions.CancelledError"
    )


OOM_RUN = "CUDA out of memory. Tried to allocate 2.31 GiB. GPU 0 has a total capacity of 79.19 GiB of which 1.12 GiB is free. Process 99102 has 78.06 GiB memory in use. Of the allocated memory 74.92 GiB is allocated by PyTorch, and 1.70 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
case(
    "uvloop_tail_after_runtime_oom",
    "0.5.3",
    "https://github.com/sgl-project/sglang/issues/11289 (SIGQUIT received ... then `ERROR:    Traceback` through uvloop/loop.pyx); sglang 0.5.3 tokenizer_manager.py:1870 running_phase_sigquit_handler",
    "oom_runtime",
    "served for minutes, then a long prefill OOMs in the logits; the uvloop KeyboardInterrupt/CancelledError pair is the tokenizer process being torn down",
    join(
        boot(4, until="ready"),
        ready(78),
        serving(85),
        f"{ts(200, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 8192, #cached-token: 0, token usage: 0.61, #running-req: 88, #queue-req: 41",
        hit(
            201,
            "TP0",
            PY312,
            LOOP53
            + (
                (
                    "layers/logits_processor.py",
                    380,
                    "forward",
                    "logits = self._get_logits(pruned_states, lm_head, logits_metadata)",
                ),
            ),
            f"torch.OutOfMemoryError: {OOM_RUN}",
        ),
        "",
        uvloop_tail(201),
    ),
)
case(
    "uvloop_tail_after_illegal_access",
    "0.5.3",
    "https://github.com/sgl-project/sglang/issues/11289 (uvloop tail shape); torch `CUDA error: an illegal memory access was encountered` + c10::Error abort text",
    "cuda_error_other",
    "a kernel fault in decode while serving; the c10 abort and the uvloop tail are aftermath",
    join(
        boot(8, until="ready", model="deepseek-ai/DeepSeek-V3.1", cls="DeepseekV3ForCausalLM"),
        ready(78),
        serving(85),
        hit(
            230,
            "TP3",
            PY312,
            LOOP53 + (("models/deepseek_v2.py", 1590, "forward", "hidden_states = self.model("),),
            "RuntimeError: CUDA error: an illegal memory access was encountered\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n",
        ),
        "terminate called after throwing an instance of 'c10::Error'",
        "  what():  CUDA error: an illegal memory access was encountered",
        "Exception raised from c10_cuda_check_implementation at /pytorch/c10/cuda/CUDAException.cpp:42 (most recent call first):",
        uvloop_tail(231),
    ),
)


# --------------------------------------------------------------- the launcher's EOFError after a dead scheduler
def eof_main(second: int, site: str, v5: bool) -> str:
    rp = RUNPY312 if v5 else RUNPY310
    line = 878 if v5 else 664
    return (
        f"{ts(second)} Rank 0 scheduler is dead. Please check if there are relevant logs.\n"
        f"{ts(second)} Exit code: -9\n"
        + TB
        + "\n"
        + tb(
            site,
            *rp,
            ("+sglang/launch_server.py", 14, "<module>", "launch_server(server_args)"),
            (
                "entrypoints/http_server.py",
                1237 if v5 else 706,
                "launch_server",
                "tokenizer_manager, template_manager, scheduler_info = _launch_subprocesses("
                if v5
                else "tokenizer_manager, scheduler_info = _launch_subprocesses(server_args=server_args)",
            ),
            ("entrypoints/engine.py", line, "_launch_subprocesses", "data = scheduler_pipe_readers[i].recv()"),
            (
                f"/usr/lib/python3.{12 if v5 else 10}/multiprocessing/connection.py",
                250,
                "recv",
                "buf = self._recv_bytes()",
            ),
            (
                f"/usr/lib/python3.{12 if v5 else 10}/multiprocessing/connection.py",
                430 if v5 else 414,
                "_recv_bytes",
                "buf = self._recv(4)",
            ),
            (
                f"/usr/lib/python3.{12 if v5 else 10}/multiprocessing/connection.py",
                399 if v5 else 383,
                "_recv",
                "raise EOFError",
            ),
        )
        + "\nEOFError"
    )


WLOAD46 = INIT46 + (
    ("model_executor/model_runner.py", 198, "initialize", "self.load_model()"),
    ("model_executor/model_runner.py", 452, "load_model", "self.model = get_model("),
    ("model_loader/__init__.py", 22, "get_model", "return loader.load_model("),
    ("model_loader/loader.py", 379, "load_model", "model = _initialize_model("),
    ("model_loader/loader.py", 150, "_initialize_model", "return model_class("),
    ("models/llama.py", 410, "__init__", "self.model = LlamaModel(config, quant_config=quant_config)"),
    ("layers/linear.py", 752, "__init__", "super().__init__("),
    ("+torch/utils/_device.py", 104, "__torch_function__", "return func(*args, **kwargs)"),
)
case(
    "eof_after_weights_oom",
    "0.4.6.post5",
    "sglang 0.4.6.post5 entrypoints/engine.py:664-671 (`Rank {i} scheduler is dead...`, `Exit code:`, re-raised EOFError), scheduler.py:2328",
    "oom_weights",
    "Llama-3.1-70B at TP 1 on an 80 GB card: OOM building layers; the launcher's EOFError and exit-code lines are aftermath",
    join(
        sargs(0, "meta-llama/Llama-3.1-70B-Instruct", tp_size=1),
        f"{ts(4)} Init torch distributed begin.",
        f"{ts(6)} Load weight begin. avail mem=78.52 GB",
        hit(
            30,
            None,
            PY310,
            WLOAD46,
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 448.00 MiB. GPU 0 has a total capacity of 79.19 GiB of which 301.25 MiB is free. Process 70123 has 78.88 GiB memory in use. Of the allocated memory 78.27 GiB is allocated by PyTorch, and 16.31 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
        ),
        sigquit(30),
        eof_main(30, PY310, v5=False),
    ),
)
case(
    "eof_after_kv_pool_not_enough",
    "0.5.3",
    "sglang 0.5.3 model_executor/model_runner.py:1495-1499 (`Not enough memory. Please try to increase --mem-fraction-static. Current value: {self.server_args.mem_fraction_static=}`), engine.py:878-887",
    "oom_kv_cache",
    "the pool gets <= 0 tokens at fraction 0.55; the launcher's EOFError tail is aftermath; fix = higher fraction",
    join(
        sargs(0, "Qwen/Qwen2.5-72B-Instruct", tp_size=2, mem_fraction_static=0.55),
        f"{ts(4, 'TP0')} Init torch distributed begin.",
        f"{ts(6, 'TP0')} Init torch distributed ends. mem usage=0.61 GB",
        f"{ts(7, 'TP0')} Load weight begin. avail mem=78.31 GB",
        f"{ts(50, 'TP0')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=10.12 GB, mem usage=68.19 GB.",
        hit(
            50,
            "TP0",
            PY312,
            INIT53
            + (
                ("model_executor/model_runner.py", 432, "initialize", "self.init_memory_pool("),
                ("model_executor/model_runner.py", 1496, "init_memory_pool", "raise RuntimeError("),
            ),
            "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: self.server_args.mem_fraction_static=0.55",
        ),
        sigquit(50),
        eof_main(50, PY312, v5=True).replace("Exit code: -9", "Exit code: 0"),
    ),
)

# ---------------------------------------------------------------------------------- more causes inside the shapes
case(
    "moe_workspace_oom_then_spawn_header",
    "0.5.3",
    "sglang 0.5.3 layers/moe/token_dispatcher deepep.py (DeepEP `Buffer(` in the scheduler's init), scheduler.py:2889; the spawned detokenizer's `Process SpawnProcess-2:` KeyboardInterrupt when the launcher tears the tree down",
    "oom_moe_workspace",
    "DeepEP's NVSHMEM/normal buffer allocation OOMs at init with --moe-a2a-backend deepep; the detokenizer's SpawnProcess header afterwards is teardown",
    join(
        boot(8, until="pool", model="deepseek-ai/DeepSeek-V3-0324", cls="DeepseekV3ForCausalLM"),
        hit(
            52,
            "TP0",
            PY312,
            INIT53
            + (
                ("model_executor/model_runner.py", 447, "initialize", "self.init_attention_backend()"),
                ("layers/moe/token_dispatcher/deepep.py", 120, "get_deepep_buffer", "cls._buffer = Buffer("),
                (
                    "+deep_ep/buffer.py",
                    88,
                    "__init__",
                    "self.runtime = deep_ep_cpp.Buffer(self.rank, self.group_size, num_nvl_bytes, num_rdma_bytes, low_latency_mode, explicitly_destroy)",
                ),
            ),
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.07 GiB. GPU 0 has a total capacity of 79.19 GiB of which 1.91 GiB is free. Process 3311 has 77.27 GiB memory in use. Of the allocated memory 71.88 GiB is allocated by PyTorch, and 2.04 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
        ),
        sigquit(52),
        spawn_child_kbi(
            "SpawnProcess-10",
            PY312,
            (
                ("managers/detokenizer_manager.py", 296, "run_detokenizer_process", "manager.event_loop()"),
                (
                    "managers/detokenizer_manager.py",
                    117,
                    "event_loop",
                    "recv_obj = self.recv_from_scheduler.recv_pyobj()",
                ),
            ),
        ),
    ),
)
case(
    "tcpstore_timeout_direct_cause",
    "0.5.3",
    "torch 2.8 distributed/rendezvous.py `_create_c10d_store` DistNetworkError text; sglang 0.5.3 model_runner.py init_torch_distributed -> parallel_state.init_distributed_environment",
    "nccl_or_distributed",
    "node 1 cannot reach node 0's dist-init address: TCPStore client times out, re-raised as a DistStoreError (direct cause) inside the scheduler",
    join(
        sargs(0, "deepseek-ai/DeepSeek-V3-0324", tp_size=16, nnodes=2, node_rank=1, dist_init_addr="10.0.0.5:5000"),
        f"{ts(12, 'TP8')} Init torch distributed begin.",
        f"{ts(612, 'TP8')} Scheduler hit an exception: {TB}\n"
        + tb(PY312, ("+torch/distributed/rendezvous.py", 189, "_create_c10d_store", "return TCPStore("))
        + "\ntorch.distributed.DistNetworkError: The client socket has timed out after 600000ms while trying to connect to (10.0.0.5, 5000).\n\nThe above exception was the direct cause of the following exception:\n\n"
        + TB
        + "\n"
        + tb(
            PY312,
            *INIT53[:3],
            ("model_executor/model_runner.py", 285, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
            ("model_executor/model_runner.py", 652, "init_torch_distributed", "init_distributed_environment("),
            (
                "distributed/parallel_state.py",
                1404,
                "init_distributed_environment",
                "torch.distributed.init_process_group(",
            ),
            ("+torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
            (
                "+torch/distributed/distributed_c10d.py",
                1710,
                "init_process_group",
                "store, rank, world_size = next(rendezvous_iterator)",
            ),
            ("+torch/distributed/rendezvous.py", 274, "_env_rendezvous_handler", "store = _create_c10d_store("),
        )
        + "\ntorch.distributed.DistStoreError: Timed out after 601 seconds waiting for clients. 8/16 clients joined.",
        sigquit(612),
    ),
)
case(
    "port_in_use_uvicorn_sysexit",
    "0.5.3",
    'uvicorn server.py startup (`[Errno 98] error while attempting to bind on address ...: address already in use`, then sys.exit(1)); sglang 0.5.3 http_server.py uvicorn.run(..., loop="uvloop")',
    "port_in_use",
    "everything loaded, then uvicorn cannot bind :30000 (an old server still holds it) and exits 1",
    join(
        boot(2, until="ready"),
        f"{ts(78)} INFO:     Started server process [4242]",
        f"{ts(78)} INFO:     Waiting for application startup.",
        f"{ts(78)} INFO:     Application startup complete.",
        f"{ts(78)} ERROR:    [Errno 98] error while attempting to bind on address ('0.0.0.0', 30000): address already in use",
        f"{ts(78)} INFO:     Waiting for application shutdown.",
        f"{ts(78)} INFO:     Application shutdown complete.",
    ),
)


# ------------------------------------------------------------------------------------------------------ tests
XFAIL: dict[str, str] = {"ctrlc_during_weight_load": "unknown"}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_pyexc_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    assert classify_text(t.log).label == t.label, t.why


EVENT_XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_pyexc_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    fired = [e for line in CASES[name].log.splitlines() for e in clf.feed(line) if e.kind == "failure"]
    assert not fired, fired


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35

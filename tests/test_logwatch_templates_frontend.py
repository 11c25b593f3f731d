"""SGLang started from Python rather than the CLI (a helper, blind): `sgl.Runtime(...)`, `sgl.Engine(...)` in a script or
a Jupyter notebook, the frontend language (`@sgl.function`, `RuntimeEndpoint`, `set_default_backend`) talking to a
server, offline batch `engine.generate`, and `if __name__ == "__main__"` forgotten under spawn (0.4.0-0.5.5).

What these logs look like, and why they are their own family: `Runtime` and `Engine` default to `log_level="error"`, so
there are no start-up lines at all, only the child's `Scheduler hit an exception:` (or a `Process Process-1:` /
multiprocessing-spawn traceback) and then the USER's traceback ending in the launcher's own words ("Initialization
failed. Please see the error messages above.", `EOFError` after "Rank 0 scheduler is dead", or nothing but the shell's
`Killed` when the sigquit handler kills the user's own process). In notebooks the output is IPython's traceback format
(`Cell In[3], line 4`, `----> 4 ...`) mixed with the user's prints and tqdm bars; with the frontend language the
client's traceback (urllib, `Error in stream_executor`) follows the server's log.

Sources: the sglang wheels 0.4.0, 0.4.3.post2, 0.4.6.post5, 0.5.2, 0.5.5 (file:line under sglang/ given per case:
`api.py` / `lang/api.py` Runtime/Engine, `srt/server.py` 0.4.0 Runtime/Engine, `lang/backend/runtime_endpoint.py`
Runtime, `srt/entrypoints/engine.py` `_launch_subprocesses`/`_set_envs_and_config`, the scheduler/worker/model-runner
call paths, `lang/interpreter.py`); CPython 3.11's multiprocessing/urllib (spawn.py `_check_not_importing_main`,
connection.py `_recv`); transformers 4.51.3 utils/hub.py (the not-a-valid-model-identifier and gated-repo OSErrors);
the threads sgl-project/sglang#5647 (Engine without a main guard, 0.4.5.post2), #2193 / PR #7341 (Runtime's warmup
502 through an http proxy). Torch / NCCL / vLLM internals' line numbers are approximate; their messages are theirs.

Labelling policy (decided before the classifier ran): label by what happened to the SGLang runtime/engine and where
start-up was, not by the user's wrapper. The Runtime/Engine's own "Initialization failed" / EOFError / Killed is only
the messenger: the label is the child's exception above it. A forgotten `__main__` guard under spawn (the child
re-imports the script and refuses to start a process) is `config_error`: the fix is in how SGLang is launched, no
resource remedy applies. A warmup request failing through an http proxy is `config_error` (environment: no_proxy), by
remedy. A host-RAM OOM kill (exit code -9) during weight loading is `oom_weights`. The engine up and the user's own code
failing afterwards (KeyError on a program state, an event loop already running in Jupyter, JSON parsing of the output,
a client connecting before the server was up) is `healthy`, as is retraction.

First sight: 23/26 (3 misses, strict xfails below, all healthy contrasts read as config_error by `unnamed.exception`:
the user's own traceback after the engine/runtime served (a KeyError raised through sglang/lang/interpreter.py's
ProgramState, "This event loop is already running" from Engine.generate in Jupyter, a JSONDecodeError after batch
lines). Healthy contrasts 5: none fired a failure event line by line (EVENT_XFAIL empty); the two others
(retraction, a client connecting before the server was up) end healthy.
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
ENV = "/home/user/miniconda3/envs/sglang/lib/python3.11"  # a conda env, python 3.11 (as in sglang#5647)
SITE = f"{ENV}/site-packages"


def tb(*stack: tuple[str, int, str, str]) -> str:
    """Python's frames. A path is under `{SITE}/sglang/srt/` unless it starts with `/` or `<` (absolute), `+`
    (another package in site-packages: `+torch/...`), `=` (under sglang/ itself: `=api.py`) or `@` (the stdlib)."""
    out = []
    for path, line, func, code in stack:
        if path.startswith(("/", "<")):
            full = path
        elif path.startswith("+"):
            full = f"{SITE}/{path[1:]}"
        elif path.startswith("="):
            full = f"{SITE}/sglang/{path[1:]}"
        elif path.startswith("@"):
            full = f"{ENV}/{path[1:]}"
        else:
            full = f"{SITE}/sglang/srt/{path}"
        out.append(f'  File "{full}", line {line}, in {func}' + (f"\n    {code}" if code else ""))
    return "\n".join(out)


def at(day: str, clock: str, rank: str | None = None) -> str:
    return f"[{day} {clock}{' ' + rank if rank else ''}]"


def shards(n: int, rate: str = "1.21") -> list[str]:
    """The weight loader's tqdm bar (printed whatever the log level)."""
    return [f"Loading safetensors checkpoint shards:   0% Completed | 0/{n} [00:00<?, ?it/s]"] + [
        f"Loading safetensors checkpoint shards: {100 * i // n:3d}% Completed | {i}/{n} [00:0{i}<00:00,  {rate}it/s]"
        for i in range(1, n + 1)
    ]


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


OOM = (
    "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {alloc}. GPU 0 has a total capacity of {cap} of which "
    "{free} is free. Including non-PyTorch memory, this process has {used} memory in use. Of the allocated memory {torch} "
    "is allocated by PyTorch, and 187.34 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is "
    "large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for "
    "Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
)


def oom(alloc: str, cap: str, free: str, used: str, torch: str) -> str:
    return OOM.format(alloc=alloc, cap=cap, free=free, used=used, torch=torch)


KILLED = "Killed"  # bash's line when the sigquit handler SIGKILLs the user's own python process

# -- 0.4.0: sglang/srt/server.py holds Runtime and Engine; the scheduler path
S040_INIT = (
    (
        "managers/scheduler.py",
        1489,
        "run_scheduler_process",
        "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, dp_rank)",
    ),
    ("managers/scheduler.py", 194, "__init__", "self.tp_worker = TpWorkerClass("),
    (
        "managers/tp_worker_overlap_thread.py",
        61,
        "__init__",
        "self.worker = TpModelWorker(server_args, gpu_id, tp_rank, dp_rank, nccl_port)",
    ),
    ("managers/tp_worker.py", 62, "__init__", "self.model_runner = ModelRunner("),
)
RT040 = (
    ("=api.py", 41, "Runtime", "return Runtime(*args, **kwargs)"),
    ("server.py", 934, "__init__", "raise RuntimeError("),
)
INIT_FAILED = "RuntimeError: Initialization failed. Please see the error messages above."

# -- 0.4.6.post5: sglang/srt/entrypoints/engine.py
S046_WORKER = (
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
S046_DIST = S046_WORKER + (
    ("model_executor/model_runner.py", 224, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
)
ENG046 = (
    ("=api.py", 45, "Engine", "return Engine(*args, **kwargs)"),
    ("entrypoints/engine.py", 126, "__init__", "tokenizer_manager, scheduler_info = _launch_subprocesses("),
)

# -- 0.5.2
S052_WORKER = (
    ("managers/scheduler.py", 2587, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 329, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 71, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 93, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 250, "__init__", "self.initialize(min_per_gpu_memory)"),
)
S052_LOOP = (
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
)
ENG052 = (
    ("=lang/api.py", 46, "Engine", "return Engine(*args, **kwargs)"),
    (
        "entrypoints/engine.py",
        127,
        "__init__",
        "tokenizer_manager, template_manager, scheduler_info = _launch_subprocesses(",
    ),
)
SIGQUIT_ERR = "Received sigquit from a child process. It usually means the child failed."

# -- the EOFError the launcher re-raises after "Rank i scheduler is dead" (0.4.6+): multiprocessing.connection
RECV_EOF = (
    ("@multiprocessing/connection.py", 249, "recv", "buf = self._recv_bytes()"),
    ("@multiprocessing/connection.py", 413, "_recv_bytes", "buf = self._recv(4)"),
    ("@multiprocessing/connection.py", 382, "_recv", "raise EOFError"),
)


def spawn_child(script: str, line: int, code: str, inner: tuple) -> str:
    """A spawned child re-running the user's script as __mp_main__ (no main guard) and refusing to start a process:
    CPython 3.11 spawn.py, as sglang#5647 pastes it."""
    return join(
        TB,
        tb(
            ("<string>", 1, "<module>", ""),
            ("@multiprocessing/spawn.py", 120, "spawn_main", "exitcode = _main(fd, parent_sentinel)"),
            ("@multiprocessing/spawn.py", 129, "_main", "prepare(preparation_data)"),
            ("@multiprocessing/spawn.py", 240, "prepare", "_fixup_main_from_path(data['init_main_from_path'])"),
            ("@multiprocessing/spawn.py", 291, "_fixup_main_from_path", "main_content = runpy.run_path(main_path,"),
            ("<frozen runpy>", 291, "run_path", ""),
            ("<frozen runpy>", 98, "_run_module_code", ""),
            ("<frozen runpy>", 88, "_run_code", ""),
            (script, line, "<module>", code),
            *inner,
            ("@multiprocessing/process.py", 121, "start", "self._popen = self._Popen(self)"),
            ("@multiprocessing/context.py", 288, "_Popen", "return Popen(process_obj)"),
            ("@multiprocessing/popen_spawn_posix.py", 32, "__init__", "super().__init__(process_obj)"),
            ("@multiprocessing/popen_fork.py", 19, "__init__", "self._launch(process_obj)"),
            (
                "@multiprocessing/popen_spawn_posix.py",
                42,
                "_launch",
                "prep_data = spawn.get_preparation_data(process_obj._name)",
            ),
            ("@multiprocessing/spawn.py", 158, "get_preparation_data", "_check_not_importing_main()"),
            ("@multiprocessing/spawn.py", 138, "_check_not_importing_main", "raise RuntimeError('''"),
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
    )


# ============================================================================ sgl.Runtime (frontend's own launcher)
D1 = "2024-12-10"
case(
    "runtime_040_script_not_enough_memory",
    "0.4.0",
    "srt/model_executor/model_runner.py:501 (Not enough memory); srt/managers/scheduler.py:1499; srt/server.py:934 (Runtime)",
    "oom_kv_cache",
    "Runtime at its default log_level=error: the only SGLang line is the scheduler's KV-pool shortfall; the Runtime's 'Initialization failed' is the messenger",
    join(
        "$ python frontend_demo.py",
        shards(4),
        f"{at(D1, '09:14:41', 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            *S040_INIT,
            ("model_executor/model_runner.py", 165, "__init__", "self.init_memory_pool("),
            ("model_executor/model_runner.py", 501, "init_memory_pool", "raise RuntimeError("),
        ),
        "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static.",
        "",
        TB,
        tb(
            (
                "/home/user/frontend_demo.py",
                12,
                "<module>",
                'runtime = sgl.Runtime(model_path="meta-llama/Llama-3.1-8B-Instruct", mem_fraction_static=0.3)',
            ),
            *RT040,
        ),
        INIT_FAILED,
    ),
)

case(
    "runtime_040_jupyter_weights_oom",
    "0.4.0",
    "srt/model_loader/loader.py:357 (_initialize_model); srt/server.py:934 (Runtime); IPython 8 traceback format",
    "oom_weights",
    "a 70B model built on one 80 GB GPU inside a notebook: the CUDA OOM is in _initialize_model during load_model, before any KV pool",
    join(
        "Loading Llama-3.1-70B on GPU 0 ...",
        f"{at(D1, '10:02:17', 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            *S040_INIT,
            ("model_executor/model_runner.py", 152, "__init__", "self.load_model()"),
            ("model_executor/model_runner.py", 246, "load_model", "self.model = get_model("),
            ("model_loader/__init__.py", 22, "get_model", "return loader.load_model("),
            ("model_loader/loader.py", 357, "load_model", "model = _initialize_model("),
            ("model_loader/loader.py", 138, "_initialize_model", "return model_class("),
            ("models/llama.py", 308, "__init__", "self.model = LlamaModel(config, quant_config=quant_config)"),
            ("models/llama.py", 264, "__init__", "self.layers = make_layers("),
            (
                "+vllm/model_executor/models/utils.py",
                522,
                "make_layers",
                "[PPMissingLayer() for _ in range(start_layer)] + [",
            ),
            ("+torch/utils/_device.py", 106, "__torch_function__", "return func(*args, **kwargs)"),
        ),
        oom("448.00 MiB", "79.10 GiB", "301.56 MiB", "78.79 GiB", "78.12 GiB"),
        "",
        "---------------------------------------------------------------------------",
        "RuntimeError                              Traceback (most recent call last)",
        "Cell In[3], line 4",
        "      1 import sglang as sgl",
        '      2 print("Loading Llama-3.1-70B on GPU 0 ...")',
        '----> 4 runtime = sgl.Runtime(model_path="meta-llama/Llama-3.1-70B-Instruct")',
        "      5 sgl.set_default_backend(runtime)",
        "",
        f"File {SITE}/sglang/api.py:41, in Runtime(*args, **kwargs)",
        "     38 # Avoid importing unnecessary dependency",
        "     39 from sglang.srt.server import Runtime",
        "---> 41 return Runtime(*args, **kwargs)",
        "",
        f"File {SITE}/sglang/srt/server.py:934, in Runtime.__init__(self, log_level, *args, **kwargs)",
        '    932 if init_state != "ready":',
        "    933     self.shutdown()",
        "--> 934     raise RuntimeError(",
        '    935         "Initialization failed. Please see the error messages above."',
        "    936     )",
        "",
        INIT_FAILED,
    ),
)

case(
    "runtime_0432_model_path_typo",
    "0.4.3.post2",
    "lang/backend/runtime_endpoint.py:392; srt/entrypoints/http_server.py:491; srt/entrypoints/engine.py:439; transformers 4.51.3 utils/hub.py:455",
    "config_error",
    "a model id with a typo: the Runtime's forked launch_server child dies building the TokenizerManager's ModelConfig (multiprocessing prints 'Process Process-1:')",
    join(
        "Process Process-1:",
        TB,
        tb(
            ("@multiprocessing/process.py", 314, "_bootstrap", "self.run()"),
            ("@multiprocessing/process.py", 108, "run", "self._target(*self._args, **self._kwargs)"),
            (
                "entrypoints/http_server.py",
                491,
                "launch_server",
                "tokenizer_manager, scheduler_info = _launch_subprocesses(server_args=server_args)",
            ),
            (
                "entrypoints/engine.py",
                439,
                "_launch_subprocesses",
                "tokenizer_manager = TokenizerManager(server_args, port_args)",
            ),
            ("managers/tokenizer_manager.py", 134, "__init__", "self.model_config = ModelConfig("),
            ("configs/model_config.py", 53, "__init__", "self.hf_config = get_config("),
            ("hf_transformers_utils.py", 66, "get_config", "config = AutoConfig.from_pretrained("),
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
            ("+transformers/utils/hub.py", 456, "cached_files", "raise OSError("),
        ),
        "OSError: Qwen/Qwen2.5-7B-Instruc is not a local folder and is not a valid model identifier listed on 'https://huggingface.co/models'",
        "If this is a private repository, make sure to pass a token having permission to this repo either by logging in with `huggingface-cli login` or by passing `token=<your_token>`",
        TB,
        tb(
            (
                "/home/user/sgl_frontend/qa.py",
                30,
                "<module>",
                'runtime = sgl.Runtime(model_path="Qwen/Qwen2.5-7B-Instruc", tp_size=1)',
            ),
            ("=api.py", 38, "Runtime", "return Runtime(*args, **kwargs)"),
            ("=lang/backend/runtime_endpoint.py", 392, "__init__", "raise RuntimeError("),
        ),
        INIT_FAILED,
    ),
)

case(
    "runtime_040_warmup_502_proxy",
    "0.4.0",
    "srt/server.py:621 (_wait_and_warmup assert), :631 (Initialization failed. warmup error); sglang#2193, PR #7341 (http_proxy makes the warmup 502)",
    "config_error",
    "the server came up but the launcher's own warmup GET went through the user's http_proxy and got 502, so it killed itself: the remedy is the environment (no_proxy), by remedy config",
    join(
        "$ export http_proxy=http://10.12.0.5:3128 https_proxy=http://10.12.0.5:3128",
        "$ python run_frontend.py",
        shards(1, "3.28"),
        "",
        f"{at(D1, '14:25:58')} Initialization failed. warmup error: {TB}",
        tb(("server.py", 621, "_wait_and_warmup", 'assert res.status_code == 200, f"{res=}, {res.text=}"')),
        "AssertionError: res=<Response [502]>, res.text=''",
        "",
        TB,
        tb(
            (
                "/home/user/run_frontend.py",
                8,
                "<module>",
                'runtime = sgl.Runtime(model_path="Qwen/Qwen2.5-0.5B-Instruct")',
            ),
            *RT040,
        ),
        INIT_FAILED,
    ),
)

D5 = "2025-09-20"
case(
    "runtime_052_jupyter_cuda_graph_oom",
    "0.5.2",
    "srt/model_executor/cuda_graph_runner.py:391, :861 (CUDA_GRAPH_CAPTURE_FAILED_MSG); srt/entrypoints/engine.py:697 (launch_phase_sigquit_handler); lang/backend/runtime_endpoint.py:413",
    "oom_cuda_graph",
    "Runtime in a notebook on a 24 GB card with mem_fraction_static=0.9: CUDA OOM inside CUDA graph capture",
    join(
        "Starting runtime (this takes a minute) ...",
        shards(4, "2.05"),
        f"{at(D5, '14:03:11')} Scheduler hit an exception: {TB}",
        tb(
            *S052_WORKER,
            ("model_executor/model_runner.py", 386, "initialize", "self.init_device_graphs()"),
            (
                "model_executor/model_runner.py",
                1761,
                "init_device_graphs",
                "self.graph_runner = graph_runners[self.device](self)",
            ),
            ("model_executor/cuda_graph_runner.py", 391, "__init__", "raise Exception("),
        ),
        "Exception: Capture cuda graph failed: "
        + oom("20.00 MiB", "23.55 GiB", "9.06 MiB", "23.53 GiB", "22.71 GiB").removeprefix("torch.OutOfMemoryError: "),
        "Possible solutions:",
        "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)",
        "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)",
        "3. disable torch compile by not using --enable-torch-compile",
        "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)",
        "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose ",
        "",
        f"{at(D5, '14:03:11')} {SIGQUIT_ERR}",
        "---------------------------------------------------------------------------",
        "RuntimeError                              Traceback (most recent call last)",
        "Cell In[2], line 3",
        '      1 print("Starting runtime (this takes a minute) ...")',
        '----> 3 runtime = sgl.Runtime(model_path="Qwen/Qwen2.5-7B-Instruct", mem_fraction_static=0.9)',
        "",
        f"File {SITE}/sglang/lang/api.py:39, in Runtime(*args, **kwargs)",
        "---> 39 return Runtime(*args, **kwargs)",
        "",
        f"File {SITE}/sglang/lang/backend/runtime_endpoint.py:413, in Runtime.__init__(self, log_level, *args, **kwargs)",
        '    411 if init_state != "ready":',
        "    412     self.shutdown()",
        "--> 413     raise RuntimeError(",
        '    414         "Initialization failed. Please see the error messages above."',
        "    415     )",
        "",
        INIT_FAILED,
    ),
)

# ============================================================================ the frontend language against a server
D4 = "2025-06-03"
case(
    "frontend_endpoint_server_oom_mid_run_batch",
    "0.4.6.post5",
    "srt/managers/tp_worker_overlap_thread.py:121 (TpModelWorkerClient hit an exception); srt/entrypoints/engine.py:529; lang/interpreter.py:409 (Error in stream_executor); sglang/utils.py:140",
    "oom_runtime",
    "the server served for minutes, then a long-prompt run_batch drove a forward pass into CUDA OOM; the frontend's urllib RemoteDisconnected is the client side of it",
    join(
        f'{at(D4, "16:20:01")} INFO:     127.0.0.1:51234 - "POST /generate HTTP/1.1" 200 OK',
        f"{at(D4, '16:20:01')} Prefill batch. #new-seq: 32, #new-token: 8192, #cached-token: 20480, token usage: 0.61, #running-req: 96, #queue-req: 160",
        f"{at(D4, '16:20:02')} Decode batch. #running-req: 128, #token: 201544, token usage: 0.74, cuda graph: False, gen throughput (token/s): 3012.55, #queue-req: 160",
        f"{at(D4, '16:20:03')} TpModelWorkerClient hit an exception: {TB}",
        tb(
            ("managers/tp_worker_overlap_thread.py", 118, "forward_thread_func", "self.forward_thread_func_()"),
            ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
            (
                "managers/tp_worker_overlap_thread.py",
                151,
                "forward_thread_func_",
                "self.worker.forward_batch_generation(",
            ),
            (
                "managers/tp_worker.py",
                202,
                "forward_batch_generation",
                "logits_output, can_run_cuda_graph = self.model_runner.forward(",
            ),
            (
                "model_executor/model_runner.py",
                1172,
                "forward",
                "output = self._forward_raw(forward_batch, skip_attn_backend_init)",
            ),
            ("model_executor/model_runner.py", 1201, "_forward_raw", "ret = self.forward_extend("),
            ("model_executor/model_runner.py", 1140, "forward_extend", "return self.model.forward("),
            ("models/llama.py", 457, "forward", "hidden_states = self.model("),
        ),
        oom("3.56 GiB", "79.10 GiB", "1.12 GiB", "77.96 GiB", "76.80 GiB"),
        "",
        f"{at(D4, '16:20:03')} {SIGQUIT_ERR}",
        KILLED,
        "",
        "--- client (python qa_batch.py) ---",
        f"{SITE}/sglang/lang/interpreter.py:409: UserWarning: Error in stream_executor: {TB}",
        tb(
            ("=lang/interpreter.py", 407, "_thread_worker_func", "self._execute(expr)"),
            ("=lang/interpreter.py", 445, "_execute", "self._execute_gen(other)"),
            ("=lang/interpreter.py", 571, "_execute_gen", "comp, meta_info = self.backend.generate("),
            ("=lang/backend/runtime_endpoint.py", 169, "generate", "res = http_request("),
            ("=utils.py", 140, "http_request", "resp = urllib.request.urlopen(req, data=data, cafile=verify)"),
            ("@urllib/request.py", 216, "urlopen", "return opener.open(url, data, timeout)"),
            ("@urllib/request.py", 519, "open", "response = self._open(req, data)"),
            ("@urllib/request.py", 1352, "do_open", "r = h.getresponse()"),
            ("@http/client.py", 1374, "getresponse", "response.begin()"),
            ("@http/client.py", 318, "begin", "version, status, reason = self._read_status()"),
            ("@http/client.py", 287, "_read_status", 'raise RemoteDisconnected("Remote end closed connection without"'),
        ),
        "http.client.RemoteDisconnected: Remote end closed connection without response",
        "",
        '  warnings.warn(f"Error in stream_executor: {get_exception_traceback()}")',
    ),
)

case(
    "frontend_runtime_user_keyerror",
    "0.4.6.post5",
    "lang/interpreter.py:332 (get_var), :952 (ProgramState.__getitem__)",
    "healthy",
    "the Runtime started and answered; the user's program reads a variable name its sgl.gen never set: the user's own error",
    join(
        "$ python multi_turn.py",
        shards(4, "2.91"),
        "Q: What is the capital of France?",
        "A: The capital of France is Paris.",
        TB,
        tb(
            ("/home/user/multi_turn.py", 27, "<module>", 'print(state["answer_2"])'),
            ("=lang/interpreter.py", 953, "__getitem__", "return self.get_var(name)"),
            ("=lang/interpreter.py", 938, "get_var", "return self.stream_executor.get_var(name)"),
            ("=lang/interpreter.py", 332, "get_var", "return self.variables[name]"),
        ),
        "KeyError: 'answer_2'",
    ),
)

case(
    "frontend_server_retract_during_run_batch",
    "0.4.0",
    "srt/managers/scheduler.py:930 (Decode out of memory happened), :700 / :729 (batch lines)",
    "healthy",
    "a 512-state run_batch fills the KV pool; the scheduler retracts requests and goes on decoding: pressure, not failure",
    join(
        f"{at(D1, '18:40:12', 'TP0')} Prefill batch. #new-seq: 64, #new-token: 16384, #cached-token: 30208, cache hit rate: 64.82%, token usage: 0.88, #running-req: 448, #queue-req: 0",
        f"{at(D1, '18:40:14', 'TP0')} Decode batch. #running-req: 512, #token: 431024, token usage: 0.99, gen throughput (token/s): 6120.44, #queue-req: 0",
        f"{at(D1, '18:40:15', 'TP0')} Decode out of memory happened. #retracted_reqs: 7, #new_token_ratio: 0.4321 -> 0.8934",
        f"{at(D1, '18:40:16', 'TP0')} Prefill batch. #new-seq: 7, #new-token: 3584, #cached-token: 896, cache hit rate: 63.90%, token usage: 0.97, #running-req: 505, #queue-req: 0",
        f"{at(D1, '18:40:18', 'TP0')} Decode batch. #running-req: 512, #token: 420311, token usage: 0.97, gen throughput (token/s): 5892.10, #queue-req: 0",
        f"{at(D1, '18:40:30', 'TP0')} Decode batch. #running-req: 96, #token: 78012, token usage: 0.18, gen throughput (token/s): 3301.27, #queue-req: 0",
        "--- client (python run_batch_eval.py) ---",
        "100%|██████████| 512/512 [00:41<00:00, 12.41it/s]",
        "Accuracy: 0.812, latency: 41.3 s",
    ),
)

case(
    "frontend_endpoint_before_server_up",
    "0.5.2",
    "sglang/utils.py:407 (launch_server_cmd), :439-457 (wait_for_server's NOTE); lang/backend/runtime_endpoint.py:40 (RuntimeEndpoint.__init__ GET /get_model_info)",
    "healthy",
    "the notebook built RuntimeEndpoint before the server it launched was listening (urllib Connection refused); the server then came up and the next cell ran",
    join(
        "---------------------------------------------------------------------------",
        "ConnectionRefusedError                    Traceback (most recent call last)",
        "...",
        "URLError: <urlopen error [Errno 111] Connection refused>",
        "---------------------------------------------------------------------------",
        "Cell In[2], line 4",
        "      1 from sglang import RuntimeEndpoint, set_default_backend",
        '----> 4 set_default_backend(RuntimeEndpoint(f"http://localhost:{port}"))',
        "",
        f"File {SITE}/sglang/lang/backend/runtime_endpoint.py:40, in RuntimeEndpoint.__init__(self, base_url, api_key, verify, chat_template_name)",
        "---> 40 res = http_request(",
        "",
        "URLError: <urlopen error [Errno 111] Connection refused>",
        f"{at(D5, '09:11:40')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=63.81 GB, mem usage=14.91 GB.",
        f"{at(D5, '09:11:41')} KV Cache is allocated. #tokens: 1016042, K size: 27.13 GB, V size: 27.13 GB",
        f"{at(D5, '09:11:41')} Memory pool end. avail mem=8.98 GB",
        f"{at(D5, '09:11:50')} max_total_num_tokens=1016042, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=32768, available_gpu_mem=8.21 GB",
        f"{at(D5, '09:11:51')} INFO:     Started server process [20417]",
        f"{at(D5, '09:11:51')} INFO:     Waiting for application startup.",
        f"{at(D5, '09:11:51')} INFO:     Application startup complete.",
        f"{at(D5, '09:11:51')} INFO:     Uvicorn running on http://0.0.0.0:31785 (Press CTRL+C to quit)",
        at(D5, "09:11:52") + ' INFO:     127.0.0.1:40914 - "GET /get_model_info HTTP/1.1" 200 OK',
        f"{at(D5, '09:11:53')} The server is fired up and ready to roll!",
        "",
        "",
        "                    NOTE: Typically, the server runs in a separate terminal.",
        "                    In this notebook, we run the server and notebook code together, so their outputs are combined.",
    ),
)

# ============================================================================ sgl.Engine in scripts / notebooks
D3 = "2025-04-22"
MAIN_PY = "/home/user/default/sglang_profile/main.py"
ENGINE_CALL = 'llm = sgl.Engine(model_path="qwen/qwen2.5-0.5b-instruct")'
case(
    "engine_046_no_main_guard_spawn",
    "0.4.6.post5",
    "srt/entrypoints/engine.py:536 (mp.set_start_method spawn), :603 (proc.start), :664-670 (Rank 0 scheduler is dead, Exit code, raise); sglang#5647; CPython 3.11 multiprocessing/spawn.py:138",
    "config_error",
    "sgl.Engine at a script's top level under spawn: each child re-runs the script and refuses to start a process; the fix is the main guard (how SGLang is launched), no resource remedy",
    join(
        "$ python main.py",
        spawn_child(
            MAIN_PY, 28, ENGINE_CALL, ENG046 + (("entrypoints/engine.py", 603, "_launch_subprocesses", "proc.start()"),)
        ),
        spawn_child(
            MAIN_PY, 28, ENGINE_CALL, ENG046 + (("entrypoints/engine.py", 603, "_launch_subprocesses", "proc.start()"),)
        ),
        f"{at(D3, '10:12:40')} Rank 0 scheduler is dead. Please check if there are relevant logs.",
        f"{at(D3, '10:12:40')} Exit code: 1",
        TB,
        tb(
            (MAIN_PY, 28, "<module>", ENGINE_CALL),
            *ENG046,
            ("entrypoints/engine.py", 664, "_launch_subprocesses", "data = scheduler_pipe_readers[i].recv()"),
            *RECV_EOF,
        ),
        "EOFError",
    ),
)

case(
    "engine_052_no_main_guard_tp2",
    "0.5.2",
    "srt/entrypoints/engine.py:791 (proc.start), :852-859 (Rank 0 scheduler is dead, raise); CPython 3.11 multiprocessing/spawn.py:138",
    "config_error",
    "same mistake at tp_size=2: two schedulers and the detokenizer each re-import the script; the launcher only sees EOF on rank 0's pipe",
    join(
        "$ python offline_batch.py",
        spawn_child(
            "/home/user/offline_batch.py",
            11,
            'llm = sgl.Engine(model_path="meta-llama/Llama-3.1-8B-Instruct", tp_size=2)',
            ENG052 + (("entrypoints/engine.py", 791, "_launch_subprocesses", "proc.start()"),),
        ),
        spawn_child(
            "/home/user/offline_batch.py",
            11,
            'llm = sgl.Engine(model_path="meta-llama/Llama-3.1-8B-Instruct", tp_size=2)',
            ENG052 + (("entrypoints/engine.py", 791, "_launch_subprocesses", "proc.start()"),),
        ),
        f"{at(D5, '08:30:19')} Rank 0 scheduler is dead. Please check if there are relevant logs.",
        f"{at(D5, '08:30:19')} Exit code: 1",
        TB,
        tb(
            (
                "/home/user/offline_batch.py",
                11,
                "<module>",
                'llm = sgl.Engine(model_path="meta-llama/Llama-3.1-8B-Instruct", tp_size=2)',
            ),
            *ENG052,
            ("entrypoints/engine.py", 852, "_launch_subprocesses", "data = scheduler_pipe_readers[i].recv()"),
            *RECV_EOF,
        ),
        "EOFError",
    ),
)

case(
    "engine_046_unexpected_kwarg",
    "0.4.6.post5",
    "srt/entrypoints/engine.py:116 (server_args = ServerArgs(**kwargs))",
    "config_error",
    "a misspelt argument (mem_fraction for mem_fraction_static): the dataclass refuses it in the user's own process before anything launches",
    join(
        "$ python offline_batch.py",
        TB,
        tb(
            (
                "/home/user/offline_batch.py",
                9,
                "<module>",
                'llm = sgl.Engine(model_path="Qwen/Qwen2.5-7B-Instruct", mem_fraction=0.7)',
            ),
            ("=api.py", 45, "Engine", "return Engine(*args, **kwargs)"),
            ("entrypoints/engine.py", 116, "__init__", "server_args = ServerArgs(**kwargs)"),
        ),
        "TypeError: ServerArgs.__init__() got an unexpected keyword argument 'mem_fraction'",
    ),
)

case(
    "engine_052_gated_repo",
    "0.5.2",
    "srt/server_args.py:535 (model_specific_adjustments), :2240 (get_hf_config); transformers 4.51.3 utils/hub.py:481 (gated repo OSError)",
    "config_error",
    "a gated model id without a token: ServerArgs.__post_init__ fetches the HF config in the user's process and transformers refuses",
    join(
        TB,
        tb(
            ("+huggingface_hub/utils/_http.py", 409, "hf_raise_for_status", "response.raise_for_status()"),
            ("+requests/models.py", 1024, "raise_for_status", "raise HTTPError(http_error_msg, response=self)"),
        ),
        "requests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: https://huggingface.co/meta-llama/Llama-3.1-8B-Instruct/resolve/main/config.json",
        "",
        "The above exception was the direct cause of the following exception:",
        "",
        TB,
        "  ...",
        "huggingface_hub.errors.GatedRepoError: 401 Client Error. (Request ID: Root=1-68ce7a31-3b0f1e2a5c6d7e8f90a1b2c3;4d5e6f70-8192-4a3b-9c8d-7e6f5a4b3c2d)",
        "",
        "Cannot access gated repo for url https://huggingface.co/meta-llama/Llama-3.1-8B-Instruct/resolve/main/config.json.",
        "Access to model meta-llama/Llama-3.1-8B-Instruct is restricted. You must have access to it and be authenticated to access it. Please log in.",
        "",
        "The above exception was the direct cause of the following exception:",
        "",
        TB,
        tb(
            ("/home/user/gen.py", 6, "<module>", 'llm = sgl.Engine(model_path="meta-llama/Llama-3.1-8B-Instruct")'),
            ("=lang/api.py", 46, "Engine", "return Engine(*args, **kwargs)"),
            ("entrypoints/engine.py", 117, "__init__", "server_args = ServerArgs(**kwargs)"),
            ("<string>", 246, "__init__", ""),
            ("server_args.py", 535, "__post_init__", "self.model_specific_adjustments()"),
            ("server_args.py", 2439, "model_specific_adjustments", "hf_config = self.get_hf_config()"),
            ("server_args.py", 2240, "get_hf_config", "hf_config = get_config("),
            ("hf_transformers_utils.py", 141, "get_config", "config = AutoConfig.from_pretrained("),
            (
                "+transformers/models/auto/configuration_auto.py",
                1114,
                "from_pretrained",
                "config_dict, unused_kwargs = PretrainedConfig.get_config_dict(pretrained_model_name_or_path, **kwargs)",
            ),
            ("+transformers/utils/hub.py", 481, "cached_files", "raise OSError("),
        ),
        "OSError: You are trying to access a gated repo.",
        "Make sure to have access to it at https://huggingface.co/meta-llama/Llama-3.1-8B-Instruct.",
        "401 Client Error. (Request ID: Root=1-68ce7a31-3b0f1e2a5c6d7e8f90a1b2c3;4d5e6f70-8192-4a3b-9c8d-7e6f5a4b3c2d)",
        "",
        "Cannot access gated repo for url https://huggingface.co/meta-llama/Llama-3.1-8B-Instruct/resolve/main/config.json.",
        "Access to model meta-llama/Llama-3.1-8B-Instruct is restricted. You must have access to it and be authenticated to access it. Please log in.",
    ),
)

case(
    "engine_052_context_length_too_long",
    "0.5.2",
    "srt/configs/model_config.py:182-193 (User-specified context_length ... raise ValueError); srt/entrypoints/engine.py:711 (TokenizerManager in the user's process)",
    "config_error",
    "context_length=131072 for a 32k model: the TokenizerManager in the user's own process raises the ValueError while the scheduler is still importing",
    join(
        TB,
        tb(
            (
                "/home/user/longdoc_summarize.py",
                14,
                "<module>",
                'llm = sgl.Engine(model_path="Qwen/Qwen2.5-7B-Instruct", context_length=131072)',
            ),
            *ENG052,
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
            (
                "managers/tokenizer_manager.py",
                160,
                "__init__",
                "self.model_config = ModelConfig.from_server_args(server_args)",
            ),
            ("configs/model_config.py", 314, "from_server_args", "return ModelConfig("),
            ("configs/model_config.py", 192, "__init__", "raise ValueError("),
        ),
        "ValueError: Warning: User-specified context_length (131072) is greater than the derived context_length (32768). This may lead to incorrect model outputs or CUDA errors. Note that the derived context_length may differ from max_position_embeddings in the model's config. To allow overriding this maximum, set the env var SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN=1",
    ),
)

case(
    "engine_052_info_not_enough_memory_killed",
    "0.5.2",
    "srt/model_executor/model_runner.py:1317 (Not enough memory); :783 (Load weight end); srt/entrypoints/engine.py:697 (sigquit handler -> kill_process_tree of the user's process)",
    "oom_kv_cache",
    "Engine(log_level='info', mem_fraction_static=0.3) on a 24 GB card: the weights fit, the KV pool gets nothing; the handler then SIGKILLs the script",
    join(
        "$ python offline_batch.py",
        f"{at(D5, '11:02:09')} Using default HuggingFace chat template with detected content format: string",
        f"{at(D5, '11:02:14')} Attention backend not explicitly specified. Use flashinfer backend by default.",
        f"{at(D5, '11:02:14')} Init torch distributed begin.",
        f"{at(D5, '11:02:15')} Init torch distributed ends. mem usage=0.00 GB",
        f"{at(D5, '11:02:15')} Load weight begin. avail mem=23.16 GB",
        shards(4, "1.87"),
        f"{at(D5, '11:02:24')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=8.78 GB, mem usage=14.38 GB.",
        f"{at(D5, '11:02:24')} Scheduler hit an exception: {TB}",
        tb(
            *S052_WORKER,
            ("model_executor/model_runner.py", 378, "initialize", "self.init_memory_pool("),
            ("model_executor/model_runner.py", 1317, "init_memory_pool", "raise RuntimeError("),
        ),
        "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static.",
        "",
        f"{at(D5, '11:02:24')} {SIGQUIT_ERR}",
        KILLED,
    ),
)

case(
    "engine_046_tp2_nccl_shm",
    "0.4.6.post5",
    "srt/distributed/device_communicators/pynccl.py:109, pynccl_wrapper.py:329 (NCCL error: ...); NCCL 2.21 misc/shmutils.cc WARN lines",
    "nccl_or_distributed",
    "Engine(tp_size=2) in a container with the default 64 MB /dev/shm: NCCL cannot create its shared-memory segment while the TP group's pynccl communicator initialises",
    join(
        "$ docker run --gpus all sglang-batch:latest python batch_infer.py",
        "7f3c2a9b1d04:118:118 [0] misc/shmutils.cc:72 NCCL WARN Error: failed to extend /dev/shm/nccl-mX0Hn2 to 9637892 bytes",
        "7f3c2a9b1d04:118:118 [0] misc/shmutils.cc:113 NCCL WARN Error while creating shared memory segment /dev/shm/nccl-mX0Hn2 (size 9637888)",
        "7f3c2a9b1d04:119:119 [1] misc/shmutils.cc:72 NCCL WARN Error: failed to extend /dev/shm/nccl-mX0Hn2 to 9637892 bytes",
        f"{at(D4, '07:45:31', 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            *S046_DIST,
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
        ),
        "RuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)",
        "",
        f"{at(D4, '07:45:31')} {SIGQUIT_ERR}",
        KILLED,
    ),
)

case(
    "engine_052_generate_illegal_memory_access",
    "0.5.2",
    "srt/managers/tp_worker_overlap_thread.py:144 (TpModelWorkerClient hit an exception); srt/managers/tokenizer_manager.py:1698 (running_phase_sigquit_handler)",
    "cuda_error_other",
    "offline engine.generate on a batch, well after the engine was up: an illegal memory access in the forward pass",
    join(
        f"{at(D5, '13:20:05')} Prefill batch. #new-seq: 48, #new-token: 6144, #cached-token: 0, token usage: 0.01, #running-req: 0, #queue-req: 208, ",
        f"{at(D5, '13:20:06')} Prefill batch. #new-seq: 64, #new-token: 8192, #cached-token: 0, token usage: 0.02, #running-req: 48, #queue-req: 144, ",
        f"{at(D5, '13:20:06')} TpModelWorkerClient hit an exception: {TB}",
        tb(*S052_LOOP, ("models/qwen2.py", 476, "forward", "hidden_states = self.model(")),
        "torch.AcceleratorError: CUDA error: an illegal memory access was encountered",
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
        "",
        "",
        f"{at(D5, '13:20:06')} {SIGQUIT_ERR}",
        KILLED,
    ),
)

case(
    "engine_052_generate_oom_runtime",
    "0.5.2",
    "srt/managers/tp_worker_overlap_thread.py:144; srt/managers/tokenizer_manager.py:1698",
    "oom_runtime",
    "the engine was serving the user's batch (prefill lines) when a large prefill with chunked prefill disabled ran out of CUDA memory in the forward pass",
    join(
        "Generating 2000 summaries ...",
        f"{at(D5, '15:41:10')} Prefill batch. #new-seq: 3, #new-token: 61440, #cached-token: 0, token usage: 0.11, #running-req: 61, #queue-req: 1936, ",
        f"{at(D5, '15:41:12')} Decode batch. #running-req: 64, #token: 119850, token usage: 0.22, cuda graph: True, gen throughput (token/s): 2310.42, #queue-req: 1936, ",
        f"{at(D5, '15:41:13')} Prefill batch. #new-seq: 4, #new-token: 98304, #cached-token: 0, token usage: 0.23, #running-req: 64, #queue-req: 1932, ",
        f"{at(D5, '15:41:13')} TpModelWorkerClient hit an exception: {TB}",
        tb(*S052_LOOP, ("models/qwen2.py", 493, "forward", "return self.logits_processor(")),
        oom("4.64 GiB", "79.19 GiB", "2.31 GiB", "76.87 GiB", "73.02 GiB"),
        "",
        f"{at(D5, '15:41:13')} {SIGQUIT_ERR}",
        KILLED,
    ),
)

case(
    "engine_046_jupyter_event_loop_running",
    "0.4.6.post5",
    "srt/entrypoints/engine.py:192 (asyncio.get_event_loop), :207 (loop.run_until_complete)",
    "healthy",
    "the engine came up in a notebook; the synchronous generate() calls run_until_complete on ipykernel's running loop: the user's usage error (nest_asyncio / async_generate), the engine is fine",
    join(
        "Engine ready in 41.2 s",
        "---------------------------------------------------------------------------",
        "RuntimeError                              Traceback (most recent call last)",
        "Cell In[5], line 2",
        '      1 prompts = ["Hello, my name is", "The capital of France is"]',
        '----> 2 outputs = llm.generate(prompts, {"temperature": 0.8, "max_new_tokens": 64})',
        "",
        f"File {SITE}/sglang/srt/entrypoints/engine.py:207, in Engine.generate(self, prompt, sampling_params, input_ids, image_data, return_logprob, logprob_start_len, top_logprobs_num, token_ids_logprob, lora_path, custom_logit_processor, return_hidden_states, stream, bootstrap_host, bootstrap_port, bootstrap_room)",
        "    206 else:",
        "--> 207     ret = loop.run_until_complete(generator.__anext__())",
        "    208     return ret",
        "",
        "File /usr/lib/python3.11/asyncio/base_events.py:629, in BaseEventLoop.run_until_complete(self, future)",
        "--> 629 self._check_running()",
        "",
        "File /usr/lib/python3.11/asyncio/base_events.py:588, in BaseEventLoop._check_running(self)",
        "--> 588     raise RuntimeError('This event loop is already running')",
        "",
        "RuntimeError: This event loop is already running",
        f"{ENV}/site-packages/ipykernel/kernelbase.py:0: RuntimeWarning: coroutine 'TokenizerManager.generate_request' was never awaited",
    ),
)

case(
    "engine_052_user_json_error_after_generate",
    "0.5.2",
    "srt/managers/scheduler_metrics_mixin.py:114 / :199 (batch lines, trailing ', ')",
    "healthy",
    "the engine served the whole batch; the user's script fails parsing a model output as JSON: the user's own error",
    join(
        f"{at(D5, '17:05:02')} Prefill batch. #new-seq: 128, #new-token: 9214, #cached-token: 14720, token usage: 0.02, #running-req: 0, #queue-req: 0, ",
        f"{at(D5, '17:05:03')} Decode batch. #running-req: 128, #token: 31208, token usage: 0.03, cuda graph: True, gen throughput (token/s): 7821.14, #queue-req: 0, ",
        f"{at(D5, '17:05:06')} Decode batch. #running-req: 41, #token: 17730, token usage: 0.02, cuda graph: True, gen throughput (token/s): 5410.96, #queue-req: 0, ",
        "Got 128 outputs in 4.9 s",
        TB,
        tb(
            ("/home/user/extract_fields.py", 44, "<module>", 'records = [json.loads(o["text"]) for o in outputs]'),
            ("/home/user/extract_fields.py", 44, "<listcomp>", 'records = [json.loads(o["text"]) for o in outputs]'),
            ("/usr/lib/python3.11/json/__init__.py", 346, "loads", "return _default_decoder.decode(s)"),
            ("/usr/lib/python3.11/json/decoder.py", 337, "decode", "obj, end = self.raw_decode(s, idx=_w(s, 0).end())"),
            (
                "/usr/lib/python3.11/json/decoder.py",
                355,
                "raw_decode",
                'raise JSONDecodeError("Expecting value", s, err.value) from None',
            ),
        ),
        "json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)",
    ),
)

case(
    "engine_052_jupyter_rerun_weights_oom",
    "0.5.2",
    "srt/model_executor/model_runner.py:698 (Load weight begin), :735 (get_model); srt/entrypoints/engine.py:697",
    "oom_weights",
    "the cell creating the Engine re-run while the first engine still holds 0.88 of the GPU: 9 GB left, a 15 GB model OOMs while loading weights",
    join(
        f"{at(D5, '10:31:02')} Init torch distributed begin.",
        f"{at(D5, '10:31:02')} Init torch distributed ends. mem usage=0.00 GB",
        f"{at(D5, '10:31:03')} Load weight begin. avail mem=9.12 GB",
        "Loading safetensors checkpoint shards:   0% Completed | 0/4 [00:00<?, ?it/s]",
        "Loading safetensors checkpoint shards:  25% Completed | 1/4 [00:01<00:04,  1.52s/it]",
        "Loading safetensors checkpoint shards:  50% Completed | 2/4 [00:02<00:02,  1.40s/it]",
        f"{at(D5, '10:31:06')} Scheduler hit an exception: {TB}",
        tb(
            *S052_WORKER,
            ("model_executor/model_runner.py", 296, "initialize", "self.load_model()"),
            ("model_executor/model_runner.py", 735, "load_model", "self.model = get_model("),
            ("model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
            ("model_loader/loader.py", 482, "load_model", "self.load_weights_and_postprocess("),
            ("model_loader/loader.py", 490, "load_weights_and_postprocess", "model.load_weights(weights)"),
            ("models/qwen2.py", 607, "load_weights", "weight_loader(param, loaded_weight, shard_id)"),
        ),
        oom("260.00 MiB", "79.19 GiB", "141.56 MiB", "8.87 GiB", "8.31 GiB"),
        "",
        f"{at(D5, '10:31:06')} {SIGQUIT_ERR}",
    ),
)

case(
    "engine_040_cuda_graph_oom_killed",
    "0.4.0",
    "srt/model_executor/cuda_graph_runner.py:195 (Capture cuda graph failed, 0.4.0's Possible solutions); srt/server.py:691 (Engine, log_level=error), :600 (sigquit_handler, silent)",
    "oom_cuda_graph",
    "0.4.0 Engine in a script: CUDA graph capture OOM; 0.4.0's sigquit handler kills the user's process without a word",
    join(
        "$ python offline.py",
        shards(2, "1.66"),
        f"{at(D1, '21:13:44', 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            *S040_INIT,
            ("model_executor/model_runner.py", 173, "__init__", "self.init_cuda_graphs()"),
            (
                "model_executor/model_runner.py",
                624,
                "init_cuda_graphs",
                "self.cuda_graph_runner = CudaGraphRunner(self)",
            ),
            ("model_executor/cuda_graph_runner.py", 195, "__init__", "raise Exception("),
        ),
        "Exception: Capture cuda graph failed: "
        + oom("64.00 MiB", "23.65 GiB", "31.06 MiB", "23.61 GiB", "22.98 GiB").removeprefix("torch.OutOfMemoryError: "),
        "Possible solutions:",
        "1. disable cuda graph by --disable-cuda-graph",
        "2. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)",
        "3. disable torch compile by not using --enable-torch-compile",
        "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose ",
        "",
        KILLED,
    ),
)

case(
    "engine_046_concurrent_engines_eaddrinuse",
    "0.4.6.post5",
    "srt/server_args.py:1507 (nccl_port = port + randint(100, 1000), checked then bound later); srt/distributed/parallel_state.py:1073; torch 2.6 TCPStore",
    "port_in_use",
    "two batch scripts start an Engine at the same moment on two GPUs and draw the same nccl_port; the second's TCPStore cannot bind it",
    join(
        "$ CUDA_VISIBLE_DEVICES=1 python shard_b.py",
        f"{at(D4, '12:00:09')} Scheduler hit an exception: {TB}",
        tb(
            *S046_DIST,
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
                1710,
                "init_process_group",
                "store, rank, world_size = next(rendezvous_iterator)",
            ),
            ("+torch/distributed/rendezvous.py", 278, "_tcp_rendezvous_handler", "store = _create_c10d_store("),
            ("+torch/distributed/rendezvous.py", 198, "_create_c10d_store", "return TCPStore("),
        ),
        "torch.distributed.DistNetworkError: The server socket has failed to listen on any local network address. port: 30583, useIpv6: false, code: -98, name: EADDRINUSE, message: address already in use",
        "",
        f"{at(D4, '12:00:09')} {SIGQUIT_ERR}",
        KILLED,
    ),
)

case(
    "engine_052_tp2_rank1_weights_oom",
    "0.5.2",
    "srt/model_executor/model_runner.py:792-799 (monitored_barrier; TP rank could finish the model loading, but ...)",
    "oom_weights",
    "tp_size=2 where GPU 1 is partly taken: TP1 OOMs loading its shard, TP0's barrier then reports the other rank; the deciding event is TP1's OOM",
    join(
        f"{at(D5, '19:20:40', 'TP0')} Load weight begin. avail mem=78.50 GB",
        f"{at(D5, '19:20:40', 'TP1')} Load weight begin. avail mem=21.07 GB",
        shards(8, "1.02"),
        f"{at(D5, '19:20:57', 'TP1')} Scheduler hit an exception: {TB}",
        tb(
            *S052_WORKER,
            ("model_executor/model_runner.py", 296, "initialize", "self.load_model()"),
            ("model_executor/model_runner.py", 735, "load_model", "self.model = get_model("),
            ("model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
            ("model_loader/loader.py", 482, "load_model", "self.load_weights_and_postprocess("),
            ("model_loader/loader.py", 490, "load_weights_and_postprocess", "model.load_weights(weights)"),
            ("models/qwen2.py", 607, "load_weights", "weight_loader(param, loaded_weight, shard_id)"),
        ),
        oom("1.16 GiB", "79.19 GiB", "598.12 MiB", "20.47 GiB", "19.91 GiB"),
        "",
        f"{at(D5, '19:20:58', 'TP0')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=47.22 GB, mem usage=31.28 GB.",
        "[W923 19:20:58.114025103 ProcessGroupGloo.cpp:2911] Warning: Unable to resolve hostname to a (local) address. Using the loopback address as fallback. (function operator())",
        f"{at(D5, '19:20:58', 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            *S052_WORKER,
            ("model_executor/model_runner.py", 296, "initialize", "self.load_model()"),
            ("model_executor/model_runner.py", 798, "load_model", "raise ValueError("),
        ),
        "ValueError: TP rank 0 could finish the model loading, but there are other ranks that didn't finish loading. It is likely due to unexpected failures (e.g., OOM) or a slow node.",
        "",
        f"{at(D5, '19:20:58')} {SIGQUIT_ERR}",
        KILLED,
    ),
)

case(
    "engine_055_fp8_on_v100",
    "0.5.5",
    "srt/model_loader/loader.py:200 (The quantization method ... is not supported for the current GPU); layers/quantization/fp8.py:169 (min capability 80); srt/managers/scheduler.py:2846",
    "config_error",
    "quantization='fp8' on a V100 (sm70): the loader refuses the method for this GPU generation",
    join(
        f"{at('2025-11-12', '08:14:55')} Scheduler hit an exception: {TB}",
        tb(
            ("managers/scheduler.py", 2802, "run_scheduler_process", "scheduler = Scheduler("),
            ("managers/scheduler.py", 311, "__init__", "self.tp_worker = TpModelWorker("),
            ("managers/tp_worker.py", 237, "__init__", "self._model_runner = ModelRunner("),
            ("model_executor/model_runner.py", 322, "__init__", "self.initialize(min_per_gpu_memory)"),
            ("model_executor/model_runner.py", 398, "initialize", "self.load_model()"),
            ("model_executor/model_runner.py", 752, "load_model", "self.model = get_model("),
            ("model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
            ("model_loader/loader.py", 594, "load_model", "model = _initialize_model("),
            ("model_loader/loader.py", 247, "_initialize_model", "quant_config = _get_quantization_config("),
            ("model_loader/loader.py", 200, "_get_quantization_config", "raise ValueError("),
        ),
        "ValueError: The quantization method fp8 is not supported for the current GPU. Minimum capability: 80. Current capability: 70.",
        "",
        f"{at('2025-11-12', '08:14:55')} {SIGQUIT_ERR}",
        KILLED,
    ),
)

case(
    "engine_046_jupyter_host_oom_sigkill",
    "0.4.6.post5",
    "srt/entrypoints/engine.py:664-670 (Rank 0 scheduler is dead ... Exit code, raise); :502 (Load weight begin)",
    "oom_weights",
    "a notebook VM with 32 GB RAM loading a 32B checkpoint: the kernel OOM killer SIGKILLs the scheduler mid-load (exit code -9); by remedy the model does not fit as configured",
    join(
        f"{at(D4, '11:48:20')} Init torch distributed begin.",
        f"{at(D4, '11:48:21')} Init torch distributed ends. mem usage=0.00 GB",
        f"{at(D4, '11:48:21')} Load weight begin. avail mem=78.66 GB",
        "Loading safetensors checkpoint shards:   0% Completed | 0/17 [00:00<?, ?it/s]",
        "Loading safetensors checkpoint shards:  18% Completed | 3/17 [00:41<03:12, 13.75s/it]",
        f"{at(D4, '11:49:09')} Rank 0 scheduler is dead. Please check if there are relevant logs.",
        f"{at(D4, '11:49:10')} Exit code: -9",
        "---------------------------------------------------------------------------",
        "EOFError                                  Traceback (most recent call last)",
        "Cell In[4], line 1",
        '----> 1 llm = sgl.Engine(model_path="Qwen/Qwen2.5-32B-Instruct", log_level="info")',
        "",
        f"File {SITE}/sglang/srt/entrypoints/engine.py:664, in _launch_subprocesses(server_args, port_args)",
        "    662 for i in range(len(scheduler_pipe_readers)):",
        "    663     try:",
        "--> 664         data = scheduler_pipe_readers[i].recv()",
        "    665     except EOFError:",
        "",
        f"File {ENV}/multiprocessing/connection.py:382, in Connection._recv(self, size, read)",
        "    380 if n == 0:",
        "    381     if remaining == size:",
        "--> 382         raise EOFError",
        "",
        "EOFError: ",
    ),
)


# ------------------------------------------------------------------------------------------------------ tests
# Misses at first sight (one run, before any change), with the label the classifier gave then.
XFAIL: dict[str, str] = {
    "engine_046_jupyter_event_loop_running": "config_error",
    "engine_052_user_json_error_after_generate": "config_error",
    "frontend_runtime_user_keyerror": "config_error",
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_frontend_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


# Healthy templates that fire a failure event on the way (what a live supervisor acts on), with the event's label.
EVENT_XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_frontend_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35

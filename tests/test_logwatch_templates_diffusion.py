"""SGLang's diffusion runtime (`sglang.multimodal_gen`: `sglang serve` / `sglang generate` for Qwen-Image, FLUX, Wan,
HunyuanVideo), as 0.5.5 .. 0.5.9 print it (a helper, blind).

Its logs are not the LLM server's: the diffusion logger prints `[MM-DD HH:MM:SS] message` (no rank tag; warnings and
errors wrapped in ANSI yellow / red by its ColoredFormatter when the raw stdout is captured, plain in pastes), uvicorn
prints `[YYYY-MM-DD HH:MM:SS] INFO:     ...`, each GPU worker is a `multiprocessing.Process` named
`sglang-diffusionWorker-N` whose death prints `Process sglang-diffusionWorker-0:` and a bare traceback, and the launcher
then logs `Rank 0 scheduler is dead. Please check if there are relevant logs.`, `Exit code: N` and an `EOFError`
traceback. There is no "fired up and ready to roll" line: the workers' `Scheduler loop started.`, `Starting FastAPI
server.` and uvicorn's `Uvicorn running on ...` are the ready point of `sglang serve`; for `sglang generate` (no HTTP)
the ready point is the workers' loop starting. A request that fails while serving (OOM while denoising or decoding, a
CUDA fault) does not kill the server: `GPUWorker.execute_forward` logs `Error executing request ...` with the traceback
and, for an OOM, the `OOM detected. Possible solutions:` block, and the HTTP request gets a 500. Ports are "settled"
(moved +42 until free) at argument parsing, so a port that is taken fails only late (uvicorn binds after minutes of
loading) or after 100 tries; the scheduler's ZMQ socket retries 10 times.

Cases: OOM loading the DiT (customized loader, then the native fallback), the VAE, the text encoder; a worker SIGKILLed
(-9) while loading the DiT; OOM while denoising a video at a resolution, while VAE-decoding, in `sglang generate`, in
the `--warmup` request; the HTTP port taken during loading, torch.distributed's master port, the ZMQ scheduler port,
port settling exhausted; unsupported models (a pipeline class not registered under `--backend sglang`, an LLM passed to
`sglang generate`, a `--pipeline-class-name` not in the registry, 0.5.6's `No model info found`), a model path that does
not exist, parallelism / offload argument checks; NCCL (pynccl's communicator init among the workers, an Ulysses
all-to-all watchdog timeout while serving, rank 1's TCPStore after rank 0 segfaulted); a CUDA illegal memory access
while denoising. Four healthy contrasts that look alarming and serve: the ZMQ port retry, `Port 30000 was unavailable,
using port 30042 instead`, the customized transformer failing with a traceback and the native one serving, a pipeline
with no native support falling back to the diffusers backend.

Sources: the wheels of sglang 0.5.5, 0.5.6.post1 and 0.5.9 (`sglang/multimodal_gen/...` file:line given per case; the
call paths read there; a few torch / multiprocessing / diffusers line numbers are approximate), torch's own messages
(OutOfMemoryError, DistNetworkError, the NCCL watchdog, the illegal-address error), uvicorn's bind error, and public
threads for the shapes: sgl-project/sglang#17413 (a Wan start-up), #17874 (`Process` traceback, uvicorn health lines),
#15235 and gpustack/gpustack#3848 (`Rank 0 scheduler is dead`, `Exit code: -9` while loading FLUX), gpustack#3383
(rank 1's TCPStore recvValue on 2x RTX 4090), #16219 (FLUX.2 at 2048x2048 OOM), #16074 (OOM at VAE decode after
denoising), #17070 (OOM in the customized transformer, then `falling back to native version`), #17318 / #17346 (the
`Loading ... avail mem` lines), vipshop/cache-dit#761 (ALLTOALL_BASE watchdog timeout in a Ulysses group).

Labelling policy (by /work/shared/corpus/README.md, decided before the classifier ran): the phases map as for LLM
serving. An OOM while the pipeline's components load (DiT, VAE, text encoder), before the workers report ready, is
`oom_weights` (the components do not fit: the remedy is an offload flag or more GPUs), including a worker SIGKILLed with
exit code -9 while the DiT loads (the OS OOM killer, the weights do not fit host memory). An OOM while denoising or
decoding a request after the server is up, including the `--warmup` request that runs after uvicorn is up, is
`oom_runtime` (remedy: resolution / frames / SP / offload, not the load). A port taken (HTTP, ZMQ, torch.distributed's
master port) or no free port found is `port_in_use`. A model the runtime does not support, a missing model path, a
parallelism / offload combination it refuses is `config_error`. NCCL / TCPStore failures among the workers are
`nccl_or_distributed`; a CUDA fault while denoising is `cuda_error_other`.

First sight: 27/29 (2 misses, strict xfails below, both `unknown`: the worker SIGKILLed (`Exit code: -9`) while the
FLUX DiT loads, whose only evidence is the launcher's `Rank 0 scheduler is dead` / `Exit code: -9` / `EOFError` after the
DiT-loading lines (label unsure, see its `why`); and rank 1's TCPStore `recvValue failed ... Did the remote server
shutdown or crash?` after rank 0 died with exit code -11. All four healthy contrasts end `healthy` and fire no failure
event.)
"""

# ruff: noqa: E501, RUF005  (log lines are data; call paths are built by extending a shared prefix)

from __future__ import annotations

import json
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
PY = "/usr/local/lib/python3.12/dist-packages"
MG = f"{PY}/sglang/multimodal_gen/runtime"
RED, YEL, RST = "\x1b[91m", "\x1b[93m", "\x1b[0;0m"  # logging_utils.ColoredFormatter


def d(second: int) -> str:
    """The diffusion logger's prefix (`configure_logger`: `[%(asctime)s] %(message)s`, datefmt `%m-%d %H:%M:%S`)."""
    return f"[03-02 10:{second // 60:02d}:{second % 60:02d}]"


def u(second: int) -> str:
    """uvicorn's prefix as `set_uvicorn_logging_configs` sets it (`%Y-%m-%d %H:%M:%S`)."""
    return f"[2026-03-02 10:{second // 60:02d}:{second % 60:02d}]"


def err(second: int, msg: str, color: bool) -> str:
    return f"{RED}{d(second)} {msg}{RST}" if color else f"{d(second)} {msg}"


def warn(second: int, msg: str, color: bool) -> str:
    return f"{YEL}{d(second)} {msg}{RST}" if color else f"{d(second)} {msg}"


def tb(*stack: tuple[str, int, str, str]) -> str:
    """Python's frames: `@x` is under sglang/multimodal_gen/runtime/, `+x` under site-packages, else absolute."""
    out = []
    for path, line, func, code in stack:
        if path.startswith("@"):
            full = f"{MG}/{path[1:]}"
        elif path.startswith("+"):
            full = f"{PY}/{path[1:]}"
        else:
            full = path
        out.append(f'  File "{full}", line {line}, in {func}' + (f"\n    {code}" if code else ""))
    return "\n".join(out)


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


def oom(tried: str, total: str, free: str, in_use: str, by_torch: str, reserved: str) -> str:
    return (
        f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {tried}. GPU 0 has a total capacity of {total} "
        f"of which {free} is free. Including non-PyTorch memory, this process has {in_use} memory in use. Of the "
        f"allocated memory {by_torch} is allocated by PyTorch, and {reserved} is reserved by PyTorch but unallocated. "
        "If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to "
        "avoid fragmentation.  See documentation for Memory Management  "
        "(https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
    )


# gpu_worker.py:427 (0.5.9): logged as a warning after an OOM, at load or while serving
OOM_MSG = [
    "",
    "OOM detected. Possible solutions:",
    "  - If the OOM occurs during loading:",
    "    1. Enable CPU offload for memory-intensive components, or use `--dit-layerwise-offload` for DiT",
    "  - If the OOM occurs during runtime:",
    "    1. Enable SP and/or TP (in a multi-GPU setup)",
    "    2. Reduce the number of output tokens by lowering resolution or decreasing `--num-frames`",
    "    3. Opt for a sparse-attention backend",
    "    4. Enable FSDP by `--use-fsdp-inference` (in a multi-GPU setup)",
    "    5. Enable quantization (e.g. nunchaku)",
    "  Or, open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose",
    "",
]


def oom_msg(second: int, color: bool) -> list[str]:
    lines = [f"{d(second)} " + OOM_MSG[0]] + OOM_MSG[1:]
    if color:
        lines[0] = YEL + lines[0]
        lines[-1] = lines[-1] + RST
    return lines


def server_args(second: int, model: str, **kw: object) -> str:
    """0.5.9's `server_args: {json}` line (server_args.py:613), the fields #17413 prints, cut where pastes cut it."""
    fields: dict[str, object] = {
        "model_path": model,
        "backend": "auto",
        "attention_backend": None,
        "nccl_port": None,
        "trust_remote_code": False,
        "num_gpus": 1,
        "tp_size": 1,
        "sp_degree": 1,
        "ulysses_degree": 1,
        "ring_degree": 1,
        "dp_size": 1,
        "enable_cfg_parallel": False,
        "dist_timeout": None,
        "dit_cpu_offload": True,
        "dit_layerwise_offload": False,
        "text_encoder_cpu_offload": True,
        "image_encoder_cpu_offload": True,
        "vae_cpu_offload": True,
        "use_fsdp_inference": False,
        "pin_cpu_memory": True,
        "warmup": False,
        "warmup_resolutions": None,
        "master_port": 30071,
        "host": "0.0.0.0",
        "port": 30000,
        "scheduler_port": 5609,
    }
    fields.update(kw)

    body = ", ".join(f'"{k}": {json.dumps(v)}' for k, v in fields.items())
    return f'{d(second)} server_args: {{{body}, "log_level": "info"}}'


# -- the call paths (0.5.9 line numbers, read in the wheel)
MP = (
    ("/usr/lib/python3.12/multiprocessing/process.py", 314, "_bootstrap", "self.run()"),
    ("/usr/lib/python3.12/multiprocessing/process.py", 108, "run", "self._target(*self._args, **self._kwargs)"),
)
WORKER = MP + (
    ("@managers/gpu_worker.py", 482, "run_scheduler_process", "scheduler = Scheduler("),
    ("@managers/scheduler.py", 78, "__init__", "worker = GPUWorker("),
    ("@managers/gpu_worker.py", 83, "__init__", "self.init_device_and_model()"),
)
BUILD = WORKER + (
    ("@managers/gpu_worker.py", 132, "init_device_and_model", "self.pipeline = build_pipeline(self.server_args)"),
)
LOAD = BUILD + (
    ("@pipelines_core/__init__.py", 74, "build_pipeline", "pipeline = pipeline_cls(model_path, server_args)"),
    ("@pipelines_core/lora_pipeline.py", 71, "__init__", "super().__init__(*args, **kwargs)"),
    (
        "@pipelines_core/composed_pipeline_base.py",
        102,
        "__init__",
        "self.modules = self.load_modules(server_args, loaded_modules)",
    ),
    (
        "@pipelines_core/composed_pipeline_base.py",
        301,
        "load_modules",
        "module, memory_usage = PipelineComponentLoader.load_component(",
    ),
    ("@loader/component_loaders/component_loader.py", 337, "load_component", "return loader.load("),
)
CUSTOM_DIT = (
    ("@loader/component_loaders/component_loader.py", 92, "load", "component = self.load_customized("),
    ("@loader/component_loaders/transformer_loader.py", 138, "load_customized", "model = maybe_load_fsdp_model("),
    ("@loader/fsdp_load.py", 130, "maybe_load_fsdp_model", "load_model_from_full_model_state_dict("),
    (
        "@loader/fsdp_load.py",
        274,
        "load_model_from_full_model_state_dict",
        "full_tensor = full_tensor.to(device=device, dtype=target_dtype)",
    ),
)
NATIVE_TO = (
    ("@loader/component_loaders/component_loader.py", 112, "load", "component = component.to(device=target_device)"),
    ("+torch/nn/modules/module.py", 1371, "to", "return self._apply(convert)"),
    ("+torch/nn/modules/module.py", 930, "_apply", "module._apply(fn)"),
    ("+torch/nn/modules/module.py", 957, "_apply", "param_applied = fn(param)"),
    ("+torch/nn/modules/module.py", 1357, "convert", "return t.to("),
)
DIST = WORKER + (
    ("@managers/gpu_worker.py", 102, "init_device_and_model", "maybe_init_distributed_environment_and_model_parallel("),
    (
        "@distributed/parallel_state.py",
        620,
        "maybe_init_distributed_environment_and_model_parallel",
        "init_distributed_environment(",
    ),
)
FORWARD = (
    ("@managers/gpu_worker.py", 227, "execute_forward", "result = self.pipeline.forward(req, self.server_args)"),
    ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
    (
        "@pipelines_core/composed_pipeline_base.py",
        622,
        "forward",
        "return self.executor.execute_with_profiling(self.stages, batch, server_args)",
    ),
    (
        "@pipelines_core/executors/pipeline_executor.py",
        57,
        "execute_with_profiling",
        "batch = self.execute(stages, batch, server_args)",
    ),
    (
        "@pipelines_core/executors/parallel_executor.py",
        102,
        "execute",
        "batch = self._execute(stages, batch, server_args)",
    ),
    ("@pipelines_core/executors/parallel_executor.py", 92, "_execute", "batch = stage(batch, server_args)"),
    ("@pipelines_core/stages/base.py", 203, "__call__", "result = self.forward(batch, server_args)"),
)
MODULE_CALL = (
    ("+torch/nn/modules/module.py", 1775, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
    ("+torch/nn/modules/module.py", 1786, "_call_impl", "return forward_call(*args, **kwargs)"),
)
DENOISE = (
    FORWARD
    + (
        ("@pipelines_core/stages/denoising.py", 1066, "forward", "noise_pred = self._predict_noise_with_cfg("),
        (
            "@pipelines_core/stages/denoising.py",
            1402,
            "_predict_noise_with_cfg",
            "noise_pred_cond = self._predict_noise(",
        ),
        ("@pipelines_core/stages/denoising.py", 1348, "_predict_noise", "return current_model("),
    )
    + MODULE_CALL
    + (("@models/dits/wanvideo.py", 947, "forward", "hidden_states = block("),)
    + MODULE_CALL
    + (("@models/dits/wanvideo.py", 465, "forward", "attn_output = self.attn1(query, key, value)"),)
    + MODULE_CALL
    + (("@layers/attention/layer.py", 136, "forward", "output = self.attn_impl.forward(q, k, v, ctx_attn_metadata)"),)
)
CLI_SERVE = (
    ("/usr/local/bin/sglang", 10, "<module>", "sys.exit(main())"),
    ("+sglang/cli/main.py", 42, "main", "args.func(args, extra_argv)"),
    ("+sglang/cli/serve.py", 63, "serve", "execute_serve_cmd(parsed_args, remaining_argv)"),
)
SERVE_LAUNCH = CLI_SERVE + (("@entrypoints/cli/serve.py", 34, "execute_serve_cmd", "launch_server(server_args)"),)
SERVE_ARGS = CLI_SERVE + (
    (
        "@entrypoints/cli/serve.py",
        33,
        "execute_serve_cmd",
        "server_args = ServerArgs.from_cli_args(args, unknown_args)",
    ),
)
FROM_CLI = (
    ("@server_args.py", 985, "from_cli_args", "return cls.from_dict(provided_args)"),
    ("@server_args.py", 1004, "from_dict", "return cls(**server_args_kwargs)"),
    ("<string>", 96, "__init__", ""),
)
RECV_EOF = (
    ("/usr/lib/python3.12/multiprocessing/connection.py", 250, "recv", "buf = self._recv_bytes()"),
    ("/usr/lib/python3.12/multiprocessing/connection.py", 430, "_recv_bytes", "buf = self._recv(4)"),
    ("/usr/lib/python3.12/multiprocessing/connection.py", 399, "_recv", "raise EOFError"),
)


def launcher_eof(second: int, code: int, color: bool = False, stack: tuple = SERVE_LAUNCH) -> list[str]:
    """launch_server.py:153-160 (0.5.9): the launcher's pipe from rank 0 closes."""
    return [
        err(second, "Rank 0 scheduler is dead. Please check if there are relevant logs.", color),
        err(second + 2, f"Exit code: {code}", color),
        TB,
        tb(*stack, ("@launch_server.py", 153, "launch_server", "data = reader.recv()"), *RECV_EOF),
        "EOFError",
    ]


def worker_dies(
    second: int, stack: tuple, error: str, *, oomed: bool = False, color: bool = False, prior: str = ""
) -> list[str]:
    """run_scheduler_process (gpu_worker.py:496-510): the OOM hint for an OOM, `Shutdown complete.` from its finally,
    then multiprocessing prints the process's traceback (as in sglang#17874)."""
    lines = oom_msg(second, color) if oomed else []
    lines.append(f"{d(second)} Worker 0: Shutdown complete.")
    lines.append("Process sglang-diffusionWorker-0:")
    if prior:
        lines.append(prior)
        lines.append("")
        lines.append("During handling of the above exception, another exception occurred:")
        lines.append("")
    lines += [TB, tb(*stack), error]
    return lines


def qwen_boot(second: int = 0, **kw: object) -> list[str]:
    """`sglang serve --model-path Qwen/Qwen-Image` (0.5.9) up to its components: server_args.py:427/613,
    launch_server.py:67, scheduler.py:74, parallel_state.py:612, pipelines_core/__init__.py:68-71,
    composed_pipeline_base.py:101/132/186/259."""
    snap = "/root/.cache/huggingface/hub/models--Qwen--Qwen-Image/snapshots/75e0b4be04f60ec59a75f475837eced720f823b6"
    return [
        f"{d(second)} Disabling some offloading (except dit, text_encoder) for image generation model",
        server_args(second, "Qwen/Qwen-Image", **kw),
        f"{d(second + 1)} Starting server...",
        f"{d(second + 5)} Scheduler bind at endpoint: tcp://0.0.0.0:5609",
        f"{d(second + 5)} Initializing distributed environment with world_size=1, device=cuda:0, timeout=None",
        f"{d(second + 6)} No pipeline_class_name specified, using model_index.json",
        f"{d(second + 6)} Using pipeline from model_index.json: QwenImagePipeline",
        f"{d(second + 6)} Loading pipeline modules...",
        f"{d(second + 6)} Model path: {snap}",
        f"{d(second + 6)} Loading pipeline modules from config: {{'_class_name': 'QwenImagePipeline', '_diffusers_version': '0.34.0.dev0', 'scheduler': ['diffusers', 'FlowMatchEulerDiscreteScheduler'], 'text_encoder': ['transformers', 'Qwen2_5_VLForConditionalGeneration'], 'tokenizer': ['transformers', 'Qwen2Tokenizer'], 'transformer': ['diffusers', 'QwenImageTransformer2DModel'], 'vae': ['diffusers', 'AutoencoderKLQwenImage']}}",
        f"{d(second + 6)} Loading required components: ['text_encoder', 'tokenizer', 'vae', 'transformer', 'scheduler']",
        f"Loading required modules:   0%|          | 0/5 [00:00<?, ?it/s]{d(second + 6)} Loading scheduler from {snap}/scheduler. avail mem: 78.83 GB",
        f"{d(second + 6)} Loaded scheduler: FlowMatchEulerDiscreteScheduler (sgl-diffusion version). consumed: 0.00 GB, avail mem: 78.83 GB",
        f"{d(second + 6)} Loading text_encoder from {snap}/text_encoder. avail mem: 78.83 GB",
        f"{d(second + 31)} Loaded text_encoder: Qwen2_5_VLForConditionalGeneration (sgl-diffusion version). consumed: 15.45 GB, avail mem: 63.38 GB",
        f"Loading required modules:  40%|████      | 2/5 [00:25<00:37, 12.61s/it]{d(second + 31)} Loading tokenizer from {snap}/tokenizer. avail mem: 63.38 GB",
        f"{d(second + 32)} Loaded tokenizer: Qwen2TokenizerFast (sgl-diffusion version). consumed: 0.00 GB, avail mem: 63.38 GB",
    ]


def qwen_dit_ok(second: int) -> list[str]:
    snap = "/root/.cache/huggingface/hub/models--Qwen--Qwen-Image/snapshots/75e0b4be04f60ec59a75f475837eced720f823b6"
    return [
        f"Loading required modules:  60%|██████    | 3/5 [00:26<00:17,  8.73s/it]{d(second)} Loading transformer from {snap}/transformer. avail mem: 63.38 GB",
        f"{d(second)} Loading QwenImageTransformer2DModel from 9 safetensors files , param_dtype: torch.bfloat16",
        f"{d(second)} Using FlashAttention (FA3 for hopper, FA4 for blackwell) backend",
        f"{d(second + 41)} Loaded model with 20.43B parameters",
        f"{d(second + 41)} Loaded transformer: QwenImageTransformer2DModel (sgl-diffusion version). consumed: 38.05 GB, avail mem: 25.33 GB",
        f"Loading required modules:  80%|████████  | 4/5 [01:07<00:16, 16.90s/it]{d(second + 41)} Loading vae from {snap}/vae. avail mem: 25.33 GB",
        f"{d(second + 42)} Loaded vae: AutoencoderKLQwenImage (sgl-diffusion version). consumed: 0.24 GB, avail mem: 25.09 GB",
        "Loading required modules: 100%|██████████| 5/5 [01:08<00:00, 13.62s/it]",
    ]


def serve_ready(second: int, port: int = 30000, pid: int = 4242) -> list[str]:
    """composed_pipeline_base.py:119, pipelines_core/__init__.py:76, gpu_worker.py:155/489, launch_server.py:179,
    uvicorn's start-up lines in set_uvicorn_logging_configs's format (sglang#17874)."""
    return [
        f"{d(second)} Creating pipeline stages...",
        f"{d(second)} Pipeline instantiated",
        f"{d(second)} Worker 0: Initialized device, model, and distributed environment.",
        f"{d(second)} Worker 0: Scheduler loop started.",
        f"{d(second + 1)} Starting FastAPI server.",
        f"{u(second + 1)} INFO:     Started server process [{pid}]",
        f"{u(second + 1)} INFO:     Waiting for application startup.",
        f"{u(second + 1)} INFO:     Application startup complete.",
        f"{u(second + 1)} INFO:     Uvicorn running on http://0.0.0.0:{port} (Press CTRL+C to quit)",
    ]


def image_request(second: int, ok: bool = True) -> list[str]:
    """One served /v1/images/generations request (StageProfiler's start/end lines, gpu_worker.py:199, the timer)."""
    lines = [
        f"{d(second)} [InputValidationStage] started...",
        f"{d(second)} [InputValidationStage] finished in 0.0004 seconds",
        f"{d(second)} [TextEncodingStage] started...",
        f"{d(second)} [TextEncodingStage] finished in 0.1210 seconds",
        f"{d(second)} [DenoisingStage] started...",
        "100%|██████████| 50/50 [00:21<00:00,  2.31it/s]",
        f"{d(second + 22)} [DenoisingStage] average time per step: 0.4331 seconds",
        f"{d(second + 22)} [DenoisingStage] finished in 21.6570 seconds",
        f"{d(second + 22)} [DecodingStage] started...",
        f"{d(second + 22)} [DecodingStage] finished in 0.3112 seconds",
        f"{d(second + 22)} Peak GPU memory: 58.14 GB, Peak allocated: 55.02 GB, Memory pool overhead: 3.12 GB (5.4%), Remaining GPU memory at peak: 21.05 GB. Components that could stay resident (based on the last request workload): []. Related offload server args to disable: None",
        f"{d(second + 22)} Pixel data generated successfully in 23.04 seconds",
        f'{u(second + 22)} INFO:     10.0.3.17:51544 - "POST /v1/images/generations HTTP/1.1" {"200 OK" if ok else "500 Internal Server Error"}',
    ]
    return lines


def wan_boot(second: int, model: str, **kw: object) -> list[str]:
    """`sglang serve` for a Wan model (0.5.9), as far as the workers being ready (sglang#17413's start-up)."""
    name = model.split("/")[-1]
    snap = f"/models/{name}"
    return [
        server_args(second, snap, **kw),
        f"{d(second + 1)} Starting server...",
        f"{d(second + 5)} Scheduler bind at endpoint: tcp://0.0.0.0:5609",
        f"{d(second + 5)} Initializing distributed environment with world_size={kw.get('num_gpus', 1)}, device=cuda:0, timeout=None",
        f"{d(second + 6)} No pipeline_class_name specified, using model_index.json",
        f"{d(second + 6)} Using pipeline from model_index.json: WanPipeline",
        f"{d(second + 6)} Loading pipeline modules...",
        f"{d(second + 6)} Model path: {snap}",
        f"{d(second + 6)} Loading required components: ['text_encoder', 'tokenizer', 'vae', 'transformer', 'scheduler']",
        f"Loading required modules:   0%|          | 0/5 [00:00<?, ?it/s]{d(second + 6)} Loading scheduler from {snap}/scheduler. avail mem: 78.81 GB",
        f"{d(second + 6)} Loaded scheduler: UniPCMultistepScheduler (sgl-diffusion version). consumed: 0.00 GB, avail mem: 78.81 GB",
        f"{d(second + 6)} Loading text_encoder from {snap}/text_encoder. avail mem: 78.81 GB",
        f"{d(second + 34)} Loaded text_encoder: FSDPUMT5EncoderModel (sgl-diffusion version). consumed: 0.30 GB, avail mem: 78.51 GB",
        f"{d(second + 34)} Loading tokenizer from {snap}/tokenizer. avail mem: 78.51 GB",
        f"{d(second + 34)} Loaded tokenizer: T5TokenizerFast (sgl-diffusion version). consumed: 0.00 GB, avail mem: 78.51 GB",
    ]


# ============================================================================ OOM while loading (oom_weights)
SNAP_Q = "/root/.cache/huggingface/hub/models--Qwen--Qwen-Image/snapshots/75e0b4be04f60ec59a75f475837eced720f823b6"
DIT_OOM = oom("100.00 MiB", "39.38 GiB", "61.88 MiB", "39.31 GiB", "38.80 GiB", "20.46 MiB")
case(
    "dit_oom_customized_then_native_qwen_image_a100_40g",
    "0.5.9",
    "loader/component_loaders/component_loader.py:85/102-112/344-347, transformer_loader.py:138, fsdp_load.py:274, gpu_worker.py:496-497 (OOM_MSG); launch_server.py:153-160; shape: sglang#17070",
    "oom_weights",
    "Qwen-Image's 20B DiT does not fit next to its resident text encoder on a 40 GB A100: OOM in the customized loader, then in the native fallback, before the workers report ready",
    join(
        [
            line.replace("78.83", "39.07").replace("63.38", "23.62")
            for line in qwen_boot(0, dit_cpu_offload=False, text_encoder_cpu_offload=False, vae_cpu_offload=False)
        ],
        f"Loading required modules:  60%|██████    | 3/5 [00:26<00:17,  8.73s/it]{d(32)} Loading transformer from {SNAP_Q}/transformer. avail mem: 23.62 GB",
        f"{d(32)} Loading QwenImageTransformer2DModel from 9 safetensors files , param_dtype: torch.bfloat16",
        f"{d(32)} Using FlashAttention (FA3 for hopper, FA4 for blackwell) backend",
        TB,
        tb(*CUSTOM_DIT),
        DIT_OOM,
        f"{RED}{d(51)} Error while loading customized transformer, falling back to native version{RST}",
        "Loading checkpoint shards: 100%|██████████| 9/9 [00:14<00:00,  1.58s/it]",
        f"{RED}{d(70)} Error while loading component: transformer, component_model_path='{SNAP_Q}/transformer'{RST}",
        worker_dies(
            70,
            LOAD + NATIVE_TO,
            oom("58.00 MiB", "39.38 GiB", "41.88 MiB", "39.33 GiB", "38.71 GiB", "112.40 MiB"),
            oomed=True,
            color=True,
            prior=f"{TB}\n{tb(*CUSTOM_DIT)}\n{DIT_OOM}",
        ),
        launcher_eof(71, 1, color=True),
    ),
)

VAE_TO = (
    ("@loader/component_loaders/component_loader.py", 92, "load", "component = self.load_customized("),
    (
        "@loader/component_loaders/vae_loader.py",
        109,
        "load_customized",
        "vae = vae.to(device=target_device, dtype=vae_dtype)",
    ),
    ("+torch/nn/modules/module.py", 1371, "to", "return self._apply(convert)"),
    ("+torch/nn/modules/module.py", 930, "_apply", "module._apply(fn)"),
    ("+torch/nn/modules/module.py", 957, "_apply", "param_applied = fn(param)"),
    ("+torch/nn/modules/module.py", 1357, "convert", "return t.to("),
)
VAE_OOM = oom("20.00 MiB", "31.36 GiB", "13.44 MiB", "31.33 GiB", "30.86 GiB", "4.31 MiB")
case(
    "vae_oom_after_wan14b_dit_rtx5090",
    "0.5.9",
    "vae_loader.py:109, component_loader.py:102-112/344-347, gpu_worker.py:496-497; launch_server.py:153-160; start-up as sglang#17413",
    "oom_weights",
    "Wan2.1-T2V-14B's DiT kept resident (--dit-cpu-offload false, layerwise offload off) fills a 32 GB RTX 5090 and the VAE no longer fits: OOM loading a component, before ready",
    join(
        [
            line.replace("78.81", "30.84").replace("78.51", "30.54")
            for line in wan_boot(
                0,
                "Wan-AI/Wan2.1-T2V-14B-Diffusers",
                dit_cpu_offload=False,
                dit_layerwise_offload=False,
                vae_cpu_offload=False,
            )
        ],
        f"{d(34)} Loading transformer from /models/Wan2.1-T2V-14B-Diffusers/transformer. avail mem: 30.54 GB",
        f"{d(34)} Loading WanTransformer3DModel from 12 safetensors files , param_dtype: torch.bfloat16",
        f"{d(34)} Defaulting to Torch SDPA backend on SM12.x",
        f"{d(34)} Using Torch SDPA backend",
        f"{d(80)} Loaded model with 14.29B parameters",
        f"{d(80)} Loaded transformer: WanTransformer3DModel (sgl-diffusion version). consumed: 28.58 GB, avail mem: 1.96 GB",
        f"Loading required modules:  80%|████████  | 4/5 [01:14<00:18, 18.50s/it]{d(80)} Loading vae from /models/Wan2.1-T2V-14B-Diffusers/vae. avail mem: 1.96 GB",
        TB,
        tb(*VAE_TO),
        VAE_OOM,
        f"{d(81)} Error while loading customized vae, falling back to native version",
        f"{d(83)} Error while loading component: vae, component_model_path='/models/Wan2.1-T2V-14B-Diffusers/vae'",
        worker_dies(
            83,
            LOAD + NATIVE_TO,
            oom("20.00 MiB", "31.36 GiB", "9.44 MiB", "31.34 GiB", "30.86 GiB", "8.12 MiB"),
            oomed=True,
            prior=f"{TB}\n{tb(*VAE_TO)}\n{VAE_OOM}",
        ),
        launcher_eof(84, 1),
    ),
)

# 0.5.6.post1's loader (component_loader.py:151/153-170/757-780): the customized failure is swallowed silently
MG056 = MP + (
    ("@managers/gpu_worker.py", 177, "run_scheduler_process", "scheduler = Scheduler("),
    ("@managers/scheduler.py", 59, "__init__", "worker = GPUWorker("),
    ("@managers/gpu_worker.py", 59, "__init__", "self.init_device_and_model()"),
    ("@managers/gpu_worker.py", 88, "init_device_and_model", "self.pipeline = build_pipeline(self.server_args)"),
    ("@pipelines_core/__init__.py", 50, "build_pipeline", "pipeline = pipeline_cls(model_path, server_args)"),
    (
        "@pipelines_core/composed_pipeline_base.py",
        95,
        "__init__",
        "self.modules = self.load_modules(server_args, loaded_modules)",
    ),
    ("@pipelines_core/composed_pipeline_base.py", 319, "load_modules", "module = PipelineComponentLoader.load_module("),
    ("@loader/component_loader.py", 779, "load_module", "raise e"),
    ("@loader/component_loader.py", 770, "load_module", "return loader.load("),
    ("@loader/component_loader.py", 159, "load", "component = self.load_native("),
    (
        "@loader/component_loader.py",
        191,
        "load_native",
        "return load_native(transformers_or_diffusers, component_model_path, server_args)",
    ),
    ("@loader/component_loader.py", 98, "load_native", "return AutoModel.from_pretrained("),
)
case(
    "text_encoder_oom_hunyuanvideo_l40s",
    "0.5.6.post1",
    "loader/component_loader.py:151/159/777-780 (0.5.6.post1), gpu_worker.py:177-191, launch_server.py:110-116; shape: sglang#15235",
    "oom_weights",
    "HunyuanVideo's Llava-Llama text encoder loaded onto a 48 GB L40S that already holds the 13B DiT (--text-encoder-cpu-offload false): OOM while loading a component, before ready",
    join(
        f'{d(0)} server_args: {{"model_path": "hunyuanvideo-community/HunyuanVideo", "attention_backend": null, "mode": "inference", "workload_type": "t2v", "cache_strategy": "none", "distributed_executor_backend": "mp", "nccl_port": null, "trust_remote_code": false, "revision": null, "num_gpus": 1, "tp_size": 1, "sp_degree": 1, "ulysses_degree": 1, "ring_degree": 1, "dp_size": 1, "dp_degree": 1, "enable_cfg_parallel": false, "dit_cpu_offload": false, "text_encoder_cpu_offload": false, "vae_cpu_offload": true, "pin_cpu_memory": true, "master_port": 30042, "host": "127.0.0.1", "port": 30000, "scheduler_port": 5621, ...}}',
        f"{d(1)} Starting server...",
        f"{d(6)} Loading required modules:   0%|          | 0/7 [00:00<?, ?it/s]",
        f"{d(6)} Loading transformer using diffusers from /root/.cache/huggingface/hub/models--hunyuanvideo-community--HunyuanVideo/snapshots/e8c2aaa66fe3742a32c11a6766aecbf07c56e773/transformer",
        f"{d(6)} Loading transformer from /root/.cache/huggingface/hub/models--hunyuanvideo-community--HunyuanVideo/snapshots/e8c2aaa66fe3742a32c11a6766aecbf07c56e773/transformer",
        f"{d(6)} Loading model from 3 safetensors files: ['.../transformer/diffusion_pytorch_model-00001-of-00003.safetensors', '.../transformer/diffusion_pytorch_model-00002-of-00003.safetensors', '.../transformer/diffusion_pytorch_model-00003-of-00003.safetensors']",
        f"{d(6)} Loading HunyuanVideoTransformer3DModel, default_dtype: torch.bfloat16",
        f"{d(6)} Using FlashAttention (FA3 for hopper, FA4 for blackwell) backend",
        f"{d(49)} Loaded model with 12.82B parameters",
        f"{d(49)} Loaded transformer: HunyuanVideoTransformer3DModel from: customized",
        f"{d(49)} Loading text_encoder using transformers from /root/.cache/huggingface/hub/models--hunyuanvideo-community--HunyuanVideo/snapshots/e8c2aaa66fe3742a32c11a6766aecbf07c56e773/text_encoder",
        f"{d(49)} Loading text_encoder from /root/.cache/huggingface/hub/models--hunyuanvideo-community--HunyuanVideo/snapshots/e8c2aaa66fe3742a32c11a6766aecbf07c56e773/text_encoder",
        "Loading checkpoint shards: 100%|██████████| 4/4 [00:06<00:00,  1.55s/it]",
        f"{d(58)} Error while loading component: text_encoder, component_model_path='/root/.cache/huggingface/hub/models--hunyuanvideo-community--HunyuanVideo/snapshots/e8c2aaa66fe3742a32c11a6766aecbf07c56e773/text_encoder'",
        f"{d(58)} Worker 0: Shutdown complete.",
        "Process sglang-diffusionWorker-0:",
        TB,
        tb(
            ("@loader/component_loader.py", 153, "load", "component = self.load_customized("),
            ("@loader/component_loader.py", 398, "load_customized", "return self.load_model("),
            ("@loader/component_loader.py", 435, "load_model", "model = model.to(local_torch_device)"),
            *NATIVE_TO[1:],
        ),
        oom("172.00 MiB", "44.39 GiB", "95.31 MiB", "44.29 GiB", "43.80 GiB", "11.52 MiB"),
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        TB,
        tb(
            *MG056,
            ("+transformers/modeling_utils.py", 277, "_wrapper", "return func(*args, **kwargs)"),
            ("+transformers/modeling_utils.py", 5048, "from_pretrained", ") = cls._load_pretrained_model("),
            (
                "+transformers/modeling_utils.py",
                5468,
                "_load_pretrained_model",
                "_error_msgs, disk_offload_index = load_shard_file(args)",
            ),
            (
                "+transformers/modeling_utils.py",
                843,
                "load_shard_file",
                "disk_offload_index = _load_state_dict_into_meta_model(",
            ),
            (
                "+transformers/modeling_utils.py",
                770,
                "_load_state_dict_into_meta_model",
                "_load_parameter_into_model(model, param_name, param.to(param_device))",
            ),
        ),
        oom("224.00 MiB", "44.39 GiB", "181.31 MiB", "44.20 GiB", "43.71 GiB", "26.08 MiB"),
        f"{d(59)} Rank 0 scheduler is dead. Please check if there are relevant logs.",
        f"{d(61)} Exit code: 1",
        TB,
        tb(
            ("/usr/local/bin/sglang", 10, "<module>", "sys.exit(main())"),
            ("+sglang/cli/main.py", 26, "main", "args.func(args, extra_argv)"),
            ("+sglang/cli/serve.py", 63, "serve", "execute_serve_cmd(parsed_args, remaining_argv)"),
            ("@entrypoints/cli/serve.py", 34, "execute_serve_cmd", "launch_server(server_args)"),
            ("@launch_server.py", 110, "launch_server", "data = reader.recv()"),
            *RECV_EOF,
        ),
        "EOFError",
    ),
)

case(
    "worker_sigkilled_loading_flux_dit",
    "0.5.6.post1",
    "launch_server.py:110-116 (0.5.6.post1); the thread gpustack/gpustack#3848 (same shape: sglang#15235)",
    "oom_weights",
    "the worker is SIGKILLed (exit code -9, the OS OOM killer) while FLUX.1-dev's DiT loads into pinned CPU memory on a low-memory box: the weights do not fit, before ready (unsure: host memory, not GPU)",
    join(
        f'{d(0)} server_args: {{"model_path": "/home/joyce/test/model_scope/black-forest-labs/FLUX.1-dev", "attention_backend": null, "mode": "inference", "workload_type": "t2v", "cache_strategy": "none", "distributed_executor_backend": "mp", "nccl_port": null, "trust_remote_code": false, "revision": null, "num_gpus": 1, "tp_size": 1, "sp_degree": 1, "ulysses_degree": 1, "ring_degree": 1, "dp_size": 1, "dp_degree": 1, "enable_cfg_parallel": false, "dit_cpu_offload": true, "text_encoder_cpu_offload": true, "vae_cpu_offload": true, "pin_cpu_memory": true, "host": "192.168.50.15", "port": 42026, ...}}',
        f"{d(1)} Starting server...",
        f"{d(9)} Loading transformer using diffusers from /home/joyce/test/model_scope/black-forest-labs/FLUX.1-dev/transformer",
        f"{d(9)} Loading transformer from /home/joyce/test/model_scope/black-forest-labs/FLUX.1-dev/transformer",
        f"{d(9)} Loading model from 3 safetensors files: ['/home/joyce/test/model_scope/black-forest-labs/FLUX.1-dev/transformer/diffusion_pytorch_model-00001-of-00003.safetensors', '/home/joyce/test/model_scope/black-forest-labs/FLUX.1-dev/transformer/diffusion_pytorch_model-00002-of-00003.safetensors', '/home/joyce/test/model_scope/black-forest-labs/FLUX.1-dev/transformer/diffusion_pytorch_model-00003-of-00003.safetensors']",
        f"{d(9)} Loading FluxTransformer2DModel, default_dtype: torch.bfloat16",
        f"{d(9)} Using FlashAttention (FA3 for hopper, FA4 for blackwell) backend",
        f"{d(321)} Rank 0 scheduler is dead. Please check if there are relevant logs.",
        f"{d(323)} Exit code: -9",
        TB,
        tb(
            ("/usr/local/bin/sglang", 10, "<module>", "sys.exit(main())"),
            ("+sglang/cli/main.py", 26, "main", "args.func(args, extra_argv)"),
            ("+sglang/cli/serve.py", 63, "serve", "execute_serve_cmd(parsed_args, remaining_argv)"),
            ("@entrypoints/cli/serve.py", 34, "execute_serve_cmd", "launch_server(server_args)"),
            ("@launch_server.py", 110, "launch_server", "data = reader.recv()"),
            *RECV_EOF,
        ),
        "EOFError",
    ),
)

# ============================================================================ OOM while serving (oom_runtime)
WAN_OOM = oom("12.66 GiB", "79.19 GiB", "9.87 GiB", "69.31 GiB", "61.20 GiB", "7.47 GiB")
case(
    "denoise_oom_wan22_720p_121_frames_served",
    "0.5.9",
    "perf_logger.py:233-241 (StageProfiler error), gpu_worker.py:277-282 (execute_forward), openai/utils.py:244-247; request path read in stages/denoising.py",
    "oom_runtime",
    "the server is up and served a request; a 1280x720x121-frame request OOMs in attention while denoising (a resolution too big for one H100): the request fails with 500, the server goes on",
    join(
        wan_boot(0, "Wan-AI/Wan2.2-T2V-A14B-Diffusers", dit_layerwise_offload=True, dit_cpu_offload=False),
        f"{d(34)} Loading transformer from /models/Wan2.2-T2V-A14B-Diffusers/transformer. avail mem: 78.51 GB",
        f"{d(34)} Loading WanTransformer3DModel from 12 safetensors files , param_dtype: torch.bfloat16",
        f"{d(34)} Using FlashAttention (FA3 for hopper, FA4 for blackwell) backend",
        f"{d(70)} Loaded model with 14.29B parameters",
        f"{d(70)} Loaded transformer: WanTransformer3DModel (sgl-diffusion version). consumed: 0.82 GB, avail mem: 77.69 GB",
        "Loading required modules: 100%|██████████| 6/6 [01:21<00:00, 13.58s/it]",
        serve_ready(90),
        f'{u(95)} INFO:     10.0.3.17:51544 - "GET /health HTTP/1.1" 200 OK',
        f"{d(120)} [InputValidationStage] started...",
        f"{d(120)} [InputValidationStage] finished in 0.0005 seconds",
        f"{d(120)} [TextEncodingStage] started...",
        f"{d(121)} [TextEncodingStage] finished in 0.9021 seconds",
        f"{d(121)} [LatentPreparationStage] started...",
        f"{d(121)} [LatentPreparationStage] finished in 0.0031 seconds",
        f"{d(121)} [DenoisingStage] started...",
        "  0%|          | 0/40 [00:00<?, ?it/s]",
        f"{RED}{d(124)} [DenoisingStage] Error during execution after 2911.4402 ms: CUDA out of memory. Tried to allocate 12.66 GiB. GPU 0 has a total capacity of 79.19 GiB of which 9.87 GiB is free.{RST}",
        TB,
        tb(*DENOISE[6:]),
        WAN_OOM,
        f"{RED}{d(124)} Error executing request 7f3e1c92b7c44f1ba1b0d6e2a4c1f3a9: CUDA out of memory. Tried to allocate 12.66 GiB. GPU 0 has a total capacity of 79.19 GiB of which 9.87 GiB is free.{RST}",
        TB,
        tb(*DENOISE),
        WAN_OOM,
        oom_msg(124, True),
        f"{RED}{d(124)} Failed to generate output for prompt: Model generation returned no output. Error from scheduler: Error executing request 7f3e1c92b7c44f1ba1b0d6e2a4c1f3a9: CUDA out of memory. Tried to allocate 12.66 GiB.{RST}",
        f'{u(124)} INFO:     10.0.3.17:51560 - "POST /v1/videos HTTP/1.1" 500 Internal Server Error',
        f'{u(135)} INFO:     10.0.3.17:51544 - "GET /health HTTP/1.1" 200 OK',
    ),
)

DECODE = FORWARD + (
    ("@pipelines_core/stages/decoding.py", 200, "forward", "frames = self.decode(batch.latents, server_args)"),
    ("@pipelines_core/stages/decoding.py", 150, "decode", "decode_output = self.vae.decode(latents)"),
    ("@models/vaes/common.py", 119, "decode", "return self._decode(z)[:, :, :num_sample_frames]"),
    ("+diffusers/models/autoencoders/autoencoder_kl_hunyuan_video.py", 931, "_decode", "dec = self.decoder(z)"),
    ("+torch/nn/modules/module.py", 1775, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
    ("+torch/nn/modules/module.py", 1786, "_call_impl", "return forward_call(*args, **kwargs)"),
    (
        "+diffusers/models/autoencoders/autoencoder_kl_hunyuan_video.py",
        625,
        "forward",
        "hidden_states = up_block(hidden_states)",
    ),
)
HV_OOM = oom("17.58 GiB", "79.19 GiB", "6.13 GiB", "73.05 GiB", "52.44 GiB", "19.93 GiB")
case(
    "vae_decode_oom_hunyuanvideo_served",
    "0.5.9",
    "perf_logger.py:233-241, gpu_worker.py:277-282, stages/decoding.py:150/200; shape: sglang#16074 (OOM at VAE decode after denoising)",
    "oom_runtime",
    "after ready and a served request, a 129-frame 720p request finishes denoising and OOMs VAE-decoding (DiT still resident): a request-time OOM at a size, the server goes on",
    join(
        f'{d(0)} server_args: {{"model_path": "hunyuanvideo-community/HunyuanVideo", "backend": "auto", "attention_backend": null, "num_gpus": 1, "tp_size": 1, "sp_degree": 1, "dit_cpu_offload": false, "dit_layerwise_offload": false, "text_encoder_cpu_offload": true, "vae_cpu_offload": false, "pin_cpu_memory": true, "master_port": 30071, "host": "0.0.0.0", "port": 30000, "scheduler_port": 5609, "log_level": "info"}}',
        f"{d(1)} Starting server...",
        f"{d(5)} Scheduler bind at endpoint: tcp://0.0.0.0:5609",
        f"{d(6)} Using pipeline from model_index.json: HunyuanVideoPipeline",
        f"{d(6)} Loading required components: ['text_encoder', 'text_encoder_2', 'tokenizer', 'tokenizer_2', 'vae', 'transformer', 'scheduler']",
        f"{d(61)} Loaded transformer: HunyuanVideoTransformer3DModel (sgl-diffusion version). consumed: 23.88 GB, avail mem: 54.95 GB",
        f"{d(62)} Loaded vae: AutoencoderKLHunyuanVideo (sgl-diffusion version). consumed: 0.47 GB, avail mem: 54.48 GB",
        "Loading required modules: 100%|██████████| 7/7 [00:56<00:00,  8.04s/it]",
        serve_ready(64),
        f"{d(80)} [DenoisingStage] started...",
        "100%|██████████| 50/50 [09:41<00:00, 11.63s/it]",
        f"{d(662)} [DenoisingStage] average time per step: 11.6310 seconds",
        f"{d(662)} [DenoisingStage] finished in 581.5523 seconds",
        f"{d(662)} [DecodingStage] started...",
        f"{d(666)} [DecodingStage] Error during execution after 3844.1017 ms: CUDA out of memory. Tried to allocate 17.58 GiB. GPU 0 has a total capacity of 79.19 GiB of which 6.13 GiB is free.",
        TB,
        tb(*DECODE[6:]),
        HV_OOM,
        f"{d(666)} Error executing request 5d2b8e0f4a61466c9c3f3b1a7e0d9c24: CUDA out of memory. Tried to allocate 17.58 GiB. GPU 0 has a total capacity of 79.19 GiB of which 6.13 GiB is free.",
        TB,
        tb(*DECODE),
        HV_OOM,
        oom_msg(666, False),
        f'{u(666)} INFO:     10.0.3.17:43120 - "POST /v1/videos HTTP/1.1" 500 Internal Server Error',
    ),
)

FLUX2_OOM = oom("16.00 GiB", "79.19 GiB", "11.42 GiB", "67.76 GiB", "64.90 GiB", "1.38 GiB")
case(
    "generate_flux2_2048_tp4_denoise_oom",
    "0.5.9",
    "entrypoints/diffusion_generator.py:118/191-192/260-266, logging_utils.py:457-485 (timer, batch completion), gpu_worker.py:277-282; the run: sglang#16219 (FLUX.2-dev tp4 at 2048x2048: OOM)",
    "oom_runtime",
    "`sglang generate`: the four TP workers loaded FLUX.2-dev and started their loops; the one 2048x2048 request OOMs while denoising: a size-dependent OOM after start-up",
    join(
        f'{d(0)} server_args: {{"model_path": "black-forest-labs/FLUX.2-dev", "backend": "auto", "attention_backend": null, "num_gpus": 4, "tp_size": 4, "sp_degree": 1, "ulysses_degree": 1, "ring_degree": 1, "dit_cpu_offload": true, "text_encoder_cpu_offload": true, "vae_cpu_offload": false, "pin_cpu_memory": true, "master_port": 30057, "host": null, "port": 30000, "scheduler_port": 5643, "log_level": "info"}}',
        f"{d(0)} Local mode: True",
        f"{d(1)} Starting server...",
        f"{d(6)} Initializing distributed environment with world_size=4, device=cuda:0, timeout=None",
        f"{d(6)} Initializing distributed environment with world_size=4, device=cuda:1, timeout=None",
        f"{d(6)} Initializing distributed environment with world_size=4, device=cuda:2, timeout=None",
        f"{d(6)} Initializing distributed environment with world_size=4, device=cuda:3, timeout=None",
        f"{d(7)} sglang-diffusion is using nccl==2.27.3",
        f"{d(8)} Using pipeline from model_index.json: Flux2Pipeline",
        f"{d(70)} Loaded transformer: Flux2Transformer2DModel (sgl-diffusion version). consumed: 0.41 GB, avail mem: 78.42 GB",
        "Loading required modules: 100%|██████████| 5/5 [01:04<00:00, 12.93s/it]",
        f"{d(72)} Creating pipeline stages...",
        f"{d(72)} Pipeline instantiated",
        f"{d(72)} Worker 0: Initialized device, model, and distributed environment.",
        f"{d(72)} Worker 0: Scheduler loop started.",
        f"{d(72)} Processing prompt 1/1: A cat is sitting on a chair",
        f"{d(72)} [DenoisingStage] started...",
        "  0%|          | 0/28 [00:00<?, ?it/s]",
        f"{d(75)} [DenoisingStage] Error during execution after 2231.5907 ms: CUDA out of memory. Tried to allocate 16.00 GiB. GPU 0 has a total capacity of 79.19 GiB of which 11.42 GiB is free.",
        f"{d(75)} Error executing request mocked_fake_id_for_offline_generate: CUDA out of memory. Tried to allocate 16.00 GiB. GPU 0 has a total capacity of 79.19 GiB of which 11.42 GiB is free.",
        TB,
        tb(
            *FORWARD,
            ("@pipelines_core/stages/denoising.py", 1066, "forward", "noise_pred = self._predict_noise_with_cfg("),
            (
                "@pipelines_core/stages/denoising.py",
                1402,
                "_predict_noise_with_cfg",
                "noise_pred_cond = self._predict_noise(",
            ),
            ("@pipelines_core/stages/denoising.py", 1348, "_predict_noise", "return current_model("),
            *MODULE_CALL,
            ("@models/dits/flux_2.py", 742, "forward", "encoder_hidden_states, hidden_states = block("),
            *MODULE_CALL,
            ("@models/dits/flux_2.py", 512, "forward", "attn_output, context_attn_output = self.attn("),
        ),
        FLUX2_OOM,
        oom_msg(75, False),
        f"{d(75)} Failed to generate output for prompt 1: Error executing request mocked_fake_id_for_offline_generate: CUDA out of memory. Tried to allocate 16.00 GiB. GPU 0 has a total capacity of 79.19 GiB of which 11.42 GiB is free.",
        f"{d(75)} Generation failed for prompt 1/1: Error executing request mocked_fake_id_for_offline_generate: CUDA out of memory. Tried to allocate 16.00 GiB. GPU 0 has a total capacity of 79.19 GiB of which 11.42 GiB is free.",
        f"{d(75)} Completed batch processing. Generated 0 outputs in 2.25 seconds",
    ),
)

WARM_OOM = oom("9.00 GiB", "79.19 GiB", "4.21 GiB", "74.97 GiB", "70.35 GiB", "3.84 GiB")
case(
    "warmup_request_oom_after_uvicorn_up",
    "0.5.9",
    "server_args.py:483 (warmup), scheduler.py:160-168/396-411 (warmup progress / failure), gpu_worker.py:277-282",
    "oom_runtime",
    "the --warmup request at 2048x2048 runs in the scheduler loop after uvicorn is up and OOMs while denoising: a request-size OOM after ready, the server stays up (unsure: it is the start-up warmup)",
    join(
        f"{d(0)} Warmup enabled, the launch time is expected to be longer than usual",
        qwen_boot(
            0, warmup=True, warmup_resolutions=["2048x2048"], dit_cpu_offload=False, text_encoder_cpu_offload=False
        ),
        qwen_dit_ok(32),
        serve_ready(76),
        f"{d(77)} Processing warmup req... (1/1)",
        f"{d(81)} Error executing request warmup_2048x2048_0: CUDA out of memory. Tried to allocate 9.00 GiB. GPU 0 has a total capacity of 79.19 GiB of which 4.21 GiB is free.",
        TB,
        tb(
            *FORWARD,
            ("@pipelines_core/stages/denoising.py", 1066, "forward", "noise_pred = self._predict_noise_with_cfg("),
            (
                "@pipelines_core/stages/denoising.py",
                1402,
                "_predict_noise_with_cfg",
                "noise_pred_cond = self._predict_noise(",
            ),
            ("@pipelines_core/stages/denoising.py", 1348, "_predict_noise", "return current_model("),
            *MODULE_CALL,
            ("@models/dits/qwen_image.py", 803, "forward", "encoder_hidden_states, hidden_states = block("),
        ),
        WARM_OOM,
        oom_msg(81, False),
        f"{d(81)} Warmup req (1/1) processing failed",
        f'{u(90)} INFO:     10.0.3.17:38800 - "GET /health HTTP/1.1" 200 OK',
    ),
)

# ============================================================================ ports (port_in_use)
case(
    "uvicorn_port_taken_while_loading",
    "0.5.9",
    "server_args.py:487-488 (port settled at parsing), launch_server.py:179-198 (uvicorn.run after the workers are ready), http_server.py:55; uvicorn's bind error",
    "port_in_use",
    "port 30000 was free when the arguments were settled, another service took it during the minute of loading, and uvicorn cannot bind",
    join(
        qwen_boot(0),
        qwen_dit_ok(32),
        serve_ready(76),
        f"{u(77)} ERROR:    [Errno 98] error while attempting to bind on address ('0.0.0.0', 30000): address already in use",
        f"{u(77)} INFO:     Waiting for application shutdown.",
        f"{d(77)} FastAPI app is shutting down...",
        f"{u(77)} INFO:     Application shutdown complete.",
    ),
)

case(
    "master_port_eaddrinuse_two_gpus",
    "0.5.9",
    "gpu_worker.py:94-111 (MASTER_PORT, tcp:// init), parallel_state.py:612/265; torch c10d's DistNetworkError",
    "port_in_use",
    "two diffusion servers started together on one host settle on the same random torch.distributed master port; rank 0's TCPStore cannot listen on it",
    join(
        [
            line
            for line in wan_boot(0, "Wan-AI/Wan2.2-TI2V-5B-Diffusers", num_gpus=2, sp_degree=2, ulysses_degree=2)
            if "Using pipeline" not in line
            and "Loading" not in line
            and "Loaded" not in line
            and "No pipeline" not in line
            and "Model path" not in line
        ],
        f"{d(5)} Initializing distributed environment with world_size=2, device=cuda:1, timeout=None",
        "[W302 10:00:05.812447190 socket.cpp:767] [c10d] The server socket has failed to listen on any local network address. port: 30071, useIpv6: false, code: -98, name: EADDRINUSE, message: address already in use",
        f"{d(5)} Worker 0: Shutdown complete.",
        "Process sglang-diffusionWorker-0:",
        TB,
        tb(
            *DIST,
            (
                "@distributed/parallel_state.py",
                265,
                "init_distributed_environment",
                "torch.distributed.init_process_group(",
            ),
            ("+torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
            ("+torch/distributed/c10d_logger.py", 95, "wrapper", "func_return = func(*args, **kwargs)"),
            (
                "+torch/distributed/distributed_c10d.py",
                1764,
                "init_process_group",
                "store, rank, world_size = next(rendezvous_iterator)",
            ),
            ("+torch/distributed/rendezvous.py", 223, "_tcp_rendezvous_handler", "store = _create_c10d_store("),
            ("+torch/distributed/rendezvous.py", 194, "_create_c10d_store", "return TCPStore("),
        ),
        "torch.distributed.DistNetworkError: The server socket has failed to listen on any local network address. port: 30071, useIpv6: false, code: -98, name: EADDRINUSE, message: address already in use",
        launcher_eof(6, 1),
    ),
)

case(
    "zmq_scheduler_port_bind_exhausted",
    "0.5.9",
    "utils/common.py:186-226 (get_zmq_socket's 10 retries, +42 each), managers/scheduler.py:70-74",
    "port_in_use",
    "the scheduler's ZMQ port and the nine next ones (+42 each) are all bound by a fleet of other servers: the worker dies on Address already in use",
    join(
        qwen_boot(0)[:3],
        [
            f"{d(5)} ZMQ bind failed for port {5609 + (a - 1) * 42}, retrying with port {5609 + a * 42} (attempt {a + 1}/10)"
            for a in range(1, 10)
        ],
        f"{d(5)} Failed to bind ZMQ socket after 10 attempts. Original endpoint: tcp://0.0.0.0:5609, Last tried port: 5987",
        f"{d(5)} Worker 0: Shutdown complete.",
        "Process sglang-diffusionWorker-0:",
        TB,
        tb(
            *MP,
            ("@managers/gpu_worker.py", 482, "run_scheduler_process", "scheduler = Scheduler("),
            ("@managers/scheduler.py", 70, "__init__", "self.receiver, actual_endpoint = get_zmq_socket("),
            ("@utils/common.py", 201, "get_zmq_socket", "socket.bind(current_endpoint)"),
            ("+zmq/sugar/socket.py", 320, "bind", "super().bind(addr)"),
            ("_zmq.py", 1009, "zmq.backend.cython._zmq.Socket.bind", ""),
            ("_zmq.py", 190, "zmq.backend.cython._zmq._check_rc", ""),
        ),
        "zmq.error.ZMQError: Address already in use (addr='tcp://0.0.0.0:5987')",
        launcher_eof(6, 1),
    ),
)

case(
    "settle_port_exhausted_at_parsing",
    "0.5.6.post1",
    "server_args.py:669-705 (settle_port, 100 attempts), 717 (post_init_serve); cli/serve.py:63",
    "port_in_use",
    "no free HTTP port within 100 tries from 30000 (+42 each): the launcher refuses at argument parsing",
    join(
        TB,
        tb(
            ("/usr/local/bin/sglang", 10, "<module>", "sys.exit(main())"),
            ("+sglang/cli/main.py", 26, "main", "args.func(args, extra_argv)"),
            ("+sglang/cli/serve.py", 63, "serve", "execute_serve_cmd(parsed_args, remaining_argv)"),
            (
                "@entrypoints/cli/serve.py",
                32,
                "execute_serve_cmd",
                "server_args = ServerArgs.from_cli_args(args, unknown_args)",
            ),
            ("@server_args.py", 738, "from_cli_args", "return cls.from_dict(provided_args)"),
            ("@server_args.py", 754, "from_dict", "return cls(**server_args_kwargs)"),
            ("<string>", 88, "__init__", ""),
            ("@server_args.py", 360, "__post_init__", "self.post_init_serve()"),
            ("@server_args.py", 717, "post_init_serve", "self.port = self.settle_port(self.port)"),
            ("@server_args.py", 702, "settle_port", "raise RuntimeError("),
        ),
        "RuntimeError: Failed to find available port after 100 attempts (started from port 30000)",
    ),
)

# ============================================================================ config_error
case(
    "pipeline_not_registered_backend_sglang",
    "0.5.9",
    "registry.py:398-404 (not a registered EntryClass), configs/pipeline_configs/base.py:593-597, server_args.py:995",
    "config_error",
    "--backend sglang with a pipeline SGLang has no native implementation of: the model is unsupported on this backend",
    join(
        f"{d(0)} Pipeline class 'StableDiffusion3Pipeline' specified in 'stabilityai/stable-diffusion-3.5-large' is not a registered EntryClass in the framework. Available pipelines: ['ComfyUIFluxPipeline', 'ComfyUIQwenImagePipeline', 'FluxPipeline', 'Flux2Pipeline', 'GlmImagePipeline', 'HunyuanVideoPipeline', 'LTX2Pipeline', 'QwenImagePipeline', 'QwenImageEditPipeline', 'WanPipeline', 'WanImageToVideoPipeline', 'ZImagePipeline']. Consider using --backend diffusers to use vanilla diffusers pipeline.",
        TB,
        tb(
            *CLI_SERVE,
            (
                "@entrypoints/cli/serve.py",
                33,
                "execute_serve_cmd",
                "server_args = ServerArgs.from_cli_args(args, unknown_args)",
            ),
            ("@server_args.py", 985, "from_cli_args", "return cls.from_dict(provided_args)"),
            ("@server_args.py", 995, "from_dict", "pipeline_config = PipelineConfig.from_kwargs(kwargs)"),
            (f"{PY}/sglang/multimodal_gen/configs/pipeline_configs/base.py", 595, "from_kwargs", "raise ValueError("),
        ),
        "ValueError: Could not get model info for 'stabilityai/stable-diffusion-3.5-large'. If using a safetensors file, please specify pipeline_class_name",
    ),
)

case(
    "generate_given_an_llm",
    "0.5.9",
    "sglang/cli/generate.py:18-33, cli/utils.py:127-132",
    "config_error",
    "`sglang generate` pointed at a causal LM (no model_index.json): the diffusion CLI does not support the model",
    join(
        TB,
        tb(
            ("/usr/local/bin/sglang", 10, "<module>", "sys.exit(main())"),
            ("+sglang/cli/main.py", 42, "main", "args.func(args, extra_argv)"),
            ("+sglang/cli/generate.py", 31, "generate", "raise Exception("),
        ),
        "Exception: Generate subcommand is not yet supported for model: Qwen/Qwen3-8B",
    ),
)

case(
    "model_path_does_not_exist",
    "0.5.9",
    "sglang/cli/utils.py:49-96 (_maybe_download_model), cli/serve.py:44-46; huggingface_hub's RepositoryNotFoundError text",
    "config_error",
    "a model id with a typo: neither a local path nor a Hub repo, the launcher stops before anything starts",
    join(
        TB,
        tb(
            ("+sglang/cli/utils.py", 65, "_maybe_download_model", "file_path = hf_hub_download("),
            (
                f"{PY}/sglang/multimodal_gen/runtime/utils/hf_diffusers_utils.py",
                611,
                "hf_hub_download",
                "return hf_hub_download_raw(",
            ),
            ("+huggingface_hub/utils/_validators.py", 114, "_inner_fn", "return fn(*args, **kwargs)"),
            ("+huggingface_hub/file_download.py", 1010, "hf_hub_download", "return _hf_hub_download_to_cache_dir("),
        ),
        "huggingface_hub.errors.RepositoryNotFoundError: 404 Client Error. (Request ID: Root=1-67c4a0f2-3b2f1e0d4c5a69781a2b3c4d;e1f0c9a8-7b6d-4e5f-9a8b-1c2d3e4f5a6b)",
        "",
        "Repository Not Found for url: https://huggingface.co/Wan-AI/Wan2.2-T2V-A14B-Diffuser/resolve/main/config.json.",
        "Please make sure you specified the correct `repo_id` and `repo_type`.",
        "If you are trying to access a private or gated repo, make sure you are authenticated.",
        "",
        "The above exception was the direct cause of the following exception:",
        "",
        TB,
        tb(
            ("/usr/local/bin/sglang", 10, "<module>", "sys.exit(main())"),
            ("+sglang/cli/main.py", 42, "main", "args.func(args, extra_argv)"),
            ("+sglang/cli/serve.py", 46, "serve", "is_diffusion_model = get_is_diffusion_model(model_path)"),
            ("+sglang/cli/utils.py", 128, "get_is_diffusion_model", "model_path = _maybe_download_model(model_path)"),
            ("+sglang/cli/utils.py", 90, "_maybe_download_model", "raise ValueError("),
        ),
        "ValueError: Could not find model locally at Wan-AI/Wan2.2-T2V-A14B-Diffuser and failed to download model_index.json/config.json from HF Hub: 404 Client Error. (Request ID: Root=1-67c4a0f2-3b2f1e0d4c5a69781a2b3c4d;e1f0c9a8-7b6d-4e5f-9a8b-1c2d3e4f5a6b)",
    ),
)

VALIDATE = SERVE_ARGS + FROM_CLI + (("@server_args.py", 608, "__post_init__", "self._validate_parameters()"),)
case(
    "sp_degree_not_dividing_num_gpus",
    "0.5.9",
    "server_args.py:1115-1119 (_validate_parallelism), 392, 608",
    "config_error",
    "--num-gpus 4 --sp-degree 3: the argument check refuses the parallel layout",
    join(
        f"{d(0)} Automatically set ulysses_degree=sp_degree=3 for best performance",
        TB,
        tb(
            *VALIDATE,
            ("@server_args.py", 392, "_validate_parameters", "self._validate_parallelism()"),
            ("@server_args.py", 1117, "_validate_parallelism", "raise ValueError("),
        ),
        "ValueError: num_gpus (4) must be >= and divisible by sp_degree (3)",
    ),
)

case(
    "cfg_parallel_on_one_gpu",
    "0.5.9",
    "server_args.py:1172-1176 (_validate_cfg_parallel), 393, 608",
    "config_error",
    "--enable-cfg-parallel with one GPU: refused at argument checks",
    join(
        TB,
        tb(
            *VALIDATE,
            ("@server_args.py", 393, "_validate_parameters", "self._validate_cfg_parallel()"),
            ("@server_args.py", 1174, "_validate_cfg_parallel", "raise ValueError("),
        ),
        "ValueError: CFG Parallelism is enabled via `--enable-cfg-parallel`, but num_gpus == 1",
    ),
)

case(
    "ring_attention_with_sdpa_backend",
    "0.5.9",
    "server_args.py:459-467 (_adjust_attention_backend), 384, 605",
    "config_error",
    "--ring-degree 2 with --attention-backend torch_sdpa: ring attention needs flash or sage attention",
    join(
        TB,
        tb(
            *SERVE_ARGS,
            *FROM_CLI,
            ("@server_args.py", 605, "__post_init__", "self._adjust_parameters()"),
            ("@server_args.py", 384, "_adjust_parameters", "self._adjust_attention_backend()"),
            ("@server_args.py", 465, "_adjust_attention_backend", "raise ValueError("),
        ),
        "ValueError: Ring Attention is only supported for flash attention or sage attention backend for now",
    ),
)

case(
    "layerwise_offload_with_cache_dit",
    "0.5.9",
    "server_args.py:1105-1112 (_validate_offload), 391, 608",
    "config_error",
    "--dit-layerwise-offload together with SGLANG_CACHE_DIT_ENABLED=true: an offload option combination the runtime refuses",
    join(
        f"{d(0)} Automatically enable dit_layerwise_offload for WanT2V720PConfig for low memory and performance balance",
        TB,
        tb(
            *VALIDATE,
            ("@server_args.py", 391, "_validate_parameters", "self._validate_offload()"),
            ("@server_args.py", 1108, "_validate_offload", "raise ValueError("),
        ),
        "ValueError: dit_layerwise_offload cannot be enabled together with cache-dit. cache-dit may reuse skipped blocks whose weights have been released by layerwise offload, causing shape mismatch errors. Please disable either --dit-layerwise-offload or SGLANG_CACHE_DIT_ENABLED.",
    ),
)

case(
    "pipeline_class_name_not_in_registry_worker_dies",
    "0.5.9",
    "pipelines_core/__init__.py:47-62 (explicit pipeline_class_name), gpu_worker.py:132/505-510, launch_server.py:153-160",
    "config_error",
    "--pipeline-class-name with a name the registry does not have: the worker raises while building the pipeline and dies before ready",
    join(
        qwen_boot(0, pipeline_class_name="QwenImagePipelineV2")[:5],
        f"{d(6)} Requested pipeline_class_name: QwenImagePipelineV2",
        f"{d(6)} Available pipelines in registry: ['ComfyUIFluxPipeline', 'ComfyUIQwenImagePipeline', 'ComfyUIQwenImageEditPipeline', 'ComfyUIZImagePipeline', 'FluxPipeline', 'Flux2Pipeline', 'Flux2KleinPipeline', 'GlmImagePipeline', 'HunyuanVideoPipeline', 'LTX2Pipeline', 'QwenImagePipeline', 'QwenImageEditPipeline', 'QwenImageEditPlusPipeline', 'QwenImageLayeredPipeline', 'WanPipeline', 'WanImageToVideoPipeline']",
        worker_dies(
            6,
            BUILD + (("@pipelines_core/__init__.py", 60, "build_pipeline", "raise ValueError("),),
            "ValueError: Pipeline class 'QwenImagePipelineV2' not found in registry. Available pipelines: ['ComfyUIFluxPipeline', 'ComfyUIQwenImagePipeline', 'ComfyUIQwenImageEditPipeline', 'ComfyUIZImagePipeline', 'FluxPipeline', 'Flux2Pipeline', 'Flux2KleinPipeline', 'GlmImagePipeline', 'HunyuanVideoPipeline', 'LTX2Pipeline', 'QwenImagePipeline', 'QwenImageEditPipeline', 'QwenImageEditPlusPipeline', 'QwenImageLayeredPipeline', 'WanPipeline', 'WanImageToVideoPipeline']",
        ),
        launcher_eof(7, 1),
    ),
)

case(
    "no_model_info_found_0_5_6",
    "0.5.6.post1",
    "registry.py:167-214 (_get_config_info), 270 (get_model_info), configs/pipeline_configs/base.py:494, server_args.py:738/748",
    "config_error",
    "a fine-tune whose path and pipeline class match no registered model family detector: 0.5.6 cannot resolve a config for it",
    join(
        TB,
        tb(
            ("/usr/local/bin/sglang", 10, "<module>", "sys.exit(main())"),
            ("+sglang/cli/main.py", 26, "main", "args.func(args, extra_argv)"),
            ("+sglang/cli/serve.py", 63, "serve", "execute_serve_cmd(parsed_args, remaining_argv)"),
            (
                "@entrypoints/cli/serve.py",
                32,
                "execute_serve_cmd",
                "server_args = ServerArgs.from_cli_args(args, unknown_args)",
            ),
            ("@server_args.py", 738, "from_cli_args", "return cls.from_dict(provided_args)"),
            ("@server_args.py", 748, "from_dict", "pipeline_config = PipelineConfig.from_kwargs(kwargs)"),
            (
                f"{PY}/sglang/multimodal_gen/configs/pipeline_configs/base.py",
                494,
                "from_kwargs",
                "model_info = get_model_info(model_path)",
            ),
            (
                f"{PY}/sglang/multimodal_gen/registry.py",
                270,
                "get_model_info",
                "config_info = _get_config_info(model_path)",
            ),
            (
                f"{PY}/sglang/multimodal_gen/registry.py",
                214,
                "_get_config_info",
                'raise RuntimeError(f"No model info found for model path: {model_path}")',
            ),
        ),
        "RuntimeError: No model info found for model path: /data/models/acme-sdxl-turbo-ft",
    ),
)

# ============================================================================ NCCL among the workers
PYNCCL = DIST + (
    (
        "@distributed/parallel_state.py",
        286,
        "init_distributed_environment",
        "_WORLD = init_world_group(ranks, local_rank, backend)",
    ),
    ("@distributed/parallel_state.py", 131, "init_world_group", "return GroupCoordinator("),
    ("@distributed/group_coordinator.py", 198, "__init__", "self.device_communicator = CudaCommunicator("),
    (
        "@distributed/device_communicators/cuda_communicator.py",
        31,
        "__init__",
        "self.pynccl_comm = PyNcclCommunicator(",
    ),
    (
        "@distributed/device_communicators/pynccl.py",
        107,
        "__init__",
        "self.comm: ncclComm_t = self.nccl.ncclCommInitRank(",
    ),
    ("@distributed/device_communicators/pynccl_wrapper.py", 328, "ncclCommInitRank", "self.NCCL_CHECK("),
    (
        "@distributed/device_communicators/pynccl_wrapper.py",
        307,
        "NCCL_CHECK",
        'raise RuntimeError(f"NCCL error: {error_str}")',
    ),
)
case(
    "pynccl_init_unhandled_cuda_error_2x4090",
    "0.5.9",
    "distributed/device_communicators/pynccl.py:77/107, pynccl_wrapper.py:304-307, parallel_state.py:286/131, group_coordinator.py:198; NCCL's own WARN lines",
    "nccl_or_distributed",
    "the two workers' NCCL communicator fails to form on two GeForce cards (P2P between them refused): NCCL's own init error",
    join(
        [
            line
            for line in wan_boot(0, "Wan-AI/Wan2.2-TI2V-5B-Diffusers", num_gpus=2, sp_degree=2, ulysses_degree=2)
            if "Loading" not in line and "Loaded" not in line and "pipeline" not in line and "Model path" not in line
        ],
        f"{d(5)} Initializing distributed environment with world_size=2, device=cuda:1, timeout=None",
        f"{d(6)} sglang-diffusion is using nccl==2.27.3",
        "b7a1f0c2e4d9:812:812 [0] transport/p2p.cc:275 NCCL WARN Cuda failure 'peer access is not supported between these two devices'",
        "b7a1f0c2e4d9:812:812 [0] NCCL INFO transport/p2p.cc:332 -> 1",
        "b7a1f0c2e4d9:812:812 [0] NCCL INFO init.cc:1459 -> 1",
        f"{d(7)} Worker 0: Shutdown complete.",
        "Process sglang-diffusionWorker-0:",
        TB,
        tb(*PYNCCL),
        "RuntimeError: NCCL error: unhandled cuda error (run with NCCL_DEBUG=INFO for details)",
        launcher_eof(8, 1),
    ),
)

case(
    "ulysses_alltoall_watchdog_timeout_serving",
    "0.5.9",
    "torch ProcessGroupNCCL watchdog text as in vipshop/cache-dit#761 (ALLTOALL_BASE in a Ulysses mesh); server start-up from 0.5.9 (server_args.py:524 ulysses, gpu_worker.py:489, launch_server.py:179)",
    "nccl_or_distributed",
    "after ready, a 4-GPU Ulysses group's all-to-all hangs until the NCCL watchdog times out and takes the worker down: a collective communication failure",
    join(
        f"{d(0)} Automatically set ulysses_degree=sp_degree=4 for best performance",
        wan_boot(0, "Wan-AI/Wan2.2-T2V-A14B-Diffusers", num_gpus=4, sp_degree=4, ulysses_degree=4)[:4],
        f"{d(7)} sglang-diffusion is using nccl==2.27.3",
        f"{d(80)} Loaded transformer: WanTransformer3DModel (sgl-diffusion version). consumed: 0.82 GB, avail mem: 77.69 GB",
        serve_ready(95),
        f"{d(120)} [DenoisingStage] started...",
        " 35%|███▌      | 14/40 [00:41<01:16,  2.95s/it]",
        "[rank2]:[E302 10:32:41.697891902 ProcessGroupNCCL.cpp:744] [Rank 2] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
        "[rank2]:[E302 10:32:41.697911536 ProcessGroupNCCL.cpp:758] [Rank 2] To avoid data inconsistency, we are taking the entire process down.",
        "[rank2]:[E302 10:32:41.698812301 ProcessGroupNCCL.cpp:2057] [PG ID 2 PG GUID 5(mesh_ulysses) Rank 2] Process group watchdog thread terminated with exception: [Rank 2] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=472025, OpType=ALLTOALL_BASE, NumelIn=407003136, NumelOut=407003136, Timeout(ms)=1800000) ran for 1800018 milliseconds before timing out.",
        "Exception raised from checkTimeout at /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:686 (most recent call first):",
        f"frame #0: c10::Error::Error(c10::SourceLocation, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >) + 0x80 (0x7fc63b571b80 in {PY}/torch/lib/libc10.so)",
        f"frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x247 (0x7fc63c44d5b7 in {PY}/torch/lib/libtorch_cuda.so)",
        f"frame #2: c10d::ProcessGroupNCCL::Watchdog::runLoop() + 0x1691 (0x7fc63c452db1 in {PY}/torch/lib/libtorch_cuda.so)",
        "",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        f'{u(1942)} INFO:     10.0.3.17:51560 - "POST /v1/videos HTTP/1.1" 500 Internal Server Error',
    ),
)

case(
    "tcpstore_recv_failed_after_rank0_segfault",
    "0.5.5",
    "the thread gpustack/gpustack#3383 (2x RTX 4090: rank 1's TCPStore recvValue failed against remote port 30005); launch_server.py (0.5.5) rank-0-dead lines",
    "nccl_or_distributed",
    "rank 0 dies with a signal (-11) and no Python error while the group forms; rank 1's TCPStore loses its peer: a rank-death cascade among the workers",
    join(
        f'{d(0)} server_args: {{"model_path": "/var/lib/gpustack/cache/huggingface/black-forest-labs/FLUX.1-dev", "attention_backend": null, "mode": "inference", "workload_type": "t2v", "distributed_executor_backend": "mp", "nccl_port": null, "num_gpus": 2, "tp_size": 2, "sp_degree": 1, "dit_cpu_offload": true, "text_encoder_cpu_offload": true, "vae_cpu_offload": true, "master_port": 30005, "host": "0.0.0.0", "port": 40059, ...}}',
        f"{d(1)} Starting server...",
        f"{d(6)} Initializing distributed environment with world_size=2, device=cuda:0, timeout=None",
        f"{d(6)} Initializing distributed environment with world_size=2, device=cuda:1, timeout=None",
        "[rank1]:[W302 10:00:09.271588084 TCPStore.cpp:125] [c10d] recvValue failed on SocketImpl(fd=61, addr=[localhost]:33850, remote=[localhost]:30005): Failed to recv, got 0 bytes. Connection was likely closed. Did the remote server shutdown or crash?",
        "Exception raised from recvBytes at /pytorch/torch/csrc/distributed/c10d/Utils.hpp:682 (most recent call first):",
        f"frame #0: c10::Error::Error(c10::SourceLocation, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >) + 0x80 (0x7090b977eeb0 in {PY}/torch/lib/libc10.so)",
        f"frame #1: <unknown function> + 0x5d694d1 (0x70909d7ef4d1 in {PY}/torch/lib/libtorch_cpu.so)",
        f"frame #4: c10d::TCPStore::check(std::vector<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >, std::allocator<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > > > const&) + 0x2a (0x70909d7ea1ba in {PY}/torch/lib/libtorch_cpu.so)",
        f"{d(9)} Rank 0 scheduler is dead. Please check if there are relevant logs.",
        f"{d(11)} Exit code: -11",
        TB,
        tb(
            ("/usr/local/bin/sglang", 10, "<module>", "sys.exit(main())"),
            ("+sglang/cli/main.py", 26, "main", "args.func(args, extra_argv)"),
            ("+sglang/cli/serve.py", 63, "serve", "execute_serve_cmd(parsed_args, remaining_argv)"),
            ("@entrypoints/cli/serve.py", 34, "execute_serve_cmd", "launch_server(server_args)"),
            ("@launch_server.py", 109, "launch_server", "data = reader.recv()"),
            *RECV_EOF,
        ),
        "EOFError",
    ),
)

# ============================================================================ CUDA faults (cuda_error_other)
IMA = (
    "torch.AcceleratorError: CUDA error: an illegal memory access was encountered\n"
    "Search for `cudaErrorIllegalAddress' in https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html for more information.\n"
    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n"
)
case(
    "sage_attention_illegal_address_while_denoising",
    "0.5.9",
    "platforms/cuda.py:186 (sage backend), gpu_worker.py:277-285, perf_logger.py:233-241; torch's cudaErrorIllegalAddress text (as in Comfy-Org/ComfyUI#15271)",
    "cuda_error_other",
    "with --attention-backend sage_attn a served request faults with an illegal memory access in the kernel, and the next request fails on the same poisoned context: a CUDA runtime fault",
    join(
        wan_boot(0, "Wan-AI/Wan2.2-TI2V-5B-Diffusers", attention_backend="sage_attn"),
        f"{d(34)} Loading transformer from /models/Wan2.2-TI2V-5B-Diffusers/transformer. avail mem: 78.51 GB",
        f"{d(34)} Loading WanTransformer3DModel from 3 safetensors files , param_dtype: torch.bfloat16",
        f"{d(34)} Using Sage Attention backend",
        f"{d(49)} Loaded transformer: WanTransformer3DModel (sgl-diffusion version). consumed: 9.31 GB, avail mem: 69.20 GB",
        serve_ready(52),
        f"{d(70)} [DenoisingStage] started...",
        " 12%|█▎        | 6/50 [00:04<00:33,  1.31it/s]",
        f"{d(75)} [DenoisingStage] Error during execution after 4712.0331 ms: CUDA error: an illegal memory access was encountered",
        f"{d(75)} Error executing request 2b9f07aa1c0e4e21b8b2cb0e1d6a4f55: CUDA error: an illegal memory access was encountered",
        TB,
        tb(*DENOISE),
        IMA,
        f'{u(75)} INFO:     10.0.3.17:40412 - "POST /v1/videos HTTP/1.1" 500 Internal Server Error',
        f"{d(90)} [InputValidationStage] started...",
        f"{d(90)} [TextEncodingStage] started...",
        f"{d(90)} [TextEncodingStage] Error during execution after 3.0112 ms: CUDA error: an illegal memory access was encountered",
        f"{d(90)} Error executing request 90c41d2e8f1b4a7c9d3e5f60718293a4: CUDA error: an illegal memory access was encountered",
        f'{u(90)} INFO:     10.0.3.17:40418 - "POST /v1/videos HTTP/1.1" 500 Internal Server Error',
    ),
)

# ============================================================================ healthy contrasts
case(
    "healthy_zmq_port_retry_then_serves",
    "0.5.9",
    "utils/common.py:196-209 (get_zmq_socket retry, success warning), scheduler.py:74",
    "healthy",
    "the ZMQ scheduler port was taken, the socket moved 42 up with a warning that names the port, the server loads and serves",
    join(
        qwen_boot(0)[:3],
        f"{d(5)} ZMQ bind failed for port 5609, retrying with port 5651 (attempt 2/10)",
        f"{YEL}{d(5)} Successfully bound ZMQ socket to tcp://0.0.0.0:5651 after 2 attempts. Original port 5609 was unavailable.{RST}",
        f"{d(5)} Scheduler bind at endpoint: tcp://0.0.0.0:5651",
        qwen_boot(0)[4:],
        qwen_dit_ok(32),
        serve_ready(76),
        image_request(100),
    ),
)

case(
    "healthy_http_port_settled_elsewhere",
    "0.5.9",
    "server_args.py:945-953 (settle_port's info line), 487-488",
    "healthy",
    "port 30000 was in use at start: the launcher says so and takes 30042, uvicorn runs there and serves",
    join(
        f"{d(0)} Port 30000 was unavailable, using port 30042 instead",
        [line.replace('"port": 30000', '"port": 30042') for line in qwen_boot(0)],
        qwen_dit_ok(32),
        serve_ready(76, port=30042),
        image_request(100),
    ),
)

case(
    "healthy_customized_transformer_fails_native_serves",
    "0.5.9",
    "component_loader.py:95-118 (traceback.print_exc, falling back, native warning), fsdp_load.py:258",
    "healthy",
    "a fine-tuned Qwen-Image's DiT has a key the customized loader does not know: a traceback and an error line, then the native diffusers module loads and the server serves",
    join(
        [
            line.replace(SNAP_Q, "/data/ckpt/qwen-image-ft-v3")
            for line in qwen_boot(0, model_path="/data/ckpt/qwen-image-ft-v3")
        ],
        f"{d(32)} Loading transformer from /data/ckpt/qwen-image-ft-v3/transformer. avail mem: 63.38 GB",
        f"{d(32)} Loading QwenImageTransformer2DModel from 4 safetensors files , param_dtype: torch.bfloat16",
        TB,
        tb(
            ("@loader/component_loaders/component_loader.py", 92, "load", "component = self.load_customized("),
            (
                "@loader/component_loaders/transformer_loader.py",
                138,
                "load_customized",
                "model = maybe_load_fsdp_model(",
            ),
            ("@loader/fsdp_load.py", 130, "maybe_load_fsdp_model", "load_model_from_full_model_state_dict("),
            (
                "@loader/fsdp_load.py",
                258,
                "load_model_from_full_model_state_dict",
                "full_tensor = custom_param_sd[target_param_name]",
            ),
        ),
        "KeyError: 'transformer_blocks.0.attn.norm_added_q.weight'",
        f"{RED}{d(40)} Error while loading customized transformer, falling back to native version{RST}",
        "Loading checkpoint shards: 100%|██████████| 4/4 [00:11<00:00,  2.80s/it]",
        f"{YEL}{d(58)} Native component transformer: QwenImageTransformer2DModel is loaded, performance may be sub-optimal{RST}",
        f"{d(58)} Loaded transformer: QwenImageTransformer2DModel (native version). consumed: 38.11 GB, avail mem: 25.27 GB",
        f"{d(59)} Loaded vae: AutoencoderKLQwenImage (sgl-diffusion version). consumed: 0.24 GB, avail mem: 25.03 GB",
        serve_ready(60),
        image_request(80),
    ),
)

case(
    "healthy_no_native_support_falls_back_to_diffusers",
    "0.5.9",
    "registry.py:409-414 (falling back to the diffusers backend), pipelines/diffusers_pipeline.py",
    "healthy",
    "a pipeline SGLang has no native implementation of, under --backend auto: a warning that it is unsupported natively, then the vanilla diffusers pipeline loads and serves",
    join(
        f"{YEL}{d(0)} Pipeline class 'StableDiffusion3Pipeline' specified in 'stabilityai/stable-diffusion-3.5-large' has no native sglang support. Falling back to diffusers backend.{RST}",
        server_args(0, "stabilityai/stable-diffusion-3.5-large"),
        f"{d(1)} Starting server...",
        f"{d(5)} Scheduler bind at endpoint: tcp://0.0.0.0:5609",
        f"{d(5)} Initializing distributed environment with world_size=1, device=cuda:0, timeout=None",
        f"{d(6)} No pipeline_class_name specified, using model_index.json",
        f"{YEL}{d(6)} Pipeline class 'StableDiffusion3Pipeline' specified in 'stabilityai/stable-diffusion-3.5-large' has no native sglang support. Falling back to diffusers backend.{RST}",
        f"{d(6)} Using pipeline from model_index.json: DiffusersPipeline",
        "Loading pipeline components...: 100%|██████████| 9/9 [00:21<00:00,  2.37s/it]",
        serve_ready(30),
        image_request(45),
    ),
)


# The classifier's misses at first sight (strict: a fix must remove the entry), with the label it gave.
XFAIL: dict[str, str] = {
    # both first-sight misses fixed since (tests/test_logwatch_families.py): the diffusion runtime's `[MM-DD HH:MM:SS]`
    # prefix and its loaders' lines (a kill while they load is the weights'), c10d's store connection lost
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_diffusion_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


# Healthy templates that fire a failure event on the way (what a live supervisor acts on), with the event's label: the
# same check as tests/test_logwatch_review.py, kept strict here.
EVENT_XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_diffusion_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35

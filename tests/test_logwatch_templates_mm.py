"""SGLang's other runtimes and its multimodal paths (issue 18), rendered blind: the diffusion runtime
`sglang.multimodal_gen` (0.5.5+: its own `[MM-DD HH:MM:SS] message` logger from runtime/utils/logging_utils.py's
configure_logger, ANSI-coloured warnings and errors, its launcher's `Rank N scheduler is dead` / EOFError ending, a
worker's death printed by Python's multiprocessing as `Process sglang-diffusionWorker-N:` and a traceback, its
`OOM detected. Possible solutions:` hint, its component loaders, its server-args checks and its distributed set-up),
the LLM runtime's multimodal paths (the ViT CUDA graph runner, an image warm-up, the multimodal processor's data
loading) and embedding / sparse-embedding models (`--is-embedding`, XLM-RoBERTa's sparse head, BERT's embeddings).

Every message is copied from the release named (SGLang 0.5.5 / 0.5.10.post1 / 0.5.23 under sglang/multimodal_gen/ or
sglang/srt/; torch's allocator and c10d store texts; CPython's multiprocessing), with its fields filled in, inside the
wrapper that runtime prints. Each label, with its one line of why, was written before the classifier ran.

First sight (one run, labels and logs fixed beforehand): 27/33. The six misses are strict xfails (XFAIL below): the
diffusion launcher's two port errors (a port busy under --strict-ports, no free port after 100 tries) read as
config_error; a worker SIGKILLed while loading (the OS OOM killer, only `Exit code: -9` and the launcher's EOFError)
read as unknown; SGLang's own world-size arithmetic raised inside the distributed set-up read as nccl_or_distributed;
a Ulysses layout that fails every request after ready read as healthy; the ViT CUDA graph runner's "Not supported ViT
attention backend" (a setting, raised while serving) read as cuda_error_other. Several labels are arguable and say
so in a comment at the case.
"""

# ruff: noqa: E501, RUF005  (log lines are data; call paths are built by extending a shared prefix)

from __future__ import annotations

from typing import NamedTuple

import pytest

from safelaunch.core.logwatch import classify_text

from .logwatch_templates import LOAD as LOAD_
from .logwatch_templates import (
    LOOP,
    PKG,
    RUNPY,
    TB,
    first_sight,
    frames,
    launcher_dies,
    scheduler_dies,
    startup,
    ts,
)


class Template(NamedTuple):
    version: str
    source: str  # file:line of that release (sglang/multimodal_gen/..., sglang/srt/..., or the library named)
    label: str
    why: str
    log: str


CASES: dict[str, Template] = {}


def case(name: str, version: str, source: str, label: str, why: str, log: str) -> None:
    assert name not in CASES
    CASES[name] = Template(version, source, label, why, log)


# ============================================================================ the diffusion runtime's own wrappers
MG = f"{PKG}/sglang/multimodal_gen"
PY = "/usr/lib/python3.12"
YELLOW, RED, RESET = "\033[93m", "\033[91m", "\033[0;0m"  # logging_utils.py ColoredFormatter (WARNING, ERROR)


def dts(second: int) -> str:
    """configure_logger's `[%(asctime)s] %(message)s`, datefmt `%m-%d %H:%M:%S` (no rank tag: prefix is "")."""
    return f"[03-02 10:{second // 60:02d}:{second % 60:02d}]"


def warn(second: int, msg: str, *, color: bool = False) -> str:
    return f"{YELLOW}{dts(second)} {msg}{RESET}" if color else f"{dts(second)} {msg}"


def mg(path: str) -> str:
    return f"{MG}/{path}"


def mframes(*stack: tuple[str, int, str, str]) -> str:
    """frames() with paths under sglang/multimodal_gen/ (or absolute)."""
    return frames(*((p if p.startswith(("/", "<")) else mg(p), n, f, c) for p, n, f, c in stack))


# `sglang serve` (0.5.10.post1: sglang/cli/main.py -> cli/serve.py -> multimodal_gen's execute_serve_cmd)
SERVE = (
    ("/usr/local/bin/sglang", 10, "<module>", "sys.exit(main())"),
    (f"{PKG}/sglang/cli/main.py", 40, "main", "serve(args, extra_argv)"),
    (f"{PKG}/sglang/cli/serve.py", 116, "serve", "execute_serve_cmd(parsed_args, remaining_argv)"),
)
SERVE_ARGS = SERVE + (
    (
        "runtime/entrypoints/cli/serve.py",
        33,
        "execute_serve_cmd",
        "server_args = ServerArgs.from_cli_args(args, unknown_args)",
    ),
    ("runtime/server_args.py", 1004, "from_cli_args", "return cls.from_dict(provided_args)"),
)
POST_INIT = SERVE_ARGS + (
    ("runtime/server_args.py", 1027, "from_dict", "return cls(**server_args_kwargs)"),
    ("<string>", 96, "__init__", ""),
)
VALIDATE = POST_INIT + (("runtime/server_args.py", 536, "__post_init__", "self._validate_parameters()"),)
ADJUST = POST_INIT + (("runtime/server_args.py", 533, "__post_init__", "self._adjust_parameters()"),)
SERVE_LAUNCH = SERVE + (("runtime/entrypoints/cli/serve.py", 34, "execute_serve_cmd", "launch_server(server_args)"),)
# the launcher's ending when a worker's pipe closes before `ready` (launch_server.py:151-160)
EOF_TAIL = (
    TB
    + "\n"
    + mframes(
        *SERVE_LAUNCH,
        ("runtime/launch_server.py", 153, "launch_server", "data = reader.recv()"),
        (f"{PY}/multiprocessing/connection.py", 250, "recv", "buf = self._recv_bytes()"),
        (f"{PY}/multiprocessing/connection.py", 430, "_recv_bytes", "buf = self._recv(4)"),
        (f"{PY}/multiprocessing/connection.py", 399, "_recv", "raise EOFError"),
    )
    + "\nEOFError"
)
# the worker's own frames down to the pipeline's construction (0.5.10.post1 gpu_worker.py / scheduler.py)
WORKER = (
    (f"{PY}/multiprocessing/process.py", 314, "_bootstrap", "self.run()"),
    (f"{PY}/multiprocessing/process.py", 108, "run", "self._target(*self._args, **self._kwargs)"),
    ("runtime/managers/gpu_worker.py", 520, "run_scheduler_process", "scheduler = Scheduler("),
    ("runtime/managers/scheduler.py", 77, "__init__", "worker = GPUWorker("),
    ("runtime/managers/gpu_worker.py", 85, "__init__", "self.init_device_and_model()"),
)
PIPELINE = WORKER + (
    (
        "runtime/managers/gpu_worker.py",
        136,
        "init_device_and_model",
        "self.pipeline = build_pipeline(self.server_args)",
    ),
)
MODULES = PIPELINE + (
    ("runtime/pipelines_core/__init__.py", 78, "build_pipeline", "pipeline = pipeline_cls(model_path, server_args)"),
    (
        "runtime/pipelines_core/composed_pipeline_base.py",
        101,
        "__init__",
        "self.modules = self.load_modules(server_args, loaded_modules)",
    ),
    (
        "runtime/pipelines_core/composed_pipeline_base.py",
        302,
        "load_modules",
        "module, memory_usage = PipelineComponentLoader.load_component(",
    ),
    ("runtime/loader/component_loaders/component_loader.py", 347, "load_component", "return loader.load("),
)
DIT_LOAD = MODULES + (
    ("runtime/loader/component_loaders/component_loader.py", 94, "load", "component = self.load_customized("),
    ("runtime/loader/component_loaders/transformer_loader.py", 95, "load_customized", "model = maybe_load_fsdp_model("),
)
DIST = WORKER + (
    (
        "runtime/managers/gpu_worker.py",
        104,
        "init_device_and_model",
        "maybe_init_distributed_environment_and_model_parallel(",
    ),
)

OOM_MSG = """
OOM detected. Possible solutions:
  - If the OOM occurs during loading:
    1. Enable CPU offload for memory-intensive components, or use `--dit-layerwise-offload` for DiT
  - If the OOM occurs during runtime:
    1. Enable SP and/or TP (in a multi-GPU setup)
    2. Reduce the number of output tokens by lowering resolution or decreasing `--num-frames`
    3. Opt for a sparse-attention backend
    4. Enable FSDP by `--use-fsdp-inference` (in a multi-GPU setup)
    5. Enable quantization (e.g. nunchaku)
  Or, open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose
"""  # 0.5.10.post1 runtime/managers/gpu_worker.py:463-474, logged as a warning
ALLOC_TAIL = "If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"


def torch_oom(tried: str, cap: str, free: str, used: str, alloc: str, reserved: str, gpu: int = 0) -> str:
    return (
        f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {tried}. GPU {gpu} has a total capacity of {cap} "
        f"of which {free} is free. Including non-PyTorch memory, this process has {used} memory in use. Of the allocated "
        f"memory {alloc} is allocated by PyTorch, and {reserved} is reserved by PyTorch but unallocated. {ALLOC_TAIL}"
    )


def flux_args(second: int = 1, **over: object) -> str:
    """server_args.py:541 logs the sanitized arguments as JSON."""
    args = {
        "model_path": "black-forest-labs/FLUX.1-dev",
        "backend": "auto",
        "attention_backend": None,
        "num_gpus": 1,
        "tp_size": 1,
        "sp_degree": 1,
        "ulysses_degree": 1,
        "ring_degree": 1,
        "dp_size": 1,
        "enable_cfg_parallel": False,
        "dit_cpu_offload": True,
        "dit_layerwise_offload": None,
        "text_encoder_cpu_offload": True,
        "vae_cpu_offload": False,
        "pin_cpu_memory": True,
        "warmup": False,
        "master_port": 30005,
        "host": "0.0.0.0",
        "port": 30000,
        "scheduler_port": 5638,
    }
    args.update(over)
    body = ", ".join(f'"{k}": {_json(v)}' for k, v in args.items())
    return f"{dts(second)} server_args: {{{body}}}"


def _json(v: object) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return f'"{v}"'
    return str(v)


def diff_start(model: str = "black-forest-labs/FLUX.1-dev", **over: object) -> str:
    """Up to the worker's pipeline loading (0.5.10.post1): arguments, launcher, distributed init, pipeline choice."""
    return "\n".join(
        [
            flux_args(1, model_path=model, **over),
            f"{dts(1)} Starting server...",
            f"{dts(6)} Initializing distributed environment with world_size={over.get('num_gpus', 1)}, device=cuda:0, timeout=3600",
            f"{dts(7)} No pipeline_class_name specified, using model_index.json",
        ]
    )


def flux_loading(second: int = 8) -> str:
    snap = "/root/.cache/huggingface/hub/models--black-forest-labs--FLUX.1-dev/snapshots/3de623fc3c33e44ffbe2bad470d0f45bccf2eb21"
    return "\n".join(
        [
            f"{dts(second)} Using pipeline from model_index.json: FluxPipeline",
            f"{dts(second)} Loading pipeline modules...",
            f"{dts(second)} Loading required components: ['text_encoder', 'text_encoder_2', 'tokenizer', 'tokenizer_2', 'vae', 'transformer', 'scheduler']",
            f"{dts(second + 1)} Loading text_encoder from {snap}/text_encoder. avail mem: 78.52 GB",
            f"{dts(second + 3)} Loaded text_encoder: CLIPTextModel (sgl-diffusion version). model size: 0.23 GB, consumed GPU mem: 0.00 GB, avail GPU mem: 78.52 GB",
            f"{dts(second + 4)} Loading text_encoder_2 from {snap}/text_encoder_2. avail mem: 78.52 GB",
            f"{dts(second + 20)} Loaded text_encoder_2: T5EncoderModel (sgl-diffusion version). model size: 8.87 GB, consumed GPU mem: 0.00 GB, avail GPU mem: 78.52 GB",
            f"{dts(second + 21)} Loading vae from {snap}/vae. avail mem: 78.52 GB",
            f"{dts(second + 22)} Loaded vae: AutoencoderKL (sgl-diffusion version). model size: 0.16 GB, consumed GPU mem: 0.17 GB, avail GPU mem: 78.35 GB",
            f"{dts(second + 22)} Loading transformer from {snap}/transformer. avail mem: 78.35 GB",
            f"{dts(second + 22)} Loading FluxTransformer2DModel from 3 safetensors file(s) , param_dtype: torch.bfloat16",
        ]
    )


def diff_ready(second: int, *, port: int = 30000, color: bool = False) -> str:
    """The worker's end of start-up, the launcher's FastAPI start and uvicorn's lines (set_uvicorn_logging_configs:
    `[%(asctime)s] %(levelprefix)s %(message)s`, datefmt `%Y-%m-%d %H:%M:%S`; use_colors=True colours the level)."""
    info = "\033[32mINFO\033[0m:" if color else "INFO:"
    up = f"[2026-03-02 10:{(second + 1) // 60:02d}:{(second + 1) % 60:02d}]"
    return "\n".join(
        [
            f"{dts(second - 1)} Pipeline instantiated",
            f"{dts(second - 1)} Worker 0: Initialized device, model, and distributed environment.",
            f"{dts(second)} Scheduler bind at endpoint: tcp://127.0.0.1:5638",
            f"{dts(second)} Worker 0: Scheduler loop started.",
            f"{dts(second)} Starting FastAPI server.",
            f"{up} {info}     Started server process [4242]",
            f"{up} {info}     Waiting for application startup.",
            f"{up} {info}     Application startup complete.",
            f"{up} {info}     Uvicorn running on http://0.0.0.0:{port} (Press CTRL+C to quit)",
        ]
    )


def worker_dies(stack: tuple, error: str, *, exit_code: int = 1, oom: bool = False, rank: int = 0) -> str:
    """A worker raises out of run_scheduler_process: (0.5.10.post1 logs the OOM hint first, gpu_worker.py:534-536),
    multiprocessing prints `Process <name>:` and the traceback, the launcher logs the dead rank and re-raises."""
    parts = []
    if oom:
        parts.append(warn(60, OOM_MSG, color=True))
    parts.append(f"Process sglang-diffusionWorker-{rank}:\n{TB}\n{mframes(*stack)}\n{error}")
    parts.append(f"{RED}{dts(61)} Rank {rank} scheduler is dead. Please check if there are relevant logs.{RESET}")
    parts.append(f"{RED}{dts(62)} Exit code: {exit_code}{RESET}")
    parts.append(EOF_TAIL)
    return "\n".join(parts)


def diff_launcher_dies(head: str, stack: tuple, error: str) -> str:
    """`sglang serve` raises in ServerArgs (the launcher, before any worker): a bare traceback."""
    return f"{head}\n{TB}\n{mframes(*stack)}\n{error}"


SERVE_CMD = "$ sglang serve --model-path black-forest-labs/FLUX.1-dev --port 30000"


# =================================================================== diffusion: the server's arguments (launcher)
case(
    "diff-sp-degree-not-ring-times-ulysses-0.5.10",
    "0.5.10.post1",
    "multimodal_gen/runtime/server_args.py:1190 (_validate_parallelism)",
    "config_error",
    "the sequence-parallel degrees given do not multiply out: a bad combination of arguments",
    diff_launcher_dies(
        "$ sglang serve --model-path Wan-AI/Wan2.2-T2V-A14B-Diffusers --num-gpus 8 --sp-degree 8 --ulysses-degree 4 --ring-degree 1",
        VALIDATE
        + (
            ("runtime/server_args.py", 269, "_validate_parameters", "self._validate_parallelism()"),
            ("runtime/server_args.py", 1190, "_validate_parallelism", "raise ValueError("),
        ),
        "ValueError: sp_degree (8) must equal ring_degree * ulysses_degree (1 * 4 = 4)",
    ),
)
case(
    "diff-ring-attention-needs-fa3-0.5.5",
    "0.5.5",
    "multimodal_gen/runtime/server_args.py:785 (check_server_sp_args)",
    "config_error",
    "ring attention asked for with an attention backend that cannot do it: a bad argument combination",
    diff_launcher_dies(
        "$ sglang serve --model-path Wan-AI/Wan2.1-T2V-14B-Diffusers --num-gpus 4 --ring-degree 2 --ulysses-degree 2 --attention-backend sage_attn",
        SERVE[:1]
        + (
            (f"{PKG}/sglang/cli/main.py", 26, "main", "args.func(args, extra_argv)"),
            (f"{PKG}/sglang/cli/serve.py", 63, "serve", "execute_serve_cmd(parsed_args, remaining_argv)"),
            (
                "runtime/entrypoints/cli/serve.py",
                32,
                "execute_serve_cmd",
                "server_args = ServerArgs.from_cli_args(args, unknown_args)",
            ),
            ("runtime/server_args.py", 706, "from_cli_args", "return cls(**server_args_kwargs)"),
            ("<string>", 88, "__init__", ""),
            ("runtime/server_args.py", 351, "__post_init__", "self.check_server_args()"),
            ("runtime/server_args.py", 906, "check_server_args", "self.check_server_sp_args()"),
            (
                "runtime/server_args.py",
                785,
                "check_server_sp_args",
                'raise ValueError("Ring Attention is only supported for fa3 backend for now")',
            ),
        ),
        "ValueError: Ring Attention is only supported for fa3 backend for now",
    ),
)
case(
    "diff-cfg-parallel-on-one-gpu-0.5.10",
    "0.5.10.post1",
    "multimodal_gen/runtime/server_args.py:1203 (_validate_cfg_parallel)",
    "config_error",
    "CFG parallelism needs two GPUs and the launch gives one: a bad argument",
    diff_launcher_dies(
        SERVE_CMD + " --enable-cfg-parallel",
        VALIDATE
        + (
            ("runtime/server_args.py", 270, "_validate_parameters", "self._validate_cfg_parallel()"),
            ("runtime/server_args.py", 1203, "_validate_cfg_parallel", "raise ValueError("),
        ),
        "ValueError: CFG Parallelism is enabled via `--enable-cfg-parallel`, but num_gpus == 1",
    ),
)
case(
    "diff-layerwise-offload-with-cache-dit-0.5.10",
    "0.5.10.post1",
    "multimodal_gen/runtime/server_args.py:1125 (_validate_offload)",
    "config_error",
    "two options SGLang refuses together (layerwise offload and cache-dit): a bad argument combination",
    diff_launcher_dies(
        "$ SGLANG_CACHE_DIT_ENABLED=true sglang serve --model-path Wan-AI/Wan2.2-TI2V-5B-Diffusers --dit-layerwise-offload true",
        VALIDATE
        + (
            ("runtime/server_args.py", 268, "_validate_parameters", "self._validate_offload()"),
            ("runtime/server_args.py", 1125, "_validate_offload", "raise ValueError("),
        ),
        "ValueError: dit_layerwise_offload cannot be enabled together with cache-dit. cache-dit may reuse skipped blocks whose weights have been released by layerwise offload, causing shape mismatch errors. Please disable either --dit-layerwise-offload or SGLANG_CACHE_DIT_ENABLED.",
    ),
)
case(
    "diff-vae-sp-needs-vae-tiling-0.5.10",
    "0.5.10.post1",
    "multimodal_gen/configs/pipeline_configs/base.py:697 (check_pipeline_config, via server_args.py:1087 _validate_pipeline)",
    "config_error",
    "the pipeline's own config check: VAE sequence parallel without VAE tiling is refused, a bad argument",
    diff_launcher_dies(
        "$ sglang serve --model-path Wan-AI/Wan2.1-T2V-1.3B-Diffusers --num-gpus 2 --vae-sp true --vae-tiling false",
        VALIDATE
        + (
            ("runtime/server_args.py", 267, "_validate_parameters", "self._validate_pipeline()"),
            ("runtime/server_args.py", 1087, "_validate_pipeline", "self.pipeline_config.check_pipeline_config()"),
            ("configs/pipeline_configs/base.py", 697, "check_pipeline_config", "raise ValueError("),
        ),
        "ValueError: Currently enabling vae_sp requires enabling vae_tiling, please set --vae-tiling to True.",
    ),
)
case(  # printed with no traceback: Python writes a SystemExit's string argument to stderr and exits 1
    "diff-unrecognized-arguments-systemexit-0.5.10",
    "0.5.10.post1",
    "multimodal_gen/runtime/server_args.py:989 (from_cli_args: raise SystemExit(...))",
    "config_error",
    "an LLM-runtime flag given to the diffusion server, which rejects it: a bad argument",
    SERVE_CMD + " --mem-fraction-static 0.8 --tp 2\nerror: unrecognized arguments: --mem-fraction-static 0.8",
)
case(
    "diff-backend-sglang-no-model-info-0.5.10",
    "0.5.10.post1",
    "multimodal_gen/registry.py:553 (logger.error) + configs/pipeline_configs/base.py:652 (PipelineConfig.from_kwargs)",
    "config_error",
    "--backend sglang on a pipeline the native runtime has no EntryClass for: an unsupported model",
    diff_launcher_dies(
        "$ sglang serve --model-path stabilityai/stable-diffusion-3.5-large --backend sglang\n"
        + f"{RED}{dts(2)} Pipeline class 'StableDiffusion3Pipeline' specified in 'stabilityai/stable-diffusion-3.5-large' is not a registered EntryClass in the framework. Available pipelines: ['FluxPipeline', 'Flux2Pipeline', 'QwenImagePipeline', 'QwenImageEditPipeline', 'WanPipeline', 'WanImageToVideoPipeline', 'HunyuanVideoPipeline', 'ZImagePipeline']. Consider using --backend diffusers to use vanilla diffusers pipeline.{RESET}",
        SERVE_ARGS
        + (
            ("runtime/server_args.py", 1018, "from_dict", "pipeline_config = PipelineConfig.from_kwargs(kwargs)"),
            ("configs/pipeline_configs/base.py", 652, "from_kwargs", "raise ValueError("),
        ),
        "ValueError: Could not get model info for 'stabilityai/stable-diffusion-3.5-large'. If using a safetensors file, please specify pipeline_class_name",
    ),
)
case(
    "diff-strict-ports-http-busy-0.5.10",
    "0.5.10.post1",
    "multimodal_gen/runtime/server_args.py:392 (_require_port, under --strict-ports)",
    "port_in_use",
    "the HTTP port is taken and --strict-ports forbids moving: an address already in use",
    diff_launcher_dies(
        SERVE_CMD + " --strict-ports",
        ADJUST
        + (
            ("runtime/server_args.py", 257, "_adjust_parameters", "self._adjust_network_ports()"),
            ("runtime/server_args.py", 399, "_adjust_network_ports", 'self._require_port(self.port, "HTTP")'),
            ("runtime/server_args.py", 392, "_require_port", "raise RuntimeError("),
        ),
        "RuntimeError: HTTP port 30000 is unavailable and --strict-ports is enabled. Either use a different port or disable --strict-ports.",
    ),
)
case(  # arguable: no single port is named as taken; every port tried was, so by the README an address in use
    "diff-no-free-port-after-100-attempts-0.5.10",
    "0.5.10.post1",
    "multimodal_gen/runtime/server_args.py:927 (settle_port)",
    "port_in_use",
    "settle_port found every port it tried occupied: addresses already in use",
    diff_launcher_dies(
        SERVE_CMD.replace("30000", "8000"),
        ADJUST
        + (
            ("runtime/server_args.py", 257, "_adjust_parameters", "self._adjust_network_ports()"),
            (
                "runtime/server_args.py",
                408,
                "_adjust_network_ports",
                "self.master_port = self.settle_port(self.master_port, 37)",
            ),
            ("runtime/server_args.py", 927, "settle_port", "raise RuntimeError("),
        ),
        "RuntimeError: Failed to find available port after 100 attempts (started from port 30005)",
    ),
)

# ============================================================= diffusion: the worker (pipeline, loaders, distributed)
case(
    "diff-pipeline-class-name-not-in-registry-0.5.10",
    "0.5.10.post1",
    "multimodal_gen/runtime/pipelines_core/__init__.py:60 (build_pipeline)",
    "config_error",
    "--pipeline-class-name names no registered pipeline: a bad argument (the worker raises, the launcher sees it dead)",
    diff_start("/models/wan22-ti2v/wan2.2_ti2v_5B_fp16.safetensors", pipeline_class_name="WanTI2VPipeline").replace(
        f"{dts(7)} No pipeline_class_name specified, using model_index.json",
        f"{dts(7)} Requested pipeline_class_name: WanTI2VPipeline",
    )
    + f"\n{dts(7)} Available pipelines in registry: ['FluxPipeline', 'QwenImagePipeline', 'WanPipeline', 'WanImageToVideoPipeline', 'ZImagePipeline']\n"
    + worker_dies(
        PIPELINE + (("runtime/pipelines_core/__init__.py", 60, "build_pipeline", "raise ValueError("),),
        "ValueError: Pipeline class 'WanTI2VPipeline' not found in registry. Available pipelines: ['FluxPipeline', 'QwenImagePipeline', 'WanPipeline', 'WanImageToVideoPipeline', 'ZImagePipeline']",
    ),
)
case(
    "diff-dit-oom-loading-transformer-0.5.10",
    "0.5.10.post1",
    "multimodal_gen/runtime/loader/fsdp_load.py:359 (full_tensor.to(device)) + gpu_worker.py:535 (OOM_MSG) + launch_server.py:155",
    "oom_weights",
    "the DiT's weights do not fit on the GPU while the pipeline loads its components (the runtime's own hint says: offload)",
    diff_start(dit_cpu_offload=False)
    + "\n"
    + flux_loading()
    + "\n"
    + worker_dies(
        DIT_LOAD
        + (
            ("runtime/loader/fsdp_load.py", 157, "maybe_load_fsdp_model", "load_model_from_full_model_state_dict("),
            (
                "runtime/loader/fsdp_load.py",
                359,
                "load_model_from_full_model_state_dict",
                "full_tensor = full_tensor.to(device=device, dtype=target_dtype)",
            ),
        ),
        torch_oom("72.00 MiB", "23.64 GiB", "32.75 MiB", "23.58 GiB", "23.21 GiB", "87.06 MiB"),
        oom=True,
    ).replace(dts(60), dts(44)),
)
case(  # the customised loader's OOM is printed (traceback.print_exc) and survived; the native fallback then OOMs too
    "diff-dit-oom-customized-then-native-fallback-0.5.10",
    "0.5.10.post1",
    "multimodal_gen/runtime/loader/component_loaders/component_loader.py:104-109 (print_exc, 'Error while loading customized', load_native) + :355",
    "oom_weights",
    "both ways of loading the transformer run out of GPU memory: the model's components do not fit",
    diff_start("Qwen/Qwen-Image-Edit-2509", dit_cpu_offload=False, dit_layerwise_offload=True)
    + f"\n{dts(9)} Loading transformer from /root/.cache/huggingface/hub/models--Qwen--Qwen-Image-Edit-2509/snapshots/0f4e8a1/transformer. avail mem: 31.02 GB"
    + f"\n{dts(9)} Loading QwenImageTransformer2DModel from 5 safetensors file(s) , param_dtype: torch.bfloat16\n"
    + TB
    + "\n"
    + mframes(
        ("runtime/loader/component_loaders/component_loader.py", 94, "load", "component = self.load_customized("),
        (
            "runtime/loader/component_loaders/transformer_loader.py",
            95,
            "load_customized",
            "model = maybe_load_fsdp_model(",
        ),
        ("runtime/loader/fsdp_load.py", 157, "maybe_load_fsdp_model", "load_model_from_full_model_state_dict("),
        (
            "runtime/loader/fsdp_load.py",
            359,
            "load_model_from_full_model_state_dict",
            "full_tensor = full_tensor.to(device=device, dtype=target_dtype)",
        ),
    )
    + "\n"
    + torch_oom("120.00 MiB", "31.36 GiB", "44.19 MiB", "31.30 GiB", "30.72 GiB", "103.41 MiB")
    + f"\n{RED}{dts(31)} Error while loading customized transformer, falling back to native version{RESET}"
    + "\nLoading checkpoint shards: 100%|██████████| 5/5 [00:04<00:00,  1.18it/s]"
    + f"\n{RED}{dts(52)} Error while loading component: transformer, component_model_path='/root/.cache/huggingface/hub/models--Qwen--Qwen-Image-Edit-2509/snapshots/0f4e8a1/transformer'{RESET}\n"
    + worker_dies(
        MODULES
        + (
            (
                "runtime/loader/component_loaders/component_loader.py",
                114,
                "load",
                "component = component.to(device=target_device)",
            ),
            (f"{PKG}/torch/nn/modules/module.py", 1371, "to", "return self._apply(convert)"),
            (f"{PKG}/torch/nn/modules/module.py", 957, "_apply", "param_applied = fn(param)"),
            (
                f"{PKG}/torch/nn/modules/module.py",
                1357,
                "convert",
                "return t.to(",
            ),
        ),
        torch_oom("54.00 MiB", "31.36 GiB", "20.19 MiB", "31.32 GiB", "30.90 GiB", "12.44 MiB"),
        oom=True,
    ).replace(dts(60), dts(53)),
)
case(  # 0.5.5 prints no OOM hint (that arrived later): the allocator's text and the dead worker
    "diff-text-encoder-oom-building-0.5.5",
    "0.5.5",
    "multimodal_gen/runtime/loader/component_loader.py:293 (TextEncoderLoader.load_model: model_cls(model_config) under the target device) + :668",
    "oom_weights",
    "the UMT5 text encoder cannot even be built on the GPU after the DiT: the pipeline's components do not fit",
    flux_args(1, model_path="Wan-AI/Wan2.1-T2V-14B-Diffusers", text_encoder_cpu_offload=False, dit_cpu_offload=False)
    + f"\n{dts(1)} Starting server..."
    + f"\n{dts(9)} Loading text_encoder using transformers from /root/.cache/huggingface/hub/models--Wan-AI--Wan2.1-T2V-14B-Diffusers/snapshots/b1cbf2d/text_encoder"
    + f"\n{RED}{dts(10)} Error while loading component: text_encoder, component_model_path='/root/.cache/huggingface/hub/models--Wan-AI--Wan2.1-T2V-14B-Diffusers/snapshots/b1cbf2d/text_encoder'{RESET}\n"
    + f"Process sglang-diffusionWorker-0:\n{TB}\n"
    + mframes(
        (f"{PY}/multiprocessing/process.py", 314, "_bootstrap", "self.run()"),
        (f"{PY}/multiprocessing/process.py", 108, "run", "self._target(*self._args, **self._kwargs)"),
        ("runtime/managers/gpu_worker.py", 157, "run_scheduler_process", "scheduler = Scheduler("),
        ("runtime/managers/scheduler.py", 51, "__init__", "worker = GPUWorker("),
        ("runtime/managers/gpu_worker.py", 55, "__init__", "self.init_device_and_model()"),
        (
            "runtime/managers/gpu_worker.py",
            84,
            "init_device_and_model",
            "self.pipeline = build_pipeline(self.server_args)",
        ),
        ("runtime/pipelines/__init__.py", 81, "build_pipeline", "pipeline = pipeline_cls(model_path, server_args)"),
        (
            "runtime/pipelines/composed_pipeline_base.py",
            89,
            "__init__",
            "self.modules = self.load_modules(server_args, loaded_modules)",
        ),
        (
            "runtime/pipelines/composed_pipeline_base.py",
            302,
            "load_modules",
            "module = PipelineComponentLoader.load_module(",
        ),
        ("runtime/loader/component_loader.py", 670, "load_module", "raise e"),
        (
            "runtime/loader/component_loader.py",
            665,
            "load_module",
            "return loader.load(component_model_path, server_args, module_name)",
        ),
        ("runtime/loader/component_loader.py", 261, "load", "return self.load_model("),
        ("runtime/loader/component_loader.py", 293, "load_model", "model = model_cls(model_config)"),
        (f"{PKG}/torch/utils/_device.py", 104, "__torch_function__", "return func(*args, **kwargs)"),
    )
    + "\n"
    + torch_oom("1.96 GiB", "79.19 GiB", "1.02 GiB", "78.16 GiB", "77.50 GiB", "161.20 MiB")
    + f"\n{RED}{dts(11)} Rank 0 scheduler is dead. Please check if there are relevant logs.{RESET}"
    + f"\n{RED}{dts(12)} Exit code: 1{RESET}\n"
    + EOF_TAIL.replace("line 153, in launch_server", "line 110, in launch_server")
    .replace(
        'cli/main.py", line 40, in main\n    serve(args, extra_argv)',
        'cli/main.py", line 26, in main\n    args.func(args, extra_argv)',
    )
    .replace('cli/serve.py", line 116, in serve', 'cli/serve.py", line 63, in serve'),
)
case(  # arguable: no memory text at all; a worker SIGKILLed while reading shards (pinned host memory) is the OS OOM
    # killer in the threads that report it (sglang #15235); the load does not fit -> oom_weights
    "diff-worker-sigkilled-while-loading-0.5.10",
    "0.5.10.post1",
    "multimodal_gen/runtime/launch_server.py:155-160 (logger.error 'Rank 0 scheduler is dead', 'Exit code: -9', raise)",
    "oom_weights",
    "the worker is SIGKILLed mid-way through loading the DiT with pinned CPU memory: the host's OOM killer, the load does not fit",
    diff_start()
    + "\n"
    + flux_loading()
    + f"\n{RED}{dts(59)} Rank 0 scheduler is dead. Please check if there are relevant logs.{RESET}\n{RED}{dts(61)} Exit code: -9{RESET}\n"
    + EOF_TAIL,
)
case(
    "diff-master-port-eaddrinuse-0.5.10",
    "0.5.10.post1",
    "multimodal_gen/runtime/distributed/parallel_state.py:230 (init_process_group, tcp://127.0.0.1:master_port); torch c10d TCPStore (socket.cpp)",
    "port_in_use",
    "the distributed master port settled at start-up was taken before the store bound it: an address already in use",
    diff_start(num_gpus=2, sp_degree=2, ulysses_degree=2)
    + "\n[W302 10:00:06.417000006 socket.cpp:767] [c10d] The server socket has failed to bind to [::]:30005 (errno: 98 - Address already in use)."
    + "\n[W302 10:00:06.417000106 socket.cpp:767] [c10d] The server socket has failed to bind to 0.0.0.0:30005 (errno: 98 - Address already in use)."
    + "\n[E302 10:00:06.417000206 socket.cpp:805] [c10d] The server socket has failed to listen on any local network address.\n"
    + worker_dies(
        DIST
        + (
            (
                "runtime/distributed/parallel_state.py",
                497,
                "maybe_init_distributed_environment_and_model_parallel",
                "init_distributed_environment(",
            ),
            (
                "runtime/distributed/parallel_state.py",
                230,
                "init_distributed_environment",
                "torch.distributed.init_process_group(",
            ),
            (f"{PKG}/torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
            (f"{PKG}/torch/distributed/c10d_logger.py", 95, "wrapper", "func_return = func(*args, **kwargs)"),
            (
                f"{PKG}/torch/distributed/distributed_c10d.py",
                1710,
                "init_process_group",
                "store, rank, world_size = next(rendezvous_iterator)",
            ),
            (f"{PKG}/torch/distributed/rendezvous.py", 216, "_tcp_rendezvous_handler", "store = _create_c10d_store("),
            (f"{PKG}/torch/distributed/rendezvous.py", 189, "_create_c10d_store", "return TCPStore("),
        ),
        "torch.distributed.DistNetworkError: The server socket has failed to listen on any local network address. port: 30005, useIpv6: false, code: -98, name: EADDRINUSE, message: address already in use",
    ),
)
case(  # arguable: raised inside the distributed set-up, but by SGLang's own arithmetic on the degrees the user chose
    "diff-world-size-less-than-parallel-degrees-0.5.10",
    "0.5.10.post1",
    "multimodal_gen/runtime/distributed/parallel_state.py:338 (initialize_model_parallel)",
    "config_error",
    "tp x sp asks for more ranks than --num-gpus provides: a bad combination of arguments, not a communication failure",
    diff_start("Wan-AI/Wan2.2-T2V-A14B-Diffusers", num_gpus=4, tp_size=2, sp_degree=4, ulysses_degree=4)
    + "\n"
    + worker_dies(
        DIST
        + (
            (
                "runtime/distributed/parallel_state.py",
                506,
                "maybe_init_distributed_environment_and_model_parallel",
                "initialize_model_parallel(",
            ),
            ("runtime/distributed/parallel_state.py", 338, "initialize_model_parallel", "raise RuntimeError("),
        ),
        "RuntimeError: world_size (4) is less than tensor_parallel_degree (2) x pipeline_parallel_degree (1) xsequence_parallel_degree (4) xclassifier_free_guidance_degree (1) xdata_parallel_degree (1)",
    ),
)
case(
    "diff-zimage-heads-not-divisible-by-tp-0.5.10",
    "0.5.10.post1",
    "multimodal_gen/runtime/models/dits/zimage.py:154 (assert num_heads % tp_size)",
    "config_error",
    "the DiT's head count does not split over this TP size: an unsupported parallel layout for the model",
    diff_start("Tongyi-MAI/Z-Image-Turbo", num_gpus=4, tp_size=4, sp_degree=1)
    + "\n"
    + worker_dies(
        DIT_LOAD
        + (
            ("runtime/loader/fsdp_load.py", 123, "maybe_load_fsdp_model", "model = model_cls(**init_params)"),
            ("runtime/models/dits/zimage.py", 671, "__init__", "ZImageTransformerBlock("),
            ("runtime/models/dits/zimage.py", 372, "__init__", "self.attention = ZImageAttention("),
            ("runtime/models/dits/zimage.py", 152, "__init__", "assert ("),
        ),
        "AssertionError: num_heads 30 must be divisible by tp world size 4",
    ),
)
case(  # arguable: the server reached ready; every generation then fails on the same layout (the excerpt shows it)
    "diff-ulysses-heads-not-divisible-first-request-0.5.10",
    "0.5.10.post1",
    "multimodal_gen/runtime/layers/usp.py:86 (assert h_global % world_size) via gpu_worker.py:314 'Error executing request'",
    "config_error",
    "the Ulysses degree does not divide the DiT's heads, so every request fails: the parallel layout chosen is wrong",
    diff_start("Tongyi-MAI/Z-Image-Turbo", num_gpus=4, sp_degree=4, ulysses_degree=4)
    + "\n"
    + diff_ready(70)
    + f"\n{RED}{dts(99)} Error executing request 3f1c9a0e-2b7d-4c51-9d0e-8a1f5b6c7d21: h_global (30) must be divisible by world_size (4){RESET}\n"
    + TB
    + "\n"
    + mframes(
        (
            "runtime/managers/gpu_worker.py",
            230,
            "execute_forward",
            "result = self.pipeline.forward(req, self.server_args)",
        ),
        ("runtime/layers/usp.py", 84, "_usp_input_all_to_all", "assert ("),
    )
    + "\nAssertionError: h_global (30) must be divisible by world_size (4)",
)

# ============================================================== diffusion: memory while generating (after ready)
case(
    "diff-generation-oom-denoising-serving-0.5.10",
    "0.5.10.post1",
    "multimodal_gen/runtime/managers/gpu_worker.py:314 (logger.error 'Error executing request', exc_info) + :318 (OOM_MSG)",
    "oom_runtime",
    "a 1080p, 121-frame request runs the DiT out of memory after the server was ready; the server answers an error and goes on",
    diff_start("Wan-AI/Wan2.2-TI2V-5B-Diffusers")
    + "\n"
    + diff_ready(70)
    + f"\n{RED}{dts(95)} Error executing request 5d0b7c3e-8e0a-4d2f-a0c1-7c9e1b2a3f44: CUDA out of memory. Tried to allocate 21.09 GiB. GPU 0 has a total capacity of 79.19 GiB of which 9.71 GiB is free. Including non-PyTorch memory, this process has 69.46 GiB memory in use. Of the allocated memory 66.02 GiB is allocated by PyTorch, and 2.11 GiB is reserved by PyTorch but unallocated. {ALLOC_TAIL}{RESET}\n"
    + TB
    + "\n"
    + mframes(
        (
            "runtime/managers/gpu_worker.py",
            230,
            "execute_forward",
            "result = self.pipeline.forward(req, self.server_args)",
        ),
        (f"{PKG}/torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
        (
            "runtime/pipelines_core/composed_pipeline_base.py",
            622,
            "forward",
            "return self.executor.execute_with_profiling(self.stages, batch, server_args)",
        ),
        ("runtime/pipelines_core/stages/denoising.py", 1075, "forward", "noise_pred = self._predict_noise_with_cfg("),
        (
            f"{PKG}/torch/nn/functional.py",
            6487,
            "scaled_dot_product_attention",
            "return torch._C._nn.scaled_dot_product_attention(",
        ),
    )
    + "\n"
    + torch_oom("21.09 GiB", "79.19 GiB", "9.71 GiB", "69.46 GiB", "66.02 GiB", "2.11 GiB")
    + "\n"
    + warn(95, OOM_MSG, color=True),
)
case(  # arguable: the warm-up generation runs before the first user request; the server is up (workers ready,
    # uvicorn running) and the remedy is the run-time one (resolution / offload), so oom_runtime
    "diff-warmup-generation-oom-0.5.10",
    "0.5.10.post1",
    "multimodal_gen/runtime/managers/gpu_worker.py:314/:318 + scheduler.py:409 ('Warmup req ... processing failed')",
    "oom_runtime",
    "the warm-up generation at the configured resolution runs out of GPU memory in the VAE decode: memory while generating",
    diff_start("Qwen/Qwen-Image", warmup=True)
    + f"\n{dts(2)} Warmup enabled, the launch time is expected to be longer than usual\n"
    + diff_ready(60)
    + f"\n{dts(61)} Processing warmup req... (1/1)"
    + f"\n{RED}{dts(75)} Error executing request 9e2d41b7-6c0a-4f3e-b815-2a7d0c4e9f63: CUDA out of memory. Tried to allocate 6.73 GiB. GPU 0 has a total capacity of 44.39 GiB of which 3.12 GiB is free. Including non-PyTorch memory, this process has 41.25 GiB memory in use. Of the allocated memory 38.70 GiB is allocated by PyTorch, and 1.92 GiB is reserved by PyTorch but unallocated. {ALLOC_TAIL}{RESET}\n"
    + TB
    + "\n"
    + mframes(
        (
            "runtime/managers/gpu_worker.py",
            230,
            "execute_forward",
            "result = self.pipeline.forward(req, self.server_args)",
        ),
        (
            "runtime/pipelines_core/stages/decoding.py",
            205,
            "forward",
            "frames = self.decode(batch.latents, server_args)",
        ),
        (f"{PKG}/torch/nn/modules/conv.py", 548, "_conv_forward", "return F.conv2d("),
    )
    + "\n"
    + torch_oom("6.73 GiB", "44.39 GiB", "3.12 GiB", "41.25 GiB", "38.70 GiB", "1.92 GiB")
    + "\n"
    + warn(75, OOM_MSG, color=True)
    + f"\n{dts(75)} Warmup req (1/1) processing failed",
)
case(
    "diff-multi-rank-oom-fatal-serving-0.5.23",
    "0.5.23",
    "multimodal_gen/runtime/managers/gpu_worker.py:850 (_FatalDistributedForward) + :1821 (logger.exception) + :1828",
    "oom_runtime",
    "an SP=4 generation runs one rank out of memory after ready; 0.5.23 cannot desynchronise the replica and exits the worker",
    flux_args(1, model_path="Wan-AI/Wan2.2-T2V-A14B-Diffusers", num_gpus=4, sp_degree=4, ulysses_degree=4)
    + f"\n{dts(1)} Starting server..."
    + f"\n{dts(58)} [server-load] workers_ready_monotonic_ns=1740000123456789"
    + f"\n{dts(58)} Starting FastAPI server."
    + "\n[2026-03-02 10:00:59] INFO:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)"
    + f"\n{RED}{dts(140)} Worker 2 cannot safely continue after a multi-rank OOM{RESET}\n"
    + TB
    + "\n"
    + mframes(
        ("runtime/managers/gpu_worker.py", 799, "_execute_forward_common", "result = forward_fn()"),
        (
            f"{PKG}/torch/nn/functional.py",
            6487,
            "scaled_dot_product_attention",
            "return torch._C._nn.scaled_dot_product_attention(",
        ),
    )
    + "\n"
    + torch_oom("15.82 GiB", "79.19 GiB", "11.40 GiB", "67.77 GiB", "63.95 GiB", "2.88 GiB", gpu=2)
    + "\n\nThe above exception was the direct cause of the following exception:\n\n"
    + TB
    + "\n"
    + mframes(
        ("runtime/managers/gpu_worker.py", 1819, "run_scheduler_process", "scheduler.event_loop()"),
        ("runtime/managers/scheduler.py", 1581, "event_loop", "handler_result = self._dispatch_items(items)"),
        ("runtime/managers/scheduler.py", 338, "_dispatch_items", "return self._dispatch_single_request(reqs[0])"),
        (
            "runtime/managers/scheduler.py",
            322,
            "_dispatch_single_request",
            "return self._handle_generation(req_or_group, allow_dynamic_batching=False)",
        ),
        ("runtime/managers/scheduler.py", 391, "_handle_generation", "return self.worker.execute_forward(reqs)"),
        ("runtime/managers/gpu_worker.py", 614, "execute_forward", "result = self._execute_forward_common("),
        ("runtime/managers/gpu_worker.py", 850, "_execute_forward_common", "raise _FatalDistributedForward("),
    )
    + "\nsglang.multimodal_gen.runtime.managers.gpu_worker._FatalDistributedForward: Multi-rank forward ran out of memory; restart the server.",
)

# ==================================================================== diffusion: healthy starts, with warnings
case(  # traps: 'Port ... was unavailable' (moved, not failed), ANSI-coloured warnings, the layerwise-offload advice
    "healthy-diff-flux-port-moved-layerwise-warnings-0.5.10",
    "0.5.10.post1",
    "multimodal_gen/runtime/server_args.py:915 (settle_port info), :1118/:1132 (layerwise warnings); launch_server.py:172; uvicorn",
    "healthy",
    "the diffusion server moved off a busy port by itself, warned about offload trade-offs and reached uvicorn's running line",
    "\n".join(
        [
            f"{dts(0)} Port 30000 was unavailable, using port 30042 instead",
            flux_args(1, port=30042, dit_layerwise_offload=True, dit_cpu_offload=None),
            warn(1, "dit_layerwise_offload is enabled, automatically disabling dit_cpu_offload.", color=True),
            warn(
                1,
                f"dit_layerwise_offload is enabled: \033[92mlower GPU memory usage{RESET}, but {RED}may reduce throughput or increase latency{RESET}. \033[1;36mIf you are using multi-GPU deployment and already have enough memory headroom, prefer keeping dit_layerwise_offload disabled.{RESET} Please tune this based on your memory headroom and performance target.",
                color=True,
            ),
            f"{dts(1)} Starting server...",
            f"{dts(6)} Initializing distributed environment with world_size=1, device=cuda:0, timeout=3600",
            f"{dts(7)} No pipeline_class_name specified, using model_index.json",
            flux_loading(),
            f"{dts(41)} Loaded model with 11.90B parameters",
            f"{dts(41)} Loaded transformer: FluxTransformer2DModel (sgl-diffusion version). model size: 22.17 GB, consumed GPU mem: 0.52 GB, avail GPU mem: 77.83 GB",
            "Loading required modules: 100%|██████████| 7/7 [00:33<00:00,  4.79s/it]",
            diff_ready(43, port=30042, color=True),
        ]
    ),
)
case(
    "healthy-diff-wan-ulysses-sp-0.5.5",
    "0.5.5",
    "multimodal_gen/runtime/launch_server.py:26/:129, gpu_worker.py:87/:164, loader/component_loader.py:653/:531/:559, parallel_state.py",
    "healthy",
    "a 4-GPU Ulysses SP start of Wan2.1 (0.5.5's loader lines) that reaches the FastAPI/uvicorn ready lines",
    "\n".join(
        [
            flux_args(1, model_path="Wan-AI/Wan2.1-T2V-14B-Diffusers", num_gpus=4, sp_degree=4, ulysses_degree=4),
            f"{dts(1)} Starting server...",
            f"{dts(5)} Initializing distributed environment with world_size=4, device=cuda:0",
            f"{dts(9)} Loading text_encoder using transformers from /root/.cache/huggingface/hub/models--Wan-AI--Wan2.1-T2V-14B-Diffusers/snapshots/b1cbf2d/text_encoder",
            f"{dts(30)} Loading weights took 20.41 seconds",
            f"{dts(31)} Loading transformer using diffusers from /root/.cache/huggingface/hub/models--Wan-AI--Wan2.1-T2V-14B-Diffusers/snapshots/b1cbf2d/transformer",
            f"{dts(31)} transformer cls_name: WanTransformer3DModel",
            f"{dts(31)} Loading model from 6 safetensors files: ['diffusion_pytorch_model-00001-of-00006.safetensors', '...']",
            f"{dts(31)} Loading WanTransformer3DModel, default_dtype: torch.bfloat16",
            f"{dts(62)} Loaded model with 14.29B parameters",
            diff_ready(66)
            .replace(f"{dts(65)} Pipeline instantiated\n", "")
            .replace(
                "Scheduler bind at endpoint: tcp://127.0.0.1:5638", "Scheduler listening at endpoint: tcp://*:5638"
            ),
        ]
    ),
)

case(  # a trap: the customised VAE loader's assertion traceback is printed (print_exc) and the native loader succeeds
    "healthy-diff-customized-vae-falls-back-native-0.5.23",
    "0.5.23",
    "multimodal_gen/runtime/loader/component_loaders/component_loader.py:471-493 (print_exc, 'falling back', 'Native component ... sub-optimal'), :520; vae_loader.py:583",
    "healthy",
    "the customised VAE loader fails on a fine-tuned VAE, the native loader takes over with a warning and the server reaches ready",
    "\n".join(
        [
            flux_args(1, model_path="Qwen/Qwen-Image", vae_path="/models/qwen-image-vae-ft"),
            f"{dts(1)} Starting server...",
            f"{dts(6)} Initializing distributed environment with world_size=1, device=cuda:0, timeout=3600",
            f"{dts(9)} Loading vae from /models/qwen-image-vae-ft. avail mem: 62.11 GB",
            TB,
            mframes(
                (
                    "runtime/loader/component_loaders/component_loader.py",
                    413,
                    "load",
                    "component = self._load_customized_with_context(",
                ),
                (
                    "runtime/loader/component_loaders/vae_loader.py",
                    583,
                    "load_customized",
                    "assert class_name is not None, (",
                ),
            ),
            "AssertionError: Model config does not contain a _class_name attribute. Only diffusers format is supported.",
            f"{RED}{dts(9)} Error while loading customized vae, falling back to native version{RESET}",
            warn(
                10, "Native component vae: AutoencoderKLQwenImage is loaded, performance may be sub-optimal", color=True
            ),
            f"{dts(10)} Loaded vae: AutoencoderKLQwenImage (native version). model size: 0.47 GB, vram: 0.47 GB. avail GPU mem: 61.62 GB",
            f"{dts(44)} Loaded transformer: QwenImageTransformer2DModel (sgl-diffusion version). model size: 38.06 GB, vram: 38.06 GB. avail GPU mem: 23.41 GB",
            f"{dts(45)} Worker 0: Initialized device, model, and distributed environment.",
            f"{dts(45)} Worker 0: Scheduler loop started.",
            f"{dts(45)} [server-load] workers_ready_monotonic_ns=1740000045123456",
            f"{dts(45)} Starting FastAPI server.",
            "[2026-03-02 10:00:46] INFO:     Started server process [4242]",
            "[2026-03-02 10:00:46] INFO:     Waiting for application startup.",
            "[2026-03-02 10:00:46] INFO:     Application startup complete.",
            "[2026-03-02 10:00:46] INFO:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)",
        ]
    ),
)

# ============================================================ the LLM runtime: multimodal models (vision towers)
MODULE = (
    (f"{PKG}/torch/nn/modules/module.py", 1775, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
    (f"{PKG}/torch/nn/modules/module.py", 1786, "_call_impl", "return forward_call(*args, **kwargs)"),
)
MM_EMBED = (
    ("model_executor/model_runner.py", 2870, "_forward_raw", "ret, can_run_graph = self.forward_extend("),
    ("model_executor/model_runner.py", 2750, "forward_extend", "self.model.forward("),
)
QWEN25VL_IMAGE = (
    LOOP
    + MM_EMBED
    + (
        ("models/qwen2_5_vl.py", 765, "forward", "hidden_states = general_mm_embed_routine("),
        ("managers/mm_utils.py", 1052, "general_mm_embed_routine", "input_embeds, other_info = embed_mm_inputs("),
        ("managers/mm_utils.py", 822, "embed_mm_inputs", "embedding, mask, input_ids = get_embedding_and_mask("),
        (
            "managers/mm_utils.py",
            728,
            "get_embedding_and_mask",
            "embedding, input_ids = _get_chunked_prefill_embedding(",
        ),
        (
            "managers/mm_utils.py",
            628,
            "_get_chunked_prefill_embedding",
            "chunk_embedding = _get_chunked_embedding_by_item(",
        ),
        (
            "managers/mm_utils.py",
            563,
            "_get_chunked_embedding_by_item",
            "all_miss_embedding = data_embedding_func(miss_item_list)",
        ),
        (
            "models/qwen2_5_vl.py",
            682,
            "get_image_feature",
            "image_embeds = self.visual(pixel_values, grid_thw=image_grid_thw)",
        ),
    )
    + MODULE
    + (
        ("models/qwen2_5_vl.py", 411, "forward", "return self.forward_with_cuda_graph(x, grid_thw)"),
        ("models/qwen2_5_vl.py", 545, "forward_with_cuda_graph", "return self.cuda_graph_runner.run("),
        ("multimodal/vit_cuda_graph_runner.py", 372, "run", "self.create_graph("),
        ("multimodal/vit_cuda_graph_runner.py", 295, "create_graph", "self._create_graph("),
    )
)


def vlm(log: str, model: str = "Qwen/Qwen2.5-VL-72B-Instruct", arch: str = "Qwen2_5_VLForConditionalGeneration") -> str:
    return log.replace("Qwen/Qwen3-32B", model).replace("type=Qwen3ForCausalLM", f"type={arch}")


case(  # the ViT graph for a new image size is captured lazily, on the request that brings it: after ready
    "vit-cuda-graph-capture-oom-serving-0.5.10",
    "0.5.10.post1",
    "multimodal/vit_cuda_graph_runner.py:177 (y = blk(...) inside torch.cuda.graph, SGLANG_VIT_ENABLE_CUDA_GRAPH=1); torch CUDACachingAllocator",
    "oom_runtime",
    "capturing the vision tower's graph for a large image's sequence length runs out of memory while serving",
    vlm(
        scheduler_dies(
            "serving",
            QWEN25VL_IMAGE
            + (("multimodal/vit_cuda_graph_runner.py", 177, "_create_graph", "y = blk("),)
            + MODULE
            + (("models/qwen2_5_vl.py", 209, "forward", "mlp_out = self.mlp(x_norm)"),),
            torch_oom("4.59 GiB", "79.19 GiB", "3.41 GiB", "75.77 GiB", "72.06 GiB", "1.23 GiB"),
        )
    ),
)
case(  # arguable: raised while serving, but by a fixed setting (the ViT graph runner supports two mm attention backends)
    "vit-cuda-graph-unsupported-mm-attention-backend-serving-0.5.10",
    "0.5.10.post1",
    "multimodal/vit_cuda_graph_runner.py:173 (_create_graph: raise RuntimeError)",
    "config_error",
    "SGLANG_VIT_ENABLE_CUDA_GRAPH with --mm-attention-backend sdpa: the graph runner refuses that backend, a bad setting",
    vlm(
        scheduler_dies(
            "serving",
            QWEN25VL_IMAGE
            + (
                (
                    "multimodal/vit_cuda_graph_runner.py",
                    173,
                    "_create_graph",
                    'raise RuntimeError("Not supported ViT attention backend")',
                ),
            ),
            "RuntimeError: Not supported ViT attention backend",
        )
    ),
)
case(  # arguable: the warm-up's tiny image request is SGLang's first forward of the vision tower; weights, KV pool
    # and graphs are done, the tower's activations do not fit -> the run-time family (lower the static fraction)
    "vlm-warmup-image-vision-tower-oom-0.5.10",
    "0.5.10.post1",
    "models/qwen3_vl.py:1177 (get_image_feature) -> :819 (blk); entrypoints/http_server.py warm-up (/v1/chat/completions with an image)",
    "oom_runtime",
    "the image warm-up request's vision-tower activations do not fit after the KV pool took the rest: memory while running a request",
    vlm(
        scheduler_dies(
            "warmup",
            LOOP
            + MM_EMBED
            + (
                ("models/qwen3_vl.py", 1239, "forward", "hidden_states = general_mm_embed_routine("),
                (
                    "managers/mm_utils.py",
                    1052,
                    "general_mm_embed_routine",
                    "input_embeds, other_info = embed_mm_inputs(",
                ),
                (
                    "managers/mm_utils.py",
                    822,
                    "embed_mm_inputs",
                    "embedding, mask, input_ids = get_embedding_and_mask(",
                ),
                (
                    "managers/mm_utils.py",
                    728,
                    "get_embedding_and_mask",
                    "embedding, input_ids = _get_chunked_prefill_embedding(",
                ),
                (
                    "managers/mm_utils.py",
                    628,
                    "_get_chunked_prefill_embedding",
                    "chunk_embedding = _get_chunked_embedding_by_item(",
                ),
                (
                    "managers/mm_utils.py",
                    563,
                    "_get_chunked_embedding_by_item",
                    "all_miss_embedding = data_embedding_func(miss_item_list)",
                ),
                (
                    "models/qwen3_vl.py",
                    1177,
                    "get_image_feature",
                    "return self.visual(pixel_values, grid_thw=image_grid_thw)",
                ),
            )
            + MODULE
            + (("models/qwen3_vl.py", 819, "forward", "x = blk("),)
            + MODULE
            + (("models/qwen3_vl.py", 220, "forward", "attn = self.attn("),),
            torch_oom("2.25 GiB", "79.19 GiB", "1.37 GiB", "77.81 GiB", "75.48 GiB", "0.91 GiB"),
        ),
        model="Qwen/Qwen3-VL-32B-Instruct",
        arch="Qwen3VLForConditionalGeneration",
    ),
)

# ------------------------------------------------------- the LLM runtime: embedding / sparse-embedding models
case(
    "embedding-xlmr-sparse-head-not-found-0.5.10",
    "0.5.10.post1",
    "models/roberta.py:273 (XLMRobertaModel._load_sparse_linear, SGLANG_EMBEDDINGS_SPARSE_HEAD)",
    "config_error",
    "the sparse head named by SGLANG_EMBEDDINGS_SPARSE_HEAD is not in the model directory: a path that does not exist",
    scheduler_dies(
        "kv_cache",
        LOAD_
        + (
            ("model_loader/loader.py", 640, "load_model", "self.load_weights_and_postprocess("),
            ("model_loader/loader.py", 660, "load_weights_and_postprocess", "model.load_weights(weights)"),
            ("models/roberta.py", 259, "load_weights", "sparse_dict = XLMRobertaModel._load_sparse_linear("),
            ("models/roberta.py", 273, "_load_sparse_linear", "raise FileNotFoundError("),
        ),
        "FileNotFoundError: 'sparse_linear.pth' not found in /models/bge-m3",
    )
    .replace("Qwen/Qwen3-32B", "/models/bge-m3")
    .replace("type=Qwen3ForCausalLM", "type=XLMRobertaModel"),
)
case(
    "embedding-bert-relative-position-embeddings-0.5.10",
    "0.5.10.post1",
    "models/bert.py:48 (BertEmbedding.__init__)",
    "config_error",
    "a BERT checkpoint with relative position embeddings, which SGLang's BertModel does not implement: an unsupported model",
    scheduler_dies(
        "loading_weights",
        LOAD_
        + (
            ("model_loader/loader.py", 620, "load_model", "model = _initialize_model("),
            ("model_loader/loader.py", 262, "_initialize_model", "return model_class("),
            ("models/bert.py", 363, "__init__", "self.embeddings = BertEmbedding(config)"),
            ("models/bert.py", 48, "__init__", "raise ValueError("),
        ),
        "ValueError: Only 'absolute' position_embedding_type is supported",
    ).replace("Qwen/Qwen3-32B", "zhihan1996/DNABERT-2-117M"),
)

# 0.5.23's launcher: prepare_server_args -> ServerArgs.__post_init__ -> the resolution pipeline's hooks
ARGS_23 = RUNPY + (
    (f"{PKG}/sglang/launch_server.py", 81, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
    ("server_args.py", 710, "prepare_server_args", "server_args = ServerArgs.from_cli_args(raw_args)"),
    ("server_args.py", 451, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
    ("<string>", 402, "__init__", ""),
    ("server_args.py", 277, "__post_init__", "run_resolution_pipeline(self)"),
)
HOOK = ("arg_groups/resolution_hooks.py", 139, "run_hook", "step(server_args)")
case(
    "encoder-disaggregation-unsupported-architecture-0.5.23",
    "0.5.23",
    "arg_groups/pd_disaggregation_hook.py:372 (handle_encoder_disaggregation)",
    "config_error",
    "--encoder-only on a multimodal architecture the encoder/language split does not support: an unsupported architecture",
    launcher_dies(
        ARGS_23
        + (
            (
                "arg_groups/pipeline.py",
                328,
                "run_resolution_pipeline",
                "run_hook(handle_encoder_disaggregation, server_args)",
            ),
            HOOK,
            ("arg_groups/pd_disaggregation_hook.py", 372, "handle_encoder_disaggregation", "raise ValueError("),
        ),
        "ValueError: Model type Gemma3ForConditionalGeneration is not supported for encoder disaggregation. Supported architectures: Qwen2VL, Qwen3VL, Qwen3.5, InternS2, Qwen2Audio, Qwen2.5Omni, Dots3-Note, Kimi, MiMoV2, GLM5Next, MiniMax-M3, MuseSpark.",
    ).replace("Qwen/Qwen3-32B", "google/gemma-3-27b-it"),
)
case(
    "prefill-only-disable-kv-cache-needs-is-embedding-0.5.23",
    "0.5.23",
    "arg_groups/kv_cache_hook.py:880 (validate_prefill_only_disable_kv_cache_args, via model_hook.py:917)",
    "config_error",
    "a flag that only works for --is-embedding given to a generation launch: a bad argument combination",
    launcher_dies(
        ARGS_23
        + (
            (
                "arg_groups/pipeline.py",
                352,
                "run_resolution_pipeline",
                "run_hook(handle_model_capability_adjustments, server_args)",
            ),
            HOOK,
            (
                "arg_groups/model_hook.py",
                917,
                "handle_model_capability_adjustments",
                "run_hook(validate_prefill_only_disable_kv_cache_args, server_args)",
            ),
            HOOK,
            ("arg_groups/kv_cache_hook.py", 880, "validate_prefill_only_disable_kv_cache_args", "raise ValueError("),
        ),
        "ValueError: --prefill-only-disable-kv-cache currently requires --is-embedding. Other prefill-only workloads may be supported in a future change once their attention paths stop reading or writing the paged KV cache.",
    ).replace("Qwen/Qwen3-32B", "Qwen/Qwen3-Reranker-8B"),
)

# ------------------------------------------------------------ the LLM runtime: healthy multimodal / embedding starts
case(  # a trap: an image URL that is not an image fails one request (logger.exception with a traceback); serving goes on
    "healthy-vlm-image-load-error-in-request-0.5.10",
    "0.5.10.post1",
    "multimodal/processors/base_processor.py:517 and :962 (legacy_load_mm_data), logged by entrypoints/openai/serving_base.py:128",
    "healthy",
    "a VLM that reached ready; one chat request's image could not be decoded and was answered with an error",
    vlm(startup("serving"))
    + f"\n{ts(85)} Error in request: An exception occurred while loading multimodal data: Error while loading data https://example.com/cat.webp?token=abc: cannot identify image file <_io.BytesIO object at 0x7f3a2c1b5e40>\n"
    + TB
    + "\n"
    + frames(
        (
            "multimodal/processors/base_processor.py",
            502,
            "_load_single_item",
            "img, _ = load_image(data, cls.gpu_image_decode)",
        ),
        (
            "utils/common.py",
            828,
            "load_image",
            "image = _load_image(image_file=image_file, gpu_image_decode=gpu_image_decode)",
        ),
        (f"{PKG}/PIL/Image.py", 3580, "open", "raise UnidentifiedImageError(msg)"),
    )
    + "\nPIL.UnidentifiedImageError: cannot identify image file <_io.BytesIO object at 0x7f3a2c1b5e40>\n\nDuring handling of the above exception, another exception occurred:\n\n"
    + TB
    + "\n"
    + frames(
        ("multimodal/processors/base_processor.py", 914, "legacy_load_mm_data", "result = next(futures_iter).result()"),
        ("/usr/lib/python3.12/concurrent/futures/_base.py", 449, "result", "return self.__get_result()"),
        ("/usr/lib/python3.12/concurrent/futures/_base.py", 401, "__get_result", "raise self._exception"),
        (
            "multimodal/processors/base_processor.py",
            517,
            "_load_single_item",
            'raise RuntimeError(f"Error while loading data {data}: {e}")',
        ),
    )
    + "\nRuntimeError: Error while loading data https://example.com/cat.webp?token=abc: cannot identify image file <_io.BytesIO object at 0x7f3a2c1b5e40>\n\nDuring handling of the above exception, another exception occurred:\n\n"
    + TB
    + "\n"
    + frames(
        (
            "entrypoints/openai/serving_base.py",
            107,
            "handle_request",
            "return await self._handle_non_streaming_request(",
        ),
        (
            "entrypoints/openai/serving_chat.py",
            925,
            "_handle_non_streaming_request",
            "ret = await self.tokenizer_manager.generate_request(",
        ),
        (
            "managers/tokenizer_manager.py",
            518,
            "generate_request",
            "tokenized_obj = await self._tokenize_one_request(obj)",
        ),
        (
            "managers/tokenizer_manager.py",
            730,
            "_tokenize_one_request",
            "mm_inputs = await self.mm_processor.process_mm_data_async(",
        ),
        ("multimodal/processors/qwen_vl.py", 502, "process_mm_data_async", "base_output = self.load_mm_data("),
        ("multimodal/processors/base_processor.py", 962, "legacy_load_mm_data", "raise RuntimeError("),
    )
    + "\nRuntimeError: An exception occurred while loading multimodal data: Error while loading data https://example.com/cat.webp?token=abc: cannot identify image file <_io.BytesIO object at 0x7f3a2c1b5e40>"
    + f'\n{ts(85)} INFO:     10.0.0.7:50122 - "POST /v1/chat/completions HTTP/1.1" 500 Internal Server Error',
)
case(
    "healthy-sparse-embedding-overlap-disabled-0.5.10",
    "0.5.10.post1",
    "server_args.py:2078 (logger.warning, SGLANG_EMBEDDINGS_SPARSE_HEAD); http_server.py warm-up through /encode",
    "healthy",
    "an --is-embedding launch of a sparse-embedding model: the overlap scheduler is switched off with a warning, then ready",
    startup("ready")
    .replace("Qwen/Qwen3-32B", "BAAI/bge-m3")
    .replace("type=Qwen3ForCausalLM", "type=XLMRobertaModel")
    .replace(
        "log_level='info')",
        "log_level='info', is_embedding=True, disable_overlap_schedule=True)\n"
        + f"{ts(0)} Overlap scheduler is disabled when using sparse head for embedding model.",
    )
    + f'\n{ts(75)} INFO:     127.0.0.1:40112 - "POST /encode HTTP/1.1" 200 OK',
)

# ------------------------------------------------------------------------------------------------------ the tests
FIRST_SIGHT = "27/33"
# Afterwards (lead): three fixed by family: a port `unavailable`, or no free port left to move to, is the port family;
# an exception raised in a capture path whose own words refuse the setting (`Not supported ViT attention backend`) is
# config. Three stay, arguable: SIGKILL with no word of memory, SGLang's parallel-size check raised inside distributed
# set-up, and a layout that fails each request while the server goes on. Later (sixth session), two of those fixed by
# family with other helpers' cases: the SIGKILL (the diffusion runtime's prefix and loaders, so a kill while they load
# is the weights') and the parallel-size check (refusing words with no word of the network are configuration).
XFAIL: dict[str, str] = {  # the misses at first sight (one run; logs and labels unchanged since)
    "diff-ulysses-heads-not-divisible-first-request-0.5.10": "healthy",
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_an_mm_or_diffusion_template_in_its_wrapper_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


def test_every_case_says_why() -> None:
    assert all(t.why and t.source for t in CASES.values())

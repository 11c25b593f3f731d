"""SGLang in containers: what the container itself gets wrong, as the log shows it (a helper, blind).

Scope: lmsysorg/sglang images (0.4.6.post5 on python3.10, 0.5.2 and 0.5.10.post1 on python3.12; SGLang installed
editable under /sgl-workspace/sglang/python, the images based on nvidia/cuda whose entrypoint prints the CUDA banner).
The NVIDIA container toolkit missing or misconfigured (docker's own `could not select device driver`, nvidia-container-cli
failing to load libnvidia-ml, the image's `cuda>=12.8` requirement against an older host driver, the banner's "NVIDIA
Driver was not detected" followed by SGLang's `No accelerator`, torch's `Found no NVIDIA driver` when `--device cuda` is
forced, `NVIDIA_DRIVER_CAPABILITIES=compute` leaving no nvidia-smi, a cu130 image on a 12.4 driver); fewer GPUs inside
than `--tp` asks for (`--gpus device=0,1`, a bare-metal `--base-gpu-id` copied into a pod: `invalid device ordinal` after
SGLang's own `Context:` warning); /dev/shm left at docker's 64 MB (NCCL's `failed to extend /dev/shm/nccl-*`);
`ulimit -l` too low for IB across nodes (`ibv_reg_mr ... Cannot allocate memory`); a read-only root filesystem or a
non-root user (no usable temp dir for SGLang's ZMQ IPC names, the HF cache, Triton's `~/.triton`, torch inductor's
/tmp cache under --enable-torch-compile); no network for the Hub (HF_HUB_OFFLINE, no DNS); host port clashes (docker's
`port is already allocated`, uvicorn's Errno 98 and torch's TCPStore EADDRINUSE under --network host); entrypoints that
pass arguments wrongly (flags as the image's command, the launcher given twice, k8s args as one string). Four healthy
contrasts that look alarming and serve: the nvidia/cuda banner, 0.5.10's nvidia-smi fallback warning plus its
`launch_server` UserWarning, torch's c10d IPv6 socket warnings in an IPv6-less pod, NCCL INFO lines about a missing
net plugin / libibverbs in a container without IB.

Sources: SGLang lines and call paths read in the wheels (sglang==0.4.6.post5, 0.5.2, 0.5.10.post1: server_args.py
__post_init__ / prepare_server_args / PortArgs.init_new, utils get_device / get_nvgpu_memory_capacity / _cuda_mem_fallback,
model_runner init_torch_distributed's `Context:` warning, engine.py's `Rank {i} scheduler is dead` and sigquit lines,
cuda_graph_runner's `Capture CUDA graph failed`, pynccl_wrapper NCCL_CHECK, utils set_uvicorn_logging_configs);
transformers 4.56.1 utils/hub.py (offline and PermissionError wrappers); Python's tempfile; torch's CUDA init messages
and c10d socket warnings; the NVIDIA CUDA image banner (as pasted in public READMEs); NCCL shmutils.cc / ibvwrap.cc /
net plugin lines as pasted in kserve/kserve#3791, pytorch/ci-infra#490, NVIDIA/nccl-tests#206, eugr/spark-vllm-docker#389,
InternLM/lmdeploy#3286; docker / nvidia-container-cli lines as pasted in theroyallab/tabbyAPI#324, NVIDIA/nvidia-docker
threads; torch's `GPU device may be out of range` as in THUDM/slime#1326; sgl-project/sglang#3855 (flags given as the
image's command), #3470 / #9451 (invalid device ordinal in containers), #17402 (address in use with TP>1 in docker).
Library line numbers (torch, transformers, huggingface_hub, tempfile) are approximate; format fields are filled.

Labelling policy (decided before the classifier ran; by the remedy a supervisor should apply): the container cannot
reach a usable driver (toolkit absent or misconfigured, driver libraries missing, driver older than the image's CUDA)
is `cuda_error_other` (no SGLang flag fixes it; the README's "version mismatch" family); the container exposes fewer
GPUs than the parallelism asks for, or points SGLang at GPUs it does not have, is `config_error` (the fix is the
--tp / --base-gpu-id / device list, not memory or NCCL); /dev/shm and memlock limits that break NCCL's communicator
set-up are `nccl_or_distributed`; unwritable caches and temp dirs, an unreachable Hub and a wrong entrypoint are
`config_error` (environment / argument fixes); any address already bound (docker's published port, uvicorn's HTTP port,
an internal TCPStore port) is `port_in_use`.

First sight: 23/30 (7 misses, strict xfails below: docker / nvidia-container-cli refusing to start the container (3,
`unknown`), `flags_given_as_image_command` (`unknown`), the two no-driver / no-nvidia-smi launcher tracebacks read as
`config_error`, inductor's read-only cache inside `Capture CUDA graph failed` read as `cuda_error_other`). Healthy
contrasts 4/4 end `healthy`, but the NCCL-INFO one fires an `unknown` failure event on NCCL's `Plugin load returned 2 :
libnccl-net.so: cannot open shared object file` INFO line on the way (EVENT_XFAIL below).
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
SGL = "/sgl-workspace/sglang/python/sglang"  # lmsysorg/sglang images install SGLang editable here
PY310 = "/usr/local/lib/python3.10/dist-packages"  # the 0.4.x images (ubuntu 22.04)
PY312 = "/usr/local/lib/python3.12/dist-packages"  # the 0.5.x images
RUNPY310 = (
    ("/usr/lib/python3.10/runpy.py", 196, "_run_module_as_main", "return _run_code(code, main_globals, None,"),
    ("/usr/lib/python3.10/runpy.py", 86, "_run_code", "exec(code, run_globals)"),
)
RUNPY312 = (
    ("<frozen runpy>", 198, "_run_module_as_main", ""),
    ("<frozen runpy>", 88, "_run_code", ""),
)


def tb(site: str, *stack: tuple[str, int, str, str]) -> str:
    """Python's frames. A path is under SGLang's source tree unless it starts with `/` or `<` (absolute) or `+`
    (a package in the image's site-packages: `+torch/...`)."""
    out = []
    for path, line, func, code in stack:
        if path.startswith(("/", "<")):
            full = path
        elif path.startswith("+"):
            full = f"{site}/{path[1:]}"
        else:
            full = f"{SGL}/{path}"
        out.append(f'  File "{full}", line {line}, in {func}' + (f"\n    {code}" if code else ""))
    return "\n".join(out)


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


CUDA_BANNER = [
    "",
    "==========",
    "== CUDA ==",
    "==========",
    "",
    "CUDA Version 12.4.1",
    "",
    "Container image Copyright (c) 2016-2023, NVIDIA CORPORATION & AFFILIATES. All rights reserved.",
    "",
    "This container image and its contents are governed by the NVIDIA Deep Learning Container License.",
    "By pulling and using the container, you accept the terms and conditions of this license:",
    "https://developer.nvidia.com/ngc/nvidia-deep-learning-container-license",
    "",
    "A copy of this license is made available in this container at /NGC-DL-CONTAINER-LICENSE for your convenience.",
    "",
]
NO_DRIVER_BANNER = [
    "WARNING: The NVIDIA Driver was not detected.  GPU functionality will not be available.",
    "   Use the NVIDIA Container Toolkit to start this container with GPU support; see",
    "   https://docs.nvidia.com/datacenter/cloud-native/ .",
    "",
]


def args046(second: int, model: str, tp: int, **kw: object) -> str:
    """0.4.6.post5's `server_args=ServerArgs(...)` line (engine.py:553), cut short the way pastes cut it."""
    fields = {
        "model_path": model,
        "tokenizer_path": model,
        "tokenizer_mode": "auto",
        "skip_tokenizer_init": False,
        "load_format": "auto",
        "trust_remote_code": False,
        "dtype": "auto",
        "kv_cache_dtype": "auto",
        "quantization": None,
        "context_length": None,
        "device": "cuda",
        "served_model_name": model,
        "host": "0.0.0.0",
        "port": 30000,
        "mem_fraction_static": 0.87 if tp < 4 else 0.85,
        "max_running_requests": None,
        "chunked_prefill_size": 8192,
        "tp_size": tp,
        "pp_size": 1,
        **kw,
    }
    body = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    return f"{ts(second)} server_args=ServerArgs({body}, stream_interval=1, random_seed=318224957, base_gpu_id=0, log_level='info', ...)"


def args052(second: int, model: str, tp: int, **kw: object) -> str:
    """0.5.2's `server_args=ServerArgs(...)` line (engine.py:739), cut short."""
    fields = {
        "model_path": model,
        "tokenizer_path": model,
        "tokenizer_mode": "auto",
        "tokenizer_worker_num": 1,
        "skip_tokenizer_init": False,
        "load_format": "auto",
        "model_loader_extra_config": "{}",
        "trust_remote_code": False,
        "context_length": None,
        "is_embedding": False,
        "enable_multimodal": None,
        "revision": None,
        "model_impl": "auto",
        "host": "0.0.0.0",
        "port": 30000,
        "skip_server_warmup": False,
        "warmups": None,
        "nccl_port": None,
        "dtype": "auto",
        "quantization": None,
        "kv_cache_dtype": "auto",
        "mem_fraction_static": 0.835 if tp < 4 else 0.817,
        "max_running_requests": None,
        "chunked_prefill_size": 8192,
        "device": "cuda",
        "tp_size": tp,
        "pp_size": 1,
        **kw,
    }
    body = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    return f"{ts(second)} server_args=ServerArgs({body}, random_seed=742311620, log_level='info', ...)"


def sigquit(second: int) -> str:
    return f"{ts(second)} Received sigquit from a child process. It usually means the child failed."


def ready(second: int, port: int = 30000, pid: int = 1) -> list[str]:
    return [
        f"{ts(second)} INFO:     Started server process [{pid}]",
        f"{ts(second)} INFO:     Waiting for application startup.",
        f"{ts(second)} INFO:     Application startup complete.",
        f"{ts(second)} INFO:     Uvicorn running on http://0.0.0.0:{port} (Press CTRL+C to quit)",
        f'{ts(second + 1)} INFO:     127.0.0.1:46704 - "GET /get_model_info HTTP/1.1" 200 OK',
        f'{ts(second + 2)} INFO:     127.0.0.1:46710 - "POST /generate HTTP/1.1" 200 OK',
        f"{ts(second + 2)} The server is fired up and ready to roll!",
    ]


def startup046(tp: int, *, until: str, model_type: str = "Qwen2ForCausalLM") -> list[str]:
    """0.4.6.post5's scheduler lines for every rank, as far as a phase (`dist`, `weights`, `pool`, `graphs`, `all`)."""
    ranks = [f"TP{r}" for r in range(tp)] if tp > 1 else [None]
    out: list[str] = []
    for r in ranks:
        out.append(f"{ts(6, r)} Init torch distributed begin.")
    if until == "dist":
        return out
    for r in ranks:
        out.append(f"{ts(8, r)} Init torch distributed ends. mem usage={0.57 if tp > 1 else 0.0:.2f} GB")
    for r in ranks:
        out.append(f"{ts(8, r)} Load weight begin. avail mem=78.{31 if r in (None, 'TP0') else 42} GB")
    out.append(f"{ts(9, ranks[0])} Using model weights format ['*.safetensors']")
    out.append("Loading safetensors checkpoint shards:   0% Completed | 0/4 [00:00<?, ?it/s]")
    out.append("Loading safetensors checkpoint shards: 100% Completed | 4/4 [00:06<00:00,  1.58it/s]")
    for r in ranks:
        out.append(
            f"{ts(16, r)} Load weight end. type={model_type}, dtype=torch.bfloat16, avail mem={78.3 - 15.3 / tp:.2f} GB, mem usage={15.3 / tp:.2f} GB."
        )
    if until == "weights":
        return out
    for r in ranks:
        out.append(f"{ts(16, r)} KV Cache is allocated. #tokens: 1213184, K size: 29.62 GB, V size: 29.62 GB")
        out.append(f"{ts(16, r)} Memory pool end. avail mem=10.62 GB")
    if until == "pool":
        return out
    for r in ranks:
        out.append(f"{ts(17, r)} Capture cuda graph begin. This can take up to several minutes. avail mem=10.04 GB")
    if until == "graphs":
        return out
    out.append("Capturing batches (avail_mem=10.04 GB): 100%|██████████| 23/23 [00:09<00:00,  2.48it/s]")
    for r in ranks:
        out.append(f"{ts(26, r)} Capture cuda graph end. Time elapsed: 9.31 s. mem usage=0.61 GB. avail mem=9.43 GB.")
    out.append(
        f"{ts(27, ranks[0])} max_total_num_tokens=1213184, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4097, context_len=32768"
    )
    return out


def startup052(tp: int, *, until: str, model_type: str = "Qwen3ForCausalLM") -> list[str]:
    """0.5.2's scheduler lines, as far as a phase (`dist`, `weights`, `all`)."""
    ranks = [f"TP{r}" for r in range(tp)] if tp > 1 else [None]
    out: list[str] = []
    for r in ranks:
        out.append(f"{ts(7, r)} Init torch distributed begin.")
    if until == "dist":
        return out
    for r in ranks:
        out.append(f"{ts(9, r)} Init torch distributed ends. mem usage={0.81 if tp > 1 else 0.0:.2f} GB")
    for r in ranks:
        out.append(f"{ts(9, r)} Load weight begin. avail mem=78.{16 if r in (None, 'TP0') else 29} GB")
    out.append("Loading safetensors checkpoint shards:   0% Completed | 0/5 [00:00<?, ?it/s]")
    out.append("Loading safetensors checkpoint shards: 100% Completed | 5/5 [00:07<00:00,  1.49it/s]")
    for r in ranks:
        out.append(
            f"{ts(18, r)} Load weight end. type={model_type}, dtype=torch.bfloat16, avail mem={78.16 - 16.4 / tp:.2f} GB, mem usage={16.4 / tp:.2f} GB."
        )
    if until == "weights":
        return out
    for r in ranks:
        out.append(f"{ts(18, r)} KV Cache is allocated. #tokens: 982314, K size: 33.72 GB, V size: 33.72 GB")
        out.append(f"{ts(18, r)} Memory pool end. avail mem=9.87 GB")
    for r in ranks:
        out.append(f"{ts(19, r)} Capture cuda graph begin. This can take up to several minutes. avail mem=9.31 GB")
    out.append(f"{ts(19, ranks[0])} Capture cuda graph bs [1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96]")
    out.append("Capturing batches (bs=1 avail_mem=8.74 GB): 100%|██████████| 16/16 [00:05<00:00,  2.93it/s]")
    for r in ranks:
        out.append(f"{ts(25, r)} Capture cuda graph end. Time elapsed: 6.02 s. mem usage=0.58 GB. avail mem=8.73 GB.")
    out.append(
        f"{ts(26, ranks[0])} max_total_num_tokens=982314, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_gpu_mem=8.73 GB"
    )
    return out


# -- call paths (0.4.6.post5 line numbers read in its wheel)
LAUNCH_046 = RUNPY310 + (
    ("launch_server.py", 11, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
    ("srt/server_args.py", 1483, "prepare_server_args", "server_args = ServerArgs.from_cli_args(raw_args)"),
    ("srt/server_args.py", 1425, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
    ("<string>", 193, "__init__", ""),
)
SUBPROC_046 = RUNPY310 + (
    ("launch_server.py", 14, "<module>", "launch_server(server_args)"),
    (
        "srt/entrypoints/http_server.py",
        743,
        "launch_server",
        "tokenizer_manager, scheduler_info = _launch_subprocesses(server_args=server_args)",
    ),
)
SCHED_046 = (
    (
        "srt/managers/scheduler.py",
        2297,
        "run_scheduler_process",
        "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
    ),
    ("srt/managers/scheduler.py", 277, "__init__", "self.tp_worker = TpWorkerClass("),
    ("srt/managers/tp_worker_overlap_thread.py", 64, "__init__", "self.worker = TpModelWorker("),
)
RUNNER_046 = SCHED_046 + (
    ("srt/managers/tp_worker.py", 78, "__init__", "self.model_runner = ModelRunner("),
    ("srt/model_executor/model_runner.py", 224, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
)
# -- 0.5.2
SCHED_052 = (
    ("srt/managers/scheduler.py", 2587, "run_scheduler_process", "scheduler = Scheduler("),
    ("srt/managers/scheduler.py", 329, "__init__", "self.tp_worker = TpWorkerClass("),
    ("srt/managers/tp_worker_overlap_thread.py", 71, "__init__", "self.worker = TpModelWorker("),
    ("srt/managers/tp_worker.py", 93, "__init__", "self.model_runner = ModelRunner("),
    ("srt/model_executor/model_runner.py", 240, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
)
LAUNCH_052 = RUNPY312 + (
    ("launch_server.py", 11, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
    ("srt/server_args.py", 2566, "prepare_server_args", "server_args = ServerArgs.from_cli_args(raw_args)"),
    ("srt/server_args.py", 2229, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
    ("<string>", 252, "__init__", ""),
)
HF_CONFIG_052 = LAUNCH_052 + (
    ("srt/server_args.py", 535, "__post_init__", "self.model_specific_adjustments()"),
    ("srt/server_args.py", 2439, "model_specific_adjustments", "hf_config = self.get_hf_config()"),
    ("srt/server_args.py", 2240, "get_hf_config", "hf_config = get_config("),
    ("srt/utils.py", 2788, "wrapper", "result = func(*args, **kwargs)"),
    ("srt/hf_transformers_utils.py", 141, "get_config", "config = AutoConfig.from_pretrained("),
    (
        "+transformers/models/auto/configuration_auto.py",
        1272,
        "from_pretrained",
        "config_dict, unused_kwargs = PretrainedConfig.get_config_dict(pretrained_model_name_or_path, **kwargs)",
    ),
    (
        "+transformers/configuration_utils.py",
        649,
        "get_config_dict",
        "config_dict, kwargs = cls._get_config_dict(pretrained_model_name_or_path, **kwargs)",
    ),
    ("+transformers/configuration_utils.py", 708, "_get_config_dict", "resolved_config_file = cached_file("),
    (
        "+transformers/utils/hub.py",
        321,
        "cached_file",
        "file = cached_files(path_or_repo_id=path_or_repo_id, filenames=[filename], **kwargs)",
    ),
)

CUDA_ASYNC = (
    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n"
)


# ============================================================================ toolkit / driver: cuda_error_other
case(
    "no_gpus_flag_banner_then_no_accelerator_0_4_6",
    "0.4.6.post5",
    "0.4.6.post5 server_args.py:236 (__post_init__ -> get_device), utils.py:1409; nvidia/cuda entrypoint banner",
    "cuda_error_other",
    "`docker run` without --gpus: the image's banner says no driver, SGLang finds no CUDA device; the container needs the toolkit, no SGLang flag helps",
    join(
        CUDA_BANNER,
        NO_DRIVER_BANNER,
        f"{TB}\n"
        + tb(
            PY310,
            *LAUNCH_046,
            ("srt/server_args.py", 236, "__post_init__", "self.device = get_device()"),
            ("srt/utils.py", 1409, "get_device", 'raise RuntimeError("No accelerator (CUDA, XPU, HPU) is available.")'),
        )
        + "\nRuntimeError: No accelerator (CUDA, XPU, HPU) is available.",
    ),
)

case(
    "docker_no_gpu_capable_runtime",
    "0.5.2",
    "docker CLI, as in AbdBarho/stable-diffusion-webui-docker#348 and NVIDIA/nvidia-docker threads",
    "cuda_error_other",
    "docker has no GPU runtime (nvidia-container-toolkit not installed / not registered): the container never starts",
    join(
        "$ docker run --gpus all --shm-size 32g -p 30000:30000 -v ~/.cache/huggingface:/root/.cache/huggingface --ipc=host lmsysorg/sglang:v0.5.2-cu126 python3 -m sglang.launch_server --model-path Qwen/Qwen3-8B --host 0.0.0.0 --port 30000",
        'docker: Error response from daemon: could not select device driver "" with capabilities: [[gpu]].',
        "See 'docker run --help'.",
    ),
)

case(
    "toolkit_requirement_cuda_12_8_old_driver",
    "0.5.2",
    "nvidia-container-cli, as in theroyallab/tabbyAPI#324 (compose form)",
    "cuda_error_other",
    "the image's NVIDIA_REQUIRE_CUDA (cu128) is newer than the host driver (12.4): a driver/CUDA version mismatch, refused before SGLang runs",
    join(
        "[+] Running 1/1",
        " ✔ Container sglang  Created                                                     0.1s",
        "Attaching to sglang",
        "Error response from daemon: failed to create task for container: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: error running prestart hook #0: exit status 1, stdout: , stderr: Auto-detected mode as 'legacy'",
        "nvidia-container-cli: requirement error: unsatisfied condition: cuda>=12.8, please update your driver to a newer version, or use an earlier cuda container: unknown",
    ),
)

case(
    "toolkit_cannot_load_libnvidia_ml",
    "0.4.6.post5",
    "nvidia-container-cli initialization error (toolkit installed, host driver libraries absent), as in NVIDIA/nvidia-docker threads",
    "cuda_error_other",
    "the toolkit is registered but cannot find the host driver's NVML: the driver is not usable from the container",
    join(
        "$ docker run --gpus all --ipc=host -p 30000:30000 lmsysorg/sglang:v0.4.6.post5-cu124 python3 -m sglang.launch_server --model-path Qwen/Qwen2.5-7B-Instruct --host 0.0.0.0",
        "docker: Error response from daemon: failed to create task for container: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: error running hook #0: error running hook: exit status 1, stdout: , stderr: Auto-detected mode as 'legacy'",
        "nvidia-container-cli: initialization error: load library failed: libnvidia-ml.so.1: cannot open shared object file: no such file or directory: unknown.",
    ),
)

case(
    "driver_capabilities_compute_only_no_nvidia_smi_0_4_6",
    "0.4.6.post5",
    "0.4.6.post5 utils.py:1208-1235 get_nvgpu_memory_capacity (FileNotFoundError -> RuntimeError), server_args.py:244",
    "cuda_error_other",
    "NVIDIA_DRIVER_CAPABILITIES=compute mounts libcuda but not nvidia-smi; 0.4.6 cannot size the GPU: a toolkit configuration fix, not an SGLang flag",
    join(
        CUDA_BANNER,
        f"{TB}\n"
        + tb(
            PY310,
            *RUNPY310,
            ("launch_server.py", 11, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
            ("srt/server_args.py", 1483, "prepare_server_args", "server_args = ServerArgs.from_cli_args(raw_args)"),
            (
                "srt/server_args.py",
                1425,
                "from_cli_args",
                "return cls(**{attr: getattr(args, attr) for attr in attrs})",
            ),
            ("<string>", 193, "__init__", ""),
            ("srt/server_args.py", 244, "__post_init__", "gpu_mem = get_device_memory_capacity(self.device)"),
            ("srt/utils.py", 1271, "get_device_memory_capacity", "gpu_mem = get_nvgpu_memory_capacity()"),
            ("srt/utils.py", 1209, "get_nvgpu_memory_capacity", "result = subprocess.run("),
            ("/usr/lib/python3.10/subprocess.py", 503, "run", "with Popen(*popenargs, **kwargs) as process:"),
            (
                "/usr/lib/python3.10/subprocess.py",
                971,
                "__init__",
                "self._execute_child(args, executable, preexec_fn, close_fds,",
            ),
            (
                "/usr/lib/python3.10/subprocess.py",
                1863,
                "_execute_child",
                "raise child_exception_type(errno_num, err_msg, err_filename)",
            ),
        )
        + "\nFileNotFoundError: [Errno 2] No such file or directory: 'nvidia-smi'\n\n"
        "During handling of the above exception, another exception occurred:\n\n"
        f"{TB}\n"
        + tb(
            PY310,
            *LAUNCH_046,
            ("srt/server_args.py", 244, "__post_init__", "gpu_mem = get_device_memory_capacity(self.device)"),
            ("srt/utils.py", 1271, "get_device_memory_capacity", "gpu_mem = get_nvgpu_memory_capacity()"),
            ("srt/utils.py", 1233, "get_nvgpu_memory_capacity", "raise RuntimeError("),
        )
        + "\nRuntimeError: nvidia-smi not found. Ensure NVIDIA drivers are installed and accessible.",
    ),
)

case(
    "forced_device_cuda_found_no_driver_0_5_2",
    "0.5.2",
    "0.5.2 model_runner.py:594-601 (set_device, Context warning); torch c10/cuda device_count_impl's no-driver message",
    "cuda_error_other",
    "a k8s manifest passes --device cuda to a pod scheduled without a GPU resource: torch finds no driver when the scheduler sets the device",
    join(
        args052(2, "Qwen/Qwen3-8B", 1),
        f"{ts(6)} Init torch distributed begin.",
        f"{ts(6)} Context: self.device='cuda' self.gpu_id=0 os.environ.get('CUDA_VISIBLE_DEVICES')=None self.tp_rank=0 self.tp_size=1",
        f"{ts(6)} Scheduler hit an exception: {TB}\n"
        + tb(
            PY312,
            *SCHED_052,
            (
                "srt/model_executor/model_runner.py",
                597,
                "init_torch_distributed",
                "torch.get_device_module(self.device).set_device(self.gpu_id)",
            ),
            ("+torch/cuda/__init__.py", 567, "set_device", "torch._C._cuda_setDevice(device)"),
            ("+torch/cuda/__init__.py", 410, "_lazy_init", "torch._C._cuda_init()"),
        )
        + "\nRuntimeError: Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and installed a driver from http://www.nvidia.com/Download/index.aspx\n",
        sigquit(6),
    ),
)

case(
    "cu130_image_on_12_4_driver_0_5_10",
    "0.5.10.post1",
    "torch 2.9.1 cuda/__init__.py CUDA initialization warning (c10 device_count_impl), 0.5.10.post1 utils/common.py:1853 get_device",
    "cuda_error_other",
    "a CUDA 13 image (NVIDIA_DISABLE_REQUIRE=1 set to get past the toolkit) on a 550 driver: torch reports the driver too old, then no device; version mismatch",
    join(
        f"{PY312}/torch/cuda/__init__.py:182: UserWarning: CUDA initialization: The NVIDIA driver on your system is too old (found version 12040). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver. (Triggered internally at /pytorch/c10/cuda/CUDAFunctions.cpp:119.)",
        "  return torch._C._cuda_getDeviceCount() > 0",
        f"{SGL}/launch_server.py:50: UserWarning: 'python -m sglang.launch_server' is still supported, but 'sglang serve' is the recommended entrypoint.",
        "  Example: sglang serve --model-path <model> [options]",
        "  warnings.warn(",
        f"{TB}\n"
        + tb(
            PY312,
            *RUNPY312,
            ("launch_server.py", 59, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
            ("srt/server_args.py", 6539, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
            (
                "srt/server_args.py",
                5980,
                "from_cli_args",
                "return cls(**{attr: getattr(args, attr) for attr in attrs})",
            ),
            ("<string>", 330, "__init__", ""),
            ("srt/server_args.py", 768, "__post_init__", "self._handle_missing_default_values()"),
            ("srt/server_args.py", 953, "_handle_missing_default_values", "self.device = get_device()"),
            (
                "srt/utils/common.py",
                1853,
                "get_device",
                'raise RuntimeError("No accelerator (CUDA, XPU, HPU, NPU, MUSA, MPS) is available.")',
            ),
        )
        + "\nRuntimeError: No accelerator (CUDA, XPU, HPU, NPU, MUSA, MPS) is available.",
    ),
)

# ============================================================================ fewer GPUs than asked: config_error
_tp4_on_two = join(
    CUDA_BANNER,
    args046(1, "meta-llama/Llama-3.1-70B-Instruct", 4),
    f"{ts(5, 'TP0')} Init torch distributed begin.",
    f"{ts(5, 'TP1')} Init torch distributed begin.",
    f"{ts(5, 'TP2')} Init torch distributed begin.",
    f"{ts(5, 'TP2')} Context: self.device='cuda' self.gpu_id=2 os.environ.get('CUDA_VISIBLE_DEVICES')=None self.tp_rank=2 self.tp_size=4",
    f"{ts(5, 'TP3')} Init torch distributed begin.",
    f"{ts(5, 'TP3')} Context: self.device='cuda' self.gpu_id=3 os.environ.get('CUDA_VISIBLE_DEVICES')=None self.tp_rank=3 self.tp_size=4",
    f"{ts(5, 'TP2')} Scheduler hit an exception: {TB}\n"
    + tb(
        PY310,
        *RUNNER_046,
        (
            "srt/model_executor/model_runner.py",
            419,
            "init_torch_distributed",
            "torch.get_device_module(self.device).set_device(self.gpu_id)",
        ),
        ("+torch/cuda/__init__.py", 476, "set_device", "torch._C._cuda_setDevice(device)"),
    )
    + "\nRuntimeError: CUDA error: invalid device ordinal\n"
    + CUDA_ASYNC,
    sigquit(5),
)
case(
    "gpus_two_devices_tp4_invalid_ordinal_0_4_6",
    "0.4.6.post5",
    "0.4.6.post5 model_runner.py:416-424 (Context warning, re-raise); sglang#3470 / #9451",
    "config_error",
    "`--gpus '\"device=0,1\"'` with --tp 4: ranks 2 and 3 have no GPU (Context shows gpu_id=2/3); fix --tp or the device list",
    _tp4_on_two,
)

case(
    "k8s_four_gpus_tp8_accelerator_error_0_5_2",
    "0.5.2",
    "0.5.2 model_runner.py:594-601; torch 2.8 `torch.AcceleratorError ... GPU device may be out of range` as in THUDM/slime#1326",
    "config_error",
    "the pod requests nvidia.com/gpu: 4 but the args say --tp 8: ranks 4-7 have no device; fix the resource request or --tp",
    join(
        args052(1, "Qwen/Qwen3-235B-A22B-FP8", 8, ep_size=1),
        [f"{ts(6, f'TP{r}')} Init torch distributed begin." for r in range(8)],
        f"{ts(6, 'TP5')} Context: self.device='cuda' self.gpu_id=5 os.environ.get('CUDA_VISIBLE_DEVICES')=None self.tp_rank=5 self.tp_size=8",
        f"{ts(6, 'TP5')} Scheduler hit an exception: {TB}\n"
        + tb(
            PY312,
            *SCHED_052,
            (
                "srt/model_executor/model_runner.py",
                597,
                "init_torch_distributed",
                "torch.get_device_module(self.device).set_device(self.gpu_id)",
            ),
            ("+torch/cuda/__init__.py", 567, "set_device", "torch._C._cuda_setDevice(device)"),
        )
        + "\ntorch.AcceleratorError: CUDA error: invalid device ordinal\nGPU device may be out of range, do you have enough GPUs?\n"
        + CUDA_ASYNC,
        sigquit(6),
    ),
)

case(
    "base_gpu_id_copied_into_pod_0_5_2",
    "0.5.2",
    "0.5.2 model_runner.py:594-601; sglang#9451 (NVIDIA_VISIBLE_DEVICES remaps indices inside the pod)",
    "config_error",
    "a bare-metal command with --base-gpu-id 4 run in a pod given 4 GPUs (indices 0-3): every rank asks for 4-7; drop --base-gpu-id",
    join(
        args052(1, "Qwen/Qwen3-32B", 4, base_gpu_id=4),
        [f"{ts(6, f'TP{r}')} Init torch distributed begin." for r in range(4)],
        [
            f"{ts(6, f'TP{r}')} Context: self.device='cuda' self.gpu_id={4 + r} os.environ.get('CUDA_VISIBLE_DEVICES')=None self.tp_rank={r} self.tp_size=4"
            for r in range(4)
        ],
        f"{ts(6, 'TP0')} Scheduler hit an exception: {TB}\n"
        + tb(
            PY312,
            *SCHED_052,
            (
                "srt/model_executor/model_runner.py",
                597,
                "init_torch_distributed",
                "torch.get_device_module(self.device).set_device(self.gpu_id)",
            ),
            ("+torch/cuda/__init__.py", 567, "set_device", "torch._C._cuda_setDevice(device)"),
        )
        + "\ntorch.AcceleratorError: CUDA error: invalid device ordinal\nGPU device may be out of range, do you have enough GPUs?\n"
        + CUDA_ASYNC,
        sigquit(6),
    ),
)

# ============================================================================ /dev/shm and memlock: nccl_or_distributed
PYNCCL_046 = RUNNER_046 + (
    ("srt/model_executor/model_runner.py", 453, "init_torch_distributed", "initialize_model_parallel("),
    ("srt/distributed/parallel_state.py", 1152, "initialize_model_parallel", "_TP = init_model_parallel_group("),
    ("srt/distributed/parallel_state.py", 978, "init_model_parallel_group", "return GroupCoordinator("),
    ("srt/distributed/parallel_state.py", 262, "__init__", "self.pynccl_comm = PyNcclCommunicator("),
    (
        "srt/distributed/device_communicators/pynccl.py",
        109,
        "__init__",
        "self.comm: ncclComm_t = self.nccl.ncclCommInitRank(",
    ),
    ("srt/distributed/device_communicators/pynccl_wrapper.py", 350, "ncclCommInitRank", "self.NCCL_CHECK("),
    (
        "srt/distributed/device_communicators/pynccl_wrapper.py",
        329,
        "NCCL_CHECK",
        'raise RuntimeError(f"NCCL error: {error_str}")',
    ),
)


def shm_warn(
    host: str, pid: int, tid: int, rank: int, seg: str, line_ext: int, line_create: int, size: int, tail: str = ""
) -> list[str]:
    return [
        f"{host}:{pid}:{tid} [{rank}] misc/shmutils.cc:{line_ext} NCCL WARN Error: failed to extend /dev/shm/nccl-{seg} to {size + 4} bytes{tail}",
        "",
        f"{host}:{pid}:{tid} [{rank}] misc/shmutils.cc:{line_create} NCCL WARN Error while creating shared memory segment /dev/shm/nccl-{seg} (size {size}){tail}",
    ]


case(
    "shm_64m_nccl_segment_pynccl_0_4_6",
    "0.4.6.post5",
    "NCCL 2.21.5 shmutils.cc lines as in kserve/kserve#3791; 0.4.6.post5 pynccl.py:109 / pynccl_wrapper.py:329; sglang PR #1986",
    "nccl_or_distributed",
    "docker's default 64 MB /dev/shm on 4x L40S (SHM transport): NCCL cannot create its segment and the communicator fails; the fix is --shm-size / --ipc=host",
    join(
        CUDA_BANNER,
        args046(1, "Qwen/Qwen2.5-32B-Instruct", 4),
        startup046(4, until="dist"),
        shm_warn("6c1f0e2d9a7b", 108, 412, 1, "H1dBqY", 72, 113, 9637888),
        "",
        shm_warn("6c1f0e2d9a7b", 107, 409, 0, "Wq2kPa", 72, 113, 9637888),
        f"{ts(9, 'TP1')} Scheduler hit an exception: {TB}\n"
        + tb(PY310, *PYNCCL_046)
        + "\nRuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)\n",
        sigquit(9),
    ),
)

case(
    "shm_full_nccl_enospc_0_5_2",
    "0.5.2",
    "NCCL 2.27 shmutils.cc lines with errno as in pytorch/ci-infra#490; 0.5.2 pynccl path; sgl-project/sgl-project.github.io#5",
    "nccl_or_distributed",
    "a k8s pod without an emptyDir at /dev/shm (64 MB): `No space left on device (28)` on NCCL's segment; the fix is a memory-backed /dev/shm, not GPU memory",
    join(
        args052(1, "Qwen/Qwen3-30B-A3B", 2),
        startup052(2, until="dist"),
        shm_warn("sglang-qwen3-0", 210, 498, 0, "WU88OE", 88, 132, 9637888, ", error: No space left on device (28)"),
        "sglang-qwen3-0:210:498 [0] NCCL INFO transport/shm.cc:551 -> 2",
        "sglang-qwen3-0:210:498 [0] NCCL INFO transport/shm.cc:493 -> 2",
        f"{ts(10, 'TP0')} Scheduler hit an exception: {TB}\n"
        + tb(
            PY312,
            *SCHED_052,
            ("srt/model_executor/model_runner.py", 654, "init_torch_distributed", "initialize_model_parallel("),
            (
                "srt/distributed/parallel_state.py",
                1434,
                "initialize_model_parallel",
                "_TP = init_model_parallel_group(",
            ),
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
        + "\nRuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)\n",
        sigquit(10),
    ),
)

case(
    "memlock_ib_reg_mr_two_nodes_0_5_2",
    "0.5.2",
    "NCCL ibvwrap.cc `Call to ibv_reg_mr_iova2 failed with error Cannot allocate memory` as in NVIDIA/nccl-tests#206 and eugr/spark-vllm-docker#389 (memlock); 0.5.2 pynccl path",
    "nccl_or_distributed",
    "two-node TP16 in containers started without --ulimit memlock=-1 (ulimit -l 8192): IB memory registration fails in NCCL init; not GPU memory",
    join(
        args052(1, "deepseek-ai/DeepSeek-V3", 16, nnodes=2, node_rank=0, dist_init_addr="10.20.0.11:20000"),
        [f"{ts(8, f'TP{r}')} Init torch distributed begin." for r in range(8)],
        "gpu-node-11:301:1422 [3] misc/ibvwrap.cc:217 (wrap_ibv_reg_mr_iova2) NCCL WARN Call to ibv_reg_mr_iova2 failed with error Cannot allocate memory",
        "gpu-node-11:301:1422 [3] NCCL INFO transport/net_ib.cc:1528 -> 2",
        "gpu-node-11:301:1422 [3] NCCL INFO transport/net.cc:700 -> 2",
        "gpu-node-11:301:1422 [3] NCCL INFO transport.cc:183 -> 2",
        "gpu-node-11:301:1422 [3] NCCL INFO init.cc:1463 -> 2",
        f"{ts(41, 'TP3')} Scheduler hit an exception: {TB}\n"
        + tb(
            PY312,
            *SCHED_052,
            ("srt/model_executor/model_runner.py", 654, "init_torch_distributed", "initialize_model_parallel("),
            (
                "srt/distributed/parallel_state.py",
                1434,
                "initialize_model_parallel",
                "_TP = init_model_parallel_group(",
            ),
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
        + "\nRuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)\n",
        sigquit(41),
    ),
)

case(
    "memlock_ib_older_nccl_0_4_6",
    "0.4.6.post5",
    "NCCL 2.21.5 `misc/ibvwrap.cc:... NCCL WARN Call to ibv_reg_mr_iova2 failed with error Cannot allocate memory` (NVIDIA/nccl-tests#206 title); 0.4.6.post5 pynccl path",
    "nccl_or_distributed",
    "the same memlock limit under 0.4.6's image and NCCL 2.21.5's wording, on a two-node TP16 DeepSeek-R1 launch",
    join(
        CUDA_BANNER,
        args046(1, "deepseek-ai/DeepSeek-R1", 16, nnodes=2, node_rank=1, dist_init_addr="10.20.0.11:20000"),
        [f"{ts(6, f'TP{r}')} Init torch distributed begin." for r in range(8, 16)],
        "gpu-node-12:88:1290 [0] misc/ibvwrap.cc:278 NCCL WARN Call to ibv_reg_mr_iova2 failed with error Cannot allocate memory",
        "gpu-node-12:88:1290 [0] NCCL INFO transport/net_ib.cc:1079 -> 2",
        "gpu-node-12:88:1290 [0] NCCL INFO transport/net.cc:683 -> 2",
        "gpu-node-12:88:1290 [0] NCCL INFO transport.cc:166 -> 2",
        f"{ts(35, 'TP8')} Scheduler hit an exception: {TB}\n"
        + tb(PY310, *PYNCCL_046)
        + "\nRuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)\n",
        sigquit(35),
    ),
)

# ============================================================================ read-only FS, non-root user, caches: config_error
case(
    "readonly_rootfs_no_usable_tempdir_0_4_6",
    "0.4.6.post5",
    "0.4.6.post5 server_args.py:1519 PortArgs.init_new (tempfile.NamedTemporaryFile for ZMQ IPC names), engine.py:552; CPython tempfile._get_default_tempdir",
    "config_error",
    "k8s readOnlyRootFilesystem without an emptyDir at /tmp: SGLang cannot create its IPC socket files; mount a writable /tmp",
    join(
        CUDA_BANNER,
        f"{TB}\n"
        + tb(
            PY310,
            *SUBPROC_046,
            ("srt/entrypoints/engine.py", 552, "_launch_subprocesses", "port_args = PortArgs.init_new(server_args)"),
            (
                "srt/server_args.py",
                1519,
                "init_new",
                'tokenizer_ipc_name=f"ipc://{tempfile.NamedTemporaryFile(delete=False).name}",',
            ),
            (
                "/usr/lib/python3.10/tempfile.py",
                546,
                "NamedTemporaryFile",
                "prefix, suffix, dir, output_type = _sanitize_params(prefix, suffix, dir)",
            ),
            ("/usr/lib/python3.10/tempfile.py", 126, "_sanitize_params", "dir = gettempdir()"),
            ("/usr/lib/python3.10/tempfile.py", 299, "gettempdir", "return _os.fsdecode(_gettempdir())"),
            ("/usr/lib/python3.10/tempfile.py", 292, "_gettempdir", "tempdir = _get_default_tempdir()"),
            ("/usr/lib/python3.10/tempfile.py", 223, "_get_default_tempdir", "raise FileNotFoundError(_errno.ENOENT,"),
        )
        + "\nFileNotFoundError: [Errno 2] No usable temporary directory found in ['/tmp', '/var/tmp', '/usr/tmp', '/sgl-workspace']",
    ),
)

case(
    "nonroot_user_hf_cache_permission_0_5_2",
    "0.5.2",
    "transformers 4.56.1 utils/hub.py:522-527 (PermissionError -> OSError); 0.5.2 server_args.py:535/2439/2240 (config read in prepare_server_args)",
    "config_error",
    "`docker run --user 1000:1000` with HOME=/ : the HF cache at /.cache is not writable; set HF_HOME to a writable mount",
    join(
        f"{TB}\n"
        + tb(
            PY312,
            ("+transformers/utils/hub.py", 479, "cached_files", "hf_hub_download("),
            ("+huggingface_hub/utils/_validators.py", 114, "_inner_fn", "return fn(*args, **kwargs)"),
            ("+huggingface_hub/file_download.py", 1010, "hf_hub_download", "return _hf_hub_download_to_cache_dir("),
            (
                "+huggingface_hub/file_download.py",
                1171,
                "_hf_hub_download_to_cache_dir",
                "os.makedirs(os.path.dirname(lock_path), exist_ok=True)",
            ),
            ("<frozen os>", 215, "makedirs", ""),
            ("<frozen os>", 215, "makedirs", ""),
            ("<frozen os>", 215, "makedirs", ""),
            ("<frozen os>", 225, "makedirs", ""),
        )
        + "\nPermissionError: [Errno 13] Permission denied: '/.cache'\n\n"
        "The above exception was the direct cause of the following exception:\n\n"
        f"{TB}\n"
        + tb(
            PY312,
            *HF_CONFIG_052,
            ("+transformers/utils/hub.py", 523, "cached_files", "raise OSError("),
        )
        + "\nOSError: PermissionError at /.cache when downloading Qwen/Qwen3-8B. Check cache directory permissions. Common causes: 1) another user is downloading the same model (please wait); 2) a previous download was canceled and the lock file needs manual removal.",
    ),
)

case(
    "openshift_uid_triton_cache_permission_0_4_6",
    "0.4.6.post5",
    "Triton runtime/cache.py FileCacheManager makedirs as in dphnAI/sonar#458 and foundation-model-stack/fms-hf-tuning#367 (`/.triton`); 0.4.6.post5 cuda_graph_runner.py:305-317 (only RuntimeError is wrapped)",
    "config_error",
    "OpenShift's random UID with HOME=/ : Triton cannot create ~/.triton during capture; set TRITON_CACHE_DIR to a writable path (not a memory problem)",
    join(
        CUDA_BANNER,
        args046(1, "Qwen/Qwen2.5-7B-Instruct", 1),
        startup046(1, until="graphs"),
        f"{ts(18)} Scheduler hit an exception: {TB}\n"
        + tb(
            PY310,
            *SCHED_046,
            ("srt/managers/tp_worker.py", 78, "__init__", "self.model_runner = ModelRunner("),
            ("srt/model_executor/model_runner.py", 231, "__init__", "self.initialize(min_per_gpu_memory)"),
            ("srt/model_executor/model_runner.py", 305, "initialize", "self.init_cuda_graphs()"),
            (
                "srt/model_executor/model_runner.py",
                1098,
                "init_cuda_graphs",
                "self.cuda_graph_runner = CudaGraphRunner(self)",
            ),
            ("srt/model_executor/cuda_graph_runner.py", 307, "__init__", "self.capture()"),
            ("srt/model_executor/cuda_graph_runner.py", 397, "capture", ") = self.capture_one_batch_size(bs, forward)"),
            (
                "srt/model_executor/cuda_graph_runner.py",
                493,
                "capture_one_batch_size",
                "self.model_runner.attn_backend.init_forward_metadata_capture_cuda_graph(",
            ),
            (
                "srt/layers/attention/flashinfer_backend.py",
                310,
                "init_forward_metadata_capture_cuda_graph",
                "self.indices_updater_decode.update(",
            ),
            ("srt/layers/attention/flashinfer_backend.py", 658, "update_single_wrapper", "self.call_begin_forward("),
            (
                "srt/layers/attention/flashinfer_backend.py",
                785,
                "call_begin_forward",
                "create_flashinfer_kv_indices_triton[(bs,)](",
            ),
            (
                "+triton/runtime/jit.py",
                330,
                "<lambda>",
                "return lambda *args, **kwargs: self.run(grid=grid, warmup=False, *args, **kwargs)",
            ),
            (
                "+triton/runtime/jit.py",
                623,
                "run",
                "kernel = self.compile(src, target=target, options=options.__dict__)",
            ),
            ("+triton/compiler/compiler.py", 245, "compile", "fn_cache_manager = get_cache_manager(hash)"),
            ("+triton/runtime/cache.py", 277, "get_cache_manager", "return __cache_cls(_base64(key))"),
            ("+triton/runtime/cache.py", 69, "__init__", "os.makedirs(self.cache_dir, exist_ok=True)"),
            ("/usr/lib/python3.10/os.py", 215, "makedirs", "makedirs(head, exist_ok=exist_ok)"),
            ("/usr/lib/python3.10/os.py", 215, "makedirs", "makedirs(head, exist_ok=exist_ok)"),
            ("/usr/lib/python3.10/os.py", 225, "makedirs", "mkdir(name, mode)"),
        )
        + "\nPermissionError: [Errno 13] Permission denied: '/.triton'\n",
        sigquit(18),
    ),
)

case(
    "readonly_tmp_inductor_under_torch_compile_0_4_6",
    "0.4.6.post5",
    "0.4.6.post5 cuda_graph_runner.py:305-317 (`Capture CUDA graph failed` + its memory advice); torch 2.6 dynamo BackendCompilerFailed; inductor's default cache /tmp/torchinductor_root",
    "config_error",
    "--enable-torch-compile in a read-only-root pod: inductor cannot write /tmp/torchinductor_root; SGLang's capture wrapper suggests a lower mem fraction, but the fix is a writable TORCHINDUCTOR_CACHE_DIR",
    join(
        CUDA_BANNER,
        args046(1, "meta-llama/Llama-3.1-8B-Instruct", 1, enable_torch_compile=True),
        startup046(1, until="graphs", model_type="LlamaForCausalLM"),
        f"{ts(21)} Scheduler hit an exception: {TB}\n"
        + tb(
            PY310,
            *SCHED_046,
            ("srt/managers/tp_worker.py", 78, "__init__", "self.model_runner = ModelRunner("),
            ("srt/model_executor/model_runner.py", 231, "__init__", "self.initialize(min_per_gpu_memory)"),
            ("srt/model_executor/model_runner.py", 305, "initialize", "self.init_cuda_graphs()"),
            (
                "srt/model_executor/model_runner.py",
                1098,
                "init_cuda_graphs",
                "self.cuda_graph_runner = CudaGraphRunner(self)",
            ),
            ("srt/model_executor/cuda_graph_runner.py", 309, "__init__", "raise Exception("),
        )
        + "\nException: Capture CUDA graph failed: backend='inductor' raised:\n"
        "OSError: [Errno 30] Read-only file system: '/tmp/torchinductor_root'\n\n"
        'Set TORCH_LOGS="+dynamo" and TORCHDYNAMO_VERBOSE=1 for more information\n\n\n'
        "You can suppress this exception and fall back to eager by setting:\n"
        "    import torch._dynamo\n"
        "    torch._dynamo.config.suppress_errors = True\n\n"
        "Possible solutions:\n"
        "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
        "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n"
        "3. disable torch compile by not using --enable-torch-compile\n"
        "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\n"
        "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose \n",
        sigquit(21),
    ),
)

# ============================================================================ no network for the Hub: config_error
case(
    "hf_hub_offline_model_not_cached_0_5_2",
    "0.5.2",
    "transformers 4.56.1 utils/hub.py:545-556 (LocalEntryNotFoundError -> OSError); huggingface_hub offline message; 0.5.2 server_args.py:2439",
    "config_error",
    "an air-gapped container with HF_HUB_OFFLINE=1 and a cache mount that lacks this model: the model is not available locally; fix the path or the mount",
    join(
        f"{TB}\n"
        + tb(
            PY312,
            ("+transformers/utils/hub.py", 479, "cached_files", "hf_hub_download("),
            ("+huggingface_hub/utils/_validators.py", 114, "_inner_fn", "return fn(*args, **kwargs)"),
            ("+huggingface_hub/file_download.py", 1010, "hf_hub_download", "return _hf_hub_download_to_cache_dir("),
            (
                "+huggingface_hub/file_download.py",
                1117,
                "_hf_hub_download_to_cache_dir",
                "_raise_on_head_call_error(head_call_error, force_download, local_files_only)",
            ),
            ("+huggingface_hub/file_download.py", 1649, "_raise_on_head_call_error", "raise LocalEntryNotFoundError("),
        )
        + "\nhuggingface_hub.errors.LocalEntryNotFoundError: Cannot find the requested files in the disk cache and outgoing traffic has been disabled. To enable hf.co look-ups and downloads online, set 'local_files_only' to False.\n\n"
        "The above exception was the direct cause of the following exception:\n\n"
        f"{TB}\n"
        + tb(
            PY312,
            *HF_CONFIG_052,
            ("+transformers/utils/hub.py", 552, "cached_files", "raise OSError("),
        )
        + "\nOSError: We couldn't connect to 'https://huggingface.co' to load the files, and couldn't find them in the cached files.\n"
        "Check your internet connection or see how to run the library in offline mode at 'https://huggingface.co/docs/transformers/installation#offline-mode'.",
    ),
)

case(
    "no_dns_in_container_hub_unreachable_0_4_6",
    "0.4.6.post5",
    "huggingface_hub HEAD retry / LocalEntryNotFoundError text; transformers 4.51.1 utils/hub.py wrapper; 0.4.6.post5 scheduler -> ModelConfig path",
    "config_error",
    "a container on a network without DNS (no HF_HUB_OFFLINE, no cache): huggingface.co cannot be resolved; the model must be mounted or the network given",
    join(
        CUDA_BANNER,
        args046(1, "Qwen/Qwen2.5-7B-Instruct", 1),
        f"{ts(13)} Scheduler hit an exception: {TB}\n"
        + tb(
            PY310,
            (f"{PY310}/urllib3/connection.py", 198, "_new_conn", "sock = connection.create_connection("),
            (
                f"{PY310}/urllib3/util/connection.py",
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
        )
        + "\nsocket.gaierror: [Errno -3] Temporary failure in name resolution\n\n"
        "The above exception was the direct cause of the following exception:\n\n"
        f"{TB}\n"
        + tb(
            PY310,
            (
                "+huggingface_hub/file_download.py",
                1484,
                "_get_metadata_or_catch_error",
                "metadata = get_hf_file_metadata(",
            ),
            ("+huggingface_hub/file_download.py", 1401, "get_hf_file_metadata", "r = _request_wrapper("),
            ("+requests/adapters.py", 700, "send", "raise ConnectionError(e, request=request)"),
        )
        + "\nrequests.exceptions.ConnectionError: (MaxRetryError(\"HTTPSConnectionPool(host='huggingface.co', port=443): Max retries exceeded with url: /Qwen/Qwen2.5-7B-Instruct/resolve/main/config.json (Caused by NameResolutionError(\\\"<urllib3.connection.HTTPSConnection object at 0x7f3e2c1b5a50>: Failed to resolve 'huggingface.co' ([Errno -3] Temporary failure in name resolution)\\\"))\"), '(Request ID: 5d1c2a4e-7b11-4d2c-9a61-0c8f3e2b1d77)')\n\n"
        "The above exception was the direct cause of the following exception:\n\n"
        f"{TB}\n"
        + tb(
            PY310,
            *SCHED_046,
            ("srt/managers/tp_worker.py", 68, "__init__", "self.model_config = ModelConfig.from_server_args("),
            ("srt/configs/model_config.py", 250, "from_server_args", "return ModelConfig("),
            ("srt/configs/model_config.py", 64, "__init__", "self.hf_config = get_config("),
            ("srt/hf_transformers_utils.py", 84, "get_config", "config = AutoConfig.from_pretrained("),
            ("+transformers/utils/hub.py", 470, "cached_files", "raise OSError("),
        )
        + "\nOSError: We couldn't connect to 'https://huggingface.co' to load the files, and couldn't find them in the cached files.\n"
        "Check your internet connection or see how to run the library in offline mode at 'https://huggingface.co/docs/transformers/installation#offline-mode'.\n",
        sigquit(13),
    ),
)

# ============================================================================ host port clashes: port_in_use
case(
    "docker_published_port_already_allocated",
    "0.5.2",
    "docker daemon's port-publishing error (docker run -p 30000:30000 while another container holds it)",
    "port_in_use",
    "a second container publishes host port 30000 that the first one already holds: the container is not started",
    join(
        "$ docker run -d --name sglang-qwen3-b --gpus '\"device=4,5,6,7\"' --shm-size 32g -p 30000:30000 --ipc=host lmsysorg/sglang:v0.5.2-cu126 python3 -m sglang.launch_server --model-path Qwen/Qwen3-32B --tp 4 --host 0.0.0.0 --port 30000",
        "8f0d3c2b6a1e9d7f5c4b3a2910e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a29180",
        "docker: Error response from daemon: driver failed programming external connectivity on endpoint sglang-qwen3-b (2c9e4a7d1b3f5e8a0c6d2b4f7a9e1c3d5b8f0a2c4e6d8b1f3a5c7e9d0b2f4a6c): Bind for 0.0.0.0:30000 failed: port is already allocated.",
    ),
)

case(
    "host_network_uvicorn_errno98_0_4_6",
    "0.4.6.post5",
    "uvicorn's bind error under 0.4.6.post5's set_uvicorn_logging_configs format (utils.py:1729-1739); two containers with --network host",
    "port_in_use",
    "--network host and a second server on the default port: the model loads, then uvicorn cannot bind 0.0.0.0:30000",
    join(
        CUDA_BANNER,
        args046(1, "Qwen/Qwen2.5-7B-Instruct", 1),
        startup046(1, until="all"),
        f"{ts(28)} INFO:     Started server process [1]",
        f"{ts(28)} INFO:     Waiting for application startup.",
        f"{ts(28)} INFO:     Application startup complete.",
        f"{ts(28)} ERROR:    [Errno 98] error while attempting to bind on address ('0.0.0.0', 30000): address already in use",
        f"{ts(28)} INFO:     Waiting for application shutdown.",
        f"{ts(28)} INFO:     Application shutdown complete.",
    ),
)

case(
    "host_network_tcpstore_eaddrinuse_0_5_2",
    "0.5.2",
    "torch c10d TCPStore DistNetworkError (EADDRINUSE) as in Ascend/sglang#625 and sglang#17402 (docker, TP>1); 0.5.2 init_distributed_environment",
    "port_in_use",
    "two TP servers on --network host race for the same internal dist port: the TCPStore cannot listen; pick distinct --nccl-port / --port",
    join(
        args052(1, "Qwen/Qwen3-14B", 2, port=30010),
        startup052(2, until="dist"),
        f"{ts(7, 'TP0')} Scheduler hit an exception: {TB}\n"
        + tb(
            PY312,
            *SCHED_052,
            ("srt/model_executor/model_runner.py", 646, "init_torch_distributed", "init_distributed_environment("),
            (
                "srt/distributed/parallel_state.py",
                1353,
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
            ("+torch/distributed/rendezvous.py", 215, "_tcp_rendezvous_handler", "store = _create_c10d_store("),
            ("+torch/distributed/rendezvous.py", 189, "_create_c10d_store", "return TCPStore("),
        )
        + "\ntorch.distributed.DistNetworkError: The server socket has failed to listen on any local network address. port: 30715, useIpv6: false, code: -98, name: EADDRINUSE, message: address already in use\n",
        sigquit(7),
    ),
)

# ============================================================================ entrypoints passing arguments wrongly: config_error
case(
    "flags_given_as_image_command",
    "0.4.6.post5",
    "sgl-project/sglang#3855 (`lmsysorg/sglang:dev --host 0.0.0.0 --port 30000`); runc exec error",
    "config_error",
    "the image has no sglang ENTRYPOINT, so `docker run <image> --model-path ...` tries to exec the first flag; the command must start with python3 -m sglang.launch_server",
    join(
        "$ docker run --gpus all --shm-size 32g -p 30000:30000 -v ~/.cache/huggingface:/root/.cache/huggingface --ipc=host lmsysorg/sglang:v0.4.6.post5-cu124 --model-path Qwen/Qwen2.5-7B-Instruct --host 0.0.0.0 --port 30000",
        'docker: Error response from daemon: failed to create task for container: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "--model-path": executable file not found in $PATH: unknown.',
        "ERRO[0000] error waiting for container:",
    ),
)

USAGE_052 = (
    "usage: launch_server.py [-h] --model-path MODEL_PATH\n"
    "                        [--tokenizer-path TOKENIZER_PATH]\n"
    "                        [--tokenizer-mode {auto,slow}]\n"
    "                        [--tokenizer-worker-num TOKENIZER_WORKER_NUM]\n"
    "                        [--skip-tokenizer-init]\n"
    "                        [--load-format {auto,pt,safetensors,npcache,dummy,sharded_state,gguf,bitsandbytes,layered,remote}]\n"
    "                        [--model-loader-extra-config MODEL_LOADER_EXTRA_CONFIG]\n"
    "                        [--trust-remote-code]\n"
    "                        [--context-length CONTEXT_LENGTH]\n"
    "                        [--is-embedding] [--enable-multimodal]\n"
    "                        [--revision REVISION]\n"
    "                        [--model-impl MODEL_IMPL] [--host HOST]\n"
    "                        [--port PORT]"
)
case(
    "compose_launcher_given_twice_unrecognized_0_5_2",
    "0.5.2",
    "0.5.2 server_args.py:2563-2565 (argparse.ArgumentParser() in prepare_server_args); docker/compose.yaml's `entrypoint: python3 -m sglang.launch_server`",
    "config_error",
    "compose sets the launcher as entrypoint and repeats it in `command:`: argparse rejects the extra words (exit 2)",
    join(
        "sglang  | " + USAGE_052.replace("\n", "\nsglang  | "),
        "sglang  |                         ...",
        "sglang  | launch_server.py: error: unrecognized arguments: python3 -m sglang.launch_server",
        "sglang exited with code 2",
    ),
)

USAGE_046 = (
    "usage: launch_server.py [-h] --model-path MODEL_PATH\n"
    "                        [--tokenizer-path TOKENIZER_PATH]\n"
    "                        [--tokenizer-mode {auto,slow}]\n"
    "                        [--skip-tokenizer-init]\n"
    "                        [--load-format {auto,pt,safetensors,npcache,dummy,sharded_state,gguf,bitsandbytes,layered,remote}]\n"
    "                        [--trust-remote-code] [--dtype {auto,half,float16,bfloat16,float,float32}]"
)
case(
    "k8s_args_one_string_required_missing_0_4_6",
    "0.4.6.post5",
    "0.4.6.post5 server_args.py:466-470 (--model-path required=True), :1480 (argparse.ArgumentParser()); argparse treats a spaced '--...' token as positional",
    "config_error",
    'a pod spec with args: ["--model-path Qwen/Qwen2.5-7B-Instruct --tp 2"] (one string): argparse sees no --model-path (exit 2)',
    join(
        CUDA_BANNER,
        USAGE_046,
        "                        ...",
        "launch_server.py: error: the following arguments are required: --model-path",
    ),
)

# ============================================================================ healthy contrasts
case(
    "healthy_cuda_banner_then_serves_0_4_6",
    "0.4.6.post5",
    "nvidia/cuda image entrypoint banner; 0.4.6.post5 start-up lines (model_runner.py, memory_pool.py, scheduler.py:334, http_server.py:898)",
    "healthy",
    "every lmsysorg/sglang container prints the NVIDIA banner and license text first; the server comes up",
    join(
        CUDA_BANNER,
        args046(1, "Qwen/Qwen2.5-7B-Instruct", 1),
        startup046(1, until="all"),
        ready(28),
    ),
)

case(
    "healthy_nvidia_smi_fallback_0_5_10",
    "0.5.10.post1",
    "0.5.10.post1 utils/common.py:1481-1549 (_cuda_mem_fallback's warning, no logger configured yet); launch_server.py:50 UserWarning",
    "healthy",
    "a container without the utility capability: 0.5.10 warns that nvidia-smi is missing, sizes the GPU through torch and serves",
    join(
        CUDA_BANNER,
        f"{SGL}/launch_server.py:50: UserWarning: 'python -m sglang.launch_server' is still supported, but 'sglang serve' is the recommended entrypoint.",
        "  Example: sglang serve --model-path <model> [options]",
        "  warnings.warn(",
        "nvidia-smi not found. Ensure NVIDIA drivers are installed and accessible. Falling back to torch.cuda.mem_get_info(). Reported total GPU memory per device (MiB): [81089], using min: 81089 MiB.",
        f"{ts(2)} server_args=ServerArgs(model_path='Qwen/Qwen3-8B', tokenizer_path='Qwen/Qwen3-8B', tokenizer_mode='auto', host='0.0.0.0', port=30000, mem_fraction_static=0.834, device='cuda', tp_size=1, pp_size=1, log_level='info', ...)",
        f"{ts(7)} Init torch distributed begin.",
        f"{ts(8)} Init torch distributed ends. elapsed=0.41 s, mem usage=0.00 GB",
        f"{ts(8)} Load weight begin. avail mem=78.55 GB",
        "Loading safetensors checkpoint shards: 100% Completed | 5/5 [00:03<00:00,  1.52it/s]",
        f"{ts(12)} Load weight end. elapsed=3.62 s, type=Qwen3ForCausalLM, avail mem=63.17 GB, mem usage=15.38 GB.",
        f"{ts(12)} KV Cache is allocated. #tokens: 366514, K size: 25.17 GB, V size: 25.17 GB",
        f"{ts(12)} Memory pool end. avail mem=12.51 GB",
        f"{ts(13)} Capture cuda graph begin. This can take up to several minutes. avail mem=12.43 GB",
        "Capturing batches (bs=1 avail_mem=11.82 GB): 100%|██████████| 36/36 [00:07<00:00,  4.88it/s]",
        f"{ts(20)} Capture cuda graph end. Time elapsed: 7.64 s. mem usage=0.62 GB. avail mem=11.81 GB.",
        f"{ts(21)} max_total_num_tokens=366514, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_gpu_mem=11.81 GB",
        ready(22),
    ),
)

case(
    "healthy_c10d_ipv6_unsupported_in_pod_0_5_2",
    "0.5.2",
    "torch c10d socket.cpp warnings as pasted in public threads (`[W socket.cpp:464] [c10d] The server socket cannot be initialized on [::]:5556 (errno: 97 - ...)`)",
    "healthy",
    "a pod without IPv6: torch's TCPStore warns it cannot open [::] and falls back to IPv4; TP=2 comes up",
    join(
        args052(1, "Qwen/Qwen3-14B", 2),
        f"{ts(7, 'TP0')} Init torch distributed begin.",
        f"{ts(7, 'TP1')} Init torch distributed begin.",
        "[W302 10:00:07.518240913 socket.cpp:755] [c10d] The server socket cannot be initialized on [::]:31245 (errno: 97 - Address family not supported by protocol).",
        "[W302 10:00:07.519044205 socket.cpp:200] [c10d] The hostname of the client socket cannot be retrieved. err=-3",
        "[W302 10:00:07.521337890 socket.cpp:755] [c10d] The client socket cannot be initialized to connect to [localhost]:31245 (errno: 97 - Address family not supported by protocol).",
        startup052(2, until="all")[2:],
        ready(27),
    ),
)

case(
    "healthy_nccl_info_no_ib_in_container_0_4_6",
    "0.4.6.post5",
    "NCCL 2.21.5 INFO lines as pasted in InternLM/lmdeploy#3286 (net plugin absent, libibverbs absent, Socket transport); 0.4.6.post5 start-up",
    "healthy",
    "NCCL_DEBUG=INFO in a container without IB: NCCL reports a missing net plugin and libibverbs, uses sockets / P2P, and TP=2 serves",
    join(
        CUDA_BANNER,
        args046(1, "Qwen/Qwen2.5-14B-Instruct", 2),
        f"{ts(6, 'TP0')} Init torch distributed begin.",
        f"{ts(6, 'TP1')} Init torch distributed begin.",
        "5b7e2c91d0aa:107:107 [0] NCCL INFO Bootstrap : Using eth0:172.17.0.3<0>",
        "5b7e2c91d0aa:107:107 [0] NCCL INFO NET/Plugin: No plugin found (libnccl-net.so)",
        "5b7e2c91d0aa:107:107 [0] NCCL INFO NET/Plugin: Plugin load returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory : when loading libnccl-net.so",
        "5b7e2c91d0aa:107:107 [0] NCCL INFO NET/Plugin: Using internal network plugin.",
        "5b7e2c91d0aa:107:107 [0] NCCL INFO cudaDriverVersion 12040",
        "NCCL version 2.21.5+cuda12.4",
        "5b7e2c91d0aa:108:118 [1] NCCL INFO Failed to open libibverbs.so[.1]",
        "5b7e2c91d0aa:108:118 [1] NCCL INFO NET/Socket : Using [0]eth0:172.17.0.3<0>",
        "5b7e2c91d0aa:108:118 [1] NCCL INFO Using non-device net plugin version 0",
        "5b7e2c91d0aa:108:118 [1] NCCL INFO Using network Socket",
        "5b7e2c91d0aa:107:117 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/CUMEM/read",
        "5b7e2c91d0aa:108:118 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via P2P/CUMEM/read",
        "5b7e2c91d0aa:107:117 [0] NCCL INFO Connected all rings",
        "5b7e2c91d0aa:107:117 [0] NCCL INFO ncclCommInitRank comm 0x55d4c1a2b3c0 rank 0 nranks 2 cudaDev 0 nvmlDev 0 busId 18000 commId 0x6a1f2e3d4c5b6a79 - Init COMPLETE",
        startup046(2, until="all", model_type="Qwen2ForCausalLM")[2:],
        ready(28),
    ),
)

# The classifier's misses at first sight (strict: a fix must remove the entry), with the label it gave.
XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_container_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


# Healthy templates that fire a failure event on the way to ready at first sight (what a live supervisor acts on), with
# the event's label: the same check as tests/test_logwatch_review.py, kept strict here.
EVENT_XFAIL: dict[str, str] = {}  # first sight: healthy_nccl_info_no_ib_in_container_0_4_6 fired unknown (fixed since)


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_container_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35

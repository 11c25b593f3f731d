"""SGLang loading checkpoints in less common formats, as it shows in the log (synthetic; written blind by a helper from
real release text).

Scope: GGUF files (`--load-format gguf`, the gguf package, the config and tokenizer read out of the GGUF through
transformers, GGUF quant types SGLang has no kernel for), bitsandbytes 4-bit (`--load-format bitsandbytes`,
`--quantization bitsandbytes`, the bitsandbytes package and its CUDA binary), `--load-format sharded_state` / `layered`
/ `dummy`, truncated and LFS-pointer safetensors, a directory without weights or without its index, a checkpoint
whose config does not match its tensors; memory while such weights load (GGUF padding, bitsandbytes on-the-fly
quantization, dummy weights, the host OOM killer) and after ready (GGUF I-quant dequantization, a bitsandbytes kernel
fault). Five healthy contrasts: a GGUF tokenizer "building merges on the fly", a pre-quantized bitsandbytes model with
its "not fully optimized" warning, `--load-format dummy` under load with KV retraction, a partial HF snapshot that
SGLang re-downloads, a Mistral directory whose index is missing (a flood of "not found in params_dict").

Sources. SGLang wheels (sglang/ of each release: model_loader/loader.py, model_loader/weight_utils.py,
layers/quantization/gguf.py and bitsandbytes.py, (utils/)hf_transformers_utils.py, configs/model_config.py,
server_args.py, managers/scheduler.py, model_executor/*.py, entrypoints/engine.py; call paths and line numbers read
there): 0.4.3.post2, 0.4.6.post5, 0.4.9.post6, 0.5.3, 0.5.5, 0.5.10.post1. Library text: transformers 4.51.3 / 4.57.1
(modeling_gguf_pytorch_utils.py, integrations/ggml.py, configuration_utils.py), gguf 0.17.1 (gguf_reader.py,
GGMLQuantizationType), bitsandbytes 0.46.1 (cextension.py's ErrorHandlerMockBNBNativeLibrary), safetensors 0.5.3
(SafetensorError kinds in the Rust binary), sgl-kernel 0.3.16 (quantization/gguf.py), torch's OutOfMemoryError /
AcceleratorError text; library line numbers (torch, enum, ctypes) are approximate. Public threads:
https://github.com/sgl-project/sglang/issues/6281 (qwen3 GGUF), /4894 and huggingface/transformers#37002 (gemma3 GGUF,
the launcher's traceback), /8495 (gemma3 Q8_0 GGUF on 0.4.9), /7404, /4869 (gguf dependency), /2769 (bitsandbytes
ImportError through vLLM's layer), /2600 (bitsandbytes llama), /30122 (GGUF MoE: `GGUFMoEMethod` has no
`fused_experts`, "loads fine, then dies"), /1616 (GGUF support thread).

Labelling policy, decided before the classifier ran (labels by /work/shared/corpus/README.md plus the brief's
families): a checkpoint SGLang cannot use as given is `config_error` whatever raises it: an architecture, model type
or GGUF quant type it has no path for (including GGUF MoE, whose `apply` raises AttributeError in every native-GGUF
release), a missing or too-old package, a bitsandbytes wheel without a binary for this CUDA version (family 4's "a
kernel without a build"), a loader/format mismatch (sharded_state files for another TP, layered on a model without
`load_weights_to_module`, `--load-format gguf` on a directory, the bitsandbytes loader on an AWQ checkpoint), and a
corrupt, truncated, LFS-pointer or missing weight file or a config whose shapes disagree with the tensors. Memory
follows the phase: out of memory while weights are created, loaded, quantized or padded (GPU, or the host's OOM
killer during the load) is `oom_weights`; a negative KV budget right after GGUF weights is `oom_kv_cache`; OOM in a
forward after ready is `oom_runtime`. A CUDA fault in a kernel after ready is `cuda_error_other`. A server that
reached ready and only carries warnings, retraction or a re-download is `healthy`.

First sight: 32/33 (healthy contrasts 5/5, none fires a failure event). The one miss, a strict xfail below:
- bnb_no_binary_for_cuda13_fails_graph_capture (bitsandbytes 0.46.1 has no libbitsandbytes_cuda130.so; its "CUDA
  VERSION MISMATCH" text surfaces at graph capture inside "Capture cuda graph failed") -> cuda_error_other by
  unnamed.exception; labelled config_error (a library without a build for this CUDA version, family 4).
"""

# ruff: noqa: E501, RUF005

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
PY310 = "/usr/local/lib/python3.10/dist-packages"  # the 0.4.x images
PY312 = "/usr/local/lib/python3.12/dist-packages"  # the 0.5.x images
WS = "/sgl-workspace/sglang/python"  # the editable install in the lmsysorg/sglang images, as sglang#8495 prints it
RUNPY310 = (
    ("/usr/lib/python3.10/runpy.py", 196, "_run_module_as_main", "return _run_code(code, main_globals, None,"),
    ("/usr/lib/python3.10/runpy.py", 86, "_run_code", "exec(code, run_globals)"),
)
RUNPY312 = (
    ("<frozen runpy>", 198, "_run_module_as_main", ""),
    ("<frozen runpy>", 88, "_run_code", ""),
)


def tb(*stack: tuple[str, int, str, str], site: str = PY312, sgl: str | None = None) -> str:
    """Python's frames. A path is under `{sgl}/sglang/srt/` unless it starts with `/` or `<` (absolute), `@` (under
    `{sgl}/sglang/`) or `+` (another package in `{site}`)."""
    root = sgl or site
    out = []
    for path, line, func, code in stack:
        if path.startswith(("/", "<")):
            full = path
        elif path.startswith("+"):
            full = f"{site}/{path[1:]}"
        elif path.startswith("@"):
            full = f"{root}/sglang/{path[1:]}"
        else:
            full = f"{root}/sglang/srt/{path}"
        out.append(f'  File "{full}", line {line}, in {func}' + (f"\n    {code}" if code else ""))
    return "\n".join(out)


def sargs(second: int, model: str, **kw: object) -> str:
    """The launcher's `server_args=ServerArgs(...)` line, cut short the way pastes cut it."""
    fields = {"model_path": model, "tokenizer_path": model, "tokenizer_mode": "auto", **kw}
    body = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    return f"{ts(second)} server_args=ServerArgs({body}, log_level='info', ...)"


def sched_exc(second: int, rank: str | None, frames: str, error: str) -> str:
    return f"{ts(second, rank)} Scheduler hit an exception: {TB}\n{frames}\n{error}"


def sigquit(second: int) -> str:
    return f"{ts(second)} Received sigquit from a child process. It usually means the child failed."


def ready(second: int, port: int = 30000, pid: int = 4242) -> list[str]:
    return [
        f"{ts(second)} INFO:     Started server process [{pid}]",
        f"{ts(second)} INFO:     Waiting for application startup.",
        f"{ts(second)} INFO:     Application startup complete.",
        f"{ts(second)} INFO:     Uvicorn running on http://0.0.0.0:{port} (Press CTRL+C to quit)",
        f'{ts(second + 1)} INFO:     127.0.0.1:46704 - "GET /get_model_info HTTP/1.1" 200 OK',
        f"{ts(second + 1)} Prefill batch, #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, cuda graph: False, input throughput (token/s): 0.00",
        f'{ts(second + 2)} INFO:     127.0.0.1:46712 - "POST /generate HTTP/1.1" 200 OK',
        f"{ts(second + 2)} The server is fired up and ready to roll!",
    ]


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


LAUNCH_WARN_0510 = (
    f"{PY312}/sglang/launch_server.py:51: UserWarning: 'python -m sglang.launch_server' is still supported, but "
    "'sglang serve' is the recommended entrypoint.\n  Example: sglang serve --model-path <model> [options]\n"
    "  warnings.warn("
)


def torch_oom(
    alloc: str, total: str, free: str, in_use: str, by_torch: str, reserved: str, gpu: int = 0, pools: str = ""
) -> str:
    pool = f", with {pools} allocated in private pools (e.g., CUDA Graphs)," if pools else ","
    return (
        f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {alloc}. GPU {gpu} has a total capacity of {total} "
        f"of which {free} is free. Including non-PyTorch memory, this process has {in_use} memory in use. Of the "
        f"allocated memory {by_torch} is allocated by PyTorch{pool} and {reserved} is reserved by PyTorch but "
        "unallocated. If reserved but unallocated memory is large try setting "
        "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory "
        "Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
    )


# -- call paths (outermost first), each release's line numbers
SCHED_043 = (
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
    ("model_executor/model_runner.py", 195, "__init__", "self.load_model()"),
    ("model_executor/model_runner.py", 318, "load_model", "self.model = get_model("),
    ("model_loader/__init__.py", 22, "get_model", "return loader.load_model("),
)
SCHED_046 = (
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
    ("model_executor/model_runner.py", 271, "initialize", "self.load_model()"),
    ("model_executor/model_runner.py", 534, "load_model", "self.model = get_model("),
    ("model_loader/__init__.py", 22, "get_model", "return loader.load_model("),
)
SCHED_049 = (
    (
        "managers/scheduler.py",
        2986,
        "run_scheduler_process",
        "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
    ),
    ("managers/scheduler.py", 346, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 66, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 82, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 233, "__init__", "self.initialize(min_per_gpu_memory)"),
    ("model_executor/model_runner.py", 276, "initialize", "self.load_model()"),
    ("model_executor/model_runner.py", 632, "load_model", "self.model = get_model("),
    ("model_loader/__init__.py", 22, "get_model", "return loader.load_model("),
)
SCHED_053 = (
    ("managers/scheduler.py", 2847, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 396, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 67, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 100, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 298, "__init__", "self.initialize(min_per_gpu_memory)"),
    ("model_executor/model_runner.py", 345, "initialize", "self.load_model()"),
    ("model_executor/model_runner.py", 789, "load_model", "self.model = get_model("),
    ("model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
)
INIT_0510 = (
    ("managers/scheduler.py", 3600, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 385, "__init__", "self.init_model_worker()"),
    ("managers/scheduler.py", 632, "init_model_worker", "self.init_tp_model_worker()"),
    ("managers/scheduler.py", 600, "init_tp_model_worker", "self.tp_worker = TpModelWorker(**worker_kwargs)"),
    ("managers/tp_worker.py", 261, "__init__", "self._init_model_runner()"),
    ("managers/tp_worker.py", 344, "_init_model_runner", "self._model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 427, "__init__", "self.initialize(pre_model_load_memory)"),
)
SCHED_0510 = INIT_0510 + (
    ("model_executor/model_runner.py", 507, "initialize", "self.load_model()"),
    ("model_executor/model_runner.py", 1159, "load_model", "self.model = self.loader.load_model("),
)
DEFAULT_LOAD_0510 = SCHED_0510 + (
    ("model_loader/loader.py", 689, "load_model", "self.load_weights_and_postprocess("),
    ("model_loader/loader.py", 698, "load_weights_and_postprocess", "model.load_weights(weights)"),
)
DEFAULT_LOAD_053 = SCHED_053 + (
    ("model_loader/loader.py", 494, "load_model", "self.load_weights_and_postprocess("),
    ("model_loader/loader.py", 502, "load_weights_and_postprocess", "model.load_weights(weights)"),
)
MODULE_CALL = (
    ("+torch/nn/modules/module.py", 1775, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
    ("+torch/nn/modules/module.py", 1786, "_call_impl", "return forward_call(*args, **kwargs)"),
)
NO_GRAD = (("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),)
LOOP_0510 = (
    ("managers/scheduler.py", 3616, "run_scheduler_process", "scheduler.run_event_loop()"),
    ("managers/scheduler.py", 1300, "run_event_loop", "dispatch_event_loop(self)"),
    ("managers/scheduler.py", 3497, "dispatch_event_loop", "scheduler.event_loop_overlap()"),
    *NO_GRAD,
    ("managers/scheduler.py", 1361, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
    ("managers/scheduler.py", 2724, "run_batch", "batch_result = self.model_worker.forward_batch_generation("),
    ("managers/tp_worker.py", 469, "forward_batch_generation", "out = self.model_runner.forward("),
    ("model_executor/model_runner.py", 2739, "forward", "output = self._forward_raw("),
)
# the launcher building ModelConfig inside ServerArgs.__post_init__ (0.5.x), down to transformers' AutoConfig
ARGS_053 = RUNPY312 + (
    ("@launch_server.py", 21, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
    ("server_args.py", 3178, "prepare_server_args", "server_args = ServerArgs.from_cli_args(raw_args)"),
    ("server_args.py", 2883, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
    ("<string>", 269, "__init__", ""),
    ("server_args.py", 471, "__post_init__", "self._handle_gpu_memory_settings(gpu_mem)"),
    ("server_args.py", 681, "_handle_gpu_memory_settings", "model_config = ModelConfig.from_server_args(self)"),
    ("configs/model_config.py", 202, "from_server_args", "return ModelConfig("),
    ("configs/model_config.py", 106, "__init__", "self.hf_config = get_config("),
    ("utils/common.py", 2905, "wrapper", "result = func(*args, **kwargs)"),
    ("utils/hf_transformers_utils.py", 185, "get_config", "raise e"),
    ("utils/hf_transformers_utils.py", 180, "get_config", "config = AutoConfig.from_pretrained("),
    (
        "+transformers/models/auto/configuration_auto.py",
        1332,
        "from_pretrained",
        "config_dict, unused_kwargs = PretrainedConfig.get_config_dict(pretrained_model_name_or_path, **kwargs)",
    ),
    (
        "+transformers/configuration_utils.py",
        662,
        "get_config_dict",
        "config_dict, kwargs = cls._get_config_dict(pretrained_model_name_or_path, **kwargs)",
    ),
    (
        "+transformers/configuration_utils.py",
        753,
        "_get_config_dict",
        'config_dict = load_gguf_checkpoint(resolved_config_file, return_tensors=False)["config"]',
    ),
    (
        "+transformers/modeling_gguf_pytorch_utils.py",
        384,
        "load_gguf_checkpoint",
        "reader = GGUFReader(gguf_checkpoint_path)",
    ),
    ("+gguf/gguf_reader.py", 182, "__init__", "self._build_tensors(offs, tensors_fields)"),
)

# ========================================================================================================= GGUF
case(
    "gguf_qwen3_arch_unknown_to_transformers_4_51",
    "0.4.6.post5 (transformers 4.51.3)",
    "sglang#6281 and #4894 (launcher traceback as in huggingface/transformers#37002); 0.4.6.post5 entrypoints/engine.py, managers/tokenizer_manager.py, configs/model_config.py, hf_transformers_utils.py; transformers 4.51.3 modeling_gguf_pytorch_utils.py:401",
    "config_error",
    "transformers 4.51's GGUF reader has no qwen3 architecture, so SGLang cannot even build the model config: an unsupported architecture",
    join(
        sargs(
            0,
            "/models/Qwen3-14B-Q4_K_M.gguf",
            skip_tokenizer_init=False,
            load_format="gguf",
            trust_remote_code=False,
            dtype="auto",
            kv_cache_dtype="auto",
            quantization="gguf",
            context_length=None,
            device="cuda",
            port=30000,
            mem_fraction_static=0.88,
            tp_size=1,
        ),
        TB,
        tb(
            *RUNPY310,
            ("@launch_server.py", 14, "<module>", "launch_server(server_args)"),
            (
                "entrypoints/http_server.py",
                743,
                "launch_server",
                "tokenizer_manager, scheduler_info = _launch_subprocesses(server_args=server_args)",
            ),
            (
                "entrypoints/engine.py",
                649,
                "_launch_subprocesses",
                "tokenizer_manager = TokenizerManager(server_args, port_args)",
            ),
            (
                "managers/tokenizer_manager.py",
                193,
                "__init__",
                "self.model_config = ModelConfig.from_server_args(server_args)",
            ),
            ("configs/model_config.py", 233, "from_server_args", "return ModelConfig("),
            ("configs/model_config.py", 69, "__init__", "self.hf_config = get_config("),
            ("hf_transformers_utils.py", 118, "get_config", "config = AutoConfig.from_pretrained("),
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
            (
                "+transformers/configuration_utils.py",
                681,
                "_get_config_dict",
                'config_dict = load_gguf_checkpoint(resolved_config_file, return_tensors=False)["config"]',
            ),
            (
                "+transformers/modeling_gguf_pytorch_utils.py",
                401,
                "load_gguf_checkpoint",
                'raise ValueError(f"GGUF model with architecture {architecture} is not supported yet.")',
            ),
            site=PY310,
        ),
        "ValueError: GGUF model with architecture qwen3 is not supported yet.",
    ),
)

case(
    "gguf_gemma3_text_unknown_gguf_model_type",
    "0.4.9.post6 (docker, editable install)",
    "sglang#8495 (gemma3 27b Q8_0 GGUF, v0.4.9 in docker, 'Scheduler hit an exception'); 0.4.9.post6 model_loader/loader.py GGUFModelLoader._get_gguf_weights_map:1293",
    "config_error",
    "transformers maps the GGUF to model_type gemma3_text, which has no entry in gguf.MODEL_ARCH_NAMES: SGLang's GGUF loader has no tensor-name map for this architecture",
    join(
        sargs(
            0,
            "/models/gemma-3-27b-it-Q8_0.gguf",
            skip_tokenizer_init=False,
            load_format="gguf",
            trust_remote_code=False,
            dtype="auto",
            quantization="gguf",
            mem_fraction_static=0.88,
            tp_size=1,
        ),
        f"{ts(1)} gguf quantization is not fully optimized yet. The speed can be slower than non-quantized models.",
        f"{ts(6)} Init torch distributed begin.",
        f"{ts(7)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(7)} Load weight begin. avail mem=78.68 GB",
        sched_exc(
            9,
            None,
            tb(
                *SCHED_049,
                (
                    "model_loader/loader.py",
                    1323,
                    "load_model",
                    "gguf_weights_map = self._get_gguf_weights_map(model_config)",
                ),
                (
                    "model_loader/loader.py",
                    1293,
                    "_get_gguf_weights_map",
                    'raise RuntimeError(f"Unknown gguf model_type: {model_type}")',
                ),
                site=PY310,
                sgl=WS,
            ),
            "RuntimeError: Unknown gguf model_type: gemma3_text",
        ),
        "",
        sigquit(9),
    ),
)

case(
    "gguf_quantization_needs_vllm_0_4_9",
    "0.4.9.post6",
    "0.4.9.post6 layers/quantization/__init__.py get_quantization_config:116 (VLLM_QUANTIZATION_METHODS), model_loader/loader.py _initialize_model / weight_utils.py get_quant_config; sglang#4869 (gguf dependency gaps)",
    "config_error",
    "0.4.x borrowed GGUFConfig from vLLM; with vLLM not installed the gguf quantization method cannot be built: a missing package",
    join(
        sargs(
            0,
            "/models/Meta-Llama-3.1-8B-Instruct-Q4_K_M.gguf",
            load_format="gguf",
            dtype="auto",
            quantization="gguf",
            mem_fraction_static=0.88,
            tp_size=1,
        ),
        f"{ts(1)} gguf quantization is not fully optimized yet. The speed can be slower than non-quantized models.",
        f"{ts(5)} Init torch distributed begin.",
        f"{ts(5)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(6)} Load weight begin. avail mem=78.52 GB",
        sched_exc(
            8,
            None,
            tb(
                *SCHED_049,
                (
                    "model_loader/loader.py",
                    1333,
                    "load_model",
                    "model = _initialize_model(model_config, self.load_config)",
                ),
                ("model_loader/loader.py", 171, "_initialize_model", "quant_config = _get_quantization_config("),
                ("model_loader/loader.py", 127, "_get_quantization_config", "quant_config = get_quant_config("),
                (
                    "model_loader/weight_utils.py",
                    139,
                    "get_quant_config",
                    "quant_cls = get_quantization_config(model_config.quantization)",
                ),
                ("layers/quantization/__init__.py", 116, "get_quantization_config", "raise ValueError("),
                site=PY310,
            ),
            "ValueError: gguf quantization requires some operators from vllm. Please install vllm by `pip install vllm==0.9.0.1`",
        ),
        "",
        sigquit(8),
    ),
)

case(
    "gguf_mxfp4_tensor_type_unknown_to_gguf_reader",
    "0.5.3 (transformers 4.57, gguf 0.17.1)",
    "0.5.3 server_args.py _handle_gpu_memory_settings:681, utils/hf_transformers_utils.py get_config:180/185; transformers 4.57.1 configuration_utils.py:753, modeling_gguf_pytorch_utils.py:384; gguf 0.17.1 gguf_reader.py:325 (GGMLQuantizationType has no 39 = MXFP4)",
    "config_error",
    "a GGUF whose tensors use a quant type (MXFP4, 39) the installed gguf package does not know: an unsupported quantization, raised while the launcher reads the config",
    join(
        sargs(0, "/models/gpt-oss-20b-MXFP4.gguf", load_format="auto", dtype="auto", quantization=None, tp_size=1),
        TB,
        tb(
            *ARGS_053,
            ("+gguf/gguf_reader.py", 325, "_build_tensors", "ggml_type = GGMLQuantizationType(raw_dtype[0])"),
            ("/usr/lib/python3.12/enum.py", 757, "__call__", "return cls.__new__(cls, value)"),
            ("/usr/lib/python3.12/enum.py", 1171, "__new__", "raise ve_exc"),
        ),
        "ValueError: np.uint32(39) is not a valid GGMLQuantizationType",
    ),
)

case(
    "gguf_ternary_tq1_0_layer_unsupported",
    "0.5.10.post1",
    "0.5.10.post1 layers/quantization/gguf.py GGUFLinearMethod.process_weights_after_loading:370 (TQ1_0 is in neither UNQUANTIZED_TYPES nor DEQUANT_TYPES; IntEnum prints its value under python 3.12), model_loader/loader.py GGUFModelLoader.load_model:2076",
    "config_error",
    "the GGUF loads, but its ternary TQ1_0 tensors have no SGLang kernel: an unsupported GGUF quant type",
    join(
        LAUNCH_WARN_0510,
        sargs(
            0,
            "/models/Qwen3-32B-TQ1_0.gguf",
            load_format="gguf",
            dtype="auto",
            quantization="gguf",
            mem_fraction_static=0.871,
            tp_size=1,
        ),
        f"{ts(1)} gguf quantization is not fully optimized yet. The speed can be slower than non-quantized models.",
        f"{ts(6)} Init torch distributed begin.",
        f"{ts(6)} Init torch distributed ends. elapsed=0.42 s, mem usage=0.09 GB",
        f"{ts(7)} Load weight begin. avail mem=78.35 GB",
        sched_exc(
            31,
            None,
            tb(
                *SCHED_0510,
                ("model_loader/loader.py", 2076, "load_model", "quant_method.process_weights_after_loading(module)"),
                ("layers/quantization/gguf.py", 370, "process_weights_after_loading", "raise ValueError("),
            ),
            "ValueError: Unsupported GGUF quantization type 34 in layer QKVParallelLinear(in_features=5120, output_features=10240, bias=False, tp_size=1, gather_output=False).",
        ),
        "",
        sigquit(31),
    ),
)

case(
    "gguf_load_format_on_a_directory",
    "0.5.10.post1",
    "0.5.10.post1 model_loader/loader.py GGUFModelLoader._prepare_weights:1993 (`{path} is not a file.`), server_args.py _handle_load_format (check_gguf_file is false for a directory)",
    "config_error",
    "`--load-format gguf` pointed at an HF directory: the GGUF loader wants one .gguf file, a bad argument",
    join(
        LAUNCH_WARN_0510,
        sargs(
            0,
            "/models/Qwen2.5-7B-Instruct",
            load_format="gguf",
            dtype="auto",
            quantization=None,
            mem_fraction_static=0.871,
            tp_size=1,
        ),
        f"{ts(5)} Init torch distributed begin.",
        f"{ts(5)} Init torch distributed ends. elapsed=0.38 s, mem usage=0.09 GB",
        f"{ts(6)} Load weight begin. avail mem=78.60 GB",
        sched_exc(
            6,
            None,
            tb(
                *SCHED_0510,
                (
                    "model_loader/loader.py",
                    2055,
                    "load_model",
                    "local_model_path = self._prepare_weights(model_config.model_path)",
                ),
                (
                    "model_loader/loader.py",
                    1993,
                    "_prepare_weights",
                    'raise ValueError(f"{model_name_or_path} is not a file.")',
                ),
            ),
            "ValueError: /models/Qwen2.5-7B-Instruct is not a file.",
        ),
        "",
        sigquit(6),
    ),
)

case(
    "gguf_truncated_download_cannot_reshape",
    "0.5.3 (gguf 0.17.1)",
    "gguf 0.17.1 gguf_reader.py _build_tensors:364 (the memmap is shorter than the tensor table says); 0.5.3 launcher path as above",
    "config_error",
    "a partially downloaded .gguf: the reader finds fewer bytes than a tensor needs, a corrupt checkpoint file",
    join(
        sargs(
            0, "/models/Qwen2.5-7B-Instruct-Q4_K_M.gguf", load_format="auto", dtype="auto", quantization=None, tp_size=1
        ),
        TB,
        tb(
            *ARGS_053,
            (
                "+gguf/gguf_reader.py",
                364,
                "_build_tensors",
                "data = self._get(data_offs, item_type, item_count).reshape(np_dims),",
            ),
        ),
        "ValueError: cannot reshape array of size 21233664 into shape (3584,15540)",
    ),
)

case(
    "gguf_padded_merged_weight_oom",
    "0.5.10.post1",
    "0.5.10.post1 layers/quantization/gguf.py GGUFLinearMethod._create_padded_weight_param:393 (torch.zeros for the concatenated shards while the data_container still holds them), model_loader/loader.py:2076; torch OutOfMemoryError text",
    "oom_weights",
    "a 70B Q4_K_M GGUF barely fits a 48 GB card; padding the merged qkv/gate_up shards after loading needs more: out of memory while loading weights",
    join(
        LAUNCH_WARN_0510,
        sargs(
            0,
            "/models/Llama-3.3-70B-Instruct-Q4_K_M.gguf",
            load_format="gguf",
            dtype="auto",
            quantization="gguf",
            mem_fraction_static=0.85,
            tp_size=1,
        ),
        f"{ts(1)} gguf quantization is not fully optimized yet. The speed can be slower than non-quantized models.",
        f"{ts(6)} Init torch distributed begin.",
        f"{ts(6)} Init torch distributed ends. elapsed=0.40 s, mem usage=0.29 GB",
        f"{ts(7)} Load weight begin. avail mem=43.63 GB",
        sched_exc(
            162,
            None,
            tb(
                *SCHED_0510,
                ("model_loader/loader.py", 2076, "load_model", "quant_method.process_weights_after_loading(module)"),
                (
                    "layers/quantization/gguf.py",
                    378,
                    "process_weights_after_loading",
                    "self._create_padded_weight_param(layer)",
                ),
                ("layers/quantization/gguf.py", 393, "_create_padded_weight_param", "padded_data = torch.zeros("),
                ("+torch/utils/_device.py", 104, "__torch_function__", "return func(*args, **kwargs)"),
            ),
            torch_oom("252.00 MiB", "44.39 GiB", "187.69 MiB", "44.19 GiB", "43.12 GiB", "612.44 MiB"),
        ),
        "",
        sigquit(162),
    ),
)

GGUF_MOE_CAPTURE = INIT_0510 + (
    ("model_executor/model_runner.py", 655, "initialize", "self.init_device_graphs()"),
    (
        "model_executor/model_runner.py",
        2455,
        "init_device_graphs",
        "self.graph_runner = graph_runners[self.device](self)",
    ),
    ("model_executor/cuda_graph_runner.py", 653, "__init__", "self.capture()"),
    ("model_executor/cuda_graph_runner.py", 796, "capture", ") = self.capture_one_batch_size(bs, forward, stream_idx)"),
    ("model_executor/cuda_graph_runner.py", 1024, "capture_one_batch_size", "run_once()"),
    ("model_executor/cuda_graph_runner.py", 1011, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
    *NO_GRAD,
    ("models/qwen3_moe.py", 991, "forward", "hidden_states = self.model("),
    *MODULE_CALL,
    ("models/qwen2_moe.py", 681, "forward", "hidden_states, residual = layer("),
    *MODULE_CALL,
    ("models/qwen3_moe.py", 839, "forward", "hidden_states = self.mlp("),
    *MODULE_CALL,
    ("models/qwen3_moe.py", 298, "forward", "return self.forward_normal("),
    ("models/qwen3_moe.py", 326, "forward_normal", "final_hidden_states = self.experts(hidden_states, topk_output)"),
    *MODULE_CALL,
    ("layers/moe/fused_moe_triton/layer.py", 993, "forward", "return self.forward_impl(hidden_states, topk_output)"),
    ("layers/moe/fused_moe_triton/layer.py", 1012, "forward_impl", "combine_input = self.run_moe_core("),
    ("layers/moe/fused_moe_triton/layer.py", 1033, "run_moe_core", "return self.quant_method.apply("),
    ("layers/quantization/gguf.py", 524, "apply", "assert self.fused_experts is None"),
)
case(
    "gguf_moe_apply_has_no_fused_experts_at_capture",
    "0.5.10.post1",
    "sglang#30122 ('GGUFMoEMethod has no fused_experts ... loads fine, then dies'); 0.5.10.post1 layers/quantization/gguf.py GGUFMoEMethod.apply:524, model_executor/cuda_graph_runner.py (only RuntimeError is wrapped as 'Capture cuda graph failed')",
    "config_error",
    "every native-GGUF release's MoE path reads an attribute nothing sets; the first MoE forward (graph capture) raises: GGUF MoE is an unsupported quantization here, not memory",
    join(
        LAUNCH_WARN_0510,
        sargs(
            0,
            "/models/Qwen3-30B-A3B-Q4_K_M.gguf",
            load_format="gguf",
            dtype="auto",
            quantization="gguf",
            mem_fraction_static=0.871,
            tp_size=1,
            cuda_graph_max_bs=256,
        ),
        f"{ts(1)} gguf quantization is not fully optimized yet. The speed can be slower than non-quantized models.",
        f"{ts(6)} Init torch distributed begin.",
        f"{ts(6)} Init torch distributed ends. elapsed=0.39 s, mem usage=0.09 GB",
        f"{ts(7)} Load weight begin. avail mem=78.65 GB",
        f"{ts(65)} Load weight end. elapsed=58.31 s, type=Qwen3MoeForCausalLM, avail mem=60.12 GB, mem usage=18.53 GB.",
        f"{ts(65)} KV Cache is allocated. #tokens: 534336, K size: 24.46 GB, V size: 24.46 GB",
        f"{ts(65)} Memory pool end. avail mem=10.38 GB",
        f"{ts(66)} Capture cuda graph begin. This can take up to several minutes. avail mem=10.21 GB",
        f"{ts(66)} Capture cuda graph bs [1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160, 168, 176, 184, 192, 200, 208, 216, 224, 232, 240, 248, 256]",
        "Capturing batches (bs=256 avail_mem=10.09 GB):   0%|          | 0/36 [00:00<?, ?it/s]",
        sched_exc(
            67, None, tb(*GGUF_MOE_CAPTURE), "AttributeError: 'GGUFMoEMethod' object has no attribute 'fused_experts'"
        ),
        "",
        sigquit(67),
    ),
)

case(
    "gguf_iq2_dequant_oom_on_long_prefill_after_ready",
    "0.5.10.post1 (sgl-kernel 0.3.16)",
    "0.5.10.post1 layers/quantization/gguf.py fused_mul_mat_gguf:169 (I-quants have no MMQ kernel: a batch above mmvq_safe dequantizes the whole weight), sgl-kernel quantization/gguf.py ggml_dequantize; torch OutOfMemoryError text",
    "oom_runtime",
    "the server was ready and served; a 4096-token prefill dequantized an IQ2_XXS weight on a nearly full 24 GB card: out of memory while serving",
    join(
        LAUNCH_WARN_0510,
        sargs(
            0,
            "/models/Llama-3.3-70B-Instruct-IQ2_XXS.gguf",
            load_format="gguf",
            dtype="auto",
            quantization="gguf",
            mem_fraction_static=0.9,
            tp_size=1,
            chunked_prefill_size=4096,
            cuda_graph_max_bs=16,
        ),
        f"{ts(1)} gguf quantization is not fully optimized yet. The speed can be slower than non-quantized models.",
        f"{ts(5)} Init torch distributed begin.",
        f"{ts(5)} Init torch distributed ends. elapsed=0.35 s, mem usage=0.31 GB",
        f"{ts(6)} Load weight begin. avail mem=22.94 GB",
        f"{ts(71)} Load weight end. elapsed=65.02 s, type=LlamaForCausalLM, avail mem=3.51 GB, mem usage=19.43 GB.",
        f"{ts(71)} KV Cache is allocated. #tokens: 6336, K size: 0.97 GB, V size: 0.97 GB",
        f"{ts(71)} Memory pool end. avail mem=1.54 GB",
        f"{ts(72)} Capture cuda graph begin. This can take up to several minutes. avail mem=1.52 GB",
        f"{ts(72)} Capture cuda graph bs [1, 2, 4, 8, 12, 16]",
        "Capturing batches (bs=1 avail_mem=0.37 GB): 100%|██████████| 6/6 [00:05<00:00,  1.12it/s]",
        f"{ts(78)} Capture cuda graph end. Time elapsed: 6.14 s. mem usage=1.15 GB. avail mem=0.37 GB.",
        f"{ts(78)} max_total_num_tokens=6336, chunked_prefill_size=4096, max_prefill_tokens=16384, max_running_requests=3168, context_len=131072, available_gpu_mem=0.37 GB",
        ready(79),
        f'{ts(95)} INFO:     10.0.0.7:51022 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f"{ts(95)} Prefill batch, #new-seq: 1, #new-token: 812, #cached-token: 0, token usage: 0.13, #running-req: 0, #queue-req: 0, cuda graph: False, input throughput (token/s): 48.27",
        f"{ts(99)} Decode batch, #running-req: 1, #token: 852, token usage: 0.13, cuda graph: True, gen throughput (token/s): 11.94, #queue-req: 0",
        f"{ts(130)} Prefill batch, #new-seq: 1, #new-token: 4096, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, cuda graph: False, input throughput (token/s): 25.91",
        sched_exc(
            131,
            None,
            tb(
                *LOOP_0510,
                ("model_executor/model_runner.py", 2849, "_forward_raw", "ret, can_run_graph = self.forward_extend("),
                ("model_executor/model_runner.py", 2676, "forward_extend", "self.model.forward("),
                *NO_GRAD,
                ("models/llama.py", 517, "forward", "hidden_states = self.model("),
                *MODULE_CALL,
                ("models/llama.py", 390, "forward", "hidden_states, residual = layer("),
                *MODULE_CALL,
                ("models/llama.py", 322, "forward", "hidden_states = self.mlp(hidden_states)"),
                *MODULE_CALL,
                ("models/llama.py", 112, "forward", "x, _ = self.down_proj("),
                *MODULE_CALL,
                (
                    "layers/linear.py",
                    1509,
                    "forward",
                    "output_parallel = self.quant_method.apply(self, input_parallel, bias=bias_)",
                ),
                ("layers/quantization/gguf.py", 436, "apply", "out = fused_mul_mat_gguf(x, qweight, qweight_type)"),
                (
                    "layers/quantization/gguf.py",
                    169,
                    "fused_mul_mat_gguf",
                    "weight = ggml_dequantize(qweight, qweight_type, *shape, x.dtype)",
                ),
                (
                    "+sgl_kernel/quantization/gguf.py",
                    8,
                    "ggml_dequantize",
                    "return torch.ops.sgl_kernel.ggml_dequantize.default(weight, quant_type, M, N, dtype)",
                ),
                ("+torch/_ops.py", 841, "__call__", "return self._op(*args, **kwargs)"),
            ),
            torch_oom(
                "448.00 MiB", "23.52 GiB", "301.44 MiB", "23.21 GiB", "22.47 GiB", "249.82 MiB", pools="1.12 GiB"
            ),
        ),
        "",
        sigquit(131),
    ),
)

KV_POOL_0510 = INIT_0510 + (
    ("model_executor/model_runner.py", 623, "initialize", "self.init_memory_pool(pre_model_load_memory)"),
    (
        "model_executor/model_runner_kv_cache_mixin.py",
        899,
        "init_memory_pool",
        "self.memory_pool_config = self._resolve_memory_pool_config(",
    ),
    ("model_executor/model_runner_kv_cache_mixin.py", 885, "_resolve_memory_pool_config", "return MemoryPoolConfig("),
    ("<string>", 9, "__init__", ""),
    ("model_executor/model_runner_kv_cache_mixin.py", 59, "__post_init__", "raise RuntimeError(msg)"),
)
case(
    "gguf_q8_weights_leave_no_kv_budget",
    "0.5.10.post1",
    "0.5.10.post1 model_executor/model_runner_kv_cache_mixin.py MemoryPoolConfig.__post_init__:57-59 ('Not enough memory. Please try to increase --mem-fraction-static.' + the current value)",
    "oom_kv_cache",
    "a 32B Q8_0 GGUF loads, then the KV pool budget under mem_fraction_static=0.85 is negative: a KV-pool shortfall (family 2), the fix is a higher fraction",
    join(
        LAUNCH_WARN_0510,
        sargs(
            0,
            "/models/Qwen2.5-32B-Instruct-Q8_0.gguf",
            load_format="gguf",
            dtype="auto",
            quantization="gguf",
            mem_fraction_static=0.85,
            tp_size=1,
        ),
        f"{ts(1)} gguf quantization is not fully optimized yet. The speed can be slower than non-quantized models.",
        f"{ts(5)} Init torch distributed begin.",
        f"{ts(5)} Init torch distributed ends. elapsed=0.37 s, mem usage=0.29 GB",
        f"{ts(6)} Load weight begin. avail mem=38.91 GB",
        f"{ts(101)} Load weight end. elapsed=95.12 s, type=Qwen2ForCausalLM, avail mem=4.62 GB, mem usage=34.29 GB.",
        sched_exc(
            101,
            None,
            tb(*KV_POOL_0510),
            "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: mem_fraction_static=0.85",
        ),
        "",
        sigquit(101),
    ),
)

# ================================================================================================== bitsandbytes
BNB_CONSTRUCT_043 = SCHED_043 + (
    ("model_loader/loader.py", 1109, "load_model", "model = _initialize_model("),
    ("model_loader/loader.py", 138, "_initialize_model", "return model_class("),
    ("models/llama.py", 364, "__init__", "self.model = LlamaModel(config, quant_config=quant_config)"),
    ("models/llama.py", 275, "__init__", "self.layers = make_layers("),
    ("utils.py", 314, "make_layers", 'maybe_offload_to_cpu(layer_fn(idx=idx, prefix=f"{prefix}.{idx}"))'),
    ("models/llama.py", 277, "<lambda>", "lambda idx, prefix: LlamaDecoderLayer("),
    ("models/llama.py", 209, "__init__", "self.self_attn = LlamaAttention("),
    ("models/llama.py", 137, "__init__", "self.qkv_proj = QKVParallelLinear("),
    ("layers/linear.py", 794, "__init__", "super().__init__("),
    ("layers/linear.py", 334, "__init__", "super().__init__("),
    ("layers/linear.py", 207, "__init__", "self.quant_method = quant_config.get_quant_method(self, prefix=prefix)"),
    (
        "+vllm/model_executor/layers/quantization/bitsandbytes.py",
        114,
        "get_quant_method",
        "return BitsAndBytesLinearMethod(self)",
    ),
    (
        "+vllm/model_executor/layers/quantization/bitsandbytes.py",
        141,
        "__init__",
        'raise ImportError("Please install bitsandbytes>=0.44.0 via "',
    ),
)
case(
    "bnb_package_missing_in_vllm_layer",
    "0.4.3.post2 (vLLM's BitsAndBytesConfig)",
    "sglang#2769 (the vLLM linear/bitsandbytes.py frames and the ImportError text), #2600; 0.4.3.post2 model_loader/loader.py BitsAndBytesModelLoader.load_model:1109, layers/linear.py LinearBase:207",
    "config_error",
    "a bnb-4bit checkpoint on an image without bitsandbytes: a missing package, raised while the model is built",
    join(
        sargs(
            0,
            "unsloth/llama-3-8b-bnb-4bit",
            load_format="bitsandbytes",
            dtype="auto",
            quantization=None,
            mem_fraction_static=0.88,
            tp_size=1,
        ),
        f"{ts(1)} bitsandbytes quantization is not fully optimized yet. The speed can be slower than non-quantized models.",
        f"{ts(6)} Init torch distributed begin.",
        f"{ts(7)} Load weight begin. avail mem=78.50 GB",
        f"{ts(8)} Scheduler hit an exception: {TB}",
        tb(
            ("+vllm/model_executor/layers/quantization/bitsandbytes.py", 136, "__init__", "import bitsandbytes"),
            site=PY310,
        ),
        "ModuleNotFoundError: No module named 'bitsandbytes'",
        "",
        "The above exception was the direct cause of the following exception:",
        "",
        TB,
        tb(*BNB_CONSTRUCT_043, site=PY310),
        "ImportError: Please install bitsandbytes>=0.44.0 via `pip install bitsandbytes>=0.44.0` to use bitsandbytes quantizer.",
        "",
        sigquit(8),
    ),
)

BNB_TP = SCHED_053 + (
    ("model_loader/loader.py", 1285, "load_model", "self._load_weights(model_config, model)"),
    ("model_loader/loader.py", 1183, "_load_weights", "raise ValueError("),
)
case(
    "bnb_prequant_with_tp2",
    "0.5.3",
    "0.5.3 model_loader/loader.py BitsAndBytesModelLoader._load_weights:1164/1183 (the two literals join without a space: 'supported.Please')",
    "config_error",
    "a pre-quantized bitsandbytes checkpoint cannot be split across TP ranks: an unsupported combination of arguments",
    join(
        sargs(
            0,
            "unsloth/Meta-Llama-3.1-70B-Instruct-bnb-4bit",
            load_format="bitsandbytes",
            dtype="auto",
            quantization=None,
            mem_fraction_static=0.85,
            tp_size=2,
        ),
        f"{ts(1)} bitsandbytes quantization is not fully optimized yet. The speed can be slower than non-quantized models.",
        f"{ts(8, 'TP0')} Init torch distributed begin.",
        f"{ts(8, 'TP1')} Init torch distributed begin.",
        f"{ts(10, 'TP0')} Init torch distributed ends. mem usage=0.61 GB",
        f"{ts(10, 'TP1')} Init torch distributed ends. mem usage=0.61 GB",
        f"{ts(11, 'TP0')} Load weight begin. avail mem=78.05 GB",
        f"{ts(11, 'TP1')} Load weight begin. avail mem=78.05 GB",
        f"{ts(13, 'TP0')} Loading weights with BitsAndBytes quantization.  May take a while ...",
        f"{ts(13, 'TP1')} Loading weights with BitsAndBytes quantization.  May take a while ...",
        sched_exc(
            13,
            "TP0",
            tb(*BNB_TP),
            "ValueError: Prequant BitsAndBytes models with TP is not supported.Please try with PP.",
        ),
        "",
        sched_exc(
            13,
            "TP1",
            tb(*BNB_TP),
            "ValueError: Prequant BitsAndBytes models with TP is not supported.Please try with PP.",
        ),
        "",
        sigquit(13),
    ),
)

BNB_LIB = f"{PY312}/bitsandbytes"
BNB_MISMATCH = (
    "\n🚨 CUDA VERSION MISMATCH 🚨\n"
    "Requested CUDA version:          13.0\n"
    "Detected PyTorch CUDA version:   13.0\n"
    "Available pre-compiled versions: \n  - 11.8\n  - 12.0\n  - 12.1\n  - 12.2\n  - 12.3\n  - 12.4\n  - 12.5\n  - 12.6\n  - 12.8\n  - 12.9\n\n"
    "This means:\n"
    "The version you're trying to use is NOT distributed with this package\n\n"
    "Attempted to use bitsandbytes native library functionality but it's not available.\n\n"
    "This typically happens when:\n"
    "1. bitsandbytes doesn't ship with a pre-compiled binary for your CUDA version\n"
    "2. The library wasn't compiled properly during installation from source\n\n"
    "To make bitsandbytes work, the compiled library version MUST exactly match the linked CUDA version.\n"
    "If your CUDA version doesn't have a pre-compiled binary, you MUST compile from source.\n\n"
    "You have two options:\n"
    "1. COMPILE FROM SOURCE (required if no binary exists):\n"
    "   https://huggingface.co/docs/bitsandbytes/main/en/installation#cuda-compile\n"
    "2. Use BNB_CUDA_VERSION to specify a DIFFERENT CUDA version from the detected one, which is installed on your machine and matching an available pre-compiled version listed above\n\n"
    f"Original error: Configured CUDA binary not found at {BNB_LIB}/libbitsandbytes_cuda130.so\n\n"
    "🔍 Run this command for detailed diagnostics:\n"
    "python -m bitsandbytes\n\n"
    "If you've tried everything and still have issues:\n"
    "1. Include ALL version info (operating system, bitsandbytes, pytorch, cuda, python)\n"
    "2. Describe what you've tried in detail\n"
    "3. Open an issue with this information:\n"
    "   https://github.com/bitsandbytes-foundation/bitsandbytes/issues\n\n"
    "Native code method attempted to call: lib.cdequantize_blockwise_fp32()"
)
CAPTURE_FAILED_MSG = (
    "Possible solutions:\n"
    "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
    "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n"
    "3. disable torch compile by not using --enable-torch-compile\n"
    "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\n"
    "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose \n"
)
BNB_CAPTURE = INIT_0510 + (
    ("model_executor/model_runner.py", 655, "initialize", "self.init_device_graphs()"),
    (
        "model_executor/model_runner.py",
        2455,
        "init_device_graphs",
        "self.graph_runner = graph_runners[self.device](self)",
    ),
)
BNB_CAPTURE_INNER = (
    ("model_executor/cuda_graph_runner.py", 653, "__init__", "self.capture()"),
    ("model_executor/cuda_graph_runner.py", 796, "capture", ") = self.capture_one_batch_size(bs, forward, stream_idx)"),
    ("model_executor/cuda_graph_runner.py", 1024, "capture_one_batch_size", "run_once()"),
    ("model_executor/cuda_graph_runner.py", 1011, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
    *NO_GRAD,
    ("models/qwen2.py", 482, "forward", "hidden_states = self.model("),
    *MODULE_CALL,
    ("models/qwen2.py", 363, "forward", "hidden_states, residual = layer("),
    *MODULE_CALL,
    ("models/qwen2.py", 249, "forward", "hidden_states = self.self_attn("),
    *MODULE_CALL,
    ("models/qwen2.py", 186, "forward", "qkv, _ = self.qkv_proj(hidden_states)"),
    *MODULE_CALL,
    ("layers/linear.py", 460, "forward", "output_parallel = self.quant_method.apply(self, input_, bias)"),
    ("layers/quantization/bitsandbytes.py", 279, "apply", "return self._apply_4bit_weight(layer, x, bias)"),
    ("layers/quantization/bitsandbytes.py", 384, "_apply_4bit_weight", "apply_bnb_4bit(bf_x, qweight, offsets, out)"),
    (
        "layers/quantization/bitsandbytes.py",
        414,
        "apply_bnb_4bit",
        "out[:, current_index : current_index + output_size] = matmul_4bit(",
    ),
    (
        "+bitsandbytes/autograd/_functions.py",
        393,
        "matmul_4bit",
        "return MatMul4Bit.apply(A, B, out, bias, quant_state)",
    ),
    ("+torch/autograd/function.py", 576, "apply", "return super().apply(*args, **kwargs)  # type: ignore[misc]"),
    (
        "+bitsandbytes/autograd/_functions.py",
        322,
        "forward",
        "output = torch.nn.functional.linear(A, F.dequantize_4bit(B, quant_state).to(A.dtype).t(), bias)",
    ),
    (
        "+bitsandbytes/functional.py",
        1120,
        "dequantize_4bit",
        "absmax = dequantize_blockwise(quant_state.absmax, quant_state.state2)",
    ),
    ("+bitsandbytes/functional.py", 851, "dequantize_blockwise", "torch.ops.bitsandbytes.dequantize_blockwise.out("),
    ("+torch/_ops.py", 841, "__call__", "return self._op(*args, **kwargs)"),
    (
        "+bitsandbytes/backends/cuda/ops.py",
        261,
        "_",
        "_dequantize_blockwise_impl(A, absmax, code, blocksize, dtype, out=out)",
    ),
    ("+bitsandbytes/backends/cuda/ops.py", 290, "_dequantize_blockwise_impl", "lib.cdequantize_blockwise_fp32(*args)"),
    (
        "+bitsandbytes/cextension.py",
        251,
        "throw_on_call",
        'raise RuntimeError(f"{self.formatted_error}Native code method attempted to call: lib.{name}()")',
    ),
)
case(
    "bnb_no_binary_for_cuda13_fails_graph_capture",
    "0.5.10.post1 (torch 2.9.1+cu130, bitsandbytes 0.46.1)",
    "bitsandbytes 0.46.1 cextension.py (get_native_library:270 'Configured CUDA binary not found', the 'bitsandbytes library load error' log, ErrorHandlerMockBNBNativeLibrary's CUDA VERSION MISMATCH text, throw_on_call:251; the wheel ships cuda118..cuda129 only); 0.5.10.post1 layers/quantization/bitsandbytes.py apply_bnb_4bit, model_executor/cuda_graph_runner.py:653-656 + CUDA_GRAPH_CAPTURE_FAILED_MSG",
    "config_error",
    "the installed bitsandbytes has no binary for CUDA 13.0; the first native call (graph capture) raises, and SGLang's capture wrapper adds mem-fraction hints that do not apply: a library without a build for this CUDA, not memory",
    join(
        LAUNCH_WARN_0510,
        sargs(
            0,
            "unsloth/Qwen2.5-7B-Instruct-bnb-4bit",
            load_format="bitsandbytes",
            dtype="auto",
            quantization=None,
            mem_fraction_static=0.871,
            tp_size=1,
        ),
        f"{ts(1)} bitsandbytes quantization is not fully optimized yet. The speed can be slower than non-quantized models.",
        f"{ts(5)} Init torch distributed begin.",
        f"{ts(5)} Init torch distributed ends. elapsed=0.36 s, mem usage=0.09 GB",
        f"{ts(6)} Load weight begin. avail mem=78.62 GB",
        f"{ts(6)} bitsandbytes library load error: Configured CUDA binary not found at {BNB_LIB}/libbitsandbytes_cuda130.so",
        "",
        TB,
        tb(
            ("+bitsandbytes/cextension.py", 290, "<module>", "lib = get_native_library()"),
            (
                "+bitsandbytes/cextension.py",
                270,
                "get_native_library",
                'raise RuntimeError(f"Configured CUDA binary not found at {cuda_binary_path}")',
            ),
        ),
        f"RuntimeError: Configured CUDA binary not found at {BNB_LIB}/libbitsandbytes_cuda130.so",
        f"{ts(6)} Loading weights with BitsAndBytes quantization.  May take a while ...",
        "Loading safetensors checkpoint shards:   0% Completed | 0/2 [00:00<?, ?it/s]",
        "Loading safetensors checkpoint shards: 100% Completed | 2/2 [00:04<00:00,  2.11s/it]",
        f"{ts(12)} Load weight end. elapsed=6.12 s, type=Qwen2ForCausalLM, quant=bitsandbytes, avail mem=73.07 GB, mem usage=5.55 GB.",
        f"{ts(12)} KV Cache is allocated. #tokens: 1121870, K size: 30.06 GB, V size: 30.06 GB",
        f"{ts(12)} Memory pool end. avail mem=12.79 GB",
        f"{ts(13)} Capture cuda graph begin. This can take up to several minutes. avail mem=12.62 GB",
        f"{ts(13)} Capture cuda graph bs [1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160, 168, 176, 184, 192, 200, 208, 216, 224, 232, 240, 248, 256]",
        "Capturing batches (bs=256 avail_mem=12.50 GB):   0%|          | 0/36 [00:00<?, ?it/s]",
        f"{ts(14)} Scheduler hit an exception: {TB}",
        tb(*BNB_CAPTURE_INNER),
        f"RuntimeError: {BNB_MISMATCH}",
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        TB,
        tb(
            *BNB_CAPTURE,
            ("model_executor/cuda_graph_runner.py", 655, "__init__", "raise Exception("),
        ),
        f"Exception: Capture cuda graph failed: {BNB_MISMATCH}\n{CAPTURE_FAILED_MSG}",
        "",
        sigquit(14),
    ),
)

SUPPORTED_055 = "['fp8', 'blockwise_int8', 'modelopt', 'modelopt_fp8', 'modelopt_fp4', 'w8a8_int8', 'w8a8_fp8', 'awq', 'awq_marlin', 'gguf', 'gptq', 'gptq_marlin', 'moe_wna16', 'compressed-tensors', 'qoq', 'w4afp8', 'petit_nvfp4', 'fbgemm_fp8', 'auto-round', 'quark', 'mxfp4']"
case(
    "bnb_not_a_quantization_method_in_0_5_5",
    "0.5.5",
    "0.5.5 layers/quantization/__init__.py (BASE_QUANTIZATION_METHODS has no bitsandbytes between the vLLM removal and 0.5.8's native one), configs/model_config.py _verify_quantization:705, server_args.py _handle_gpu_memory_settings:827",
    "config_error",
    "0.5.5 dropped vLLM's BitsAndBytesConfig before its own arrived: the checkpoint's quantization is not a method this release knows",
    join(
        sargs(
            0,
            "unsloth/Llama-3.2-3B-Instruct-bnb-4bit",
            load_format="bitsandbytes",
            dtype="auto",
            quantization=None,
            tp_size=1,
        ),
        TB,
        tb(
            *RUNPY312,
            ("@launch_server.py", 24, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
            ("server_args.py", 4022, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
            ("server_args.py", 3637, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
            ("<string>", 287, "__init__", ""),
            ("server_args.py", 582, "__post_init__", "self._handle_gpu_memory_settings(gpu_mem)"),
            ("server_args.py", 827, "_handle_gpu_memory_settings", "model_config = self.get_model_config()"),
            ("server_args.py", 3662, "get_model_config", "self.model_config = ModelConfig.from_server_args(self)"),
            ("configs/model_config.py", 223, "from_server_args", "return ModelConfig("),
            ("configs/model_config.py", 195, "__init__", "self._verify_quantization()"),
            ("configs/model_config.py", 705, "_verify_quantization", "raise ValueError("),
        ),
        f"ValueError: Unknown quantization method: bitsandbytes. Must be one of {SUPPORTED_055}.",
    ),
)

case(
    "bnb_loader_on_an_awq_checkpoint",
    "0.5.10.post1",
    "0.5.10.post1 model_loader/loader.py BitsAndBytesModelLoader._load_weights:1845/1857, configs/model_config.py (awq -> awq_marlin override)",
    "config_error",
    "`--load-format bitsandbytes` on an AWQ checkpoint: the loader only takes bitsandbytes quantization, a loader/format mismatch",
    join(
        LAUNCH_WARN_0510,
        sargs(
            0,
            "Qwen/Qwen2.5-14B-Instruct-AWQ",
            load_format="bitsandbytes",
            dtype="auto",
            quantization=None,
            mem_fraction_static=0.871,
            tp_size=1,
        ),
        f"{ts(1)} The model is convertible to awq_marlin during runtime. Using awq_marlin kernel.",
        f"{ts(5)} Init torch distributed begin.",
        f"{ts(5)} Init torch distributed ends. elapsed=0.41 s, mem usage=0.09 GB",
        f"{ts(6)} Load weight begin. avail mem=78.59 GB",
        f"{ts(7)} Loading weights with BitsAndBytes quantization.  May take a while ...",
        sched_exc(
            7,
            None,
            tb(
                *SCHED_0510,
                ("model_loader/loader.py", 1969, "load_model", "self._load_weights(model_config, model)"),
                ("model_loader/loader.py", 1857, "_load_weights", "raise ValueError("),
            ),
            "ValueError: BitsAndBytes loader does not support awq quantization",
        ),
        "",
        sigquit(7),
    ),
)

case(
    "bnb_model_class_without_bnb_mapping",
    "0.5.10.post1",
    "0.5.10.post1 model_loader/loader.py BitsAndBytesModelLoader._load_weights:1827 (models/granite.py has no bitsandbytes_stacked_params_mapping)",
    "config_error",
    "on-the-fly bitsandbytes quantization of a model class SGLang has no bnb mapping for: an unsupported quantization for this architecture",
    join(
        LAUNCH_WARN_0510,
        sargs(
            0,
            "ibm-granite/granite-3.1-8b-instruct",
            load_format="bitsandbytes",
            dtype="auto",
            quantization="bitsandbytes",
            mem_fraction_static=0.871,
            tp_size=1,
        ),
        f"{ts(1)} bitsandbytes quantization is not fully optimized yet. The speed can be slower than non-quantized models.",
        f"{ts(5)} Init torch distributed begin.",
        f"{ts(5)} Init torch distributed ends. elapsed=0.33 s, mem usage=0.09 GB",
        f"{ts(6)} Load weight begin. avail mem=78.61 GB",
        sched_exc(
            7,
            None,
            tb(
                *SCHED_0510,
                ("model_loader/loader.py", 1969, "load_model", "self._load_weights(model_config, model)"),
                ("model_loader/loader.py", 1827, "_load_weights", "raise AttributeError("),
            ),
            "AttributeError: Model GraniteForCausalLM does not support BitsAndBytes quantization yet.",
        ),
        "",
        sigquit(7),
    ),
)

case(
    "bnb_on_the_fly_quantization_oom",
    "0.5.10.post1",
    "0.5.10.post1 model_loader/loader.py BitsAndBytesModelLoader._unquantized_generator:1801 (each bf16 weight slice is moved to the GPU before quantize_4bit), _load_weights:1878; torch OutOfMemoryError text",
    "oom_weights",
    "a 70B checkpoint quantized to 4 bits while it loads on a 40 GB card: the 4-bit weights plus bf16 embeddings plus each bf16 slice in flight do not fit, out of memory while loading weights",
    join(
        LAUNCH_WARN_0510,
        sargs(
            0,
            "meta-llama/Llama-3.1-70B-Instruct",
            load_format="bitsandbytes",
            dtype="auto",
            quantization="bitsandbytes",
            mem_fraction_static=0.82,
            tp_size=1,
        ),
        f"{ts(1)} bitsandbytes quantization is not fully optimized yet. The speed can be slower than non-quantized models.",
        f"{ts(5)} Init torch distributed begin.",
        f"{ts(5)} Init torch distributed ends. elapsed=0.36 s, mem usage=0.29 GB",
        f"{ts(6)} Load weight begin. avail mem=38.93 GB",
        f"{ts(9)} Loading weights with BitsAndBytes quantization.  May take a while ...",
        "Loading safetensors checkpoint shards:   0% Completed | 0/30 [00:00<?, ?it/s]",
        "Loading safetensors checkpoint shards:  93% Completed | 28/30 [07:41<00:33, 16.52s/it]",
        sched_exc(
            470,
            None,
            tb(
                *SCHED_0510,
                ("model_loader/loader.py", 1969, "load_model", "self._load_weights(model_config, model)"),
                ("model_loader/loader.py", 1878, "_load_weights", "model.load_weights(qweight_iterator)"),
                ("models/llama.py", 620, "load_weights", "for name, loaded_weight in weights:"),
                ("model_loader/loader.py", 1801, "_unquantized_generator", "loaded_weight = weight_sub_tensor.cuda()"),
            ),
            torch_oom("448.00 MiB", "39.39 GiB", "301.06 MiB", "39.08 GiB", "38.51 GiB", "83.36 MiB"),
        ),
        "",
        sigquit(470),
    ),
)

case(
    "bnb_illegal_memory_access_after_ready",
    "0.5.10.post1 (torch 2.9.1, bitsandbytes 0.46.1)",
    "0.5.10.post1 layers/quantization/bitsandbytes.py apply_bnb_4bit:414 (matmul_4bit -> gemv_4bit for a single-token decode); torch 2.9 AcceleratorError text",
    "cuda_error_other",
    "served for minutes after ready, then a bitsandbytes gemv kernel faulted: a runtime CUDA fault (illegal memory access)",
    join(
        LAUNCH_WARN_0510,
        sargs(
            0,
            "unsloth/Meta-Llama-3.1-8B-Instruct-bnb-4bit",
            load_format="bitsandbytes",
            dtype="auto",
            quantization=None,
            mem_fraction_static=0.871,
            tp_size=1,
            disable_cuda_graph=True,
        ),
        f"{ts(1)} bitsandbytes quantization is not fully optimized yet. The speed can be slower than non-quantized models.",
        f"{ts(5)} Init torch distributed begin.",
        f"{ts(5)} Init torch distributed ends. elapsed=0.35 s, mem usage=0.09 GB",
        f"{ts(6)} Load weight begin. avail mem=78.61 GB",
        f"{ts(6)} Loading weights with BitsAndBytes quantization.  May take a while ...",
        "Loading safetensors checkpoint shards: 100% Completed | 2/2 [00:03<00:00,  1.71s/it]",
        f"{ts(10)} Load weight end. elapsed=4.21 s, type=LlamaForCausalLM, quant=bitsandbytes, avail mem=72.88 GB, mem usage=5.73 GB.",
        f"{ts(10)} KV Cache is allocated. #tokens: 489812, K size: 29.90 GB, V size: 29.90 GB",
        f"{ts(10)} Memory pool end. avail mem=12.71 GB",
        f"{ts(11)} max_total_num_tokens=489812, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=131072, available_gpu_mem=12.71 GB",
        ready(12),
        f"{ts(60)} Prefill batch, #new-seq: 4, #new-token: 2311, #cached-token: 0, token usage: 0.01, #running-req: 0, #queue-req: 0, cuda graph: False, input throughput (token/s): 412.08",
        f"{ts(64)} Decode batch, #running-req: 4, #token: 2471, token usage: 0.01, cuda graph: False, gen throughput (token/s): 96.31, #queue-req: 0",
        sched_exc(
            301,
            None,
            tb(
                *LOOP_0510,
                ("model_executor/model_runner.py", 2837, "_forward_raw", "ret = self.forward_decode("),
                ("model_executor/model_runner.py", 2638, "forward_decode", "return self.model.forward("),
                *NO_GRAD,
                ("models/llama.py", 517, "forward", "hidden_states = self.model("),
                *MODULE_CALL,
                ("models/llama.py", 390, "forward", "hidden_states, residual = layer("),
                *MODULE_CALL,
                ("models/llama.py", 322, "forward", "hidden_states = self.mlp(hidden_states)"),
                *MODULE_CALL,
                ("models/llama.py", 110, "forward", "gate_up, _ = self.gate_up_proj(x)"),
                *MODULE_CALL,
                ("layers/linear.py", 460, "forward", "output_parallel = self.quant_method.apply(self, input_, bias)"),
                ("layers/quantization/bitsandbytes.py", 279, "apply", "return self._apply_4bit_weight(layer, x, bias)"),
                (
                    "layers/quantization/bitsandbytes.py",
                    384,
                    "_apply_4bit_weight",
                    "apply_bnb_4bit(bf_x, qweight, offsets, out)",
                ),
                (
                    "layers/quantization/bitsandbytes.py",
                    414,
                    "apply_bnb_4bit",
                    "out[:, current_index : current_index + output_size] = matmul_4bit(",
                ),
            ),
            "torch.AcceleratorError: CUDA error: an illegal memory access was encountered\n"
            "Search for `cudaErrorIllegalAddress' in https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html for more information.\n"
            "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
            "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
            "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
        ),
        "",
        sigquit(301),
    ),
)

# ============================================================================================ sharded / layered / dummy
case(
    "sharded_state_saved_at_tp2_loaded_at_tp4",
    "0.5.3",
    "0.5.3 model_loader/loader.py ShardedStateLoader.load_model:741 (DEFAULT_PATTERN model-rank-{rank}-part-{part}.safetensors)",
    "config_error",
    "a sharded_state checkpoint written by 2 ranks has no files for ranks 2 and 3: the TP argument does not match the pre-sharded checkpoint",
    join(
        sargs(
            0,
            "/ckpt/llama-3.1-70b-tp2-sharded",
            load_format="sharded_state",
            dtype="auto",
            quantization=None,
            mem_fraction_static=0.85,
            tp_size=4,
        ),
        *[f"{ts(8, f'TP{r}')} Init torch distributed begin." for r in range(4)],
        *[f"{ts(11, f'TP{r}')} Init torch distributed ends. mem usage=0.78 GB" for r in range(4)],
        *[f"{ts(11, f'TP{r}')} Load weight begin. avail mem=77.86 GB" for r in range(4)],
        sched_exc(
            14,
            "TP2",
            tb(*SCHED_053, ("model_loader/loader.py", 741, "load_model", "raise ValueError(")),
            "ValueError: Could not find checkpoint files '/ckpt/llama-3.1-70b-tp2-sharded/model-rank-2-part-*.safetensors', only pre-sharded checkpoints are currently supported!",
        ),
        "",
        sched_exc(
            14,
            "TP3",
            tb(*SCHED_053, ("model_loader/loader.py", 741, "load_model", "raise ValueError(")),
            "ValueError: Could not find checkpoint files '/ckpt/llama-3.1-70b-tp2-sharded/model-rank-3-part-*.safetensors', only pre-sharded checkpoints are currently supported!",
        ),
        "",
        sigquit(14),
    ),
)

case(
    "layered_load_on_a_model_without_load_weights_to_module",
    "0.5.3",
    "0.5.3 model_loader/loader.py LayeredModelLoader.load_model:547 (only models/torch_native_llama.py defines load_weights_to_module)",
    "config_error",
    "`--load-format layered` on a model class that cannot load layer by layer: an unsupported load format for this model",
    join(
        sargs(
            0,
            "meta-llama/Llama-3.1-8B-Instruct",
            load_format="layered",
            dtype="auto",
            quantization=None,
            torchao_config="int8wo",
            mem_fraction_static=0.871,
            tp_size=1,
        ),
        f"{ts(5)} Init torch distributed begin.",
        f"{ts(5)} Init torch distributed ends. mem usage=0.09 GB",
        f"{ts(6)} Load weight begin. avail mem=78.60 GB",
        sched_exc(
            6,
            None,
            tb(*SCHED_053, ("model_loader/loader.py", 547, "load_model", "raise ValueError(")),
            "ValueError: LayeredModelLoader requires the model to have a `load_weights_to_module` method. meta-llama/Llama-3.1-8B-Instruct does not support it.",
        ),
        "",
        sigquit(6),
    ),
)

DUMMY_INIT = SCHED_0510 + (
    ("model_loader/loader.py", 1289, "load_model", "model = _initialize_model("),
    ("model_loader/loader.py", 277, "_initialize_model", "return model_class(**kwargs)"),
    ("models/qwen3_moe.py", 949, "__init__", "self.model = Qwen3MoeModel("),
    ("models/qwen3_moe.py", 919, "__init__", "super().__init__("),
    ("models/qwen2_moe.py", 607, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
    ("utils/common.py", 646, "make_layers", "layer_fn(idx=idx, prefix=add_prefix(idx, prefix))"),
    ("models/qwen2_moe.py", 609, "<lambda>", "lambda idx, prefix: decoder_layer_type("),
    ("models/qwen3_moe.py", 770, "__init__", "self.mlp = Qwen3MoeSparseMoeBlock("),
    ("models/qwen3_moe.py", 258, "__init__", "self.experts = get_moe_impl_class(quant_config)("),
    ("layers/moe/fused_moe_triton/layer.py", 276, "__init__", "self.quant_method.create_weights("),
    (
        "layers/quantization/unquant.py",
        195,
        "create_weights",
        "torch.empty(num_experts, w13_weight_n, w13_weight_k, dtype=params_dtype),",
    ),
    ("+torch/utils/_device.py", 104, "__torch_function__", "return func(*args, **kwargs)"),
)
case(
    "dummy_weights_do_not_fit_at_tp4",
    "0.5.10.post1",
    "0.5.10.post1 model_loader/loader.py DummyModelLoader.load_model:1289 (the model is built on the GPU before random init), layers/quantization/unquant.py create_weights; torch OutOfMemoryError text",
    "oom_weights",
    "`--load-format dummy` still allocates every weight: a 235B bf16 MoE at TP 4 needs ~117 GB per 80 GB GPU, out of memory while creating the weights",
    join(
        LAUNCH_WARN_0510,
        sargs(
            0,
            "Qwen/Qwen3-235B-A22B",
            load_format="dummy",
            dtype="auto",
            quantization=None,
            mem_fraction_static=0.88,
            tp_size=4,
        ),
        *[f"{ts(9, f'TP{r}')} Init torch distributed begin." for r in range(4)],
        *[f"{ts(12, f'TP{r}')} Init torch distributed ends. elapsed=2.84 s, mem usage=0.78 GB" for r in range(4)],
        *[f"{ts(12, f'TP{r}')} Load weight begin. avail mem=78.29 GB" for r in range(4)],
        sched_exc(
            31,
            "TP0",
            tb(*DUMMY_INIT),
            torch_oom("768.00 MiB", "79.19 GiB", "498.94 MiB", "78.68 GiB", "78.13 GiB", "12.27 MiB"),
        ),
        "",
        sched_exc(
            31,
            "TP2",
            tb(*DUMMY_INIT),
            torch_oom("768.00 MiB", "79.19 GiB", "498.94 MiB", "78.68 GiB", "78.13 GiB", "12.27 MiB", gpu=2),
        ),
        "",
        sigquit(31),
    ),
)

# ====================================================================== broken checkpoints and config/tensor mismatches
case(
    "safetensors_truncated_shard",
    "0.5.3 (safetensors 0.5.3)",
    "0.5.3 model_loader/weight_utils.py safetensors_weights_iterator:623 (safe_open), model_loader/loader.py _get_all_weights:467; safetensors 0.5.3 SafetensorError 'Error while deserializing header: MetadataIncompleteBuffer'",
    "config_error",
    "a shard whose download was cut short: its header promises more bytes than the file has, a corrupt checkpoint",
    join(
        sargs(
            0,
            "/models/Qwen2.5-32B-Instruct",
            load_format="auto",
            dtype="auto",
            quantization=None,
            mem_fraction_static=0.85,
            tp_size=2,
        ),
        f"{ts(8, 'TP0')} Init torch distributed begin.",
        f"{ts(8, 'TP1')} Init torch distributed begin.",
        f"{ts(10, 'TP0')} Init torch distributed ends. mem usage=0.61 GB",
        f"{ts(10, 'TP1')} Init torch distributed ends. mem usage=0.61 GB",
        f"{ts(10, 'TP0')} Load weight begin. avail mem=78.05 GB",
        f"{ts(10, 'TP1')} Load weight begin. avail mem=78.05 GB",
        "Loading safetensors checkpoint shards:   0% Completed | 0/17 [00:00<?, ?it/s]",
        "Loading safetensors checkpoint shards:  47% Completed | 8/17 [00:41<00:46,  5.20s/it]",
        sched_exc(
            52,
            "TP0",
            tb(
                *DEFAULT_LOAD_053,
                ("models/qwen2.py", 558, "load_weights", "for name, loaded_weight in weights:"),
                (
                    "model_loader/loader.py",
                    467,
                    "_get_all_weights",
                    "yield from self._get_weights_iterator(primary_weights)",
                ),
                (
                    "model_loader/loader.py",
                    458,
                    "<genexpr>",
                    "return ((source.prefix + name, tensor) for (name, tensor) in weights_iterator)",
                ),
                (
                    "model_loader/weight_utils.py",
                    623,
                    "safetensors_weights_iterator",
                    'with safetensors.safe_open(st_file, framework="pt", device="cpu") as f:',
                ),
            ),
            "safetensors_rust.SafetensorError: Error while deserializing header: MetadataIncompleteBuffer",
        ),
        "",
        sigquit(52),
    ),
)

case(
    "safetensors_git_lfs_pointer_files",
    "0.4.6.post5 (safetensors 0.5.3)",
    "0.4.6.post5 model_loader/weight_utils.py safetensors_weights_iterator:442 (safetensors.torch.load_file), loader.py _get_all_weights:354 / <genexpr>:345; safetensors torch.py load_file:313, 'HeaderTooLarge' (a 135-byte LFS pointer read as a header length)",
    "config_error",
    "the repo was cloned without git-lfs, so every .safetensors is a text pointer: corrupt checkpoint files",
    join(
        sargs(
            0,
            "/models/Meta-Llama-3.1-8B-Instruct",
            load_format="auto",
            dtype="auto",
            quantization=None,
            mem_fraction_static=0.88,
            tp_size=1,
        ),
        f"{ts(5)} Init torch distributed begin.",
        f"{ts(5)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(5)} Load weight begin. avail mem=78.81 GB",
        "Loading safetensors checkpoint shards:   0% Completed | 0/4 [00:00<?, ?it/s]",
        sched_exc(
            6,
            None,
            tb(
                *SCHED_046,
                ("model_loader/loader.py", 381, "load_model", "self.load_weights_and_postprocess("),
                ("model_loader/loader.py", 389, "load_weights_and_postprocess", "model.load_weights(weights)"),
                ("models/llama.py", 544, "load_weights", "for name, loaded_weight in weights:"),
                (
                    "model_loader/loader.py",
                    354,
                    "_get_all_weights",
                    "yield from self._get_weights_iterator(primary_weights)",
                ),
                (
                    "model_loader/loader.py",
                    345,
                    "<genexpr>",
                    "return ((source.prefix + name, tensor) for (name, tensor) in weights_iterator)",
                ),
                (
                    "model_loader/weight_utils.py",
                    442,
                    "safetensors_weights_iterator",
                    'result = safetensors.torch.load_file(st_file, device="cpu")',
                ),
                (
                    "+safetensors/torch.py",
                    313,
                    "load_file",
                    'with safe_open(filename, framework="pt", device=device) as f:',
                ),
                site=PY310,
            ),
            "safetensors_rust.SafetensorError: Error while deserializing header: HeaderTooLarge",
        ),
        "",
        sigquit(6),
    ),
)

case(
    "no_weights_in_the_directory",
    "0.4.9.post6",
    "0.4.9.post6 model_loader/loader.py DefaultModelLoader._prepare_weights:346 ('Cannot find any model weights with ...'), _get_weights_iterator:357, _get_all_weights:410",
    "config_error",
    "a Meta download with only original/consolidated.00.pth: no *.safetensors or *.bin where SGLang looks, a model path without weights",
    join(
        sargs(
            0,
            "/models/Llama-3.1-8B-Instruct",
            load_format="auto",
            dtype="auto",
            quantization=None,
            mem_fraction_static=0.88,
            tp_size=1,
        ),
        f"{ts(5)} Init torch distributed begin.",
        f"{ts(5)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(6)} Load weight begin. avail mem=78.81 GB",
        sched_exc(
            6,
            None,
            tb(
                *SCHED_049,
                ("model_loader/loader.py", 437, "load_model", "self.load_weights_and_postprocess("),
                ("model_loader/loader.py", 445, "load_weights_and_postprocess", "model.load_weights(weights)"),
                ("models/llama.py", 585, "load_weights", "for name, loaded_weight in weights:"),
                (
                    "model_loader/loader.py",
                    410,
                    "_get_all_weights",
                    "yield from self._get_weights_iterator(primary_weights)",
                ),
                (
                    "model_loader/loader.py",
                    357,
                    "_get_weights_iterator",
                    "hf_folder, hf_weights_files, use_safetensors = self._prepare_weights(",
                ),
                ("model_loader/loader.py", 346, "_prepare_weights", "raise RuntimeError("),
                site=PY310,
            ),
            "RuntimeError: Cannot find any model weights with `/models/Llama-3.1-8B-Instruct`",
        ),
        "",
        sigquit(6),
    ),
)

case(
    "config_vocab_size_does_not_match_embedding",
    "0.5.10.post1",
    "0.5.10.post1 layers/vocab_parallel_embedding.py VocabParallelEmbedding.weight_loader:460-463 (the f-string assertion message), models/qwen2.py load_weights:620",
    "config_error",
    "a fine-tune saved with a resized embedding (151665 rows) and the base config.json (152064): the config does not match the tensors",
    join(
        LAUNCH_WARN_0510,
        sargs(
            0,
            "/models/qwen2.5-7b-sft-merged",
            load_format="auto",
            dtype="auto",
            quantization=None,
            mem_fraction_static=0.871,
            tp_size=1,
        ),
        f"{ts(5)} Init torch distributed begin.",
        f"{ts(5)} Init torch distributed ends. elapsed=0.34 s, mem usage=0.09 GB",
        f"{ts(6)} Load weight begin. avail mem=78.60 GB",
        "Multi-thread loading shards:   0% Completed | 0/4 [00:00<?, ?it/s]",
        sched_exc(
            8,
            None,
            tb(
                *DEFAULT_LOAD_0510,
                ("models/qwen2.py", 620, "load_weights", "weight_loader(param, loaded_weight)"),
                (
                    "layers/vocab_parallel_embedding.py",
                    460,
                    "weight_loader",
                    "assert loaded_weight.shape[output_dim] == (",
                ),
            ),
            "AssertionError: self.org_vocab_size=152064 self.use_presharded_weights=False loaded_weight.shape[output_dim]=151665",
        ),
        "",
        sigquit(8),
    ),
)

case(
    "config_kv_heads_edited_bare_assert",
    "0.5.3",
    "0.5.3 layers/linear.py QKVParallelLinear.weight_loader:1183 (a bare `assert param_data.shape == loaded_weight.shape`), models/llama.py load_weights:610",
    "config_error",
    "config.json says 8 KV heads, the merged checkpoint's k_proj has 4: the config does not match the tensors, raised as a bare AssertionError",
    join(
        sargs(
            0,
            "/models/llama-3-8b-merge-v2",
            load_format="auto",
            dtype="auto",
            quantization=None,
            mem_fraction_static=0.871,
            tp_size=1,
        ),
        f"{ts(5)} Init torch distributed begin.",
        f"{ts(5)} Init torch distributed ends. mem usage=0.09 GB",
        f"{ts(6)} Load weight begin. avail mem=78.60 GB",
        f"{ts(6)} Using model weights format ['*.safetensors']",
        "Loading safetensors checkpoint shards:   0% Completed | 0/4 [00:00<?, ?it/s]",
        sched_exc(
            7,
            None,
            tb(
                *DEFAULT_LOAD_053,
                ("models/llama.py", 610, "load_weights", "weight_loader(param, loaded_weight, shard_id)"),
                ("layers/linear.py", 1183, "weight_loader", "assert param_data.shape == loaded_weight.shape"),
            ),
            "AssertionError",
        ),
        "",
        sigquit(7),
    ),
)

case(
    "host_oom_killer_during_multithread_load",
    "0.5.10.post1",
    "0.5.10.post1 entrypoints/engine.py _scheduler_died_error / _wait_for_scheduler_ready:1220 (exit code -9 hint), model_loader/weight_utils.py buffered_multi_thread_safetensors_weights_iterator ('Peak CPU RAM ~ (max_workers + 2) x shard_file_size' per rank); kernel OOM-killer line",
    "oom_weights",
    "eight ranks each reading several 5 GB shards at once exhausted host RAM; the kernel killed a scheduler mid-load: out of memory while loading weights (host side)",
    join(
        LAUNCH_WARN_0510,
        sargs(
            0,
            "meta-llama/Llama-3.1-405B-Instruct-FP8",
            load_format="auto",
            dtype="auto",
            quantization=None,
            mem_fraction_static=0.88,
            tp_size=8,
        ),
        *[f"{ts(14, f'TP{r}')} Load weight begin. avail mem=77.91 GB" for r in range(8)],
        f"{ts(14, 'TP0')} Detected fp8 checkpoint.",
        "Multi-thread loading shards:   0% Completed | 0/109 [00:00<?, ?it/s]",
        "Multi-thread loading shards:  11% Completed | 12/109 [00:47<05:48,  3.59s/it]",
        f"{ts(70)} {TB}",
        tb(
            *RUNPY312,
            ("@launch_server.py", 62, "<module>", "run_server(server_args)"),
            ("@launch_server.py", 47, "run_server", "launch_server(server_args)"),
            ("entrypoints/http_server.py", 2165, "launch_server", ") = Engine._launch_subprocesses("),
            ("entrypoints/engine.py", 730, "_launch_subprocesses", "scheduler_init_result.wait_for_ready()"),
            (
                "entrypoints/engine.py",
                599,
                "wait_for_ready",
                "infos = _wait_for_scheduler_ready(scheduler_pipe_readers, scheduler_procs)",
            ),
            (
                "entrypoints/engine.py",
                1220,
                "_wait_for_scheduler_ready",
                "raise _scheduler_died_error(j, scheduler_procs[j])",
            ),
        ),
        "RuntimeError: Rank 5 scheduler died during initialization (exit code: -9). If exit code is -9 (SIGKILL), a common cause is the OS OOM killer. Run `dmesg -T | grep -i oom` to check.",
        "$ dmesg -T | grep -i oom",
        "[Mon Mar  2 10:01:09 2026] Out of memory: Killed process 88412 (sglang::schedul) total-vm:412310544kB, anon-rss:61844312kB, file-rss:1048576kB, shmem-rss:0kB, UID:0 pgtables:131204kB oom_score_adj:0",
    ),
)

# ============================================================================================== healthy contrasts
case(
    "healthy_gguf_tokenizer_builds_merges_on_the_fly",
    "0.5.5 (transformers 4.57.1)",
    "transformers 4.57.1 integrations/ggml.py GGUFTokenizerSkeleton ('Merges were not in checkpoint, building merges on the fly.' + tqdm over the vocab); 0.5.5 configs/model_config.py ('gguf quantization is not fully optimized yet'), startup lines of 0.5.5",
    "healthy",
    "a SentencePiece-style GGUF has no merges, so transformers rebuilds them (twice: launcher and scheduler); slow and warned about, then the server is ready and serves",
    join(
        sargs(
            0,
            "/models/llama-2-7b-chat.Q4_K_M.gguf",
            load_format="gguf",
            dtype="auto",
            quantization="gguf",
            mem_fraction_static=0.871,
            tp_size=1,
        ),
        f"{ts(1)} gguf quantization is not fully optimized yet. The speed can be slower than non-quantized models.",
        "Merges were not in checkpoint, building merges on the fly.",
        "100%|██████████| 32000/32000 [00:38<00:00, 829.71it/s]",
        f"{ts(44)} Init torch distributed begin.",
        f"{ts(44)} Init torch distributed ends. mem usage=0.09 GB",
        "Merges were not in checkpoint, building merges on the fly.",
        "100%|██████████| 32000/32000 [00:39<00:00, 811.30it/s]",
        f"{ts(84)} Load weight begin. avail mem=78.55 GB",
        f"{ts(92)} Load weight end. type=LlamaForCausalLM, dtype=torch.float16, avail mem=74.43 GB, mem usage=4.12 GB.",
        f"{ts(92)} KV Cache is allocated. #tokens: 124611, K size: 30.42 GB, V size: 30.42 GB",
        f"{ts(92)} Memory pool end. avail mem=12.90 GB",
        f"{ts(93)} Capture cuda graph begin. This can take up to several minutes. avail mem=12.73 GB",
        f"{ts(93)} Capture cuda graph bs [1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160]",
        "Capturing batches (bs=1 avail_mem=12.11 GB): 100%|██████████| 24/24 [00:07<00:00,  3.24it/s]",
        f"{ts(101)} Capture cuda graph end. Time elapsed: 8.02 s. mem usage=0.62 GB. avail mem=12.11 GB.",
        f"{ts(101)} max_total_num_tokens=124611, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=4096, available_gpu_mem=12.11 GB",
        ready(102),
        f"{ts(120)} Prefill batch, #new-seq: 2, #new-token: 388, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, cuda graph: False, input throughput (token/s): 21.56",
        f"{ts(122)} Decode batch, #running-req: 2, #token: 468, token usage: 0.00, cuda graph: True, gen throughput (token/s): 141.20, #queue-req: 0",
        f'{ts(124)} INFO:     10.0.0.3:40112 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    ),
)

case(
    "healthy_prequantized_bnb_4bit",
    "0.5.10.post1",
    "0.5.10.post1 configs/model_config.py ('%s quantization is not fully optimized yet'), model_loader/loader.py BitsAndBytesModelLoader._load_weights:1845, model_runner.py 'Load weight end ... quant=bitsandbytes'",
    "healthy",
    "a pre-quantized bnb-4bit checkpoint at TP 1: two warnings, then the server is ready and serves",
    join(
        LAUNCH_WARN_0510,
        sargs(
            0,
            "unsloth/Qwen2.5-7B-Instruct-bnb-4bit",
            load_format="bitsandbytes",
            dtype="auto",
            quantization=None,
            mem_fraction_static=0.871,
            tp_size=1,
        ),
        f"{ts(1)} bitsandbytes quantization is not fully optimized yet. The speed can be slower than non-quantized models.",
        f"{ts(5)} Init torch distributed begin.",
        f"{ts(5)} Init torch distributed ends. elapsed=0.36 s, mem usage=0.09 GB",
        f"{ts(6)} Load weight begin. avail mem=78.62 GB",
        f"{ts(6)} Loading weights with BitsAndBytes quantization.  May take a while ...",
        "Loading safetensors checkpoint shards:   0% Completed | 0/2 [00:00<?, ?it/s]",
        "Loading safetensors checkpoint shards: 100% Completed | 2/2 [00:04<00:00,  2.11s/it]",
        f"{ts(12)} Load weight end. elapsed=6.12 s, type=Qwen2ForCausalLM, quant=bitsandbytes, avail mem=73.07 GB, mem usage=5.55 GB.",
        f"{ts(12)} KV Cache is allocated. #tokens: 1121870, K size: 30.06 GB, V size: 30.06 GB",
        f"{ts(12)} Memory pool end. avail mem=12.79 GB",
        f"{ts(13)} Capture cuda graph begin. This can take up to several minutes. avail mem=12.62 GB",
        f"{ts(13)} Capture cuda graph bs [1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160, 168, 176, 184, 192, 200, 208, 216, 224, 232, 240, 248, 256]",
        "Capturing batches (bs=1 avail_mem=11.84 GB): 100%|██████████| 36/36 [00:21<00:00,  1.66it/s]",
        f"{ts(35)} Capture cuda graph end. Time elapsed: 22.31 s. mem usage=0.78 GB. avail mem=11.84 GB.",
        f"{ts(35)} max_total_num_tokens=1121870, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=32768, available_gpu_mem=11.84 GB",
        ready(36),
        f"{ts(50)} Prefill batch, #new-seq: 3, #new-token: 1204, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, cuda graph: False, input throughput (token/s): 92.61",
        f"{ts(52)} Decode batch, #running-req: 3, #token: 1324, token usage: 0.00, cuda graph: True, gen throughput (token/s): 118.44, #queue-req: 0",
    ),
)

case(
    "healthy_dummy_weights_under_benchmark_load",
    "0.5.10.post1",
    "0.5.10.post1 model_loader/loader.py DummyModelLoader, managers/scheduler.py:2596 ('KV cache pool is full. Retract requests. ...'), observability/scheduler_metrics_mixin.py (batch lines)",
    "healthy",
    "`--load-format dummy` for a throughput benchmark: random weights, a full KV pool, retraction and a queue; pressure, not failure (family 1)",
    join(
        LAUNCH_WARN_0510,
        sargs(
            0,
            "meta-llama/Llama-3.1-8B-Instruct",
            load_format="dummy",
            dtype="auto",
            quantization=None,
            mem_fraction_static=0.871,
            tp_size=1,
            max_running_requests=512,
        ),
        f"{ts(5)} Init torch distributed begin.",
        f"{ts(5)} Init torch distributed ends. elapsed=0.34 s, mem usage=0.09 GB",
        f"{ts(6)} Load weight begin. avail mem=78.60 GB",
        f"{ts(7)} Load weight end. elapsed=1.02 s, type=LlamaForCausalLM, avail mem=63.50 GB, mem usage=15.10 GB.",
        f"{ts(7)} KV Cache is allocated. #tokens: 408120, K size: 24.91 GB, V size: 24.91 GB",
        f"{ts(7)} Memory pool end. avail mem=13.29 GB",
        f"{ts(8)} Capture cuda graph begin. This can take up to several minutes. avail mem=13.12 GB",
        f"{ts(8)} Capture cuda graph bs [1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160, 168, 176, 184, 192, 200, 208, 216, 224, 232, 240, 248, 256]",
        "Capturing batches (bs=1 avail_mem=12.31 GB): 100%|██████████| 36/36 [00:09<00:00,  3.83it/s]",
        f"{ts(18)} Capture cuda graph end. Time elapsed: 10.11 s. mem usage=0.81 GB. avail mem=12.31 GB.",
        f"{ts(18)} max_total_num_tokens=408120, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=512, context_len=131072, available_gpu_mem=12.31 GB",
        ready(19),
        f"{ts(40)} Prefill batch, #new-seq: 8, #new-token: 8192, #cached-token: 0, token usage: 0.61, #running-req: 344, #queue-req: 1650, cuda graph: False, input throughput (token/s): 61882.10",
        f"{ts(44)} Decode batch, #running-req: 512, #token: 404233, token usage: 0.99, cuda graph: False, gen throughput (token/s): 9211.45, #queue-req: 1488",
        f"{ts(45)} KV cache pool is full. Retract requests. #retracted_reqs: 7, #new_tokens_gained: 21504, #new_token_ratio: 0.5236 -> 0.7000",
        f"{ts(47)} Decode batch, #running-req: 505, #token: 401877, token usage: 0.98, cuda graph: False, gen throughput (token/s): 9630.02, #queue-req: 1495",
        f"{ts(52)} KV cache pool is full. Retract requests. #retracted_reqs: 3, #new_tokens_gained: 9216, #new_token_ratio: 0.6812 -> 0.7000",
        f"{ts(56)} Decode batch, #running-req: 498, #token: 397410, token usage: 0.97, cuda graph: False, gen throughput (token/s): 9544.87, #queue-req: 1502",
    ),
)

case(
    "healthy_incomplete_snapshot_redownloaded",
    "0.5.10.post1",
    "0.5.10.post1 model_loader/weight_utils.py _check_index_files_exist / _find_local_hf_snapshot_dir_unlocked ('Local snapshot incomplete for ...: Missing N file(s) from index ... Will download missing files.'), download_weights_from_hf ('Using model weights format ...')",
    "healthy",
    "a cached snapshot missing a shard listed in its index: SGLang says so, downloads it and starts normally",
    join(
        LAUNCH_WARN_0510,
        sargs(
            0,
            "Qwen/Qwen3-8B",
            load_format="auto",
            dtype="auto",
            quantization=None,
            mem_fraction_static=0.871,
            tp_size=1,
        ),
        f"{ts(5)} Init torch distributed begin.",
        f"{ts(5)} Init torch distributed ends. elapsed=0.35 s, mem usage=0.09 GB",
        f"{ts(6)} Load weight begin. avail mem=78.60 GB",
        f"{ts(6)} Local snapshot incomplete for Qwen/Qwen3-8B: Missing 1 file(s) from index model.safetensors.index.json: ['model-00005-of-00005.safetensors']. Will download missing files.",
        f"{ts(7)} Using model weights format ['*.safetensors']",
        "Multi-thread loading shards:   0% Completed | 0/5 [00:00<?, ?it/s]",
        "Multi-thread loading shards: 100% Completed | 5/5 [00:06<00:00,  1.31s/it]",
        f"{ts(51)} Load weight end. elapsed=45.20 s, type=Qwen3ForCausalLM, avail mem=63.15 GB, mem usage=15.45 GB.",
        f"{ts(51)} KV Cache is allocated. #tokens: 348160, K size: 24.70 GB, V size: 24.70 GB",
        f"{ts(51)} Memory pool end. avail mem=13.21 GB",
        f"{ts(52)} Capture cuda graph begin. This can take up to several minutes. avail mem=13.04 GB",
        f"{ts(52)} Capture cuda graph bs [1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160, 168, 176, 184, 192, 200, 208, 216, 224, 232, 240, 248, 256]",
        "Capturing batches (bs=1 avail_mem=12.20 GB): 100%|██████████| 36/36 [00:10<00:00,  3.49it/s]",
        f"{ts(63)} Capture cuda graph end. Time elapsed: 11.02 s. mem usage=0.84 GB. avail mem=12.20 GB.",
        f"{ts(63)} max_total_num_tokens=348160, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_gpu_mem=12.20 GB",
        ready(64),
    ),
)

case(
    "healthy_mistral_dir_without_index_loads_consolidated_too",
    "0.5.3",
    "0.5.3 model_loader/weight_utils.py filter_duplicate_safetensors_files (no index file and 4 files, so the two-file Mistral trick does not apply), models/llama.py load_weights ('Parameter {name} not found in params_dict'), models/mistral.py (MistralForCausalLM(LlamaForCausalLM))",
    "healthy",
    "a copied Mistral directory lost model.safetensors.index.json; the consolidated file is read too and its names warn, but the HF shards fill every parameter and the server serves",
    join(
        sargs(
            0,
            "/models/Mistral-7B-Instruct-v0.3",
            load_format="auto",
            dtype="auto",
            quantization=None,
            mem_fraction_static=0.871,
            tp_size=1,
        ),
        f"{ts(5)} Init torch distributed begin.",
        f"{ts(5)} Init torch distributed ends. mem usage=0.09 GB",
        f"{ts(6)} Load weight begin. avail mem=78.60 GB",
        "Loading safetensors checkpoint shards:   0% Completed | 0/4 [00:00<?, ?it/s]",
        f"{ts(9)} Parameter layers.0.attention.wk.weight not found in params_dict",
        f"{ts(9)} Parameter layers.0.attention.wo.weight not found in params_dict",
        f"{ts(9)} Parameter layers.0.attention.wq.weight not found in params_dict",
        f"{ts(9)} Parameter layers.0.attention.wv.weight not found in params_dict",
        f"{ts(9)} Parameter layers.0.attention_norm.weight not found in params_dict",
        f"{ts(9)} Parameter layers.0.feed_forward.w1.weight not found in params_dict",
        f"{ts(9)} Parameter layers.0.feed_forward.w2.weight not found in params_dict",
        f"{ts(9)} Parameter layers.0.feed_forward.w3.weight not found in params_dict",
        f"{ts(9)} Parameter layers.0.ffn_norm.weight not found in params_dict",
        f"{ts(12)} Parameter norm.weight not found in params_dict",
        f"{ts(12)} Parameter output.weight not found in params_dict",
        f"{ts(12)} Parameter tok_embeddings.weight not found in params_dict",
        "Loading safetensors checkpoint shards: 100% Completed | 4/4 [00:11<00:00,  2.93s/it]",
        f"{ts(18)} Load weight end. type=MistralForCausalLM, dtype=torch.bfloat16, avail mem=64.96 GB, mem usage=13.64 GB.",
        f"{ts(18)} KV Cache is allocated. #tokens: 423411, K size: 25.84 GB, V size: 25.84 GB",
        f"{ts(18)} Memory pool end. avail mem=13.12 GB",
        f"{ts(19)} Capture cuda graph begin. This can take up to several minutes. avail mem=12.95 GB",
        "Capturing batches (avail_mem=12.14 GB): 100%|██████████| 35/35 [00:09<00:00,  3.71it/s]",
        f"{ts(29)} Capture cuda graph end. Time elapsed: 9.88 s. mem usage=0.81 GB. avail mem=12.14 GB.",
        f"{ts(29)} max_total_num_tokens=423411, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=32768, available_gpu_mem=12.14 GB",
        ready(30),
        f"{ts(41)} Decode batch, #running-req: 6, #token: 3102, token usage: 0.01, cuda graph: True, gen throughput (token/s): 402.77, #queue-req: 0",
    ),
)


# ============================================================================================================ tests
XFAIL: dict[str, str] = {  # filled after the ONE first-sight run: case -> label the classifier gave
    "bnb_no_binary_for_cuda13_fails_graph_capture": "cuda_error_other",
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_gguf_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


EVENT_XFAIL: dict[str, str] = {}  # healthy cases that fire a failure event on the way: case -> event label


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_gguf_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35

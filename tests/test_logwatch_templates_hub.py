"""Failure templates for getting the model onto the GPU host and reading it (a helper, blind), SGLang 0.4.6-0.5.10:
the Hugging Face Hub refusing or failing (a gated repo without a token and with a token not on the list, a repo id
that does not exist, a `--revision` that does not, 429 on the weights listing, HF_HUB_OFFLINE with an empty cache, a
read timeout that never recovers, a proxy that cuts a shard short), ModelScope (SGLANG_USE_MODELSCOPE with a Hub id it
does not hold), a local directory without config.json or without weights, safetensors files that are git-lfs pointers
or truncated, an index naming a shard whose blob is gone, disk full while downloading and in the triton, flashinfer-JIT
and inductor caches, a read-only HOME in a pod, a shared cache whose lock files belong to another user, a slow NFS
load that trips SGLang's 300 s monitored barrier, tokenizer files missing and a `--tokenizer-path` that is not a path,
a repo that needs `--trust-remote-code`, and SGLang's own loaders (`load_format`): a GGUF whose architecture
transformers cannot read, bitsandbytes without its vllm operators, a truncated pytorch_model-*.bin. Five healthy
contrasts: 0.5.5's own retry() printing a full ReadTimeout traceback around hf_quant_config.json and going on, the
Hub's 429 backoff that then downloads, a ModelScope download, Llama 4's "Some weights are not initialized" after a
shard went missing (the server comes up: nothing in the excerpt ends it), a 25-minute NFS load that finishes.

Each message is copied from the named release's wheel (file:line under sglang/, or the library named: transformers
4.51.1 / 4.54.1 / 4.56.1 / 4.57.1, huggingface_hub 0.30.2 / 0.34.4, modelscope 1.29.0, safetensors 0.5 (Debug
names) / 0.6.2 (Display strings), flashinfer 0.2.5 / 0.3.1, triton's runtime/cache.py, torch's ProcessGroupGloo
monitoredBarrier and dynamo's InductorError), format fields filled; labels are by /work/shared/corpus/README.md,
decided before the classifier ran.

Labelling policy (the README has no label for storage or the Hub): anything that keeps SGLang from obtaining or reading
the model, its config or its tokenizer (access refused, a name or revision that does not exist, files missing, corrupt
or truncated, a full or read-only disk, cache permissions, an optional package a loader needs) is `config_error`: the
fix is in the launch's inputs or its environment, never in memory or NCCL. This holds for a full disk that breaks a
JIT cache during CUDA-graph capture even when SGLang's capture wrapper appends its "--mem-fraction-static" hints (not
an OOM: the words are SGLang's, the errno is ENOSPC). Arguable ones: the 429 and the read timeout that never recovers
(transient network, but the launch dies on the Hub; no other label fits), the ENOSPC in JIT caches (some would say
cuda_error_other), and the slow NFS load, labelled `nccl_or_distributed`: what ends the launch is torch.distributed's
monitored barrier timing out on a rank that is still reading, although SGLang's message suggests "(e.g., OOM)".

First sight: 31/32 (1 miss, strict xfail below; healthy contrasts 5/5).
"""

# ruff: noqa: E501, RUF005  (log lines are data; call paths are built by extending a shared prefix)

from __future__ import annotations

from typing import NamedTuple

import pytest

from safelaunch.core.logwatch import classify_text

from .logwatch_templates import DIED, TB, WEIGHTS, first_sight, ts


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
P10 = "/usr/local/lib/python3.10/dist-packages"  # the 0.4.x images (Ubuntu 22.04)
P12 = "/usr/local/lib/python3.12/dist-packages"
VENV = "/home/ubuntu/sgl/.venv/lib/python3.12/site-packages"  # a pip install in a venv
CAUSE = "\n\nThe above exception was the direct cause of the following exception:\n\n"
DURING = "\n\nDuring handling of the above exception, another exception occurred:\n\n"


def stamp(day: str, second: int, rank: str | None = None) -> str:
    """SGLang's `[%(asctime)s TPn]` prefix on a given day (0.4.x and 0.5.x print the same form)."""
    tag = f" {rank}" if rank else ""
    return f"[{day} {9 + second // 3600:02d}:{second // 60 % 60:02d}:{second % 60:02d}{tag}]"


def fr(*stack: tuple[str, int, str, str]) -> str:
    """Python's frames, absolute paths; a frozen module has no source line."""
    out = []
    for path, line, func, code in stack:
        out.append(f'  File "{path}", line {line}, in {func}' + (f"\n    {code}" if code else ""))
    return "\n".join(out)


def tb(stack: tuple, error: str) -> str:
    return f"{TB}\n{fr(*stack)}\n{error}"


FROZEN = (
    ("<frozen runpy>", 198, "_run_module_as_main", ""),
    ("<frozen runpy>", 88, "_run_code", ""),
)
FROZEN10 = (  # python 3.10 names the file
    ("/usr/lib/python3.10/runpy.py", 196, "_run_module_as_main", "return _run_code(code, main_globals, None,"),
    ("/usr/lib/python3.10/runpy.py", 86, "_run_code", "exec(code, run_globals)"),
)


def hub_head(pkg: str, raise_line: int, raise_code: str) -> tuple:
    """huggingface_hub 0.34's HEAD on a resolve URL, from transformers' cached_files down to hf_raise_for_status."""
    h = f"{pkg}/huggingface_hub"
    return (
        (f"{h}/utils/_validators.py", 114, "_inner_fn", "return fn(*args, **kwargs)"),
        (f"{h}/file_download.py", 1010, "hf_hub_download", "return _hf_hub_download_to_cache_dir("),
        (
            f"{h}/file_download.py",
            1117,
            "_hf_hub_download_to_cache_dir",
            "_raise_on_head_call_error(head_call_error, force_download, local_files_only)",
        ),
        (f"{h}/file_download.py", 1658, "_raise_on_head_call_error", "raise head_call_error"),
        (f"{h}/file_download.py", 1546, "_get_metadata_or_catch_error", "metadata = get_hf_file_metadata("),
        (f"{h}/utils/_validators.py", 114, "_inner_fn", "return fn(*args, **kwargs)"),
        (f"{h}/file_download.py", 1463, "get_hf_file_metadata", "r = _request_wrapper("),
        (f"{h}/file_download.py", 286, "_request_wrapper", "response = _request_wrapper("),
        (f"{h}/file_download.py", 310, "_request_wrapper", "hf_raise_for_status(response)"),
        (f"{h}/utils/_http.py", raise_line, "hf_raise_for_status", raise_code),
    )


def requests_http_error(pkg: str, text: str) -> str:
    """The first link of every Hub HTTP chain: requests' own HTTPError inside hf_raise_for_status."""
    stack = (
        (f"{pkg}/huggingface_hub/utils/_http.py", 409, "hf_raise_for_status", "response.raise_for_status()"),
        (f"{pkg}/requests/models.py", 1026, "raise_for_status", "raise HTTPError(http_error_msg, response=self)"),
    )
    return tb(stack, f"requests.exceptions.HTTPError: {text}")


def auto_config(pkg: str, ver: str) -> tuple:
    """transformers' AutoConfig.from_pretrained down to cached_file, per version (configuration_auto, configuration_utils, utils/hub)."""
    lines = {
        "4.51.1": (1112, 590, 649, 266),
        "4.54.1": (1244, 649, 708, 318),
        "4.56.1": (1288, 662, 721, 321),
        "4.57.1": (1332, 662, 721, 322),
    }[ver]
    t = f"{pkg}/transformers"
    return (
        (
            f"{t}/models/auto/configuration_auto.py",
            lines[0],
            "from_pretrained",
            "config_dict, unused_kwargs = PretrainedConfig.get_config_dict(pretrained_model_name_or_path, **kwargs)",
        ),
        (
            f"{t}/configuration_utils.py",
            lines[1],
            "get_config_dict",
            "config_dict, kwargs = cls._get_config_dict(pretrained_model_name_or_path, **kwargs)",
        ),
        (f"{t}/configuration_utils.py", lines[2], "_get_config_dict", "resolved_config_file = cached_file("),
        (
            f"{t}/utils/hub.py",
            lines[3],
            "cached_file",
            "file = cached_files(path_or_repo_id=path_or_repo_id, filenames=[filename], **kwargs)",
        ),
    )


# -- the call paths, per release (line numbers from each wheel)
S46 = f"{P10}/sglang/srt"  # 0.4.6.post5: config, tokenizer and weights are all read in the scheduler
SCHED46 = (
    (
        f"{S46}/managers/scheduler.py",
        2297,
        "run_scheduler_process",
        "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
    ),
)
MODELCFG46 = SCHED46 + (
    (f"{S46}/managers/scheduler.py", 255, "__init__", "self.init_tokenizer()"),
    (
        f"{S46}/managers/scheduler.py",
        468,
        "init_tokenizer",
        "self.model_config = ModelConfig.from_server_args(server_args)",
    ),
    (f"{S46}/configs/model_config.py", 233, "from_server_args", "return ModelConfig("),
    (f"{S46}/configs/model_config.py", 69, "__init__", "self.hf_config = get_config("),
    (f"{S46}/hf_transformers_utils.py", 118, "get_config", "config = AutoConfig.from_pretrained("),
)
TOKENIZER46 = SCHED46 + (
    (f"{S46}/managers/scheduler.py", 255, "__init__", "self.init_tokenizer()"),
    (f"{S46}/managers/scheduler.py", 484, "init_tokenizer", "self.tokenizer = get_tokenizer("),
    (f"{S46}/hf_transformers_utils.py", 220, "get_tokenizer", "tokenizer = AutoTokenizer.from_pretrained("),
)
WORKER46 = SCHED46 + (
    (f"{S46}/managers/scheduler.py", 277, "__init__", "self.tp_worker = TpWorkerClass("),
    (f"{S46}/managers/tp_worker_overlap_thread.py", 64, "__init__", "self.worker = TpModelWorker("),
    (f"{S46}/managers/tp_worker.py", 78, "__init__", "self.model_runner = ModelRunner("),
    (f"{S46}/model_executor/model_runner.py", 231, "__init__", "self.initialize(min_per_gpu_memory)"),
)
WEIGHTS46 = WORKER46 + (
    (f"{S46}/model_executor/model_runner.py", 271, "initialize", "self.load_model()"),
    (f"{S46}/model_executor/model_runner.py", 534, "load_model", "self.model = get_model("),
    (f"{S46}/model_loader/__init__.py", 22, "get_model", "return loader.load_model("),
    (f"{S46}/model_loader/loader.py", 381, "load_model", "self.load_weights_and_postprocess("),
    (f"{S46}/model_loader/loader.py", 389, "load_weights_and_postprocess", "model.load_weights(weights)"),
    (f"{S46}/models/llama.py", 544, "load_weights", "for name, loaded_weight in weights:"),
    (
        f"{S46}/model_loader/loader.py",
        354,
        "_get_all_weights",
        "yield from self._get_weights_iterator(primary_weights)",
    ),
)

S410 = f"{P10}/sglang/srt"  # 0.4.10.post2: ServerArgs builds a ModelConfig in the launcher (mem_fraction_static)
ARGS410 = FROZEN10 + (
    (f"{P10}/sglang/launch_server.py", 11, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
    (f"{S410}/server_args.py", 2097, "prepare_server_args", "server_args = ServerArgs.from_cli_args(raw_args)"),
    (f"{S410}/server_args.py", 1890, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
    ("<string>", 232, "__init__", ""),
    (f"{S410}/server_args.py", 357, "__post_init__", "model_config = ModelConfig.from_server_args(self)"),
    (f"{S410}/configs/model_config.py", 285, "from_server_args", "return ModelConfig("),
    (f"{S410}/configs/model_config.py", 79, "__init__", "self.hf_config = get_config("),
    (f"{S410}/utils.py", 2725, "wrapper", "result = func(*args, **kwargs)"),
    (f"{S410}/hf_transformers_utils.py", 122, "get_config", "config = AutoConfig.from_pretrained("),
)
WEIGHTS410 = (
    (f"{S410}/managers/scheduler.py", 2534, "run_scheduler_process", "scheduler = Scheduler("),
    (f"{S410}/managers/scheduler.py", 313, "__init__", "self.tp_worker = TpWorkerClass("),
    (f"{S410}/managers/tp_worker_overlap_thread.py", 67, "__init__", "self.worker = TpModelWorker("),
    (f"{S410}/managers/tp_worker.py", 84, "__init__", "self.model_runner = ModelRunner("),
    (f"{S410}/model_executor/model_runner.py", 242, "__init__", "self.initialize(min_per_gpu_memory)"),
    (f"{S410}/model_executor/model_runner.py", 285, "initialize", "self.load_model()"),
    (f"{S410}/model_executor/model_runner.py", 643, "load_model", "self.model = get_model("),
    (f"{S410}/model_loader/__init__.py", 22, "get_model", "return loader.load_model("),
    (f"{S410}/model_loader/loader.py", 437, "load_model", "self.load_weights_and_postprocess("),
    (f"{S410}/model_loader/loader.py", 445, "load_weights_and_postprocess", "model.load_weights(weights)"),
    (f"{S410}/models/qwen2.py", 544, "load_weights", "for name, loaded_weight in weights:"),
    (
        f"{S410}/model_loader/loader.py",
        410,
        "_get_all_weights",
        "yield from self._get_weights_iterator(primary_weights)",
    ),
)

S52 = f"{P12}/sglang/srt"  # 0.5.2: ServerArgs.model_specific_adjustments reads the HF config in the launcher
ARGS52 = FROZEN + (
    (f"{P12}/sglang/launch_server.py", 11, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
    (f"{S52}/server_args.py", 2566, "prepare_server_args", "server_args = ServerArgs.from_cli_args(raw_args)"),
    (f"{S52}/server_args.py", 2230, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
    ("<string>", 262, "__init__", ""),
    (f"{S52}/server_args.py", 535, "__post_init__", "self.model_specific_adjustments()"),
    (f"{S52}/server_args.py", 2439, "model_specific_adjustments", "hf_config = self.get_hf_config()"),
    (f"{S52}/server_args.py", 2240, "get_hf_config", "hf_config = get_config("),
    (f"{S52}/utils.py", 2788, "wrapper", "result = func(*args, **kwargs)"),
    (f"{S52}/hf_transformers_utils.py", 141, "get_config", "config = AutoConfig.from_pretrained("),
)
WORKER52 = (
    (f"{S52}/managers/scheduler.py", 2587, "run_scheduler_process", "scheduler = Scheduler("),
    (f"{S52}/managers/scheduler.py", 329, "__init__", "self.tp_worker = TpWorkerClass("),
    (f"{S52}/managers/tp_worker_overlap_thread.py", 71, "__init__", "self.worker = TpModelWorker("),
    (f"{S52}/managers/tp_worker.py", 93, "__init__", "self.model_runner = ModelRunner("),
    (f"{S52}/model_executor/model_runner.py", 250, "__init__", "self.initialize(min_per_gpu_memory)"),
)
LOAD52 = WORKER52 + (
    (f"{S52}/model_executor/model_runner.py", 296, "initialize", "self.load_model()"),
    (f"{S52}/model_executor/model_runner.py", 735, "load_model", "self.model = get_model("),
    (f"{S52}/model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
)
WEIGHTS52 = LOAD52 + (
    (f"{S52}/model_loader/loader.py", 482, "load_model", "self.load_weights_and_postprocess("),
    (f"{S52}/model_loader/loader.py", 490, "load_weights_and_postprocess", "model.load_weights(weights)"),
    (f"{S52}/models/qwen3.py", 432, "load_weights", "for name, loaded_weight in weights:"),
    (
        f"{S52}/model_loader/loader.py",
        455,
        "_get_all_weights",
        "yield from self._get_weights_iterator(primary_weights)",
    ),
)
GRAPHS52 = WORKER52 + (
    (f"{S52}/model_executor/model_runner.py", 386, "initialize", "self.init_device_graphs()"),
    (
        f"{S52}/model_executor/model_runner.py",
        1761,
        "init_device_graphs",
        "self.graph_runner = graph_runners[self.device](self)",
    ),
    (f"{S52}/model_executor/cuda_graph_runner.py", 389, "__init__", "self.capture()"),
    (f"{S52}/model_executor/cuda_graph_runner.py", 497, "capture", ") = self.capture_one_batch_size(bs, forward)"),
    (
        f"{S52}/model_executor/cuda_graph_runner.py",
        632,
        "capture_one_batch_size",
        "self.model_runner.attn_backend.init_forward_metadata_capture_cuda_graph(",
    ),
    (
        f"{S52}/layers/attention/flashinfer_backend.py",
        339,
        "init_forward_metadata_capture_cuda_graph",
        "self.indices_updater_decode.update(",
    ),
    (f"{S52}/layers/attention/flashinfer_backend.py", 657, "update_single_wrapper", "self.call_begin_forward("),
)

S55 = f"{P12}/sglang/srt"  # 0.5.5.post3: _handle_model_specific_adjustments reads the HF config in the launcher
ARGS55 = FROZEN + (
    (f"{P12}/sglang/launch_server.py", 24, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
    (f"{S55}/server_args.py", 4106, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
    (f"{S55}/server_args.py", 3707, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
    ("<string>", 288, "__init__", ""),
    (f"{S55}/server_args.py", 603, "__post_init__", "self._handle_model_specific_adjustments()"),
    (f"{S55}/server_args.py", 915, "_handle_model_specific_adjustments", "hf_config = self.get_hf_config()"),
    (f"{S55}/server_args.py", 3717, "get_hf_config", "hf_config = get_config("),
    (f"{S55}/utils/common.py", 3134, "wrapper", "result = func(*args, **kwargs)"),
    (f"{S55}/utils/hf_transformers_utils.py", 213, "get_config", "config = AutoConfig.from_pretrained("),
)
SCHED55 = ((f"{S55}/managers/scheduler.py", 2712, "run_scheduler_process", "scheduler = Scheduler("),)
WORKER55 = SCHED55 + (
    (f"{S55}/managers/scheduler.py", 312, "__init__", "self.tp_worker = TpModelWorker("),
    (f"{S55}/managers/tp_worker.py", 237, "__init__", "self._model_runner = ModelRunner("),
    (f"{S55}/model_executor/model_runner.py", 324, "__init__", "self.initialize(min_per_gpu_memory)"),
)
WEIGHTS55 = WORKER55 + (
    (f"{S55}/model_executor/model_runner.py", 410, "initialize", "self.load_model()"),
    (f"{S55}/model_executor/model_runner.py", 767, "load_model", "self.model = get_model("),
    (f"{S55}/model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
    (f"{S55}/model_loader/loader.py", 599, "load_model", "self.load_weights_and_postprocess("),
    (f"{S55}/model_loader/loader.py", 607, "load_weights_and_postprocess", "model.load_weights(weights)"),
    (f"{S55}/models/qwen3.py", 477, "load_weights", "for name, loaded_weight in weights:"),
    (
        f"{S55}/model_loader/loader.py",
        497,
        "_get_all_weights",
        "yield from self._get_weights_iterator(primary_weights)",
    ),
)
GRAPHS55 = WORKER55 + (
    (f"{S55}/model_executor/model_runner.py", 491, "initialize", "self.init_device_graphs()"),
    (
        f"{S55}/model_executor/model_runner.py",
        2034,
        "init_device_graphs",
        "self.graph_runner = graph_runners[self.device](self)",
    ),
)


def startup46(day: str, model: str, tp: int, extra: str = "") -> str:
    """0.4.6's launcher lines before the schedulers: the server_args dump (the launcher logs it after the port check)."""
    return (
        f"{stamp(day, 0)} server_args=ServerArgs(model_path='{model}', tokenizer_path='{model}', tokenizer_mode='auto', "
        f"skip_tokenizer_init=False, load_format='auto', trust_remote_code=False, dtype='auto', kv_cache_dtype='auto', "
        f"quantization=None, {extra}context_length=None, device='cuda', served_model_name='{model}', chat_template=None, "
        f"is_embedding=False, revision=None, host='0.0.0.0', port=30000, mem_fraction_static=0.88, tp_size={tp}, "
        f"stream_interval=1, random_seed=42, log_level='info', attention_backend=None, sampling_backend='flashinfer', ...)"
    )


def sched_fail(day: str, second: int, rank: str, body: str) -> str:
    return f"{stamp(day, second, rank)} Scheduler hit an exception: {body}"


def sigquit(day: str, second: int) -> str:
    return f"{stamp(day, second)} Received sigquit from a child process. It usually means the child failed."


# ------------------------------------------------------------------------------------------------------ Hub access
D46, D410, D52, D55 = "2025-05-28", "2025-08-19", "2025-09-24", "2025-11-21"

GATED_401 = (
    "401 Client Error. (Request ID: Root=1-6920a4c1-0f3b5e2d7c9a18b4263e5f71;8b1e3c2a-5d47-4f09-a6e2-91c3b0d7f452)\n\n"
    "Cannot access gated repo for url https://huggingface.co/meta-llama/Llama-3.1-8B-Instruct/resolve/main/config.json.\n"
    "Access to model meta-llama/Llama-3.1-8B-Instruct is restricted. You must have access to it and be authenticated to access it. Please log in."
)
case(
    "gated-repo-401-no-token-launcher-0.5.5",
    "0.5.5.post3",
    "0.5.5.post3 sglang/srt/server_args.py:915 (_handle_model_specific_adjustments -> get_hf_config, launcher); transformers 4.57.1 utils/hub.py:543; huggingface_hub 0.34 utils/_http.py:426 (GatedRepoError)",
    "config_error",
    "no HF_TOKEN in the container: the launcher's own config read is refused before any scheduler starts",
    requests_http_error(
        P12,
        "401 Client Error: Unauthorized for url: https://huggingface.co/meta-llama/Llama-3.1-8B-Instruct/resolve/main/config.json",
    )
    + CAUSE
    + tb(
        ((f"{P12}/transformers/utils/hub.py", 479, "cached_files", "hf_hub_download("),)
        + hub_head(P12, 426, "raise _format(GatedRepoError, message, response) from e"),
        f"huggingface_hub.errors.GatedRepoError: {GATED_401}",
    )
    + CAUSE
    + tb(
        ARGS55
        + auto_config(P12, "4.57.1")
        + ((f"{P12}/transformers/utils/hub.py", 543, "cached_files", "raise OSError("),),
        "OSError: You are trying to access a gated repo.\nMake sure to have access to it at https://huggingface.co/meta-llama/Llama-3.1-8B-Instruct.\n"
        + GATED_401,
    ),
)

GATED_403 = (
    "403 Client Error. (Request ID: Root=1-6836e0aa-4c1d2b9e07f35a6e1d8c2b40;5e0c9a71-2b3d-4e8f-9c16-7a4d2e0b9f13)\n\n"
    "Cannot access gated repo for url https://huggingface.co/meta-llama/Llama-3.3-70B-Instruct/resolve/main/config.json.\n"
    "Access to model meta-llama/Llama-3.3-70B-Instruct is restricted and you are not in the authorized list. Visit https://huggingface.co/meta-llama/Llama-3.3-70B-Instruct to ask for access."
)


def gated_403_body() -> str:
    hub30 = tuple(
        (
            p.replace(P12, P10),
            {1010: 961, 1117: 1068, 1658: 1596, 1546: 1484, 1463: 1401, 286: 285, 310: 309}.get(n, n),
            f,
            c,
        )
        for p, n, f, c in hub_head(P12, 426, "raise _format(GatedRepoError, message, response) from e")
    )
    return (
        requests_http_error(
            P10,
            "403 Client Error: Forbidden for url: https://huggingface.co/meta-llama/Llama-3.3-70B-Instruct/resolve/main/config.json",
        )
        + CAUSE
        + tb(
            ((f"{P10}/transformers/utils/hub.py", 424, "cached_files", "hf_hub_download("),) + hub30,
            f"huggingface_hub.errors.GatedRepoError: {GATED_403}",
        )
        + CAUSE
        + tb(
            MODELCFG46
            + auto_config(P10, "4.51.1")
            + ((f"{P10}/transformers/utils/hub.py", 481, "cached_files", "raise OSError("),),
            "OSError: You are trying to access a gated repo.\nMake sure to have access to it at https://huggingface.co/meta-llama/Llama-3.3-70B-Instruct.\n"
            + GATED_403,
        )
    )


case(
    "gated-repo-403-token-not-in-authorized-list-scheduler-0.4.6",
    "0.4.6.post5",
    "0.4.6.post5 sglang/srt/managers/scheduler.py:468 (init_tokenizer -> ModelConfig, each TP rank); transformers 4.51.1 utils/hub.py:481; huggingface_hub 0.30.2 utils/_http.py:426",
    "config_error",
    "HF_TOKEN is set but the access request for Llama-3.3-70B is still pending: every TP scheduler is refused at its first config read",
    "\n".join(
        [
            startup46(D46, "meta-llama/Llama-3.3-70B-Instruct", 4),
            sched_fail(D46, 9, "TP0", gated_403_body()),
            sched_fail(D46, 9, "TP2", gated_403_body()),
            sigquit(D46, 9),
        ]
    ),
)

case(
    "repo-id-typo-not-found-launcher-0.5.2",
    "0.5.2",
    "0.5.2 sglang/srt/server_args.py:2439 (model_specific_adjustments, launcher); transformers 4.56.1 utils/hub.py:510; huggingface_hub 0.34 utils/_http.py:459 (RepositoryNotFoundError)",
    "config_error",
    "`--model-path Qwen/Qwen3-30B-A3B-Instuct-2507` (a typo): the Hub answers 401 RepoNotFound for an anonymous caller",
    requests_http_error(
        P12,
        "401 Client Error: Unauthorized for url: https://huggingface.co/Qwen/Qwen3-30B-A3B-Instuct-2507/resolve/main/config.json",
    )
    + CAUSE
    + tb(
        ((f"{P12}/transformers/utils/hub.py", 478, "cached_files", "hf_hub_download("),)
        + hub_head(P12, 459, "raise _format(RepositoryNotFoundError, message, response) from e"),
        "huggingface_hub.errors.RepositoryNotFoundError: 401 Client Error. (Request ID: Root=1-68d3b1f0-2a5c7e9d4b1f03e6a8c2d951;c4b7e2a0-91d3-4f6a-8e25-3b0c9d7a1f64)\n\n"
        "Repository Not Found for url: https://huggingface.co/Qwen/Qwen3-30B-A3B-Instuct-2507/resolve/main/config.json.\n"
        "Please make sure you specified the correct `repo_id` and `repo_type`.\n"
        "If you are trying to access a private or gated repo, make sure you are authenticated. For more details, see https://huggingface.co/docs/huggingface_hub/authentication\n"
        "Invalid username or password.",
    )
    + CAUSE
    + tb(
        ARGS52
        + auto_config(P12, "4.56.1")
        + ((f"{P12}/transformers/utils/hub.py", 510, "cached_files", "raise OSError("),),
        "OSError: Qwen/Qwen3-30B-A3B-Instuct-2507 is not a local folder and is not a valid model identifier listed on 'https://huggingface.co/models'\n"
        "If this is a private repository, make sure to pass a token having permission to this repo either by logging in with `hf auth login` or by passing `token=<your_token>`",
    ),
)

case(
    "revision-not-found-launcher-0.4.10",
    "0.4.10.post2",
    "0.4.10.post2 sglang/srt/server_args.py:357 (ModelConfig in __post_init__, launcher); transformers 4.54.1 utils/hub.py:515; huggingface_hub 0.34 utils/_http.py:416 (RevisionNotFoundError)",
    "config_error",
    "`--revision v1.1` on a repo that has no such tag: the Hub answers 404 RevisionNotFound",
    tb(
        ((f"{P10}/transformers/utils/hub.py", 476, "cached_files", "hf_hub_download("),)
        + hub_head(P10, 416, "raise _format(RevisionNotFoundError, message, response) from e")[:2]
        + (
            (
                f"{P10}/huggingface_hub/file_download.py",
                1073,
                "_hf_hub_download_to_cache_dir",
                "(url_to_download, etag, commit_hash, expected_size, xet_file_data, head_call_error) = _get_metadata_or_catch_error(",
            ),
        )
        + hub_head(P10, 416, "raise _format(RevisionNotFoundError, message, response) from e")[4:],
        "huggingface_hub.errors.RevisionNotFoundError: 404 Client Error. (Request ID: Root=1-68a4412e-3b7d0c5f19e2a6d84c7b0e35;0d2f6a91-7c3e-4b58-a1d4-e69b2c0f7a35)\n\n"
        "Revision Not Found for url: https://huggingface.co/Qwen/Qwen3-8B/resolve/v1.1/config.json.\n"
        "Invalid rev id: v1.1",
    )
    + CAUSE
    + tb(
        ARGS410
        + auto_config(P10, "4.54.1")
        + ((f"{P10}/transformers/utils/hub.py", 515, "cached_files", "raise OSError("),),
        "OSError: v1.1 is not a valid git identifier (branch name, tag name or commit id) that exists for this model name. "
        "Check the model page at 'https://huggingface.co/Qwen/Qwen3-8B' for available revisions.",
    ),
)


def hf_fs_ls(pkg: str) -> tuple:
    """SGLang's download_weights_from_hf lists the repo with HfFileSystem first (huggingface_hub 0.34 frames)."""
    h = f"{pkg}/huggingface_hub"
    return (
        (f"{h}/hf_file_system.py", 368, "ls", "resolved_path = self.resolve_path(path, revision=revision)"),
        (
            f"{h}/hf_file_system.py",
            209,
            "resolve_path",
            "repo_and_revision_exist, err = self._repo_and_revision_exist(repo_type, repo_id, revision)",
        ),
        (f"{h}/hf_file_system.py", 125, "_repo_and_revision_exist", "self._api.repo_info("),
        (f"{h}/utils/_validators.py", 114, "_inner_fn", "return fn(*args, **kwargs)"),
        (f"{h}/hf_api.py", 2853, "repo_info", "return method("),
        (f"{h}/utils/_validators.py", 114, "_inner_fn", "return fn(*args, **kwargs)"),
        (f"{h}/hf_api.py", 2638, "model_info", "hf_raise_for_status(r)"),
        (f"{h}/utils/_http.py", 482, "hf_raise_for_status", "raise _format(HfHubHTTPError, str(e), response) from e"),
    )


def rate_limited(rank: str) -> str:
    return (
        requests_http_error(
            P12,
            "429 Client Error: Too Many Requests for url: https://huggingface.co/api/models/Qwen/Qwen3-32B/revision/main",
        )
        + CAUSE
        + tb(
            WEIGHTS55
            + (
                (
                    f"{S55}/model_loader/loader.py",
                    446,
                    "_get_weights_iterator",
                    "hf_folder, hf_weights_files, use_safetensors = self._prepare_weights(",
                ),
                (f"{S55}/model_loader/loader.py", 397, "_prepare_weights", "hf_folder = download_weights_from_hf("),
                (
                    f"{S55}/model_loader/weight_utils.py",
                    439,
                    "download_weights_from_hf",
                    "file_list = fs.ls(model_name_or_path, detail=False, revision=revision)",
                ),
            )
            + hf_fs_ls(P12),
            "huggingface_hub.errors.HfHubHTTPError: 429 Client Error: Too Many Requests for url: https://huggingface.co/api/models/Qwen/Qwen3-32B/revision/main "
            f"(Request ID: Root=1-69203e5b-{rank[-1]}1c7d2f84b3e9a0c56d1e7f2;9a3e1b70-4c2d-4f86-b05e-7d1c3a9e2f40)",
        )
    )


case(
    "rate-limit-429-listing-weights-scheduler-0.5.5",
    "0.5.5.post3",
    "0.5.5.post3 sglang/srt/model_loader/weight_utils.py:439 (download_weights_from_hf: HfFileSystem.ls before snapshot_download); huggingface_hub 0.34 hf_file_system.py / utils/_http.py:482",
    "config_error",
    "sixteen replicas started at once behind one NAT, no token: the anonymous repo_info call gets 429 after the config was read; arguable (transient), but the launch dies on the Hub",
    "\n".join(
        [
            f"{stamp(D55, 0)} server_args=ServerArgs(model_path='Qwen/Qwen3-32B', tokenizer_path='Qwen/Qwen3-32B', tokenizer_mode='auto', load_format='auto', dtype='auto', tp_size=2, port=30000, mem_fraction_static=0.85, download_dir=None, ...)",
            f"{stamp(D55, 3, 'TP0')} Init torch distributed begin.",
            f"{stamp(D55, 4, 'TP0')} Init torch distributed ends. mem usage=0.61 GB",
            f"{stamp(D55, 5, 'TP0')} Load weight begin. avail mem=78.41 GB",
            sched_fail(D55, 6, "TP0", rate_limited("TP0")),
            sched_fail(D55, 6, "TP1", rate_limited("TP1")),
            sigquit(D55, 6),
        ]
    ),
)

case(
    "hf-hub-offline-model-not-in-cache-launcher-0.5.2",
    "0.5.2",
    "0.5.2 sglang/srt/server_args.py:2439 (launcher); transformers 4.56.1 utils/hub.py:552; huggingface_hub 0.34 file_download.py:1649 (LocalEntryNotFoundError)",
    "config_error",
    "HF_HUB_OFFLINE=1 on an air-gapped node whose cache was filled with another model: nothing to read and no network allowed",
    tb(
        ((f"{P12}/transformers/utils/hub.py", 478, "cached_files", "hf_hub_download("),)
        + (
            (f"{P12}/huggingface_hub/utils/_validators.py", 114, "_inner_fn", "return fn(*args, **kwargs)"),
            (
                f"{P12}/huggingface_hub/file_download.py",
                1010,
                "hf_hub_download",
                "return _hf_hub_download_to_cache_dir(",
            ),
            (
                f"{P12}/huggingface_hub/file_download.py",
                1117,
                "_hf_hub_download_to_cache_dir",
                "_raise_on_head_call_error(head_call_error, force_download, local_files_only)",
            ),
            (
                f"{P12}/huggingface_hub/file_download.py",
                1649,
                "_raise_on_head_call_error",
                "raise LocalEntryNotFoundError(",
            ),
        ),
        "huggingface_hub.errors.LocalEntryNotFoundError: Cannot find the requested files in the disk cache and outgoing traffic has been disabled. "
        "To enable hf.co look-ups and downloads online, set 'local_files_only' to False.",
    )
    + CAUSE
    + tb(
        ARGS52
        + auto_config(P12, "4.56.1")
        + ((f"{P12}/transformers/utils/hub.py", 552, "cached_files", "raise OSError("),),
        "OSError: We couldn't connect to 'https://huggingface.co' to load the files, and couldn't find them in the cached files.\n"
        "Check your internet connection or see how to run the library in offline mode at 'https://huggingface.co/docs/transformers/installation#offline-mode'.",
    ),
)


def read_timeout_body() -> str:
    timeout = "(ReadTimeoutError(\"HTTPSConnectionPool(host='huggingface.co', port=443): Read timed out. (read timeout=10)\"), '(Request ID: 7c1e9a42-3d5b-4f08-b2e6-90a4c7d1f358)')"
    first = tb(
        (
            (f"{P10}/urllib3/connectionpool.py", 536, "_make_request", "response = conn.getresponse()"),
            (f"{P10}/urllib3/connection.py", 507, "getresponse", "httplib_response = super().getresponse()"),
            ("/usr/lib/python3.10/http/client.py", 1375, "getresponse", "response.begin()"),
            ("/usr/lib/python3.10/socket.py", 705, "readinto", "return self._sock.recv_into(b)"),
            ("/usr/lib/python3.10/ssl.py", 1163, "read", "return self._sslobj.read(len, buffer)"),
        ),
        "TimeoutError: The read operation timed out",
    )
    last = tb(
        WEIGHTS46
        + (
            (
                f"{S46}/model_loader/loader.py",
                327,
                "_get_weights_iterator",
                "hf_folder, hf_weights_files, use_safetensors = self._prepare_weights(",
            ),
            (f"{S46}/model_loader/loader.py", 279, "_prepare_weights", "hf_folder = download_weights_from_hf("),
            (
                f"{S46}/model_loader/weight_utils.py",
                246,
                "download_weights_from_hf",
                "file_list = fs.ls(model_name_or_path, detail=False, revision=revision)",
            ),
            (
                f"{P10}/huggingface_hub/hf_file_system.py",
                368,
                "ls",
                "resolved_path = self.resolve_path(path, revision=revision)",
            ),
            (
                f"{P10}/huggingface_hub/hf_file_system.py",
                209,
                "resolve_path",
                "repo_and_revision_exist, err = self._repo_and_revision_exist(repo_type, repo_id, revision)",
            ),
            (f"{P10}/huggingface_hub/hf_file_system.py", 125, "_repo_and_revision_exist", "self._api.repo_info("),
            (f"{P10}/huggingface_hub/utils/_validators.py", 114, "_inner_fn", "return fn(*args, **kwargs)"),
            (f"{P10}/huggingface_hub/hf_api.py", 2853, "repo_info", "return method("),
            (f"{P10}/huggingface_hub/utils/_validators.py", 114, "_inner_fn", "return fn(*args, **kwargs)"),
            (
                f"{P10}/huggingface_hub/hf_api.py",
                2637,
                "model_info",
                "r = get_session().get(path, headers=headers, timeout=timeout, params=params)",
            ),
            (f"{P10}/requests/sessions.py", 602, "get", 'return self.request("GET", url, **kwargs)'),
            (f"{P10}/requests/sessions.py", 589, "request", "resp = self.send(prep, **send_kwargs)"),
            (f"{P10}/requests/sessions.py", 703, "send", "r = adapter.send(request, **kwargs)"),
            (f"{P10}/huggingface_hub/utils/_http.py", 96, "send", "return super().send(request, *args, **kwargs)"),
            (f"{P10}/requests/adapters.py", 713, "send", "raise ReadTimeout(e, request=request)"),
        ),
        f"requests.exceptions.ReadTimeout: {timeout}",
    )
    middle = tb(
        (
            (f"{P10}/requests/adapters.py", 667, "send", "resp = conn.urlopen("),
            (f"{P10}/urllib3/connectionpool.py", 843, "urlopen", "retries = retries.increment("),
            (f"{P10}/urllib3/util/retry.py", 474, "increment", "raise reraise(type(error), error, _stacktrace)"),
            (
                f"{P10}/urllib3/connectionpool.py",
                538,
                "_make_request",
                "self._raise_timeout(err=e, url=url, timeout_value=read_timeout)",
            ),
            (f"{P10}/urllib3/connectionpool.py", 369, "_raise_timeout", "raise ReadTimeoutError("),
        ),
        "urllib3.exceptions.ReadTimeoutError: HTTPSConnectionPool(host='huggingface.co', port=443): Read timed out. (read timeout=10)",
    )
    return first + DURING + middle + DURING + last


case(
    "hub-read-timeout-never-recovers-scheduler-0.4.6",
    "0.4.6.post5",
    "0.4.6.post5 sglang/srt/model_loader/weight_utils.py:246 (HfFileSystem.ls, not retried); requests adapters.py ReadTimeout with huggingface_hub's Request ID (utils/_http.py:101)",
    "config_error",
    "a lossy egress link: the config came from the cache, the weights listing times out on TP0 and nothing retries it; arguable (network), no better label",
    "\n".join(
        [
            startup46(D46, "meta-llama/Llama-3.1-70B-Instruct", 4),
            f"{stamp(D46, 6, 'TP0')} Attention backend not set. Use flashinfer backend by default.",
            f"{stamp(D46, 6, 'TP0')} Init torch distributed begin.",
            f"{stamp(D46, 8, 'TP0')} Init torch distributed ends. mem usage=1.03 GB",
            f"{stamp(D46, 8, 'TP0')} Load weight begin. avail mem=77.91 GB",
            sched_fail(D46, 19, "TP0", read_timeout_body()),
            sigquit(D46, 19),
        ]
    ),
)

# 0.5.5.post3 sglang/srt/configs/model_config.py:527 + utils/common.py:2487-2514: retry() prints the traceback
# (traceback.print_exc, no prefix) and a warning, sleeps and tries again; the second try answers.
RETRY_TB = tb(
    (
        (f"{S55}/utils/common.py", 2496, "retry", "return fn()"),
        (f"{S55}/configs/model_config.py", 528, "<lambda>", "lambda: hf_api.file_exists("),
        (f"{P12}/huggingface_hub/utils/_validators.py", 114, "_inner_fn", "return fn(*args, **kwargs)"),
        (f"{P12}/huggingface_hub/hf_api.py", 3004, "file_exists", "get_hf_file_metadata(url, token=token)"),
        (f"{P12}/huggingface_hub/utils/_validators.py", 114, "_inner_fn", "return fn(*args, **kwargs)"),
        (f"{P12}/huggingface_hub/file_download.py", 1463, "get_hf_file_metadata", "r = _request_wrapper("),
        (f"{P12}/huggingface_hub/file_download.py", 286, "_request_wrapper", "response = _request_wrapper("),
        (
            f"{P12}/huggingface_hub/file_download.py",
            309,
            "_request_wrapper",
            "response = http_backoff(method=method, url=url, **params, retry_on_exceptions=(), retry_on_status_codes=(429,))",
        ),
        (
            f"{P12}/huggingface_hub/utils/_http.py",
            310,
            "http_backoff",
            "response = session.request(method=method, url=url, **kwargs)",
        ),
        (f"{P12}/requests/sessions.py", 589, "request", "resp = self.send(prep, **send_kwargs)"),
        (f"{P12}/requests/sessions.py", 703, "send", "r = adapter.send(request, **kwargs)"),
        (f"{P12}/huggingface_hub/utils/_http.py", 96, "send", "return super().send(request, *args, **kwargs)"),
        (f"{P12}/requests/adapters.py", 713, "send", "raise ReadTimeout(e, request=request)"),
    ),
    "requests.exceptions.ReadTimeout: (ReadTimeoutError(\"HTTPSConnectionPool(host='huggingface.co', port=443): Read timed out. (read timeout=10)\"), '(Request ID: 4e8b2c17-9a0d-4f3e-b6c5-1d7e2a9f0b84)')",
)
case(
    "healthy-retry-prints-read-timeout-traceback-then-serves-0.5.5",
    "0.5.5.post3",
    "0.5.5.post3 sglang/srt/utils/common.py:2498 (traceback.print_exc) and :2510 (`retry() failed once ...`), called from configs/model_config.py:527 (hf_quant_config.json check); the rest is a normal start",
    "healthy",
    "a full ReadTimeout traceback (no `Scheduler hit an exception`) from a check SGLang retries: the retry answers and the server comes up",
    "\n".join(
        [
            f"{stamp(D55, 0)} server_args=ServerArgs(model_path='Qwen/Qwen3-8B', tokenizer_path='Qwen/Qwen3-8B', tokenizer_mode='auto', load_format='auto', dtype='auto', tp_size=1, port=30000, mem_fraction_static=0.871, ...)",
            RETRY_TB,
            f"{stamp(D55, 13)} retry() failed once (0th try, maximum 2 retries). Will delay 0.89s and retry. Error: (ReadTimeoutError(\"HTTPSConnectionPool(host='huggingface.co', port=443): Read timed out. (read timeout=10)\"), '(Request ID: 4e8b2c17-9a0d-4f3e-b6c5-1d7e2a9f0b84)')",
            f"{stamp(D55, 16)} Using default HuggingFace chat template with detected content format: string",
            f"{stamp(D55, 19, 'TP0')} Init torch distributed begin.",
            f"{stamp(D55, 19, 'TP0')} Init torch distributed ends. mem usage=0.00 GB",
            f"{stamp(D55, 20, 'TP0')} Load weight begin. avail mem=78.68 GB",
            f"{stamp(D55, 20, 'TP0')} Using model weights format ['*.safetensors']",
            "Loading safetensors checkpoint shards: 100% Completed | 5/5 [00:03<00:00,  1.42it/s]",
            f"{stamp(D55, 24, 'TP0')} Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=63.29 GB, mem usage=15.39 GB.",
            f"{stamp(D55, 25, 'TP0')} KV Cache is allocated. #tokens: 382911, K size: 26.29 GB, V size: 26.29 GB",
            f"{stamp(D55, 25, 'TP0')} Memory pool end. avail mem=9.94 GB",
            f"{stamp(D55, 25, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=9.32 GB",
            "Capturing batches (bs=1 avail_mem=8.51 GB): 100%|██████████| 36/36 [00:06<00:00,  5.71it/s]",
            f"{stamp(D55, 32, 'TP0')} Capture cuda graph end. Time elapsed: 6.89 s. mem usage=0.81 GB. avail mem=8.51 GB.",
            f"{stamp(D55, 33, 'TP0')} max_total_num_tokens=382911, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_gpu_mem=8.51 GB",
            f"{stamp(D55, 33)} INFO:     Started server process [2291]",
            f"{stamp(D55, 33)} INFO:     Waiting for application startup.",
            f"{stamp(D55, 33)} INFO:     Application startup complete.",
            f"{stamp(D55, 33)} INFO:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)",
            f'{stamp(D55, 34)} INFO:     127.0.0.1:51874 - "GET /get_model_info HTTP/1.1" 200 OK',
            f"{stamp(D55, 35, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 6, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
            f'{stamp(D55, 36)} INFO:     127.0.0.1:51880 - "POST /generate HTTP/1.1" 200 OK',
            f"{stamp(D55, 36)} The server is fired up and ready to roll!",
        ]
    ),
)

# huggingface_hub 0.34 file_download.py:309 (_request_wrapper: http_backoff retries 429) and utils/_http.py:315/:332
# log through the hub's own StreamHandler (bare) and, propagated, through the scheduler's root handler (prefixed)
BACKOFF = [
    (
        "HTTP Error 429 thrown while requesting HEAD https://huggingface.co/Qwen/Qwen2.5-72B-Instruct/resolve/main/model-00031-of-00037.safetensors",
        41,
    ),
    ("Retrying in 1s [Retry 1/5].", 41),
    (
        "HTTP Error 429 thrown while requesting HEAD https://huggingface.co/Qwen/Qwen2.5-72B-Instruct/resolve/main/model-00031-of-00037.safetensors",
        42,
    ),
    ("Retrying in 2s [Retry 2/5].", 42),
]
case(
    "healthy-hub-429-backoff-then-downloads-0.4.10",
    "0.4.10.post2",
    "huggingface_hub 0.34 utils/_http.py:315 and :332 (http_backoff on 429 inside _request_wrapper, file_download.py:309); 0.4.10.post2 start-up lines (model_runner.py:606/689, scheduler.py:384)",
    "healthy",
    "the Hub's own backoff on a HEAD per shard: two 429s, then the HEAD answers, the rest downloads, the server comes up",
    "\n".join(
        [
            f"{stamp(D410, 0)} server_args=ServerArgs(model_path='Qwen/Qwen2.5-72B-Instruct', tokenizer_path='Qwen/Qwen2.5-72B-Instruct', tokenizer_mode='auto', load_format='auto', dtype='auto', tp_size=4, port=30000, mem_fraction_static=0.862, ...)",
            f"{stamp(D410, 6, 'TP0')} Init torch distributed begin.",
            f"{stamp(D410, 7, 'TP0')} Init torch distributed ends. mem usage=1.06 GB",
            f"{stamp(D410, 7, 'TP0')} Load weight begin. avail mem=77.87 GB",
            f"{stamp(D410, 8, 'TP0')} Using model weights format ['*.safetensors']",
        ]
        + [line for text, s in BACKOFF for line in (text, f"{stamp(D410, s, 'TP0')} {text}")]
        + [
            "Loading safetensors checkpoint shards:   0% Completed | 0/37 [00:00<?, ?it/s]",
            "Loading safetensors checkpoint shards: 100% Completed | 37/37 [00:41<00:00,  1.12s/it]",
            f"{stamp(D410, 601, 'TP0')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=41.52 GB, mem usage=36.35 GB.",
            f"{stamp(D410, 602, 'TP0')} KV Cache is allocated. #tokens: 448806, K size: 13.70 GB, V size: 13.70 GB",
            f"{stamp(D410, 602, 'TP0')} Memory pool end. avail mem=12.89 GB",
            f"{stamp(D410, 603, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=12.37 GB",
            f"{stamp(D410, 629, 'TP0')} Capture cuda graph end. Time elapsed: 26.11 s. mem usage=1.64 GB. avail mem=10.73 GB.",
            f"{stamp(D410, 630, 'TP0')} max_total_num_tokens=448806, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=32768, available_gpu_mem=10.73 GB",
            f"{stamp(D410, 631)} INFO:     Started server process [1]",
            f"{stamp(D410, 631)} INFO:     Waiting for application startup.",
            f"{stamp(D410, 631)} INFO:     Application startup complete.",
            f"{stamp(D410, 631)} INFO:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)",
            f'{stamp(D410, 632)} INFO:     127.0.0.1:40116 - "GET /get_model_info HTTP/1.1" 200 OK',
            f'{stamp(D410, 634)} INFO:     127.0.0.1:40122 - "POST /generate HTTP/1.1" 200 OK',
            f"{stamp(D410, 634)} The server is fired up and ready to roll!",
        ]
    ),
)

# ------------------------------------------------------------------------------------------------------ ModelScope
MS = f"{P10}/modelscope/hub"
case(
    "modelscope-hub-id-not-on-modelscope-0.4.6",
    "0.4.6.post5",
    "0.4.6.post5 sglang/srt/entrypoints/engine.py:556 -> utils.py:858 (prepare_model_and_tokenizer, SGLANG_USE_MODELSCOPE); modelscope 1.29.0 hub/snapshot_download.py:310, hub/errors.py:136-137 (handle_http_response, 404)",
    "config_error",
    "SGLANG_USE_MODELSCOPE=true with a Hugging Face id (ModelScope names the model LLM-Research/...): the launcher's download is refused",
    "\n".join(
        [
            startup46(D46, "meta-llama/Llama-3.1-8B-Instruct", 1),
            "Downloading Model from https://www.modelscope.cn to directory: /root/.cache/modelscope/hub/models/meta-llama/Llama-3.1-8B-Instruct",
            "2025-05-28 09:00:01,874 - modelscope - ERROR - The request model: meta-llama/Llama-3.1-8B-Instruct does not exist!",
            tb(
                FROZEN10
                + (
                    (f"{P10}/sglang/launch_server.py", 14, "<module>", "launch_server(server_args)"),
                    (
                        f"{S46}/entrypoints/http_server.py",
                        743,
                        "launch_server",
                        "tokenizer_manager, scheduler_info = _launch_subprocesses(server_args=server_args)",
                    ),
                    (
                        f"{S46}/entrypoints/engine.py",
                        556,
                        "_launch_subprocesses",
                        "server_args.model_path, server_args.tokenizer_path = prepare_model_and_tokenizer(",
                    ),
                    (
                        f"{S46}/utils.py",
                        858,
                        "prepare_model_and_tokenizer",
                        "model_path = snapshot_download(model_path)",
                    ),
                    (f"{MS}/snapshot_download.py", 132, "snapshot_download", "return _snapshot_download("),
                    (
                        f"{MS}/snapshot_download.py",
                        312,
                        "_snapshot_download",
                        "revision_detail = _api.get_valid_revision_detail(",
                    ),
                    (
                        f"{MS}/api.py",
                        769,
                        "get_valid_revision_detail",
                        "all_branches_detail, all_tags_detail = self.get_model_branches_and_tags_details(",
                    ),
                    (
                        f"{MS}/api.py",
                        859,
                        "get_model_branches_and_tags_details",
                        "handle_http_response(r, logger, cookies, model_id)",
                    ),
                    (
                        f"{MS}/errors.py",
                        137,
                        "handle_http_response",
                        "raise HTTPError(http_error_msg, response=response)",
                    ),
                ),
                "requests.exceptions.HTTPError: The request model: meta-llama/Llama-3.1-8B-Instruct does not exist!",
            ),
        ]
    ),
)

D510 = "2026-03-02"
case(
    "healthy-modelscope-download-then-serves-0.5.10",
    "0.5.10.post1",
    "0.5.10.post1 sglang/srt/server_args.py:1022 (_handle_modelscope_paths -> modelscope snapshot_download); modelscope 1.29.0 hub/snapshot_download.py:310/:582/:585, file_download.py:649 (progress); start-up lines of 0.5.10 (model_runner.py:1075/:1247)",
    "healthy",
    "SGLANG_USE_MODELSCOPE=true with a ModelScope id: its download banner, per-file progress and `successfully`, then a normal start",
    "\n".join(
        [
            "Downloading Model from https://www.modelscope.cn to directory: /root/.cache/modelscope/hub/models/Qwen/Qwen3-8B",
            "2026-03-02 10:00:01,412 - modelscope - INFO - Got 14 files, start to download ...",
            "Downloading [model-00001-of-00005.safetensors]: 100%|██████████| 3.67G/3.67G [01:12<00:00, 54.3MB/s]",
            "Downloading [model-00005-of-00005.safetensors]: 100%|██████████| 1.15G/1.15G [00:23<00:00, 52.1MB/s]",
            "Downloading [config.json]: 100%|██████████| 728/728 [00:00<00:00, 2.31kB/s]",
            "2026-03-02 10:06:09,118 - modelscope - INFO - Download model 'Qwen/Qwen3-8B' successfully.",
            "Downloading Model from https://www.modelscope.cn to directory: /root/.cache/modelscope/hub/models/Qwen/Qwen3-8B",
            "2026-03-02 10:06:10,027 - modelscope - INFO - Target directory already exists, skipping creation.",
            f"{ts(371)} server_args=ServerArgs(model_path='/root/.cache/modelscope/hub/models/Qwen/Qwen3-8B', tokenizer_path='/root/.cache/modelscope/hub/models/Qwen/Qwen3-8B', tokenizer_mode='auto', load_format='auto', dtype='auto', tp_size=1, port=30000, ...)",
            f"{ts(376, 'TP0')} Init torch distributed begin.",
            f"{ts(376, 'TP0')} Init torch distributed ends. elapsed=0.31 s, mem usage=0.00 GB",
            f"{ts(377, 'TP0')} Load weight begin. avail mem=78.68 GB",
            "Loading safetensors checkpoint shards: 100% Completed | 5/5 [00:02<00:00,  2.01it/s]",
            f"{ts(380, 'TP0')} Load weight end. elapsed=3.12 s, type=Qwen3ForCausalLM, avail mem=63.29 GB, mem usage=15.39 GB.",
            f"{ts(381, 'TP0')} KV Cache is allocated. #tokens: 382911, K size: 26.29 GB, V size: 26.29 GB",
            f"{ts(381, 'TP0')} Memory pool end. avail mem=9.94 GB",
            f"{ts(382, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=9.32 GB",
            f"{ts(389, 'TP0')} Capture cuda graph end. Time elapsed: 6.71 s. mem usage=0.81 GB. avail mem=8.51 GB.",
            f"{ts(390, 'TP0')} max_total_num_tokens=382911, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_gpu_mem=8.51 GB",
            f"{ts(390)} INFO:     Started server process [77]",
            f"{ts(390)} INFO:     Waiting for application startup.",
            f"{ts(390)} INFO:     Application startup complete.",
            f"{ts(390)} INFO:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)",
            f"{ts(392)} The server is fired up and ready to roll!",
        ]
    ),
)

# ------------------------------------------------------------------------------------------------------ local paths and files
case(
    "local-dir-without-config-json-launcher-0.5.5",
    "0.5.5.post3",
    "0.5.5.post3 sglang/srt/server_args.py:915 (launcher); transformers 4.57.1 utils/hub.py:435-447 (a local dir without config.json returns None) -> configuration_auto.py:1333",
    "config_error",
    "`--model-path /data/ckpt/qwen3-8b-sft` points at a training output holding only the shards: transformers reads no config and trips on None",
    tb(
        ARGS55
        + (
            (
                f"{P12}/transformers/models/auto/configuration_auto.py",
                1333,
                "from_pretrained",
                'has_remote_code = "auto_map" in config_dict and "AutoConfig" in config_dict["auto_map"]',
            ),
        ),
        "TypeError: argument of type 'NoneType' is not iterable",
    ),
)

case(
    "local-dir-without-weights-scheduler-0.5.10",
    "0.5.10.post1",
    "0.5.10.post1 sglang/srt/model_loader/loader.py:468 (`Cannot find any model weights with ...`, DefaultModelLoader._prepare_weights), reached from loader.py:573/:483; the launcher's traceback of 0.5.10",
    "config_error",
    "a directory with config and tokenizer copied but the shards still on the other volume: the loader finds no *.safetensors nor *.bin",
    "\n".join(
        [
            f"{ts(0)} server_args=ServerArgs(model_path='/data/models/Qwen3-32B', tokenizer_path='/data/models/Qwen3-32B', tokenizer_mode='auto', load_format='auto', dtype='auto', tp_size=2, port=30000, ...)",
            f"{ts(5, 'TP0')} Init torch distributed begin.",
            f"{ts(6, 'TP0')} Init torch distributed ends. elapsed=0.88 s, mem usage=0.61 GB",
            f"{ts(6, 'TP0')} Load weight begin. avail mem=78.41 GB",
            f"{ts(7, 'TP0')} Scheduler hit an exception: {TB}\n"
            + fr(
                *tuple((p if p.startswith(("/", "<")) else f"{P12}/sglang/srt/{p}", n, f, c) for p, n, f, c in WEIGHTS),
                (f"{P12}/sglang/srt/models/qwen3.py", 595, "load_weights", "for name, loaded_weight in weights:"),
                (
                    f"{P12}/sglang/srt/model_loader/loader.py",
                    573,
                    "_get_all_weights",
                    "yield from self._get_weights_iterator(primary_weights)",
                ),
                (
                    f"{P12}/sglang/srt/model_loader/loader.py",
                    483,
                    "_get_weights_iterator",
                    "hf_folder, hf_weights_files, use_safetensors = self._prepare_weights(",
                ),
                (f"{P12}/sglang/srt/model_loader/loader.py", 468, "_prepare_weights", "raise RuntimeError("),
            )
            + "\nRuntimeError: Cannot find any model weights with `/data/models/Qwen3-32B`",
            f"{ts(9)} {TB}\n{DIED}",
        ]
    ),
)

case(
    "safetensors-git-lfs-pointer-header-too-large-0.4.6",
    "0.4.6.post5",
    "0.4.6.post5 sglang/srt/model_loader/weight_utils.py:442 (safetensors.torch.load_file); safetensors 0.5 bindings: `Error while deserializing header: {e:?}` (Debug name HeaderTooLarge)",
    "config_error",
    "`git clone` without git-lfs: each *.safetensors is a 134-byte pointer whose first 8 bytes read as an absurd header length",
    "\n".join(
        [
            startup46(D46, "/models/Meta-Llama-3.1-8B-Instruct", 1),
            f"{stamp(D46, 5, 'TP0')} Attention backend not set. Use flashinfer backend by default.",
            f"{stamp(D46, 5, 'TP0')} Init torch distributed begin.",
            f"{stamp(D46, 5, 'TP0')} Init torch distributed ends. mem usage=0.00 GB",
            f"{stamp(D46, 5, 'TP0')} Load weight begin. avail mem=78.58 GB",
            "Loading safetensors checkpoint shards:   0% Completed | 0/4 [00:00<?, ?it/s]",
            sched_fail(
                D46,
                6,
                "TP0",
                tb(
                    WEIGHTS46
                    + (
                        (
                            f"{S46}/model_loader/loader.py",
                            345,
                            "<genexpr>",
                            "return ((source.prefix + name, tensor) for (name, tensor) in weights_iterator)",
                        ),
                        (
                            f"{S46}/model_loader/weight_utils.py",
                            442,
                            "safetensors_weights_iterator",
                            'result = safetensors.torch.load_file(st_file, device="cpu")',
                        ),
                        (
                            f"{P10}/safetensors/torch.py",
                            313,
                            "load_file",
                            'with safe_open(filename, framework="pt", device=device) as f:',
                        ),
                    ),
                    "safetensors_rust.SafetensorError: Error while deserializing header: HeaderTooLarge",
                ),
            ),
            sigquit(D46, 6),
        ]
    ),
)

case(
    "safetensors-truncated-rsync-incomplete-metadata-0.5.5",
    "0.5.5.post3",
    "0.5.5.post3 sglang/srt/model_loader/weight_utils.py:642 (safetensors.safe_open); safetensors 0.6.2 Display string `incomplete metadata, file not fully covered`",
    "config_error",
    "an rsync to local NVMe was interrupted: shard 3 of 4 is shorter than its header says; the load dies part-way",
    "\n".join(
        [
            f"{stamp(D55, 0)} server_args=ServerArgs(model_path='/nvme/models/Qwen3-14B', tokenizer_path='/nvme/models/Qwen3-14B', tokenizer_mode='auto', load_format='auto', dtype='auto', tp_size=1, port=30000, ...)",
            f"{stamp(D55, 4, 'TP0')} Init torch distributed begin.",
            f"{stamp(D55, 4, 'TP0')} Init torch distributed ends. mem usage=0.00 GB",
            f"{stamp(D55, 5, 'TP0')} Load weight begin. avail mem=78.68 GB",
            "Loading safetensors checkpoint shards:   0% Completed | 0/4 [00:00<?, ?it/s]",
            "Loading safetensors checkpoint shards:  25% Completed | 1/4 [00:01<00:04,  1.38s/it]",
            "Loading safetensors checkpoint shards:  50% Completed | 2/4 [00:02<00:02,  1.29s/it]",
            sched_fail(
                D55,
                8,
                "TP0",
                tb(
                    WEIGHTS55
                    + (
                        (
                            f"{S55}/model_loader/loader.py",
                            488,
                            "<genexpr>",
                            "return ((source.prefix + name, tensor) for (name, tensor) in weights_iterator)",
                        ),
                        (
                            f"{S55}/model_loader/weight_utils.py",
                            642,
                            "safetensors_weights_iterator",
                            'with safetensors.safe_open(st_file, framework="pt", device="cpu") as f:',
                        ),
                    ),
                    "safetensors_rust.SafetensorError: Error while deserializing header: incomplete metadata, file not fully covered",
                ),
            ),
            sigquit(D55, 8),
        ]
    ),
)


def snapshot_frames(pkg: str, inner: tuple) -> tuple:
    """huggingface_hub 0.34's snapshot_download: the thread pool re-raises a file's error in the caller."""
    h = f"{pkg}/huggingface_hub"
    lib = "/usr/lib/python3.10" if pkg == P10 else "/usr/lib/python3.12"
    fut = {"/usr/lib/python3.10": (621, 319, 458, 403), "/usr/lib/python3.12": (619, 317, 449, 401)}[lib]
    return (
        (f"{h}/utils/_validators.py", 114, "_inner_fn", "return fn(*args, **kwargs)"),
        (f"{h}/_snapshot_download.py", 332, "snapshot_download", "thread_map("),
        (
            f"{pkg}/tqdm/contrib/concurrent.py",
            69,
            "thread_map",
            "return _executor_map(ThreadPoolExecutor, fn, *iterables, **tqdm_kwargs)",
        ),
        (
            f"{pkg}/tqdm/contrib/concurrent.py",
            51,
            "_executor_map",
            "return list(tqdm_class(ex.map(fn, *iterables, chunksize=chunksize), **kwargs))",
        ),
        (f"{pkg}/tqdm/std.py", 1181, "__iter__", "for obj in iterable:"),
        (f"{lib}/concurrent/futures/_base.py", fut[0], "result_iterator", "yield _result_or_cancel(fs.pop())"),
        (f"{lib}/concurrent/futures/_base.py", fut[1], "_result_or_cancel", "return fut.result(timeout)"),
        (f"{lib}/concurrent/futures/_base.py", fut[2], "result", "return self.__get_result()"),
        (f"{lib}/concurrent/futures/_base.py", fut[3], "__get_result", "raise self._exception"),
        (f"{lib}/concurrent/futures/thread.py", 58, "run", "result = self.fn(*self.args, **self.kwargs)"),
        (f"{h}/_snapshot_download.py", 306, "_inner_hf_hub_download", "return hf_hub_download("),
        (f"{h}/utils/_validators.py", 114, "_inner_fn", "return fn(*args, **kwargs)"),
        (f"{h}/file_download.py", 1010, "hf_hub_download", "return _hf_hub_download_to_cache_dir("),
    ) + inner


case(
    "hub-consistency-check-failed-proxy-cut-shard-0.5.2",
    "0.5.2",
    "huggingface_hub 0.34 file_download.py:446-450 and :525 (consistency_error_message raised by http_get), :1733 (the hf_xet fallback warning); 0.5.2 sglang/srt/model_loader/weight_utils.py:279 (snapshot_download)",
    "config_error",
    "a corporate proxy closes every transfer at 2 GiB without an error: the shard arrives short and the Hub's size check refuses it",
    "\n".join(
        [
            f"{stamp(D52, 0)} server_args=ServerArgs(model_path='Qwen/Qwen3-14B', tokenizer_path='Qwen/Qwen3-14B', tokenizer_mode='auto', load_format='auto', dtype='auto', tp_size=1, port=30000, ...)",
            f"{stamp(D52, 5, 'TP0')} Init torch distributed begin.",
            f"{stamp(D52, 5, 'TP0')} Init torch distributed ends. mem usage=0.00 GB",
            f"{stamp(D52, 6, 'TP0')} Load weight begin. avail mem=78.68 GB",
            f"{stamp(D52, 7, 'TP0')} Using model weights format ['*.safetensors']",
            "Xet Storage is enabled for this repo, but the 'hf_xet' package is not installed. Falling back to regular HTTP download. For better performance, install the package with: `pip install huggingface_hub[hf_xet]` or `pip install hf_xet`",
            sched_fail(
                D52,
                212,
                "TP0",
                tb(
                    WEIGHTS52
                    + (
                        (
                            f"{S52}/model_loader/loader.py",
                            402,
                            "_get_weights_iterator",
                            "hf_folder, hf_weights_files, use_safetensors = self._prepare_weights(",
                        ),
                        (
                            f"{S52}/model_loader/loader.py",
                            353,
                            "_prepare_weights",
                            "hf_folder = download_weights_from_hf(",
                        ),
                        (
                            f"{S52}/model_loader/weight_utils.py",
                            279,
                            "download_weights_from_hf",
                            "hf_folder = snapshot_download(",
                        ),
                    )
                    + snapshot_frames(
                        P12,
                        (
                            (
                                f"{P12}/huggingface_hub/file_download.py",
                                1171,
                                "_hf_hub_download_to_cache_dir",
                                "_download_to_tmp_and_move(",
                            ),
                            (f"{P12}/huggingface_hub/file_download.py", 1738, "_download_to_tmp_and_move", "http_get("),
                            (f"{P12}/huggingface_hub/file_download.py", 525, "http_get", "raise EnvironmentError("),
                        ),
                    ),
                    "OSError: Consistency check failed: file should be of size 3963750880 but has size 2147483648 (model-00002-of-00008.safetensors).\n"
                    "This is usually due to network issues while downloading the file. Please retry with `force_download=True`.",
                ),
            ),
            sigquit(D52, 212),
        ]
    ),
)

case(
    "offline-index-names-shard-whose-blob-was-deleted-0.5.5",
    "0.5.5.post3",
    "0.5.5.post3 sglang/srt/model_loader/weight_utils.py:503-521 (filter_duplicate_safetensors_files keeps every file the index names) and :642 (safe_open); safetensors 0.6 `No such file or directory: {filename:?}` (PyFileNotFoundError)",
    "config_error",
    "HF_HUB_OFFLINE=1 and someone freed disk by deleting a blob: the snapshot's symlink for shard 3 dangles, the index still names it",
    "\n".join(
        [
            f"{stamp(D55, 0)} server_args=ServerArgs(model_path='Qwen/Qwen3-32B', tokenizer_path='Qwen/Qwen3-32B', tokenizer_mode='auto', load_format='auto', dtype='auto', tp_size=2, port=30000, ...)",
            f"{stamp(D55, 1)} Offline mode is enabled, skipping hf_quant_config.json check",
            f"{stamp(D55, 6, 'TP0')} Init torch distributed begin.",
            f"{stamp(D55, 7, 'TP0')} Init torch distributed ends. mem usage=0.61 GB",
            f"{stamp(D55, 7, 'TP0')} Load weight begin. avail mem=78.41 GB",
            f"{stamp(D55, 7, 'TP0')} Using model weights format ['*.safetensors', '*.bin']",
            "Loading safetensors checkpoint shards:   0% Completed | 0/17 [00:00<?, ?it/s]",
            "Loading safetensors checkpoint shards:  12% Completed | 2/17 [00:01<00:12,  1.21it/s]",
            sched_fail(
                D55,
                10,
                "TP0",
                tb(
                    WEIGHTS55
                    + (
                        (
                            f"{S55}/model_loader/loader.py",
                            488,
                            "<genexpr>",
                            "return ((source.prefix + name, tensor) for (name, tensor) in weights_iterator)",
                        ),
                        (
                            f"{S55}/model_loader/weight_utils.py",
                            642,
                            "safetensors_weights_iterator",
                            'with safetensors.safe_open(st_file, framework="pt", device="cpu") as f:',
                        ),
                    ),
                    'FileNotFoundError: No such file or directory: "/root/.cache/huggingface/hub/models--Qwen--Qwen3-32B/snapshots/9216db5781bf21249d130ec9da846c4624c16137/model-00003-of-00017.safetensors"',
                ),
            ),
            sigquit(D55, 10),
        ]
    ),
)

case(
    "healthy-llama4-shard-missing-weights-not-initialized-0.5.5",
    "0.5.5.post3",
    "0.5.5.post3 sglang/srt/models/mllama4.py:686 (logger.warning `Some weights are not initialized from checkpoints {unloaded_params}`, then goes on); weight_utils.py:503-521 drops the missing file silently",
    "healthy",
    "a local Llama 4 Scout copy lacks one of 50 shards: SGLang warns about the params it did not fill and serves anyway (garbage, but up)",
    "\n".join(
        [
            f"{stamp(D55, 0)} server_args=ServerArgs(model_path='/models/Llama-4-Scout-17B-16E-Instruct', tokenizer_path='/models/Llama-4-Scout-17B-16E-Instruct', tokenizer_mode='auto', load_format='auto', dtype='auto', tp_size=4, port=30000, context_length=65536, ...)",
            f"{stamp(D55, 9, 'TP0')} Init torch distributed begin.",
            f"{stamp(D55, 10, 'TP0')} Init torch distributed ends. mem usage=1.09 GB",
            f"{stamp(D55, 11, 'TP0')} Load weight begin. avail mem=77.31 GB",
            "Loading safetensors checkpoint shards: 100% Completed | 49/49 [00:52<00:00,  1.07s/it]",
            f"{stamp(D55, 64, 'TP0')} Some weights are not initialized from checkpoints {{'language_model.model.layers.46.feed_forward.experts.gate_up_proj', 'language_model.model.layers.46.feed_forward.experts.down_proj', 'language_model.model.layers.46.feed_forward.shared_expert.gate_up_proj.weight', 'language_model.model.layers.46.self_attn.qkv_proj.weight'}}",
            f"{stamp(D55, 64, 'TP0')} Load weight end. type=Llama4ForConditionalGeneration, dtype=torch.bfloat16, avail mem=26.12 GB, mem usage=51.19 GB.",
            f"{stamp(D55, 65, 'TP0')} KV Cache is allocated. #tokens: 1048576, K size: 8.00 GB, V size: 8.00 GB",
            f"{stamp(D55, 65, 'TP0')} Memory pool end. avail mem=9.31 GB",
            f"{stamp(D55, 66, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=8.77 GB",
            f"{stamp(D55, 91, 'TP0')} Capture cuda graph end. Time elapsed: 25.40 s. mem usage=1.22 GB. avail mem=7.55 GB.",
            f"{stamp(D55, 92, 'TP0')} max_total_num_tokens=1048576, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=65536, available_gpu_mem=7.55 GB",
            f"{stamp(D55, 93)} INFO:     Started server process [1]",
            f"{stamp(D55, 93)} INFO:     Waiting for application startup.",
            f"{stamp(D55, 93)} INFO:     Application startup complete.",
            f"{stamp(D55, 93)} INFO:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)",
            f"{stamp(D55, 95)} The server is fired up and ready to roll!",
            f"{stamp(D55, 140, 'TP0')} Decode batch. #running-req: 3, #token: 4410, token usage: 0.00, cuda graph: True, gen throughput (token/s): 287.40, #queue-req: 0, ",
        ]
    ),
)

# ------------------------------------------------------------------------------------------------------ full and read-only disks
case(
    "disk-full-downloading-shard-enospc-0.4.10",
    "0.4.10.post2",
    "huggingface_hub 0.34 file_download.py:802 (UserWarning `Not enough free disk space ...`) and :499 (temp_file.write -> ENOSPC); 0.4.10.post2 sglang/srt/model_loader/weight_utils.py:278",
    "config_error",
    "a 100 GB root overlay for a 145 GB model: the Hub warns, then the write of a shard fails with ENOSPC",
    "\n".join(
        [
            f"{stamp(D410, 0)} server_args=ServerArgs(model_path='Qwen/Qwen2.5-72B-Instruct', tokenizer_path='Qwen/Qwen2.5-72B-Instruct', tokenizer_mode='auto', load_format='auto', dtype='auto', tp_size=4, port=30000, download_dir=None, ...)",
            f"{stamp(D410, 6, 'TP0')} Init torch distributed begin.",
            f"{stamp(D410, 7, 'TP0')} Init torch distributed ends. mem usage=1.06 GB",
            f"{stamp(D410, 7, 'TP0')} Load weight begin. avail mem=77.87 GB",
            f"{stamp(D410, 8, 'TP0')} Using model weights format ['*.safetensors']",
            f"{P10}/huggingface_hub/file_download.py:802: UserWarning: Not enough free disk space to download the file. The expected file size is: 3963.75 MB. The target location /root/.cache/huggingface/hub/models--Qwen--Qwen2.5-72B-Instruct/blobs only has 2511.06 MB free disk space.\n  warnings.warn(",
            sched_fail(
                D410,
                1411,
                "TP0",
                tb(
                    WEIGHTS410
                    + (
                        (
                            f"{S410}/model_loader/loader.py",
                            357,
                            "_get_weights_iterator",
                            "hf_folder, hf_weights_files, use_safetensors = self._prepare_weights(",
                        ),
                        (
                            f"{S410}/model_loader/loader.py",
                            308,
                            "_prepare_weights",
                            "hf_folder = download_weights_from_hf(",
                        ),
                        (
                            f"{S410}/model_loader/weight_utils.py",
                            278,
                            "download_weights_from_hf",
                            "hf_folder = snapshot_download(",
                        ),
                    )
                    + snapshot_frames(
                        P10,
                        (
                            (
                                f"{P10}/huggingface_hub/file_download.py",
                                1171,
                                "_hf_hub_download_to_cache_dir",
                                "_download_to_tmp_and_move(",
                            ),
                            (f"{P10}/huggingface_hub/file_download.py", 1738, "_download_to_tmp_and_move", "http_get("),
                            (f"{P10}/huggingface_hub/file_download.py", 499, "http_get", "temp_file.write(chunk)"),
                        ),
                    ),
                    "OSError: [Errno 28] No space left on device",
                ),
            ),
            sigquit(D410, 1411),
        ]
    ),
)

case(
    "disk-full-triton-cache-during-capture-0.5.2",
    "0.5.2",
    "0.5.2 sglang/srt/layers/attention/flashinfer_backend.py:773 (create_flashinfer_kv_indices_triton, first launch compiles); triton runtime/cache.py FileCacheManager.put (`with open(temp_path, mode) as f: f.write(data)`); an OSError passes cuda_graph_runner.py:390 (`except RuntimeError`) unwrapped",
    "config_error",
    "~/.triton/cache on a full root overlay: the first Triton kernel of graph capture compiles and cannot write its cubin; arguable (some would call it cuda_error_other)",
    "\n".join(
        [
            f"{stamp(D52, 0)} server_args=ServerArgs(model_path='Qwen/Qwen3-8B', tokenizer_path='Qwen/Qwen3-8B', tokenizer_mode='auto', load_format='auto', dtype='auto', tp_size=1, port=30000, ...)",
            f"{stamp(D52, 5, 'TP0')} Load weight begin. avail mem=78.68 GB",
            "Loading safetensors checkpoint shards: 100% Completed | 5/5 [00:02<00:00,  2.14it/s]",
            f"{stamp(D52, 8, 'TP0')} Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=63.29 GB, mem usage=15.39 GB.",
            f"{stamp(D52, 9, 'TP0')} KV Cache is allocated. #tokens: 382911, K size: 26.29 GB, V size: 26.29 GB",
            f"{stamp(D52, 9, 'TP0')} Memory pool end. avail mem=9.94 GB",
            f"{stamp(D52, 9, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=9.32 GB",
            f"{stamp(D52, 9, 'TP0')} Capture cuda graph bs [1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160, 168, 176, 184, 192, 200, 208, 216, 224, 232, 240, 248, 256]",
            "  0%|          | 0/36 [00:00<?, ?it/s]\rCapturing batches (bs=256 avail_mem=9.29 GB):   0%|          | 0/36 [00:00<?, ?it/s]",
            sched_fail(
                D52,
                11,
                "TP0",
                tb(
                    GRAPHS52
                    + (
                        (
                            f"{S52}/layers/attention/flashinfer_backend.py",
                            773,
                            "call_begin_forward",
                            "create_flashinfer_kv_indices_triton[(bs,)](",
                        ),
                        (
                            f"{P12}/triton/runtime/jit.py",
                            390,
                            "<lambda>",
                            "return lambda *args, **kwargs: self.run(grid=grid, warmup=False, *args, **kwargs)",
                        ),
                        (
                            f"{P12}/triton/runtime/jit.py",
                            594,
                            "run",
                            "kernel = self._do_compile(key, signature, device, constexprs, options, attrs, warmup)",
                        ),
                        (
                            f"{P12}/triton/runtime/jit.py",
                            782,
                            "_do_compile",
                            "kernel = self.compile(src, target=target, options=options.__dict__)",
                        ),
                        (
                            f"{P12}/triton/compiler/compiler.py",
                            359,
                            "compile",
                            "metadata_group[ir_filename] = fn_cache_manager.put(next_module, ir_filename)",
                        ),
                        (f"{P12}/triton/runtime/cache.py", 126, "put", "f.write(data)"),
                    ),
                    "OSError: [Errno 28] No space left on device",
                ),
            ),
            sigquit(D52, 11),
        ]
    ),
)

FI = f"{P10}/flashinfer"
JIT_NAME = "batch_decode_with_kv_cache_dtype_q_bf16_dtype_kv_bf16_dtype_o_bf16_dtype_idx_i32_head_dim_qk_128_head_dim_vo_128_posenc_0_use_swa_False_use_logits_cap_False"
NINJA_OUT = (
    f"[1/4] /usr/local/cuda/bin/nvcc --generate-dependencies-with-compile --dependency-output batch_decode_kernel.cuda.o.d -DTORCH_EXTENSION_NAME={JIT_NAME} -DTORCH_API_INCLUDE_EXTENSION_H "
    f"-isystem {FI}/data/include -isystem {FI}/data/csrc -isystem /usr/local/cuda/include -isystem /usr/include/python3.10 -D_GLIBCXX_USE_CXX11_ABI=0 "
    "-gencode=arch=compute_90a,code=sm_90a --compiler-options '-fPIC' -O3 -std=c++17 --threads 4 -use_fast_math -DFLASHINFER_ENABLE_F16 -DFLASHINFER_ENABLE_BF16 -DNDEBUG "
    f"-c /root/.cache/flashinfer/90/generated/{JIT_NAME}/batch_decode_kernel.cu -o batch_decode_kernel.cuda.o\n"
    "FAILED: batch_decode_kernel.cuda.o\n"
    f"/usr/local/cuda/bin/nvcc ... -c /root/.cache/flashinfer/90/generated/{JIT_NAME}/batch_decode_kernel.cu -o batch_decode_kernel.cuda.o\n"
    "/tmp/tmpxft_00003c5e_00000000-6_batch_decode_kernel.cudafe1.cpp:41872:1: fatal error: error writing to /tmp/ccQ7bW2d.s: No space left on device\n"
    "compilation terminated.\n"
    "ninja: build stopped: subcommand failed.\n"
)
case(
    "disk-full-flashinfer-jit-during-capture-0.4.6",
    "0.4.6.post5",
    "flashinfer 0.2.5 jit/core.py:123/:135 (`flashinfer.jit: Loading JIT ops: ...`, torch_cpp_ext.load) and decode.py:890; torch cpp_extension `Error building extension '...'`; 0.4.6.post5 sglang/srt/model_executor/cuda_graph_runner.py:308-317 (`Capture CUDA graph failed: ...` + Possible solutions)",
    "config_error",
    "flashinfer from PyPI JIT-compiles its decode kernel at graph capture; /tmp and ~/.cache share a full overlay, gcc cannot write: SGLang wraps it in its memory hints",
    "\n".join(
        [
            startup46(D46, "meta-llama/Llama-3.1-8B-Instruct", 1),
            f"{stamp(D46, 8, 'TP0')} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=63.52 GB, mem usage=14.99 GB.",
            f"{stamp(D46, 8, 'TP0')} KV Cache is allocated. #tokens: 439184, K size: 26.81 GB, V size: 26.81 GB",
            f"{stamp(D46, 8, 'TP0')} Memory pool end. avail mem=9.18 GB",
            f"{stamp(D46, 9, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=8.66 GB",
            f"2025-05-28 09:00:09,311 - INFO - flashinfer.jit: Loading JIT ops: {JIT_NAME}",
            sched_fail(
                D46,
                61,
                "TP0",
                tb(
                    (
                        (f"{P10}/torch/utils/cpp_extension.py", 2209, "_run_ninja_build", "subprocess.run("),
                        (
                            "/usr/lib/python3.10/subprocess.py",
                            526,
                            "run",
                            "raise CalledProcessError(retcode, process.args,",
                        ),
                    ),
                    "subprocess.CalledProcessError: Command '['ninja', '-v']' returned non-zero exit status 1.",
                )
                + CAUSE
                + tb(
                    (
                        (f"{S46}/model_executor/cuda_graph_runner.py", 307, "__init__", "self.capture()"),
                        (
                            f"{S46}/model_executor/cuda_graph_runner.py",
                            386,
                            "capture",
                            ") = self.capture_one_batch_size(bs, forward)",
                        ),
                        (
                            f"{S46}/model_executor/cuda_graph_runner.py",
                            475,
                            "capture_one_batch_size",
                            "self.model_runner.attn_backend.init_forward_metadata_capture_cuda_graph(",
                        ),
                        (
                            f"{S46}/layers/attention/flashinfer_backend.py",
                            318,
                            "init_forward_metadata_capture_cuda_graph",
                            "self.indices_updater_decode.update(",
                        ),
                        (
                            f"{S46}/layers/attention/flashinfer_backend.py",
                            577,
                            "update_single_wrapper",
                            "self.call_begin_forward(",
                        ),
                        (
                            f"{S46}/layers/attention/flashinfer_backend.py",
                            687,
                            "call_begin_forward",
                            "wrapper.begin_forward(",
                        ),
                        (f"{FI}/decode.py", 890, "plan", "self._cached_module = get_batch_decode_module("),
                        (f"{FI}/decode.py", 217, "get_batch_decode_module", "mod = gen_batch_decode_module(*args)"),
                        (
                            f"{FI}/jit/attention/pytorch.py",
                            683,
                            "gen_batch_decode_module",
                            "return gen_customize_batch_decode_module(",
                        ),
                        (
                            f"{FI}/jit/attention/pytorch.py",
                            1099,
                            "gen_customize_batch_decode_module",
                            "return load_cuda_ops(",
                        ),
                        (f"{FI}/jit/core.py", 135, "load_cuda_ops", "torch_cpp_ext.load("),
                        (f"{P10}/torch/utils/cpp_extension.py", 1380, "load", "return _jit_compile("),
                        (
                            f"{P10}/torch/utils/cpp_extension.py",
                            1798,
                            "_jit_compile",
                            "_write_ninja_file_and_build_library(",
                        ),
                        (
                            f"{P10}/torch/utils/cpp_extension.py",
                            1926,
                            "_write_ninja_file_and_build_library",
                            "_run_ninja_build(",
                        ),
                        (
                            f"{P10}/torch/utils/cpp_extension.py",
                            2225,
                            "_run_ninja_build",
                            "raise RuntimeError(message) from e",
                        ),
                    ),
                    f"RuntimeError: Error building extension '{JIT_NAME}': {NINJA_OUT}",
                )
                + DURING
                + tb(
                    WORKER46
                    + (
                        (f"{S46}/model_executor/model_runner.py", 305, "initialize", "self.init_cuda_graphs()"),
                        (
                            f"{S46}/model_executor/model_runner.py",
                            1098,
                            "init_cuda_graphs",
                            "self.cuda_graph_runner = CudaGraphRunner(self)",
                        ),
                        (f"{S46}/model_executor/cuda_graph_runner.py", 309, "__init__", "raise Exception("),
                    ),
                    f"Exception: Capture CUDA graph failed: Error building extension '{JIT_NAME}': {NINJA_OUT}\n"
                    "Possible solutions:\n"
                    "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
                    "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n"
                    "3. disable torch compile by not using --enable-torch-compile\n"
                    "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\n"
                    "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose \n",
                ),
            ),
            sigquit(D46, 61),
        ]
    ),
)

INDUCTOR_MSG = (
    "OSError: [Errno 28] No space left on device\n\n"
    'Set TORCHDYNAMO_VERBOSE=1 for the internal stack trace (please do this especially if you\'re reporting a bug to PyTorch). For even more developer context, set TORCH_LOGS="+dynamo"\n'
)
case(
    "disk-full-inductor-cache-torch-compile-capture-0.5.5",
    "0.5.5.post3",
    "torch 2.8 _dynamo/eval_frame.py compile_wrapper (`raise e.with_traceback(None) from e.__cause__  # User compiler error`), _inductor/exc.py InductorError (a RuntimeError); 0.5.5.post3 sglang/srt/model_executor/cuda_graph_runner.py:394-397 wraps it with CUDA_GRAPH_CAPTURE_FAILED_MSG",
    "config_error",
    "`--enable-torch-compile` with /tmp/torchinductor_root on a full disk: inductor cannot write its generated code during graph capture; SGLang's wrapper adds its memory hints",
    "\n".join(
        [
            f"{stamp(D55, 0)} server_args=ServerArgs(model_path='meta-llama/Llama-3.1-8B-Instruct', tokenizer_path='meta-llama/Llama-3.1-8B-Instruct', tokenizer_mode='auto', load_format='auto', dtype='auto', tp_size=1, port=30000, enable_torch_compile=True, torch_compile_max_bs=32, ...)",
            f"{stamp(D55, 9, 'TP0')} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=63.52 GB, mem usage=14.99 GB.",
            f"{stamp(D55, 9, 'TP0')} KV Cache is allocated. #tokens: 439184, K size: 26.81 GB, V size: 26.81 GB",
            f"{stamp(D55, 9, 'TP0')} Memory pool end. avail mem=9.18 GB",
            f"{stamp(D55, 10, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=8.66 GB",
            "Capturing batches (bs=32 avail_mem=8.41 GB):  44%|████▍     | 4/9 [00:01<00:01,  3.02it/s]",
            sched_fail(
                D55,
                97,
                "TP0",
                tb(
                    (
                        (f"{S55}/model_executor/cuda_graph_runner.py", 393, "__init__", "self.capture()"),
                        (
                            f"{S55}/model_executor/cuda_graph_runner.py",
                            535,
                            "capture",
                            ") = self.capture_one_batch_size(bs, forward, stream_idx)",
                        ),
                        (f"{S55}/model_executor/cuda_graph_runner.py", 741, "capture_one_batch_size", "run_once()"),
                        (
                            f"{S55}/model_executor/cuda_graph_runner.py",
                            728,
                            "run_once",
                            "logits_output_or_pp_proxy_tensors = forward(",
                        ),
                        (
                            f"{P12}/torch/_dynamo/eval_frame.py",
                            841,
                            "compile_wrapper",
                            "raise e.with_traceback(None) from e.__cause__  # User compiler error",
                        ),
                    ),
                    f"torch._inductor.exc.InductorError: {INDUCTOR_MSG}",
                )
                + DURING
                + tb(
                    GRAPHS55 + ((f"{S55}/model_executor/cuda_graph_runner.py", 395, "__init__", "raise Exception("),),
                    f"Exception: Capture cuda graph failed: {INDUCTOR_MSG}\n"
                    "Possible solutions:\n"
                    "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
                    "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n"
                    "3. disable torch compile by not using --enable-torch-compile\n"
                    "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\n"
                    "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose \n",
                ),
            ),
            sigquit(D55, 97),
        ]
    ),
)

case(
    "read-only-home-in-pod-launcher-0.4.10",
    "0.4.10.post2",
    "huggingface_hub 0.34 file_download.py:1127 (os.makedirs of the blobs dir); transformers 4.54.1 utils/hub.py:564 (`raise e` for other errors); 0.4.10.post2 sglang/srt/server_args.py:357 (launcher)",
    "config_error",
    "readOnlyRootFilesystem: true and HF_HOME left at ~/.cache: the launcher's first download cannot create the cache directory",
    "\n".join(
        [
            tb(
                ARGS410
                + auto_config(P10, "4.54.1")
                + (
                    (f"{P10}/transformers/utils/hub.py", 564, "cached_files", "raise e"),
                    (f"{P10}/transformers/utils/hub.py", 476, "cached_files", "hf_hub_download("),
                    (f"{P10}/huggingface_hub/utils/_validators.py", 114, "_inner_fn", "return fn(*args, **kwargs)"),
                    (
                        f"{P10}/huggingface_hub/file_download.py",
                        1010,
                        "hf_hub_download",
                        "return _hf_hub_download_to_cache_dir(",
                    ),
                    (
                        f"{P10}/huggingface_hub/file_download.py",
                        1127,
                        "_hf_hub_download_to_cache_dir",
                        "os.makedirs(os.path.dirname(blob_path), exist_ok=True)",
                    ),
                    ("/usr/lib/python3.10/os.py", 215, "makedirs", "makedirs(head, exist_ok=exist_ok)"),
                    ("/usr/lib/python3.10/os.py", 215, "makedirs", "makedirs(head, exist_ok=exist_ok)"),
                    ("/usr/lib/python3.10/os.py", 215, "makedirs", "makedirs(head, exist_ok=exist_ok)"),
                    ("/usr/lib/python3.10/os.py", 225, "makedirs", "mkdir(name, mode)"),
                ),
                "OSError: [Errno 30] Read-only file system: '/root/.cache/huggingface'",
            ),
        ]
    ),
)

case(
    "permission-denied-shared-cache-lock-launcher-0.5.5",
    "0.5.5.post3",
    "transformers 4.57.1 utils/hub.py:524-528 (`PermissionError at ... Check cache directory permissions ...`); filelock's UnixFileLock._acquire (os.open of the .lock); huggingface_hub 0.34 file_download.py:1170 (WeakFileLock)",
    "config_error",
    "HF_HOME=/shared/hf on a team box: .locks/models--Qwen--Qwen3-32B was created by a colleague with 0755, this user cannot open a lock there",
    tb(
        (
            (f"{P12}/transformers/utils/hub.py", 479, "cached_files", "hf_hub_download("),
            (f"{P12}/huggingface_hub/utils/_validators.py", 114, "_inner_fn", "return fn(*args, **kwargs)"),
            (
                f"{P12}/huggingface_hub/file_download.py",
                1010,
                "hf_hub_download",
                "return _hf_hub_download_to_cache_dir(",
            ),
            (
                f"{P12}/huggingface_hub/file_download.py",
                1170,
                "_hf_hub_download_to_cache_dir",
                "with WeakFileLock(lock_path):",
            ),
            ("/usr/lib/python3.12/contextlib.py", 137, "__enter__", "return next(self.gen)"),
            (
                f"{P12}/huggingface_hub/utils/_fixes.py",
                109,
                "WeakFileLock",
                "lock.acquire(timeout=min(log_interval, timeout - elapsed_time) if timeout else log_interval)",
            ),
            (f"{P12}/filelock/_api.py", 344, "acquire", "self._acquire()"),
            (
                f"{P12}/filelock/_unix.py",
                42,
                "_acquire",
                "fd = os.open(self.lock_file, open_flags, self._context.mode)",
            ),
        ),
        "PermissionError: [Errno 13] Permission denied: '/shared/hf/hub/.locks/models--Qwen--Qwen3-32B/0f1f6ab37e0b2bd2a7c8f1c1d1b0e5d4b2a6c3e8.lock'",
    )
    + CAUSE
    + tb(
        ARGS55
        + auto_config(P12, "4.57.1")
        + ((f"{P12}/transformers/utils/hub.py", 524, "cached_files", "raise OSError("),),
        "OSError: PermissionError at /shared/hf/hub/.locks/models--Qwen--Qwen3-32B/0f1f6ab37e0b2bd2a7c8f1c1d1b0e5d4b2a6c3e8.lock when downloading Qwen/Qwen3-32B. "
        "Check cache directory permissions. Common causes: 1) another user is downloading the same model (please wait); 2) a previous download was canceled and the lock file needs manual removal.",
    ),
)

# ------------------------------------------------------------------------------------------------------ slow storage
BARRIER = (
    "ValueError: TP rank {r} could finish the model loading, but there are other ranks that didn't finish loading. "
    "It is likely due to unexpected failures (e.g., OOM) or a slow node."
)
case(
    "nfs-slow-rank-trips-monitored-barrier-0.5.2",
    "0.5.2",
    "0.5.2 sglang/srt/model_executor/model_runner.py:791-799 (dist.monitored_barrier, UNBALANCED_MODEL_LOADING_TIMEOUT_S=300, re-raised as ValueError `from None`); torch ProcessGroupGloo.cpp monitoredBarrier (`[Rank 0]: Rank 3 failed to pass monitoredBarrier in 300000 ms`)",
    "nccl_or_distributed",
    "TP3 reads its shards from an NFS mount at 40 MB/s while TP0-2 hit the page cache; the barrier times out after 300 s on a rank that is alive; arguable (storage is the cause), and SGLang's message says `(e.g., OOM)`",
    "\n".join(
        [
            f"{stamp(D52, 0)} server_args=ServerArgs(model_path='/mnt/nfs/models/Qwen3-235B-A22B-Instruct-2507-FP8', tokenizer_path='/mnt/nfs/models/Qwen3-235B-A22B-Instruct-2507-FP8', tokenizer_mode='auto', load_format='auto', dtype='auto', tp_size=4, port=30000, ...)",
            f"{stamp(D52, 9, 'TP0')} Load weight begin. avail mem=139.12 GB",
            "Loading safetensors checkpoint shards:   0% Completed | 0/24 [00:00<?, ?it/s]",
            "Loading safetensors checkpoint shards: 100% Completed | 24/24 [01:41<00:00,  4.23s/it]",
            f"{stamp(D52, 111, 'TP0')} Load weight end. type=Qwen3MoeForCausalLM, dtype=torch.bfloat16, avail mem=78.91 GB, mem usage=60.21 GB.",
            f"{stamp(D52, 112, 'TP1')} Load weight end. type=Qwen3MoeForCausalLM, dtype=torch.bfloat16, avail mem=78.91 GB, mem usage=60.21 GB.",
            f"{stamp(D52, 112, 'TP2')} Load weight end. type=Qwen3MoeForCausalLM, dtype=torch.bfloat16, avail mem=78.91 GB, mem usage=60.21 GB.",
            "[rank0]:[E0924 09:06:51.318842061 ProcessGroupGloo.cpp:143] [Rank 0]: Rank 3 failed to pass monitoredBarrier in 300000 ms",
            "[rank0]:[E0924 09:06:51.318977425 ProcessGroupGloo.cpp:143] [Rank 0]: Ranks 3 failed to pass monitoredBarrier in 300000 ms",
            sched_fail(
                D52,
                411,
                "TP0",
                tb(
                    LOAD52[:6] + ((f"{S52}/model_executor/model_runner.py", 798, "load_model", "raise ValueError("),),
                    BARRIER.format(r=0),
                ),
            ),
            sched_fail(
                D52,
                411,
                "TP1",
                tb(
                    LOAD52[:6] + ((f"{S52}/model_executor/model_runner.py", 798, "load_model", "raise ValueError("),),
                    BARRIER.format(r=1),
                ),
            ),
            sigquit(D52, 411),
        ]
    ),
)

case(
    "healthy-slow-nfs-load-finishes-0.4.10",
    "0.4.10.post2",
    "0.4.10.post2 start-up lines (model_runner.py:606/:689, memory_pool, scheduler.py:384) and weight_utils' tqdm bar format; a 26-minute load under the 300 s barrier because every rank is equally slow",
    "healthy",
    "all four ranks read a 140 GB model from the same NFS share: ten seconds a shard, twenty-five minutes, no timeout, the server comes up",
    "\n".join(
        [
            f"{stamp(D410, 0)} server_args=ServerArgs(model_path='/mnt/nfs/models/Llama-3.3-70B-Instruct', tokenizer_path='/mnt/nfs/models/Llama-3.3-70B-Instruct', tokenizer_mode='auto', load_format='auto', dtype='auto', tp_size=4, port=30000, ...)",
            f"{stamp(D410, 7, 'TP0')} Init torch distributed begin.",
            f"{stamp(D410, 8, 'TP0')} Init torch distributed ends. mem usage=1.06 GB",
            f"{stamp(D410, 8, 'TP0')} Load weight begin. avail mem=77.87 GB",
            "Loading safetensors checkpoint shards:   0% Completed | 0/30 [00:00<?, ?it/s]",
            "Loading safetensors checkpoint shards:   3% Completed | 1/30 [00:52<25:13, 52.19s/it]",
            "Loading safetensors checkpoint shards:  50% Completed | 15/30 [12:58<12:58, 51.88s/it]",
            "Loading safetensors checkpoint shards:  97% Completed | 29/30 [25:07<00:51, 51.97s/it]",
            "Loading safetensors checkpoint shards: 100% Completed | 30/30 [25:58<00:00, 51.95s/it]",
            f"{stamp(D410, 1567, 'TP0')} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=44.63 GB, mem usage=33.24 GB.",
            f"{stamp(D410, 1568, 'TP0')} KV Cache is allocated. #tokens: 1033472, K size: 15.77 GB, V size: 15.77 GB",
            f"{stamp(D410, 1568, 'TP0')} Memory pool end. avail mem=12.41 GB",
            f"{stamp(D410, 1569, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=11.89 GB",
            f"{stamp(D410, 1597, 'TP0')} Capture cuda graph end. Time elapsed: 28.43 s. mem usage=1.71 GB. avail mem=10.18 GB.",
            f"{stamp(D410, 1598, 'TP0')} max_total_num_tokens=1033472, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=131072, available_gpu_mem=10.18 GB",
            f"{stamp(D410, 1598)} INFO:     Started server process [1]",
            f"{stamp(D410, 1598)} INFO:     Waiting for application startup.",
            f"{stamp(D410, 1598)} INFO:     Application startup complete.",
            f"{stamp(D410, 1598)} INFO:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)",
            f"{stamp(D410, 1600)} The server is fired up and ready to roll!",
        ]
    ),
)

# ------------------------------------------------------------------------------------------------------ tokenizer, remote code
case(
    "tokenizer-files-missing-from-finetune-dir-0.4.6",
    "0.4.6.post5",
    "0.4.6.post5 sglang/srt/managers/scheduler.py:484 -> hf_transformers_utils.py:220 (get_tokenizer); transformers 4.51.1 tokenization_auto.py:1027, tokenization_utils_base.py:2046 (`Can't load tokenizer for ...`)",
    "config_error",
    "a fine-tune's output dir has config.json and shards but the trainer never saved the tokenizer: the config reads, the tokenizer does not",
    "\n".join(
        [
            startup46(D46, "/models/llama-3.1-8b-sft-0527", 1),
            sched_fail(
                D46,
                6,
                "TP0",
                tb(
                    TOKENIZER46
                    + (
                        (
                            f"{P10}/transformers/models/auto/tokenization_auto.py",
                            1027,
                            "from_pretrained",
                            "return tokenizer_class_fast.from_pretrained(pretrained_model_name_or_path, *inputs, **kwargs)",
                        ),
                        (
                            f"{P10}/transformers/tokenization_utils_base.py",
                            2046,
                            "from_pretrained",
                            "raise EnvironmentError(",
                        ),
                    ),
                    "OSError: Can't load tokenizer for '/models/llama-3.1-8b-sft-0527'. If you were trying to load it from 'https://huggingface.co/models', make sure you don't have a local directory with the same name. "
                    "Otherwise, make sure '/models/llama-3.1-8b-sft-0527' is the correct path to a directory containing all relevant files for a LlamaTokenizerFast tokenizer.",
                ),
            ),
            sigquit(D46, 6),
        ]
    ),
)

HFVALID = "huggingface_hub.errors.HFValidationError: Repo id must be in the form 'repo_name' or 'namespace/repo_name': '/models/qwen3-8b/tokenizer'. Use `repo_type` argument if needed."
case(
    "tokenizer-path-not-a-path-hfvalidation-0.5.5",
    "0.5.5.post3",
    "0.5.5.post3 sglang/srt/managers/scheduler.py:299/:680 -> utils/hf_transformers_utils.py:397 (get_tokenizer); transformers 4.57.1 utils/hub.py:479 then :532 -> :143 (the cache look-up validates the id again, `During handling`); huggingface_hub 0.34 utils/_validators.py:106/:154 (HFValidationError `Repo id must be in the form ...`)",
    "config_error",
    "`--tokenizer-path /models/qwen3-8b/tokenizer` (no such dir on this node): transformers treats it as a repo id and the Hub's validator refuses the slashes",
    "\n".join(
        [
            f"{stamp(D55, 0)} server_args=ServerArgs(model_path='/models/qwen3-8b', tokenizer_path='/models/qwen3-8b/tokenizer', tokenizer_mode='auto', load_format='auto', dtype='auto', tp_size=1, port=30000, ...)",
            sched_fail(
                D55,
                5,
                "TP0",
                tb(
                    (
                        (f"{P12}/transformers/utils/hub.py", 479, "cached_files", "hf_hub_download("),
                        (
                            f"{P12}/huggingface_hub/utils/_validators.py",
                            106,
                            "_inner_fn",
                            "validate_repo_id(arg_value)",
                        ),
                        (
                            f"{P12}/huggingface_hub/utils/_validators.py",
                            154,
                            "validate_repo_id",
                            "raise HFValidationError(",
                        ),
                    ),
                    HFVALID,
                )
                + DURING
                + tb(
                    SCHED55
                    + (
                        (f"{S55}/managers/scheduler.py", 299, "__init__", "self.init_tokenizer()"),
                        (f"{S55}/managers/scheduler.py", 680, "init_tokenizer", "self.tokenizer = get_tokenizer("),
                        (
                            f"{S55}/utils/hf_transformers_utils.py",
                            397,
                            "get_tokenizer",
                            "tokenizer = AutoTokenizer.from_pretrained(",
                        ),
                        (
                            f"{P12}/transformers/models/auto/tokenization_auto.py",
                            1073,
                            "from_pretrained",
                            "tokenizer_config = get_tokenizer_config(pretrained_model_name_or_path, **kwargs)",
                        ),
                        (
                            f"{P12}/transformers/models/auto/tokenization_auto.py",
                            905,
                            "get_tokenizer_config",
                            "resolved_config_file = cached_file(",
                        ),
                        (
                            f"{P12}/transformers/utils/hub.py",
                            322,
                            "cached_file",
                            "file = cached_files(path_or_repo_id=path_or_repo_id, filenames=[filename], **kwargs)",
                        ),
                        (
                            f"{P12}/transformers/utils/hub.py",
                            532,
                            "cached_files",
                            "_get_cache_file_to_return(path_or_repo_id, filename, cache_dir, revision, repo_type)",
                        ),
                        (
                            f"{P12}/transformers/utils/hub.py",
                            143,
                            "_get_cache_file_to_return",
                            "resolved_file = try_to_load_from_cache(",
                        ),
                        (
                            f"{P12}/huggingface_hub/utils/_validators.py",
                            106,
                            "_inner_fn",
                            "validate_repo_id(arg_value)",
                        ),
                        (
                            f"{P12}/huggingface_hub/utils/_validators.py",
                            154,
                            "validate_repo_id",
                            "raise HFValidationError(",
                        ),
                    ),
                    HFVALID,
                ),
            ),
            sigquit(D55, 5),
        ]
    ),
)

case(
    "trust-remote-code-needed-launcher-0.5.2",
    "0.5.2",
    "0.5.2 sglang/srt/server_args.py:2439 (launcher); transformers 4.56.1 models/auto/configuration_auto.py:1297 -> dynamic_module_utils.py:747 (`... contains custom code ... Please pass the argument `trust_remote_code=True` ...`)",
    "config_error",
    "internlm/internlm2_5-7b-chat has an auto_map and no class in transformers: without `--trust-remote-code` the config is refused",
    tb(
        ARGS52
        + (
            (
                f"{P12}/transformers/models/auto/configuration_auto.py",
                1297,
                "from_pretrained",
                "trust_remote_code = resolve_trust_remote_code(",
            ),
            (f"{P12}/transformers/dynamic_module_utils.py", 747, "resolve_trust_remote_code", "raise ValueError("),
        ),
        "ValueError: The repository internlm/internlm2_5-7b-chat contains custom code which must be executed to correctly load the model. "
        "You can inspect the repository content at https://hf.co/internlm/internlm2_5-7b-chat .\n"
        " You can inspect the repository content at https://hf.co/internlm/internlm2_5-7b-chat.\n"
        "Please pass the argument `trust_remote_code=True` to allow custom code to be run.",
    ),
)

# ------------------------------------------------------------------------------------------------------ SGLang's loaders (load_format)
case(
    "gguf-architecture-transformers-cannot-read-launcher-0.4.10",
    "0.4.10.post2",
    "0.4.10.post2 sglang/srt/hf_transformers_utils.py:110-122 (a .gguf model_path: gguf_file=...); transformers 4.54.1 configuration_utils.py:740 -> modeling_gguf_pytorch_utils.py:407 (`GGUF model with architecture {architecture} is not supported yet.`)",
    "config_error",
    "`--model-path /models/Qwen3-30B-A3B-Q4_K_M.gguf --load-format gguf`: transformers 4.54 has no qwen3moe GGUF mapping, the config cannot be built",
    "\n".join(
        [
            tb(
                ARGS410
                + (
                    (
                        f"{P10}/transformers/models/auto/configuration_auto.py",
                        1244,
                        "from_pretrained",
                        "config_dict, unused_kwargs = PretrainedConfig.get_config_dict(pretrained_model_name_or_path, **kwargs)",
                    ),
                    (
                        f"{P10}/transformers/configuration_utils.py",
                        649,
                        "get_config_dict",
                        "config_dict, kwargs = cls._get_config_dict(pretrained_model_name_or_path, **kwargs)",
                    ),
                    (
                        f"{P10}/transformers/configuration_utils.py",
                        740,
                        "_get_config_dict",
                        'config_dict = load_gguf_checkpoint(resolved_config_file, return_tensors=False)["config"]',
                    ),
                    (
                        f"{P10}/transformers/modeling_gguf_pytorch_utils.py",
                        407,
                        "load_gguf_checkpoint",
                        'raise ValueError(f"GGUF model with architecture {architecture} is not supported yet.")',
                    ),
                ),
                "ValueError: GGUF model with architecture qwen3moe is not supported yet.",
            ),
        ]
    ),
)

case(
    "bitsandbytes-load-format-needs-vllm-0.5.2",
    "0.5.2",
    "0.5.2 sglang/srt/layers/quantization/__init__.py:130-135 (`{quantization} quantization requires some operators from vllm ...`), reached from model_loader/loader.py:1268 (BitsAndBytesModelLoader.load_model -> _initialize_model:216) and weight_utils.py:140",
    "config_error",
    "`--load-format bitsandbytes` on unsloth's bnb-4bit checkpoint in an image without vllm: the bitsandbytes config class is vllm's",
    "\n".join(
        [
            f"{stamp(D52, 0)} server_args=ServerArgs(model_path='unsloth/Meta-Llama-3.1-8B-Instruct-bnb-4bit', tokenizer_path='unsloth/Meta-Llama-3.1-8B-Instruct-bnb-4bit', tokenizer_mode='auto', load_format='bitsandbytes', dtype='auto', quantization='bitsandbytes', tp_size=1, port=30000, ...)",
            f"{stamp(D52, 4, 'TP0')} Init torch distributed begin.",
            f"{stamp(D52, 4, 'TP0')} Init torch distributed ends. mem usage=0.00 GB",
            f"{stamp(D52, 5, 'TP0')} Load weight begin. avail mem=78.68 GB",
            sched_fail(
                D52,
                5,
                "TP0",
                tb(
                    LOAD52
                    + (
                        (f"{S52}/model_loader/loader.py", 1268, "load_model", "model = _initialize_model("),
                        (
                            f"{S52}/model_loader/loader.py",
                            216,
                            "_initialize_model",
                            "quant_config = _get_quantization_config(",
                        ),
                        (
                            f"{S52}/model_loader/loader.py",
                            160,
                            "_get_quantization_config",
                            "quant_config = get_quant_config(",
                        ),
                        (
                            f"{S52}/model_loader/weight_utils.py",
                            140,
                            "get_quant_config",
                            "quant_cls = get_quantization_config(model_config.quantization)",
                        ),
                        (f"{S52}/layers/quantization/__init__.py", 131, "get_quantization_config", "raise ValueError("),
                    ),
                    "ValueError: bitsandbytes quantization requires some operators from vllm. Please install vllm by `pip install vllm==0.9.0.1`\n"
                    "Import error: No module named 'vllm'",
                ),
            ),
            sigquit(D52, 5),
        ]
    ),
)

case(
    "pt-bin-shard-truncated-zip-central-directory-0.4.10",
    "0.4.10.post2",
    "0.4.10.post2 sglang/srt/model_loader/weight_utils.py:541 (pt_weights_iterator: torch.load(bin_file, weights_only=True)); torch serialization.py _open_zipfile_reader (`PytorchStreamReader failed reading zip archive: failed finding central directory`)",
    "config_error",
    "a *.bin-only checkpoint (the pt iterator) whose second shard was cut short by a failed copy: torch cannot find the zip's central directory",
    "\n".join(
        [
            f"{stamp(D410, 0)} server_args=ServerArgs(model_path='/data/models/vicuna-13b-v1.5', tokenizer_path='/data/models/vicuna-13b-v1.5', tokenizer_mode='auto', load_format='auto', dtype='auto', tp_size=1, port=30000, ...)",
            f"{stamp(D410, 5, 'TP0')} Load weight begin. avail mem=78.68 GB",
            "Loading pt checkpoint shards:   0% Completed | 0/3 [00:00<?, ?it/s]",
            "Loading pt checkpoint shards:  33% Completed | 1/3 [00:09<00:18,  9.21s/it]",
            sched_fail(
                D410,
                15,
                "TP0",
                tb(
                    WEIGHTS410[:10]
                    + (
                        (f"{S410}/models/llama.py", 585, "load_weights", "for name, loaded_weight in weights:"),
                        (
                            f"{S410}/model_loader/loader.py",
                            410,
                            "_get_all_weights",
                            "yield from self._get_weights_iterator(primary_weights)",
                        ),
                        (
                            f"{S410}/model_loader/loader.py",
                            401,
                            "<genexpr>",
                            "return ((source.prefix + name, tensor) for (name, tensor) in weights_iterator)",
                        ),
                        (
                            f"{S410}/model_loader/weight_utils.py",
                            541,
                            "pt_weights_iterator",
                            'state = torch.load(bin_file, map_location="cpu", weights_only=True)',
                        ),
                        (
                            f"{P10}/torch/serialization.py",
                            1471,
                            "load",
                            "with _open_zipfile_reader(opened_file) as opened_zipfile:",
                        ),
                        (
                            f"{P10}/torch/serialization.py",
                            759,
                            "__init__",
                            "super().__init__(torch._C.PyTorchFileReader(name_or_buffer))",
                        ),
                    ),
                    "RuntimeError: PytorchStreamReader failed reading zip archive: failed finding central directory",
                ),
            ),
            sigquit(D410, 15),
        ]
    ),
)


# ------------------------------------------------------------------------------------------------------ the run
XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_hub_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5

"""SGLang 0.4.0-0.5.10.post1 serving NON-GENERATIVE models, as it shows in the log (a helper, blind).

Scope: embedding models (`--is-embedding`: bge / e5 / gte, XLM-RoBERTa, Qwen3-Embedding), reward and sequence-
classification models (Skywork-Reward on Gemma-2 / Qwen3, LlamaForSequenceClassification), multimodal embedding (GME on
Qwen2-VL). Config: an architecture not registered in that release (BertModel in 0.4.3, XLMRobertaModel in 0.4.0),
`--is-embedding` missing for an encoder (0.4.6: BertModel's bare `assert get_embedding == True` hit in CUDA-graph capture),
a reward head with no SGLang implementation (0.4.10's Transformers fallback: `embedding is not supported yet` at the
warmup `/encode`), Qwen3-Embedding's prefix-less checkpoint under 0.4.6 (sglang#6917's KeyError), `--context-length`
above an encoder's 512 positions (0.5.6's ValueError), a custom encoder (`NewModel`) the Transformers backend cannot run,
vLLM's `--task embed` flag. Memory: a 7B embedding model that does not fit (weights), a reward model / encoder with no
room left for the KV pool, huge `/v1/embeddings` and image batches at runtime, CUDA-graph capture OOM for an embedding
checkpoint served without `--is-embedding` (captured as a generative model). CUDA: a device-side assert from position
ids past an encoder's table (an overridden context length; XLM-R's 8194 positions offset by padding_idx). NCCL for a TP 2
reward model, a port taken by a sibling instance. Five healthy contrasts: an encoder start-up with no CUDA graph at all
and `Downcasting`, a generative server refusing `/v1/embeddings` (400s), a request TypeError logged by uvicorn
(`Exception in ASGI application`, langgenius/dify-official-plugins#934), the context-length override warning that
names "CUDA errors", 0.5.10's rerank handler warning at start-up under `--skip-tokenizer-init`.

Sources: each message is read in the named release's wheel (`pip download --no-deps sglang==V`; file:line under
sglang/srt/ of that release: log lines, raises, call paths) or in the library that prints it (torch's OOM and
device-side-assert texts, uvicorn's bind and ASGI errors, argparse, NCCL's ncclSystemError text) or the public thread
cited; format fields filled with plausible values. torch / transformers / uvicorn frame line numbers are approximate.
Labels by /work/shared/corpus/README.md, decided before the classifier ran. Policy for this scope: an encoder or reward
model that SGLang cannot run as asked (architecture not registered, registered but not as an embedding model, a flag
missing or wrong, a checkpoint layout the release cannot load) is `config_error`, whatever exception type carries it
(a bare AssertionError in a model's forward, a KeyError in load_weights), even when it surfaces inside CUDA-graph capture
or the warmup request; an OOM goes by its phase (weights / KV pool / graph capture / serving) as for generative models;
a CUDA device-side assert while serving is `cuda_error_other` even when a forced context length caused it (the log shows
a CUDA fault, and what the supervisor can do is not a memory change); a refused request, a warning, or a request's
traceback logged by uvicorn while the server goes on is `healthy`.

First sight: 26/26 (no misses; XFAIL is empty). Healthy contrasts: 5/5 end `healthy` and fire no failure event line by
line (EVENT_XFAIL is empty). Four config_error cases were labelled by the classifier's generic `unnamed.exception` rule
(BertModel's bare AssertionError in capture, the Transformers-fallback `embedding is not supported yet` at warmup, the
Qwen3-Embedding KeyError in load_weights, `NewModel has no SGlang implementation`): right label, weak evidence.
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
PY310 = "/usr/local/lib/python3.10/dist-packages"  # the 0.4.x images
PY312 = "/usr/local/lib/python3.12/dist-packages"  # the 0.5.x images


def tb(site: str, *stack: tuple[str, int, str, str]) -> str:
    """Python's frames. A path is under `{site}/sglang/srt/` unless it starts with `/` or `<` (absolute) or `+`
    (another package in the same site-packages: `+torch/...`)."""
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


def sargs(second: int, model: str, **kw: object) -> str:
    fields = {"model_path": model, "tokenizer_path": model, "tokenizer_mode": "auto", **kw}
    body = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    return f"{ts(second)} server_args=ServerArgs({body}, log_level='info', ...)"


def sigquit(second: int) -> str:
    return f"{ts(second)} Received sigquit from a child process. It usually means the child failed."


def uvicorn_up(second: int, port: int = 30000, pid: int = 4242, host: str = "0.0.0.0") -> list[str]:
    return [
        f"{ts(second)} INFO:     Started server process [{pid}]",
        f"{ts(second)} INFO:     Waiting for application startup.",
        f"{ts(second)} INFO:     Application startup complete.",
        f"{ts(second)} INFO:     Uvicorn running on http://{host}:{port} (Press CTRL+C to quit)",
    ]


def ready(second: int, port: int = 30000, pid: int = 4242) -> list[str]:
    return uvicorn_up(second, port, pid) + [
        f'{ts(second + 1)} INFO:     127.0.0.1:46704 - "GET /get_model_info HTTP/1.1" 200 OK',
        f'{ts(second + 2)} INFO:     127.0.0.1:46712 - "POST /encode HTTP/1.1" 200 OK',
        f"{ts(second + 2)} The server is fired up and ready to roll!",
    ]


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


def hit(second: int, site: str, stack: tuple, error: str, rank: str | None = None) -> str:
    return f"{ts(second, rank)} Scheduler hit an exception: {TB}\n{tb(site, *stack)}\n{error}\n"


def torch_oom(alloc: str, total: str, free: str, used: str, by_torch: str, reserved: str, gpu: int = 0) -> str:
    return (
        f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {alloc}. GPU {gpu} has a total capacity of "
        f"{total} of which {free} is free. Including non-PyTorch memory, this process has {used} memory in use. Of "
        f"the allocated memory {by_torch} is allocated by PyTorch, and {reserved} is reserved by PyTorch but "
        "unallocated. If reserved but unallocated memory is large try setting "
        "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory "
        "Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
    )


DSA = (
    "RuntimeError: CUDA error: device-side assert triggered\n"
    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n"
)


def index_asserts(n: int, block: int) -> list[str]:
    """torch's embedding lookup past the table: one line per failing thread (a paste keeps a few)."""
    return [
        f"/pytorch/aten/src/ATen/native/cuda/Indexing.cu:1422: indexSelectLargeIndex: block: [{block},0,0], "
        f"thread: [{t},0,0] Assertion `srcIndex < srcSelectDimSize` failed."
        for t in range(64, 64 + n)
    ]


# -- 0.4.0 (scheduler.py / model_runner.py / model_loader of that wheel)
S040 = (
    (
        "managers/scheduler.py",
        1489,
        "run_scheduler_process",
        "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, dp_rank)",
    ),
    ("managers/scheduler.py", 194, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker.py", 62, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 152, "__init__", "self.load_model()"),
    ("model_executor/model_runner.py", 246, "load_model", "self.model = get_model("),
    ("model_loader/__init__.py", 22, "get_model", "return loader.load_model("),
    ("model_loader/loader.py", 357, "load_model", "model = _initialize_model("),
    ("model_loader/loader.py", 136, "_initialize_model", "model_class, _ = get_model_architecture(model_config)"),
    ("model_loader/utils.py", 37, "get_model_architecture", "return ModelRegistry.resolve_model_cls(architectures)"),
    ("models/registry.py", 65, "resolve_model_cls", "return self._raise_for_unsupported(architectures)"),
    ("models/registry.py", 32, "_raise_for_unsupported", "raise ValueError("),
)
ARCHS_040 = "['BaichuanForCausalLM', 'ChatGLMModel', 'CohereForCausalLM', 'DbrxForCausalLM', 'DeepseekForCausalLM', 'DeepseekV2ForCausalLM', 'ExaoneForCausalLM', 'GemmaForCausalLM', 'Gemma2ForCausalLM', 'Gemma2ForSequenceClassification', 'GPT2LMHeadModel', 'GPTBigCodeForCausalLM', 'Grok1ForCausalLM', 'Grok1ModelForCausalLM', 'InternLM2ForCausalLM', 'InternLM2ForRewardModel', 'LlamaForCausalLM', 'Phi3ForCausalLM', 'LlamaForClassification', 'LlamaEmbeddingModel', 'MistralModel', 'LlamaForSequenceClassification', 'LlamaForSequenceClassificationWithNormal_Weights', 'LlavaLlamaForCausalLM', 'LlavaQwenForCausalLM', 'LlavaMistralForCausalLM', 'LlavaVidForCausalLM', 'MiniCPMForCausalLM', 'MiniCPM3ForCausalLM', 'MistralForCausalLM', 'MixtralForCausalLM', 'QuantMixtralForCausalLM', 'MllamaForConditionalGeneration', 'OlmoForCausalLM', 'Olmo2ForCausalLM', 'OlmoeForCausalLM', 'Phi3SmallForCausalLM', 'QWenLMHeadModel', 'Qwen2ForCausalLM', 'Qwen2MoeForCausalLM', 'Qwen2VLForConditionalGeneration', 'StableLmForCausalLM', 'TorchNativeLlamaForCausalLM', 'TorchNativePhi3ForCausalLM', 'XverseForCausalLM', 'XverseMoeForCausalLM', 'YiVLForCausalLM']"

# -- 0.4.3.post4
S043_LOAD = (
    (
        "managers/scheduler.py",
        2255,
        "run_scheduler_process",
        "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, dp_rank)",
    ),
    ("managers/scheduler.py", 216, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker.py", 74, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 169, "__init__", "self.load_model()"),
    ("model_executor/model_runner.py", 351, "load_model", "self.model = get_model("),
    ("model_loader/__init__.py", 22, "get_model", "return loader.load_model("),
    ("model_loader/loader.py", 357, "load_model", "model = _initialize_model("),
)
ARCHS_043 = "['BaichuanForCausalLM', 'ChatGLMModel', 'CohereForCausalLM', 'Cohere2ForCausalLM', 'DbrxForCausalLM', 'DeepseekForCausalLM', 'DeepseekV3ForCausalLMNextN', 'DeepseekV2ForCausalLM', 'DeepseekV3ForCausalLM', 'ExaoneForCausalLM', 'GemmaForCausalLM', 'Gemma2ForCausalLM', 'Gemma2ForSequenceClassification', 'GPT2LMHeadModel', 'GPTBigCodeForCausalLM', 'GraniteForCausalLM', 'Grok1ForCausalLM', 'Grok1ModelForCausalLM', 'InternLM2ForCausalLM', 'InternLM2ForRewardModel', 'LlamaForCausalLM', 'Phi3ForCausalLM', 'InternLM3ForCausalLM', 'LlamaForClassification', 'LlamaForCausalLMEagle', 'LlamaEmbeddingModel', 'MistralModel', 'LlamaForSequenceClassification', 'LlamaForSequenceClassificationWithNormal_Weights', 'LlavaLlamaForCausalLM', 'LlavaQwenForCausalLM', 'LlavaMistralForCausalLM', 'LlavaVidForCausalLM', 'MiniCPMForCausalLM', 'MiniCPM3ForCausalLM', 'MiniCPMV', 'MistralForCausalLM', 'MixtralForCausalLM', 'QuantMixtralForCausalLM', 'MllamaForConditionalGeneration', 'OlmoForCausalLM', 'Olmo2ForCausalLM', 'OlmoeForCausalLM', 'Phi3SmallForCausalLM', 'QWenLMHeadModel', 'Qwen2ForCausalLM', 'Qwen2_5_VLForConditionalGeneration', 'Qwen2ForCausalLMEagle', 'Qwen2MoeForCausalLM', 'Qwen2ForRewardModel', 'Qwen2VLForConditionalGeneration', 'StableLmForCausalLM', 'TorchNativeLlamaForCausalLM', 'TorchNativePhi3ForCausalLM', 'XverseForCausalLM', 'XverseMoeForCausalLM', 'YiVLForCausalLM']"

# -- 0.4.6.post5 (an embedding model gets TpModelWorker directly: overlap is off for it; a generative one the overlap client)
S046 = (("managers/scheduler.py", 2297, "run_scheduler_process", "scheduler = Scheduler("),)
S046_EMB_INIT = S046 + (
    ("managers/scheduler.py", 277, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker.py", 78, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 231, "__init__", "self.initialize(min_per_gpu_memory)"),
)
S046_GEN_INIT = S046 + (
    ("managers/scheduler.py", 277, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 64, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 78, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 231, "__init__", "self.initialize(min_per_gpu_memory)"),
)
S046_LOAD = S046_EMB_INIT + (
    ("model_executor/model_runner.py", 271, "initialize", "self.load_model()"),
    ("model_executor/model_runner.py", 534, "load_model", "self.model = get_model("),
    ("model_loader/__init__.py", 22, "get_model", "return loader.load_model("),
)
S046_LOOP = S046 + (
    ("managers/scheduler.py", 2313, "run_scheduler_process", "scheduler.event_loop_normal()"),
    ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
    ("managers/scheduler.py", 646, "event_loop_normal", "result = self.run_batch(batch)"),
    (
        "managers/scheduler.py",
        1610,
        "run_batch",
        "embeddings = self.tp_worker.forward_batch_embedding(model_worker_batch)",
    ),
    (
        "managers/tp_worker.py",
        225,
        "forward_batch_embedding",
        "logits_output, _ = self.model_runner.forward(forward_batch)",
    ),
    ("model_executor/model_runner.py", 1172, "forward", "output = self._forward_raw("),
    ("model_executor/model_runner.py", 1201, "_forward_raw", "ret = self.forward_extend("),
    ("model_executor/model_runner.py", 1140, "forward_extend", "return self.model.forward("),
)

# -- 0.4.10
S0410 = (("managers/scheduler.py", 2402, "run_scheduler_process", "scheduler = Scheduler("),)
S0410_INIT = S0410 + (
    ("managers/scheduler.py", 312, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker.py", 84, "__init__", "self.model_runner = ModelRunner("),
)
S0410_LOOP = (
    ("managers/scheduler.py", 2420, "run_scheduler_process", "scheduler.event_loop_normal()"),
    ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
)
S0410_FWD = S0410_LOOP + (
    ("managers/scheduler.py", 736, "event_loop_normal", "result = self.run_batch(batch)"),
    (
        "managers/scheduler.py",
        1723,
        "run_batch",
        "embeddings = self.tp_worker.forward_batch_embedding(model_worker_batch)",
    ),
    (
        "managers/tp_worker.py",
        261,
        "forward_batch_embedding",
        "logits_output, _ = self.model_runner.forward(forward_batch)",
    ),
    ("model_executor/model_runner.py", 1613, "forward", "output = self._forward_raw("),
    ("model_executor/model_runner.py", 1658, "_forward_raw", "ret = self.forward_extend("),
    ("model_executor/model_runner.py", 1558, "forward_extend", "return self.model.forward("),
)

# -- 0.5.2 (a generative model: the overlap worker client)
S052_GRAPH = (
    ("managers/scheduler.py", 2587, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 329, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 71, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 93, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 250, "__init__", "self.initialize(min_per_gpu_memory)"),
    ("model_executor/model_runner.py", 386, "initialize", "self.init_device_graphs()"),
    (
        "model_executor/model_runner.py",
        1761,
        "init_device_graphs",
        "self.graph_runner = graph_runners[self.device](self)",
    ),
    ("model_executor/cuda_graph_runner.py", 391, "__init__", "raise Exception("),
)

# -- 0.5.6
S056_LOOP = (
    ("managers/scheduler.py", 2679, "run_scheduler_process", "scheduler.event_loop_normal()"),
    ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
)

# -- 0.5.10.post1
S0510 = (("managers/scheduler.py", 3600, "run_scheduler_process", "scheduler = Scheduler("),)
S0510_INIT = S0510 + (
    ("managers/scheduler.py", 385, "__init__", "self.init_model_worker()"),
    ("managers/scheduler.py", 632, "init_model_worker", "self.init_tp_model_worker()"),
    ("managers/scheduler.py", 600, "init_tp_model_worker", "self.tp_worker = TpModelWorker(**worker_kwargs)"),
    ("managers/tp_worker.py", 261, "__init__", "self._init_model_runner()"),
    ("managers/tp_worker.py", 344, "_init_model_runner", "self._model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 427, "__init__", "self.initialize(pre_model_load_memory)"),
)
S0510_FWD = (
    ("managers/scheduler.py", 3616, "run_scheduler_process", "scheduler.run_event_loop()"),
    ("managers/scheduler.py", 1299, "run_event_loop", "dispatch_event_loop(self)"),
    ("managers/scheduler.py", 3498, "dispatch_event_loop", "scheduler.event_loop_overlap()"),
    ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
    ("managers/scheduler.py", 1361, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
    ("managers/scheduler.py", 2758, "run_batch", "embeddings = self.tp_worker.forward_batch_embedding("),
    (
        "managers/tp_worker.py",
        213,
        "forward_batch_embedding",
        "logits_output = self.model_runner.forward(forward_batch).logits_output",
    ),
    ("model_executor/model_runner.py", 2739, "forward", "output = self._forward_raw("),
    ("model_executor/model_runner.py", 2849, "_forward_raw", "ret, can_run_graph = self.forward_extend("),
    ("model_executor/model_runner.py", 2676, "forward_extend", "self.model.forward("),
    ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
)


# ==================================================================================================== config_error
case(
    "arch_bert_not_registered_043",
    "0.4.3.post4",
    "models/registry.py:32 (_raise_for_unsupported; 0.4.3.post4's models/ has no bert.py, BertModel came in 0.4.5/0.4.6); scheduler.py:205, loader.py:136",
    "config_error",
    "bge-base (BertModel) on a release with no BERT in its registry: upgrade, no memory or retry helps",
    join(
        sargs(0, "BAAI/bge-base-en-v1.5", is_embedding=True, mem_fraction_static=0.88, tp_size=1, port=30000),
        f"{ts(4)} Downcasting torch.float32 to torch.float16.",
        f"{ts(9)} Downcasting torch.float32 to torch.float16.",
        f"{ts(9)} Overlap scheduler is disabled for embedding models.",
        f"{ts(9)} Downcasting torch.float32 to torch.float16.",
        f"{ts(9)} Init torch distributed begin.",
        f"{ts(10)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(10)} Load weight begin. avail mem=78.81 GB",
        hit(
            10,
            PY310,
            S043_LOAD
            + (
                (
                    "model_loader/loader.py",
                    136,
                    "_initialize_model",
                    "model_class, _ = get_model_architecture(model_config)",
                ),
                (
                    "model_loader/utils.py",
                    37,
                    "get_model_architecture",
                    "return ModelRegistry.resolve_model_cls(architectures)",
                ),
                ("models/registry.py", 65, "resolve_model_cls", "return self._raise_for_unsupported(architectures)"),
                ("models/registry.py", 32, "_raise_for_unsupported", "raise ValueError("),
            ),
            f"ValueError: Model architectures ['BertModel'] are not supported for now. Supported architectures: dict_keys({ARCHS_043})",
        ),
        sigquit(10),
    ),
)

case(
    "arch_xlmroberta_not_registered_040",
    "0.4.0",
    "models/registry.py:32; scheduler.py:1499 (Scheduler hit an exception, then SIGQUIT to the parent: 0.4.0 prints nothing more)",
    "config_error",
    "bge-m3 (XLMRobertaModel) on 0.4.0, whose registry has no encoder at all: an unsupported architecture",
    join(
        f"{ts(0)} server_args=ServerArgs(model_path='BAAI/bge-m3', tokenizer_path='BAAI/bge-m3', tokenizer_mode='auto', is_embedding=True, dtype='auto', mem_fraction_static=0.88, tp_size=1, port=30000, ...)",
        f"{ts(6)} Overlap scheduler is disabled for embedding models.",
        f"{ts(6)} Init torch distributed begin.",
        f"{ts(7)} Load weight begin. avail mem=23.16 GB",
        hit(
            7,
            PY310,
            S040,
            f"ValueError: Model architectures ['XLMRobertaModel'] are not supported for now. Supported architectures: dict_keys({ARCHS_040})",
        ),
    ),
)

case(
    "bert_without_is_embedding_capture_assert_046",
    "0.4.6.post5",
    "models/bert.py:349 (`assert get_embedding == True`, no message); configs/model_config.py:514-531 (BertModel not in 0.4.6's non-generative list, so no --is-embedding = generative = CUDA graphs); cuda_graph_runner.py:307/497",
    "config_error",
    "an encoder launched without --is-embedding is captured as a decoder and trips the model's bare assert: add the flag; not a CUDA or memory fault",
    join(
        sargs(
            0,
            "BAAI/bge-large-en-v1.5",
            is_embedding=False,
            mem_fraction_static=0.88,
            tp_size=1,
            port=30000,
            disable_cuda_graph=False,
        ),
        f"{ts(5)} Downcasting torch.float32 to torch.float16.",
        f"{ts(10)} Downcasting torch.float32 to torch.float16.",
        f"{ts(10)} Init torch distributed begin.",
        f"{ts(11)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(11)} Load weight begin. avail mem=78.81 GB",
        "Loading pt checkpoint shards:   0% Completed | 0/1 [00:00<?, ?it/s]",
        "Loading pt checkpoint shards: 100% Completed | 1/1 [00:00<00:00,  1.41it/s]",
        "",
        f"{ts(12)} Load weight end. type=BertModel, dtype=torch.float16, avail mem=78.13 GB, mem usage=0.68 GB.",
        f"{ts(12)} KV Cache is allocated. #tokens: 5695680, K size: 32.59 GB, V size: 32.59 GB",
        f"{ts(12)} Memory pool end. avail mem=12.33 GB",
        f"{ts(13)} Capture cuda graph begin. This can take up to several minutes. avail mem=11.71 GB",
        "Capturing batches (avail_mem=11.71 GB):   0%|          | 0/35 [00:00<?, ?it/s]",
        hit(
            13,
            PY310,
            S046_GEN_INIT
            + (
                ("model_executor/model_runner.py", 305, "initialize", "self.init_cuda_graphs()"),
                (
                    "model_executor/model_runner.py",
                    1098,
                    "init_cuda_graphs",
                    "self.cuda_graph_runner = CudaGraphRunner(self)",
                ),
                ("model_executor/cuda_graph_runner.py", 307, "__init__", "self.capture()"),
                ("model_executor/cuda_graph_runner.py", 386, "capture", ") = self.capture_one_batch_size(bs, forward)"),
                ("model_executor/cuda_graph_runner.py", 509, "capture_one_batch_size", "run_once()"),
                (
                    "model_executor/cuda_graph_runner.py",
                    497,
                    "run_once",
                    "logits_output_or_pp_proxy_tensors = forward(",
                ),
                ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
                ("models/bert.py", 349, "forward", "assert get_embedding == True"),
            ),
            "AssertionError",
        ),
        sigquit(13),
    ),
)

case(
    "reward_qwen3_seqcls_transformers_fallback_0410",
    "0.4.10",
    "sglang#8256 (AssertionError: embedding is not supported yet, Skywork-Reward-V2 with --is-embedding on >=0.4.7.post1); models/transformers.py:263; model_loader/utils.py:72 (fallback warning); Qwen3ForSequenceClassification has no 0.4.10 model file (qwen3_classification.py arrives in 0.5.x)",
    "config_error",
    "a reward head with no SGLang implementation falls back to the Transformers backend, which cannot embed: the warmup /encode kills it; upgrade / another model, not a retry",
    join(
        sargs(
            0,
            "Skywork/Skywork-Reward-V2-Qwen3-8B",
            is_embedding=True,
            mem_fraction_static=0.9,
            context_length=16384,
            tp_size=1,
            port=8003,
        ),
        f"{ts(7)} Overlap scheduler is disabled for embedding models.",
        f"{ts(7)} Init torch distributed begin.",
        f"{ts(8)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(8)} Load weight begin. avail mem=78.50 GB",
        f"{ts(8)} Qwen3ForSequenceClassification has no SGLang implementation, falling back to Transformers implementation. Some features may not be supported and performance may not be optimal.",
        "Loading safetensors checkpoint shards:   0% Completed | 0/4 [00:00<?, ?it/s]",
        "Loading safetensors checkpoint shards: 100% Completed | 4/4 [00:04<00:00,  1.02s/it]",
        "",
        f"{ts(13)} Load weight end. type=TransformersForCausalLM, dtype=torch.bfloat16, avail mem=63.18 GB, mem usage=15.32 GB.",
        f"{ts(13)} KV Cache is allocated. #tokens: 390340, K size: 26.80 GB, V size: 26.80 GB",
        f"{ts(13)} Memory pool end. avail mem=7.89 GB",
        f"{ts(14)} max_total_num_tokens=390340, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=16384, available_gpu_mem=7.89 GB",
        uvicorn_up(14, port=8003, host="127.0.0.1"),
        f'{ts(15)} INFO:     127.0.0.1:51112 - "GET /get_model_info HTTP/1.1" 200 OK',
        f"{ts(15)} Prefill batch. #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        hit(
            15,
            PY310,
            S0410_FWD
            + (
                ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
                (
                    "models/transformers.py",
                    263,
                    "forward",
                    'assert get_embedding is False, "embedding is not supported yet"',
                ),
            ),
            "AssertionError: embedding is not supported yet",
        ),
        sigquit(15),
    ),
)

case(
    "qwen3_embedding_keyerror_046",
    "0.4.6.post5",
    "sglang#6917 (KeyError: 'layers.22.mlp.gate_up_proj.weight', Qwen3-Embedding-8B --is-embedding, sglang 0.4.6.post5); models/qwen3.py:344 (param = params_dict[name]); loader.py:381/389",
    "config_error",
    "Qwen3-Embedding's checkpoint has no `model.` prefix, which 0.4.6's Qwen3ForCausalLM.load_weights cannot map: a checkpoint layout this release does not support (upgrade)",
    join(
        sargs(
            0,
            "Qwen/Qwen3-Embedding-8B",
            is_embedding=True,
            dtype="bfloat16",
            trust_remote_code=True,
            tp_size=1,
            port=30000,
        ),
        f"{ts(8)} Overlap scheduler is disabled for embedding models.",
        f"{ts(8)} Init torch distributed begin.",
        f"{ts(9)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(9)} Load weight begin. avail mem=78.50 GB",
        "Loading safetensors checkpoint shards:   0% Completed | 0/4 [00:00<?, ?it/s]",
        "Loading safetensors checkpoint shards:  25% Completed | 1/4 [00:01<00:03,  1.12s/it]",
        hit(
            11,
            PY310,
            S046_LOAD
            + (
                ("model_loader/loader.py", 381, "load_model", "self.load_weights_and_postprocess("),
                ("model_loader/loader.py", 389, "load_weights_and_postprocess", "model.load_weights(weights)"),
                ("models/qwen3.py", 344, "load_weights", "param = params_dict[name]"),
            ),
            "KeyError: 'layers.22.mlp.gate_up_proj.weight'",
        ),
        sigquit(11),
    ),
)

case(
    "context_length_over_encoder_positions_056",
    "0.5.6",
    "configs/model_config.py:294-310 (_derive_context_length raises unless SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN); tokenizer_manager.py:198; engine.py:903/768; http_server.py:1386; launch_server.py:20",
    "config_error",
    "--context-length 8192 for a BERT with 512 positions: refused at argument time in the main process; drop the flag",
    join(
        sargs(0, "BAAI/bge-large-en-v1.5", is_embedding=True, context_length=8192, tp_size=1, port=30000),
        TB,
        tb(
            PY312,
            ("<frozen runpy>", 198, "_run_module_as_main", ""),
            ("<frozen runpy>", 88, "_run_code", ""),
            (f"{PY312}/sglang/launch_server.py", 27, "<module>", "run_server(server_args)"),
            (f"{PY312}/sglang/launch_server.py", 20, "run_server", "launch_server(server_args)"),
            ("entrypoints/http_server.py", 1386, "launch_server", "_launch_subprocesses(server_args=server_args)"),
            (
                "entrypoints/engine.py",
                903,
                "_launch_subprocesses",
                "tokenizer_manager, template_manager = _init_tokenizer_manager(",
            ),
            (
                "entrypoints/engine.py",
                769,
                "_init_tokenizer_manager",
                "tokenizer_manager = TokenizerManagerClass(server_args, port_args)",
            ),
            (
                "managers/tokenizer_manager.py",
                198,
                "__init__",
                "self.model_config = ModelConfig.from_server_args(server_args)",
            ),
            ("configs/model_config.py", 232, "from_server_args", "return ModelConfig("),
            ("configs/model_config.py", 200, "__init__", "self._derive_context_length(context_length)"),
            ("configs/model_config.py", 309, "_derive_context_length", "raise ValueError("),
        ),
        "ValueError: Warning: User-specified context_length (8192) is greater than the derived context_length (512). This may lead to incorrect model outputs or CUDA errors. Note that the derived context_length may differ from max_position_embeddings in the model's config. To allow overriding this maximum, set the env var SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN=1",
    ),
)

case(
    "custom_encoder_newmodel_not_compatible_0510",
    "0.5.10.post1",
    "model_loader/utils.py:180 (resolve_transformers_arch: no SGLang class, the remote AutoModel lacks the attention-backend interface); utils.py:220; loader.py:263/683; model_runner.py:1159",
    "config_error",
    "gte-multilingual's custom `NewModel` (trust_remote_code) has neither an SGLang implementation nor a usable Transformers one: unsupported architecture",
    join(
        sargs(0, "Alibaba-NLP/gte-multilingual-base", is_embedding=True, trust_remote_code=True, tp_size=1, port=30000),
        f"{ts(6)} Init torch distributed begin.",
        f"{ts(7)} Init torch distributed ends. elapsed=0.38 s, mem usage=0.00 GB",
        f"{ts(7)} Load weight begin. avail mem=139.23 GB",
        hit(
            8,
            PY312,
            S0510_INIT
            + (
                ("model_executor/model_runner.py", 507, "initialize", "self.load_model()"),
                ("model_executor/model_runner.py", 1159, "load_model", "self.model = self.loader.load_model("),
                ("model_loader/loader.py", 683, "load_model", "model = _initialize_model("),
                (
                    "model_loader/loader.py",
                    263,
                    "_initialize_model",
                    "model_class, _ = get_model_architecture(model_config)",
                ),
                (
                    "model_loader/utils.py",
                    220,
                    "get_model_architecture",
                    "architectures = resolve_transformers_arch(model_config, architectures)",
                ),
                ("model_loader/utils.py", 180, "resolve_transformers_arch", "raise ValueError("),
            ),
            "ValueError: NewModel has no SGlang implementation and the Transformers implementation is not compatible with SGLang.",
        ),
        sigquit(8),
    ),
)

case(
    "vllm_task_flag_unrecognized_052",
    "0.5.2",
    "server_args.py prepare_server_args (argparse; 0.5.2 has no --task: grep of the wheel); argparse's own `error: unrecognized arguments`",
    "config_error",
    "vLLM's `--task embed` handed to sglang.launch_server: argparse refuses it, exit 2",
    join(
        "usage: launch_server.py [-h] --model-path MODEL_PATH",
        "                        [--tokenizer-path TOKENIZER_PATH]",
        "                        [--tokenizer-mode {auto,slow}]",
        "                        [--skip-tokenizer-init] [--load-format {auto,pt,safetensors,npcache,dummy,sharded_state,gguf,bitsandbytes,layered,remote}]",
        "                        [--is-embedding] [--enable-multimodal] [--revision REVISION]",
        "                        ...",
        "launch_server.py: error: unrecognized arguments: --task embed",
    ),
)

case(
    "transformers_too_old_for_qwen3_embedding_043",
    "0.4.3.post4",
    "hf_transformers_utils.py:66 (get_config -> AutoConfig.from_pretrained), configs/model_config.py:59, tokenizer_manager.py:155, engine.py:497, http_server.py:619; transformers 4.48's configuration_auto.py `does not recognize this architecture` text",
    "config_error",
    "Qwen3-Embedding on an image whose transformers predates `qwen3`: the main process cannot even read the config; upgrade (a version problem at the Python level)",
    join(
        sargs(0, "Qwen/Qwen3-Embedding-0.6B", is_embedding=True, tp_size=1, port=30000),
        TB,
        tb(
            PY310,
            (
                "+transformers/models/auto/configuration_auto.py",
                1071,
                "from_pretrained",
                'config_class = CONFIG_MAPPING[config_dict["model_type"]]',
            ),
            ("+transformers/models/auto/configuration_auto.py", 773, "__getitem__", "raise KeyError(key)"),
        ),
        "KeyError: 'qwen3'",
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        TB,
        tb(
            PY310,
            ("/usr/lib/python3.10/runpy.py", 196, "_run_module_as_main", "return _run_code(code, main_globals, None,"),
            ("/usr/lib/python3.10/runpy.py", 86, "_run_code", "exec(code, run_globals)"),
            (f"{PY310}/sglang/launch_server.py", 14, "<module>", "launch_server(server_args)"),
            (
                "entrypoints/http_server.py",
                619,
                "launch_server",
                "tokenizer_manager, scheduler_info = _launch_subprocesses(server_args=server_args)",
            ),
            (
                "entrypoints/engine.py",
                497,
                "_launch_subprocesses",
                "tokenizer_manager = TokenizerManager(server_args, port_args)",
            ),
            ("managers/tokenizer_manager.py", 155, "__init__", "self.model_config = ModelConfig("),
            ("configs/model_config.py", 59, "__init__", "self.hf_config = get_config("),
            ("hf_transformers_utils.py", 66, "get_config", "config = AutoConfig.from_pretrained("),
            ("+transformers/models/auto/configuration_auto.py", 1073, "from_pretrained", "raise ValueError("),
        ),
        "ValueError: The checkpoint you are trying to load has model type `qwen3` but Transformers does not recognize this architecture. This could be because of an issue with the checkpoint, or because your version of Transformers is out of date.",
        "",
        "You can update Transformers with the command `pip install --upgrade transformers`. If this does not work, and the checkpoint is very new, then there may not be a release version that supports this model yet. In this case, you can get the most up-to-date code by installing Transformers from source with the command `pip install git+https://github.com/huggingface/transformers.git`",
    ),
)

# ==================================================================================================== memory
case(
    "weights_oom_reward_gemma27b_48gb_043",
    "0.4.3.post4",
    "loader.py:357/138 (_initialize_model), gemma2_reward.py:39, gemma2.py:266/268/206/62, utils.py:316, linear.py:507/360/154; torch's OOM text",
    "oom_weights",
    "a 27B reward model (54 GB bf16) on one 48 GB L40S runs out while its layers are allocated: it does not fit at TP 1",
    join(
        sargs(
            0,
            "Skywork/Skywork-Reward-Gemma-2-27B-v0.2",
            is_embedding=True,
            mem_fraction_static=0.88,
            tp_size=1,
            port=30000,
        ),
        f"{ts(8)} Overlap scheduler is disabled for embedding models.",
        f"{ts(8)} Init torch distributed begin.",
        f"{ts(9)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(9)} Load weight begin. avail mem=43.98 GB",
        hit(
            12,
            PY310,
            S043_LOAD
            + (
                ("model_loader/loader.py", 138, "_initialize_model", "return model_class("),
                ("models/gemma2_reward.py", 39, "__init__", "self.model = Gemma2Model("),
                ("models/gemma2.py", 266, "__init__", "self.layers = make_layers("),
                (
                    "utils.py",
                    316,
                    "make_layers",
                    "maybe_offload_to_cpu(layer_fn(idx=idx, prefix=add_prefix(idx, prefix)))",
                ),
                ("models/gemma2.py", 268, "<lambda>", "lambda idx, prefix: Gemma2DecoderLayer("),
                ("models/gemma2.py", 206, "__init__", "self.mlp = Gemma2MLP("),
                ("models/gemma2.py", 62, "__init__", "self.gate_up_proj = MergedColumnParallelLinear("),
                ("layers/linear.py", 507, "__init__", "super().__init__("),
                ("layers/linear.py", 360, "__init__", "self.quant_method.create_weights("),
                ("layers/linear.py", 154, "create_weights", "torch.empty("),
                ("+torch/utils/_device.py", 106, "__torch_function__", "return func(*args, **kwargs)"),
            ),
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 648.00 MiB. GPU 0 has a total capacity of 44.39 GiB of which 403.31 MiB is free. Including non-PyTorch memory, this process has 43.98 GiB memory in use. Of the allocated memory 43.58 GiB is allocated by PyTorch, and 1.25 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
        ),
        sigquit(12),
    ),
)

case(
    "weights_oom_e5_mistral_16gb_046",
    "0.4.6.post5",
    "loader.py:376/153 (_initialize_model), llama_embedding.py:22, llama.py:292/294/233/72, utils.py:465, linear.py:508/363/157; torch's OOM text",
    "oom_weights",
    "a 7B embedding model (14.2 GB bf16) on a 16 GB card OOMs while the layers are allocated, after `Load weight begin`: more TP / a bigger GPU",
    join(
        sargs(0, "intfloat/e5-mistral-7b-instruct", is_embedding=True, mem_fraction_static=0.88, tp_size=1, port=30000),
        f"{ts(7)} Overlap scheduler is disabled for embedding models.",
        f"{ts(7)} Init torch distributed begin.",
        f"{ts(8)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(8)} Load weight begin. avail mem=15.22 GB",
        hit(
            9,
            PY310,
            S046_LOAD
            + (
                ("model_loader/loader.py", 376, "load_model", "model = _initialize_model("),
                ("model_loader/loader.py", 153, "_initialize_model", "return model_class("),
                ("models/llama_embedding.py", 22, "__init__", "self.model = LlamaModel("),
                ("models/llama.py", 292, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
                (
                    "utils.py",
                    465,
                    "make_layers",
                    "maybe_offload_to_cpu(layer_fn(idx=idx, prefix=add_prefix(idx, prefix)))",
                ),
                ("models/llama.py", 294, "<lambda>", "lambda idx, prefix: LlamaDecoderLayer("),
                ("models/llama.py", 233, "__init__", "self.mlp = LlamaMLP("),
                ("models/llama.py", 72, "__init__", "self.gate_up_proj = MergedColumnParallelLinear("),
                ("layers/linear.py", 508, "__init__", "super().__init__("),
                ("layers/linear.py", 363, "__init__", "self.quant_method.create_weights("),
                ("layers/linear.py", 157, "create_weights", "torch.empty("),
                ("+torch/utils/_device.py", 104, "__torch_function__", "return func(*args, **kwargs)"),
            ),
            torch_oom("224.00 MiB", "15.70 GiB", "118.44 MiB", "15.57 GiB", "15.31 GiB", "16.77 MiB"),
        ),
        sigquit(9),
    ),
)

case(
    "kv_pool_reward_gemma27b_low_fraction_0410",
    "0.4.10",
    "model_executor/model_runner.py:1149 (`Not enough memory. Please try to increase --mem-fraction-static.`), 326 (init_memory_pool)",
    "oom_kv_cache",
    "a 27B reward model's weights take all of --mem-fraction-static 0.65 on an 80 GB card: nothing left for the KV pool (raise the fraction / more TP)",
    join(
        sargs(
            0,
            "Skywork/Skywork-Reward-Gemma-2-27B-v0.2",
            is_embedding=True,
            mem_fraction_static=0.65,
            tp_size=1,
            port=30000,
        ),
        f"{ts(8)} Overlap scheduler is disabled for embedding models.",
        f"{ts(8)} Init torch distributed begin.",
        f"{ts(9)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(9)} Load weight begin. avail mem=78.50 GB",
        "Loading safetensors checkpoint shards:   0% Completed | 0/12 [00:00<?, ?it/s]",
        "Loading safetensors checkpoint shards: 100% Completed | 12/12 [00:21<00:00,  1.79s/it]",
        "",
        f"{ts(31)} Load weight end. type=Gemma2ForSequenceClassification, dtype=torch.bfloat16, avail mem=27.84 GB, mem usage=50.66 GB.",
        hit(
            31,
            PY310,
            S0410_INIT
            + (
                ("model_executor/model_runner.py", 237, "__init__", "self.initialize(min_per_gpu_memory)"),
                ("model_executor/model_runner.py", 326, "initialize", "self.init_memory_pool("),
                ("model_executor/model_runner.py", 1149, "init_memory_pool", "raise RuntimeError("),
            ),
            "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static.",
        ),
        sigquit(31),
    ),
)

case(
    "kv_pool_encoder_tiny_fraction_0510",
    "0.5.10.post1",
    "model_executor/model_runner_kv_cache_mixin.py:57-60 (MemoryPoolConfig.__post_init__ adds `Current value: mem_fraction_static=`), 885, 893; model_runner.py:623",
    "oom_kv_cache",
    "bge-m3 given --mem-fraction-static 0.05 on a GPU shared with another server: the profiled pool is <= 0 tokens; raise the fraction",
    join(
        sargs(0, "BAAI/bge-m3", is_embedding=True, mem_fraction_static=0.05, tp_size=1, port=30010),
        f"{ts(5)} Downcasting torch.float32 to torch.float16.",
        f"{ts(9)} Init torch distributed begin.",
        f"{ts(10)} Init torch distributed ends. elapsed=0.41 s, mem usage=0.00 GB",
        f"{ts(10)} Load weight begin. avail mem=31.02 GB",
        "Loading pt checkpoint shards:   0% Completed | 0/1 [00:00<?, ?it/s]",
        "Loading pt checkpoint shards: 100% Completed | 1/1 [00:02<00:00,  2.26s/it]",
        "",
        f"{ts(12)} Load weight end. elapsed=2.41 s, type=XLMRobertaModel, avail mem=29.84 GB, mem usage=1.18 GB.",
        hit(
            12,
            PY312,
            S0510_INIT
            + (
                ("model_executor/model_runner.py", 623, "initialize", "self.init_memory_pool(pre_model_load_memory)"),
                (
                    "model_executor/model_runner_kv_cache_mixin.py",
                    899,
                    "init_memory_pool",
                    "self.memory_pool_config = self._resolve_memory_pool_config(",
                ),
                (
                    "model_executor/model_runner_kv_cache_mixin.py",
                    885,
                    "_resolve_memory_pool_config",
                    "return MemoryPoolConfig(",
                ),
                ("<string>", 9, "__init__", ""),
                ("model_executor/model_runner_kv_cache_mixin.py", 60, "__post_init__", "raise RuntimeError(msg)"),
            ),
            "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: mem_fraction_static=0.05",
        ),
        sigquit(12),
    ),
)

case(
    "runtime_oom_huge_embedding_batch_0510",
    "0.5.10.post1",
    "scheduler.py:1361/2758, tp_worker.py:213, model_runner.py:2739/2849/2676, qwen3.py:509, qwen2.py:363/98-99, qwen3.py:414, activation.py:76; observability/scheduler_metrics_mixin.py:389 (Prefill batch)",
    "oom_runtime",
    "the server was ready and serving; a /v1/embeddings call with 2048 long inputs OOMs in the MLP of one prefill: a serving-time OOM (lower the fraction / prefill size)",
    join(
        sargs(
            0,
            "Qwen/Qwen3-Embedding-8B",
            is_embedding=True,
            mem_fraction_static=0.9,
            max_prefill_tokens=65536,
            chunked_prefill_size=-1,
            tp_size=1,
            port=30000,
        ),
        f"{ts(6)} Init torch distributed begin.",
        f"{ts(7)} Init torch distributed ends. elapsed=0.44 s, mem usage=0.00 GB",
        f"{ts(7)} Load weight begin. avail mem=139.23 GB",
        "Loading safetensors checkpoint shards:   0% Completed | 0/4 [00:00<?, ?it/s]",
        "Loading safetensors checkpoint shards: 100% Completed | 4/4 [00:03<00:00,  1.21it/s]",
        "",
        f"{ts(11)} Load weight end. elapsed=4.02 s, type=Qwen3ForCausalLM, avail mem=124.15 GB, mem usage=15.08 GB.",
        f"{ts(11)} KV Cache is allocated. #tokens: 761102, K size: 52.26 GB, V size: 52.26 GB",
        f"{ts(11)} Memory pool end. avail mem=14.48 GB",
        f"{ts(12)} max_total_num_tokens=761102, chunked_prefill_size=-1, max_prefill_tokens=65536, max_running_requests=4096, context_len=40960, available_gpu_mem=14.48 GB",
        ready(12),
        f"{ts(40)} Prefill batch, #new-seq: 64, #new-token: 16384, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 1984, cuda graph: False, input throughput (token/s): 0.00, ",
        f"{ts(41)} Prefill batch, #new-seq: 9, #new-token: 65228, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 1975, cuda graph: False, input throughput (token/s): 15892.31, ",
        hit(
            42,
            PY312,
            S0510_FWD
            + (
                ("models/qwen3.py", 509, "forward", "hidden_states = self.model("),
                ("+torch/nn/modules/module.py", 1773, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
                ("+torch/nn/modules/module.py", 1784, "_call_impl", "return forward_call(*args, **kwargs)"),
                ("models/qwen2.py", 363, "forward", "hidden_states, residual = layer("),
                ("models/qwen3.py", 414, "forward", "hidden_states = self.mlp(hidden_states)"),
                ("models/qwen2.py", 99, "forward", "x = self.act_fn(gate_up)"),
                ("layers/utils/multi_platform.py", 73, "forward", "return self._forward_method(*args, **kwargs)"),
                (
                    "layers/activation.py",
                    76,
                    "forward_cuda",
                    "out = torch.empty(output_shape, dtype=x.dtype, device=x.device)",
                ),
            ),
            torch_oom("1.51 GiB", "139.81 GiB", "1.02 GiB", "138.77 GiB", "134.90 GiB", "2.41 GiB"),
        ),
        f"{ts(42)} SIGQUIT received. signum=None, frame=None. It usually means one child failed.",
    ),
)

case(
    "runtime_oom_gme_image_batch_0510",
    "0.5.10.post1",
    "qwen2_vl.py:558/497/404/175/119, managers/mm_utils.py:1052/822/728/639/490; GME served as Qwen2VLForConditionalGeneration with --is-embedding",
    "oom_runtime",
    "a multimodal embedding server (GME) was serving; a batch of large images OOMs in the vision tower: serving-time OOM",
    join(
        sargs(
            0,
            "Alibaba-NLP/gme-Qwen2-VL-7B-Instruct",
            is_embedding=True,
            chat_template="gme-qwen2-vl",
            mem_fraction_static=0.85,
            tp_size=1,
            port=30000,
        ),
        f"{ts(7)} Init torch distributed begin.",
        f"{ts(8)} Init torch distributed ends. elapsed=0.45 s, mem usage=0.00 GB",
        f"{ts(8)} Load weight begin. avail mem=78.50 GB",
        "Loading safetensors checkpoint shards:   0% Completed | 0/5 [00:00<?, ?it/s]",
        "Loading safetensors checkpoint shards: 100% Completed | 5/5 [00:06<00:00,  1.25s/it]",
        "",
        f"{ts(15)} Load weight end. elapsed=6.88 s, type=Qwen2VLForConditionalGeneration, avail mem=62.95 GB, mem usage=15.55 GB.",
        f"{ts(15)} KV Cache is allocated. #tokens: 807130, K size: 21.55 GB, V size: 21.55 GB",
        f"{ts(15)} Memory pool end. avail mem=19.64 GB",
        f"{ts(16)} max_total_num_tokens=807130, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=32768, available_gpu_mem=19.64 GB",
        ready(16),
        f"{ts(70)} Prefill batch, #new-seq: 32, #new-token: 104448, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 96, cuda graph: False, input throughput (token/s): 0.00, ",
        hit(
            71,
            PY312,
            S0510_FWD
            + (
                ("models/qwen2_vl.py", 558, "forward", "hidden_states = general_mm_embed_routine("),
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
                    639,
                    "_get_chunked_prefill_embedding",
                    "chunk_embedding, input_ids = _get_chunked_embedding_full(",
                ),
                (
                    "managers/mm_utils.py",
                    490,
                    "_get_chunked_embedding_full",
                    "embedding = data_embedding_func(embedding_items_per_req)",
                ),
                (
                    "models/qwen2_vl.py",
                    497,
                    "get_image_feature",
                    "image_embeds = self.visual(pixel_values, grid_thw=image_grid_thw)",
                ),
                (
                    "models/qwen2_vl.py",
                    404,
                    "forward",
                    "x = blk(x, cu_seqlens=cu_seqlens, position_embeddings=position_embeddings)",
                ),
                ("models/qwen2_vl.py", 175, "forward", "x = x + self.mlp(self.norm2(x))"),
                ("models/qwen2_vl.py", 119, "forward", "x_parallel = self.act(x_parallel)"),
            ),
            torch_oom("6.38 GiB", "79.19 GiB", "3.91 GiB", "75.27 GiB", "70.02 GiB", "3.77 GiB"),
        ),
        f"{ts(71)} SIGQUIT received. signum=None, frame=None. It usually means one child failed.",
    ),
)

case(
    "graph_oom_embedding_ckpt_without_flag_052",
    "0.5.2",
    "cuda_graph_runner.py:389-392 + 861 (CUDA_GRAPH_CAPTURE_FAILED_MSG), 497/668/657; model_runner.py:1752 (Capture cuda graph begin); qwen3.py:360, logits_processor.py:328/460",
    "oom_cuda_graph",
    "Qwen3-Embedding-8B launched WITHOUT --is-embedding is served as a generative Qwen3ForCausalLM and OOMs capturing decode graphs on a 24 GB L4; the OOM is in capture (adding --is-embedding would also skip graphs; the log's remedy is the graph's)",
    join(
        sargs(
            0,
            "Qwen/Qwen3-Embedding-8B",
            is_embedding=False,
            mem_fraction_static=0.88,
            tp_size=1,
            port=30000,
            cuda_graph_max_bs=None,
        ),
        f"{ts(7)} Init torch distributed begin.",
        f"{ts(8)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(8)} Load weight begin. avail mem=21.75 GB",
        "Loading safetensors checkpoint shards:   0% Completed | 0/4 [00:00<?, ?it/s]",
        "Loading safetensors checkpoint shards: 100% Completed | 4/4 [00:09<00:00,  2.31s/it]",
        "",
        f"{ts(18)} Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=6.53 GB, mem usage=15.22 GB.",
        f"{ts(18)} KV Cache is allocated. #tokens: 27054, K size: 1.86 GB, V size: 1.86 GB",
        f"{ts(18)} Memory pool end. avail mem=2.38 GB",
        f"{ts(19)} Capture cuda graph begin. This can take up to several minutes. avail mem=2.36 GB",
        f"{ts(19)} Capture cuda graph bs [1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160]",
        "Capturing batches (bs=160 avail_mem=2.34 GB):   0%|          | 0/24 [00:00<?, ?it/s]",
        "Capturing batches (bs=160 avail_mem=2.34 GB):   0%|          | 0/24 [00:00<?, ?it/s]",
        hit(
            20,
            PY312,
            S052_GRAPH,
            "Exception: Capture cuda graph failed: CUDA out of memory. Tried to allocate 94.00 MiB. GPU 0 has a total capacity of 22.05 GiB of which 71.12 MiB is free. Including non-PyTorch memory, this process has 21.97 GiB memory in use. Of the allocated memory 19.48 GiB is allocated by PyTorch, and 224.33 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)\n"
            "Possible solutions:\n"
            "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
            "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n"
            "3. disable torch compile by not using --enable-torch-compile\n"
            "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\n"
            "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose ",
        ),
        sigquit(20),
    ),
)

case(
    "runtime_oom_reward_batch_046",
    "0.4.6.post5",
    "scheduler.py:646/1610 (run_batch's embedding branch), tp_worker.py:225, model_runner.py:1140, llama_reward.py (LlamaForSequenceClassification); scheduler.py:1146 (Prefill batch.)",
    "oom_runtime",
    "a reward model served for RLHF scoring OOMs on one huge prefill after ready: serving-time OOM",
    join(
        sargs(
            0,
            "Skywork/Skywork-Reward-Llama-3.1-8B-v0.2",
            is_embedding=True,
            mem_fraction_static=0.9,
            max_prefill_tokens=131072,
            chunked_prefill_size=-1,
            tp_size=1,
            port=30000,
        ),
        f"{ts(7)} Overlap scheduler is disabled for embedding models.",
        f"{ts(7)} Init torch distributed begin.",
        f"{ts(8)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(8)} Load weight begin. avail mem=78.50 GB",
        "Loading safetensors checkpoint shards:   0% Completed | 0/4 [00:00<?, ?it/s]",
        "Loading safetensors checkpoint shards: 100% Completed | 4/4 [00:05<00:00,  1.33s/it]",
        "",
        f"{ts(14)} Load weight end. type=LlamaForSequenceClassification, dtype=torch.bfloat16, avail mem=63.52 GB, mem usage=14.98 GB.",
        f"{ts(14)} KV Cache is allocated. #tokens: 452651, K size: 27.63 GB, V size: 27.63 GB",
        f"{ts(14)} Memory pool end. avail mem=7.49 GB",
        f"{ts(15)} max_total_num_tokens=452651, chunked_prefill_size=-1, max_prefill_tokens=131072, max_running_requests=4096, context_len=131072",
        ready(15),
        f"{ts(60)} Prefill batch. #new-seq: 128, #new-token: 131008, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 384",
        hit(
            61,
            PY310,
            S046_LOOP
            + (
                ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
                (
                    "models/llama_reward.py",
                    60,
                    "forward",
                    "hidden_states = self.model(input_ids, positions, forward_batch, input_embeds)",
                ),
                ("+torch/nn/modules/module.py", 1739, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
                ("+torch/nn/modules/module.py", 1750, "_call_impl", "return forward_call(*args, **kwargs)"),
                ("models/llama.py", 334, "forward", "hidden_states, residual = layer("),
                ("models/llama.py", 266, "forward", "hidden_states = self.mlp(hidden_states)"),
                ("models/llama.py", 95, "forward", "gate_up, _ = self.gate_up_proj(x)"),
            ),
            torch_oom("3.50 GiB", "79.19 GiB", "2.87 GiB", "76.31 GiB", "72.64 GiB", "1.98 GiB"),
        ),
        sigquit(61),
    ),
)

# ==================================================================================================== CUDA
case(
    "device_assert_forced_context_bert_056",
    "0.5.6",
    "configs/model_config.py:294-301 (the warning when SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN=1); scheduler.py:2679/980/981/2106; scheduler_output_processor_mixin.py:228 (embeddings.tolist() syncs); torch Indexing.cu assert text",
    "cuda_error_other",
    "the context override let a 900-token input reach BERT's 512-row position table: a device-side assert at the next sync; a CUDA fault, not memory (the fix is dropping the override)",
    join(
        f"{ts(0)} Warning: User-specified context_length (8192) is greater than the derived context_length (512). This may lead to incorrect model outputs or CUDA errors. Note that the derived context_length may differ from max_position_embeddings in the model's config.",
        sargs(0, "BAAI/bge-large-en-v1.5", is_embedding=True, context_length=8192, tp_size=1, port=30000),
        f"{ts(5)} Warning: User-specified context_length (8192) is greater than the derived context_length (512). This may lead to incorrect model outputs or CUDA errors. Note that the derived context_length may differ from max_position_embeddings in the model's config.",
        f"{ts(5)} Overlap scheduler is disabled for embedding models.",
        f"{ts(5)} Init torch distributed begin.",
        f"{ts(6)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(6)} Load weight begin. avail mem=78.81 GB",
        f"{ts(7)} Load weight end. type=BertModel, dtype=torch.float16, avail mem=78.13 GB, mem usage=0.68 GB.",
        f"{ts(7)} KV Cache is allocated. #tokens: 5695680, K size: 32.59 GB, V size: 32.59 GB",
        f"{ts(7)} Memory pool end. avail mem=12.33 GB",
        f"{ts(8)} max_total_num_tokens=5695680, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=8192, available_gpu_mem=12.33 GB",
        ready(8),
        f"{ts(30)} Prefill batch, #new-seq: 4, #new-token: 2851, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        index_asserts(4, 7),
        hit(
            30,
            PY312,
            S056_LOOP
            + (
                ("managers/scheduler.py", 981, "event_loop_normal", "self.process_batch_result(batch, result)"),
                (
                    "managers/scheduler.py",
                    2106,
                    "process_batch_result",
                    "self.process_batch_result_prefill(batch, result)",
                ),
                (
                    "managers/scheduler_output_processor_mixin.py",
                    228,
                    "process_batch_result_prefill",
                    "embeddings = embeddings.tolist()",
                ),
            ),
            DSA,
        ),
        sigquit(30),
    ),
)

case(
    "device_assert_xlmr_8194_positions_0410",
    "0.4.10",
    "sglang#7590 (bge-m3: `context_len=8194`, XLMRobertaModel); models/roberta.py:100 (position_embeddings(position_ids)), 192-199 (positions offset by padding_idx); scheduler.py:737, scheduler_output_processor_mixin.py:171",
    "cuda_error_other",
    "bge-m3 advertises 8194 positions but XLM-R offsets them by padding_idx+1: an 8193-token input passes the length check and asserts in the embedding lookup (CUDA fault while serving)",
    join(
        sargs(0, "BAAI/bge-m3", is_embedding=True, tp_size=1, port=30000),
        f"{ts(4)} Downcasting torch.float32 to torch.float16.",
        f"{ts(9)} Downcasting torch.float32 to torch.float16.",
        f"{ts(9)} Overlap scheduler is disabled for embedding models.",
        f"{ts(9)} Downcasting torch.float32 to torch.float16.",
        f"{ts(9)} Init torch distributed begin.",
        f"{ts(10)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(10)} Load weight begin. avail mem=30.76 GB",
        "Loading pt checkpoint shards:   0% Completed | 0/1 [00:00<?, ?it/s]",
        "Loading pt checkpoint shards: 100% Completed | 1/1 [00:01<00:00,  1.27s/it]",
        "",
        f"{ts(11)} Load weight end. type=XLMRobertaModel, dtype=torch.float16, avail mem=29.66 GB, mem usage=1.10 GB.",
        f"{ts(11)} KV Cache is allocated. #tokens: 256568, K size: 11.74 GB, V size: 11.74 GB",
        f"{ts(11)} Memory pool end. avail mem=5.94 GB",
        f"{ts(12)} max_total_num_tokens=256568, chunked_prefill_size=2048, max_prefill_tokens=16384, max_running_requests=4096, context_len=8194, available_gpu_mem=5.94 GB",
        ready(12),
        f"{ts(50)} Prefill batch. #new-seq: 1, #new-token: 8193, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        index_asserts(3, 64),
        hit(
            50,
            PY310,
            S0410_LOOP
            + (
                ("managers/scheduler.py", 737, "event_loop_normal", "self.process_batch_result(batch, result)"),
                (
                    "managers/scheduler.py",
                    1738,
                    "process_batch_result",
                    "self.process_batch_result_prefill(batch, result, launch_done)",
                ),
                (
                    "managers/scheduler_output_processor_mixin.py",
                    171,
                    "process_batch_result_prefill",
                    "embeddings = embeddings.tolist()",
                ),
            ),
            DSA,
        ),
        f"{ts(50)} Received sigquit from a child process. It usually means the child failed.",
    ),
)

# ==================================================================================================== distributed / port
case(
    "nccl_shm_reward_tp2_0410",
    "0.4.10",
    "distributed/device_communicators/pynccl_wrapper.py:329 (`NCCL error: {error_str}`), pynccl.py:109, parallel_state.py:280/1113/1325, model_runner.py:230/553; NCCL's ncclSystemError string",
    "nccl_or_distributed",
    "a TP 2 reward model in a container with a small /dev/shm: NCCL's communicator init fails (a system error), not the model",
    join(
        sargs(0, "Skywork/Skywork-Reward-Gemma-2-27B-v0.2", is_embedding=True, tp_size=2, port=30000),
        f"{ts(8, 'TP0')} Overlap scheduler is disabled for embedding models.",
        f"{ts(8, 'TP1')} Overlap scheduler is disabled for embedding models.",
        f"{ts(8, 'TP0')} Init torch distributed begin.",
        f"{ts(8, 'TP1')} Init torch distributed begin.",
        f"{ts(9, 'TP0')} sglang is using nccl==2.21.5",
        f"{ts(9, 'TP1')} sglang is using nccl==2.21.5",
        hit(
            10,
            PY310,
            (
                ("managers/scheduler.py", 2402, "run_scheduler_process", "scheduler = Scheduler("),
                ("managers/scheduler.py", 312, "__init__", "self.tp_worker = TpWorkerClass("),
                ("managers/tp_worker.py", 84, "__init__", "self.model_runner = ModelRunner("),
                (
                    "model_executor/model_runner.py",
                    230,
                    "__init__",
                    "min_per_gpu_memory = self.init_torch_distributed()",
                ),
                ("model_executor/model_runner.py", 553, "init_torch_distributed", "initialize_model_parallel("),
                (
                    "distributed/parallel_state.py",
                    1325,
                    "initialize_model_parallel",
                    "_TP = init_model_parallel_group(",
                ),
                ("distributed/parallel_state.py", 1113, "init_model_parallel_group", "return GroupCoordinator("),
                ("distributed/parallel_state.py", 280, "__init__", "self.pynccl_comm = PyNcclCommunicator("),
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
            rank="TP1",
        ),
        sigquit(10),
    ),
)

case(
    "port_taken_by_sibling_reward_server_0410",
    "0.4.10",
    "sglang#8256's launch loop (one server per GPU on port 8000+i); http_server.py:955 (uvicorn.run after the model loaded); uvicorn's bind error text",
    "port_in_use",
    "a second reward-model instance on a port a sibling already holds: uvicorn cannot bind after the model loaded",
    join(
        sargs(
            0,
            "Skywork/Skywork-Reward-V2-Llama-3.1-8B",
            is_embedding=True,
            mem_fraction_static=0.9,
            context_length=16384,
            tp_size=1,
            host="127.0.0.1",
            port=8001,
        ),
        f"{ts(7)} Overlap scheduler is disabled for embedding models.",
        f"{ts(7)} Init torch distributed begin.",
        f"{ts(8)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(8)} Load weight begin. avail mem=78.50 GB",
        "Loading safetensors checkpoint shards:   0% Completed | 0/4 [00:00<?, ?it/s]",
        "Loading safetensors checkpoint shards: 100% Completed | 4/4 [00:05<00:00,  1.27s/it]",
        "",
        f"{ts(14)} Load weight end. type=LlamaForSequenceClassification, dtype=torch.bfloat16, avail mem=63.52 GB, mem usage=14.98 GB.",
        f"{ts(14)} KV Cache is allocated. #tokens: 452651, K size: 27.63 GB, V size: 27.63 GB",
        f"{ts(14)} Memory pool end. avail mem=7.49 GB",
        f"{ts(15)} max_total_num_tokens=452651, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=16384, available_gpu_mem=7.49 GB",
        f"{ts(15)} INFO:     Started server process [51873]",
        f"{ts(15)} INFO:     Waiting for application startup.",
        f"{ts(15)} INFO:     Application startup complete.",
        f"{ts(15)} ERROR:    [Errno 98] error while attempting to bind on address ('127.0.0.1', 8001): address already in use",
        f"{ts(15)} INFO:     Waiting for application shutdown.",
        f"{ts(15)} INFO:     Application shutdown complete.",
    ),
)

# ==================================================================================================== healthy contrasts
case(
    "healthy_encoder_no_cuda_graph_046",
    "0.4.6.post5",
    "sglang#7590's start-up shape (bge-m3: Downcasting, `Overlap scheduler is disabled for embedding models.`, no capture lines); scheduler.py:269; model_runner.py init_cuda_graphs returns for non-generation; http_server.py:898",
    "healthy",
    "an encoder never captures CUDA graphs and SGLang says overlap is off: both are by design; it serves /v1/embeddings",
    join(
        sargs(0, "BAAI/bge-m3", is_embedding=True, tp_size=1, port=30000),
        f"{ts(4)} Downcasting torch.float32 to torch.float16.",
        f"{ts(9)} Downcasting torch.float32 to torch.float16.",
        f"{ts(9)} Overlap scheduler is disabled for embedding models.",
        f"{ts(9)} Downcasting torch.float32 to torch.float16.",
        f"{ts(9)} Init torch distributed begin.",
        f"{ts(10)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(10)} Load weight begin. avail mem=30.76 GB",
        "Loading pt checkpoint shards:   0% Completed | 0/1 [00:00<?, ?it/s]",
        "Loading pt checkpoint shards: 100% Completed | 1/1 [00:01<00:00,  1.27s/it]",
        "",
        f"{ts(11)} Load weight end. type=XLMRobertaModel, dtype=torch.float16, avail mem=29.66 GB, mem usage=1.10 GB.",
        f"{ts(11)} KV Cache is allocated. #tokens: 256568, K size: 11.74 GB, V size: 11.74 GB",
        f"{ts(11)} Memory pool end. avail mem=5.94 GB",
        f"{ts(12)} max_total_num_tokens=256568, chunked_prefill_size=2048, max_prefill_tokens=16384, max_running_requests=4096, context_len=8194",
        ready(12),
        f"{ts(30)} Prefill batch. #new-seq: 16, #new-token: 2048, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 48",
        f'{ts(30)} INFO:     10.0.3.17:50122 - "POST /v1/embeddings HTTP/1.1" 200 OK',
    ),
)

case(
    "healthy_generative_refuses_embeddings_0510",
    "0.5.10.post1",
    "managers/tokenizer_manager.py:838-842 (`This model does not appear to be an embedding model by default...`), entrypoints/openai/serving_base.py:114-119 (a ValueError becomes a 400, not logged)",
    "healthy",
    "a chat model asked for /v1/embeddings: each such request gets a 400 and the server keeps decoding",
    join(
        sargs(0, "Qwen/Qwen3-8B", tp_size=1, port=30000),
        f"{ts(6)} Init torch distributed begin.",
        f"{ts(7)} Init torch distributed ends. elapsed=0.40 s, mem usage=0.00 GB",
        f"{ts(7)} Load weight begin. avail mem=139.23 GB",
        f"{ts(12)} Load weight end. elapsed=4.85 s, type=Qwen3ForCausalLM, avail mem=123.60 GB, mem usage=15.63 GB.",
        f"{ts(12)} KV Cache is allocated. #tokens: 732441, K size: 50.29 GB, V size: 50.29 GB",
        f"{ts(12)} Memory pool end. avail mem=21.69 GB",
        f"{ts(13)} Capture cuda graph begin. This can take up to several minutes. avail mem=21.60 GB",
        f"{ts(31)} Capture cuda graph end. Time elapsed: 17.92 s. mem usage=1.35 GB. avail mem=20.25 GB.",
        f"{ts(32)} max_total_num_tokens=732441, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_gpu_mem=20.25 GB",
        uvicorn_up(32),
        f'{ts(33)} INFO:     127.0.0.1:46704 - "GET /model_info HTTP/1.1" 200 OK',
        f'{ts(34)} INFO:     127.0.0.1:46712 - "POST /generate HTTP/1.1" 200 OK',
        f"{ts(34)} The server is fired up and ready to roll!",
        f'{ts(80)} INFO:     10.0.3.17:50122 - "POST /v1/embeddings HTTP/1.1" 400 Bad Request',
        f'{ts(81)} INFO:     10.0.3.17:50130 - "POST /v1/embeddings HTTP/1.1" 400 Bad Request',
        f"{ts(82)} Decode batch, #running-req: 3, token usage: 0.00, cuda graph: True, gen throughput (token/s): 141.22, #queue-req: 0, ",
        f'{ts(83)} INFO:     10.0.3.21:41822 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    ),
)

case(
    "healthy_asgi_typeerror_embeddings_request_046",
    "0.4.6.post5",
    "langgenius/dify-official-plugins#934 (e5-mistral-7b-instruct behind sglang: `TypeError: TextEncodeInput must be Union[...]` from tokenization_utils_fast.py:539); http_server.py:616, openai_api/adapter.py:1880-1884 (only ValueError is caught), tokenizer_manager.py:424/460",
    "healthy",
    "one malformed /v1/embeddings body raises a TypeError that uvicorn logs as `Exception in ASGI application`; the request fails, the server serves on",
    join(
        sargs(0, "intfloat/e5-mistral-7b-instruct", is_embedding=True, tp_size=1, port=30000),
        f"{ts(7)} Overlap scheduler is disabled for embedding models.",
        f"{ts(7)} Init torch distributed begin.",
        f"{ts(8)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(8)} Load weight begin. avail mem=78.50 GB",
        f"{ts(14)} Load weight end. type=MistralModel, dtype=torch.bfloat16, avail mem=64.21 GB, mem usage=14.29 GB.",
        f"{ts(14)} KV Cache is allocated. #tokens: 452000, K size: 27.59 GB, V size: 27.59 GB",
        f"{ts(14)} Memory pool end. avail mem=8.63 GB",
        f"{ts(15)} max_total_num_tokens=452000, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=32768",
        ready(15),
        f'{ts(60)} INFO:     172.18.0.5:40112 - "POST /v1/embeddings HTTP/1.1" 500 Internal Server Error',
        f"{ts(60)} ERROR:    Exception in ASGI application",
        TB,
        tb(
            PY310,
            (
                "+uvicorn/protocols/http/httptools_impl.py",
                409,
                "run_asgi",
                "result = await app(  # type: ignore[func-returns-value]",
            ),
            ("+uvicorn/middleware/proxy_headers.py", 60, "__call__", "return await self.app(scope, receive, send)"),
            ("+fastapi/applications.py", 1054, "__call__", "await super().__call__(scope, receive, send)"),
            ("+starlette/routing.py", 73, "app", "response = await f(request)"),
            ("+fastapi/routing.py", 301, "app", "raw_response = await run_endpoint_function("),
            ("+fastapi/routing.py", 212, "run_endpoint_function", "return await dependant.call(**values)"),
            (
                "entrypoints/http_server.py",
                616,
                "openai_v1_embeddings",
                "response = await v1_embeddings(_global_state.tokenizer_manager, raw_request)",
            ),
            ("openai_api/adapter.py", 1880, "v1_embeddings", "ret = await tokenizer_manager.generate_request("),
            (
                "managers/tokenizer_manager.py",
                424,
                "generate_request",
                "tokenized_obj = await self._tokenize_one_request(obj)",
            ),
            (
                "managers/tokenizer_manager.py",
                460,
                "_tokenize_one_request",
                "input_ids = self.tokenizer.encode(input_text)",
            ),
            ("+transformers/tokenization_utils_base.py", 2654, "encode", "encoded_inputs = self.encode_plus("),
            ("+transformers/tokenization_utils_base.py", 3073, "encode_plus", "return self._encode_plus("),
            (
                "+transformers/tokenization_utils_fast.py",
                613,
                "_encode_plus",
                "batched_output = self._batch_encode_plus(",
            ),
            (
                "+transformers/tokenization_utils_fast.py",
                539,
                "_batch_encode_plus",
                "encodings = self._tokenizer.encode_batch(",
            ),
        ),
        "TypeError: TextEncodeInput must be Union[TextInputSequence, Tuple[InputSequence, InputSequence]]",
        f"{ts(61)} Prefill batch. #new-seq: 8, #new-token: 1536, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0",
        f'{ts(61)} INFO:     172.18.0.5:40118 - "POST /v1/embeddings HTTP/1.1" 200 OK',
    ),
)

case(
    "healthy_context_override_warning_056",
    "0.5.6",
    "configs/model_config.py:294-302 (with SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN=1 the ValueError becomes logger.warning; printed by the main process and the scheduler)",
    "healthy",
    "the override warning names 'CUDA errors' but nothing failed: the gte-Qwen2 server comes up and serves short inputs",
    join(
        f"{ts(0)} Warning: User-specified context_length (65536) is greater than the derived context_length (32768). This may lead to incorrect model outputs or CUDA errors. Note that the derived context_length may differ from max_position_embeddings in the model's config.",
        sargs(
            0,
            "Alibaba-NLP/gte-Qwen2-7B-instruct",
            is_embedding=True,
            trust_remote_code=True,
            context_length=65536,
            tp_size=1,
            port=30000,
        ),
        f"{ts(6)} Warning: User-specified context_length (65536) is greater than the derived context_length (32768). This may lead to incorrect model outputs or CUDA errors. Note that the derived context_length may differ from max_position_embeddings in the model's config.",
        f"{ts(6)} Overlap scheduler is disabled for embedding models.",
        f"{ts(6)} Init torch distributed begin.",
        f"{ts(7)} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(7)} Load weight begin. avail mem=78.50 GB",
        f"{ts(13)} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=64.27 GB, mem usage=14.23 GB.",
        f"{ts(13)} KV Cache is allocated. #tokens: 1005217, K size: 26.85 GB, V size: 26.85 GB",
        f"{ts(13)} Memory pool end. avail mem=9.82 GB",
        f"{ts(14)} max_total_num_tokens=1005217, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=65536, available_gpu_mem=9.82 GB",
        ready(14),
        f"{ts(40)} Prefill batch, #new-seq: 12, #new-token: 3120, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f'{ts(40)} INFO:     10.0.3.17:50122 - "POST /v1/embeddings HTTP/1.1" 200 OK',
    ),
)

case(
    "healthy_rerank_yes_no_warning_skip_tokenizer_0510",
    "0.5.10.post1",
    "entrypoints/openai/serving_rerank.py:42-46 (`Failed to get yes/no token IDs dynamically`, `Using fallback token IDs`), called from OpenAIServingRerank.__init__ (:212) in the app's lifespan (http_server.py:302); verl-project/verl#3352 (reward model served with is_embedding + skip_tokenizer_init)",
    "healthy",
    "a reward model launched with --skip-tokenizer-init has no tokenizer for the rerank handler's lookup: two warnings at start-up, then it serves /classify on input_ids",
    join(
        sargs(
            0, "Skywork/Skywork-Reward-V2-Qwen3-8B", is_embedding=True, skip_tokenizer_init=True, tp_size=1, port=30000
        ),
        f"{ts(6)} Init torch distributed begin.",
        f"{ts(7)} Init torch distributed ends. elapsed=0.39 s, mem usage=0.00 GB",
        f"{ts(7)} Load weight begin. avail mem=139.23 GB",
        f"{ts(12)} Load weight end. elapsed=4.60 s, type=Qwen3ForSequenceClassification, avail mem=124.03 GB, mem usage=15.20 GB.",
        f"{ts(12)} KV Cache is allocated. #tokens: 761950, K size: 52.32 GB, V size: 52.32 GB",
        f"{ts(12)} Memory pool end. avail mem=14.80 GB",
        f"{ts(13)} max_total_num_tokens=761950, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_gpu_mem=14.80 GB",
        f"{ts(13)} INFO:     Started server process [4242]",
        f"{ts(13)} INFO:     Waiting for application startup.",
        f"{ts(13)} Failed to get yes/no token IDs dynamically: 'NoneType' object has no attribute 'encode'",
        f"{ts(13)} Using fallback token IDs for yes/no (9693/2152)",
        f"{ts(13)} INFO:     Application startup complete.",
        f"{ts(13)} INFO:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)",
        f'{ts(14)} INFO:     127.0.0.1:46704 - "GET /model_info HTTP/1.1" 200 OK',
        f'{ts(15)} INFO:     127.0.0.1:46712 - "POST /encode HTTP/1.1" 200 OK',
        f"{ts(15)} The server is fired up and ready to roll!",
        f"{ts(50)} Prefill batch, #new-seq: 32, #new-token: 8160, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, cuda graph: False, input throughput (token/s): 0.00, ",
        f'{ts(50)} INFO:     10.0.3.40:55310 - "POST /classify HTTP/1.1" 200 OK',
    ),
)


# ------------------------------------------------------------------------------------------------------ tests
# First-sight misses (strict): the label the classifier gave on its one run, before any fix.
XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_nongen_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


# Healthy templates that fire a failure event on the way (what a live supervisor acts on), with the event's label.
EVENT_XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_nongen_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35

"""Speech and omni models served by SGLang (0.4.6.post5-0.5.10.post1), as they fail or serve in the log (a helper, blind).

Scope: Qwen2-Audio (0.5.x), Qwen3-Omni (0.5.5+), Qwen2.5-Omni (not native in any release), MiniCPM-o (0.4.6+), Whisper
(0.5.10's WhisperForConditionalGeneration); their processors and audio libraries (soundfile / scipy in 0.4.6-0.5.2's
`load_audio`, torchcodec with a soundfile + torchaudio fallback in 0.5.10, a remote processor's `check_imports`);
per-request audio inputs that are answered 400 / 500 by the HTTP layer while the scheduler goes on, versus ones that kill
the scheduler in the audio tower (OOM, a device-side assert, an illegal access); the audio encoder's memory at start-up
(weights, the KV pool left over, CUDA graphs) and while serving; architectures a release does not know.

Sources: each message is copied from the named release's wheel (file:line under sglang/ of that release: models/
registry.py, model_loader/utils.py, models/whisper.py, models/qwen2_audio.py, multimodal/processors/base_processor.py,
entrypoints/openai/serving_base.py / serving_transcription.py, entrypoints/http_server.py, managers/tokenizer_manager.py,
managers/scheduler.py, model_executor/model_runner_kv_cache_mixin.py, cuda_graph_runner.py, server_args.py), from the
library that prints it (torch's OOM and CUDA error texts, soundfile's LibsndfileError, transformers' AutoConfig and
dynamic_module_utils.check_imports) or from the public thread cited; format fields filled with plausible values. The call
paths come from tests/logwatch_templates.py (0.5.10.post1 line numbers) extended with the audio frames of each release;
torch internals' line numbers are approximate.

Labelling policy (README labels, decided before the classifier ran): a release that does not know the architecture, an
encoder-disaggregation mode the model lacks, a TP size the audio encoder's heads do not divide, a processor's missing
audio library at start-up are `config_error` (the remedy is another release / flag / package). OOM by phase: loading the
omni checkpoint `oom_weights`; the KV pool that the audio and vision towers' weights leave too small (SGLang's "Not
enough memory" or an OOM allocating the pool) `oom_kv_cache`; capture `oom_cuda_graph`; the audio tower's forward on a
long / many-clip request after ready `oom_runtime`. A request that kills the scheduler with a CUDA fault (device-side
assert from mismatched audio tokens, illegal access in the encoder) is `cuda_error_other`. A request the HTTP layer
answers (400 from a ValueError, 500 from `Error in request:` with a traceback for an unreadable clip or a missing
soundfile) while the scheduler keeps serving is `healthy`, as is retraction under audio-heavy load.

First sight: 27/27 (no misses; 4 healthy contrasts, none fired a failure event line by line). XFAIL and EVENT_XFAIL are
empty.
"""

# ruff: noqa: E501, RUF005  (log lines are data; call paths are built by extending a shared prefix)

from __future__ import annotations

from typing import NamedTuple

import pytest

from safelaunch.core.logwatch import LogClassifier, classify_text

from .logwatch_templates import (
    BUILD_MODEL,
    GRAPHS,
    INIT,
    LAUNCH,
    LOOP,
    POOL,
    RUNPY,
    TB,
    WEIGHTS,
    first_sight,
    frames,
    ts,
)


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
PKG = "/usr/local/lib/python3.12/dist-packages"
PKG310 = "/usr/local/lib/python3.10/dist-packages"  # the 0.4.x images

QWEN2_AUDIO = ("Qwen/Qwen2-Audio-7B-Instruct", "Qwen2AudioForConditionalGeneration")
QWEN3_OMNI = ("Qwen/Qwen3-Omni-30B-A3B-Instruct", "Qwen3OmniMoeForConditionalGeneration")
QWEN25_OMNI = ("Qwen/Qwen2.5-Omni-7B", "Qwen2_5OmniModel")
MINICPMO = ("openbmb/MiniCPM-o-2_6", "MiniCPMO")
WHISPER = ("openai/whisper-large-v3", "WhisperForConditionalGeneration")

PHASES = ("args", "loading_weights", "kv_cache", "cuda_graph", "ready", "serving")


def boot(
    model: tuple[str, str], until: str, *, tp: int = 1, mem: float = 0.8, extra: str = "", rank: str = "TP0"
) -> list[str]:
    """0.5.x start-up lines for an audio model, as far as a failure in phase `until` sees them."""
    path, arch = model
    stop = PHASES.index(until)
    lines = [
        f"{ts(0)} server_args=ServerArgs(model_path='{path}', tokenizer_path='{path}', tokenizer_mode='auto', "
        f"trust_remote_code={'True' if arch == 'MiniCPMO' else 'False'}, dtype='auto', mem_fraction_static={mem}, "
        f"tp_size={tp}, port=30000, enable_multimodal=None{extra}, log_level='info', ...)",
    ]
    if stop >= 1:
        lines += [
            f"{ts(4, rank)} Init torch distributed begin.",
            f"{ts(6, rank)} Init torch distributed ends. elapsed=1.72 s, mem usage=0.41 GB",
            f"{ts(7, rank)} Load weight begin. avail mem=78.61 GB",
        ]
    if stop >= 2:
        lines += [
            "Loading safetensors checkpoint shards: 100% Completed | 5/5 [00:06<00:00,  1.31s/it]",
            f"{ts(20, rank)} Load weight end. elapsed=13.2 s, type={arch}, avail mem=62.18 GB, mem usage=16.43 GB.",
        ]
    if stop >= 3:
        lines += [
            f"{ts(21, rank)} KV Cache is allocated. #tokens: 642118, K size: 22.04 GB, V size: 22.04 GB",
            f"{ts(21, rank)} Memory pool end. avail mem=17.92 GB",
            f"{ts(22, rank)} Capture cuda graph begin. This can take up to several minutes. avail mem=17.40 GB",
        ]
    if stop >= 4:
        lines += [
            f"{ts(40, rank)} Capture cuda graph end. Time elapsed: 18.2 s. mem usage=1.12 GB. avail mem=16.28 GB.",
            f"{ts(41, rank)} max_total_num_tokens=642118, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=2048, context_len=32768, available_gpu_mem=16.28 GB",
            f"{ts(42)} INFO:     Started server process [7311]",
            f"{ts(42)} INFO:     Waiting for application startup.",
            f"{ts(42)} INFO:     Application startup complete.",
            f"{ts(42)} INFO:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)",
            f'{ts(43)} INFO:     127.0.0.1:51244 - "GET /get_model_info HTTP/1.1" 200 OK',
            f"{ts(44, rank)} Prefill batch, #new-seq: 1, #new-token: 6, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
            f'{ts(45)} INFO:     127.0.0.1:51250 - "POST /generate HTTP/1.1" 200 OK',
            f"{ts(45)} The server is fired up and ready to roll!",
        ]
    if stop >= 5:
        lines += [
            f"{ts(60, rank)} Prefill batch, #new-seq: 4, #new-token: 3412, #cached-token: 0, token usage: 0.02, #running-req: 3, #queue-req: 0, ",
            f"{ts(61, rank)} Decode batch, #running-req: 7, #token: 4980, token usage: 0.01, cuda graph: True, gen throughput (token/s): 412.55, #queue-req: 0, ",
            f'{ts(62)} INFO:     10.0.3.17:40122 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        ]
    return lines


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


def sched_exc(second: int, stack: tuple, error: str, rank: str = "TP0") -> str:
    return f"{ts(second, rank)} Scheduler hit an exception: {TB}\n{frames(*stack)}\n{error}"


def sigquit(second: int) -> str:
    return f"{ts(second)} Received sigquit from a child process. It usually means the child failed."


def oom(
    tried: str, total: str, free: str, used: str, alloc: str, reserved: str, *, cls: str = "torch.OutOfMemoryError"
) -> str:
    return (
        f"{cls}: CUDA out of memory. Tried to allocate {tried}. GPU 0 has a total capacity of {total} of which {free} is free. "
        f"Process 7311 has {used} memory in use. Of the allocated memory {alloc} is allocated by PyTorch, and {reserved} is reserved by PyTorch but unallocated. "
        "If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  "
        "See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
    )


CUDA_TAIL = (
    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n"
)

# the model forward into the multimodal embedding and the audio tower (0.5.10's mm_utils / qwen2_audio frames)
MM_EMBED = (
    ("managers/mm_utils.py", 1040, "general_mm_embed_routine", "input_embeds, other_info = embed_mm_inputs("),
    ("managers/mm_utils.py", 860, "embed_mm_inputs", "embedding, mask = get_embedding_and_mask("),
    ("managers/mm_utils.py", 716, "get_embedding_and_mask", "embedding = _get_precomputed_embedding("),
    (
        "managers/mm_utils.py",
        490,
        "_get_chunked_prefill_embedding",
        "embedding = data_embedding_func(embedding_items_per_req)",
    ),
)
QWEN2_AUDIO_TOWER = (
    LOOP
    + (
        ("model_executor/model_runner.py", 2870, "_forward_raw", "ret = self.forward_extend("),
        ("model_executor/model_runner.py", 2700, "forward_extend", "return self.model.forward("),
        ("models/qwen2_audio.py", 129, "forward", "hidden_states = general_mm_embed_routine("),
    )
    + MM_EMBED
    + (
        (
            "models/qwen2_audio.py",
            112,
            "get_audio_feature",
            "audio_embeds = self.audio_tower(input_features).last_hidden_state",
        ),
        (f"{PKG}/torch/nn/modules/module.py", 1775, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
        (
            f"{PKG}/transformers/models/qwen2_audio/modeling_qwen2_audio.py",
            370,
            "forward",
            "layer_outputs = encoder_layer(",
        ),
        (
            f"{PKG}/transformers/models/qwen2_audio/modeling_qwen2_audio.py",
            240,
            "forward",
            "hidden_states, attn_weights = self.self_attn(",
        ),
        (
            f"{PKG}/transformers/integrations/sdpa_attention.py",
            96,
            "sdpa_attention_forward",
            "attn_output = torch.nn.functional.scaled_dot_product_attention(",
        ),
    )
)
QWEN3_OMNI_TOWER = (
    LOOP
    + (
        ("model_executor/model_runner.py", 2870, "_forward_raw", "ret = self.forward_extend("),
        ("model_executor/model_runner.py", 2700, "forward_extend", "return self.model.forward("),
        ("models/qwen3_vl.py", 940, "forward", "hidden_states = general_mm_embed_routine("),
    )
    + MM_EMBED
    + (
        ("models/qwen3_omni_moe.py", 560, "get_audio_feature", "audio_outputs = self.audio_tower("),
        ("models/qwen3_omni_moe.py", 420, "forward", "hidden_states = encoder_layer("),
        ("models/qwen3_omni_moe.py", 250, "forward", "attn_output = self.self_attn("),
    )
)


# ------------------------------------------------------------------------------------ architectures a release lacks
case(
    "qwen2_audio_on_046_not_supported",
    "0.4.6.post5",
    "sglang/srt/models/registry.py:33 (resolve_model_cls), model_loader/loader.py:148",
    "config_error",
    "Qwen2-Audio arrived in 0.5.x; 0.4.6's registry refuses the architecture at model build: another release is the remedy",
    join(
        f"{ts(0)} server_args=ServerArgs(model_path='Qwen/Qwen2-Audio-7B-Instruct', tokenizer_path='Qwen/Qwen2-Audio-7B-Instruct', tokenizer_mode='auto', dtype='auto', mem_fraction_static=0.88, tp_size=1, port=30000, log_level='info', ...)",
        f"{ts(4, 'TP0')} Attention backend not set. Use flashinfer backend by default.",
        f"{ts(4, 'TP0')} Init torch distributed begin.",
        f"{ts(5, 'TP0')} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(5, 'TP0')} Load weight begin. avail mem=78.84 GB",
        sched_exc(
            6,
            tuple((p, ln, f, c) for p, ln, f, c in BUILD_MODEL[:-1])
            + (
                (
                    "model_loader/loader.py",
                    148,
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
                ("models/registry.py", 33, "_raise_for_unsupported", "raise ValueError("),
            ),
            "ValueError: Model architectures ['Qwen2AudioForConditionalGeneration'] are not supported for now. Supported architectures: dict_keys(['BaichuanForCausalLM', 'ChatGLMModel', 'CLIPModel', 'CohereForCausalLM', 'DbrxForCausalLM', 'DeepseekForCausalLM', 'MultiModalityCausalLM', 'DeepseekV3ForCausalLMNextN', 'DeepseekV2ForCausalLM', 'DeepseekV3ForCausalLM', 'DeepseekVL2ForCausalLM', 'ExaoneForCausalLM', 'GemmaForCausalLM', 'Gemma2ForCausalLM', 'Gemma3ForCausalLM', 'Gemma3ForConditionalGeneration', 'GPT2LMHeadModel', 'LlamaForCausalLM', 'LlavaLlamaForCausalLM', 'MiniCPMO', 'MiniCPMV', 'MistralForCausalLM', 'MixtralForCausalLM', 'MllamaForConditionalGeneration', 'Qwen2ForCausalLM', 'Qwen2VLForConditionalGeneration', 'Qwen2_5_VLForConditionalGeneration', 'Qwen3ForCausalLM', 'Qwen3MoeForCausalLM'])",
        ),
        sigquit(7),
    ),
)

case(
    "qwen3_omni_on_052_transformers_unknown",
    "0.5.2",
    "transformers 4.56 models/auto/configuration_auto.py (AutoConfig.from_pretrained), sglang/srt/utils/hf_transformers_utils.py get_config",
    "config_error",
    "the 0.5.2 image's transformers does not know model_type qwen3_omni_moe (SGLang's Qwen3-Omni is 0.5.5+): the launcher dies reading the config",
    join(
        f"{ts(0)} server_args=ServerArgs(model_path='Qwen/Qwen3-Omni-30B-A3B-Instruct', tokenizer_path='Qwen/Qwen3-Omni-30B-A3B-Instruct', tokenizer_mode='auto', dtype='auto', tp_size=2, port=30000, log_level='info', ...)",
        TB,
        frames(
            *RUNPY,
            (f"{PKG}/sglang/launch_server.py", 11, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
            ("server_args.py", 2512, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
            ("server_args.py", 2180, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
            ("<string>", 250, "__init__", ""),
            ("server_args.py", 460, "__post_init__", "self.get_model_config()"),
            ("configs/model_config.py", 92, "__init__", "self.hf_config = get_config("),
            ("utils/hf_transformers_utils.py", 135, "get_config", "config = AutoConfig.from_pretrained("),
            (f"{PKG}/transformers/models/auto/configuration_auto.py", 1305, "from_pretrained", "raise ValueError("),
        ),
        "ValueError: The checkpoint you are trying to load has model type `qwen3_omni_moe` but Transformers does not recognize this architecture. This could be because of an issue with the checkpoint, or because your version of Transformers is out of date.",
        "",
        "You can update Transformers with the command `pip install --upgrade transformers`. If this does not work, and the checkpoint is very new, then there may not be a release version that supports this model yet. In this case, you can get the most up-to-date code by installing Transformers from source with the command `pip install git+https://github.com/huggingface/transformers.git`",
    ),
)

case(
    "qwen25_omni_on_0510_no_native_class",
    "0.5.10.post1",
    "sglang/srt/model_loader/utils.py:150 (resolve_transformers_arch), :220 get_model_architecture",
    "config_error",
    "Qwen2.5-Omni's checkpoint names Qwen2_5OmniModel, which SGLang has no native class for and transformers has no class of that name: unsupported architecture",
    join(
        boot(QWEN25_OMNI, "loading_weights"),
        sched_exc(
            9,
            BUILD_MODEL[:-1]
            + (
                (
                    "model_loader/loader.py",
                    255,
                    "_initialize_model",
                    "model_class, _ = get_model_architecture(model_config)",
                ),
                (
                    "model_loader/utils.py",
                    220,
                    "get_model_architecture",
                    "architectures = resolve_transformers_arch(model_config, architectures)",
                ),
                ("model_loader/utils.py", 150, "resolve_transformers_arch", "raise ValueError("),
            ),
            "ValueError: Cannot find model module. 'Qwen2_5OmniModel' is not a registered model in the Transformers library (only relevant if the model is meant to be in Transformers) and 'AutoModel' is not present in the model config's 'auto_map' (relevant if the model is custom).",
        ),
        sigquit(10),
    ),
)

case(
    "minicpmo_encoder_only_not_qwen",
    "0.5.10.post1",
    "sglang/srt/server_args.py:3306 (encoder disaggregation model check)",
    "config_error",
    "--encoder-only on MiniCPM-o: the argument check allows only Qwen VL/audio/omni models for encoder disaggregation",
    join(
        f"{ts(0)} server_args=ServerArgs(model_path='openbmb/MiniCPM-o-2_6', tokenizer_path='openbmb/MiniCPM-o-2_6', trust_remote_code=True, encoder_only=True, language_only=False, port=30002, log_level='info', ...)",
        TB,
        frames(
            *RUNPY,
            (f"{PKG}/sglang/launch_server.py", 29, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
            ("server_args.py", 6291, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
            ("server_args.py", 5980, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
            ("<string>", 330, "__init__", ""),
            ("server_args.py", 760, "__post_init__", "self._handle_pd_disaggregation()"),
            ("server_args.py", 3310, "_handle_pd_disaggregation", "raise ValueError("),
        ),
        "ValueError: Model type MiniCPMO is not supported for encoder disaggregation, only Qwen models are supported for now.",
    ),
)

case(
    "whisper_tp8_heads_not_divisible",
    "0.5.10.post1",
    "sglang/srt/models/whisper.py:42 (WhisperAttention.__init__)",
    "config_error",
    "whisper-large-v3 has 20 attention heads; --tp 8 cannot shard them: a TP size the model does not allow",
    join(
        boot(WHISPER, "loading_weights", tp=8),
        f"{ts(3)} Radix cache is disabled for Whisper",
        sched_exc(
            9,
            BUILD_MODEL
            + (
                ("models/whisper.py", 400, "__init__", "self.model = WhisperModel(config, quant_config)"),
                ("models/whisper.py", 330, "__init__", "self.encoder = WhisperEncoder(config, quant_config)"),
                (
                    "models/whisper.py",
                    250,
                    "__init__",
                    'WhisperEncoderLayer(config, quant_config, prefix=f"layers.{i}")',
                ),
                ("models/whisper.py", 180, "__init__", "self.self_attn = WhisperAttention("),
                ("models/whisper.py", 42, "__init__", "assert ("),
            ),
            "AssertionError: num_heads (20) must be divisible by tp_size (8)",
        ),
        sigquit(10),
    ),
)

case(
    "minicpmo_processor_needs_librosa",
    "0.5.5",
    "transformers 4.57 dynamic_module_utils.py check_imports; sglang/srt/managers/tokenizer_manager.py _get_processor_wrapper",
    "config_error",
    "MiniCPM-o's remote processor imports librosa, not installed: the launcher dies building the processor; installing the package is the remedy",
    join(
        f"{ts(0)} server_args=ServerArgs(model_path='openbmb/MiniCPM-o-2_6', tokenizer_path='openbmb/MiniCPM-o-2_6', trust_remote_code=True, tp_size=1, port=30000, log_level='info', ...)",
        TB,
        frames(
            *LAUNCH[:-1],
            (
                "entrypoints/engine.py",
                860,
                "_launch_subprocesses",
                "tokenizer_manager = TokenizerManager(server_args, port_args)",
            ),
            ("managers/tokenizer_manager.py", 262, "__init__", "_processor = _get_processor_wrapper(server_args)"),
            ("managers/tokenizer_manager.py", 2514, "_get_processor_wrapper", "processor = get_processor("),
            ("utils/hf_transformers_utils.py", 480, "get_processor", "processor = AutoProcessor.from_pretrained("),
            (
                f"{PKG}/transformers/models/auto/processing_auto.py",
                387,
                "from_pretrained",
                "processor_class = get_class_from_dynamic_module(",
            ),
            (
                f"{PKG}/transformers/dynamic_module_utils.py",
                570,
                "get_class_from_dynamic_module",
                "final_module = get_cached_module_file(",
            ),
            (
                f"{PKG}/transformers/dynamic_module_utils.py",
                393,
                "get_cached_module_file",
                "modules_needed = check_imports(resolved_module_file)",
            ),
            (f"{PKG}/transformers/dynamic_module_utils.py", 225, "check_imports", "raise ImportError("),
        ),
        "ImportError: This modeling file requires the following packages that were not found in your environment: librosa. Run `pip install librosa`",
    ),
)

# -------------------------------------------------------------------------- the audio encoder's memory at start-up
case(
    "qwen3_omni_weights_oom_l40s",
    "0.5.5",
    "torch caching allocator OOM text; sglang/srt/model_loader/loader.py load_weights_and_postprocess",
    "oom_weights",
    "Qwen3-Omni-30B-A3B in bf16 (thinker + audio + vision towers, ~66 GB) on one 48 GB L40S: the weights do not fit at TP1",
    join(
        boot(QWEN3_OMNI, "loading_weights", mem=0.85),
        "Loading safetensors checkpoint shards:  60% Completed | 9/15 [00:41<00:27,  4.55s/it]",
        sched_exc(
            60,
            WEIGHTS
            + (
                (
                    "models/qwen3_omni_moe.py",
                    640,
                    "load_weights",
                    "weight_loader(param, loaded_weight, name, shard_id=shard_id, expert_id=expert_id)",
                ),
                ("layers/moe/fused_moe_triton/layer.py", 700, "weight_loader", "self._weight_loader_impl("),
            ),
            oom("768.00 MiB", "44.40 GiB", "412.31 MiB", "43.98 GiB", "43.41 GiB", "81.22 MiB"),
        ),
        sigquit(61),
    ),
)

case(
    "qwen3_omni_kv_pool_not_enough",
    "0.5.10.post1",
    "sglang/srt/model_executor/model_runner_kv_cache_mixin.py:57",
    "oom_kv_cache",
    "weights incl. audio/vision towers fit at mem_fraction_static=0.6 but leave no KV pool: SGLang's own sentence, remedy a higher fraction / larger TP",
    join(
        boot(QWEN3_OMNI, "kv_cache", tp=2, mem=0.6)[:-1],
        f"{ts(80, 'TP0')} Load weight end. elapsed=62.1 s, type=Qwen3OmniMoeForConditionalGeneration, avail mem=45.71 GB, mem usage=33.02 GB.",
        sched_exc(
            81,
            POOL
            + (
                (
                    "model_executor/model_runner_kv_cache_mixin.py",
                    875,
                    "_resolve_config",
                    "profiled_tokens = self.profile_max_num_token(pre_model_load_memory)",
                ),
                ("<string>", 12, "__init__", ""),
                ("model_executor/model_runner_kv_cache_mixin.py", 61, "__post_init__", "raise RuntimeError(msg)"),
            ),
            "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: mem_fraction_static=0.6",
        ),
        sigquit(82),
    ),
)

case(
    "qwen2_audio_kv_buffer_oom_at_start",
    "0.5.2",
    "sglang/srt/mem_cache/memory_pool.py MHATokenToKVPool._create_buffers; torch OOM text",
    "oom_kv_cache",
    "an OOM while allocating the KV pool at start-up (no 'Not enough memory' sentence) is the KV-pool shortfall per the spec",
    join(
        boot(QWEN2_AUDIO, "kv_cache", mem=0.95)[:-3],
        sched_exc(
            21,
            INIT
            + (
                ("model_executor/model_runner.py", 300, "initialize", "self.init_memory_pool("),
                (
                    "model_executor/model_runner.py",
                    1420,
                    "init_memory_pool",
                    "self.token_to_kv_pool = MHATokenToKVPool(",
                ),
                ("mem_cache/memory_pool.py", 470, "__init__", "self._create_buffers()"),
                ("mem_cache/memory_pool.py", 500, "_create_buffers", "torch.zeros("),
            ),
            oom("1.02 GiB", "79.19 GiB", "612.50 MiB", "78.58 GiB", "77.90 GiB", "12.04 MiB"),
        ),
        sigquit(22),
    ),
)

case(
    "minicpmo_capture_oom",
    "0.5.10.post1",
    "sglang/srt/model_executor/cuda_graph_runner.py:656 and :1231 (CUDA_GRAPH_CAPTURE_FAILED_MSG)",
    "oom_cuda_graph",
    "capture at bs=160 on a 24 GB card runs out after the pool: SGLang's capture wrapper around torch's OOM",
    join(
        boot(MINICPMO, "cuda_graph", mem=0.88),
        "Capturing batches (bs=160 avail_mem=0.41 GB):   4%|▍         | 1/24 [00:01<00:31,  1.38s/it]",
        sched_exc(
            30,
            GRAPHS
            + (
                ("model_executor/cuda_graph_runner.py", 520, "__init__", "self.capture()"),
                ("model_executor/cuda_graph_runner.py", 655, "capture", "raise Exception("),
            ),
            "Exception: Capture cuda graph failed: CUDA out of memory. Tried to allocate 200.00 MiB. GPU 0 has a total capacity of 23.54 GiB of which 118.75 MiB is free. Process 7311 has 23.41 GiB memory in use. Of the allocated memory 22.70 GiB is allocated by PyTorch, with 112.00 MiB allocated in private pools (e.g., CUDA Graphs), and 98.31 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)\n"
            "Possible solutions:\n"
            "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
            "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n"
            "3. disable torch compile by not using --enable-torch-compile\n"
            "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\n"
            "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose ",
        ),
        sigquit(31),
    ),
)

case(
    "minicpmo_046_weights_oom_tp1",
    "0.4.6.post5",
    "torch 2.6 OOM text (torch.cuda.OutOfMemoryError alias); sglang/srt/model_loader/loader.py",
    "oom_weights",
    "MiniCPM-o 2.6 (8B LLM + whisper encoder + TTS) on a 16 GB T4-class card: weights alone do not fit",
    join(
        f"{ts(0)} server_args=ServerArgs(model_path='openbmb/MiniCPM-o-2_6', tokenizer_path='openbmb/MiniCPM-o-2_6', trust_remote_code=True, dtype='auto', mem_fraction_static=0.85, tp_size=1, port=30000, log_level='info', ...)",
        f"{ts(5, 'TP0')} Init torch distributed begin.",
        f"{ts(6, 'TP0')} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(6, 'TP0')} Load weight begin. avail mem=14.38 GB",
        "Loading safetensors checkpoint shards:  75% Completed | 3/4 [00:18<00:06,  6.12s/it]",
        sched_exc(
            30,
            WEIGHTS + (("models/minicpmo.py", 1890, "load_weights", "weight_loader(param, loaded_weight)"),),
            oom(
                "224.00 MiB",
                "14.58 GiB",
                "101.75 MiB",
                "14.47 GiB",
                "14.21 GiB",
                "46.10 MiB",
                cls="torch.OutOfMemoryError",
            ),
        ),
        sigquit(31),
    ),
)

# -------------------------------------------------------- requests that kill the scheduler in the audio tower
case(
    "qwen2_audio_tower_oom_long_clips",
    "0.5.10.post1",
    "sglang/srt/models/qwen2_audio.py:112 (get_audio_feature); torch OOM text",
    "oom_runtime",
    "after ready, a batch of many 30 s clips through the audio encoder's SDPA runs out of memory inside the scheduler",
    join(
        boot(QWEN2_AUDIO, "serving", mem=0.9),
        f"{ts(120, 'TP0')} Prefill batch, #new-seq: 12, #new-token: 8192, #cached-token: 0, token usage: 0.31, #running-req: 40, #queue-req: 18, ",
        sched_exc(
            121, QWEN2_AUDIO_TOWER, oom("3.52 GiB", "79.19 GiB", "2.11 GiB", "77.07 GiB", "75.30 GiB", "1.12 GiB")
        ),
        sigquit(122),
    ),
)

case(
    "qwen3_omni_audio_tower_oom_tp2",
    "0.5.10.post1",
    "sglang/srt/models/qwen3_omni_moe.py get_audio_feature; torch OOM text",
    "oom_runtime",
    "Qwen3-Omni serving, a request with an hour-long audio track: the audio tower's activations exceed what mem_fraction_static left",
    join(
        boot(QWEN3_OMNI, "serving", tp=2, mem=0.88),
        f"{ts(300, 'TP0')} Prefill batch, #new-seq: 1, #new-token: 8192, #cached-token: 0, token usage: 0.05, #running-req: 2, #queue-req: 0, ",
        sched_exc(
            301,
            QWEN3_OMNI_TOWER,
            oom("11.25 GiB", "79.19 GiB", "6.02 GiB", "73.16 GiB", "71.88 GiB", "588.40 MiB"),
            rank="TP1",
        ),
        sched_exc(
            301,
            QWEN3_OMNI_TOWER,
            oom("11.25 GiB", "79.19 GiB", "6.10 GiB", "73.08 GiB", "71.80 GiB", "590.02 MiB"),
            rank="TP0",
        ),
        sigquit(302),
    ),
)

case(
    "minicpmo_046_audio_oom_serving",
    "0.4.6.post5",
    "sglang/srt/models/minicpmo.py get_audio_embedding (0.4.6); torch OOM text",
    "oom_runtime",
    "MiniCPM-o's whisper encoder on a long clip after ready, 0.4.6's loop: a serving-time OOM",
    join(
        f"{ts(0)} server_args=ServerArgs(model_path='openbmb/MiniCPM-o-2_6', tokenizer_path='openbmb/MiniCPM-o-2_6', trust_remote_code=True, mem_fraction_static=0.88, tp_size=1, port=30000, log_level='info', ...)",
        f"{ts(40, 'TP0')} max_total_num_tokens=281930, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=2049, context_len=32768",
        f"{ts(41)} INFO:     Started server process [911]",
        f"{ts(41)} INFO:     Waiting for application startup.",
        f"{ts(41)} INFO:     Application startup complete.",
        f"{ts(41)} INFO:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)",
        f"{ts(43)} The server is fired up and ready to roll!",
        f"{ts(90, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 6120, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0",
        sched_exc(
            91,
            LOOP
            + (
                ("model_executor/model_runner.py", 1100, "forward_extend", "return self.model.forward("),
                ("models/minicpmo.py", 1815, "forward", "hidden_states = general_mm_embed_routine("),
                ("managers/mm_utils.py", 380, "general_mm_embed_routine", "inputs_embeds = embed_mm_inputs("),
                (
                    "managers/mm_utils.py",
                    300,
                    "embed_mm_inputs",
                    "embedding = audio_data_embedding_func(mm_inputs.mm_items)",
                ),
                (
                    "models/minicpmo.py",
                    1660,
                    "get_audio_feature",
                    "return self.get_audio_embedding(items, chunk_length)",
                ),
                ("models/minicpmo.py", 1600, "get_audio_embedding", "audio_states = self.apm("),
            ),
            oom(
                "2.81 GiB",
                "23.54 GiB",
                "1.20 GiB",
                "22.33 GiB",
                "21.90 GiB",
                "200.12 MiB",
                cls="torch.OutOfMemoryError",
            ),
        ),
        sigquit(92),
    ),
)

case(
    "qwen2_audio_token_mismatch_device_assert",
    "0.5.2",
    "torch ATen Indexing.cu assert text, torch CUDA error text; sglang/srt/managers/mm_utils.py",
    "cuda_error_other",
    "a request whose audio tokens outnumber the encoder's embeddings indexes past them: device-side assert kills the scheduler",
    join(
        boot(QWEN2_AUDIO, "serving"),
        f"{ts(200, 'TP0')} Prefill batch, #new-seq: 1, #new-token: 1512, #cached-token: 0, token usage: 0.01, #running-req: 0, #queue-req: 0, ",
        '/pytorch/aten/src/ATen/native/cuda/IndexKernel.cu:94: operator(): block: [3,0,0], thread: [64,0,0] Assertion `-sizes[i] <= index && index < sizes[i] && "index out of bounds"` failed.',
        '/pytorch/aten/src/ATen/native/cuda/IndexKernel.cu:94: operator(): block: [3,0,0], thread: [65,0,0] Assertion `-sizes[i] <= index && index < sizes[i] && "index out of bounds"` failed.',
        sched_exc(
            201,
            LOOP
            + (
                ("model_executor/model_runner.py", 1700, "forward_extend", "return self.model.forward("),
                ("models/qwen2_audio.py", 140, "forward", "hidden_states = general_mm_embed_routine("),
                ("managers/mm_utils.py", 640, "general_mm_embed_routine", "inputs_embeds = embed_mm_inputs("),
                (
                    "managers/mm_utils.py",
                    590,
                    "embed_mm_inputs",
                    "inputs_embeds[indices] = embedding.to(inputs_embeds.device, inputs_embeds.dtype)",
                ),
            ),
            "RuntimeError: CUDA error: device-side assert triggered\n" + CUDA_TAIL,
        ),
        sigquit(202),
    ),
)

case(
    "qwen3_omni_encoder_illegal_access",
    "0.5.10.post1",
    "torch CUDA error text; sglang/srt/models/qwen3_omni_moe.py audio encoder attention",
    "cuda_error_other",
    "an illegal memory access in the audio encoder's varlen attention on a request: a CUDA runtime fault, not memory pressure",
    join(
        boot(QWEN3_OMNI, "serving", tp=2),
        sched_exc(
            400,
            QWEN3_OMNI_TOWER,
            "torch.AcceleratorError: CUDA error: an illegal memory access was encountered\n" + CUDA_TAIL,
            rank="TP1",
        ),
        f"{ts(400, 'TP0')} Scheduler hit an exception: {TB}\n{frames(*LOOP)}\nRuntimeError: NCCL error: unhandled cuda error (run with NCCL_DEBUG=INFO for details)",
        sigquit(401),
    ),
)

case(
    "whisper_transcription_device_assert_0510",
    "0.5.10.post1",
    "torch CUDA error text; sglang/srt/models/whisper.py forward (cross attention)",
    "cuda_error_other",
    "a transcription request longer than Whisper's 1500 encoder positions trips a device-side assert in the position embedding: CUDA fault kills the scheduler",
    join(
        boot(WHISPER, "serving"),
        f'{ts(90)} INFO:     10.0.3.17:40200 - "POST /v1/audio/transcriptions HTTP/1.1" 200 OK',
        "/pytorch/aten/src/ATen/native/cuda/Indexing.cu:1553: indexSelectLargeIndex: block: [210,0,0], thread: [0,0,0] Assertion `srcIndex < srcSelectDimSize` failed.",
        sched_exc(
            95,
            LOOP
            + (
                ("model_executor/model_runner.py", 2870, "_forward_raw", "ret = self.forward_extend("),
                ("model_executor/model_runner.py", 2700, "forward_extend", "return self.model.forward("),
                ("models/whisper.py", 440, "forward", "encoder_outputs = self.model.encoder(input_features)"),
                (
                    "models/whisper.py",
                    300,
                    "forward",
                    "hidden_states = inputs_embeds + self.embed_positions.weight[: inputs_embeds.shape[1]]",
                ),
            ),
            "torch.AcceleratorError: CUDA error: device-side assert triggered\n" + CUDA_TAIL,
        ),
        sigquit(96),
    ),
)

# ----------------------------------------------------------------------------------- healthy, alarming contrasts
case(
    "healthy_unreadable_clip_500_then_serves",
    "0.5.2",
    "sglang/srt/multimodal/processors/base_processor.py:314 and :489, entrypoints/openai/serving_base.py:57; soundfile LibsndfileError text",
    "healthy",
    "a clip soundfile cannot decode is answered 500 by the OpenAI layer (Error in request: + traceback); the scheduler never sees it and serves on",
    join(
        boot(QWEN2_AUDIO, "serving"),
        f"{ts(130)} Error in request: An exception occurred while loading multimodal data: Error while loading data https://cdn.example.com/clips/a17.m4a: Error opening <_io.BytesIO object at 0x7f3c5a2b1e90>: Format not recognised.",
        TB,
        frames(
            ("multimodal/processors/base_processor.py", 430, "load_mm_data", "result = future.result()"),
            ("/usr/lib/python3.12/concurrent/futures/_base.py", 449, "result", "return self.__get_result()"),
            (
                "multimodal/processors/base_processor.py",
                312,
                "_load_single_item",
                "return load_audio(data, audio_sample_rate)",
            ),
            ("utils.py", 693, "load_audio", "audio, original_sr = sf.read(audio_file)"),
            (f"{PKG}/soundfile.py", 305, "read", "with SoundFile(file, 'r', samplerate, channels,"),
            (
                f"{PKG}/soundfile.py",
                1216,
                "_open",
                'raise LibsndfileError(err, prefix="Error opening {0!r}: ".format(self.name))',
            ),
        ),
        "soundfile.LibsndfileError: Error opening <_io.BytesIO object at 0x7f3c5a2b1e90>: Format not recognised.",
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        TB,
        frames(
            (
                "entrypoints/openai/serving_base.py",
                48,
                "handle_request",
                "return await self._handle_non_streaming_request(",
            ),
            (
                "managers/tokenizer_manager.py",
                520,
                "_tokenize_one_request",
                "mm_inputs: Dict = await self.mm_processor.process_mm_data_async(",
            ),
            ("multimodal/processors/qwen_audio.py", 40, "process_mm_data_async", "base_output = self.load_mm_data("),
            ("multimodal/processors/base_processor.py", 489, "load_mm_data", "raise RuntimeError("),
        ),
        "RuntimeError: An exception occurred while loading multimodal data: Error while loading data https://cdn.example.com/clips/a17.m4a: Error opening <_io.BytesIO object at 0x7f3c5a2b1e90>: Format not recognised.",
        f'{ts(130)} INFO:     10.0.3.17:40344 - "POST /v1/chat/completions HTTP/1.1" 500 Internal Server Error',
        f"{ts(131, 'TP0')} Prefill batch, #new-seq: 2, #new-token: 1804, #cached-token: 0, token usage: 0.02, #running-req: 5, #queue-req: 0, ",
        f"{ts(132, 'TP0')} Decode batch, #running-req: 7, #token: 5210, token usage: 0.01, cuda graph: True, gen throughput (token/s): 433.20, #queue-req: 0, ",
        f'{ts(133)} INFO:     10.0.3.17:40350 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    ),
)

case(
    "healthy_long_audio_400_context_length",
    "0.5.10.post1",
    "sglang/srt/managers/tokenizer_manager.py:806, entrypoints/http_server.py:690",
    "healthy",
    "a 25-minute clip expands past the context: a ValueError answered 400 per request, the server goes on",
    join(
        boot(QWEN2_AUDIO, "serving"),
        f"{ts(150)} [http_server] Error: The input (38250 tokens) is longer than the model's context length (32768 tokens).",
        f'{ts(150)} INFO:     10.0.3.22:55102 - "POST /generate HTTP/1.1" 400 Bad Request',
        f"{ts(151, 'TP0')} Decode batch, #running-req: 6, #token: 4411, token usage: 0.01, cuda graph: True, gen throughput (token/s): 398.04, #queue-req: 0, ",
        f'{ts(152)} INFO:     10.0.3.17:40122 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    ),
)

case(
    "healthy_soundfile_missing_request_500",
    "0.5.10.post1",
    "sglang/srt/multimodal/processors/base_processor.py:822-829 (load_mm_data(simple)), utils/common.py:732 (soundfile fallback), entrypoints/openai/serving_base.py:128",
    "healthy",
    "ARM image without torchcodec and without soundfile: each audio request fails 500 with ModuleNotFoundError in the tokenizer process; text requests serve, the scheduler lives",
    join(
        boot(QWEN3_OMNI, "serving", tp=2),
        f"{ts(170)} [load_mm_data(simple)] error loading AUDIO data at index=0",
        TB,
        frames(
            ("multimodal/processors/base_processor.py", 821, "load_mm_data", "result = future.result()"),
            ("/usr/lib/python3.12/concurrent/futures/_base.py", 449, "result", "return self.__get_result()"),
            (
                "/usr/lib/python3.12/concurrent/futures/thread.py",
                59,
                "run",
                "result = self.fn(*self.args, **self.kwargs)",
            ),
            (
                "multimodal/processors/base_processor.py",
                514,
                "_load_single_item",
                "return load_audio(data, audio_sample_rate)",
            ),
            ("utils/common.py", 732, "load_audio", "import soundfile as sf"),
        ),
        "ModuleNotFoundError: No module named 'soundfile'",
        f"{ts(170)} Error in request: An exception occurred while loading AUDIO data at index 0: No module named 'soundfile'",
        TB,
        frames(
            (
                "entrypoints/openai/serving_base.py",
                68,
                "handle_request",
                "return await self._handle_non_streaming_request(",
            ),
            ("multimodal/processors/base_processor.py", 828, "load_mm_data", "raise RuntimeError("),
        ),
        "RuntimeError: An exception occurred while loading AUDIO data at index 0: No module named 'soundfile'",
        f'{ts(170)} INFO:     10.0.3.17:40400 - "POST /v1/chat/completions HTTP/1.1" 500 Internal Server Error',
        f"{ts(171, 'TP0')} Prefill batch, #new-seq: 1, #new-token: 212, #cached-token: 0, token usage: 0.00, #running-req: 3, #queue-req: 0, ",
        f'{ts(172)} INFO:     10.0.3.17:40402 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    ),
)

case(
    "healthy_whisper_duration_warning_and_retract",
    "0.5.10.post1",
    "sglang/srt/entrypoints/openai/serving_transcription.py:104, managers/scheduler.py:2596-2605, server_args.py:2323, multimodal/processors/base_processor.py:622",
    "healthy",
    "Whisper's transcription endpoint warns it cannot read the duration (soundfile absent) and the scheduler retracts under load: pressure and a warning, still serving",
    join(
        boot(WHISPER, "args"),
        f"{ts(1)} Radix cache is disabled for Whisper",
        boot(WHISPER, "serving")[1:],
        f"{ts(200)} Could not calculate audio duration: No module named 'soundfile'",
        f"{ts(200)} Warning: More audio data items provided than corresponding tokens found in the prompt.",
        f"{ts(201, 'TP0')} Prefill batch, #new-seq: 64, #new-token: 8192, #cached-token: 0, token usage: 0.97, #running-req: 960, #queue-req: 311, ",
        f"{ts(202, 'TP0')} KV cache pool is full. Retract requests. #retracted_reqs: 12, #new_tokens_gained: 5364, #new_token_ratio: 0.4120 -> 0.6210",
        f"{ts(203, 'TP0')} Decode batch, #running-req: 948, #token: 611230, token usage: 0.95, cuda graph: True, gen throughput (token/s): 9120.33, #queue-req: 323, ",
        f'{ts(203)} INFO:     10.0.3.40:38804 - "POST /v1/audio/transcriptions HTTP/1.1" 200 OK',
    ),
)

# ------------------------------------------------------------------------------ more shapes of the same families
case(
    "minicpmo_processor_import_failed_no_processor",
    "0.5.2",
    "sglang/srt/managers/multimodal_processor.py:23 (Ignore import error) and :46 (No processor registered)",
    "config_error",
    "the MiniCPM processor module fails to import against the installed transformers (a name it lacks), so no processor is registered for MiniCPMO: the launcher dies; an environment/version mismatch at the Python level",
    join(
        f"{ts(0)} server_args=ServerArgs(model_path='openbmb/MiniCPM-o-2_6', tokenizer_path='openbmb/MiniCPM-o-2_6', trust_remote_code=True, tp_size=1, port=30000, log_level='info', ...)",
        f"{ts(2)} Ignore import error when loading sglang.srt.multimodal.processors.minicpm: cannot import name 'EncoderDecoderCache' from 'transformers.cache_utils' ({PKG}/transformers/cache_utils.py)",
        TB,
        frames(
            *LAUNCH[:-1],
            (
                "entrypoints/engine.py",
                800,
                "_launch_subprocesses",
                "tokenizer_manager = TokenizerManager(server_args, port_args)",
            ),
            ("managers/tokenizer_manager.py", 250, "__init__", "self.mm_processor = get_mm_processor("),
            ("managers/multimodal_processor.py", 46, "get_mm_processor", "raise ValueError("),
        ),
        "ValueError: No processor registered for architecture: ['MiniCPMO'].",
        "Registered architectures: ['Gemma3ForConditionalGeneration', 'Gemma3nForConditionalGeneration', 'Qwen2AudioForConditionalGeneration', 'Qwen2VLForConditionalGeneration', 'Qwen2_5_VLForConditionalGeneration', 'LlavaLlamaForCausalLM', 'MllamaForConditionalGeneration', 'Phi4MMForCausalLM']",
    ),
)

case(
    "qwen2_audio_not_enough_memory_052_launcher_tail",
    "0.5.2",
    "sglang/srt/model_executor/model_runner.py:1317; entrypoints/engine.py:697 (sigquit)",
    "oom_kv_cache",
    "--mem-fraction-static 0.25 for Qwen2-Audio on a 40 GB A100: weights (LLM + encoder) leave a negative KV budget; SGLang's own sentence",
    join(
        boot(QWEN2_AUDIO, "kv_cache", mem=0.25)[:-3],
        sched_exc(
            22,
            INIT
            + (
                ("model_executor/model_runner.py", 300, "initialize", "self.init_memory_pool("),
                ("model_executor/model_runner.py", 1317, "init_memory_pool", "raise RuntimeError("),
            ),
            "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static.",
        ),
        f"{ts(23)} Received sigquit from a child process. It usually means the child failed.",
    ),
)

case(
    "qwen3_omni_runtime_oom_journald",
    "0.5.10.post1",
    "same event as qwen3_omni_audio_tower_oom_tp2, as journald prints a systemd unit's stderr",
    "oom_runtime",
    "the serving-time audio-tower OOM without SGLang's prefix on every line (journald wrapper): same label as in SGLang's words",
    "\n".join(
        f"Mar 02 10:{5 + i // 30:02d}:{i % 60:02d} gpu-node-07 sglang-omni[7311]: {line}"
        for i, line in enumerate(
            join(
                boot(QWEN3_OMNI, "serving")[-6:],
                sched_exc(
                    301,
                    QWEN3_OMNI_TOWER,
                    oom("9.00 GiB", "79.19 GiB", "4.87 GiB", "74.31 GiB", "73.02 GiB", "610.00 MiB"),
                ),
                sigquit(302),
            ).split("\n")
        )
    )
    + "\nMar 02 10:07:03 gpu-node-07 systemd[1]: sglang-omni.service: Main process exited, code=killed, status=9/KILL\nMar 02 10:07:03 gpu-node-07 systemd[1]: sglang-omni.service: Failed with result 'signal'.",
)

case(
    "minicpmo_rocm_hip_illegal_access",
    "0.5.5",
    "torch HIP error text (ROCm build); sglang/srt/models/minicpmo.py audio path",
    "cuda_error_other",
    "on MI300X an audio request faults in the encoder: HIP's spelling of the illegal-memory-access CUDA fault",
    join(
        boot(MINICPMO, "serving"),
        sched_exc(
            180,
            LOOP
            + (
                ("model_executor/model_runner.py", 2000, "forward_extend", "return self.model.forward("),
                ("models/minicpmo.py", 1880, "forward", "hidden_states = general_mm_embed_routine("),
                (
                    "models/minicpmo.py",
                    1700,
                    "get_audio_feature",
                    "return self.get_audio_embedding(items, chunk_length)",
                ),
            ),
            "RuntimeError: HIP error: an illegal memory access was encountered\nHIP kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing AMD_SERIALIZE_KERNEL=3\nCompile with `TORCH_USE_HIP_DSA` to enable device-side assertions.\n",
        ),
        sigquit(181),
    ),
)

case(
    "qwen3_omni_on_046_not_supported",
    "0.4.6.post5",
    "sglang/srt/configs/model_config.py / transformers 4.51 AutoConfig (model type unknown)",
    "config_error",
    "0.4.6's image pins transformers 4.51, which lacks qwen3_omni_moe: the launcher cannot read the config; the model needs SGLang 0.5.5+",
    join(
        f"{ts(0)} server_args=ServerArgs(model_path='Qwen/Qwen3-Omni-30B-A3B-Instruct', tokenizer_path='Qwen/Qwen3-Omni-30B-A3B-Instruct', tokenizer_mode='auto', tp_size=4, port=30000, log_level='info', ...)",
        TB,
        frames(
            ("/usr/lib/python3.10/runpy.py", 196, "_run_module_as_main", "return _run_code(code, main_globals, None,"),
            ("/usr/lib/python3.10/runpy.py", 86, "_run_code", "exec(code, run_globals)"),
            (f"{PKG310}/sglang/launch_server.py", 14, "<module>", "launch_server(server_args)"),
            (
                f"{PKG310}/sglang/srt/entrypoints/http_server.py",
                680,
                "launch_server",
                "tokenizer_manager, scheduler_info = _launch_subprocesses(server_args=server_args)",
            ),
            (
                f"{PKG310}/sglang/srt/entrypoints/engine.py",
                590,
                "_launch_subprocesses",
                "tokenizer_manager = TokenizerManager(server_args, port_args)",
            ),
            (
                f"{PKG310}/sglang/srt/managers/tokenizer_manager.py",
                160,
                "__init__",
                "self.model_config = ModelConfig.from_server_args(server_args)",
            ),
            (f"{PKG310}/sglang/srt/configs/model_config.py", 60, "__init__", "self.hf_config = get_config("),
            (f"{PKG310}/transformers/models/auto/configuration_auto.py", 1123, "from_pretrained", "raise ValueError("),
        ),
        "ValueError: The checkpoint you are trying to load has model type `qwen3_omni_moe` but Transformers does not recognize this architecture. This could be because of an issue with the checkpoint, or because your version of Transformers is out of date.",
    ),
)

case(
    "qwen2_audio_oom_runtime_launcher_died_0510",
    "0.5.10.post1",
    "sglang/srt/models/qwen2_audio.py:112; torch OOM text; 0.5.10's launcher tail",
    "oom_runtime",
    "a streamed request with eight clips runs the encoder out of memory after ready; the traceback lines are wrapped the way a paste wraps them",
    join(
        boot(QWEN2_AUDIO, "serving")[-8:],
        f"{ts(500, 'TP0')} Scheduler hit an exception: {TB}",
        frames(*QWEN2_AUDIO_TOWER[-4:]),
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 4.69 GiB. GPU 0 has a total capacity of 79.19 GiB of which 3.01 GiB is free. Process 7311 has 76.17 GiB memory in use. Of",
        " the allocated memory 74.88 GiB is allocated by PyTorch, and 712.33 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.",
        f"{ts(501)} SIGQUIT received. signum=None, frame=None. It usually means one child failed.",
    ),
)


# The classifier's misses at first sight (strict: a fix must remove the entry), with the label it gave.
XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_an_audio_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


# Healthy templates that fire a failure event on the way (what a live supervisor acts on), with the event's label.
EVENT_XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_audio_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35

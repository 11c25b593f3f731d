"""Reasoning models in service (issue 18's blind templates, scope `reasoning`): DeepSeek-R1 and its distills, QwQ,
Qwen3 thinking, GPT-OSS and Kimi-K2-Thinking, rendered from SGLang's own source (0.4.6.post5 and 0.5.10.post1).

- start-up: `--reasoning-parser` names argparse refuses (0.4.6's two parsers, 0.5.10's `kimi_k2` spelled with a
  hyphen), a `--context-length` above the model's for long chains, Kimi-K2-Thinking without `--trust-remote-code`,
  GPT-OSS's attention-backend check, speculative decoding's checks (spec v2 / trtllm_mha with topk > 1), Qwen3
  thinking's FP8 block shape at TP 8, a missing thinking-switch chat template, an FP8 KV cache on Ampere, weights
  that do not fit (R1 FP8 on 8x H100), KV pools that do not fit (the target's and the MTP draft's), CUDA-graph
  capture on 24 GB cards, two-node R1's rendezvous (a store timeout, a `--dist-init-addr` port already taken);
- after ready: long chains running the GPU out (a torch OOM in decode after retractions, a decode KV allocation that
  fails and kills the scheduler), EAGLE/MTP verify faulting, an NCCL watchdog timeout in a TP all-reduce;
- five healthy contrasts that look alarming and serve: 0.5.10's `KV cache pool is full. Retract requests.`, 0.4.6's
  `Decode out of memory happened.`, `retract_decode: aborted last request ... due to OOM` with requests logged as
  finished for length, `Requested token count exceeds the model's maximum context length` answered per request, and
  GPT-OSS's Harmony vocab failing to download on one Responses request (a logged traceback, a 400, serving goes on).

Sources: SGLang wheels 0.4.6.post5 / 0.5.10.post1 (file:line under sglang/srt/ in each case's `source`; the
wrappers `Scheduler hit an exception:`, 0.4.6's `TpModelWorkerClient hit an exception:`, the launcher's sigquit
line and its own tracebacks), torch's CUDACachingAllocator / c10d / ProcessGroupNCCL messages, transformers'
`resolve_trust_remote_code`, Triton's fp8e4nv check, openai_harmony's HarmonyError (a RuntimeError:
openai/harmony src/py_module.rs), and the public threads cited. Format fields are filled with plausible values.

Labelling policy (by /work/shared/corpus/README.md and the issue's families, decided before the classifier ran):
pressure (retraction, queueing, length aborts, per-request 4xx/5xx) is `healthy` while the server goes on; a KV
shortfall at start-up, the draft's pool included, is `oom_kv_cache`; an out-of-memory that kills a READY server is
`oom_runtime`, including SGLang's own "Decode out of memory. Try to lower your batch size." RuntimeError (the pool
was sized at start-up; what ran out is serving-time demand, so the remedy is fewer concurrent long chains);
arguments, parser names, chat templates, backends, block shapes and a dtype the GPU lacks are `config_error`.

First sight (one run, labels and logs fixed beforehand): 27/27, and none of the five healthy contrasts fired a failure
event line by line; XFAIL and EVENT_XFAIL are empty.
"""

# ruff: noqa: E501, RUF005  (log lines are data; call paths are built by extending a shared prefix)

from __future__ import annotations

from typing import NamedTuple

import pytest

from safelaunch.core.logwatch import LogClassifier, classify_text

from .logwatch_templates import (
    DIST_INIT,
    GRAPHS,
    INIT,
    LOOP,
    LOOP_ALLOC,
    PKG,
    RUNPY,
    TB,
    TORCH_PG,
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
PY310 = "/usr/local/lib/python3.10/dist-packages"  # the 0.4.x images
SGL046 = f"{PY310}/sglang/srt"
RUNPY310 = (
    ("/usr/lib/python3.10/runpy.py", 196, "_run_module_as_main", "return _run_code(code, main_globals, None,"),
    ("/usr/lib/python3.10/runpy.py", 86, "_run_code", "exec(code, run_globals)"),
)
HELP_CONF = (
    " If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to "
    "avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
)
BOILER = (
    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."
)


def oom(alloc: str, total: str, free: str, inuse: str, by_pt: str, unalloc: str, gpu: int = 0) -> str:
    return (
        f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {alloc}. GPU {gpu} has a total capacity of {total} of which "
        f"{free} is free. Including non-PyTorch memory, this process has {inuse} memory in use. Of the allocated memory "
        f"{by_pt} is allocated by PyTorch, and {unalloc} is reserved by PyTorch but unallocated.{HELP_CONF}"
    )


def f046(*stack: tuple[str, int, str, str]) -> str:
    """0.4.6's frames (python3.10 image): relative paths are under sglang/srt/."""
    return frames(*[(p if p.startswith(("/", "<")) else f"{SGL046}/{p}", n, fn, c) for p, n, fn, c in stack])


def sigquit(second: int) -> str:
    return f"{ts(second)} Received sigquit from a child process. It usually means the child failed."


def sargs(second: int, model: str, **kw: object) -> str:
    fields = {"model_path": model, "tokenizer_path": model, "tokenizer_mode": "auto", **kw}
    body = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    return f"{ts(second)} server_args=ServerArgs({body}, log_level='info', ...)"


def ranks(tp: int) -> list[str]:
    return [f"TP{i}" for i in range(min(tp, 2))]  # pastes keep two ranks' lines


def load10(second: int, tp: int, arch: str, before: float, after: float, elapsed: float = 30.0) -> list[str]:
    out = []
    for r in ranks(tp):
        out.append(f"{ts(second, r)} Init torch distributed begin.")
    for r in ranks(tp):
        out.append(f"{ts(second + 2, r)} Init torch distributed ends. elapsed=1.92 s, mem usage=0.79 GB")
    for r in ranks(tp):
        out.append(f"{ts(second + 3, r)} Load weight begin. avail mem={before:.2f} GB")
    for r in ranks(tp):
        out.append(
            f"{ts(second + 3 + int(elapsed), r)} Load weight end. elapsed={elapsed:.2f} s, type={arch}, avail mem={after:.2f} GB, mem usage={before - after:.2f} GB."
        )
    return out


def pool10(second: int, tp: int, tokens: int, k: float, avail: float, mla: bool = False) -> list[str]:
    out = []
    for r in ranks(tp):
        size = f"KV size: {2 * k:.2f} GB" if mla else f"K size: {k:.2f} GB, V size: {k:.2f} GB"
        out.append(f"{ts(second, r)} KV Cache is allocated. #tokens: {tokens}, {size}")
    for r in ranks(tp):
        out.append(f"{ts(second, r)} Memory pool end. avail mem={avail:.2f} GB")
    return out


def graphs10(second: int, tp: int, avail: float, used: float = 0.9) -> list[str]:
    out = []
    for r in ranks(tp):
        out.append(
            f"{ts(second, r)} Capture cuda graph begin. This can take up to several minutes. avail mem={avail:.2f} GB"
        )
    out.append("Capturing batches (bs=256 avail_mem=12.10 GB): 100%|██████████| 36/36 [00:11<00:00,  3.21it/s]")
    for r in ranks(tp):
        out.append(
            f"{ts(second + 12, r)} Capture cuda graph end. Time elapsed: 11.84 s. mem usage={used:.2f} GB. avail mem={avail - used:.2f} GB."
        )
    return out


def ready10(second: int, tokens: int, ctx: int, avail: float, max_running: int = 4096, pid: int = 2219) -> list[str]:
    return [
        f"{ts(second, 'TP0')} max_total_num_tokens={tokens}, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests={max_running}, context_len={ctx}, available_gpu_mem={avail:.2f} GB",
        f"{ts(second + 1)} INFO:     Started server process [{pid}]",
        f"{ts(second + 1)} INFO:     Waiting for application startup.",
        f"{ts(second + 1)} INFO:     Application startup complete.",
        f"{ts(second + 1)} INFO:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)",
        f'{ts(second + 2)} INFO:     127.0.0.1:40228 - "GET /model_info HTTP/1.1" 200 OK',
        f'{ts(second + 3)} INFO:     127.0.0.1:40232 - "POST /generate HTTP/1.1" 200 OK',
        f"{ts(second + 3)} The server is fired up and ready to roll!",
    ]


def decode10(second: int, running: int, token: int, usage: float, queue: int, tput: float, spec: str = "") -> str:
    return (
        f"{ts(second, 'TP0')} Decode batch, #running-req: {running}, #token: {token}, token usage: {usage:.2f}, {spec}"
        f"cuda graph: True, gen throughput (token/s): {tput:.2f}, #queue-req: {queue}"
    )


def prefill10(second: int, seqs: int, new: int, cached: int, usage: float, running: int, queue: int) -> str:
    return (
        f"{ts(second, 'TP0')} Prefill batch, #new-seq: {seqs}, #new-token: {new}, #cached-token: {cached}, "
        f"token usage: {usage:.2f}, #running-req: {running}, #queue-req: {queue}, "
    )


def sched_dies(second: int, stack: tuple, error: str, rank: str = "TP0", tail: int = 5) -> list[str]:
    return [f"{ts(second, rank)} Scheduler hit an exception: {TB}", frames(*stack), error, sigquit(second + tail)]


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


LAUNCH_WARN = (
    f"{PKG}/sglang/launch_server.py:51: UserWarning: 'python -m sglang.launch_server' is still supported, but "
    "'sglang serve' is the recommended entrypoint.\n  Example: sglang serve --model-path <model> [options]\n  warnings.warn("
)
# 0.5.10.post1: prepare_server_args -> ServerArgs.__post_init__
POST_INIT10 = RUNPY + (
    (f"{PKG}/sglang/launch_server.py", 58, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
    ("server_args.py", 6539, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
    ("server_args.py", 5975, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
    ("<string>", 352, "__init__", ""),
)
MODEL_CONFIG10 = POST_INIT10 + (
    ("server_args.py", 784, "__post_init__", "self._handle_gpu_memory_settings(gpu_mem)"),
    ("server_args.py", 1332, "_handle_gpu_memory_settings", "model_config = self.get_model_config()"),
    ("server_args.py", 6025, "get_model_config", "self.model_config = ModelConfig.from_server_args(self)"),
    ("configs/model_config.py", 270, "from_server_args", "return ModelConfig("),
)
SPEC10 = POST_INIT10 + (("server_args.py", 820, "__post_init__", "self._handle_speculative_decoding()"),)
MODEL_ADJ10 = POST_INIT10 + (("server_args.py", 787, "__post_init__", "self._handle_model_specific_adjustments()"),)
USAGE = "usage: launch_server.py [-h] --model-path MODEL_PATH [--tokenizer-path TOKENIZER_PATH]\n                        [--tokenizer-mode {auto,slow}] [--skip-tokenizer-init]\n                        ..."

# ============================================================================================ start-up: arguments
case(
    "reasoning-parser-qwq-not-a-choice-0.4.6",
    "0.4.6.post5",
    "0.4.6.post5 srt/server_args.py:869-875 (--reasoning-parser choices=list(ReasoningParser.DetectorMap.keys())), srt/reasoning_parser.py:154-157 (deepseek-r1, qwen3)",
    "config_error",
    "argparse refuses a parser name 0.4.6 does not have (QwQ uses `deepseek-r1`); fix the argument",
    join(
        USAGE,
        "launch_server.py: error: argument --reasoning-parser: invalid choice: 'qwq' (choose from 'deepseek-r1', 'qwen3')",
    ),
)
case(
    "reasoning-parser-kimi-k2-hyphen-not-a-choice-0.5.10",
    "0.5.10.post1",
    "0.5.10.post1 srt/server_args.py:4491-4497, srt/parser/reasoning_parser.py:491-508 (DetectorMap keys: `kimi_k2` with an underscore); launch_server.py:51-57 warns first",
    "config_error",
    "Kimi-K2-Thinking launched with `--reasoning-parser kimi-k2`; the registered name is `kimi_k2`",
    join(
        LAUNCH_WARN,
        USAGE,
        "launch_server.py: error: argument --reasoning-parser: invalid choice: 'kimi-k2' (choose from 'deepseek-r1', 'deepseek-v3', 'glm45', 'gpt-oss', 'kimi', 'kimi_k2', 'mimo', 'qwen3', 'qwen3-thinking', 'minimax', 'minimax-append-think', 'step3', 'step3p5', 'mistral', 'nemotron_3', 'interns1')",
    ),
)
case(
    "qwq-context-length-above-derived-0.5.10",
    "0.5.10.post1",
    "0.5.10.post1 srt/configs/model_config.py:384-403 (_derive_context_length: `Warning: User-specified context_length ... SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN=1`), reached from server_args.py:1332 get_model_config()",
    "config_error",
    "a --context-length of 131072 for QwQ-32B (derived 40960) to leave room for long chains; refused at argument checks",
    join(
        LAUNCH_WARN,
        TB,
        frames(
            *MODEL_CONFIG10,
            ("configs/model_config.py", 219, "__init__", "self._derive_context_length(context_length)"),
            ("configs/model_config.py", 402, "_derive_context_length", "raise ValueError("),
        ),
        "ValueError: Warning: User-specified context_length (131072) is greater than the derived context_length (40960). This may lead to incorrect model outputs or CUDA errors. Note that the derived context_length may differ from max_position_embeddings in the model's config. To allow overriding this maximum, set the env var SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN=1",
    ),
)
case(
    "kimi-k2-thinking-without-trust-remote-code-0.5.10",
    "0.5.10.post1",
    "0.5.10.post1 srt/utils/hf_transformers_utils.py:514 (AutoConfig.from_pretrained) from configs/model_config.py:139; transformers dynamic_module_utils.resolve_trust_remote_code's ValueError",
    "config_error",
    "the model's config needs custom code; the remedy is the --trust-remote-code flag",
    join(
        LAUNCH_WARN,
        TB,
        frames(
            *MODEL_CONFIG10,
            ("configs/model_config.py", 139, "__init__", "self.hf_config = get_config("),
            ("utils/hf_transformers_utils.py", 514, "get_config", "config = AutoConfig.from_pretrained("),
            (
                f"{PKG}/transformers/models/auto/configuration_auto.py",
                1332,
                "from_pretrained",
                "trust_remote_code = resolve_trust_remote_code(",
            ),
            (f"{PKG}/transformers/dynamic_module_utils.py", 760, "resolve_trust_remote_code", "raise ValueError("),
        ),
        "ValueError: The repository moonshotai/Kimi-K2-Thinking contains custom code which must be executed to correctly load the model. You can inspect the repository content at https://hf.co/moonshotai/Kimi-K2-Thinking .\n You can inspect the repository content at https://hf.co/moonshotai/Kimi-K2-Thinking.\nPlease pass the argument `trust_remote_code=True` to allow custom code to be run.",
    ),
)
case(
    "gpt-oss-flashinfer-attention-backend-0.5.10",
    "0.5.10.post1",
    "0.5.10.post1 srt/server_args.py:1697-1725 (_handle_model_specific_adjustments: `GptOssForCausalLM requires one of [...] attention backend`)",
    "config_error",
    "gpt-oss-120b with --attention-backend flashinfer: the argument check refuses the backend",
    join(
        LAUNCH_WARN,
        TB,
        frames(
            *MODEL_ADJ10,
            ("server_args.py", 1717, "_handle_model_specific_adjustments", "assert ("),
        ),
        "AssertionError: GptOssForCausalLM requires one of ['triton', 'trtllm_mha', 'fa3', 'fa4', 'ascend', 'aiter'] attention backend, but got the following backends\n- Prefill: flashinfer\n- Decode: flashinfer\n",
    ),
)
case(
    "gpt-oss-eagle3-trtllm-mha-topk-0.5.10",
    "0.5.10.post1",
    "0.5.10.post1 srt/server_args.py:1699-1700 (GPT-OSS on sm100 defaults to trtllm_mha), 3064-3071 (`trtllm_mha backend only supports topk = 1 for speculative decoding.`)",
    "config_error",
    "EAGLE3 draft for gpt-oss-120b on B200 with --speculative-eagle-topk 4; the backend SGLang chose allows topk 1 only",
    join(
        LAUNCH_WARN,
        f"{ts(0)} Max running requests is reset to 48 for speculative decoding. You can override this by explicitly setting --max-running-requests.",
        f"{ts(0)} Overlap scheduler is disabled when spec v2 is off or using unsupported speculative algorithm. You can set env SGLANG_ENABLE_SPEC_V2=True to enable the experimental overlap scheduler. ",
        TB,
        frames(*SPEC10, ("server_args.py", 3070, "_handle_speculative_decoding", "raise ValueError(")),
        "ValueError: trtllm_mha backend only supports topk = 1 for speculative decoding.",
    ),
)
case(
    "r1-spec-v2-topk-above-one-0.5.10",
    "0.5.10.post1",
    "0.5.10.post1 srt/server_args.py:2999-3013 (SGLANG_ENABLE_SPEC_V2 with speculative_eagle_topk > 1)",
    "config_error",
    "DeepSeek-R1 MTP with SGLANG_ENABLE_SPEC_V2=1 and --speculative-eagle-topk 4: refused at argument checks",
    join(
        LAUNCH_WARN,
        f"{ts(0)} Max running requests is reset to 48 for speculative decoding. You can override this by explicitly setting --max-running-requests.",
        f"{ts(0)} Spec v2 is enabled for eagle/eagle3 speculative decoding and overlap schedule is turned on.",
        TB,
        frames(*SPEC10, ("server_args.py", 3011, "_handle_speculative_decoding", "raise ValueError(")),
        "ValueError: Spec v2 currently only supports topk = 1 for speculative decoding.",
    ),
)
case(
    "chat-template-thinking-switch-file-missing-0.5.10",
    "0.5.10.post1",
    "0.5.10.post1 srt/managers/template_manager.py:160-164 (`Chat template ... is not a built-in template name or a valid chat template file path.`), entrypoints/engine.py:721 / 133 (templates load in the launcher after the schedulers start)",
    "config_error",
    "a --chat-template path for a no-think Qwen3 template that is not in the container; the schedulers were still loading",
    join(
        LAUNCH_WARN,
        sargs(0, "Qwen/Qwen3-32B", tp_size=2, chat_template="./qwen3_nothink.jinja", reasoning_parser="qwen3"),
        load10(4, 2, "Qwen3ForCausalLM", 78.12, 78.12, 0.0)[:4],
        f"{ts(6)} Loading chat template from argument: ./qwen3_nothink.jinja",
        TB,
        frames(
            *RUNPY,
            (f"{PKG}/sglang/launch_server.py", 60, "<module>", "run_server(server_args)"),
            (f"{PKG}/sglang/launch_server.py", 47, "run_server", "launch_server(server_args)"),
            ("entrypoints/http_server.py", 2165, "launch_server", ") = Engine._launch_subprocesses("),
            (
                "entrypoints/engine.py",
                721,
                "_launch_subprocesses",
                "tokenizer_manager, template_manager = init_tokenizer_manager_func(",
            ),
            ("entrypoints/engine.py", 133, "init_tokenizer_manager", "template_manager.initialize_templates("),
            (
                "managers/template_manager.py",
                222,
                "initialize_templates",
                "self.load_chat_template(tokenizer_manager, chat_template, model_path)",
            ),
            (
                "managers/template_manager.py",
                118,
                "load_chat_template",
                "self._load_explicit_chat_template(tokenizer_manager, chat_template_arg)",
            ),
            ("managers/template_manager.py", 161, "_load_explicit_chat_template", "raise RuntimeError("),
        ),
        "RuntimeError: Chat template ./qwen3_nothink.jinja is not a built-in template name or a valid chat template file path.",
    ),
)
QWEN3_FP8 = "Qwen/Qwen3-235B-A22B-Thinking-2507-FP8"
case(
    "qwen3-thinking-fp8-tp8-block-n-0.5.10",
    "0.5.10.post1",
    "0.5.10.post1 srt/layers/quantization/fp8.py:818-823 (Fp8MoEMethod.create_weights: moe_intermediate_size 1536 / TP 8 = 192 not divisible by block_n 128); sgl-project/sglang issues on Qwen3-235B-A22B-FP8 at TP 8",
    "config_error",
    "the FP8 checkpoint's 128-wide blocks do not split at TP 8 (remedy: --ep-size 8 or TP 4): a configuration, not a fault",
    join(
        sargs(0, QWEN3_FP8, tp_size=8, reasoning_parser="qwen3-thinking", context_length=262144),
        load10(5, 8, "Qwen3MoeForCausalLM", 78.50, 78.50, 0.0)[:6],
        sched_dies(
            9,
            INIT
            + (
                ("model_executor/model_runner.py", 507, "initialize", "self.load_model()"),
                ("model_executor/model_runner.py", 1190, "load_model", "self.model = self.loader.load_model("),
                ("model_loader/loader.py", 620, "load_model", "model = _initialize_model("),
                ("model_loader/loader.py", 262, "_initialize_model", "return model_class("),
                ("models/qwen3_moe.py", 880, "__init__", "self.model = Qwen3MoeModel("),
                (
                    "models/qwen3_moe.py",
                    610,
                    "__init__",
                    "self.layers, self.start_layer, self.end_layer = make_layers(",
                ),
                ("models/qwen3_moe.py", 270, "__init__", "self.experts = get_moe_impl_class(quant_config)("),
                ("layers/moe/fused_moe_triton/layer.py", 276, "__init__", "self.quant_method.create_weights("),
                ("layers/quantization/fp8.py", 819, "create_weights", "raise ValueError("),
            ),
            "ValueError: The output_size of gate's and up's weight = 192 is not divisible by weight quantization block_n = 128.",
        ),
    ),
)
case(
    "r1-distill-fp8-kv-cache-on-a100-0.5.10",
    "0.5.10.post1",
    "Triton's `fp8e4nv not supported in this architecture. The supported fp8 dtypes are ('fp8e4b15', 'fp8e5')` (triton/language/semantic.py), raised while capturing the triton backend's decode kernel; 0.5.10.post1 srt/layers/attention/triton_ops/decode_attention.py",
    "config_error",
    "--kv-cache-dtype fp8_e4m3 on an A100 (sm80): a dtype the GPU generation lacks, the issue's family 4",
    join(
        sargs(
            0,
            "deepseek-ai/DeepSeek-R1-Distill-Qwen-7B",
            tp_size=1,
            kv_cache_dtype="fp8_e4m3",
            attention_backend="triton",
            reasoning_parser="deepseek-r1",
        ),
        load10(4, 1, "Qwen2ForCausalLM", 78.69, 64.27, 11.0),
        pool10(18, 1, 2417823, 32.29, 13.60),
        f"{ts(19, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=13.58 GB",
        "Capturing batches (bs=160 avail_mem=13.41 GB):   0%|          | 0/23 [00:01<?, ?it/s]",
        sched_dies(
            21,
            GRAPHS
            + (
                ("model_executor/cuda_graph_runner.py", 520, "__init__", "self.capture()"),
                (
                    "model_executor/cuda_graph_runner.py",
                    720,
                    "capture",
                    ") = self.capture_one_batch_size(bs, forward, stream_idx)",
                ),
                ("model_executor/cuda_graph_runner.py", 880, "capture_one_batch_size", "run_once()"),
                ("layers/attention/triton_backend.py", 1010, "forward_decode", "self.decode_attention_fwd("),
                (
                    "layers/attention/triton_ops/decode_attention.py",
                    120,
                    "_decode_att_m_fwd",
                    "_fwd_kernel_stage1[grid](",
                ),
                (
                    f"{PKG}/triton/runtime/jit.py",
                    390,
                    "<lambda>",
                    "return lambda *args, **kwargs: self.run(grid=grid, warmup=False, *args, **kwargs)",
                ),
                (
                    f"{PKG}/triton/language/semantic.py",
                    1580,
                    "_str_to_fp_type",
                    'raise ValueError(f"type {ty} not supported in this architecture. "',
                ),
            ),
            "ValueError: type fp8e4nv not supported in this architecture. The supported fp8 dtypes are ('fp8e4b15', 'fp8e5')",
        ),
    ),
)

# ============================================================================================ start-up: memory
case(
    "r1-fp8-tp8-h100-weights-oom-0.5.10",
    "0.5.10.post1",
    "torch CUDACachingAllocator OOM inside 0.5.10.post1 model_loader/loader.py load_weights (DeepSeek-R1 FP8 is ~84 GB a rank at TP 8; sgl-project/sglang#3344 deploys it on 2 x 8 H100 for this reason)",
    "oom_weights",
    "the 671B FP8 checkpoint does not fit one 8 x H100 80GB node: remedy is more GPUs (2 nodes) / H200",
    join(
        sargs(0, "deepseek-ai/DeepSeek-R1", tp_size=8, trust_remote_code=True, reasoning_parser="deepseek-r1"),
        load10(6, 8, "DeepseekV3ForCausalLM", 78.31, 78.31, 0.0)[:6],
        "Loading safetensors checkpoint shards:  93% Completed | 152/163 [04:31<00:19,  1.79s/it]",
        sched_dies(
            290,
            WEIGHTS
            + (
                (
                    "models/deepseek_v2.py",
                    3410,
                    "load_weights",
                    "weight_loader(param, loaded_weight, name, shard_id=shard_id, expert_id=expert_id)",
                ),
                ("layers/moe/fused_moe_triton/layer.py", 700, "weight_loader", "self._weight_loader_impl("),
            ),
            oom("112.00 MiB", "79.19 GiB", "61.06 MiB", "79.12 GiB", "78.45 GiB", "156.33 MiB", gpu=3),
            rank="TP3",
        ),
    ),
)
case(
    "r1-distill-llama-70b-not-enough-memory-0.5.10",
    "0.5.10.post1",
    "0.5.10.post1 srt/model_executor/model_runner_kv_cache_mixin.py:55-60 (MemoryPoolConfig.__post_init__: `Not enough memory. Please try to increase --mem-fraction-static. Current value: ...`)",
    "oom_kv_cache",
    "70B bf16 at TP 2 with --mem-fraction-static 0.75 leaves no KV pool for long chains: raise the fraction / TP",
    join(
        sargs(
            0,
            "deepseek-ai/DeepSeek-R1-Distill-Llama-70B",
            tp_size=2,
            mem_fraction_static=0.75,
            reasoning_parser="deepseek-r1",
        ),
        load10(5, 2, "LlamaForCausalLM", 78.41, 12.63, 48.0),
        sched_dies(
            57,
            INIT
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
            "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: mem_fraction_static=0.75",
        ),
    ),
)
case(
    "r1-mtp-draft-kv-pool-oom-0.5.10",
    "0.5.10.post1",
    "0.5.10.post1 srt/managers/scheduler.py:629 (maybe_init_draft_worker), model_runner_kv_cache_mixin.py:893-903 (the draft reuses the target's memory_pool_config), mem_cache/memory_pool.py MLATokenToKVPool buffers; torch OOM",
    "oom_kv_cache",
    "the MTP draft's KV pool, sized like the target's, no longer fits after the target's pool: a cache-pool OOM at start-up",
    join(
        sargs(
            0,
            "deepseek-ai/DeepSeek-R1-0528",
            tp_size=8,
            speculative_algorithm="EAGLE",
            speculative_num_steps=3,
            mem_fraction_static=0.92,
            reasoning_parser="deepseek-r1",
        ),
        f"{ts(0)} Max running requests is reset to 48 for speculative decoding. You can override this by explicitly setting --max-running-requests.",
        load10(6, 8, "DeepseekV3ForCausalLM", 139.20, 54.33, 95.0),
        pool10(105, 8, 1046528, 35.17, 17.91, mla=True),
        graphs10(106, 8, 17.88, 1.62),
        f"{ts(121, 'TP0')} Load weight begin. avail mem=16.26 GB",
        f"{ts(126, 'TP0')} Load weight end. elapsed=4.81 s, type=DeepseekV3ForCausalLMNextN, avail mem=14.98 GB, mem usage=1.28 GB.",
        sched_dies(
            127,
            INIT[:2]
            + (
                ("managers/scheduler.py", 633, "init_model_worker", "self.maybe_init_draft_worker()"),
                (
                    "managers/scheduler.py",
                    629,
                    "maybe_init_draft_worker",
                    "self.draft_worker = DraftWorkerClass(**draft_worker_kwargs)",
                ),
                ("speculative/eagle_worker.py", 142, "__init__", "super().__init__("),
                ("managers/tp_worker.py", 247, "__init__", "self._init_model_runner()"),
                ("managers/tp_worker.py", 330, "_init_model_runner", "self._model_runner = ModelRunner("),
                ("model_executor/model_runner.py", 430, "__init__", "self.initialize(pre_model_load_memory)"),
                ("model_executor/model_runner.py", 623, "initialize", "self.init_memory_pool(pre_model_load_memory)"),
                (
                    "model_executor/model_runner_kv_cache_mixin.py",
                    903,
                    "init_memory_pool",
                    "self._apply_memory_pool_config(self.memory_pool_config)",
                ),
                (
                    "model_executor/model_runner_kv_cache_mixin.py",
                    870,
                    "_apply_memory_pool_config",
                    "self._init_pools()",
                ),
                (
                    "model_executor/model_runner_kv_cache_mixin.py",
                    600,
                    "_init_pools",
                    "self.token_to_kv_pool = MLATokenToKVPool(",
                ),
                ("mem_cache/memory_pool.py", 1420, "__init__", "self._create_buffers()"),
                ("mem_cache/memory_pool.py", 1445, "_create_buffers", "torch.zeros("),
            ),
            oom("35.17 GiB", "139.80 GiB", "14.63 GiB", "125.15 GiB", "121.86 GiB", "1.46 GiB"),
        ),
    ),
)
case(
    "qwq-awq-capture-oom-two-4090s-0.5.10",
    "0.5.10.post1",
    "0.5.10.post1 srt/model_executor/model_runner.py:2418 init_device_graphs -> cuda_graph_runner.py capture; torch OOM while capturing",
    "oom_cuda_graph",
    "QwQ-32B-AWQ at TP 2 on 24 GB cards: the pool fits, capture at bs=160 runs out (remedy: lower --cuda-graph-max-bs / mem fraction)",
    join(
        sargs(0, "Qwen/QwQ-32B-AWQ", tp_size=2, mem_fraction_static=0.88, reasoning_parser="deepseek-r1"),
        load10(5, 2, "Qwen2ForCausalLM", 23.09, 13.71, 19.0),
        pool10(28, 2, 91264, 5.57, 2.25),
        f"{ts(29, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=2.23 GB",
        f"{ts(29, 'TP1')} Capture cuda graph begin. This can take up to several minutes. avail mem=2.23 GB",
        "Capturing batches (bs=160 avail_mem=1.79 GB):   4%|▍         | 1/23 [00:01<00:31,  1.43s/it]",
        sched_dies(
            32,
            GRAPHS
            + (
                ("model_executor/cuda_graph_runner.py", 520, "__init__", "self.capture()"),
                (
                    "model_executor/cuda_graph_runner.py",
                    720,
                    "capture",
                    ") = self.capture_one_batch_size(bs, forward, stream_idx)",
                ),
                ("model_executor/cuda_graph_runner.py", 880, "capture_one_batch_size", "run_once()"),
                (
                    "model_executor/cuda_graph_runner.py",
                    866,
                    "run_once",
                    "logits_output_or_pp_proxy_tensors = forward(",
                ),
                (
                    "models/qwen2.py",
                    520,
                    "forward",
                    "hidden_states = self.model(input_ids, positions, forward_batch, input_embeds)",
                ),
                ("layers/quantization/awq.py", 390, "apply", "out = awq_dequantize(qweight, scales, qzeros)"),
            ),
            oom("270.00 MiB", "23.53 GiB", "131.94 MiB", "23.39 GiB", "21.84 GiB", "364.11 MiB"),
        ),
    ),
)
case(
    "qwq-not-enough-memory-0.4.6",
    "0.4.6.post5",
    "0.4.6.post5 srt/model_executor/model_runner.py:897-900 (init_memory_pool: `Not enough memory. Please try to increase --mem-fraction-static.`), scheduler.py:2328",
    "oom_kv_cache",
    "QwQ-32B bf16 on one 80 GB card with --mem-fraction-static 0.8: weights leave no pool",
    join(
        f"{ts(0)} server_args=ServerArgs(model_path='Qwen/QwQ-32B', tokenizer_path='Qwen/QwQ-32B', tokenizer_mode='auto', mem_fraction_static=0.8, tp_size=1, reasoning_parser='deepseek-r1', ...)",
        f"{ts(4, 'TP0')} Attention backend not set. Use flashinfer backend by default.",
        f"{ts(4, 'TP0')} Init torch distributed begin.",
        f"{ts(5, 'TP0')} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(5, 'TP0')} Load weight begin. avail mem=78.81 GB",
        "Loading safetensors checkpoint shards: 100% Completed | 14/14 [00:28<00:00,  2.03s/it]",
        f"{ts(34, 'TP0')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=17.71 GB, mem usage=61.10 GB.",
        f"{ts(34, 'TP0')} Scheduler hit an exception: {TB}",
        f046(
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
            ("model_executor/model_runner.py", 297, "initialize", "self.init_memory_pool("),
            ("model_executor/model_runner.py", 898, "init_memory_pool", "raise RuntimeError("),
        ),
        "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static.",
        "",
        sigquit(35),
    ),
)

# ============================================================================================ start-up: two nodes
case(
    "r1-two-nodes-store-timeout-0.5.10",
    "0.5.10.post1",
    "torch c10d TCPStore's DistStoreError (`Timed out after N seconds waiting for clients. 1/2 clients joined.`) in init_process_group, 0.5.10.post1 srt/distributed/parallel_state.py init_distributed_environment",
    "nccl_or_distributed",
    "R1 over 2 x 8 H100 (--nnodes 2): node 1 never joined the rendezvous; a distributed start-up failure",
    join(
        sargs(
            0,
            "deepseek-ai/DeepSeek-R1",
            tp_size=16,
            nnodes=2,
            node_rank=0,
            dist_init_addr="10.0.0.11:5000",
            trust_remote_code=True,
        ),
        f"{ts(5, 'TP0')} Init torch distributed begin.",
        f"{ts(5, 'TP1')} Init torch distributed begin.",
        sched_dies(
            606,
            DIST_INIT
            + TORCH_PG
            + (
                (
                    f"{PKG}/torch/distributed/rendezvous.py",
                    275,
                    "_env_rendezvous_handler",
                    "store = _create_c10d_store(",
                ),
            ),
            "torch.distributed.DistStoreError: Timed out after 601 seconds waiting for clients. 1/2 clients joined.",
        ),
    ),
)
case(
    "r1-two-nodes-dist-init-port-in-use-0.5.10",
    "0.5.10.post1",
    "torch c10d's DistNetworkError (`The server socket has failed to listen on any local network address. port: 5000, useIpv6: false, code: -98, name: EADDRINUSE, message: address already in use`) in init_process_group",
    "port_in_use",
    "node 0's --dist-init-addr port is held by a previous R1 run that did not exit: the address is in use",
    join(
        sargs(
            0,
            "deepseek-ai/DeepSeek-R1",
            tp_size=16,
            nnodes=2,
            node_rank=0,
            dist_init_addr="10.0.0.11:5000",
            trust_remote_code=True,
        ),
        f"{ts(5, 'TP0')} Init torch distributed begin.",
        sched_dies(
            6,
            DIST_INIT
            + TORCH_PG
            + (
                (
                    f"{PKG}/torch/distributed/rendezvous.py",
                    275,
                    "_env_rendezvous_handler",
                    "store = _create_c10d_store(",
                ),
            ),
            "torch.distributed.DistNetworkError: The server socket has failed to listen on any local network address. port: 5000, useIpv6: false, code: -98, name: EADDRINUSE, message: address already in use",
        ),
    ),
)


# ============================================================================================ after ready
def r1_32b_up() -> list[str]:
    return [
        sargs(
            0,
            "deepseek-ai/DeepSeek-R1-Distill-Qwen-32B",
            tp_size=2,
            reasoning_parser="deepseek-r1",
            context_length=65536,
        ),
        *load10(5, 2, "Qwen2ForCausalLM", 78.52, 47.83, 24.0),
        *pool10(33, 2, 468812, 28.61, 12.37),
        *graphs10(34, 2, 12.35, 0.83),
        *ready10(47, 468812, 65536, 11.52),
    ]


case(
    "r1-distill-decode-torch-oom-after-retraction-0.5.10",
    "0.5.10.post1",
    "0.5.10.post1 srt/managers/scheduler.py:2594-2605 (the retraction warnings before), 3620 (`Scheduler hit an exception:`); torch OOM in the decode forward",
    "oom_runtime",
    "a ready server retracting long chains, then a forward allocation that fails: the OOM kills the serving scheduler",
    join(
        r1_32b_up(),
        decode10(300, 212, 455120, 0.97, 38, 3311.40),
        f"{ts(301, 'TP0')} KV cache pool is full. Retract requests. #retracted_reqs: 6, #new_tokens_gained: 54120, #new_token_ratio: 0.4213 -> 0.9180",
        decode10(340, 206, 461870, 0.99, 44, 3102.77),
        sched_dies(
            344,
            LOOP
            + (
                ("model_executor/model_runner.py", 2850, "_forward_raw", "ret = self.forward_extend("),
                ("models/qwen2.py", 540, "forward", "return self.logits_processor("),
                (
                    "layers/logits_processor.py",
                    420,
                    "forward",
                    "logits = self._get_logits(pruned_states, lm_head, logits_metadata)",
                ),
            ),
            oom("2.32 GiB", "79.19 GiB", "1.91 GiB", "77.27 GiB", "70.02 GiB", "5.19 GiB", gpu=1),
            rank="TP1",
        ),
    ),
)
case(
    "kimi-thinking-decode-alloc-out-of-memory-0.5.10",
    "0.5.10.post1",
    "0.5.10.post1 srt/mem_cache/common.py:409-418 (alloc_paged_token_slots_decode: `Decode out of memory. Try to lower your batch size.` logged, then raised)",
    "oom_runtime",
    "the KV pool sized at start-up is exhausted by serving-time chains and the RuntimeError kills the ready server (remedy: fewer concurrent requests), not a start-up shortfall",
    join(
        sargs(
            0,
            "moonshotai/Kimi-K2-Thinking",
            tp_size=8,
            trust_remote_code=True,
            reasoning_parser="kimi_k2",
            tool_call_parser="kimi_k2",
            page_size=64,
        ),
        load10(6, 8, "DeepseekV3ForCausalLM", 139.20, 64.85, 210.0),
        pool10(220, 8, 2140160, 37.60, 15.35, mla=True),
        graphs10(221, 8, 15.32, 1.44),
        ready10(236, 2140160, 262144, 13.88),
        decode10(900, 118, 2127040, 0.99, 61, 1780.52),
        f"{ts(903, 'TP0')} Decode out of memory. Try to lower your batch size.\nTry to allocate 7552 tokens.\navailable_size=3072, evictable_size=0, ",
        sched_dies(
            903,
            LOOP_ALLOC[:2]
            + (
                ("managers/scheduler.py", 1330, "event_loop_overlap", "batch = self.get_next_batch_to_run()"),
                (
                    "managers/scheduler.py",
                    2060,
                    "get_next_batch_to_run",
                    "self.running_batch = self.update_running_batch(self.running_batch)",
                ),
                ("managers/scheduler.py", 2630, "update_running_batch", "batch.prepare_for_decode()"),
                (
                    "managers/schedule_batch.py",
                    2120,
                    "prepare_for_decode",
                    "self.out_cache_loc = alloc_for_decode(self, token_per_req=1)",
                ),
                ("mem_cache/common.py", 444, "alloc_for_decode", "out_cache_loc = alloc_paged_token_slots_decode("),
                ("mem_cache/common.py", 418, "alloc_paged_token_slots_decode", "raise RuntimeError(error_msg)"),
            ),
            "RuntimeError: Decode out of memory. Try to lower your batch size.\nTry to allocate 7552 tokens.\navailable_size=3072, evictable_size=0, ",
        ),
    ),
)
case(
    "r1-mtp-verify-illegal-memory-access-0.5.10",
    "0.5.10.post1",
    "0.5.10.post1 srt/speculative/eagle_worker.py:320 / 731 (verify -> target forward), scheduler.py:3620; torch's `CUDA error: an illegal memory access was encountered` (vllm-project/vllm#13389 shows the same fault for R1 in service)",
    "cuda_error_other",
    "a kernel fault in the MTP verify step of a ready server: a CUDA runtime fault",
    join(
        sargs(
            0,
            "deepseek-ai/DeepSeek-R1-0528",
            tp_size=8,
            speculative_algorithm="EAGLE",
            speculative_num_steps=3,
            speculative_eagle_topk=1,
            speculative_num_draft_tokens=4,
            reasoning_parser="deepseek-r1",
        ),
        load10(6, 8, "DeepseekV3ForCausalLM", 139.20, 54.33, 95.0),
        pool10(105, 8, 948736, 31.88, 21.20, mla=True),
        graphs10(106, 8, 21.17, 1.62),
        ready10(130, 948736, 163840, 18.02, max_running=48),
        decode10(400, 41, 612300, 0.65, 0, 2311.09, spec="accept len: 3.12, accept rate: 0.78, "),
        sched_dies(
            402,
            LOOP[:3]
            + (
                (
                    "managers/scheduler.py",
                    2690,
                    "run_batch",
                    "batch_result = self.model_worker.forward_batch_generation(batch)",
                ),
                ("speculative/eagle_worker.py", 320, "forward_batch_generation", "self.verify(batch, spec_info)"),
                (
                    "speculative/eagle_worker.py",
                    731,
                    "verify",
                    "batch_result = self.target_worker.forward_batch_generation(",
                ),
                (
                    "managers/tp_worker.py",
                    450,
                    "forward_batch_generation",
                    "logits_output = self.model_runner.forward(",
                ),
                ("model_executor/model_runner.py", 2810, "forward", "output = self._forward_raw("),
            ),
            f"torch.AcceleratorError: CUDA error: an illegal memory access was encountered\n{BOILER}",
        ),
    ),
)
case(
    "qwen3-thinking-nccl-watchdog-after-ready-0.5.10",
    "0.5.10.post1",
    "torch ProcessGroupNCCL's watchdog (`Watchdog caught collective operation timeout: WorkNCCL(...) ran for 600000 milliseconds before timing out.`, then the abort of the process group) on a ready TP 4 server",
    "nccl_or_distributed",
    "a TP all-reduce that never completes while serving long chains: a distributed communication failure",
    join(
        sargs(
            0, "Qwen/Qwen3-235B-A22B-Thinking-2507", tp_size=4, reasoning_parser="qwen3-thinking", context_length=131072
        ),
        load10(5, 4, "Qwen3MoeForCausalLM", 139.11, 27.86, 88.0),
        pool10(96, 4, 1193472, 45.40, 14.07),
        graphs10(97, 4, 14.05, 1.21),
        ready10(110, 1193472, 131072, 12.84),
        decode10(500, 96, 883140, 0.74, 0, 2050.66),
        "[rank2]:[E302 10:18:41.226108913 ProcessGroupNCCL.cpp:685] [Rank 2] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=481290, OpType=ALLREDUCE, NumelIn=3145728, NumelOut=3145728, Timeout(ms)=600000) ran for 600074 milliseconds before timing out.",
        "[rank2]:[E302 10:18:41.226392418 ProcessGroupNCCL.cpp:2252] [PG ID 2 PG GUID 3 Rank 2]  failure detected by watchdog at work sequence id: 481290 PG status: last enqueued work: 481290, last completed work: 481289",
        "[rank2]:[E302 10:18:41.226401061 ProcessGroupNCCL.cpp:732] Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value.",
        "[rank2]:[E302 10:18:41.321772095 ProcessGroupNCCL.cpp:1858] [PG ID 2 PG GUID 3 Rank 2] Process group watchdog thread terminated with exception: [Rank 2] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=481290, OpType=ALLREDUCE, NumelIn=3145728, NumelOut=3145728, Timeout(ms)=600000) ran for 600074 milliseconds before timing out.",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        "  what():  [PG ID 2 PG GUID 3 Rank 2] Process group watchdog thread terminated with exception: [Rank 2] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=481290, OpType=ALLREDUCE, NumelIn=3145728, NumelOut=3145728, Timeout(ms)=600000) ran for 600074 milliseconds before timing out.",
        "Fatal Python error: Aborted",
        sigquit(1102),
    ),
)


def qwq046_up() -> list[str]:
    return [
        f"{ts(0)} server_args=ServerArgs(model_path='Qwen/QwQ-32B', tokenizer_path='Qwen/QwQ-32B', tokenizer_mode='auto', mem_fraction_static=0.87, tp_size=2, reasoning_parser='deepseek-r1', context_length=32768, ...)",
        f"{ts(4, 'TP0')} Attention backend not set. Use flashinfer backend by default.",
        f"{ts(4, 'TP0')} Init torch distributed begin.",
        f"{ts(4, 'TP1')} Init torch distributed begin.",
        f"{ts(6, 'TP0')} Init torch distributed ends. mem usage=0.58 GB",
        f"{ts(6, 'TP0')} Load weight begin. avail mem=78.23 GB",
        "Loading safetensors checkpoint shards: 100% Completed | 14/14 [00:17<00:00,  1.25s/it]",
        f"{ts(24, 'TP0')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=47.52 GB, mem usage=30.71 GB.",
        f"{ts(24, 'TP1')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=47.52 GB, mem usage=30.71 GB.",
        f"{ts(24, 'TP0')} KV Cache is allocated. #tokens: 299873, K size: 18.30 GB, V size: 18.30 GB",
        f"{ts(24, 'TP1')} KV Cache is allocated. #tokens: 299873, K size: 18.30 GB, V size: 18.30 GB",
        f"{ts(24, 'TP0')} Memory pool end. avail mem=10.31 GB",
        f"{ts(25, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=9.68 GB",
        "Capturing batches (avail_mem=8.84 GB): 100%|██████████| 23/23 [00:08<00:00,  2.77it/s]",
        f"{ts(33, 'TP0')} Capture cuda graph end. Time elapsed: 8.31 s. mem usage=0.86 GB. avail mem=8.82 GB.",
        f"{ts(34, 'TP0')} max_total_num_tokens=299873, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=2049, context_len=32768",
        f"{ts(34)} INFO:     Started server process [1208]",
        f"{ts(34)} INFO:     Waiting for application startup.",
        f"{ts(34)} INFO:     Application startup complete.",
        f"{ts(34)} INFO:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)",
        f'{ts(35)} INFO:     127.0.0.1:53310 - "GET /get_model_info HTTP/1.1" 200 OK',
        f"{ts(35, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0",
        f'{ts(37)} INFO:     127.0.0.1:53312 - "POST /generate HTTP/1.1" 200 OK',
        f"{ts(37)} The server is fired up and ready to roll!",
    ]


case(
    "qwq-overlap-thread-oom-after-retraction-0.4.6",
    "0.4.6.post5",
    "0.4.6.post5 srt/managers/scheduler.py:1517-1521 (`Decode out of memory happened.`), tp_worker_overlap_thread.py:115-122 (`TpModelWorkerClient hit an exception:` then SIGQUIT to the parent); torch OOM in the decode forward",
    "oom_runtime",
    "after ready and after retractions, the overlap thread's forward runs the GPU out and takes the server down",
    join(
        qwq046_up(),
        f"{ts(400, 'TP0')} Decode batch. #running-req: 301, #token: 297001, token usage: 0.99, cuda graph: False, gen throughput (token/s): 4012.73, #queue-req: 17",
        f"{ts(401, 'TP0')} Decode out of memory happened. #retracted_reqs: 9, #new_token_ratio: 0.3128 -> 0.9561",
        f"{ts(420, 'TP0')} Decode batch. #running-req: 292, #token: 298410, token usage: 1.00, cuda graph: False, gen throughput (token/s): 3870.05, #queue-req: 26",
        f"{ts(423, 'TP0')} TpModelWorkerClient hit an exception: {TB}",
        f046(
            ("managers/tp_worker_overlap_thread.py", 118, "forward_thread_func", "self.forward_thread_func_()"),
            (f"{PY310}/torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
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
            ("model_executor/model_runner.py", 1186, "forward", "return self.forward_decode(forward_batch)"),
            ("model_executor/model_runner.py", 1120, "forward_decode", "return self.model.forward("),
            ("models/qwen2.py", 470, "forward", "return self.logits_processor("),
            (
                "layers/logits_processor.py",
                330,
                "forward",
                "logits = self._get_logits(pruned_states, lm_head, logits_metadata)",
            ),
        ),
        oom("1.48 GiB", "79.11 GiB", "1.02 GiB", "78.08 GiB", "73.90 GiB", "2.71 GiB"),
        "",
        sigquit(423),
    ),
)

# ============================================================================================ healthy contrasts
case(
    "healthy-r1-distill-kv-pool-full-retract-0.5.10",
    "0.5.10.post1",
    "0.5.10.post1 srt/managers/scheduler.py:2561-2605 (`KV cache pool is full. Retract requests. #retracted_reqs: ...`, logger.warning), then decoding goes on",
    "healthy",
    "retraction under long chains is pressure; the ready server keeps decoding (issue family 1)",
    join(
        r1_32b_up(),
        prefill10(60, 16, 8192, 1024, 0.12, 48, 180),
        decode10(200, 224, 451900, 0.96, 140, 3402.18),
        f"{ts(203, 'TP0')} KV cache pool is full. Retract requests. #retracted_reqs: 11, #new_tokens_gained: 98304, #new_token_ratio: 0.3511 -> 0.8842",
        decode10(240, 213, 401337, 0.86, 151, 3290.71),
        f"{ts(244, 'TP0')} KV cache pool is full. Retract requests. #retracted_reqs: 4, #new_tokens_gained: 40120, #new_token_ratio: 0.8310 -> 0.9470",
        decode10(280, 209, 442015, 0.94, 155, 3188.90),
        f'{ts(281)} INFO:     10.2.0.7:51220 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    ),
)
case(
    "healthy-qwq-decode-out-of-memory-happened-0.4.6",
    "0.4.6.post5",
    "0.4.6.post5 srt/managers/scheduler.py:1508-1522 (`Decode out of memory happened. #retracted_reqs: ..., #new_token_ratio: ...`, logger.info), serving goes on",
    "healthy",
    "0.4.6's retraction line says 'out of memory' but is the scheduler's normal pressure path",
    join(
        qwq046_up(),
        f"{ts(400, 'TP0')} Decode batch. #running-req: 301, #token: 297001, token usage: 0.99, cuda graph: False, gen throughput (token/s): 4012.73, #queue-req: 17",
        f"{ts(401, 'TP0')} Decode out of memory happened. #retracted_reqs: 9, #new_token_ratio: 0.3128 -> 0.9561",
        f"{ts(420, 'TP0')} Decode batch. #running-req: 252, #token: 251830, token usage: 0.84, cuda graph: False, gen throughput (token/s): 3511.42, #queue-req: 26",
        f"{ts(431, 'TP0')} Decode out of memory happened. #retracted_reqs: 3, #new_token_ratio: 0.9301 -> 0.9870",
        f"{ts(440, 'TP0')} Prefill batch. #new-seq: 5, #new-token: 1843, #cached-token: 2210, token usage: 0.80, #running-req: 249, #queue-req: 21",
        f'{ts(441)} INFO:     10.1.4.22:40112 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    ),
)
case(
    "healthy-kimi-thinking-abort-last-request-and-length-finishes-0.5.10",
    "0.5.10.post1",
    "0.5.10.post1 srt/managers/schedule_batch.py:1985-2003 (`retract_decode: aborted last request %s due to OOM`, FINISH_ABORT answered to that request), scheduler.py:2594-2605, utils/request_logger.py:186-193 (`Finish: obj=..., out=...` with --log-requests)",
    "healthy",
    "one request is aborted (500 to that client) and others end for length; the scheduler goes on serving",
    join(
        sargs(
            0,
            "moonshotai/Kimi-K2-Thinking",
            tp_size=8,
            trust_remote_code=True,
            reasoning_parser="kimi_k2",
            log_requests=True,
            log_requests_level=0,
        ),
        load10(6, 8, "DeepseekV3ForCausalLM", 139.20, 64.85, 210.0),
        pool10(220, 8, 2140160, 37.60, 15.35, mla=True),
        graphs10(221, 8, 15.32, 1.44),
        ready10(236, 2140160, 262144, 13.88),
        f"{ts(600)} Finish: obj=GenerateReqInput(rid='7f3a2c9e41d84b0a9b1e5c77a0d2f113', sampling_params={{'max_new_tokens': 32768, 'temperature': 1.0}}, stream=False), out={{'meta_info': {{'id': '7f3a2c9e41d84b0a9b1e5c77a0d2f113', 'finish_reason': {{'type': 'length', 'length': 32768}}, 'prompt_tokens': 1840, 'completion_tokens': 32768, 'cached_tokens': 1536, 'e2e_latency': 388.21}}}}",
        decode10(700, 3, 2138880, 1.00, 12, 112.40),
        f"{ts(702, 'TP0')} retract_decode: aborted last request 0b9d51e6a3c94f27b8e0f4d1c2a77e65 due to OOM",
        f"{ts(702, 'TP0')} KV cache pool is full. Retract requests. #retracted_reqs: 2, #new_tokens_gained: 1402560, #new_token_ratio: 0.9100 -> 1.0000",
        f"{ts(702)} Finish: obj=GenerateReqInput(rid='0b9d51e6a3c94f27b8e0f4d1c2a77e65', sampling_params={{'max_new_tokens': 262144}}, stream=True), out={{'meta_info': {{'id': '0b9d51e6a3c94f27b8e0f4d1c2a77e65', 'finish_reason': {{'type': 'abort', 'message': 'Out of memory even after retracting all other requests in the decode batch. Aborting the last request.', 'status_code': 500, 'err_type': None}}, 'prompt_tokens': 2011, 'completion_tokens': 733120}}}}",
        prefill10(703, 2, 3851, 3584, 0.00, 0, 10),
        decode10(740, 12, 402117, 0.19, 0, 1320.08),
    ),
)
case(
    "healthy-qwen3-thinking-requested-token-count-exceeds-0.5.10",
    "0.5.10.post1",
    "0.5.10.post1 srt/managers/tokenizer_manager.py:810-834 (_validate_one_request's ValueError), entrypoints/http_server.py:689-691 (`[http_server] Error: ...` and a 400)",
    "healthy",
    "a client asking for a 32k thinking budget on top of a long prompt is refused per request; the server serves others",
    join(
        sargs(0, "Qwen/Qwen3-32B", tp_size=2, reasoning_parser="qwen3", context_length=40960),
        load10(5, 2, "Qwen3ForCausalLM", 78.52, 47.40, 23.0),
        pool10(32, 2, 512330, 31.27, 11.05),
        graphs10(33, 2, 11.02, 0.84),
        ready10(46, 512330, 40960, 10.18),
        f"{ts(120)} [http_server] Error: Requested token count exceeds the model's maximum context length of 40960 tokens. You requested a total of 45120 tokens: 12352 tokens from the input messages and 32768 tokens for the completion. Please reduce the number of tokens in the input messages or the completion to fit within the limit.",
        f'{ts(120)} INFO:     10.3.1.5:39114 - "POST /generate HTTP/1.1" 400 Bad Request',
        prefill10(121, 1, 12352, 0, 0.02, 7, 0),
        decode10(140, 8, 61220, 0.12, 0, 402.66),
        f'{ts(150)} INFO:     10.3.1.5:39120 - "POST /generate HTTP/1.1" 200 OK',
    ),
)
case(
    "healthy-gpt-oss-harmony-vocab-offline-one-request-0.5.10",
    "0.5.10.post1",
    "0.5.10.post1 srt/entrypoints/openai/serving_responses.py:186-201 (`Error in preprocessing prompt inputs`, logger.exception, then an error response), harmony_utils.py:54-57 / 202-206; openai_harmony's HarmonyError (a RuntimeError); openai/harmony#46, sgl-project/sglang#18074",
    "healthy",
    "an air-gapped GPT-OSS server fails one Responses request on the Harmony vocab download; it was ready and answers other routes (remedy is the tiktoken cache, not a restart)",
    join(
        sargs(0, "openai/gpt-oss-120b", tp_size=2, reasoning_parser="gpt-oss", tool_call_parser="gpt-oss"),
        load10(5, 2, "GptOssForCausalLM", 78.40, 46.01, 22.0),
        pool10(30, 2, 4382720, 16.72, 11.21),
        graphs10(31, 2, 11.18, 0.71),
        ready10(44, 4382720, 131072, 10.47),
        f"{ts(90)} Error in preprocessing prompt inputs",
        TB,
        frames(
            (
                "entrypoints/openai/serving_responses.py",
                191,
                "create_responses",
                "self._make_request_with_harmony(request, prev_response)",
            ),
            (
                "entrypoints/openai/serving_responses.py",
                425,
                "_make_request_with_harmony",
                "prompt_token_ids = render_for_completion(messages)",
            ),
            (
                "entrypoints/harmony_utils.py",
                204,
                "render_for_completion",
                "token_ids = get_encoding().render_conversation_for_completion(",
            ),
            (
                "entrypoints/harmony_utils.py",
                57,
                "get_encoding",
                "_harmony_encoding = load_harmony_encoding(HarmonyEncodingName.HARMONY_GPT_OSS)",
            ),
            (
                f"{PKG}/openai_harmony/__init__.py",
                689,
                "load_harmony_encoding",
                "inner: _PyHarmonyEncoding = _load_harmony_encoding(name)",
            ),
        ),
        "openai_harmony.HarmonyError: error downloading or loading vocab file: failed to download or load vocab file",
        f'{ts(90)} INFO:     10.4.0.9:55102 - "POST /v1/responses HTTP/1.1" 400 Bad Request',
        f'{ts(95)} INFO:     10.4.0.9:55108 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        decode10(96, 3, 9120, 0.00, 0, 612.30),
    ),
)

# The classifier's misses at first sight (strict: a fix must remove the entry), with the label it gave.
XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_reasoning_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


# Healthy templates that fire a failure event on the way at first sight (what a live supervisor acts on), with the
# event's label: kept strict here.
EVENT_XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_reasoning_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35

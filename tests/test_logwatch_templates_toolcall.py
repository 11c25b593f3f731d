"""Tool / function calling in SGLang (0.4.6.post5-0.5.6) as it shows in the log: synthetic, written blind by a helper.

Scope: `--tool-call-parser` (qwen25/qwen, llama3, mistral, deepseekv3/v31/v32, kimi_k2, glm45, gpt-oss, pythonic),
chat templates with tools, `tool_choice` required / named (the json_schema / EBNF constraint it turns into), the
OpenAI-compatible endpoints' per-request errors (a 400 or 500 the server survives) and start-up errors (a parser name
argparse refuses, a vLLM-only flag, a chat template path that is not there, a `--tool-server` whose client package is
missing, a Kimi-K2 checkpoint that needs remote code or tiktoken), crashes in the scheduler and the detokenizer while
serving constrained tool calls, and healthy servers that log parser warnings and failed tool-call parses.

Sources. Every SGLang message is copied from the named wheel (pip download --no-deps sglang==V): 0.4.6.post5,
0.4.9.post6, 0.4.10, 0.4.10.post2, 0.5.2, 0.5.4, 0.5.6 (function_call/function_call_parser.py `Unsupported
tool_call_parser`, base_format_detector.py / qwen25_detector.py / pythonic_detector.py warnings, server_args.py
`--tool-call-parser` choices and the qwen25->qwen deprecation, openai_api/adapter.py and entrypoints/openai/
serving_chat.py / serving_base.py `Tool call parsing error`, `Error in request`, `Tools cannot be empty ...`,
managers/template_manager.py `Chat template ... is not a built-in template name`, entrypoints/http_server.py
`Can not initialize OpenAIServingResponses`, entrypoints/openai/tool_server.py, constrained/xgrammar_backend.py
`Tokens not accepted`, speculative/eagle_info.py, scheduler_output_processor_mixin.py `Grammar accept_token failed`,
managers/detokenizer_manager.py `DetokenizerManager hit an exception`, managers/scheduler.py's wrapper and
`assert self.grammar_backend is not None`, environ.py's `Invalid value for ...`). The argparse usage blocks are
regenerated from each wheel's `add_cli_args` (option names, choices, nargs) with Python's argparse at 80 columns.
Library text: uvicorn 0.34.2 / 0.35.0 (`Exception in ASGI application`, `Application startup failed. Exiting.`,
the bind error), starlette 0.46.2 / 0.47.2 and fastapi 0.115.12 (frames), transformers 4.54.1 / 4.57.1
(configuration_auto.py `does not recognize this architecture`, dynamic_module_utils.py `This modeling file requires`,
chat_template_utils.py `raise_exception`), jinja2 3.1.6, openai-harmony 0.0.4 (`error downloading or loading vocab
file`), torch's OOM / CUDA / HIP / ProcessGroupNCCL text, Triton's `Triton Error [CUDA]`, NCCL's NET/IB warning; a few
library line numbers (torch, triton internals) are approximate. Threads: sgl-project/sgl-project.github.io#17 (the
`llama4` parser), sgl-project/sglang#9316 (`gpt-oss` missing from the hardcoded choices), #12461 (`ValueError: Tokens
not accepted: 151551` under EAGLE), #7897 (the try/except around accept_token outside speculative decoding), #12894
(tool_choice required with gpt-oss), #6582 (invalid tool_choice warnings), #9329 (`DetokenizerManager hit an
exception` at start-up), #8336 / #6309 (EAGLE illegal memory access frames), #4574 / #7903 (grammar crashes), openai/
harmony#46 (offline vocab), vllm-project/vllm#9019 (Mistral's 9-character tool call ids).

Labelling policy, decided before the classifier ran (labels from /work/shared/corpus/README.md and the brief's
families): a per-request failure the server survives (a 400/500 answer, `Tool call parsing error`, `Error in request`
with a jinja traceback, `Exception in ASGI application`, `Model attempted to call undefined function`, a grammar
abort, a retraction) is `healthy` when the server reached ready. A start-up refusal about the user's flags, template
path, model or a missing Python package (argparse exit 2, RuntimeError/ValueError/ImportError/TypeError at start-up,
also when the detokenizer is the process that dies of it) is `config_error`; so is a scheduler that asserts after
ready because `--grammar-backend none` cannot serve the constrained tool_choice it was sent (the user's argument is
the cause, the fix is the flag). A CUDA/HIP/Triton fault while applying the grammar mask or sampling is
`cuda_error_other` (ROCm spelling included); a torch OOM after ready is `oom_runtime`; an NCCL network error that
aborts ranks while serving is `nccl_or_distributed`; an address in use is `port_in_use`. A scheduler that dies on
xgrammar's `Tokens not accepted` under EAGLE (a software defect, no memory, CUDA, NCCL or argument cause in the
text) is `unknown`: no label of the set tells.

First sight: 25/26 (1 miss, a strict xfail below); healthy contrasts 5/5 end `healthy` and none fires a failure event.
- eagle_verify_tokens_not_accepted_crash (0.5.4, xgrammar `ValueError: Tokens not accepted: 151551` re-raised from EAGLE's
  verify after ready, every scheduler dies): labelled `unknown`, the classifier said `config_error` (rule
  unnamed.exception).
"""

# ruff: noqa: E501, RUF005

from __future__ import annotations

from typing import NamedTuple

import pytest

from safelaunch.core.logwatch import LogClassifier, classify_text

from .logwatch_templates import first_sight


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
WS = "/sgl-workspace/sglang/python"  # the images' editable install (ROCm image, source builds)
RUNPY310 = (
    ("/usr/lib/python3.10/runpy.py", 196, "_run_module_as_main", "return _run_code(code, main_globals, None,"),
    ("/usr/lib/python3.10/runpy.py", 86, "_run_code", "exec(code, run_globals)"),
)
RUNPY312 = (
    ("<frozen runpy>", 198, "_run_module_as_main", ""),
    ("<frozen runpy>", 88, "_run_code", ""),
)
TB = "Traceback (most recent call last):"


def at(date: str, sec: int, rank: str | None = None) -> str:
    """SGLang's `[%(asctime)s{prefix}]`, the clock starting at 14:00:00."""
    h, m, s = 14 + sec // 3600, (sec // 60) % 60, sec % 60
    return f"[{date} {h:02d}:{m:02d}:{s:02d}{' ' + rank if rank else ''}]"


def tb(sgl: str, pkgs: str, *stack: tuple) -> str:
    """Python's frames. A path is under `{sgl}/sglang/srt/` unless it starts with `/` or `<` (absolute) or `+`
    (another package under `{pkgs}`); a 5th element is the caret line Python 3.11+ prints."""
    out = []
    for frame in stack:
        path, line, func, code = frame[:4]
        if path.startswith(("/", "<")):
            full = path
        elif path.startswith("+"):
            full = f"{pkgs}/{path[1:]}"
        else:
            full = f"{sgl}/sglang/srt/{path}"
        out.append(f'  File "{full}", line {line}, in {func}' + (f"\n    {code}" if code else ""))
        if len(frame) > 4:
            out.append(f"    {frame[4]}")
    return "\n".join(out)


def sargs(date: str, sec: int, model: str, **kw: object) -> str:
    fields = {"model_path": model, "tokenizer_path": model, "tokenizer_mode": "auto", **kw}
    body = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    return f"{at(date, sec)} server_args=ServerArgs({body}, log_level='info', ...)"


def boot(
    date: str,
    sec: int,
    rank: str | None,
    *,
    arch: str,
    avail: float,
    weights: float,
    tokens: int,
    kv: float,
    ctx: int,
    maxreq: int,
    shards: int = 4,
    graph: float = 0.9,
    mla: bool = False,
    old: bool = False,
    chunked: int = 8192,
) -> list[str]:
    """A scheduler's start-up lines (model_runner.py / memory_pool.py / cuda_graph_runner.py / scheduler.py)."""
    a1 = avail - weights
    a2 = a1 - (kv if mla else 2 * kv) - 0.31
    a3 = a2 - graph
    t = sec + 4 + shards * 2
    kvline = f"KV size: {kv:.2f} GB" if mla else f"K size: {kv:.2f} GB, V size: {kv:.2f} GB"
    capture = (
        f"Capturing batches (avail_mem={a2 - 0.05:.2f} GB): 100%|██████████| 35/35 [00:11<00:00,  3.04it/s]"
        if old
        else f"Capturing batches (bs=1 avail_mem={a3 + 0.02:.2f} GB): 100%|██████████| 36/36 [00:12<00:00,  2.91it/s]"
    )
    maxline = (
        f"max_total_num_tokens={tokens}, chunked_prefill_size={chunked}, max_prefill_tokens=16384, "
        f"max_running_requests={maxreq}, context_len={ctx}"
    )
    if not old:
        maxline += f", available_gpu_mem={a3:.2f} GB"
    return [
        f"{at(date, sec, rank)} Init torch distributed begin.",
        f"{at(date, sec + 2, rank)} Init torch distributed ends. mem usage=0.58 GB",
        f"{at(date, sec + 3, rank)} Load weight begin. avail mem={avail:.2f} GB",
        f"Loading safetensors checkpoint shards: 100% Completed | {shards}/{shards} [{shards * 2 // 60:02d}:{shards * 2 % 60:02d}<00:00,  1.98it/s]",
        f"{at(date, t, rank)} Load weight end. type={arch}, dtype=torch.bfloat16, avail mem={a1:.2f} GB, mem usage={weights:.2f} GB.",
        f"{at(date, t + 1, rank)} KV Cache is allocated. #tokens: {tokens}, {kvline}",
        f"{at(date, t + 1, rank)} Memory pool end. avail mem={a2:.2f} GB",
        f"{at(date, t + 2, rank)} Capture cuda graph begin. This can take up to several minutes. avail mem={a2 - 0.02:.2f} GB",
        capture,
        f"{at(date, t + 14, rank)} Capture cuda graph end. Time elapsed: 12.37 s. mem usage={graph:.2f} GB. avail mem={a3:.2f} GB.",
        f"{at(date, t + 15, rank)} {maxline}",
    ]


def ready(date: str, sec: int, *, port: int = 30000, pid: int = 4242, warm: str) -> list[str]:
    """uvicorn's lines, the warm-up request and SGLang's ready line (`warm` is that version's prefill line)."""
    return [
        f"{at(date, sec)} INFO:     Started server process [{pid}]",
        f"{at(date, sec)} INFO:     Waiting for application startup.",
        f"{at(date, sec)} INFO:     Application startup complete.",
        f"{at(date, sec)} INFO:     Uvicorn running on http://0.0.0.0:{port} (Press CTRL+C to quit)",
        f'{at(date, sec + 1)} INFO:     127.0.0.1:46704 - "GET /get_model_info HTTP/1.1" 200 OK',
        warm,
        f'{at(date, sec + 2)} INFO:     127.0.0.1:46720 - "POST /generate HTTP/1.1" 200 OK',
        f"{at(date, sec + 2)} The server is fired up and ready to roll!",
    ]


def access(
    date: str, sec: int, status: str, path: str = "/v1/chat/completions", client: str = "10.0.3.17:52144"
) -> str:
    return f'{at(date, sec)} INFO:     {client} - "POST {path} HTTP/1.1" {status}'


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


# The argparse usage blocks SGLang prints before `launch_server.py: error: ...` (regenerated from each wheel)
USAGE_046 = """usage: launch_server.py [-h] --model-path MODEL_PATH
                        [--tokenizer-path TOKENIZER_PATH] [--host HOST]
                        [--port PORT] [--tokenizer-mode {auto,slow}]
                        [--skip-tokenizer-init]
                        [--load-format {auto,pt,safetensors,npcache,dummy,sharded_state,gguf,bitsandbytes,layered,remote}]
                        [--trust-remote-code]
                        [--dtype {auto,half,float16,bfloat16,float,float32}]
                        [--kv-cache-dtype {auto,fp8_e5m2,fp8_e4m3}]
                        [--quantization {awq,fp8,gptq,marlin,gptq_marlin,awq_marlin,bitsandbytes,gguf,modelopt,modelopt_fp4,w8a8_int8,w8a8_fp8,moe_wna16,qoq}]
                        [--quantization-param-path QUANTIZATION_PARAM_PATH]
                        [--context-length CONTEXT_LENGTH] [--device DEVICE]
                        [--served-model-name SERVED_MODEL_NAME]
                        [--chat-template CHAT_TEMPLATE]
                        [--completion-template COMPLETION_TEMPLATE]
                        [--is-embedding] [--enable-multimodal]
                        [--revision REVISION]
                        [--mem-fraction-static MEM_FRACTION_STATIC]
                        [--max-running-requests MAX_RUNNING_REQUESTS]
                        [--max-total-tokens MAX_TOTAL_TOKENS]
                        [--chunked-prefill-size CHUNKED_PREFILL_SIZE]
                        [--max-prefill-tokens MAX_PREFILL_TOKENS]
                        [--schedule-policy {lpm,random,fcfs,dfs-weight}]
                        [--schedule-conservativeness SCHEDULE_CONSERVATIVENESS]
                        [--cpu-offload-gb CPU_OFFLOAD_GB]
                        [--page-size PAGE_SIZE]
                        [--tensor-parallel-size TENSOR_PARALLEL_SIZE]
                        [--pipeline-parallel-size PIPELINE_PARALLEL_SIZE]
                        [--max-micro-batch-size MAX_MICRO_BATCH_SIZE]
                        [--stream-interval STREAM_INTERVAL] [--stream-output]
                        [--random-seed RANDOM_SEED]
                        [--constrained-json-whitespace-pattern CONSTRAINED_JSON_WHITESPACE_PATTERN]
                        [--watchdog-timeout WATCHDOG_TIMEOUT]
                        [--dist-timeout DIST_TIMEOUT]
                        [--download-dir DOWNLOAD_DIR]
                        [--base-gpu-id BASE_GPU_ID]
                        [--gpu-id-step GPU_ID_STEP] [--log-level LOG_LEVEL]
                        [--log-level-http LOG_LEVEL_HTTP] [--log-requests]
                        [--log-requests-level {0,1,2}] [--show-time-cost]
                        [--enable-metrics]
                        [--bucket-time-to-first-token BUCKET_TIME_TO_FIRST_TOKEN [BUCKET_TIME_TO_FIRST_TOKEN ...]]
                        [--bucket-inter-token-latency BUCKET_INTER_TOKEN_LATENCY [BUCKET_INTER_TOKEN_LATENCY ...]]
                        [--bucket-e2e-request-latency BUCKET_E2E_REQUEST_LATENCY [BUCKET_E2E_REQUEST_LATENCY ...]]
                        [--collect-tokens-histogram]
                        [--kv-events-config KV_EVENTS_CONFIG]
                        [--decode-log-interval DECODE_LOG_INTERVAL]
                        [--enable-request-time-stats-logging]
                        [--api-key API_KEY]
                        [--file-storage-path FILE_STORAGE_PATH]
                        [--enable-cache-report]
                        [--reasoning-parser {deepseek-r1,qwen3}]
                        [--data-parallel-size DATA_PARALLEL_SIZE]
                        [--load-balance-method {round_robin,shortest_queue}]
                        [--expert-parallel-size EXPERT_PARALLEL_SIZE]
                        [--dist-init-addr DIST_INIT_ADDR] [--nnodes NNODES]
                        [--node-rank NODE_RANK]
                        [--json-model-override-args JSON_MODEL_OVERRIDE_ARGS]
                        [--preferred-sampling-params PREFERRED_SAMPLING_PARAMS]
                        [--lora-paths [LORA_PATHS ...]]
                        [--max-loras-per-batch MAX_LORAS_PER_BATCH]
                        [--lora-backend LORA_BACKEND]
                        [--attention-backend {aiter,flashinfer,triton,torch_native,fa3,flashmla,cutlass_mla}]
                        [--sampling-backend {flashinfer,pytorch}]
                        [--grammar-backend {xgrammar,outlines,llguidance,none}]
                        [--enable-flashinfer-mla] [--enable-flashmla]
                        [--flashinfer-mla-disable-ragged]
                        [--speculative-algorithm {EAGLE,EAGLE3,NEXTN}]
                        [--speculative-draft-model-path SPECULATIVE_DRAFT_MODEL_PATH]
                        [--speculative-num-steps SPECULATIVE_NUM_STEPS]
                        [--speculative-eagle-topk SPECULATIVE_EAGLE_TOPK]
                        [--speculative-num-draft-tokens SPECULATIVE_NUM_DRAFT_TOKENS]
                        [--speculative-accept-threshold-single SPECULATIVE_ACCEPT_THRESHOLD_SINGLE]
                        [--speculative-accept-threshold-acc SPECULATIVE_ACCEPT_THRESHOLD_ACC]
                        [--speculative-token-map SPECULATIVE_TOKEN_MAP]
                        [--enable-double-sparsity]
                        [--ds-channel-config-path DS_CHANNEL_CONFIG_PATH]
                        [--ds-heavy-channel-num DS_HEAVY_CHANNEL_NUM]
                        [--ds-heavy-token-num DS_HEAVY_TOKEN_NUM]
                        [--ds-heavy-channel-type DS_HEAVY_CHANNEL_TYPE]
                        [--ds-sparse-decode-threshold DS_SPARSE_DECODE_THRESHOLD]
                        [--disable-radix-cache] [--disable-cuda-graph]
                        [--disable-cuda-graph-padding] [--enable-nccl-nvls]
                        [--enable-tokenizer-batch-encode]
                        [--disable-outlines-disk-cache]
                        [--disable-custom-all-reduce]
                        [--disable-overlap-schedule] [--enable-mixed-chunk]
                        [--enable-dp-attention] [--enable-dp-lm-head]
                        [--enable-ep-moe] [--enable-torch-compile]
                        [--torch-compile-max-bs TORCH_COMPILE_MAX_BS]
                        [--cuda-graph-max-bs CUDA_GRAPH_MAX_BS]
                        [--cuda-graph-bs CUDA_GRAPH_BS [CUDA_GRAPH_BS ...]]
                        [--torchao-config TORCHAO_CONFIG]
                        [--enable-nan-detection] [--enable-p2p-check]
                        [--triton-attention-reduce-in-fp32]
                        [--triton-attention-num-kv-splits TRITON_ATTENTION_NUM_KV_SPLITS]
                        [--num-continuous-decode-steps NUM_CONTINUOUS_DECODE_STEPS]
                        [--delete-ckpt-after-loading] [--enable-memory-saver]
                        [--allow-auto-truncate]
                        [--enable-custom-logit-processor]
                        [--tool-call-parser {qwen25,mistral,llama3,deepseekv3,pythonic}]
                        [--enable-hierarchical-cache]
                        [--hicache-ratio HICACHE_RATIO]
                        [--hicache-size HICACHE_SIZE]
                        [--hicache-write-policy {write_back,write_through,write_through_selective}]
                        [--enable-deepep-moe]
                        [--moe-dense-tp-size MOE_DENSE_TP_SIZE]
                        [--deepep-mode {normal,low_latency,auto}]
                        [--ep-num-redundant-experts EP_NUM_REDUNDANT_EXPERTS]
                        [--ep-dispatch-algorithm EP_DISPATCH_ALGORITHM]
                        [--init-expert-location INIT_EXPERT_LOCATION]
                        [--enable-eplb]
                        [--eplb-rebalance-num-iterations EPLB_REBALANCE_NUM_ITERATIONS]
                        [--expert-distribution-recorder-mode EXPERT_DISTRIBUTION_RECORDER_MODE]
                        [--expert-distribution-recorder-buffer-size EXPERT_DISTRIBUTION_RECORDER_BUFFER_SIZE]
                        [--enable-expert-distribution-metrics]
                        [--deepep-config DEEPEP_CONFIG]
                        [--n-share-experts-fusion N_SHARE_EXPERTS_FUSION]
                        [--disable-chunked-prefix-cache]
                        [--disable-fast-image-processor] [--warmups WARMUPS]
                        [--debug-tensor-dump-output-folder DEBUG_TENSOR_DUMP_OUTPUT_FOLDER]
                        [--debug-tensor-dump-input-file DEBUG_TENSOR_DUMP_INPUT_FILE]
                        [--debug-tensor-dump-inject DEBUG_TENSOR_DUMP_INJECT]
                        [--disaggregation-mode {null,prefill,decode}]
                        [--disaggregation-bootstrap-port DISAGGREGATION_BOOTSTRAP_PORT]
                        [--disaggregation-transfer-backend {mooncake,nixl}]
                        [--disaggregation-ib-device DISAGGREGATION_IB_DEVICE]
                        [--pdlb-url PDLB_URL]
                        [--mm-attention-backend {sdpa,fa3,triton_attn}]
launch_server.py: error: argument --tool-call-parser: invalid choice: 'llama4' (choose from 'qwen25', 'mistral', 'llama3', 'deepseekv3', 'pythonic')"""
USAGE_049 = """usage: launch_server.py [-h] --model-path MODEL_PATH
                        [--tokenizer-path TOKENIZER_PATH]
                        [--tokenizer-mode {auto,slow}] [--skip-tokenizer-init]
                        [--load-format {auto,pt,safetensors,npcache,dummy,sharded_state,gguf,bitsandbytes,layered,remote}]
                        [--model-loader-extra-config MODEL_LOADER_EXTRA_CONFIG]
                        [--trust-remote-code]
                        [--context-length CONTEXT_LENGTH] [--is-embedding]
                        [--enable-multimodal] [--revision REVISION]
                        [--model-impl MODEL_IMPL] [--host HOST] [--port PORT]
                        [--skip-server-warmup] [--warmups WARMUPS]
                        [--nccl-port NCCL_PORT]
                        [--dtype {auto,half,float16,bfloat16,float,float32}]
                        [--quantization {awq,fp8,gptq,marlin,gptq_marlin,awq_marlin,bitsandbytes,gguf,modelopt,modelopt_fp4,petit_nvfp4,w8a8_int8,w8a8_fp8,moe_wna16,qoq,w4afp8}]
                        [--quantization-param-path QUANTIZATION_PARAM_PATH]
                        [--kv-cache-dtype {auto,fp8_e5m2,fp8_e4m3}]
                        [--mem-fraction-static MEM_FRACTION_STATIC]
                        [--max-running-requests MAX_RUNNING_REQUESTS]
                        [--max-queued-requests MAX_QUEUED_REQUESTS]
                        [--max-total-tokens MAX_TOTAL_TOKENS]
                        [--chunked-prefill-size CHUNKED_PREFILL_SIZE]
                        [--max-prefill-tokens MAX_PREFILL_TOKENS]
                        [--schedule-policy {lpm,random,fcfs,dfs-weight}]
                        [--schedule-conservativeness SCHEDULE_CONSERVATIVENESS]
                        [--cpu-offload-gb CPU_OFFLOAD_GB]
                        [--page-size PAGE_SIZE]
                        [--hybrid-kvcache-ratio [HYBRID_KVCACHE_RATIO]]
                        [--swa-full-tokens-ratio SWA_FULL_TOKENS_RATIO]
                        [--disable-hybrid-swa-memory] [--device DEVICE]
                        [--tensor-parallel-size TENSOR_PARALLEL_SIZE]
                        [--pipeline-parallel-size PIPELINE_PARALLEL_SIZE]
                        [--max-micro-batch-size MAX_MICRO_BATCH_SIZE]
                        [--stream-interval STREAM_INTERVAL] [--stream-output]
                        [--random-seed RANDOM_SEED]
                        [--constrained-json-whitespace-pattern CONSTRAINED_JSON_WHITESPACE_PATTERN]
                        [--watchdog-timeout WATCHDOG_TIMEOUT]
                        [--dist-timeout DIST_TIMEOUT]
                        [--download-dir DOWNLOAD_DIR]
                        [--base-gpu-id BASE_GPU_ID]
                        [--gpu-id-step GPU_ID_STEP] [--sleep-on-idle]
                        [--log-level LOG_LEVEL]
                        [--log-level-http LOG_LEVEL_HTTP] [--log-requests]
                        [--log-requests-level {0,1,2,3}]
                        [--crash-dump-folder CRASH_DUMP_FOLDER]
                        [--show-time-cost] [--enable-metrics]
                        [--enable-metrics-for-all-schedulers]
                        [--bucket-time-to-first-token BUCKET_TIME_TO_FIRST_TOKEN [BUCKET_TIME_TO_FIRST_TOKEN ...]]
                        [--bucket-inter-token-latency BUCKET_INTER_TOKEN_LATENCY [BUCKET_INTER_TOKEN_LATENCY ...]]
                        [--bucket-e2e-request-latency BUCKET_E2E_REQUEST_LATENCY [BUCKET_E2E_REQUEST_LATENCY ...]]
                        [--collect-tokens-histogram]
                        [--decode-log-interval DECODE_LOG_INTERVAL]
                        [--enable-request-time-stats-logging]
                        [--kv-events-config KV_EVENTS_CONFIG]
                        [--api-key API_KEY]
                        [--served-model-name SERVED_MODEL_NAME]
                        [--chat-template CHAT_TEMPLATE]
                        [--completion-template COMPLETION_TEMPLATE]
                        [--file-storage-path FILE_STORAGE_PATH]
                        [--enable-cache-report]
                        [--reasoning-parser {deepseek-r1,qwen3,qwen3-thinking,glm45,kimi}]
                        [--tool-call-parser {qwen25,mistral,llama3,deepseekv3,pythonic,kimi_k2,qwen3_coder,glm45}]
                        [--data-parallel-size DATA_PARALLEL_SIZE]
                        [--load-balance-method {round_robin,shortest_queue}]
                        [--dist-init-addr DIST_INIT_ADDR] [--nnodes NNODES]
                        [--node-rank NODE_RANK]
                        [--json-model-override-args JSON_MODEL_OVERRIDE_ARGS]
                        [--preferred-sampling-params PREFERRED_SAMPLING_PARAMS]
                        [--enable-lora] [--max-lora-rank MAX_LORA_RANK]
                        [--lora-target-modules [{q_proj,k_proj,v_proj,o_proj,gate_proj,up_proj,down_proj,all} ...]]
                        [--lora-paths [LORA_PATHS ...]]
                        [--max-loras-per-batch MAX_LORAS_PER_BATCH]
                        [--lora-backend LORA_BACKEND]
                        [--attention-backend {aiter,cutlass_mla,fa3,flashinfer,flashmla,intel_amx,torch_native,ascend,triton}]
                        [--decode-attention-backend {flashinfer,triton,torch_native,fa3,flashmla,cutlass_mla}]
                        [--prefill-attention-backend {flashinfer,triton,torch_native,fa3,flashmla,cutlass_mla}]
                        [--sampling-backend {flashinfer,pytorch}]
                        [--grammar-backend {xgrammar,outlines,llguidance,none}]
                        [--mm-attention-backend {sdpa,fa3,triton_attn}]
                        [--speculative-algorithm {EAGLE,EAGLE3,NEXTN}]
                        [--speculative-draft-model-path SPECULATIVE_DRAFT_MODEL_PATH]
                        [--speculative-num-steps SPECULATIVE_NUM_STEPS]
                        [--speculative-eagle-topk SPECULATIVE_EAGLE_TOPK]
                        [--speculative-num-draft-tokens SPECULATIVE_NUM_DRAFT_TOKENS]
                        [--speculative-accept-threshold-single SPECULATIVE_ACCEPT_THRESHOLD_SINGLE]
                        [--speculative-accept-threshold-acc SPECULATIVE_ACCEPT_THRESHOLD_ACC]
                        [--speculative-token-map SPECULATIVE_TOKEN_MAP]
                        [--expert-parallel-size EXPERT_PARALLEL_SIZE]
                        [--enable-ep-moe] [--enable-flashinfer-cutlass-moe]
                        [--enable-flashinfer-trtllm-moe]
                        [--enable-flashinfer-allreduce-fusion]
                        [--enable-deepep-moe]
                        [--deepep-mode {normal,low_latency,auto}]
                        [--ep-num-redundant-experts EP_NUM_REDUNDANT_EXPERTS]
                        [--ep-dispatch-algorithm EP_DISPATCH_ALGORITHM]
                        [--init-expert-location INIT_EXPERT_LOCATION]
                        [--enable-eplb] [--eplb-algorithm EPLB_ALGORITHM]
                        [--eplb-rebalance-num-iterations EPLB_REBALANCE_NUM_ITERATIONS]
                        [--eplb-rebalance-layers-per-chunk EPLB_REBALANCE_LAYERS_PER_CHUNK]
                        [--expert-distribution-recorder-mode EXPERT_DISTRIBUTION_RECORDER_MODE]
                        [--expert-distribution-recorder-buffer-size EXPERT_DISTRIBUTION_RECORDER_BUFFER_SIZE]
                        [--enable-expert-distribution-metrics]
                        [--deepep-config DEEPEP_CONFIG]
                        [--moe-dense-tp-size MOE_DENSE_TP_SIZE]
                        [--enable-hierarchical-cache]
                        [--hicache-ratio HICACHE_RATIO]
                        [--hicache-size HICACHE_SIZE]
                        [--hicache-write-policy {write_back,write_through,write_through_selective}]
                        [--hicache-io-backend {direct,kernel}]
                        [--hicache-storage-backend {file}]
                        [--enable-double-sparsity]
                        [--ds-channel-config-path DS_CHANNEL_CONFIG_PATH]
                        [--ds-heavy-channel-num DS_HEAVY_CHANNEL_NUM]
                        [--ds-heavy-token-num DS_HEAVY_TOKEN_NUM]
                        [--ds-heavy-channel-type DS_HEAVY_CHANNEL_TYPE]
                        [--ds-sparse-decode-threshold DS_SPARSE_DECODE_THRESHOLD]
                        [--disable-radix-cache]
                        [--cuda-graph-max-bs CUDA_GRAPH_MAX_BS]
                        [--cuda-graph-bs CUDA_GRAPH_BS [CUDA_GRAPH_BS ...]]
                        [--disable-cuda-graph] [--disable-cuda-graph-padding]
                        [--enable-profile-cuda-graph] [--enable-nccl-nvls]
                        [--enable-tokenizer-batch-encode]
                        [--disable-outlines-disk-cache]
                        [--disable-custom-all-reduce] [--enable-mscclpp]
                        [--disable-overlap-schedule] [--enable-mixed-chunk]
                        [--enable-dp-attention] [--enable-dp-lm-head]
                        [--enable-two-batch-overlap] [--enable-torch-compile]
                        [--torch-compile-max-bs TORCH_COMPILE_MAX_BS]
                        [--torchao-config TORCHAO_CONFIG]
                        [--enable-nan-detection] [--enable-p2p-check]
                        [--triton-attention-reduce-in-fp32]
                        [--triton-attention-num-kv-splits TRITON_ATTENTION_NUM_KV_SPLITS]
                        [--num-continuous-decode-steps NUM_CONTINUOUS_DECODE_STEPS]
                        [--delete-ckpt-after-loading] [--enable-memory-saver]
                        [--allow-auto-truncate]
                        [--enable-custom-logit-processor]
                        [--flashinfer-mla-disable-ragged]
                        [--disable-shared-experts-fusion]
                        [--disable-chunked-prefix-cache]
                        [--disable-fast-image-processor]
                        [--enable-return-hidden-states]
                        [--enable-triton-kernel-moe]
                        [--debug-tensor-dump-output-folder DEBUG_TENSOR_DUMP_OUTPUT_FOLDER]
                        [--debug-tensor-dump-input-file DEBUG_TENSOR_DUMP_INPUT_FILE]
                        [--debug-tensor-dump-inject DEBUG_TENSOR_DUMP_INJECT]
                        [--debug-tensor-dump-prefill-only]
                        [--disaggregation-mode {null,prefill,decode}]
                        [--disaggregation-transfer-backend {mooncake,nixl,ascend}]
                        [--disaggregation-bootstrap-port DISAGGREGATION_BOOTSTRAP_PORT]
                        [--disaggregation-decode-tp DISAGGREGATION_DECODE_TP]
                        [--disaggregation-decode-dp DISAGGREGATION_DECODE_DP]
                        [--disaggregation-prefill-pp DISAGGREGATION_PREFILL_PP]
                        [--disaggregation-ib-device DISAGGREGATION_IB_DEVICE]
                        [--num-reserved-decode-tokens NUM_RESERVED_DECODE_TOKENS]
                        [--pdlb-url PDLB_URL]
                        [--custom-weight-loader [CUSTOM_WEIGHT_LOADER ...]]
                        [--enable-pdmux] [--sm-group-num SM_GROUP_NUM]
                        [--weight-loader-disable-mmap]
launch_server.py: error: argument --tool-call-parser: invalid choice: 'qwen3' (choose from 'qwen25', 'mistral', 'llama3', 'deepseekv3', 'pythonic', 'kimi_k2', 'qwen3_coder', 'glm45')"""
USAGE_0410 = """usage: launch_server.py [-h] --model-path MODEL_PATH
                        [--tokenizer-path TOKENIZER_PATH]
                        [--tokenizer-mode {auto,slow}] [--skip-tokenizer-init]
                        [--load-format {auto,pt,safetensors,npcache,dummy,sharded_state,gguf,bitsandbytes,layered,remote}]
                        [--model-loader-extra-config MODEL_LOADER_EXTRA_CONFIG]
                        [--trust-remote-code]
                        [--context-length CONTEXT_LENGTH] [--is-embedding]
                        [--enable-multimodal] [--revision REVISION]
                        [--model-impl MODEL_IMPL] [--host HOST] [--port PORT]
                        [--skip-server-warmup] [--warmups WARMUPS]
                        [--nccl-port NCCL_PORT]
                        [--dtype {auto,half,float16,bfloat16,float,float32}]
                        [--quantization {awq,fp8,gptq,marlin,gptq_marlin,awq_marlin,bitsandbytes,gguf,modelopt,modelopt_fp4,petit_nvfp4,w8a8_int8,w8a8_fp8,moe_wna16,qoq,w4afp8}]
                        [--quantization-param-path QUANTIZATION_PARAM_PATH]
                        [--kv-cache-dtype {auto,fp8_e5m2,fp8_e4m3}]
                        [--mem-fraction-static MEM_FRACTION_STATIC]
                        [--max-running-requests MAX_RUNNING_REQUESTS]
                        [--max-queued-requests MAX_QUEUED_REQUESTS]
                        [--max-total-tokens MAX_TOTAL_TOKENS]
                        [--chunked-prefill-size CHUNKED_PREFILL_SIZE]
                        [--max-prefill-tokens MAX_PREFILL_TOKENS]
                        [--schedule-policy {lpm,random,fcfs,dfs-weight}]
                        [--schedule-conservativeness SCHEDULE_CONSERVATIVENESS]
                        [--cpu-offload-gb CPU_OFFLOAD_GB]
                        [--page-size PAGE_SIZE]
                        [--hybrid-kvcache-ratio [HYBRID_KVCACHE_RATIO]]
                        [--swa-full-tokens-ratio SWA_FULL_TOKENS_RATIO]
                        [--disable-hybrid-swa-memory] [--device DEVICE]
                        [--tensor-parallel-size TENSOR_PARALLEL_SIZE]
                        [--pipeline-parallel-size PIPELINE_PARALLEL_SIZE]
                        [--max-micro-batch-size MAX_MICRO_BATCH_SIZE]
                        [--stream-interval STREAM_INTERVAL] [--stream-output]
                        [--random-seed RANDOM_SEED]
                        [--constrained-json-whitespace-pattern CONSTRAINED_JSON_WHITESPACE_PATTERN]
                        [--watchdog-timeout WATCHDOG_TIMEOUT]
                        [--dist-timeout DIST_TIMEOUT]
                        [--download-dir DOWNLOAD_DIR]
                        [--base-gpu-id BASE_GPU_ID]
                        [--gpu-id-step GPU_ID_STEP] [--sleep-on-idle]
                        [--log-level LOG_LEVEL]
                        [--log-level-http LOG_LEVEL_HTTP] [--log-requests]
                        [--log-requests-level {0,1,2,3}]
                        [--crash-dump-folder CRASH_DUMP_FOLDER]
                        [--show-time-cost] [--enable-metrics]
                        [--enable-metrics-for-all-schedulers]
                        [--bucket-time-to-first-token BUCKET_TIME_TO_FIRST_TOKEN [BUCKET_TIME_TO_FIRST_TOKEN ...]]
                        [--bucket-inter-token-latency BUCKET_INTER_TOKEN_LATENCY [BUCKET_INTER_TOKEN_LATENCY ...]]
                        [--bucket-e2e-request-latency BUCKET_E2E_REQUEST_LATENCY [BUCKET_E2E_REQUEST_LATENCY ...]]
                        [--collect-tokens-histogram]
                        [--decode-log-interval DECODE_LOG_INTERVAL]
                        [--enable-request-time-stats-logging]
                        [--kv-events-config KV_EVENTS_CONFIG]
                        [--api-key API_KEY]
                        [--served-model-name SERVED_MODEL_NAME]
                        [--chat-template CHAT_TEMPLATE]
                        [--completion-template COMPLETION_TEMPLATE]
                        [--file-storage-path FILE_STORAGE_PATH]
                        [--enable-cache-report]
                        [--reasoning-parser {deepseek-r1,qwen3,qwen3-thinking,glm45,kimi,step3}]
                        [--tool-call-parser {qwen25,mistral,llama3,deepseekv3,pythonic,kimi_k2,qwen3_coder,glm45,step3}]
                        [--data-parallel-size DATA_PARALLEL_SIZE]
                        [--load-balance-method {round_robin,shortest_queue,minimum_tokens}]
                        [--dist-init-addr DIST_INIT_ADDR] [--nnodes NNODES]
                        [--node-rank NODE_RANK]
                        [--json-model-override-args JSON_MODEL_OVERRIDE_ARGS]
                        [--preferred-sampling-params PREFERRED_SAMPLING_PARAMS]
                        [--enable-lora] [--max-lora-rank MAX_LORA_RANK]
                        [--lora-target-modules [{q_proj,k_proj,v_proj,o_proj,gate_proj,up_proj,down_proj,all} ...]]
                        [--lora-paths [LORA_PATHS ...]]
                        [--max-loras-per-batch MAX_LORAS_PER_BATCH]
                        [--max-loaded-loras MAX_LOADED_LORAS]
                        [--lora-backend LORA_BACKEND]
                        [--attention-backend {aiter,cutlass_mla,fa3,flashinfer,flashmla,intel_amx,torch_native,ascend,triton,trtllm_mla}]
                        [--decode-attention-backend {flashinfer,triton,torch_native,fa3,flashmla,cutlass_mla}]
                        [--prefill-attention-backend {flashinfer,triton,torch_native,fa3,flashmla,cutlass_mla}]
                        [--sampling-backend {flashinfer,pytorch}]
                        [--grammar-backend {xgrammar,outlines,llguidance,none}]
                        [--mm-attention-backend {sdpa,fa3,triton_attn}]
                        [--speculative-algorithm {EAGLE,EAGLE3,NEXTN}]
                        [--speculative-draft-model-path SPECULATIVE_DRAFT_MODEL_PATH]
                        [--speculative-num-steps SPECULATIVE_NUM_STEPS]
                        [--speculative-eagle-topk SPECULATIVE_EAGLE_TOPK]
                        [--speculative-num-draft-tokens SPECULATIVE_NUM_DRAFT_TOKENS]
                        [--speculative-accept-threshold-single SPECULATIVE_ACCEPT_THRESHOLD_SINGLE]
                        [--speculative-accept-threshold-acc SPECULATIVE_ACCEPT_THRESHOLD_ACC]
                        [--speculative-token-map SPECULATIVE_TOKEN_MAP]
                        [--expert-parallel-size EXPERT_PARALLEL_SIZE]
                        [--moe-a2a-backend {deepep}]
                        [--enable-flashinfer-cutlass-moe]
                        [--enable-flashinfer-trtllm-moe]
                        [--enable-flashinfer-allreduce-fusion]
                        [--deepep-mode {normal,low_latency,auto}]
                        [--ep-num-redundant-experts EP_NUM_REDUNDANT_EXPERTS]
                        [--ep-dispatch-algorithm EP_DISPATCH_ALGORITHM]
                        [--init-expert-location INIT_EXPERT_LOCATION]
                        [--enable-eplb] [--eplb-algorithm EPLB_ALGORITHM]
                        [--eplb-rebalance-num-iterations EPLB_REBALANCE_NUM_ITERATIONS]
                        [--eplb-rebalance-layers-per-chunk EPLB_REBALANCE_LAYERS_PER_CHUNK]
                        [--expert-distribution-recorder-mode EXPERT_DISTRIBUTION_RECORDER_MODE]
                        [--expert-distribution-recorder-buffer-size EXPERT_DISTRIBUTION_RECORDER_BUFFER_SIZE]
                        [--enable-expert-distribution-metrics]
                        [--deepep-config DEEPEP_CONFIG]
                        [--moe-dense-tp-size MOE_DENSE_TP_SIZE]
                        [--enable-hierarchical-cache]
                        [--hicache-ratio HICACHE_RATIO]
                        [--hicache-size HICACHE_SIZE]
                        [--hicache-write-policy {write_back,write_through,write_through_selective}]
                        [--hicache-io-backend {direct,kernel}]
                        [--hicache-mem-layout {layer_first,page_first}]
                        [--hicache-storage-backend {file,mooncake,hf3fs,nixl}]
                        [--enable-double-sparsity]
                        [--ds-channel-config-path DS_CHANNEL_CONFIG_PATH]
                        [--ds-heavy-channel-num DS_HEAVY_CHANNEL_NUM]
                        [--ds-heavy-token-num DS_HEAVY_TOKEN_NUM]
                        [--ds-heavy-channel-type DS_HEAVY_CHANNEL_TYPE]
                        [--ds-sparse-decode-threshold DS_SPARSE_DECODE_THRESHOLD]
                        [--disable-radix-cache]
                        [--cuda-graph-max-bs CUDA_GRAPH_MAX_BS]
                        [--cuda-graph-bs CUDA_GRAPH_BS [CUDA_GRAPH_BS ...]]
                        [--disable-cuda-graph] [--disable-cuda-graph-padding]
                        [--enable-profile-cuda-graph] [--enable-cudagraph-gc]
                        [--enable-nccl-nvls] [--enable-symm-mem]
                        [--enable-tokenizer-batch-encode]
                        [--disable-outlines-disk-cache]
                        [--disable-custom-all-reduce] [--enable-mscclpp]
                        [--disable-overlap-schedule] [--enable-mixed-chunk]
                        [--enable-dp-attention] [--enable-dp-lm-head]
                        [--enable-two-batch-overlap] [--enable-torch-compile]
                        [--torch-compile-max-bs TORCH_COMPILE_MAX_BS]
                        [--torchao-config TORCHAO_CONFIG]
                        [--enable-nan-detection] [--enable-p2p-check]
                        [--triton-attention-reduce-in-fp32]
                        [--triton-attention-num-kv-splits TRITON_ATTENTION_NUM_KV_SPLITS]
                        [--num-continuous-decode-steps NUM_CONTINUOUS_DECODE_STEPS]
                        [--delete-ckpt-after-loading] [--enable-memory-saver]
                        [--allow-auto-truncate]
                        [--enable-custom-logit-processor]
                        [--flashinfer-mla-disable-ragged]
                        [--disable-shared-experts-fusion]
                        [--disable-chunked-prefix-cache]
                        [--disable-fast-image-processor]
                        [--enable-return-hidden-states]
                        [--enable-triton-kernel-moe]
                        [--debug-tensor-dump-output-folder DEBUG_TENSOR_DUMP_OUTPUT_FOLDER]
                        [--debug-tensor-dump-input-file DEBUG_TENSOR_DUMP_INPUT_FILE]
                        [--debug-tensor-dump-inject DEBUG_TENSOR_DUMP_INJECT]
                        [--debug-tensor-dump-prefill-only]
                        [--disaggregation-mode {null,prefill,decode}]
                        [--disaggregation-transfer-backend {mooncake,nixl,ascend}]
                        [--disaggregation-bootstrap-port DISAGGREGATION_BOOTSTRAP_PORT]
                        [--disaggregation-decode-tp DISAGGREGATION_DECODE_TP]
                        [--disaggregation-decode-dp DISAGGREGATION_DECODE_DP]
                        [--disaggregation-prefill-pp DISAGGREGATION_PREFILL_PP]
                        [--disaggregation-ib-device DISAGGREGATION_IB_DEVICE]
                        [--num-reserved-decode-tokens NUM_RESERVED_DECODE_TOKENS]
                        [--pdlb-url PDLB_URL]
                        [--custom-weight-loader [CUSTOM_WEIGHT_LOADER ...]]
                        [--enable-pdmux] [--sm-group-num SM_GROUP_NUM]
                        [--weight-loader-disable-mmap] [--enable-ep-moe]
                        [--enable-deepep-moe]
launch_server.py: error: argument --tool-call-parser: invalid choice: 'gpt-oss' (choose from 'qwen25', 'mistral', 'llama3', 'deepseekv3', 'pythonic', 'kimi_k2', 'qwen3_coder', 'glm45', 'step3')"""
USAGE_052_TAIL = """                        [--enable-flashinfer-cutlass-moe]
                        [--enable-flashinfer-trtllm-moe]
                        [--enable-triton-kernel-moe]
                        [--enable-flashinfer-mxfp4-moe]"""
USAGE_054 = """usage: launch_server.py [-h] --model-path MODEL_PATH
                        [--tokenizer-path TOKENIZER_PATH]
                        [--tokenizer-mode {auto,slow}]
                        [--tokenizer-worker-num TOKENIZER_WORKER_NUM]
                        [--skip-tokenizer-init]
                        [--load-format {auto,pt,safetensors,npcache,dummy,sharded_state,gguf,bitsandbytes,layered,remote,remote_instance}]
                        [--model-loader-extra-config MODEL_LOADER_EXTRA_CONFIG]
                        [--trust-remote-code]
                        [--context-length CONTEXT_LENGTH] [--is-embedding]
                        [--enable-multimodal] [--revision REVISION]
                        [--model-impl MODEL_IMPL] [--host HOST] [--port PORT]
                        [--grpc-mode] [--skip-server-warmup]
                        [--warmups WARMUPS] [--nccl-port NCCL_PORT]
                        [--checkpoint-engine-wait-weights-before-ready]
                        [--dtype {auto,half,float16,bfloat16,float,float32}]
                        [--quantization {awq,fp8,gptq,marlin,gptq_marlin,awq_marlin,bitsandbytes,gguf,modelopt,modelopt_fp8,modelopt_fp4,petit_nvfp4,w8a8_int8,w8a8_fp8,moe_wna16,qoq,w4afp8,mxfp4,compressed-tensors}]
                        [--quantization-param-path QUANTIZATION_PARAM_PATH]
                        [--modelopt-quant MODELOPT_QUANT]
                        [--modelopt-checkpoint-restore-path MODELOPT_CHECKPOINT_RESTORE_PATH]
                        [--modelopt-checkpoint-save-path MODELOPT_CHECKPOINT_SAVE_PATH]
                        [--modelopt-export-path MODELOPT_EXPORT_PATH]
                        [--quantize-and-serve]
                        [--kv-cache-dtype {auto,fp8_e5m2,fp8_e4m3,bf16,bfloat16}]
                        [--enable-fp32-lm-head]
                        [--mem-fraction-static MEM_FRACTION_STATIC]
                        [--max-running-requests MAX_RUNNING_REQUESTS]
                        [--max-queued-requests MAX_QUEUED_REQUESTS]
                        [--max-total-tokens MAX_TOTAL_TOKENS]
                        [--chunked-prefill-size CHUNKED_PREFILL_SIZE]
                        [--max-prefill-tokens MAX_PREFILL_TOKENS]
                        [--schedule-policy {lpm,random,fcfs,dfs-weight,lof,priority}]
                        [--enable-priority-scheduling]
                        [--abort-on-priority-when-disabled]
                        [--schedule-low-priority-values-first]
                        [--priority-scheduling-preemption-threshold PRIORITY_SCHEDULING_PREEMPTION_THRESHOLD]
                        [--schedule-conservativeness SCHEDULE_CONSERVATIVENESS]
                        [--page-size PAGE_SIZE]
                        [--hybrid-kvcache-ratio [HYBRID_KVCACHE_RATIO]]
                        [--swa-full-tokens-ratio SWA_FULL_TOKENS_RATIO]
                        [--disable-hybrid-swa-memory] [--device DEVICE]
                        [--elastic-ep-backend {none,mooncake}]
                        [--mooncake-ib-device MOONCAKE_IB_DEVICE]
                        [--tensor-parallel-size TENSOR_PARALLEL_SIZE]
                        [--pipeline-parallel-size PIPELINE_PARALLEL_SIZE]
                        [--pp-max-micro-batch-size PP_MAX_MICRO_BATCH_SIZE]
                        [--stream-interval STREAM_INTERVAL] [--stream-output]
                        [--random-seed RANDOM_SEED]
                        [--constrained-json-whitespace-pattern CONSTRAINED_JSON_WHITESPACE_PATTERN]
                        [--constrained-json-disable-any-whitespace]
                        [--watchdog-timeout WATCHDOG_TIMEOUT]
                        [--dist-timeout DIST_TIMEOUT]
                        [--download-dir DOWNLOAD_DIR]
                        [--base-gpu-id BASE_GPU_ID]
                        [--gpu-id-step GPU_ID_STEP] [--sleep-on-idle]
                        [--log-level LOG_LEVEL]
                        [--log-level-http LOG_LEVEL_HTTP] [--log-requests]
                        [--log-requests-level {0,1,2,3}]
                        [--crash-dump-folder CRASH_DUMP_FOLDER]
                        [--show-time-cost] [--enable-metrics]
                        [--enable-metrics-for-all-schedulers]
                        [--tokenizer-metrics-custom-labels-header TOKENIZER_METRICS_CUSTOM_LABELS_HEADER]
                        [--tokenizer-metrics-allowed-custom-labels TOKENIZER_METRICS_ALLOWED_CUSTOM_LABELS [TOKENIZER_METRICS_ALLOWED_CUSTOM_LABELS ...]]
                        [--bucket-time-to-first-token BUCKET_TIME_TO_FIRST_TOKEN [BUCKET_TIME_TO_FIRST_TOKEN ...]]
                        [--bucket-inter-token-latency BUCKET_INTER_TOKEN_LATENCY [BUCKET_INTER_TOKEN_LATENCY ...]]
                        [--bucket-e2e-request-latency BUCKET_E2E_REQUEST_LATENCY [BUCKET_E2E_REQUEST_LATENCY ...]]
                        [--collect-tokens-histogram]
                        [--prompt-tokens-buckets PROMPT_TOKENS_BUCKETS [PROMPT_TOKENS_BUCKETS ...]]
                        [--generation-tokens-buckets GENERATION_TOKENS_BUCKETS [GENERATION_TOKENS_BUCKETS ...]]
                        [--gc-warning-threshold-secs GC_WARNING_THRESHOLD_SECS]
                        [--decode-log-interval DECODE_LOG_INTERVAL]
                        [--enable-request-time-stats-logging]
                        [--kv-events-config KV_EVENTS_CONFIG] [--enable-trace]
                        [--oltp-traces-endpoint OLTP_TRACES_ENDPOINT]
                        [--api-key API_KEY]
                        [--served-model-name SERVED_MODEL_NAME]
                        [--weight-version WEIGHT_VERSION]
                        [--chat-template CHAT_TEMPLATE]
                        [--completion-template COMPLETION_TEMPLATE]
                        [--file-storage-path FILE_STORAGE_PATH]
                        [--enable-cache-report]
                        [--reasoning-parser {deepseek-r1,deepseek-v3,glm45,gpt-oss,kimi,qwen3,qwen3-thinking,step3}]
                        [--tool-call-parser {deepseekv3,deepseekv31,glm,glm45,gpt-oss,kimi_k2,llama3,mistral,pythonic,qwen,qwen25,qwen3_coder,step3}]
                        [--sampling-defaults {openai,model}]
                        [--tool-server TOOL_SERVER]
                        [--data-parallel-size DATA_PARALLEL_SIZE]
                        [--load-balance-method {round_robin,shortest_queue,minimum_tokens}]
                        [--load-watch-interval LOAD_WATCH_INTERVAL]
                        [--prefill-round-robin-balance]
                        [--dist-init-addr DIST_INIT_ADDR] [--nnodes NNODES]
                        [--node-rank NODE_RANK]
                        [--json-model-override-args JSON_MODEL_OVERRIDE_ARGS]
                        [--preferred-sampling-params PREFERRED_SAMPLING_PARAMS]
                        [--enable-lora] [--max-lora-rank MAX_LORA_RANK]
                        [--lora-target-modules [{q_proj,k_proj,v_proj,o_proj,gate_proj,up_proj,down_proj,qkv_proj,gate_up_proj,all} ...]]
                        [--lora-paths [LORA_PATHS ...]]
                        [--max-loras-per-batch MAX_LORAS_PER_BATCH]
                        [--max-loaded-loras MAX_LOADED_LORAS]
                        [--lora-eviction-policy {lru,fifo}]
                        [--lora-backend {triton,csgmv}]
                        [--max-lora-chunk-size {16,32,64,128}]
                        [--attention-backend {triton,torch_native,flex_attention,nsa,cutlass_mla,fa3,fa4,flashinfer,flashmla,trtllm_mla,trtllm_mha,dual_chunk_flash_attn,aiter,wave,intel_amx,ascend,intel_xpu}]
                        [--prefill-attention-backend {triton,torch_native,flex_attention,nsa,cutlass_mla,fa3,fa4,flashinfer,flashmla,trtllm_mla,trtllm_mha,dual_chunk_flash_attn,aiter,wave,intel_amx,ascend,intel_xpu}]
                        [--decode-attention-backend {triton,torch_native,flex_attention,nsa,cutlass_mla,fa3,fa4,flashinfer,flashmla,trtllm_mla,trtllm_mha,dual_chunk_flash_attn,aiter,wave,intel_amx,ascend,intel_xpu}]
                        [--sampling-backend {flashinfer,pytorch}]
                        [--grammar-backend {xgrammar,outlines,llguidance,none}]
                        [--mm-attention-backend {sdpa,fa3,triton_attn,ascend_attn}]
                        [--nsa-prefill-backend {flashmla_sparse,flashmla_kv,fa3,tilelang,aiter}]
                        [--nsa-decode-backend {flashmla_sparse,flashmla_kv,fa3,tilelang,aiter}]
                        [--enable-beta-spec]
                        [--speculative-algorithm {EAGLE,EAGLE3,NEXTN,STANDALONE,NGRAM}]
                        [--speculative-draft-model-path SPECULATIVE_DRAFT_MODEL_PATH]
                        [--speculative-draft-model-revision SPECULATIVE_DRAFT_MODEL_REVISION]
                        [--speculative-draft-load-format {auto,pt,safetensors,npcache,dummy,sharded_state,gguf,bitsandbytes,layered,remote,remote_instance}]
                        [--speculative-num-steps SPECULATIVE_NUM_STEPS]
                        [--speculative-eagle-topk SPECULATIVE_EAGLE_TOPK]
                        [--speculative-num-draft-tokens SPECULATIVE_NUM_DRAFT_TOKENS]
                        [--speculative-accept-threshold-single SPECULATIVE_ACCEPT_THRESHOLD_SINGLE]
                        [--speculative-accept-threshold-acc SPECULATIVE_ACCEPT_THRESHOLD_ACC]
                        [--speculative-token-map SPECULATIVE_TOKEN_MAP]
                        [--speculative-attention-mode {prefill,decode}]
                        [--speculative-ngram-min-match-window-size SPECULATIVE_NGRAM_MIN_MATCH_WINDOW_SIZE]
                        [--speculative-ngram-max-match-window-size SPECULATIVE_NGRAM_MAX_MATCH_WINDOW_SIZE]
                        [--speculative-ngram-min-bfs-breadth SPECULATIVE_NGRAM_MIN_BFS_BREADTH]
                        [--speculative-ngram-max-bfs-breadth SPECULATIVE_NGRAM_MAX_BFS_BREADTH]
                        [--speculative-ngram-match-type {BFS,PROB}]
                        [--speculative-ngram-branch-length SPECULATIVE_NGRAM_BRANCH_LENGTH]
                        [--speculative-ngram-capacity SPECULATIVE_NGRAM_CAPACITY]
                        [--expert-parallel-size EXPERT_PARALLEL_SIZE]
                        [--moe-a2a-backend {none,deepep,mooncake}]
                        [--moe-runner-backend {auto,deep_gemm,triton,triton_kernel,flashinfer_trtllm,flashinfer_cutlass,flashinfer_mxfp4,flashinfer_cutedsl,cutlass}]
                        [--flashinfer-mxfp4-moe-precision {default,bf16}]
                        [--enable-flashinfer-allreduce-fusion]
                        [--deepep-mode {normal,low_latency,auto}]
                        [--ep-num-redundant-experts EP_NUM_REDUNDANT_EXPERTS]
                        [--ep-dispatch-algorithm EP_DISPATCH_ALGORITHM]
                        [--init-expert-location INIT_EXPERT_LOCATION]
                        [--enable-eplb] [--eplb-algorithm EPLB_ALGORITHM]
                        [--eplb-rebalance-num-iterations EPLB_REBALANCE_NUM_ITERATIONS]
                        [--eplb-rebalance-layers-per-chunk EPLB_REBALANCE_LAYERS_PER_CHUNK]
                        [--eplb-min-rebalancing-utilization-threshold EPLB_MIN_REBALANCING_UTILIZATION_THRESHOLD]
                        [--expert-distribution-recorder-mode EXPERT_DISTRIBUTION_RECORDER_MODE]
                        [--expert-distribution-recorder-buffer-size EXPERT_DISTRIBUTION_RECORDER_BUFFER_SIZE]
                        [--enable-expert-distribution-metrics]
                        [--deepep-config DEEPEP_CONFIG]
                        [--moe-dense-tp-size MOE_DENSE_TP_SIZE]
                        [--max-mamba-cache-size MAX_MAMBA_CACHE_SIZE]
                        [--mamba-ssm-dtype {float32,bfloat16}]
                        [--mamba-full-memory-ratio MAMBA_FULL_MEMORY_RATIO]
                        [--enable-hierarchical-cache]
                        [--hicache-ratio HICACHE_RATIO]
                        [--hicache-size HICACHE_SIZE]
                        [--hicache-write-policy {write_back,write_through,write_through_selective}]
                        [--radix-eviction-policy {lru,lfu}]
                        [--hicache-io-backend {direct,kernel}]
                        [--hicache-mem-layout {layer_first,page_first,page_first_direct}]
                        [--hicache-storage-backend {file,mooncake,hf3fs,nixl,aibrix,dynamic,eic}]
                        [--hicache-storage-prefetch-policy {best_effort,wait_complete,timeout}]
                        [--hicache-storage-backend-extra-config HICACHE_STORAGE_BACKEND_EXTRA_CONFIG]
                        [--enable-lmcache]
                        [--kt-amx-weight-path KT_AMX_WEIGHT_PATH]
                        [--kt-amx-method KT_AMX_METHOD]
                        [--kt-cpuinfer KT_CPUINFER]
                        [--kt-threadpool-count KT_THREADPOOL_COUNT]
                        [--kt-num-gpu-experts KT_NUM_GPU_EXPERTS]
                        [--enable-double-sparsity]
                        [--ds-channel-config-path DS_CHANNEL_CONFIG_PATH]
                        [--ds-heavy-channel-num DS_HEAVY_CHANNEL_NUM]
                        [--ds-heavy-token-num DS_HEAVY_TOKEN_NUM]
                        [--ds-heavy-channel-type DS_HEAVY_CHANNEL_TYPE]
                        [--ds-sparse-decode-threshold DS_SPARSE_DECODE_THRESHOLD]
                        [--cpu-offload-gb CPU_OFFLOAD_GB]
                        [--offload-group-size OFFLOAD_GROUP_SIZE]
                        [--offload-num-in-group OFFLOAD_NUM_IN_GROUP]
                        [--offload-prefetch-step OFFLOAD_PREFETCH_STEP]
                        [--offload-mode OFFLOAD_MODE]
                        [--multi-item-scoring-delimiter MULTI_ITEM_SCORING_DELIMITER]
                        [--disable-radix-cache]
                        [--cuda-graph-max-bs CUDA_GRAPH_MAX_BS]
                        [--cuda-graph-bs CUDA_GRAPH_BS [CUDA_GRAPH_BS ...]]
                        [--disable-cuda-graph] [--disable-cuda-graph-padding]
                        [--enable-profile-cuda-graph] [--enable-cudagraph-gc]
                        [--enable-nccl-nvls] [--enable-symm-mem]
                        [--disable-flashinfer-cutlass-moe-fp4-allgather]
                        [--enable-tokenizer-batch-encode]
                        [--disable-tokenizer-batch-decode]
                        [--disable-outlines-disk-cache]
                        [--disable-custom-all-reduce] [--enable-mscclpp]
                        [--enable-torch-symm-mem] [--disable-overlap-schedule]
                        [--enable-mixed-chunk] [--enable-dp-attention]
                        [--enable-dp-lm-head] [--enable-two-batch-overlap]
                        [--enable-single-batch-overlap]
                        [--tbo-token-distribution-threshold TBO_TOKEN_DISTRIBUTION_THRESHOLD]
                        [--enable-torch-compile]
                        [--enable-piecewise-cuda-graph]
                        [--piecewise-cuda-graph-tokens PIECEWISE_CUDA_GRAPH_TOKENS]
                        [--piecewise-cuda-graph-compiler {eager,inductor}]
                        [--torch-compile-max-bs TORCH_COMPILE_MAX_BS]
                        [--piecewise-cuda-graph-max-tokens PIECEWISE_CUDA_GRAPH_MAX_TOKENS]
                        [--torchao-config TORCHAO_CONFIG]
                        [--enable-nan-detection] [--enable-p2p-check]
                        [--triton-attention-reduce-in-fp32]
                        [--triton-attention-num-kv-splits TRITON_ATTENTION_NUM_KV_SPLITS]
                        [--triton-attention-split-tile-size TRITON_ATTENTION_SPLIT_TILE_SIZE]
                        [--num-continuous-decode-steps NUM_CONTINUOUS_DECODE_STEPS]
                        [--delete-ckpt-after-loading] [--enable-memory-saver]
                        [--enable-weights-cpu-backup] [--allow-auto-truncate]
                        [--enable-custom-logit-processor]
                        [--flashinfer-mla-disable-ragged]
                        [--disable-shared-experts-fusion]
                        [--disable-chunked-prefix-cache]
                        [--disable-fast-image-processor]
                        [--keep-mm-feature-on-device]
                        [--enable-return-hidden-states]
                        [--scheduler-recv-interval SCHEDULER_RECV_INTERVAL]
                        [--numa-node NUMA_NODE [NUMA_NODE ...]]
                        [--debug-tensor-dump-output-folder DEBUG_TENSOR_DUMP_OUTPUT_FOLDER]
                        [--debug-tensor-dump-input-file DEBUG_TENSOR_DUMP_INPUT_FILE]
                        [--debug-tensor-dump-inject DEBUG_TENSOR_DUMP_INJECT]
                        [--enable-dynamic-batch-tokenizer]
                        [--dynamic-batch-tokenizer-batch-size DYNAMIC_BATCH_TOKENIZER_BATCH_SIZE]
                        [--dynamic-batch-tokenizer-batch-timeout DYNAMIC_BATCH_TOKENIZER_BATCH_TIMEOUT]
                        [--disaggregation-mode {null,prefill,decode}]
                        [--disaggregation-transfer-backend {mooncake,nixl,ascend,fake}]
                        [--disaggregation-bootstrap-port DISAGGREGATION_BOOTSTRAP_PORT]
                        [--disaggregation-decode-tp DISAGGREGATION_DECODE_TP]
                        [--disaggregation-decode-dp DISAGGREGATION_DECODE_DP]
                        [--disaggregation-prefill-pp DISAGGREGATION_PREFILL_PP]
                        [--disaggregation-ib-device DISAGGREGATION_IB_DEVICE]
                        [--disaggregation-decode-enable-offload-kvcache]
                        [--num-reserved-decode-tokens NUM_RESERVED_DECODE_TOKENS]
                        [--disaggregation-decode-polling-interval DISAGGREGATION_DECODE_POLLING_INTERVAL]
                        [--custom-weight-loader [CUSTOM_WEIGHT_LOADER ...]]
                        [--weight-loader-disable-mmap]
                        [--remote-instance-weight-loader-seed-instance-ip REMOTE_INSTANCE_WEIGHT_LOADER_SEED_INSTANCE_IP]
                        [--remote-instance-weight-loader-seed-instance-service-port REMOTE_INSTANCE_WEIGHT_LOADER_SEED_INSTANCE_SERVICE_PORT]
                        [--remote-instance-weight-loader-send-weights-group-ports REMOTE_INSTANCE_WEIGHT_LOADER_SEND_WEIGHTS_GROUP_PORTS]
                        [--enable-pdmux]
                        [--pdmux-config-path PDMUX_CONFIG_PATH]
                        [--sm-group-num SM_GROUP_NUM]
                        [--enable-deterministic-inference] [--enable-ep-moe]
                        [--enable-deepep-moe]
                        [--enable-flashinfer-cutlass-moe]
                        [--enable-flashinfer-cutedsl-moe]
                        [--enable-flashinfer-trtllm-moe]
                        [--enable-triton-kernel-moe]
                        [--enable-flashinfer-mxfp4-moe] [--config CONFIG]
launch_server.py: error: unrecognized arguments: --enable-auto-tool-choice"""

# the tool_choice="required" json_schema SGLang 0.5.x builds (function_call/utils.py get_json_schema_constraint)
WEATHER = '{"type": "object", "properties": {"city": {"type": "string", "description": "City name"}, "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]}}, "required": ["city"]}'
REQUIRED_SCHEMA = (
    '{"type": "array", "minItems": 1, "items": {"type": "object", "anyOf": [{"properties": {"name": {"type": "string", "enum": ["get_weather"]}, "parameters": '
    + WEATHER
    + '}, "required": ["name", "parameters"]}, {"properties": {"name": {"type": "string", "enum": ["search_docs"]}, "parameters": {"type": "object", "properties": {"query": {"type": "string"}, "top_k": {"type": "integer"}}, "required": ["query"]}}, "required": ["name", "parameters"]}]}}'
)

# uvicorn -> starlette -> fastapi frames an endpoint exception passes (uvicorn 0.34.2, starlette 0.46.2, fastapi 0.115.12)
ASGI_0_34 = (
    (
        "+uvicorn/protocols/http/httptools_impl.py",
        409,
        "run_asgi",
        "result = await app(  # type: ignore[func-returns-value]",
    ),
    ("+uvicorn/middleware/proxy_headers.py", 60, "__call__", "return await self.app(scope, receive, send)"),
    ("+fastapi/applications.py", 1054, "__call__", "await super().__call__(scope, receive, send)"),
    ("+starlette/applications.py", 112, "__call__", "await self.middleware_stack(scope, receive, send)"),
    ("+starlette/middleware/errors.py", 187, "__call__", "raise exc"),
    ("+starlette/middleware/errors.py", 165, "__call__", "await self.app(scope, receive, _send)"),
    ("+starlette/middleware/cors.py", 85, "__call__", "await self.app(scope, receive, send)"),
    (
        "+starlette/middleware/exceptions.py",
        62,
        "__call__",
        "await wrap_app_handling_exceptions(self.app, conn)(scope, receive, send)",
    ),
    ("+starlette/_exception_handler.py", 53, "wrapped_app", "raise exc"),
    ("+starlette/_exception_handler.py", 42, "wrapped_app", "await app(scope, receive, sender)"),
    ("+starlette/routing.py", 714, "__call__", "await self.middleware_stack(scope, receive, send)"),
    ("+starlette/routing.py", 734, "app", "await route.handle(scope, receive, send)"),
    ("+starlette/routing.py", 288, "handle", "await self.app(scope, receive, send)"),
    ("+starlette/routing.py", 76, "app", "await wrap_app_handling_exceptions(app, request)(scope, receive, send)"),
    ("+starlette/_exception_handler.py", 53, "wrapped_app", "raise exc"),
    ("+starlette/_exception_handler.py", 42, "wrapped_app", "await app(scope, receive, sender)"),
    ("+starlette/routing.py", 73, "app", "response = await f(request)"),
    ("+fastapi/routing.py", 301, "app", "raw_response = await run_endpoint_function("),
    ("+fastapi/routing.py", 212, "run_endpoint_function", "return await dependant.call(**values)"),
)


# ... and 0.4.6.post5's chat endpoint, where building the request constructs the parser outside any try
CHAT_COMPLETIONS_046 = ASGI_0_34 + (
    (
        "entrypoints/http_server.py",
        611,
        "openai_v1_chat_completions",
        "return await v1_chat_completions(_global_state.tokenizer_manager, raw_request)",
    ),
    ("openai_api/adapter.py", 1439, "v1_chat_completions", "adapted_request, request = v1_chat_generate_request("),
    (
        "openai_api/adapter.py",
        991,
        "v1_chat_generate_request",
        "parser = FunctionCallParser(request.tools, tool_call_parser)",
    ),
    (
        "function_call/function_call_parser.py",
        41,
        "__init__",
        'raise ValueError(f"Unsupported tool_call_parser: {tool_call_parser}")',
    ),
)

# =============================================================================================== healthy contrasts
D = "2025-12-04"
case(
    "healthy_qwen25_deprecated_parser_400s_and_failed_parses",
    "0.5.6",
    "sglang 0.5.6 server_args.py _handle_deprecated_args; environ.py EnvField.get; serving_chat.py _validate_request / _process_tool_calls; base_format_detector.py parse_base_json; uvicorn access log",
    "healthy",
    "Reached ready; the deprecation warning, an env var warning, a 400 for tool_choice=required without tools, a failed parse of a required-tool JSON array (the answer falls back to text) and an undefined function are all per-request or cosmetic.",
    join(
        f"{at(D, 0)} The tool_call_parser 'qwen25' is deprecated. Please use 'qwen' instead.",
        sargs(
            D,
            1,
            "Qwen/Qwen2.5-72B-Instruct",
            tp_size=4,
            mem_fraction_static=0.85,
            tool_call_parser="qwen",
            served_model_name="qwen2.5-72b",
        ),
        f"{at(D, 5)} Using default HuggingFace chat template with detected content format: string",
        boot(
            D,
            6,
            "TP0",
            arch="Qwen2ForCausalLM",
            avail=78.41,
            weights=34.62,
            tokens=412034,
            kv=12.57,
            ctx=32768,
            maxreq=4096,
            shards=37,
        ),
        ready(
            D,
            96,
            warm=f"{at(D, 97, 'TP0')} Prefill batch, #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        ),
        access(D, 140, "400 Bad Request"),
        f'{PY312}/sglang/srt/environ.py:35: UserWarning: Invalid value for SGLANG_TOOL_STRICT_LEVEL: "function" is not a valid integer value, using default "0"',
        "  warnings.warn(",
        f"{at(D, 141, 'TP0')} Prefill batch, #new-seq: 1, #new-token: 612, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f"{at(D, 143)} Tool call parsing error: unexpected character: line 1 column 1 (char 0)",
        access(D, 143, "200 OK"),
        f"{at(D, 150, 'TP0')} Prefill batch, #new-seq: 3, #new-token: 1890, #cached-token: 1422, token usage: 0.01, #running-req: 1, #queue-req: 0, ",
        f"{at(D, 152)} Model attempted to call undefined function: get_current_time",
        access(D, 152, "200 OK", client="10.0.3.17:52160"),
        f"{at(D, 158, 'TP0')} Decode batch, #running-req: 14, #token: 9310, token usage: 0.02, cuda graph: True, gen throughput (token/s): 402.17, #queue-req: 0, ",
        access(D, 159, "200 OK", client="10.0.3.21:40018"),
    ),
)

D = "2025-05-21"
case(
    "healthy_tools_without_parser_flag_asgi_valueerror",
    "0.4.6.post5",
    "sglang 0.4.6.post5 openai_api/adapter.py v1_chat_completions -> v1_chat_generate_request (not in a try) -> function_call_parser.py `Unsupported tool_call_parser`; uvicorn 0.34.2 httptools_impl.py `Exception in ASGI application`",
    "healthy",
    "Reached ready; a request with `tools` on a server launched without --tool-call-parser raises ValueError in the endpoint: uvicorn logs the traceback and answers 500, and the next requests are served.",
    join(
        sargs(
            D,
            0,
            "Qwen/Qwen2.5-7B-Instruct",
            mem_fraction_static=0.88,
            tp_size=1,
            chat_template=None,
            tool_call_parser=None,
        ),
        boot(
            D,
            4,
            None,
            arch="Qwen2ForCausalLM",
            avail=78.62,
            weights=14.36,
            tokens=1098812,
            kv=29.34,
            ctx=32768,
            maxreq=4097,
            old=True,
        ),
        ready(
            D,
            52,
            warm=f"{at(D, 53)} Prefill batch. #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0",
        ),
        f"{at(D, 80)} ERROR:    Exception in ASGI application",
        TB,
        tb(
            PY310,
            PY310,
            *CHAT_COMPLETIONS_046,
        ),
        "ValueError: Unsupported tool_call_parser: None",
        access(D, 80, "500 Internal Server Error", client="172.17.0.1:60312"),
        f"{at(D, 95)} Prefill batch. #new-seq: 1, #new-token: 41, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0",
        f"{at(D, 96)} Decode batch. #running-req: 1, #token: 74, token usage: 0.00, cuda graph: True, gen throughput (token/s): 31.02, #queue-req: 0",
        access(D, 97, "200 OK", client="172.17.0.1:60318"),
    ),
)

D = "2025-09-16"
case(
    "healthy_gpt_oss_offline_harmony_vocab_and_demo_tool_server",
    "0.5.2",
    "sglang 0.5.2 entrypoints/http_server.py lifespan (`Can not initialize OpenAIServingResponses`, traceback.print_exc), entrypoints/tool.py print_warning_once, harmony_utils.py get_encoding; openai-harmony 0.0.4 load_harmony_encoding; openai/harmony#46",
    "healthy",
    "An air-gapped gpt-oss server: the Responses API cannot load Harmony's vocab (a printed traceback and a warning) and the demo tool server has no browser or python tool, but chat completions with the gpt-oss parser start and serve.",
    join(
        sargs(
            D,
            0,
            "/models/gpt-oss-120b",
            tp_size=2,
            mem_fraction_static=0.86,
            reasoning_parser="gpt-oss",
            tool_call_parser="gpt-oss",
            tool_server="demo",
        ),
        boot(
            D,
            5,
            "TP0",
            arch="GptOssForCausalLM",
            avail=78.9,
            weights=31.44,
            tokens=1642880,
            kv=15.42,
            ctx=131072,
            maxreq=2048,
            shards=15,
        ),
        f"{at(D, 70)} INFO:     Started server process [5310]",
        f"{at(D, 70)} INFO:     Waiting for application startup.",
        f"{at(D, 70)} EXA_API_KEY is not set, browsing is disabled",
        f"{at(D, 70)} gpt_oss is not installed, code interpreter is disabled",
        TB,
        tb(
            PY312,
            PY312,
            (
                "entrypoints/http_server.py",
                240,
                "lifespan",
                "fast_api_app.state.openai_serving_responses = OpenAIServingResponses(",
                "                                              ^^^^^^^^^^^^^^^^^^^^^^^",
            ),
            ("entrypoints/openai/serving_responses.py", 108, "__init__", "get_stop_tokens_for_assistant_actions()"),
            (
                "entrypoints/harmony_utils.py",
                211,
                "get_stop_tokens_for_assistant_actions",
                "return get_encoding().stop_tokens_for_assistant_actions()",
                "       ^^^^^^^^^^^^^^",
            ),
            (
                "entrypoints/harmony_utils.py",
                57,
                "get_encoding",
                "_harmony_encoding = load_harmony_encoding(HarmonyEncodingName.HARMONY_GPT_OSS)",
            ),
            (
                "+openai_harmony/__init__.py",
                689,
                "load_harmony_encoding",
                "inner: _PyHarmonyEncoding = _load_harmony_encoding(name)",
                "                            ^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
            ),
        ),
        "openai_harmony.HarmonyError: error downloading or loading vocab file: failed to download or load vocab file",
        f"{at(D, 72)} Can not initialize OpenAIServingResponses, error: error downloading or loading vocab file: failed to download or load vocab file",
        f"{at(D, 72)} INFO:     Application startup complete.",
        f"{at(D, 72)} INFO:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)",
        f'{at(D, 73)} INFO:     127.0.0.1:39442 - "GET /get_model_info HTTP/1.1" 200 OK',
        f"{at(D, 73, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 64, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f'{at(D, 75)} INFO:     127.0.0.1:39450 - "POST /generate HTTP/1.1" 200 OK',
        f"{at(D, 75)} The server is fired up and ready to roll!",
        f"{at(D, 130, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 388, #cached-token: 64, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f"{at(D, 131, 'TP0')} Decode batch. #running-req: 1, #token: 512, token usage: 0.00, cuda graph: True, gen throughput (token/s): 201.33, #queue-req: 0, ",
        access(D, 132, "200 OK", client="10.20.0.5:55002"),
        access(D, 140, "404 Not Found", path="/v1/responses", client="10.20.0.5:55010"),
    ),
)

D = "2025-12-05"
case(
    "healthy_mistral_template_rejects_sglang_call_ids_500",
    "0.5.6",
    "sglang 0.5.6 serving_base.py handle_request `Error in request` (logger.exception); serving_chat.py _apply_jinja_template retry; transformers 4.57.1 chat_template_utils.py raise_exception; Mistral-7B-Instruct-v0.3's template; vllm-project/vllm#9019",
    "healthy",
    "Reached ready; the second turn replays SGLang's own `call_<24 hex>` ids into Mistral's template, which raises a jinja TemplateError: the request gets a 500 and the server keeps serving.",
    join(
        sargs(
            D, 0, "mistralai/Mistral-7B-Instruct-v0.3", tp_size=1, mem_fraction_static=0.85, tool_call_parser="mistral"
        ),
        boot(
            D,
            4,
            None,
            arch="MistralForCausalLM",
            avail=78.55,
            weights=13.52,
            tokens=484010,
            kv=29.54,
            ctx=32768,
            maxreq=2048,
            shards=3,
        ),
        f"{at(D, 40)} Using default HuggingFace chat template with detected content format: string",
        ready(
            D,
            41,
            warm=f"{at(D, 42)} Prefill batch, #new-seq: 1, #new-token: 6, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        ),
        f"{at(D, 60)} Prefill batch, #new-seq: 1, #new-token: 233, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        access(D, 61, "200 OK"),
        f"{at(D, 75)} Error in request: Tool call IDs should be alphanumeric strings with length 9!",
        TB,
        tb(
            PY312,
            PY312,
            (
                "entrypoints/openai/serving_chat.py",
                351,
                "_apply_jinja_template",
                "prompt_ids = self.tokenizer_manager.tokenizer.apply_chat_template(",
                "             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
            ),
            (
                "+transformers/tokenization_utils_base.py",
                1666,
                "apply_chat_template",
                "rendered_chat, generation_indices = render_jinja_template(",
                "                                    ^^^^^^^^^^^^^^^^^^^^^^",
            ),
            (
                "+transformers/utils/chat_template_utils.py",
                539,
                "render_jinja_template",
                "rendered_chat = compiled_template.render(",
                "                ^^^^^^^^^^^^^^^^^^^^^^^^^",
            ),
            ("+jinja2/environment.py", 1295, "render", "self.environment.handle_exception()"),
            ("+jinja2/environment.py", 942, "handle_exception", "raise rewrite_traceback_stack(source=source)"),
            ("<template>", 1, "top-level template code", ""),
            (
                "+jinja2/sandbox.py",
                401,
                "call",
                "return __context.call(__obj, *args, **kwargs)",
                "       ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
            ),
            (
                "+transformers/utils/chat_template_utils.py",
                447,
                "raise_exception",
                "raise jinja2.exceptions.TemplateError(message)",
            ),
        ),
        "jinja2.exceptions.TemplateError: Tool call IDs should be alphanumeric strings with length 9!",
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        TB,
        tb(
            PY312,
            PY312,
            (
                "entrypoints/openai/serving_base.py",
                100,
                "handle_request",
                "adapted_request, processed_request = self._convert_to_internal_request(",
                "                                    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
            ),
            (
                "entrypoints/openai/serving_chat.py",
                165,
                "_convert_to_internal_request",
                "processed_messages = self._process_messages(request, is_multimodal)",
            ),
            (
                "entrypoints/openai/serving_chat.py",
                261,
                "_process_messages",
                "result = self._apply_jinja_template(request, tools, is_multimodal)",
            ),
            (
                "entrypoints/openai/serving_chat.py",
                372,
                "_apply_jinja_template",
                "prompt_ids = self.tokenizer_manager.tokenizer.apply_chat_template(",
            ),
            (
                "+transformers/tokenization_utils_base.py",
                1666,
                "apply_chat_template",
                "rendered_chat, generation_indices = render_jinja_template(",
            ),
            (
                "+transformers/utils/chat_template_utils.py",
                539,
                "render_jinja_template",
                "rendered_chat = compiled_template.render(",
            ),
            ("+jinja2/environment.py", 1295, "render", "self.environment.handle_exception()"),
            ("+jinja2/environment.py", 942, "handle_exception", "raise rewrite_traceback_stack(source=source)"),
            ("<template>", 1, "top-level template code", ""),
            ("+jinja2/sandbox.py", 401, "call", "return __context.call(__obj, *args, **kwargs)"),
            (
                "+transformers/utils/chat_template_utils.py",
                447,
                "raise_exception",
                "raise jinja2.exceptions.TemplateError(message)",
            ),
        ),
        "jinja2.exceptions.TemplateError: Tool call IDs should be alphanumeric strings with length 9!",
        access(D, 75, "500 Internal Server Error"),
        f"{at(D, 90)} Prefill batch, #new-seq: 1, #new-token: 190, #cached-token: 150, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        access(D, 91, "200 OK", client="10.0.3.17:52190"),
    ),
)

D = "2025-10-28"
GRAMMAR_FAIL_KEY = (
    '{"type": "array", "minItems": 1, "items": {"type": "object", "anyOf": [{"properties": {"name": {"type": "string", "enum": ["get_weather"]}, "parameters": '
    + WEATHER
    + '}, "required": ["name", "parameters"]}]}}'
)
case(
    "healthy_grammar_accept_failed_retract_and_bad_json_part",
    "0.5.4",
    "sglang 0.5.4 scheduler_output_processor_mixin.py `Grammar accept_token failed` (+ abort, sglang#7897); xgrammar_backend.py accept_token; scheduler.py `KV cache pool is full. Retract requests.`; qwen25_detector.py `Failed to parse JSON part`",
    "healthy",
    "Reached ready; xgrammar refusing a token aborts that one request (logged with the ValueError text), the KV pool retracts under load and a malformed <tool_call> block is skipped: pressure and per-request parse failures, not a failure.",
    join(
        sargs(
            D,
            0,
            "Qwen/Qwen3-32B",
            tp_size=2,
            mem_fraction_static=0.88,
            reasoning_parser="qwen3",
            tool_call_parser="qwen25",
            grammar_backend="xgrammar",
        ),
        boot(
            D,
            5,
            "TP0",
            arch="Qwen3ForCausalLM",
            avail=78.3,
            weights=30.63,
            tokens=361245,
            kv=22.05,
            ctx=40960,
            maxreq=2048,
            shards=17,
        ),
        ready(
            D,
            70,
            warm=f"{at(D, 71, 'TP0')} Prefill batch [1], #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        ),
        f"{at(D, 300, 'TP0')} Prefill batch [2210], #new-seq: 6, #new-token: 8192, #cached-token: 20411, token usage: 0.71, #running-req: 58, #queue-req: 9, ",
        f"{at(D, 301, 'TP0')} Grammar accept_token failed for req 5c1d8e0a2b7f4c59a1e3d6f08b9c2a47 with token 151645: Tokens not accepted: 151645",
        "Accepted tokens: [58, 4913, 606, 788, 330, 455, 69364, 497, 330, 13786, 788, 5212, 8926, 788, 330]",
        f"Key string: {GRAMMAR_FAIL_KEY}",
        f"{at(D, 301, 'TP1')} Grammar accept_token failed for req 5c1d8e0a2b7f4c59a1e3d6f08b9c2a47 with token 151645: Tokens not accepted: 151645",
        "Accepted tokens: [58, 4913, 606, 788, 330, 455, 69364, 497, 330, 13786, 788, 5212, 8926, 788, 330]",
        f"Key string: {GRAMMAR_FAIL_KEY}",
        access(D, 301, "200 OK"),
        f"{at(D, 330, 'TP0')} KV cache pool is full. Retract requests. #retracted_reqs: 4, #aborted_retracted_reqs: 0, #new_token_ratio: 0.4127 -> 0.7500",
        f"{at(D, 331, 'TP0')} Decode batch [2391], #running-req: 61, #token: 359870, token usage: 1.00, cuda graph: True, gen throughput (token/s): 1420.62, #queue-req: 13, ",
        f'{at(D, 345)} Failed to parse JSON part: {{"name": "search_docs", "arguments": {{"query": "rotate TLS cert", "top_k": 5}}, JSON parse error: Expecting \',\' delimiter: line 1 column 74 (char 73)',
        access(D, 345, "200 OK", client="10.0.3.21:40112"),
        f"{at(D, 360, 'TP0')} Decode batch [2652], #running-req: 40, #token: 251003, token usage: 0.69, cuda graph: True, gen throughput (token/s): 1633.90, #queue-req: 0, ",
    ),
)


# ================================================================================================= config_error
D = "2025-05-20"
case(
    "argparse_llama4_parser_name_refused",
    "0.4.6.post5",
    "sglang 0.4.6.post5 server_args.py add_cli_args (`--tool-call-parser` choices qwen25/mistral/llama3/deepseekv3/pythonic); sgl-project/sgl-project.github.io#17",
    "config_error",
    "argparse refuses `--tool-call-parser llama4` (the docs' example; Llama 4 uses `pythonic`) and exits 2 before anything starts.",
    join(
        "+ python3 -m sglang.launch_server --model-path meta-llama/Llama-4-Scout-17B-16E-Instruct --tp 8 --context-length 65536 --tool-call-parser llama4 --chat-template llama-4 --port 30000",
        USAGE_046,
    ),
)

D = "2025-08-06"
case(
    "argparse_gpt_oss_parser_missing_from_hardcoded_choices",
    "0.4.10.post2",
    "sglang 0.4.10.post2 server_args.py (hardcoded choices end at 'step3'); sgl-project/sglang#9316",
    "config_error",
    "The day-one gpt-oss recipe's `--tool-call-parser gpt-oss` is not in 0.4.10.post2's hardcoded choices: argparse usage + error, exit 2.",
    USAGE_0410,
)

D = "Jul 28"
JOURNAL = f"{D} 09:41:07 gpu-node-07 python3[41877]: "
case(
    "argparse_qwen3_parser_refused_under_systemd",
    "0.4.9.post6",
    "sglang 0.4.9.post6 server_args.py (`--tool-call-parser` choices qwen25 ... glm45); systemd/journald wrapping",
    "config_error",
    "A systemd unit passes `--tool-call-parser qwen3` (Qwen3 uses qwen25); argparse prints usage and exits 2, systemd records status=2/INVALIDARGUMENT.",
    join(
        f"{D} 09:41:02 gpu-node-07 systemd[1]: Started sglang-qwen3.service - SGLang Qwen3-30B-A3B tool-calling endpoint.",
        "\n".join(JOURNAL + line for line in USAGE_049.split("\n")),
        f"{D} 09:41:07 gpu-node-07 systemd[1]: sglang-qwen3.service: Main process exited, code=exited, status=2/INVALIDARGUMENT",
        f"{D} 09:41:07 gpu-node-07 systemd[1]: sglang-qwen3.service: Failed with result 'exit-code'.",
        f"{D} 09:41:17 gpu-node-07 systemd[1]: sglang-qwen3.service: Scheduled restart job, restart counter is at 4.",
    ),
)

case(
    "argparse_vllm_enable_auto_tool_choice_unrecognized",
    "0.5.4",
    "sglang 0.5.4 server_args.py add_cli_args (no --enable-auto-tool-choice); prepare_server_args -> parser.parse_args",
    "config_error",
    "A vLLM command line ported to SGLang: `--enable-auto-tool-choice` is vLLM's flag, argparse exits 2 with `unrecognized arguments`.",
    join(
        "$ python3 -m sglang.launch_server --model-path Qwen/Qwen3-8B --host 0.0.0.0 --port 8000 --enable-auto-tool-choice --tool-call-parser qwen25 --reasoning-parser qwen3",
        USAGE_054,
    ),
)

case(
    "argparse_deepseekv32_parser_before_its_release_k8s",
    "0.5.4",
    "sglang 0.5.4 function_call_parser.py ToolCallParserEnum (no deepseekv32 until 0.5.6); server_args.py tool_call_parser_choices; kubectl logs of a CrashLoopBackOff pod",
    "config_error",
    "DeepSeek-V3.2's recipe asks for `--tool-call-parser deepseekv32`, which 0.5.4 does not have: argparse usage + invalid choice from the pod's previous container.",
    join(
        "+ exec python3 -m sglang.launch_server --model-path deepseek-ai/DeepSeek-V3.2-Exp --tp 8 --dp 8 --enable-dp-attention --tool-call-parser deepseekv32 --reasoning-parser deepseek-v3 --host 0.0.0.0 --port 30000",
        USAGE_054.rsplit("\n", 1)[0],
        "launch_server.py: error: argument --tool-call-parser: invalid choice: 'deepseekv32' (choose from 'deepseekv3', 'deepseekv31', 'glm', 'glm45', 'gpt-oss', 'kimi_k2', 'llama3', 'mistral', 'pythonic', 'qwen', 'qwen25', 'qwen3_coder', 'step3')",
    ),
)

case(
    "argparse_reasoning_parser_gpt_oss_underscore_tail",
    "0.5.2",
    "sglang 0.5.2 server_args.py (`--reasoning-parser` choices from ReasoningParser.DetectorMap); a paste cut to the last lines",
    "config_error",
    "`--reasoning-parser gpt_oss` (the tool parser beside it is spelled gpt-oss): argparse's invalid choice, the paste keeps only the usage tail.",
    join(
        "root@7c2e94d1b0aa:/sgl-workspace# python3 -m sglang.launch_server --model-path openai/gpt-oss-120b --tp 4 --tool-call-parser gpt-oss --reasoning-parser gpt_oss",
        USAGE_052_TAIL,
        "launch_server.py: error: argument --reasoning-parser: invalid choice: 'gpt_oss' (choose from 'deepseek-r1', 'deepseek-v3', 'glm45', 'gpt-oss', 'kimi', 'qwen3', 'qwen3-thinking', 'step3')",
    ),
)

D = "2025-12-02"
case(
    "chat_template_jinja_path_not_mounted",
    "0.5.6",
    "sglang 0.5.6 managers/template_manager.py _load_explicit_chat_template; entrypoints/engine.py _init_tokenizer_manager; launch_server.py run_server",
    "config_error",
    "`--chat-template /templates/tool_chat_template_llama3.1_json.jinja` does not exist in the container (volume not mounted): RuntimeError in the launcher while the scheduler loads weights.",
    join(
        sargs(
            D,
            0,
            "meta-llama/Llama-3.1-8B-Instruct",
            tp_size=1,
            chat_template="/templates/tool_chat_template_llama3.1_json.jinja",
            tool_call_parser="llama3",
        ),
        f"{at(D, 4)} Init torch distributed begin.",
        f"{at(D, 5)} Init torch distributed ends. mem usage=0.00 GB",
        f"{at(D, 6)} Load weight begin. avail mem=78.51 GB",
        f"{at(D, 6)} Loading chat template from argument: /templates/tool_chat_template_llama3.1_json.jinja",
        TB,
        tb(
            PY312,
            PY312,
            *RUNPY312,
            (f"{PY312}/sglang/launch_server.py", 27, "<module>", "run_server(server_args)"),
            (f"{PY312}/sglang/launch_server.py", 20, "run_server", "launch_server(server_args)"),
            ("entrypoints/http_server.py", 1386, "launch_server", "_launch_subprocesses(server_args=server_args)"),
            (
                "entrypoints/engine.py",
                903,
                "_launch_subprocesses",
                "tokenizer_manager, template_manager = _init_tokenizer_manager(",
                "                                      ^^^^^^^^^^^^^^^^^^^^^^^^",
            ),
            ("entrypoints/engine.py", 773, "_init_tokenizer_manager", "template_manager.initialize_templates("),
            (
                "managers/template_manager.py",
                215,
                "initialize_templates",
                "self.load_chat_template(tokenizer_manager, chat_template, model_path)",
            ),
            (
                "managers/template_manager.py",
                113,
                "load_chat_template",
                "self._load_explicit_chat_template(tokenizer_manager, chat_template_arg)",
            ),
            ("managers/template_manager.py", 156, "_load_explicit_chat_template", "raise RuntimeError("),
        ),
        "RuntimeError: Chat template /templates/tool_chat_template_llama3.1_json.jinja is not a built-in template name or a valid chat template file path.",
    ),
)

D = "2025-05-22"
case(
    "chat_template_pythonic_example_path_missing",
    "0.4.6.post5",
    "sglang 0.4.6.post5 openai_api/adapter.py load_chat_template_for_openai_api; entrypoints/engine.py _launch_subprocesses; model_runner.py (multimodal mem-fraction line)",
    "config_error",
    "Llama 4 with `--tool-call-parser pythonic` and vLLM's example template path, which is not in SGLang's tree: RuntimeError in the launcher.",
    join(
        sargs(
            D,
            0,
            "meta-llama/Llama-4-Scout-17B-16E-Instruct",
            tp_size=8,
            context_length=65536,
            chat_template="examples/tool_chat_template_llama4_pythonic.jinja",
            tool_call_parser="pythonic",
        ),
        f"{at(D, 6, 'TP0')} Automatically reduce --mem-fraction-static to 0.792 because this is a multimodal model.",
        f"{at(D, 6, 'TP0')} Init torch distributed begin.",
        f"{at(D, 7)} Use chat template for the OpenAI-compatible API server: examples/tool_chat_template_llama4_pythonic.jinja",
        TB,
        tb(
            PY310,
            PY310,
            *RUNPY310,
            (f"{PY310}/sglang/launch_server.py", 14, "<module>", "launch_server(server_args)"),
            (
                "entrypoints/http_server.py",
                743,
                "launch_server",
                "tokenizer_manager, scheduler_info = _launch_subprocesses(server_args=server_args)",
            ),
            ("entrypoints/engine.py", 651, "_launch_subprocesses", "load_chat_template_for_openai_api("),
            ("openai_api/adapter.py", 129, "load_chat_template_for_openai_api", "raise RuntimeError("),
        ),
        "RuntimeError: Chat template examples/tool_chat_template_llama4_pythonic.jinja is not a built-in template name or a valid chat template file path.",
    ),
)

D = "2025-09-18"
case(
    "mcp_tool_server_without_mcp_package_lifespan_fails",
    "0.5.2",
    "sglang 0.5.2 entrypoints/openai/tool_server.py (`except ImportError as e: ClientSession = sse_client = ListToolsResult = e`), http_server.py lifespan; starlette 0.47.2 routing.py lifespan; uvicorn 0.35.0 lifespan/on.py",
    "config_error",
    "`--tool-server 127.0.0.1:8001` without the `mcp` package: the lifespan calls an ImportError object (TypeError), uvicorn's startup fails and the server exits before ready.",
    join(
        sargs(
            D,
            0,
            "openai/gpt-oss-20b",
            tp_size=1,
            reasoning_parser="gpt-oss",
            tool_call_parser="gpt-oss",
            tool_server="127.0.0.1:8001",
        ),
        boot(
            D,
            4,
            None,
            arch="GptOssForCausalLM",
            avail=78.74,
            weights=13.72,
            tokens=2406912,
            kv=26.44,
            ctx=131072,
            maxreq=3072,
            shards=3,
        ),
        f"{at(D, 44)} INFO:     Started server process [61]",
        f"{at(D, 44)} INFO:     Waiting for application startup.",
        f"{at(D, 44)} ERROR:    {TB}",
        tb(
            PY312,
            PY312,
            (
                "+starlette/routing.py",
                694,
                "lifespan",
                "async with self.lifespan_context(app) as maybe_state:",
                "           ^^^^^^^^^^^^^^^^^^^^^^^^^^",
            ),
            (
                "/usr/lib/python3.12/contextlib.py",
                210,
                "__aenter__",
                "return await anext(self.gen)",
                "       ^^^^^^^^^^^^^^^^^^^^^",
            ),
            (
                "entrypoints/http_server.py",
                233,
                "lifespan",
                "await tool_server.add_tool_server(server_args.tool_server)",
            ),
            (
                "entrypoints/openai/tool_server.py",
                98,
                "add_tool_server",
                "initialize_response, list_tools_response = await list_server_and_tools(url)",
                "                                           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
            ),
            (
                "entrypoints/openai/tool_server.py",
                22,
                "list_server_and_tools",
                "async with sse_client(url=server_url) as streams, ClientSession(",
                "           ^^^^^^^^^^^^^^^^^^^^^^^^^^",
            ),
        ),
        "TypeError: 'ImportError' object is not callable",
        "",
        f"{at(D, 44)} ERROR:    Application startup failed. Exiting.",
    ),
)

D = "2025-10-24"
case(
    "demo_tool_server_without_openai_harmony_rocm",
    "0.5.4",
    "sglang 0.5.4 entrypoints/openai/tool_server.py (module-level `from openai_harmony import ...`), http_server.py lifespan; starlette 0.47.2; uvicorn 0.35.0; an MI300X source build without openai-harmony",
    "config_error",
    "A ROCm source build lacks `openai_harmony`; `--tool-server demo` imports it in the lifespan: ModuleNotFoundError, `Application startup failed. Exiting.` before ready.",
    join(
        sargs(
            D,
            0,
            "openai/gpt-oss-120b",
            tp_size=8,
            attention_backend="triton",
            reasoning_parser="gpt-oss",
            tool_call_parser="gpt-oss",
            tool_server="demo",
        ),
        boot(
            D,
            6,
            "TP0",
            arch="GptOssForCausalLM",
            avail=189.3,
            weights=8.21,
            tokens=9856512,
            kv=72.1,
            ctx=131072,
            maxreq=4096,
            shards=15,
        ),
        f"{at(D, 80)} INFO:     Started server process [1]",
        f"{at(D, 80)} INFO:     Waiting for application startup.",
        f"{at(D, 80)} ERROR:    {TB}",
        tb(
            WS,
            PY312,
            (
                "+starlette/routing.py",
                694,
                "lifespan",
                "async with self.lifespan_context(app) as maybe_state:",
                "           ^^^^^^^^^^^^^^^^^^^^^^^^^^",
            ),
            (
                "/usr/lib/python3.12/contextlib.py",
                210,
                "__aenter__",
                "return await anext(self.gen)",
                "       ^^^^^^^^^^^^^^^^^^^^^",
            ),
            (
                "entrypoints/http_server.py",
                236,
                "lifespan",
                "from sglang.srt.entrypoints.openai.tool_server import DemoToolServer",
            ),
            (
                "entrypoints/openai/tool_server.py",
                15,
                "<module>",
                "from openai_harmony import ToolDescription, ToolNamespaceConfig",
            ),
        ),
        "ModuleNotFoundError: No module named 'openai_harmony'",
        "",
        f"{at(D, 80)} ERROR:    Application startup failed. Exiting.",
    ),
)

D = "2025-07-24"
case(
    "kimi_k2_without_trust_remote_code",
    "0.4.9.post6",
    "sglang 0.4.9.post6 server_args.py check_server_args -> get_hf_config; hf_transformers_utils.py get_config (lru_cache_frozenset wrapper); transformers 4.54 configuration_auto.py CONFIG_MAPPING",
    "config_error",
    "Kimi-K2 with `--tool-call-parser kimi_k2` but no `--trust-remote-code`: AutoConfig does not know model type `kimi_k2`; the launcher dies in check_server_args.",
    join(
        "+ python3 -m sglang.launch_server --model-path moonshotai/Kimi-K2-Instruct --tp 16 --dist-init-addr 10.0.1.11:5000 --nnodes 2 --node-rank 0 --tool-call-parser kimi_k2 --host 0.0.0.0 --port 30000",
        TB,
        tb(
            PY310,
            PY310,
            *RUNPY310,
            (f"{PY310}/sglang/launch_server.py", 14, "<module>", "launch_server(server_args)"),
            (
                "entrypoints/http_server.py",
                910,
                "launch_server",
                "tokenizer_manager, template_manager, scheduler_info = _launch_subprocesses(",
            ),
            ("entrypoints/engine.py", 687, "_launch_subprocesses", "server_args.check_server_args()"),
            ("server_args.py", 1866, "check_server_args", "model_arch = self.get_hf_config().architectures[0]"),
            ("server_args.py", 1831, "get_hf_config", "hf_config = get_config("),
            ("utils.py", 2745, "wrapper", "result = func(*args, **kwargs)"),
            ("hf_transformers_utils.py", 121, "get_config", "config = AutoConfig.from_pretrained("),
            (
                "+transformers/models/auto/configuration_auto.py",
                1265,
                "from_pretrained",
                'config_class = CONFIG_MAPPING[config_dict["model_type"]]',
            ),
            ("+transformers/models/auto/configuration_auto.py", 960, "__getitem__", "raise KeyError(key)"),
        ),
        "KeyError: 'kimi_k2'",
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        TB,
        tb(
            PY310,
            PY310,
            *RUNPY310,
            (f"{PY310}/sglang/launch_server.py", 14, "<module>", "launch_server(server_args)"),
            (
                "entrypoints/http_server.py",
                910,
                "launch_server",
                "tokenizer_manager, template_manager, scheduler_info = _launch_subprocesses(",
            ),
            ("entrypoints/engine.py", 687, "_launch_subprocesses", "server_args.check_server_args()"),
            ("server_args.py", 1866, "check_server_args", "model_arch = self.get_hf_config().architectures[0]"),
            ("server_args.py", 1831, "get_hf_config", "hf_config = get_config("),
            ("utils.py", 2745, "wrapper", "result = func(*args, **kwargs)"),
            ("hf_transformers_utils.py", 121, "get_config", "config = AutoConfig.from_pretrained("),
            ("+transformers/models/auto/configuration_auto.py", 1267, "from_pretrained", "raise ValueError("),
        ),
        "ValueError: The checkpoint you are trying to load has model type `kimi_k2` but Transformers does not recognize this architecture. This could be because of an issue with the checkpoint, or because your version of Transformers is out of date.",
        "",
        "You can update Transformers with the command `pip install --upgrade transformers`. If this does not work, and the checkpoint is very new, then there may not be a release version that supports this model yet. In this case, you can get the most up-to-date code by installing Transformers from source with the command `pip install git+https://github.com/huggingface/transformers.git`",
    ),
)

D = "2025-08-01"
case(
    "kimi_k2_tokenizer_needs_tiktoken_detokenizer_dies",
    "0.4.10",
    "sglang 0.4.10 managers/detokenizer_manager.py run_detokenizer_process (`DetokenizerManager hit an exception`, SIGQUIT to parent), hf_transformers_utils.py get_tokenizer; transformers 4.54.1 tokenization_auto.py / dynamic_module_utils.py check_imports; engine.py launch_phase_sigquit_handler; sgl-project/sglang#9329",
    "config_error",
    "Kimi-K2's remote tokenizer imports tiktoken, which the image lacks: the detokenizer dies at start-up with transformers' `requires the following packages` ImportError and the launcher tears everything down.",
    join(
        sargs(
            D,
            0,
            "moonshotai/Kimi-K2-Instruct",
            tp_size=16,
            nnodes=2,
            node_rank=0,
            dist_init_addr="10.0.1.11:5000",
            trust_remote_code=True,
            tool_call_parser="kimi_k2",
        ),
        f"{at(D, 5, 'TP0')} MLA optimization is turned on. Use flashinfer backend.",
        f"{at(D, 5, 'TP0')} Init torch distributed begin.",
        f"{at(D, 6)} DetokenizerManager hit an exception: {TB}",
        tb(
            PY310,
            PY310,
            (
                "managers/detokenizer_manager.py",
                274,
                "run_detokenizer_process",
                "manager = DetokenizerManager(server_args, port_args)",
            ),
            ("managers/detokenizer_manager.py", 88, "__init__", "self.tokenizer = get_tokenizer("),
            ("hf_transformers_utils.py", 244, "get_tokenizer", "tokenizer = AutoTokenizer.from_pretrained("),
            (
                "+transformers/models/auto/tokenization_auto.py",
                1096,
                "from_pretrained",
                "tokenizer_class = get_class_from_dynamic_module(class_ref, pretrained_model_name_or_path, **kwargs)",
            ),
            (
                "+transformers/dynamic_module_utils.py",
                570,
                "get_class_from_dynamic_module",
                "final_module = get_cached_module_file(",
            ),
            (
                "+transformers/dynamic_module_utils.py",
                393,
                "get_cached_module_file",
                "modules_needed = check_imports(resolved_module_file)",
            ),
            ("+transformers/dynamic_module_utils.py", 225, "check_imports", "raise ImportError("),
        ),
        "ImportError: This modeling file requires the following packages that were not found in your environment: tiktoken. Run `pip install tiktoken`",
        "",
        f"{at(D, 6)} Received sigquit from a child process. It usually means the child failed.",
    ),
)

D = "2025-09-19"
case(
    "grammar_backend_none_then_tool_choice_required_asserts",
    "0.5.2",
    "sglang 0.5.2 managers/scheduler.py handle_generate_request (`assert self.grammar_backend is not None`, a per-request abort only from 0.5.6 on), function_call_parser.py get_structure_constraint (EBNF for required), utils.py TypeBasedDispatcher",
    "config_error",
    "Launched with `--grammar-backend none`; the first tool_choice=required request carries an EBNF constraint and the scheduler asserts on the missing grammar backend: the user's flag is the cause and the fix (arguable: it happens after ready).",
    join(
        sargs(D, 0, "Qwen/Qwen2.5-32B-Instruct", tp_size=2, grammar_backend="none", tool_call_parser="qwen25"),
        boot(
            D,
            5,
            "TP0",
            arch="Qwen2ForCausalLM",
            avail=78.36,
            weights=30.71,
            tokens=622300,
            kv=14.24,
            ctx=32768,
            maxreq=4096,
            shards=17,
        ),
        ready(
            D,
            70,
            warm=f"{at(D, 71, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        ),
        f"{at(D, 100, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 318, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        access(D, 102, "200 OK"),
        f"{at(D, 130, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            PY312,
            ("managers/scheduler.py", 2610, "run_scheduler_process", "scheduler.event_loop_overlap()"),
            (
                "+torch/utils/_contextlib.py",
                120,
                "decorate_context",
                "return func(*args, **kwargs)",
                "       ^^^^^^^^^^^^^^^^^^^^^",
            ),
            ("managers/scheduler.py", 833, "event_loop_overlap", "self.process_input_requests(recv_reqs)"),
            (
                "managers/scheduler.py",
                1138,
                "process_input_requests",
                "output = self._request_dispatcher(recv_req)",
                "         ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
            ),
            (f"{PY312}/sglang/utils.py", 483, "__call__", "return fn(obj)", "       ^^^^^^^"),
            ("managers/scheduler.py", 1280, "handle_generate_request", "assert self.grammar_backend is not None"),
        ),
        "AssertionError",
        "",
        f"{at(D, 130, 'TP1')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            PY312,
            ("managers/scheduler.py", 2610, "run_scheduler_process", "scheduler.event_loop_overlap()"),
            ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
            ("managers/scheduler.py", 833, "event_loop_overlap", "self.process_input_requests(recv_reqs)"),
            ("managers/scheduler.py", 1138, "process_input_requests", "output = self._request_dispatcher(recv_req)"),
            (f"{PY312}/sglang/utils.py", 483, "__call__", "return fn(obj)"),
            ("managers/scheduler.py", 1280, "handle_generate_request", "assert self.grammar_backend is not None"),
        ),
        "AssertionError",
        "",
        f"{at(D, 130)} SIGQUIT received. signum=3, frame=None. It usually means one child failed.",
        "Killed",
    ),
)


# ============================================================================================== runtime failures
D = "2025-10-29"
EAGLE_KEY = REQUIRED_SCHEMA
case(
    "eagle_verify_tokens_not_accepted_crash",
    "0.5.4",
    "sglang 0.5.4 speculative/eagle_info.py verify (logger.info then `raise e`), eagle_worker.py verify, constrained/xgrammar_backend.py accept_token `Tokens not accepted`; sgl-project/sglang#12461",
    "unknown",
    "GLM-4.5-Air with EAGLE serves tool_choice=required; a drafted token the grammar refuses is re-raised from EAGLE's verify and kills every scheduler. No memory, CUDA, NCCL or argument cause in the text: a software defect no label names.",
    join(
        sargs(
            D,
            0,
            "zai-org/GLM-4.5-Air-FP8",
            tp_size=4,
            speculative_algorithm="EAGLE",
            speculative_num_steps=3,
            speculative_eagle_topk=1,
            speculative_num_draft_tokens=4,
            reasoning_parser="glm45",
            tool_call_parser="glm45",
        ),
        boot(
            D,
            6,
            "TP0",
            arch="Glm4MoeForCausalLM",
            avail=78.1,
            weights=27.31,
            tokens=1185600,
            kv=17.9,
            ctx=131072,
            maxreq=48,
            shards=47,
        ),
        ready(
            D,
            120,
            warm=f"{at(D, 121, 'TP0')} Prefill batch [1], #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        ),
        f"{at(D, 200, 'TP0')} Prefill batch [40], #new-seq: 1, #new-token: 1024, #cached-token: 0, token usage: 0.00, #running-req: 3, #queue-req: 0, ",
        f"{at(D, 201, 'TP0')} Decode batch [80], #running-req: 4, #token: 5220, token usage: 0.00, accept len: 2.71, accept rate: 0.68, cuda graph: True, gen throughput (token/s): 388.10, #queue-req: 0, ",
        access(D, 203, "200 OK"),
        f"{at(D, 204, 'TP0')} i=2, req=Req(rid=0c6e1f5b93a84d2e8f71c4a09b2d3e56, input_ids=[151331, 151333, 151335, 198, 2, 2, 30002, 1178, 198, 2610, 525, 264, 10950, 17847, 13, 151336, 198, 3838, 374, 279, 9104, 304, 24081, 30], output_ids=[151350, 198, 151351, 58, 4913, 606, 788, 330, 455, 69364], self.grammar=<sglang.srt.constrained.xgrammar_backend.XGrammarGrammar object at 0x7f3a1c2b5e10>, self.sampling_params=<sglang.srt.sampling.sampling_params.SamplingParams object at 0x7f3a1c2b5f90>)",
        "accept_index=tensor([[ 0,  1,  2, -1],",
        "        [ 4,  5, -1, -1],",
        "        [ 8,  9, 10, -1],",
        "        [12, 13, 14, 15]], device='cuda:0', dtype=torch.int32)",
        "predict=tensor([   497,    330,   3076,  52315,    788,  44205,    330, 151329,   1185,",
        "          2821, 151551,    497,     11,    330,   8926,    788], device='cuda:0',",
        "       dtype=torch.int32)",
        "",
        f"{at(D, 204, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            PY312,
            ("managers/scheduler.py", 2771, "run_scheduler_process", "scheduler.event_loop_normal()"),
            (
                "+torch/utils/_contextlib.py",
                120,
                "decorate_context",
                "return func(*args, **kwargs)",
                "       ^^^^^^^^^^^^^^^^^^^^^",
            ),
            (
                "managers/scheduler.py",
                987,
                "event_loop_normal",
                "result = self.run_batch(batch)",
                "         ^^^^^^^^^^^^^^^^^^^^^",
            ),
            (
                "managers/scheduler.py",
                1955,
                "run_batch",
                "batch_result = self.model_worker.forward_batch_generation(",
                "               ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
            ),
            ("speculative/eagle_worker.py", 268, "forward_batch_generation", "self.verify(batch, spec_info)"),
            (
                "speculative/eagle_worker.py",
                674,
                "verify",
                "res: EagleVerifyOutput = spec_info.verify(",
                "                         ^^^^^^^^^^^^^^^^^",
            ),
            ("speculative/eagle_info.py", 382, "verify", "raise e"),
            ("speculative/eagle_info.py", 377, "verify", "req.grammar.accept_token(id)"),
            ("constrained/xgrammar_backend.py", 79, "accept_token", "raise ValueError("),
        ),
        "ValueError: Tokens not accepted: 151551",
        "Accepted tokens: [58, 4913, 606, 788, 330, 455, 69364, 497, 330, 13786, 788, 5212, 8926, 788, 330, 3076]",
        f"Key string: {EAGLE_KEY}",
        "",
        f"{at(D, 204)} SIGQUIT received. signum=3, frame=None. It usually means one child failed.",
    ),
)

D = "2025-12-08"
case(
    "triton_bitmask_kernel_illegal_memory_access",
    "0.5.6",
    "sglang 0.5.6 scheduler.py launch_batch_sample_if_needed (delayed sampling with grammars under overlap), tp_worker.py sample_batch_func, model_runner.py _preprocess_logits, sampling_batch_info.py apply_logits_bias, xgrammar_backend.py apply_vocab_mask, constrained/triton_ops/bitmask_ops.py; Triton 3.5 launcher",
    "cuda_error_other",
    "After ready, the grammar bitmask Triton kernel faults while constrained tool calls are sampled: `Triton Error [CUDA]: an illegal memory access was encountered`, a runtime CUDA fault.",
    join(
        sargs(
            D,
            0,
            "Qwen/Qwen3-30B-A3B-Instruct-2507",
            tp_size=1,
            tool_call_parser="qwen",
            grammar_backend="xgrammar",
            cuda_graph_max_bs=256,
        ),
        boot(
            D,
            4,
            None,
            arch="Qwen3MoeForCausalLM",
            avail=78.52,
            weights=57.1,
            tokens=187456,
            kv=8.58,
            ctx=262144,
            maxreq=1024,
            shards=16,
        ),
        ready(
            D,
            75,
            warm=f"{at(D, 76)} Prefill batch, #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        ),
        f"{at(D, 400)} Prefill batch, #new-seq: 12, #new-token: 8192, #cached-token: 31004, token usage: 0.44, #running-req: 40, #queue-req: 6, ",
        f"{at(D, 401)} Decode batch, #running-req: 52, #token: 84302, token usage: 0.45, cuda graph: True, gen throughput (token/s): 2210.43, #queue-req: 6, ",
        access(D, 401, "200 OK"),
        f"{at(D, 402)} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            PY312,
            ("managers/scheduler.py", 2677, "run_scheduler_process", "scheduler.event_loop_overlap()"),
            (
                "+torch/utils/_contextlib.py",
                120,
                "decorate_context",
                "return func(*args, **kwargs)",
                "       ^^^^^^^^^^^^^^^^^^^^^",
            ),
            ("managers/scheduler.py", 1046, "event_loop_overlap", "self.launch_batch_sample_if_needed(batch_result)"),
            (
                "managers/scheduler.py",
                2089,
                "launch_batch_sample_if_needed",
                "_batch_result = batch_result.delay_sample_func()",
                "                ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
            ),
            (
                "managers/tp_worker.py",
                413,
                "sample_batch_func",
                "batch_result.next_token_ids = self.model_runner.sample(",
                "                              ^^^^^^^^^^^^^^^^^^^^^^^^",
            ),
            (
                "model_executor/model_runner.py",
                2755,
                "sample",
                "self._preprocess_logits(logits_output, forward_batch.sampling_info)",
            ),
            (
                "model_executor/model_runner.py",
                2732,
                "_preprocess_logits",
                "sampling_info.apply_logits_bias(logits_output.next_token_logits)",
            ),
            (
                "sampling/sampling_batch_info.py",
                229,
                "apply_logits_bias",
                "self.apply_mask_func(logits=logits, vocab_mask=self.vocab_mask)",
            ),
            (
                "constrained/xgrammar_backend.py",
                115,
                "apply_vocab_mask",
                "apply_token_bitmask_inplace_triton(logits, vocab_mask)",
            ),
            (
                "constrained/triton_ops/bitmask_ops.py",
                129,
                "apply_token_bitmask_inplace_triton",
                "apply_token_bitmask_inplace_kernel[grid](",
            ),
            (
                "+triton/runtime/jit.py",
                419,
                "<lambda>",
                "return lambda *args, **kwargs: self.run(grid=grid, warmup=False, *args, **kwargs)",
                "                                      ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
            ),
            (
                "+triton/runtime/jit.py",
                756,
                "run",
                "kernel.run(grid_0, grid_1, grid_2, stream, kernel.function, kernel.packed_metadata, launch_metadata,",
            ),
            (
                "+triton/backends/nvidia/driver.py",
                713,
                "__call__",
                "self.launch(gridX, gridY, gridZ, stream, function, self.launch_cooperative_grid, self.launch_pdl,",
            ),
        ),
        "RuntimeError: Triton Error [CUDA]: an illegal memory access was encountered",
        "",
        f"{at(D, 402)} SIGQUIT received. signum=3, frame=None. It usually means one child failed.",
    ),
)

D = "2025-09-22"
case(
    "rocm_hip_bitmask_illegal_memory_access",
    "0.5.2",
    "sglang 0.5.2 constrained/xgrammar_backend.py apply_vocab_mask (`if _is_hip: apply_token_bitmask_inplace_cuda`), model_runner.py sample, tp_worker.py forward_batch_generation, scheduler.py event_loop_normal; torch ROCm HIP error text",
    "cuda_error_other",
    "MI300X, ROCm image: sgl_kernel's bitmask op faults while sampling a named tool_choice: `HIP error: an illegal memory access was encountered`, the HIP spelling of a runtime CUDA fault.",
    join(
        sargs(
            D,
            0,
            "Qwen/Qwen2.5-72B-Instruct",
            tp_size=8,
            attention_backend="aiter",
            disable_overlap_schedule=True,
            tool_call_parser="qwen25",
        ),
        boot(
            D,
            8,
            "TP0",
            arch="Qwen2ForCausalLM",
            avail=189.55,
            weights=17.3,
            tokens=4194304,
            kv=64.0,
            ctx=32768,
            maxreq=4096,
            shards=37,
        ),
        ready(
            D,
            160,
            warm=f"{at(D, 161, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        ),
        f"{at(D, 500, 'TP0')} Prefill batch. #new-seq: 2, #new-token: 2917, #cached-token: 644, token usage: 0.00, #running-req: 7, #queue-req: 0, ",
        f"{at(D, 501, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            WS,
            PY312,
            ("managers/scheduler.py", 2612, "run_scheduler_process", "scheduler.event_loop_normal()"),
            (
                "+torch/utils/_contextlib.py",
                120,
                "decorate_context",
                "return func(*args, **kwargs)",
                "       ^^^^^^^^^^^^^^^^^^^^^",
            ),
            (
                "managers/scheduler.py",
                818,
                "event_loop_normal",
                "result = self.run_batch(batch)",
                "         ^^^^^^^^^^^^^^^^^^^^^",
            ),
            ("managers/scheduler.py", 1817, "run_batch", "self.tp_worker.forward_batch_generation(model_worker_batch)"),
            (
                "managers/tp_worker.py",
                260,
                "forward_batch_generation",
                "next_token_ids = self.model_runner.sample(",
                "                 ^^^^^^^^^^^^^^^^^^^^^^^^",
            ),
            (
                "model_executor/model_runner.py",
                2011,
                "sample",
                "self._preprocess_logits(logits_output, forward_batch.sampling_info)",
            ),
            (
                "model_executor/model_runner.py",
                1988,
                "_preprocess_logits",
                "sampling_info.apply_logits_bias(logits_output.next_token_logits)",
            ),
            (
                "sampling/sampling_batch_info.py",
                225,
                "apply_logits_bias",
                "self.apply_mask_func(logits=logits, vocab_mask=self.vocab_mask)",
            ),
            (
                "constrained/xgrammar_backend.py",
                103,
                "apply_vocab_mask",
                "apply_token_bitmask_inplace_cuda(logits, vocab_mask)",
            ),
            (
                "+sgl_kernel/grammar.py",
                15,
                "apply_token_bitmask_inplace_cuda",
                "torch.ops.sgl_kernel.apply_token_bitmask_inplace_cuda(logits, bitmask, indices)",
            ),
            (
                "+torch/_ops.py",
                1243,
                "__call__",
                "return self._op(*args, **kwargs)",
                "       ^^^^^^^^^^^^^^^^^^^^^^^^^",
            ),
        ),
        "RuntimeError: HIP error: an illegal memory access was encountered",
        "HIP kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
        "For debugging consider passing AMD_SERIALIZE_KERNEL=3",
        "Compile with `TORCH_USE_HIP_DSA` to enable device-side assertions.",
        "",
        "",
        f"{at(D, 501)} SIGQUIT received. signum=3, frame=None. It usually means one child failed.",
    ),
)

D = "2025-08-04"
case(
    "multinomial_device_assert_after_full_grammar_mask",
    "0.4.10",
    "sglang 0.4.10 layers/sampler.py top_k_top_p_min_p_sampling_from_probs_torch (`--sampling-backend pytorch`), managers/scheduler_output_processor_mixin.py process_batch_result_decode -> tp_worker_overlap_thread.py resolve_last_batch_result; torch 2.7 TensorCompare.cu assert",
    "cuda_error_other",
    "Every token masked by the tool_choice grammar leaves NaN probabilities; torch.multinomial's device-side assert fires and the next sync raises `CUDA error: device-side assert triggered` in the scheduler: a runtime CUDA fault.",
    join(
        sargs(
            D,
            0,
            "Qwen/Qwen2.5-14B-Instruct",
            tp_size=1,
            sampling_backend="pytorch",
            grammar_backend="xgrammar",
            tool_call_parser="qwen25",
        ),
        boot(
            D,
            4,
            None,
            arch="Qwen2ForCausalLM",
            avail=78.61,
            weights=27.67,
            tokens=218640,
            kv=20.02,
            ctx=32768,
            maxreq=2048,
            shards=8,
        ),
        ready(
            D,
            50,
            warm=f"{at(D, 51)} Prefill batch. #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0",
        ),
        f"{at(D, 90)} Prefill batch. #new-seq: 1, #new-token: 544, #cached-token: 0, token usage: 0.00, #running-req: 2, #queue-req: 0",
        "/pytorch/aten/src/ATen/native/cuda/TensorCompare.cu:112: _assert_async_cuda_kernel: block: [0,0,0], thread: [0,0,0] Assertion `probability tensor contains either `inf`, `nan` or element < 0` failed.",
        f"{at(D, 91)} Scheduler hit an exception: {TB}",
        tb(
            PY310,
            PY310,
            ("managers/scheduler.py", 2418, "run_scheduler_process", "scheduler.event_loop_overlap()"),
            ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
            ("managers/scheduler.py", 778, "event_loop_overlap", "self.process_batch_result("),
            (
                "managers/scheduler.py",
                1736,
                "process_batch_result",
                "self.process_batch_result_decode(batch, result, launch_done)",
            ),
            (
                "managers/scheduler_output_processor_mixin.py",
                209,
                "process_batch_result_decode",
                "self.tp_worker.resolve_last_batch_result(launch_done)",
            ),
            ("managers/tp_worker_overlap_thread.py", 218, "resolve_last_batch_result", "copy_done.synchronize()"),
            ("+torch/cuda/streams.py", 224, "synchronize", "super().synchronize()"),
        ),
        "RuntimeError: CUDA error: device-side assert triggered",
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
        "",
        "",
        f"{at(D, 91)} SIGQUIT received. signum=3, frame=<frame at 0x7f0c8c1d2a40, file '/usr/lib/python3.10/selectors.py', line 469, code select>. It usually means one child failed.",
    ),
)

D = "2025-12-09"
OOM_TOOL_RESULT = (
    "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 6.75 GiB. GPU 0 has a total capacity of 79.19 GiB of which 4.31 GiB is free. "
    "Including non-PyTorch memory, this process has 74.86 GiB memory in use. Of the allocated memory 71.92 GiB is allocated by PyTorch, "
    "with 1.04 GiB allocated in private pools (e.g., CUDA Graphs), and 1.37 GiB is reserved by PyTorch but unallocated. If reserved but "
    "unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation "
    "for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
)
case(
    "oom_prefill_of_a_65k_token_tool_result",
    "0.5.6",
    "sglang 0.5.6 scheduler.py run_batch -> tp_worker.py forward_batch_generation -> model_runner.py forward / _forward_raw / forward_extend -> models/qwen2.py Qwen2MLP; torch 2.9 OOM text",
    "oom_runtime",
    "Served for a while; an agent pastes a 65k-token tool result and, with chunked prefill off, the MLP's gate_up allocation runs out of memory after ready.",
    join(
        sargs(
            D,
            0,
            "Qwen/Qwen2.5-32B-Instruct",
            tp_size=1,
            chunked_prefill_size=-1,
            context_length=131072,
            tool_call_parser="qwen",
            json_model_override_args='{"rope_scaling": {"type": "yarn", "factor": 4.0, "original_max_position_embeddings": 32768}}',
        ),
        boot(
            D,
            4,
            None,
            arch="Qwen2ForCausalLM",
            avail=78.51,
            weights=61.04,
            tokens=46210,
            kv=5.64,
            ctx=131072,
            maxreq=256,
            shards=17,
            chunked=-1,
        ),
        ready(
            D,
            80,
            warm=f"{at(D, 81)} Prefill batch, #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        ),
        f"{at(D, 600)} Decode batch, #running-req: 2, #token: 9822, token usage: 0.21, cuda graph: True, gen throughput (token/s): 61.20, #queue-req: 0, ",
        access(D, 601, "200 OK"),
        f"{at(D, 640)} Prefill batch, #new-seq: 1, #new-token: 65536, #cached-token: 3120, token usage: 0.23, #running-req: 1, #queue-req: 0, ",
        f"{at(D, 641)} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            PY312,
            ("managers/scheduler.py", 2677, "run_scheduler_process", "scheduler.event_loop_overlap()"),
            (
                "+torch/utils/_contextlib.py",
                120,
                "decorate_context",
                "return func(*args, **kwargs)",
                "       ^^^^^^^^^^^^^^^^^^^^^",
            ),
            (
                "managers/scheduler.py",
                1036,
                "event_loop_overlap",
                "batch_result = self.run_batch(batch)",
                "               ^^^^^^^^^^^^^^^^^^^^^",
            ),
            (
                "managers/scheduler.py",
                2034,
                "run_batch",
                "batch_result = self.model_worker.forward_batch_generation(",
                "               ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
            ),
            (
                "managers/tp_worker.py",
                392,
                "forward_batch_generation",
                "logits_output, can_run_cuda_graph = self.model_runner.forward(",
                "                                    ^^^^^^^^^^^^^^^^^^^^^^^^^^",
            ),
            (
                "model_executor/model_runner.py",
                2647,
                "forward",
                "output = self._forward_raw(",
                "         ^^^^^^^^^^^^^^^^^",
            ),
            (
                "model_executor/model_runner.py",
                2706,
                "_forward_raw",
                "ret = self.forward_extend(",
                "      ^^^^^^^^^^^^^^^^^^^^",
            ),
            ("model_executor/model_runner.py", 2592, "forward_extend", "return self.model.forward("),
            ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
            ("models/qwen2.py", 495, "forward", "hidden_states = self.model("),
            ("+torch/nn/modules/module.py", 1775, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
            ("+torch/nn/modules/module.py", 1786, "_call_impl", "return forward_call(*args, **kwargs)"),
            ("models/qwen2.py", 362, "forward", "hidden_states, residual = layer("),
            ("+torch/nn/modules/module.py", 1775, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
            ("+torch/nn/modules/module.py", 1786, "_call_impl", "return forward_call(*args, **kwargs)"),
            ("models/qwen2.py", 256, "forward", "hidden_states = self.mlp(hidden_states)"),
            ("+torch/nn/modules/module.py", 1775, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
            ("+torch/nn/modules/module.py", 1786, "_call_impl", "return forward_call(*args, **kwargs)"),
            ("models/qwen2.py", 96, "forward", "gate_up, _ = self.gate_up_proj(x)"),
            ("+torch/nn/modules/module.py", 1775, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
            ("+torch/nn/modules/module.py", 1786, "_call_impl", "return forward_call(*args, **kwargs)"),
            ("layers/linear.py", 429, "forward", "output_parallel = self.quant_method.apply(self, input_, bias)"),
            ("layers/quantization/unquant.py", 143, "apply", "return F.linear(x, layer.weight, bias)"),
        ),
        OOM_TOOL_RESULT,
        "",
        f"{at(D, 641)} SIGQUIT received. signum=3, frame=None. It usually means one child failed.",
    ),
)

D = "2025-05-23"
case(
    "oom_decode_logits_after_retractions_llama4",
    "0.4.6.post5",
    "sglang 0.4.6.post5 managers/tp_worker_overlap_thread.py forward_thread_func (`TpModelWorkerClient hit an exception`), model_runner.py forward_decode, models/mllama4.py / mm_utils.py / llama.py, layers/logits_processor.py _get_logits; scheduler.py `Decode out of memory happened`",
    "oom_runtime",
    "Retractions (`Decode out of memory happened`) are pressure; the deciding event is the real torch OOM in the logits processor of a decode batch after ready.",
    join(
        sargs(
            D,
            0,
            "meta-llama/Llama-4-Scout-17B-16E-Instruct",
            tp_size=8,
            context_length=262144,
            mem_fraction_static=0.85,
            tool_call_parser="pythonic",
            chat_template="llama-4",
        ),
        f"{at(D, 5, 'TP0')} Automatically reduce --mem-fraction-static to 0.765 because this is a multimodal model.",
        boot(
            D,
            6,
            "TP0",
            arch="Llama4ForConditionalGeneration",
            avail=78.2,
            weights=26.96,
            tokens=1463209,
            kv=13.24,
            ctx=262144,
            maxreq=4096,
            shards=50,
            old=True,
        ),
        ready(
            D,
            200,
            warm=f"{at(D, 201, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0",
        ),
        f"{at(D, 900, 'TP0')} Decode batch. #running-req: 611, #token: 1459022, token usage: 1.00, cuda graph: False, gen throughput (token/s): 3011.52, #queue-req: 88",
        f"{at(D, 901, 'TP0')} Decode out of memory happened. #retracted_reqs: 23, #new_token_ratio: 0.3702 -> 0.5917",
        f"{at(D, 905, 'TP0')} Decode out of memory happened. #retracted_reqs: 17, #new_token_ratio: 0.5617 -> 0.7801",
        f"{at(D, 906, 'TP3')} TpModelWorkerClient hit an exception: {TB}",
        tb(
            PY310,
            PY310,
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
                1199,
                "forward",
                "ret = self.forward_decode(forward_batch, pp_proxy_tensors=pp_proxy_tensors)",
            ),
            ("model_executor/model_runner.py", 1120, "forward_decode", "return self.model.forward("),
            ("models/mllama4.py", 83, "forward", "hs = general_mm_embed_routine("),
            ("managers/mm_utils.py", 568, "general_mm_embed_routine", "hidden_states = language_model("),
            ("+torch/nn/modules/module.py", 1751, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
            ("+torch/nn/modules/module.py", 1762, "_call_impl", "return forward_call(*args, **kwargs)"),
            ("models/llama.py", 471, "forward", "return self.logits_processor("),
            ("+torch/nn/modules/module.py", 1751, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
            ("+torch/nn/modules/module.py", 1762, "_call_impl", "return forward_call(*args, **kwargs)"),
            (
                "layers/logits_processor.py",
                333,
                "forward",
                "logits = self._get_logits(pruned_states, lm_head, logits_metadata)",
            ),
            ("layers/logits_processor.py", 493, "_get_logits", "logits = logits[:, : self.config.vocab_size].float()"),
        ),
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 470.00 MiB. GPU 3 has a total capacity of 79.19 GiB of which 301.06 MiB is free. Including non-PyTorch memory, this process has 78.88 GiB memory in use. Of the allocated memory 75.02 GiB is allocated by PyTorch, with 512.00 MiB allocated in private pools (e.g., CUDA Graphs), and 1.12 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
        "",
        f"{at(D, 906)} Received sigquit from a child process. It usually means the child failed.",
    ),
)

D = "2025-09-24"
NCCL_WHAT = (
    "[PG ID 2 PG GUID 3(tp) Rank 5] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, "
    "NCCL version 2.27.3\nncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.\n"
    "Last error:\nNET/IB : Got completion from peer 10.0.1.12<51436> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:10.0.1.11 remoteGids::ffff:10.0.1.12 hca mlx5_3"
)
case(
    "nccl_ib_completion_error_while_serving_tool_calls",
    "0.5.2",
    "sglang 0.5.2 DeepSeek-V3.1 two-node recipe (`--tool-call-parser deepseekv31`); NCCL 2.27 transport/net_ib.cc WARN; torch 2.8 ProcessGroupNCCL watchdog text",
    "nccl_or_distributed",
    "Node 0 of a 2x8 H200 deployment serves tool calls, then an InfiniBand completion error (retry exceeded) turns into ncclRemoteError and the process group watchdog aborts the ranks.",
    join(
        sargs(
            D,
            0,
            "deepseek-ai/DeepSeek-V3.1",
            tp_size=16,
            nnodes=2,
            node_rank=0,
            dist_init_addr="10.0.1.11:20000",
            trust_remote_code=True,
            tool_call_parser="deepseekv31",
            reasoning_parser="deepseek-v3",
            chat_template="examples/chat_template/tool_chat_template_deepseekv31.jinja",
        ),
        boot(
            D,
            10,
            "TP0",
            arch="DeepseekV3ForCausalLM",
            avail=139.1,
            weights=40.61,
            tokens=1298112,
            kv=84.6,
            ctx=163840,
            maxreq=2048,
            shards=163,
            mla=True,
        ),
        f"{at(D, 420)} Loading chat template from argument: examples/chat_template/tool_chat_template_deepseekv31.jinja",
        ready(
            D,
            421,
            warm=f"{at(D, 422, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        ),
        f"{at(D, 3000, 'TP0')} Decode batch. #running-req: 37, #token: 190417, token usage: 0.15, cuda graph: True, gen throughput (token/s): 1311.80, #queue-req: 0, ",
        access(D, 3001, "200 OK"),
        "",
        "gpu-node-01:3121:3907 [5] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 10.0.1.12<51436> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:10.0.1.11 remoteGids::ffff:10.0.1.12 hca mlx5_3",
        "gpu-node-01:3121:3907 [5] NCCL INFO transport/net.cc:1305 -> 6",
        "gpu-node-01:3121:3907 [5] NCCL INFO proxy.cc:698 -> 6",
        "gpu-node-01:3121:3907 [5] NCCL INFO proxy.cc:878 -> 6 [Progress Thread]",
        "[rank5]:[E924 14:50:11.504219821 ProcessGroupNCCL.cpp:2068] [PG ID 2 PG GUID 3(tp) Rank 5] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.27.3",
        "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
        "Last error:",
        "NET/IB : Got completion from peer 10.0.1.12<51436> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:10.0.1.11 remoteGids::ffff:10.0.1.12 hca mlx5_3",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        f"  what():  {NCCL_WHAT}",
        "Exception raised from checkForNCCLErrorsInternal at /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2349 (most recent call first):",
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x98 (0x7f61c4d7b5e8 in /usr/local/lib/python3.12/dist-packages/torch/lib/libc10.so)",
        "frame #1: c10d::ProcessGroupNCCL::checkForNCCLErrorsInternal(std::shared_ptr<c10d::NCCLComm>&) + 0x2e3 (0x7f615a3a4f23 in /usr/local/lib/python3.12/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #2: c10d::ProcessGroupNCCL::WorkNCCL::checkAndSetException() + 0x7e (0x7f615a3a530e in /usr/local/lib/python3.12/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #3: c10d::ProcessGroupNCCL::Watchdog::runLoop() + 0x58f (0x7f615a3b2a1f in /usr/local/lib/python3.12/dist-packages/torch/lib/libtorch_cuda.so)",
        "",
        "Fatal Python error: Aborted",
        "",
        f"{at(D, 3012)} SIGQUIT received. signum=3, frame=None. It usually means one child failed.",
    ),
)

D = "2025-12-10"
case(
    "uvicorn_bind_port_taken_by_mcp_server",
    "0.5.6",
    "sglang 0.5.6 http_server.py launch_server -> uvicorn.run (set_uvicorn_logging_configs); uvicorn 0.35.0 server.py startup (`logger.error(exc)`, then lifespan shutdown, sys.exit(1))",
    "port_in_use",
    "The model loaded, but port 8000 is already held by the MCP tool server the agent stack started first: uvicorn's bind fails with Errno 98 and the server exits.",
    join(
        sargs(D, 0, "Qwen/Qwen3-Coder-30B-A3B-Instruct", tp_size=2, port=8000, tool_call_parser="qwen3_coder"),
        boot(
            D,
            5,
            "TP0",
            arch="Qwen3MoeForCausalLM",
            avail=78.44,
            weights=28.7,
            tokens=742310,
            kv=17.0,
            ctx=262144,
            maxreq=2048,
            shards=16,
        ),
        f"{at(D, 66)} INFO:     Started server process [2871]",
        f"{at(D, 66)} INFO:     Waiting for application startup.",
        f"{at(D, 66)} INFO:     Application startup complete.",
        f"{at(D, 66)} ERROR:    [Errno 98] error while attempting to bind on address ('0.0.0.0', 8000): address already in use",
        f"{at(D, 66)} INFO:     Waiting for application shutdown.",
        f"{at(D, 66)} INFO:     Application shutdown complete.",
    ),
)


# ------------------------------------------------------------------------------------------------------ the tests
XFAIL: dict[str, str] = {"eagle_verify_tokens_not_accepted_crash": "config_error"}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_toolcall_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


EVENT_XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_toolcall_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35

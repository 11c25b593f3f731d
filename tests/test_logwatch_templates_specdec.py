"""Speculative decoding in SGLang 0.4.6.post5 / 0.5.3 / 0.5.6 as users run it (a helper, blind): EAGLE / EAGLE3 /
NEXTN (MTP) / STANDALONE / NGRAM through `--speculative-algorithm`, `--speculative-draft-model-path`,
`--speculative-num-steps`, `--speculative-eagle-topk`, `--speculative-num-draft-tokens`.

Covered: argument checks that refuse spec settings (argparse choices, trtllm_mha with topk > 1, topk > 1 with
page_size > 1, NGRAM / STANDALONE with DP attention, NGRAM off CUDA, spec v2 with PD decode offload, the bare
num-steps assertion); attention backends the draft worker refuses (0.4.6's `EAGLE is not supported in attention
backend`, 0.5.6's DraftBackendFactory); the draft model's own memory (its weights loaded after the target's pool and
graphs, its `Capture draft cuda graph` and `Capture draft extend cuda graph` phases, the target's verify graphs sized by
draft tokens, the target pool too small once the draft headroom is added); draft/target mismatches (vocab at the
draft's lm_head weight loader, hidden size at merge_batch under STANDALONE, a draft path that does not exist, an
unsupported draft architecture); CUDA faults in verify; OOM while serving spec batches. Four healthy contrasts: spec
runs with SGLang's own alarming warnings (max running requests reset to 48, overlap scheduler disabled, num_draft_tokens
adjusted, beta spec v2, ignored token map, DeepSeek MTP draft path) and `accept len` decode lines.

Sources: the wheels of sglang 0.4.6.post5, 0.5.3 and 0.5.6 (file:line under sglang/srt/ of that release, read in
/tmp/specdec-wheels), transformers' hub error text, torch's OOM text, and the public sglang threads cited per case
(#24215 hidden-size mismatch, #6309 / #9481 illegal memory access with eagle, #2863 draft OOM with cuda graph).
Line numbers outside SGLang (torch) are approximate.

Labelling policy (decided before the classifier ran): an argument or backend combination that SGLang refuses, or a
draft that does not fit its target (vocab, hidden size, architecture, path), is `config_error` (the remedy is to change
flags or the draft). Any OOM while capturing a graph, target verify or the draft's own decode / extend graphs, is
`oom_cuda_graph`. The target's `Not enough memory ... increase --mem-fraction-static` is `oom_kv_cache`. OOM while the
draft's weights load is `oom_weights` (literal phase; unsure: the draft loads after the target reserved its pool, so a
lower fraction also cures it). OOM in a spec decode/verify batch after ready is `oom_runtime`; illegal memory access
in verify is `cuda_error_other`.

First sight: 31/31 (no misses; the four healthy contrasts fire no failure event line by line). Several hits rest on a
generic rule (`unnamed.exception`: the vocab assertion, the STANDALONE hidden-size cat, the bare num-steps assertion,
the topk/page-size ValueErrors) rather than a spec-specific one.
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
PY310 = "/usr/local/lib/python3.10/dist-packages"  # 0.4.x images
PY312 = "/usr/local/lib/python3.12/dist-packages"  # 0.5.x images
RUNPY310 = (
    ("/usr/lib/python3.10/runpy.py", 196, "_run_module_as_main", "return _run_code(code, main_globals, None,"),
    ("/usr/lib/python3.10/runpy.py", 86, "_run_code", "exec(code, run_globals)"),
)
RUNPY312 = (("<frozen runpy>", 198, "_run_module_as_main", ""), ("<frozen runpy>", 88, "_run_code", ""))


def tb(site: str, *stack: tuple[str, int, str, str]) -> str:
    """Frames; a path is under `{site}/sglang/srt/` unless absolute (`/`, `<`) or another package (`+torch/...`)."""
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


def sargs(second: int, model: str, draft: str | None, algo: str, **kw: object) -> str:
    fields = {"model_path": model, "tokenizer_path": model, "tokenizer_mode": "auto", **kw}
    fields.update(speculative_algorithm=algo, speculative_draft_model_path=draft)
    body = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    return f"{ts(second)} server_args=ServerArgs({body}, log_level='info', ...)"


def sigquit(second: int) -> str:
    return f"{ts(second)} Received sigquit from a child process. It usually means the child failed."


def ready(second: int, port: int = 30000) -> list[str]:
    return [
        f"{ts(second)} INFO:     Started server process [4242]",
        f"{ts(second)} INFO:     Waiting for application startup.",
        f"{ts(second)} INFO:     Application startup complete.",
        f"{ts(second)} INFO:     Uvicorn running on http://0.0.0.0:{port} (Press CTRL+C to quit)",
        f'{ts(second + 1)} INFO:     127.0.0.1:46704 - "GET /get_model_info HTTP/1.1" 200 OK',
        f"{ts(second + 1)} The server is fired up and ready to roll!",
    ]


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


OVERLAP_OFF_046 = f"{ts(0)} Overlap scheduler is disabled because of using eagle speculative decoding."  # 0.4.6.post5 server_args.py:386
OVERLAP_OFF_053 = OVERLAP_OFF_046  # 0.5.3 server_args.py:1062 (same text)
MAXREQ_056 = f"{ts(0)} Max running requests is reset to 48 for speculative decoding. You can override this by explicitly setting --max-running-requests."
OVERLAP_OFF_056 = f"{ts(0)} Overlap scheduler is disabled because of using eagle3 or standalone speculative decoding."
ADJUST_056 = (
    f"{ts(0)} speculative_num_draft_tokens is adjusted to speculative_num_steps + 1 when speculative_eagle_topk == 1"
)

PHASES = (
    "target_weights",
    "target_pool",
    "target_graph",
    "draft_weights",
    "draft_pool",
    "draft_graph",
    "draft_extend",
    "ready",
)


def boot(
    version: str,
    upto: str,
    *,
    rank: str = "TP0",
    target: str = "LlamaForCausalLM",
    draft: str = "LlamaForCausalLMEagle3",
) -> list[str]:
    """Start-up lines of one rank of a speculative server up to (and including the `begin` line of) a phase: the
    target runs its whole init (weights, pool, graphs), then the draft worker its own (0.4.6.post5 / 0.5.x order)."""
    stop = PHASES.index(upto)
    r = rank
    new = version != "0.4.6.post5"
    lines = [
        f"{ts(5, r)} Init torch distributed begin.",
        f"{ts(7, r)} Init torch distributed ends. mem usage=0.41 GB",
        f"{ts(8, r)} Load weight begin. avail mem=78.61 GB",
    ]
    if stop >= 1:
        lines += [
            f"{ts(30, r)} Load weight end. type={target}, dtype=torch.bfloat16, avail mem=63.40 GB, mem usage=15.21 GB.",
            f"{ts(30, r)} KV Cache is allocated. #tokens: 398120, K size: 24.30 GB, V size: 24.30 GB",
            f"{ts(30, r)} Memory pool end. avail mem=14.52 GB",
        ]
    if stop >= 2:
        lines.append(f"{ts(31, r)} Capture cuda graph begin. This can take up to several minutes. avail mem=14.10 GB")
    if stop >= 3:
        lines += [
            f"{ts(52, r)} Capture cuda graph end. Time elapsed: 21.30 s. mem usage=1.62 GB. avail mem=12.48 GB.",
            f"{ts(53, r)} Load weight begin. avail mem=12.48 GB",
        ]
    if stop >= 4:
        lines += [
            f"{ts(55, r)} Load weight end. type={draft}, dtype=torch.bfloat16, avail mem=11.60 GB, mem usage=0.88 GB.",
            f"{ts(55, r)} KV Cache is allocated. #tokens: 398120, K size: 0.76 GB, V size: 0.76 GB",
            f"{ts(55, r)} Memory pool end. avail mem=10.06 GB",
        ]
    if stop >= 5:
        lines.append(
            f"{ts(56, r)} Capture draft cuda graph begin. This can take up to several minutes. avail mem=9.82 GB"
        )
    if stop >= 6:
        end = "mem usage=0.61 GB. avail mem=9.21 GB." if new else "avail mem=9.21 GB. mem usage=0.61 GB."
        lines.append(f"{ts(80, r)} Capture draft cuda graph end. Time elapsed: 24.10 s. {end}")
        if new:
            lines.append(
                f"{ts(80, r)} Capture draft extend cuda graph begin. This can take up to several minutes. avail mem=9.21 GB"
            )
    if stop >= 7:
        if new:
            lines.append(
                f"{ts(88, r)} Capture draft extend cuda graph end. Time elapsed: 8.02 s. mem usage=0.33 GB. avail mem=8.88 GB."
            )
        tail = ", available_gpu_mem=8.88 GB" if new else ""
        lines.append(
            f"{ts(88, r)} max_total_num_tokens=398120, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=48, context_len=131072{tail}"
        )
        lines += ready(90)
    return lines


def sched(version: str, stack: str, error: str, *, rank: str = "TP0", second: int = 95) -> list[str]:
    return [f"{ts(second, rank)} Scheduler hit an exception: {TB}", stack, error, sigquit(second)]


# -- call paths (outermost first), per release
SCHED_046 = (
    (
        "managers/scheduler.py",
        2297,
        "run_scheduler_process",
        "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
    ),
)
DRAFT_046 = SCHED_046 + (("managers/scheduler.py", 290, "__init__", "self.draft_worker = EAGLEWorker("),)
DRAFT_INIT_046 = DRAFT_046 + (("speculative/eagle_worker.py", 109, "__init__", "super().__init__("),)
RUNNER_046 = (
    ("managers/tp_worker.py", 78, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 231, "__init__", "self.initialize(min_per_gpu_memory)"),
)
TARGET_046 = SCHED_046 + (("managers/scheduler.py", 277, "__init__", "self.tp_worker = TpWorkerClass("),)

SCHED_053 = (("managers/scheduler.py", 2847, "run_scheduler_process", "scheduler = Scheduler("),)
TARGET_053 = SCHED_053 + (
    ("managers/scheduler.py", 396, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker.py", 100, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 298, "__init__", "self.initialize(min_per_gpu_memory)"),
)
DRAFT_053 = SCHED_053 + (("managers/scheduler.py", 410, "__init__", "self.draft_worker = EAGLEWorker("),)

SCHED_056 = (("managers/scheduler.py", 2653, "run_scheduler_process", "scheduler = Scheduler("),)
DRAFT_056 = SCHED_056 + (
    ("managers/scheduler.py", 347, "__init__", "self.draft_worker = self.spec_algorithm.create_draft_worker("),
    (
        "speculative/spec_info.py",
        179,
        "create_draft_worker",
        "return self._draft_worker_factory(self, **factory_kwargs)",
    ),
    ("speculative/spec_info.py", 273, "_create_eagle_worker", "return EAGLEWorker(**kwargs)"),
)
DRAFT_RUNNER_056 = DRAFT_056 + (
    ("speculative/eagle_worker.py", 134, "__init__", "super().__init__("),
    ("managers/tp_worker.py", 245, "__init__", "self._model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 361, "__init__", "self.initialize(min_per_gpu_memory)"),
)
TARGET_056 = SCHED_056 + (
    ("managers/scheduler.py", 316, "__init__", "self.tp_worker = TpModelWorker("),
    ("managers/tp_worker.py", 245, "__init__", "self._model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 361, "__init__", "self.initialize(min_per_gpu_memory)"),
)
LOOP_056 = (
    ("managers/scheduler.py", 2672, "run_scheduler_process", "scheduler.event_loop_normal()"),
    ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
    ("managers/scheduler.py", 1012, "event_loop_normal", "result = self.run_batch(batch)"),
    ("managers/scheduler.py", 2021, "run_batch", "batch_result = self.model_worker.forward_batch_generation("),
    (
        "speculative/eagle_worker.py",
        295,
        "forward_batch_generation",
        "logits_output, verify_output, model_worker_batch, _ = self.verify(",
    ),
)

ARGS_046 = RUNPY310 + (
    (f"{PY310}/sglang/launch_server.py", 11, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
    ("server_args.py", 1466, "prepare_server_args", "server_args = ServerArgs.from_cli_args(raw_args)"),
    ("server_args.py", 1413, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
    ("<string>", 171, "__init__", ""),
)
ARGS_053 = RUNPY312 + (
    (f"{PY312}/sglang/launch_server.py", 21, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
    ("server_args.py", 3170, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
    ("server_args.py", 2883, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
    ("<string>", 271, "__init__", ""),
    ("server_args.py", 503, "__post_init__", "self._handle_speculative_decoding()"),
)
ARGS_056 = RUNPY312 + (
    (f"{PY312}/sglang/launch_server.py", 24, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
    ("server_args.py", 4371, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
    ("server_args.py", 3924, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
    ("<string>", 318, "__init__", ""),
    ("server_args.py", 645, "__post_init__", "self._handle_speculative_decoding()"),
)

TORCH_OOM = (
    "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {a}. GPU 0 has a total capacity of 79.19 GiB of "
    "which {f} is free. Process 81223 has 79.17 GiB memory in use. Of the allocated memory 74.02 GiB is allocated by "
    "PyTorch, and 1.20 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try "
    "setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory "
    "Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
)
CAPTURE_HINT_046 = (
    "Possible solutions:\n"
    "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
    "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n"
    "3. disable torch compile by not using --enable-torch-compile\n"
    "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\n"
    "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose \n"
)
CHAIN = "\nDuring handling of the above exception, another exception occurred:\n\n" + TB
ILLEGAL = (
    "RuntimeError: CUDA error: an illegal memory access was encountered\n"
    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."
)

L31 = "meta-llama/Llama-3.1-8B-Instruct"
E31 = "jamesliu1/sglang-EAGLE3-Llama-3.1-Instruct-8B"
DSV3 = "deepseek-ai/DeepSeek-V3-0324"

# ------------------------------------------------------------------------------------------------------ argument checks
case(
    "argparse_mtp_choice_046",
    "0.4.6.post5",
    "server_args.py:1002-1006 (choices EAGLE, EAGLE3, NEXTN); Python 3.10 argparse",
    "config_error",
    "MTP is not a value of --speculative-algorithm in 0.4.6 (NEXTN is); argparse exits 2",
    join(
        "usage: launch_server.py [-h] --model-path MODEL_PATH [--tokenizer-path TOKENIZER_PATH]",
        "                        [--speculative-algorithm {EAGLE,EAGLE3,NEXTN}]",
        "                        [--speculative-draft-model-path SPECULATIVE_DRAFT_MODEL_PATH]",
        "launch_server.py: error: argument --speculative-algorithm: invalid choice: 'MTP' (choose from 'EAGLE', 'EAGLE3', 'NEXTN')",
    ),
)
case(
    "trtllm_mha_topk_056",
    "0.5.6",
    "server_args.py:1735-1740 (_handle_speculative_decoding)",
    "config_error",
    "trtllm_mha refuses speculative_eagle_topk > 1: change --speculative-eagle-topk or the backend",
    join(
        MAXREQ_056,
        OVERLAP_OFF_056,
        TB,
        tb(PY312, *ARGS_056, ("server_args.py", 1737, "_handle_speculative_decoding", "raise ValueError(")),
        "ValueError: trtllm_mha backend only supports topk = 1 for speculative decoding.",
    ),
)
case(
    "topk_pagesize_053",
    "0.5.3",
    "server_args.py:1118-1125 (_handle_speculative_decoding)",
    "config_error",
    "topk 8 with --page-size 64 on fa3 is refused at argument checks",
    join(
        OVERLAP_OFF_053,
        TB,
        tb(PY312, *ARGS_053, ("server_args.py", 1123, "_handle_speculative_decoding", "raise ValueError(")),
        "ValueError: speculative_eagle_topk > 1 with page_size > 1 is unstable and produces incorrect results for paged attention backends. This combination is only supported for the 'flashinfer' backend.",
    ),
)
case(
    "ngram_dp_attention_056",
    "0.5.6",
    "server_args.py:1795-1799",
    "config_error",
    "NGRAM with --enable-dp-attention is refused",
    join(
        MAXREQ_056,
        f"{ts(0)} The overlap scheduler and mixed chunked prefill are disabled because of using ngram speculative decoding.",
        TB,
        tb(PY312, *ARGS_056, ("server_args.py", 1797, "_handle_speculative_decoding", "raise ValueError(")),
        "ValueError: Currently ngram speculative decoding does not support dp attention.",
    ),
)
case(
    "ngram_pagesize_topk_056",
    "0.5.6",
    "server_args.py:1783-1793",
    "config_error",
    "NGRAM's bfs breadth becomes topk; with page_size 16 on fa3 it is refused",
    join(
        MAXREQ_056,
        f"{ts(0)} The overlap scheduler and mixed chunked prefill are disabled because of using ngram speculative decoding.",
        TB,
        tb(PY312, *ARGS_056, ("server_args.py", 1788, "_handle_speculative_decoding", "raise ValueError(")),
        "ValueError: speculative_eagle_topk(8) > 1 with page_size(16) > 1 is unstable and produces incorrect results for paged attention backends. This combination is only supported for the 'flashinfer' backend.",
    ),
)
case(
    "standalone_dp_attention_053",
    "0.5.3",
    "server_args.py:1054-1058",
    "config_error",
    "STANDALONE (a small LM as draft) with DP attention is refused",
    join(
        TB,
        tb(PY312, *ARGS_053, ("server_args.py", 1056, "_handle_speculative_decoding", "raise ValueError(")),
        "ValueError: Currently standalone speculative decoding does not support dp attention.",
    ),
)
case(
    "ngram_off_cuda_056",
    "0.5.6",
    "server_args.py:1762-1765",
    "config_error",
    "NGRAM on a non-CUDA device (--device npu) is refused",
    join(
        TB,
        tb(PY312, *ARGS_056, ("server_args.py", 1764, "_handle_speculative_decoding", "raise ValueError(")),
        "ValueError: Ngram speculative decoding only supports CUDA device.",
    ),
)
case(
    "num_steps_bare_assert_056",
    "0.5.6",
    "server_args.py:1720-1724 (assert without message when only topk / draft tokens are given)",
    "config_error",
    "--speculative-eagle-topk given without --speculative-num-steps trips the bare assertion in argument handling",
    join(
        MAXREQ_056,
        OVERLAP_OFF_056,
        TB,
        tb(PY312, *ARGS_056, ("server_args.py", 1721, "_handle_speculative_decoding", "assert (")),
        "AssertionError",
    ),
)
case(
    "specv2_pd_offload_056",
    "0.5.6",
    "server_args.py:1912-1919 (_handle_disaggregation... decode offload checks)",
    "config_error",
    "SGLANG_ENABLE_SPEC_V2=1 on a PD decode server with --disaggregation-decode-enable-offload-kvcache is refused",
    join(
        MAXREQ_056,
        f"{ts(0)} Beta spec is enabled for eagle speculative decoding and overlap schedule is turned on.",
        f"{ts(0)} KV cache is forced as chunk cache for decode server",
        TB,
        tb(
            PY312,
            *ARGS_056[:-1],
            ("server_args.py", 690, "__post_init__", "self._handle_other_validations()"),
            ("server_args.py", 1917, "_handle_other_validations", "raise ValueError("),
        ),
        "ValueError: Spec v2 and decode offload kv cache are incompatible and cannot be enabled together.",
    ),
)

# ------------------------------------------------------------------------------------------------------ attention backends
case(
    "eagle_torch_native_backend_046",
    "0.4.6.post5",
    "speculative/eagle_worker.py:216-219 (init_attention_backend else-branch)",
    "config_error",
    "the draft worker refuses --attention-backend torch_native after the draft loaded",
    join(
        OVERLAP_OFF_046,
        sargs(1, L31, "yuhuili/EAGLE-LLaMA3.1-Instruct-8B", "EAGLE", attention_backend="torch_native", tp_size=1),
        boot("0.4.6.post5", "draft_pool", rank="", draft="LlamaForCausalLMEagle"),
        sched(
            "0.4.6.post5",
            tb(
                PY310,
                *DRAFT_046,
                ("speculative/eagle_worker.py", 148, "__init__", "self.init_attention_backend()"),
                ("speculative/eagle_worker.py", 217, "init_attention_backend", "raise ValueError("),
            ),
            "ValueError: EAGLE is not supported in attention backend torch_native",
            rank="",
        ),
    ),
)
case(
    "eagle_decode_backend_056",
    "0.5.6",
    "speculative/draft_utils.py:30,58 (DraftBackendFactory.create_decode_backend)",
    "config_error",
    "--decode-attention-backend torch_native has no EAGLE multi-step draft backend",
    join(
        MAXREQ_056,
        OVERLAP_OFF_056,
        sargs(1, L31, E31, "EAGLE3", decode_attention_backend="torch_native", tp_size=2),
        boot("0.5.6", "draft_pool"),
        sched(
            "0.5.6",
            tb(
                PY312,
                *DRAFT_056,
                ("speculative/eagle_worker.py", 185, "__init__", "self.init_attention_backend()"),
                (
                    "speculative/eagle_worker.py",
                    204,
                    "init_attention_backend",
                    "self.draft_attn_backend = draft_backend_factory.create_decode_backend()",
                ),
                ("speculative/draft_utils.py", 55, "create_decode_backend", "return self._create_backend("),
                (
                    "speculative/draft_utils.py",
                    30,
                    "_create_backend",
                    "raise ValueError(error_template.format(backend_type=backend_type))",
                ),
            ),
            "ValueError: EAGLE is not supported in decode attention backend torch_native",
        ),
    ),
)
case(
    "eagle_extend_backend_056",
    "0.5.6",
    "speculative/draft_utils.py:30,86 (create_draft_extend_backend)",
    "config_error",
    "the draft-extend backend map has no entry for the chosen prefill backend (torch_native)",
    join(
        MAXREQ_056,
        OVERLAP_OFF_056,
        sargs(
            1, L31, E31, "EAGLE3", decode_attention_backend="fa3", prefill_attention_backend="torch_native", tp_size=2
        ),
        boot("0.5.6", "draft_pool"),
        [
            f"{ts(95, 'TP0')} Scheduler hit an exception: {TB}",
            tb(
                PY312,
                *DRAFT_056,
                ("speculative/eagle_worker.py", 185, "__init__", "self.init_attention_backend()"),
                (
                    "speculative/eagle_worker.py",
                    207,
                    "init_attention_backend",
                    "draft_backend_factory.create_draft_extend_backend()",
                ),
                ("speculative/draft_utils.py", 83, "create_draft_extend_backend", "return self._create_backend("),
                (
                    "speculative/draft_utils.py",
                    30,
                    "_create_backend",
                    "raise ValueError(error_template.format(backend_type=backend_type))",
                ),
            ),
            "ValueError: EAGLE is not supported in attention backend torch_native",
            sigquit(95),
        ],
    ),
)
case(
    "page_topk_not_implemented_046",
    "0.4.6.post5",
    "speculative/eagle_worker.py:364-366 (draft(): page_size > 1 and topk > 1), reached at the first request",
    "config_error",
    "0.4.6 only downgrades topk under page_size in __post_init__ for EAGLE; this NotImplementedError at the first draft is a flag combination the release does not support",
    join(
        OVERLAP_OFF_046,
        sargs(1, L31, "yuhuili/EAGLE-LLaMA3.1-Instruct-8B", "EAGLE", page_size=16, tp_size=1),
        boot("0.4.6.post5", "ready", rank="", draft="LlamaForCausalLMEagle"),
        f"{ts(95)} Prefill batch. #new-seq: 1, #new-token: 412, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0",
        sched(
            "0.4.6.post5",
            tb(
                PY310,
                ("managers/scheduler.py", 2311, "run_scheduler_process", "scheduler.event_loop_normal()"),
                ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
                ("managers/scheduler.py", 640, "event_loop_normal", "result = self.run_batch(batch)"),
                (
                    "managers/scheduler.py",
                    1394,
                    "run_batch",
                    ") = self.draft_worker.forward_batch_speculative_generation(batch)",
                ),
                (
                    "speculative/eagle_worker.py",
                    285,
                    "forward_batch_speculative_generation",
                    "spec_info = self.draft(batch)",
                ),
                ("speculative/eagle_worker.py", 364, "draft", "raise NotImplementedError("),
            ),
            "NotImplementedError: page_size > 1 and top_k > 1 are not supported.",
            rank="",
            second=96,
        ),
    ),
)

# ------------------------------------------------------------------------------------------------------ memory: the draft's pool and graphs
case(
    "draft_graph_oom_046",
    "0.4.6.post5",
    "speculative/eagle_worker.py:235-238, eagle_draft_cuda_graph_runner.py:80-92; sglang#2863 (OOM with cuda graph on the draft)",
    "oom_cuda_graph",
    "OOM inside `Capture draft cuda graph` (topk 8, 5 steps): the draft's graphs do not fit",
    join(
        OVERLAP_OFF_046,
        sargs(
            1,
            "Qwen/Qwen2-7B-Instruct",
            "yuhuili/EAGLE-Qwen2-7B-Instruct",
            "EAGLE",
            speculative_num_steps=5,
            speculative_eagle_topk=8,
            speculative_num_draft_tokens=64,
            mem_fraction_static=0.7,
        ),
        boot("0.4.6.post5", "draft_graph", rank="", target="Qwen2ForCausalLM", draft="Qwen2ForCausalLMEagle"),
        f"{ts(95)} Scheduler hit an exception: {TB}",
        tb(
            PY310,
            *DRAFT_046,
            ("speculative/eagle_worker.py", 149, "__init__", "self.init_cuda_graphs()"),
            (
                "speculative/eagle_worker.py",
                237,
                "init_cuda_graphs",
                "self.cuda_graph_runner = EAGLEDraftCudaGraphRunner(self)",
            ),
            ("speculative/eagle_draft_cuda_graph_runner.py", 82, "__init__", "self.capture()"),
            ("speculative/eagle_draft_cuda_graph_runner.py", 102, "capture", "CudaGraphRunner.capture(self)"),
            ("model_executor/cuda_graph_runner.py", 330, "capture", ") = self.capture_one_batch_size(bs, forward)"),
        ),
        TORCH_OOM.format(a="1.25 GiB", f="402.19 MiB"),
        CHAIN,
        tb(
            PY310,
            *DRAFT_046,
            ("speculative/eagle_worker.py", 149, "__init__", "self.init_cuda_graphs()"),
            (
                "speculative/eagle_worker.py",
                237,
                "init_cuda_graphs",
                "self.cuda_graph_runner = EAGLEDraftCudaGraphRunner(self)",
            ),
            ("speculative/eagle_draft_cuda_graph_runner.py", 84, "__init__", "raise Exception("),
        ),
        "Exception: Capture CUDA graph failed: CUDA out of memory. Tried to allocate 1.25 GiB. GPU 0 has a total capacity of 79.19 GiB of which 402.19 MiB is free.\n"
        + CAPTURE_HINT_046,
        sigquit(96),
    ),
)
case(
    "draft_extend_graph_oom_056",
    "0.5.6",
    "speculative/eagle_worker.py:244-252, eagle_draft_extend_cuda_graph_runner.py:176-182, cuda_graph_runner.py:887-894",
    "oom_cuda_graph",
    "OOM inside `Capture draft extend cuda graph` after the draft's decode graphs captured",
    join(
        MAXREQ_056,
        OVERLAP_OFF_056,
        ADJUST_056,
        sargs(
            1,
            L31,
            E31,
            "EAGLE3",
            speculative_num_steps=3,
            speculative_eagle_topk=1,
            speculative_num_draft_tokens=4,
            mem_fraction_static=0.9,
            tp_size=2,
        ),
        boot("0.5.6", "draft_extend"),
        f"{ts(95, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *DRAFT_056,
            ("speculative/eagle_worker.py", 186, "__init__", "self.init_cuda_graphs()"),
            (
                "speculative/eagle_worker.py",
                247,
                "init_cuda_graphs",
                "self.cuda_graph_runner_for_draft_extend = EAGLEDraftExtendCudaGraphRunner(",
            ),
            ("speculative/eagle_draft_extend_cuda_graph_runner.py", 177, "__init__", "self.capture()"),
            ("speculative/eagle_draft_extend_cuda_graph_runner.py", 190, "capture", "CudaGraphRunner.capture(self)"),
            (
                "model_executor/cuda_graph_runner.py",
                520,
                "capture",
                ") = self.capture_one_batch_size(bs, forward, stream_idx)",
            ),
        ),
        TORCH_OOM.format(a="516.00 MiB", f="210.62 MiB"),
        CHAIN,
        tb(
            PY312,
            *DRAFT_056,
            ("speculative/eagle_worker.py", 186, "__init__", "self.init_cuda_graphs()"),
            (
                "speculative/eagle_worker.py",
                247,
                "init_cuda_graphs",
                "self.cuda_graph_runner_for_draft_extend = EAGLEDraftExtendCudaGraphRunner(",
            ),
            ("speculative/eagle_draft_extend_cuda_graph_runner.py", 179, "__init__", "raise Exception("),
        ),
        "Exception: Capture cuda graph failed: CUDA out of memory. Tried to allocate 516.00 MiB. GPU 0 has a total capacity of 79.19 GiB of which 210.62 MiB is free.\n"
        + CAPTURE_HINT_046,
        sigquit(96),
    ),
)
case(
    "target_verify_graph_oom_053",
    "0.5.3",
    "model_executor/cuda_graph_runner.py:364-370 (target graphs sized by num_draft_tokens per request)",
    "oom_cuda_graph",
    "the target's own graph capture (verify shapes: 64 draft tokens x bs) runs out of memory before any draft line",
    join(
        OVERLAP_OFF_053,
        sargs(
            1,
            L31,
            E31,
            "EAGLE3",
            speculative_num_steps=5,
            speculative_eagle_topk=8,
            speculative_num_draft_tokens=64,
            cuda_graph_max_bs=160,
            tp_size=2,
        ),
        boot("0.5.3", "target_graph"),
        "Capturing batches (bs=160 avail_mem=13.92 GB):   0%|          | 0/23 [00:00<?, ?it/s]",
        f"{ts(95, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *TARGET_053,
            ("model_executor/model_runner.py", 440, "initialize", "self.init_device_graphs()"),
            (
                "model_executor/model_runner.py",
                1842,
                "init_device_graphs",
                "self.graph_runner = graph_runners[self.device](self)",
            ),
            ("model_executor/cuda_graph_runner.py", 368, "__init__", "raise Exception("),
        ),
        "Exception: Capture cuda graph failed: CUDA out of memory. Tried to allocate 3.91 GiB. GPU 0 has a total capacity of 79.19 GiB of which 1.12 GiB is free. Including non-PyTorch memory, this process has 78.05 GiB memory in use.\n"
        + CAPTURE_HINT_046,
        sigquit(96),
    ),
)
case(
    "draft_weights_oom_056",
    "0.5.6",
    "model_executor/model_runner.py:436 (draft ModelRunner.initialize -> load_model), after the target's graphs",
    "oom_weights",
    "UNSURE: OOM while the draft's weights load (second `Load weight begin`); literal phase = weights",
    join(
        MAXREQ_056,
        OVERLAP_OFF_056,
        sargs(1, DSV3, DSV3, "EAGLE", tp_size=8, mem_fraction_static=0.93),
        boot("0.5.6", "draft_weights", target="DeepseekV3ForCausalLM", draft="DeepseekV3ForCausalLMNextN"),
        f"{ts(95, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *DRAFT_RUNNER_056,
            ("model_executor/model_runner.py", 436, "initialize", "self.load_model()"),
            ("model_executor/model_runner.py", 800, "load_model", "self.model = get_model("),
            ("model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
            ("model_loader/loader.py", 594, "load_model", "model = _initialize_model("),
            ("+torch/utils/_device.py", 104, "__torch_function__", "return func(*args, **kwargs)"),
        ),
        TORCH_OOM.format(a="1.75 GiB", f="1.02 GiB"),
        sigquit(96),
    ),
)
case(
    "target_pool_not_enough_056",
    "0.5.6",
    "model_executor/model_runner.py:1697-1752 (draft headroom added, then the <= 0 check)",
    "oom_kv_cache",
    "the target's KV pool has no tokens left at --mem-fraction-static 0.55 with an EAGLE draft: raise the fraction",
    join(
        MAXREQ_056,
        OVERLAP_OFF_056,
        sargs(1, "Qwen/Qwen3-32B", "Tengyunw/qwen3_32b_eagle3", "EAGLE3", mem_fraction_static=0.55, tp_size=1),
        boot("0.5.6", "target_weights", rank="", target="Qwen3ForCausalLM")[:3],
        f"{ts(30)} Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=18.11 GB, mem usage=61.03 GB.",
        f"{ts(95)} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *TARGET_056,
            ("model_executor/model_runner.py", 509, "initialize", "self.init_memory_pool("),
            ("model_executor/model_runner.py", 1749, "init_memory_pool", "raise RuntimeError("),
        ),
        "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: self.server_args.mem_fraction_static=0.55",
        sigquit(96),
    ),
)
case(
    "target_pool_not_enough_046",
    "0.4.6.post5",
    "model_executor/model_runner.py:897-900",
    "oom_kv_cache",
    "0.4.6's wording of the same target-pool check, with a NEXTN (MTP) run at TP 8",
    join(
        OVERLAP_OFF_046,
        sargs(1, DSV3, None, "NEXTN", tp_size=8, mem_fraction_static=0.6),
        boot("0.4.6.post5", "target_weights", target="DeepseekV3ForCausalLM")[:3],
        f"{ts(60, 'TP0')} Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=2.10 GB, mem usage=76.51 GB.",
        f"{ts(95, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY310,
            *TARGET_046,
            *RUNNER_046,
            ("model_executor/model_runner.py", 297, "initialize", "self.init_memory_pool("),
            ("model_executor/model_runner.py", 898, "init_memory_pool", "raise RuntimeError("),
        ),
        "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static.",
        sigquit(96),
    ),
)
case(
    "verify_oom_serving_056",
    "0.5.6",
    "speculative/eagle_worker.py:295 (verify) under load; torch OOM text",
    "oom_runtime",
    "OOM in a verify batch after ready (topk 8 x 64 draft tokens, 48 running): a serving-time OOM",
    join(
        MAXREQ_056,
        OVERLAP_OFF_056,
        sargs(
            1,
            L31,
            E31,
            "EAGLE3",
            speculative_num_steps=5,
            speculative_eagle_topk=8,
            speculative_num_draft_tokens=64,
            tp_size=2,
        ),
        boot("0.5.6", "ready"),
        f"{ts(100, 'TP0')} Decode batch, #running-req: 48, #token: 301220, token usage: 0.76, accept len: 3.41, accept rate: 0.05, cuda graph: False, gen throughput (token/s): 1820.44, #queue-req: 31, ",
        f"{ts(101, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *LOOP_056,
            ("speculative/eagle_worker.py", 690, "verify", "logits_output, _, can_run_cuda_graph = ("),
            (
                "managers/tp_worker.py",
                403,
                "forward_batch_generation",
                "logits_output, can_run_cuda_graph = self.model_runner.forward(",
            ),
            ("model_executor/model_runner.py", 2660, "forward", "output = self._forward_raw("),
        ),
        TORCH_OOM.format(a="2.94 GiB", f="1.31 GiB"),
        sigquit(102),
    ),
)

# ------------------------------------------------------------------------------------------------------ draft / target mismatch
case(
    "draft_vocab_mismatch_056",
    "0.5.6",
    "layers/vocab_parallel_embedding.py:452-455 (weight_loader assertion)",
    "config_error",
    "an EAGLE draft trained for a 32000-token vocab loaded against a 128256-token target: wrong draft",
    join(
        MAXREQ_056,
        OVERLAP_OFF_056,
        sargs(1, L31, "yuhuili/EAGLE-llama2-chat-7B", "EAGLE", tp_size=1),
        boot("0.5.6", "draft_weights", rank="", draft="LlamaForCausalLMEagle"),
        f"{ts(95)} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *DRAFT_RUNNER_056,
            ("model_executor/model_runner.py", 436, "initialize", "self.load_model()"),
            ("model_executor/model_runner.py", 800, "load_model", "self.model = get_model("),
            ("model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
            ("model_loader/loader.py", 600, "load_model", "self.load_weights_and_postprocess("),
            ("model_loader/loader.py", 612, "load_weights_and_postprocess", "model.load_weights(weights)"),
            ("models/llama_eagle.py", 160, "load_weights", "super().load_weights(weights)"),
            ("models/llama.py", 700, "load_weights", "weight_loader(param, loaded_weight)"),
            ("layers/vocab_parallel_embedding.py", 452, "weight_loader", "assert loaded_weight.shape[output_dim] == ("),
        ),
        "AssertionError: self.org_vocab_size=128256 self.use_presharded_weights=False loaded_weight.shape[output_dim]=32000",
        sigquit(96),
    ),
)
case(
    "standalone_hidden_mismatch",
    "0.5.x (source checkout, 2026-05)",
    "https://github.com/sgl-project/sglang/issues/24215",
    "config_error",
    "STANDALONE draft with hidden 2048 against a 4096 target crashes at merge_batch: the pair does not fit, pick a matching draft",
    join(
        MAXREQ_056,
        OVERLAP_OFF_056,
        sargs(1, L31, "meta-llama/Llama-3.2-1B-Instruct", "STANDALONE", tp_size=1),
        boot("0.5.6", "ready", rank="", draft="LlamaForCausalLM"),
        f"{ts(95)} Prefill batch, #new-seq: 2, #new-token: 1034, #cached-token: 0, token usage: 0.00, #running-req: 1, #queue-req: 0, ",
        f"{ts(96)} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            ("managers/scheduler.py", 2672, "run_scheduler_process", "scheduler.event_loop_normal()"),
            ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
            ("managers/scheduler.py", 1014, "event_loop_normal", "self.process_batch_result(batch, result)"),
            ("managers/scheduler.py", 2120, "process_batch_result", "self.process_batch_result_prefill(batch, result)"),
            (
                "managers/scheduler_output_processor_mixin.py",
                120,
                "process_batch_result_prefill",
                "self.running_batch.merge_batch(batch)",
            ),
            ("managers/schedule_batch.py", 1800, "merge_batch", "self.spec_info.merge_batch(other.spec_info)"),
            ("speculative/eagle_info.py", 848, "merge_batch", "self.hidden_states = torch.cat("),
        ),
        "RuntimeError: Sizes of tensors must match except in dimension 0. Expected size 4096 but got size 2048 for tensor number 1 in the list.",
        sigquit(97),
    ),
)
case(
    "draft_path_missing_053",
    "0.5.3",
    "transformers 4.57 utils/hub.py cached_file (OSError), reached from the draft worker's ModelConfig",
    "config_error",
    "--speculative-draft-model-path points at a directory that does not exist",
    join(
        OVERLAP_OFF_053,
        sargs(1, L31, "/models/EAGLE3-LLaMA3.1-Instruct-8B", "EAGLE3", tp_size=2),
        boot("0.5.3", "draft_weights")[:-1],
        f"{ts(95, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *DRAFT_053,
            ("speculative/eagle_worker.py", 130, "__init__", "super().__init__("),
            ("managers/tp_worker.py", 85, "__init__", "self.model_config = ModelConfig.from_server_args("),
            ("configs/model_config.py", 205, "from_server_args", "return ModelConfig("),
            ("configs/model_config.py", 95, "__init__", "self.hf_config = get_config("),
            ("utils/hf_transformers_utils.py", 180, "get_config", "config = AutoConfig.from_pretrained("),
            (
                "+transformers/models/auto/configuration_auto.py",
                1272,
                "from_pretrained",
                "config_dict, unused_kwargs = PretrainedConfig.get_config_dict(pretrained_model_name_or_path, **kwargs)",
            ),
            (
                "+transformers/utils/hub.py",
                322,
                "cached_file",
                "file = cached_files(path_or_repo_id=path_or_repo_id, filenames=[filename], **kwargs)",
            ),
            (
                "+transformers/utils/hub.py",
                531,
                "cached_files",
                "_get_cache_file_to_return(path_or_repo_id, filename, cache_dir, revision, repo_type)",
            ),
        ),
        "OSError: Incorrect path_or_model_id: '/models/EAGLE3-LLaMA3.1-Instruct-8B'. Please provide either the path to a local folder or the repo_id of a model on the Hub.",
        sigquit(96),
    ),
)
case(
    "draft_arch_unsupported_046",
    "0.4.6.post5",
    "models/registry.py (_raise_for_unsupported), draft config architectures = Qwen3ForCausalLMEagle3",
    "config_error",
    "0.4.6 has no model class for the draft's architecture string",
    join(
        OVERLAP_OFF_046,
        sargs(1, "Qwen/Qwen3-8B", "Tengyunw/qwen3_8b_eagle3", "EAGLE3", tp_size=1),
        boot("0.4.6.post5", "draft_weights", rank="", target="Qwen3ForCausalLM"),
        f"{ts(95)} Scheduler hit an exception: {TB}",
        tb(
            PY310,
            *DRAFT_INIT_046,
            *RUNNER_046,
            ("model_executor/model_runner.py", 271, "initialize", "self.load_model()"),
            ("model_executor/model_runner.py", 540, "load_model", "self.model = get_model("),
            ("model_loader/__init__.py", 22, "get_model", "return loader.load_model("),
            ("model_loader/loader.py", 365, "load_model", "model = _initialize_model("),
            (
                "model_loader/loader.py",
                144,
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
            ("models/registry.py", 35, "_raise_for_unsupported", "raise ValueError("),
        ),
        "ValueError: Model architectures ['Qwen3ForCausalLMEagle3'] are not supported for now. Supported architectures: dict_keys(['BaichuanForCausalLM', 'ChatGLMModel', 'DeepseekV2ForCausalLM', 'DeepseekV3ForCausalLM', 'LlamaForCausalLM', 'LlamaForCausalLMEagle', 'LlamaForCausalLMEagle3', 'Qwen2ForCausalLM', 'Qwen2ForCausalLMEagle', 'Qwen3ForCausalLM', 'Qwen3MoeForCausalLM'])",
        sigquit(96),
    ),
)

# ------------------------------------------------------------------------------------------------------ CUDA
case(
    "verify_illegal_access_056",
    "0.5.6",
    "https://github.com/sgl-project/sglang/issues/6309 , https://github.com/sgl-project/sglang/issues/9481 (eagle, after serving a while)",
    "cuda_error_other",
    "illegal memory access in the EAGLE verify step after long serving",
    join(
        MAXREQ_056,
        OVERLAP_OFF_056,
        sargs(
            1,
            "XiaomiMiMo/MiMo-7B-RL",
            None,
            "EAGLE",
            speculative_num_steps=1,
            speculative_eagle_topk=3,
            speculative_num_draft_tokens=4,
            tp_size=1,
        ),
        boot("0.5.6", "ready", rank="", target="MiMoForCausalLM", draft="MiMoMTP"),
        f"{ts(100)} Decode batch, #running-req: 31, #token: 80112, token usage: 0.20, accept len: 2.11, accept rate: 0.53, cuda graph: True, gen throughput (token/s): 2210.18, #queue-req: 0, ",
        f"{ts(101)} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *LOOP_056,
            ("speculative/eagle_worker.py", 720, "verify", "res: EagleVerifyOutput = spec_info.verify("),
            ("speculative/eagle_info.py", 380, "verify", "accept_index_cpu = accept_index.tolist()"),
        ),
        ILLEGAL,
        sigquit(102),
    ),
)
case(
    "draft_graph_capture_not_permitted_053",
    "0.5.3",
    "speculative/eagle_draft_cuda_graph_runner.py (capture wrapper; the hint lists memory fixes, the cause is not memory)",
    "cuda_error_other",
    "a CUDA error (operation not permitted when stream is capturing) wrapped in the capture-failed hint: not OOM",
    join(
        OVERLAP_OFF_053,
        sargs(1, L31, E31, "EAGLE3", tp_size=2),
        boot("0.5.3", "draft_graph"),
        f"{ts(95, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *DRAFT_053,
            ("speculative/eagle_worker.py", 180, "__init__", "self.init_cuda_graphs()"),
            (
                "speculative/eagle_worker.py",
                407,
                "init_cuda_graphs",
                "self.cuda_graph_runner = EAGLEDraftCudaGraphRunner(self)",
            ),
            ("speculative/eagle_draft_cuda_graph_runner.py", 130, "__init__", "raise Exception("),
        ),
        "Exception: Capture cuda graph failed: CUDA error: operation not permitted when stream is capturing\n"
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n\n" + CAPTURE_HINT_046,
        sigquit(96),
    ),
)
case(
    "mtp_dp_attention_illegal_056",
    "0.5.6",
    "https://github.com/sgl-project/sglang/issues/15399 (DP + MTP decode, draft-extend graph replay corrupts topk_index -> gather out of bounds)",
    "cuda_error_other",
    "DeepSeek MTP with DP attention dies on a device-side index assertion after serving",
    join(
        MAXREQ_056,
        OVERLAP_OFF_056,
        sargs(1, DSV3, DSV3, "EAGLE", tp_size=8, dp_size=8, enable_dp_attention=True),
        boot("0.5.6", "ready", rank="DP0 TP0", target="DeepseekV3ForCausalLM", draft="DeepseekV3ForCausalLMNextN"),
        f"{ts(100, 'DP0 TP0')} Decode batch, #running-req: 12, #token: 61044, token usage: 0.09, accept len: 2.61, accept rate: 0.65, cuda graph: True, gen throughput (token/s): 911.02, #queue-req: 0, ",
        '/pytorch/aten/src/ATen/native/cuda/IndexKernel.cu:94: operator(): block: [12,0,0], thread: [0,0,0] Assertion `-sizes[i] <= index && index < sizes[i] && "index out of bounds"` failed.',
        f"{ts(101, 'DP0 TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *LOOP_056[:-1],
            (
                "speculative/eagle_worker.py",
                312,
                "forward_batch_generation",
                "self.forward_draft_extend_after_decode(batch)",
            ),
            (
                "speculative/eagle_worker.py",
                960,
                "forward_draft_extend_after_decode",
                "self.capture_for_decode(logits_output, forward_batch.spec_info)",
            ),
        ),
        "RuntimeError: CUDA error: device-side assert triggered\n"
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
        sigquit(102),
    ),
)

# ------------------------------------------------------------------------------------------------------ healthy contrasts
case(
    "healthy_eagle3_warnings_056",
    "0.5.6",
    "server_args.py:1679-1747 (warnings), eagle_worker.py:116,229-252, scheduler_metrics_mixin.py:294",
    "healthy",
    "EAGLE3 with the reset-to-48 / overlap-off / num_draft_tokens-adjusted / ignored token map warnings, draft graphs, serving with accept len",
    join(
        MAXREQ_056,
        OVERLAP_OFF_056,
        f"{ts(0)} Mixed chunked prefill is disabled because of using eagle speculative decoding.",
        ADJUST_056,
        sargs(
            1,
            L31,
            E31,
            "EAGLE3",
            speculative_num_steps=3,
            speculative_eagle_topk=1,
            speculative_num_draft_tokens=4,
            tp_size=2,
        ),
        boot("0.5.6", "ready")[:8],
        f"{ts(53, 'TP0')} Speculative token map specified, but EAGLE3 models already have this. Ignoring the specified token map.",
        boot("0.5.6", "ready")[8:],
        f"{ts(95, 'TP0')} Prefill batch, #new-seq: 4, #new-token: 3810, #cached-token: 0, token usage: 0.01, #running-req: 0, #queue-req: 0, ",
        f"{ts(96, 'TP0')} Decode batch, #running-req: 4, #token: 4121, token usage: 0.01, accept len: 3.12, accept rate: 0.78, cuda graph: True, gen throughput (token/s): 612.40, #queue-req: 0, ",
        f"{ts(98, 'TP0')} Decode batch, #running-req: 4, #token: 4281, token usage: 0.01, accept len: 1.05, accept rate: 0.26, cuda graph: True, gen throughput (token/s): 301.77, #queue-req: 0, ",
    ),
)
case(
    "healthy_nextn_046",
    "0.4.6.post5",
    "server_args.py:378-427 (NEXTN -> EAGLE, DeepSeek MTP warning), eagle_worker.py:235-241, scheduler.py:1202-1217",
    "healthy",
    "DeepSeek-V3 MTP (NEXTN) with a draft path given: warnings only, draft graph captured, serving with accept len",
    join(
        OVERLAP_OFF_046,
        f"{ts(0)} DeepSeek MTP does not require setting speculative_draft_model_path.",
        sargs(1, DSV3, "lmsys/DeepSeek-V3-0324-NextN", "EAGLE", tp_size=8),
        boot("0.4.6.post5", "ready", target="DeepseekV3ForCausalLM", draft="DeepseekV3ForCausalLMNextN"),
        f"{ts(95, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 812, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0",
        f"{ts(96, 'TP0')} Decode batch. #running-req: 1, #token: 845, token usage: 0.00, accept len: 2.34, cuda graph: True, gen throughput (token/s): 86.51, #queue-req: 0",
    ),
)
case(
    "healthy_spec_v2_056",
    "0.5.6",
    "server_args.py:1684-1691 (SGLANG_ENABLE_SPEC_V2), model_runner.py:1721 (max_total_tokens warning)",
    "healthy",
    "spec v2 turns the overlap scheduler back on; a logging.warning that max_total_tokens exceeds the profile; serves",
    join(
        MAXREQ_056,
        f"{ts(0)} Beta spec is enabled for eagle speculative decoding and overlap schedule is turned on.",
        ADJUST_056,
        sargs(
            1,
            L31,
            E31,
            "EAGLE",
            speculative_num_steps=3,
            speculative_eagle_topk=1,
            speculative_num_draft_tokens=4,
            max_total_tokens=600000,
            tp_size=2,
        ),
        boot("0.5.6", "ready", draft="LlamaForCausalLMEagle")[:4],
        f"{ts(30, 'TP0')} max_total_tokens=600000 is larger than the profiled value 398120. Use the profiled value instead.",
        boot("0.5.6", "ready", draft="LlamaForCausalLMEagle")[4:],
        f"{ts(96, 'TP0')} Decode batch, #running-req: 16, #token: 20331, token usage: 0.05, accept len: 2.87, accept rate: 0.72, cuda graph: True, gen throughput (token/s): 1502.66, #queue-req: 0, ",
    ),
)
case(
    "healthy_ngram_053",
    "0.5.3",
    "server_args.py:1128-1145 (NGRAM warnings), scheduler decode line with accept len",
    "healthy",
    "NGRAM spec (no draft model): overlap scheduler and mixed chunk disabled warning, no draft graphs, serves with low accept len",
    join(
        f"{ts(0)} The overlap scheduler and mixed chunked prefill are disabled because of using ngram speculative decoding.",
        sargs(1, "Qwen/Qwen2.5-7B-Instruct", None, "NGRAM", speculative_num_draft_tokens=12, tp_size=1),
        boot("0.5.3", "target_graph", rank="", target="Qwen2ForCausalLM"),
        f"{ts(52)} Capture cuda graph end. Time elapsed: 21.30 s. mem usage=1.62 GB. avail mem=12.48 GB.",
        f"{ts(53)} max_total_num_tokens=398120, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=48, context_len=32768, available_gpu_mem=12.48 GB",
        ready(55),
        f"{ts(60)} Decode batch. #running-req: 2, #token: 1480, token usage: 0.00, accept len: 1.00, cuda graph: True, gen throughput (token/s): 98.13, #queue-req: 0, ",
    ),
)


# ------------------------------------------------------------------------------------------------------ tests
XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_specdec_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


# Healthy templates that fire a failure event on the way to ready at first sight (what a live supervisor acts on).
EVENT_XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_specdec_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35

"""Pipeline and context parallelism as SGLang (0.4.9.post2, 0.5.3, 0.5.10.post1) logs it (a helper, blind).

Scope: `--pp-size` alone and with `--tp-size`, on one node and across nodes (`--nnodes`, `--dist-init-addr`); PP's
micro-batch loop and its send/recv between stages (the first stage receiving the last stage's outputs over gloo, the
next stage receiving requests over NCCL); layer splits that do not divide (`get_pp_indices` hands the extra layers to
the last stages, `SGLANG_PP_LAYER_PARTITION` overrides it and is checked); the combinations SGLang refuses
(`check_server_args`: PP with speculative decoding or mixed chunked prefill, (tp*pp) % nnodes, PD-multiplexing; a
model without `pp_proxy_tensors`, the transformers backend without a pp plan, SDAR); context parallelism
(`--attn-cp-size` / `--moe-dp-size` in 0.5.10, DeepSeek-V3.2's `--enable-nsa-prefill-context-parallel`); what a
stage's death looks like from the other stages (gloo's `Connection closed by peer` on the first stage, NCCL's
watchdog on a RECV on the next node); memory per stage (the KV pool all-reduced to the MIN over stages, the last
stage's extra layer and lm_head, a stage's graph capture, a stage's OOM at run time with the peer's error after it).
Five healthy contrasts that look alarming and go on serving: PP's own "incompatible with overlap schedule" warning with
an uneven 61-layer split, the dynamic-chunking profiler failing and turning itself off, the chunk predictor's
"Discriminant is negative" warnings while serving, a non-zero node's log that never says "ready" (its stage serves
behind a dummy health server), the NSA context-parallel "still under experiment" warnings.

Sources: every SGLang message is copied from the named release's wheel (`pip download sglang==VERSION`; file:line
under sglang/ of that release: server_args.py `check_server_args` / `_handle_pipeline_parallelism` /
`_handle_context_parallelism` / `_handle_model_specific_adjustments`, distributed/utils.py `get_pp_indices`,
model_executor/model_runner.py, managers/scheduler.py and scheduler_pp_mixin.py, distributed/parallel_state.py
`recv_object`, entrypoints/engine.py), its format fields filled; torch's / gloo's / NCCL's words as public threads
print them (gloo's pair.cc line from sgl-project/sglang#3685 and #15792, the NCCL watchdog and TCPStore texts from
torch 2.8's ProcessGroupNCCL.cpp / TCPStore). Call paths for 0.5.10.post1 reuse tests/logwatch_templates.py's stacks
(their line numbers are approximate); 0.5.3 / 0.4.9.post2 paths are read in those wheels.

Labelling policy (decided before the classifier ran): a combination SGLang refuses, a bad layer partition, a model
or backend without PP support, a context-parallel size that does not fit are `config_error` (the user changes the
flags). A stage that loses its peer (gloo connection closed, NCCL RECV timeout, a node that never joins, the PP
group's NCCL init, peers that never finish loading) is `nccl_or_distributed`. Where a stage's own root cause is in
the log (OOM at run time, an illegal memory access) and the peer's connection error follows it, the root cause
decides (a supervisor fixes the cause, not the cascade). A PP KV shortfall (the MIN over stages) is
`oom_kv_cache`; the last stage's OOM while loading is `oom_weights`; a stage's capture OOM is `oom_cuda_graph`.

First sight: 28/30 (2 misses, strict xfails below; the five healthy contrasts all end `healthy` and fire no failure
event on the way). Both misses are `SGLANG_PP_LAYER_PARTITION` checks in `get_pp_indices` (distributed/utils.py), a
plain ValueError about the user's env var whose traceback ends in SGLang's distributed package: `len(partitions)=3 does
not match pp_size=4.` (0.5.10.post1) and `sum(partitions)=62 does not match num_hidden_layers=61.` (0.5.3) were both
read as `nccl_or_distributed`; the third partition case (`Invalid partition string: 40;40`, chained from int()'s
ValueError) got `config_error`.
"""

# ruff: noqa: E501, RUF005  (log lines are data; call paths are built by extending a shared prefix)

from __future__ import annotations

from typing import NamedTuple

import pytest

from safelaunch.core.logwatch import LogClassifier, classify_text

from .logwatch_templates import (
    BUILD_MODEL,
    INIT,
    MODEL_PARALLEL,
    RUNPY,
    TB,
    first_sight,
)
from .logwatch_templates import frames as frames510


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
RUNPY310 = (
    ("/usr/lib/python3.10/runpy.py", 196, "_run_module_as_main", "return _run_code(code, main_globals, None,"),
    ("/usr/lib/python3.10/runpy.py", 86, "_run_code", "exec(code, run_globals)"),
)
DAY = {"0.4.9.post2": "2025-07-21", "0.5.3": "2025-10-09", "0.5.10.post1": "2026-03-02"}


def t(ver: str, second: int, rank: str | None = None) -> str:
    """SGLang's prefix `[YYYY-MM-DD HH:MM:SS <tags>]` on the release's day."""
    tag = f" {rank}" if rank else ""
    return f"[{DAY[ver]} 10:{second // 60:02d}:{second % 60:02d}{tag}]"


def tb(site: str, *stack: tuple[str, int, str, str]) -> str:
    """Python's frames: a path is under `{site}/sglang/srt/` unless it starts with `/` or `<` (absolute) or `+`
    (another package in the same site-packages)."""
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


def sargs(ver: str, second: int, model: str, **kw: object) -> str:
    """The launcher's `server_args=ServerArgs(...)` line, cut short the way pastes cut it."""
    fields = {"model_path": model, "tokenizer_path": model, "tokenizer_mode": "auto", **kw}
    body = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    return f"{t(ver, second)} server_args=ServerArgs({body}, log_level='info', ...)"


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


def sigquit(ver: str, second: int) -> str:
    return f"{t(ver, second)} Received sigquit from a child process. It usually means the child failed."


def ready(ver: str, second: int, port: int = 30000) -> list[str]:
    return [
        f"{t(ver, second)} INFO:     Started server process [4242]",
        f"{t(ver, second)} INFO:     Waiting for application startup.",
        f"{t(ver, second)} INFO:     Application startup complete.",
        f"{t(ver, second)} INFO:     Uvicorn running on http://0.0.0.0:{port} (Press CTRL+C to quit)",
        f'{t(ver, second + 1)} INFO:     127.0.0.1:46704 - "GET /get_model_info HTTP/1.1" 200 OK',
        f'{t(ver, second + 3)} INFO:     127.0.0.1:46710 - "POST /generate HTTP/1.1" 200 OK',
        f"{t(ver, second + 3)} The server is fired up and ready to roll!",
    ]


def shards(n: int) -> list[str]:
    return [
        f"Loading safetensors checkpoint shards:   0% Completed | 0/{n} [00:00<?, ?it/s]",
        f"Loading safetensors checkpoint shards: 100% Completed | {n}/{n} [00:{min(59, 2 * n):02d}<00:00,  1.98it/s]",
    ]


# 0.5.3's start-up lines for one stage (model_runner.py 626/724/731/837, memory_pool.py 362, model_runner.py 1724,
# 1833/1847, scheduler.py 497); `tag` is 0.5.3's prefix ("TP0 PP1": DP, TP, EP, PP).
def stage053(
    tag: str,
    s: int,
    *,
    weights: float,
    tokens: int,
    arch: str = "Qwen3ForCausalLM",
    total: float = 79.1,
    ctx: int = 40960,
    kvfrac: float = 0.62,
) -> dict[str, list[str]]:
    v = "0.5.3"
    after = total - 0.6 - weights
    kv = round(after * kvfrac, 2)
    return {
        "dist": [
            f"{t(v, s, tag)} Init torch distributed begin.",
            f"{t(v, s + 2, tag)} Init torch distributed ends. mem usage=0.58 GB",
        ],
        "load": [
            f"{t(v, s + 3, tag)} Load weight begin. avail mem={total - 0.6:.2f} GB",
            f"{t(v, s + 40, tag)} Load weight end. type={arch}, dtype=torch.bfloat16, avail mem={after:.2f} GB, mem usage={weights:.2f} GB.",
        ],
        "kv": [
            f"{t(v, s + 41, tag)} KV Cache is allocated. #tokens: {tokens}, K size: {kv / 2:.2f} GB, V size: {kv / 2:.2f} GB",
            f"{t(v, s + 41, tag)} Memory pool end. avail mem={after - kv:.2f} GB",
        ],
        "graph": [
            f"{t(v, s + 42, tag)} Capture cuda graph begin. This can take up to several minutes. avail mem={after - kv - 0.1:.2f} GB",
            f"{t(v, s + 70, tag)} Capture cuda graph end. Time elapsed: 27.84 s. mem usage=1.32 GB. avail mem={after - kv - 1.42:.2f} GB.",
        ],
        "max": [
            f"{t(v, s + 71, tag)} max_total_num_tokens={tokens}, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len={ctx}, available_gpu_mem={after - kv - 1.42:.2f} GB",
        ],
    }


def phases(stages: list[dict[str, list[str]]], *names: str) -> list[str]:
    """Interleave the stages' lines phase by phase, as the merged stdout of several schedulers shows them."""
    out: list[str] = []
    for name in names:
        for i in range(max(len(st[name]) for st in stages)):
            out.extend(st[name][i] for st in stages if i < len(st[name]))
    return out


# 0.5.10.post1's start-up lines for one stage ("PP1 TP0": DP, PP, ATTN_CP, MOE_DP, TP, EP).
def stage0510(
    tag: str, s: int, *, weights: float, tokens: int, arch: str = "Qwen3ForCausalLM", total: float = 139.8
) -> dict[str, list[str]]:
    v = "0.5.10.post1"
    after = total - 0.7 - weights
    kv = round(after * 0.7, 2)
    return {
        "dist": [
            f"{t(v, s, tag)} Init torch distributed begin.",
            f"{t(v, s + 2, tag)} Init torch distributed ends. elapsed=2.31 s, mem usage=0.71 GB",
        ],
        "load": [
            f"{t(v, s + 3, tag)} Load weight begin. avail mem={total - 0.7:.2f} GB",
            f"{t(v, s + 35, tag)} Load weight end. elapsed=31.62 s, type={arch}, avail mem={after:.2f} GB, mem usage={weights:.2f} GB.",
        ],
        "kv": [
            f"{t(v, s + 36, tag)} KV Cache is allocated. dtype: torch.bfloat16, #tokens: {tokens}, K size: {kv / 2:.2f} GB, V size: {kv / 2:.2f} GB",
            f"{t(v, s + 36, tag)} Memory pool end. avail mem={after - kv:.2f} GB",
        ],
        "graph": [
            f"{t(v, s + 37, tag)} Capture cuda graph begin. This can take up to several minutes. avail mem={after - kv - 0.1:.2f} GB",
            f"{t(v, s + 63, tag)} Capture cuda graph end. Time elapsed: 25.90 s. mem usage=1.51 GB. avail mem={after - kv - 1.61:.2f} GB.",
        ],
        "max": [
            f"{t(v, s + 64, tag)} max_total_num_tokens={tokens}, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=2048, context_len=40960, available_gpu_mem={after - kv - 1.61:.2f} GB",
        ],
    }


PP_WARN = "Pipeline parallelism is incompatible with overlap schedule."  # server_args.py _handle_pipeline_parallelism (0.4.9.post2:434, 0.5.3:1027, 0.5.10.post1:2857), printed before logging is configured


# ======================================================================================== refused combinations
V3, V4, V5 = "0.5.3", "0.4.9.post2", "0.5.10.post1"

LAUNCH053 = RUNPY + (
    (f"{PY312}/sglang/launch_server.py", 28, "<module>", "launch_server(server_args)"),
    (
        "entrypoints/http_server.py",
        1254,
        "launch_server",
        "tokenizer_manager, template_manager, scheduler_info = _launch_subprocesses(",
    ),
    ("entrypoints/engine.py", 762, "_launch_subprocesses", "server_args.check_server_args()"),
)
case(
    "refused_pp_with_eagle",
    V3,
    "sglang 0.5.3 server_args.py:1027 (PP warning), :1062 (EAGLE warning), :2908-2913 check_server_args; engine.py:762",
    "config_error",
    "PP with speculative decoding is refused by check_server_args before any process starts: the user drops one of the two flags",
    join(
        PP_WARN,
        "Overlap scheduler is disabled because of using eagle speculative decoding.",
        TB,
        tb(PY312, *LAUNCH053, ("server_args.py", 2909, "check_server_args", "assert (")),
        "AssertionError: Pipeline parallelism is not compatible with overlap schedule, speculative decoding, mixed chunked prefill.",
    ),
)

LAUNCH049 = RUNPY310 + (
    (f"{PY310}/sglang/launch_server.py", 14, "<module>", "launch_server(server_args)"),
    (
        "entrypoints/http_server.py",
        899,
        "launch_server",
        "tokenizer_manager, template_manager, scheduler_info = _launch_subprocesses(",
    ),
    ("entrypoints/engine.py", 689, "_launch_subprocesses", "server_args.check_server_args()"),
)
case(
    "refused_pp_with_mixed_chunk",
    V4,
    "sglang 0.4.9.post2 server_args.py:434 (warning), :1705-1710 check_server_args; engine.py:689",
    "config_error",
    "--enable-mixed-chunk with --pp-size 2 is refused at argument checks: a flag combination the user must change",
    join(
        PP_WARN,
        TB,
        tb(PY310, *LAUNCH049, ("server_args.py", 1706, "check_server_args", "assert (")),
        "AssertionError: Pipeline parallelism is not compatible with overlap schedule, speculative decoding, mixed chunked prefill.",
    ),
)

LAUNCH0510_CHECK = RUNPY + (
    (f"{PY312}/sglang/launch_server.py", 62, "<module>", "run_server(server_args)"),
    (f"{PY312}/sglang/launch_server.py", 47, "run_server", "launch_server(server_args)"),
    ("entrypoints/http_server.py", 2165, "launch_server", ") = Engine._launch_subprocesses("),
    ("entrypoints/engine.py", 642, "_launch_subprocesses", "server_args.check_server_args()"),
)
case(
    "refused_tp_pp_not_divisible_by_nnodes",
    V5,
    "sglang 0.5.10.post1 server_args.py:6065-6067 check_server_args; engine.py:642",
    "config_error",
    "--tp 1 --pp-size 3 --nnodes 2: (tp*pp) % nnodes != 0 is an argument error, not a network one",
    join(
        PP_WARN,
        TB,
        tb(PY312, *LAUNCH0510_CHECK, ("server_args.py", 6065, "check_server_args", "assert (")),
        "AssertionError: tp_size must be divisible by number of nodes",
    ),
)

case(
    "refused_pdmux_with_pp",
    V5,
    "sglang 0.5.10.post1 server_args.py:6114-6117 check_server_args",
    "config_error",
    "--enable-pdmux with --pp-size 2 is refused at argument checks",
    join(
        PP_WARN,
        TB,
        tb(PY312, *LAUNCH0510_CHECK, ("server_args.py", 6115, "check_server_args", "assert (")),
        "AssertionError: PD-Multiplexing is only supported with pipeline parallelism disabled (pp_size=1).",
    ),
)

# -- context parallel: refused in ServerArgs.__post_init__ (prepare_server_args), before the server_args line
ARGS0510 = RUNPY + (
    (f"{PY312}/sglang/launch_server.py", 59, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
    ("server_args.py", 6539, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
    ("server_args.py", 5975, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
    ("<string>", 352, "__init__", ""),
)
case(
    "refused_attn_cp_not_dividing_tp",
    V5,
    "sglang 0.5.10.post1 server_args.py:807 __post_init__ -> :2600-2605 _handle_context_parallelism",
    "config_error",
    "--tp 4 --attn-cp-size 3: a context-parallel size that does not divide TP, refused while parsing arguments",
    join(
        TB,
        tb(
            PY312,
            *ARGS0510,
            ("server_args.py", 807, "__post_init__", "self._handle_context_parallelism()"),
            ("server_args.py", 2603, "_handle_context_parallelism", "assert ("),
        ),
        "AssertionError: tp_size must be divisible by attn_cp_size",
    ),
)

case(
    "refused_moe_dp_with_pp",
    V5,
    "sglang 0.5.10.post1 server_args.py:2613-2622 _handle_context_parallelism (moe_dp_size > 1 and pp_size > 1)",
    "config_error",
    "--moe-dp-size 2 with --pp-size 2: SGLang says PP is not supported with context parallelism; the user drops one",
    join(
        TB,
        tb(
            PY312,
            *ARGS0510,
            ("server_args.py", 807, "__post_init__", "self._handle_context_parallelism()"),
            (
                "server_args.py",
                2622,
                "_handle_context_parallelism",
                'assert self.pp_size == 1, "PP is not supported with context parallelism"',
            ),
        ),
        "AssertionError: PP is not supported with context parallelism",
    ),
)

NSA_ADJ = ARGS0510 + (("server_args.py", 787, "__post_init__", "self._handle_model_specific_adjustments()"),)
case(
    "refused_nsa_cp_across_two_nodes",
    V5,
    "sglang 0.5.10.post1 server_args.py:1541-1563 _handle_model_specific_adjustments (DeepSeek-V3.2 NSA prefill CP)",
    "config_error",
    "--enable-nsa-prefill-context-parallel with --tp 16 --nnodes 2: CP is single-machine only (tp_size == 8), an argument error",
    join(
        "Context parallel feature is still under experiment. It has only been verified on Hopper platform.",
        TB,
        tb(PY312, *NSA_ADJ, ("server_args.py", 1558, "_handle_model_specific_adjustments", "assert (")),
        "AssertionError: Current multi-machine CP support suffers from precision issues. So context parallel only support Single machine(tp_size == 8)",
    ),
)

case(
    "refused_nsa_cp_on_decode_server",
    V5,
    "sglang 0.5.10.post1 server_args.py:1592-1595 _handle_model_specific_adjustments",
    "config_error",
    "NSA context parallel on a PD decode server is refused: 'please remove --enable-nsa-prefill-context-parallel'",
    join(
        "Context parallel feature is still under experiment. It has only been verified on Hopper platform.",
        "Enable Context Parallel opt for deeeseekv3.2-DSA, Setting dp_size == 1 and moe_dense_tp_size == 1, ep_size == 1, tp_size == 8, kv_cache_dtype == auto, moe_a2a_backend none ",
        "Setting page size to 64 for DeepSeek DSA.",
        TB,
        tb(PY312, *NSA_ADJ, ("server_args.py", 1593, "_handle_model_specific_adjustments", "assert (")),
        "AssertionError: CP is only supported for prefill when PD disaggregation, please remove --enable-nsa-prefill-context-parallel.",
    ),
)


# ========================================================================== layer splits and models without PP
def sched0510(tag: str, second: int, stack: tuple, error: str) -> str:
    return f"{t(V5, second, tag)} Scheduler hit an exception: {TB}\n{frames510(*stack)}\n{error}"


QWEN3_LAYERS = BUILD_MODEL + (
    ("models/qwen3.py", 470, "__init__", "self.model = Qwen3Model("),
    ("models/qwen3.py", 431, "__init__", "super().__init__("),
    ("models/qwen2.py", 294, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
    ("utils/common.py", 634, "make_layers", "get_pp_indices("),
    (
        "distributed/utils.py",
        116,
        "get_pp_indices",
        'raise ValueError(f"{len(partitions)=} does not match {pp_size=}.")',
    ),
)
_s = [stage0510(f"PP{i} TP0", 5, weights=0, tokens=0) for i in range(4)]
case(
    "layer_partition_count_mismatch",
    V5,
    "sglang 0.5.10.post1 distributed/utils.py:99-116 get_pp_indices (SGLANG_PP_LAYER_PARTITION=16,16,32 with --pp-size 4)",
    "config_error",
    "SGLANG_PP_LAYER_PARTITION lists 3 stages for --pp-size 4: every stage raises while building the model; the user fixes the env var",
    join(
        PP_WARN,
        sargs(V5, 1, "Qwen/Qwen3-32B", tp_size=1, pp_size=4, mem_fraction_static=0.85),
        phases(_s, "dist"),
        [f"{t(V5, 8, f'PP{i} TP0')} Load weight begin. avail mem=139.10 GB" for i in range(4)],
        sched0510("PP0 TP0", 9, QWEN3_LAYERS, "ValueError: len(partitions)=3 does not match pp_size=4."),
        sched0510("PP2 TP0", 9, QWEN3_LAYERS, "ValueError: len(partitions)=3 does not match pp_size=4."),
        sigquit(V5, 9),
    ),
)

DS_LAYERS053 = (
    ("managers/scheduler.py", 2847, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 396, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker.py", 100, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 298, "__init__", "self.initialize(min_per_gpu_memory)"),
    ("model_executor/model_runner.py", 345, "initialize", "self.load_model()"),
    ("model_executor/model_runner.py", 789, "load_model", "self.model = get_model("),
    ("model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
    ("model_loader/loader.py", 489, "load_model", "model = _initialize_model("),
    ("model_loader/loader.py", 231, "_initialize_model", "return model_class("),
    ("models/deepseek_v2.py", 2800, "__init__", "self.model = DeepseekV2Model("),
    ("models/deepseek_v2.py", 2601, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
    ("utils/common.py", 494, "make_layers", "get_pp_indices("),
    (
        "distributed/utils.py",
        82,
        "get_pp_indices",
        'raise ValueError(f"{sum(partitions)=} does not match {num_hidden_layers=}.")',
    ),
)
_s = [stage053(f"TP{r} PP{p}", 20, weights=0, tokens=0, arch="DeepseekV3ForCausalLM") for p in (0, 1) for r in (0, 1)]
case(
    "layer_partition_sum_mismatch",
    V3,
    "sglang 0.5.3 distributed/utils.py:71-82 get_pp_indices (SGLANG_PP_LAYER_PARTITION=31,31 for DeepSeek-V3's 61 layers)",
    "config_error",
    "the partition sums to 62 for a 61-layer model: a bad env var, raised on every stage while the model is built",
    join(
        PP_WARN,
        sargs(
            V3,
            2,
            "deepseek-ai/DeepSeek-V3-0324",
            tp_size=8,
            pp_size=2,
            nnodes=2,
            node_rank=0,
            dist_init_addr="10.0.0.11:5000",
        ),
        phases(_s, "dist"),
        [f"{t(V3, 23, f'TP{r} PP{p}')} Load weight begin. avail mem=78.52 GB" for p in (0, 1) for r in (0, 1)],
        f"{t(V3, 24, 'TP0 PP0')} Scheduler hit an exception: {TB}\n{tb(PY312, *DS_LAYERS053)}\nValueError: sum(partitions)=62 does not match num_hidden_layers=61.",
        f"{t(V3, 24, 'TP1 PP1')} Scheduler hit an exception: {TB}\n{tb(PY312, *DS_LAYERS053)}\nValueError: sum(partitions)=62 does not match num_hidden_layers=61.",
        sigquit(V3, 24),
    ),
)

LLAMA_LAYERS049 = (
    (
        "managers/scheduler.py",
        2753,
        "run_scheduler_process",
        "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
    ),
    ("managers/scheduler.py", 339, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 66, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 81, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 233, "__init__", "self.initialize(min_per_gpu_memory)"),
    ("model_executor/model_runner.py", 276, "initialize", "self.load_model()"),
    ("model_executor/model_runner.py", 616, "load_model", "self.model = get_model("),
    ("model_loader/__init__.py", 22, "get_model", "return loader.load_model("),
    ("model_loader/loader.py", 432, "load_model", "model = _initialize_model("),
    ("model_loader/loader.py", 174, "_initialize_model", "return model_class("),
    (
        "models/llama.py",
        413,
        "__init__",
        'self.model = self._init_model(config, quant_config, add_prefix("model", prefix))',
    ),
    ("models/llama.py", 445, "_init_model", "return LlamaModel(config, quant_config=quant_config, prefix=prefix)"),
    ("models/llama.py", 292, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
    ("utils.py", 515, "make_layers", "get_pp_indices("),
    ("distributed/utils.py", 76, "get_pp_indices", "raise ValueError("),
)
_err049 = (
    f"{TB}\n"
    + tb(
        PY310,
        (
            "distributed/utils.py",
            74,
            "get_pp_indices",
            'partitions = [int(layer) for layer in partition_list_str.split(",")]',
        ),
        (
            "distributed/utils.py",
            74,
            "<listcomp>",
            'partitions = [int(layer) for layer in partition_list_str.split(",")]',
        ),
    )
    + "\nValueError: invalid literal for int() with base 10: '40;40'\n\nThe above exception was the direct cause of the following exception:\n\n"
    + f"{TB}\n"
    + tb(PY310, *LLAMA_LAYERS049)
    + "\nValueError: Invalid partition string: 40;40"
)
case(
    "layer_partition_bad_separator",
    V4,
    "sglang 0.4.9.post2 distributed/utils.py:70-77 get_pp_indices (SGLANG_PP_LAYER_PARTITION='40;40')",
    "config_error",
    "a partition written with ';' cannot be parsed: a chained ValueError on each stage, fixed by the env var",
    join(
        PP_WARN,
        f"{t(V4, 2)} server_args=ServerArgs(model_path='meta-llama/Llama-3.3-70B-Instruct', tokenizer_path='meta-llama/Llama-3.3-70B-Instruct', tp_size=4, pp_size=2, mem_fraction_static=0.85, ...)",
        [f"{t(V4, 9, f'TP{r} PP{p}')} Init torch distributed begin." for p in (0, 1) for r in (0, 1)],
        [f"{t(V4, 12, f'TP{r} PP{p}')} Init torch distributed ends. mem usage=0.62 GB" for p in (0, 1) for r in (0, 1)],
        f"{t(V4, 12, 'TP0 PP0')} Load weight begin. avail mem=78.31 GB",
        f"{t(V4, 13, 'TP0 PP0')} Scheduler hit an exception: {_err049}",
        f"{t(V4, 13, 'TP0 PP1')} Scheduler hit an exception: {_err049}",
        sigquit(V4, 13),
    ),
)

_s = [
    stage0510(f"PP{p} TP{r}", 5, weights=27.1, tokens=301442, arch="Gemma2ForCausalLM") for p in (0, 1) for r in (0, 1)
]
case(
    "model_without_pp_support",
    V5,
    "sglang 0.5.10.post1 model_executor/model_runner.py:434-441 (support_pp from the model's forward signature)",
    "config_error",
    "Gemma2ForCausalLM has no pp_proxy_tensors: the assertion comes after capture on every stage; the remedy is --pp-size 1 (TP instead)",
    join(
        PP_WARN,
        sargs(V5, 1, "google/gemma-2-27b-it", tp_size=2, pp_size=2, mem_fraction_static=0.85),
        phases(_s, "dist", "load"),
        shards(12),
        phases(_s, "kv", "graph"),
        sched0510(
            "PP0 TP0",
            70,
            INIT[:-1] + (("model_executor/model_runner.py", 439, "__init__", "assert ("),),
            "AssertionError: Pipeline Parallel is not compatible with this model.",
        ),
        sched0510(
            "PP1 TP1",
            70,
            INIT[:-1] + (("model_executor/model_runner.py", 439, "__init__", "assert ("),),
            "AssertionError: Pipeline Parallel is not compatible with this model.",
        ),
        sigquit(V5, 70),
    ),
)

TRANSFORMERS_PP = BUILD_MODEL + (
    ("models/transformers.py", 1095, "__init__", "super().__init__(*args, prefix=prefix, **kwargs)"),
    ("models/transformers.py", 637, "__init__", "self.pipeline_parallel()"),
    ("models/transformers.py", 845, "pipeline_parallel", "raise ValueError("),
)
case(
    "transformers_backend_without_pp_plan",
    V5,
    "sglang 0.5.10.post1 models/transformers.py:839-847 pipeline_parallel",
    "config_error",
    "--model-impl transformers with --pp-size 2 on a remote-code model with no pp plan: the model cannot be split; the user drops PP",
    join(
        PP_WARN,
        sargs(
            V5,
            1,
            "internlm/internlm3-8b-instruct",
            trust_remote_code=True,
            model_impl="transformers",
            tp_size=1,
            pp_size=2,
        ),
        phases([stage0510(f"PP{p}", 5, weights=0, tokens=0) for p in (0, 1)], "dist"),
        f"{t(V5, 8, 'PP0')} Load weight begin. avail mem=139.10 GB",
        f"{t(V5, 8, 'PP1')} Load weight begin. avail mem=139.10 GB",
        sched0510(
            "PP0",
            9,
            TRANSFORMERS_PP,
            "ValueError: <class 'transformers_modules.internlm3-8b-instruct.modeling_internlm3.InternLM3Model'> does not support pipeline parallel yet!",
        ),
        sched0510(
            "PP1",
            9,
            TRANSFORMERS_PP,
            "ValueError: <class 'transformers_modules.internlm3-8b-instruct.modeling_internlm3.InternLM3Model'> does not support pipeline parallel yet!",
        ),
        sigquit(V5, 9),
    ),
)

case(
    "sdar_refuses_pp",
    V5,
    "sglang 0.5.10.post1 models/sdar_moe.py:542-547",
    "config_error",
    "SDAR (a diffusion LM) asserts pp_size == 1 in its constructor: 'Please set pp_size=1.'",
    join(
        PP_WARN,
        "Attention backend is set to flashinfer because of enabling cuda graph in diffusion LLM inference",
        sargs(
            V5,
            1,
            "JetLM/SDAR-30B-A3B-Chat",
            trust_remote_code=True,
            tp_size=2,
            pp_size=2,
            dllm_algorithm="LowConfidence",
        ),
        phases([stage0510(f"PP{p} TP{r}", 5, weights=0, tokens=0) for p in (0, 1) for r in (0, 1)], "dist"),
        f"{t(V5, 8, 'PP0 TP0')} Load weight begin. avail mem=139.10 GB",
        sched0510(
            "PP0 TP0",
            9,
            BUILD_MODEL + (("models/sdar_moe.py", 544, "__init__", "assert self.pp_group.world_size == 1, ("),),
            "AssertionError: SDARMoeForCausalLM does not support pipeline parallel (pp_size=2). Please set pp_size=1.",
        ),
        sigquit(V5, 9),
    ),
)


# ============================================================================ a stage's death, seen from the others
PKG = PY312
DECORATE = (f"{PKG}/torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)")
PP_LOOP0510 = (
    ("managers/scheduler.py", 3616, "run_scheduler_process", "scheduler.run_event_loop()"),
    ("managers/scheduler.py", 1300, "run_event_loop", "dispatch_event_loop(self)"),
    ("managers/scheduler.py", 3495, "dispatch_event_loop", "scheduler.event_loop_pp()"),
    DECORATE,
)
PP0_RECV_OUTPUTS0510 = PP_LOOP0510 + (
    (
        "managers/scheduler_pp_mixin.py",
        101,
        "event_loop_pp",
        "self._pp_commit_send_output_work_and_preprocess_output_tensors(",
    ),
    (
        "managers/scheduler_pp_mixin.py",
        865,
        "_pp_commit_send_output_work_and_preprocess_output_tensors",
        ") = self._pp_send_recv_and_preprocess_output_tensors(",
    ),
    (
        "managers/scheduler_pp_mixin.py",
        1104,
        "_pp_send_recv_and_preprocess_output_tensors",
        "self._pp_recv_dict_from_prev_stage()",
    ),
    ("managers/scheduler_pp_mixin.py", 1009, "_pp_recv_dict_from_prev_stage", "return self._pp_recv_typed_dict("),
    ("managers/scheduler_pp_mixin.py", 976, "_pp_recv_typed_dict", "tensor_dict = self.pp_group.recv_tensor_dict("),
    ("distributed/parallel_state.py", 1280, "recv_tensor_dict", "recv_metadata_list = self.recv_object(src=src)"),
    ("distributed/parallel_state.py", 1102, "recv_object", "work.wait()"),
)
GLOO_CLOSED = (
    "RuntimeError: [/pytorch/third_party/gloo/gloo/transport/tcp/pair.cc:547] Connection closed by peer [{peer}]:{port}"
)


def serving0510(tag: str, s: int, usage: float = 0.22) -> list[str]:
    return [
        f"{t(V5, s, tag)} Prefill batch, #new-seq: 4, #new-token: 6144, #cached-token: 1024, token usage: {usage:.2f}, #running-req: 28, #queue-req: 0, cuda graph: False, input throughput (token/s): 9120.44",
        f"{t(V5, s + 2, tag)} Decode batch, #running-req: 32, #token: 98304, token usage: {usage + 0.03:.2f}, cuda graph: True, gen throughput (token/s): 1388.20, #queue-req: 0, ",
    ]


_node0 = [stage0510(f"PP0 TP{r}", 10, weights=59.2, tokens=480211, arch="Qwen3MoeForCausalLM") for r in (0, 1)]
case(
    "stage_death_seen_as_gloo_close",
    V5,
    "sglang 0.5.10.post1 scheduler_pp_mixin.py:47-130 event_loop_pp, :1081-1104, :960-976; parallel_state.py:1083-1102 recv_object (gloo cpu_group); gloo pair.cc text as in sgl-project/sglang#15792",
    "nccl_or_distributed",
    "node 0's first stage loses the last stage (node 1) while receiving its outputs over gloo: a rank-death cascade seen from the survivor; restart the group",
    join(
        PP_WARN,
        sargs(
            V5,
            1,
            "Qwen/Qwen3-235B-A22B-Instruct-2507-FP8",
            tp_size=2,
            pp_size=2,
            nnodes=2,
            node_rank=0,
            dist_init_addr="10.0.0.11:5000",
        ),
        phases(_node0, "dist", "load"),
        phases(_node0, "kv", "graph"),
        _node0[0]["max"],
        ready(V5, 80),
        serving0510("PP0 TP0", 90),
        f'{t(V5, 95)} INFO:     10.0.3.7:51122 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        sched0510("PP0 TP0", 140, PP0_RECV_OUTPUTS0510, GLOO_CLOSED.format(peer="10.0.0.12", port=38117)),
        sched0510("PP0 TP1", 140, PP0_RECV_OUTPUTS0510, GLOO_CLOSED.format(peer="10.0.0.12", port=40622)),
        sigquit(V5, 140),
    ),
)

_node1 = [stage053(f"TP{r} PP1", 12, weights=33.4, tokens=412330, arch="Qwen3MoeForCausalLM") for r in range(8)]
_wd = "Watchdog caught collective operation timeout: WorkNCCL(SeqNum=48213, OpType=RECV, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600047 milliseconds before timing out."
case(
    "stage_death_seen_as_nccl_recv_timeout",
    V3,
    "sglang 0.5.3 scheduler.py:1122-1163 recv_requests -> utils/common.py:1177-1221 point_to_point_pyobj (dist.recv on the NCCL world group); engine.py:833-845 (non-zero node: dummy health server); torch 2.8 ProcessGroupNCCL watchdog text",
    "nccl_or_distributed",
    "node 1's PP1 waits in an NCCL RECV for requests from PP0 whose node died; torch's watchdog takes the process down: a peer-loss cascade",
    join(
        PP_WARN,
        sargs(
            V3, 2, "Qwen/Qwen3-235B-A22B", tp_size=8, pp_size=2, nnodes=2, node_rank=1, dist_init_addr="10.0.0.11:5000"
        ),
        phases(_node1[:2], "dist", "load", "kv", "graph"),
        _node1[0]["max"],
        f"{t(V3, 95)} Starting dummy health check server at 0.0.0.0:30000",
        f"{t(V3, 130, 'TP0 PP1')} Decode batch. #running-req: 40, #token: 61200, token usage: 0.15, cuda graph: True, gen throughput (token/s): 802.14, #queue-req: 0, ",
        f"[rank8]:[E1009 10:14:31.412058553 ProcessGroupNCCL.cpp:685] [Rank 8] {_wd}",
        "[rank8]:[E1009 10:14:31.412367871 ProcessGroupNCCL.cpp:2252] [PG ID 1 PG GUID 1 Rank 8]  failure detected by watchdog at work sequence id: 48213 PG status: last enqueued work: 48213, last completed work: 48212",
        "[rank8]:[E1009 10:14:31.412381004 ProcessGroupNCCL.cpp:732] Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value.",
        "[rank8]:[E1009 10:14:32.036912377 ProcessGroupNCCL.cpp:746] [Rank 8] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
        "[rank8]:[E1009 10:14:32.036931583 ProcessGroupNCCL.cpp:760] [Rank 8] To avoid data inconsistency, we are taking the entire process down.",
        f"[rank8]:[E1009 10:14:32.038211390 ProcessGroupNCCL.cpp:2068] [PG ID 1 PG GUID 1 Rank 8] Process group watchdog thread terminated with exception: [Rank 8] {_wd}",
        "Exception raised from checkTimeout at /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:688 (most recent call first):",
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x98 (0x7f3c1a6b75e8 in /usr/local/lib/python3.12/dist-packages/torch/lib/libc10.so)",
        "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x23d (0x7f3c1b9e2a6d in /usr/local/lib/python3.12/dist-packages/torch/lib/libtorch_cuda.so)",
        "",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        f"  what():  [PG ID 1 PG GUID 1 Rank 8] Process group watchdog thread terminated with exception: [Rank 8] {_wd}",
        "Fatal Python error: Aborted",
    ),
)

RDZV053 = (
    ("managers/scheduler.py", 2847, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 396, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker.py", 100, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 285, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
    ("model_executor/model_runner.py", 679, "init_torch_distributed", "init_distributed_environment("),
    ("distributed/parallel_state.py", 1408, "init_distributed_environment", "torch.distributed.init_process_group("),
    ("+torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
    ("+torch/distributed/c10d_logger.py", 95, "wrapper", "func_return = func(*args, **kwargs)"),
    (
        "+torch/distributed/distributed_c10d.py",
        1710,
        "init_process_group",
        "store, rank, world_size = next(rendezvous_iterator)",
    ),
    ("+torch/distributed/rendezvous.py", 205, "_tcp_rendezvous_handler", "store = _create_c10d_store("),
    ("+torch/distributed/rendezvous.py", 176, "_create_c10d_store", "return TCPStore("),
)
case(
    "second_node_never_joins",
    V3,
    "sglang 0.5.3 model_runner.py:626-690 init_torch_distributed; torch 2.8 TCPStore 'waiting for clients' timeout (rendezvous.py)",
    "nccl_or_distributed",
    "node 0 hosts the store for --nnodes 2 --pp-size 2 and node 1 never connects: a rendezvous timeout",
    join(
        PP_WARN,
        sargs(
            V3,
            2,
            "deepseek-ai/DeepSeek-V3-0324",
            tp_size=8,
            pp_size=2,
            nnodes=2,
            node_rank=0,
            dist_init_addr="10.0.0.11:5000",
        ),
        [f"{t(V3, 20, f'TP{r} PP0')} Init torch distributed begin." for r in range(8)],
        f"{t(V3, 621, 'TP0 PP0')} Scheduler hit an exception: {TB}\n{tb(PY312, *RDZV053)}\ntorch.distributed.DistStoreError: Timed out after 601 seconds waiting for clients. 8/16 clients joined.",
        sigquit(V3, 621),
    ),
)

PP_NCCL049 = (
    (
        "managers/scheduler.py",
        2753,
        "run_scheduler_process",
        "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
    ),
    ("managers/scheduler.py", 339, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 66, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 81, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 226, "__init__", "min_per_gpu_memory = self.init_torch_distributed()"),
    ("model_executor/model_runner.py", 534, "init_torch_distributed", "initialize_model_parallel("),
    ("distributed/parallel_state.py", 1251, "initialize_model_parallel", "_PP = init_model_parallel_group("),
    ("distributed/parallel_state.py", 1051, "init_model_parallel_group", "return GroupCoordinator("),
    ("distributed/parallel_state.py", 269, "__init__", "self.pynccl_comm = PyNcclCommunicator("),
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
)
case(
    "pp_group_nccl_init_across_nodes",
    V4,
    "sglang 0.4.9.post2 parallel_state.py:1181-1251 initialize_model_parallel (_PP group), pynccl.py:109, pynccl_wrapper.py:326-329",
    "nccl_or_distributed",
    "the PP group spans the two nodes; its NCCL communicator cannot connect (socket error): a distributed init failure",
    join(
        PP_WARN,
        f"{t(V4, 2)} server_args=ServerArgs(model_path='meta-llama/Llama-3.1-405B-Instruct-FP8', tokenizer_path='meta-llama/Llama-3.1-405B-Instruct-FP8', tp_size=8, pp_size=2, nnodes=2, node_rank=0, dist_init_addr='10.0.0.11:5000', ...)",
        [f"{t(V4, 9, f'TP{r} PP0')} Init torch distributed begin." for r in range(8)],
        "gpu-a:2211:2211 [0] NCCL INFO Bootstrap : Using eth0:10.0.0.11<0>",
        "gpu-a:2211:2874 [0] misc/socket.cc:484 NCCL WARN socketStartConnect: Connect to 10.0.0.12<45677> failed : Software caused connection abort",
        "gpu-a:2211:2874 [0] NCCL INFO misc/socket.cc:565 -> 2",
        "gpu-a:2211:2874 [0] NCCL INFO bootstrap.cc:277 -> 2",
        f"{t(V4, 14, 'TP0 PP0')} Scheduler hit an exception: {TB}\n{tb(PY310, *PP_NCCL049)}\nRuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)",
        sigquit(V4, 14),
    ),
)

_s = [stage053(f"TP{r} PP0", 20, weights=0, tokens=0, arch="DeepseekV3ForCausalLM") for r in range(8)]
case(
    "peers_never_finish_loading",
    V3,
    "sglang 0.5.3 model_runner.py:844-853 (monitored_barrier after Load weight end)",
    "nccl_or_distributed",
    "UNSURE: TP0 of stage 0 finished loading but the barrier saw peers that did not (no error from them here): a barrier timeout between ranks, not this rank's OOM",
    join(
        PP_WARN,
        sargs(
            V3,
            2,
            "deepseek-ai/DeepSeek-R1-0528",
            tp_size=8,
            pp_size=2,
            nnodes=2,
            node_rank=0,
            dist_init_addr="10.0.0.11:5000",
        ),
        phases(_s[:2], "dist"),
        f"{t(V3, 23, 'TP0 PP0')} Load weight begin. avail mem=78.52 GB",
        "Loading safetensors checkpoint shards:  44% Completed | 72/163 [02:31<03:12,  2.11s/it]",
        f"{t(V3, 420, 'TP0 PP0')} Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=37.64 GB, mem usage=40.88 GB.",
        f"{t(V3, 722, 'TP0 PP0')} Scheduler hit an exception: {TB}\n"
        + tb(
            PY312,
            ("managers/scheduler.py", 2847, "run_scheduler_process", "scheduler = Scheduler("),
            ("managers/scheduler.py", 396, "__init__", "self.tp_worker = TpWorkerClass("),
            ("managers/tp_worker.py", 100, "__init__", "self.model_runner = ModelRunner("),
            ("model_executor/model_runner.py", 298, "__init__", "self.initialize(min_per_gpu_memory)"),
            ("model_executor/model_runner.py", 345, "initialize", "self.load_model()"),
            ("model_executor/model_runner.py", 852, "load_model", "raise ValueError("),
        )
        + "\nValueError: TP rank 0 could finish the model loading, but there are other ranks that didn't finish loading. It is likely due to unexpected failures (e.g., OOM) or a slow node.",
        sigquit(V3, 722),
    ),
)

PORT_STACK0510 = MODEL_PARALLEL[:-1] + (
    ("model_executor/model_runner.py", 955, "init_torch_distributed", "init_distributed_environment("),
    ("distributed/parallel_state.py", 1609, "init_distributed_environment", "torch.distributed.init_process_group("),
    (f"{PKG}/torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
    (f"{PKG}/torch/distributed/c10d_logger.py", 95, "wrapper", "func_return = func(*args, **kwargs)"),
    (
        f"{PKG}/torch/distributed/distributed_c10d.py",
        1710,
        "init_process_group",
        "store, rank, world_size = next(rendezvous_iterator)",
    ),
    (f"{PKG}/torch/distributed/rendezvous.py", 205, "_tcp_rendezvous_handler", "store = _create_c10d_store("),
    (f"{PKG}/torch/distributed/rendezvous.py", 176, "_create_c10d_store", "return TCPStore("),
)
case(
    "dist_init_addr_port_taken",
    V5,
    "sglang 0.5.10.post1 model_runner.py:955 init_distributed_environment; torch TCPStore EADDRINUSE text",
    "port_in_use",
    "node 0 cannot listen on --dist-init-addr 10.0.0.11:5000 (an old server still holds it): an address in use, not a network fault",
    join(
        PP_WARN,
        sargs(
            V5,
            1,
            "Qwen/Qwen3-235B-A22B-Instruct-2507-FP8",
            tp_size=4,
            pp_size=2,
            nnodes=2,
            node_rank=0,
            dist_init_addr="10.0.0.11:5000",
        ),
        [f"{t(V5, 6, f'PP0 TP{r}')} Init torch distributed begin." for r in range(4)],
        sched0510(
            "PP0 TP0",
            7,
            PORT_STACK0510,
            "torch.distributed.DistNetworkError: The server socket has failed to listen on any local network address. port: 5000, useIpv6: false, code: -98, name: EADDRINUSE, message: address already in use",
        ),
        sigquit(V5, 7),
    ),
)


# ================================================================================================ memory per stage
_s = [
    stage053(f"TP0 PP{p}", 10, weights=w, tokens=0, arch="LlamaForCausalLM", total=44.4)
    for p, w in enumerate((33.9, 33.9, 33.9, 36.1))
]
POOL053 = (
    ("managers/scheduler.py", 2847, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 396, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker.py", 100, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 298, "__init__", "self.initialize(min_per_gpu_memory)"),
    ("model_executor/model_runner.py", 432, "initialize", "self.init_memory_pool("),
    ("model_executor/model_runner.py", 1496, "init_memory_pool", "raise RuntimeError("),
)
_nem = "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: self.server_args.mem_fraction_static=0.82"
case(
    "kv_pool_min_over_uneven_stages",
    V3,
    "sglang 0.5.3 model_runner.py:1480-1499 (max_total_num_tokens all-reduced with ReduceOp.MIN across PP ranks, then 'Not enough memory')",
    "oom_kv_cache",
    "4 stages on 48 GB GPUs: the last stage (lm_head) leaves no KV room, the MIN over stages is <= 0 and every stage says Not enough memory; raise --mem-fraction-static",
    join(
        PP_WARN,
        sargs(V3, 2, "meta-llama/Llama-3.3-70B-Instruct", tp_size=1, pp_size=4, mem_fraction_static=0.82),
        phases(_s, "dist", "load"),
        shards(30),
        f"{t(V3, 52, 'TP0 PP0')} Scheduler hit an exception: {TB}\n{tb(PY312, *POOL053)}\n{_nem}",
        f"{t(V3, 52, 'TP0 PP3')} Scheduler hit an exception: {TB}\n{tb(PY312, *POOL053)}\n{_nem}",
        sigquit(V3, 52),
    ),
)

OOM_BUILD0510 = BUILD_MODEL + (
    (
        "models/llama.py",
        473,
        "__init__",
        'self.model = self._init_model(config, quant_config, add_prefix("model", prefix))',
    ),
    ("models/llama.py", 500, "_init_model", "return LlamaModel(config, quant_config=quant_config, prefix=prefix)"),
    ("models/llama.py", 348, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
    ("utils/common.py", 646, "make_layers", "layer_fn(idx=idx, prefix=add_prefix(idx, prefix))"),
    ("models/llama.py", 350, "<lambda>", "lambda idx, prefix: LlamaDecoderLayer("),
    ("models/llama.py", 280, "__init__", "self.mlp = LlamaMLP("),
    ("models/llama.py", 84, "__init__", "self.gate_up_proj = MergedColumnParallelLinear("),
    ("layers/linear.py", 520, "__init__", "super().__init__("),
    ("layers/linear.py", 372, "__init__", "self.quant_method.create_weights("),
    ("layers/quantization/unquant.py", 121, "create_weights", "torch.empty("),
    (f"{PKG}/torch/utils/_device.py", 104, "__torch_function__", "return func(*args, **kwargs)"),
)
_oomw = (
    "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 448.00 MiB. GPU {g} has a total capacity of 44.39 GiB of which {free} is free. "
    "Including non-PyTorch memory, this process has 44.17 GiB memory in use. Of the allocated memory 43.71 GiB is allocated by PyTorch, and 112.40 MiB is reserved by PyTorch but unallocated. "
    "If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
)
case(
    "stages_oom_while_building_weights",
    V5,
    "sglang 0.5.10.post1 model_runner.py load_model -> loader.py _initialize_model (make_layers builds this stage's layers on the GPU); torch OOM text",
    "oom_weights",
    "70B over --pp-size 2 on 48 GB GPUs: each stage's 40 layers do not fit while building the model: more stages (or TP) are needed",
    join(
        PP_WARN,
        sargs(V5, 1, "meta-llama/Llama-3.1-70B-Instruct", tp_size=1, pp_size=2, mem_fraction_static=0.88),
        phases([stage0510(f"PP{p}", 5, weights=0, tokens=0, total=44.4) for p in (0, 1)], "dist"),
        f"{t(V5, 8, 'PP0')} Load weight begin. avail mem=43.68 GB",
        f"{t(V5, 8, 'PP1')} Load weight begin. avail mem=43.68 GB",
        sched0510("PP1", 19, OOM_BUILD0510, _oomw.format(g=1, free="211.06 MiB")),
        sched0510("PP0", 19, OOM_BUILD0510, _oomw.format(g=0, free="207.06 MiB")),
        sigquit(V5, 19),
    ),
)

CAPTURE053 = (
    ("managers/scheduler.py", 2847, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 396, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker.py", 100, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 298, "__init__", "self.initialize(min_per_gpu_memory)"),
    ("model_executor/model_runner.py", 440, "initialize", "self.init_device_graphs()"),
    (
        "model_executor/model_runner.py",
        1842,
        "init_device_graphs",
        "self.graph_runner = graph_runners[self.device](self)",
    ),
    ("model_executor/cuda_graph_runner.py", 368, "__init__", "raise Exception("),
)
_cap_inner = tb(
    PY312,
    ("model_executor/cuda_graph_runner.py", 366, "__init__", "self.capture()"),
    ("model_executor/cuda_graph_runner.py", 485, "capture", ") = self.capture_one_batch_size(bs, forward)"),
    ("model_executor/cuda_graph_runner.py", 640, "capture_one_batch_size", "run_once()"),
    ("model_executor/cuda_graph_runner.py", 627, "run_once", "logits_output_or_pp_proxy_tensors = forward("),
    DECORATE,
    ("models/qwen2_moe.py", 600, "forward", "hidden_states = self.model("),
)
_cap_oom = "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.02 GiB. GPU 1 has a total capacity of 79.19 GiB of which 803.06 MiB is free. Including non-PyTorch memory, this process has 78.39 GiB memory in use. Of the allocated memory 74.12 GiB is allocated by PyTorch, with 2.31 GiB allocated in private pools (e.g., CUDA Graphs), and 1.29 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
_capmsg = (
    "Exception: Capture cuda graph failed: "
    + _cap_oom.split(": ", 1)[1]
    + "\nPossible solutions:\n1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n3. disable torch compile by not using --enable-torch-compile\n4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\nOpen an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose \n"
)
_s = [
    stage053(f"TP0 PP{p}", 10, weights=w, tokens=612455, arch="Qwen3MoeForCausalLM", ctx=40960, kvfrac=0.93)
    for p, w in enumerate((29.8, 31.2))
]
case(
    "last_stage_capture_oom",
    V3,
    "sglang 0.5.3 model_runner.py:1815-1848 init_device_graphs; cuda_graph_runner.py:362-370, :868-875 CUDA_GRAPH_CAPTURE_FAILED_MSG",
    "oom_cuda_graph",
    "PP1 (the heavier last stage) runs out of memory capturing its graphs after PP0 finished; the fix is graph memory (max bs / fraction), not PP",
    join(
        PP_WARN,
        sargs(V3, 2, "Qwen/Qwen3-30B-A3B", tp_size=1, pp_size=2, mem_fraction_static=0.9, cuda_graph_max_bs=512),
        phases(_s, "dist", "load", "kv"),
        _s[0]["graph"][0],
        _s[1]["graph"][0],
        "Capturing batches (bs=512 avail_mem=2.61 GB):   0%|          | 0/52 [00:00<?, ?it/s]",
        f"{t(V3, 54, 'TP0 PP1')} Scheduler hit an exception: {TB}\n{_cap_inner}\n{_cap_oom}\n\nDuring handling of the above exception, another exception occurred:\n\n{TB}\n{tb(PY312, *CAPTURE053)}\n{_capmsg}",
        sigquit(V3, 54),
    ),
)

PP_RUN053 = (
    ("managers/scheduler.py", 2867, "run_scheduler_process", "scheduler.event_loop_pp()"),
    DECORATE,
)
OOM_RUN053 = PP_RUN053 + (
    ("managers/scheduler.py", 1023, "event_loop_pp", "result = self.run_batch(self.cur_batch)"),
    ("managers/scheduler.py", 2058, "run_batch", "forward_batch_output = self.model_worker.forward_batch_generation("),
    (
        "managers/tp_worker.py",
        256,
        "forward_batch_generation",
        "logits_output, can_run_cuda_graph = self.model_runner.forward(",
    ),
    ("model_executor/model_runner.py", 1983, "forward", "output = self._forward_raw("),
    ("model_executor/model_runner.py", 2033, "_forward_raw", "ret = self.forward_extend("),
    ("model_executor/model_runner.py", 1927, "forward_extend", "return self.model.forward("),
    DECORATE,
    ("models/qwen2.py", 480, "forward", "hidden_states = self.model("),
    ("models/qwen2.py", 370, "forward", "hidden_states, residual = layer("),
    ("models/qwen2.py", 235, "forward", "hidden_states = self.mlp(hidden_states)"),
    ("models/qwen2.py", 98, "forward", "x = self.act_fn(gate_up)"),
)
RECV053 = PP_RUN053 + (
    ("managers/scheduler.py", 1062, "event_loop_pp", "self.pp_group.recv_tensor_dict("),
    ("distributed/parallel_state.py", 1140, "recv_tensor_dict", "recv_metadata_list = self.recv_object(src=src)"),
    ("distributed/parallel_state.py", 962, "recv_object", "work.wait()"),
)
_s = [
    stage053(f"TP0 PP{p}", 10, weights=w, tokens=391200, arch="Qwen2ForCausalLM", ctx=32768)
    for p, w in enumerate((36.4, 38.9))
]
case(
    "stage_runtime_oom_then_peer_lost",
    V3,
    "sglang 0.5.3 scheduler.py:1001-1120 event_loop_pp (run_batch on PP1; PP0's recv_tensor_dict of the last stage's outputs over gloo)",
    "oom_runtime",
    "after ready PP1 OOMs in a long prefill; PP0's gloo 'Connection closed by peer' follows it: the root cause (run-time OOM) decides, not the cascade",
    join(
        PP_WARN,
        sargs(
            V3,
            2,
            "Qwen/Qwen2.5-72B-Instruct",
            tp_size=1,
            pp_size=2,
            mem_fraction_static=0.88,
        ),
        phases(_s, "dist", "load", "kv", "graph"),
        _s[0]["max"],
        ready(V3, 90),
        f"{t(V3, 120, 'TP0 PP0')} Prefill batch. #new-seq: 1, #new-token: 8192, #cached-token: 0, token usage: 0.12, #running-req: 6, #queue-req: 3, ",
        f"{t(V3, 121, 'TP0 PP1')} Scheduler hit an exception: {TB}\n{tb(PY312, *OOM_RUN053)}\n"
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.38 GiB. GPU 1 has a total capacity of 79.19 GiB of which 2.12 GiB is free. Including non-PyTorch memory, this process has 77.06 GiB memory in use. Of the allocated memory 71.95 GiB is allocated by PyTorch, with 1.40 GiB allocated in private pools (e.g., CUDA Graphs), and 2.61 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
        f"{t(V3, 121, 'TP0 PP0')} Scheduler hit an exception: {TB}\n{tb(PY312, *RECV053)}\n"
        + GLOO_CLOSED.format(peer="127.0.0.1", port=46519),
        sigquit(V3, 121),
    ),
)

IMA0510 = PP_LOOP0510 + (
    ("managers/scheduler_pp_mixin.py", 108, "event_loop_pp", "result, self.launch_event = self._pp_launch_batch("),
    (
        "managers/scheduler_pp_mixin.py",
        1133,
        "_pp_launch_batch",
        "result = self.run_batch(self.cur_batch, pp_proxy_tensors)",
    ),
    ("managers/scheduler.py", 2690, "run_batch", "batch_result = self.model_worker.forward_batch_generation("),
    ("managers/tp_worker.py", 450, "forward_batch_generation", "logits_output = self.model_runner.forward("),
    ("model_executor/model_runner.py", 2810, "forward", "output = self._forward_raw("),
    ("model_executor/model_runner.py", 2880, "_forward_raw", "ret = self.forward_decode("),
    ("model_executor/model_runner.py", 2700, "forward_decode", "return self.graph_runner.replay("),
    ("model_executor/cuda_graph_runner.py", 1010, "replay", "self.replay_prepare(forward_batch, pp_proxy_tensors)"),
    ("model_executor/cuda_graph_runner.py", 980, "replay_prepare", "self.buffers.populate_from_forward_batch("),
)
_s = [
    stage0510(f"PP{p} TP0", 10, weights=w, tokens=520100, arch="Qwen3MoeForCausalLM")
    for p, w in enumerate((29.4, 30.6))
]
case(
    "stage_illegal_access_then_peer_lost",
    V5,
    "sglang 0.5.10.post1 scheduler_pp_mixin.py:47-130 event_loop_pp (_pp_launch_batch on PP1, PP0's typed recv over gloo); torch 2.9 AcceleratorError text",
    "cuda_error_other",
    "PP1 hits an illegal memory access in a decode replay after ready; PP0's gloo close is the cascade; the CUDA fault decides",
    join(
        PP_WARN,
        sargs(V5, 1, "Qwen/Qwen3-30B-A3B-Instruct-2507", tp_size=2, pp_size=2),
        phases(_s, "dist", "load", "kv", "graph"),
        _s[0]["max"],
        ready(V5, 80),
        serving0510("PP0 TP0", 100),
        f"{t(V5, 131, 'PP1 TP0')} Scheduler hit an exception: {TB}\n{frames510(*IMA0510)}\n"
        "torch.AcceleratorError: CUDA error: an illegal memory access was encountered\n"
        "Search for `cudaErrorIllegalAddress' in https://docs.nvidia.com/cuda/cuda-runtime-api/group__cudart__types.html for more information.\n"
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n",
        sched0510("PP0 TP0", 131, PP0_RECV_OUTPUTS0510, GLOO_CLOSED.format(peer="127.0.0.1", port=52210)),
        sigquit(V5, 131),
    ),
)


# ====================================================================================== healthy contrasts (alarming)
_s = [
    stage053(f"TP0 PP{p}", 10, weights=w, tokens=298114, arch="Qwen2ForCausalLM", ctx=32768)
    for p, w in enumerate((21.4, 20.3, 22.6))
]
case(
    "ok_uneven_split_with_pp_warning",
    V3,
    "sglang 0.5.3 server_args.py:1024-1028 (PP warning), distributed/utils.py:84-97 get_pp_indices (64 layers over 3 stages: 21/21/22), model_runner.py:1480-1488 (MIN over stages)",
    "healthy",
    "PP's own warning and an uneven 21/21/22 split with different per-stage memory are accepted; the server comes up and serves",
    join(
        PP_WARN,
        sargs(V3, 2, "Qwen/Qwen2.5-32B-Instruct", tp_size=1, pp_size=3, disable_overlap_schedule=True),
        phases(_s, "dist", "load"),
        shards(17),
        phases(_s, "kv", "graph", "max"),
        ready(V3, 90),
        f"{t(V3, 100, 'TP0 PP0')} Prefill batch. #new-seq: 3, #new-token: 4096, #cached-token: 0, token usage: 0.02, #running-req: 0, #queue-req: 0, ",
        f"{t(V3, 101, 'TP0 PP1')} Prefill batch. #new-seq: 3, #new-token: 4096, #cached-token: 0, token usage: 0.02, #running-req: 0, #queue-req: 0, ",
        f"{t(V3, 104, 'TP0 PP0')} Decode batch. #running-req: 3, #token: 4224, token usage: 0.01, cuda graph: True, gen throughput (token/s): 96.40, #queue-req: 0, ",
        f'{t(V3, 106)} INFO:     127.0.0.1:51876 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    ),
)

_s = [
    stage0510(f"PP{p} TP{r}", 10, weights=w, tokens=610233, arch="Qwen3ForCausalLM")
    for p, w in ((0, 15.9), (1, 16.8))
    for r in (0, 1)
]
_fail = "[PP Dynamic Chunk] Failed to profile prefill latency: Fitted quadratic coefficient a=-1.73e-09 is not positive. Attention has O(n^2) complexity, so a must be positive. Check warmup data quality.. Dynamic chunking will be disabled."
case(
    "ok_dynamic_chunking_profile_fails_and_turns_off",
    V5,
    "sglang 0.5.10.post1 scheduler.py:886-898 (profile_and_init_predictor in try/except: warning, feature off), scheduler_pp_mixin.py:539-690, :1325-1330 (fit raises on a <= 0)",
    "healthy",
    "--enable-dynamic-chunking's profiler fails its fit on every stage; SGLang catches it, disables dynamic chunking and serves with fixed chunks",
    join(
        PP_WARN,
        sargs(V5, 1, "Qwen/Qwen3-32B", tp_size=2, pp_size=2, enable_dynamic_chunking=True, chunked_prefill_size=8192),
        phases(_s, "dist", "load", "kv", "graph"),
        _s[0]["max"],
        _s[2]["max"],
        "Profiling prefill latency for dynamic chunking: 100%|██████████| 128/128 [00:11<00:00, 11.37it/s]",
        f"{t(V5, 88, 'PP0 TP0')} [PP Dynamic Chunk] [PP0] Profiled 128 samples: seq_lens=[10240, 10160, 10080, 10000, 9920, 9840, 9760, 9680, ...], latencies_ms=[412.51, 88.62, 87.90, 87.31, 86.45, 85.97, 85.12, 84.70, ...]",
        [f"{t(V5, 89, f'PP{p} TP{r}')} {_fail}" for p in (0, 1) for r in (0, 1)],
        ready(V5, 95),
        serving0510("PP0 TP0", 110, usage=0.04),
    ),
)

_s = [
    stage0510(f"PP{p} TP0", 10, weights=w, tokens=702881, arch="Qwen3MoeForCausalLM") for p, w in ((0, 29.4), (1, 30.6))
]
case(
    "ok_predictor_warning_and_slow_stage",
    V5,
    "sglang 0.5.10.post1 scheduler_pp_mixin.py:1333-1345 (negative b set to 0), :1366-1369, :690-693; observability/scheduler_metrics_mixin.py:389, :608 (batch lines)",
    "healthy",
    "the predictor's 'negative. Setting b=0' warning, then a slow stage: throughput drops and the queue grows while requests keep returning 200",
    join(
        PP_WARN,
        sargs(
            V5,
            1,
            "Qwen/Qwen3-30B-A3B-Instruct-2507",
            tp_size=1,
            pp_size=2,
            nnodes=2,
            node_rank=0,
            dist_init_addr="10.0.0.11:5000",
            enable_dynamic_chunking=True,
        ),
        phases(_s, "dist", "load", "kv", "graph"),
        _s[0]["max"],
        "Profiling prefill latency for dynamic chunking: 100%|██████████| 128/128 [00:08<00:00, 15.02it/s]",
        f"{t(V5, 85, 'PP0 TP0')} [PP Dynamic Chunk] [PP0] Profiled 128 samples: seq_lens=[10240, 10160, 10080, 10000, 9920, 9840, ...], latencies_ms=[301.77, 61.02, 60.71, 60.33, 59.81, 59.40, ...]",
        [f"{t(V5, 85, f'PP{p} TP0')} Fitted linear coefficient b=-3.02e-03 is negative. Setting b=0." for p in (0, 1)],
        [
            f"{t(V5, 85, f'PP{p} TP0')} [ChunkSizePredictor] Fitted coefficients: a=2.11e-08, b=0.00e+00, c=4.87e+01"
            for p in (0, 1)
        ],
        [
            f"{t(V5, 85, f'PP{p} TP0')} [ChunkSizePredictor] Target latency: 1.42ms (base_chunk_size=8192)"
            for p in (0, 1)
        ],
        [
            f"{t(V5, 85, f'PP{p} TP0')} [PP Dynamic Chunk] [PP{p}] Predictor ready (quadratic). Target latency: 1.42ms"
            for p in (0, 1)
        ],
        ready(V5, 90),
        f"{t(V5, 120, 'PP0 TP0')} Decode batch, #running-req: 96, #token: 141022, token usage: 0.20, cuda graph: True, gen throughput (token/s): 2410.56, #queue-req: 0, ",
        f"{t(V5, 180, 'PP0 TP0')} Decode batch, #running-req: 128, #token: 201877, token usage: 0.29, cuda graph: True, gen throughput (token/s): 611.03, #queue-req: 88, ",
        f"{t(V5, 240, 'PP0 TP0')} Decode batch, #running-req: 128, #token: 233410, token usage: 0.33, cuda graph: True, gen throughput (token/s): 402.18, #queue-req: 214, ",
        f'{t(V5, 241)} INFO:     10.0.3.7:51190 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f"{t(V5, 300, 'PP0 TP0')} Decode batch, #running-req: 128, #token: 240116, token usage: 0.34, cuda graph: True, gen throughput (token/s): 455.90, #queue-req: 197, ",
    ),
)

_n1 = [stage053(f"TP{r} PP1", 12, weights=58.1, tokens=205120, arch="Qwen3MoeForCausalLM") for r in range(4)]
case(
    "ok_second_node_never_says_ready",
    V3,
    "sglang 0.5.3 engine.py:833-845 (node_rank >= 1: no tokenizer, a dummy health check server), utils/common.py:2195-2202",
    "healthy",
    "node 1 of --nnodes 2 --pp-size 2 runs stage PP1: no 'ready to roll' line by design, only a dummy health server, and its stage serves batches",
    join(
        PP_WARN,
        sargs(
            V3, 2, "Qwen/Qwen3-235B-A22B", tp_size=4, pp_size=2, nnodes=2, node_rank=1, dist_init_addr="10.0.0.11:5000"
        ),
        phases(_n1, "dist", "load", "kv", "graph"),
        _n1[0]["max"],
        f"{t(V3, 95)} Starting dummy health check server at 0.0.0.0:30000",
        f"{t(V3, 120, 'TP0 PP1')} Prefill batch. #new-seq: 2, #new-token: 3072, #cached-token: 0, token usage: 0.01, #running-req: 0, #queue-req: 0, ",
        f"{t(V3, 125, 'TP0 PP1')} Decode batch. #running-req: 2, #token: 3200, token usage: 0.01, cuda graph: True, gen throughput (token/s): 74.02, #queue-req: 0, ",
    ),
)

_s = [stage0510(f"ATTN_CP{r} TP{r}", 10, weights=83.2, tokens=0, arch="DeepseekV32ForCausalLM") for r in range(8)]
case(
    "ok_nsa_context_parallel_experimental",
    V5,
    "sglang 0.5.10.post1 server_args.py:1541-1587 (NSA prefill context parallel warnings, round-robin split), scheduler.py:3535-3547 (ATTN_CP tag)",
    "healthy",
    "'still under experiment' context-parallel warnings and the page-size override are advice; the CP server loads, captures and serves",
    join(
        "Context parallel feature is still under experiment. It has only been verified on Hopper platform.",
        "Enable Context Parallel opt for deeeseekv3.2-DSA, Setting dp_size == 1 and moe_dense_tp_size == 1, ep_size == 1, tp_size == 8, kv_cache_dtype == fp8_e4m3, moe_a2a_backend none ",
        "Setting page size to 64 for DeepSeek DSA.",
        sargs(
            V5, 2, "deepseek-ai/DeepSeek-V3.2-Exp", tp_size=8, enable_nsa_prefill_context_parallel=True, attn_cp_size=8
        ),
        phases(_s[:2], "dist", "load"),
        f"{t(V5, 46, 'ATTN_CP0 TP0')} KV Cache is allocated. dtype: torch.float8_e4m3fn, #tokens: 1284096, KV size: 38.11 GB",
        f"{t(V5, 46, 'ATTN_CP0 TP0')} Memory pool end. avail mem=17.79 GB",
        f"{t(V5, 47, 'ATTN_CP0 TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=17.69 GB",
        f"{t(V5, 88, 'ATTN_CP0 TP0')} Capture cuda graph end. Time elapsed: 40.77 s. mem usage=2.14 GB. avail mem=15.55 GB.",
        f"{t(V5, 89, 'ATTN_CP0 TP0')} max_total_num_tokens=1284096, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=2048, context_len=163840, available_gpu_mem=15.55 GB",
        ready(V5, 100),
        f"{t(V5, 110, 'ATTN_CP0 TP0')} Prefill batch, #new-seq: 1, #new-token: 32768, #cached-token: 0, token usage: 0.03, #running-req: 0, #queue-req: 0, cuda graph: False, input throughput (token/s): 5120.33",
    ),
)


# The classifier's misses at first sight (strict: a fix must remove the entry), with the label it gave.
XFAIL: dict[str, str] = {
    # both first-sight misses fixed since (tests/test_logwatch_families.py): an exception raised in distributed set-up
    # whose own words refuse the parallel sizes, with no word of the network, is configuration
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_pp_template_gets_its_family(name: str) -> None:
    t_ = CASES[name]
    d = classify_text(t_.log)
    assert d.label == t_.label, f"{t_.version} {t_.source}: {d.label} by {d.rule}"


# Healthy templates that fire a failure event on the way (what a live supervisor acts on), with the event's label:
# the same check as tests/test_logwatch_review.py, kept strict here.
EVENT_XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight([n for n, t_ in CASES.items() if t_.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_pp_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t_.label == "healthy" for t_ in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35

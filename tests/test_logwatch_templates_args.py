"""SGLang's own argument and combination checks that end a launch before the weights load (0.5.5, 0.5.10.post1,
0.5.11, 0.5.23), each rendered in the launcher's own traceback as that release prints it: `prepare_server_args` ->
`ServerArgs.__post_init__` -> the handler that raises (0.5.x); `_launch_subprocesses` -> `check_server_args` (the
checks 0.5.x runs after parsing); `resolve_once` -> `run_resolution_pipeline` -> `run_hook` -> the arg_groups hook
(0.5.23); argparse's own error for a flag a release removed. Families of wording differ on purpose (`X is not supported
with Y`, `X requires Y`, `X must be ...`, `mutually exclusive`, `Please ...`, a bare assert with an f-string, argparse).
Messages are verbatim from sglang/srt/<file>:<line> of the named release, with format fields filled in.

First-sight score: 20/20 (one run, after every label was written; no misses).
"""

# ruff: noqa: E501, RUF005  (log lines are data; call paths are built by extending a shared prefix)

from __future__ import annotations

from typing import NamedTuple

import pytest

from safelaunch.core.logwatch import classify_text

from .logwatch_templates import PKG, RUNPY, first_sight, launcher_dies


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


# -- the launcher's call paths, per release (line numbers of that release)
def _post_init(launch_line: int, prep_line: int, cli_line: int, init_line: int) -> tuple:
    return RUNPY + (
        (f"{PKG}/sglang/launch_server.py", launch_line, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
        ("server_args.py", prep_line, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
        ("server_args.py", cli_line, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
        ("<string>", init_line, "__init__", ""),
    )


ARGS_055 = _post_init(24, 4022, 3637, 262)
ARGS_0510 = _post_init(59, 6539, 5975, 330)
ARGS_0511 = _post_init(66, 7299, 6685, 371)

# check_server_args runs in _launch_subprocesses, after the arguments line is logged
CHECK_055 = RUNPY + (
    (f"{PKG}/sglang/launch_server.py", 27, "<module>", "run_server(server_args)"),
    (f"{PKG}/sglang/launch_server.py", 20, "run_server", "launch_server(server_args)"),
    ("entrypoints/http_server.py", 1358, "launch_server", "_launch_subprocesses(server_args=server_args)"),
    ("entrypoints/engine.py", 776, "_launch_subprocesses", "server_args.check_server_args()"),
)
CHECK_0511 = RUNPY + (
    (f"{PKG}/sglang/launch_server.py", 69, "<module>", "run_server(server_args)"),
    (f"{PKG}/sglang/launch_server.py", 50, "run_server", "launch_server(server_args)"),
    ("entrypoints/http_server.py", 2344, "launch_server", ") = Engine._launch_subprocesses("),
    ("entrypoints/engine.py", 673, "_launch_subprocesses", "server_args.check_server_args()"),
)

# 0.5.23: prepare_server_args returns raw input; run_server resolves it through the arg_groups pipeline
HOOKS_0523 = RUNPY + (
    (f"{PKG}/sglang/launch_server.py", 84, "<module>", "run_server(server_args)"),
    (f"{PKG}/sglang/launch_server.py", 29, "run_server", "server_args.resolve_once()"),
    ("server_args.py", 277, "resolve_once", "run_resolution_pipeline(self)"),
)


def hook(pipeline_line: int, name: str, file: str, line: int, code: str) -> tuple:
    return HOOKS_0523 + (
        ("arg_groups/pipeline.py", pipeline_line, "run_resolution_pipeline", f"run_hook({name}, server_args)"),
        ("arg_groups/resolution_hooks.py", 139, "run_hook", "step(server_args)"),
        (f"arg_groups/{file}", line, name, code),
    )


# ------------------------------------------------------------------------------------------------ 0.5.5, __post_init__
case(
    "args-flex-attention-spec-assert-0.5.5",
    "0.5.5",
    "server_args.py:1193 (_handle_attention_backend_compatibility)",
    "config_error",
    "speculative decoding was asked for with the flex_attention backend, which refuses it: a bad flag combination",
    launcher_dies(
        ARGS_055
        + (
            ("server_args.py", 596, "__post_init__", "self._handle_attention_backend_compatibility()"),
            ("server_args.py", 1193, "_handle_attention_backend_compatibility", "assert ("),
        ),
        "AssertionError: Speculative decoding is currently not supported with Flex Attention backend",
    ),
)
case(
    "args-fa4-decode-please-use-prefill-0.5.5",
    "0.5.5",
    "server_args.py:1260 (_handle_attention_backend_compatibility)",
    "config_error",
    "--attention-backend fa4 is refused for decode; the message names the flag to use instead",
    launcher_dies(
        ARGS_055
        + (
            ("server_args.py", 596, "__post_init__", "self._handle_attention_backend_compatibility()"),
            ("server_args.py", 1260, "_handle_attention_backend_compatibility", "raise ValueError("),
        ),
        "ValueError: FA4 backend is only supported for prefill. Please use `--prefill-attention-backend fa4` instead.",
    ),
)
case(
    "args-hicache-and-disable-radix-mutually-exclusive-0.5.5",
    "0.5.5",
    "server_args.py:1749 (_handle_cache_compatibility)",
    "config_error",
    "two flags that cannot be used together (hierarchical cache needs the radix cache): a bad flag combination",
    launcher_dies(
        ARGS_055
        + (
            ("server_args.py", 632, "__post_init__", "self._handle_cache_compatibility()"),
            ("server_args.py", 1749, "_handle_cache_compatibility", "raise ValueError("),
        ),
        "ValueError: The arguments enable-hierarchical-cache and disable-radix-cache are mutually exclusive and cannot be used at the same time. Please use only one of them.",
    ),
)
case(
    "args-flashinfer-moe-requires-modelopt-fp4-0.5.5",
    "0.5.5",
    "server_args.py:1394 (_handle_moe_kernel_config)",
    "config_error",
    "the flashinfer_trtllm MoE runner was asked for with a quantization it does not take: a bad flag combination",
    launcher_dies(
        ARGS_055
        + (
            ("server_args.py", 608, "__post_init__", "self._handle_moe_kernel_config()"),
            ("server_args.py", 1394, "_handle_moe_kernel_config", "assert ("),
        ),
        "AssertionError: modelopt_fp4 quantization is required for Flashinfer MOE",
    ),
)

# -------------------------------------------------------------------------------- 0.5.5, check_server_args (launcher)
case(
    "args-pd-multiplexing-overlap-schedule-0.5.5",
    "0.5.5",
    "server_args.py:3737 (check_server_args)",
    "config_error",
    "--enable-pdmux without --disable-overlap-schedule: a bad flag combination caught after parsing",
    launcher_dies(
        CHECK_055 + (("server_args.py", 3737, "check_server_args", "assert ("),),
        "AssertionError: PD-Multiplexing is not compatible with overlap schedule.",
    ),
)
case(
    "args-multi-item-scoring-requires-disable-radix-0.5.5",
    "0.5.5",
    "server_args.py:3771 (check_server_args)",
    "config_error",
    "multi-item scoring asked for with the radix cache on; the message says which flag to set",
    launcher_dies(
        CHECK_055 + (("server_args.py", 3771, "check_server_args", "assert self.disable_radix_cache, ("),),
        "AssertionError: Multi-item scoring requires radix cache to be disabled. Please set --disable-radix-cache when using --multi-item-scoring-delimiter.",
    ),
)
case(
    "args-lora-no-paths-needs-rank-and-modules-0.5.5",
    "0.5.5",
    "server_args.py:3852 (check_lora_server_args)",
    "config_error",
    "--enable-lora with neither adapters nor --max-lora-rank/--lora-target-modules: missing arguments",
    launcher_dies(
        CHECK_055
        + (
            ("server_args.py", 3710, "check_server_args", "self.check_lora_server_args()"),
            ("server_args.py", 3852, "check_lora_server_args", "assert self.lora_paths or ("),
        ),
        "AssertionError: When no initial --lora-paths is provided, you need to specify both --max-lora-rank and --lora-target-modules for LoRA initialization.",
    ),
)

# ------------------------------------------------------------------------------------------- 0.5.10.post1, __post_init__
case(
    "args-ssl-keyfile-requires-certfile-0.5.10",
    "0.5.10.post1",
    "server_args.py:885 (_handle_ssl_validation)",
    "config_error",
    "an SSL key without its certificate: a missing argument",
    launcher_dies(
        ARGS_0510
        + (
            ("server_args.py", 755, "__post_init__", "self._handle_ssl_validation()"),
            ("server_args.py", 884, "_handle_ssl_validation", "raise ValueError("),
        ),
        "ValueError: --ssl-keyfile requires --ssl-certfile to be specified as well.",
    ),
)
case(
    "args-cannot-enable-both-tokenizer-batching-0.5.10",
    "0.5.10.post1",
    "server_args.py:3366 (_handle_tokenizer_batching)",
    "config_error",
    "two tokenizer batching flags that exclude each other: a bad flag combination",
    launcher_dies(
        ARGS_0510
        + (
            ("server_args.py", 832, "__post_init__", "self._handle_tokenizer_batching()"),
            ("server_args.py", 3365, "_handle_tokenizer_batching", "raise ValueError("),
        ),
        "ValueError: Cannot enable both --enable-tokenizer-batch-encode and --enable-dynamic-batch-tokenizer. Please choose one tokenizer batching approach.",
    ),
)

# -------------------------------------------------------------------------------------------------- 0.5.11, __post_init__
case(
    "args-ssl-refresh-not-supported-with-http2-0.5.11",
    "0.5.11",
    "server_args.py:991 (_handle_ssl_validation)",
    "config_error",
    "--enable-ssl-refresh with --enable-http2, which Granian cannot do: a bad flag combination",
    launcher_dies(
        ARGS_0511
        + (
            ("server_args.py", 795, "__post_init__", "self._handle_ssl_validation()"),
            ("server_args.py", 991, "_handle_ssl_validation", "raise ValueError("),
        ),
        "ValueError: --enable-ssl-refresh is not supported with --enable-http2. Granian does not support SSL certificate hot-reloading. Use Uvicorn (the default) or handle certificate rotation externally.",
    ),
)
case(
    "args-gpt-oss-requires-attention-backend-multiline-0.5.11",
    "0.5.11",
    "server_args.py:1911 (_handle_model_specific_adjustments)",
    "config_error",
    "the model (GptOssForCausalLM) refuses the attention backend given: a model/flag combination checked at start-up",
    launcher_dies(
        ARGS_0511
        + (
            ("server_args.py", 845, "__post_init__", "self._handle_model_specific_adjustments()"),
            ("server_args.py", 1911, "_handle_model_specific_adjustments", "assert ("),
        ),
        "AssertionError: GptOssForCausalLM requires one of ['triton', 'trtllm_mha', 'fa3', 'fa4', 'ascend', 'intel_xpu', 'aiter'] attention backend, but got the following backends\n"
        "- Prefill: flashinfer\n"
        "- Decode: flashinfer\n",
    ),
)
case(
    "args-nemotron-h-does-not-support-triton-0.5.11",
    "0.5.11",
    "server_args.py:2180 (_handle_model_specific_adjustments)",
    "config_error",
    "the hybrid model refuses --attention-backend triton: a model/flag combination",
    launcher_dies(
        ARGS_0511
        + (
            ("server_args.py", 845, "__post_init__", "self._handle_model_specific_adjustments()"),
            (
                "server_args.py",
                2180,
                "_handle_model_specific_adjustments",
                'assert self.attention_backend != "triton", (',
            ),
        ),
        "AssertionError: NemotronHForCausalLM does not support triton attention backend,as the first layer might not be an attention layer",
    ),
)
case(
    "args-mamba-extra-buffer-not-compatible-disable-radix-0.5.11",
    "0.5.11",
    "server_args.py:2397 (_handle_mamba_radix_cache)",
    "config_error",
    "--mamba-scheduler-strategy extra_buffer with --disable-radix-cache; the message names the strategy to use",
    launcher_dies(
        ARGS_0511
        + (
            ("server_args.py", 845, "__post_init__", "self._handle_model_specific_adjustments()"),
            ("server_args.py", 1661, "_handle_model_specific_adjustments", "self._handle_mamba_radix_cache("),
            ("server_args.py", 2397, "_handle_mamba_radix_cache", "raise ValueError("),
        ),
        "ValueError: mamba extra_buffer is not compatible with --disable-radix-cache Overlap scheduling is already supported with no_buffer + disable_radix_cache. Please use --mamba-scheduler-strategy no_buffer instead.",
    ),
)

# ------------------------------------------------------------------------------- 0.5.11, check_server_args (launcher)
case(
    "args-pp-not-compatible-with-overlap-schedule-0.5.11",
    "0.5.11",
    "server_args.py:6787 (check_server_args)",
    "config_error",
    "--pp-size 2 without --disable-overlap-schedule: a bad flag combination",
    launcher_dies(
        CHECK_0511 + (("server_args.py", 6787, "check_server_args", "assert ("),),
        "AssertionError: Pipeline parallelism is not compatible with overlap schedule, speculative decoding",
    ),
)
case(
    "args-hisparse-only-dsa-models-0.5.11",
    "0.5.11",
    "server_args.py:6888 (check_server_args)",
    "config_error",
    "--enable-hisparse on a model that is not DeepSeek Sparse Attention: a feature the model does not support",
    launcher_dies(
        CHECK_0511 + (("server_args.py", 6888, "check_server_args", "assert is_deepseek_nsa(hf_config), ("),),
        "AssertionError: --enable-hisparse is only supported for DSA (DeepSeek Sparse Attention) models now(e.g., DeepSeek V3.2, GLM-5). ",
    ),
)
case(
    "args-lora-only-compatible-with-ngram-0.5.11",
    "0.5.11",
    "server_args.py:7004 (check_lora_server_args)",
    "config_error",
    "LoRA with EAGLE speculative decoding, which this release refuses: a bad flag combination",
    launcher_dies(
        CHECK_0511
        + (
            ("server_args.py", 6812, "check_server_args", "self.check_lora_server_args()"),
            ("server_args.py", 7004, "check_lora_server_args", "raise ValueError("),
        ),
        "ValueError: Currently LoRA is only compatible with NGRAM speculative decoding.",
    ),
)

# ----------------------------------------------------------------------------------------------- 0.5.23, arg_groups hooks
case(
    "args-hicache-host-memory-fraction-range-0.5.23",
    "0.5.23",
    "arg_groups/hicache_hook.py:117 (handle_hicache_ratio_default)",
    "config_error",
    "a value out of range for --hicache-host-memory-fraction: a bad argument",
    launcher_dies(
        hook(
            77,
            "handle_hicache_ratio_default",
            "hicache_hook.py",
            117,
            'raise ValueError("--hicache-host-memory-fraction must be in (0, 1].")',
        ),
        "ValueError: --hicache-host-memory-fraction must be in (0, 1].",
    ),
)
case(
    "args-unified-linker-and-hicache-exclusive-0.5.23",
    "0.5.23",
    "arg_groups/hicache_hook.py:51 (handle_hicache)",
    "config_error",
    "two cache flags that exclude each other: a bad flag combination",
    launcher_dies(
        hook(272, "handle_hicache", "hicache_hook.py", 51, "raise ValueError("),
        "ValueError: --enable-unified-cache-external-linker and --enable-hierarchical-cache are mutually exclusive.",
    ),
)
case(
    "args-dcp-does-not-support-prefill-cp-0.5.23",
    "0.5.23",
    "arg_groups/parallel_hook.py:250 (handle_decode_context_parallelism)",
    "config_error",
    "decode context parallelism with prefill CP: a parallelism flag combination the release refuses",
    launcher_dies(
        hook(
            171,
            "handle_decode_context_parallelism",
            "parallel_hook.py",
            250,
            'raise ValueError("--dcp-size > 1 does not support --enable-prefill-cp.")',
        ),
        "ValueError: --dcp-size > 1 does not support --enable-prefill-cp.",
    ),
)
case(
    "args-pd-decode-host-kv-requires-host-pool-0.5.23",
    "0.5.23",
    "arg_groups/pd_disaggregation_hook.py:75 (handle_pd_disaggregation)",
    "config_error",
    "disaggregation decode host receive with the cpu_tensor retraction backup: a PD flag combination",
    launcher_dies(
        hook(
            147,
            "handle_pd_disaggregation",
            "pd_disaggregation_hook.py",
            75,
            'raise ValueError("Decode host KV buffering requires host_pool retraction")',
        ),
        "ValueError: Decode host KV buffering requires host_pool retraction",
    ),
)

# ------------------------------------------------------------------------ argparse: a flag the release no longer has
case(
    "args-argparse-removed-flag-enable-nan-detection-0.5.23",
    "0.5.23 / CPython 3.12 argparse",
    "server_args.py:679 (ArgumentParser(prog='sglang serve')); 0.5.11 server_args.py had --enable-nan-detection, 0.5.23 has none; argparse.py ('unrecognized arguments: %s')",
    "config_error",
    "a flag removed in this release is rejected by argparse before anything starts: a bad argument",
    "$ python -m sglang.launch_server --model-path Qwen/Qwen3-32B --tp 4 --enable-nan-detection\n"
    "usage: sglang serve [-h] --model-path MODEL_PATH [--tokenizer-path TOKENIZER_PATH]\n"
    "                    [--tokenizer-mode {auto,slow}] [--tokenizer-worker-num TOKENIZER_WORKER_NUM]\n"
    "                    [--skip-tokenizer-init] [--load-format LOAD_FORMAT]\n"
    "sglang serve: error: unrecognized arguments: --enable-nan-detection",
)


# The classifier's misses at first sight (one run, after every label above was written): strict, so a fix must
# remove the entry.
FIRST_SIGHT = "20/20"  # no log or label changed after the run
XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_an_argument_check_in_the_launchers_traceback_is_a_config_error(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


def test_every_case_says_why() -> None:
    assert all(t.why and t.source for t in CASES.values())

"""The same deployment after an SGLang upgrade or downgrade (0.4.3.post2 .. 0.5.6), as it shows in the log (a helper,
blind).

Scope: flags removed between releases (argparse's `unrecognized arguments` after the usage block, 0.4.3 -> 0.4.6's
`--disable-mla`, 0.5.3 -> 0.5.6's `--enable-deepep-moe` / `--enable-flashinfer-cutlass-moe`, sglang#4116's
`--enable-reasoning`), flags kept only to refuse (`DeprecatedAction` raising `ValueError(help)` inside argparse: 0.4.6's
`--enable-flashinfer-mla` / `--enable-flashmla`, 0.5.3's `--enable-ep-moe`), a downgrade meeting a newer flag, choice or
architecture (`--moe-a2a-backend` on 0.4.6, `--attention-backend fa3` on 0.4.3, Qwen3-Next on 0.4.6), defaults that
changed under a kept config (0.5.x's per-GPU `cuda_graph_max_bs` / `chunked_prefill_size`, the memory fraction's
computed default: OOM at capture, at the KV pool, or at the first long prefill after ready), partial upgrades (0.5.3's
`assert_pkg_version` for sgl-kernel and flashinfer_python, an sgl-kernel that lacks a name the new sglang imports),
stale compiled caches (flashinfer's JIT `.so` under ~/.cache/flashinfer built against the previous torch), and the
same events with no SGLang prefix (docker compose, journald). Five healthy contrasts that warn and serve: 0.5.0rc2's
yellow `--enable-ep-moe is deprecated`, 0.5.3's `MOVE_ENVS_WARN` box, 0.5.6's `Environment variable SGL_... is
deprecated` UserWarning, 0.5.6's `tool_call_parser 'qwen25' is deprecated`, 0.5.6's `SGLANG_CUTLASS_MOE is deprecated`.

Sources: the release wheels (`pip download --no-deps sglang==V`, file:line under sglang/ given per case:
server_args.py, environ.py, launch_server.py, entrypoints/engine.py, model_executor/model_runner.py,
model_executor/cuda_graph_runner.py, models/registry.py, utils/common.py), CPython 3.10/3.12 argparse for the usage /
error shape, and the public threads cited (sglang#4116, sglang#12818, flashinfer#972). Format fields are filled with
plausible values; library frames (argparse, torch) line numbers are approximate.

Labelling policy (decided before the classifier ran; README labels, remedy decides): a flag the new release does not
accept, in either of its shapes (argparse error, DeprecatedAction's ValueError), a newer flag / choice / model on an
older release, and a version check that refuses to start are `config_error` (fix the command line or the install). A
Python-level partial upgrade (`cannot import name` from sgl_kernel) is `config_error`; a compiled artefact that no
longer matches what it runs against (`undefined symbol` in a cached JIT .so) is `cuda_error_other` (the README's
"version mismatch"). A default that changed and now runs out of memory is labelled by where it ran out: capture ->
`oom_cuda_graph`, KV pool / "Not enough memory" -> `oom_kv_cache`, after ready -> `oom_runtime`. Deprecation warnings
that let the server reach ready are `healthy`.

First sight: 27/27 (no misses; the five healthy contrasts fire no failure event line by line, so XFAIL and EVENT_XFAIL
are empty).
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
PY310 = "/usr/local/lib/python3.10/dist-packages"  # lmsysorg/sglang:v0.4.x images
PY312 = "/usr/local/lib/python3.12/dist-packages"  # v0.5.x images
YELLOW, RESET = "\x1b[33m", "\x1b[0m"  # print_deprecated_warning's colour


def tb(site: str, *stack: tuple[str, int, str, str]) -> str:
    """Python's frames: a path under `{site}/sglang/` unless absolute / `<frozen ...>`, or `+pkg/...` in the site."""
    out = []
    for path, line, func, code in stack:
        if path.startswith(("/", "<")):
            full = path
        elif path.startswith("+"):
            full = f"{site}/{path[1:]}"
        else:
            full = f"{site}/sglang/{path}"
        out.append(f'  File "{full}", line {line}, in {func}' + (f"\n    {code}" if code else ""))
    return "\n".join(out)


def runpy(py: str) -> tuple:
    if py == "3.10":
        return (
            ("/usr/lib/python3.10/runpy.py", 196, "_run_module_as_main", "return _run_code(code, main_globals, None,"),
            ("/usr/lib/python3.10/runpy.py", 86, "_run_code", "exec(code, run_globals)"),
        )
    return (("<frozen runpy>", 198, "_run_module_as_main", ""), ("<frozen runpy>", 88, "_run_code", ""))


def argparse_frames(py: str) -> tuple:
    lib = f"/usr/lib/python{py}/argparse.py"
    return (
        (lib, 1845, "parse_args", "args, argv = self.parse_known_args(args, namespace)"),
        (lib, 1878, "parse_known_args", "namespace, args = self._parse_known_args(args, namespace)"),
        (lib, 2090, "_parse_known_args", "start_index = consume_optional(start_index)"),
        (lib, 2030, "consume_optional", "take_action(action, args, option_string)"),
        (lib, 1958, "take_action", "action(self, namespace, argument_values, option_string)"),
    )


def usage(choices_backend: str = "flashinfer,triton,torch_native") -> str:
    """argparse's usage block (cut: the real one runs to ~40 lines), as sglang#4116 pastes it."""
    return (
        "usage: launch_server.py [-h] --model-path MODEL_PATH [--tokenizer-path TOKENIZER_PATH] [--host HOST] [--port PORT] [--tokenizer-mode {auto,slow}] [--skip-tokenizer-init]\n"
        "                        [--load-format {auto,pt,safetensors,npcache,dummy,sharded_state,gguf,bitsandbytes,layered,remote}] [--trust-remote-code]\n"
        "                        [--dtype {auto,half,float16,bfloat16,float,float32}] [--kv-cache-dtype {auto,fp8_e5m2,fp8_e4m3}]\n"
        f"                        [--attention-backend {{{choices_backend}}}] [--sampling-backend {{flashinfer,pytorch}}] [--grammar-backend {{xgrammar,outlines,llguidance,none}}]\n"
        "                        [--mem-fraction-static MEM_FRACTION_STATIC] [--max-running-requests MAX_RUNNING_REQUESTS] [--chunked-prefill-size CHUNKED_PREFILL_SIZE]\n"
        "                        [--tensor-parallel-size TENSOR_PARALLEL_SIZE] [--data-parallel-size DATA_PARALLEL_SIZE] [--enable-dp-attention] [--enable-torch-compile]"
    )


def vllm_platform(line: int = 190) -> str:
    return f"INFO 03-02 10:00:00 __init__.py:{line}] Automatically detected platform cuda."


def sargs(second: int, model: str, **kw: object) -> str:
    fields = {"model_path": model, "tokenizer_path": model, "tokenizer_mode": "auto", **kw}
    body = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    return f"{ts(second)} server_args=ServerArgs({body}, log_level='info', ...)"


def sigquit(second: int) -> str:
    return f"{ts(second)} Received sigquit from a child process. It usually means the child failed."


def ready(second: int, port: int = 30000, pid: int = 4242) -> list[str]:
    return [
        f"{ts(second)} INFO:     Started server process [{pid}]",
        f"{ts(second)} INFO:     Waiting for application startup.",
        f"{ts(second)} INFO:     Application startup complete.",
        f"{ts(second)} INFO:     Uvicorn running on http://0.0.0.0:{port} (Press CTRL+C to quit)",
        f'{ts(second + 1)} INFO:     127.0.0.1:46704 - "GET /get_model_info HTTP/1.1" 200 OK',
        f"{ts(second + 1)} The server is fired up and ready to roll!",
    ]


def boot(
    model: str, arch: str, *, until: str, weights_gb: float = 15.3, avail: float = 78.6, tp: str = "TP0"
) -> list[str]:
    """0.4.6 .. 0.5.x start-up lines (model_runner.py's own wording), as far as `until`."""
    after = avail - weights_gb
    steps = [
        ("dist", f"{ts(6, tp)} Init torch distributed begin."),
        ("dist", f"{ts(8, tp)} Init torch distributed ends. mem usage=0.61 GB"),
        ("load", f"{ts(9, tp)} Load weight begin. avail mem={avail:.2f} GB"),
        ("load", f"{ts(10, tp)} Using model weights format ['*.safetensors']"),
        (
            "kv",
            f"{ts(38, tp)} Load weight end. type={arch}, dtype=torch.bfloat16, avail mem={after:.2f} GB, mem usage={weights_gb:.2f} GB.",
        ),
        ("graph", f"{ts(39, tp)} KV Cache is allocated. #tokens: 402113, K size: 24.55 GB, V size: 24.55 GB"),
        ("graph", f"{ts(39, tp)} Memory pool end. avail mem={after - 49.1:.2f} GB"),
        (
            "graph",
            f"{ts(40, tp)} Capture cuda graph begin. This can take up to several minutes. avail mem={after - 49.3:.2f} GB",
        ),
        (
            "ready",
            f"{ts(66, tp)} Capture cuda graph end. Time elapsed: 26.10 s. mem usage=1.12 GB. avail mem={after - 50.4:.2f} GB.",
        ),
        (
            "ready",
            f"{ts(67, tp)} max_total_num_tokens=402113, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=2048, context_len=40960",
        ),
    ]
    order = ["dist", "load", "kv", "graph", "ready"]
    return [line for phase, line in steps if order.index(phase) <= order.index(until)]


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


def serving(second: int) -> list[str]:
    return [
        f'{ts(second)} INFO:     10.0.3.17:51522 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f"{ts(second, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 612, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0",
        f"{ts(second + 1, 'TP0')} Decode batch. #running-req: 1, #token: 645, token usage: 0.00, cuda graph: True, gen throughput (token/s): 88.41, #queue-req: 0",
    ]


SCHED_053 = (("srt/managers/scheduler.py", 2873, "run_scheduler_process", "scheduler = Scheduler("),)
INIT_053 = SCHED_053 + (
    ("srt/managers/scheduler.py", 335, "__init__", "self.tp_worker = TpWorkerClass("),
    ("srt/managers/tp_worker_overlap_thread.py", 67, "__init__", "self.worker = TpModelWorker("),
    ("srt/managers/tp_worker.py", 84, "__init__", "self.model_runner = ModelRunner("),
    ("srt/model_executor/model_runner.py", 316, "__init__", "self.initialize(min_per_gpu_memory)"),
)
LAUNCH_053 = (
    ("launch_server.py", 28, "<module>", "launch_server(server_args)"),
    (
        "srt/entrypoints/http_server.py",
        1250,
        "launch_server",
        "tokenizer_manager, template_manager, scheduler_info = _launch_subprocesses(",
    ),
    ("srt/entrypoints/engine.py", 763, "_launch_subprocesses", "_set_envs_and_config(server_args)"),
)


# ------------------------------------------------------------------------------------------- removed / refused flags
case(
    "enable_reasoning_gone_043",
    "0.4.3.post2",
    "https://github.com/sgl-project/sglang/issues/4116",
    "config_error",
    "a flag from a newer README on an older install (or removed): argparse refuses it before anything starts; fix the command line",
    join(
        vllm_platform(),
        usage(),
        "launch_server.py: error: unrecognized arguments: --enable-reasoning --reasoning-parser deepseek-r1",
    ),
)
case(
    "disable_mla_removed_046",
    "0.4.6.post5",
    "sglang-0.4.3.post2 server_args.py (has --disable-mla); 0.4.6.post5 server_args.py (does not); CPython argparse error()",
    "config_error",
    "the 0.4.3 command line kept across an upgrade to 0.4.6: --disable-mla no longer exists",
    join(
        usage("flashinfer,triton,torch_native,fa3,flashmla,cutlass_mla"),
        "launch_server.py: error: unrecognized arguments: --disable-mla",
    ),
)
case(
    "enable_flashinfer_mla_refused_046",
    "0.4.6.post5",
    "sglang-0.4.6.post5 server_args.py:985-988 (DeprecatedAction help), :1575 (raise ValueError(self.help)), :1482, launch_server.py:11",
    "config_error",
    "DeprecatedAction raises inside argparse: the old flag now stops the launch; swap it for --attention-backend flashinfer",
    join(
        TB,
        tb(
            PY310,
            *runpy("3.10"),
            ("launch_server.py", 11, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
            ("srt/server_args.py", 1482, "prepare_server_args", "raw_args = parser.parse_args(argv)"),
            *argparse_frames("3.10"),
            ("srt/server_args.py", 1575, "__call__", "raise ValueError(self.help)"),
        ),
        "ValueError: --enable-flashinfer-mla is deprecated. Please use '--attention-backend flashinfer' instead.",
    ),
)
case(
    "enable_flashmla_refused_046_compose",
    "0.4.6.post5",
    "sglang-0.4.6.post5 server_args.py:990-993, :1575; docker compose's `service-N  | ` prefix",
    "config_error",
    "same refusal wrapped by docker compose (no SGLang prefix): label of the same event",
    "\n".join(
        f"sglang-1  | {line}"
        for line in join(
            TB,
            tb(
                PY310,
                *runpy("3.10"),
                ("launch_server.py", 11, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
                ("srt/server_args.py", 1482, "prepare_server_args", "raw_args = parser.parse_args(argv)"),
                *argparse_frames("3.10"),
                ("srt/server_args.py", 1575, "__call__", "raise ValueError(self.help)"),
            ),
            "ValueError: --enable-flashmla is deprecated. Please use '--attention-backend flashmla' instead.",
        ).split("\n")
    )
    + "\nsglang-1 exited with code 1",
)
case(
    "enable_ep_moe_refused_053",
    "0.5.3",
    "sglang-0.5.3 server_args.py:2833-2836 (DeprecatedAction, help), :3294, :3177; launch_server.py:21",
    "config_error",
    "0.5.0 warned about --enable-ep-moe and went on; 0.5.3 raises on it at parse time: fix the flag (--ep-size)",
    join(
        TB,
        tb(
            PY312,
            *runpy("3.12"),
            ("launch_server.py", 21, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
            ("srt/server_args.py", 3177, "prepare_server_args", "raw_args = parser.parse_args(argv)"),
            (
                "/usr/lib/python3.12/argparse.py",
                1904,
                "parse_args",
                "args, argv = self.parse_known_args(args, namespace)",
            ),
            (
                "/usr/lib/python3.12/argparse.py",
                1914,
                "parse_known_args",
                "return self._parse_known_args2(args, namespace, intermixed=False)",
            ),
            (
                "/usr/lib/python3.12/argparse.py",
                1943,
                "_parse_known_args2",
                "namespace, args = self._parse_known_args(args, namespace, intermixed)",
            ),
            (
                "/usr/lib/python3.12/argparse.py",
                2187,
                "_parse_known_args",
                "start_index = consume_optional(start_index)",
            ),
            ("/usr/lib/python3.12/argparse.py", 2115, "consume_optional", "take_action(action, args, option_string)"),
            (
                "/usr/lib/python3.12/argparse.py",
                2028,
                "take_action",
                "action(self, namespace, argument_values, option_string)",
            ),
            ("srt/server_args.py", 3294, "__call__", "raise ValueError(self.help)"),
        ),
        "ValueError: NOTE: --enable-ep-moe is deprecated. Please set `--ep-size` to the same value as `--tp-size` instead.",
    ),
)
case(
    "enable_deepep_moe_removed_056",
    "0.5.6",
    "sglang-0.5.3 server_args.py:2838 (flag present) vs 0.5.6 server_args.py (absent); CPython argparse error()",
    "config_error",
    "the flag is gone entirely in 0.5.6: argparse refuses it; use --moe-a2a-backend deepep",
    join(
        usage(
            "triton,torch_native,flex_attention,cutlass_mla,fa3,fa4,flashinfer,flashmla,trtllm_mla,trtllm_mha,dual_chunk_flash_attn,aiter,wave,intel_amx,ascend"
        ),
        "launch_server.py: error: unrecognized arguments: --enable-deepep-moe",
    ),
)
case(
    "cutlass_moe_flag_removed_056_journald",
    "0.5.6",
    "sglang-0.5.3 server_args.py:2843-2846 vs 0.5.6 (absent); journald's prefix",
    "config_error",
    "a systemd unit's ExecStart kept from 0.5.3; argparse refuses it under journald (no SGLang prefix)",
    "\n".join(
        f"Mar 02 10:00:{i:02d} gpu-node-07 python3[118422]: {line}"
        for i, line in enumerate(
            usage("triton,torch_native,fa3,flashinfer,flashmla,trtllm_mla,trtllm_mha").split("\n")
            + [
                "launch_server.py: error: unrecognized arguments: --enable-flashinfer-cutlass-moe --enable-triton-kernel-moe"
            ]
        )
    )
    + "\nMar 02 10:00:07 gpu-node-07 systemd[1]: sglang.service: Main process exited, code=exited, status=2/INVALIDARGUMENT"
    + "\nMar 02 10:00:07 gpu-node-07 systemd[1]: sglang.service: Failed with result 'exit-code'.",
)
case(
    "nsa_prefill_flag_renamed_056",
    "0.5.6",
    "sglang-0.5.3 server_args.py (--nsa-prefill / --nsa-decode) vs 0.5.6 (absent, renamed); CPython argparse error()",
    "config_error",
    "DeepSeek-V3.2 command line from 0.5.3 after the NSA flags were renamed: argparse refuses",
    join(
        usage("triton,torch_native,fa3,flashinfer,flashmla,trtllm_mla,nsa"),
        "launch_server.py: error: unrecognized arguments: --nsa-prefill flashmla_sparse --nsa-decode fa3",
    ),
)
case(
    "reasoning_parser_underscore_055",
    "0.5.5",
    "https://github.com/sgl-project/sglang/issues/12818",
    "config_error",
    "a spelling an older wrapper accepted, refused by argparse after the upgrade; fix the command line",
    join(usage(), "launch_server.py: error: unrecognized arguments: --reasoning_parser kimi_k2"),
)

# ------------------------------------------------------------------------------------------------ downgrades
case(
    "moe_a2a_backend_on_046_downgrade",
    "0.4.6.post5",
    "sglang-0.5.0rc2 server_args.py (--moe-a2a-backend added); 0.4.6.post5 server_args.py (absent); CPython argparse",
    "config_error",
    "rolled back to 0.4.6 with the 0.5 command line: the newer flag is unknown",
    join(
        vllm_platform(256),
        usage("flashinfer,triton,torch_native,fa3,flashmla,cutlass_mla"),
        "launch_server.py: error: unrecognized arguments: --moe-a2a-backend deepep --ep-size 8",
    ),
)
case(
    "fa3_choice_on_043_downgrade",
    "0.4.3.post2",
    "sglang-0.4.3.post2 server_args.py:681-686 (choices flashinfer, triton, torch_native); CPython argparse",
    "config_error",
    "a backend choice added after 0.4.3: argparse's invalid choice on the older release",
    join(
        vllm_platform(),
        usage(),
        "launch_server.py: error: argument --attention-backend: invalid choice: 'fa3' (choose from 'flashinfer', 'triton', 'torch_native')",
    ),
)
case(
    "qwen3_next_on_046_downgrade",
    "0.4.6.post5",
    "sglang-0.4.6.post5 models/registry.py:32-35; scheduler.py:2328",
    "config_error",
    "a model served on 0.5.x after a downgrade: the old registry lacks the architecture",
    join(
        sargs(0, "Qwen/Qwen3-Next-80B-A3B-Instruct", tp_size=4, mem_fraction_static=0.85),
        boot("Qwen/Qwen3-Next-80B-A3B-Instruct", "-", until="load")[:3],
        f"{ts(11, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY310,
            (
                "srt/managers/scheduler.py",
                2303,
                "run_scheduler_process",
                "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
            ),
            ("srt/managers/scheduler.py", 260, "__init__", "self.tp_worker = TpWorkerClass("),
            ("srt/managers/tp_worker_overlap_thread.py", 63, "__init__", "self.worker = TpModelWorker("),
            ("srt/managers/tp_worker.py", 75, "__init__", "self.model_runner = ModelRunner("),
            ("srt/model_executor/model_runner.py", 185, "__init__", "self.initialize(min_per_gpu_memory)"),
            ("srt/model_executor/model_runner.py", 225, "initialize", "self.load_model()"),
            ("srt/model_executor/model_runner.py", 546, "load_model", "self.model = get_model("),
            ("srt/model_loader/__init__.py", 22, "get_model", "return loader.load_model("),
            ("srt/model_loader/loader.py", 370, "load_model", "model = _initialize_model("),
            (
                "srt/model_loader/loader.py",
                148,
                "_initialize_model",
                "model_class, _ = get_model_architecture(model_config)",
            ),
            (
                "srt/model_loader/utils.py",
                37,
                "get_model_architecture",
                "return ModelRegistry.resolve_model_cls(architectures)",
            ),
            ("srt/models/registry.py", 65, "resolve_model_cls", "return self._raise_for_unsupported(architectures)"),
            ("srt/models/registry.py", 32, "_raise_for_unsupported", "raise ValueError("),
        ),
        "ValueError: Model architectures ['Qwen3NextForCausalLM'] are not supported for now. Supported architectures: dict_keys(['BaichuanForCausalLM', 'ChatGLMModel', 'CohereForCausalLM', 'DbrxForCausalLM', 'DeepseekForCausalLM', 'DeepseekV2ForCausalLM', 'DeepseekV3ForCausalLM', 'Qwen2ForCausalLM', 'Qwen2MoeForCausalLM', 'Qwen3ForCausalLM', 'Qwen3MoeForCausalLM', ...])",
        "",
        sigquit(12),
    ),
)

# ------------------------------------------------------------------------------- partial upgrades, stale caches
case(
    "sgl_kernel_too_old_053",
    "0.5.3",
    "sglang-0.5.3 entrypoints/engine.py:711-716, utils/common.py:927-930, launch_server.py:28",
    "config_error",
    "pip install -U sglang kept the old sgl-kernel: the version check refuses to start; reinstall sgl-kernel",
    join(
        sargs(0, "meta-llama/Llama-3.1-8B-Instruct", tp_size=1, mem_fraction_static=0.85),
        f"{ts(0)} {YELLOW}\n########################################################################\n# For contributors and developers:                                    #\n# Please move environment variable definitions to sglang.srt.environ  #\n# using the following pattern:                                        #\n#     SGLANG_XXX = EnvBool(False)                                     #\n#                                                                     #\n########################################################################\n{RESET}",
        TB,
        tb(
            PY312,
            *runpy("3.12"),
            *LAUNCH_053,
            ("srt/entrypoints/engine.py", 712, "_set_envs_and_config", "assert_pkg_version("),
            ("srt/utils/common.py", 927, "assert_pkg_version", "raise Exception("),
        ),
        "Exception: sgl-kernel is installed with version 0.3.9.post2, which is less than the minimum required version 0.3.14. Please reinstall the latest version with `pip install sgl-kernel --force-reinstall`",
    ),
)
case(
    "flashinfer_too_old_053",
    "0.5.3",
    "sglang-0.5.3 entrypoints/engine.py:703-709, utils/common.py:927-930",
    "config_error",
    "flashinfer_python left at 0.2.x after the sglang upgrade: the version check stops the launch",
    join(
        sargs(0, "Qwen/Qwen3-8B", tp_size=1, attention_backend="flashinfer"),
        TB,
        tb(
            PY312,
            *runpy("3.12"),
            *LAUNCH_053,
            ("srt/entrypoints/engine.py", 704, "_set_envs_and_config", "assert_pkg_version("),
            ("srt/utils/common.py", 927, "assert_pkg_version", "raise Exception("),
        ),
        "Exception: flashinfer_python is installed with version 0.2.14.post1, which is less than the minimum required version 0.4.0rc3. Please uninstall the old version and reinstall the latest version by following the instructions at https://docs.flashinfer.ai/installation.html.",
    ),
)
case(
    "sgl_kernel_missing_name_053",
    "0.5.3",
    "sglang-0.5.3 layers/quantization/fp8_kernel.py (imports sgl_per_token_group_quant_8bit from sgl_kernel); SGLANG_SKIP_SGL_KERNEL_VERSION_CHECK=1 set to get past engine.py:711",
    "config_error",
    "the version check skipped by env, the old sgl-kernel lacks a name the new sglang imports: a Python-level mismatch",
    join(
        sargs(0, "deepseek-ai/DeepSeek-V3", tp_size=8, trust_remote_code=True),
        TB,
        tb(
            PY312,
            *runpy("3.12"),
            ("launch_server.py", 7, "<module>", "from sglang.srt.entrypoints.http_server import launch_server"),
            (
                "srt/entrypoints/http_server.py",
                49,
                "<module>",
                "from sglang.srt.entrypoints.engine import _launch_subprocesses",
            ),
            ("srt/entrypoints/engine.py", 43, "<module>", "from sglang.srt.managers.data_parallel_controller import ("),
            (
                "srt/managers/data_parallel_controller.py",
                33,
                "<module>",
                "from sglang.srt.managers.scheduler import run_scheduler_process",
            ),
            (
                "srt/managers/scheduler.py",
                62,
                "<module>",
                "from sglang.srt.layers.dp_attention import compute_dp_attention_world_info",
            ),
            (
                "srt/layers/dp_attention.py",
                17,
                "<module>",
                "from sglang.srt.layers.quantization.fp8_kernel import per_token_group_quant_fp8",
            ),
            ("srt/layers/quantization/fp8_kernel.py", 50, "<module>", "from sgl_kernel import ("),
        ),
        f"ImportError: cannot import name 'sgl_per_token_group_quant_8bit' from 'sgl_kernel' ({PY312}/sgl_kernel/__init__.py)",
    ),
)
case(
    "flashinfer_stale_jit_cache_torch_upgrade",
    "0.4.6.post5",
    "https://github.com/flashinfer-ai/flashinfer/issues/972 (JIT cache under ~/.cache/flashinfer, remove it); torch cpp_extension's loader; scheduler.py:2328",
    "cuda_error_other",
    "a cached JIT .so built against the previous torch, loaded after the upgrade: a compiled-artefact version mismatch (remedy: clear the cache)",
    join(
        sargs(0, "meta-llama/Llama-3.1-8B-Instruct", tp_size=1),
        boot("meta-llama/Llama-3.1-8B-Instruct", "LlamaForCausalLM", until="graph", weights_gb=14.99)[:-1],
        f"{ts(40, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=14.31 GB",
        "2026-03-02 10:00:40,812 - INFO - flashinfer.jit: Loading JIT ops: batch_decode_with_kv_cache_dtype_q_bf16_dtype_kv_bf16_dtype_o_bf16_dtype_idx_i32_head_dim_qk_128_head_dim_vo_128_posenc_0_use_swa_False_use_logits_cap_False",
        f"{ts(41, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY310,
            (
                "srt/managers/scheduler.py",
                2303,
                "run_scheduler_process",
                "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
            ),
            ("srt/managers/scheduler.py", 260, "__init__", "self.tp_worker = TpWorkerClass("),
            ("srt/model_executor/model_runner.py", 185, "__init__", "self.initialize(min_per_gpu_memory)"),
            ("srt/model_executor/model_runner.py", 239, "initialize", "self.init_cuda_graphs()"),
            (
                "srt/model_executor/model_runner.py",
                1098,
                "init_cuda_graphs",
                "self.cuda_graph_runner = CudaGraphRunner(self)",
            ),
            (
                "srt/model_executor/cuda_graph_runner.py",
                278,
                "__init__",
                "self.model_runner.attn_backend.init_cuda_graph_state(self.max_num_token)",
            ),
            (
                "srt/layers/attention/flashinfer_backend.py",
                245,
                "init_cuda_graph_state",
                "self.decode_wrappers.append(BatchDecodeWithPagedKVCacheWrapper(",
            ),
            ("+flashinfer/decode.py", 650, "plan", "self._cached_module = get_batch_decode_module("),
            ("+flashinfer/jit/core.py", 124, "build_and_load", "return torch_cpp_ext.load("),
            ("+torch/utils/cpp_extension.py", 1380, "load", "return _jit_compile("),
            (
                "+torch/utils/cpp_extension.py",
                1840,
                "_jit_compile",
                "return _import_module_from_library(name, build_directory, is_python_module)",
            ),
            (
                "+torch/utils/cpp_extension.py",
                2286,
                "_import_module_from_library",
                "module = importlib.util.module_from_spec(spec)",
            ),
        ),
        "ImportError: /root/.cache/flashinfer/90/cached_ops/batch_decode_with_kv_cache_dtype_q_bf16_dtype_kv_bf16_dtype_o_bf16_dtype_idx_i32_head_dim_qk_128_head_dim_vo_128_posenc_0_use_swa_False_use_logits_cap_False/batch_decode_with_kv_cache_dtype_q_bf16_dtype_kv_bf16_dtype_o_bf16_dtype_idx_i32_head_dim_qk_128_head_dim_vo_128_posenc_0_use_swa_False_use_logits_cap_False.so: undefined symbol: _ZN3c1017RegisterOperatorsD1Ev",
        "",
        sigquit(42),
    ),
)

# -------------------------------------------------------------------------------- defaults that changed: OOM
case(
    "cuda_graph_max_bs_default_grew_053",
    "0.5.3",
    "sglang-0.5.3 server_args.py:611-616 (H200: cuda_graph_max_bs 512 at tp>=4), cuda_graph_runner.py:364-370, :868-875",
    "oom_cuda_graph",
    "the 0.4.x config fit; 0.5.3's larger default capture range runs out during capture",
    join(
        sargs(0, "Qwen/Qwen3-235B-A22B-FP8", tp_size=4, mem_fraction_static=0.9, cuda_graph_max_bs=None),
        boot("Qwen/Qwen3-235B-A22B-FP8", "Qwen3MoeForCausalLM", until="graph", weights_gb=60.2, avail=139.1),
        "Capturing batches (bs=512 avail_mem=2.21 GB):   0%|          | 0/52 [00:00<?, ?it/s]",
        "Capturing batches (bs=496 avail_mem=0.83 GB):   2%|▏         | 1/52 [00:01<01:21,  1.60s/it]",
        f"{ts(44, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *INIT_053,
            ("srt/model_executor/model_runner.py", 420, "initialize", "self.init_device_graphs()"),
            (
                "srt/model_executor/model_runner.py",
                2046,
                "init_device_graphs",
                "self.graph_runner = graph_runners[self.device](self)",
            ),
            ("srt/model_executor/cuda_graph_runner.py", 367, "__init__", "raise Exception("),
        ),
        "Exception: Capture cuda graph failed: CUDA out of memory. Tried to allocate 1.02 GiB. GPU 0 has a total capacity of 139.81 GiB of which 612.44 MiB is free. Process 88102 has 139.19 GiB memory in use. Of the allocated memory 133.70 GiB is allocated by PyTorch, with 1.86 GiB allocated in private pools (e.g., CUDA Graphs), and 1.12 GiB is reserved by PyTorch but unallocated.",
        "Possible solutions:",
        "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)",
        "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)",
        "3. disable torch compile by not using --enable-torch-compile",
        "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)",
        "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose ",
        "",
        sigquit(45),
    ),
)
case(
    "kv_not_enough_after_upgrade_053",
    "0.5.3",
    "sglang-0.5.3 model_executor/model_runner.py:1495-1499",
    "oom_kv_cache",
    "a pinned low --mem-fraction-static that fit the old release; the new one reserves more, no tokens left for KV",
    join(
        sargs(0, "meta-llama/Llama-3.3-70B-Instruct", tp_size=2, mem_fraction_static=0.72),
        boot(
            "meta-llama/Llama-3.3-70B-Instruct", "LlamaForCausalLM", until="kv", weights_gb=65.8, avail=78.6, tp="TP0"
        ),
        f"{ts(39, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *INIT_053,
            ("srt/model_executor/model_runner.py", 395, "initialize", "self.init_memory_pool("),
            ("srt/model_executor/model_runner.py", 1496, "init_memory_pool", "raise RuntimeError("),
        ),
        "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: self.server_args.mem_fraction_static=0.72",
        "",
        sigquit(40),
    ),
)
case(
    "kv_pool_alloc_oom_default_fraction_053",
    "0.5.3",
    "sglang-0.5.3 mem_cache/memory_pool.py:1345 (MHATokenToKVPool._create_buffers torch.zeros), model_runner.py init_memory_pool",
    "oom_kv_cache",
    "the computed default fraction leaves the pool a size the GPU (shared with an old process) cannot allocate: OOM while creating the KV pool at start-up",
    join(
        sargs(0, "Qwen/Qwen3-32B", tp_size=1),
        boot("Qwen/Qwen3-32B", "Qwen3ForCausalLM", until="kv", weights_gb=61.0, avail=139.1),
        f"{ts(39, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *INIT_053,
            ("srt/model_executor/model_runner.py", 395, "initialize", "self.init_memory_pool("),
            (
                "srt/model_executor/model_runner.py",
                1640,
                "init_memory_pool",
                "self.token_to_kv_pool = MHATokenToKVPool(",
            ),
            ("srt/mem_cache/memory_pool.py", 445, "__init__", "self._create_buffers()"),
            ("srt/mem_cache/memory_pool.py", 1345, "_create_buffers", "self.k_buffer = torch.zeros("),
        ),
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 27.50 GiB. GPU 0 has a total capacity of 139.81 GiB of which 19.62 GiB is free. Process 55120 has 120.18 GiB memory in use. Of the allocated memory 88.54 GiB is allocated by PyTorch, and 213.00 MiB is reserved by PyTorch but unallocated.",
        "",
        sigquit(40),
    ),
)
case(
    "chunked_prefill_default_grew_first_long_prompt",
    "0.5.3",
    "sglang-0.5.3 server_args.py:621 (chunked_prefill_size 16384 on >=160 GB), scheduler.py:2889",
    "oom_runtime",
    "ready, then the first long prompt with the new larger default chunk runs out of activation memory while serving",
    join(
        sargs(0, "deepseek-ai/DeepSeek-R1-0528", tp_size=8, trust_remote_code=True),
        boot("deepseek-ai/DeepSeek-R1-0528", "DeepseekV3ForCausalLM", until="ready", weights_gb=83.4, avail=177.5),
        ready(70),
        serving(80),
        f"{ts(95, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 16384, #cached-token: 0, token usage: 0.02, #running-req: 3, #queue-req: 0",
        f"{ts(96, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            SCHED_053[0],
            ("srt/managers/scheduler.py", 2880, "run_scheduler_process", "scheduler.event_loop_overlap()"),
            ("srt/managers/scheduler.py", 1006, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
            (
                "srt/managers/scheduler.py",
                2090,
                "run_batch",
                "logits_output, next_token_ids, can_run_cuda_graph = self.tp_worker.forward_batch_generation(",
            ),
            ("srt/model_executor/model_runner.py", 2030, "forward_extend", "return self.model.forward("),
            (
                "srt/models/deepseek_v2.py",
                1780,
                "forward",
                "hidden_states = self.model(input_ids, positions, forward_batch, input_embeds)",
            ),
        ),
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 7.00 GiB. GPU 0 has a total capacity of 178.35 GiB of which 3.10 GiB is free. Including non-PyTorch memory, this process has 175.24 GiB memory in use.",
        "",
        sigquit(97),
    ),
)
case(
    "torch_compile_bs_default_capture_oom_046",
    "0.4.6.post5",
    "sglang-0.4.6.post5 model_executor/cuda_graph_runner.py (Capture cuda graph failed + possible solutions)",
    "oom_cuda_graph",
    "--enable-torch-compile kept across an upgrade whose default torch_compile_max_bs / capture list grew: OOM in capture",
    join(
        sargs(0, "meta-llama/Llama-3.1-8B-Instruct", tp_size=1, enable_torch_compile=True, mem_fraction_static=0.9),
        boot("meta-llama/Llama-3.1-8B-Instruct", "LlamaForCausalLM", until="graph", weights_gb=14.99, avail=23.1),
        "Capturing batches (avail_mem=0.41 GB):   9%|▉         | 3/35 [00:41<07:12, 13.51s/it]",
        f"{ts(90, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY310,
            (
                "srt/managers/scheduler.py",
                2303,
                "run_scheduler_process",
                "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
            ),
            ("srt/model_executor/model_runner.py", 239, "initialize", "self.init_cuda_graphs()"),
            (
                "srt/model_executor/model_runner.py",
                1098,
                "init_cuda_graphs",
                "self.cuda_graph_runner = CudaGraphRunner(self)",
            ),
            ("srt/model_executor/cuda_graph_runner.py", 311, "__init__", "raise Exception("),
        ),
        "Exception: Capture cuda graph failed: CUDA out of memory. Tried to allocate 256.00 MiB. GPU 0 has a total capacity of 23.54 GiB of which 148.31 MiB is free. Including non-PyTorch memory, this process has 23.38 GiB memory in use.",
        "Possible solutions:",
        "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)",
        "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)",
        "3. disable torch compile by not using --enable-torch-compile",
        "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)",
        "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose ",
        "",
        sigquit(91),
    ),
)
case(
    "fa3_default_mla_on_a100_053",
    "0.5.3",
    "sglang-0.5.3 layers/attention/attention_registry.py:115-124",
    "config_error",
    "an --attention-backend fa3 copied from the Hopper deployment's upgrade notes onto an A100 MLA model: the backend refuses the hardware",
    join(
        sargs(0, "deepseek-ai/DeepSeek-V2-Lite-Chat", tp_size=1, attention_backend="fa3", trust_remote_code=True),
        boot("deepseek-ai/DeepSeek-V2-Lite-Chat", "DeepseekV2ForCausalLM", until="graph", weights_gb=29.4, avail=78.6)[
            :-1
        ],
        f"{ts(40, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *INIT_053,
            ("srt/model_executor/model_runner.py", 410, "initialize", "self.init_attention_backend()"),
            (
                "srt/model_executor/model_runner.py",
                1760,
                "init_attention_backend",
                "self.attn_backend = self._get_attention_backend()",
            ),
            (
                "srt/model_executor/model_runner.py",
                1800,
                "_get_attention_backend_from_str",
                "full_attention_backend = ATTENTION_BACKENDS[backend_str](self)",
            ),
            ("srt/layers/attention/attention_registry.py", 119, "create_flashattention_v3_backend", "assert ("),
        ),
        "AssertionError: FlashAttention v3 Backend requires SM>=80 and SM<=90. Please use `--attention-backend flashinfer`.",
        "",
        sigquit(41),
    ),
)

# ------------------------------------------------------------------------------------------- healthy contrasts
case(
    "healthy_ep_moe_deprecated_050",
    "0.5.0rc2",
    "sglang-0.5.0rc2 server_args.py:287-301 (print_deprecated_warning, ep_size = tp_size)",
    "healthy",
    "0.5.0 still honours --enable-ep-moe after a yellow NOTE and serves",
    join(
        f"{ts(0)} {YELLOW}NOTE: --enable-ep-moe is deprecated. Please set `--ep-size` to the same value as `--tp-size` instead.{RESET}",
        sargs(0, "Qwen/Qwen3-30B-A3B", tp_size=2, ep_size=2),
        boot("Qwen/Qwen3-30B-A3B", "Qwen3MoeForCausalLM", until="ready", weights_gb=28.6),
        ready(70),
        serving(80),
    ),
)
case(
    "healthy_move_envs_box_053",
    "0.5.3",
    "sglang-0.5.3 launch_server.py:10-24 (MOVE_ENVS_WARN through print_deprecated_warning)",
    "healthy",
    "0.5.3 prints the contributor box in yellow on every launch; nothing failed",
    join(
        sargs(0, "Qwen/Qwen3-8B", tp_size=1),
        f"{ts(0)} {YELLOW}\n########################################################################\n# For contributors and developers:                                    #\n# Please move environment variable definitions to sglang.srt.environ  #\n# using the following pattern:                                        #\n#     SGLANG_XXX = EnvBool(False)                                     #\n#                                                                     #\n########################################################################\n{RESET}",
        f"{ts(5, 'TP0')} Attention backend not explicitly specified. Use fa3 backend by default.",
        boot("Qwen/Qwen3-8B", "Qwen3ForCausalLM", until="ready", weights_gb=16.4),
        ready(70),
        serving(80),
    ),
)
case(
    "healthy_sgl_env_renamed_056",
    "0.5.6",
    "sglang-0.5.6 srt/environ.py:351-373 (_print_deprecated_env, _convert_SGL_to_SGLANG: warnings.warn)",
    "healthy",
    "old SGL_* variables copied to SGLANG_* with a UserWarning per variable; serves",
    join(
        f"{PY312}/sglang/srt/environ.py:368: UserWarning: Environment variable SGL_ENABLE_JIT_DEEPGEMM is deprecated, please use SGLANG_ENABLE_JIT_DEEPGEMM",
        "  warnings.warn(",
        f"{PY312}/sglang/srt/environ.py:368: UserWarning: Environment variable SGL_DG_CACHE_DIR is deprecated, please use SGLANG_DG_CACHE_DIR",
        "  warnings.warn(",
        f"{PY312}/sglang/srt/environ.py:353: UserWarning: Environment variable SGLANG_GC_LOG will be deprecated, please use SGLANG_LOG_GC instead",
        "  warnings.warn(",
        sargs(0, "deepseek-ai/DeepSeek-V3-0324", tp_size=8, trust_remote_code=True),
        boot("deepseek-ai/DeepSeek-V3-0324", "DeepseekV3ForCausalLM", until="ready", weights_gb=83.4, avail=139.1),
        ready(90),
        serving(95),
    ),
)
case(
    "healthy_tool_parser_deprecated_056",
    "0.5.6",
    "sglang-0.5.6 server_args.py:680-687 (_handle_deprecated_args)",
    "healthy",
    "a renamed tool-call parser is mapped to the new name with a warning; serves",
    join(
        f"{ts(0)} The tool_call_parser 'qwen25' is deprecated. Please use 'qwen' instead.",
        sargs(0, "Qwen/Qwen2.5-72B-Instruct", tp_size=4, tool_call_parser="qwen"),
        boot("Qwen/Qwen2.5-72B-Instruct", "Qwen2ForCausalLM", until="ready", weights_gb=35.9),
        ready(70),
        serving(80),
    ),
)
case(
    "healthy_cutlass_moe_env_deprecated_056",
    "0.5.6",
    "sglang-0.5.6 server_args.py:1532-1538",
    "healthy",
    "SGLANG_CUTLASS_MOE=1 kept from an old deployment: a deprecation warning, the fp8 assert holds, serves",
    join(
        f"{ts(0)} SGLANG_CUTLASS_MOE is deprecated, use --moe-runner-backend=cutlass and/or --speculative-moe-runner-backend=cutlass instead",
        sargs(0, "Qwen/Qwen3-30B-A3B-FP8", tp_size=2, quantization="fp8"),
        boot("Qwen/Qwen3-30B-A3B-FP8", "Qwen3MoeForCausalLM", until="ready", weights_gb=15.2),
        ready(70),
        serving(80),
    ),
)


# ------------------------------------------------------------------------------------------------------- tests
XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_an_upgrade_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


# Healthy templates that fire a failure event on the way to ready at first sight (what a live supervisor acts on), with
# the event's label: the same check as tests/test_logwatch_review.py, kept strict here.
EVENT_XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_upgrade_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35

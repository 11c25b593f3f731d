"""Hierarchical KV caching (HiCache) and its storage backends, as they show in the log (a helper, blind).

Scope: `--enable-hierarchical-cache` with `--hicache-ratio` / `--hicache-size`, `--hicache-io-backend`,
`--hicache-mem-layout`, `--hicache-storage-backend` (file, mooncake, hf3fs, nixl, dynamic) and 0.5.x's `--enable-lmcache`;
the host-pool allocation, the HiCacheController's storage attach, its prefetch / backup threads. Argument refusals
(argparse choices that a release lacks, the radix / offload checks), scheduler start-up refusals (host RAM short for
the host pool, a host pool no larger than the device pool, a storage directory it cannot create, bad extra-config
JSON, a dynamic backend module missing, Mooncake not installed / unconfigured / too old for standalone storage / the
MLA kv-split layout, 3FS's usrbio `register_fd` on a non-3FS path and its JIT build without Ninja, NIXL's object
plugin without a bucket, LMCache not installed), Mooncake store failures while connecting (master unreachable, the
master-check timeout, warmup transfers that time out or are refused), failures after ready that kill the scheduler
(a prefill OOM under HiCache, a segfault in Mooncake's batch_get after the store was scaled down, a CUDA batched
memcpy failing in the device-to-host backup), and five healthy contrasts that look alarming but keep serving (storage
misses and a full disk on the file backend, Mooncake transfer errors logged per page, 3FS get/set failures, start-up
rewrites of io backend / layout / allocator, a prefetch thread dying with a NameError after ready).

Sources: each message is copied from the named release's wheel (sglang 0.4.9.post2, 0.5.0rc2, 0.5.3, 0.5.5,
0.5.10.post1; file:line under sglang/srt/ of that release, call paths read there) or from the public thread cited
(sgl-project/sglang #9431, #8668, #13395, #28396, #17195, #8102; kvcache-ai/Mooncake #709, #882, #1088, #809), format
fields filled with plausible values. Library frames outside SGLang (torch cpp_extension, json, importlib) carry
approximate line numbers; Mooncake's glog lines are copied from the Mooncake threads named in each case.

Labelling policy (decided before the classifier ran, by /work/shared/corpus/README.md and the remedy a supervisor
should apply): a HiCache argument, layout, extra-config, missing package or missing build tool is `config_error`;
host RAM too small for the requested host pool ("Not enough host memory available ... reduce the size of the
hierarchical cache") is `config_error` too, because the fix is a smaller `--hicache-ratio` / `--hicache-size`, not
the `oom_kv_cache` remedy (a higher `--mem-fraction-static` would only enlarge the host pool, which is sized as a
ratio of the device pool); a storage backend that cannot reach its peers or master (Mooncake master unreachable or
not up within the check window, warmup transfers refused / timing out, a segfault in the store client after peers
left) is `nccl_or_distributed` (the KV-transfer / store-rendezvous family); a prefill OOM after ready is
`oom_runtime`; a CUDA runtime call failing in the HiCache copy path is `cuda_error_other`. Storage misses and write
failures that SGLang logs per page and serves on are `healthy`, and so is a dead prefetch thread when the server keeps
serving.

First sight: 25/30 (5 misses, strict xfails below; healthy contrasts 5/5 end `healthy` and fire no failure event on
the way). The misses are one family: a Mooncake store that cannot reach its master or peers read as `config_error`
(the master check's ValueError "Launch mooncake store server timeout" wrapped in "Failed to create storage backend",
and three warmup `AssertionError`s after glog "Failed to mount segment" / "Failed to complete transfers after 60
seconds" / "SocketHandShakePlugin: connect() ... Connection refused"), plus the store client's segfault after ready
(`Fatal Python error: Segmentation fault` with Mooncake's batch_get on the current thread) read as `unknown`.
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
PY312 = "/usr/local/lib/python3.12/dist-packages"  # the 0.5.x images
PY310 = "/usr/local/lib/python3.10/dist-packages"  # the 0.4.x images
WS = "/sgl-workspace/sglang/python"  # a dev checkout inside the image, as the threads paste it
CAUSE = "\nThe above exception was the direct cause of the following exception:\n\n"


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


def glog(level: str, second: int, tid: int, src: str, msg: str) -> str:
    """A Mooncake (glog) line: `E0302 10:01:12.408227  5575 client.cpp:29] msg`."""
    return f"{level}0302 10:{second // 60:02d}:{second % 60:02d}.{408227 + second:06d} {tid:>6} {src}] {msg}"


def sargs(model: str, **kw: object) -> str:
    fields = {"model_path": model, "tokenizer_path": model, "tokenizer_mode": "auto", **kw}
    body = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    return f"{ts(0)} server_args=ServerArgs({body}, log_level='info', ...)"


def boot(
    new: bool,
    arch: str,
    *,
    rank: str = "TP0",
    tokens: int = 812345,
    kv: str = "K size: 24.79 GB, V size: 24.79 GB",
    ctx: int = 40960,
) -> list[str]:
    """One rank's start-up up to the scheduler's `max_total_num_tokens=` line (the HiRadixCache comes next): 0.5.10's
    `elapsed=` fields when `new`, 0.4.x-0.5.5's `dtype=` field otherwise."""
    return [
        f"{ts(5, rank)} Init torch distributed begin.",
        f"{ts(8, rank)} Init torch distributed ends. " + ("elapsed=2.10 s, " if new else "") + "mem usage=0.55 GB",
        f"{ts(9, rank)} Load weight begin. avail mem=138.52 GB",
        f"{ts(40, rank)} Load weight end. "
        + ("elapsed=31.02 s, " if new else "")
        + f"type={arch}, "
        + ("" if new else "dtype=torch.bfloat16, ")
        + "avail mem=122.80 GB, mem usage=15.72 GB.",
        f"{ts(41, rank)} KV Cache is allocated. #tokens: {tokens}, {kv}",
        f"{ts(41, rank)} Memory pool end. avail mem=14.40 GB",
        f"{ts(42, rank)} Capture cuda graph begin. This can take up to several minutes. avail mem=14.38 GB",
        "Capturing batches (bs=256 avail_mem=14.30 GB): 100%|██████████| 36/36 [00:28<00:00,  1.27it/s]",
        f"{ts(70, rank)} Capture cuda graph end. Time elapsed: 28.04 s. mem usage=1.40 GB. avail mem=12.98 GB.",
        f"{ts(71, rank)} max_total_num_tokens={tokens}, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len={ctx}, available_gpu_mem=12.98 GB",
    ]


def ready(second: int, port: int = 30000, pid: int = 4242) -> list[str]:
    return [
        f"{ts(second)} INFO:     Started server process [{pid}]",
        f"{ts(second)} INFO:     Waiting for application startup.",
        f"{ts(second)} INFO:     Application startup complete.",
        f"{ts(second)} INFO:     Uvicorn running on http://0.0.0.0:{port} (Press CTRL+C to quit)",
        f'{ts(second + 1)} INFO:     127.0.0.1:46704 - "GET /get_model_info HTTP/1.1" 200 OK',
        f"{ts(second + 1)} The server is fired up and ready to roll!",
    ]


def sigquit(second: int) -> str:
    return f"{ts(second)} Received sigquit from a child process. It usually means the child failed."


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


# -- call paths (outermost first), per release
# 0.5.10.post1: scheduler.py:3600 -> :391 init_cache_with_memory_pool -> :791 HiRadixCache -> hiradix_cache.py:115
S0510 = (
    ("managers/scheduler.py", 3600, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 391, "__init__", "self.init_cache_with_memory_pool()"),
    ("managers/scheduler.py", 791, "init_cache_with_memory_pool", "self.tree_cache = HiRadixCache("),
)
CTRL0510 = S0510 + (("mem_cache/hiradix_cache.py", 115, "__init__", "self.cache_controller = HiCacheController("),)
# the storage attach inside HiCacheController.__init__ (0.5.10.post1 cache_controller.py:326 / :450, backend_factory.py:94)
ATTACH0510 = (
    ("managers/cache_controller.py", 326, "__init__", "self.attach_storage_backend("),
    (
        "managers/cache_controller.py",
        450,
        "attach_storage_backend",
        "self.storage_backend = StorageBackendFactory.create_backend(",
    ),
)
BUILTIN0510 = ATTACH0510 + (
    ("mem_cache/storage/backend_factory.py", 94, "create_backend", "return cls._create_builtin_backend("),
)
MOONCAKE0510 = BUILTIN0510 + (
    (
        "mem_cache/storage/backend_factory.py",
        166,
        "_create_builtin_backend",
        "backend = backend_class(storage_config, mem_pool_host)",
    ),
)
WRAPPED0510 = CTRL0510 + (
    (
        "managers/cache_controller.py",
        334,
        "__init__",
        'raise ValueError(f"Failed to create storage backend: {e}") from e',
    ),
)
# 0.5.3: scheduler.py:2847 -> :506 init_memory_pool_and_cache -> :745 HiRadixCache -> hiradix_cache.py:98
S053 = (
    ("managers/scheduler.py", 2847, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 506, "__init__", "self.init_memory_pool_and_cache()"),
    ("managers/scheduler.py", 745, "init_memory_pool_and_cache", "self.tree_cache = HiRadixCache("),
)
BUILTIN053 = S053 + (
    ("mem_cache/hiradix_cache.py", 98, "__init__", "self.cache_controller = HiCacheController("),
    (
        "managers/cache_controller.py",
        282,
        "__init__",
        "self.storage_backend = StorageBackendFactory.create_backend(",
    ),
    ("mem_cache/storage/backend_factory.py", 94, "create_backend", "return cls._create_builtin_backend("),
)
# 0.5.5 (Mooncake warmup failures): scheduler.py:2802 -> :417 -> :728 -> hiradix_cache.py:100 -> cache_controller.py:287
MOONCAKE055 = (
    ("managers/scheduler.py", 2802, "run_scheduler_process", "scheduler = Scheduler("),
    ("managers/scheduler.py", 417, "__init__", "self.init_memory_pool_and_cache()"),
    ("managers/scheduler.py", 728, "init_memory_pool_and_cache", "self.tree_cache = HiRadixCache("),
    ("mem_cache/hiradix_cache.py", 100, "__init__", "self.cache_controller = HiCacheController("),
    (
        "managers/cache_controller.py",
        287,
        "__init__",
        "self.storage_backend = StorageBackendFactory.create_backend(",
    ),
    ("mem_cache/storage/backend_factory.py", 94, "create_backend", "return cls._create_builtin_backend("),
    (
        "mem_cache/storage/backend_factory.py",
        166,
        "_create_builtin_backend",
        "backend = backend_class(storage_config)",
    ),
    ("mem_cache/storage/mooncake_store/mooncake_store.py", 206, "__init__", "self.warmup()"),
    (
        "mem_cache/storage/mooncake_store/mooncake_store.py",
        259,
        "warmup",
        "assert self.store.put(warmup_key, warmup_value) == 0",
    ),
)
# launcher frames (python -m sglang.launch_server)
RUNPY312 = (
    ("<frozen runpy>", 198, "_run_module_as_main", ""),
    ("<frozen runpy>", 88, "_run_code", ""),
)
LAUNCH_WARN_0510 = [
    f"{PY312}/sglang/launch_server.py:51: UserWarning: 'python -m sglang.launch_server' is still supported, but 'sglang serve' is the recommended entrypoint.",
    "  Example: sglang serve --model-path <model> [options]",
    "  warnings.warn(",
]

QWEN = "Qwen/Qwen3-32B"
HI = {"enable_hierarchical_cache": True, "hicache_ratio": 2.0, "hicache_size": 0}


# ================================================================================ argument refusals (launcher)
case(
    "args_050rc2_page_first_direct_not_a_choice",
    "0.5.0rc2",
    "0.5.0rc2 server_args.py:1579 (--hicache-mem-layout choices=['layer_first', 'page_first']); argparse's error",
    "config_error",
    "a layout this release's argparse does not offer (added in 0.5.x later): the user's argument, refused before start",
    join(
        "usage: launch_server.py [-h] --model-path MODEL_PATH",
        "                        [--tokenizer-path TOKENIZER_PATH]",
        "                        [--tokenizer-mode {auto,slow}] [--skip-tokenizer-init]",
        "                        ...",
        "                        [--hicache-io-backend {direct,kernel}]",
        "                        [--hicache-mem-layout {layer_first,page_first}]",
        "                        [--hicache-storage-backend {file,mooncake,hf3fs,nixl}]",
        "                        ...",
        "launch_server.py: error: argument --hicache-mem-layout: invalid choice: 'page_first_direct' (choose from 'layer_first', 'page_first')",
    ),
)

case(
    "args_0510_lmcache_is_not_a_storage_backend",
    "0.5.10.post1",
    "0.5.10.post1 server_args.py:5163 (--hicache-storage-backend choices); launch_server.py:51 UserWarning first",
    "config_error",
    "LMCache is --enable-lmcache, not a HiCache storage backend: argparse refuses the user's value",
    join(
        LAUNCH_WARN_0510,
        "usage: launch_server.py [-h] --model-path MODEL_PATH",
        "                        [--tokenizer-path TOKENIZER_PATH]",
        "                        ...",
        "                        [--hicache-storage-backend {file,mooncake,hf3fs,nixl,aibrix,dynamic,eic}]",
        "                        [--hicache-storage-prefetch-policy {best_effort,wait_complete,timeout}]",
        "                        ...",
        "launch_server.py: error: argument --hicache-storage-backend: invalid choice: 'lmcache' (choose from 'file', 'mooncake', 'hf3fs', 'nixl', 'aibrix', 'dynamic', 'eic')",
    ),
)

case(
    "args_053_hicache_with_disable_radix_cache",
    "0.5.3",
    "0.5.3 server_args.py:1233 (_handle_cache_compatibility, from __post_init__:518)",
    "config_error",
    "two of the user's flags that exclude each other, a ValueError from the launcher's argument checks",
    join(
        TB,
        tb(
            PY312,
            *RUNPY312,
            (f"{PY312}/sglang/launch_server.py", 21, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
            ("server_args.py", 3178, "prepare_server_args", "server_args = ServerArgs.from_cli_args(raw_args)"),
            ("server_args.py", 2883, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
            ("<string>", 278, "__init__", ""),
            ("server_args.py", 518, "__post_init__", "self._handle_cache_compatibility()"),
            ("server_args.py", 1233, "_handle_cache_compatibility", "raise ValueError("),
        ),
        "ValueError: The arguments enable-hierarchical-cache and disable-radix-cache are mutually exclusive and cannot be used at the same time. Please use only one of them.",
    ),
)

case(
    "args_0510_decode_offload_needs_storage_backend",
    "0.5.10.post1",
    "0.5.10.post1 server_args.py:3414 (_handle_cache_compatibility, from __post_init__:838)",
    "config_error",
    "PD decode KV offload asked for without a HiCache storage backend: the user's flags, refused at argument checks",
    join(
        LAUNCH_WARN_0510,
        TB,
        tb(
            PY312,
            *RUNPY312,
            (f"{PY312}/sglang/launch_server.py", 59, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
            ("server_args.py", 6539, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
            ("server_args.py", 5975, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
            ("<string>", 402, "__init__", ""),
            ("server_args.py", 838, "__post_init__", "self._handle_cache_compatibility()"),
            ("server_args.py", 3414, "_handle_cache_compatibility", "raise ValueError("),
        ),
        "ValueError: The argument disaggregation-decode-enable-offload-kvcache is only supported when hicache-storage-backend is provided.",
    ),
)

# ================================================================================ the host pool (scheduler init)
case(
    "host_049_not_enough_host_memory",
    "0.4.9.post2",
    "0.4.9.post2 mem_cache/memory_pool_host.py:75 (HostKVCache.__init__); numbers from sglang#8102's example",
    "config_error",
    "host RAM short for the requested host pool: the remedy is a smaller --hicache-ratio/--hicache-size (policy: not oom_kv_cache)",
    join(
        f"{ts(0)} server_args=ServerArgs(model_path='meta-llama/Llama-3.1-8B-Instruct', tokenizer_path='meta-llama/Llama-3.1-8B-Instruct', mem_fraction_static=0.88, tp_size=1, enable_hierarchical_cache=True, hicache_ratio=4.0, hicache_size=0, hicache_write_policy='write_through_selective', hicache_io_backend='', ...)",
        boot(False, "LlamaForCausalLM", tokens=498120, kv="K size: 30.40 GB, V size: 30.40 GB", ctx=131072),
        f"{ts(72, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY310,
            (
                "managers/scheduler.py",
                2753,
                "run_scheduler_process",
                "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
            ),
            ("managers/scheduler.py", 408, "__init__", "self.init_memory_pool_and_cache()"),
            ("managers/scheduler.py", 584, "init_memory_pool_and_cache", "self.tree_cache = HiRadixCache("),
            ("mem_cache/hiradix_cache.py", 41, "__init__", "self.token_to_kv_pool_host = MHATokenToKVPoolHost("),
            ("mem_cache/memory_pool_host.py", 210, "__init__", "super().__init__("),
            ("mem_cache/memory_pool_host.py", 75, "__init__", "raise ValueError("),
        ),
        "ValueError: Not enough host memory available. Requesting 40.00 GB but only have 44.87 GB free. Please reduce the size of the hierarchical cache.",
        "",
        sigquit(72),
    ),
)

_TP4_HOST = []
for _r in ("TP0", "TP1", "TP2", "TP3"):
    _TP4_HOST += [
        f"{ts(72, _r)} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *S0510,
            ("mem_cache/hiradix_cache.py", 64, "__init__", "self.token_to_kv_pool_host = MHATokenToKVPoolHost("),
            ("mem_cache/memory_pool_host.py", 303, "__init__", "super().__init__("),
            ("mem_cache/memory_pool_host.py", 194, "__init__", "raise ValueError("),
        ),
        "ValueError: Not enough host memory available. Requesting 412.31 GB but only have 287.06 GB free. Please reduce the size of the hierarchical cache.",
        "",
    ]
case(
    "host_0510_not_enough_host_memory_every_rank",
    "0.5.10.post1",
    "0.5.10.post1 mem_cache/memory_pool_host.py:194 (HostKVCache.__init__, 10 GB kept back)",
    "config_error",
    "each TP rank asks for its share of --hicache-size 1600 (GB) and the node has far less: shrink the host pool (policy)",
    join(
        sargs(
            QWEN,
            tp_size=4,
            page_size=64,
            enable_hierarchical_cache=True,
            hicache_ratio=2.0,
            hicache_size=1600,
            hicache_io_backend="kernel",
            hicache_mem_layout="layer_first",
        ),
        boot(True, "Qwen3ForCausalLM"),
        boot(True, "Qwen3ForCausalLM", rank="TP3")[-1],
        _TP4_HOST,
        sigquit(72),
    ),
)

case(
    "host_053_host_pool_not_larger_than_device",
    "0.5.3",
    "0.5.3 mem_cache/memory_pool_host.py:73 (assert self.size > device_pool.size)",
    "config_error",
    "--hicache-size 16 (GB) gives fewer host tokens than the device pool: the protocol's assertion on the user's sizing",
    join(
        sargs(
            QWEN,
            tp_size=1,
            mem_fraction_static=0.9,
            enable_hierarchical_cache=True,
            hicache_ratio=2.0,
            hicache_size=16,
            hicache_write_policy="write_through",
        ),
        boot(False, "Qwen3ForCausalLM"),
        f"{ts(72, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *S053,
            ("mem_cache/hiradix_cache.py", 59, "__init__", "self.token_to_kv_pool_host = MHATokenToKVPoolHost("),
            ("mem_cache/memory_pool_host.py", 192, "__init__", "super().__init__("),
            ("mem_cache/memory_pool_host.py", 73, "__init__", "assert ("),
        ),
        "AssertionError: The host memory should be larger than the device memory with the current protocol",
        "",
        sigquit(72),
    ),
)

# ================================================================================ storage attach at start-up
case(
    "file_053_storage_dir_permission_denied",
    "0.5.3",
    "0.5.3 mem_cache/hicache_storage.py:180 (HiCacheFile.__init__ os.makedirs, SGLANG_HICACHE_FILE_BACKEND_STORAGE_DIR)",
    "config_error",
    "the file backend's directory (the user's env setting) cannot be created by this user: fix the path or permissions",
    join(
        sargs(QWEN, tp_size=1, page_size=64, **HI, hicache_storage_backend="file"),
        boot(False, "Qwen3ForCausalLM"),
        f"{ts(72, 'TP0')} Allocating 99.17 GB host memory for hierarchical KV cache.",
        f"{ts(72, 'TP0')} Creating storage backend 'file' (sglang.srt.mem_cache.hicache_storage.HiCacheFile)",
        f"{ts(72, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *BUILTIN053,
            (
                "mem_cache/storage/backend_factory.py",
                162,
                "_create_builtin_backend",
                "return backend_class(storage_config)",
            ),
            ("mem_cache/hicache_storage.py", 180, "__init__", "os.makedirs(self.file_path)"),
            ("<frozen os>", 225, "makedirs", ""),
        ),
        "PermissionError: [Errno 13] Permission denied: '/mnt/nvme0/hicache'",
        "",
        sigquit(72),
    ),
)

case(
    "file_0510_extra_config_not_json",
    "0.5.10.post1",
    "0.5.10.post1 mem_cache/hiradix_cache.py:532-535 (_parse_storage_backend_extra_config: logger.error, raise e)",
    "config_error",
    "--hicache-storage-backend-extra-config with single quotes: the user's JSON, refused while building the HiRadixCache",
    join(
        sargs(
            QWEN,
            tp_size=1,
            page_size=64,
            **HI,
            hicache_storage_backend="file",
            hicache_storage_backend_extra_config="{'prefetch_threshold': 512}",
        ),
        boot(True, "Qwen3ForCausalLM"),
        f"{ts(72, 'TP0')} Allocating 99.17 GB host memory for hierarchical KV cache.",
        f"{ts(72, 'TP0')} Invalid backend extra config JSON: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)",
        f"{ts(72, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *S0510,
            ("mem_cache/hiradix_cache.py", 107, "__init__", ") = self._parse_storage_backend_extra_config("),
            ("mem_cache/hiradix_cache.py", 535, "_parse_storage_backend_extra_config", "raise e"),
            (
                "mem_cache/hiradix_cache.py",
                532,
                "_parse_storage_backend_extra_config",
                "extra_config = json.loads(storage_backend_extra_config)",
            ),
            ("/usr/lib/python3.12/json/__init__.py", 346, "loads", "return _default_decoder.decode(s)"),
            ("/usr/lib/python3.12/json/decoder.py", 337, "decode", "obj, end = self.raw_decode(s, idx=_w(s, 0).end())"),
            ("/usr/lib/python3.12/json/decoder.py", 353, "raw_decode", "obj, end = self.scan_once(s, idx)"),
        ),
        "json.decoder.JSONDecodeError: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)",
        "",
        sigquit(72),
    ),
)

case(
    "dynamic_0510_backend_module_not_found",
    "0.5.10.post1",
    "0.5.10.post1 mem_cache/storage/backend_factory.py:35 / :135 / :146 (dynamic backend import, logger.error, raise)",
    "config_error",
    "the dynamic backend's module_path names a package not installed in this image: the user's extra-config",
    join(
        sargs(
            QWEN,
            tp_size=1,
            page_size=64,
            **HI,
            hicache_storage_backend="dynamic",
            hicache_storage_backend_extra_config='{"backend_name": "lustre_kv", "module_path": "lustre_kv.sglang_backend", "class_name": "LustreKVStorage"}',
        ),
        boot(True, "Qwen3ForCausalLM"),
        f"{ts(72, 'TP0')} Allocating 99.17 GB host memory for hierarchical KV cache.",
        f"{ts(72, 'TP0')} Failed to create dynamic storage backend 'lustre_kv': Failed to import backend 'lustre_kv' from 'lustre_kv.sglang_backend': No module named 'lustre_kv'",
        f"{ts(72, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            (
                "mem_cache/storage/backend_factory.py",
                27,
                "_load_backend_class",
                "module = importlib.import_module(module_path)",
            ),
            (
                "/usr/lib/python3.12/importlib/__init__.py",
                90,
                "import_module",
                "return _bootstrap._gcd_import(name[level:], package, level)",
            ),
            ("<frozen importlib._bootstrap>", 1387, "_gcd_import", ""),
            ("<frozen importlib._bootstrap>", 1360, "_find_and_load", ""),
            ("<frozen importlib._bootstrap>", 1310, "_find_and_load_unlocked", ""),
            ("<frozen importlib._bootstrap>", 488, "_call_with_frames_removed", ""),
            ("<frozen importlib._bootstrap>", 1387, "_gcd_import", ""),
            ("<frozen importlib._bootstrap>", 1360, "_find_and_load", ""),
            ("<frozen importlib._bootstrap>", 1324, "_find_and_load_unlocked", ""),
        ),
        "ModuleNotFoundError: No module named 'lustre_kv'",
        CAUSE + TB,
        tb(
            PY312,
            *CTRL0510,
            *ATTACH0510,
            ("mem_cache/storage/backend_factory.py", 101, "create_backend", "return cls._create_dynamic_backend("),
            (
                "mem_cache/storage/backend_factory.py",
                135,
                "_create_dynamic_backend",
                "backend_class = cls._load_backend_class(",
            ),
            ("mem_cache/storage/backend_factory.py", 35, "_load_backend_class", "raise ImportError("),
        ),
        "ImportError: Failed to import backend 'lustre_kv' from 'lustre_kv.sglang_backend': No module named 'lustre_kv'",
        "",
        sigquit(72),
    ),
)

case(
    "mooncake_0510_not_installed",
    "0.5.10.post1",
    "0.5.10.post1 mem_cache/memory_pool_host.py:100 (allocator fallback warning); storage/mooncake_store/mooncake_store.py:232-236",
    "config_error",
    "--hicache-storage-backend mooncake without the mooncake package: a missing dependency, install it or pick another backend",
    join(
        "Mooncake storage backend does not support layer_first layout, switching to page_first layout for kernel io backend",
        sargs(QWEN, tp_size=1, page_size=64, **HI, hicache_mem_layout="page_first", hicache_storage_backend="mooncake"),
        boot(True, "Qwen3ForCausalLM"),
        f"{ts(72, 'TP0')} Mooncake's tensor allocator requires mooncake >= 0.3.8.post1. Please upgrade Mooncake by 'pip install mooncake-transfer-engine --upgrade'. Fallback to use default allocator.",
        f"{ts(72, 'TP0')} Allocating 99.17 GB host memory for hierarchical KV cache.",
        f"{ts(72, 'TP0')} Creating storage backend 'mooncake' (sglang.srt.mem_cache.storage.mooncake_store.mooncake_store.MooncakeStore)",
        f"{ts(72, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            (
                "mem_cache/storage/mooncake_store/mooncake_store.py",
                232,
                "_import_mooncake_store",
                "from mooncake.store import MooncakeDistributedStore",
            ),
        ),
        "ModuleNotFoundError: No module named 'mooncake'",
        CAUSE + TB,
        tb(
            PY312,
            *CTRL0510,
            *MOONCAKE0510,
            (
                "mem_cache/storage/mooncake_store/mooncake_store.py",
                283,
                "__init__",
                "MooncakeDistributedStore = self._import_mooncake_store()",
            ),
            ("mem_cache/storage/mooncake_store/mooncake_store.py", 236, "_import_mooncake_store", "raise ImportError("),
        ),
        "ImportError: Please install mooncake by following the instructions at https://kvcache-ai.github.io/Mooncake/getting_started/build.html to run SGLang with MooncakeConnector.",
        "",
        sigquit(72),
    ),
)

case(
    "mooncake_0510_master_env_not_set",
    "0.5.10.post1",
    "0.5.10.post1 storage/mooncake_store/mooncake_store.py:153 (load_from_env), :432-435, cache_controller.py:334 (wrap)",
    "config_error",
    "neither MOONCAKE_MASTER nor MOONCAKE_CLIENT nor an extra-config address: the store's configuration is missing",
    join(
        sargs(QWEN, tp_size=1, page_size=64, **HI, hicache_mem_layout="page_first", hicache_storage_backend="mooncake"),
        boot(True, "Qwen3ForCausalLM"),
        f"{ts(72, 'TP0')} Allocating 99.17 GB host memory for hierarchical KV cache.",
        f"{ts(72, 'TP0')} Creating storage backend 'mooncake' (sglang.srt.mem_cache.storage.mooncake_store.mooncake_store.MooncakeStore)",
        f"{ts(72, 'TP0')} Configuration loading failed: Either the environment variable 'MOONCAKE_MASTER' or 'MOONCAKE_CLIENT' is not set.",
        f"{ts(72, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *MOONCAKE0510,
            (
                "mem_cache/storage/mooncake_store/mooncake_store.py",
                287,
                "__init__",
                "self.config = self._load_config(storage_config)",
            ),
            (
                "mem_cache/storage/mooncake_store/mooncake_store.py",
                259,
                "_load_config",
                "config = MooncakeStoreConfig.load_from_env()",
            ),
            ("mem_cache/storage/mooncake_store/mooncake_store.py", 153, "load_from_env", "raise ValueError("),
        ),
        "ValueError: Either the environment variable 'MOONCAKE_MASTER' or 'MOONCAKE_CLIENT' is not set.",
        CAUSE + TB,
        tb(PY312, *WRAPPED0510),
        "ValueError: Failed to create storage backend: Either the environment variable 'MOONCAKE_MASTER' or 'MOONCAKE_CLIENT' is not set.",
        "",
        sigquit(72),
    ),
)

case(
    "mooncake_0510_standalone_needs_newer_mooncake",
    "0.5.10.post1",
    "0.5.10.post1 mem_cache/memory_pool_host.py:100; storage/mooncake_store/mooncake_store.py:329, :437",
    "config_error",
    "standalone_storage=true in the extra-config with a Mooncake too old for SGLang's host allocator: a package/config mismatch",
    join(
        sargs(
            QWEN,
            tp_size=1,
            page_size=64,
            **HI,
            hicache_mem_layout="page_first",
            hicache_storage_backend="mooncake",
            hicache_storage_backend_extra_config='{"client_server_address": "127.0.0.1:50052", "standalone_storage": true}',
        ),
        boot(True, "Qwen3ForCausalLM"),
        f"{ts(72, 'TP0')} Mooncake's tensor allocator requires mooncake >= 0.3.8.post1. Please upgrade Mooncake by 'pip install mooncake-transfer-engine --upgrade'. Fallback to use default allocator.",
        f"{ts(72, 'TP0')} Allocating 99.17 GB host memory for hierarchical KV cache.",
        f"{ts(72, 'TP0')} Creating storage backend 'mooncake' (sglang.srt.mem_cache.storage.mooncake_store.mooncake_store.MooncakeStore)",
        f"{ts(72, 'TP0')} Mooncake Configuration loaded from extra_config successfully.",
        f"{ts(72, 'TP0')} An error occurred while loading the configuration: MooncakeStore with standalone_storage=True requires MooncakeHostTensorAllocator. Please set standalone_storage=False or upgrade Mooncake by 'pip install mooncake --upgrade'.",
        f"{ts(72, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *CTRL0510,
            *MOONCAKE0510,
            ("mem_cache/storage/mooncake_store/mooncake_store.py", 329, "__init__", "raise RuntimeError("),
        ),
        "RuntimeError: MooncakeStore with standalone_storage=True requires MooncakeHostTensorAllocator. Please set standalone_storage=False or upgrade Mooncake by 'pip install mooncake --upgrade'.",
        "",
        sigquit(72),
    ),
)

_DSV3 = "deepseek-ai/DeepSeek-V3"
case(
    "mooncake_0510_kv_split_layout_on_mla",
    "0.5.10.post1",
    "0.5.10.post1 storage/mooncake_store/mooncake_store.py:482-486 (register_mem_pool_host), cache_controller.py:453",
    "config_error",
    "--hicache-mem-layout page_first_kv_split (MLA only) with Mooncake, which takes page_first / page_first_direct / page_head",
    join(
        sargs(
            _DSV3,
            tp_size=8,
            page_size=64,
            trust_remote_code=True,
            **HI,
            hicache_mem_layout="page_first_kv_split",
            hicache_storage_backend="mooncake",
            hicache_storage_backend_extra_config='{"master_server_address": "10.20.0.5:50051", "metadata_server": "P2PHANDSHAKE", "protocol": "rdma", "device_name": "mlx5_0"}',
        ),
        boot(True, "DeepseekV3ForCausalLM", tokens=1203584, kv="KV size: 40.31 GB", ctx=163840),
        f"{ts(72, 'TP0')} Allocating 161.26 GB host memory for hierarchical KV cache.",
        f"{ts(72, 'TP0')} Creating storage backend 'mooncake' (sglang.srt.mem_cache.storage.mooncake_store.mooncake_store.MooncakeStore)",
        f"{ts(72, 'TP0')} Mooncake Configuration loaded from extra_config successfully.",
        "WARNING: Logging before InitGoogleLogging() is written to STDERR",
        glog("I", 72, 204, "client_metric.cpp:76", "Client metrics enabled (default enabled)"),
        f"{ts(73, 'TP0')} Mooncake store setup successfully.",
        f"{ts(73, 'TP0')} Mooncake store warmup successfully.",
        f"{ts(73, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *CTRL0510,
            ("managers/cache_controller.py", 326, "__init__", "self.attach_storage_backend("),
            (
                "managers/cache_controller.py",
                453,
                "attach_storage_backend",
                "self.storage_backend.register_mem_pool_host(self.mem_pool_host)",
            ),
            (
                "mem_cache/storage/mooncake_store/mooncake_store.py",
                482,
                "register_mem_pool_host",
                "assert self.mem_pool_host.layout in [",
            ),
        ),
        "AssertionError: mooncake store storage backend only support page first or page first direct layout",
        "",
        sigquit(73),
    ),
)

case(
    "mooncake_055_master_unreachable_then_warmup_assert",
    "0.5.5",
    "0.5.5 storage/mooncake_store/mooncake_store.py:203 (setup ret logged, not raised), :206/:259 (warmup assert), :220; glog lines from kvcache-ai/Mooncake#709",
    "nccl_or_distributed",
    "the store client cannot reach the Mooncake master (rpc code 14), setup fails, warmup's put asserts: a store-connectivity failure",
    join(
        sargs(QWEN, tp_size=1, page_size=64, **HI, hicache_mem_layout="page_first", hicache_storage_backend="mooncake"),
        boot(False, "Qwen3ForCausalLM"),
        f"{ts(72, 'TP0')} Allocating 99.17 GB host memory for hierarchical KV cache.",
        f"{ts(72, 'TP0')} Creating storage backend 'mooncake' (sglang.srt.mem_cache.storage.mooncake_store.mooncake_store.MooncakeStore)",
        f"{ts(72, 'TP0')} Mooncake Configuration loaded from env successfully.",
        "WARNING: Logging before InitGoogleLogging() is written to STDERR",
        glog("I", 72, 8581, "client_metric.cpp:76", "Client metrics enabled (default enabled)"),
        glog(
            "E",
            92,
            8581,
            "client.cpp:29",
            "MountSegment: rpc error, code: 14, message: failed to connect to all addresses",
        ),
        glog("E", 92, 8581, "distributed_object_store.cpp:190", "Failed to mount segment: UNKNOWN_ERROR"),
        f"{ts(92, 'TP0')} failed to setup mooncake store, error code: -1",
        f"{ts(92, 'TP0')} Connect to Mooncake store successfully.",
        f"{ts(92, 'TP0')} An error occurred while loading the configuration: ",
        f"{ts(92, 'TP0')} Scheduler hit an exception: {TB}",
        tb(PY312, *MOONCAKE055),
        "AssertionError",
        "",
        sigquit(92),
    ),
)

case(
    "mooncake_0510_master_check_timeout",
    "0.5.10.post1",
    "0.5.10.post1 storage/mooncake_store/mooncake_store.py:307 / :444-471 (check_server, SETUP_TIMEOUT=600), :432, cache_controller.py:334",
    "nccl_or_distributed",
    "MOONCAKE_CHECK_SERVER set and the master's metrics endpoint never answers in 10 min: the store's rendezvous timed out",
    join(
        sargs(QWEN, tp_size=1, page_size=64, **HI, hicache_mem_layout="page_first", hicache_storage_backend="mooncake"),
        boot(True, "Qwen3ForCausalLM"),
        f"{ts(72, 'TP0')} Allocating 99.17 GB host memory for hierarchical KV cache.",
        f"{ts(72, 'TP0')} Creating storage backend 'mooncake' (sglang.srt.mem_cache.storage.mooncake_store.mooncake_store.MooncakeStore)",
        f"{ts(72, 'TP0')} Mooncake Configuration loaded from env successfully.",
        f"{ts(75, 'TP0')} waiting mooncake store server started, cost_time: 3.01 seconds.",
        f"{ts(81, 'TP0')} waiting mooncake store server started, cost_time: 9.03 seconds.",
        f"{ts(87, 'TP0')} waiting mooncake store server started, cost_time: 15.04 seconds.",
        f"{ts(3590, 'TP0')} waiting mooncake store server started, cost_time: 597.82 seconds.",
        f"{ts(3593, 'TP0')} Launch mooncake store server timeout",
        f"{ts(3593, 'TP0')} Configuration loading failed: Launch mooncake store server timeout",
        f"{ts(3593, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *MOONCAKE0510,
            ("mem_cache/storage/mooncake_store/mooncake_store.py", 307, "__init__", "self.check_server()"),
            (
                "mem_cache/storage/mooncake_store/mooncake_store.py",
                471,
                "check_server",
                'raise ValueError("Launch mooncake store server timeout")',
            ),
        ),
        "ValueError: Launch mooncake store server timeout",
        CAUSE + TB,
        tb(PY312, *WRAPPED0510),
        "ValueError: Failed to create storage backend: Launch mooncake store server timeout",
        "",
        sigquit(3593),
    ),
)

case(
    "mooncake_055_warmup_transfer_timeout_one_rank",
    "0.5.5",
    "https://github.com/kvcache-ai/Mooncake/issues/1088 (glog line, rank order); 0.5.5 mooncake_store.py:205-221, :259",
    "nccl_or_distributed",
    "TP2's warmup put never completes (transfer timeout after 60 s) while TP0 warmed up: a store transfer failure at start-up",
    join(
        sargs(QWEN, tp_size=4, page_size=64, **HI, hicache_mem_layout="page_first", hicache_storage_backend="mooncake"),
        boot(False, "Qwen3ForCausalLM"),
        f"{ts(72, 'TP0')} Allocating 24.79 GB host memory for hierarchical KV cache.",
        glog(
            "I", 83, 203018, "pybind_client.cpp:218", "Mounting segment: 13421772800 bytes, 13421772800 of 13421772800"
        ),
        glog(
            "I", 83, 203019, "pybind_client.cpp:218", "Mounting segment: 13421772800 bytes, 13421772800 of 13421772800"
        ),
        f"{ts(83, 'TP2')} Connect to Mooncake store successfully.",
        f"{ts(83, 'TP3')} Connect to Mooncake store successfully.",
        f"{ts(83, 'TP1')} Connect to Mooncake store successfully.",
        f"{ts(83, 'TP0')} Connect to Mooncake store successfully.",
        f"{ts(83, 'TP0')} Mooncake store warmup successfully.",
        glog(
            "E",
            147,
            203020,
            "transfer_task.cpp:305",
            "Failed to complete transfers after 60 seconds for batch 2586731328",
        ),
        f"{ts(147, 'TP2')} An error occurred while loading the configuration: ",
        f"{ts(147, 'TP2')} Scheduler hit an exception: {TB}",
        tb(PY312, *MOONCAKE055),
        "AssertionError",
        "",
        sigquit(147),
    ),
)

case(
    "mooncake_0510_warmup_handshake_refused",
    "0.5.10.post1",
    "https://github.com/sgl-project/sglang/pull/17195 (glog lines, two ranks failing); 0.5.10.post1 mooncake_store.py:388/:476, :437",
    "nccl_or_distributed",
    "pods starting together: the peer's handshake port refuses, warmup put fails on TP3/TP6: a KV-store transfer failure",
    join(
        sargs(
            _DSV3,
            tp_size=8,
            page_size=64,
            trust_remote_code=True,
            **HI,
            hicache_mem_layout="page_first_direct",
            hicache_io_backend="direct",
            hicache_storage_backend="mooncake",
        ),
        boot(True, "DeepseekV3ForCausalLM", tokens=1203584, kv="KV size: 40.31 GB", ctx=163840),
        f"{ts(72, 'TP0')} Allocating 161.26 GB host memory for hierarchical KV cache.",
        glog(
            "I", 98, 2594569, "pybind_client.cpp:218", "Mounting segment: 13421772800 bytes, 13421772800 of 13421772800"
        ),
        f"{ts(99, 'TP4')} Mooncake store setup successfully.",
        f"{ts(99, 'TP4')} Mooncake store warmup successfully.",
        f"{ts(99, 'TP1')} Mooncake store setup successfully.",
        f"{ts(99, 'TP6')} Mooncake store setup successfully.",
        f"{ts(99, 'TP3')} Mooncake store setup successfully.",
        glog(
            "E",
            99,
            2594575,
            "transfer_metadata_plugin.cpp:909",
            "SocketHandShakePlugin: connect()10.0.0.30:15041: Connection refused [111]",
        ),
        glog("E", 99, 2594575, "transfer_task.cpp:572", "Failed to open segment for endpoint='10.0.0.30:15041'"),
        glog("E", 99, 2594575, "client.cpp:1601", "Failed to submit transfer operation"),
        glog(
            "E",
            99,
            2594572,
            "transfer_metadata_plugin.cpp:909",
            "SocketHandShakePlugin: connect()10.0.0.30:16526: Connection refused [111]",
        ),
        glog("E", 99, 2594572, "transfer_task.cpp:572", "Failed to open segment for endpoint='10.0.0.30:16526'"),
        glog("E", 99, 2594572, "client.cpp:1601", "Failed to submit transfer operation"),
        f"{ts(99, 'TP6')} An error occurred while loading the configuration: ",
        f"{ts(99, 'TP3')} An error occurred while loading the configuration: ",
        f"{ts(99, 'TP6')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *CTRL0510,
            *MOONCAKE0510,
            ("mem_cache/storage/mooncake_store/mooncake_store.py", 388, "__init__", "self.warmup()"),
            (
                "mem_cache/storage/mooncake_store/mooncake_store.py",
                476,
                "warmup",
                "assert self.store.put(warmup_key, warmup_value) == 0",
            ),
        ),
        "AssertionError",
        "",
        sigquit(99),
    ),
)

case(
    "hf3fs_050_register_fd_bad_file_descriptor",
    "0.5.0rc2 (dev checkout, Aug 2025)",
    "https://github.com/sgl-project/sglang/issues/9431 (= deepseek-ai/3FS#323), frames and lines as pasted",
    "config_error",
    "the hf3fs file_path_prefix (/data) is not on a 3FS mount, so usrbio's register_fd rejects the fd: fix the storage config",
    join(
        "[2025-08-20 12:49:58] server_args=ServerArgs(model_path='/models/DeepSeek-R1', tokenizer_path='/models/DeepSeek-R1', tp_size=8, page_size=64, enable_hierarchical_cache=True, hicache_ratio=2.0, hicache_size=0, hicache_write_policy='write_through', hicache_io_backend='kernel', hicache_mem_layout='page_first', hicache_storage_backend='hf3fs', ...)",
        "[2025-08-20 12:50:16 TP1] Allocating 78.24 GB host memory for hierarchical KV cache.",
        "[2025-08-20 12:50:18 TP1] Using global metadata client with server url: http://127.0.0.1:18000",
        "[2025-08-20 12:50:18 TP1] [Rank 1] HiCacheHF3FS Client Initializing: file_path=/data/hicache.1.bin, file_size=240.00 GB, num_pages=57299",
        f"[2025-08-20 12:50:18 TP1] Scheduler hit an exception: {TB}",
        f'  File "{WS}/sglang/srt/managers/scheduler.py", line 2552, in run_scheduler_process',
        "    scheduler = Scheduler(",
        "                ^^^^^^^^^^",
        f'  File "{WS}/sglang/srt/managers/scheduler.py", line 401, in __init__',
        "    self.init_memory_pool_and_cache()",
        f'  File "{WS}/sglang/srt/managers/scheduler.py", line 607, in init_memory_pool_and_cache',
        "    self.tree_cache = HiRadixCache(",
        "                      ^^^^^^^^^^^^^",
        f'  File "{WS}/sglang/srt/mem_cache/hiradix_cache.py", line 80, in __init__',
        "    self.cache_controller = HiCacheController(",
        "                            ^^^^^^^^^^^^^^^^^^",
        f'  File "{WS}/sglang/srt/managers/cache_controller.py", line 275, in __init__',
        "    self.storage_backend = HiCacheHF3FS.from_env_config(",
        "                           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
        f'  File "{WS}/sglang/srt/mem_cache/storage/hf3fs/storage_hf3fs.py", line 219, in from_env_config',
        "    return HiCacheHF3FS(",
        "           ^^^^^^^^^^^^^",
        f'  File "{WS}/sglang/srt/mem_cache/storage/hf3fs/storage_hf3fs.py", line 150, in __init__',
        "    Hf3fsClient(",
        f'  File "{WS}/sglang/srt/mem_cache/storage/hf3fs/client_hf3fs.py", line 68, in __init__',
        "    register_fd(self.file)",
        "OSError: [Errno 9] Bad file descriptor",
        "",
        "[2025-08-20 12:50:18] Received sigquit from a child process. It usually means the child failed.",
        "[2025-08-20 12:50:18 TP7] Using global metadata client with server url: http://127.0.0.1:18000",
        "[2025-08-20 12:50:18 TP7] [Rank 7] HiCacheHF3FS Client Initializing: file_path=/data/hicache.7.bin, file_size=240.00 GB, num_pages=57299",
    ),
)

case(
    "hf3fs_053_jit_without_ninja",
    "0.5.3",
    "0.5.3 storage/hf3fs/storage_hf3fs.py:142/:198/:319, hf3fs_usrbio_client.py:15 (torch cpp_extension load at import); torch's verify_ninja_availability",
    "config_error",
    "the hf3fs backend JIT-builds hf3fs_utils on first use and the image has no ninja: a missing build tool",
    join(
        sargs(QWEN, tp_size=1, page_size=64, **HI, hicache_mem_layout="page_first", hicache_storage_backend="hf3fs"),
        boot(False, "Qwen3ForCausalLM"),
        f"{ts(72, 'TP0')} Allocating 99.17 GB host memory for hierarchical KV cache.",
        f"{ts(72, 'TP0')} Creating storage backend 'hf3fs' (sglang.srt.mem_cache.storage.hf3fs.storage_hf3fs.HiCacheHF3FS)",
        f"{ts(72, 'TP0')} Using global metadata client with server url: http://10.95.109.64:19090",
        f"{ts(72, 'TP0')} [Rank 0] HiCacheHF3FS Client Initializing: file_path=/mnt/3fs/hicache/qwen3-32b.0.bin, file_size=200.00 GB, num_pages=12800, is_mla_model=False",
        f"{ts(73, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *BUILTIN053,
            (
                "mem_cache/storage/backend_factory.py",
                183,
                "_create_builtin_backend",
                "return backend_class.from_env_config(bytes_per_page, dtype, storage_config)",
            ),
            ("mem_cache/storage/hf3fs/storage_hf3fs.py", 319, "from_env_config", "return HiCacheHF3FS("),
            ("mem_cache/storage/hf3fs/storage_hf3fs.py", 198, "__init__", "create_hf3fs_client("),
            (
                "mem_cache/storage/hf3fs/storage_hf3fs.py",
                142,
                "create_hf3fs_client",
                "from sglang.srt.mem_cache.storage.hf3fs.hf3fs_usrbio_client import (",
            ),
            ("<frozen importlib._bootstrap>", 1360, "_find_and_load", ""),
            ("<frozen importlib._bootstrap>", 1331, "_find_and_load_unlocked", ""),
            ("<frozen importlib._bootstrap>", 935, "_load_unlocked", ""),
            ("<frozen importlib._bootstrap_external>", 999, "exec_module", ""),
            ("<frozen importlib._bootstrap>", 488, "_call_with_frames_removed", ""),
            (
                "mem_cache/storage/hf3fs/hf3fs_usrbio_client.py",
                15,
                "<module>",
                'hf3fs_utils = load(name="hf3fs_utils", sources=[f"{root}/hf3fs_utils.cpp"])',
            ),
            ("+torch/utils/cpp_extension.py", 1623, "load", "return _jit_compile("),
            ("+torch/utils/cpp_extension.py", 2076, "_jit_compile", "_write_ninja_file_and_build_library("),
            (
                "+torch/utils/cpp_extension.py",
                2183,
                "_write_ninja_file_and_build_library",
                "verify_ninja_availability()",
            ),
            (
                "+torch/utils/cpp_extension.py",
                2240,
                "verify_ninja_availability",
                'raise RuntimeError("Ninja is required to load C++ extensions (pip install ninja to get it)")',
            ),
        ),
        "RuntimeError: Ninja is required to load C++ extensions (pip install ninja to get it)",
        "",
        sigquit(73),
    ),
)

case(
    "nixl_0510_obj_plugin_without_bucket",
    "0.5.10.post1",
    "0.5.10.post1 storage/nixl/nixl_utils.py:136-141 (logger.error), storage/nixl/hicache_nixl.py:81",
    "config_error",
    "SGLANG_HICACHE_NIXL_BACKEND_PLUGIN=OBJ and no AWS_DEFAULT_BUCKET / bucket in the extra-config: the user's settings",
    join(
        sargs(QWEN, tp_size=1, page_size=64, **HI, hicache_storage_backend="nixl"),
        boot(True, "Qwen3ForCausalLM"),
        f"{ts(72, 'TP0')} Allocating 99.17 GB host memory for hierarchical KV cache.",
        f"{ts(72, 'TP0')} Creating storage backend 'nixl' (sglang.srt.mem_cache.storage.nixl.hicache_nixl.HiCacheNixl)",
        f"{ts(72, 'TP0')} AWS_DEFAULT_BUCKET environment variable must be set for object storage",
        f"{ts(72, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            *CTRL0510,
            *BUILTIN0510,
            (
                "mem_cache/storage/backend_factory.py",
                164,
                "_create_builtin_backend",
                "return backend_class(storage_config)",
            ),
            (
                "mem_cache/storage/nixl/hicache_nixl.py",
                81,
                "__init__",
                'raise RuntimeError("Failed to create NIXL backend")',
            ),
        ),
        "RuntimeError: Failed to create NIXL backend",
        "",
        sigquit(72),
    ),
)

case(
    "lmcache_053_not_installed",
    "0.5.3",
    "0.5.3 managers/scheduler.py:782, mem_cache/storage/lmcache/lmc_radix_cache.py:15-22",
    "config_error",
    "--enable-lmcache without the lmcache package: a missing dependency named in SGLang's own message",
    join(
        sargs(QWEN, tp_size=1, enable_lmcache=True),
        boot(False, "Qwen3ForCausalLM"),
        f"{ts(72, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            (
                "mem_cache/storage/lmcache/lmc_radix_cache.py",
                15,
                "<module>",
                "from lmcache.integration.sglang.sglang_adapter import (",
            ),
        ),
        "ModuleNotFoundError: No module named 'lmcache'",
        CAUSE + TB,
        tb(
            PY312,
            S053[0],
            S053[1],
            (
                "managers/scheduler.py",
                782,
                "init_memory_pool_and_cache",
                "from sglang.srt.mem_cache.storage.lmcache.lmc_radix_cache import (",
            ),
            ("<frozen importlib._bootstrap>", 1360, "_find_and_load", ""),
            ("<frozen importlib._bootstrap>", 1331, "_find_and_load_unlocked", ""),
            ("<frozen importlib._bootstrap>", 935, "_load_unlocked", ""),
            ("<frozen importlib._bootstrap_external>", 999, "exec_module", ""),
            ("<frozen importlib._bootstrap>", 488, "_call_with_frames_removed", ""),
            ("mem_cache/storage/lmcache/lmc_radix_cache.py", 21, "<module>", "raise RuntimeError("),
        ),
        "RuntimeError: LMCache is not installed. Please install it by running `pip install lmcache`",
        "",
        sigquit(72),
    ),
)

# ================================================================================ after ready: the scheduler dies
_SERVE0510 = [
    f'{ts(80)} INFO:     10.0.3.17:51544 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    f"{ts(80, 'TP0')} Prefill batch, #new-seq: 8, #new-token: 8192, #cached-token: 24576, token usage: 0.88, #running-req: 212, #queue-req: 40, ",
    f"{ts(81, 'TP0')} Decode batch, #running-req: 220, #token: 716928, token usage: 0.88, cuda graph: True, gen throughput (token/s): 3120.45, #queue-req: 40, ",
]
case(
    "runtime_0510_prefill_oom_under_hicache",
    "0.5.10.post1",
    "0.5.10.post1 mem_cache/common.py:285-292 (alloc_paged_token_slots_extend), base_prefix_cache.py:274, radix_cache.py:575; shape as sglang#27215",
    "oom_runtime",
    "after ready the device pool cannot fit a prefill (tokens held by host loads): SGLang's runtime OOM kills the scheduler",
    join(
        sargs(QWEN, tp_size=1, page_size=64, **HI, hicache_storage_backend="file"),
        boot(True, "Qwen3ForCausalLM"),
        f"{ts(72, 'TP0')} Allocating 99.17 GB host memory for hierarchical KV cache.",
        f"{ts(72, 'TP0')} Creating storage backend 'file' (sglang.srt.mem_cache.hicache_storage.HiCacheFile)",
        ready(74),
        _SERVE0510,
        f"{ts(95, 'TP0')} Prefill out of memory. Try to lower your batch size.",
        "Try to allocate 16384 tokens.",
        "Available tokens: 9472 (available_size=1280 + evictable_size=8192)",
        "",
        " 0 [] r=1",
        "   8192 [151644, 8948, 198, 2610, 525, 1207, 16948, 11, 3465, 553] r=0",
        "   24576 [151644, 8948, 198, 2610, 525, 264, 10950, 17847, 13, 151645] r=14",
        "#tokens: 803712",
        f"{ts(95, 'TP0')} Scheduler hit an exception: {TB}",
        tb(
            PY312,
            ("managers/scheduler.py", 3616, "run_scheduler_process", "scheduler.run_event_loop()"),
            ("managers/scheduler.py", 1300, "run_event_loop", "dispatch_event_loop(self)"),
            ("managers/scheduler.py", 3497, "dispatch_event_loop", "scheduler.event_loop_overlap()"),
            ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
            ("managers/scheduler.py", 1350, "event_loop_overlap", "batch = self.get_next_batch_to_run()"),
            ("managers/scheduler.py", 2248, "get_next_batch_to_run", "new_batch = self.get_new_batch_prefill()"),
            ("managers/scheduler.py", 2315, "get_new_batch_prefill", "ret = self._get_new_batch_prefill_raw("),
            ("managers/scheduler.py", 2518, "_get_new_batch_prefill_raw", "new_batch.prepare_for_extend()"),
            (
                "managers/schedule_batch.py",
                1615,
                "prepare_for_extend",
                "out_cache_loc, req_pool_indices_tensor, req_pool_indices = alloc_for_extend(",
            ),
            ("mem_cache/common.py", 366, "alloc_for_extend", "out_cache_loc = alloc_paged_token_slots_extend("),
            ("mem_cache/common.py", 292, "alloc_paged_token_slots_extend", "raise RuntimeError(error_msg)"),
        ),
        "RuntimeError: Prefill out of memory. Try to lower your batch size.",
        "Try to allocate 16384 tokens.",
        "Available tokens: 9472 (available_size=1280 + evictable_size=8192)",
        "",
        "",
        sigquit(95),
    ),
)

_T = "/usr/lib/python3.12/threading.py"
case(
    "runtime_055_mooncake_segfault_after_store_scale_down",
    "0.5.5 (dev checkout, Nov 2025)",
    "https://github.com/sgl-project/sglang/issues/13395 (first frames and the segfault); 0.5.5 cache_controller.py:580-654, mooncake_store.py:338/:519",
    "nccl_or_distributed",
    "store replicas scaled down under a serving server: the Mooncake client reads a vanished segment and segfaults the scheduler",
    join(
        "[2025-11-17 03:24:58 TP0] Prefill batch, #new-seq: 1, #new-token: 64, #cached-token: 3968, token usage: 0.12, #running-req: 6, #queue-req: 0, ",
        "[2025-11-17 03:25:00 TP0] Decode batch, #running-req: 7, #token: 41280, token usage: 0.12, cuda graph: True, gen throughput (token/s): 402.17, #queue-req: 0, ",
        '[2025-11-17 03:25:01] INFO:     10.2.0.51:45974 - "GET /metrics HTTP/1.1" 200 OK',
        "Fatal Python error: Segmentation fault",
        "",
        "Thread 0x00007edef7fff640 (most recent call first):",
        f'  File "{WS}/sglang/srt/managers/scheduler.py", line 2207 in watchdog_thread',
        f'  File "{_T}", line 1012 in run',
        f'  File "{_T}", line 1075 in _bootstrap_inner',
        f'  File "{_T}", line 1032 in _bootstrap',
        "",
        "Current thread 0x00007edf0dfff640 (most recent call first):",
        f'  File "{WS}/sglang/srt/mem_cache/storage/mooncake_store/mooncake_store.py", line 519 in _get_batch_zero_copy_impl',
        f'  File "{WS}/sglang/srt/mem_cache/storage/mooncake_store/mooncake_store.py", line 338 in batch_get_v1',
        f'  File "{WS}/sglang/srt/managers/cache_controller.py", line 583 in _page_get_zero_copy',
        f'  File "{WS}/sglang/srt/managers/cache_controller.py", line 630 in _page_transfer',
        f'  File "{WS}/sglang/srt/managers/cache_controller.py", line 654 in prefetch_io_aux_func',
        f'  File "{_T}", line 1012 in run',
        f'  File "{_T}", line 1075 in _bootstrap_inner',
        f'  File "{_T}", line 1032 in _bootstrap',
        "",
        "Thread 0x00007f0b2d6f3480 (most recent call first):",
        f'  File "{WS}/sglang/srt/managers/scheduler.py", line 1004 in event_loop_overlap',
        '  File "/usr/local/lib/python3.12/dist-packages/torch/utils/_contextlib.py", line 120 in decorate_context',
        f'  File "{WS}/sglang/srt/managers/scheduler.py", line 2869 in run_scheduler_process',
        '  File "/usr/lib/python3.12/multiprocessing/process.py", line 108 in run',
        '  File "/usr/lib/python3.12/multiprocessing/process.py", line 314 in _bootstrap',
        '  File "/usr/lib/python3.12/multiprocessing/spawn.py", line 135 in _main',
        '  File "/usr/lib/python3.12/multiprocessing/spawn.py", line 122 in spawn_main',
        '  File "<string>", line 1 in <module>',
        "",
        "Extension modules: numpy._core._multiarray_umath, numpy.linalg._umath_linalg, torch._C, torch._C._dynamo.autograd_compiler, zmq.backend.cython._zmq, yaml._yaml, psutil._psutil_linux, sentencepiece._sentencepiece, msgspec._core (total: 94)",
    ),
)

case(
    "runtime_cudamemcpybatch_invalid_argument_in_backup",
    "0.5.11 (dev checkout, Jun 2026)",
    "https://github.com/sgl-project/sglang/issues/28396 (frames and error as pasted; the deepest frames are cut where the paste was)",
    "cuda_error_other",
    "the device-to-host backup's batched CUDA memcpy fails with invalid argument on B300 after ready: a CUDA runtime fault",
    join(
        "[2026-06-18 08:12:40] The server is fired up and ready to roll!",
        "[2026-06-18 08:13:02 TP0] Prefill batch, #new-seq: 1, #new-token: 16384, #cached-token: 0, full token usage: 0.02, swa token usage: 0.05, #running-req: 0, #queue-req: 0, ",
        f"[2026-06-18 08:13:04 TP0] Scheduler hit an exception: {TB}",
        f'  File "{WS}/sglang/srt/mem_cache/unified_radix_cache.py", line 575, in insert',
        "    result = self._insert_helper(self.root_node, key, value, params)",
        "             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
        f'  File "{WS}/sglang/srt/mem_cache/unified_radix_cache.py", line 1094, in _insert_helper',
        "    self._inc_hit_count(node, params.chunked)",
        f'  File "{WS}/sglang/srt/mem_cache/unified_radix_cache.py", line 1745, in _inc_hit_count',
        "    self.write_backup(node)",
        f'  File "{WS}/sglang/srt/mem_cache/unified_radix_cache.py", line 1504, in write_backup',
        "    host_indices = self.cache_controller.write(",
        "                   ^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
        f'  File "{WS}/sglang/srt/mem_cache/hybrid_cache/hybrid_cache_controller.py", line 390, in write',
        "    self.start_writing()",
        f'  File "{WS}/sglang/srt/mem_cache/hybrid_cache/hybrid_cache_controller.py", line 406, in start_writing',
        "    self.mem_pool_host.backup_from_device_all_layer(",
        f'  File "{WS}/sglang/srt/mem_cache/memory_pool_host.py", line 2701, in backup_from_device_all_layer',
        "RuntimeError: cudaMemcpyBatchAsync failed (invalid argument)",
        "",
        "[2026-06-18 08:13:04] Received sigquit from a child process. It usually means the child failed.",
    ),
)

# ================================================================================ healthy contrasts
_HASH = (
    "4f1c0b7a9e3d25c86b1f0e7d9a2c4b6e8f0a1c3e5d7b9f2a4c6e8d0b2f4a6c8e",
    "9b1e7d3c5a0f2e4d6c8b0a2f4e6d8c0b2a4f6e8d0c2b4a6f8e0d2c4b6a8f0e7",
    "c2a4e6f8b0d2c4e6a8f0b2d4c6e8a0f2b4d6c8e0a2f4b6d8c0e2a4f6b8d0c2e4",
)
case(
    "healthy_0510_file_backend_misses_and_full_disk",
    "0.5.10.post1",
    "0.5.10.post1 mem_cache/hicache_storage.py:360 / :393 (HiCacheFile get/set), managers/cache_controller.py:844 / :1032",
    "healthy",
    "L3 pages missing on read and a full disk on write are logged per page; prefetch and backup give up and serving goes on",
    join(
        sargs(QWEN, tp_size=1, page_size=64, **HI, hicache_storage_backend="file"),
        boot(True, "Qwen3ForCausalLM"),
        f"{ts(72, 'TP0')} Allocating 99.17 GB host memory for hierarchical KV cache.",
        f"{ts(72, 'TP0')} Creating storage backend 'file' (sglang.srt.mem_cache.hicache_storage.HiCacheFile)",
        f"{ts(72, 'TP0')} Created HiCacheFile storage directory at /mnt/nvme0/hicache",
        ready(74),
        _SERVE0510,
        f"{ts(96, 'TP0')} Failed to fetch {_HASH[0]}_Qwen-Qwen3-32B_0_1 from HiCacheFile storage.",
        f"{ts(96, 'TP0')} Prefetch operation 8c5f0e3a2b7d4c19a6e1f0b2d3c4e5a6 failed to retrieve page {_HASH[0]}.",
        f"{ts(96, 'TP0')} Prefill batch, #new-seq: 1, #new-token: 6144, #cached-token: 2048, token usage: 0.61, #running-req: 140, #queue-req: 3, ",
        f"{ts(140, 'TP0')} Failed to save tensor {_HASH[1]}_Qwen-Qwen3-32B_0_1: [Errno 28] No space left on device",
        f"{ts(140, 'TP0')} Write page to storage: 128 pages failed.",
        f"{ts(141, 'TP0')} Failed to save tensor {_HASH[2]}_Qwen-Qwen3-32B_0_1: [Errno 28] No space left on device",
        f"{ts(141, 'TP0')} Write page to storage: 37 pages failed.",
        f'{ts(142)} INFO:     10.0.3.17:51566 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f"{ts(142, 'TP0')} Decode batch, #running-req: 151, #token: 498112, token usage: 0.61, cuda graph: True, gen throughput (token/s): 2987.02, #queue-req: 0, ",
    ),
)

case(
    "healthy_0510_mooncake_transfer_errors_logged",
    "0.5.10.post1",
    "glog lines from kvcache-ai/Mooncake#809 and sglang#17195; 0.5.10.post1 managers/cache_controller.py:827 / :1032 (warnings, serving goes on)",
    "healthy",
    "a Mooncake peer is gone: its transfer engine logs E-lines, SGLang logs failed pages, recomputes and keeps serving",
    join(
        sargs(QWEN, tp_size=1, page_size=64, **HI, hicache_mem_layout="page_first", hicache_storage_backend="mooncake"),
        boot(True, "Qwen3ForCausalLM"),
        f"{ts(72, 'TP0')} Allocating 99.17 GB host memory for hierarchical KV cache.",
        f"{ts(72, 'TP0')} Creating storage backend 'mooncake' (sglang.srt.mem_cache.storage.mooncake_store.mooncake_store.MooncakeStore)",
        f"{ts(72, 'TP0')} Mooncake Configuration loaded from env successfully.",
        f"{ts(73, 'TP0')} Mooncake store setup successfully.",
        f"{ts(73, 'TP0')} Mooncake store warmup successfully.",
        ready(74),
        _SERVE0510,
        glog(
            "E",
            120,
            31942,
            "transfer_metadata_plugin.cpp:909",
            "SocketHandShakePlugin: connect()10.0.0.31:15041: Connection refused [111]",
        ),
        glog("E", 120, 31942, "transfer_task.cpp:572", "Failed to open segment for endpoint='10.0.0.31:15041'"),
        glog("E", 120, 31942, "client.cpp:1601", "Failed to submit transfer operation"),
        glog("E", 120, 31950, "store_py.cpp:516", "Put operation failed with error: TRANSFER_FAIL"),
        f"{ts(120, 'TP0')} Prefetch operation 3f9c2d1e0a8b47c6b5d4e3f2a1b0c9d8 failed to retrieve page {_HASH[1]}.",
        f"{ts(120, 'TP0')} Write page to storage: 4 pages failed.",
        f"{ts(121, 'TP0')} Prefill batch, #new-seq: 2, #new-token: 8192, #cached-token: 1024, token usage: 0.62, #running-req: 148, #queue-req: 1, ",
        f'{ts(123)} INFO:     10.0.3.17:51570 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f"{ts(124, 'TP0')} Decode batch, #running-req: 150, #token: 503104, token usage: 0.62, cuda graph: True, gen throughput (token/s): 3002.61, #queue-req: 0, ",
    ),
)

case(
    "healthy_050rc2_hf3fs_get_and_set_failed",
    "0.5.0rc2",
    "0.5.0rc2 mem_cache/storage/hf3fs/storage_hf3fs.py:270 / :319, managers/cache_controller.py:567 / :730",
    "healthy",
    "3FS reads short and a write fails: logged as errors per key, the operation stops, the scheduler serves on",
    join(
        sargs(QWEN, tp_size=1, page_size=64, **HI, hicache_mem_layout="page_first", hicache_storage_backend="hf3fs"),
        boot(False, "Qwen3ForCausalLM"),
        f"{ts(72, 'TP0')} Allocating 99.17 GB host memory for hierarchical KV cache.",
        f"{ts(72, 'TP0')} Using global metadata client with server url: http://10.95.109.64:19090",
        f"{ts(72, 'TP0')} [Rank 0] HiCacheHF3FS Client Initializing: file_path=/mnt/3fs/hicache.0.bin, file_size=200.00 GB, num_pages=12800",
        ready(74),
        f"{ts(80, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 2048, #cached-token: 1, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f"{ts(90, 'TP0')} [Rank 0] HiCacheHF3FS get {_HASH[0]} failed",
        f"{ts(90, 'TP0')} [Rank 0] HiCacheHF3FS get {_HASH[1]} failed",
        f"{ts(91, 'TP0')} [Rank 0] HiCacheHF3FS set {_HASH[2]} failed",
        f"{ts(91, 'TP0')} Failed to write page ['{_HASH[2]}'] to storage.",
        f"{ts(92, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 2048, #cached-token: 0, token usage: 0.02, #running-req: 1, #queue-req: 0, ",
        f"{ts(93, 'TP0')} Decode batch. #running-req: 2, #token: 4224, token usage: 0.02, cuda graph: True, gen throughput (token/s): 87.43, #queue-req: 0, ",
        f'{ts(94)} INFO:     127.0.0.1:52068 - "POST /generate HTTP/1.1" 200 OK',
    ),
)

case(
    "healthy_0510_startup_rewrites_io_and_layout",
    "0.5.10.post1",
    "0.5.10.post1 server_args.py:2896-2946 (hicache rewrites, printed before logging is set up), memory_pool_host.py:100 (allocator fallback), mooncake_store.py:386/:389",
    "healthy",
    "FA3 decode forces direct io, Mooncake rewrites layer_first to page_first_direct, the allocator falls back: all warnings, then ready",
    join(
        "Mooncake storage backend does not support layer_first layout, switching to page_first layout for kernel io backend",
        "FlashAttention3 decode backend is not compatible with hierarchical cache. Setting hicache_io_backend to vanilla I/O, which may lead to suboptimal performance with small page sizes.",
        "Page first layout is not supported with direct IO backend, switching to page first direct layout",
        sargs(
            QWEN,
            tp_size=1,
            page_size=64,
            attention_backend="fa3",
            decode_attention_backend="fa3",
            **HI,
            hicache_io_backend="direct",
            hicache_mem_layout="page_first_direct",
            hicache_storage_backend="mooncake",
        ),
        boot(True, "Qwen3ForCausalLM"),
        f"{ts(72, 'TP0')} Mooncake's tensor allocator requires mooncake >= 0.3.8.post1. Please upgrade Mooncake by 'pip install mooncake-transfer-engine --upgrade'. Fallback to use default allocator.",
        f"{ts(72, 'TP0')} Allocating 99.17 GB host memory for hierarchical KV cache.",
        f"{ts(72, 'TP0')} Creating storage backend 'mooncake' (sglang.srt.mem_cache.storage.mooncake_store.mooncake_store.MooncakeStore)",
        f"{ts(72, 'TP0')} Mooncake Configuration loaded from env successfully.",
        "WARNING: Logging before InitGoogleLogging() is written to STDERR",
        glog("I", 72, 204, "client_metric.cpp:76", "Client metrics enabled (default enabled)"),
        f"{ts(73, 'TP0')} Mooncake store setup successfully.",
        f"{ts(73, 'TP0')} Mooncake store warmup successfully.",
        ready(74),
        f"{ts(80, 'TP0')} Prefill batch, #new-seq: 1, #new-token: 64, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
    ),
)

_WS_OLD = "/sgl-workspace/hzh/sglang/python"
case(
    "healthy_prefetch_thread_nameerror_after_ready",
    "0.4.10 (dev checkout, Aug 2025)",
    "https://github.com/sgl-project/sglang/pull/8668 (the thread's traceback as pasted); serving lines in 0.4.10's format",
    "healthy",
    "the storage prefetch thread (a daemon) dies on a NameError; the scheduler is untouched and keeps serving without L3 prefetch",
    join(
        f"{ts(0)} server_args=ServerArgs(model_path='/models/Qwen2.5-7B-Instruct', tokenizer_path='/models/Qwen2.5-7B-Instruct', tp_size=1, page_size=64, enable_hierarchical_cache=True, hicache_ratio=2.0, hicache_storage_backend='file', ...)",
        boot(False, "Qwen2ForCausalLM", tokens=1421760, kv="K size: 38.02 GB, V size: 38.02 GB", ctx=32768),
        f"{ts(72, 'TP0')} Allocating 152.07 GB host memory for hierarchical KV cache.",
        ready(74),
        f'{ts(80)} INFO:     127.0.0.1:43236 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        f"{ts(81, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 2048, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        "Exception in thread Thread-11 (prefetch_thread_func):",
        TB,
        '  File "/usr/lib/python3.10/threading.py", line 1016, in _bootstrap_inner',
        "    self.run()",
        '  File "/usr/lib/python3.10/threading.py", line 953, in run',
        "    self._target(*self._args, **self._kwargs)",
        f'  File "{_WS_OLD}/sglang/srt/managers/cache_controller.py", line 630, in prefetch_thread_func',
        "    if not isinstance(self.storage_backend, MooncakeStore):",
        "NameError: name 'MooncakeStore' is not defined",
        f"{ts(82, 'TP0')} Decode batch. #running-req: 1, #token: 2112, token usage: 0.00, cuda graph: True, gen throughput (token/s): 91.20, #queue-req: 0, ",
        f'{ts(85)} INFO:     127.0.0.1:52068 - "POST /generate HTTP/1.1" 200 OK',
        f"{ts(86, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 2048, #cached-token: 2048, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f"{ts(87, 'TP0')} Decode batch. #running-req: 1, #token: 4160, token usage: 0.00, cuda graph: True, gen throughput (token/s): 92.04, #queue-req: 0, ",
    ),
)


# The classifier's misses at first sight (strict: a fix must remove the entry), with the label it gave.
XFAIL: dict[str, str] = {
    "mooncake_0510_master_check_timeout": "config_error",
    "mooncake_0510_warmup_handshake_refused": "config_error",
    "mooncake_055_master_unreachable_then_warmup_assert": "config_error",
    "mooncake_055_warmup_transfer_timeout_one_rank": "config_error",
    "runtime_055_mooncake_segfault_after_store_scale_down": "unknown",
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_hicache_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


# Healthy templates that fire a failure event on the way at first sight (what a live supervisor acts on), with the
# event's label: the same check as tests/test_logwatch_review.py, kept strict here.
EVENT_XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_hicache_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35

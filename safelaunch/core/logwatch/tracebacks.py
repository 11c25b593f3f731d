"""Python tracebacks in the log: their headers, frames, exception lines, and which start-up step a frame is in.

An OOM's message rarely says what was allocating; the frames above it do (`capture_one_batch_size`,
`init_memory_pool`, a DeepEP buffer). The classifier keeps the frames of the traceback it is reading
(bounded) in a `Block`, and each frame's category comes from SGLang's own function and module names.
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass

from .contract import Evidence

# Frame categories of the network between ranks or instances: collectives and process groups, and PD
# disaggregation's KV transfer engines. A failure raised (or crashed) in them is a distributed one.
NETWORK_FRAMES = frozenset({"distributed", "kv_transfer"})

FRAME = re.compile(r'File "([^"]*)", line \d+,? in (\S+)')  # no comma: faulthandler's dump
# A frame wrapped across lines (a terminal or an issue thread broke it): `File "path",` then `line 499, in f`.
FRAME_HEAD = re.compile(r'File "([^"]*)",?\s*$')
FRAME_TAIL = re.compile(r"\s*line \d+,? in (\S+)")
TB_HEADER = "Traceback (most recent call last)"
EXC_LINE = re.compile(
    r"((?:[A-Za-z_][\w]*[./])*[A-Za-z_]\w*(?:Error|Exception|Derived|Exit|Interrupt)|Exception)(?::\s*(.*))?$"
)
# An exception whose type's name says neither Error nor Exception (`torch._dynamo.exc.FailOnRecompileLimitHit: ...`,
# `torch._dynamo.exc.Unsupported: ...`): Python prints a type outside builtins with its module, so a dotted name ending
# in a class name, right below a traceback's innermost frame, is that traceback's exception line.
QUALIFIED_EXC = re.compile(r"((?:[a-z_]\w*\.)+[A-Z]\w*)(?::\s*(.*))?$")
CHAIN = ("During handling of the above exception", "The above exception was the direct cause")
# Lines torch prints after every CUDA error: they repeat the error's name but are not a new error.
BOILERPLATE = (
    "CUDA kernel errors might be",
    "For debugging consider passing",
    "Compile with `TORCH_USE_CUDA_DSA`",
    "Possible solutions:",
    "Open an issue on GitHub",
    "Please report this issue",
    "To work around this error",
    # torch 2.8+'s AcceleratorError adds the error's hint and its code's name below it (`GPU device may be out of
    # range, do you have enough GPUs?`, ``Search for `cudaErrorInvalidDevice' in https://docs.nvidia.com/...``)
    "Search for `cudaError",
    "Search for `hipError",
    "GPU device may be out of range",
)

# Frame categories: the function (more specific) first, then the file.
_FRAME_FUNCS: dict[str, str] = {}
for _cat, _names in (
    (
        "weights",
        "load_model load_weights create_weights weight_loader _initialize_model get_model initialize_model "
        "load_weights_and_postprocess _load_weights make_layers exposed_init_model load_model_from_config",
    ),
    (
        "kv_pool",
        "init_memory_pool profile_max_num_token init_kv_cache init_cache_with_memory_pool configure_kv_cache "
        "init_memory_pools _init_pools _create_buffers _init_mamba_pool",
    ),
    (
        "capture",
        "capture capture_one_batch_size init_cuda_graphs init_device_graphs capture_one_step "
        "_capture_graph init_piecewise_cuda_graphs capture_prefill capture_decode warmup_and_capture",
    ),
    (  # the scheduler's serving loop: only requests run here
        "loop",
        "forward_batch_generation forward_step exposed_step event_loop_normal event_loop_overlap "
        "event_loop_pp event_loop_normal_disagg_prefill event_loop_normal_disagg_decode run_batch "
        "forward_thread_func forward_thread_func_ forward_prefill_batch forward_decode_batch process_batch_result "
        "handle_generate_request handle_loop",  # the tokenizer manager's loop over the scheduler's outputs
    ),
    (  # one HTTP request in the tokenizer manager: its error is answered with a 4xx/5xx, the server goes on
        "request",
        "generate_request _tokenize_one_request _validate_one_request _wait_one_response _handle_batch_request "
        "_send_one_request",
    ),
    ("runtime", "forward_extend forward_decode forward_idle"),
    (  # SGLang's token/KV slot allocators (mem_cache/common.py, the allocators' alloc_extend / alloc_decode): a batch
        # that finds no free slots raises "Prefill/Decode out of memory" here
        "kv_alloc",
        "alloc_token_slots alloc_paged_token_slots_extend alloc_paged_token_slots_decode alloc_req_slots "
        "alloc_extend alloc_decode",
    ),  # also run by warm-ups and autotuning
    # building a kernel at run time: a missing compiler, header or build tool is the environment's fault
    (  # Triton builds its own driver module (cuda_utils / hip_utils) with the host's C compiler on first use
        "build",
        "_run_ninja_build _write_ninja_file_and_build_library _jit_compile build_and_load load_inline "
        "compile_module_from_src",
    ),
    ("warmup", "_wait_and_warmup _execute_server_warmup"),
    ("port", "wait_port_available is_port_available"),  # SGLang's own port helpers (utils/network.py)
    (  # reading the arguments and the model's config, starting the processes: nothing has run on a GPU yet
        "setup",
        "prepare_server_args from_cli_args __post_init__ _verify_quantization override_quantization_method "
        "_launch_subprocesses launch_server _handle_gpu_memory_settings",
    ),  # the server's own first request to itself
    (
        "distributed",
        "init_torch_distributed initialize_model_parallel init_distributed_environment "
        "init_process_group ncclCommInitRank init_model_parallel_group all_reduce barrier",
    ),
):
    for _n in _names.split():
        _FRAME_FUNCS[_n] = _cat
_FRAME_PATHS = (
    # a kernel built or compiled at run time (Triton lowers each kernel for this GPU on first use; before the
    # kernel libraries: FlashInfer's JIT is the build of a kernel, not its workspace)
    (
        "build",
        re.compile(
            r"torch/utils/cpp_extension|flashinfer/jit/|triton/runtime/build\.py|triton/(?:backends/\w+/)?compiler"
        ),
    ),
    (
        "workspace",
        re.compile(r"deep_?ep|deep_?gemm|flashinfer|trtllm|token_dispatcher|moe_runner|cutlass_moe|ep_moe", re.I),
    ),
    # PD disaggregation's KV transfer backends (SGLang's `disaggregation/<backend>/` packages: Mooncake, NIXL, Mori,
    # Ascend, the common bootstrap; 0.5.10+'s shared `mooncake_transfer_engine`) and the engines' own packages. Not
    # `disaggregation/decode.py` / `prefill.py`: those are the scheduler's loop and queues, not the transport.
    (
        "kv_transfer",
        re.compile(r"srt/disaggregation/\w+/|mooncake_transfer_engine|(?:site|dist)-packages/(?:mooncake|nixl)\w*/"),
    ),
    ("capture", re.compile(r"cuda_graph|graph_runner|piecewise|breakable")),
    ("kv_pool", re.compile(r"mem_cache/(?:\w+_)?memory_pool\.|kv_cache_configurator|pool_configurator|kv_cache_mixin")),
    # SGLang's loaders: the LLM runtime's model_loader/, the diffusion runtime's runtime/loader/ (component loaders)
    ("weights", re.compile(r"model_loader/|runtime/loader/")),
    # every HTTP request runs under uvicorn's protocol handler (run_asgi); the OpenAI adapters serve one request
    ("request", re.compile(r"uvicorn/protocols/|openai_api/adapter|entrypoints/openai/serving_")),
    # torch's elastic launcher (torchrun) waiting on its workers: a launcher, not a collective
    ("launcher", re.compile(r"torch/distributed/(?:elastic/|run\.py|launcher/)")),
    ("distributed", re.compile(r"/distributed/|parallel_state|pynccl|device_communicators|torch/distributed")),
)


def frame_category(path: str, func: str) -> str | None:
    """Which start-up step a traceback frame belongs to, from SGLang's module and function names."""
    cat = _FRAME_FUNCS.get(func)
    if func == "<module>":
        return None if path.endswith("runpy.py") else "import"  # a module's top level: the script, or an import
    if cat is None and func.startswith("event_loop"):
        cat = "loop"  # every scheduler loop variant (overlap, pp, disaggregated prefill/decode, pdmux, ...)
    elif cat is None and ("workspace" in func or "autotun" in func or ("moe" in func and "buffer" in func)):
        cat = "workspace"
    if cat is not None:
        return cat
    for name, rx in _FRAME_PATHS:
        if rx.search(path):
            return name
    return None


@dataclass(slots=True)
class Block:
    """The traceback being read: its header line and its frames with their categories, innermost last
    (innermost first in a faulthandler dump, `dump` naming which thread: `crashed` or `bystander`)."""

    header: Evidence | None
    rank: str | None
    frames: deque  # of (Evidence, category)
    resolved: bool = False
    capture: bool = False
    dump: str | None = None
    caught: bool = False  # printed right below a line that says the process goes on: `logger.exception`'s own

    def categories(self, innermost_first: bool = False) -> list[str | None]:
        """The frames' categories, outermost first (or innermost first)."""
        cats = [c for _, c in self.frames]
        return cats[::-1] if innermost_first != bool(self.dump) else cats

    def importing(self) -> bool:
        """Whether this traceback was raised while a module was being imported: a module's top level (`<module>`)
        run from inside another frame. The script that was started (the outermost `<module>`, under runpy's
        frames) is no import, however often it shows (a re-raise in the script's own `except`)."""
        paths = [(m.group(1), c) for e, c in self.frames if (m := FRAME.search(e.text)) is not None]
        if self.dump:
            paths.reverse()
        while paths and paths[0][0].endswith("runpy.py"):
            paths.pop(0)
        script = paths[0][0] if paths and paths[0][1] == "import" else None
        return any(c == "import" and path != script for path, c in paths[1:])

    def innermost_path(self) -> str:
        """The file of the frame that raised (the innermost one with a path), or "" when none was read."""
        texts = [e.text for e, _ in self.frames]
        for text in texts if self.dump else reversed(texts):
            m = FRAME.search(text)
            if m is not None:
                return m.group(1)
        return ""

    @staticmethod
    def raised_in(block: Block | None, category: str) -> bool:
        """Whether the traceback being read (not one already decided) has a frame of this category."""
        return block is not None and not block.resolved and category in block.categories()

    @staticmethod
    def one_request(block: Block | None) -> bool:
        """Whether the traceback being read was raised serving one HTTP request: a request handler's frame, and none
        of the launch's own call path (0.4's `_launch_subprocesses` loads the chat template through the OpenAI
        adapter's module: an argument the launch refuses, not a request's error)."""
        cats = block.categories() if block is not None and not block.resolved else []
        return "request" in cats and "setup" not in cats

    def evidence(self) -> list[Evidence]:
        """What a verdict quotes of this traceback: its header and its four innermost frames."""
        frames = list(self.frames)
        inner = frames[:4] if self.dump else frames[-4:]
        return ([self.header] if self.header is not None else []) + [e for e, _ in inner]


def qualified_exception(stripped: str, block: Block | None, n: int) -> re.Match[str] | None:
    """The exception line of a type named without Error (`QUALIFIED_EXC`), when line n is right below the innermost
    frame of the traceback being read (its source line between); elsewhere such a line is a logger's name."""
    if block is None or block.dump or not block.frames or n - block.frames[-1][0].line_no > 2:
        return None
    return QUALIFIED_EXC.match(stripped)

"""SGLang's layout checks, where and how SGLang itself makes them (research/sglang-facts.md section 4).

The sim keeps its own copy of these rules (a judge never shares the model it judges: safelaunch's planner checks
the same facts in `core.layout_rules`), and fails the way SGLang fails:

- in the launcher, before any child starts (`ServerArgs.__post_init__`): `(tp*pp) % nnodes` with the message
  "tp_size must be divisible by number of nodes", and with DP attention the bare `assert self.tp_size %
  self.dp_size == 0` (an AssertionError with no message); the launcher dies with the traceback, exit 1;
- in a scheduler, while the model is built: `assert self.total_num_heads % tp_size == 0` (and the KV-head
  asserts), bare, as "Scheduler hit an exception: ... AssertionError";
- in a scheduler whose GPU does not exist (`gpu_id = base_gpu_id + rank` past the last GPU): CUDA's
  "invalid device ordinal" at `torch.cuda.set_device`.
"""

from __future__ import annotations

from safelaunch.sim.args import SimArgs
from safelaunch.sim.frames import SITE, Frame, model_file, traceback_text

_LAUNCH_FRAMES = (
    Frame("launch_server.py", 59, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
    Frame("srt/server_args.py", 6541, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
    Frame("srt/server_args.py", 5980, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
    Frame("<string>", 331, "__init__", ""),
    Frame("srt/server_args.py", 662, "__post_init__", "self._handle_data_parallelism()"),
)


def pp_size(args: SimArgs) -> int:
    return int(args.raw.get("pp_size") or args.raw.get("pipeline_parallel_size") or 1)


def server_args_failure(args: SimArgs) -> str | None:
    """The launcher's traceback for a layout ServerArgs refuses, or None."""
    nnodes = int(args.raw.get("nnodes") or 1)
    if (args.tp_size * pp_size(args)) % max(1, nnodes):
        frames = [*_LAUNCH_FRAMES[:4], Frame("srt/server_args.py", 690, "__post_init__", "self.check_server_args()")]
        frames.append(
            Frame(
                "srt/server_args.py",
                6065,
                "check_server_args",
                "assert (self.tp_size * self.pp_size) % self.nnodes == 0, "
                '"tp_size must be divisible by number of nodes"',
            )
        )
        return traceback_text(frames, "AssertionError: tp_size must be divisible by number of nodes")
    if args.enable_dp_attention and args.dp_size > 1 and args.tp_size % args.dp_size:
        frames = [
            *_LAUNCH_FRAMES,
            Frame("srt/server_args.py", 2640, "_handle_data_parallelism", "assert self.tp_size % self.dp_size == 0"),
        ]
        return traceback_text(frames, "AssertionError")
    return None


def missing_gpu_exception(init_frames: list[Frame]) -> str:
    """A scheduler set to a GPU that is not there (SGLang never counts the GPUs itself)."""
    frames = [
        *init_frames,
        Frame(
            "srt/model_executor/model_runner.py",
            771,
            "init_torch_distributed",
            "torch.get_device_module(self.device).set_device(self.gpu_id)",
        ),
        Frame(SITE + "torch/cuda/__init__.py", 567, "set_device", "torch._C._cuda_setDevice(device)"),
    ]
    return traceback_text(
        frames,
        "torch.AcceleratorError: CUDA error: invalid device ordinal\n"
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below "
        "might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
    )


def heads_exception(init_frames: list[Frame], architecture: str, heads: int, kv_heads: int, attn_tp: int) -> str | None:
    """The model's attention `__init__` asserting that its heads split over the attention TP group, or None."""
    if heads and heads % attn_tp:
        code, line = "assert self.total_num_heads % tp_size == 0", 139
    elif kv_heads and kv_heads >= attn_tp and kv_heads % attn_tp:
        code, line = "assert self.total_num_kv_heads % tp_size == 0", 145
    elif kv_heads and kv_heads < attn_tp and attn_tp % kv_heads:
        code, line = "assert tp_size % self.total_num_kv_heads == 0", 149
    else:
        return None
    frames = [
        *init_frames,
        Frame("srt/model_executor/model_runner.py", 1032, "load_model", "self.model = get_model("),
        Frame("srt/model_loader/loader.py", 664, "load_model", "model = _initialize_model("),
        Frame("srt/model_loader/loader.py", 277, "_initialize_model", "return model_class(**kwargs)"),
        Frame(model_file(architecture), line, "__init__", code),
    ]
    return traceback_text(frames, "AssertionError")
